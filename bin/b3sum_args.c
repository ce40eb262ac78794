/*
 * b3sum_args.c: b3sum's command line, read as b3sum 1.2.0 reads it with
 * its parser, clap 2.34: the same options and ways of writing them, the
 * same order of finding what is wrong, the same words, and the same
 * "USAGE:" line, which names the options given and those they need.
 *
 * clap keeps what it has parsed in a hash table and checks it in the
 * table's order, which changes from one run to the next: of two options
 * given twice, either may be named.  Here that order is the command
 * line's, which gives one of the messages b3sum may give.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "b3sum.h"

/* clap's names of the arguments, in its order of listing them: by name. */
enum arg {
	ARG_CHECK, ARG_DERIVE_KEY, ARG_FILE, ARG_HELP, ARG_KEYED, ARG_LENGTH,
	ARG_NO_MMAP, ARG_NO_NAMES, ARG_NUM_THREADS, ARG_QUIET, ARG_RAW,
	ARG_VERSION, NARGS
};
#define NONE	(-1)

/* What parse_long and parse_short found: go on, or stop. */
enum step { STEP_ON, STEP_ERROR, STEP_HELP, STEP_VERSION };

struct argdef {
	const char	*name;		/* its long option */
	const char	*value;		/* the tag of its value, if it takes one */
	const int	*conflicts;	/* what it may not go with, to NONE */
	int		 requires;	/* the argument it needs, or NONE */
	char		 letter;	/* its short option, or 0 */
};

static const int check_conflicts[] = {
	ARG_DERIVE_KEY, ARG_KEYED, ARG_LENGTH, ARG_RAW, ARG_NO_NAMES, NONE
};
static const int derive_conflicts[] = { ARG_KEYED, NONE };
static const int no_conflicts[] = { NONE };

static const struct argdef defs[NARGS] = {
	[ARG_CHECK] =	{ "check", NULL, check_conflicts, NONE, 'c' },
	[ARG_DERIVE_KEY] = { "derive-key", "<CONTEXT>", derive_conflicts, NONE,
			    0 },
	[ARG_FILE] =	{ NULL, NULL, no_conflicts, NONE, 0 },
	[ARG_HELP] =	{ "help", NULL, no_conflicts, NONE, 'h' },
	[ARG_KEYED] =	{ "keyed", NULL, no_conflicts, ARG_FILE, 0 },
	[ARG_LENGTH] =	{ "length", "<LEN>", no_conflicts, NONE, 'l' },
	[ARG_NO_MMAP] =	{ "no-mmap", NULL, no_conflicts, NONE, 0 },
	[ARG_NO_NAMES] = { "no-names", NULL, no_conflicts, NONE, 0 },
	[ARG_NUM_THREADS] = { "num-threads", "<NUM>", no_conflicts, NONE, 0 },
	[ARG_QUIET] =	{ "quiet", NULL, no_conflicts, ARG_CHECK, 0 },
	[ARG_RAW] =	{ "raw", NULL, no_conflicts, NONE, 0 },
	[ARG_VERSION] =	{ "version", NULL, no_conflicts, NONE, 'V' },
};

/* The long options in clap's order of trying them for "Did you mean". */
static const int suggest_order[] = {
	ARG_KEYED, ARG_NO_MMAP, ARG_NO_NAMES, ARG_RAW, ARG_CHECK, ARG_QUIET,
	ARG_HELP, ARG_VERSION, ARG_LENGTH, ARG_NUM_THREADS, ARG_DERIVE_KEY
};

/* What has been parsed. */
struct parse {
	unsigned	 times[NARGS];	/* occurrences */
	unsigned	 nvalues[NARGS];
	const char	*value[NARGS];	/* the first value */
	int		 order[NARGS];	/* the arguments as first given */
	int		 norder;
	int		 pending;	/* the option waiting for a value */
	int		 color;		/* clap's colours: stderr a terminal */
};

#define RED	"\033[1;31m"
#define YELLOW	"\033[33m"
#define GREEN	"\033[32m"

