/*
 * sha1.c: SHA-1 (FIPS 180-4), portable C.  Offered for mdsum -a sha1.
 *
 * The block function is what the WITHOUT_ASM=yes build and non-x86
 * machines run.  All 80 rounds are unrolled; the round macro renames the
 * five working variables instead of moving them, and sums everything
 * else into e before the rotate of a, the only input the previous round
 * just made.  The message schedule is in 32 locals, each word computed
 * six rounds before its use: words 16-31 by the definition,
 * W[i] = ROL1(W[i-3] ^ W[i-8] ^ W[i-14] ^ W[i-16]), words 32-79 by the
 * equivalent ROL2(W[i-6] ^ W[i-16] ^ W[i-28] ^ W[i-32]) (the definition
 * applied to itself), in place of W[i-32].  Same work, but the nearest
 * input is six rounds back instead of three, and on x86 a rotate by 2 is
 * one micro-op where a rotate by 1 is two (compilers use the short
 * rotate-by-one encoding, ROL r32,1, which also writes OF).
 *
 * Measured on this machine (Xeon, Sapphire Rapids class; -std=c99 -O2,
 * generic x86-64), mdsum --bench -a sha1 --size=1048576, 9 runs
 * alternating with a build of the previous version; the ratio is the
 * median of the per-run ratios libmd / portable (rows of the same run):
 *	gcc 12.2	4.58 c/B, libmd 4.19: 0.92x (was 4.68 c/B, 0.89x)
 *	clang 14.0	4.41 c/B, libmd 4.19: 0.96x (was 4.80 c/B, 0.90x)
 * It does not beat libmd.  What else was tried, in a harness timing
 * variants and libmd's SHA1Transform alternately (ratios vs libmd):
 *  - the ring in 16 locals, two rounds ahead: gcc 0.94, clang 0.89 (the
 *    best for gcc: with 32 locals it keeps more words in registers and
 *    reloads the spilled ones with a separate load, not a memory operand);
 *  - Maj as ((b ^ c) & (c ^ d)) ^ c or (b & c) | (d & (b | c)), other
 *    orders of the additions and of the XORs, look-aheads 0-8, the next
 *    round's e + K + W made before F so that F can overwrite d: all
 *    within 2-3%;
 *  - the schedule first, into W[80], as loops or a separate function:
 *    0.62-0.88 (the rounds, a latency chain, no longer hide it, and both
 *    compilers vectorize the loops into 8- and 16-byte loads of 4-byte
 *    stores);
 *  - volatile stores to keep the ring in memory: gcc keeps each word in a
 *    register as well and spills it, 0.89; volatile loads: 0.64-0.87.
 * The limit: hand-written assembly of the same algorithm runs 1.09-1.14x
 * libmd (3.7 c/B), about 1290 micro-ops a block issued at 5.5 a cycle.
 * Both compilers emit 100-150 more: gcc reloads spilled schedule words
 * into registers before XORing them, and clang, with no three-operand lea
 * for generic x86-64, spends an add on K in every round and does it last,
 * after the rotate of a (rounds alone: 1.07x libmd; with K from memory,
 * added early, 1.22x, but loaded into a register it costs more than it
 * saves once the schedule is there).
 */
#include "mds_int.h"
#include "md_block.h"

#define ROL32(x, n)	((uint32_t)((x) << (n) | (x) >> (32 - (n))))

static const struct md_shape sha1_shape = {
	64, 8, 0
};

/* The round functions; Maj as two disjoint terms, added. */
#define F1(b, c, d)	((d) ^ ((b) & ((c) ^ (d))))
#define F2(b, c, d)	((b) ^ (c) ^ (d))
#define F3(b, c, d)	(((b) & (c)) + ((d) & ((b) ^ (c))))

/*
 * One round.  a is the only value the previous round just made:
 * everything else is summed first, so only the rotate of a and one add
 * wait for it.
 */
#define ROUND(f, k, a, b, c, d, e, w) do {				\
	(e) += (uint32_t)(k) + (w) + f((b), (c), (d));			\
	(e) += ROL32((a), 5);						\
	(b) = ROL32((b), 30);						\
} while (0)

/*
 * Round i's function and constant, by twenties.  i is a constant
 * expression in every use, so the choice folds away.
 */
#define RI(i, a, b, c, d, e, w) do {					\
	if ((i) < 20)							\
		ROUND(F1, 0x5a827999, a, b, c, d, e, w);		\
	else if ((i) < 40)						\
		ROUND(F2, 0x6ed9eba1, a, b, c, d, e, w);		\
	else if ((i) < 60)						\
		ROUND(F3, 0x8f1bbcdc, a, b, c, d, e, w);		\
	else								\
		ROUND(F2, 0xca62c1d6, a, b, c, d, e, w);		\
} while (0)

/*
 * Before round i, W[j] for j = i + 6, 16 <= j < 80, into its slot wj:
 * for j < 32 by the definition, from W[j-3], W[j-8], W[j-14] and
 * W[j-16]; after, from W[j-6], W[j-16], W[j-28] and W[j-32], the word
 * whose slot it takes.
 */
