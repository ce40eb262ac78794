/*
 * aarch64/sha512_ce.c: SHA-512 block function with the SHA512
 * instructions (ARMv8.2, optional).
 *
 * The state is four registers of two words, ab cd ef gh (the first of
 * each pair in lane 0).  Two rounds t, t+1 are SHA512H, which gives
 * their T1 sums (T1 of t+1 in lane 0) from {f, g}, {d, e} and
 * {g, h} + {K[t+1] + W[t+1], K[t] + W[t]}, then SHA512H2, which adds
 * Sigma0 and Maj to make the new {a, b} from them, {c, d} and {a, b}.
 * After the pair: ab becomes that, cd the old ab, ef the old cd plus the
 * T1 sums, gh the old ef.  Message pair j >= 8 (words 2j, 2j+1) is
 * SHA512SU1(SHA512SU0(m[j-8], m[j-7]), m[j-1], {W[2j-7], W[2j-6]}).
 * Per 128-byte block: 40 SHA512H and 40 SHA512H2; 96 schedule
 * instructions (32 each of SHA512SU0, SHA512SU1 and EXT); 120 EXT for
 * the operands of the rounds, 40 loads of the constants and 120
 * additions (K + W, into gh, the T1 sums into cd); 8 loads and 8 byte
 * reversals of the message, 4 additions of the chaining value: about
 * 476 instructions, 3.7 a byte.  Reads exactly nblocks * 128 bytes.
 */
#if defined(__aarch64__)
#include "a64.h"

#include <arm_neon.h>

/* Rounds 2j, 2j+1 with message pair m. */
#define TWO_ROUNDS(j, m) do {						\
	uint64x2_t kw = vaddq_u64((m), vld1q_u64(&mds_sha512_k[2 * (j)])); \
	uint64x2_t t1 = vsha512hq_u64(vaddq_u64(gh, vextq_u64(kw, kw, 1)), \
	    vextq_u64(ef, gh, 1), vextq_u64(cd, ef, 1));		\
	uint64x2_t new_ab = vsha512h2q_u64(t1, cd, ab);			\
	gh = ef;							\
	ef = vaddq_u64(cd, t1);						\
	cd = ab;							\
	ab = new_ab;							\
} while (0)

/* The next message pair into m0 from m0..m7 (m0 the oldest). */
#define NEXT(m0, m1, m4, m5, m7)					\
	(m0) = vsha512su1q_u64(vsha512su0q_u64((m0), (m1)), (m7),	\
	    vextq_u64((m4), (m5), 1))

/* Eight pairs of rounds, the message scheduled first unless first. */
#define SIXTEEN_ROUNDS(j, sched) do {					\
	if (sched)							\
		NEXT(m0, m1, m4, m5, m7);				\
	TWO_ROUNDS((j), m0);						\
	if (sched)							\
		NEXT(m1, m2, m5, m6, m0);				\
	TWO_ROUNDS((j) + 1, m1);					\
	if (sched)							\
		NEXT(m2, m3, m6, m7, m1);				\
	TWO_ROUNDS((j) + 2, m2);					\
	if (sched)							\
		NEXT(m3, m4, m7, m0, m2);				\
	TWO_ROUNDS((j) + 3, m3);					\
	if (sched)							\
		NEXT(m4, m5, m0, m1, m3);				\
	TWO_ROUNDS((j) + 4, m4);					\
	if (sched)							\
		NEXT(m5, m6, m1, m2, m4);				\
	TWO_ROUNDS((j) + 5, m5);					\
	if (sched)							\
		NEXT(m6, m7, m2, m3, m5);				\
	TWO_ROUNDS((j) + 6, m6);					\
	if (sched)							\
		NEXT(m7, m0, m3, m4, m6);				\
	TWO_ROUNDS((j) + 7, m7);					\
} while (0)

static inline uint64x2_t
load_be(const unsigned char *p)
{
	return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
}

MDS_A64_SHA3 void
mds_sha512_blocks_ce(struct md_state *st, const unsigned char *p,
    size_t nblocks)
{
	uint64x2_t ab, cd, ef, gh, s0, s1, s2, s3;
	uint64x2_t m0, m1, m2, m3, m4, m5, m6, m7;
	int j;

	ab = vld1q_u64(&st->h.w64[0]);
	cd = vld1q_u64(&st->h.w64[2]);
	ef = vld1q_u64(&st->h.w64[4]);
	gh = vld1q_u64(&st->h.w64[6]);
	while (nblocks-- > 0) {
		s0 = ab;
		s1 = cd;
		s2 = ef;
		s3 = gh;
		m0 = load_be(p);
		m1 = load_be(p + 16);
		m2 = load_be(p + 32);
		m3 = load_be(p + 48);
		m4 = load_be(p + 64);
		m5 = load_be(p + 80);
		m6 = load_be(p + 96);
		m7 = load_be(p + 112);
		SIXTEEN_ROUNDS(0, 0);
		for (j = 8; j < 40; j += 8)
			SIXTEEN_ROUNDS(j, 1);
		ab = vaddq_u64(ab, s0);
		cd = vaddq_u64(cd, s1);
		ef = vaddq_u64(ef, s2);
		gh = vaddq_u64(gh, s3);
		p += 128;
	}
	vst1q_u64(&st->h.w64[0], ab);
	vst1q_u64(&st->h.w64[2], cd);
	vst1q_u64(&st->h.w64[4], ef);
	vst1q_u64(&st->h.w64[6], gh);
}
#endif