static void		 occur(struct parse *, int);
static void		 take_value(struct parse *, int, const char *);
static enum step	 parse_long(struct parse *, const char *);
static enum step	 parse_short(struct parse *, const char *);
static int		 validate(struct parse *);
static int		 suggest(const char *, size_t);
static double		 jaro_winkler(const uint32_t *, size_t, const char *);
static void		 paint(const struct parse *, const char *, const char *,
			    const char *, size_t);
static const char	*arg_text(int, char *, size_t);
static void		 unknown(const struct parse *, const char *,
			    const char *, size_t, int);
static void		 say_begin(const struct parse *, const char *);
static void		 say_end(const struct parse *, int);
static void		 put_help(void);

int
b3sum_args(struct b3sum_args *a, int argc, char **argv, int *status)
{
	struct parse p;
	const char *s, *term = getenv("TERM");
	enum step step = STEP_ON;
	int i, trailing = 0;

	memset(a, 0, sizeof(*a));
	memset(&p, 0, sizeof(p));
	p.pending = NONE;
	p.color = isatty(STDERR_FILENO) &&
	    (term == NULL || strcmp(term, "dumb") != 0);
	if ((a->files = calloc((size_t)argc + 1, sizeof(*a->files))) == NULL)
		err(1, NULL);
	for (i = 1; i < argc && step == STEP_ON; i++) {
		s = argv[i];
		if (trailing || (p.pending == NONE && (s[0] != '-' ||
		    s[1] == '\0'))) {
			/* An operand: after "--", or "-", or no dash. */
			a->files[a->nfiles++] = argv[i];
			occur(&p, ARG_FILE);
		} else if (p.pending != NONE && (s[0] != '-' || s[1] == '\0')) {
			take_value(&p, p.pending, s);
			p.pending = NONE;
		} else if (strcmp(s, "--") == 0)
			trailing = 1;	/* an option waiting stays so */
		else if (s[1] == '-')
			step = parse_long(&p, s);
		else
			step = parse_short(&p, s);
	}
	if (step == STEP_ON && validate(&p) == 0) {
		a->length = p.value[ARG_LENGTH];
		a->num_threads = p.value[ARG_NUM_THREADS];
		a->context = p.value[ARG_DERIVE_KEY];
		a->keyed = p.times[ARG_KEYED] > 0;
		a->no_mmap = p.times[ARG_NO_MMAP] > 0;
		a->no_names = p.times[ARG_NO_NAMES] > 0;
		a->raw = p.times[ARG_RAW] > 0;
		a->check = p.times[ARG_CHECK] > 0;
		a->quiet = p.times[ARG_QUIET] > 0;
		return 0;
	}
	free(a->files);
	a->files = NULL;
	switch (step) {
	case STEP_ON:
	case STEP_ERROR:
		*status = 1;
		return -1;
	case STEP_HELP:
		put_help();
		*status = close_stdout() == 0 ? 0 : 1;
		return -1;
	case STEP_VERSION:
		printf("b3sum (mdsum) %s\n", MDSUM_VERSION);
		*status = close_stdout() == 0 ? 0 : 1;
		return -1;
	}
	return -1;
}

static void
occur(struct parse *p, int id)
{
	if (p->times[id]++ == 0)
		p->order[p->norder++] = id;
}

static void
take_value(struct parse *p, int id, const char *v)
{
	if (p->nvalues[id]++ == 0)
		p->value[id] = v;
}

/*
 * --NAME, --NAME=VALUE: any number of dashes, and for an option any
 * number of '=' before its value.  A flag's value is dropped, as clap
 * drops it.
 */
