/*
 * construction.c: the constructions' tables by enum mds_cons, so that a
 * shape names its construction by value (construction.h).
 */
#include "mds_int.h"

const struct mds_cons_ops *const mds_cons_table[MDS_NCONS] = {
	&mds_cons_md,		/* MDS_CONS_MD: mdpad.c */
	&mds_cons_sponge,	/* MDS_CONS_SPONGE: keccak.c */
	&mds_cons_blake2b	/* MDS_CONS_BLAKE2B: blake2b.c */
};
