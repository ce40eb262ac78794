/*
 * manifest_file.c: the file side of --update: a manifest read whole, and
 * replaced by a new one through a temporary file in its directory,
 * synced and renamed over it, the terminating signals held meanwhile: at
 * any moment the manifest is the old one or the new one, whole.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/*
 * Read all of fd into mf->raw; -1 with errno set on error.
 */
static int
read_all(struct mfile *mf, int fd)
{
	size_t cap = 64 * 1024;
	ssize_t got;
	char *p;

	if ((mf->raw = malloc(cap + 1)) == NULL)
		err(1, NULL);
	mf->rawlen = 0;
	for (;;) {
		if (mf->rawlen == cap) {
			cap *= 2;
			if ((p = realloc(mf->raw, cap + 1)) == NULL)
				err(1, NULL);
			mf->raw = p;
		}
		got = read(fd, mf->raw + mf->rawlen, cap - mf->rawlen);
		if (got == -1 && errno == EINTR)
			continue;
		if (got == -1)
			return -1;
		if (got == 0)
			break;
		mf->rawlen += (size_t)got;
	}
	mf->raw[mf->rawlen] = '\0';
	return 0;
}

/*
 * Read the manifest at path ("-": standard input) whole; -1 (said) if it
 * cannot be.  create: a manifest that does not exist is no error (it is
 * empty, and mf->exists 0).
 */
int
mfile_open(struct mfile *mf, const char *path, int create)
{
	int fd;

	memset(mf, 0, sizeof(*mf));
	mf->path = path;
	mf->fd = -1;
	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) == -1) {
		if (errno == ENOENT && create) {
			if ((mf->raw = strdup("")) == NULL)
				err(1, NULL);
			return 0;
		}
		warn("%s", quotef(path));
		return -1;
	}
	if (fstat(fd, &mf->sb) == -1 || read_all(mf, fd) == -1) {
		warn("%s", quotef(fd == STDIN_FILENO ? "standard input" : path));
		if (fd != STDIN_FILENO)
			(void)close(fd);
		return -1;
	}
	if (fd != STDIN_FILENO)
		(void)close(fd);
	mf->exists = 1;
	if (create && !S_ISREG(mf->sb.st_mode)) {
		warnx("%s: not a regular file", quotef(path));
		return -1;
	}
	return 0;
}

void
mfile_close(struct mfile *mf)
{
	free(mf->raw);
	mf->raw = NULL;
}

static int
write_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, p, n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * Replace the manifest with keep and add after it, through a temporary
 * file in its directory; -1 (said) on failure, the old manifest then
 * left as it was and the temporary file removed.
 */
int
mfile_replace(struct mfile *m, const char *keep, size_t keeplen,
    const char *add, size_t addlen)
{
	const char *path = m->path;
	char *target = NULL, *dcopy = NULL, *bcopy = NULL, *tmp = NULL;
	const char *dir, *base, *step = NULL;
	struct stat lsb;
	sigset_t saved;
	mode_t mask;
	size_t len;
	int fd = -1, dfd, e = 0, ret = -1;

	/* A link to the manifest stays a link: the file it names changes. */
	if (lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode)) {
		if ((target = realpath(path, NULL)) == NULL) {
			warn("%s", quotef(path));
			return -1;
		}
		path = target;
	}
	if ((dcopy = strdup(path)) == NULL || (bcopy = strdup(path)) == NULL)
		err(1, NULL);
	dir = dirname(dcopy);
	base = basename(bcopy);
	len = strlen(dir) + strlen(base) + sizeof("/..XXXXXX");
	if ((tmp = malloc(len)) == NULL)
		err(1, NULL);
	snprintf(tmp, len, "%s/.%s.XXXXXX", dir, base);
	(void)pthread_sigmask(SIG_BLOCK, line_signals(), &saved);
	if ((fd = mkstemp(tmp)) == -1) {
		e = errno;
		step = "cannot create a temporary file";
		goto out;
	}
	mask = umask(0);
	(void)umask(mask);
	if (write_all(fd, keep, keeplen) == -1 ||
	    write_all(fd, add, addlen) == -1)
		step = "write error";
	else if (fchmod(fd, m->exists ? m->sb.st_mode & 07777 :
	    0666 & ~mask) == -1)
		step = "cannot set the mode";
	else if (fsync(fd) == -1)
		step = "cannot sync";
	if (step == NULL && m->exists && (m->sb.st_uid != geteuid() ||
	    m->sb.st_gid != getegid()))
		(void)fchown(fd, m->sb.st_uid, m->sb.st_gid);
	if (step != NULL)
		e = errno;
	if (close(fd) == -1 && step == NULL) {
		e = errno;
		step = "write error";
	}
	if (step == NULL && rename(tmp, path) == -1) {
		e = errno;
		step = "cannot rename the temporary file over it";
	}
	if (step != NULL) {
		(void)unlink(tmp);
		goto out;
	}
	ret = 0;
	/* The rename is durable once the directory is. */
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY)) == -1 ||
	    fsync(dfd) == -1) {
		e = errno;
		step = "updated, but its directory could not be synced";
		ret = -1;
	}
	if (dfd != -1)
		(void)close(dfd);
out:
	(void)pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (step != NULL)
		warnx("%s: %s: %s", quotef(m->path), step, strerror(e));
	free(tmp);
	free(dcopy);
	free(bcopy);
	free(target);
	return ret;
}

