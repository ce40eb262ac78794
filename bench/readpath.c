/*
 * bench/readpath.c: the ways of getting a cached file's bytes to a hash,
 * timed against the hash alone on bytes in cache.  Each round times every
 * way once, in turn; the medians are printed, with each way's time over
 * the in-cache time (1.00 would mean the bytes cost nothing to get).
 *
 * usage: bench/readpath ALG FILE [ROUNDS]
 *
 *   cache       mds_update over a 256 KiB buffer, as many bytes as FILE
 *   read-N      read(2) into an N KiB buffer, then mds_update
 *   mmap-N      N KiB windows, madvise(MADV_SEQUENTIAL), prefetching
 *               4 KiB ahead by hand (what the library does)
 *   populate-N  N KiB windows mapped with MAP_POPULATE
 *   library     mds_update_file with the library's default
 */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <sys/stat.h>

#include <err.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mdsum.h"
#include "util.h"

#define MAXWAYS	16

static const struct mds_alg *alg;
static off_t fsize;
static int fd;

static void
hash_cache(size_t unused)
{
	static unsigned char buf[256 * 1024];
	unsigned char md[MDS_MAX_DIGEST];
	mds_ctx ctx;
	off_t done;

	(void)unused;
	if (mds_init(&ctx, alg) == -1)
		err(1, "mds_init");
	for (done = 0; done < fsize; done += (off_t)sizeof(buf))
		(void)mds_update(&ctx, buf, fsize - done < (off_t)sizeof(buf) ?
		    (size_t)(fsize - done) : sizeof(buf));
	(void)mds_final(&ctx, md);
}

static void
hash_read(size_t size)
{
	unsigned char md[MDS_MAX_DIGEST], *buf;
	mds_ctx ctx;
	ssize_t got;

	if (posix_memalign((void **)&buf, 4096, size) != 0)
		err(1, NULL);
	if (mds_init(&ctx, alg) == -1)
		err(1, "mds_init");
	(void)lseek(fd, 0, SEEK_SET);
	while ((got = read(fd, buf, size)) > 0)
		(void)mds_update(&ctx, buf, (size_t)got);
	(void)mds_final(&ctx, md);
	free(buf);
}

static void
hash_mapped(size_t window, int populate)
{
	unsigned char md[MDS_MAX_DIGEST];
	const unsigned char *p;
	mds_ctx ctx;
	off_t off;
	size_t len, c, k;

	if (mds_init(&ctx, alg) == -1)
		err(1, "mds_init");
	for (off = 0; off < fsize; off += (off_t)len) {
		len = fsize - off < (off_t)window ? (size_t)(fsize - off) :
		    window;
		p = mmap(NULL, len, PROT_READ, MAP_SHARED |
		    (populate ? MAP_POPULATE : 0), fd, off);
		if (p == MAP_FAILED)
			err(1, "mmap");
		if (!populate)
			(void)madvise((void *)p, len, MADV_SEQUENTIAL);
		for (c = 0; c < len; c += 1024) {
			if (!populate)
				for (k = 0; k < 1024 && c + 4096 + k < len;
				    k += 64)
					__builtin_prefetch(p + c + 4096 + k);
			(void)mds_update(&ctx, p + c, len - c < 1024 ?
			    len - c : 1024);
		}
		(void)munmap((void *)p, len);
	}
	(void)mds_final(&ctx, md);
}

