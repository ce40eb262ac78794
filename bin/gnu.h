/*
 * gnu.h: what the parts of the GNU-style tool's command line share:
 * gnu.c parses the options, chooses the action and runs it;
 * gnu_options.c says which options go together; gnu_help.c is --help.
 */
#ifndef GNU_H
#define GNU_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* What a run does, as the options choose it. */
enum action {
	ACT_GENERATE,		/* print the digests of the FILEs */
	ACT_CHECK,		/* -c: verify the MANIFESTs */
	ACT_CHECKLIST,		/* -C MANIFEST: verify the FILEs against it */
	ACT_EXPECT,		/* --expect=DIGEST: verify the one FILE */
	ACT_AUDIT,		/* --audit=MANIFEST */
	ACT_UPDATE,		/* --update=MANIFEST */
	ACT_ARCHIVE,		/* -A: print the digests of archive members */
	ACT_ARCHIVE_CHECK,	/* -A -c: verify members against a MANIFEST */
	ACT_LIST,		/* --list */
	ACT_BENCH,		/* --bench */
	ACT_SELF_TEST		/* -x, --self-test */
};

/* The command line as parsed, before its options are checked. */
struct gnu_opts {
	struct gnu	 g;		/* g.tagged: -1 until resolved */
	enum gnu_mode	 mode;
	int		 tag_given;	/* --tag, not undone by --untagged */
	int		 list;		/* --list */
	int		 bench;		/* --bench */
	int		 self_test;	/* -x, --self-test */
	size_t		 size;		/* --size, or 0 */
	const char	*backend;	/* --backend, or NULL */
	uintmax_t	 length;	/* -l, or 0 */
	const char	*length_arg;	/* -l's argument as given */
	int		 keyed;		/* --keyed */
	const char	*derive_key;	/* --derive-key's context, or NULL */
};

/*
 * gnu_options.c.  usage_error says msg (if not NULL) and where --help is;
 * refuse_options says why the options do not go together, if they do not.
 * Both return the exit status: 1, or 0 when all is well.
 */
int	usage_error(const struct gnu *, const char *);
int	refuse_options(const struct gnu_opts *, char **, size_t);

/*
 * gnu.c: gnu_defaults sets g to what a GNU-style tool starts from before
 * its options: no option given, lines ending in a newline, a job per CPU.
 */
void	gnu_defaults(struct gnu *, const char *);

/* gnu_help.c: --help, as the program's name words it. */
void	gnu_help(const struct gnu *);

#endif /* GNU_H */
