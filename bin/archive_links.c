/*
 * archive_links.c: -A's hard-link store.
 *
 * Hard links hash like the member they link to, whose digests are kept by
 * path: those of the most recent members, up to KEEP_BYTES of names and
 * digests (some 80,000 members with one algorithm).  A link to a member
 * older than that is an error.  With -c, members the manifest does not
 * name are not hashed; a link to one of them from a member it names makes
 * a second pass over the archive, which reading from a pipe cannot do, so
 * there every member is hashed.  In cpio's newc layout the data of a file
 * comes with its last link, so the lines of its earlier (empty-looking)
 * names wait, as a pending group, until the data has been read.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "archive_run.h"

#define KEEP_BYTES	(16 * 1024 * 1024)	/* memory for hard links */

static void	set_digests(const struct archive_run *, struct kept_member *,
		    const struct member_digests *);

/* The most recent kept member of that name, or NULL. */
struct kept_member *
links_find(struct link_store *st, const char *name)
{
	struct kept_member *k;
	uint64_t h;

	if (st->nbucket == 0)
		return NULL;
	h = name_hash(name);
	for (k = st->bucket[h & (st->nbucket - 1)]; k != NULL; k = k->hnext)
		if (k->hash == h && strcmp(k->name, name) == 0)
			return k;
	return NULL;
}

/* Keep a member's digests; older members go when memory runs short. */
struct kept_member *
links_keep(struct archive_run *r, const char *name,
    const struct member_digests *c)
{
	struct link_store *st = &r->links;
	struct kept_member *k, *next, **nb;
	size_t len = strlen(name) + 1, i, nn;

	if (st->count >= st->nbucket) {
		nn = st->nbucket == 0 ? 1024 : 2 * st->nbucket;
		if ((nb = calloc(nn, sizeof(*nb))) == NULL)
			err(1, NULL);
		for (i = 0; i < st->nbucket; i++)
			for (k = st->bucket[i]; k != NULL; k = next) {
				next = k->hnext;
				k->hnext = nb[k->hash & (nn - 1)];
				nb[k->hash & (nn - 1)] = k;
			}
		free(st->bucket);
		st->bytes += (nn - st->nbucket) * sizeof(*nb);
		st->bucket = nb;
		st->nbucket = nn;
	}
	if ((k = calloc(1, sizeof(*k) + r->set.mdlen + len)) == NULL)
		err(1, NULL);
	k->md = (unsigned char *)(k + 1);
	k->name = (char *)k->md + r->set.mdlen;
	memcpy(k->name, name, len);
	k->hash = name_hash(name);
	k->seq = r->seq;
	k->bytes = sizeof(*k) + r->set.mdlen + len;
	set_digests(r, k, c);
	/* Newest first in the bucket: a later member of the name wins. */
	k->hnext = st->bucket[k->hash & (st->nbucket - 1)];
	st->bucket[k->hash & (st->nbucket - 1)] = k;
	if (st->newest != NULL)
		st->newest->newer = k;
	else
		st->oldest = k;
	st->newest = k;
	st->count++;
	st->bytes += k->bytes;
	return k;
}

/* Keep c's digests (and size, and error) as k's. */
static void
set_digests(const struct archive_run *r, struct kept_member *k,
    const struct member_digests *c)
{
	size_t i;

	k->have = c->have;
	k->size = c->size;
	k->err = c->err;
	for (i = 0; i < r->set.n; i++)
		if (c->have & (uint32_t)1 << i)
			memcpy(k->md + r->set.off[i], c->md[i],
			    mds_alg_digest_len(r->set.algs[i]));
}

/* The digests kept for k, into *c. */
void
links_digests(const struct archive_run *r, const struct kept_member *k,
    struct member_digests *c)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	c->have = k->have;
	c->size = k->size;
	c->err = k->err;
	for (i = 0; i < r->set.n; i++)
		if (k->have & (uint32_t)1 << i)
			memcpy(c->md[i], k->md + r->set.off[i],
			    mds_alg_digest_len(r->set.algs[i]));
}

/*
 * k, read empty with nlink names, heads a pending group: its data may
 * come with a later link, and the group is hashed with the algorithms in
 * need.
 */
void
links_start_group(struct kept_member *k, unsigned int nlink, uint32_t need)
{
	k->pending = 1;
	k->head = k->gtail = k;
	k->nlink = nlink;
	k->seen = 1;
	k->need = need;
}

/*
 * The member called name, an empty link to t (pending), joins t's group,
 * which needs the algorithms in need too; the group is resolved as empty
 * once all its names are read.
 */
void
links_join_group(struct archive_run *r, struct kept_member *t,
    const char *name, uint32_t need)
{
	struct kept_member *k;
	struct member_digests c;

	links_digests(r, t, &c);
	k = links_keep(r, name, &c);
	t = t->head;
	k->pending = 1;
	k->head = t;
	t->gtail->gnext = k;
	t->gtail = k;
	t->need |= need;
	if (++t->seen >= t->nlink)
		links_resolve_group(r, t, NULL, NULL);
}

/*
 * The data of a pending group has come (c), or will not (c NULL: the
 * members are as empty as they look): report its members in order, with
 * the message why for each when c is a failure.
 */
void
links_resolve_group(struct archive_run *r, struct kept_member *head,
    const struct member_digests *c, const char *why)
{
	struct kept_member *k;
	struct member_digests kc;

	for (k = head; k != NULL; k = k->gnext) {
		if (why != NULL)
			warn_member(r, k->name, "%s", why);
		if (c != NULL)
			set_digests(r, k, c);
		k->pending = 0;
		links_digests(r, k, &kc);
		report_member(r, k->name, &kc, k->seq);
	}
}

/* At the end of an archive: the groups whose data never came. */
void
links_resolve_waiting(struct archive_run *r)
{
	struct kept_member *k;

	for (k = r->links.oldest; k != NULL; k = k->newer)
		if (k->pending && k->head == k)
			links_resolve_group(r, k, NULL, NULL);
}

/* Forget the oldest members while more than KEEP_BYTES are kept. */
void
links_trim(struct archive_run *r)
{
	struct link_store *st = &r->links;
	struct kept_member *k, **pp;
	struct member_digests c;

	while (st->bytes > KEEP_BYTES && (k = st->oldest) != NULL) {
		if (k->pending && k->head == k) {
			/* Its data may still come: do not guess it empty. */
			memset(&c, 0, sizeof(c));
			c.err = ENOBUFS;
			links_resolve_group(r, k, &c, "its hard links are too "
			    "far apart in the archive");
		}
		for (pp = &st->bucket[k->hash & (st->nbucket - 1)]; *pp != k;
		    pp = &(*pp)->hnext)
			continue;
		*pp = k->hnext;
		if (k == st->newest)	/* the only one */
			st->oldest = st->newest = NULL;
		else
			st->oldest = k->newer;
		st->count--;
		st->bytes -= k->bytes;
		st->evicted = 1;
		free(k);
	}
}

void
links_free(struct link_store *st)
{
	struct kept_member *k, *next;

	for (k = st->oldest; k != NULL; k = next) {
		next = k->newer;
		free(k);
	}
	free(st->bucket);
	memset(st, 0, sizeof(*st));
}
