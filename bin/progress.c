/*
 * progress.c: --progress, one status line on standard error when it is a
 * terminal:
 *
 *	[3/10] 300.0 MiB of 1.2 GiB, 371.8 MiB/s, 0:02 left
 *
 * the inputs finished and their number, the bytes read and their total,
 * the rate and the time left.  A thread of its own redraws it ten times a
 * second, so it moves within a large file too; the bytes come from the
 * libraries, which report every chunk they read: of the files hashed
 * (mds_progress_hook), or under -A of the archives
 * (mds_archive_progress_hook).  What is not known yet is left
 * out: the number of inputs until a second thread has counted them (the
 * tree walked ahead under -R, a manifest's lines under -c), the time left
 * when some input's size cannot be known.
 *
 * The line never shares a row with anything else: it is erased
 * ("\r" and ESC [K) before each line of stdout (line_begin holds it off
 * until line_end has flushed that line) and each message on stderr
 * (cli.h's warn macros), and at the end.  Without --progress, or when
 * stderr is no terminal, none of this starts: no thread, no hook.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define TICK_NS		100000000L	/* redraw every 100 ms */

/* What is being counted ahead, and how. */
enum count_kind { COUNT_FILES, COUNT_LINES, COUNT_ARCHIVES };

/* A manifest's layout, as far as its comments go (manifest_parse.c). */
enum list_layout {
	LAYOUT_UNKNOWN, LAYOUT_PLAIN, LAYOUT_SFV, LAYOUT_HASHDEEP
};

static struct {
	int		 active;	/* set before any thread starts */
	pthread_mutex_t	 lock;
	pthread_cond_t	 wake;
	pthread_t	 ticker, counter;
	int		 counting;	/* the counter thread runs */
	int		 stopping;	/* the threads are to end */
	int		 dead;		/* never draw again (err) */
	unsigned int	 hold;		/* lines and messages going out */
	int		 drawn;		/* the status line is on the screen */
	unsigned int	 nalgs;		/* contexts per input, for bytes */
	uint64_t	 work;		/* bytes read times contexts fed */
	uint64_t	 items;		/* inputs (or members) finished */
	int		 archives;	/* -A: items are members */
	/* Counted ahead (under lock): */
	int		 total_known;
	uint64_t	 total_items;	/* 0: not shown (-A) */
	int64_t		 total_bytes;	/* -1: unknown */
	/* The counter thread's arguments. */
	enum count_kind	 kind;
	char		**paths;
	size_t		 npaths;
	const struct gnu *g;		/* -R and the walk's options */
	struct timespec	 start;
} P;

static void	*ticker_main(void *);
static void	*counter_main(void *);
static void	 count_lines(void);
static int	 line_counts(enum list_layout *, const char *, size_t, size_t);
static void	 count_archives(void);
static void	 draw(void);
static void	 erase(void);
static void	 put_status(const char *, size_t);
static void	 stop(void);
static void	 on_read(uint64_t, unsigned int);
static const char *size_text(double, char *);
static void	 add(char *, size_t *, size_t, const char *, ...)
#if defined(__GNUC__)
	    __attribute__((format(printf, 4, 5)))
#endif
	    ;

/*
 * The status line is a courtesy on a terminal: a failed write of it
 * changes nothing of the work or its exit status.
 */
static void
put_status(const char *s, size_t len)
{
	if (write(STDERR_FILENO, s, len) == -1) {
		/* nothing to do: the next redraw tries again */
	}
}

/* The library's report of a chunk read, from any thread. */
static void
on_read(uint64_t bytes, unsigned int streams)
{
	__atomic_fetch_add(&P.work, bytes * streams, __ATOMIC_RELAXED);
}

