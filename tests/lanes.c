/*
 * lanes.c: the multi-buffer kernels and the lane scheduler.
 *
 * Every multi-buffer kernel this CPU can run (and the portable ones)
 * against the portable block function, lane by lane: random chaining
 * values, random block counts, unaligned data, idle lanes, and lanes that
 * end at an unmapped page.  Then the scheduler, with each kernel of an
 * algorithm's family pinned in turn and with the default choice: messages
 * of every length around the block size and longer ones, from buffers and
 * from files (read and mapped, across several windows), added a few at a
 * time so that lanes finish at different times; results must equal
 * one-at-a-time hashing and come back in the order added.  Last, the
 * batch API against answers that are not the library's: hashlib's
 * (tests/vectors/oracle-hashlib.txt) and tests/oracle.c's.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests.h"
#include "../lib/mds_int.h"

#define MAXBLOCKS	40

/* The i-th multi-buffer kernel: the architecture's, then the portable. */
static const struct mds_mb_kernel *
mb_kernel_at(size_t i)
{
	if (i < mds_arch_nmb_kernels)
		return &mds_arch_mb_kernels[i];
	i -= mds_arch_nmb_kernels;
	return i < mds_portable_nmb_kernels ? &mds_portable_mb_kernels[i] :
	    NULL;
}

static size_t
mb_kernel_count(void)
{
	return mds_arch_nmb_kernels + mds_portable_nmb_kernels;
}

/*
 * The listed rows, then BLAKE2b rows of other digest lengths (b2sum -l),
 * whose initial chaining value holds the length: NULL past the end.
 */
static const struct mds_alg *
alg_at(size_t i)
{
	static const char *const more[] = {
		"blake2b-8", "blake2b-160", "blake2b-256", "blake2b-384",
		"blake2b-504"
	};
	const struct mds_alg *alg;

	if (i < mds_alg_count())
		return mds_alg_at(i);
	i -= mds_alg_count();
	if (i >= sizeof(more) / sizeof(more[0]))
		return NULL;
	ck_assert_ptr_nonnull(alg = mds_alg_find(more[i]));
	return alg;
}

static size_t
family_words(enum mds_family family, size_t *wsize, size_t *block)
{
	if (family == MDS_FAM_MD5) {
		*wsize = 4;
		*block = 64;
		return 4;
	}
	if (family == MDS_FAM_SHA256) {
		*wsize = 4;
		*block = 64;
		return 8;
	}
	if (family == MDS_FAM_SHA512) {
		*wsize = 8;
		*block = 128;
		return 8;
	}
	if (family == MDS_FAM_BLAKE2B) {	/* h, counter, flag */
		*wsize = 8;
		*block = 128;
		return 11;
	}
	*wsize = 8;
	*block = 136;
	return 25;
}

/* One lane through the portable code: the reference. */
static void
lane_reference(enum mds_family family, uint64_t *words, size_t nwords,
    size_t wsize, const unsigned char *p, size_t nblocks, size_t rate)
{
	struct md_state st;
	size_t w;

	if (family == MDS_FAM_KECCAK) {
		mds_keccak_absorb_portable(words, p, nblocks, rate);
		return;
	}
	if (family == MDS_FAM_BLAKE2B) {
		mds_blake2b_compress_portable(words, words + 8, p, nblocks,
		    words[10]);
		return;
	}
	for (w = 0; w < nwords; w++)
		if (wsize == 4)
			st.h.w32[w] = (uint32_t)words[w];
		else
			st.h.w64[w] = words[w];
	if (family == MDS_FAM_MD5)
		mds_md5_blocks_portable(&st, p, nblocks);
	else if (family == MDS_FAM_SHA256)
		mds_sha256_blocks_portable(&st, p, nblocks);
	else
		mds_sha512_blocks_portable(&st, p, nblocks);
	for (w = 0; w < nwords; w++)
		words[w] = wsize == 4 ? st.h.w32[w] : st.h.w64[w];
}

static int
kernel_runnable(const struct mds_mb_kernel *k)
{
	return mdt_cpu_runs("lanes", k->name, k->need);
}

/*
 * BLAKE2b's counter (w 8, 9) and flag (10) for a call of n blocks: the
 * counter near where its low word carries, or anywhere; the flag set on
 * some lanes of one-block calls, the only ones a last block comes in.
 */
