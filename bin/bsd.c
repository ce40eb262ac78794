/*
 * bsd.c: md5, sha1, sha224, sha256, sha384, sha512, sha512t224,
 * sha512t256, sha512h and keccak256 with FreeBSD md5(1)'s interface.
 *
 * Options are read first; then -s strings, -p, -t and -x run in the order
 * given, then the file operands.  With none of those, standard input is
 * hashed and only its digest printed (sha512h < file).  The operands go
 * through the job pool (jobs.c), so that regular files are hashed side
 * by side in lanes; they are reported in the order given, each error at
 * its turn.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"

enum { OPT_DEBUG = 256, OPT_HELP, OPT_VERSION, OPT_MMAP, OPT_NO_MMAP };

enum shape { SHAPE_BARE, SHAPE_FILE, SHAPE_STRING };

/* -s, -p, -t and -x, kept to run in order once all options are known. */
struct action {
	int		 option;
	const char	*arg;
};

struct bsd {
	const struct mds_alg	*alg;
	const char		*progname;
	const char		*expect;	/* -c */
	int			 quiet;		/* -q */
	int			 reverse;	/* -r */
	int			 status;	/* exit status so far */
	int			 mismatches;	/* -c failures */
	char			**files;	/* the file operands */
	size_t			 nfiles, next;	/* how many; the next one */
};

static void	usage(FILE *, const char *);
static void	report(struct bsd *, const unsigned char *, const char *,
		    enum shape);
static void	hash_string(struct bsd *, const char *);
static void	hash_file(struct bsd *, const char *, enum shape);
static void	hash_files(struct bsd *, char **, size_t);
static void	*file_next(void *);
static void	 file_work(void *, void *);
static void	 file_emit(void *, void *);
static struct input *file_input(void *);
static void	passthrough(struct bsd *);

static const struct option longopts[] = {
	{ "check",	required_argument,	NULL,	'c' },
	{ "passthrough", no_argument,		NULL,	'p' },
	{ "quiet",	no_argument,		NULL,	'q' },
	{ "reverse",	no_argument,		NULL,	'r' },
	{ "string",	required_argument,	NULL,	's' },
	{ "time-trial",	no_argument,		NULL,	't' },
	{ "self-test",	no_argument,		NULL,	'x' },
	{ "debug",	no_argument,		NULL,	OPT_DEBUG },
	{ "mmap",	no_argument,		NULL,	OPT_MMAP },
	{ "no-mmap",	no_argument,		NULL,	OPT_NO_MMAP },
	{ "help",	no_argument,		NULL,	OPT_HELP },
	{ "version",	no_argument,		NULL,	OPT_VERSION },
	{ NULL,		0,			NULL,	0 }
};

static void
usage(FILE *fp, const char *progname)
{
	fprintf(fp, "usage: %s [-bpqrtx] [-c string] [-s string] [file ...]\n",
	    progname);
}

