/*
 * input.c: getting a file's bytes to the hash, one stream at a time.  The
 * bytes come from the chunk source (source.c: a regular file mapped in
 * windows or read in large aligned blocks; pipes, ttys, devices and the
 * like read in a loop); this file decides which way a regular file is
 * got, and feeds the chunks to the contexts.  Which of mmap and read is
 * the default for regular files is measured on the machine
 * (mds_read_probe, below); reading until then.
 *
 * A file that shrinks while it is hashed is reported (info->changed,
 * EIO) whichever way it is got; a mapped one truncated under the hash
 * raises SIGBUS, which the guard around feed_mapped turns into the same.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mds_int.h"
#include "source.h"
#include "blake3.h"


#define MAP_MIN_SIZE	(256 * 1024)		/* smaller files are read */
#define SMALL_BUF_SIZE	(64 * 1024)		/* on the stack, for small files */
#define LOOP_BUF_SIZE	(256 * 1024)		/* bytes a read asks for */
/* Smaller, a file is hashed faster than threads start (BENCHMARKS.md). */
#define THREADS_MIN	(8 * 1024 * 1024)
#define PREFETCH_CHUNK	1024			/* hashed while a later one loads */
/*
 * Input of unknown size: once this much has come, the kernels are timed
 * (tune.c): some hundreds of microseconds, a few per cent of this much
 * hashing, little against what a long stream goes on to cost.
 */
#define PIPE_TUNE_MIN	(16 * 1024 * 1024)

void (*mds_progress_hook)(uint64_t, unsigned int);

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

