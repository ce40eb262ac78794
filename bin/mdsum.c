/*
 * mdsum.c: the only main().  mdsum, the BSD tools md5, sha1, sha224,
 * sha256, sha384, sha512, sha512t224, sha512t256, sha512h and keccak256,
 * coreutils' cksum and b2sum, the coreutils-style md5sum, sha1sum,
 * sha224sum, ..., sha512hsum and keccak256sum, BLAKE3's b3sum and
 * coreutils' sum are this one program under several names (links made by
 * the build); the name picks the mode and, but for mdsum and cksum, the
 * algorithm.
 */
#include <err.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "cli.h"

int gnu_messages;

/*
 * The names under which this is FreeBSD's md5(1), and the registry row
 * each hashes with.  FreeBSD spells SHA-512/224 and SHA-512/256 without
 * the dash.
 */
static const struct {
	const char	*name;
	const char	*alg;
} bsd_tools[] = {
	{ "md5",	"md5" },
	{ "sha1",	"sha1" },
	{ "sha224",	"sha224" },
	{ "sha256",	"sha256" },
	{ "sha384",	"sha384" },
	{ "sha512",	"sha512" },
	{ "sha512t224",	"sha512-224" },
	{ "sha512t256",	"sha512-256" },
	{ "sha512h",	"sha512h" },
	{ "keccak256",	"keccak256" },
};

int
main(int argc, char **argv)
{
	const struct mds_alg *alg;
	const char *name, *slash;
	char stem[32];
	size_t i, len;

	name = argv[0] != NULL ? argv[0] : "md5";
	if ((slash = strrchr(name, '/')) != NULL)
		name = slash + 1;
	/* getopt_long names the program by argv[0]: make it the short name. */
	if (argc > 0)
		argv[0] = (char *)name;
	setlocale(LC_CTYPE, "");	/* for quoting names in messages */
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
	/*
	 * glibc gives each thread's first malloc an arena of its own, which
	 * reserves 64 MiB of address space.  Under an address-space limit
	 * (ulimit -v 64 MiB) that reservation fails, and glibc then maps
	 * every allocation of the thread separately until the limit is hit.
	 * The workers allocate little: one shared arena is enough.
	 */
	(void)mallopt(M_ARENA_MAX, 1);
#endif
	for (i = 0; i < sizeof(bsd_tools) / sizeof(bsd_tools[0]); i++)
		if (strcmp(name, bsd_tools[i].name) == 0 &&
		    (alg = mds_alg_find(bsd_tools[i].alg)) != NULL)
			return bsd_main(alg, argc, argv);
	if (strcmp(name, "cksum") == 0)
		return gnu_main(name, MODE_CKSUM, NULL, argc, argv);
	if (strcmp(name, "b3sum") == 0)
		return b3sum_main(argc, argv);
	if (strcmp(name, "sum") == 0)
		return sum_main(argc, argv);
	if (strcmp(name, "b2sum") == 0 &&
	    (alg = mds_alg_find("blake2b")) != NULL)
		return gnu_main(name, MODE_SUM, alg, argc, argv);
	/*
	 * md5sum, sha256sum, ...: coreutils' tool for that algorithm (not
	 * crcsum: the CRCs and sums are cksum's).
	 */
	len = strlen(name);
	if (len > 3 && len - 3 < sizeof(stem) &&
	    strcmp(name + len - 3, "sum") == 0) {
		memcpy(stem, name, len - 3);
		stem[len - 3] = '\0';
		if ((alg = mds_alg_find(stem)) != NULL &&
		    strcmp(stem, mds_alg_name(alg)) == 0 &&
		    !is_sum_format(alg))
			return gnu_main(name, MODE_SUM, alg, argc, argv);
	}
	return gnu_main(name, MODE_MDSUM, NULL, argc, argv);
}
