/*
 * mdsum.h: the public interface of libmdsum.
 *
 * Every extern symbol carries the mds_ prefix: libmd and libcrypto both
 * define names such as SHA256_Init, and a program may link either.
 *
 * Functions that can fail return -1 (or NULL) and set errno; the library
 * never prints and never exits.
 */
#ifndef MDSUM_H
#define MDSUM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDS_MAX_DIGEST	64	/* bytes: SHA-512 */
#define MDS_MAX_BLOCK	144	/* bytes: the widest rate or block (SHA3-224's, room to grow) */

struct mds_alg;		/* one row of the algorithm registry (opaque) */
struct mds_impl;	/* one backend's implementation of one algorithm (opaque) */

/*
 * A hashing context, allocated by the caller (stack, struct member, array).
 * Its fields are private.  A context is either unused, running (after
 * mds_init) or finished (after mds_final or mds_discard); reusing it only
 * takes a new mds_init.
 */
typedef struct mds_ctx {
	const struct mds_alg	*alg_;
	const struct mds_impl	*impl_;
	unsigned int		 state_;
	union {
		uint64_t	 u64[64];
		void		*ptr;
		double		 align_;
	} u_;
} mds_ctx;

/* The registry of algorithms. */
size_t			 mds_alg_count(void);
const struct mds_alg	*mds_alg_at(size_t);	/* NULL past the end */
const struct mds_alg	*mds_alg_find(const char *);	/* name, tag or alias; any case */
const char		*mds_alg_name(const struct mds_alg *);	/* "sha512h" */
const char		*mds_alg_tag(const struct mds_alg *);	/* "SHA512H" */
size_t			 mds_alg_digest_len(const struct mds_alg *);
size_t			 mds_alg_block_len(const struct mds_alg *);
/*
 * The same algorithm with a digest of bits bits (blake2b, blake3: 8 ..
 * 512 in steps of 8; any other: its own length only), or NULL with errno
 * EINVAL.
 */
const struct mds_alg	*mds_alg_length(const struct mds_alg *, size_t);
/*
 * BLAKE3's keyed hash (a key of 32 bytes) and key derivation (a context
 * string, the key material being the message), made from a blake3 row of
 * any length: a row of its own, which every function taking a row takes,
 * with the name, tag and length of the row it was made from (its origin).
 * NULL with errno: EINVAL for a row that is not BLAKE3's or a key not of
 * 32 bytes, ENOMEM.  mds_alg_free releases a made row (a listed one: no-op).
 */
#define MDS_BLAKE3_KEY_LEN	32
const struct mds_alg	*mds_alg_keyed(const struct mds_alg *,
			    const unsigned char *, size_t);
const struct mds_alg	*mds_alg_derive_key(const struct mds_alg *,
			    const char *);
const struct mds_alg	*mds_alg_origin(const struct mds_alg *);
void			 mds_alg_free(const struct mds_alg *);
/*
 * The i-th self-test vector: returns the message (to be hashed *repeat
 * times in a row) and sets *hex to the expected digest; NULL past the end.
 */
const char		*mds_alg_vector(const struct mds_alg *, size_t, size_t *,
			    const char **);

/*
 * Backends: "portable" (always built), "native" (this CPU's kernels),
 * "libmd", "openssl".  A backend that lacks an algorithm falls back to
 * portable for it.
 */
size_t		 mds_backend_count(void);
const char	*mds_backend_at(size_t);	/* name, or NULL past the end */
int		 mds_backend_built(const char *);	/* 1 built, 0 not built, -1 unknown */
/*
 * Force one backend for every later mds_init in this process (NULL: back
 * to the default, the fastest built backend per algorithm, or the one named
 * by the MDSUM_BACKEND environment variable).  -1 with errno ENOENT for an
 * unknown name, ENOTSUP for a backend this build lacks.
 */
