/*
 * api.c: the registry, the backends and the contract of every call in
 * mdsum.h, bad input included.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"
#include "../lib/mds_int.h"
#include "../lib/blake3.h"

/* What the registry must hold. */
struct row {
	const char	*name;
	const char	*tag;
	size_t		 digest_len;
	size_t		 block_len;
};

static const struct row rows[] = {
	{ "md5", "MD5", 16, 64 },
	{ "sha1", "SHA1", 20, 64 },
	{ "sha224", "SHA224", 28, 64 },
	{ "sha256", "SHA256", 32, 64 },
	{ "sha384", "SHA384", 48, 128 },
	{ "sha512", "SHA512", 64, 128 },
	{ "sha512-224", "SHA512t224", 28, 128 },
	{ "sha512-256", "SHA512t256", 32, 128 },
	{ "sha512h", "SHA512H", 32, 128 },
	{ "sha3-224", "SHA3-224", 28, 144 },
	{ "sha3-256", "SHA3-256", 32, 136 },
	{ "sha3-384", "SHA3-384", 48, 104 },
	{ "sha3-512", "SHA3-512", 64, 72 },
	{ "keccak256", "KECCAK256", 32, 136 },
	{ "sm3", "SM3", 32, 64 },
	{ "blake2b", "BLAKE2b", 64, 128 },
	{ "blake3", "BLAKE3", 32, 64 },
	{ "crc", "CRC", 4, 64 },
	{ "crc32b", "CRC32B", 4, 64 },
	{ "sysv", "SYSV", 2, 64 },
	{ "bsd", "BSD", 2, 64 },
};
#define NROWS	(sizeof(rows) / sizeof(rows[0]))

/* Other spellings mds_alg_find accepts, and what they name. */
static const struct {
	const char	*spelling;
	const char	*name;
} spellings[] = {
	{ "Sha256", "sha256" },
	{ "SHA512H", "sha512h" },
	{ "SHA512h", "sha512h" },
	{ "KECCAK-256", "keccak256" },
	{ "Keccak-256", "keccak256" },
	{ "Sha3-256", "sha3-256" },
	/* OpenSSL 3's names, FreeBSD's program names */
	{ "SHA2-224", "sha224" },
	{ "SHA2-256", "sha256" },
	{ "SHA2-384", "sha384" },
	{ "SHA2-512", "sha512" },
	{ "SHA2-512/224", "sha512-224" },
	{ "SHA2-512/256", "sha512-256" },
	{ "SHA512/256", "sha512-256" },
	{ "sha512t224", "sha512-224" },
	{ "sha512t256", "sha512-256" },
	/* coreutils writes BLAKE2b-N for b2sum -l N, but not for 512 */
	{ "BLAKE2b-512", "blake2b" },
	{ "blake2b-512", "blake2b" },
	{ "BLAKE2B-512", "blake2b" },
	{ "BLAKE2b-256", "blake2b-256" },
	{ "Blake2B-8", "blake2b-8" },
};
#define NSPELLINGS	(sizeof(spellings) / sizeof(spellings[0]))

static void	 digest_of(const struct mds_alg *, const char *, const char *,
		    unsigned char *);
static void	 backend_teardown(void);
static const char *unbuilt_backend(void);
static const char *lacked_kernel(void);
static const char *needy_kernel(unsigned int *);

/* Digest of a C string on a backend, the reference for a test. */
static void
digest_of(const struct mds_alg *alg, const char *backend, const char *msg,
    unsigned char *out)
{
	mdt_hash(alg, backend, msg, strlen(msg), out);
}

/* mds_set_backend is process-wide: undo it even in CK_FORK=no mode. */
static void
backend_teardown(void)
{
	ck_assert_int_eq(mds_set_backend(NULL), 0);
}

static const char *
unbuilt_backend(void)
{
	size_t i;

	for (i = 0; i < mds_backend_count(); i++)
		if (mds_backend_built(mds_backend_at(i)) == 0)
			return mds_backend_at(i);
	return NULL;
}

