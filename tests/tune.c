/*
 * tune.c: the rules by which lib/tune.c turns measurements into choices,
 * with the measurements made up (mds_tune_fake), so that no case depends
 * on the clock or on this CPU's speeds:
 *  - a challenger within the margin (2%) of the built-in choice does not
 *    replace it, one beyond it does, and what wins becomes the default
 *    (mds_init hashes with it, the lane schedulers take its kernel);
 *  - a multi-buffer kernel is taken only when it beats one stream by the
 *    margin;
 *  - after a counted round, a candidate more than half again as slow as
 *    the best is not run again, and keeps the time it had.
 * Every candidate of every algorithm takes its turn as the built-in one:
 * a ranking that makes it decisively fastest makes it the default, and
 * mds_tune_forget lets the next ranking start from there.
 */
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"
#include "../lib/mds_int.h"

#define MAXROWS	16
#define NEAR	1.01	/* within the margin */
#define BEYOND	1.03	/* beyond it */

/* The rows of the algorithm under test, and what each is said to take. */
static struct row {
	double		 ns;	/* per byte, all lanes */
	unsigned int	 lanes;
	unsigned int	 calls;
	char		 name[40];
} rows[MAXROWS];
static size_t nrows, nsingle;

static double fake_time(const char *, unsigned int);
static int can_rank(void);
static void discover(const struct mds_alg *, int);
static void rank(const struct mds_alg *, int);
static void set_all(double, double);
static size_t chosen_single(const struct mds_alg *);
static size_t chosen_mb(const struct mds_alg *);
static void assert_default(const struct mds_alg *, size_t);
static void tune_teardown(void);

static double
fake_time(const char *name, unsigned int lanes)
{
	size_t i;

	for (i = 0; i < nrows; i++)
		if (rows[i].lanes == lanes && strcmp(rows[i].name, name) == 0) {
			rows[i].calls++;
			return rows[i].ns;
		}
	/* a row that was not there when the rows were read */
	return 1000.0;
}

/* Can this process rank at all?  If not, the case has skipped. */
static int
can_rank(void)
{
	if (mdt_nofork) {
		mdt_skip("tune: the choices made stay for the process; "
		    "CK_FORK=no");
		return 0;
	}
	if (mds_tune_never()) {
		mdt_skip("tune: MDSUM_TUNE=never");
		return 0;
	}
	if (mds_cpu_setting() || mds_backend_forced() == 1) {
		mdt_skip("tune: MDSUM_CPU or MDSUM_BACKEND set, nothing ranked");
		return 0;
	}
	return 1;
}

/* Rank alg once, every row alike, to read its rows (mb: its kernels too). */
static void
discover(const struct mds_alg *alg, int mb)
{
	struct mds_tune_row r[MAXROWS];
	size_t i, n;

	nrows = 0;
	n = mdt_tune_candidates(alg, MDS_TUNE_NOW, mb, fake_time, r, MAXROWS,
	    &nsingle);
	for (i = 0; i < n; i++) {
		ck_assert_uint_lt(strlen(r[i].name), sizeof(rows[i].name));
		(void)snprintf(rows[i].name, sizeof(rows[i].name), "%s",
		    r[i].name);
		rows[i].lanes = r[i].lanes;
		rows[i].ns = 1.0;
	}
	nrows = n;
}

/* Rank alg afresh, with the times in rows[]; the rows must not change. */
static void
rank(const struct mds_alg *alg, int mb)
{
	struct mds_tune_row r;
	size_t i;

	for (i = 0; i < nrows; i++)
		rows[i].calls = 0;
	mds_tune_forget(alg);
	ck_assert_int_eq(mds_tune_what(alg, MDS_TUNE_NOW,
	    mb ? MDS_TUNE_NOW : 0), 0);
	for (i = 0; i < nrows; i++) {
		ck_assert_int_eq(mds_tune_row(alg, i, &r), 1);
		ck_assert_str_eq(r.name, rows[i].name);
		ck_assert_uint_eq(r.lanes, rows[i].lanes);
	}
	ck_assert_int_eq(mds_tune_row(alg, nrows, &r), 0);
}

