/*
 * blake3_threads.c: one BLAKE3 message on several threads.  Its chunks
 * are the leaves of a binary tree, so a piece of 64 KiB aligned in the
 * message is a subtree that any thread can hash on its own
 * (mds_blake3_piece); the state joins the pieces' chaining values in
 * order (blake3_tree.c).
 *
 * The message is taken a window (16 MiB) at a time.  Each thread takes
 * a unit of the window (256 KiB, four pieces), fetches it into a buffer
 * of its own and hashes its pieces: reading a regular file with pread(2)
 * each, the threads copy from the page cache side by side, and each
 * hashes what it just read from its own cache.  Once a window's units
 * are all hashed, the calling thread joins their chaining values.  The
 * bytes before the first whole piece and after the last go through the
 * state's own update, in order; so the digest is the same for every
 * count of threads and every unit size.
 *
 * A file is read, never mapped: a truncated mapping raises SIGBUS in
 * whichever thread touches it, and only the calling thread's can be
 * caught (source.h's guard).  A read that ends before the size the file
 * had is a file that shrank.  Memory: a unit per thread.
 */
#include <sys/stat.h>

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mds_int.h"
#include "blake3.h"

#define UNIT		(256u * 1024)
#define WINDOW_UNITS	64
#define MAX_UNIT_PIECES	(UNIT / MDS_BLAKE3_PIECE)
#define WINDOW_PIECES	(WINDOW_UNITS * MAX_UNIT_PIECES)
#define MAX_THREADS	64

/* Where units come from: a file (pread) or memory (the tests). */
struct fetch {
	int			 fd;
	off_t			 start;	/* the message's first byte */
	const unsigned char	*mem;	/* NULL: the file */
};

/* A window's units, and the threads that take them. */
struct pool {
	pthread_mutex_t	 mu;
	pthread_cond_t	 work;		/* a window's units, or quit */
	pthread_cond_t	 done;		/* the last unit finished */
	const void	*state;		/* key, mode, kernel: read only */
	struct fetch	 src;
	size_t		 unit;		/* bytes, a multiple of a piece */
	uint64_t	 off;		/* the window's first byte in the source */
	uint64_t	 t;		/* its first chunk's index */
	unsigned char	 cv[WINDOW_PIECES][32];
	size_t		 pieces;	/* the window's */
	size_t		 n, next, finished;	/* units */
	size_t		 gen;		/* windows handed out */
	int		 quit;
	int		 failed;	/* errno of a fetch, or 0 */
	pthread_t	 tid[MAX_THREADS];
	unsigned int	 nt;		/* threads of its own */
};

/*
 * Waiting awake, a while: the next window's units come within
 * microseconds of the last, and waking a thread that slept costs far
 * more in a virtual machine.
 */
#define SPIN	8192

static inline void
spin_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
}

/* While *v is seen (below: under seen), SPIN pauses at most. */
static void
spin_while(const struct pool *pl, const size_t *v, size_t seen, int below)
{
	size_t x;
	int i;

	for (i = 0; i < SPIN && !__atomic_load_n(&pl->quit, __ATOMIC_ACQUIRE);
	    i++) {
		x = __atomic_load_n(v, __ATOMIC_ACQUIRE);
		if (below ? x >= seen : x != seen)
			return;
		spin_pause();
	}
}

/* len bytes of the message at off into buf: 0, or an errno. */
static int
fetch(const struct fetch *f, unsigned char *buf, uint64_t off, size_t len)
{
	ssize_t n;

	if (f->mem != NULL) {
		memcpy(buf, f->mem + off, len);
		return 0;
	}
	while (len > 0) {
		n = pread(f->fd, buf, len, f->start + (off_t)off);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return errno;
		if (n == 0)
			return EIO;	/* it shrank */
		buf += n;
		off += (uint64_t)n;
		len -= (size_t)n;
	}
	return 0;
}

