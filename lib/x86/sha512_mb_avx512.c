/*
 * x86/sha512_mb_avx512.c: SHA-512 on eight independent messages at once,
 * one per qword of a zmm register (AVX-512F; AVX2 for the byte swap).
 *
 * A round is 6 vprorq, 4 vpternlogq (the two Sigma xors, Ch and Maj) and
 * 6 vpaddq for eight blocks; a scheduled word is 4 vprorq, 2 vpsrlq, 2
 * vpternlogq and 3 vpaddq.  The schedule is made for the whole block
 * before its rounds: the rounds of eight lanes have parallelism enough
 * that overlapping the two gains nothing, and W[t] is then a memory
 * operand, K[t] a broadcast one.
 *
 * Each lane's block is read as four 32-byte pieces, byte-swapped with
 * vpshufb on ymm (vpshufb on zmm needs AVX512BW, which is not probed),
 * paired into zmm registers (lanes 0 and 2, 1 and 3, 4 and 6, 5 and 7)
 * and transposed with vpunpck[lh]qdq and vshufi64x2, so that word i of
 * the block of lane l lands in qword l of W[i].
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "../mb_lane.h"
#include "mb_x86.h"

#define AVX512	__attribute__((target("avx512f,avx512vl,avx2")))

#define LANES	8

#define ROR(x, n)	_mm512_ror_epi64(x, n)
#define XOR3(x, y, z)	_mm512_ternarylogic_epi64(x, y, z, 0x96)
#define ADD(x, y)	_mm512_add_epi64(x, y)

#define BSIG0(x)	XOR3(ROR(x, 28), ROR(x, 34), ROR(x, 39))
#define BSIG1(x)	XOR3(ROR(x, 14), ROR(x, 18), ROR(x, 41))
#define SSIG0(x)	XOR3(ROR(x, 1), ROR(x, 8), _mm512_srli_epi64(x, 7))
#define SSIG1(x)	XOR3(ROR(x, 19), ROR(x, 61), _mm512_srli_epi64(x, 6))
/* e ? f : g */
#define CH(e, f, g)	_mm512_ternarylogic_epi64(e, f, g, 0xca)
/* At least two of a, b, c. */
#define MAJ(a, b, c)	_mm512_ternarylogic_epi64(a, b, c, 0xe8)

/* The new a goes to h, the new e to d; the names rotate instead. */
#define ROUND(a, b, c, d, e, f, g, h, i) do {				\
	__m512i t1_ = ADD(ADD(h, ADD(w[i],				\
	    _mm512_set1_epi64((long long)mds_sha512_k[i]))),		\
	    ADD(BSIG1(e), CH(e, f, g)));				\
									\
	d = ADD(d, t1_);						\
	h = ADD(t1_, ADD(BSIG0(a), MAJ(a, b, c)));			\
} while (0)

/* Four 32-byte pieces of lane l0 and l1 side by side, byte-swapped. */
#define PIECE(l, o)	_mm256_shuffle_epi8(_mm256_loadu_si256(	\
	    (const __m256i *)(p[l] + (o))), bswap)
#define PAIR(l0, l1, o)	_mm512_inserti64x4(_mm512_castsi256_si512(	\
	    PIECE(l0, o)), PIECE(l1, o), 1)

AVX512 void
mds_sha512_mb_avx512(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	const __m256i bswap = _mm256_setr_epi8(
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	uint64_t *s = state;
	const unsigned char *p[LANES];
	size_t stride[LANES];
	__m512i w[80];
	__m512i a, b, c, d, e, f, g, h;
	__m512i a0, b0, c0, d0, e0, f0, g0, h0;
	size_t l, o;
	int i;

	(void)rate;
	if (nblocks == 0)
		return;
	/* Idle lanes hash the zero block over and over. */
	MB_LANE_START(l, p, stride, data, LANES, 128);
	a = _mm512_loadu_si512(s + 0 * LANES);
	b = _mm512_loadu_si512(s + 1 * LANES);
	c = _mm512_loadu_si512(s + 2 * LANES);
	d = _mm512_loadu_si512(s + 3 * LANES);
	e = _mm512_loadu_si512(s + 4 * LANES);
	f = _mm512_loadu_si512(s + 5 * LANES);
	g = _mm512_loadu_si512(s + 6 * LANES);
	h = _mm512_loadu_si512(s + 7 * LANES);

	while (nblocks-- > 0) {
		MB_X86_WORDS8(w, PAIR);
		MB_LANE_NEXT(l, p, stride, LANES);
		for (i = 16; i < 80; i++)
			w[i] = ADD(ADD(w[i - 16], SSIG0(w[i - 15])),
			    ADD(w[i - 7], SSIG1(w[i - 2])));

		a0 = a; b0 = b; c0 = c; d0 = d;
		e0 = e; f0 = f; g0 = g; h0 = h;
		for (i = 0; i < 80; i += 8) {
			ROUND(a, b, c, d, e, f, g, h, i);
			ROUND(h, a, b, c, d, e, f, g, i + 1);
			ROUND(g, h, a, b, c, d, e, f, i + 2);
			ROUND(f, g, h, a, b, c, d, e, i + 3);
			ROUND(e, f, g, h, a, b, c, d, i + 4);
			ROUND(d, e, f, g, h, a, b, c, i + 5);
			ROUND(c, d, e, f, g, h, a, b, i + 6);
			ROUND(b, c, d, e, f, g, h, a, i + 7);
		}
		a = ADD(a, a0); b = ADD(b, b0); c = ADD(c, c0); d = ADD(d, d0);
		e = ADD(e, e0); f = ADD(f, f0); g = ADD(g, g0); h = ADD(h, h0);
	}

	_mm512_storeu_si512(s + 0 * LANES, a);
	_mm512_storeu_si512(s + 1 * LANES, b);
	_mm512_storeu_si512(s + 2 * LANES, c);
	_mm512_storeu_si512(s + 3 * LANES, d);
	_mm512_storeu_si512(s + 4 * LANES, e);
	_mm512_storeu_si512(s + 5 * LANES, f);
	_mm512_storeu_si512(s + 6 * LANES, g);
	_mm512_storeu_si512(s + 7 * LANES, h);
}
#endif
