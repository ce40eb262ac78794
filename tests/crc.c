/*
 * crc.c: the checksums of cksum(1) and sum(1) against those programs,
 * on files whose sizes sit at the edges of cksum's length encoding (the
 * CRC goes on over the byte count in as few bytes as it needs: 0 bytes
 * for an empty file, 1 up to 255, 2 from 256, ..., 4 from 2^24), and of
 * sum's block counts.  Every built backend must print what the installed
 * coreutils print; without them the cases skip.
 *
 * Then the sums of saturated input, where the kernels' partial sums fill
 * up, on every built backend and every sysv kernel, against byte loops
 * (oracle.c) that are checked against what coreutils' sum printed.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"

#define MAXSIZE	((1 << 24) + 1)
static const size_t sizes[] = {
	0, 1, 9, 255, 256, 257, 511, 512, 1023, 1024, 1025, 65535, 65536,
	65537, 100000, (1 << 24) - 1, 1 << 24, MAXSIZE
};
#define NSIZES	(sizeof(sizes) / sizeof(sizes[0]))

/*
 * What the programs printed for each file, read once before the cases
 * fork: the CRC of cksum, the checksums of sum -r and sum -s.
 */
static struct {
	char		 path[NSIZES][64];
	unsigned long	 cksum[NSIZES], bsd[NSIZES], sysv[NSIZES];
	int		 have;		/* the programs ran */
	char		 why[128];	/* else why not */
} ref;

/*
 * Saturated input: 8-byte patterns of heavy bytes (all lanes of the
 * portable kernel full, even or odd ones only, 0x80 and 0xfe), every
 * length up to SAT_SHORT (the portable kernel empties its 16-bit lanes
 * each 1024 bytes, the AVX2 one adds 128 a step) and some longer ones.
 */
