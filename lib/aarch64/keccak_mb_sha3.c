/*
 * aarch64/keccak_mb_sha3.c: Keccak-f[1600] absorb for two independent
 * sponges with the ARMv8.2 SHA3 instructions, one sponge in each 64-bit
 * half of the registers (word w of both in one register: the word-major
 * layout of struct mds_mb_kernel, loaded and stored as it lies).
 *
 * The round is keccak_sha3.c's (keccak_a64.h), instruction for
 * instruction: 66 vector operations a round for two messages instead of
 * one, so with two busy lanes it does twice the work of one stream in
 * the same instructions, and with one busy lane it is no slower than
 * keccak_sha3.c (the same code plus a zip per pair of words).
 *
 * Little-endian aarch64 only.  Reads exactly nblocks * rate bytes from
 * each busy lane; an idle lane (NULL) reads mds_zero_block.
 */
#if defined(__aarch64__) && defined(__AARCH64EL__)
#include "a64.h"

#define EOR3(a, b, c)	veor3q_u64(a, b, c)
#define RAX1(a, b)	vrax1q_u64(a, b)
#define XAR(a, b, n)	vxarq_u64(a, b, n)
#define BCAX(a, b, c)	vbcaxq_u64(a, b, c)

#include "keccak_a64.h"

MDS_A64_SHA3 void
mds_keccak_mb_sha3(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	KABSORB2(state, data, nblocks, rate);
}
#endif /* __aarch64__ && __AARCH64EL__ */
