/*
 * aarch64/sha1_ce.c: SHA-1 block function with the SHA1 instructions of
 * the ARMv8 Cryptographic Extension.
 *
 * SHA1C, SHA1P and SHA1M each do four rounds (choose, parity, majority)
 * on A..D held in one register (A in lane 0), with E as a scalar; SHA1H
 * gives the next four rounds' E (A rotated by 30).  Message group i >= 4
 * (words 4i..4i+3) is SHA1SU1(SHA1SU0(m[i-4], m[i-3], m[i-2]), m[i-1]).
 * Per 64-byte block: 20 four-round instructions and 20 SHA1H (off the
 * chain: it reads A before the group), 32 schedule instructions (16
 * each of SHA1SU0 and SHA1SU1), 20 additions of the constants, 2 loads
 * and 4 byte reversals of the message, 2 additions of the chaining
 * value: about 100 instructions, 1.6 a byte.  Reads exactly
 * nblocks * 64 bytes.
 */
#if defined(__aarch64__)
#include "a64.h"

#include <arm_neon.h>

/* The next message group into m0, from m0..m3 (m0 the oldest). */
#define NEXT(m0, m1, m2, m3)						\
	(m0) = vsha1su1q_u32(vsha1su0q_u32((m0), (m1), (m2)), (m3))

/* Four rounds with message group m, constant k and function op. */
#define GROUP(op, m, k) do {						\
	uint32_t en = vsha1h_u32(vgetq_lane_u32(abcd, 0));		\
	abcd = op(abcd, e, vaddq_u32((m), (k)));			\
	e = en;								\
} while (0)

/*
 * Group g (rounds 4g..4g+3) on m0, made first from m0..m3 for g >= 4;
 * its function and constant by twenties of rounds.  g is a constant
 * expression in every use, so the choices fold away.
 */
#define STEP(g, m0, m1, m2, m3) do {					\
	if ((g) >= 4)							\
		NEXT(m0, m1, m2, m3);					\
	if ((g) < 5)							\
		GROUP(vsha1cq_u32, m0, k0);				\
	else if ((g) < 10)						\
		GROUP(vsha1pq_u32, m0, k1);				\
	else if ((g) < 15)						\
		GROUP(vsha1mq_u32, m0, k2);				\
	else								\
		GROUP(vsha1pq_u32, m0, k3);				\
} while (0)

/* Groups g to g + 3, the message groups m0..m3 taken in turn. */
#define FOUR(g) do {							\
	STEP(g, m0, m1, m2, m3);					\
	STEP((g) + 1, m1, m2, m3, m0);					\
	STEP((g) + 2, m2, m3, m0, m1);					\
	STEP((g) + 3, m3, m0, m1, m2);					\
} while (0)

MDS_A64_CRYPTO void
mds_sha1_blocks_ce(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	const uint32x4_t k0 = vdupq_n_u32(0x5a827999);
	const uint32x4_t k1 = vdupq_n_u32(0x6ed9eba1);
	const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdc);
	const uint32x4_t k3 = vdupq_n_u32(0xca62c1d6);
	uint32x4_t abcd, save, m0, m1, m2, m3;
	uint32_t e, save_e;

	abcd = vld1q_u32(&st->h.w32[0]);
	e = st->h.w32[4];
	while (nblocks-- > 0) {
		save = abcd;
		save_e = e;
		MDS_A64_LOAD_BE32X4(m0, m1, m2, m3, p);

		FOUR(0);
		FOUR(4);
		FOUR(8);
		FOUR(12);
		FOUR(16);

		abcd = vaddq_u32(abcd, save);
		e += save_e;
		p += 64;
	}
	vst1q_u32(&st->h.w32[0], abcd);
	st->h.w32[4] = e;
}
#endif
