/*
 * manifest_parse.c: the line parser of the manifest model (manifest.h):
 * one line of a manifest into its fields, apart from the reading of
 * files so that a test harness (tests/fuzz/fuzz_manifest.c) can call it.
 *
 * The algorithm of a tagged line is its tag; that of an untagged line
 * is the one whose digest length fits, among -a's list, else the one the
 * manifest's name gives (SHA256SUMS, x.keccak256), else the SHA-2, SHA-1
 * or MD5 of the digest's length: a guess, which the modes that write
 * never write (--update) and after which the modes that check give a
 * hint when every such line failed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"

#define ISWHITE(c)	((c) == ' ' || (c) == '\t')

static int
is_b64(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '+' || c == '/';
}

/* Is d (len bytes) a hex, or with mdsum a base64, digest of alg? */
int
valid_digest(const struct gnu *g, const struct mds_alg *alg, const char *d,
    size_t len)
{
	size_t dl = mds_alg_digest_len(alg), i, pad = (3 - dl % 3) % 3;

	if (len == 2 * dl) {
		for (i = 0; i < len; i++)
			if (strchr("0123456789abcdefABCDEF", d[i]) == NULL ||
			    d[i] == '\0')
				return 0;
		return 1;
	}
	if (g->legacy || len != (dl + 2) / 3 * 4)
		return 0;
	for (i = 0; i < len - pad; i++)
		if (!is_b64((unsigned char)d[i]))
			return 0;
	for (; i < len; i++)
		if (d[i] != '=')
			return 0;
	return 1;
}

/* Undo the escaping of a name in place; -1 if it is not valid. */
int
unescape(char *s, size_t len)
{
	char *dst = s;
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '\0')
			return -1;
		if (s[i] != '\\') {
			*dst++ = s[i];
			continue;
		}
		if (++i == len)
			return -1;
		switch (s[i]) {
		case 'n':
			*dst++ = '\n';
			break;
		case 'r':
			*dst++ = '\r';
			break;
		case '\\':
			*dst++ = '\\';
			break;
		default:
			return -1;
		}
	}
	*dst = '\0';
	return 0;
}

/*
 * Is alg one of those the user named with -a (or the legacy name)?  A
 * family stands for all its members: b2sum -c reads every BLAKE2b-N
 * line, whatever -l says, as coreutils does.
 */
static int
alg_allowed(const struct gnu *g, const struct mds_alg *alg)
{
	size_t i;

	if (!g->algs_given)
		return 1;
	for (i = 0; i < g->nalgs; i++)
		if (g->algs[i] == alg ||
		    (g->fams[i] != NULL && family_has(g->fams[i], alg)))
			return 1;
	return 0;
}

/*
 * The member of family f that an untagged digest of len characters is
 * (hex, or with mdsum base64), or NULL.
 */
static const struct mds_alg *
family_fit(const struct gnu *g, const struct family *f, const char *d,
    size_t len)
{
	const struct mds_alg *alg;
	size_t n;

	if (len % 2 == 0 && (alg = family_member(f, len * 4)) != NULL &&
	    valid_digest(g, alg, d, len))
		return alg;
	/* base64 of n bytes is 4 * ceil(n / 3) characters */
	if (len % 4 != 0)
		return NULL;
	for (n = len / 4 * 3; n > 0 && n + 2 >= len / 4 * 3; n--)
		if ((alg = family_member(f, n * 8)) != NULL &&
		    valid_digest(g, alg, d, len))
			return alg;
	return NULL;
}

/*
 * The algorithm whose tag starts s (followed by a space or '('), setting
 * *len to the tag's length; NULL if s does not start with a tag.
 */
static const struct mds_alg *
tag_at(const struct gnu *g, const char *s, size_t *len)
{
	char tag[32];
	size_t n;

	if (g->legacy && g->fams[0] == NULL) {
		*len = strlen(mds_alg_tag(g->algs[0]));
		return strncmp(s, mds_alg_tag(g->algs[0]), *len) == 0 ?
		    g->algs[0] : NULL;
	}
	for (n = 0; s[n] != '\0' && !ISWHITE(s[n]) && s[n] != '(' &&
	    n < sizeof(tag) - 1; n++)
		tag[n] = s[n];
	tag[n] = '\0';
	*len = n;
	return mds_alg_find(tag);
}

