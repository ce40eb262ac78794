/*
 * dispatch.c: which block functions this CPU runs.  Its features are
 * probed once and cached: on x86-64 by cpuid, and xgetbv for the register
 * state the operating system saves (YMM before any AVX path, opmask and
 * ZMM before AVX-512); on aarch64 by the hardware capabilities the kernel
 * passes in the auxiliary vector.  MDSUM_CPU=portable|sse4|avx2|avx512
 * (portable|neon|crypto|armv8.2 on aarch64), or mds_set_cpu_level(), caps
 * the level used, never raising it above what the CPU has, and may mask
 * features ("avx2,-sha", "crypto,-sha2"), so tests and benchmarks can run
 * every path on one machine.  Within a family the first kernel of the
 * architecture's table that is allowed wins: the table lists them best
 * first, as measured.  That is the built-in order within the user's
 * setting; choice.c puts a measurement between the two.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mds_int.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define HAVE_X86_PROBE	1
#endif

#if defined(__aarch64__) && (defined(__linux__) || defined(__FreeBSD__))
#include <sys/auxv.h>
#define HAVE_A64_PROBE	1
/* AT_HWCAP bits, the same on Linux (asm/hwcap.h) and FreeBSD. */
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD	(1ul << 1)
#endif
#ifndef HWCAP_SHA1
#define HWCAP_SHA1	(1ul << 5)
#endif
#ifndef HWCAP_SHA2
#define HWCAP_SHA2	(1ul << 6)
#endif
#ifndef HWCAP_SHA3
#define HWCAP_SHA3	(1ul << 17)
#endif
#ifndef HWCAP_SHA512
#define HWCAP_SHA512	(1ul << 21)
#endif
#endif

#if defined(__aarch64__)
static const char *const level_names[MDS_NLEVELS] = {
	"portable", "neon", "crypto", "armv8.2"
};
#else
static const char *const level_names[MDS_NLEVELS] = {
	"portable", "sse4", "avx2", "avx512"
};
#endif

/* The names of the families, for messages: the kernels are keyed by id. */
static const char *const family_names[MDS_NFAMILIES] = {
	[MDS_FAM_MD5] = "md5", [MDS_FAM_SHA1] = "sha1",
	[MDS_FAM_SHA256] = "sha256", [MDS_FAM_SHA512] = "sha512",
	[MDS_FAM_SM3] = "sm3", [MDS_FAM_KECCAK] = "keccak",
	[MDS_FAM_BLAKE2B] = "blake2b", [MDS_FAM_CRC] = "crc",
	[MDS_FAM_CRC32B] = "crc32b", [MDS_FAM_SYSV] = "sysv",
	[MDS_FAM_BLAKE3] = "blake3",
};

/*
 * The reference of each family, what every path is tested against, at
 * the family's index (none at MDS_FAM_NONE's).
 */
static const struct mds_kernel portable_kernels[MDS_NFAMILIES] = {
	[MDS_FAM_MD5] = { MDS_FAM_MD5, "portable", MDS_LEVEL_PORTABLE, 0,
	    mds_md5_blocks_portable, NULL, NULL, NULL, NULL, NULL },
	[MDS_FAM_SHA1] = { MDS_FAM_SHA1, "portable", MDS_LEVEL_PORTABLE, 0,
	    mds_sha1_blocks_portable, NULL, NULL, NULL, NULL, NULL },
	[MDS_FAM_SHA256] = { MDS_FAM_SHA256, "portable", MDS_LEVEL_PORTABLE,
	    0, mds_sha256_blocks_portable, NULL, NULL, NULL, NULL, NULL },
	[MDS_FAM_SHA512] = { MDS_FAM_SHA512, "portable", MDS_LEVEL_PORTABLE,
	    0, mds_sha512_blocks_portable, NULL, NULL, NULL, NULL, NULL },
	[MDS_FAM_SM3] = { MDS_FAM_SM3, "portable", MDS_LEVEL_PORTABLE, 0,
	    mds_sm3_blocks_portable, NULL, NULL, NULL, NULL, NULL },
	[MDS_FAM_KECCAK] = { MDS_FAM_KECCAK, "portable", MDS_LEVEL_PORTABLE,
	    0, NULL, mds_keccak_absorb_portable, NULL, NULL, NULL, NULL },
	[MDS_FAM_BLAKE2B] = { MDS_FAM_BLAKE2B, "portable",
	    MDS_LEVEL_PORTABLE, 0, NULL, NULL, mds_blake2b_compress_portable,
	    NULL, NULL, NULL },
	[MDS_FAM_CRC] = { MDS_FAM_CRC, "portable", MDS_LEVEL_PORTABLE, 0,
	    NULL, NULL, NULL, mds_crc_update_portable, NULL, NULL },
	[MDS_FAM_CRC32B] = { MDS_FAM_CRC32B, "portable", MDS_LEVEL_PORTABLE,
	    0, NULL, NULL, NULL, mds_crc32b_update_portable, NULL, NULL },
	[MDS_FAM_SYSV] = { MDS_FAM_SYSV, "portable", MDS_LEVEL_PORTABLE, 0,
	    NULL, NULL, NULL, mds_sysv_update_portable, NULL, NULL },
	[MDS_FAM_BLAKE3] = { MDS_FAM_BLAKE3, "portable", MDS_LEVEL_PORTABLE,
	    0, NULL, NULL, NULL, NULL, mds_blake3_compress_portable,
	    mds_blake3_many_portable },
};

