/*
 * archive_queue.c: the small members of archives, hashed side by side.
 *
 * Small regular members are hashed side by side in lane schedulers (one
 * per algorithm and run, as route.c has per thread): such a member is
 * read into memory, given to the schedulers and queued; its lines and
 * bookkeeping (the hard-link store, report_member) wait in the queue.
 * The queue is emptied, in order, before anything else is done with the
 * reading (another member, a message, the end of the archive) and when
 * it is full, so that what is printed, and what hard links and -A -c
 * see, is as if each member had been hashed when read.  Only members
 * with nothing that depends on the order of the hashing qualify: see
 * queue_algs().
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "archive_run.h"

#define LANE_MAX_SIZE	(1024 * 1024)	/* largest member read for lanes */
#define QUEUE_MEMBERS	32	/* members waiting at most... */
#define QUEUE_BYTES	(8 * 1024 * 1024)	/* ...or their bytes */
#define QUEUE_ALIGN	64	/* where a member starts in the queue's buffer */
/* Under QUEUE_BYTES before a member is added: room for the largest. */
#define QUEUE_SPACE	(QUEUE_BYTES + QUEUE_ALIGN + LANE_MAX_SIZE)

/* A member read into memory and in the lanes, waiting for its digests. */
struct queued_member {
	struct queued_member	*next;
	unsigned char	*data;		/* size bytes, in the queue's buf */
	int64_t		 size;
	uint32_t	 mask;		/* the algorithms it is hashed with */
	uint64_t	 seq;		/* its place in the reading */
	char		*path;
};

static struct mds_lanes	*lane_scheduler(struct archive_run *, size_t);
static void	finish_queued_member(struct archive_run *,
		    struct queued_member *);

void
queue_init(struct lane_queue *q)
{
	q->tail = &q->oldest;
}

/*
 * The scheduler for set.algs[i], made on first use; NULL if it has a
 * single lane (no multi-buffer kernel, or another backend than native),
 * with which nothing is gained by waiting.
 */
static struct mds_lanes *
lane_scheduler(struct archive_run *r, size_t i)
{
	struct lane_queue *q = &r->queue;
	uint32_t bit = (uint32_t)1 << i;

	if (!(q->lanes_tried & bit)) {
		q->lanes_tried |= bit;
		q->lanes[i] = mds_lanes_new(hash_row(r->set.algs[i]));
		if (q->lanes[i] != NULL && mds_lanes_width(q->lanes[i]) <= 1) {
			mds_lanes_free(q->lanes[i]);
			q->lanes[i] = NULL;
		}
	}
	return q->lanes[i];
}

/*
 * The algorithms to hash m with in the lanes, or 0 if it is to be hashed
 * at once.  A member qualifies when nothing about it depends on the
 * store or on later members: a regular member, not a hard link, and with
 * data (cpio newc's earlier names of a file have size 0 and wait for it),
 * of a size known from its header and at most LANE_MAX_SIZE, which bounds
 * the memory the queue holds.  Every algorithm needs lanes.
 */
uint32_t
queue_algs(struct archive_run *r, const struct mds_member *m)
{
	uint32_t mask;
	size_t i;

	if (!multibuffer || m->type != MDS_MEMBER_FILE || m->hardlink != NULL ||
	    m->size <= 0 || m->size > LANE_MAX_SIZE)
		return 0;
	mask = r->hash_all ? r->set.all : wanted_algs(r, m->path);
	for (i = 0; i < r->set.n; i++)
		if ((mask & (uint32_t)1 << i) && lane_scheduler(r, i) == NULL)
			return 0;
	return mask;
}

/*
 * Read m into memory and give it to the lanes of the algorithms in mask;
 * queue_finish_all() does the rest.  A member that cannot be read is
 * reported in its turn, after those before it, as if hashed at once.
 */
