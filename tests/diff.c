/*
 * diff.c: differential tests.  Every built backend hashes random
 * messages with random update splits and must agree with the reference:
 * for the checksums (crc, crc32b, sysv, bsd) tests/oracle.c's bit and
 * byte loops, for the rest one-shot portable, which the vectors suite
 * holds to published answers.  BLAKE2b, whose buffering and
 * finalisation portable and native share, is held on every backend and
 * at every digest length to hashlib's answers (oracle-hashlib.txt).
 * The one-shot and fd helpers must agree with streaming.
 *
 * Failures print the seed; MDSUM_TEST_SEED=<seed> replays them.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"

#define DIFF_MSGS	256	/* random messages per algorithm x backend */
#define DIFF_MAXLEN	20000
#define EDGE_MAXLEN	300	/* every length up to here, all boundaries */
#define FILE_LEN	((1 << 20) + 4321)	/* several reads, odd tail */

static void	 reference(const struct mds_alg *, const unsigned char *,
		    size_t, unsigned char *);
static void	 hash_bytewise(const struct mds_alg *, const char *,
		    const unsigned char *, size_t, unsigned char *);
static void	 hash_split(const struct mds_alg *, const char *,
		    const unsigned char *, size_t, uint64_t *, unsigned char *);
static void	 file_setup(void);
static void	 file_teardown(void);
static int	 make_temp(void);
static pid_t	 start_writer(int[2], const unsigned char *, size_t, int);
static void	 wait_writer(pid_t);
static void	 on_usr1(int);

/* The temp files of the fd tests (checked fixture). */
static struct {
	int		 fd;		/* FILE_LEN bytes of data */
	int		 efd;		/* empty */
	unsigned char	*data;
} tf = { -1, -1, NULL };

static volatile sig_atomic_t nusr1;

/*
 * The reference: the oracle's answer where it has one (else the
 * checksums, which have no other backend, would meet only their own
 * code), portable in one update for the rest.
 */
static void
reference(const struct mds_alg *alg, const unsigned char *msg, size_t len,
    unsigned char *out)
{
	if (!mdt_oracle(alg, msg, len, out))
		mdt_hash(alg, "portable", msg, len, out);
}

/* One byte an update (no ck_assert a byte: each costs check a write). */
static void
hash_bytewise(const struct mds_alg *alg, const char *backend,
    const unsigned char *msg, size_t len, unsigned char *out)
{
	mds_ctx ctx;
	size_t i;

	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	for (i = 0; i < len; i++)
		if (mds_update(&ctx, msg + i, 1) != 0)
			ck_abort_msg("%s on %s: mds_update failed at byte %zu",
			    mds_alg_name(alg), backend, i);
	ck_assert_int_eq(mds_final(&ctx, out), 0);
}

/*
 * Hash msg on backend (NULL: mds_init's choice) in random pieces: empty
 * ones, small ones, ones around the block length, and large ones.
 */
static void
hash_split(const struct mds_alg *alg, const char *backend,
    const unsigned char *msg, size_t len, uint64_t *rng, unsigned char *out)
{
	mds_ctx ctx;
	size_t off, n, block;

	block = mds_alg_block_len(alg);
	if (backend == NULL)
		ck_assert_int_eq(mds_init(&ctx, alg), 0);
	else
		ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	off = 0;
	for (;;) {
		switch (mdt_rand(rng) % 5) {
		case 0:
			n = 0;
			break;
		case 1:
			n = (size_t)(mdt_rand(rng) % 16);
			break;
		case 2:
			n = block - 1 + (size_t)(mdt_rand(rng) % 3);
			break;
		case 3:
			n = (size_t)(mdt_rand(rng) % (4 * block));
			break;
		default:
			n = (size_t)(mdt_rand(rng) % (len - off + 1));
			break;
		}
		if (n > len - off)
			n = len - off;
		ck_assert_int_eq(mds_update(&ctx, msg + off, n), 0);
		off += n;
		if (off == len && mdt_rand(rng) % 2 == 0)
			break;
	}
	ck_assert_int_eq(mds_final(&ctx, out), 0);
}

