/*
 * archive.c: -A, the members of archives as inputs (docs/ARCHITECTURE.md
 * shows where it stands), and the loop over them.
 *
 * mdsum -A ARCHIVE... prints, through print_line(), one line per regular
 * member, named by its path exactly as the archive stores it: tar and
 * bsdtar store "./a" when given the directory ".", "a" when given "a", and
 * the line says the same, so that the manifest verifies the tree extracted
 * in the current directory.  Directories, symbolic links, devices, fifos
 * and sockets are skipped (--debug says so).  A member is hashed whole
 * before its line is printed: one that cannot be read gets a message and
 * no line.  The lines of a compressed archive wait for its stream's check
 * (archive_held.c).
 *
 * mdsum -A -c MANIFEST ARCHIVE...: archive_fill() reads each archive once,
 * hashing the members that the manifest names (archive_match.c).
 *
 * Hard links hash like the member they link to (archive_links.c); small
 * members are hashed side by side in the lanes (archive_queue.c).  Each
 * member, once hashed, is reported by report_member(): its lines printed
 * or its inputs filled.
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

#include "archive_run.h"

static void	algset_init(struct algset *);
static int	hash_member(struct archive_run *, struct mds_archive *,
		    const struct mds_member *, uint32_t,
		    struct member_digests *);
static void	read_file_member(struct archive_run *, struct mds_archive *,
		    const struct mds_member *);
static const char	*member_type_name(enum mds_member_type);
static void	debug_archive(const struct archive_run *, struct mds_archive *);
static void	compressed_stream_failed(struct archive_run *);
static void	read_pass(struct archive_run *, int);
static void	read_archive(struct archive_run *, const char *);
static void	run_init(struct archive_run *, struct gnu *);
static void	run_free(struct archive_run *);

static void
algset_init(struct algset *set)
{
	memset(set, 0, sizeof(*set));
}

/* The index of alg in the set, adding it if new. */
size_t
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

/* The index of alg in the set, or -1. */
int
algset_find(const struct algset *set, const struct mds_alg *alg)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (set->algs[i] == alg)
			return (int)i;
	return -1;
}

/*
 * "ARCHIVE: member NAME: what", for a member that matters: with -c, only
 * one the manifest names (in a second pass, one still unresolved).
 */
