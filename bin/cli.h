/*
 * cli.h: what the parts of the one mdsum program share.  The program's
 * name picks its mode: md5, sha256, sha512h and keccak256 are the BSD
 * tools (bsd.c); mdsum, cksum, b2sum and the coreutils-style md5sum,
 * sha1sum, sha224sum, ... are the GNU-style tool (gnu.c); b3sum is
 * BLAKE3's own tool (b3sum.c); sum is coreutils' sum (sum.c).
 */
#ifndef CLI_H
#define CLI_H

#include <sys/types.h>
#include <sys/stat.h>

#include <err.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mdsum.h"

#ifndef MDSUM_VERSION	/* from config.mk */
#error "MDSUM_VERSION is not defined: build with the Makefile"
#endif
#define MAX_ALGS	16	/* algorithms in one -a list */

extern int gnu_messages; /* word messages as coreutils does */

/* What the GNU-style tool is run as. */
enum gnu_mode {
	MODE_MDSUM,	/* mdsum: every option */
	MODE_SUM,	/* md5sum, b2sum, ...: coreutils' tool of one algorithm */
	MODE_CKSUM	/* cksum: coreutils' cksum */
};

struct family;		/* family.c: blake2b, sha2, sha3 */
struct walk_rule;	/* walk.c: --exclude, --include */

/* The options of the GNU-style tool. */
struct gnu {
	const char		*progname;
	int			 legacy;	/* md5sum etc.: one algorithm */
	int			 cksum;		/* run as cksum */
	const struct mds_alg	*algs[MAX_ALGS];
	const struct family	*fams[MAX_ALGS]; /* -c: algs[i] stands for
						   every member of fams[i] */
	size_t			 nalgs;
	int			 algs_given;	/* -a, or a legacy name */
	int			 tagged;
	int			 binary;	/* -1 unset, 0 text, 1 binary */
	char			 delim;		/* '\n', or '\0' with -z */
	int			 base64;
	int			 raw;		/* --raw: the digest's bytes */
	int			 named;		/* FILE operands were given */
	int			 no_names;
	int			 json;
	int			 check;
	int			 ignore_missing;
	int			 quiet;
	int			 status_only;
	int			 strict;
	int			 warn;
	const char		*expect;	/* --expect=DIGEST */
	const char		*checklist;	/* -C MANIFEST */
	const char		*files0_from;	/* --files0-from=F */
	int			 recursive;
	int			 follow;	/* -L: links in the trees */
	int			 one_fs;	/* --one-file-system */
	long			 max_depth;	/* --max-depth, or -1 */
	const struct walk_rule	*rules;		/* --exclude, --include */
	size_t			 nrules;
	int			 includes;	/* some rule is an --include */
	int			 archive;	/* -A: operands are archives */
	int			 progress;
	size_t			 jobs;
	const char		*audit;		/* --audit=MANIFEST */
	const char		*update;	/* --update=MANIFEST */
	int			 prune;		/* --update --prune */
	int			 refresh;	/* --update --refresh */
};

/* A named input being hashed with one or more algorithms. */
struct input {
	char			*name;
	int			 err;		/* errno, ERR_CHANGED, or 0 */
	int			 missing;	/* ENOENT, with --ignore-missing */
	int			 deferred;	/* stdin: hashed in order, at emit */
	int64_t			 size;
	size_t			 nalgs;
	const struct mds_alg	*algs[MAX_ALGS];
	unsigned char		 md[MAX_ALGS][MDS_MAX_DIGEST];
	struct route		*route;		/* its schedulers (route.c), or NULL */
	int			 fds[MAX_ALGS];	/* its descriptors there */
};

/*
 * bsd.c, gnu.c: the two modes; b3sum.c: b3sum's own tool; sum.c:
 * coreutils' sum.  Each returns the exit status.
 */
int	bsd_main(const struct mds_alg *, int, char **);
int	gnu_main(const char *, enum gnu_mode, const struct mds_alg *, int,
	    char **);
int	b3sum_main(int, char **);
int	sum_main(int, char **);

/*
 * family.c: -l/--length and cksum's -a, checked and worded as coreutils
 * does; each returns -1 after saying what is wrong (exit status 1).
 */
int	cksum_algorithm(struct gnu *, const char *);
int	parse_length(const char *, uintmax_t *);
int	apply_length(struct gnu *, uintmax_t, const char *, int);

/*
 * family.c: algorithm families that -l completes (blake2b, sha2, sha3),
 * the names -a takes, and the lines of cksum and sum for crc, crc32b,
 * sysv and bsd.
 */
