/*
 * fuzz_archive.c: libFuzzer target for the archive reader on arbitrary
 * bytes: the library's (lib/archive.c, over libarchive) and mdsum -A's
 * use of it (bin/archive*.c: hard links, cpio's late data, -A -c).
 *
 * The library reads the bytes as mdsum -A reads an archive: from a memfd
 * (a regular file, which libarchive may seek) and, when they fit in a
 * pipe's buffer, from a pipe (as from stdin); every member is listed and
 * every regular one hashed into two contexts.  No crash, no leak
 * (LeakSanitizer), memory bounded (libFuzzer's -rss_limit_mb and
 * -malloc_limit_mb), and the documented behaviour: -1 sets errno and has a
 * reason, a broken archive stays broken, a member is read once, and one
 * with a size in its header hashes that many bytes.  A member whose header
 * claims more than MAX_HASHED bytes is skipped, not hashed: its holes
 * would be hashed as zeros, which takes the time of the size and says
 * nothing more about the reader.
 *
 * Then, if no member claims more than that, mdsum -A (with --debug) runs
 * on the memfd, and mdsum -A -c with a manifest naming some of the
 * members the library listed (so that hard links to members it does not
 * name take the second pass): no crash, no leak, and every name of the
 * manifest ends found, or failed with an errno.  Their lines and messages
 * go to /dev/null.
 */
#define _GNU_SOURCE	/* memfd_create */

#include <sys/mman.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz.h"
#include "mdsum_archive.h"

#define MAX_HASHED	(4 * 1024 * 1024)
#define MAX_FILTERS	32	/* more than libarchive stacks */
#define MAX_WANTED	8	/* names in the -A -c manifest */

/* mdsum.c defines this, but it has main(); bin/archive.o needs it. */
int	gnu_messages;

/* What the library's pass saw, for the command's. */
struct seen {
	int	 huge;			/* a member over MAX_HASHED */
	size_t	 nmembers;
	char	*names[MAX_WANTED];	/* of some of the regular members */
	size_t	 nnames;
};

static void	read_archive(int, struct seen *);
static void	hash_member(struct mds_archive *, const struct mds_member *);
static void	run_cli(int, const struct seen *);

static void
hash_member(struct mds_archive *ar, const struct mds_member *m)
{
	unsigned char md[MDS_MAX_DIGEST];
	mds_ctx ctxs[2];
	int64_t n;

	if (mds_init(&ctxs[0], mds_alg_find("sha256")) == -1 ||
	    mds_init(&ctxs[1], mds_alg_find("md5")) == -1)
		abort();
	n = mds_archive_update(ar, ctxs, 2);
	if (n == -1) {
		FUZZ_ASSERT(errno != 0 && mds_archive_error(ar) != NULL);
		mds_discard(&ctxs[0]);
		mds_discard(&ctxs[1]);
		return;
	}
	/* As extraction: exactly the size in the header, when there is one. */
	FUZZ_ASSERT(n >= 0 && (m->size == -1 || n == m->size));
	FUZZ_ASSERT(mds_final(&ctxs[0], md) == 0);
	FUZZ_ASSERT(mds_final(&ctxs[1], md) == 0);
	/* Once per member. */
	if (mds_init(&ctxs[0], mds_alg_find("md5")) == -1)
		abort();
	errno = 0;
	FUZZ_ASSERT(mds_archive_update(ar, ctxs, 1) == -1 && errno == EINVAL);
	mds_discard(&ctxs[0]);
}

