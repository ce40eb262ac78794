/*
 * sm3.c: SM3 (GB/T 32905-2016), portable C.
 *
 * SM3 is Merkle-Damgard like SHA-256: 64-byte blocks, big-endian words,
 * a 64-bit big-endian bit length, eight 32-bit chaining words; so the
 * buffering and padding are mdpad.c's with SHA-256's shape, and only the
 * block function and the initial value are here.  It is built as sha256.c's: the 64 rounds
 * unrolled, the working variables renamed by the round macro instead of
 * moved, and the message expansion in sixteen locals, each word made a
 * few rounds before it is needed.
 *
 * What differs from SHA-256.  Round j uses two message words, W[j] and
 * W'[j] = W[j] ^ W[j + 4], so the expansion runs four words ahead: rounds
 * 12 to 63 each make W[j + 4] (68 words in all) in the slot of W[j - 12],
 * the oldest word the ring still holds and the last one the new word
 * needs.  Only A and E are new each round; B and F are rotated in place
 * (C = B <<< 9, G = F <<< 19) and the new A and E are written over D and
 * H, so the variables shift by one each round and come back every four.
 * The round constant T_j <<< (j mod 32) is a table of 64 words.  FF1 is
 * the majority, written (b & c) | (a & (b | c)) so that only two
 * operations wait for a; GG1 is ((f ^ g) & e) ^ g.
 *
 * The longest chain runs through E.  From E to the next E: SS1 (an add
 * and a rotate), the sum for H (two adds: GG also waits for E), then P0,
 * whose two rotations are taken side by side (3 operations deep, with two
 * copies of x; nested, as P1 in the expansion, it is 4 deep and cost 3%).
 * That is 7 operations a round, 7 cycles a byte at best.  Two things keep
 * gcc to it: T_j + (A <<< 12) is made apart, or gcc folds it with E into
 * a three-operand lea, slower than an add on the chain (5-7% here); and
 * SS1 is added to H before GG, the order that measured best (adding the
 * one-operation GG0 first would make rounds 0-15 one shorter, but was no
 * faster: the rounds are near the machine's width too).
 *
 * Measured on AMD EPYC family 26 (Zen 5), gcc 12.2 -O2, pinned, median of
 * 5, with the machine shared: --bench at 1 MiB 8.15-8.36 cycles/byte
 * before these two changes, 7.6-7.8 after (block function alone, 64 KiB
 * in cache: 1.88-1.94 ns/byte before, 1.78-1.85 after; clang 14: 1.99
 * against 1.84).  On a cached 512 MiB file, against coreutils 9.1 cksum
 * -a sm3: 0.93 times its speed before, 0.97-1.01 after.
 */
#include "mds_int.h"
#include "md_block.h"

#define ROL32(x, n)	((uint32_t)((x) << (n) | (x) >> (32 - (n))))

/*
 * KEEP(x): x is made here and not reassociated into what follows (an
 * empty asm that GNU C compilers cannot see through; nothing elsewhere).
 */
#if defined(__GNUC__)
#define KEEP(x)		__asm__("" : "+r" (x))
#else
#define KEEP(x)		((void)0)
#endif

#define FF0(x, y, z)	((x) ^ (y) ^ (z))
#define GG0(x, y, z)	((x) ^ (y) ^ (z))
#define FF1(x, y, z)	(((y) & (z)) | ((x) & ((y) | (z))))
#define GG1(x, y, z)	((((y) ^ (z)) & (x)) ^ (z))

/* P1(x) = x ^ (x <<< 15) ^ (x <<< 23), nested: see above. */
#define P0(x)		((x) ^ ROL32(x, 9) ^ ROL32(x, 17))
#define P1(x)		((x) ^ ROL32(ROL32(x, 8) ^ (x), 15))

/* T_j <<< (j mod 32): 0x79cc4519 for rounds 0-15, 0x7a879d8a after. */
static const uint32_t sm3_t[64] = {
	0x79cc4519, 0xf3988a32, 0xe7311465, 0xce6228cb,
	0x9cc45197, 0x3988a32f, 0x7311465e, 0xe6228cbc,
	0xcc451979, 0x988a32f3, 0x311465e7, 0x6228cbce,
	0xc451979c, 0x88a32f39, 0x11465e73, 0x228cbce6,
	0x9d8a7a87, 0x3b14f50f, 0x7629ea1e, 0xec53d43c,
	0xd8a7a879, 0xb14f50f3, 0x629ea1e7, 0xc53d43ce,
	0x8a7a879d, 0x14f50f3b, 0x29ea1e76, 0x53d43cec,
	0xa7a879d8, 0x4f50f3b1, 0x9ea1e762, 0x3d43cec5,
	0x7a879d8a, 0xf50f3b14, 0xea1e7629, 0xd43cec53,
	0xa879d8a7, 0x50f3b14f, 0xa1e7629e, 0x43cec53d,
	0x879d8a7a, 0x0f3b14f5, 0x1e7629ea, 0x3cec53d4,
	0x79d8a7a8, 0xf3b14f50, 0xe7629ea1, 0xcec53d43,
	0x9d8a7a87, 0x3b14f50f, 0x7629ea1e, 0xec53d43c,
	0xd8a7a879, 0xb14f50f3, 0x629ea1e7, 0xc53d43ce,
	0x8a7a879d, 0x14f50f3b, 0x29ea1e76, 0x53d43cec,
	0xa7a879d8, 0x4f50f3b1, 0x9ea1e762, 0x3d43cec5
};

