/*
 * choice.c: the implementations of an algorithm by id (mds_impl_at), as
 * mdsum --bench and the BSD tools' -x use them.  Each one hashes right,
 * and hashing with one, or failing to, leaves what mds_init chooses as
 * it was: the old way, pinning a kernel for the process with
 * mds_set_cpu_level and returning early on a failure, carried that
 * kernel into what came next, and the check below sees it.  The
 * families that key the kernel tables are ids: each keeps its name.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"
#include "../lib/mds_int.h"

#define MSG_LEN		1000
#define COPIES_MAX	64

/* A kernel's name is its family's, a dash, and what it runs on. */
static void
named_after(const char *kernel, enum mds_family f)
{
	const char *family = mds_family_name(f);

	ck_assert_msg(family != NULL, "kernel %s: no family", kernel);
	ck_assert_msg(strncmp(kernel, family, strlen(family)) == 0 &&
	    kernel[strlen(family)] == '-', "kernel %s: not of family %s",
	    kernel, family);
}

/* What mds_init starts alg on now, and the level in force. */
struct seen {
	char	impl[64];
	char	backend[16];
	char	level[16];
};

static void
look(const struct mds_alg *alg, struct seen *s)
{
	mds_ctx ctx;

	ck_assert_int_eq(mds_init(&ctx, alg), 0);
	snprintf(s->impl, sizeof(s->impl), "%s", mds_ctx_impl(&ctx));
	snprintf(s->backend, sizeof(s->backend), "%s", mds_ctx_backend(&ctx));
	snprintf(s->level, sizeof(s->level), "%s", mds_cpu_level());
	mds_discard(&ctx);
}

static int
same(const struct seen *a, const struct seen *b)
{
	return strcmp(a->impl, b->impl) == 0 &&
	    strcmp(a->backend, b->backend) == 0 &&
	    strcmp(a->level, b->level) == 0;
}

static void
message(unsigned char *msg)
{
	size_t i;

	for (i = 0; i < MSG_LEN; i++)
		msg[i] = (unsigned char)(i * 131 + 7);
}

/*
 * _i walks algorithms.  Every implementation listed gives the portable
 * digest, single-stream or every copy through the lanes, and the default
 * is the same after each as before the first.
 */
START_TEST(test_each_impl)
{
	const struct mds_alg *alg = mdt_alg_at((size_t)_i);
	unsigned char msg[MSG_LEN], want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	unsigned char *out;
	const void *msgs[COPIES_MAX];
	size_t lens[COPIES_MAX], i, j, n, dlen = mds_alg_digest_len(alg);
	struct mds_impl_info c;
	struct seen before = { "", "", "" }, after = before;
	mds_ctx ctx;

	message(msg);
	ck_assert_int_eq(mds_init_backend(&ctx, alg, "portable"), 0);
	ck_assert_int_eq(mds_update(&ctx, msg, MSG_LEN), 0);
	ck_assert_int_eq(mds_final(&ctx, want), 0);
	look(alg, &before);
	ck_assert_ptr_nonnull(out = malloc(COPIES_MAX * MDS_MAX_DIGEST));
	for (i = 0; mds_impl_at(alg, i, &c) == 1; i++) {
		if (c.lanes == 1) {
			ck_assert_int_eq(mds_init_impl(&ctx, alg, c.id), 0);
			ck_assert_str_eq(mds_ctx_backend(&ctx), c.backend);
			ck_assert_str_eq(mds_ctx_impl(&ctx), c.name);
			ck_assert_int_eq(mds_update(&ctx, msg, MSG_LEN), 0);
			ck_assert_int_eq(mds_final(&ctx, got), 0);
			ck_assert_msg(memcmp(got, want, dlen) == 0, "%s %s: "
			    "wrong digest", mds_alg_name(alg), c.name);
		} else {
			n = 2 * c.lanes < COPIES_MAX ? 2 * c.lanes : COPIES_MAX;
			/* cppcheck-suppress knownConditionTrueFalse */
			for (j = 0; j < n; j++) {
				msgs[j] = msg;
				lens[j] = MSG_LEN;
			}
			ck_assert_int_eq(mds_digest_many_impl(alg, c.id, n,
			    msgs, lens, out), 0);
			/* cppcheck-suppress knownConditionTrueFalse */
			for (j = 0; j < n; j++)
				ck_assert_msg(memcmp(out + j * dlen, want,
				    dlen) == 0, "%s %s: copy %zu wrong",
				    mds_alg_name(alg), c.name, j);
		}
		look(alg, &after);
		ck_assert_msg(same(&before, &after), "%s: after %s, mds_init "
		    "takes %s (%s), was %s (%s)", mds_alg_name(alg), c.name,
		    after.impl, after.level, before.impl, before.level);
	}
	/* The portable code is always listed: an empty list tests nothing. */
	ck_assert_msg(i > 0, "%s: mds_impl_at lists nothing",
	    mds_alg_name(alg));
	free(out);
}
END_TEST

/*
 * Ids that are not alg's here fail with EINVAL and change nothing; the
 * single-stream ids are not multi-buffer ones nor the other way round.
 */
