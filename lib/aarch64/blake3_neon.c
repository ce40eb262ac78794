/*
 * aarch64/blake3_neon.c: BLAKE3's batch (b3_many) with NEON, four inputs
 * at a time, word-sliced: each register holds one word of the four work
 * vectors, an input a 32-bit lane, and blake3_sliced.h's rounds run on
 * them.  The state and the message take the 32 registers, and TBL's
 * byte table one more: gcc reloads some message words from the stack.
 *
 * The rotations: by 16, REV32 on halfwords; by 8, TBL; by 12 and 7, SHL
 * and SRI (shift right and insert).  Each 16-byte quarter of the four
 * inputs' blocks is a 4x4 transpose, TRN1 and TRN2 on words then on
 * doublewords; the chaining values go back through the same transpose.
 * The inputs left over (n mod 4) go through the portable loop, and the
 * single blocks through the portable compression function (its row's
 * b3_compress).
 *
 * Not measured (no aarch64 hardware here).  Little-endian aarch64 only.
 * Reads exactly blocks * 64 bytes of each input.
 */
#if defined(__aarch64__) && defined(__AARCH64EL__)
#include "a64.h"

#include <arm_neon.h>

#include "../blake3_sliced.h"

#define LANES	4

#define B3_ADD(x, y)	vaddq_u32(x, y)
#define B3_KEEP(x)	__asm__("" : "+w"(x))
#define B3_XOR(x, y)	veorq_u32(x, y)
#define B3_ROR16(x)	vreinterpretq_u32_u16(vrev32q_u16(		\
			    vreinterpretq_u16_u32(x)))
#define B3_ROR8(x)	vreinterpretq_u32_u8(vqtbl1q_u8(		\
			    vreinterpretq_u8_u32(x), rot8))
#define B3_ROR12(x)	vsriq_n_u32(vshlq_n_u32(x, 20), x, 12)
#define B3_ROR7(x)	vsriq_n_u32(vshlq_n_u32(x, 25), x, 7)

/* Rows r0 .. r3 transposed in place: r_i's word j to r_j's word i. */
#define TRANSPOSE4(r0, r1, r2, r3) do {					\
	uint64x2_t t0_ = vreinterpretq_u64_u32(vtrn1q_u32(r0, r1));	\
	uint64x2_t t1_ = vreinterpretq_u64_u32(vtrn2q_u32(r0, r1));	\
	uint64x2_t t2_ = vreinterpretq_u64_u32(vtrn1q_u32(r2, r3));	\
	uint64x2_t t3_ = vreinterpretq_u64_u32(vtrn2q_u32(r2, r3));	\
									\
	(r0) = vreinterpretq_u32_u64(vtrn1q_u64(t0_, t2_));		\
	(r1) = vreinterpretq_u32_u64(vtrn1q_u64(t1_, t3_));		\
	(r2) = vreinterpretq_u32_u64(vtrn2q_u64(t0_, t2_));		\
	(r3) = vreinterpretq_u32_u64(vtrn2q_u64(t1_, t3_));		\
} while (0)

#define LOAD(p)		vreinterpretq_u32_u8(vld1q_u8(p))
#define STORE(p, x)	vst1q_u8(p, vreinterpretq_u8_u32(x))

/* TBL's byte order that turns each word right by 8. */
static const unsigned char rot8_bytes[16] = {
	1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12
};

static void	b3_x4(const unsigned char *const *, size_t, const uint32_t[8],
		    const uint64_t *, uint32_t, uint32_t, uint32_t,
		    unsigned char *);

/* Four inputs side by side. */
static void
b3_x4(const unsigned char *const *in, size_t blocks, const uint32_t key[8],
    const uint64_t *t, uint32_t flags, uint32_t start, uint32_t end,
    unsigned char *out)
{
	const uint8x16_t rot8 = vld1q_u8(rot8_bytes);
	uint32_t lo[LANES], hi[LANES];
	uint32x4_t h[8], m[16], tlo, thi;
	uint32x4_t v0, v1, v2, v3, v4, v5, v6, v7;
	uint32x4_t v8, v9, v10, v11, v12, v13, v14, v15;
	size_t i, o;
	int w;

	for (i = 0; i < LANES; i++) {
		lo[i] = (uint32_t)t[i];
		hi[i] = (uint32_t)(t[i] >> 32);
	}
	tlo = vld1q_u32(lo);
	thi = vld1q_u32(hi);
	for (w = 0; w < 8; w++)
		h[w] = vdupq_n_u32(key[w]);
	for (i = 0, o = 0; i < blocks; i++, o += 64) {
		for (w = 0; w < 16; w += 4) {
			m[w] = LOAD(in[0] + o + 4 * w);
			m[w + 1] = LOAD(in[1] + o + 4 * w);
			m[w + 2] = LOAD(in[2] + o + 4 * w);
			m[w + 3] = LOAD(in[3] + o + 4 * w);
			TRANSPOSE4(m[w], m[w + 1], m[w + 2], m[w + 3]);
		}
		v0 = h[0]; v1 = h[1]; v2 = h[2]; v3 = h[3];
		v4 = h[4]; v5 = h[5]; v6 = h[6]; v7 = h[7];
		v8 = vdupq_n_u32(B3_IV0);
		v9 = vdupq_n_u32(B3_IV1);
		v10 = vdupq_n_u32(B3_IV2);
		v11 = vdupq_n_u32(B3_IV3);
		v12 = tlo;
		v13 = thi;
		v14 = vdupq_n_u32(64);
		v15 = vdupq_n_u32(B3_FLAGS(i, blocks, flags, start, end));
		B3_ROUNDS(m);
		h[0] = B3_XOR(v0, v8); h[1] = B3_XOR(v1, v9);
		h[2] = B3_XOR(v2, v10); h[3] = B3_XOR(v3, v11);
		h[4] = B3_XOR(v4, v12); h[5] = B3_XOR(v5, v13);
		h[6] = B3_XOR(v6, v14); h[7] = B3_XOR(v7, v15);
	}
	/* Words 0-3 of each input, then 4-7: 32 bytes an input. */
	TRANSPOSE4(h[0], h[1], h[2], h[3]);
	TRANSPOSE4(h[4], h[5], h[6], h[7]);
	for (w = 0; w < LANES; w++) {
		STORE(out + 32 * w, h[w]);
		STORE(out + 32 * w + 16, h[w + 4]);
	}
}

void
mds_blake3_many_neon(const unsigned char *const *in, size_t n,
    size_t blocks, const uint32_t key[8], const uint64_t *t,
    uint32_t flags, uint32_t start, uint32_t end, unsigned char *out)
{
	for (; n >= LANES; n -= LANES, in += LANES, out += 32 * LANES) {
		b3_x4(in, blocks, key, t, flags, start, end, out);
		t += LANES;
	}
	if (n > 0)
		mds_blake3_many_portable(in, n, blocks, key, t, flags,
		    start, end, out);
}
#endif
