/*
 * xrp.c: the XRP Ledger workload, sha512Half (the first 32 bytes of
 * SHA-512) called many times on slices of one buffer, through libmdsum on
 * each built backend and through OpenSSL's EVP interface and libmd used
 * directly.  Call i hashes bytes [0, (i * step) mod max) of a max-byte
 * buffer of fixed pseudo-random bytes.  Every implementation folds its
 * digests into a chain, and the chains must agree.
 *
 * usage: xrp [-n calls] [-m max] [-s step] [-r rounds]
 *
 * The calls are dealt out to the rounds: round r makes calls i = r,
 * r + rounds, r + 2 * rounds, ..., so each round has nearly the same mix of
 * lengths and every call is made once per implementation.  Within a round
 * the implementations take turns, each round starting with the next one.
 *
 * Prints a comment line, a header line and one row per implementation:
 * name, median over the rounds of ns per call, MB/s (10^6 bytes per
 * second, from that median) and the chain.  Exits 1 if the chains
 * disagree.  Build: see `bench/xrp` in the Makefile.
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mdsum.h"
#include "util.h"
#include "xrp.h"

#ifndef XRP_OPENSSL
#define XRP_OPENSSL	1
#endif
#ifndef XRP_LIBMD
#define XRP_LIBMD	1
#endif

#define MAX_IMPLS	16
#define MAX_ROUNDS	101

typedef void half_fn(const char *, const unsigned char *, size_t,
    unsigned char *);

struct impl {
	char		 name[40];
	half_fn		*half;
	const char	*arg;		/* the libmdsum backend, or NULL */
	uint64_t	 chain[4];
	double		 ns[MAX_ROUNDS];
};

static const struct mds_alg *alg;
static struct impl impls[MAX_IMPLS];
static size_t nimpls;

static void	add(const char *, half_fn *, const char *);
static void	fold(uint64_t *, const unsigned char *);
static void	mds_half(const char *, const unsigned char *, size_t,
		    unsigned char *);
static void	mds_half_backend(const char *, const unsigned char *, size_t,
		    unsigned char *);
static double	run(struct impl *, const unsigned char *, uint64_t, uint64_t,
		    uint64_t, uint64_t, uint64_t);
static void	usage(void);

int
main(int argc, char *argv[])
{
	mds_ctx probe;
	unsigned char *buf;
	char hex[2 * sizeof(impls[0].chain) + 1], hex0[sizeof(hex)];
	char skipped[256];
	const char *name;
	uint64_t calls, max, step, rounds, x;
	size_t i, r;
	int ch, differ;

	calls = 100000;
	max = 100000;
	step = 1;
	rounds = 3;
	while ((ch = getopt(argc, argv, "m:n:r:s:")) != -1)
		switch (ch) {
		case 'm':
			max = bench_number(optarg, ch, 1, (uint64_t)1 << 32);
			break;
		case 'n':
			calls = bench_number(optarg, ch, 1, (uint64_t)1 << 40);
			break;
		case 'r':
			rounds = bench_number(optarg, ch, 1, MAX_ROUNDS);
			break;
		case 's':
			step = bench_number(optarg, ch, 1, (uint64_t)1 << 20);
			break;
		default:
			usage();
		}
	if (optind != argc)
		usage();

	if ((alg = mds_alg_find("sha512h")) == NULL)
		err(1, "sha512h");
	add("mds_digest", mds_half, NULL);
	skipped[0] = '\0';
	for (i = 0; (name = mds_backend_at(i)) != NULL; i++) {
		if (mds_backend_built(name) != 1)
			continue;
		/* A backend without sha512h hands it to another: leave it out. */
		if (mds_init_backend(&probe, alg, name) == -1)
			err(1, "mds_init_backend %s", name);
		if (strcmp(mds_ctx_backend(&probe), name) == 0)
			add(name, mds_half_backend, name);
		else
			(void)snprintf(skipped + strlen(skipped),
			    sizeof(skipped) - strlen(skipped), "; %s hands "
			    "sha512h to %s, so is left out", name,
			    mds_ctx_backend(&probe));
		mds_discard(&probe);
	}
#if XRP_OPENSSL
	if (xrp_openssl_setup() == -1)
		errx(1, "OpenSSL has no SHA-512");
	add("openssl-evp", xrp_openssl_half, NULL);
#endif
#if XRP_LIBMD
	if (xrp_libmd_setup() == -1)
		errx(1, "libmd has no SHA-512");
	add("libmd-sha512", xrp_libmd_half, NULL);
#endif

	/* Fixed pseudo-random bytes (xorshift64), the same on every run. */
	if ((buf = malloc((size_t)max)) == NULL)
		err(1, NULL);
	x = 0x9e3779b97f4a7c15ULL;
	for (i = 0; i < max; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (unsigned char)(x >> 24);
	}

	if (rounds > calls)
		rounds = calls;
	/* Round-robin, each round starting one implementation later. */
	for (r = 0; r < rounds; r++)
		for (i = 0; i < nimpls; i++)
			impls[(i + r) % nimpls].ns[r] =
			    run(&impls[(i + r) % nimpls], buf, r, rounds, calls,
			    max, step);

	printf("# xrp: %llu sha512Half calls, call i hashing bytes "
	    "[0, (i * %llu) mod %llu) of a %llu-byte buffer; median of %llu "
	    "rounds (round r makes the calls i = r mod rounds); mds_digest's "
	    "default backend: %s%s\n",
	    (unsigned long long)calls, (unsigned long long)step,
	    (unsigned long long)max, (unsigned long long)max,
	    (unsigned long long)rounds, mds_alg_backend(alg), skipped);
	printf("%-16s %12s %10s %s\n", "impl", "ns/call", "MB/s", "chain");
	x = 0;
	for (i = 0; i < calls; i++)
		x += (i * step) % max;
	differ = 0;
	for (i = 0; i < nimpls; i++) {
		struct impl *im = &impls[i];
		double med;

		qsort(im->ns, (size_t)rounds, sizeof(im->ns[0]),
		    bench_cmp_double);
		med = rounds % 2 ? im->ns[rounds / 2] :
		    (im->ns[rounds / 2 - 1] + im->ns[rounds / 2]) / 2;
		mds_hex((const unsigned char *)im->chain, sizeof(im->chain),
		    hex);
		if (i == 0)
			memcpy(hex0, hex, sizeof(hex));
		else if (strcmp(hex, hex0) != 0)
			differ = 1;
		printf("%-16s %12.1f %10.1f %s\n", im->name, med,
		    (double)x / (med * (double)calls) * 1e3, hex);
	}
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
#if XRP_OPENSSL
	xrp_openssl_cleanup();
#endif
#if XRP_LIBMD
	xrp_libmd_cleanup();
#endif
	free(buf);
	if (differ)
		errx(1, "the implementations disagree");
	return 0;
}

