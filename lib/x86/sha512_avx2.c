/*
 * x86/sha512_avx2.c: SHA-512 block function with AVX2 and BMI2.
 *
 * The message schedule of two blocks runs in the four qwords of a ymm
 * register, two words of each block per step (the words W[t - 15] and
 * W[t - 7] that straddle two registers come from vpalignr), and stores
 * W + K for both.  Its steps are spread thinly over the scalar rounds,
 * whose free issue slots they use.  See sha512_x86.h for the rounds.
 * Reads exactly nblocks * 128 bytes.
 *
 * Measured on the build machine (Xeon, Golden Cove class): the rounds
 * alone run at about 6.3 cycles each (4.0 cycles/byte), the whole block
 * function at 4.2-4.3 cycles/byte, 1.06x OpenSSL 3.0's EVP SHA-512 in
 * the same run.  The same code with AVX-512VL for the schedule (vprorq
 * and vpternlogq: 14 instead of 22 vector instructions per step) ran 3-4%
 * slower, though not from a lower clock (measured unchanged).
 * sha512_avx512.c, which runs the schedule of four blocks in zmm
 * registers, is 2-4% faster (4.34 against 4.52 cycles/byte in the same
 * runs) and is ranked first; this kernel serves CPUs without AVX-512VL,
 * and calls of up to four blocks for that one.  With the rounds' Ch
 * first (sha512_x86.h) both run 2-3% faster again.
 *
 * Calls of up to four blocks (a message of up to 111 bytes is one
 * block; md_final always calls with one) hash one block at a time,
 * each with its own schedule in xmm registers made under its own rounds
 * (sha512_one below).  Timed by thread CPU time, the machine being
 * shared, kernels in turn in one process: a one-block call takes 165 ns
 * against 218 with the pair schedule (1.32x; the portable C 198, the
 * rounds alone 145); two blocks 165 ns each against 200, four 165
 * against 175; level at five, so the pair path starts there; slower
 * per block from eight (3% at eight, 10% at 1 MiB).  mds_digest of 64
 * bytes, `bench/short -n 200000 -r 5`, three runs: sha512h 1.23-1.32x
 * OpenSSL 3.0's EVP with a reused context (187 against 233 ns in the
 * quietest), sha512 1.17-1.21x; before, 0.77-0.92x.  Not kept: the
 * one-block schedule with AVX-512VL (vprorq, vpternlogq) ran no
 * faster; a schedule in general registers beside the rounds (for CPUs
 * with BMI2 but no AVX2) took 1.2x as long as this one, no faster than
 * the portable C, so there is no scalar BMI2 kernel.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "sha512_x86.h"

#define AVX2	__attribute__((target("avx2,bmi2")))

static inline AVX2 __m256i	sig0(__m256i);
static inline AVX2 __m256i	sig1(__m256i);

/* s0(x) = ROTR1(x) ^ ROTR8(x) ^ SHR7(x), per qword. */
static inline AVX2 __m256i
sig0(__m256i x)
{
	const __m256i rot8 = _mm256_setr_epi8(
	    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
	    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);

	return _mm256_xor_si256(
	    _mm256_xor_si256(_mm256_srli_epi64(x, 1), _mm256_slli_epi64(x, 63)),
	    _mm256_xor_si256(_mm256_shuffle_epi8(x, rot8),
	    _mm256_srli_epi64(x, 7)));
}

/* s1(x) = ROTR19(x) ^ ROTR61(x) ^ SHR6(x), per qword. */
static inline AVX2 __m256i
sig1(__m256i x)
{
	return _mm256_xor_si256(_mm256_xor_si256(
	    _mm256_xor_si256(_mm256_srli_epi64(x, 19), _mm256_slli_epi64(x, 45)),
	    _mm256_xor_si256(_mm256_srli_epi64(x, 61), _mm256_slli_epi64(x, 3))),
	    _mm256_srli_epi64(x, 6));
}

