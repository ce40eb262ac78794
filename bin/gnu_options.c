/*
 * gnu_options.c: which options of the GNU-style tool go together.  After
 * parsing, what the command line gave is a set of bits: the options, the
 * options that choose the action (-c, -C, --expect, --audit, --update, -A,
 * --bench), and a few facts (several algorithms, no FILE...).  Two tables
 * say what is refused: needs[] the actions (or options) an option is valid
 * in, and excludes[] what may not be combined.  Each row names its refusal
 * in refusals[], whose order is the order in which coreutils and mdsum have
 * always checked: when several apply, the first of them is the one said.
 */
#include <err.h>
#include <stdio.h>
#include <string.h>

#include "gnu.h"

/* What a command line can give: options, and facts about it. */
enum given {
	O_CHECK, O_CHECKLIST, O_EXPECT, O_AUDIT, O_UPDATE, O_ARCHIVE, O_BENCH,
	O_SIZE, O_RECURSIVE, O_FOLLOW, O_RULE, O_MAX_DEPTH, O_ONE_FS,
	O_PRUNE, O_REFRESH, O_BASE64, O_RAW, O_NO_NAMES, O_JSON, O_ZERO,
	O_BINARY,		/* -b, or --tag (but in cksum) */
	O_TEXT,			/* -t */
	O_IGNORE_MISSING, O_STATUS, O_WARN, O_QUIET, O_STRICT, O_FILES0,
	O_UPDATE_STDIN,		/* --update=- */
	O_TAG,			/* --tag, not undone by --untagged */
	F_TAGGED,		/* tagged lines: --tag, or the tool's default */
	F_SUM_ALGS,		/* -a names crc, crc32b, sysv or bsd */
	F_SEVERAL_ALGS,
	F_NO_FILE, F_FILES, F_SEVERAL_FILES	/* FILE operands: 0, 1+, 2+ */
};
#define B(x)		((uint64_t)1 << (x))
#define CHECK		B(O_CHECK)
#define CHECKLIST	B(O_CHECKLIST)
#define EXPECT		B(O_EXPECT)
#define AUDIT		B(O_AUDIT)
#define UPDATE		B(O_UPDATE)
#define ARCHIVE		B(O_ARCHIVE)
#define VERIFYING	(CHECK | CHECKLIST | EXPECT | AUDIT)

/* The refusals, in the order they are checked. */
enum refusal {
	R_SIZE, R_WALK, R_CHECK_SUM, R_BASE64_RAW, R_PRUNE, R_AUDIT_UPDATE,
	R_AUDIT_ACTIONS, R_UPDATE_ACTIONS, R_AUDIT_FORMAT, R_SUM_MANIFEST,
	R_UPDATE_REPORT, R_UPDATE_NOTHING, R_UPDATE_STDIN, R_TAG_TEXT,
	R_CHECK_ZERO, R_CHECK_TAG, R_CHECK_BINARY, R_IGNORE_MISSING, R_STATUS,
	R_WARN, R_QUIET, R_STRICT, R_TEXT_UNTAGGED, R_VERIFY_RECURSIVE,
	R_VERIFY_BASE64, R_VERIFY_RAW, R_VERIFY_NO_NAMES, R_RAW_ONE,
	R_RAW_FILES, R_FILES0_OPERANDS, R_FILES0_ACTIONS, R_EXPECT_FILE,
	R_CHECKLIST_CHECK, R_EXPECT_ALG, R_ARCHIVE_ACTIONS,
	R_ARCHIVE_CHECK_FILES,
	R_NONE
};

/* How a refusal is said. */
enum said {
	SAID_USAGE,	/* the message, then where --help is */
	SAID_PLAIN,	/* the message alone */
	SAID_OPERAND	/* the first operand, as GNU du and wc say it */
};

/*
 * Each refusal in the words of each tool (enum gnu_mode: mdsum, md5sum
 * and the like, cksum); NULL where that tool allows it.
 */
