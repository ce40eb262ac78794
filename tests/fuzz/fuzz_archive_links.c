/*
 * fuzz_archive_links.c: libFuzzer target for mdsum -A's bookkeeping of
 * hard links (bin/archive_links.c), which arbitrary bytes seldom reach: the
 * input is a script from which libarchive writes a well-formed tar or
 * cpio archive, whose members share a few names (with and without "./"),
 * link to each other by name (tar) or by inode (cpio, where the data may
 * come with any of the links, or none), and have random sizes.
 *
 * mdsum -A then reads it from a memfd (seekable) and from a pipe; so does
 * mdsum -A -c with a manifest naming some of the names, which on a memfd
 * hashes only the members named and makes a second pass for links to the
 * others, and on a pipe hashes everything in one pass.  The two reads
 * must agree, line for line and result for result, and what -A -c finds
 * must be among the lines of -A.  No crash, no leak.
 *
 * Small members are hashed side by side in lanes, their lines held back
 * meanwhile; --no-multibuffer hashes each one when it is read.  Both must
 * print the same lines and messages, in the same order, and find the
 * same for -A -c.  Bits 6-7 of byte 0 pin a portable 4-lane kernel
 * (sha256-portable-x4, md5-portable-x4) or none, so that the lanes have
 * other widths than the CPU's.
 *
 * Input: byte 0 the format, byte 1 the names the manifest names (a bit
 * each), then three bytes a member: name (bits 0-2), type (3-4: file,
 * hard link, directory, symbolic link), inode (5-7); link target (0-2),
 * nlink (3-5); size.  With FUZZ_ARCHIVE_DUMP=FILE in the environment,
 * the archive is written to FILE too, to try bin/mdsum on a finding.
 */
#define _GNU_SOURCE	/* memfd_create, F_SETPIPE_SZ */

#include <sys/mman.h>

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "manifest.h"
#include "fuzz.h"

#define MAX_MEMBERS	32
#define ARCHIVE_MAX	(256 * 1024)
#define NNAMES		8

/* mdsum.c defines this, but it has main(); bin/archive.o needs it. */
int	gnu_messages;

static const char *const names[NNAMES] = {
	"a", "./a", "b", "./b", "c", ".//c", "d/e", "./d/e"
};

static const char *const formats[] = {
	"newc", "odc", "pax", "ustar", "gnutar", "v7tar"
};

/* Kernels for the lanes, by bits 6-7 of byte 0; NULL: the CPU's best. */
static const char *const pins[] = {
	NULL, "sha256-portable-x4", "md5-portable-x4", NULL
};

static FILE	*devnull;

static size_t	 build(const uint8_t *, size_t, unsigned char *);
static const char *undot(const char *);
static int	 to_stdin(const unsigned char *, size_t, int *);
static void	 from_stdin(int);
static char	*generate(struct gnu *, const char *, const unsigned char *,
		    size_t, size_t *, int);
static void	 fill(struct gnu *, const char *, const unsigned char *,
		    size_t, struct input *, size_t);
static int	 has_line(char *, size_t, const struct input *);

/* The archive the script describes, into buf; its length, or 0. */
static size_t
build(const uint8_t *data, size_t size, unsigned char *buf)
{
	struct archive *a;
	struct archive_entry *e;
	unsigned char content[256];
	size_t used = 0, i, j, n;
	const uint8_t *r;
	int type, ok = 1;

	if ((a = archive_write_new()) == NULL ||
	    (e = archive_entry_new()) == NULL)
		abort();
	if (archive_write_set_format_by_name(a,
	    formats[data[0] % (sizeof(formats) / sizeof(formats[0]))]) !=
	    ARCHIVE_OK ||
	    archive_write_add_filter_none(a) != ARCHIVE_OK ||
	    archive_write_set_bytes_per_block(a, 512) != ARCHIVE_OK ||
	    archive_write_open_memory(a, buf, ARCHIVE_MAX, &used) !=
	    ARCHIVE_OK)
		abort();
	n = (size - 2) / 3;
	for (i = 0, r = data + 2; i < n && i < MAX_MEMBERS && ok; i++,
	    r += 3) {
		archive_entry_clear(e);
		archive_entry_set_pathname(e, names[r[0] & 7]);
		archive_entry_set_ino(e, (la_int64_t)(r[0] >> 5) + 1);
		archive_entry_set_dev(e, 1);
		archive_entry_set_nlink(e, (unsigned int)(r[1] >> 3 & 7));
		archive_entry_set_perm(e, 0644);
		archive_entry_set_mtime(e, 0, 0);
		type = r[0] >> 3 & 3;
		archive_entry_set_filetype(e, type == 2 ? AE_IFDIR :
		    type == 3 ? AE_IFLNK : AE_IFREG);
		if (type == 1)
			archive_entry_set_hardlink(e, names[r[1] & 7]);
		if (type == 3)
			archive_entry_set_symlink(e, names[r[1] & 7]);
		archive_entry_set_size(e, type == 2 || type == 3 ? 0 : r[2]);
		/* Each member's data its own, so that digests tell them apart. */
		for (j = 0; j < r[2]; j++)
			content[j] = (unsigned char)(i * 31 + j);
		switch (archive_write_header(a, e)) {
		case ARCHIVE_OK:
		case ARCHIVE_WARN:
			if (type != 2 && type != 3 && r[2] != 0 &&
			    archive_write_data(a, content, r[2]) < 0)
				ok = 0;
			break;
		case ARCHIVE_FAILED:	/* this member cannot be written */
			break;
		default:
			ok = 0;
			break;
		}
	}
	if (archive_write_close(a) != ARCHIVE_OK)
		ok = 0;
	archive_entry_free(e);
	archive_write_free(a);
	return ok ? used : 0;
}

