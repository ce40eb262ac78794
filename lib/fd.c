/*
 * fd.c: hashing a file descriptor as it comes, a read at a time, from
 * the chunk source (source.c); the way every kind of descriptor
 * supports.  mds_update_file (input.c) is the one that knows regular
 * files.
 */
#include <errno.h>
#include <stdlib.h>

#include "mds_int.h"
#include "source.h"

#define READ_BUF_SIZE	(256 * 1024)	/* bytes a read asks for */

int64_t
mds_update_fd(mds_ctx *ctxs, size_t n, int fd)
{
	const unsigned char *p;
	struct mds_src src;
	unsigned char *buf;
	int64_t total = 0;
	size_t len, i;
	int r, saved;

	if (ctxs == NULL && n != 0) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < n; i++)
		if (mds_ctx_alg(&ctxs[i]) == NULL)
			return -1;
	if (posix_memalign((void **)&buf, 64, READ_BUF_SIZE) != 0) {
		errno = ENOMEM;
		return -1;
	}
	mds_src_open_fd(&src, fd, NULL, -1, MDS_READ_LOOP, 0, &buf,
	    READ_BUF_SIZE);
	while ((r = mds_src_next(&src, &p, &len)) == 1) {
		for (i = 0; i < n; i++)
			(void)mds_update(&ctxs[i], p, len);
		total += (int64_t)len;
	}
	mds_src_close(&src);
	saved = errno;
	free(buf);
	errno = saved;
	return r == -1 ? -1 : total;
}

int
mds_digest_fd(const struct mds_alg *alg, int fd, unsigned char *out)
{
	mds_ctx ctx;

	if (out == NULL) {
		errno = EINVAL;
		return -1;
	}
	if (mds_init(&ctx, alg) == -1)
		return -1;
	if (mds_update_fd(&ctx, 1, fd) == -1) {
		mds_discard(&ctx);
		return -1;
	}
	return mds_final(&ctx, out);
}
