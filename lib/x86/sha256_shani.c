/*
 * x86/sha256_shani.c: SHA-256 block function with the SHA extensions.
 *
 * sha256rnds2 does two rounds on the state split as ABEF and CDGH; the
 * message schedule is sha256msg1/msg2 plus one palignr per four words.
 * The 32 dependent sha256rnds2 per block bound it at about 2 cycles per
 * byte on current cores.  Reads exactly nblocks * 64 bytes.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"

#define SHANI	__attribute__((target("sha,sse4.1,ssse3")))

/* Four rounds: the words in w, their constants mds_sha256_k[4g..4g+3]. */
#define FOUR_ROUNDS(g, w) do {						\
	__m128i kw = _mm_add_epi32((w),					\
	    _mm_loadu_si128((const __m128i *)&mds_sha256_k[4 * (g)]));	\
	cdgh = _mm_sha256rnds2_epu32(cdgh, abef, kw);			\
	abef = _mm_sha256rnds2_epu32(abef, cdgh,			\
	    _mm_shuffle_epi32(kw, 0x0e));				\
} while (0)

/* The next four schedule words from the sixteen before them. */
#define SCHEDULE(w0, w1, w2, w3)					\
	_mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((w0), (w1)), \
	    _mm_alignr_epi8((w3), (w2), 4)), (w3))

SHANI void
mds_sha256_blocks_shani(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL,
	    0x0405060700010203LL);
	__m128i abef, cdgh, dcba, hgfe, save0, save1, w0, w1, w2, w3;
	int g;

	/* h[0..3] = a b c d, h[4..7] = e f g h, as little-endian lanes. */
	dcba = _mm_loadu_si128((const __m128i *)&st->h.w32[0]);
	hgfe = _mm_loadu_si128((const __m128i *)&st->h.w32[4]);
	dcba = _mm_shuffle_epi32(dcba, 0xb1);		/* c d a b */
	hgfe = _mm_shuffle_epi32(hgfe, 0x1b);		/* e f g h */
	abef = _mm_alignr_epi8(dcba, hgfe, 8);
	cdgh = _mm_blend_epi16(hgfe, dcba, 0xf0);

	while (nblocks-- > 0) {
		save0 = abef;
		save1 = cdgh;
		w0 = _mm_shuffle_epi8(_mm_loadu_si128(
		    (const __m128i *)(p + 0)), bswap);
		w1 = _mm_shuffle_epi8(_mm_loadu_si128(
		    (const __m128i *)(p + 16)), bswap);
		w2 = _mm_shuffle_epi8(_mm_loadu_si128(
		    (const __m128i *)(p + 32)), bswap);
		w3 = _mm_shuffle_epi8(_mm_loadu_si128(
		    (const __m128i *)(p + 48)), bswap);
		FOUR_ROUNDS(0, w0);
		FOUR_ROUNDS(1, w1);
		FOUR_ROUNDS(2, w2);
		FOUR_ROUNDS(3, w3);
		for (g = 4; g < 16; g += 4) {
			w0 = SCHEDULE(w0, w1, w2, w3);
			FOUR_ROUNDS(g, w0);
			w1 = SCHEDULE(w1, w2, w3, w0);
			FOUR_ROUNDS(g + 1, w1);
			w2 = SCHEDULE(w2, w3, w0, w1);
			FOUR_ROUNDS(g + 2, w2);
			w3 = SCHEDULE(w3, w0, w1, w2);
			FOUR_ROUNDS(g + 3, w3);
		}
		abef = _mm_add_epi32(abef, save0);
		cdgh = _mm_add_epi32(cdgh, save1);
		p += 64;
	}

	/* Back to a b c d / e f g h. */
	dcba = _mm_shuffle_epi32(abef, 0x1b);		/* f e b a */
	hgfe = _mm_shuffle_epi32(cdgh, 0xb1);		/* d c h g */
	_mm_storeu_si128((__m128i *)&st->h.w32[0],
	    _mm_blend_epi16(dcba, hgfe, 0xf0));		/* d c b a */
	_mm_storeu_si128((__m128i *)&st->h.w32[4],
	    _mm_alignr_epi8(hgfe, dcba, 8));		/* h g f e */
}
#endif
