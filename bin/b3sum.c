/*
 * b3sum.c: mdsum run as b3sum, BLAKE3's own tool (b3sum 1.2.0): its
 * options, lines, messages and exit statuses.  The command line is
 * read as b3sum reads it (b3sum_args.c); then, as b3sum does, --raw is
 * refused with several files, the key of --keyed read from standard
 * input and --num-threads read, each a fatal error if it fails; and
 * the files are hashed, or checked (b3sum_check.c).
 *
 * An output of up to 64 bytes is a registry row's digest (blake3-8 ..
 * blake3-512, made keyed or derived), hashed by the job pool as every
 * personality hashes; a longer one is read by b3sum_xof.c, a file at a
 * time (its output is in memory whole).  A file that fails is reported
 * in its turn and the others are hashed; the exit status is then 1.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "b3sum.h"

#define MAX_THREADS	1024	/* as mdsum -j: more gain nothing */

/* An operand of the job pool. */
struct item {
	struct input	 in;
	int		 keyed_stdin;	/* "-" with --keyed: refused */
	unsigned char	*out;		/* b3sum_xof's output */
	int		 err;		/* b3sum_xof's errno */
};

struct gen {
	struct b3sum	*b;
	size_t		 next;
};

static void	 open_std_fds(void);
static int	 read_key(struct b3sum *);
static int	 parse_threads(struct b3sum *);
static int	 parse_u64(const char *, uint64_t *);
static int	 choose_alg(struct b3sum *);
static int	 generate(struct b3sum *);
static void	*gen_next(void *);
static struct input *gen_input(void *);
static void	 gen_work(void *, void *);
static void	 gen_emit(void *, void *);
static void	 put_line(struct b3sum *, const char *, const unsigned char *,
		    size_t);

int
b3sum_main(int argc, char **argv)
{
	static char *stdin_only[] = { "-", NULL };
	struct b3sum b;
	int status;

	open_std_fds();
	lines_init();
	memset(&b, 0, sizeof(b));
	if (b3sum_args(&b.a, argc, argv, &status) == -1)
		return status;
	b.files = b.a.nfiles > 0 ? b.a.files : stdin_only;
	b.nfiles = b.a.nfiles > 0 ? b.a.nfiles : 1;
	if (b.a.raw && b.nfiles > 1)
		status = fatal("Only one filename can be provided when using "
		    "--raw");
	else if ((b.a.keyed && read_key(&b) == -1) ||
	    parse_threads(&b) == -1 || check_backend_env() == -1)
		status = 1;
	else {
		if (b.a.no_mmap)
			read_mode = MDS_READ_LOOP;
		if (b.a.check)
			status = b3sum_check(&b);
		else if (choose_alg(&b) == -1)
			err(1, "blake3");
		else
			status = generate(&b);
		if (close_stdout() == -1)
			status = 1;
	}
	mds_alg_free(b.alg);
	free(b.a.files);
	return status;
}

/*
 * b3sum, as a Rust program, reads a closed standard input as an empty
 * one and writes to a closed output as to nowhere: the same, with
 * /dev/null on those descriptors (nothing the run opens takes them then).
 */
