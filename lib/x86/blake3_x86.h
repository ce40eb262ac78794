/*
 * x86/blake3_x86.h: BLAKE3's x86-64 kernels (struct mds_kernel's
 * b3_compress and b3_many).  Each batch runs its width at a time and
 * hands what is left to the next narrower one: AVX-512 16, AVX2 8,
 * SSE4.1 4, then one at a time through the SSE4.1 compression function,
 * which the wider kernels use for single blocks too.
 */
#ifndef MDS_BLAKE3_X86_H
#define MDS_BLAKE3_X86_H

#include "../mds_int.h"

#define MDS_B3_MANY_PROTO(name)						\
	void name(const unsigned char *const *, size_t, size_t,		\
	    const uint32_t[8], const uint64_t *, uint32_t, uint32_t,	\
	    uint32_t, unsigned char *)

void	mds_blake3_compress_sse41(const uint32_t[8], const uint32_t[16],
	    uint64_t, uint32_t, uint32_t, uint32_t[16]);
MDS_B3_MANY_PROTO(mds_blake3_many_sse41);	/* 4 inputs at a time */
MDS_B3_MANY_PROTO(mds_blake3_many_avx2);	/* 8 */
MDS_B3_MANY_PROTO(mds_blake3_many_avx512);	/* 16 */

#endif /* MDS_BLAKE3_X86_H */