/*
 * The algorithm an untagged digest's length names when neither -a nor the
 * manifest's name does: the SHA-2, SHA-1 or MD5 of that length, which is
 * what sha256sum, shasum, rhash and openssl dgst -r write.  Each length
 * fits one row, so no list is ever ambiguous; digests of another
 * algorithm of a length (sha3-256, keccak256) need -a, and when they all
 * fail check.c says so.  Hex is tried first: 64 hex digits are also the
 * base64 length of sha384, but a base64 digest of hex digits only is
 * vanishingly rare.
 */
static const struct mds_alg *
by_length(const struct gnu *g, const char *d, size_t len)
{
	static const char *const names[] = {
		"md5", "sha1", "sha224", "sha256", "sha384", "sha512"
	};
	const struct mds_alg *a;
	size_t i, pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if ((a = mds_alg_find(names[i])) != NULL &&
			    (len == 2 * mds_alg_digest_len(a)) == (pass == 0) &&
			    valid_digest(g, a, d, len))
				return a;
	return NULL;
}

/*
 * The algorithm an untagged digest of len characters belongs to, and
 * *origin what decided it.  Only a -a list can hold several
 * algorithms that fit (sha256,sha3-256): then *ambiguous is set.  There
 * too a hex reading beats a base64 one.
 */
static const struct mds_alg *
untagged_alg(const struct line_parser *p, const char *d, size_t len,
    int *ambiguous, enum alg_origin *origin)
{
	const struct gnu *g = p->g;
	const struct mds_alg *found = NULL, *a;
	size_t i, nfound = 0;
	int hex, found_hex = 0;

	*ambiguous = 0;
	*origin = ORIGIN_OPTION;
	if (g->algs_given) {
		for (i = 0; i < g->nalgs; i++) {
			if (is_sum_format(g->algs[i]))
				continue;	/* no line to check */
			if ((a = g->fams[i] != NULL ?
			    family_fit(g, g->fams[i], d, len) :
			    valid_digest(g, g->algs[i], d, len) ?
			    g->algs[i] : NULL) == NULL)
				continue;
			hex = len == 2 * mds_alg_digest_len(a);
			if (found != NULL && found_hex > hex)
				continue;
			if (found == NULL || hex > found_hex)
				nfound = 0;
			found = a;
			found_hex = hex;
			nfound++;
		}
		*ambiguous = nfound > 1;
		/*
		 * --audit and --update read the manifest's own lines
		 * whatever -a says: one that no algorithm of -a fits is
		 * read as without -a.
		 */
		if (found != NULL || !p->any_tag)
			return found;
	}
	*origin = ORIGIN_NAME;
	if (p->named_fam != NULL)
		return family_fit(g, p->named_fam, d, len);
	if (p->named != NULL)
		return !is_sum_format(p->named) &&
		    valid_digest(g, p->named, d, len) ? p->named : NULL;
	if (g->cksum)
		return NULL;	/* cksum reads tagged lines only, without -a */
	*origin = ORIGIN_LENGTH;
	return by_length(g, d, len);
}

/* Could d (len bytes) be a digest of some algorithm, hex or base64? */
static int
digest_like(const char *d, size_t len)
{
	size_t i;

	for (i = 0; i < len && is_b64((unsigned char)d[i]); i++)
		continue;
	while (i < len && d[i] == '=')
		i++;
	return len >= 8 && i == len;
}

/*
 * `TAG (name) = digest`, from just after the '('.  alg is NULL for a tag
 * this build does not know: then any digest-like text is taken.
 */
static enum line_kind
parse_tagged(const struct line_parser *p, char *s, size_t len,
    const struct mds_alg *alg, int escaped, struct line_fields *it)
{
	size_t i;

	if (len == 0)
		return LINE_BAD;
	for (i = len - 1; i > 0 && s[i] != ')'; i--)
		continue;
	if (s[i] != ')')
		return LINE_BAD;
	if (escaped && unescape(s, i) == -1)
		return LINE_BAD;
	s[i++] = '\0';
	while (ISWHITE(s[i]))
		i++;
	if (s[i++] != '=')
		return LINE_BAD;
	while (ISWHITE(s[i]))
		i++;
	if (alg != NULL ? !valid_digest(p->g, alg, s + i, len - i) :
	    !digest_like(s + i, len - i))
		return LINE_BAD;
	it->name = s;
	it->d[0].text = s + i;
	it->d[0].len = len - i;
	it->d[0].alg = alg;
	it->nd = 1;
	return LINE_GOOD;
}

