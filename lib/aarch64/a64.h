/*
 * aarch64/a64.h: the aarch64 kernels (each in its own file, compiled for
 * its extension by a target attribute on the function, so the Makefile
 * needs no per-file flags and the rest of the library keeps the default
 * -march; dispatch.c runs them only where AT_HWCAP lists the extension).
 */
#ifndef MDS_A64_H
#define MDS_A64_H

#include "../mds_int.h"

#if defined(__aarch64__)
/*
 * GCC declares every intrinsic of arm_neon.h under the target pragma it
 * needs, so a function of that target (or more) may call it.  Clang
 * before 16 declares the SHA ones only when the file is built for them:
 * the feature macros make it declare them, and the attribute lets the
 * function use them.  Include this before arm_neon.h.
 */
#if defined(__clang__)
#if __clang_major__ < 16
#ifndef __ARM_FEATURE_SHA2
#define __ARM_FEATURE_SHA2	1
#endif
#ifndef __ARM_FEATURE_SHA3
#define __ARM_FEATURE_SHA3	1
#endif
#ifndef __ARM_FEATURE_SHA512
#define __ARM_FEATURE_SHA512	1
#endif
#endif
#define MDS_A64_CRYPTO	__attribute__((target("crypto")))
#define MDS_A64_SHA3	__attribute__((target("sha3")))
#else
#define MDS_A64_CRYPTO	__attribute__((target("+crypto")))
#define MDS_A64_SHA3	__attribute__((target("arch=armv8.2-a+sha3")))
#endif
#endif

/* The 64 bytes at p as four vectors of big-endian words (arm_neon.h). */
#define MDS_A64_LOAD_BE32X4(w0, w1, w2, w3, p) do {			\
	(w0) = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));		\
	(w1) = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8((p) + 16)));	\
	(w2) = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8((p) + 32)));	\
	(w3) = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8((p) + 48)));	\
} while (0)

void	mds_sha1_blocks_ce(struct md_state *, const unsigned char *, size_t);
void	mds_sha256_blocks_ce(struct md_state *, const unsigned char *, size_t);
void	mds_sha512_blocks_ce(struct md_state *, const unsigned char *, size_t);
void	mds_md5_blocks_a64(struct md_state *, const unsigned char *, size_t);
void	mds_keccak_absorb_a64(uint64_t[25], const unsigned char *, size_t,
	    size_t);
void	mds_keccak_absorb_sha3(uint64_t[25], const unsigned char *, size_t,
	    size_t);
/* BLAKE3's batch (struct mds_kernel's b3_many), four inputs at a time. */
void	mds_blake3_many_neon(const unsigned char *const *, size_t, size_t,
	    const uint32_t[8], const uint64_t *, uint32_t, uint32_t, uint32_t,
	    unsigned char *);

/* Multi-buffer kernels: struct mds_mb_kernel's blocks. */
#define MDS_A64_MB_PROTO(name)						\
	void name(void *, const unsigned char *const *, size_t, size_t)
MDS_A64_MB_PROTO(mds_md5_mb_neon);	/* 4 lanes */
MDS_A64_MB_PROTO(mds_sha256_mb_neon);	/* 4 lanes */
MDS_A64_MB_PROTO(mds_keccak_mb_neon);	/* 2 lanes */
MDS_A64_MB_PROTO(mds_keccak_mb_sha3);	/* 2 lanes */

#endif