static void
read_archive(int fd, struct seen *seen)
{
	struct mds_archive *ar;
	struct mds_member m;
	size_t i;
	int r;

	if ((ar = mds_archive_open_fd(fd)) == NULL)
		abort();
	/* Nothing to read before the first member. */
	FUZZ_ASSERT(mds_archive_update(ar, NULL, 0) == -1);
	for (;;) {
		errno = 0;
		if ((r = mds_archive_next(ar, &m)) == 0)
			break;
		if (r == -1) {
			FUZZ_ASSERT(errno != 0);
			FUZZ_ASSERT(mds_archive_error(ar) != NULL);
			if (!mds_archive_broken(ar))
				continue;
			FUZZ_ASSERT(mds_archive_next(ar, &m) == -1 &&
			    mds_archive_broken(ar));
			break;
		}
		FUZZ_ASSERT(r == 1 && m.path != NULL);
		FUZZ_ASSERT(m.type >= MDS_MEMBER_FILE &&
		    m.type <= MDS_MEMBER_SOCKET);
		FUZZ_ASSERT(m.size >= -1);
		(void)strlen(m.path);
		if (m.hardlink != NULL)
			(void)strlen(m.hardlink);
		if (m.warning != NULL)
			(void)strlen(m.warning);
		if (m.size > MAX_HASHED)
			seen->huge = 1;
		if (m.type != MDS_MEMBER_FILE || m.size > MAX_HASHED)
			continue;
		/* Every other member, the first and the last kept. */
		if (seen->nmembers++ % 2 == 0 && seen->nnames < MAX_WANTED &&
		    (seen->names[seen->nnames++] = strdup(m.path)) == NULL)
			abort();
		hash_member(ar, &m);
	}
	if (mds_archive_format(ar) != NULL)
		(void)strlen(mds_archive_format(ar));
	for (i = 0; i < MAX_FILTERS && mds_archive_filter(ar, i) != NULL; i++)
		(void)strlen(mds_archive_filter(ar, i));
	FUZZ_ASSERT(i < MAX_FILTERS);
	(void)mds_archive_close(ar);
}

/* mdsum -A and mdsum -A -c on the archive in the memfd. */
static void
run_cli(int memfd, const struct seen *seen)
{
	static FILE *devnull;
	struct input ins[MAX_WANTED], *insp[MAX_WANTED];
	struct gnu g;
	FILE *saved;
	char path[64], *archives[1];
	size_t i;

	if (devnull == NULL && (devnull = fopen("/dev/null", "w")) == NULL)
		abort();
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
	(void)snprintf(path, sizeof(path), "/proc/self/fd/%d", memfd);
	archives[0] = path;
	memset(ins, 0, sizeof(ins));
	for (i = 0; i < seen->nnames; i++) {
		ins[i].name = seen->names[i];
		ins[i].nalgs = 1;
		ins[i].algs[0] = g.algs[i % 2];
		ins[i].err = ENOENT;	/* as gnu_check_archives starts */
		insp[i] = &ins[i];
	}

	/* Lines to stdout, messages to stderr: both to /dev/null. */
	fflush(stdout);
	saved = stderr;
	stderr = devnull;
	debug_flag = 1;
	(void)gnu_archive_generate(&g, archives, 1);
	debug_flag = 0;
	g.check = 1;
	(void)archive_fill(&g, archives, 1, insp, seen->nnames);
	stderr = saved;

	for (i = 0; i < seen->nnames; i++)
		FUZZ_ASSERT(ins[i].err >= 0);	/* no link left unresolved */
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int memfd = -1;
	struct seen seen, ignored;
	size_t i;
	int p[2];
	ssize_t n;

	if (memfd == -1) {
		if ((memfd = memfd_create("fuzz_archive", MFD_CLOEXEC)) == -1 ||
		    freopen("/dev/null", "w", stdout) == NULL)
			abort();
	}
	if (ftruncate(memfd, 0) == -1 ||
	    (size > 0 && pwrite(memfd, data, size, 0) != (ssize_t)size) ||
	    lseek(memfd, 0, SEEK_SET) == -1)
		abort();
	memset(&seen, 0, sizeof(seen));
	read_archive(memfd, &seen);

	/* A pipe cannot be seeked: other code paths in the readers. */
	if (pipe(p) == -1 || fcntl(p[1], F_SETFL, O_NONBLOCK) == -1)
		abort();
	n = size > 0 ? write(p[1], data, size) : 0;
	close(p[1]);
	memset(&ignored, 0, sizeof(ignored));
	if (n == (ssize_t)size)
		read_archive(p[0], &ignored);
	close(p[0]);
	for (i = 0; i < ignored.nnames; i++)
		free(ignored.names[i]);

	if (!seen.huge)
		run_cli(memfd, &seen);
	for (i = 0; i < seen.nnames; i++)
		free(seen.names[i]);
	return 0;
}
