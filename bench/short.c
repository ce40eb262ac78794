/*
 * short.c: the cost of one call on a short message, for every algorithm:
 * mds_digest (the default implementation) against OpenSSL's EVP interface
 * used two ways, the digest fetched once in both:
 *
 *   evp-reuse   one EVP_MD_CTX for every message: DigestInit_ex2, Update,
 *               Final_ex (what a program that cares about speed does);
 *   evp-digest  EVP_Digest(), the one-call form (a context per call);
 *   evp-legacy  EVP_Digest() with EVP_get_digestbyname()'s digest, as
 *               code written for OpenSSL 1.x calls it: OpenSSL 3 then
 *               fetches the implementation again on every call.
 *
 * keccak256 has no OpenSSL 3.0 counterpart; SHA3-256 (the same
 * permutation and rate, another pad byte) stands in for it, and sha512h
 * is SHA-512 cut to 32 bytes.  Where the digests can be compared they
 * are, and a mismatch exits 1.
 *
 * usage: short [-l length] [-n calls] [-r rounds]
 *
 * The rounds interleave the implementations (each round starts with the
 * next one); each prints the median over the rounds of ns per call.
 * Output: a comment line, a header, and one row per algorithm and
 * implementation: algorithm, implementation, ns per call, calls per
 * second, and the ratio of that implementation's time to mds_digest's.
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mdsum.h"
#include "util.h"

#ifndef SHORT_OPENSSL
#define SHORT_OPENSSL	1
#endif
#if SHORT_OPENSSL
#include <openssl/evp.h>
#endif

#define MAX_ROUNDS	101
#define MAX_LEN		4096

enum { IMPL_MDS, IMPL_EVP_REUSE, IMPL_EVP_DIGEST, IMPL_EVP_LEGACY, NIMPL };

static const char *const impl_names[NIMPL] = {
	"mds_digest", "evp-reuse", "evp-digest", "evp-legacy"
};

static void	usage(void);

#if SHORT_OPENSSL
/* OpenSSL's name for the algorithm, and whether its digest is ours. */
static const char *
evp_name(const char *alg, int *same)
{
	static const struct {
		const char	*alg, *evp;
		int		 same;
	} map[] = {
		{ "md5", "MD5", 1 }, { "sha1", "SHA1", 1 },
		{ "sha256", "SHA256", 1 }, { "sha512", "SHA512", 1 },
		{ "sha512h", "SHA512", 1 }, { "sha3-256", "SHA3-256", 1 },
		{ "keccak256", "SHA3-256", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(alg, map[i].alg) == 0) {
			*same = map[i].same;
			return map[i].evp;
		}
	return NULL;
}
#endif

/*
 * Time n calls of one implementation on buf (len bytes, its first byte
 * changed per call so no call repeats the last); the digest of the last
 * call is left in md.  ns per call.
 */
static double
run(int impl, const struct mds_alg *alg, void *evp_md, void *evp_ctx,
    const char *evp_name, unsigned char *buf, size_t len, uint64_t n,
    unsigned char *md)
{
	uint64_t i;
	double t0;

	t0 = bench_now();
	for (i = 0; i < n; i++) {
		buf[0] = (unsigned char)i;
		switch (impl) {
		case IMPL_MDS:
			if (mds_digest(alg, buf, len, md) == -1)
				err(1, "mds_digest");
			break;
#if SHORT_OPENSSL
		case IMPL_EVP_REUSE:
			if (EVP_DigestInit_ex2(evp_ctx, evp_md, NULL) != 1 ||
			    EVP_DigestUpdate(evp_ctx, buf, len) != 1 ||
			    EVP_DigestFinal_ex(evp_ctx, md, NULL) != 1)
				errx(1, "EVP_Digest*");
			break;
		case IMPL_EVP_DIGEST:
			if (EVP_Digest(buf, len, md, NULL, evp_md, NULL) != 1)
				errx(1, "EVP_Digest");
			break;
		case IMPL_EVP_LEGACY:
			if (EVP_Digest(buf, len, md, NULL,
			    EVP_get_digestbyname(evp_name), NULL) != 1)
				errx(1, "EVP_Digest");
			break;
#endif
		default:
			(void)evp_md;
			(void)evp_ctx;
			(void)evp_name;
			abort();
		}
	}
	return (bench_now() - t0) * 1e9 / (double)n;
}

int
main(int argc, char *argv[])
{
	static double ns[NIMPL][MAX_ROUNDS];
	unsigned char buf[MAX_LEN], md[NIMPL][64];
	const struct mds_alg *alg;
	void *evp_md = NULL, *evp_ctx = NULL;
	const char *name = NULL;
	uint64_t calls = 200000, rounds = 5, x;
	size_t a, i, len = 64, r, mdlen;
	double med[NIMPL];
	int ch, nimpl, same = 0, bad = 0;

	while ((ch = getopt(argc, argv, "l:n:r:")) != -1)
		switch (ch) {
		case 'l':
			len = (size_t)bench_number(optarg, ch, 1, MAX_LEN);
			break;
		case 'n':
			calls = bench_number(optarg, ch, 1, (uint64_t)1 << 40);
			break;
		case 'r':
			rounds = bench_number(optarg, ch, 1, MAX_ROUNDS);
			break;
		default:
			usage();
		}
	if (optind != argc)
		usage();

	x = 0x9e3779b97f4a7c15ULL;	/* fixed bytes: xorshift64 */
	for (i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (unsigned char)(x >> 32);
	}
#if SHORT_OPENSSL
	if ((evp_ctx = EVP_MD_CTX_new()) == NULL)
		errx(1, "EVP_MD_CTX_new");
#endif
	printf("# short: median of %llu rounds of %llu calls on %zu-byte "
	    "messages; ratio: time / mds_digest's\n",
	    (unsigned long long)rounds, (unsigned long long)calls, len);
	printf("%-10s %-11s %10s %12s %7s\n", "algorithm", "impl", "ns/call",
	    "calls/s", "ratio");
	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		nimpl = 1;
#if SHORT_OPENSSL
		name = evp_name(mds_alg_name(alg), &same);
		evp_md = name != NULL ? EVP_MD_fetch(NULL, name, NULL) : NULL;
		if (evp_md != NULL)
			nimpl = NIMPL;
#endif
		for (r = 0; r < rounds; r++)
			for (i = 0; i < (size_t)nimpl; i++) {
				int impl = (int)((r + i) % (size_t)nimpl);

				ns[impl][r] = run(impl, alg, evp_md, evp_ctx,
				    name, buf, len, calls, md[impl]);
			}
		mdlen = mds_alg_digest_len(alg);
		for (i = 0; i < (size_t)nimpl; i++) {
			qsort(ns[i], (size_t)rounds, sizeof(double),
			    bench_cmp_double);
			med[i] = ns[i][rounds / 2];
			if (i > 0 && same && memcmp(md[i], md[0], mdlen) != 0) {
				warnx("%s: %s and mds_digest disagree",
				    mds_alg_name(alg), impl_names[i]);
				bad = 1;
			}
		}
		for (i = 0; i < (size_t)nimpl; i++)
			printf("%-10s %-11s %10.1f %12.0f %7.2f\n",
			    mds_alg_name(alg), impl_names[i], med[i],
			    1e9 / med[i], med[i] / med[0]);
#if SHORT_OPENSSL
		EVP_MD_free(evp_md);
		evp_md = NULL;
#endif
	}
#if SHORT_OPENSSL
	EVP_MD_CTX_free(evp_ctx);
#endif
	return bad;
}




static void
usage(void)
{
	fprintf(stderr, "usage: short [-l length] [-n calls] [-r rounds]\n");
	exit(1);
}
