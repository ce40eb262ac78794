/*
 * audit.c: --audit MANIFEST (as hashdeep -a), and the reading of a
 * manifest and of the files that --audit and --update (update.c) share.
 * The manifest is read whole through the manifest model (manifest.h),
 * and one with a line that cannot be used is refused: an audit would
 * call its file new, an update would add a second line for it.  Its
 * lines are read whatever -a says; -a decides the algorithm of untagged
 * ones.
 *
 * The files are those the operands name (directories walked under -R),
 * or --files0-from's; without either, the files the manifest lists.  A
 * file is the listed entry of the same name by the name rule of
 * manifest.h (./a and a are one), relative to the current directory; a
 * name given twice is one file.  The manifest itself is never one of
 * the files.
 *
 * --audit sorts each file into ok (its lines all match), changed (one
 * does not), moved (not listed, but its digests are those of a listed
 * entry whose file is not among the files: that entry is then not
 * missing), new (neither), or unreadable; listed entries left over are
 * missing.  The lines come in the order of the files, then the missing
 * entries in the order of the manifest.  Only an audit where every file
 * is ok passes: a move changes the tree, as hashdeep counts it.  When
 * every line whose algorithm only its digest's length chose is changed,
 * the hint of -c names -a.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

/* An entry with no file, by the first digest it lists. */
struct gone {
	const struct mds_alg	*alg;
	const unsigned char	*md;
	struct entry		*e;
};

static int	load_lines(struct amanifest *);
static void	make_entries(struct amanifest *);
static int	is_manifest(const struct amanifest *, const char *);
static void	entry_algs(const struct amanifest *, const struct entry *,
		    struct input *);
static void	settle(struct amanifest *, struct afile *);
static int	by_digest(const void *, const void *);
static int	by_digest_line(const void *, const void *);
static int	by_lineno(const void *, const void *);
static struct entry *moved_from(struct amanifest *, const struct input *,
		    const struct gone *, size_t);
static void	classify(struct amanifest *);
static void	put_name(const char *, int);
static void	put_text(const char *, enum verdict, const char *);
static void	put_json_digest(const struct mds_alg *,
		    const struct line_digest *, const unsigned char *, int);
static void	put_json(const struct amanifest *, const char *,
		    enum verdict, const struct entry *, const struct input *,
		    int);
static void	report(struct amanifest *, const char *, enum verdict,
		    const struct entry *, const struct input *, int);
static void	summary(const struct amanifest *, int);

/* Note an algorithm among those the manifest uses. */
static void
use_alg(struct amanifest *m, const struct mds_alg *alg)
{
	size_t i;

	for (i = 0; i < m->nalgs; i++)
		if (m->algs[i] == alg)
			return;
	if (m->nalgs < MAX_ALGS)
		m->algs[m->nalgs++] = alg;
}

/*
 * Every line of the manifest, through the model's reader; -1 (said) at
 * the first that cannot be used.
 */
static int
load_lines(struct amanifest *m)
{
	struct mreader r;
	struct mline *ml;
	struct aline *al;
	size_t cap = 0, i, off, dl;
	char why[160];

	mreader_open_mem(&r, m->g, m->path, m->file.raw, m->file.rawlen, 1);
	while ((ml = mreader_next(&r)) != NULL) {
		if (ml->kind != LINE_GOOD) {
			if (mline_problem(ml, why, sizeof(why)) == NULL)
				snprintf(why, sizeof(why), "improperly "
				    "formatted checksum line");
			warnx("%s: %ju: %s", quotef(m->label), ml->lineno,
			    why);
			mline_free(ml);
			(void)mreader_close(&r, m->path);
			return -1;
		}
		if (m->nlines == cap) {
			cap = cap == 0 ? 64 : 2 * cap;
			if ((m->lines = reallocarray(m->lines, cap,
			    sizeof(*m->lines))) == NULL)
				err(1, NULL);
		}
		al = &m->lines[m->nlines];
		memset(al, 0, sizeof(*al));
		al->ml = ml;
		for (i = 0, dl = 0; i < ml->f.nd; i++)
			dl += mds_alg_digest_len(ml->f.d[i].alg);
		if ((al->md = malloc(dl + 1)) == NULL)
			err(1, NULL);
		for (i = 0, off = 0; i < ml->f.nd; i++) {
			dl = mds_alg_digest_len(ml->f.d[i].alg);
			digest_bytes(ml->f.d[i].text, ml->f.d[i].len, dl,
			    al->md + off);
			off += dl;
			use_alg(m, ml->f.d[i].alg);
		}
		matcher_add(&m->names, ml->f.name, m->nlines);
		m->nlines++;
	}
	m->lp = r.lp;
	return mreader_close(&r, m->path);
}

