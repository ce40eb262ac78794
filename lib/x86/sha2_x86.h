/*
 * x86/sha2_x86.h: the scalar round of the x86-64 SHA-256 and SHA-512
 * kernels (sha256_avx2.c; sha512_avx2.c and sha512_avx512.c through
 * sha512_x86.h), which differ only in the word size and the rotation
 * counts.
 *
 * The round is FIPS 180-4's, regrouped so that neither of its chains is
 * longer than four single-cycle instructions.  With T1 = h + S1(e) +
 * Ch(e, f, g) + W + K and T2 = S0(a) + Maj(a, b, c), the new e is d + T1
 * and the new a is T1 + T2; computing T1 and then d + T1 puts five steps
 * between e and the new e.  Here d joins h + W + K before Ch and S1 are
 * ready, and the new a is taken from the new e:
 *
 *	e' = ((h + WK + d) + Ch(e, f, g)) + S1(e)
 *	a' = (((b & c) - d + (a & (b ^ c))) + e') + S0(a)
 *
 * with Maj(a, b, c) = (a & (b ^ c)) + (b & c), two terms without a bit
 * in common.  b ^ c and (b & c) - d are made in the round before, from
 * its a, b and c (bx and z below).  The round is written in assembly
 * because the compiler regroups the sums otherwise; it costs 24 ALU
 * instructions and 3 register moves.  Ch and the first two rotations of
 * S1 come first, with a third scratch register, so that the critical
 * instructions are the oldest when their operands arrive: about 4%
 * faster than S1 first for SHA-256; for SHA-512 2-3% in the pair and
 * quad kernels (8 to 8192 blocks a call, both orders timed in one
 * process), 1-2% in the one-block path of sha512_avx2.c.  Two
 * alternatives ran slower (SHA-256): the textbook-minded Maj = ((a ^ b)
 * & (b ^ c)) ^ b, reusing the round before's a ^ b, with T1 added to d
 * last, is two instructions shorter but makes both chains five long (7%
 * slower); BMI1's andn for the next b & c as ~(a ^ b) & b saves a move
 * (1-2% slower: andn has fewer ports).
 */
#ifndef MDS_SHA2_X86_H
#define MDS_SHA2_X86_H

/*
 * One round, wk = W[t] + K[t] in memory; S1 rotates e right by E1, E2
 * and E3, S0 rotates a by A1, A2 and A3.  The operands' type gives the
 * word size.  On entry bx = b ^ c and z = (b & c) - d; on exit the new a
 * is in z, the new e in h, and d holds the next round's z and bx its
 * b ^ c.  t0, t1 and t2 are scratch variables of the caller, as are the
 * others.
 */
#define SHA2_X86_ROUND(E1, E2, E3, A1, A2, A3,				\
    A_, B_, C_, D_, E_, F_, G_, H_, Z_, WK_)				\
	__asm__(							\
	    "mov	%[f], %[t1]\n\t"				\
	    "xor	%[g], %[t1]\n\t"				\
	    "add	%[wk], %[h]\n\t"				\
	    "add	%[d], %[h]\n\t"				\
	    "rorx	$" #E1 ", %[e], %[t0]\n\t"			\
	    "rorx	$" #E2 ", %[e], %[t2]\n\t"			\
	    "and	%[e], %[t1]\n\t"				\
	    "xor	%[t2], %[t0]\n\t"				\
	    "xor	%[g], %[t1]\n\t"				\
	    "rorx	$" #E3 ", %[e], %[t2]\n\t"			\
	    "add	%[t1], %[h]\n\t"				\
	    "xor	%[t2], %[t0]\n\t"				\
	    "add	%[t0], %[h]\n\t"				\
	    "and	%[a], %[bx]\n\t"				\
	    "add	%[bx], %[z]\n\t"				\
	    "add	%[h], %[z]\n\t"				\
	    "rorx	$" #A1 ", %[a], %[t0]\n\t"			\
	    "rorx	$" #A2 ", %[a], %[t1]\n\t"			\
	    "xor	%[t1], %[t0]\n\t"				\
	    "rorx	$" #A3 ", %[a], %[t1]\n\t"			\
	    "xor	%[t1], %[t0]\n\t"				\
	    "add	%[t0], %[z]\n\t"				\
	    "mov	%[a], %[bx]\n\t"				\
	    "xor	%[b], %[bx]\n\t"				\
	    "mov	%[a], %[d]\n\t"				\
	    "and	%[b], %[d]\n\t"				\
	    "sub	%[c], %[d]"					\
	    : [h] "+r" (H_), [d] "+r" (D_), [z] "+r" (Z_), [bx] "+r" (bx), \
	      [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2)	\
	    : [a] "r" (A_), [b] "r" (B_), [c] "r" (C_), [e] "r" (E_),	\
	      [f] "r" (F_), [g] "r" (G_), [wk] "m" (WK_))

