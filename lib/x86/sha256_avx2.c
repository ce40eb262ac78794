/*
 * x86/sha256_avx2.c: SHA-256 block function with AVX2 and BMI2, for CPUs
 * without the SHA extensions.
 *
 * The message schedule of two blocks runs in a ymm register, one block
 * per 128-bit half, four words of each per step (W[t - 15] and W[t - 7]
 * straddle two registers and come from vpalignr; s1 of the step's first
 * two new words is needed for its last two, so s1 runs twice on two words,
 * each spread over a qword so that qword shifts rotate it), and stores
 * W + K of both blocks to a small aligned buffer on the stack: the second
 * block's rounds reuse what was computed during the first block.  The
 * steps are spread over the scalar rounds, whose free issue slots they
 * use.  The rounds run in general registers with rorx, regrouped as in
 * sha2_x86.h so that neither chain is longer than four single-cycle
 * instructions (see SHA2_X86_ROUND).  Reads exactly nblocks * 64 bytes.
 *
 * Measured on the build machine (Xeon, Golden Cove class; medians of
 * runs taken in turn, the machine being shared): 1 MiB messages hash at
 * 7.1-7.3 cycles/byte, 1.02-1.10x (typically 1.05x) OpenSSL 3.0's
 * AVX2+BMI2 path (SHA bit masked) in the same run, 1.6x the portable C
 * (11.3-11.8); 64 KiB ones at 1.08x OpenSSL.  The rounds alone take
 * about 6.5 cycles each: their two four-long chains leave no slack, and
 * at 27 instructions a round the ALU ports are busy enough that the
 * critical ones often wait.  The schedule costs 4% more.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "sha2_x86.h"

#define AVX2	__attribute__((target("avx2,bmi2")))

/* One round (sha2_x86.h), with SHA-256's rotations of e and a. */
#define S256_ROUND(A_, B_, C_, D_, E_, F_, G_, H_, Z_, WK_)		\
	SHA2_X86_ROUND(6, 11, 25, 2, 13, 22,				\
	    A_, B_, C_, D_, E_, F_, G_, H_, Z_, WK_)

/* Where round t of a block finds its W + K: see the schedule below. */
#define WI(t)	(8 * ((t) >> 2) + ((t) & 3))

/* Twenty rounds from round t, calling S1 after the third, S2 the 13th. */
#define ROUNDS20(w, t, S1, S2) do {					\
	S256_ROUND(v0, v1, v2, v3, v4, v5, v6, v7, v8, (w)[WI(t)]);	\
	S256_ROUND(v8, v0, v1, v2, v7, v4, v5, v6, v3, (w)[WI(t + 1)]);	\
	S256_ROUND(v3, v8, v0, v1, v6, v7, v4, v5, v2, (w)[WI(t + 2)]);	\
	S1;								\
	S256_ROUND(v2, v3, v8, v0, v5, v6, v7, v4, v1, (w)[WI(t + 3)]);	\
	S256_ROUND(v1, v2, v3, v8, v4, v5, v6, v7, v0, (w)[WI(t + 4)]);	\
	S256_ROUND(v0, v1, v2, v3, v7, v4, v5, v6, v8, (w)[WI(t + 5)]);	\
	S256_ROUND(v8, v0, v1, v2, v6, v7, v4, v5, v3, (w)[WI(t + 6)]);	\
	S256_ROUND(v3, v8, v0, v1, v5, v6, v7, v4, v2, (w)[WI(t + 7)]);	\
	S256_ROUND(v2, v3, v8, v0, v4, v5, v6, v7, v1, (w)[WI(t + 8)]);	\
	S256_ROUND(v1, v2, v3, v8, v7, v4, v5, v6, v0, (w)[WI(t + 9)]);	\
	S256_ROUND(v0, v1, v2, v3, v6, v7, v4, v5, v8, (w)[WI(t + 10)]);	\
	S256_ROUND(v8, v0, v1, v2, v5, v6, v7, v4, v3, (w)[WI(t + 11)]);	\
	S256_ROUND(v3, v8, v0, v1, v4, v5, v6, v7, v2, (w)[WI(t + 12)]);	\
	S2;								\
	S256_ROUND(v2, v3, v8, v0, v7, v4, v5, v6, v1, (w)[WI(t + 13)]);	\
	S256_ROUND(v1, v2, v3, v8, v6, v7, v4, v5, v0, (w)[WI(t + 14)]);	\
	S256_ROUND(v0, v1, v2, v3, v5, v6, v7, v4, v8, (w)[WI(t + 15)]);	\
	S256_ROUND(v8, v0, v1, v2, v4, v5, v6, v7, v3, (w)[WI(t + 16)]);	\
	S256_ROUND(v3, v8, v0, v1, v7, v4, v5, v6, v2, (w)[WI(t + 17)]);	\
	S256_ROUND(v2, v3, v8, v0, v6, v7, v4, v5, v1, (w)[WI(t + 18)]);	\
	S256_ROUND(v1, v2, v3, v8, v5, v6, v7, v4, v0, (w)[WI(t + 19)]);	\
} while (0)

