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
 */
#include <stdio.h>
#include <stdlib.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"

int
main(int argc, char *argv[])
{
	SRunner *sr;
	int nfailed;

	if (argc > 2) {
		fprintf(stderr, "usage: %s [vector-directory]\n", argv[0]);
		return 2;
	}
	if (argc == 2)
		mdt_vecdir = argv[1];

	/* Loop tests cover built backends only; name the others once. */
	mdt_skip_unbuilt();

	sr = srunner_create(mdt_api_suite());
	srunner_add_suite(sr, mdt_vectors_suite());
	srunner_add_suite(sr, mdt_diff_suite());
	srunner_add_suite(sr, mdt_input_suite());
	srunner_add_suite(sr, mdt_native_suite());
	srunner_add_suite(sr, mdt_lanes_suite());
	srunner_add_suite(sr, mdt_big_suite());
	mdt_nofork = srunner_fork_status(sr) == CK_NOFORK;

	/* CK_ENV: CK_NORMAL unless CK_VERBOSITY says otherwise. */
	srunner_run_all(sr, CK_ENV);
	nfailed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