/* A name without its leading "./", as -A -c matches names. */
static const char *
undot(const char *s)
{
	while (s[0] == '.' && s[1] == '/') {
		s += 2;
		while (*s == '/')
			s++;
	}
	return s;
}

/* Make stdin a pipe holding buf; *saved is the old stdin.  -1: too big. */
static int
to_stdin(const unsigned char *buf, size_t len, int *saved)
{
	int p[2];

	if (pipe(p) == -1 || fcntl(p[1], F_SETFL, O_NONBLOCK) == -1)
		abort();
	(void)fcntl(p[1], F_SETPIPE_SZ, ARCHIVE_MAX);
	if (len > 0 && write(p[1], buf, len) != (ssize_t)len) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	close(p[1]);
	if ((*saved = dup(STDIN_FILENO)) == -1 ||
	    dup2(p[0], STDIN_FILENO) == -1)
		abort();
	close(p[0]);
	return 0;
}

static void
from_stdin(int saved)
{
	if (dup2(saved, STDIN_FILENO) == -1)
		abort();
	close(saved);
}

/*
 * mdsum -A on path ("-": a pipe holding buf); its output, *outlen bytes,
 * with its messages among the lines if msgs, else without them.
 */
static char *
generate(struct gnu *g, const char *path, const unsigned char *buf,
    size_t len, size_t *outlen, int msgs)
{
	char *out = NULL, *archives[1];
	FILE *fp, *saved_out = stdout, *saved_err = stderr;
	int piped = strcmp(path, "-") == 0, saved = -1;

	archives[0] = (char *)path;
	*outlen = 0;
	if (piped && to_stdin(buf, len, &saved) == -1)
		return NULL;
	if ((fp = open_memstream(&out, outlen)) == NULL)
		abort();
	stdout = fp;
	stderr = msgs ? fp : devnull;
	g->check = 0;
	(void)gnu_archive_generate(g, archives, 1);
	stdout = saved_out;
	stderr = saved_err;
	if (fclose(fp) != 0)
		abort();
	if (piped)
		from_stdin(saved);
	return out;
}

/* mdsum -A -c: archive_fill on path ("-": a pipe holding buf). */
static void
fill(struct gnu *g, const char *path, const unsigned char *buf, size_t len,
    struct input *ins, size_t nins)
{
	struct input *insp[NNAMES];
	FILE *saved_err = stderr;
	char *archives[1];
	size_t i;
	int piped = strcmp(path, "-") == 0, saved = -1;

	archives[0] = (char *)path;
	for (i = 0; i < nins; i++)
		insp[i] = &ins[i];
	if (piped && to_stdin(buf, len, &saved) == -1)
		abort();	/* generate() had it fit */
	stderr = devnull;
	g->check = 1;
	(void)archive_fill(g, archives, 1, insp, nins);
	stderr = saved_err;
	if (piped)
		from_stdin(saved);
}

