/*
 * manifest.c: the manifest model's reader, name rule and matcher
 * (manifest.h).  The reader cuts a manifest into lines (a CR before the
 * newline is the line's, `#` lines and empty ones are no entries) and
 * has each parsed; the modes take typed lines from it and never read a
 * manifest's bytes themselves.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "manifest.h"

#define MAX_LINE	(4 * 1024 * 1024)	/* longer lines are malformed */

static int	by_key(const void *, const void *);
static ssize_t	read_line(struct mreader *, int *, int *);
static void	reader_init(struct mreader *, const struct gnu *,
		    const char *, int);
static const struct family *stem_family(const char *);

/* The family of the name stem, or of the row it names: sha3, blake2b, b2. */
static const struct family *
stem_family(const char *stem)
{
	const struct mds_alg *alg = mds_alg_find(stem);

	if (alg != NULL)
		return family_of(alg);
	return family_find(stem) != NULL ? family_find(stem) :
	    family_of_stem(stem);
}

/*
 * The algorithm a manifest's name implies: SHA256SUMS, x.keccak256; or
 * the family, in *fam: B2SUMS, SHA3SUMS, x.blake2b (whose untagged lines
 * are of any length the family has, as b2sum -c reads them).
 */
const struct mds_alg *
alg_from_name(const char *path, const struct family **fam)
{
	const char *base = strrchr(path, '/'), *dot;
	char stem[64];
	size_t n;

	*fam = NULL;
	base = base != NULL ? base + 1 : path;
	if ((dot = strrchr(base, '.')) != NULL &&
	    (mds_alg_find(dot + 1) != NULL || stem_family(dot + 1) != NULL)) {
		*fam = stem_family(dot + 1);
		return mds_alg_find(dot + 1);
	}
	n = strlen(base);
	if (n > 4 && n - 4 < sizeof(stem) &&
	    strcasecmp(base + n - 4, "SUMS") == 0) {
		memcpy(stem, base, n - 4);
		stem[n - 4] = '\0';
		*fam = stem_family(stem);
		return mds_alg_find(stem);
	}
	return NULL;
}

static void
reader_init(struct mreader *r, const struct gnu *g, const char *path,
    int any_tag)
{
	memset(r, 0, sizeof(*r));
	r->g = g;
	r->lp.g = g;
	r->lp.reversed = -1;
	r->lp.any_tag = any_tag;
	r->lp.is_stdin = strcmp(path, "-") == 0;
	r->label = r->lp.is_stdin ? "standard input" : path;
	/* cksum, as coreutils', goes by the lines alone. */
	if (!r->lp.is_stdin && !g->cksum)
		r->lp.named = alg_from_name(path, &r->lp.named_fam);
	if ((r->buf = malloc(MAX_LINE + 1)) == NULL)
		err(1, NULL);
}

/*
 * Open the manifest at path ("-": standard input) for reading; -1
 * (reported) if it cannot be.  any_tag: see struct line_parser.
 */
int
mreader_open(struct mreader *r, const struct gnu *g, const char *path,
    int any_tag)
{
	reader_init(r, g, path, any_tag);
	r->fp = r->lp.is_stdin ? stdin : fopen(path, "r");
	if (r->fp == NULL) {
		warn("%s", quotef(path));
		free(r->buf);
		r->buf = NULL;
		return -1;
	}
	return 0;
}

/* Read a manifest already in memory (len bytes at p), named path. */
void
mreader_open_mem(struct mreader *r, const struct gnu *g, const char *path,
    const char *p, size_t len, int any_tag)
{
	reader_init(r, g, path, any_tag);
	if (len == 0)
		r->fp = fopen("/dev/null", "r");
	else
		r->fp = fmemopen((void *)(uintptr_t)p, len, "r");
	if (r->fp == NULL)
		err(1, "%s", quotef(r->label));
}

/*
 * Read one line into r->buf (NUL-terminated, without its newline);
 * returns its length, or -1 at the end or on a read error.  Lines past
 * MAX_LINE are cut and reported as malformed by *toolong; *nl is set
 * when a newline ended the line.
 */