int		 mds_set_backend(const char *);
/* The backend the default selection uses for this algorithm, or NULL (errno set). */
const char	*mds_alg_backend(const struct mds_alg *);

/*
 * CPU dispatch of the "native" backend: levels "portable", "sse4", "avx2",
 * "avx512".  mds_set_cpu_level caps the level used by later mds_inits (it
 * never raises it above what the CPU has; NULL: back to MDSUM_CPU, or no
 * cap); -1 with errno ENOENT for an unknown name.  The level may be
 * followed by features to treat as absent, as in MDSUM_CPU: "avx2,-sha"
 * (ssse3 sse4.1 sha avx avx2 bmi1 bmi2 avx512f avx512vl avx512bw pclmul
 * vpclmulqdq).  The name may
 * instead be a kernel's ("sha256-avx2", as mds_ctx_impl reports it): its
 * algorithms then use that kernel, and the others their best one; -1 with
 * ENOTSUP if this CPU cannot run it.  To run one kernel without a
 * setting for the process, see mds_impl_at below.  mds_cpu_has_level: 1
 * if this CPU runs some kernel of that level or a higher one (features
 * masked by the current setting count as absent), 0 if not, -1 if
 * unknown.  mds_cpu_level: the level in use now.
 */
size_t		 mds_cpu_level_count(void);
const char	*mds_cpu_level_at(size_t);
int		 mds_cpu_has_level(const char *);
int		 mds_set_cpu_level(const char *);
const char	*mds_cpu_level(void);

/*
 * The implementations of an algorithm that run on this CPU, each named
 * by an id valid for the process: mds_impl_at fills *info with the i-th
 * (backends in mds_backend_at order, native's kernels best first, then
 * the multi-buffer kernels) and returns 1, or 0 past the last.
 * mds_init_impl starts ctx on a single-stream one; mds_digest_many_impl
 * hashes as mds_digest_many does, on a multi-buffer one (lanes > 1).
 * Neither changes a setting of the process nor what mds_init chooses.
 * -1 with errno EINVAL for an id that is not one of alg's here.
 */
struct mds_impl_info {
	int		 id;
	const char	*backend;	/* "native", "openssl", ... */
	const char	*name;		/* "md5-avx512", or the backend's */
	unsigned int	 lanes;		/* 1, or a multi-buffer kernel's */
};
int	 mds_impl_at(const struct mds_alg *, size_t, struct mds_impl_info *);
int	 mds_init_impl(mds_ctx *, const struct mds_alg *, int);
int	 mds_digest_many_impl(const struct mds_alg *, int, size_t,
	    const void *const *, const size_t *, unsigned char *);
/*
 * Kept for programs written against libmdsum 1.0 to 1.3, which ran each
 * kernel by naming it to mds_set_cpu_level, for the whole process: the
 * i-th kernel this CPU can run, best first within a family, then the
 * multi-buffer ones; NULL past the last.  mds_impl_at replaces it.
 */
const char	*mds_cpu_kernel_at(size_t);

/*
 * Streaming: init, any number of updates, final.  mds_init picks the
 * implementation as described at mds_set_backend; if MDSUM_BACKEND names
 * an unknown backend it fails with ENOENT (ENOTSUP: one not built).  Do
 * not mds_init a context that is still running: mds_discard it first, as
 * a backend may hold memory in it.  mds_update with length 0 does nothing
 * (the pointer may then be NULL); mds_update, mds_final and mds_ctx_* on
 * a context that is not running fail with EINVAL.
 */
int	 mds_init(mds_ctx *, const struct mds_alg *);
int	 mds_init_backend(mds_ctx *, const struct mds_alg *, const char *);
int	 mds_update(mds_ctx *, const void *, size_t);
int	 mds_final(mds_ctx *, unsigned char *);	/* writes mds_alg_digest_len bytes */
void	 mds_discard(mds_ctx *);	/* give up a running context */
const struct mds_alg	*mds_ctx_alg(const mds_ctx *);
const char		*mds_ctx_backend(const mds_ctx *);	/* backend actually hashing */
/* The code hashing it: "sha256-shani", "portable", "openssl", ... */
const char		*mds_ctx_impl(const mds_ctx *);

