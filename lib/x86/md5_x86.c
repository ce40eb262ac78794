/*
 * x86/md5_x86.c: MD5 block functions for x86-64.
 *
 * Each step is a = b + ((a + f(b, c, d) + x + t) <<< s), and only b is
 * new in a step, so its speed is the latency from b to the next b.
 *
 * md5-avx512 (registered): one MD5 word per xmm register (AVX-512VL on
 * 128 bits).  vpternlogd forms any of F, G, H and I from b, c and d in one
 * operation and vprold rotates in one, so the path is four operations,
 * ternlog, add, rotate, add: 4 cycles a step, 4.0 cycles/byte, plus one
 * cycle a block for the feed-forward.  x and t go into a from memory as
 * broadcast operands (vpaddd m32{1to4}) off the path.  Computing the 64
 * x + t of a block ahead into a stack array was slower: 4.6 cycles/byte
 * with zmm permutes (probably as 512-bit operations take port 1's vector
 * ALU away), 2% slower with ymm ones.
 *
 * md5-x86 (listed after md5-avx512): general registers, baseline
 * x86-64.  After b is known F needs two operations (b & (c ^ d), then
 * ^ d; or the disjoint (b & c) and (~b & d), which need two adds) and so
 * does I (| then ^), G and H one, so a step takes 5, 4, 4, 5 cycles:
 * 4.5 cycles/byte at best, which the portable C (lib/md5.c) already
 * reaches.  Measured equal to portable (0.99x to 1.01x): it is what CPUs
 * without AVX-512 run, no slower than portable and at the same bound.
 *
 * On the reference machine (Sapphire Rapids class), medians of 15 runs of
 * flock /tmp/mdsum-bench.lock taskset -c 1 bin/mdsum --bench -a md5
 * --size=1048576 (ratios: medians of the per-run ratios), md5-x86 forced
 * for its row:
 *	portable	838.7 MB/s	4.63 cycles/byte
 *	md5-x86		835.3 MB/s	4.64 cycles/byte  1.004x portable
 *	md5-avx512	944.2 MB/s	4.10 cycles/byte  1.124x portable,
 *							  1.197x openssl
 *	libmd		757.1 MB/s	5.14 cycles/byte
 *	openssl		793.4 MB/s	4.92 cycles/byte
 * and in a second series of 15, md5-avx512 1.143x portable, 1.160x
 * openssl.  Timed alone (best of 31 calls on 1 MiB, cycles from a chain
 * of dependent adds) md5-avx512 takes 4.02 to 4.04 cycles/byte, the
 * bound above; portable and md5-x86 4.46 to 4.58.
 *
 * Both read exactly the nblocks * 64 bytes they are given.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "../md_block.h"
#include "../md5_steps.h"
#include "x86.h"

#define AVX512	__attribute__((target("avx512f,avx512vl")))

/*
 * Scalar steps, one asm statement each so that the compiler keeps the
 * order of the adds: x and t go into a while b is still being computed,
 * and the part of f that needs only c and d is formed off the critical
 * path.  What remains after b is known: F and I two operations, G and H
 * one, then the add into a, the rotate and the add of b.
 */
#define SSTEP_F(a, b, c, d, k, i, r) __asm__(				\
	"addl\t%[x], %[ra]\n\t"						\
	"addl\t%[kk], %[ra]\n\t"					\
	"movl\t%[rc], %[rt]\n\t"					\
	"xorl\t%[rd], %[rt]\n\t"					\
	"andl\t%[rb], %[rt]\n\t"					\
	"xorl\t%[rd], %[rt]\n\t"					\
	"addl\t%[rt], %[ra]\n\t"					\
	"roll\t$%c[rot], %[ra]\n\t"					\
	"addl\t%[rb], %[ra]"						\
	: [ra] "+r" (a), [rt] "=&r" (t)					\
	: [rb] "r" (b), [rc] "r" (c), [rd] "r" (d), SOPS(k, i, r))

#define SSTEP_G(a, b, c, d, k, i, r) __asm__(				\
	"addl\t%[x], %[ra]\n\t"						\
	"addl\t%[kk], %[ra]\n\t"					\
	"movl\t%[rd], %[rt]\n\t"					\
	"notl\t%[rt]\n\t"						\
	"andl\t%[rc], %[rt]\n\t"					\
	"addl\t%[rt], %[ra]\n\t"					\
	"movl\t%[rd], %[rt]\n\t"					\
	"andl\t%[rb], %[rt]\n\t"					\
	"addl\t%[rt], %[ra]\n\t"					\
	"roll\t$%c[rot], %[ra]\n\t"					\
	"addl\t%[rb], %[ra]"						\
	: [ra] "+r" (a), [rt] "=&r" (t)					\
	: [rb] "r" (b), [rc] "r" (c), [rd] "r" (d), SOPS(k, i, r))

