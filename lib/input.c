/*
 * input.c: getting a file's bytes to the hash.  A regular file is mapped
 * (in windows, so a huge file never needs a huge mapping) or read in
 * large aligned blocks; pipes, ttys, devices and the like are read in a
 * loop.  Which of mmap and read is the default for regular files is
 * measured on the machine (mds_read_probe, below); reading until then.
 *
 * A file that shrinks while it is hashed is reported (info->changed, EIO)
 * whichever way it is read.  A mapped file that is truncated raises
 * SIGBUS on the pages past its new end.  The library catches that signal
 * around its own hashing of mapped memory only (a per-thread jump buffer,
 * so it is right with threads), reports "the file changed" and leaves the
 * process alive; a SIGBUS anywhere else goes to the handler that was
 * there before.
 */
#define _GNU_SOURCE	/* F_SETPIPE_SZ where the system has it */

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

#include "mds_int.h"


#define MAP_WINDOW	(4 * 1024 * 1024)	/* bytes mapped at a time: bounds RSS */
#define MAP_MIN_SIZE	(256 * 1024)		/* smaller files are read */
#define SMALL_BUF_SIZE	(64 * 1024)		/* on the stack, for small files */
#define LOOP_BUF_SIZE	(256 * 1024)		/* bytes per read(2) */
#define PREFETCH_CHUNK	1024			/* hashed while a later one loads */
#define PREFETCH_AHEAD	4096			/* how much later */
#define PIPE_BUF_WANT	(1024 * 1024)		/* pipe buffer to ask for */
/*
 * Input of unknown size: once this much has come, the kernels are timed
 * (tune.c): some hundreds of microseconds, a few per cent of this much
 * hashing, little against what a long stream goes on to cost.
 */
#define PIPE_TUNE_MIN	(16 * 1024 * 1024)

/*
 * Set while this thread hashes mapped memory; the handler jumps back,
 * leaving the faulting address for a caller with several mappings.
 */
__thread sigjmp_buf *mds_bus_jump;
void (*mds_progress_hook)(uint64_t, unsigned int);
__thread void *mds_bus_addr;
static struct sigaction old_bus;
static pthread_once_t bus_once = PTHREAD_ONCE_INIT;
static int bus_ok;

