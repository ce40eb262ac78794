/*
 * x86/kernels.c: the x86-64 kernels CPU dispatch chooses from.  Within a
 * family they are listed best first, as measured (BENCHMARKS.md): the
 * first one the CPU has and MDSUM_CPU allows wins.  On other
 * architectures but aarch64 the table is empty.
 */
#include "../mds_int.h"
#include "x86.h"
#include "blake3_x86.h"

#if defined(__x86_64__)
const struct mds_kernel mds_arch_kernels[] = {
	{ MDS_FAM_MD5, "md5-avx512", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL, mds_md5_blocks_avx512, NULL, NULL, NULL,
	    NULL, NULL },
	{ MDS_FAM_MD5, "md5-x86", MDS_LEVEL_SSE4, 0, mds_md5_blocks_x86,
	    NULL, NULL, NULL, NULL, NULL },
	{ MDS_FAM_SHA1, "sha1-shani", MDS_LEVEL_SSE4,
	    MDS_CPU_SHA | MDS_CPU_SSE41 | MDS_CPU_SSSE3,
	    mds_sha1_blocks_shani, NULL, NULL, NULL, NULL, NULL },
	{ MDS_FAM_SHA256, "sha256-shani", MDS_LEVEL_SSE4,
	    MDS_CPU_SHA | MDS_CPU_SSE41 | MDS_CPU_SSSE3,
	    mds_sha256_blocks_shani, NULL, NULL, NULL, NULL, NULL },
	{ MDS_FAM_SHA256, "sha256-avx2", MDS_LEVEL_AVX2,
	    MDS_CPU_AVX2 | MDS_CPU_BMI2,
	    mds_sha256_blocks_avx2, NULL, NULL, NULL, NULL, NULL },
	{ MDS_FAM_SHA512, "sha512-avx512", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL | MDS_CPU_AVX2 | MDS_CPU_BMI2,
	    mds_sha512_blocks_avx512, NULL, NULL, NULL, NULL, NULL },
	{ MDS_FAM_SHA512, "sha512-avx2", MDS_LEVEL_AVX2,
	    MDS_CPU_AVX2 | MDS_CPU_BMI2,
	    mds_sha512_blocks_avx2, NULL, NULL, NULL, NULL, NULL },
	{ MDS_FAM_KECCAK, "keccak-avx512", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL, NULL, mds_keccak_absorb_avx512, NULL, NULL,
	    NULL, NULL },
	{ MDS_FAM_KECCAK, "keccak-bmi", MDS_LEVEL_AVX2,
	    MDS_CPU_BMI1 | MDS_CPU_BMI2,
	    NULL, mds_keccak_absorb_bmi, NULL, NULL, NULL, NULL },
	{ MDS_FAM_KECCAK, "keccak-avx2", MDS_LEVEL_AVX2, MDS_CPU_AVX2,
	    NULL, mds_keccak_absorb_avx2, NULL, NULL, NULL, NULL },
	/* Both lose to the portable C on Zen 5 (blake2b_x86.h); tune.c sees it. */
	{ MDS_FAM_BLAKE2B, "blake2b-avx512", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL,
	    NULL, NULL, mds_blake2b_compress_avx512, NULL, NULL, NULL },
	{ MDS_FAM_BLAKE2B, "blake2b-avx2", MDS_LEVEL_AVX2, MDS_CPU_AVX2,
	    NULL, NULL, mds_blake2b_compress_avx2, NULL, NULL, NULL },
	/*
	 * The wide ones hash single blocks with blake3-sse41's code.  Their
	 * batches of sixteen whole chunks, in memory, on the build machine
	 * (AMD EPYC, Zen 5 class; one core, TSC cycles at 2.1 GHz, gcc 12):
	 * avx512 0.23 cycles/byte, avx2 0.63, sse41 1.24, the portable loop
	 * 4.8.  clang 14's code is 7 to 15% faster.
	 */
	{ MDS_FAM_BLAKE3, "blake3-avx512", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL | MDS_CPU_AVX2 |
	    MDS_CPU_SSE41 | MDS_CPU_SSSE3, NULL, NULL, NULL, NULL,
	    mds_blake3_compress_sse41, mds_blake3_many_avx512 },
	{ MDS_FAM_BLAKE3, "blake3-avx2", MDS_LEVEL_AVX2,
	    MDS_CPU_AVX2 | MDS_CPU_SSE41 | MDS_CPU_SSSE3, NULL, NULL, NULL,
	    NULL, mds_blake3_compress_sse41, mds_blake3_many_avx2 },
	{ MDS_FAM_BLAKE3, "blake3-sse41", MDS_LEVEL_SSE4,
	    MDS_CPU_SSE41 | MDS_CPU_SSSE3, NULL, NULL, NULL, NULL,
	    mds_blake3_compress_sse41, mds_blake3_many_sse41 },
	{ MDS_FAM_CRC, "crc-vpclmul", MDS_LEVEL_AVX512,
	    MDS_CPU_VPCLMUL | MDS_CPU_AVX512F | MDS_CPU_AVX512BW |
	    MDS_CPU_AVX512VL | MDS_CPU_PCLMUL | MDS_CPU_SSE41 | MDS_CPU_SSSE3,
	    NULL, NULL, NULL, mds_crc_update_vpclmul, NULL, NULL },
	{ MDS_FAM_CRC, "crc-pclmul", MDS_LEVEL_SSE4,
	    MDS_CPU_PCLMUL | MDS_CPU_SSE41 | MDS_CPU_SSSE3,
	    NULL, NULL, NULL, mds_crc_update_pclmul, NULL, NULL },
	{ MDS_FAM_CRC32B, "crc32b-vpclmul", MDS_LEVEL_AVX512,
	    MDS_CPU_VPCLMUL | MDS_CPU_AVX512F | MDS_CPU_AVX512BW |
	    MDS_CPU_AVX512VL | MDS_CPU_PCLMUL | MDS_CPU_SSE41 | MDS_CPU_SSSE3,
	    NULL, NULL, NULL, mds_crc32b_update_vpclmul, NULL, NULL },
	{ MDS_FAM_CRC32B, "crc32b-pclmul", MDS_LEVEL_SSE4,
	    MDS_CPU_PCLMUL | MDS_CPU_SSE41 | MDS_CPU_SSSE3,
	    NULL, NULL, NULL, mds_crc32b_update_pclmul, NULL, NULL },
	{ MDS_FAM_SYSV, "sysv-avx2", MDS_LEVEL_AVX2, MDS_CPU_AVX2,
	    NULL, NULL, NULL, mds_sysv_update_avx2, NULL, NULL },
};
const size_t mds_arch_nkernels =
    sizeof(mds_arch_kernels) / sizeof(mds_arch_kernels[0]);
#elif !defined(__aarch64__)
/* aarch64 has its own (aarch64/kernels.c). */
const struct mds_kernel mds_arch_kernels[1];
const size_t mds_arch_nkernels = 0;
#endif
