/*
 * backend.c: the table of backends, indexed by enum mds_backend_id, what
 * each has of an algorithm, and the user's setting of one (MDSUM_BACKEND,
 * read once, or mds_set_backend()).  Which implementation hashes an
 * algorithm by default is choice.c's to say.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mds_int.h"

static const struct mds_impl *portable_lookup(const char *);

static const struct mds_backend portable_backend = {
	"portable", 1, portable_lookup, 0
};

static const struct mds_backend *const backends[MDS_NBACKENDS] = {
	[MDS_BE_PORTABLE] = &portable_backend,
	[MDS_BE_NATIVE] = &mds_backend_native,
	[MDS_BE_LIBMD] = &mds_backend_libmd,
	[MDS_BE_OPENSSL] = &mds_backend_openssl,
};

#define NBACKENDS	MDS_NBACKENDS


/* Marks a (algorithm, backend) pair looked up and found missing. */
static const struct mds_impl missing;

/* lookup() results, filled on first use; lookups are idempotent. */
static const struct mds_impl *impl_cache[MDS_MAX_ALGS][NBACKENDS];

static const struct mds_backend *forced;	/* mds_set_backend() */
static const struct mds_backend *env_backend;	/* MDSUM_BACKEND */
static int env_errno;				/* MDSUM_BACKEND invalid */
static pthread_once_t env_once = PTHREAD_ONCE_INIT;

static const struct mds_impl *
portable_lookup(const char *alg)
{
	const struct mds_alg *a = mds_alg_find(alg);

	return a != NULL ? a->portable : NULL;
}

static const struct mds_backend *
backend_find(const char *name)
{
	size_t i;

	for (i = 0; i < NBACKENDS; i++)
		if (strcmp(name, backends[i]->name) == 0)
			return backends[i];
	return NULL;
}

/* The backend a name designates, or NULL with errno ENOENT or ENOTSUP. */
static const struct mds_backend *
backend_usable(const char *name)
{
	const struct mds_backend *be = backend_find(name);

	if (be == NULL) {
		errno = ENOENT;
		return NULL;
	}
	if (!be->built) {
		errno = ENOTSUP;
		return NULL;
	}
	return be;
}

static void
read_env(void)
{
	const char *name = getenv("MDSUM_BACKEND");

	if (name == NULL || *name == '\0')
		return;
	env_backend = backend_usable(name);
	if (env_backend == NULL)
		env_errno = errno;
}

/* The backend's own implementation of alg, or NULL. */
static const struct mds_impl *
impl_of(const struct mds_alg *alg, const struct mds_backend *be)
{
	size_t bi;

	for (bi = 0; backends[bi] != be; bi++)
		continue;
	return mds_backend_impl(alg, (enum mds_backend_id)bi);
}

const struct mds_impl *
mds_backend_impl(const struct mds_alg *alg, enum mds_backend_id bi)
{
	const struct mds_backend *be = backends[bi];
	const struct mds_impl **slot, *impl;

	slot = &impl_cache[mds_alg_index(alg)][bi];
	impl = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (impl == NULL) {
		impl = be->built ? be->lookup(alg->name) : NULL;
		if (impl == NULL)
			impl = &missing;
		__atomic_store_n(slot, impl, __ATOMIC_RELEASE);
	}
	return impl == &missing ? NULL : impl;
}

/* The implementation of alg on backend be, falling back to portable. */
static const struct mds_impl *
impl_or_portable(const struct mds_alg *alg, const struct mds_backend *be)
{
	const struct mds_impl *impl = impl_of(alg, be);

	return impl != NULL ? impl : alg->portable;
}

/*
 * The first backend of alg's preference list (registry.c) that is built
 * and has it; portable at worst.  choice.c asks once per setting.
 */
enum mds_backend_id
mds_backend_preferred(const struct mds_alg *alg)
{
	const struct mds_backend *be;
	size_t i, bi;

	for (i = 0; i < 4 && alg->prefer[i] != NULL; i++) {
		be = backend_find(alg->prefer[i]);
		if (be != NULL && be->built && impl_of(alg, be) != NULL)
			for (bi = 0; bi < NBACKENDS; bi++)
				if (backends[bi] == be)
					return (enum mds_backend_id)bi;
	}
	return MDS_BE_PORTABLE;
}

/*
 * The backend the user set (mds_set_backend, else MDSUM_BACKEND): 1 and
 * *bi, 0 for none, -1 with errno for an unusable MDSUM_BACKEND.
 */
int
mds_backend_user(enum mds_backend_id *bi)
{
	const struct mds_backend *be;
	size_t i;

	pthread_once(&env_once, read_env);
	be = forced != NULL ? forced : env_backend;
	if (be == NULL && env_errno != 0) {
		errno = env_errno;
		return -1;
	}
	if (be == NULL)
		return 0;
	for (i = 0; backends[i] != be; i++)
		continue;
	*bi = (enum mds_backend_id)i;
	return 1;
}

const struct mds_impl *
mds_select(const struct mds_alg *alg, const char *backend)
{
	const struct mds_backend *be;

	if (alg == NULL) {
		errno = EINVAL;
		return NULL;
	}
	if (backend != NULL) {
		if ((be = backend_usable(backend)) == NULL)
			return NULL;
		return impl_or_portable(alg, be);
	}
	return mds_choice_impl(alg, mds_choose(alg, 0));
}

const struct mds_impl *
mds_impl_find(const struct mds_impl *table, size_t n, const char *alg)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(alg, table[i].alg) == 0)
			return &table[i];
	return NULL;
}

size_t
mds_backend_count(void)
{
	return NBACKENDS;
}

const char *
mds_backend_at(size_t i)
{
	return i < NBACKENDS ? backends[i]->name : NULL;
}

int
mds_backend_built(const char *name)
{
	const struct mds_backend *be;

	if (name == NULL || (be = backend_find(name)) == NULL)
		return -1;
	return be->built;
}

int
mds_set_backend(const char *name)
{
	const struct mds_backend *be = NULL;

	if (name != NULL && (be = backend_usable(name)) == NULL)
		return -1;
	forced = be;
	mds_choice_changed();
	return 0;
}

const char *
mds_alg_backend(const struct mds_alg *alg)
{
	const struct mds_impl *impl = mds_select(alg, NULL);

	return impl != NULL ? impl->backend : NULL;
}

/* tune.c: the built backends' own implementations of alg. */
size_t
mds_backend_impls(const struct mds_alg *alg, const struct mds_impl **out,
    size_t max, int costly)
{
	const struct mds_impl *impl;
	size_t i, n = 0;

	for (i = 0; i < NBACKENDS && n < max; i++)
		if ((costly || !backends[i]->costly) &&
		    (impl = impl_of(alg, backends[i])) != NULL)
			out[n++] = impl;
	return n;
}

/*
 * Has the program, or MDSUM_BACKEND, chosen the backend?  1, or 2 when it
 * is native: then its kernels may still be measured, not the backends.
 */
int
mds_backend_forced(void)
{
	const struct mds_backend *be;

	pthread_once(&env_once, read_env);
	be = forced != NULL ? forced : env_backend;
	if (be == NULL)
		return env_errno != 0;
	return be == &mds_backend_native ? 2 : 1;
}

const char *
mds_backend_name(enum mds_backend_id bi)
{
	return backends[bi]->name;
}
