/*
 * keccakf1600.c: the Keccak-f[1600] permutation, portable C, and the
 * absorb loop built on it.  The sponge (padding, rates) is in keccak.c.
 *
 * Lane (x, y) of the state is a[x + 5 * y]; lanes are little-endian.
 *
 * The rounds work row by row, the formulation of x86/keccak_bmi.c in
 * portable C: each output row is computed whole, its five lanes gathered
 * along the pi diagonal (lane x of row y comes from lane (x + 3y, x)),
 * theta'd and rotated, then chi across the row, so only the row's lanes
 * and the theta values are live.  The state is 25 locals, two sets used
 * in turn, two rounds per loop iteration.  Two more things cut
 * instructions where there is no and-not (x86 without BMI):
 *  - lane complementing: six lanes, (1,0) (2,0) (3,1) (2,2) (2,3) (0,4),
 *    are kept inverted between rounds; chi then needs one NOT per row
 *    instead of five (the others become OR or AND of the stored values).
 *    The set is inverted on entry and on exit; absorbing XORs the input
 *    in unchanged, since ~x ^ m == ~(x ^ m).
 *  - the column parities for the next theta are accumulated as each
 *    output lane is made, while it is in a register, instead of being
 *    reloaded from the state.
 *
 * Measured on this machine (Xeon, Sapphire Rapids class; -std=c99 -O2,
 * generic x86-64), mdsum --bench -a keccak256 --size=1048576, portable
 * row, medians of 9 runs alternating with a build of the previous version
 * (25-lane round written out over a[] and e[], a b[25] temporary):
 *	gcc 12.2	7.81 c/B, was 10.15: 1.30x
 *	clang 14.0	7.32 c/B, was 10.76: 1.47x
 * In a harness timing variants alternately (code placement alone moves a
 * variant by up to 10% there): x86/keccak_bmi.c's code as it is, built
 * for generic x86-64, was 1.1-1.2x the previous version with gcc and
 * 0.96-1.1x with clang; this, 1.2-1.3x and 1.15x; without the
 * column-parity accumulation gcc gains another 5% but clang is no faster
 * than the previous version; with the state in two arrays, loads folded
 * into the XORs, both are slower than with locals; four rounds per
 * iteration, slower for both.
 */
#include "mds_int.h"

#define ROL64(x, n)	((uint64_t)((x) << (n) | (x) >> ((64 - (n)) & 63)))

const uint64_t mds_keccak_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
	0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
	0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
	0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
	0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

/*
 * The lanes are locals named by row and column: s23 is lane (x=3, y=2),
 * a[13].  The complemented set, by index.
 */
#define COMPLEMENT(a) do {						\
	(a)[1] = ~(a)[1];						\
	(a)[2] = ~(a)[2];						\
	(a)[8] = ~(a)[8];						\
	(a)[12] = ~(a)[12];						\
	(a)[17] = ~(a)[17];						\
	(a)[20] = ~(a)[20];						\
} while (0)

/* Apply f to each lane: its local's row and column, its index in a[]. */
#define LANES(f)							\
	f(00, 0) f(01, 1) f(02, 2) f(03, 3) f(04, 4)			\
	f(10, 5) f(11, 6) f(12, 7) f(13, 8) f(14, 9)			\
	f(20, 10) f(21, 11) f(22, 12) f(23, 13) f(24, 14)		\
	f(30, 15) f(31, 16) f(32, 17) f(33, 18) f(34, 19)		\
	f(40, 20) f(41, 21) f(42, 22) f(43, 23) f(44, 24)
#define LOAD(yx, i)	a##yx = a[i];
#define STORE(yx, i)	a[i] = a##yx;
#define ABSORB(yx, i)	a##yx ^= m[i];

/* theta's column effects from the column parities c0..c4. */
#define THETA() do {							\
	d0 = c4 ^ ROL64(c1, 1);						\
	d1 = c0 ^ ROL64(c2, 1);						\
	d2 = c1 ^ ROL64(c3, 1);						\
	d3 = c2 ^ ROL64(c4, 1);						\
	d4 = c3 ^ ROL64(c0, 1);						\
} while (0)

/* Output lane x of a row, added into column parity x. */
#define OUT(t, x, v) do {						\
	(t) = (v);							\
	c##x ^= (t);							\
} while (0)

/*
 * One round from the lanes s.. into the lanes t.., with round constant
 * k; c0..c4 hold the column parities of s on entry and of t on exit.
 * Row by row: b0..b4 are the row's lanes after theta, rho and pi, n the
 * one complemented input its chi needs.  Which lanes are ANDed, ORed or
 * complemented follows from the complemented set, in and out.
 */