const struct family	*family_find(const char *);
const struct family	*family_of_stem(const char *);
const struct family	*family_of(const struct mds_alg *);
const char		*family_label(const struct family *);
int			 family_bits_ok(const struct family *, uintmax_t);
const struct mds_alg	*family_member(const struct family *, uintmax_t);
int			 family_has(const struct family *,
			    const struct mds_alg *);
void	put_alg_names(FILE *, int);
int	is_sum_format(const struct mds_alg *);
void	put_sum_line(FILE *, const struct mds_alg *, const unsigned char *,
	    int64_t, const char *, int);

/* generate.c: print digests of the operands. */
int	gnu_generate(struct gnu *, char **, size_t);

/* check.c: -c, --expect and -C. */
int	gnu_check(struct gnu *, char **, size_t);
int	gnu_expect(struct gnu *, const char *);
int	gnu_checklist(struct gnu *, char **, size_t);
int	gnu_list(void);
int	gnu_check_archives(struct gnu *, const char *, char **, size_t);

/* audit.c, update.c: --audit and --update MANIFEST. */
int	gnu_audit(struct gnu *, char **, size_t);
int	gnu_update(struct gnu *, char **, size_t);

/*
 * manifest_file.c: the manifest file --audit reads and --update
 * rewrites.  mfile_read reads one as it is (standard input for "-").
 * mfile_open finds the file path names (its symbolic links followed, by
 * hand, so that a dangling one names where to create it), opens it,
 * takes an exclusive flock(2) on it, held until mfile_close, and reads it
 * whole; a file that does not exist is no error (exists 0, raw empty).
 * It refuses a file that is not regular, may not be written or has other
 * hard links.  mfile_replace puts keep and then add (the whole new
 * contents) in its place through a temporary file renamed over it, unless
 * it changed since it was read.  All return -1 after saying why, the file
 * as it was.
 */
struct mfile {
	const char	*path;		/* as given, for messages */
	char		*target;	/* the file it names, links resolved */
	int		 fd;		/* open on it and locked, or -1 */
	int		 exists;
	struct stat	 sb;		/* as read */
	char		*raw;		/* its bytes, NUL-terminated */
	size_t		 rawlen;
};
int	mfile_read(struct mfile *, const char *);
int	mfile_open(struct mfile *, const char *);
int	mfile_replace(struct mfile *, const char *, size_t, const char *,
	    size_t);
void	mfile_close(struct mfile *);

/*
 * archive.c: -A.  gnu_archive_generate prints a line per regular member
 * of each archive operand.  archive_fill hashes, in one pass over each
 * archive, the members named by ins[] (their algs set; err is ENOENT on
 * entry and becomes 0, or the failure's errno, when a member of that name
 * is read).  Both return the exit status so far (0 or 1).
 */
int	gnu_archive_generate(struct gnu *, char **, size_t);
int	archive_fill(struct gnu *, char **, size_t, struct input **, size_t);

/*
 * walk.c: the operands (or --files0-from's names), -R walking directories
 * as g's options say; walk_count counts ahead what the walk will yield.
 */
struct walk;
int		 walk_add_rule(struct gnu *, const char *, int);
struct walk	*walk_open(char **, size_t, const struct gnu *);
struct walk	*walk_open_list(const char *, const struct gnu *);
char		*walk_next(struct walk *, int *);
int		 walk_pending(struct walk *);
int		 walk_count(const struct gnu *, char **, size_t, const int *,
		    uint64_t *, int64_t *);
int		 walk_close(struct walk *);

/*
 * jobs.c: items worked on by threads, emitted in production order.
 * Each item's input() is routed as it is taken (route.c); work() then
 * takes its results or hashes it in its turn.  run_jobs_ready is for a
 * next() that may have to wait for its item (names from a pipe): ready()
 * is nonzero when next() will not wait; while it is zero, the items
 * already taken are finished and emitted first.
 */
struct job_ops {
	void	*(*next)(void *);	/* next item, or NULL at the end */
	void	 (*work)(void *, void *);	/* in a worker thread */
	void	 (*emit)(void *, void *);	/* in order, in this thread */
	struct input *(*input)(void *);	/* the item's input to hash, or NULL */
	void	*arg;
};
void	run_jobs(const struct job_ops *, size_t);
void	run_jobs_ready(const struct job_ops *, size_t, int (*)(void *));
size_t	default_jobs(void);

/*
 * output.c.  A line of the GNU-style tool is written between line_begin()
 * and line_end(), which hold the terminating signals meanwhile when
 * stdout is a regular file (after lines_init()).
 */
void	lines_init(void);
const sigset_t	*line_signals(void);
void	line_begin(void);
void	line_end(void);
void	debugx(const char *, ...)
#if defined(__GNUC__)
	    __attribute__((format(printf, 1, 2)))
