/*
 * archive.c: -A, the members of archives as inputs (DESIGN.md section 6).
 *
 * mdsum -A ARCHIVE... prints, through print_line(), one line per regular
 * member, named by its path exactly as the archive stores it: tar and
 * bsdtar store "./a" when given the directory ".", "a" when given "a", and
 * the line says the same, so that the manifest verifies the tree extracted
 * in the current directory.  Directories, symbolic links, devices, fifos
 * and sockets are skipped (--debug says so).  A member is hashed whole
 * before its line is printed: one that cannot be read gets a message and
 * no line.
 *
 * A compressed archive is read to the end of its stream, where the
 * filter's own check runs (gzip's CRC-32 and length, bzip2's CRCs, xz's
 * check, zstd's and lz4's checksums; lib/archive.c).  Until then the
 * lines of its members are held (up to HOLD_BYTES of names and digests);
 * if the stream fails, corrupt or cut short, they are dropped, since any
 * of them may be the digest of corrupt data, and a message says so.  Past
 * HOLD_BYTES they are printed as they come, and a failure then says that
 * the lines printed are not verified.  With -c, a member read from a
 * stream that failed is unreadable ("FAILED open or read").
 *
 * mdsum -A -c MANIFEST ARCHIVE...: archive_fill() reads each archive once,
 * hashing the members that the manifest names, matched by the name rule
 * of manifest.h (leading "./" and repeated slashes make no other name).  If a name is in several archives,
 * or several times in one, the last one read counts, as when extracting.
 *
 * Hard links hash like the member they link to, whose digests are kept by
 * path: those of the most recent members, up to KEEP_BYTES of names and
 * digests (some 80,000 members with one algorithm).  A link to a member
 * older than that is an error.  With -c, members the manifest does not
 * name are not hashed; a link to one of them from a member it names makes
 * a second pass over the archive, which reading from a pipe cannot do, so
 * there every member is hashed.  In cpio's newc layout the data of a file
 * comes with its last link, so the lines of its earlier (empty-looking)
 * names wait until the data has been read.
 *
 * Small regular members are hashed side by side in lane schedulers (one
 * per algorithm and run, as lanes.c has per thread): such a member is
 * read into memory, given to the schedulers and queued; its lines and
 * bookkeeping (the store, deliver) wait in a FIFO.  The FIFO is emptied,
 * in order, before anything else is done with the reading (another
 * member, a message, the end of the archive) and when it is full, so
 * that what is printed, and what hard links and -A -c see, is as if each
 * member had been hashed when read.  Only members with nothing that
 * depends on the order of the hashing qualify: see lane_mask().
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "manifest.h"
#include "mdsum_archive.h"

#define KEEP_BYTES	(16 * 1024 * 1024)	/* memory for hard links */
#define UNRESOLVED	(-1)	/* in->err: a link needing a second pass */
#define LANE_MAX_SIZE	(1024 * 1024)	/* largest member read for lanes */
#define FIFO_MEMBERS	32	/* members waiting at most... */
#define FIFO_BYTES	(8 * 1024 * 1024)	/* ...or their bytes */
#define FIFO_ALIGN	64	/* where a member starts in the FIFO's buffer */
#define HOLD_BYTES	(1024 * 1024)	/* lines held until a stream's check */
/* Under FIFO_BYTES before a member is added: room for the largest. */
#define FIFO_SPACE	(FIFO_BYTES + FIFO_ALIGN + LANE_MAX_SIZE)

/* The algorithms members are hashed with; masks are sets of indexes. */
struct algset {
	size_t			 n;
	const struct mds_alg	*algs[MAX_ALGS];
	size_t			 off[MAX_ALGS];	/* of each digest in md */
	size_t			 mdlen;
	uint32_t		 all;
};

/* What a member holds: the digests of the algorithms in have. */
struct content {
	uint32_t	 have;
	int64_t		 size;
	int		 err;		/* it could not be read: an errno */
	unsigned char	 md[MAX_ALGS][MDS_MAX_DIGEST];
};

/* A member whose content is kept, for hard links to it. */
struct known {
	struct known	*hnext;		/* in its hash bucket */
	struct known	*newer;		/* in the order kept */
	struct known	*head;		/* pending: the first of its group */
	struct known	*gnext;		/* pending: the next of its group */
	struct known	*gtail;		/* head of a pending group: the last */
	uint64_t	 hash;
	uint64_t	 seq;		/* its place in the reading */
	size_t		 bytes;
	int		 pending;	/* waits for data from a later link */
	unsigned int	 nlink;		/* head: names the group will have */
	unsigned int	 seen;		/* head: names read so far */
	uint32_t	 need;		/* head: algorithms its group needs */
	uint32_t	 have;
	int64_t		 size;
	int		 err;
	unsigned char	*md;		/* algset.mdlen bytes */
	char		*name;
};

