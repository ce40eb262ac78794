/*
 * aarch64/kernels.c: the aarch64 kernels CPU dispatch chooses from,
 * listed best first within a family: the first one the CPU has (by
 * AT_HWCAP) and MDSUM_CPU allows wins.  The levels: neon (Advanced SIMD,
 * which every aarch64 Linux has), crypto (the SHA1 and SHA2 instructions
 * of ARMv8.0's Cryptographic Extension), armv8.2 (its SHA512 and SHA3
 * instructions).
 */
#include "../mds_int.h"
#include "a64.h"

#if defined(__aarch64__)
const struct mds_kernel mds_arch_kernels[] = {
#if defined(__AARCH64EL__)
	/* Base A64, scalar: what every aarch64 CPU runs. */
	{ "md5", "md5-a64", MDS_LEVEL_NEON, 0, mds_md5_blocks_a64,
	    NULL, NULL, NULL },
	{ "keccak", "keccak-sha3", MDS_LEVEL_ARMV82,
	    MDS_CPU_SHA3A | MDS_CPU_NEON, NULL, mds_keccak_absorb_sha3,
	    NULL, NULL },
	{ "keccak", "keccak-a64", MDS_LEVEL_NEON, 0, NULL,
	    mds_keccak_absorb_a64, NULL, NULL },
#endif
};
const size_t mds_arch_nkernels =
    sizeof(mds_arch_kernels) / sizeof(mds_arch_kernels[0]);
#endif
