/*
 * tune_cache.c: the rankings tune.c measured, kept in a file from one run
 * to the next, so that a later process on the same CPU and build reads
 * them instead of timing the candidates again (a few hundred microseconds
 * per process and algorithm: a fifth of hashing a MiB).
 *
 * The file is $MDSUM_TUNE_CACHE (empty or "off": nothing is kept), else
 * $XDG_CACHE_HOME/mdsum/tune, else $HOME/.cache/mdsum/tune.  It is text:
 * the version line, then a ranking a line, the newest first,
 *	KEY ALG KIND DEPTH N NAME LANES KBPS CHOSEN ...
 * KEY is tune_key.c's (this CPU, build and setting), then N rows of four
 * words: a kernel's or backend's name, its lanes, its speed in kB/s (an
 * integer, so that no locale's decimal point enters), 1 if it was chosen.
 * One file may serve several CPUs and builds (a home shared over NFS): a
 * new ranking replaces the one of the same key, algorithm, kind and depth,
 * and the oldest fall off past MAX_ENTRIES.
 *
 * A ranking read only picks which code hashes (a wrong one is slower,
 * never wrong), but it comes from a file, so: nothing is kept in a set-id
 * process; the file must be a regular file of the effective user's that
 * no one else may write, not a symbolic link, of at most CACHE_MAX bytes;
 * lines are parsed within bounds, and a ranking whose rows are not exactly
 * this process's candidates is ignored.  It is written whole to a new file
 * beside it (0600, in directories made 0700), then renamed over it:
 * readers see the old file or the new one, and two processes writing at
 * once at worst lose a ranking, measured again next time.  A file that is
 * not trusted is not replaced either.  Every failure is silent and leaves
 * errno as it was: keeping rankings only saves time.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

#include "mds_int.h"

#define CACHE_MAX	(64 * 1024)	/* bytes: a larger file is not read */
#define WRITE_MAX	(CACHE_MAX - 4096)	/* what is written, at most */
#define LINE_MAX_LEN	2048
#define MAX_ENTRIES	128
#define MAX_ROWS	16		/* tune.c's TUNE_ROWS */
#define NAME_MAX_LEN	39
#define KBPS_MAX	1000000000000000ull
#define VERSION_LINE	"mdsum-tune 1"
#define VERSION_WORD	"mdsum-tune "
#define COMMENT_LINE	"# the speeds mdsum measured, by CPU and build: " \
			"see mdsum(1), FILES"

/* What read_cache found. */
enum cache_state { CACHE_OK, CACHE_MISSING, CACHE_JUNK, CACHE_OTHER,
	CACHE_UNTRUSTED };

struct kept_row {
	const char		*name;
	unsigned long long	 lanes, kbps, chosen;
};

/* One line: a ranking. */
struct entry {
	const char	*key, *alg, *kind;
	unsigned long long	 depth;
	size_t		 n;
	struct kept_row	 rows[MAX_ROWS];
};

/* A file a ranking was read from, for the process's life. */
struct seen {
	struct seen	*next;
	char		 path[];
};

static struct seen *seen;

/* A set-id process keeps nothing: its environment is someone else's. */
static int
secure(void)
{
#if defined(__linux__)
	return getauxval(AT_SECURE) != 0;
#else
	return 1;	/* tune_key.c makes no key there either */
#endif
}

/* The file, and whether it is at the default place (*dflt); -1: none. */
static int
cache_path(char *path, size_t size, int *dflt)
{
	const char *env = getenv("MDSUM_TUNE_CACHE"), *base;
	int len;

	/* (constant where there is no way to ask, and nothing is kept) */
	/* cppcheck-suppress knownConditionTrueFalse */
	if (secure())
		return -1;
	*dflt = env == NULL;
	if (env != NULL) {
		if (*env == '\0' || strcmp(env, "off") == 0)
			return -1;
		len = snprintf(path, size, "%s", env);
	} else if ((base = getenv("XDG_CACHE_HOME")) != NULL &&
	    base[0] == '/')
		len = snprintf(path, size, "%s/mdsum/tune", base);
	else if ((base = getenv("HOME")) != NULL && base[0] == '/')
		len = snprintf(path, size, "%s/.cache/mdsum/tune", base);
	else
		return -1;
	return len > 0 && (size_t)len < size ? 0 : -1;
}

