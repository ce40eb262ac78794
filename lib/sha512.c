/*
 * sha512.c: SHA-512 (FIPS 180-4), portable C, and sha512h: the same hash
 * cut to its first 32 bytes (XRP Ledger's sha512Half).  sha512h keeps the
 * SHA-512 IV; it is not SHA-512/256, which has its own.
 */
#include <string.h>

#include "mds_int.h"

#define ROR64(x, n)	((uint64_t)((x) >> (n) | (x) << (64 - (n))))
#define CH(x, y, z)	((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z)	(((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x)	(ROR64(x, 28) ^ ROR64(x, 34) ^ ROR64(x, 39))
#define BSIG1(x)	(ROR64(x, 14) ^ ROR64(x, 18) ^ ROR64(x, 41))
#define SSIG0(x)	(ROR64(x, 1) ^ ROR64(x, 8) ^ ((x) >> 7))
#define SSIG1(x)	(ROR64(x, 19) ^ ROR64(x, 61) ^ ((x) >> 6))

static const struct md_shape sha512_shape = {
	128, 16, 0
};

static const uint64_t K512[80] = {
	0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL,
	0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
	0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL,
	0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
	0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
	0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
	0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL, 0x2de92c6f592b0275ULL,
	0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
	0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL,
	0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
	0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL,
	0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
	0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL,
	0x92722c851482353bULL, 0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
	0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
	0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
	0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL,
	0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
	0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL,
	0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
	0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL,
	0xc67178f2e372532bULL, 0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
	0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL,
	0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
	0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
	0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
	0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL
};

/* Same round and ring schedule as sha256.c, on 64-bit words. */
#define ROUND(a, b, c, d, e, f, g, h, i) do {				\
	uint64_t t1 = (h) + BSIG1(e) + CH(e, f, g) + K512[i] + w[(i) & 15]; \
	(d) += t1;							\
	(h) = t1 + BSIG0(a) + MAJ(a, b, c);				\
} while (0)

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
mds_sha512_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint64_t a, b, c, d, e, f, g, h, w[16];
	uint64_t *hv = st->h.w64;
	int i, j;

	while (nblocks-- > 0) {
		for (i = 0; i < 16; i++)
			w[i] = mds_load_be64(p + 8 * i);
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
		for (i = 16; i < 80; i += 8) {
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
		p += 128;
	}
}

static void
sha512_start(void *vst, const struct mds_kernel *k)
{
	static const uint64_t iv[8] = {
		0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
		0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
		0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
		0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
	};
	struct md_state *st = vst;

	memset(st, 0, sizeof(*st));
	st->k = k;
	memcpy(st->h.w64, iv, sizeof(iv));
}

static int
sha512_init(void *st)
{
	sha512_start(st, mds_kernel_portable("sha512"));
	return 0;
}

static int
sha512_init_native(void *st)
{
	sha512_start(st, mds_kernel_for("sha512"));
	return 0;
}

static void
sha512_update(void *st, const unsigned char *p, size_t len)
{
	mds_md_update(st, &sha512_shape, p, len);
}

static int
sha512_final(void *st, unsigned char *out)
{
	mds_md_pad(st, &sha512_shape);
	mds_md_put64(st, out, 64);
	return 0;
}

static int
sha512h_final(void *st, unsigned char *out)
{
	mds_md_pad(st, &sha512_shape);
	mds_md_put64(st, out, 32);
	return 0;
}

const struct mds_impl mds_portable_sha512 = {
	"sha512", "portable", sha512_init, sha512_update, sha512_final, NULL,
	mds_kernel_describe
};

const struct mds_impl mds_native_sha512 = {
	"sha512", "native", sha512_init_native, sha512_update, sha512_final, NULL,
	mds_kernel_describe
};

const struct mds_impl mds_portable_sha512h = {
	"sha512h", "portable", sha512_init, sha512_update, sha512h_final, NULL,
	mds_kernel_describe
};

const struct mds_impl mds_native_sha512h = {
	"sha512h", "native", sha512_init_native, sha512_update, sha512h_final, NULL,
	mds_kernel_describe
};
