/*
 * check.c: verifying digests, as GNU coreutils' -c does, line for line
 * and message for message; plus --expect (one file, one digest) and -C
 * (only the named files of a manifest).
 *
 * A manifest line is tagged (`SHA256 (name) = digest`) or untagged
 * (`digest  name`, `digest *name`, or `digest name` throughout a file
 * made by md5 -r).  A leading backslash means the name is escaped.  The
 * algorithm of a tagged line is its tag; that of an untagged line is the
 * one whose digest length fits, among -a's list, else the one the
 * manifest's name gives (SHA256SUMS, x.keccak256), else the SHA-2, SHA-1
 * or MD5 of the digest's length (manifest_parse.c).  That last choice
 * cannot make a bad file good, only fail a good one listed with another
 * algorithm of the same length: when every line so chosen fails, a hint
 * after the run names -a.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

#define MAX_LINE	(4 * 1024 * 1024)	/* longer lines are malformed */

/* One line of a manifest on its way through the job pool. */
struct line_item {
	struct input	 in;		/* name and algorithm to hash */
	enum line_kind	 kind;
	uintmax_t	 lineno;
	char		*line;		/* owns the text name and digest are in */
	char		*digest;	/* as written in the manifest */
	size_t		 dlen;
	const char	*tag;		/* LINE_UNKNOWN: the tag, */
	size_t		 taglen;	/* not NUL-terminated */
	const struct mds_alg *seen;	/* cksum: the last tag so far */
	int		 reported;	/* its diagnostic was printed */
	int		 guessed;	/* algorithm from the digest's length */
};

/* The lines whose algorithm the digest's length chose, over one run. */
struct guesses {
	uintmax_t		 ok, failed;
	const struct mds_alg	*alg;	/* theirs, NULL if several */
	int			 mixed;
};

/* What became of a line or a file, as -c --json names it. */
enum result { RES_OK, RES_FAILED, RES_MISSING, RES_UNREADABLE, RES_MALFORMED };
static const char *const result_name[] = {
	"ok", "failed", "missing", "unreadable", "malformed"
};

struct manifest {
	struct gnu		*g;
	const char		*label;		/* for messages */
	FILE			*fp;
	struct line_parser	 lp;		/* is_stdin, named, reversed */
	uintmax_t		 lineno;
	int			 read_error;
	char			*buf;
	uintmax_t		 n_bad, n_mismatch, n_unreadable, n_ambiguous;
	uintmax_t		 n_unknown;
	int			 properly, matched;
	struct guesses		*guesses;	/* the run's */
};

static int
digest_matches(const struct mds_alg *alg, const char *want, size_t wlen,
    const unsigned char *md)
{
	char text[2 * MDS_MAX_DIGEST + 1];
	size_t len = mds_alg_digest_len(alg);

	if (wlen == 2 * len)
		return strncasecmp(want, digest_text(0, md, len, text),
		    wlen) == 0;
	return strlen(digest_text(1, md, len, text)) == wlen &&
	    memcmp(text, want, wlen) == 0;
}

/*
 * Read one line into m->buf (NUL-terminated, newline and a CR before it
 * removed); returns its length, or -1 at the end or on a read error.
 * Lines past MAX_LINE are cut and reported as malformed by *toolong.
 */
static ssize_t
read_line(struct manifest *m, int *toolong)
{
	size_t len = 0;
	int c;

	*toolong = 0;
	while ((c = getc(m->fp)) != EOF && c != '\n') {
		if (len < MAX_LINE)
			m->buf[len++] = (char)c;
		else
			*toolong = 1;
	}
	if (c == EOF && (len == 0 || ferror(m->fp))) {
		if (ferror(m->fp))
			m->read_error = 1;
		return -1;
	}
	m->buf[len] = '\0';
	return (ssize_t)len;
}

