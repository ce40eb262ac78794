/*
 * walk.c: the inputs named by the operands.  Without -R each operand is
 * one input (a directory is then an error, reported in order).  With -R a
 * directory operand is walked with fts(3) in byte order of the names, so
 * output is the same from run to run, and only regular files are hashed.
 * Symbolic links inside the tree are reported and not followed (those
 * named as operands are) unless -L follows them all; --exclude and
 * --include, --max-depth and --one-file-system choose what is walked, and
 * never drop an operand.  A regular file that is standard output (mdsum
 * -R . >SUMS) is left out, as tar leaves out its archive.  With
 * --files0-from the operands are the NUL-separated names of a list, read
 * one at a time as the walk goes (so that a list of any length takes no
 * more memory than its longest name), and diagnosed as GNU du and wc do.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fnmatch.h>
#include <fts.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define LIST_READ	(64 * 1024)	/* bytes of the list read at a time */

/* An --exclude or --include, as walk_add_rule read it. */
struct walk_rule {
	char	*pattern;	/* without the '/' that ends or starts it */
	int	 include;
	int	 path;		/* matched against the path below the operand */
	int	 dir_only;	/* GLOB/: directories only */
};

struct walk {
	const struct gnu *g;
	char	**operands;
	size_t	  n;
	size_t	  next;		/* next operand */
	FTS	 *fts;		/* the tree being walked, or NULL */
	size_t	  below;	/* where its paths below the operand start */
	int	  quiet;	/* walk_count: no messages */
	const int *stop;	/* walk_count: give up once it is nonzero */
	int	  out_reg;	/* standard output is a regular file, */
	dev_t	  out_dev;	/* this one */
	ino_t	  out_ino;
	FILE	 *list;		/* --files0-from's names, or NULL */
	const char *list_path;	/* "-" for standard input */
	uintmax_t list_item;	/* names read from it, for messages */
	char	 *buf;		/* what is read of it and not yet taken */
	size_t	  cap;
	size_t	  pos, len;	/* its next name in buf, and its end */
	int	  eof;		/* nothing more to read from it */
	int	  failed;	/* a name of the list was refused, or a loop */
};

static int	 by_name(const FTSENT **, const FTSENT **);
static void	 walk_init(struct walk *, const struct gnu *);
static int	 tree_open(struct walk *, char *, int);
static FTSENT	*tree_next(struct walk *, int *);
static int	 kept(const struct walk *, const FTSENT *, int);
static int	 points_to_dir(const FTSENT *);
static void	 loop_message(const FTSENT *);
static char	*list_next(struct walk *);
static char	*walk_tree(struct walk *, int *);

