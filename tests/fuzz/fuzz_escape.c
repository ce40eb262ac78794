/*
 * fuzz_escape.c: libFuzzer target for the ways mdsum writes file names.
 * The input up to its first NUL (a file name has none) is the name.
 *
 *  - In a manifest line (output.c: a leading backslash, then \n, \r and
 *    \\ for the characters that would break the line), read back as -c
 *    reads it (manifest_parse.c's unescape): the same bytes, and the
 *    escaped text holds no line break.  unescape also gets the raw input.
 *  - As a --json name (put_json_name): valid JSON with no raw control
 *    character (C0, DEL, C1); a UTF-8 name decodes to the same bytes and
 *    has no "file_base64"; any other name has one, decoding to its bytes.
 *  - Quoted for a message (quote.c's quotef), in C.UTF-8: no control
 *    bytes, and a shell reading the word gets the same bytes.
 *
 * The decoders here are written from the formats, not from output.c, so
 * that they check it rather than repeat it.
 */
#include <locale.h>
#include <string.h>

#include "manifest.h"
#include "fuzz.h"

/* mdsum.c defines this, but it has main(); output.o needs it. */
int	gnu_messages;

static char	*capture(void (*)(FILE *, const char *), const char *,
		    size_t *);
static size_t	 utf8_seq(const unsigned char *, size_t);
static int	 hex4(const unsigned char *, unsigned int *);
static int	 json_decode(const char *, size_t, char *, size_t *);
static size_t	 octal(const char *, unsigned int *);
static int	 shell_unquote(const char *, char *, size_t *);

/* What put(fp, name) writes, as a string of *len bytes. */
static char *
capture(void (*put)(FILE *, const char *), const char *name, size_t *len)
{
	char *buf = NULL;
	FILE *fp;

	if ((fp = open_memstream(&buf, len)) == NULL)
		abort();
	put(fp, name);
	if (fclose(fp) != 0)
		abort();
	return buf;
}

/* Length of the well-formed UTF-8 sequence at p (RFC 3629), or 0. */
static size_t
utf8_seq(const unsigned char *p, size_t left)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (p[0] == 0xe0)
		lo = 0xa0;	/* no overlong forms */
	else if (p[0] == 0xed)
		hi = 0x9f;	/* no surrogates */
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;	/* nothing past U+10FFFF */
	if (left < n || p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

static int
hex4(const unsigned char *p, unsigned int *v)
{
	const char *digits = "0123456789abcdef", *d;
	size_t i;

	*v = 0;
	for (i = 0; i < 4; i++) {
		/* put_json_string writes lower case */
		if (p[i] == '\0' || (d = strchr(digits, p[i])) == NULL)
			return -1;
		*v = *v << 4 | (unsigned int)(d - digits);
	}
	return 0;
}

/*
 * The bytes of the JSON string s (len bytes, quotes included) into out
 * (room for len bytes), their count in *outlen; -1 if s is not valid
 * JSON or holds an escape put_json_string has no reason to write.
 */
static int
json_decode(const char *s, size_t len, char *out, size_t *outlen)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	unsigned int v;
	size_t o = 0, n;

	if (len < 2 || p[0] != '"' || end[-1] != '"')
		return -1;
	for (p++, end--; p < end; p += n) {
		if (*p == '\\') {
			if (end - p >= 2 && (p[1] == '"' || p[1] == '\\')) {
				out[o++] = (char)p[1];
				n = 2;
				continue;
			}
			if (end - p < 6 || p[1] != 'u' || hex4(p + 2, &v) == -1)
				return -1;
			if ((v >= 0x01 && v < 0x20) || v == 0x7f)
				out[o++] = (char)v;
			else if (v >= 0x80 && v <= 0x9f) {
				out[o++] = (char)0xc2;
				out[o++] = (char)v;
			} else if (v == 0xfffd) {
				out[o++] = (char)0xef;
				out[o++] = (char)0xbf;
				out[o++] = (char)0xbd;
			} else
				return -1;
			n = 6;
		} else if (*p < 0x20 || *p == '"' || *p == 0x7f ||
		    (n = utf8_seq(p, (size_t)(end - p))) == 0 ||
		    (n == 2 && p[0] == 0xc2 && p[1] < 0xa0))
			return -1;	/* must be escaped, or not UTF-8 */
		else {
			memcpy(out + o, p, n);
			o += n;
		}
	}
	*outlen = o;
	return 0;
}

/* The value of up to three octal digits at s; returns how many. */
static size_t
octal(const char *s, unsigned int *v)
{
	size_t k;

	*v = 0;
	for (k = 0; k < 3 && s[k] >= '0' && s[k] <= '7'; k++)
		*v = *v * 8 + (unsigned int)(s[k] - '0');
	return k;
}

/*
 * The bytes a POSIX shell (with bash's $'...') makes of the word s, into
 * out, their count in *outlen; -1 if it is not a word quotef may write.
 */
