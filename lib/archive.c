/*
 * archive.c: the members of an archive as inputs, read with libarchive.
 * Every format and filter the installed libarchive reads is enabled, but
 * for mtree: an mtree "archive" is a text file whose members' data lives
 * in the files it names on disk, and a plain text file can pass for one.
 *
 * libmdsum-archive: this file and archive_gzip.c (the gzip decoder),
 * with the chunk source (source.c) for the archive file's bytes; they
 * alone include libarchive's headers.  mdsum_archive.h declares the
 * opaque struct mds_archive and struct mds_member, archive_int.h what
 * the two files share.  Only libmdsum's public functions are called, so
 * that the shared library can link against libmdsum.so.
 *
 * A compressed stream is read to its end, so that each filter's own check
 * (bzip2's CRCs, xz's check, zstd's and lz4's checksums) runs: a format
 * stops at its end marker (tar's zero blocks, cpio's trailer), before the
 * filter has reached its trailer.  So the filters are a reader of their
 * own (the "outer" one, with the raw format: one member, the decompressed
 * stream), whose data the formats' reader reads; at the formats' end the
 * rest of that stream is read and dropped.  gzip is decoded here, with
 * zlib: libarchive's gzip filter checks neither the CRC-32 nor the length
 * in a member's trailer.  A regular file with no filter is read directly,
 * so that zip, 7z and iso9660 can seek in it.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "archive_int.h"

#define ZERO_CHUNK	(64 * 1024)	/* zeros fed to the hash per update */

/*
 * mdsum -A --progress: told of the archive's bytes as they are read;
 * NULL, the default, costs a test per read.  libmdsum's mds_progress_hook
 * is not exported from libmdsum.so, so this library has its own.  Not
 * exported either: the program, which links the archives, declares it in
 * bin/cli.h.
 */
void	(*mds_archive_progress_hook)(uint64_t, unsigned int);

/*
 * Where the data of a member goes: running contexts (update), or a
 * buffer (read).  One loop over libarchive's blocks serves both, so that
 * the two see the same bytes.
 */
struct sink {
	mds_ctx		*ctxs;
	size_t		 n;
	int		 to_buf;	/* else to the contexts */
	unsigned char	*buf;
	size_t		 size;		/* of buf */
};

static const unsigned char zeros[ZERO_CHUNK];

static int	format_support(struct archive *);
static la_ssize_t	read_cb(struct archive *, void *, const void **);
static void	outer_fail(struct mds_archive *);
static la_ssize_t	outer_read_cb(struct archive *, void *, const void **);
static int	drain(struct mds_archive *);
static int	open_reader(struct mds_archive *);
static la_int64_t	skip_cb(struct archive *, void *, la_int64_t);
static la_int64_t	seek_cb(struct archive *, void *, la_int64_t, int);
static void	fail(struct mds_archive *, int, int);
static void	update_all(mds_ctx *, size_t, const void *, size_t);
static void	update_zeros(mds_ctx *, size_t, int64_t);
static int	sink_put(struct mds_archive *, struct sink *, int64_t,
		    const void *, int64_t);
static int64_t	read_data(struct mds_archive *, struct sink *);
static enum mds_member_type member_type(struct archive_entry *);

/*
 * archive_read_support_format_all() less mtree, whose bidder accepts
 * many a text file and whose reader opens the paths in it.
 */
static int
format_support(struct archive *a)
{
	if (archive_read_support_format_7zip(a) != ARCHIVE_OK ||
	    archive_read_support_format_ar(a) != ARCHIVE_OK ||
	    archive_read_support_format_cab(a) != ARCHIVE_OK ||
	    archive_read_support_format_cpio(a) != ARCHIVE_OK ||
	    archive_read_support_format_empty(a) != ARCHIVE_OK ||
	    archive_read_support_format_iso9660(a) != ARCHIVE_OK ||
	    archive_read_support_format_lha(a) != ARCHIVE_OK ||
	    archive_read_support_format_rar(a) != ARCHIVE_OK ||
	    archive_read_support_format_rar5(a) != ARCHIVE_OK ||
	    archive_read_support_format_tar(a) != ARCHIVE_OK ||
	    archive_read_support_format_warc(a) != ARCHIVE_OK ||
	    archive_read_support_format_xar(a) != ARCHIVE_OK ||
	    archive_read_support_format_zip(a) != ARCHIVE_OK)
		return -1;
	return 0;
}