static void *
line_next(void *arg)
{
	struct manifest *m = arg;
	struct line_item *it;
	struct line_fields f;
	ssize_t len;
	int toolong;
	char *copy;

	while ((len = read_line(m, &toolong)) != -1) {
		m->lineno++;
		if (m->buf[0] == '#')
			continue;
		if (len > 0 && m->buf[len - 1] == '\r')
			m->buf[--len] = '\0';
		if (len == 0)
			continue;
		if ((it = calloc(1, sizeof(*it))) == NULL ||
		    (copy = malloc((size_t)len + 1)) == NULL)
			err(1, NULL);
		memcpy(copy, m->buf, (size_t)len + 1);
		it->lineno = m->lineno;
		it->in.nalgs = 1;
		it->line = copy;
		it->kind = toolong ? LINE_BAD :
		    parse_line(&m->lp, copy, (size_t)len, &f);
		it->seen = m->lp.seen;
		if (it->kind != LINE_BAD) {
			it->in.name = f.name;
			it->in.algs[0] = f.alg;
			it->digest = f.digest;
			it->dlen = f.dlen;
			it->tag = f.tag;
			it->taglen = f.taglen;
			it->guessed = f.guessed;
		} else
			it->digest = copy;
		return it;
	}
	return NULL;
}

static struct input *
line_input(void *item)
{
	struct line_item *it = item;

	return it->kind == LINE_GOOD ? &it->in : NULL;
}

static void
line_work(void *arg, void *item)
{
	struct manifest *m = arg;
	struct line_item *it = item;

	if (it->kind == LINE_GOOD)
		hash_input_work(&it->in, m->g->ignore_missing);
}

/*
 * `name: RESULT`.  A name with a backslash, newline or carriage return is
 * escaped and the line marked with a leading backslash, as coreutils 9.4
 * and later do (9.1 escaped only names with a newline, so `a\b: OK` could
 * be the file a\b or the file a, b); on a terminal, control characters
 * too (output.c).
 */
static void
put_status(const char *name, const char *result)
{
	int escape = name_needs_escape(name);

	line_begin();
	if (escape) {
		putchar('\\');
		put_escaped(stdout, name);
	} else
		fputs(name, stdout);
	printf(": %s\n", result);
	line_end();
}

/*
 * -c --json: one object per manifest line or checked file.  m is NULL
 * for --expect; it is NULL for a malformed line, in->name for the rest.
 */
static void
put_json_result(const struct manifest *m, const struct line_item *it,
    const struct input *in, const char *digest, size_t dlen,
    enum result r, const char *why)
{
	line_begin();
	putchar('{');
	if (m != NULL) {
		put_json_name(stdout, "manifest", m->label);
		printf(",\"line\":%ju,", it->lineno);
	}
	if (in != NULL && in->name != NULL) {
		put_json_name(stdout, "file", in->name);
		putchar(',');
	}
	if (in != NULL && in->algs[0] != NULL)
		printf("\"algorithm\":\"%s\",", mds_alg_name(in->algs[0]));
	if (r != RES_MALFORMED)
		printf("\"expected\":\"%.*s\",", (int)dlen, digest);
	printf("\"status\":\"%s\"", result_name[r]);
	if (why != NULL) {
		fputs(",\"error\":", stdout);
		put_json_string(stdout, why);
	}
	fputs("}\n", stdout);
	line_end();
}

/*
 * What a verified input produced, reported; returns 0 if it matched.  m
 * and it are the manifest and line it came from (NULL for --expect).
 */
static int
verify(struct gnu *g, const struct manifest *m, const struct line_item *it,
    struct input *in, const char *digest, size_t dlen, int *unreadable,
    int *mismatch)
{
	enum result r;
	int ret;

	if (in->missing) {
		r = RES_MISSING;
		ret = 1;
	} else if (in->err != 0) {
		warn_input(quotef(in->name), in->err);
		(*unreadable)++;
		r = in->err == ENOENT ? RES_MISSING : RES_UNREADABLE;
		ret = -1;
	} else if (digest_matches(in->algs[0], digest, dlen, in->md[0])) {
		r = RES_OK;
		ret = 0;
	} else {
		(*mismatch)++;
		r = RES_FAILED;
		ret = -1;
	}
	if (g->status_only || (g->quiet && r == RES_OK))
		return ret;
	if (g->json) {
		put_json_result(m, it, in, digest, dlen, r, in->err == 0 ?
		    NULL : in->err == ERR_CHANGED ? "file changed while "
		    "reading" : strerror(in->err));
		return ret;
	}
	if (r == RES_OK)
		put_status(in->name, "OK");
	else if (r == RES_FAILED)
		put_status(in->name, "FAILED");
	else if (!in->missing)
		put_status(in->name, "FAILED open or read");
	return ret;
}

