/*
 * tests.h: what the test files of libmdsum share (tests/util.c).
 */
#ifndef MDS_TESTS_H
#define MDS_TESTS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <check.h>

#include "mdsum.h"

/*
 * check writes the place of every assertion that passes to the runner
 * (a write(2) each), so that a test that dies can be placed; the suites
 * here pass millions, and those writes were most of their time (under
 * qemu-user and the sanitizers most of all).  A test that dies is placed
 * by its case instead, and by the sanitizer's or the core's backtrace.
 */
#define _mark_point(file, line)	((void)0)

extern const char	*mdt_vecdir;	/* vector directory, argv[1] */
extern int		 mdt_nofork;	/* CK_FORK=no: one process for all */

Suite	*mdt_api_suite(void);
Suite	*mdt_vectors_suite(void);
Suite	*mdt_blake3_suite(void);
Suite	*mdt_blake3_kernels_suite(void);
Suite	*mdt_diff_suite(void);
Suite	*mdt_big_suite(void);
Suite	*mdt_input_suite(void);
Suite	*mdt_native_suite(void);
Suite	*mdt_lanes_suite(void);
Suite	*mdt_crc_suite(void);
Suite	*mdt_tune_suite(void);
Suite	*mdt_choice_suite(void);
Suite	*mdt_tune_cache_suite(void);

/*
 * Built backends, in registry order.  Loop tests index them, so every
 * backend a later build adds is tested without a change here.
 */
size_t		 mdt_nbuilt(void);
const char	*mdt_built(size_t);
void		 mdt_skip_unbuilt(void);

const struct mds_alg	*mdt_alg(const char *);	/* fails the test if unknown */
const struct mds_alg	*mdt_alg_at(size_t);	/* likewise, past the end */

/* Case-insensitive hex into bytes; -1 on a bad digit or odd length. */
int	 mdt_unhex(const char *, size_t, unsigned char *);

/*
 * Hash len bytes in one update on the named backend (NULL: the default
 * selection), failing the test if any call fails.
 */
void	 mdt_hash(const struct mds_alg *, const char *, const void *, size_t,
	    unsigned char *);

/* xorshift64*: fixed seeds make every failure reproducible. */
uint64_t mdt_seed(void);	/* MDSUM_TEST_SEED, or the built-in one */
uint64_t mdt_stream(uint64_t, uint64_t);	/* a state per seed and _i */
uint64_t mdt_rand(uint64_t *);
void	 mdt_fill(uint64_t *, unsigned char *, size_t);

/* Explain a failure that the next assertion is about to report. */
void	 mdt_note(const char *, ...)
#if defined(__GNUC__)
	    __attribute__((format(printf, 1, 2)))
#endif
	    ;

/*
 * Skips are counted (tests/run prints them beside check's summary), in
 * memory shared with check's child processes: mdt_counts_init first.  A
 * case skips at most once, and returns.  mdt_skip_strict is for what CI
 * must not skip: a kernel that is not built, or that the CPU can run but
 * the library's probe says it cannot; with MDSUM_TEST_NO_SKIP set it
 * fails the case (outside a case, the run).
 */
struct mdt_counts {
	unsigned int	skipped;	/* skips reported */
	unsigned int	refused;	/* strict skips outside any case */
	int		running;	/* cases are running */
};
void	 mdt_counts_init(void);
void	 mdt_counts_running(int);
const struct mdt_counts *mdt_counts(void);
int	 mdt_no_skip(void);
void	 mdt_skip(const char *, ...)
#if defined(__GNUC__)
	    __attribute__((format(printf, 1, 2)))
#endif
	    ;
void	 mdt_skip_strict(const char *, ...)
#if defined(__GNUC__)
	    __attribute__((format(printf, 1, 2)))
#endif
	    ;

/*
 * CPU features, as the MDS_CPU_* bits of dispatch.  mdt_cpuinfo_has: 1 if
 * /proc/cpuinfo lists all of need, 0 if not, -1 if it cannot tell.
 * mdt_cpu_runs: 1 if the library's probe lets the kernel run, else
 * a skip (strict when /proc/cpuinfo disagrees) and 0.
 * mdt_feature_masks: the MDSUM_CPU words ",-sha,-avx2" masking mask.
 */
int	 mdt_cpuinfo_has(unsigned int);
int	 mdt_cpu_runs(const char *, const char *, unsigned int);
void	 mdt_feature_masks(unsigned int, char *, size_t);
unsigned int mdt_feature_all(void);

/*
 * The kernels of an algorithm's family in the architecture's table
 * (dispatch's mds_arch_kernels): how many; mdt_kernel_pin(suite, alg, i,
 * &name) pins the i-th for the native backend (its name into name; 0
 * after a skip, strict as mdt_cpu_runs's, if the CPU cannot run it);
 * unpin.
 */
size_t	 mdt_nkernels(const struct mds_alg *);
int	 mdt_kernel_pin(const char *, const struct mds_alg *, size_t,
	    const char **);
void	 mdt_kernel_unpin(void);

/*
 * The candidates tune.c ranks for an algorithm (with its multi-buffer
 * kernels, if asked), ranked once over some work on the times a fake
 * clock gives (mds_tune_fake, left set): how many, the rows, and how
 * many of them, first, run one stream.
 */
size_t	 mdt_tune_candidates(const struct mds_alg *, uint64_t, int,
	    double (*)(const char *, unsigned int), struct mds_tune_row *,
	    size_t, size_t *);

/*
 * Oracles (tests/oracle.c), none of them libmdsum's code: the CRCs a bit
 * at a time (registers without inversion), cksum's length and
 * complement, the sums a byte at a time.  mdt_oracle: the digest of
 * crc, crc32b, sysv or bsd, 1; 0 for any other algorithm.
 */
uint32_t mdt_crc_msb(uint32_t, const void *, size_t);
uint32_t mdt_crc_lsb(uint32_t, const void *, size_t);
uint32_t mdt_cksum_finish(uint32_t, uint64_t);
uint16_t mdt_sysv_sum(const void *, size_t);
uint16_t mdt_bsd_sum(const void *, size_t);
int	 mdt_oracle(const struct mds_alg *, const void *, size_t,
	    unsigned char *);

/*
 * A set of messages of tests/vectors/oracle-hashlib.txt ("lanes" or
 * "b2"), slices of one buffer, with an algorithm's digests: from the
 * file (hashlib) or from mdt_oracle.  mdt_ovec_load: NULL if neither
 * knows the algorithm.
 */
#define MDT_OVEC_MAX	128
struct mdt_ovec {
	unsigned char		*buf;
	size_t			 n;
	const unsigned char	*msg[MDT_OVEC_MAX];
	size_t			 len[MDT_OVEC_MAX];
	unsigned char		 md[MDT_OVEC_MAX][MDS_MAX_DIGEST];
};
struct mdt_ovec	*mdt_ovec_load(const char *, const struct mds_alg *);
void		 mdt_ovec_free(struct mdt_ovec *);

/* ck_assert_mem_eq, with the context printed first when it will fail. */
#define MDT_DIGEST_EQ(got, want, len, ...) do {				\
	if (memcmp((got), (want), (len)) != 0) {			\
		mdt_note(__VA_ARGS__);					\
		ck_assert_mem_eq((got), (want), (len));			\
	}								\
} while (0)

#endif /* MDS_TESTS_H */
