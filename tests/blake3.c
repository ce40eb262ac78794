/*
 * blake3.c: BLAKE3 against the official vectors
 * (tests/vectors/blake3-test_vectors.json): 35 lengths of the bytes
 * i % 251, each with the hash, the keyed hash and the derived key, 131
 * bytes of output each.  The registry row's 32 bytes on every built
 * backend, with the message split into two updates at every point (past
 * 8 chunks, at every block boundary and a byte either side) and into
 * random pieces; the output of any length, the keyed hash and the key
 * derivation of blake3.h.  And the tree kept off the lanes: a width of
 * 1, mds_digest_many and the scheduler giving the vectors' answers.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "tests.h"
#include "../lib/mds_int.h"
#include "../lib/blake3.h"

#define NCASES		35
#define XOF_LEN		131
#define MAX_INPUT	102400
/* Up to here every split point; past it, the block boundaries. */
#define EVERY_SPLIT_MAX	8193

enum b3_mode { HASH, KEYED, DERIVE, NMODES };

struct b3_vectors {
	unsigned char	 key[MDS_BLAKE3_KEY_LEN];
	char		 context[128];
	size_t		 len[NCASES];
	unsigned char	 out[NCASES][NMODES][XOF_LEN];
};

static struct b3_vectors vec;
static unsigned char input[MAX_INPUT];

static void	 b3_setup(void);
static char	*b3_string(char *, const char *, char **);
static void	 b3_start(enum b3_mode, void *);
static void	 b3_out(enum b3_mode, const unsigned char *, size_t, size_t,
		    unsigned char *);
static int	 b3_split_point(size_t, size_t);

/* The value of the next "key": "..." after p, cut off in place. */
static char *
b3_string(char *p, const char *key, char **next)
{
	char pat[32], *v, *end;

	snprintf(pat, sizeof(pat), "\"%s\": \"", key);
	v = strstr(p, pat);
	ck_assert_msg(v != NULL, "blake3 vectors: no %s", key);
	v += strlen(pat);
	end = strchr(v, '"');
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	*next = end + 1;
	return v;
}

/* The file read once per process; the input of every case. */
static void
b3_setup(void)
{
	static const char *const names[NMODES] = {
		"hash", "keyed_hash", "derive_key"
	};
	static int loaded;
	char path[4096], *text, *p, *v, *end;
	size_t i, n;
	int m;
	FILE *fp;

	if (loaded)
		return;
	snprintf(path, sizeof(path), "%s/blake3-test_vectors.json",
	    mdt_vecdir);
	fp = fopen(path, "r");
	ck_assert_msg(fp != NULL, "%s: %s", path, strerror(errno));
	text = malloc(1 << 16);
	ck_assert_ptr_nonnull(text);
	n = fread(text, 1, (1 << 16) - 1, fp);
	ck_assert_int_eq(ferror(fp), 0);
	fclose(fp);
	text[n] = '\0';
	v = b3_string(text, "key", &p);
	ck_assert_uint_eq(strlen(v), MDS_BLAKE3_KEY_LEN);
	memcpy(vec.key, v, MDS_BLAKE3_KEY_LEN);
	v = b3_string(p, "context_string", &p);
	ck_assert_uint_lt(strlen(v), sizeof(vec.context));
	memcpy(vec.context, v, strlen(v) + 1);
	for (i = 0; i < NCASES; i++) {
		p = strstr(p, "\"input_len\": ");
		ck_assert_msg(p != NULL, "%s: %zu cases, want %d", path, i,
		    NCASES);
		vec.len[i] = strtoul(p + 13, &end, 10);
		ck_assert_uint_le(vec.len[i], MAX_INPUT);
		p = end;
		for (m = 0; m < NMODES; m++) {
			v = b3_string(p, names[m], &p);
			ck_assert_msg(strlen(v) == 2 * XOF_LEN &&
			    mdt_unhex(v, 2 * XOF_LEN, vec.out[i][m]) == 0,
			    "%s: case %zu: bad %s", path, i, names[m]);
		}
	}
	ck_assert_ptr_null(strstr(p, "\"input_len\""));
	free(text);
	for (i = 0; i < MAX_INPUT; i++)
		input[i] = (unsigned char)(i % 251);
	loaded = 1;
}

