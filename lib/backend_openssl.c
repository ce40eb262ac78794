/*
 * backend_openssl.c: the libcrypto backend, through EVP (OpenSSL 3).
 *
 * OpenSSL is initialised by the first lookup, that is, only when some
 * algorithm is about to be hashed on this backend; each EVP_MD is fetched
 * once.  KECCAK-256 exists from OpenSSL 3.2 on: where the fetch fails,
 * keccak256 falls back to the portable code.  Only this file includes
 * libcrypto's headers.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include <openssl/evp.h>

#include "mds_int.h"

/* The context of one running hash: EVP_MD_CTX lives on the heap. */
struct ossl_state {
	EVP_MD_CTX	*evp;
	size_t		 outlen;	/* sha512h keeps 32 of 64 bytes */
	int		 failed;	/* an EVP_DigestUpdate failed */
};

MDS_STATE_FITS(ossl_state, struct ossl_state);

enum { MD_MD5, MD_SHA1, MD_SHA256, MD_SHA512, MD_SHA3_256, MD_KECCAK256,
	MD_COUNT };

static const char *const md_names[MD_COUNT] = {
	"MD5", "SHA1", "SHA256", "SHA512", "SHA3-256", "KECCAK-256"
};

static EVP_MD *mds_md[MD_COUNT];
static pthread_once_t fetch_once = PTHREAD_ONCE_INIT;

/*
 * One spare EVP_MD_CTX per thread, so that hashing many small messages
 * does not allocate and free one each time.
 */
static pthread_key_t spare_key;
static int spare_ok;

static void
spare_free(void *evp)
{
	EVP_MD_CTX_free(evp);
}

static void
fetch_all(void)
{
	int i;

	for (i = 0; i < MD_COUNT; i++)
		mds_md[i] = EVP_MD_fetch(NULL, md_names[i], NULL);
	spare_ok = pthread_key_create(&spare_key, spare_free) == 0;
}

static EVP_MD_CTX *
evp_get(void)
{
	EVP_MD_CTX *evp;

	if (spare_ok && (evp = pthread_getspecific(spare_key)) != NULL) {
		(void)pthread_setspecific(spare_key, NULL);
		return evp;
	}
	return EVP_MD_CTX_new();
}

static void
evp_put(EVP_MD_CTX *evp)
{
	if (spare_ok && pthread_getspecific(spare_key) == NULL &&
	    pthread_setspecific(spare_key, evp) == 0)
		return;
	EVP_MD_CTX_free(evp);
}

static int
ossl_init(void *vst, int md, size_t outlen)
{
	struct ossl_state *st = vst;

	if ((st->evp = evp_get()) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	if (EVP_DigestInit_ex2(st->evp, mds_md[md], NULL) != 1) {
		evp_put(st->evp);
		errno = EIO;
		return -1;
	}
	st->outlen = outlen;
	st->failed = 0;
	return 0;
}

static void
ossl_update(void *vst, const unsigned char *p, size_t len)
{
	struct ossl_state *st = vst;

	if (EVP_DigestUpdate(st->evp, p, len) != 1)
		st->failed = 1;
}

static int
ossl_final(void *vst, unsigned char *out)
{
	struct ossl_state *st = vst;
	unsigned char full[EVP_MAX_MD_SIZE];
	unsigned int n;
	int ok;

	ok = EVP_DigestFinal_ex(st->evp, full, &n) == 1 && !st->failed &&
	    n >= st->outlen;
	evp_put(st->evp);
	if (!ok) {
		errno = EIO;
		return -1;
	}
	memcpy(out, full, st->outlen);
	return 0;
}

static void
ossl_discard(void *vst)
{
	struct ossl_state *st = vst;

	evp_put(st->evp);
}

/* Typed initialisers for the table, one per algorithm. */
static int
md5_init(void *st)
{
	return ossl_init(st, MD_MD5, 16);
}
static int
sha1_init(void *st)
{
	return ossl_init(st, MD_SHA1, 20);
}
static int
sha256_init(void *st)
{
	return ossl_init(st, MD_SHA256, 32);
}
static int
sha512_init(void *st)
{
	return ossl_init(st, MD_SHA512, 64);
}
static int
sha512h_init(void *st)
{
	return ossl_init(st, MD_SHA512, 32);
}
static int
sha3_256_init(void *st)
{
	return ossl_init(st, MD_SHA3_256, 32);
}
static int
keccak256_init(void *st)
{
	return ossl_init(st, MD_KECCAK256, 32);
}

#define OSSL_IMPL(alg, init, md) \
	{ { alg, "openssl", init, ossl_update, ossl_final, ossl_discard, NULL }, \
	    md }

static const struct {
	struct mds_impl	impl;
	int		md;
} ossl_impls[] = {
	OSSL_IMPL("md5", md5_init, MD_MD5),
	OSSL_IMPL("sha1", sha1_init, MD_SHA1),
	OSSL_IMPL("sha256", sha256_init, MD_SHA256),
	OSSL_IMPL("sha512", sha512_init, MD_SHA512),
	OSSL_IMPL("sha512h", sha512h_init, MD_SHA512),
	OSSL_IMPL("sha3-256", sha3_256_init, MD_SHA3_256),
	OSSL_IMPL("keccak256", keccak256_init, MD_KECCAK256),
};

static const struct mds_impl *
ossl_lookup(const char *alg)
{
	size_t i;

	(void)pthread_once(&fetch_once, fetch_all);
	for (i = 0; i < sizeof(ossl_impls) / sizeof(ossl_impls[0]); i++)
		if (strcmp(alg, ossl_impls[i].impl.alg) == 0)
			return mds_md[ossl_impls[i].md] != NULL ?
			    &ossl_impls[i].impl : NULL;
	return NULL;
}

const struct mds_backend mds_backend_openssl = {
	"openssl", 1, ossl_lookup
};
