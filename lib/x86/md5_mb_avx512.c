/*
 * x86/md5_mb_avx512.c: MD5 of sixteen messages side by side, one per
 * 32-bit lane of the zmm registers (AVX-512F).
 *
 * vpternlogd forms each of F, G, H and I in one operation and vprold
 * rotates in one, so a step is x + t into a off the path, then ternlog,
 * add, rotate, add after b: four operations a step, 256 cycles a block
 * of each of the sixteen lanes, 0.25 cycles/byte.  The message words
 * come from memory (xbuf), where the next block's are stored between
 * the steps of this one: each lane's block loaded whole into a register,
 * the sixteen transposed by unpacks of dwords and qwords and two rounds
 * of 128-bit shuffles.  Transposed in registers before each block's
 * steps instead, the 80 shuffles, on port 5 only, did not overlap the
 * steps' latency chain: 0.31 cycles/byte against 0.27 now.  An idle lane
 * (data[l] == NULL) reads mds_zero_block for every block.
 *
 * Reads exactly nblocks * 64 bytes of each busy lane.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "../md5_steps.h"
#include "x86.h"
#include "../mb_lane.h"
#include "md5_mb_x86.h"

#define AVX512	__attribute__((target("avx512f")))

#define LANES	16

/*
 * vpternlogd immediates with the operands in the order (b, c, d): b is
 * 0xf0, c 0xcc, d 0xaa.
 */
#define TL_F	0xca	/* (b & c) | (~b & d) */
#define TL_G	0xe4	/* (b & d) | (c & ~d) */
#define TL_H	0x96	/* b ^ c ^ d */
#define TL_I	0x39	/* c ^ (b | ~d) */

/*
 * One step in asm: from intrinsics gcc added f(b, c, d) into a before
 * x + t, five operations after b, and broadcast t from a general register
 * (one more port 5 operation a step) instead of from memory.
 */
