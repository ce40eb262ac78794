/*
 * gnu.c: mdsum, the GNU coreutils-style tool: options, their checks
 * (worded as coreutils words them) and the choice of mode.  Invoked as
 * md5sum, sha1sum, sha224sum, b2sum, ... it behaves as coreutils' tool of
 * that name: one algorithm, untagged lines; invoked as cksum, as
 * coreutils' cksum: crc by default, -a from its list, tagged lines.
 */
#include <ctype.h>
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
	OPT_MMAP, OPT_NO_MMAP, OPT_BENCH, OPT_SIZE, OPT_NO_MULTIBUFFER,
	OPT_RAW, OPT_AUDIT, OPT_UPDATE, OPT_FILES0_FROM, OPT_PRUNE, OPT_REFRESH,
	OPT_EXCLUDE, OPT_INCLUDE, OPT_MAX_DEPTH, OPT_ONE_FILE_SYSTEM
};

static const struct option longopts[] = {
	{ "algorithm",	required_argument,	NULL,	'a' },
	{ "archive",	no_argument,		NULL,	'A' },
	{ "binary",	no_argument,		NULL,	'b' },
	{ "check",	no_argument,		NULL,	'c' },
	{ "checklist",	required_argument,	NULL,	'C' },
	{ "jobs",	required_argument,	NULL,	'j' },
	{ "length",	required_argument,	NULL,	'l' },
	{ "recursive",	no_argument,		NULL,	'R' },
	{ "follow",	no_argument,		NULL,	'L' },
	{ "exclude",	required_argument,	NULL,	OPT_EXCLUDE },
	{ "include",	required_argument,	NULL,	OPT_INCLUDE },
	{ "max-depth",	required_argument,	NULL,	OPT_MAX_DEPTH },
	{ "one-file-system", no_argument,	NULL,	OPT_ONE_FILE_SYSTEM },
	{ "text",	no_argument,		NULL,	't' },
	{ "warn",	no_argument,		NULL,	'w' },
	{ "zero",	no_argument,		NULL,	'z' },
	{ "tag",	no_argument,		NULL,	OPT_TAG },
	{ "untagged",	no_argument,		NULL,	OPT_UNTAGGED },
	{ "base64",	no_argument,		NULL,	OPT_BASE64 },
	{ "raw",	no_argument,		NULL,	OPT_RAW },
	{ "no-names",	no_argument,		NULL,	OPT_NO_NAMES },
	{ "json",	no_argument,		NULL,	OPT_JSON },
	{ "ignore-missing", no_argument,	NULL,	OPT_IGNORE_MISSING },
	{ "quiet",	no_argument,		NULL,	OPT_QUIET },
	{ "status",	no_argument,		NULL,	OPT_STATUS },
	{ "strict",	no_argument,		NULL,	OPT_STRICT },
	{ "expect",	required_argument,	NULL,	OPT_EXPECT },
	{ "files0-from", required_argument,	NULL,	OPT_FILES0_FROM },
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
	{ "audit",	required_argument,	NULL,	OPT_AUDIT },
	{ "update",	required_argument,	NULL,	OPT_UPDATE },
	{ "prune",	no_argument,		NULL,	OPT_PRUNE },
	{ "refresh",	no_argument,		NULL,	OPT_REFRESH },
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

/* b2sum: those and -l/--length. */
static const struct option b2sum_longopts[] = {
	{ "binary",	no_argument,		NULL,	'b' },
	{ "check",	no_argument,		NULL,	'c' },
	{ "help",	no_argument,		NULL,	OPT_HELP },
	{ "ignore-missing", no_argument,	NULL,	OPT_IGNORE_MISSING },
	{ "length",	required_argument,	NULL,	'l' },
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

/*
 * coreutils' cksum 9.1, and --base64 and --raw of 9.2 and later.  Its
 * -b and -t are known letters that 9.1 refuses with no message.
 */
static const struct option cksum_longopts[] = {
	{ "algorithm",	required_argument,	NULL,	'a' },
	{ "base64",	no_argument,		NULL,	OPT_BASE64 },
	{ "check",	no_argument,		NULL,	'c' },
	{ "debug",	no_argument,		NULL,	OPT_DEBUG },
	{ "help",	no_argument,		NULL,	OPT_HELP },
	{ "ignore-missing", no_argument,	NULL,	OPT_IGNORE_MISSING },
	{ "length",	required_argument,	NULL,	'l' },
	{ "quiet",	no_argument,		NULL,	OPT_QUIET },
	{ "raw",	no_argument,		NULL,	OPT_RAW },
	{ "status",	no_argument,		NULL,	OPT_STATUS },
	{ "strict",	no_argument,		NULL,	OPT_STRICT },
	{ "tag",	no_argument,		NULL,	OPT_TAG },
	{ "untagged",	no_argument,		NULL,	OPT_UNTAGGED },
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

/* cksum --help: its options and its list of algorithms. */
static void
cksum_help(const struct gnu *g)
{
	printf("Usage: %s [OPTION]... [FILE]...\n"
	    "Print or verify checksums.\n"
	    "By default use the 32 bit CRC algorithm.\n\n"
	    "With no FILE, or when FILE is -, read standard input.\n\n",
	    g->progname);
	printf(
"  -a, --algorithm=TYPE  select the digest type to use.  See DIGEST below\n"
"      --base64          emit base64-encoded digests, not hexadecimal\n"
"  -c, --check           read checksums from the FILEs and check them\n"
"  -l, --length=BITS     digest length in bits; must not exceed the max for\n"
"                          the blake2 algorithm and must be a multiple of 8;\n"
"                          224, 256, 384 or 512 for sha2 and sha3\n"
"      --raw             emit a raw binary digest, not hexadecimal\n"
"      --tag             create a BSD-style checksum (the default)\n"
"      --untagged        create a reversed style checksum, without digest "
"type\n"
"  -z, --zero            end each output line with NUL, not newline,\n"
"                          and disable file name escaping\n"
"\nThe following five options are useful only when verifying checksums:\n"
"      --ignore-missing  don't fail or report status for missing files\n"
"      --quiet           don't print OK for each successfully verified "
"file\n"
"      --status          don't output anything, status code shows "
"success\n"
"      --strict          exit non-zero for improperly formatted checksum "
"lines\n"
"  -w, --warn            warn about improperly formatted checksum lines\n"
"\n"
"      --debug           say on stderr how each input is hashed\n"
"      --help            display this help and exit\n"
"      --version         output version information and exit\n"
"\nDIGEST determines the digest algorithm and default output format:\n"
"  sysv      (equivalent to sum -s)\n"
"  bsd       (equivalent to sum -r)\n"
"  crc       (equivalent to cksum)\n"
"  crc32b    (the CRC-32 of zlib and gzip)\n"
"  md5       (equivalent to md5sum)\n"
"  sha1      (equivalent to sha1sum)\n"
"  sha224    (equivalent to sha224sum)\n"
"  sha256    (equivalent to sha256sum)\n"
"  sha384    (equivalent to sha384sum)\n"
"  sha512    (equivalent to sha512sum)\n"
"  sha2      (SHA-2 of --length bits)\n"
"  sha3      (SHA-3 of --length bits)\n"
"  blake2b   (equivalent to b2sum)\n"
"  sm3       (only available through cksum)\n"
"\nExit status is 0 if all is well, 1 otherwise.\n");
}

static void
help(const struct gnu *g)
{
	if (g->cksum) {
		cksum_help(g);
		return;
	}
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
"  -a, --algorithm=LIST  comma-separated algorithms (-a help lists them)\n");
	printf(
"  -b, --binary          mark untagged lines with '*' (binary mode)\n"
"  -c, --check           read checksums from the FILEs and check them\n");
	if (g->legacy && g->fams[0] != NULL)
		printf(
"  -l, --length=BITS     digest length in bits, a multiple of 8 up to 512\n");
	else if (!g->legacy)
		printf(
"  -l, --length=BITS     digest length in bits: for blake2b a multiple of 8\n"
"                        up to 512, for sha2 and sha3 224, 256, 384 or 512\n");
	printf(
"      --tag             BSD-style lines: ALGORITHM (FILE) = DIGEST\n"
"  -t, --text            mark untagged lines with ' ' (text mode)\n"
"  -z, --zero            end each output line with NUL, not newline,\n"
"                        and do not escape file names\n");
	if (!g->legacy)
		printf(
"      --untagged        coreutils-style lines: DIGEST  FILE\n"
"      --base64          print digests in base64\n"
"      --raw             print the digest of the one FILE as bytes\n"
"      --no-names        print only the digests\n"
"      --json            one JSON object per line: file, algorithm,\n"
"                        digest, size\n"
"      --expect=DIGEST   check the one FILE against DIGEST\n"
"  -C, --checklist=MANIFEST  check only the FILEs, against MANIFEST\n"
"      --audit=MANIFEST  compare the FILEs (the listed ones if none) with\n"
"                        MANIFEST: ok, changed, moved, new or missing\n"
"      --update=MANIFEST  add lines for the FILEs MANIFEST does not list\n"
"      --prune           with --update: drop the lines of files now gone\n"
"      --refresh         with --update: rewrite the lines of files changed\n"
"  -A, --archive         operands are archives: hash their regular members\n"
"                        (with -c: MANIFEST first, then ARCHIVEs)\n"
"  -R, --recursive       hash the files under directory operands\n"
"  -L, --follow          with -R: follow symbolic links in the trees\n"
"      --exclude=GLOB    with -R: leave out what GLOB matches: a name, or\n"
"                        with a '/' a path below the operand\n"
"      --include=GLOB    with -R: keep what GLOB matches; the first rule\n"
"                        that matches decides, and with an --include a\n"
"                        file no rule matches is left out\n"
"      --max-depth=N     with -R: go at most N levels below the operands\n"
"      --one-file-system with -R: stay on the operands' file systems\n"
"      --files0-from=F   hash the files named in F, NUL-separated (- for\n"
"                        standard input), not FILE operands\n"
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

/* Is alg (or family fam, when alg is NULL) in -a's list already? */
static int
listed(const struct gnu *g, const struct mds_alg *alg,
    const struct family *fam)
{
	size_t i;

	for (i = 0; i < g->nalgs; i++)
		if (g->algs[i] == alg && (alg != NULL || g->fams[i] == fam))
			return 1;
	return 0;
}

/*
 * -a LIST: comma-separated algorithm names, or families that -l
 * completes (sha2, sha3; blake2b is both); -1 (reported) on error.
 */
static int
parse_algorithms(struct gnu *g, const char *list)
{
	char *copy, *name, *rest;
	const struct mds_alg *alg;
	const struct family *fam;

	if ((copy = strdup(list)) == NULL)
		err(1, NULL);
	g->nalgs = 0;
	for (rest = copy; (name = strsep(&rest, ",")) != NULL;) {
		alg = mds_alg_find(name);
		fam = alg != NULL ? family_of(alg) : family_find(name);
		if (alg == NULL && fam == NULL) {
			warnx("invalid argument %s for %s", quote_arg(name),
		    quote_arg("--algorithm"));
			fputs("Valid arguments are:\n", stderr);
			put_alg_names(stderr, 1);
			free(copy);
			return -1;
		}
		if (listed(g, alg, fam))
			continue;	/* -a sha256,sha256: one line */
		if (g->nalgs == MAX_ALGS) {
			warnx("too many algorithms in '%s'", list);
			free(copy);
			return -1;
		}
		g->fams[g->nalgs] = fam;
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
		warnx("invalid number of jobs: %s", quote_arg(s));
		return -1;
	}
	*jobs = (size_t)n;
	return 0;
}

/* --max-depth=N: 0 (the operands alone) or more, as find -maxdepth. */
static int
parse_depth(const char *s, long *depth)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (!isdigit((unsigned char)*s) || errno != 0 || *end != '\0') {
		warnx("invalid maximum depth: %s", quote_arg(s));
		return -1;
	}
	*depth = n;
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
		warnx("invalid size: %s", quote_arg(s));
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

/* Does -a name crc, crc32b, sysv or bsd, which have no check mode? */
static int
has_sum_format(const struct gnu *g)
{
	size_t i;

	for (i = 0; i < g->nalgs; i++)
		if (is_sum_format(g->algs[i]))
			return 1;
	return 0;
}

/* The consistency checks coreutils makes, in its words. */
static const char *
check_options(const struct gnu *g, int prefix_tag, int binary)
{
	/* -C and --expect verify too, and take the options of -c. */
	int verifying = g->check || g->checklist != NULL || g->expect != NULL ||
	    g->audit != NULL;

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
	if (verifying && g->recursive && g->audit == NULL)
		return "the --recursive option is meaningless when verifying "
		    "checksums";
	if (verifying && g->base64 && !g->cksum)
		return "the --base64 option is meaningless when verifying "
		    "checksums";
	if (verifying && g->raw && !g->cksum)
		return "the --raw option is meaningless when verifying "
		    "checksums";
	if (verifying && g->no_names)
		return "the --no-names option is meaningless when verifying "
		    "checksums";
	return NULL;
}

int
gnu_main(const char *progname, enum gnu_mode mode,
    const struct mds_alg *legacy_alg, int argc, char **argv)
{
	struct gnu g;
	static char *stdin_argv[3] = { "-", "-", NULL };
	const char *msg, *shortopts, *backend = NULL, *length_str = "";
	const struct option *opts;
	int ch, prefix_tag = -1, binary = -1, list = 0, bench = 0, status;
	size_t size = 0;
	uintmax_t length = 0;

	memset(&g, 0, sizeof(g));
	g.progname = progname;
	g.delim = '\n';
	g.jobs = default_jobs();
	g.max_depth = -1;
	g.legacy = mode == MODE_SUM;
	g.cksum = mode == MODE_CKSUM;
	g.algs[0] = g.legacy ? legacy_alg : mds_alg_find(g.cksum ? "crc" :
	    "sha256");
	g.fams[0] = g.legacy ? family_of(legacy_alg) : NULL;
	g.nalgs = 1;
	g.algs_given = g.legacy;
	gnu_messages = 1;
	lines_init();	/* stdout's buffering, and whole lines */
	if (g.cksum) {
		shortopts = "a:l:bctwz";
		opts = cksum_longopts;
	} else if (g.legacy) {
		shortopts = g.fams[0] != NULL ? "l:bctwz" : "bctwz";
		opts = g.fams[0] != NULL ? b2sum_longopts : legacy_longopts;
	} else {
		shortopts = "Aa:bcC:j:l:LRtwz";
		opts = longopts;
	}

	while ((ch = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
		/* cksum 9.1 knows -b and -t but takes neither. */
		if (g.cksum && (ch == 'b' || ch == 't'))
			return usage_error(&g, NULL);
		switch (ch) {
		case 'a':
			/* the names alone: --list would measure */
			if (!g.cksum && strcmp(optarg, "help") == 0) {
				put_alg_names(stdout, 0);
				return close_stdout() == 0 ? 0 : 1;
			}
			if ((g.cksum ? cksum_algorithm(&g, optarg) :
			    parse_algorithms(&g, optarg)) == -1)
				return usage_error(&g, NULL);
			g.algs_given = 1;
			break;
		case 'l':
			if (parse_length(optarg, &length) == -1)
				return 1;
			length_str = optarg;
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
		case 'L':
			g.follow = 1;
			break;
		case OPT_EXCLUDE:
		case OPT_INCLUDE:
			if (walk_add_rule(&g, optarg, ch == OPT_INCLUDE) == -1)
				return usage_error(&g, NULL);
			break;
		case OPT_MAX_DEPTH:
			if (parse_depth(optarg, &g.max_depth) == -1)
				return usage_error(&g, NULL);
			break;
		case OPT_ONE_FILE_SYSTEM:
			g.one_fs = 1;
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
			if (!g.cksum)	/* 9.1's cksum leaves it */
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
		case OPT_RAW:
			g.raw = 1;
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
		case OPT_AUDIT:
			g.audit = optarg;
			break;
		case OPT_UPDATE:
			g.update = optarg;
			break;
		case OPT_PRUNE:
			g.prune = 1;
			break;
		case OPT_REFRESH:
			g.refresh = 1;
			break;
		case OPT_FILES0_FROM:
			g.files0_from = optarg;
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
	if (apply_length(&g, length, length_str, g.check ||
	    g.checklist != NULL || list || bench) == -1)
		return 1;
	if (g.algs[0] == NULL && !g.check) {
		warnx("crc: not in this build");	/* cksum's default */
		return 1;
	}
	if (list)
		return gnu_list();
	if (bench) {
		status = bench_table(g.algs_given ? g.algs : NULL,
		    g.algs_given ? g.nalgs : 0, size, backend);
		return close_stdout() == 0 ? status : 1;
	}
	if (size != 0)
		return usage_error(&g, "--size goes with --bench");
	if (!g.recursive && (g.follow || g.nrules != 0 || g.max_depth != -1 ||
	    g.one_fs))
		return usage_error(&g, "-L, --exclude, --include, --max-depth "
		    "and --one-file-system need -R");
	if (g.check && g.algs_given && has_sum_format(&g)) {
		warnx("--check is not supported with "
		    "--algorithm={bsd,sysv,crc}");
		return 1;
	}
	if (g.base64 && g.raw)
		return usage_error(&g, "--base64 and --raw are mutually "
		    "exclusive");
	if (prefix_tag == -1)
		prefix_tag = !g.legacy;
	if ((msg = audit_options(&g, binary, (size_t)argc)) != NULL ||
	    (msg = check_options(&g, prefix_tag, binary)) != NULL)
		return usage_error(&g, msg);
	g.tagged = prefix_tag;
	g.binary = binary;
	if (g.raw && (g.nalgs > 1 || g.recursive || g.archive || g.json ||
	    g.no_names))
		return usage_error(&g, "--raw prints one digest: not with "
		    "several algorithms, -R, -A, --json or --no-names");
	if (g.raw && argc > 1) {
		warnx("the --raw option is not supported with multiple files");
		return 1;
	}
	if (g.files0_from != NULL && argc != 0) {
		/* as GNU du and wc say it */
		warnx(quotef(argv[0]) == argv[0] ? "extra operand '%s'" :
		    "extra operand %s", quotef(argv[0]));
		fprintf(stderr, "file operands cannot be combined with "
		    "--files0-from\n");
		return usage_error(&g, NULL);
	}
	if (g.files0_from != NULL && (g.check || g.checklist != NULL ||
	    g.expect != NULL || g.archive || g.raw))
		return usage_error(&g, "--files0-from does not go with --check, "
		    "--checklist, --expect, --archive or --raw");
	g.named = argc != 0 || g.files0_from != NULL;
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
	    g.checklist == NULL && g.audit == NULL && g.update == NULL &&
	    g.files0_from == NULL) {
		if (argc == 1)
			stdin_argv[0] = argv[0];	/* the manifest */
		argv = stdin_argv;
		argc++;
	}

	progress_start(&g, argv, (size_t)argc);
	if (g.audit != NULL)
		status = gnu_audit(&g, argv, (size_t)argc);
	else if (g.update != NULL)
		status = gnu_update(&g, argv, (size_t)argc);
	else if (g.archive && g.check)
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
	progress_end();
	if (debug_flag)
		debug_tuning();
	if (close_stdout() == -1)
		status = 1;
	return status;
}