#define SAT_SHORT	2100
#define SAT_MAX		16843010	/* 0xff bytes summing past 2^32 */
static const unsigned char heavy[][8] = {
	{ 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
	{ 0xff, 0x00, 0xff, 0x00, 0xff, 0x00, 0xff, 0x00 },
	{ 0x00, 0xff, 0x00, 0xff, 0x00, 0xff, 0x00, 0xff },
	{ 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00 },
	{ 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe },
	{ 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 },
};
#define NHEAVY	(sizeof(heavy) / sizeof(heavy[0]))
static const size_t heavy_long[] = {
	4095, 4096, 4097, 8191, 8192, 8193, 65535, 65536, 65537, 1 << 20,
	(1 << 20) + 7
};
#define NHEAVY_LONG	(sizeof(heavy_long) / sizeof(heavy_long[0]))

/*
 * Byte sums whose fold to 16 bits carries (low half + high half past
 * 0xffff): made of 0xff bytes and one more.
 */
static const uint32_t fold_carry[] = {
	0x0001ffff, 0x0002fffe, 0x0002ffff, 0x00ffff01, 0x0100ffff,
	0xffff0001
};
#define NFOLD	(sizeof(fold_carry) / sizeof(fold_carry[0]))

/* What coreutils 9.1 sum -s and sum -r print for some of them. */
static const struct {
	size_t		 nff;		/* 0xff bytes (or 0xff 0x00 pairs) */
	int		 pairs;		/* 0xff 0x00 pairs */
	int		 one;		/* then a byte 0x01 */
	unsigned int	 sysv, bsd;
} sum_printed[] = {
	{ 4096, 0, 0, 61455, 506 },
	{ 514, 0, 1, 1, 47423 },
	{ 16843009, 0, 0, 65535, 24189 },
	{ 16843010, 0, 0, 254, 45117 },
	{ 65537, 1, 0, 510, 32873 },
};
#define NPRINTED	(sizeof(sum_printed) / sizeof(sum_printed[0]))

/* Where the sums run: a built backend, or a sysv kernel pinned. */
struct sums_setting {
	const char	*backend;
	const char	*label;
	int		 bsd;		/* bsd too: it has no kernels */
	uint64_t	 rng;		/* update splits */
};

static void	 crc_setup(void);
static void	 crc_teardown(void);
static int	 run_tool(const char *, const char *, unsigned long *);
static unsigned long lib_sum(const char *, const char *, const char *);
static unsigned long lib_mem(const char *, const char *, const void *,
		    size_t, uint64_t *);
static int	 sums_start(int, struct sums_setting *);
static void	 sums_check(struct sums_setting *, const unsigned char *,
		    size_t, const char *);
static void	 fill_pattern(unsigned char *, const unsigned char *, size_t);

/* The first number the command prints for path; -1 if it fails. */
static int
run_tool(const char *cmd, const char *path, unsigned long *out)
{
	char line[256], *end;
	FILE *fp;
	int st;

	(void)snprintf(line, sizeof(line), "%s < '%s' 2>/dev/null", cmd, path);
	if ((fp = popen(line, "r")) == NULL)
		return -1;
	if (fgets(line, sizeof(line), fp) == NULL)
		line[0] = '\0';
	st = pclose(fp);
	errno = 0;
	*out = strtoul(line, &end, 10);
	if (st != 0 || errno != 0 || end == line)
		return -1;
	return 0;
}

static void
crc_setup(void)
{
	uint64_t rng = mdt_stream(mdt_seed(), 1717);
	unsigned char *buf;
	const char *dir;
	size_t i;
	int fd;

	memset(&ref, 0, sizeof(ref));
	if ((dir = getenv("TMPDIR")) == NULL || *dir == '\0')
		dir = "/tmp";
	buf = malloc(MAXSIZE);
	ck_assert_ptr_nonnull(buf);
	mdt_fill(&rng, buf, MAXSIZE);
	ref.have = 1;
	for (i = 0; i < NSIZES; i++) {
		(void)snprintf(ref.path[i], sizeof(ref.path[i]),
		    "%s/mdt-crc.XXXXXX", dir);
		fd = mkstemp(ref.path[i]);
		ck_assert_msg(fd >= 0, "mkstemp: %s", strerror(errno));
		ck_assert(write(fd, buf, sizes[i]) == (ssize_t)sizes[i]);
		ck_assert_int_eq(close(fd), 0);
		if (ref.have && (run_tool("cksum", ref.path[i],
		    &ref.cksum[i]) != 0 ||
		    run_tool("sum -r", ref.path[i], &ref.bsd[i]) != 0 ||
		    run_tool("sum -s", ref.path[i], &ref.sysv[i]) != 0)) {
			ref.have = 0;
			(void)snprintf(ref.why, sizeof(ref.why), "crc: cksum "
			    "or sum did not run on a %zu-byte file", sizes[i]);
		}
	}
	free(buf);
}

static void
crc_teardown(void)
{
	size_t i;

	for (i = 0; i < NSIZES; i++)
		if (ref.path[i][0] != '\0')
			(void)unlink(ref.path[i]);
}

/* The library's checksum of the file: its digest, a big-endian number. */
static unsigned long
lib_sum(const char *alg, const char *backend, const char *path)
{
	const struct mds_alg *a = mdt_alg(alg);
	unsigned char md[MDS_MAX_DIGEST];
	unsigned long v = 0;
	mds_ctx ctx;
	size_t i;
	int fd;

	ck_assert_int_ge(fd = open(path, O_RDONLY), 0);
	ck_assert_int_eq(mds_init_backend(&ctx, a, backend), 0);
	ck_assert_int_ge(mds_update_fd(&ctx, 1, fd), 0);
	ck_assert_int_eq(mds_final(&ctx, md), 0);
	(void)close(fd);
	for (i = 0; i < mds_alg_digest_len(a); i++)
		v = v << 8 | md[i];
	return v;
}

/* _i walks sizes x built backends. */
START_TEST(test_tools)
{
	const char *backend = mdt_built((size_t)_i % mdt_nbuilt());
	size_t k = (size_t)_i / mdt_nbuilt();

	if (!ref.have) {
		mdt_skip("%s", ref.why);
		return;
	}
	ck_assert_msg(lib_sum("crc", backend, ref.path[k]) == ref.cksum[k],
	    "crc on %s, %zu bytes: %lu, cksum prints %lu", backend, sizes[k],
	    lib_sum("crc", backend, ref.path[k]), ref.cksum[k]);
	ck_assert_msg(lib_sum("bsd", backend, ref.path[k]) == ref.bsd[k],
	    "bsd on %s, %zu bytes: %lu, sum -r prints %lu", backend, sizes[k],
	    lib_sum("bsd", backend, ref.path[k]), ref.bsd[k]);
	ck_assert_msg(lib_sum("sysv", backend, ref.path[k]) == ref.sysv[k],
	    "sysv on %s, %zu bytes: %lu, sum -s prints %lu", backend,
	    sizes[k], lib_sum("sysv", backend, ref.path[k]), ref.sysv[k]);
}
END_TEST

/*
 * The library's checksum of len bytes at p (as lib_sum), in one update,
 * or with rng in random pieces.
 */
static unsigned long
lib_mem(const char *alg, const char *backend, const void *p, size_t len,
    uint64_t *rng)
{
	const struct mds_alg *a = mds_alg_find(alg);
	const unsigned char *b = p;
	unsigned char md[MDS_MAX_DIGEST];
	unsigned long v = 0;
	mds_ctx ctx;
	size_t i, n;
	int bad;

	/* No ck_assert here: each one passed costs check a write(2). */
	bad = a == NULL || mds_init_backend(&ctx, a, backend) != 0;
	while (!bad && rng != NULL && len > 0) {
		/* pieces of any size, some odd, some past a lane flush */
		n = (size_t)(mdt_rand(rng) % (len < 5000 ? len + 1 : 5000));
		bad = mds_update(&ctx, b, n) != 0;
		b += n;
		len -= n;
	}
	if (bad || mds_update(&ctx, b, len) != 0 || mds_final(&ctx, md) != 0)
		ck_abort_msg("%s on %s: a call failed", alg, backend);
	for (i = 0; i < mds_alg_digest_len(a); i++)
		v = v << 8 | md[i];
	return v;
}

/*
 * _i: a built backend, then each sysv kernel of the architecture pinned
 * on native.  0 after a skip if the CPU cannot run it.
 */
static int
sums_start(int i, struct sums_setting *st)
{
	const char *name;
	mds_ctx ctx;

	st->rng = mdt_stream(mdt_seed(), 1818 + (uint64_t)i);
	if ((size_t)i < mdt_nbuilt()) {
		st->backend = st->label = mdt_built((size_t)i);
		st->bsd = 1;
		return 1;
	}
	if (!mdt_kernel_pin("crc", mdt_alg("sysv"), (size_t)i - mdt_nbuilt(),
	    &name))
		return 0;
	st->backend = "native";
	st->label = name;
	st->bsd = 0;
	/* Else the pin did not take, and the default kernel is tested. */
	ck_assert_int_eq(mds_init_backend(&ctx, mdt_alg("sysv"), "native"), 0);
	ck_assert_str_eq(mds_ctx_impl(&ctx), name);
	mds_discard(&ctx);
	return 1;
}

/* sysv (and bsd) of len bytes at p against the byte loops. */
static void
sums_check(struct sums_setting *st, const unsigned char *p, size_t len,
    const char *what)
{
	unsigned long want, got;
	int split;

	want = mdt_sysv_sum(p, len);
	for (split = 0; split < 2; split++) {
		got = lib_mem("sysv", st->backend, p, len,
		    split ? &st->rng : NULL);
		if (got != want)
			ck_abort_msg("sysv on %s, %s, %zu bytes%s: %lu, "
			    "the byte loop gives %lu", st->label, what, len,
			    split ? " in pieces" : "", got, want);
	}
	/* bsd is 16 bits at every step: nothing more to fill past 1 MiB */
	if (!st->bsd || len > heavy_long[NHEAVY_LONG - 1])
		return;
	want = mdt_bsd_sum(p, len);
	for (split = 0; split < 2; split++) {
		got = lib_mem("bsd", st->backend, p, len,
		    split ? &st->rng : NULL);
		if (got != want)
			ck_abort_msg("bsd on %s, %s, %zu bytes%s: %lu, "
			    "the byte loop gives %lu", st->label, what, len,
			    split ? " in pieces" : "", got, want);
	}
}

static void
fill_pattern(unsigned char *p, const unsigned char *pat, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = pat[i % 8];
}

/* The byte loops print what coreutils' sum printed. */
START_TEST(test_sums_oracle)
{
	unsigned char *buf;
	size_t k, len;

	ck_assert_ptr_nonnull(buf = malloc(SAT_MAX + 1));
	for (k = 0; k < NPRINTED; k++) {
		len = sum_printed[k].nff * (sum_printed[k].pairs ? 2 : 1);
		fill_pattern(buf, heavy[sum_printed[k].pairs ? 1 : 0], len);
		if (sum_printed[k].one)
			buf[len++] = 0x01;
		ck_assert_uint_eq(mdt_sysv_sum(buf, len), sum_printed[k].sysv);
		ck_assert_uint_eq(mdt_bsd_sum(buf, len), sum_printed[k].bsd);
	}
	free(buf);
}
END_TEST

START_TEST(test_sums)
{
	struct sums_setting st;
	unsigned char *buf;
	char what[64];
	size_t k, i, len, off;

	if (!sums_start(_i, &st))
		return;
	ck_assert_ptr_nonnull(buf = malloc(SAT_MAX + 8));
	for (k = 0; k < NHEAVY; k++) {
		fill_pattern(buf, heavy[k], heavy_long[NHEAVY_LONG - 1] + 8);
		(void)snprintf(what, sizeof(what), "pattern %02x%02x..%02x",
		    heavy[k][0], heavy[k][1], heavy[k][7]);
		/* each length from its own offset: every alignment */
		for (len = 0; len <= SAT_SHORT; len++)
			sums_check(&st, buf + len % 8, len, what);
		for (i = 0; i < NHEAVY_LONG; i++)
			sums_check(&st, buf + i % 8, heavy_long[i], what);
	}
	fill_pattern(buf, heavy[0], SAT_MAX + 8);
	sums_check(&st, buf, SAT_MAX - 1, "0xff, sum 2^32 - 1");
	sums_check(&st, buf, SAT_MAX, "0xff, sum past 2^32");
	for (k = 0; k < NFOLD; k++) {
		len = fold_carry[k] / 255;
		off = len % 8;
		fill_pattern(buf, heavy[0], off + len);
		if (fold_carry[k] % 255 != 0)
			buf[off + len++] = (unsigned char)(fold_carry[k] % 255);
		(void)snprintf(what, sizeof(what), "byte sum %#x, whose fold "
		    "carries", fold_carry[k]);
		sums_check(&st, buf + off, len, what);
	}
	free(buf);
	mdt_kernel_unpin();
}
END_TEST

Suite *
mdt_crc_suite(void)
{
	Suite *s = suite_create("crc");
	TCase *tc = tcase_create("tools");

	tcase_add_unchecked_fixture(tc, crc_setup, crc_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_tools, 0, (int)(NSIZES * mdt_nbuilt()));
	suite_add_tcase(s, tc);

	tc = tcase_create("sums");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_sums_oracle);
	tcase_add_loop_test(tc, test_sums, 0, (int)(mdt_nbuilt() +
	    mdt_nkernels(mds_alg_find("sysv"))));
	suite_add_tcase(s, tc);
	return s;
}