/*
 * The length of the word at s (len bytes) if the line has the shape of a
 * tagged line whose tag this build does not know (`WHIRLPOOL (f) = ...`,
 * OpenSSL's `SHA2-384(f)= ...`): a letter, then letters, digits and
 * "-_/.", then '(' after any spaces, and at the end `)`, '=' and a
 * digest-like word, white space around the '='.  0 if not; s is not
 * changed, so that the line can still be read as untagged.
 */
static size_t
unknown_tag_at(const char *s, size_t len)
{
	size_t n, i, end;

	if (!((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')))
		return 0;
	for (n = 1; n < 32 && n < len && (is_b64((unsigned char)s[n]) ||
	    strchr("-_.", s[n]) != NULL); n++)
		continue;
	for (i = n; i < len && s[i] == ' '; i++)
		continue;
	if (i == len || s[i] != '(')
		return 0;
	for (end = len; end > i && !ISWHITE(s[end - 1]) &&
	    s[end - 1] != '='; end--)
		continue;
	if (!digest_like(s + end, len - end))
		return 0;
	while (end > i && ISWHITE(s[end - 1]))
		end--;
	if (end == i || s[--end] != '=')
		return 0;
	while (end > i && ISWHITE(s[end - 1]))
		end--;
	return end > i + 1 && s[end - 1] == ')' ? n : 0;
}

/*
 * A line in coreutils' layouts (tagged, untagged, md5 -r), or an OpenSSL
 * or BSD tagged line.
 */
static enum line_kind
parse_gnu(struct line_parser *p, char *s, size_t len, struct line_fields *it)
{
	const struct mds_alg *alg;
	size_t i = 0, taglen, dstart;
	int escaped = 0, ambiguous;
	enum line_kind kind;

	while (ISWHITE(s[i]))
		i++;
	if (s[i] == '\\') {
		i++;
		escaped = 1;
	}
	if ((alg = tag_at(p->g, s + i, &taglen)) != NULL) {
		/* cksum's CRCs and sums have no tagged line to check. */
		if (is_sum_format(alg))
			return LINE_BAD;
		if (p->g->cksum)
			p->seen = alg;
		if (!p->any_tag && !alg_allowed(p->g, alg))
			return LINE_BAD;
		i += taglen;
		/*
		 * Between the tag and '(': md5sum and the like take one
		 * space at most; cksum and b2sum 9.1 also a tab or a space
		 * before it, unless the tag ends in a length (BLAKE2b-256);
		 * mdsum takes those and rhash --bsd's padding, as in
		 * `MD5   (f) = ...`.
		 */
		if ((!p->g->legacy || p->g->fams[0] != NULL) &&
		    ISWHITE(s[i]) && ((!p->g->cksum && !p->g->legacy) ||
		    memchr(s + i - taglen, '-', taglen) == NULL))
			i++;
		if (s[i] == ' ')
			i++;
		while (s[i] == ' ' && !p->g->legacy && !p->g->cksum)
			i++;
		if (s[i] != '(')
			return LINE_BAD;
		i++;
		it->origin = ORIGIN_TAG;
		return parse_tagged(p, s + i, len - i, alg, escaped, it);
	}
	if (!p->g->legacy && !p->g->cksum &&
	    (taglen = unknown_tag_at(s + i, len - i)) != 0) {
		it->tag = s + i;
		it->taglen = taglen;
		for (i += taglen; s[i] == ' '; i++)
			continue;
		i++;
		it->origin = ORIGIN_TAG;
		kind = parse_tagged(p, s + i, len - i, NULL, escaped, it);
		return kind == LINE_GOOD ? LINE_UNKNOWN : kind;
	}

	/* digest, whitespace, then [ *]name or (md5 -r) name */
	dstart = i;
	while (s[i] != '\0' && !ISWHITE(s[i]))
		i++;
	if (i >= len)
		return LINE_BAD;
	s[i++] = '\0';
	if ((alg = untagged_alg(p, s + dstart, i - 1 - dstart,
	    &ambiguous, &it->origin)) == NULL)
		return LINE_BAD;
	if (len - dstart < 2 * mds_alg_digest_len(alg) + 2 &&
	    len - dstart < i - dstart + 1)
		return LINE_BAD;
	if (len - i == 1 || (s[i] != ' ' && s[i] != '*')) {
		/* Never mix the two layouts within one manifest. */
		if (p->reversed == 0)
			return LINE_BAD;
		p->reversed = 1;
	} else if (p->reversed != 1) {
		p->reversed = 0;
		i++;
	}
	if (escaped && unescape(s + i, len - i) == -1)
		return LINE_BAD;
	it->name = s + i;
	it->d[0].text = s + dstart;
	it->d[0].len = strlen(s + dstart);
	it->d[0].alg = alg;
	it->nd = 1;
	return ambiguous ? LINE_AMBIGUOUS : LINE_GOOD;
}

/*
 * rhash's SFV row, `name CRC32` (eight hex digits of zlib's CRC-32, cksum
 * -a crc32b): the name is all before the last space.  NULL if s is not
 * one; else the start of its CRC.
 */
static char *
sfv_crc(char *s, size_t len)
{
	size_t i;

	if (len < 10 || s[len - 9] != ' ')
		return NULL;
	for (i = len - 8; i < len; i++)
		if (strchr("0123456789abcdefABCDEF", s[i]) == NULL ||
		    s[i] == '\0')
			return NULL;
	return s + len - 8;
}

static enum line_kind
parse_sfv(struct line_parser *p, char *s, size_t len, struct line_fields *it)
{
	const struct mds_alg *crc = mds_alg_find("crc32b");
	char *d;

	if (s[0] == ';')
		return LINE_SKIP;	/* rhash's comments and header */
	if (crc == NULL || (d = sfv_crc(s, len)) == NULL)
		return LINE_BAD;
	if (!p->any_tag && !alg_allowed(p->g, crc))
		return LINE_BAD;
	d[-1] = '\0';
	it->name = s;
	it->d[0].alg = crc;
	it->d[0].text = d;
	it->d[0].len = 8;
	it->nd = 1;
	it->origin = ORIGIN_TAG;
	return LINE_GOOD;
}

/*
 * hashdeep's header: `%%%% HASHDEEP-1.0`, then the columns, as in
 * `%%%% size,md5,sha256,filename`; an algorithm this build lacks
 * (tiger, whirlpool) makes a column that is not checked.
 */
static enum line_kind
hashdeep_header(struct line_parser *p, const char *s)
{
	const char *c, *end;
	char word[sizeof(p->unknown_col)];
	size_t n;

	if (strncmp(s, "%%%% HASHDEEP-", 14) == 0) {
		p->format = MF_HASHDEEP;
		p->ncols = 0;
		return LINE_SKIP;
	}
	if (strncmp(s, "%%%% ", 5) != 0)
		return LINE_BAD;
	p->ncols = 0;
	p->size_col = -1;
	p->unknown_col[0] = '\0';
	for (c = s + 5; ; c = end + 1) {
		end = strchr(c, ',');
		n = end != NULL ? (size_t)(end - c) : strlen(c);
		if (n >= sizeof(word))
			return LINE_BAD;
		memcpy(word, c, n);
		word[n] = '\0';
		if (end == NULL)
			return strcmp(word, "filename") == 0 && p->ncols > 0 ?
			    LINE_SKIP : LINE_BAD;
		if (p->ncols == (int)(sizeof(p->cols) / sizeof(p->cols[0])))
			return LINE_BAD;
		if (strcmp(word, "size") == 0)
			p->size_col = p->ncols;
		p->cols[p->ncols] = strcmp(word, "size") == 0 ? NULL :
		    mds_alg_find(word);
		if (p->cols[p->ncols] == NULL && p->size_col != p->ncols &&
		    p->unknown_col[0] == '\0')
			memcpy(p->unknown_col, word, n + 1);
		p->ncols++;
	}
}

/* A row of hashdeep's CSV: the header's columns, the name last. */
static enum line_kind
parse_hashdeep(struct line_parser *p, char *s, size_t len,
    struct line_fields *it)
{
	const struct mds_alg *alg;
	char *field, *comma, *end;
	uintmax_t size;
	int col;

	if (strncmp(s, "%%%% ", 5) == 0)
		return hashdeep_header(p, s);
	if (p->ncols == 0)
		return LINE_BAD;
	it->origin = ORIGIN_TAG;
	for (field = s, col = 0; col < p->ncols; col++, field = comma + 1) {
		if ((comma = memchr(field, ',', len - (size_t)(field - s))) ==
		    NULL)
			return LINE_BAD;
		*comma = '\0';
		if (col == p->size_col) {
			errno = 0;
			size = strtoumax(field, &end, 10);
			if (end == field || *end != '\0' || errno != 0 ||
			    field[0] == '-' || size > INT64_MAX)
				return LINE_BAD;
			it->size = (int64_t)size;
			it->size_text = field;
			continue;
		}
		if ((alg = p->cols[col]) == NULL)
			continue;
		if (strlen(field) != 2 * mds_alg_digest_len(alg) ||
		    !valid_digest(p->g, alg, field, strlen(field)))
			return LINE_BAD;
		if (!p->any_tag && !alg_allowed(p->g, alg))
			continue;
		it->d[it->nd].alg = alg;
		it->d[it->nd].text = field;
		it->d[it->nd++].len = strlen(field);
		if (it->nd == MAX_LINE_DIGESTS)
			return LINE_BAD;
	}
	if (*field == '\0')
		return LINE_BAD;
	it->name = field;
	if (it->nd > 0)
		return LINE_GOOD;
	if (p->unknown_col[0] == '\0')
		return LINE_BAD;	/* -a took every column away */
	it->tag = p->unknown_col;
	it->taglen = strlen(p->unknown_col);
	return LINE_UNKNOWN;
}

/*
 * Which layout a manifest is in, from its first line that says: mdsum
 * reads rhash's SFV (a `;` comment, or a row that no other layout
 * reads) and hashdeep's CSV (its `%%%% HASHDEEP-` header); the
 * coreutils names read their own layouts only.
 */
static void
guess_format(struct line_parser *p, const char *s, size_t len)
{
	struct line_parser trial;
	struct line_fields f;
	char *copy;

	if (p->g->legacy || p->g->cksum) {
		p->format_known = 1;
		return;
	}
	if (strncmp(s, "%%%% HASHDEEP-", 14) == 0 || s[0] == ';') {
		p->format = s[0] == ';' ? MF_SFV : MF_HASHDEEP;
		p->format_known = 1;
		return;
	}
	if ((copy = malloc(len + 1)) == NULL)
		return;
	memcpy(copy, s, len + 1);
	trial = *p;
	memset(&f, 0, sizeof(f));
	if (parse_gnu(&trial, copy, len, &f) != LINE_BAD)
		p->format_known = 1;
	else if (sfv_crc(copy, len) != NULL) {
		p->format = MF_SFV;
		p->format_known = 1;
	}
	free(copy);
}

enum line_kind
parse_line(struct line_parser *p, char *s, size_t len,
    struct line_fields *it)
{
	enum line_kind kind;

	/*
	 * A NUL cannot be in a name, and the rest of the line after it
	 * would go unseen: the whole line is malformed.
	 */
	if (memchr(s, '\0', len) != NULL)
		return LINE_BAD;
	memset(it, 0, sizeof(*it));
	it->size = -1;
	if (!p->format_known)
		guess_format(p, s, len);
	switch (p->format) {
	case MF_SFV:
		kind = parse_sfv(p, s, len, it);
		break;
	case MF_HASHDEEP:
		kind = parse_hashdeep(p, s, len, it);
		break;
	default:
		kind = parse_gnu(p, s, len, it);
		break;
	}
	if (kind == LINE_GOOD && p->is_stdin && strcmp(it->name, "-") == 0)
		return LINE_BAD;
	return kind;
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return c - 'A' + 10;
}

static int
b64val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : 63;
}

/*
 * The bytes of a digest that valid_digest accepted (len characters of
 * hex, or base64 with padding), into md (dlen bytes).
 */
void
digest_bytes(const char *t, size_t len, size_t dlen, unsigned char *md)
{
	uint32_t v = 0;
	size_t i, bits = 0, o = 0;

	if (len == 2 * dlen) {
		for (i = 0; i < dlen; i++)
			md[i] = (unsigned char)(hexval(t[2 * i]) << 4 |
			    hexval(t[2 * i + 1]));
		return;
	}
	for (i = 0; i < len && t[i] != '=' && o < dlen; i++) {
		v = v << 6 | (uint32_t)b64val(t[i]);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			md[o++] = (unsigned char)(v >> bits & 0xff);
		}
	}
}
