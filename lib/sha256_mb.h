/*
 * sha256_mb.h: the round order of the vector SHA-256 multi-buffer
 * kernels (x86/sha256_mb_avx512.c, aarch64/sha256_mb_neon.c), one lane
 * of each vector per message.  The includer defines ADD, the sigmas
 * SSIG0 and SSIG1 and ROUND(a, b, c, d, e, f, g, h, t, wt) with its
 * ISA's intrinsics, and declares w[16] (the schedule ring) and a to h.
 */
#ifndef SHA256_MB_H
#define SHA256_MB_H

/* Schedule word i + j (j = i + j mod 16) into w[j], then its round. */
#define SROUND(a, b, c, d, e, f, g, h, i, j) do {			\
	if ((i) >= 16)							\
		w[j] = ADD(ADD(w[j], SSIG0(w[((j) + 1) & 15])),		\
		    ADD(w[((j) + 9) & 15], SSIG1(w[((j) + 14) & 15])));	\
	ROUND(a, b, c, d, e, f, g, h, (i) + (j), w[j]);			\
} while (0)

/* Rounds i to i + 15; the argument order turns instead of the values. */
#define SIXTEEN(i) do {							\
	SROUND(a, b, c, d, e, f, g, h, i, 0);				\
	SROUND(h, a, b, c, d, e, f, g, i, 1);				\
	SROUND(g, h, a, b, c, d, e, f, i, 2);				\
	SROUND(f, g, h, a, b, c, d, e, i, 3);				\
	SROUND(e, f, g, h, a, b, c, d, i, 4);				\
	SROUND(d, e, f, g, h, a, b, c, i, 5);				\
	SROUND(c, d, e, f, g, h, a, b, i, 6);				\
	SROUND(b, c, d, e, f, g, h, a, i, 7);				\
	SROUND(a, b, c, d, e, f, g, h, i, 8);				\
	SROUND(h, a, b, c, d, e, f, g, i, 9);				\
	SROUND(g, h, a, b, c, d, e, f, i, 10);				\
	SROUND(f, g, h, a, b, c, d, e, i, 11);				\
	SROUND(e, f, g, h, a, b, c, d, i, 12);				\
	SROUND(d, e, f, g, h, a, b, c, i, 13);				\
	SROUND(c, d, e, f, g, h, a, b, i, 14);				\
	SROUND(b, c, d, e, f, g, h, a, i, 15);				\
} while (0)

#endif /* SHA256_MB_H */
