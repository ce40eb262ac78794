/*
 * mdsum.c: the only main().  The BSD tools md5, sha256, sha512h and
 * keccak256 are this one program under several names (links made by the
 * build); the name picks the algorithm.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int debug_flag;

int
main(int argc, char **argv)
{
	static const char *const bsd_tools[] = {
		"md5", "sha256", "sha512h", "keccak256"
	};
	const char *name, *slash;
	size_t i;

	name = argv[0] != NULL ? argv[0] : "md5";
	if ((slash = strrchr(name, '/')) != NULL)
		name = slash + 1;
	/* getopt_long names the program by argv[0]: make it the short name. */
	if (argc > 0)
		argv[0] = (char *)name;
	for (i = 0; i < sizeof(bsd_tools) / sizeof(bsd_tools[0]); i++)
		if (strcmp(name, bsd_tools[i]) == 0)
			return bsd_main(mds_alg_find(name), argc, argv);
	errx(1, "invoke as md5, sha256, sha512h or keccak256 (not %s)", name);
}
