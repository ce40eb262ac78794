/*
 * big.c: a message longer than 4 GiB, so that 32-bit byte or bit
 * counters show up.  It is BIG_REPEAT copies of a 1 MiB pseudo-random
 * buffer plus a BIG_TAIL-byte tail; tests/bigdigests.py computed the
 * expected digests with Python's hashlib and pycryptodome.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"

#define BIG_SEED	UINT64_C(0x6d64732d62696721)	/* "mds-big!" */
#define BIG_CHUNK	((size_t)1 << 20)
#define BIG_REPEAT	4096		/* 2^32 bytes */
#define BIG_TAIL	77

static const struct {
	const char	*alg;
	const char	*hex;
} bigs[] = {
	{ "md5", "04e707dd85ea7b2aa97f883566ab060b" },
	{ "sha1", "6e6933f66d4e086bb2542e2ad4cf24840b7f5e60" },
	{ "sha256",
	    "f2b9a9fef7b32780444feefa04ab430d27b4f411d7d2f7de5b1aa135005d22cc" },
	{ "sha512",
	    "ab9c6dead5809b17ddb192f6ae6f5d55271f48a72a67b699131014e22f1a2614"
	    "0a545c0cd7b84cfe9b5ce6b4b0e96f41674b8e8751696dff835cb0c1091072c7" },
	{ "sha512h",
	    "ab9c6dead5809b17ddb192f6ae6f5d55271f48a72a67b699131014e22f1a2614" },
	{ "sha3-256",
	    "dbb1bd11f04f49665533ab414f4f00d2c6f8d23eeaa04548fa8b5de14bcd9734" },
	{ "keccak256",
	    "f0dba3c16e7d6c571826289e5b9fc564a92eddd3b8a88d4453e29e5e46ea0346" },
};
#define NBIGS	(sizeof(bigs) / sizeof(bigs[0]))

static unsigned char *chunk;

static void	 big_setup(void);
static void	 big_teardown(void);

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

/*
 * _i walks algorithms x built backends.  A backend that falls back to
 * portable for an algorithm is skipped: portable has its own iteration.
 */
START_TEST(test_big)
{
	const struct mds_alg *alg;
	const char *backend;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	mds_ctx ctx;
	size_t i, dlen;

	alg = mdt_alg(bigs[(size_t)_i / mdt_nbuilt()].alg);
	backend = mdt_built((size_t)_i % mdt_nbuilt());
	dlen = mds_alg_digest_len(alg);
	ck_assert_uint_eq(strlen(bigs[(size_t)_i / mdt_nbuilt()].hex),
	    2 * dlen);
	ck_assert_int_eq(mdt_unhex(bigs[(size_t)_i / mdt_nbuilt()].hex,
	    2 * dlen, want), 0);

	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	if (strcmp(mds_ctx_backend(&ctx), backend) != 0) {
		mdt_skip("big: %s on %s falls back to %s", mds_alg_name(alg),
		    backend, mds_ctx_backend(&ctx));
		mds_discard(&ctx);
		return;
	}
	for (i = 0; i < BIG_REPEAT; i++)
		ck_assert_int_eq(mds_update(&ctx, chunk, BIG_CHUNK), 0);
	ck_assert_int_eq(mds_update(&ctx, chunk, BIG_TAIL), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "%s on %s, %zu MiB + %d bytes",
	    mds_alg_name(alg), backend, (size_t)BIG_REPEAT, BIG_TAIL);
}
END_TEST

Suite *
mdt_big_suite(void)
{
	Suite *s;
	TCase *tc;

	mdt_skip_unbuilt("big");
	s = suite_create("big");
	tc = tcase_create("4gib");
	tcase_add_checked_fixture(tc, big_setup, big_teardown);
	/* per algorithm x backend; CK_TIMEOUT_MULTIPLIER scales it */
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_big, 0, (int)(NBIGS * mdt_nbuilt()));
	suite_add_tcase(s, tc);
	return s;
}
