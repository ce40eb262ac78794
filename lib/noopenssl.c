/*
 * noopenssl.c: stands in for backend_openssl.c in a WITHOUT_OPENSSL=yes
 * build (the base-system build), so nothing links libcrypto.
 */
#include "mds_int.h"

const struct mds_backend mds_backend_openssl = { "openssl", 0, NULL, 1 };

const char *
mds_openssl_version(void)
{
	return NULL;
}
