/*
 * lanes_api.c: the lane scheduler's interface (mdsum.h): a scheduler for
 * an algorithm, with the kernels chosen for it; messages added, results
 * handed back in the order added, and what hashed them.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lanes_int.h"

/*
 * The kernels of an empty scheduler: the multi-buffer kernel chosen now
 * for its family (none: one message at a time), and the single-stream
 * kernel for a lane left alone.  A backend the program forced other than
 * native takes no native lanes; the portable backend takes a portable
 * multi-buffer kernel, which is only ever pinned by name (for tests).
 */
static int
lanes_choose(struct mds_lanes *s)
{
	const struct mds_mb_kernel *k;
	int id, native, portable, forced;

	if ((id = mds_choose(s->alg, 0)) == -1)
		return -1;
	native = mds_choice_backend(id) == MDS_BE_NATIVE;
	portable = mds_choice_backend(id) == MDS_BE_PORTABLE;
	forced = mds_backend_forced() == 1;
	s->k = NULL;
	s->tree = NULL;
	s->width = 1;
	/* A tree: small messages share the batch of the kernel chosen. */
	if (s->alg->family == MDS_FAM_BLAKE3) {
		if (native && mds_blake3_lanes(mds_choice_kernel(s->alg,
		    id)) > 1) {
			s->tree = mds_choice_kernel(s->alg, id);
			s->width = mds_blake3_lanes(s->tree);
		}
		return 0;
	}
	k = mds_choose_lanes(s->alg);
	if (k == NULL || !(native ||
	    (portable && k->level == MDS_LEVEL_PORTABLE) ||
	    (!forced && k->level != MDS_LEVEL_PORTABLE)))
		return 0;
	s->k = k;
	/* a kernel of the native level is native code, whatever chose it */
	s->k_backend = portable && k->level == MDS_LEVEL_PORTABLE ?
	    "portable" : "native";
	s->single_backend = portable ? "portable" : "native";
	/*
	 * A lane alone runs the single-stream code the backend would: the
	 * portable backend chosen (as blake2b's measured best on Zen 5,
	 * where its kernels lose to the C) takes the portable kernel.
	 */
	s->single = portable ? mds_kernel_portable(s->alg->family) :
	    mds_choice_kernel(s->alg, id);
	if (s->single == NULL)
		s->single = mds_kernel_builtin(s->alg->family);
	s->width = s->k->lanes;
	mds_lanes_cons(s);
	return 0;
}

struct mds_lanes *
mds_lanes_new(const struct mds_alg *alg)
{
	struct mds_lanes *s;

	if (alg == NULL) {
		errno = EINVAL;
		return NULL;
	}
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	s->alg = alg;
	s->shape = alg->shape;
	if (lanes_choose(s) == -1) {
		free(s);
		return NULL;
	}
	return s;
}

size_t
mds_lanes_width(const struct mds_lanes *s)
{
	return s->width;
}

const char *
mds_lanes_kernel(const struct mds_lanes *s)
{
	mds_ctx ctx;
	const char *name;

	if (s->k != NULL)
		return s->k->name;
	if (s->tree != NULL)
		return s->tree->name;
	if (mds_init(&ctx, s->alg) == -1)
		return NULL;
	name = mds_ctx_impl(&ctx);
	mds_discard(&ctx);
	return name;
}

const char *
mds_lanes_hashed_by(const struct mds_lanes *s, size_t *lanes)
{
	if (s == NULL || s->last_impl == NULL) {
		errno = EINVAL;
		return NULL;
	}
	if (lanes != NULL)
		*lanes = s->last_lanes;
	return s->last_impl;
}

const char *
mds_lanes_hashed_on(const struct mds_lanes *s)
{
	if (s == NULL || s->last_backend == NULL) {
		errno = EINVAL;
		return NULL;
	}
	return s->last_backend;
}

size_t
mds_lanes_pending(const struct mds_lanes *s)
{
	return s->pending;
}

int
mds_lanes_fits(const struct mds_lanes *s, uint64_t size)
{
	return s != NULL && s->width > 1 &&
	    (s->tree == NULL || size <= MDS_BLAKE3_GROUP_MAX);
}

