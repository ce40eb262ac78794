/*
 * sha512.c: the SHA-512 block function (FIPS 180-4), portable C, and the
 * initial values of SHA-512, SHA-384, SHA-512/224 and SHA-512/256.
 * sha512h (XRP Ledger's sha512Half) is SHA-512 cut to its first 32 bytes:
 * it keeps the SHA-512 IV; it is not SHA-512/256, which has its own.
 *
 * The block function is built like sha256.c's (all 80 rounds unrolled,
 * schedule in sixteen locals, K + W into h first, Maj from the previous
 * round's a ^ b, nested sigmas); see there for the reasoning.
 *
 * Measured on this machine (Xeon, Sapphire Rapids class; -std=c99 -O2,
 * generic x86-64), mdsum --bench -a sha512 --size=1048576, 9 runs; the
 * ratio is the median of the per-run ratios (portable and libmd rows of
 * the same run), their range in brackets:
 *	gcc 12.2	5.85 c/B, libmd 8.51: 1.447x [1.392-1.484]
 *	clang 14.0	5.95 c/B, libmd 8.54: 1.430x [1.333-1.449]
 * Before (ring schedule, parallel sigmas): gcc 7.74 c/B, 1.13x.
 *
 * 80 rounds per 128 bytes: 5.9 c/B is 9.4 cycles per round.  The chains
 * are sha256.c's (64-bit operations take as long as 32-bit ones, 7
 * cycles per round); gcc emits 46 instructions per round (each K is a
 * 64-bit immediate, one movabs more), 7.6 cycles at 6 per cycle.
 */
#include "mds_int.h"
#include "md_block.h"
#include "sha2_rounds.h"

#define ROR64(x, n)	((uint64_t)((x) >> (n) | (x) << (64 - (n))))
/*
 * Nested rotations, as in sha256.c: ROR(ROR(ROR(x, 5) ^ x, 6) ^ x, 28)
 * is ROR(x, 28) ^ ROR(x, 34) ^ ROR(x, 39), with one copy of x.
 */
#define BSIG0(x)	ROR64(ROR64(ROR64(x, 5) ^ (x), 6) ^ (x), 28)
#define BSIG1(x)	ROR64(ROR64(ROR64(x, 23) ^ (x), 4) ^ (x), 14)
#define SSIG0(x)	(ROR64(ROR64(x, 7) ^ (x), 1) ^ ((x) >> 7))
#define SSIG1(x)	(ROR64(ROR64(x, 42) ^ (x), 19) ^ ((x) >> 6))

static const struct md_shape sha512_shape = {
	128, 16, 0
};

const uint64_t mds_sha512_k[80] = {
	0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL,
	0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
	0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL,
	0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
	0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
	0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
	0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL, 0x2de92c6f592b0275ULL,
	0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
	0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL,
	0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
	0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL,
	0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
	0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL,
	0x92722c851482353bULL, 0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
	0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
	0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
	0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL,
	0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
	0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL,
	0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
	0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL,
	0xc67178f2e372532bULL, 0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
	0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL,
	0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
	0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
	0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
	0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL
};

/*
 * One round, as in sha256.c (K + W into h first, Maj from the previous
 * round's a ^ b in bc), with the additions one per statement: measured
 * 2% faster than sha256.c's grouping with gcc, the same with clang.
 */
#define ROUND(a, b, c, d, e, f, g, h, i, w) do {			\
	uint64_t ab_;							\
	(h) += mds_sha512_k[i] + (w);						\
	(h) += CH(e, f, g);						\
	(h) += BSIG1(e);						\
	(d) += (h);							\
	ab_ = (a) ^ (b);						\
	(h) += (ab_ & bc) ^ (b);					\
	(h) += BSIG0(a);						\
	bc = ab_;							\
} while (0)

void
mds_sha512_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint64_t a, b, c, d, e, f, g, h, bc, *hv = st->h.w64;

	MD_BLOCKS_BE16(uint64_t, mds_load_be64, p, nblocks,
	    SHA2_BLOCK(hv, SIXTEEN(64, SCHED)));
}

/*
 * SHA-512 and its truncations, each from its own initial value (FIPS
 * 180-4 5.3.4 to 5.3.6.2).  sha512h is SHA-512's value cut to 32 bytes
 * (the registry's digest length), so it shares SHA-512's.
 */
static const uint64_t sha512_iv[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
	0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
	0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};

static const uint64_t sha384_iv[8] = {
	0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL,
	0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
	0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL,
	0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL
};

static const uint64_t sha512_224_iv[8] = {
	0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL,
	0x1dfab7ae32ff9c82ULL, 0x679dd514582f9fcfULL,
	0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL,
	0x3f9d85a86a1d36c8ULL, 0x1112e6ad91d692a1ULL
};

static const uint64_t sha512_256_iv[8] = {
	0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL,
	0x2393b86b6f53b151ULL, 0x963877195940eabdULL,
	0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL,
	0x2b0199fc2c85b8aaULL, 0x0eb72ddc81c52ca2ULL
};

const struct mds_shape mds_sha512_shape =
    MDS_MD_SHAPE(&sha512_shape, sha512_iv, 8, 8);

const struct mds_shape mds_sha384_shape =
    MDS_MD_SHAPE(&sha512_shape, sha384_iv, 8, 8);

const struct mds_shape mds_sha512_224_shape =
    MDS_MD_SHAPE(&sha512_shape, sha512_224_iv, 8, 8);

const struct mds_shape mds_sha512_256_shape =
    MDS_MD_SHAPE(&sha512_shape, sha512_256_iv, 8, 8);