/* Step j < 8 into ws: words 2j, 2j + 1 of blocks pa and pb, and W + K. */
#define LOAD(x, j) do {							\
	x = _mm256_shuffle_epi8(_mm256_inserti128_si256(		\
	    _mm256_castsi128_si256(_mm_loadu_si128(			\
	    (const __m128i *)(pa + 16 * (j)))),				\
	    _mm_loadu_si128((const __m128i *)(pb + 16 * (j))), 1), bswap); \
	_mm256_store_si256((__m256i *)&ws[4 * (j)], _mm256_add_epi64(x,	\
	    _mm256_load_si256((const __m256i *)&ws[S512_KOFF + 4 * (j)]))); \
} while (0)

#define LOAD8() do {							\
	LOAD(x0, 0); LOAD(x1, 1); LOAD(x2, 2); LOAD(x3, 3);		\
	LOAD(x4, 4); LOAD(x5, 5); LOAD(x6, 6); LOAD(x7, 7);		\
} while (0)

/*
 * A step k >= 8, stored at ws[4 * j] with K from ws[S512_KOFF + 4 * j]:
 * x0 holds words 2k - 16, 2k - 15 and becomes 2k, 2k + 1; x1, x4, x5 and
 * x7 are the registers of steps k - 7, k - 4, k - 3 and k - 1.
 */
#define STEP(x0, x1, x4, x5, x7, j) do {				\
	x0 = _mm256_add_epi64(_mm256_add_epi64(_mm256_add_epi64(x0,	\
	    sig0(_mm256_alignr_epi8(x1, x0, 8))),			\
	    _mm256_alignr_epi8(x5, x4, 8)), sig1(x7));			\
	_mm256_store_si256((__m256i *)&ws[4 * (j)], _mm256_add_epi64(x0, \
	    _mm256_load_si256((const __m256i *)&ws[S512_KOFF + 4 * (j)]))); \
} while (0)

/* Steps 8n .. 8n + 3 and 8n + 4 .. 8n + 7: one turn of x0..x7. */
#define STEPA(j)	STEPA_##j
#define STEPA_0		STEP(x0, x1, x4, x5, x7, 0)
#define STEPA_1		STEP(x1, x2, x5, x6, x0, 1)
#define STEPA_2		STEP(x2, x3, x6, x7, x1, 2)
#define STEPA_3		STEP(x3, x4, x7, x0, x2, 3)
#define STEPB(j)	STEPB_##j
#define STEPB_0		STEP(x4, x5, x0, x1, x3, 4)
#define STEPB_1		STEP(x5, x6, x1, x2, x4, 5)
#define STEPB_2		STEP(x6, x7, x2, x3, x5, 6)
#define STEPB_3		STEP(x7, x0, x3, x4, x6, 7)

/*
 * One block alone (calls of up to four blocks: every short message).
 * The pair schedule above makes a second block's words for nothing and
 * its first sixteen steps before any round; this one runs in xmm
 * registers, two words of the one block per step, and each step is made
 * while the block's own rounds run, a few rounds before they need it.
 * W + K go to ws in order, for the same rounds in the same roles as in
 * S512_ROUNDS20, but with a step after eight of every twenty rounds (0,
 * 2, 5, 7, 10, 12, 15 and 17): steps 8 and 9 come before the first
 * round, 10..33 in the first three twenties, 34..39 in the last, each
 * at least five rounds before its words are needed.  Spread so, the
 * block ran 2% faster than with two steps at each of S512_ROUNDS20's
 * four places.
 */
static inline AVX2 __m128i	sig0x(__m128i);
static inline AVX2 __m128i	sig1x(__m128i);

static inline AVX2 __m128i
sig0x(__m128i x)
{
	const __m128i rot8 = _mm_setr_epi8(
	    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);

	return _mm_xor_si128(
	    _mm_xor_si128(_mm_srli_epi64(x, 1), _mm_slli_epi64(x, 63)),
	    _mm_xor_si128(_mm_shuffle_epi8(x, rot8), _mm_srli_epi64(x, 7)));
}

static inline AVX2 __m128i
sig1x(__m128i x)
{
	return _mm_xor_si128(_mm_xor_si128(
	    _mm_xor_si128(_mm_srli_epi64(x, 19), _mm_slli_epi64(x, 45)),
	    _mm_xor_si128(_mm_srli_epi64(x, 61), _mm_slli_epi64(x, 3))),
	    _mm_srli_epi64(x, 6));
}

