/*
 * fuzz_diff.c: libFuzzer differential target.  Byte 0 of the input picks
 * the algorithm, bytes 1-8 seed the update splits; the rest is the
 * message.  Every single-stream implementation this build runs of the
 * algorithm, as mds_impl_at lists them (each built backend, and each
 * native kernel this CPU runs), hashes the message in
 * random pieces -- empty ones, short ones, ones about a block long, long
 * ones -- each copied to end just before an inaccessible page, so that a
 * read past a piece faults even in the kernels' inline asm, which
 * AddressSanitizer does not see; the digest must be the portable one's
 * in one piece.  So must the one-shot mds_digest with the default choice.
 * Then the pieces, as independent messages of one batch, go through every
 * multi-buffer kernel it lists (mds_digest_many_impl): each digest must
 * be mds_digest's of its piece.
 */
#include <sys/mman.h>

#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz.h"

#define HEADER	9	/* the algorithm, then the seed of the splits */
#define MAX_ALGS_LISTED	32
#define ARENA		(256 * 1024)	/* longer pieces are malloc()ed */
#define MAX_PIECES	64		/* messages of one batch */
#define MAX_IDS		64		/* implementations of one algorithm */

static unsigned char *arena_end(void);
static uint64_t	 next_rand(uint64_t *);
static size_t	 piece_len(uint64_t *, size_t, size_t);
static void	 hash_pieces(const struct mds_alg *,
		    const struct mds_impl_info *, const uint8_t *, size_t,
		    uint64_t, unsigned char *);
static void	 batch_pieces(const struct mds_alg *,
		    const struct mds_impl_info *, size_t, const uint8_t *,
		    size_t, uint64_t);

