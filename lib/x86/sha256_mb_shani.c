/*
 * x86/sha256_mb_shani.c: SHA-256 on two messages at once with the SHA
 * extensions.
 *
 * One message is bound by its chain of 32 dependent sha256rnds2 a block
 * (sha256_shani.c); a second, independent chain interleaved with the
 * first issues while the first waits.  The state of each lane is split as
 * ABEF and CDGH as in sha256_shani.c, converted from and to the
 * word-major lane layout on entry and exit.  An idle lane hashes
 * mds_zero_block over and over.  Reads exactly nblocks * 64 bytes a lane.
 *
 * Measured on the build machine (Xeon, Sapphire Rapids class), in rdtsc
 * ticks: sha256rnds2 has a latency of 2.7 and a throughput of one per 2.0
 * (no better with four chains), so two lanes can gain at most 1.33x.  Two
 * lanes of 16 KiB: 1.06-1.09 ticks a byte in all, against 1.30-1.42 for
 * sha256_shani.c in the same runs (1.2-1.3x).  One busy lane costs what
 * two do, so one stream is faster then.  Four lanes interleaved: 1.6
 * ticks a byte (sixteen xmm registers are too few; spills).
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"

#define SHANI	__attribute__((target("sha,sse4.1,ssse3")))

/*
 * Four rounds of both lanes: their words in w0 and w1.  The second
 * sha256rnds2 takes words 2 and 3 from memory, not from a pshufd: the
 * shuffle port is the one sha256rnds2 needs (empty asm: keep the compiler
 * from turning the store and load back into a shuffle).
 */
#define FOUR_ROUNDS(g, w0, w1) do {					\
	__m128i k = _mm_loadu_si128(					\
	    (const __m128i *)&mds_sha256_k[4 * (g)]);			\
	__m128i kw0 = _mm_add_epi32((w0), k);				\
	__m128i kw1 = _mm_add_epi32((w1), k);				\
	cdgh0 = _mm_sha256rnds2_epu32(cdgh0, abef0, kw0);		\
	cdgh1 = _mm_sha256rnds2_epu32(cdgh1, abef1, kw1);		\
	_mm_store_si128((__m128i *)&kw[0], kw0);			\
	_mm_store_si128((__m128i *)&kw[4], kw1);			\
	__asm__("" : "+m" (kw));					\
	abef0 = _mm_sha256rnds2_epu32(abef0, cdgh0,			\
	    _mm_loadl_epi64((const __m128i *)&kw[2]));			\
	abef1 = _mm_sha256rnds2_epu32(abef1, cdgh1,			\
	    _mm_loadl_epi64((const __m128i *)&kw[6]));			\
} while (0)

/* The next four schedule words from the sixteen before them. */
#define SCHEDULE(w0, w1, w2, w3)					\
	_mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((w0), (w1)), \
	    _mm_alignr_epi8((w3), (w2), 4)), (w3))

/* Words 4i..4i+3 of the block at p, big-endian. */
#define LOAD(p, i)							\
	_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((p) + 16 * (i))), \
	    bswap)