/*
 * libarchive's reads, skips and seeks (zip and 7z seek to their central
 * directories), as archive_read_open_fd() does them but that the errno of
 * a failed read or lseek(2) is kept in read_err.  libarchive's words
 * for such a failure name the descriptor ("Error reading fd 3"), and a
 * decompressing filter puts its own over them ("truncated gzip input"):
 * the cause is the system's error, and mds_archive_error() says that.
 */
static la_ssize_t
read_cb(struct archive *a, void *arg, const void **buf)
{
	struct mds_archive *ar = arg;
	ssize_t got;

	if (ar->gz)
		return mds_archive_gz_read(a, ar, buf);
	if ((got = mds_archive_raw_read(ar, buf)) == -1)
		archive_set_error(a, ar->read_err, "%s",
		    strerror(ar->read_err));
	return got;
}

/* The next bytes of fd, those read by open_reader first; -1: read_err. */
ssize_t
mds_archive_raw_read(struct mds_archive *ar, const void **buf)
{
	const unsigned char *p;
	ssize_t got;
	size_t len;
	int r;

	*buf = ar->buf;
	if (ar->pending > 0) {
		got = (ssize_t)ar->pending;
		ar->pending = 0;
	} else if ((r = mds_src_next(&ar->src, &p, &len)) == -1) {
		got = -1;
		ar->read_err = errno;
	} else
		got = r == 1 ? (ssize_t)len : 0;
	/* mdsum -A --progress: the archive's bytes read */
	if (got > 0 && mds_archive_progress_hook != NULL)
		mds_archive_progress_hook((uint64_t)got, 1);
	return got;
}

/* Skip whole blocks of a regular file with lseek; 0: read them instead. */
static la_int64_t
skip_cb(struct archive *a, void *arg, la_int64_t request)
{
	struct mds_archive *ar = arg;
	off_t old, now;

	if (!ar->can_skip)
		return 0;
	request -= request % ARCHIVE_BLOCK;
	if (request == 0)
		return 0;
	if ((old = lseek(ar->fd, 0, SEEK_CUR)) == (off_t)-1 ||
	    (now = lseek(ar->fd, (off_t)request, SEEK_CUR)) == (off_t)-1) {
		ar->can_skip = 0;
		if (errno == ESPIPE)
			return 0;
		ar->read_err = errno;
		archive_set_error(a, ar->read_err, "%s",
		    strerror(ar->read_err));
		return -1;
	}
	return (la_int64_t)(now - old);
}

/* Seek, for the formats that can use it; a pipe cannot. */
static la_int64_t
seek_cb(struct archive *a, void *arg, la_int64_t offset, int whence)
{
	struct mds_archive *ar = arg;
	off_t r;
	int e;

	if ((r = lseek(ar->fd, (off_t)offset, whence)) != (off_t)-1)
		return (la_int64_t)r;
	e = errno;
	archive_set_error(a, e, "%s", strerror(e));
	if (e == ESPIPE)
		return ARCHIVE_FAILED;
	ar->read_err = e;
	return ARCHIVE_FATAL;
}

/*
 * Record a failure of libarchive (status r) and set errno: that of a
 * failed read, else libarchive's when it gives one, else deflt.
 * ARCHIVE_FATAL ends the reading.
 */