static void
add(const char *name, half_fn *half, const char *arg)
{
	struct impl *im;

	if (nimpls == MAX_IMPLS)
		errx(1, "too many implementations");
	im = &impls[nimpls++];
	if (arg != NULL)
		(void)snprintf(im->name, sizeof(im->name), "mdsum/%s", name);
	else
		(void)snprintf(im->name, sizeof(im->name), "%s", name);
	im->half = half;
	im->arg = arg;
}

/* libmdsum's one-shot call on the default backend. */
static void
mds_half(const char *unused, const unsigned char *p, size_t len,
    unsigned char *out)
{
	(void)unused;
	if (mds_digest(alg, p, len, out) == -1)
		err(1, "mds_digest");
}

/* libmdsum's streaming calls on one named backend. */
static void
mds_half_backend(const char *backend, const unsigned char *p, size_t len,
    unsigned char *out)
{
	mds_ctx ctx;

	if (mds_init_backend(&ctx, alg, backend) == -1)
		err(1, "mds_init_backend %s", backend);
	(void)mds_update(&ctx, p, len);
	if (mds_final(&ctx, out) == -1)
		err(1, "mds_final %s", backend);
}

/*
 * Round r of the workload: the calls i < calls with i mod rounds = r.
 * Returns ns per call; folds every digest into the chain.
 */
static double
run(struct impl *im, const unsigned char *buf, uint64_t r, uint64_t rounds,
    uint64_t calls, uint64_t max, uint64_t step)
{
	struct timespec t0, t1;
	unsigned char out[XRP_HALF];
	uint64_t i, n;

	if (clock_gettime(CLOCK_MONOTONIC, &t0) == -1)
		err(1, "clock_gettime");
	for (i = r, n = 0; i < calls; i += rounds, n++) {
		im->half(im->arg, buf, (size_t)((i * step) % max), out);
		fold(im->chain, out);
	}
	if (clock_gettime(CLOCK_MONOTONIC, &t1) == -1)
		err(1, "clock_gettime");
	return ((double)(t1.tv_sec - t0.tv_sec) * 1e9 +
	    (double)(t1.tv_nsec - t0.tv_nsec)) / (double)n;
}

/* Order-sensitive: rotate each word, then mix in the digest. */
static void
fold(uint64_t *chain, const unsigned char *out)
{
	uint64_t w;
	int k;

	for (k = 0; k < 4; k++) {
		memcpy(&w, out + 8 * k, sizeof(w));
		chain[k] = (chain[k] << 7 | chain[k] >> 57) ^ w;
	}
}



static void
usage(void)
{
	fprintf(stderr,
	    "usage: xrp [-n calls] [-m max] [-s step] [-r rounds]\n");
	exit(1);
}
