/*
 * tune_cache.c: rankings kept from one run to the next (lib/tune_cache.c,
 * lib/tune_key.c).  Each case has a directory of its own and points
 * MDSUM_TUNE_CACHE into it (tests/run turns keeping off for the others).
 *  - a ranking kept is read back as it was written, its choices applied
 *    (mds_init takes the row kept as chosen, the lane schedulers the
 *    multi-buffer one), and nothing is measured;
 *  - a ranking measured is kept, and the next ranking reads it;
 *  - a ranking kept under another key (another CPU, build or setting) is
 *    not used;
 *  - a file that is corrupt, cut short, too large, of another version, a
 *    symbolic link, writable by others, not the user's, a FIFO or a
 *    directory is not read: the candidates are measured, nothing is said,
 *    errno is as it was; one that is not trusted is left as it is, and
 *    one that is merely unreadable is written anew;
 *  - "off" and the empty value write nothing; the default place is made
 *    0700 and the file 0600; a directory that cannot be made is silent;
 *    the file stays small however many keys share it.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests.h"
#include "../lib/mds_int.h"

#define MIB		((uint64_t)1 << 20)
#define MAXROWS		16
#define FILE_MAX	(64 * 1024)	/* lib/tune_cache.c's CACHE_MAX */
#define TEXT_MAX	(96 * 1024)

static char dir[PATH_MAX - 128];
static char path[PATH_MAX];	/* MDSUM_TUNE_CACHE: dir/tune */
static char key[MDS_TUNE_KEY_LEN + 1];

/* The candidates of an algorithm, as a ranking lists them. */
static struct mds_tune_row cand[MAXROWS];
static size_t ncand, nsingle;

static double
fake_time(const char *name, unsigned int lanes)
{
	(void)name;
	(void)lanes;
	return 1.0;
}

static void
remove_tree(const char *p)
{
	char sub[PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;

	if (lstat(p, &st) == -1)
		return;
	if (S_ISDIR(st.st_mode)) {
		(void)chmod(p, 0700);
		if ((d = opendir(p)) != NULL) {
			/* (one thread) */
			/* cppcheck-suppress readdirCalled */
			while ((de = readdir(d)) != NULL)
				if (strcmp(de->d_name, ".") != 0 &&
				    strcmp(de->d_name, "..") != 0 &&
				    snprintf(sub, sizeof(sub), "%s/%s", p,
				    de->d_name) < (int)sizeof(sub))
					remove_tree(sub);
			(void)closedir(d);
		}
		(void)rmdir(p);
	} else
		(void)unlink(p);
}

static void
cache_setup(void)
{
	const char *tmp = getenv("TMPDIR");

	if (tmp == NULL || *tmp == '\0')
		tmp = "/tmp";
	ck_assert_int_lt(snprintf(dir, sizeof(dir), "%s/tune_cache.XXXXXX",
	    tmp), (int)sizeof(dir));
	ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp %s: %s", dir,
	    strerror(errno));
	(void)snprintf(path, sizeof(path), "%s/tune", dir);
	ck_assert_int_eq(setenv("MDSUM_TUNE_CACHE", path, 1), 0);
}

static void
cache_teardown(void)
{
	mds_tune_fake = NULL;
	mds_cpu_pretend_lacks(0);
	(void)setenv("MDSUM_TUNE_CACHE", "off", 1);
	remove_tree(dir);
}

/* Can this process rank, and keep rankings?  If not, the case skipped. */
static int
can_keep(void)
{
	if (mdt_nofork) {
		mdt_skip("tune_cache: the choices made stay for the process; "
		    "CK_FORK=no");
		return 0;
	}
	if (mds_tune_never() || mds_tune_always() ||
	    getenv("MDSUM_TUNE_SLOW") != NULL) {
		mdt_skip("tune_cache: MDSUM_TUNE or MDSUM_TUNE_SLOW set");
		return 0;
	}
	if (mds_cpu_setting() || mds_backend_forced() != 0) {
		mdt_skip("tune_cache: MDSUM_CPU or MDSUM_BACKEND set");
		return 0;
	}
	if (mds_tune_key(key) == -1) {
		mdt_skip("tune_cache: no key on this system (no build-id, or "
		    "a CPU it cannot identify): nothing is kept");
		return 0;
	}
	return 1;
}

