/*
 * x86/md5_mb_avx2.c: MD5 of eight messages side by side, one per 32-bit
 * lane of the ymm registers (AVX2).
 *
 * Without vpternlogd and vprold the steps take more operations: F is
 * d ^ (b & (c ^ d)) and I is c ^ (b | ~d), with c ^ d and ~d formed before
 * b is known; G is added into a in two parts, c & ~d off the path and
 * b & d on it; the rotate is two shifts and an or.  Each lane's block is
 * loaded as two 128-bit halves, paired into ymm registers and transposed
 * in registers (unpack of dwords, then of qwords) into the sixteen
 * message words across lanes.  An idle lane (data[l] == NULL) reads
 * mds_zero_block again for every block.
 *
 * Reads exactly nblocks * 64 bytes of each busy lane.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"

#define AVX2	__attribute__((target("avx2")))

#define LANES	8

#define ROL(v, s) _mm256_or_si256(_mm256_slli_epi32(v, s),		\
	_mm256_srli_epi32(v, 32 - (s)))

#define XT(a, k, t) _mm256_add_epi32(a, _mm256_add_epi32(x[k],		\
	_mm256_set1_epi32((int)(t))))

#define STEP_F(a, b, c, d, k, t, s) do {				\
	a = XT(a, k, t);						\
	a = _mm256_add_epi32(a, _mm256_xor_si256(d,			\
	    _mm256_and_si256(b, _mm256_xor_si256(c, d))));		\
	a = _mm256_add_epi32(ROL(a, s), b);				\
} while (0)

#define STEP_G(a, b, c, d, k, t, s) do {				\
	a = XT(a, k, t);						\
	a = _mm256_add_epi32(a, _mm256_andnot_si256(d, c));		\
	a = _mm256_add_epi32(a, _mm256_and_si256(b, d));		\
	a = _mm256_add_epi32(ROL(a, s), b);				\
} while (0)

#define STEP_H(a, b, c, d, k, t, s) do {				\
	a = XT(a, k, t);						\
	a = _mm256_add_epi32(a, _mm256_xor_si256(b,			\
	    _mm256_xor_si256(c, d)));					\
	a = _mm256_add_epi32(ROL(a, s), b);				\
} while (0)

#define STEP_I(a, b, c, d, k, t, s) do {				\
	a = XT(a, k, t);						\
	a = _mm256_add_epi32(a, _mm256_xor_si256(c,			\
	    _mm256_or_si256(b, _mm256_xor_si256(d, ones))));		\
	a = _mm256_add_epi32(ROL(a, s), b);				\
} while (0)

#define STEP(f, a, b, c, d, k, t, s)	STEP_##f(a, b, c, d, k, t, s)

/*
 * r[l] holds four words of lane l in its low half and the same four of
 * lane l + 4 in its high half; on return r[j] holds the j-th of them
 * across the eight lanes.
 */
AVX2 static inline void
transpose4(__m256i *r)
{
	__m256i t0, t1, t2, t3;

	t0 = _mm256_unpacklo_epi32(r[0], r[1]);
	t1 = _mm256_unpackhi_epi32(r[0], r[1]);
	t2 = _mm256_unpacklo_epi32(r[2], r[3]);
	t3 = _mm256_unpackhi_epi32(r[2], r[3]);
	r[0] = _mm256_unpacklo_epi64(t0, t2);
	r[1] = _mm256_unpackhi_epi64(t0, t2);
	r[2] = _mm256_unpacklo_epi64(t1, t3);
	r[3] = _mm256_unpackhi_epi64(t1, t3);
}

