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

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "mds_int.h"

/* The context of one running hash: EVP_MD_CTX lives on the heap. */
struct ossl_state {
	EVP_MD_CTX	*evp;
	size_t		 outlen;	/* sha512h keeps 32 of 64 bytes */
	int		 failed;	/* an EVP_DigestUpdate failed */
};

MDS_STATE_FITS(ossl_state, struct ossl_state);

/* What EVP calls each registry row it has (sha512h: SHA-512, cut). */
static const struct {
	const char	*alg;
	const char	*evp;
} md_names[] = {
	{ "md5", "MD5" }, { "sha1", "SHA1" }, { "sha224", "SHA224" },
	{ "sha256", "SHA256" }, { "sha384", "SHA384" }, { "sha512", "SHA512" },
	{ "sha512-224", "SHA512-224" }, { "sha512-256", "SHA512-256" },
	{ "sha512h", "SHA512" }, { "sha3-224", "SHA3-224" },
	{ "sha3-256", "SHA3-256" }, { "sha3-384", "SHA3-384" },
	{ "sha3-512", "SHA3-512" }, { "keccak256", "KECCAK-256" },
	{ "sm3", "SM3" },
	/* Its fixed 64-byte form only: the other lengths are portable. */
	{ "blake2b", "BLAKE2B-512" },
};

#define MD_COUNT	(sizeof(md_names) / sizeof(md_names[0]))

static EVP_MD *mds_md[MD_COUNT];
/* md_names' index + 1 per registry row, so that an init compares no name. */
static unsigned char md_of_alg[MDS_MAX_ALGS];
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
	const struct mds_alg *alg;
	size_t i;

	for (i = 0; i < MD_COUNT; i++) {
		mds_md[i] = EVP_MD_fetch(NULL, md_names[i].evp, NULL);
		if ((alg = mds_alg_find(md_names[i].alg)) != NULL)
			md_of_alg[mds_alg_index(alg)] = (unsigned char)(i + 1);
	}
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

/* The row's EVP_MD, which ossl_lookup fetched before handing out init. */
static int
ossl_init(void *vst, const struct mds_alg *alg)
{
	struct ossl_state *st = vst;
	size_t md = (size_t)md_of_alg[mds_alg_index(alg)] - 1;

	if (md >= MD_COUNT || mds_md[md] == NULL) {
		errno = ENOTSUP;
		return -1;
	}
	if ((st->evp = evp_get()) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	if (EVP_DigestInit_ex2(st->evp, mds_md[md], NULL) != 1) {
		evp_put(st->evp);
		errno = EIO;
		return -1;
	}
	st->outlen = alg->digest_len;
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

static const struct mds_impl ossl_impl = {
	NULL, "openssl", ossl_init, ossl_update, ossl_final, ossl_discard, NULL
};

static const struct mds_impl *
ossl_lookup(const char *alg)
{
	size_t i;

	(void)pthread_once(&fetch_once, fetch_all);
	for (i = 0; i < MD_COUNT; i++)
		if (strcmp(alg, md_names[i].alg) == 0)
			return mds_md[i] != NULL ? &ossl_impl : NULL;
	return NULL;
}

/* Starting it (fetch_all) costs more than hashing a MiB: costly. */
const struct mds_backend mds_backend_openssl = {
	"openssl", 1, ossl_lookup, 1
};

/* tune_key.c: a ranking measured on another libcrypto is not kept. */
const char *
mds_openssl_version(void)
{
	return OpenSSL_version(OPENSSL_VERSION);
}