START_TEST(test_bad_ids)
{
	const struct mds_alg *alg = mdt_alg("md5"), *other = mdt_alg("bsd");
	unsigned char msg[MSG_LEN], out[2 * MDS_MAX_DIGEST];
	const void *msgs[2] = { msg, msg };
	size_t lens[2] = { MSG_LEN, MSG_LEN }, i;
	struct mds_impl_info c;
	struct seen before = { "", "", "" }, after = before;
	mds_ctx ctx;

	message(msg);
	look(alg, &before);
	errno = 0;
	ck_assert_int_eq(mds_init_impl(&ctx, alg, -1), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(mds_init_impl(&ctx, alg, 1 << 20), -1);
	for (i = 0; mds_impl_at(alg, i, &c) == 1; i++) {
		if (c.lanes > 1) {
			errno = 0;
			ck_assert_int_eq(mds_init_impl(&ctx, alg, c.id), -1);
			ck_assert_int_eq(errno, EINVAL);
		} else {
			ck_assert_int_eq(mds_digest_many_impl(alg, c.id, 2,
			    msgs, lens, out), -1);
		}
		/* bsd has no kernels: a native id is none of its */
		if (strcmp(c.backend, "native") == 0)
			ck_assert_int_eq(mds_init_impl(&ctx, other, c.id), -1);
	}
	look(alg, &after);
	ck_assert(same(&before, &after));
}
END_TEST

/*
 * The check is not idle: the old way of running one kernel (a pin for
 * the process, left behind) changes what mds_init takes, and it fails.
 */
START_TEST(test_old_pin_is_seen)
{
	const struct mds_alg *alg;
	struct mds_impl_info c;
	struct seen before = { "", "", "" }, after = before;
	size_t a, i;
	int seen = 0;

	if (mdt_nofork) {
		mdt_skip("choice: a pin changes the process; CK_FORK=no");
		return;
	}
	for (a = 0; a < mds_alg_count() && !seen; a++) {
		alg = mds_alg_at(a);
		look(alg, &before);
		for (i = 0; !seen && mds_impl_at(alg, i, &c) == 1; i++) {
			if (c.lanes > 1 || strcmp(c.name, before.impl) == 0 ||
			    strcmp(c.backend, "native") != 0 ||
			    strcmp(before.backend, "native") != 0)
				continue;
			ck_assert_int_eq(mds_set_cpu_level(c.name), 0);
			look(alg, &after);
			seen = !same(&before, &after);
			(void)mds_set_cpu_level(NULL);
		}
	}
	if (!seen)
		mdt_skip("choice: no family has two native kernels here");
}
END_TEST

/*
 * Each row's family by name, as the registry once spelled it; each
 * family's portable kernel; every kernel named after its family.
 */
START_TEST(test_families)
{
	static const struct {
		const char	*alg, *family;
	} rows[] = {
		{ "md5", "md5" }, { "sha1", "sha1" }, { "sha224", "sha256" },
		{ "sha256", "sha256" }, { "sha384", "sha512" },
		{ "sha512", "sha512" }, { "sha512-224", "sha512" },
		{ "sha512-256", "sha512" }, { "sha512h", "sha512" },
		{ "sha3-224", "keccak" }, { "sha3-256", "keccak" },
		{ "sha3-384", "keccak" }, { "sha3-512", "keccak" },
		{ "keccak256", "keccak" }, { "sm3", "sm3" },
		{ "blake2b", "blake2b" }, { "blake2b-256", "blake2b" },
		{ "blake3", "blake3" },
		{ "crc", "crc" }, { "crc32b", "crc32b" }, { "sysv", "sysv" },
		{ "bsd", NULL },
	};
	const size_t nrows = sizeof(rows) / sizeof(rows[0]);
	const struct mds_alg *alg;
	const struct mds_kernel *k;
	const char *name;
	size_t i, a;
	int f;

	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		for (i = 0; i < nrows; i++)
			if (strcmp(rows[i].alg, mds_alg_name(alg)) == 0)
				break;
		ck_assert_msg(i < nrows, "%s: no family known", alg->name);
	}
	for (i = 0; i < nrows; i++) {
		alg = mdt_alg(rows[i].alg);
		name = mds_family_name(alg->family);
		if (rows[i].family == NULL) {
			ck_assert_int_eq(alg->family, MDS_FAM_NONE);
			ck_assert_ptr_null(name);
		} else {
			ck_assert_ptr_nonnull(name);
			ck_assert_str_eq(name, rows[i].family);
		}
	}
	ck_assert_ptr_null(mds_kernel_portable(MDS_FAM_NONE));
	for (f = MDS_FAM_NONE + 1; f < MDS_NFAMILIES; f++) {
		k = mds_kernel_portable((enum mds_family)f);
		ck_assert_ptr_nonnull(k);
		ck_assert_int_eq(k->family, f);
		ck_assert_str_eq(k->name, "portable");
	}
	for (i = 0; i < mds_arch_nkernels; i++)
		named_after(mds_arch_kernels[i].name,
		    mds_arch_kernels[i].family);
	for (i = 0; i < mds_arch_nmb_kernels; i++)
		named_after(mds_arch_mb_kernels[i].name,
		    mds_arch_mb_kernels[i].family);
	for (i = 0; i < mds_portable_nmb_kernels; i++)
		named_after(mds_portable_mb_kernels[i].name,
		    mds_portable_mb_kernels[i].family);
}
END_TEST

Suite *
mdt_choice_suite(void)
{
	Suite *s;
	TCase *tc;

	s = suite_create("choice");
	tc = tcase_create("impls");
	tcase_add_loop_test(tc, test_each_impl, 0, (int)mds_alg_count());
	tcase_add_test(tc, test_bad_ids);
	tcase_add_test(tc, test_old_pin_is_seen);
	tcase_add_test(tc, test_families);
	suite_add_tcase(s, tc);
	return s;
}
