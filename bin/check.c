/*
 * check.c: verifying digests, as GNU coreutils' -c does, line for line
 * and message for message; plus --expect (one file, one digest), -C
 * (only the named files of a manifest) and -A -c (the members of
 * archives).  The manifests are read through the manifest model
 * (manifest.h), whose parser says what each line is and which algorithm
 * it is of.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "manifest.h"

/* One line of a manifest on its way through the job pool. */
struct line_item {
	struct input	 in;		/* name and algorithms to hash */
	struct mline	*ml;
	int		 reported;	/* its diagnostic was printed */
};

/* A manifest being checked, and its counts. */
struct manifest {
	struct gnu		*g;
	struct mreader		 r;
	uintmax_t		 n_bad, n_mismatch, n_unreadable, n_ambiguous;
	uintmax_t		 n_unknown;
	int			 properly, matched;
	struct guesses		*guesses;	/* the run's */
};

static int	digest_matches(const struct line_digest *,
		    const unsigned char *);
static struct line_item *item_new(struct mline *);
static void	item_free(struct line_item *);
static void	put_status(const char *, const char *);
static void	put_json_result(const struct manifest *,
		    const struct line_item *, const struct input *,
		    enum verdict, const char *);
static enum verdict input_verdict(const struct input *,
		    const struct mline *, int *, int *);
static int	verify(struct gnu *, const struct manifest *,
		    const struct line_item *, struct input *, int *, int *);
static const char *bad_line_alg(const struct gnu *, const struct mline *,
		    int *);
static void	line_report(struct manifest *, struct line_item *);
static void	line_verified(struct manifest *, struct line_item *,
		    struct input *);
static void	plural(uintmax_t, const char *, const char *);
static int	manifest_open(struct manifest *, struct gnu *, const char *,
		    struct guesses *);
static int	manifest_totals(struct gnu *, struct manifest *);

static int
digest_matches(const struct line_digest *d, const unsigned char *md)
{
	char text[2 * MDS_MAX_DIGEST + 1];
	size_t len = mds_alg_digest_len(d->alg);

	if (d->len == 2 * len)
		return strncasecmp(d->text, digest_text(0, md, len, text),
		    d->len) == 0;
	return strlen(digest_text(1, md, len, text)) == d->len &&
	    memcmp(text, d->text, d->len) == 0;
}

static struct line_item *
item_new(struct mline *ml)
{
	struct line_item *it;
	size_t i;

	if ((it = calloc(1, sizeof(*it))) == NULL)
		err(1, NULL);
	it->ml = ml;
	if (ml->kind == LINE_BAD)
		return it;
	it->in.name = ml->f.name;
	it->in.nalgs = ml->f.nd;
	for (i = 0; i < ml->f.nd; i++)
		it->in.algs[i] = ml->f.d[i].alg;
	return it;
}

static void
item_free(struct line_item *it)
{
	mline_free(it->ml);
	free(it);
}

static void *
line_next(void *arg)
{
	struct manifest *m = arg;
	struct mline *ml;

	return (ml = mreader_next(&m->r)) != NULL ? item_new(ml) : NULL;
}

static struct input *
line_input(void *item)
{
	struct line_item *it = item;

	return it->ml->kind == LINE_GOOD ? &it->in : NULL;
}

