/*
 * tune.c: the code that hashes an algorithm by default, chosen by timing
 * the candidates on this CPU, the way the Linux kernel times its RAID-6
 * and xor routines at boot.  No fixed ranking is right on every CPU: an
 * AVX-512 MD5 that wins on one core design runs at half the speed of
 * plain x86-64 code on another, and OpenSSL beats the in-tree SHA-512 on
 * some and loses on others.
 *
 * Two rankings per algorithm, each made once per process, at first need:
 *  - one stream: every native kernel of its family this CPU runs (the
 *    portable one included) and every other built backend that has it
 *    (those costly to start, OpenSSL, only for MDS_TUNE_COSTLY_MIN of
 *    work: the ranking is then made again); the fastest becomes the
 *    algorithm's default (choice.c);
 *  - many streams: every multi-buffer kernel of the family, over all its
 *    lanes, against the best single stream; the fastest is what the lane
 *    schedulers use (none, if one stream is as fast).
 * Each candidate hashes the same buffer in cache, in rounds taken in
 * turn (so that a clock that ramps up or a neighbour's load hits them
 * alike), and keeps its best round.  The whole costs a few hundred
 * microseconds, so it is only done for work that repays it, from
 * MDS_TUNE_SINGLE_MIN (1 MiB): mds_tune's caller says how much is coming.
 * A ranking is kept for the next processes on the same CPU and build
 * (tune_cache.c), which read it instead of measuring.
 * A setting of the user's (MDSUM_CPU, mds_set_cpu_level, MDSUM_BACKEND,
 * mds_set_backend) is never overridden: choice.c puts it first.
 *
 * MDSUM_TUNE=never turns it off, MDSUM_TUNE=always makes every mds_tune
 * call rank (for tests on small inputs; nothing kept is read), and
 * MDSUM_TUNE_SLOW names candidates whose measured times are multiplied by
 * a million, so that tests can check that the choice follows the
 * measurement on any CPU (nothing is kept then, nor with made-up times).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mds_int.h"

#define TUNE_BUF	(8 * 1024)	/* bytes one single-stream round hashes */
/*
 * A tree's round: its widest batch (64 chunks) whole, and the chunk it
 * holds back; with 8 KiB every kernel of BLAKE3 would run its narrowest.
 */
#define TUNE_TREE_BUF	(65 * 1024)
#define TUNE_LANE_BUF	(2 * 1024)	/* bytes per lane in a multi-buffer round */
#define TUNE_ROUNDS	5		/* the first one only warms up */
/*
 * The warm-up lasts this long at least: wide vector units are powered up
 * for some microseconds at reduced throughput, and a kernel timed before
 * would lose by that alone.
 */
#define TUNE_WARM_NS	20000.0
#define TUNE_ROWS	16
/*
 * Past any real ratio of two candidates: under AddressSanitizer, on a
 * loaded machine, portable CRC measured over 5000 times slower than
 * crc-vpclmul, and a factor of 1000 did not make it the winner.
 */
#define SLOW_FACTOR	1e6
/*
 * A challenger must beat the built-in choice by this much to replace it:
 * two within noise of each other must not make the default flip from run
 * to run.
 */
#define MARGIN		1.02

/* How far the single stream was ranked: backends that cost to start too. */
#define RANKED_CHEAP	1
#define RANKED_ALL	2

struct tune_result {
	int			 single, mb;	/* RANKED_*; ranked */
	size_t			 n;
	struct mds_tune_row	 rows[TUNE_ROWS];
	/* what a single-stream row stands for */
	const struct mds_impl	*impl[TUNE_ROWS];
	const struct mds_kernel	*kernel[TUNE_ROWS];
	const struct mds_mb_kernel *mbk[TUNE_ROWS];
	double			 best_single;	/* bytes per ns */
	double			 micros;	/* spent measuring */
	const char		*kept;	/* the file rows came from, or NULL */
};

static struct tune_result results[MDS_MAX_ALGS];
static pthread_mutex_t tune_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static int tune_mode;		/* 0 by work, 1 always, -1 never */
static const char *slow_list;	/* MDSUM_TUNE_SLOW */
static unsigned char *tune_buf;	/* a round's bytes, whichever is most */

