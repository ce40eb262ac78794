/*
 * lanes.c: the lane scheduler, and the batch API on it.
 *
 * One message cannot go faster than its dependency chain allows; a
 * multi-buffer kernel hashes a block of each of several messages at once
 * (dispatch.c picks it).  The scheduler keeps one message per lane: it
 * feeds each lane the next whole blocks of its own input (a buffer, or a
 * regular file mapped in windows or read), keeps the partial block at the
 * end of a chunk until the next chunk completes it, and runs the padding
 * through the lanes too, so a message of a single short block costs one
 * lane of one kernel call.  BLAKE2b has no padding but a last block
 * compressed with a flag and the message length as its counter: a lane
 * keeps its last 1 .. 128 bytes back until the source says they end it,
 * and the counter and flag are columns of the state, as the chaining
 * value is.  A lane whose message is done takes the next one waiting.
 * Digests are handed back in the order messages were added.
 *
 * When fewer lanes are busy than the kernel needs to beat one stream
 * (min_busy), the oldest message is finished alone by the single-stream
 * kernel.  Without a multi-buffer kernel for the algorithm (or with a
 * backend other than native chosen), messages are hashed one at a time
 * through the ordinary interface: same results, same order.
 *
 * A file truncated under its mapping raises SIGBUS while a kernel reads
 * it; the faulting address names the lane, whose message fails with
 * "changed", and the other lanes go on from the state saved before the
 * call.
 */
#include <sys/types.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mds_int.h"

#ifndef MAP_POPULATE		/* Linux's; elsewhere pages fault in as read */
#define MAP_POPULATE	0
#endif

#define LANE_WINDOW	(1024 * 1024)	/* bytes mapped per lane at a time */
#define LANE_READ	(64 * 1024)	/* bytes per read(2) per lane */
#define LANE_PROBE_MIN	(16 * 1024 * 1024)	/* a first file worth probing */
#define STEP_BYTES	1024		/* per lane per kernel call: prefetch pace */
#define PREFETCH_AHEAD	4096
#define MAX_SPARE	64		/* message records kept for reuse */

enum msg_state { MSG_QUEUED, MSG_BUSY, MSG_DONE };

/*
 * BLAKE2b's words after the chaining value: counter low, high, and the
 * last-block flag, which lane_next_run sets with the counter at the end.
 */
#define B2_T0	8
#define B2_T1	9
#define B2_F0	10

struct msg {
	struct msg	*next;		/* in the order added */
	void		*tag;
	enum msg_state	 state;
	const unsigned char *buf;	/* a buffer's bytes, or NULL */
	size_t		 len;
	int		 fd;		/* a file's descriptor, or -1 */
	int		 how;		/* MDS_READ_* */
	/* Blocks the multi-buffer kernel and the single one hashed. */
	uint64_t	 shared_blocks, solo_blocks;
	const char	*impl;		/* msg_single's code, or NULL */
	struct mds_lane_result r;
};

struct lane {
	struct msg	*m;		/* NULL: idle */
	/* The chunk of input at hand, past what runs have taken. */
	const unsigned char *p;
	size_t		 avail;
	int		 more;		/* the source has chunks after it */
	uint64_t	 total;		/* bytes of the message so far */
	/* The blocks the next kernel call takes. */
	const unsigned char *run;
	size_t		 run_blocks;
	int		 final;		/* run is the padding: then done */
	/* A partial block waiting for the next chunk, then the padding. */
	unsigned char	 carry[2 * MDS_MAX_BLOCK];
	size_t		 carry_fill;
	size_t		 dirty;		/* batch, sponge: carry[dirty..] is 0 */
	/* A file: mapped in windows, or read. */
	int		 mapped;
	off_t		 off, start, end;
	void		*map;
	size_t		 maplen;
	unsigned char	*rbuf;		/* LANE_READ bytes, kept for the next */
};

struct mds_lanes {
	/* Word-major chaining values, and a copy to go back to on SIGBUS. */
	uint64_t	 state[25 * MDS_MAX_LANES] __attribute__((aligned(64)));
	uint64_t	 saved[25 * MDS_MAX_LANES] __attribute__((aligned(64)));
	const struct mds_alg		*alg;
	const struct mds_shape		*shape;
	const struct mds_mb_kernel	*k;	/* NULL: one at a time */
	const struct mds_kernel		*single;	/* for a lane alone */
	enum mds_cons	 cons;		/* how the message ends */
	size_t		 width, block, wsize;	/* wsize: bytes per word */
	size_t		 state_size;		/* bytes of state in use */
	size_t		 dlen;			/* digest bytes */
	int		 saved_valid;		/* saved is the state before a call */
	struct msg	*head, *tail, *queued;	/* queued: first not started */
	struct msg	*spare;			/* handed back, for reuse */
	size_t		 nspare;
	size_t		 pending;
	int		 tune_asked;		/* a large file asked tune.c */
	const char	*last_impl;		/* what hashed mds_lanes_next's */
	size_t		 last_lanes;
	struct lane	 lane[MDS_MAX_LANES];
	uint64_t	 iv[25];	/* the chaining value a message starts from */
};

