/*
 * x86/blake2b_avx512.c: the BLAKE2b compression function with AVX-512F
 * and VL, the work vector in four ymm rows (blake2b_x86.h).  Every
 * rotation is one vprorq; each message vector is one vpermt2q choosing
 * four of the block's sixteen words, held in two zmm registers.
 * Reads exactly nblocks * 128 bytes.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "../blake2b.h"
#include "blake2b_x86.h"

#define ROR32(x)	_mm256_ror_epi64(x, 32)
#define ROR24(x)	_mm256_ror_epi64(x, 24)
#define ROR16(x)	_mm256_ror_epi64(x, 16)
#define ROR63(x)	_mm256_ror_epi64(x, 63)

#define I(r, i, l)	blake2b_sigma[r][B2_POS(i, l)]
#define MSG(r, i)	_mm512_castsi512_si256(_mm512_permutex2var_epi64(ml,	\
			    _mm512_castsi256_si512(_mm256_setr_epi64x(		\
			    I(r, i, 0), I(r, i, 1), I(r, i, 2), I(r, i, 3))), mh))
/* The block at p into ml and mh, for MSG. */
#define LOAD() do {							\
	ml = _mm512_loadu_si512((const void *)p);			\
	mh = _mm512_loadu_si512((const void *)(p + 64));		\
} while (0)

__attribute__((target("avx512f,avx512vl"))) void
mds_blake2b_compress_avx512(uint64_t h[8], uint64_t t[2],
    const unsigned char *p, size_t nblocks, uint64_t f0)
{
	const __m256i iv0 = _mm256_loadu_si256((const void *)mds_blake2b_iv);
	const __m256i iv1 = _mm256_loadu_si256(
	    (const void *)(mds_blake2b_iv + 4));
	__m256i a, b, c, d, h0, h1;
	__m512i ml, mh;

	B2_BLOCKS(LOAD());
}
#endif
