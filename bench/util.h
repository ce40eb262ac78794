/*
 * util.h: what the benchmark programs (xrp, short, batch) share.
 */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stdint.h>

/* For qsort: doubles in ascending order. */
int		bench_cmp_double(const void *, const void *);
/* CLOCK_MONOTONIC in seconds; exits if the clock cannot be read. */
double		bench_now(void);
/* The decimal argument s of option -opt, from min to max, or exit 1. */
uint64_t	bench_number(const char *, int, uint64_t, uint64_t);

#endif /* BENCH_UTIL_H */