enum { RUN_READY, RUN_FAILED };

static void	lane_release(struct mds_lanes *, struct lane *);

/* Word w of lane l, as 64 bits, and back. */
static uint64_t
col_get(const struct mds_lanes *s, size_t w, size_t l)
{
	if (s->wsize == 4)
		return ((const uint32_t *)s->state)[w * s->width + l];
	return s->state[w * s->width + l];
}

static void
col_set(struct mds_lanes *s, size_t w, size_t l, uint64_t v)
{
	if (s->wsize == 4)
		((uint32_t *)s->state)[w * s->width + l] = (uint32_t)v;
	else
		s->state[w * s->width + l] = v;
}

static void
col_start(struct mds_lanes *s, size_t l)
{
	uint32_t *s32 = (uint32_t *)s->state;
	size_t w, words = s->shape->words, width = s->width;

	if (s->wsize == 4)
		for (w = 0; w < words; w++)
			s32[w * width + l] = (uint32_t)s->iv[w];
	else
		for (w = 0; w < words; w++)
			s->state[w * width + l] = s->iv[w];
}

/* Every lane back to the initial chaining value. */
static void
rows_start(struct mds_lanes *s)
{
	size_t l;

	if (s->cons == MDS_CONS_SPONGE) {	/* the sponge starts from zeros */
		memset(s->state, 0, s->state_size);
		return;
	}
	for (l = 0; l < s->width; l++)
		col_start(s, l);
}

/* Lane l's chaining value into a single-stream state, and back. */
static void
col_to_md(const struct mds_lanes *s, size_t l, struct md_state *st)
{
	size_t w;

	for (w = 0; w < s->shape->words; w++)
		if (s->wsize == 4)
			st->h.w32[w] = (uint32_t)col_get(s, w, l);
		else
			st->h.w64[w] = col_get(s, w, l);
}

static void
col_from_md(struct mds_lanes *s, size_t l, const struct md_state *st)
{
	size_t w;

	for (w = 0; w < s->shape->words; w++)
		col_set(s, w, l, s->wsize == 4 ? st->h.w32[w] : st->h.w64[w]);
}

/* The digest from lane l's chaining value. */
static void
col_digest(const struct mds_lanes *s, size_t l, unsigned char *out)
{
	size_t len = mds_alg_digest_len(s->alg), w;
	unsigned char words[8 * 25];
	struct md_state st;

	if (s->cons != MDS_CONS_MD) {
		/* Whole words straight out: no call for a short message. */
		for (w = 0; 8 * w + 8 <= len; w++)
			mds_store_le64(out + 8 * w, s->state[w * s->width + l]);
		if (8 * w < len) {
			mds_store_le64(words, s->state[w * s->width + l]);
			memcpy(out + 8 * w, words, len - 8 * w);
		}
		return;
	}
	col_to_md(s, l, &st);
	if (s->wsize == 4)
		mds_md_put32(&st, s->shape->md->little_endian, out, len);
	else
		mds_md_put64(&st, out, len);
}

/* Lane l through the single-stream kernel for nblocks blocks at p. */
static void
col_single(struct mds_lanes *s, size_t l, const unsigned char *p,
    size_t nblocks)
{
	const struct mds_kernel *k = s->single;
	struct md_state st;
	uint64_t a[25];
	size_t w;

	if (s->lane[l].m != NULL)	/* NULL in a batch */
		s->lane[l].m->solo_blocks += nblocks;
	if (s->cons == MDS_CONS_BLAKE2B) {
		for (w = 0; w < 10; w++)
			a[w] = col_get(s, w, l);
		k->compress(a, a + B2_T0, p, nblocks, col_get(s, B2_F0, l));
		for (w = 0; w < 10; w++)
			col_set(s, w, l, a[w]);
		return;
	}
	if (s->cons == MDS_CONS_SPONGE) {
		for (w = 0; w < 25; w++)
			a[w] = col_get(s, w, l);
		k->absorb(a, p, nblocks, s->block);
		for (w = 0; w < 25; w++)
			col_set(s, w, l, a[w]);
		return;
	}
	col_to_md(s, l, &st);
	k->blocks(&st, p, nblocks);
	col_from_md(s, l, &st);
}

/*
 * Lane ln's last BLAKE2b block is in its carry, zero-filled: the counter
 * becomes the message length and the flag is set, for the one block.
 */
static void
b2_last(struct mds_lanes *s, struct lane *ln)
{
	size_t l = (size_t)(ln - s->lane);

	col_set(s, B2_T0, l, ln->total);
	col_set(s, B2_T1, l, 0);
	col_set(s, B2_F0, l, ~(uint64_t)0);
	ln->run_blocks = 1;
}

static void
msg_fail(struct msg *m, int err, int changed)
{
	m->r.size = -1;
	m->r.error = err;
	m->r.changed = changed;
	m->state = MSG_DONE;
}

static void
lane_fail(struct mds_lanes *s, struct lane *ln, int err, int changed)
{
	msg_fail(ln->m, err, changed);
	lane_release(s, ln);
}

