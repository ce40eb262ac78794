/*
 * aarch64/keccak_mb_neon.c: Keccak-f[1600] absorb for two independent
 * sponges with baseline NEON (Advanced SIMD), one sponge in each 64-bit
 * half of the registers, for CPUs without the SHA3 instructions.
 *
 * keccak_mb_sha3.c's code (keccak_a64.h) with each SHA3 instruction
 * spelt in NEON: EOR3 as two EOR, RAX1 as ADD (b + b is b << 1), SRI and
 * EOR, XAR as EOR, SHL and SRI (shift right and insert: the rotate's two
 * halves in two instructions), BCAX as BIC and EOR.  A round is 20 + 15
 * + 1 + 72 + 50 + 1 = 159 operations for two messages, 80 a message,
 * against about 100 scalar ones of keccak_a64.c: it pays where the
 * vector pipes run 128-bit operations at the rate of the integer ones
 * (two a cycle on Cortex-A72, A76 and Neoverse N1, against three integer
 * ALUs), that is with both lanes busy.
 *
 * Little-endian aarch64 only.  Reads exactly nblocks * rate bytes from
 * each busy lane; an idle lane (NULL) reads mds_zero_block.
 */
#if defined(__aarch64__) && defined(__AARCH64EL__)
#include "a64.h"

#define EOR3(a, b, c)	veorq_u64(veorq_u64(a, b), c)
#define RAX1(a, b)	veorq_u64(a, vsriq_n_u64(vaddq_u64(b, b), b, 63))
/* ROR names its operand twice: the compiler makes one EOR of the two. */
#define XAR(a, b, n)	ROR(veorq_u64(a, b), n)
#define ROR(x, n)	vsriq_n_u64(vshlq_n_u64(x, 64 - (n)), x, n)
#define BCAX(a, b, c)	veorq_u64(a, vbicq_u64(b, c))

#include "keccak_a64.h"

void
mds_keccak_mb_neon(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	KABSORB2(state, data, nblocks, rate);
}
#endif /* __aarch64__ && __AARCH64EL__ */