static void
b3_start(enum b3_mode mode, void *st)
{
	int r;

	if (mode == HASH)
		r = mds_blake3_init_hash(st);
	else if (mode == KEYED)
		r = mds_blake3_init_keyed(st, vec.key);
	else
		r = mds_blake3_init_derive(st, vec.context);
	ck_assert_int_eq(r, 0);
}

/* outlen bytes of mode over p[0 .. len), in two updates cut at split. */
static void
b3_out(enum b3_mode mode, const unsigned char *p, size_t len, size_t split,
    unsigned char *out)
{
	mds_ctx ctx;

	b3_start(mode, &ctx.u_);
	mds_blake3_update(&ctx.u_, p, split);
	mds_blake3_update(&ctx.u_, p + split, len - split);
	mds_blake3_final_len(&ctx.u_, out, XOF_LEN);
}

/* Is k one of the points where a message of len bytes is cut in two? */
static int
b3_split_point(size_t len, size_t k)
{
	return len <= EVERY_SPLIT_MAX || k % 64 <= 1 || k % 64 == 63 ||
	    k == len;
}

/* The registry row: 32 bytes, on every built backend, every split. */
START_TEST(test_hash)
{
	const struct mds_alg *alg = mdt_alg("blake3");
	const unsigned char *want = vec.out[_i][HASH];
	unsigned char got[MDS_MAX_DIGEST];
	size_t len = vec.len[_i], k, b;
	mds_ctx ctx;

	ck_assert_uint_eq(mds_alg_digest_len(alg), 32);
	for (b = 0; b < mdt_nbuilt(); b++) {
		mdt_hash(alg, mdt_built(b), input, len, got);
		MDT_DIGEST_EQ(got, want, 32, "blake3, %zu bytes, on %s", len,
		    mdt_built(b));
	}
	for (k = 0; k <= len; k++) {
		if (!b3_split_point(len, k))
			continue;
		ck_assert_int_eq(mds_init(&ctx, alg), 0);
		ck_assert_int_eq(mds_update(&ctx, input, k), 0);
		ck_assert_int_eq(mds_update(&ctx, input + k, len - k), 0);
		ck_assert_int_eq(mds_final(&ctx, got), 0);
		MDT_DIGEST_EQ(got, want, 32, "blake3, %zu bytes, split at %zu",
		    len, k);
	}
}
END_TEST

/* Random pieces of 1 to 1100 bytes, and a byte at a time. */
START_TEST(test_hash_pieces)
{
	const struct mds_alg *alg = mdt_alg("blake3");
	uint64_t rng = mdt_stream(mdt_seed(), 3000 + (uint64_t)_i);
	unsigned char got[MDS_MAX_DIGEST];
	size_t len = vec.len[_i], off, n;
	mds_ctx ctx;
	int round;

	for (round = 0; round < 8; round++) {
		ck_assert_int_eq(mds_init(&ctx, alg), 0);
		for (off = 0; off < len; off += n) {
			n = round == 0 ? 1 :
			    (size_t)(mdt_rand(&rng) % 1100) + 1;
			if (n > len - off)
				n = len - off;
			ck_assert_int_eq(mds_update(&ctx, input + off, n), 0);
		}
		ck_assert_int_eq(mds_final(&ctx, got), 0);
		MDT_DIGEST_EQ(got, vec.out[_i][HASH], 32, "blake3, %zu bytes, "
		    "random pieces, round %d", len, round);
	}
}
END_TEST

/*
 * The three modes with all 131 bytes of output (a part of each of three
 * output blocks, counters 0 to 2), cut at block boundaries.
 */
START_TEST(test_modes)
{
	unsigned char got[XOF_LEN], short_out[7];
	size_t len = vec.len[_i], k;
	mds_ctx ctx;
	int m;

	for (m = 0; m < NMODES; m++) {
		for (k = 0; k <= len; k += k < len && len - k < 64 ?
		    len - k : 64) {
			b3_out((enum b3_mode)m, input, len, k, got);
			MDT_DIGEST_EQ(got, vec.out[_i][m], XOF_LEN, "blake3 "
			    "mode %d, %zu bytes, split at %zu", m, len, k);
			if (k == len)
				break;
		}
		/* a shorter output is a prefix */
		b3_start((enum b3_mode)m, &ctx.u_);
		mds_blake3_update(&ctx.u_, input, len);
		mds_blake3_final_len(&ctx.u_, short_out, sizeof(short_out));
		ck_assert_mem_eq(short_out, vec.out[_i][m], sizeof(short_out));
	}
}
END_TEST