/* Take units until none is left; pl->mu held on entry and return. */
static void
take_units(struct pool *pl, unsigned char *buf)
{
	size_t i, k, np, first;
	uint64_t off;
	int e;

	while (pl->next < pl->n) {
		i = pl->next++;
		first = i * (pl->unit / MDS_BLAKE3_PIECE);
		np = pl->pieces - first < pl->unit / MDS_BLAKE3_PIECE ?
		    pl->pieces - first : pl->unit / MDS_BLAKE3_PIECE;
		off = pl->off + (uint64_t)first * MDS_BLAKE3_PIECE;
		(void)pthread_mutex_unlock(&pl->mu);
		e = fetch(&pl->src, buf, off, np * MDS_BLAKE3_PIECE);
		for (k = 0; e == 0 && k < np; k++)
			mds_blake3_piece(pl->state, buf + k * MDS_BLAKE3_PIECE,
			    pl->t + (uint64_t)(first + k) *
			    (MDS_BLAKE3_PIECE / 1024), pl->cv[first + k]);
		(void)pthread_mutex_lock(&pl->mu);
		if (e != 0 && pl->failed == 0)
			pl->failed = e;
		__atomic_store_n(&pl->finished, pl->finished + 1,
		    __ATOMIC_RELEASE);
		if (pl->finished == pl->n)
			(void)pthread_cond_signal(&pl->done);
	}
}

static void *
worker(void *arg)
{
	struct pool *pl = arg;
	unsigned char *buf;
	size_t seen;

	if (posix_memalign((void **)&buf, 4096, UNIT) != 0)
		return NULL;	/* the others take its units */
	(void)pthread_mutex_lock(&pl->mu);
	while (!pl->quit) {
		take_units(pl, buf);
		seen = pl->gen;
		(void)pthread_mutex_unlock(&pl->mu);
		spin_while(pl, &pl->gen, seen, 0);
		(void)pthread_mutex_lock(&pl->mu);
		while (!pl->quit && pl->gen == seen)
			(void)pthread_cond_wait(&pl->work, &pl->mu);
	}
	(void)pthread_mutex_unlock(&pl->mu);
	free(buf);
	return NULL;
}

/* The pool with threads - 1 threads of its own; NULL and errno. */
static struct pool *
pool_new(void *st, const struct fetch *src, size_t unit, unsigned int threads)
{
	struct pool *pl;

	if ((pl = calloc(1, sizeof(*pl))) == NULL)
		return NULL;
	(void)pthread_mutex_init(&pl->mu, NULL);
	(void)pthread_cond_init(&pl->work, NULL);
	(void)pthread_cond_init(&pl->done, NULL);
	pl->state = st;
	pl->src = *src;
	pl->unit = unit;
	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	while (pl->nt + 1 < threads &&
	    pthread_create(&pl->tid[pl->nt], NULL, worker, pl) == 0)
		pl->nt++;
	return pl;
}

static void
pool_free(struct pool *pl)
{
	unsigned int i;

	(void)pthread_mutex_lock(&pl->mu);
	__atomic_store_n(&pl->quit, 1, __ATOMIC_RELEASE);
	(void)pthread_cond_broadcast(&pl->work);
	(void)pthread_mutex_unlock(&pl->mu);
	for (i = 0; i < pl->nt; i++)
		(void)pthread_join(pl->tid[i], NULL);
	(void)pthread_cond_destroy(&pl->done);
	(void)pthread_cond_destroy(&pl->work);
	(void)pthread_mutex_destroy(&pl->mu);
	free(pl);
}

/*
 * The window of pieces whole pieces from byte off of the source, where
 * the state, settled, has taken a piece's multiple: hashed by the
 * threads and the caller, then joined.  0, or an errno.
 */
static int
window(struct pool *pl, void *st, unsigned char *buf, uint64_t off,
    size_t pieces)
{
	size_t per = pl->unit / MDS_BLAKE3_PIECE;

	(void)pthread_mutex_lock(&pl->mu);
	pl->off = off;
	pl->t = mds_blake3_taken(st) / 1024;
	pl->pieces = pieces;
	pl->n = (pieces + per - 1) / per;
	pl->next = 0;
	pl->finished = 0;
	__atomic_store_n(&pl->gen, pl->gen + 1, __ATOMIC_RELEASE);
	(void)pthread_cond_broadcast(&pl->work);
	take_units(pl, buf);
	if (pl->finished < pl->n) {
		/* The other threads' last units. */
		(void)pthread_mutex_unlock(&pl->mu);
		spin_while(pl, &pl->finished, pl->n, 1);
		(void)pthread_mutex_lock(&pl->mu);
	}
	while (pl->finished < pl->n)
		(void)pthread_cond_wait(&pl->done, &pl->mu);
	(void)pthread_mutex_unlock(&pl->mu);
	if (pl->failed != 0)
		return pl->failed;
	mds_blake3_join_pieces(st, &pl->cv[0][0], pieces);
	return 0;
}

