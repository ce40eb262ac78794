/*
 * cli.h: what the parts of the one mdsum program share.  The program's
 * name picks its mode: md5, sha256, sha512h and keccak256 are the BSD
 * tools (bsd.c).
 */
#ifndef CLI_H
#define CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "mdsum.h"

#define MDSUM_VERSION	"0.1.0"

extern int debug_flag;	/* --debug: say on stderr how each input is read */

/* bsd.c: the md5(1)-style tools; returns the exit status. */
int	bsd_main(const struct mds_alg *, int, char **);

/* output.c */
int	name_needs_escape(const char *);
void	put_escaped(FILE *, const char *);
int	close_stdout(void);

/* hashfile.c: hash a named file ("-" is stdin) into running contexts. */
int64_t	hash_path(const char *, mds_ctx *, size_t);
int	check_backend_env(void);

/* selftest.c, timetrial.c: -x and -t over every built implementation. */
int	self_test(const struct mds_alg *);
int	time_trial(const struct mds_alg *);
/* Start ctx on backend i; 0 if that backend really hashes alg itself. */
int	impl_start(mds_ctx *, const struct mds_alg *, size_t);

#endif /* CLI_H */