static void
line_work(void *arg, void *item)
{
	struct manifest *m = arg;
	struct line_item *it = item;

	if (it->ml->kind == LINE_GOOD)
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
 * for --expect; in is NULL for a malformed line.
 */
static void
put_json_result(const struct manifest *m, const struct line_item *it,
    const struct input *in, enum verdict v, const char *why)
{
	const struct line_digest *d = &it->ml->f.d[0];

	line_begin();
	putchar('{');
	if (m != NULL) {
		put_json_name(stdout, "manifest", m->r.label);
		printf(",\"line\":%ju,", it->ml->lineno);
	}
	if (in != NULL && in->name != NULL) {
		put_json_name(stdout, "file", in->name);
		putchar(',');
	}
	if (in != NULL && in->algs[0] != NULL)
		printf("\"algorithm\":\"%s\",", mds_alg_name(in->algs[0]));
	if (v != V_MALFORMED)
		printf("\"expected\":\"%.*s\",", (int)d->len, d->text);
	printf("\"status\":\"%s\"", verdict_name(v, 0));
	if (why != NULL) {
		fputs(",\"error\":", stdout);
		put_json_string(stdout, why);
	}
	fputs("}\n", stdout);
	line_end();
}

/*
 * What a hashed input is against the line ml: ok when every digest of
 * the line (and hashdeep's size) matches; *unreadable or *mismatch
 * counted.
 */
static enum verdict
input_verdict(const struct input *in, const struct mline *ml,
    int *unreadable, int *mismatch)
{
	size_t i;

	if (in->missing)
		return V_MISSING;
	if (in->err != 0) {
		(*unreadable)++;
		return in->err == ENOENT || in->err == ERR_NOT_IN_ARCHIVE ?
		    V_MISSING : V_UNREADABLE;
	}
	if (ml->f.size >= 0 && in->size != ml->f.size) {
		(*mismatch)++;
		return V_FAILED;
	}
	for (i = 0; i < ml->f.nd; i++)
		if (!digest_matches(&ml->f.d[i], in->md[i])) {
			(*mismatch)++;
			return V_FAILED;
		}
	return V_OK;
}

/*
 * What a verified input produced, reported and counted in *unreadable
 * or *mismatch; returns 0 if it matched.  m is the manifest it came from
 * (NULL for --expect), it its line.
 */
static int
verify(struct gnu *g, const struct manifest *m, const struct line_item *it,
    struct input *in, int *unreadable, int *mismatch)
{
	enum verdict v;

	v = input_verdict(in, it->ml, unreadable, mismatch);
	if (in->err != 0 && !in->missing)
		warn_input(quotef(in->name), in->err);
	if (g->status_only || (g->quiet && v == V_OK))
		return v == V_OK ? 0 : -1;
	if (g->json)
		put_json_result(m, it, in, v, in->err == 0 ? NULL :
		    input_error_text(in->err));
	else if (v == V_OK)
		put_status(in->name, "OK");
	else if (v == V_FAILED && in->err == 0)
		put_status(in->name, "FAILED");
	else if (!in->missing)
		put_status(in->name, "FAILED open or read");
	return v == V_OK ? 0 : -1;
}

/*
 * The algorithm an improperly formatted line is said not to be of: the
 * one -a names (a family by its name: BLAKE2b, SHA3), or with cksum the
 * last tag read before it, which coreutils' cksum goes by (CRC before
 * any; a tag as coreutils reads it, up to a '-'), or none.  *len is how
 * much of the returned text to print.
 */
static const char *
bad_line_alg(const struct gnu *g, const struct mline *ml, int *len)
{
	const char *what = NULL;

	if (g->algs_given && g->nalgs == 1) {
		what = g->fams[0] != NULL ? family_label(g->fams[0]) :
		    mds_alg_tag(g->algs[0]);
		*len = (int)strlen(what);
	} else if (g->cksum && (ml->seen != NULL || g->algs[0] != NULL)) {
		what = mds_alg_tag(ml->seen != NULL ? ml->seen : g->algs[0]);
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

	switch (it->ml->kind) {
	case LINE_BAD:
		m->n_bad++;
		if (g->warn) {
			what = bad_line_alg(g, it->ml, &len);
			warnx("%s: %ju: improperly formatted %.*s%schecksum "
			    "line", quotef(m->r.label), it->ml->lineno, len,
			    what ? what : "", what ? " " : "");
		}
		break;
	case LINE_AMBIGUOUS:
	case LINE_UNKNOWN:
		seen = it->ml->kind == LINE_AMBIGUOUS ? m->n_ambiguous++ :
		    m->n_unknown++;
		if (seen == 0 || g->warn) {
			warnx("%s: %ju: %s", quotef(m->r.label),
			    it->ml->lineno,
			    mline_problem(it->ml, why, sizeof(why)));
			it->reported = 1;
		}
		break;
	default:
		return;
	}
	if (g->json && !g->status_only) {
		if (it->ml->kind == LINE_BAD)
			put_json_result(m, it, NULL, V_MALFORMED,
			    "improperly formatted checksum line");
		else
			put_json_result(m, it, &it->in, V_MALFORMED,
			    mline_problem(it->ml, why, sizeof(why)));
	}
}

/* A good line's file, hashed as in: reported and counted. */
static void
line_verified(struct manifest *m, struct line_item *it, struct input *in)
{
	int unreadable = 0, mismatch = 0, ok;

	hash_input_emit(in, m->g->ignore_missing);
	ok = verify(m->g, m, it, in, &unreadable, &mismatch) == 0;
	if (ok)
		m->matched = 1;
	guess_count(m->guesses, it->ml, ok, mismatch);
	m->n_unreadable += (uintmax_t)unreadable;
	m->n_mismatch += (uintmax_t)mismatch;
}

static void
line_emit(void *arg, void *item)
{
	struct manifest *m = arg;
	struct line_item *it = item;

	if (it->ml->kind == LINE_GOOD) {
		m->properly = 1;
		line_verified(m, it, &it->in);
	} else
		line_report(m, it);
	progress_item();
	item_free(it);
}

static void
plural(uintmax_t n, const char *one, const char *many)
{
	if (n != 0)
		warnx(n == 1 ? one : many, n);
}

/* Open a manifest for checking; -1 (reported) if it cannot be. */
static int
manifest_open(struct manifest *m, struct gnu *g, const char *path,
    struct guesses *gs)
{
	memset(m, 0, sizeof(*m));
	m->g = g;
	m->guesses = gs;
	return mreader_open(&m->r, g, path, 0);
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
		    quotef(m->r.label));
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
			warnx("%s: no file was verified", quotef(m->r.label));
	}
	return m->matched && m->n_mismatch == 0 && m->n_unreadable == 0 &&
	    m->n_ambiguous == 0 && m->n_unknown == 0 &&
	    (!g->strict || m->n_bad == 0) ? 0 : -1;
}