static enum step
parse_long(struct parse *p, const char *s)
{
	const char *eq;
	size_t len;
	int id;

	while (*s == '-')
		s++;
	eq = strchr(s, '=');
	len = eq != NULL ? (size_t)(eq - s) : strlen(s);
	for (id = 0; id < NARGS; id++)
		if (defs[id].name != NULL && strlen(defs[id].name) == len &&
		    strncmp(defs[id].name, s, len) == 0)
			break;
	if (id == NARGS) {
		unknown(p, "--", s, len, suggest(s, len));
		return STEP_ERROR;
	}
	if (id == ARG_HELP)
		return STEP_HELP;
	if (id == ARG_VERSION)
		return STEP_VERSION;
	occur(p, id);
	p->pending = NONE;
	if (defs[id].value != NULL) {
		if (eq == NULL)
			p->pending = id;
		else {
			while (*eq == '=')
				eq++;
			take_value(p, id, eq);
		}
	}
	return STEP_ON;
}

/* -cl3: flags, then an option with its value, if any, after it. */
static enum step
parse_short(struct parse *p, const char *s)
{
	size_t len;
	int id;

	while (*s == '-')
		s++;
	for (; *s != '\0'; s += len) {
		len = 1;
		for (id = 0; id < NARGS; id++)
			if (defs[id].letter != '\0' && defs[id].letter == *s)
				break;
		if (id == NARGS) {
			/* The character, of any length; U+FFFD for a byte. */
			while (((unsigned char)s[len] & 0xc0) == 0x80)
				len++;
			if (utf8_valid(s, len))
				unknown(p, "-", s, len, NONE);
			else
				unknown(p, "-", "\xef\xbf\xbd", 3, NONE);
			return STEP_ERROR;
		}
		if (id == ARG_HELP)
			return STEP_HELP;
		if (id == ARG_VERSION)
			return STEP_VERSION;
		occur(p, id);
		if (defs[id].value != NULL) {
			if (s[1] == '\0')
				p->pending = id;
			else {
				for (s++; *s == '='; s++)
					continue;
				take_value(p, id, s);
				p->pending = NONE;
			}
			return STEP_ON;
		}
	}
	p->pending = NONE;
	return STEP_ON;
}

/*
 * The checks once all is parsed, in clap's order: the option last given
 * without its value; the conflicts; then each argument in turn: an
 * option without a value, a flag without what it requires, anything
 * given twice.
 */
static int
validate(struct parse *p)
{
	char text[64], quoted[66];
	const int *c;
	int i, j, id, with, conflict = NONE, empty = NONE;

	if (p->pending != NONE && p->nvalues[p->pending] == 0)
		empty = p->pending;
	for (i = 0; empty == NONE && conflict == NONE && i < p->norder; i++)
		for (c = defs[p->order[i]].conflicts; *c != NONE; c++)
			if (p->times[*c] > 0) {
				conflict = *c;
				break;
			}
	if (conflict != NONE) {
		/* "with" is the last, in that order, to forbid it */
		for (i = 0, with = NONE; i < p->norder; i++)
			for (c = defs[p->order[i]].conflicts; *c != NONE; c++)
				if (*c == conflict)
					with = p->order[i];
		say_begin(p, "The argument '");
		arg_text(conflict, text, sizeof(text));
		paint(p, YELLOW, "", text, strlen(text));
		fputs("' cannot be used with ", stderr);
		(void)snprintf(quoted, sizeof(quoted), "'%s'",
		    arg_text(with, text, sizeof(text)));
		paint(p, YELLOW, "", quoted, strlen(quoted));
		say_end(p, NONE);
		return -1;
	}
	for (i = 0; empty == NONE && i < p->norder; i++) {
		id = p->order[i];
		if (defs[id].value != NULL && p->nvalues[id] == 0)
			empty = id;
		else if ((j = defs[id].requires) != NONE && p->times[j] == 0) {
			say_begin(p, "The following required arguments were "
			    "not provided:\n    ");
			arg_text(j, text, sizeof(text));
			paint(p, RED, "", text, strlen(text));
			say_end(p, j);
			return -1;
		} else if (p->times[id] > 1 && id != ARG_FILE) {
			say_begin(p, "The argument '");
			arg_text(id, text, sizeof(text));
			paint(p, YELLOW, "", text, strlen(text));
			fputs("' was provided more than once, but cannot be used "
			    "multiple times", stderr);
			say_end(p, NONE);
			return -1;
		}
	}
	if (empty == NONE)
		return 0;
	say_begin(p, "The argument '");
	arg_text(empty, text, sizeof(text));
	paint(p, YELLOW, "", text, strlen(text));
	fputs("' requires a value but none was supplied", stderr);
	say_end(p, NONE);
	return -1;
}