/* The entries: the lines grouped by the name rule. */
static void
make_entries(struct amanifest *m)
{
	struct entry *e = NULL;
	struct aline *al;
	size_t i;

	matcher_sort(&m->names);
	if ((m->ents = calloc(m->nlines + 1, sizeof(*m->ents))) == NULL ||
	    (m->ent_at = calloc(m->nlines + 1, sizeof(*m->ent_at))) == NULL)
		err(1, NULL);
	for (i = 0; i < m->names.n; i++) {
		al = &m->lines[m->names.v[i].pos];
		if (e == NULL ||
		    strcmp(m->names.v[i].key, m->names.v[i - 1].key) != 0) {
			e = &m->ents[m->nents++];
			e->name = al->ml->f.name;
			e->first = i;
			e->lineno = al->ml->lineno;
		}
		e->n++;
		m->ent_at[i] = (size_t)(e - m->ents);
	}
}

/*
 * Read the manifest: -1 (said) if it cannot be read or has a line that
 * cannot be used.  A manifest --update is to create does not exist yet:
 * that is no error then.
 */
int
amanifest_load(struct amanifest *m, struct gnu *g, const char *path,
    int update)
{
	memset(m, 0, sizeof(*m));
	m->g = g;
	m->path = path;
	m->update = update;
	m->is_stdin = strcmp(path, "-") == 0;
	m->label = m->is_stdin ? "standard input" : path;
	if ((update ? mfile_open(&m->file, path) :
	    mfile_read(&m->file, path)) == -1 || load_lines(m) == -1)
		return -1;
	make_entries(m);
	/*
	 * Files not listed are hashed with the algorithms of the lines (so
	 * that a move is seen); --update's lines are -a's if given.  With
	 * no line, -a's or mdsum's.
	 */
	if ((update && g->algs_given) || m->nalgs == 0) {
		m->nalgs = g->nalgs;
		memcpy(m->algs, g->algs, sizeof(m->algs));
	}
	return 0;
}

struct entry *
entry_find(struct amanifest *m, const char *name)
{
	size_t i, n;

	i = matcher_find(&m->names, name, &n);
	return n > 0 ? &m->ents[m->ent_at[i]] : NULL;
}

/* Is name the manifest itself (so not one of the files)? */
static int
is_manifest(const struct amanifest *m, const char *name)
{
	struct stat sb;

	return m->file.exists && !m->is_stdin && strcmp(name, "-") != 0 &&
	    stat(name, &sb) == 0 && sb.st_dev == m->file.sb.st_dev &&
	    sb.st_ino == m->file.sb.st_ino;
}

/* The algorithms of an entry's lines, each once, into in. */
static void
entry_algs(const struct amanifest *m, const struct entry *e,
    struct input *in)
{
	const struct mline *ml;
	size_t i, d, j;

	in->nalgs = 0;
	for (i = 0; i < e->n; i++) {
		ml = ENTRY_LINE(m, e, i)->ml;
		for (d = 0; d < ml->f.nd; d++) {
			for (j = 0; j < in->nalgs; j++)
				if (in->algs[j] == ml->f.d[d].alg)
					break;
			if (j == in->nalgs && in->nalgs < MAX_ALGS)
				in->algs[in->nalgs++] = ml->f.d[d].alg;
		}
	}
}

static void *
afile_next(void *arg)
{
	struct amanifest *m = arg;
	struct afile *f;
	char *name;
	int e;

	for (;;) {
		if (m->walk != NULL) {
			if ((name = walk_next(m->walk, &e)) == NULL)
				return NULL;
		} else {
			/* No operands: the listed files. */
			if (m->next_ent == m->nents)
				return NULL;
			if ((name = strdup(m->ents[m->next_ent++].name)) ==
			    NULL)
				err(1, NULL);
			e = 0;
		}
		if ((f = calloc(1, sizeof(*f))) == NULL ||
		    (f->in = calloc(1, sizeof(*f->in))) == NULL)
			err(1, NULL);
		f->in->name = f->name = name;
		f->in->err = e;
		f->e = entry_find(m, name);
		/* A name given twice (./a, a) is one file: the first. */
		f->skip = !nameset_add(&m->seen, name) ||
		    (f->e != NULL && m->update && !m->listed_too) ||
		    is_manifest(m, name);
		if (f->skip) {
			free(name);
			free(f->in);
			free(f);
			continue;
		}
		if (f->e != NULL)
			entry_algs(m, f->e, f->in);
		else {
			f->in->nalgs = m->nalgs;
			memcpy(f->in->algs, m->algs, sizeof(f->in->algs));
		}
		return f;
	}
}