/* The candidates of alg, ranked on made-up times (nothing kept). */
static void
discover(const struct mds_alg *alg, int mb)
{
	size_t i;

	ncand = mdt_tune_candidates(alg, MIB, mb, fake_time, cand, MAXROWS,
	    &nsingle);
	mds_tune_fake = NULL;
	for (i = 0; i < ncand; i++) {
		cand[i].mbps = 0;
		cand[i].chosen = 0;
	}
	mds_tune_forget(alg);
	ck_assert_msg(access(path, F_OK) == -1, "%s: written with made-up "
	    "times", path);
}

/* Rank alg now (1 MiB of work); the rows come from the file, or not. */
static void
rank_now(const struct mds_alg *alg, int mb, int want_kept)
{
	struct mds_tune_row r;
	const char *kept;

	mds_tune_forget(alg);
	errno = EDOM;
	ck_assert_int_eq(mds_tune_what(alg, MIB, mb ? MIB : 0), 0);
	ck_assert_msg(errno == EDOM, "%s: errno %s after ranking",
	    mds_alg_name(alg), strerror(errno));
	kept = mds_tune_kept(alg);
	ck_assert_int_eq(mds_tune_row(alg, 0, &r), 1);
	if (want_kept) {
		ck_assert_msg(kept != NULL && strcmp(kept, path) == 0,
		    "%s: not read from %s", mds_alg_name(alg), path);
		ck_assert_msg(r.micros == 0, "%s: kept, yet %.0f us measuring",
		    mds_alg_name(alg), r.micros);
	} else {
		ck_assert_msg(kept == NULL, "%s: read from %s",
		    mds_alg_name(alg), kept);
		ck_assert_msg(r.micros > 0, "%s: not measured",
		    mds_alg_name(alg));
	}
}

/* alg's rows are want[0..n), their speeds to the kB/s the file keeps. */
static void
assert_rows(const struct mds_alg *alg, const struct mds_tune_row *want,
    size_t n)
{
	struct mds_tune_row r;
	size_t i;

	for (i = 0; i < n; i++) {
		ck_assert_int_eq(mds_tune_row(alg, i, &r), 1);
		ck_assert_str_eq(r.name, want[i].name);
		ck_assert_uint_eq(r.lanes, want[i].lanes);
		ck_assert_double_eq_tol(r.mbps, want[i].mbps, 1e-3);
		ck_assert_int_eq(r.chosen, want[i].chosen);
	}
	ck_assert_int_eq(mds_tune_row(alg, n, &r), 0);
}

/* The file's text (NUL-terminated, at most TEXT_MAX - 1), or -1. */
static ssize_t
slurp(const char *p, char *buf)
{
	ssize_t n;
	int fd;

	if ((fd = open(p, O_RDONLY | O_NONBLOCK)) == -1)
		return -1;
	n = read(fd, buf, TEXT_MAX - 1);
	(void)close(fd);
	if (n >= 0)
		buf[n] = '\0';
	return n;
}

static void
spew(const char *p, const char *text, size_t len, mode_t mode)
{
	int fd;

	(void)unlink(p);
	fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600);
	ck_assert_msg(fd >= 0, "%s: %s", p, strerror(errno));
	ck_assert_int_eq(write(fd, text, len), (ssize_t)len);
	ck_assert_int_eq(fchmod(fd, mode), 0);
	ck_assert_int_eq(close(fd), 0);
}

/*
 * _i walks algorithms.  A ranking kept that chooses each single-stream
 * row in turn (and each multi-buffer kernel, or none) is read back as it
 * was, with nothing measured, and its choices are what hashes.
 */