/* The file's text, NUL-terminated, for CACHE_OK; NULL otherwise. */
static char *
read_cache(const char *path, enum cache_state *state)
{
	struct stat st;
	char *text = NULL, *nl;
	size_t len = 0;
	ssize_t got;
	int fd;

	*state = CACHE_UNTRUSTED;
	/* (O_NONBLOCK: a FIFO put there must not hang the open) */
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK |
	    O_NOCTTY);
	if (fd == -1) {
		if (errno == ENOENT)
			*state = CACHE_MISSING;
		return NULL;
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) ||
	    st.st_uid != geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)))
		goto out;
	*state = CACHE_JUNK;
	if (st.st_size > CACHE_MAX ||
	    (text = malloc((size_t)st.st_size + 1)) == NULL)
		goto out;
	/* what it held when opened: a line cut short there is passed over */
	while (len < (size_t)st.st_size && (got = read(fd, text + len,
	    (size_t)st.st_size - len)) != 0) {
		if (got == -1 && errno == EINTR)
			continue;
		if (got == -1) {
			*state = CACHE_UNTRUSTED;
			break;
		}
		len += (size_t)got;
	}
	if (*state == CACHE_JUNK && memchr(text, '\0', len) == NULL) {
		text[len] = '\0';
		nl = strchr(text, '\n');
		if (nl != NULL && (size_t)(nl - text) == strlen(VERSION_LINE) &&
		    strncmp(text, VERSION_LINE, strlen(VERSION_LINE)) == 0)
			*state = CACHE_OK;
		else if (strncmp(text, VERSION_WORD, strlen(VERSION_WORD)) == 0)
			*state = CACHE_OTHER;	/* another version's */
	}
out:
	(void)close(fd);
	if (*state != CACHE_OK) {
		free(text);
		return NULL;
	}
	return text;
}

/* A kernel's, backend's or algorithm's name: [a-z0-9._-], bounded. */
static int
name_ok(const char *s)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '.' || s[i] == '_' || s[i] == '-'))
			return 0;
	return i > 0 && i <= NAME_MAX_LEN;
}

/* Decimal digits only, at most max; 0 and *v, or -1. */
static int
number(const char *s, unsigned long long max, unsigned long long *v)
{
	unsigned long long n = 0;
	size_t i;

	for (i = 0; s[i] >= '0' && s[i] <= '9'; i++) {
		if (i >= 16)
			return -1;
		n = n * 10 + (unsigned long long)(s[i] - '0');
	}
	if (i == 0 || s[i] != '\0' || n > max)
		return -1;
	*v = n;
	return 0;
}

/* Is e a ranking that could have been written?  1 or 0. */
static int
entry_ok(const struct entry *e)
{
	size_t i, chosen = 0;

	if (strlen(e->key) != MDS_TUNE_KEY_LEN ||
	    strspn(e->key, "0123456789abcdef") != MDS_TUNE_KEY_LEN ||
	    !name_ok(e->alg) || e->n < 1 || e->n > MAX_ROWS)
		return 0;
	if (strcmp(e->kind, "single") == 0 ?
	    e->depth < 1 || e->depth > 2 :
	    strcmp(e->kind, "lanes") != 0 || e->depth > 2)
		return 0;
	for (i = 0; i < e->n; i++) {
		if (!name_ok(e->rows[i].name) || e->rows[i].lanes < 1 ||
		    e->rows[i].lanes > MDS_MAX_LANES ||
		    e->rows[i].kbps > KBPS_MAX || e->rows[i].chosen > 1)
			return 0;
		/* a row chosen was measured */
		if (e->rows[i].chosen && (chosen++ > 0 || e->rows[i].kbps == 0))
			return 0;
	}
	return 1;
}

/* Cut a line into e (its words end in place); 0, or -1 if it is no ranking. */
static int
parse_line(char *line, struct entry *e)
{
	char *word[5 + 4 * MAX_ROWS], *p = line;
	unsigned long long n;
	size_t nw = 0, i;

	if (strlen(line) > LINE_MAX_LEN)
		return -1;
	for (;;) {
		if (nw == sizeof(word) / sizeof(word[0]) || *p == ' ' ||
		    *p == '\0')
			return -1;	/* too many words, or an empty one */
		word[nw++] = p;
		while (*p > ' ' && *p < 0x7f)
			p++;
		if (*p == '\0')
			break;
		if (*p != ' ')
			return -1;
		*p++ = '\0';
	}
	if (nw < 5 || number(word[4], MAX_ROWS, &n) == -1 ||
	    nw != 5 + 4 * (size_t)n ||
	    number(word[3], 9, &e->depth) == -1)
		return -1;
	e->key = word[0];
	e->alg = word[1];
	e->kind = word[2];
	e->n = (size_t)n;
	for (i = 0; i < e->n; i++) {
		e->rows[i].name = word[5 + 4 * i];
		if (number(word[6 + 4 * i], MDS_MAX_LANES,
		    &e->rows[i].lanes) == -1 ||
		    number(word[7 + 4 * i], KBPS_MAX, &e->rows[i].kbps) == -1 ||
		    number(word[8 + 4 * i], 1, &e->rows[i].chosen) == -1)
			return -1;
	}
	return entry_ok(e) ? 0 : -1;
}

