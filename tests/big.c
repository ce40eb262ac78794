/*
 * big.c: a message longer than 4 GiB, so that 32-bit byte or bit
 * counters show up.  It is BIG_REPEAT copies of a 1 MiB pseudo-random
 * buffer plus a BIG_TAIL-byte tail; tests/bigdigests.py computed the
 * expected digests with Python's hashlib and pycryptodome.  Then
 * cksum's CRC of sparse files around 2^32 bytes, whose length takes 5
 * bytes.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/mman.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"

#define BIG_SEED	UINT64_C(0x6d64732d62696721)	/* "mds-big!" */
#define BIG_CHUNK	((size_t)1 << 20)
#define BIG_REPEAT	4096		/* 2^32 bytes */
#define BIG_TAIL	77

/*
 * Portable takes 5 to 18 s per algorithm here (2 cores, -O2), too slow
 * to run all seven.  It runs once per shared code path (portable = 1):
 * md5 (little-endian length), sha256 (big-endian 64-bit length, the
 * cheaper of sha256 and sha1, which share mdpad.c), sha512 (128-bit
 * length; sha512h is the same code cut short) and keccak256 (the sponge;
 * sha3-256 differs only in the pad byte).  Any algorithm that no other
 * built backend implements itself runs on portable too.
 */
struct big {
	const char	*alg;
	int		 portable;	/* run on portable, see above */
	const char	*hex;
};

static const struct big bigs[] = {
	{ "md5", 1, "04e707dd85ea7b2aa97f883566ab060b" },
	{ "sha1", 0, "6e6933f66d4e086bb2542e2ad4cf24840b7f5e60" },
	{ "sha256", 1,
	    "f2b9a9fef7b32780444feefa04ab430d27b4f411d7d2f7de5b1aa135005d22cc" },
	{ "sha512", 1,
	    "ab9c6dead5809b17ddb192f6ae6f5d55271f48a72a67b699131014e22f1a2614"
	    "0a545c0cd7b84cfe9b5ce6b4b0e96f41674b8e8751696dff835cb0c1091072c7" },
	{ "sha512h", 0,
	    "ab9c6dead5809b17ddb192f6ae6f5d55271f48a72a67b699131014e22f1a2614" },
	{ "sha3-256", 0,
	    "dbb1bd11f04f49665533ab414f4f00d2c6f8d23eeaa04548fa8b5de14bcd9734" },
	{ "keccak256", 1,
	    "f0dba3c16e7d6c571826289e5b9fc564a92eddd3b8a88d4453e29e5e46ea0346" },
};
#define NBIGS	(sizeof(bigs) / sizeof(bigs[0]))

/*
 * The same length of zeros in ONE mds_update, for a size_t length that
 * 32 bits cannot hold.  Portable md5 only: mdpad.c is our code and all of
 * the MD family shares it; the libraries have their own tests.  (keccak256
 * would cover keccak.c's update too, for 12 s more:
 * c458f86777fadbc94cc5dc8f0d35844caa64104df5a7785626b65c407b44d86a.)
 */
static const struct big zeros[] = {
	{ "md5", 1, "11f745c55bb47196852f3866cf4b2b68" },
};
#define NZEROS	(sizeof(zeros) / sizeof(zeros[0]))

/*
 * cksum's CRC takes in the byte count after the data, low byte first, in
 * as few bytes as hold it: four up to 2^32 - 1, five from 2^32.  Files of
 * these lengths, CK_EDGE bytes of data at each end and a hole between:
 * the CRCs coreutils 9.1 cksum printed for them and Python's zlib.crc32
 * gave (tests/bigdigests.py cksum, which makes the same files).  2^40
 * bytes, where a sixth byte starts, would take many minutes to read.
 */
#define CK_SEED		UINT64_C(0x6d64732d636b6c6e)	/* "mds-ckln" */
#define CK_EDGE		64
static const struct {
	uint64_t	 len;
	uint32_t	 cksum;		/* cksum's CRC */
	uint32_t	 crc32;		/* zlib's */
} cklens[] = {
	{ UINT64_C(4294967295), 0x9ae91255, 0x1a4eadcd },
	{ UINT64_C(4294967296), 0xc822331d, 0x35b2dfce },
	{ UINT64_C(4294967297), 0x3310da76, 0xac947206 },
};
#define NCKLENS	(sizeof(cklens) / sizeof(cklens[0]))

static unsigned char *chunk;

