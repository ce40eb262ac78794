/*
 * eio_shim.c: an LD_PRELOAD library for tests/fault.sh that makes one
 * input fail, or change, part-way through being read, or come in short
 * reads, and that can send SIGINT in the middle of a line of output; and
 * for tests/cli_audit.sh and cli_update.sh, that makes the writing of a
 * manifest fail.  It wraps read(2), pread(2) and mmap(2), the calls by
 * which mdsum's input engine and the read callbacks it gives libarchive
 * get at a file's bytes (stdio's own reads, the manifests of -c, go
 * through libc's internal entry points and are not seen), fputs(3),
 * write(2), fsync(2) and rename(2).  Driven by the environment:
 *
 *	EIO_SHIM_PATH	the file, matched by device and inode: every
 *			descriptor open on it counts, by whatever name;
 *			for eio and short, several files separated by colons
 *	EIO_SHIM_FD	or a descriptor number instead (0: a pipe on
 *			standard input); the offset is then the bytes read
 *			from it so far when it cannot seek
 *	EIO_SHIM_AFTER	the offset where things go wrong (default 0); a
 *			read that would cross it stops at it; for short, a
 *			list of offsets separated by commas
 *	EIO_SHIM_DO	what happens there:
 *	  eio		(the default) read and pread fail with EIO from that
 *			offset on, and so does mmap of a range past it
 *	  unlink	the file is removed, once; reading goes on
 *	  replace	the file EIO_SHIM_WITH is renamed over it, once;
 *			reading goes on
 *	  truncate	the file is cut to EIO_SHIM_AFTER bytes, once; a
 *			mapping of it also does this, just after it is made,
 *			so that the file shrinks under the mapping
 *	  grow		the bytes of the file EIO_SHIM_WITH are appended to
 *			it, once, at that offset or just after a mapping
 *			reaching past it is made; reading goes on
 *	  short		nothing fails, and mmap is left alone: read and
 *			pread only return short, a read that would cross
 *			any of the offsets stopping at it, and every read
 *			giving at most EIO_SHIM_MAX bytes when that is set
 *
 * Without EIO_SHIM_PATH and EIO_SHIM_FD those calls pass straight through.
 *
 *	EIO_SHIM_SIGINT_ON  a string: when fputs(3) writes one containing
 *			it to stdout, the process is sent SIGINT, as by ^C,
 *			just after (so in the middle of a line of output)
 *
 *	EIO_SHIM_FAIL	a failure of writing a file (mdsum --update), where
 *			no EIO_SHIM_PATH is needed:
 *	  write		write(2) to a regular file fails with ENOSPC once
 *			EIO_SHIM_AFTER bytes have gone to such files
 *	  shortwrite	write(2) to a regular file returns a short count,
 *			once, and no error: the write that would take such
 *			files past EIO_SHIM_AFTER bytes stops there
 *	  fsync		fsync(2) fails with EIO
 *	  dirsync	fsync(2) of a directory fails with EIO; of a file
 *			it works
 *	  rename	rename(2) fails with EIO
 *	  sigint, sigkill  fsync(2) sends the process that signal first
 */
#define _GNU_SOURCE	/* RTLD_NEXT */

#include <sys/types.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum action { DO_EIO, DO_UNLINK, DO_REPLACE, DO_TRUNCATE, DO_GROW,
    DO_SHORT };

#define MAX_TARGETS	32	/* files of EIO_SHIM_PATH */
#define MAX_CUTS	64	/* offsets of EIO_SHIM_AFTER */

typedef ssize_t	(*read_fn)(int, void *, size_t);
typedef ssize_t	(*pread_fn)(int, void *, size_t, off_t);
typedef void	*(*mmap_fn)(void *, size_t, int, int, int, off_t);
typedef int	(*fputs_fn)(const char *, FILE *);
typedef ssize_t	(*write_fn)(int, const void *, size_t);
typedef int	(*fsync_fn)(int);
typedef int	(*rename_fn)(const char *, const char *);