START_TEST(test_kept_chooses)
{
	const struct mds_alg *alg = mdt_alg_at((size_t)_i);
	const struct mds_mb_kernel *k;
	size_t x, m, i;
	mds_ctx ctx;

	if (!can_keep())
		return;
	discover(alg, 1);
	ck_assert_uint_ge(nsingle, 1);
	for (x = 0; x < nsingle; x++) {
		/* lanes: each kernel in turn, and none */
		m = ncand > nsingle ? nsingle + x % (ncand - nsingle + 1) :
		    ncand;
		for (i = 0; i < ncand; i++) {
			cand[i].mbps = 100.0 + (double)i + 0.125;
			cand[i].chosen = i == x || i == m;
		}
		mds_tune_cache_store(alg, "single", 1, cand, nsingle);
		if (ncand > nsingle)
			mds_tune_cache_store(alg, "lanes", 1, cand + nsingle,
			    ncand - nsingle);
		rank_now(alg, 1, 1);
		assert_rows(alg, cand, ncand);
		ck_assert_int_eq(mds_init(&ctx, alg), 0);
		ck_assert_msg(strcmp(mds_ctx_impl(&ctx), cand[x].name) == 0,
		    "%s: %s kept as chosen, mds_init uses %s",
		    mds_alg_name(alg), cand[x].name, mds_ctx_impl(&ctx));
		mds_discard(&ctx);
		k = mds_choose_lanes(alg);
		if (m == ncand)
			ck_assert_msg(k == NULL, "%s: none kept, %s in use",
			    mds_alg_name(alg), k != NULL ? k->name : "");
		else
			ck_assert_msg(k != NULL &&
			    strcmp(k->name, cand[m].name) == 0,
			    "%s: %s kept, %s in use", mds_alg_name(alg),
			    cand[m].name, k != NULL ? k->name : "none");
	}
}
END_TEST

/*
 * A ranking measured is kept (a regular file, 0600), and the next one
 * reads it: the same rows, speeds and choices, nothing measured.
 */
START_TEST(test_measured_then_kept)
{
	const struct mds_alg *alg = mdt_alg("md5");
	struct mds_tune_row first[MAXROWS];
	struct stat st;
	size_t n;

	if (!can_keep())
		return;
	rank_now(alg, 1, 0);
	for (n = 0; n < MAXROWS && mds_tune_row(alg, n, &first[n]) == 1; n++)
		continue;
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	ck_assert_uint_eq(st.st_mode & 07777, 0600);
	rank_now(alg, 1, 1);
	assert_rows(alg, first, n);
	/* the costly backends too (MDS_TUNE_NOW): a ranking of its own */
	mds_tune_forget(alg);
	ck_assert_int_eq(mds_tune_what(alg, MDS_TUNE_NOW, 0), 0);
	ck_assert_ptr_null(mds_tune_kept(alg));
}
END_TEST

/*
 * The key: a ranking kept with the CPU's features as they are is not
 * read where one of them is missing (for md5, one no kernel of its
 * needs, so that the candidates are the same), and is again after.
 */
START_TEST(test_key_changes)
{
	const struct mds_alg *alg = mdt_alg("md5");
	static const unsigned int bits[] = { MDS_CPU_PCLMUL,
	    MDS_CPU_VPCLMUL, MDS_CPU_BMI1, MDS_CPU_SHA, MDS_CPU_SHA3A,
	    MDS_CPU_SHA512A, MDS_CPU_SHA1A };
	char other[MDS_TUNE_KEY_LEN + 1];
	unsigned int bit = 0, feat, mask;
	size_t i, j;
	int cap;

	if (!can_keep())
		return;
	mds_cpu_in_force(&feat, &mask, &cap);
	for (i = 0; i < sizeof(bits) / sizeof(bits[0]) && bit == 0; i++) {
		if ((feat & bits[i]) == 0)
			continue;
		bit = bits[i];
		for (j = 0; j < mds_arch_nkernels; j++)
			if (mds_arch_kernels[j].family == MDS_FAM_MD5 &&
			    (mds_arch_kernels[j].need & bit))
				bit = 0;
		for (j = 0; j < mds_arch_nmb_kernels; j++)
			if (mds_arch_mb_kernels[j].family == MDS_FAM_MD5 &&
			    (mds_arch_mb_kernels[j].need & bit))
				bit = 0;
	}
	if (bit == 0) {
		mdt_skip("tune_cache: no feature of this CPU that md5 does "
		    "not use");
		return;
	}
	discover(alg, 0);
	cand[0].mbps = 100;
	cand[0].chosen = 1;
	mds_tune_cache_store(alg, "single", 1, cand, nsingle);
	rank_now(alg, 0, 1);
	mds_cpu_pretend_lacks(bit);
	ck_assert_int_eq(mds_tune_key(other), 0);
	ck_assert_str_ne(other, key);
	rank_now(alg, 0, 0);
	/* the other key's ranking is kept beside the first */
	mds_cpu_pretend_lacks(0);
	rank_now(alg, 0, 1);
	mds_cpu_pretend_lacks(bit);
	rank_now(alg, 0, 1);
}
END_TEST