static uint64_t
blake2b_word(uint64_t *rng, size_t w, size_t n)
{
	uint64_t r = mdt_rand(rng);

	if (w == 10)
		return n == 1 && r % 3 == 0 ? ~(uint64_t)0 : 0;
	if (w == 8 && r % 2 == 0)
		return ~(uint64_t)0 - r % 2000;
	if (w == 9 && r % 4 == 0)
		return r % 2 == 0 ? ~(uint64_t)0 : 0;
	return mdt_rand(rng);
}

/*
 * Kernel _i on random cases.  guard: each busy lane's blocks end at an
 * unmapped page, so reading past them faults.
 */
static void
kernel_cases(int i, int guard)
{
	const struct mds_mb_kernel *k = mb_kernel_at((size_t)i);
	long page = sysconf(_SC_PAGESIZE);
	uint64_t rng = mdt_stream(mdt_seed(), 700 + (uint64_t)i);
	uint64_t want[MDS_MAX_LANES][25], state[25 * MDS_MAX_LANES];
	const unsigned char *data[MDS_MAX_LANES];
	unsigned char *buf, *map[MDS_MAX_LANES];
	size_t nwords, wsize, block, rate, l, w, n, c, span;
	uint32_t *s32 = (uint32_t *)state;

	ck_assert_ptr_nonnull(k);
	if (!kernel_runnable(k))
		return;
	ck_assert_uint_le(k->lanes, MDS_MAX_LANES);
	memset(want, 0, sizeof(want));
	nwords = family_words(k->family, &wsize, &block);
	span = (size_t)page * 4;
	ck_assert((MAXBLOCKS * MDS_MAX_BLOCK + 64) <= span);
	buf = malloc(MDS_MAX_LANES * (MAXBLOCKS * MDS_MAX_BLOCK + 64));
	ck_assert_ptr_nonnull(buf);
	for (l = 0; l < k->lanes; l++) {
		map[l] = mmap(NULL, span + (size_t)page, PROT_READ |
		    PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ck_assert(map[l] != MAP_FAILED);
		ck_assert_int_eq(mprotect(map[l] + span, (size_t)page,
		    PROT_NONE), 0);
		mdt_fill(&rng, map[l], span);
	}
	for (c = 0; c < 60; c++) {
		/* Mostly short calls; some long ones; some of 0 blocks. */
		n = (size_t)(mdt_rand(&rng) % (c % 10 == 9 ? MAXBLOCKS : 6));
		rate = block;
		if (k->family == MDS_FAM_KECCAK && c % 3 == 2)
			rate = 8 * (1 + (size_t)(mdt_rand(&rng) % 18));
		mdt_fill(&rng, buf, MDS_MAX_LANES *
		    (MAXBLOCKS * MDS_MAX_BLOCK + 64));
		for (l = 0; l < k->lanes; l++) {
			for (w = 0; w < nwords; w++) {
				want[l][w] = mdt_rand(&rng);
				if (w >= 8 && nwords == 11)
					want[l][w] = blake2b_word(&rng, w, n);
				if (wsize == 4) {
					want[l][w] &= 0xffffffffu;
					s32[w * k->lanes + l] =
					    (uint32_t)want[l][w];
				} else
					state[w * k->lanes + l] = want[l][w];
			}
			if (mdt_rand(&rng) % 5 == 0) {
				data[l] = NULL;
				continue;
			}
			if (guard)
				data[l] = map[l] + span - n * rate;
			else
				data[l] = buf + l * (MAXBLOCKS * MDS_MAX_BLOCK
				    + 64) + mdt_rand(&rng) % 64;
			lane_reference(k->family, want[l], nwords, wsize,
			    data[l], n, rate);
		}
		k->blocks(state, data, n, rate);
		for (l = 0; l < k->lanes; l++) {
			if (data[l] == NULL)
				continue;
			for (w = 0; w < nwords; w++) {
				uint64_t got = wsize == 4 ?
				    s32[w * k->lanes + l] :
				    state[w * k->lanes + l];

				if (got != want[l][w])
					mdt_note("%s: case %zu, lane %zu, "
					    "word %zu, %zu blocks, rate %zu%s",
					    k->name, c, l, w, n, rate,
					    guard ? ", at a guard page" : "");
				ck_assert_uint_eq(got, want[l][w]);
			}
		}
	}
	for (l = 0; l < k->lanes; l++)
		munmap(map[l], span + (size_t)page);
	free(buf);
}

START_TEST(test_kernel_random)
{
	kernel_cases(_i, 0);
}
END_TEST

START_TEST(test_kernel_guard)
{
	kernel_cases(_i, 1);
}
END_TEST

/*
 * _i: 0 the default choice, else the kernel _i - 1 pinned by name.  The
 * label names it; 0 if the CPU cannot run it.
 */
static int
start_kernel(int i, const char **label)
{
	const struct mds_mb_kernel *k;

	if (i == 0) {
		*label = "default";
		return 1;
	}
	k = mb_kernel_at((size_t)i - 1);
	*label = k->name;
	if (!kernel_runnable(k))
		return 0;
	ck_assert_int_eq(mds_set_cpu_level(k->name), 0);
	/*
	 * A portable kernel serves the portable backend, which may not be
	 * the default (a build without native kernels prefers OpenSSL).
	 */
	if (k->level == MDS_LEVEL_PORTABLE)
		ck_assert_int_eq(mds_set_backend("portable"), 0);
	return 1;
}

static void
end_kernel(void)
{
	(void)mds_set_cpu_level(NULL);
	(void)mds_set_backend(NULL);
}

/* Does the pinned kernel serve alg (else skip it: another family)? */
static int
serves(int i, struct mds_lanes *s)
{
	const struct mds_mb_kernel *k;

	if (i == 0)
		return 1;
	k = mb_kernel_at((size_t)i - 1);
	return mds_lanes_width(s) == k->lanes &&
	    strcmp(mds_lanes_kernel(s), k->name) == 0;
}

#define NEDGE	80	/* room for the edge lengths of every block size */
#define NMSG	(200 + NEDGE)

/*
 * The padding edges of every block size or rate in the registry, so that
 * an algorithm added later is covered: k * B + d for k 1 and 2, with d
 * around the end of the block (where 0x80 and the sponge's pad byte
 * fall) and where the 8- or 16-byte length field stops fitting (B - 9,
 * B - 8; B - 17, B - 16): 55, 56, 63, 64, 65 for 64-byte blocks, 111,
 * 112, 127, 128, 129 for SHA-512's, 135, 136, 137 for rate 136.  Each
 * algorithm gets every edge of every size, in ascending order, 0 and 1
 * first; the count is returned.
 */
static size_t
edge_lengths(size_t *len, size_t max)
{
	static const int d[] = { -17, -16, -9, -8, -2, -1, 0, 1 };
	const struct mds_alg *alg;
	size_t a, b, i, j, k, n = 0, v;

	len[n++] = 0;
	len[n++] = 1;
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++)
		for (k = 1; k <= 2; k++)
			for (i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
				b = mds_alg_block_len(alg);
				v = (size_t)((long)(k * b) + d[i]);
				for (j = 0; j < n && len[j] != v; j++)
					continue;
				if (j < n)
					continue;
				ck_assert_msg(n < max, "more than %zu edge "
				    "lengths: raise NEDGE", max);
				/* Insertion keeps them ascending. */
				for (j = n++; j > 0 && len[j - 1] > v; j--)
					len[j] = len[j - 1];
				len[j] = v;
			}
	return n;
}

