/*
 * x86/sum_avx2.c: the byte sum of sum -s (sysv) with AVX2.  vpsadbw
 * against zero adds each 8 bytes into a 64-bit lane, one instruction per
 * 32 bytes; four accumulators take 128 bytes a step, and 64-bit lanes
 * cannot carry out whatever the length.  The portable code adds 8 bytes a
 * step and runs at about a quarter of this (mdsum --bench -a sysv).
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"

#define SAD(acc, p)	_mm256_add_epi64((acc), _mm256_sad_epu8(	\
	_mm256_loadu_si256((const __m256i *)(const void *)(p)), zero))

__attribute__((target("avx2")))
uint32_t
mds_sysv_update_avx2(uint32_t s, const unsigned char *p, size_t len)
{
	const __m256i zero = _mm256_setzero_si256();
	__m256i a0 = zero, a1 = zero, a2 = zero, a3 = zero;
	uint64_t lane[4];

	for (; len >= 128; p += 128, len -= 128) {
		a0 = SAD(a0, p);
		a1 = SAD(a1, p + 32);
		a2 = SAD(a2, p + 64);
		a3 = SAD(a3, p + 96);
	}
	for (; len >= 32; p += 32, len -= 32)
		a0 = SAD(a0, p);
	a0 = _mm256_add_epi64(_mm256_add_epi64(a0, a1),
	    _mm256_add_epi64(a2, a3));
	_mm256_storeu_si256((__m256i *)(void *)lane, a0);
	s += (uint32_t)(lane[0] + lane[1] + lane[2] + lane[3]);
	for (; len > 0; p++, len--)
		s += *p;
	return s;
}
#endif