/* The end of ARENA bytes of memory, followed by a PROT_NONE page. */
static unsigned char *
arena_end(void)
{
	static unsigned char *end;
	long page = sysconf(_SC_PAGESIZE);
	unsigned char *p;

	if (end != NULL)
		return end;
	if (page <= 0 || ARENA % page != 0 ||
	    (p = mmap(NULL, ARENA + (size_t)page, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED ||
	    mprotect(p + ARENA, (size_t)page, PROT_NONE) == -1)
		abort();
	end = p + ARENA;
	return end;
}

/* splitmix64: any seed, zero included, gives a good stream. */
static uint64_t
next_rand(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* The length of the next piece, with left bytes to go. */
static size_t
piece_len(uint64_t *rng, size_t block, size_t left)
{
	uint64_t r = next_rand(rng);
	size_t n;

	switch (r % 6) {
	case 0:
		n = 0;
		break;
	case 1:
		n = (size_t)(r >> 8) % 16 + 1;
		break;
	case 2:		/* about a block: the buffered and direct paths */
		n = block - 1 + (size_t)(r >> 8) % 3;
		break;
	case 3:		/* several blocks: the multi-block kernels */
		n = block * ((size_t)(r >> 8) % 8 + 2) + (size_t)(r >> 16) % 3;
		break;
	case 4:
		n = (size_t)(r >> 8) % (left + 1);
		break;
	default:
		n = left;
		break;
	}
	return n < left ? n : left;
}

static void
hash_pieces(const struct mds_alg *alg, const struct mds_impl_info *c,
    const uint8_t *msg, size_t len, uint64_t seed, unsigned char *md)
{
	size_t off = 0, n, block = mds_alg_block_len(alg);
	unsigned char *piece;
	mds_ctx ctx;

	FUZZ_ASSERT(mds_init_impl(&ctx, alg, c->id) == 0);
	do {
		n = piece_len(&seed, block, len - off);
		if (n == 0) {
			FUZZ_ASSERT(mds_update(&ctx, NULL, 0) == 0);
			continue;
		}
		if (n <= ARENA)
			piece = arena_end() - n;
		else if ((piece = malloc(n)) == NULL)
			abort();
		memcpy(piece, msg + off, n);
		FUZZ_ASSERT(mds_update(&ctx, piece, n) == 0);
		if (n > ARENA)
			free(piece);
		off += n;
	} while (off < len);
	FUZZ_ASSERT(mds_final(&ctx, md) == 0);
}

/* The message cut in pieces, a batch of them through each lane kernel. */
static void
batch_pieces(const struct mds_alg *alg, const struct mds_impl_info *mb,
    size_t nk, const uint8_t *msg, size_t len, uint64_t seed)
{
	static unsigned char out[MAX_PIECES * MDS_MAX_DIGEST];
	unsigned char want[MAX_PIECES][MDS_MAX_DIGEST];
	const void *msgs[MAX_PIECES];
	size_t lens[MAX_PIECES], n = 0, off = 0, k, i;
	size_t dl = mds_alg_digest_len(alg), block = mds_alg_block_len(alg);

	do {
		lens[n] = piece_len(&seed, block, len - off);
		msgs[n] = msg + off;
		FUZZ_ASSERT(mds_digest(alg, msgs[n], lens[n], want[n]) == 0);
		off += lens[n++];
	} while (off < len && n < MAX_PIECES);
	for (k = 0; k < nk; k++) {
		FUZZ_ASSERT(mds_digest_many_impl(alg, mb[k].id, n, msgs, lens,
		    out) == 0);
		for (i = 0; i < n; i++)
			if (memcmp(out + i * dl, want[i], dl) != 0) {
				fprintf(stderr, "%s, batch of %zu, message %zu "
				    "of %zu bytes, %s: wrong digest\n",
				    mds_alg_name(alg), n, i, lens[i], mb[k].name);
				abort();
			}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct mds_impl_info impls[MAX_ALGS_LISTED][MAX_IDS];
	static struct mds_impl_info lanes[MAX_ALGS_LISTED][MAX_IDS];
	struct mds_impl_info info;
	static size_t nimpls[MAX_ALGS_LISTED], nlanes[MAX_ALGS_LISTED];
	static int listed[MAX_ALGS_LISTED];
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	char wh[2 * MDS_MAX_DIGEST + 1], gh[2 * MDS_MAX_DIGEST + 1], buf[64];
	const struct mds_alg *alg;
	const uint8_t *msg;
	uint64_t seed = 0;
	size_t a, i, j, len, dl;
	mds_ctx ctx;

	if (size < HEADER)
		return 0;
	a = data[0] % mds_alg_count();
	FUZZ_ASSERT(a < MAX_ALGS_LISTED);
	alg = mds_alg_at(a);
	dl = mds_alg_digest_len(alg);
	for (i = 1; i < HEADER; i++)
		seed = seed << 8 | data[i];
	msg = data + HEADER;
	len = size - HEADER;
	if (!listed[a]) {
		for (j = 0; mds_impl_at(alg, j, &info) == 1; j++) {
			if (info.lanes > 1 && nlanes[a] < MAX_IDS)
				lanes[a][nlanes[a]++] = info;
			else if (info.lanes <= 1 && nimpls[a] < MAX_IDS)
				impls[a][nimpls[a]++] = info;
		}
		FUZZ_ASSERT(nimpls[a] > 0);
		listed[a] = 1;
	}

	/* The reference: portable, in one piece. */
	FUZZ_ASSERT(mds_init_backend(&ctx, alg, "portable") == 0);
	FUZZ_ASSERT(mds_update(&ctx, msg, len) == 0);
	FUZZ_ASSERT(mds_final(&ctx, want) == 0);
	FUZZ_ASSERT(mds_digest(alg, msg, len, got) == 0);
	FUZZ_ASSERT(memcmp(got, want, dl) == 0);

	for (i = 0; i < nimpls[a]; i++) {
		hash_pieces(alg, &impls[a][i], msg, len, seed, got);
		if (memcmp(got, want, dl) != 0) {
			fprintf(stderr, "%s, %zu bytes, %s: %s, not %s\n",
			    mds_alg_name(alg), len,
			    impl_label(&impls[a][i], buf, sizeof(buf)),
			    mds_hex(got, dl, gh), mds_hex(want, dl, wh));
			abort();
		}
	}
	batch_pieces(alg, lanes[a], nlanes[a], msg, len, seed);
	return 0;
}
