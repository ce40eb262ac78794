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
#include <stdlib.h>
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
static int	is_terminal(int);
static char	*tty_escaped(const char *);

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
	progress_hold();	/* --progress: the status line erased first */
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
	progress_release();
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
 * Its names are as they are, but for control characters on a terminal.
 */
void
debugx(const char *fmt, ...)
{
	va_list ap;
	char *msg = NULL, *esc;
	size_t size;
	FILE *fp;

	if ((fp = open_memstream(&msg, &size)) == NULL)
		return;
	va_start(ap, fmt);
	(void)vfprintf(fp, fmt, ap);
	va_end(ap);
	if (fclose(fp) != 0) {
		free(msg);
		return;
	}
	esc = is_terminal(STDERR_FILENO) ? tty_escaped(msg) : NULL;
	flockfile(stderr);
	warnx("%s", esc != NULL ? esc : msg);
	funlockfile(stderr);
	free(esc);
	free(msg);
}

/* Is descriptor fd (1 or 2) a terminal?  Asked once. */
static int
is_terminal(int fd)
{
	static int known[3] = { -1, -1, -1 };

	if (fd < 1 || fd > 2)
		return 0;
	if (known[fd] == -1)
		known[fd] = isatty(fd);
	return known[fd];
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
 * Length of the character at p if a terminal shows it as itself, or 0:
 * C0 controls, DEL and the C1 controls U+0080..U+009F can move the
 * cursor, repaint or retitle the screen, and so can bytes that are not
 * UTF-8 (a lone 0x9b is CSI to some terminals).
 */
static size_t
tty_safe_len(const unsigned char *p)
{
	size_t n;

	if (*p < 0x20 || *p == 0x7f || (n = utf8_len(p)) == 0)
		return 0;
	if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)
		return 0;
	return n;
}

static int
tty_unsafe(const char *name)
{
	const unsigned char *p = (const unsigned char *)name;
	size_t n;

	for (; *p != '\0'; p += n)
		if ((n = tty_safe_len(p)) == 0)
			return 1;
	return 0;
}

/*
 * A name with a newline, carriage return or backslash would break the
 * one-line-per-file format: such a line starts with a backslash and the
 * three characters are written as \n, \r and \\.  On a terminal, a name
 * with any character tty_safe_len refuses is escaped too, those bytes as
 * \xHH: a hostile name must not be able to repaint the screen.
 */
int
name_needs_escape(const char *name)
{
	return strpbrk(name, "\n\r\\") != NULL ||
	    (is_terminal(STDOUT_FILENO) && tty_unsafe(name));
}

void
put_escaped(FILE *fp, const char *name)
{
	const unsigned char *p;
	int tty = fp == stdout && is_terminal(STDOUT_FILENO);
	size_t n;

	for (p = (const unsigned char *)name; *p != '\0'; p += n) {
		n = 1;
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
			if (tty && (n = tty_safe_len(p)) == 0) {
				fprintf(fp, "\\x%02x", *p);
				n = 1;
			} else if (tty)
				fwrite(p, 1, n, fp);
			else
				putc(*p, fp);
			break;
		}
	}
}

/*
 * text with the characters tty_safe_len refuses as \xHH, in a new string;
 * NULL if it has none (or memory ran out: then it goes as it is).
 */
static char *
tty_escaped(const char *text)
{
	const unsigned char *p;
	size_t n, len = 0;
	char *buf;

	if (!tty_unsafe(text) || (buf = malloc(4 * strlen(text) + 1)) == NULL)
		return NULL;
	for (p = (const unsigned char *)text; *p != '\0'; p += n)
		if ((n = tty_safe_len(p)) == 0) {
			len += (size_t)sprintf(buf + len, "\\x%02x", *p);
			n = 1;
		} else {
			memcpy(buf + len, p, n);
			len += n;
		}
	buf[len] = '\0';
	return buf;
}

/*
 * A name for a message on stderr from the BSD tools, which print names
 * as they are (FreeBSD's md5 does): on a terminal, escaped by
 * tty_escaped.  The result lives until the next call; the main thread's.
 */
const char *
tty_text(const char *name)
{
	static char *buf;

	if (!is_terminal(STDERR_FILENO))
		return name;
	free(buf);
	buf = tty_escaped(name);
	return buf != NULL ? buf : name;
}

/* RFC 4648 base64 of len bytes, with padding, into out; returns out. */
char *
base64_text(const unsigned char *in, size_t len, char *out)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *p = out;
	uint32_t v;
	size_t i;

	for (i = 0; i < len; i += 3) {
		v = (uint32_t)in[i] << 16;
		if (i + 1 < len)
			v |= (uint32_t)in[i + 1] << 8;
		if (i + 2 < len)
			v |= in[i + 2];
		*p++ = b64[v >> 18 & 63];
		*p++ = b64[v >> 12 & 63];
		*p++ = i + 1 < len ? b64[v >> 6 & 63] : '=';
		*p++ = i + 2 < len ? b64[v & 63] : '=';
	}
	*p = '\0';
	return out;
}

/*
 * A JSON string: quotes, backslashes and control characters (C0, DEL,
 * C1) escaped as \u00XX.  A byte that is not part of valid UTF-8 becomes
 * U+FFFD: the string stays valid JSON that every tool keeps as it is,
 * and put_json_name says what the bytes were.
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
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(fp, "\\u%04x", *p);
		else if ((n = utf8_len(p)) == 0)
			fputs("\\ufffd", fp);
		else if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0) {
			fprintf(fp, "\\u%04x", p[1]);
			p += 2;
			continue;
		} else {
			fwrite(p, 1, n, fp);
			p += n;
			continue;
		}
		p++;
	}
	putc('"', fp);
}

/*
 * "key":"name", and when the name is not UTF-8 (so that the string had
 * to replace bytes with U+FFFD) also "key_base64":"...", its exact bytes
 * in base64: names that differ in such bytes stay apart.
 */
void
put_json_name(FILE *fp, const char *key, const char *name)
{
	const unsigned char *p = (const unsigned char *)name;
	char chunk[4 * 256 / 3 + 4 + 1];
	size_t n, len;

	fprintf(fp, "\"%s\":", key);
	put_json_string(fp, name);
	for (; *p != '\0'; p += n)
		if ((n = utf8_len(p)) == 0)
			break;
	if (*p == '\0')
		return;
	fprintf(fp, ",\"%s_base64\":\"", key);
	p = (const unsigned char *)name;
	for (len = strlen(name); len > 0; p += n, len -= n) {
		n = len < 255 ? len : 255;	/* whole groups of 3 */
		fputs(base64_text(p, n, chunk), fp);
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
