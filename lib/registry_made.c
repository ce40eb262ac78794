/*
 * registry_made.c: rows made at run time from a row of the registry's
 * table, for what a table cannot list: BLAKE3's keyed hash (a key) and
 * key derivation (a context).  A made row is a copy of its origin with
 * the parameters its construction starts from (struct mds_b3_param);
 * it shares its origin's index, and with it the backends' and the
 * choice's caches, which depend on the code and not on the key.  Made
 * rows stay on a list until freed, so that they are never lost.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mds_int.h"

struct made_row {
	struct mds_alg		 row;	/* first: a made row is its address */
	const struct mds_alg	*origin;
	struct mds_b3_param	 param;
	struct made_row		*next;
};

static pthread_mutex_t made_lock = PTHREAD_MUTEX_INITIALIZER;
static struct made_row *made;

static const struct made_row *
made_of(const struct mds_alg *alg)
{
	return (const struct made_row *)(const void *)alg;
}

const struct mds_alg *
mds_alg_origin(const struct mds_alg *alg)
{
	if (alg == NULL || mds_alg_listed(alg))
		return alg;
	return made_of(alg)->origin;
}

const struct mds_b3_param *
mds_alg_param(const struct mds_alg *alg)
{
	if (alg == NULL || mds_alg_listed(alg))
		return NULL;
	return &made_of(alg)->param;
}

/* A row copied from origin, a blake3 row, with pm; NULL and errno. */
static const struct mds_alg *
made_new(const struct mds_alg *origin, const struct mds_b3_param *pm)
{
	struct made_row *m;

	if ((m = calloc(1, sizeof(*m))) == NULL)
		return NULL;
	m->row = *origin;
	m->origin = origin;
	m->param = *pm;
	(void)pthread_mutex_lock(&made_lock);
	m->next = made;
	made = m;
	(void)pthread_mutex_unlock(&made_lock);
	return &m->row;
}

/* The listed blake3 row alg stands for, or NULL with errno EINVAL. */
static const struct mds_alg *
made_origin(const struct mds_alg *alg)
{
	alg = mds_alg_origin(alg);
	if (alg == NULL || alg->family != MDS_FAM_BLAKE3) {
		errno = EINVAL;
		return NULL;
	}
	return alg;
}

const struct mds_alg *
mds_alg_keyed(const struct mds_alg *alg, const unsigned char *key,
    size_t keylen)
{
	struct mds_b3_param pm;

	if ((alg = made_origin(alg)) == NULL)
		return NULL;
	if (key == NULL || keylen != MDS_BLAKE3_KEY_LEN) {
		errno = EINVAL;
		return NULL;
	}
	mds_blake3_param_keyed(&pm, key);
	return made_new(alg, &pm);
}

const struct mds_alg *
mds_alg_derive_key(const struct mds_alg *alg, const char *context)
{
	struct mds_b3_param pm;

	if ((alg = made_origin(alg)) == NULL)
		return NULL;
	if (mds_blake3_param_derive(&pm, context) == -1)
		return NULL;
	return made_new(alg, &pm);
}

void
mds_alg_free(const struct mds_alg *alg)
{
	struct made_row **pp, *m;

	if (alg == NULL || mds_alg_listed(alg))
		return;
	(void)pthread_mutex_lock(&made_lock);
	for (pp = &made; (m = *pp) != NULL; pp = &m->next)
		if (&m->row == alg) {
			*pp = m->next;
			break;
		}
	(void)pthread_mutex_unlock(&made_lock);
	if (m != NULL) {
		/* Its key is no business of the allocator's next owner. */
		memset(&m->param, 0, sizeof(m->param));
		free(m);
	}
}