/* A kernel of this build that this CPU cannot run, or NULL. */
static const char *
lacked_kernel(void)
{
	size_t i;

	for (i = 0; i < mds_arch_nkernels; i++)
		if (mds_cpu_missing(mds_arch_kernels[i].need) != NULL)
			return mds_arch_kernels[i].name;
	for (i = 0; i < mds_arch_nmb_kernels; i++)
		if (mds_cpu_missing(mds_arch_mb_kernels[i].need) != NULL)
			return mds_arch_mb_kernels[i].name;
	return NULL;
}

/* A kernel of this build that needs a CPU feature (*need), or NULL. */
static const char *
needy_kernel(unsigned int *need)
{
	size_t i;

	for (i = 0; i < mds_arch_nkernels; i++)
		if ((*need = mds_arch_kernels[i].need) != 0)
			return mds_arch_kernels[i].name;
	return NULL;
}

START_TEST(test_alg_count)
{
	const struct mds_alg *alg;
	size_t i, j;

	ck_assert_uint_eq(mds_alg_count(), NROWS);
	ck_assert_ptr_null(mds_alg_at(mds_alg_count()));
	ck_assert_ptr_null(mds_alg_at((size_t)-1));
	for (i = 0; i < mds_alg_count(); i++) {
		alg = mdt_alg_at(i);
		ck_assert_ptr_eq(mds_alg_find(mds_alg_name(alg)), alg);
		ck_assert_ptr_eq(mds_alg_find(mds_alg_tag(alg)), alg);
		for (j = 0; j < i; j++)
			ck_assert_ptr_ne(mds_alg_at(j), alg);
	}
}
END_TEST

/* _i walks rows. */
START_TEST(test_alg_row)
{
	const struct row *r;
	const struct mds_alg *alg;
	char upper[32];
	size_t i;

	r = &rows[_i];
	alg = mdt_alg(r->name);
	ck_assert_str_eq(mds_alg_name(alg), r->name);
	ck_assert_str_eq(mds_alg_tag(alg), r->tag);
	ck_assert_uint_eq(mds_alg_digest_len(alg), r->digest_len);
	ck_assert_uint_eq(mds_alg_block_len(alg), r->block_len);
	ck_assert_uint_le(mds_alg_digest_len(alg), MDS_MAX_DIGEST);
	ck_assert_uint_le(mds_alg_block_len(alg), MDS_MAX_BLOCK);
	ck_assert_ptr_eq(mds_alg_find(r->tag), alg);
	for (i = 0; i < sizeof(upper) - 1 && r->name[i] != '\0'; i++)
		upper[i] = (char)toupper((unsigned char)r->name[i]);
	upper[i] = '\0';
	ck_assert_ptr_eq(mds_alg_find(upper), alg);
	for (i = 0; i < mds_alg_count(); i++)
		if (mds_alg_at(i) == alg)
			break;
	ck_assert_uint_lt(i, mds_alg_count());
}
END_TEST

START_TEST(test_alg_find)
{
	static const char *const unknown[] = {
		"nope", "", "sha2566", "md55", "sha512/255", "sha3", " md5",
		"sha512t", "sha2-", "sha3-255", "blake2b-0", "blake2b-4",
		"blake2b-520", "blake2b-", "blake2b-0256", "blake2b-1024",
	};
	size_t i;

	for (i = 0; i < NSPELLINGS; i++)
		ck_assert_msg(mds_alg_find(spellings[i].spelling) ==
		    mds_alg_find(spellings[i].name) &&
		    mds_alg_find(spellings[i].name) != NULL,
		    "\"%s\" does not find %s", spellings[i].spelling,
		    spellings[i].name);
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
		ck_assert_msg(mds_alg_find(unknown[i]) == NULL,
		    "\"%s\" finds an algorithm", unknown[i]);
}
END_TEST

/*
 * mds_alg_length: every length b2sum -l takes, as rows past the listed
 * ones with coreutils' names; their digests are checked against
 * hashlib in the vectors suite (blake2b-8, -160, -256, -384).
 */
