/*
 * construction.h: the construction contract.
 *
 * A construction is how a hash turns a message into calls of its kernel:
 * Merkle-Damgard (MD5, SHA-1, SHA-2, SM3: padding and the length), the
 * Keccak sponge (SHA-3, Keccak-256: a domain byte and pad10*1),
 * BLAKE2b (no padding; a last block flagged and counted) and BLAKE3 (a
 * tree of chunks).  A registry
 * row's shape names its construction by value (enum mds_cons), and each
 * construction has one table of operations (struct mds_cons_ops): start a
 * state, absorb whole blocks, write the end of a message, extract the
 * digest, and how many bytes to keep back.  Its file (mdpad.c, keccak.c,
 * blake2b.c, blake3.c) writes its single-stream init, update and final with the
 * same functions; the lane scheduler (lanes.c) and the batch API
 * (batch.c) know of a construction only this table, through lane_cons.c.
 * A state's chaining words are a lane of width one (struct mds_col): one
 * copy loads a lane into a single-stream state and stores it back, and
 * one tail and one extract serve one stream and sixteen lanes.  The table
 * is called per run of whole blocks or per message, never per block.
 *
 * A tree is the exception: BLAKE3's words are its root's, but its stack
 * of chaining values and the chunk it holds are allocated beside them
 * (blake3.c), so no lane of words can carry a message.  Its table serves
 * its single stream and says lanes 0: mds_choose_lanes gives it no
 * multi-buffer kernel.  Its lanes are its batch kernel's instead: the
 * scheduler and the batch API hash small messages together through it
 * (blake3_group.c) and larger ones through a context, never through
 * this table.
 *
 * To add a construction: a value in enum
 * mds_cons; a file with its state, its single-stream mds_impl and its
 * struct mds_cons_ops; its row in mds_cons_table (construction.c); shapes
 * that name it, for registry rows; and multi-buffer kernels on the
 * word-major lanes of struct mds_mb_kernel, if it has any.  Neither the
 * scheduler nor the batch API changes.
 */
#ifndef MDS_CONSTRUCTION_H
#define MDS_CONSTRUCTION_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct mds_alg;
struct mds_impl;
struct mds_kernel;

enum mds_cons { MDS_CONS_MD, MDS_CONS_SPONGE, MDS_CONS_BLAKE2B, MDS_CONS_BLAKE3,
	MDS_NCONS };

/* Merkle-Damgard: the block and length layout of a family. */
struct md_shape {
	size_t		block_len;	/* 64 or 128 */
	size_t		len_bytes;	/* length field: 8 or 16 */
	int		little_endian;	/* MD5 encodes length (and state) LE */
};

/*
 * What an algorithm rides on (a registry row's shape): its construction,
 * the state words of a lane and their size, the block (the rate of a
 * sponge) in bytes; for Merkle-Damgard the layout and the initial
 * chaining value (words of word_bytes), for a sponge its domain byte.
 * BLAKE2b's eleven words are h[0..7], the counter t (low, high) and the
 * last-block flag f0; it starts from its parameter block by digest length.
 * What differs between sha224 and sha256, or sha3-512 and sha3-256, is
 * only this and the digest length: the code is one.
 */
struct mds_shape {
	enum mds_cons		 cons;
	unsigned int		 words;
	unsigned int		 word_bytes;	/* 4 or 8 */
	unsigned int		 block;
	const struct md_shape	*md;		/* Merkle-Damgard */
	const void		*iv;		/* Merkle-Damgard */
	unsigned char		 pad;		/* sponge */
};

#define MDS_MD_SHAPE(md, iv, words, word_bytes) \
	{ MDS_CONS_MD, words, word_bytes, 16 * (word_bytes), md, iv, 0 }
#define MDS_SPONGE_SHAPE(pad, rate) \
	{ MDS_CONS_SPONGE, 25, 8, rate, NULL, NULL, pad }

/*
 * One lane of a word-major state: word i of lane l is w[i * width + l],
 * of the shape's word_bytes.  A single-stream state's words are the lane
 * of width 1.
 */
struct mds_col {
	void	*w;
	size_t	 width;
	size_t	 l;
};

struct mds_cons_ops {
	enum mds_cons	 cons;
	/*
	 * Bytes a message keeps back until its source says whether more
	 * come: 1 for BLAKE2b, which may not compress its last block as
	 * any other.
	 */
	size_t		 keep;
	/*
	 * 1 if a lane of shape words carries a message's whole state, so
	 * that the lanes may run it; 0 for a tree (BLAKE3), whose stack of
	 * chaining values is no lane: the scheduler and the batch API hash
	 * its messages through its batch kernel or a context.
	 */
	int		 lanes;
	/* A single-stream state (MDS_STATE_SIZE room) on kernel k. */
	void	(*start)(void *, const struct mds_alg *,
		    const struct mds_kernel *);
	/* The state's chaining words, a lane of width 1. */
	void	*(*words)(void *);
	/* nblocks whole blocks into the state, through its kernel. */
	void	(*absorb)(void *, const unsigned char *, size_t);
	/*
	 * The end of a message of total bytes whose last fill bytes are at
	 * p (under a block; BLAKE2b: 0 .. a block), written to out (two
	 * blocks' room; p may be out): the number of blocks to absorb.
	 * out[*dirty ..] up to the block's last byte is zero on entry, and
	 * *dirty tells how far it is written on return; the words after
	 * the chaining value in col are set for the last block (BLAKE2b's
	 * counter and flag).
	 */
	size_t	(*tail)(const struct mds_shape *, const unsigned char *,
		    size_t, uint64_t, unsigned char *, size_t *,
		    const struct mds_col *);
	/* The first outlen bytes of the digest from col's words. */
	void	(*extract)(const struct mds_shape *, const struct mds_col *,
		    unsigned char *, size_t);
};

