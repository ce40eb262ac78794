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

/*
 * A JSON string: quotes, backslashes and control characters escaped.
 * Bytes that are not ASCII are passed through (names are bytes; most are
 * UTF-8).
 */
void
put_json_string(FILE *fp, const char *s)
{
	const unsigned char *p;

	putc('"', fp);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(fp, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(fp, "\\u%04x", *p);
		else
			putc(*p, fp);
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
