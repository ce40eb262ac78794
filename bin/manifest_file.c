/*
 * manifest_file.c: the file that --update rewrites, apart from what its
 * lines say.  It is found through its symbolic links, which stay links
 * (the file they name is replaced), locked, and read whole.  Its new
 * contents go to a temporary file in the same directory, which is synced
 * and renamed over it, the terminating signals held meanwhile: at any
 * moment the manifest is the old one or the new one, whole.
 *
 * Two runs on one manifest would each add their lines to what they read,
 * and the later rename would drop the other's lines.  An exclusive
 * flock(2), taken before the read and held until after the rename, makes
 * them take turns.  A writer that takes no lock (echo >>MANIFEST) is
 * caught by a look just before the rename: the name must still be on the
 * file read, as it was read, or nothing is renamed.
 *
 * A file that may not be written is refused, and so is one with other
 * hard links: a new file renamed over one name would leave the others
 * with the old contents.
 */
#include <sys/types.h>
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define LINK_HOPS	40	/* symbolic links followed, as Linux does */

static char	*resolve(const char *);
static char	*read_link(const char *, const struct stat *);
static int	 refuse(const struct mfile *);
static int	 read_whole(struct mfile *);
static int	 same_time(const struct timespec *, const struct timespec *);
static int	 unchanged(const struct mfile *);
static char	*dir_of(const char *);
static int	 write_all(int, const char *, size_t);
static int	 set_owner_mode(const struct mfile *, int);

/*
 * The target of the symbolic link path (sb its lstat), NUL-terminated;
 * NULL with errno set.
 */