/*
 * clap's "Did you mean": the long option most like name (its first len
 * bytes), if one is more than 0.8 like it by strsim's Jaro-Winkler; the
 * first of equals.
 */
static int
suggest(const char *name, size_t len)
{
	uint32_t *cp;
	size_t n = 0, i, k;
	double best = 0, d;
	int id = NONE;

	if ((cp = calloc(len + 1, sizeof(*cp))) == NULL)
		return NONE;
	/*
	 * Characters; the names are ASCII, so any other is only counted.  A
	 * byte that is not UTF-8 counts as one.
	 */
	for (i = 0; i < len; i += k) {
		for (k = 1; i + k < len && k < 4 &&
		    ((unsigned char)name[i + k] & 0xc0) == 0x80; k++)
			continue;
		if (!utf8_valid(name + i, k))
			k = 1;
		cp[n++] = (unsigned char)name[i] < 0x80 ?
		    (unsigned char)name[i] : UINT32_MAX;
	}
	for (i = 0; i < sizeof(suggest_order) / sizeof(suggest_order[0]); i++)
		if ((d = jaro_winkler(cp, n, defs[suggest_order[i]].name)) >
		    0.8 && (id == NONE || best < d)) {
			best = d;
			id = suggest_order[i];
		}
	free(cp);
	return id;
}

/*
 * strsim 0.10's Jaro-Winkler similarity of a (n characters) and b (an
 * option's name, ASCII): its count of transpositions, and a bonus for
 * all of the common prefix, not four characters of it.
 */
static double
jaro_winkler(const uint32_t *a, size_t n, const char *b)
{
	char taken[16] = { 0 };
	size_t m = strlen(b), range, lo, hi, i, j, last = 0, prefix;
	double matches = 0, transposed = 0, jaro;

	if (n == 0 || m == 0)
		return n == m ? 1 : 0;
	if (n == 1 && m == 1)
		return a[0] == (unsigned char)b[0] ? 1 : 0;
	range = (n > m ? n : m) / 2 - 1;
	for (i = 0; i < n; i++) {
		lo = i > range ? i - range : 0;
		hi = i + range < m - 1 ? i + range : m - 1;
		for (j = lo; j <= hi; j++)
			if (!taken[j] && a[i] == (unsigned char)b[j]) {
				taken[j] = 1;
				matches++;
				if (j < last)
					transposed++;
				last = j;
				break;
			}
	}
	if (matches == 0)
		return 0;
	jaro = (1.0 / 3.0) * ((matches / (double)n) + (matches / (double)m) +
	    ((matches - transposed) / matches));
	for (prefix = 0; prefix < n && prefix < m &&
	    a[prefix] == (unsigned char)b[prefix]; prefix++)
		continue;
	jaro += 0.1 * (double)prefix * (1.0 - jaro);
	return jaro <= 1.0 ? jaro : 1.0;
}

/* prefix and len bytes of text, in colour when clap would colour them. */
static void
paint(const struct parse *p, const char *color, const char *prefix,
    const char *text, size_t len)
{
	if (p->color)
		fputs(color, stderr);
	fputs(prefix, stderr);
	fwrite(text, 1, len, stderr);
	if (p->color)
		fputs("\033[0m", stderr);
}

/* An argument as clap shows it: --length <LEN>, <FILE>... */
static const char *
arg_text(int id, char *buf, size_t size)
{
	if (id == ARG_FILE)
		(void)snprintf(buf, size, "<FILE>...");
	else if (defs[id].value != NULL)
		(void)snprintf(buf, size, "--%s %s", defs[id].name,
		    defs[id].value);
	else
		(void)snprintf(buf, size, "--%s", defs[id].name);
	return buf;
}

