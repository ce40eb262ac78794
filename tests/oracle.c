/*
 * oracle.c: answers that owe nothing to libmdsum, for the suites that
 * would otherwise check the library against itself.
 *
 * The checksums are written here from their definitions, as plainly as
 * possible and slowly: the CRCs a bit at a time (POSIX cksum's, most
 * significant bit first, with the length after the data; zlib's, least
 * significant bit first, and zlib's own crc32 beside it), the sums a
 * byte at a time, in the arithmetic coreutils' sum.c uses.  The hashes
 * come from tests/vectors/oracle-hashlib.txt (oracle-gen.py: Python's
 * hashlib and pycryptodome), digests of slices of a fixed buffer.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <zlib.h>

#include "mdsum.h"
#include "tests.h"

#define OVEC_FILE	"oracle-hashlib.txt"
#define OVEC_SEED	UINT64_C(0x6d64732d6f72636c)	/* "mds-orcl" */
#define OVEC_BUFLEN	((size_t)1 << 17)

static void	 put_be(uint32_t, unsigned char *, size_t);
static size_t	 split_words(char *, char **, size_t);
static size_t	 count(const char *);

/* The register after len bytes, no inversion: POSIX's polynomial. */
uint32_t
mdt_crc_msb(uint32_t reg, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	int b;

	for (; len > 0; p++, len--) {
		reg ^= (uint32_t)*p << 24;
		for (b = 0; b < 8; b++)
			reg = reg & 0x80000000u ? reg << 1 ^ 0x04c11db7u :
			    reg << 1;
	}
	return reg;
}

/* The same polynomial bit-reversed, bytes taken low bit first. */
uint32_t
mdt_crc_lsb(uint32_t reg, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	int b;

	for (; len > 0; p++, len--) {
		reg ^= *p;
		for (b = 0; b < 8; b++)
			reg = reg & 1 ? reg >> 1 ^ 0xedb88320u : reg >> 1;
	}
	return reg;
}

/*
 * cksum(1): the CRC of the data, then of the length, low byte first, in
 * as few bytes as hold it; the complement.  total is the length to
 * encode, which may exceed len when the caller has fed the data
 * through mdt_crc_msb itself (reg: the register so far).
 */
uint32_t
mdt_cksum_finish(uint32_t reg, uint64_t total)
{
	unsigned char b;

	for (; total != 0; total >>= 8) {
		b = (unsigned char)(total & 0xff);
		reg = mdt_crc_msb(reg, &b, 1);
	}
	return ~reg;
}

/* sum -s: bytes added in 32 bits, folded to 16 with the carries. */
uint16_t
mdt_sysv_sum(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	uint32_t s = 0, r;

	for (; len > 0; p++, len--)
		s += *p;
	r = (s & 0xffff) + (s >> 16);
	return (uint16_t)((r & 0xffff) + (r >> 16));
}

/* sum -r: rotate right by one in 16 bits, add the byte. */
uint16_t
mdt_bsd_sum(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	unsigned int s = 0;

	for (; len > 0; p++, len--) {
		s = (s >> 1) + ((s & 1) << 15);
		s = (s + *p) & 0xffff;
	}
	return (uint16_t)s;
}

static void
put_be(uint32_t v, unsigned char *out, size_t n)
{
	while (n-- > 0) {
		out[n] = (unsigned char)(v & 0xff);
		v >>= 8;
	}
}

/*
 * The digest of the checksum algorithms (the number, big-endian, as the
 * library gives it): 1, or 0 for an algorithm this file cannot compute.
 */
int
mdt_oracle(const struct mds_alg *alg, const void *msg, size_t len,
    unsigned char *out)
{
	const char *name = mds_alg_name(alg);
	uint32_t v;
	uLong z;

	if (strcmp(name, "crc") == 0)
		put_be(mdt_cksum_finish(mdt_crc_msb(0, msg, len), len), out, 4);
	else if (strcmp(name, "crc32b") == 0) {
		v = ~mdt_crc_lsb(0xffffffffu, msg, len);
		/* zlib's answer too: two oracles that must agree */
		z = crc32(0L, Z_NULL, 0);
		for (; len > 0x40000000; len -= 0x40000000) {
			z = crc32(z, msg, 0x40000000);
			msg = (const unsigned char *)msg + 0x40000000;
		}
		z = crc32(z, msg, (uInt)len);
		ck_assert_msg(z == v, "oracle: bitwise CRC-32 %08lx, zlib's "
		    "%08lx", (unsigned long)v, (unsigned long)z);
		put_be(v, out, 4);
	} else if (strcmp(name, "sysv") == 0)
		put_be(mdt_sysv_sum(msg, len), out, 2);
	else if (strcmp(name, "bsd") == 0)
		put_be(mdt_bsd_sum(msg, len), out, 2);
	else
		return 0;
	return 1;
}