static void	 big_setup(void);
static void	 big_teardown(void);
static const char *other_backend(const struct mds_alg *);

static void
big_setup(void)
{
	uint64_t rng;

	chunk = malloc(BIG_CHUNK);
	ck_assert_ptr_nonnull(chunk);
	rng = BIG_SEED;
	mdt_fill(&rng, chunk, BIG_CHUNK);
	/* the generator must match bigdigests.py's */
	ck_assert_mem_eq(chunk, "\x50\x2c\x43\x29\xa8\x2e\x0b\x55", 8);
}

static void
big_teardown(void)
{
	free(chunk);
	chunk = NULL;
}

/* A built backend other than portable that implements alg itself. */
static const char *
other_backend(const struct mds_alg *alg)
{
	const char *name, *used;
	mds_ctx ctx;
	size_t b;

	for (b = 0; b < mdt_nbuilt(); b++) {
		name = mdt_built(b);
		if (strcmp(name, "portable") == 0)
			continue;
		ck_assert_int_eq(mds_init_backend(&ctx, alg, name), 0);
		used = mds_ctx_backend(&ctx);
		mds_discard(&ctx);
		if (strcmp(used, name) == 0)
			return name;
	}
	return NULL;
}

/*
 * _i walks algorithms x built backends.  A backend that falls back to
 * portable for an algorithm is skipped: portable has its own iteration.
 */
START_TEST(test_big)
{
	const struct big *bg;
	const struct mds_alg *alg;
	const char *backend, *other;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	mds_ctx ctx;
	size_t i, dlen;

	bg = &bigs[(size_t)_i / mdt_nbuilt()];
	backend = mdt_built((size_t)_i % mdt_nbuilt());
	alg = mdt_alg(bg->alg);
	dlen = mds_alg_digest_len(alg);
	ck_assert_uint_eq(strlen(bg->hex), 2 * dlen);
	ck_assert_int_eq(mdt_unhex(bg->hex, 2 * dlen, want), 0);

	if (strcmp(backend, "portable") == 0 && !bg->portable &&
	    (other = other_backend(alg)) != NULL) {
		mdt_skip("big: %s on portable: too slow; %s covers it",
		    bg->alg, other);
		return;
	}
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	if (strcmp(mds_ctx_backend(&ctx), backend) != 0) {
		mdt_skip("big: %s on %s falls back to %s", bg->alg, backend,
		    mds_ctx_backend(&ctx));
		mds_discard(&ctx);
		return;
	}
	for (i = 0; i < BIG_REPEAT; i++)
		ck_assert_int_eq(mds_update(&ctx, chunk, BIG_CHUNK), 0);
	ck_assert_int_eq(mds_update(&ctx, chunk, BIG_TAIL), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "%s on %s, %d MiB + %d bytes", bg->alg,
	    backend, BIG_REPEAT, BIG_TAIL);
}
END_TEST

START_TEST(test_big_one_update)
{
	const struct big *bg;
	const struct mds_alg *alg;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	uint64_t len64;
	size_t len, dlen;
	void *p;
	int fd;

	bg = &zeros[_i];
	alg = mdt_alg(bg->alg);
	dlen = mds_alg_digest_len(alg);
	ck_assert_int_eq(mdt_unhex(bg->hex, 2 * dlen, want), 0);
	len64 = ((uint64_t)BIG_REPEAT << 20) + BIG_TAIL;
	if (len64 > SIZE_MAX) {
		mdt_skip("big: size_t has 32 bits, no single 4 GiB update");
		return;
	}
	len = (size_t)len64;
	/* a read-only private map of /dev/zero takes no memory */
	fd = open("/dev/zero", O_RDONLY);
	ck_assert_msg(fd >= 0, "/dev/zero: %s", strerror(errno));
	p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		mdt_skip("big: cannot map %zu bytes of /dev/zero: %s", len,
		    strerror(errno));
		return;
	}
	mdt_hash(alg, "portable", p, len, got);
	munmap(p, len);
	MDT_DIGEST_EQ(got, want, dlen, "%s on portable, %zu zeros in one "
	    "update", bg->alg, len);
}
END_TEST

/* The number in the digest: big-endian. */
static uint32_t
be32(const unsigned char *md)
{
	return (uint32_t)md[0] << 24 | (uint32_t)md[1] << 16 |
	    (uint32_t)md[2] << 8 | md[3];
}

