/*
 * sha256.c: SHA-256 (FIPS 180-4), portable C, and the initial values of
 * SHA-256 and SHA-224.
 *
 * The block function is what the WITHOUT_ASM=yes build and non-x86
 * machines run.  All 64 rounds are unrolled with the message schedule in
 * sixteen locals, each word computed just before its round; the round
 * macro renames the working variables instead of moving them.  In each
 * round K[i] + W[i] goes into h first (it does not wait for the previous
 * round), Maj reuses the previous round's a ^ b, Ch is ((f ^ g) & e) ^ g,
 * and each sigma nests its rotations (the fewest instructions where
 * rotates have two operands).
 *
 * Measured on this machine (Xeon, Sapphire Rapids class; -std=c99 -O2,
 * generic x86-64), mdsum --bench -a sha256 --size=1048576, 9 runs; the
 * ratio is the median of the per-run ratios (portable and libmd rows of
 * the same run), their range in brackets:
 *	gcc 12.2	8.92 c/B, libmd 13.06: 1.443x [1.439-1.473]
 *	clang 14.0	9.24 c/B, libmd 12.91: 1.396x [1.249-1.420]
 * Before (ring schedule, parallel sigmas): gcc 12.2 c/B, 1.08x.
 *
 * The limits.  One round per byte, so c/B is cycles per round.  Chain
 * through e: Sigma1 is ror, xor, ror, xor, ror (5 cycles), then T1 =
 * (h + K + W + Ch) + Sigma1 and e' = d + T1: 7 cycles per round; through
 * a, Sigma0 (5) and two additions, as long.  Throughput: a round is 26
 * instructions, a schedule word 17 (48 of 64 rounds): 39 per round; with
 * 25 live values for 15 registers gcc emits 43 (2776 per block), 7.2
 * cycles at 6 per cycle, and the 10.5 rotates and shifts per round share
 * two ports.  In a harness (32 KiB, libmd in the same process; its
 * figures compare only with each other): the rounds alone, schedule
 * precomputed, 8.8 cycles; the whole block 9.0 (gcc), so the schedule
 * fills the gaps of the chain.  Parallel sigmas (3 cycles, two more
 * copies each) speed the rounds alone to 7.6 but the block is 9.9: the
 * front end is then the limit; mixed ones (4 cycles, one more copy)
 * 9.5.  A loop over 16-round groups: 9.25; the schedule computed first
 * into W[64]: 12.7.
 * clang 14 is slower because it folds K into an immediate and, putting
 * constants last in a chain of additions, adds it after Sigma1: one
 * more cycle on both chains (harness: 9.5; with K read through a
 * volatile table, 9.2, i.e. 1.42x, but gcc then 9.4, 1.38x; with mixed
 * sigmas clang 9.2, gcc 9.5).  Kept: the form best for gcc, and the
 * simplest.
 */
#include "mds_int.h"
#include "md_block.h"
#include "sha2_rounds.h"

#define ROR32(x, n)	((uint32_t)((x) >> (n) | (x) << (32 - (n))))
/*
 * Each sigma nests its rotations: ROR(ROR(ROR(x, 9) ^ x, 11) ^ x, 2) is
 * ROR(x, 2) ^ ROR(x, 13) ^ ROR(x, 22).  Same three rotations, but one copy
 * of x instead of three on two-operand machines (x86), where the copies
 * cost more than the two cycles of extra latency.
 */
#define BSIG0(x)	ROR32(ROR32(ROR32(x, 9) ^ (x), 11) ^ (x), 2)
#define BSIG1(x)	ROR32(ROR32(ROR32(x, 14) ^ (x), 5) ^ (x), 6)
#define SSIG0(x)	(ROR32(ROR32(x, 11) ^ (x), 7) ^ ((x) >> 3))
#define SSIG1(x)	(ROR32(ROR32(x, 2) ^ (x), 17) ^ ((x) >> 10))

static const struct md_shape sha256_shape = {
	64, 8, 0
};

/* The round constants; the SHA-NI kernel uses them too. */
const uint32_t mds_sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/*
 * One round.  The caller rotates the argument order instead of moving
 * the eight working variables.  K[i] + W[i] goes into h first: it does
 * not depend on the previous round.  Maj(a, b, c) is
 * ((a ^ b) & (b ^ c)) ^ b, and b ^ c is the previous round's a ^ b,
 * kept in bc.
 */
#define ROUND(a, b, c, d, e, f, g, h, i, w) do {			\
	uint32_t ab_;							\
	(h) += mds_sha256_k[i] + (w);					\
	(h) += BSIG1(e) + CH(e, f, g);					\
	(d) += (h);							\
	ab_ = (a) ^ (b);						\
	(h) += BSIG0(a) + ((ab_ & bc) ^ (b));				\
	bc = ab_;							\
} while (0)

void
mds_sha256_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32_t a, b, c, d, e, f, g, h, bc, *hv = st->h.w32;

	MD_BLOCKS_BE16(uint32_t, mds_load_be32, p, nblocks,
	    SHA2_BLOCK(hv, (void)0));
}

static const uint32_t sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

/* SHA-224: the same function from its own initial value, cut to 28 bytes. */
static const uint32_t sha224_iv[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
	0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
};

const struct mds_shape mds_sha256_shape =
    MDS_MD_SHAPE(&sha256_shape, sha256_iv, 8, 4);

const struct mds_shape mds_sha224_shape =
    MDS_MD_SHAPE(&sha256_shape, sha224_iv, 8, 4);
