/*
 * b3sum_check.c: b3sum -c, as b3sum 1.2.0 checks.  Each check file ("-":
 * standard input) is read a line at a time; a line is 64 lower-case hex
 * digits, two spaces and a name, and one that starts with a backslash
 * has its name escaped (\\ and \n, nothing else).  What is wrong with a
 * line is said on stderr ("b3sum: Short line"); the files named are
 * hashed by the job pool, and each one's line on stdout is "NAME: OK"
 * (not with --quiet), "NAME: FAILED", or "NAME: FAILED (REASON)" for a
 * file that could not be read, NAME as the line has it.  A check file
 * that cannot be opened or read, or that is not UTF-8, ends the run
 * ("Error: REASON") once the lines before it are done.  The exit status
 * is 1 if anything failed.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "b3sum.h"

#define HEX_LEN		64	/* the digest's, always 32 bytes */
#define PREFIX_LEN	(HEX_LEN + 2)

/* A line of a check file. */
struct entry {
	struct input	 in;
	const char	*bad;		/* what is wrong with the line */
	char		*fatal;		/* why the run ends here */
	char		*shown;		/* the name as the line has it */
	unsigned char	 want[HEX_LEN / 2];
};

struct checker {
	struct b3sum		*b;
	const struct mds_alg	*alg;
	size_t			 next;	/* the next check file */
	FILE			*fp;	/* the one being read, or NULL */
	char			*line;
	size_t			 size;
	int			 stop;	/* a fatal entry was made */
};

static void		*check_next(void *);
static struct input	*check_input(void *);
static void		 check_work(void *, void *);
static void		 check_emit(void *, void *);
static struct entry	*ending(struct checker *, const char *);
static struct entry	*parse_line(struct checker *, const char *, size_t);
static int		 unescape(const char *, size_t, char *, size_t *);
static int		 hex_digit(char);

int
b3sum_check(struct b3sum *b)
{
	struct checker c;
	struct job_ops ops = { check_next, check_work, check_emit, check_input,
	    NULL };

	memset(&c, 0, sizeof(c));
	c.b = b;
	if ((c.alg = mds_alg_find("blake3")) == NULL)
		errx(1, "blake3: not in the registry");
	ops.arg = &c;
	run_jobs(&ops, b->jobs);
	if (c.fp != NULL && c.fp != stdin)
		(void)fclose(c.fp);
	free(c.line);
	return b->status;
}

static void *
check_next(void *arg)
{
	struct checker *c = arg;
	const char *path;
	ssize_t n;

	while (!c->stop) {
		if (c->fp == NULL) {
			if (c->next == c->b->nfiles)
				return NULL;
			path = c->b->files[c->next++];
			if (strcmp(path, "-") == 0)
				c->fp = stdin;
			else if ((c->fp = fopen(path, "r")) == NULL)
				return ending(c, os_error_text(errno));
		}
		errno = 0;
		if ((n = getline(&c->line, &c->size, c->fp)) != -1)
			return utf8_valid(c->line, (size_t)n) ?
			    parse_line(c, c->line, (size_t)n) :
			    ending(c, "stream did not contain valid UTF-8");
		if (ferror(c->fp))
			return ending(c, os_error_text(errno != 0 ? errno :
			    EIO));
		if (c->fp != stdin)
			(void)fclose(c->fp);
		c->fp = NULL;
	}
	return NULL;
}

/* The last entry: the run ends with why. */
static struct entry *
ending(struct checker *c, const char *why)
{
	struct entry *e;

	if ((e = calloc(1, sizeof(*e))) == NULL ||
	    (e->fatal = strdup(why)) == NULL)
		err(1, NULL);
	c->stop = 1;
	return e;
}

/*
 * The n bytes of a line, as b3sum takes it apart, checked in its order:
 * the line's end, the backslash, the length, ASCII, the spaces, the hex
 * digits, the escapes, then what the name may not hold.
 */
