/*
 * gnu.c: mdsum, the GNU coreutils-style tool: its options parsed, the
 * action they choose, checked (gnu_options.c) and run.  Invoked as
 * md5sum, sha1sum, sha224sum, b2sum, ... it behaves as coreutils' tool of
 * that name: one algorithm, untagged lines; invoked as cksum, as
 * coreutils' cksum: crc by default, -a from its list, tagged lines.
 */
#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gnu.h"

enum {
	OPT_TAG = 256, OPT_UNTAGGED, OPT_BASE64, OPT_NO_NAMES, OPT_JSON,
	OPT_IGNORE_MISSING, OPT_QUIET, OPT_STATUS, OPT_STRICT, OPT_EXPECT,
	OPT_PROGRESS, OPT_BACKEND, OPT_DEBUG, OPT_LIST, OPT_HELP, OPT_VERSION,
	OPT_MMAP, OPT_NO_MMAP, OPT_BENCH, OPT_SIZE, OPT_NO_MULTIBUFFER,
	OPT_RAW, OPT_AUDIT, OPT_UPDATE, OPT_FILES0_FROM, OPT_PRUNE, OPT_REFRESH,
	OPT_EXCLUDE, OPT_INCLUDE, OPT_MAX_DEPTH, OPT_ONE_FILE_SYSTEM,
	OPT_KEYED, OPT_DERIVE_KEY
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
	{ "self-test",	no_argument,		NULL,	'x' },
	{ "size",	required_argument,	NULL,	OPT_SIZE },
	{ "help",	no_argument,		NULL,	OPT_HELP },
	{ "version",	no_argument,		NULL,	OPT_VERSION },
	{ "audit",	required_argument,	NULL,	OPT_AUDIT },
	{ "update",	required_argument,	NULL,	OPT_UPDATE },
	{ "prune",	no_argument,		NULL,	OPT_PRUNE },
	{ "refresh",	no_argument,		NULL,	OPT_REFRESH },
	{ "keyed",	no_argument,		NULL,	OPT_KEYED },
	{ "derive-key",	required_argument,	NULL,	OPT_DERIVE_KEY },
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
 * coreutils' cksum 9.1, --base64 and --raw of 9.2 and later, and -b,
 * -t, --binary and --text of 9.4 and later (for --untagged lines).
 */
static const struct option cksum_longopts[] = {
	{ "algorithm",	required_argument,	NULL,	'a' },
	{ "base64",	no_argument,		NULL,	OPT_BASE64 },
	{ "binary",	no_argument,		NULL,	'b' },
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
	{ "text",	no_argument,		NULL,	't' },
	{ "untagged",	no_argument,		NULL,	OPT_UNTAGGED },
	{ "version",	no_argument,		NULL,	OPT_VERSION },
	{ "warn",	no_argument,		NULL,	'w' },
	{ "zero",	no_argument,		NULL,	'z' },
	{ NULL,		0,			NULL,	0 }
};

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


/*
 * The options, into o.  Returns PARSED, or the exit status when one of
 * them ends the run: --help, --version, -a help, or a usage error.
 */
#define PARSED	(-1)
static int
parse_options(struct gnu_opts *o, int argc, char **argv)
{
	struct gnu *g = &o->g;
	const char *shortopts;
	const struct option *opts;
	int ch;

	if (g->cksum) {
		shortopts = "a:l:bctwz";
		opts = cksum_longopts;
	} else if (g->legacy) {
		shortopts = g->fams[0] != NULL ? "l:bctwz" : "bctwz";
		opts = g->fams[0] != NULL ? b2sum_longopts : legacy_longopts;
	} else {
		shortopts = "Aa:bcC:j:l:LRtwxz";
		opts = longopts;
	}
	while ((ch = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			/* the names alone: --list would measure */
			if (!g->cksum && strcmp(optarg, "help") == 0) {
				put_alg_names(stdout, 0);
				return close_stdout() == 0 ? 0 : 1;
			}
			if ((g->cksum ? cksum_algorithm(g, optarg) :
			    parse_algorithms(g, optarg)) == -1)
				return usage_error(g, NULL);
			g->algs_given = 1;
			break;
		case 'l':
			if (parse_length(optarg, &o->length) == -1)
				return 1;
			o->length_arg = optarg;
			break;
		case 'A':
			g->archive = 1;
			break;
		case 'b':
			g->binary = 1;
			break;
		case 'c':
			g->check = 1;
			break;
		case 'C':
			g->checklist = optarg;
			break;
		case 'j':
			if (parse_jobs(optarg, &g->jobs) == -1)
				return usage_error(g, NULL);
			break;
		case 'R':
			g->recursive = 1;
			break;
		case 'L':
			g->follow = 1;
			break;
		case OPT_EXCLUDE:
		case OPT_INCLUDE:
			if (walk_add_rule(g, optarg, ch == OPT_INCLUDE) == -1)
				return usage_error(g, NULL);
			break;
		case OPT_MAX_DEPTH:
			if (parse_depth(optarg, &g->max_depth) == -1)
				return usage_error(g, NULL);
			break;
		case OPT_ONE_FILE_SYSTEM:
			g->one_fs = 1;
			break;
		case 't':
			g->binary = 0;
			break;
		case 'w':
			g->status_only = 0;
			g->warn = 1;
			g->quiet = 0;
			break;
		case 'z':
			g->delim = '\0';
			break;
		/* cksum's --tag and --untagged leave -b and -t as given */
		case OPT_TAG:
			g->tagged = 1;
			if (!g->cksum)
				g->binary = 1;
			break;
		case OPT_UNTAGGED:
			if (g->tagged == 1 && !g->cksum)
				g->binary = -1;
			g->tagged = 0;
			break;
		case OPT_BASE64:
			g->base64 = 1;
			break;
		case OPT_RAW:
			g->raw = 1;
			break;
		case OPT_NO_NAMES:
			g->no_names = 1;
			break;
		case OPT_JSON:
			g->json = 1;
			break;
		case OPT_IGNORE_MISSING:
			g->ignore_missing = 1;
			break;
		case OPT_QUIET:
			g->status_only = 0;
			g->warn = 0;
			g->quiet = 1;
			break;
		case OPT_STATUS:
			g->status_only = 1;
			g->warn = 0;
			g->quiet = 0;
			break;
		case OPT_STRICT:
			g->strict = 1;
			break;
		case OPT_EXPECT:
			g->expect = optarg;
			break;
		case OPT_AUDIT:
			g->audit = optarg;
			break;
		case OPT_UPDATE:
			g->update = optarg;
			break;
		case OPT_PRUNE:
			g->prune = 1;
			break;
		case OPT_REFRESH:
			g->refresh = 1;
			break;
		case OPT_FILES0_FROM:
			g->files0_from = optarg;
			break;
		case OPT_KEYED:
			o->keyed = 1;
			break;
		case OPT_DERIVE_KEY:
			o->derive_key = optarg;
			break;
		case OPT_PROGRESS:
			g->progress = isatty(STDERR_FILENO);
			break;
		case OPT_BACKEND:
			if (mds_set_backend(optarg) == -1) {
				warnx("--backend=%s: %s", optarg,
				    errno == ENOTSUP ? "backend not built in "
				    "this program" : "no such backend");
				return usage_error(g, NULL);
			}
			o->backend = optarg;
			break;
		case OPT_BENCH:
			o->bench = 1;
			break;
		case OPT_SIZE:
			if (parse_size(optarg, &o->size) == -1)
				return usage_error(g, NULL);
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
			o->list = 1;
			break;
		case 'x':
			o->self_test = 1;
			break;
		case OPT_HELP:
			gnu_help(g);
			return close_stdout() == 0 ? 0 : 1;
		case OPT_VERSION:
			printf("%s (mdsum) %s\n", g->progname, MDSUM_VERSION);
			return close_stdout() == 0 ? 0 : 1;
		default:
			return usage_error(g, NULL);
		}
	}
	return PARSED;
}

/*
 * The algorithms as -a and -l make them, once the options are read: 0, or
 * -1 after saying what is wrong.  The default of cksum may be missing.
 */
static int
resolve_algorithms(struct gnu_opts *o)
{
	struct gnu *g = &o->g;

	if (check_backend_env() == -1)
		return -1;
	if (apply_length(g, o->length, o->length_arg, g->check ||
	    g->checklist != NULL || o->list || o->bench || o->self_test) == -1)
		return -1;
	if (g->algs[0] == NULL && !g->check) {
		warnx("crc: not in this build");	/* cksum's default */
		return -1;
	}
	return 0;
}

/*
 * --keyed and --derive-key, once the algorithms are known: BLAKE3's, by
 * default when writing, and with --keyed the key read from standard
 * input, which no operand may then name.  0, or the exit status after saying why not.
 */
static int
apply_key(struct gnu_opts *o, char **argv, size_t n)
{
	struct gnu *g = &o->g;
	size_t i, nb3 = 0;

	if (!o->keyed && o->derive_key == NULL)
		return 0;
	if (o->keyed && o->derive_key != NULL)
		return usage_error(g, "--keyed and --derive-key are mutually "
		    "exclusive");
	/* Writing, as if -a blake3; checking, each line says. */
	if (!g->algs_given && !g->check && g->checklist == NULL) {
		g->algs[0] = mds_alg_find("blake3");
		g->fams[0] = family_of(g->algs[0]);
		g->algs_given = 1;
	}
	for (i = 0; i < g->nalgs; i++)
		nb3 += g->algs[i] != NULL && is_blake3(g->algs[i]);
	if (nb3 == 0 && g->algs_given)
		return usage_error(g, "--keyed and --derive-key are only "
		    "supported with --algorithm=blake3");
	if (o->derive_key != NULL) {
		keyed_derive(o->derive_key);
		return 0;
	}
	for (i = 0; i < n; i++)
		if (strcmp(argv[i], "-") == 0)
			break;
	if (n == 0 || i < n || (g->files0_from != NULL &&
	    strcmp(g->files0_from, "-") == 0))
		return usage_error(g, "--keyed reads the key from standard "
		    "input: name the files");
	return keyed_read_key() == -1 ? 1 : 0;
}

/*
 * The action the options choose.  --list, --bench and -x come first and take
 * no other action's options; the others exclude each other (but -A -c),
 * as refuse_options checks.
 */
static enum action
choose_action(const struct gnu_opts *o)
{
	const struct gnu *g = &o->g;

	if (o->list)
		return ACT_LIST;
	if (o->bench)
		return ACT_BENCH;
	if (o->self_test)
		return ACT_SELF_TEST;
	if (g->audit != NULL)
		return ACT_AUDIT;
	if (g->update != NULL)
		return ACT_UPDATE;
	if (g->archive)
		return g->check ? ACT_ARCHIVE_CHECK : ACT_ARCHIVE;
	if (g->expect != NULL)
		return ACT_EXPECT;
	if (g->checklist != NULL)
		return ACT_CHECKLIST;
	if (g->check)
		return ACT_CHECK;
	return ACT_GENERATE;
}

static int
run_expect(struct gnu *g, char **argv, size_t argc)
{
	(void)argc;	/* one FILE */
	return gnu_expect(g, argv[0]);
}

static int
run_archive_check(struct gnu *g, char **argv, size_t argc)
{
	return gnu_check_archives(g, argv[0], argv + 1, argc - 1);
}

/*
 * The actions that hash: how each runs, and how many operands (FILEs,
 * or -A -c's MANIFEST) it has when it reads standard input for want of a
 * FILE; -1 when it never does (and with --files0-from).
 */
static const struct {
	int	(*run)(struct gnu *, char **, size_t);
	int	 stdin_after;
} actions[] = {
	[ACT_GENERATE] =	{ gnu_generate,		0 },
	[ACT_CHECK] =		{ gnu_check,		0 },
	[ACT_CHECKLIST] =	{ gnu_checklist,	-1 },
	[ACT_EXPECT] =		{ run_expect,		-1 },
	[ACT_AUDIT] =		{ gnu_audit,		-1 },
	[ACT_UPDATE] =		{ gnu_update,		-1 },
	[ACT_ARCHIVE] =		{ gnu_archive_generate,	0 },
	[ACT_ARCHIVE_CHECK] =	{ run_archive_check,	1 },
};

void
gnu_defaults(struct gnu *g, const char *progname)
{
	memset(g, 0, sizeof(*g));
	g->progname = progname;
	g->delim = '\n';
	g->jobs = default_jobs();
	g->max_depth = -1;
}

int
gnu_main(const char *progname, enum gnu_mode mode,
    const struct mds_alg *legacy_alg, int argc, char **argv)
{
	static char *stdin_argv[3] = { "-", "-", NULL };
	struct gnu_opts o;
	struct gnu *g = &o.g;
	enum action act;
	size_t n;
	int status;

	memset(&o, 0, sizeof(o));
	o.mode = mode;
	o.length_arg = "";
	gnu_defaults(g, progname);
	g->tagged = -1;
	g->binary = -1;
	g->legacy = mode == MODE_SUM;
	g->cksum = mode == MODE_CKSUM;
	g->algs[0] = g->legacy ? legacy_alg : mds_alg_find(g->cksum ? "crc" :
	    "sha256");
	g->fams[0] = g->legacy ? family_of(legacy_alg) : NULL;
	g->nalgs = 1;
	g->algs_given = g->legacy;
	gnu_messages = 1;
	lines_init();	/* stdout's buffering, and whole lines */

	if ((status = parse_options(&o, argc, argv)) != PARSED)
		return status;
	argv += optind;
	n = (size_t)(argc - optind);
	if (resolve_algorithms(&o) == -1)
		return 1;
	if ((status = apply_key(&o, argv, n)) != 0)
		return status;
	act = choose_action(&o);
	if (act == ACT_LIST)
		return gnu_list();
	if (act == ACT_BENCH) {
		status = bench_table(g->algs_given ? g->algs : NULL,
		    g->algs_given ? g->nalgs : 0, o.size, o.backend);
		return close_stdout() == 0 ? status : 1;
	}
	if (act == ACT_SELF_TEST) {
		status = self_tests(g->algs_given ? g->algs : NULL,
		    g->algs_given ? g->nalgs : 0);
		return close_stdout() == 0 ? status : 1;
	}
	o.tag_given = g->tagged == 1;
	if (g->tagged == -1)
		g->tagged = !g->legacy;
	if ((status = refuse_options(&o, argv, n)) != 0)
		return status;
	g->named = n != 0 || g->files0_from != NULL;
	if (g->files0_from == NULL && actions[act].stdin_after == (int)n) {
		if (n == 1)
			stdin_argv[0] = argv[0];	/* -A -c's MANIFEST */
		argv = stdin_argv;
		n++;
	}

	progress_start(g, argv, n);
	status = actions[act].run(g, argv, n);
	progress_end();
	if (debug_flag)
		debug_tuning();
	if (close_stdout() == -1)
		status = 1;
	return status;
}
