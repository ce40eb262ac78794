/*
 * hashfile.c: getting a named input into running contexts, through the
 * library's input engine, and reporting what went wrong with one.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int read_mode = MDS_READ_AUTO;	/* --mmap, --no-mmap */
int debug_flag;			/* --debug */
unsigned int hash_threads = 1;	/* threads the run may use: -j */
static unsigned int hashing;	/* inputs being hashed now */

/*
 * One input into ctx on the threads no other input is taking now: all
 * of them for the only file, one each for many (what the library can
 * split, BLAKE3 from a large file, it splits).
 */
static int64_t
hash_fd_threads(mds_ctx *ctx, int fd, struct mds_read_info *info)
{
	unsigned int busy, threads;
	int64_t got;

	busy = __atomic_add_fetch(&hashing, 1, __ATOMIC_RELAXED);
	threads = hash_threads > busy - 1 ? hash_threads - (busy - 1) : 1;
	got = mds_update_file_threads(ctx, fd, read_mode, threads, info);
	(void)__atomic_sub_fetch(&hashing, 1, __ATOMIC_RELAXED);
	return got;
}

/*
 * Hash the file `path` ("-" is standard input) into ctxs[0..n).  Returns
 * the number of bytes read, or -1 with errno set (ERR_CHANGED in *errp
 * when the file shrank while it was read).  A failing close counts as a
 * read error.
 */
int64_t
hash_path(const char *path, mds_ctx *ctxs, size_t n, int *errp)
{
	struct mds_read_info info;
	int64_t got;
	size_t i;
	int fd, saved;

	*errp = 0;
	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) == -1) {
		*errp = errno;
		return -1;
	}
	got = n == 1 ? hash_fd_threads(ctxs, fd, &info) :
	    mds_update_file(ctxs, n, fd, read_mode, &info);
	saved = info.changed ? ERR_CHANGED : errno;
	/* After: a large file may have made the library choose anew. */
	if (debug_flag)
		for (i = 0; i < n; i++)
			if (mds_ctx_alg(&ctxs[i]) != NULL)
				debugx("%s: %s on the %s backend (%s)", path,
				    mds_alg_name(mds_ctx_alg(&ctxs[i])),
				    mds_ctx_backend(&ctxs[i]),
				    mds_ctx_impl(&ctxs[i]));
	if (debug_flag && info.how != NULL)
		debugx("%s: read by %s", path, info.how);
	if (fd != STDIN_FILENO && close(fd) == -1 && got != -1) {
		saved = errno;
		got = -1;
	}
	if (got == -1)
		*errp = saved;
	errno = saved > 0 ? saved : EIO;
	return got;
}

/* Say on stderr why an input could not be hashed. */
void
warn_input(const char *name, int err)
{
	if (err == ERR_CHANGED || err == ERR_NOT_IN_ARCHIVE)
		warnx("%s: %s", name, input_error_text(err));
	else {
		errno = err;
		warn("%s", name);
	}
}

/* What went wrong with an input, in words: input.err's. */
const char *
input_error_text(int err)
{
	if (err == ERR_CHANGED)
		return "file changed while reading";
	if (err == ERR_NOT_IN_ARCHIVE)
		return "not in the archive";
	return strerror(err);
}

/*
 * Hash in->name with every algorithm of in->algs, in one read.  Failures
 * are recorded in in->err (in->missing for ENOENT when ignore_missing) for
 * the caller to report in order.
 */
void
hash_input(struct input *in, int ignore_missing)
{
	mds_ctx ctxs[MAX_ALGS];
	size_t i, n;
	int e = 0;

	if (in->err != 0)
		return;
	for (n = 0; n < in->nalgs; n++)
		if (mds_init(&ctxs[n], hash_row(in->algs[n])) == -1) {
			e = errno;
			goto fail;
		}
	if ((in->size = hash_path(in->name, ctxs, n, &e)) == -1)
		goto fail;
	for (i = 0; i < n; i++)
		if (mds_final(&ctxs[i], in->md[i]) == -1) {
			e = errno;
			goto fail;
		}
	return;
fail:
	in->err = e != 0 ? e : EIO;
	in->missing = ignore_missing && in->err == ENOENT;
	for (i = 0; i < n; i++)
		mds_discard(&ctxs[i]);
}

/*
 * The two halves of hashing an input with the job pool, as route.c sent
 * it: workers take the results of the files in the schedulers and hash
 * the others in their turn; standard input is left for the ordered emit
 * step, so that `sha256sum - -` reads it first for the first operand, as
 * coreutils.
 */
