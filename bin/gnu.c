/*
 * gnu.c: mdsum, the GNU coreutils-style tool: options, their checks
 * (worded as coreutils words them) and the choice of mode.  Invoked as
 * md5sum, sha256sum, sha512hsum or keccak256sum it behaves as coreutils'
 * tool of that name: one algorithm, untagged lines.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

enum {
	OPT_TAG = 256, OPT_UNTAGGED, OPT_BASE64, OPT_NO_NAMES, OPT_JSON,
	OPT_IGNORE_MISSING, OPT_QUIET, OPT_STATUS, OPT_STRICT, OPT_EXPECT,
	OPT_PROGRESS, OPT_BACKEND, OPT_DEBUG, OPT_LIST, OPT_HELP, OPT_VERSION,
	OPT_MMAP, OPT_NO_MMAP, OPT_BENCH, OPT_SIZE, OPT_NO_MULTIBUFFER
};

static const struct option longopts[] = {
	{ "algorithm",	required_argument,	NULL,	'a' },
	{ "archive",	no_argument,		NULL,	'A' },
	{ "binary",	no_argument,		NULL,	'b' },
	{ "check",	no_argument,		NULL,	'c' },
	{ "checklist",	required_argument,	NULL,	'C' },
	{ "jobs",	required_argument,	NULL,	'j' },
	{ "recursive",	no_argument,		NULL,	'R' },
	{ "text",	no_argument,		NULL,	't' },
	{ "warn",	no_argument,		NULL,	'w' },
	{ "zero",	no_argument,		NULL,	'z' },
	{ "tag",	no_argument,		NULL,	OPT_TAG },
	{ "untagged",	no_argument,		NULL,	OPT_UNTAGGED },
	{ "base64",	no_argument,		NULL,	OPT_BASE64 },
	{ "no-names",	no_argument,		NULL,	OPT_NO_NAMES },
	{ "json",	no_argument,		NULL,	OPT_JSON },
	{ "ignore-missing", no_argument,	NULL,	OPT_IGNORE_MISSING },
	{ "quiet",	no_argument,		NULL,	OPT_QUIET },
	{ "status",	no_argument,		NULL,	OPT_STATUS },
	{ "strict",	no_argument,		NULL,	OPT_STRICT },
	{ "expect",	required_argument,	NULL,	OPT_EXPECT },
	{ "progress",	no_argument,		NULL,	OPT_PROGRESS },
	{ "backend",	required_argument,	NULL,	OPT_BACKEND },
	{ "debug",	no_argument,		NULL,	OPT_DEBUG },
	{ "mmap",	no_argument,		NULL,	OPT_MMAP },
	{ "no-mmap",	no_argument,		NULL,	OPT_NO_MMAP },
	{ "no-multibuffer", no_argument,	NULL,	OPT_NO_MULTIBUFFER },
	{ "list",	no_argument,		NULL,	OPT_LIST },
	{ "bench",	no_argument,		NULL,	OPT_BENCH },
	{ "size",	required_argument,	NULL,	OPT_SIZE },
	{ "help",	no_argument,		NULL,	OPT_HELP },
	{ "version",	no_argument,		NULL,	OPT_VERSION },
	{ NULL,		0,			NULL,	0 }
};

/* coreutils' md5sum, sha256sum, ...: their options and no others. */
static const struct option legacy_longopts[] = {
	{ "binary",	no_argument,		NULL,	'b' },
	{ "check",	no_argument,		NULL,	'c' },
	{ "help",	no_argument,		NULL,	OPT_HELP },
	{ "ignore-missing", no_argument,	NULL,	OPT_IGNORE_MISSING },
	{ "quiet",	no_argument,		NULL,	OPT_QUIET },
	{ "status",	no_argument,		NULL,	OPT_STATUS },
	{ "strict",	no_argument,		NULL,	OPT_STRICT },
	{ "tag",	no_argument,		NULL,	OPT_TAG },
	{ "text",	no_argument,		NULL,	't' },
	{ "version",	no_argument,		NULL,	OPT_VERSION },
	{ "warn",	no_argument,		NULL,	'w' },
	{ "zero",	no_argument,		NULL,	'z' },
	{ NULL,		0,			NULL,	0 }
};

