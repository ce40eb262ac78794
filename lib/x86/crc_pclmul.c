/*
 * x86/crc_pclmul.c: cksum's CRC and zlib's CRC-32 by folding with
 * carry-less multiplication (PCLMULQDQ), the method of crc_x86.h.
 *
 * Four 16-byte accumulators, 64 bytes apart: a fold is two products and
 * two XORs, about 9 cycles of latency, and four independent ones keep the
 * multiplier busy.  Inputs shorter than 64 bytes, and the last 0..15
 * bytes, go through the portable table code.  Loads are unaligned and
 * never go past p + len.
 */
#if defined(__x86_64__)
#include "x86.h"
#include "crc_x86.h"

static inline CRC_CLMUL uint32_t
crc_pclmul(uint32_t crc, const unsigned char *p, size_t len, int msb)
{
	const struct crc_x86_consts *c = msb ? &crc_msb_consts :
	    &crc_lsb_consts;
	__m128i a0, a1, a2, a3, k;

	if (len < 64)
		goto tail;
	a0 = _mm_xor_si128(crc_load(p, msb), crc_inject(crc, msb));
	a1 = crc_load(p + 16, msb);
	a2 = crc_load(p + 32, msb);
	a3 = crc_load(p + 48, msb);
	p += 64;
	len -= 64;
	k = crc_keys(c->fold512);
	for (; len >= 64; p += 64, len -= 64) {
		a0 = _mm_xor_si128(crc_fold(a0, k), crc_load(p, msb));
		a1 = _mm_xor_si128(crc_fold(a1, k), crc_load(p + 16, msb));
		a2 = _mm_xor_si128(crc_fold(a2, k), crc_load(p + 32, msb));
		a3 = _mm_xor_si128(crc_fold(a3, k), crc_load(p + 48, msb));
	}
	k = crc_keys(c->fold128);
	a0 = _mm_xor_si128(crc_fold(a0, k), a1);
	a0 = _mm_xor_si128(crc_fold(a0, k), a2);
	a0 = _mm_xor_si128(crc_fold(a0, k), a3);
	for (; len >= 16; p += 16, len -= 16)
		a0 = _mm_xor_si128(crc_fold(a0, k), crc_load(p, msb));
	crc = crc_final(a0, msb);
tail:
	return msb ? mds_crc_update_portable(crc, p, len) :
	    mds_crc32b_update_portable(crc, p, len);
}

CRC_CLMUL uint32_t
mds_crc_update_pclmul(uint32_t crc, const unsigned char *p, size_t len)
{
	return crc_pclmul(crc, p, len, 1);
}

CRC_CLMUL uint32_t
mds_crc32b_update_pclmul(uint32_t crc, const unsigned char *p, size_t len)
{
	return crc_pclmul(crc, p, len, 0);
}
#endif