static void
fail(struct mds_archive *ar, int r, int deflt)
{
	int e = archive_errno(ar->a);

	if (r == ARCHIVE_FATAL || ar->read_err != 0 || ar->stream_msg != NULL)
		ar->broken = 1;
	ar->msg = NULL;
	if (ar->stream_msg != NULL)
		e = ar->stream_errno;
	if (ar->read_err != 0)
		e = ar->read_err;
	errno = e > 0 ? e : deflt;
}

/* The outer reader failed: keep its reason, unless one is kept. */
static void
outer_fail(struct mds_archive *ar)
{
	const char *s;

	if (ar->stream_msg != NULL)
		return;
	if ((s = archive_error_string(ar->outer)) == NULL)
		s = "the compressed stream cannot be read";
	(void)snprintf(ar->stream_text, sizeof(ar->stream_text), "%s", s);
	ar->stream_msg = ar->stream_text;
	ar->stream_errno = archive_errno(ar->outer) > 0 ?
	    archive_errno(ar->outer) : EIO;
}

/* The formats read the decompressed stream: the outer reader's data. */
static la_ssize_t
outer_read_cb(struct archive *a, void *arg, const void **buf)
{
	struct mds_archive *ar = arg;
	size_t len;
	la_int64_t off;
	int r;

	while (!ar->outer_eof) {
		r = archive_read_data_block(ar->outer, buf, &len, &off);
		if (r == ARCHIVE_EOF)
			ar->outer_eof = 1;
		else if (r != ARCHIVE_OK) {
			outer_fail(ar);
			archive_set_error(a, ar->stream_errno, "%s",
			    ar->stream_msg);
			return -1;
		} else if (len > 0)
			return (la_ssize_t)len;
	}
	return 0;
}

/*
 * At the formats' end: the rest of the decompressed stream, read and
 * dropped, so that the filters reach their trailers and check them.
 */
static int
drain(struct mds_archive *ar)
{
	const void *p;

	if (ar->outer == NULL)
		return 0;
	while (!ar->outer_eof)
		if (outer_read_cb(ar->a, ar, &p) == -1) {
			fail(ar, ARCHIVE_FATAL, EIO);
			return -1;
		}
	return 0;
}

/*
 * Open the readers: the outer one first, to learn whether the stream is
 * compressed; if it is not and fd is a regular file, the formats read fd
 * directly, from where it was (so zip, 7z and iso9660 can seek).
 */
