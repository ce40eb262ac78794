/*
 * x86/sha512_x86.h: the scalar half of the x86-64 SHA-512 kernels
 * (sha512_avx2.c, sha512_avx512.c): the round constants and the rounds.
 *
 * The rounds run in general registers; the message schedule runs in
 * vector registers, two (avx2) or four (avx512) blocks at a time, and
 * leaves W[t] + K[t] of each pair of blocks in a buffer: the qwords of
 * step k (words 2k and 2k + 1) are { A[2k], A[2k + 1], B[2k], B[2k + 1] }.
 *
 * The round itself, shared with sha256_avx2.c, is in sha2_x86.h.
 */
#ifndef MDS_SHA512_X86_H
#define MDS_SHA512_X86_H

#include <stdint.h>

#include "sha2_x86.h"

/* K[t] (FIPS 180-4, 4.2.3) as the schedule adds it: K[2k], K[2k + 1] twice. */
#define S512_KK(k0, k1)	k0, k1, k0, k1
static const uint64_t s512_kk[160] __attribute__((aligned(64))) = {
	S512_KK(0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL),
	S512_KK(0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL),
	S512_KK(0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL),
	S512_KK(0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL),
	S512_KK(0xd807aa98a3030242ULL, 0x12835b0145706fbeULL),
	S512_KK(0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL),
	S512_KK(0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL),
	S512_KK(0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL),
	S512_KK(0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL),
	S512_KK(0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL),
	S512_KK(0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL),
	S512_KK(0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL),
	S512_KK(0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL),
	S512_KK(0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL),
	S512_KK(0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL),
	S512_KK(0x06ca6351e003826fULL, 0x142929670a0e6e70ULL),
	S512_KK(0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL),
	S512_KK(0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL),
	S512_KK(0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL),
	S512_KK(0x81c2c92e47edaee6ULL, 0x92722c851482353bULL),
	S512_KK(0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL),
	S512_KK(0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL),
	S512_KK(0xd192e819d6ef5218ULL, 0xd69906245565a910ULL),
	S512_KK(0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL),
	S512_KK(0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL),
	S512_KK(0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL),
	S512_KK(0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL),
	S512_KK(0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL),
	S512_KK(0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL),
	S512_KK(0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL),
	S512_KK(0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL),
	S512_KK(0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL),
	S512_KK(0xca273eceea26619cULL, 0xd186b8c721c0c207ULL),
	S512_KK(0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL),
	S512_KK(0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL),
	S512_KK(0x113f9804bef90daeULL, 0x1b710b35131c471bULL),
	S512_KK(0x28db77f523047d84ULL, 0x32caab7b40c72493ULL),
	S512_KK(0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL),
	S512_KK(0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL),
	S512_KK(0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL)
};
#undef S512_KK

/* One round (sha2_x86.h), with SHA-512's rotations of e and a. */
#define S512_ROUND(A_, B_, C_, D_, E_, F_, G_, H_, Z_, WK_)		\
	SHA2_X86_ROUND(14, 18, 41, 28, 34, 39,				\
	    A_, B_, C_, D_, E_, F_, G_, H_, Z_, WK_)

/*
 * Twenty rounds on w, the W + K of round 0 of them, calling STEP(j) after
 * round 3j for j < 4.  The state lives in v0..v8 (a b c d e f g h z on
 * entry and again on exit: the a..d, z roles turn every five rounds, the
 * e..h roles every four).
 */
#define S512_ROUNDS20(w, STEP) do {					\
	S512_ROUND(v0, v1, v2, v3, v4, v5, v6, v7, v8, (w)[0]);		\
	STEP(0);							\
	S512_ROUND(v8, v0, v1, v2, v7, v4, v5, v6, v3, (w)[1]);		\
	S512_ROUND(v3, v8, v0, v1, v6, v7, v4, v5, v2, (w)[4]);		\
	S512_ROUND(v2, v3, v8, v0, v5, v6, v7, v4, v1, (w)[5]);		\
	STEP(1);							\
	S512_ROUND(v1, v2, v3, v8, v4, v5, v6, v7, v0, (w)[8]);		\
	S512_ROUND(v0, v1, v2, v3, v7, v4, v5, v6, v8, (w)[9]);		\
	S512_ROUND(v8, v0, v1, v2, v6, v7, v4, v5, v3, (w)[12]);		\
	STEP(2);							\
	S512_ROUND(v3, v8, v0, v1, v5, v6, v7, v4, v2, (w)[13]);		\
	S512_ROUND(v2, v3, v8, v0, v4, v5, v6, v7, v1, (w)[16]);		\
	S512_ROUND(v1, v2, v3, v8, v7, v4, v5, v6, v0, (w)[17]);		\
	STEP(3);							\
	S512_ROUND(v0, v1, v2, v3, v6, v7, v4, v5, v8, (w)[20]);		\
	S512_ROUND(v8, v0, v1, v2, v5, v6, v7, v4, v3, (w)[21]);		\
	S512_ROUND(v3, v8, v0, v1, v4, v5, v6, v7, v2, (w)[24]);		\
	S512_ROUND(v2, v3, v8, v0, v7, v4, v5, v6, v1, (w)[25]);		\
	S512_ROUND(v1, v2, v3, v8, v6, v7, v4, v5, v0, (w)[28]);		\
	S512_ROUND(v0, v1, v2, v3, v5, v6, v7, v4, v8, (w)[29]);		\
	S512_ROUND(v8, v0, v1, v2, v4, v5, v6, v7, v3, (w)[32]);		\
	S512_ROUND(v3, v8, v0, v1, v7, v4, v5, v6, v2, (w)[33]);		\
	S512_ROUND(v2, v3, v8, v0, v6, v7, v4, v5, v1, (w)[36]);		\
	S512_ROUND(v1, v2, v3, v8, v5, v6, v7, v4, v0, (w)[37]);		\
} while (0)

#define S512_BEGIN(hv)	SHA2_X86_BEGIN(hv)

#define S512_END(hv) do {						\
	(hv)[0] += v0; (hv)[1] += v1; (hv)[2] += v2; (hv)[3] += v3;	\
	(hv)[4] += v4; (hv)[5] += v5; (hv)[6] += v6; (hv)[7] += v7;	\
} while (0)

/*
 * A schedule buffer: W + K of a pair of blocks, then at S512_KOFF the
 * constants in the same layout, so that one pointer serves the step.
 */
#define S512_KOFF	160
#define S512_BUFLEN	320
#define S512_COPYK(b) do {						\
	int i_;								\
									\
	for (i_ = 0; i_ < 160; i_++)					\
		(b)[S512_KOFF + i_] = s512_kk[i_];			\
} while (0)

/* Hide a pointer's value, so the compiler cannot hoist loads through it. */
#define S512_OPAQUE(p)	__asm__("" : "+r" (p))

#define S512_NOSTEP(j)	do { } while (0)

#endif /* MDS_SHA512_X86_H */