/* All 64 rounds with the six schedule steps of a pass. */
#define ROUNDS64(w) do {						\
	ROUNDS20(w, 0, STEP6(0), STEP6(1));				\
	ROUNDS20(w, 20, STEP6(2), STEP6(3));				\
	ROUNDS20(w, 40, STEP6(4), STEP6(5));				\
	S256_ROUND(v0, v1, v2, v3, v4, v5, v6, v7, v8, (w)[WI(60)]);	\
	S256_ROUND(v8, v0, v1, v2, v7, v4, v5, v6, v3, (w)[WI(61)]);	\
	S256_ROUND(v3, v8, v0, v1, v6, v7, v4, v5, v2, (w)[WI(62)]);	\
	S256_ROUND(v2, v3, v8, v0, v5, v6, v7, v4, v1, (w)[WI(63)]);	\
} while (0)

/* After 64 rounds the roles a..d, z have turned four times. */
#define END(hv) do {							\
	(hv)[0] += v1; (hv)[1] += v2; (hv)[2] += v3; (hv)[3] += v8;	\
	(hv)[4] += v4; (hv)[5] += v5; (hv)[6] += v6; (hv)[7] += v7;	\
} while (0)

/* One block, its W + K at w. */
#define ONE_BLOCK() do {						\
	SHA2_X86_BEGIN(hv);						\
	ROUNDS64(w);							\
	END(hv);							\
} while (0)

/*
 * The schedule buffer of a pair of blocks: step k (words 4k .. 4k + 3)
 * at 8k, the words of the first block then of the second, and at KOFF
 * the constants in the same layout, so that one pointer serves a step.
 */
#define KOFF	128
#define BUFLEN	256

static inline AVX2 __m256i	sig0(__m256i);
static inline AVX2 __m256i	sig1(__m256i);

/* s0(x) = ROTR7(x) ^ ROTR18(x) ^ SHR3(x), per dword. */
static inline AVX2 __m256i
sig0(__m256i x)
{
	return _mm256_xor_si256(_mm256_xor_si256(
	    _mm256_xor_si256(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25)),
	    _mm256_xor_si256(_mm256_srli_epi32(x, 18),
	    _mm256_slli_epi32(x, 14))), _mm256_srli_epi32(x, 3));
}

/*
 * s1(x) = ROTR17(x) ^ ROTR19(x) ^ SHR10(x) of the words w, v of x = { w,
 * w, v, v }, in its dwords 0 and 2: a qword holding a word twice turns it
 * by shifting.
 */
static inline AVX2 __m256i
sig1(__m256i x)
{
	return _mm256_xor_si256(_mm256_xor_si256(_mm256_srli_epi64(x, 17),
	    _mm256_srli_epi64(x, 19)), _mm256_srli_epi32(x, 10));
}

/* Step j < 4 into ws: words 4j .. 4j + 3 of blocks pa and pb, and W + K. */
#define LOAD(x, j) do {							\
	x = _mm256_shuffle_epi8(_mm256_inserti128_si256(		\
	    _mm256_castsi128_si256(_mm_loadu_si128(			\
	    (const __m128i *)(pa + 16 * (j)))),				\
	    _mm_loadu_si128((const __m128i *)(pb + 16 * (j))), 1), bswap); \
	_mm256_store_si256((__m256i *)&ws[8 * (j)], _mm256_add_epi32(x,	\
	    _mm256_load_si256((const __m256i *)&ws[KOFF + 8 * (j)])));	\
} while (0)

#define LOAD4() do {							\
	LOAD(y0, 0); LOAD(y1, 1); LOAD(y2, 2); LOAD(y3, 3);		\
} while (0)

/*
 * A step k >= 4, stored at ws[8 * j]: x0 holds words 4k - 16 .. 4k - 13
 * and becomes 4k .. 4k + 3; x1, x2, x3 are the steps k - 3 .. k - 1.  The
 * first two new words need s1 of the last two of x3, the other two s1 of
 * the first two new ones.
 */
