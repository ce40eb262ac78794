/*
 * run.c: the one test runner of libmdsum.
 *
 * usage: tests/run [vector-directory]	(default tests/vectors)
 *
 * Check's environment applies: CK_FORK=no (one process, for gdb),
 * CK_RUN_SUITE / CK_RUN_CASE (run a part), CK_VERBOSITY,
 * CK_TIMEOUT_MULTIPLIER, CK_TAP_LOG_FILE_NAME (TAP output),
 * CK_EXCLUDE_TAGS=big (all but the >4 GiB suite, whose cases are tagged).
 * MDSUM_TEST_SEED replaces the seed of the differential suite.
 * MDSUM_TEST_NO_SKIP=1 (CI, on a build with every kernel): a kernel that
 * is not built, or that the CPU has but the library's probe denies, fails
 * instead of being skipped.  What the CPU has is read from /proc/cpuinfo,
 * or from the file MDSUM_TEST_CPUINFO names (under qemu-user, whose
 * /proc/cpuinfo is the host's: a "Features" line for the emulated CPU).
 *
 * No ranking kept by an earlier run (lib/tune_cache.c) may change a case:
 * keeping is turned off (MDSUM_TUNE_CACHE=off) for every suite but the
 * one that tests it, which names files of its own.
 *
 * A run in which no test ran (a CK_RUN_SUITE or CK_RUN_CASE that names
 * none, or tags that exclude all) fails: it checked nothing.
 * After check's summary line comes ours, with the skips check cannot see
 * (a skipped case returns early, and check counts it passed):
 * "tests/run: N passed, N failed, N skipped[; skipped outside the cases:
 * N]" (a suite or backend not built).
 */
#include <stdio.h>
#include <stdlib.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"

/* AddressSanitizer's leak checker, with gcc's macro or clang's feature. */
#if defined(__SANITIZE_ADDRESS__)
#define MDT_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MDT_LSAN 1
#endif
#endif
#ifdef MDT_LSAN
#include <sanitizer/lsan_interface.h>
#endif

int
main(int argc, char *argv[])
{
	const struct mdt_counts *c;
	SRunner *sr;
	unsigned int before, cases;
	int nfailed, nrun;

	if (argc > 2) {
		fprintf(stderr, "usage: %s [vector-directory]\n", argv[0]);
		return 2;
	}
	if (argc == 2)
		mdt_vecdir = argv[1];

	if (setenv("MDSUM_TUNE_CACHE", "off", 1) == -1) {
		perror("setenv");
		return 2;
	}
	mdt_counts_init();
	c = mdt_counts();
	/* Loop tests cover built backends only; name the others once. */
	mdt_skip_unbuilt();

	sr = srunner_create(mdt_api_suite());
	srunner_add_suite(sr, mdt_vectors_suite());
	srunner_add_suite(sr, mdt_blake3_suite());
	srunner_add_suite(sr, mdt_blake3_kernels_suite());
	srunner_add_suite(sr, mdt_diff_suite());
	srunner_add_suite(sr, mdt_input_suite());
	srunner_add_suite(sr, mdt_native_suite());
	srunner_add_suite(sr, mdt_lanes_suite());
	srunner_add_suite(sr, mdt_crc_suite());
	srunner_add_suite(sr, mdt_tune_suite());
	srunner_add_suite(sr, mdt_choice_suite());
	srunner_add_suite(sr, mdt_tune_cache_suite());
	srunner_add_suite(sr, mdt_big_suite());
	mdt_nofork = srunner_fork_status(sr) == CK_NOFORK;

#ifdef MDT_LSAN
	/*
	 * Each case's process checks for leaks as it exits, and the check
	 * reads the sanitizer runtimes' data, megabytes never touched: a page
	 * fault for each page, in every case.  Checked once here first, the
	 * runner has those pages mapped, and the cases, forked from it,
	 * inherit the mappings (make sanitize runs the suites in two thirds
	 * of the time).  Nothing without detect_leaks; a leak found here is
	 * reported, and the run goes on.
	 */
	(void)__lsan_do_recoverable_leak_check();
#endif
	/* CK_ENV: CK_NORMAL unless CK_VERBOSITY says otherwise. */
	before = c->skipped;
	mdt_counts_running(1);
	srunner_run_all(sr, CK_ENV);
	mdt_counts_running(0);
	nfailed = srunner_ntests_failed(sr);
	nrun = srunner_ntests_run(sr);
	srunner_free(sr);
	cases = c->skipped - before;
	printf("tests/run: %d passed, %d failed, %u skipped", nrun - nfailed -
	    (int)cases, nfailed, cases);
	if (before > 0)
		printf("; skipped outside the cases: %u", before);
	printf("\n");
	if (c->refused > 0)
		printf("tests/run: failed: skips refused by MDSUM_TEST_NO_SKIP: "
		    "%u\n", c->refused);
	/* A name that matches no suite or case must not pass as a run. */
	if (nrun == 0)
		printf("tests/run: failed: no test ran (CK_RUN_SUITE, "
		    "CK_RUN_CASE or the tags chose none)\n");
	return nfailed == 0 && c->refused == 0 && nrun > 0 ? EXIT_SUCCESS :
	    EXIT_FAILURE;
}