static void
open_std_fds(void)
{
	int fd;

	for (fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
		if (fcntl(fd, F_GETFD) == -1 && errno == EBADF &&
		    open("/dev/null", fd == STDIN_FILENO ? O_RDONLY :
		    O_WRONLY) != fd)
			_exit(1);
}

/* --keyed: exactly MDS_BLAKE3_KEY_LEN bytes from standard input. */
static int
read_key(struct b3sum *b)
{
	unsigned char buf[MDS_BLAKE3_KEY_LEN + 1];
	ssize_t n = key_read(buf);

	if (n == -1) {
		fatal("%s", os_error_text(errno));
		return -1;
	}
	if (n < MDS_BLAKE3_KEY_LEN) {
		fatal("expected %d key bytes from stdin, found %zd",
		    MDS_BLAKE3_KEY_LEN, n);
		return -1;
	}
	if (n > MDS_BLAKE3_KEY_LEN) {
		fatal("read more than %d key bytes from stdin",
		    MDS_BLAKE3_KEY_LEN);
		return -1;
	}
	memcpy(b->key, buf, MDS_BLAKE3_KEY_LEN);
	return 0;
}

/*
 * --num-threads NUM, as b3sum reads it; 0 or none: RAYON_NUM_THREADS if
 * it is a number above 0, as b3sum's thread pool takes it, else a thread
 * per CPU.  They are the job pool's: files side by side, and the pieces
 * of a large one among the threads no other file takes (hashfile.c).
 */
static int
parse_threads(struct b3sum *b)
{
	const char *env = getenv("RAYON_NUM_THREADS");
	uint64_t n = 0;
	int r;

	if (b->a.num_threads != NULL &&
	    (r = parse_u64(b->a.num_threads, &n)) != 0) {
		fatal("Failed to parse num threads.\n\nCaused by:\n    %s",
		    r == EINVAL ? "invalid digit found in string" :
		    r == ERANGE ? "number too large to fit in target type" :
		    "cannot parse integer from empty string");
		return -1;
	}
	if (n == 0 && (env == NULL || parse_u64(env, &n) != 0))
		n = 0;
	b->jobs = n == 0 ? default_jobs() : n > MAX_THREADS ? MAX_THREADS :
	    (size_t)n;
	return 0;
}

/*
 * A number as Rust's str::parse reads an unsigned one: an optional '+',
 * then decimal digits only.  0; EINVAL for a character that is not a
 * digit, ERANGE past 2^64 - 1, EDOM for nothing.
 */
static int
parse_u64(const char *s, uint64_t *out)
{
	uint64_t n = 0;

	if (*s == '\0')
		return EDOM;
	if ((*s == '+' || *s == '-') && s[1] == '\0')
		return EINVAL;
	if (*s == '+')
		s++;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9')
			return EINVAL;
		if (n > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return ERANGE;
		n = n * 10 + (uint64_t)(*s - '0');
	}
	*out = n;
	return 0;
}

/*
 * The row of -l's length (the 32 bytes' when there is none: 0, or a
 * value that is no number, which b3sum tells file by file once it has
 * hashed it), keyed or derived; none past 64 bytes.
 */
static int
choose_alg(struct b3sum *b)
{
	const struct mds_alg *alg;
	size_t bytes;

	b->length = MDS_BLAKE3_KEY_LEN;
	b->length_ok = b->a.length == NULL ||
	    parse_u64(b->a.length, &b->length) == 0;
	if (b->length_ok && b->length > MDS_MAX_DIGEST)
		return 0;
	bytes = b->length_ok && b->length > 0 ? (size_t)b->length : 32;
	if ((alg = mds_alg_find("blake3")) == NULL ||
	    (alg = mds_alg_length(alg, 8 * bytes)) == NULL)
		return -1;
	if (b->a.keyed)
		alg = mds_alg_keyed(alg, b->key, sizeof(b->key));
	else if (b->a.context != NULL)
		alg = mds_alg_derive_key(alg, b->a.context);
	b->alg = alg;
	return alg != NULL ? 0 : -1;
}

/* The files through the job pool, b3sum_xof's one at a time. */
static int
generate(struct b3sum *b)
{
	struct gen gen = { b, 0 };
	struct job_ops ops = { gen_next, gen_work, gen_emit, gen_input, NULL };

	ops.arg = &gen;
	run_jobs(&ops, b->alg != NULL ? b->jobs : 1);
	return b->status;
}

static void *
gen_next(void *arg)
{
	struct gen *gen = arg;
	struct item *it;

	if (gen->next == gen->b->nfiles)
		return NULL;
	if ((it = calloc(1, sizeof(*it))) == NULL)
		err(1, NULL);
	it->in.name = gen->b->files[gen->next++];
	it->in.nalgs = 1;
	it->in.algs[0] = gen->b->alg;
	/* In keyed mode standard input held the key. */
	it->keyed_stdin = gen->b->a.keyed && strcmp(it->in.name, "-") == 0;
	return it;
}

static struct input *
gen_input(void *item)
{
	struct item *it = item;

	return it->keyed_stdin || it->in.algs[0] == NULL ? NULL : &it->in;
}

static void
gen_work(void *arg, void *item)
{
	struct gen *gen = arg;
	struct item *it = item;
	size_t len = (size_t)gen->b->length;

	if (it->keyed_stdin)
		return;
	if (it->in.algs[0] != NULL) {
		hash_input_work(&it->in, 0);
		return;
	}
	if (gen->b->length > SIZE_MAX)
		it->err = ENOMEM;
	else
		it->out = b3sum_xof(gen->b, it->in.name, len, &it->err);
}

static void
gen_emit(void *arg, void *item)
{
	struct gen *gen = arg;
	struct b3sum *b = gen->b;
	struct item *it = item;
	char *buf = NULL;
	const char *name = lossy_text(it->in.name, &buf);

	if (it->in.algs[0] != NULL && !it->keyed_stdin) {
		hash_input_emit(&it->in, 0);
		it->err = it->in.err;
	}
	if (it->keyed_stdin || it->err != 0 || !b->length_ok)
		b->status = 1;
	if (it->keyed_stdin)
		warnx("%s: Cannot open `-` in keyed mode", tty_text(name));
	else if (it->err != 0)
		warnx("%s: %s", tty_text(name), os_error_text(it->err));
	else if (!b->length_ok)
		warnx("%s: Failed to parse length.", tty_text(name));
	else
		put_line(b, name, it->out != NULL ? it->out : it->in.md[0],
		    (size_t)b->length);
	free(buf);
	free(it->out);
	free(it);
}

/*
 * The digest's bytes with --raw; else in hex, and but for --no-names two
 * spaces and the name, a backslash and a newline in it escaped (\\, \n)
 * and the line then begun with a backslash, as b3sum -c reads it back.
 */
static void
put_line(struct b3sum *b, const char *name, const unsigned char *md,
    size_t len)
{
	char hex[2 * 64 + 1];
	int escape = !b->a.no_names && strpbrk(name, "\\\n") != NULL;
	size_t i, n;

	line_begin();
	if (b->a.raw) {
		fwrite(md, 1, len, stdout);
		line_end();
		return;
	}
	if (escape)
		putchar('\\');
	for (i = 0; i < len; i += n) {
		n = len - i < 64 ? len - i : 64;
		fputs(mds_hex(md + i, n, hex), stdout);
	}
	if (!b->a.no_names) {
		fputs("  ", stdout);
		for (; *name != '\0'; name++)
			if (*name == '\\')
				fputs("\\\\", stdout);
			else if (*name == '\n')
				fputs("\\n", stdout);
			else
				putchar(*name);
	}
	putchar('\n');
	line_end();
}