static void
try_help(const struct gnu *g)
{
	fprintf(stderr, "Try '%s --help' for more information.\n",
	    g->progname);
}

/* A usage error: the message, the pointer to --help, exit status 1. */
static int
usage_error(const struct gnu *g, const char *msg)
{
	if (msg != NULL)
		warnx("%s", msg);
	try_help(g);
	return 1;
}

static void
help(const struct gnu *g)
{
	if (g->legacy)
		printf("Usage: %s [OPTION]... [FILE]...\n"
		    "Print or check %s checksums.\n", g->progname,
		    mds_alg_tag(g->algs[0]));
	else
		printf("Usage: %s [OPTION]... [FILE]...\n"
		    "Print or check checksums (sha256 unless -a says "
		    "otherwise).\n", g->progname);
	printf("With no FILE, or when FILE is -, read standard input.\n\n");
	if (!g->legacy)
		printf(
"  -a, --algorithm=LIST  comma-separated algorithms (see --list)\n");
	printf(
"  -b, --binary          mark untagged lines with '*' (binary mode)\n"
"  -c, --check           read checksums from the FILEs and check them\n"
"      --tag             BSD-style lines: ALGORITHM (FILE) = DIGEST\n"
"  -t, --text            mark untagged lines with ' ' (text mode)\n"
"  -z, --zero            end each output line with NUL, not newline,\n"
"                        and do not escape file names\n");
	if (!g->legacy)
		printf(
"      --untagged        coreutils-style lines: DIGEST  FILE\n"
"      --base64          print digests in base64\n"
"      --no-names        print only the digests\n"
"      --json            one JSON object per line: file, algorithm,\n"
"                        digest, size\n"
"      --expect=DIGEST   check the one FILE against DIGEST\n"
"  -C, --checklist=MANIFEST  check only the FILEs, against MANIFEST\n"
"  -A, --archive         operands are archives: hash their regular members\n"
"                        (with -c: MANIFEST first, then ARCHIVEs)\n"
"  -R, --recursive       hash the files under directory operands\n"
"  -j, --jobs=N          hash N files at a time (default: CPUs usable)\n"
"      --progress        show progress on stderr when it is a terminal\n"
"      --backend=NAME    portable, native, libmd or openssl\n"
"      --debug           say on stderr how each input is hashed\n"
"      --mmap, --no-mmap map regular files, or read them in blocks\n"
"      --no-multibuffer  hash one file at a time per thread, not several\n"
"                        side by side\n"
"      --list            list algorithms and backends\n"
"      --bench           measure every algorithm on every backend\n"
"      --size=BYTES      with --bench: one message size\n");
	printf("\nThe following options are useful only when verifying "
	    "checksums:\n"
"      --ignore-missing  don't fail or report status for missing files\n"
"      --quiet           don't print OK for each successfully verified "
"file\n"
"      --status          don't output anything, status code shows "
"success\n"
"      --strict          exit non-zero for improperly formatted "
"checksum lines\n"
"  -w, --warn            warn about improperly formatted checksum lines\n"
"\n"
"      --help            display this help and exit\n"
"      --version         output version information and exit\n"
"\nExit status is 0 if all is well, 1 otherwise.\n");
}

