/*
 * batch.c: many independent messages hashed in one mds_digest_many call,
 * against a loop of one-message calls: mds_digest, and OpenSSL's EVP
 * interface as a program that cares would call it (the digest fetched
 * once, one EVP_MD_CTX reused: DigestInit_ex2, Update, Final_ex).  Two
 * workloads:
 *
 *   keccak256   k messages of l bytes, message i at offset i of a buffer
 *               of fixed pseudo-random bytes (so no two are alike).
 *               OpenSSL 3.0 has no Keccak-256: SHA3-256 stands in for it
 *               (the same permutation and rate, another pad byte, so the
 *               same work, but digests that cannot be compared).
 *   xrp         sha512Half (the first 32 bytes of SHA-512) of x slices of
 *               one m-byte buffer of fixed pseudo-random bytes: message i
 *               is bytes [0, (i * s) mod m), as bench/xrp hashes them.
 *               OpenSSL's SHA-512, cut to 32 bytes, is compared too.
 *
 * usage: batch [-k messages] [-l length] [-x messages] [-m max] [-s step]
 *            [-r rounds]
 *
 * Every round times each implementation on every message of a workload,
 * the implementations taking turns (each round starting with the next
 * one).  Output: per workload a comment line "# workload: ...", then one
 * header and one row per workload and implementation: workload,
 * implementation, median over the rounds of ns per message, MB/s (10^6
 * bytes per second, from that median).  The batch's digests must equal
 * mds_digest's one by one, and OpenSSL's where they are the same
 * function; else exit 1.  Build: see `bench/batch` in the Makefile.
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mdsum.h"
#include "util.h"

#ifndef BATCH_OPENSSL
#define BATCH_OPENSSL	1
#endif
#if BATCH_OPENSSL
#include <openssl/evp.h>
#endif

#define MAX_ROUNDS	101

enum { IMPL_MANY, IMPL_ONE, IMPL_EVP, NIMPL };

static const char *const impl_names[NIMPL] = {
	"mds_digest_many", "mds_digest", "openssl-evp"
};

struct workload {
	const char		 *name;
	const struct mds_alg	 *alg;
	const char		 *evp_name;	/* OpenSSL's stand-in */
	int			  evp_same;	/* and its digest is ours */
	size_t			  n;
	const void		**msgs;
	size_t			 *lens;
	uint64_t		  bytes;	/* all messages together */
	size_t			  dlen;
	unsigned char		 *out[NIMPL];
	double			  ns[NIMPL][MAX_ROUNDS];
	double			  med[NIMPL];
};

static void	fill(unsigned char *, size_t);
static int	measure(struct workload *, int, size_t);
static void	*xcalloc(size_t, size_t);
static double	run(struct workload *, int);
static void	setup(struct workload *, const char *, const char *,
		    const char *, int, size_t);
static void	usage(void);

#if BATCH_OPENSSL
static EVP_MD_CTX *evp_ctx;
static EVP_MD *evp_md;
#endif

