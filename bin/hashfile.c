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
	} else {
		if (debug_flag)
			warnx("%s: %s backend, read loop", path,
			    n > 0 ? mds_ctx_backend(&ctxs[0]) : "no");
		got = mds_update_fd(ctxs, n, fd);
	}
	saved = errno;
	if (fd != STDIN_FILENO && close(fd) == -1 && got != -1) {
		saved = errno;
		got = -1;
	}
	errno = saved;
	return got;
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
