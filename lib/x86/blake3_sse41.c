/*
 * x86/blake3_sse41.c: BLAKE3 with SSE4.1 (and SSSE3's pshufb, which
 * rotates by 16 and 8 bits in one instruction).
 *
 * The batch (b3_many) hashes four inputs at a time word-sliced: each xmm
 * register holds one word of the four work vectors, an input a dword,
 * and blake3_sliced.h's rounds run on them.  Each 16-byte quarter of the
 * four inputs' blocks is a 4x4 transpose (unpacks of dwords, then of
 * qwords) into four message words; the chaining values go back through
 * the same transpose.  The inputs left over go one at a time through
 * the compression function below.
 *
 * The compression function (b3_compress: the last chunk and the root)
 * keeps the work vector as four rows, an xmm each: a = v0..v3, b =
 * v4..v7, c = v8..v11, d = v12..v15, so that one G on each row runs the
 * four G of a half round.  For the diagonal step b, c and d turn left by
 * one, two and three lanes, and back after.  A round takes its message
 * as four vectors: the column step's x and y (words 0 2 4 6 and 1 3 5 7
 * of the round's order), the diagonal step's (8 10 12 14, 9 11 13 15).
 * The next round's four are this round's permuted, three shuffles each.
 *
 * Reads exactly blocks * 64 bytes of each input.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "blake3_x86.h"
#include "../blake3_sliced.h"

#define SSE41	__attribute__((target("sse4.1,ssse3")))

#define LANES	4

#define B3_ADD(x, y)	_mm_add_epi32(x, y)
#define B3_KEEP(x)	__asm__("" : "+x"(x))
#define B3_XOR(x, y)	_mm_xor_si128(x, y)
#define B3_ROR16(x)	_mm_shuffle_epi8(x, rot16)
#define B3_ROR8(x)	_mm_shuffle_epi8(x, rot8)
#define B3_ROR12(x)	_mm_or_si128(_mm_srli_epi32(x, 12),		\
			    _mm_slli_epi32(x, 20))
#define B3_ROR7(x)	_mm_or_si128(_mm_srli_epi32(x, 7),		\
			    _mm_slli_epi32(x, 25))

/* The byte orders of pshufb that turn each dword right by 16 and 8. */
#define ROT16_MASK	_mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5,		\
			    10, 11, 8, 9, 14, 15, 12, 13)
#define ROT8_MASK	_mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4,		\
			    9, 10, 11, 8, 13, 14, 15, 12)

/* Rows r0 .. r3 transposed in place: r_i's dword j to r_j's dword i. */
#define TRANSPOSE4(r0, r1, r2, r3) do {					\
	__m128i t0_ = _mm_unpacklo_epi32(r0, r1);			\
	__m128i t1_ = _mm_unpackhi_epi32(r0, r1);			\
	__m128i t2_ = _mm_unpacklo_epi32(r2, r3);			\
	__m128i t3_ = _mm_unpackhi_epi32(r2, r3);			\
	(r0) = _mm_unpacklo_epi64(t0_, t2_);				\
	(r1) = _mm_unpackhi_epi64(t0_, t2_);				\
	(r2) = _mm_unpacklo_epi64(t1_, t3_);				\
	(r3) = _mm_unpackhi_epi64(t1_, t3_);				\
} while (0)

#define LOADU(p)	_mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, x)	_mm_storeu_si128((__m128i *)(void *)(p), x)

/* One G on every lane of the rows: a half round. */
#define ROW_G(x, y) do {						\
	a = B3_ADD(B3_ADD(a, x), b);					\
	d = B3_ROR16(B3_XOR(d, a));					\
	c = B3_ADD(c, d);						\
	b = B3_ROR12(B3_XOR(b, c));					\
	a = B3_ADD(B3_ADD(a, y), b);					\
	d = B3_ROR8(B3_XOR(d, a));					\
	c = B3_ADD(c, d);						\
	b = B3_ROR7(B3_XOR(b, c));					\
} while (0)

#define SHUF_PS(x, y, imm)	_mm_castps_si128(_mm_shuffle_ps(	\
	    _mm_castsi128_ps(x), _mm_castsi128_ps(y), imm))
/* x with dword 2 taken from y. */
#define TAKE2(x, y)		_mm_blend_epi16(x, y, 0x30)

/*
 * The message vectors of the next round from this one's.  With X = words
 * 0 2 4 6, Y = 1 3 5 7, Z = 8 10 12 14, W = 9 11 13 15 of this round's
 * order, the permutation (2 6 3 10 7 0 4 13 1 11 12 5 9 14 15 8) gives
 * X' = X1 Y1 Y3 X2, Y' = X3 Z1 X0 W2, Z' = Y0 Z2 W0 W3, W' = W1 Y2 Z3 Z0.
 */
