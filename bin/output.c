/*
 * output.c: printing names the way GNU coreutils does, and the final check
 * that everything written to stdout got there.
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

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
 * Flush stdout; a write error (full disk, closed stdout) is an error.
 * As coreutils, the GNU-style tool says just "write error" when an earlier
 * write failed, and adds the reason when the final flush does.
 */
int
close_stdout(void)
{
	int earlier = ferror(stdout), now = fflush(stdout) == EOF;

	if (!earlier && !now)
		return 0;
	if (errno == 0)
		errno = EIO;
	if (!gnu_messages)
		warn("stdout");
	else if (now)
		warn("write error");
	else
		warnx("write error");
	return -1;
}