static void
lane_release(struct mds_lanes *s, struct lane *ln)
{
	(void)s;
	if (ln->map != NULL)
		(void)munmap(ln->map, ln->maplen);
	ln->map = NULL;
	ln->m = NULL;
	ln->run_blocks = 0;
}

/*
 * Did the file end before the size it had when hashing began?  Read: it
 * gave fewer bytes, and is smaller now.  Mapped: it is smaller now (cut
 * within the last page, no SIGBUS told: zeros were hashed).  A file whose
 * size is only nominal, as in sysfs, keeps it.
 */
static int
file_shrank(const struct lane *ln)
{
	struct stat now;

	return ln->start < ln->end &&
	    (ln->mapped || (off_t)ln->total < ln->end - ln->start) &&
	    fstat(ln->m->fd, &now) == 0 && now.st_size < ln->end;
}

/*
 * The next chunk of a file into ln->p and ln->avail: 1, or 0 at its end,
 * or -1 (the message has failed).
 */
static int
lane_pull(struct mds_lanes *s, struct lane *ln)
{
	long page = sysconf(_SC_PAGESIZE);
	off_t base;
	size_t skip;
	ssize_t got;
	int fd = ln->m->fd;

	if (ln->map != NULL) {
		(void)munmap(ln->map, ln->maplen);
		ln->map = NULL;
	}
	if (ln->mapped && ln->off < ln->end) {
		base = ln->off - ln->off % page;
		skip = (size_t)(ln->off - base);
		ln->maplen = ln->end - base > LANE_WINDOW ? LANE_WINDOW :
		    (size_t)(ln->end - base);
		/*
		 * The window's page tables filled at once: many lanes
		 * stepping through their own pages take a fault every 64
		 * KiB each otherwise (md5, 16 lanes: 230 -> 137 ms for
		 * 384 MiB of cached files).  A page past a truncation is
		 * left out, and still raises SIGBUS when read.
		 */
		ln->map = mmap(NULL, ln->maplen, PROT_READ,
		    MAP_SHARED | MAP_POPULATE, fd, base);
		if (ln->map != MAP_FAILED) {
			(void)madvise(ln->map, ln->maplen, MADV_SEQUENTIAL);
			ln->p = (unsigned char *)ln->map + skip;
			ln->avail = ln->maplen - skip;
			ln->off = base + (off_t)ln->maplen;
			ln->total += ln->avail;
			if (mds_progress_hook != NULL)
				mds_progress_hook(ln->avail, 1);
			return 1;
		}
		/* Out of address space, say: read the rest instead. */
		ln->map = NULL;
		ln->mapped = 0;
		if (lseek(fd, ln->off, SEEK_SET) == -1) {
			lane_fail(s, ln, errno, 0);
			return -1;
		}
	}
	if (ln->mapped) {
		if (file_shrank(ln)) {
			lane_fail(s, ln, EIO, 1);
			return -1;
		}
		(void)lseek(fd, ln->end, SEEK_SET);
		return 0;
	}
	if (ln->rbuf == NULL &&
	    posix_memalign((void **)&ln->rbuf, 4096, LANE_READ) != 0) {
		ln->rbuf = NULL;
		lane_fail(s, ln, ENOMEM, 0);
		return -1;
	}
	do
		got = read(fd, ln->rbuf, LANE_READ);
	while (got == -1 && errno == EINTR);
	if (got == -1) {
		lane_fail(s, ln, errno, 0);
		return -1;
	}
	if (got == 0) {
		if (file_shrank(ln)) {
			lane_fail(s, ln, EIO, 1);
			return -1;
		}
		return 0;
	}
	ln->p = ln->rbuf;
	ln->avail = (size_t)got;
	ln->total += (uint64_t)got;
	if (mds_progress_hook != NULL)
		mds_progress_hook((uint64_t)got, 1);
	/*
	 * A short read that reaches the size the file had is its end: no
	 * read(2) more to be told so (a small file costs one read, not two).
	 */
	if ((size_t)got < LANE_READ &&
	    (off_t)ln->total >= ln->end - ln->start)
		ln->more = 0;
	return 1;
}

/*
 * Set up lane ln's next run: whole blocks of the chunk at hand, a block
 * completed from the carry, or at the end the padding.  RUN_READY, or
 * RUN_FAILED (the message is done, failed).
 */
