/*
 * gnu_help.c: --help of the GNU-style tool, worded for the name it runs
 * under: mdsum's every option, coreutils' md5sum and the like, cksum.
 */
#include <stdio.h>

#include "gnu.h"

static void	cksum_help(const struct gnu *);

/*
 * cksum --help: its options and its list of algorithms, which is the
 * newest coreutils' (9.10), in its order and words, and after it what
 * mdsum's cksum -a takes beyond it (nothing yet).  -a takes sha224 ..
 * sha512 too, as 9.10 does without listing them.
 */
static void
cksum_help(const struct gnu *g)
{
	printf("Usage: %s [OPTION]... [FILE]...\n"
	    "Print or verify checksums.\n"
	    "By default use the 32 bit CRC algorithm.\n\n"
	    "With no FILE, or when FILE is -, read standard input.\n\n",
	    g->progname);
	printf(
"  -a, --algorithm=TYPE  select the digest type to use.  See DIGEST below\n"
"      --base64          emit base64-encoded digests, not hexadecimal\n"
"  -c, --check           read checksums from the FILEs and check them\n"
"  -l, --length=BITS     digest length in bits; must not exceed the max for\n"
"                          the blake2 algorithm and must be a multiple of 8;\n"
"                          224, 256, 384 or 512 for sha2 and sha3\n"
"      --raw             emit a raw binary digest, not hexadecimal\n"
"      --tag             create a BSD-style checksum (the default)\n"
"      --untagged        create a reversed style checksum, without digest "
"type\n"
"  -z, --zero            end each output line with NUL, not newline,\n"
"                          and disable file name escaping\n"
"\nThe following five options are useful only when verifying checksums:\n"
"      --ignore-missing  don't fail or report status for missing files\n"
"      --quiet           don't print OK for each successfully verified "
"file\n"
"      --status          don't output anything, status code shows "
"success\n"
"      --strict          exit non-zero for improperly formatted checksum "
"lines\n"
"  -w, --warn            warn about improperly formatted checksum lines\n"
"\n"
"      --debug           say on stderr how each input is hashed\n"
"      --help            display this help and exit\n"
"      --version         output version information and exit\n"
"\nDIGEST determines the digest algorithm and default output format:\n"
"  sysv      (equivalent to sum -s)\n"
"  bsd       (equivalent to sum -r)\n"
"  crc       (equivalent to cksum)\n"
"  crc32b    (only available through cksum)\n"
"  md5       (equivalent to md5sum)\n"
"  sha1      (equivalent to sha1sum)\n"
"  sha2      (equivalent to sha{224,256,384,512}sum)\n"
"  sha3      (only available through cksum)\n"
"  blake2b   (equivalent to b2sum)\n"
"  sm3       (only available through cksum)\n"
"\nExit status is 0 if all is well, 1 otherwise.\n");
}

void
gnu_help(const struct gnu *g)
{
	if (g->cksum) {
		cksum_help(g);
		return;
	}
	if (g->legacy)
		printf("Usage: %s [OPTION]... [FILE]...\n"
		    "Print or check %s checksums.\n", g->progname,
		    mds_alg_tag(g->algs[0]));
	else
		printf("Usage: %s [OPTION]... [FILE]...\n"
		    "Print or check checksums (sha256 unless -a says "
		    "otherwise).\n", g->progname);
	printf("With no FILE, or when FILE is -, read standard input.\n\n");
	if (!g->legacy)
		printf(
"  -a, --algorithm=LIST  comma-separated algorithms (-a help lists them)\n");
	printf(
"  -b, --binary          mark untagged lines with '*' (binary mode)\n"
"  -c, --check           read checksums from the FILEs and check them\n");
	if (g->legacy && g->fams[0] != NULL)
		printf(
"  -l, --length=BITS     digest length in bits, a multiple of 8 up to 512\n");
	else if (!g->legacy)
		printf(
"  -l, --length=BITS     digest length in bits: for blake2b and blake3 a\n"
"                        multiple of 8 up to 512, for sha2 and sha3 224,\n"
"                        256, 384 or 512\n");
	printf(
"      --tag             BSD-style lines: ALGORITHM (FILE) = DIGEST\n"
"  -t, --text            mark untagged lines with ' ' (text mode)\n"
"  -z, --zero            end each output line with NUL, not newline,\n"
"                        and do not escape file names\n");
	if (!g->legacy)
		printf(
"      --untagged        coreutils-style lines: DIGEST  FILE\n"
"      --base64          print digests in base64\n"
"      --raw             print the digest of the one FILE as bytes\n"
"      --no-names        print only the digests\n"
"      --json            one JSON object per line: file, algorithm,\n"
"                        digest, size\n"
"      --expect=DIGEST   check the one FILE against DIGEST\n"
"      --keyed           BLAKE3 keyed by the 32 bytes of standard input\n"
"      --derive-key=CONTEXT  BLAKE3's key derived from each FILE\n"
"  -C, --checklist=MANIFEST  check only the FILEs, against MANIFEST\n"
"      --audit=MANIFEST  compare the FILEs (the listed ones if none) with\n"
"                        MANIFEST: ok, changed, moved, new or missing\n"
"      --update=MANIFEST  add lines for the FILEs MANIFEST does not list\n"
"      --prune           with --update: drop the lines of files now gone\n"
"      --refresh         with --update: rewrite the lines of files changed\n"
"  -A, --archive         operands are archives: hash their regular members\n"
"                        (with -c: MANIFEST first, then ARCHIVEs)\n"
"  -R, --recursive       hash the files under directory operands\n"
"  -L, --follow          with -R: follow symbolic links in the trees\n"
"      --exclude=GLOB    with -R: leave out what GLOB matches: a name, or\n"
"                        with a '/' a path below the operand\n"
"      --include=GLOB    with -R: keep what GLOB matches; the first rule\n"
"                        that matches decides, and with an --include a\n"
"                        file no rule matches is left out\n"
"      --max-depth=N     with -R: go at most N levels below the operands\n"
"      --one-file-system with -R: stay on the operands' file systems\n"
"      --files0-from=F   hash the files named in F, NUL-separated (- for\n"
"                        standard input), not FILE operands\n"
"  -j, --jobs=N          hash N files at a time (default: CPUs usable)\n"
"      --progress        show progress on stderr when it is a terminal\n"
"      --backend=NAME    portable, native, libmd or openssl\n"
"      --debug           say on stderr how each input is hashed\n"
"      --mmap, --no-mmap map regular files, or read them in blocks\n"
"      --no-multibuffer  hash one file at a time per thread, not several\n"
"                        side by side\n"
"      --list            list algorithms and backends\n"
"      --bench           measure every algorithm on every backend\n"
"      --size=BYTES      with --bench: one message size\n"
"  -x, --self-test       check every algorithm (or those of -a) on every\n"
"                        implementation against known digests\n");
	printf("\nThe following options are useful only when verifying "
	    "checksums:\n"
"      --ignore-missing  don't fail or report status for missing files\n"
"      --quiet           don't print OK for each successfully verified "
"file\n"
"      --status          don't output anything, status code shows "
"success\n"
"      --strict          exit non-zero for improperly formatted "
"checksum lines\n"
"  -w, --warn            warn about improperly formatted checksum lines\n"
"\n"
"      --help            display this help and exit\n"
"      --version         output version information and exit\n"
"\nExit status is 0 if all is well, 1 otherwise.\n");
}
