/*
 * hashfile.c: getting a named input into running contexts.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/*
 * Hash the file `path` ("-" is standard input) into ctxs[0..n).  Returns
 * the number of bytes read, or -1 with errno set (the caller reports).  A
 * failing close counts as a read error.
 */
int64_t
hash_path(const char *path, mds_ctx *ctxs, size_t n)
{
	struct stat sb;
	int64_t got;
	int fd, saved;

	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) == -1)
		return -1;
	if (fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		got = -1;
		errno = EISDIR;
	} else
		got = mds_update_fd(ctxs, n, fd);
	saved = errno;
	if (fd != STDIN_FILENO && close(fd) == -1 && got != -1) {
		saved = errno;
		got = -1;
	}
	errno = saved;
	return got;
}

/*
 * Hash in->name with every algorithm of in->algs, in one read.  Failures
 * are recorded in in->err (in->missing for ENOENT when ignore_missing) for
 * the caller to report in order.
 */
void
hash_input(struct input *in, int ignore_missing)
{
	mds_ctx ctxs[MAX_ALGS];
	size_t i, n;

	if (in->err != 0)
		return;
	for (n = 0; n < in->nalgs; n++)
		if (mds_init(&ctxs[n], in->algs[n]) == -1)
			goto fail;
	if (debug_flag)
		for (i = 0; i < n; i++)
			warnx("%s: %s on the %s backend, read loop", in->name,
			    mds_alg_name(in->algs[i]), mds_ctx_backend(&ctxs[i]));
	if ((in->size = hash_path(in->name, ctxs, n)) == -1)
		goto fail;
	for (i = 0; i < n; i++)
		if (mds_final(&ctxs[i], in->md[i]) == -1)
			goto fail;
	return;
fail:
	in->err = errno;
	in->missing = ignore_missing && errno == ENOENT;
	for (i = 0; i < n; i++)
		mds_discard(&ctxs[i]);
}

/*
 * MDSUM_BACKEND names the backend to force; an unknown or absent one is a
 * usage error, reported before any input is read.
 */
int
check_backend_env(void)
{
	const char *name = getenv("MDSUM_BACKEND");

	if (name == NULL || *name == '\0')
		return 0;
	switch (mds_backend_built(name)) {
	case 1:
		return 0;
	case 0:
		warnx("MDSUM_BACKEND=%s: backend not built in this program",
		    name);
		return -1;
	default:
		warnx("MDSUM_BACKEND=%s: no such backend", name);
		return -1;
	}
}