START_TEST(test_alg_length)
{
	static const size_t bad[] = { 0, 4, 7, 9, 513, 520, 1024 };
	const struct mds_alg *b2, *b3, *b3max, *alg, *sha256;
	char name[32], tag[32];
	unsigned char md[64], md2[64];
	size_t bits, i;

	b2 = mdt_alg("blake2b");
	ck_assert_ptr_eq(mds_alg_length(b2, 512), b2);
	for (bits = 8; bits < 512; bits += 8) {
		alg = mds_alg_length(b2, bits);
		ck_assert_msg(alg != NULL, "blake2b has no length %zu", bits);
		(void)snprintf(name, sizeof(name), "blake2b-%zu", bits);
		(void)snprintf(tag, sizeof(tag), "BLAKE2b-%zu", bits);
		ck_assert_str_eq(mds_alg_name(alg), name);
		ck_assert_str_eq(mds_alg_tag(alg), tag);
		ck_assert_uint_eq(mds_alg_digest_len(alg), bits / 8);
		ck_assert_uint_eq(mds_alg_block_len(alg), 128);
		ck_assert_ptr_eq(mds_alg_find(name), alg);
		ck_assert_ptr_eq(mds_alg_find(tag), alg);
		ck_assert_ptr_eq(mds_alg_length(alg, 512), b2);
		ck_assert_ptr_eq(mds_alg_length(alg, bits), alg);
		ck_assert_ptr_eq(mds_alg_length(alg, 8), mds_alg_find(
		    "blake2b-8"));
		/* not listed: mds_alg_count is the algorithms, not lengths */
		for (i = 0; i < mds_alg_count(); i++)
			ck_assert_ptr_ne(mds_alg_at(i), alg);
		/* a length is a parameter, not a cut of the 512-bit digest */
		ck_assert_int_eq(mds_digest(alg, "abc", 3, md), 0);
		ck_assert_int_eq(mds_digest(b2, "abc", 3, md2), 0);
		ck_assert_msg(memcmp(md, md2, bits / 8) != 0,
		    "blake2b-%zu is blake2b cut short", bits);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		errno = 0;
		ck_assert_ptr_null(mds_alg_length(b2, bad[i]));
		ck_assert_int_eq(errno, EINVAL);
	}
	/* BLAKE3's lengths are the first bytes of its extended output. */
	b3 = mdt_alg("blake3");
	b3max = mds_alg_length(b3, 512);
	ck_assert_ptr_nonnull(b3max);
	ck_assert_str_eq(mds_alg_tag(b3max), "BLAKE3-512");
	ck_assert_int_eq(mds_digest(b3max, "abc", 3, md2), 0);
	for (bits = 8; bits <= 512; bits += 8) {
		alg = mds_alg_length(b3, bits);
		ck_assert_msg(alg != NULL, "blake3 has no length %zu", bits);
		if (bits == 256)
			ck_assert_ptr_eq(alg, b3);
		else {
			(void)snprintf(tag, sizeof(tag), "BLAKE3-%zu", bits);
			ck_assert_str_eq(mds_alg_tag(alg), tag);
			ck_assert_ptr_eq(mds_alg_find(tag), alg);
			for (i = 0; i < mds_alg_count(); i++)
				ck_assert_ptr_ne(mds_alg_at(i), alg);
		}
		ck_assert_uint_eq(mds_alg_digest_len(alg), bits / 8);
		ck_assert_int_eq(mds_digest(alg, "abc", 3, md), 0);
		ck_assert_mem_eq(md, md2, bits / 8);
	}
	/* Other algorithms have their own length only. */
	sha256 = mdt_alg("sha256");
	ck_assert_ptr_eq(mds_alg_length(sha256, 256), sha256);
	for (i = 0; i < mds_alg_count(); i++) {
		alg = mdt_alg_at(i);
		if (alg == b2 || alg == b3)
			continue;
		for (bits = 8; bits <= 512; bits += 8) {
			if (bits == 8 * mds_alg_digest_len(alg))
				continue;
			errno = 0;
			ck_assert_msg(mds_alg_length(alg, bits) == NULL &&
			    errno == EINVAL, "%s has length %zu",
			    mds_alg_name(alg), bits);
		}
	}
	errno = 0;
	ck_assert_ptr_null(mds_alg_length(NULL, 256));
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

/*
 * Made rows: BLAKE3 keyed and with a derived key, of any length, as
 * blake3.h's functions give them; their origin, their index, their
 * refusals; freed.
 */
START_TEST(test_alg_made)
{
	static const unsigned char key[32] = "whats the Elvish word for friend";
	const struct mds_alg *b3 = mdt_alg("blake3"), *b3_128, *k, *d, *k128;
	unsigned char want[64], got[64];
	mds_ctx ctx;

	b3_128 = mds_alg_length(b3, 128);
	ck_assert_ptr_nonnull(k = mds_alg_keyed(b3, key, sizeof(key)));
	ck_assert_ptr_nonnull(k128 = mds_alg_keyed(b3_128, key, 32));
	ck_assert_ptr_nonnull(d = mds_alg_derive_key(b3, "mdsum api test"));
	ck_assert_ptr_eq(mds_alg_origin(k), b3);
	ck_assert_ptr_eq(mds_alg_origin(k128), b3_128);
	ck_assert_ptr_eq(mds_alg_origin(b3), b3);
	ck_assert_uint_eq(mds_alg_index(k), mds_alg_index(b3));
	ck_assert_str_eq(mds_alg_tag(k), "BLAKE3");
	ck_assert_str_eq(mds_alg_tag(k128), "BLAKE3-128");
	ck_assert_uint_eq(mds_alg_digest_len(k128), 16);

	ck_assert_int_eq(mds_blake3_init_keyed(&ctx.u_, key), 0);
	mds_blake3_update(&ctx.u_, (const unsigned char *)"abc", 3);
	mds_blake3_final_len(&ctx.u_, want, 32);
	ck_assert_int_eq(mds_digest(k, "abc", 3, got), 0);
	ck_assert_mem_eq(got, want, 32);
	ck_assert_int_eq(mds_digest(k128, "abc", 3, got), 0);
	ck_assert_mem_eq(got, want, 16);
	ck_assert_int_eq(mds_digest(b3, "abc", 3, got), 0);
	ck_assert_mem_ne(got, want, 32);

	ck_assert_int_eq(mds_blake3_init_derive(&ctx.u_, "mdsum api test"), 0);
	mds_blake3_update(&ctx.u_, (const unsigned char *)"abc", 3);
	mds_blake3_final_len(&ctx.u_, want, 32);
	ck_assert_int_eq(mds_init(&ctx, d), 0);
	ck_assert_int_eq(mds_update(&ctx, "abc", 3), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	ck_assert_mem_eq(got, want, 32);

	errno = 0;
	ck_assert_ptr_null(mds_alg_keyed(b3, key, 31));
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_ptr_null(mds_alg_keyed(mdt_alg("sha256"), key, 32));
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_ptr_null(mds_alg_derive_key(mdt_alg("blake2b"), "c"));
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_ptr_null(mds_alg_derive_key(b3, NULL));
	ck_assert_int_eq(errno, EINVAL);
	mds_alg_free(k);
	mds_alg_free(k128);
	mds_alg_free(d);
	mds_alg_free(b3);	/* a listed row: nothing */
	ck_assert_ptr_eq(mds_alg_find("blake3"), b3);
}
END_TEST

START_TEST(test_alg_vector)
{
	const struct mds_alg *alg;
	const char *hex;
	size_t a, i, repeat;

	for (a = 0; a < mds_alg_count(); a++) {
		alg = mdt_alg_at(a);
		for (i = 0; mds_alg_vector(alg, i, &repeat, &hex) != NULL;
		    i++) {
			ck_assert_uint_ge(repeat, 1);
			ck_assert_uint_eq(strlen(hex),
			    2 * mds_alg_digest_len(alg));
		}
		ck_assert_msg(i > 0, "%s: no self-test vector",
		    mds_alg_name(alg));
		ck_assert_ptr_null(mds_alg_vector(alg, i + 1, &repeat, &hex));
	}
}
END_TEST

START_TEST(test_hex)
{
	static const unsigned char d[] = { 0x00, 0x01, 0xab, 0xcd, 0xef,
	    0x10, 0xff, 0x9a };
	char buf[2 * sizeof(d) + 1];

	memset(buf, 'x', sizeof(buf));
	ck_assert_ptr_eq(mds_hex(d, sizeof(d), buf), buf);
	ck_assert_str_eq(buf, "0001abcdef10ff9a");
	memset(buf, 'x', sizeof(buf));
	ck_assert_ptr_eq(mds_hex(d, 0, buf), buf);
	ck_assert_str_eq(buf, "");
	ck_assert_str_eq(mds_hex(d + 2, 1, buf), "ab");
	ck_assert_int_eq(buf[3], 'x');	/* writes 2 * len + 1, no more */
}
END_TEST

START_TEST(test_backends)
{
	const char *name;
	size_t i, j, nbuilt;
	int portable;

	ck_assert_uint_ge(mds_backend_count(), 1);
	ck_assert_ptr_null(mds_backend_at(mds_backend_count()));
	ck_assert_int_eq(mds_backend_built("portable"), 1);
	ck_assert_int_eq(mds_backend_built("nope"), -1);
	ck_assert_int_eq(mds_backend_built(""), -1);
	/* known names, built or not */
	ck_assert_int_ge(mds_backend_built("libmd"), 0);
	ck_assert_int_ge(mds_backend_built("openssl"), 0);
	portable = 0;
	nbuilt = 0;
	for (i = 0; i < mds_backend_count(); i++) {
		name = mds_backend_at(i);
		ck_assert_ptr_nonnull(name);
		ck_assert_msg(mds_backend_built(name) == 0 ||
		    mds_backend_built(name) == 1, "backend %s", name);
		nbuilt += (size_t)mds_backend_built(name);
		portable += strcmp(name, "portable") == 0;
		for (j = 0; j < i; j++)
			ck_assert_str_ne(mds_backend_at(j), name);
	}
	ck_assert_int_eq(portable, 1);
	ck_assert_uint_eq(nbuilt, mdt_nbuilt());
}
END_TEST

/* The default choice is built and is what mds_init uses. */
START_TEST(test_alg_backend)
{
	const struct mds_alg *alg;
	const char *name;
	mds_ctx ctx;
	size_t a;

	for (a = 0; a < mds_alg_count(); a++) {
		alg = mdt_alg_at(a);
		name = mds_alg_backend(alg);
		ck_assert_ptr_nonnull(name);
		ck_assert_int_eq(mds_backend_built(name), 1);
		ck_assert_int_eq(mds_init(&ctx, alg), 0);
		ck_assert_ptr_eq(mds_ctx_alg(&ctx), alg);
		ck_assert_str_eq(mds_ctx_backend(&ctx), name);
		mds_discard(&ctx);
	}
}
END_TEST

/* _i walks built backends: the named one hashes, or portable stands in. */
START_TEST(test_init_backend)
{
	const struct mds_alg *alg;
	const char *backend, *used;
	mds_ctx ctx;
	size_t a;

	backend = mdt_built((size_t)_i);
	for (a = 0; a < mds_alg_count(); a++) {
		alg = mdt_alg_at(a);
		ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
		ck_assert_ptr_eq(mds_ctx_alg(&ctx), alg);
		used = mds_ctx_backend(&ctx);
		ck_assert_ptr_nonnull(used);
		ck_assert_msg(strcmp(used, backend) == 0 ||
		    strcmp(used, "portable") == 0,
		    "%s on %s is hashed by %s", mds_alg_name(alg), backend,
		    used);
		mds_discard(&ctx);
	}
	ck_assert_int_eq(mds_init_backend(&ctx, mdt_alg("md5"), "portable"),
	    0);
	ck_assert_str_eq(mds_ctx_backend(&ctx), "portable");
	mds_discard(&ctx);
}
END_TEST

/*
 * sm3 on the openssl backend is OpenSSL's SM3, not the portable code
 * standing in, wherever libcrypto has it (some distributions build it
 * without): openssl(1) of the same system says whether it does.
 */
START_TEST(test_openssl_sm3)
{
	mds_ctx ctx;

	if (mds_backend_built("openssl") != 1 ||
	    system("openssl dgst -sm3 </dev/null >/dev/null 2>&1") != 0) {
		mdt_skip("api: no OpenSSL with SM3, its sm3 row not tested");
		return;
	}
	ck_assert_int_eq(mds_init_backend(&ctx, mdt_alg("sm3"), "openssl"),
	    0);
	ck_assert_str_eq(mds_ctx_backend(&ctx), "openssl");
	mds_discard(&ctx);
}
END_TEST

START_TEST(test_init_bad)
{
	const char *unbuilt, *lacked, *level;
	unsigned int need;
	mds_ctx ctx;

	errno = 0;
	ck_assert_int_eq(mds_init(&ctx, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_int_eq(mds_init_backend(&ctx, mdt_alg("sha256"), "nope"),
	    -1);
	ck_assert_int_eq(errno, ENOENT);

	unbuilt = unbuilt_backend();
	if (unbuilt != NULL) {
		errno = 0;
		ck_assert_int_eq(mds_init_backend(&ctx, mdt_alg("sha256"),
		    unbuilt), -1);
		ck_assert_int_eq(errno, ENOTSUP);
	}
	/*
	 * A kernel this CPU cannot run is refused, and the failed setting
	 * changes nothing.  On a CPU that runs every kernel, one is made
	 * unrunnable by hiding what it needs.
	 */
	need = 0;
	if ((lacked = lacked_kernel()) == NULL) {
		if ((lacked = needy_kernel(&need)) == NULL) {
			mdt_skip("api: no kernel of this build needs a CPU "
			    "feature, ENOTSUP of a level not tested");
			return;
		}
		mds_cpu_pretend_lacks(need);
	}
	level = mds_cpu_level();
	errno = 0;
	ck_assert_int_eq(mds_set_cpu_level(lacked), -1);
	ck_assert_int_eq(errno, ENOTSUP);
	ck_assert_str_eq(mds_cpu_level(), level);
	if (need != 0) {
		/* what was hidden given back, the same name is taken */
		mds_cpu_pretend_lacks(0);
		ck_assert_int_eq(mds_set_cpu_level(lacked), 0);
		ck_assert_int_eq(mds_set_cpu_level(NULL), 0);
	}
}
END_TEST

/* _i walks algorithms x built backends. */
START_TEST(test_update_edge)
{
	const struct mds_alg *alg;
	const char *backend;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	mds_ctx ctx;
	size_t dlen;

	alg = mdt_alg_at((size_t)_i / mdt_nbuilt());
	backend = mdt_built((size_t)_i % mdt_nbuilt());
	dlen = mds_alg_digest_len(alg);

	/* (NULL, 0) is an empty update */
	digest_of(alg, "portable", "", want);
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	ck_assert_int_eq(mds_update(&ctx, NULL, 0), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "%s on %s: update(NULL, 0)",
	    mds_alg_name(alg), backend);

	/* zero-length updates anywhere change nothing */
	digest_of(alg, "portable", "abc", want);
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	ck_assert_int_eq(mds_update(&ctx, "", 0), 0);
	ck_assert_int_eq(mds_update(&ctx, "ab", 2), 0);
	ck_assert_int_eq(mds_update(&ctx, NULL, 0), 0);
	ck_assert_int_eq(mds_update(&ctx, "xyz", 0), 0);
	ck_assert_int_eq(mds_update(&ctx, "c", 1), 0);
	ck_assert_int_eq(mds_update(&ctx, NULL, 0), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "%s on %s: zero-length updates",
	    mds_alg_name(alg), backend);

	/* (NULL, n > 0) is an error */
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	errno = 0;
	ck_assert_int_eq(mds_update(&ctx, NULL, 5), -1);
	ck_assert_int_eq(errno, EINVAL);
	mds_discard(&ctx);
}
END_TEST

/* _i walks algorithms x built backends. */
START_TEST(test_lifecycle)
{
	const struct mds_alg *alg, *other;
	const char *backend;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	mds_ctx ctx;
	size_t dlen;

	alg = mdt_alg_at((size_t)_i / mdt_nbuilt());
	backend = mdt_built((size_t)_i % mdt_nbuilt());
	dlen = mds_alg_digest_len(alg);
	/* some other algorithm, to reuse the context across algorithms */
	other = mdt_alg_at(((size_t)_i / mdt_nbuilt() + 1) % mds_alg_count());

	/* finished after mds_final */
	digest_of(alg, "portable", "abc", want);
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	ck_assert_int_eq(mds_update(&ctx, "abc", 3), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "%s on %s", mds_alg_name(alg),
	    backend);
	errno = 0;
	ck_assert_int_eq(mds_update(&ctx, "abc", 3), -1);
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_int_eq(mds_final(&ctx, got), -1);
	ck_assert_int_eq(errno, EINVAL);

	/* reused after final, for another algorithm and then this one */
	digest_of(other, "portable", "hello", want);
	ck_assert_int_eq(mds_init_backend(&ctx, other, backend), 0);
	ck_assert_ptr_eq(mds_ctx_alg(&ctx), other);
	ck_assert_int_eq(mds_update(&ctx, "hello", 5), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	MDT_DIGEST_EQ(got, want, mds_alg_digest_len(other),
	    "%s on %s, reused context", mds_alg_name(other), backend);
	digest_of(alg, "portable", "abc", want);
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	ck_assert_int_eq(mds_update(&ctx, "abc", 3), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "%s on %s, reused context",
	    mds_alg_name(alg), backend);

	/* discarded while running, then finished; re-init works */
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	ck_assert_int_eq(mds_update(&ctx, "junk", 4), 0);
	mds_discard(&ctx);
	errno = 0;
	ck_assert_int_eq(mds_update(&ctx, "abc", 3), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	ck_assert_int_eq(mds_update(&ctx, "abc", 3), 0);
	ck_assert_int_eq(mds_final(&ctx, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "%s on %s, after discard",
	    mds_alg_name(alg), backend);

	/* mds_digest: (NULL, 0) is the empty message, like mds_update */
	digest_of(alg, "portable", "", want);
	ck_assert_int_eq(mds_digest(alg, NULL, 0, got), 0);
	MDT_DIGEST_EQ(got, want, dlen, "mds_digest %s (NULL, 0)",
	    mds_alg_name(alg));
}
END_TEST

START_TEST(test_set_backend)
{
	const struct mds_alg *alg;
	const char *before[32] = { NULL }, *unbuilt, *backend, *want;
	mds_ctx ctx;
	size_t a, b;

	ck_assert_uint_le(mds_alg_count(), sizeof(before) / sizeof(before[0]));
	for (a = 0; a < mds_alg_count(); a++) {
		ck_assert_int_eq(mds_init(&ctx, mdt_alg_at(a)), 0);
		before[a] = mds_ctx_backend(&ctx);
		mds_discard(&ctx);
	}

	errno = 0;
	ck_assert_int_eq(mds_set_backend("nope"), -1);
	ck_assert_int_eq(errno, ENOENT);
	unbuilt = unbuilt_backend();
	if (unbuilt != NULL) {
		errno = 0;
		ck_assert_int_eq(mds_set_backend(unbuilt), -1);
		ck_assert_int_eq(errno, ENOTSUP);
	}

	/* forcing a backend: what mds_init_backend would use */
	for (b = 0; b < mdt_nbuilt(); b++) {
		backend = mdt_built(b);
		ck_assert_int_eq(mds_set_backend(backend), 0);
		for (a = 0; a < mds_alg_count(); a++) {
			alg = mdt_alg_at(a);
			ck_assert_int_eq(mds_init_backend(&ctx, alg, backend),
			    0);
			want = mds_ctx_backend(&ctx);
			mds_discard(&ctx);
			ck_assert_int_eq(mds_init(&ctx, alg), 0);
			ck_assert_str_eq(mds_ctx_backend(&ctx), want);
			mds_discard(&ctx);
		}
	}
	ck_assert_int_eq(mds_set_backend("portable"), 0);
	for (a = 0; a < mds_alg_count(); a++) {
		ck_assert_int_eq(mds_init(&ctx, mdt_alg_at(a)), 0);
		ck_assert_str_eq(mds_ctx_backend(&ctx), "portable");
		mds_discard(&ctx);
	}

	/* NULL restores the default */
	ck_assert_int_eq(mds_set_backend(NULL), 0);
	for (a = 0; a < mds_alg_count(); a++) {
		ck_assert_int_eq(mds_init(&ctx, mdt_alg_at(a)), 0);
		ck_assert_str_eq(mds_ctx_backend(&ctx), before[a]);
		mds_discard(&ctx);
	}
}
END_TEST

/*
 * MDSUM_BACKEND chooses the default.  The library may read it once, at
 * first use, so this needs a process of its own: check's fork mode gives
 * each test one.  _i walks built backends.
 */
START_TEST(test_env_backend)
{
	const struct mds_alg *alg;
	const char *backend, *want;
	mds_ctx ctx;
	size_t a;

	if (mdt_nofork) {
		mdt_skip("api: MDSUM_BACKEND needs a fresh process; "
		    "CK_FORK=no");
		return;
	}
	backend = mdt_built((size_t)_i);
	ck_assert_int_eq(setenv("MDSUM_BACKEND", backend, 1), 0);
	for (a = 0; a < mds_alg_count(); a++) {
		alg = mdt_alg_at(a);
		ck_assert_int_eq(mds_init(&ctx, alg), 0);
		want = mds_ctx_backend(&ctx);
		mds_discard(&ctx);
		ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
		ck_assert_str_eq(want, mds_ctx_backend(&ctx));
		mds_discard(&ctx);
		ck_assert_str_eq(mds_alg_backend(alg), want);
	}
	/* set_backend(NULL) goes back to the environment's choice */
	ck_assert_int_eq(mds_set_backend("portable"), 0);
	ck_assert_int_eq(mds_set_backend(NULL), 0);
	for (a = 0; a < mds_alg_count(); a++) {
		alg = mdt_alg_at(a);
		ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
		want = mds_ctx_backend(&ctx);
		mds_discard(&ctx);
		ck_assert_int_eq(mds_init(&ctx, alg), 0);
		ck_assert_str_eq(mds_ctx_backend(&ctx), want);
		mds_discard(&ctx);
	}
}
END_TEST

Suite *
mdt_api_suite(void)
{
	Suite *s;
	TCase *tc;
	int nb, na;

	nb = (int)mdt_nbuilt();
	na = (int)mds_alg_count();
	s = suite_create("api");

	tc = tcase_create("registry");
	tcase_add_test(tc, test_alg_count);
	tcase_add_loop_test(tc, test_alg_row, 0, (int)NROWS);
	tcase_add_test(tc, test_alg_find);
	tcase_add_test(tc, test_alg_length);
	tcase_add_test(tc, test_alg_made);
	tcase_add_test(tc, test_alg_vector);
	tcase_add_test(tc, test_hex);
	suite_add_tcase(s, tc);

	tc = tcase_create("backends");
	tcase_add_checked_fixture(tc, NULL, backend_teardown);
	tcase_add_test(tc, test_backends);
	tcase_add_test(tc, test_alg_backend);
	tcase_add_loop_test(tc, test_init_backend, 0, nb);
	tcase_add_test(tc, test_openssl_sm3);
	tcase_add_test(tc, test_init_bad);
	tcase_add_test(tc, test_set_backend);
	tcase_add_loop_test(tc, test_env_backend, 0, nb);
	suite_add_tcase(s, tc);

	tc = tcase_create("contexts");
	tcase_add_loop_test(tc, test_update_edge, 0, na * nb);
	tcase_add_loop_test(tc, test_lifecycle, 0, na * nb);
	suite_add_tcase(s, tc);
	return s;
}
