/*
 * blake3.c: BLAKE3, portable C: the compression function, the chunks,
 * the stack of chaining values that makes their tree, and the root's
 * output of any length.  Hash, keyed hash and key derivation share it;
 * the registry row is the hash with its 32-byte default.
 *
 * A message is cut into chunks of 1 KiB, each sixteen 64-byte blocks
 * chained from the key words, the first flagged CHUNK_START and the last
 * CHUNK_END, counted by the chunk's index.  Two subtrees are joined by a
 * parent node (PARENT: their chaining values as one block), and the last
 * node compressed, chunk or parent, is the root (ROOT), whose output
 * blocks are the digest.  As BLAKE2b, a block cannot be compressed before
 * it is known not to be the last, so update keeps up to a block back; a
 * chunk is joined to the tree only once a byte after it has come, so
 * nothing pushed on the stack can be the root.  Joining when a chunk is
 * pushed, as many times as its count has trailing zeros, keeps one entry
 * per bit set in the number of chunks: 54 for 2^64 bytes.
 *
 * The stack (1.7 KiB) does not fit in an mds_ctx, so init allocates it
 * and final or discard free it.  The words the construction's table sees
 * (construction.h) are the chunk's: its chaining value, the last block,
 * the count; they serve the single stream only (no lanes for a tree).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mds_int.h"
#include "blake3.h"

#define B3_BLOCK	64
#define B3_CHUNK_BLOCKS	16	/* 1024 bytes */
#define B3_CHUNK	(B3_BLOCK * B3_CHUNK_BLOCKS)
#define B3_STACK	54
/* Chunks a call of the kernel's batch takes, and their levels above. */
#define B3_BATCH	64
#define B3_LEVELS	7
/* A piece of the threads is a batch: a subtree of 2^6 chunks. */
#define B3_PIECE_LEVEL	6
typedef char b3_piece_is_batch[MDS_BLAKE3_PIECE == B3_BATCH * B3_CHUNK ?
    1 : -1];

/* The domain flags of the compression function (v[15]). */
#define CHUNK_START		(1u << 0)
#define CHUNK_END		(1u << 1)
#define PARENT			(1u << 2)
#define ROOT			(1u << 3)
#define KEYED_HASH		(1u << 4)
#define DERIVE_KEY_CONTEXT	(1u << 5)
#define DERIVE_KEY_MATERIAL	(1u << 6)

/*
 * The words of a state (its lane of width 1): the chaining value, the
 * last block's words, the chunk's index (low, high), the blocks it has
 * compressed, and for the end: that the next block is the last, its
 * length and its flags.  Once that block is absorbed, cv, m, len and
 * flags are the root's input, all extract needs.
 */
#define B3_CV		0
#define B3_M		8
#define B3_T0		24
#define B3_T1		25
#define B3_BLOCKS	26
#define B3_END		27
#define B3_LEN		28
#define B3_FLAGS	29
#define B3_WORDS	30

struct blake3_state {
	const struct mds_kernel *k;	/* the compression function */
	uint32_t	w[B3_WORDS];
	uint32_t	key[8];		/* the IV, or a key's words */
	uint32_t	mode;		/* KEYED_HASH, DERIVE_KEY_* or 0 */
	unsigned int	depth;		/* chaining values on the stack */
	uint64_t	done;		/* chunks the stack holds */
	unsigned int	fill;		/* bytes in buf, 0 .. 64 */
	unsigned int	outlen;		/* digest bytes */
	uint32_t	(*stack)[8];	/* B3_STACK entries, allocated */
	unsigned char	buf[B3_BLOCK];
};

MDS_STATE_FITS(blake3, struct blake3_state);

extern const struct mds_impl mds_portable_blake3, mds_native_blake3;

/* SHA-256's IV, which BLAKE3 takes as BLAKE2s does. */
static const uint32_t b3_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

static void
b3_words(uint32_t m[16], const unsigned char *p)
{
	int i;

	for (i = 0; i < 16; i++)
		m[i] = mds_load_le32(p + 4 * i);
}

static uint64_t
b3_count(const uint32_t *w)
{
	return (uint64_t)w[B3_T1] << 32 | w[B3_T0];
}

/* The parent of two chaining values, into left (not the root). */
static void
b3_parent(const struct blake3_state *st, uint32_t left[8],
    const uint32_t right[8])
{
	uint32_t m[16], out[16];

	memcpy(m, left, 8 * sizeof(m[0]));
	memcpy(m + 8, right, 8 * sizeof(m[0]));
	st->k->b3_compress(st->key, m, 0, B3_BLOCK, st->mode | PARENT, out);
	memcpy(left, out, 8 * sizeof(out[0]));
}

