/*
 * xrp_openssl.c: sha512Half straight through OpenSSL's EVP interface, as a
 * program that cares would call it: SHA-512 fetched once, one EVP_MD_CTX
 * reused for every message, the first 32 of 64 bytes kept.
 */
#include <string.h>

#include <openssl/evp.h>

#include "xrp.h"

static EVP_MD *md;
static EVP_MD_CTX *ctx;

int
xrp_openssl_setup(void)
{
	if ((md = EVP_MD_fetch(NULL, "SHA512", NULL)) == NULL)
		return -1;
	if ((ctx = EVP_MD_CTX_new()) == NULL) {
		EVP_MD_free(md);
		md = NULL;
		return -1;
	}
	return 0;
}

void
xrp_openssl_half(const char *unused, const unsigned char *p, size_t len,
    unsigned char *out)
{
	unsigned char full[EVP_MAX_MD_SIZE];

	(void)unused;
	if (EVP_DigestInit_ex2(ctx, md, NULL) != 1 ||
	    EVP_DigestUpdate(ctx, p, len) != 1 ||
	    EVP_DigestFinal_ex(ctx, full, NULL) != 1)
		memset(full, 0, sizeof(full));	/* the chain will disagree */
	memcpy(out, full, XRP_HALF);
}

void
xrp_openssl_cleanup(void)
{
	EVP_MD_CTX_free(ctx);
	EVP_MD_free(md);
	ctx = NULL;
	md = NULL;
}