/* MAP_PROBE bytes at off, read or mapped (source.c): ns, or -1. */
static double
probe_way(int fd, off_t off, int map, unsigned char *buf)
{
	static volatile uint64_t sink;
	double t0 = mds_now_ns();
	uint64_t sum;

	if (mds_src_sample(fd, off, MAP_PROBE, map, buf, PROBE_CHUNK,
	    &sum) == -1)
		return -1;
	sink += sum;
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
	    !mds_src_bus_ready() || fstat(fd, &sb) == -1 ||
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
 * The bytes MDS_SRC_PREFETCH_AHEAD beyond each chunk (but within the
 * window) are prefetched while the chunk is hashed.  Small chunks spread
 * the prefetches out: a burst of a page's 64 lines at once fills the
 * line-fill buffers and stalls.  (1 GiB of cached file, sha256: 0.62 s
 * with 1 KiB chunks 4 KiB ahead, 0.71 s with 4 KiB chunks, 1.05 s
 * without; 0.59 s from a hot buffer.)
 */
static int
feed_mapped(mds_ctx *ctxs, size_t n, const unsigned char *p, size_t len)
{
	sigjmp_buf env;
	size_t off, step, ahead;

	if (sigsetjmp(env, 0) != 0) {
		mds_src_unguard();
		return -1;
	}
	mds_src_guard(&env);
	/* A tree takes the window whole: its batch reads 16 chunks abreast. */
	if (n == 1 && mds_blake3_ctx(&ctxs[0])) {
		feed(ctxs, n, p, len);
		mds_src_unguard();
		return 0;
	}
	for (off = 0; off < len; off += step) {
		step = len - off < PREFETCH_CHUNK ? len - off : PREFETCH_CHUNK;
		ahead = len - off > MDS_SRC_PREFETCH_AHEAD ?
		    len - off - MDS_SRC_PREFETCH_AHEAD : 0;
		/* cppcheck-suppress knownConditionTrueFalse */
		mds_src_prefetch(p + off, ahead < step ? ahead : step, 64);
		feed(ctxs, n, p + off, step);
	}
	mds_src_unguard();
	return 0;
}

/*
 * Hash the chunks of src into the contexts: the bytes got, or -1 (with
 * info->changed if the file changed).  sized: the input's size is known
 * (a regular file), else a long one has its kernels measured once it
 * turns out long.
 */
static int64_t
hash_source(mds_ctx *ctxs, size_t n, struct mds_src *src, int sized,
    struct mds_read_info *info)
{
	const unsigned char *p;
	int64_t total = 0;
	size_t len, i;
	int r;

	while ((r = mds_src_next(src, &p, &len)) == 1) {
		if (mds_src_mapped(src)) {
			if (feed_mapped(ctxs, n, p, len) == -1) {
				mds_src_close(src);
				info->changed = 1;
				errno = EIO;
				return -1;
			}
		} else
			feed(ctxs, n, p, len);
		if (mds_progress_hook != NULL)
			mds_progress_hook(len, (unsigned int)n);
		/*
		 * An input of unknown size that turns out large: the fastest
		 * kernel for it measured now, and taken from here on.
		 */
		if (total < (int64_t)PIPE_TUNE_MIN &&
		    total + (int64_t)len >= (int64_t)PIPE_TUNE_MIN && !sized)
			for (i = 0; i < n; i++)
				mds_ctx_rekernel(&ctxs[i]);
		total += (int64_t)len;
	}
	info->changed = src->changed;
	return r == -1 ? -1 : total;
}

/*
 * The read buffer of a thread, kept from one input to the next and freed
 * when the thread ends: a buffer of 256 KiB comes from mmap inside
 * malloc, and mapping, faulting in and unmapping it for each of many
 * files hashed in their turn cost more than the hashing (2,000 files of
 * 1 to 256 KiB by blake3: 1.06 s, 0.79 of it in the kernel, against
 * 0.31 s with one buffer).  NULL if none can be had: the source makes
 * one for the input.
 */
static pthread_key_t buf_key;
static pthread_once_t buf_once = PTHREAD_ONCE_INIT;
static int buf_key_ok;

static void
buf_key_make(void)
{
	buf_key_ok = pthread_key_create(&buf_key, free) == 0;
}

static unsigned char *
thread_buf(void)
{
	void *buf;

	(void)pthread_once(&buf_once, buf_key_make);
	if (!buf_key_ok)
		return NULL;
	if ((buf = pthread_getspecific(buf_key)) == NULL) {
		if (posix_memalign(&buf, 4096, LOOP_BUF_SIZE) != 0)
			return NULL;
		if (pthread_setspecific(buf_key, buf) != 0) {
			free(buf);
			return NULL;
		}
	}
	return buf;
}

/*
 * Small files are read into a buffer on the stack: a large one comes
 * from mmap inside malloc, and mapping and unmapping it for each of many
 * small files costs more than the hashing (and, with threads, TLB
 * flushes on the other CPUs).
 */
int64_t
mds_update_file(mds_ctx *ctxs, size_t n, int fd, int how,
    struct mds_read_info *info)
{
	unsigned char stackbuf[SMALL_BUF_SIZE], *buf = NULL;
	struct mds_read_info dummy;
	struct mds_src src;
	struct stat sb;
	off_t start = -1;
	int64_t got;
	size_t i;
	int saved;

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
		if (sb.st_size < SMALL_BUF_SIZE)
			buf = stackbuf;
	}
	if (buf == NULL)
		buf = thread_buf();
	mds_src_open_fd(&src, fd, &sb, start, how, 0, &buf,
	    buf == stackbuf ? SMALL_BUF_SIZE : LOOP_BUF_SIZE);
	/* Large: the fastest code for it measured first (tune.c). */
	if (start != -1 && start < sb.st_size)
		for (i = 0; i < n; i++)
			mds_ctx_retune(&ctxs[i],
			    (uint64_t)(sb.st_size - start));
	got = hash_source(ctxs, n, &src, S_ISREG(sb.st_mode), info);
	info->how = src.kind == MDS_SRC_MAP ? "mmap" :
	    S_ISFIFO(sb.st_mode) ? "pipe" : "read loop";
	mds_src_close(&src);
	saved = errno;
	/* One the source made (no thread buffer could be): its own. */
	if (buf != stackbuf && buf != pthread_getspecific(buf_key))
		free(buf);
	errno = saved;
	return got;
}

/*
 * One context on up to threads threads: BLAKE3 from a large regular
 * file (blake3_threads.c); anything else as mds_update_file.
 */
int64_t
mds_update_file_threads(mds_ctx *ctx, int fd, int how, unsigned int threads,
    struct mds_read_info *info)
{
	struct mds_read_info dummy;
	struct stat sb;
	off_t start;

	if (threads <= 1 || ctx == NULL || mds_ctx_alg(ctx) == NULL ||
	    !mds_blake3_ctx(ctx) || how == MDS_READ_MMAP ||
	    fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode) ||
	    (start = lseek(fd, 0, SEEK_CUR)) == -1 ||
	    sb.st_size - start < (off_t)THREADS_MIN)
		return mds_update_file(ctx, 1, fd, how, info);
	if (info == NULL)
		info = &dummy;
	memset(info, 0, sizeof(*info));
	mds_ctx_retune(ctx, (uint64_t)(sb.st_size - start));
	if (!mds_blake3_ctx(ctx))	/* retuned to another backend */
		return mds_update_file(ctx, 1, fd, how, info);
	return mds_blake3_file(&ctx->u_, fd, &sb, start, threads, info);
}