/* The registry's own known answers through the lanes, all at once. */
static void
scheduler_vectors(const struct mds_alg *alg, struct mds_lanes *s,
    const char *label)
{
	const struct mds_vector *v;
	unsigned char *msg[16], want[MDS_MAX_DIGEST];
	struct mds_lane_result r;
	size_t i, n, m, mlen[16], dlen = mds_alg_digest_len(alg);

	if (alg->selftest == NULL || alg->selftest->msg == NULL)
		return;		/* blake2b-N: b2sum is the oracle elsewhere */
	for (n = 0, v = alg->selftest; v->msg != NULL && n < 16; v++, n++) {
		m = strlen(v->msg);
		mlen[n] = m * v->repeat;
		ck_assert_ptr_nonnull(msg[n] = malloc(mlen[n] + 1));
		for (i = 0; i < v->repeat; i++)
			memcpy(msg[n] + i * m, v->msg, m);
		ck_assert_int_eq(mds_lanes_add(s, msg[n], mlen[n], msg[n]), 0);
	}
	ck_assert_uint_gt(n, 0);
	for (i = 0, v = alg->selftest; i < n; i++, v++) {
		ck_assert_int_eq(mds_lanes_next(s, &r), 1);
		ck_assert_ptr_eq(r.tag, msg[i]);
		ck_assert_int_eq(mdt_unhex(v->hex, 2 * dlen, want), 0);
		MDT_DIGEST_EQ(r.digest, want, dlen, "%s on %s: known answer "
		    "%zu (%zu bytes)", mds_alg_name(alg), label, i, mlen[i]);
		free(msg[i]);
	}
}

