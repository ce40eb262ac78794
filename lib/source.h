/*
 * source.h: the chunk source, where every byte hashed from a descriptor
 * comes from (source.c).  A source hands out its bytes a chunk at a
 * time, as a pointer and a length, in one of three ways:
 *
 *	MDS_SRC_MAP	a regular file, mapped a window at a time: the chunk
 *			is the window, valid until the next call
 *	MDS_SRC_READ	read(2) into a buffer: a regular file, a pipe, any
 *			descriptor; the chunk is what one read gave
 *	MDS_SRC_MEM	bytes already in memory: one chunk, all of them
 *
 * It alone reads, maps, advises the kernel and prefetches; it tells a
 * regular file that shrank while it was hashed (the chunk call fails
 * with EIO and `changed` set); and it installs the SIGBUS handler that
 * the guard below relies on.  The single-stream input (input.c, fd.c),
 * the lane scheduler (lanes.c) and the archive reader (archive.c, which
 * has its own copy in libmdsum-archive) pull from it.
 *
 * Only libc is called here, so that libmdsum-archive can carry it.
 */
#ifndef MDS_SOURCE_H
#define MDS_SOURCE_H

#include <sys/types.h>
#include <sys/stat.h>

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include "mdsum.h"

enum mds_src_kind { MDS_SRC_READ, MDS_SRC_MAP, MDS_SRC_MEM };

/*
 * Flags of mds_src_open_fd, the lane scheduler's ways (lanes.c: many
 * files hashed side by side, each stepping through its own pages):
 * POPULATE, 1 MiB windows with their page tables filled as they are
 * mapped (else 4 MiB windows that fault in as read); READ_REST, a window
 * that cannot be mapped is read instead, also after the first (else
 * only the first falls back to reading, and a later one is an error);
 * SIZE_ENDS, a short read that reaches the file's size is its end, with
 * no read(2) more to be told so (a small file costs one read, not two).
 */
#define MDS_SRC_POPULATE	0x1
#define MDS_SRC_READ_REST	0x2
#define MDS_SRC_SIZE_ENDS	0x4

/*
 * Mapped bytes are prefetched this far ahead, by hand: the hardware
 * prefetchers stop at page boundaries, and the pages of a mapped file
 * are scattered.
 */
#define MDS_SRC_PREFETCH_AHEAD	4096

struct mds_src {
	enum mds_src_kind kind;
	int		 fd;
	int		 flags;		/* MDS_SRC_* */
	int		 changed;	/* it failed: the file shrank */
	int		 ended;		/* no chunk more */
	/* A regular file's bytes when opened; -1: not known (no check). */
	off_t		 start, end;
	off_t		 off;		/* where the next window starts */
	off_t		 page;		/* mmap(2)'s offset unit */
	uint64_t	 total;		/* bytes handed out */
	void		*map;		/* the window handed out last, or NULL */
	size_t		 maplen;
	/* Read into *buf, bufsize bytes at a time; NULL: made when needed. */
	unsigned char	**buf;
	size_t		 bufsize;
	const unsigned char *mem;	/* MDS_SRC_MEM's bytes */
	size_t		 memlen;
};

/*
 * Open a source over fd.  sb: its fstat, or NULL for a descriptor read
 * as it comes (no size, no advice).  A regular file is mapped when how
 * is MDS_READ_MMAP, start (its offset, lseek's answer) is before its end
 * and SIGBUS can be caught; else read, from wherever fd is.  A start of
 * 0 where it was not asked costs at most a read more at the end; -1
 * leaves the file unchecked.  flags: MDS_SRC_*.  Reads go to *buf,
 * bufsize bytes at a time; it is the caller's, and so is what is left
 * there (4096-aligned, if the source had to make it).
 */
void	mds_src_open_fd(struct mds_src *, int, const struct stat *, off_t,
	    int, int, unsigned char **, size_t);
void	mds_src_open_mem(struct mds_src *, const void *, size_t);
/*
 * The next chunk: 1 and *p, *len; 0 at the end; -1 with errno (EIO with
 * changed set if the file shrank).  The chunk before is let go.
 */
int	mds_src_next(struct mds_src *, const unsigned char **, size_t *);
/* One read(2) of the source's descriptor into len bytes at p. */
ssize_t	mds_src_read(struct mds_src *, void *, size_t);
/* The file smaller than when opened (-1), a mapped one larger (1), or 0. */
int	mds_src_resized(struct mds_src *);
/* Does the window handed out last hold addr (a SIGBUS's address)? */
int	mds_src_holds(const struct mds_src *, const void *);
void	mds_src_close(struct mds_src *);

/*
 * len bytes of fd at off, got one way (map: one mapping, made as the
 * windows are; else pread(2), chunk bytes into buf at a time) and read a
 * word of every cache line, as a hash reads: for input.c's probe of
 * mapping against reading.  The sum of those words (*sum), 0; or -1.
 */
int	mds_src_sample(int, off_t, size_t, int, unsigned char *, size_t,
	    uint64_t *);

/*
 * The guard around hashing mapped bytes.  mds_src_bus_ready installs the
 * SIGBUS handler, once (0 if it cannot be: then nothing is mapped).
 * While a thread's guard is set, a SIGBUS jumps to it, the faulting
 * address in mds_src_bus_addr; elsewhere it goes to the handler that was
 * there before.  The consumer holds the jump buffer:
 *
 *	if (sigsetjmp(env, 0) != 0) { mds_src_unguard(); ...the file changed }
 *	mds_src_guard(&env); ...hash mapped bytes...; mds_src_unguard();
 */
extern __thread sigjmp_buf	*mds_src_bus_jump;
extern __thread void		*mds_src_bus_addr;
int	mds_src_bus_ready(void);

static inline void
mds_src_guard(sigjmp_buf *env)
{
	mds_src_bus_jump = env;
}

static inline void
mds_src_unguard(void)
{
	mds_src_bus_jump = NULL;
}

/* Is the chunk handed out last mapped memory? */
static inline int
mds_src_mapped(const struct mds_src *s)
{
	return s->map != NULL;
}

/*
 * Ask for the lines MDS_SRC_PREFETCH_AHEAD past [p, p + len), one every
 * stride bytes: a prefetch never faults, even past a mapping's end.
 */
static inline void
mds_src_prefetch(const unsigned char *p, size_t len, size_t stride)
{
	size_t k;

	for (k = 0; k < len; k += stride)
		__builtin_prefetch(p + MDS_SRC_PREFETCH_AHEAD + k, 0, 3);
}

#endif /* MDS_SOURCE_H */