/*
 * Why a line that is not LINE_GOOD cannot be checked, into buf; returns
 * NULL for an improperly formatted line, which coreutils words itself.
 */
static const char *
line_problem(const struct line_item *it, char *buf, size_t size)
{
	if (it->kind == LINE_AMBIGUOUS)
		snprintf(buf, size, "an untagged checksum of %zu characters "
		    "fits several of the algorithms -a names; give -a one "
		    "of them", it->dlen);
	else if (it->kind == LINE_UNKNOWN)
		snprintf(buf, size, "no such algorithm in this build: %.*s",
		    (int)it->taglen, it->tag);
	else
		return NULL;
	return buf;
}

/*
 * The algorithm an improperly formatted line is said not to be of: the
 * one -a names (a family by its name: BLAKE2b, SHA3), or with cksum the
 * last tag read before it, which coreutils' cksum goes by (CRC before
 * any; a tag as coreutils reads it, up to a '-'), or none.  *len is how
 * much of the returned text to print.
 */
static const char *
bad_line_alg(const struct gnu *g, const struct line_item *it, int *len)
{
	const char *what = NULL;

	if (g->algs_given && g->nalgs == 1) {
		what = g->fams[0] != NULL ? family_label(g->fams[0]) :
		    mds_alg_tag(g->algs[0]);
		*len = (int)strlen(what);
	} else if (g->cksum && (it->seen != NULL || g->algs[0] != NULL)) {
		what = mds_alg_tag(it->seen != NULL ? it->seen : g->algs[0]);
		*len = (int)strcspn(what, "-");
	}
	return what;
}

/* Count a line that is not LINE_GOOD and say what is wrong with it. */
static void
line_report(struct manifest *m, struct line_item *it)
{
	const struct gnu *g = m->g;
	char why[128];
	const char *what;
	uintmax_t seen;
	int len = 0;

	switch (it->kind) {
	case LINE_BAD:
		m->n_bad++;
		if (g->warn) {
			what = bad_line_alg(g, it, &len);
			warnx("%s: %ju: improperly formatted %.*s%schecksum "
			    "line", quotef(m->label), it->lineno, len,
			    what ? what : "", what ? " " : "");
		}
		break;
	case LINE_AMBIGUOUS:
	case LINE_UNKNOWN:
		seen = it->kind == LINE_AMBIGUOUS ? m->n_ambiguous++ :
		    m->n_unknown++;
		if (seen == 0 || g->warn) {
			warnx("%s: %ju: %s", quotef(m->label), it->lineno,
			    line_problem(it, why, sizeof(why)));
			it->reported = 1;
		}
		break;
	default:
		return;
	}
	if (g->json && !g->status_only) {
		if (it->kind == LINE_BAD)
			put_json_result(m, it, NULL, NULL, 0, RES_MALFORMED,
			    "improperly formatted checksum line");
		else
			put_json_result(m, it, &it->in, NULL, 0, RES_MALFORMED,
			    line_problem(it, why, sizeof(why)));
	}
}

/* Count a verified line whose algorithm its digest's length chose. */
static void
count_guess(struct manifest *m, const struct line_item *it, int ok,
    int mismatch)
{
	struct guesses *gs = m->guesses;

	if (!it->guessed)
		return;
	if (gs->ok + gs->failed == 0)
		gs->alg = it->in.algs[0];
	else if (gs->alg != it->in.algs[0])
		gs->mixed = 1;
	if (ok)
		gs->ok++;
	else if (mismatch)
		gs->failed++;
}

/*
 * After the run: if every line whose algorithm was taken from its
 * digest's length failed, they may be of another algorithm of that
 * length (sha3-256 and sha256 both have 64 hex digits).
 */
static void
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

