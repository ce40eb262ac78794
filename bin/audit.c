/*
 * audit.c: --audit MANIFEST (as hashdeep -a) and --update MANIFEST (as
 * rhash -u).  Both read the whole manifest first, with check mode's line
 * parser, and refuse one with a line they cannot use: an audit would call
 * its file new, an update would add a second line for it.
 *
 * The files are those the operands name (directories walked under -R);
 * without operands, the files the manifest lists.  A file is the listed
 * entry of the same name, as -c matches them: names are compared as
 * written, relative to the current directory.  The manifest itself is
 * never one of the files.
 *
 * --audit sorts each file into ok (its lines all match), changed (one
 * does not), moved (not listed, but its digests are those of a listed
 * entry whose file is not among the files: that entry is then not
 * missing), new (neither), or unreadable; listed entries left over are
 * missing.  The lines come in the order of the files, then the missing
 * entries in the order of the manifest.  Only an audit where every file
 * is ok passes: a move changes the tree, as hashdeep counts it.
 *
 * --update appends a line per algorithm for every file not listed, in
 * the form of the manifest's first line (tagged or untagged, its marker,
 * hex or base64, CRLF) and with its algorithms, in order of first use
 * (-a's, if given); existing bytes are copied as they are.  The new
 * manifest is written to a temporary file in the same directory, synced,
 * and renamed over the old, the terminating signals held meanwhile: at
 * any moment the manifest is the old one or the new one, whole.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* One usable line of the manifest. */
struct rec {
	const char		*name;
	const struct mds_alg	*alg;
	const char		*text;		/* the digest as written */
	size_t			 tlen;
	unsigned char		 md[MDS_MAX_DIGEST];
	uintmax_t		 lineno;
};

/* A listed name and its lines (recs[first..first+n) once sorted). */
struct entry {
	const char	*name;
	size_t		 first, n;
	uintmax_t	 lineno;	/* of its first line */
	int		 seen;		/* a file of that name was read */
	int		 claimed;	/* a moved file came from it */
};

enum astatus { A_OK, A_CHANGED, A_MOVED, A_NEW, A_MISSING, A_UNREADABLE,
	A_NSTATUS };
static const char *const status_name[A_NSTATUS] = {
	"ok", "changed", "moved", "new", "missing", "unreadable"
};

/*
 * A file of the operands.  Its input, with room for every digest, is
 * kept only while it is hashed, and for the files whose digests are still
 * needed: those changed, and those not listed (moves, --update).
 */
struct afile {
	struct input	*in;
	char		*name;
	int		 err;
	struct entry	*e;		/* listed under its name, or NULL */
	struct entry	*from;		/* moved: the entry it matches */
	enum astatus	 st;
	int		 skip;		/* the same name came before */
};

/* The manifest as read, and what the run found. */
struct amanifest {
	struct gnu		*g;
	const char		*path, *label;
	int			 is_stdin;
	int			 exists;	/* --update: it was there */
	struct stat		 sb;
	char			*raw;		/* its bytes */
	size_t			 rawlen;
	char			*work;		/* a copy, cut into lines */
	struct rec		*recs;
	size_t			 nrecs;
	struct entry		*ents;
	size_t			 nents;
	const struct mds_alg	*algs[MAX_ALGS];	/* in order of use */
	size_t			 nalgs;
	/* The first line's form, for --update. */
	int			 tagged, binary, reversed, base64, crlf;
	/* The files. */
	struct walk		*walk;
	size_t			 next_ent;	/* no operands: next entry */
	struct afile		**files;
	size_t			 nfiles, files_cap;
	int			 update;
	uintmax_t		 count[A_NSTATUS];
};

static int	matches(const struct amanifest *, const struct entry *,
		    const struct input *);

static int
by_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return x->lineno < y->lineno ? -1 : x->lineno > y->lineno;
}

static int
by_ent_name(const void *key, const void *b)
{
	return strcmp(key, ((const struct entry *)b)->name);
}