static void
on_sigbus(int sig, siginfo_t *si, void *uc)
{
	if (mds_bus_jump != NULL) {
		mds_bus_addr = si->si_addr;
		siglongjmp(*mds_bus_jump, 1);
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
mds_bus_ready(void)
{
	(void)pthread_once(&bus_once, install_bus_handler);
	return bus_ok;
}

/*
 * Which of mapping and reading gets a cached file's bytes to the hash
 * cheaper differs from machine to machine: each page mapped costs the
 * kernel page-table work, dear in many virtual machines (mapping took 1.4
 * to 2 times reading on one), while reading costs a copy (mapping was 7%
 * faster on another), and on how the page cache holds the file (large
 * folios make both cheaper).  So the first large file of a process is
 * probed: fresh regions of it are got both ways, in turn, each way's
 * bytes touched once as a hash would read them, and the cheaper becomes
 * the default for regular files.  Until then, and for work too
 * small to repay the probe (some hundreds of microseconds), files are read.
 */
#define MAP_PROBE	(1024 * 1024)
#define PROBE_ROUNDS	4		/* regions each way */
#define PROBE_CHUNK	(128 * 1024)
static int read_choice = MDS_READ_LOOP;
static int probed;
static double probe_ns[2];
static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;


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

/* Get MAP_PROBE bytes at off by read(2) or by mmap(2): ns, or -1. */
static double
probe_way(int fd, off_t off, int map, unsigned char *buf)
{
	static volatile uint64_t sink;
	double t0 = mds_now_ns();
	size_t o;
	void *p;

	if (map) {
		/* as hash_mapped maps (MAP_POPULATE was slower there) */
		p = mmap(NULL, MAP_PROBE, PROT_READ, MAP_SHARED, fd, off);
		if (p == MAP_FAILED)
			return -1;
		(void)madvise(p, MAP_PROBE, MADV_SEQUENTIAL);
		sink += touch(p, MAP_PROBE);
		(void)munmap(p, MAP_PROBE);
	} else
		for (o = 0; o < MAP_PROBE; o += PROBE_CHUNK) {
			if (pread(fd, buf, PROBE_CHUNK, off + (off_t)o) !=
			    PROBE_CHUNK)
				return -1;
			sink += touch(buf, PROBE_CHUNK);
		}
	return mds_now_ns() - t0;
}

/*
 * Each round gets two MiB of the file not touched before, one each way
 * (which goes first alternates): bytes hashed come from memory, not
 * from a CPU cache that a probe of one region over and over would fill.
 */
void
mds_read_probe(int fd, off_t size)
{
	unsigned char *buf;
	double best[2] = { -1, -1 }, t;
	struct stat sb;
	size_t r;
	int way;

	if (__atomic_load_n(&probed, __ATOMIC_ACQUIRE) ||
	    size < (off_t)(2 * PROBE_ROUNDS * MAP_PROBE) || mds_tune_never() ||
	    !mds_bus_ready() || fstat(fd, &sb) == -1 ||
	    (int64_t)sb.st_blocks * 512 + 65536 < sb.st_size)
		return;	/* a sparse file's holes would mislead it */
	(void)pthread_mutex_lock(&probe_lock);
	if (probed || posix_memalign((void **)&buf, 4096, PROBE_CHUNK) != 0) {
		(void)pthread_mutex_unlock(&probe_lock);
		return;
	}
	for (r = 0; r < 2 * PROBE_ROUNDS; r++) {
		way = (int)((r + r / 2) % 2);	/* 0 1, 1 0, 0 1, ... */
		t = probe_way(fd, (off_t)(r * MAP_PROBE), way, buf);
		if (t < 0)
			goto out;
		if (best[way] < 0 || t < best[way])
			best[way] = t;
	}
	/* Mapping must be cheaper by a margin: reading is the default. */
	read_choice = best[1] * 1.03 < best[0] ? MDS_READ_MMAP :
	    MDS_READ_LOOP;
	probe_ns[0] = best[0];
	probe_ns[1] = best[1];
out:
	__atomic_store_n(&probed, 1, __ATOMIC_RELEASE);
	(void)pthread_mutex_unlock(&probe_lock);
	free(buf);
}

int
mds_read_default(double *read_us, double *map_us)
{
	int done = __atomic_load_n(&probed, __ATOMIC_ACQUIRE) &&
	    probe_ns[0] > 0;

	if (read_us != NULL)
		*read_us = done ? probe_ns[0] / 1e3 : -1;
	if (map_us != NULL)
		*map_us = done ? probe_ns[1] / 1e3 : -1;
	return __atomic_load_n(&read_choice, __ATOMIC_RELAXED);
}

/*
 * How MDS_READ_AUTO reads a regular file.  Mapping a hole costs a fault
 * per page for a page of zeros: a sparse file is read (BENCHMARKS.md: 4.4
 * times faster).  A small file is read too: mapping it costs more system
 * calls than its bytes cost to copy, and unmapping in a process with
 * threads makes the kernel flush other CPUs' TLBs.  Others go the way the
 * probe found cheaper here.
 */
int
mds_read_how(const struct stat *sb, int how)
{
	if (how != MDS_READ_AUTO)
		return how;
	return sb->st_size < MAP_MIN_SIZE ||
	    (int64_t)sb->st_blocks * 512 + 65536 < sb->st_size ?
	    MDS_READ_LOOP : __atomic_load_n(&read_choice, __ATOMIC_RELAXED);
}

static void
feed(mds_ctx *ctxs, size_t n, const void *p, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		(void)mds_update(&ctxs[i], p, len);
}

/*
 * Hash a window of mapped memory; -1 if the file shrank under it.  The
 * contexts are then in an undefined state: the caller discards them.
 *
 * Hardware prefetchers stop at page boundaries, and the pages of a mapped
 * file are scattered: so the bytes PREFETCH_AHEAD beyond each chunk are
 * prefetched by hand while the chunk is hashed (prefetches never fault,
 * even past the end).  Small chunks spread the prefetches out: a burst of
 * a page's 64 lines at once fills the line-fill buffers and stalls.
 * (1 GiB of cached file, sha256: 0.62 s with 1 KiB chunks 4 KiB ahead,
 * 0.71 s with 4 KiB chunks, 1.05 s without; 0.59 s from a hot buffer.)
 */
static int
feed_mapped(mds_ctx *ctxs, size_t n, const void *p, size_t len)
{
	const unsigned char *c = p;
	sigjmp_buf env;
	size_t off, k, step;

	if (sigsetjmp(env, 0) != 0) {
		mds_bus_jump = NULL;
		return -1;
	}
	mds_bus_jump = &env;
	for (off = 0; off < len; off += step) {
		step = len - off < PREFETCH_CHUNK ? len - off : PREFETCH_CHUNK;
		/* cppcheck-suppress knownConditionTrueFalse */
		for (k = 0; k < step && off + PREFETCH_AHEAD + k < len; k += 64)
			__builtin_prefetch(c + off + PREFETCH_AHEAD + k, 0, 3);
		feed(ctxs, n, c + off, step);
	}
	mds_bus_jump = NULL;
	return 0;
}

/*
 * Hash bytes [start, size) of a regular file from mappings of at most
 * MAP_WINDOW bytes; -2 if it cannot be mapped at all (read it instead).
 * The file offset is left at size, as reading would have left it.
 */
static int64_t
hash_mapped(mds_ctx *ctxs, size_t n, int fd, off_t start, off_t size,
    struct mds_read_info *info)
{
	off_t page = (off_t)sysconf(_SC_PAGESIZE), base, off;
	struct stat sb;
	size_t len, skip;
	void *p;

	if (!mds_bus_ready() || page <= 0)
		return -2;	/* no way to survive truncation: read instead */
	for (off = start; off < size; off += (off_t)(len - skip)) {
		base = off - off % page;	/* mmap wants page offsets */
		skip = (size_t)(off - base);
		len = size - base > MAP_WINDOW ? MAP_WINDOW :
		    (size_t)(size - base);
		p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, base);
		if (p == MAP_FAILED) {
			if (off == start)
				return -2;
			return -1;
		}
		(void)madvise(p, len, MADV_SEQUENTIAL);
		if (feed_mapped(ctxs, n, (unsigned char *)p + skip,
		    len - skip) == -1) {
			(void)munmap(p, len);
			info->changed = 1;
			errno = EIO;
			return -1;
		}
		(void)munmap(p, len);
		if (mds_progress_hook != NULL)
			mds_progress_hook(len - skip, (unsigned int)n);
	}
	/* Shrunk within the last page: no SIGBUS, but zeros were hashed. */
	if (fstat(fd, &sb) == 0 && sb.st_size < size) {
		info->changed = 1;
		errno = EIO;
		return -1;
	}
	(void)lseek(fd, size, SEEK_SET);
	return (int64_t)(size - start);
}

/*
 * Read fd to its end into the contexts.  Small files use a buffer on the
 * stack: a large one comes from mmap inside malloc, and mapping and
 * unmapping it for each of many small files costs more than the hashing
 * (and, with threads, TLB flushes on the other CPUs).
 */
static int64_t
hash_loop(mds_ctx *ctxs, size_t n, int fd, int small, int sized)
{
	unsigned char stackbuf[SMALL_BUF_SIZE], *buf = stackbuf;
	size_t size = sizeof(stackbuf);
	int64_t total = 0;
	ssize_t got;
	size_t i;
	int saved;

	if (!small) {
		if (posix_memalign((void **)&buf, 4096, LOOP_BUF_SIZE) != 0) {
			errno = ENOMEM;
			return -1;
		}
		size = LOOP_BUF_SIZE;
	}
	for (;;) {
		got = read(fd, buf, size);
		if (got == -1 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		feed(ctxs, n, buf, (size_t)got);
		if (mds_progress_hook != NULL)
			mds_progress_hook((uint64_t)got, (unsigned int)n);
		/*
		 * An input of unknown size that turns out large: the fastest
		 * kernel for it measured now, and taken from here on.
		 */
		if (total < (int64_t)PIPE_TUNE_MIN &&
		    total + got >= (int64_t)PIPE_TUNE_MIN && !sized)
			for (i = 0; i < n; i++)
				mds_ctx_rekernel(&ctxs[i]);
		total += got;
	}
	saved = errno;
	if (buf != stackbuf)
		free(buf);
	errno = saved;
	return got == -1 ? -1 : total;
}

int64_t
mds_update_file(mds_ctx *ctxs, size_t n, int fd, int how,
    struct mds_read_info *info)
{
	struct mds_read_info dummy;
	struct stat sb, now;
	off_t start;
	int64_t got;
	size_t i;

	if (info == NULL)
		info = &dummy;
	memset(info, 0, sizeof(*info));
	if ((ctxs == NULL && n != 0) || how < MDS_READ_AUTO ||
	    how > MDS_READ_LOOP) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < n; i++)
		if (mds_ctx_alg(&ctxs[i]) == NULL)
			return -1;
	if (fstat(fd, &sb) == -1)
		return -1;
	if (S_ISDIR(sb.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	if (S_ISREG(sb.st_mode)) {
		/* From the current offset, as a read would (stdin < file). */
		start = lseek(fd, 0, SEEK_CUR);
		/* Large: the cheaper way to get its bytes probed first. */
		if (how == MDS_READ_AUTO && start != -1 &&
		    sb.st_size - start >= (off_t)MDS_READ_PROBE_MIN)
			mds_read_probe(fd, sb.st_size);
		how = mds_read_how(&sb, how);
		if (sb.st_size >= MAP_MIN_SIZE)
			(void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
		/* Large: the fastest code for it measured first (tune.c). */
		if (start != -1 && start < sb.st_size)
			for (i = 0; i < n; i++)
				mds_ctx_retune(&ctxs[i],
				    (uint64_t)(sb.st_size - start));
		if (how == MDS_READ_MMAP && start != -1 && start < sb.st_size) {
			info->how = "mmap";
			got = hash_mapped(ctxs, n, fd, start, sb.st_size, info);
			if (got != -2)
				return got;
		}
		info->how = "read loop";
		got = hash_loop(ctxs, n, fd, sb.st_size < SMALL_BUF_SIZE, 1);
		/*
		 * Shrunk while read, as the mapped path reports it: fewer
		 * bytes than its size said, and a smaller size now.  (A
		 * file whose size is only nominal, as in sysfs, keeps it.)
		 */
		if (got != -1 && start != -1 && start < sb.st_size &&
		    got < (int64_t)(sb.st_size - start) &&
		    fstat(fd, &now) == 0 && now.st_size < sb.st_size) {
			info->changed = 1;
			errno = EIO;
			return -1;
		}
		return got;
	}
	if (S_ISFIFO(sb.st_mode)) {
		info->how = "pipe";
#ifdef F_SETPIPE_SZ
		(void)fcntl(fd, F_SETPIPE_SZ, PIPE_BUF_WANT);
#endif
	} else
		info->how = "read loop";
	return hash_loop(ctxs, n, fd, 0, 0);
}
