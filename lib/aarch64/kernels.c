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
	{ MDS_FAM_MD5, "md5-a64", MDS_LEVEL_NEON, 0, mds_md5_blocks_a64,
	    NULL, NULL, NULL, NULL, NULL },
#endif
	{ MDS_FAM_SHA1, "sha1-ce", MDS_LEVEL_CRYPTO,
	    MDS_CPU_SHA1A | MDS_CPU_NEON,
	    mds_sha1_blocks_ce, NULL, NULL, NULL, NULL, NULL },
	{ MDS_FAM_SHA256, "sha256-ce", MDS_LEVEL_CRYPTO,
	    MDS_CPU_SHA2A | MDS_CPU_NEON,
	    mds_sha256_blocks_ce, NULL, NULL, NULL, NULL, NULL },
	{ MDS_FAM_SHA512, "sha512-ce", MDS_LEVEL_ARMV82,
	    MDS_CPU_SHA512A | MDS_CPU_NEON,
	    mds_sha512_blocks_ce, NULL, NULL, NULL, NULL, NULL },
#if defined(__AARCH64EL__)
	/*
	 * Not measured (no aarch64 hardware here).  Published figures for
	 * OpenSSL's code of the same two designs (keccak1600-armv8.pl,
	 * SHA3-256): the SHA3 instructions win on Apple's cores (M1 3.5
	 * cycles/byte, against 4.4 for the scalar code on the A12) and lose
	 * on Cortex-X2 (11.3 against 6.1: one SHA3 instruction a cycle).
	 * tune.c times both where the work repays it.
	 */
	{ MDS_FAM_KECCAK, "keccak-sha3", MDS_LEVEL_ARMV82,
	    MDS_CPU_SHA3A | MDS_CPU_NEON, NULL, mds_keccak_absorb_sha3,
	    NULL, NULL, NULL, NULL },
	{ MDS_FAM_KECCAK, "keccak-a64", MDS_LEVEL_NEON, 0, NULL,
	    mds_keccak_absorb_a64, NULL, NULL, NULL, NULL },
	/* Single blocks (the last chunk, the root) by the portable code. */
	{ MDS_FAM_BLAKE3, "blake3-neon", MDS_LEVEL_NEON, MDS_CPU_NEON, NULL,
	    NULL, NULL, NULL, mds_blake3_compress_portable,
	    mds_blake3_many_neon },
#endif
};
const size_t mds_arch_nkernels =
    sizeof(mds_arch_kernels) / sizeof(mds_arch_kernels[0]);
#endif
