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
#include <stdio.h>
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

/* The level of the kernel named (mds_ctx_impl's words), -1 if none. */
static int
impl_level(const char *impl)
{
	size_t k;

	if (impl == NULL)
		return -1;
	if (strcmp(impl, "portable") == 0)
		return MDS_LEVEL_PORTABLE;
	for (k = 0; k < mds_arch_nkernels; k++)
		if (strcmp(impl, mds_arch_kernels[k].name) == 0)
			return mds_arch_kernels[k].level;
	return -1;
}

/*
 * Does some registry row hash with the kernel's family natively?  A
 * family whose kernels no row's native implementation runs yet (BLAKE3's
 * batch kernels, until its row takes them) is reached by no context:
 * its kernels are called directly by a suite of their own
 * (blake3_kernels.c).  With skip set, a kernel not reached is a skip
 * that says so.
 */
static int
family_hashed(const struct mds_kernel *k, int skip)
{
	const struct mds_alg *alg;
	size_t a;

	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++)
		if (alg->family == k->family && alg->native != NULL)
			return 1;
	if (skip)
		mdt_skip("native: %s: no algorithm's native implementation "
		    "runs the %s kernels (their own suite calls them)",
		    k->name, mds_family_name(k->family));
	return 0;
}

/* The kernel of the table with that name, or NULL. */
static const struct mds_kernel *
kernel_named(const char *name)
{
	size_t k;

	for (k = 0; k < mds_arch_nkernels; k++)
		if (strcmp(name, mds_arch_kernels[k].name) == 0)
			return &mds_arch_kernels[k];
	return NULL;
}

/*
 * Level _i is in force: some algorithm's native state runs a kernel of
 * the highest level up to it that this CPU has.  Else the cap did not
 * take, and the cases would test the default kernels only.
 */
static void
assert_level_took(int i, const char *label)
{
	const struct mds_alg *alg;
	mds_ctx ctx;
	int top = MDS_LEVEL_PORTABLE, took = 0;
	size_t a, k;

	for (k = 0; k < mds_arch_nkernels; k++)
		if (mds_arch_kernels[k].level <= i &&
		    mds_arch_kernels[k].level > top &&
		    mds_cpu_missing(mds_arch_kernels[k].need) == NULL)
			top = mds_arch_kernels[k].level;
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		ck_assert_int_eq(mds_init_backend(&ctx, alg, "native"), 0);
		if (impl_level(mds_ctx_impl(&ctx)) == top)
			took = 1;
		mds_discard(&ctx);
	}
	ck_assert_msg(took, "native: level %s set, but no algorithm runs a "
	    "kernel of level %s", label, mds_cpu_level_at((size_t)top));
}

/*
 * Level _i, which the CPU lacks (by the library's probe): a skip, which
 * is strict if /proc/cpuinfo says the CPU runs some kernel of that level.
 */
static void
skip_level(int i, const char *label)
{
	size_t k;

	for (k = 0; k < mds_arch_nkernels; k++)
		if (mds_arch_kernels[k].level == i &&
		    mdt_cpuinfo_has(mds_arch_kernels[k].need) == 1) {
			mdt_skip_strict("native: the library finds no %s "
			    "kernels, but /proc/cpuinfo lists what %s needs",
			    label, mds_arch_kernels[k].name);
			return;
		}
	mdt_skip("native: this CPU has no %s kernels", label);
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

	if ((size_t)i < nlevels) {
		*label = mds_cpu_level_at((size_t)i);
		if (mds_cpu_has_level(*label) != 1) {
			skip_level(i, *label);
			return 0;
		}
		ck_assert_int_eq(mds_set_cpu_level(*label), 0);
		assert_level_took(i, *label);
		return 1;
	}
	k = &mds_arch_kernels[(size_t)i - nlevels];
	*label = k->name;
	if (!mdt_cpu_runs("native", k->name, k->need) || !family_hashed(k, 1))
		return 0;
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
	covers = impl != NULL && strcmp(impl, label) == 0;
	mds_discard(&ctx);
	return covers;
}

/*
 * A case that compared nothing has tested nothing: a pinned kernel that
 * no algorithm runs means the pin did not take.
 */
static void
assert_compared(size_t ncompared, const char *label)
{
	ck_assert_msg(ncompared > 0, "native: %s: no algorithm runs it, "
	    "nothing was compared (the setting did not take)", label);
}

