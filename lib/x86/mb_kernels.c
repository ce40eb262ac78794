/*
 * x86/mb_kernels.c: the x86-64 multi-buffer kernels, best first within a
 * family, as measured (BENCHMARKS.md); the first one the CPU has and
 * MDSUM_CPU allows wins.  On other architectures but aarch64 the table
 * is empty.
 */
#include "../mds_int.h"
#include "x86.h"

#if defined(__x86_64__)
const struct mds_mb_kernel mds_arch_mb_kernels[] = {
	/*
	 * Over all lanes busy, against the family's best single stream (TSC
	 * ticks per byte, 16 KiB per lane in cache, BENCHMARKS.md):
	 * md5 0.18 (x16) and 0.49 (x8) against 2.68; one busy lane is
	 * slower than one stream, two are faster.
	 */
	{ MDS_FAM_MD5, "md5-avx512-x16", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL, 16, 2, mds_md5_mb_avx512 },
	{ MDS_FAM_MD5, "md5-avx2-x8", MDS_LEVEL_AVX2, MDS_CPU_AVX2, 8, 2,
	    mds_md5_mb_avx2 },
	/*
	 * sha256 0.61 (x16) against 1.37 for sha256-shani: sha256rnds2 issues
	 * one per 2 ticks whatever the chains, so two SHA-NI lanes reach only
	 * 1.08.  Sixteen lanes beat one SHA-NI stream from 8 busy lanes on;
	 * below that the oldest message is finished alone.  Without SHA-NI
	 * the one stream is sha256-avx2 (4.64), which 3 lanes beat, so the
	 * 8 only costs such a CPU the tails of a run.
	 */
	{ MDS_FAM_SHA256, "sha256-avx512-x16", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL, 16, 8,
	    mds_sha256_mb_avx512 },
	{ MDS_FAM_SHA256, "sha256-shani-x2", MDS_LEVEL_SSE4,
	    MDS_CPU_SHA | MDS_CPU_SSE41 | MDS_CPU_SSSE3, 2, 2,
	    mds_sha256_mb_shani },
	/* sha512 0.81 (x8) and 2.08 (x4) against 2.78. */
	{ MDS_FAM_SHA512, "sha512-avx512-x8", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL | MDS_CPU_AVX2, 8, 3,
	    mds_sha512_mb_avx512 },
	{ MDS_FAM_SHA512, "sha512-avx2-x4", MDS_LEVEL_AVX2, MDS_CPU_AVX2, 4, 3,
	    mds_sha512_mb_avx2 },
	/* keccak (rate 136) 0.77 (x8) against 3.32; 1.96 (x4) against 3.94. */
	{ MDS_FAM_KECCAK, "keccak-avx512-x8", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL, 8, 2, mds_keccak_mb_avx512 },
	{ MDS_FAM_KECCAK, "keccak-avx2-x4", MDS_LEVEL_AVX2, MDS_CPU_AVX2, 4, 3,
	    mds_keccak_mb_avx2 },
	/*
	 * blake2b 0.70 (x8) and 1.66 (x4) against 2.6 for the portable C,
	 * the best one stream on Zen 5 (--bench, 16 KiB): two busy lanes
	 * of either are slower than one stream, three faster.
	 */
	{ MDS_FAM_BLAKE2B, "blake2b-avx512-x8", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL | MDS_CPU_AVX2, 8, 3,
	    mds_blake2b_mb_avx512 },
	{ MDS_FAM_BLAKE2B, "blake2b-avx2-x4", MDS_LEVEL_AVX2, MDS_CPU_AVX2,
	    4, 3,
	    mds_blake2b_mb_avx2 },
};
const size_t mds_arch_nmb_kernels =
    sizeof(mds_arch_mb_kernels) / sizeof(mds_arch_mb_kernels[0]);
#elif !defined(__aarch64__)
/* aarch64 has its own (aarch64/mb_kernels.c). */
const struct mds_mb_kernel mds_arch_mb_kernels[1];
const size_t mds_arch_nmb_kernels = 0;
#endif
