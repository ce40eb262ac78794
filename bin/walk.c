/*
 * walk.c: the inputs named by the operands.  Without -R each operand is
 * one input (a directory is then an error, reported in order).  With -R a
 * directory operand is walked with fts(3) in byte order of the names, so
 * output is the same from run to run; symbolic links inside the tree are
 * not followed (those named as operands are), and only regular files are
 * hashed.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fts.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct walk {
	char	**operands;
	size_t	  n;
	size_t	  next;		/* next operand */
	int	  recursive;
	FTS	 *fts;		/* the tree being walked, or NULL */
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
		if (w->next == w->n)
			return NULL;
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

void
walk_close(struct walk *w)
{
	if (w->fts != NULL)
		fts_close(w->fts);
	free(w);
}
