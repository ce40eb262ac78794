/*
 * keccak.c: the Keccak sponge, portable C, and the one implementation of
 * init, update and final that every sponge row of the registry uses: the
 * SHA-3 hashes (FIPS 202, domain byte 0x06) and original Keccak-256
 * (0x01, as Ethereum uses).  The row's shape gives the rate and the domain
 * byte, its digest length how much to squeeze; every output length here
 * is under the rate, so one squeeze is enough.
 */
#include <string.h>

#include "mds_int.h"

struct sponge {
	const struct mds_kernel *k;	/* the absorb loop, from dispatch */
	uint64_t	a[25];
	unsigned int	rate;		/* bytes */
	unsigned int	fill;		/* bytes waiting in buf */
	unsigned int	outlen;
	unsigned char	pad;		/* the domain byte */
	unsigned char	buf[MDS_MAX_BLOCK];
};

MDS_STATE_FITS(sponge, struct sponge);

static void
sponge_start(struct sponge *st, const struct mds_alg *alg,
    const struct mds_kernel *k)
{
	memset(st->a, 0, sizeof(st->a));
	st->k = k;
	st->rate = alg->shape->block;
	st->pad = alg->shape->pad;
	st->outlen = (unsigned int)alg->digest_len;
	st->fill = 0;
}

static int
sponge_init(void *st, const struct mds_alg *alg)
{
	sponge_start(st, alg, mds_kernel_portable("keccak"));
	return 0;
}

static int
sponge_init_native(void *st, const struct mds_alg *alg)
{
	sponge_start(st, alg, mds_kernel_for("keccak"));
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
 * The last block of a message whose final fill (< rate) bytes are tail:
 * the domain bits in pad, then pad10*1, written to out (rate bytes).
 */
void
mds_sponge_tail(const unsigned char *tail, size_t fill, unsigned char pad,
    size_t rate, unsigned char *out)
{
	uint64_t w;
	size_t i;

	/* Word by word: a short message's whole cost is about this. */
	for (i = 0; i + 8 <= fill; i += 8) {
		memcpy(&w, tail + i, 8);
		memcpy(out + i, &w, 8);
	}
	for (; i < fill; i++)
		out[i] = tail[i];
	out[i++] = pad;
	for (; i < rate && i % 8 != 0; i++)
		out[i] = 0;
	for (w = 0; i < rate; i += 8)
		memcpy(out + i, &w, 8);
	out[rate - 1] |= 0x80;
}

/* The last block, then squeeze outlen bytes (under the rate). */
static int
sponge_final(void *vst, unsigned char *out)
{
	struct sponge *st = vst;
	unsigned char last[8];
	unsigned int i;

	mds_sponge_tail(st->buf, st->fill, st->pad, st->rate, st->buf);
	st->k->absorb(st->a, st->buf, 1, st->rate);
	for (i = 0; i + 8 <= st->outlen; i += 8)
		mds_store_le64(out + i, st->a[i / 8]);
	if (i < st->outlen) {
		mds_store_le64(last, st->a[i / 8]);
		memcpy(out + i, last, st->outlen - i);
	}
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

/* Rate = 200 - 2 * digest bytes: the capacity is twice the digest. */
const struct mds_shape mds_keccak256_shape = { NULL, NULL, 0x01, 25, 136 };
const struct mds_shape mds_sha3_224_shape = { NULL, NULL, 0x06, 25, 144 };
const struct mds_shape mds_sha3_256_shape = { NULL, NULL, 0x06, 25, 136 };
const struct mds_shape mds_sha3_384_shape = { NULL, NULL, 0x06, 25, 104 };
const struct mds_shape mds_sha3_512_shape = { NULL, NULL, 0x06, 25, 72 };
