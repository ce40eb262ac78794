/*
 * blake3_group.c: small BLAKE3 messages sharing the lanes of one kernel,
 * for the scheduler (mds_lanes) and so the batch API.  A message of a
 * few chunks cannot fill a batch of 16 by itself; so the whole chunks of
 * a group of messages (each with a byte after it) go to the kernel's
 * batch together, each with its own counter, and each message's chaining
 * values then join its own tree, whose last chunk ends it.  A message
 * larger than GROUP_MAX fills batches alone and is hashed in its turn as
 * any other (lanes.c, mds_lanes_msg_single).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blake3_int.h"
#include "blake3.h"
#include "lanes_int.h"
#include "source.h"

/* What a group takes: messages up to GROUP_MAX bytes, GROUP of them. */
#define GROUP_MAX	MDS_BLAKE3_GROUP_MAX
#define GROUP		64

/*
 * The lanes of a BLAKE3 kernel, by its level: what the scheduler says
 * its width is.  0: the portable kernel, which shares nothing.
 */
size_t
mds_blake3_lanes(const struct mds_kernel *k)
{
	if (k == NULL || k->family != MDS_FAM_BLAKE3)
		return 0;
	switch (k->level) {
	case MDS_LEVEL_AVX512:
		return 16;
	case MDS_LEVEL_AVX2:
		return 8;
	case MDS_LEVEL_SSE4:
		return 4;
	default:
		return 0;
	}
}

/*
 * n messages (msgs, lens) of alg on kernel k: their digests into out,
 * alg's length apart.  0, or -1 with errno (no memory).
 */
int
mds_blake3_group(const struct mds_alg *alg, const struct mds_kernel *k,
    size_t n, const unsigned char *const *msgs, const size_t *lens,
    unsigned char *out)
{
	const unsigned char *in[B3_BATCH];
	unsigned char cv[B3_BATCH * 32];
	uint64_t ts[B3_BATCH];
	size_t owner[B3_BATCH], whole[GROUP];
	struct blake3_state *st;
	size_t dlen = mds_alg_digest_len(alg), j, c, m, a, b;

	if (n == 0)
		return 0;
	if (n > GROUP || (st = calloc(n, sizeof(*st))) == NULL) {
		errno = n > GROUP ? EINVAL : ENOMEM;
		return -1;
	}
	for (j = 0; j < n; j++) {
		if (b3_init_on(&st[j], alg, k) == -1) {
			while (j-- > 0)
				mds_blake3_discard(&st[j]);
			free(st);
			return -1;
		}
		whole[j] = lens[j] > 0 ? (lens[j] - 1) / B3_CHUNK : 0;
	}
	/* Whole chunks, message after message, a batch at a time. */
	for (j = 0, c = 0;;) {
		for (m = 0; m < B3_BATCH && j < n;) {
			if (c == whole[j]) {
				j++;
				c = 0;
				continue;
			}
			in[m] = msgs[j] + B3_CHUNK * c;
			ts[m] = c++;
			owner[m++] = j;
		}
		if (m == 0)
			break;
		k->b3_many(in, m, B3_CHUNK_BLOCKS, st[0].key, ts, st[0].mode,
		    CHUNK_START, CHUNK_END, cv);
		/* Each message's run of the batch joins its tree. */
		for (a = 0; a < m; a = b) {
			for (b = a + 1; b < m && owner[b] == owner[a]; b++)
				;
			b3_join(&st[owner[a]], cv + 32 * a, b - a, ts[a], 0);
			b3_set_count(st[owner[a]].w, ts[a] + (b - a));
		}
	}
	for (j = 0; j < n; j++) {
		if (lens[j] > 0)	/* an empty one's pointer may be NULL */
			mds_blake3_update(&st[j], msgs[j] +
			    B3_CHUNK * whole[j], lens[j] - B3_CHUNK *
			    whole[j]);
		mds_blake3_final_len(&st[j], out + dlen * j, dlen);
	}
	free(st);
	return 0;
}

