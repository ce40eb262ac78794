/*
 * x86/blake3_avx2.c: BLAKE3's batch (b3_many) with AVX2, eight inputs at
 * a time, word-sliced: each ymm register holds one word of the eight
 * work vectors, an input a dword, and blake3_sliced.h's rounds run on
 * them.  The state takes all sixteen registers, so the message words
 * are read from the stack as operands of the adds.
 *
 * Each 32-byte half of the eight inputs' blocks is an 8x8 transpose:
 * unpacks of dwords and of qwords make words 4k .. 4k+3 of four inputs
 * in each 128-bit lane, and vperm2i128 joins the lanes of inputs 0-3 and
 * 4-7.  The chaining values go back through the same transpose, an
 * input's 32 bytes a row.  Fewer than eight inputs go to the SSE4.1
 * kernel (four at a time, then one).
 *
 * Reads exactly blocks * 64 bytes of each input.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "blake3_x86.h"
#include "../blake3_sliced.h"

#define AVX2	__attribute__((target("avx2")))

#define LANES	8

#define B3_ADD(x, y)	_mm256_add_epi32(x, y)
#define B3_KEEP(x)	__asm__("" : "+x"(x))
#define B3_XOR(x, y)	_mm256_xor_si256(x, y)
/*
 * By 16, pshuflw and pshufhw swap the halves of each dword: pshufb would
 * keep its mask in one of the sixteen registers the state wants (4%
 * slower).  By 8, pshufb; by 12 and 7, two shifts and an or.
 */
#define B3_ROR16(x)	_mm256_shufflehi_epi16(				\
			    _mm256_shufflelo_epi16(x, 0xb1), 0xb1)
#define B3_ROR8(x)	_mm256_shuffle_epi8(x, rot8)
#define B3_ROR12(x)	_mm256_or_si256(_mm256_srli_epi32(x, 12),	\
			    _mm256_slli_epi32(x, 20))
#define B3_ROR7(x)	_mm256_or_si256(_mm256_srli_epi32(x, 7),	\
			    _mm256_slli_epi32(x, 25))

/* pshufb's byte order that turns each dword right by 8. */
#define ROT8_MASK	_mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4,	\
			    9, 10, 11, 8, 13, 14, 15, 12,		\
			    1, 2, 3, 0, 5, 6, 7, 4,			\
			    9, 10, 11, 8, 13, 14, 15, 12)

#define LOADU(p)	_mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, x)	_mm256_storeu_si256((__m256i *)(void *)(p), x)

/* r[0 .. 7] transposed in place: r[i]'s dword j to r[j]'s dword i. */
#define TRANSPOSE8(r) do {						\
	__m256i s0_, s1_, s2_, s3_, s4_, s5_, s6_, s7_;			\
	__m256i u0_, u1_, u2_, u3_, u4_, u5_, u6_, u7_;			\
									\
	s0_ = _mm256_unpacklo_epi32((r)[0], (r)[1]);			\
	s1_ = _mm256_unpackhi_epi32((r)[0], (r)[1]);			\
	s2_ = _mm256_unpacklo_epi32((r)[2], (r)[3]);			\
	s3_ = _mm256_unpackhi_epi32((r)[2], (r)[3]);			\
	s4_ = _mm256_unpacklo_epi32((r)[4], (r)[5]);			\
	s5_ = _mm256_unpackhi_epi32((r)[4], (r)[5]);			\
	s6_ = _mm256_unpacklo_epi32((r)[6], (r)[7]);			\
	s7_ = _mm256_unpackhi_epi32((r)[6], (r)[7]);			\
	/* Dword k of rows 0-3 (4-7) in lane 0, k + 4 in lane 1. */	\
	u0_ = _mm256_unpacklo_epi64(s0_, s2_);				\
	u1_ = _mm256_unpackhi_epi64(s0_, s2_);				\
	u2_ = _mm256_unpacklo_epi64(s1_, s3_);				\
	u3_ = _mm256_unpackhi_epi64(s1_, s3_);				\
	u4_ = _mm256_unpacklo_epi64(s4_, s6_);				\
	u5_ = _mm256_unpackhi_epi64(s4_, s6_);				\
	u6_ = _mm256_unpacklo_epi64(s5_, s7_);				\
	u7_ = _mm256_unpackhi_epi64(s5_, s7_);				\
	(r)[0] = _mm256_permute2x128_si256(u0_, u4_, 0x20);		\
	(r)[1] = _mm256_permute2x128_si256(u1_, u5_, 0x20);		\
	(r)[2] = _mm256_permute2x128_si256(u2_, u6_, 0x20);		\
	(r)[3] = _mm256_permute2x128_si256(u3_, u7_, 0x20);		\
	(r)[4] = _mm256_permute2x128_si256(u0_, u4_, 0x31);		\
	(r)[5] = _mm256_permute2x128_si256(u1_, u5_, 0x31);		\
	(r)[6] = _mm256_permute2x128_si256(u2_, u6_, 0x31);		\
	(r)[7] = _mm256_permute2x128_si256(u3_, u7_, 0x31);		\
} while (0)

