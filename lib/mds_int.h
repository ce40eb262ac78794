/*
 * mds_int.h: what the files of libmdsum share and nothing outside sees.
 */
#ifndef MDS_INT_H
#define MDS_INT_H

#include <sys/stat.h>

#include <stddef.h>
#include <stdint.h>

#include "mdsum.h"
#include "construction.h"

/* Registry rows backend.c can cache: the listed ones and blake2b's lengths. */
#define MDS_MAX_ALGS	192
#define MDS_STATE_SIZE	sizeof(((mds_ctx *)0)->u_)

/* Compile-time check that a backend's state fits in an mds_ctx. */
#define MDS_STATE_FITS(name, type) \
	typedef char mds_fits_##name[sizeof(type) <= MDS_STATE_SIZE ? 1 : -1]

struct mds_alg;

/* One backend's implementation of one algorithm. */
struct mds_impl {
	const char	*alg;		/* registry name it implements */
	const char	*backend;	/* backend name */
	/* Starts a state for alg: the row carries what its code needs. */
	int	(*init)(void *, const struct mds_alg *);
	void	(*update)(void *, const unsigned char *, size_t);
	int	(*final)(void *, unsigned char *);
	void	(*discard)(void *);	/* NULL: nothing to release */
	/* The code hashing a running state ("sha256-shani"); NULL: backend. */
	const char	*(*describe)(const void *);
};

/* A known answer: message (repeated `repeat` times) and digest in hex. */
struct mds_vector {
	const char	*msg;
	size_t		 repeat;
	const char	*hex;
};

/*
 * The families of kernels (dispatch.c), by integer id: a registry row
 * names the one whose kernels hash it, each kernel the one it serves.
 * MDS_FAM_NONE: a row without kernels.  mds_family_name gives the name
 * ("sha256"), for messages; NULL for MDS_FAM_NONE.
 */
enum mds_family { MDS_FAM_NONE, MDS_FAM_MD5, MDS_FAM_SHA1, MDS_FAM_SHA256,
	MDS_FAM_SHA512, MDS_FAM_SM3, MDS_FAM_KECCAK, MDS_FAM_BLAKE2B,
	MDS_FAM_CRC, MDS_FAM_CRC32B, MDS_FAM_SYSV, MDS_FAM_BLAKE3,
	MDS_NFAMILIES };

const char	*mds_family_name(enum mds_family);

/*
 * One row of the registry (registry.c).  family: the kernels that hash it
 * (dispatch.c), MDS_FAM_NONE for none; shape: its construction
 * (construction.h), NULL for code of its own, with no blocks (portable
 * and native then say whose).
 */
struct mds_alg {
	const char		*name;
	const char		*tag;
	const char		*aliases[3];	/* also accepted by mds_alg_find */
	size_t			 digest_len;
	size_t			 block_len;
	enum mds_family		 family;
	const struct mds_shape	*shape;
	const struct mds_impl	*portable;
	const struct mds_impl	*native;	/* NULL: none */
	const char		*prefer[4];	/* measured order of backends */
	const struct mds_vector	*selftest;	/* ends with a NULL msg */
};

/* The backends, in the order of backend.c's table and of mds_backend_at. */
enum mds_backend_id { MDS_BE_PORTABLE, MDS_BE_NATIVE, MDS_BE_LIBMD,
	MDS_BE_OPENSSL, MDS_NBACKENDS };

/* A backend (backend_*.c, or its no*.c stand-in when not built). */
struct mds_backend {
	const char	*name;
	int		 built;
	/* The implementation of the named algorithm, or NULL if it has none. */
	const struct mds_impl	*(*lookup)(const char *);
	int		 costly;	/* to start: measured from 64 MiB */
};

extern const struct mds_backend mds_backend_libmd;
extern const struct mds_backend mds_backend_openssl;
extern const struct mds_backend mds_backend_native;