/*
 * Files not to be read, each made from a ranking that would be kept (the
 * first, to show that the others fail for their fault alone).  after: the
 * file is then left as it was (LEFT), or written anew (FRESH).
 */
enum { LEFT, FRESH, KEPT };
enum { TEXT, SYMLINK, FIFO, DIRECTORY, OTHERS };

static const struct bad {
	const char	*what;
	int		 how;
	mode_t		 mode;
	int		 after;
} bads[] = {
	{ "a ranking as written", TEXT, 0600, KEPT },
	{ "another version's file", TEXT, 0600, LEFT },
	{ "no version line", TEXT, 0600, FRESH },
	{ "an unknown name", TEXT, 0600, FRESH },
	{ "a row missing", TEXT, 0600, FRESH },
	{ "a row twice", TEXT, 0600, FRESH },
	{ "two rows chosen", TEXT, 0600, FRESH },
	{ "a row chosen at 0 kB/s", TEXT, 0600, FRESH },
	{ "0 lanes", TEXT, 0600, FRESH },
	{ "a decimal point", TEXT, 0600, FRESH },
	{ "a negative speed", TEXT, 0600, FRESH },
	{ "a speed of 20 digits", TEXT, 0600, FRESH },
	{ "a word missing", TEXT, 0600, FRESH },
	{ "the key cut", TEXT, 0600, FRESH },
	{ "the key in capitals", TEXT, 0600, FRESH },
	{ "another key", TEXT, 0600, FRESH },
	{ "another depth", TEXT, 0600, FRESH },
	{ "a tab", TEXT, 0600, FRESH },
	{ "two spaces", TEXT, 0600, FRESH },
	{ "a space at the end", TEXT, 0600, FRESH },
	{ "CR LF", TEXT, 0600, FRESH },
	{ "cut short: no newline", TEXT, 0600, FRESH },
	{ "a NUL byte", TEXT, 0600, FRESH },
	{ "over 64 KiB", TEXT, 0600, FRESH },
	{ "bytes of no text", TEXT, 0600, FRESH },
	{ "a symbolic link to a good file", SYMLINK, 0600, LEFT },
	{ "writable by the group", TEXT, 0620, LEFT },
	{ "writable by others", TEXT, 0602, LEFT },
	{ "another user's", OTHERS, 0600, LEFT },
	{ "a FIFO", FIFO, 0600, LEFT },
	{ "a directory", DIRECTORY, 0700, LEFT },
};
#define NBADS	(sizeof(bads) / sizeof(bads[0]))

/* The words of n rows of cand[], row 0 chosen, into buf. */
static void
rows_text(char *buf, size_t size, size_t n, const char *name0,
    const char *lanes0, const char *kbps0)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, size - len, " %s %s %s %d",
		    i == 0 ? name0 : cand[i].name, i == 0 ? lanes0 : "1",
		    i == 0 ? kbps0 : "1000", i == 0);
}

