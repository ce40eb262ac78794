/*
 * sha256.c: SHA-256 (FIPS 180-4), portable C.
 */
#include <string.h>

#include "mds_int.h"

#define ROR32(x, n)	((uint32_t)((x) >> (n) | (x) << (32 - (n))))
#define CH(x, y, z)	((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z)	(((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x)	(ROR32(x, 2) ^ ROR32(x, 13) ^ ROR32(x, 22))
#define BSIG1(x)	(ROR32(x, 6) ^ ROR32(x, 11) ^ ROR32(x, 25))
#define SSIG0(x)	(ROR32(x, 7) ^ ROR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x)	(ROR32(x, 17) ^ ROR32(x, 19) ^ ((x) >> 10))

static const struct md_shape sha256_shape = {
	64, 8, 0
};

/* The round constants; the SHA-NI kernel uses them too. */
const uint32_t mds_sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/*
 * One round with the eight working variables renamed instead of moved:
 * the caller rotates the argument order.
 */
#define ROUND(a, b, c, d, e, f, g, h, i) do {				\
	uint32_t t1 = (h) + BSIG1(e) + CH(e, f, g) + mds_sha256_k[i] +	\
	    w[(i) & 15];						\
	(d) += t1;							\
	(h) = t1 + BSIG0(a) + MAJ(a, b, c);				\
} while (0)

/* Message schedule kept in a 16-word ring. */
#define SCHED(i)	(w[(i) & 15] += SSIG1(w[((i) - 2) & 15]) +	\
	w[((i) - 7) & 15] + SSIG0(w[((i) - 15) & 15]))

#define EIGHT(i) do {							\
	ROUND(a, b, c, d, e, f, g, h, (i) + 0);				\
	ROUND(h, a, b, c, d, e, f, g, (i) + 1);				\
	ROUND(g, h, a, b, c, d, e, f, (i) + 2);				\
	ROUND(f, g, h, a, b, c, d, e, (i) + 3);				\
	ROUND(e, f, g, h, a, b, c, d, (i) + 4);				\
	ROUND(d, e, f, g, h, a, b, c, (i) + 5);				\
	ROUND(c, d, e, f, g, h, a, b, (i) + 6);				\
	ROUND(b, c, d, e, f, g, h, a, (i) + 7);				\
} while (0)

void
mds_sha256_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32_t a, b, c, d, e, f, g, h, w[16];
	uint32_t *hv = st->h.w32;
	int i, j;

	while (nblocks-- > 0) {
		for (i = 0; i < 16; i++)
			w[i] = mds_load_be32(p + 4 * i);
		a = hv[0];
		b = hv[1];
		c = hv[2];
		d = hv[3];
		e = hv[4];
		f = hv[5];
		g = hv[6];
		h = hv[7];
		EIGHT(0);
		EIGHT(8);
		for (i = 16; i < 64; i += 8) {
			for (j = 0; j < 8; j++)
				SCHED(i + j);
			EIGHT(i);
		}
		hv[0] += a;
		hv[1] += b;
		hv[2] += c;
		hv[3] += d;
		hv[4] += e;
		hv[5] += f;
		hv[6] += g;
		hv[7] += h;
		p += 64;
	}
}

static void
sha256_start(void *vst, const struct mds_kernel *k)
{
	static const uint32_t iv[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
	};
	struct md_state *st = vst;

	memset(st, 0, sizeof(*st));
	st->k = k;
	memcpy(st->h.w32, iv, sizeof(iv));
}

static int
sha256_init(void *st)
{
	sha256_start(st, mds_kernel_portable("sha256"));
	return 0;
}

static int
sha256_init_native(void *st)
{
	sha256_start(st, mds_kernel_for("sha256"));
	return 0;
}

static void
sha256_update(void *st, const unsigned char *p, size_t len)
{
	mds_md_update(st, &sha256_shape, p, len);
}

static int
sha256_final(void *st, unsigned char *out)
{
	mds_md_pad(st, &sha256_shape);
	mds_md_put32(st, 0, out, 32);
	return 0;
}

const struct mds_impl mds_portable_sha256 = {
	"sha256", "portable", sha256_init, sha256_update, sha256_final, NULL,
	mds_kernel_describe
};

const struct mds_impl mds_native_sha256 = {
	"sha256", "native", sha256_init_native, sha256_update, sha256_final, NULL,
	mds_kernel_describe
};
