/*
 * lane_cons.c: a lane's words through the construction's table
 * (construction.h).  The scheduler and the batch API know of a
 * construction only these calls: a lane started, run alone through the
 * single-stream kernel, ended, and read out.  Each is one call per run or
 * per message, never per block.
 */
#include <string.h>

#include "lanes_int.h"

void
mds_lanes_cons(struct mds_lanes *s)
{
	const struct mds_cons_ops *ops = mds_cons_ops(s->shape);

	s->ops = ops;
	s->keep = ops->keep;
	s->block = s->shape->block;
	s->wsize = s->shape->word_bytes;
	s->state_size = s->shape->words * s->width * s->wsize;
	s->dlen = mds_alg_digest_len(s->alg);
	/* The initial words, by the construction's own start. */
	ops->start(s->first, s->alg, s->single);
	ops->start(s->solo, s->alg, s->single);
	s->first_w = ops->words(s->first);
	s->solo_w = ops->words(s->solo);
}

void
mds_lane_start(struct mds_lanes *s, size_t l)
{
	struct mds_col lane = { s->state, s->width, l };
	struct mds_col first = { s->first_w, 1, 0 };

	mds_col_copy(s->shape, &lane, &first);
}

/* Every lane back to the initial words, a row at a time. */
void
mds_lane_rows_start(struct mds_lanes *s)
{
	const uint32_t *f32 = s->first_w;
	const uint64_t *f64 = s->first_w;
	uint32_t *s32 = (uint32_t *)s->state;
	size_t i, l, width = s->width;

	for (i = 0; i < s->shape->words; i++)
		for (l = 0; l < width; l++)
			if (s->wsize == 4)
				s32[i * width + l] = f32[i];
			else
				s->state[i * width + l] = f64[i];
}

/* Lane l through the single-stream kernel for nblocks blocks at p. */
void
mds_lane_single(struct mds_lanes *s, size_t l, const unsigned char *p,
    size_t nblocks)
{
	struct mds_col lane = { s->state, s->width, l };
	struct mds_col solo = { s->solo_w, 1, 0 };

	if (s->lane[l].m != NULL)	/* NULL in a batch */
		s->lane[l].m->solo_blocks += nblocks;
	mds_col_copy(s->shape, &solo, &lane);
	s->ops->absorb(s->solo, p, nblocks);
	mds_col_copy(s->shape, &lane, &solo);
}

/*
 * Lane ln's message ends with the fill bytes at p: its last run, the
 * padding (or the flagged block) in the lane's carry.
 */
void
mds_lane_tail(struct mds_lanes *s, struct lane *ln, const unsigned char *p,
    size_t fill)
{
	struct mds_col lane = { s->state, s->width, (size_t)(ln - s->lane) };

	ln->run_blocks = s->ops->tail(s->shape, p, fill, ln->total, ln->carry,
	    &ln->dirty, &lane);
	ln->run = ln->carry;
	ln->final = 1;
}

/* The digest from lane l's words. */
void
mds_lane_digest(const struct mds_lanes *s, size_t l, unsigned char *out)
{
	struct mds_col lane = { (void *)(uintptr_t)s->state, s->width, l };

	s->ops->extract(s->shape, &lane, out, s->dlen);
}