static struct input *
afile_input(void *item)
{
	return ((struct afile *)item)->in;
}

static void
afile_work(void *arg, void *item)
{
	(void)arg;
	hash_input_work(afile_input(item), 0);
}

/* The digest of in by alg, or NULL if in was not hashed with it. */
const unsigned char *
md_of(const struct input *in, const struct mds_alg *alg)
{
	size_t a;

	for (a = 0; a < in->nalgs; a++)
		if (in->algs[a] == alg)
			return in->md[a];
	return NULL;
}

/* Do the digests of in (and its size) match every line of e? */
int
entry_matches(const struct amanifest *m, const struct entry *e,
    const struct input *in)
{
	const struct aline *al;
	const unsigned char *md, *want;
	size_t i, d, dl;

	for (i = 0; i < e->n; i++) {
		al = ENTRY_LINE(m, e, i);
		if (al->ml->f.size >= 0 && al->ml->f.size != in->size)
			return 0;
		for (d = 0, want = al->md; d < al->ml->f.nd; d++, want += dl) {
			dl = mds_alg_digest_len(al->ml->f.d[d].alg);
			if ((md = md_of(in, al->ml->f.d[d].alg)) == NULL ||
			    memcmp(md, want, dl) != 0)
				return 0;
		}
	}
	return 1;
}

/*
 * What a listed file is can be told at once; a file not listed waits for
 * the end, when the entries without a file are known.  A listed file that
 * is not there is one of those: it is reported as missing.
 */
static void
settle(struct amanifest *m, struct afile *f)
{
	size_t i;
	int ok;

	if (f->e != NULL && f->err == ENOENT) {
		f->skip = 1;
		f->e->file = NULL;
	} else if (f->err != 0)
		f->st = V_UNREADABLE;
	else if (f->e != NULL) {
		ok = entry_matches(m, f->e, f->in);
		f->st = ok ? V_OK : V_FAILED;
		for (i = 0; i < f->e->n; i++)
			guess_count(&m->guesses, ENTRY_LINE(m, f->e, i)->ml,
			    ok, !ok);
	} else
		f->st = V_NEW;
	if (!m->update && (f->skip || f->st == V_OK ||
	    f->st == V_UNREADABLE)) {
		free(f->in);
		f->in = NULL;
	}
}

static void
afile_emit(void *arg, void *item)
{
	struct amanifest *m = arg;
	struct afile *f = item;

	hash_input_emit(f->in, 0);
	f->err = f->in->err;
	if (f->e != NULL)
		f->e->file = f;
	progress_item();
	settle(m, f);
	if (m->nfiles == m->files_cap) {
		m->files_cap = m->files_cap == 0 ? 64 : 2 * m->files_cap;
		if ((m->files = reallocarray(m->files, m->files_cap,
		    sizeof(*m->files))) == NULL)
			err(1, NULL);
	}
	m->files[m->nfiles++] = item;
}

/* A list's writer may wait for the lines of the names it has written. */
static int
afile_ready(void *arg)
{
	struct amanifest *m = arg;

	return m->walk == NULL || walk_pending(m->walk);
}

/* Hash the files of the operands (or the listed ones). */
void
amanifest_hash(struct amanifest *m, char **operands, size_t n)
{
	struct job_ops ops = { afile_next, afile_work, afile_emit,
	    afile_input, NULL };

	if (m->g->files0_from != NULL) {
		if ((m->walk = walk_open_list(m->g->files0_from, m->g)) ==
		    NULL) {
			m->walk_failed = 1;
			return;
		}
	} else if (n > 0)
		m->walk = walk_open(operands, n, m->g);
	ops.arg = m;
	run_jobs_ready(&ops, m->g->jobs, afile_ready);
	if (m->walk != NULL && walk_close(m->walk) == -1)
		m->walk_failed = 1;
	m->walk = NULL;
}

static int
by_digest(const void *a, const void *b)
{
	const struct gone *x = a, *y = b;
	int c = strcmp(mds_alg_name(x->alg), mds_alg_name(y->alg));

	if (c != 0)
		return c;
	return memcmp(x->md, y->md, mds_alg_digest_len(x->alg));
}

static int
by_digest_line(const void *a, const void *b)
{
	const struct gone *x = a, *y = b;
	int c = by_digest(a, b);

	if (c != 0)
		return c;
	return x->e->lineno < y->e->lineno ? -1 : x->e->lineno > y->e->lineno;
}