#define STEP(x0, x1, x2, x3, j) do {					\
	__m256i t_;							\
									\
	t_ = _mm256_add_epi32(_mm256_add_epi32(x0,			\
	    sig0(_mm256_alignr_epi8(x1, x0, 4))),			\
	    _mm256_alignr_epi8(x3, x2, 4));				\
	t_ = _mm256_add_epi32(t_, _mm256_shuffle_epi8(			\
	    sig1(_mm256_shuffle_epi32(x3, 0xfa)), s1lo));		\
	x0 = _mm256_add_epi32(t_, _mm256_shuffle_epi8(			\
	    sig1(_mm256_shuffle_epi32(t_, 0x50)), s1hi));		\
	_mm256_store_si256((__m256i *)&ws[8 * (j)], _mm256_add_epi32(x0, \
	    _mm256_load_si256((const __m256i *)&ws[KOFF + 8 * (j)])));	\
} while (0)

/* The six steps of a pass, in y0 .. y3 (steps k - 4 .. k - 1 on entry). */
#define STEP6(j)	STEP6_##j
#define STEP6_0		STEP(y0, y1, y2, y3, 0)
#define STEP6_1		STEP(y1, y2, y3, y0, 1)
#define STEP6_2		STEP(y2, y3, y0, y1, 2)
#define STEP6_3		STEP(y3, y0, y1, y2, 3)
#define STEP6_4		STEP(y0, y1, y2, y3, 4)
#define STEP6_5		STEP(y1, y2, y3, y0, 5)

/*
 * After the six steps from k, y0 .. y3 hold steps k + 4, k + 5, k + 2,
 * k + 3; the next pass wants k + 2 .. k + 5 in order.
 */
#define TURN() do {							\
	__m256i u_;							\
									\
	u_ = y0; y0 = y2; y2 = u_;					\
	u_ = y1; y1 = y3; y3 = u_;					\
} while (0)

static inline AVX2 void	copyk(uint32_t *);

static inline AVX2 void
copyk(uint32_t *b)
{
	int k;

	for (k = 0; k < 16; k++)
		_mm256_store_si256((__m256i *)&b[KOFF + 8 * k],
		    _mm256_broadcastsi128_si256(_mm_loadu_si128(
		    (const __m128i *)&mds_sha256_k[4 * k])));
}

/*
 * The blocks go by pairs.  The pair's schedule has sixteen steps: four
 * loads and twelve computed.  The loads and the steps 4..9 run during
 * the second block of the pair before (or before the first pair), the
 * steps 10..15 during the pair's own first block, each well before its
 * rounds need it; the schedule alternates between two buffers.  Each
 * pass of rounds is the same code: 64 rounds with 6 steps, the last
 * pair's second pass scheduling a pair that does not exist (its own
 * blocks again: nothing is read past the end).
 */
AVX2 void
mds_sha256_blocks_avx2(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	const __m256i bswap = _mm256_setr_epi8(
	    3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
	    3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
	/* sig1's dwords 0 and 2 to dwords 0, 1 or 2, 3; zeros elsewhere. */
	const __m256i s1lo = _mm256_setr_epi8(
	    0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1,
	    0, 1, 2, 3, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1);
	const __m256i s1hi = _mm256_setr_epi8(
	    -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11,
	    -1, -1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 8, 9, 10, 11);
	uint32_t buf[2 * BUFLEN + 8], *cur, *nxt, *ws, *tmp;
	uint32_t *hv = st->h.w32;
	uint32_t v0, v1, v2, v3, v4, v5, v6, v7, v8, bx, t0, t1, t2;
	__m256i y0, y1, y2, y3;
	const unsigned char *pa, *pb;
	const uint32_t *w;
	int second;

	if (nblocks == 0)
		return;
	/* 32-byte aligned without realigning the stack. */
	cur = (uint32_t *)(((uintptr_t)buf + 31) & ~(uintptr_t)31);
	nxt = cur + BUFLEN;
	copyk(cur);
	if (nblocks > 1)
		copyk(nxt);
	SHA2_X86_PAIR_FIRST(64);
	ws = cur;
	LOAD4();
	ws = cur + 32;
	STEP6(0); STEP6(1); STEP6(2); STEP6(3); STEP6(4); STEP6(5);
	TURN();

	SHA2_X86_PAIR_LOOP(64, ONE_BLOCK(), LOAD4(), 4, 80, TURN());
}
#endif
