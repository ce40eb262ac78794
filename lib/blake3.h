/*
 * blake3.h: BLAKE3's modes beyond the registry row's hash (blake3.c),
 * on a state of MDS_STATE_SIZE bytes: the hash, a keyed hash and a key
 * derived from a context string, each with an output of any length.  An init that
 * succeeded is ended by mds_blake3_final_len or mds_blake3_discard.
 */
#ifndef MDS_BLAKE3_H
#define MDS_BLAKE3_H

#include <stddef.h>

#include "mdsum.h"

int	mds_blake3_init_hash(void *);
int	mds_blake3_init_keyed(void *, const unsigned char [MDS_BLAKE3_KEY_LEN]);
int	mds_blake3_init_derive(void *, const char *);
void	mds_blake3_update(void *, const unsigned char *, size_t);
/* Any number of bytes of output (the first 32 are the digest). */
void	mds_blake3_final_len(void *, unsigned char *, size_t);
void	mds_blake3_discard(void *);

#endif /* MDS_BLAKE3_H */
