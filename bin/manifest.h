/*
 * manifest.h: the one manifest model of the GNU-style tool.  Every mode
 * that reads a manifest (-c, -C, -A -c, --audit, --update) reads it
 * through a manifest reader, which yields typed lines (manifest.c), each
 * cut by the line parser (manifest_parse.c); and every mode that matches
 * a file with a listed name does so through one name rule (name_key) and
 * one matcher.
 *
 * Every digest line the tool writes comes from one formatter, print_line.
 *
 * Formats read: coreutils' tagged (`SHA256 (name) = digest`) and untagged
 * (`digest  name`, `digest *name`, md5 -r's `digest name`) lines, OpenSSL
 * and BSD variants of the tagged line, and in mdsum's own mode also
 * rhash's SFV output (`name CRC32`, `;` comments) and hashdeep's CSV
 * (`%%%% HASHDEEP-1.0`, then `size,md5,sha256,filename` rows).
 */
#ifndef MANIFEST_H
#define MANIFEST_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"

#define MAX_LINE_DIGESTS	4	/* digests on one line (hashdeep) */

/* What the parser made of a line. */
enum line_kind {
	LINE_GOOD,
	LINE_BAD,	/* improperly formatted */
	LINE_AMBIGUOUS,	/* an untagged digest that fits several of -a's */
	LINE_UNKNOWN,	/* a tag this build does not know */
	LINE_SKIP	/* a header or comment of the format: no entry */
};

/* Where the algorithm of a line came from. */
enum alg_origin {
	ORIGIN_TAG,	/* its tag, or the format's columns (SFV, hashdeep) */
	ORIGIN_OPTION,	/* -a, or the program's name (md5sum) */
	ORIGIN_NAME,	/* the manifest's name: SHA256SUMS, x.keccak256 */
	ORIGIN_LENGTH	/* only the digest's length: a guess */
};

/* The layout of a manifest, known from its first lines. */
enum mformat { MF_GNU, MF_SFV, MF_HASHDEEP };

/*
 * What the parser keeps from line to line of one manifest.  any_tag:
 * tagged lines are read whatever -a says (--audit, --update), where -c
 * and -C, as coreutils, take only those of -a's algorithms.
 */
struct line_parser {
	const struct gnu	*g;
	const struct mds_alg	*named;		/* from the manifest's name */
	const struct family	*named_fam;	/* B2SUMS, SHA3SUMS */
	int			 is_stdin;	/* where "-" is no name */
	int			 any_tag;
	int			 reversed;	/* -1 unknown, 0 no, 1 md5 -r */
	const struct mds_alg	*seen;		/* cksum: the last tag read */
	enum mformat		 format;
	int			 format_known;
	/* hashdeep: the columns of its header, -1 for one not known */
	int			 size_col, ncols;
	const struct mds_alg	*cols[8];
	char			 unknown_col[32];	/* the first unknown */
};

/* One digest of a line: as written, in the line's text. */
struct line_digest {
	const struct mds_alg	*alg;
	char			*text;		/* NUL-terminated */
	size_t			 len;
};

/*
 * The fields of a line: the name (unescaped) and digests point into the
 * line, which parse_line cuts in place.  LINE_AMBIGUOUS and LINE_UNKNOWN
 * lines have their name and digest too (an unknown one's alg is NULL,
 * tag names it).
 */
struct line_fields {
	char			*name;
	struct line_digest	 d[MAX_LINE_DIGESTS];
	size_t			 nd;
	enum alg_origin		 origin;
	int64_t			 size;		/* hashdeep's, or -1 */
	char			*size_text;	/* hashdeep's, as written */
	const char		*tag;		/* LINE_UNKNOWN: its tag, */
	size_t			 taglen;	/* not NUL-terminated */
};

/* manifest_parse.c */
enum line_kind	parse_line(struct line_parser *, char *, size_t,
		    struct line_fields *);
int	valid_digest(const struct gnu *, const struct mds_alg *, const char *,
	    size_t);
int	unescape(char *, size_t);
void	digest_bytes(const char *, size_t, size_t, unsigned char *);

/*
 * One line of a manifest, as the reader yields it: kind, the fields,
 * where it is (its number, and its bytes: [start, end) with its line
 * ending), the text it owns, and for cksum the last tag read before it.
 */
struct mline {
	enum line_kind		 kind;
	struct line_fields	 f;
	uintmax_t		 lineno;
	uint64_t		 start, end;
	int			 crlf;		/* it ended in CR LF */
	enum mformat		 format;	/* the manifest's layout */
	char			*text;
	const struct mds_alg	*seen;
};

/* A manifest being read, line by line. */
struct mreader {
	const struct gnu	*g;
	const char		*label;		/* for messages */
	FILE			*fp;
	struct line_parser	 lp;
	uintmax_t		 lineno;
	uint64_t		 offset;	/* bytes read so far */
	int			 read_error;
	char			*buf;
};

int	mreader_open(struct mreader *, const struct gnu *, const char *,
	    int);
void	mreader_open_mem(struct mreader *, const struct gnu *, const char *,
	    const char *, size_t, int);
struct mline	*mreader_next(struct mreader *);
int	mreader_close(struct mreader *, const char *);
void	mline_free(struct mline *);
const char	*mline_problem(const struct mline *, char *, size_t);
const struct mds_alg	*alg_from_name(const char *, const struct family **);

/*
 * The name rule: leading "./" segments and repeated slashes do not make
 * another name ("./d/a", "d//a" and "d/a" are one); nothing else is
 * rewritten.  name_key returns the key of a name, to be freed.
 */
char	*name_key(const char *);
/* A hash of a name's bytes (FNV-1a), for hash tables of names. */
uint64_t	name_hash(const char *);

/*
 * A matcher: names, by key, to the caller's indexes; sorted once all are
 * added, then searched.
 */
struct name_match {
	char	*key;
	size_t	 pos;		/* the caller's index */
};
struct matcher {
	struct name_match	*v;
	size_t			 n, cap;
	int			 sorted;
};
void	matcher_add(struct matcher *, const char *, size_t);
void	matcher_sort(struct matcher *);
size_t	matcher_find(const struct matcher *, const char *, size_t *);
void	matcher_free(struct matcher *);

/* A set of names, by the name rule: nameset_add returns 0 if one was in. */
struct nameset {
	char	**slot;
	size_t	  cap, n;
};
int	nameset_add(struct nameset *, const char *);
void	nameset_free(struct nameset *);

/*
 * The lines whose algorithm only the digest's length chose, over one run
 * of -c, -C or --audit: if every one of them failed, a hint names -a.
 */
struct guesses {
	uintmax_t		 ok, failed;
	const struct mds_alg	*alg;	/* theirs, NULL if several */
	int			 mixed;
};
void	guess_count(struct guesses *, const struct mline *, int, int);
void	guess_hint(const struct gnu *, const struct guesses *);

/*
 * What became of a listed file or a line: one set of results for every
 * mode, each mode naming them its way (-c --json: "failed"; --audit:
 * "changed").
 */
enum verdict { V_OK, V_FAILED, V_MISSING, V_UNREADABLE, V_MALFORMED,
	V_MOVED, V_NEW, V_NVERDICTS };
const char	*verdict_name(enum verdict, int);

/*
 * generate.c: print_line writes digest a of an input as a line (printing
 * digests, -A, --update); digest_text is a digest as text, hex or base64,
 * into 2 * MDS_MAX_DIGEST + 1 bytes.
 */
void	print_line(FILE *, const struct gnu *, const struct input *, size_t);
char	*digest_text(int, const unsigned char *, size_t, char *);

#endif /* MANIFEST_H */
