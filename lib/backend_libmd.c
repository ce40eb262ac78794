/*
 * backend_libmd.c: the libmd backend (the base-system build's).  libmd has
 * MD5, SHA-1, SHA-256, SHA-384 and SHA-512 wherever it is built (FreeBSD's
 * has more, Debian's not); the other rows fall back to the portable code.  Only this file includes libmd's headers: their SHA names
 * collide with libcrypto's.
 */
#include <string.h>

#include <md5.h>
#include <sha1.h>
#include <sha2.h>

#include "mds_int.h"

MDS_STATE_FITS(md5, MD5_CTX);
MDS_STATE_FITS(sha1, SHA1_CTX);
MDS_STATE_FITS(sha2, SHA2_CTX);

/* libmd's functions return void; wrap them in the registry's types. */
static int
md5_init(void *st, const struct mds_alg *alg)
{
	(void)alg;
	MD5Init(st);
	return 0;
}

static void
md5_update(void *st, const unsigned char *p, size_t len)
{
	MD5Update(st, p, len);
}

static int
md5_final(void *st, unsigned char *out)
{
	MD5Final(out, st);
	return 0;
}

static int
sha1_init(void *st, const struct mds_alg *alg)
{
	(void)alg;
	SHA1Init(st);
	return 0;
}

static void
sha1_update(void *st, const unsigned char *p, size_t len)
{
	SHA1Update(st, p, len);
}

static int
sha1_final(void *st, unsigned char *out)
{
	SHA1Final(out, st);
	return 0;
}

static int
sha256_init(void *st, const struct mds_alg *alg)
{
	(void)alg;
	SHA256Init(st);
	return 0;
}

static void
sha256_update(void *st, const unsigned char *p, size_t len)
{
	SHA256Update(st, p, len);
}

static int
sha256_final(void *st, unsigned char *out)
{
	SHA256Final(out, st);
	return 0;
}

static int
sha512_init(void *st, const struct mds_alg *alg)
{
	(void)alg;
	SHA512Init(st);
	return 0;
}

static void
sha512_update(void *st, const unsigned char *p, size_t len)
{
	SHA512Update(st, p, len);
}

static int
sha512_final(void *st, unsigned char *out)
{
	SHA512Final(out, st);
	return 0;
}

static int
sha384_init(void *st, const struct mds_alg *alg)
{
	(void)alg;
	SHA384Init(st);
	return 0;
}

static void
sha384_update(void *st, const unsigned char *p, size_t len)
{
	SHA384Update(st, p, len);
}

static int
sha384_final(void *st, unsigned char *out)
{
	SHA384Final(out, st);
	return 0;
}

static int
sha512h_final(void *st, unsigned char *out)
{
	unsigned char full[SHA512_DIGEST_LENGTH];

	SHA512Final(full, st);
	memcpy(out, full, 32);
	return 0;
}

static const struct mds_impl libmd_impls[] = {
	{ "md5", "libmd", md5_init, md5_update, md5_final, NULL, NULL },
	{ "sha1", "libmd", sha1_init, sha1_update, sha1_final, NULL, NULL },
	{ "sha256", "libmd", sha256_init, sha256_update, sha256_final, NULL, NULL },
	{ "sha384", "libmd", sha384_init, sha384_update, sha384_final,
	    NULL, NULL },
	{ "sha512", "libmd", sha512_init, sha512_update, sha512_final, NULL, NULL },
	{ "sha512h", "libmd", sha512_init, sha512_update, sha512h_final,
	    NULL, NULL },
};

static const struct mds_impl *
libmd_lookup(const char *alg)
{
	return mds_impl_find(libmd_impls,
	    sizeof(libmd_impls) / sizeof(libmd_impls[0]), alg);
}

const struct mds_backend mds_backend_libmd = { "libmd", 1, libmd_lookup, 0 };