static struct entry *
parse_line(struct checker *c, const char *line, size_t n)
{
	struct entry *e;
	size_t i, len;
	int escaped, hi, lo;

	if ((e = calloc(1, sizeof(*e))) == NULL)
		err(1, NULL);
	while (n > 0 && line[n - 1] == '\n')
		n--;
	if (n == 0) {
		e->bad = "Empty line";
		return e;
	}
	escaped = line[0] == '\\';
	if (escaped) {
		line++;
		n--;
	}
	if (n <= PREFIX_LEN) {
		e->bad = "Short line";
		return e;
	}
	for (i = 0; i < PREFIX_LEN; i++)
		if ((unsigned char)line[i] >= 0x80) {
			e->bad = "Non-ASCII prefix";
			return e;
		}
	if (line[HEX_LEN] != ' ' || line[HEX_LEN + 1] != ' ') {
		e->bad = "Invalid space";
		return e;
	}
	for (i = 0; i < HEX_LEN / 2; i++) {
		if ((hi = hex_digit(line[2 * i])) < 0 ||
		    (lo = hex_digit(line[2 * i + 1])) < 0) {
			e->bad = "Invalid hex";
			return e;
		}
		e->want[i] = (unsigned char)(hi << 4 | lo);
	}
	line += PREFIX_LEN;
	n -= PREFIX_LEN;
	if ((e->in.name = malloc(n + 1)) == NULL ||
	    (e->shown = malloc(n + 2)) == NULL)
		err(1, NULL);
	if (escaped) {
		if (unescape(line, n, e->in.name, &len) == -1) {
			e->bad = "Invalid backslash escape";
			return e;
		}
	} else {
		memcpy(e->in.name, line, n);
		len = n;
	}
	if (memchr(e->in.name, '\0', len) != NULL) {
		e->bad = "Null character in path";
		return e;
	}
	/* Names that are not UTF-8 would all be shown alike: U+FFFD. */
	for (i = 0; i + 3 <= len; i++)
		if (memcmp(e->in.name + i, "\xef\xbf\xbd", 3) == 0) {
			e->bad = "Unicode replacement character in path";
			return e;
		}
	e->in.name[len] = '\0';
	e->shown[0] = '\\';
	memcpy(e->shown + escaped, line, n);
	e->shown[n + (size_t)escaped] = '\0';
	e->in.nalgs = 1;
	e->in.algs[0] = c->alg;
	return e;
}

/* \\ and \n of the n bytes at s into out (*len bytes); -1 for others. */
static int
unescape(const char *s, size_t n, char *out, size_t *len)
{
	size_t i;

	for (i = 0, *len = 0; i < n; i++) {
		if (s[i] != '\\')
			out[(*len)++] = s[i];
		else if (i + 1 < n && s[i + 1] == 'n') {
			out[(*len)++] = '\n';
			i++;
		} else if (i + 1 < n && s[i + 1] == '\\') {
			out[(*len)++] = '\\';
			i++;
		} else
			return -1;
	}
	return 0;
}

/* A lower-case hex digit's value, or -1: b3sum takes no upper case. */
static int
hex_digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

static struct input *
check_input(void *item)
{
	struct entry *e = item;

	return e->bad != NULL || e->fatal != NULL ? NULL : &e->in;
}

static void
check_work(void *arg, void *item)
{
	struct entry *e = item;

	(void)arg;
	if (check_input(e) != NULL)
		hash_input_work(&e->in, 0);
}

static void
check_emit(void *arg, void *item)
{
	struct checker *c = arg;
	struct entry *e = item;

	if (e->fatal != NULL) {
		c->b->status = fatal("%s", e->fatal);
		free(e->fatal);
	} else if (e->bad != NULL) {
		c->b->status = 1;
		warnx("%s", e->bad);
	} else {
		hash_input_emit(&e->in, 0);
		line_begin();
		if (e->in.err != 0) {
			printf("%s: FAILED (%s)\n", e->shown,
			    os_error_text(e->in.err));
			c->b->status = 1;
		} else if (memcmp(e->in.md[0], e->want, sizeof(e->want)) !=
		    0) {
			printf("%s: FAILED\n", e->shown);
			c->b->status = 1;
		} else if (!c->b->a.quiet)
			printf("%s: OK\n", e->shown);
		line_end();
	}
	free(e->in.name);
	free(e->shown);
	free(e);
}
