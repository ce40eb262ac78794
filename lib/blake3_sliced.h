/*
 * blake3_sliced.h: BLAKE3's seven rounds on word-sliced state, for the
 * batch kernels (x86/blake3_*.c, aarch64/blake3_neon.c).  Each of the
 * including function's v0 .. v15 holds one word of the work vector of
 * every input, an input a lane, and m[0 .. 15] the block's words alike.
 *
 * The message permutation moves no data: round r reads m[] in the order
 * the permutation (blake3_compress.c's b3_perm) has reached after r
 * rounds, written out below, so from one round to the next only which
 * register serves as which word changes.
 *
 * The G of a half round are written two at a time, step by step side
 * by side: two independent chains at hand, and the other eight words of
 * the state left alone meanwhile, which the compiler may keep in memory
 * when registers are short (SSE4.1 and AVX2 have sixteen: with four G
 * interleaved, gcc's code was 10 to 15% slower there).  The including file
 * defines B3_ADD, B3_XOR, the rotations B3_ROR16, B3_ROR12, B3_ROR8 and
 * B3_ROR7 on its vector type, and B3_KEEP(x), an empty asm that says x
 * has changed.
 */
#ifndef MDS_BLAKE3_SLICED_H
#define MDS_BLAKE3_SLICED_H

/* v8 .. v11 start as the first four words of the IV (SHA-256's). */
#define B3_IV0	0x6a09e667u
#define B3_IV1	0xbb67ae85u
#define B3_IV2	0x3c6ef372u
#define B3_IV3	0xa54ff53au

/* The flags v15 starts with for block b of blocks. */
#define B3_FLAGS(b, blocks, flags, start, end)				\
	((flags) | ((b) == 0 ? (start) : 0) |				\
	    ((b) == (blocks) - 1 ? (end) : 0))

/*
 * a += b + x, d = (d ^ a) >>> r.  b is the last of the previous step's
 * chain and x is ready long before, so a + x comes first and b is one
 * add from a; B3_KEEP (an empty asm) stops the compiler reassociating
 * that into a + (b + x), two adds after b (gcc does, and its kernels
 * were 7 to 17% slower for it).
 */
#define B3_STEP_A(a, b, d, x, ROR) do {					\
	(a) = B3_ADD(a, x);						\
	B3_KEEP(a);							\
	(a) = B3_ADD(a, b);						\
	(d) = ROR(B3_XOR(d, a));					\
} while (0)

/* c += d, b = (b ^ c) >>> r. */
#define B3_STEP_C(b, c, d, ROR) do {					\
	(c) = B3_ADD(c, d);						\
	(b) = ROR(B3_XOR(b, c));					\
} while (0)

/* Two G side by side, message words x0, y0 and x1, y1. */
#define B3_G2(a0, b0, c0, d0, a1, b1, c1, d1, x0, y0, x1, y1) do {	\
	B3_STEP_A(a0, b0, d0, x0, B3_ROR16);				\
	B3_STEP_A(a1, b1, d1, x1, B3_ROR16);				\
	B3_STEP_C(b0, c0, d0, B3_ROR12);				\
	B3_STEP_C(b1, c1, d1, B3_ROR12);				\
	B3_STEP_A(a0, b0, d0, y0, B3_ROR8);				\
	B3_STEP_A(a1, b1, d1, y1, B3_ROR8);				\
	B3_STEP_C(b0, c0, d0, B3_ROR7);					\
	B3_STEP_C(b1, c1, d1, B3_ROR7);					\
} while (0)

/* One round, its sixteen message words in the order it takes them. */
#define B3_ROUND(m, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11,	\
    s12, s13, s14, s15) do {						\
	B3_G2(v0, v4, v8, v12, v1, v5, v9, v13,				\
	    (m)[s0], (m)[s1], (m)[s2], (m)[s3]);			\
	B3_G2(v2, v6, v10, v14, v3, v7, v11, v15,			\
	    (m)[s4], (m)[s5], (m)[s6], (m)[s7]);			\
	B3_G2(v0, v5, v10, v15, v1, v6, v11, v12,			\
	    (m)[s8], (m)[s9], (m)[s10], (m)[s11]);			\
	B3_G2(v2, v7, v8, v13, v3, v4, v9, v14,				\
	    (m)[s12], (m)[s13], (m)[s14], (m)[s15]);			\
} while (0)

#define B3_ROUNDS(m) do {						\
	B3_ROUND(m, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); \
	B3_ROUND(m, 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8); \
	B3_ROUND(m, 3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1); \
	B3_ROUND(m, 10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6); \
	B3_ROUND(m, 12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4); \
	B3_ROUND(m, 9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7); \
	B3_ROUND(m, 11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13); \
} while (0)

#endif /* MDS_BLAKE3_SLICED_H */
