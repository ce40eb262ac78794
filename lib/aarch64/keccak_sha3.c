/*
 * aarch64/keccak_sha3.c: the Keccak-f[1600] absorb loop with the ARMv8.2
 * SHA3 instructions: EOR3 for the column parities, RAX1 for theta's d,
 * XAR for theta and rho together, BCAX for chi (keccak_a64.h).
 *
 * One lane of the state a register, in its low half: 25 of the 32 vector
 * registers, so the state stays in registers across the blocks and the
 * five rows of a round need only the five d values and five lanes of a
 * row besides.  Two lanes a register (one state in 13 registers) would
 * halve the operations only if the lanes of a register moved together,
 * which pi's permutation does not allow without a shuffle per lane; the
 * upper halves are instead free for a second sponge, which is
 * keccak_mb_sha3.c: the same instructions hash two messages there.  Here
 * the upper halves compute a copy of the lower ones (the loads
 * duplicate), unused.
 *
 * 66 vector instructions a round (10 EOR3, 5 RAX1, 24 XAR, 25 BCAX, 2
 * EOR), against about 100 scalar ones of keccak_a64.c.
 *
 * Little-endian aarch64 only (the words are loaded as they lie).
 * Reads exactly nblocks * rate bytes.
 */
#if defined(__aarch64__) && defined(__AARCH64EL__)
#include <string.h>

#include "a64.h"

#define EOR3(a, b, c)	veor3q_u64(a, b, c)
#define RAX1(a, b)	vrax1q_u64(a, b)
#define XAR(a, b, n)	vxarq_u64(a, b, n)
#define BCAX(a, b, c)	vbcaxq_u64(a, b, c)

#include "keccak_a64.h"

#define RC(i)	vdupq_n_u64(mds_keccak_rc[i])

/* Word j of the block into the lane, when the rate has it. */
#define IN(j) do {							\
	if ((j) < words) {						\
		memcpy(&w, p + 8 * (j), 8);				\
		a[j] = veorq_u64(a[j], vdupq_n_u64(w));			\
	}								\
} while (0)

MDS_A64_SHA3 void
mds_keccak_absorb_sha3(uint64_t s[25], const unsigned char *p,
    size_t nblocks, size_t rate)
{
	uint64x2_t a[25], e[25];
	uint64_t w;
	size_t words = rate / 8;
	int j;

	for (j = 0; j < 25; j++)
		a[j] = vdupq_n_u64(s[j]);
	while (nblocks-- > 0) {
		IN(0); IN(1); IN(2); IN(3); IN(4); IN(5); IN(6); IN(7); IN(8);
		IN(9); IN(10); IN(11); IN(12); IN(13); IN(14); IN(15);
		IN(16); IN(17); IN(18); IN(19); IN(20); IN(21); IN(22);
		IN(23); IN(24);
		KROUNDS(a, e, RC);
		p += rate;
	}
	for (j = 0; j < 25; j++)
		s[j] = vgetq_lane_u64(a[j], 0);
}
#endif /* __aarch64__ && __AARCH64EL__ */