/*
 * A complete subtree of 2^level chunks, next in order, joins the tree,
 * merged with the entries whose subtrees it completes: the stack keeps
 * one entry per bit set in the number of chunks it holds.  More bytes
 * follow it, so none of these parents is the root.
 */
static void
b3_push(struct blake3_state *st, uint32_t cv[8], unsigned int level)
{
	uint64_t n = (st->done += (uint64_t)1 << level) >> level;

	for (; (n & 1) == 0; n >>= 1) {
		st->depth--;
		b3_parent(st, st->stack[st->depth], cv);
		memcpy(cv, st->stack[st->depth], 8 * sizeof(cv[0]));
	}
	memcpy(st->stack[st->depth++], cv, 8 * sizeof(cv[0]));
}

static void
b3_push_bytes(struct blake3_state *st, const unsigned char *p,
    unsigned int level)
{
	uint32_t cv[8];
	int i;

	for (i = 0; i < 8; i++)
		cv[i] = mds_load_le32(p + 4 * i);
	b3_push(st, cv, level);
}

/* The chunk in the words done, with more to come: the next one starts. */
static void
b3_chunk_done(struct blake3_state *st)
{
	uint32_t *w = st->w;
	uint64_t next = b3_count(w) + 1;

	b3_push(st, w + B3_CV, 0);
	memcpy(w + B3_CV, st->key, 8 * sizeof(w[0]));
	w[B3_T0] = (uint32_t)next;
	w[B3_T1] = (uint32_t)(next >> 32);
	w[B3_BLOCKS] = 0;
}

/*
 * n (at most B3_BATCH) chaining values at cv, of subtrees of 2^level
 * chunks from the index `at` (in such subtrees), join the tree: sibling
 * pairs are hashed a batch a level, the first alone if its sibling is on
 * the stack, and the last, if its sibling is still to come, is pushed
 * after the levels above it.  cv is overwritten.
 */
static void
b3_join(struct blake3_state *st, unsigned char *cv, size_t n, uint64_t at,
    unsigned int level)
{
	const unsigned char *in[B3_BATCH / 2];
	unsigned char up[B3_BATCH / 2 * 32], last[B3_LEVELS][32];
	unsigned int from = level, top;
	int held[B3_LEVELS];
	size_t i, pairs;

	for (; n > 0; level++, at >>= 1) {
		if (at & 1) {
			b3_push_bytes(st, cv, level);
			cv += 32;
			n--;
			at++;
		}
		held[level - from] = (n & 1) != 0;
		if (n & 1)
			memcpy(last[level - from], cv + 32 * (n - 1), 32);
		pairs = n / 2;
		for (i = 0; i < pairs; i++)
			in[i] = cv + 64 * i;
		if (pairs > 0)
			st->k->b3_many(in, pairs, 1, st->key, 0, 0,
			    st->mode | PARENT, 0, 0, up);
		memcpy(cv, up, 32 * pairs);
		n = pairs;
	}
	for (top = level - from; top-- > 0;)
		if (held[top])
			b3_push_bytes(st, last[top], from + top);
}

/*
 * n whole chunks at p, from a chunk boundary, with more bytes after
 * them: hashed B3_BATCH at a time by the kernel's batch, then joined.
 */
static void
b3_chunks(struct blake3_state *st, const unsigned char *p, size_t n)
{
	const unsigned char *in[B3_BATCH];
	unsigned char cv[B3_BATCH * 32];
	uint32_t *w = st->w;
	uint64_t t = b3_count(w);
	size_t i, m;

	for (; n > 0; n -= m, t += m) {
		m = n < B3_BATCH ? n : B3_BATCH;
		for (i = 0; i < m; i++, p += B3_CHUNK)
			in[i] = p;
		st->k->b3_many(in, m, B3_CHUNK_BLOCKS, st->key, t, 1,
		    st->mode, CHUNK_START, CHUNK_END, cv);
		b3_join(st, cv, m, t, 0);
	}
	w[B3_T0] = (uint32_t)t;
	w[B3_T1] = (uint32_t)(t >> 32);
}

/*
 * The message's last block, in m: the root is its chunk if that is the
 * only one, else the parent at the bottom of the stack; the root's input
 * is left in the words for extract.
 */
