/*
 * x86/sha256_mb_avx512.c: SHA-256 on sixteen messages at once with
 * AVX-512F, for CPUs without the SHA extensions.
 *
 * Word w of the chaining value of all sixteen lanes is one zmm register,
 * which is the word-major layout the caller keeps, so the state is loaded
 * and stored as it is.  Each lane's block is loaded whole, the sixteen
 * are transposed (unpack twice within 128-bit lanes, vshufi32x4 twice
 * across them) into one register per message word, and byte-swapped
 * with two rotates and a vpternlogd (vpshufb on zmm would need
 * AVX512BW).  A round is vprord for the Sigmas, one vpternlogd each for
 * Ch, Maj and the Sigmas' xors, and the adds.  Everything is unrolled so
 * that the sixteen message words stay in registers (the transpose's
 * loops too: left as loops, its arrays went to the stack, 10% slower).
 *
 * Measured on the build machine (Xeon, Sapphire Rapids class), in rdtsc
 * ticks, 16 KiB a lane, median of 5 runs: 0.61-0.62 ticks a byte in all
 * sixteen lanes, against 4.64 for one stream of sha256_avx2.c (from 3
 * busy lanes on it is ahead: 3.2 a busy byte), 1.37 for sha256_shani.c
 * and 1.12 for the two lanes of sha256_mb_shani.c (it is ahead of those
 * only from 8 and 9 busy lanes; ranked after them, it serves CPUs
 * without SHA-NI).  Two 512-bit ports bound it: 17 vector instructions
 * a round and 11 a schedule word.  An idle lane hashes
 * mds_zero_block over and over.  Reads exactly nblocks * 64 bytes a lane.
 */
#if defined(__x86_64__)
#include <immintrin.h>

#include "x86.h"
#include "../mb_lane.h"
#include "../sha256_mb.h"

#define AVX512	__attribute__((target("avx512f,avx512vl")))

#define LANES	16

#define ROR(x, n)	_mm512_ror_epi32((x), (n))
#define SHR(x, n)	_mm512_srli_epi32((x), (n))
#define ADD(x, y)	_mm512_add_epi32((x), (y))
/* vpternlogd truth tables: x ^ y ^ z, x ? y : z, majority. */
#define XOR3(x, y, z)	_mm512_ternarylogic_epi32((x), (y), (z), 0x96)
#define CH(x, y, z)	_mm512_ternarylogic_epi32((x), (y), (z), 0xca)
#define MAJ(x, y, z)	_mm512_ternarylogic_epi32((x), (y), (z), 0xe8)

#define BSIG0(x)	XOR3(ROR((x), 2), ROR((x), 13), ROR((x), 22))
#define BSIG1(x)	XOR3(ROR((x), 6), ROR((x), 11), ROR((x), 25))
#define SSIG0(x)	XOR3(ROR((x), 7), ROR((x), 18), SHR((x), 3))
#define SSIG1(x)	XOR3(ROR((x), 17), ROR((x), 19), SHR((x), 10))

/* Round t with the word in wt; d and h take the new values. */
#define ROUND(a, b, c, d, e, f, g, h, t, wt) do {			\
	__m512i t1 = ADD(ADD(ADD((h), (wt)),				\
	    _mm512_set1_epi32((int)mds_sha256_k[t])),			\
	    ADD(BSIG1(e), CH((e), (f), (g))));				\
	(d) = ADD((d), t1);						\
	(h) = ADD(t1, ADD(BSIG0(a), MAJ((a), (b), (c))));		\
} while (0)

/*
 * w[t] = word t of the block at p[l] in its lane l, big-endian.  After
 * the two unpacks, v[4 * g + j] holds word 4 * q + j of lanes 4 * g to
 * 4 * g + 3 in its 128-bit lane q; the two vshufi32x4 steps then gather
 * the four 128-bit lanes q of one j.
 */