/*
 * libtomcrypt's vectors (tests/vectors): the digests of bytes 0, 1, 2, ...
 * of every length from 0 past two blocks, in a "Hash: NAME" section per
 * algorithm; an algorithm without a section has none.  All through the
 * lanes at once, each against its independent answer.
 */
static void
scheduler_tomcrypt(const struct mds_alg *alg, struct mds_lanes *s,
    const char *label)
{
	static unsigned char msg[512];
	unsigned char want[MDS_MAX_DIGEST];
	char path[1024], line[512], *v, *end;
	struct mds_lane_result r;
	size_t n = 0, i, dlen = mds_alg_digest_len(alg);
	static char hex[300][2 * MDS_MAX_DIGEST + 1];
	FILE *fp;
	int in = 0;

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (unsigned char)i;
	(void)snprintf(path, sizeof(path), "%s/libtomcrypt-hash_tv-subset.txt",
	    mdt_vecdir);
	fp = fopen(path, "r");
	ck_assert_msg(fp != NULL, "%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "Hash: ", 6) == 0) {
			in = strcmp(line + 6, mds_alg_name(alg)) == 0;
			continue;
		}
		if (!in || line[0] == '\0')
			continue;
		i = (size_t)strtoul(line, &end, 10);
		ck_assert_msg(*end == ':' && i == n && n < 300 &&
		    i <= sizeof(msg), "%s: bad line %s", path, line);
		for (v = end + 1; *v == ' '; v++)
			continue;
		ck_assert_uint_ge(strlen(v), 2 * dlen);
		memcpy(hex[n], v, 2 * dlen);
		ck_assert_int_eq(mds_lanes_add(s, msg, i, (void *)(uintptr_t)i),
		    0);
		n++;
	}
	fclose(fp);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(mds_lanes_next(s, &r), 1);
		ck_assert_ptr_eq(r.tag, (void *)(uintptr_t)i);
		ck_assert_int_eq(mdt_unhex(hex[i], 2 * dlen, want), 0);
		MDT_DIGEST_EQ(r.digest, want, dlen, "%s on %s: libtomcrypt's "
		    "vector of %zu bytes", mds_alg_name(alg), label, i);
	}
}

START_TEST(test_scheduler_buffers)
{
	unsigned char *buf, want[MDS_MAX_DIGEST];
	struct mds_lane_result r;
	const struct mds_alg *alg;
	struct mds_lanes *s;
	uint64_t rng = mdt_stream(mdt_seed(), 800 + (uint64_t)_i);
	size_t a, i, j, off[NMSG], len[NMSG], bl, used = 0, nedge;
	const char *label;

	if (!start_kernel(_i, &label))
		return;
	buf = malloc(4 << 20);
	ck_assert_ptr_nonnull(buf);
	mdt_fill(&rng, buf, 4 << 20);
	for (a = 0; (alg = alg_at(a)) != NULL; a++) {
		ck_assert_ptr_nonnull(s = mds_lanes_new(alg));
		if (!serves(_i, s)) {
			mds_lanes_free(s);
			continue;
		}
		used++;
		scheduler_vectors(alg, s, label);
		scheduler_tomcrypt(alg, s, label);
		bl = mds_alg_block_len(alg);
		ck_assert_uint_gt(bl, 0);
		nedge = edge_lengths(len, NEDGE);
		for (i = nedge; i < NMSG; i++) {
			/* Then around 0, 1, 2 blocks, and long ones. */
			j = i - nedge;
			if (j < 3 * bl && j < 150)
				len[i] = j * 3 * bl / 150 + j % 3;
			else
				len[i] = (size_t)(mdt_rand(&rng) %	/* NOLINT(clang-analyzer-core.DivideZero) */
				    (i % 7 == 0 ? 200000 : 3 * bl));
		}
		for (i = 0; i < NMSG; i++)
			off[i] = (size_t)(mdt_rand(&rng) % ((4 << 20) -
			    len[i]));
		/* Add a few, take one, until all are back, in order. */
		for (i = j = 0; j < NMSG; j++) {
			size_t k = (size_t)(mdt_rand(&rng) % 9);

			for (; i < NMSG && k-- > 0; i++)
				ck_assert_int_eq(mds_lanes_add(s, buf + off[i],
				    len[i], (void *)(buf + i)), 0);
			if (i == j) {
				ck_assert_int_eq(mds_lanes_add(s, buf + off[i],
				    len[i], (void *)(buf + i)), 0);
				i++;
			}
			ck_assert_uint_eq(mds_lanes_pending(s), i - j);
			ck_assert_int_eq(mds_lanes_next(s, &r), 1);
			ck_assert_ptr_eq(r.tag, buf + j);
			ck_assert_int_eq(r.size, (int64_t)len[j]);
			mdt_hash(alg, "portable", buf + off[j], len[j], want);
			MDT_DIGEST_EQ(r.digest, want, mds_alg_digest_len(alg),
			    "%s on %s: message %zu of %zu bytes",
			    mds_alg_name(alg), label, j, len[j]);
		}
		ck_assert_int_eq(mds_lanes_next(s, &r), 0);
		mds_lanes_free(s);
	}
	if (_i > 0)
		ck_assert_msg(used > 0, "%s serves no algorithm", label);
	end_kernel();
	free(buf);
}
END_TEST

