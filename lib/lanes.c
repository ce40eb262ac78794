/*
 * lanes.c: the lane scheduler (its interface is lanes_api.c; the batch
 * API, batch.c, drives the lanes its own way).
 *
 * One message cannot go faster than its dependency chain allows; a
 * multi-buffer kernel hashes a block of each of several messages at once
 * (dispatch.c picks it).  The scheduler keeps one message per lane: it
 * feeds each lane the next whole blocks of its own input (a buffer, or a
 * regular file mapped in windows or read), keeps the partial block at the
 * end of a chunk until the next chunk completes it, and ends the message
 * through its construction's table (lane_cons.c): the padding, or
 * BLAKE2b's flagged last block, runs through the lanes too, so a message
 * of a single short block costs one lane of one kernel call.  A
 * construction that keeps bytes back (keep: BLAKE2b) runs no block before
 * a byte after it is at hand, so its last block waits until the source
 * says it ends the message.  A lane whose message is done takes the next
 * one waiting.  Digests are handed back in the order messages were added.
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
 *
 * Each lane pulls its message's chunks from a chunk source of its own
 * (source.c): the buffer, or the file mapped in windows or read.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lanes_int.h"

#define LANE_READ	(64 * 1024)	/* bytes a read asks for, per lane */
#define STEP_BYTES	1024		/* per lane per kernel call: prefetch pace */
/* A lane's file (source.h): populated windows, read if need be, sized reads. */
#define LANE_SRC	(MDS_SRC_POPULATE | MDS_SRC_READ_REST | \
			    MDS_SRC_SIZE_ENDS)

enum { RUN_READY, RUN_FAILED };

static void	lane_release(struct mds_lanes *, struct lane *);

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
	mds_src_close(&ln->src);
	ln->m = NULL;
	ln->run_blocks = 0;
}

/*
 * The next chunk of the message into ln->p and ln->avail: 1, or 0 at its
 * end, or -1 (the message has failed).
 */
static int
lane_pull(struct mds_lanes *s, struct lane *ln)
{
	size_t len;
	int r;

	if ((r = mds_src_next(&ln->src, &ln->p, &len)) == -1) {
		lane_fail(s, ln, errno, ln->src.changed);
		return -1;
	}
	if (r == 0)
		return 0;
	ln->avail = len;
	ln->total += len;
	if (mds_progress_hook != NULL && ln->src.kind != MDS_SRC_MEM)
		mds_progress_hook(len, 1);
	/* The source knows its end already (a buffer, a file's size). */
	if (ln->src.ended)
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
	size_t n, bl = s->block, keep = s->keep;
	int r;

	for (;;) {
		if (ln->carry_fill > 0 && ln->avail > 0) {
			n = bl - ln->carry_fill;
			if (n > ln->avail)
				n = ln->avail;
			memcpy(ln->carry + ln->carry_fill, ln->p, n);
			ln->carry_fill += n;
			if (ln->dirty < ln->carry_fill)
				ln->dirty = ln->carry_fill;
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
			if (ln->dirty < ln->carry_fill)
				ln->dirty = ln->carry_fill;
		}
		if (ln->more) {
			if ((r = lane_pull(s, ln)) == -1)
				return RUN_FAILED;
			if (r == 0)
				ln->more = 0;
			continue;
		}
		mds_lane_tail(s, ln, ln->carry, ln->carry_fill);
		ln->carry_fill = 0;
		return RUN_READY;
	}
}