/* The text of bad i (TEXT); its length. */
static size_t
bad_text(size_t i, char *t)
{
	const char *w = bads[i].what, *name0 = cand[0].name, *lanes0 = "1",
	    *kbps0 = "2000";
	char rows[1024], k[MDS_TUNE_KEY_LEN + 1], *sp;
	size_t n = nsingle, len;

	(void)snprintf(k, sizeof(k), "%s", key);
	if (strcmp(w, "an unknown name") == 0)
		name0 = "md5-nonesuch";
	else if (strcmp(w, "a row chosen at 0 kB/s") == 0)
		kbps0 = "0";
	else if (strcmp(w, "0 lanes") == 0)
		lanes0 = "0";
	else if (strcmp(w, "a decimal point") == 0)
		kbps0 = "2000.5";
	else if (strcmp(w, "a negative speed") == 0)
		kbps0 = "-2000";
	else if (strcmp(w, "a speed of 20 digits") == 0)
		kbps0 = "10000000000000002000";
	else if (strcmp(w, "a row missing") == 0)
		n = nsingle - 1;
	else if (strcmp(w, "a row twice") == 0)
		name0 = cand[nsingle - 1].name;	/* and one not there */
	else if (strcmp(w, "the key cut") == 0)
		k[MDS_TUNE_KEY_LEN - 1] = '\0';
	else if (strcmp(w, "the key in capitals") == 0) {
		for (len = 0; k[len] != '\0'; len++)
			if (k[len] >= 'a' && k[len] <= 'f')
				k[len] = (char)(k[len] - 'a' + 'A');
	} else if (strcmp(w, "another key") == 0)
		k[0] = k[0] == '0' ? '1' : '0';
	rows_text(rows, sizeof(rows), n, name0, lanes0, kbps0);
	len = (size_t)snprintf(t, TEXT_MAX, "%s%s md5 single %s %zu%s%s",
	    strcmp(w, "no version line") == 0 ? "" :
	    strcmp(w, "another version's file") == 0 ? "mdsum-tune 2\n" :
	    "mdsum-tune 1\n", k, strcmp(w, "another depth") == 0 ? "2" : "1",
	    n, rows, strcmp(w, "a space at the end") == 0 ? " " : "");
	if (strcmp(w, "two rows chosen") == 0)
		t[len - 1] = '1';	/* the last row's */
	if (strcmp(w, "a word missing") == 0 &&
	    (sp = strrchr(t, ' ')) != NULL)
		*sp = '\0';
	len = strlen(t);
	sp = strchr(t + 13, ' ');	/* after the key */
	if (strcmp(w, "a tab") == 0)
		*sp = '\t';
	if (strcmp(w, "two spaces") == 0) {
		memmove(sp + 1, sp, len - (size_t)(sp - t) + 1);
		len++;
	}
	if (strcmp(w, "CR LF") == 0)
		t[len++] = '\r';
	if (strcmp(w, "cut short: no newline") != 0)
		t[len++] = '\n';
	t[len] = '\0';
	if (strcmp(w, "a NUL byte") == 0)
		t[12] = '\0';		/* the version line's newline */
	if (strcmp(w, "over 64 KiB") == 0)
		while (len < FILE_MAX + 100)
			len += (size_t)snprintf(t + len, TEXT_MAX - len,
			    "# %s\n", "a comment line to make the file large");
	if (strcmp(w, "bytes of no text") == 0)
		for (len = 0; len < 4000; len++)
			t[len] = (char)(len * 7 + 1);
	return len;
}

/*
 * _i walks bads[].  The candidates are measured, errno is as it was, and
 * the file is left alone, or written anew so that the next run reads it.
 */