/*
 * len bytes of the message from src, after what st has taken, on up to
 * threads threads, units of unit bytes: 0, or an errno (EIO: the file
 * ended early).  The state then holds every byte, unfinished.
 */
static int
run(void *st, const struct fetch *src, uint64_t len, size_t unit,
    unsigned int threads)
{
	struct pool *pl;
	unsigned char *buf;
	uint64_t off = 0, head, whole;
	size_t n;
	int e = 0;

	if (posix_memalign((void **)&buf, 4096, UNIT) != 0)
		return ENOMEM;
	if ((pl = pool_new(st, src, unit, threads)) == NULL) {
		free(buf);
		return ENOMEM;
	}
	/* To a piece's boundary in the message, through the state. */
	head = (MDS_BLAKE3_PIECE - mds_blake3_taken(st) % MDS_BLAKE3_PIECE) %
	    MDS_BLAKE3_PIECE;
	if (head > len)
		head = len;
	if (head > 0 && (e = fetch(src, buf, 0, (size_t)head)) == 0) {
		mds_blake3_update(st, buf, (size_t)head);
		off = head;
	}
	/* Whole pieces with a byte after the last, a window at a time. */
	whole = len > off ? (len - off - 1) / MDS_BLAKE3_PIECE : 0;
	if (e == 0 && whole > 0)
		mds_blake3_settle(st);
	while (e == 0 && whole > 0) {
		n = whole < WINDOW_PIECES ? (size_t)whole : WINDOW_PIECES;
		e = window(pl, st, buf, off, n);
		off += (uint64_t)n * MDS_BLAKE3_PIECE;
		whole -= n;
	}
	/* The rest, through the state. */
	while (e == 0 && off < len) {
		n = len - off < UNIT ? (size_t)(len - off) : UNIT;
		if ((e = fetch(src, buf, off, n)) == 0)
			mds_blake3_update(st, buf, n);
		off += n;
	}
	pool_free(pl);
	free(buf);
	return e;
}

/*
 * fd, a regular file from start (sb its fstat), into the BLAKE3 state st
 * on up to threads threads: the bytes got, or -1 with errno (EIO and
 * info->changed if the file shrank).  As a read loop, it goes on past
 * the size the file had, to its end, and leaves the offset there.
 */
int64_t
mds_blake3_file(void *st, int fd, const struct stat *sb, off_t start,
    unsigned int threads, struct mds_read_info *info)
{
	struct fetch src = { fd, start, NULL };
	uint64_t len = (uint64_t)(sb->st_size - start);
	unsigned char more[4096];
	int64_t total;
	ssize_t n;
	int e;

	info->how = "read loop";
	if ((e = run(st, &src, len, UNIT, threads)) != 0) {
		info->changed = e == EIO;
		errno = e;
		return -1;
	}
	total = (int64_t)len;
	if (lseek(fd, start + (off_t)len, SEEK_SET) == -1)
		return -1;
	/* A file that grew meanwhile: on to its end, as a read would. */
	while ((n = read(fd, more, sizeof(more))) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		mds_blake3_update(st, more, (size_t)n);
		total += n;
	}
	return total;
}

/*
 * Tests only: len bytes at p into st on up to threads threads, units of
 * unit bytes (a multiple of MDS_BLAKE3_PIECE, at most 256 KiB).
 */
int
mds_blake3_spans(void *st, const unsigned char *p, size_t len, size_t unit,
    unsigned int threads)
{
	struct fetch src = { -1, 0, p };

	if (unit == 0 || unit % MDS_BLAKE3_PIECE != 0 || unit > UNIT)
		return -1;
	return run(st, &src, len, unit, threads) == 0 ? 0 : -1;
}