START_TEST(test_lengths)
{
	unsigned char buf[MAXLEN + 1], want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	const char *label;
	uint64_t rng = mdt_stream(mdt_seed(), 101);
	const struct mds_alg *alg;
	size_t a, len, ncompared = 0;

	if (!start_setting(_i, &label))
		return;
	mdt_fill(&rng, buf, sizeof(buf));
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		if (!setting_covers(alg, _i, label))
			continue;
		ncompared++;
		for (len = 0; len <= MAXLEN; len++) {
			/* +1: an odd address, as input often is. */
			mdt_hash(alg, "portable", buf + 1, len, want);
			native_hash(alg, buf + 1, len, NULL, got);
			MDT_DIGEST_EQ(got, want, mds_alg_digest_len(alg),
			    "%s at %s, %zu bytes", mds_alg_name(alg),
			    label, len);
		}
	}
	assert_compared(ncompared, label);
	end_setting();
}
END_TEST

START_TEST(test_random_splits)
{
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST], *buf;
	const char *label;
	uint64_t rng = mdt_stream(mdt_seed(), 202);
	const struct mds_alg *alg;
	size_t a, k, len, off, ncompared = 0;

	if (!start_setting(_i, &label))
		return;
	buf = malloc((1 << 20) + 64);
	ck_assert_ptr_nonnull(buf);
	mdt_fill(&rng, buf, (1 << 20) + 64);
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		if (!setting_covers(alg, _i, label))
			continue;
		ncompared++;
		for (k = 0; k < 12; k++) {
			len = (size_t)(mdt_rand(&rng) % (1 << 20));
			off = (size_t)(mdt_rand(&rng) % 64);
			mdt_hash(alg, "portable", buf + off, len, want);
			native_hash(alg, buf + off, len, &rng, got);
			MDT_DIGEST_EQ(got, want, mds_alg_digest_len(alg),
			    "%s at %s, %zu bytes at offset %zu, split",
			    mds_alg_name(alg), label,
			    len, off);
		}
	}
	free(buf);
	assert_compared(ncompared, label);
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
	size_t a, len, ncompared = 0;

	if (!start_setting(_i, &label))
		return;
	map = mmap(NULL, (size_t)page * 3, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(map != MAP_FAILED);
	ck_assert_int_eq(mprotect(map + 2 * page, (size_t)page, PROT_NONE), 0);
	end = map + 2 * page;
	mdt_fill(&rng, map, (size_t)page * 2);
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		if (!setting_covers(alg, _i, label))
			continue;
		ncompared++;
		for (len = 0; len <= (size_t)page * 2;
		    len += len < 300 ? 1 : 61) {
			mdt_hash(alg, "portable", end - len, len, want);
			native_hash(alg, end - len, len, NULL, got);
			MDT_DIGEST_EQ(got, want, mds_alg_digest_len(alg),
			    "%s at %s, %zu bytes before a guard page",
			    mds_alg_name(alg), label,
			    len);
		}
	}
	munmap(map, (size_t)page * 3);
	assert_compared(ncompared, label);
	end_setting();
}
END_TEST

/*
 * Kernel _i through MDSUM_CPU's feature syntax, the way a user reaches
 * it ("avx2,-sha" for sha256-avx2): its level, every feature it does not
 * need masked.  The setting must reach it, and it must agree with
 * portable around the block sizes and on a few longer messages.
 */
START_TEST(test_feature_spec)
{
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST], *buf;
	const struct mds_kernel *k = &mds_arch_kernels[_i];
	char spec[256];
	uint64_t rng = mdt_stream(mdt_seed(), 404);
	const struct mds_alg *alg;
	size_t a, len, ncompared = 0;

	if (!mdt_cpu_runs("native", k->name, k->need) || !family_hashed(k, 1))
		return;
	(void)snprintf(spec, sizeof(spec), "%s",
	    mds_cpu_level_at((size_t)k->level));
	mdt_feature_masks(mdt_feature_all() & ~k->need, spec + strlen(spec),
	    sizeof(spec) - strlen(spec));
	ck_assert_msg(mds_set_cpu_level(spec) == 0, "MDSUM_CPU=%s: %s", spec,
	    strerror(errno));
	buf = malloc(70000);
	ck_assert_ptr_nonnull(buf);
	mdt_fill(&rng, buf, 70000);
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		if (!setting_covers(alg, (int)mds_cpu_level_count(), k->name))
			continue;
		ncompared++;
		for (len = 0; len < 70000; len += len < 600 ? 1 : 6983) {
			mdt_hash(alg, "portable", buf, len, want);
			native_hash(alg, buf, len, NULL, got);
			MDT_DIGEST_EQ(got, want, mds_alg_digest_len(alg),
			    "%s at MDSUM_CPU=%s, %zu bytes",
			    mds_alg_name(alg), spec, len);
		}
	}
	free(buf);
	ck_assert_msg(ncompared > 0, "native: MDSUM_CPU=%s does not reach %s",
	    spec, k->name);
	(void)mds_set_cpu_level(NULL);
}
END_TEST

