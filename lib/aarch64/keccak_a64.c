/*
 * aarch64/keccak_a64.c: the Keccak-f[1600] absorb loop in scalar A64
 * code, for CPUs without the SHA3 instructions (keccak_sha3.c).
 *
 * Scalar, not NEON: A64 has 31 general registers, a rotate (ROR), and
 * BIC (and-not) for chi, and folds a rotate into the second operand of
 * EOR and BIC (eor x, y, z, ror #n), so the 25 lanes, the five theta
 * values and a row live in registers and a round is about 100
 * instructions on three integer pipes (Cortex-A72, A76, Neoverse N1).
 * One sponge in NEON registers takes 159 operations a round
 * (keccak_mb_neon.c spends them on two sponges) on two vector pipes
 * whose simple operations have a latency of 2 to 3 cycles.  OpenSSL's
 * keccak1600-armv8.pl makes the same choice for ARMv8.0 and gives 7.2 to
 * 14 cycles a byte for its scalar code at rate 1088 bits.
 *
 * The round is keccak_round.h's, shared with x86/keccak_bmi.c: no lane
 * complementing (the portable C keeps six lanes inverted, which BIC makes
 * useless), each output row computed whole, its five lanes gathered along
 * the pi diagonal, theta'd and rotated, then chi across the row.
 *
 * Little-endian aarch64 only (the words are loaded as they lie).
 * Reads exactly nblocks * rate bytes.
 */
#if defined(__aarch64__) && defined(__AARCH64EL__)
#include <string.h>

#include "a64.h"
#include "../keccak_round.h"

/* Word j of the block into the lane, when the rate has it. */
#define IN(j) do {							\
	if ((j) < words) {						\
		memcpy(&w, p + 8 * (j), 8);				\
		s[j] ^= w;						\
	}								\
} while (0)

void
mds_keccak_absorb_a64(uint64_t a[25], const unsigned char *p,
    size_t nblocks, size_t rate)
{
	uint64_t s[25], e[25], w;
	size_t words = rate / 8;
	int i;

	/* Locals indexed by constants only: the compiler keeps them in registers. */
	for (i = 0; i < 25; i++)
		s[i] = a[i];
	while (nblocks-- > 0) {
		IN(0); IN(1); IN(2); IN(3); IN(4); IN(5); IN(6); IN(7); IN(8);
		IN(9); IN(10); IN(11); IN(12); IN(13); IN(14); IN(15);
		IN(16); IN(17); IN(18); IN(19); IN(20); IN(21); IN(22);
		IN(23); IN(24);
		for (i = 0; i < 24; i += 2) {
			ROUND(e, s, mds_keccak_rc[i]);
			ROUND(s, e, mds_keccak_rc[i + 1]);
		}
		p += rate;
	}
	for (i = 0; i < 25; i++)
		a[i] = s[i];
}
#endif /* __aarch64__ && __AARCH64EL__ */
