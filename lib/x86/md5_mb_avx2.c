/*
 * x86/md5_mb_avx2.c: MD5 of eight messages side by side, one per 32-bit
 * lane of the ymm registers (AVX2).
 *
 * Without vpternlogd and vprold the steps take more operations: F is
 * d ^ (b & (c ^ d)) and I is c ^ (b | ~d), with c ^ d and ~d formed before
 * b is known; G goes into a in two parts, c & ~d off the path and b & d
 * on it; the rotate is two shifts and an or.  So after b come three
 * operations of F, two of G, H or I (c ^ d and ~d first), two of the
 * rotate and the add of b.  The next block's message words are made
 * between the steps: each lane's block in 128-bit quarters, quarter q of
 * lanes l and l + 4 paired in one register, four such transposed by
 * unpacks of dwords and qwords into words 4q..4q+3 across the lanes, and
 * stored for the steps to add from memory.  An idle lane (data[l] ==
 * NULL) reads mds_zero_block again for every block.
 *
 * Reads exactly nblocks * 64 bytes of each busy lane.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "../md5_steps.h"
#include "x86.h"
#include "../mb_lane.h"
#include "md5_mb_x86.h"

#define AVX2	__attribute__((target("avx2")))

#define LANES	8

/*
 * The steps in asm, so that x + t goes into a before f: from intrinsics
 * the compiler may add them after, on the path.
 */
#define STEP_F								\
	"vpxor\t%[vd], %[vc], %[vt]\n\t"				\
	"vpand\t%[vb], %[vt], %[vt]\n\t"				\
	"vpxor\t%[vd], %[vt], %[vt]\n\t"				\
	"vpaddd\t%[vt], %[va], %[va]\n\t"
#define STEP_G								\
	"vpandn\t%[vc], %[vd], %[vt]\n\t"				\
	"vpaddd\t%[vt], %[va], %[va]\n\t"				\
	"vpand\t%[vb], %[vd], %[vt]\n\t"				\
	"vpaddd\t%[vt], %[va], %[va]\n\t"
#define STEP_H								\
	"vpxor\t%[vd], %[vc], %[vt]\n\t"				\
	"vpxor\t%[vb], %[vt], %[vt]\n\t"				\
	"vpaddd\t%[vt], %[va], %[va]\n\t"
#define STEP_I								\
	"vpxor\t%[vd], %[ones], %[vt]\n\t"				\
	"vpor\t%[vb], %[vt], %[vt]\n\t"				\
	"vpxor\t%[vc], %[vt], %[vt]\n\t"				\
	"vpaddd\t%[vt], %[va], %[va]\n\t"

#define STEP(f, a, b, c, d, k, i, s) do {				\
	__m256i t_;							\
									\
	NEXT(i);							\
	__asm__("vpaddd\t%[x], %[va], %[va]\n\t"			\
	    "vpbroadcastd\t%[t], %[vt]\n\t"				\
	    "vpaddd\t%[vt], %[va], %[va]\n\t"				\
	    STEP_##f							\
	    "vpslld\t$%c[rot], %[va], %[vt]\n\t"			\
	    "vpsrld\t$32-%c[rot], %[va], %[va]\n\t"			\
	    "vpor\t%[vt], %[va], %[va]\n\t"				\
	    "vpaddd\t%[vb], %[va], %[va]"				\
	    : [va] "+x" (a), [vt] "=&x" (t_)				\
	    : [vb] "x" (b), [vc] "x" (c), [vd] "x" (d),			\
	      [ones] "x" (ones), [x] "m" (cx[k]), [t] "m" (mds_md5_t[i]),	\
	      [rot] "n" (s));						\
} while (0)

/*
 * Words 4q..4q+3 of the next block: quarter q of lane l in the low half of
 * r(l) and of lane l + 4 in its high half, then dwords of row pairs
 * interleaved and qwords of the pairs.
 */
#define HALVES(l, q) _mm256_inserti128_si256(				\
	_mm256_castsi128_si256(_mm_loadu_si128(				\
	    (const __m128i *)(p[l] + 16 * (q)))),			\
	_mm_loadu_si128((const __m128i *)(p[(l) + 4] + 16 * (q))), 1)

#define QUARTER(q) do {							\
	__m256i r0_, r1_, r2_, r3_, t0_, t1_, t2_, t3_;			\
									\
	r0_ = HALVES(0, q);						\
	r1_ = HALVES(1, q);						\
	r2_ = HALVES(2, q);						\
	r3_ = HALVES(3, q);						\
	t0_ = _mm256_unpacklo_epi32(r0_, r1_);				\
	t1_ = _mm256_unpackhi_epi32(r0_, r1_);				\
	t2_ = _mm256_unpacklo_epi32(r2_, r3_);				\
	t3_ = _mm256_unpackhi_epi32(r2_, r3_);				\
	nx[4 * (q)] = _mm256_unpacklo_epi64(t0_, t2_);			\
	nx[4 * (q) + 1] = _mm256_unpackhi_epi64(t0_, t2_);		\
	nx[4 * (q) + 2] = _mm256_unpacklo_epi64(t1_, t3_);		\
	nx[4 * (q) + 3] = _mm256_unpackhi_epi64(t1_, t3_);		\
} while (0)

#define NEXT(i) do {							\
	switch (i) {							\
	case 3:								\
		QUARTER(0);						\
		break;							\
	case 19:							\
		QUARTER(1);						\
		break;							\
	case 35:							\
		QUARTER(2);						\
		break;							\
	case 51:							\
		QUARTER(3);						\
		MB_LANE_NEXT(l, p, inc, LANES);				\
		break;							\
	default:							\
		break;							\
	}								\
} while (0)

AVX2 void
mds_md5_mb_avx2(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint32_t *st = state;
	const unsigned char *p[LANES];
	size_t inc[LANES];
	__m256i a, b, c, d, aa, bb, cc, dd, ones;
	__m256i xbuf[2][16], *cx, *nx;
	size_t n;
	int l;

	(void)rate;
	if (nblocks == 0)
		return;
	MB_LANE_START(l, p, inc, data, LANES, 64);
	ones = _mm256_set1_epi32(-1);
	a = _mm256_loadu_si256((const __m256i *)st);
	b = _mm256_loadu_si256((const __m256i *)(st + LANES));
	c = _mm256_loadu_si256((const __m256i *)(st + 2 * LANES));
	d = _mm256_loadu_si256((const __m256i *)(st + 3 * LANES));
	nx = xbuf[0];
	QUARTER(0);
	QUARTER(1);
	QUARTER(2);
	QUARTER(3);
	MB_LANE_NEXT(l, p, inc, LANES);
	MD5_MB_BLOCKS(_mm256_add_epi32);
	_mm256_storeu_si256((__m256i *)st, a);
	_mm256_storeu_si256((__m256i *)(st + LANES), b);
	_mm256_storeu_si256((__m256i *)(st + 2 * LANES), c);
	_mm256_storeu_si256((__m256i *)(st + 3 * LANES), d);
}
#endif /* __x86_64__ */