void
progress_start(const struct gnu *g, char **operands, size_t n)
{
	pthread_condattr_t attr;
	sigset_t all, saved;

	if (!g->progress || !isatty(STDERR_FILENO))
		return;
	P.total_bytes = -1;
	/* -c's inputs have one algorithm each, -A's bytes are read once. */
	P.nalgs = g->check || g->checklist != NULL || g->expect != NULL ||
	    g->archive || g->nalgs == 0 ? 1 : (unsigned int)g->nalgs;
	P.paths = operands;
	P.npaths = n;
	P.g = g;
	if (g->archive) {
		P.archives = 1;
		P.kind = COUNT_ARCHIVES;
		if (g->check) {		/* -A -c MANIFEST ARCHIVE... */
			P.paths++;
			P.npaths--;
		}
	} else if (g->check)
		P.kind = COUNT_LINES;
	else
		P.kind = COUNT_FILES;
	clock_gettime(CLOCK_MONOTONIC, &P.start);
	pthread_mutex_init(&P.lock, NULL);
	pthread_condattr_init(&attr);
	(void)pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&P.wake, &attr);
	pthread_condattr_destroy(&attr);
	/* Signals are for the thread that writes the lines (output.c). */
	sigfillset(&all);
	(void)pthread_sigmask(SIG_BLOCK, &all, &saved);
	if (pthread_create(&P.ticker, NULL, ticker_main, NULL) == 0) {
		P.active = 1;
		/* --files0-from's names come one at a time: no total. */
		P.counting = g->files0_from == NULL &&
		    pthread_create(&P.counter, NULL, counter_main, NULL) == 0;
		mds_progress_hook = on_read;
		mds_archive_progress_hook = on_read;
	}
	(void)pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

/* The run is over: the line erased for good, the threads gone. */
void
progress_end(void)
{
	if (!P.active)
		return;
	mds_progress_hook = NULL;
	mds_archive_progress_hook = NULL;
	pthread_mutex_lock(&P.lock);
	__atomic_store_n(&P.stopping, 1, __ATOMIC_RELAXED);
	erase();
	P.dead = 1;
	pthread_cond_broadcast(&P.wake);
	pthread_mutex_unlock(&P.lock);
	pthread_join(P.ticker, NULL);
	if (P.counting)
		pthread_join(P.counter, NULL);
	P.active = 0;
}

void
progress_item(void)
{
	if (P.active && !P.archives)
		__atomic_fetch_add(&P.items, 1, __ATOMIC_RELAXED);
}

void
progress_member(void)
{
	if (P.active)
		__atomic_fetch_add(&P.items, 1, __ATOMIC_RELAXED);
}

/*
 * Something is about to be written: the line goes, and stays away until
 * progress_release.  errno is kept: a warn() is yet to say it.
 */
void
progress_hold(void)
{
	int saved = errno;

	if (!P.active)
		return;
	pthread_mutex_lock(&P.lock);
	erase();
	P.hold++;
	pthread_mutex_unlock(&P.lock);
	errno = saved;
}

void
progress_release(void)
{
	int saved = errno;

	if (!P.active)
		return;
	pthread_mutex_lock(&P.lock);
	P.hold--;
	pthread_mutex_unlock(&P.lock);
	errno = saved;
}

/* A fatal message comes: the line goes for good (the threads stay). */
static void
stop(void)
{
	int saved = errno;

	if (!P.active)
		return;
	pthread_mutex_lock(&P.lock);
	erase();
	P.dead = 1;
	pthread_mutex_unlock(&P.lock);
	errno = saved;
}

/* err(3) and errx(3) for the program (cli.h): the line erased first. */
void
progress_err(int status, const char *fmt, ...)
{
	va_list ap;

	stop();
	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	exit(status);
}

void
progress_errx(int status, const char *fmt, ...)
{
	va_list ap;

	stop();
	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
	exit(status);
}

/* Under the lock. */
static void
erase(void)
{
	static const char seq[] = "\r\033[K";

	if (P.drawn)
		put_status(seq, sizeof(seq) - 1);
	P.drawn = 0;
}