/* The entry of a backend's table that implements alg, or NULL. */
const struct mds_impl	*mds_impl_find(const struct mds_impl *, size_t,
			    const char *);

/*
 * The implementation mds_init uses for alg: on the named backend (falling
 * back to portable where it lacks alg), or by the default choice when
 * backend is NULL.  NULL with errno set if the backend is unusable.
 */
const struct mds_impl	*mds_select(const struct mds_alg *, const char *);

/*
 * The position of a row in the registry's table, 0 .. MDS_MAX_ALGS - 1;
 * a made row's is its origin's, whose caches it shares.
 */
size_t	mds_alg_index(const struct mds_alg *);
/* Is alg a row of the registry's table (else a made one)? */
int	mds_alg_listed(const struct mds_alg *);

/*
 * BLAKE3's key words and mode flag, which a made row carries
 * (registry_made.c) and its state starts from (blake3.c).
 */
struct mds_b3_param {
	uint32_t	key[8];
	uint32_t	mode;
};
void	mds_blake3_param_keyed(struct mds_b3_param *, const unsigned char[32]);
int	mds_blake3_param_derive(struct mds_b3_param *, const char *);
/* A made row's parameters; NULL for a row of the table. */
const struct mds_b3_param *mds_alg_param(const struct mds_alg *);

/* cksum(1) and sum(1) (crc.c): only the CRCs have kernels. */
extern const struct mds_impl mds_portable_cksum, mds_native_cksum;
extern const struct mds_impl mds_portable_crc32b, mds_native_crc32b;
extern const struct mds_impl mds_portable_sysv, mds_native_sysv;
extern const struct mds_impl mds_portable_bsd;

/* The kernel's name, for mds_ctx_impl; the state starts with k. */
const char	*mds_kernel_describe(const void *);

/* Round constants, shared by the portable and the SIMD block functions. */
extern const uint32_t mds_md5_t[64];
extern const uint32_t mds_sha256_k[64];
extern const uint64_t mds_sha512_k[80];
extern const uint64_t mds_keccak_rc[24];

/* Block functions: portable C (the reference). */
void	mds_md5_blocks_portable(struct md_state *, const unsigned char *, size_t);
void	mds_sha1_blocks_portable(struct md_state *, const unsigned char *, size_t);
void	mds_sha256_blocks_portable(struct md_state *, const unsigned char *, size_t);
void	mds_sha512_blocks_portable(struct md_state *, const unsigned char *, size_t);
void	mds_sm3_blocks_portable(struct md_state *, const unsigned char *, size_t);

/*
 * CRC register updates, portable (crc.c): cksum's (0x04C11DB7, most
 * significant bit first) and zlib's (0xEDB88320, least significant first),
 * no inversion, no length.
 */
uint32_t	mds_crc_update_portable(uint32_t, const unsigned char *, size_t);
/* sum -s: the bytes added to s, mod 2^32 (family "sysv", the crc slot). */
uint32_t	mds_sysv_update_portable(uint32_t, const unsigned char *, size_t);
uint32_t	mds_crc32b_update_portable(uint32_t, const unsigned char *,
		    size_t);

/* Keccak-f[1600] (keccakf1600.c). */
void	mds_keccakf1600_portable(uint64_t[25]);
/* XOR nblocks blocks of rate bytes into the state, permuting after each. */
void	mds_keccak_absorb_portable(uint64_t[25], const unsigned char *, size_t,
	    size_t);
/* The BLAKE2b compression function, portable C (struct mds_kernel). */
void	mds_blake2b_compress_portable(uint64_t[8], uint64_t[2],
	    const unsigned char *, size_t, uint64_t);
/* BLAKE3's compression function and its batch, portable C (mds_kernel). */
void	mds_blake3_compress_portable(const uint32_t[8], const uint32_t[16],
	    uint64_t, uint32_t, uint32_t, uint32_t[16]);