static inline AVX512 void
load_words(__m512i w[16], const unsigned char *const p[LANES])
{
	const __m512i lo = _mm512_set1_epi32(0x00ff00ff);
	__m512i r[16], u[16], x0, x1, y0, y1, v;
	int g, j, l;

#pragma GCC unroll 16
	for (l = 0; l < LANES; l++)
		r[l] = _mm512_loadu_si512((const void *)p[l]);
#pragma GCC unroll 16
	for (l = 0; l < LANES; l += 2) {
		u[l] = _mm512_unpacklo_epi32(r[l], r[l + 1]);
		u[l + 1] = _mm512_unpackhi_epi32(r[l], r[l + 1]);
	}
#pragma GCC unroll 16
	for (g = 0; g < 4; g++) {
		r[4 * g] = _mm512_unpacklo_epi64(u[4 * g], u[4 * g + 2]);
		r[4 * g + 1] = _mm512_unpackhi_epi64(u[4 * g], u[4 * g + 2]);
		r[4 * g + 2] = _mm512_unpacklo_epi64(u[4 * g + 1],
		    u[4 * g + 3]);
		r[4 * g + 3] = _mm512_unpackhi_epi64(u[4 * g + 1],
		    u[4 * g + 3]);
	}
#pragma GCC unroll 16
	for (j = 0; j < 4; j++) {
		x0 = _mm512_shuffle_i32x4(r[j], r[4 + j], 0x44);
		x1 = _mm512_shuffle_i32x4(r[j], r[4 + j], 0xee);
		y0 = _mm512_shuffle_i32x4(r[8 + j], r[12 + j], 0x44);
		y1 = _mm512_shuffle_i32x4(r[8 + j], r[12 + j], 0xee);
		w[j] = _mm512_shuffle_i32x4(x0, y0, 0x88);
		w[4 + j] = _mm512_shuffle_i32x4(x0, y0, 0xdd);
		w[8 + j] = _mm512_shuffle_i32x4(x1, y1, 0x88);
		w[12 + j] = _mm512_shuffle_i32x4(x1, y1, 0xdd);
	}
	/* Bytes 0 and 2 from the left rotate, 1 and 3 from the right. */
#pragma GCC unroll 16
	for (j = 0; j < 16; j++) {
		v = w[j];
		w[j] = CH(lo, _mm512_rol_epi32(v, 8), ROR(v, 8));
	}
}

AVX512 void
mds_sha256_mb_avx512(void *state, const unsigned char *const *data,
    size_t nblocks, size_t rate)
{
	uint32_t *s = state;
	const unsigned char *p[LANES];
	size_t step[LANES];
	__m512i a, b, c, d, e, f, g, h, w[16];
	__m512i sa, sb, sc, sd, se, sf, sg, sh;
	int l;

	(void)rate;
	if (nblocks == 0)
		return;
	MB_LANE_START(l, p, step, data, LANES, 64);
	a = _mm512_loadu_si512((const void *)&s[0 * LANES]);
	b = _mm512_loadu_si512((const void *)&s[1 * LANES]);
	c = _mm512_loadu_si512((const void *)&s[2 * LANES]);
	d = _mm512_loadu_si512((const void *)&s[3 * LANES]);
	e = _mm512_loadu_si512((const void *)&s[4 * LANES]);
	f = _mm512_loadu_si512((const void *)&s[5 * LANES]);
	g = _mm512_loadu_si512((const void *)&s[6 * LANES]);
	h = _mm512_loadu_si512((const void *)&s[7 * LANES]);

	while (nblocks-- > 0) {
		load_words(w, p);
		MB_LANE_NEXT(l, p, step, LANES);
		sa = a;
		sb = b;
		sc = c;
		sd = d;
		se = e;
		sf = f;
		sg = g;
		sh = h;
		SIXTEEN(0);
		SIXTEEN(16);
		SIXTEEN(32);
		SIXTEEN(48);
		a = ADD(a, sa);
		b = ADD(b, sb);
		c = ADD(c, sc);
		d = ADD(d, sd);
		e = ADD(e, se);
		f = ADD(f, sf);
		g = ADD(g, sg);
		h = ADD(h, sh);
	}

	_mm512_storeu_si512((void *)&s[0 * LANES], a);
	_mm512_storeu_si512((void *)&s[1 * LANES], b);
	_mm512_storeu_si512((void *)&s[2 * LANES], c);
	_mm512_storeu_si512((void *)&s[3 * LANES], d);
	_mm512_storeu_si512((void *)&s[4 * LANES], e);
	_mm512_storeu_si512((void *)&s[5 * LANES], f);
	_mm512_storeu_si512((void *)&s[6 * LANES], g);
	_mm512_storeu_si512((void *)&s[7 * LANES], h);
}
#endif
