/*
 * sha1.c: SHA-1 (FIPS 180-4), portable C.  Offered for mdsum -a sha1.
 */
#include <string.h>

#include "mds_int.h"

#define ROL32(x, n)	((uint32_t)((x) << (n) | (x) >> (32 - (n))))

static const struct md_shape sha1_shape = {
	64, 8, 0
};

void
mds_sha1_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32_t a, b, c, d, e, f, k, t, w[80];
	uint32_t *h = st->h.w32;
	int i;

	while (nblocks-- > 0) {
		for (i = 0; i < 16; i++)
			w[i] = mds_load_be32(p + 4 * i);
		for (; i < 80; i++)
			w[i] = ROL32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16],
			    1);
		a = h[0];
		b = h[1];
		c = h[2];
		d = h[3];
		e = h[4];
		for (i = 0; i < 80; i++) {
			if (i < 20) {
				f = d ^ (b & (c ^ d));
				k = 0x5a827999;
			} else if (i < 40) {
				f = b ^ c ^ d;
				k = 0x6ed9eba1;
			} else if (i < 60) {
				f = (b & c) | (d & (b | c));
				k = 0x8f1bbcdc;
			} else {
				f = b ^ c ^ d;
				k = 0xca62c1d6;
			}
			t = ROL32(a, 5) + f + e + k + w[i];
			e = d;
			d = c;
			c = ROL32(b, 30);
			b = a;
			a = t;
		}
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