void	mds_blake3_many_portable(const unsigned char *const *, size_t,
	    size_t, const uint32_t[8], const uint64_t *, uint32_t, uint32_t,
	    uint32_t, unsigned char *);

/*
 * CPU dispatch (dispatch.c).  Only block functions and the Keccak absorb
 * loop vary per instruction set; kernels are listed per family, best
 * first, by the architecture's table (x86/kernels.c, aarch64/kernels.c;
 * nonative.c when built WITHOUT_ASM).  The levels are numbered alike on
 * every architecture; their names (dispatch.c) are the architecture's.
 */
enum { MDS_LEVEL_PORTABLE, MDS_LEVEL_SSE4, MDS_LEVEL_AVX2, MDS_LEVEL_AVX512,
	MDS_NLEVELS,
	/* aarch64: NEON; SHA1 and SHA2; SHA512 and SHA3 (ARMv8.2). */
	MDS_LEVEL_NEON = MDS_LEVEL_SSE4, MDS_LEVEL_CRYPTO = MDS_LEVEL_AVX2,
	MDS_LEVEL_ARMV82 = MDS_LEVEL_AVX512 };

#define MDS_CPU_SSSE3		(1u << 0)
#define MDS_CPU_SSE41		(1u << 1)
#define MDS_CPU_SHA		(1u << 2)
#define MDS_CPU_AVX		(1u << 3)	/* with OS-enabled YMM state */
#define MDS_CPU_AVX2		(1u << 4)
#define MDS_CPU_BMI2		(1u << 5)
#define MDS_CPU_AVX512F		(1u << 6)	/* with OS-enabled ZMM state */
#define MDS_CPU_AVX512VL	(1u << 7)
#define MDS_CPU_BMI1		(1u << 8)
#define MDS_CPU_PCLMUL		(1u << 9)
#define MDS_CPU_VPCLMUL		(1u << 10)	/* VPCLMULQDQ */
#define MDS_CPU_AVX512BW	(1u << 11)
/* aarch64 (getauxval(AT_HWCAP), elf_aux_info on FreeBSD). */
#define MDS_CPU_NEON		(1u << 16)	/* ASIMD */
#define MDS_CPU_SHA1A		(1u << 17)	/* SHA1C ... SHA1SU1 */
#define MDS_CPU_SHA2A		(1u << 18)	/* SHA256H ... SHA256SU1 */
#define MDS_CPU_SHA512A		(1u << 19)	/* SHA512H ... (ARMv8.2) */
#define MDS_CPU_SHA3A		(1u << 20)	/* EOR3 RAX1 XAR BCAX (ARMv8.2) */

struct mds_kernel {
	enum mds_family	 family;	/* md5 sha256 keccak blake2b crc ... */
	const char	*name;		/* "sha256-shani" */
	int		 level;		/* MDS_LEVEL_*: what MDSUM_CPU caps */
	unsigned int	 need;		/* MDS_CPU_* bits it requires */
	void	(*blocks)(struct md_state *, const unsigned char *, size_t);
	void	(*absorb)(uint64_t[25], const unsigned char *, size_t, size_t);
	/*
	 * BLAKE2b: nblocks 128-byte blocks into h; when f0 is 0, each first
	 * adds 128 to the counter t (t[0] low); a last block comes alone,
	 * with f0 ~0 and its length already added to t by the caller.
	 */
	void	(*compress)(uint64_t[8], uint64_t[2], const unsigned char *,
		    size_t, uint64_t);
	/* CRC-32 register update, no inversion, no length; sysv: byte sum. */
	uint32_t (*crc)(uint32_t, const unsigned char *, size_t);
	/*
	 * BLAKE3: one block m compressed from cv with counter t, length
	 * and flags; out gets all sixteen words (the first eight are the
	 * chaining value).
	 */
	void	(*b3_compress)(const uint32_t[8], const uint32_t[16], uint64_t,
		    uint32_t, uint32_t, uint32_t[16]);
	/*
	 * BLAKE3's batch: n inputs in[i] of blocks 64-byte blocks each,
	 * every one compressed in turn from key with its own counter t[i]
	 * and flags, the first block also with flags_start and the last
	 * with flags_end; input i's chaining value, 32 bytes little-endian,
	 * to out + 32 i, which overlaps no input.  n whole chunks (blocks
	 * 16; of one message, or of several: small files share a batch) or
	 * n parents (blocks 1, counters 0).  A kernel runs its lanes' width
	 * at a time and the rest narrower; the choice is the table's.
	 */
	void	(*b3_many)(const unsigned char *const *, size_t, size_t,
		    const uint32_t[8], const uint64_t *, uint32_t, uint32_t,
		    uint32_t, unsigned char *);
};

