/*
 * mdpad.c: Merkle-Damgard buffering, padding and length encoding, the one
 * implementation of init, update and final that every Merkle-Damgard row
 * of the registry uses (MD5, SHA-1, the SHA-2 family, SM3), and the
 * construction's table (construction.h), through which the lanes end
 * their messages the same way: the row's shape gives the initial value
 * and the layout, its family the kernel.  Whole blocks go straight from
 * the caller's buffer to the block function; only a partial block is
 * copied.
 */
#include <string.h>

#include "mds_int.h"

static void
md_update(void *vst, const unsigned char *p, size_t len)
{
	struct md_state *st = vst;
	size_t bl = st->shape->block, n;	/* 64 or 128, never 0 */

	st->nbytes += len;
	if (st->fill != 0) {
		n = bl - st->fill;
		if (n > len)
			n = len;
		memcpy(st->buf + st->fill, p, n);
		st->fill += (unsigned int)n;
		p += n;
		len -= n;
		if (st->fill < bl)
			return;
		st->k->blocks(st, st->buf, 1);
		st->fill = 0;
	}
	if (len >= bl) {
		n = len / bl;	/* NOLINT(clang-analyzer-core.DivideZero) */
		st->k->blocks(st, p, n);
		p += n * bl;
		len -= n * bl;
	}
	if (len != 0) {
		memcpy(st->buf, p, len);
		st->fill = (unsigned int)len;
	}
}

/*
 * The last block(s) of a message of nbytes bytes whose final fill bytes
 * are tail: 0x80, zeros and the bit length.  Written to out (two blocks'
 * room); returns how many blocks, 1 or 2.
 */
static size_t
md_pad(const struct md_shape *shape, const unsigned char *tail,
    size_t fill, uint64_t nbytes, unsigned char *out)
{
	size_t bl = shape->block_len, lenpos = bl - shape->len_bytes, n = 1;
	uint64_t bits = nbytes << 3, high = nbytes >> 61;
	unsigned char *len;

	if (fill > 0 && out != tail)
		memmove(out, tail, fill);
	out[fill++] = 0x80;
	if (fill > lenpos)
		n = 2;
	memset(out + fill, 0, n * bl - fill);
	len = out + (n - 1) * bl + lenpos;
	if (shape->little_endian)
		mds_store_le64(len, bits);
	else {
		/* 128-bit big-endian field for SHA-512: high word first. */
		if (shape->len_bytes == 16) {
			mds_store_be64(len, high);
			len += 8;
		}
		mds_store_be64(len, bits);
	}
	return n;
}

/*
 * The first outlen bytes of the chaining value in col: whole words with
 * one store each (this is a visible part of hashing a short message),
 * then any bytes of a last partial word.  Words of 32 bits are in the
 * family's byte order, of 64 bits big-endian.
 */
static void
md_extract(const struct mds_shape *sh, const struct mds_col *col,
    unsigned char *out, size_t outlen)
{
	const uint32_t *w32 = (const uint32_t *)col->w + col->l;
	const uint64_t *w64 = (const uint64_t *)col->w + col->l;
	unsigned char last[8];
	size_t i, width = col->width;

	if (sh->word_bytes == 8) {
		for (i = 0; i + 8 <= outlen; i += 8)
			mds_store_be64(out + i, w64[i / 8 * width]);
		if (i < outlen) {
			mds_store_be64(last, w64[i / 8 * width]);
			memcpy(out + i, last, outlen - i);
		}
		return;
	}
	if (sh->md->little_endian)
		for (i = 0; i + 4 <= outlen; i += 4)
			mds_store_le32(out + i, w32[i / 4 * width]);
	else
		for (i = 0; i + 4 <= outlen; i += 4)
			mds_store_be32(out + i, w32[i / 4 * width]);
	if (i < outlen) {
		if (sh->md->little_endian)
			mds_store_le32(last, w32[i / 4 * width]);
		else
			mds_store_be32(last, w32[i / 4 * width]);
		memcpy(out + i, last, outlen - i);
	}
}

/* The table's tail: the padding, which owes nothing to the state. */
static size_t
md_tail(const struct mds_shape *sh, const unsigned char *p, size_t fill,
    uint64_t total, unsigned char *out, size_t *dirty,
    const struct mds_col *col)
{
	size_t n = md_pad(sh->md, p, fill, total, out);

	(void)col;
	*dirty = n * sh->block;
	return n;
}

static void *
md_words(void *vst)
{
	return ((struct md_state *)vst)->h.w32;
}

static void
md_absorb(void *vst, const unsigned char *p, size_t nblocks)
{
	struct md_state *st = vst;

	st->k->blocks(st, p, nblocks);
}

MDS_STATE_FITS(md_state, struct md_state);

static void
md_start(void *vst, const struct mds_alg *alg, const struct mds_kernel *k)
{
	struct md_state *st = vst;
	const struct mds_shape *sh = alg->shape;

	/* Not the buffer: update and pad write each byte before it is read. */
	st->k = k;
	st->shape = sh;
	st->outlen = alg->digest_len;
	memcpy(st->h.w32, sh->iv, sh->words * sh->word_bytes);
	st->nbytes = 0;
	st->fill = 0;
}

static int
md_init(void *st, const struct mds_alg *alg)
{
	md_start(st, alg, mds_kernel_portable(alg->family));
	return 0;
}

static int
md_init_native(void *st, const struct mds_alg *alg)
{
	md_start(st, alg, mds_kernel_for(alg->family));
	return 0;
}

static int
md_final(void *vst, unsigned char *out)
{
	struct md_state *st = vst;
	const struct mds_shape *sh = st->shape;
	struct mds_col self = { st->h.w32, 1, 0 };
	unsigned char two[2 * sizeof(st->buf)], *last = st->buf;

	/* In place, unless SHA-512's second block is needed. */
	if (st->fill + 1 + sh->md->len_bytes > sizeof(st->buf))
		last = two;
	st->k->blocks(st, last,
	    md_pad(sh->md, st->buf, st->fill, st->nbytes, last));
	st->fill = 0;
	md_extract(sh, &self, out, st->outlen);
	return 0;
}

const struct mds_impl mds_portable_md = {
	NULL, "portable", md_init, md_update, md_final, NULL,
	mds_kernel_describe
};

const struct mds_impl mds_native_md = {
	NULL, "native", md_init_native, md_update, md_final, NULL,
	mds_kernel_describe
};

const struct mds_cons_ops mds_cons_md = {
	MDS_CONS_MD, 0, 1, md_start, md_words, md_absorb, md_tail, md_extract
};
