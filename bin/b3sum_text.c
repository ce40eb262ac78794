/*
 * b3sum_text.c: text as b3sum, a Rust program, makes it.  Its file names
 * are Rust strings: the bytes of a name that are not UTF-8 are shown as
 * U+FFFD, and a check file must be UTF-8.  Its errors of the system read
 * "REASON (os error N)", and an error that ends the run "Error: ...".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "b3sum.h"

static int	utf8_step(const unsigned char *, size_t);

/*
 * The UTF-8 sequence at p, n > 0 bytes left: its length; or, if it is
 * none (an overlong form, a surrogate, past U+10FFFF, cut short), minus
 * the bytes one U+FFFD stands for: up to the first that does not fit, 1
 * to 3 of them, as Rust's lossy conversion takes them.
 */
static int
utf8_step(const unsigned char *p, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		if (p[0] == 0xe0)
			lo = 0xa0;
		else if (p[0] == 0xed)
			hi = 0x9f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		if (p[0] == 0xf0)
			lo = 0x90;
		else if (p[0] == 0xf4)
			hi = 0x8f;
	} else
		return -1;
	if (n < 2 || p[1] < lo || p[1] > hi)
		return -1;
	for (i = 2; i < len; i++)
		if (i >= n || (p[i] & 0xc0) != 0x80)
			return -(int)i;
	return (int)len;
}

int
utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i;
	int len;

	for (i = 0; i < n; i += (size_t)len)
		if ((len = utf8_step(p + i, n - i)) < 0)
			return 0;
	return 1;
}

/* Rust's to_string_lossy. */
const char *
lossy_text(const char *s, char **buf)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i, j;
	char *out;
	int len;

	if (utf8_valid(s, n))
		return s;
	/* A byte becomes 3 at most. */
	if ((out = malloc(3 * n + 1)) == NULL)
		return s;
	for (i = j = 0; i < n; i += (size_t)len) {
		if ((len = utf8_step(p + i, n - i)) > 0) {
			memcpy(out + j, p + i, (size_t)len);
			j += (size_t)len;
		} else {
			memcpy(out + j, "\xef\xbf\xbd", 3);
			j += 3;
			len = -len;
		}
	}
	out[j] = '\0';
	free(*buf);
	*buf = out;
	return out;
}

const char *
os_error_text(int err)
{
	static char text[256];

	if (err <= 0)
		return input_error_text(err);
	(void)snprintf(text, sizeof(text), "%s (os error %d)", strerror(err),
	    err);
	return text;
}

int
fatal(const char *fmt, ...)
{
	va_list ap;

	(void)fflush(stdout);
	fputs("Error: ", stderr);
	va_start(ap, fmt);
	(void)vfprintf(stderr, fmt, ap);
	va_end(ap);
	putc('\n', stderr);
	return 1;
}