START_TEST(test_bad_file)
{
	const struct mds_alg *alg = mdt_alg("md5");
	const struct bad *b = &bads[_i];
	static char t[TEXT_MAX], before[TEXT_MAX], now[TEXT_MAX];
	char good[PATH_MAX];
	struct stat st0, st;
	ssize_t n0, n;
	size_t len;

	if (!can_keep())
		return;
	if (b->how == OTHERS && geteuid() != 0) {
		mdt_skip("tune_cache: %s: not root, cannot give a file away",
		    b->what);
		return;
	}
	discover(alg, 0);
	if (nsingle < 2 && (strcmp(b->what, "two rows chosen") == 0 ||
	    strcmp(b->what, "a row missing") == 0 ||
	    strcmp(b->what, "a row twice") == 0)) {
		mdt_skip("tune_cache: %s: md5 has one candidate", b->what);
		return;
	}
	len = b->how == DIRECTORY || b->how == FIFO ? 0 : bad_text((size_t)_i, t);
	(void)snprintf(good, sizeof(good), "%s/good", dir);
	switch (b->how) {
	case TEXT:
	case OTHERS:
		spew(path, t, len, b->mode);
		if (b->how == OTHERS)
			ck_assert_int_eq(chown(path, 1, 1), 0);
		break;
	case SYMLINK:
		spew(good, t, len, 0600);
		ck_assert_int_eq(symlink(good, path), 0);
		break;
	case FIFO:
		ck_assert_int_eq(mkfifo(path, 0600), 0);
		break;
	case DIRECTORY:
		ck_assert_int_eq(mkdir(path, 0700), 0);
		break;
	}
	ck_assert_int_eq(lstat(path, &st0), 0);
	n0 = slurp(path, before);
	rank_now(alg, 0, b->after == KEPT);
	ck_assert_int_eq(lstat(path, &st), 0);
	switch (b->after) {
	case LEFT:
		ck_assert_msg(st.st_mode == st0.st_mode &&
		    st.st_ino == st0.st_ino && st.st_uid == st0.st_uid,
		    "%s: replaced", b->what);
		n = slurp(path, now);
		ck_assert_msg(n == n0 && (n <= 0 || memcmp(now, before,
		    (size_t)n) == 0), "%s: changed", b->what);
		break;
	case FRESH:
		ck_assert_msg(S_ISREG(st.st_mode) &&
		    (st.st_mode & 07777) == 0600 && st.st_size < FILE_MAX,
		    "%s: not written anew", b->what);
		rank_now(alg, 0, 1);
		break;
	}
}
END_TEST

/* "off" and the empty value: nothing written, not even the default place. */
START_TEST(test_off)
{
	const struct mds_alg *alg = mdt_alg("md5");
	char home[PATH_MAX];
	static const char *const offs[] = { "off", "" };
	size_t i;

	if (!can_keep())
		return;
	(void)snprintf(home, sizeof(home), "%s/home", dir);
	ck_assert_int_eq(mkdir(home, 0700), 0);
	ck_assert_int_eq(setenv("HOME", home, 1), 0);
	ck_assert_int_eq(unsetenv("XDG_CACHE_HOME"), 0);
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(setenv("MDSUM_TUNE_CACHE", offs[i], 1), 0);
		rank_now(alg, 1, 0);
		rank_now(alg, 1, 0);
		ck_assert_msg(rmdir(home) == 0, "MDSUM_TUNE_CACHE=%s: %s: %s",
		    offs[i], home, strerror(errno));
		ck_assert_int_eq(mkdir(home, 0700), 0);
	}
}
END_TEST

/*
 * The default place: $XDG_CACHE_HOME/mdsum/tune, an absolute one; else
 * ~/.cache/mdsum/tune; the directories made 0700, the file 0600.
 */
START_TEST(test_default_place)
{
	const struct mds_alg *alg = mdt_alg("md5");
	char home[PATH_MAX - 64], p[PATH_MAX];
	struct stat st;

	if (!can_keep())
		return;
	(void)snprintf(home, sizeof(home), "%s/home", dir);
	ck_assert_int_eq(mkdir(home, 0755), 0);
	ck_assert_int_eq(setenv("HOME", home, 1), 0);
	ck_assert_int_eq(unsetenv("MDSUM_TUNE_CACHE"), 0);
	ck_assert_int_eq(setenv("XDG_CACHE_HOME", "relative", 1), 0);
	(void)umask(022);
	rank_now(alg, 0, 0);
	(void)snprintf(p, sizeof(p), "%s/.cache", home);
	ck_assert_msg(stat(p, &st) == 0 && (st.st_mode & 07777) == 0700,
	    "%s: not made 0700", p);
	(void)snprintf(p, sizeof(p), "%s/.cache/mdsum", home);
	ck_assert_msg(stat(p, &st) == 0 && (st.st_mode & 07777) == 0700,
	    "%s: not made 0700", p);
	(void)snprintf(p, sizeof(p), "%s/.cache/mdsum/tune", home);
	ck_assert_msg(stat(p, &st) == 0 && (st.st_mode & 07777) == 0600,
	    "%s: not written 0600", p);
	/* the next ranking reads it: it names the file */
	(void)snprintf(path, sizeof(path), "%s", p);
	rank_now(alg, 0, 1);
	(void)snprintf(p, sizeof(p), "%s/xdg", dir);
	ck_assert_int_eq(setenv("XDG_CACHE_HOME", p, 1), 0);
	rank_now(alg, 0, 0);
	(void)snprintf(path, sizeof(path), "%s/xdg/mdsum/tune", dir);
	rank_now(alg, 0, 1);
}
END_TEST

