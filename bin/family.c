/*
 * family.c: what the command line knows about algorithms beyond their
 * registry rows.  A family is a name that -a takes and -l/--length
 * completes: blake2b (any multiple of 8 bits up to 512, as b2sum -l),
 * sha2 and sha3 (224, 256, 384 or 512 bits, as cksum -a sha2/sha3 -l in
 * coreutils 9.8+).  Its members are registry rows found by name.  A sum
 * format is the line coreutils' cksum and sum print for the CRCs and the
 * 16-bit sums: a decimal checksum, a size and the name.  The checks of
 * -a and -l are here too, worded as coreutils words them: -a as 9.1
 * (crc32b as 9.6, sha2 and sha3 as 9.8), -l as 9.8 and later, where
 * only the last -l counts.
 */
#include <ctype.h>
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

struct family {
	const char	*name;		/* as -a takes it */
	const char	*stem;		/* a manifest's name: B2SUMS */
	const char	*label;		/* in coreutils' messages */
	const char	*pattern;	/* a member's row name, from its bits */
	size_t		 max_bits;
	size_t		 default_bits;	/* without -l; 0: -l is required */
	int		 any_bits;	/* any multiple of 8, else the four */
};

static const struct family families[] = {
	{ "blake2b", "b2", "BLAKE2b", "blake2b-%zu", 512, 512, 1 },
	{ "blake3", "b3", "BLAKE3", "blake3-%zu", 512, 256, 1 },
	{ "sha2", "sha2", "SHA2", "sha%zu", 512, 0, 0 },
	{ "sha3", "sha3", "SHA3", "sha3-%zu", 512, 0, 0 },
};
#define NFAMILIES	(sizeof(families) / sizeof(families[0]))

/*
 * Sum formats: unit 0 prints the size in bytes (cksum's CRC lines),
 * otherwise the size in blocks of unit bytes, rounded up (sum -s, -r).
 */
struct sum_format {
	const char	*name;
	size_t		 unit;
	int		 bsd;		/* %05u %5ju, as sum -r */
};

static const struct sum_format sum_formats[] = {
	{ "crc", 0, 0 },
	{ "crc32b", 0, 0 },
	{ "sysv", 512, 0 },
	{ "bsd", 1024, 1 },
};

const struct family *
family_find(const char *name)
{
	size_t i;

	for (i = 0; i < NFAMILIES; i++)
		if (strcasecmp(name, families[i].name) == 0)
			return &families[i];
	return NULL;
}

/* The family whose manifests are called STEMSUMS (B2SUMS, SHA3SUMS). */
const struct family *
family_of_stem(const char *stem)
{
	size_t i;

	for (i = 0; i < NFAMILIES; i++)
		if (strcasecmp(stem, families[i].stem) == 0)
			return &families[i];
	return NULL;
}

/* The family whose full-length member alg is (blake2b), or NULL. */
const struct family *
family_of(const struct mds_alg *alg)
{
	return alg != NULL ? family_find(mds_alg_name(alg)) : NULL;
}

const char *
family_label(const struct family *f)
{
	return f->label;
}

/*
 * Is bits a length the family has?  0 if not a multiple of 8 or too
 * long, -1 if it is one that sha2 and sha3 do not have.
 */
int
family_bits_ok(const struct family *f, uintmax_t bits)
{
	if (bits == 0 || bits % 8 != 0 || bits > f->max_bits)
		return 0;
	if (!f->any_bits && bits != 224 && bits != 256 && bits != 384 &&
	    bits != 512)
		return -1;
	return 1;
}

/* The row of family f with a digest of bits bits, or NULL. */
const struct mds_alg *
family_member(const struct family *f, uintmax_t bits)
{
	const struct mds_alg *alg;
	char name[32];

	if (family_bits_ok(f, bits) != 1)
		return NULL;
	/* The full-length blake2b row is plain "blake2b". */
	if ((alg = mds_alg_find(f->name)) != NULL &&
	    mds_alg_digest_len(alg) * 8 == bits)
		return alg;
	snprintf(name, sizeof(name), f->pattern, (size_t)bits);
	alg = mds_alg_find(name);
	return alg != NULL && mds_alg_digest_len(alg) * 8 == bits ? alg : NULL;
}

/* Is alg a member of family f? */
int
family_has(const struct family *f, const struct mds_alg *alg)
{
	return alg != NULL &&
	    family_member(f, mds_alg_digest_len(alg) * 8) == alg;
}

static const struct sum_format *
sum_format(const struct mds_alg *alg)
{
	size_t i;

	for (i = 0; i < sizeof(sum_formats) / sizeof(sum_formats[0]); i++)
		if (strcmp(mds_alg_name(alg), sum_formats[i].name) == 0)
			return &sum_formats[i];
	return NULL;
}

/* Does alg print cksum's or sum's line instead of a digest line? */
int
is_sum_format(const struct mds_alg *alg)
{
	return alg != NULL && sum_format(alg) != NULL;
}

/*
 * The line of cksum (crc, crc32b), sum -s (sysv) or sum -r (bsd): the
 * digest, big-endian, in decimal, then the size, then the name when
 * with_name.  coreutils writes the name as it is, with no escaping.
 */
void
put_sum_line(FILE *fp, const struct mds_alg *alg, const unsigned char *md,
    int64_t size, const char *name, int with_name)
{
	const struct sum_format *sf = sum_format(alg);
	size_t i, len = mds_alg_digest_len(alg);
	uintmax_t v = 0, n = (uintmax_t)size;

	for (i = 0; i < len; i++)
		v = v << 8 | md[i];
	if (sf->unit != 0)
		n = n / sf->unit + (n % sf->unit != 0);
	if (sf->bsd)
		fprintf(fp, "%05ju %5ju", v, n);
	else
		fprintf(fp, "%ju %ju", v, n);
	if (with_name) {
		putc(' ', fp);
		fputs(name, fp);
	}
}

