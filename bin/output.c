/*
 * output.c: printing names the way GNU coreutils does, lines that go out
 * whole, and the final check that everything written to stdout got there.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static sigset_t	held;		/* signals held while a line goes out */
static sigset_t	line_saved;	/* the mask line_begin replaced */
static int	hold_lines;	/* stdout is a regular file: hold them */
static int	null_out;	/* stdout is /dev/null: no flush per line */
static char	nullbuf[64 * 1024];	/* stdout's buffer into /dev/null */

static void	say_write_error(int);
static void	stdout_failed(int);

/* Are descriptors a and b open on the same file? */
static int
same_file(int a, int b)
{
	struct stat sa, sb;

	return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 &&
	    sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/*
 * Lines go out whole, so that `mdsum -R dir > MANIFEST` stopped by ^C,
 * kill or a hangup leaves only complete lines.  A line longer than the
 * buffer takes several write(2)s, and the kernel may cut a write to a
 * file short when a fatal signal comes in the middle of it.  So, when
 * stdout is a regular file, the terminating signals are blocked from the
 * first byte of a line until it has been written; the worker threads
 * block them for good (jobs.c), so that they are delivered to the thread
 * that writes, between two lines.  Other outputs (pipes, terminals) are
 * left alone: a write to them may block for ever, and ^C must still work
 * then.
 *
 * Every line is flushed as it ends (a -z record too): parallel runs
 * writing one pipe or file do not interleave within a line, and a write
 * that fails is seen at the line that made it, with its errno, so that
 * the work stops there (line_end).  Standard output keeps stdio's own
 * buffering otherwise (terminals line by line, the rest in blocks, for
 * --help and the like).  Into /dev/null, where no one sees lines or their
 * order against stderr's messages, it is fully buffered and not flushed
 * per line: a write per line was a fifth of the cost of checking many
 * small files with the output thrown away.
 */
void
lines_init(void)
{
	struct stat sb, null;

	sigemptyset(&held);
	sigaddset(&held, SIGHUP);
	sigaddset(&held, SIGINT);
	sigaddset(&held, SIGQUIT);
	sigaddset(&held, SIGTERM);
	hold_lines = fstat(STDOUT_FILENO, &sb) == 0 && S_ISREG(sb.st_mode);
	null_out = !hold_lines && fstat(STDOUT_FILENO, &sb) == 0 &&
	    S_ISCHR(sb.st_mode) && stat("/dev/null", &null) == 0 &&
	    sb.st_rdev == null.st_rdev &&
	    !same_file(STDOUT_FILENO, STDERR_FILENO);
	if (null_out)
		setvbuf(stdout, nullbuf, _IOFBF, sizeof(nullbuf));
}

/* The signals that lines_init holds, for the worker threads to block. */
const sigset_t *
line_signals(void)
{
	return &held;
}

void
line_begin(void)
{
	if (hold_lines)
		(void)pthread_sigmask(SIG_BLOCK, &held, &line_saved);
	errno = 0;	/* what a write of this line fails with, line_end says */
}

/*
 * The line is complete: write it out, then let the signals in.  If a
 * write of it failed (a full disk, a reader gone with SIGPIPE ignored), no
 * later line can get there: say why and stop at once, the worker threads
 * with the rest, rather than hash what no one will see.  _exit, not exit:
 * the workers are still running, and must not meet atexit handlers
 * tearing down what they use; stdout's buffer is lost anyway.
 */
void
line_end(void)
{
	if ((!null_out && fflush(stdout) == EOF) || ferror(stdout))
		stdout_failed(errno);
	if (hold_lines)
		(void)pthread_sigmask(SIG_SETMASK, &line_saved, NULL);
}

/*
 * The message for a failed write to stdout, e its errno (0: not known).
 * The BSD tools say "stdout: reason", as FreeBSD md5 -p does; the
 * GNU-style tool "write error: reason", in coreutils' words.
 */
static void
say_write_error(int e)
{
	if (!gnu_messages) {
		errno = e != 0 ? e : EIO;
		warn("stdout");
	} else if (e != 0) {
		errno = e;
		warn("write error");
	} else
		warnx("write error");
}

static void
stdout_failed(int e)
{
	say_write_error(e);
	_exit(1);
}

/*
 * A --debug message from any thread: whole, though warnx(3) writes it in
 * pieces (the stream's lock is recursive and every stdio call takes it).
 */
void
debugx(const char *fmt, ...)
{
	va_list ap;

	flockfile(stderr);
	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
	funlockfile(stderr);
}

/*
 * A name with a newline, carriage return or backslash would break the
 * one-line-per-file format: such a line starts with a backslash and the
 * three characters are written as \n, \r and \\.
 */
int
name_needs_escape(const char *name)
{
	return strpbrk(name, "\n\r\\") != NULL;
}

void
put_escaped(FILE *fp, const char *name)
{
	const char *p;

	for (p = name; *p != '\0'; p++) {
		switch (*p) {
		case '\n':
			fputs("\\n", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		case '\\':
			fputs("\\\\", fp);
			break;
		default:
			putc(*p, fp);
			break;
		}
	}
}

/* Length of the valid UTF-8 sequence at p, or 0 if it is not one. */
static size_t
utf8_len(const unsigned char *p)
{
	uint32_t cp;
	size_t n, i;

	if (*p < 0x80)
		return 1;
	if (*p >= 0xc2 && *p <= 0xdf)
		n = 2;
	else if (*p >= 0xe0 && *p <= 0xef)
		n = 3;
	else if (*p >= 0xf0 && *p <= 0xf4)
		n = 4;
	else
		return 0;
	cp = *p & (0x7f >> n);
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	/* No overlong forms, no surrogates, nothing past U+10FFFF. */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

/*
 * A JSON string: quotes, backslashes and control characters escaped.  A
 * name is bytes, not always UTF-8: a byte that is not part of valid UTF-8
 * is written as the lone surrogate U+DC00 + byte (Python's
 * "surrogateescape"), so the output stays valid JSON and loses nothing.
 */
void
put_json_string(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	putc('"', fp);
	while (*p != '\0') {
		if (*p == '"' || *p == '\\')
			fprintf(fp, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(fp, "\\u%04x", *p);
		else if ((n = utf8_len(p)) == 0)
			fprintf(fp, "\\u%04x", 0xdc00 + *p);
		else {
			fwrite(p, 1, n, fp);
			p += n;
			continue;
		}
		p++;
	}
	putc('"', fp);
}

/*
 * Flush and close stdout; a write error (full disk, closed stdout) is an
 * error, worded as say_write_error does.  Lines stop the program at their
 * first failed write (line_end); this is for what is written otherwise
 * (--help, --list, -x) and for what is still buffered.  The reason is
 * given when the final flush or the close fails; an earlier write's errno
 * is gone.  A close failing with EBADF (stdout was closed) is no error
 * when nothing was written, as in coreutils.
 */
int
close_stdout(void)
{
	int earlier, flushed, closed, e = 0;

	earlier = ferror(stdout) != 0;
	errno = 0;
	flushed = fflush(stdout) != EOF;
	if (!flushed)
		e = errno;
	closed = fclose(stdout) == 0;
	if (!closed)
		e = errno;
	if (!earlier && flushed && (closed || e == EBADF))
		return 0;
	say_write_error(e);
	return -1;
}
