/*
 * blake3_threads.c: one BLAKE3 message on several threads.  Its chunks
 * are the leaves of a binary tree, so a piece of 64 KiB aligned in the
 * message is a subtree that any thread can hash on its own
 * (mds_blake3_piece); the state joins the pieces' chaining values in
 * order (blake3.c).  A regular file is read a span (4 MiB) at a time
 * into one of two buffers: while the threads hash the pieces of one
 * span, the calling thread reads the next into the other, then takes
 * pieces too.  The bytes before the first whole piece of a span and
 * after its last go through the state's own update, in order; so the
 * digest is the same for every count of threads and every size of read.
 *
 * The file is read, never mapped: a truncated mapping raises SIGBUS in
 * whichever thread touches it, and only the calling thread's can be
 * caught (source.h's guard).  Memory: the two spans.
 */
#include <sys/stat.h>

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mds_int.h"
#include "source.h"
#include "blake3.h"

#define SPAN		(4u << 20)
#define SPAN_PIECES	(SPAN / MDS_BLAKE3_PIECE)
#define MAX_THREADS	64

/* The pieces of one span, and the threads that take them. */
struct pool {
	pthread_mutex_t	 mu;
	pthread_cond_t	 work;		/* a span's pieces, or quit */
	pthread_cond_t	 done;		/* the last piece finished */
	const void	*state;		/* key, mode, kernel: read only */
	const unsigned char *p;		/* the first piece */
	uint64_t	 t;		/* its first chunk's index */
	unsigned char	 cv[SPAN_PIECES][32];
	size_t		 n, next, finished;
	int		 quit;
	pthread_t	 tid[MAX_THREADS];
	unsigned int	 nt;		/* threads of its own */
};

/* Take pieces until none is left; pl->mu held on entry and return. */
static void
take_pieces(struct pool *pl)
{
	const unsigned char *p;
	uint64_t t;
	size_t i;

	while (pl->next < pl->n) {
		i = pl->next++;
		p = pl->p + (size_t)MDS_BLAKE3_PIECE * i;
		t = pl->t + (uint64_t)i * (MDS_BLAKE3_PIECE / 1024);
		(void)pthread_mutex_unlock(&pl->mu);
		mds_blake3_piece(pl->state, p, t, pl->cv[i]);
		(void)pthread_mutex_lock(&pl->mu);
		if (++pl->finished == pl->n)
			(void)pthread_cond_signal(&pl->done);
	}
}

static void *
worker(void *arg)
{
	struct pool *pl = arg;

	(void)pthread_mutex_lock(&pl->mu);
	while (!pl->quit) {
		take_pieces(pl);
		if (!pl->quit)
			(void)pthread_cond_wait(&pl->work, &pl->mu);
	}
	(void)pthread_mutex_unlock(&pl->mu);
	return NULL;
}

/*
 * A span's bytes p, len: the bytes up to a piece's boundary through the
 * state's update, and its whole pieces (with a byte after the last) to
 * the threads; returns where the rest starts.
 */
static size_t
span_start(struct pool *pl, void *st, const unsigned char *p, size_t len)
{
	size_t head, n;

	head = (size_t)(MDS_BLAKE3_PIECE - mds_blake3_taken(st) %
	    MDS_BLAKE3_PIECE) % MDS_BLAKE3_PIECE;
	if (len <= head + MDS_BLAKE3_PIECE) {
		mds_blake3_update(st, p, len);
		return len;
	}
	mds_blake3_update(st, p, head);
	mds_blake3_settle(st);
	n = (len - head - 1) / MDS_BLAKE3_PIECE;
	(void)pthread_mutex_lock(&pl->mu);
	pl->p = p + head;
	pl->t = mds_blake3_taken(st) / 1024;
	pl->n = n;
	pl->next = 0;
	pl->finished = 0;
	(void)pthread_cond_broadcast(&pl->work);
	(void)pthread_mutex_unlock(&pl->mu);
	return head + n * MDS_BLAKE3_PIECE;
}

/* The span's pieces hashed (the caller taking some), joined, then rest. */
static void
span_end(struct pool *pl, void *st, const unsigned char *rest, size_t len)
{
	(void)pthread_mutex_lock(&pl->mu);
	take_pieces(pl);
	while (pl->finished < pl->n)
		(void)pthread_cond_wait(&pl->done, &pl->mu);
	(void)pthread_mutex_unlock(&pl->mu);
	mds_blake3_join_pieces(st, &pl->cv[0][0], pl->n);
	pl->n = 0;
	mds_blake3_update(st, rest, len);
}

/* The pool with threads - 1 threads of its own; NULL and errno. */
static struct pool *
pool_new(void *st, unsigned int threads)
{
	struct pool *pl;

	if ((pl = calloc(1, sizeof(*pl))) == NULL)
		return NULL;
	(void)pthread_mutex_init(&pl->mu, NULL);
	(void)pthread_cond_init(&pl->work, NULL);
	(void)pthread_cond_init(&pl->done, NULL);
	pl->state = st;
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
	pl->quit = 1;
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
 * fd, a regular file from start (sb its fstat), into the BLAKE3 state st
 * on up to threads threads: the bytes got, or -1 with errno (EIO and
 * info->changed if the file shrank).
 */
int64_t
mds_blake3_file(void *st, int fd, const struct stat *sb, off_t start,
    unsigned int threads, struct mds_read_info *info)
{
	unsigned char *span[2] = { NULL, NULL }, *buf;
	const unsigned char *p = NULL, *next;
	struct pool *pl = NULL;
	struct mds_src src;
	size_t len = 0, nextlen, rest;
	int64_t total = 0;
	int r, cur = 0, saved;

	if (posix_memalign((void **)&span[0], 4096, SPAN) != 0 ||
	    posix_memalign((void **)&span[1], 4096, SPAN) != 0 ||
	    (pl = pool_new(st, threads)) == NULL) {
		free(span[0]);
		free(span[1]);
		errno = ENOMEM;
		return -1;
	}
	buf = span[cur];
	mds_src_open_fd(&src, fd, sb, start, MDS_READ_LOOP, 0, &buf, SPAN);
	r = mds_src_next(&src, &p, &len);
	while (r == 1) {
		rest = span_start(pl, st, p, len);
		/* The next span into the other buffer, as the threads hash. */
		cur ^= 1;
		buf = span[cur];
		r = mds_src_next(&src, &next, &nextlen);
		span_end(pl, st, p + rest, len - rest);
		if (mds_progress_hook != NULL)
			mds_progress_hook(len, 1);
		total += (int64_t)len;
		p = next;
		len = nextlen;
	}
	saved = errno;
	info->changed = src.changed;
	info->how = "read loop";
	mds_src_close(&src);
	pool_free(pl);
	free(span[0]);
	free(span[1]);
	errno = saved;
	return r == -1 ? -1 : total;
}

/*
 * Tests only: len bytes at p into st as spans of span bytes (at most
 * SPAN) would come, on up to threads threads.
 */
int
mds_blake3_spans(void *st, const unsigned char *p, size_t len, size_t span,
    unsigned int threads)
{
	struct pool *pl;
	size_t n, rest;

	if (span == 0 || span > SPAN || (pl = pool_new(st, threads)) == NULL)
		return -1;
	for (; len > 0; p += n, len -= n) {
		n = len < span ? len : span;
		rest = span_start(pl, st, p, n);
		span_end(pl, st, p + rest, n - rest);
	}
	pool_free(pl);
	return 0;
}
