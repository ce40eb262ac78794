/*
 * keccak.c: the Keccak sponge, portable C, and the one implementation of
 * init, update and final that every sponge row of the registry uses: the
 * SHA-3 hashes (FIPS 202, domain byte 0x06) and original Keccak-256
 * (0x01, as Ethereum uses).  The row's shape gives the rate and the domain
 * byte, its digest length how much to squeeze; every output length here
 * is under the rate, so one squeeze is enough.  The construction's table
 * (construction.h) is here too: the lanes end a message as final does.
 */
#include <string.h>

#include "mds_int.h"

struct sponge {
	const struct mds_kernel *k;	/* the absorb loop, from dispatch */
	uint64_t	a[25];
	unsigned int	rate;		/* bytes */
	unsigned int	fill;		/* bytes waiting in buf */
	unsigned int	outlen;
	const struct mds_shape *shape;	/* the rate and the domain byte */
	unsigned char	buf[MDS_MAX_BLOCK];
};

MDS_STATE_FITS(sponge, struct sponge);

static void
sponge_start(void *vst, const struct mds_alg *alg, const struct mds_kernel *k)
{
	struct sponge *st = vst;

	memset(st->a, 0, sizeof(st->a));
	st->k = k;
	st->rate = alg->shape->block;
	st->shape = alg->shape;
	st->outlen = (unsigned int)alg->digest_len;
	st->fill = 0;
}

static int
sponge_init(void *st, const struct mds_alg *alg)
{
	sponge_start(st, alg, mds_kernel_portable(MDS_FAM_KECCAK));
	return 0;
}

static int
sponge_init_native(void *st, const struct mds_alg *alg)
{
	sponge_start(st, alg, mds_kernel_for(MDS_FAM_KECCAK));
	return 0;
}

static void
sponge_update(void *vst, const unsigned char *p, size_t len)
{
	struct sponge *st = vst;
	size_t n, rate = st->rate;

	if (st->fill != 0) {
		n = rate - st->fill;
		if (n > len)
			n = len;
		memcpy(st->buf + st->fill, p, n);
		st->fill += (unsigned int)n;
		p += n;
		len -= n;
		if (st->fill < rate)
			return;
		st->k->absorb(st->a, st->buf, 1, rate);
		st->fill = 0;
	}
	if (len >= rate) {
		n = len / rate;	/* NOLINT(clang-analyzer-core.DivideZero) */
		st->k->absorb(st->a, p, n, rate);
		p += n * rate;
		len -= n * rate;
	}
	if (len != 0) {
		memcpy(st->buf, p, len);
		st->fill = (unsigned int)len;
	}
}

/*
 * The last block of a message whose final fill (< rate) bytes are at p:
 * the domain bits in the shape's pad, then pad10*1, written to out (rate
 * bytes), whose bytes from *dirty on (but the last) are still zero: a
 * short message of the batch API, its lane's block zero from the one
 * before, costs a copy and a few stores.
 */
static size_t
sponge_tail(const struct mds_shape *sh, const unsigned char *p, size_t fill,
    uint64_t total, unsigned char *out, size_t *dirty,
    const struct mds_col *col)
{
	size_t rate = sh->block;

	(void)total;
	(void)col;
	mds_cons_last_block(p, fill, out, *dirty);
	out[fill] = sh->pad;
	out[rate - 1] = (unsigned char)((fill == rate - 1 ? sh->pad : 0) |
	    0x80);
	*dirty = fill + 1;
	return 1;
}

static void *
sponge_words(void *vst)
{
	return ((struct sponge *)vst)->a;
}

static void
sponge_absorb(void *vst, const unsigned char *p, size_t nblocks)
{
	struct sponge *st = vst;

	st->k->absorb(st->a, p, nblocks, st->rate);
}

/* The last block, then squeeze outlen bytes (under the rate). */
static int
sponge_final(void *vst, unsigned char *out)
{
	struct sponge *st = vst;
	struct mds_col self = { st->a, 1, 0 };
	size_t dirty = st->rate;

	(void)sponge_tail(st->shape, st->buf, st->fill, 0, st->buf, &dirty,
	    &self);
	st->k->absorb(st->a, st->buf, 1, st->rate);
	mds_cons_extract_le64(st->shape, &self, out, st->outlen);
	return 0;
}

const struct mds_impl mds_portable_sponge = {
	NULL, "portable", sponge_init, sponge_update, sponge_final, NULL,
	mds_kernel_describe
};

const struct mds_impl mds_native_sponge = {
	NULL, "native", sponge_init_native, sponge_update, sponge_final, NULL,
	mds_kernel_describe
};

const struct mds_cons_ops mds_cons_sponge = {
	MDS_CONS_SPONGE, 0, 1, sponge_start, sponge_words, sponge_absorb,
	sponge_tail, mds_cons_extract_le64
};

/* Rate = 200 - 2 * digest bytes: the capacity is twice the digest. */
const struct mds_shape mds_keccak256_shape = MDS_SPONGE_SHAPE(0x01, 136);
const struct mds_shape mds_sha3_224_shape = MDS_SPONGE_SHAPE(0x06, 144);
const struct mds_shape mds_sha3_256_shape = MDS_SPONGE_SHAPE(0x06, 136);
const struct mds_shape mds_sha3_384_shape = MDS_SPONGE_SHAPE(0x06, 104);
const struct mds_shape mds_sha3_512_shape = MDS_SPONGE_SHAPE(0x06, 72);