#endif
	    ;
int	name_needs_escape(const char *);
void	put_escaped(FILE *, const char *);
void	put_json_string(FILE *, const char *);
void	put_json_name(FILE *, const char *, const char *);
const char	*tty_text(const char *);
char	*base64_text(const unsigned char *, size_t, char *);
int	close_stdout(void);

/* quote.c: a file name as coreutils quotes it in messages. */
const char	*quotef(const char *);
const char	*quote_arg(const char *);	/* 'x', or U+2018 x U+2019 in UTF-8 */

/*
 * route.c: how an input of the job pool is hashed, decided in one place.
 * route_submit returns 1 if the input went to the thread's lane
 * schedulers (in->route is set), 0 if it is to be hashed in its turn,
 * -1 if no descriptor is left for it now (finish some inputs, retry);
 * hash_input_work then takes its results, inputs in the order submitted
 * (route_collect).  route_one hashes one input now by the same route.
 */
#define MAX_LANE_ALGS	16	/* schedulers per thread */
#define LANE_WINDOW	32	/* inputs a thread keeps in its lanes */
extern int	multibuffer;	/* --no-multibuffer clears it */
struct route;
struct route	*route_new(size_t);
void		 route_free(struct route *);
int		 route_submit(struct route *, struct input *);
void		 route_collect(struct input *);
void		 route_one(struct input *, int);

/* keyed.c: --keyed, --derive-key */
int			 is_blake3(const struct mds_alg *);
ssize_t			 key_read(unsigned char *);
int			 keyed_read_key(void);
void			 keyed_derive(const char *);
int			 keyed_active(void);
const struct mds_alg	*hash_row(const struct mds_alg *);

/* hashfile.c */
#define ERR_CHANGED	(-1)	/* input.err: the file shrank while read */
#define ERR_NOT_IN_ARCHIVE (-2)	/* input.err: -A -c, no member of that name */
extern int read_mode;		/* MDS_READ_AUTO, --mmap, --no-mmap */
extern int debug_flag;		/* --debug: say how each input is hashed */
extern unsigned int hash_threads; /* threads one input may take (jobs.c) */
int64_t	hash_path(const char *, mds_ctx *, size_t, int *);
void	hash_input(struct input *, int);
void	hash_input_work(struct input *, int);
void	hash_input_emit(struct input *, int);
void	warn_input(const char *, int);
const char	*input_error_text(int);
void	print_tuning(FILE *, const struct mds_alg *);
void	debug_tuning(void);
void	print_read_probe(FILE *);
int	check_backend_env(void);

/*
 * selftest.c, bench.c: -x, -t and --bench over every implementation that
 * mds_impl_at lists; impl_label is how a row names one.
 */
int	self_test(const struct mds_alg *);
int	self_tests(const struct mds_alg **, size_t);
int	time_trial(const struct mds_alg *);
int	bench_table(const struct mds_alg **, size_t, size_t, const char *);
const char *impl_label(const struct mds_impl_info *, char *, size_t);

/*
 * progress.c: --progress, a status line on stderr (a terminal) redrawn
 * ten times a second.  progress_start is given the operands as the mode
 * takes them; each input finished is a progress_item (an archive's
 * member a progress_member).  progress_hold erases the line and keeps it
 * off until progress_release: line_begin and line_end do so around every
 * line of stdout, and the macros below around every message on stderr
 * (err and errx erase it for good, then exit as they do).  All do nothing
 * without --progress.
 */
void	progress_start(const struct gnu *, char **, size_t);
void	progress_item(void);
void	progress_member(void);
void	progress_hold(void);
void	progress_release(void);
void	progress_end(void);
void	progress_err(int, const char *, ...)
#if defined(__GNUC__)
	    __attribute__((noreturn, format(printf, 2, 3)))
#endif
	    ;
void	progress_errx(int, const char *, ...)
#if defined(__GNUC__)
	    __attribute__((noreturn, format(printf, 2, 3)))
#endif
	    ;
/*
 * The libraries' counts of bytes read (lib/mds_int.h, lib/archive.c; not
 * exported).
 */
extern void	(*mds_progress_hook)(uint64_t, unsigned int);
extern void	(*mds_archive_progress_hook)(uint64_t, unsigned int);
#define warn(...)	(progress_hold(), warn(__VA_ARGS__), progress_release())
#define warnx(...)	(progress_hold(), warnx(__VA_ARGS__), progress_release())
#define err(...)	progress_err(__VA_ARGS__)
#define errx(...)	progress_errx(__VA_ARGS__)

#endif /* CLI_H */