extern const struct mds_kernel	mds_arch_kernels[];
extern const size_t		mds_arch_nkernels;

/*
 * The kernel a native init takes: mds_kernel_override if set (choice.c),
 * else mds_kernel_builtin: the first of the table allowed by the setting,
 * portable at worst.
 */
const struct mds_kernel	*mds_kernel_for(enum mds_family);
const struct mds_kernel	*mds_kernel_builtin(enum mds_family);
/* The portable kernel of a family; NULL for MDS_FAM_NONE. */
const struct mds_kernel	*mds_kernel_portable(enum mds_family);
/* Does this CPU have any kernel of the family beyond portable? */
int			 mds_kernel_native(enum mds_family);
/*
 * Tests only: make mds_kernel_for return k for its family, whatever the
 * table order (NULL: stop).  -1 if the CPU lacks what k needs.
 */
int			 mds_kernel_pin(const struct mds_kernel *);
/* The name of a feature in need that the CPU lacks, or NULL. */
const char		*mds_cpu_missing(unsigned int);
/*
 * Tests only: treat the features in `bits` as absent from the CPU itself
 * (not a setting, which a caller may lift), so that a CPU running every
 * kernel can still be asked for one it cannot run.  0 gives them back.
 */
void			 mds_cpu_pretend_lacks(unsigned int);

/*
 * Multi-buffer kernels (lanes.c drives them): `lanes` independent messages
 * hashed side by side, for throughput where one message is bound by the
 * latency of its dependency chain.  The chaining values are word-major:
 * word w of lane l is state[w * lanes + l] (uint32_t words for md5 and
 * sha256, uint64_t for sha512 and keccak, whose 25 words are the whole
 * sponge state), in the same word order as md_state.h and the sponge's a[].
 * data[l] points at lane l's next nblocks whole blocks (any alignment), or
 * is NULL for an idle lane: its column may come back changed, but no
 * memory is read for it beyond mds_zero_block.  rate is the Keccak rate in
 * bytes (a multiple of 8, at most MDS_MAX_BLOCK); the others ignore it.
 * A kernel reads exactly nblocks * block bytes from each busy lane.
 * blake2b: eleven words a lane, h[0..7], then the counter t (low, high)
 * and the flag f0, read and written as struct mds_kernel's compress does:
 * for each block, when f0 is 0, 128 is first added to t; a lane with f0
 * set is called for one block only (its last, t already its length).
 */
struct mds_mb_kernel {
	enum mds_family	 family;	/* md5 sha256 sha512 keccak blake2b */
	const char	*name;		/* "sha256-shani-x2" */
	int		 level;		/* MDS_LEVEL_*: what MDSUM_CPU caps */
	unsigned int	 need;		/* MDS_CPU_* bits it requires */
	unsigned int	 lanes;
	/* With fewer busy lanes the single-stream kernel is faster. */
	unsigned int	 min_busy;
	void	(*blocks)(void *, const unsigned char *const *, size_t,
		    size_t);
};

#define MDS_MAX_LANES	16

/* MDS_MAX_BLOCK zero bytes, 64-byte aligned: what idle lanes read. */
extern const unsigned char	mds_zero_block[];

