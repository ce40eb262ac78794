/*
 * backend_native.c: the "native" backend, the in-tree block functions
 * chosen at run time for this CPU (dispatch.c).  It offers an algorithm
 * only where the CPU has a kernel for the row's family beyond the portable
 * one; MDSUM_CPU can still cap it down to the portable code.
 */
#include "mds_int.h"

static const struct mds_impl *
native_lookup(const char *name)
{
	const struct mds_alg *alg = mds_alg_find(name);

	if (alg == NULL || alg->native == NULL || alg->family == MDS_FAM_NONE)
		return NULL;
	return mds_kernel_native(alg->family) ? alg->native : NULL;
}

const struct mds_backend mds_backend_native = { "native", 1, native_lookup, 0 };
