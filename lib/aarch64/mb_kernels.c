/*
 * aarch64/mb_kernels.c: the aarch64 multi-buffer kernels, best first
 * within a family; the first one the CPU has and MDSUM_CPU allows wins.
 */
#include "../mds_int.h"
#include "a64.h"

#if defined(__aarch64__) && defined(__AARCH64EL__)
const struct mds_mb_kernel mds_arch_mb_kernels[] = {
	/*
	 * min_busy by reasoning, not measured (no aarch64 hardware here;
	 * the files' comments give the instruction counts): the md5 step's
	 * chain is 5 or 6 vector operations of 2 (Cortex-A76, Neoverse N1)
	 * or 3 (A72) cycles for four lanes against 4.5 one-cycle scalar
	 * ones for one: ahead from 3 busy lanes on an A72, 2 after.
	 */
	{ MDS_FAM_MD5, "md5-neon-x4", MDS_LEVEL_NEON, MDS_CPU_NEON, 4, 3,
	    mds_md5_mb_neon },
	/*
	 * sha256: 700 vector instructions a lane and block against 1861
	 * scalar ones of the portable C, on 2 vector pipes against 3
	 * integer ones: for CPUs without the SHA2 instructions (Raspberry
	 * Pi 3 and 4).  Where they exist one stream of sha256-ce is likely
	 * faster (OpenSSL gives 2.3 cycles/byte on Cortex-A57 for such
	 * code): dispatch.c takes no lanes of a lower level than the best
	 * single stream's, so there they serve only when pinned by name.
	 */
	{ MDS_FAM_SHA256, "sha256-neon-x4", MDS_LEVEL_NEON, MDS_CPU_NEON, 4, 2,
	    mds_sha256_mb_neon },
	/*
	 * keccak: keccak-sha3-x2 does two sponges in the instructions
	 * keccak-sha3 spends on one; keccak-neon-x2 two in 188 a round
	 * against 145 for one in keccak-a64: both pay only with both
	 * lanes busy.
	 */
	{ MDS_FAM_KECCAK, "keccak-sha3-x2", MDS_LEVEL_ARMV82,
	    MDS_CPU_SHA3A | MDS_CPU_NEON, 2, 2, mds_keccak_mb_sha3 },
	{ MDS_FAM_KECCAK, "keccak-neon-x2", MDS_LEVEL_NEON, MDS_CPU_NEON, 2, 2,
	    mds_keccak_mb_neon },
};
const size_t mds_arch_nmb_kernels =
    sizeof(mds_arch_mb_kernels) / sizeof(mds_arch_mb_kernels[0]);
#elif defined(__aarch64__)
/* Big-endian: the kernels load words as they lie, little-endian. */
const struct mds_mb_kernel mds_arch_mb_kernels[1];
const size_t mds_arch_nmb_kernels = 0;
#endif
