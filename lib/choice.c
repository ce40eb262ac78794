/*
 * choice.c: which code hashes an algorithm, decided here and nowhere else.
 *
 * mds_choose(alg, work) answers with an implementation id, an integer:
 * a backend (enum mds_backend_id) and, on native, one kernel of the
 * algorithm's family (a slot of the architecture's table).  Precedence:
 *  1. the user's setting: a backend (MDSUM_BACKEND, mds_set_backend) and
 *     a cap, mask or kernel (MDSUM_CPU, mds_set_cpu_level);
 *  2. the measurement (tune.c), made once per process and algorithm when
 *     work of MDS_TUNE_SINGLE_MIN (1 MiB) or more is announced;
 *  3. the built-in order: the row's prefer[] (registry.c), then the
 *     order of the kernel table (x86/kernels.c, aarch64/kernels.c).
 * The answer is kept in one cache, a word per algorithm stamped with a
 * generation that every change of a setting or a measurement bumps
 * (mds_choice_changed), so an init costs an index and a compare.  The
 * native init takes the kernel of the id through mds_kernel_override; a
 * lane scheduler asks mds_choose_lanes for its multi-buffer kernel.
 * mds_impl_at lists the ids that run here, and mds_init_impl and
 * mds_digest_many_impl hash with one of them without touching a setting.
 * Adding a kernel: its file under lib/<arch>/ and one row in that
 * architecture's kernels.c, best first; nothing here changes.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "mds_int.h"

/* An id is backend * KSLOTS + slot. */
#define KSLOTS		128
#define SLOT_OWN	0	/* the backend's own code */
#define SLOT_PORTABLE	1	/* native, on the family's portable kernel */
#define SLOT_KERNEL	2	/* + i: mds_arch_kernels[i]; past them, */
				/* mds_arch_mb_kernels[] */

/* gen << 32 | (id + 1), per algorithm; 0: not chosen yet. */
static uint64_t cache[MDS_MAX_ALGS];
static unsigned int gen = 1;
/* tune.c's findings: single id + 1 (0 unknown); mb id + 2, 1 none. */
static int measured_single[MDS_MAX_ALGS];
static int measured_mb[MDS_MAX_ALGS];

__thread const struct mds_mb_kernel *mds_mb_override;

typedef char kernels_fit[KSLOTS > 2 + 2 * 40 ? 1 : -1];

void
mds_choice_changed(void)
{
	(void)__atomic_add_fetch(&gen, 1, __ATOMIC_RELEASE);
}

static int
kernel_id(const struct mds_kernel *k)
{
	uintptr_t p = (uintptr_t)k, t = (uintptr_t)mds_arch_kernels;

	if (p >= t && p < t + mds_arch_nkernels * sizeof(*k))
		return MDS_BE_NATIVE * KSLOTS + SLOT_KERNEL +
		    (int)((p - t) / sizeof(*k));
	return MDS_BE_NATIVE * KSLOTS + SLOT_PORTABLE;
}

int
mds_choice_mb_id(const struct mds_mb_kernel *k)
{
	uintptr_t p = (uintptr_t)k, t = (uintptr_t)mds_arch_mb_kernels;

	if (k == NULL || p < t ||
	    p >= t + mds_arch_nmb_kernels * sizeof(*k))
		return -1;
	return MDS_BE_NATIVE * KSLOTS + SLOT_KERNEL +
	    (int)mds_arch_nkernels + (int)((p - t) / sizeof(*k));
}

int
mds_choice_id(const struct mds_alg *alg, const struct mds_impl *impl,
    const struct mds_kernel *k)
{
	int bi;

	if (k != NULL && impl == alg->native)
		return kernel_id(k);
	for (bi = 0; bi < MDS_NBACKENDS; bi++)
		if (mds_backend_impl(alg, (enum mds_backend_id)bi) == impl)
			return bi * KSLOTS + SLOT_OWN;
	return MDS_BE_PORTABLE * KSLOTS + SLOT_OWN;
}

