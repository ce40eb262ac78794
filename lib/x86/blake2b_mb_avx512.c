/*
 * x86/blake2b_mb_avx512.c: BLAKE2b on eight independent messages at once,
 * one per qword of a zmm register (AVX-512F), for the lane scheduler.
 *
 * One message's compression is a chain of dependent adds, xors and
 * rotations (blake2b_x86.h), and on Zen 5 a vector add takes two cycles:
 * one stream loses to scalar code.  Eight lanes are eight chains for the
 * price of one: each word of the work vector is a zmm register, every
 * rotation a vprorq, and the four G of a half round are written step by
 * step side by side, so that four independent chains are always in
 * flight for the out-of-order core to fill its pipes with.
 *
 * The blocks are transposed as in sha512_mb_avx512.c (without its byte
 * swap: BLAKE2b's words are little-endian), word i of lane l to qword l
 * of m[i]; sigma then picks whole registers.  The counter and the flag are
 * per lane (mds_mb_kernel): a lane whose flag is clear adds 128 to its
 * counter before each block.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "../mb_lane.h"
#include "mb_x86.h"
#include "../blake2b.h"

#define AVX512	__attribute__((target("avx512f,avx512vl,avx2")))

#define LANES	8

#define ADD(x, y)	_mm512_add_epi64(x, y)
#define XOR(x, y)	_mm512_xor_si512(x, y)
#define ROR(x, n)	_mm512_ror_epi64(x, n)

/* One step of the four G of a half round: a += b + x, d = (d ^ a) >>> r. */
#define STEP_A(a, b, d, x, r) do {					\
	a = ADD(ADD(a, x), b);						\
	d = ROR(XOR(d, a), r);						\
} while (0)
/* c += d, b = (b ^ c) >>> r. */
#define STEP_C(b, c, d, r) do {						\
	c = ADD(c, d);							\
	b = ROR(XOR(b, c), r);						\
} while (0)

#define G4(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2,		\
    a3, b3, c3, d3, r, i) do {						\
	STEP_A(a0, b0, d0, m[blake2b_sigma[r][i]], 32);			\
	STEP_A(a1, b1, d1, m[blake2b_sigma[r][i + 2]], 32);		\
	STEP_A(a2, b2, d2, m[blake2b_sigma[r][i + 4]], 32);		\
	STEP_A(a3, b3, d3, m[blake2b_sigma[r][i + 6]], 32);		\
	STEP_C(b0, c0, d0, 24);						\
	STEP_C(b1, c1, d1, 24);						\
	STEP_C(b2, c2, d2, 24);						\
	STEP_C(b3, c3, d3, 24);						\
	STEP_A(a0, b0, d0, m[blake2b_sigma[r][i + 1]], 16);		\
	STEP_A(a1, b1, d1, m[blake2b_sigma[r][i + 3]], 16);		\
	STEP_A(a2, b2, d2, m[blake2b_sigma[r][i + 5]], 16);		\
	STEP_A(a3, b3, d3, m[blake2b_sigma[r][i + 7]], 16);		\
	STEP_C(b0, c0, d0, 63);						\
	STEP_C(b1, c1, d1, 63);						\
	STEP_C(b2, c2, d2, 63);						\
	STEP_C(b3, c3, d3, 63);						\
} while (0)

#define ROUND(r) do {							\
	G4(v0, v4, v8, v12, v1, v5, v9, v13,				\
	    v2, v6, v10, v14, v3, v7, v11, v15, r, 0);			\
	G4(v0, v5, v10, v15, v1, v6, v11, v12,				\
	    v2, v7, v8, v13, v3, v4, v9, v14, r, 8);			\
} while (0)

/* 32 bytes of lanes l0 and l1 side by side. */
#define PIECE(l, o)	_mm256_loadu_si256((const __m256i *)(p[l] + (o)))
#define PAIR(l0, l1, o)	_mm512_inserti64x4(_mm512_castsi256_si512(	\
	    PIECE(l0, o)), PIECE(l1, o), 1)

AVX512 void
mds_blake2b_mb_avx512(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint64_t *s = state;
	const unsigned char *p[LANES];
	size_t stride[LANES], l, o;
	const __m512i c128 = _mm512_set1_epi64(128);
	const __m512i one = _mm512_set1_epi64(1);
	__m512i h[8], t0, t1, f0, m[16];
	__m512i v0, v1, v2, v3, v4, v5, v6, v7;
	__m512i v8, v9, v10, v11, v12, v13, v14, v15;
	__mmask8 inc, carry;
	int w;

	(void)rate;
	if (nblocks == 0)
		return;
	MB_LANE_START(l, p, stride, data, LANES, 128);
	for (w = 0; w < 8; w++)
		h[w] = _mm512_loadu_si512(s + w * LANES);
	t0 = _mm512_loadu_si512(s + 8 * LANES);
	t1 = _mm512_loadu_si512(s + 9 * LANES);
	f0 = _mm512_loadu_si512(s + 10 * LANES);
	/* The lanes whose flag is clear count their blocks. */
	inc = _mm512_cmpeq_epi64_mask(f0, _mm512_setzero_si512());

	while (nblocks-- > 0) {
		MB_X86_WORDS8(m, PAIR);
		MB_LANE_NEXT(l, p, stride, LANES);
		t0 = _mm512_mask_add_epi64(t0, inc, t0, c128);
		carry = _mm512_mask_cmplt_epu64_mask(inc, t0, c128);
		t1 = _mm512_mask_add_epi64(t1, carry, t1, one);

		v0 = h[0]; v1 = h[1]; v2 = h[2]; v3 = h[3];
		v4 = h[4]; v5 = h[5]; v6 = h[6]; v7 = h[7];
		v8 = _mm512_set1_epi64((long long)mds_blake2b_iv[0]);
		v9 = _mm512_set1_epi64((long long)mds_blake2b_iv[1]);
		v10 = _mm512_set1_epi64((long long)mds_blake2b_iv[2]);
		v11 = _mm512_set1_epi64((long long)mds_blake2b_iv[3]);
		v12 = XOR(_mm512_set1_epi64((long long)mds_blake2b_iv[4]), t0);
		v13 = XOR(_mm512_set1_epi64((long long)mds_blake2b_iv[5]), t1);
		v14 = XOR(_mm512_set1_epi64((long long)mds_blake2b_iv[6]), f0);
		v15 = _mm512_set1_epi64((long long)mds_blake2b_iv[7]);
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
		/* h ^= v[0..7] ^ v[8..15], one vpternlogq a word. */
		h[0] = _mm512_ternarylogic_epi64(h[0], v0, v8, 0x96);
		h[1] = _mm512_ternarylogic_epi64(h[1], v1, v9, 0x96);
		h[2] = _mm512_ternarylogic_epi64(h[2], v2, v10, 0x96);
		h[3] = _mm512_ternarylogic_epi64(h[3], v3, v11, 0x96);
		h[4] = _mm512_ternarylogic_epi64(h[4], v4, v12, 0x96);
		h[5] = _mm512_ternarylogic_epi64(h[5], v5, v13, 0x96);
		h[6] = _mm512_ternarylogic_epi64(h[6], v6, v14, 0x96);
		h[7] = _mm512_ternarylogic_epi64(h[7], v7, v15, 0x96);
	}
	for (w = 0; w < 8; w++)
		_mm512_storeu_si512(s + w * LANES, h[w]);
	_mm512_storeu_si512(s + 8 * LANES, t0);
	_mm512_storeu_si512(s + 9 * LANES, t1);
}
#endif