extern const struct mds_mb_kernel	mds_arch_mb_kernels[];
extern const size_t			mds_arch_nmb_kernels;
/*
 * Portable multi-buffer kernels: lane after lane through the portable
 * block function.  Never chosen by default (no faster than one stream);
 * pinned by name, they test the scheduler on any architecture.
 */
extern const struct mds_mb_kernel	mds_portable_mb_kernels[];
extern const size_t			mds_portable_nmb_kernels;

/* The first multi-buffer kernel of a family the setting allows, or NULL. */
const struct mds_mb_kernel	*mds_mb_kernel_for(enum mds_family);

/*
 * The choice (choice.c): which code hashes an algorithm, as an
 * implementation id, from the user's setting, then tune.c's measurement,
 * then the built-in order.  -1 with errno for an unusable MDSUM_BACKEND.
 * mds_choice_impl and mds_choice_kernel take an id apart (the kernel
 * NULL off native); mds_choose_lanes is the multi-buffer kernel, or NULL.
 */
int	mds_choose(const struct mds_alg *, uint64_t);
const struct mds_impl	*mds_choice_impl(const struct mds_alg *, int);
const struct mds_kernel	*mds_choice_kernel(const struct mds_alg *, int);
enum mds_backend_id	 mds_choice_backend(int);
const struct mds_mb_kernel	*mds_choose_lanes(const struct mds_alg *);
/* Every change of a setting or measurement: the cache is stale. */
void	mds_choice_changed(void);
/*
 * tune.c: what it found.  single: an id, or -1 (not ranked); mb: an id,
 * -1 for one stream (no kernel), or -2 (not ranked).
 */
int	mds_choice_id(const struct mds_alg *, const struct mds_impl *,
	    const struct mds_kernel *);
void	mds_choice_measured(const struct mds_alg *, int, int);
int	mds_choice_mb_id(const struct mds_mb_kernel *);
/* Is the id a single-stream implementation of alg that runs here? */
int	mds_choice_runs(const struct mds_alg *, int);
/* backend.c, by id: alg's implementation, the user's, the built-in. */
const struct mds_impl	*mds_backend_impl(const struct mds_alg *,
			    enum mds_backend_id);
int			 mds_backend_user(enum mds_backend_id *);
enum mds_backend_id	 mds_backend_preferred(const struct mds_alg *);
const char		*mds_backend_name(enum mds_backend_id);

/*
 * tune.c: the measurement.  While it times one kernel, or an init runs
 * on the kernel chosen, mds_kernel_override makes the native code of its
 * thread use that one; mds_mb_override does for a lane scheduler made.
 */
extern __thread const struct mds_kernel	*mds_kernel_override;
extern __thread const struct mds_mb_kernel	*mds_mb_override;
int	mds_kernel_runnable(const struct mds_kernel *);
int	mds_mb_kernel_runnable(const struct mds_mb_kernel *);
int	mds_cpu_setting(void);
size_t	mds_backend_impls(const struct mds_alg *, const struct mds_impl **,
	    size_t, int);
int	mds_backend_forced(void);	/* 1, 2 for native, 0 */
/*
 * Work from which the candidates are worth measuring (tune.c), and from
 * which those of costly backends are too.
 */
#define MDS_TUNE_SINGLE_MIN	((uint64_t)1 << 20)
#define MDS_TUNE_COSTLY_MIN	((uint64_t)64 << 20)
/* Work from which reading is probed against mapping (input.c). */
#define MDS_READ_PROBE_MIN	((uint64_t)64 << 20)
void	mds_ctx_retune(mds_ctx *, uint64_t);
void	mds_ctx_rekernel(mds_ctx *);
int	mds_tune_always(void);	/* MDSUM_TUNE=always */
double	mds_now_ns(void);	/* CLOCK_MONOTONIC, for timing */
int	mds_tune_what(const struct mds_alg *, uint64_t, uint64_t);
int	mds_tune_never(void);	/* MDSUM_TUNE=never */
/*
 * For tests, which must not depend on the clock: while mds_tune_fake is
 * set, a round of a row is not run but asked of it (the row's name and
 * lanes; ns per byte, -1 for a failed run), and mds_tune_forget lets an
 * algorithm be ranked again, against what its last ranking chose.
 */
