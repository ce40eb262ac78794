/*
 * sha1.c: SHA-1 (FIPS 180-4), portable C.  Offered for mdsum -a sha1.
 */
#include <string.h>

#include "mds_int.h"

#define ROL32(x, n)	((uint32_t)((x) << (n) | (x) >> (32 - (n))))

static const struct md_shape sha1_shape = {
	64, 8, 0
};

/* The round functions, and one round with the variables renamed. */
#define F1(b, c, d)	((d) ^ ((b) & ((c) ^ (d))))
#define F2(b, c, d)	((b) ^ (c) ^ (d))
#define F3(b, c, d)	(((b) & (c)) + ((d) & ((b) ^ (c))))

/*
 * a is the only value the previous round just made: everything else is
 * summed first, so only the rotate of a and one add wait for it.
 */
#define ROUND(f, k, a, b, c, d, e, i) do {				\
	(e) += (uint32_t)(k) + W(i) + f((b), (c), (d));			\
	(e) += ROL32((a), 5);						\
	(b) = ROL32((b), 30);						\
} while (0)

/* Words 16..79 in a 16-word ring. */
#define W(i)	((i) < 16 ? w[(i) & 15] : (w[(i) & 15] = ROL32(w[((i) - 3) & 15] ^ \
	w[((i) - 8) & 15] ^ w[((i) - 14) & 15] ^ w[(i) & 15], 1)))

#define FIVE(f, k, i) do {						\
	ROUND(f, k, a, b, c, d, e, (i) + 0);				\
	ROUND(f, k, e, a, b, c, d, (i) + 1);				\
	ROUND(f, k, d, e, a, b, c, (i) + 2);				\
	ROUND(f, k, c, d, e, a, b, (i) + 3);				\
	ROUND(f, k, b, c, d, e, a, (i) + 4);				\
} while (0)

void
mds_sha1_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32_t a, b, c, d, e, w[16];
	uint32_t *h = st->h.w32;
	int i;

	while (nblocks-- > 0) {
		for (i = 0; i < 16; i++)
			w[i] = mds_load_be32(p + 4 * i);
		a = h[0];
		b = h[1];
		c = h[2];
		d = h[3];
		e = h[4];
		/* Written out, so that every W(i) is resolved at compile time. */
		FIVE(F1, 0x5a827999, 0);
		FIVE(F1, 0x5a827999, 5);
		FIVE(F1, 0x5a827999, 10);
		FIVE(F1, 0x5a827999, 15);
		FIVE(F2, 0x6ed9eba1, 20);
		FIVE(F2, 0x6ed9eba1, 25);
		FIVE(F2, 0x6ed9eba1, 30);
		FIVE(F2, 0x6ed9eba1, 35);
		FIVE(F3, 0x8f1bbcdc, 40);
		FIVE(F3, 0x8f1bbcdc, 45);
		FIVE(F3, 0x8f1bbcdc, 50);
		FIVE(F3, 0x8f1bbcdc, 55);
		FIVE(F2, 0xca62c1d6, 60);
		FIVE(F2, 0xca62c1d6, 65);
		FIVE(F2, 0xca62c1d6, 70);
		FIVE(F2, 0xca62c1d6, 75);
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		p += 64;
	}
}

static void
sha1_start(void *vst, const struct mds_kernel *k)
{
	struct md_state *st = vst;

	memset(st, 0, sizeof(*st));
	st->k = k;
	st->h.w32[0] = 0x67452301;
	st->h.w32[1] = 0xefcdab89;
	st->h.w32[2] = 0x98badcfe;
	st->h.w32[3] = 0x10325476;
	st->h.w32[4] = 0xc3d2e1f0;
}

static int
sha1_init(void *st)
{
	sha1_start(st, mds_kernel_portable("sha1"));
	return 0;
}

static int
sha1_init_native(void *st)
{
	sha1_start(st, mds_kernel_for("sha1"));
	return 0;
}

static void
sha1_update(void *st, const unsigned char *p, size_t len)
{
	mds_md_update(st, &sha1_shape, p, len);
}

static int
sha1_final(void *st, unsigned char *out)
{
	mds_md_pad(st, &sha1_shape);
	mds_md_put32(st, 0, out, 20);
	return 0;
}

const struct mds_impl mds_portable_sha1 = {
	"sha1", "portable", sha1_init, sha1_update, sha1_final, NULL,
	mds_kernel_describe
};

const struct mds_impl mds_native_sha1 = {
	"sha1", "native", sha1_init_native, sha1_update, sha1_final, NULL,
	mds_kernel_describe
};
