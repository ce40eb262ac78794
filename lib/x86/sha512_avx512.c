/*
 * x86/sha512_avx512.c: SHA-512 block function with AVX-512F/VL and BMI2.
 *
 * The rounds are sha512_avx2.c's, scalar with BMI2 (sha512_x86.h); the
 * message schedule runs four blocks at a time in zmm registers, one per
 * 128-bit lane, two words of each block per step.  s0 and s1 are vprorq,
 * vpsrlq and one vpternlogq each, the words that straddle two steps come
 * from vshufpd (vpalignr on zmm would need AVX512BW), and the step aligns
 * once instead of twice (see STEP): 13 vector instructions make two words
 * of four blocks, 1.3 per round of a block against 4.4 in sha512_avx2.c.
 * The steps store W + K in the pair layout of sha512_x86.h, blocks A and
 * B in one half of a buffer and C and D in the other.  A quad's schedule
 * is made while the quad before runs its rounds, half a step after its
 * rounds 0, 3, 6 and 9 of every twenty.  Calls of up to four blocks go
 * to sha512_avx2.c, which hashes them one at a time with a one-block
 * schedule made under each block's own rounds: there, four blocks took
 * 0.94x as long as one quad here (its schedule all made before the
 * first round), five were level.  Reads exactly nblocks * 128 bytes.
 *
 * Measured on the build machine (Xeon, Sapphire Rapids class), `mdsum
 * --bench -a sha512 --size=1048576` on one core, median of 18 runs: 4.34
 * cycles/byte, against 4.52 for sha512-avx2 and 4.83 for OpenSSL 3.0's
 * EVP SHA-512 in the same runs (median ratios 1.04x sha512-avx2, 1.10x
 * OpenSSL), so it is ranked first.  The two block functions timed in
 * turn in one process, 1 MiB a call: 1.02-1.03x sha512_avx2.c; level
 * with it from 4 to 7 blocks a call, 1.01x at 8, 1.02x from 16.  The
 * rounds alone (schedule left out) run 4.5% faster than sha512_avx2.c,
 * so the schedule still costs about 2%: its 512-bit shifts and rotates
 * issue on port 0 only, which the rounds' rorx need too.
 *
 * Not kept, measured against sha512-avx2 in the same runs: its two-block
 * ymm schedule with vprorq and vpternlogq (14 vector instructions a step
 * instead of 22) ran 3-4% slower, 4-6% with vshufpd for vpalignr, though
 * it has fewer instructions; a dependent-add loop with vprorq on ymm or
 * zmm in it runs at the same clock as without, so the clock is not why.
 * Steps at other rounds, or vpermt2q for vshufpd: no difference.
 *
 * The rounds of a block run as two passes of forty over one copy of the
 * code, the step registers exchanged between them, not as eighty
 * unrolled: on an AMD EPYC (Zen 5 class) the 80-round loop (9.4 KiB of
 * code) ran 1.2x slower at half the placements of the function (8 byte
 * offsets from a 64-byte boundary timed in one process: 2.01-2.44 TSC
 * ticks a byte, 2.0 at four, 2.4 at four; it measured 4.1 against 3.55
 * cycles/byte for sha512-avx2 in one build), and the 40-round one at
 * 2.09-2.18 at all of them.  sha512_avx2.c's loop, also 40 rounds, ran
 * 2.03 at all of them.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "sha512_x86.h"

#define AVX512	__attribute__((target("avx512f,avx512vl,avx2,bmi2")))

/* s0(x) = ROTR1(x) ^ ROTR8(x) ^ SHR7(x), per qword. */
#define SIG0(x)	_mm512_ternarylogic_epi64(_mm512_ror_epi64(x, 1),	\
	    _mm512_ror_epi64(x, 8), _mm512_srli_epi64(x, 7), 0x96)
/* s1(x) = ROTR19(x) ^ ROTR61(x) ^ SHR6(x), per qword. */
#define SIG1(x)	_mm512_ternarylogic_epi64(_mm512_ror_epi64(x, 19),	\
	    _mm512_ror_epi64(x, 61), _mm512_srli_epi64(x, 6), 0x96)

