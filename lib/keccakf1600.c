/*
 * keccakf1600.c: the Keccak-f[1600] permutation, portable C, and the
 * absorb loop built on it.  The sponge (padding, rates) is in keccak.c.
 *
 * Lane (x, y) of the state is a[x + 5 * y]; lanes are little-endian.
 * One round is written out in full so the compiler keeps the lanes in
 * registers instead of walking index tables.
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
 * One round from state s into state d: theta, rho and pi, chi, iota.
 * b[] holds the lanes after rho and pi, indexed by their new position.
 */
#define ROUND(d, s, rcv) do {						\
	c0 = s[0] ^ s[5] ^ s[10] ^ s[15] ^ s[20];			\
	c1 = s[1] ^ s[6] ^ s[11] ^ s[16] ^ s[21];			\
	c2 = s[2] ^ s[7] ^ s[12] ^ s[17] ^ s[22];			\
	c3 = s[3] ^ s[8] ^ s[13] ^ s[18] ^ s[23];			\
	c4 = s[4] ^ s[9] ^ s[14] ^ s[19] ^ s[24];			\
	d0 = c4 ^ ROL64(c1, 1);					\
	d1 = c0 ^ ROL64(c2, 1);					\
	d2 = c1 ^ ROL64(c3, 1);					\
	d3 = c2 ^ ROL64(c4, 1);					\
	d4 = c3 ^ ROL64(c0, 1);					\
	b[0] = s[0] ^ d0;					\
	b[10] = ROL64(s[1] ^ d1, 1);				\
	b[20] = ROL64(s[2] ^ d2, 62);				\
	b[5] = ROL64(s[3] ^ d3, 28);				\
	b[15] = ROL64(s[4] ^ d4, 27);				\
	b[16] = ROL64(s[5] ^ d0, 36);				\
	b[1] = ROL64(s[6] ^ d1, 44);				\
	b[11] = ROL64(s[7] ^ d2, 6);				\
	b[21] = ROL64(s[8] ^ d3, 55);				\
	b[6] = ROL64(s[9] ^ d4, 20);				\
	b[7] = ROL64(s[10] ^ d0, 3);				\
	b[17] = ROL64(s[11] ^ d1, 10);				\
	b[2] = ROL64(s[12] ^ d2, 43);				\
	b[12] = ROL64(s[13] ^ d3, 25);				\
	b[22] = ROL64(s[14] ^ d4, 39);				\
	b[23] = ROL64(s[15] ^ d0, 41);				\
	b[8] = ROL64(s[16] ^ d1, 45);				\
	b[18] = ROL64(s[17] ^ d2, 15);				\
	b[3] = ROL64(s[18] ^ d3, 21);				\
	b[13] = ROL64(s[19] ^ d4, 8);				\
	b[14] = ROL64(s[20] ^ d0, 18);				\
	b[24] = ROL64(s[21] ^ d1, 2);				\
	b[9] = ROL64(s[22] ^ d2, 61);				\
	b[19] = ROL64(s[23] ^ d3, 56);				\
	b[4] = ROL64(s[24] ^ d4, 14);				\
	d[0] = b[0] ^ (~b[1] & b[2]);			\
	d[1] = b[1] ^ (~b[2] & b[3]);			\
	d[2] = b[2] ^ (~b[3] & b[4]);			\
	d[3] = b[3] ^ (~b[4] & b[0]);			\
	d[4] = b[4] ^ (~b[0] & b[1]);			\
	d[5] = b[5] ^ (~b[6] & b[7]);			\
	d[6] = b[6] ^ (~b[7] & b[8]);			\
	d[7] = b[7] ^ (~b[8] & b[9]);			\
	d[8] = b[8] ^ (~b[9] & b[5]);			\
	d[9] = b[9] ^ (~b[5] & b[6]);			\
	d[10] = b[10] ^ (~b[11] & b[12]);			\
	d[11] = b[11] ^ (~b[12] & b[13]);			\
	d[12] = b[12] ^ (~b[13] & b[14]);			\
	d[13] = b[13] ^ (~b[14] & b[10]);			\
	d[14] = b[14] ^ (~b[10] & b[11]);			\
	d[15] = b[15] ^ (~b[16] & b[17]);			\
	d[16] = b[16] ^ (~b[17] & b[18]);			\
	d[17] = b[17] ^ (~b[18] & b[19]);			\
	d[18] = b[18] ^ (~b[19] & b[15]);			\
	d[19] = b[19] ^ (~b[15] & b[16]);			\
	d[20] = b[20] ^ (~b[21] & b[22]);			\
	d[21] = b[21] ^ (~b[22] & b[23]);			\
	d[22] = b[22] ^ (~b[23] & b[24]);			\
	d[23] = b[23] ^ (~b[24] & b[20]);			\
	d[24] = b[24] ^ (~b[20] & b[21]);			\
	d[0] ^= (rcv);							\
} while (0)

void
mds_keccakf1600_portable(uint64_t a[25])
{
	uint64_t b[25], e[25];
	uint64_t c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
	int i;

	for (i = 0; i < 24; i += 2) {
		ROUND(e, a, mds_keccak_rc[i]);
		ROUND(a, e, mds_keccak_rc[i + 1]);
	}
}

void
mds_keccak_absorb_portable(uint64_t a[25], const unsigned char *p,
    size_t nblocks, size_t rate)
{
	size_t i, lanes = rate / 8;

	while (nblocks-- > 0) {
		for (i = 0; i < lanes; i++)
			a[i] ^= mds_load_le64(p + 8 * i);
		mds_keccakf1600_portable(a);
		p += rate;
	}
}
