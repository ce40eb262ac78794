/*
 * aarch64/md5_mb_neon.c: MD5 of four messages side by side, one per
 * 32-bit lane of the NEON registers.
 *
 * NEON has what the steps need in few operations: BSL (bitwise select)
 * is F, (b & c) | (~b & d), in one, and G, (d & b) | (~d & c), in one;
 * H is one EOR after b (c ^ d made before); I is ORN and EOR.  The rotate
 * is SHL and SRI (shift right and insert), or REV32 on halfwords for 16.
 * x + t goes into a before f.  So 7 or 8 operations a step for four
 * messages, against 8 and a load for one in md5_a64.c: the catch is the
 * latency of the chain, 5 or 6 vector operations from b to b, which take
 * 2 cycles each on Cortex-A76, Neoverse N1 and later cores and 3 on
 * Cortex-A57/A72, against 4 or 5 one-cycle operations for the scalar
 * step.  Four messages a step in 10 to 18 cycles against one in 4.5: it
 * pays from two busy lanes on the newer cores and from three on the
 * A72 (not measured: no aarch64 hardware here).
 *
 * The message words of a block: each lane's block in four 16-byte
 * quarters, a quarter of the four lanes transposed by TRN1/TRN2 on words
 * and on doublewords into words 4q .. 4q+3 across the lanes.  An idle
 * lane (data[l] == NULL) reads mds_zero_block again for every block.
 *
 * Little-endian aarch64 only.  Reads exactly nblocks * 64 bytes of each
 * busy lane.
 */
#if defined(__aarch64__) && defined(__AARCH64EL__)
#include "a64.h"

#include <arm_neon.h>

#include "../md5_steps.h"
#include "../mb_lane.h"

#define LANES	4

/* x <<< s, 0 < s < 32. */
#define ROTL(x, s)	((s) == 16 ? vreinterpretq_u32_u16(vrev32q_u16(	\
			    vreinterpretq_u16_u32(x))) :		\
			    vsriq_n_u32(vshlq_n_u32(x, s), x, 32 - (s)))

#define F_(b, c, d)	vbslq_u32(b, c, d)
#define G_(b, c, d)	vbslq_u32(d, b, c)
#define H_(b, c, d)	veorq_u32(b, veorq_u32(c, d))
#define I_(b, c, d)	veorq_u32(c, vornq_u32(b, d))

#define STEP(f, a, b, c, d, k, i, s) do {				\
	(a) = vaddq_u32(a, vaddq_u32(x[k], vdupq_n_u32(mds_md5_t[i])));	\
	(a) = vaddq_u32(a, f##_(b, c, d));				\
	(a) = vaddq_u32(ROTL(a, s), b);					\
} while (0)

/* Words 4q .. 4q+3 of the four lanes' blocks into x. */
#define QUARTER(q) do {							\
	uint32x4_t r0_ = vreinterpretq_u32_u8(vld1q_u8(p[0] + 16 * (q)));	\
	uint32x4_t r1_ = vreinterpretq_u32_u8(vld1q_u8(p[1] + 16 * (q)));	\
	uint32x4_t r2_ = vreinterpretq_u32_u8(vld1q_u8(p[2] + 16 * (q)));	\
	uint32x4_t r3_ = vreinterpretq_u32_u8(vld1q_u8(p[3] + 16 * (q)));	\
	uint64x2_t t0_ = vreinterpretq_u64_u32(vtrn1q_u32(r0_, r1_));	\
	uint64x2_t t1_ = vreinterpretq_u64_u32(vtrn2q_u32(r0_, r1_));	\
	uint64x2_t t2_ = vreinterpretq_u64_u32(vtrn1q_u32(r2_, r3_));	\
	uint64x2_t t3_ = vreinterpretq_u64_u32(vtrn2q_u32(r2_, r3_));	\
									\
	x[4 * (q)] = vreinterpretq_u32_u64(vtrn1q_u64(t0_, t2_));	\
	x[4 * (q) + 1] = vreinterpretq_u32_u64(vtrn1q_u64(t1_, t3_));	\
	x[4 * (q) + 2] = vreinterpretq_u32_u64(vtrn2q_u64(t0_, t2_));	\
	x[4 * (q) + 3] = vreinterpretq_u32_u64(vtrn2q_u64(t1_, t3_));	\
} while (0)

void
mds_md5_mb_neon(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint32_t *st = state;
	const unsigned char *p[LANES];
	size_t inc[LANES];
	uint32x4_t a, b, c, d, aa, bb, cc, dd, x[16];
	int l;

	(void)rate;
	MB_LANE_START(l, p, inc, data, LANES, 64);
	a = vld1q_u32(st);
	b = vld1q_u32(st + LANES);
	c = vld1q_u32(st + 2 * LANES);
	d = vld1q_u32(st + 3 * LANES);
	while (nblocks-- > 0) {
		QUARTER(0);
		QUARTER(1);
		QUARTER(2);
		QUARTER(3);
		aa = a;
		bb = b;
		cc = c;
		dd = d;
		MD5_STEPS(STEP);
		a = vaddq_u32(a, aa);
		b = vaddq_u32(b, bb);
		c = vaddq_u32(c, cc);
		d = vaddq_u32(d, dd);
		MB_LANE_NEXT(l, p, inc, LANES);
	}
	vst1q_u32(st, a);
	vst1q_u32(st + LANES, b);
	vst1q_u32(st + 2 * LANES, c);
	vst1q_u32(st + 3 * LANES, d);
}
#endif /* __aarch64__ && __AARCH64EL__ */