/* Close a manifest and report on it; returns 0 if everything verified. */
static int
manifest_finish(struct gnu *g, struct manifest *m, const char *path)
{
	if (mreader_close(&m->r, path) == -1)
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
 * archive_fill() then hashes the members they name (by the name rule of
 * manifest.h), in one pass over each archive, and the results are
 * reported in manifest order.  A name no archive holds is "FAILED open
 * or read", and said to be not in the archive.
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
		if (it->ml->kind == LINE_GOOD) {
			it->in.err = ENOENT;	/* until an archive has it */
			ins[nins++] = &it->in;
		}
	}
	status = archive_fill(g, archives, n, ins, nins);
	for (i = 0; i < nitems; i++) {
		it = items[i];
		if (it->ml->kind == LINE_GOOD && it->in.err == ENOENT) {
			it->in.missing = g->ignore_missing;
			it->in.err = ERR_NOT_IN_ARCHIVE;
		}
		line_emit(&m, it);
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
	struct line_item it;
	struct mline ml;
	int ret, unreadable = 0, mismatch = 0;

	if (!valid_digest(g, g->algs[0], g->expect, strlen(g->expect))) {
		warnx("--expect=%s: not a %s digest", g->expect,
		    mds_alg_name(g->algs[0]));
		return 1;
	}
	memset(&it, 0, sizeof(it));
	memset(&ml, 0, sizeof(ml));
	ml.kind = LINE_GOOD;
	ml.f.nd = 1;
	ml.f.size = -1;
	ml.f.d[0].alg = g->algs[0];
	ml.f.d[0].text = (char *)(uintptr_t)g->expect;
	ml.f.d[0].len = strlen(g->expect);
	it.ml = &ml;
	if ((it.in.name = strdup(path)) == NULL)
		err(1, NULL);
	it.in.nalgs = 1;
	it.in.algs[0] = g->algs[0];
	route_one(&it.in, 0);
	g->ignore_missing = 0;
	ret = verify(g, NULL, &it, &it.in, &unreadable, &mismatch) != 0;
	free(it.in.name);
	return ret;
}

