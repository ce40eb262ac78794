/*
 * backend.c: the table of backends and the choice, per algorithm, of the
 * implementation that mds_init uses.
 *
 * The default for an algorithm is the first backend of its registry row's
 * measured preference list that is built and implements it.  MDSUM_BACKEND
 * (read once) or mds_set_backend() force one backend for every algorithm;
 * where that backend lacks an algorithm, the portable code hashes it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mds_int.h"

static const struct mds_impl *portable_lookup(const char *);

static const struct mds_backend portable_backend = {
	"portable", 1, portable_lookup
};

static const struct mds_backend *const backends[] = {
	&portable_backend,
	&mds_backend_native,
	&mds_backend_libmd,
	&mds_backend_openssl,
};

#define NBACKENDS	(sizeof(backends) / sizeof(backends[0]))


/* Marks a (algorithm, backend) pair looked up and found missing. */
static const struct mds_impl missing;

/* lookup() results, filled on first use; lookups are idempotent. */
static const struct mds_impl *impl_cache[MDS_MAX_ALGS][NBACKENDS];
/* The preference list's answer per algorithm, which never changes either. */
static const struct mds_impl *default_cache[MDS_MAX_ALGS];
/* tune.c's answer per algorithm, once it has measured. */
static const struct mds_impl *tuned_cache[MDS_MAX_ALGS];

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
	const struct mds_impl **slot, *impl;
	size_t bi;

	for (bi = 0; backends[bi] != be; bi++)
		continue;
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
 * The default: what tune.c measured fastest on this CPU, once it has;
 * until then the first backend of alg's preference list that has it.
 */
static const struct mds_impl *
preferred(const struct mds_alg *alg)
{
	const struct mds_impl **slot = &default_cache[mds_alg_index(alg)];
	const struct mds_impl *impl;
	const struct mds_backend *be;
	size_t i;

	impl = __atomic_load_n(&tuned_cache[mds_alg_index(alg)],
	    __ATOMIC_ACQUIRE);
	if (impl != NULL)
		return impl;
	impl = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if (impl != NULL)
		return impl;
	impl = alg->portable;
	for (i = 0; i < 4 && alg->prefer[i] != NULL; i++) {
		be = backend_find(alg->prefer[i]);
		if (be != NULL && be->built && impl_of(alg, be) != NULL) {
			impl = impl_of(alg, be);
			break;
		}
	}
	__atomic_store_n(slot, impl, __ATOMIC_RELEASE);
	return impl;
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
	if (forced != NULL)
		return impl_or_portable(alg, forced);
	pthread_once(&env_once, read_env);
	if (env_errno != 0) {
		errno = env_errno;
		return NULL;
	}
	if (env_backend != NULL)
		return impl_or_portable(alg, env_backend);
	return preferred(alg);
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
    size_t max)
{
	const struct mds_impl *impl;
	size_t i, n = 0;

	for (i = 0; i < NBACKENDS && n < max; i++)
		if ((impl = impl_of(alg, backends[i])) != NULL)
			out[n++] = impl;
	return n;
}

void
mds_backend_tuned(const struct mds_alg *alg, const struct mds_impl *impl)
{
	__atomic_store_n(&tuned_cache[mds_alg_index(alg)], impl,
	    __ATOMIC_RELEASE);
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

/* What mds_init uses for alg now, falling back to portable. */
const struct mds_impl *
mds_backend_default(const struct mds_alg *alg)
{
	const struct mds_impl *impl = mds_select(alg, NULL);

	return impl != NULL ? impl : alg->portable;
}