static void
put_alg_name(FILE *fp, const char *name, int quoted)
{
	if (quoted)
		fprintf(fp, "  - %s\n", quote_arg(name));
	else
		fprintf(fp, "%s\n", name);
}

/*
 * The names mdsum's -a takes, one a line: the algorithms of this build in
 * the order of --list, then the families that are no algorithm of their
 * own (sha2, sha3).  quoted: as coreutils lists the valid arguments of an
 * option, for the message about a name that is none of them.
 */
void
put_alg_names(FILE *fp, int quoted)
{
	const struct mds_alg *alg;
	size_t i;

	for (i = 0; (alg = mds_alg_at(i)) != NULL; i++)
		put_alg_name(fp, mds_alg_name(alg), quoted);
	for (i = 0; i < NFAMILIES; i++)
		if (mds_alg_find(families[i].name) == NULL &&
		    family_member(&families[i], families[i].max_bits) != NULL)
			put_alg_name(fp, families[i].name, quoted);
}

/* What cksum's -a takes, in the order coreutils lists them. */
static const char *const cksum_names[] = {
	"bsd", "sysv", "crc", "crc32b", "md5", "sha1", "sha224", "sha256",
	"sha384", "sha512", "sha2", "sha3", "blake2b", "sm3"
};
#define NCKSUM	(sizeof(cksum_names) / sizeof(cksum_names[0]))

/* Does this build have what cksum -a name asks for? */
static int
cksum_has(const char *name)
{
	return family_find(name) != NULL || mds_alg_find(name) != NULL;
}

/*
 * cksum -a NAME: one of coreutils' names, exactly; -1 after listing the
 * valid ones as coreutils does (the caller adds the pointer to --help).
 */
int
cksum_algorithm(struct gnu *g, const char *name)
{
	size_t i;

	for (i = 0; i < NCKSUM; i++)
		if (strcmp(name, cksum_names[i]) == 0 && cksum_has(name))
			break;
	if (i == NCKSUM) {
		warnx("invalid argument %s for %s", quote_arg(name),
		    quote_arg("--algorithm"));
		fputs("Valid arguments are:\n", stderr);
		for (i = 0; i < NCKSUM; i++)
			if (cksum_has(cksum_names[i]))
				fprintf(stderr, "  - %s\n",
				    quote_arg(cksum_names[i]));
		return -1;
	}
	g->nalgs = 1;
	g->fams[0] = family_find(name);
	g->algs[0] = mds_alg_find(name);	/* NULL for sha2, sha3 */
	return 0;
}

/*
 * -l BITS, as coreutils reads it since 9.8: decimal, leading blanks and
 * '+' allowed, a number too large for uintmax_t held as UINTMAX_MAX
 * (then too long for every family).  Only what is no number is refused
 * here; the length itself is checked once the options are read
 * (apply_length), so that only the last -l counts, as since 9.5.
 */
int
parse_length(const char *s, uintmax_t *bits)
{
	const char *p = s;
	char *end;
	uintmax_t v;

	while (isspace((unsigned char)*p))
		p++;
	v = strtoumax(s, &end, 10);	/* UINTMAX_MAX when too large */
	if (*p == '-' || end == s || *end != '\0') {
		warnx("invalid length: %s", quote_arg(s));
		return -1;
	}
	*bits = v;
	return 0;
}

/*
 * After the options: the rows that -l (bits, as text s: "" if no -l was
 * given) makes of the families in g->algs, checked in coreutils 9.8's
 * order and words.  Without -l a sha2 or sha3 family has no row but when
 * verifying, where each line's tag or length says which member it is.
 */
int
apply_length(struct gnu *g, uintmax_t bits, const char *s, int verifying)
{
	const struct family *f;
	const struct mds_alg *alg;
	size_t i, nfam = 0;
	int given = *s != '\0';

	for (i = 0; i < g->nalgs; i++)
		nfam += g->fams[i] != NULL;
	if (bits != 0 && nfam == 0) {
		warnx(g->cksum ? "--length is only supported with "
		    "--algorithm blake2b, sha2, or sha3" : "--length is only "
		    "supported with --algorithm=blake2b, blake3, sha2 or sha3");
		return -1;
	}
	for (i = 0; i < g->nalgs; i++) {
		if ((f = g->fams[i]) == NULL)
			continue;
		if (!f->any_bits && bits == 0 && !given && !verifying) {
			warnx("--algorithm=%s requires specifying --length "
			    "224, 256, 384, or 512", f->name);
			return -1;
		}
		/* -l 0 is no length of sha2's or sha3's, even verifying */
		if (!f->any_bits && given && family_bits_ok(f, bits) != 1) {
			warnx("invalid length: %s", quote_arg(s));
			warnx("digest length for %s must be 224, 256, 384, or "
			    "512", quote_arg(f->label));
			return -1;
		}
		if (f->any_bits && (bits > f->max_bits || bits % 8 != 0)) {
			warnx("invalid length: %s", quote_arg(s));
			if (bits > f->max_bits)
				warnx("maximum digest length for %s is %zu "
				    "bits", quote_arg(f->label), f->max_bits);
			else
				warnx("length is not a multiple of 8");
			return -1;
		}
		/* sha2 and sha3 verifying: each line says which member */
		if (bits == 0)
			bits = f->default_bits != 0 ? f->default_bits :
			    f->max_bits;
		alg = family_member(f, bits);
		if (alg == NULL) {
			warnx("%s with %ju bits: not in this build", f->name,
			    bits);
			return -1;
		}
		g->algs[i] = alg;
	}
	return 0;
}
