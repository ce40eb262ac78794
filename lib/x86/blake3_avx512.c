/*
 * x86/blake3_avx512.c: BLAKE3's batch (b3_many) with AVX-512, sixteen
 * inputs at a time, word-sliced: each zmm register holds one word of the
 * sixteen work vectors, an input a dword, and blake3_sliced.h's rounds
 * run on them, every rotation one vprord.  The state and the message
 * take the 32 registers between them.
 *
 * A block of each input is one 64-byte load, and the sixteen loads are
 * transposed in four steps of sixteen shuffles: unpacks of dwords and of
 * qwords put word 4L + k of four inputs in 128-bit lane L, and two rounds
 * of vshufi32x4 gather lane L of the four groups of inputs.  The
 * chaining values go back the same way, two inputs' 64 bytes a store.
 * Fewer than sixteen inputs go to the AVX2 kernel (eight at a time, then
 * four, then one).
 *
 * Reads exactly blocks * 64 bytes of each input.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "blake3_x86.h"
#include "../blake3_sliced.h"

#define AVX512	__attribute__((target("avx512f,avx512vl,avx2")))

#define LANES	16

#define B3_ADD(x, y)	_mm512_add_epi32(x, y)
#define B3_KEEP(x)	__asm__("" : "+v"(x))
#define B3_XOR(x, y)	_mm512_xor_si512(x, y)
#define B3_ROR16(x)	_mm512_ror_epi32(x, 16)
#define B3_ROR12(x)	_mm512_ror_epi32(x, 12)
#define B3_ROR8(x)	_mm512_ror_epi32(x, 8)
#define B3_ROR7(x)	_mm512_ror_epi32(x, 7)

#define LO32	_mm512_unpacklo_epi32
#define HI32	_mm512_unpackhi_epi32
#define LO64	_mm512_unpacklo_epi64
#define HI64	_mm512_unpackhi_epi64
#define LANES4	_mm512_shuffle_i32x4

/*
 * Four inputs' blocks r0 .. r3 into q0 .. q3: q_k's lane L holds word
 * 4L + k of the four.
 */
#define GROUP4(q0, q1, q2, q3, r0, r1, r2, r3) do {			\
	__m512i l01_ = LO32(r0, r1), h01_ = HI32(r0, r1);		\
	__m512i l23_ = LO32(r2, r3), h23_ = HI32(r2, r3);		\
									\
	(q0) = LO64(l01_, l23_);					\
	(q1) = HI64(l01_, l23_);					\
	(q2) = LO64(h01_, h23_);					\
	(q3) = HI64(h01_, h23_);					\
} while (0)

/*
 * Words k, 4 + k, 8 + k and 12 + k of the sixteen inputs from the four
 * groups' q_k (a, b, c, d: inputs 0-3, 4-7, 8-11, 12-15): lane L of
 * each, in the order of the groups.
 */
#define GATHER4(m, k, a, b, c, d) do {					\
	__m512i ab01_ = LANES4(a, b, _MM_SHUFFLE(1, 0, 1, 0));		\
	__m512i cd01_ = LANES4(c, d, _MM_SHUFFLE(1, 0, 1, 0));		\
	__m512i ab23_ = LANES4(a, b, _MM_SHUFFLE(3, 2, 3, 2));		\
	__m512i cd23_ = LANES4(c, d, _MM_SHUFFLE(3, 2, 3, 2));		\
									\
	(m)[k] = LANES4(ab01_, cd01_, _MM_SHUFFLE(2, 0, 2, 0));		\
	(m)[4 + (k)] = LANES4(ab01_, cd01_, _MM_SHUFFLE(3, 1, 3, 1));	\
	(m)[8 + (k)] = LANES4(ab23_, cd23_, _MM_SHUFFLE(2, 0, 2, 0));	\
	(m)[12 + (k)] = LANES4(ab23_, cd23_, _MM_SHUFFLE(3, 1, 3, 1));	\
} while (0)

/*
 * The block at offset o of each input: word w of input i to m[w]'s
 * dword i.
 */
#define LOAD_BLOCKS(m, in, o) do {					\
	__m512i a0_, a1_, a2_, a3_, b0_, b1_, b2_, b3_;			\
	__m512i c0_, c1_, c2_, c3_, d0_, d1_, d2_, d3_;			\
									\
	GROUP4(a0_, a1_, a2_, a3_, LOADU((in)[0] + (o)),		\
	    LOADU((in)[1] + (o)), LOADU((in)[2] + (o)),			\
	    LOADU((in)[3] + (o)));					\
	GROUP4(b0_, b1_, b2_, b3_, LOADU((in)[4] + (o)),		\
	    LOADU((in)[5] + (o)), LOADU((in)[6] + (o)),			\
	    LOADU((in)[7] + (o)));					\
	GROUP4(c0_, c1_, c2_, c3_, LOADU((in)[8] + (o)),		\
	    LOADU((in)[9] + (o)), LOADU((in)[10] + (o)),		\
	    LOADU((in)[11] + (o)));					\
	GROUP4(d0_, d1_, d2_, d3_, LOADU((in)[12] + (o)),		\
	    LOADU((in)[13] + (o)), LOADU((in)[14] + (o)),		\
	    LOADU((in)[15] + (o)));					\
	GATHER4(m, 0, a0_, b0_, c0_, d0_);				\
	GATHER4(m, 1, a1_, b1_, c1_, d1_);				\
	GATHER4(m, 2, a2_, b2_, c2_, d2_);				\
	GATHER4(m, 3, a3_, b3_, c3_, d3_);				\
} while (0)