static const struct {
	const char	*name;
	unsigned int	 bit;
} feature_names[] = {
#if defined(__aarch64__)
	{ "neon", MDS_CPU_NEON }, { "sha1", MDS_CPU_SHA1A },
	{ "sha2", MDS_CPU_SHA2A }, { "sha512", MDS_CPU_SHA512A },
	{ "sha3", MDS_CPU_SHA3A },
#else
	{ "ssse3", MDS_CPU_SSSE3 }, { "sse4.1", MDS_CPU_SSE41 },
	{ "sha", MDS_CPU_SHA }, { "avx", MDS_CPU_AVX },
	{ "avx2", MDS_CPU_AVX2 }, { "bmi1", MDS_CPU_BMI1 },
	{ "bmi2", MDS_CPU_BMI2 }, { "avx512f", MDS_CPU_AVX512F },
	{ "avx512vl", MDS_CPU_AVX512VL }, { "pclmul", MDS_CPU_PCLMUL },
	{ "vpclmulqdq", MDS_CPU_VPCLMUL }, { "avx512bw", MDS_CPU_AVX512BW },
#endif
};
#define NFEATURES	(sizeof(feature_names) / sizeof(feature_names[0]))

static unsigned int probed;		/* what the CPU and OS have */
static unsigned int features;		/* probed, less what a test hid */
static unsigned int masked;		/* what the spec turned off */
static int cap = MDS_NLEVELS - 1;	/* the highest level allowed */
static const struct mds_kernel *pinned;	/* a kernel named, or pinned */
static const struct mds_mb_kernel *pinned_mb;	/* a multi-buffer one named */
static int spec_set;			/* MDSUM_CPU or mds_set_cpu_level */
static pthread_once_t probe_once = PTHREAD_ONCE_INIT;

/* What idle lanes of a multi-buffer kernel read. */
const unsigned char mds_zero_block[MDS_MAX_BLOCK]
    __attribute__((aligned(64)));

static void
setting_changed(void)
{
	mds_choice_changed();
}

#ifdef HAVE_X86_PROBE
/* XCR0: the register state the system saves (tune_key.c keys on it too). */
uint64_t
mds_xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static unsigned int
probe_x86(void)
{
	unsigned int a, b, c, d, f = 0;
	uint64_t xcr0 = 0;

	if (!__get_cpuid(1, &a, &b, &c, &d))
		return 0;
	if (c & (1u << 9))
		f |= MDS_CPU_SSSE3;
	if (c & (1u << 19))
		f |= MDS_CPU_SSE41;
	if (c & (1u << 1))
		f |= MDS_CPU_PCLMUL;
	if (c & (1u << 27))		/* OSXSAVE: xgetbv may be used */
		xcr0 = mds_xgetbv0();
	if ((c & (1u << 28)) && (xcr0 & 0x6) == 0x6)
		f |= MDS_CPU_AVX;
	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return f;
	if (b & (1u << 29))
		f |= MDS_CPU_SHA;
	if (b & (1u << 3))
		f |= MDS_CPU_BMI1;
	if (b & (1u << 8))
		f |= MDS_CPU_BMI2;
	if ((f & MDS_CPU_AVX) && (b & (1u << 5)))
		f |= MDS_CPU_AVX2;
	/* AVX-512 needs the opmask and both halves of the ZMM state. */
	if ((f & MDS_CPU_AVX) && (xcr0 & 0xe0) == 0xe0) {
		if (b & (1u << 16))
			f |= MDS_CPU_AVX512F;
		if ((b & (1u << 16)) && (b & (1u << 31)))
			f |= MDS_CPU_AVX512VL;
		if ((b & (1u << 16)) && (b & (1u << 30)))
			f |= MDS_CPU_AVX512BW;
	}
	/* The wide carry-less multiply: on ymm with AVX, on zmm with AVX-512. */
	if ((f & MDS_CPU_AVX) && (c & (1u << 10)))
		f |= MDS_CPU_VPCLMUL;
	return f;
}
#endif

