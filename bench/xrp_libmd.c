/*
 * xrp_libmd.c: sha512Half straight through libmd (SHA512Init, SHA512Update,
 * SHA512Final), the first 32 of 64 bytes kept.
 */
#include <stdint.h>
#include <string.h>

#include <sha2.h>

#include "xrp.h"

int
xrp_libmd_setup(void)
{
	return 0;
}

void
xrp_libmd_half(const char *unused, const unsigned char *p, size_t len,
    unsigned char *out)
{
	SHA2_CTX ctx;
	uint8_t full[SHA512_DIGEST_LENGTH];

	(void)unused;
	SHA512Init(&ctx);
	SHA512Update(&ctx, p, len);
	SHA512Final(full, &ctx);
	memcpy(out, full, XRP_HALF);
}

void
xrp_libmd_cleanup(void)
{
}