/*
 * The messages of set in the oracle file, with alg's digests: from the
 * file, or from mdt_oracle.  NULL if neither has them.
 */
/* The words of line, up to n, into w; how many there are. */
static size_t
split_words(char *line, char **w, size_t n)
{
	char *save, *p;
	size_t k = 0;

	for (p = strtok_r(line, " \t\r\n", &save); p != NULL;
	    p = strtok_r(NULL, " \t\r\n", &save))
		if (k++ < n)
			w[k - 1] = p;
	return k;
}

/* A decimal count, all of the word; SIZE_MAX if it is not one. */
static size_t
count(const char *word)
{
	unsigned long long v;
	char *end;

	if (*word < '0' || *word > '9')
		return SIZE_MAX;
	errno = 0;
	v = strtoull(word, &end, 10);
	return errno != 0 || *end != '\0' || v >= SIZE_MAX ? SIZE_MAX :
	    (size_t)v;
}

/*
 * The messages of set in the oracle file, with alg's digests: from the
 * file, or from mdt_oracle.  NULL if neither has them.
 */
struct mdt_ovec *
mdt_ovec_load(const char *set, const struct mds_alg *alg)
{
	char path[1024], line[256], *w[5];
	const char *name = mds_alg_name(alg);
	size_t dlen = mds_alg_digest_len(alg), i, off, len, nw, nmd = 0;
	struct mdt_ovec *ov;
	uint64_t rng = OVEC_SEED;
	FILE *fp;
	int bad;

	ck_assert_ptr_nonnull(ov = calloc(1, sizeof(*ov)));
	ck_assert_ptr_nonnull(ov->buf = malloc(OVEC_BUFLEN));
	mdt_fill(&rng, ov->buf, OVEC_BUFLEN);
	(void)snprintf(path, sizeof(path), "%s/%s", mdt_vecdir, OVEC_FILE);
	fp = fopen(path, "r");
	ck_assert_msg(fp != NULL, "%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (line[0] == '#')
			continue;
		nw = split_words(line, w, 5);
		bad = nw != 5;
		if (!bad && strcmp(w[0], "msg") == 0) {
			if (strcmp(w[1], set) != 0)
				continue;
			i = count(w[2]);
			off = count(w[3]);
			len = count(w[4]);
			bad = i != ov->n || i >= MDT_OVEC_MAX ||
			    off > OVEC_BUFLEN || len > OVEC_BUFLEN - off;
			if (!bad) {
				ov->msg[i] = ov->buf + off;
				ov->len[i] = len;
				ov->n++;
			}
		} else if (!bad && strcmp(w[0], "md") == 0) {
			if (strcmp(w[1], name) != 0 || strcmp(w[2], set) != 0)
				continue;
			i = count(w[3]);
			bad = i != nmd || i >= ov->n ||
			    strlen(w[4]) != 2 * dlen ||
			    mdt_unhex(w[4], 2 * dlen, ov->md[i]) != 0;
			nmd++;
		} else
			bad = 1;
		if (bad)
			ck_abort_msg("%s: a bad line (%zu words, the first %s)",
			    path, nw, nw > 0 ? w[0] : "none");
	}
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_msg(ov->n > 0, "%s: no messages of set %s", path, set);
	if (nmd == 0)
		for (i = 0; i < ov->n; i++)
			if (!mdt_oracle(alg, ov->msg[i], ov->len[i],
			    ov->md[i])) {
				mdt_ovec_free(ov);
				return NULL;
			}
	ck_assert_msg(nmd == 0 || nmd == ov->n, "%s: %s has %zu of the %zu "
	    "digests of set %s", path, name, nmd, ov->n, set);
	return ov;
}

void
mdt_ovec_free(struct mdt_ovec *ov)
{
	if (ov == NULL)
		return;
	free(ov->buf);
	free(ov);
}
