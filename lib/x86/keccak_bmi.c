/*
 * x86/keccak_bmi.c: the Keccak-f[1600] absorb loop in scalar code with
 * BMI1 andn (chi in two operations) and BMI2 rorx (rotates that keep
 * their source).
 *
 * Measured on the reference machine this beats SIMD without AVX-512:
 * keccak_avx2.c, four lanes a ymm register and 95 vector operations a
 * round on three vector ports, runs at 7.7 cycles/byte (0.77x this
 * kernel's speed in the same process; the AVX2 form of the two-lanes-
 * per-register design of keccak_avx512.c, 144 operations a round, ran at
 * 10.5), while the 130 scalar operations of a round spread over five
 * integer ports: 6.0 cycles/byte, against 7.8 for the same code without
 * BMI.
 * Each output row is computed whole, its five lanes gathered along the
 * pi diagonal, so only the row's lanes and the five theta values are live.
 *
 * Reads exactly nblocks * rate bytes.
 */
#if defined(__x86_64__)
#include "x86.h"
#include "../keccak_round.h"

#define BMI	__attribute__((target("bmi,bmi2")))

BMI void
mds_keccak_absorb_bmi(uint64_t a[25], const unsigned char *p,
    size_t nblocks, size_t rate)
{
	uint64_t e[25];
	size_t i, lanes = rate / 8;

	while (nblocks-- > 0) {
		for (i = 0; i < lanes; i++)
			a[i] ^= mds_load_le64(p + 8 * i);
		for (i = 0; i < 24; i += 2) {
			ROUND(e, a, mds_keccak_rc[i]);
			ROUND(a, e, mds_keccak_rc[i + 1]);
		}
		p += rate;
	}
}
#endif
