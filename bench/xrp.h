/*
 * xrp.h: the peers of bench/xrp, each in its own file because libmd's and
 * libcrypto's headers declare clashing names.  Each setup function returns
 * 0, or -1 if the library cannot provide SHA-512; each half function writes
 * the first 32 bytes of SHA-512 of p[0, len) to out.
 */
#ifndef XRP_H
#define XRP_H

#include <stddef.h>

#define XRP_HALF	32	/* bytes of a sha512Half digest */

int	xrp_openssl_setup(void);
void	xrp_openssl_half(const char *, const unsigned char *, size_t,
	    unsigned char *);
void	xrp_openssl_cleanup(void);

int	xrp_libmd_setup(void);
void	xrp_libmd_half(const char *, const unsigned char *, size_t,
	    unsigned char *);
void	xrp_libmd_cleanup(void);

#endif /* XRP_H */