/* Files: read, mapped, across windows, a directory, a pipe. */
START_TEST(test_scheduler_files)
{
	static const size_t sizes[] = {
		0, 1, 63, 64, 65, 135, 136, 137, 4096, 300000, 1048575,
		1048576 + 137, 3 * 1048576 + 5
	};
	const size_t nsizes = sizeof(sizes) / sizeof(sizes[0]);
	unsigned char *buf, want[MDS_MAX_DIGEST];
	char dir[] = "/tmp/mdsum-lanes.XXXXXX", path[64];
	int fds[3 * 13 + 2], pipefd[2], how;
	struct mds_lane_result r;
	const struct mds_alg *alg;
	struct mds_lanes *s;
	uint64_t rng = mdt_stream(mdt_seed(), 900 + (uint64_t)_i);
	size_t a, i, n;
	const char *label;

	if (!start_kernel(_i, &label))
		return;
	buf = malloc(sizes[nsizes - 1]);
	ck_assert_ptr_nonnull(buf);
	mdt_fill(&rng, buf, sizes[nsizes - 1]);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	for (i = 0; i < nsizes; i++) {
		FILE *fp;

		snprintf(path, sizeof(path), "%s/f%zu", dir, i);
		ck_assert_ptr_nonnull(fp = fopen(path, "wb"));
		ck_assert_uint_eq(fwrite(buf, 1, sizes[i], fp), sizes[i]);
		ck_assert_int_eq(fclose(fp), 0);
	}
	for (a = 0; (alg = alg_at(a)) != NULL; a++) {
		ck_assert_ptr_nonnull(s = mds_lanes_new(alg));
		if (!serves(_i, s)) {
			mds_lanes_free(s);
			continue;
		}
		/* Every size read each way, the directory, then a pipe. */
		n = 0;
		for (how = MDS_READ_AUTO; how <= MDS_READ_LOOP; how++)
			for (i = 0; i < nsizes; i++) {
				snprintf(path, sizeof(path), "%s/f%zu", dir, i);
				ck_assert_int_ne(fds[n] = open(path, O_RDONLY),
				    -1);
				ck_assert_int_eq(mds_lanes_add_fd(s, fds[n],
				    how, (void *)(uintptr_t)n), 0);
				n++;
			}
		ck_assert_int_ne(fds[n] = open(dir, O_RDONLY), -1);
		ck_assert_int_eq(mds_lanes_add_fd(s, fds[n], MDS_READ_AUTO,
		    (void *)(uintptr_t)n), 0);
		n++;
		ck_assert_int_eq(pipe(pipefd), 0);
		ck_assert_int_eq(write(pipefd[1], buf, 1000), 1000);
		close(pipefd[1]);
		fds[n] = pipefd[0];
		ck_assert_int_eq(mds_lanes_add_fd(s, fds[n], MDS_READ_AUTO,
		    (void *)(uintptr_t)n), 0);
		n++;
		for (i = 0; i < n; i++) {
			size_t want_len = i < 3 * nsizes ? sizes[i % nsizes] :
			    1000;

			ck_assert_int_eq(mds_lanes_next(s, &r), 1);
			ck_assert_ptr_eq(r.tag, (void *)(uintptr_t)i);
			close(fds[i]);
			if (i == 3 * nsizes) {
				ck_assert_int_eq(r.size, -1);
				ck_assert_int_eq(r.error, EISDIR);
				continue;
			}
			ck_assert_int_eq(r.size, (int64_t)want_len);
			mdt_hash(alg, "portable", buf, want_len, want);
			MDT_DIGEST_EQ(r.digest, want, mds_alg_digest_len(alg),
			    "%s on %s: file %zu of %zu bytes (%s)",
			    mds_alg_name(alg), label, i, want_len, r.how);
		}
		mds_lanes_free(s);
	}
	for (i = 0; i < nsizes; i++) {
		snprintf(path, sizeof(path), "%s/f%zu", dir, i);
		unlink(path);
	}
	rmdir(dir);
	end_kernel();
	free(buf);
}
END_TEST

