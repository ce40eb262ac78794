/*
 * audit.h: what --audit (audit.c) and --update (update.c) share: a
 * manifest read whole through the manifest model, its entries (its lines
 * grouped by the name rule), and the files of the operands, hashed.
 */
#ifndef AUDIT_H
#define AUDIT_H

#include <sys/types.h>
#include <sys/stat.h>

#include "manifest.h"

/* A line of the manifest, with its digests' bytes, one after the other. */
struct aline {
	struct mline	*ml;
	unsigned char	*md;
	int		 drop;		/* --update --prune: to go */
	int		 redo;		/* --update --refresh: to rewrite */
};

/* A listed name: its lines are names.v[first .. first + n).pos. */
struct entry {
	const char	*name;		/* as its first line writes it */
	size_t		 first, n;
	uintmax_t	 lineno;	/* of its first line */
	struct afile	*file;		/* the file read for it, or NULL */
	int		 claimed;	/* a moved file came from it */
};

/*
 * A file of the operands.  Its input, with room for every digest, is
 * kept only while it is hashed, and for the files whose digests are still
 * needed: those changed, and those not listed (moves, --update).
 */
struct afile {
	struct input	*in;
	char		*name;
	int		 err;
	struct entry	*e;		/* listed under its name, or NULL */
	struct entry	*from;		/* moved: the entry it matches */
	enum verdict	 st;
	int		 skip;		/* one with the same name came before */
};

/* The manifest as read, and what the run found. */
struct amanifest {
	struct gnu		*g;
	const char		*path, *label;
	int			 is_stdin;
	int			 update;
	struct mfile		 file;		/* its bytes, and what it is */
	struct line_parser	 lp;		/* as the last line left it */
	struct aline		*lines;
	size_t			 nlines;
	struct matcher		 names;		/* of lines[] */
	struct entry		*ents;
	size_t			 nents;
	size_t			*ent_at;	/* names.v's index: its entry */
	const struct mds_alg	*algs[MAX_ALGS];	/* in order of use */
	size_t			 nalgs;
	struct guesses		 guesses;
	/* The files. */
	struct walk		*walk;
	size_t			 next_ent;	/* no operands: next entry */
	int			 listed_too;	/* hash listed files as well */
	int			 walk_failed;	/* --files0-from's list */
	struct afile		**files;
	size_t			 nfiles, files_cap;
	struct nameset		 seen;		/* the files' names */
	uintmax_t		 count[V_NVERDICTS];
};

/* The ith line of an entry. */
#define ENTRY_LINE(m, e, i)	(&(m)->lines[(m)->names.v[(e)->first + (i)].pos])

int	amanifest_load(struct amanifest *, struct gnu *, const char *, int);
void	amanifest_hash(struct amanifest *, char **, size_t);
void	amanifest_free(struct amanifest *);
struct entry	*entry_find(struct amanifest *, const char *);
int	entry_matches(const struct amanifest *, const struct entry *,
	    const struct input *);
const unsigned char	*md_of(const struct input *, const struct mds_alg *);

#endif /* AUDIT_H */