void
queue_member(struct archive_run *r, struct mds_archive *ar,
    const struct mds_member *m, uint32_t mask)
{
	struct lane_queue *q = &r->queue;
	struct queued_member *qm;
	struct member_digests c;
	size_t len = strlen(m->path) + 1, i;
	int64_t got;
	int e;

	if ((q->buf == NULL && (q->buf = malloc(QUEUE_SPACE)) == NULL) ||
	    (qm = malloc(sizeof(*qm) + len)) == NULL)
		err(1, NULL);
	/* Aligned: the kernels load whole blocks faster so. */
	q->bytes = (q->bytes + QUEUE_ALIGN - 1) & ~(size_t)(QUEUE_ALIGN - 1);
	qm->data = q->buf + q->bytes;
	if ((got = mds_archive_read(ar, qm->data, (size_t)m->size)) == -1) {
		e = errno;
		free(qm);
		queue_finish_all(r);
		member_unreadable(r, ar, m->path, e, &c);
		(void)links_keep(r, m->path, &c);
		report_member(r, m->path, &c, r->seq);
		return;
	}
	qm->next = NULL;
	qm->size = got;
	qm->mask = mask;
	qm->seq = r->seq;
	qm->path = (char *)(qm + 1);
	memcpy(qm->path, m->path, len);
	for (i = 0; i < r->set.n; i++)
		if ((mask & (uint32_t)1 << i) &&
		    mds_lanes_add(q->lanes[i], qm->data, (size_t)got, qm) == -1)
			err(1, NULL);
	*q->tail = qm;
	q->tail = &qm->next;
	q->n++;
	q->bytes += (size_t)got;
	if (q->n >= QUEUE_MEMBERS || q->bytes >= QUEUE_BYTES)
		queue_finish_all(r);
}

/*
 * --debug: what hashed member qm with algorithm i, as the scheduler ran
 * it: its lanes, or its single-stream code when the member ended alone.
 */
static void
debug_queued(const struct archive_run *r, const struct queued_member *qm,
    size_t i)
{
	const char *by;
	size_t w = 1;

	if ((by = mds_lanes_hashed_by(r->queue.lanes[i], &w)) == NULL)
		return;
	if (w > 1)
		warnx("%s: member %s: %s in lanes (%s, %zu lanes)",
		    quotef(r->label), quotef(qm->path),
		    mds_alg_name(r->set.algs[i]), by, w);
	else
		warnx("%s: member %s: %s in lanes (%s, alone)",
		    quotef(r->label), quotef(qm->path),
		    mds_alg_name(r->set.algs[i]), by);
}

/*
 * qm's digests, from the lanes, where it is the oldest member of each of
 * its algorithms; then what is done with a member hashed when read: keep
 * it, print its lines or fill its inputs, and trim the store.
 */
static void
finish_queued_member(struct archive_run *r, struct queued_member *qm)
{
	struct lane_queue *q = &r->queue;
	struct mds_lane_result res;
	struct member_digests c;
	uint64_t seq = r->seq;
	size_t i;

	memset(&c, 0, sizeof(c));
	for (i = 0; i < r->set.n; i++) {
		if (!(qm->mask & (uint32_t)1 << i))
			continue;
		if (mds_lanes_next(q->lanes[i], &res) != 1 || res.tag != qm)
			errx(1, "lane scheduler out of order");
		if (debug_flag && !r->pass2)
			debug_queued(r, qm, i);
		if (res.size == -1 && c.err == 0)
			c.err = res.error;
		memcpy(c.md[i], res.digest, mds_alg_digest_len(r->set.algs[i]));
	}
	if (c.err != 0) {
		/* Memory does not fail to hash; but if it did, as a failure. */
		warn_member(r, qm->path, "%s", strerror(c.err));
	} else {
		c.have = qm->mask;
		c.size = qm->size;
	}
	/* The store keeps the member's own place in the reading. */
	r->seq = qm->seq;
	(void)links_keep(r, qm->path, &c);
	report_member(r, qm->path, &c, qm->seq);
	links_trim(r);
	r->seq = seq;
}

/*
 * Finish the members queued, oldest first: before anything that prints
 * or looks at the store, so that all is done in the archive's order.
 */
void
queue_finish_all(struct archive_run *r)
{
	struct lane_queue *q = &r->queue;
	struct queued_member *qm;

	while ((qm = q->oldest) != NULL) {
		finish_queued_member(r, qm);
		q->oldest = qm->next;
		free(qm);
	}
	q->tail = &q->oldest;
	q->n = 0;
	q->bytes = 0;
}

/* The schedulers and the buffer; nothing is queued any more. */
void
queue_free(struct archive_run *r)
{
	size_t i;

	for (i = 0; i < r->set.n; i++)
		mds_lanes_free(r->queue.lanes[i]);
	free(r->queue.buf);
}
