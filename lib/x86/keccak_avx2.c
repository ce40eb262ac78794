/*
 * x86/keccak_avx2.c: the Keccak-f[1600] absorb loop with AVX2, the state
 * in seven ymm registers across all rounds and blocks.
 *
 * Four lanes a register: between rounds the state is held as columns,
 * c1..c4 and k (column 0) with rows 1..4 in their qwords, plus row 0's
 * lanes 1..4 in x0 and lane (0, 0) in every qword of z.  A round:
 * theta takes the column sums straight from the columns (unpack, xor and
 * a 128-bit swap, as two vectors arranged so that v ^ rol(w, 1) is D in
 * row order) while a 4x4 transpose (vpunpck, vperm2i128) turns c1..c4
 * into rows off the critical path; D is one xor a row.  Rho is vpsllvq,
 * vpsrlvq and vpor with per-lane counts.  Pi sends row y to column y, so
 * it is one vpermq a row, plus blends: lane (y, y) goes to row 0 and
 * k's lane (0, y), shuffled before theta, fills the hole it leaves.  Chi
 * is then five vpandn and vpxor on whole columns, and row 0 (five lanes)
 * needs two vpermq and vpblendd of its own.  95 vector operations a
 * round, about 20 cycles of latency from one round to the next.
 *
 * Measured on the reference machine (Sapphire Rapids class; bin/mdsum
 * --bench, 1 MiB, medians of 7 runs): 7.7 cycles/byte for keccak256 and
 * 7.8 for sha3-256, 0.91x OpenSSL 3.0's sha3-256 in the same runs, where
 * keccak-bmi runs at 5.9-6.0 (1.17x OpenSSL) and keccak-avx512 at 5.0;
 * timed against each other in one process this kernel has 0.77x the
 * speed of keccak-bmi, so it is ranked after it.  Three vector ports are
 * the limit: with the dependency from round to round cut, the same code
 * takes 36 cycles a round (6.4 cycles/byte), still more than the 130
 * scalar operations of keccak_bmi.c need on five integer ports.  Holding
 * rows between rounds (87 operations, but a transpose and two vpermq on
 * the critical path, 23 cycles) was 3-5% slower; the same operations as
 * list-scheduled inline assembly about 3% faster than this source.
 *
 * Reads exactly nblocks * rate bytes.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"

#define AVX2	__attribute__((target("avx2")))

/*
 * Lane (x, y) is a[x + 5y].  Between rounds: z holds (0, 0) in every
 * qword; x0 holds row 0, lanes x = 1, 3, 2, 4 in qwords 0..3 (the order
 * X); k holds column 0 and c1..c4 columns 1..4, rows Y0..Y3 in qwords
 * 0..3.  The rows t0..t3 transposed out of c1..c4 in a round are rows
 * Y0..Y3, lanes in the order X.  These orders make row 0 column 0 under
 * pi without a shuffle and let one transpose share its unpacks with the
 * column sums.
 */
#define Y0	2
#define Y1	1
#define Y2	4
#define Y3	3

/*
 * Rho offsets, left then right shift counts (64 - n): x0; k after its pi
 * shuffle (rows 4, 2, 3, 1); rows Y0..Y3, lanes in the order X.
 */
static const uint64_t rho[12][4] __attribute__((aligned(32))) = {
	{ 1, 28, 62, 27 }, { 18, 3, 41, 36 },
	{ 10, 25, 43, 39 }, { 44, 55, 6, 20 },
	{ 2, 56, 61, 14 }, { 45, 21, 15, 8 },
	{ 63, 36, 2, 37 }, { 46, 61, 23, 28 },
	{ 54, 39, 21, 25 }, { 20, 9, 58, 44 },
	{ 62, 8, 3, 50 }, { 19, 43, 49, 56 },
};

/* Iota: the round constants, in every qword (an operand of vpxor). */
#define RC4(c)	{ c, c, c, c }
static const uint64_t rc4[24][4] __attribute__((aligned(32))) = {
	RC4(0x0000000000000001ULL), RC4(0x0000000000008082ULL),
	RC4(0x800000000000808aULL), RC4(0x8000000080008000ULL),
	RC4(0x000000000000808bULL), RC4(0x0000000080000001ULL),
	RC4(0x8000000080008081ULL), RC4(0x8000000000008009ULL),
	RC4(0x000000000000008aULL), RC4(0x0000000000000088ULL),
	RC4(0x0000000080008009ULL), RC4(0x000000008000000aULL),
	RC4(0x000000008000808bULL), RC4(0x800000000000008bULL),
	RC4(0x8000000000008089ULL), RC4(0x8000000000008003ULL),
	RC4(0x8000000000008002ULL), RC4(0x8000000000000080ULL),
	RC4(0x000000000000800aULL), RC4(0x800000008000000aULL),
	RC4(0x8000000080008081ULL), RC4(0x8000000000008080ULL),
	RC4(0x0000000080000001ULL), RC4(0x8000000080008008ULL),
};

