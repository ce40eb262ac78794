/*
 * native.c: every CPU dispatch level this machine has, each forced in turn
 * with mds_set_cpu_level (what MDSUM_CPU does), then every kernel of the
 * architecture's table, each pinned in turn (a kernel the dispatcher ranks
 * below another one is otherwise unreachable here), against portable:
 * every length 0..2000 in one update, random lengths up to 1 MiB with
 * random update splits from unaligned buffers, and a message that ends at
 * an unmapped page, so a kernel that reads past its last block faults.
 * (The official vectors run on the native backend in the vectors suite.)
 */
#include <sys/mman.h>

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests.h"
#include "../lib/mds_int.h"

#define MAXLEN	2000

/* Hash on the native backend at the level set, in one update or split. */
static void
native_hash(const struct mds_alg *alg, const unsigned char *p, size_t len,
    uint64_t *rng, unsigned char *md)
{
	mds_ctx ctx;
	size_t off = 0, n;

	ck_assert_int_eq(mds_init_backend(&ctx, alg, "native"), 0);
	while (rng != NULL && off < len) {
		n = (size_t)(mdt_rand(rng) % (len - off + 1));
		ck_assert_int_eq(mds_update(&ctx, p + off, n), 0);
		off += n;
	}
	ck_assert_int_eq(mds_update(&ctx, p + off, len - off), 0);
	ck_assert_int_eq(mds_final(&ctx, md), 0);
}

/*
 * _i: a setting: a level index, then a kernel of the table.  The name of
 * the setting is left in label.  0 (after a SKIP naming the missing
 * feature) if this CPU cannot run it.
 */
static int
start_setting(int i, const char **label)
{
	const size_t nlevels = mds_cpu_level_count();
	const struct mds_kernel *k;
	const char *missing;

	if ((size_t)i < nlevels) {
		*label = mds_cpu_level_at((size_t)i);
		if (mds_cpu_has_level(*label) != 1) {
			mdt_skip("native: this CPU has no %s kernels", *label);
			return 0;
		}
		ck_assert_int_eq(mds_set_cpu_level(*label), 0);
		return 1;
	}
	k = &mds_arch_kernels[(size_t)i - nlevels];
	*label = k->name;
	if ((missing = mds_cpu_missing(k->need)) != NULL) {
		mdt_skip("native: %s needs %s, which this CPU lacks", k->name,
		    missing);
		return 0;
	}
	ck_assert_int_eq(mds_kernel_pin(k), 0);
	return 1;
}

static void
end_setting(void)
{
	(void)mds_kernel_pin(NULL);
	(void)mds_set_cpu_level(NULL);
}

/*
 * Does the setting matter to this algorithm?  Levels touch every one; a
 * pinned kernel only the algorithms whose native state runs it.
 */
static int
setting_covers(const struct mds_alg *alg, int i, const char *label)
{
	mds_ctx ctx;
	const char *impl;
	int covers;

	if ((size_t)i < mds_cpu_level_count())
		return 1;
	ck_assert_int_eq(mds_init_backend(&ctx, alg, "native"), 0);
	impl = mds_ctx_impl(&ctx);
	covers = impl != NULL && strstr(impl, label) != NULL;
	mds_discard(&ctx);
	return covers;
}

START_TEST(test_lengths)
{
	unsigned char buf[MAXLEN + 1], want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	const char *label;
	uint64_t rng = mdt_stream(mdt_seed(), 101);
	const struct mds_alg *alg;
	size_t a, len;

	if (!start_setting(_i, &label))
		return;
	mdt_fill(&rng, buf, sizeof(buf));
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++)
		for (len = 0; len <= MAXLEN &&
		    setting_covers(alg, _i, label); len++) {
			/* +1: an odd address, as input often is. */
			mdt_hash(alg, "portable", buf + 1, len, want);
			native_hash(alg, buf + 1, len, NULL, got);
			MDT_DIGEST_EQ(got, want, mds_alg_digest_len(alg),
			    "%s at %s, %zu bytes", mds_alg_name(alg),
			    label, len);
		}
	end_setting();
}
END_TEST

START_TEST(test_random_splits)
{
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST], *buf;
	const char *label;
	uint64_t rng = mdt_stream(mdt_seed(), 202);
	const struct mds_alg *alg;
	size_t a, k, len, off;

	if (!start_setting(_i, &label))
		return;
	buf = malloc((1 << 20) + 64);
	ck_assert_ptr_nonnull(buf);
	mdt_fill(&rng, buf, (1 << 20) + 64);
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++)
		for (k = 0; k < 12 && setting_covers(alg, _i, label); k++) {
			len = (size_t)(mdt_rand(&rng) % (1 << 20));
			off = (size_t)(mdt_rand(&rng) % 64);
			mdt_hash(alg, "portable", buf + off, len, want);
			native_hash(alg, buf + off, len, &rng, got);
			MDT_DIGEST_EQ(got, want, mds_alg_digest_len(alg),
			    "%s at %s, %zu bytes at offset %zu, split",
			    mds_alg_name(alg), label,
			    len, off);
		}
	free(buf);
	end_setting();
}
END_TEST

