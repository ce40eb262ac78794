/*
 * b3sum.h: what the parts of mdsum run as b3sum share.  b3sum_args.c
 * reads the command line as b3sum 1.2.0 does, b3sum.c hashes the files,
 * b3sum_check.c is -c, b3sum_xof.c an output longer than a registry
 * row's, b3sum_text.c the text rules (UTF-8, os errors) of its messages.
 */
#ifndef B3SUM_H
#define B3SUM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"

/* The command line as read: flags set, values as given (or NULL). */
struct b3sum_args {
	char		**files;	/* FILE operands, nfiles of them */
	size_t		  nfiles;
	const char	 *length;	/* -l LEN */
	const char	 *num_threads;	/* --num-threads NUM */
	const char	 *context;	/* --derive-key CONTEXT */
	int		  keyed;
	int		  no_mmap;
	int		  no_names;
	int		  raw;
	int		  check;
	int		  quiet;
};

/* A run: the options resolved, what to hash with, the status so far. */
struct b3sum {
	struct b3sum_args	 a;
	char			**files;	/* operands, or "-" */
	size_t			 nfiles;
	const struct mds_alg	*alg;		/* the row; NULL: b3sum_xof */
	uint64_t		 length;	/* output bytes */
	int			 length_ok;	/* -l's value is a number */
	unsigned char		 key[MDS_BLAKE3_KEY_LEN];	/* --keyed */
	size_t			 jobs;
	int			 status;
};

/*
 * b3sum_args.c.  Returns 0 with the command line in *a, or -1 after
 * printing --help or --version or saying what is wrong (*status is then
 * the exit status).
 */
int	b3sum_args(struct b3sum_args *, int, char **, int *);

/* b3sum_check.c: -c over b->files; the exit status. */
int	b3sum_check(struct b3sum *);

/*
 * b3sum_xof.c: path ("-": standard input) hashed as b asks, its len bytes
 * of output, allocated; NULL with *errp set (an errno).
 */
unsigned char	*b3sum_xof(const struct b3sum *, const char *, size_t, int *);

/*
 * b3sum_text.c.  utf8_valid: is [s, s + n) UTF-8 (as Rust's str)?
 * lossy_text: s with each invalid sequence made U+FFFD, in *buf (freed
 * and replaced), or s itself if it is valid.  os_error_text: an errno as
 * Rust words an io::Error, "REASON (os error N)", in a static buffer.
 * fatal: "Error: MSG" on stderr, as b3sum's main says an error; returns
 * the exit status, 1.
 */
int		 utf8_valid(const char *, size_t);
const char	*lossy_text(const char *, char **);
const char	*os_error_text(int);
int		 fatal(const char *, ...)
#if defined(__GNUC__)
	    __attribute__((format(printf, 1, 2)))
#endif
	    ;

#endif /* B3SUM_H */