/*
 * A tree is no lane of words: no multi-buffer kernel, its implementations
 * of width 1; its scheduler's width is its batch kernel's (1 on the
 * portable level), and the batch API and the scheduler (buffers and
 * files) give the vectors' digests.
 */
START_TEST(test_no_lanes)
{
	const struct mds_alg *alg = mdt_alg("blake3");
	const void *msgs[NCASES];
	size_t lens[NCASES], i, l;
	unsigned char *out;
	struct mds_impl_info info;
	struct mds_lane_result r;
	struct mds_lanes *s;
	char path[] = "/tmp/mdsum-b3-XXXXXX";
	int fd;

	ck_assert_ptr_null(mds_choose_lanes(alg));
	ck_assert_int_eq(mds_cons_ops(alg->shape)->lanes, 0);
	for (i = 0; mds_impl_at(alg, i, &info) == 1; i++)
		ck_assert_uint_eq(info.lanes, 1);
	for (i = 0; i < mds_arch_nmb_kernels; i++)
		ck_assert_int_ne(mds_arch_mb_kernels[i].family, MDS_FAM_BLAKE3);
	for (i = 0; i < mds_portable_nmb_kernels; i++)
		ck_assert_int_ne(mds_portable_mb_kernels[i].family,
		    MDS_FAM_BLAKE3);
	/* Its lanes are its kernel's batch's, shared by small messages. */
	for (l = 0; l <= mds_cpu_level_count(); l++) {
		ck_assert_int_eq(mds_set_cpu_level(mds_cpu_level_at(l)), 0);
		ck_assert_ptr_nonnull(s = mds_lanes_new(alg));
		ck_assert_msg(mds_lanes_width(s) == 1 ||
		    mds_lanes_width(s) == 4 || mds_lanes_width(s) == 8 ||
		    mds_lanes_width(s) == 16, "blake3: %zu lanes at %s",
		    mds_lanes_width(s), mds_cpu_level_at(l));
		if (l == 0)
			ck_assert_uint_eq(mds_lanes_width(s), 1);
		mds_lanes_free(s);
	}
	(void)mds_set_cpu_level(NULL);

	for (i = 0; i < NCASES; i++) {
		msgs[i] = input;
		lens[i] = vec.len[i];
	}
	out = malloc(NCASES * 32);
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(mds_digest_many(alg, NCASES, msgs, lens, out), 0);
	for (i = 0; i < NCASES; i++)
		MDT_DIGEST_EQ(out + i * 32, vec.out[i][HASH], 32,
		    "mds_digest_many, blake3, message %zu", i);
	free(out);

	ck_assert_int_ne(fd = mkstemp(path), -1);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(write(fd, input, MAX_INPUT), MAX_INPUT);
	ck_assert_ptr_nonnull(s = mds_lanes_new(alg));
	for (i = 0; i < NCASES; i++)
		ck_assert_int_eq(mds_lanes_add(s, input, vec.len[i], NULL), 0);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	ck_assert_int_eq(mds_lanes_add_fd(s, fd, MDS_READ_AUTO, NULL), 0);
	for (i = 0; i <= NCASES; i++) {
		ck_assert_int_eq(mds_lanes_next(s, &r), 1);
		ck_assert_int_eq(r.size, i < NCASES ? (int64_t)vec.len[i] :
		    MAX_INPUT);
		MDT_DIGEST_EQ(r.digest, vec.out[i < NCASES ? i : NCASES - 1]
		    [HASH], 32, "the scheduler, blake3, message %zu", i);
	}
	ck_assert_int_eq(mds_lanes_next(s, &r), 0);
	mds_lanes_free(s);
	close(fd);
}
END_TEST

/*
 * One message on threads (blake3_threads.c): pieces of 64 KiB hashed by
 * 1 to 4 threads, fetched in units of one, three and four pieces, after
 * a head that leaves the state off a piece's boundary or on one, in hash
 * and keyed mode; each the digest of the same bytes in one update on the
 * portable backend.  And mds_update_file_threads from a file's start and
 * from an offset, as mds_update_file gives it.
 */
/* Past one window of the threads (16 MiB), and a part of another. */
#define BIG_LEN		(17u * 1024 * 1024 + 13)