/*
 * The chaining values of inputs 4L + j and 4L + j + 1, for each lane L,
 * to p + 128 L: x0 and x2 hold their words 0-3 in lane L, x1 and x3
 * their words 4-7.
 */
#define STORE_PAIRS(p, x0, x1, x2, x3) do {				\
	__m512i y01_ = LANES4(x0, x1, _MM_SHUFFLE(1, 0, 1, 0));		\
	__m512i y23_ = LANES4(x0, x1, _MM_SHUFFLE(3, 2, 3, 2));		\
	__m512i z01_ = LANES4(x2, x3, _MM_SHUFFLE(1, 0, 1, 0));		\
	__m512i z23_ = LANES4(x2, x3, _MM_SHUFFLE(3, 2, 3, 2));		\
									\
	STOREU((p), LANES4(y01_, z01_, _MM_SHUFFLE(2, 0, 2, 0)));	\
	STOREU((p) + 128, LANES4(y01_, z01_, _MM_SHUFFLE(3, 1, 3, 1)));	\
	STOREU((p) + 256, LANES4(y23_, z23_, _MM_SHUFFLE(2, 0, 2, 0)));	\
	STOREU((p) + 384, LANES4(y23_, z23_, _MM_SHUFFLE(3, 1, 3, 1)));	\
} while (0)

/*
 * h[0 .. 7], word w of input i in h[w]'s dword i, to out: input i's
 * eight words at out + 32 i.  The unpacks of dwords and of qwords leave
 * words 0-3 of input 4L + j in lane L of one vector, its words 4-7 in
 * another; STORE_PAIRS joins them for j = 0, 1, then for j = 2, 3.
 */
#define STORE_CV(out, h) do {						\
	__m512i e0_ = LO32((h)[0], (h)[1]), f0_ = HI32((h)[0], (h)[1]);	\
	__m512i e1_ = LO32((h)[2], (h)[3]), f1_ = HI32((h)[2], (h)[3]);	\
	__m512i e2_ = LO32((h)[4], (h)[5]), f2_ = HI32((h)[4], (h)[5]);	\
	__m512i e3_ = LO32((h)[6], (h)[7]), f3_ = HI32((h)[6], (h)[7]);	\
									\
	STORE_PAIRS(out, LO64(e0_, e1_), LO64(e2_, e3_),		\
	    HI64(e0_, e1_), HI64(e2_, e3_));				\
	STORE_PAIRS((out) + 64, LO64(f0_, f1_), LO64(f2_, f3_),		\
	    HI64(f0_, f1_), HI64(f2_, f3_));				\
} while (0)

#define LOADU(p)	_mm512_loadu_si512((const void *)(p))
#define STOREU(p, x)	_mm512_storeu_si512((void *)(p), x)

static void	b3_x16(const unsigned char *const *, size_t,
		    const uint32_t[8], const uint64_t *, uint32_t, uint32_t,
		    uint32_t, unsigned char *);

/* Sixteen inputs side by side. */
AVX512 static void
b3_x16(const unsigned char *const *in, size_t blocks, const uint32_t key[8],
    const uint64_t *t, uint32_t flags, uint32_t start, uint32_t end,
    unsigned char *out)
{
	uint32_t lo[LANES], hi[LANES];
	__m512i h[8], m[16], tlo, thi;
	__m512i v0, v1, v2, v3, v4, v5, v6, v7;
	__m512i v8, v9, v10, v11, v12, v13, v14, v15;
	size_t i, o;
	int w;

	for (i = 0; i < LANES; i++) {
		lo[i] = (uint32_t)t[i];
		hi[i] = (uint32_t)(t[i] >> 32);
	}
	tlo = LOADU(lo);
	thi = LOADU(hi);
	for (w = 0; w < 8; w++)
		h[w] = _mm512_set1_epi32((int)key[w]);
	for (i = 0, o = 0; i < blocks; i++, o += 64) {
		LOAD_BLOCKS(m, in, o);
		v0 = h[0]; v1 = h[1]; v2 = h[2]; v3 = h[3];
		v4 = h[4]; v5 = h[5]; v6 = h[6]; v7 = h[7];
		v8 = _mm512_set1_epi32((int)B3_IV0);
		v9 = _mm512_set1_epi32((int)B3_IV1);
		v10 = _mm512_set1_epi32((int)B3_IV2);
		v11 = _mm512_set1_epi32((int)B3_IV3);
		v12 = tlo;
		v13 = thi;
		v14 = _mm512_set1_epi32(64);
		v15 = _mm512_set1_epi32((int)B3_FLAGS(i, blocks, flags, start,
		    end));
		B3_ROUNDS(m);
		h[0] = B3_XOR(v0, v8); h[1] = B3_XOR(v1, v9);
		h[2] = B3_XOR(v2, v10); h[3] = B3_XOR(v3, v11);
		h[4] = B3_XOR(v4, v12); h[5] = B3_XOR(v5, v13);
		h[6] = B3_XOR(v6, v14); h[7] = B3_XOR(v7, v15);
	}
	STORE_CV(out, h);
}

AVX512 void
mds_blake3_many_avx512(const unsigned char *const *in, size_t n,
    size_t blocks, const uint32_t key[8], const uint64_t *t,
    uint32_t flags, uint32_t start, uint32_t end, unsigned char *out)
{
	for (; n >= LANES; n -= LANES, in += LANES, out += 32 * LANES) {
		b3_x16(in, blocks, key, t, flags, start, end, out);
		t += LANES;
	}
	if (n > 0)
		mds_blake3_many_avx2(in, n, blocks, key, t, flags, start,
		    end, out);
}
#endif