SHANI void
mds_sha256_mb_shani(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL,
	    0x0405060700010203LL);
	uint32_t *s = state;
	const unsigned char *p0, *p1;
	size_t step0, step1;
	__m128i abef0, cdgh0, abef1, cdgh1, save0, save1, save2, save3;
	__m128i a0, a1, a2, a3, b0, b1, b2, b3, t0, t1, t2, t3;
	__attribute__((aligned(16))) uint32_t kw[8];
	int g;

	(void)rate;
	if (nblocks == 0)
		return;
	p0 = data[0] != NULL ? data[0] : mds_zero_block;
	p1 = data[1] != NULL ? data[1] : mds_zero_block;
	step0 = data[0] != NULL ? 64 : 0;
	step1 = data[1] != NULL ? 64 : 0;

	/* s[] is a0 a1 b0 b1 c0 c1 d0 d1 e0 e1 ...: lane 0's dcba, hgfe. */
	t0 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&s[0]),
	    0xd8);					/* a0 b0 a1 b1 */
	t1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&s[4]),
	    0xd8);					/* c0 d0 c1 d1 */
	t2 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&s[8]),
	    0xd8);					/* e0 f0 e1 f1 */
	t3 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&s[12]),
	    0xd8);					/* g0 h0 g1 h1 */
	a0 = _mm_unpacklo_epi64(t0, t1);		/* lane 0 "dcba" */
	a1 = _mm_unpacklo_epi64(t2, t3);		/* lane 0 "hgfe" */
	b0 = _mm_unpackhi_epi64(t0, t1);
	b1 = _mm_unpackhi_epi64(t2, t3);
	/* As sha256_shani.c: to ABEF and CDGH. */
	a0 = _mm_shuffle_epi32(a0, 0xb1);
	a1 = _mm_shuffle_epi32(a1, 0x1b);
	abef0 = _mm_alignr_epi8(a0, a1, 8);
	cdgh0 = _mm_blend_epi16(a1, a0, 0xf0);
	b0 = _mm_shuffle_epi32(b0, 0xb1);
	b1 = _mm_shuffle_epi32(b1, 0x1b);
	abef1 = _mm_alignr_epi8(b0, b1, 8);
	cdgh1 = _mm_blend_epi16(b1, b0, 0xf0);

	while (nblocks-- > 0) {
		save0 = abef0;
		save1 = cdgh0;
		save2 = abef1;
		save3 = cdgh1;
		a0 = LOAD(p0, 0);
		b0 = LOAD(p1, 0);
		a1 = LOAD(p0, 1);
		b1 = LOAD(p1, 1);
		a2 = LOAD(p0, 2);
		b2 = LOAD(p1, 2);
		a3 = LOAD(p0, 3);
		b3 = LOAD(p1, 3);
		FOUR_ROUNDS(0, a0, b0);
		FOUR_ROUNDS(1, a1, b1);
		FOUR_ROUNDS(2, a2, b2);
		FOUR_ROUNDS(3, a3, b3);
#pragma GCC unroll 4
		for (g = 4; g < 16; g += 4) {
			a0 = SCHEDULE(a0, a1, a2, a3);
			b0 = SCHEDULE(b0, b1, b2, b3);
			FOUR_ROUNDS(g, a0, b0);
			a1 = SCHEDULE(a1, a2, a3, a0);
			b1 = SCHEDULE(b1, b2, b3, b0);
			FOUR_ROUNDS(g + 1, a1, b1);
			a2 = SCHEDULE(a2, a3, a0, a1);
			b2 = SCHEDULE(b2, b3, b0, b1);
			FOUR_ROUNDS(g + 2, a2, b2);
			a3 = SCHEDULE(a3, a0, a1, a2);
			b3 = SCHEDULE(b3, b0, b1, b2);
			FOUR_ROUNDS(g + 3, a3, b3);
		}
		abef0 = _mm_add_epi32(abef0, save0);
		cdgh0 = _mm_add_epi32(cdgh0, save1);
		abef1 = _mm_add_epi32(abef1, save2);
		cdgh1 = _mm_add_epi32(cdgh1, save3);
		p0 += step0;
		p1 += step1;
	}

	/* Back to dcba / hgfe per lane, then to word-major. */
	a0 = _mm_shuffle_epi32(abef0, 0x1b);		/* f e b a */
	a1 = _mm_shuffle_epi32(cdgh0, 0xb1);		/* d c h g */
	t0 = _mm_blend_epi16(a0, a1, 0xf0);		/* lane 0 d c b a */
	t1 = _mm_alignr_epi8(a1, a0, 8);		/* lane 0 h g f e */
	b0 = _mm_shuffle_epi32(abef1, 0x1b);
	b1 = _mm_shuffle_epi32(cdgh1, 0xb1);
	t2 = _mm_blend_epi16(b0, b1, 0xf0);		/* lane 1 d c b a */
	t3 = _mm_alignr_epi8(b1, b0, 8);		/* lane 1 h g f e */
	_mm_storeu_si128((__m128i *)&s[0], _mm_unpacklo_epi32(t0, t2));
	_mm_storeu_si128((__m128i *)&s[4], _mm_unpackhi_epi32(t0, t2));
	_mm_storeu_si128((__m128i *)&s[8], _mm_unpacklo_epi32(t1, t3));
	_mm_storeu_si128((__m128i *)&s[12], _mm_unpackhi_epi32(t1, t3));
}
#endif