static pthread_once_t	resolved = PTHREAD_ONCE_INIT;
static pthread_once_t	once = PTHREAD_ONCE_INIT;
static read_fn		real_read;
static pread_fn		real_pread;
static mmap_fn		real_mmap;
static fputs_fn		real_fputs;
static write_fn		real_write;
static fsync_fn		real_fsync;
static rename_fn	real_rename;
static const char	*fail = "";	/* EIO_SHIM_FAIL, or "" */
static int64_t		written;	/* bytes write(2) put in files */
static int		write_cut;	/* shortwrite: the short one was */
static const char	*sigint_on;	/* EIO_SHIM_SIGINT_ON */
static int		active;		/* a target was named */
static const char	*path;		/* EIO_SHIM_PATH, or NULL */
static dev_t		target_dev[MAX_TARGETS];
static ino_t		target_ino[MAX_TARGETS];
static size_t		ntargets;
static int		target_fd = -1;	/* EIO_SHIM_FD, or -1 */
static int64_t		after;		/* the first of the offsets */
static int64_t		cuts[MAX_CUTS];
static size_t		ncuts;
static size_t		max_read;	/* EIO_SHIM_MAX, or 0 */
static enum action	action = DO_EIO;
static const char	*with;		/* EIO_SHIM_WITH */
static int		fired;		/* the one-shot action was done */
static int64_t		piped;		/* bytes read from target_fd */

ssize_t	read(int, void *, size_t);
ssize_t	pread(int, void *, size_t, off_t);
ssize_t	pread64(int, void *, size_t, off_t);
ssize_t	__read_chk(int, void *, size_t, size_t);
void	*mmap(void *, size_t, int, int, int, off_t);
void	*mmap64(void *, size_t, int, int, int, off_t);
int	fputs(const char *, FILE *);
ssize_t	write(int, const void *, size_t);
int	fsync(int);
int	rename(const char *, const char *);

/* The files of EIO_SHIM_PATH, separated by colons, into the targets. */
static void
targets(const char *list)
{
	char name[4096];
	struct stat sb;
	const char *end;
	size_t len;

	for (; ntargets < MAX_TARGETS; list = end + 1) {
		if ((end = strchr(list, ':')) == NULL)
			end = list + strlen(list);
		len = (size_t)(end - list);
		if (len < sizeof(name)) {
			memcpy(name, list, len);
			name[len] = '\0';
			if (stat(name, &sb) == 0) {
				target_dev[ntargets] = sb.st_dev;
				target_ino[ntargets++] = sb.st_ino;
			}
		}
		if (*end == '\0')
			break;
	}
}

static void
resolve(void)
{
	/* POSIX leaves converting void * to a function pointer to us. */
	*(void **)&real_read = dlsym(RTLD_NEXT, "read");
	*(void **)&real_pread = dlsym(RTLD_NEXT, "pread");
	*(void **)&real_mmap = dlsym(RTLD_NEXT, "mmap");
	*(void **)&real_fputs = dlsym(RTLD_NEXT, "fputs");
	*(void **)&real_write = dlsym(RTLD_NEXT, "write");
	*(void **)&real_fsync = dlsym(RTLD_NEXT, "fsync");
	*(void **)&real_rename = dlsym(RTLD_NEXT, "rename");
}

static void
init(void)
{
	const char *s;
	char *end;

	if ((fail = getenv("EIO_SHIM_FAIL")) == NULL)
		fail = "";
	sigint_on = getenv("EIO_SHIM_SIGINT_ON");
	if (sigint_on != NULL && *sigint_on == '\0')
		sigint_on = NULL;
	if ((s = getenv("EIO_SHIM_AFTER")) != NULL) {
		after = strtoll(s, &end, 10);
		cuts[ncuts++] = after;
		while (*end == ',' && ncuts < MAX_CUTS)
			cuts[ncuts++] = strtoll(end + 1, &end, 10);
	}
	if ((s = getenv("EIO_SHIM_MAX")) != NULL)
		max_read = (size_t)strtoull(s, NULL, 10);
	if ((s = getenv("EIO_SHIM_DO")) != NULL) {
		if (strcmp(s, "unlink") == 0)
			action = DO_UNLINK;
		else if (strcmp(s, "replace") == 0)
			action = DO_REPLACE;
		else if (strcmp(s, "truncate") == 0)
			action = DO_TRUNCATE;
		else if (strcmp(s, "grow") == 0)
			action = DO_GROW;
		else if (strcmp(s, "short") == 0)
			action = DO_SHORT;
	}
	with = getenv("EIO_SHIM_WITH");
	if ((s = getenv("EIO_SHIM_FD")) != NULL && *s != '\0') {
		target_fd = (int)strtol(s, NULL, 10);
		active = 1;
	} else if ((path = getenv("EIO_SHIM_PATH")) != NULL) {
		targets(path);
		active = ntargets > 0;
	}
}