static unsigned char *
b3_big(void)
{
	static unsigned char *big;
	uint64_t rng = mdt_stream(mdt_seed(), 0xb3);
	size_t i;

	if (big == NULL) {
		big = malloc(BIG_LEN);
		ck_assert_ptr_nonnull(big);
		for (i = 0; i < BIG_LEN; i++)
			big[i] = (unsigned char)mdt_rand(&rng);
	}
	return big;
}

START_TEST(test_threads)
{
	static const size_t lens[] = {
		0, 1, 65535, 65536, 65537, 65 * 1024 + 1, 64 * 65536 + 7,
		4u << 20, (4u << 20) + 1, BIG_LEN
	};
	static const size_t spans[] = { 65536, 65536 * 3, 262144 };
	static const size_t heads[] = { 0, 1, 65536, 70000 };
	const struct mds_alg *alg = mdt_alg("blake3");
	const unsigned char *big = b3_big();
	unsigned char want[32], got[32];
	size_t len = lens[_i], i, h, head;
	unsigned int threads;
	mds_ctx ref, ctx;
	int keyed;

	for (keyed = 0; keyed <= 1; keyed++) {
		if (keyed) {
			ck_assert_int_eq(mds_blake3_init_keyed(&ref.u_,
			    vec.key), 0);
			mds_blake3_update(&ref.u_, big, len);
			mds_blake3_final_len(&ref.u_, want, 32);
		} else
			mdt_hash(alg, "portable", big, len, want);
		for (h = 0; h < sizeof(heads) / sizeof(heads[0]); h++)
		for (i = 0; i < sizeof(spans) / sizeof(spans[0]); i++)
		for (threads = 1; threads <= 4; threads++) {
			/* the longest: the heads off and on a boundary */
			if (len > (4u << 20) + 1 && (h == 1 || h == 2))
				continue;
			head = heads[h] < len ? heads[h] : len;
			if (keyed)
				ck_assert_int_eq(mds_blake3_init_keyed(&ctx.u_,
				    vec.key), 0);
			else
				ck_assert_int_eq(mds_blake3_init_hash(&ctx.u_),
				    0);
			mds_blake3_update(&ctx.u_, big, head);
			ck_assert_int_eq(mds_blake3_spans(&ctx.u_, big + head,
			    len - head, spans[i], threads), 0);
			mds_blake3_final_len(&ctx.u_, got, 32);
			MDT_DIGEST_EQ(got, want, 32, "blake3%s, %zu bytes, "
			    "head %zu, units of %zu, %u threads", keyed ?
			    " keyed" : "", len, head, spans[i], threads);
		}
	}
}
END_TEST

START_TEST(test_file_threads)
{
	const struct mds_alg *alg = mdt_alg("blake3");
	const unsigned char *big = b3_big();
	unsigned char want[32], got[32];
	char path[] = "/tmp/mdsum-b3t-XXXXXX";
	static const off_t starts[] = { 0, 12345, 65536 };
	unsigned int threads;
	mds_ctx ctx;
	size_t k;
	int fd;

	ck_assert_int_ne(fd = mkstemp(path), -1);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(write(fd, big, BIG_LEN), BIG_LEN);
	for (k = 0; k < sizeof(starts) / sizeof(starts[0]); k++) {
		mdt_hash(alg, "portable", big + starts[k],
		    BIG_LEN - (size_t)starts[k], want);
		for (threads = 1; threads <= 3; threads++) {
			ck_assert_int_eq(lseek(fd, starts[k], SEEK_SET),
			    starts[k]);
			ck_assert_int_eq(mds_init(&ctx, alg), 0);
			ck_assert_int_eq(mds_update_file_threads(&ctx, fd,
			    MDS_READ_AUTO, threads, NULL),
			    (int64_t)(BIG_LEN - (size_t)starts[k]));
			ck_assert_int_eq(mds_final(&ctx, got), 0);
			MDT_DIGEST_EQ(got, want, 32, "mds_update_file_threads, "
			    "from %jd, %u threads", (intmax_t)starts[k],
			    threads);
		}
	}
	close(fd);
}
END_TEST

/*
 * Small messages sharing a batch (blake3_group.c): groups of random
 * messages of 0 to 70 KiB (a few past what a group takes), keyed too,
 * through mds_blake3_group on every BLAKE3 kernel this CPU has, and
 * through the batch API and a scheduler of files; each the digest of
 * one update on the portable backend.
 */
