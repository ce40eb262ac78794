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
 * and calls of fewer than four blocks for that one.
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
	uint64_t v0, v1, v2, v3, v4, v5, v6, v7, v8, bx, t0, t1;
	__m256i x0, x1, x2, x3, x4, x5, x6, x7;
	const unsigned char *pa, *pb;
	const uint64_t *w;
	int i, second;

	if (nblocks == 0)
		return;
	/* 32-byte aligned without realigning the stack. */
	cur = (uint64_t *)(((uintptr_t)buf + 31) & ~(uintptr_t)31);
	nxt = cur + S512_BUFLEN;
	S512_COPYK(cur);
	if (nblocks > 1)
		S512_COPYK(nxt);
	pa = p;
	pb = nblocks > 1 ? p + 128 : p;
	ws = cur;
	LOAD8();
	for (ws = cur + 32; ws < cur + 96; ws += 32) {
		STEPA(0); STEPA(1); STEPA(2); STEPA(3);
		STEPB(0); STEPB(1); STEPB(2); STEPB(3);
	}

	second = 0;
	w = cur;
	ws = cur + 96;
	for (;;) {
		S512_BEGIN(hv);
		for (i = 0; i < 2; i++) {
			S512_ROUNDS20(w, STEPA);
			S512_ROUNDS20(w + 40, STEPB);
			w += 80;
			ws += 32;
		}
		S512_END(hv);
		if (!second) {
			if (nblocks == 1)
				break;
			/* The next pair, or this one again after the last. */
			p += 256;
			if (nblocks > 2)
				pa = p;
			if (nblocks > 3)
				pb = p + 128;
			else
				pb = pa;
			ws = nxt;
			LOAD8();
			w = cur + 2;
			ws = nxt + 32;
		} else {
			nblocks -= 2;
			if (nblocks == 0)
				break;
			tmp = cur;
			cur = nxt;
			nxt = tmp;
			w = cur;
			ws = cur + 96;
		}
		second = !second;
	}
}
#endif