static void *
ticker_main(void *arg)
{
	struct timespec t;

	(void)arg;
	pthread_mutex_lock(&P.lock);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		t.tv_nsec += TICK_NS;
		if (t.tv_nsec >= 1000000000L) {
			t.tv_sec++;
			t.tv_nsec -= 1000000000L;
		}
		while (!P.stopping && pthread_cond_timedwait(&P.wake,
		    &P.lock, &t) != ETIMEDOUT)
			;
		if (P.stopping)
			break;
		if (P.hold == 0 && !P.dead)
			draw();
	}
	pthread_mutex_unlock(&P.lock);
	return NULL;
}

/* "1.5 MiB" into buf (16 bytes); returns buf. */
static const char *
size_text(double b, char *buf)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB",
	    "PiB" };
	size_t u = 0;

	while (b >= 1024 && u < sizeof(unit) / sizeof(unit[0]) - 1) {
		b /= 1024;
		u++;
	}
	if (u == 0)
		(void)snprintf(buf, 16, "%.0f B", b);
	else
		(void)snprintf(buf, 16, "%.1f %s", b, unit[u]);
	return buf;
}

/* Append to the line being drawn, as room allows. */
static void
add(char *line, size_t *len, size_t room, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line + *len, room - *len, fmt, ap);
	va_end(ap);
	if (n > 0 && (size_t)n < room - *len)
		*len += (size_t)n;
	else
		line[*len] = '\0';
}

/* Draw the line (under the lock), cut to the terminal's width. */
static void
draw(void)
{
	char line[256], a[16], b[16];
	struct timespec now;
	struct winsize ws;
	uint64_t bytes, items = __atomic_load_n(&P.items, __ATOMIC_RELAXED);
	size_t len = 0, room = sizeof(line) - 3;	/* and ESC [K */
	double secs, rate, left;
	int sized = P.total_known && P.total_bytes >= 0;

	clock_gettime(CLOCK_MONOTONIC, &now);
	secs = (double)(now.tv_sec - P.start.tv_sec) +
	    (double)(now.tv_nsec - P.start.tv_nsec) / 1e9;
	bytes = __atomic_load_n(&P.work, __ATOMIC_RELAXED) / P.nalgs;
	rate = secs > 0 ? (double)bytes / secs : 0;

	add(line, &len, room, "\r");
	if (P.total_known && P.total_items != 0)
		add(line, &len, room, "[%ju/%ju] ", (uintmax_t)items,
		    (uintmax_t)P.total_items);
	else
		add(line, &len, room, "[%ju] ", (uintmax_t)items);
	add(line, &len, room, "%s", size_text((double)bytes, a));
	if (sized)
		add(line, &len, room, " of %s",
		    size_text((double)P.total_bytes, b));
	add(line, &len, room, ", %s/s", size_text(rate, a));
	if (sized && rate > 0 && secs >= 0.5) {
		left = (double)P.total_bytes > (double)bytes ?
		    ((double)P.total_bytes - (double)bytes) / rate : 0;
		if (left >= 3600)
			add(line, &len, room, ", %u:%02u:%02u left",
			    (unsigned int)(left / 3600),
			    (unsigned int)(left / 60) % 60,
			    (unsigned int)left % 60);
		else
			add(line, &len, room, ", %u:%02u left",
			    (unsigned int)(left / 60), (unsigned int)left % 60);
	}
	/* Narrower than the terminal: a wrapped line cannot be erased. */
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 &&
	    len > ws.ws_col)
		len = ws.ws_col;
	line[len++] = '\033';
	line[len++] = '[';
	line[len++] = 'K';
	put_status(line, len);
	P.drawn = 1;
}

