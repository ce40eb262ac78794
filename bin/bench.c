/*
 * bench.c: measuring hash throughput, shared by mdsum --bench (every
 * algorithm x every built backend x message size, one table) and the BSD
 * tools' -t time trial (FreeBSD's 100000 blocks of 10000 bytes, each
 * backend in turn).
 *
 * Times are wall-clock (CLOCK_MONOTONIC) medians of repeated runs after a
 * warm-up run.  Cycles per byte use a clock rate estimated by timing a
 * chain of dependent additions, which modern cores retire at one per cycle;
 * there are no cycle counters to read on every machine this runs on, and
 * the estimate says so in the table's first line.
 *
 * Every row hashes with an implementation named by its id (mds_impl_at),
 * so no setting of the process is changed, nor left behind by a row
 * that fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

#define TRIAL_BLOCK_LEN		10000
#define TRIAL_BLOCK_COUNT	100000
#define BENCH_RUNS		5	/* timed runs; the median is kept */
#define BENCH_RUN_SECONDS	0.02	/* the least time one run takes */
#define BENCH_LANES_MAX		64	/* lanes a multi-buffer row can use */

static const size_t bench_sizes[] = { 64, 1024, 16384, 1048576 };

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Clock rate in Hz: 2^26 additions, each depending on the one before, so
 * each takes one cycle; the best of five tries.
 */
static double
clock_hz(void)
{
	double best = 0, t0, t;
	unsigned long x, i;
	int k;

	for (k = 0; k < 5; k++) {
		x = 0;
		t0 = now();
		for (i = 0; i < (1UL << 23); i++) {
			/* Eight dependent adds the compiler may not fold. */
			__asm__ volatile("" : "+r"(x));
			x += i; __asm__ volatile("" : "+r"(x));
			x += i; __asm__ volatile("" : "+r"(x));
			x += i; __asm__ volatile("" : "+r"(x));
			x += i; __asm__ volatile("" : "+r"(x));
			x += i; __asm__ volatile("" : "+r"(x));
			x += i; __asm__ volatile("" : "+r"(x));
			x += i; __asm__ volatile("" : "+r"(x));
			x += i;
		}
		t = now() - t0;
		if (t > 0 && (double)(1UL << 26) / t > best)
			best = (double)(1UL << 26) / t;
	}
	return best;
}

/*
 * Hash nmsgs messages, each `updates` updates of len bytes from buf, on
 * implementation c; the seconds taken, or -1.  md gets the last digest.
 */
static double
run_once(const struct mds_alg *alg, const struct mds_impl_info *c,
    const unsigned char *buf, size_t len, size_t updates, size_t nmsgs,
    unsigned char *md)
{
	mds_ctx ctx;
	double t0;
	size_t m, u;

	t0 = now();
	for (m = 0; m < nmsgs; m++) {
		if (mds_init_impl(&ctx, alg, c->id) == -1)
			return -1;
		for (u = 0; u < updates; u++)
			(void)mds_update(&ctx, buf, len);
		if (mds_final(&ctx, md) == -1)
			return -1;
	}
	return now() - t0;
}

/* Bytes hashed per second for messages of len bytes: a median. */
static double
measure(const struct mds_alg *alg, const struct mds_impl_info *c,
    const unsigned char *buf, size_t len, unsigned char *md)
{
	double secs[BENCH_RUNS], t;
	size_t nmsgs = 1;
	int r;

	/* Warm up, and grow the run until it lasts long enough to time. */
	while ((t = run_once(alg, c, buf, len, 1, nmsgs, md)) <
	    BENCH_RUN_SECONDS && t >= 0)
		nmsgs *= 2;
	if (t < 0)
		return -1;
	for (r = 0; r < BENCH_RUNS; r++)
		secs[r] = run_once(alg, c, buf, len, 1, nmsgs, md);
	qsort(secs, BENCH_RUNS, sizeof(secs[0]), by_value);
	return (double)len * (double)nmsgs / secs[BENCH_RUNS / 2];
}

/*
 * Multi-buffer rows: 2 * lanes copies of the message through the batch
 * API on kernel c, so that every lane is busy; bytes per second over all
 * of them, a median as above.
 */
static double
lanes_once(const struct mds_alg *alg, const struct mds_impl_info *c,
    const unsigned char *buf, size_t len, size_t rounds, unsigned char *md)
{
	const void *msgs[2 * BENCH_LANES_MAX];
	size_t lens[2 * BENCH_LANES_MAX], i, n = 2 * c->lanes, r;
	unsigned char *out;
	double t0;

	if (n > 2 * BENCH_LANES_MAX ||
	    (out = malloc(n * MDS_MAX_DIGEST)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		msgs[i] = buf;
		lens[i] = len;
	}
	t0 = now();
	for (r = 0; r < rounds; r++)
		if (mds_digest_many_impl(alg, c->id, n, msgs, lens, out) ==
		    -1) {
			free(out);
			return -1;
		}
	t0 = now() - t0;
	memcpy(md, out, mds_alg_digest_len(alg));
	free(out);
	return t0 / (double)n;	/* per message, to compare with run_once */
}

static double
measure_lanes(const struct mds_alg *alg, const struct mds_impl_info *c,
    const unsigned char *buf, size_t len, unsigned char *md)
{
	double secs[BENCH_RUNS], t;
	size_t rounds = 1;
	int r;

	while ((t = lanes_once(alg, c, buf, len, rounds, md)) >= 0 &&
	    t * (double)rounds * 2 < BENCH_RUN_SECONDS / 8)
		rounds *= 2;
	if (t < 0)
		return -1;
	for (r = 0; r < BENCH_RUNS; r++)
		secs[r] = lanes_once(alg, c, buf, len, rounds, md);
	qsort(secs, BENCH_RUNS, sizeof(secs[0]), by_value);
	return (double)len * (double)rounds / secs[BENCH_RUNS / 2];
}

/* The benchmark message: the same bytes for every row of one size. */
static unsigned char *
bench_message(size_t len)
{
	unsigned char *buf;
	size_t i;

	if ((buf = malloc(len != 0 ? len : 1)) == NULL)
		return NULL;
	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)(i * 31 + 7);
	return buf;
}

