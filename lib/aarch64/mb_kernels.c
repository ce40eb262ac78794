/*
 * aarch64/mb_kernels.c: the aarch64 multi-buffer kernels, best first
 * within a family; the first one the CPU has and MDSUM_CPU allows wins.
 */
#include "../mds_int.h"
#include "a64.h"

#if defined(__aarch64__)
const struct mds_mb_kernel mds_arch_mb_kernels[1];
const size_t mds_arch_nmb_kernels = 0;
#endif
