/*
 * x86/sha512_mb_avx2.c: SHA-512 on four independent messages at once, one
 * per qword of a ymm register (AVX2).
 *
 * AVX2 has no 64-bit rotate: a rotate is two shifts and an or, except the
 * rotate by 8 of sigma0, which is one vpshufb.  Maj is ((a ^ b) & (b ^ c))
 * ^ b, and b ^ c is the a ^ b of the round before, so it costs two
 * instructions.  The schedule is made for the whole block before its
 * rounds, as in sha512_mb_avx512.c.  Each lane's block is read as four
 * 32-byte pieces, byte-swapped with vpshufb and transposed four by four
 * with vpunpck[lh]qdq and vperm2i128.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "../mb_lane.h"
#include "mb_x86.h"

#define AVX2	__attribute__((target("avx2")))

#define LANES	4

#define ROR(x, n)	_mm256_or_si256(_mm256_srli_epi64(x, n),	\
	    _mm256_slli_epi64(x, 64 - (n)))
#define XOR(x, y)	_mm256_xor_si256(x, y)
#define XOR3(x, y, z)	XOR(XOR(x, y), z)
#define ADD(x, y)	_mm256_add_epi64(x, y)

#define BSIG0(x)	XOR3(ROR(x, 28), ROR(x, 34), ROR(x, 39))
#define BSIG1(x)	XOR3(ROR(x, 14), ROR(x, 18), ROR(x, 41))
#define SSIG0(x)	XOR3(ROR(x, 1), _mm256_shuffle_epi8(x, ror8),	\
	    _mm256_srli_epi64(x, 7))
#define SSIG1(x)	XOR3(ROR(x, 19), ROR(x, 61), _mm256_srli_epi64(x, 6))
/* e ? f : g */
#define CH(e, f, g)	XOR(_mm256_and_si256(XOR(f, g), e), g)

/*
 * The new a goes to h, the new e to d; the names rotate instead.  bc is
 * b ^ c on entry, and ab becomes a ^ b, the next round's bc.
 */
#define ROUND(a, b, c, d, e, f, g, h, i, ab, bc) do {			\
	__m256i t1_ = ADD(ADD(h, ADD(w[i],				\
	    _mm256_set1_epi64x((long long)mds_sha512_k[i]))),		\
	    ADD(BSIG1(e), CH(e, f, g)));				\
									\
	ab = XOR(a, b);							\
	d = ADD(d, t1_);						\
	h = ADD(t1_, ADD(BSIG0(a),					\
	    XOR(_mm256_and_si256(ab, bc), b)));				\
} while (0)

#define PIECE(l, o)	_mm256_shuffle_epi8(_mm256_loadu_si256(	\
	    (const __m256i *)(p[l] + (o))), bswap)

AVX2 void
mds_sha512_mb_avx2(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	const __m256i bswap = _mm256_setr_epi8(
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	const __m256i ror8 = _mm256_setr_epi8(
	    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
	    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
	uint64_t *s = state;
	const unsigned char *p[LANES];
	size_t stride[LANES];
	__m256i w[80];
	__m256i a, b, c, d, e, f, g, h, x, y;
	__m256i a0, b0, c0, d0, e0, f0, g0, h0;
	size_t l, o;
	int i;

	(void)rate;
	if (nblocks == 0)
		return;
	/* Idle lanes hash the zero block over and over. */
	MB_LANE_START(l, p, stride, data, LANES, 128);
	a = _mm256_loadu_si256((const __m256i *)(s + 0 * LANES));
	b = _mm256_loadu_si256((const __m256i *)(s + 1 * LANES));
	c = _mm256_loadu_si256((const __m256i *)(s + 2 * LANES));
	d = _mm256_loadu_si256((const __m256i *)(s + 3 * LANES));
	e = _mm256_loadu_si256((const __m256i *)(s + 4 * LANES));
	f = _mm256_loadu_si256((const __m256i *)(s + 5 * LANES));
	g = _mm256_loadu_si256((const __m256i *)(s + 6 * LANES));
	h = _mm256_loadu_si256((const __m256i *)(s + 7 * LANES));

	while (nblocks-- > 0) {
		MB_X86_WORDS4(w, PIECE);
		MB_LANE_NEXT(l, p, stride, LANES);
		for (i = 16; i < 80; i++)
			w[i] = ADD(ADD(w[i - 16], SSIG0(w[i - 15])),
			    ADD(w[i - 7], SSIG1(w[i - 2])));

		a0 = a; b0 = b; c0 = c; d0 = d;
		e0 = e; f0 = f; g0 = g; h0 = h;
		x = XOR(b, c);
		for (i = 0; i < 80; i += 8) {
			ROUND(a, b, c, d, e, f, g, h, i, y, x);
			ROUND(h, a, b, c, d, e, f, g, i + 1, x, y);
			ROUND(g, h, a, b, c, d, e, f, i + 2, y, x);
			ROUND(f, g, h, a, b, c, d, e, i + 3, x, y);
			ROUND(e, f, g, h, a, b, c, d, i + 4, y, x);
			ROUND(d, e, f, g, h, a, b, c, i + 5, x, y);
			ROUND(c, d, e, f, g, h, a, b, i + 6, y, x);
			ROUND(b, c, d, e, f, g, h, a, i + 7, x, y);
		}
		a = ADD(a, a0); b = ADD(b, b0); c = ADD(c, c0); d = ADD(d, d0);
		e = ADD(e, e0); f = ADD(f, f0); g = ADD(g, g0); h = ADD(h, h0);
	}

	_mm256_storeu_si256((__m256i *)(s + 0 * LANES), a);
	_mm256_storeu_si256((__m256i *)(s + 1 * LANES), b);
	_mm256_storeu_si256((__m256i *)(s + 2 * LANES), c);
	_mm256_storeu_si256((__m256i *)(s + 3 * LANES), d);
	_mm256_storeu_si256((__m256i *)(s + 4 * LANES), e);
	_mm256_storeu_si256((__m256i *)(s + 5 * LANES), f);
	_mm256_storeu_si256((__m256i *)(s + 6 * LANES), g);
	_mm256_storeu_si256((__m256i *)(s + 7 * LANES), h);
}
#endif