/* -C: one FILE operand on its way through the job pool. */
struct list_item {
	struct input		 in;	/* the file, with the line's algorithms */
	struct line_item	*hit;	/* the first line naming it, or NULL */
	const char		*file;	/* the operand */
};

/* -C: the manifest's lines that name files, and the operands. */
struct checklist {
	struct manifest		 m;
	struct line_item	**lines;
	size_t			 nlines;
	struct matcher		 names;	/* of lines[] */
	char			**files;
	size_t			 nfiles, next;
	int			 status;
};

static void *
list_next(void *arg)
{
	struct checklist *cl = arg;
	struct list_item *li;
	size_t first, n, i;

	if (cl->next == cl->nfiles)
		return NULL;
	if ((li = calloc(1, sizeof(*li))) == NULL)
		err(1, NULL);
	li->file = cl->files[cl->next++];
	first = matcher_find(&cl->names, li->file, &n);
	if (n > 0)
		li->hit = cl->lines[cl->names.v[first].pos];
	if (li->hit != NULL && li->hit->ml->kind == LINE_GOOD) {
		/* the file as the user named it */
		li->in = li->hit->in;
		li->in.name = (char *)(uintptr_t)li->file;
		for (i = 0; i < li->in.nalgs; i++)
			memset(li->in.md[i], 0, sizeof(li->in.md[i]));
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
	char why[128];

	if (hit == NULL) {
		warnx("%s: no checksum for it in %s", quotef(li->file),
		    quotef(m->r.label));
		cl->status = 1;
	} else if (hit->ml->kind != LINE_GOOD) {
		if (!hit->reported)
			warnx("%s: %ju: %s", quotef(m->r.label),
			    hit->ml->lineno,
			    mline_problem(hit->ml, why, sizeof(why)));
		hit->reported = 1;
		cl->status = 1;
	} else
		line_verified(m, hit, &li->in);
	progress_item();
	free(li);
}

/*
 * -C MANIFEST FILE...: verify just the named files, each against the
 * first line of the manifest that names it (by the name rule: ./a is a).
 * The manifest's lines are reported on as -c reports them (improperly
 * formatted ones counted, ambiguous ones and unknown tags said), then the
 * files in the order given (hashed side by side, in lanes), then the
 * totals.
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
		if (it->ml->kind == LINE_GOOD)
			m->properly = 1;
		else
			line_report(m, it);
		if (it->ml->kind == LINE_BAD) {
			item_free(it);
			continue;
		}
		cl.lines = grow(cl.lines, &lines_cap, cl.nlines,
		    sizeof(*cl.lines));
		matcher_add(&cl.names, it->in.name, cl.nlines);
		cl.lines[cl.nlines++] = it;
	}
	matcher_sort(&cl.names);
	if (mreader_close(&m->r, g->checklist) == -1)
		cl.status = 1;
	cl.files = files;
	cl.nfiles = n;
	ops.arg = &cl;
	run_jobs(&ops, g->jobs);
	if (manifest_totals(g, m) == -1)
		cl.status = 1;
	guess_hint(g, &gs);
	for (j = 0; j < cl.nlines; j++)
		item_free(cl.lines[j]);
	free(cl.lines);
	matcher_free(&cl.names);
	return cl.status;
}
