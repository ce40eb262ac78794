/*
 * batch.c: the batch API (mds_digest_many) on the lanes.  Every message
 * is in memory, so a lane is a pointer and a count, without the records
 * and sources of the scheduler; for short messages this bookkeeping is
 * most of the cost.  Messages end through the construction's table, as
 * the scheduler's do (lane_cons.c).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "lanes_int.h"

/* The batch API's own driver: the messages' digests into out. */
static size_t
batch_run(struct mds_lanes *s, size_t n, const void *const *msgs,
    const size_t *lens, unsigned char *out)
{
	const unsigned char *data[MDS_MAX_LANES];
	size_t idx[MDS_MAX_LANES], next = 0, l, nb, busy, bl = s->block;
	size_t width = s->width, k;
	size_t keep = s->keep;	/* as lane_next_run */
	unsigned char busy_l[MDS_MAX_LANES];
	struct lane *ln;
	int fresh;

	memset(busy_l, 0, sizeof(busy_l));
	for (;;) {
		busy = 0;
		nb = SIZE_MAX;
		/*
		 * Messages of one length finish together: then start the next
		 * ones with a row at a time, not a word per lane and row.
		 */
		fresh = n - next >= width;
		for (l = 0; l < width && fresh; l++)
			if (s->lane[l].run_blocks != 0 ||
			    (busy_l[l] && !s->lane[l].final))
				fresh = 0;
		if (fresh) {
			for (l = 0; l < width; l++)
				if (busy_l[l]) {
					mds_lane_digest(s, l,
					    out + idx[l] * s->dlen);
					busy_l[l] = 0;
				}
			mds_lane_rows_start(s);
		}
		for (l = 0; l < width; l++) {
			ln = &s->lane[l];
			while (ln->run_blocks == 0) {
				if (busy_l[l] && ln->final) {
					mds_lane_digest(s, l,
					    out + idx[l] * s->dlen);
					busy_l[l] = 0;
				}
				if (!busy_l[l]) {
					if (next == n)
						break;
					/* No bytes, no pointer needed; else stop. */
					if (msgs[next] == NULL &&
					    lens[next] != 0)
						return next;
					idx[l] = next;
					if (!fresh)
						mds_lane_start(s, l);
					ln->p = msgs[next];
					ln->avail = ln->total = lens[next];
					ln->final = 0;
					busy_l[l] = 1;
					next++;
				}
				if (ln->avail >= bl + keep) {
					ln->run = ln->p;
					ln->run_blocks = (ln->avail - keep) /
					    bl;
					ln->p += ln->run_blocks * bl;
					ln->avail -= ln->run_blocks * bl;
				} else {
					mds_lane_tail(s, ln, ln->p, ln->avail);
					ln->avail = 0;
				}
			}
			data[l] = busy_l[l] ? ln->run : NULL;
			if (busy_l[l]) {
				busy++;
				if (ln->run_blocks < nb)
					nb = ln->run_blocks;
			}
		}
		if (busy == 0)
			break;
		/* The tail of the batch: lanes alone, if that is faster. */
		if (busy < s->k->min_busy) {
			for (l = 0; l < width; l++) {
				ln = &s->lane[l];
				if (!busy_l[l])
					continue;
				mds_lane_single(s, l, ln->run, ln->run_blocks);
				ln->run_blocks = 0;
			}
			continue;
		}
		s->k->blocks(s->state, data, nb, bl);
		for (l = 0; l < width; l++)
			if (busy_l[l]) {
				k = nb * bl;
				s->lane[l].run += k;
				s->lane[l].run_blocks -= nb;
			}
	}
	return n;
}

int
mds_digest_many(const struct mds_alg *alg, size_t n, const void *const *msgs,
    const size_t *lens, unsigned char *out)
{
	struct mds_lane_result r = { NULL, 0, 0, 0, NULL, { 0 } };
	struct mds_lanes *s;
	size_t i = 0, j = 0, window, dlen;

	if (alg == NULL || (n > 0 && (msgs == NULL || lens == NULL ||
	    out == NULL))) {
		errno = EINVAL;
		return -1;
	}
	if ((s = mds_lanes_new(alg)) == NULL)
		return -1;
	if (s->k != NULL) {
		i = batch_run(s, n, msgs, lens, out);
		mds_lanes_free(s);
		if (i < n) {
			errno = EINVAL;
			return -1;
		}
		return 0;
	}
	i = 0;
	dlen = mds_alg_digest_len(alg);
	window = 2 * s->width;
	for (; j < n; j++) {
		for (; i < n && i - j < window; i++)
			if (mds_lanes_add(s, msgs[i], lens[i], NULL) == -1) {
				mds_lanes_free(s);
				return -1;
			}
		if (mds_lanes_next(s, &r) != 1 || r.size == -1) {
			mds_lanes_free(s);
			errno = r.error != 0 ? r.error : EINVAL;
			return -1;
		}
		memcpy(out + j * dlen, r.digest, dlen);
	}
	mds_lanes_free(s);
	return 0;
}