/* _i walks algorithms x built backends. */
START_TEST(test_random_splits)
{
	static unsigned char msg[DIFF_MAXLEN];
	const struct mds_alg *alg;
	const char *backend;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	uint64_t seed, rng;
	size_t k, len;

	alg = mdt_alg_at((size_t)_i / mdt_nbuilt());
	backend = mdt_built((size_t)_i % mdt_nbuilt());
	seed = mdt_seed();
	rng = mdt_stream(seed, (uint64_t)_i);
	for (k = 0; k < DIFF_MSGS; k++) {
		/* a quarter short: more padding cases per message */
		if (k % 4 == 0)
			len = (size_t)(mdt_rand(&rng) % 600);
		else
			len = (size_t)(mdt_rand(&rng) % (DIFF_MAXLEN + 1));
		mdt_fill(&rng, msg, len);
		reference(alg, msg, len, want);
		hash_split(alg, backend, msg, len, &rng, got);
		MDT_DIGEST_EQ(got, want, mds_alg_digest_len(alg),
		    "%s on %s, message %zu, %zu bytes; MDSUM_TEST_SEED=%#llx",
		    mds_alg_name(alg), backend, k, len,
		    (unsigned long long)seed);
	}
}
END_TEST

/* Every length 0..EDGE_MAXLEN in one update and byte at a time. */
START_TEST(test_edges)
{
	unsigned char msg[EDGE_MAXLEN];
	const struct mds_alg *alg;
	const char *backend;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	uint64_t rng;
	size_t len, dlen;

	alg = mdt_alg_at((size_t)_i / mdt_nbuilt());
	backend = mdt_built((size_t)_i % mdt_nbuilt());
	dlen = mds_alg_digest_len(alg);
	rng = mdt_stream(mdt_seed(), 1000 + (uint64_t)_i);
	mdt_fill(&rng, msg, sizeof(msg));
	for (len = 0; len <= EDGE_MAXLEN; len++) {
		reference(alg, msg, len, want);

		mdt_hash(alg, backend, msg, len, got);
		MDT_DIGEST_EQ(got, want, dlen, "%s on %s, %zu bytes, one "
		    "update", mds_alg_name(alg), backend, len);

		hash_bytewise(alg, backend, msg, len, got);
		MDT_DIGEST_EQ(got, want, dlen, "%s on %s, %zu bytes, byte at "
		    "a time", mds_alg_name(alg), backend, len);
	}
}
END_TEST

/* mds_digest against streaming on the default backend and on portable. */
START_TEST(test_digest_oneshot)
{
	static unsigned char msg[DIFF_MAXLEN];
	const struct mds_alg *alg;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	uint64_t seed, rng;
	size_t k, len, dlen;

	alg = mdt_alg_at((size_t)_i);
	dlen = mds_alg_digest_len(alg);
	seed = mdt_seed();
	rng = mdt_stream(seed, 2000 + (uint64_t)_i);
	for (k = 0; k < 64; k++) {
		len = (size_t)(mdt_rand(&rng) % (DIFF_MAXLEN + 1));
		mdt_fill(&rng, msg, len);
		ck_assert_int_eq(mds_digest(alg, msg, len, got), 0);
		reference(alg, msg, len, want);
		MDT_DIGEST_EQ(got, want, dlen, "mds_digest %s, %zu bytes, vs "
		    "the reference; MDSUM_TEST_SEED=%#llx", mds_alg_name(alg),
		    len, (unsigned long long)seed);
		hash_split(alg, NULL, msg, len, &rng, want);
		MDT_DIGEST_EQ(got, want, dlen, "mds_digest %s, %zu bytes, vs "
		    "streaming; MDSUM_TEST_SEED=%#llx", mds_alg_name(alg), len,
		    (unsigned long long)seed);
	}
}
END_TEST

/*
 * _i: a built backend.  BLAKE2b at each of its 64 digest lengths
 * (8 to 512 bits, b2sum -l) against hashlib, on messages around its
 * block: in one update, in random pieces, a byte at a time; and
 * mds_digest, the default choice, once.
 */
