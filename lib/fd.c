/*
 * fd.c: hashing a file descriptor with a read loop.  The mmap and archive
 * paths build on the same contexts (input.c, later); this loop is the one
 * every kind of descriptor supports.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "mds_int.h"

#define READ_BUF_SIZE	(256 * 1024)	/* bytes per read(2) */

int64_t
mds_update_fd(mds_ctx *ctxs, size_t n, int fd)
{
	unsigned char *buf;
	int64_t total = 0;
	ssize_t got;
	size_t i;
	int saved;

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
	for (;;) {
		got = read(fd, buf, READ_BUF_SIZE);
		if (got == -1) {
			if (errno == EINTR)
				continue;
			saved = errno;
			free(buf);
			errno = saved;
			return -1;
		}
		if (got == 0)
			break;
		for (i = 0; i < n; i++)
			(void)mds_update(&ctxs[i], buf, (size_t)got);
		total += got;
	}
	free(buf);
	return total;
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