/*
 * The batch of mds_digest_many, entries indexing the messages of ov (every
 * length around every block size, some long ones): in order, then
 * shrinking (each last block over a longer one's in a lane), then
 * shuffled, then messages of a few lengths each as many times as there
 * can be lanes, so that the lanes finish together.
 */
static size_t
batch_order(const struct mdt_ovec *ov, uint64_t *rng, size_t *ord)
{
	static const size_t rep[] = { 0, 1, 55, 64, 136, 1000 };
	size_t i, j, k, t, n = ov->n, m = 0;

	for (i = 0; i < n; i++)
		ord[m++] = i;
	for (i = n; i > 0; i--)
		ord[m++] = i - 1;
	for (i = 0; i < n; i++)
		ord[m + i] = i;
	for (i = n; i > 1; i--) {
		j = (size_t)(mdt_rand(rng) % i);
		t = ord[m + i - 1];
		ord[m + i - 1] = ord[m + j];
		ord[m + j] = t;
	}
	m += n;
	for (k = 0; k < sizeof(rep) / sizeof(rep[0]); k++) {
		for (j = 0; j < n && ov->len[j] != rep[k]; j++)
			continue;
		ck_assert_msg(j < n, "oracle-hashlib.txt: no message of %zu "
		    "bytes", rep[k]);
		for (i = 0; i < MDS_MAX_LANES; i++)
			ord[m++] = j;
	}
	return m;
}

#define BATCH_MAX	(3 * MDT_OVEC_MAX + 6 * MDS_MAX_LANES)

/*
 * mds_digest_many over the messages of ov in the order of ord[0..n),
 * against ov's digests: hashlib's or the oracle's, not the library's.
 */
static void
batch_check(const struct mds_alg *alg, const char *label,
    const struct mdt_ovec *ov, const size_t *ord, size_t n,
    unsigned char *out)
{
	const void *msgs[BATCH_MAX];
	size_t lens[BATCH_MAX], i, dlen = mds_alg_digest_len(alg);
	unsigned char scratch[MDS_MAX_DIGEST];
	const char *whose = mdt_oracle(alg, "", 0, scratch) ? "oracle.c" :
	    "hashlib";

	for (i = 0; i < n; i++) {
		lens[i] = ov->len[ord[i]];
		/* no bytes: no pointer needed */
		msgs[i] = lens[i] == 0 ? NULL : ov->msg[ord[i]];
	}
	ck_assert_int_eq(mds_digest_many(alg, n, msgs, lens, out), 0);
	for (i = 0; i < n; i++)
		MDT_DIGEST_EQ(out + i * dlen, ov->md[ord[i]], dlen,
		    "%s on %s: batch entry %zu, %zu bytes (message %zu of "
		    "oracle-hashlib.txt), against %s", mds_alg_name(alg),
		    label, i, lens[i], ord[i], whose);
}

