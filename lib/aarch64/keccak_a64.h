/*
 * aarch64/keccak_a64.h: one Keccak-f[1600] round on 128-bit registers,
 * shared by keccak_sha3.c (one sponge), keccak_mb_sha3.c and
 * keccak_mb_neon.c (two sponges, one per 64-bit half).
 *
 * The includer defines the four operations of the ARMv8.2 SHA3
 * extension, or their NEON equivalents:
 *	EOR3(a, b, c)	a ^ b ^ c
 *	RAX1(a, b)	a ^ (b <<< 1)
 *	XAR(a, b, n)	(a ^ b) >>> n, 0 < n < 64
 *	BCAX(a, b, c)	a ^ (b & ~c)
 * and uint64x2_t arrays A and E of 25 lanes (lane (x, y) is [x + 5y]).
 * KROUND(A, E, rc) makes the round with constant rc (a uint64x2_t) from A
 * into E: the column parities, theta's d by RAX1, then each output row
 * by BCAX from its five lanes, gathered along the pi diagonal (lane x of
 * row y comes from lane (x + 3y, x)), theta'd and rotated by one XAR.
 * That is 10 EOR3, 5 RAX1, 24 XAR, 25 BCAX and 2 EOR a round.
 * Rates: at most MDS_MAX_BLOCK (144) bytes, 18 words, a multiple of 8.
 */
#ifndef MDS_AARCH64_KECCAK_A64_H
#define MDS_AARCH64_KECCAK_A64_H

#include <arm_neon.h>

/* Row y of t from lanes i_x of s, theta'd by d_x, rotated right by r_x. */
#define KROW(t, s, y, i0, d0, r0, i1, d1, r1, i2, d2, r2, i3, d3, r3,	\
    i4, d4, r4) do {							\
	uint64x2_t b0_ = XAR((s)[i0], d0, r0);				\
	uint64x2_t b1_ = XAR((s)[i1], d1, r1);				\
	uint64x2_t b2_ = XAR((s)[i2], d2, r2);				\
	uint64x2_t b3_ = XAR((s)[i3], d3, r3);				\
	uint64x2_t b4_ = XAR((s)[i4], d4, r4);				\
	(t)[5 * (y)] = BCAX(b0_, b2_, b1_);				\
	(t)[5 * (y) + 1] = BCAX(b1_, b3_, b2_);				\
	(t)[5 * (y) + 2] = BCAX(b2_, b4_, b3_);				\
	(t)[5 * (y) + 3] = BCAX(b3_, b0_, b4_);				\
	(t)[5 * (y) + 4] = BCAX(b4_, b1_, b0_);				\
} while (0)

/* Row 0: lane (0, 0) is not rotated, and takes the round constant. */
#define KROW0(t, s, d0, d1, d2, d3, d4, rc) do {			\
	uint64x2_t b0_ = veorq_u64((s)[0], d0);				\
	uint64x2_t b1_ = XAR((s)[6], d1, 20);				\
	uint64x2_t b2_ = XAR((s)[12], d2, 21);				\
	uint64x2_t b3_ = XAR((s)[18], d3, 43);				\
	uint64x2_t b4_ = XAR((s)[24], d4, 50);				\
	(t)[0] = veorq_u64(BCAX(b0_, b2_, b1_), rc);			\
	(t)[1] = BCAX(b1_, b3_, b2_);					\
	(t)[2] = BCAX(b2_, b4_, b3_);					\
	(t)[3] = BCAX(b3_, b0_, b4_);					\
	(t)[4] = BCAX(b4_, b1_, b0_);					\
} while (0)

/* Right rotations: 64 minus the left rotations of rho. */
#define KROUND(A, E, rc) do {						\
	uint64x2_t c0_ = EOR3(EOR3((A)[0], (A)[5], (A)[10]), (A)[15],	\
	    (A)[20]);							\
	uint64x2_t c1_ = EOR3(EOR3((A)[1], (A)[6], (A)[11]), (A)[16],	\
	    (A)[21]);							\
	uint64x2_t c2_ = EOR3(EOR3((A)[2], (A)[7], (A)[12]), (A)[17],	\
	    (A)[22]);							\
	uint64x2_t c3_ = EOR3(EOR3((A)[3], (A)[8], (A)[13]), (A)[18],	\
	    (A)[23]);							\
	uint64x2_t c4_ = EOR3(EOR3((A)[4], (A)[9], (A)[14]), (A)[19],	\
	    (A)[24]);							\
	uint64x2_t d0_ = RAX1(c4_, c1_), d1_ = RAX1(c0_, c2_);		\
	uint64x2_t d2_ = RAX1(c1_, c3_), d3_ = RAX1(c2_, c4_);		\
	uint64x2_t d4_ = RAX1(c3_, c0_);				\
	KROW0(E, A, d0_, d1_, d2_, d3_, d4_, rc);			\
	KROW(E, A, 1, 3, d3_, 36, 9, d4_, 44, 10, d0_, 61,		\
	    16, d1_, 19, 22, d2_, 3);					\
	KROW(E, A, 2, 1, d1_, 63, 7, d2_, 58, 13, d3_, 39,		\
	    19, d4_, 56, 20, d0_, 46);					\
	KROW(E, A, 3, 4, d4_, 37, 5, d0_, 28, 11, d1_, 54,		\
	    17, d2_, 49, 23, d3_, 8);					\
	KROW(E, A, 4, 2, d2_, 2, 8, d3_, 9, 14, d4_, 25,		\
	    15, d0_, 23, 21, d1_, 62);					\
} while (0)