/* Messages whose last byte is the last of a page followed by no page. */
START_TEST(test_guard_page)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST], *map, *end;
	const char *label;
	uint64_t rng = mdt_stream(mdt_seed(), 303);
	const struct mds_alg *alg;
	size_t a, len;

	if (!start_setting(_i, &label))
		return;
	map = mmap(NULL, (size_t)page * 3, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(map != MAP_FAILED);
	ck_assert_int_eq(mprotect(map + 2 * page, (size_t)page, PROT_NONE), 0);
	end = map + 2 * page;
	mdt_fill(&rng, map, (size_t)page * 2);
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++)
		for (len = 0; len <= (size_t)page * 2 &&
		    setting_covers(alg, _i, label);
		    len += len < 300 ? 1 : 61) {
			mdt_hash(alg, "portable", end - len, len, want);
			native_hash(alg, end - len, len, NULL, got);
			MDT_DIGEST_EQ(got, want, mds_alg_digest_len(alg),
			    "%s at %s, %zu bytes before a guard page",
			    mds_alg_name(alg), label,
			    len);
		}
	munmap(map, (size_t)page * 3);
	end_setting();
}
END_TEST

/* Each kernel by name (the public form of pinning), as -x and --bench do. */
START_TEST(test_kernel_names)
{
	const struct mds_alg *alg;
	const char *name, *impl;
	struct mds_lanes *s;
	mds_ctx ctx;
	size_t i, a, users;

	if (mds_cpu_kernel_at(0) == NULL) {
		mdt_skip("native: this CPU runs no kernel beyond portable");
		return;
	}
	for (i = 0; (name = mds_cpu_kernel_at(i)) != NULL; i++) {
		ck_assert_int_eq(mds_set_cpu_level(name), 0);
		/* A portable lane kernel serves the portable backend. */
		ck_assert_int_eq(mds_set_backend(strstr(name, "-portable-") !=
		    NULL ? "portable" : NULL), 0);
		users = 0;
		for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
			/* A multi-buffer kernel serves a lane scheduler. */
			ck_assert_ptr_nonnull(s = mds_lanes_new(alg));
			impl = mds_lanes_kernel(s);
			if (impl != NULL && strcmp(impl, name) == 0)
				users++;
			mds_lanes_free(s);
			ck_assert_int_eq(mds_init_backend(&ctx, alg, "native"),
			    0);
			impl = mds_ctx_impl(&ctx);
			if (impl != NULL && strcmp(impl, name) == 0)
				users++;
			mds_discard(&ctx);
		}
		ck_assert_msg(users > 0, "kernel %s: no algorithm uses it",
		    name);
	}
	/*
	 * Every kernel of the tables the CPU can run was listed, and the
	 * portable multi-buffer ones.
	 */
	for (a = 0, users = 0; a < mds_arch_nkernels; a++)
		if (mds_cpu_missing(mds_arch_kernels[a].need) == NULL)
			users++;
	for (a = 0; a < mds_arch_nmb_kernels; a++)
		if (mds_cpu_missing(mds_arch_mb_kernels[a].need) == NULL)
			users++;
	ck_assert_uint_eq(i, users + mds_portable_nmb_kernels);
	ck_assert_int_eq(mds_set_backend(NULL), 0);
	errno = 0;
	ck_assert_int_eq(mds_set_cpu_level("sha256-nosuch"), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(mds_set_cpu_level(NULL), 0);
}
END_TEST

Suite *
mdt_native_suite(void)
{
	Suite *s = suite_create("native");
	TCase *tc = tcase_create("levels");
	int n = (int)(mds_cpu_level_count() + mds_arch_nkernels);

	if (mds_backend_built("native") != 1) {
		mdt_skip("native: not built (WITHOUT_ASM=yes)");
		suite_add_tcase(s, tc);
		return s;
	}
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_lengths, 0, n);
	tcase_add_loop_test(tc, test_random_splits, 0, n);
	tcase_add_loop_test(tc, test_guard_page, 0, n);
	tcase_add_test(tc, test_kernel_names);
	suite_add_tcase(s, tc);
	return s;
}