/* Blend masks for qword n (vpblendd takes dwords); the high half. */
#define Q0	0x03
#define Q1	0x0c
#define Q2	0x30
#define Q3	0xc0
#define HI	0xf0

#define XOR(a, b)	_mm256_xor_si256(a, b)
#define ANDN(a, b)	_mm256_andnot_si256(a, b)	/* ~a & b */
#define PERM(a, i)	_mm256_permute4x64_epi64(a, i)
#define BLEND(a, b, m)	_mm256_blend_epi32(a, b, m)
#define LO(a, b)	_mm256_unpacklo_epi64(a, b)
#define HIGH(a, b)	_mm256_unpackhi_epi64(a, b)
#define P2(a, b, i)	_mm256_permute2x128_si256(a, b, i)
#define ROL1(a)		_mm256_or_si256(_mm256_add_epi64(a, a),		\
			    _mm256_srli_epi64(a, 63))
#define RHO(a, n)	_mm256_or_si256(				\
			    _mm256_sllv_epi64(a, _mm256_load_si256(	\
			    (const __m256i *)rho[n])),			\
			    _mm256_srlv_epi64(a, _mm256_load_si256(	\
			    (const __m256i *)rho[(n) + 6])))

/*
 * Rows Y0..Y3 in r0..r3 (lanes x = 1..4) to columns 1..4 (rows Y0..Y3)
 * and back: the block's lanes, and the state in a[] at entry and exit.
 */
#define TRANSPOSE(r0, r1, r2, r3) do {					\
	__m256i u0_ = LO(r0, r1), u1_ = HIGH(r0, r1);			\
	__m256i u2_ = LO(r2, r3), u3_ = HIGH(r2, r3);			\
	r0 = P2(u0_, u2_, 0x20);					\
	r1 = P2(u1_, u3_, 0x20);					\
	r2 = P2(u0_, u2_, 0x31);					\
	r3 = P2(u1_, u3_, 0x31);					\
} while (0)

/*
 * Lanes i .. i + 3 of the block, those below lanes, the rest zero.  Only
 * lanes below lanes are read (vpmaskmovq does not touch masked lanes).
 */
static inline AVX2 __m256i
row(const unsigned char *p, size_t lanes, size_t i)
{
	if (lanes >= i + 4)
		return _mm256_loadu_si256((const __m256i *)(p + 8 * i));
	if (lanes <= i)
		return _mm256_setzero_si256();
	return _mm256_maskload_epi64((const long long *)(p + 8 * i),
	    _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(lanes - i)),
	    _mm256_setr_epi64x(0, 1, 2, 3)));
}

/* Lanes (0, Y0..Y3) of the block, those below lanes, for k. */
static inline AVX2 __m256i
col0(const unsigned char *p, size_t lanes)
{
	__m256i v = _mm256_setzero_si256();

#define LANE(y, m)	if (lanes > 5 * (y))				\
		v = BLEND(v, _mm256_set1_epi64x(			\
		    (long long)mds_load_le64(p + 40 * (y))), m)
	LANE(Y0, Q0);
	LANE(Y1, Q1);
	LANE(Y2, Q2);
	LANE(Y3, Q3);
#undef LANE
	return v;
}