/* -a LIST: comma-separated algorithm names; -1 (reported) on error. */
static int
parse_algorithms(struct gnu *g, const char *list)
{
	char *copy, *name, *rest;
	const struct mds_alg *alg;

	if ((copy = strdup(list)) == NULL)
		err(1, NULL);
	g->nalgs = 0;
	for (rest = copy; (name = strsep(&rest, ",")) != NULL;) {
		if ((alg = mds_alg_find(name)) == NULL) {
			warnx("invalid argument '%s' for '--algorithm'", name);
			free(copy);
			return -1;
		}
		if (g->nalgs == MAX_ALGS) {
			warnx("too many algorithms in '%s'", list);
			free(copy);
			return -1;
		}
		g->algs[g->nalgs++] = alg;
	}
	free(copy);
	return 0;
}

static int
parse_jobs(const char *s, size_t *jobs)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || n < 1 || n > 1024) {
		warnx("invalid number of jobs: '%s'", s);
		return -1;
	}
	*jobs = (size_t)n;
	return 0;
}

/* --size=BYTES for --bench: 1 to 1 GiB. */
static int
parse_size(const char *s, size_t *size)
{
	char *end;
	long long n;

	errno = 0;
	n = strtoll(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || n < 1 ||
	    n > 1024LL * 1024 * 1024) {
		warnx("invalid size: '%s'", s);
		return -1;
	}
	*size = (size_t)n;
	return 0;
}

int
gnu_list(void)
{
	const struct mds_alg *alg;
	const char *be;
	size_t i;

	printf("algorithms:\n");
	for (i = 0; (alg = mds_alg_at(i)) != NULL; i++)
		printf("%s\n", mds_alg_name(alg));
	printf("\nbackends:\n");
	for (i = 0; (be = mds_backend_at(i)) != NULL; i++)
		printf("%s%s\n", be, mds_backend_built(be) == 1 ? "" :
		    " (not built)");
	printf("\ndefault implementation per algorithm:\n");
	for (i = 0; (alg = mds_alg_at(i)) != NULL; i++) {
		mds_ctx ctx;

		if (mds_init(&ctx, alg) == -1) {
			printf("%s (none: %s)\n", mds_alg_name(alg),
			    strerror(errno));
			continue;
		}
		printf("%s %s %s\n", mds_alg_name(alg), mds_ctx_backend(&ctx),
		    mds_ctx_impl(&ctx));
		mds_discard(&ctx);
	}
	printf("\nmulti-buffer kernel per algorithm (files hashed at once):\n");
	for (i = 0; (alg = mds_alg_at(i)) != NULL; i++) {
		struct mds_lanes *s = mds_lanes_new(alg);

		if (s != NULL && mds_lanes_width(s) > 1)
			printf("%s %s %zu\n", mds_alg_name(alg),
			    mds_lanes_kernel(s), mds_lanes_width(s));
		else
			printf("%s none 1\n", mds_alg_name(alg));
		mds_lanes_free(s);
	}
	printf("\ndispatch levels:\n");
	for (i = 0; (be = mds_cpu_level_at(i)) != NULL; i++)
		if (mds_cpu_has_level(be) == 1)
			printf("%s%s\n", be, strcmp(be, mds_cpu_level()) == 0 ?
			    " (in use)" : "");
	/*
	 * The defaults above are the ranking built in, which small inputs
	 * keep; larger work takes what is measured now (see Tuning).
	 */
	printf("\nmeasured on this CPU (MB/s over all lanes; * chosen for "
	    "large inputs):\n");
	for (i = 0; (alg = mds_alg_at(i)) != NULL; i++) {
		(void)mds_tune(alg, MDS_TUNE_NOW);
		print_tuning(stdout, alg);
	}
	printf("\nread path for large files:\n");
	print_read_probe(stdout);
	return close_stdout() == 0 ? 0 : 1;
}