#define EVERY(s)	{ s, s, s }
static const struct {
	enum said	 said;
	const char	*text[3];
} refusals[] = {
	[R_SIZE] = { SAID_USAGE, EVERY("--size goes with --bench") },
	[R_WALK] = { SAID_USAGE, EVERY("-L, --exclude, --include, --max-depth "
	    "and --one-file-system need -R") },
	[R_CHECK_SUM] = { SAID_PLAIN, EVERY("--check is not supported with "
	    "--algorithm={bsd,sysv,crc}") },
	[R_BASE64_RAW] = { SAID_USAGE, EVERY("--base64 and --raw are "
	    "mutually exclusive") },
	[R_PRUNE] = { SAID_USAGE, EVERY("--prune and --refresh go with "
	    "--update") },
	[R_AUDIT_UPDATE] = { SAID_USAGE, EVERY("--audit and --update "
	    "exclude each other") },
	[R_AUDIT_ACTIONS] = { SAID_USAGE, EVERY("--audit does not go with "
	    "-c, -C, --expect, -A, --raw, --no-names or -z") },
	[R_UPDATE_ACTIONS] = { SAID_USAGE, EVERY("--update does not go with "
	    "-c, -C, --expect, -A, --raw, --no-names or -z") },
	[R_AUDIT_FORMAT] = { SAID_USAGE, EVERY("--audit does not go with "
	    "--base64, -b, -t, -w, --strict or --ignore-missing") },
	[R_SUM_MANIFEST] = { SAID_USAGE, EVERY("--audit and --update do not "
	    "go with --algorithm={bsd,sysv,crc,crc32b}") },
	[R_UPDATE_REPORT] = { SAID_USAGE, EVERY("--update does not go with "
	    "--json, --quiet, --status, -w, --strict or --ignore-missing") },
	[R_UPDATE_NOTHING] = { SAID_USAGE, EVERY("--update needs FILE or DIR "
	    "operands, --files0-from, --prune or --refresh") },
	[R_UPDATE_STDIN] = { SAID_USAGE, EVERY("--update cannot write "
	    "standard input") },
	[R_TAG_TEXT] = { SAID_USAGE, { "--text mode is only supported with "
	    "--untagged", "--tag does not support --text mode", NULL } },
	[R_CHECK_ZERO] = { SAID_USAGE, EVERY("the --zero option is not "
	    "supported when verifying checksums") },
	/* cksum: refused by 9.4 and later, in these words since 9.10 */
	[R_CHECK_TAG] = { SAID_USAGE, { NULL, "the --tag option is "
	    "meaningless when verifying checksums", "the --tag option is "
	    "meaningless when verifying checksums" } },
	[R_CHECK_BINARY] = { SAID_USAGE, EVERY("the --binary and --text "
	    "options are meaningless when verifying checksums") },
	[R_IGNORE_MISSING] = { SAID_USAGE, EVERY("the --ignore-missing option "
	    "is meaningful only when verifying checksums") },
	[R_STATUS] = { SAID_USAGE, EVERY("the --status option is meaningful "
	    "only when verifying checksums") },
	[R_WARN] = { SAID_USAGE, EVERY("the --warn option is meaningful only "
	    "when verifying checksums") },
	[R_QUIET] = { SAID_USAGE, EVERY("the --quiet option is meaningful "
	    "only when verifying checksums") },
	[R_STRICT] = { SAID_USAGE, EVERY("the --strict option is meaningful "
	    "only when verifying checksums") },
	/* cksum 9.10 checks -t against tagged lines after the others */
	[R_TEXT_UNTAGGED] = { SAID_USAGE, { NULL, NULL, "--text mode is only "
	    "supported with --untagged" } },
	[R_VERIFY_RECURSIVE] = { SAID_USAGE, EVERY("the --recursive option "
	    "is meaningless when verifying checksums") },
	[R_VERIFY_BASE64] = { SAID_USAGE, { "the --base64 option is "
	    "meaningless when verifying checksums", "the --base64 option is "
	    "meaningless when verifying checksums", NULL } },
	[R_VERIFY_RAW] = { SAID_USAGE, { "the --raw option is meaningless "
	    "when verifying checksums", "the --raw option is meaningless when "
	    "verifying checksums", NULL } },
	[R_VERIFY_NO_NAMES] = { SAID_USAGE, EVERY("the --no-names option is "
	    "meaningless when verifying checksums") },
	[R_RAW_ONE] = { SAID_USAGE, EVERY("--raw prints one digest: not with "
	    "several algorithms, -R, -A, --json or --no-names") },
	[R_RAW_FILES] = { SAID_PLAIN, EVERY("the --raw option is not "
	    "supported with multiple files") },
	[R_FILES0_OPERANDS] = { SAID_OPERAND, EVERY("file operands cannot be "
	    "combined with --files0-from") },
	[R_FILES0_ACTIONS] = { SAID_USAGE, EVERY("--files0-from does not go "
	    "with --check, --checklist, --expect, --archive or --raw") },
	[R_EXPECT_FILE] = { SAID_USAGE, EVERY("--expect takes exactly one "
	    "FILE") },
	[R_CHECKLIST_CHECK] = { SAID_USAGE, EVERY("--checklist and --check "
	    "exclude each other") },
	[R_EXPECT_ALG] = { SAID_USAGE, EVERY("--expect takes one "
	    "algorithm") },
	[R_ARCHIVE_ACTIONS] = { SAID_USAGE, EVERY("--archive does not go "
	    "with --expect, --checklist or --recursive") },
	[R_ARCHIVE_CHECK_FILES] = { SAID_USAGE, EVERY("--archive --check "
	    "takes a MANIFEST and then ARCHIVEs") },
};

