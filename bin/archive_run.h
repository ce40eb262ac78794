/*
 * archive_run.h: what the files of -A share: one run over the archive
 * operands and the pieces it is made of.
 *
 *   archive.c		the member loop: passes over each archive
 *   archive_links.c	the hard-link store: digests kept by path
 *   archive_match.c	-A -c: the manifest's inputs a member fills
 *   archive_held.c	lines held until a compressed stream's check
 *   archive_queue.c	small members queued for the lane schedulers
 */
#ifndef ARCHIVE_RUN_H
#define ARCHIVE_RUN_H

#include <stdint.h>

#include "manifest.h"
#include "mdsum_archive.h"

/* The algorithms members are hashed with; masks are sets of indexes. */
struct algset {
	size_t			 n;
	const struct mds_alg	*algs[MAX_ALGS];
	size_t			 off[MAX_ALGS];	/* of each digest in md */
	size_t			 mdlen;
	uint32_t		 all;
};

/* What a member holds: the digests of the algorithms in have. */
struct member_digests {
	uint32_t	 have;
	int64_t		 size;
	int		 err;		/* it could not be read: an errno */
	unsigned char	 md[MAX_ALGS][MDS_MAX_DIGEST];
};

/*
 * A member whose digests are kept, for hard links to it.  A pending one
 * belongs to a group of names waiting for data (cpio newc).
 */
struct kept_member {
	struct kept_member	*hnext;		/* in its hash bucket */
	struct kept_member	*newer;		/* in the order kept */
	struct kept_member	*head;		/* pending: the first of its group */
	struct kept_member	*gnext;		/* pending: the next of its group */
	struct kept_member	*gtail;		/* head of a pending group: the last */
	uint64_t	 hash;
	uint64_t	 seq;		/* its place in the reading */
	size_t		 bytes;
	int		 pending;	/* waits for data from a later link */
	unsigned int	 nlink;		/* head: names the group will have */
	unsigned int	 seen;		/* head: names read so far */
	uint32_t	 need;		/* head: algorithms its group needs */
	uint32_t	 have;
	int64_t		 size;
	int		 err;
	unsigned char	*md;		/* algset.mdlen bytes */
	char		*name;
};

/* The hard-link store: kept members by name, oldest to newest. */
struct link_store {
	struct kept_member	**bucket;
	size_t		 nbucket;
	size_t		 count;
	size_t		 bytes;
	struct kept_member	*oldest;
	struct kept_member	*newest;
	int		 evicted;
};

/* An input of -A -c, in the manifest's order (run.names finds it). */
struct wanted_input {
	struct input	*in;
	uint32_t	 bits;		/* its algorithms in the set */
	int		 again;		/* unresolved: filled anew in pass 2 */
	uint64_t	 seq;		/* of the member that filled it */
};

/*
 * The lines of a compressed archive's members, held until its stream is
 * checked: records one after the other in buf.
 */
struct held_lines {
	int		 active;	/* the stream is compressed */
	int		 overflow;	/* lines printed before the check */
	unsigned char	*buf;		/* HOLD_BYTES, made on first use */
	size_t		 bytes;
	size_t		 n;
};

/* Members read into memory and given to the lanes, oldest first. */
struct lane_queue {
	struct mds_lanes	*lanes[MAX_ALGS];	/* for set.algs[i], or NULL */
	uint32_t		 lanes_tried;	/* lanes[i] made, or found impossible */
	struct queued_member	*oldest;
	struct queued_member	**tail;
	size_t			 n;
	/*
	 * The members' data, one after the other: one buffer reused, whose
	 * pages are touched once, not a malloc each that the allocator may
	 * give back to the system and take again (a page fault every 4 KiB).
	 */
	unsigned char		*buf;	/* QUEUE_SPACE bytes, made on first use */
	size_t			 bytes;	/* used */
};

/* One -A run: generating lines (wanted == NULL) or filling inputs. */
struct archive_run {
	struct gnu		*g;
	struct algset		 set;
	struct wanted_input	*wanted;
	size_t			 nwanted;
	struct matcher		 names;		/* of wanted[] */
	const char		*label;		/* the archive, in messages */
	int			 hash_all;	/* hash every member */
	int			 pass2;		/* only fill the inputs marked again */
	int			 unresolved;	/* a link needs a second pass */
	int			 cut_short;	/* an archive was not read to its end */
	int			 status;
	uint64_t		 pass_seq;	/* seq when this pass began */
	uint64_t		 seq;		/* members read, in all passes */
	struct held_lines	 held;
	struct link_store	 links;
	struct lane_queue	 queue;
};

/* archive.c */
size_t	algset_add(struct algset *, const struct mds_alg *);
int	algset_find(const struct algset *, const struct mds_alg *);
void	warn_member(const struct archive_run *, const char *, const char *,
	    ...) __attribute__((format(printf, 3, 4)));
void	member_unreadable(const struct archive_run *, struct mds_archive *,
	    const char *, int, struct member_digests *);
void	report_member(struct archive_run *, const char *,
	    const struct member_digests *, uint64_t);

/* archive_links.c */
struct kept_member	*links_find(struct link_store *, const char *);
struct kept_member	*links_keep(struct archive_run *, const char *,
			    const struct member_digests *);
void	links_digests(const struct archive_run *, const struct kept_member *,
	    struct member_digests *);
void	links_start_group(struct kept_member *, unsigned int, uint32_t);
void	links_join_group(struct archive_run *, struct kept_member *,
	    const char *, uint32_t);
void	links_resolve_group(struct archive_run *, struct kept_member *,
	    const struct member_digests *, const char *);
void	links_resolve_waiting(struct archive_run *);
void	links_trim(struct archive_run *);
void	links_free(struct link_store *);

/* archive_match.c */
void	wanted_init(struct archive_run *, struct input **, size_t);
uint32_t	wanted_algs(const struct archive_run *, const char *);
void	fill_wanted(struct archive_run *, const char *,
	    const struct member_digests *, uint64_t);
void	wanted_mark_unresolved(struct archive_run *);
void	wanted_pass_failed(struct archive_run *);
void	wanted_finish(struct archive_run *);
void	wanted_free(struct archive_run *);

/* archive_held.c */
void	output_member(struct archive_run *, const char *,
	    const struct member_digests *);
void	held_release(struct archive_run *);
void	held_stream_failed(struct archive_run *);

/* archive_queue.c */
void	queue_init(struct lane_queue *);
uint32_t	queue_algs(struct archive_run *, const struct mds_member *);
void	queue_member(struct archive_run *, struct mds_archive *,
	    const struct mds_member *, uint32_t);
void	queue_finish_all(struct archive_run *);
void	queue_free(struct archive_run *);

#endif
