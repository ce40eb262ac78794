/*
 * nolibmd.c: stands in for backend_libmd.c in a WITHOUT_LIBMD=yes build,
 * so the backend is listed but reported as not built.
 */
#include "mds_int.h"

const struct mds_backend mds_backend_libmd = { "libmd", 0, NULL, 0 };