int
bsd_main(const struct mds_alg *alg, int argc, char **argv)
{
	struct bsd b = { alg, NULL, NULL, 0, 0, 0, 0, NULL, 0, 0 };
	struct action *actions;
	int ch, i, nactions = 0;

	/* mdsum.c made argv[0] the name run: sha512t224, not sha512-224. */
	b.progname = argc > 0 && argv[0] != NULL ? argv[0] :
	    mds_alg_name(alg);
	lines_init();	/* a line per write: a failed one stops the work */
	if ((actions = calloc((size_t)argc, sizeof(*actions))) == NULL)
		err(1, NULL);
	while ((ch = getopt_long(argc, argv, "bc:pqrs:tx", longopts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'b':	/* binary mode: the only mode there is */
			break;
		case 'c':
			b.expect = optarg;
			break;
		case 'q':
			b.quiet = 1;
			break;
		case 'r':
			b.reverse = 1;
			break;
		case 'p':
		case 's':
		case 't':
		case 'x':
			actions[nactions].option = ch;
			actions[nactions++].arg = optarg;
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
		case OPT_HELP:
			free(actions);
			usage(stdout, b.progname);
			return close_stdout() == 0 ? 0 : 1;
		case OPT_VERSION:
			free(actions);
			printf("%s (mdsum) %s\n", b.progname, MDSUM_VERSION);
			return close_stdout() == 0 ? 0 : 1;
		default:
			free(actions);
			usage(stderr, b.progname);
			return 1;
		}
	}
	argc -= optind;
	argv += optind;
	if (check_backend_env() == -1) {
		free(actions);
		return 1;
	}

	for (i = 0; i < nactions; i++) {
		switch (actions[i].option) {
		case 's':
			hash_string(&b, actions[i].arg);
			break;
		case 'p':
			passthrough(&b);
			break;
		case 't':
			if (time_trial(alg) == -1)
				b.status = 1;
			break;
		case 'x':
			if (self_test(alg) == -1)
				b.status = 1;
			break;
		}
	}
	free(actions);
	if (argc > 0)
		hash_files(&b, argv, (size_t)argc);
	if (argc == 0 && nactions == 0)
		hash_file(&b, "-", SHAPE_BARE);

	if (debug_flag)
		debug_tuning();
	if (close_stdout() == -1)
		b.status = 1;
	if (b.status != 0)
		return b.status;
	return b.mismatches > 0 ? 2 : 0;
}

/* Print one result line in the chosen format; name is unused for BARE. */
static void
report(struct bsd *b, const unsigned char *md, const char *name,
    enum shape shape)
{
	char hex[2 * MDS_MAX_DIGEST + 1];
	int escape, failed;

	mds_hex(md, mds_alg_digest_len(b->alg), hex);
	failed = b->expect != NULL && strcasecmp(b->expect, hex) != 0;
	escape = shape == SHAPE_FILE && name_needs_escape(name);
	line_begin();
	if (b->quiet || shape == SHAPE_BARE)
		fputs(hex, stdout);
	else {
		if (escape)
			putchar('\\');
		if (b->reverse)
			printf("%s ", hex);
		else
			printf("%s (", mds_alg_tag(b->alg));
		if (shape == SHAPE_STRING)
			printf("\"%s\"", name);
		else if (escape)
			put_escaped(stdout, name);
		else
			fputs(name, stdout);
		if (!b->reverse)
			printf(") = %s", hex);
	}
	if (failed) {
		b->mismatches++;
		if (!b->quiet)
			fputs(" [ Failed ]", stdout);
	}
	putchar('\n');
	line_end();
}

static void
hash_string(struct bsd *b, const char *s)
{
	unsigned char md[MDS_MAX_DIGEST];

	if (mds_digest(b->alg, s, strlen(s), md) == -1)
		err(1, "%s", mds_alg_name(b->alg));
	report(b, md, s, SHAPE_STRING);
}

static void
hash_file(struct bsd *b, const char *path, enum shape shape)
{
	unsigned char md[MDS_MAX_DIGEST];
	mds_ctx ctx;
	int e;

	if (mds_init(&ctx, b->alg) == -1)
		err(1, "%s", mds_alg_name(b->alg));
	if (hash_path(path, &ctx, 1, &e) == -1) {
		warn_input(shape == SHAPE_BARE ? "stdin" : tty_text(path), e);
		mds_discard(&ctx);
		b->status = 1;
		return;
	}
	if (mds_final(&ctx, md) == -1) {
		warn("%s", tty_text(path));
		b->status = 1;
		return;
	}
	report(b, md, path, shape);
}

/*
 * The file operands, in lanes when they are regular files; "-" is
 * standard input, read in its turn (hash_input_emit).
 */
static void
hash_files(struct bsd *b, char **files, size_t n)
{
	struct job_ops ops = { file_next, file_work, file_emit, file_input,
	    NULL };

	b->files = files;
	b->nfiles = n;
	b->next = 0;
	ops.arg = b;
	run_jobs(&ops, default_jobs());
}

static void *
file_next(void *arg)
{
	struct bsd *b = arg;
	struct input *in;

	if (b->next == b->nfiles)
		return NULL;
	if ((in = calloc(1, sizeof(*in))) == NULL)
		err(1, NULL);
	in->name = b->files[b->next++];
	in->nalgs = 1;
	in->algs[0] = b->alg;
	return in;
}

static struct input *
file_input(void *item)
{
	return item;
}

static void
file_work(void *arg, void *item)
{
	(void)arg;
	hash_input_work(item, 0);
}

static void
file_emit(void *arg, void *item)
{
	struct bsd *b = arg;
	struct input *in = item;

	hash_input_emit(in, 0);
	if (in->err != 0) {
		warn_input(tty_text(in->name), in->err);
		b->status = 1;
	} else
		report(b, in->md[0], in->name, SHAPE_FILE);
	free(in);
}

/* -p: copy standard input to standard output, then print its digest. */
static void
passthrough(struct bsd *b)
{
	unsigned char md[MDS_MAX_DIGEST], buf[65536];
	mds_ctx ctx;
	ssize_t got;

	if (mds_init(&ctx, b->alg) == -1)
		err(1, "%s", mds_alg_name(b->alg));
	for (;;) {
		got = read(STDIN_FILENO, buf, sizeof(buf));
		if (got == -1 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		if (fwrite(buf, 1, (size_t)got, stdout) != (size_t)got)
			err(1, "stdout");
		(void)mds_update(&ctx, buf, (size_t)got);
	}
	if (got == -1) {
		warn("stdin");
		mds_discard(&ctx);
		b->status = 1;
		return;
	}
	(void)mds_final(&ctx, md);
	report(b, md, "-", SHAPE_BARE);
}