#define ROUND(s, t, k) do {						\
	THETA();							\
	b0 = s##00 ^ d0;						\
	b1 = ROL64(s##11 ^ d1, 44);					\
	b2 = ROL64(s##22 ^ d2, 43);					\
	b3 = ROL64(s##33 ^ d3, 21);					\
	b4 = ROL64(s##44 ^ d4, 14);					\
	n = ~b2;							\
	t##00 = b0 ^ (b1 | b2) ^ (k);					\
	c0 = t##00;							\
	t##01 = b1 ^ (n | b3);						\
	c1 = t##01;							\
	t##02 = b2 ^ (b3 & b4);						\
	c2 = t##02;							\
	t##03 = b3 ^ (b4 | b0);						\
	c3 = t##03;							\
	t##04 = b4 ^ (b0 & b1);						\
	c4 = t##04;							\
	b0 = ROL64(s##03 ^ d3, 28);					\
	b1 = ROL64(s##14 ^ d4, 20);					\
	b2 = ROL64(s##20 ^ d0, 3);					\
	b3 = ROL64(s##31 ^ d1, 45);					\
	b4 = ROL64(s##42 ^ d2, 61);					\
	n = ~b4;							\
	OUT(t##10, 0, b0 ^ (b1 | b2));					\
	OUT(t##11, 1, b1 ^ (b2 & b3));					\
	OUT(t##12, 2, b2 ^ (b3 | n));					\
	OUT(t##13, 3, b3 ^ (b4 | b0));					\
	OUT(t##14, 4, b4 ^ (b0 & b1));					\
	b0 = ROL64(s##01 ^ d1, 1);					\
	b1 = ROL64(s##12 ^ d2, 6);					\
	b2 = ROL64(s##23 ^ d3, 25);					\
	b3 = ROL64(s##34 ^ d4, 8);					\
	b4 = ROL64(s##40 ^ d0, 18);					\
	n = ~b3;							\
	OUT(t##20, 0, b0 ^ (b1 | b2));					\
	OUT(t##21, 1, b1 ^ (b2 & b3));					\
	OUT(t##22, 2, b2 ^ (n & b4));					\
	OUT(t##23, 3, n ^ (b4 | b0));					\
	OUT(t##24, 4, b4 ^ (b0 & b1));					\
	b0 = ROL64(s##04 ^ d4, 27);					\
	b1 = ROL64(s##10 ^ d0, 36);					\
	b2 = ROL64(s##21 ^ d1, 10);					\
	b3 = ROL64(s##32 ^ d2, 15);					\
	b4 = ROL64(s##43 ^ d3, 56);					\
	n = ~b3;							\
	OUT(t##30, 0, b0 ^ (b1 & b2));					\
	OUT(t##31, 1, b1 ^ (b2 | b3));					\
	OUT(t##32, 2, b2 ^ (n | b4));					\
	OUT(t##33, 3, n ^ (b4 & b0));					\
	OUT(t##34, 4, b4 ^ (b0 | b1));					\
	b0 = ROL64(s##02 ^ d2, 62);					\
	b1 = ROL64(s##13 ^ d3, 55);					\
	b2 = ROL64(s##24 ^ d4, 39);					\
	b3 = ROL64(s##30 ^ d0, 41);					\
	b4 = ROL64(s##41 ^ d1, 2);					\
	n = ~b1;							\
	OUT(t##40, 0, b0 ^ (n & b2));					\
	OUT(t##41, 1, n ^ (b2 | b3));					\
	OUT(t##42, 2, b2 ^ (b3 & b4));					\
	OUT(t##43, 3, b3 ^ (b4 | b0));					\
	OUT(t##44, 4, b4 ^ (b0 & b1));					\
} while (0)

/*
 * XOR nblocks blocks of rate bytes into the state, permuting after each;
 * rate 0 only permutes.  The state stays in locals across blocks.
 */
void
mds_keccak_absorb_portable(uint64_t a[25], const unsigned char *p,
    size_t nblocks, size_t rate)
{
	uint64_t a00, a01, a02, a03, a04, a10, a11, a12, a13, a14;
	uint64_t a20, a21, a22, a23, a24, a30, a31, a32, a33, a34;
	uint64_t a40, a41, a42, a43, a44;
	uint64_t e00, e01, e02, e03, e04, e10, e11, e12, e13, e14;
	uint64_t e20, e21, e22, e23, e24, e30, e31, e32, e33, e34;
	uint64_t e40, e41, e42, e43, e44;
	uint64_t b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
	uint64_t m[25], n;
	size_t i, lanes = rate / 8;

	COMPLEMENT(a);
	LANES(LOAD)
	while (nblocks-- > 0) {
		/* Through an array: the lanes are locals, the rate a variable. */
		for (i = 0; i < 25; i++)
			m[i] = i < lanes ? mds_load_le64(p + 8 * i) : 0;
		LANES(ABSORB)
		c0 = a00 ^ a10 ^ a20 ^ a30 ^ a40;
		c1 = a01 ^ a11 ^ a21 ^ a31 ^ a41;
		c2 = a02 ^ a12 ^ a22 ^ a32 ^ a42;
		c3 = a03 ^ a13 ^ a23 ^ a33 ^ a43;
		c4 = a04 ^ a14 ^ a24 ^ a34 ^ a44;
		for (i = 0; i < 24; i += 2) {
			ROUND(a, e, mds_keccak_rc[i]);
			ROUND(e, a, mds_keccak_rc[i + 1]);
		}
		p += rate;
	}
	LANES(STORE)
	COMPLEMENT(a);
}

/* The permutation alone: one block of rate 0, nothing XORed in. */
void
mds_keccakf1600_portable(uint64_t a[25])
{
	static const unsigned char none[1];

	mds_keccak_absorb_portable(a, none, 1, 0);
}