START_TEST(test_blake2b_hashlib)
{
	const char *backend = mdt_built((size_t)_i);
	const struct mds_alg *b2 = mdt_alg("blake2b"), *alg;
	unsigned char got[MDS_MAX_DIGEST];
	struct mdt_ovec *ov;
	uint64_t rng = mdt_stream(mdt_seed(), 4000 + (uint64_t)_i);
	size_t bits, k, dlen;

	for (bits = 8; bits <= 512; bits += 8) {
		ck_assert_ptr_nonnull(alg = mds_alg_length(b2, bits));
		dlen = mds_alg_digest_len(alg);
		ck_assert_uint_eq(dlen, bits / 8);
		ck_assert_msg((ov = mdt_ovec_load("b2", alg)) != NULL,
		    "%s: not in oracle-hashlib.txt", mds_alg_name(alg));
		for (k = 0; k < ov->n; k++) {
			mdt_hash(alg, backend, ov->msg[k], ov->len[k], got);
			MDT_DIGEST_EQ(got, ov->md[k], dlen, "%s on %s, %zu "
			    "bytes, one update, against hashlib",
			    mds_alg_name(alg), backend, ov->len[k]);
			hash_split(alg, backend, ov->msg[k], ov->len[k], &rng,
			    got);
			MDT_DIGEST_EQ(got, ov->md[k], dlen, "%s on %s, %zu "
			    "bytes, in pieces, against hashlib",
			    mds_alg_name(alg), backend, ov->len[k]);
			if (ov->len[k] <= EDGE_MAXLEN) {
				hash_bytewise(alg, backend, ov->msg[k],
				    ov->len[k], got);
				MDT_DIGEST_EQ(got, ov->md[k], dlen, "%s on %s, "
				    "%zu bytes, byte at a time, against "
				    "hashlib", mds_alg_name(alg), backend,
				    ov->len[k]);
			}
			if (_i == 0) {
				ck_assert_int_eq(mds_digest(alg, ov->msg[k],
				    ov->len[k], got), 0);
				MDT_DIGEST_EQ(got, ov->md[k], dlen, "mds_digest "
				    "%s, %zu bytes, against hashlib",
				    mds_alg_name(alg), ov->len[k]);
			}
		}
		mdt_ovec_free(ov);
	}
}
END_TEST

/*
 * The file is unlinked at once and only its descriptor kept: in fork
 * mode a failing test exits before teardown, and must leave nothing.
 */
static int
make_temp(void)
{
	const char *dir;
	char path[1024];
	int fd;

	dir = getenv("TMPDIR");
	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	snprintf(path, sizeof(path), "%s/mdsum-test.XXXXXX", dir);
	fd = mkstemp(path);
	ck_assert_msg(fd >= 0, "mkstemp %s: %s", path, strerror(errno));
	ck_assert_msg(unlink(path) == 0, "unlink %s: %s", path,
	    strerror(errno));
	return fd;
}

static void
file_setup(void)
{
	uint64_t rng;
	ssize_t n;
	size_t off;

	tf.data = malloc(FILE_LEN);
	ck_assert_ptr_nonnull(tf.data);
	rng = mdt_stream(mdt_seed(), 3000);
	mdt_fill(&rng, tf.data, FILE_LEN);
	tf.fd = make_temp();
	for (off = 0; off < FILE_LEN; off += (size_t)n) {
		n = write(tf.fd, tf.data + off, FILE_LEN - off);
		ck_assert_msg(n > 0, "write: %s", strerror(errno));
	}
	tf.efd = make_temp();
}

static void
file_teardown(void)
{
	if (tf.fd >= 0)
		close(tf.fd);
	if (tf.efd >= 0)
		close(tf.efd);
	tf.fd = tf.efd = -1;
	free(tf.data);
	tf.data = NULL;
}