/* Is in's name and digest a line of the -A output out (len bytes)? */
static int
has_line(char *out, size_t len, const struct input *in)
{
	struct gnu g;
	struct line_parser lp;
	struct line_fields f;
	char hex[2 * MDS_MAX_DIGEST + 1], *p, *nl, *line;
	size_t n;
	int found = 0;

	memset(&g, 0, sizeof(g));
	g.delim = '\n';
	memset(&lp, 0, sizeof(lp));
	lp.g = &g;
	lp.reversed = -1;
	mds_hex(in->md[0], mds_alg_digest_len(in->algs[0]), hex);
	for (p = out; p < out + len && !found; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(out + len - p))) == NULL)
			break;
		n = (size_t)(nl - p);
		if ((line = malloc(n + 1)) == NULL)
			abort();
		memcpy(line, p, n);
		line[n] = '\0';
		FUZZ_ASSERT(parse_line(&lp, line, n, &f) == LINE_GOOD);
		found = f.d[0].alg == in->algs[0] &&
		    strcmp(undot(f.name), undot(in->name)) == 0 &&
		    strcmp(f.d[0].text, hex) == 0;
		free(line);
	}
	return found;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned char *buf;
	static int memfd = -1;
	struct input seek_ins[NNAMES], pipe_ins[NNAMES], one_ins[NNAMES];
	struct gnu g;
	char path[64], *seek_out, *pipe_out, *lanes_out, *one_out;
	const char *dump;
	size_t len, seek_len, pipe_len, lanes_len, one_len, nins, i;
	FILE *fp;

	if (size < 2)
		return 0;
	if (buf == NULL) {
		if ((buf = malloc(ARCHIVE_MAX)) == NULL ||
		    (memfd = memfd_create("fuzz_archive_links", 0)) == -1 ||
		    (devnull = fopen("/dev/null", "w")) == NULL)
			abort();
	}
	if ((len = build(data, size, buf)) == 0)
		return 0;
	if ((dump = getenv("FUZZ_ARCHIVE_DUMP")) != NULL) {
		if ((fp = fopen(dump, "w")) == NULL ||
		    fwrite(buf, 1, len, fp) != len || fclose(fp) != 0)
			abort();
	}
	if (ftruncate(memfd, 0) == -1 ||
	    pwrite(memfd, buf, len, 0) != (ssize_t)len)
		abort();
	(void)snprintf(path, sizeof(path), "/proc/self/fd/%d", memfd);

	memset(&g, 0, sizeof(g));
	g.progname = "mdsum";
	g.algs[g.nalgs++] = mds_alg_find("sha256");
	g.algs[g.nalgs++] = mds_alg_find("md5");
	g.algs_given = 1;
	g.tagged = 1;
	g.binary = -1;
	g.delim = '\n';
	g.archive = 1;
	g.jobs = 1;

	if (mds_set_cpu_level(pins[data[0] >> 6]) == -1)
		abort();

	/* Lanes or not: the same lines and messages, in the same order. */
	multibuffer = 0;
	if ((one_out = generate(&g, path, buf, len, &one_len, 1)) == NULL)
		abort();
	multibuffer = 1;
	if ((lanes_out = generate(&g, path, buf, len, &lanes_len, 1)) == NULL)
		abort();
	if (one_len != lanes_len || memcmp(one_out, lanes_out, one_len) != 0) {
		fprintf(stderr, "mdsum -A --no-multibuffer:\n%.*s\n"
		    "mdsum -A:\n%.*s", (int)one_len, one_out, (int)lanes_len,
		    lanes_out);
		abort();
	}
	free(one_out);
	free(lanes_out);

	/* mdsum -A: the same lines, seekable or not. */
	if ((seek_out = generate(&g, path, buf, len, &seek_len, 0)) == NULL)
		abort();
	if ((pipe_out = generate(&g, "-", buf, len, &pipe_len, 0)) == NULL) {
		free(seek_out);
		(void)mds_set_cpu_level(NULL);
		return 0;
	}
	if (seek_len != pipe_len || memcmp(seek_out, pipe_out, seek_len) != 0) {
		fprintf(stderr, "mdsum -A, memfd:\n%.*s\nmdsum -A, pipe:\n%.*s",
		    (int)seek_len, seek_out, (int)pipe_len, pipe_out);
		abort();
	}
	free(pipe_out);

	/* mdsum -A -c: the same results, and each one a line of -A. */
	memset(seek_ins, 0, sizeof(seek_ins));
	for (nins = 0, i = 0; i < NNAMES; i++) {
		if (!(data[1] & 1 << i))
			continue;
		seek_ins[nins].name = (char *)names[i];
		seek_ins[nins].nalgs = 1;
		seek_ins[nins].algs[0] = g.algs[i % 2];
		seek_ins[nins].err = ENOENT;
		nins++;
	}
	memcpy(pipe_ins, seek_ins, sizeof(pipe_ins));
	memcpy(one_ins, seek_ins, sizeof(one_ins));
	fill(&g, path, buf, len, seek_ins, nins);
	fill(&g, "-", buf, len, pipe_ins, nins);
	multibuffer = 0;
	fill(&g, path, buf, len, one_ins, nins);
	multibuffer = 1;
	for (i = 0; i < nins; i++) {
		FUZZ_ASSERT(seek_ins[i].err >= 0);
		FUZZ_ASSERT(seek_ins[i].err == pipe_ins[i].err);
		FUZZ_ASSERT(seek_ins[i].err == one_ins[i].err);
		if (seek_ins[i].err != 0)
			continue;
		FUZZ_ASSERT(seek_ins[i].size == pipe_ins[i].size);
		FUZZ_ASSERT(memcmp(seek_ins[i].md[0], pipe_ins[i].md[0],
		    mds_alg_digest_len(seek_ins[i].algs[0])) == 0);
		FUZZ_ASSERT(seek_ins[i].size == one_ins[i].size);
		FUZZ_ASSERT(memcmp(seek_ins[i].md[0], one_ins[i].md[0],
		    mds_alg_digest_len(seek_ins[i].algs[0])) == 0);
		FUZZ_ASSERT(has_line(seek_out, seek_len, &seek_ins[i]));
	}
	free(seek_out);
	(void)mds_set_cpu_level(NULL);
	return 0;
}
