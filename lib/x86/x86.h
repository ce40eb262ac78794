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
void	mds_blake2b_compress_avx2(uint64_t[8], uint64_t[2],
	    const unsigned char *, size_t, uint64_t);
void	mds_blake2b_compress_avx512(uint64_t[8], uint64_t[2],
	    const unsigned char *, size_t, uint64_t);

/* The byte sum of sum -s, in struct mds_kernel's crc slot. */
uint32_t	mds_sysv_update_avx2(uint32_t, const unsigned char *, size_t);
/* The CRC register updates of struct mds_kernel's crc. */
uint32_t	mds_crc_update_pclmul(uint32_t, const unsigned char *, size_t);
uint32_t	mds_crc_update_vpclmul(uint32_t, const unsigned char *, size_t);
uint32_t	mds_crc32b_update_pclmul(uint32_t, const unsigned char *,
	    size_t);
uint32_t	mds_crc32b_update_vpclmul(uint32_t, const unsigned char *,
	    size_t);

/* Multi-buffer kernels: struct mds_mb_kernel's blocks. */
#define MDS_MB_PROTO(name)						\
	void name(void *, const unsigned char *const *, size_t, size_t)
MDS_MB_PROTO(mds_md5_mb_avx2);		/* 8 lanes */
MDS_MB_PROTO(mds_md5_mb_avx512);	/* 16 lanes */
MDS_MB_PROTO(mds_sha256_mb_shani);	/* 2 lanes */
MDS_MB_PROTO(mds_sha256_mb_avx512);	/* 16 lanes */
MDS_MB_PROTO(mds_sha512_mb_avx2);	/* 4 lanes */
MDS_MB_PROTO(mds_sha512_mb_avx512);	/* 8 lanes */
MDS_MB_PROTO(mds_keccak_mb_avx2);	/* 4 lanes */
MDS_MB_PROTO(mds_keccak_mb_avx512);	/* 8 lanes */
MDS_MB_PROTO(mds_blake2b_mb_avx2);	/* 4 lanes */
MDS_MB_PROTO(mds_blake2b_mb_avx512);	/* 8 lanes */

#endif /* MDS_X86_H */