/* Every single-stream row takes single ns a byte, every other one mb. */
static void
set_all(double single, double mb)
{
	size_t i;

	for (i = 0; i < nrows; i++)
		rows[i].ns = i < nsingle ? single : mb;
}

/* The one single-stream row chosen. */
static size_t
chosen_single(const struct mds_alg *alg)
{
	struct mds_tune_row r;
	size_t i, win = nrows, n = 0;

	for (i = 0; i < nsingle; i++) {
		ck_assert_int_eq(mds_tune_row(alg, i, &r), 1);
		if (r.chosen) {
			win = i;
			n++;
		}
	}
	ck_assert_msg(n == 1, "%s: %zu single-stream rows chosen",
	    mds_alg_name(alg), n);
	return win;
}

/* The multi-buffer row chosen, or nrows for none. */
static size_t
chosen_mb(const struct mds_alg *alg)
{
	const struct mds_mb_kernel *k;
	struct mds_tune_row r;
	size_t i, win = nrows, n = 0;

	for (i = nsingle; i < nrows; i++) {
		ck_assert_int_eq(mds_tune_row(alg, i, &r), 1);
		if (r.chosen) {
			win = i;
			n++;
		}
	}
	ck_assert_msg(n <= 1, "%s: %zu multi-buffer rows chosen",
	    mds_alg_name(alg), n);
	/* and it is what the lane schedulers take */
	k = mds_choose_lanes(alg);
	if (win == nrows)
		ck_assert_msg(k == NULL, "%s: none chosen, %s in use",
		    mds_alg_name(alg), k != NULL ? k->name : "");
	else
		ck_assert_msg(k != NULL && strcmp(k->name, rows[win].name) == 0,
		    "%s: %s chosen, %s in use", mds_alg_name(alg),
		    rows[win].name, k != NULL ? k->name : "none");
	return win;
}

/* Row i is what mds_init hashes alg with now. */
static void
assert_default(const struct mds_alg *alg, size_t i)
{
	mds_ctx ctx;

	ck_assert_int_eq(mds_init(&ctx, alg), 0);
	ck_assert_msg(strcmp(mds_ctx_impl(&ctx), rows[i].name) == 0,
	    "%s: %s chosen, mds_init uses %s", mds_alg_name(alg), rows[i].name,
	    mds_ctx_impl(&ctx));
	mds_discard(&ctx);
}

static void
tune_teardown(void)
{
	mds_tune_fake = NULL;
}

/*
 * _i walks algorithms.  Each single-stream row x in turn is made the
 * default, then challenged by the next row y: y 1% faster leaves x, 3%
 * faster takes its place.
 */
START_TEST(test_margin_single)
{
	const struct mds_alg *alg = mdt_alg_at((size_t)_i);
	size_t x, y;

	if (!can_rank())
		return;
	discover(alg, 0);
	ck_assert_uint_ge(nsingle, 1);
	for (x = 0; x < nsingle; x++) {
		y = (x + 1) % nsingle;
		/* x decisively fastest: whatever was the default, x now */
		set_all(1.0, 1.0);
		rows[x].ns = 0.5;
		rank(alg, 0);
		ck_assert_uint_eq(chosen_single(alg), x);
		assert_default(alg, x);
		if (y == x)
			continue;
		/* a near tie: the default stays */
		set_all(1.0, 1.0);
		rows[y].ns = 1.0 / NEAR;
		rank(alg, 0);
		ck_assert_msg(chosen_single(alg) == x,
		    "%s: %s, 1%% faster, replaced %s", mds_alg_name(alg),
		    rows[y].name, rows[x].name);
		assert_default(alg, x);
		/* beyond the margin: the challenger */
		rows[y].ns = 1.0 / BEYOND;
		rank(alg, 0);
		ck_assert_msg(chosen_single(alg) == y,
		    "%s: %s, 3%% faster, did not replace %s",
		    mds_alg_name(alg), rows[y].name, rows[x].name);
		assert_default(alg, y);
	}
}
END_TEST

/*
 * _i walks algorithms.  The multi-buffer kernels: each must beat one
 * stream by the margin to be taken; each in turn made the one in use,
 * then challenged by the next as above.
 */
