/*
 * aarch64/sha256_mb_neon.c: SHA-256 of four messages side by side, one
 * per 32-bit lane of the NEON registers, for CPUs without the SHA2
 * instructions (sha256_ce.c is faster where they exist: the Cortex-A53
 * and A72 of the Raspberry Pi 3 and 4 have none, as their Broadcom SoCs
 * leave the Cryptographic Extension out).
 *
 * Word w of the chaining values of the four lanes is one register, the
 * word-major layout the caller keeps, loaded and stored as it lies.
 * Each lane's block is loaded in four quarters and transposed (TRN1/TRN2
 * on words, then on doublewords) and byte-swapped (REV32) into one
 * register per message word.  A rotate is SHL and SRI (shift right and
 * insert), so a Sigma is 6 shifts and 2 EOR; Ch is one BSL (e selects f
 * or g), Maj one BSL of c or b by a ^ b.  A round is about 26
 * operations and a schedule word 17, for four messages: some 620 a lane
 * and block, against about 1700 scalar instructions for one message in
 * the portable C (A64's EOR with a rotated operand makes a Sigma 3).
 * Two vector pipes against three integer ones (Cortex-A72, A76,
 * Neoverse N1): it pays from two busy lanes (not measured: no aarch64
 * hardware here).
 *
 * An idle lane (NULL) hashes mds_zero_block over and over.  Little-endian
 * aarch64 only.  Reads exactly nblocks * 64 bytes of each busy lane.
 */
#if defined(__aarch64__) && defined(__AARCH64EL__)
#include "a64.h"

#include <arm_neon.h>

#include "../mb_lane.h"
#include "../sha256_mb.h"

#define LANES	4

#define ROR(x, n)	vsriq_n_u32(vshlq_n_u32(x, 32 - (n)), x, n)
#define XOR3(x, y, z)	veorq_u32(veorq_u32(x, y), z)
#define ADD(x, y)	vaddq_u32(x, y)

#define BSIG0(x)	XOR3(ROR(x, 2), ROR(x, 13), ROR(x, 22))
#define BSIG1(x)	XOR3(ROR(x, 6), ROR(x, 11), ROR(x, 25))
#define SSIG0(x)	XOR3(ROR(x, 7), ROR(x, 18), vshrq_n_u32(x, 3))
#define SSIG1(x)	XOR3(ROR(x, 17), ROR(x, 19), vshrq_n_u32(x, 10))
#define CH(e, f, g)	vbslq_u32(e, f, g)
#define MAJ(a, b, c)	vbslq_u32(veorq_u32(a, b), c, b)

/* Round t with the word in wt; d and h take the new values. */
#define ROUND(a, b, c, d, e, f, g, h, t, wt) do {			\
	uint32x4_t t1_ = ADD(ADD(ADD(h, wt),				\
	    vdupq_n_u32(mds_sha256_k[t])), ADD(BSIG1(e), CH(e, f, g)));	\
	(d) = ADD(d, t1_);						\
	(h) = ADD(t1_, ADD(BSIG0(a), MAJ(a, b, c)));			\
} while (0)

/* Big-endian words 4q .. 4q+3 of the four lanes' blocks into w. */
#define QUARTER(q) do {							\
	uint32x4_t r0_ = vreinterpretq_u32_u8(vrev32q_u8(		\
	    vld1q_u8(p[0] + 16 * (q))));				\
	uint32x4_t r1_ = vreinterpretq_u32_u8(vrev32q_u8(		\
	    vld1q_u8(p[1] + 16 * (q))));				\
	uint32x4_t r2_ = vreinterpretq_u32_u8(vrev32q_u8(		\
	    vld1q_u8(p[2] + 16 * (q))));				\
	uint32x4_t r3_ = vreinterpretq_u32_u8(vrev32q_u8(		\
	    vld1q_u8(p[3] + 16 * (q))));				\
	uint64x2_t t0_ = vreinterpretq_u64_u32(vtrn1q_u32(r0_, r1_));	\
	uint64x2_t t1_ = vreinterpretq_u64_u32(vtrn2q_u32(r0_, r1_));	\
	uint64x2_t t2_ = vreinterpretq_u64_u32(vtrn1q_u32(r2_, r3_));	\
	uint64x2_t t3_ = vreinterpretq_u64_u32(vtrn2q_u32(r2_, r3_));	\
									\
	w[4 * (q)] = vreinterpretq_u32_u64(vtrn1q_u64(t0_, t2_));	\
	w[4 * (q) + 1] = vreinterpretq_u32_u64(vtrn1q_u64(t1_, t3_));	\
	w[4 * (q) + 2] = vreinterpretq_u32_u64(vtrn2q_u64(t0_, t2_));	\
	w[4 * (q) + 3] = vreinterpretq_u32_u64(vtrn2q_u64(t1_, t3_));	\
} while (0)

void
mds_sha256_mb_neon(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint32_t *st = state;
	const unsigned char *p[LANES];
	size_t inc[LANES];
	uint32x4_t a, b, c, d, e, f, g, h, w[16];
	int l;

	(void)rate;
	MB_LANE_START(l, p, inc, data, LANES, 64);
	while (nblocks-- > 0) {
		QUARTER(0);
		QUARTER(1);
		QUARTER(2);
		QUARTER(3);
		a = vld1q_u32(st);
		b = vld1q_u32(st + LANES);
		c = vld1q_u32(st + 2 * LANES);
		d = vld1q_u32(st + 3 * LANES);
		e = vld1q_u32(st + 4 * LANES);
		f = vld1q_u32(st + 5 * LANES);
		g = vld1q_u32(st + 6 * LANES);
		h = vld1q_u32(st + 7 * LANES);
		SIXTEEN(0);
		SIXTEEN(16);
		SIXTEEN(32);
		SIXTEEN(48);
		/* The feed-forward through memory: the state is 8 registers. */
		vst1q_u32(st, ADD(a, vld1q_u32(st)));
		vst1q_u32(st + LANES, ADD(b, vld1q_u32(st + LANES)));
		vst1q_u32(st + 2 * LANES, ADD(c, vld1q_u32(st + 2 * LANES)));
		vst1q_u32(st + 3 * LANES, ADD(d, vld1q_u32(st + 3 * LANES)));
		vst1q_u32(st + 4 * LANES, ADD(e, vld1q_u32(st + 4 * LANES)));
		vst1q_u32(st + 5 * LANES, ADD(f, vld1q_u32(st + 5 * LANES)));
		vst1q_u32(st + 6 * LANES, ADD(g, vld1q_u32(st + 6 * LANES)));
		vst1q_u32(st + 7 * LANES, ADD(h, vld1q_u32(st + 7 * LANES)));
		MB_LANE_NEXT(l, p, inc, LANES);
	}
}
#endif /* __aarch64__ && __AARCH64EL__ */
