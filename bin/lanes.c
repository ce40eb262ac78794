/*
 * lanes.c: mdsum's inputs through the library's lane schedulers, so that
 * one thread hashes several files at once (jobs.c keeps them coming and
 * emits in order).  Each thread has its own lane_set: one scheduler per
 * algorithm met, each file opened once per algorithm so that every
 * scheduler reads its own descriptor.  Only regular files take this path;
 * standard input, fifos, devices, directories and files that cannot be
 * opened go the ordinary way, in their turn, which words their errors.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int multibuffer = 1;	/* --no-multibuffer clears it */

struct lane_set {
	const struct mds_alg	*alg[MAX_LANE_ALGS];
	struct mds_lanes	*s[MAX_LANE_ALGS];
	size_t			 n;
};

struct lane_set *
lane_set_new(void)
{
	struct lane_set *ls;

	if ((ls = calloc(1, sizeof(*ls))) == NULL)
		err(1, NULL);
	return ls;
}

void
lane_set_free(struct lane_set *ls)
{
	size_t i;

	if (ls == NULL)
		return;
	for (i = 0; i < ls->n; i++)
		mds_lanes_free(ls->s[i]);
	free(ls);
}

/* The scheduler for alg, made on first use; NULL if none can be. */
static struct mds_lanes *
sched_of(struct lane_set *ls, const struct mds_alg *alg)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		if (ls->alg[i] == alg)
			return ls->s[i];
	if (ls->n == MAX_LANE_ALGS)
		return NULL;
	if ((ls->s[ls->n] = mds_lanes_new(alg)) == NULL)
		return NULL;
	ls->alg[ls->n] = alg;
	return ls->s[ls->n++];
}

/*
 * The scheduler to submit to for alg: NULL if it has one lane.  (Its
 * width may still drop to one when a large file makes the library
 * measure; the inputs already in it are then hashed one at a time.)
 */
static struct mds_lanes *
sched_for(struct lane_set *ls, const struct mds_alg *alg)
{
	struct mds_lanes *s = sched_of(ls, alg);

	return s != NULL && mds_lanes_width(s) > 1 ? s : NULL;
}

/*
 * Put in into the lanes: 1 if it is there, 0 if it is to be hashed the
 * ordinary way, -1 if no descriptor was left (EMFILE, ENFILE): finish
 * some inputs and try again.
 */
int
lane_submit(struct lane_set *ls, struct input *in)
{
	struct mds_lanes *s[MAX_ALGS];
	struct stat sb;
	size_t a, n, nalgs = in->nalgs;
	int e;

	if (!multibuffer || in->err != 0 || strcmp(in->name, "-") == 0 ||
	    nalgs == 0 || nalgs > MAX_ALGS)
		return 0;
	for (a = 0; a < nalgs; a++)
		if ((s[a] = sched_for(ls, in->algs[a])) == NULL)
			return 0;
	/*
	 * Opening a fifo, even without blocking, would let its writer go
	 * on and could lose what it writes when closed again: look first.
	 */
	if (stat(in->name, &sb) == -1 || !S_ISREG(sb.st_mode))
		return 0;
	for (n = 0; n < nalgs; n++) {
		/*
		 * Without blocking: a fifo is opened here, ahead of its turn,
		 * and must not hold up the lines of the files before it (it
		 * goes the ordinary way; regular files ignore O_NONBLOCK).
		 */
		if ((in->fds[n] = open(in->name, O_RDONLY | O_NONBLOCK)) == -1)
			goto undo;
		if (n == 0 && (fstat(in->fds[0], &sb) == -1 ||
		    !S_ISREG(sb.st_mode))) {
			n++;
			errno = 0;
			goto undo;
		}
	}
	for (a = 0; a < nalgs; a++)
		if (mds_lanes_add_fd(s[a], in->fds[a], read_mode, in) == -1)
			err(1, NULL);
	in->laned = 1;
	return 1;
undo:
	e = errno;
	while (n-- > 0)
		(void)close(in->fds[n]);
	return e == EMFILE || e == ENFILE ? -1 : 0;
}

/* The results of an input in the lanes; inputs go in the order submitted. */
void
lane_collect(struct lane_set *ls, struct input *in)
{
	struct mds_lane_result r;
	struct mds_lanes *s;
	const char *by = NULL;
	size_t a, w = 1;
	int e = 0;

	/*
	 * --debug names the code that hashed it, as the scheduler ran it:
	 * lanes, or one stream (a kernel, or the implementation of a
	 * context), and its backend.
	 */
	for (a = 0; a < in->nalgs; a++) {
		if ((s = sched_of(ls, in->algs[a])) == NULL)
			errx(1, "lane scheduler lost");
		if (mds_lanes_next(s, &r) != 1 || r.tag != in)
			errx(1, "lane scheduler out of order");
		if (debug_flag && (by = mds_lanes_hashed_by(s, &w)) != NULL &&
		    w > 1)
			debugx("%s: %s on the %s backend (%s, %zu lanes)",
			    in->name, mds_alg_name(in->algs[a]),
			    mds_lanes_hashed_on(s), by, w);
		else if (debug_flag && by != NULL)
			debugx("%s: %s on the %s backend (%s)", in->name,
			    mds_alg_name(in->algs[a]),
			    mds_lanes_hashed_on(s), by);
		if (r.size == -1 && e == 0)
			e = r.changed ? ERR_CHANGED : r.error;
		memcpy(in->md[a], r.digest, sizeof(in->md[a]));
		in->size = r.size;
		if (debug_flag && a == 0 && r.how != NULL)
			debugx("%s: read by %s", in->name, r.how);
		if (close(in->fds[a]) == -1 && e == 0)
			e = errno;
	}
	in->laned = 0;
	in->err = e;
}