static int
open_reader(struct mds_archive *ar)
{
	struct archive_entry *e;
	struct stat sb;
	off_t start = -1;
	ssize_t got;
	int r;

	if (fstat(ar->fd, &sb) == -1 ||
	    (ar->buf = malloc(ARCHIVE_BLOCK)) == NULL) {
		ar->msg = strerror(errno);
		return -1;
	}
	if (S_ISREG(sb.st_mode))
		start = lseek(ar->fd, 0, SEEK_CUR);
	/* Read as it comes: the formats seek in it themselves. */
	mds_src_open_fd(&ar->src, ar->fd, NULL, -1, MDS_READ_LOOP, 0, &ar->buf,
	    ARCHIVE_BLOCK);
	/* Enough to know gzip by its magic number. */
	ar->pending = 0;
	while (ar->pending < 3) {
		got = mds_src_read(&ar->src, ar->buf + ar->pending,
		    ARCHIVE_BLOCK - ar->pending);
		if (got == -1) {
			ar->read_err = errno;
			return -1;
		}
		if (got == 0)
			break;
		ar->pending += (size_t)got;
	}
	ar->gz = ar->pending >= 3 && ar->buf[0] == 0x1f &&
	    ar->buf[1] == 0x8b && ar->buf[2] == 8;
	if (ar->gz) {
		if ((ar->zbuf = malloc(GZ_OUT)) == NULL ||
		    inflateInit2(&ar->z, 15 + 16) != Z_OK) {
			ar->msg = strerror(ENOMEM);
			errno = ENOMEM;
			return -1;
		}
		ar->gz_live = 1;
		ar->gz_state = GZ_BETWEEN;
	}
	if ((ar->outer = archive_read_new()) == NULL ||
	    archive_read_support_filter_all(ar->outer) < ARCHIVE_WARN ||
	    archive_read_support_format_raw(ar->outer) != ARCHIVE_OK) {
		ar->msg = strerror(ENOMEM);
		errno = ENOMEM;
		return -1;
	}
	if ((r = archive_read_set_read_callback(ar->outer, read_cb)) ==
	    ARCHIVE_OK &&
	    (r = archive_read_set_callback_data(ar->outer, ar)) == ARCHIVE_OK &&
	    (r = archive_read_open1(ar->outer)) == ARCHIVE_OK)
		r = archive_read_next_header(ar->outer, &e);
	if (r == ARCHIVE_EOF)
		ar->outer_eof = 1;
	else if (r != ARCHIVE_OK) {
		outer_fail(ar);
		return -1;
	}
	if (!ar->gz && archive_filter_count(ar->outer) <= 1 && start != -1) {
		archive_read_free(ar->outer);
		ar->outer = NULL;
		ar->outer_eof = 0;
		ar->pending = 0;
		if (lseek(ar->fd, start, SEEK_SET) == (off_t)-1) {
			ar->read_err = errno;
			return -1;
		}
		ar->can_skip = 1;
		if ((r = archive_read_set_read_callback(ar->a, read_cb)) ==
		    ARCHIVE_OK &&
		    (r = archive_read_set_skip_callback(ar->a, skip_cb)) ==
		    ARCHIVE_OK)
			r = archive_read_set_seek_callback(ar->a, seek_cb);
	} else
		r = archive_read_set_read_callback(ar->a, outer_read_cb);
	if (r == ARCHIVE_OK &&
	    (r = archive_read_set_callback_data(ar->a, ar)) == ARCHIVE_OK)
		r = archive_read_open1(ar->a);
	return r == ARCHIVE_OK ? 0 : -1;
}

static void
update_all(mds_ctx *ctxs, size_t n, const void *p, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		(void)mds_update(&ctxs[i], p, len);
}

/* Feed len zero bytes to every context: a hole of a sparse member. */
static void
update_zeros(mds_ctx *ctxs, size_t n, int64_t len)
{
	size_t chunk;

	while (len > 0) {
		chunk = len > ZERO_CHUNK ? ZERO_CHUNK : (size_t)len;
		update_all(ctxs, n, zeros, chunk);
		len -= (int64_t)chunk;
	}
}

/*
 * len bytes at offset pos of the member: those at p, or zeros (p NULL)
 * for a hole.  -1 (EFBIG) if they would not fit in the buffer.
 */
static int
sink_put(struct mds_archive *ar, struct sink *s, int64_t pos, const void *p,
    int64_t len)
{
	if (len <= 0)
		return 0;
	if (!s->to_buf) {
		if (p == NULL)
			update_zeros(s->ctxs, s->n, len);
		else
			update_all(s->ctxs, s->n, p, (size_t)len);
		return 0;
	}
	if ((uint64_t)pos > s->size ||
	    (uint64_t)len > s->size - (uint64_t)pos) {
		ar->msg = "the member is larger than the buffer";
		errno = EFBIG;
		return -1;
	}
	if (p == NULL)
		memset(s->buf + pos, 0, (size_t)len);
	else
		memcpy(s->buf + pos, p, (size_t)len);
	return 0;
}

/*
 * The data of the member just returned, to s, as extraction would write
 * it; the bytes it makes, or -1 (errno).  The member is read once.
 */