/*
 * A file of m's whole into a buffer of its own, through the source (a
 * read loop; its size as groupable saw it): 0, or -1 with m failed.  *p
 * is then the caller's to free.
 */
static int
load(struct msg *m, unsigned char **p)
{
	unsigned char *buf = NULL, *rbuf = NULL;
	const unsigned char *chunk;
	struct mds_src src;
	size_t len = 0, cap, n;
	off_t start;
	int r;

	*p = NULL;
	/* m->sb: groupable's fstat, a moment ago */
	if ((start = lseek(m->fd, 0, SEEK_CUR)) == -1)
		goto fail;
	cap = (size_t)(m->sb.st_size > start ? m->sb.st_size - start : 0) + 1;
	if ((buf = malloc(cap)) == NULL)
		goto fail;
	mds_src_open_fd(&src, m->fd, &m->sb, start, MDS_READ_LOOP,
	    MDS_SRC_SIZE_ENDS, &rbuf, cap);
	while ((r = mds_src_next(&src, &chunk, &n)) == 1) {
		if (len + n > cap) {	/* it grew: on to its end */
			unsigned char *more = realloc(buf, 2 * (len + n));

			if (more == NULL) {
				r = -1;
				break;
			}
			buf = more;
			cap = 2 * (len + n);
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	m->r.changed = src.changed;
	mds_src_close(&src);
	free(rbuf);
	if (r == -1)
		goto fail;
	m->buf = buf;
	m->len = len;
	*p = buf;
	return 0;
fail:
	m->r.error = m->r.changed ? EIO : errno;
	m->r.size = -1;
	m->state = MSG_DONE;
	free(buf);
	return -1;
}

/*
 * Is m one a group takes: a message in memory, or a small regular file?
 * Asked once a message.
 */
static int
groupable(struct msg *m)
{
	if (m->fits == 0)
		m->fits = (m->fd == -1 ? m->len <= GROUP_MAX :
		    fstat(m->fd, &m->sb) == 0 && S_ISREG(m->sb.st_mode) &&
		    m->sb.st_size <= (off_t)GROUP_MAX) ? 1 : 2;
	return m->fits == 1;
}

/*
 * The scheduler's next message m, on its BLAKE3 kernel s->tree: hashed
 * with the queued small ones after it, or alone in its turn.
 */
void
mds_blake3_lanes_next(struct mds_lanes *s, struct msg *m)
{
	const unsigned char *msgs[GROUP];
	unsigned char *owned[GROUP], *out;
	struct msg *group[GROUP], *x;
	size_t lens[GROUP], n = 0, i, dlen = mds_alg_digest_len(s->alg);

	if (m->state == MSG_DONE)
		return;		/* hashed with an earlier one */
	if (!groupable(m)) {
		mds_lanes_msg_single(s, m);
		return;
	}
	for (x = m; x != NULL && n < GROUP; x = x->next) {
		if (x->state != MSG_QUEUED || !groupable(x))
			continue;
		owned[n] = NULL;
		if (x->fd != -1 && load(x, &owned[n]) == -1)
			continue;
		x->r.how = x->fd == -1 ? "memory" : "read loop";
		msgs[n] = x->buf;
		lens[n] = x->len;
		group[n++] = x;
	}
	if ((out = malloc(n * dlen + 1)) == NULL ||
	    mds_blake3_group(s->alg, s->tree, n, msgs, lens, out) == -1) {
		for (i = 0; i < n; i++) {
			group[i]->r.size = -1;
			group[i]->r.error = errno;
			group[i]->state = MSG_DONE;
		}
	} else
		for (i = 0; i < n; i++) {
			memcpy(group[i]->r.digest, out + dlen * i, dlen);
			group[i]->r.size = (int64_t)lens[i];
			group[i]->shared_blocks = 1;
			group[i]->state = MSG_DONE;
		}
	for (i = 0; i < n; i++) {
		if (group[i]->fd != -1) {
			group[i]->buf = NULL;
			group[i]->len = 0;
		}
		free(owned[i]);
	}
	free(out);
}