/*
 * One round j:
 *	SS1 = ((A <<< 12) + E + T_j) <<< 7, SS2 = SS1 ^ (A <<< 12)
 *	D' = FF(A, B, C) + D + SS2 + W'[j], the new A
 *	H' = P0(GG(E, F, G) + H + SS1 + W[j]), the new E
 * The message words go into d and h first: they do not wait for the
 * previous round.
 */
#define ROUND(a, b, c, d, e, f, g, h, i, FF, GG, wj, wj4) do {		\
	uint32_t a12_, ss1_;						\
	(d) += (wj) ^ (wj4);						\
	(h) += (wj);							\
	a12_ = ROL32(a, 12);						\
	ss1_ = a12_ + sm3_t[i];						\
	KEEP(ss1_);							\
	ss1_ = ROL32(ss1_ + (e), 7);					\
	(d) += FF(a, b, c) + (ss1_ ^ a12_);				\
	(h) += ss1_;							\
	KEEP(h);							\
	(h) += GG(e, f, g);						\
	(h) = P0(h);							\
	(b) = ROL32(b, 9);						\
	(f) = ROL32(f, 19);						\
} while (0)

/*
 * W[t] = P1(W[t-16] ^ W[t-9] ^ (W[t-3] <<< 15)) ^ (W[t-13] <<< 7) ^ W[t-6],
 * in place of W[t-16]; wN is the slot of W[t-16+N].
 */
#define SCHED(w0, w3, w7, w10, w13) do {				\
	uint32_t x_ = (w0) ^ (w7) ^ ROL32(w13, 15);			\
	(w0) = P1(x_) ^ ROL32(w3, 7) ^ (w10);				\
} while (0)
#define NOSCHED(w0, w3, w7, w10, w13)	((void)0)

/*
 * Sixteen rounds with FF and GG: before round i + r, S0 (r < 12) or S
 * (r >= 12) makes W[i + r + 4].
 */
#define SIXTEEN(i, S0, S, FF, GG) do {					\
	S0(w4, w7, w11, w14, w1);					\
	ROUND(a, b, c, d, e, f, g, h, (i) + 0, FF, GG, w0, w4);		\
	S0(w5, w8, w12, w15, w2);					\
	ROUND(d, a, b, c, h, e, f, g, (i) + 1, FF, GG, w1, w5);		\
	S0(w6, w9, w13, w0, w3);					\
	ROUND(c, d, a, b, g, h, e, f, (i) + 2, FF, GG, w2, w6);		\
	S0(w7, w10, w14, w1, w4);					\
	ROUND(b, c, d, a, f, g, h, e, (i) + 3, FF, GG, w3, w7);		\
	S0(w8, w11, w15, w2, w5);					\
	ROUND(a, b, c, d, e, f, g, h, (i) + 4, FF, GG, w4, w8);		\
	S0(w9, w12, w0, w3, w6);					\
	ROUND(d, a, b, c, h, e, f, g, (i) + 5, FF, GG, w5, w9);		\
	S0(w10, w13, w1, w4, w7);					\
	ROUND(c, d, a, b, g, h, e, f, (i) + 6, FF, GG, w6, w10);	\
	S0(w11, w14, w2, w5, w8);					\
	ROUND(b, c, d, a, f, g, h, e, (i) + 7, FF, GG, w7, w11);	\
	S0(w12, w15, w3, w6, w9);					\
	ROUND(a, b, c, d, e, f, g, h, (i) + 8, FF, GG, w8, w12);	\
	S0(w13, w0, w4, w7, w10);					\
	ROUND(d, a, b, c, h, e, f, g, (i) + 9, FF, GG, w9, w13);	\
	S0(w14, w1, w5, w8, w11);					\
	ROUND(c, d, a, b, g, h, e, f, (i) + 10, FF, GG, w10, w14);	\
	S0(w15, w2, w6, w9, w12);					\
	ROUND(b, c, d, a, f, g, h, e, (i) + 11, FF, GG, w11, w15);	\
	S(w0, w3, w7, w10, w13);					\
	ROUND(a, b, c, d, e, f, g, h, (i) + 12, FF, GG, w12, w0);	\
	S(w1, w4, w8, w11, w14);					\
	ROUND(d, a, b, c, h, e, f, g, (i) + 13, FF, GG, w13, w1);	\
	S(w2, w5, w9, w12, w15);					\
	ROUND(c, d, a, b, g, h, e, f, (i) + 14, FF, GG, w14, w2);	\
	S(w3, w6, w10, w13, w0);					\
	ROUND(b, c, d, a, f, g, h, e, (i) + 15, FF, GG, w15, w3);	\
} while (0)

/* One block on the chaining value hv, which takes the result by XOR. */
#define SM3_BLOCK(hv) do {						\
	MD_STATE_IN8(hv);						\
	SIXTEEN(0, NOSCHED, SCHED, FF0, GG0);				\
	SIXTEEN(16, SCHED, SCHED, FF1, GG1);				\
	SIXTEEN(32, SCHED, SCHED, FF1, GG1);				\
	SIXTEEN(48, SCHED, SCHED, FF1, GG1);				\
	MD_STATE_OUT8(hv, ^=);						\
} while (0)

void
mds_sm3_blocks_portable(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32_t a, b, c, d, e, f, g, h, *hv = st->h.w32;

	MD_BLOCKS_BE16(uint32_t, mds_load_be32, p, nblocks, SM3_BLOCK(hv));
}

/* SHA-256's layout: 64-byte blocks, a 64-bit big-endian length. */
static const struct md_shape sm3_shape = {
	64, 8, 0
};

static const uint32_t sm3_iv[8] = {
	0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
	0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e
};

const struct mds_shape mds_sm3_shape =
    MDS_MD_SHAPE(&sm3_shape, sm3_iv, 8, 4);
