/*
 * blake3_tree.c: BLAKE3's tree over a stream.  Whole chunks come a batch
 * at a time, hashed side by side by the kernel's batch (struct
 * mds_kernel b3_many), and their chaining values join the tree a level
 * at a time, each level's sibling pairs one batch of parents.  What is
 * not yet paired waits on the stack, one entry per bit set in the count
 * of chunks, merged as a subtree completes.  A chunk joins only once a
 * byte after it has come (blake3.c holds the last one back), so no parent
 * made here is the root; the message's last chunk ends it (b3_last).
 */
#include <string.h>

#include "blake3_int.h"
#include "blake3.h"

/* The counters of parents: all 0. */
static const uint64_t b3_zeros[B3_BATCH / 2];

typedef char b3_piece_fits[MDS_BLAKE3_PIECE == B3_PIECE_CHUNKS * B3_CHUNK ?
    1 : -1];

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
 * merged with the entries whose subtrees it completes.
 */
static void
b3_push(struct blake3_state *st, const unsigned char *p, unsigned int level)
{
	uint64_t n = (st->done += (uint64_t)1 << level) >> level;
	uint32_t cv[8];
	int i;

	for (i = 0; i < 8; i++)
		cv[i] = mds_load_le32(p + 4 * i);
	for (; (n & 1) == 0; n >>= 1) {
		st->depth--;
		b3_parent(st, st->stack[st->depth], cv);
		memcpy(cv, st->stack[st->depth], sizeof(cv));
	}
	memcpy(st->stack[st->depth++], cv, sizeof(cv));
}

/*
 * n (at most B3_BATCH) chaining values at cv, of subtrees of 2^level
 * chunks from the index `at` (in such subtrees), join the tree: sibling
 * pairs are hashed a batch a level, the first alone if its sibling is on
 * the stack, and the last, if its sibling is still to come, is pushed
 * after the levels above it.  cv is overwritten.
 */
void
b3_join(struct blake3_state *st, unsigned char *cv, size_t n, uint64_t at,
    unsigned int level)
{
	const unsigned char *in[B3_BATCH / 2];
	unsigned char up[B3_BATCH / 2 * 32], last[B3_LEVELS][32];
	unsigned int from = level, top;
	int held[B3_LEVELS] = { 0 };
	size_t i, pairs;

	for (; n > 0; level++, at >>= 1) {
		if (at & 1) {
			b3_push(st, cv, level);
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
			st->k->b3_many(in, pairs, 1, st->key, b3_zeros,
			    st->mode | PARENT, 0, 0, up);
		memcpy(cv, up, 32 * pairs);
		n = pairs;
	}
	for (top = level - from; top-- > 0;)
		if (held[top])
			b3_push(st, last[top], from + top);
}

void
b3_batch(struct blake3_state *st, const unsigned char *const *in, size_t n)
{
	unsigned char cv[B3_BATCH * 32];
	uint64_t t = b3_count(st->w), ts[B3_BATCH];
	size_t i;

	for (i = 0; i < n; i++)
		ts[i] = t + i;
	st->k->b3_many(in, n, B3_CHUNK_BLOCKS, st->key, ts, st->mode,
	    CHUNK_START, CHUNK_END, cv);
	b3_join(st, cv, n, t, 0);
	b3_set_count(st->w, t + n);
}

/*
 * The last chunk: its blocks but the last through the compression
 * function in turn; the root is the chunk if it is the only one, else
 * the parent at the bottom of the stack.
 */
void
b3_last(struct blake3_state *st, const unsigned char *p, size_t len)
{
	uint32_t *w = st->w, out[16];
	uint64_t t = b3_count(w);
	uint32_t flags = st->mode | CHUNK_START;
	size_t i, n;

	memcpy(w + B3_CV, st->key, 8 * sizeof(w[0]));
	for (; len > B3_BLOCK; len -= B3_BLOCK, p += B3_BLOCK) {
		for (i = 0; i < 16; i++)
			w[B3_M + i] = mds_load_le32(p + 4 * i);
		st->k->b3_compress(w + B3_CV, w + B3_M, t, B3_BLOCK, flags,
		    out);
		memcpy(w + B3_CV, out, 8 * sizeof(w[0]));
		flags = st->mode;
	}
	/* The last block, zero-filled. */
	for (i = 0; i < 16; i++) {
		unsigned char word[4] = { 0, 0, 0, 0 };

		n = len > 4 * i ? len - 4 * i : 0;
		memcpy(word, p + 4 * i, n < 4 ? n : 4);
		w[B3_M + i] = mds_load_le32(word);
	}
	flags |= CHUNK_END;
	w[B3_LEN] = (uint32_t)len;
	if (st->depth == 0) {
		w[B3_FLAGS] = flags | ROOT;
		return;
	}
	st->k->b3_compress(w + B3_CV, w + B3_M, t, (uint32_t)len, flags, out);
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
 * The side of the threads (blake3_threads.c): a piece of B3_PIECE_CHUNKS
 * whole chunks hashed on its own into its subtree's chaining value, which
 * is never the root (more bytes follow every piece), and pieces joined
 * to the state in order, a batch of parents a level.
 */
void
mds_blake3_piece(const void *vst, const unsigned char *p, uint64_t t,
    unsigned char cv[32])
{
	const struct blake3_state *st = vst;
	const unsigned char *in[B3_PIECE_CHUNKS];
	/* The chunks' chaining values, then each level's, in turn. */
	unsigned char level[2][B3_PIECE_CHUNKS * 32];
	unsigned char *from, *to, *tmp;
	uint64_t ts[B3_PIECE_CHUNKS];
	size_t i, n;

	for (i = 0; i < B3_PIECE_CHUNKS; i++) {
		in[i] = p + B3_CHUNK * i;
		ts[i] = t + i;
	}
	st->k->b3_many(in, B3_PIECE_CHUNKS, B3_CHUNK_BLOCKS, st->key, ts,
	    st->mode, CHUNK_START, CHUNK_END, level[0]);
	for (from = level[0], to = level[1], n = B3_PIECE_CHUNKS; n > 1;
	    n /= 2) {
		for (i = 0; i < n / 2; i++)
			in[i] = from + 64 * i;
		st->k->b3_many(in, n / 2, 1, st->key, b3_zeros,
		    st->mode | PARENT, 0, 0, to);
		tmp = from;
		from = to;
		to = tmp;
	}
	memcpy(cv, from, 32);
}

/* n chaining values of pieces, next in order after a settled state. */
void
mds_blake3_join_pieces(void *vst, unsigned char *cv, size_t n)
{
	struct blake3_state *st = vst;
	uint64_t t = b3_count(st->w);
	size_t m;

	for (; n > 0; n -= m, cv += 32 * m, t += (uint64_t)m *
	    B3_PIECE_CHUNKS) {
		m = n < B3_BATCH ? n : B3_BATCH;
		b3_join(st, cv, m, t / B3_PIECE_CHUNKS, B3_PIECE_LEVEL);
	}
	b3_set_count(st->w, t);
}