static int64_t
read_data(struct mds_archive *ar, struct sink *s)
{
	const void *buf;
	size_t len;
	la_int64_t off;
	int64_t pos = 0;
	int r;

	ar->in_member = 0;
	for (;;) {
		r = archive_read_data_block(ar->a, &buf, &len, &off);
		if (r == ARCHIVE_EOF)
			break;
		if (r != ARCHIVE_OK) {
			/* ARCHIVE_WARN here is a bad checksum, not data. */
			fail(ar, r, EIO);
			return -1;
		}
		if (off < pos) {
			ar->msg = "member data out of order";
			errno = EIO;
			return -1;
		}
		/* Extraction keeps no data past the size in the header. */
		if (ar->size >= 0 && off >= ar->size)
			continue;
		if (ar->size >= 0 && (int64_t)len > ar->size - off)
			len = (size_t)(ar->size - off);
		if (sink_put(ar, s, pos, NULL, off - pos) == -1 ||
		    sink_put(ar, s, off, buf, (int64_t)len) == -1)
			return -1;
		pos = off + (int64_t)len;
	}
	/* A hole at the end, as extraction leaves it (ftruncate). */
	if (ar->size > pos) {
		if (sink_put(ar, s, pos, NULL, ar->size - pos) == -1)
			return -1;
		pos = ar->size;
	}
	return pos;
}

/* What a member is; a hard link is reported as a file. */
static enum mds_member_type
member_type(struct archive_entry *e)
{
	if (archive_entry_hardlink(e) != NULL ||
	    archive_entry_hardlink_utf8(e) != NULL)
		return MDS_MEMBER_FILE;
	switch (archive_entry_filetype(e)) {
	case AE_IFDIR:
		return MDS_MEMBER_DIR;
	case AE_IFLNK:
		return MDS_MEMBER_SYMLINK;
	case AE_IFCHR:
	case AE_IFBLK:
		return MDS_MEMBER_DEVICE;
	case AE_IFIFO:
		return MDS_MEMBER_FIFO;
	case AE_IFSOCK:
		return MDS_MEMBER_SOCKET;
	default:
		/* AE_IFREG, or no type: extraction makes a regular file. */
		return MDS_MEMBER_FILE;
	}
}

struct mds_archive *
mds_archive_open_fd(int fd)
{
	struct mds_archive *ar;

	if (fd < 0) {
		errno = EBADF;
		return NULL;
	}
	if ((ar = calloc(1, sizeof(*ar))) == NULL)
		return NULL;
	ar->fd = fd;
	if ((ar->a = archive_read_new()) == NULL) {
		free(ar);
		errno = ENOMEM;
		return NULL;
	}
	if (format_support(ar->a) == -1 ||
	    archive_read_support_filter_all(ar->a) < ARCHIVE_WARN) {
		archive_read_free(ar->a);
		free(ar);
		errno = ENOMEM;
		return NULL;
	}
	return ar;
}

int
mds_archive_next(struct mds_archive *ar, struct mds_member *m)
{
	struct archive_entry *e;
	int r;

	memset(m, 0, sizeof(*m));
	m->size = -1;
	if (ar->broken) {
		ar->msg = "the archive cannot be read any further";
		errno = EIO;
		return -1;
	}
	if (!ar->opened) {
		ar->opened = 1;
		if (open_reader(ar) == -1) {
			if (ar->msg != NULL) {
				ar->broken = 1;
				errno = errno != 0 ? errno : EIO;
			} else
				fail(ar, ARCHIVE_FATAL, EIO);
			return -1;
		}
	}
	ar->in_member = 0;
	r = archive_read_next_header(ar->a, &e);
	if (r == ARCHIVE_EOF)
		return drain(ar) == -1 ? -1 : 0;
	if (r == ARCHIVE_OK || r == ARCHIVE_WARN || r == ARCHIVE_FAILED) {
		/*
		 * As libarchive reads it, not always the stored bytes: its zip
		 * reader makes slashes of the backslashes of a name with no
		 * slash when the local header says MS-DOS (mdsum.1, -A).
		 */
		if ((m->path = archive_entry_pathname(e)) == NULL)
			m->path = archive_entry_pathname_utf8(e);
		if ((m->hardlink = archive_entry_hardlink(e)) == NULL)
			m->hardlink = archive_entry_hardlink_utf8(e);
	}
	if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
		fail(ar, r, EIO);
		return -1;
	}
	if (m->path == NULL) {
		ar->msg = "a member has no name";
		errno = EILSEQ;
		return -1;
	}
	if (r == ARCHIVE_WARN)
		m->warning = archive_error_string(ar->a);
	m->type = member_type(e);
	if (archive_entry_size_is_set(e) && archive_entry_size(e) >= 0)
		m->size = archive_entry_size(e);
	ar->size = m->size;
	m->nlink = archive_entry_nlink(e);
	m->encrypted = archive_entry_is_data_encrypted(e) != 0;
	ar->in_member = 1;
	return 1;
}