void
hash_input_work(struct input *in, int ignore_missing)
{
	if (in->route != NULL)
		route_collect(in);
	else if (strcmp(in->name, "-") == 0)
		in->deferred = 1;
	else
		hash_input(in, ignore_missing);
}

void
hash_input_emit(struct input *in, int ignore_missing)
{
	if (in->deferred)
		hash_input(in, ignore_missing);
	in->deferred = 0;
}

/*
 * The environment's settings of the library, checked before any input is
 * read; a bad one is a usage error, not something to run without.
 * MDSUM_BACKEND names the backend to force: unknown, or not built in.
 * MDSUM_CPU caps the dispatch level, masks features or names a kernel
 * (mdsum.1): the library ignores a value it cannot use, so it is given
 * to mds_set_cpu_level, which says what is wrong with it (and applies it
 * when it is good, as the library would have).
 */
int
check_backend_env(void)
{
	const char *name = getenv("MDSUM_BACKEND");
	const char *cpu = getenv("MDSUM_CPU");

	switch (name == NULL || *name == '\0' ? 1 :
	    mds_backend_built(name)) {
	case 1:
		break;
	case 0:
		warnx("MDSUM_BACKEND=%s: backend not built in this program",
		    name);
		return -1;
	default:
		warnx("MDSUM_BACKEND=%s: no such backend", name);
		return -1;
	}
	if (cpu == NULL || mds_set_cpu_level(cpu) == 0)
		return 0;
	if (errno == ENOTSUP)
		warnx("MDSUM_CPU=%s: kernel not supported by this CPU", cpu);
	else
		warnx("MDSUM_CPU=%s: no such level, feature or kernel", cpu);
	return -1;
}

/*
 * ALG NAME LANES MB/S, a line per candidate tune.c timed for alg, "*"
 * after the one chosen; nothing if it has not measured.
 */
void
print_tuning(FILE *fp, const struct mds_alg *alg)
{
	struct mds_tune_row row;
	size_t i;

	for (i = 0; mds_tune_row(alg, i, &row) == 1; i++)
		fprintf(fp, "%s %s %u %.0f%s\n", mds_alg_name(alg), row.name,
		    row.lanes, row.mbps, row.chosen ? " *" : "");
}

/* The read path's probe: "reading 1 MiB took ..., mapping ...: read". */
void
print_read_probe(FILE *fp)
{
	double r, m;
	int how = mds_read_default(&r, &m);

	if (r < 0)
		fprintf(fp, "not probed: files are read\n");
	else
		fprintf(fp, "getting 1 MiB of a cached file took %.0f us by "
		    "read(2), %.0f us by mmap(2): files are %s\n", r, m,
		    how == MDS_READ_MMAP ? "mapped" : "read");
}

/*
 * --debug: what tune.c measured in this run, or read as an earlier run
 * kept it, and what it chose.
 */
void
debug_tuning(void)
{
	struct mds_tune_row row;
	const struct mds_alg *alg;
	const char *kept;
	char *text;
	size_t i, a, size;
	FILE *fp;
	double r;

	if (mds_read_default(&r, NULL) != -1 && r >= 0 &&
	    (fp = open_memstream(&text, &size)) != NULL) {
		print_read_probe(fp);
		if (fclose(fp) == 0) {
			text[strcspn(text, "\n")] = '\0';
			debugx("read path: %s", text);
		}
		free(text);
	}

	for (a = 0; (alg = mds_alg_at(a)) != NULL; a++) {
		if (mds_tune_row(alg, 0, &row) != 1)
			continue;
		if ((fp = open_memstream(&text, &size)) == NULL)
			return;
		kept = mds_tune_kept(alg);
		if (kept == NULL)
			fprintf(fp, "%s: measured in %.0f us on this CPU:",
			    mds_alg_name(alg), row.micros);
		else if (row.micros > 0)
			fprintf(fp, "%s: measured in %.0f us on this CPU, "
			    "the rest kept from an earlier run (%s):",
			    mds_alg_name(alg), row.micros, kept);
		else
			fprintf(fp, "%s: kept from an earlier run (%s):",
			    mds_alg_name(alg), kept);
		for (i = 0; mds_tune_row(alg, i, &row) == 1; i++)
			fprintf(fp, "%s %s%s%.0f MB/s%s", i == 0 ? "" : ",",
			    row.name, row.lanes > 1 ? " (lanes) " : " ",
			    row.mbps, row.chosen ? " (chosen)" : "");
		if (fclose(fp) == 0)
			debugx("%s", text);
		free(text);
	}
}