/* mds_digest_fd on the file, from its start and from an offset. */
START_TEST(test_fd_file)
{
	const struct mds_alg *alg;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	size_t dlen;

	alg = mdt_alg_at((size_t)_i);
	dlen = mds_alg_digest_len(alg);

	ck_assert_int_eq(mds_digest(alg, tf.data, FILE_LEN, want), 0);
	ck_assert_int_eq(lseek(tf.fd, 0, SEEK_SET), 0);
	ck_assert_int_eq(mds_digest_fd(alg, tf.fd, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "mds_digest_fd %s, whole file",
	    mds_alg_name(alg));

	/* "Read fd to its end": from where the offset stands. */
	ck_assert_int_eq(mds_digest(alg, tf.data + 1000, FILE_LEN - 1000,
	    want), 0);
	ck_assert_int_eq(lseek(tf.fd, 1000, SEEK_SET), 1000);
	ck_assert_int_eq(mds_digest_fd(alg, tf.fd, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "mds_digest_fd %s, from offset 1000",
	    mds_alg_name(alg));

	ck_assert_int_eq(mds_digest(alg, "", 0, want), 0);
	ck_assert_int_eq(mds_digest_fd(alg, tf.efd, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "mds_digest_fd %s, empty file",
	    mds_alg_name(alg));
}
END_TEST

/* One read pass feeds several contexts; _i picks the backend. */
START_TEST(test_update_fd_multi)
{
	static const char *const three[] = { "md5", "sha256", "keccak256" };
	const char *backend;
	mds_ctx ctxs[32];
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	size_t i, n;

	backend = mdt_built((size_t)_i);

	for (i = 0; i < 3; i++)
		ck_assert_int_eq(mds_init_backend(&ctxs[i], mdt_alg(three[i]),
		    backend), 0);
	ck_assert_int_eq(lseek(tf.fd, 0, SEEK_SET), 0);
	ck_assert_int_eq(mds_update_fd(ctxs, 3, tf.fd), FILE_LEN);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(mds_final(&ctxs[i], got), 0);
		ck_assert_int_eq(mds_digest(mdt_alg(three[i]), tf.data,
		    FILE_LEN, want), 0);
		MDT_DIGEST_EQ(got, want, mds_alg_digest_len(mdt_alg(three[i])),
		    "mds_update_fd x3, %s on %s", three[i], backend);
	}

	/* every algorithm at once, after some data already went in */
	n = mds_alg_count();
	ck_assert_uint_le(n, sizeof(ctxs) / sizeof(ctxs[0]));
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(mds_init_backend(&ctxs[i], mdt_alg_at(i),
		    backend), 0);
		ck_assert_int_eq(mds_update(&ctxs[i], tf.data, 1000), 0);
	}
	ck_assert_int_eq(lseek(tf.fd, 1000, SEEK_SET), 1000);
	ck_assert_int_eq(mds_update_fd(ctxs, n, tf.fd), FILE_LEN - 1000);
	ck_assert_int_eq(mds_update_fd(ctxs, n, tf.efd), 0);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(mds_final(&ctxs[i], got), 0);
		ck_assert_int_eq(mds_digest(mdt_alg_at(i), tf.data, FILE_LEN,
		    want), 0);
		MDT_DIGEST_EQ(got, want, mds_alg_digest_len(mdt_alg_at(i)),
		    "mds_update_fd x%zu, %s on %s", n,
		    mds_alg_name(mdt_alg_at(i)), backend);
	}
}
END_TEST

START_TEST(test_fd_bad)
{
	const struct mds_alg *alg;
	unsigned char out[MDS_MAX_DIGEST];
	mds_ctx ctx;
	int fd;

	alg = mdt_alg("sha256");
	errno = 0;
	ck_assert_int_eq(mds_digest_fd(alg, -1, out), -1);
	ck_assert_int_eq(errno, EBADF);

	/* a closed descriptor */
	fd = dup(tf.efd);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(mds_init(&ctx, alg), 0);
	errno = 0;
	ck_assert_int_eq(mds_update_fd(&ctx, 1, fd), -1);
	ck_assert_int_eq(errno, EBADF);
	mds_discard(&ctx);
}
END_TEST

/*
 * A child writes data into the pipe in uneven pieces; with pokes it
 * pauses after the first piece and signals the parent, which is then
 * blocked in read(2).
 */
static pid_t
start_writer(int p[2], const unsigned char *data, size_t len, int pokes)
{
	static const size_t pieces[] = { 1, 4095, 70000, 13, 65536, 100001 };
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	size_t off, end, n, k;
	ssize_t w;
	pid_t pid;
	int i;

	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid > 0) {
		close(p[1]);
		return pid;
	}
	close(p[0]);
	for (off = 0, k = 0; off < len; k++) {
		n = pieces[k % (sizeof(pieces) / sizeof(pieces[0]))];
		end = n < len - off ? off + n : len;
		while (off < end) {
			w = write(p[1], data + off, end - off);
			if (w < 0 && errno != EINTR)
				_exit(1);
			if (w > 0)
				off += (size_t)w;
		}
		if (k == 0)
			for (i = 0; i < pokes; i++) {
				nanosleep(&ts, NULL);
				kill(getppid(), SIGUSR1);
			}
	}
	_exit(0);
}