static int
by_name(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

/*
 * --exclude=GLOB (include 0) and --include=GLOB (include 1), appended to
 * g's rules; -1 (reported) for a pattern that could match nothing.  A
 * GLOB with a '/' is matched against the path below the operand, one
 * starting with '/' only there; one ending with '/' matches directories
 * only.  The list lasts as long as the program (in a static here, so it
 * is still reachable at exit).
 */
int
walk_add_rule(struct gnu *g, const char *glob, int include)
{
	static struct walk_rule *rules;
	struct walk_rule *r;
	const char *p = glob;
	size_t len;

	while (*p == '/')
		p++;
	for (len = strlen(p); len > 0 && p[len - 1] == '/'; len--)
		continue;
	if (len == 0) {
		warnx("invalid argument %s for %s", quote_arg(glob),
		    quote_arg(include ? "--include" : "--exclude"));
		return -1;
	}
	if ((r = reallocarray(rules, g->nrules + 1, sizeof(*r))) == NULL)
		err(1, NULL);
	rules = r;
	r = &rules[g->nrules++];
	if ((r->pattern = strndup(p, len)) == NULL)
		err(1, NULL);
	r->include = include;
	r->path = p != glob || memchr(p, '/', len) != NULL;
	r->dir_only = p[len] == '/';
	g->rules = rules;
	if (include)
		g->includes = 1;
	return 0;
}

struct walk *
walk_open(char **operands, size_t n, const struct gnu *g)
{
	struct walk *w;

	if ((w = calloc(1, sizeof(*w))) == NULL)
		err(1, NULL);
	walk_init(w, g);
	w->operands = operands;
	w->n = n;
	return w;
}

/* What every walk starts from, walk_count's too. */
static void
walk_init(struct walk *w, const struct gnu *g)
{
	struct stat sb;

	w->g = g;
	if (fstat(STDOUT_FILENO, &sb) == 0 && S_ISREG(sb.st_mode)) {
		w->out_reg = 1;
		w->out_dev = sb.st_dev;
		w->out_ino = sb.st_ino;
	}
}

/*
 * --files0-from=PATH: the names are read from PATH, or standard input for
 * "-"; NULL (reported) if it cannot be opened.
 */
struct walk *
walk_open_list(const char *path, const struct gnu *g)
{
	struct walk *w;
	const char *q;

	w = walk_open(NULL, 0, g);
	w->list_path = path;
	w->list = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (w->list == NULL) {
		/* coreutils quotes this name even when it needs no quotes */
		q = quotef(path);
		warn(q == path ? "cannot open '%s' for reading" :
		    "cannot open %s for reading", q);
		free(w);
		return NULL;
	}
	return w;
}

/* The NUL that ends the next name of the list, NULL if not yet read. */
static char *
list_name_end(const struct walk *w)
{
	return w->pos < w->len ? memchr(w->buf + w->pos, '\0', w->len - w->pos) :
	    NULL;
}

/*
 * Read more of the list after the part of a name already in w->buf: 1,
 * 0 at its end, -1 on a read error.  Its descriptor is read, not its
 * stdio stream, so that walk_pending knows what is buffered.
 */
static int
list_fill(struct walk *w)
{
	ssize_t n;

	if (w->pos > 0) {
		memmove(w->buf, w->buf + w->pos, w->len - w->pos);
		w->len -= w->pos;
		w->pos = 0;
	}
	/* room for a read, and for the NUL that may end the last name */
	if (w->cap - w->len < LIST_READ + 1) {
		w->cap = w->cap == 0 ? LIST_READ + 1 : 2 * w->cap;
		if ((w->buf = realloc(w->buf, w->cap)) == NULL)
			err(1, NULL);
	}
	while ((n = read(fileno(w->list), w->buf + w->len,
	    w->cap - w->len - 1)) == -1)
		if (errno != EINTR)
			return -1;
	w->len += (size_t)n;
	return n > 0;
}

/*
 * The next name of the list, NULL at its end or on a read error (then
 * reported).  A name ends at a NUL or at the end of the list; an empty
 * one, or "-" in a list read from standard input (which is already the
 * list), is reported and skipped, failing the run.
 */
static char *
list_next(struct walk *w)
{
	char *name, *end;
	int r;

	for (;;) {
		while ((end = list_name_end(w)) == NULL && !w->eof)
			if ((r = list_fill(w)) == -1) {
				warn("%s: read error", quotef(w->list_path));
				w->failed = 1;
				w->eof = 1;
				return NULL;
			} else if (r == 0)
				w->eof = 1;
		if (end == NULL && w->pos < w->len) {
			/* the last name, with no NUL after it */
			w->buf[w->len++] = '\0';
			end = w->buf + w->len - 1;
		}
		if (end == NULL)
			return NULL;
		name = w->buf + w->pos;
		w->pos = (size_t)(end - w->buf) + 1;
		w->list_item++;
		if (end == name)
			warnx("%s:%ju: invalid zero-length file name",
			    quotef(w->list_path), w->list_item);
		else if (w->list == stdin && strcmp(name, "-") == 0)
			warnx("when reading file names from stdin, no file "
			    "name of '-' allowed");
		else
			return name;
		w->failed = 1;
	}
}

/*
 * May walk_next be called without waiting for a writer?  Not when it
 * would read the list (a pipe, a fifo or a terminal: its writer may
 * wait for the lines of the names it has written) and no whole name is
 * buffered and nothing has arrived; then what is already taken is
 * finished first.  During a tree walk the answer is the list's too: the
 * walk cannot tell whether the tree has more.
 */
int
walk_pending(struct walk *w)
{
	struct pollfd pfd;
	int r;

	if (w->list == NULL || w->eof || list_name_end(w) != NULL)
		return 1;
	pfd.fd = fileno(w->list);
	pfd.events = POLLIN;
	while ((r = poll(&pfd, 1, 0)) == -1 && errno == EINTR)
		;
	/* readable, at its end or failed (a regular file always is) */
	return r != 0;
}

/*
 * Start walking the directory path; -1 with errno set if fts cannot.
 * Only the walk that hashes needs the order of the names.
 */
static int
tree_open(struct walk *w, char *path, int sorted)
{
	char *paths[2];
	int flags = FTS_NOCHDIR;

	paths[0] = path;
	paths[1] = NULL;
	flags |= w->g->follow ? FTS_LOGICAL : FTS_PHYSICAL | FTS_COMFOLLOW;
	if (w->g->one_fs)
		flags |= FTS_XDEV;
	w->fts = fts_open(paths, flags, sorted ? by_name : NULL);
	return w->fts == NULL ? -1 : 0;
}

/*
 * Does the rule that decides keep e (dir: as a directory)?  The first
 * rule that matches decides; with none, a directory is kept, and a file
 * unless some rule is an --include.  The operand itself always is.
 */
static int
kept(const struct walk *w, const FTSENT *e, int dir)
{
	const struct gnu *g = w->g;
	const struct walk_rule *r;
	size_t i;

	if (e->fts_level == FTS_ROOTLEVEL)
		return 1;
	for (i = 0; i < g->nrules; i++) {
		r = &g->rules[i];
		if (r->dir_only && !dir)
			continue;
		if (r->path ? fnmatch(r->pattern, e->fts_path + w->below,
		    FNM_PATHNAME) == 0 : fnmatch(r->pattern, e->fts_name, 0) == 0)
			return r->include;
	}
	return dir || !g->includes;
}

/* A link not followed: is it to a directory (which -L would descend)? */
static int
points_to_dir(const FTSENT *e)
{
	struct stat sb;

	return stat(e->fts_path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/*
 * A directory met again below itself (-L, or a bind mount): named with
 * the one it is, whose path is the start of e's (fts keeps one path
 * buffer, so the ancestor's fts_path is only good for its length).
 */
static void
loop_message(const FTSENT *e)
{
	char *first;

	if ((first = strndup(e->fts_path, e->fts_cycle->fts_pathlen)) == NULL)
		err(1, NULL);
	warnx("%s: file system loop detected (the directory %s again)",
	    quotef(e->fts_path), quotef(first));
	free(first);
}

/*
 * The next entry of the tree that is an input: a regular file, or a name
 * with *errp set to why it cannot be one; NULL when the tree is done (or
 * walk_count is stopped).  What the rules, --max-depth and
 * --one-file-system (fts itself) leave out is never descended into.  The
 * messages about links and loops are given here, by the walk that hashes
 * alone, so once each.
 */
static FTSENT *
tree_next(struct walk *w, int *errp)
{
	const struct gnu *g = w->g;
	FTSENT *e;
	int deep;

	while ((e = fts_read(w->fts)) != NULL) {
		if (w->stop != NULL && __atomic_load_n(w->stop, __ATOMIC_RELAXED))
			break;
		/* Every name at level 1 starts where the operand's path ends. */
		if (e->fts_level == 1)
			w->below = strlen(e->fts_path) - e->fts_namelen;
		/* Would a directory here be walked, depth alone considered? */
		deep = g->max_depth >= 0 && e->fts_level >= g->max_depth;
		*errp = 0;
		switch (e->fts_info) {
		case FTS_D:
			if (deep || !kept(w, e, 1))
				(void)fts_set(w->fts, e, FTS_SKIP);
			break;
		case FTS_DC:
			if (deep || !kept(w, e, 1))
				break;
			if (!w->quiet)
				loop_message(e);
			w->failed = 1;
			break;
		case FTS_F:
			if (w->out_reg && e->fts_statp->st_dev == w->out_dev &&
			    e->fts_statp->st_ino == w->out_ino)
				break;
			if (kept(w, e, 0))
				return e;
			break;
		case FTS_SL:	/* without -L */
			if (!w->quiet && kept(w, e, g->nrules > 0 &&
			    points_to_dir(e)))
				warnx("%s: symbolic link not followed (-L "
				    "follows it)", quotef(e->fts_path));
			break;
		case FTS_SLNONE:	/* -L, and the link leads nowhere */
			if (kept(w, e, 0)) {
				*errp = ENOENT;
				return e;
			}
			break;
		case FTS_DNR:
		case FTS_ERR:
		case FTS_NS:
			if (kept(w, e, e->fts_info == FTS_DNR)) {
				*errp = e->fts_errno;
				return e;
			}
			break;
		default:	/* directories done, devices, fifos */
			break;
		}
	}
	fts_close(w->fts);
	w->fts = NULL;
	return NULL;
}

/* The next input name of the tree being walked, or NULL when it is done. */
static char *
walk_tree(struct walk *w, int *errp)
{
	FTSENT *e;
	char *name;

	if ((e = tree_next(w, errp)) == NULL)
		return NULL;
	if ((name = strdup(e->fts_path)) == NULL)
		err(1, NULL);
	return name;
}

/*
 * The next input name (to be freed), with *errp set to an error already
 * known for it; NULL at the end.
 */
char *
walk_next(struct walk *w, int *errp)
{
	char *name;
	struct stat sb;

	for (;;) {
		if (w->fts != NULL && (name = walk_tree(w, errp)) != NULL)
			return name;
		if (w->list != NULL) {
			if ((name = list_next(w)) == NULL)
				return NULL;
		} else if (w->next == w->n)
			return NULL;
		else
			name = w->operands[w->next++];
		*errp = 0;
		if (strcmp(name, "-") != 0 && stat(name, &sb) == 0 &&
		    S_ISDIR(sb.st_mode)) {
			if (!w->g->recursive)
				*errp = EISDIR;
			else if (tree_open(w, name, 1) == -1)
				*errp = errno;
			else
				continue;
		}
		if ((name = strdup(name)) == NULL)
			err(1, NULL);
		return name;
	}
}

/*
 * --progress: what a walk of these operands will yield, counted ahead
 * (progress.c runs it in a thread of its own): *files inputs, and
 * *bytes, the sizes of the regular files among them, or -1 if some
 * input's size cannot be known (standard input, a fifo).  The trees are
 * walked by tree_next as walk_next walks them, so the count is the same
 * whatever the options.  Returns -1, nothing known, when *stop became
 * nonzero meanwhile.
 */
int
walk_count(const struct gnu *g, char **operands, size_t n, const int *stop,
    uint64_t *files, int64_t *bytes)
{
	struct walk w;
	struct stat sb;
	FTSENT *e;
	size_t i;
	int error;

	memset(&w, 0, sizeof(w));
	walk_init(&w, g);
	w.quiet = 1;
	w.stop = stop;
	*files = 0;
	*bytes = 0;
	for (i = 0; i < n; i++) {
		if (strcmp(operands[i], "-") == 0 ||
		    stat(operands[i], &sb) == -1) {
			if (strcmp(operands[i], "-") == 0)
				*bytes = -1;
			++*files;
			continue;
		}
		if (!S_ISDIR(sb.st_mode) || !g->recursive) {
			if (S_ISREG(sb.st_mode) && *bytes != -1)
				*bytes += sb.st_size;
			else if (!S_ISDIR(sb.st_mode))
				*bytes = -1;
			++*files;
			continue;
		}
		if (tree_open(&w, operands[i], 0) == -1) {
			++*files;
			continue;
		}
		while ((e = tree_next(&w, &error)) != NULL) {
			++*files;
			if (e->fts_info == FTS_F && *bytes != -1)
				*bytes += e->fts_statp->st_size;
		}
		if (__atomic_load_n(stop, __ATOMIC_RELAXED))
			return -1;
	}
	return 0;
}

/*
 * Returns -1 if a name of the list was refused or it could not be read,
 * or if a tree held a loop.
 */
int
walk_close(struct walk *w)
{
	int failed = w->failed;

	if (w->fts != NULL)
		fts_close(w->fts);
	if (w->list != NULL && w->list != stdin)
		fclose(w->list);
	free(w->buf);
	free(w);
	return failed ? -1 : 0;
}
