/*
 * walk.c: the inputs named by the operands.  Without -R each operand is
 * one input (a directory is then an error, reported in order).  With -R a
 * directory operand is walked with fts(3) in byte order of the names, so
 * output is the same from run to run; symbolic links inside the tree are
 * not followed (those named as operands are), and only regular files are
 * hashed.  With --files0-from the operands are the NUL-separated names of
 * a list, read one at a time as the walk goes (so that a list of any
 * length takes no more memory than its longest name), and diagnosed as
 * GNU du and wc do.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fts.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define LIST_READ	(64 * 1024)	/* bytes of the list read at a time */

struct walk {
	char	**operands;
	size_t	  n;
	size_t	  next;		/* next operand */
	int	  recursive;
	FTS	 *fts;		/* the tree being walked, or NULL */
	FILE	 *list;		/* --files0-from's names, or NULL */
	const char *list_path;	/* "-" for standard input */
	uintmax_t list_item;	/* names read from it, for messages */
	char	 *buf;		/* what is read of it and not yet taken */
	size_t	  cap;
	size_t	  pos, len;	/* its next name in buf, and its end */
	int	  eof;		/* nothing more to read from it */
	int	  failed;	/* a name of the list was refused */
};

static int
by_name(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

struct walk *
walk_open(char **operands, size_t n, int recursive)
{
	struct walk *w;

	if ((w = calloc(1, sizeof(*w))) == NULL)
		err(1, NULL);
	w->operands = operands;
	w->n = n;
	w->recursive = recursive;
	return w;
}

/*
 * --files0-from=PATH: the names are read from PATH, or standard input for
 * "-"; NULL (reported) if it cannot be opened.
 */
struct walk *
walk_open_list(const char *path, int recursive)
{
	struct walk *w;
	const char *q;

	w = walk_open(NULL, 0, recursive);
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

/* The next entry of the tree being walked, or NULL when it is done. */
static char *
walk_tree(struct walk *w, int *errp)
{
	FTSENT *e;
	char *name;

	while ((e = fts_read(w->fts)) != NULL) {
		switch (e->fts_info) {
		case FTS_F:
			if ((name = strdup(e->fts_path)) == NULL)
				err(1, NULL);
			*errp = 0;
			return name;
		case FTS_DNR:
		case FTS_ERR:
		case FTS_NS:
			if ((name = strdup(e->fts_path)) == NULL)
				err(1, NULL);
			*errp = e->fts_errno;
			return name;
		default:	/* directories, links, devices, fifos */
			break;
		}
	}
	fts_close(w->fts);
	w->fts = NULL;
	return NULL;
}

/*
 * The next input name (to be freed), with *errp set to an error already
 * known for it; NULL at the end.
 */
char *
walk_next(struct walk *w, int *errp)
{
	char *paths[2], *name;
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
			if (!w->recursive)
				*errp = EISDIR;
			else {
				paths[0] = name;
				paths[1] = NULL;
				w->fts = fts_open(paths, FTS_PHYSICAL |
				    FTS_COMFOLLOW | FTS_NOCHDIR, by_name);
				if (w->fts == NULL)
					*errp = errno;
				else
					continue;
			}
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
 * input's size cannot be known (standard input, a fifo).  Returns -1,
 * nothing known, when *stop became nonzero meanwhile.
 */
int
walk_count(char **operands, size_t n, int recursive, const int *stop,
    uint64_t *files, int64_t *bytes)
{
	char *paths[2];
	struct stat sb;
	FTSENT *e;
	FTS *fts;
	size_t i;

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
		if (!S_ISDIR(sb.st_mode) || !recursive) {
			if (S_ISREG(sb.st_mode) && *bytes != -1)
				*bytes += sb.st_size;
			else if (!S_ISDIR(sb.st_mode))
				*bytes = -1;
			++*files;
			continue;
		}
		paths[0] = operands[i];
		paths[1] = NULL;
		if ((fts = fts_open(paths, FTS_PHYSICAL | FTS_COMFOLLOW |
		    FTS_NOCHDIR, NULL)) == NULL) {
			++*files;
			continue;
		}
		while ((e = fts_read(fts)) != NULL &&
		    !__atomic_load_n(stop, __ATOMIC_RELAXED))
			if (e->fts_info == FTS_F) {
				++*files;
				if (*bytes != -1)
					*bytes += e->fts_statp->st_size;
			} else if (e->fts_info == FTS_DNR ||
			    e->fts_info == FTS_ERR || e->fts_info == FTS_NS)
				++*files;
		fts_close(fts);
		if (__atomic_load_n(stop, __ATOMIC_RELAXED))
			return -1;
	}
	return 0;
}

/* Returns -1 if a name of the list was refused or it could not be read. */
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