/*
 * { lo[1], hi[0] } in each 128-bit lane, the words that straddle two
 * steps: vpalignr on zmm is AVX512BW, vshufpd is AVX512F.
 */
#define ALIGN(hi, lo)	_mm512_castpd_si512(_mm512_shuffle_pd(		\
	    _mm512_castsi512_pd(lo), _mm512_castsi512_pd(hi), 0x55))

/*
 * A quad buffer: W + K of blocks A and B in sha512_x86.h's pair layout,
 * of blocks C and D at QCD, and at QK the constants (in the pair layout:
 * K[2k], K[2k + 1] start every fourth qword).
 */
#define QCD	160
#define QK	320
#define QLEN	480

/* Store y + K: A and B at ws[4 * j], C and D at ws[QCD + 4 * j]. */
#define STOREWK(y, j) do {						\
	__m512i wk_ = _mm512_add_epi64(y, _mm512_broadcast_i32x4(	\
	    _mm_load_si128((const __m128i *)&ws[QK + 4 * (j)])));	\
									\
	_mm256_store_si256((__m256i *)&ws[4 * (j)],			\
	    _mm512_castsi512_si256(wk_));				\
	_mm256_store_si256((__m256i *)&ws[QCD + 4 * (j)],		\
	    _mm512_extracti64x4_epi64(wk_, 1));				\
} while (0)

/* Words 2j, 2j + 1 of blocks pa, pb, pc, pd. */
#define LOAD2(p, q, j)	_mm256_shuffle_epi8(_mm256_inserti128_si256(	\
	    _mm256_castsi128_si256(_mm_loadu_si128(			\
	    (const __m128i *)((p) + 16 * (j)))),			\
	    _mm_loadu_si128((const __m128i *)((q) + 16 * (j))), 1), bswap)
#define LOAD(x, j) do {							\
	x = _mm512_inserti64x4(_mm512_castsi256_si512(LOAD2(pa, pb, j)), \
	    LOAD2(pc, pd, j), 1);					\
	STOREWK(x, j);							\
} while (0)

/* The steps 0..7, and the u that step 8 wants (see STEP). */
#define LOAD8() do {							\
	LOAD(x0, 0); LOAD(x1, 1); LOAD(x2, 2); LOAD(x3, 3);		\
	LOAD(x4, 4); LOAD(x5, 5); LOAD(x6, 6); LOAD(x7, 7);		\
	u = _mm512_add_epi64(x4, SIG0(x0));				\
} while (0)

/*
 * Step k >= 8 adds s0 of the words 2k - 15, 2k - 14 and the words 2k - 7,
 * 2k - 6: both pairs straddle two registers in the same way, and s0 works
 * per qword, so the step takes s0 of the whole register of step k - 7,
 * adds the register of step k - 3 (that is u) and aligns it with the u of
 * the step before: one vshufpd instead of two.
 *
 * Step k, stored at ws[4 * j]: x0 holds words 2k - 16, 2k - 15 and
 * becomes 2k, 2k + 1; x1, x5 and x7 are the registers of steps k - 7,
 * k - 3 and k - 1; u is x4 + s0(x0) from before x0 changed.  It comes
 * in two halves, so that the rounds can take it in smaller pieces.
 */
#define HALF1_(x0, x1, x5, x7, j)					\
	un = _mm512_add_epi64(x5, SIG0(x1))
#define HALF2_(x0, x1, x5, x7, j) do {					\
	x0 = _mm512_add_epi64(_mm512_add_epi64(x0, ALIGN(un, u)),	\
	    SIG1(x7));							\
	u = un;								\
	STOREWK(x0, j);							\
} while (0)
#define HALF1(r)	HALF1_ r
#define HALF2(r)	HALF2_ r
#define STEP(r)		do { HALF1(r); HALF2(r); } while (0)

