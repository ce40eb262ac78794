/*
 * x86/mb_kernels.c: the x86-64 multi-buffer kernels, best first within a
 * family, as measured (BENCHMARKS.md); the first one the CPU has and
 * MDSUM_CPU allows wins.  On other architectures the table is empty.
 */
#include "../mds_int.h"
#include "x86.h"

#if defined(__x86_64__)
const struct mds_mb_kernel mds_arch_mb_kernels[] = {
	{ "sha256", "sha256-shani-x2", MDS_LEVEL_SSE4,
	    MDS_CPU_SHA | MDS_CPU_SSE41 | MDS_CPU_SSSE3, 2, 2,
	    mds_sha256_mb_shani },
	{ "sha256", "sha256-avx512-x16", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL, 16, 3,
	    mds_sha256_mb_avx512 },
};
const size_t mds_arch_nmb_kernels =
    sizeof(mds_arch_mb_kernels) / sizeof(mds_arch_mb_kernels[0]);
#else
const struct mds_mb_kernel mds_arch_mb_kernels[1];
const size_t mds_arch_nmb_kernels = 0;
#endif