#define STEP(f, a, b, c, d, k, i, s) do {				\
	__m512i t_;							\
									\
	NEXT(i);							\
	__asm__("vpaddd\t%[x], %[va], %[va]\n\t"			\
	    "vpaddd\t%[t]%{1to16%}, %[va], %[va]\n\t"			\
	    "vmovdqa64\t%[vb], %[vt]\n\t"				\
	    "vpternlogd\t$%c[tl], %[vd], %[vc], %[vt]\n\t"		\
	    "vpaddd\t%[vt], %[va], %[va]\n\t"				\
	    "vprold\t$%c[rot], %[va], %[va]\n\t"			\
	    "vpaddd\t%[vb], %[va], %[va]"				\
	    : [va] "+v" (a), [vt] "=&v" (t_)				\
	    : [vb] "v" (b), [vc] "v" (c), [vd] "v" (d),			\
	      [x] "m" (cx[k]), [t] "m" (mds_md5_t[i]),			\
	      [tl] "n" (TL_##f), [rot] "n" (s));			\
} while (0)

/*
 * The transpose of the next block, made in eight parts between the steps
 * of this one.  QUAD: the blocks of lanes 4g..4g+3, dwords of row pairs
 * interleaved, then qwords of the pairs, so that 128-bit chunk k of
 * u(4g + j) holds word 4k + j of the four lanes.  WORDS: those chunks
 * gathered by 128-bit shuffles into words j, 4 + j, 8 + j and 12 + j of
 * all sixteen lanes.
 */
#define QUAD(l0, l1, l2, l3) do {					\
	__m512i r0_, r1_, r2_, r3_;					\
									\
	r0_ = _mm512_loadu_si512(p[l0]);				\
	r1_ = _mm512_loadu_si512(p[l1]);				\
	r2_ = _mm512_loadu_si512(p[l2]);				\
	r3_ = _mm512_loadu_si512(p[l3]);				\
	u##l0 = _mm512_unpacklo_epi32(r0_, r1_);			\
	u##l1 = _mm512_unpackhi_epi32(r0_, r1_);			\
	u##l2 = _mm512_unpacklo_epi32(r2_, r3_);			\
	u##l3 = _mm512_unpackhi_epi32(r2_, r3_);			\
	r0_ = _mm512_unpacklo_epi64(u##l0, u##l2);			\
	r1_ = _mm512_unpackhi_epi64(u##l0, u##l2);			\
	r2_ = _mm512_unpacklo_epi64(u##l1, u##l3);			\
	r3_ = _mm512_unpackhi_epi64(u##l1, u##l3);			\
	u##l0 = r0_;							\
	u##l1 = r1_;							\
	u##l2 = r2_;							\
	u##l3 = r3_;							\
} while (0)

#define WORDS(j0, j1, j2, j3) do {					\
	__m512i v0_, v1_, v2_, v3_;					\
									\
	v0_ = _mm512_shuffle_i32x4(u##j0, u##j1, 0x88);			\
	v1_ = _mm512_shuffle_i32x4(u##j0, u##j1, 0xdd);			\
	v2_ = _mm512_shuffle_i32x4(u##j2, u##j3, 0x88);			\
	v3_ = _mm512_shuffle_i32x4(u##j2, u##j3, 0xdd);			\
	nx[j0] = _mm512_shuffle_i32x4(v0_, v2_, 0x88);			\
	nx[j2] = _mm512_shuffle_i32x4(v0_, v2_, 0xdd);			\
	nx[j1] = _mm512_shuffle_i32x4(v1_, v3_, 0x88);			\
	nx[j3] = _mm512_shuffle_i32x4(v1_, v3_, 0xdd);			\
} while (0)

#define NEXT(i) do {							\
	switch (i) {							\
	case 3:								\
		QUAD(0, 1, 2, 3);					\
		break;							\
	case 11:							\
		QUAD(4, 5, 6, 7);					\
		break;							\
	case 19:							\
		QUAD(8, 9, 10, 11);					\
		break;							\
	case 27:							\
		QUAD(12, 13, 14, 15);					\
		MB_LANE_NEXT(l, p, inc, LANES);				\
		break;							\
	case 35:							\
		WORDS(0, 4, 8, 12);					\
		break;							\
	case 43:							\
		WORDS(1, 5, 9, 13);					\
		break;							\
	case 51:							\
		WORDS(2, 6, 10, 14);					\
		break;							\
	case 59:							\
		WORDS(3, 7, 11, 15);					\
		break;							\
	default:							\
		break;							\
	}								\
} while (0)

AVX512 void
mds_md5_mb_avx512(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint32_t *st = state;
	const unsigned char *p[LANES];
	size_t inc[LANES];
	__m512i a, b, c, d, aa, bb, cc, dd;
	__m512i u0, u1, u2, u3, u4, u5, u6, u7;
	__m512i u8, u9, u10, u11, u12, u13, u14, u15;
	__m512i xbuf[2][16], *cx, *nx;
	size_t n;
	int l;

	(void)rate;
	if (nblocks == 0)
		return;
	MB_LANE_START(l, p, inc, data, LANES, 64);
	a = _mm512_loadu_si512(st);
	b = _mm512_loadu_si512(st + LANES);
	c = _mm512_loadu_si512(st + 2 * LANES);
	d = _mm512_loadu_si512(st + 3 * LANES);
	nx = xbuf[0];
	QUAD(0, 1, 2, 3);
	QUAD(4, 5, 6, 7);
	QUAD(8, 9, 10, 11);
	QUAD(12, 13, 14, 15);
	WORDS(0, 4, 8, 12);
	WORDS(1, 5, 9, 13);
	WORDS(2, 6, 10, 14);
	WORDS(3, 7, 11, 15);
	MB_LANE_NEXT(l, p, inc, LANES);
	MD5_MB_BLOCKS(_mm512_add_epi32);
	_mm512_storeu_si512(st, a);
	_mm512_storeu_si512(st + LANES, b);
	_mm512_storeu_si512(st + 2 * LANES, c);
	_mm512_storeu_si512(st + 3 * LANES, d);
}
#endif /* __x86_64__ */
