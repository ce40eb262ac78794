/*
 * fuzz_manifest.c: libFuzzer target for check mode's line parser
 * (bin/manifest_parse.c).  The first byte of the input picks the options
 * -c runs with; the rest is a manifest, cut into lines and fed to
 * parse_line as check.c's line_next does (so a line may hold NULs, and
 * what one line sets, md5 -r's layout, holds for the next).
 *
 * For every line the parser accepts: the name and digest lie within the
 * line, the digest is one of the algorithm's; and the line written again
 * by the generator's formatter (print_line: tagged, untagged and
 * untagged binary, escaped where mdsum escapes) parses back to the same
 * name, algorithm and digest bytes.  Rows of rhash's SFV and hashdeep's
 * CSV are checked for their fields alone.
 *
 * Option byte: bits 0-1 the mode (0 mdsum, 1 mdsum -a A, 2 mdsum -a A,B,
 * 3 the legacy ASUM), bit 2 the manifest is stdin, bit 3 the manifest's
 * name implies A (SHA256SUMS), bits 4-7 A's index (B is the next one).
 */
#include <string.h>

#include "manifest.h"
#include "fuzz.h"

/* mdsum.c defines this, but it has main(); generate.o needs it. */
int	gnu_messages;

static int	 hex_value(int);
static int	 b64_value(int);
static void	 line_digest_bytes(const struct line_fields *, unsigned char *);
static int	 within(const char *, size_t, const char *);
static void	 check_line(const struct line_parser *, char *, size_t,
		    enum line_kind, const struct line_fields *);
static void	 round_trip(const struct line_parser *,
		    const struct line_fields *, const unsigned char *, int,
		    int);

static int
hex_value(int c)
{
	static const char hex[] = "0123456789abcdef";
	const char *p;

	if (c >= 'A' && c <= 'F')
		c += 'a' - 'A';
	p = c != '\0' ? strchr(hex, c) : NULL;
	return p != NULL ? (int)(p - hex) : -1;
}

static int
b64_value(int c)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const char *p = c != '\0' ? strchr(b64, c) : NULL;

	return p != NULL ? (int)(p - b64) : -1;
}

/* The bytes of a digest that valid_digest accepted: hex, or base64. */
static void
line_digest_bytes(const struct line_fields *f, unsigned char *md)
{
	size_t dl = mds_alg_digest_len(f->d[0].alg), i, o;
	uint32_t v;
	int x, c, d;

	if (f->d[0].len == 2 * dl) {
		for (i = 0; i < dl; i++) {
			c = hex_value((unsigned char)f->d[0].text[2 * i]);
			d = hex_value((unsigned char)f->d[0].text[2 * i + 1]);
			FUZZ_ASSERT(c >= 0 && d >= 0);
			md[i] = (unsigned char)(c << 4 | d);
		}
		return;
	}
	FUZZ_ASSERT(f->d[0].len == (dl + 2) / 3 * 4);
	for (i = 0, o = 0; o < dl; i += 4) {
		for (v = 0, x = 0; x < 4; x++) {
			c = (unsigned char)f->d[0].text[i + (size_t)x];
			d = c == '=' ? 0 : b64_value(c);
			FUZZ_ASSERT(d >= 0);
			v = v << 6 | (uint32_t)d;
		}
		md[o++] = (unsigned char)(v >> 16);
		if (o < dl)
			md[o++] = (unsigned char)(v >> 8);
		if (o < dl)
			md[o++] = (unsigned char)v;
	}
}

/* Does p point into the line s of len bytes (its NUL included)? */
static int
within(const char *s, size_t len, const char *p)
{
	return p >= s && p <= s + len;
}

/* The invariants of one parsed line s, as parse_line left it. */
static void
check_line(const struct line_parser *lp, char *s, size_t len,
    enum line_kind kind, const struct line_fields *f)
{
	const struct gnu *g = lp->g;
	unsigned char md[MDS_MAX_DIGEST];
	size_t nlen, i;
	int allowed;

	FUZZ_ASSERT(kind == LINE_GOOD || kind == LINE_BAD ||
	    kind == LINE_AMBIGUOUS || kind == LINE_UNKNOWN ||
	    (kind == LINE_SKIP && lp->format != MF_GNU));
	/*
	 * A tag is unknown only to mdsum: the legacy names know one.  A
	 * hashdeep row's unknown tag is its header's column.
	 */
	FUZZ_ASSERT(kind != LINE_UNKNOWN || (!g->legacy && f->tag != NULL &&
	    f->taglen > 0 && (lp->format == MF_HASHDEEP ||
	    within(s, len, f->tag + f->taglen)) &&
	    f->name != NULL && within(s, len, f->name)));
	/* Only a list given with -a can be ambiguous. */
	FUZZ_ASSERT(kind != LINE_AMBIGUOUS || g->algs_given);
	/* The digest's length decides only when nothing else does. */
	FUZZ_ASSERT(kind != LINE_GOOD || f->origin != ORIGIN_LENGTH ||
	    (!g->algs_given && lp->named == NULL && lp->named_fam == NULL));
	if (kind != LINE_GOOD)
		return;
	FUZZ_ASSERT(f->nd >= 1 && f->d[0].alg != NULL && f->name != NULL &&
	    f->d[0].text != NULL);
	FUZZ_ASSERT(within(s, len, f->name) && within(s, len, f->d[0].text));
	nlen = strlen(f->name);
	FUZZ_ASSERT(within(s, len, f->name + nlen));
	FUZZ_ASSERT(strlen(f->d[0].text) == f->d[0].len);
	FUZZ_ASSERT(within(s, len, f->d[0].text + f->d[0].len));
	FUZZ_ASSERT(f->d[0].text + f->d[0].len < f->name ||
	    f->name + nlen < f->d[0].text);
	FUZZ_ASSERT(valid_digest(g, f->d[0].alg, f->d[0].text, f->d[0].len));
	FUZZ_ASSERT(!lp->is_stdin || strcmp(f->name, "-") != 0);
	for (allowed = !g->algs_given, i = 0; i < g->nalgs; i++)
		if (g->algs[i] == f->d[0].alg)
			allowed = 1;
	FUZZ_ASSERT(allowed);
	/* SFV and hashdeep rows are read, never written by print_line. */
	if (lp->format != MF_GNU)
		return;