static void
line_emit(void *arg, void *item)
{
	struct manifest *m = arg;
	struct line_item *it = item;
	int unreadable = 0, mismatch = 0, ok;

	if (it->kind == LINE_GOOD) {
		m->properly = 1;
		hash_input_emit(&it->in, m->g->ignore_missing);
		ok = verify(m->g, m, it, &it->in, it->digest, it->dlen,
		    &unreadable, &mismatch) == 0;
		if (ok)
			m->matched = 1;
		count_guess(m, it, ok, mismatch);
		m->n_unreadable += (uintmax_t)unreadable;
		m->n_mismatch += (uintmax_t)mismatch;
	} else
		line_report(m, it);
	progress_item();
	free(it->line);
	free(it);
}

static void
plural(uintmax_t n, const char *one, const char *many)
{
	if (n != 0)
		warnx(n == 1 ? one : many, n);
}

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

/* Open a manifest for reading; -1 (reported) if it cannot be. */
static int
manifest_open(struct manifest *m, struct gnu *g, const char *path,
    struct guesses *gs)
{
	memset(m, 0, sizeof(*m));
	m->g = g;
	m->guesses = gs;
	m->lp.g = g;
	m->lp.reversed = -1;
	m->lp.is_stdin = strcmp(path, "-") == 0;
	m->label = m->lp.is_stdin ? "standard input" : path;
	/* cksum, as coreutils', goes by the lines alone. */
	if (!m->lp.is_stdin && !g->cksum)
		m->lp.named = alg_from_name(path, &m->lp.named_fam);
	m->fp = m->lp.is_stdin ? stdin : fopen(path, "r");
	if (m->fp == NULL) {
		warn("%s", quotef(path));
		return -1;
	}
	if ((m->buf = malloc(MAX_LINE + 1)) == NULL)
		err(1, NULL);
	return 0;
}

/* Close a manifest; -1 (reported) if reading it failed. */
static int
manifest_close(struct manifest *m, const char *path)
{
	free(m->buf);
	m->buf = NULL;
	if (m->lp.is_stdin)
		clearerr(stdin);
	else if (fclose(m->fp) != 0 && !m->read_error) {
		warn("%s", quotef(path));
		return -1;
	}
	if (m->read_error) {
		warnx("%s: read error", quotef(m->label));
		return -1;
	}
	return 0;
}

/*
 * The totals of a manifest read to its end; returns 0 if everything
 * verified.  A line that fits several algorithms of -a's list, or names
 * one this build does not have, fails the run even without --strict: its
 * file went unchecked.
 */
static int
manifest_totals(struct gnu *g, struct manifest *m)
{
	if (m->n_ambiguous != 0 && !m->properly && m->n_unknown == 0)
		return -1;
	if (!m->properly && m->n_unknown == 0) {
		warnx("%s: no properly formatted checksum lines found",
		    quotef(m->label));
		return -1;
	}
	if (!g->status_only) {
		plural(m->n_bad, "WARNING: %ju line is improperly formatted",
		    "WARNING: %ju lines are improperly formatted");
		plural(m->n_unknown, "WARNING: %ju line names an algorithm "
		    "not in this build", "WARNING: %ju lines name an "
		    "algorithm not in this build");
		plural(m->n_unreadable,
		    "WARNING: %ju listed file could not be read",
		    "WARNING: %ju listed files could not be read");
		plural(m->n_mismatch,
		    "WARNING: %ju computed checksum did NOT match",
		    "WARNING: %ju computed checksums did NOT match");
		if (g->ignore_missing && !m->matched && m->properly)
			warnx("%s: no file was verified", quotef(m->label));
	}
	return m->matched && m->n_mismatch == 0 && m->n_unreadable == 0 &&
	    m->n_ambiguous == 0 && m->n_unknown == 0 &&
	    (!g->strict || m->n_bad == 0) ? 0 : -1;
}

/* Close a manifest and report on it; returns 0 if everything verified. */
static int
manifest_finish(struct gnu *g, struct manifest *m, const char *path)
{
	if (manifest_close(m, path) == -1)
		return -1;
	return manifest_totals(g, m);
}