static int
by_lineno(const void *a, const void *b)
{
	const struct entry *x = *(struct entry *const *)a;
	const struct entry *y = *(struct entry *const *)b;

	return x->lineno < y->lineno ? -1 : x->lineno > y->lineno;
}

static int
by_file_name(const void *a, const void *b)
{
	const struct afile *x = *(struct afile *const *)a;
	const struct afile *y = *(struct afile *const *)b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return x < y ? -1 : x > y;	/* the earlier one first */
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
static void
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

/*
 * Read all of fd into m->raw; -1 with errno set on error.
 */
static int
read_all(struct amanifest *m, int fd)
{
	size_t cap = 64 * 1024;
	ssize_t got;
	char *p;

	if ((m->raw = malloc(cap + 1)) == NULL)
		err(1, NULL);
	m->rawlen = 0;
	for (;;) {
		if (m->rawlen == cap) {
			cap *= 2;
			if ((p = realloc(m->raw, cap + 1)) == NULL)
				err(1, NULL);
			m->raw = p;
		}
		got = read(fd, m->raw + m->rawlen, cap - m->rawlen);
		if (got == -1 && errno == EINTR)
			continue;
		if (got == -1)
			return -1;
		if (got == 0)
			break;
		m->rawlen += (size_t)got;
	}
	m->raw[m->rawlen] = '\0';
	return 0;
}

/* Note the algorithm of a line among those the manifest uses. */
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
 * Take note of the form of the manifest's first line: s is the line as
 * it was (len bytes, before parse_line cut it), f its fields.
 */
static void
note_form(struct amanifest *m, const struct line_parser *lp,
    const char *line, const struct line_fields *f, int crlf)
{
	const char *s = line;

	m->tagged = f->digest > f->name;
	m->reversed = lp->reversed == 1;
	m->binary = !m->tagged && !m->reversed && f->name > s &&
	    f->name[-1] == '*';
	m->base64 = f->dlen != 2 * mds_alg_digest_len(f->alg);
	m->crlf = crlf;
}

/*
 * Read and parse the manifest; -1 (said) if it cannot be read or has a
 * line that cannot be used.  A manifest --update is to create does not
 * exist yet: that is no error then.
 */
static int
load_manifest(struct amanifest *m)
{
	struct line_parser lp;
	struct line_fields f;
	struct entry *e;
	size_t cap = 0, i, len, start, next;
	uintmax_t lineno = 0;
	char *line, *nl, why[160];
	enum line_kind kind;
	int fd, crlf;

	memset(&lp, 0, sizeof(lp));
	lp.g = m->g;
	lp.reversed = -1;
	lp.is_stdin = m->is_stdin;
	if (!m->is_stdin)
		lp.named = alg_from_name(m->path, &lp.named_fam);
	if (m->is_stdin)
		fd = STDIN_FILENO;
	else if ((fd = open(m->path, O_RDONLY)) == -1) {
		if (errno == ENOENT && m->update) {
			m->raw = strdup("");
			m->work = strdup("");
			if (m->raw == NULL || m->work == NULL)
				err(1, NULL);
			return 0;
		}
		warn("%s", quotef(m->path));
		return -1;
	}
	if (fstat(fd, &m->sb) == -1 || read_all(m, fd) == -1) {
		warn("%s", quotef(m->label));
		if (fd != STDIN_FILENO)
			(void)close(fd);
		return -1;
	}
	if (fd != STDIN_FILENO)
		(void)close(fd);
	m->exists = 1;
	if (m->update && !S_ISREG(m->sb.st_mode)) {
		warnx("%s: not a regular file", quotef(m->path));
		return -1;
	}
	if ((m->work = malloc(m->rawlen + 1)) == NULL)
		err(1, NULL);
	memcpy(m->work, m->raw, m->rawlen + 1);

	for (start = 0; start < m->rawlen; start = next) {
		line = m->work + start;
		nl = memchr(line, '\n', m->rawlen - start);
		len = nl != NULL ? (size_t)(nl - line) : m->rawlen - start;
		next = start + len + 1;
		line[len] = '\0';
		lineno++;
		crlf = len > 0 && line[len - 1] == '\r';
		if (crlf)
			line[--len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		kind = parse_line(&lp, line, len, &f);
		if (kind != LINE_GOOD) {
			if (kind == LINE_AMBIGUOUS)
				snprintf(why, sizeof(why), "an untagged "
				    "checksum of %zu characters fits several "
				    "algorithms; name one with -a", f.dlen);
			else if (kind == LINE_UNKNOWN)
				snprintf(why, sizeof(why), "no such "
				    "algorithm in this build: %.*s",
				    (int)f.taglen, f.tag);
			else
				snprintf(why, sizeof(why), "improperly "
				    "formatted checksum line");
			warnx("%s: %ju: %s", quotef(m->label), lineno, why);
			return -1;
		}
		if (m->nrecs == cap) {
			cap = cap == 0 ? 64 : 2 * cap;
			if ((m->recs = reallocarray(m->recs, cap,
			    sizeof(*m->recs))) == NULL)
				err(1, NULL);
		}
		if (m->nrecs == 0)
			note_form(m, &lp, line, &f, crlf);
		m->recs[m->nrecs].name = f.name;
		m->recs[m->nrecs].alg = f.alg;
		m->recs[m->nrecs].text = f.digest;
		m->recs[m->nrecs].tlen = f.dlen;
		m->recs[m->nrecs].lineno = lineno;
		digest_bytes(f.digest, f.dlen, mds_alg_digest_len(f.alg),
		    m->recs[m->nrecs].md);
		use_alg(m, f.alg);
		m->nrecs++;
	}

	/* The entries: the lines grouped by name, sorted by name. */
	if (m->nrecs > 0)
		qsort(m->recs, m->nrecs, sizeof(*m->recs), by_rec);
	if ((m->ents = calloc(m->nrecs + 1, sizeof(*m->ents))) == NULL)
		err(1, NULL);
	for (i = 0; i < m->nrecs; i++) {
		if (i == 0 ||
		    strcmp(m->recs[i].name, m->recs[i - 1].name) != 0) {
			e = &m->ents[m->nents++];
			e->name = m->recs[i].name;
			e->first = i;
			e->lineno = m->recs[i].lineno;
		}
		m->ents[m->nents - 1].n++;
	}
	return 0;
}

static struct entry *
find_entry(const struct amanifest *m, const char *name)
{
	return m->nents == 0 ? NULL : bsearch(name, m->ents, m->nents,
	    sizeof(*m->ents), by_ent_name);
}

/* Is name the manifest itself (so not one of the files)? */
static int
is_manifest(const struct amanifest *m, const char *name)
{
	struct stat sb;

	return m->exists && !m->is_stdin && strcmp(name, "-") != 0 &&
	    stat(name, &sb) == 0 && sb.st_dev == m->sb.st_dev &&
	    sb.st_ino == m->sb.st_ino;
}

/* The algorithms of an entry's lines, each once, into in. */
static void
entry_algs(const struct amanifest *m, const struct entry *e,
    struct input *in)
{
	size_t i, j;

	in->nalgs = 0;
	for (i = e->first; i < e->first + e->n; i++) {
		for (j = 0; j < in->nalgs; j++)
			if (in->algs[j] == m->recs[i].alg)
				break;
		if (j == in->nalgs && in->nalgs < MAX_ALGS)
			in->algs[in->nalgs++] = m->recs[i].alg;
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
		f->e = find_entry(m, name);
		if ((m->update && f->e != NULL) || is_manifest(m, name)) {
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

/*
 * What a listed file is can be told at once; a file not listed waits for
 * the end, when the entries without a file are known.  A listed file that
 * is not there is one of those: it is reported as missing.
 */
static void
settle(struct amanifest *m, struct afile *f)
{
	if (f->e != NULL && f->err == ENOENT)
		f->skip = 1;
	else if (f->err != 0)
		f->st = A_UNREADABLE;
	else if (f->e != NULL)
		f->st = matches(m, f->e, f->in) ? A_OK : A_CHANGED;
	else
		f->st = A_NEW;
	if (f->skip || f->st == A_OK || f->st == A_UNREADABLE) {
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
	progress_item();
	if (!m->update)
		settle(m, f);
	if (m->nfiles == m->files_cap) {
		m->files_cap = m->files_cap == 0 ? 64 : 2 * m->files_cap;
		if ((m->files = reallocarray(m->files, m->files_cap,
		    sizeof(*m->files))) == NULL)
			err(1, NULL);
	}
	m->files[m->nfiles++] = item;
}

/* Hash the files; names given twice are marked to skip the second. */
static void
hash_files(struct amanifest *m, char **operands, size_t n)
{
	struct job_ops ops = { afile_next, afile_work, afile_emit,
	    afile_input, NULL };
	struct afile **sorted;
	size_t i;

	if (n > 0)
		m->walk = walk_open(operands, n, m->g);
	ops.arg = m;
	run_jobs(&ops, m->g->jobs);
	if (m->walk != NULL)
		walk_close(m->walk);
	if (m->nfiles < 2)
		return;
	if ((sorted = calloc(m->nfiles, sizeof(*sorted))) == NULL)
		err(1, NULL);
	memcpy(sorted, m->files, m->nfiles * sizeof(*sorted));
	qsort(sorted, m->nfiles, sizeof(*sorted), by_file_name);
	for (i = 1; i < m->nfiles; i++)
		if (strcmp(sorted[i]->name, sorted[i - 1]->name) == 0)
			sorted[i]->skip = 1;
	free(sorted);
}

/* The digest of in by alg, or NULL if in was not hashed with it. */
static const unsigned char *
md_of(const struct input *in, const struct mds_alg *alg)
{
	size_t a;

	for (a = 0; a < in->nalgs; a++)
		if (in->algs[a] == alg)
			return in->md[a];
	return NULL;
}

/* Do the digests of in match every line of e? */
static int
matches(const struct amanifest *m, const struct entry *e,
    const struct input *in)
{
	const struct rec *r;
	const unsigned char *md;
	size_t i;

	for (i = e->first; i < e->first + e->n; i++) {
		r = &m->recs[i];
		if ((md = md_of(in, r->alg)) == NULL ||
		    memcmp(md, r->md, mds_alg_digest_len(r->alg)) != 0)
			return 0;
	}
	return 1;
}

/* An entry with no file, by the first digest it lists. */
struct gone {
	const struct mds_alg	*alg;
	const unsigned char	*md;
	struct entry		*e;
};

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
			    matches(m, gone[lo].e, in)) {
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

	for (i = 0; i < m->nfiles; i++) {
		f = m->files[i];
		if (!f->skip && f->e != NULL)
			f->e->seen = 1;
	}
	if ((gone = calloc(m->nents + 1, sizeof(*gone))) == NULL)
		err(1, NULL);
	for (i = 0; i < m->nents; i++) {
		e = &m->ents[i];
		if (e->seen)
			continue;
		gone[ngone].alg = m->recs[e->first].alg;
		gone[ngone].md = m->recs[e->first].md;
		gone[ngone++].e = e;
	}
	if (ngone > 0)
		qsort(gone, ngone, sizeof(*gone), by_digest_line);
	for (i = 0; i < m->nfiles && ngone > 0; i++) {
		f = m->files[i];
		if (!f->skip && f->st == A_NEW &&
		    (f->from = moved_from(m, f->in, gone, ngone)) != NULL)
			f->st = A_MOVED;
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
put_text(const char *name, enum astatus st, const char *from)
{
	int escape = name_needs_escape(name) ||
	    (from != NULL && name_needs_escape(from));

	line_begin();
	if (escape)
		putchar('\\');
	put_name(name, escape);
	printf(": %s", status_name[st]);
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
put_json_digest(const struct mds_alg *alg, const struct rec *r,
    const unsigned char *md, int same)
{
	char text[2 * MDS_MAX_DIGEST + 1];
	int b64 = r != NULL && r->tlen != 2 * mds_alg_digest_len(alg);

	printf("{\"algorithm\":\"%s\"", mds_alg_name(alg));
	if (r != NULL)
		printf(",\"expected\":\"%.*s\"", (int)r->tlen, r->text);
	if (same)
		printf(",\"actual\":\"%.*s\"", (int)r->tlen, r->text);
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
put_json(const struct amanifest *m, const char *name, enum astatus st,
    const struct entry *e, const struct input *got, int err)
{
	size_t i, a;

	line_begin();
	putchar('{');
	put_json_name(stdout, "file", name);
	printf(",\"status\":\"%s\"", status_name[st]);
	if (st == A_MOVED) {
		putchar(',');
		put_json_name(stdout, "from", e->name);
	}
	fputs(",\"digests\":[", stdout);
	if (e != NULL)
		for (i = e->first; i < e->first + e->n; i++) {
			if (i != e->first)
				putchar(',');
			put_json_digest(m->recs[i].alg, &m->recs[i],
			    got != NULL ? md_of(got, m->recs[i].alg) : NULL,
			    st == A_OK);
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
		put_json_string(stdout, err == ERR_CHANGED ?
		    "file changed while reading" : strerror(err));
	}
	fputs("}\n", stdout);
	line_end();
}

/* in: the digests read, if kept; err: why the file could not be. */
static void
report(struct amanifest *m, const char *name, enum astatus st,
    const struct entry *e, const struct input *in, int err)
{
	const struct gnu *g = m->g;

	m->count[st]++;
	if (st == A_UNREADABLE)
		warn_input(quotef(name), err);
	if (g->status_only || (g->quiet && st == A_OK))
		return;
	if (g->json)
		put_json(m, name, st, e, in, err);
	else
		put_text(name, st, st == A_MOVED ? e->name : NULL);
}

static void
summary(const struct amanifest *m, int passed)
{
	const struct gnu *g = m->g;
	size_t s;

	if (g->status_only)
		return;
	if (g->json) {
		line_begin();
		putchar('{');
		put_json_name(stdout, "manifest", m->label);
		for (s = 0; s < A_NSTATUS; s++)
			printf(",\"%s\":%ju", status_name[s], m->count[s]);
		printf(",\"result\":\"%s\"}\n", passed ? "passed" : "failed");
		line_end();
		return;
	}
	warnx("%s: audit %s: %ju ok, %ju changed, %ju moved, %ju new, "
	    "%ju missing, %ju unreadable", quotef(m->label),
	    passed ? "passed" : "failed", m->count[A_OK],
	    m->count[A_CHANGED], m->count[A_MOVED], m->count[A_NEW],
	    m->count[A_MISSING], m->count[A_UNREADABLE]);
}

static void
free_manifest(struct amanifest *m)
{
	size_t i;

	for (i = 0; i < m->nfiles; i++) {
		free(m->files[i]->name);
		free(m->files[i]->in);
		free(m->files[i]);
	}
	free(m->files);
	free(m->recs);
	free(m->ents);
	free(m->raw);
	free(m->work);
}

static int
manifest_init(struct amanifest *m, struct gnu *g, const char *path,
    int update)
{
	memset(m, 0, sizeof(*m));
	m->g = g;
	m->path = path;
	m->update = update;
	m->is_stdin = strcmp(path, "-") == 0;
	m->label = m->is_stdin ? "standard input" : path;
	if (load_manifest(m) == -1)
		return -1;
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

int
gnu_audit(struct gnu *g, char **operands, size_t n)
{
	struct amanifest m;
	struct entry **missing;
	struct afile *f;
	size_t nmissing = 0, i;
	int passed;

	if (manifest_init(&m, g, g->audit, 0) == -1) {
		free_manifest(&m);
		return 1;
	}
	hash_files(&m, operands, n);
	classify(&m);
	for (i = 0; i < m.nfiles; i++) {
		f = m.files[i];
		if (!f->skip)
			report(&m, f->name, f->st, f->st == A_MOVED ?
			    f->from : f->e, f->in, f->err);
	}
	/* What is left is missing, in the manifest's order. */
	if ((missing = calloc(m.nents + 1, sizeof(*missing))) == NULL)
		err(1, NULL);
	for (i = 0; i < m.nents; i++)
		if (!m.ents[i].seen && !m.ents[i].claimed)
			missing[nmissing++] = &m.ents[i];
	if (nmissing > 0)
		qsort(missing, nmissing, sizeof(*missing), by_lineno);
	for (i = 0; i < nmissing; i++)
		report(&m, missing[i]->name, A_MISSING, missing[i], NULL, 0);
	free(missing);
	passed = m.count[A_CHANGED] + m.count[A_MOVED] + m.count[A_NEW] +
	    m.count[A_MISSING] + m.count[A_UNREADABLE] == 0;
	summary(&m, passed);
	free_manifest(&m);
	return passed ? 0 : 1;
}

/* The lines of a file new to the manifest, in its form, appended to buf. */
static void
format_lines(const struct amanifest *m, const struct input *in, FILE *fp)
{
	struct gnu g = *m->g;
	char *text = NULL, *p;
	size_t size = 0, a, skip;
	FILE *mem;

	g.json = g.raw = g.no_names = 0;
	g.named = 1;
	g.delim = '\n';
	if (m->nrecs > 0) {
		g.tagged = m->tagged;
		g.binary = m->binary;
		g.base64 = m->base64;
	}
	for (a = 0; a < in->nalgs; a++) {
		if ((mem = open_memstream(&text, &size)) == NULL)
			err(1, NULL);
		print_line(mem, &g, in, a);
		if (fclose(mem) != 0)
			err(1, NULL);
		p = text;
		if (m->nrecs > 0 && m->reversed && !g.tagged) {
			/* md5 -r: one space between digest and name */
			skip = strcspn(p, " ");
			memmove(p + skip, p + skip + 1, size - skip);
			size--;
		}
		if (m->crlf && size > 0) {
			fwrite(p, 1, size - 1, fp);
			fputs("\r\n", fp);
		} else
			fwrite(p, 1, size, fp);
		free(text);
		text = NULL;
	}
}

static int
write_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, p, n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * Replace the manifest at path with old (its bytes) and add after it,
 * through a temporary file in its directory; -1 (said) on failure, the
 * old manifest then left as it was and the temporary file removed.
 */
static int
replace_file(const struct amanifest *m, const char *add, size_t addlen)
{
	const char *path = m->path;
	char *target = NULL, *dcopy = NULL, *bcopy = NULL, *tmp = NULL;
	const char *dir, *base, *step = NULL;
	struct stat lsb;
	sigset_t saved;
	mode_t mask;
	size_t len;
	int fd = -1, dfd, e = 0, ret = -1;

	/* A link to the manifest stays a link: the file it names changes. */
	if (lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode)) {
		if ((target = realpath(path, NULL)) == NULL) {
			warn("%s", quotef(path));
			return -1;
		}
		path = target;
	}
	if ((dcopy = strdup(path)) == NULL || (bcopy = strdup(path)) == NULL)
		err(1, NULL);
	dir = dirname(dcopy);
	base = basename(bcopy);
	len = strlen(dir) + strlen(base) + sizeof("/..XXXXXX");
	if ((tmp = malloc(len)) == NULL)
		err(1, NULL);
	snprintf(tmp, len, "%s/.%s.XXXXXX", dir, base);
	(void)pthread_sigmask(SIG_BLOCK, line_signals(), &saved);
	if ((fd = mkstemp(tmp)) == -1) {
		e = errno;
		step = "cannot create a temporary file";
		goto out;
	}
	mask = umask(0);
	(void)umask(mask);
	if (write_all(fd, m->raw, m->rawlen) == -1 ||
	    write_all(fd, add, addlen) == -1)
		step = "write error";
	else if (fchmod(fd, m->exists ? m->sb.st_mode & 07777 :
	    0666 & ~mask) == -1)
		step = "cannot set the mode";
	else if (fsync(fd) == -1)
		step = "cannot sync";
	if (step == NULL && m->exists && (m->sb.st_uid != geteuid() ||
	    m->sb.st_gid != getegid()))
		(void)fchown(fd, m->sb.st_uid, m->sb.st_gid);
	if (step != NULL)
		e = errno;
	if (close(fd) == -1 && step == NULL) {
		e = errno;
		step = "write error";
	}
	if (step == NULL && rename(tmp, path) == -1) {
		e = errno;
		step = "cannot rename the temporary file over it";
	}
	if (step != NULL) {
		(void)unlink(tmp);
		goto out;
	}
	ret = 0;
	/* The rename is durable once the directory is. */
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY)) == -1 ||
	    fsync(dfd) == -1) {
		e = errno;
		step = "updated, but its directory could not be synced";
		ret = -1;
	}
	if (dfd != -1)
		(void)close(dfd);
out:
	(void)pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (step != NULL)
		warnx("%s: %s: %s", quotef(m->path), step, strerror(e));
	free(tmp);
	free(dcopy);
	free(bcopy);
	free(target);
	return ret;
}

int
gnu_update(struct gnu *g, char **operands, size_t n)
{
	struct amanifest m;
	struct afile *f;
	char *add = NULL;
	size_t addlen = 0, i;
	FILE *fp;
	int status = 0;

	if (manifest_init(&m, g, g->update, 1) == -1) {
		free_manifest(&m);
		return 1;
	}
	hash_files(&m, operands, n);
	if ((fp = open_memstream(&add, &addlen)) == NULL)
		err(1, NULL);
	/* The last line gets its end, if it had none. */
	if (m.rawlen > 0 && m.raw[m.rawlen - 1] != '\n')
		fputs(m.crlf ? "\r\n" : "\n", fp);
	for (i = 0; i < m.nfiles; i++) {
		f = m.files[i];
		if (f->skip)
			continue;
		if (f->err != 0) {
			warn_input(quotef(f->name), f->err);
			status = 1;
			continue;
		}
		format_lines(&m, f->in, fp);
		m.count[A_NEW]++;
	}
	if (fclose(fp) != 0)
		err(1, NULL);
	if (m.count[A_NEW] > 0 && replace_file(&m, add, addlen) == -1)
		status = 1;
	free(add);
	free_manifest(&m);
	return status;
}

/* The options --audit and --update do not go with; NULL if all is well. */
const char *
audit_options(const struct gnu *g, int binary, size_t noperands)
{
	size_t i;

	if (g->audit == NULL && g->update == NULL)
		return NULL;
	if (g->audit != NULL && g->update != NULL)
		return "--audit and --update exclude each other";
	if (g->check || g->checklist != NULL || g->expect != NULL ||
	    g->archive || g->raw || g->no_names || g->delim != '\n')
		return g->audit != NULL ? "--audit does not go with -c, -C, "
		    "--expect, -A, --raw, --no-names or -z" :
		    "--update does not go with -c, -C, --expect, -A, --raw, "
		    "--no-names or -z";
	if (g->audit != NULL && (g->base64 || binary != -1 || g->warn ||
	    g->strict || g->ignore_missing))
		return "--audit does not go with --base64, -b, -t, -w, "
		    "--strict or --ignore-missing";
	for (i = 0; i < g->nalgs && g->algs_given; i++)
		if (is_sum_format(g->algs[i]))
			return "--audit and --update do not go with "
			    "--algorithm={bsd,sysv,crc,crc32b}";
	if (g->update != NULL && (g->json || g->quiet || g->status_only ||
	    g->warn || g->strict || g->ignore_missing))
		return "--update does not go with --json, --quiet, --status, "
		    "-w, --strict or --ignore-missing";
	if (g->update != NULL && noperands == 0)
		return "--update needs FILE or DIR operands";
	if (g->update != NULL && strcmp(g->update, "-") == 0)
		return "--update cannot write standard input";
	return NULL;
}