static ssize_t
read_line(struct mreader *r, int *toolong, int *nl)
{
	size_t len = 0;
	int c;

	*toolong = *nl = 0;
	while ((c = getc(r->fp)) != EOF && c != '\n') {
		r->offset++;
		if (len < MAX_LINE)
			r->buf[len++] = (char)c;
		else
			*toolong = 1;
	}
	if (c == '\n') {
		r->offset++;
		*nl = 1;
	}
	if (c == EOF && (len == 0 || ferror(r->fp))) {
		if (ferror(r->fp))
			r->read_error = 1;
		return -1;
	}
	r->buf[len] = '\0';
	return (ssize_t)len;
}

/* The next line with an entry, or NULL at the end (or a read error). */
struct mline *
mreader_next(struct mreader *r)
{
	struct mline *ml;
	uint64_t start;
	ssize_t len;
	int toolong, nl, crlf;

	for (;;) {
		start = r->offset;
		if ((len = read_line(r, &toolong, &nl)) == -1)
			return NULL;
		r->lineno++;
		if (r->buf[0] == '#')
			continue;
		crlf = len > 0 && r->buf[len - 1] == '\r';
		if (crlf)
			r->buf[--len] = '\0';
		if (len == 0)
			continue;
		if ((ml = calloc(1, sizeof(*ml))) == NULL ||
		    (ml->text = malloc((size_t)len + 1)) == NULL)
			err(1, NULL);
		memcpy(ml->text, r->buf, (size_t)len + 1);
		ml->lineno = r->lineno;
		ml->start = start;
		ml->end = r->offset;
		ml->crlf = crlf && nl;
		ml->kind = toolong ? LINE_BAD :
		    parse_line(&r->lp, ml->text, (size_t)len, &ml->f);
		ml->seen = r->lp.seen;
		ml->format = r->lp.format;
		if (ml->kind == LINE_SKIP) {
			mline_free(ml);
			continue;
		}
		return ml;
	}
}

/* Close a manifest; -1 (reported) if reading it failed. */
int
mreader_close(struct mreader *r, const char *path)
{
	int ret = 0;

	free(r->buf);
	r->buf = NULL;
	if (r->fp == stdin)
		clearerr(stdin);
	else if (fclose(r->fp) != 0 && !r->read_error) {
		warn("%s", quotef(path));
		ret = -1;
	}
	if (r->read_error) {
		warnx("%s: read error", quotef(r->label));
		ret = -1;
	}
	return ret;
}

void
mline_free(struct mline *ml)
{
	if (ml == NULL)
		return;
	free(ml->text);
	free(ml);
}

/*
 * Why a line that is LINE_AMBIGUOUS or LINE_UNKNOWN cannot be checked,
 * into buf; NULL for an improperly formatted line, which coreutils words
 * itself.
 */
const char *
mline_problem(const struct mline *ml, char *buf, size_t size)
{
	if (ml->kind == LINE_AMBIGUOUS)
		snprintf(buf, size, "an untagged checksum of %zu characters "
		    "fits several of the algorithms -a names; give -a one "
		    "of them", ml->f.d[0].len);
	else if (ml->kind == LINE_UNKNOWN)
		snprintf(buf, size, "no such algorithm in this build: %.*s",
		    (int)ml->f.taglen, ml->f.tag);
	else
		return NULL;
	return buf;
}

char *
name_key(const char *name)
{
	const char *s = name;
	char *key, *o;

	/* "./", as many as there are, with the slashes after each */
	while (s[0] == '.' && s[1] == '/') {
		s += 2;
		while (*s == '/')
			s++;
	}
	if ((key = malloc(strlen(s) + 1)) == NULL)
		err(1, NULL);
	for (o = key; *s != '\0'; s++)
		if (*s != '/' || o == key || o[-1] != '/')
			*o++ = *s;
	*o = '\0';
	return key;
}

void
matcher_add(struct matcher *mt, const char *name, size_t pos)
{
	if (mt->n == mt->cap) {
		mt->cap = mt->cap == 0 ? 64 : 2 * mt->cap;
		if ((mt->v = reallocarray(mt->v, mt->cap, sizeof(*mt->v))) ==
		    NULL)
			err(1, NULL);
	}
	mt->v[mt->n].key = name_key(name);
	mt->v[mt->n++].pos = pos;
	mt->sorted = 0;
}

static int
by_key(const void *a, const void *b)
{
	const struct name_match *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c != 0)
		return c;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/*
 * The names of mt that are one with name: *n of them, from the returned
 * index of mt->v on, in the order they were added.
 */