#ifdef HAVE_A64_PROBE
static unsigned int
probe_a64(void)
{
	unsigned long hw = 0;
	unsigned int f = 0;

#if defined(__FreeBSD__)
	if (elf_aux_info(AT_HWCAP, &hw, sizeof(hw)) != 0)
		return 0;
#else
	hw = getauxval(AT_HWCAP);
#endif
	if (hw & HWCAP_ASIMD)
		f |= MDS_CPU_NEON;
	if (hw & HWCAP_SHA1)
		f |= MDS_CPU_SHA1A;
	if (hw & HWCAP_SHA2)
		f |= MDS_CPU_SHA2A;
	if (hw & HWCAP_SHA512)
		f |= MDS_CPU_SHA512A;
	if (hw & HWCAP_SHA3)
		f |= MDS_CPU_SHA3A;
	return f;
}
#endif

static int
level_index(const char *name)
{
	int i;

	for (i = 0; i < MDS_NLEVELS; i++)
		if (strcmp(name, level_names[i]) == 0)
			return i;
	return -1;
}

/*
 * "LEVEL[,-FEATURE]...": a cap, then features to treat as absent.  Either
 * part may be left out ("-sha" alone: no cap, SHA masked).  0, or -1 if
 * any word is unknown, in which case nothing is changed.
 */
static int
parse_spec(const char *spec, int *capp, unsigned int *maskp)
{
	char word[32];
	const char *p = spec, *end;
	size_t len, f;
	int level = MDS_NLEVELS - 1, i;
	unsigned int mask = 0;

	for (; *p != '\0'; p = *end == ',' ? end + 1 : end) {
		end = strchr(p, ',');
		if (end == NULL)
			end = p + strlen(p);
		len = (size_t)(end - p);
		if (len == 0 || len >= sizeof(word))
			return -1;
		memcpy(word, p, len);
		word[len] = '\0';
		if (word[0] == '-') {
			for (f = 0; f < NFEATURES; f++)
				if (strcmp(word + 1, feature_names[f].name) == 0)
					break;
			if (f == NFEATURES)
				return -1;
			mask |= feature_names[f].bit;
		} else if (p == spec && (i = level_index(word)) >= 0)
			level = i;
		else
			return -1;
	}
	*capp = level;
	*maskp = mask;
	return 0;
}

static const struct mds_mb_kernel	*mb_kernel_named(const char *);

static void
reset_spec(void)
{
	spec_set = 0;
	cap = MDS_NLEVELS - 1;
	masked = 0;
	pinned = NULL;
	pinned_mb = NULL;
	setting_changed();
}

/*
 * A setting, from MDSUM_CPU or mds_set_cpu_level: a kernel's name (that
 * kernel for its family, if the CPU has it; -1 ENOTSUP if not), or a
 * level and masks (-1 ENOENT for an unknown word).  A failed setting
 * changes nothing.
 */
static int
apply_spec(const char *name)
{
	const struct mds_mb_kernel *mb;
	unsigned int mask;
	int level;
	size_t i;

	for (i = 0; i < mds_arch_nkernels; i++)
		if (strcmp(name, mds_arch_kernels[i].name) == 0) {
			if ((mds_arch_kernels[i].need & features) !=
			    mds_arch_kernels[i].need) {
				errno = ENOTSUP;
				return -1;
			}
			reset_spec();
			pinned = &mds_arch_kernels[i];
			spec_set = 1;
			setting_changed();
			return 0;
		}
	if ((mb = mb_kernel_named(name)) != NULL) {
		if ((mb->need & features) != mb->need) {
			errno = ENOTSUP;
			return -1;
		}
		reset_spec();
		pinned_mb = mb;
		spec_set = 1;
		setting_changed();
		return 0;
	}
	if (parse_spec(name, &level, &mask) == -1) {
		errno = ENOENT;
		return -1;
	}
	reset_spec();
	cap = level;
	masked = mask;
	spec_set = 1;
	setting_changed();
	return 0;
}

