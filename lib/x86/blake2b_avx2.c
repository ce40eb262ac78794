/*
 * x86/blake2b_avx2.c: the BLAKE2b compression function with AVX2, the
 * work vector in four ymm rows (blake2b_x86.h).  Rotations by 32, 24 and
 * 16 are byte shuffles; by 63, a shift and an add of x to itself.  Each
 * message vector is assembled from the block's words in sigma order.
 * Reads exactly nblocks * 128 bytes.
 */
#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

#include "x86.h"
#include "../blake2b.h"
#include "blake2b_x86.h"

#define ROR32(x)	_mm256_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1))
#define ROR24(x)	_mm256_shuffle_epi8(x, r24)
#define ROR16(x)	_mm256_shuffle_epi8(x, r16)
#define ROR63(x)	_mm256_xor_si256(_mm256_srli_epi64(x, 63),	\
			    _mm256_add_epi64(x, x))

#define W(r, i, l)	m[blake2b_sigma[r][B2_POS(i, l)]]
#define MSG(r, i)	_mm256_set_epi64x((long long)W(r, i, 3),		\
			    (long long)W(r, i, 2), (long long)W(r, i, 1),	\
			    (long long)W(r, i, 0))

__attribute__((target("avx2"))) void
mds_blake2b_compress_avx2(uint64_t h[8], uint64_t t[2],
    const unsigned char *p, size_t nblocks, uint64_t f0)
{
	const __m256i r24 = _mm256_setr_epi8(
	    3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
	    3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
	const __m256i r16 = _mm256_setr_epi8(
	    2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
	    2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
	const __m256i iv0 = _mm256_loadu_si256((const void *)mds_blake2b_iv);
	const __m256i iv1 = _mm256_loadu_si256(
	    (const void *)(mds_blake2b_iv + 4));
	__m256i a, b, c, d, h0, h1;
	uint64_t m[16];

	B2_BLOCKS(memcpy(m, p, sizeof(m)));	/* x86: little-endian */
}
#endif