START_TEST(test_margin_mb)
{
	const struct mds_alg *alg = mdt_alg_at((size_t)_i);
	size_t x, y, nmb;

	if (!can_rank())
		return;
	if (alg->shape == NULL)
		return;		/* no lanes for this one */
	discover(alg, 1);
	nmb = nrows - nsingle;
	if (nmb == 0)
		return;		/* no multi-buffer kernel runs here */
	for (x = nsingle; x < nrows; x++) {
		/* near one stream: not worth the lanes */
		set_all(1.0, 1000.0);
		rows[x].ns = 1.0 / NEAR;
		rank(alg, 1);
		ck_assert_msg(chosen_mb(alg) == nrows,
		    "%s: %s, 1%% faster than one stream, taken",
		    mds_alg_name(alg), rows[x].name);
		rows[x].ns = 1.0 / BEYOND;
		rank(alg, 1);
		ck_assert_msg(chosen_mb(alg) == x,
		    "%s: %s, 3%% faster than one stream, not taken",
		    mds_alg_name(alg), rows[x].name);
	}
	for (x = nsingle; x < nrows && nmb > 1; x++) {
		y = x + 1 < nrows ? x + 1 : nsingle;
		set_all(1.0, 0.5);
		rows[x].ns = 0.1;
		rank(alg, 1);
		ck_assert_uint_eq(chosen_mb(alg), x);
		set_all(1.0, 0.5);
		rows[y].ns = 0.5 / NEAR;
		rank(alg, 1);
		ck_assert_msg(chosen_mb(alg) == x,
		    "%s: %s, 1%% faster, replaced %s", mds_alg_name(alg),
		    rows[y].name, rows[x].name);
		rows[y].ns = 0.5 / BEYOND;
		rank(alg, 1);
		ck_assert_msg(chosen_mb(alg) == y,
		    "%s: %s, 3%% faster, did not replace %s",
		    mds_alg_name(alg), rows[y].name, rows[x].name);
	}
}
END_TEST

/*
 * _i walks algorithms.  The first row is the fastest; the odd ones are
 * 1.6 times as slow, out of it after the first counted round (timed
 * twice, with the warm-up); the other ones 1.4 times, timed every round.
 * The rows out of it keep the speed they were measured at.
 */
START_TEST(test_drop_slow)
{
	const struct mds_alg *alg = mdt_alg_at((size_t)_i);
	struct mds_tune_row r;
	size_t i;

	if (!can_rank())
		return;
	discover(alg, 0);
	if (nsingle < 2)
		return;		/* nothing to drop */
	for (i = 0; i < nsingle; i++)
		rows[i].ns = i == 0 ? 1.0 : i % 2 == 1 ? 1.6 : 1.4;
	rank(alg, 0);
	ck_assert_uint_gt(rows[0].calls, 2);
	for (i = 1; i < nsingle; i++) {
		if (i % 2 == 1)
			ck_assert_msg(rows[i].calls == 2,
			    "%s: %s, 1.6 times as slow, timed %u times, "
			    "not 2", mds_alg_name(alg), rows[i].name,
			    rows[i].calls);
		else
			ck_assert_msg(rows[i].calls == rows[0].calls,
			    "%s: %s, 1.4 times as slow, timed %u times, "
			    "not %u", mds_alg_name(alg), rows[i].name,
			    rows[i].calls, rows[0].calls);
		ck_assert_int_eq(mds_tune_row(alg, i, &r), 1);
		ck_assert_double_eq_tol(r.mbps, 1e3 / rows[i].ns, 1e-6);
	}
	ck_assert_uint_eq(chosen_single(alg), 0);
}
END_TEST

Suite *
mdt_tune_suite(void)
{
	Suite *s;
	TCase *tc;
	int na = (int)mds_alg_count();

	s = suite_create("tune");
	tc = tcase_create("rules");
	tcase_add_checked_fixture(tc, NULL, tune_teardown);
	tcase_add_loop_test(tc, test_margin_single, 0, na);
	tcase_add_loop_test(tc, test_margin_mb, 0, na);
	tcase_add_loop_test(tc, test_drop_slow, 0, na);
	suite_add_tcase(s, tc);
	return s;
}