/*
 * An argument clap does not know: dashes and the len bytes of name, and
 * the option suggested (or NONE), which clap paints whatever stderr is.
 */
static void
unknown(const struct parse *p, const char *dashes, const char *name,
    size_t len, int suggested)
{
	say_begin(p, "Found argument '");
	paint(p, YELLOW, dashes, name, len);
	fputs("' which wasn't expected, or isn't valid in this context",
	    stderr);
	if (suggested != NONE)
		fprintf(stderr, "\n\tDid you mean " GREEN "--\033[0m" GREEN
		    "%s\033[0m?", defs[suggested].name);
	say_end(p, suggested);
}

static void
say_begin(const struct parse *p, const char *text)
{
	(void)fflush(stdout);
	paint(p, RED, "", "error:", 6);
	fprintf(stderr, " %s", text);
}

/*
 * The end of clap's messages: the usage line of the arguments given but
 * operands, with extra (or NONE), and those they require; with none of
 * them, the full usage.
 */
static void
say_end(const struct parse *p, int extra)
{
	char text[64];
	int in[NARGS] = { 0 }, any = 0, more, id;

	for (id = 0; id < NARGS; id++)
		if (id != ARG_FILE && p->times[id] > 0)
			in[id] = any = 1;
	if (extra != NONE)
		in[extra] = any = 1;
	do {
		more = 0;
		for (id = 0; id < NARGS; id++)
			if (in[id] && defs[id].requires != NONE &&
			    !in[defs[id].requires])
				in[defs[id].requires] = more = 1;
	} while (more);
	fputs("\n\nUSAGE:\n    b3sum", stderr);
	if (!any)
		fputs(" [FLAGS] [OPTIONS] [FILE]...", stderr);
	if (in[ARG_FILE])
		fputs(" <FILE>...", stderr);
	for (id = 0; id < NARGS; id++)
		if (in[id] && id != ARG_FILE)
			fprintf(stderr, " %s", arg_text(id, text, sizeof(text)));
	fputs("\n\nFor more information try ", stderr);
	paint(p, GREEN, "", "--help", 6);
	putc('\n', stderr);
}

/* b3sum's --help, laid out as clap lays it out. */
static void
put_help(void)
{
	printf("b3sum (mdsum) %s\n", MDSUM_VERSION);
	fputs(
"\n"
"USAGE:\n"
"    b3sum [FLAGS] [OPTIONS] [FILE]...\n"
"\n"
"FLAGS:\n"
"    -c, --check       Reads BLAKE3 sums from the [file]s and checks them\n"
"    -h, --help        Prints help information\n"
"        --keyed       Uses the keyed mode. The secret key is read from standard\n"
"                      input, and it must be exactly 32 raw bytes.\n"
"        --no-mmap     Disables memory mapping: files are read(2) instead.\n"
"        --no-names    Omits filenames in the output\n"
"        --quiet       Skips printing OK for each successfully verified file.\n"
"                      Must be used with --check.\n"
"        --raw         Writes raw output bytes to stdout, rather than hex.\n"
"                      --no-names is implied. In this case, only a single\n"
"                      input is allowed.\n"
"    -V, --version     Prints version information\n"
"\n"
"OPTIONS:\n"
"        --derive-key <CONTEXT>    Uses the key derivation mode, with the given\n"
"                                  context string. Cannot be used with --keyed.\n"
"    -l, --length <LEN>            The number of output bytes, prior to hex\n"
"                                  encoding (default 32)\n"
"        --num-threads <NUM>       The maximum number of threads to use. By\n"
"                                  default, this is the number of logical cores.\n"
"                                  If this flag is omitted, or if its value is 0,\n"
"                                  RAYON_NUM_THREADS is also respected.\n"
"\n"
"ARGS:\n"
"    <FILE>...    Files to hash, or checkfiles to check. When no file is given,\n"
"                 or when - is given, read standard input.\n",
	    stdout);
}