/* The rows of one multi-buffer kernel, one per size; -1 on failure. */
static int
bench_lanes(const struct mds_alg *alg, const struct mds_impl_info *c,
    const size_t *sizes, size_t nsizes, double hz)
{
	unsigned char md[MDS_MAX_DIGEST], *buf;
	char hex[2 * MDS_MAX_DIGEST + 1];
	double rate;
	size_t s;

	for (s = 0; s < nsizes; s++) {
		if ((buf = bench_message(sizes[s])) == NULL)
			return -1;
		rate = measure_lanes(alg, c, buf, sizes[s], md);
		free(buf);
		if (rate <= 0)
			return -1;
		printf("%-10s %-9s %-17s %8zu %10.1f %12.2f  %s\n",
		    mds_alg_name(alg), c->backend, c->name, sizes[s], rate / 1e6,
		    hz / rate, mds_hex(md, mds_alg_digest_len(alg), hex));
		fflush(stdout);
	}
	return 0;
}

/*
 * mdsum --bench: algs (all when n is 0), one size (all when 0), one
 * backend (all built when NULL).  A multi-buffer kernel's rows give the
 * bytes per second over all its lanes, each hashing a copy of the message.
 */
int
bench_table(const struct mds_alg **algs, size_t nalgs, size_t size,
    const char *backend)
{
	struct mds_impl_info c;
	unsigned char md[MDS_MAX_DIGEST], *buf;
	char hex[2 * MDS_MAX_DIGEST + 1];
	const struct mds_alg *alg;
	double hz, rate;
	size_t a, i, s, nsizes, len;
	const size_t *sizes;

	hz = clock_hz();
	printf("# mdsum --bench: median of %d runs of at least %.0f ms after "
	    "a warm-up; clock %.2f GHz, estimated by timing dependent "
	    "additions (one per cycle)\n", BENCH_RUNS,
	    BENCH_RUN_SECONDS * 1000, hz / 1e9);
	printf("%-10s %-9s %-17s %8s %10s %12s  %s\n", "algorithm", "backend",
	    "level", "bytes", "MB/s", "cycles/byte", "digest");
	sizes = size != 0 ? &size : bench_sizes;
	nsizes = size != 0 ? 1 : sizeof(bench_sizes) / sizeof(bench_sizes[0]);
	for (a = 0; a < (nalgs != 0 ? nalgs : mds_alg_count()); a++) {
		alg = nalgs != 0 ? algs[a] : mds_alg_at(a);
		for (i = 0; mds_impl_at(alg, i, &c) == 1; i++) {
			if (backend != NULL && strcmp(backend, c.backend) != 0)
				continue;
			if (c.lanes > 1) {
				if (bench_lanes(alg, &c, sizes, nsizes,
				    hz) == -1)
					return 1;
				continue;
			}
			for (s = 0; s < nsizes; s++) {
				len = sizes[s];
				if ((buf = bench_message(len)) == NULL)
					return 1;
				rate = measure(alg, &c, buf, len, md);
				free(buf);
				if (rate <= 0)
					return 1;
				printf("%-10s %-9s %-17s %8zu %10.1f %12.2f  %s\n",
				    mds_alg_name(alg), c.backend,
				    strcmp(c.name, c.backend) != 0 ? c.name :
				    strcmp(c.backend, "portable") == 0 ?
				    "portable" : "-",
				    len, rate / 1e6, hz / rate, mds_hex(md,
				    mds_alg_digest_len(alg), hex));
				fflush(stdout);
			}
		}
	}
	return 0;
}

/* -t: FreeBSD's time trial on every implementation in turn. */
int
time_trial(const struct mds_alg *alg)
{
	struct mds_impl_info c;
	unsigned char md[MDS_MAX_DIGEST], *block;
	char hex[2 * MDS_MAX_DIGEST + 1], label[64];
	double secs;
	size_t i;
	int failed = 0;

	if ((block = malloc(TRIAL_BLOCK_LEN)) == NULL)
		return -1;
	for (i = 0; i < TRIAL_BLOCK_LEN; i++)
		block[i] = (unsigned char)(i & 0xff);
	for (i = 0; mds_impl_at(alg, i, &c) == 1 && c.lanes == 1; i++) {
		printf("%s time trial. Digesting %d %d-byte blocks with %s ...",
		    mds_alg_tag(alg), TRIAL_BLOCK_COUNT, TRIAL_BLOCK_LEN,
		    impl_label(&c, label, sizeof(label)));
		fflush(stdout);
		secs = run_once(alg, &c, block, TRIAL_BLOCK_LEN,
		    TRIAL_BLOCK_COUNT, 1, md);
		if (secs < 0) {
			failed = 1;
			printf(" failed\n");
			continue;
		}
		printf(" done\nDigest = %s\nTime = %f seconds\n"
		    "Speed = %.2f MB/s\n",
		    mds_hex(md, mds_alg_digest_len(alg), hex), secs,
		    (double)TRIAL_BLOCK_LEN * TRIAL_BLOCK_COUNT / secs / 1e6);
	}
	free(block);
	return failed ? -1 : 0;
}
