/*
 * blake2b.c: BLAKE2b (RFC 7693), unkeyed, any digest length from 1 to 64
 * bytes (the registry offers 8 to 512 bits in steps of 8, as b2sum -l),
 * portable C: the compression function every kernel is checked against,
 * and the buffering, counter and last-block flag, which exist only here.
 *
 * Unlike the Merkle-Damgard hashes, BLAKE2b compresses its last block
 * with a flag set, so it cannot know a block is not the last until more
 * bytes arrive: update keeps up to a whole block back (fill may be 128),
 * and final compresses it, zero-padded, with f0 = ~0.  The construction's
 * table (construction.h) is here too: the lanes end a message as final
 * does, the counter and the flag being words of a lane as h is.
 *
 * The compression function keeps the sixteen words of the work vector in
 * locals with the twelve rounds unrolled, so the message schedule (sigma)
 * becomes constant indices into m[]; the four G of each half round are
 * independent, which is the parallelism a 64-bit core has to use.
 *
 * Measured on the build machine (AMD EPYC, Zen 5 class), 2.55-2.7
 * cycles/byte, 1.7x the AVX-512 kernel (x86/blake2b_x86.h).  A 256 MiB
 * cached file, CPU time, median of 5: mdsum 0.221 s, b2sum (coreutils
 * 9.1) 0.227 s, openssl dgst -blake2b512 0.240 s: level with b2sum, whose
 * reference C runs into the same wall.  Each half G is a chain of six
 * dependent operations (a += b, d ^= a, rotate, c += d, b ^= c, rotate;
 * the message word is added to a before b is ready), 288 cycles a block
 * at one cycle each, 2.25 cycles/byte; the compiler's schedule adds
 * spills of the sixteen words to that.  Written as (a + x) + b or with
 * reassociation off, with BMI2's rorx, or by clang: within 2%.
 */
#include <string.h>

#include "mds_int.h"
#include "blake2b.h"

#define BLAKE2B_BLOCK	128
/* The words after h[0..7]: the counter (low, high), the last-block flag. */
#define B2_T0		8
#define B2_T1		9
#define B2_F0		10
#define B2_WORDS	11

struct blake2b_state {
	const struct mds_kernel *k;	/* the compression function */
	uint64_t	w[B2_WORDS];	/* h; t, bytes compressed; f0 */
	unsigned int	fill;		/* bytes in buf, 0 .. 128 */
	unsigned int	outlen;		/* digest bytes, 1 .. 64 */
	unsigned char	buf[BLAKE2B_BLOCK];
};

MDS_STATE_FITS(blake2b, struct blake2b_state);

/* The SHA-512 IV, as RFC 7693 takes it. */
const uint64_t mds_blake2b_iv[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
	0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
	0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};

#define ROR64(x, n)	((uint64_t)((x) >> (n) | (x) << (64 - (n))))

#define G(a, b, c, d, x, y) do {					\
	(a) += (b) + (x);						\
	(d) = ROR64((d) ^ (a), 32);					\
	(c) += (d);							\
	(b) = ROR64((b) ^ (c), 24);					\
	(a) += (b) + (y);						\
	(d) = ROR64((d) ^ (a), 16);					\
	(c) += (d);							\
	(b) = ROR64((b) ^ (c), 63);					\
} while (0)

/* Round r: constant r, so each sigma entry folds to a constant index. */
#define S(r, i)		m[blake2b_sigma[r][i]]
#define ROUND(r) do {							\
	G(v0, v4, v8, v12, S(r, 0), S(r, 1));				\
	G(v1, v5, v9, v13, S(r, 2), S(r, 3));				\
	G(v2, v6, v10, v14, S(r, 4), S(r, 5));				\
	G(v3, v7, v11, v15, S(r, 6), S(r, 7));				\
	G(v0, v5, v10, v15, S(r, 8), S(r, 9));				\
	G(v1, v6, v11, v12, S(r, 10), S(r, 11));			\
	G(v2, v7, v8, v13, S(r, 12), S(r, 13));				\
	G(v3, v4, v9, v14, S(r, 14), S(r, 15));				\
} while (0)

void
mds_blake2b_compress_portable(uint64_t h[8], uint64_t t[2],
    const unsigned char *p, size_t nblocks, uint64_t f0)
{
	uint64_t v0, v1, v2, v3, v4, v5, v6, v7;
	uint64_t v8, v9, v10, v11, v12, v13, v14, v15;
	uint64_t m[16];
	int i;

	for (; nblocks > 0; nblocks--, p += BLAKE2B_BLOCK) {
		if (f0 == 0) {
			t[0] += BLAKE2B_BLOCK;
			if (t[0] < BLAKE2B_BLOCK)
				t[1]++;
		}
		for (i = 0; i < 16; i++)
			m[i] = mds_load_le64(p + 8 * i);
		v0 = h[0];
		v1 = h[1];
		v2 = h[2];
		v3 = h[3];
		v4 = h[4];
		v5 = h[5];
		v6 = h[6];
		v7 = h[7];
		v8 = mds_blake2b_iv[0];
		v9 = mds_blake2b_iv[1];
		v10 = mds_blake2b_iv[2];
		v11 = mds_blake2b_iv[3];
		v12 = mds_blake2b_iv[4] ^ t[0];
		v13 = mds_blake2b_iv[5] ^ t[1];
		v14 = mds_blake2b_iv[6] ^ f0;
		v15 = mds_blake2b_iv[7];
		ROUND(0);
		ROUND(1);
		ROUND(2);
		ROUND(3);
		ROUND(4);
		ROUND(5);
		ROUND(6);
		ROUND(7);
		ROUND(8);
		ROUND(9);
		ROUND(10);
		ROUND(11);
		h[0] ^= v0 ^ v8;
		h[1] ^= v1 ^ v9;
		h[2] ^= v2 ^ v10;
		h[3] ^= v3 ^ v11;
		h[4] ^= v4 ^ v12;
		h[5] ^= v5 ^ v13;
		h[6] ^= v6 ^ v14;
		h[7] ^= v7 ^ v15;
	}
}