START_TEST(test_digest_many)
{
	const void *msgs[BATCH_MAX];
	size_t lens[BATCH_MAX], ord[BATCH_MAX], a, i, n;
	unsigned char *out;
	uint64_t rng = mdt_stream(mdt_seed(), 1000);
	const struct mds_alg *alg;
	struct mdt_ovec *ov;
	const char *label;

	if (!start_kernel(_i, &label))
		return;
	out = malloc(BATCH_MAX * MDS_MAX_DIGEST);
	ck_assert_ptr_nonnull(out);
	for (a = 0; (alg = alg_at(a)) != NULL; a++) {
		ov = mdt_ovec_load("lanes", alg);
		ck_assert_msg(ov != NULL, "%s: no answers to check "
		    "mds_digest_many against: add it to "
		    "tests/vectors/oracle-gen.py", mds_alg_name(alg));
		n = batch_order(ov, &rng, ord);
		batch_check(alg, label, ov, ord, n, out);
		ck_assert_int_eq(mds_digest_many(alg, 0, NULL, NULL, NULL), 0);
		for (i = 0; i < n; i++) {
			msgs[i] = ov->msg[ord[i]];
			lens[i] = ov->len[ord[i]];
		}
		msgs[n - 3] = NULL;	/* bytes without a pointer */
		lens[n - 3] = 1;
		errno = 0;
		ck_assert_int_eq(mds_digest_many(alg, n, msgs, lens, out), -1);
		ck_assert_int_eq(errno, EINVAL);
		mdt_ovec_free(ov);
	}
	errno = 0;
	ck_assert_int_eq(mds_digest_many(NULL, 1, msgs, lens, out), -1);
	ck_assert_int_eq(errno, EINVAL);
	end_kernel();
	free(out);
}
END_TEST

/*
 * mds_lanes_hashed_by names the kernel that took most of a message: a
 * long message left alone once a short one beside it ended goes through
 * the single-stream kernel, and must not be reported as the lanes'.
 */
START_TEST(test_hashed_by)
{
	static unsigned char buf[1 << 20];
	const struct mds_mb_kernel *k = mb_kernel_at((size_t)_i);
	struct mds_lane_result r;
	const struct mds_alg *alg;
	struct mds_lanes *s;
	const char *by, *on, *label;
	size_t a, lanes, used = 0;

	if (!start_kernel(_i + 1, &label))
		return;
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		ck_assert_ptr_nonnull(s = mds_lanes_new(alg));
		if (!serves(_i + 1, s) || k->min_busy < 2) {
			mds_lanes_free(s);
			continue;
		}
		used++;
		ck_assert_int_eq(mds_lanes_add(s, buf, 1, NULL), 0);
		ck_assert_int_eq(mds_lanes_add(s, buf, sizeof(buf), NULL), 0);
		ck_assert_int_eq(mds_lanes_next(s, &r), 1);
		ck_assert_int_eq(mds_lanes_next(s, &r), 1);
		ck_assert_int_eq(r.size, (int64_t)sizeof(buf));
		ck_assert_ptr_nonnull(by = mds_lanes_hashed_by(s, &lanes));
		ck_assert_msg(lanes == 1 && strcmp(by, label) != 0,
		    "%s on %s: a long message finished alone reported as "
		    "hashed by %s, %zu lanes", mds_alg_name(alg), label, by,
		    lanes);
		/*
		 * On the backend of the code that ran: a kernel, native code
		 * unless the portable backend is the choice; never the
		 * choice's other backends (OpenSSL's, libmd's).
		 */
		ck_assert_ptr_nonnull(on = mds_lanes_hashed_on(s));
		ck_assert_str_eq(on, strcmp(mds_alg_backend(alg),
		    "portable") == 0 ? "portable" : "native");
		mds_lanes_free(s);
		break;
	}
	if (k->min_busy >= 2)
		ck_assert_msg(used > 0, "%s serves no algorithm", label);
	end_kernel();
}
END_TEST

/*
 * A scheduler whose messages go through a context (a backend forced that
 * has no lanes) names that context's code and backend; before its first
 * result it names nothing.
 */
START_TEST(test_hashed_on_ctx)
{
	static const char *const backends[] = { "openssl", "libmd",
	    "portable" };
	const struct mds_alg *alg = mds_alg_find("sha256");
	struct mds_lane_result r;
	struct mds_lanes *s;
	size_t b, lanes, used = 0;

	for (b = 0; b < sizeof(backends) / sizeof(backends[0]); b++) {
		if (mds_backend_built(backends[b]) != 1)
			continue;
		ck_assert_int_eq(mds_set_backend(backends[b]), 0);
		ck_assert_ptr_nonnull(s = mds_lanes_new(alg));
		errno = 0;
		ck_assert_ptr_null(mds_lanes_hashed_on(s));
		ck_assert_int_eq(errno, EINVAL);
		ck_assert_int_eq(mds_lanes_add(s, "abc", 3, NULL), 0);
		ck_assert_int_eq(mds_lanes_next(s, &r), 1);
		ck_assert_str_eq(mds_lanes_hashed_on(s), backends[b]);
		ck_assert_ptr_nonnull(mds_lanes_hashed_by(s, &lanes));
		ck_assert_uint_eq(lanes, 1);
		mds_lanes_free(s);
		used++;
	}
	(void)mds_set_backend(NULL);
	ck_assert_uint_ge(used, 1);
}
END_TEST

