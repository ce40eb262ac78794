/*
 * mb_portable.c: multi-buffer kernels in portable C, one lane after
 * another through the reference block functions.  They are never faster
 * than one stream, so dispatch never picks them; pinned by name
 * ("md5-portable-x4"), they let the tests run the lane scheduler on every
 * architecture and under valgrind, and they define what a multi-buffer
 * kernel must compute.
 */
#include <string.h>

#include "mds_int.h"

#define PORTABLE_LANES	4

/* Lane l of a word-major state of n 32-bit words through blocks(). */
static void
lanes32(void *state, const unsigned char *const *data, size_t nblocks,
    size_t nwords, void (*blocks)(struct md_state *, const unsigned char *,
    size_t))
{
	uint32_t *s = state;
	struct md_state st;
	size_t l, w;

	for (l = 0; l < PORTABLE_LANES; l++) {
		if (data[l] == NULL)
			continue;
		for (w = 0; w < nwords; w++)
			st.h.w32[w] = s[w * PORTABLE_LANES + l];
		blocks(&st, data[l], nblocks);
		for (w = 0; w < nwords; w++)
			s[w * PORTABLE_LANES + l] = st.h.w32[w];
	}
}

static void
md5_mb_portable(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	(void)rate;
	lanes32(state, data, nblocks, 4, mds_md5_blocks_portable);
}

static void
sha256_mb_portable(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	(void)rate;
	lanes32(state, data, nblocks, 8, mds_sha256_blocks_portable);
}

static void
sha512_mb_portable(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint64_t *s = state;
	struct md_state st;
	size_t l, w;

	(void)rate;
	for (l = 0; l < PORTABLE_LANES; l++) {
		if (data[l] == NULL)
			continue;
		for (w = 0; w < 8; w++)
			st.h.w64[w] = s[w * PORTABLE_LANES + l];
		mds_sha512_blocks_portable(&st, data[l], nblocks);
		for (w = 0; w < 8; w++)
			s[w * PORTABLE_LANES + l] = st.h.w64[w];
	}
}

static void
keccak_mb_portable(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint64_t *s = state, a[25];
	size_t l, w;

	for (l = 0; l < PORTABLE_LANES; l++) {
		if (data[l] == NULL)
			continue;
		for (w = 0; w < 25; w++)
			a[w] = s[w * PORTABLE_LANES + l];
		mds_keccak_absorb_portable(a, data[l], nblocks, rate);
		for (w = 0; w < 25; w++)
			s[w * PORTABLE_LANES + l] = a[w];
	}
}

/* Words 0..7 the chaining value, 8 and 9 the counter, 10 the flag. */
static void
blake2b_mb_portable(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint64_t *s = state, w10[10];
	size_t l, w;

	(void)rate;
	for (l = 0; l < PORTABLE_LANES; l++) {
		if (data[l] == NULL)
			continue;
		for (w = 0; w < 10; w++)
			w10[w] = s[w * PORTABLE_LANES + l];
		mds_blake2b_compress_portable(w10, w10 + 8, data[l], nblocks,
		    s[10 * PORTABLE_LANES + l]);
		for (w = 0; w < 10; w++)
			s[w * PORTABLE_LANES + l] = w10[w];
	}
}

const struct mds_mb_kernel mds_portable_mb_kernels[] = {
	{ MDS_FAM_MD5, "md5-portable-x4", MDS_LEVEL_PORTABLE, 0,
	    PORTABLE_LANES, 1,
	    md5_mb_portable },
	{ MDS_FAM_SHA256, "sha256-portable-x4", MDS_LEVEL_PORTABLE, 0,
	    PORTABLE_LANES, 1, sha256_mb_portable },
	{ MDS_FAM_SHA512, "sha512-portable-x4", MDS_LEVEL_PORTABLE, 0,
	    PORTABLE_LANES, 1, sha512_mb_portable },
	{ MDS_FAM_KECCAK, "keccak-portable-x4", MDS_LEVEL_PORTABLE, 0,
	    PORTABLE_LANES, 1, keccak_mb_portable },
	{ MDS_FAM_BLAKE2B, "blake2b-portable-x4", MDS_LEVEL_PORTABLE, 0,
	    PORTABLE_LANES, 1, blake2b_mb_portable },
};
const size_t mds_portable_nmb_kernels =
    sizeof(mds_portable_mb_kernels) / sizeof(mds_portable_mb_kernels[0]);
