/*
 * lane_cons.c: a lane's words through the construction's table
 * (construction.h): the scheduler set up for its shape, and a lane run
 * alone through the single-stream kernel.  With the calls of lanes_int.h
 * (a lane started, ended, read out), this is all the scheduler and the
 * batch API know of a construction; each is one call per run or per
 * message, never per block.
 */
#include "lanes_int.h"

void
mds_lanes_cons(struct mds_lanes *s)
{
	const struct mds_cons_ops *ops = mds_cons_ops(s->shape);
	size_t l;

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
	/* And every lane's, for mds_lane_rows_start. */
	for (l = 0; l < s->width; l++) {
		struct mds_col lane = { s->rows, s->width, l };
		struct mds_col first = { s->first_w, 1, 0 };

		mds_col_copy(s->shape, &lane, &first);
	}
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