/* One-shot helpers. */
int	 mds_digest(const struct mds_alg *, const void *, size_t, unsigned char *);
/*
 * Read fd to its end (a read loop, EINTR-safe), feeding every running
 * context in ctxs[0..n).  Returns the number of bytes read, or -1.
 */
int64_t	 mds_update_fd(mds_ctx *, size_t, int);
int	 mds_digest_fd(const struct mds_alg *, int, unsigned char *);

/*
 * The input engine: hash what fd refers to, by the fastest path for its
 * kind, into every running context in ctxs[0..n).  A regular file is
 * mapped (MDS_READ_MMAP) or read in large blocks (MDS_READ_LOOP);
 * MDS_READ_AUTO takes the measured default (mapping, but reading files
 * under 256 KiB and files with holes).  Pipes, ttys and devices are
 * always read in a loop.  A regular file is hashed up to the size it had
 * when hashing began if mapped, and up to end of file if read, so a file
 * that grows meanwhile gives the digest of what was read.  Returns the
 * bytes hashed, or -1 with errno set; a file that shrank while mapped is
 * -1 with errno EIO and info->changed set (the contexts must then be
 * discarded).  Mapping installs a SIGBUS handler that passes signals it
 * did not cause to the handler installed before it.  info may be NULL.
 */
#define MDS_READ_AUTO	0
#define MDS_READ_MMAP	1
#define MDS_READ_LOOP	2

struct mds_read_info {
	const char	*how;		/* "mmap", "read loop" or "pipe" */
	int		 changed;	/* the file shrank while being read */
};

int64_t	 mds_update_file(mds_ctx *, size_t, int, int, struct mds_read_info *);
/*
 * As mds_update_file for one context, on up to threads threads (the
 * caller's among them) where one message can be split: BLAKE3 (a tree)
 * from a regular file of 8 MiB or more, read (never mapped) in spans
 * whose 64 KiB pieces the threads hash.  The digest is the same for any
 * count of threads.  Anything else is hashed as by mds_update_file.
 */
int64_t	 mds_update_file_threads(mds_ctx *, int, int, unsigned int,
	    struct mds_read_info *);

/* Lower-case hex of a digest into buf (2 * len + 1 bytes). */
char	*mds_hex(const unsigned char *, size_t, char *);

/*
 * ------------------------------------------------------------------------
 * Many messages at once (lanes_api.c, batch.c).
 *
 * A lane scheduler hashes independent messages side by side, with the
 * CPU's multi-buffer kernel for the algorithm (mds_lanes_kernel names it;
 * mds_lanes_width is how many messages it hashes at once, 1 if there is
 * none, or if a backend other than native is chosen: messages are then
 * hashed one after another).  Messages are added as buffers, which must
 * stay as they are until their result is taken, or as descriptors of open
 * files, read from their current offset as mds_update_file reads them
 * (regular files mapped or read per how; anything else is read on its own
 * when its turn comes), which must stay open until then and must not be
 * given twice at once.  mds_lanes_next hands back the results in the
 * order the messages were added: it hashes, keeping every lane busy with
 * the messages added so far, until the oldest one is done, and returns 1
 * with its result (0 if none is pending, -1 with errno EINVAL on bad
 * arguments).  A message that cannot be hashed has size -1 and error
 * set; changed is 1 for a file that shrank while being read (EIO).  The
 * caller bounds memory by how many messages it keeps pending; each lane
 * holds at most a 1 MiB window of a file's mapping or a 64 KiB buffer.
 * A scheduler is for one thread at a time.
 */