#define PERMUTE() do {							\
	__m128i x_, y_, z_;						\
									\
	x_ = _mm_shuffle_epi32(SHUF_PS(mx, my, _MM_SHUFFLE(3, 1, 2, 1)), \
	    _MM_SHUFFLE(1, 3, 2, 0));					\
	y_ = _mm_shuffle_epi32(TAKE2(SHUF_PS(mx, mz,			\
	    _MM_SHUFFLE(1, 1, 0, 3)), mw), _MM_SHUFFLE(2, 1, 3, 0));	\
	z_ = _mm_shuffle_epi32(TAKE2(SHUF_PS(mw, my,			\
	    _MM_SHUFFLE(0, 0, 3, 0)), mz), _MM_SHUFFLE(1, 0, 2, 3));	\
	mw = _mm_shuffle_epi32(TAKE2(SHUF_PS(mz, mw,			\
	    _MM_SHUFFLE(1, 1, 0, 3)), my), _MM_SHUFFLE(1, 0, 2, 3));	\
	mx = x_;							\
	my = y_;							\
	mz = z_;							\
} while (0)

#define ROW_ROUND() do {						\
	ROW_G(mx, my);							\
	b = _mm_shuffle_epi32(b, _MM_SHUFFLE(0, 3, 2, 1));		\
	c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));		\
	d = _mm_shuffle_epi32(d, _MM_SHUFFLE(2, 1, 0, 3));		\
	ROW_G(mz, mw);							\
	b = _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 1, 0, 3));		\
	c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));		\
	d = _mm_shuffle_epi32(d, _MM_SHUFFLE(0, 3, 2, 1));		\
} while (0)

/*
 * The seven rounds on rows a b c d, from the block's 64 bytes at p (the
 * words little-endian, as x86 holds them).
 */
#define ROW_ROUNDS(p) do {						\
	__m128i q0_ = LOADU(p), q1_ = LOADU((p) + 16);			\
	__m128i q2_ = LOADU((p) + 32), q3_ = LOADU((p) + 48);		\
									\
	mx = SHUF_PS(q0_, q1_, _MM_SHUFFLE(2, 0, 2, 0));		\
	my = SHUF_PS(q0_, q1_, _MM_SHUFFLE(3, 1, 3, 1));		\
	mz = SHUF_PS(q2_, q3_, _MM_SHUFFLE(2, 0, 2, 0));		\
	mw = SHUF_PS(q2_, q3_, _MM_SHUFFLE(3, 1, 3, 1));		\
	ROW_ROUND();							\
	PERMUTE();							\
	ROW_ROUND();							\
	PERMUTE();							\
	ROW_ROUND();							\
	PERMUTE();							\
	ROW_ROUND();							\
	PERMUTE();							\
	ROW_ROUND();							\
	PERMUTE();							\
	ROW_ROUND();							\
	PERMUTE();							\
	ROW_ROUND();							\
} while (0)

static void	b3_one(const unsigned char *, size_t, const uint32_t[8],
		    uint64_t, uint32_t, uint32_t, uint32_t, unsigned char *);
static void	b3_x4(const unsigned char *const *, size_t, const uint32_t[8],
		    const uint64_t *, uint32_t, uint32_t, uint32_t,
		    unsigned char *);

SSE41 void
mds_blake3_compress_sse41(const uint32_t cv[8], const uint32_t m[16],
    uint64_t t, uint32_t len, uint32_t flags, uint32_t out[16])
{
	const __m128i rot16 = ROT16_MASK, rot8 = ROT8_MASK;
	const __m128i h0 = LOADU(cv), h1 = LOADU(cv + 4);
	__m128i a = h0, b = h1, c, d, mx, my, mz, mw;

	c = _mm_setr_epi32((int)B3_IV0, (int)B3_IV1, (int)B3_IV2,
	    (int)B3_IV3);
	d = _mm_setr_epi32((int)(uint32_t)t, (int)(uint32_t)(t >> 32),
	    (int)len, (int)flags);
	ROW_ROUNDS((const unsigned char *)m);
	STOREU(out, B3_XOR(a, c));
	STOREU(out + 4, B3_XOR(b, d));
	STOREU(out + 8, B3_XOR(c, h0));
	STOREU(out + 12, B3_XOR(d, h1));
}