struct store {
	struct known	**bucket;
	size_t		 nbucket;
	size_t		 count;
	size_t		 bytes;
	struct known	*oldest;
	struct known	*newest;
	int		 evicted;
};

/* An input of -A -c, in the manifest's order (run.names finds it). */
struct wanted {
	struct input	*in;
	uint32_t	 bits;		/* its algorithms in the set */
	int		 again;		/* unresolved: filled anew in pass 2 */
	uint64_t	 seq;		/* of the member that filled it */
};

/* A held member: then set.mdlen bytes of digests, and its name. */
struct held {
	int64_t		 size;
	size_t		 bytes;		/* of the record, aligned */
	uint32_t	 have;
};

/* A member read into memory and in the lanes, waiting for its digests. */
struct deferred {
	struct deferred	*next;
	unsigned char	*data;		/* size bytes, in run.fifo_buf */
	int64_t		 size;
	uint32_t	 mask;		/* the algorithms it is hashed with */
	uint64_t	 seq;		/* its place in the reading */
	char		*path;
};

/* One -A run: generating lines (wanted == NULL) or filling inputs. */
struct run {
	struct gnu	*g;
	struct algset	 set;
	struct wanted	*wanted;
	size_t		 nwanted;
	struct matcher	 names;		/* of wanted[] */
	const char	*label;		/* the archive, in messages */
	int		 hash_all;	/* hash every member */
	int		 pass2;		/* only fill the inputs marked again */
	int		 unresolved;	/* a link needs a second pass */
	int		 cut_short;	/* an archive was not read to its end */
	int		 status;
	uint64_t	 pass_seq;	/* seq when this pass began */
	/*
	 * The lines of a compressed archive's members, held until its
	 * stream is checked: struct held records, one after the other.
	 */
	int		 holding;
	int		 hold_overflow;	/* lines printed before the check */
	unsigned char	*held;		/* HOLD_BYTES, made on first use */
	size_t		 held_bytes;
	size_t		 nheld;
	uint64_t	 seq;		/* members read, in all passes */
	struct store	 keep;
	struct mds_lanes *lanes[MAX_ALGS];	/* for set.algs[i], or NULL */
	uint32_t	 lanes_tried;	/* lanes[i] made, or found impossible */
	struct deferred	*fifo;		/* oldest first */
	struct deferred	**fifo_tail;
	size_t		 nfifo;
	/*
	 * The members' data, one after the other: one buffer reused, whose
	 * pages are touched once, not a malloc each that the allocator may
	 * give back to the system and take again (a page fault every 4 KiB).
	 */
	unsigned char	*fifo_buf;	/* FIFO_SPACE bytes, made on first use */
	size_t		 fifo_bytes;	/* used */
};

static void	algset_init(struct algset *);
static size_t	algset_add(struct algset *, const struct mds_alg *);
static int	algset_find(const struct algset *, const struct mds_alg *);
static uint64_t	name_hash(const char *);
static struct known	*store_find(struct store *, const char *);
static struct known	*store_put(struct run *, const char *,
		    const struct content *);
static void	store_trim(struct run *);
static void	store_free(struct store *);
static void	content_of(const struct run *, const struct known *,
		    struct content *);
static size_t	wanted_range(const struct run *, const char *, size_t *);
static uint32_t	need_of(const struct run *, const char *);
static void	say(const struct run *, const char *, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
static void	print_member(struct run *, const char *,
		    const struct content *);
static void	hold_member(struct run *, const char *,
		    const struct content *);
static void	hold_release(struct run *, int);
static void	deliver(struct run *, const char *, const struct content *,
		    uint64_t);
static void	resolve(struct run *, struct known *,
		    const struct content *, const char *);
static void	resolve_all(struct run *);
static void	data_error(const struct run *, struct mds_archive *,
		    const char *, int, struct content *);
static int	hash_member(struct run *, struct mds_archive *,
		    const struct mds_member *, uint32_t, struct content *);
static struct mds_lanes	*lanes_for(struct run *, size_t);
static uint32_t	lane_mask(struct run *, const struct mds_member *);
static void	defer_member(struct run *, struct mds_archive *,
		    const struct mds_member *, uint32_t);
static void	finish_deferred(struct run *, struct deferred *);
static void	drain(struct run *);
static void	run_init(struct run *, struct gnu *);
static void	run_free(struct run *);
static void	do_member(struct run *, struct mds_archive *,
		    const struct mds_member *);
static void	debug_archive(const struct run *, struct mds_archive *);
static const char	*type_name(enum mds_member_type);
static void	stream_failed(struct run *);
static void	read_pass(struct run *, int);
static void	read_archive(struct run *, const char *);

static void
algset_init(struct algset *set)
{
	memset(set, 0, sizeof(*set));
}

/* The index of alg in the set, adding it if new. */
static size_t
algset_add(struct algset *set, const struct mds_alg *alg)
{
	int i;

	if ((i = algset_find(set, alg)) != -1)
		return (size_t)i;
	set->algs[set->n] = alg;
	set->off[set->n] = set->mdlen;
	set->mdlen += mds_alg_digest_len(alg);
	set->all |= (uint32_t)1 << set->n;
	return set->n++;
}

static int
algset_find(const struct algset *set, const struct mds_alg *alg)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (set->algs[i] == alg)
			return (int)i;
	return -1;
}

