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
	{ "sha1", "sha1-ce", MDS_LEVEL_CRYPTO, MDS_CPU_SHA1A | MDS_CPU_NEON,
	    mds_sha1_blocks_ce, NULL, NULL, NULL },
	{ "sha256", "sha256-ce", MDS_LEVEL_CRYPTO, MDS_CPU_SHA2A | MDS_CPU_NEON,
	    mds_sha256_blocks_ce, NULL, NULL, NULL },
	{ "sha512", "sha512-ce", MDS_LEVEL_ARMV82,
	    MDS_CPU_SHA512A | MDS_CPU_NEON,
	    mds_sha512_blocks_ce, NULL, NULL, NULL },
};
const size_t mds_arch_nkernels =
    sizeof(mds_arch_kernels) / sizeof(mds_arch_kernels[0]);
#endif
