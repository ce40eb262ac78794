/*
 * source.c: the chunk source (source.h), the one place a hashed file's
 * bytes are read or mapped.
 *
 * A regular file is mapped in windows, so that a huge file never needs
 * a huge mapping, or read; anything else is read.  A file that shrinks
 * while it is hashed is reported (EIO, changed) whichever way it is got.
 * A mapped file that is truncated raises SIGBUS on the pages past its
 * new end: the handler installed here jumps back to the guard of the
 * thread that was hashing mapped memory (a per-thread jump buffer, so it
 * is right with threads), which reports "the file changed" and leaves
 * the process alive; a SIGBUS anywhere else goes to the handler that was
 * there before.
 */
#define _GNU_SOURCE	/* F_SETPIPE_SZ, MAP_POPULATE where the system has them */

#include <sys/types.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source.h"

#ifndef MAP_POPULATE		/* Linux's; elsewhere pages fault in as read */
#define MAP_POPULATE	0
#endif

#define MAP_WINDOW	(4 * 1024 * 1024)	/* bytes mapped at a time: bounds RSS */
#define POPULATE_WINDOW	(1024 * 1024)		/* with MDS_SRC_POPULATE */
#define ADVISE_MIN	(256 * 1024)		/* files told to read ahead */
#define PIPE_BUF_WANT	(1024 * 1024)		/* pipe buffer to ask for */

__thread sigjmp_buf *mds_src_bus_jump;
__thread void *mds_src_bus_addr;
static struct sigaction old_bus;
static pthread_once_t bus_once = PTHREAD_ONCE_INIT;
static int bus_ok;

static void	on_sigbus(int, siginfo_t *, void *);
static void	install_bus_handler(void);
static int	next_window(struct mds_src *, const unsigned char **,
		    size_t *);
static int	next_read(struct mds_src *, const unsigned char **, size_t *);
static uint64_t	touch(const unsigned char *, size_t);

static void
on_sigbus(int sig, siginfo_t *si, void *uc)
{
	if (mds_src_bus_jump != NULL) {
		mds_src_bus_addr = si->si_addr;
		siglongjmp(*mds_src_bus_jump, 1);
	}
	/* Not ours: hand it to whoever had it, or die of it as usual. */
	if ((old_bus.sa_flags & SA_SIGINFO) && old_bus.sa_sigaction != NULL)
		old_bus.sa_sigaction(sig, si, uc);
	else if (old_bus.sa_handler != SIG_IGN &&
	    old_bus.sa_handler != SIG_DFL)
		old_bus.sa_handler(sig);
	else {
		(void)sigaction(SIGBUS, &old_bus, NULL);
		(void)raise(SIGBUS);
	}
}

static void
install_bus_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	bus_ok = sigaction(SIGBUS, &sa, &old_bus) == 0;
}

int
mds_src_bus_ready(void)
{
	(void)pthread_once(&bus_once, install_bus_handler);
	return bus_ok;
}