/* The consistency checks coreutils makes, in its words. */
static const char *
check_options(const struct gnu *g, int prefix_tag, int binary)
{
	/* -C and --expect verify too, and take the options of -c. */
	int verifying = g->check || g->checklist != NULL || g->expect != NULL;

	if (prefix_tag && binary == 0)
		return g->legacy ? "--tag does not support --text mode" :
		    "--text mode is only supported with --untagged";
	if (g->delim != '\n' && g->check)
		return "the --zero option is not supported when verifying "
		    "checksums";
	if (g->legacy && prefix_tag && g->check)
		return "the --tag option is meaningless when verifying "
		    "checksums";
	if (binary >= 0 && g->check)
		return "the --binary and --text options are meaningless when "
		    "verifying checksums";
	if (g->ignore_missing && !verifying)
		return "the --ignore-missing option is meaningful only when "
		    "verifying checksums";
	if (g->status_only && !verifying)
		return "the --status option is meaningful only when verifying "
		    "checksums";
	if (g->warn && !verifying)
		return "the --warn option is meaningful only when verifying "
		    "checksums";
	if (g->quiet && !verifying)
		return "the --quiet option is meaningful only when verifying "
		    "checksums";
	if (g->strict && !verifying)
		return "the --strict option is meaningful only when verifying "
		    "checksums";
	/* Options of the digest lines that checking would silently drop. */
	if (verifying && g->recursive)
		return "the --recursive option is meaningless when verifying "
		    "checksums";
	if (verifying && g->base64)
		return "the --base64 option is meaningless when verifying "
		    "checksums";
	if (verifying && g->no_names)
		return "the --no-names option is meaningless when verifying "
		    "checksums";
	return NULL;
}