/*
 * The real functions are found at the first call, whenever it comes; the
 * environment is read at the first call that can see it.  gcc's
 * AddressSanitizer reads and maps files while it starts, before environ
 * is set, and settings read then would be none.
 */
static void
setup(void)
{
	(void)pthread_once(&resolved, resolve);
	if (environ != NULL)
		(void)pthread_once(&once, init);
}

/* Is fd the target? */
static int
is_target(int fd)
{
	struct stat sb;
	size_t i;

	if (!active)
		return 0;
	if (target_fd != -1)
		return fd == target_fd;
	if (fstat(fd, &sb) == -1)
		return 0;
	for (i = 0; i < ntargets; i++)
		if (sb.st_dev == target_dev[i] && sb.st_ino == target_ino[i])
			return 1;
	return 0;
}

/* grow: the bytes of file `from` added at the end of file `to`. */
static void
append(const char *to, const char *from)
{
	char buf[65536];
	ssize_t got;
	int in, out;

	if (from == NULL || (in = open(from, O_RDONLY)) == -1)
		return;
	if ((out = open(to, O_WRONLY | O_APPEND)) != -1) {
		while ((got = real_read(in, buf, sizeof(buf))) > 0)
			if (real_write(out, buf, (size_t)got) != got)
				break;
		(void)close(out);
	}
	(void)close(in);
}

/*
 * The offset has reached `after`: do the action (once, but for EIO);
 * returns -1 with errno EIO if the call is to fail.
 */
static int
reached(void)
{
	int saved = errno;

	if (action == DO_EIO) {
		errno = EIO;
		return -1;
	}
	if (__atomic_exchange_n(&fired, 1, __ATOMIC_SEQ_CST) != 0 ||
	    path == NULL)
		return 0;
	switch (action) {
	case DO_UNLINK:
		(void)unlink(path);
		break;
	case DO_REPLACE:
		if (with != NULL)
			(void)rename(with, path);
		break;
	case DO_GROW:
		append(path, with);
		break;
	default:
		(void)truncate(path, (off_t)after);
		break;
	}
	errno = saved;
	return 0;
}

/* Where a read of fd starts: its offset, or for a pipe what it gave. */
static int64_t
position(int fd, int *seekable)
{
	off_t pos = lseek(fd, 0, SEEK_CUR);

	*seekable = pos != (off_t)-1;
	if (*seekable)
		return (int64_t)pos;
	return __atomic_load_n(&piped, __ATOMIC_SEQ_CST);
}

/* count cut so that a read at pos stops at `after`. */
static size_t
cut(int64_t pos, size_t count)
{
	if (pos < after && (uint64_t)(after - pos) < count)
		return (size_t)(after - pos);
	return count;
}

/* short: count cut so that a read at pos stops at the next offset. */
static size_t
shorten(int64_t pos, size_t count)
{
	size_t i;

	for (i = 0; i < ncuts; i++)
		if (pos < cuts[i] && (uint64_t)(cuts[i] - pos) < count)
			count = (size_t)(cuts[i] - pos);
	if (max_read > 0 && count > max_read)
		count = max_read;
	return count;
}