void
mds_src_open_fd(struct mds_src *s, int fd, const struct stat *sb,
    off_t start, int how, int flags, unsigned char **buf, size_t bufsize)
{
	memset(s, 0, sizeof(*s));
	s->kind = MDS_SRC_READ;
	s->fd = fd;
	s->flags = flags;
	s->start = s->end = -1;
	s->buf = buf;
	s->bufsize = bufsize;
	if (sb == NULL)
		return;
	if (S_ISFIFO(sb->st_mode)) {
#ifdef F_SETPIPE_SZ
		(void)fcntl(fd, F_SETPIPE_SZ, PIPE_BUF_WANT);
#endif
		return;
	}
	if (!S_ISREG(sb->st_mode))
		return;
	s->start = s->off = start;
	s->end = sb->st_size;
	/* Mapped only where a truncation can be survived. */
	if (how == MDS_READ_MMAP && start != -1 && start < s->end &&
	    mds_src_bus_ready() &&
	    (s->page = (off_t)sysconf(_SC_PAGESIZE)) > 0)
		s->kind = MDS_SRC_MAP;
	if (sb->st_size >= ADVISE_MIN)
		(void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
}

void
mds_src_open_mem(struct mds_src *s, const void *p, size_t len)
{
	memset(s, 0, sizeof(*s));
	s->kind = MDS_SRC_MEM;
	s->fd = -1;
	s->start = s->end = -1;
	s->mem = p;
	s->memlen = len;
}

int
mds_src_next(struct mds_src *s, const unsigned char **p, size_t *len)
{
	if (s->kind == MDS_SRC_MAP)
		return next_window(s, p, len);
	if (s->kind == MDS_SRC_READ)
		return next_read(s, p, len);
	if (s->ended || s->memlen == 0)
		return 0;
	s->ended = 1;
	*p = s->mem;
	*len = s->memlen;
	s->total += s->memlen;
	return 1;
}

/*
 * The next window of a mapped file: at most MAP_WINDOW bytes (or
 * POPULATE_WINDOW), from the page its next byte is in.  At the end the
 * file offset is left at the end, as reading would have left it.
 */
static int
next_window(struct mds_src *s, const unsigned char **p, size_t *len)
{
	size_t window = s->flags & MDS_SRC_POPULATE ? POPULATE_WINDOW :
	    MAP_WINDOW, skip;
	int populate = s->flags & MDS_SRC_POPULATE ? MAP_POPULATE : 0;
	off_t base;
	void *m;

	if (s->map != NULL) {
		(void)munmap(s->map, s->maplen);
		s->map = NULL;
	}
	if (s->off >= s->end) {
		switch (mds_src_resized(s)) {
		case -1:
			s->changed = 1;
			errno = EIO;
			return -1;
		case 0:
			(void)lseek(s->fd, s->end, SEEK_SET);
			return 0;
		default:
			break;		/* grown: on to the new end */
		}
	}
	base = s->off - s->off % s->page;	/* mmap wants page offsets */
	skip = (size_t)(s->off - base);
	s->maplen = s->end - base > (off_t)window ? window :
	    (size_t)(s->end - base);
	/*
	 * MAP_POPULATE: the window's page tables filled at once.  Many lanes
	 * stepping through their own pages take a fault every 64 KiB each
	 * otherwise (md5, 16 lanes: 230 -> 137 ms for 384 MiB of cached
	 * files); one stream was slower with it.  A page past a truncation
	 * is left out, and still raises SIGBUS when read.
	 */
	m = mmap(NULL, s->maplen, PROT_READ, MAP_SHARED | populate, s->fd,
	    base);
	if (m == MAP_FAILED) {
		/* Out of address space, say: read the rest instead. */
		if (s->off != s->start && !(s->flags & MDS_SRC_READ_REST))
			return -1;
		s->kind = MDS_SRC_READ;
		if ((s->flags & MDS_SRC_READ_REST) &&
		    lseek(s->fd, s->off, SEEK_SET) == -1)
			return -1;
		return next_read(s, p, len);
	}
	(void)madvise(m, s->maplen, MADV_SEQUENTIAL);
	s->map = m;
	*p = (unsigned char *)m + skip;
	*len = s->maplen - skip;
	s->off = base + (off_t)s->maplen;
	s->total += *len;
	return 1;
}

static int
next_read(struct mds_src *s, const unsigned char **p, size_t *len)
{
	ssize_t got;

	if (s->ended)
		return 0;
	if (*s->buf == NULL &&
	    posix_memalign((void **)s->buf, 4096, s->bufsize) != 0) {
		*s->buf = NULL;
		errno = ENOMEM;
		return -1;
	}
	if ((got = mds_src_read(s, *s->buf, s->bufsize)) == -1)
		return -1;
	if (got == 0) {
		if (mds_src_resized(s) == -1) {
			s->changed = 1;
			errno = EIO;
			return -1;
		}
		return 0;
	}
	*p = *s->buf;
	*len = (size_t)got;
	/* Short, but only the end if it reached the size the file had. */
	if ((s->flags & MDS_SRC_SIZE_ENDS) && (size_t)got < s->bufsize &&
	    (off_t)s->total >= s->end - s->start)
		s->ended = 1;
	return 1;
}

ssize_t
mds_src_read(struct mds_src *s, void *p, size_t len)
{
	ssize_t got;

	do
		got = read(s->fd, p, len);
	while (got == -1 && errno == EINTR);
	if (got > 0)
		s->total += (uint64_t)got;
	return got;
}

/*
 * Has the file changed size, now that its bytes ran out?  -1: it ended
 * before the size it had when opened (read: it gave fewer bytes, and is
 * smaller now; mapped: it is smaller now, cut within the last page, no
 * SIGBUS told: zeros were hashed).  1: a mapped file grew; the windows
 * go on to its new end, as a read loop goes on to the end of a file
 * written while it is read, so that the digest does not depend on the
 * way the bytes were got.  0: neither.  A file whose size is only
 * nominal, as in sysfs, keeps it.  One fstat(2), and only where a size
 * can have changed unseen.
 */
int
mds_src_resized(struct mds_src *s)
{
	struct stat now;

	if (s->start == -1 || s->start >= s->end ||
	    (s->kind != MDS_SRC_MAP && (off_t)s->total >= s->end - s->start) ||
	    fstat(s->fd, &now) == -1)
		return 0;
	if (now.st_size < s->end)
		return -1;
	if (s->kind == MDS_SRC_MAP && now.st_size > s->end) {
		s->end = now.st_size;
		return 1;
	}
	return 0;
}

int
mds_src_holds(const struct mds_src *s, const void *addr)
{
	const unsigned char *a = addr, *b = s->map;

	return b != NULL && a >= b && a < b + s->maplen;
}

void
mds_src_close(struct mds_src *s)
{
	if (s->map != NULL)
		(void)munmap(s->map, s->maplen);
	s->map = NULL;
}

/* Read a word of every cache line, as the hash would. */
static uint64_t
touch(const unsigned char *p, size_t len)
{
	uint64_t sum = 0, w;
	size_t i;

	for (i = 0; i < len; i += 64) {
		memcpy(&w, p + i, sizeof(w));
		sum += w;
	}
	return sum;
}

int
mds_src_sample(int fd, off_t off, size_t len, int map, unsigned char *buf,
    size_t chunk, uint64_t *sum)
{
	size_t o;
	void *p;

	*sum = 0;
	if (map) {
		/* as next_window maps (MAP_POPULATE was slower there) */
		p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, off);
		if (p == MAP_FAILED)
			return -1;
		(void)madvise(p, len, MADV_SEQUENTIAL);
		*sum = touch(p, len);
		(void)munmap(p, len);
		return 0;
	}
	for (o = 0; o < len; o += chunk) {
		if (pread(fd, buf, chunk, off + (off_t)o) != (ssize_t)chunk)
			return -1;
		*sum += touch(buf, chunk);
	}
	return 0;
}
