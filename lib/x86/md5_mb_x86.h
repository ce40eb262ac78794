/*
 * x86/md5_mb_x86.h: the block loop of the x86 MD5 multi-buffer kernels
 * (md5_mb_avx2.c, md5_mb_avx512.c), which transpose the next block of
 * every lane into nx while the steps of this one, in cx, run (the
 * kernel's STEP calls NEXT between them).
 */
#ifndef MDS_MD5_MB_X86_H
#define MDS_MD5_MB_X86_H

/*
 * nblocks blocks, the first already transposed into xbuf[0] and the
 * lanes at their second (the last block's steps transpose zeros, not
 * what lies past the data); ADD is the ISA's 32-bit vector add.  The
 * variables are the kernel's: a to d and aa to dd, xbuf, cx, nx, n, l,
 * p and LANES.
 */
#define MD5_MB_BLOCKS(ADD) do {						\
	for (n = 0; n < nblocks; n++) {					\
		cx = xbuf[n & 1];					\
		nx = xbuf[~n & 1];					\
		if (n + 1 == nblocks)					\
			MB_LANE_ZERO(l, p, LANES);			\
		aa = a;							\
		bb = b;							\
		cc = c;							\
		dd = d;							\
		MD5_STEPS(STEP);					\
		a = ADD(a, aa);						\
		b = ADD(b, bb);						\
		c = ADD(c, cc);						\
		d = ADD(d, dd);						\
	}								\
} while (0)

#endif /* MDS_MD5_MB_X86_H */
