/*
 * md5_steps.h: the 64 steps of MD5 (RFC 1321, section 3.4), once for
 * the x86 and aarch64 kernels.
 *
 * MD5_STEPS(S) expands S(f, a, b, c, d, k, i, s) once a step, in order:
 * f is the round function (F, G, H or I), a b c d the registers in the
 * step's rotation (a is the one written), k the message word, i the step,
 * whose constant is mds_md5_t[i], and s the left rotation.  It is a macro
 * list rather than a const table because the kernels put k, i and s into
 * asm operands and immediates ("n"), which must be constant expressions
 * after the preprocessor, at any optimisation level.  S must expand to a
 * statement; the list supplies the semicolons.
 */
#ifndef MDS_MD5_STEPS_H
#define MDS_MD5_STEPS_H

#define MD5_STEPS(S)							\
	S(F, a, b, c, d, 0, 0, 7);					\
	S(F, d, a, b, c, 1, 1, 12);					\
	S(F, c, d, a, b, 2, 2, 17);					\
	S(F, b, c, d, a, 3, 3, 22);					\
	S(F, a, b, c, d, 4, 4, 7);					\
	S(F, d, a, b, c, 5, 5, 12);					\
	S(F, c, d, a, b, 6, 6, 17);					\
	S(F, b, c, d, a, 7, 7, 22);					\
	S(F, a, b, c, d, 8, 8, 7);					\
	S(F, d, a, b, c, 9, 9, 12);					\
	S(F, c, d, a, b, 10, 10, 17);					\
	S(F, b, c, d, a, 11, 11, 22);					\
	S(F, a, b, c, d, 12, 12, 7);					\
	S(F, d, a, b, c, 13, 13, 12);					\
	S(F, c, d, a, b, 14, 14, 17);					\
	S(F, b, c, d, a, 15, 15, 22);					\
									\
	S(G, a, b, c, d, 1, 16, 5);					\
	S(G, d, a, b, c, 6, 17, 9);					\
	S(G, c, d, a, b, 11, 18, 14);					\
	S(G, b, c, d, a, 0, 19, 20);					\
	S(G, a, b, c, d, 5, 20, 5);					\
	S(G, d, a, b, c, 10, 21, 9);					\
	S(G, c, d, a, b, 15, 22, 14);					\
	S(G, b, c, d, a, 4, 23, 20);					\
	S(G, a, b, c, d, 9, 24, 5);					\
	S(G, d, a, b, c, 14, 25, 9);					\
	S(G, c, d, a, b, 3, 26, 14);					\
	S(G, b, c, d, a, 8, 27, 20);					\
	S(G, a, b, c, d, 13, 28, 5);					\
	S(G, d, a, b, c, 2, 29, 9);					\
	S(G, c, d, a, b, 7, 30, 14);					\
	S(G, b, c, d, a, 12, 31, 20);					\
									\
	S(H, a, b, c, d, 5, 32, 4);					\
	S(H, d, a, b, c, 8, 33, 11);					\
	S(H, c, d, a, b, 11, 34, 16);					\
	S(H, b, c, d, a, 14, 35, 23);					\
	S(H, a, b, c, d, 1, 36, 4);					\
	S(H, d, a, b, c, 4, 37, 11);					\
	S(H, c, d, a, b, 7, 38, 16);					\
	S(H, b, c, d, a, 10, 39, 23);					\
	S(H, a, b, c, d, 13, 40, 4);					\
	S(H, d, a, b, c, 0, 41, 11);					\
	S(H, c, d, a, b, 3, 42, 16);					\
	S(H, b, c, d, a, 6, 43, 23);					\
	S(H, a, b, c, d, 9, 44, 4);					\
	S(H, d, a, b, c, 12, 45, 11);					\
	S(H, c, d, a, b, 15, 46, 16);					\
	S(H, b, c, d, a, 2, 47, 23);					\
									\
	S(I, a, b, c, d, 0, 48, 6);					\
	S(I, d, a, b, c, 7, 49, 10);					\
	S(I, c, d, a, b, 14, 50, 15);					\
	S(I, b, c, d, a, 5, 51, 21);					\
	S(I, a, b, c, d, 12, 52, 6);					\
	S(I, d, a, b, c, 3, 53, 10);					\
	S(I, c, d, a, b, 10, 54, 15);					\
	S(I, b, c, d, a, 1, 55, 21);					\
	S(I, a, b, c, d, 8, 56, 6);					\
	S(I, d, a, b, c, 15, 57, 10);					\
	S(I, c, d, a, b, 6, 58, 15);					\
	S(I, b, c, d, a, 13, 59, 21);					\
	S(I, a, b, c, d, 4, 60, 6);					\
	S(I, d, a, b, c, 11, 61, 10);					\
	S(I, c, d, a, b, 2, 62, 15);					\
	S(I, b, c, d, a, 9, 63, 21)

#endif /* MDS_MD5_STEPS_H */
