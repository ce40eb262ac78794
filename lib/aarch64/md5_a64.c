/*
 * aarch64/md5_a64.c: MD5 block function in scalar A64 code.
 *
 * Each step is a = b + ((a + f(b, c, d) + x + t) <<< s), and only b is
 * new in a step, so its speed is the latency from b to the next b: f's
 * operations after b, the add into a, the rotate and the add of b.  A64
 * has the idioms f wants: BIC (and-not) makes G's c & ~d in one operation
 * before b is known and leaves b & d on the path (G: 4 operations from b
 * to b); ORN (or-not) makes I's b | ~d in one (I: 5); F as d ^ (b & (c ^
 * d)) with c ^ d made before b (5); H with c ^ d before b (4).  So 4.5
 * operations a step on the path, as on x86-64 without AVX-512.
 *
 * What this adds to the portable C (lib/md5.c), which is the same
 * operations: the 64 constants are loaded from mds_md5_t, in pairs (LDP,
 * off the path), instead of made in two MOVZ/MOVK each, and the message
 * words are loaded once a block.  gcc 12 -O2 makes 551 instructions a
 * block of it against 624 for the portable C (60 MOVK and 61 register
 * moves there): 8 ALU operations a step, and a load.  Each step written
 * as one asm statement, as md5_x86.c does, came out worse (630: gcc
 * copied the state registers around each statement); in C gcc already
 * adds x + t into a before f.
 *
 * Little-endian aarch64 only.  Reads exactly the nblocks * 64 bytes it is
 * given.
 */
#if defined(__aarch64__) && defined(__AARCH64EL__)
#include <string.h>

#include "a64.h"
#include "../md_block.h"
#include "../md5_steps.h"

#define ROL32(x, n)	((uint32_t)((x) << (n) | (x) >> (32 - (n))))

/* f(b, c, d) into a, the part that needs only c and d first. */
#define F_(a, b, c, d)	(a) += (d) ^ ((b) & ((c) ^ (d)))
#define G_(a, b, c, d)	(a) += (c) & ~(d), (a) += (b) & (d)
#define H_(a, b, c, d)	(a) += (b) ^ ((c) ^ (d))
#define I_(a, b, c, d)	(a) += (c) ^ ((b) | ~(d))

#define STEP(f, a, b, c, d, k, i, s) do {				\
	(a) += x[k] + tk[i];						\
	f##_(a, b, c, d);						\
	(a) = ROL32((a), (s)) + (b);					\
} while (0)

/*
 * One block at p into a to d.  Its words are loaded word by word, so
 * that they stay in registers; the constants' address is hidden, so that
 * their loads are not hoisted out of the loop (and spilled: too few
 * registers).
 */
#define BLOCK() do {							\
	for (j = 0; j < 16; j++)					\
		memcpy(&x[j], p + 4 * j, 4);				\
	__asm__("" : "+r" (tk));					\
	MD5_STEPS(STEP);						\
} while (0)

void
mds_md5_blocks_a64(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	const uint32_t *tk = mds_md5_t;
	uint32_t a, b, c, d, x[16];
	int j;

	MD5_BLOCKS(st->h.w32, p, nblocks, BLOCK());
}
#endif /* __aarch64__ && __AARCH64EL__ */