/*
 * The option table: an option (its bit) given without any of the actions
 * (or options) it is valid with is refused.  --update=- is valid with
 * none; --update itself needs something to add, drop or rewrite.
 */
static const struct {
	uint64_t	 option;		/* its bit */
	uint64_t	 valid_with;
	enum refusal	 why;
} needs[] = {
	{ B(O_SIZE),		B(O_BENCH),		R_SIZE },
	{ B(O_FOLLOW),		B(O_RECURSIVE),		R_WALK },
	{ B(O_RULE),		B(O_RECURSIVE),		R_WALK },
	{ B(O_MAX_DEPTH),	B(O_RECURSIVE),		R_WALK },
	{ B(O_ONE_FS),		B(O_RECURSIVE),		R_WALK },
	{ B(O_PRUNE),		UPDATE,			R_PRUNE },
	{ B(O_REFRESH),		UPDATE,			R_PRUNE },
	{ UPDATE,		B(F_FILES) | B(O_FILES0) | B(O_PRUNE) |
				    B(O_REFRESH),	R_UPDATE_NOTHING },
	{ B(O_UPDATE_STDIN),	0,			R_UPDATE_STDIN },
	{ B(O_IGNORE_MISSING),	VERIFYING,		R_IGNORE_MISSING },
	{ B(O_STATUS),		VERIFYING,		R_STATUS },
	{ B(O_WARN),		VERIFYING,		R_WARN },
	{ B(O_QUIET),		VERIFYING,		R_QUIET },
	{ B(O_STRICT),		VERIFYING,		R_STRICT },
};

/*
 * The exclusion table: all of the options (or facts) in `all`, together
 * with any one of `any` (when it is not 0), are refused.
 */
static const struct {
	uint64_t	 all;
	uint64_t	 any;
	enum refusal	 why;
} excludes[] = {
	{ CHECK | B(F_SUM_ALGS),	0,			R_CHECK_SUM },
	{ B(O_BASE64) | B(O_RAW),	0,			R_BASE64_RAW },
	{ AUDIT | UPDATE,		0,		R_AUDIT_UPDATE },
	{ AUDIT,	CHECK | CHECKLIST | EXPECT | ARCHIVE | B(O_RAW) |
			    B(O_NO_NAMES) | B(O_ZERO),	R_AUDIT_ACTIONS },
	{ UPDATE,	CHECK | CHECKLIST | EXPECT | ARCHIVE | B(O_RAW) |
			    B(O_NO_NAMES) | B(O_ZERO),	R_UPDATE_ACTIONS },
	{ AUDIT,	B(O_BASE64) | B(O_BINARY) | B(O_TEXT) | B(O_WARN) |
			    B(O_STRICT) | B(O_IGNORE_MISSING),
							R_AUDIT_FORMAT },
	{ B(F_SUM_ALGS),		AUDIT | UPDATE,	R_SUM_MANIFEST },
	{ UPDATE,	B(O_JSON) | B(O_QUIET) | B(O_STATUS) | B(O_WARN) |
			    B(O_STRICT) | B(O_IGNORE_MISSING),
							R_UPDATE_REPORT },
	{ B(F_TAGGED) | B(O_TEXT),	0,			R_TAG_TEXT },
	{ B(F_TAGGED) | B(O_TEXT),	0,		R_TEXT_UNTAGGED },
	{ B(O_ZERO) | CHECK,		0,			R_CHECK_ZERO },
	{ B(O_TAG) | CHECK,		0,			R_CHECK_TAG },
	{ CHECK,	B(O_BINARY) | B(O_TEXT),		R_CHECK_BINARY },
	{ B(O_RECURSIVE),	CHECK | CHECKLIST | EXPECT,
							R_VERIFY_RECURSIVE },
	{ B(O_BASE64),		VERIFYING,		R_VERIFY_BASE64 },
	{ B(O_RAW),		VERIFYING,		R_VERIFY_RAW },
	{ B(O_NO_NAMES),	VERIFYING,		R_VERIFY_NO_NAMES },
	{ B(O_RAW),	B(F_SEVERAL_ALGS) | B(O_RECURSIVE) | ARCHIVE |
			    B(O_JSON) | B(O_NO_NAMES),	R_RAW_ONE },
	{ B(O_RAW) | B(F_SEVERAL_FILES), 0,		R_RAW_FILES },
	{ B(O_FILES0) | B(F_FILES),	0,		R_FILES0_OPERANDS },
	{ B(O_FILES0),	CHECK | CHECKLIST | EXPECT | ARCHIVE | B(O_RAW),
							R_FILES0_ACTIONS },
	{ EXPECT,	B(F_NO_FILE) | B(F_SEVERAL_FILES) | CHECK | CHECKLIST,
							R_EXPECT_FILE },
	{ CHECKLIST | CHECK,		0,		R_CHECKLIST_CHECK },
	{ EXPECT | B(F_SEVERAL_ALGS),	0,		R_EXPECT_ALG },
	{ ARCHIVE,	EXPECT | CHECKLIST | B(O_RECURSIVE),
							R_ARCHIVE_ACTIONS },
	{ ARCHIVE | CHECK | B(F_NO_FILE), 0,		R_ARCHIVE_CHECK_FILES },
};

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static uint64_t	given(const struct gnu_opts *, size_t);
static enum refusal	first_refusal(uint64_t, enum gnu_mode);