enum mds_backend_id
mds_choice_backend(int id)
{
	return (enum mds_backend_id)(id / KSLOTS);
}

const struct mds_impl *
mds_choice_impl(const struct mds_alg *alg, int id)
{
	const struct mds_impl *impl;

	if (id < 0)
		return NULL;
	impl = mds_backend_impl(alg, mds_choice_backend(id));
	return impl != NULL ? impl : alg->portable;
}

const struct mds_kernel *
mds_choice_kernel(const struct mds_alg *alg, int id)
{
	int slot = id % KSLOTS;

	if (id < 0 || mds_choice_backend(id) != MDS_BE_NATIVE ||
	    slot == SLOT_OWN)
		return NULL;
	if (slot == SLOT_PORTABLE)
		return mds_kernel_portable(alg->family);
	if ((size_t)(slot - SLOT_KERNEL) < mds_arch_nkernels)
		return &mds_arch_kernels[slot - SLOT_KERNEL];
	return NULL;
}

static const struct mds_mb_kernel *
mb_of(int id)
{
	size_t i;

	if (id < 0 || mds_choice_backend(id) != MDS_BE_NATIVE ||
	    id % KSLOTS < SLOT_KERNEL)
		return NULL;
	i = (size_t)(id % KSLOTS - SLOT_KERNEL);
	if (i < mds_arch_nkernels || i - mds_arch_nkernels >=
	    mds_arch_nmb_kernels)
		return NULL;
	return &mds_arch_mb_kernels[i - mds_arch_nkernels];
}

/* The precedence, worked out afresh: the cache's misses. */
static int
choose_now(const struct mds_alg *alg)
{
	enum mds_backend_id bi;
	int user, m;

	if ((user = mds_backend_user(&bi)) == -1)
		return -1;
	m = __atomic_load_n(&measured_single[mds_alg_index(alg)],
	    __ATOMIC_ACQUIRE) - 1;
	if (!user)
		bi = m >= 0 ? mds_choice_backend(m) :
		    mds_backend_preferred(alg);
	if (mds_backend_impl(alg, bi) == NULL)
		bi = MDS_BE_PORTABLE;
	if (bi != MDS_BE_NATIVE)
		return (int)bi * KSLOTS + SLOT_OWN;
	if (!mds_cpu_setting() && m >= 0 &&
	    mds_choice_backend(m) == MDS_BE_NATIVE)
		return m;
	return kernel_id(mds_kernel_builtin(alg->family));
}

int
mds_choose(const struct mds_alg *alg, uint64_t work)
{
	uint64_t *slot, c;
	unsigned int g;
	int id;

	if (alg == NULL) {
		errno = EINVAL;
		return -1;
	}
	if (work > 0)
		(void)mds_tune_what(alg, work, 0);
	slot = &cache[mds_alg_index(alg)];
	g = __atomic_load_n(&gen, __ATOMIC_ACQUIRE);
	c = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
	if ((unsigned int)(c >> 32) == g && c != 0)
		return (int)(uint32_t)c - 1;
	if ((id = choose_now(alg)) == -1)
		return -1;
	__atomic_store_n(slot, (uint64_t)g << 32 | (uint32_t)(id + 1),
	    __ATOMIC_RELEASE);
	return id;
}

/*
 * A lane scheduler's kernel, asked once per scheduler: one given for
 * this thread (mds_digest_many_impl), the setting, the measurement, the
 * built-in order; NULL for one stream at a time.
 */
const struct mds_mb_kernel *
mds_choose_lanes(const struct mds_alg *alg)
{
	int m;

	if (alg->shape == NULL || !mds_cons_ops(alg->shape)->lanes)
		return NULL;
	if (mds_mb_override != NULL)
		return mds_mb_override;
	m = __atomic_load_n(&measured_mb[mds_alg_index(alg)],
	    __ATOMIC_ACQUIRE);
	if (!mds_cpu_setting() && m != 0)
		return mb_of(m - 2);
	return mds_mb_kernel_for(alg->family);
}

