/*
 * quote.c: file names in messages, quoted as GNU coreutils quotes them
 * (shell-escape style, colons quoted too), so that a name with spaces or
 * control characters reads unambiguously on stderr.
 */
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "cli.h"

#define QUOTE_BUFS	4	/* results that may be live at once */

/* Length of the printable character at p (0: not printable). */
static size_t
printable_len(const char *p, size_t left)
{
	mbstate_t mbs;
	wchar_t wc;
	size_t n;

	if ((unsigned char)*p < 0x80)
		return (*p >= 0x20 && *p < 0x7f) ? 1 : 0;
	memset(&mbs, 0, sizeof(mbs));
	n = mbrtowc(&wc, p, left, &mbs);
	if (n == (size_t)-1 || n == (size_t)-2 || n == 0 || !iswprint((wint_t)wc))
		return 0;
	return n;
}

/* Does the byte at position i of a len-byte name need the name quoted? */
static int
shell_special(const char *s, size_t i, size_t len)
{
	switch (s[i]) {
	case '{':
	case '}':
		return len == 1;
	case '#':
	case '~':
		return i == 0;
	default:
		return strchr(" !\"$&()*;<=>?[\\^`|':", s[i]) != NULL;
	}
}

static void
put_octal_escape(FILE *fp, unsigned char c)
{
	static const char names[] = "\a\b\f\n\r\t\v";
	static const char letters[] = "abfnrtv";
	const char *hit = c != 0 ? strchr(names, c) : NULL;

	if (hit != NULL)
		fprintf(fp, "\\%c", letters[hit - names]);
	else
		fprintf(fp, "\\%03o", c);
}

const char *
quotef(const char *name)
{
	static char *bufs[QUOTE_BUFS];
	static int next;
	size_t len = strlen(name), i, n, size;
	int special = 0, unprintable = 0, squote = 0, dq_unsafe = 0;
	int in_quote;
	char **slot = &bufs[next++ % QUOTE_BUFS];
	FILE *fp;

	for (i = 0; i < len; i += n) {
		if ((n = printable_len(name + i, len - i)) == 0) {
			unprintable = 1;
			n = 1;
			continue;
		}
		if (n == 1 && shell_special(name, i, len))
			special = 1;
		if (name[i] == '\'')
			squote = 1;
		if (strchr("$`\"\\!", name[i]) != NULL)
			dq_unsafe = 1;
	}
	if (len != 0 && !special && !unprintable)
		return name;
	free(*slot);
	*slot = NULL;
	if ((fp = open_memstream(slot, &size)) == NULL)
		return name;
	if (squote && !unprintable && !dq_unsafe) {
		fprintf(fp, "\"%s\"", name);
		fclose(fp);
		return *slot;
	}
	/* Single quotes, leaving them for $'...' around unprintable bytes. */
	fputc('\'', fp);
	in_quote = 1;
	for (i = 0; i < len; i += n) {
		if ((n = printable_len(name + i, len - i)) == 0) {
			if (in_quote)
				fputs("'$'", fp);
			in_quote = 0;
			put_octal_escape(fp, (unsigned char)name[i]);
			n = 1;
			continue;
		}
		if (!in_quote)
			fputs("''", fp);
		in_quote = 1;
		if (name[i] == '\'')
			fputs("'\\''", fp);
		else
			fwrite(name + i, 1, n, fp);
	}
	fputc('\'', fp);
	fclose(fp);
	return *slot;
}

/*
 * An option's argument in a message, as coreutils' quote() gives it:
 * between U+2018 and U+2019 where the locale's characters are UTF-8
 * (C.UTF-8, en_US.UTF-8), else between apostrophes, as in the C locale.
 */
const char *
quote_arg(const char *arg)
{
	static char *bufs[QUOTE_BUFS];
	static int next;
	char **slot = &bufs[next++ % QUOTE_BUFS];
	const char *codeset = nl_langinfo(CODESET);
	const char *lq = "'", *rq = "'";
	size_t size = strlen(arg) + 7;

	if (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0) {
		lq = "\xe2\x80\x98";
		rq = "\xe2\x80\x99";
	}
	free(*slot);
	if ((*slot = malloc(size)) == NULL)
		return arg;
	(void)snprintf(*slot, size, "%s%s%s", lq, arg, rq);
	return *slot;
}