/* The kernel the native code of this thread uses while it is timed. */
__thread const struct mds_kernel *mds_kernel_override;
/* Tests: the rows' times per byte, instead of the clock (mds_int.h). */
double (*mds_tune_fake)(const char *, unsigned int);

static void
read_env(void)
{
	const char *mode = getenv("MDSUM_TUNE");

	if (mode != NULL && strcmp(mode, "always") == 0)
		tune_mode = 1;
	else if (mode != NULL && strcmp(mode, "never") == 0)
		tune_mode = -1;
	slow_list = getenv("MDSUM_TUNE_SLOW");
}

/* Is name in MDSUM_TUNE_SLOW's comma list? */
static int
slowed(const char *name)
{
	const char *p = slow_list, *end;
	size_t len = strlen(name);

	while (p != NULL && *p != '\0') {
		end = strchr(p, ',');
		if (end == NULL)
			end = p + strlen(p);
		if ((size_t)(end - p) == len && strncmp(p, name, len) == 0)
			return 1;
		p = *end == ',' ? end + 1 : end;
	}
	return 0;
}

double
mds_now_ns(void)
{
	struct timespec ts;

	(void)clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Bytes a single-stream round of alg hashes. */
static size_t
tune_len(const struct mds_alg *alg)
{
	return alg->family == MDS_FAM_BLAKE3 ? TUNE_TREE_BUF : TUNE_BUF;
}

/* One round of a single-stream candidate: ns to hash the buffer. */
static double
time_single(const struct mds_alg *alg, const struct mds_impl *impl,
    const struct mds_kernel *k)
{
	mds_ctx ctx;
	unsigned char md[MDS_MAX_DIGEST];
	double t0, t;

	mds_kernel_override = k;
	if (impl->init(&ctx.u_, alg) == -1) {
		mds_kernel_override = NULL;
		return -1;
	}
	t0 = mds_now_ns();
	impl->update(&ctx.u_, tune_buf, tune_len(alg));
	t = mds_now_ns() - t0;
	(void)impl->final(&ctx.u_, md);
	mds_kernel_override = NULL;
	return t;
}

/* One round of a multi-buffer kernel, every lane busy: ns per byte. */
static double
time_mb(const struct mds_mb_kernel *k, const struct mds_shape *sh)
{
	static uint64_t state[25 * MDS_MAX_LANES] __attribute__((aligned(64)));
	const unsigned char *data[MDS_MAX_LANES];
	size_t nblocks = TUNE_LANE_BUF / sh->block, l;
	double t0;

	for (l = 0; l < k->lanes; l++)
		data[l] = tune_buf + l * TUNE_LANE_BUF;
	t0 = mds_now_ns();
	k->blocks(state, data, nblocks, sh->block);
	return (mds_now_ns() - t0) / (double)(nblocks * sh->block * k->lanes);
}

/*
 * After a counted round, a candidate half again as slow as the best so
 * far cannot win: it is not timed again (the slow ones cost the most).
 */
static int
out_of_it(const double *best, size_t first, size_t n, size_t i)
{
	double top = -1;
	size_t j;

	for (j = first; j < n; j++)
		if (best[j] > 0 && (top < 0 || best[j] < top))
			top = best[j];
	return top > 0 && best[i] > 1.5 * top;
}

/* One round of row i: ns per byte, or -1. */
static double
time_row(const struct tune_result *r, size_t i, const struct mds_alg *alg)
{
	double t;

	if (mds_tune_fake != NULL)
		return mds_tune_fake(r->rows[i].name, r->rows[i].lanes);
	if (r->mbk[i] != NULL)
		return alg->shape != NULL ? time_mb(r->mbk[i], alg->shape) : -1;
	t = time_single(alg, r->impl[i], r->kernel[i]);
	return t > 0 ? t / (double)tune_len(alg) : -1;
}

/* The warm-up of row i: rounds until TUNE_WARM_NS have passed. */
static void
warm_row(const struct tune_result *r, size_t i, const struct mds_alg *alg)
{
	double t0 = mds_now_ns();
	int n = 0;

	while (time_row(r, i, alg) >= 0 && mds_tune_fake == NULL &&
	    ++n < 64 && mds_now_ns() - t0 < TUNE_WARM_NS)
		continue;
}

/*
 * Time rows first.. of r in rounds taken in turn, the first one to warm
 * up; each row's best round becomes its MB/s (slowed ones' times x 1e6).
 */
static void
time_rows(struct tune_result *r, size_t first, const struct mds_alg *alg)
{
	double best[TUNE_ROWS], t;
	size_t i, round;

	for (i = first; i < r->n; i++)
		best[i] = -1;
	for (round = 0; round < TUNE_ROUNDS; round++)
		for (i = first; i < r->n; i++) {
			if (round > 1 && out_of_it(best, first, r->n, i))
				continue;
			if (round == 0) {
				warm_row(r, i, alg);
				continue;
			}
			t = time_row(r, i, alg);
			if (t > 0 && (best[i] < 0 || t < best[i]))
				best[i] = t;
		}
	for (i = first; i < r->n; i++) {
		if (best[i] <= 0)
			continue;
		if (slowed(r->rows[i].name))
			best[i] *= SLOW_FACTOR;
		r->rows[i].mbps = 1e3 / best[i];
	}
}

/* Are rankings kept between runs?  Not those of times made up or slowed. */
static int
keeping(void)
{
	return slow_list == NULL && mds_tune_fake == NULL;
}

/*
 * Rows first.. of r as an earlier run ranked them (tune_cache.c), if it
 * ranked exactly these on this CPU and build: 1, or 0 to measure.
 * MDSUM_TUNE=always measures every time.
 */
static int
kept_rows(const struct mds_alg *alg, struct tune_result *r, size_t first,
    const char *kind, int depth)
{
	const char *file;

	if (!keeping() || tune_mode != 0 || !mds_tune_cache_load(alg, kind,
	    depth, r->rows + first, r->n - first, &file))
		return 0;
	r->kept = file;
	return 1;
}

static void
keep_rows(const struct mds_alg *alg, const struct tune_result *r,
    size_t first, const char *kind, int depth)
{
	if (keeping())
		mds_tune_cache_store(alg, kind, depth, r->rows + first,
		    r->n - first);
}

static void
add_row(struct tune_result *r, const char *name, unsigned int lanes)
{
	r->rows[r->n].name = name;
	r->rows[r->n].lanes = lanes;
	r->rows[r->n].mbps = 0;
	r->rows[r->n].chosen = 0;
	r->impl[r->n] = NULL;
	r->kernel[r->n] = NULL;
	r->mbk[r->n] = NULL;
	r->n++;
}

/*
 * Rank the single-stream candidates of alg: every kernel of its family
 * this CPU runs on the native backend, then every other backend built
 * with alg (portable only without native: it is the portable kernel),
 * to depth (RANKED_ALL: the costly ones too).  1 if they were measured,
 * 0 if an earlier run's ranking of them was kept.
 */
static int
rank_single(const struct mds_alg *alg, struct tune_result *r, int depth)
{
	const struct mds_impl *impls[8], *native, *def;
	const struct mds_kernel *k, *defk;
	enum mds_family family = MDS_FAM_NONE;
	size_t nimpls, i, first = r->n, win, inc;
	int id, kept;

	/* The choice so far, which the others have to beat. */
	id = mds_choose(alg, 0);
	def = id >= 0 ? mds_choice_impl(alg, id) : alg->portable;
	defk = id >= 0 ? mds_choice_kernel(alg, id) : NULL;

	nimpls = mds_backend_impls(alg, impls, 8, depth == RANKED_ALL);
	native = mds_backend_impl(alg, MDS_BE_NATIVE);
	if (native != NULL && (family = alg->family) != MDS_FAM_NONE) {
		for (i = 0; i < mds_arch_nkernels && r->n < TUNE_ROWS; i++) {
			k = &mds_arch_kernels[i];
			if (k->family != family ||
			    !mds_kernel_runnable(k))
				continue;
			add_row(r, k->name, 1);
			r->impl[r->n - 1] = native;
			r->kernel[r->n - 1] = k;
		}
		k = mds_kernel_portable(family);
		add_row(r, "portable", 1);
		r->impl[r->n - 1] = native;
		r->kernel[r->n - 1] = k;
	}
	for (i = 0; i < nimpls && r->n < TUNE_ROWS; i++) {
		/* native forced: its kernels only */
		if (impls[i] == native || (native != NULL &&
		    impls[i] == mds_backend_impl(alg, MDS_BE_PORTABLE)) ||
		    mds_backend_forced() == 2)
			continue;
		add_row(r, impls[i]->backend, 1);
		r->impl[r->n - 1] = impls[i];
	}
	if (!(kept = kept_rows(alg, r, first, "single", depth))) {
		time_rows(r, first, alg);
		for (inc = first; inc < r->n; inc++)
			if (r->impl[inc] == def && r->kernel[inc] == defk)
				break;
		win = inc < r->n ? inc : first;
		for (i = first; i < r->n; i++)
			if (r->rows[i].mbps > r->rows[win].mbps *
			    (win == inc ? MARGIN : 1))
				win = i;
		if (win < r->n && r->rows[win].mbps > 0)
			r->rows[win].chosen = 1;
		keep_rows(alg, r, first, "single", depth);
	}
	for (win = first; win < r->n && !r->rows[win].chosen; win++)
		continue;
	if (win < r->n) {
		r->best_single = r->rows[win].mbps / 1e3;
		mds_choice_measured(alg, mds_choice_id(alg, r->impl[win],
		    r->kernel[win]), -2);
	}
	return !kept;
}

/*
 * Forget the rows of r, to rank again with more candidates; 1 if the
 * multi-buffer kernels had been ranked (they are then ranked again,
 * after the single stream, as the rows go).
 */
static int
restart(struct tune_result *r)
{
	int mb = r->mb;

	r->n = 0;
	r->best_single = 0;
	r->kept = NULL;
	__atomic_store_n(&r->mb, 0, __ATOMIC_RELEASE);
	return mb;
}

/*
 * Time the multi-buffer rows first.. of r, and mark the one to take: the
 * fastest, if it beats one stream by the margin.
 */
static void
choose_mb(const struct mds_alg *alg, struct tune_result *r, size_t first)
{
	double t, one;
	size_t i, round, win, inc;
	int id;

	time_rows(r, first, alg);
	/* One stream's speed, if it was not ranked just now: its kernel. */
	one = r->best_single;
	if (one <= 0) {
		id = mds_choose(alg, 0);
		for (round = 0, t = -1; round < TUNE_ROUNDS && id >= 0;
		    round++) {
			double u = time_single(alg, mds_choice_impl(alg, id),
			    mds_choice_kernel(alg, id));

			if (round > 0 && u > 0 && (t < 0 || u < t))
				t = u;
		}
		one = t > 0 ? (double)tune_len(alg) / t : 0;
	}
	/*
	 * The built-in first kernel keeps its place within the margin,
	 * wherever it stands in the list: it is the one to beat.
	 */
	inc = r->n;
	for (i = first; i < r->n; i++)
		if (r->mbk[i] == mds_choose_lanes(alg))
			inc = i;
	win = r->n;
	if (inc < r->n && r->rows[inc].mbps > one * 1e3 * MARGIN)
		win = inc;
	for (i = first; i < r->n; i++)
		if (r->rows[i].mbps > one * 1e3 * MARGIN &&
		    (win == r->n || r->rows[i].mbps > r->rows[win].mbps *
		    (win == inc ? MARGIN : 1)))
			win = i;
	if (win < r->n)
		r->rows[win].chosen = 1;
}

/*
 * Rank the multi-buffer kernels of alg's family against one stream (a
 * ranking kept is by how far that had been ranked); 1 if they were
 * measured, 0 if kept or there are none.
 */
static int
rank_mb(const struct mds_alg *alg, struct tune_result *r)
{
	const struct mds_mb_kernel *k;
	size_t i, first = r->n, win;
	int kept;

	if (alg->shape == NULL)
		return 0;
	for (i = 0; i < mds_arch_nmb_kernels && r->n < TUNE_ROWS; i++) {
		k = &mds_arch_mb_kernels[i];
		if (k->family != alg->family ||
		    !mds_mb_kernel_runnable(k))
			continue;
		add_row(r, k->name, k->lanes);
		r->mbk[r->n - 1] = k;
	}
	if (r->n == first)
		return 0;
	if (!(kept = kept_rows(alg, r, first, "lanes", r->single))) {
		choose_mb(alg, r, first);
		keep_rows(alg, r, first, "lanes", r->single);
	}
	for (win = first; win < r->n && !r->rows[win].chosen; win++)
		continue;
	mds_choice_measured(alg, -1,
	    win < r->n ? mds_choice_mb_id(r->mbk[win]) : -1);
	return !kept;
}

int
mds_tune_always(void)
{
	(void)pthread_once(&env_once, read_env);
	return tune_mode > 0;
}

int
mds_tune_never(void)
{
	(void)pthread_once(&env_once, read_env);
	return tune_mode < 0;
}

int
mds_tune(const struct mds_alg *alg, uint64_t work)
{
	if (alg == NULL) {
		errno = EINVAL;
		return -1;
	}
	(void)pthread_once(&env_once, read_env);
	return mds_tune_what(alg, work, work);
}

/*
 * Rank alg's single-stream candidates (single) and its multi-buffer
 * kernels (mb) if that has not been done, and the settings allow.
 */
int
mds_tune_what(const struct mds_alg *alg, uint64_t single_work,
    uint64_t mb_work)
{
	struct tune_result *r;
	double t0;
	int single, mb;

	(void)pthread_once(&env_once, read_env);
	if (tune_mode < 0)
		return 0;
	if (tune_mode > 0) {
		single_work = single_work > 0 ? MDS_TUNE_NOW : 0;
		mb_work = mb_work > 0 ? MDS_TUNE_NOW : 0;
	}
	single = single_work >= MDS_TUNE_COSTLY_MIN ? RANKED_ALL :
	    single_work >= MDS_TUNE_SINGLE_MIN ? RANKED_CHEAP : 0;
	if (mds_backend_forced() == 1 || mds_cpu_setting())
		single = 0;
	mb = mb_work >= MDS_TUNE_SINGLE_MIN && !mds_cpu_setting() &&
	    alg->shape != NULL;
	r = &results[mds_alg_index(alg)];
	if (single <= __atomic_load_n(&r->single, __ATOMIC_ACQUIRE) &&
	    (!mb || __atomic_load_n(&r->mb, __ATOMIC_ACQUIRE)))
		return 0;
	(void)pthread_mutex_lock(&tune_lock);
	if (tune_buf == NULL && (tune_buf = calloc(1,
	    TUNE_LANE_BUF * MDS_MAX_LANES > TUNE_TREE_BUF ?
	    TUNE_LANE_BUF * MDS_MAX_LANES : TUNE_TREE_BUF)) == NULL) {
		(void)pthread_mutex_unlock(&tune_lock);
		return -1;
	}
	/* micros: the time spent measuring, not reading what was kept */
	if (single > r->single) {
		/* again with the costly backends: the rows start again */
		if (r->single != 0)
			mb = restart(r) || mb;
		t0 = mds_now_ns();
		if (rank_single(alg, r, single))
			r->micros += (mds_now_ns() - t0) / 1e3;
		__atomic_store_n(&r->single, single, __ATOMIC_RELEASE);
	}
	if (mb && !r->mb) {
		t0 = mds_now_ns();
		if (rank_mb(alg, r))
			r->micros += (mds_now_ns() - t0) / 1e3;
		__atomic_store_n(&r->mb, 1, __ATOMIC_RELEASE);
	}
	(void)pthread_mutex_unlock(&tune_lock);
	return 0;
}

void
mds_tune_forget(const struct mds_alg *alg)
{
	(void)pthread_mutex_lock(&tune_lock);
	memset(&results[mds_alg_index(alg)], 0, sizeof(results[0]));
	(void)pthread_mutex_unlock(&tune_lock);
}

int
mds_tune_row(const struct mds_alg *alg, size_t i, struct mds_tune_row *row)
{
	struct tune_result *r;
	int n;

	if (alg == NULL || row == NULL) {
		errno = EINVAL;
		return -1;
	}
	r = &results[mds_alg_index(alg)];
	(void)pthread_mutex_lock(&tune_lock);
	n = i < r->n;
	if (n) {
		*row = r->rows[i];
		row->micros = r->micros;
	}
	(void)pthread_mutex_unlock(&tune_lock);
	return n;
}

const char *
mds_tune_kept(const struct mds_alg *alg)
{
	const char *file;

	if (alg == NULL) {
		errno = EINVAL;
		return NULL;
	}
	(void)pthread_mutex_lock(&tune_lock);
	file = results[mds_alg_index(alg)].kept;
	(void)pthread_mutex_unlock(&tune_lock);
	return file;
}