/* W + K of step k (words 2k, 2k + 1) from x; K from the pair table. */
#define OSTORE(x, k)	_mm_store_si128((__m128i *)&ws[2 * (k)],	\
	    _mm_add_epi64(x,						\
	    _mm_load_si128((const __m128i *)&s512_kk[4 * (k)])))

#define OLOAD(x, k) do {						\
	x = _mm_shuffle_epi8(_mm_loadu_si128(				\
	    (const __m128i *)(p + 16 * (k))), bswap);			\
	OSTORE(x, k);							\
} while (0)

/* As STEP, for one block: x0 = words 2k - 16, 2k - 15 becomes 2k, 2k + 1. */
#define OSTEP(x0, x1, x4, x5, x7, k) do {				\
	x0 = _mm_add_epi64(_mm_add_epi64(_mm_add_epi64(x0,		\
	    sig0x(_mm_alignr_epi8(x1, x0, 8))),				\
	    _mm_alignr_epi8(x5, x4, 8)), sig1x(x7));			\
	OSTORE(x0, k);							\
} while (0)

/*
 * Step k0 + j, k0 = 10 + 8n in the twenty rounds from 20n; the last
 * twenty has only six.
 */
#define OS(j)	OS_##j
#define OS_0	OSTEP(x2, x3, x6, x7, x1, k0)
#define OS_1	OSTEP(x3, x4, x7, x0, x2, k0 + 1)
#define OS_2	OSTEP(x4, x5, x0, x1, x3, k0 + 2)
#define OS_3	OSTEP(x5, x6, x1, x2, x4, k0 + 3)
#define OS_4	OSTEP(x6, x7, x2, x3, x5, k0 + 4)
#define OS_5	OSTEP(x7, x0, x3, x4, x6, k0 + 5)
#define OS_6	OSTEP(x0, x1, x4, x5, x7, k0 + 6)
#define OS_7	OSTEP(x1, x2, x5, x6, x0, k0 + 7)
#define OL(j)	OL_##j
#define OL_0	OS_0
#define OL_1	OS_1
#define OL_2	OS_2
#define OL_3	OS_3
#define OL_4	OS_4
#define OL_5	OS_5
#define OL_6	do { } while (0)
#define OL_7	do { } while (0)

/* Twenty rounds on w (W + K of their round 0), calling S(j) as above. */
#define OROUNDS20(w, S) do {						\
	S512_ROUND(v0, v1, v2, v3, v4, v5, v6, v7, v8, (w)[0]);		\
	S(0);								\
	S512_ROUND(v8, v0, v1, v2, v7, v4, v5, v6, v3, (w)[1]);		\
	S512_ROUND(v3, v8, v0, v1, v6, v7, v4, v5, v2, (w)[2]);		\
	S(1);								\
	S512_ROUND(v2, v3, v8, v0, v5, v6, v7, v4, v1, (w)[3]);		\
	S512_ROUND(v1, v2, v3, v8, v4, v5, v6, v7, v0, (w)[4]);		\
	S512_ROUND(v0, v1, v2, v3, v7, v4, v5, v6, v8, (w)[5]);		\
	S(2);								\
	S512_ROUND(v8, v0, v1, v2, v6, v7, v4, v5, v3, (w)[6]);		\
	S512_ROUND(v3, v8, v0, v1, v5, v6, v7, v4, v2, (w)[7]);		\
	S(3);								\
	S512_ROUND(v2, v3, v8, v0, v4, v5, v6, v7, v1, (w)[8]);		\
	S512_ROUND(v1, v2, v3, v8, v7, v4, v5, v6, v0, (w)[9]);		\
	S512_ROUND(v0, v1, v2, v3, v6, v7, v4, v5, v8, (w)[10]);	\
	S(4);								\
	S512_ROUND(v8, v0, v1, v2, v5, v6, v7, v4, v3, (w)[11]);	\
	S512_ROUND(v3, v8, v0, v1, v4, v5, v6, v7, v2, (w)[12]);	\
	S(5);								\
	S512_ROUND(v2, v3, v8, v0, v7, v4, v5, v6, v1, (w)[13]);	\
	S512_ROUND(v1, v2, v3, v8, v6, v7, v4, v5, v0, (w)[14]);	\
	S512_ROUND(v0, v1, v2, v3, v5, v6, v7, v4, v8, (w)[15]);	\
	S(6);								\
	S512_ROUND(v8, v0, v1, v2, v4, v5, v6, v7, v3, (w)[16]);	\
	S512_ROUND(v3, v8, v0, v1, v7, v4, v5, v6, v2, (w)[17]);	\
	S(7);								\
	S512_ROUND(v2, v3, v8, v0, v6, v7, v4, v5, v1, (w)[18]);	\
	S512_ROUND(v1, v2, v3, v8, v5, v6, v7, v4, v0, (w)[19]);	\
} while (0)