/* The registers of the steps 8n + j. */
#define R0	(x0, x1, x5, x7, 0)
#define R1	(x1, x2, x6, x0, 1)
#define R2	(x2, x3, x7, x1, 2)
#define R3	(x3, x4, x0, x2, 3)
#define R4	(x4, x5, x1, x3, 4)
#define R5	(x5, x6, x2, x4, 5)
#define R6	(x6, x7, x3, x5, 6)
#define R7	(x7, x0, x4, x6, 7)

/* Two steps per twenty rounds, a half after each of its rounds 0, 3, 6, 9. */
#define TWO(j, r, s)	TWO_##j(r, s)
#define TWO_0(r, s)	HALF1(r)
#define TWO_1(r, s)	HALF2(r)
#define TWO_2(r, s)	HALF1(s)
#define TWO_3(r, s)	HALF2(s)
#define Q0(j)		TWO(j, R0, R1)
#define Q1(j)		TWO(j, R2, R3)

/* Exchange two step registers: the steps 8n + 4.. become 8n + 0.. */
#define SWAP(x, y)	do { __m512i t_ = x; x = y; y = t_; } while (0)

/*
 * The blocks go by quads.  A quad's schedule has forty steps, eight
 * loads and thirty-two computed; it is made while the quad before runs
 * its rounds (the first quad's before any rounds), eight steps in each
 * block, and the schedule alternates between two buffers.  Each block
 * is two passes of S512_ROUNDS20 twice (see above), the second with
 * x0..x3 and x4..x7 exchanged, so that it makes the steps 8n + 4..7.
 * The last quad's rounds make the steps of a quad that does not
 * exist, from whatever the registers hold: nothing is read past the
 * end.  A quad of fewer than four blocks repeats its last block in the
 * missing places.
 */
AVX512 void
mds_sha512_blocks_avx512(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	const __m256i bswap = _mm256_setr_epi8(
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	uint64_t buf[2 * QLEN + 4], *cur, *nxt, *ws, *tmp;
	uint64_t *hv = st->h.w64;
	uint64_t v0, v1, v2, v3, v4, v5, v6, v7, v8, bx, t0, t1, t2;
	__m512i x0, x1, x2, x3, x4, x5, x6, x7, u, un;
	const unsigned char *pa, *pb, *pc, *pd;
	const uint64_t *w;
	size_t b, n;
	int i;

	/* Short calls: see above. */
	if (nblocks < 5) {
		mds_sha512_blocks_avx2(st, p, nblocks);
		return;
	}
	/* 32-byte aligned without realigning the stack. */
	cur = (uint64_t *)(((uintptr_t)buf + 31) & ~(uintptr_t)31);
	nxt = cur + QLEN;
	for (i = 0; i < 160; i++)
		cur[QK + i] = nxt[QK + i] = s512_kk[i];

	pa = p;
	pb = p + 128;
	pc = p + 256;
	pd = p + 384;
	ws = cur;
	LOAD8();
	for (ws = cur + 32; ws < cur + 160; ws += 32) {
		STEP(R0); STEP(R1); STEP(R2); STEP(R3);
		STEP(R4); STEP(R5); STEP(R6); STEP(R7);
	}

	for (;;) {
		n = nblocks < 4 ? nblocks : 4;
		if (nblocks > 4) {
			p += 512;
			pa = p;
			pb = nblocks > 5 ? pa + 128 : pa;
			pc = nblocks > 6 ? pb + 128 : pb;
			pd = nblocks > 7 ? pc + 128 : pc;
			ws = nxt;
			LOAD8();
		}
		ws = nxt + 32;
		for (b = 0; b < n; b++) {
			w = cur + (b & 2 ? QCD : 0) + (b & 1 ? 2 : 0);
			S512_BEGIN(hv);
			for (i = 0; i < 2; i++) {
				S512_ROUNDS20(w, Q0);
				S512_ROUNDS20(w + 40, Q1);
				w += 80;
				ws += 16;
				SWAP(x0, x4);
				SWAP(x1, x5);
				SWAP(x2, x6);
				SWAP(x3, x7);
			}
			S512_END(hv);
		}
		nblocks -= n;
		if (nblocks == 0)
			break;
		SHA2_X86_SWAP_BUFFERS();
	}
}
#endif
