/*
 * keccak.c: the Keccak sponge, portable C, for keccak256 (original Keccak,
 * padding byte 0x01, as Ethereum uses) and sha3-256 (FIPS 202, padding
 * byte 0x06).  Both have rate 136 and capacity 512; only the first padding
 * byte differs.
 */
#include <string.h>

#include "mds_int.h"

#define KECCAK256_RATE	136

struct sponge {
	const struct mds_kernel *k;	/* the absorb loop, from dispatch */
	uint64_t	a[25];
	unsigned int	fill;		/* bytes waiting in buf */
	unsigned char	buf[KECCAK256_RATE];
};

MDS_STATE_FITS(sponge, struct sponge);

static int
sponge_init(void *vst)
{
	struct sponge *st = vst;

	memset(st, 0, sizeof(*st));
	st->k = mds_kernel_portable("keccak");
	return 0;
}

static int
sponge_init_native(void *vst)
{
	struct sponge *st = vst;

	memset(st, 0, sizeof(*st));
	st->k = mds_kernel_for("keccak");
	return 0;
}

static void
sponge_update(void *vst, const unsigned char *p, size_t len)
{
	struct sponge *st = vst;
	size_t n;

	if (st->fill != 0) {
		n = KECCAK256_RATE - st->fill;
		if (n > len)
			n = len;
		memcpy(st->buf + st->fill, p, n);
		st->fill += (unsigned int)n;
		p += n;
		len -= n;
		if (st->fill < KECCAK256_RATE)
			return;
		st->k->absorb(st->a, st->buf, 1, KECCAK256_RATE);
		st->fill = 0;
	}
	if (len >= KECCAK256_RATE) {
		n = len / KECCAK256_RATE;
		st->k->absorb(st->a, p, n, KECCAK256_RATE);
		p += n * KECCAK256_RATE;
		len -= n * KECCAK256_RATE;
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

/* The last block, then squeeze 32 bytes. */
static void
sponge_final(struct sponge *st, unsigned char pad, unsigned char *out)
{
	int i;

	mds_sponge_tail(st->buf, st->fill, pad, KECCAK256_RATE, st->buf);
	st->k->absorb(st->a, st->buf, 1, KECCAK256_RATE);
	for (i = 0; i < 4; i++)
		mds_store_le64(out + 8 * i, st->a[i]);
}

static int
keccak256_final(void *st, unsigned char *out)
{
	sponge_final(st, 0x01, out);
	return 0;
}

static int
sha3_256_final(void *st, unsigned char *out)
{
	sponge_final(st, 0x06, out);
	return 0;
}

const struct mds_impl mds_portable_keccak256 = {
	"keccak256", "portable", sponge_init, sponge_update, keccak256_final,
	NULL, mds_kernel_describe
};

const struct mds_impl mds_native_keccak256 = {
	"keccak256", "native", sponge_init_native, sponge_update,
	keccak256_final, NULL, mds_kernel_describe
};

const struct mds_impl mds_portable_sha3_256 = {
	"sha3-256", "portable", sponge_init, sponge_update, sha3_256_final,
	NULL, mds_kernel_describe
};

const struct mds_impl mds_native_sha3_256 = {
	"sha3-256", "native", sponge_init_native, sponge_update,
	sha3_256_final, NULL, mds_kernel_describe
};

const struct mds_lane_shape mds_keccak256_lanes = {
	"keccak", NULL, 0x01, 25, KECCAK256_RATE
};

const struct mds_lane_shape mds_sha3_256_lanes = {
	"keccak", NULL, 0x06, 25, KECCAK256_RATE
};