#define SSTEP_H(a, b, c, d, k, i, r) __asm__(				\
	"addl\t%[x], %[ra]\n\t"						\
	"addl\t%[kk], %[ra]\n\t"					\
	"movl\t%[rc], %[rt]\n\t"					\
	"xorl\t%[rd], %[rt]\n\t"					\
	"xorl\t%[rb], %[rt]\n\t"					\
	"addl\t%[rt], %[ra]\n\t"					\
	"roll\t$%c[rot], %[ra]\n\t"					\
	"addl\t%[rb], %[ra]"						\
	: [ra] "+r" (a), [rt] "=&r" (t)					\
	: [rb] "r" (b), [rc] "r" (c), [rd] "r" (d), SOPS(k, i, r))

#define SSTEP_I(a, b, c, d, k, i, r) __asm__(				\
	"addl\t%[x], %[ra]\n\t"						\
	"addl\t%[kk], %[ra]\n\t"					\
	"movl\t%[rd], %[rt]\n\t"					\
	"notl\t%[rt]\n\t"						\
	"orl\t%[rb], %[rt]\n\t"						\
	"xorl\t%[rc], %[rt]\n\t"					\
	"addl\t%[rt], %[ra]\n\t"					\
	"roll\t$%c[rot], %[ra]\n\t"					\
	"addl\t%[rb], %[ra]"						\
	: [ra] "+r" (a), [rt] "=&r" (t)					\
	: [rb] "r" (b), [rc] "r" (c), [rd] "r" (d), SOPS(k, i, r))

#define SOPS(k, i, r)							\
	[x] "m" (*(const unsigned char (*)[4])(p + 4 * (k))),		\
	[kk] "m" (mds_md5_t[i]), [rot] "n" (r)

#define SSTEP(f, a, b, c, d, k, i, r)	SSTEP_##f(a, b, c, d, k, i, r)

void
mds_md5_blocks_x86(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint32_t a, b, c, d, t;

	MD5_BLOCKS(st->h.w32, p, nblocks, MD5_STEPS(SSTEP));
}

/*
 * vpternlogd immediates for f(b, c, d) with the operands in the order
 * (d, c, b): d is 0xf0, c 0xcc, b 0xaa.
 */
#define TL_F	0xd8	/* (b & c) | (~b & d) */
#define TL_G	0xac	/* (b & d) | (c & ~d) */
#define TL_H	0x96	/* b ^ c ^ d */
#define TL_I	0x63	/* c ^ (b | ~d) */

/*
 * One step in asm: from intrinsics gcc added f(b, c, d) into a before
 * x + t (five operations after b) and fetched the message words from a
 * zmm register by shuffles and extracts (6.1 cycles/byte).
 */
#define VSTEP(f, a, b, c, d, w, i, r) do {				\
	__m128i t_;							\
	__asm__("vpaddd\t%[x]%{1to4%}, %[va], %[va]\n\t"		\
	    "vpaddd\t%[k]%{1to4%}, %[va], %[va]\n\t"			\
	    "vmovdqa64\t%[vd], %[vt]\n\t"				\
	    "vpternlogd\t$%c[tl], %[vb], %[vc], %[vt]\n\t"		\
	    "vpaddd\t%[vt], %[va], %[va]\n\t"				\
	    "vprold\t$%c[rot], %[va], %[va]\n\t"			\
	    "vpaddd\t%[vb], %[va], %[va]"				\
	    : [va] "+v" (a), [vt] "=&v" (t_)				\
	    : [vb] "v" (b), [vc] "v" (c), [vd] "v" (d),			\
	      [x] "m" (*(const unsigned char (*)[4])(p + 4 * (w))),	\
	      [k] "m" (mds_md5_t[i]),					\
	      [tl] "n" (TL_##f), [rot] "n" (r));			\
} while (0)

AVX512 void
mds_md5_blocks_avx512(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	__m128i a, b, c, d, aa, bb, cc, dd;

	a = _mm_cvtsi32_si128((int)st->h.w32[0]);
	b = _mm_cvtsi32_si128((int)st->h.w32[1]);
	c = _mm_cvtsi32_si128((int)st->h.w32[2]);
	d = _mm_cvtsi32_si128((int)st->h.w32[3]);
	while (nblocks-- > 0) {
		aa = a;
		bb = b;
		cc = c;
		dd = d;
		MD5_STEPS(VSTEP);
		a = _mm_add_epi32(a, aa);
		b = _mm_add_epi32(b, bb);
		c = _mm_add_epi32(c, cc);
		d = _mm_add_epi32(d, dd);
		p += 64;
	}
	st->h.w32[0] = (uint32_t)_mm_cvtsi128_si32(a);
	st->h.w32[1] = (uint32_t)_mm_cvtsi128_si32(b);
	st->h.w32[2] = (uint32_t)_mm_cvtsi128_si32(c);
	st->h.w32[3] = (uint32_t)_mm_cvtsi128_si32(d);
}
#endif /* defined(__x86_64__) */