static int
lane_next_run(struct mds_lanes *s, struct lane *ln)
{
	size_t n, bl = s->block;
	/* BLAKE2b runs no block before a byte after it is at hand. */
	size_t keep = s->cons == MDS_CONS_BLAKE2B;
	int r;

	for (;;) {
		if (ln->carry_fill > 0 && ln->avail > 0) {
			n = bl - ln->carry_fill;
			if (n > ln->avail)
				n = ln->avail;
			memcpy(ln->carry + ln->carry_fill, ln->p, n);
			ln->carry_fill += n;
			ln->p += n;
			ln->avail -= n;
			if (ln->carry_fill == bl && ln->avail >= keep) {
				ln->carry_fill = 0;
				ln->run = ln->carry;
				ln->run_blocks = 1;
				return RUN_READY;
			}
		} else if (ln->carry_fill == 0 && ln->avail >= bl + keep) {
			ln->run = ln->p;
			/* bl: a kernel's block, never 0 here. */
			ln->run_blocks = (ln->avail - keep) / bl;	/* NOLINT(clang-analyzer-core.DivideZero) */
			ln->p += ln->run_blocks * bl;
			ln->avail -= ln->run_blocks * bl;
			return RUN_READY;
		} else if (ln->carry_fill == 0 && ln->avail > 0) {
			memcpy(ln->carry, ln->p, ln->avail);
			ln->carry_fill = ln->avail;
			ln->avail = 0;
		}
		if (ln->more) {
			if ((r = lane_pull(s, ln)) == -1)
				return RUN_FAILED;
			if (r == 0)
				ln->more = 0;
			continue;
		}
		if (s->cons == MDS_CONS_MD)
			ln->run_blocks = mds_md_tail(s->shape->md, ln->carry,
			    ln->carry_fill, ln->total, ln->carry);
		else if (s->cons == MDS_CONS_BLAKE2B) {
			memset(ln->carry + ln->carry_fill, 0,
			    bl - ln->carry_fill);
			b2_last(s, ln);
		} else {
			mds_sponge_tail(ln->carry, ln->carry_fill,
			    s->shape->pad, bl, ln->carry);
			ln->run_blocks = 1;
		}
		ln->run = ln->carry;
		ln->carry_fill = 0;
		ln->final = 1;
		return RUN_READY;
	}
}

/* Hash a message that is not a regular file the ordinary way. */
static void
msg_single(struct mds_lanes *s, struct msg *m)
{
	struct mds_read_info info;
	mds_ctx ctx;
	int64_t got;

	if (mds_init(&ctx, s->alg) == -1) {
		msg_fail(m, errno, 0);
		return;
	}
	if (m->fd == -1) {
		(void)mds_update(&ctx, m->buf, m->len);
		got = (int64_t)m->len;
		m->r.how = "memory";
		m->impl = mds_ctx_impl(&ctx);
	} else {
		got = mds_update_file(&ctx, 1, m->fd, m->how, &info);
		m->r.how = info.how;
		m->impl = mds_ctx_impl(&ctx);
		if (got == -1) {
			msg_fail(m, info.changed ? EIO : errno, info.changed);
			mds_discard(&ctx);
			return;
		}
	}
	if (mds_final(&ctx, m->r.digest) == -1) {
		msg_fail(m, errno, 0);
		return;
	}
	m->r.size = got;
	m->state = MSG_DONE;
}

