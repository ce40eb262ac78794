/*
 * tune_key.c: what a ranking kept from an earlier run (tune_cache.c) is
 * valid for, as one key: this CPU, this build, the setting in force.  A
 * ranking is a fact about one core design and one set of kernels; read on
 * another CPU, or by another build of the library, it would choose code
 * by someone else's speeds, so a key that cannot be made means nothing is
 * kept at all.
 *  - the CPU: on x86-64 the vendor, the signature (family, model,
 *    stepping), the brand string, the feature words dispatch.c reads and
 *    the register state the system saves (XCR0); on aarch64 Linux the
 *    MIDR of each core (/proc/cpuinfo, or the register itself, which the
 *    kernel emulates) and the hardware capabilities; elsewhere, none;
 *  - the build: the GNU build-id of the object holding this code (the
 *    program, or libmdsum.so), the library's version, and the version of
 *    libcrypto the OpenSSL backend runs on;
 *  - the setting: the features, mask and cap dispatch.c applies, and the
 *    backend the user forced.
 * The parts are hashed (SHA-256, the portable code, which depends on no
 * choice) into 64 hex digits.  The CPU and build part is made once.
 */
#define _GNU_SOURCE	/* dl_iterate_phdr */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__)) && \
    (defined(__GNUC__) || defined(__clang__))
#include <elf.h>
#include <link.h>
#include <sys/auxv.h>
#define HAVE_TUNE_KEY	1
#endif
#if defined(HAVE_TUNE_KEY) && defined(__x86_64__)
#include <cpuid.h>
#endif

#include "mds_int.h"

#ifndef MDSUM_LIB_VERSION
#define MDSUM_LIB_VERSION	"unknown"
#endif

#define BUILD_ID_MAX	64	/* bytes: a SHA-1 build-id is 20 */

#ifdef HAVE_TUNE_KEY
/* A running SHA-256, on the portable code. */
struct hash {
	const struct mds_alg	*alg;
	mds_ctx			 ctx;
};

struct object {
	uintptr_t	 addr;		/* an address of code in it */
	int		 found;
	size_t		 len;
	unsigned char	 id[BUILD_ID_MAX];
};

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static int key_ok;
static unsigned char fixed[32];	/* the hash of the CPU and the build */

static int
hash_start(struct hash *h)
{
	h->alg = mds_alg_find("sha256");
	return h->alg != NULL && h->alg->portable->init(&h->ctx.u_,
	    h->alg) == 0 ? 0 : -1;
}

/* A part: its tag and its length first, so that no two keys run together. */
static void
hash_part(struct hash *h, const char *tag, const void *p, size_t len)
{
	unsigned char n[8];

	mds_store_le64(n, (uint64_t)len);
	h->alg->portable->update(&h->ctx.u_, (const unsigned char *)tag,
	    strlen(tag) + 1);
	h->alg->portable->update(&h->ctx.u_, n, sizeof(n));
	h->alg->portable->update(&h->ctx.u_, p, len);
}

static void
hash_word(struct hash *h, const char *tag, uint64_t v)
{
	unsigned char b[8];

	mds_store_le64(b, v);
	hash_part(h, tag, b, sizeof(b));
}

/* The GNU build-id in the notes of one loaded object, if it has one. */
static void
build_id(const struct dl_phdr_info *info, const ElfW(Phdr) *ph,
    struct object *o)
{
	const unsigned char *p = (const unsigned char *)(info->dlpi_addr +
	    ph->p_vaddr), *end = p + ph->p_memsz;
	size_t align = ph->p_align == 8 ? 8 : 4, name, desc;
	ElfW(Nhdr) nh;

	while ((size_t)(end - p) >= sizeof(nh)) {
		memcpy(&nh, p, sizeof(nh));
		name = ((size_t)nh.n_namesz + align - 1) & ~(align - 1);
		desc = ((size_t)nh.n_descsz + align - 1) & ~(align - 1);
		p += sizeof(nh);
		if (name > (size_t)(end - p) ||
		    desc > (size_t)(end - p) - name)
			return;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    memcmp(p, "GNU", 4) == 0 && nh.n_descsz > 0 &&
		    nh.n_descsz <= BUILD_ID_MAX) {
			memcpy(o->id, p + name, nh.n_descsz);
			o->len = nh.n_descsz;
			return;
		}
		p += name + desc;
	}
}

/* dl_iterate_phdr: is o->addr in this object?  Then its build-id, and stop. */
static int
find_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct object *o = arg;
	uintptr_t lo;
	size_t i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		if (info->dlpi_phdr[i].p_type != PT_LOAD)
			continue;
		lo = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
		if (o->addr >= lo && o->addr - lo < info->dlpi_phdr[i].p_memsz)
			break;
	}
	if (i == info->dlpi_phnum)
		return 0;
	o->found = 1;
	for (i = 0; i < info->dlpi_phnum && o->len == 0; i++)
		if (info->dlpi_phdr[i].p_type == PT_NOTE)
			build_id(info, &info->dlpi_phdr[i], o);
	return 1;
}