int
gnu_main(const char *progname, const struct mds_alg *legacy_alg, int argc,
    char **argv)
{
	struct gnu g;
	static char *stdin_argv[3] = { "-", "-", NULL };
	const char *msg, *shortopts, *backend = NULL;
	int ch, prefix_tag = -1, binary = -1, list = 0, bench = 0, status;
	size_t size = 0;

	memset(&g, 0, sizeof(g));
	g.progname = progname;
	g.delim = '\n';
	g.jobs = default_jobs();
	g.algs[0] = legacy_alg != NULL ? legacy_alg : mds_alg_find("sha256");
	g.nalgs = 1;
	g.legacy = legacy_alg != NULL;
	g.algs_given = g.legacy;
	gnu_messages = 1;
	lines_init();	/* stdout's buffering, and whole lines */
	shortopts = g.legacy ? "bctwz" : "Aa:bcC:j:Rtwz";

	while ((ch = getopt_long(argc, argv, shortopts,
	    g.legacy ? legacy_longopts : longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			if (parse_algorithms(&g, optarg) == -1)
				return usage_error(&g, NULL);
			g.algs_given = 1;
			break;
		case 'A':
			g.archive = 1;
			break;
		case 'b':
			binary = 1;
			break;
		case 'c':
			g.check = 1;
			break;
		case 'C':
			g.checklist = optarg;
			break;
		case 'j':
			if (parse_jobs(optarg, &g.jobs) == -1)
				return usage_error(&g, NULL);
			break;
		case 'R':
			g.recursive = 1;
			break;
		case 't':
			binary = 0;
			break;
		case 'w':
			g.status_only = 0;
			g.warn = 1;
			g.quiet = 0;
			break;
		case 'z':
			g.delim = '\0';
			break;
		case OPT_TAG:
			prefix_tag = 1;
			binary = 1;
			break;
		case OPT_UNTAGGED:
			if (prefix_tag == 1)
				binary = -1;
			prefix_tag = 0;
			break;
		case OPT_BASE64:
			g.base64 = 1;
			break;
		case OPT_NO_NAMES:
			g.no_names = 1;
			break;
		case OPT_JSON:
			g.json = 1;
			break;
		case OPT_IGNORE_MISSING:
			g.ignore_missing = 1;
			break;
		case OPT_QUIET:
			g.status_only = 0;
			g.warn = 0;
			g.quiet = 1;
			break;
		case OPT_STATUS:
			g.status_only = 1;
			g.warn = 0;
			g.quiet = 0;
			break;
		case OPT_STRICT:
			g.strict = 1;
			break;
		case OPT_EXPECT:
			g.expect = optarg;
			break;
		case OPT_PROGRESS:
			g.progress = isatty(STDERR_FILENO);
			break;
		case OPT_BACKEND:
			if (mds_set_backend(optarg) == -1) {
				warnx("--backend=%s: %s", optarg,
				    errno == ENOTSUP ? "backend not built in "
				    "this program" : "no such backend");
				return usage_error(&g, NULL);
			}
			backend = optarg;
			break;
		case OPT_BENCH:
			bench = 1;
			break;
		case OPT_SIZE:
			if (parse_size(optarg, &size) == -1)
				return usage_error(&g, NULL);
			break;
		case OPT_DEBUG:
			debug_flag = 1;
			break;
		case OPT_MMAP:
			read_mode = MDS_READ_MMAP;
			break;
		case OPT_NO_MMAP:
			read_mode = MDS_READ_LOOP;
			break;
		case OPT_NO_MULTIBUFFER:
			multibuffer = 0;
			break;
		case OPT_LIST:
			list = 1;
			break;
		case OPT_HELP:
			help(&g);
			return close_stdout() == 0 ? 0 : 1;
		case OPT_VERSION:
			printf("%s (mdsum) %s\n", g.progname, MDSUM_VERSION);
			return close_stdout() == 0 ? 0 : 1;
		default:
			return usage_error(&g, NULL);
		}
	}
	argc -= optind;
	argv += optind;
	if (check_backend_env() == -1)
		return 1;
	if (list)
		return gnu_list();
	if (bench) {
		status = bench_table(g.algs_given ? g.algs : NULL,
		    g.algs_given ? g.nalgs : 0, size, backend);
		return close_stdout() == 0 ? status : 1;
	}
	if (size != 0)
		return usage_error(&g, "--size goes with --bench");
	if (prefix_tag == -1)
		prefix_tag = !g.legacy;
	if ((msg = check_options(&g, prefix_tag, binary)) != NULL)
		return usage_error(&g, msg);
	g.tagged = prefix_tag;
	g.binary = binary;
	if (g.expect != NULL && (argc != 1 || g.check || g.checklist))
		return usage_error(&g, "--expect takes exactly one FILE");
	if (g.checklist != NULL && g.check)
		return usage_error(&g, "--checklist and --check exclude "
		    "each other");
	if ((g.expect != NULL || g.checklist != NULL || g.check) &&
	    g.nalgs > 1 && g.expect != NULL)
		return usage_error(&g, "--expect takes one algorithm");

	if (g.archive && (g.expect != NULL || g.checklist != NULL ||
	    g.recursive))
		return usage_error(&g, "--archive does not go with --expect, "
		    "--checklist or --recursive");
	if (g.archive && g.check && argc < 1)
		return usage_error(&g, "--archive --check takes a MANIFEST "
		    "and then ARCHIVEs");

	/* No FILE (no ARCHIVE after -A -c's MANIFEST): standard input. */
	if (argc == (g.archive && g.check ? 1 : 0) && g.expect == NULL &&
	    g.checklist == NULL) {
		if (argc == 1)
			stdin_argv[0] = argv[0];	/* the manifest */
		argv = stdin_argv;
		argc++;
	}

	if (g.archive && g.check)
		status = gnu_check_archives(&g, argv[0], argv + 1,
		    (size_t)argc - 1);
	else if (g.archive)
		status = gnu_archive_generate(&g, argv, (size_t)argc);
	else if (g.expect != NULL)
		status = gnu_expect(&g, argv[0]);
	else if (g.checklist != NULL)
		status = gnu_checklist(&g, argv, (size_t)argc);
	else if (g.check)
		status = gnu_check(&g, argv, (size_t)argc);
	else
		status = gnu_generate(&g, argv, (size_t)argc);
	if (debug_flag)
		debug_tuning();
	if (close_stdout() == -1)
		status = 1;
	return status;
}
