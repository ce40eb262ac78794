/*
 * blake3_int.h: BLAKE3's state and its tree, shared by the construction
 * (blake3.c: update, the end, the modes) and the tree (blake3_tree.c:
 * chunks in batches, parents, the stack).
 *
 * A message is cut into chunks of 1 KiB, each sixteen 64-byte blocks
 * chained from the key words, the first flagged CHUNK_START and the last
 * CHUNK_END, counted by the chunk's index.  Two subtrees are joined by a
 * parent node (PARENT: their chaining values as one block), and the last
 * node compressed, chunk or parent, is the root (ROOT), whose output
 * blocks are the digest.
 */
#ifndef MDS_BLAKE3_INT_H
#define MDS_BLAKE3_INT_H

#include <stdint.h>

#include "mds_int.h"

#define B3_BLOCK	64
#define B3_CHUNK_BLOCKS	16
#define B3_CHUNK	(B3_BLOCK * B3_CHUNK_BLOCKS)
/* One entry per bit set in the count of chunks: 2^64 bytes. */
#define B3_STACK	54
/*
 * Chunks a call of the kernel's batch takes (256 KiB, a read's worth),
 * and the levels of parents above them.
 */
#define B3_BATCH	256
#define B3_LEVELS	9
/* A piece of the threads: a subtree of 2^6 chunks, 64 KiB. */
#define B3_PIECE_LEVEL	6
#define B3_PIECE_CHUNKS	(1u << B3_PIECE_LEVEL)

/* The domain flags of the compression function (v[15]). */
#define CHUNK_START		(1u << 0)
#define CHUNK_END		(1u << 1)
#define PARENT			(1u << 2)
#define ROOT			(1u << 3)
#define KEYED_HASH		(1u << 4)
#define DERIVE_KEY_CONTEXT	(1u << 5)
#define DERIVE_KEY_MATERIAL	(1u << 6)

/*
 * The words of a state (its lane of width 1): the count of chunks
 * joined to the tree (low, high), and for the end: that the chunk
 * absorbed next is the last, its length, and once it is, the root's
 * input (chaining value, block, length, flags), all extract needs.
 */
#define B3_CV		0
#define B3_M		8
#define B3_T0		24
#define B3_T1		25
#define B3_END		26
#define B3_LEN		27
#define B3_FLAGS	28
#define B3_WORDS	29

struct blake3_state {
	const struct mds_kernel *k;	/* compression function and batch */
	uint32_t	w[B3_WORDS];
	uint32_t	key[8];		/* the IV, or a key's words */
	uint32_t	mode;		/* KEYED_HASH, DERIVE_KEY_* or 0 */
	unsigned int	depth;		/* chaining values on the stack */
	unsigned int	fill;		/* bytes of the chunk held, 0 .. 1024 */
	unsigned int	outlen;		/* digest bytes */
	uint64_t	done;		/* chunks the stack holds */
	/* One allocation: B3_STACK chaining values, then the chunk held. */
	uint32_t	(*stack)[8];
	unsigned char	*chunk;
};

static inline uint64_t
b3_count(const uint32_t *w)
{
	return (uint64_t)w[B3_T1] << 32 | w[B3_T0];
}

static inline void
b3_set_count(uint32_t *w, uint64_t t)
{
	w[B3_T0] = (uint32_t)t;
	w[B3_T1] = (uint32_t)(t >> 32);
}

/*
 * blake3_tree.c.  b3_batch: n (at most B3_BATCH) whole chunks at in[],
 * the next of the message with more bytes after them, hashed by the
 * kernel's batch and joined to the tree.  b3_last: the message's last
 * chunk, len (0 .. 1024) bytes at p, and the stack under it: the root's
 * input left in the words.
 */
void	b3_batch(struct blake3_state *, const unsigned char *const *, size_t);
void	b3_join(struct blake3_state *, unsigned char *, size_t, uint64_t,
	    unsigned int);
void	b3_last(struct blake3_state *, const unsigned char *, size_t);
/* blake3.c: a state of a row on a kernel, as init makes it. */
int	b3_init_on(struct blake3_state *, const struct mds_alg *,
	    const struct mds_kernel *);

#endif /* MDS_BLAKE3_INT_H */
