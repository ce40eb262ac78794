/*
 * oracle.c: answers that owe nothing to libmdsum, for the suites that
 * would otherwise check the library against itself.
 *
 * The checksums are written here from their definitions, as plainly as
 * possible and slowly: the CRCs a bit at a time (POSIX cksum's, most
 * significant bit first, with the length after the data; zlib's, least
 * significant bit first, and zlib's own crc32 beside it), the sums a
 * byte at a time, in the arithmetic coreutils' sum.c uses.
 */
#include <string.h>

#include <check.h>
#include <zlib.h>

#include "mdsum.h"
#include "tests.h"

static void	 put_be(uint32_t, unsigned char *, size_t);

/* The register after len bytes, no inversion: POSIX's polynomial. */
uint32_t
mdt_crc_msb(uint32_t reg, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	int b;

	for (; len > 0; p++, len--) {
		reg ^= (uint32_t)*p << 24;
		for (b = 0; b < 8; b++)
			reg = reg & 0x80000000u ? reg << 1 ^ 0x04c11db7u :
			    reg << 1;
	}
	return reg;
}

/* The same polynomial bit-reversed, bytes taken low bit first. */
uint32_t
mdt_crc_lsb(uint32_t reg, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	int b;

	for (; len > 0; p++, len--) {
		reg ^= *p;
		for (b = 0; b < 8; b++)
			reg = reg & 1 ? reg >> 1 ^ 0xedb88320u : reg >> 1;
	}
	return reg;
}

/*
 * cksum(1): the CRC of the data, then of the length, low byte first, in
 * as few bytes as hold it; the complement.  total is the length to
 * encode, which may exceed len when the caller has fed the data
 * through mdt_crc_msb itself (reg: the register so far).
 */
uint32_t
mdt_cksum_finish(uint32_t reg, uint64_t total)
{
	unsigned char b;

	for (; total != 0; total >>= 8) {
		b = (unsigned char)(total & 0xff);
		reg = mdt_crc_msb(reg, &b, 1);
	}
	return ~reg;
}

/* sum -s: bytes added in 32 bits, folded to 16 with the carries. */
uint16_t
mdt_sysv_sum(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	uint32_t s = 0, r;

	for (; len > 0; p++, len--)
		s += *p;
	r = (s & 0xffff) + (s >> 16);
	return (uint16_t)((r & 0xffff) + (r >> 16));
}

/* sum -r: rotate right by one in 16 bits, add the byte. */
uint16_t
mdt_bsd_sum(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	unsigned int s = 0;

	for (; len > 0; p++, len--) {
		s = (s >> 1) + ((s & 1) << 15);
		s = (s + *p) & 0xffff;
	}
	return (uint16_t)s;
}

static void
put_be(uint32_t v, unsigned char *out, size_t n)
{
	while (n-- > 0) {
		out[n] = (unsigned char)(v & 0xff);
		v >>= 8;
	}
}

/*
 * The digest of the checksum algorithms (the number, big-endian, as the
 * library gives it): 1, or 0 for an algorithm this file cannot compute.
 */
int
mdt_oracle(const struct mds_alg *alg, const void *msg, size_t len,
    unsigned char *out)
{
	const char *name = mds_alg_name(alg);
	uint32_t v;
	uLong z;

	if (strcmp(name, "crc") == 0)
		put_be(mdt_cksum_finish(mdt_crc_msb(0, msg, len), len), out, 4);
	else if (strcmp(name, "crc32b") == 0) {
		v = ~mdt_crc_lsb(0xffffffffu, msg, len);
		/* zlib's answer too: two oracles that must agree */
		z = crc32(0L, Z_NULL, 0);
		for (; len > 0x40000000; len -= 0x40000000) {
			z = crc32(z, msg, 0x40000000);
			msg = (const unsigned char *)msg + 0x40000000;
		}
		z = crc32(z, msg, (uInt)len);
		ck_assert_msg(z == v, "oracle: bitwise CRC-32 %08lx, zlib's "
		    "%08lx", (unsigned long)v, (unsigned long)z);
		put_be(v, out, 4);
	} else if (strcmp(name, "sysv") == 0)
		put_be(mdt_sysv_sum(msg, len), out, 2);
	else if (strcmp(name, "bsd") == 0)
		put_be(mdt_bsd_sum(msg, len), out, 2);
	else
		return 0;
	return 1;
}
