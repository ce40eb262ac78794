/*
 * sum.c: coreutils' sum.  -r, the default, prints BSD's 16-bit checksum
 * and the size in 1024-byte blocks; -s and --sysv print System V's and
 * the size in 512-byte blocks.  The sums are the registry's bsd and sysv
 * rows and the lines are cksum -a bsd's and -a sysv's: the FILEs go
 * through the GNU-style tool's generate action.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>

#include "gnu.h"

enum { OPT_HELP = 256, OPT_VERSION };

static const struct option sum_longopts[] = {
	{ "sysv",	no_argument,	NULL,	's' },
	{ "help",	no_argument,	NULL,	OPT_HELP },
	{ "version",	no_argument,	NULL,	OPT_VERSION },
	{ NULL,		0,		NULL,	0 }
};

static void	sum_help(const char *);

static void
sum_help(const char *progname)
{
	printf("Usage: %s [OPTION]... [FILE]...\n"
	    "Print a 16-bit checksum and the size in blocks of each FILE.\n"
	    "With no FILE, or when FILE is -, read standard input.\n\n",
	    progname);
	printf(
"  -r                BSD checksum, size in 1024-byte blocks (the default)\n"
"  -s, --sysv        System V checksum, size in 512-byte blocks\n"
"      --help        display this help and exit\n"
"      --version     output version information and exit\n"
"\nExit status is 0 if all is well, 1 otherwise.\n");
}

int
sum_main(int argc, char **argv)
{
	static char *stdin_argv[2] = { "-", NULL };
	struct gnu g;
	const char *alg = "bsd";
	size_t n;
	int ch, status;

	gnu_defaults(&g, argv[0]);
	g.legacy = 1;
	g.nalgs = 1;
	g.algs_given = 1;
	gnu_messages = 1;
	lines_init();

	/* The last of -r and -s wins, as in coreutils. */
	while ((ch = getopt_long(argc, argv, "rs", sum_longopts, NULL)) != -1)
		switch (ch) {
		case 'r':
			alg = "bsd";
			break;
		case 's':
			alg = "sysv";
			break;
		case OPT_HELP:
			sum_help(g.progname);
			return close_stdout() == 0 ? 0 : 1;
		case OPT_VERSION:
			printf("%s (mdsum) %s\n", g.progname, MDSUM_VERSION);
			return close_stdout() == 0 ? 0 : 1;
		default:
			return usage_error(&g, NULL);
		}
	if ((g.algs[0] = mds_alg_find(alg)) == NULL)
		errx(1, "%s: not in this build", alg);
	argv += optind;
	n = (size_t)(argc - optind);
	/* A name follows the sum only when FILEs were given, "-" too. */
	g.named = n != 0;
	if (n == 0) {
		argv = stdin_argv;
		n = 1;
	}
	status = gnu_generate(&g, argv, n);
	if (close_stdout() == -1)
		status = 1;
	return status;
}
