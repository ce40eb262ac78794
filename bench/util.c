/*
 * util.c: the helpers the benchmark programs share (util.h).
 */
#include <err.h>
#include <stdlib.h>
#include <time.h>

#include "util.h"

int
bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
bench_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) == -1)
		err(1, "clock_gettime");
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t
bench_number(const char *s, int opt, uint64_t min, uint64_t max)
{
	unsigned long long v;
	char *end;

	v = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || v < min || v > max)
		errx(1, "-%c: %s: not a number from %llu to %llu", opt, s,
		    (unsigned long long)min, (unsigned long long)max);
	return (uint64_t)v;
}
