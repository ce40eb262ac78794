/*
 * x86/keccak_mb_avx2.c: Keccak-f[1600] absorb for four independent
 * sponges with AVX2: word w of all four states in one ymm register (the
 * word-major layout of struct mds_mb_kernel), so a round is the scalar
 * round on whole registers, rotates as two shifts and an or (a rotate by
 * one as vpaddq, vpsrlq and vpor, off the shift ports), chi as vpandn and
 * vpxor.  The rounds are unrolled.  25 words do not fit in 16 registers,
 * so the state is an array on the stack, read twice a round (the column
 * parities, then theta, rho and chi together: 15 registers live) and
 * written once, as memory operands where it can: 7% faster than 25 named
 * words spilled where the compiler chose.
 *
 * Each pair of message words is transposed in registers: two lanes' pairs
 * in the halves of a register (vinserti128 from memory), vpunpck{l,h}qdq
 * of two such.  The odd word of rate 136 and all words of other rates
 * take vpmaskmovq, which reads nothing past a lane's block.  Reads exactly
 * nblocks * rate bytes from each busy lane; idle lanes read
 * mds_zero_block.
 *
 * Measured on the reference machine (Sapphire Rapids class), rdtsc, 16 KiB
 * a lane hot in cache, rate 136, medians of 5 runs: 1.96 ticks a byte
 * over all four lanes against 3.94 for one stream of keccak-bmi, the best
 * single-stream kernel at the AVX2 level (2.0x), and 3.32 for
 * keccak-avx512.  Two busy lanes are level with one stream each (3.91),
 * three beat them (2.61).
 */
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdint.h>

#include "x86.h"
#include "../mb_lane.h"

#define AVX2	__attribute__((target("avx2")))

#define XOR(a, b)	_mm256_xor_si256(a, b)
#define CHI(a, b, c)	_mm256_xor_si256(a, _mm256_andnot_si256(b, c))
#define ROL(a, n)	_mm256_or_si256(_mm256_slli_epi64(a, n),	\
			    _mm256_srli_epi64(a, 64 - (n)))
#define ROL1(a)		_mm256_or_si256(_mm256_add_epi64(a, a),		\
			    _mm256_srli_epi64(a, 63))
#define RC(i)		_mm256_set1_epi64x((long long)mds_keccak_rc[i])

/*
 * One round from A into E (lane (x, y) is A[x + 5y]): the column
 * parities c and theta's d, then each row of E by chi from five words
 * taken through theta and rotated.
 */
#define ROUND(A, E, i) do {						\
	c0 = XOR(XOR(XOR(A[0], A[5]), XOR(A[10], A[15])), A[20]);	\
	c1 = XOR(XOR(XOR(A[1], A[6]), XOR(A[11], A[16])), A[21]);	\
	c2 = XOR(XOR(XOR(A[2], A[7]), XOR(A[12], A[17])), A[22]);	\
	c3 = XOR(XOR(XOR(A[3], A[8]), XOR(A[13], A[18])), A[23]);	\
	c4 = XOR(XOR(XOR(A[4], A[9]), XOR(A[14], A[19])), A[24]);	\
	d0 = XOR(c4, ROL1(c1));						\
	d1 = XOR(c0, ROL1(c2));						\
	d2 = XOR(c1, ROL1(c3));						\
	d3 = XOR(c2, ROL1(c4));						\
	d4 = XOR(c3, ROL1(c0));						\
	b0 = XOR(A[0], d0);						\
	b1 = ROL(XOR(A[6], d1), 44);					\
	b2 = ROL(XOR(A[12], d2), 43);					\
	b3 = ROL(XOR(A[18], d3), 21);					\
	b4 = ROL(XOR(A[24], d4), 14);					\
	E[0] = CHI(b0, b1, b2);						\
	E[1] = CHI(b1, b2, b3);						\
	E[2] = CHI(b2, b3, b4);						\
	E[3] = CHI(b3, b4, b0);						\
	E[4] = CHI(b4, b0, b1);						\
	b0 = ROL(XOR(A[3], d3), 28);					\
	b1 = ROL(XOR(A[9], d4), 20);					\
	b2 = ROL(XOR(A[10], d0), 3);					\
	b3 = ROL(XOR(A[16], d1), 45);					\
	b4 = ROL(XOR(A[22], d2), 61);					\
	E[5] = CHI(b0, b1, b2);						\
	E[6] = CHI(b1, b2, b3);						\
	E[7] = CHI(b2, b3, b4);						\
	E[8] = CHI(b3, b4, b0);						\
	E[9] = CHI(b4, b0, b1);						\
	b0 = ROL1(XOR(A[1], d1));					\
	b1 = ROL(XOR(A[7], d2), 6);					\
	b2 = ROL(XOR(A[13], d3), 25);					\
	b3 = ROL(XOR(A[19], d4), 8);					\
	b4 = ROL(XOR(A[20], d0), 18);					\
	E[10] = CHI(b0, b1, b2);					\
	E[11] = CHI(b1, b2, b3);					\
	E[12] = CHI(b2, b3, b4);					\
	E[13] = CHI(b3, b4, b0);					\
	E[14] = CHI(b4, b0, b1);					\
	b0 = ROL(XOR(A[4], d4), 27);					\
	b1 = ROL(XOR(A[5], d0), 36);					\
	b2 = ROL(XOR(A[11], d1), 10);					\
	b3 = ROL(XOR(A[17], d2), 15);					\
	b4 = ROL(XOR(A[23], d3), 56);					\
	E[15] = CHI(b0, b1, b2);					\
	E[16] = CHI(b1, b2, b3);					\
	E[17] = CHI(b2, b3, b4);					\
	E[18] = CHI(b3, b4, b0);					\
	E[19] = CHI(b4, b0, b1);					\
	b0 = ROL(XOR(A[2], d2), 62);					\
	b1 = ROL(XOR(A[8], d3), 55);					\
	b2 = ROL(XOR(A[14], d4), 39);					\
	b3 = ROL(XOR(A[15], d0), 41);					\
	b4 = ROL(XOR(A[21], d1), 2);					\
	E[20] = CHI(b0, b1, b2);					\
	E[21] = CHI(b1, b2, b3);					\
	E[22] = CHI(b2, b3, b4);					\
	E[23] = CHI(b3, b4, b0);					\
	E[24] = CHI(b4, b0, b1);					\
	E[0] = XOR(E[0], RC(i));					\
} while (0)