static int
lanes_add(struct mds_lanes *s, const void *buf, size_t len, int fd, int how,
    void *tag)
{
	struct msg *m;

	if ((m = s->spare) != NULL) {
		s->spare = m->next;
		s->nspare--;
		memset(m, 0, sizeof(*m));
	} else if ((m = calloc(1, sizeof(*m))) == NULL)
		return -1;
	m->tag = tag;
	m->buf = buf;
	m->len = len;
	m->fd = fd;
	m->how = how;
	m->state = MSG_QUEUED;
	if (s->tail != NULL)
		s->tail->next = m;
	else
		s->head = m;
	s->tail = m;
	if (s->queued == NULL)
		s->queued = m;
	s->pending++;
	return 0;
}

int
mds_lanes_add(struct mds_lanes *s, const void *buf, size_t len, void *tag)
{
	if (s == NULL || (buf == NULL && len != 0)) {
		errno = EINVAL;
		return -1;
	}
	return lanes_add(s, buf, len, -1, MDS_READ_AUTO, tag);
}

int
mds_lanes_add_fd(struct mds_lanes *s, int fd, int how, void *tag)
{
	struct stat sb;

	if (s == NULL || fd < 0 || how < MDS_READ_AUTO ||
	    how > MDS_READ_LOOP) {
		errno = EINVAL;
		return -1;
	}
	/*
	 * The first large file of a scheduler with nothing in it yet: the
	 * multi-buffer kernels are timed on this CPU (tune.c), and the
	 * fastest taken while no lane is busy.
	 */
	if (!s->tune_asked && s->pending == 0 && fstat(fd, &sb) == 0 &&
	    S_ISREG(sb.st_mode)) {
		s->tune_asked = 1;
		/* and how to get the bytes, for enough work (input.c) */
		if (how == MDS_READ_AUTO && sb.st_size >= LANE_PROBE_MIN)
			mds_read_probe(fd, sb.st_size);
		/* a file hashed alone runs the single-stream kernel too */
		if (mds_tune_what(s->alg, (uint64_t)sb.st_size,
		    (uint64_t)sb.st_size) == 0 &&
		    lanes_choose(s) == -1)
			return -1;
	}
	return lanes_add(s, NULL, 0, fd, how, tag);
}

int
mds_lanes_next(struct mds_lanes *s, struct mds_lane_result *r)
{
	struct msg *m;

	if (s == NULL || r == NULL) {
		errno = EINVAL;
		return -1;
	}
	if ((m = s->head) == NULL)
		return 0;
	if (s->k == NULL) {
		if (s->queued == m)
			s->queued = m->next;
		if (s->tree != NULL)
			mds_blake3_lanes_next(s, m);
		else
			mds_lanes_msg_single(s, m);
	} else
		mds_lanes_run_until(s, m);
	s->head = m->next;
	if (s->head == NULL)
		s->tail = NULL;
	s->pending--;
	*r = m->r;
	r->tag = m->tag;
	/*
	 * What hashed it, for mds_lanes_hashed_by: the kernel that took
	 * most of its blocks (a large file left alone after the others
	 * ended went mostly through the single-stream kernel).
	 */
	if (m->shared_blocks > m->solo_blocks && s->k != NULL) {
		s->last_impl = s->k->name;
		s->last_backend = s->k_backend;
		s->last_lanes = s->width;
	} else if (m->shared_blocks > 0 && s->tree != NULL) {
		s->last_impl = s->tree->name;
		s->last_backend = "native";
		s->last_lanes = s->width;
	} else if (m->impl != NULL) {
		s->last_impl = m->impl;
		s->last_backend = m->backend;
		s->last_lanes = 1;
	} else {
		s->last_impl = s->single == NULL ||
		    s->single->level == MDS_LEVEL_PORTABLE ? "portable" :
		    s->single->name;
		s->last_backend = s->single_backend;
		s->last_lanes = 1;
	}
	if (s->nspare < MAX_SPARE) {
		m->next = s->spare;
		s->spare = m;
		s->nspare++;
	} else
		free(m);
	return 1;
}

void
mds_lanes_free(struct mds_lanes *s)
{
	struct msg *m;
	size_t l;

	if (s == NULL)
		return;
	for (l = 0; l < MDS_MAX_LANES; l++) {
		mds_src_close(&s->lane[l].src);
		free(s->lane[l].rbuf);
	}
	while ((m = s->head) != NULL) {
		s->head = m->next;
		free(m);
	}
	while ((m = s->spare) != NULL) {
		s->spare = m->next;
		free(m);
	}
	free(s);
}