AVX2 void
mds_keccak_absorb_avx2(uint64_t a[25], const unsigned char *p,
    size_t nblocks, size_t rate)
{
	__m256i z, x0, k, c1, c2, c3, c4;
	size_t lanes = rate / 8;
	int r;

	if (nblocks == 0)
		return;
	if (rate % 8 != 0 || rate == 0 || rate >= 200) {
		mds_keccak_absorb_portable(a, p, nblocks, rate);
		return;
	}
	z = _mm256_set1_epi64x((long long)a[0]);
	x0 = PERM(_mm256_loadu_si256((const __m256i *)(a + 1)), 0xd8);
	k = _mm256_setr_epi64x((long long)a[5 * Y0], (long long)a[5 * Y1],
	    (long long)a[5 * Y2], (long long)a[5 * Y3]);
	c1 = _mm256_loadu_si256((const __m256i *)(a + 5 * Y0 + 1));
	c2 = _mm256_loadu_si256((const __m256i *)(a + 5 * Y1 + 1));
	c3 = _mm256_loadu_si256((const __m256i *)(a + 5 * Y2 + 1));
	c4 = _mm256_loadu_si256((const __m256i *)(a + 5 * Y3 + 1));
	TRANSPOSE(c1, c2, c3, c4);

	while (nblocks-- > 0) {
		__m256i i0 = row(p, lanes, 5 * Y0 + 1);
		__m256i i1 = row(p, lanes, 5 * Y1 + 1);
		__m256i i2 = row(p, lanes, 5 * Y2 + 1);
		__m256i i3 = row(p, lanes, 5 * Y3 + 1);

		TRANSPOSE(i0, i1, i2, i3);
		c1 = XOR(c1, i0);
		c2 = XOR(c2, i1);
		c3 = XOR(c3, i2);
		c4 = XOR(c4, i3);
		z = XOR(z, _mm256_set1_epi64x((long long)mds_load_le64(p)));
		x0 = XOR(x0, PERM(row(p, lanes, 1), 0xd8));
		k = XOR(k, col0(p, lanes));
		p += rate;

		for (r = 0; r < 24; r++) {
			__m256i l13, h13, l24, h24, e02, e13, e24, e30;
			__m256i t0, t1, t2, t3, v, w, rv, d, d0, kp, b;
			__m256i q1, q2, q3, q4, n1, n2;

			/*
			 * Theta.  The column sums come from the columns
			 * directly: v = C[0, 2, 1, 3], w = C[2, 4, 3, 0], so
			 * that v ^ rol(w, 1) = D[1, 3, 2, 4], for the rows
			 * t0..t3 transposed out of c1..c4 on the side.
			 */
			l24 = LO(c2, c4);
			h24 = HIGH(c2, c4);
			e30 = XOR(LO(c3, k), HIGH(c3, k));
			l13 = LO(c1, c3);
			h13 = HIGH(c1, c3);
			e02 = XOR(LO(k, c2), HIGH(k, c2));
			e24 = XOR(l24, h24);
			e13 = XOR(l13, h13);
			w = XOR(XOR(P2(e24, e30, 0x21), BLEND(e24, e30, HI)),
			    BLEND(PERM(x0, 0x1e), z, Q3));
			v = XOR(XOR(P2(e02, e13, 0x21), BLEND(e02, e13, HI)),
			    BLEND(PERM(x0, 0x48), z, Q0));
			t0 = P2(l13, l24, 0x20);
			t1 = P2(h13, h24, 0x20);
			t2 = P2(l13, l24, 0x31);
			t3 = P2(h13, h24, 0x31);
			d = XOR(v, ROL1(w));
			rv = ROL1(v);
			d0 = XOR(PERM(w, 0x55), PERM(rv, 0xaa));	/* D[0] */
			t0 = XOR(t0, d);
			t1 = XOR(t1, d);
			t2 = XOR(t2, d);
			t3 = XOR(t3, d);
			kp = PERM(k, 0x72);	/* k's pi shuffle, early */

			/* Rho, and pi for the rows. */
			t0 = RHO(t0, 2);
			t1 = RHO(t1, 3);
			t2 = RHO(t2, 4);
			t3 = RHO(t3, 5);
			b = BLEND(BLEND(t1, t3, Q1), BLEND(t0, t2, Q3), HI);
			/* b: lanes (1, 1), (3, 3), (2, 2), (4, 4), row 0's */
			k = XOR(kp, d0);
			q1 = PERM(t1, 0x1e);
			q2 = PERM(t0, 0x39);
			q3 = PERM(t3, 0x93);
			q4 = PERM(t2, 0x4b);
			x0 = XOR(x0, d);
			k = RHO(k, 1);
			n1 = PERM(b, 0x1e);
			x0 = RHO(x0, 0);
			n2 = PERM(b, 0x31);
			z = XOR(z, d0);

			/*
			 * Pi: row y became column y (q1..q4) and its lane (y, y)
			 * row 0 (b); k's lane (0, y) fills the hole in column y;
			 * row 0 becomes column 0 as it is.
			 */
			q1 = BLEND(q1, k, Q3);
			q2 = BLEND(q2, k, Q1);
			q3 = BLEND(q3, k, Q2);
			q4 = BLEND(q4, k, Q0);

			/* Chi on the columns, x0 being column 0; then row 0. */
			n1 = BLEND(n1, z, Q3);		/* b2 b4 b3 b0 */
			k = XOR(x0, ANDN(q1, q2));
			c2 = XOR(q2, ANDN(q3, q4));
			c3 = XOR(q3, ANDN(q4, x0));
			c4 = XOR(q4, ANDN(x0, q1));
			n2 = BLEND(n2, z, Q1);		/* b3 b0 b4 b1 */
			c1 = XOR(q1, ANDN(q2, q3));
			x0 = XOR(b, ANDN(n1, n2));

			/* Iota. */
			z = XOR(PERM(XOR(z, ANDN(b, n1)), 0x00),
			    _mm256_load_si256((const __m256i *)rc4[r]));
		}
	}
	{
		uint64_t o[4] __attribute__((aligned(32)));

		TRANSPOSE(c1, c2, c3, c4);
		_mm256_store_si256((__m256i *)o, z);
		a[0] = o[0];
		_mm256_storeu_si256((__m256i *)(a + 1), PERM(x0, 0xd8));
		_mm256_storeu_si256((__m256i *)(a + 5 * Y0 + 1), c1);
		_mm256_storeu_si256((__m256i *)(a + 5 * Y1 + 1), c2);
		_mm256_storeu_si256((__m256i *)(a + 5 * Y2 + 1), c3);
		_mm256_storeu_si256((__m256i *)(a + 5 * Y3 + 1), c4);
		_mm256_store_si256((__m256i *)o, k);
		a[5 * Y0] = o[0];
		a[5 * Y1] = o[1];
		a[5 * Y2] = o[2];
		a[5 * Y3] = o[3];
	}
}
#endif