/* Windows at 2 MiB-aligned addresses, MADV_HUGEPAGE: large folios PMD-mapped. */
static void
hash_huge(size_t window)
{
	unsigned char md[MDS_MAX_DIGEST];
	const unsigned char *p;
	unsigned char *area;
	uintptr_t aligned;
	mds_ctx ctx;
	off_t off;
	size_t len, c;

	if (mds_init(&ctx, alg) == -1)
		err(1, "mds_init");
	area = mmap(NULL, window + (2 << 20), PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED)
		err(1, "mmap");
	aligned = ((uintptr_t)area + (2 << 20) - 1) & ~(uintptr_t)((2 << 20) - 1);
	for (off = 0; off < fsize; off += (off_t)len) {
		len = fsize - off < (off_t)window ? (size_t)(fsize - off) :
		    window;
		p = mmap((void *)aligned, len, PROT_READ, MAP_SHARED | MAP_FIXED,
		    fd, off);
		if (p == MAP_FAILED)
			err(1, "mmap");
		(void)madvise((void *)p, len, MADV_HUGEPAGE);
		for (c = 0; c < len; c += 4096)
			(void)mds_update(&ctx, p + c, len - c < 4096 ?
			    len - c : 4096);
	}
	(void)munmap(area, window + (2 << 20));
	(void)mds_final(&ctx, md);
}

static void
hash_mmap(size_t window)
{
	hash_mapped(window, 0);
}

static void
hash_populate(size_t window)
{
	hash_mapped(window, 1);
}

static void
hash_library(size_t unused)
{
	unsigned char md[MDS_MAX_DIGEST];
	mds_ctx ctx;

	(void)unused;
	if (mds_init(&ctx, alg) == -1)
		err(1, "mds_init");
	(void)lseek(fd, 0, SEEK_SET);
	if (mds_update_file(&ctx, 1, fd, MDS_READ_AUTO, NULL) == -1)
		err(1, "mds_update_file");
	(void)mds_final(&ctx, md);
}

static const struct {
	const char	*name;
	void		(*fn)(size_t);
	size_t		 arg;
} ways[] = {
	{ "cache", hash_cache, 0 },
	{ "read-64", hash_read, 64 << 10 },
	{ "read-128", hash_read, 128 << 10 },
	{ "read-256", hash_read, 256 << 10 },
	{ "read-1024", hash_read, 1 << 20 },
	{ "mmap-1024", hash_mmap, 1 << 20 },
	{ "mmap-4096", hash_mmap, 4 << 20 },
	{ "populate-256", hash_populate, 256 << 10 },
	{ "populate-1024", hash_populate, 1 << 20 },
	{ "populate-4096", hash_populate, 4 << 20 },
	{ "huge-4096", hash_huge, 4 << 20 },
	{ "library", hash_library, 0 },
};
#define NWAYS	(sizeof(ways) / sizeof(ways[0]))

int
main(int argc, char **argv)
{
	double t[NWAYS][64], med[NWAYS], t0;
	struct stat sb;
	size_t rounds = 5, r, w;

	if (argc < 3)
		errx(2, "usage: readpath ALG FILE [ROUNDS]");
	if ((alg = mds_alg_find(argv[1])) == NULL)
		errx(2, "%s: no such algorithm", argv[1]);
	if ((fd = open(argv[2], O_RDONLY)) == -1 || fstat(fd, &sb) == -1)
		err(2, "%s", argv[2]);
	fsize = sb.st_size;
	if (argc > 3)
		rounds = (size_t)bench_number(argv[3], 'r', 1, 64);
	/* Once through: the file in the page cache, the code warm. */
	hash_read(1 << 20);
	for (r = 0; r < rounds; r++)
		for (w = 0; w < NWAYS; w++) {
			t0 = bench_now();
			ways[(w + r) % NWAYS].fn(ways[(w + r) % NWAYS].arg);
			t[(w + r) % NWAYS][r] = bench_now() - t0;
		}
	for (w = 0; w < NWAYS; w++) {
		qsort(t[w], rounds, sizeof(double), bench_cmp_double);
		med[w] = t[w][rounds / 2];
	}
	printf("%s, %.0f MiB, %zu rounds, medians:\n", argv[1],
	    (double)fsize / (1 << 20), rounds);
	for (w = 0; w < NWAYS; w++)
		printf("%-14s %8.3f s  %5.2f\n", ways[w].name, med[w],
		    med[w] / med[0]);
	return 0;
}
