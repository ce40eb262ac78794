/*
 * selftest.c: -x, the known-answer tests of the registry run on every
 * built implementation, and the helper that walks those implementations.
 */
#include <string.h>

#include "cli.h"

/*
 * Start ctx on the i-th backend.  Returns 0 when that backend hashes alg
 * itself, -1 when it is not built or would fall back to the portable code
 * (which is tested under its own name).
 */
int
impl_start(mds_ctx *ctx, const struct mds_alg *alg, size_t i)
{
	const char *be = mds_backend_at(i);

	if (be == NULL || mds_backend_built(be) != 1 ||
	    mds_init_backend(ctx, alg, be) == -1)
		return -1;
	if (strcmp(mds_ctx_backend(ctx), be) != 0) {
		mds_discard(ctx);
		return -1;
	}
	return 0;
}

int
self_test(const struct mds_alg *alg)
{
	unsigned char md[MDS_MAX_DIGEST];
	char hex[2 * MDS_MAX_DIGEST + 1];
	const char *msg, *want;
	size_t b, v, r, repeat;
	mds_ctx ctx;
	int failed = 0;

	printf("%s test suite:\n", mds_alg_tag(alg));
	for (b = 0; b < mds_backend_count(); b++) {
		for (v = 0; (msg = mds_alg_vector(alg, v, &repeat, &want)) !=
		    NULL; v++) {
			if (impl_start(&ctx, alg, b) == -1)
				break;
			for (r = 0; r < repeat; r++)
				(void)mds_update(&ctx, msg, strlen(msg));
			if (mds_final(&ctx, md) == -1)
				memset(md, 0, sizeof(md));
			mds_hex(md, mds_alg_digest_len(alg), hex);
			if (repeat == 1)
				printf("%s (\"%s\") = %s", mds_alg_tag(alg), msg,
				    hex);
			else
				printf("%s (%zu x \"%s\") = %s",
				    mds_alg_tag(alg), repeat, msg, hex);
			if (strcmp(hex, want) == 0)
				printf(" - verified correct [%s]\n",
				    mds_backend_at(b));
			else {
				printf(" - INCORRECT RESULT! [%s]\n",
				    mds_backend_at(b));
				failed = 1;
			}
		}
	}
	return failed ? -1 : 0;
}
