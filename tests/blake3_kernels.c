/*
 * blake3_kernels.c: each BLAKE3 kernel of the architecture's table that
 * this CPU runs, called directly, against the portable code: its
 * compression function (b3_compress) on random chaining values, blocks,
 * counters, lengths and flags, and its batch (b3_many) on random n from
 * 1 to 40, 1, 16 or a random number of blocks, counters that step (inc 1)
 * or stay (inc 0), some of them carrying from the low word into the high
 * one within a batch, random keys and flags, and inputs at any offset in
 * any order.  Each batch must write its n chaining values and no byte
 * after them.  Then batches whose every input ends at an unmapped page,
 * or starts just after one, so that a kernel reading a byte outside its
 * inputs faults.  The portable batch itself is first checked against the
 * compression function chained by hand, to the letter of the contract.
 */
#include <sys/mman.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests.h"
#include "../lib/mds_int.h"

#define MAX_N		40
#define MAX_BLOCKS	20
#define SPAN		(MAX_BLOCKS * 64)
#define CANARY		0xa5

/* The _i-th BLAKE3 kernel of the table, or NULL past the last. */
static const struct mds_kernel *
b3_kernel(int i)
{
	size_t k;

	for (k = 0; k < mds_arch_nkernels; k++)
		if (mds_arch_kernels[k].family == MDS_FAM_BLAKE3 && i-- == 0)
			return &mds_arch_kernels[k];
	return NULL;
}

static int
b3_nkernels(void)
{
	int n = 0;

	while (b3_kernel(n) != NULL)
		n++;
	return n;
}

/* Kernel _i, if this CPU runs it (else a skip, and NULL). */
static const struct mds_kernel *
b3_start(int i)
{
	const struct mds_kernel *k = b3_kernel(i);

	ck_assert_ptr_nonnull(k);
	ck_assert_ptr_nonnull(k->b3_compress);
	ck_assert_ptr_nonnull(k->b3_many);
	if (!mdt_cpu_runs("blake3_kernels", k->name, k->need))
		return NULL;
	return k;
}

static void
b3_words(uint64_t *rng, uint32_t *w, size_t n)
{
	while (n-- > 0)
		*w++ = (uint32_t)mdt_rand(rng);
}

/*
 * A counter: random, or with its low word a little short of carrying
 * (0xfffffffe among them), or at the top of the 64 bits.
 */
static uint64_t
b3_counter(uint64_t *rng)
{
	switch (mdt_rand(rng) % 4) {
	case 0:
		return 0xfffffffeu;
	case 1:
		return (mdt_rand(rng) << 32) | (0xffffffffu -
		    mdt_rand(rng) % MAX_N);
	case 2:
		return ~(uint64_t)0 - mdt_rand(rng) % MAX_N;
	default:
		return mdt_rand(rng) >> (mdt_rand(rng) % 64);
	}
}

/* Flags of a few low bits (the domain flags), or any. */
static uint32_t
b3_flags(uint64_t *rng)
{
	return mdt_rand(rng) % 2 ? (uint32_t)mdt_rand(rng) % 128 :
	    (uint32_t)mdt_rand(rng);
}

/* 1, 16, or any number of blocks up to MAX_BLOCKS. */
static size_t
b3_blocks(uint64_t *rng)
{
	switch (mdt_rand(rng) % 3) {
	case 0:
		return 1;
	case 1:
		return 16;
	default:
		return 1 + (size_t)(mdt_rand(rng) % MAX_BLOCKS);
	}
}

/*
 * The counters of a batch from t: all t (inc 0, parents), t + i (inc 1,
 * one message's chunks), or each its own (inc 2, small files sharing a
 * batch), some near a carry.
 */
static void
b3_counters(uint64_t *ts, size_t n, uint64_t t, int inc, uint64_t *rng)
{
	size_t i;

	for (i = 0; i < n; i++)
		ts[i] = inc == 0 ? t : inc == 1 ? t + i : b3_counter(rng);
}

/*
 * One batch through k and through portable: the same chaining values,
 * and nothing written past them.
 */