/*
 * BLAKE2b rows go through lanes: each blake2b kernel pinned by name, and
 * by default the best one this CPU has (x86-64 with AVX2: not the
 * portable one, which dispatch never picks).  The other cases would pass
 * with BLAKE2b hashed one message at a time.
 */
START_TEST(test_blake2b_in_lanes)
{
	static const char *const names[] = { "blake2b", "blake2b-256" };
	const struct mds_mb_kernel *k;
	const struct mds_alg *alg;
	struct mds_lane_result r;
	struct mds_lanes *s;
	unsigned char msg[100 + 50 * MDS_MAX_LANES], want[MDS_MAX_DIGEST];
	const char *by;
	size_t i, n, lanes, used, kernels = 0;

	memset(msg, 'b', sizeof(msg));
	for (i = 0; i < mb_kernel_count(); i++) {
		k = mb_kernel_at(i);
		if (k->family != MDS_FAM_BLAKE2B || !kernel_runnable(k))
			continue;
		kernels++;
		ck_assert_int_eq(start_kernel((int)i + 1, &by), 1);
		for (n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
			ck_assert_ptr_nonnull(alg = mds_alg_find(names[n]));
			ck_assert_ptr_nonnull(s = mds_lanes_new(alg));
			ck_assert_uint_eq(mds_lanes_width(s), k->lanes);
			ck_assert_str_eq(mds_lanes_kernel(s), k->name);
			/* as many messages as lanes: every one in them */
			for (lanes = 0; lanes < k->lanes; lanes++)
				ck_assert_int_eq(mds_lanes_add(s, msg,
				    100 + lanes * 50, NULL), 0);
			for (lanes = 0; lanes < k->lanes; lanes++) {
				ck_assert_int_eq(mds_lanes_next(s, &r), 1);
				mdt_hash(alg, "portable", msg, 100 + lanes * 50,
				    want);
				MDT_DIGEST_EQ(r.digest, want,
				    mds_alg_digest_len(alg), "%s on %s",
				    names[n], k->name);
				ck_assert_ptr_nonnull(by =
				    mds_lanes_hashed_by(s, &used));
				ck_assert_str_eq(by, k->name);
				ck_assert_uint_eq(used, k->lanes);
			}
			mds_lanes_free(s);
		}
		end_kernel();
	}
	ck_assert_uint_ge(kernels, 1);	/* blake2b-portable-x4 at least */
#if defined(__x86_64__)
	if (mds_backend_built("native") == 1 &&
	    mds_cpu_missing(MDS_CPU_AVX2) == NULL) {
		ck_assert_ptr_nonnull(s = mds_lanes_new(
		    mds_alg_find("blake2b")));
		ck_assert_uint_gt(mds_lanes_width(s), 1);
		ck_assert_msg(strncmp(mds_lanes_kernel(s), "blake2b-avx", 11)
		    == 0, "blake2b: default lanes %s", mds_lanes_kernel(s));
		mds_lanes_free(s);
	}
#endif
}
END_TEST

Suite *
mdt_lanes_suite(void)
{
	Suite *s = suite_create("lanes");
	TCase *tc = tcase_create("kernels");
	int n = (int)mb_kernel_count();

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_kernel_random, 0, n);
	tcase_add_loop_test(tc, test_kernel_guard, 0, n);
	suite_add_tcase(s, tc);
	tc = tcase_create("scheduler");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_scheduler_buffers, 0, n + 1);
	tcase_add_loop_test(tc, test_scheduler_files, 0, n + 1);
	tcase_add_loop_test(tc, test_hashed_by, 0, n);
	tcase_add_test(tc, test_hashed_on_ctx);
	tcase_add_test(tc, test_blake2b_in_lanes);
	suite_add_tcase(s, tc);
	tc = tcase_create("batch");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_digest_many, 0, n + 1);
	suite_add_tcase(s, tc);
	return s;
}