/* Twenty-four rounds, A to E and back; K(i) is round i's constant. */
#define KROUNDS(A, E, K) do {						\
	int r_;								\
									\
	for (r_ = 0; r_ < 24; r_ += 2) {				\
		KROUND(A, E, K(r_));					\
		KROUND(E, A, K(r_ + 1));				\
	}								\
} while (0)

/*
 * Two sponges, word-major (struct mds_mb_kernel): word w of lanes 0 and 1
 * is s[2w], s[2w + 1], one register as it lies.  KIN2(j) XORs words 2j
 * and 2j + 1 of the blocks at p0 and p1 into A, when the rate has them:
 * a pair of words of each lane in one 16-byte load, the two zipped; an
 * odd last word alone, so that nothing past the rate is read.
 */
#define KIN2(A, p0, p1, words, j) do {					\
	if (2 * (j) + 1 < (words)) {					\
		uint64x2_t x0_ = vreinterpretq_u64_u8(			\
		    vld1q_u8((p0) + 16 * (j)));				\
		uint64x2_t x1_ = vreinterpretq_u64_u8(			\
		    vld1q_u8((p1) + 16 * (j)));				\
		(A)[2 * (j)] = veorq_u64((A)[2 * (j)],			\
		    vzip1q_u64(x0_, x1_));				\
		(A)[2 * (j) + 1] = veorq_u64((A)[2 * (j) + 1],		\
		    vzip2q_u64(x0_, x1_));				\
	} else if (2 * (j) < (words)) {					\
		uint64x1_t y0_ = vreinterpret_u64_u8(			\
		    vld1_u8((p0) + 16 * (j)));				\
		uint64x1_t y1_ = vreinterpret_u64_u8(			\
		    vld1_u8((p1) + 16 * (j)));				\
		(A)[2 * (j)] = veorq_u64((A)[2 * (j)],			\
		    vcombine_u64(y0_, y1_));				\
	}								\
} while (0)

/* The absorb loop of two sponges; the includer's function around it. */
#define KABSORB2(state, data, nblocks, rate) do {			\
	uint64x2_t a_[25], e_[25];					\
	uint64_t *s_ = (state);						\
	const unsigned char *p0_, *p1_;					\
	size_t st0_, st1_, words_ = (rate) / 8;				\
	int w_;								\
									\
	if ((nblocks) == 0)						\
		break;							\
	p0_ = (data)[0] != NULL ? (data)[0] : mds_zero_block;		\
	p1_ = (data)[1] != NULL ? (data)[1] : mds_zero_block;		\
	st0_ = (data)[0] != NULL ? (rate) : 0;				\
	st1_ = (data)[1] != NULL ? (rate) : 0;				\
	for (w_ = 0; w_ < 25; w_++)					\
		a_[w_] = vld1q_u64(s_ + 2 * w_);			\
	while ((nblocks)-- > 0) {					\
		KIN2(a_, p0_, p1_, words_, 0);				\
		KIN2(a_, p0_, p1_, words_, 1);				\
		KIN2(a_, p0_, p1_, words_, 2);				\
		KIN2(a_, p0_, p1_, words_, 3);				\
		KIN2(a_, p0_, p1_, words_, 4);				\
		KIN2(a_, p0_, p1_, words_, 5);				\
		KIN2(a_, p0_, p1_, words_, 6);				\
		KIN2(a_, p0_, p1_, words_, 7);				\
		KIN2(a_, p0_, p1_, words_, 8);				\
		KROUNDS(a_, e_, KRC);					\
		p0_ += st0_;						\
		p1_ += st1_;						\
	}								\
	for (w_ = 0; w_ < 25; w_++)					\
		vst1q_u64(s_ + 2 * w_, a_[w_]);				\
} while (0)

#define KRC(i)	vdupq_n_u64(mds_keccak_rc[i])

#endif /* MDS_AARCH64_KECCAK_A64_H */
