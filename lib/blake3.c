/*
 * blake3.c: BLAKE3 as a construction: a state, its update, its end and
 * the root's output of any length; hash, keyed hash and key derivation
 * share it, the registry row being the hash with its 32-byte default.
 * The tree itself is blake3_tree.c's (blake3_int.h describes it).
 *
 * The unit a state absorbs is the chunk (the shape's block, 1 KiB): a
 * chunk cannot be hashed before it is known not to be the last, which
 * alone may be the root, so update keeps up to a chunk back, and the
 * one held goes into the next batch with the chunks after it.  So reads
 * of 256 KiB give batches of 256 whole chunks and no chunk is hashed a
 * block at a time but the message's last.
 *
 * The stack (1.7 KiB) and the chunk held (1 KiB) do not fit in an
 * mds_ctx, so init allocates them and final or discard free them.  The
 * words the construction's table sees (construction.h) are the count
 * and the root's input; they serve the single stream only (no lanes for
 * a tree).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blake3_int.h"
#include "blake3.h"

MDS_STATE_FITS(blake3, struct blake3_state);

extern const struct mds_impl mds_portable_blake3, mds_native_blake3;

/* SHA-256's IV, which BLAKE3 takes as BLAKE2s does. */
static const uint32_t b3_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

/*
 * n whole chunks at p, with more bytes after them; or, once tail said
 * so, the last chunk.
 */
static void
blake3_absorb(void *vst, const unsigned char *p, size_t n)
{
	struct blake3_state *st = vst;
	const unsigned char *in[B3_BATCH];
	size_t m;

	if (st->w[B3_END]) {
		st->w[B3_END] = 0;
		b3_last(st, p, st->w[B3_LEN]);
		return;
	}
	while (n > 0) {
		for (m = 0; m < B3_BATCH && m < n; m++, p += B3_CHUNK)
			in[m] = p;
		b3_batch(st, in, m);
		n -= m;
	}
}

/*
 * The last chunk: fill (0 .. 1024) bytes at p, into out; the chunk
 * absorbed next ends the message.  (The zeros after its last byte are
 * b3_last's.)
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
	if (fill > 0 && p != out)
		memcpy(out, p, fill);
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
 * and the chunk come from init, the only step that may fail.
 */
static void
b3_start(struct blake3_state *st, const uint32_t *key, uint32_t mode,
    size_t outlen, const struct mds_kernel *k)
{
	st->k = k;
	memcpy(st->key, key != NULL ? key : b3_iv, sizeof(st->key));
	memset(st->w, 0, sizeof(st->w));
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
	MDS_CONS_BLAKE3, B3_WORDS, 4, B3_CHUNK, NULL, NULL, 0
};

static int
b3_alloc(struct blake3_state *st)
{
	unsigned char *mem;

	if ((mem = malloc(B3_STACK * 32 + B3_CHUNK)) == NULL)
		return -1;
	st->stack = (uint32_t (*)[8])(void *)mem;
	st->chunk = mem + B3_STACK * 32;
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

/* A state of alg's on kernel k (blake3_group.c). */
int
b3_init_on(struct blake3_state *st, const struct mds_alg *alg,
    const struct mds_kernel *k)
{
	blake3_start(st, alg, k);
	return b3_alloc(st);
}

/*
 * Whole chunks go to the batch once a byte after them has come, the one
 * held first; the last 1 .. 1024 bytes are held.
 */
void
mds_blake3_update(void *vst, const unsigned char *p, size_t len)
{
	struct blake3_state *st = vst;
	const unsigned char *in[B3_BATCH];
	size_t n = 0, take, whole;

	if (len == 0)		/* p may be NULL */
		return;
	if (len <= B3_CHUNK - st->fill) {
		memcpy(st->chunk + st->fill, p, len);
		st->fill += (unsigned int)len;
		return;
	}
	if (st->fill > 0) {
		take = B3_CHUNK - st->fill;
		memcpy(st->chunk + st->fill, p, take);
		p += take;
		len -= take;
		in[n++] = st->chunk;
	}
	/* len > 0 here: the chunks before the last byte are whole. */
	for (whole = (len - 1) / B3_CHUNK; n + whole > 0; n = 0) {
		for (; n < B3_BATCH && whole > 0; whole--, p += B3_CHUNK,
		    len -= B3_CHUNK)
			in[n++] = p;
		b3_batch(st, in, n);
	}
	memcpy(st->chunk, p, len);
	st->fill = (unsigned int)len;
}

void
mds_blake3_discard(void *vst)
{
	struct blake3_state *st = vst;

	free(st->stack);
	st->stack = NULL;
	st->chunk = NULL;
}

void
mds_blake3_final_len(void *vst, unsigned char *out, size_t outlen)
{
	struct blake3_state *st = vst;
	struct mds_col self = { st->w, 1, 0 };
	size_t dirty = B3_CHUNK;

	(void)blake3_tail(&mds_blake3_shape, st->chunk, st->fill, 0,
	    st->chunk, &dirty, &self);
	blake3_absorb(st, st->chunk, 1);
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

/* The bytes a state has taken, joined or held. */
uint64_t
mds_blake3_taken(const void *vst)
{
	const struct blake3_state *st = vst;

	return b3_count(st->w) * B3_CHUNK + st->fill;
}

/*
 * At a piece's boundary, with more bytes to come: the chunk held back
 * is whole, joined now, so that whole pieces follow.
 */
void
mds_blake3_settle(void *vst)
{
	struct blake3_state *st = vst;
	const unsigned char *in[1];

	if (st->fill == B3_CHUNK) {
		in[0] = st->chunk;
		b3_batch(st, in, 1);
		st->fill = 0;
	}
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
