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
 * The i-th self-test vector: returns the message (to be hashed *repeat
 * times in a row) and sets *hex to the expected digest; NULL past the end.
 */
const char		*mds_alg_vector(const struct mds_alg *, size_t, size_t *,
			    const char **);

/*
 * Backends: "portable" (always built), "libmd", "openssl".  A backend
 * that lacks an algorithm falls back to portable for it.
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

/* One-shot helpers. */
int	 mds_digest(const struct mds_alg *, const void *, size_t, unsigned char *);
/*
 * Read fd to its end (a read loop, EINTR-safe), feeding every running
 * context in ctxs[0..n).  Returns the number of bytes read, or -1.
 */
int64_t	 mds_update_fd(mds_ctx *, size_t, int);
int	 mds_digest_fd(const struct mds_alg *, int, unsigned char *);

/* Lower-case hex of a digest into buf (2 * len + 1 bytes). */
char	*mds_hex(const unsigned char *, size_t, char *);

#ifdef __cplusplus
}
#endif

#endif /* MDSUM_H */