ssize_t
read(int fd, void *buf, size_t count)
{
	ssize_t got;
	int64_t pos;
	int seekable;

	setup();
	if (!is_target(fd))
		return real_read(fd, buf, count);
	pos = position(fd, &seekable);
	if (action == DO_SHORT)
		count = shorten(pos, count);
	else if (pos >= after && reached() == -1)
		return -1;
	else if (action == DO_EIO ||
	    !__atomic_load_n(&fired, __ATOMIC_SEQ_CST))
		count = cut(pos, count);
	got = real_read(fd, buf, count);
	if (got > 0 && !seekable)
		(void)__atomic_fetch_add(&piped, (int64_t)got, __ATOMIC_SEQ_CST);
	return got;
}

/* _FORTIFY_SOURCE's read, which a fortified caller may use. */
ssize_t
__read_chk(int fd, void *buf, size_t count, size_t buflen)
{
	if (count > buflen)
		abort();
	return read(fd, buf, count);
}

ssize_t
pread(int fd, void *buf, size_t count, off_t off)
{
	setup();
	if (!is_target(fd))
		return real_pread(fd, buf, count, off);
	if (action == DO_SHORT)
		count = shorten((int64_t)off, count);
	else if ((int64_t)off >= after && reached() == -1)
		return -1;
	else if (action == DO_EIO ||
	    !__atomic_load_n(&fired, __ATOMIC_SEQ_CST))
		count = cut((int64_t)off, count);
	return real_pread(fd, buf, count, off);
}

ssize_t
pread64(int fd, void *buf, size_t count, off_t off)
{
	return pread(fd, buf, count, off);
}

void *
mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	void *p;

	setup();
	if (fd < 0 || action == DO_SHORT || !is_target(fd))
		return real_mmap(addr, len, prot, flags, fd, off);
	if (action != DO_TRUNCATE && action != DO_GROW &&
	    (int64_t)off + (int64_t)len > after && reached() == -1)
		return MAP_FAILED;
	p = real_mmap(addr, len, prot, flags, fd, off);
	if (p != MAP_FAILED && (action == DO_TRUNCATE ||
	    ((int64_t)off + (int64_t)len > after && action == DO_GROW)))
		(void)reached();
	return p;
}

void *
mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap(addr, len, prot, flags, fd, off);
}

int
fputs(const char *s, FILE *fp)
{
	int r;

	setup();
	r = real_fputs(s, fp);
	if (fp == stdout && sigint_on != NULL && strstr(s, sigint_on) != NULL)
		(void)kill(getpid(), SIGINT);
	return r;
}

ssize_t
write(int fd, const void *buf, size_t count)
{
	struct stat sb;
	int64_t done;

	setup();
	if ((strcmp(fail, "write") != 0 && strcmp(fail, "shortwrite") != 0) ||
	    fd <= 2 || fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode))
		return real_write(fd, buf, count);
	done = __atomic_load_n(&written, __ATOMIC_SEQ_CST);
	if (strcmp(fail, "shortwrite") == 0) {
		/* One short count, then every write whole. */
		if (cut(done, count) < count &&
		    __atomic_exchange_n(&write_cut, 1, __ATOMIC_SEQ_CST) == 0)
			count = cut(done, count);
		(void)__atomic_fetch_add(&written, (int64_t)count,
		    __ATOMIC_SEQ_CST);
		return real_write(fd, buf, count);
	}
	if (done >= after) {
		errno = ENOSPC;
		return -1;
	}
	count = cut(done, count);
	(void)__atomic_fetch_add(&written, (int64_t)count, __ATOMIC_SEQ_CST);
	return real_write(fd, buf, count);
}

int
fsync(int fd)
{
	struct stat sb;

	setup();
	if (strcmp(fail, "fsync") == 0 || (strcmp(fail, "dirsync") == 0 &&
	    fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode))) {
		errno = EIO;
		return -1;
	}
	if (strcmp(fail, "sigint") == 0)
		(void)kill(getpid(), SIGINT);
	else if (strcmp(fail, "sigkill") == 0)
		(void)kill(getpid(), SIGKILL);
	return real_fsync(fd);
}

int
rename(const char *from, const char *to)
{
	setup();
	if (strcmp(fail, "rename") == 0) {
		errno = EIO;
		return -1;
	}
	return real_rename(from, to);
}