extern const struct mds_cons_ops	mds_cons_md, mds_cons_sponge;
extern const struct mds_cons_ops	mds_cons_blake2b, mds_cons_blake3;
/* Indexed by enum mds_cons. */
extern const struct mds_cons_ops *const	mds_cons_table[MDS_NCONS];

static inline const struct mds_cons_ops *
mds_cons_ops(const struct mds_shape *sh)
{
	return mds_cons_table[sh->cons];
}

/* An extract of little-endian 64-bit words (the sponge's, BLAKE2b's). */
void	mds_cons_extract_le64(const struct mds_shape *, const struct mds_col *,
	    unsigned char *, size_t);

/*
 * The fill bytes at p into out (p may be out), zeros after them up to
 * dirty, from where out is zero already: the start of a sponge's or
 * BLAKE2b's last block.
 */
static inline void
mds_cons_last_block(const unsigned char *p, size_t fill, unsigned char *out,
    size_t dirty)
{
	if (dirty > fill)
		memset(out + fill, 0, dirty - fill);
	if (fill > 0 && p != out)
		memcpy(out, p, fill);
}

/*
 * An update of a construction that keeps bytes back (BLAKE2b, BLAKE3,
 * whose last block is compressed unlike the others): len bytes at p after
 * the *fill bytes of buf, a block of block bytes.  Whole blocks go to
 * absorb only once a byte after them has arrived, so 1 .. block bytes
 * stay in buf.  Inline, so that each file's absorb is a direct call.
 */
static inline void
mds_cons_update_kept(void *st, void (*absorb)(void *, const unsigned char *,
    size_t), size_t block, unsigned char *buf, unsigned int *fill,
    const unsigned char *p, size_t len)
{
	size_t n;

	if (len <= block - *fill) {
		memcpy(buf + *fill, p, len);
		*fill += (unsigned int)len;
		return;
	}
	if (*fill != 0) {
		n = block - *fill;
		memcpy(buf + *fill, p, n);
		p += n;
		len -= n;
		absorb(st, buf, 1);
	}
	/* len > 0 here: keep back the last 1 .. block bytes. */
	n = (len - 1) / block;
	if (n != 0) {
		absorb(st, p, n);
		p += n * block;
		len -= n * block;
	}
	memcpy(buf, p, len);
	*fill = (unsigned int)len;
}

/*
 * Load or store a lane: the shape's words from src's column to dst's,
 * whatever the construction (the layout is the contract's).
 */
static inline void
mds_col_copy(const struct mds_shape *sh, const struct mds_col *dst,
    const struct mds_col *src)
{
	size_t i, n = sh->words;

	if (sh->word_bytes == 4) {
		uint32_t *d = (uint32_t *)dst->w + dst->l;
		const uint32_t *s = (const uint32_t *)src->w + src->l;

		for (i = 0; i < n; i++)
			d[i * dst->width] = s[i * src->width];
	} else {
		uint64_t *d = (uint64_t *)dst->w + dst->l;
		const uint64_t *s = (const uint64_t *)src->w + src->l;

		for (i = 0; i < n; i++)
			d[i * dst->width] = s[i * src->width];
	}
}

/*
 * Merkle-Damgard's single-stream state (mdpad.c), which its block
 * functions take: the chaining value is the lane of width 1.
 */
struct md_state {
	const struct mds_kernel *k;	/* the block function, from dispatch */
	const struct mds_shape	*shape;
	size_t		outlen;		/* digest bytes */
	union {
		uint32_t	w32[16];
		uint64_t	w64[8];
	} h;				/* chaining value */
	uint64_t	nbytes;		/* message length so far, mod 2^64 */
	unsigned int	fill;		/* bytes waiting in buf */
	unsigned char	buf[128];
};

/*
 * The single-stream implementations (mds_impl) of the constructions:
 * portable, and native, which differs only in taking its kernel from CPU
 * dispatch.  Parameterised by the row's shape.
 */
extern const struct mds_impl mds_portable_md, mds_native_md;
extern const struct mds_impl mds_portable_sponge, mds_native_sponge;
extern const struct mds_impl mds_portable_blake2b, mds_native_blake2b;
extern const struct mds_impl mds_portable_blake3, mds_native_blake3;

/* The shapes of the algorithm files (md5.c, sha1.c, ...). */
extern const struct mds_shape mds_md5_shape, mds_sha1_shape;
extern const struct mds_shape mds_sha224_shape, mds_sha256_shape;
extern const struct mds_shape mds_sha384_shape, mds_sha512_shape;
extern const struct mds_shape mds_sha512_224_shape, mds_sha512_256_shape;
extern const struct mds_shape mds_keccak256_shape, mds_sha3_224_shape;
extern const struct mds_shape mds_sha3_256_shape, mds_sha3_384_shape;
extern const struct mds_shape mds_sha3_512_shape, mds_sm3_shape;
extern const struct mds_shape mds_blake2b_shape, mds_blake3_shape;

#endif /* MDS_CONSTRUCTION_H */
