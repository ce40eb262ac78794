/*
 * x86/mb_x86.h: the transposes of the x86 64-bit-word multi-buffer
 * kernels (SHA-512 and BLAKE2b, AVX2 and AVX-512): the 128-byte blocks
 * of the lanes into sixteen vectors, m[j] holding word j of every lane
 * (lane l in qword l).  The variable o is the caller's.
 */
#ifndef MDS_MB_X86_H
#define MDS_MB_X86_H

/*
 * Four lanes, ymm: PIECE(l, o) is the 32 bytes at o of lane l's block,
 * in the algorithm's byte order.  Words o/8 .. o/8 + 3, of lanes 0 and 1
 * in 128-bit lane 0.
 */
#define MB_X86_WORDS4(m, PIECE) do {					\
	__m256i r0_, r1_, r2_, r3_, lo0_, hi0_, lo1_, hi1_;		\
									\
	for (o = 0; o < 128; o += 32) {					\
		r0_ = PIECE(0, o);					\
		r1_ = PIECE(1, o);					\
		r2_ = PIECE(2, o);					\
		r3_ = PIECE(3, o);					\
		lo0_ = _mm256_unpacklo_epi64(r0_, r1_);			\
		hi0_ = _mm256_unpackhi_epi64(r0_, r1_);			\
		lo1_ = _mm256_unpacklo_epi64(r2_, r3_);			\
		hi1_ = _mm256_unpackhi_epi64(r2_, r3_);			\
		(m)[o / 8] = _mm256_permute2x128_si256(lo0_, lo1_, 0x20); \
		(m)[o / 8 + 1] = _mm256_permute2x128_si256(hi0_, hi1_,	\
		    0x20);						\
		(m)[o / 8 + 2] = _mm256_permute2x128_si256(lo0_, lo1_,	\
		    0x31);						\
		(m)[o / 8 + 3] = _mm256_permute2x128_si256(hi0_, hi1_,	\
		    0x31);						\
	}								\
} while (0)

/*
 * Eight lanes, zmm: PAIR(l0, l1, o) is the 32 bytes at o of lanes l0 and
 * l1 side by side.  z0_ holds words o/8 .. o/8 + 3 of lanes 0 and 2, so
 * the unpacks give { 0, 1 } and { 2, 3 } of a word in 128-bit lanes 0
 * and 2 (1 and 3 for the next word two on).
 */
#define MB_X86_WORDS8(m, PAIR) do {					\
	__m512i z0_, z1_, z2_, z3_, lo0_, hi0_, lo1_, hi1_;		\
									\
	for (o = 0; o < 128; o += 32) {					\
		z0_ = PAIR(0, 2, o);					\
		z1_ = PAIR(1, 3, o);					\
		z2_ = PAIR(4, 6, o);					\
		z3_ = PAIR(5, 7, o);					\
		lo0_ = _mm512_unpacklo_epi64(z0_, z1_);			\
		hi0_ = _mm512_unpackhi_epi64(z0_, z1_);			\
		lo1_ = _mm512_unpacklo_epi64(z2_, z3_);			\
		hi1_ = _mm512_unpackhi_epi64(z2_, z3_);			\
		(m)[o / 8] = _mm512_shuffle_i64x2(lo0_, lo1_,		\
		    _MM_SHUFFLE(2, 0, 2, 0));				\
		(m)[o / 8 + 1] = _mm512_shuffle_i64x2(hi0_, hi1_,	\
		    _MM_SHUFFLE(2, 0, 2, 0));				\
		(m)[o / 8 + 2] = _mm512_shuffle_i64x2(lo0_, lo1_,	\
		    _MM_SHUFFLE(3, 1, 3, 1));				\
		(m)[o / 8 + 3] = _mm512_shuffle_i64x2(hi0_, hi1_,	\
		    _MM_SHUFFLE(3, 1, 3, 1));				\
	}								\
} while (0)

#endif /* MDS_MB_X86_H */