/*
 * Tuning: which code hashes an algorithm by default is measured on this
 * CPU, at first need (libmdsum.3, "Tuning").  mds_tune says that about
 * work bytes are coming for alg; from 1 MiB, which repays the measuring
 * (a few hundred microseconds), the single-stream candidates (every
 * kernel this CPU runs, every backend built; OpenSSL, slow to start,
 * from 64 MiB) and the multi-buffer kernels are timed, once per process,
 * and the fastest become the defaults.  It never overrides MDSUM_CPU,
 * mds_set_cpu_level, MDSUM_BACKEND or mds_set_backend.  mds_update_file
 * calls it for a regular file of 1 MiB or more.
 * mds_tune_row reads back row i of what was measured for alg: 1, or 0
 * past the last row (none before it has measured).  A ranking measured
 * is kept in a file for later processes on the same CPU and build, which
 * read it instead of measuring; mds_tune_kept names the file alg's rows
 * were read from (for the life of the process), or is NULL if this
 * process measured them.
 */
#define MDS_TUNE_NOW	UINT64_MAX	/* work: measure now, whatever its size */
struct mds_tune_row {
	const char	*name;	/* kernel ("md5-avx512", "portable") or backend */
	unsigned int	 lanes;	/* 1, or a multi-buffer kernel's lanes */
	double		 mbps;	/* measured, MB/s over all lanes */
	int		 chosen;
	double		 micros;	/* all the measuring for this algorithm */
};
int	 mds_tune(const struct mds_alg *, uint64_t);
int	 mds_tune_row(const struct mds_alg *, size_t, struct mds_tune_row *);
const char	*mds_tune_kept(const struct mds_alg *);
/*
 * How MDS_READ_AUTO gets a large regular file's bytes: MDS_READ_LOOP, or
 * MDS_READ_MMAP where the first large file of the process found mapping
 * cheaper (its first MiB got both ways); the microseconds each way took,
 * or -1 before the probe.
 */
int	 mds_read_default(double *, double *);

struct mds_lanes;

struct mds_lane_result {
	void		*tag;		/* as given when added */
	int64_t		 size;		/* bytes hashed, or -1 */
	int		 error;		/* errno, when size is -1 */
	int		 changed;	/* the file shrank while being read */
	const char	*how;		/* "memory", "mmap", "read loop", "pipe" */
	unsigned char	 digest[MDS_MAX_DIGEST];
};

struct mds_lanes	*mds_lanes_new(const struct mds_alg *);	/* NULL: errno */
size_t		 mds_lanes_width(const struct mds_lanes *);
const char	*mds_lanes_kernel(const struct mds_lanes *);
int		 mds_lanes_add(struct mds_lanes *, const void *, size_t,
		    void *);
int		 mds_lanes_add_fd(struct mds_lanes *, int, int, void *);
size_t		 mds_lanes_pending(const struct mds_lanes *);
/*
 * Would a message of size bytes share the lanes (1), or be hashed alone
 * in its turn (0: a tree's large message, which fills its kernel's batch
 * by itself and may take threads of its own)?
 */
int		 mds_lanes_fits(const struct mds_lanes *, uint64_t);
int		 mds_lanes_next(struct mds_lanes *, struct mds_lane_result *);
/*
 * What hashed the message mds_lanes_next gave last: the multi-buffer
 * kernel (*lanes its width), or for one that ran alone the single-stream
 * kernel or implementation (*lanes 1).  NULL before any.
 */
const char	*mds_lanes_hashed_by(const struct mds_lanes *, size_t *);
const char	*mds_lanes_hashed_on(const struct mds_lanes *);
void		 mds_lanes_free(struct mds_lanes *);	/* pending ones dropped */

/*
 * The digests of n independent messages msgs[i] of lens[i] bytes, to
 * out + i * mds_alg_digest_len(alg), through a lane scheduler.
 */
int	 mds_digest_many(const struct mds_alg *, size_t, const void *const *,
	    const size_t *, unsigned char *);

#ifdef __cplusplus
}
#endif

#endif /* MDSUM_H */
