/*
 * x86/mb_kernels.c: the x86-64 multi-buffer kernels, best first within a
 * family, as measured (BENCHMARKS.md); the first one the CPU has and
 * MDSUM_CPU allows wins.  On other architectures the table is empty.
 */
#include "../mds_int.h"
#include "x86.h"

#if defined(__x86_64__)
const struct mds_mb_kernel mds_arch_mb_kernels[] = {
	/*
	 * md5: 0.18 and 0.49 TSC cycles/byte over all lanes against 2.68 for
	 * md5-avx512; one busy lane is slower than md5-avx512, two faster.
	 */
	{ "md5", "md5-avx512-x16", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL, 16, 2, mds_md5_mb_avx512 },
	{ "md5", "md5-avx2-x8", MDS_LEVEL_AVX2, MDS_CPU_AVX2, 8, 2,
	    mds_md5_mb_avx2 },
	{ "sha512", "sha512-avx512-x8", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL | MDS_CPU_AVX2, 8, 3,
	    mds_sha512_mb_avx512 },
	{ "sha512", "sha512-avx2-x4", MDS_LEVEL_AVX2, MDS_CPU_AVX2, 4, 3,
	    mds_sha512_mb_avx2 },
	{ "keccak", "keccak-avx512-x8", MDS_LEVEL_AVX512,
	    MDS_CPU_AVX512F | MDS_CPU_AVX512VL, 8, 2, mds_keccak_mb_avx512 },
	{ "keccak", "keccak-avx2-x4", MDS_LEVEL_AVX2, MDS_CPU_AVX2, 4, 3,
	    mds_keccak_mb_avx2 },
};
const size_t mds_arch_nmb_kernels =
    sizeof(mds_arch_mb_kernels) / sizeof(mds_arch_mb_kernels[0]);
#else
const struct mds_mb_kernel mds_arch_mb_kernels[1];
const size_t mds_arch_nmb_kernels = 0;
#endif