void
warn_member(const struct archive_run *r, const char *name, const char *fmt,
    ...)
{
	va_list ap;
	char text[1024];

	if (r->wanted != NULL && wanted_algs(r, name) == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	warnx("%s: member %s: %s", quotef(r->label), quotef(name), text);
}

/*
 * The member called name, the seq-th read, has digests c: print its
 * lines, or fill the inputs of that name.  A later member of the name
 * counts over an earlier one, though the earlier one's digests may come
 * later (a cpio link waiting for its data).
 */
void
report_member(struct archive_run *r, const char *name,
    const struct member_digests *c, uint64_t seq)
{
	if (r->wanted == NULL)
		output_member(r, name, c);
	else
		fill_wanted(r, name, c, seq);
}

/* The data of the member called name could not be read (errno e). */
void
member_unreadable(const struct archive_run *r, struct mds_archive *ar,
    const char *name, int e, struct member_digests *c)
{
	memset(c, 0, sizeof(*c));
	c->err = e == ENOMEM ? ENOMEM : EIO;
	warn_member(r, name, "%s", mds_archive_error(ar));
}

/* Hash the member's data with the algorithms in mask into *c. */
static int
hash_member(struct archive_run *r, struct mds_archive *ar,
    const struct mds_member *m, uint32_t mask, struct member_digests *c)
{
	mds_ctx ctxs[MAX_ALGS];
	size_t idx[MAX_ALGS], i, n = 0;
	int64_t got;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < r->set.n; i++) {
		if (!(mask & (uint32_t)1 << i))
			continue;
		if (mds_init(&ctxs[n], hash_row(r->set.algs[i])) == -1) {
			c->err = errno;
			warn_member(r, m->path, "%s", strerror(errno));
			goto fail;
		}
		idx[n++] = i;
	}
	if ((got = mds_archive_update(ar, ctxs, n)) == -1) {
		member_unreadable(r, ar, m->path, errno, c);
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

/* A regular member or a hard link: hashed now, or queued for the lanes. */
static void
read_file_member(struct archive_run *r, struct mds_archive *ar,
    const struct mds_member *m)
{
	struct kept_member *t = NULL, *k;
	struct member_digests c;
	uint32_t need, mask;

	if (!r->pass2)
		progress_member();
	if ((mask = queue_algs(r, m)) != 0) {
		queue_member(r, ar, m, mask);
		return;
	}
	/* Hashed now, after those waiting for theirs. */
	queue_finish_all(r);
	need = wanted_algs(r, m->path);
	if (m->hardlink != NULL) {
		t = links_find(&r->links, m->hardlink);
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
		(void)links_keep(r, m->path, &c);
		return;
	}
	if (hash_member(r, ar, m, mask, &c) == -1) {
		if (t != NULL && t->pending)
			links_resolve_group(r, t->head, &c, "its data, with a "
			    "later hard link, could not be read");
		(void)links_keep(r, m->path, &c);
		report_member(r, m->path, &c, r->seq);
		return;
	}

	if (m->hardlink == NULL) {
		k = links_keep(r, m->path, &c);
		if (c.size == 0 && m->nlink > 1) {
			/* cpio newc: the data may come with a later link. */
			links_start_group(k, m->nlink, mask);
			return;
		}
		report_member(r, m->path, &c, r->seq);
		return;
	}

	if (c.size > 0) {
		/* A link with data of its own: it is the group's data. */
		if (t != NULL && t->pending)
			links_resolve_group(r, t->head, &c, NULL);
		(void)links_keep(r, m->path, &c);
		report_member(r, m->path, &c, r->seq);
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
			(void)links_keep(r, m->path, &c);
			report_member(r, m->path, &c, r->seq);
			return;
		}
		warn_member(r, m->path, "hard link to %s, %s",
		    quotef(m->hardlink), r->links.evicted ? "which is not in "
		    "the archive or too far back to be remembered" :
		    "which is not in the archive");
		c.err = ENOENT;
		/* A later link to this name fails too, as in the first pass. */
		(void)links_keep(r, m->path, &c);
		report_member(r, m->path, &c, r->seq);
		return;
	}
	if (t->pending) {
		links_join_group(r, t, m->path, need);
		return;
	}
	links_digests(r, t, &c);
	if (c.err != 0)
		warn_member(r, m->path, "hard link to %s, which could not be "
		    "read", quotef(m->hardlink));
	(void)links_keep(r, m->path, &c);
	report_member(r, m->path, &c, r->seq);
}

static const char *
member_type_name(enum mds_member_type t)
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
debug_archive(const struct archive_run *r, struct mds_archive *ar)
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
		if (mds_init(&ctx, hash_row(r->set.algs[i])) == -1)
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
compressed_stream_failed(struct archive_run *r)
{
	r->status = 1;
	if (r->wanted != NULL)
		wanted_pass_failed(r);
	else
		held_stream_failed(r);
}

/* One pass over the archive open on fd. */
static void
read_pass(struct archive_run *r, int fd)
{
	struct mds_archive *ar;
	struct mds_member m;
	struct member_digests c;
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
			r->held.active = compressed && r->wanted == NULL;
		}
		r->seq++;
		if (debug_flag && !told && !r->pass2 && rc == 1) {
			debug_archive(r, ar);
			told = 1;
		}
		if (rc == -1) {
			queue_finish_all(r);
			if (m.path != NULL) {
				memset(&c, 0, sizeof(c));
				c.err = EIO;
				warn_member(r, m.path, "%s",
				    mds_archive_error(ar));
				report_member(r, m.path, &c, r->seq);
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
			queue_finish_all(r);
			warnx("%s: member %s: %s", quotef(r->label),
			    quotef(m.path), m.warning);
		}
		if (m.type != MDS_MEMBER_FILE) {
			/* Only a message is: the queue waits for none else. */
			if (debug_flag && !r->pass2) {
				queue_finish_all(r);
				warnx("%s: member %s: %s, skipped",
				    quotef(r->label), quotef(m.path),
				    member_type_name(m.type));
			}
			continue;
		}
		read_file_member(r, ar, &m);
		links_trim(r);
		if (mds_archive_broken(ar)) {
			queue_finish_all(r);
			/* Unless said already: a member nobody wanted. */
			if (r->wanted != NULL && !r->pass2 &&
			    wanted_algs(r, m.path) == 0) {
				warnx("%s: member %s: %s", quotef(r->label),
				    quotef(m.path), mds_archive_error(ar));
				r->status = 1;
			}
			r->cut_short = 1;
			break;
		}
	}
	queue_finish_all(r);
	if (debug_flag && !told && !r->pass2)
		debug_archive(r, ar);
	links_resolve_waiting(r);
	if (compressed == 1 && mds_archive_broken(ar))
		compressed_stream_failed(r);
	held_release(r);
	links_free(&r->links);
	free(lastcopy);
	(void)mds_archive_close(ar);
}

/* Every member of one archive operand ("-" is standard input). */
static void
read_archive(struct archive_run *r, const char *path)
{
	struct stat sb;
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
		/* Links to members the manifest does not name. */
		wanted_mark_unresolved(r);
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
run_init(struct archive_run *r, struct gnu *g)
{
	memset(r, 0, sizeof(*r));
	r->g = g;
	algset_init(&r->set);
	queue_init(&r->queue);
}

static void
run_free(struct archive_run *r)
{
	queue_finish_all(r);
	queue_free(r);
	free(r->held.buf);
}

int
gnu_archive_generate(struct gnu *g, char **archives, size_t n)
{
	struct archive_run r;
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
	struct archive_run r;
	size_t i;

	run_init(&r, g);
	wanted_init(&r, ins, nins);
	for (i = 0; i < n; i++)
		read_archive(&r, archives[i]);
	wanted_finish(&r);
	run_free(&r);
	wanted_free(&r);
	return r.status;
}