AVX2 void
mds_md5_mb_avx2(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint32_t *st = state;
	const unsigned char *p[LANES];
	size_t inc[LANES];
	__m256i a, b, c, d, aa, bb, cc, dd, x[16], ones;
	size_t n;
	int l, q;

	(void)rate;
	if (nblocks == 0)
		return;
	for (l = 0; l < LANES; l++) {
		p[l] = data[l] != NULL ? data[l] : mds_zero_block;
		inc[l] = data[l] != NULL ? 64 : 0;
	}
	ones = _mm256_set1_epi32(-1);
	a = _mm256_loadu_si256((const __m256i *)st);
	b = _mm256_loadu_si256((const __m256i *)(st + LANES));
	c = _mm256_loadu_si256((const __m256i *)(st + 2 * LANES));
	d = _mm256_loadu_si256((const __m256i *)(st + 3 * LANES));
	for (n = 0; n < nblocks; n++) {
		/*
		 * Quarter q (words 4q..4q+3) of lane l and of lane l + 4 in
		 * one register; transposed, four registers give words
		 * 4q..4q+3 of all eight lanes.
		 */
		for (q = 0; q < 4; q++) {
			for (l = 0; l < 4; l++)
				x[4 * q + l] = _mm256_inserti128_si256(
				    _mm256_castsi128_si256(_mm_loadu_si128(
				    (const __m128i *)(p[l] + 16 * q))),
				    _mm_loadu_si128((const __m128i *)
				    (p[l + 4] + 16 * q)), 1);
			transpose4(x + 4 * q);
		}
		for (l = 0; l < LANES; l++)
			p[l] += inc[l];
		aa = a;
		bb = b;
		cc = c;
		dd = d;

		STEP(F, a, b, c, d, 0, 0xd76aa478, 7);
		STEP(F, d, a, b, c, 1, 0xe8c7b756, 12);
		STEP(F, c, d, a, b, 2, 0x242070db, 17);
		STEP(F, b, c, d, a, 3, 0xc1bdceee, 22);
		STEP(F, a, b, c, d, 4, 0xf57c0faf, 7);
		STEP(F, d, a, b, c, 5, 0x4787c62a, 12);
		STEP(F, c, d, a, b, 6, 0xa8304613, 17);
		STEP(F, b, c, d, a, 7, 0xfd469501, 22);
		STEP(F, a, b, c, d, 8, 0x698098d8, 7);
		STEP(F, d, a, b, c, 9, 0x8b44f7af, 12);
		STEP(F, c, d, a, b, 10, 0xffff5bb1, 17);
		STEP(F, b, c, d, a, 11, 0x895cd7be, 22);
		STEP(F, a, b, c, d, 12, 0x6b901122, 7);
		STEP(F, d, a, b, c, 13, 0xfd987193, 12);
		STEP(F, c, d, a, b, 14, 0xa679438e, 17);
		STEP(F, b, c, d, a, 15, 0x49b40821, 22);

		STEP(G, a, b, c, d, 1, 0xf61e2562, 5);
		STEP(G, d, a, b, c, 6, 0xc040b340, 9);
		STEP(G, c, d, a, b, 11, 0x265e5a51, 14);
		STEP(G, b, c, d, a, 0, 0xe9b6c7aa, 20);
		STEP(G, a, b, c, d, 5, 0xd62f105d, 5);
		STEP(G, d, a, b, c, 10, 0x02441453, 9);
		STEP(G, c, d, a, b, 15, 0xd8a1e681, 14);
		STEP(G, b, c, d, a, 4, 0xe7d3fbc8, 20);
		STEP(G, a, b, c, d, 9, 0x21e1cde6, 5);
		STEP(G, d, a, b, c, 14, 0xc33707d6, 9);
		STEP(G, c, d, a, b, 3, 0xf4d50d87, 14);
		STEP(G, b, c, d, a, 8, 0x455a14ed, 20);
		STEP(G, a, b, c, d, 13, 0xa9e3e905, 5);
		STEP(G, d, a, b, c, 2, 0xfcefa3f8, 9);
		STEP(G, c, d, a, b, 7, 0x676f02d9, 14);
		STEP(G, b, c, d, a, 12, 0x8d2a4c8a, 20);

		STEP(H, a, b, c, d, 5, 0xfffa3942, 4);
		STEP(H, d, a, b, c, 8, 0x8771f681, 11);
		STEP(H, c, d, a, b, 11, 0x6d9d6122, 16);
		STEP(H, b, c, d, a, 14, 0xfde5380c, 23);
		STEP(H, a, b, c, d, 1, 0xa4beea44, 4);
		STEP(H, d, a, b, c, 4, 0x4bdecfa9, 11);
		STEP(H, c, d, a, b, 7, 0xf6bb4b60, 16);
		STEP(H, b, c, d, a, 10, 0xbebfbc70, 23);
		STEP(H, a, b, c, d, 13, 0x289b7ec6, 4);
		STEP(H, d, a, b, c, 0, 0xeaa127fa, 11);
		STEP(H, c, d, a, b, 3, 0xd4ef3085, 16);
		STEP(H, b, c, d, a, 6, 0x04881d05, 23);
		STEP(H, a, b, c, d, 9, 0xd9d4d039, 4);
		STEP(H, d, a, b, c, 12, 0xe6db99e5, 11);
		STEP(H, c, d, a, b, 15, 0x1fa27cf8, 16);
		STEP(H, b, c, d, a, 2, 0xc4ac5665, 23);

		STEP(I, a, b, c, d, 0, 0xf4292244, 6);
		STEP(I, d, a, b, c, 7, 0x432aff97, 10);
		STEP(I, c, d, a, b, 14, 0xab9423a7, 15);
		STEP(I, b, c, d, a, 5, 0xfc93a039, 21);
		STEP(I, a, b, c, d, 12, 0x655b59c3, 6);
		STEP(I, d, a, b, c, 3, 0x8f0ccc92, 10);
		STEP(I, c, d, a, b, 10, 0xffeff47d, 15);
		STEP(I, b, c, d, a, 1, 0x85845dd1, 21);
		STEP(I, a, b, c, d, 8, 0x6fa87e4f, 6);
		STEP(I, d, a, b, c, 15, 0xfe2ce6e0, 10);
		STEP(I, c, d, a, b, 6, 0xa3014314, 15);
		STEP(I, b, c, d, a, 13, 0x4e0811a1, 21);
		STEP(I, a, b, c, d, 4, 0xf7537e82, 6);
		STEP(I, d, a, b, c, 11, 0xbd3af235, 10);
		STEP(I, c, d, a, b, 2, 0x2ad7d2bb, 15);
		STEP(I, b, c, d, a, 9, 0xeb86d391, 21);

		a = _mm256_add_epi32(a, aa);
		b = _mm256_add_epi32(b, bb);
		c = _mm256_add_epi32(c, cc);
		d = _mm256_add_epi32(d, dd);
	}
	_mm256_storeu_si256((__m256i *)st, a);
	_mm256_storeu_si256((__m256i *)(st + LANES), b);
	_mm256_storeu_si256((__m256i *)(st + 2 * LANES), c);
	_mm256_storeu_si256((__m256i *)(st + 3 * LANES), d);
}
#endif /* __x86_64__ */
