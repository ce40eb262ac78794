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

#define R1(a, b, c, d, e, w)	ROUND(F1, 0x5a827999, a, b, c, d, e, w)
#define R2(a, b, c, d, e, w)	ROUND(F2, 0x6ed9eba1, a, b, c, d, e, w)
#define R3(a, b, c, d, e, w)	ROUND(F3, 0x8f1bbcdc, a, b, c, d, e, w)
#define R4(a, b, c, d, e, w)	ROUND(F2, 0xca62c1d6, a, b, c, d, e, w)

/* W[i] from W[i-3], W[i-8], W[i-14], W[i-16], for i < 32. */
#define SCHED1(w, w3, w8, w14, w16)					\
	((w) = ROL32((w3) ^ (w8) ^ (w14) ^ (w16), 1))
/* W[i] from W[i-6], W[i-16], W[i-28] and W[i-32], which it replaces. */
#define SCHED2(w, w6, w16, w28)						\
	((w) = ROL32((w6) ^ (w16) ^ (w28) ^ (w), 2))

void
mds_sha1_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32_t a, b, c, d, e, m[16], *h = st->h.w32;
	uint32_t w0, w1, w2, w3, w4, w5, w6, w7;
	uint32_t w8, w9, w10, w11, w12, w13, w14, w15;
	uint32_t w16, w17, w18, w19, w20, w21, w22, w23;
	uint32_t w24, w25, w26, w27, w28, w29, w30, w31;
	int i;

	while (nblocks-- > 0) {
		/* Through an array, as in sha256.c: one bswap load each. */
		for (i = 0; i < 16; i++)
			m[i] = mds_load_be32(p + 4 * i);
		w0 = m[0];
		w1 = m[1];
		w2 = m[2];
		w3 = m[3];
		w4 = m[4];
		w5 = m[5];
		w6 = m[6];
		w7 = m[7];
		w8 = m[8];
		w9 = m[9];
		w10 = m[10];
		w11 = m[11];
		w12 = m[12];
		w13 = m[13];
		w14 = m[14];
		w15 = m[15];
		a = h[0];
		b = h[1];
		c = h[2];
		d = h[3];
		e = h[4];
		R1(a, b, c, d, e, w0);
		R1(e, a, b, c, d, w1);
		R1(d, e, a, b, c, w2);
		R1(c, d, e, a, b, w3);
		R1(b, c, d, e, a, w4);

		R1(a, b, c, d, e, w5);
		R1(e, a, b, c, d, w6);
		R1(d, e, a, b, c, w7);
		R1(c, d, e, a, b, w8);
		R1(b, c, d, e, a, w9);

		SCHED1(w16, w13, w8, w2, w0);
		R1(a, b, c, d, e, w10);
		SCHED1(w17, w14, w9, w3, w1);
		R1(e, a, b, c, d, w11);
		SCHED1(w18, w15, w10, w4, w2);
		R1(d, e, a, b, c, w12);
		SCHED1(w19, w16, w11, w5, w3);
		R1(c, d, e, a, b, w13);
		SCHED1(w20, w17, w12, w6, w4);
		R1(b, c, d, e, a, w14);

		SCHED1(w21, w18, w13, w7, w5);
		R1(a, b, c, d, e, w15);
		SCHED1(w22, w19, w14, w8, w6);
		R1(e, a, b, c, d, w16);
		SCHED1(w23, w20, w15, w9, w7);
		R1(d, e, a, b, c, w17);
		SCHED1(w24, w21, w16, w10, w8);
		R1(c, d, e, a, b, w18);
		SCHED1(w25, w22, w17, w11, w9);
		R1(b, c, d, e, a, w19);

		SCHED1(w26, w23, w18, w12, w10);
		R2(a, b, c, d, e, w20);
		SCHED1(w27, w24, w19, w13, w11);
		R2(e, a, b, c, d, w21);
		SCHED1(w28, w25, w20, w14, w12);
		R2(d, e, a, b, c, w22);
		SCHED1(w29, w26, w21, w15, w13);
		R2(c, d, e, a, b, w23);
		SCHED1(w30, w27, w22, w16, w14);
		R2(b, c, d, e, a, w24);

		SCHED1(w31, w28, w23, w17, w15);
		R2(a, b, c, d, e, w25);
		SCHED2(w0, w26, w16, w4);
		R2(e, a, b, c, d, w26);
		SCHED2(w1, w27, w17, w5);
		R2(d, e, a, b, c, w27);
		SCHED2(w2, w28, w18, w6);
		R2(c, d, e, a, b, w28);
		SCHED2(w3, w29, w19, w7);
		R2(b, c, d, e, a, w29);

		SCHED2(w4, w30, w20, w8);
		R2(a, b, c, d, e, w30);
		SCHED2(w5, w31, w21, w9);
		R2(e, a, b, c, d, w31);
		SCHED2(w6, w0, w22, w10);
		R2(d, e, a, b, c, w0);
		SCHED2(w7, w1, w23, w11);
		R2(c, d, e, a, b, w1);
		SCHED2(w8, w2, w24, w12);
		R2(b, c, d, e, a, w2);

		SCHED2(w9, w3, w25, w13);
		R2(a, b, c, d, e, w3);
		SCHED2(w10, w4, w26, w14);
		R2(e, a, b, c, d, w4);
		SCHED2(w11, w5, w27, w15);
		R2(d, e, a, b, c, w5);
		SCHED2(w12, w6, w28, w16);
		R2(c, d, e, a, b, w6);
		SCHED2(w13, w7, w29, w17);
		R2(b, c, d, e, a, w7);

		SCHED2(w14, w8, w30, w18);
		R3(a, b, c, d, e, w8);
		SCHED2(w15, w9, w31, w19);
		R3(e, a, b, c, d, w9);
		SCHED2(w16, w10, w0, w20);
		R3(d, e, a, b, c, w10);
		SCHED2(w17, w11, w1, w21);
		R3(c, d, e, a, b, w11);
		SCHED2(w18, w12, w2, w22);
		R3(b, c, d, e, a, w12);

		SCHED2(w19, w13, w3, w23);
		R3(a, b, c, d, e, w13);
		SCHED2(w20, w14, w4, w24);
		R3(e, a, b, c, d, w14);
		SCHED2(w21, w15, w5, w25);
		R3(d, e, a, b, c, w15);
		SCHED2(w22, w16, w6, w26);
		R3(c, d, e, a, b, w16);
		SCHED2(w23, w17, w7, w27);
		R3(b, c, d, e, a, w17);

		SCHED2(w24, w18, w8, w28);
		R3(a, b, c, d, e, w18);
		SCHED2(w25, w19, w9, w29);
		R3(e, a, b, c, d, w19);
		SCHED2(w26, w20, w10, w30);
		R3(d, e, a, b, c, w20);
		SCHED2(w27, w21, w11, w31);
		R3(c, d, e, a, b, w21);
		SCHED2(w28, w22, w12, w0);
		R3(b, c, d, e, a, w22);

		SCHED2(w29, w23, w13, w1);
		R3(a, b, c, d, e, w23);
		SCHED2(w30, w24, w14, w2);
		R3(e, a, b, c, d, w24);
		SCHED2(w31, w25, w15, w3);
		R3(d, e, a, b, c, w25);
		SCHED2(w0, w26, w16, w4);
		R3(c, d, e, a, b, w26);
		SCHED2(w1, w27, w17, w5);
		R3(b, c, d, e, a, w27);

		SCHED2(w2, w28, w18, w6);
		R4(a, b, c, d, e, w28);
		SCHED2(w3, w29, w19, w7);
		R4(e, a, b, c, d, w29);
		SCHED2(w4, w30, w20, w8);
		R4(d, e, a, b, c, w30);
		SCHED2(w5, w31, w21, w9);
		R4(c, d, e, a, b, w31);
		SCHED2(w6, w0, w22, w10);
		R4(b, c, d, e, a, w0);

		SCHED2(w7, w1, w23, w11);
		R4(a, b, c, d, e, w1);
		SCHED2(w8, w2, w24, w12);
		R4(e, a, b, c, d, w2);
		SCHED2(w9, w3, w25, w13);
		R4(d, e, a, b, c, w3);
		SCHED2(w10, w4, w26, w14);
		R4(c, d, e, a, b, w4);
		SCHED2(w11, w5, w27, w15);
		R4(b, c, d, e, a, w5);

		SCHED2(w12, w6, w28, w16);
		R4(a, b, c, d, e, w6);
		SCHED2(w13, w7, w29, w17);
		R4(e, a, b, c, d, w7);
		SCHED2(w14, w8, w30, w18);
		R4(d, e, a, b, c, w8);
		SCHED2(w15, w9, w31, w19);
		R4(c, d, e, a, b, w9);
		R4(b, c, d, e, a, w10);

		R4(a, b, c, d, e, w11);
		R4(e, a, b, c, d, w12);
		R4(d, e, a, b, c, w13);
		R4(c, d, e, a, b, w14);
		R4(b, c, d, e, a, w15);
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		p += 64;
	}
}

static const uint32_t sha1_iv[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
};

const struct mds_shape mds_sha1_shape =
    MDS_MD_SHAPE(&sha1_shape, sha1_iv, 5, 4);
