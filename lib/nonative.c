/*
 * nonative.c: stands in for backend_native.c and the kernel tables in a
 * WITHOUT_ASM=yes build: the native backend is listed but not built, and
 * every path is the portable C.
 */
#include "mds_int.h"

const struct mds_backend mds_backend_native = { "native", 0, NULL, 0 };
const struct mds_kernel mds_arch_kernels[1];
const size_t mds_arch_nkernels = 0;
const struct mds_mb_kernel mds_arch_mb_kernels[1];
const size_t mds_arch_nmb_kernels = 0;