static char *
read_link(const char *path, const struct stat *sb)
{
	size_t size;
	ssize_t n;
	char *buf;
	int e;

	/* st_size is 0 for some (proc's links): then grow as needed. */
	size = sb->st_size > 0 ? (size_t)sb->st_size + 1 : 256;
	for (;;) {
		if ((buf = malloc(size)) == NULL)
			err(1, NULL);
		if ((n = readlink(path, buf, size)) == -1) {
			e = errno;
			free(buf);
			errno = e;
			return NULL;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		free(buf);
		size *= 2;
	}
}

/*
 * The file path names, its symbolic links followed: a path whose last
 * component is not a link, or does not exist (a dangling link names
 * where the file is to be created).  A relative link is taken from the
 * directory it is in; links among the directories on the way are left
 * to the kernel.  NULL after warn().
 */
static char *
resolve(const char *path)
{
	struct stat sb;
	char *cur, *link, *next, *slash;
	size_t dlen, llen;
	int hops;

	if ((cur = strdup(path)) == NULL)
		err(1, NULL);
	for (hops = 0;; hops++) {
		if (lstat(cur, &sb) == -1) {
			if (errno == ENOENT)
				return cur;
			break;
		}
		if (!S_ISLNK(sb.st_mode))
			return cur;
		if (hops == LINK_HOPS) {
			errno = ELOOP;
			break;
		}
		if ((link = read_link(cur, &sb)) == NULL)
			break;
		slash = strrchr(cur, '/');
		dlen = link[0] == '/' || slash == NULL ? 0 :
		    (size_t)(slash - cur) + 1;
		llen = strlen(link);
		if ((next = malloc(dlen + llen + 1)) == NULL)
			err(1, NULL);
		memcpy(next, cur, dlen);
		memcpy(next + dlen, link, llen + 1);
		free(link);
		free(cur);
		cur = next;
	}
	warn("%s", quotef(path));
	free(cur);
	return NULL;
}

/*
 * Refuse a file that may not be written (rename(2) would not ask), or
 * has other hard links; -1 after warnx().
 */
static int
refuse(const struct mfile *mf)
{
	int e = 0;

	/*
	 * Root may write any file, so for root a file without a single
	 * write bit is protected too: someone took them away on purpose.
	 */
	if (faccessat(AT_FDCWD, mf->target, W_OK, AT_EACCESS) == -1)
		e = errno;
	else if ((mf->sb.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
		e = EACCES;
	if (e != 0) {
		warnx("%s: cannot update: %s", quotef(mf->path), strerror(e));
		return -1;
	}
	if (mf->sb.st_nlink > 1) {
		warnx("%s: cannot update: it has %ju hard links, and the "
		    "others would keep the old contents", quotef(mf->path),
		    (uintmax_t)mf->sb.st_nlink);
		return -1;
	}
	return 0;
}

/* Read the open file whole into mf->raw; -1 after warn(). */
static int
read_whole(struct mfile *mf)
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
		got = read(mf->fd, mf->raw + mf->rawlen, cap - mf->rawlen);
		if (got == -1 && errno == EINTR)
			continue;
		if (got == -1) {
			warn("%s", quotef(mf->path));
			return -1;
		}
		if (got == 0)
			break;
		mf->rawlen += (size_t)got;
	}
	mf->raw[mf->rawlen] = '\0';
	return 0;
}

/* --audit: the manifest at path ("-": standard input) read as it is. */
int
mfile_read(struct mfile *mf, const char *path)
{
	int ret = 0;

	memset(mf, 0, sizeof(*mf));
	mf->path = path;
	if (strcmp(path, "-") == 0) {
		mf->path = "standard input";
		mf->fd = STDIN_FILENO;
	} else if ((mf->fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		warn("%s", quotef(path));
		return -1;
	}
	if (fstat(mf->fd, &mf->sb) == -1) {
		warn("%s", quotef(mf->path));
		ret = -1;
	} else if (read_whole(mf) == -1)
		ret = -1;
	else
		mf->exists = 1;
	if (mf->fd != STDIN_FILENO)
		(void)close(mf->fd);
	mf->fd = -1;
	return ret;
}

int
mfile_open(struct mfile *mf, const char *path)
{
	struct stat now;

	memset(mf, 0, sizeof(*mf));
	mf->path = path;
	mf->fd = -1;
	for (;;) {
		if ((mf->target = resolve(path)) == NULL)
			return -1;
		/* O_NONBLOCK: a fifo is refused below, not waited on. */
		mf->fd = open(mf->target,
		    O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
		if (mf->fd == -1 && errno == ENOENT) {
			memset(&mf->sb, 0, sizeof(mf->sb));
			if ((mf->raw = strdup("")) == NULL)
				err(1, NULL);
			return 0;
		}
		if (mf->fd == -1 || fstat(mf->fd, &mf->sb) == -1) {
			warn("%s", quotef(path));
			goto fail;
		}
		if (!S_ISREG(mf->sb.st_mode)) {
			warnx("%s: not a regular file", quotef(path));
			goto fail;
		}
		/*
		 * Where there are no locks (some network file systems),
		 * the look before the rename still guards the file.
		 */
		while (flock(mf->fd, LOCK_EX) == -1 && errno == EINTR)
			continue;
		/* Whoever had the lock may have renamed a new file over it. */
		if (fstat(mf->fd, &mf->sb) == -1) {
			warn("%s", quotef(path));
			goto fail;
		}
		if (lstat(mf->target, &now) == 0 &&
		    now.st_dev == mf->sb.st_dev && now.st_ino == mf->sb.st_ino)
			break;
		(void)close(mf->fd);
		mf->fd = -1;
		free(mf->target);
		mf->target = NULL;
	}
	if (refuse(mf) == -1 || read_whole(mf) == -1)
		goto fail;
	mf->exists = 1;
	return 0;
fail:
	mfile_close(mf);
	return -1;
}

static int
same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/*
 * Is the name still on the file read, as it was read (or on nothing, if
 * there was none)?  1 or 0; -1 with errno set if it cannot be looked at.
 * The change time catches a write that put the size and the
 * modification time back, and a new hard link.
 */
static int
unchanged(const struct mfile *mf)
{
	struct stat sb;

	if (lstat(mf->target, &sb) == -1)
		return errno == ENOENT ? !mf->exists : -1;
	return mf->exists && sb.st_dev == mf->sb.st_dev &&
	    sb.st_ino == mf->sb.st_ino && sb.st_size == mf->sb.st_size &&
	    same_time(&sb.st_mtim, &mf->sb.st_mtim) &&
	    same_time(&sb.st_ctim, &mf->sb.st_ctim);
}

/* The directory of path, for the temporary file and the sync. */
static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;

	if (slash == NULL)
		dir = strdup(".");
	else if (slash == path)
		dir = strdup("/");
	else
		dir = strndup(path, (size_t)(slash - path));
	if (dir == NULL)
		err(1, NULL);
	return dir;
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
 * The new file gets the old one's owner, group and permission bits, or
 * for a new manifest 0666 less the umask.  Only root may give a file
 * away; others keep the group if it is one of theirs.  The mode comes
 * last, as a change of owner clears the set-ID bits.
 */
static int
set_owner_mode(const struct mfile *mf, int fd)
{
	mode_t mask;

	if (!mf->exists) {
		mask = umask(0);
		(void)umask(mask);
		return fchmod(fd, 0666 & ~mask);
	}
	if ((mf->sb.st_uid != geteuid() || mf->sb.st_gid != getegid()) &&
	    fchown(fd, mf->sb.st_uid, mf->sb.st_gid) == -1 &&
	    fchown(fd, (uid_t)-1, mf->sb.st_gid) == -1) {
		/* not the owner's, nor the group's: the new file stays ours */
	}
	return fchmod(fd, mf->sb.st_mode & 07777);
}

int
mfile_replace(struct mfile *mf, const char *keep, size_t keeplen,
    const char *add, size_t addlen)
{
	const char *base, *step = NULL;
	char *dir, *tmp;
	sigset_t saved;
	size_t len;
	int fd, dfd, e = 0, same, ret = -1;

	dir = dir_of(mf->target);
	base = strrchr(mf->target, '/');
	base = base != NULL ? base + 1 : mf->target;
	len = strlen(dir) + strlen(base) + sizeof("/..XXXXXX");
	if ((tmp = malloc(len)) == NULL)
		err(1, NULL);
	(void)snprintf(tmp, len, "%s/.%s.XXXXXX", dir, base);
	(void)pthread_sigmask(SIG_BLOCK, line_signals(), &saved);
	if ((fd = mkstemp(tmp)) == -1) {
		e = errno;
		step = "cannot create a temporary file";
		goto out;
	}
	if (write_all(fd, keep, keeplen) == -1 ||
	    write_all(fd, add, addlen) == -1)
		step = "write error";
	else if (set_owner_mode(mf, fd) == -1)
		step = "cannot set the mode";
	else if (fsync(fd) == -1)
		step = "cannot sync";
	if (step != NULL)
		e = errno;
	if (close(fd) == -1 && step == NULL) {
		e = errno;
		step = "write error";
	}
	/* Last, to leave a writer without a lock the least time. */
	if (step == NULL && (same = unchanged(mf)) != 1) {
		e = same == -1 ? errno : 0;
		step = same == -1 ? "cannot update" : mf->exists ?
		    "changed since it was read; not updated" :
		    "created meanwhile; not updated";
	}
	if (step == NULL && rename(tmp, mf->target) == -1) {
		e = errno;
		step = "cannot rename the temporary file over it";
	}
	if (step != NULL) {
		(void)unlink(tmp);
		goto out;
	}
	ret = 0;
	/* The rename is durable once the directory is. */
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1 ||
	    fsync(dfd) == -1) {
		e = errno;
		step = "updated, but its directory could not be synced";
		ret = -1;
	}
	if (dfd != -1)
		(void)close(dfd);
out:
	(void)pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (step != NULL && e != 0)
		warnx("%s: %s: %s", quotef(mf->path), step, strerror(e));
	else if (step != NULL)
		warnx("%s: %s", quotef(mf->path), step);
	free(tmp);
	free(dir);
	return ret;
}

void
mfile_close(struct mfile *mf)
{
	if (mf->fd != -1)
		(void)close(mf->fd);	/* and so unlock it */
	mf->fd = -1;
	free(mf->target);
	mf->target = NULL;
	free(mf->raw);
	mf->raw = NULL;
	mf->rawlen = 0;
	mf->exists = 0;
}
