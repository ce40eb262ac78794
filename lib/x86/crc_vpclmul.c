/*
 * x86/crc_vpclmul.c: cksum's CRC and zlib's CRC-32 by folding with
 * VPCLMULQDQ on 512-bit registers: the method of crc_x86.h, four 128-bit
 * folds per instruction.
 *
 * Four zmm accumulators (sixteen 16-byte lanes) take 256 bytes a round,
 * folded 2048 bits forward.  At the end they fold into one zmm 512 bits
 * at a time, which then takes the remaining 64-byte blocks; its four lanes
 * fold into one xmm, and what is left (under 64 bytes) goes on in
 * crc_pclmul.c.  Inputs under 256 bytes go there directly.
 */
#if defined(__x86_64__)
#include "x86.h"
#include "crc_x86.h"

#define VPCLMUL	__attribute__((target( \
	"vpclmulqdq,avx512f,avx512bw,avx512vl,pclmul,sse4.1")))

static inline VPCLMUL __m512i
fold512(__m512i a, __m512i k)
{
	return _mm512_xor_si512(_mm512_clmulepi64_epi128(a, k, 0x00),
	    _mm512_clmulepi64_epi128(a, k, 0x11));
}

static inline VPCLMUL __m512i
load512(const unsigned char *p, int msb)
{
	const __m512i rev = _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3,
	    4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	__m512i x = _mm512_loadu_si512((const void *)p);

	return msb ? _mm512_shuffle_epi8(x, rev) : x;
}

static inline VPCLMUL uint32_t
crc_vpclmul(uint32_t crc, const unsigned char *p, size_t len, int msb)
{
	const struct crc_x86_consts *c = msb ? &crc_msb_consts :
	    &crc_lsb_consts;
	__m512i z0, z1, z2, z3, k;
	__m128i a, k1;

	if (len < 256)
		goto rest;
	z0 = _mm512_xor_si512(load512(p, msb),
	    _mm512_zextsi128_si512(crc_inject(crc, msb)));
	z1 = load512(p + 64, msb);
	z2 = load512(p + 128, msb);
	z3 = load512(p + 192, msb);
	p += 256;
	len -= 256;
	k = _mm512_broadcast_i32x4(crc_keys(c->fold2048));
	for (; len >= 256; p += 256, len -= 256) {
		z0 = _mm512_xor_si512(fold512(z0, k), load512(p, msb));
		z1 = _mm512_xor_si512(fold512(z1, k), load512(p + 64, msb));
		z2 = _mm512_xor_si512(fold512(z2, k), load512(p + 128, msb));
		z3 = _mm512_xor_si512(fold512(z3, k), load512(p + 192, msb));
	}
	k = _mm512_broadcast_i32x4(crc_keys(c->fold512));
	z0 = _mm512_xor_si512(fold512(z0, k), z1);
	z0 = _mm512_xor_si512(fold512(z0, k), z2);
	z0 = _mm512_xor_si512(fold512(z0, k), z3);
	for (; len >= 64; p += 64, len -= 64)
		z0 = _mm512_xor_si512(fold512(z0, k), load512(p, msb));
	k1 = crc_keys(c->fold128);
	a = _mm512_castsi512_si128(z0);
	a = _mm_xor_si128(crc_fold(a, k1), _mm512_extracti32x4_epi32(z0, 1));
	a = _mm_xor_si128(crc_fold(a, k1), _mm512_extracti32x4_epi32(z0, 2));
	a = _mm_xor_si128(crc_fold(a, k1), _mm512_extracti32x4_epi32(z0, 3));
	crc = crc_final(a, msb);
rest:
	return msb ? mds_crc_update_pclmul(crc, p, len) :
	    mds_crc32b_update_pclmul(crc, p, len);
}

VPCLMUL uint32_t
mds_crc_update_vpclmul(uint32_t crc, const unsigned char *p, size_t len)
{
	return crc_vpclmul(crc, p, len, 1);
}

VPCLMUL uint32_t
mds_crc32b_update_vpclmul(uint32_t crc, const unsigned char *p, size_t len)
{
	return crc_vpclmul(crc, p, len, 0);
}
#endif
