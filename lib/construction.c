/*
 * construction.c: the constructions' tables by enum mds_cons, so that a
 * shape names its construction by value (construction.h), and the steps
 * that more than one construction takes.
 */
#include <string.h>

#include "mds_int.h"

const struct mds_cons_ops *const mds_cons_table[MDS_NCONS] = {
	&mds_cons_md,		/* MDS_CONS_MD: mdpad.c */
	&mds_cons_sponge,	/* MDS_CONS_SPONGE: keccak.c */
	&mds_cons_blake2b,	/* MDS_CONS_BLAKE2B: blake2b.c */
	&mds_cons_blake3	/* MDS_CONS_BLAKE3: blake3.c */
};

/* Whole words straight out: no call for a short message. */
void
mds_cons_extract_le64(const struct mds_shape *sh, const struct mds_col *col,
    unsigned char *out, size_t outlen)
{
	const uint64_t *w = (const uint64_t *)col->w + col->l;
	unsigned char last[8];
	size_t i, width = col->width;

	(void)sh;
	for (i = 0; i + 8 <= outlen; i += 8)
		mds_store_le64(out + i, w[i / 8 * width]);
	if (i < outlen) {
		mds_store_le64(last, w[i / 8 * width]);
		memcpy(out + i, last, outlen - i);
	}
}