int
main(int argc, char *argv[])
{
	struct workload wk, wx;
	struct mds_lanes *lanes;
	unsigned char *kbuf, *xbuf;
	uint64_t kn = 1000000, klen = 64, xn = 100000, xmax = 100000;
	uint64_t xstep = 1, rounds = 5;
	size_t i, nimpl;
	int ch, bad = 0;

	while ((ch = getopt(argc, argv, "k:l:m:r:s:x:")) != -1)
		switch (ch) {
		case 'k':
			kn = bench_number(optarg, ch, 1, (uint64_t)1 << 28);
			break;
		case 'l':
			klen = bench_number(optarg, ch, 0, (uint64_t)1 << 20);
			break;
		case 'm':
			xmax = bench_number(optarg, ch, 1, (uint64_t)1 << 32);
			break;
		case 'r':
			rounds = bench_number(optarg, ch, 1, MAX_ROUNDS);
			break;
		case 's':
			xstep = bench_number(optarg, ch, 1, (uint64_t)1 << 20);
			break;
		case 'x':
			xn = bench_number(optarg, ch, 1, (uint64_t)1 << 28);
			break;
		default:
			usage();
		}
	if (optind != argc)
		usage();
	nimpl = BATCH_OPENSSL ? NIMPL : IMPL_EVP;
#if BATCH_OPENSSL
	if ((evp_ctx = EVP_MD_CTX_new()) == NULL)
		errx(1, "EVP_MD_CTX_new");
#endif

	/* keccak256: message i at offset i, so every one differs. */
	setup(&wk, "keccak256", "keccak256", "SHA3-256", 0, (size_t)kn);
	kbuf = xcalloc((size_t)(kn + klen), 1);
	fill(kbuf, (size_t)(kn + klen));
	for (i = 0; i < wk.n; i++) {
		wk.msgs[i] = kbuf + i;
		wk.lens[i] = (size_t)klen;
	}
	wk.bytes = kn * klen;

	/* xrp: the slices [0, (i * step) mod max) of one buffer. */
	setup(&wx, "xrp", "sha512h", "SHA512", 1, (size_t)xn);
	xbuf = xcalloc((size_t)xmax, 1);
	fill(xbuf, (size_t)xmax);
	wx.bytes = 0;
	for (i = 0; i < wx.n; i++) {
		wx.msgs[i] = xbuf;
		wx.lens[i] = (size_t)(((uint64_t)i * xstep) % xmax);
		wx.bytes += wx.lens[i];
	}

	if ((lanes = mds_lanes_new(wk.alg)) == NULL)
		err(1, "mds_lanes_new");
	printf("# keccak256: %llu messages of %llu bytes at offsets 0, 1, "
	    "2, ... of a buffer of fixed pseudo-random bytes; median of %llu "
	    "rounds; mds_digest_many on %s (%zu lanes)%s\n",
	    (unsigned long long)kn, (unsigned long long)klen,
	    (unsigned long long)rounds, mds_lanes_kernel(lanes) != NULL ?
	    mds_lanes_kernel(lanes) : "no multi-buffer kernel",
	    mds_lanes_width(lanes), BATCH_OPENSSL ? "; openssl-evp is "
	    "SHA3-256, the same work with another pad byte" : "");
	mds_lanes_free(lanes);
	if ((lanes = mds_lanes_new(wx.alg)) == NULL)
		err(1, "mds_lanes_new");
	printf("# xrp: %llu sha512Half calls, message i bytes [0, (i * %llu) "
	    "mod %llu) of a %llu-byte buffer; median of %llu rounds; "
	    "mds_digest_many on %s (%zu lanes); mds_digest's backend: %s\n",
	    (unsigned long long)xn, (unsigned long long)xstep,
	    (unsigned long long)xmax, (unsigned long long)xmax,
	    (unsigned long long)rounds, mds_lanes_kernel(lanes) != NULL ?
	    mds_lanes_kernel(lanes) : "no multi-buffer kernel",
	    mds_lanes_width(lanes), mds_alg_backend(wx.alg));
	mds_lanes_free(lanes);
	if (fflush(stdout) == EOF)
		err(1, "stdout");

	bad |= measure(&wk, (int)rounds, nimpl);
	bad |= measure(&wx, (int)rounds, nimpl);
	printf("%-10s %-16s %12s %10s\n", "workload", "impl", "ns/msg",
	    "MB/s");
	for (i = 0; i < nimpl; i++)
		printf("%-10s %-16s %12.1f %10.1f\n", wk.name, impl_names[i],
		    wk.med[i], (double)wk.bytes / (wk.med[i] *
		    (double)wk.n) * 1e3);
	for (i = 0; i < nimpl; i++)
		printf("%-10s %-16s %12.1f %10.1f\n", wx.name, impl_names[i],
		    wx.med[i], (double)wx.bytes / (wx.med[i] *
		    (double)wx.n) * 1e3);
	if (fflush(stdout) == EOF || ferror(stdout))
		err(1, "stdout");
#if BATCH_OPENSSL
	EVP_MD_CTX_free(evp_ctx);
#endif
	free(kbuf);
	free(xbuf);
	return bad;
}

static void
setup(struct workload *w, const char *name, const char *alg,
    const char *evp_name, int evp_same, size_t n)
{
	size_t i;

	memset(w, 0, sizeof(*w));
	w->name = name;
	if ((w->alg = mds_alg_find(alg)) == NULL)
		errx(1, "%s: no such algorithm", alg);
	w->evp_name = evp_name;
	w->evp_same = evp_same;
	w->n = n;
	w->dlen = mds_alg_digest_len(w->alg);
	w->msgs = xcalloc(n, sizeof(w->msgs[0]));
	w->lens = xcalloc(n, sizeof(w->lens[0]));
	/* Touched now, so that no timed run pays for the first faults. */
	for (i = 0; i < NIMPL; i++) {
		w->out[i] = xcalloc(n, w->dlen);
		memset(w->out[i], 0xff, n * w->dlen);
	}
}

