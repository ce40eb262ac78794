/*
 * crc.c: the checksums of cksum(1) and sum(1) against those programs,
 * on files whose sizes sit at the edges of cksum's length encoding (the
 * CRC goes on over the byte count in as few bytes as it needs: 0 bytes
 * for an empty file, 1 up to 255, 2 from 256, ..., 4 from 2^24), and of
 * sum's block counts.  Every built backend must print what the installed
 * coreutils print; without them the cases skip.
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

static void	 crc_setup(void);
static void	 crc_teardown(void);
static int	 run_tool(const char *, const char *, unsigned long *);
static unsigned long lib_sum(const char *, const char *, const char *);

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

Suite *
mdt_crc_suite(void)
{
	Suite *s = suite_create("crc");
	TCase *tc = tcase_create("tools");

	tcase_add_unchecked_fixture(tc, crc_setup, crc_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_tools, 0, (int)(NSIZES * mdt_nbuilt()));
	suite_add_tcase(s, tc);
	return s;
}