/*
 * Back to what MDSUM_CPU says, or no cap.  The library cannot fail here,
 * nor print: a bad value changes nothing, and the program learns what is
 * wrong with it from mds_set_cpu_level(getenv("MDSUM_CPU")).
 */
static void
spec_from_env(void)
{
	const char *env = getenv("MDSUM_CPU");

	if (env != NULL)
		(void)apply_spec(env);
	else
		reset_spec();
}

static void
probe(void)
{
#ifdef HAVE_X86_PROBE
	probed = probe_x86();
#endif
#ifdef HAVE_A64_PROBE
	probed = probe_a64();
#endif
	features = probed;
	spec_from_env();
}

void
mds_cpu_pretend_lacks(unsigned int bits)
{
	(void)pthread_once(&probe_once, probe);
	features = probed & ~bits;
	setting_changed();
}

/* Can this CPU, with the features masked, run the kernel? */
static int
runnable(const struct mds_kernel *k)
{
	return (k->need & features & ~masked) == k->need;
}

/* The highest level with a kernel this CPU can run. */
static int
cpu_top_level(void)
{
	int top = MDS_LEVEL_PORTABLE;
	size_t i;

	for (i = 0; i < mds_arch_nkernels; i++)
		if (runnable(&mds_arch_kernels[i]) &&
		    mds_arch_kernels[i].level > top)
			top = mds_arch_kernels[i].level;
	return top;
}

static const struct mds_kernel *
kernel_choose(enum mds_family family)
{
	const struct mds_kernel *k;
	size_t i;

	if (pinned != NULL && pinned->family == family)
		return pinned;
	for (i = 0; i < mds_arch_nkernels; i++) {
		k = &mds_arch_kernels[i];
		if (k->family == family && k->level <= cap &&
		    runnable(k))
			return k;
	}
	return mds_kernel_portable(family);
}

/*
 * The kernel a native init takes: the one choice.c decided on, which it
 * sets around the init; else (an init on a named backend, a scheduler's
 * lane alone) the built-in order within the setting.
 */
const struct mds_kernel *
mds_kernel_for(enum mds_family family)
{
	if (mds_kernel_override != NULL)
		return mds_kernel_override;
	return mds_kernel_builtin(family);
}

const struct mds_kernel *
mds_kernel_builtin(enum mds_family family)
{
	(void)pthread_once(&probe_once, probe);
	return kernel_choose(family);
}

const struct mds_kernel *
mds_kernel_portable(enum mds_family family)
{
	if ((unsigned int)family >= MDS_NFAMILIES ||
	    portable_kernels[family].name == NULL)
		return NULL;
	return &portable_kernels[family];
}

const char *
mds_family_name(enum mds_family family)
{
	return (unsigned int)family < MDS_NFAMILIES ? family_names[family] :
	    NULL;
}

/*
 * The level of the family's best single-stream kernel allowed now.  A
 * multi-buffer kernel of a lower level is not taken by default: NEON
 * lanes for sha256 are for CPUs without the SHA2 instructions, and one
 * stream of those beats them.
 */
static int
single_level(enum mds_family family)
{
	const struct mds_kernel *k;
	size_t i;

	for (i = 0; i < mds_arch_nkernels; i++) {
		k = &mds_arch_kernels[i];
		if (k->family == family && k->level <= cap &&
		    (k->need & features & ~masked) == k->need)
			return k->level;
	}
	return MDS_LEVEL_PORTABLE;
}

/*
 * The built-in order within the setting, for choice.c, which asks once
 * per scheduler, not per message: no cache.  A pinned kernel
 * (by name, which is how the portable ones are reached) wins for its
 * family; otherwise the first of the table allowed now whose level is
 * not below the best single stream's.
 */
const struct mds_mb_kernel *
mds_mb_kernel_for(enum mds_family family)
{
	const struct mds_mb_kernel *k;
	size_t i;
	int floor = -1;

	(void)pthread_once(&probe_once, probe);
	if (pinned_mb != NULL && pinned_mb->family == family)
		return pinned_mb;
	for (i = 0; i < mds_arch_nmb_kernels; i++) {
		k = &mds_arch_mb_kernels[i];
		if (k->family != family || k->level > cap ||
		    (k->need & features & ~masked) != k->need)
			continue;
		if (floor == -1)
			floor = single_level(family);
		if (k->level >= floor)
			return k;
	}
	return NULL;
}