/*
 * The next ranking of the text at *pos, into e; 0, or -1 at the end.  A
 * line that is no ranking, or cut short (no newline), is passed over.
 */
static int
next_entry(char *text, size_t *pos, struct entry *e)
{
	char *line, *nl;

	while (text[*pos] != '\0') {
		line = text + *pos;
		if ((nl = strchr(line, '\n')) == NULL)
			return -1;
		*nl = '\0';
		*pos = (size_t)(nl - text) + 1;
		if (line[0] != '#' && parse_line(line, e) == 0)
			return 0;
	}
	return -1;
}

static int
same_ranking(const struct entry *a, const struct entry *b)
{
	return strcmp(a->key, b->key) == 0 && strcmp(a->alg, b->alg) == 0 &&
	    strcmp(a->kind, b->kind) == 0 && a->depth == b->depth;
}

/*
 * The kept rows onto the caller's: the same names and lanes, each once.
 * 1 and the speeds and choice copied, or 0 and nothing changed.
 */
static int
map_rows(const struct entry *e, struct mds_tune_row *rows, size_t n)
{
	size_t to[MAX_ROWS], i, j;
	unsigned int taken = 0;

	if (e->n != n)
		return 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++)
			if (!(taken & 1u << j) &&
			    rows[j].lanes == e->rows[i].lanes &&
			    strcmp(rows[j].name, e->rows[i].name) == 0)
				break;
		if (j == n)
			return 0;
		taken |= 1u << j;
		to[i] = j;
	}
	for (i = 0; i < n; i++) {
		rows[to[i]].mbps = (double)e->rows[i].kbps / 1e3;
		rows[to[i]].chosen = (int)e->rows[i].chosen;
	}
	return 1;
}

/* path, copied once for the process; NULL if it cannot be. */
static const char *
intern(const char *path)
{
	struct seen *s;
	size_t len = strlen(path);

	for (s = seen; s != NULL; s = s->next)
		if (strcmp(s->path, path) == 0)
			return s->path;
	if ((s = malloc(sizeof(*s) + len + 1)) == NULL)
		return NULL;
	memcpy(s->path, path, len + 1);
	s->next = seen;
	seen = s;
	return s->path;
}

int
mds_tune_cache_load(const struct mds_alg *alg, const char *kind, int depth,
    struct mds_tune_row *rows, size_t n, const char **file)
{
	char path[PATH_MAX], key[MDS_TUNE_KEY_LEN + 1], *text = NULL;
	struct entry want, e;
	enum cache_state state;
	size_t pos = 0;
	int saved = errno, dflt, found = 0;

	if (n < 1 || n > MAX_ROWS || depth < 0 ||
	    cache_path(path, sizeof(path), &dflt) == -1 ||
	    mds_tune_key(key) == -1 ||
	    (text = read_cache(path, &state)) == NULL)
		goto out;
	want.key = key;
	want.alg = mds_alg_name(alg);
	want.kind = kind;
	want.depth = (unsigned long long)depth;
	/* the newest of its key; one that does not fit is measured again */
	while (next_entry(text, &pos, &e) == 0)
		if (same_ranking(&e, &want)) {
			found = (*file = intern(path)) != NULL &&
			    map_rows(&e, rows, n);
			break;
		}
out:
	free(text);
	errno = saved;
	return found;
}