START_TEST(test_group)
{
	const struct mds_alg *rows[2];
	const unsigned char *big = b3_big(), *msgs[64];
	uint64_t rng = mdt_stream(mdt_seed(), 0xb3b3);
	unsigned char want[64][32], got[64 * 32];
	struct mds_lane_result r;
	struct mds_lanes *s;
	size_t lens[64], n, i, kn, round;
	char path[32];
	int fds[64], a;

	rows[0] = mdt_alg("blake3");
	ck_assert_ptr_nonnull(rows[1] = mds_alg_keyed(rows[0], vec.key, 32));
	for (round = 0; round < 12; round++) {
		a = (int)(round % 2);
		n = 1 + (size_t)(mdt_rand(&rng) % 64);
		for (i = 0; i < n; i++) {
			lens[i] = mdt_rand(&rng) % 4 == 0 ?
			    (size_t)(mdt_rand(&rng) % 2049) :
			    (size_t)(mdt_rand(&rng) % (70 * 1024));
			msgs[i] = big + mdt_rand(&rng) % (BIG_LEN - lens[i]);
			mdt_hash(rows[a], "portable", msgs[i], lens[i],
			    want[i]);
		}
		for (kn = 0; kn < mds_arch_nkernels; kn++) {
			const struct mds_kernel *k = &mds_arch_kernels[kn];

			if (k->family != MDS_FAM_BLAKE3 ||
			    mds_cpu_missing(k->need) != NULL)
				continue;
			ck_assert_int_eq(mds_blake3_group(rows[a], k, n, msgs,
			    lens, got), 0);
			for (i = 0; i < n; i++)
				MDT_DIGEST_EQ(got + 32 * i, want[i], 32, "%s: "
				    "group of %zu, message %zu of %zu bytes",
				    k->name, n, i, lens[i]);
		}
		ck_assert_int_eq(mds_digest_many(rows[a], n, (const void *const
		    *)msgs, lens, got), 0);
		for (i = 0; i < n; i++)
			MDT_DIGEST_EQ(got + 32 * i, want[i], 32, "mds_digest_"
			    "many: %zu messages, %zu of %zu bytes", n, i,
			    lens[i]);
		ck_assert_ptr_nonnull(s = mds_lanes_new(rows[a]));
		for (i = 0; i < n; i++) {
			(void)snprintf(path, sizeof(path), "%s",
			    "/tmp/mdsum-b3g-XXXXXX");
			ck_assert_int_ne(fds[i] = mkstemp(path), -1);
			ck_assert_int_eq(unlink(path), 0);
			ck_assert_int_eq(write(fds[i], msgs[i], lens[i]),
			    (ssize_t)lens[i]);
			ck_assert_int_eq(lseek(fds[i], 0, SEEK_SET), 0);
			ck_assert_int_eq(mds_lanes_add_fd(s, fds[i],
			    MDS_READ_AUTO, fds + i), 0);
		}
		for (i = 0; i < n; i++) {
			ck_assert_int_eq(mds_lanes_next(s, &r), 1);
			ck_assert_ptr_eq(r.tag, fds + i);
			ck_assert_int_eq(r.size, (int64_t)lens[i]);
			MDT_DIGEST_EQ(r.digest, want[i], 32, "the scheduler: "
			    "file %zu of %zu bytes", i, lens[i]);
			close(fds[i]);
		}
		ck_assert_int_eq(mds_lanes_next(s, &r), 0);
		mds_lanes_free(s);
	}
	mds_alg_free(rows[1]);
}
END_TEST

Suite *
mdt_blake3_suite(void)
{
	Suite *s = suite_create("blake3");
	TCase *tc;

	tc = tcase_create("vectors");
	tcase_add_unchecked_fixture(tc, b3_setup, NULL);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_hash, 0, NCASES);
	tcase_add_loop_test(tc, test_hash_pieces, 0, NCASES);
	tcase_add_loop_test(tc, test_modes, 0, NCASES);
	suite_add_tcase(s, tc);

	tc = tcase_create("lanes");
	tcase_add_unchecked_fixture(tc, b3_setup, NULL);
	tcase_add_test(tc, test_no_lanes);
	tcase_add_test(tc, test_group);
	suite_add_tcase(s, tc);

	tc = tcase_create("threads");
	tcase_add_unchecked_fixture(tc, b3_setup, NULL);
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_threads, 0, 10);
	tcase_add_test(tc, test_file_threads);
	suite_add_tcase(s, tc);
	return s;
}