/*
 * _i: a length.  One read of the file feeds crc on every built backend
 * that implements it (one falling back to portable would only repeat
 * it), and at the last length crc32b, whose kernels run past 4 GiB too.
 */
START_TEST(test_cksum_length)
{
	unsigned char edges[2 * CK_EDGE], md[MDS_MAX_DIGEST];
	static const char *const algs[] = { "crc", "crc32b" };
	uint64_t rng = CK_SEED, len = cklens[_i].len;
	mds_ctx ctx[2 * 8];
	const char *dir, *name, *backend;
	char path[1024];
	size_t a, b, n = 0;
	uint32_t want;
	int fd;

	if ((uint64_t)(off_t)len != len) {
		mdt_skip("big: off_t has 32 bits, no %llu-byte file",
		    (unsigned long long)len);
		return;
	}
	mdt_fill(&rng, edges, sizeof(edges));
	if ((dir = getenv("TMPDIR")) == NULL || *dir == '\0')
		dir = "/tmp";
	(void)snprintf(path, sizeof(path), "%s/mdt-cklen.XXXXXX", dir);
	ck_assert_msg((fd = mkstemp(path)) >= 0, "mkstemp: %s",
	    strerror(errno));
	/* gone on exit, whatever fails */
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_msg(ftruncate(fd, (off_t)len) == 0, "ftruncate %llu: %s",
	    (unsigned long long)len, strerror(errno));
	ck_assert_int_eq(pwrite(fd, edges, CK_EDGE, 0), CK_EDGE);
	ck_assert_int_eq(pwrite(fd, edges + CK_EDGE, CK_EDGE,
	    (off_t)(len - CK_EDGE)), CK_EDGE);
	for (b = 0; b < mdt_nbuilt(); b++)
		for (a = 0; a < (_i == NCKLENS - 1 ? 2u : 1u); a++) {
			name = mdt_built(b);
			ck_assert_uint_lt(n, sizeof(ctx) / sizeof(ctx[0]));
			ck_assert_int_eq(mds_init_backend(&ctx[n],
			    mdt_alg(algs[a]), name), 0);
			if (strcmp(name, "portable") != 0 &&
			    strcmp(mds_ctx_backend(&ctx[n]), name) != 0)
				mds_discard(&ctx[n]);
			else
				n++;
		}
	ck_assert_uint_ge(n, 1);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	ck_assert_int_eq(mds_update_fd(ctx, n, fd), (int64_t)len);
	(void)close(fd);
	for (a = 0; a < n; a++) {
		name = mds_alg_name(mds_ctx_alg(&ctx[a]));
		backend = mds_ctx_backend(&ctx[a]);
		want = strcmp(name, "crc") == 0 ? cklens[_i].cksum :
		    cklens[_i].crc32;
		ck_assert_int_eq(mds_final(&ctx[a], md), 0);
		ck_assert_msg(be32(md) == want, "%s on %s, %llu bytes: %08x, "
		    "expected %08x", name, backend, (unsigned long long)len,
		    be32(md), want);
	}
}
END_TEST

Suite *
mdt_big_suite(void)
{
	Suite *s;
	TCase *tc;

	/* Tagged "big": CK_EXCLUDE_TAGS=big leaves the suite out. */
	s = suite_create("big");
	tc = tcase_create("4gib");
	tcase_set_tags(tc, "big");
	tcase_add_checked_fixture(tc, big_setup, big_teardown);
	/* 2-14 s a test at -O2, room for -O0; CK_TIMEOUT_MULTIPLIER applies */
	tcase_set_timeout(tc, 240);
	tcase_add_loop_test(tc, test_big, 0, (int)(NBIGS * mdt_nbuilt()));
	suite_add_tcase(s, tc);

	tc = tcase_create("one-update");
	tcase_set_tags(tc, "big");
	tcase_set_timeout(tc, 240);
	tcase_add_loop_test(tc, test_big_one_update, 0, (int)NZEROS);
	suite_add_tcase(s, tc);

	tc = tcase_create("cksum-length");
	tcase_set_tags(tc, "big");
	/*
	 * 4 s a length with TMPDIR on a tmpfs, 20 on ext4, whose kernel
	 * fills the page cache with the hole.
	 */
	tcase_set_timeout(tc, 240);
	tcase_add_loop_test(tc, test_cksum_length, 0, (int)NCKLENS);
	suite_add_tcase(s, tc);
	return s;
}