static void
b3_compare(const struct mds_kernel *k, const unsigned char *const *in,
    size_t n, size_t blocks, const uint32_t key[8], uint64_t t, int inc,
    uint32_t flags, uint32_t start, uint32_t end, const char *what)
{
	unsigned char want[MAX_N * 32], got[MAX_N * 32 + 64];
	uint64_t ts[MAX_N], rng = t;
	size_t i;

	b3_counters(ts, n, t, inc, &rng);
	memset(got, CANARY, sizeof(got));
	mds_blake3_many_portable(in, n, blocks, key, ts, flags, start, end,
	    want);
	k->b3_many(in, n, blocks, key, ts, flags, start, end, got);
	for (i = 0; i < n; i++)
		MDT_DIGEST_EQ(got + 32 * i, want + 32 * i, 32,
		    "%s: %s: input %zu of %zu, %zu blocks, t %#llx, inc %d, "
		    "flags %#x start %#x end %#x", k->name, what, i, n, blocks,
		    (unsigned long long)t, inc, flags, start, end);
	for (i = 32 * n; i < sizeof(got); i++)
		ck_assert_msg(got[i] == CANARY, "%s: %s: %zu inputs, byte "
		    "%zu written past their chaining values", k->name, what, n,
		    i);
}

/* The reference itself: the compression function chained by hand. */
START_TEST(test_reference)
{
	unsigned char buf[MAX_N * SPAN], got[MAX_N * 32];
	const unsigned char *in[MAX_N];
	uint32_t key[8], cv[8], m[16], o[16], f;
	uint64_t rng = mdt_stream(mdt_seed(), 701), t, tc, ts[MAX_N];
	uint32_t flags, start, end;
	size_t n, blocks, i, b;
	int it, inc, j;

	for (it = 0; it < 50; it++) {
		mdt_fill(&rng, buf, sizeof(buf));
		b3_words(&rng, key, 8);
		n = 1 + (size_t)(mdt_rand(&rng) % MAX_N);
		blocks = b3_blocks(&rng);
		t = b3_counter(&rng);
		inc = it % 3;
		flags = b3_flags(&rng);
		start = b3_flags(&rng);
		end = b3_flags(&rng);
		for (i = 0; i < n; i++)
			in[i] = buf + SPAN * ((i * 7) % MAX_N);
		b3_counters(ts, n, t, inc, &rng);
		mds_blake3_many_portable(in, n, blocks, key, ts, flags, start,
		    end, got);
		for (i = 0; i < n; i++) {
			memcpy(cv, key, sizeof(cv));
			tc = ts[i];
			for (b = 0; b < blocks; b++) {
				for (j = 0; j < 16; j++)
					m[j] = mds_load_le32(in[i] + 64 * b +
					    4 * j);
				f = flags | (b == 0 ? start : 0) |
				    (b == blocks - 1 ? end : 0);
				mds_blake3_compress_portable(cv, m, tc, 64, f,
				    o);
				memcpy(cv, o, sizeof(cv));
			}
			for (j = 0; j < 8; j++)
				ck_assert_msg(mds_load_le32(got + 32 * i +
				    4 * j) == cv[j], "portable batch: input "
				    "%zu of %zu, word %d", i, n, j);
		}
	}
}
END_TEST

START_TEST(test_compress)
{
	const struct mds_kernel *k = b3_start(_i);
	uint32_t cv[8], m[16], want[16], got[16], len, flags;
	uint64_t rng = mdt_stream(mdt_seed(), 702 + (uint64_t)_i), t;
	int it;

	if (k == NULL)
		return;
	for (it = 0; it < 2000; it++) {
		b3_words(&rng, cv, 8);
		b3_words(&rng, m, 16);
		t = b3_counter(&rng);
		len = it % 3 == 0 ? (uint32_t)mdt_rand(&rng) :
		    (uint32_t)(mdt_rand(&rng) % 65);
		flags = b3_flags(&rng);
		memset(got, CANARY, sizeof(got));
		mds_blake3_compress_portable(cv, m, t, len, flags, want);
		k->b3_compress(cv, m, t, len, flags, got);
		MDT_DIGEST_EQ(got, want, sizeof(want), "%s: compress, t %#llx, "
		    "len %u, flags %#x", k->name, (unsigned long long)t, len,
		    flags);
	}
}
END_TEST

/*
 * Random batches from one buffer: each input at a random offset (any
 * alignment), in random order, sometimes the same bytes twice.
 */
START_TEST(test_many)
{
	const struct mds_kernel *k = b3_start(_i);
	const size_t size = MAX_N * SPAN + 64;
	const unsigned char *in[MAX_N];
	unsigned char *buf;
	uint32_t key[8];
	uint64_t rng = mdt_stream(mdt_seed(), 703 + (uint64_t)_i);
	size_t n, blocks, i;
	int it;

	if (k == NULL)
		return;
	buf = malloc(size);
	ck_assert_ptr_nonnull(buf);
	for (it = 0; it < 1000; it++) {
		mdt_fill(&rng, buf, size);
		b3_words(&rng, key, 8);
		n = 1 + (size_t)(mdt_rand(&rng) % MAX_N);
		blocks = b3_blocks(&rng);
		for (i = 0; i < n; i++)
			in[i] = buf + mdt_rand(&rng) % (size - 64 * blocks + 1);
		b3_compare(k, in, n, blocks, key, b3_counter(&rng), it % 3,
		    b3_flags(&rng), b3_flags(&rng), b3_flags(&rng), "random");
	}
	free(buf);
}
END_TEST

