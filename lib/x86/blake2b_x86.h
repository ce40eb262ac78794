/*
 * x86/blake2b_x86.h: the rounds of the BLAKE2b compression function with
 * the 4x4 work vector in four ymm registers, one row each: a = v0..v3,
 * b = v4..v7, c = v8..v11, d = v12..v15.  The column step runs the four
 * G of a half round side by side.  For the diagonal step, b stays and a,
 * c and d turn under it (a right by one lane, c left by one, d by two):
 * b's last rotation ends each step, so turning b would put a vpermq
 * (3 cycles) on the chain, where a, c and d are ready early enough for
 * theirs to overlap it.  The lanes then hold G7, G4, G5, G6, and the
 * message words are taken in that order.
 *
 * Measured on the build machine (AMD EPYC, Zen 5 class), one core, the
 * compression functions timed in turn on 1 MiB by thread CPU time, best
 * of 40: portable C 0.64-0.67 ns/byte, AVX-512 1.11, AVX2 1.22.  A
 * dependent vpaddq on ymm takes 2 cycles there against 1 for a scalar
 * add, and a single stream of BLAKE2b is one chain of dependent adds,
 * xors and rotations (six per half G, 288 per block), so these lose to
 * the scalar code, which has four G in flight on six ALUs.  They are for
 * CPUs whose vector adds take one cycle; run-time measurement decides.
 *
 * The including file defines ROR32, ROR24, ROR16 and ROR63 (per qword)
 * and MSG(r, i): message vector i of round r, i = 0, 1 for the column
 * step's x and y, 2, 3 for the diagonal step's, with lanes in the
 * sigma positions B2_LANES gives.
 */
#ifndef MDS_BLAKE2B_X86_H
#define MDS_BLAKE2B_X86_H

/* The sigma position of lane l of message vector i. */
#define B2_POS(i, l)	((i) < 2 ? 2 * (l) + (i) :			\
	    ((l) == 0 ? 14 : 8 + 2 * ((l) - 1)) + (i) - 2)

/*
 * a += x first, while b is still being made; the empty asm keeps the
 * compiler from reassociating it into a + (b + x), two adds after b.
 */
#define B2_ADD(a, x, b) do {						\
	__m256i ax_ = _mm256_add_epi64(a, x);				\
	__asm__("" : "+x"(ax_));					\
	(a) = _mm256_add_epi64(ax_, b);					\
} while (0)

#define B2_G(x, y) do {							\
	B2_ADD(a, x, b);						\
	d = ROR32(_mm256_xor_si256(d, a));				\
	c = _mm256_add_epi64(c, d);					\
	b = ROR24(_mm256_xor_si256(b, c));				\
	B2_ADD(a, y, b);						\
	d = ROR16(_mm256_xor_si256(d, a));				\
	c = _mm256_add_epi64(c, d);					\
	b = ROR63(_mm256_xor_si256(b, c));				\
} while (0)

#define B2_ROUND(r) do {						\
	B2_G(MSG(r, 0), MSG(r, 1));					\
	a = _mm256_permute4x64_epi64(a, _MM_SHUFFLE(2, 1, 0, 3));	\
	c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(0, 3, 2, 1));	\
	d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(1, 0, 3, 2));	\
	B2_G(MSG(r, 2), MSG(r, 3));					\
	a = _mm256_permute4x64_epi64(a, _MM_SHUFFLE(0, 3, 2, 1));	\
	c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(2, 1, 0, 3));	\
	d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(1, 0, 3, 2));	\
} while (0)

#define B2_ROUNDS() do {						\
	B2_ROUND(0);							\
	B2_ROUND(1);							\
	B2_ROUND(2);							\
	B2_ROUND(3);							\
	B2_ROUND(4);							\
	B2_ROUND(5);							\
	B2_ROUND(6);							\
	B2_ROUND(7);							\
	B2_ROUND(8);							\
	B2_ROUND(9);							\
	B2_ROUND(10);							\
	B2_ROUND(11);							\
} while (0)

/*
 * The block loop over the chaining value h (h0, h1: its two rows) and
 * the counter t, advanced before each block unless f0 (the last block's
 * flag) is set: the caller has counted that one.  LOAD puts the block
 * at p where MSG finds it.  The variables are the kernel's.
 */
#define B2_BLOCKS(LOAD) do {						\
	h0 = _mm256_loadu_si256((const void *)h);			\
	h1 = _mm256_loadu_si256((const void *)(h + 4));			\
	for (; nblocks > 0; nblocks--, p += 128) {			\
		if (f0 == 0) {						\
			t[0] += 128;					\
			if (t[0] < 128)					\
				t[1]++;					\
		}							\
		LOAD;							\
		a = h0;							\
		b = h1;							\
		c = iv0;						\
		d = _mm256_xor_si256(iv1, _mm256_set_epi64x(0,		\
		    (long long)f0, (long long)t[1], (long long)t[0]));	\
		B2_ROUNDS();						\
		h0 = _mm256_xor_si256(h0, _mm256_xor_si256(a, c));	\
		h1 = _mm256_xor_si256(h1, _mm256_xor_si256(b, d));	\
	}								\
	_mm256_storeu_si256((void *)h, h0);				\
	_mm256_storeu_si256((void *)(h + 4), h1);			\
} while (0)

#endif /* MDS_BLAKE2B_X86_H */
