/*
 * util.c: helpers shared by the test suites.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/mman.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"
#include "../lib/mds_int.h"

#define MDT_SEED	UINT64_C(0x6d6473756d746573)	/* "mdsumtes" */

const char	*mdt_vecdir = "tests/vectors";
int		 mdt_nofork;

/*
 * The counts of skips: check runs each case in a child process of its
 * own, so they live in memory the children share with the runner.
 */
static struct mdt_counts	 local_counts;
static struct mdt_counts	*counts = &local_counts;

/*
 * The feature bits of dispatch (mds_int.h): the word MDSUM_CPU masks, and
 * the flag Linux lists in /proc/cpuinfo (its "flags" line on x86, its
 * "Features" line on aarch64), an account of the CPU that owes nothing to
 * the library's probe.
 */
static const struct {
	unsigned int	 bit;
	const char	*spec;
	const char	*cpuinfo;
} features[] = {
#if defined(__aarch64__)
	{ MDS_CPU_NEON, "neon", "asimd" },
	{ MDS_CPU_SHA1A, "sha1", "sha1" },
	{ MDS_CPU_SHA2A, "sha2", "sha2" },
	{ MDS_CPU_SHA512A, "sha512", "sha512" },
	{ MDS_CPU_SHA3A, "sha3", "sha3" },
#else
	{ MDS_CPU_SSSE3, "ssse3", "ssse3" },
	{ MDS_CPU_SSE41, "sse4.1", "sse4_1" },
	{ MDS_CPU_SHA, "sha", "sha_ni" },
	{ MDS_CPU_AVX, "avx", "avx" },
	{ MDS_CPU_AVX2, "avx2", "avx2" },
	{ MDS_CPU_BMI1, "bmi1", "bmi1" },
	{ MDS_CPU_BMI2, "bmi2", "bmi2" },
	{ MDS_CPU_AVX512F, "avx512f", "avx512f" },
	{ MDS_CPU_AVX512VL, "avx512vl", "avx512vl" },
#endif
};
#if defined(__aarch64__)
#define CPUINFO_LINE	"Features"
#else
#define CPUINFO_LINE	"flags"
#endif
#define NFEATURES	(sizeof(features) / sizeof(features[0]))

void
mdt_counts_init(void)
{
	void *p;

	p = mmap(NULL, sizeof(*counts), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p != MAP_FAILED) {
		counts = p;
		memset(counts, 0, sizeof(*counts));
	}
}

const struct mdt_counts *
mdt_counts(void)
{
	return counts;
}

void
mdt_counts_running(int running)
{
	counts->running = running;
}

/* MDSUM_TEST_NO_SKIP set (and not 0): kernels must not be skipped. */
int
mdt_no_skip(void)
{
	const char *s = getenv("MDSUM_TEST_NO_SKIP");

	return s != NULL && *s != '\0' && strcmp(s, "0") != 0;
}

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

static void
vskip(int strict, const char *fmt, va_list ap)
{
	char msg[512];

	(void)vsnprintf(msg, sizeof(msg), fmt, ap);
	if (strict && mdt_no_skip()) {
		/* In a case, the case fails; elsewhere the runner does. */
		if (counts->running)
			ck_abort_msg("%s (MDSUM_TEST_NO_SKIP forbids the skip)",
			    msg);
		counts->refused++;
		fflush(stdout);
		fprintf(stderr, "FAIL: %s (MDSUM_TEST_NO_SKIP forbids the "
		    "skip)\n", msg);
		return;
	}
	counts->skipped++;
	fflush(stdout);
	fprintf(stderr, "SKIP: %s\n", msg);
}

void
mdt_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vskip(0, fmt, ap);
	va_end(ap);
}

void
mdt_skip_strict(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vskip(1, fmt, ap);
	va_end(ap);
}

/*
 * 1 if /proc/cpuinfo lists every feature of need, 0 if it lacks one, -1
 * if there is no such file (not Linux) or it names no flags.  Under
 * qemu-user, whose /proc/cpuinfo is the host's, MDSUM_TEST_CPUINFO names
 * a file in its format that describes the emulated CPU instead.
 */