/* Check one manifest; returns 0 if everything in it verified. */
static int
check_manifest(struct gnu *g, const char *path, struct guesses *gs)
{
	struct manifest m;
	struct job_ops ops = { line_next, line_work, line_emit, line_input,
	    NULL };

	if (manifest_open(&m, g, path, gs) == -1)
		return -1;
	ops.arg = &m;
	run_jobs(&ops, g->jobs);
	return manifest_finish(g, &m, path);
}

/*
 * Room for element n of the array p of *cap elements of size bytes,
 * doubling it as needed (so reading n lines costs O(n), not O(n^2)).
 */
static void *
grow(void *p, size_t *cap, size_t n, size_t size)
{
	size_t want;

	if (n < *cap)
		return p;
	want = *cap == 0 ? 64 : *cap * 2;
	if ((p = reallocarray(p, want, size)) == NULL)
		err(1, NULL);
	*cap = want;
	return p;
}

/*
 * -A -c MANIFEST ARCHIVE...: the manifest's lines are all read first;
 * archive_fill() then hashes the members they name, in one pass over each
 * archive, and the results are reported in manifest order.  A name no
 * archive holds is "FAILED open or read".
 */
int
gnu_check_archives(struct gnu *g, const char *path, char **archives,
    size_t n)
{
	struct manifest m;
	struct line_item **items = NULL, *it;
	struct input **ins = NULL;
	struct guesses gs;
	size_t nitems = 0, nins = 0, items_cap = 0, ins_cap = 0, i;
	int status;

	memset(&gs, 0, sizeof(gs));
	if (manifest_open(&m, g, path, &gs) == -1)
		return 1;
	while ((it = line_next(&m)) != NULL) {
		items = grow(items, &items_cap, nitems, sizeof(*items));
		ins = grow(ins, &ins_cap, nins, sizeof(*ins));
		items[nitems++] = it;
		if (it->kind == LINE_GOOD) {
			it->in.err = ENOENT;	/* until an archive has it */
			ins[nins++] = &it->in;
		}
	}
	status = archive_fill(g, archives, n, ins, nins);
	for (i = 0; i < nitems; i++) {
		if (items[i]->kind == LINE_GOOD && items[i]->in.err == ENOENT)
			items[i]->in.missing = g->ignore_missing;
		line_emit(&m, items[i]);
	}
	free(items);
	free(ins);
	if (manifest_finish(g, &m, path) == -1)
		status = 1;
	guess_hint(g, &gs);
	return status;
}

int
gnu_check(struct gnu *g, char **operands, size_t n)
{
	struct guesses gs;
	size_t i;
	int status = 0;

	memset(&gs, 0, sizeof(gs));
	for (i = 0; i < n; i++)
		if (check_manifest(g, operands[i], &gs) == -1)
			status = 1;
	guess_hint(g, &gs);
	return status;
}

/* --expect=DIGEST FILE */
int
gnu_expect(struct gnu *g, const char *path)
{
	struct input in;
	int unreadable = 0, mismatch = 0;

	if (!valid_digest(g, g->algs[0], g->expect, strlen(g->expect))) {
		warnx("--expect=%s: not a %s digest", g->expect,
		    mds_alg_name(g->algs[0]));
		return 1;
	}
	memset(&in, 0, sizeof(in));
	if ((in.name = strdup(path)) == NULL)
		err(1, NULL);
	in.nalgs = 1;
	in.algs[0] = g->algs[0];
	hash_input(&in, 0);
	g->ignore_missing = 0;
	if (verify(g, NULL, NULL, &in, g->expect, strlen(g->expect),
	    &unreadable, &mismatch) != 0) {
		free(in.name);
		return 1;
	}
	free(in.name);
	return 0;
}

/* -C: one FILE operand on its way through the job pool. */
struct list_item {
	struct input		 in;	/* the file, with the line's algorithm */
	struct line_item	*hit;	/* the first line naming it, or NULL */
	const char		*file;	/* the operand */
};

/* -C: the manifest's lines that name files, and the operands. */
struct checklist {
	struct manifest		 m;
	struct line_item	**lines;
	size_t			 nlines;
	char			**files;
	size_t			 nfiles, next;
	int			 status;
};

