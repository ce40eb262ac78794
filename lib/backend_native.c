/*
 * backend_native.c: the "native" backend, the in-tree block functions
 * chosen at run time for this CPU (dispatch.c).  It offers an algorithm
 * only where the CPU has a kernel for its family beyond the portable one;
 * MDSUM_CPU can still cap it down to the portable code.
 */
#include <string.h>

#include "mds_int.h"

static const struct {
	const struct mds_impl	*impl;
	const char		*family;
} native_impls[] = {
	{ &mds_native_md5,		"md5" },
	{ &mds_native_sha1,		"sha1" },
	{ &mds_native_sha256,		"sha256" },
	{ &mds_native_sha512,		"sha512" },
	{ &mds_native_sha512h,		"sha512" },
	{ &mds_native_sha3_256,		"keccak" },
	{ &mds_native_keccak256,	"keccak" },
};

static const struct mds_impl *
native_lookup(const char *alg)
{
	size_t i;

	for (i = 0; i < sizeof(native_impls) / sizeof(native_impls[0]); i++)
		if (strcmp(alg, native_impls[i].impl->alg) == 0)
			return mds_kernel_native(native_impls[i].family) ?
			    native_impls[i].impl : NULL;
	return NULL;
}

const struct mds_backend mds_backend_native = { "native", 1, native_lookup };

const char *
mds_native_family(const struct mds_alg *alg)
{
	size_t i;

	for (i = 0; i < sizeof(native_impls) / sizeof(native_impls[0]); i++)
		if (strcmp(alg->name, native_impls[i].impl->alg) == 0)
			return native_impls[i].family;
	return NULL;
}