static int
shell_unquote(const char *s, char *out, size_t *outlen)
{
	size_t o = 0, k;
	unsigned int v;

	while (*s != '\0') {
		if (*s == '\'') {
			for (s++; *s != '\'' && *s != '\0'; s++)
				out[o++] = *s;
			if (*s++ != '\'')
				return -1;
		} else if (s[0] == '$' && s[1] == '\'') {
			for (s += 2; *s != '\''; ) {
				if (*s == '\0')
					return -1;
				if (*s != '\\') {
					out[o++] = *s++;
					continue;
				}
				s++;
				if ((k = octal(s, &v)) != 0) {
					if (v == 0 || v > 0xff)
						return -1;
					out[o++] = (char)v;
					s += k;
					continue;
				}
				switch (*s++) {
				case 'a':
					out[o++] = '\a';
					break;
				case 'b':
					out[o++] = '\b';
					break;
				case 'f':
					out[o++] = '\f';
					break;
				case 'n':
					out[o++] = '\n';
					break;
				case 'r':
					out[o++] = '\r';
					break;
				case 't':
					out[o++] = '\t';
					break;
				case 'v':
					out[o++] = '\v';
					break;
				default:
					return -1;
				}
			}
			s++;
		} else if (*s == '"') {
			for (s++; *s != '"'; s++) {
				/* quotef uses "..." only where these are not */
				if (*s == '\0' || strchr("$`\\!", *s) != NULL)
					return -1;
				out[o++] = *s;
			}
			s++;
		} else if (*s == '\\') {
			if (*++s == '\0')
				return -1;
			out[o++] = *s++;
		} else {
			/* Unquoted: nothing a shell would split or expand. */
			if (strchr(" \t\n|&;<>()$`\"*?[", *s) != NULL)
				return -1;
			out[o++] = *s++;
		}
	}
	*outlen = o;
	return 0;
}

/* The bytes of RFC 4648 base64 text s (len bytes) into out; -1 if bad. */
static int
b64_decode(const char *s, size_t len, char *out, size_t *outlen)
{
	static const char digits[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const char *d;
	uint32_t v = 0;
	size_t i, o = 0, pad = 0;

	if (len % 4 != 0)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] == '=' && i >= len - 2) {
			pad++;
			v <<= 6;
		} else if (pad != 0 || s[i] == '\0' ||
		    (d = strchr(digits, s[i])) == NULL)
			return -1;
		else
			v = v << 6 | (uint32_t)(d - digits);
		if (i % 4 == 3) {
			out[o++] = (char)(v >> 16);
			out[o++] = (char)(v >> 8);
			out[o++] = (char)v;
			v = 0;
		}
	}
	*outlen = o - pad;
	return 0;
}

static void
put_name_object(FILE *fp, const char *name)
{
	putc('{', fp);
	put_json_name(fp, "file", name);
	putc('}', fp);
}

/* Is the whole of name valid UTF-8? */
static int
all_utf8(const char *name, size_t len)
{
	const unsigned char *p = (const unsigned char *)name;
	size_t i, n;

	for (i = 0; i < len; i += n)
		if ((n = utf8_seq(p + i, len - i)) == 0)
			return 0;
	return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int locale_set;
	const char *quoted, *p;
	char *name, *text, *raw, *back, *b64;
	size_t len, tlen, blen, jlen;

	if (!locale_set) {
		/* quotef leaves printable UTF-8 unquoted; else all is octal. */
		(void)setlocale(LC_CTYPE, "C.UTF-8");
		locale_set = 1;
	}
	len = strnlen((const char *)data, size);
	if ((name = malloc(len + 1)) == NULL ||
	    (raw = malloc(size + 1)) == NULL)
		abort();
	memcpy(name, data, len);
	name[len] = '\0';

	/* A manifest line's name. */
	if (name_needs_escape(name)) {
		text = capture(put_escaped, name, &tlen);
		FUZZ_ASSERT(memchr(text, '\n', tlen) == NULL);
		FUZZ_ASSERT(memchr(text, '\r', tlen) == NULL);
		FUZZ_ASSERT(unescape(text, tlen) == 0);
		FUZZ_ASSERT(strcmp(text, name) == 0);
		free(text);
	} else
		FUZZ_ASSERT(strpbrk(name, "\n\r\\") == NULL);
	/* Whatever a line holds: no crash, no read past it. */
	memcpy(raw, data, size);
	raw[size] = '\0';
	(void)unescape(raw, size);
	free(raw);

	/* --json: {"file":"..."} or {"file":"...","file_base64":"..."} */
	text = capture(put_name_object, name, &tlen);
	if ((back = malloc(tlen + 1)) == NULL)
		abort();
	FUZZ_ASSERT(tlen > 10 && memcmp(text, "{\"file\":", 8) == 0 &&
	    text[tlen - 1] == '}');
	b64 = strstr(text, "\",\"file_base64\":\"");
	jlen = b64 != NULL ? (size_t)(b64 - text) + 1 - 8 : tlen - 9;
	FUZZ_ASSERT(json_decode(text + 8, jlen, back, &blen) == 0);
	if (all_utf8(name, len)) {
		FUZZ_ASSERT(b64 == NULL);
		FUZZ_ASSERT(blen == len && memcmp(back, name, len) == 0);
	} else {
		FUZZ_ASSERT(b64 != NULL);
		b64 += 17;
		FUZZ_ASSERT(text + tlen - 2 >= b64 && text[tlen - 2] == '"');
		FUZZ_ASSERT(b64_decode(b64, (size_t)(text + tlen - 2 - b64),
		    back, &blen) == 0);
		FUZZ_ASSERT(blen == len && memcmp(back, name, len) == 0);
	}
	free(back);
	free(text);

	/* Messages. */
	quoted = quotef(name);
	for (p = quoted; *p != '\0'; p++)
		FUZZ_ASSERT((unsigned char)*p >= 0x20 && *p != 0x7f);
	/* Unquoting never makes a word longer. */
	if ((back = malloc(strlen(quoted) + 1)) == NULL)
		abort();
	FUZZ_ASSERT(shell_unquote(quoted, back, &blen) == 0);
	FUZZ_ASSERT(blen == len && memcmp(back, name, len) == 0);
	free(back);
	free(name);
	return 0;
}
