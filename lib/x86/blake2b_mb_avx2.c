/*
 * x86/blake2b_mb_avx2.c: BLAKE2b on four independent messages at once,
 * one per qword of a ymm register (AVX2), for the lane scheduler.
 *
 * As blake2b_mb_avx512.c, with what AVX2 has for rotations: by 32 a
 * vpshufd, by 24 and 16 a vpshufb, by 63 (x + x) | (x >> 63).  Sixteen
 * ymm registers cannot hold the work vector and the block: the message
 * words stay in memory, as the operands of their adds.
 *
 * A 4x4 transpose of qwords (vpunpck[lh]qdq, vperm2i128) per 32 bytes
 * puts word i of lane l in qword l of m[i].  The counter and the flag are
 * per lane (mds_mb_kernel): a lane whose flag is clear adds 128 to its
 * counter before each block.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "../mb_lane.h"
#include "mb_x86.h"
#include "../blake2b.h"

#define AVX2	__attribute__((target("avx2")))

#define LANES	4

#define ADD(x, y)	_mm256_add_epi64(x, y)
#define XOR(x, y)	_mm256_xor_si256(x, y)
#define ROR32(x)	_mm256_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1))
#define ROR24(x)	_mm256_shuffle_epi8(x, r24)
#define ROR16(x)	_mm256_shuffle_epi8(x, r16)
#define ROR63(x)	_mm256_or_si256(_mm256_srli_epi64(x, 63), ADD(x, x))

#define STEP_A(a, b, d, x, ROT) do {					\
	a = ADD(ADD(a, x), b);						\
	d = ROT(XOR(d, a));						\
} while (0)
#define STEP_C(b, c, d, ROT) do {					\
	c = ADD(c, d);							\
	b = ROT(XOR(b, c));						\
} while (0)

#define M(r, i)		m[blake2b_sigma[r][i]]
#define G1(a, b, c, d, x, y) do {					\
	STEP_A(a, b, d, x, ROR32);					\
	STEP_C(b, c, d, ROR24);						\
	STEP_A(a, b, d, y, ROR16);					\
	STEP_C(b, c, d, ROR63);						\
} while (0)
/*
 * The four G of a half round one after another: written side by side
 * they need more than the sixteen registers, and ran 10% slower (the
 * out-of-order core overlaps them as written here all the same).
 */
#define G4(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2,		\
    a3, b3, c3, d3, r, i) do {						\
	G1(a0, b0, c0, d0, M(r, i), M(r, i + 1));			\
	G1(a1, b1, c1, d1, M(r, i + 2), M(r, i + 3));			\
	G1(a2, b2, c2, d2, M(r, i + 4), M(r, i + 5));			\
	G1(a3, b3, c3, d3, M(r, i + 6), M(r, i + 7));			\
} while (0)

#define ROUND(r) do {							\
	G4(v0, v4, v8, v12, v1, v5, v9, v13,				\
	    v2, v6, v10, v14, v3, v7, v11, v15, r, 0);			\
	G4(v0, v5, v10, v15, v1, v6, v11, v12,				\
	    v2, v7, v8, v13, v3, v4, v9, v14, r, 8);			\
} while (0)

#define LOAD(l, o)	_mm256_loadu_si256((const __m256i *)(p[l] + (o)))

AVX2 void
mds_blake2b_mb_avx2(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	const __m256i r24 = _mm256_setr_epi8(
	    3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
	    3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
	const __m256i r16 = _mm256_setr_epi8(
	    2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
	    2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
	const __m256i sign = _mm256_set1_epi64x((long long)(1ULL << 63));
	uint64_t *s = state;
	const unsigned char *p[LANES];
	size_t stride[LANES], l, o;
	__m256i h[8], t0, t1, f0, inc, carry, m[16];
	__m256i v0, v1, v2, v3, v4, v5, v6, v7;
	__m256i v8, v9, v10, v11, v12, v13, v14, v15;
	int w;

	(void)rate;
	if (nblocks == 0)
		return;
	MB_LANE_START(l, p, stride, data, LANES, 128);
	for (w = 0; w < 8; w++)
		h[w] = _mm256_loadu_si256((const __m256i *)(s + w * LANES));
	t0 = _mm256_loadu_si256((const __m256i *)(s + 8 * LANES));
	t1 = _mm256_loadu_si256((const __m256i *)(s + 9 * LANES));
	f0 = _mm256_loadu_si256((const __m256i *)(s + 10 * LANES));
	/* 128 for the lanes whose flag is clear, 0 for the others. */
	inc = _mm256_and_si256(_mm256_cmpeq_epi64(f0,
	    _mm256_setzero_si256()), _mm256_set1_epi64x(128));

	while (nblocks-- > 0) {
		MB_X86_WORDS4(m, LOAD);
		MB_LANE_NEXT(l, p, stride, LANES);
		/* t0 += inc; a carry out of it (t0 < inc, unsigned) to t1. */
		t0 = ADD(t0, inc);
		carry = _mm256_cmpgt_epi64(XOR(inc, sign), XOR(t0, sign));
		t1 = _mm256_sub_epi64(t1, carry);

		v0 = h[0]; v1 = h[1]; v2 = h[2]; v3 = h[3];
		v4 = h[4]; v5 = h[5]; v6 = h[6]; v7 = h[7];
		v8 = _mm256_set1_epi64x((long long)mds_blake2b_iv[0]);
		v9 = _mm256_set1_epi64x((long long)mds_blake2b_iv[1]);
		v10 = _mm256_set1_epi64x((long long)mds_blake2b_iv[2]);
		v11 = _mm256_set1_epi64x((long long)mds_blake2b_iv[3]);
		v12 = XOR(_mm256_set1_epi64x((long long)mds_blake2b_iv[4]), t0);
		v13 = XOR(_mm256_set1_epi64x((long long)mds_blake2b_iv[5]), t1);
		v14 = XOR(_mm256_set1_epi64x((long long)mds_blake2b_iv[6]), f0);
		v15 = _mm256_set1_epi64x((long long)mds_blake2b_iv[7]);
		ROUND(0);
		ROUND(1);
		ROUND(2);
		ROUND(3);
		ROUND(4);
		ROUND(5);
		ROUND(6);
		ROUND(7);
		ROUND(8);
		ROUND(9);
		ROUND(10);
		ROUND(11);
		h[0] = XOR(h[0], XOR(v0, v8));
		h[1] = XOR(h[1], XOR(v1, v9));
		h[2] = XOR(h[2], XOR(v2, v10));
		h[3] = XOR(h[3], XOR(v3, v11));
		h[4] = XOR(h[4], XOR(v4, v12));
		h[5] = XOR(h[5], XOR(v5, v13));
		h[6] = XOR(h[6], XOR(v6, v14));
		h[7] = XOR(h[7], XOR(v7, v15));
	}
	for (w = 0; w < 8; w++)
		_mm256_storeu_si256((__m256i *)(s + w * LANES), h[w]);
	_mm256_storeu_si256((__m256i *)(s + 8 * LANES), t0);
	_mm256_storeu_si256((__m256i *)(s + 9 * LANES), t1);
}
#endif