/* One input of the batch, its chaining value kept in two rows. */
SSE41 static void
b3_one(const unsigned char *p, size_t blocks, const uint32_t key[8],
    uint64_t t, uint32_t flags, uint32_t start, uint32_t end,
    unsigned char *out)
{
	const __m128i rot16 = ROT16_MASK, rot8 = ROT8_MASK;
	__m128i h0 = LOADU(key), h1 = LOADU(key + 4);
	__m128i a, b, c, d, mx, my, mz, mw;
	size_t i;

	for (i = 0; i < blocks; i++, p += 64) {
		a = h0;
		b = h1;
		c = _mm_setr_epi32((int)B3_IV0, (int)B3_IV1, (int)B3_IV2,
		    (int)B3_IV3);
		d = _mm_setr_epi32((int)(uint32_t)t, (int)(uint32_t)(t >> 32),
		    64, (int)B3_FLAGS(i, blocks, flags, start, end));
		ROW_ROUNDS(p);
		h0 = B3_XOR(a, c);
		h1 = B3_XOR(b, d);
	}
	STOREU(out, h0);
	STOREU(out + 16, h1);
}

/* Four inputs side by side, word-sliced. */
SSE41 static void
b3_x4(const unsigned char *const *in, size_t blocks, const uint32_t key[8],
    const uint64_t *t, uint32_t flags, uint32_t start, uint32_t end,
    unsigned char *out)
{
	const __m128i rot16 = ROT16_MASK, rot8 = ROT8_MASK;
	uint32_t lo[LANES], hi[LANES];
	__m128i h[8], m[16], tlo, thi;
	__m128i v0, v1, v2, v3, v4, v5, v6, v7;
	__m128i v8, v9, v10, v11, v12, v13, v14, v15;
	size_t i, o;
	int w;

	for (i = 0; i < LANES; i++) {
		lo[i] = (uint32_t)t[i];
		hi[i] = (uint32_t)(t[i] >> 32);
	}
	tlo = LOADU(lo);
	thi = LOADU(hi);
	for (w = 0; w < 8; w++)
		h[w] = _mm_set1_epi32((int)key[w]);
	for (i = 0, o = 0; i < blocks; i++, o += 64) {
		for (w = 0; w < 16; w += 4) {
			m[w] = LOADU(in[0] + o + 4 * w);
			m[w + 1] = LOADU(in[1] + o + 4 * w);
			m[w + 2] = LOADU(in[2] + o + 4 * w);
			m[w + 3] = LOADU(in[3] + o + 4 * w);
			TRANSPOSE4(m[w], m[w + 1], m[w + 2], m[w + 3]);
		}
		v0 = h[0]; v1 = h[1]; v2 = h[2]; v3 = h[3];
		v4 = h[4]; v5 = h[5]; v6 = h[6]; v7 = h[7];
		v8 = _mm_set1_epi32((int)B3_IV0);
		v9 = _mm_set1_epi32((int)B3_IV1);
		v10 = _mm_set1_epi32((int)B3_IV2);
		v11 = _mm_set1_epi32((int)B3_IV3);
		v12 = tlo;
		v13 = thi;
		v14 = _mm_set1_epi32(64);
		v15 = _mm_set1_epi32((int)B3_FLAGS(i, blocks, flags, start,
		    end));
		B3_ROUNDS(m);
		h[0] = B3_XOR(v0, v8); h[1] = B3_XOR(v1, v9);
		h[2] = B3_XOR(v2, v10); h[3] = B3_XOR(v3, v11);
		h[4] = B3_XOR(v4, v12); h[5] = B3_XOR(v5, v13);
		h[6] = B3_XOR(v6, v14); h[7] = B3_XOR(v7, v15);
	}
	/* Words 0-3 of each input, then 4-7: 32 bytes an input. */
	TRANSPOSE4(h[0], h[1], h[2], h[3]);
	TRANSPOSE4(h[4], h[5], h[6], h[7]);
	for (i = 0; i < LANES; i++) {
		STOREU(out + 32 * i, h[i]);
		STOREU(out + 32 * i + 16, h[i + 4]);
	}
}

SSE41 void
mds_blake3_many_sse41(const unsigned char *const *in, size_t n,
    size_t blocks, const uint32_t key[8], const uint64_t *t,
    uint32_t flags, uint32_t start, uint32_t end, unsigned char *out)
{
	for (; n >= LANES; n -= LANES, in += LANES, out += 32 * LANES) {
		b3_x4(in, blocks, key, t, flags, start, end, out);
		t += LANES;
	}
	for (; n > 0; n--, in++, t++, out += 32)
		b3_one(in[0], blocks, key, t[0], flags, start, end, out);
}
#endif
