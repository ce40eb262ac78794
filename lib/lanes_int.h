/*
 * lanes_int.h: what the files of the lane scheduler share: its records
 * (lanes.c schedules, lanes_api.c is its interface, batch.c the batch
 * API's own driver, lane_cons.c a lane's words through the construction
 * table).
 */
#ifndef MDS_LANES_INT_H
#define MDS_LANES_INT_H

#include <sys/types.h>

#include <string.h>

#include "mds_int.h"
#include "source.h"

#define LANE_PROBE_MIN	(16 * 1024 * 1024)	/* a first file worth probing */
#define MAX_SPARE	64		/* message records kept for reuse */

enum msg_state { MSG_QUEUED, MSG_BUSY, MSG_DONE };

struct msg {
	struct msg	*next;		/* in the order added */
	void		*tag;
	enum msg_state	 state;
	const unsigned char *buf;	/* a buffer's bytes, or NULL */
	size_t		 len;
	int		 fd;		/* a file's descriptor, or -1 */
	int		 how;		/* MDS_READ_* */
	/* Blocks the multi-buffer kernel and the single one hashed. */
	uint64_t	 shared_blocks, solo_blocks;
	const char	*impl;		/* msg_single's code, or NULL */
	int		 fits;		/* a tree's group: 0 unknown, 1, 2 not */
	struct stat	 sb;		/* when it fits, a file's fstat */
	const char	*backend;	/* and its backend */
	struct mds_lane_result r;
};

struct lane {
	struct msg	*m;		/* NULL: idle */
	/* The chunk of input at hand, past what runs have taken. */
	const unsigned char *p;
	size_t		 avail;
	int		 more;		/* the source has chunks after it */
	uint64_t	 total;		/* bytes of the message so far */
	/* The blocks the next kernel call takes. */
	const unsigned char *run;
	size_t		 run_blocks;
	int		 final;		/* run is the padding: then done */
	/* A partial block waiting for the next chunk, then the padding. */
	unsigned char	 carry[2 * MDS_MAX_BLOCK];
	size_t		 carry_fill;
	size_t		 dirty;		/* carry[dirty..] is 0 (but the last) */
	struct mds_src	 src;		/* where the chunks come from */
	unsigned char	*rbuf;		/* LANE_READ bytes, kept for the next */
};

struct mds_lanes {
	/* Word-major chaining values, and a copy to go back to on SIGBUS. */
	uint64_t	 state[25 * MDS_MAX_LANES] __attribute__((aligned(64)));
	uint64_t	 saved[25 * MDS_MAX_LANES] __attribute__((aligned(64)));
	const struct mds_alg		*alg;
	const struct mds_shape		*shape;
	const struct mds_mb_kernel	*k;	/* NULL: one at a time */
	/* BLAKE3's kernel when small messages share its batch, or NULL. */
	const struct mds_kernel		*tree;
	const struct mds_kernel		*single;	/* for a lane alone */
	const char			*k_backend;	/* k's backend */
	const char			*single_backend;	/* single's */
	const struct mds_cons_ops	*ops;	/* the shape's construction */
	size_t		 width, block, wsize;	/* wsize: bytes per word */
	size_t		 keep;			/* ops->keep */
	size_t		 state_size;		/* bytes of state in use */
	size_t		 dlen;			/* digest bytes */
	int		 saved_valid;		/* saved is the state before a call */
	struct msg	*head, *tail, *queued;	/* queued: first not started */
	struct msg	*spare;			/* handed back, for reuse */
	size_t		 nspare;
	size_t		 pending;
	int		 tune_asked;		/* a large file asked tune.c */
	const char	*last_impl;		/* what hashed mds_lanes_next's */
	const char	*last_backend;		/* and on which backend */
	size_t		 last_lanes;
	struct lane	 lane[MDS_MAX_LANES];
	/*
	 * Single-stream states of the construction on the kernel `single`:
	 * first as a message starts, solo for a lane alone (lane_cons.c).
	 */
	uint64_t	 first[MDS_STATE_SIZE / 8], solo[MDS_STATE_SIZE / 8];
	void		*first_w, *solo_w;	/* their words */
	/* The state of every lane as a message starts, for a batch. */
	uint64_t	 rows[25 * MDS_MAX_LANES] __attribute__((aligned(64)));
};

/* lanes.c: run the lanes until the message is done; one message alone. */
void	mds_lanes_run_until(struct mds_lanes *, struct msg *);
void	mds_lanes_msg_single(struct mds_lanes *, struct msg *);

/*
 * blake3_group.c: a tree's lanes.  The width of a BLAKE3 kernel's batch
 * (0: none worth sharing); message m with the small ones queued after
 * it, through s->tree.
 */
#define MDS_BLAKE3_GROUP_MAX	(64u * 1024)	/* the largest a group takes */
size_t	mds_blake3_lanes(const struct mds_kernel *);
void	mds_blake3_lanes_next(struct mds_lanes *, struct msg *);

/*
 * lane_cons.c, through the construction's table: the scheduler set up
 * for its shape (once its kernels and width are chosen); lane l through
 * the single-stream kernel alone.
 */
void	mds_lanes_cons(struct mds_lanes *);
void	mds_lane_single(struct mds_lanes *, size_t, const unsigned char *,
	    size_t);

/*
 * The construction's calls per message, inline for the batch API's short
 * messages: lane l's words as a message starts (every lane's, a row at a
 * time); a lane's last run from the last fill bytes of its message at p;
 * lane l's digest.
 */
static inline void
mds_lane_start(struct mds_lanes *s, size_t l)
{
	struct mds_col lane = { s->state, s->width, l };
	struct mds_col first = { s->first_w, 1, 0 };

	mds_col_copy(s->shape, &lane, &first);
}

static inline void
mds_lane_rows_start(struct mds_lanes *s)
{
	memcpy(s->state, s->rows, s->state_size);
}

static inline void
mds_lane_tail(struct mds_lanes *s, struct lane *ln, const unsigned char *p,
    size_t fill)
{
	struct mds_col lane = { s->state, s->width, (size_t)(ln - s->lane) };

	ln->run_blocks = s->ops->tail(s->shape, p, fill, ln->total, ln->carry,
	    &ln->dirty, &lane);
	ln->run = ln->carry;
	ln->final = 1;
}

static inline void
mds_lane_digest(const struct mds_lanes *s, size_t l, unsigned char *out)
{
	struct mds_col lane = { (void *)(uintptr_t)s->state, s->width, l };

	s->ops->extract(s->shape, &lane, out, s->dlen);
}

#endif /* MDS_LANES_INT_H */
