/*
 * b3sum_xof.c: b3sum -l past 64 bytes, more than a registry row's digest
 * holds.  The input goes from the chunk source, read as it comes, into a
 * BLAKE3 state of lib/blake3.h (the hash, keyed or derived, as b3sum
 * asks), whose root then gives as many bytes as asked, all at once: the
 * output is in memory whole, len bytes of it, for the time of a line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "b3sum.h"
#include "blake3.h"
#include "source.h"

#define READ_SIZE	(256 * 1024)	/* bytes a read asks for */

unsigned char *
b3sum_xof(const struct b3sum *b, const char *path, size_t len, int *errp)
{
	/* A context's room holds lib/blake3.h's state. */
	uint64_t state[sizeof(mds_ctx) / sizeof(uint64_t)];
	const unsigned char *p;
	unsigned char *buf = NULL, *out = NULL;
	struct mds_src src;
	size_t n;
	int fd, r;

	*errp = 0;
	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) == -1) {
		*errp = errno;
		return NULL;
	}
	if ((b->a.keyed ? mds_blake3_init_keyed(state, b->key) :
	    b->a.context != NULL ? mds_blake3_init_derive(state,
	    b->a.context) : mds_blake3_init_hash(state)) == -1) {
		*errp = errno;
		if (fd != STDIN_FILENO)
			(void)close(fd);
		return NULL;
	}
	mds_src_open_fd(&src, fd, NULL, -1, MDS_READ_LOOP, 0, &buf, READ_SIZE);
	while ((r = mds_src_next(&src, &p, &n)) == 1)
		mds_blake3_update(state, p, n);
	if (r == -1)
		*errp = errno;
	mds_src_close(&src);
	free(buf);
	/* A failing close is a read error, as for every input. */
	if (fd != STDIN_FILENO && close(fd) == -1 && *errp == 0)
		*errp = errno;
	if (*errp == 0 && (out = malloc(len > 0 ? len : 1)) == NULL)
		*errp = ENOMEM;
	if (*errp != 0) {
		mds_blake3_discard(state);
		return NULL;
	}
	mds_blake3_final_len(state, out, len);
	return out;
}