/* The multi-buffer kernel of that name, arch or portable, or NULL. */
static const struct mds_mb_kernel *
mb_kernel_named(const char *name)
{
	size_t i;

	for (i = 0; i < mds_arch_nmb_kernels; i++)
		if (strcmp(name, mds_arch_mb_kernels[i].name) == 0)
			return &mds_arch_mb_kernels[i];
	for (i = 0; i < mds_portable_nmb_kernels; i++)
		if (strcmp(name, mds_portable_mb_kernels[i].name) == 0)
			return &mds_portable_mb_kernels[i];
	return NULL;
}

/* Both state layouts (md_state, the sponge) begin with the kernel. */
const char *
mds_kernel_describe(const void *state)
{
	const struct mds_kernel *k = *(const struct mds_kernel *const *)state;

	return k->level == MDS_LEVEL_PORTABLE ? "portable" : k->name;
}

int
mds_kernel_native(enum mds_family family)
{
	size_t i;

	(void)pthread_once(&probe_once, probe);
	/* Not masked: what a backend has must not change after a lookup. */
	for (i = 0; i < mds_arch_nkernels; i++)
		if (mds_arch_kernels[i].family == family &&
		    (mds_arch_kernels[i].need & features) ==
		    mds_arch_kernels[i].need)
			return 1;
	return 0;
}

int
mds_kernel_pin(const struct mds_kernel *k)
{
	(void)pthread_once(&probe_once, probe);
	if (k != NULL && (k->need & features) != k->need)
		return -1;
	pinned = k;
	setting_changed();
	return 0;
}

const char *
mds_cpu_missing(unsigned int need)
{
	size_t f;

	(void)pthread_once(&probe_once, probe);
	for (f = 0; f < NFEATURES; f++)
		if ((need & feature_names[f].bit) != 0 &&
		    (features & feature_names[f].bit) == 0)
			return feature_names[f].name;
	return NULL;
}

size_t
mds_cpu_level_count(void)
{
	return MDS_NLEVELS;
}

const char *
mds_cpu_level_at(size_t i)
{
	return i < MDS_NLEVELS ? level_names[i] : NULL;
}

int
mds_cpu_has_level(const char *name)
{
	int i;

	if (name == NULL || (i = level_index(name)) < 0)
		return -1;
	(void)pthread_once(&probe_once, probe);
	return i <= cpu_top_level();
}

int
mds_set_cpu_level(const char *name)
{
	(void)pthread_once(&probe_once, probe);
	if (name == NULL) {
		spec_from_env();
		return 0;
	}
	return apply_spec(name);
}

const char *
mds_cpu_kernel_at(size_t i)
{
	size_t k;

	(void)pthread_once(&probe_once, probe);
	for (k = 0; k < mds_arch_nkernels; k++)
		if ((mds_arch_kernels[k].need & features) ==
		    mds_arch_kernels[k].need && i-- == 0)
			return mds_arch_kernels[k].name;
	/* Then the multi-buffer ones, the portable ones last. */
	for (k = 0; k < mds_arch_nmb_kernels; k++)
		if ((mds_arch_mb_kernels[k].need & features) ==
		    mds_arch_mb_kernels[k].need && i-- == 0)
			return mds_arch_mb_kernels[k].name;
	return i < mds_portable_nmb_kernels ?
	    mds_portable_mb_kernels[i].name : NULL;
}

const char *
mds_cpu_level(void)
{
	int top;

	(void)pthread_once(&probe_once, probe);
	top = cpu_top_level();
	return level_names[top < cap ? top : cap];
}

/* tune.c: what it may time, and what it found. */
int
mds_kernel_runnable(const struct mds_kernel *k)
{
	(void)pthread_once(&probe_once, probe);
	return runnable(k);
}

int
mds_mb_kernel_runnable(const struct mds_mb_kernel *k)
{
	(void)pthread_once(&probe_once, probe);
	return (k->need & features & ~masked) == k->need;
}

/* A setting of the user's, or a kernel a test pinned: nothing measured. */
int
mds_cpu_setting(void)
{
	(void)pthread_once(&probe_once, probe);
	return spec_set || pinned != NULL;
}

/* tune_key.c: the features, the mask and the cap in force. */
void
mds_cpu_in_force(unsigned int *feat, unsigned int *mask, int *capp)
{
	(void)pthread_once(&probe_once, probe);
	*feat = features;
	*mask = masked;
	*capp = cap;
}