/*
 * Time every implementation over the rounds, take the medians, check
 * the digests and free the workload's arrays; 1 if they disagree.
 */
static int
measure(struct workload *w, int rounds, size_t nimpl)
{
	unsigned char md[MDS_MAX_DIGEST];
	const struct mds_alg *sha3;
	size_t i, r;
	int impl, bad = 0;

#if BATCH_OPENSSL
	if ((evp_md = EVP_MD_fetch(NULL, w->evp_name, NULL)) == NULL)
		errx(1, "OpenSSL has no %s", w->evp_name);
#endif
	for (r = 0; r < (size_t)rounds; r++)
		for (i = 0; i < nimpl; i++) {
			impl = (int)((r + i) % nimpl);
			w->ns[impl][r] = run(w, impl);
		}
	for (i = 0; i < nimpl; i++) {
		qsort(w->ns[i], (size_t)rounds, sizeof(double),
		    bench_cmp_double);
		w->med[i] = rounds % 2 ? w->ns[i][rounds / 2] :
		    (w->ns[i][rounds / 2 - 1] + w->ns[i][rounds / 2]) / 2;
	}
	if (memcmp(w->out[IMPL_MANY], w->out[IMPL_ONE], w->n * w->dlen) != 0) {
		warnx("%s: mds_digest_many and mds_digest disagree", w->name);
		bad = 1;
	}
	if (nimpl > IMPL_EVP && w->evp_same && memcmp(w->out[IMPL_EVP],
	    w->out[IMPL_ONE], w->n * w->dlen) != 0) {
		warnx("%s: OpenSSL and mds_digest disagree", w->name);
		bad = 1;
	}
	/* A stand-in is still checked, against libmdsum's own SHA3-256. */
	if (nimpl > IMPL_EVP && !w->evp_same &&
	    (sha3 = mds_alg_find("sha3-256")) != NULL)
		for (i = 0; i < w->n; i += 997) {
			if (mds_digest(sha3, w->msgs[i], w->lens[i], md) == -1)
				err(1, "mds_digest");
			if (memcmp(md, w->out[IMPL_EVP] + i * w->dlen,
			    w->dlen) != 0) {
				warnx("%s: OpenSSL's %s and mds_digest's "
				    "disagree", w->name, w->evp_name);
				bad = 1;
				break;
			}
		}
#if BATCH_OPENSSL
	EVP_MD_free(evp_md);
	evp_md = NULL;
#endif
	for (i = 0; i < NIMPL; i++)
		free(w->out[i]);
	free(w->msgs);
	free(w->lens);
	return bad;
}

/* One implementation on every message of the workload; ns per message. */
static double
run(struct workload *w, int impl)
{
	unsigned char *out = w->out[impl];
#if BATCH_OPENSSL
	unsigned char full[EVP_MAX_MD_SIZE];
#endif
	size_t i;
	double t0;

	t0 = bench_now();
	switch (impl) {
	case IMPL_MANY:
		if (mds_digest_many(w->alg, w->n, w->msgs, w->lens, out) == -1)
			err(1, "mds_digest_many");
		break;
	case IMPL_ONE:
		for (i = 0; i < w->n; i++)
			if (mds_digest(w->alg, w->msgs[i], w->lens[i],
			    out + i * w->dlen) == -1)
				err(1, "mds_digest");
		break;
#if BATCH_OPENSSL
	case IMPL_EVP:
		for (i = 0; i < w->n; i++) {
			if (EVP_DigestInit_ex2(evp_ctx, evp_md, NULL) != 1 ||
			    EVP_DigestUpdate(evp_ctx, w->msgs[i],
			    w->lens[i]) != 1 ||
			    EVP_DigestFinal_ex(evp_ctx, full, NULL) != 1)
				errx(1, "EVP_Digest*");
			memcpy(out + i * w->dlen, full, w->dlen);
		}
		break;
#endif
	default:
		abort();
	}
	return (bench_now() - t0) * 1e9 / (double)w->n;
}

/* Fixed pseudo-random bytes (xorshift64), the same on every run. */
static void
fill(unsigned char *p, size_t n)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = (unsigned char)(x >> 24);
	}
}

static void *
xcalloc(size_t n, size_t size)
{
	void *p;

	if ((p = calloc(n != 0 ? n : 1, size)) == NULL)
		err(1, NULL);
	return p;
}




static void
usage(void)
{
	fprintf(stderr, "usage: batch [-k messages] [-l length] "
	    "[-x messages] [-m max] [-s step] [-r rounds]\n");
	exit(1);
}