static void
wait_writer(pid_t pid)
{
	pid_t r;
	int status;

	while ((r = waitpid(pid, &status, 0)) == -1 && errno == EINTR)
		continue;
	ck_assert_int_eq(r, pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "pipe writer failed (status %#x)", status);
}

static void
on_usr1(int sig)
{
	(void)sig;
	nusr1++;
}

START_TEST(test_fd_pipe)
{
	const struct mds_alg *alg;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	size_t dlen;
	pid_t pid;
	int p[2];

	alg = mdt_alg_at((size_t)_i);
	dlen = mds_alg_digest_len(alg);

	/* small: fits the pipe buffer, no writer needed */
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(write(p[1], tf.data, 100), 100);
	close(p[1]);
	ck_assert_int_eq(mds_digest_fd(alg, p[0], got), 0);
	close(p[0]);
	ck_assert_int_eq(mds_digest(alg, tf.data, 100, want), 0);
	MDT_DIGEST_EQ(got, want, dlen, "mds_digest_fd %s, 100-byte pipe",
	    mds_alg_name(alg));

	/* large: many reads, short ones included */
	ck_assert_int_eq(pipe(p), 0);
	pid = start_writer(p, tf.data, FILE_LEN, 0);
	ck_assert_int_eq(mds_digest_fd(alg, p[0], got), 0);
	close(p[0]);
	wait_writer(pid);
	ck_assert_int_eq(mds_digest(alg, tf.data, FILE_LEN, want), 0);
	MDT_DIGEST_EQ(got, want, dlen, "mds_digest_fd %s, %d-byte pipe",
	    mds_alg_name(alg), FILE_LEN);
}
END_TEST

/* Signals interrupting read(2) must not end or corrupt the input. */
START_TEST(test_fd_eintr)
{
	static const char *const three[] = { "sha1", "sha512h", "sha3-256" };
	struct sigaction sa, osa;
	mds_ctx ctxs[3];
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	int64_t n;
	size_t i;
	pid_t pid;
	int p[2];

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;	/* no SA_RESTART: read(2) fails with EINTR */
	ck_assert_int_eq(sigaction(SIGUSR1, &sa, &osa), 0);
	nusr1 = 0;

	for (i = 0; i < 3; i++)
		ck_assert_int_eq(mds_init(&ctxs[i], mdt_alg(three[i])), 0);
	ck_assert_int_eq(pipe(p), 0);
	pid = start_writer(p, tf.data, FILE_LEN, 5);
	errno = 0;
	n = mds_update_fd(ctxs, 3, p[0]);
	ck_assert_msg(n == FILE_LEN, "mds_update_fd returned %lld (%s)",
	    (long long)n, strerror(errno));
	close(p[0]);
	wait_writer(pid);
	ck_assert_int_eq(sigaction(SIGUSR1, &osa, NULL), 0);
	ck_assert_int_gt(nusr1, 0);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(mds_final(&ctxs[i], got), 0);
		ck_assert_int_eq(mds_digest(mdt_alg(three[i]), tf.data,
		    FILE_LEN, want), 0);
		MDT_DIGEST_EQ(got, want, mds_alg_digest_len(mdt_alg(three[i])),
		    "mds_update_fd %s with EINTR", three[i]);
	}
}
END_TEST

Suite *
mdt_diff_suite(void)
{
	Suite *s;
	TCase *tc;
	int nb, na;

	nb = (int)mdt_nbuilt();
	na = (int)mds_alg_count();
	s = suite_create("differential");

	tc = tcase_create("backends");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_random_splits, 0, na * nb);
	tcase_add_loop_test(tc, test_edges, 0, na * nb);
	tcase_add_loop_test(tc, test_digest_oneshot, 0, na);
	suite_add_tcase(s, tc);

	tc = tcase_create("blake2b-hashlib");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_blake2b_hashlib, 0, nb);
	suite_add_tcase(s, tc);

	tc = tcase_create("fd");
	tcase_add_checked_fixture(tc, file_setup, file_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_fd_file, 0, na);
	tcase_add_loop_test(tc, test_update_fd_multi, 0, nb);
	tcase_add_test(tc, test_fd_bad);
	tcase_add_loop_test(tc, test_fd_pipe, 0, na);
	tcase_add_test(tc, test_fd_eintr);
	suite_add_tcase(s, tc);
	return s;
}