static void
b3_end(struct blake3_state *st)
{
	uint32_t *w = st->w, out[16];
	uint32_t flags = st->mode | CHUNK_END |
	    (w[B3_BLOCKS] == 0 ? CHUNK_START : 0);

	w[B3_END] = 0;
	if (st->depth == 0) {
		w[B3_FLAGS] = flags | ROOT;
		return;
	}
	st->k->b3_compress(w + B3_CV, w + B3_M, b3_count(w), w[B3_LEN],
	    flags, out);
	while (st->depth > 1) {
		st->depth--;
		b3_parent(st, st->stack[st->depth], out);
		memcpy(out, st->stack[st->depth], 8 * sizeof(out[0]));
	}
	memcpy(w + B3_M, st->stack[0], 8 * sizeof(w[0]));
	memcpy(w + B3_M + 8, out, 8 * sizeof(w[0]));
	memcpy(w + B3_CV, st->key, 8 * sizeof(w[0]));
	w[B3_LEN] = B3_BLOCK;
	w[B3_FLAGS] = st->mode | PARENT | ROOT;
	st->depth = 0;
}

/*
 * nblocks whole blocks; the last of the message once tail said so.
 * Whole chunks from a chunk boundary go to the batch, the rest a block
 * at a time.
 */
static void
blake3_absorb(void *vst, const unsigned char *p, size_t nblocks)
{
	struct blake3_state *st = vst;
	uint32_t *w = st->w, out[16];
	uint32_t flags;
	size_t n;

	while (nblocks > 0) {
		if (w[B3_BLOCKS] == 0 && nblocks >= B3_CHUNK_BLOCKS &&
		    !w[B3_END]) {
			n = nblocks / B3_CHUNK_BLOCKS;
			b3_chunks(st, p, n);
			p += n * B3_CHUNK;
			nblocks -= n * B3_CHUNK_BLOCKS;
			continue;
		}
		b3_words(w + B3_M, p);
		if (w[B3_END]) {
			b3_end(st);
			return;
		}
		flags = st->mode | (w[B3_BLOCKS] == 0 ? CHUNK_START : 0);
		if (w[B3_BLOCKS] == B3_CHUNK_BLOCKS - 1)
			flags |= CHUNK_END;
		st->k->b3_compress(w + B3_CV, w + B3_M, b3_count(w), B3_BLOCK,
		    flags, out);
		memcpy(w + B3_CV, out, 8 * sizeof(w[0]));
		if (++w[B3_BLOCKS] == B3_CHUNK_BLOCKS)
			b3_chunk_done(st);
		p += B3_BLOCK;
		nblocks--;
	}
}

/*
 * The last block: fill (0 .. 64) bytes at p, zero-filled, into out; the
 * block absorbed next ends the message.
 */
static size_t
blake3_tail(const struct mds_shape *sh, const unsigned char *p, size_t fill,
    uint64_t total, unsigned char *out, size_t *dirty,
    const struct mds_col *col)
{
	uint32_t *w = (uint32_t *)col->w + col->l;
	size_t width = col->width;

	(void)sh;
	(void)total;
	mds_cons_last_block(p, fill, out, *dirty);
	*dirty = fill;
	w[B3_END * width] = 1;
	w[B3_LEN * width] = (uint32_t)fill;
	return 1;
}

/*
 * The digest: output block i is the root compressed again with i as its
 * counter, its sixteen words little-endian; as many as outlen needs.
 */
static void
blake3_extract(const struct mds_shape *sh, const struct mds_col *col,
    unsigned char *out, size_t outlen)
{
	const uint32_t *w = (const uint32_t *)col->w + col->l;
	uint32_t cv[8], m[16], o[16];
	unsigned char block[B3_BLOCK];
	size_t i, n, width = col->width;
	uint64_t t;

	(void)sh;
	for (i = 0; i < 8; i++)
		cv[i] = w[(B3_CV + i) * width];
	for (i = 0; i < 16; i++)
		m[i] = w[(B3_M + i) * width];
	for (t = 0; outlen > 0; t++) {
		mds_blake3_compress_portable(cv, m, t, w[B3_LEN * width],
		    w[B3_FLAGS * width], o);
		for (i = 0; i < 16; i++)
			mds_store_le32(block + 4 * i, o[i]);
		n = outlen < B3_BLOCK ? outlen : B3_BLOCK;
		memcpy(out, block, n);
		out += n;
		outlen -= n;
	}
}