/*
 * Every n from 1 to MAX_N, whole chunks as the tree hashes them (16
 * blocks, inc 1) and parents (1 block, inc 0), from the counter that
 * carries most often: each width of a kernel and every remainder.
 */
START_TEST(test_widths)
{
	const struct mds_kernel *k = b3_start(_i);
	unsigned char *buf;
	const unsigned char *in[MAX_N];
	uint32_t key[8];
	uint64_t rng = mdt_stream(mdt_seed(), 704 + (uint64_t)_i);
	size_t n, i;

	if (k == NULL)
		return;
	buf = malloc(MAX_N * 1024 + 1);
	ck_assert_ptr_nonnull(buf);
	mdt_fill(&rng, buf, MAX_N * 1024 + 1);
	b3_words(&rng, key, 8);
	for (n = 1; n <= MAX_N; n++) {
		for (i = 0; i < n; i++)
			in[i] = buf + 1 + 1024 * i;
		b3_compare(k, in, n, 16, key, 0xfffffffeu - n / 2, 1, 0, 1, 2,
		    "chunks");
		b3_compare(k, in, n, 1, key, 0, 0, 4, 0, 0, "parents");
	}
	free(buf);
}
END_TEST

/*
 * Inputs, each on a page of its own, that end at an unmapped page (its
 * last byte the page's last), or start at a page after an unmapped one:
 * a kernel that reads outside its inputs faults.
 */
START_TEST(test_guard_pages)
{
	const struct mds_kernel *k = b3_start(_i);
	const size_t page = (size_t)sysconf(_SC_PAGESIZE);
	const unsigned char *in[MAX_N];
	unsigned char *map, *data;
	uint32_t key[8];
	uint64_t rng = mdt_stream(mdt_seed(), 705 + (uint64_t)_i);
	size_t n, blocks, i;
	int it, at_end;

	if (k == NULL)
		return;
	ck_assert_uint_ge(page, SPAN);
	/* Pages: guard, data, guard, data, ..., guard. */
	map = mmap(NULL, page * (2 * MAX_N + 1), PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(map != MAP_FAILED);
	for (i = 0; i <= MAX_N; i++)
		ck_assert_int_eq(mprotect(map + 2 * i * page, page, PROT_NONE),
		    0);
	for (i = 0; i < MAX_N; i++)
		mdt_fill(&rng, map + (2 * i + 1) * page, page);
	for (it = 0; it < 200; it++) {
		b3_words(&rng, key, 8);
		n = 1 + (size_t)(mdt_rand(&rng) % MAX_N);
		blocks = b3_blocks(&rng);
		at_end = it % 2;
		for (i = 0; i < n; i++) {
			/* Input i on a page of its own, in a shuffled order. */
			data = map + (2 * ((i * 13 + (size_t)it) % MAX_N) + 1) *
			    page;
			in[i] = at_end ? data + page - 64 * blocks : data;
		}
		b3_compare(k, in, n, blocks, key, b3_counter(&rng), it % 4 < 2,
		    b3_flags(&rng), b3_flags(&rng), b3_flags(&rng),
		    at_end ? "inputs before a guard page" :
		    "inputs after a guard page");
	}
	ck_assert_int_eq(munmap(map, page * (2 * MAX_N + 1)), 0);
}
END_TEST

START_TEST(test_none)
{
	mdt_skip("blake3_kernels: no BLAKE3 kernel in this architecture's "
	    "table");
}
END_TEST

Suite *
mdt_blake3_kernels_suite(void)
{
	Suite *s = suite_create("blake3_kernels");
	TCase *tc = tcase_create("kernels");
	int n = b3_nkernels();

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_reference);
	if (mds_backend_built("native") != 1)
		mdt_skip_strict("blake3_kernels: native kernels not built "
		    "(WITHOUT_ASM=yes)");
	else if (n == 0)
		tcase_add_test(tc, test_none);
	else {
		tcase_add_loop_test(tc, test_compress, 0, n);
		tcase_add_loop_test(tc, test_many, 0, n);
		tcase_add_loop_test(tc, test_widths, 0, n);
		tcase_add_loop_test(tc, test_guard_pages, 0, n);
	}
	suite_add_tcase(s, tc);
	return s;
}
