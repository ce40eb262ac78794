/*
 * archive_int.h: what the files of the archive reader share (archive.c,
 * the member reader; archive_gzip.c, the gzip decoder): its state, and
 * the two ways it gets the archive's bytes.
 */
#ifndef MDS_ARCHIVE_INT_H
#define MDS_ARCHIVE_INT_H

#include <sys/types.h>

#include <archive.h>
#include <zlib.h>

#include "mdsum_archive.h"
#include "source.h"

#define ARCHIVE_BLOCK	(128 * 1024)	/* bytes libarchive reads at a time */
#define GZ_OUT		(128 * 1024)	/* gzip's decoded bytes at a time */

/* Where the gzip decoder is: in a member, or after one (or at the start). */
enum gz_state { GZ_MEMBER, GZ_BETWEEN, GZ_ZEROS };

struct mds_archive {
	struct archive		*a;		/* the formats */
	struct archive		*outer;		/* the filters, or NULL */
	int			 fd;
	struct mds_src		 src;		/* fd's bytes, read */
	int			 can_skip;	/* a regular file: lseek over data */
	int			 read_err;	/* errno of a failed read or seek */
	unsigned char		*buf;		/* ARCHIVE_BLOCK bytes, for reads */
	size_t			 pending;	/* bytes in buf not yet given */
	int			 outer_eof;	/* the outer reader's data ended */
	const char		*stream_msg;	/* why the stream failed, or NULL */
	int			 stream_errno;
	int			 gz;		/* gzip, decoded by gz_read */
	enum gz_state		 gz_state;
	int			 gz_eof;	/* no more input */
	int			 gz_live;	/* z was initialised */
	z_stream		 z;
	unsigned char		*zbuf;		/* GZ_OUT bytes, decoded */
	char			 stream_text[256];
	int			 opened;	/* archive_read_open1 was called */
	int			 broken;	/* a fatal error: no more reading */
	int			 in_member;	/* next has returned a member */
	int64_t			 size;		/* its size by its header, or -1 */
	const char		*msg;		/* our own error text, or NULL */
};

/* The archive file's next bytes (archive.c); -1: ar->read_err. */
ssize_t		mds_archive_raw_read(struct mds_archive *, const void **);
/* A gzip stream's next decoded bytes, its trailers checked (archive_gzip.c). */
la_ssize_t	mds_archive_gz_read(struct archive *, struct mds_archive *,
		    const void **);

#endif /* MDS_ARCHIVE_INT_H */
