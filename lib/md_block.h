/*
 * md_block.h: the block loops of the Merkle-Damgard block functions:
 * the portable SHA-1, SHA-256, SHA-512 and SM3, whose blocks are sixteen
 * big-endian words, and MD5 (md5.c and the x86 and aarch64 kernels),
 * which keeps its chaining value in registers from block to block.
 *
 * Macros rather than functions: each block function stays one unrolled
 * body with the message words and the working variables in locals,
 * which is what their files measured (a function call or an array in
 * between costs the registers).  The includer declares the working
 * variables a to d (and e, or e to h, for five or eight words of state).
 */
#ifndef MD_BLOCK_H
#define MD_BLOCK_H

/*
 * For each of nblocks blocks at p: load its sixteen words of type T
 * into w0 to w15, run ROUNDS (a statement that may use them), go to the
 * next block.  The words go through an array, in a loop: clang 14 then
 * makes each one bswap load; loaded straight into the locals, it builds
 * most of them byte by byte.
 */
#define MD_BLOCKS_BE16(T, load, p, nblocks, ROUNDS) do {		\
	T w0, w1, w2, w3, w4, w5, w6, w7;				\
	T w8, w9, w10, w11, w12, w13, w14, w15;				\
	T m_[16];							\
	int i_;								\
									\
	while ((nblocks)-- > 0) {					\
		for (i_ = 0; i_ < 16; i_++)				\
			m_[i_] = load((p) + sizeof(T) * (size_t)i_);	\
		w0 = m_[0];						\
		w1 = m_[1];						\
		w2 = m_[2];						\
		w3 = m_[3];						\
		w4 = m_[4];						\
		w5 = m_[5];						\
		w6 = m_[6];						\
		w7 = m_[7];						\
		w8 = m_[8];						\
		w9 = m_[9];						\
		w10 = m_[10];						\
		w11 = m_[11];						\
		w12 = m_[12];						\
		w13 = m_[13];						\
		w14 = m_[14];						\
		w15 = m_[15];						\
		ROUNDS;							\
		(p) += 16 * sizeof(T);					\
	}								\
} while (0)

/* The chaining value into the working variables a to d, e or h. */
#define MD_STATE_IN4(hv) do {						\
	a = (hv)[0];							\
	b = (hv)[1];							\
	c = (hv)[2];							\
	d = (hv)[3];							\
} while (0)

#define MD_STATE_IN5(hv) do {						\
	MD_STATE_IN4(hv);						\
	e = (hv)[4];							\
} while (0)

#define MD_STATE_IN8(hv) do {						\
	MD_STATE_IN5(hv);						\
	f = (hv)[5];							\
	g = (hv)[6];							\
	h = (hv)[7];							\
} while (0)

/* The working variables back into the chaining value: OP is =, += or ^=. */
#define MD_STATE_OUT4(hv, OP) do {					\
	(hv)[0] OP a;							\
	(hv)[1] OP b;							\
	(hv)[2] OP c;							\
	(hv)[3] OP d;							\
} while (0)

#define MD_STATE_OUT5(hv, OP) do {					\
	MD_STATE_OUT4(hv, OP);						\
	(hv)[4] OP e;							\
} while (0)

#define MD_STATE_OUT8(hv, OP) do {					\
	MD_STATE_OUT5(hv, OP);						\
	(hv)[5] OP f;							\
	(hv)[6] OP g;							\
	(hv)[7] OP h;							\
} while (0)

/*
 * MD5's loop: the chaining value hv in a to d for all nblocks blocks at
 * p; BLOCK hashes the one at p into them, and the values from before
 * the block are added.
 */
#define MD5_BLOCKS(hv, p, nblocks, BLOCK) do {				\
	uint32_t aa_, bb_, cc_, dd_;					\
									\
	MD_STATE_IN4(hv);						\
	while ((nblocks)-- > 0) {					\
		aa_ = a;						\
		bb_ = b;						\
		cc_ = c;						\
		dd_ = d;						\
		BLOCK;							\
		a += aa_;						\
		b += bb_;						\
		c += cc_;						\
		d += dd_;						\
		(p) += 64;						\
	}								\
	MD_STATE_OUT4(hv, =);						\
} while (0)

#endif /* MD_BLOCK_H */
