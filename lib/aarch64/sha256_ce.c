/*
 * aarch64/sha256_ce.c: SHA-256 block function with the SHA2 instructions
 * of the ARMv8 Cryptographic Extension.
 *
 * The state is two registers, A..D and E..H (A and E in lane 0).  Four
 * rounds are SHA256H (the new A..D) and SHA256H2 (the new E..H), both
 * from the old pair and the four words plus their constants.  Message
 * group i >= 4 (words 4i..4i+3) is SHA256SU1(SHA256SU0(m[i-4], m[i-3]),
 * m[i-2], m[i-1]).  SHA256H and SHA256H2 of a group read the same old
 * pair, so they may issue together: the 16 groups make a chain of 16
 * dependent SHA256H.  Per 64-byte block: 16 SHA256H and 16 SHA256H2
 * (and 16 register copies, as both overwrite an operand), 24 schedule
 * instructions, 16 additions of the constants (loaded two at a time),
 * 4 byte reversals of the message, 2 additions of the chaining value:
 * about 120 instructions, 1.9 a byte.  Reads exactly nblocks * 64 bytes.
 */
#if defined(__aarch64__)
#include "a64.h"

#include <arm_neon.h>

/* Four rounds: the words in w, their constants mds_sha256_k[4g..4g+3]. */
#define FOUR_ROUNDS(g, w) do {						\
	uint32x4_t kw = vaddq_u32((w), vld1q_u32(&mds_sha256_k[4 * (g)])); \
	uint32x4_t was = abcd;						\
	abcd = vsha256hq_u32(abcd, efgh, kw);				\
	efgh = vsha256h2q_u32(efgh, was, kw);				\
} while (0)

/* The next message group into w0, from w0..w3 (w0 the oldest). */
#define NEXT(w0, w1, w2, w3)						\
	(w0) = vsha256su1q_u32(vsha256su0q_u32((w0), (w1)), (w2), (w3))

MDS_A64_CRYPTO void
mds_sha256_blocks_ce(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32x4_t abcd, efgh, save0, save1, w0, w1, w2, w3;
	int g;

	abcd = vld1q_u32(&st->h.w32[0]);
	efgh = vld1q_u32(&st->h.w32[4]);
	while (nblocks-- > 0) {
		save0 = abcd;
		save1 = efgh;
		MDS_A64_LOAD_BE32X4(w0, w1, w2, w3, p);
		FOUR_ROUNDS(0, w0);
		FOUR_ROUNDS(1, w1);
		FOUR_ROUNDS(2, w2);
		FOUR_ROUNDS(3, w3);
		for (g = 4; g < 16; g += 4) {
			NEXT(w0, w1, w2, w3);
			FOUR_ROUNDS(g, w0);
			NEXT(w1, w2, w3, w0);
			FOUR_ROUNDS(g + 1, w1);
			NEXT(w2, w3, w0, w1);
			FOUR_ROUNDS(g + 2, w2);
			NEXT(w3, w0, w1, w2);
			FOUR_ROUNDS(g + 3, w3);
		}
		abcd = vaddq_u32(abcd, save0);
		efgh = vaddq_u32(efgh, save1);
		p += 64;
	}
	vst1q_u32(&st->h.w32[0], abcd);
	vst1q_u32(&st->h.w32[4], efgh);
}
#endif
