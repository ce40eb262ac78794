/*
 * util.c: helpers shared by the test suites.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"

#define MDT_SEED	UINT64_C(0x6d6473756d746573)	/* "mdsumtes" */

const char	*mdt_vecdir = "tests/vectors";
int		 mdt_nofork;

size_t
mdt_nbuilt(void)
{
	size_t i, n;

	n = 0;
	for (i = 0; i < mds_backend_count(); i++)
		if (mds_backend_built(mds_backend_at(i)) == 1)
			n++;
	return n;
}

const char *
mdt_built(size_t k)
{
	const char *name;
	size_t i;

	for (i = 0; i < mds_backend_count(); i++) {
		name = mds_backend_at(i);
		if (mds_backend_built(name) == 1 && k-- == 0)
			return name;
	}
	ck_abort_msg("built backend %zu does not exist", k);
	return NULL;
}

/* A backend this build lacks is reported, never passed over silently. */
void
mdt_skip_unbuilt(void)
{
	const char *name;
	size_t i;

	for (i = 0; i < mds_backend_count(); i++) {
		name = mds_backend_at(i);
		if (mds_backend_built(name) != 1)
			fprintf(stderr, "SKIP: backend %s: not built, "
			    "no suite tests it\n", name);
	}
}

const struct mds_alg *
mdt_alg(const char *name)
{
	const struct mds_alg *alg;

	alg = mds_alg_find(name);
	ck_assert_msg(alg != NULL, "algorithm %s is not in the registry",
	    name);
	return alg;
}

const struct mds_alg *
mdt_alg_at(size_t i)
{
	const struct mds_alg *alg;

	alg = mds_alg_at(i);
	ck_assert_msg(alg != NULL, "no algorithm at %zu", i);
	return alg;
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int
mdt_unhex(const char *hex, size_t nhex, unsigned char *out)
{
	size_t i;
	int hi, lo;

	if (nhex % 2 != 0)
		return -1;
	for (i = 0; i < nhex / 2; i++) {
		hi = hexval(hex[2 * i]);
		lo = hexval(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

void
mdt_hash(const struct mds_alg *alg, const char *backend, const void *msg,
    size_t len, unsigned char *out)
{
	mds_ctx ctx;

	if (backend == NULL)
		ck_assert_int_eq(mds_init(&ctx, alg), 0);
	else
		ck_assert_msg(mds_init_backend(&ctx, alg, backend) == 0,
		    "mds_init_backend %s %s: %s", mds_alg_name(alg), backend,
		    strerror(errno));
	ck_assert_int_eq(mds_update(&ctx, msg, len), 0);
	ck_assert_int_eq(mds_final(&ctx, out), 0);
}

uint64_t
mdt_seed(void)
{
	const char *s;
	char *end;
	unsigned long long v;

	s = getenv("MDSUM_TEST_SEED");
	if (s == NULL || *s == '\0')
		return MDT_SEED;
	errno = 0;
	v = strtoull(s, &end, 0);
	ck_assert_msg(errno == 0 && *end == '\0',
	    "MDSUM_TEST_SEED=%s is not a number", s);
	return (uint64_t)v;
}

/* splitmix64 finaliser: nearby (seed, stream) pairs give unrelated states. */
uint64_t
mdt_stream(uint64_t seed, uint64_t stream)
{
	uint64_t z;

	z = seed + (stream + 1) * UINT64_C(0x9e3779b97f4a7c15);
	z = (z ^ z >> 30) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ z >> 27) * UINT64_C(0x94d049bb133111eb);
	z ^= z >> 31;
	return z != 0 ? z : MDT_SEED;	/* xorshift must not start at 0 */
}

uint64_t
mdt_rand(uint64_t *s)
{
	uint64_t x;

	x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * UINT64_C(0x2545f4914f6cdd1d);
}

/* Little-endian outputs, as tests/bigdigests.py generates them. */
void
mdt_fill(uint64_t *s, unsigned char *p, size_t len)
{
	uint64_t v;
	size_t i;

	v = 0;
	for (i = 0; i < len; i++) {
		if (i % 8 == 0)
			v = mdt_rand(s);
		p[i] = (unsigned char)v;
		v >>= 8;
	}
}

void
mdt_note(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("failing: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
mdt_skip(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("SKIP: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
