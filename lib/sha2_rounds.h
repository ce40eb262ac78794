/*
 * sha2_rounds.h: the round structure SHA-256 (sha256.c) and SHA-512
 * (sha512.c) share: sixteen rounds at a time, the message schedule in
 * sixteen locals, each word computed just before its round.  The
 * includer defines ROUND(a, b, c, d, e, f, g, h, i, w) and the sigmas
 * SSIG0 and SSIG1 for its word size, and declares a to h and bc (the
 * previous round's a ^ b, from which ROUND makes Maj).
 */
#ifndef SHA2_ROUNDS_H
#define SHA2_ROUNDS_H

#define CH(x, y, z)	((((y) ^ (z)) & (x)) ^ (z))

/* W[i] = s1(W[i-2]) + W[i-7] + s0(W[i-15]) + W[i-16], in place of W[i-16]. */
#define SCHED(w0, w1, w9, w14)	((w0) += SSIG1(w14) + (w9) + SSIG0(w1))
#define NOSCHED(w0, w1, w9, w14)	((void)0)

/*
 * Sixteen rounds from round i: S computes each word just before its
 * round (NOSCHED for rounds 0-15).  The caller's ROUND rotates the
 * argument order instead of moving the eight working variables.
 */
#define SIXTEEN(i, S) do {						\
	S(w0, w1, w9, w14);						\
	ROUND(a, b, c, d, e, f, g, h, (i) + 0, w0);			\
	S(w1, w2, w10, w15);						\
	ROUND(h, a, b, c, d, e, f, g, (i) + 1, w1);			\
	S(w2, w3, w11, w0);						\
	ROUND(g, h, a, b, c, d, e, f, (i) + 2, w2);			\
	S(w3, w4, w12, w1);						\
	ROUND(f, g, h, a, b, c, d, e, (i) + 3, w3);			\
	S(w4, w5, w13, w2);						\
	ROUND(e, f, g, h, a, b, c, d, (i) + 4, w4);			\
	S(w5, w6, w14, w3);						\
	ROUND(d, e, f, g, h, a, b, c, (i) + 5, w5);			\
	S(w6, w7, w15, w4);						\
	ROUND(c, d, e, f, g, h, a, b, (i) + 6, w6);			\
	S(w7, w8, w0, w5);						\
	ROUND(b, c, d, e, f, g, h, a, (i) + 7, w7);			\
	S(w8, w9, w1, w6);						\
	ROUND(a, b, c, d, e, f, g, h, (i) + 8, w8);			\
	S(w9, w10, w2, w7);						\
	ROUND(h, a, b, c, d, e, f, g, (i) + 9, w9);			\
	S(w10, w11, w3, w8);						\
	ROUND(g, h, a, b, c, d, e, f, (i) + 10, w10);			\
	S(w11, w12, w4, w9);						\
	ROUND(f, g, h, a, b, c, d, e, (i) + 11, w11);			\
	S(w12, w13, w5, w10);						\
	ROUND(e, f, g, h, a, b, c, d, (i) + 12, w12);			\
	S(w13, w14, w6, w11);						\
	ROUND(d, e, f, g, h, a, b, c, (i) + 13, w13);			\
	S(w14, w15, w7, w12);						\
	ROUND(c, d, e, f, g, h, a, b, (i) + 14, w14);			\
	S(w15, w0, w8, w13);						\
	ROUND(b, c, d, e, f, g, h, a, (i) + 15, w15);			\
} while (0)

/*
 * One block on the chaining value hv: rounds 0-63, then MORE (SHA-512's
 * rounds 64-79, nothing for SHA-256), then the add-back.
 */
#define SHA2_BLOCK(hv, MORE) do {					\
	MD_STATE_IN8(hv);						\
	bc = b ^ c;							\
	SIXTEEN(0, NOSCHED);						\
	SIXTEEN(16, SCHED);						\
	SIXTEEN(32, SCHED);						\
	SIXTEEN(48, SCHED);						\
	MORE;								\
	MD_STATE_OUT8(hv, +=);						\
} while (0)

#endif /* SHA2_ROUNDS_H */