static inline AVX2 void
sha512_one(uint64_t *hv, const unsigned char *p)
{
	const __m128i bswap = _mm_setr_epi8(
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	uint64_t ws[80] __attribute__((aligned(16)));
	uint64_t v0, v1, v2, v3, v4, v5, v6, v7, v8, bx, t0, t1, t2;
	__m128i x0, x1, x2, x3, x4, x5, x6, x7;
	int k0;

	OLOAD(x0, 0); OLOAD(x1, 1); OLOAD(x2, 2); OLOAD(x3, 3);
	OLOAD(x4, 4); OLOAD(x5, 5); OLOAD(x6, 6); OLOAD(x7, 7);
	OSTEP(x0, x1, x4, x5, x7, 8);
	OSTEP(x1, x2, x5, x6, x0, 9);
	S512_BEGIN(hv);
	k0 = 10;
	OROUNDS20(ws, OS);
	k0 = 18;
	OROUNDS20(ws + 20, OS);
	k0 = 26;
	OROUNDS20(ws + 40, OS);
	k0 = 34;
	OROUNDS20(ws + 60, OL);
	S512_END(hv);
}

/*
 * One block of a pair, its W + K at w: two passes of 40 rounds, each
 * with 16 schedule steps of the next pair.
 */
#define PAIR_BLOCK() do {						\
	S512_BEGIN(hv);							\
	for (i = 0; i < 2; i++) {					\
		S512_ROUNDS20(w, STEPA);				\
		S512_ROUNDS20(w + 40, STEPB);				\
		w += 80;						\
		ws += 32;						\
	}								\
	S512_END(hv);							\
} while (0)

/*
 * The blocks go by pairs.  The pair's schedule has forty steps: eight
 * loads and thirty-two computed.  The loads and the steps 8..23 (words
 * 16..47) run during the second block of the pair before (or before the
 * first pair), the steps 24..39 during the pair's own first block, each
 * well before its rounds need it; the schedule alternates between two
 * buffers.  Each pass of rounds is the same code: 80 rounds with 16
 * steps, the last pair's second pass scheduling a pair that does not
 * exist (its own blocks again: nothing is read past the end).
 */
AVX2 void
mds_sha512_blocks_avx2(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	const __m256i bswap = _mm256_setr_epi8(
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	uint64_t buf[2 * S512_BUFLEN + 4], *cur, *nxt, *ws, *tmp;
	uint64_t *hv = st->h.w64;
	uint64_t v0, v1, v2, v3, v4, v5, v6, v7, v8, bx, t0, t1, t2;
	__m256i x0, x1, x2, x3, x4, x5, x6, x7;
	const unsigned char *pa, *pb;
	const uint64_t *w;
	int i, second;

	if (nblocks == 0)
		return;
	if (nblocks < 5) {
		for (; nblocks > 0; nblocks--, p += 128)
			sha512_one(hv, p);
		return;
	}
	/* 32-byte aligned without realigning the stack. */
	cur = (uint64_t *)(((uintptr_t)buf + 31) & ~(uintptr_t)31);
	nxt = cur + S512_BUFLEN;
	S512_COPYK(cur);
	if (nblocks > 1)
		S512_COPYK(nxt);
	SHA2_X86_PAIR_FIRST(128);
	ws = cur;
	LOAD8();
	for (ws = cur + 32; ws < cur + 96; ws += 32) {
		STEPA(0); STEPA(1); STEPA(2); STEPA(3);
		STEPB(0); STEPB(1); STEPB(2); STEPB(3);
	}

	SHA2_X86_PAIR_LOOP(128, PAIR_BLOCK(), LOAD8(), 2, 96, (void)0);
}
#endif
