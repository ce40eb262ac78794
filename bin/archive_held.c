/*
 * archive_held.c: the lines of mdsum -A, held while a compressed stream
 * is not yet checked.
 *
 * A compressed archive is read to the end of its stream, where the
 * filter's own check runs (gzip's CRC-32 and length, bzip2's CRCs, xz's
 * check, zstd's and lz4's checksums; lib/archive.c).  Until then the
 * lines of its members are held (up to HOLD_BYTES of names and digests);
 * if the stream fails, corrupt or cut short, they are dropped, since any
 * of them may be the digest of corrupt data, and a message says so.  Past
 * HOLD_BYTES they are printed as they come, and a failure then says that
 * the lines printed are not verified.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "archive_run.h"

#define HOLD_BYTES	(1024 * 1024)	/* lines held until a stream's check */

/* A held member: then set.mdlen bytes of digests, and its name. */
struct held_record {
	int64_t		 size;
	size_t		 bytes;		/* of the record, aligned */
	uint32_t	 have;
};

static void	print_member_lines(struct archive_run *, const char *,
		    const struct member_digests *);
static void	hold_member_lines(struct archive_run *, const char *,
		    const struct member_digests *);
static void	held_flush(struct archive_run *, int);

/* The lines of the member called name, whose digests are c. */
static void
print_member_lines(struct archive_run *r, const char *name,
    const struct member_digests *c)
{
	static struct input in;
	size_t a;
	int k;

	in.name = (char *)name;
	in.size = c->size;
	in.nalgs = r->g->nalgs;
	for (a = 0; a < in.nalgs; a++) {
		in.algs[a] = r->g->algs[a];
		k = algset_find(&r->set, in.algs[a]);
		memcpy(in.md[a], c->md[k], mds_alg_digest_len(in.algs[a]));
	}
	for (a = 0; a < in.nalgs; a++)
		print_line(stdout, r->g, &in, a);
}

/* Hold a member's lines until its stream is checked, room permitting. */
static void
hold_member_lines(struct archive_run *r, const char *name,
    const struct member_digests *c)
{
	struct held_lines *hl = &r->held;
	struct held_record h;
	size_t len = strlen(name) + 1, i;
	unsigned char *p;

	h.bytes = (sizeof(h) + r->set.mdlen + len + 7) & ~(size_t)7;
	if (hl->bytes + h.bytes > HOLD_BYTES) {
		/* Too many: from now on, printed as they come. */
		held_flush(r, 1);
		hl->active = 0;
		hl->overflow = 1;
		print_member_lines(r, name, c);
		return;
	}
	if (hl->buf == NULL && (hl->buf = malloc(HOLD_BYTES)) == NULL)
		err(1, NULL);
	h.size = c->size;
	h.have = c->have;
	p = hl->buf + hl->bytes;
	memcpy(p, &h, sizeof(h));
	for (i = 0; i < r->set.n; i++)
		memcpy(p + sizeof(h) + r->set.off[i], c->md[i],
		    mds_alg_digest_len(r->set.algs[i]));
	memcpy(p + sizeof(h) + r->set.mdlen, name, len);
	hl->bytes += h.bytes;
	hl->n++;
}

/* Print the lines held (print), or drop them. */
static void
held_flush(struct archive_run *r, int print)
{
	struct held_lines *hl = &r->held;
	struct member_digests c;
	struct held_record h;
	size_t at, i;

	for (at = 0; print && at < hl->bytes; at += h.bytes) {
		memcpy(&h, hl->buf + at, sizeof(h));
		memset(&c, 0, sizeof(c));
		c.size = h.size;
		c.have = h.have;
		for (i = 0; i < r->set.n; i++)
			memcpy(c.md[i], hl->buf + at + sizeof(h) + r->set.off[i],
			    mds_alg_digest_len(r->set.algs[i]));
		print_member_lines(r, (char *)hl->buf + at + sizeof(h) +
		    r->set.mdlen, &c);
	}
	hl->bytes = 0;
	hl->n = 0;
}

/*
 * The lines of the member called name, whose digests are c: printed, or
 * held while its stream is not checked.  One that could not be read has
 * none.
 */
void
output_member(struct archive_run *r, const char *name,
    const struct member_digests *c)
{
	if (c->err != 0)
		r->status = 1;
	else if (r->held.active)
		hold_member_lines(r, name, c);
	else
		print_member_lines(r, name, c);
}

/* The end of an archive: print what is still held, and hold no more. */
void
held_release(struct archive_run *r)
{
	held_flush(r, 1);
	r->held.active = 0;
	r->held.overflow = 0;
}

/* The stream failed its check: drop the lines held, and say so. */
void
held_stream_failed(struct archive_run *r)
{
	struct held_lines *hl = &r->held;

	if (hl->n == 1)
		warnx("%s: the line of the member read before the failure is "
		    "left out", quotef(r->label));
	else if (hl->n > 1)
		warnx("%s: the lines of the %zu members read before the "
		    "failure are left out", quotef(r->label), hl->n);
	if (hl->overflow)
		warnx("%s: the lines printed for its members are not verified",
		    quotef(r->label));
	held_flush(r, 0);
}