int64_t
mds_archive_update(struct mds_archive *ar, mds_ctx *ctxs, size_t n)
{
	struct sink s;
	size_t i;

	if (ctxs == NULL && n != 0) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < n; i++)
		if (mds_ctx_alg(&ctxs[i]) == NULL)
			return -1;
	if (!ar->in_member || ar->broken) {
		ar->msg = "no member to read";
		errno = EINVAL;
		return -1;
	}
	memset(&s, 0, sizeof(s));
	s.ctxs = ctxs;
	s.n = n;
	return read_data(ar, &s);
}

int64_t
mds_archive_read(struct mds_archive *ar, void *buf, size_t size)
{
	struct sink s;

	if (buf == NULL && size != 0) {
		errno = EINVAL;
		return -1;
	}
	if (!ar->in_member || ar->broken) {
		ar->msg = "no member to read";
		errno = EINVAL;
		return -1;
	}
	/* Known not to fit: the member stays unread, for an update. */
	if (ar->size >= 0 && (uint64_t)ar->size > size) {
		ar->msg = "the member is larger than the buffer";
		errno = EFBIG;
		return -1;
	}
	memset(&s, 0, sizeof(s));
	s.to_buf = 1;
	s.buf = buf;
	s.size = size;
	return read_data(ar, &s);
}

const char *
mds_archive_format(struct mds_archive *ar)
{
	if (!ar->opened)
		return NULL;
	return archive_format_name(ar->a);
}

/* The formats' reader's filters, the outer one's, then gzip (decoded here). */
const char *
mds_archive_filter(struct mds_archive *ar, size_t i)
{
	struct archive *a[2];
	size_t k, n;
	int count;

	if (!ar->opened)
		return NULL;
	a[0] = ar->a;
	a[1] = ar->outer;
	for (k = 0; k < 2; k++) {
		if (a[k] == NULL || (count = archive_filter_count(a[k])) < 1)
			continue;
		n = (size_t)count - 1;	/* the last one is "none" */
		if (i < n)
			return archive_filter_name(a[k], (int)i);
		i -= n;
	}
	return ar->gz && i == 0 ? "gzip" : NULL;
}

const char *
mds_archive_error(struct mds_archive *ar)
{
	const char *s;

	if (ar->msg != NULL)
		return ar->msg;
	if (ar->read_err != 0)
		return strerror(ar->read_err);
	if (ar->stream_msg != NULL)
		return ar->stream_msg;
	if ((s = archive_error_string(ar->a)) != NULL)
		return s;
	return "unknown error";
}

int
mds_archive_broken(const struct mds_archive *ar)
{
	return ar->broken;
}

int
mds_archive_close(struct mds_archive *ar)
{
	int r = ARCHIVE_OK;

	if (ar == NULL)
		return 0;
	if (ar->opened)
		r = archive_read_close(ar->a);
	archive_read_free(ar->a);
	if (ar->outer != NULL)
		archive_read_free(ar->outer);
	if (ar->gz_live)
		(void)inflateEnd(&ar->z);
	mds_src_close(&ar->src);
	free(ar->zbuf);
	free(ar->buf);
	free(ar);
	if (r != ARCHIVE_OK) {
		errno = EIO;
		return -1;
	}
	return 0;
}