static void *
list_next(void *arg)
{
	struct checklist *cl = arg;
	struct list_item *li;
	size_t j;

	if (cl->next == cl->nfiles)
		return NULL;
	if ((li = calloc(1, sizeof(*li))) == NULL)
		err(1, NULL);
	li->file = cl->files[cl->next++];
	for (j = 0; j < cl->nlines && li->hit == NULL; j++)
		if (strcmp(cl->lines[j]->in.name, li->file) == 0)
			li->hit = cl->lines[j];
	if (li->hit != NULL && li->hit->kind == LINE_GOOD) {
		li->in.name = li->hit->in.name;
		li->in.nalgs = 1;
		li->in.algs[0] = li->hit->in.algs[0];
	}
	return li;
}

static struct input *
list_input(void *item)
{
	struct list_item *li = item;

	return li->in.nalgs != 0 ? &li->in : NULL;
}

static void
list_work(void *arg, void *item)
{
	struct checklist *cl = arg;
	struct list_item *li = item;

	if (li->in.nalgs != 0)
		hash_input_work(&li->in, cl->m.g->ignore_missing);
}

static void
list_emit(void *arg, void *item)
{
	struct checklist *cl = arg;
	struct manifest *m = &cl->m;
	struct list_item *li = item;
	struct line_item *hit = li->hit;
	int unreadable = 0, mismatch = 0, ok;
	char why[128];

	if (hit == NULL) {
		warnx("%s: no checksum for it in %s", quotef(li->file),
		    quotef(m->label));
		cl->status = 1;
	} else if (hit->kind != LINE_GOOD) {
		if (!hit->reported)
			warnx("%s: %ju: %s", quotef(m->label), hit->lineno,
			    line_problem(hit, why, sizeof(why)));
		hit->reported = 1;
		cl->status = 1;
	} else {
		hash_input_emit(&li->in, m->g->ignore_missing);
		ok = verify(m->g, m, hit, &li->in, hit->digest, hit->dlen,
		    &unreadable, &mismatch) == 0;
		if (ok)
			m->matched = 1;
		count_guess(m, hit, ok, mismatch);
		m->n_unreadable += (uintmax_t)unreadable;
		m->n_mismatch += (uintmax_t)mismatch;
	}
	progress_item();
	free(li);
}

/*
 * -C MANIFEST FILE...: verify just the named files, each against the
 * first line of the manifest that names it.  The manifest's lines are
 * reported on as -c reports them (improperly formatted ones counted,
 * ambiguous ones and unknown tags said), then the files in the order
 * given (hashed side by side, in lanes), then the totals.
 */
int
gnu_checklist(struct gnu *g, char **files, size_t n)
{
	struct checklist cl;
	struct manifest *m = &cl.m;
	struct line_item *it;
	struct job_ops ops = { list_next, list_work, list_emit, list_input,
	    NULL };
	struct guesses gs;
	size_t lines_cap = 0, j;

	memset(&cl, 0, sizeof(cl));
	memset(&gs, 0, sizeof(gs));
	if (manifest_open(m, g, g->checklist, &gs) == -1)
		return 1;
	while ((it = line_next(m)) != NULL) {
		if (it->kind == LINE_GOOD)
			m->properly = 1;
		else
			line_report(m, it);
		if (it->kind == LINE_BAD) {
			free(it->line);
			free(it);
			continue;
		}
		cl.lines = grow(cl.lines, &lines_cap, cl.nlines,
		    sizeof(*cl.lines));
		cl.lines[cl.nlines++] = it;
	}
	if (manifest_close(m, g->checklist) == -1)
		cl.status = 1;
	cl.files = files;
	cl.nfiles = n;
	ops.arg = &cl;
	run_jobs(&ops, g->jobs);
	if (manifest_totals(g, m) == -1)
		cl.status = 1;
	guess_hint(g, &gs);
	for (j = 0; j < cl.nlines; j++) {
		free(cl.lines[j]->line);
		free(cl.lines[j]);
	}
	free(cl.lines);
	return cl.status;
}
