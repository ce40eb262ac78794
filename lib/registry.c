/*
 * registry.c: THE table of algorithms.  Adding an algorithm means adding
 * one row here (and its portable implementation); nothing else switches
 * on the algorithm.
 *
 * The self-test vectors are FreeBSD md5(1)'s -x strings plus one million
 * 'a'; their digests are the published values of each algorithm.
 */
#include <stddef.h>

#include "mds_int.h"

#define ALNUM	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
#define DIGITS80 "1234567890123456789012345678901234567890" \
		"1234567890123456789012345678901234567890"
#define BROKEN	"MD5 has not yet (2001-09-03) been broken, but sufficient " \
		"attacks have been made that its security is in some doubt"

static const struct mds_vector md5_vectors[] = {
	{ "", 1,
	    "d41d8cd98f00b204e9800998ecf8427e" },
	{ "a", 1,
	    "0cc175b9c0f1b6a831c399e269772661" },
	{ "abc", 1,
	    "900150983cd24fb0d6963f7d28e17f72" },
	{ "message digest", 1,
	    "f96b697d7cb7938d525a2f31aaf161d0" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "c3fcd3d76192e4007dfb496cca67e13b" },
	{ ALNUM, 1,
	    "d174ab98d277d9f5a5611c2c9f419d9f" },
	{ DIGITS80, 1,
	    "57edf4a22be3c955ac49da2e2107b67a" },
	{ BROKEN, 1,
	    "b50663f41d44d92171cb9976bc118538" },
	{ "a", 1000000,
	    "7707d6ae4e027c70eea2a935c2296f21" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha1_vectors[] = {
	{ "", 1,
	    "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
	{ "a", 1,
	    "86f7e437faa5a7fce15d1ddcb9eaeaea377667b8" },
	{ "abc", 1,
	    "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ "message digest", 1,
	    "c12252ceda8be8994d5fa0290a47231c1d16aae3" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "32d10c7b8cf96570ca04ce37f2a19d84240d3a89" },
	{ ALNUM, 1,
	    "761c457bf73b14d27e9e9265c46f4b4dda11f940" },
	{ DIGITS80, 1,
	    "50abf5706a150990a08b2c5ea40fa0e585554732" },
	{ BROKEN, 1,
	    "18eca4333979c4181199b7b4fab8786d16cf2846" },
	{ "a", 1000000,
	    "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha256_vectors[] = {
	{ "", 1,
	    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
	{ "a", 1,
	    "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb" },
	{ "abc", 1,
	    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "message digest", 1,
	    "f7846f55cf23e14eebeab5b4e1550cad5b509e3348fbc4efa3a1413d393cb650" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "71c480df93d6ae2f1efad1447c66c9525e316218cf51fc8d9ed832f2daf18b73" },
	{ ALNUM, 1,
	    "db4bfcbd4da0cd85a60c3c37d3fbd8805c77f15fc6b1fdfe614ee0a7c8fdb4c0" },
	{ DIGITS80, 1,
	    "f371bc4a311f2b009eef952dd83ca80e2b60026c8e935592d0f9c308453c813e" },
	{ BROKEN, 1,
	    "e6eae09f10ad4122a0e2a4075761d185a272ebd9f5aa489e998ff2f09cbfdd9f" },
	{ "a", 1000000,
	    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha512_vectors[] = {
	{ "", 1,
	    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
	    "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
	{ "a", 1,
	    "1f40fc92da241694750979ee6cf582f2d5d7d28e18335de05abc54d0560e0f53"
	    "02860c652bf08d560252aa5e74210546f369fbbbce8c12cfc7957b2652fe9a75" },
	{ "abc", 1,
	    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
	{ "message digest", 1,
	    "107dbf389d9e9f71a3a95f6c055b9251bc5268c2be16d6c13492ea45b0199f33"
	    "09e16455ab1e96118e8a905d5597b72038ddb372a89826046de66687bb420e7c" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "4dbff86cc2ca1bae1e16468a05cb9881c97f1753bce3619034898faa1aabe429"
	    "955a1bf8ec483d7421fe3c1646613a59ed5441fb0f321389f77f48a879c7b1f1" },
	{ ALNUM, 1,
	    "1e07be23c26a86ea37ea810c8ec7809352515a970e9253c26f536cfc7a9996c4"
	    "5c8370583e0a78fa4a90041d71a4ceab7423f19c71b9d5a3e01249f0bebd5894" },
	{ DIGITS80, 1,
	    "72ec1ef1124a45b047e8b7c75a932195135bb61de24ec0d1914042246e0aec3a"
	    "2354e093d76f3048b456764346900cb130d2a4fd5dd16abb5e30bcb850dee843" },
	{ BROKEN, 1,
	    "e8a835195e039708b13d9131e025f4441dbdc521ce625f245a436dcd762f54bf"
	    "5cb298d96235e6c6a304e087ec8189b9512cbdf6427737ea82793460c367b9c3" },
	{ "a", 1000000,
	    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
	    "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha512h_vectors[] = {
	{ "", 1,
	    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce" },
	{ "a", 1,
	    "1f40fc92da241694750979ee6cf582f2d5d7d28e18335de05abc54d0560e0f53" },
	{ "abc", 1,
	    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a" },
	{ "message digest", 1,
	    "107dbf389d9e9f71a3a95f6c055b9251bc5268c2be16d6c13492ea45b0199f33" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "4dbff86cc2ca1bae1e16468a05cb9881c97f1753bce3619034898faa1aabe429" },
	{ ALNUM, 1,
	    "1e07be23c26a86ea37ea810c8ec7809352515a970e9253c26f536cfc7a9996c4" },
	{ DIGITS80, 1,
	    "72ec1ef1124a45b047e8b7c75a932195135bb61de24ec0d1914042246e0aec3a" },
	{ BROKEN, 1,
	    "e8a835195e039708b13d9131e025f4441dbdc521ce625f245a436dcd762f54bf" },
	{ "a", 1000000,
	    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb" },
	{ NULL, 0, NULL }
};

static const struct mds_vector sha3_256_vectors[] = {
	{ "", 1,
	    "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
	{ "a", 1,
	    "80084bf2fba02475726feb2cab2d8215eab14bc6bdd8bfb2c8151257032ecd8b" },
	{ "abc", 1,
	    "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
	{ "message digest", 1,
	    "edcdb2069366e75243860c18c3a11465eca34bce6143d30c8665cefcfd32bffd" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "7cab2dc765e21b241dbc1c255ce620b29f527c6d5e7f5f843e56288f0d707521" },
	{ ALNUM, 1,
	    "a79d6a9da47f04a3b9a9323ec9991f2105d4c78a7bc7beeb103855a7a11dfb9f" },
	{ DIGITS80, 1,
	    "293e5ce4ce54ee71990ab06e511b7ccd62722b1beb414f5ff65c8274e0f5be1d" },
	{ BROKEN, 1,
	    "dde69665739fb1faf226277d40c2ddc6f6efcc9b70deb88e47c3301814c28553" },
	{ "a", 1000000,
	    "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1" },
	{ NULL, 0, NULL }
};

static const struct mds_vector keccak256_vectors[] = {
	{ "", 1,
	    "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470" },
	{ "a", 1,
	    "3ac225168df54212a25c1c01fd35bebfea408fdac2e31ddd6f80a4bbf9a5f1cb" },
	{ "abc", 1,
	    "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45" },
	{ "message digest", 1,
	    "856ab8a3ad0f6168a4d0ba8d77487243f3655db6fc5b0e1669bc05b1287e0147" },
	{ "abcdefghijklmnopqrstuvwxyz", 1,
	    "9230175b13981da14d2f3334f321eb78fa0473133f6da3de896feb22fb258936" },
	{ ALNUM, 1,
	    "6e61c013aef4c6765389ffcd406dd72e7e061991f4a3a8018190db86bd21ebb4" },
	{ DIGITS80, 1,
	    "1523a0cd0e7e1faaba17e1c12210fabc49fa99a7abc061e3d6c978eef4f748c4" },
	{ BROKEN, 1,
	    "d6261c0c8e915e0dfd60e8f5f33f59ce6fd3531561ffa16dc9e9184f0b32bc19" },
	{ "a", 1000000,
	    "fadae6b49f129bbb812be8407b7b2894f34aecf6dbd1f9b0f0c7e9853098fc96" },
	{ NULL, 0, NULL }
};
/*
 * prefer[]: backends in the order measured fastest on x86-64 by the time
 * trial and mdsum --bench (BENCHMARKS.md); the first one built and
 * implementing the algorithm is the default.  The native backend offers an
 * algorithm only where this CPU has a kernel for it.  OpenSSL 3.0 has no
 * KECCAK-256.
 */
static const struct mds_alg registry[] = {
	{ "md5", "MD5", { NULL }, 16, 64, &mds_portable_md5,
	    { "native", "portable", "openssl", "libmd" }, md5_vectors,
	    &mds_md5_lanes },
	{ "sha1", "SHA1", { NULL }, 20, 64, &mds_portable_sha1,
	    { "native", "openssl", "libmd", "portable" }, sha1_vectors,
	    NULL },
	{ "sha256", "SHA256", { NULL }, 32, 64, &mds_portable_sha256,
	    { "native", "openssl", "portable", "libmd" }, sha256_vectors,
	    &mds_sha256_lanes },
	{ "sha512", "SHA512", { NULL }, 64, 128, &mds_portable_sha512,
	    { "native", "openssl", "portable", "libmd" }, sha512_vectors,
	    &mds_sha512_lanes },
	{ "sha512h", "SHA512H", { NULL }, 32, 128, &mds_portable_sha512h,
	    { "native", "openssl", "portable", "libmd" }, sha512h_vectors,
	    &mds_sha512_lanes },
	{ "sha3-256", "SHA3-256", { NULL }, 32, 136, &mds_portable_sha3_256,
	    { "native", "openssl", "portable" }, sha3_256_vectors,
	    &mds_sha3_256_lanes },
	{ "keccak256", "KECCAK256", { "KECCAK-256" }, 32, 136,
	    &mds_portable_keccak256, { "native", "portable" },
	    keccak256_vectors, &mds_keccak256_lanes },
};

#define NALGS	(sizeof(registry) / sizeof(registry[0]))

typedef char registry_fits[NALGS <= MDS_MAX_ALGS ? 1 : -1];

/* Names are ASCII: compare them without the locale's idea of case. */
static int
name_eq(const char *a, const char *b)
{
	unsigned char ca, cb;

	do {
		ca = (unsigned char)*a++;
		cb = (unsigned char)*b++;
		if (ca >= 'A' && ca <= 'Z')
			ca = (unsigned char)(ca - 'A' + 'a');
		if (cb >= 'A' && cb <= 'Z')
			cb = (unsigned char)(cb - 'A' + 'a');
	} while (ca == cb && ca != '\0');
	return ca == cb;
}

size_t
mds_alg_count(void)
{
	return NALGS;
}

const struct mds_alg *
mds_alg_at(size_t i)
{
	return i < NALGS ? &registry[i] : NULL;
}

const struct mds_alg *
mds_alg_find(const char *name)
{
	size_t i, j;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NALGS; i++) {
		if (name_eq(name, registry[i].name) ||
		    name_eq(name, registry[i].tag))
			return &registry[i];
		for (j = 0; j < 3 && registry[i].aliases[j] != NULL; j++)
			if (name_eq(name, registry[i].aliases[j]))
				return &registry[i];
	}
	return NULL;
}

size_t
mds_alg_index(const struct mds_alg *alg)
{
	return (size_t)(alg - registry);
}

const char *
mds_alg_name(const struct mds_alg *alg)
{
	return alg != NULL ? alg->name : NULL;
}

const char *
mds_alg_tag(const struct mds_alg *alg)
{
	return alg != NULL ? alg->tag : NULL;
}

size_t
mds_alg_digest_len(const struct mds_alg *alg)
{
	return alg != NULL ? alg->digest_len : 0;
}

size_t
mds_alg_block_len(const struct mds_alg *alg)
{
	return alg != NULL ? alg->block_len : 0;
}

const char *
mds_alg_vector(const struct mds_alg *alg, size_t i, size_t *repeat,
    const char **hex)
{
	size_t n;

	if (alg == NULL)
		return NULL;
	for (n = 0; n < i; n++)
		if (alg->selftest[n].msg == NULL)
			return NULL;
	if (alg->selftest[i].msg == NULL)
		return NULL;
	if (repeat != NULL)
		*repeat = alg->selftest[i].repeat;
	if (hex != NULL)
		*hex = alg->selftest[i].hex;
	return alg->selftest[i].msg;
}
