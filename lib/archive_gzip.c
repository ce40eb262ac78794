/*
 * archive_gzip.c: a gzip stream decoded with zlib, for the archive reader
 * (archive.c): libarchive's gzip filter checks neither the CRC-32 nor the
 * length in a member's trailer, and a stream that fails them must fail.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "archive_int.h"

/* The gzip stream is bad (why): so says every later read. */
static la_ssize_t
gz_fail(struct archive *a, struct mds_archive *ar, const char *why)
{
	if (why != ar->stream_text)
		(void)snprintf(ar->stream_text, sizeof(ar->stream_text), "%s",
		    why);
	ar->stream_msg = ar->stream_text;
	ar->stream_errno = EIO;
	archive_set_error(a, EIO, "%s", why);
	return -1;
}

/*
 * The decoded bytes of a gzip stream, member after member.  zlib checks
 * each member's header, its CRC-32 and its length; after the last one
 * only zero bytes may follow (a tape block's padding).  Anything else
 * there is an error, not ignored: it may be a member whose header was
 * damaged, and whose data would be silently missing.
 */
la_ssize_t
mds_archive_gz_read(struct archive *a, struct mds_archive *ar,
    const void **out)
{
	z_stream *z = &ar->z;
	const void *in;
	ssize_t got;
	int r;

	*out = ar->zbuf;
	if (ar->stream_msg != NULL || ar->read_err != 0) {
		archive_set_error(a, EIO, "%s", ar->stream_msg != NULL ?
		    ar->stream_msg : strerror(ar->read_err));
		return -1;
	}
	z->next_out = ar->zbuf;
	z->avail_out = GZ_OUT;
	while (z->avail_out == GZ_OUT) {
		if (z->avail_in == 0) {
			if (ar->gz_eof)
				break;
			if ((got = mds_archive_raw_read(ar, &in)) == -1) {
				archive_set_error(a, ar->read_err, "%s",
				    strerror(ar->read_err));
				return -1;
			}
			if (got == 0) {
				ar->gz_eof = 1;
				break;
			}
			z->next_in = ar->buf;
			z->avail_in = (uInt)got;
		}
		if (ar->gz_state != GZ_MEMBER) {
			while (z->avail_in > 0 && *z->next_in == 0) {
				z->next_in++;
				z->avail_in--;
				ar->gz_state = GZ_ZEROS;
			}
			if (z->avail_in == 0)
				continue;
			if (ar->gz_state == GZ_ZEROS)
				return gz_fail(a, ar,
				    "trailing garbage after the gzip data");
			if (inflateReset(z) != Z_OK)
				return gz_fail(a, ar, "gzip decoder failed");
			ar->gz_state = GZ_MEMBER;
		}
		r = inflate(z, Z_NO_FLUSH);
		if (r == Z_STREAM_END)
			ar->gz_state = GZ_BETWEEN;
		else if (r == Z_MEM_ERROR)
			return gz_fail(a, ar, strerror(ENOMEM));
		else if (r != Z_OK && r != Z_BUF_ERROR) {
			/* zlib's words for the trailer's two checks */
			if (z->msg != NULL &&
			    strcmp(z->msg, "incorrect data check") == 0)
				return gz_fail(a, ar, "gzip data fails its "
				    "CRC-32 check: corrupt data");
			if (z->msg != NULL &&
			    strcmp(z->msg, "incorrect length check") == 0)
				return gz_fail(a, ar, "gzip data fails its "
				    "length check: corrupt data");
			(void)snprintf(ar->stream_text,
			    sizeof(ar->stream_text), "corrupt gzip data: %s",
			    z->msg != NULL ? z->msg : "inflate failed");
			return gz_fail(a, ar, ar->stream_text);
		}
	}
	if (z->avail_out == GZ_OUT && ar->gz_state == GZ_MEMBER)
		return gz_fail(a, ar, "truncated gzip input");
	return (la_ssize_t)(GZ_OUT - z->avail_out);
}