	line_digest_bytes(f, md);
	round_trip(lp, f, md, 1, -1);
	/*
	 * No file is named "": its untagged line "DIGEST  " reads, as in
	 * coreutils, as md5 -r's layout with the name " ".
	 */
	if (nlen != 0) {
		round_trip(lp, f, md, 0, 0);
		round_trip(lp, f, md, 0, 1);
	}
}

/*
 * The line for f's name and digest md as mdsum writes it (tagged or not,
 * -b or -t) must parse back to them, in a manifest of its own.  Untagged,
 * it is read as with -a ALG, as the length of a digest may fit several.
 */
static void
round_trip(const struct line_parser *lp, const struct line_fields *f,
    const unsigned char *md, int tagged, int binary)
{
	struct gnu g = *lp->g;
	struct line_parser again;
	struct line_fields f2;
	struct input in;
	unsigned char md2[MDS_MAX_DIGEST];
	size_t dl = mds_alg_digest_len(f->d[0].alg), len = 0;
	char *text = NULL;
	FILE *fp;

	memset(&again, 0, sizeof(again));
	again.is_stdin = lp->is_stdin;
	again.reversed = -1;
	g.tagged = tagged;
	g.binary = binary;
	g.base64 = f->d[0].len != 2 * dl;
	g.delim = '\n';
	g.json = g.no_names = 0;
	if (!tagged) {
		g.algs_given = 1;
		g.nalgs = 1;
		g.algs[0] = f->d[0].alg;
	}
	memset(&in, 0, sizeof(in));
	in.name = f->name;
	in.nalgs = 1;
	in.algs[0] = f->d[0].alg;
	memcpy(in.md[0], md, dl);
	if ((fp = open_memstream(&text, &len)) == NULL)
		abort();
	print_line(fp, &g, &in, 0);
	if (fclose(fp) != 0)
		abort();

	/* One line, which line_next hands to the parser unchanged. */
	FUZZ_ASSERT(len > 1 && text[len - 1] == '\n');
	text[--len] = '\0';
	FUZZ_ASSERT(memchr(text, '\n', len) == NULL);
	FUZZ_ASSERT(text[0] != '#' && text[len - 1] != '\r');
	again.g = &g;
	if (parse_line(&again, text, len, &f2) != LINE_GOOD) {
		fprintf(stderr, "mdsum wrote a line it cannot read: \"%s\"\n",
		    text);
		abort();
	}
	FUZZ_ASSERT(f2.d[0].alg == f->d[0].alg);
	FUZZ_ASSERT(strcmp(f2.name, f->name) == 0);
	line_digest_bytes(&f2, md2);
	FUZZ_ASSERT(memcmp(md2, md, dl) == 0);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gnu g;
	struct line_parser lp;
	struct line_fields f;
	const struct mds_alg *a, *b;
	const char *p, *end, *nl;
	enum line_kind kind;
	size_t nalgs = mds_alg_count(), len;
	int nul;
	char *line;

	if (size < 1)
		return 0;
	a = mds_alg_at((size_t)(data[0] >> 4) % nalgs);
	b = mds_alg_at((size_t)((data[0] >> 4) + 1) % nalgs);
	memset(&g, 0, sizeof(g));
	g.progname = "mdsum";
	g.binary = -1;
	g.delim = '\n';
	g.check = 1;
	g.jobs = 1;
	switch (data[0] & 3) {
	case 1:
		g.algs_given = 1;
		g.algs[g.nalgs++] = a;
		break;
	case 2:
		g.algs_given = 1;
		g.algs[g.nalgs++] = a;
		g.algs[g.nalgs++] = b;
		break;
	case 3:
		g.progname = "md5sum";
		g.legacy = 1;
		g.algs_given = 1;
		g.algs[g.nalgs++] = a;
		break;
	default:
		break;
	}
	memset(&lp, 0, sizeof(lp));
	lp.g = &g;
	lp.is_stdin = (data[0] & 4) != 0;
	lp.named = (data[0] & 8) != 0 && !lp.is_stdin ? a : NULL;
	lp.reversed = -1;

	/* check.c's read_line and line_next, the copy exactly as long. */
	for (p = (const char *)data + 1, end = (const char *)data + size;
	    p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		len = (size_t)(nl - p);
		if (p[0] == '#')
			continue;
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if (len == 0)
			continue;
		if ((line = malloc(len + 1)) == NULL)
			abort();
		memcpy(line, p, len);
		line[len] = '\0';
		memset(&f, 0, sizeof(f));
		nul = memchr(line, '\0', len) != NULL;
		kind = parse_line(&lp, line, len, &f);
		/* A NUL anywhere makes the line malformed, never checked. */
		FUZZ_ASSERT(!nul || kind == LINE_BAD);
		check_line(&lp, line, len, kind, &f);
		free(line);
	}
	return 0;
}