/* tune.c: single, an id or -1 (not ranked); mb, an id, -1 none, -2. */
void
mds_choice_measured(const struct mds_alg *alg, int single, int mb)
{
	size_t a = mds_alg_index(alg);

	if (single >= 0)
		__atomic_store_n(&measured_single[a], single + 1,
		    __ATOMIC_RELEASE);
	if (mb >= -1)
		__atomic_store_n(&measured_mb[a], mb + 2, __ATOMIC_RELEASE);
	mds_choice_changed();
}

/* Does the CPU itself (settings aside) run what need names? */
static int
cpu_runs(unsigned int need)
{
	return mds_cpu_missing(need) == NULL;
}

/*
 * The i-th implementation of alg that runs here, in the order of the
 * backends, native's kernels in table order, then the multi-buffer
 * kernels (not while a backend other than native is set: they are
 * native code).  1, or 0 past the last.
 */
int
mds_impl_at(const struct mds_alg *alg, size_t i, struct mds_impl_info *info)
{
	const struct mds_kernel *k;
	const struct mds_mb_kernel *mb;
	size_t n = 0, j;
	int bi;

	if (alg == NULL || info == NULL) {
		errno = EINVAL;
		return -1;
	}
	memset(info, 0, sizeof(*info));
	info->lanes = 1;
	for (bi = 0; bi < MDS_NBACKENDS; bi++) {
		if (mds_backend_impl(alg, (enum mds_backend_id)bi) == NULL)
			continue;
		info->backend = mds_backend_name((enum mds_backend_id)bi);
		if (bi != MDS_BE_NATIVE) {
			if (n++ == i) {
				info->id = bi * KSLOTS + SLOT_OWN;
				info->name = info->backend;
				return 1;
			}
			continue;
		}
		for (j = 0; j < mds_arch_nkernels; j++) {
			k = &mds_arch_kernels[j];
			if (k->family == alg->family &&
			    cpu_runs(k->need) && n++ == i) {
				info->id = kernel_id(k);
				info->name = k->name;
				return 1;
			}
		}
	}
	if (alg->shape == NULL || alg->family == MDS_FAM_NONE ||
	    mds_backend_forced() == 1)
		return 0;
	info->backend = mds_backend_name(MDS_BE_NATIVE);
	for (j = 0; j < mds_arch_nmb_kernels; j++) {
		mb = &mds_arch_mb_kernels[j];
		if (mb->family == alg->family &&
		    cpu_runs(mb->need) && n++ == i) {
			info->id = mds_choice_mb_id(mb);
			info->name = mb->name;
			info->lanes = mb->lanes;
			return 1;
		}
	}
	return 0;
}

/*
 * Is id a single-stream implementation of alg that runs here: its
 * backend has alg, and a kernel is of alg's family and the CPU's?
 */
int
mds_choice_runs(const struct mds_alg *alg, int id)
{
	const struct mds_kernel *k;

	if (alg == NULL || id < 0 || mds_choice_backend(id) >= MDS_NBACKENDS ||
	    mds_backend_impl(alg, mds_choice_backend(id)) == NULL)
		return 0;
	if (id % KSLOTS == SLOT_OWN)
		return 1;
	k = mds_choice_kernel(alg, id);
	return k != NULL && alg->family != MDS_FAM_NONE &&
	    k->family == alg->family && cpu_runs(k->need);
}

int
mds_digest_many_impl(const struct mds_alg *alg, int id, size_t n,
    const void *const *msgs, const size_t *lens, unsigned char *out)
{
	const struct mds_mb_kernel *mb = mb_of(id), *saved;
	int r;

	if (alg == NULL || mb == NULL || alg->family == MDS_FAM_NONE ||
	    mb->family != alg->family || !cpu_runs(mb->need)) {
		errno = EINVAL;
		return -1;
	}
	saved = mds_mb_override;
	mds_mb_override = mb;
	r = mds_digest_many(alg, n, msgs, lens, out);
	mds_mb_override = saved;
	return r;
}
