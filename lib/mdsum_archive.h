/*
 * mdsum_archive.h: the public interface of libmdsum-archive (archive.c,
 * over libarchive and zlib), a library of its own so that a program that
 * only hashes files and memory does not link those two.  Link with
 * -lmdsum-archive -lmdsum (pkg-config mdsum-archive).
 *
 * The members of an archive in any format and compression the installed
 * libarchive reads (tar, pax, cpio, zip, 7z, iso9660, ar, ...; gzip,
 * bzip2, xz, zstd, lz4, ...), streamed without extracting anything and in
 * memory that does not grow with the members' sizes.  mtree specifications
 * are refused: their data is in the files they name on disk, and a plain
 * text file can pass for one.  libarchive's own headers stay out of this
 * one.  A typical loop:
 *
 *	ar = mds_archive_open_fd(fd);
 *	while ((r = mds_archive_next(ar, &m)) != 0) {
 *		if (r == -1) {
 *			warnx("%s", mds_archive_error(ar));
 *			if (mds_archive_broken(ar))
 *				break;
 *		} else if (m.type == MDS_MEMBER_FILE)
 *			n = mds_archive_update(ar, ctxs, nctxs);
 *	}
 *	mds_archive_close(ar);
 */
#ifndef MDSUM_ARCHIVE_H
#define MDSUM_ARCHIVE_H

#include <stddef.h>
#include <stdint.h>

#include "mdsum.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mds_archive;	/* an archive being read (opaque) */

enum mds_member_type {
	MDS_MEMBER_FILE,	/* a regular file, or a hard link (see below) */
	MDS_MEMBER_DIR,
	MDS_MEMBER_SYMLINK,
	MDS_MEMBER_DEVICE,	/* character or block device */
	MDS_MEMBER_FIFO,
	MDS_MEMBER_SOCKET
};

/*
 * One member, as mds_archive_next describes it.  The strings stay valid
 * until the next call on the archive.  A hard link (hardlink not NULL)
 * has the content of the earlier member it names, unless data comes with
 * it: cpio's newc layout stores a file's data with its last link, leaving
 * the earlier names empty (size 0, nlink > 1).
 */
struct mds_member {
	const char		*path;		/* as libarchive reads it, "./" and all */
	const char		*hardlink;	/* earlier member's path, or NULL */
	enum mds_member_type	 type;
	int64_t			 size;		/* by its header; -1 unknown */
	unsigned int		 nlink;		/* links to it; 0 unknown */
	int			 encrypted;	/* its data is encrypted */
	const char		*warning;	/* libarchive's warning, or NULL */
};

/*
 * Start reading the archive on fd (its format and filters are detected
 * on the first mds_archive_next).  The descriptor is only read (seeked
 * when it is a regular file) and is not closed by mds_archive_close.
 * NULL with errno set only if memory is short.
 */
struct mds_archive	*mds_archive_open_fd(int);
/*
 * The next member: 1 and *m filled in, 0 after the last one, or -1 with
 * errno set and mds_archive_error saying why (m->path names the member
 * when it is known).  After -1 reading may go on to the next member unless
 * mds_archive_broken says otherwise.  An unread member is skipped.
 */
int			 mds_archive_next(struct mds_archive *,
			    struct mds_member *);
/*
 * Feed the data of the member just returned to every running context in
 * ctxs[0..n), as extraction would write it: the holes of a sparse member
 * are hashed as zeros, and so is the rest up to the size in its header,
 * past which nothing is kept.  Memory use does not depend on the member's size.  Returns the number of
 * bytes hashed, or -1 (errno, mds_archive_error) if the data cannot be
 * read: corrupt, truncated, encrypted or a bad checksum.  Once per member.
 */
int64_t			 mds_archive_update(struct mds_archive *, mds_ctx *,
			    size_t);
/*
 * Instead of mds_archive_update: the member's data, exactly as that would
 * hash it, copied into buf; the number of bytes, or -1 (errno,
 * mds_archive_error) as for mds_archive_update, or EFBIG if it does not
 * fit in size bytes.  A member whose header says it does not fit is left
 * unread; one of unknown size may fail that way after some of its data
 * has been read.  Once per member.
 */
int64_t			 mds_archive_read(struct mds_archive *, void *,
			    size_t);
/* The format's name ("GNU tar format"), once detected; else NULL. */
const char		*mds_archive_format(struct mds_archive *);
/*
 * The i-th filter ("gzip"), innermost first (for a gzip file holding an xz
 * stream, "xz" then "gzip"); NULL past the last.
 */
const char		*mds_archive_filter(struct mds_archive *, size_t);
/* The reason for the last failure, as libarchive words it. */
const char		*mds_archive_error(struct mds_archive *);
/* 1 after a failure that ends the reading of the archive, else 0. */
int			 mds_archive_broken(const struct mds_archive *);
/* Free the archive (NULL: nothing); -1 if libarchive reports a failure. */
int			 mds_archive_close(struct mds_archive *);

#ifdef __cplusplus
}
#endif

#endif /* MDSUM_ARCHIVE_H */