/* Put message m in lane ln; it may be done at once (a failure, a pipe). */
static void
lane_start(struct mds_lanes *s, struct lane *ln, struct msg *m)
{
	struct stat sb;

	m->state = MSG_BUSY;
	ln->m = m;
	ln->total = 0;
	ln->carry_fill = 0;
	ln->final = 0;
	ln->run_blocks = 0;
	ln->map = NULL;
	col_start(s, (size_t)(ln - s->lane));
	if (m->fd == -1) {
		ln->p = m->buf;
		ln->avail = m->len;
		ln->total = m->len;
		ln->more = 0;
		m->r.how = "memory";
		goto first;
	}
	if (fstat(m->fd, &sb) == -1) {
		lane_fail(s, ln, errno, 0);
		return;
	}
	if (S_ISDIR(sb.st_mode)) {
		lane_fail(s, ln, EISDIR, 0);
		return;
	}
	if (!S_ISREG(sb.st_mode)) {
		ln->m = NULL;
		msg_single(s, m);
		return;
	}
	ln->p = NULL;
	ln->avail = 0;
	ln->more = 1;
	ln->end = sb.st_size;
	/*
	 * Reading goes on from the offset, whatever it is; only mapping
	 * needs to know it (a small file is spared the lseek(2)).  The
	 * checks at the end then take 0 for it, which only costs a read.
	 */
	ln->start = 0;
	ln->mapped = 0;
	if (mds_read_how(&sb, m->how) == MDS_READ_MMAP) {
		if ((ln->start = lseek(m->fd, 0, SEEK_CUR)) == -1)
			ln->start = 0;
		ln->mapped = ln->start < ln->end && mds_bus_ready();
	}
	ln->off = ln->start;
	if (sb.st_size >= 256 * 1024)
		(void)posix_fadvise(m->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	m->r.how = ln->mapped ? "mmap" : "read loop";
first:
	if (lane_next_run(s, ln) == RUN_FAILED)
		return;
}

/* Lane ln's run is through: the next one, or the digest. */
static void
lane_advance(struct mds_lanes *s, struct lane *ln)
{
	if (!ln->final) {
		(void)lane_next_run(s, ln);
		return;
	}
	col_digest(s, (size_t)(ln - s->lane), ln->m->r.digest);
	ln->m->r.size = (int64_t)ln->total;
	ln->m->state = MSG_DONE;
	lane_release(s, ln);
}

/* Start waiting messages in idle lanes; how many lanes are busy. */
static size_t
fill_lanes(struct mds_lanes *s)
{
	size_t l, busy = 0;

	for (l = 0; l < s->width; l++) {
		while (s->lane[l].m == NULL && s->queued != NULL) {
			struct msg *m = s->queued;

			s->queued = m->next;
			lane_start(s, &s->lane[l], m);
		}
		if (s->lane[l].m != NULL)
			busy++;
	}
	return busy;
}

/*
 * Finish the message in lane ln alone, through the single-stream kernel.
 * Mapped bytes go a step at a time, prefetched by hand; bytes read into
 * the lane's buffer, a run in one call (each call moves the chaining
 * value out of its column and back: a 1 MiB-window step was 20% of
 * sha512's time on a file hashed alone).
 */
static void
lane_solo(struct mds_lanes *s, struct lane *ln)
{
	size_t l = (size_t)(ln - s->lane), n, k, step;

	while (ln->m != NULL) {
		step = ln->map != NULL ? STEP_BYTES / s->block : SIZE_MAX;
		if (step == 0)
			step = 1;
		for (; ln->run_blocks > 0; ln->run_blocks -= n) {
			n = ln->run_blocks < step ? ln->run_blocks : step;
			for (k = 0; ln->map != NULL && k < n * s->block;
			    k += 64)
				__builtin_prefetch(ln->run + PREFETCH_AHEAD + k,
				    0, 3);
			col_single(s, l, ln->run, n);
			ln->run += n * s->block;
		}
		lane_advance(s, ln);
	}
}

/* One call of the multi-buffer kernel over every busy lane. */
static void
lanes_step(struct mds_lanes *s)
{
	const unsigned char *data[MDS_MAX_LANES];
	size_t l, k, n = STEP_BYTES / s->block, stride;
	struct lane *ln;
	int mapped = 0;

	if (n == 0)
		n = 1;
	for (l = 0; l < s->width; l++) {
		ln = &s->lane[l];
		data[l] = ln->m != NULL ? ln->run : NULL;
		if (ln->m != NULL && ln->run_blocks < n)
			n = ln->run_blocks;
	}
	/*
	 * Mapped pages are scattered, and the hardware prefetchers stop at
	 * page boundaries: the bytes PREFETCH_AHEAD on are asked for by
	 * hand.  Every line for up to 8 lanes; with 16, one a call each is
	 * enough, and more fills the line-fill buffers (32 files of 16 MiB:
	 * sha256 x16 218 -> 199 ms, md5 x16 114 -> 105 ms; sha512 x8 258
	 * ms with every line, 273 with one).
	 */
	stride = s->width >= 16 ? STEP_BYTES : 64;
	for (l = 0; l < s->width; l++)
		if (data[l] != NULL && s->lane[l].map != NULL) {
			mapped = 1;
			for (k = 0; k < n * s->block; k += stride)
				__builtin_prefetch(data[l] + PREFETCH_AHEAD + k,
				    0, 3);
		}
	/*
	 * The state as it is now, for a SIGBUS in the call to go back to:
	 * taken here, after the lanes were started and their runs set up,
	 * so that it holds the columns of messages started this step.
	 */
	if (mapped) {
		memcpy(s->saved, s->state, s->state_size);
		s->saved_valid = 1;
	}
	s->k->blocks(s->state, data, n, s->block);
	s->saved_valid = 0;
	/*
	 * Every lane's account first, then the next runs: setting one up
	 * may read a mapping and fault, and the lanes after it must not
	 * then hash again blocks the state already holds.
	 */
	for (l = 0; l < s->width; l++)
		if (s->lane[l].m != NULL) {
			s->lane[l].run += n * s->block;
			s->lane[l].run_blocks -= n;
			s->lane[l].m->shared_blocks += n;
		}
	for (l = 0; l < s->width; l++) {
		ln = &s->lane[l];
		if (ln->m != NULL && ln->run_blocks == 0)
			lane_advance(s, ln);
	}
}

static struct lane *
lane_of(struct mds_lanes *s, const struct msg *m)
{
	size_t l;

	for (l = 0; l < s->width; l++)
		if (s->lane[l].m == m)
			return &s->lane[l];
	return &s->lane[0];	/* not reached: m is the oldest, so started */
}

/* The lane whose mapping holds addr, or NULL. */
static struct lane *
lane_at(struct mds_lanes *s, const void *addr)
{
	const unsigned char *a = addr, *b;
	size_t l;

	for (l = 0; l < s->width; l++) {
		b = s->lane[l].map;
		if (s->lane[l].m != NULL && b != NULL && a >= b &&
		    a < b + s->lane[l].maplen)
			return &s->lane[l];
	}
	return NULL;
}

/*
 * Run the lanes until message m is done.  Each step is guarded: a SIGBUS
 * (a mapped file cut short) fails the lane it came from, and the state
 * of the others is put back as it was before the step.
 */
static void
run_until(struct mds_lanes *s, struct msg *m)
{
	sigjmp_buf env;
	struct lane *ln;
	size_t busy, l;

	while (m->state != MSG_DONE) {
		if (sigsetjmp(env, 0) != 0) {
			mds_bus_jump = NULL;
			/*
			 * In the kernel: its lanes go back to before the
			 * call.  Elsewhere (a carry copied, a lane alone)
			 * the state has not been touched but by the lane
			 * that faulted, which fails.
			 */
			if (s->saved_valid)
				memcpy(s->state, s->saved, s->state_size);
			s->saved_valid = 0;
			if ((ln = lane_at(s, mds_bus_addr)) != NULL)
				lane_fail(s, ln, EIO, 1);
			else
				for (l = 0; l < s->width; l++)
					if (s->lane[l].m != NULL &&
					    s->lane[l].map != NULL)
						lane_fail(s, &s->lane[l], EIO,
						    1);
			continue;
		}
		mds_bus_jump = &env;
		busy = fill_lanes(s);
		/* Starting may have ended it (a directory, a pipe). */
		/* cppcheck-suppress knownConditionTrueFalse */
		if (m->state == MSG_DONE) {
			mds_bus_jump = NULL;
			break;
		}
		if (busy < s->k->min_busy)
			lane_solo(s, lane_of(s, m));
		else
			lanes_step(s);
		mds_bus_jump = NULL;
	}
}

/*
 * The kernels of an empty scheduler: the multi-buffer kernel chosen now
 * for its family (none: one message at a time), and the single-stream
 * kernel for a lane left alone.  A backend the program forced other than
 * native takes no native lanes; the portable backend takes a portable
 * multi-buffer kernel, which is only ever pinned by name (for tests).
 */
static int
lanes_choose(struct mds_lanes *s)
{
	const struct mds_mb_kernel *k;
	size_t w;
	int id, native, portable, forced;

	if ((id = mds_choose(s->alg, 0)) == -1)
		return -1;
	native = mds_choice_backend(id) == MDS_BE_NATIVE;
	portable = mds_choice_backend(id) == MDS_BE_PORTABLE;
	forced = mds_backend_forced() == 1;
	s->k = NULL;
	s->width = 1;
	k = mds_choose_lanes(s->alg);
	if (k == NULL || !(native ||
	    (portable && k->level == MDS_LEVEL_PORTABLE) ||
	    (!forced && k->level != MDS_LEVEL_PORTABLE)))
		return 0;
	s->k = k;
	/*
	 * A lane alone runs the single-stream code the backend would: the
	 * portable backend chosen (as blake2b's measured best on Zen 5,
	 * where its kernels lose to the C) takes the portable kernel.
	 */
	s->single = portable ? mds_kernel_portable(s->alg->family) :
	    mds_choice_kernel(s->alg, id);
	if (s->single == NULL)
		s->single = mds_kernel_builtin(s->alg->family);
	s->width = s->k->lanes;
	s->block = s->shape->block;
	s->cons = mds_shape_cons(s->shape);
	s->wsize = s->shape->md != NULL && s->shape->md->block_len == 64 ?
	    4 : 8;
	s->state_size = s->shape->words * s->width * s->wsize;
	s->dlen = mds_alg_digest_len(s->alg);
	/* The initial chaining value: the shape's, BLAKE2b's per length. */
	memset(s->iv, 0, sizeof(s->iv));
	if (s->cons == MDS_CONS_BLAKE2B)
		mds_blake2b_start_h(s->iv, s->dlen);
	else if (s->cons == MDS_CONS_MD)
		for (w = 0; w < s->shape->words; w++)
			s->iv[w] = s->wsize == 4 ?
			    ((const uint32_t *)s->shape->iv)[w] :
			    ((const uint64_t *)s->shape->iv)[w];
	return 0;
}

struct mds_lanes *
mds_lanes_new(const struct mds_alg *alg)
{
	struct mds_lanes *s;

	if (alg == NULL) {
		errno = EINVAL;
		return NULL;
	}
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	s->alg = alg;
	s->shape = alg->shape;
	if (lanes_choose(s) == -1) {
		free(s);
		return NULL;
	}
	return s;
}

size_t
mds_lanes_width(const struct mds_lanes *s)
{
	return s->width;
}

const char *
mds_lanes_kernel(const struct mds_lanes *s)
{
	mds_ctx ctx;
	const char *name;

	if (s->k != NULL)
		return s->k->name;
	if (mds_init(&ctx, s->alg) == -1)
		return NULL;
	name = mds_ctx_impl(&ctx);
	mds_discard(&ctx);
	return name;
}

const char *
mds_lanes_hashed_by(const struct mds_lanes *s, size_t *lanes)
{
	if (s == NULL || s->last_impl == NULL) {
		errno = EINVAL;
		return NULL;
	}
	if (lanes != NULL)
		*lanes = s->last_lanes;
	return s->last_impl;
}

size_t
mds_lanes_pending(const struct mds_lanes *s)
{
	return s->pending;
}

static int
lanes_add(struct mds_lanes *s, const void *buf, size_t len, int fd, int how,
    void *tag)
{
	struct msg *m;

	if ((m = s->spare) != NULL) {
		s->spare = m->next;
		s->nspare--;
		memset(m, 0, sizeof(*m));
	} else if ((m = calloc(1, sizeof(*m))) == NULL)
		return -1;
	m->tag = tag;
	m->buf = buf;
	m->len = len;
	m->fd = fd;
	m->how = how;
	m->state = MSG_QUEUED;
	if (s->tail != NULL)
		s->tail->next = m;
	else
		s->head = m;
	s->tail = m;
	if (s->queued == NULL)
		s->queued = m;
	s->pending++;
	return 0;
}

int
mds_lanes_add(struct mds_lanes *s, const void *buf, size_t len, void *tag)
{
	if (s == NULL || (buf == NULL && len != 0)) {
		errno = EINVAL;
		return -1;
	}
	return lanes_add(s, buf, len, -1, MDS_READ_AUTO, tag);
}

int
mds_lanes_add_fd(struct mds_lanes *s, int fd, int how, void *tag)
{
	struct stat sb;

	if (s == NULL || fd < 0 || how < MDS_READ_AUTO ||
	    how > MDS_READ_LOOP) {
		errno = EINVAL;
		return -1;
	}
	/*
	 * The first large file of a scheduler with nothing in it yet: the
	 * multi-buffer kernels are timed on this CPU (tune.c), and the
	 * fastest taken while no lane is busy.
	 */
	if (!s->tune_asked && s->pending == 0 && fstat(fd, &sb) == 0 &&
	    S_ISREG(sb.st_mode)) {
		s->tune_asked = 1;
		/* and how to get the bytes, for enough work (input.c) */
		if (how == MDS_READ_AUTO && sb.st_size >= LANE_PROBE_MIN)
			mds_read_probe(fd, sb.st_size);
		/* a file hashed alone runs the single-stream kernel too */
		if (mds_tune_what(s->alg, (uint64_t)sb.st_size,
		    (uint64_t)sb.st_size) == 0 &&
		    lanes_choose(s) == -1)
			return -1;
	}
	return lanes_add(s, NULL, 0, fd, how, tag);
}

int
mds_lanes_next(struct mds_lanes *s, struct mds_lane_result *r)
{
	struct msg *m;

	if (s == NULL || r == NULL) {
		errno = EINVAL;
		return -1;
	}
	if ((m = s->head) == NULL)
		return 0;
	if (s->k == NULL) {
		if (s->queued == m)
			s->queued = m->next;
		msg_single(s, m);
	} else
		run_until(s, m);
	s->head = m->next;
	if (s->head == NULL)
		s->tail = NULL;
	s->pending--;
	*r = m->r;
	r->tag = m->tag;
	/*
	 * What hashed it, for mds_lanes_hashed_by: the kernel that took
	 * most of its blocks (a large file left alone after the others
	 * ended went mostly through the single-stream kernel).
	 */
	if (m->shared_blocks > m->solo_blocks && s->k != NULL) {
		s->last_impl = s->k->name;
		s->last_lanes = s->width;
	} else {
		s->last_impl = m->impl != NULL ? m->impl :
		    s->single == NULL ||
		    s->single->level == MDS_LEVEL_PORTABLE ? "portable" :
		    s->single->name;
		s->last_lanes = 1;
	}
	if (s->nspare < MAX_SPARE) {
		m->next = s->spare;
		s->spare = m;
		s->nspare++;
	} else
		free(m);
	return 1;
}

void
mds_lanes_free(struct mds_lanes *s)
{
	struct msg *m;
	size_t l;

	if (s == NULL)
		return;
	for (l = 0; l < MDS_MAX_LANES; l++) {
		if (s->lane[l].map != NULL)
			(void)munmap(s->lane[l].map, s->lane[l].maplen);
		free(s->lane[l].rbuf);
	}
	while ((m = s->head) != NULL) {
		s->head = m->next;
		free(m);
	}
	while ((m = s->spare) != NULL) {
		s->spare = m->next;
		free(m);
	}
	free(s);
}

/*
 * The sponge's last block for a message whose final fill (< rate) bytes
 * are at p, into the lane's carry, whose bytes from ln->dirty on (but the
 * last) are still zero from the message before: a short message, the
 * batch API's usual fare, costs a copy and a few stores, not a block.
 */
static void
sponge_tail_batch(struct lane *ln, const unsigned char *p, size_t fill,
    unsigned char pad, size_t rate)
{
	unsigned char *out = ln->carry;

	if (ln->dirty > fill)
		memset(out + fill, 0, ln->dirty - fill);
	if (fill > 0)
		memcpy(out, p, fill);
	out[fill] = pad;
	out[rate - 1] = (unsigned char)((fill == rate - 1 ? pad : 0) | 0x80);
	ln->dirty = fill + 1;
}

/*
 * BLAKE2b's last block, fill (1 .. 128, or 0 for an empty message) bytes
 * at p zero-filled, into the lane's carry, whose bytes from ln->dirty on
 * are still zero, as for the sponge.
 */
static void
b2_tail_batch(struct lane *ln, const unsigned char *p, size_t fill)
{
	if (ln->dirty > fill)
		memset(ln->carry + fill, 0, ln->dirty - fill);
	if (fill > 0)
		memcpy(ln->carry, p, fill);
	ln->dirty = fill;
}

/*
 * The batch API's own driver: every message is in memory, so a lane is a
 * pointer and a count, without the records and sources of the scheduler;
 * for short messages this bookkeeping is most of the cost.
 */
static size_t
batch_run(struct mds_lanes *s, size_t n, const void *const *msgs,
    const size_t *lens, unsigned char *out)
{
	const unsigned char *data[MDS_MAX_LANES];
	size_t idx[MDS_MAX_LANES], next = 0, l, nb, busy, bl = s->block;
	size_t width = s->width, k;
	size_t keep = s->cons == MDS_CONS_BLAKE2B;	/* as lane_next_run */
	unsigned char busy_l[MDS_MAX_LANES];
	struct lane *ln;
	int fresh;

	memset(busy_l, 0, sizeof(busy_l));
	for (;;) {
		busy = 0;
		nb = SIZE_MAX;
		/*
		 * Messages of one length finish together: then start the next
		 * ones with a row at a time, not a word per lane and row.
		 */
		fresh = n - next >= width;
		for (l = 0; l < width && fresh; l++)
			if (s->lane[l].run_blocks != 0 ||
			    (busy_l[l] && !s->lane[l].final))
				fresh = 0;
		if (fresh) {
			for (l = 0; l < width; l++)
				if (busy_l[l]) {
					col_digest(s, l, out + idx[l] * s->dlen);
					busy_l[l] = 0;
				}
			rows_start(s);
		}
		for (l = 0; l < width; l++) {
			ln = &s->lane[l];
			while (ln->run_blocks == 0) {
				if (busy_l[l] && ln->final) {
					col_digest(s, l, out + idx[l] * s->dlen);
					busy_l[l] = 0;
				}
				if (!busy_l[l]) {
					if (next == n)
						break;
					/* No bytes, no pointer needed; else stop. */
					if (msgs[next] == NULL &&
					    lens[next] != 0)
						return next;
					idx[l] = next;
					if (!fresh)
						col_start(s, l);
					ln->p = msgs[next];
					ln->avail = ln->total = lens[next];
					ln->final = 0;
					busy_l[l] = 1;
					next++;
				}
				if (ln->avail >= bl + keep) {
					ln->run = ln->p;
					ln->run_blocks = (ln->avail - keep) /
					    bl;
					ln->p += ln->run_blocks * bl;
					ln->avail -= ln->run_blocks * bl;
				} else {
					if (s->cons == MDS_CONS_MD)
						ln->run_blocks = mds_md_tail(
						    s->shape->md, ln->p,
						    ln->avail, ln->total,
						    ln->carry);
					else if (keep) {
						b2_tail_batch(ln, ln->p,
						    ln->avail);
						b2_last(s, ln);
					} else {
						sponge_tail_batch(ln, ln->p,
						    ln->avail, s->shape->pad,
						    bl);
						ln->run_blocks = 1;
					}
					ln->run = ln->carry;
					ln->avail = 0;
					ln->final = 1;
				}
			}
			data[l] = busy_l[l] ? ln->run : NULL;
			if (busy_l[l]) {
				busy++;
				if (ln->run_blocks < nb)
					nb = ln->run_blocks;
			}
		}
		if (busy == 0)
			break;
		/* The tail of the batch: lanes alone, if that is faster. */
		if (busy < s->k->min_busy) {
			for (l = 0; l < width; l++) {
				ln = &s->lane[l];
				if (!busy_l[l])
					continue;
				col_single(s, l, ln->run, ln->run_blocks);
				ln->run_blocks = 0;
			}
			continue;
		}
		s->k->blocks(s->state, data, nb, bl);
		for (l = 0; l < width; l++)
			if (busy_l[l]) {
				k = nb * bl;
				s->lane[l].run += k;
				s->lane[l].run_blocks -= nb;
			}
	}
	return n;
}

int
mds_digest_many(const struct mds_alg *alg, size_t n, const void *const *msgs,
    const size_t *lens, unsigned char *out)
{
	struct mds_lane_result r = { NULL, 0, 0, 0, NULL, { 0 } };
	struct mds_lanes *s;
	size_t i = 0, j = 0, window, dlen;

	if (alg == NULL || (n > 0 && (msgs == NULL || lens == NULL ||
	    out == NULL))) {
		errno = EINVAL;
		return -1;
	}
	if ((s = mds_lanes_new(alg)) == NULL)
		return -1;
	if (s->k != NULL) {
		i = batch_run(s, n, msgs, lens, out);
		mds_lanes_free(s);
		if (i < n) {
			errno = EINVAL;
			return -1;
		}
		return 0;
	}
	i = 0;
	dlen = mds_alg_digest_len(alg);
	window = 2 * s->width;
	for (; j < n; j++) {
		for (; i < n && i - j < window; i++)
			if (mds_lanes_add(s, msgs[i], lens[i], NULL) == -1) {
				mds_lanes_free(s);
				return -1;
			}
		if (mds_lanes_next(s, &r) != 1 || r.size == -1) {
			mds_lanes_free(s);
			errno = r.error != 0 ? r.error : EINVAL;
			return -1;
		}
		memcpy(out + j * dlen, r.digest, dlen);
	}
	mds_lanes_free(s);
	return 0;
}
