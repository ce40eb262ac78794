/*
 * route.c: the one way an input of the job pool goes from its name to
 * its digests.  route_submit decides, here and nowhere else, how it is
 * hashed:
 *
 *  - a regular file that opens, whose every algorithm has lanes, goes to
 *    the library's lane scheduler of each of them (one per algorithm met,
 *    per thread): the scheduler hashes it side by side with the thread's
 *    other files, or alone (a lane by itself, or through a context when
 *    a large file made it measure and one stream won), and says what
 *    ran.  The file is opened once per algorithm, so that each scheduler
 *    reads its own descriptor;
 *  - anything else is hashed in its turn through contexts, read once for
 *    all its algorithms (hash_input), which words its errors: standard
 *    input (at the emit step, so that `sha256sum - -` reads it for the
 *    first operand), fifos and devices (opening one ahead of its turn
 *    could lose what its writer sends), names that do not open,
 *    --no-multibuffer, a file for which no descriptor is left, and a file
 *    one of whose algorithms has one lane.  A scheduler of one lane
 *    would hash it through the same context, but it costs a stat(2) and
 *    an fstat(2) more per file (2,000 files by sha1: 7% slower) and
 *    reads a file once per algorithm (sha256 and sha1 of 70 MB: 13%).
 *
 * hash_input_work takes an input's results either way, in the order the
 * inputs were submitted.
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

struct route {
	const struct mds_alg	*alg[MAX_LANE_ALGS];
	struct mds_lanes	*s[MAX_LANE_ALGS];
	size_t			 n;
	size_t			 fds, fd_budget;	/* descriptors held, allowed */
};

struct route *
route_new(size_t fd_budget)
{
	struct route *rt;

	if ((rt = calloc(1, sizeof(*rt))) == NULL)
		err(1, NULL);
	rt->fd_budget = fd_budget;
	return rt;
}

void
route_free(struct route *rt)
{
	size_t i;

	if (rt == NULL)
		return;
	for (i = 0; i < rt->n; i++)
		mds_lanes_free(rt->s[i]);
	free(rt);
}

/* The scheduler for alg, made on first use; NULL if none can be. */
static struct mds_lanes *
sched_of(struct route *rt, const struct mds_alg *alg)
{
	size_t i;

	for (i = 0; i < rt->n; i++)
		if (rt->alg[i] == alg)
			return rt->s[i];
	if (rt->n == MAX_LANE_ALGS)
		return NULL;
	if ((rt->s[rt->n] = mds_lanes_new(hash_row(alg))) == NULL)
		return NULL;
	rt->alg[rt->n] = alg;
	return rt->s[rt->n++];
}

/*
 * Route in: 1 if it went to the schedulers, 0 if it is to be hashed in
 * its turn, -1 if no descriptor is left for it now (the budget is spent,
 * or EMFILE, ENFILE): finish some inputs and try again.
 */
int
route_submit(struct route *rt, struct input *in)
{
	struct mds_lanes *s[MAX_ALGS];
	struct stat sb;
	size_t a, n, nalgs = in->nalgs;
	int e;

	in->route = NULL;
	if (!multibuffer || in->err != 0 || strcmp(in->name, "-") == 0 ||
	    nalgs == 0 || nalgs > MAX_ALGS)
		return 0;
	for (a = 0; a < nalgs; a++)
		if ((s[a] = sched_of(rt, in->algs[a])) == NULL ||
		    mds_lanes_width(s[a]) == 1)
			return 0;
	if (nalgs > rt->fd_budget)
		return 0;	/* never fits: hashed in its turn */
	if (rt->fds + nalgs > rt->fd_budget)
		return -1;
	/*
	 * Opening a fifo, even without blocking, would let its writer go
	 * on and could lose what it writes when closed again: look first.
	 */
	if (stat(in->name, &sb) == -1 || !S_ISREG(sb.st_mode))
		return 0;
	/* A tree's large file: in its turn, on the threads it may take. */
	for (a = 0; a < nalgs; a++)
		if (!mds_lanes_fits(s[a], (uint64_t)sb.st_size))
			return 0;
	for (n = 0; n < nalgs; n++) {
		/*
		 * Without blocking: should the name have become a fifo
		 * since, it is opened here ahead of its turn, and must not
		 * hold up the lines of the files before it (it is then
		 * hashed in its turn; regular files ignore O_NONBLOCK).
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
	rt->fds += nalgs;
	in->route = rt;
	return 1;
undo:
	e = errno;
	while (n-- > 0)
		(void)close(in->fds[n]);
	return e == EMFILE || e == ENFILE ? -1 : 0;
}

/* The results of an input in the schedulers, taken in the order submitted. */
void
route_collect(struct input *in)
{
	struct route *rt = in->route;
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
		if ((s = sched_of(rt, in->algs[a])) == NULL)
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
	rt->fds -= in->nalgs;
	in->route = NULL;
	in->err = e;
}

/*
 * Hash one input now, by the same route as the job pool's (-c's
 * --expect): standard input included, since its turn is now.
 */
void
route_one(struct input *in, int ignore_missing)
{
	struct route *rt = route_new(MAX_ALGS);

	if (route_submit(rt, in) == 1)
		route_collect(in);
	else
		hash_input(in, ignore_missing);
	route_free(rt);
}