/* Hash a message that is not a regular file the ordinary way. */
void
mds_lanes_msg_single(struct mds_lanes *s, struct msg *m)
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
		m->backend = mds_ctx_backend(&ctx);
	} else {
		got = mds_update_file(&ctx, 1, m->fd, m->how, &info);
		m->r.how = info.how;
		m->impl = mds_ctx_impl(&ctx);
		m->backend = mds_ctx_backend(&ctx);
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
	off_t start;
	int how;

	m->state = MSG_BUSY;
	ln->m = m;
	ln->p = NULL;
	ln->avail = 0;
	ln->more = 1;
	ln->total = 0;
	ln->carry_fill = 0;
	ln->final = 0;
	ln->run_blocks = 0;
	mds_lane_start(s, (size_t)(ln - s->lane));
	if (m->fd == -1) {
		mds_src_open_mem(&ln->src, m->buf, m->len);
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
		mds_lanes_msg_single(s, m);
		return;
	}
	/*
	 * Reading goes on from the offset, whatever it is; only mapping
	 * needs to know it (a small file is spared the lseek(2)).  The
	 * checks at the end then take 0 for it, which only costs a read.
	 */
	how = mds_read_how(&sb, m->how);
	start = 0;
	if (how == MDS_READ_MMAP && (start = lseek(m->fd, 0, SEEK_CUR)) == -1)
		start = 0;
	mds_src_open_fd(&ln->src, m->fd, &sb, start, how, LANE_SRC, &ln->rbuf,
	    LANE_READ);
	m->r.how = ln->src.kind == MDS_SRC_MAP ? "mmap" : "read loop";
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
	mds_lane_digest(s, (size_t)(ln - s->lane), ln->m->r.digest);
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
	size_t l = (size_t)(ln - s->lane), n, step;
	int mapped;

	while (ln->m != NULL) {
		mapped = mds_src_mapped(&ln->src);
		step = mapped ? STEP_BYTES / s->block : SIZE_MAX;
		if (step == 0)
			step = 1;
		for (; ln->run_blocks > 0; ln->run_blocks -= n) {
			n = ln->run_blocks < step ? ln->run_blocks : step;
			if (mapped)
				mds_src_prefetch(ln->run, n * s->block, 64);
			mds_lane_single(s, l, ln->run, n);
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
	size_t l, n = STEP_BYTES / s->block, stride;
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
	 * Mapped bytes are prefetched by hand (source.h): every line for up
	 * to 8 lanes; with 16, one a call each is enough, and more fills the
	 * line-fill buffers (32 files of 16 MiB: sha256 x16 218 -> 199 ms,
	 * md5 x16 114 -> 105 ms; sha512 x8 258 ms with every line, 273 with
	 * one).
	 */
	stride = s->width >= 16 ? STEP_BYTES : 64;
	for (l = 0; l < s->width; l++)
		if (data[l] != NULL && mds_src_mapped(&s->lane[l].src)) {
			mapped = 1;
			mds_src_prefetch(data[l], n * s->block, stride);
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
	size_t l;

	for (l = 0; l < s->width; l++)
		if (s->lane[l].m != NULL && mds_src_holds(&s->lane[l].src, addr))
			return &s->lane[l];
	return NULL;
}

/*
 * Run the lanes until message m is done.  Each step is guarded: a SIGBUS
 * (a mapped file cut short) fails the lane it came from, and the state
 * of the others is put back as it was before the step.
 */
void
mds_lanes_run_until(struct mds_lanes *s, struct msg *m)
{
	sigjmp_buf env;
	struct lane *ln;
	size_t busy, l;

	while (m->state != MSG_DONE) {
		if (sigsetjmp(env, 0) != 0) {
			mds_src_unguard();
			/*
			 * In the kernel: its lanes go back to before the
			 * call.  Elsewhere (a carry copied, a lane alone)
			 * the state has not been touched but by the lane
			 * that faulted, which fails.
			 */
			if (s->saved_valid)
				memcpy(s->state, s->saved, s->state_size);
			s->saved_valid = 0;
			if ((ln = lane_at(s, mds_src_bus_addr)) != NULL)
				lane_fail(s, ln, EIO, 1);
			else
				for (l = 0; l < s->width; l++)
					if (s->lane[l].m != NULL &&
					    mds_src_mapped(&s->lane[l].src))
						lane_fail(s, &s->lane[l], EIO,
						    1);
			continue;
		}
		mds_src_guard(&env);
		busy = fill_lanes(s);
		/* Starting may have ended it (a directory, a pipe). */
		/* cppcheck-suppress knownConditionTrueFalse */
		if (m->state == MSG_DONE) {
			mds_src_unguard();
			break;
		}
		if (busy < s->k->min_busy)
			lane_solo(s, lane_of(s, m));
		else
			lanes_step(s);
		mds_src_unguard();
	}
}