/* FNV-1a. */
static uint64_t
name_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s != '\0') {
		h ^= (unsigned char)*s++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* The most recent kept member of that name, or NULL. */
static struct known *
store_find(struct store *st, const char *name)
{
	struct known *k;
	uint64_t h;

	if (st->nbucket == 0)
		return NULL;
	h = name_hash(name);
	for (k = st->bucket[h & (st->nbucket - 1)]; k != NULL; k = k->hnext)
		if (k->hash == h && strcmp(k->name, name) == 0)
			return k;
	return NULL;
}

/* Keep a member's content; older members go when memory runs short. */
static struct known *
store_put(struct run *r, const char *name, const struct content *c)
{
	struct store *st = &r->keep;
	struct known *k, *next, **nb;
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
	k->have = c->have;
	k->size = c->size;
	k->err = c->err;
	for (i = 0; i < r->set.n; i++)
		if (c->have & (uint32_t)1 << i)
			memcpy(k->md + r->set.off[i], c->md[i],
			    mds_alg_digest_len(r->set.algs[i]));
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

/* Forget the oldest members while more than KEEP_BYTES are kept. */
static void
store_trim(struct run *r)
{
	struct store *st = &r->keep;
	struct known *k, **pp;
	struct content c;

	while (st->bytes > KEEP_BYTES && (k = st->oldest) != NULL) {
		if (k->pending && k->head == k) {
			/* Its data may still come: do not guess it empty. */
			memset(&c, 0, sizeof(c));
			c.err = ENOBUFS;
			resolve(r, k, &c, "its hard links are too far apart "
			    "in the archive");
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

static void
store_free(struct store *st)
{
	struct known *k, *next;

	for (k = st->oldest; k != NULL; k = next) {
		next = k->newer;
		free(k);
	}
	free(st->bucket);
	memset(st, 0, sizeof(*st));
}

static void
content_of(const struct run *r, const struct known *k, struct content *c)
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
 * The inputs that the member name is one with, by the name rule of
 * manifest.h (./a is a): *n of them, r->names.v[first .. first + n).
 */
static size_t
wanted_range(const struct run *r, const char *member, size_t *n)
{
	return matcher_find(&r->names, member, n);
}

/* The algorithms the member called name is wanted with. */
static uint32_t
need_of(const struct run *r, const char *name)
{
	const struct wanted *wt;
	size_t i, n, first;
	uint32_t need = 0;

	if (r->wanted == NULL)
		return r->set.all;
	first = wanted_range(r, name, &n);
	for (i = first; i < first + n; i++) {
		wt = &r->wanted[r->names.v[i].pos];
		if (!r->pass2 || wt->again)
			need |= wt->bits;
	}
	return need;
}

/*
 * "ARCHIVE: member NAME: what", for a member that matters: with -c, only
 * one the manifest names (in a second pass, one still unresolved).
 */
static void
say(const struct run *r, const char *name, const char *fmt, ...)
{
	va_list ap;
	char text[1024];

	if (r->wanted != NULL && need_of(r, name) == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	warnx("%s: member %s: %s", quotef(r->label), quotef(name), text);
}

/*
 * The member called name, the seq-th read, has content c: print its
 * lines, or fill the inputs of that name.  A later member of the name
 * counts over an earlier one, though the earlier one's content may come
 * later (a cpio link waiting for its data).
 */
/* The lines of the member called name, whose content is c. */
static void
print_member(struct run *r, const char *name, const struct content *c)
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
hold_member(struct run *r, const char *name, const struct content *c)
{
	struct held h;
	size_t len = strlen(name) + 1, i;
	unsigned char *p;

	h.bytes = (sizeof(h) + r->set.mdlen + len + 7) & ~(size_t)7;
	if (r->held_bytes + h.bytes > HOLD_BYTES) {
		/* Too many: from now on, printed as they come. */
		hold_release(r, 1);
		r->holding = 0;
		r->hold_overflow = 1;
		print_member(r, name, c);
		return;
	}
	if (r->held == NULL && (r->held = malloc(HOLD_BYTES)) == NULL)
		err(1, NULL);
	h.size = c->size;
	h.have = c->have;
	p = r->held + r->held_bytes;
	memcpy(p, &h, sizeof(h));
	for (i = 0; i < r->set.n; i++)
		memcpy(p + sizeof(h) + r->set.off[i], c->md[i],
		    mds_alg_digest_len(r->set.algs[i]));
	memcpy(p + sizeof(h) + r->set.mdlen, name, len);
	r->held_bytes += h.bytes;
	r->nheld++;
}

/* Print the lines held (ok), or drop them. */
static void
hold_release(struct run *r, int ok)
{
	struct content c;
	struct held h;
	size_t at, i;

	for (at = 0; ok && at < r->held_bytes; at += h.bytes) {
		memcpy(&h, r->held + at, sizeof(h));
		memset(&c, 0, sizeof(c));
		c.size = h.size;
		c.have = h.have;
		for (i = 0; i < r->set.n; i++)
			memcpy(c.md[i], r->held + at + sizeof(h) + r->set.off[i],
			    mds_alg_digest_len(r->set.algs[i]));
		print_member(r, (char *)r->held + at + sizeof(h) +
		    r->set.mdlen, &c);
	}
	r->held_bytes = 0;
	r->nheld = 0;
}

static void
deliver(struct run *r, const char *name, const struct content *c,
    uint64_t seq)
{
	struct wanted *wt;
	struct input *w;
	size_t i, n, first, a;
	int k;

	if (r->wanted == NULL) {
		if (c->err != 0)
			r->status = 1;
		else if (r->holding)
			hold_member(r, name, c);
		else
			print_member(r, name, c);
		return;
	}
	first = wanted_range(r, name, &n);
	for (i = first; i < first + n; i++) {
		wt = &r->wanted[r->names.v[i].pos];
		w = wt->in;
		if ((r->pass2 && !wt->again) || seq < wt->seq)
			continue;
		wt->seq = seq;
		if (c->err != 0) {
			w->err = c->err;
			r->status = 1;
		} else if ((c->have & wt->bits) == wt->bits) {
			for (a = 0; a < w->nalgs; a++) {
				k = algset_find(&r->set, w->algs[a]);
				memcpy(w->md[a], c->md[k],
				    mds_alg_digest_len(w->algs[a]));
			}
			w->size = c->size;
			w->err = 0;
		} else {
			w->err = UNRESOLVED;
			r->unresolved = 1;
		}
	}
}

/*
 * The data of a pending group has come (c), or will not (c NULL: the
 * members are as empty as they look): deliver its members in order, with
 * the message why for each when c is a failure.
 */
static void
resolve(struct run *r, struct known *head, const struct content *c,
    const char *why)
{
	struct known *k;
	struct content kc;
	size_t i;

	for (k = head; k != NULL; k = k->gnext) {
		if (why != NULL)
			say(r, k->name, "%s", why);
		if (c != NULL) {
			k->have = c->have;
			k->size = c->size;
			k->err = c->err;
			for (i = 0; i < r->set.n; i++)
				if (c->have & (uint32_t)1 << i)
					memcpy(k->md + r->set.off[i], c->md[i],
					    mds_alg_digest_len(r->set.algs[i]));
		}
		k->pending = 0;
		content_of(r, k, &kc);
		deliver(r, k->name, &kc, k->seq);
	}
}

/* At the end of an archive: the groups whose data never came. */
static void
resolve_all(struct run *r)
{
	struct known *k;

	for (k = r->keep.oldest; k != NULL; k = k->newer)
		if (k->pending && k->head == k)
			resolve(r, k, NULL, NULL);
}

/* The data of the member called name could not be read (errno e). */
static void
data_error(const struct run *r, struct mds_archive *ar, const char *name,
    int e, struct content *c)
{
	memset(c, 0, sizeof(*c));
	c->err = e == ENOMEM ? ENOMEM : EIO;
	say(r, name, "%s", mds_archive_error(ar));
}

/* Hash the member's data with the algorithms in mask into *c. */
static int
hash_member(struct run *r, struct mds_archive *ar,
    const struct mds_member *m, uint32_t mask, struct content *c)
{
	mds_ctx ctxs[MAX_ALGS];
	size_t idx[MAX_ALGS], i, n = 0;
	int64_t got;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < r->set.n; i++) {
		if (!(mask & (uint32_t)1 << i))
			continue;
		if (mds_init(&ctxs[n], r->set.algs[i]) == -1) {
			c->err = errno;
			say(r, m->path, "%s", strerror(errno));
			goto fail;
		}
		idx[n++] = i;
	}
	if ((got = mds_archive_update(ar, ctxs, n)) == -1) {
		data_error(r, ar, m->path, errno, c);
		goto fail;
	}
	for (i = 0; i < n; i++)
		(void)mds_final(&ctxs[i], c->md[idx[i]]);
	c->have = mask;
	c->size = got;
	return 0;
fail:
	for (i = 0; i < n; i++)
		mds_discard(&ctxs[i]);
	return -1;
}

/*
 * The scheduler for set.algs[i], made on first use; NULL if it has a
 * single lane (no multi-buffer kernel, or another backend than native),
 * with which nothing is gained by waiting.
 */
static struct mds_lanes *
lanes_for(struct run *r, size_t i)
{
	uint32_t bit = (uint32_t)1 << i;

	if (!(r->lanes_tried & bit)) {
		r->lanes_tried |= bit;
		r->lanes[i] = mds_lanes_new(r->set.algs[i]);
		if (r->lanes[i] != NULL && mds_lanes_width(r->lanes[i]) <= 1) {
			mds_lanes_free(r->lanes[i]);
			r->lanes[i] = NULL;
		}
	}
	return r->lanes[i];
}

/*
 * The algorithms to hash m with in the lanes, or 0 if it is to be hashed
 * at once.  A member qualifies when nothing about it depends on the
 * store or on later members: a regular member, not a hard link, and with
 * data (cpio newc's earlier names of a file have size 0 and wait for it),
 * of a size known from its header and at most LANE_MAX_SIZE, which bounds
 * the memory the FIFO holds.  Every algorithm needs lanes.
 */
static uint32_t
lane_mask(struct run *r, const struct mds_member *m)
{
	uint32_t mask;
	size_t i;

	if (!multibuffer || m->type != MDS_MEMBER_FILE || m->hardlink != NULL ||
	    m->size <= 0 || m->size > LANE_MAX_SIZE)
		return 0;
	mask = r->hash_all ? r->set.all : need_of(r, m->path);
	for (i = 0; i < r->set.n; i++)
		if ((mask & (uint32_t)1 << i) && lanes_for(r, i) == NULL)
			return 0;
	return mask;
}

/*
 * Read m into memory and give it to the lanes of the algorithms in mask;
 * drain() does the rest.  A member that cannot be read is reported in its
 * turn, after those before it, as do_member would.
 */
static void
defer_member(struct run *r, struct mds_archive *ar,
    const struct mds_member *m, uint32_t mask)
{
	struct deferred *d;
	struct content c;
	size_t len = strlen(m->path) + 1, i;
	int64_t got;
	int e;

	if ((r->fifo_buf == NULL &&
	    (r->fifo_buf = malloc(FIFO_SPACE)) == NULL) ||
	    (d = malloc(sizeof(*d) + len)) == NULL)
		err(1, NULL);
	/* Aligned: the kernels load whole blocks faster so. */
	r->fifo_bytes = (r->fifo_bytes + FIFO_ALIGN - 1) &
	    ~(size_t)(FIFO_ALIGN - 1);
	d->data = r->fifo_buf + r->fifo_bytes;
	if ((got = mds_archive_read(ar, d->data, (size_t)m->size)) == -1) {
		e = errno;
		free(d);
		drain(r);
		data_error(r, ar, m->path, e, &c);
		(void)store_put(r, m->path, &c);
		deliver(r, m->path, &c, r->seq);
		return;
	}
	d->next = NULL;
	d->size = got;
	d->mask = mask;
	d->seq = r->seq;
	d->path = (char *)(d + 1);
	memcpy(d->path, m->path, len);
	for (i = 0; i < r->set.n; i++)
		if ((mask & (uint32_t)1 << i) &&
		    mds_lanes_add(r->lanes[i], d->data, (size_t)got, d) == -1)
			err(1, NULL);
	*r->fifo_tail = d;
	r->fifo_tail = &d->next;
	r->nfifo++;
	r->fifo_bytes += (size_t)got;
	if (r->nfifo >= FIFO_MEMBERS || r->fifo_bytes >= FIFO_BYTES)
		drain(r);
}

/*
 * d's digests, from the lanes, where it is the oldest member of each of
 * its algorithms; then what do_member and read_pass do with a member
 * hashed when read: keep it, print its lines or fill its inputs, and
 * trim the store.
 */
static void
finish_deferred(struct run *r, struct deferred *d)
{
	struct mds_lane_result res;
	struct content c;
	uint64_t seq = r->seq;
	size_t i;

	memset(&c, 0, sizeof(c));
	for (i = 0; i < r->set.n; i++) {
		if (!(d->mask & (uint32_t)1 << i))
			continue;
		if (mds_lanes_next(r->lanes[i], &res) != 1 || res.tag != d)
			errx(1, "lane scheduler out of order");
		if (debug_flag && !r->pass2)
			warnx("%s: member %s: %s in lanes (%s, %zu lanes)",
			    quotef(r->label), quotef(d->path),
			    mds_alg_name(r->set.algs[i]),
			    mds_lanes_kernel(r->lanes[i]),
			    mds_lanes_width(r->lanes[i]));
		if (res.size == -1 && c.err == 0)
			c.err = res.error;
		memcpy(c.md[i], res.digest, mds_alg_digest_len(r->set.algs[i]));
	}
	if (c.err != 0) {
		/* Memory does not fail to hash; but if it did, as a failure. */
		say(r, d->path, "%s", strerror(c.err));
	} else {
		c.have = d->mask;
		c.size = d->size;
	}
	/* The store keeps the member's own place in the reading. */
	r->seq = d->seq;
	(void)store_put(r, d->path, &c);
	deliver(r, d->path, &c, d->seq);
	store_trim(r);
	r->seq = seq;
}

/*
 * Finish the members in the FIFO, oldest first: before anything that
 * prints or looks at the store, so that all is done in the archive's
 * order.
 */
static void
drain(struct run *r)
{
	struct deferred *d;

	while ((d = r->fifo) != NULL) {
		finish_deferred(r, d);
		r->fifo = d->next;
		free(d);
	}
	r->fifo_tail = &r->fifo;
	r->nfifo = 0;
	r->fifo_bytes = 0;
}

/* A regular member or a hard link. */
static void
do_member(struct run *r, struct mds_archive *ar, const struct mds_member *m)
{
	struct known *t = NULL, *k;
	struct content c;
	uint32_t need, mask;

	if (!r->pass2)
		progress_member();
	if ((mask = lane_mask(r, m)) != 0) {
		defer_member(r, ar, m, mask);
		return;
	}
	/* Hashed now, after those waiting for theirs. */
	drain(r);
	need = need_of(r, m->path);
	if (m->hardlink != NULL) {
		t = store_find(&r->keep, m->hardlink);
		if (debug_flag && !r->pass2)
			warnx("%s: member %s: hard link to %s", quotef(r->label),
			    quotef(m->path), quotef(m->hardlink));
	}
	mask = r->hash_all ? r->set.all : need;
	if (t != NULL && t->pending)
		mask |= t->head->need;
	if (mask == 0) {
		/*
		 * Not wanted, but kept without digests, so that a later link
		 * to this name is not resolved to an older member of it.
		 */
		memset(&c, 0, sizeof(c));
		(void)store_put(r, m->path, &c);
		return;
	}
	if (hash_member(r, ar, m, mask, &c) == -1) {
		if (t != NULL && t->pending)
			resolve(r, t->head, &c, "its data, with a later hard "
			    "link, could not be read");
		(void)store_put(r, m->path, &c);
		deliver(r, m->path, &c, r->seq);
		return;
	}

	if (m->hardlink == NULL) {
		k = store_put(r, m->path, &c);
		if (c.size == 0 && m->nlink > 1) {
			/* cpio newc: the data may come with a later link. */
			k->pending = 1;
			k->head = k->gtail = k;
			k->nlink = m->nlink;
			k->seen = 1;
			k->need = mask;
			return;
		}
		deliver(r, m->path, &c, r->seq);
		return;
	}

	if (c.size > 0) {
		/* A link with data of its own: it is the group's data. */
		if (t != NULL && t->pending)
			resolve(r, t->head, &c, NULL);
		(void)store_put(r, m->path, &c);
		deliver(r, m->path, &c, r->seq);
		return;
	}
	if (t == NULL) {
		if (!r->hash_all) {
			/*
			 * The target was not hashed: the second pass will.
			 * Kept without digests, so that a later link to this
			 * name is unresolved too, not resolved to an older
			 * member of the name.
			 */
			c.have = 0;
			(void)store_put(r, m->path, &c);
			deliver(r, m->path, &c, r->seq);
			return;
		}
		say(r, m->path, "hard link to %s, %s", quotef(m->hardlink),
		    r->keep.evicted ? "which is not in the archive or too far "
		    "back to be remembered" : "which is not in the archive");
		c.err = ENOENT;
		/* A later link to this name fails too, as in the first pass. */
		(void)store_put(r, m->path, &c);
		deliver(r, m->path, &c, r->seq);
		return;
	}
	if (t->pending) {
		content_of(r, t, &c);
		k = store_put(r, m->path, &c);
		t = t->head;
		k->pending = 1;
		k->head = t;
		t->gtail->gnext = k;
		t->gtail = k;
		t->need |= need;
		if (++t->seen >= t->nlink)
			resolve(r, t, NULL, NULL);
		return;
	}
	content_of(r, t, &c);
	if (c.err != 0)
		say(r, m->path, "hard link to %s, which could not be read",
		    quotef(m->hardlink));
	(void)store_put(r, m->path, &c);
	deliver(r, m->path, &c, r->seq);
}

static const char *
type_name(enum mds_member_type t)
{
	switch (t) {
	case MDS_MEMBER_DIR:
		return "directory";
	case MDS_MEMBER_SYMLINK:
		return "symbolic link";
	case MDS_MEMBER_DEVICE:
		return "device";
	case MDS_MEMBER_FIFO:
		return "fifo";
	case MDS_MEMBER_SOCKET:
		return "socket";
	default:
		return "file";
	}
}

/* --debug: how the archive is read, once its format is known. */
static void
debug_archive(const struct run *r, struct mds_archive *ar)
{
	char filters[256] = "";
	const char *f, *fmt;
	mds_ctx ctx;
	size_t i, used;

	for (i = 0; (f = mds_archive_filter(ar, i)) != NULL; i++) {
		used = strlen(filters);
		if (used + strlen(f) + 3 >= sizeof(filters))
			break;
		(void)snprintf(filters + used, sizeof(filters) - used, ", %s",
		    f);
	}
	fmt = mds_archive_format(ar);
	for (i = 0; i < r->set.n; i++) {
		if (mds_init(&ctx, r->set.algs[i]) == -1)
			continue;
		warnx("%s: %s on the %s backend, archive: %s%s",
		    quotef(r->label), mds_alg_name(r->set.algs[i]),
		    mds_ctx_backend(&ctx), fmt != NULL ? fmt : "no format",
		    filters);
		mds_discard(&ctx);
	}
}

/*
 * The compressed stream of the archive failed (corrupt or cut short) and
 * its check did not pass: whatever was read from it may be corrupt.  The
 * lines held are dropped; the inputs filled in this pass are unreadable.
 */
static void
stream_failed(struct run *r)
{
	size_t i;

	r->status = 1;
	if (r->wanted != NULL) {
		for (i = 0; i < r->nwanted; i++)
			if (r->wanted[i].seq > r->pass_seq &&
			    r->wanted[i].in->err != ENOENT)
				r->wanted[i].in->err = EIO;
		return;
	}
	if (r->nheld == 1)
		warnx("%s: the line of the member read before the failure is "
		    "left out", quotef(r->label));
	else if (r->nheld > 1)
		warnx("%s: the lines of the %zu members read before the "
		    "failure are left out", quotef(r->label), r->nheld);
	if (r->hold_overflow)
		warnx("%s: the lines printed for its members are not verified",
		    quotef(r->label));
	hold_release(r, 0);
}

/* One pass over the archive open on fd. */
static void
read_pass(struct run *r, int fd)
{
	struct mds_archive *ar;
	struct mds_member m;
	struct content c;
	const char *last = NULL;
	char *lastcopy = NULL;
	int rc, told = 0, compressed = -1;

	if ((ar = mds_archive_open_fd(fd)) == NULL)
		err(1, NULL);
	r->pass_seq = r->seq;
	while ((rc = mds_archive_next(ar, &m)) != 0) {
		if (compressed == -1) {
			/* Known once the reading has begun. */
			compressed = mds_archive_filter(ar, 0) != NULL;
			r->holding = compressed && r->wanted == NULL;
		}
		r->seq++;
		if (debug_flag && !told && !r->pass2 && rc == 1) {
			debug_archive(r, ar);
			told = 1;
		}
		if (rc == -1) {
			drain(r);
			if (m.path != NULL) {
				memset(&c, 0, sizeof(c));
				c.err = EIO;
				say(r, m.path, "%s", mds_archive_error(ar));
				deliver(r, m.path, &c, r->seq);
			} else if (!r->pass2) {
				/* A stream's failure is no member's. */
				if (last != NULL && !compressed)
					warnx("%s: after member %s: %s",
					    quotef(r->label), quotef(last),
					    mds_archive_error(ar));
				else
					warnx("%s: %s", quotef(r->label),
					    mds_archive_error(ar));
				r->status = 1;
			}
			if (mds_archive_broken(ar)) {
				r->cut_short = 1;
				break;
			}
			continue;
		}
		free(lastcopy);
		if ((lastcopy = strdup(m.path)) == NULL)
			err(1, NULL);
		last = lastcopy;
		if (m.warning != NULL && debug_flag && !r->pass2) {
			drain(r);
			warnx("%s: member %s: %s", quotef(r->label),
			    quotef(m.path), m.warning);
		}
		if (m.type != MDS_MEMBER_FILE) {
			/* Only a message is: the FIFO waits for none else. */
			if (debug_flag && !r->pass2) {
				drain(r);
				warnx("%s: member %s: %s, skipped",
				    quotef(r->label), quotef(m.path),
				    type_name(m.type));
			}
			continue;
		}
		do_member(r, ar, &m);
		store_trim(r);
		if (mds_archive_broken(ar)) {
			drain(r);
			/* Unless said already: a member nobody wanted. */
			if (r->wanted != NULL && !r->pass2 &&
			    need_of(r, m.path) == 0) {
				warnx("%s: member %s: %s", quotef(r->label),
				    quotef(m.path), mds_archive_error(ar));
				r->status = 1;
			}
			r->cut_short = 1;
			break;
		}
	}
	drain(r);
	if (debug_flag && !told && !r->pass2)
		debug_archive(r, ar);
	resolve_all(r);
	if (compressed == 1 && mds_archive_broken(ar))
		stream_failed(r);
	hold_release(r, 1);
	r->holding = 0;
	r->hold_overflow = 0;
	store_free(&r->keep);
	free(lastcopy);
	(void)mds_archive_close(ar);
}

/* Every member of one archive operand ("-" is standard input). */
static void
read_archive(struct run *r, const char *path)
{
	struct stat sb;
	size_t i;
	int fd, seekable;

	r->label = path;
	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) == -1) {
		warn("%s", quotef(path));
		r->status = 1;
		return;
	}
	if (fstat(fd, &sb) == -1) {
		warn("%s", quotef(path));
		r->status = 1;
		goto done;
	}
	if (S_ISDIR(sb.st_mode)) {
		errno = EISDIR;
		warn("%s", quotef(path));
		r->status = 1;
		goto done;
	}
	seekable = S_ISREG(sb.st_mode) &&
	    lseek(fd, 0, SEEK_CUR) != (off_t)-1;
	r->hash_all = r->wanted == NULL || !seekable;
	r->unresolved = 0;
	read_pass(r, fd);
	if (r->unresolved) {
		/*
		 * Links to members the manifest does not name.  Their names
		 * are filled anew by every member so named, in order: the
		 * last one counts, even if an earlier one was filled in the
		 * first pass.
		 */
		for (i = 0; i < r->nwanted; i++)
			r->wanted[i].again = r->wanted[i].in->err == UNRESOLVED;
		if (lseek(fd, 0, SEEK_SET) == (off_t)-1) {
			warn("%s", quotef(path));
			r->status = 1;
		} else {
			r->hash_all = 1;
			r->pass2 = 1;
			read_pass(r, fd);
			r->pass2 = 0;
		}
	}
done:
	if (fd != STDIN_FILENO && close(fd) == -1) {
		warn("%s", quotef(path));
		r->status = 1;
	}
}

static void
run_init(struct run *r, struct gnu *g)
{
	memset(r, 0, sizeof(*r));
	r->g = g;
	algset_init(&r->set);
	r->fifo_tail = &r->fifo;
}

static void
run_free(struct run *r)
{
	size_t i;

	drain(r);
	for (i = 0; i < r->set.n; i++)
		mds_lanes_free(r->lanes[i]);
	free(r->fifo_buf);
	free(r->held);
}

int
gnu_archive_generate(struct gnu *g, char **archives, size_t n)
{
	struct run r;
	size_t i;

	run_init(&r, g);
	for (i = 0; i < g->nalgs; i++)
		(void)algset_add(&r.set, g->algs[i]);
	for (i = 0; i < n; i++)
		read_archive(&r, archives[i]);
	run_free(&r);
	return r.status;
}

int
archive_fill(struct gnu *g, char **archives, size_t n, struct input **ins,
    size_t nins)
{
	struct run r;
	size_t i, a;

	run_init(&r, g);
	if ((r.wanted = calloc(nins + 1, sizeof(*r.wanted))) == NULL)
		err(1, NULL);
	for (i = 0; i < nins; i++) {
		r.wanted[i].in = ins[i];
		for (a = 0; a < ins[i]->nalgs; a++)
			r.wanted[i].bits |= (uint32_t)1 <<
			    algset_add(&r.set, ins[i]->algs[a]);
		matcher_add(&r.names, ins[i]->name, i);
	}
	matcher_sort(&r.names);
	r.nwanted = nins;
	for (i = 0; i < n; i++)
		read_archive(&r, archives[i]);
	for (i = 0; i < nins; i++) {
		if (ins[i]->err == UNRESOLVED) {
			warnx("%s: hard link not resolved", quotef(ins[i]->name));
			ins[i]->err = EIO;
		} else if (ins[i]->err == ENOENT && r.cut_short)
			ins[i]->err = EIO;	/* maybe in the part not read */
	}
	run_free(&r);
	matcher_free(&r.names);
	free(r.wanted);
	return r.status;
}
