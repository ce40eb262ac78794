/*
 * mdpad.c: Merkle-Damgard buffering, padding and length encoding, and the
 * one implementation of init, update and final that every Merkle-Damgard
 * row of the registry uses (MD5, SHA-1, the SHA-2 family, SM3): the row's
 * shape gives the initial value and the layout, its family the kernel.
 * Whole blocks go straight from the caller's buffer to the block function;
 * only a partial block is copied.
 */
#include <string.h>

#include "mds_int.h"

void
mds_md_update(struct md_state *st, const struct md_shape *shape,
    const unsigned char *p, size_t len)
{
	size_t bl = shape->block_len, n;	/* 64 or 128, never 0 */

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
size_t
mds_md_tail(const struct md_shape *shape, const unsigned char *tail,
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

/* Append the padding and the length, and run the last block(s). */
void
mds_md_pad(struct md_state *st, const struct md_shape *shape)
{
	unsigned char two[2 * sizeof(st->buf)], *out = st->buf;

	/* In place, unless SHA-512's second block is needed. */
	if (st->fill + 1 + shape->len_bytes > sizeof(st->buf))
		out = two;
	st->k->blocks(st, out,
	    mds_md_tail(shape, st->buf, st->fill, st->nbytes, out));
	st->fill = 0;
}

/*
 * Write the first outlen bytes of a 32-bit-word chaining value: whole
 * words with one store each (this is a visible part of hashing a short
 * message), then any bytes of a last partial word.
 */
void
mds_md_put32(const struct md_state *st, int little_endian, unsigned char *out,
    size_t outlen)
{
	unsigned char last[4];
	size_t i;

	if (little_endian)
		for (i = 0; i + 4 <= outlen; i += 4)
			mds_store_le32(out + i, st->h.w32[i / 4]);
	else
		for (i = 0; i + 4 <= outlen; i += 4)
			mds_store_be32(out + i, st->h.w32[i / 4]);
	if (i < outlen) {
		if (little_endian)
			mds_store_le32(last, st->h.w32[i / 4]);
		else
			mds_store_be32(last, st->h.w32[i / 4]);
		memcpy(out + i, last, outlen - i);
	}
}

/* Write the first outlen bytes of a 64-bit-word chaining value, big-endian. */
void
mds_md_put64(const struct md_state *st, unsigned char *out, size_t outlen)
{
	unsigned char last[8];
	size_t i;

	for (i = 0; i + 8 <= outlen; i += 8)
		mds_store_be64(out + i, st->h.w64[i / 8]);
	if (i < outlen) {
		mds_store_be64(last, st->h.w64[i / 8]);
		memcpy(out + i, last, outlen - i);
	}
}


MDS_STATE_FITS(md_state, struct md_state);

static void
md_start(struct md_state *st, const struct mds_alg *alg,
    const struct mds_kernel *k)
{
	const struct mds_shape *sh = alg->shape;

	/* Not the buffer: update and pad write each byte before it is read. */
	st->k = k;
	st->md = sh->md;
	st->outlen = alg->digest_len;
	if (sh->md->block_len == 64)
		memcpy(st->h.w32, sh->iv, sh->words * sizeof(uint32_t));
	else
		memcpy(st->h.w64, sh->iv, sh->words * sizeof(uint64_t));
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

static void
md_update(void *vst, const unsigned char *p, size_t len)
{
	struct md_state *st = vst;

	mds_md_update(st, st->md, p, len);
}

static int
md_final(void *vst, unsigned char *out)
{
	struct md_state *st = vst;

	mds_md_pad(st, st->md);
	if (st->md->block_len == 64)
		mds_md_put32(st, st->md->little_endian, out, st->outlen);
	else
		mds_md_put64(st, out, st->outlen);
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
