/*
 * x86/x86.h: the x86-64 kernels (each in its own file, compiled for its
 * instruction set by a target attribute on the function, so the Makefile
 * needs no per-file flags).
 */
#ifndef MDS_X86_H
#define MDS_X86_H

#include "../mds_int.h"

void	mds_md5_blocks_x86(struct md_state *, const unsigned char *,
	    size_t);
void	mds_md5_blocks_avx512(struct md_state *, const unsigned char *,
	    size_t);
void	mds_sha1_blocks_shani(struct md_state *, const unsigned char *,
	    size_t);
void	mds_sha256_blocks_shani(struct md_state *, const unsigned char *,
	    size_t);
void	mds_sha256_blocks_avx2(struct md_state *, const unsigned char *,
	    size_t);
void	mds_sha512_blocks_avx2(struct md_state *, const unsigned char *,
	    size_t);
void	mds_sha512_blocks_avx512(struct md_state *, const unsigned char *,
	    size_t);
void	mds_keccak_absorb_bmi(uint64_t[25], const unsigned char *, size_t,
	    size_t);
void	mds_keccak_absorb_avx2(uint64_t[25], const unsigned char *, size_t,
	    size_t);
void	mds_keccak_absorb_avx512(uint64_t[25], const unsigned char *, size_t,
	    size_t);

#endif /* MDS_X86_H */