/*
 * h from the parameter block, whose first word holds the digest length,
 * key length 0, fanout 1, depth 1, and the rest (leaf length, node
 * offset, salt, personal) zero; no byte counted, no flag.
 */
static void
blake2b_start(void *vst, const struct mds_alg *alg, const struct mds_kernel *k)
{
	struct blake2b_state *st = vst;
	size_t outlen = mds_alg_digest_len(alg);

	st->k = k;
	memcpy(st->w, mds_blake2b_iv, 8 * sizeof(st->w[0]));
	st->w[0] ^= 0x01010000ULL | (uint64_t)outlen;
	st->w[B2_T0] = st->w[B2_T1] = st->w[B2_F0] = 0;
	st->fill = 0;
	st->outlen = (unsigned int)outlen;
}

/*
 * The last block: fill (0 .. 128) bytes at p, zero-filled, into out, whose
 * bytes from *dirty on are still zero (as for the sponge); the counter
 * becomes the message length and the flag is set, for the one block.
 */
static size_t
blake2b_tail(const struct mds_shape *sh, const unsigned char *p, size_t fill,
    uint64_t total, unsigned char *out, size_t *dirty,
    const struct mds_col *col)
{
	uint64_t *w = (uint64_t *)col->w + col->l;
	size_t width = col->width;

	(void)sh;
	mds_cons_last_block(p, fill, out, *dirty);
	*dirty = fill;
	if (total < w[B2_T0 * width])
		w[B2_T1 * width]++;
	w[B2_T0 * width] = total;
	w[B2_F0 * width] = ~(uint64_t)0;
	return 1;
}

static void *
blake2b_words(void *vst)
{
	return ((struct blake2b_state *)vst)->w;
}

static void
blake2b_absorb(void *vst, const unsigned char *p, size_t nblocks)
{
	struct blake2b_state *st = vst;

	st->k->compress(st->w, st->w + B2_T0, p, nblocks, st->w[B2_F0]);
}

const struct mds_cons_ops mds_cons_blake2b = {
	MDS_CONS_BLAKE2B, 1, 1, blake2b_start, blake2b_words, blake2b_absorb,
	blake2b_tail, mds_cons_extract_le64
};

/*
 * The lanes' view: eight chaining words, then the counter and the flag,
 * which the multi-buffer kernels keep per lane.
 */
const struct mds_shape mds_blake2b_shape = {
	MDS_CONS_BLAKE2B, B2_WORDS, 8, BLAKE2B_BLOCK, NULL, NULL, 0
};

static int
blake2b_init(void *st, const struct mds_alg *alg)
{
	blake2b_start(st, alg, mds_kernel_portable(MDS_FAM_BLAKE2B));
	return 0;
}

static int
blake2b_init_native(void *st, const struct mds_alg *alg)
{
	blake2b_start(st, alg, mds_kernel_for(MDS_FAM_BLAKE2B));
	return 0;
}

/* A block is compressed only once a byte after it has arrived. */
static void
blake2b_update(void *vst, const unsigned char *p, size_t len)
{
	struct blake2b_state *st = vst;

	mds_cons_update_kept(st, blake2b_absorb, BLAKE2B_BLOCK, st->buf,
	    &st->fill, p, len);
}

static int
blake2b_final(void *vst, unsigned char *out)
{
	struct blake2b_state *st = vst;
	struct mds_col self = { st->w, 1, 0 };
	size_t dirty = BLAKE2B_BLOCK;

	(void)blake2b_tail(&mds_blake2b_shape, st->buf, st->fill,
	    st->w[B2_T0] + st->fill, st->buf, &dirty, &self);
	blake2b_absorb(st, st->buf, 1);
	mds_cons_extract_le64(&mds_blake2b_shape, &self, out, st->outlen);
	return 0;
}

const struct mds_impl mds_portable_blake2b = {
	"blake2b", "portable", blake2b_init, blake2b_update, blake2b_final,
	NULL, mds_kernel_describe
};

const struct mds_impl mds_native_blake2b = {
	"blake2b", "native", blake2b_init_native, blake2b_update,
	blake2b_final, NULL, mds_kernel_describe
};