void
matcher_sort(struct matcher *mt)
{
	if (mt->n > 1)
		qsort(mt->v, mt->n, sizeof(*mt->v), by_key);
	mt->sorted = 1;
}

size_t
matcher_find(const struct matcher *mt, const char *name, size_t *n)
{
	size_t lo = 0, hi, mid, first;
	char *key;

	if (!mt->sorted && mt->n > 1)
		errx(1, "matcher_find: not sorted");
	key = name_key(name);
	for (hi = mt->n; lo < hi;) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(mt->v[mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	while (lo < mt->n && strcmp(mt->v[lo].key, key) == 0)
		lo++;
	free(key);
	*n = lo - first;
	return first;
}

void
matcher_free(struct matcher *mt)
{
	size_t i;

	for (i = 0; i < mt->n; i++)
		free(mt->v[i].key);
	free(mt->v);
	memset(mt, 0, sizeof(*mt));
}

/* FNV-1a: the hash of the name tables here and of -A's hard links. */
uint64_t
name_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s != '\0') {
		h ^= (unsigned char)*s++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

int
nameset_add(struct nameset *ns, const char *name)
{
	char *key = name_key(name), **old;
	size_t i, j, oldcap;

	if (2 * (ns->n + 1) > ns->cap) {
		old = ns->slot;
		oldcap = ns->cap;
		ns->cap = oldcap == 0 ? 64 : 2 * oldcap;
		if ((ns->slot = calloc(ns->cap, sizeof(*ns->slot))) == NULL)
			err(1, NULL);
		for (i = 0; i < oldcap; i++) {
			if (old[i] == NULL)
				continue;
			for (j = (size_t)name_hash(old[i]) & (ns->cap - 1);
			    ns->slot[j] != NULL; j = (j + 1) & (ns->cap - 1))
				continue;
			ns->slot[j] = old[i];
		}
		free(old);
	}
	for (j = (size_t)name_hash(key) & (ns->cap - 1); ns->slot[j] != NULL;
	    j = (j + 1) & (ns->cap - 1))
		if (strcmp(ns->slot[j], key) == 0) {
			free(key);
			return 0;
		}
	ns->slot[j] = key;
	ns->n++;
	return 1;
}

void
nameset_free(struct nameset *ns)
{
	size_t i;

	for (i = 0; i < ns->cap; i++)
		free(ns->slot[i]);
	free(ns->slot);
	memset(ns, 0, sizeof(*ns));
}

/* Count a checked line whose algorithm its digest's length chose. */
void
guess_count(struct guesses *gs, const struct mline *ml, int ok, int failed)
{
	if (ml->f.origin != ORIGIN_LENGTH)
		return;
	if (gs->ok + gs->failed == 0)
		gs->alg = ml->f.d[0].alg;
	else if (gs->alg != ml->f.d[0].alg)
		gs->mixed = 1;
	if (ok)
		gs->ok++;
	else if (failed)
		gs->failed++;
}

/*
 * After the run: if every line whose algorithm was taken from its
 * digest's length failed, they may be of another algorithm of that
 * length (sha3-256 and sha256 both have 64 hex digits).
 */
void
guess_hint(const struct gnu *g, const struct guesses *gs)
{
	if (gs->failed == 0 || gs->ok != 0 || g->status_only)
		return;
	if (gs->mixed)
		warnx("hint: every untagged checksum failed as the SHA-2, "
		    "SHA-1 or MD5 of its length; if they are of another "
		    "algorithm of that length, name it with -a (see --list)");
	else
		warnx("hint: every untagged checksum failed as %s, chosen "
		    "by its length; if they are of another algorithm of "
		    "that length, name it with -a (see --list)",
		    mds_alg_name(gs->alg));
}

/* The name of a verdict: --audit's words, or -c's. */
const char *
verdict_name(enum verdict v, int audit)
{
	static const char *const check[V_NVERDICTS] = {
		"ok", "failed", "missing", "unreadable", "malformed", "moved",
		"new"
	};
	static const char *const audit_names[V_NVERDICTS] = {
		"ok", "changed", "missing", "unreadable", "malformed", "moved",
		"new"
	};

	return audit ? audit_names[v] : check[v];
}
