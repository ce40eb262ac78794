/*
 * mb_lane.h: where each lane of a multi-buffer kernel reads, for the
 * per-ISA kernels (lib/x86, lib/aarch64).  A busy lane (data[l] != NULL)
 * reads its own blocks one after the other; an idle lane reads
 * mds_zero_block over and over, so that every lane runs the same code.
 *
 * Macros over the caller's lane index l (int or size_t, as the kernel
 * has it), so that each kernel compiles as it did with the loops
 * written out.
 */
#ifndef MB_LANE_H
#define MB_LANE_H

/* Each lane's first block, and how far it moves a block: BLEN, or 0. */
#define MB_LANE_START(l, p, step, data, LANES, BLEN) do {		\
	for ((l) = 0; (l) < (LANES); (l)++) {				\
		(p)[l] = (data)[l] != NULL ? (data)[l] : mds_zero_block; \
		(step)[l] = (data)[l] != NULL ? (BLEN) : 0;		\
	}								\
} while (0)

/* Every lane to its next block. */
#define MB_LANE_NEXT(l, p, step, LANES) do {				\
	for ((l) = 0; (l) < (LANES); (l)++)				\
		(p)[l] += (step)[l];					\
} while (0)

/* Every lane to the zero block: loads made ahead of the last block. */
#define MB_LANE_ZERO(l, p, LANES) do {					\
	for ((l) = 0; (l) < (LANES); (l)++)				\
		(p)[l] = mds_zero_block;				\
} while (0)

/*
 * Keccak's fallback for the rates a kernel does not take: each busy
 * lane absorbed in portable C, as mb_portable.c does, from and back into
 * the word-major state s of LANES sponges (word w of lane l at
 * s[w * LANES + l]).
 */
#define MB_LANE_KECCAK_PORTABLE(s, data, nblocks, rate, LANES) do {	\
	uint64_t a_[25];						\
	size_t l_, w_;							\
									\
	for (l_ = 0; l_ < (LANES); l_++) {				\
		if ((data)[l_] == NULL)					\
			continue;					\
		for (w_ = 0; w_ < 25; w_++)				\
			a_[w_] = (s)[w_ * (LANES) + l_];		\
		mds_keccak_absorb_portable(a_, (data)[l_], nblocks, rate); \
		for (w_ = 0; w_ < 25; w_++)				\
			(s)[w_ * (LANES) + l_] = a_[w_];		\
	}								\
} while (0)

#endif /* MB_LANE_H */