static void *
blake3_words(void *vst)
{
	return ((struct blake3_state *)vst)->w;
}

/*
 * A state on kernel k keyed by key (NULL: the IV) in mode; the stack
 * comes from init, the only step that may fail.
 */
static void
b3_start(struct blake3_state *st, const uint32_t *key, uint32_t mode,
    size_t outlen, const struct mds_kernel *k)
{
	st->k = k;
	memcpy(st->key, key != NULL ? key : b3_iv, sizeof(st->key));
	memset(st->w, 0, sizeof(st->w));
	memcpy(st->w + B3_CV, st->key, sizeof(st->key));
	st->mode = mode;
	st->depth = 0;
	st->done = 0;
	st->fill = 0;
	st->outlen = (unsigned int)outlen;
}

/* A row's state: its key and mode if it was made keyed or derived. */
static void
blake3_start(void *vst, const struct mds_alg *alg, const struct mds_kernel *k)
{
	const struct mds_b3_param *pm = mds_alg_param(alg);

	b3_start(vst, pm != NULL ? pm->key : NULL, pm != NULL ? pm->mode : 0,
	    mds_alg_digest_len(alg), k);
}

const struct mds_cons_ops mds_cons_blake3 = {
	MDS_CONS_BLAKE3, 1, 0, blake3_start, blake3_words, blake3_absorb,
	blake3_tail, blake3_extract
};

const struct mds_shape mds_blake3_shape = {
	MDS_CONS_BLAKE3, B3_WORDS, 4, B3_BLOCK, NULL, NULL, 0
};

static int
b3_alloc(struct blake3_state *st)
{
	if ((st->stack = malloc(B3_STACK * sizeof(st->stack[0]))) == NULL)
		return -1;
	return 0;
}

static int
blake3_init(void *vst, const struct mds_alg *alg)
{
	blake3_start(vst, alg, mds_kernel_portable(MDS_FAM_BLAKE3));
	return b3_alloc(vst);
}

static int
blake3_init_native(void *vst, const struct mds_alg *alg)
{
	blake3_start(vst, alg, mds_kernel_for(MDS_FAM_BLAKE3));
	return b3_alloc(vst);
}

/* A block is compressed only once a byte after it has arrived. */
void
mds_blake3_update(void *vst, const unsigned char *p, size_t len)
{
	struct blake3_state *st = vst;

	mds_cons_update_kept(st, blake3_absorb, B3_BLOCK, st->buf, &st->fill,
	    p, len);
}

void
mds_blake3_discard(void *vst)
{
	struct blake3_state *st = vst;

	free(st->stack);
	st->stack = NULL;
}

void
mds_blake3_final_len(void *vst, unsigned char *out, size_t outlen)
{
	struct blake3_state *st = vst;
	struct mds_col self = { st->w, 1, 0 };
	size_t dirty = B3_BLOCK;

	(void)blake3_tail(&mds_blake3_shape, st->buf, st->fill, 0, st->buf,
	    &dirty, &self);
	blake3_absorb(st, st->buf, 1);
	blake3_extract(&mds_blake3_shape, &self, out, outlen);
	mds_blake3_discard(st);
}

static int
blake3_final(void *vst, unsigned char *out)
{
	struct blake3_state *st = vst;

	mds_blake3_final_len(st, out, st->outlen);
	return 0;
}

int
mds_blake3_init_hash(void *vst)
{
	struct blake3_state *st = vst;

	b3_start(st, NULL, 0, 32, mds_kernel_for(MDS_FAM_BLAKE3));
	return b3_alloc(st);
}

/* A keyed hash's key and mode: the key's bytes as words. */
void
mds_blake3_param_keyed(struct mds_b3_param *pm,
    const unsigned char key[MDS_BLAKE3_KEY_LEN])
{
	int i;

	for (i = 0; i < 8; i++)
		pm->key[i] = mds_load_le32(key + 4 * i);
	pm->mode = KEYED_HASH;
}

/*
 * Key derivation: the context string hashed in its own mode gives the
 * key words under which the key material is hashed.
 */
int
mds_blake3_param_derive(struct mds_b3_param *pm, const char *context)
{
	struct blake3_state st;
	unsigned char ck[MDS_BLAKE3_KEY_LEN];
	int i;

	if (context == NULL) {
		errno = EINVAL;
		return -1;
	}
	b3_start(&st, NULL, DERIVE_KEY_CONTEXT, 32,
	    mds_kernel_for(MDS_FAM_BLAKE3));
	if (b3_alloc(&st) == -1)
		return -1;
	mds_blake3_update(&st, (const unsigned char *)context,
	    strlen(context));
	mds_blake3_final_len(&st, ck, sizeof(ck));
	for (i = 0; i < 8; i++)
		pm->key[i] = mds_load_le32(ck + 4 * i);
	pm->mode = DERIVE_KEY_MATERIAL;
	return 0;
}

