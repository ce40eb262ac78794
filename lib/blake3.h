/*
 * blake3.h: BLAKE3's modes beyond the registry row's hash (blake3.c),
 * on a state of MDS_STATE_SIZE bytes: the hash, a keyed hash and a key
 * derived from a context string, each with an output of any length.  An init that
 * succeeded is ended by mds_blake3_final_len or mds_blake3_discard.
 */
#ifndef MDS_BLAKE3_H
#define MDS_BLAKE3_H

#include <stddef.h>
#include <stdint.h>

#include "mdsum.h"

int	mds_blake3_init_hash(void *);
int	mds_blake3_init_keyed(void *, const unsigned char [MDS_BLAKE3_KEY_LEN]);
int	mds_blake3_init_derive(void *, const char *);
void	mds_blake3_update(void *, const unsigned char *, size_t);
/* Any number of bytes of output (the first 32 are the digest). */
void	mds_blake3_final_len(void *, unsigned char *, size_t);
void	mds_blake3_discard(void *);

/*
 * One message on several threads (blake3_threads.c): pieces of
 * MDS_BLAKE3_PIECE bytes, each a subtree hashed on its own, joined to
 * the state in order.  A state takes pieces once mds_blake3_taken is a
 * multiple of MDS_BLAKE3_PIECE and mds_blake3_settle has run, with more
 * bytes to come after them.
 */
#define MDS_BLAKE3_PIECE	65536
void	 mds_blake3_piece(const void *, const unsigned char *, uint64_t,
	    unsigned char [32]);
uint64_t mds_blake3_taken(const void *);
void	 mds_blake3_settle(void *);
void	 mds_blake3_join_pieces(void *, unsigned char *, size_t);
int	 mds_blake3_ctx(const mds_ctx *);
struct stat;
int64_t	 mds_blake3_file(void *, int, const struct stat *, off_t,
	    unsigned int, struct mds_read_info *);
int	 mds_blake3_spans(void *, const unsigned char *, size_t, size_t,
	    unsigned int);

/* Small messages sharing a kernel's batch (blake3_group.c): at most 64. */
struct mds_kernel;
int	 mds_blake3_group(const struct mds_alg *, const struct mds_kernel *,
	    size_t, const unsigned char *const *, const size_t *,
	    unsigned char *);

#endif /* MDS_BLAKE3_H */