/* The totals, counted while the inputs are hashed. */
static void *
counter_main(void *arg)
{
	uint64_t files;
	int64_t bytes;

	(void)arg;
	switch (P.kind) {
	case COUNT_FILES:
		if (walk_count(P.g, P.paths, P.npaths, &P.stopping, &files,
		    &bytes) == 0) {
			pthread_mutex_lock(&P.lock);
			P.total_items = files;
			P.total_bytes = bytes;
			P.total_known = 1;
			pthread_mutex_unlock(&P.lock);
		}
		break;
	case COUNT_LINES:
		count_lines();
		break;
	case COUNT_ARCHIVES:
		count_archives();
		break;
	}
	return NULL;
}

/*
 * -c: the lines of the manifests that -c reads as checksum lines;
 * nothing if one is standard input or no file.  Their files' sizes are
 * not known.
 */
static void
count_lines(void)
{
	char buf[64 * 1024], head[16];
	uint64_t lines = 0;
	ssize_t got, i;
	size_t m, hn, len;
	int fd;
	enum list_layout layout;
	struct stat sb;

	for (m = 0; m < P.npaths; m++) {
		if (strcmp(P.paths[m], "-") == 0 ||
		    (fd = open(P.paths[m], O_RDONLY)) == -1)
			return;
		if (fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode)) {
			(void)close(fd);
			return;
		}
		layout = LAYOUT_UNKNOWN;
		hn = len = 0;
		while ((got = read(fd, buf, sizeof(buf))) > 0 &&
		    !__atomic_load_n(&P.stopping, __ATOMIC_RELAXED))
			for (i = 0; i < got; i++) {
				if (buf[i] == '\n') {
					lines += (uint64_t)line_counts(&layout,
					    head, hn, len);
					hn = len = 0;
					continue;
				}
				if (hn < sizeof(head))
					head[hn++] = buf[i];
				len++;
			}
		(void)close(fd);
		if (got != 0)
			return;
		if (len > 0)
			lines += (uint64_t)line_counts(&layout, head, hn, len);
	}
	pthread_mutex_lock(&P.lock);
	P.total_items = lines;
	P.total_known = 1;
	pthread_mutex_unlock(&P.lock);
}

/*
 * Is a line (len bytes, the first hn in head) one that -c checks, as
 * manifest.c reads them?  Not an empty one (but for a CR), not a '#'
 * comment; nor, in a list whose first such line says it is rhash's SFV
 * or hashdeep's, the ';' comments of SFV or the "%%%% " lines of
 * hashdeep's header.
 */
static int
line_counts(enum list_layout *layout, const char *head, size_t hn,
    size_t len)
{
	if (len == 0 || (len == 1 && head[0] == '\r') || head[0] == '#')
		return 0;
	if (*layout == LAYOUT_UNKNOWN) {
		/* the coreutils names read neither SFV nor hashdeep */
		*layout = LAYOUT_PLAIN;
		if (!P.g->legacy && !P.g->cksum && head[0] == ';')
			*layout = LAYOUT_SFV;
		else if (!P.g->legacy && !P.g->cksum && hn >= 14 &&
		    memcmp(head, "%%%% HASHDEEP-", 14) == 0)
			*layout = LAYOUT_HASHDEEP;
	}
	if (*layout == LAYOUT_SFV && head[0] == ';')
		return 0;
	if (*layout == LAYOUT_HASHDEEP && hn >= 5 &&
	    memcmp(head, "%%%% ", 5) == 0)
		return 0;
	return 1;
}

/* -A: the archives' sizes; their members are not counted. */
static void
count_archives(void)
{
	struct stat sb;
	int64_t bytes = 0;
	size_t i;

	for (i = 0; i < P.npaths; i++) {
		if (strcmp(P.paths[i], "-") == 0 || stat(P.paths[i], &sb) == -1 ||
		    !S_ISREG(sb.st_mode))
			return;
		bytes += sb.st_size;
	}
	pthread_mutex_lock(&P.lock);
	P.total_bytes = bytes;
	P.total_known = 1;
	pthread_mutex_unlock(&P.lock);
}