int
mds_blake3_init_keyed(void *vst, const unsigned char key[MDS_BLAKE3_KEY_LEN])
{
	struct blake3_state *st = vst;
	struct mds_b3_param pm;

	mds_blake3_param_keyed(&pm, key);
	b3_start(st, pm.key, pm.mode, 32, mds_kernel_for(MDS_FAM_BLAKE3));
	return b3_alloc(st);
}

int
mds_blake3_init_derive(void *vst, const char *context)
{
	struct blake3_state *st = vst;
	struct mds_b3_param pm;

	if (mds_blake3_param_derive(&pm, context) == -1)
		return -1;
	b3_start(st, pm.key, pm.mode, 32, mds_kernel_for(MDS_FAM_BLAKE3));
	return b3_alloc(st);
}

/*
 * The side of the threads (blake3_threads.c): a piece of B3_BATCH whole
 * chunks hashed on its own into its subtree's chaining value, which is
 * never the root (more bytes follow every piece), and pieces joined to
 * the state in order, a batch of parents a level.
 */
void
mds_blake3_piece(const void *vst, const unsigned char *p, uint64_t t,
    unsigned char cv[32])
{
	const struct blake3_state *st = vst;
	const unsigned char *in[B3_BATCH];
	unsigned char a[B3_BATCH * 32], b[B3_BATCH / 2 * 32], *from, *to, *tmp;
	size_t i, n;

	for (i = 0; i < B3_BATCH; i++)
		in[i] = p + B3_CHUNK * i;
	st->k->b3_many(in, B3_BATCH, B3_CHUNK_BLOCKS, st->key, t, 1,
	    st->mode, CHUNK_START, CHUNK_END, a);
	for (from = a, to = b, n = B3_BATCH; n > 1; n /= 2) {
		for (i = 0; i < n / 2; i++)
			in[i] = from + 64 * i;
		st->k->b3_many(in, n / 2, 1, st->key, 0, 0, st->mode | PARENT,
		    0, 0, to);
		tmp = from;
		from = to;
		to = tmp;
	}
	memcpy(cv, from, 32);
}

/* The bytes a state has taken, hashed or held. */
uint64_t
mds_blake3_taken(const void *vst)
{
	const struct blake3_state *st = vst;

	return b3_count(st->w) * B3_CHUNK + st->w[B3_BLOCKS] * B3_BLOCK +
	    st->fill;
}

/*
 * At a piece's boundary, with more bytes to come: the block held back is
 * the end of a chunk, hashed now, so that whole pieces follow.
 */
void
mds_blake3_settle(void *vst)
{
	struct blake3_state *st = vst;

	if (st->fill == B3_BLOCK) {
		blake3_absorb(st, st->buf, 1);
		st->fill = 0;
	}
}

/* n chaining values of pieces, next in order after a settled state. */
void
mds_blake3_join_pieces(void *vst, unsigned char *cv, size_t n)
{
	struct blake3_state *st = vst;
	uint64_t t = b3_count(st->w);
	size_t m;

	for (; n > 0; n -= m, cv += 32 * m, t += (uint64_t)m * B3_BATCH) {
		m = n < B3_BATCH ? n : B3_BATCH;
		b3_join(st, cv, m, t / B3_BATCH, B3_PIECE_LEVEL);
	}
	st->w[B3_T0] = (uint32_t)t;
	st->w[B3_T1] = (uint32_t)(t >> 32);
}

/* Is this context's state one of BLAKE3's (for the threads)? */
int
mds_blake3_ctx(const mds_ctx *ctx)
{
	return ctx->impl_ == &mds_portable_blake3 ||
	    ctx->impl_ == &mds_native_blake3;
}

const struct mds_impl mds_portable_blake3 = {
	"blake3", "portable", blake3_init, mds_blake3_update, blake3_final,
	mds_blake3_discard, mds_kernel_describe
};

const struct mds_impl mds_native_blake3 = {
	"blake3", "native", blake3_init_native, mds_blake3_update,
	blake3_final, mds_blake3_discard, mds_kernel_describe
};