int
usage_error(const struct gnu *g, const char *msg)
{
	if (msg != NULL)
		warnx("%s", msg);
	fprintf(stderr, "Try '%s --help' for more information.\n",
	    g->progname);
	return 1;
}

/* What the command line gave, with argc FILE operands. */
static uint64_t
given(const struct gnu_opts *o, size_t argc)
{
	const struct gnu *g = &o->g;
	uint64_t bits = 0;
	size_t i;
	int sum_algs = 0;

	for (i = 0; i < g->nalgs && g->algs_given; i++)
		sum_algs |= is_sum_format(g->algs[i]);
#define IF(cond, bit)	(bits |= (cond) ? B(bit) : 0)
	IF(g->check, O_CHECK);
	IF(g->checklist != NULL, O_CHECKLIST);
	IF(g->expect != NULL, O_EXPECT);
	IF(g->audit != NULL, O_AUDIT);
	IF(g->update != NULL, O_UPDATE);
	IF(g->archive, O_ARCHIVE);
	IF(o->bench, O_BENCH);
	IF(o->size != 0, O_SIZE);
	IF(g->recursive, O_RECURSIVE);
	IF(g->follow, O_FOLLOW);
	IF(g->nrules != 0, O_RULE);
	IF(g->max_depth != -1, O_MAX_DEPTH);
	IF(g->one_fs, O_ONE_FS);
	IF(g->prune, O_PRUNE);
	IF(g->refresh, O_REFRESH);
	IF(g->base64, O_BASE64);
	IF(g->raw, O_RAW);
	IF(g->no_names, O_NO_NAMES);
	IF(g->json, O_JSON);
	IF(g->delim != '\n', O_ZERO);
	IF(g->binary == 1, O_BINARY);
	IF(g->binary == 0, O_TEXT);
	IF(g->ignore_missing, O_IGNORE_MISSING);
	IF(g->status_only, O_STATUS);
	IF(g->warn, O_WARN);
	IF(g->quiet, O_QUIET);
	IF(g->strict, O_STRICT);
	IF(g->files0_from != NULL, O_FILES0);
	IF(g->update != NULL && strcmp(g->update, "-") == 0, O_UPDATE_STDIN);
	IF(o->tag_given, O_TAG);
	IF(g->tagged == 1, F_TAGGED);
	IF(sum_algs, F_SUM_ALGS);
	IF(g->nalgs > 1, F_SEVERAL_ALGS);
	IF(argc == 0, F_NO_FILE);
	IF(argc >= 1, F_FILES);
	IF(argc > 1, F_SEVERAL_FILES);
#undef IF
	return bits;
}

/* The first refusal, in refusals[] order, that the tables make of bits. */
static enum refusal
first_refusal(uint64_t bits, enum gnu_mode mode)
{
	enum refusal first = R_NONE, r;
	size_t i;

	for (i = 0; i < NELEM(needs); i++) {
		r = needs[i].why;
		if ((bits & needs[i].option) != 0 &&
		    (bits & needs[i].valid_with) == 0 &&
		    refusals[r].text[mode] != NULL && r < first)
			first = r;
	}
	for (i = 0; i < NELEM(excludes); i++) {
		r = excludes[i].why;
		if ((bits & excludes[i].all) == excludes[i].all &&
		    (excludes[i].any == 0 || (bits & excludes[i].any) != 0) &&
		    refusals[r].text[mode] != NULL && r < first)
			first = r;
	}
	return first;
}

int
refuse_options(const struct gnu_opts *o, char **argv, size_t argc)
{
	enum refusal r = first_refusal(given(o, argc), o->mode);
	const char *text;

	if (r == R_NONE)
		return 0;
	text = refusals[r].text[o->mode];
	switch (refusals[r].said) {
	case SAID_PLAIN:
		warnx("%s", text);
		return 1;
	case SAID_OPERAND:
		warnx(quotef(argv[0]) == argv[0] ? "extra operand '%s'" :
		    "extra operand %s", quotef(argv[0]));
		fprintf(stderr, "%s\n", text);
		return usage_error(&o->g, NULL);
	case SAID_USAGE:
	default:
		return usage_error(&o->g, text);
	}
}