#if defined(__x86_64__)
static int
hash_cpu(struct hash *h)
{
	unsigned int a, b, c, d, max, ext, leaf;
	unsigned char brand[48];

	if (!__get_cpuid(0, &max, &b, &c, &d))
		return -1;
	hash_word(h, "max", max);
	hash_word(h, "vendor", (uint64_t)b << 32 | d);
	hash_word(h, "vendor2", c);
	if (max < 1)
		return -1;
	/* leaf 1 without EBX: the APIC id in it differs from core to core */
	__cpuid(1, a, b, c, d);
	hash_word(h, "signature", a);
	hash_word(h, "features1", (uint64_t)c << 32 | d);
	if (c & (1u << 27))		/* OSXSAVE */
		hash_word(h, "xcr0", mds_xgetbv0());
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		hash_word(h, "features7", (uint64_t)b << 32 | c);
		hash_word(h, "features7d", d);
	}
	ext = (unsigned int)__get_cpuid_max(0x80000000u, NULL);
	if (ext >= 0x80000004u) {
		for (leaf = 0; leaf < 3; leaf++) {
			__cpuid(0x80000002u + leaf, a, b, c, d);
			memcpy(brand + 16 * leaf, &a, 4);
			memcpy(brand + 16 * leaf + 4, &b, 4);
			memcpy(brand + 16 * leaf + 8, &c, 4);
			memcpy(brand + 16 * leaf + 12, &d, 4);
		}
		hash_part(h, "brand", brand, sizeof(brand));
	}
	return 0;
}
#else
/* aarch64: the identification of every core, and what the system says it has. */
static int
hash_cpu(struct hash *h)
{
	static const char *const fields[] = { "CPU implementer",
	    "CPU architecture", "CPU variant", "CPU part", "CPU revision" };
	char line[256];
	size_t f, bytes = 0, seen = 0;
	uint64_t midr;
	FILE *fp;

	hash_word(h, "hwcap", getauxval(AT_HWCAP));
	hash_word(h, "hwcap2", getauxval(AT_HWCAP2));
	if ((fp = fopen("/proc/cpuinfo", "re")) != NULL) {
		/* a bound: the same on every run, whatever the machine */
		while (bytes < (1u << 20) && fgets(line, sizeof(line), fp)) {
			bytes += strlen(line);
			for (f = 0; f < sizeof(fields) / sizeof(fields[0]); f++)
				if (strncmp(line, fields[f],
				    strlen(fields[f])) == 0) {
					hash_part(h, "cpuinfo", line,
					    strlen(line));
					seen++;
				}
		}
		(void)fclose(fp);
	}
	if (seen > 0)
		return 0;
	/* HWCAP_CPUID: the kernel emulates reading MIDR_EL1 */
	if ((getauxval(AT_HWCAP) & (1ul << 11)) == 0)
		return -1;
	__asm__ volatile("mrs %0, MIDR_EL1" : "=r"(midr));
	hash_word(h, "midr", midr);
	return 0;
}
#endif

static void
make_fixed(void)
{
	struct object o;
	struct hash h;
	const char *ossl = mds_openssl_version();
	int saved = errno;

	memset(&o, 0, sizeof(o));
	o.addr = (uintptr_t)find_object;
	(void)dl_iterate_phdr(find_object, &o);
	if (o.len > 0 && hash_start(&h) == 0) {
		hash_part(&h, "mdsum tune key", "1", 1);
		hash_part(&h, "libmdsum", MDSUM_LIB_VERSION,
		    strlen(MDSUM_LIB_VERSION));
		hash_part(&h, "build-id", o.id, o.len);
		hash_part(&h, "openssl", ossl != NULL ? ossl : "",
		    ossl != NULL ? strlen(ossl) : 0);
		if (hash_cpu(&h) == 0 &&
		    h.alg->portable->final(&h.ctx.u_, fixed) == 0)
			key_ok = 1;
	}
	errno = saved;
}
#endif /* HAVE_TUNE_KEY */

int
mds_tune_key(char hex[MDS_TUNE_KEY_LEN + 1])
{
#ifdef HAVE_TUNE_KEY
	static const char digits[] = "0123456789abcdef";
	enum mds_backend_id bi;
	unsigned char md[32];
	unsigned int feat, mask;
	struct hash h;
	int cap, saved = errno;
	size_t i;

	(void)pthread_once(&key_once, make_fixed);
	if (!key_ok || hash_start(&h) == -1)
		return -1;
	mds_cpu_in_force(&feat, &mask, &cap);
	if (mds_backend_user(&bi) != 1)
		bi = MDS_NBACKENDS;
	errno = saved;
	hash_part(&h, "fixed", fixed, sizeof(fixed));
	hash_word(&h, "features", feat);
	hash_word(&h, "mask", mask);
	hash_word(&h, "cap", (uint64_t)cap);
	hash_word(&h, "backend", (uint64_t)bi);
	hash_word(&h, "pinned", (uint64_t)mds_cpu_setting());
	if (h.alg->portable->final(&h.ctx.u_, md) == -1)
		return -1;
	for (i = 0; i < sizeof(md); i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[MDS_TUNE_KEY_LEN] = '\0';
	return 0;
#else
	(void)hex;
	return -1;
#endif
}