int
mdt_cpuinfo_has(unsigned int need)
{
	char line[8192], *p, *w, *save;
	const char *path = getenv("MDSUM_TEST_CPUINFO");
	unsigned int have = 0, known = 0;
	size_t f;
	FILE *fp;
	int found = 0;

	for (f = 0; f < NFEATURES; f++)
		known |= features[f].bit;
	ck_assert_msg((need & ~known) == 0, "feature bits %#x: tests/util.c "
	    "does not know them", need & ~known);
	if (path == NULL || *path == '\0')
		path = "/proc/cpuinfo";
	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	/* The first processor's flags (a very long line is cut: fine). */
	while (!found && fgets(line, sizeof(line), fp) != NULL) {
		if (strncmp(line, CPUINFO_LINE, strlen(CPUINFO_LINE)) != 0 ||
		    (p = strchr(line, ':')) == NULL)
			continue;
		found = 1;
		for (w = strtok_r(p + 1, " \t\n", &save); w != NULL;
		    w = strtok_r(NULL, " \t\n", &save))
			for (f = 0; f < NFEATURES; f++)
				if (strcmp(w, features[f].cpuinfo) == 0)
					have |= features[f].bit;
	}
	fclose(fp);
	if (!found)
		return -1;
	return (need & have) == need;
}

/*
 * Can the CPU run the kernel (suite: the part of the tests asking)?  If
 * the library's probe says no, a skip, unless /proc/cpuinfo says the CPU
 * has all it needs: then the probe hides a kernel, which
 * MDSUM_TEST_NO_SKIP makes a failure.
 */
int
mdt_cpu_runs(const char *suite, const char *kernel, unsigned int need)
{
	const char *missing = mds_cpu_missing(need);

	if (missing == NULL)
		return 1;
	if (mdt_cpuinfo_has(need) == 1)
		mdt_skip_strict("%s: %s needs %s, which the library finds "
		    "missing but /proc/cpuinfo lists", suite, kernel, missing);
	else
		mdt_skip("%s: %s needs %s, which this CPU lacks", suite, kernel,
		    missing);
	return 0;
}

/* ",-sha,-avx2" for the features in mask, or "", into buf. */
void
mdt_feature_masks(unsigned int mask, char *buf, size_t size)
{
	size_t f, len = 0;
	int n;

	*buf = '\0';
	for (f = 0; f < NFEATURES; f++)
		if ((mask & features[f].bit) != 0) {
			n = snprintf(buf + len, size - len, ",-%s",
			    features[f].spec);
			ck_assert(n > 0 && (size_t)n < size - len);
			len += (size_t)n;
		}
}

/* Every feature bit the tests know. */
unsigned int
mdt_feature_all(void)
{
	unsigned int all = 0;
	size_t f;

	for (f = 0; f < NFEATURES; f++)
		all |= features[f].bit;
	return all;
}

/* Kernels of alg's family in the architecture's table. */
size_t
mdt_nkernels(const struct mds_alg *alg)
{
	size_t k, n = 0;

	for (k = 0; k < mds_arch_nkernels; k++)
		if (mds_arch_kernels[k].family == alg->family)
			n++;
	return n;
}

/*
 * Pin the i-th kernel of alg's family for the native backend, its name
 * into *name; 0, after a skip (strict as mdt_cpu_runs, naming suite), if
 * the CPU cannot run it.
 */
int
mdt_kernel_pin(const char *suite, const struct mds_alg *alg, size_t i,
    const char **name)
{
	const struct mds_kernel *k;
	size_t j, n = 0;

	for (j = 0; j < mds_arch_nkernels; j++) {
		k = &mds_arch_kernels[j];
		if (k->family != alg->family || n++ != i)
			continue;
		*name = k->name;
		if (!mdt_cpu_runs(suite, k->name, k->need))
			return 0;
		ck_assert_int_eq(mds_kernel_pin(k), 0);
		return 1;
	}
	ck_abort_msg("no kernel %zu of family %s", i,
	    mds_family_name(alg->family));
	return 0;
}

void
mdt_kernel_unpin(void)
{
	(void)mds_kernel_pin(NULL);
}

size_t
mdt_tune_candidates(const struct mds_alg *alg, uint64_t work, int mb,
    double (*fake)(const char *, unsigned int), struct mds_tune_row *rows,
    size_t max, size_t *nsingle)
{
	struct mds_tune_row r;
	size_t i;

	mds_tune_fake = fake;
	mds_tune_forget(alg);
	ck_assert_int_eq(mds_tune_what(alg, work, mb ? work : 0), 0);
	*nsingle = 0;
	for (i = 0; mds_tune_row(alg, i, &r) == 1; i++) {
		ck_assert_uint_lt(i, max);
		rows[i] = r;
		if (r.lanes == 1)
			*nsingle = i + 1;
	}
	return i;
}
