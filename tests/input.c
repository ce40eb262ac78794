/*
 * input.c: the input engine (mds_update_file): mapped, read and piped
 * input give the same digests at the sizes around page boundaries, and a
 * file truncated while mapped is reported, not fatal.
 */
#include <sys/types.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "tests.h"

static size_t sizes[8];
static int nsizes;

static void
setup_sizes(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	nsizes = 0;
	sizes[nsizes++] = 0;
	sizes[nsizes++] = 1;
	sizes[nsizes++] = page - 1;
	sizes[nsizes++] = page;
	sizes[nsizes++] = page + 1;
	sizes[nsizes++] = 3 * page;		/* ends on a page boundary */
	sizes[nsizes++] = 1024 * 1024 + 1;
	sizes[nsizes++] = 65 * 1024 * 1024 + 7;	/* more than one map window */
}

/* A temp file holding len pseudo-random bytes; the data is returned. */
static int
make_file(size_t len, unsigned char **data)
{
	char path[] = "/tmp/mdsum-input.XXXXXX";
	uint64_t s = mdt_stream(mdt_seed(), len);
	int fd;

	*data = malloc(len + 1);
	ck_assert_ptr_nonnull(*data);
	mdt_fill(&s, *data, len);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	(void)unlink(path);
	ck_assert_int_eq((long)write(fd, *data, len), (long)len);
	return fd;
}

/* Hash fd from where it is on the default backend, one context. */
static int64_t
hash_fd(const struct mds_alg *alg, int fd, int how, unsigned char *md,
    struct mds_read_info *info)
{
	mds_ctx ctx;
	int64_t got;

	ck_assert_int_eq(mds_init(&ctx, alg), 0);
	got = mds_update_file(&ctx, 1, fd, how, info);
	if (got == -1)
		mds_discard(&ctx);
	else
		ck_assert_int_eq(mds_final(&ctx, md), 0);
	return got;
}

START_TEST(test_paths_agree)
{
	const struct mds_alg *alg = mdt_alg("sha256");
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST], *data;
	struct mds_read_info info;
	size_t len, off, chunk;
	int fd, p[2], status;
	pid_t pid;

	setup_sizes();
	len = sizes[_i];
	fd = make_file(len, &data);
	mdt_hash(alg, NULL, data, len, want);

	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	ck_assert_int_eq(hash_fd(alg, fd, MDS_READ_MMAP, got, &info),
	    (int64_t)len);
	ck_assert_str_eq(info.how, len == 0 ? "read loop" : "mmap");
	MDT_DIGEST_EQ(got, want, 32, "mmap, %zu bytes", len);

	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	ck_assert_int_eq(hash_fd(alg, fd, MDS_READ_LOOP, got, &info),
	    (int64_t)len);
	ck_assert_str_eq(info.how, "read loop");
	MDT_DIGEST_EQ(got, want, 32, "read loop, %zu bytes", len);

	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	ck_assert_int_eq(hash_fd(alg, fd, MDS_READ_AUTO, got, NULL),
	    (int64_t)len);
	MDT_DIGEST_EQ(got, want, 32, "default path, %zu bytes", len);

	/*
	 * From an offset that is not a page's, as `sha256sum - - < f`
	 * needs: the rest of the file, and the offset left at its end.
	 */
	off = len / 3 + 1;
	if (off <= len) {
		mdt_hash(alg, NULL, data + off, len - off, want);
		ck_assert_int_eq(lseek(fd, (off_t)off, SEEK_SET), (off_t)off);
		ck_assert_int_eq(hash_fd(alg, fd, MDS_READ_MMAP, got, NULL),
		    (int64_t)(len - off));
		MDT_DIGEST_EQ(got, want, 32, "mmap from %zu of %zu", off, len);
		ck_assert_int_eq(lseek(fd, 0, SEEK_CUR), (off_t)len);
		mdt_hash(alg, NULL, data, len, want);
	}
	close(fd);

	/* The same bytes through a pipe, written in odd-sized pieces. */
	ck_assert_int_eq(pipe(p), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(p[0]);
		for (off = 0; off < len; off += chunk) {
			chunk = len - off < 12345 ? len - off : 12345;
			if (write(p[1], data + off, chunk) != (ssize_t)chunk)
				_exit(1);
		}
		_exit(0);
	}
	close(p[1]);
	ck_assert_int_eq(hash_fd(alg, p[0], MDS_READ_MMAP, got, &info),
	    (int64_t)len);
	ck_assert_str_eq(info.how, "pipe");
	MDT_DIGEST_EQ(got, want, 32, "pipe, %zu bytes", len);
	close(p[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	free(data);
}
END_TEST

/*
 * A second process truncates a big file while it is hashed from a
 * mapping on the (slow) portable backend: the engine must report the
 * change and the process must live.  If the hash wins the race, there
 * is nothing to check: say so.
 */
START_TEST(test_truncated_while_mapped)
{
	const struct mds_alg *alg = mdt_alg("sha512");
	char path[] = "/tmp/mdsum-trunc.XXXXXX";
	struct mds_read_info info;
	off_t size = (off_t)1 << 30;
	mds_ctx ctx;
	int64_t got;
	int fd, status;
	pid_t pid;

	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	/* Sparse: no disk space, and mapped pages read as zeros. */
	ck_assert_int_eq(ftruncate(fd, size), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		const struct timespec pause = { 0, 200000000 };

		(void)nanosleep(&pause, NULL);
		_exit(truncate(path, 4096) == 0 ? 0 : 1);
	}
	ck_assert_int_eq(mds_init_backend(&ctx, alg, "portable"), 0);
	got = mds_update_file(&ctx, 1, fd, MDS_READ_MMAP, &info);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	(void)unlink(path);
	close(fd);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (got == (int64_t)size) {
		mds_discard(&ctx);
		mdt_skip("input: the hash finished before the truncation");
		return;
	}
	ck_assert_int_eq(got, -1);
	ck_assert_int_eq(errno, EIO);
	ck_assert_int_eq(info.changed, 1);
	mds_discard(&ctx);
}
END_TEST

START_TEST(test_bad_input)
{
	const struct mds_alg *alg = mdt_alg("md5");
	mds_ctx ctx;
	int fd;

	/* A directory, a closed descriptor, a bad mode, a finished context. */
	fd = open("/", O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(mds_init(&ctx, alg), 0);
	errno = 0;
	ck_assert_int_eq(mds_update_file(&ctx, 1, fd, MDS_READ_AUTO, NULL), -1);
	ck_assert_int_eq(errno, EISDIR);
	close(fd);
	errno = 0;
	ck_assert_int_eq(mds_update_file(&ctx, 1, fd, MDS_READ_AUTO, NULL), -1);
	ck_assert_int_eq(errno, EBADF);
	errno = 0;
	ck_assert_int_eq(mds_update_file(&ctx, 1, 0, 7, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	mds_discard(&ctx);
	errno = 0;
	ck_assert_int_eq(mds_update_file(&ctx, 1, 0, MDS_READ_AUTO, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

Suite *
mdt_input_suite(void)
{
	Suite *s = suite_create("input");
	TCase *tc;

	setup_sizes();
	tc = tcase_create("paths");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_paths_agree, 0, nsizes);
	tcase_add_test(tc, test_bad_input);
	suite_add_tcase(s, tc);
	tc = tcase_create("truncation");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_truncated_while_mapped);
	suite_add_tcase(s, tc);
	return s;
}
