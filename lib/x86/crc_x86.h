/*
 * x86/crc_x86.h: what the carry-less multiplication CRC kernels
 * (crc_pclmul.c, crc_vpclmul.c) share: the constants and the 128-bit steps.
 *
 * A CRC register after message M is M(x) * x^32 mod P(x), so the message
 * may be replaced by anything congruent to it modulo P.  A 128-bit
 * accumulator A = H * x^64 + L that is followed by D more bits of message
 * counts as A * x^D = H * x^(D+64) + L * x^D, which is congruent to
 * H * (x^(D+64) mod P) + L * (x^D mod P): two 64 x 32-bit carry-less
 * products, at most 95 bits, XORed with the 128 bits D bits further on.
 * Several accumulators D bits apart hide the multiplier's latency; at the
 * end they fold into one, and the last 128 bits are reduced to 32 with
 * two more folds and a Barrett reduction (q = floor(V / P) is
 * floor(floor(V / x^32) * floor(x^64 / P) / x^32), exactly, in GF(2)).
 *
 * cksum's CRC takes the first bit of a byte as the highest power: each
 * 16-byte load is byte-reversed so that bit i of the register is the
 * coefficient of x^i.  zlib's takes bits the other way round, so a plain
 * load has bit i as the coefficient of x^(127 - i); a carry-less product
 * of two such 64-bit values is the reversed product shifted one bit, and
 * its constants are reversed over 64 bits, each with one power of x less
 * to make up for the shift: x^(D-1) and x^(D+63) mod P.
 *
 * Every constant was computed for this code by a short polynomial
 * arithmetic script and checked by the tests against the table-driven
 * portable CRCs.
 */
#ifndef MDS_CRC_X86_H
#define MDS_CRC_X86_H

#include <immintrin.h>
#include <stdint.h>

#define CRC_CLMUL	__attribute__((target("pclmul,sse4.1")))

/*
 * The two constants of a fold by D bits as one 128-bit load: [0]
 * multiplies the low quadword of the accumulator, [1] the high one.
 */
struct crc_x86_consts {
	uint64_t	fold128[2];	/* one 16-byte accumulator */
	uint64_t	fold512[2];	/* four, or a 512-bit register */
	uint64_t	fold2048[2];	/* four 512-bit registers */
	uint64_t	reduce[2];	/* 128 to 96 bits, 96 to 64 */
	uint64_t	barrett[2];	/* floor(x^64 / P), P */
};

/* x^k mod P for cksum's P = 0x104C11DB7; bit i is the coefficient of x^i. */
static const struct crc_x86_consts crc_msb_consts
    __attribute__((aligned(16))) = {
	{ 0xe8a45605, 0xc5b9cd4c },	/* x^128, x^192 */
	{ 0xe6228b11, 0x8833794c },	/* x^512, x^576 */
	{ 0x88fe2237, 0xcbcf3bcb },	/* x^2048, x^2112 */
	{ 0xf200aa66, 0x490d678d },	/* x^96, x^64 */
	{ 0x104d101dfULL, 0x104c11db7ULL },
};

/* The same for zlib's, each value reversed over 64 (33) bits. */
static const struct crc_x86_consts crc_lsb_consts
    __attribute__((aligned(16))) = {
	{ 0x65673b4600000000ULL, 0x9ba54c6f00000000ULL }, /* x^191, x^127 */
	{ 0x653d982200000000ULL, 0xcad38e8f00000000ULL }, /* x^575, x^511 */
	{ 0x7cc8e1e700000000ULL, 0x03f9f86300000000ULL }, /* x^2111, x^2047 */
	{ 0xccaa009e00000000ULL, 0xb8bc676500000000ULL }, /* x^95, x^63 */
	{ 0x1f7011641ULL, 0x1db710641ULL },
};

static inline CRC_CLMUL __m128i
crc_fold(__m128i a, __m128i k)
{
	return _mm_xor_si128(_mm_clmulepi64_si128(a, k, 0x00),
	    _mm_clmulepi64_si128(a, k, 0x11));
}

static inline CRC_CLMUL __m128i
crc_keys(const uint64_t k[2])
{
	return _mm_load_si128((const __m128i *)(const void *)k);
}

/* 16 bytes as the register holds them: byte-reversed for cksum's CRC. */
static inline CRC_CLMUL __m128i
crc_load(const unsigned char *p, int msb)
{
	const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
	    11, 12, 13, 14, 15);
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);

	return msb ? _mm_shuffle_epi8(x, rev) : x;
}

/* The register value c joins the first 32 message bits. */
static inline CRC_CLMUL __m128i
crc_inject(uint32_t c, int msb)
{
	return msb ? _mm_set_epi32((int)c, 0, 0, 0) :
	    _mm_cvtsi32_si128((int)c);
}

/* cksum's CRC register of the message A: A * x^32 mod P. */
static inline CRC_CLMUL uint32_t
crc_final_msb(__m128i a)
{
	__m128i kr = crc_keys(crc_msb_consts.reduce);
	__m128i kb = crc_keys(crc_msb_consts.barrett);
	__m128i v, w, t;

	/* H * (x^96 mod P) + L * x^32, then its top 32 bits times x^64. */
	v = _mm_xor_si128(_mm_clmulepi64_si128(a, kr, 0x01),
	    _mm_slli_si128(_mm_move_epi64(a), 4));
	w = _mm_xor_si128(_mm_clmulepi64_si128(v, kr, 0x11),
	    _mm_move_epi64(v));
	/* w - floor(w / P) * P, of which the low 32 bits are all there is. */
	t = _mm_clmulepi64_si128(_mm_srli_epi64(w, 32), kb, 0x00);
	t = _mm_clmulepi64_si128(_mm_srli_epi64(t, 32), kb, 0x10);
	return (uint32_t)_mm_cvtsi128_si32(_mm_xor_si128(w, t));
}

/* The same steps for zlib's CRC, on reversed bits. */
static inline CRC_CLMUL uint32_t
crc_final_lsb(__m128i a)
{
	__m128i kr = crc_keys(crc_lsb_consts.reduce);
	__m128i kb = crc_keys(crc_lsb_consts.barrett);
	__m128i lo32 = _mm_set_epi32(0, 0, 0, -1);
	__m128i v, w, t;

	v = _mm_xor_si128(_mm_clmulepi64_si128(a, kr, 0x00),
	    _mm_slli_si128(_mm_srli_si128(a, 8), 4));
	w = _mm_srli_si128(_mm_xor_si128(_mm_clmulepi64_si128(v, kr, 0x10),
	    v), 8);
	t = _mm_clmulepi64_si128(_mm_and_si128(w, lo32), kb, 0x00);
	t = _mm_clmulepi64_si128(_mm_and_si128(t, lo32), kb, 0x10);
	return (uint32_t)_mm_extract_epi32(_mm_xor_si128(w, t), 1);
}

static inline CRC_CLMUL uint32_t
crc_final(__m128i a, int msb)
{
	return msb ? crc_final_msb(a) : crc_final_lsb(a);
}

#endif /* MDS_CRC_X86_H */