/* One ranking as a line, to buf; its length, or 0 if it cannot be. */
static size_t
format_entry(char *buf, size_t size, const struct entry *e)
{
	size_t len, i;
	int w;

	w = snprintf(buf, size, "%s %s %s %llu %zu", e->key, e->alg, e->kind,
	    e->depth, e->n);
	for (i = 0; w > 0 && i < e->n; i++) {
		len = (size_t)w;
		if (len >= size)
			return 0;
		w = snprintf(buf + len, size - len, " %s %llu %llu %llu",
		    e->rows[i].name, e->rows[i].lanes, e->rows[i].kbps,
		    e->rows[i].chosen);
		w = w < 0 ? -1 : w + (int)len;
	}
	if (w < 0 || (size_t)w + 1 >= size || (size_t)w > LINE_MAX_LEN)
		return 0;
	buf[w] = '\n';
	return (size_t)w + 1;
}

/* The default place's two directories, made 0700 if missing. */
static void
make_dirs(const char *path)
{
	char dir[PATH_MAX], *slash;

	(void)snprintf(dir, sizeof(dir), "%s", path);
	if ((slash = strrchr(dir, '/')) == NULL || slash == dir)
		return;
	*slash = '\0';			/* .../mdsum */
	if ((slash = strrchr(dir, '/')) != NULL && slash != dir) {
		*slash = '\0';		/* $XDG_CACHE_HOME or ~/.cache */
		(void)mkdir(dir, 0700);
		*slash = '/';
	}
	(void)mkdir(dir, 0700);
}

/* buf, written to a new file beside path and renamed over it. */
static void
replace_file(const char *path, const char *buf, size_t len)
{
	static unsigned int serial;
	char tmp[PATH_MAX];
	int fd = -1, tries, w, ok;
	FILE *fp;

	for (tries = 0; tries < 4 && fd == -1; tries++) {
		w = snprintf(tmp, sizeof(tmp), "%s.%ld.%u", path,
		    (long)getpid(), serial++);
		if (w < 0 || (size_t)w >= sizeof(tmp))
			return;
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
		if (fd == -1 && errno != EEXIST)
			return;
	}
	if (fd == -1)
		return;
	if ((fp = fdopen(fd, "w")) == NULL) {
		(void)close(fd);
		(void)unlink(tmp);
		return;
	}
	ok = fwrite(buf, 1, len, fp) == len;
	if (fclose(fp) != 0)
		ok = 0;
	if (!ok || rename(tmp, path) == -1)
		(void)unlink(tmp);
}

void
mds_tune_cache_store(const struct mds_alg *alg, const char *kind, int depth,
    const struct mds_tune_row *rows, size_t n)
{
	char path[PATH_MAX], key[MDS_TUNE_KEY_LEN + 1], *text = NULL,
	    *out = NULL;
	struct entry mine, e;
	enum cache_state state;
	size_t len, w, pos = 0, i, count = 1;
	int saved = errno, dflt;

	if (n < 1 || n > MAX_ROWS || depth < 0 ||
	    cache_path(path, sizeof(path), &dflt) == -1 ||
	    mds_tune_key(key) == -1)
		goto out;
	mine.key = key;
	mine.alg = mds_alg_name(alg);
	mine.kind = kind;
	mine.depth = (unsigned long long)depth;
	mine.n = n;
	for (i = 0; i < n; i++) {
		if (!(rows[i].mbps >= 0 && rows[i].mbps < KBPS_MAX / 1e3))
			goto out;
		mine.rows[i].name = rows[i].name;
		mine.rows[i].lanes = rows[i].lanes;
		mine.rows[i].kbps = (unsigned long long)(rows[i].mbps * 1e3 +
		    0.5);
		mine.rows[i].chosen = rows[i].chosen != 0;
	}
	if (!entry_ok(&mine))
		goto out;
	text = read_cache(path, &state);
	/* another version's file, or one not trusted, is left alone */
	if (state == CACHE_OTHER || state == CACHE_UNTRUSTED ||
	    (out = malloc(WRITE_MAX)) == NULL)
		goto out;
	len = (size_t)snprintf(out, WRITE_MAX, "%s\n%s\n", VERSION_LINE,
	    COMMENT_LINE);
	if ((w = format_entry(out + len, WRITE_MAX - len, &mine)) == 0)
		goto out;
	len += w;
	while (text != NULL && count < MAX_ENTRIES &&
	    next_entry(text, &pos, &e) == 0) {
		if (same_ranking(&e, &mine))
			continue;
		if ((w = format_entry(out + len, WRITE_MAX - len, &e)) == 0)
			break;		/* full: the oldest go */
		len += w;
		count++;
	}
	if (dflt)
		make_dirs(path);
	replace_file(path, out, len);
out:
	free(text);
	free(out);
	errno = saved;
}