/* A directory that cannot be made: nothing kept, nothing said, errno kept. */
START_TEST(test_no_dir)
{
	const struct mds_alg *alg = mdt_alg("md5");
	char p[PATH_MAX];

	if (!can_keep())
		return;
	/* $XDG_CACHE_HOME is made, not its parent: even root cannot */
	ck_assert_int_eq(unsetenv("MDSUM_TUNE_CACHE"), 0);
	(void)snprintf(p, sizeof(p), "%s/none/cache", dir);
	ck_assert_int_eq(setenv("XDG_CACHE_HOME", p, 1), 0);
	rank_now(alg, 1, 0);
	rank_now(alg, 1, 0);
	/* a file where the directory would be */
	(void)snprintf(p, sizeof(p), "%s/file", dir);
	spew(p, "x", 1, 0600);
	ck_assert_int_eq(setenv("XDG_CACHE_HOME", p, 1), 0);
	rank_now(alg, 1, 0);
	rank_now(alg, 1, 0);
	ck_assert_int_eq(unsetenv("XDG_CACHE_HOME"), 0);
	ck_assert_int_eq(setenv("HOME", p, 1), 0);
	rank_now(alg, 1, 0);
	/* and a file named in a directory that is not there */
	(void)snprintf(p, sizeof(p), "%s/none/tune", dir);
	ck_assert_int_eq(setenv("MDSUM_TUNE_CACHE", p, 1), 0);
	rank_now(alg, 1, 0);
	ck_assert_int_eq(access(p, F_OK), -1);
}
END_TEST

/*
 * The file stays small whatever shares it: rankings of other keys beyond
 * the bound fall off, the newest (this one) first.
 */
START_TEST(test_bounded)
{
	const struct mds_alg *alg = mdt_alg("md5");
	static char t[TEXT_MAX];
	char line[256];
	struct stat st;
	size_t len, i, lines = 0;

	if (!can_keep())
		return;
	len = (size_t)snprintf(t, sizeof(t), "mdsum-tune 1\n");
	for (i = 0; len < FILE_MAX - 300; i++) {
		(void)snprintf(line, sizeof(line), "%0*zx md5 single 1 2 "
		    "md5-nonesuch 1 %zu 1 portable 1 1000 0\n",
		    MDS_TUNE_KEY_LEN, i + 1, 2000 + i);
		len += (size_t)snprintf(t + len, sizeof(t) - len, "%s", line);
	}
	spew(path, t, len, 0600);
	rank_now(alg, 1, 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_lt(st.st_size, FILE_MAX);
	ck_assert_int_gt(slurp(path, t), 0);
	for (i = 0; t[i] != '\0'; i++)
		lines += t[i] == '\n';
	ck_assert_uint_le(lines, 2 + 128);
	ck_assert_msg(strncmp(t + strcspn(t, "\n") + 1, "#", 1) == 0 &&
	    strstr(t, key) != NULL && strstr(t, key) < strstr(t, "000001 md5"),
	    "this ranking not first, or the others not kept after it");
	rank_now(alg, 1, 1);
}
END_TEST

Suite *
mdt_tune_cache_suite(void)
{
	Suite *s;
	TCase *tc;

	s = suite_create("tune_cache");
	tc = tcase_create("kept");
	tcase_add_checked_fixture(tc, cache_setup, cache_teardown);
	/* (real measuring, under sanitizers or emulated) */
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_kept_chooses, 0, (int)mds_alg_count());
	tcase_add_test(tc, test_measured_then_kept);
	tcase_add_test(tc, test_key_changes);
	tcase_add_loop_test(tc, test_bad_file, 0, (int)NBADS);
	tcase_add_test(tc, test_off);
	tcase_add_test(tc, test_default_place);
	tcase_add_test(tc, test_no_dir);
	tcase_add_test(tc, test_bounded);
	suite_add_tcase(s, tc);
	return s;
}
