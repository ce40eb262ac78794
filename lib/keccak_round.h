/*
 * keccak_round.h: one round of Keccak-f[1600] in scalar C, shared by the
 * scalar kernels (x86/keccak_bmi.c, aarch64/keccak_a64.c).  Each output
 * row is computed whole, its five lanes gathered along the pi diagonal,
 * theta'd and rotated, then chi across the row; no lane complementing
 * (andn and BIC make chi two operations).  ROUND(t, s, k) reads the 25
 * lanes of s and writes t, with round constant k.
 */
#ifndef MDS_KECCAK_ROUND_H
#define MDS_KECCAK_ROUND_H

#define ROL(x, n)	((uint64_t)((x) << (n) | (x) >> ((64 - (n)) & 63)))

/*
 * Row y of t: lane x is lane (x + 3y, x) of s (index i_x), theta'd with
 * d_x and rotated by its rho offset r_x; then chi across the row.
 */
#define ROW(t, s, y, i0, d0, r0, i1, d1, r1, i2, d2, r2, i3, d3, r3,	\
    i4, d4, r4) do {							\
	uint64_t b0 = ROL((s)[i0] ^ (d0), r0);				\
	uint64_t b1 = ROL((s)[i1] ^ (d1), r1);				\
	uint64_t b2 = ROL((s)[i2] ^ (d2), r2);				\
	uint64_t b3 = ROL((s)[i3] ^ (d3), r3);				\
	uint64_t b4 = ROL((s)[i4] ^ (d4), r4);				\
	(t)[5 * (y)] = b0 ^ (~b1 & b2);					\
	(t)[5 * (y) + 1] = b1 ^ (~b2 & b3);				\
	(t)[5 * (y) + 2] = b2 ^ (~b3 & b4);				\
	(t)[5 * (y) + 3] = b3 ^ (~b4 & b0);				\
	(t)[5 * (y) + 4] = b4 ^ (~b0 & b1);				\
} while (0)

/* One round from s into t with round constant k. */
#define ROUND(t, s, k) do {						\
	uint64_t c0 = (s)[0] ^ (s)[5] ^ (s)[10] ^ (s)[15] ^ (s)[20];	\
	uint64_t c1 = (s)[1] ^ (s)[6] ^ (s)[11] ^ (s)[16] ^ (s)[21];	\
	uint64_t c2 = (s)[2] ^ (s)[7] ^ (s)[12] ^ (s)[17] ^ (s)[22];	\
	uint64_t c3 = (s)[3] ^ (s)[8] ^ (s)[13] ^ (s)[18] ^ (s)[23];	\
	uint64_t c4 = (s)[4] ^ (s)[9] ^ (s)[14] ^ (s)[19] ^ (s)[24];	\
	uint64_t e0 = c4 ^ ROL(c1, 1), e1 = c0 ^ ROL(c2, 1);		\
	uint64_t e2 = c1 ^ ROL(c3, 1), e3 = c2 ^ ROL(c4, 1);		\
	uint64_t e4 = c3 ^ ROL(c0, 1);					\
	ROW(t, s, 0, 0, e0, 0, 6, e1, 44, 12, e2, 43, 18, e3, 21,	\
	    24, e4, 14);						\
	(t)[0] ^= (k);							\
	ROW(t, s, 1, 3, e3, 28, 9, e4, 20, 10, e0, 3, 16, e1, 45,	\
	    22, e2, 61);						\
	ROW(t, s, 2, 1, e1, 1, 7, e2, 6, 13, e3, 25, 19, e4, 8,	\
	    20, e0, 18);						\
	ROW(t, s, 3, 4, e4, 27, 5, e0, 36, 11, e1, 10, 17, e2, 15,	\
	    23, e3, 56);						\
	ROW(t, s, 4, 2, e2, 62, 8, e3, 55, 14, e4, 39, 15, e0, 41,	\
	    21, e1, 2);							\
} while (0)

#endif /* MDS_KECCAK_ROUND_H */
