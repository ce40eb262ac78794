/*
 * blake3_compress.c: BLAKE3's compression function in portable C, and
 * its batch (struct mds_kernel's b3_many) as a loop of it: the reference
 * every wider kernel is tested against.
 */
#include <string.h>

#include "mds_int.h"

/* SHA-256's IV, which BLAKE3 takes as BLAKE2s does: v[8 .. 11]. */
static const uint32_t b3_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

/* The order of the message words in round r + 1, from round r's. */
static const unsigned char b3_perm[16] = {
	2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8
};

#define ROR32(x, n)	((uint32_t)((x) >> (n) | (x) << (32 - (n))))

#define G(a, b, c, d, x, y) do {					\
	(a) += (b) + (x);						\
	(d) = ROR32((d) ^ (a), 16);					\
	(c) += (d);							\
	(b) = ROR32((b) ^ (c), 12);					\
	(a) += (b) + (y);						\
	(d) = ROR32((d) ^ (a), 8);					\
	(c) += (d);							\
	(b) = ROR32((b) ^ (c), 7);					\
} while (0)

void
mds_blake3_compress_portable(const uint32_t cv[8], const uint32_t m[16],
    uint64_t t, uint32_t len, uint32_t flags, uint32_t out[16])
{
	uint32_t v[16], x[16], y[16];
	int r, i;

	memcpy(v, cv, 8 * sizeof(v[0]));
	memcpy(v + 8, b3_iv, 4 * sizeof(v[0]));
	v[12] = (uint32_t)t;
	v[13] = (uint32_t)(t >> 32);
	v[14] = len;
	v[15] = flags;
	memcpy(x, m, sizeof(x));
	for (r = 0; r < 7; r++) {
		G(v[0], v[4], v[8], v[12], x[0], x[1]);
		G(v[1], v[5], v[9], v[13], x[2], x[3]);
		G(v[2], v[6], v[10], v[14], x[4], x[5]);
		G(v[3], v[7], v[11], v[15], x[6], x[7]);
		G(v[0], v[5], v[10], v[15], x[8], x[9]);
		G(v[1], v[6], v[11], v[12], x[10], x[11]);
		G(v[2], v[7], v[8], v[13], x[12], x[13]);
		G(v[3], v[4], v[9], v[14], x[14], x[15]);
		for (i = 0; i < 16; i++)
			y[i] = x[b3_perm[i]];
		memcpy(x, y, sizeof(x));
	}
	for (i = 0; i < 8; i++) {
		out[i] = v[i] ^ v[i + 8];
		out[i + 8] = v[i + 8] ^ cv[i];
	}
}

void
mds_blake3_many_portable(const unsigned char *const *in, size_t n,
    size_t blocks, const uint32_t key[8], const uint64_t *t, uint32_t flags,
    uint32_t flags_start, uint32_t flags_end, unsigned char *out)
{
	uint32_t cv[8], m[16], o[16], f;
	size_t i, b;
	int j;

	for (i = 0; i < n; i++, out += 32) {
		memcpy(cv, key, sizeof(cv));
		for (b = 0; b < blocks; b++) {
			for (j = 0; j < 16; j++)
				m[j] = mds_load_le32(in[i] + 64 * b + 4 * j);
			f = flags;
			if (b == 0)
				f |= flags_start;
			if (b == blocks - 1)
				f |= flags_end;
			mds_blake3_compress_portable(cv, m, t[i], 64,
			    f, o);
			memcpy(cv, o, sizeof(cv));
		}
		for (j = 0; j < 8; j++)
			mds_store_le32(out + 4 * j, cv[j]);
	}
}