#define ROUNDS() do {							\
	ROUND(a, e, 0); ROUND(e, a, 1); ROUND(a, e, 2); ROUND(e, a, 3);	\
	ROUND(a, e, 4); ROUND(e, a, 5); ROUND(a, e, 6); ROUND(e, a, 7);	\
	ROUND(a, e, 8); ROUND(e, a, 9); ROUND(a, e, 10); ROUND(e, a, 11); \
	ROUND(a, e, 12); ROUND(e, a, 13); ROUND(a, e, 14); ROUND(e, a, 15); \
	ROUND(a, e, 16); ROUND(e, a, 17); ROUND(a, e, 18); ROUND(e, a, 19); \
	ROUND(a, e, 20); ROUND(e, a, 21); ROUND(a, e, 22); ROUND(e, a, 23); \
} while (0)

/*
 * Words 2j and 2j+1 of the four lanes into M0 and M1: lanes 0 and 2 in
 * the halves of one register, 1 and 3 of another, then unpack.  LD(l, j)
 * loads lane l's pair.
 */
#define PAIR(LD, j, M0, M1) do {					\
	__m256i x0_, x1_;						\
									\
	x0_ = _mm256_inserti128_si256(_mm256_castsi128_si256(LD(0, j)),	\
	    LD(2, j), 1);						\
	x1_ = _mm256_inserti128_si256(_mm256_castsi128_si256(LD(1, j)),	\
	    LD(3, j), 1);						\
	M0 = _mm256_unpacklo_epi64(x0_, x1_);				\
	M1 = _mm256_unpackhi_epi64(x0_, x1_);				\
} while (0)

#define LDU(l, j)	_mm_loadu_si128((const void *)(p[l] + 16 * (j)))
/* Masked: no word past the rate is read. */
#define LDM(l, j)	_mm_maskload_epi64((const long long *)(const void *) \
			    (p[l] + 16 * (j)), k[j])

/* Rates the kernel does not take: lane by lane, as mb_portable.c. */
static void
lanes(uint64_t *s, const unsigned char *const *data, size_t nblocks,
    size_t rate)
{
	MB_LANE_KECCAK_PORTABLE(s, data, nblocks, rate, 4);
}

AVX2 void
mds_keccak_mb_avx2(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	__m256i a[25], e[25];
	__m256i b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
	__m256i m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12;
	__m256i m13, m14, m15, m16, m17;
	__m128i k[9];
	const unsigned char *p[4];
	uint64_t *s = state;
	size_t step[4], words = rate / 8, j;
	int l;

	if (nblocks == 0)
		return;
	if (rate % 8 != 0 || rate > MDS_MAX_BLOCK) {
		lanes(state, data, nblocks, rate);
		return;
	}
	MB_LANE_START(l, p, step, data, 4, rate);
	for (j = 0; j < 9; j++)
		k[j] = _mm_set_epi64x(2 * j + 1 < words ? -1 : 0,
		    2 * j < words ? -1 : 0);
	for (j = 0; j < 25; j++)
		a[j] = _mm256_loadu_si256((const void *)(s + 4 * j));
	do {
		if (words == 17) {
			PAIR(LDU, 0, m0, m1); PAIR(LDU, 1, m2, m3);
			PAIR(LDU, 2, m4, m5); PAIR(LDU, 3, m6, m7);
			PAIR(LDU, 4, m8, m9); PAIR(LDU, 5, m10, m11);
			PAIR(LDU, 6, m12, m13); PAIR(LDU, 7, m14, m15);
			PAIR(LDM, 8, m16, m17);
		} else {
			PAIR(LDM, 0, m0, m1); PAIR(LDM, 1, m2, m3);
			PAIR(LDM, 2, m4, m5); PAIR(LDM, 3, m6, m7);
			PAIR(LDM, 4, m8, m9); PAIR(LDM, 5, m10, m11);
			PAIR(LDM, 6, m12, m13); PAIR(LDM, 7, m14, m15);
			PAIR(LDM, 8, m16, m17);
		}
		a[0] = XOR(a[0], m0); a[1] = XOR(a[1], m1); a[2] = XOR(a[2], m2);
		a[3] = XOR(a[3], m3); a[4] = XOR(a[4], m4); a[5] = XOR(a[5], m5);
		a[6] = XOR(a[6], m6); a[7] = XOR(a[7], m7); a[8] = XOR(a[8], m8);
		a[9] = XOR(a[9], m9); a[10] = XOR(a[10], m10);
		a[11] = XOR(a[11], m11); a[12] = XOR(a[12], m12);
		a[13] = XOR(a[13], m13); a[14] = XOR(a[14], m14);
		a[15] = XOR(a[15], m15); a[16] = XOR(a[16], m16);
		if (words > 17)
			a[17] = XOR(a[17], m17);
		ROUNDS();
		MB_LANE_NEXT(l, p, step, 4);
	} while (--nblocks > 0);
	for (j = 0; j < 25; j++)
		_mm256_storeu_si256((void *)(s + 4 * j), a[j]);
}

#endif /* __x86_64__ */