/*
 * Each BLAKE2b compression function against portable, called directly:
 * chaining values and counters no message of testable length reaches
 * (the low counter word about to carry into the high one), 1 to 9
 * blocks a call, and the last-block flag, which leaves t alone.
 */
START_TEST(test_blake2b_compress)
{
	unsigned char blk[9 * 128];
	uint64_t h0[8], t0[2], hw[8], tw[2], hg[8], tg[2], f0;
	uint64_t rng = mdt_stream(mdt_seed(), 505);
	const struct mds_kernel *ref = mds_kernel_portable(MDS_FAM_BLAKE2B);
	const struct mds_kernel *k;
	size_t i, n, nk = 0;
	int it;

	ck_assert_ptr_nonnull(ref->compress);
	for (i = 0; i < mds_arch_nkernels; i++) {
		k = &mds_arch_kernels[i];
		if (k->family != MDS_FAM_BLAKE2B)
			continue;
		if (!mdt_cpu_runs("native", k->name, k->need))
			continue;
		nk++;
		for (it = 0; it < 400; it++) {
			mdt_fill(&rng, blk, sizeof(blk));
			for (n = 0; n < 8; n++)
				h0[n] = mdt_rand(&rng);
			t0[0] = it % 2 ? ~(uint64_t)0 - (mdt_rand(&rng) % 1200) :
			    mdt_rand(&rng);
			t0[1] = it % 4 == 1 ? ~(uint64_t)0 : mdt_rand(&rng);
			f0 = it % 3 == 0 ? ~(uint64_t)0 : 0;
			n = f0 != 0 ? 1 : 1 + (size_t)(mdt_rand(&rng) % 9);
			memcpy(hw, h0, sizeof(hw));
			memcpy(tw, t0, sizeof(tw));
			memcpy(hg, h0, sizeof(hg));
			memcpy(tg, t0, sizeof(tg));
			ref->compress(hw, tw, blk, n, f0);
			k->compress(hg, tg, blk, n, f0);
			ck_assert_msg(memcmp(hg, hw, sizeof(hw)) == 0 &&
			    memcmp(tg, tw, sizeof(tw)) == 0,
			    "%s: %zu blocks, t %016llx%016llx, f0 %d: "
			    "differs from portable", k->name, n,
			    (unsigned long long)t0[1],
			    (unsigned long long)t0[0], f0 != 0);
		}
	}
	if (nk == 0)
		mdt_skip("native: this CPU runs no BLAKE2b kernel");
}
END_TEST

/* Each kernel by name (the public form of pinning), as -x and --bench do. */
START_TEST(test_kernel_names)
{
	const struct mds_alg *alg;
	const struct mds_kernel *k;
	const char *name, *impl;
	struct mds_lanes *s;
	mds_ctx ctx;
	size_t i, a, users;

	if (mds_cpu_kernel_at(0) == NULL) {
		mdt_skip("native: this CPU runs no kernel beyond portable");
		return;
	}
	for (i = 0; (name = mds_cpu_kernel_at(i)) != NULL; i++) {
		k = kernel_named(name);
		if (k != NULL && !family_hashed(k, 0))
			continue;
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
		mdt_skip_strict("native: not built (WITHOUT_ASM=yes)");
		suite_add_tcase(s, tc);
		return s;
	}
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_lengths, 0, n);
	tcase_add_loop_test(tc, test_random_splits, 0, n);
	tcase_add_loop_test(tc, test_guard_page, 0, n);
	tcase_add_loop_test(tc, test_feature_spec, 0,
	    (int)mds_arch_nkernels);
	tcase_add_test(tc, test_kernel_names);
	tcase_add_test(tc, test_blake2b_compress);
	suite_add_tcase(s, tc);
	return s;
}