#define SCHED(i, wj, jm3, jm6, jm8, jm14, jm16, jm28) do {		\
	if ((i) + 6 >= 16 && (i) + 6 < 32)				\
		(wj) = ROL32((jm3) ^ (jm8) ^ (jm14) ^ (jm16), 1);	\
	else if ((i) + 6 >= 32 && (i) + 6 < 80)				\
		(wj) = ROL32((jm6) ^ (jm16) ^ (jm28) ^ (wj), 2);	\
} while (0)

/*
 * Round i on the word w, after making the word six rounds ahead, wj;
 * jmN is W[j-N].  The round's own word is W[j-6].
 */
#define STEP(i, a, b, c, d, e, w, wj, jm3, jm8, jm14, jm16, jm28) do {	\
	SCHED(i, wj, jm3, w, jm8, jm14, jm16, jm28);			\
	RI(i, a, b, c, d, e, w);					\
} while (0)

/*
 * Sixteen rounds from round i, which uses x0: xN is the slot of
 * W[i + N] (mod 32, x0 to x31 being the 32 words w0 to w31 in some
 * rotation).  Sixteen rounds move the five working variables by one.
 */
#define SIXTEEN(i, a, b, c, d, e,					\
    x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14,	\
    x15, x16, x17, x18, x19, x20, x21, x22, x23, x24, x25, x26, x27,	\
    x28, x29, x30, x31) do {						\
	STEP((i) + 0, a, b, c, d, e, x0, x6, x3, x30, x24, x22, x10);	\
	STEP((i) + 1, e, a, b, c, d, x1, x7, x4, x31, x25, x23, x11);	\
	STEP((i) + 2, d, e, a, b, c, x2, x8, x5, x0, x26, x24, x12);	\
	STEP((i) + 3, c, d, e, a, b, x3, x9, x6, x1, x27, x25, x13);	\
	STEP((i) + 4, b, c, d, e, a, x4, x10, x7, x2, x28, x26, x14);	\
	STEP((i) + 5, a, b, c, d, e, x5, x11, x8, x3, x29, x27, x15);	\
	STEP((i) + 6, e, a, b, c, d, x6, x12, x9, x4, x30, x28, x16);	\
	STEP((i) + 7, d, e, a, b, c, x7, x13, x10, x5, x31, x29, x17);	\
	STEP((i) + 8, c, d, e, a, b, x8, x14, x11, x6, x0, x30, x18);	\
	STEP((i) + 9, b, c, d, e, a, x9, x15, x12, x7, x1, x31, x19);	\
	STEP((i) + 10, a, b, c, d, e, x10, x16, x13, x8, x2, x0, x20);	\
	STEP((i) + 11, e, a, b, c, d, x11, x17, x14, x9, x3, x1, x21);	\
	STEP((i) + 12, d, e, a, b, c, x12, x18, x15, x10, x4, x2, x22);	\
	STEP((i) + 13, c, d, e, a, b, x13, x19, x16, x11, x5, x3, x23);	\
	STEP((i) + 14, b, c, d, e, a, x14, x20, x17, x12, x6, x4, x24);	\
	STEP((i) + 15, a, b, c, d, e, x15, x21, x18, x13, x7, x5, x25);	\
} while (0)

/* The 32 words from w0, or from w16. */
#define LOW16(i, a, b, c, d, e)						\
	SIXTEEN(i, a, b, c, d, e,					\
	    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13,	\
	    w14, w15, w16, w17, w18, w19, w20, w21, w22, w23, w24, w25,	\
	    w26, w27, w28, w29, w30, w31)
#define HIGH16(i, a, b, c, d, e)					\
	SIXTEEN(i, a, b, c, d, e,					\
	    w16, w17, w18, w19, w20, w21, w22, w23, w24, w25, w26, w27,	\
	    w28, w29, w30, w31, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9,	\
	    w10, w11, w12, w13, w14, w15)

/*
 * One block on the chaining value hv: 80 rounds, the schedule in w0 to
 * w31 (w0 to w15 hold the block).
 */
#define SHA1_BLOCK(hv) do {						\
	MD_STATE_IN5(hv);						\
	LOW16(0, a, b, c, d, e);					\
	HIGH16(16, e, a, b, c, d);					\
	LOW16(32, d, e, a, b, c);					\
	HIGH16(48, c, d, e, a, b);					\
	LOW16(64, b, c, d, e, a);					\
	MD_STATE_OUT5(hv, +=);						\
} while (0)

void
mds_sha1_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32_t a, b, c, d, e, *hv = st->h.w32;
	uint32_t w16, w17, w18, w19, w20, w21, w22, w23;
	uint32_t w24, w25, w26, w27, w28, w29, w30, w31;

	MD_BLOCKS_BE16(uint32_t, mds_load_be32, p, nblocks, SHA1_BLOCK(hv));
}

static const uint32_t sha1_iv[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
};

const struct mds_shape mds_sha1_shape =
    MDS_MD_SHAPE(&sha1_shape, sha1_iv, 5, 4);