extern double	(*mds_tune_fake)(const char *, unsigned int);
void	mds_tune_forget(const struct mds_alg *);
/*
 * Rankings kept from one run to the next (tune_cache.c), under a key made
 * of this CPU, this build and the setting in force (tune_key.c: 0 and the
 * key in hex; -1 where none can be made, and then nothing is kept).  kind
 * is "single", with depth 1 (cheap backends) or 2 (all), or "lanes", with
 * depth how far the single stream had been ranked.  The caller names the
 * rows (name and lanes); mds_tune_cache_load fills in their speeds and
 * choice from a ranking of exactly those rows, kept under the same key,
 * and returns 1 with *file the file read (for the process's life); 0 if
 * there is none to trust.  Both are silent and leave errno as it was;
 * tune.c calls them under its lock.
 */
#define MDS_TUNE_KEY_LEN	64
int	mds_tune_key(char [MDS_TUNE_KEY_LEN + 1]);
int	mds_tune_cache_load(const struct mds_alg *, const char *, int,
	    struct mds_tune_row *, size_t, const char **);
void	mds_tune_cache_store(const struct mds_alg *, const char *, int,
	    const struct mds_tune_row *, size_t);
/* What the key is made of: dispatch.c's features, mask and cap in force; */
void	mds_cpu_in_force(unsigned int *, unsigned int *, int *);
/* XCR0 (x86-64, where OSXSAVE says it can be read); */
uint64_t	mds_xgetbv0(void);
/* the version of libcrypto, NULL without the OpenSSL backend. */
const char	*mds_openssl_version(void);

/*
 * input.c: MDS_READ_MMAP or MDS_READ_LOOP for a regular file under how
 * (the bytes themselves come from the chunk source, source.h).
 */
int	mds_read_how(const struct stat *, int);
/* The probe of mapping against reading (input.c), once per process. */
void	mds_read_probe(int, off_t);
/*
 * mdsum --progress: told of every chunk of a file read for hashing, from
 * any thread (bytes read once for `streams` contexts); NULL, the
 * default, costs a test per chunk.  Not exported from libmdsum.so: the
 * program declares it in bin/cli.h (and libmdsum-archive's own hook for
 * an archive's bytes, mds_archive_progress_hook).
 */
extern void	(*mds_progress_hook)(uint64_t, unsigned int);

/* Unaligned, endian-independent loads and stores. */
static inline uint32_t
mds_load_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline uint32_t
mds_load_le32(const unsigned char *p)
{
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[1] << 8 | (uint32_t)p[0];
}

static inline uint64_t
mds_load_be64(const unsigned char *p)
{
	return (uint64_t)mds_load_be32(p) << 32 | mds_load_be32(p + 4);
}

static inline uint64_t
mds_load_le64(const unsigned char *p)
{
	return (uint64_t)mds_load_le32(p + 4) << 32 | mds_load_le32(p);
}

/* Spelled out byte by byte, which compilers merge into one store. */
static inline void
mds_store_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static inline void
mds_store_le32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

static inline void
mds_store_be64(unsigned char *p, uint64_t v)
{
	mds_store_be32(p, (uint32_t)(v >> 32));
	mds_store_be32(p + 4, (uint32_t)v);
}

static inline void
mds_store_le64(unsigned char *p, uint64_t v)
{
	mds_store_le32(p, (uint32_t)v);
	mds_store_le32(p + 4, (uint32_t)(v >> 32));
}

#endif /* MDS_INT_H */