static int
by_lineno(const void *a, const void *b)
{
	const struct entry *x = *(struct entry *const *)a;
	const struct entry *y = *(struct entry *const *)b;

	return x->lineno < y->lineno ? -1 : x->lineno > y->lineno;
}

/*
 * The entry with no file that a new file was moved from, or NULL: found
 * by its digests among gone[] (sorted by by_digest_line), the first in
 * the manifest of those whose every line the file matches.
 */
static struct entry *
moved_from(struct amanifest *m, const struct input *in,
    const struct gone *gone, size_t ngone)
{
	struct gone key;
	size_t a, lo, hi, mid;

	for (a = 0; a < in->nalgs; a++) {
		key.alg = in->algs[a];
		key.md = in->md[a];
		for (lo = 0, hi = ngone; lo < hi;) {	/* the first >= key */
			mid = lo + (hi - lo) / 2;
			if (by_digest(&gone[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < ngone && by_digest(&gone[lo], &key) == 0; lo++)
			if (!gone[lo].e->claimed &&
			    entry_matches(m, gone[lo].e, in)) {
				gone[lo].e->claimed = 1;
				return gone[lo].e;
			}
	}
	return NULL;
}

/* The entries with no file, and the new files moved from them. */
static void
classify(struct amanifest *m)
{
	struct gone *gone;
	struct afile *f;
	struct entry *e;
	size_t i, ngone = 0;

	if ((gone = calloc(m->nents + 1, sizeof(*gone))) == NULL)
		err(1, NULL);
	for (i = 0; i < m->nents; i++) {
		e = &m->ents[i];
		if (e->file != NULL)
			continue;
		gone[ngone].alg = ENTRY_LINE(m, e, 0)->ml->f.d[0].alg;
		gone[ngone].md = ENTRY_LINE(m, e, 0)->md;
		gone[ngone++].e = e;
	}
	if (ngone > 0)
		qsort(gone, ngone, sizeof(*gone), by_digest_line);
	for (i = 0; i < m->nfiles && ngone > 0; i++) {
		f = m->files[i];
		if (!f->skip && f->st == V_NEW &&
		    (f->from = moved_from(m, f->in, gone, ngone)) != NULL)
			f->st = V_MOVED;
	}
	free(gone);
}

static void
put_name(const char *name, int escape)
{
	if (escape)
		put_escaped(stdout, name);
	else
		fputs(name, stdout);
}

/*
 * `name: status`, or `name: moved from old`; a leading backslash, as in
 * -c's status lines, when a name in it is escaped.
 */
static void
put_text(const char *name, enum verdict st, const char *from)
{
	int escape = name_needs_escape(name) ||
	    (from != NULL && name_needs_escape(from));

	line_begin();
	if (escape)
		putchar('\\');
	put_name(name, escape);
	printf(": %s", verdict_name(st, 1));
	if (from != NULL) {
		fputs(" from ", stdout);
		put_name(from, escape);
	}
	putchar('\n');
	line_end();
}

/*
 * {"algorithm":..,"expected":..,"actual":..} of one digest, for --json;
 * same: the file is ok, what was read is what was expected.
 */
static void
put_json_digest(const struct mds_alg *alg, const struct line_digest *d,
    const unsigned char *md, int same)
{
	char text[2 * MDS_MAX_DIGEST + 1];
	int b64 = d != NULL && d->len != 2 * mds_alg_digest_len(alg);

	printf("{\"algorithm\":\"%s\"", mds_alg_name(alg));
	if (d != NULL)
		printf(",\"expected\":\"%.*s\"", (int)d->len, d->text);
	if (same)
		printf(",\"actual\":\"%.*s\"", (int)d->len, d->text);
	else if (md != NULL)
		printf(",\"actual\":\"%s\"", digest_text(b64, md,
		    mds_alg_digest_len(alg), text));
	putchar('}');
}

/*
 * {"file":..,"status":..,["from":..,]"digests":[..][,"error":..]}: the
 * expected digests are those of the entry (the one moved from, for a
 * move), the actual ones those read.
 */
static void
put_json(const struct amanifest *m, const char *name, enum verdict st,
    const struct entry *e, const struct input *got, int err)
{
	const struct mline *ml;
	size_t i, d, a;
	int first = 1;

	line_begin();
	putchar('{');
	put_json_name(stdout, "file", name);
	printf(",\"status\":\"%s\"", verdict_name(st, 1));
	if (st == V_MOVED) {
		putchar(',');
		put_json_name(stdout, "from", e->name);
	}
	fputs(",\"digests\":[", stdout);
	if (e != NULL)
		for (i = 0; i < e->n; i++) {
			ml = ENTRY_LINE(m, e, i)->ml;
			for (d = 0; d < ml->f.nd; d++) {
				if (!first)
					putchar(',');
				first = 0;
				put_json_digest(ml->f.d[d].alg, &ml->f.d[d],
				    got != NULL ? md_of(got, ml->f.d[d].alg) :
				    NULL, st == V_OK);
			}
		}
	else if (got != NULL)
		for (a = 0; a < got->nalgs; a++) {
			if (a != 0)
				putchar(',');
			put_json_digest(got->algs[a], NULL, got->md[a], 0);
		}
	putchar(']');
	if (err != 0) {
		fputs(",\"error\":", stdout);
		put_json_string(stdout, input_error_text(err));
	}
	fputs("}\n", stdout);
	line_end();
}

/* in: the digests read, if kept; err: why the file could not be. */
static void
report(struct amanifest *m, const char *name, enum verdict st,
    const struct entry *e, const struct input *in, int err)
{
	const struct gnu *g = m->g;

	m->count[st]++;
	if (st == V_UNREADABLE)
		warn_input(quotef(name), err);
	if (g->status_only || (g->quiet && st == V_OK))
		return;
	if (g->json)
		put_json(m, name, st, e, in, err);
	else
		put_text(name, st, st == V_MOVED ? e->name : NULL);
}

static void
summary(const struct amanifest *m, int passed)
{
	static const enum verdict order[] = { V_OK, V_FAILED, V_MOVED, V_NEW,
	    V_MISSING, V_UNREADABLE };
	const struct gnu *g = m->g;
	size_t s;

	if (g->status_only)
		return;
	if (g->json) {
		line_begin();
		putchar('{');
		put_json_name(stdout, "manifest", m->label);
		for (s = 0; s < sizeof(order) / sizeof(order[0]); s++)
			printf(",\"%s\":%ju", verdict_name(order[s], 1),
			    m->count[order[s]]);
		printf(",\"result\":\"%s\"}\n", passed ? "passed" : "failed");
		line_end();
		return;
	}
	warnx("%s: audit %s: %ju ok, %ju changed, %ju moved, %ju new, "
	    "%ju missing, %ju unreadable", quotef(m->label),
	    passed ? "passed" : "failed", m->count[V_OK],
	    m->count[V_FAILED], m->count[V_MOVED], m->count[V_NEW],
	    m->count[V_MISSING], m->count[V_UNREADABLE]);
}

void
amanifest_free(struct amanifest *m)
{
	size_t i;

	for (i = 0; i < m->nfiles; i++) {
		free(m->files[i]->name);
		free(m->files[i]->in);
		free(m->files[i]);
	}
	for (i = 0; i < m->nlines; i++) {
		mline_free(m->lines[i].ml);
		free(m->lines[i].md);
	}
	free(m->files);
	free(m->lines);
	free(m->ents);
	free(m->ent_at);
	matcher_free(&m->names);
	nameset_free(&m->seen);
	mfile_close(&m->file);
}

int
gnu_audit(struct gnu *g, char **operands, size_t n)
{
	struct amanifest m;
	struct entry **missing;
	struct afile *f;
	size_t nmissing = 0, i;
	int passed;

	if (amanifest_load(&m, g, g->audit, 0) == -1) {
		amanifest_free(&m);
		return 1;
	}
	amanifest_hash(&m, operands, n);
	classify(&m);
	for (i = 0; i < m.nfiles; i++) {
		f = m.files[i];
		if (!f->skip)
			report(&m, f->name, f->st, f->st == V_MOVED ?
			    f->from : f->e, f->in, f->err);
	}
	/* What is left is missing, in the manifest's order. */
	if ((missing = calloc(m.nents + 1, sizeof(*missing))) == NULL)
		err(1, NULL);
	for (i = 0; i < m.nents; i++)
		if (m.ents[i].file == NULL && !m.ents[i].claimed)
			missing[nmissing++] = &m.ents[i];
	if (nmissing > 0)
		qsort(missing, nmissing, sizeof(*missing), by_lineno);
	for (i = 0; i < nmissing; i++)
		report(&m, missing[i]->name, V_MISSING, missing[i], NULL, 0);
	free(missing);
	passed = m.count[V_FAILED] + m.count[V_MOVED] + m.count[V_NEW] +
	    m.count[V_MISSING] + m.count[V_UNREADABLE] == 0 && !m.walk_failed;
	summary(&m, passed);
	guess_hint(g, &m.guesses);
	amanifest_free(&m);
	return passed ? 0 : 1;
}
