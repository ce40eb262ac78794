/*
 * endian.c: the byte-order test of the portable code (.ci/cross-s390x).
 *
 * usage: endian
 *
 * With every algorithm on the portable backend: checks the self-test
 * vectors (mds_alg_vector) and prints "name vector i digest" for each,
 * then prints "name length digest" for messages of every length 0..300
 * and some up to 100 KiB.  The messages are prefixes of one xorshift64*
 * stream, stored as little-endian words (as mdt_fill in tests/util.c
 * does; .ci/cross-s390x makes them again in Python from the same SEED and
 * MAXLEN to check the host's digests).  Each digest is computed again from the starting offsets 0..7
 * in random update splits, which must all agree with it.  The output
 * depends on nothing but the code, so a big-endian build's must equal
 * the host's byte for byte.  Standalone: no check framework.
 *
 * Exit status 0 if every check passed, 1 if one failed (the failures and
 * a summary go to standard error).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdsum.h"

#define SEED	UINT64_C(0x6d64732d656e6469)	/* "mds-endi" */
#define EDGE	300		/* every length up to here */
#define MAXLEN	(100 * 1024)
#define NOFFS	8		/* starting offsets 0..7 */

/* Around blocks of 64, 128 and 136 (8 * 136 = 1088) bytes, and larger. */
static const size_t long_lens[] = {
	447, 448, 511, 512, 513, 1087, 1088, 1089, 4095, 4096, 4097,
	65535, 65536, 65537, 99999, MAXLEN
};

static unsigned char msg[MAXLEN];
static unsigned char *buf;	/* malloc'd, so buf + off is off past aligned */
static int nfail;

static uint64_t	rnd(uint64_t *);
static void	fail(const char *, const struct mds_alg *, size_t, size_t);
static void	vectors(const struct mds_alg *);
static int	hash_split(const struct mds_alg *, const unsigned char *,
		    size_t, uint64_t *, unsigned char *);
static void	digest(const struct mds_alg *, size_t, uint64_t *);

/* xorshift64*, as mdt_rand in tests/util.c. */
static uint64_t
rnd(uint64_t *s)
{
	uint64_t x;

	x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * UINT64_C(0x2545f4914f6cdd1d);
}

static void
fail(const char *what, const struct mds_alg *alg, size_t len, size_t off)
{
	fprintf(stderr, "endian: %s: %s, length %zu, offset %zu\n", what,
	    mds_alg_name(alg), len, off);
	nfail++;
}

static void
vectors(const struct mds_alg *alg)
{
	mds_ctx ctx;
	unsigned char md[MDS_MAX_DIGEST];
	char hex[2 * MDS_MAX_DIGEST + 1];
	const char *v, *want;
	size_t i, r, repeat, n;

	for (i = 0; (v = mds_alg_vector(alg, i, &repeat, &want)) != NULL;
	    i++) {
		n = strlen(v);
		if (mds_init(&ctx, alg) != 0) {
			fail(strerror(errno), alg, n, 0);
			continue;
		}
		for (r = 0; r < repeat; r++)
			(void)mds_update(&ctx, v, n);
		if (mds_final(&ctx, md) != 0) {
			fail(strerror(errno), alg, n, 0);
			continue;
		}
		mds_hex(md, mds_alg_digest_len(alg), hex);
		printf("%s vector %zu %s\n", mds_alg_name(alg), i, hex);
		if (strcmp(hex, want) != 0) {
			fprintf(stderr, "endian: %s vector %zu: got %s, "
			    "want %s\n", mds_alg_name(alg), i, hex, want);
			nfail++;
		}
	}
}

/* Hash p[0..len) in random pieces: empty, small, about a block, larger. */
static int
hash_split(const struct mds_alg *alg, const unsigned char *p, size_t len,
    uint64_t *rng, unsigned char *md)
{
	mds_ctx ctx;
	size_t off, n, block;

	block = mds_alg_block_len(alg);
	if (mds_init(&ctx, alg) != 0)
		return -1;
	for (off = 0; off < len; off += n) {
		switch (rnd(rng) % 4) {
		case 0:
			n = (size_t)(rnd(rng) % 16);
			break;
		case 1:
			n = block - 1 + (size_t)(rnd(rng) % 3);
			break;
		case 2:
			n = (size_t)(rnd(rng) % (4 * block));
			break;
		default:
			n = (size_t)(rnd(rng) % (len - off + 1));
			break;
		}
		if (n > len - off)
			n = len - off;
		if (mds_update(&ctx, p + off, n) != 0) {
			mds_discard(&ctx);
			return -1;
		}
	}
	return mds_final(&ctx, md);
}

static void
digest(const struct mds_alg *alg, size_t len, uint64_t *rng)
{
	unsigned char want[MDS_MAX_DIGEST], md[MDS_MAX_DIGEST];
	char hex[2 * MDS_MAX_DIGEST + 1];
	size_t dlen, off;

	dlen = mds_alg_digest_len(alg);
	if (mds_digest(alg, msg, len, want) != 0) {
		fail(strerror(errno), alg, len, 0);
		return;
	}
	printf("%s %zu %s\n", mds_alg_name(alg), len, mds_hex(want, dlen, hex));
	for (off = 0; off < NOFFS; off++) {
		memcpy(buf + off, msg, len);
		if (hash_split(alg, buf + off, len, rng, md) != 0)
			fail(strerror(errno), alg, len, off);
		else if (memcmp(md, want, dlen) != 0)
			fail("split digest differs", alg, len, off);
	}
}

int
main(void)
{
	const struct mds_alg *alg;
	const char *order;
	uint64_t rng, v;
	uint32_t word;
	unsigned char b[sizeof(word)];
	size_t a, i, len;

	if (mds_set_backend("portable") != 0) {
		fprintf(stderr, "endian: portable: %s\n", strerror(errno));
		return 1;
	}
	if ((buf = malloc(MAXLEN + NOFFS)) == NULL) {
		perror("endian");
		return 1;
	}
	rng = SEED;
	v = 0;
	for (i = 0; i < MAXLEN; i++) {
		if (i % 8 == 0)
			v = rnd(&rng);
		msg[i] = (unsigned char)v;
		v >>= 8;
	}
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		vectors(alg);
		for (len = 0; len <= EDGE; len++)
			digest(alg, len, &rng);
		for (i = 0; i < sizeof(long_lens) / sizeof(long_lens[0]); i++)
			digest(alg, long_lens[i], &rng);
	}
	free(buf);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("endian: stdout");
		return 1;
	}
	word = 0x01020304;
	memcpy(b, &word, sizeof(b));
	order = b[0] == 4 ? "little-endian" : b[0] == 1 ? "big-endian" :
	    "mixed-endian";
	fprintf(stderr, "endian: %s, %zu algorithms: %d failure(s)\n", order,
	    a, nfail);
	return nfail != 0;
}
