/*
 * timetrial.c: -t, FreeBSD's time trial (100000 blocks of 10000 bytes)
 * on every built implementation, so that backends can be compared side by
 * side on one machine.  Time is the process's CPU time.
 */
#include <stdio.h>
#include <time.h>

#include "cli.h"

#define TRIAL_BLOCK_LEN		10000
#define TRIAL_BLOCK_COUNT	100000

static double
cpu_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == -1)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
time_trial(const struct mds_alg *alg)
{
	static unsigned char block[TRIAL_BLOCK_LEN];
	unsigned char md[MDS_MAX_DIGEST];
	char hex[2 * MDS_MAX_DIGEST + 1];
	double start, secs;
	size_t b, i;
	mds_ctx ctx;
	int failed = 0;

	for (i = 0; i < TRIAL_BLOCK_LEN; i++)
		block[i] = (unsigned char)(i & 0xff);
	for (b = 0; b < mds_backend_count(); b++) {
		if (impl_start(&ctx, alg, b) == -1)
			continue;
		printf("%s time trial. Digesting %d %d-byte blocks with %s ...",
		    mds_alg_tag(alg), TRIAL_BLOCK_COUNT, TRIAL_BLOCK_LEN,
		    mds_backend_at(b));
		fflush(stdout);
		start = cpu_seconds();
		for (i = 0; i < TRIAL_BLOCK_COUNT; i++)
			(void)mds_update(&ctx, block, TRIAL_BLOCK_LEN);
		if (mds_final(&ctx, md) == -1)
			failed = 1;
		secs = cpu_seconds() - start;
		if (secs <= 0)
			secs = 1e-9;
		printf(" done\nDigest = %s\nTime = %f seconds\n"
		    "Speed = %.2f MB/s\n",
		    mds_hex(md, mds_alg_digest_len(alg), hex), secs,
		    (double)TRIAL_BLOCK_LEN * TRIAL_BLOCK_COUNT / secs / 1e6);
	}
	return failed ? -1 : 0;
}