/* The chaining value into v0..v7; bx and z as the first round wants them. */
#define SHA2_X86_BEGIN(hv) do {						\
	v0 = (hv)[0]; v1 = (hv)[1]; v2 = (hv)[2]; v3 = (hv)[3];		\
	v4 = (hv)[4]; v5 = (hv)[5]; v6 = (hv)[6]; v7 = (hv)[7];		\
	bx = v1 ^ v2;							\
	v8 = (v1 & v2) - v3;						\
} while (0)

/*
 * The pair kernels (sha256_avx2.c, sha512_avx2.c) schedule two blocks
 * of BLEN bytes, at pa and pb, a pair ahead of the rounds, over the
 * nblocks blocks at p.  The first pair: a lone block is scheduled twice.
 */
#define SHA2_X86_PAIR_FIRST(BLEN) do {					\
	pa = p;								\
	pb = nblocks > 1 ? p + (BLEN) : p;				\
} while (0)

/* The next pair, or this one again after the last: nothing past the end. */
#define SHA2_X86_PAIR_NEXT(BLEN) do {					\
	p += 2 * (BLEN);						\
	if (nblocks > 2)						\
		pa = p;							\
	if (nblocks > 3)						\
		pb = p + (BLEN);					\
	else								\
		pb = pa;						\
} while (0)

/* The two schedule buffers, the one being read and the next, trade places. */
#define SHA2_X86_SWAP_BUFFERS() do {					\
	tmp = cur;							\
	cur = nxt;							\
	nxt = tmp;							\
} while (0)

/*
 * The pair kernels' loop over the blocks, from the schedule of the first
 * pair made: BLOCK hashes the block whose W + K w points at; after a
 * pair's first block LOAD loads the next pair into the other buffer, and
 * the second block's words are at cur + WB; after its second, the
 * buffers trade places, ws goes to cur + WS (where the rounds' schedule
 * steps store) and TURN renames the schedule registers.  The variables
 * are the caller's: second, w, ws, cur, nxt, tmp, p, pa, pb, nblocks.
 */
#define SHA2_X86_PAIR_LOOP(BLEN, BLOCK, LOAD, WB, WS, TURN) do {	\
	second = 0;							\
	w = cur;							\
	ws = cur + (WS);						\
	for (;;) {							\
		BLOCK;							\
		if (!second) {						\
			if (nblocks == 1)				\
				break;					\
			SHA2_X86_PAIR_NEXT(BLEN);			\
			ws = nxt;					\
			LOAD;						\
			w = cur + (WB);					\
			ws = nxt + 32;					\
		} else {						\
			nblocks -= 2;					\
			if (nblocks == 0)				\
				break;					\
			SHA2_X86_SWAP_BUFFERS();			\
			w = cur;					\
			ws = cur + (WS);				\
			TURN;						\
		}							\
		second = !second;					\
	}								\
} while (0)

#endif /* MDS_SHA2_X86_H */