static void	b3_x8(const unsigned char *const *, size_t, const uint32_t[8],
		    const uint64_t *, uint32_t, uint32_t, uint32_t,
		    unsigned char *);

/* Eight inputs side by side. */
AVX2 static void
b3_x8(const unsigned char *const *in, size_t blocks, const uint32_t key[8],
    const uint64_t *t, uint32_t flags, uint32_t start, uint32_t end,
    unsigned char *out)
{
	const __m256i rot8 = ROT8_MASK;
	uint32_t lo[LANES], hi[LANES];
	__m256i h[8], m[16], tlo, thi;
	__m256i v0, v1, v2, v3, v4, v5, v6, v7;
	__m256i v8, v9, v10, v11, v12, v13, v14, v15;
	size_t i, o;
	int w;

	for (i = 0; i < LANES; i++) {
		lo[i] = (uint32_t)t[i];
		hi[i] = (uint32_t)(t[i] >> 32);
	}
	tlo = LOADU(lo);
	thi = LOADU(hi);
	for (w = 0; w < 8; w++)
		h[w] = _mm256_set1_epi32((int)key[w]);
	for (i = 0, o = 0; i < blocks; i++, o += 64) {
		for (w = 0; w < 16; w += 8) {
			m[w] = LOADU(in[0] + o + 4 * w);
			m[w + 1] = LOADU(in[1] + o + 4 * w);
			m[w + 2] = LOADU(in[2] + o + 4 * w);
			m[w + 3] = LOADU(in[3] + o + 4 * w);
			m[w + 4] = LOADU(in[4] + o + 4 * w);
			m[w + 5] = LOADU(in[5] + o + 4 * w);
			m[w + 6] = LOADU(in[6] + o + 4 * w);
			m[w + 7] = LOADU(in[7] + o + 4 * w);
			TRANSPOSE8(m + w);
		}
		v0 = h[0]; v1 = h[1]; v2 = h[2]; v3 = h[3];
		v4 = h[4]; v5 = h[5]; v6 = h[6]; v7 = h[7];
		v8 = _mm256_set1_epi32((int)B3_IV0);
		v9 = _mm256_set1_epi32((int)B3_IV1);
		v10 = _mm256_set1_epi32((int)B3_IV2);
		v11 = _mm256_set1_epi32((int)B3_IV3);
		v12 = tlo;
		v13 = thi;
		v14 = _mm256_set1_epi32(64);
		v15 = _mm256_set1_epi32((int)B3_FLAGS(i, blocks, flags, start,
		    end));
		B3_ROUNDS(m);
		h[0] = B3_XOR(v0, v8); h[1] = B3_XOR(v1, v9);
		h[2] = B3_XOR(v2, v10); h[3] = B3_XOR(v3, v11);
		h[4] = B3_XOR(v4, v12); h[5] = B3_XOR(v5, v13);
		h[6] = B3_XOR(v6, v14); h[7] = B3_XOR(v7, v15);
	}
	TRANSPOSE8(h);
	for (w = 0; w < LANES; w++)
		STOREU(out + 32 * w, h[w]);
}

AVX2 void
mds_blake3_many_avx2(const unsigned char *const *in, size_t n,
    size_t blocks, const uint32_t key[8], const uint64_t *t,
    uint32_t flags, uint32_t start, uint32_t end, unsigned char *out)
{
	for (; n >= LANES; n -= LANES, in += LANES, out += 32 * LANES) {
		b3_x8(in, blocks, key, t, flags, start, end, out);
		t += LANES;
	}
	if (n > 0)
		mds_blake3_many_sse41(in, n, blocks, key, t, flags, start,
		    end, out);
}
#endif
