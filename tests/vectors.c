/*
 * vectors.c: known-answer tests from the files in tests/vectors (see its
 * README.md), run on every built backend.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "mdsum.h"
#include "tests.h"

enum vformat {
	VF_RSP,		/* Len = / Msg = / MD = records */
	VF_TOMCRYPT,	/* "Hash: name" sections of " nn: HEX" lines */
	VF_B2JSON	/* the BLAKE2 authors' JSON, one field a line */
};

/* One vector file applied to one algorithm. */
struct vfile {
	const char	*file;
	enum vformat	 format;
	/* VF_TOMCRYPT: the Hash: section; VF_RSP: a [L = n] line, or NULL */
	const char	*section;
	const char	*alg;
	size_t		 md_len;	/* bytes of each MD in the file */
	size_t		 count;		/* byte-aligned records expected */
	size_t		 nbits;		/* bit-level records, skipped */
};

static const struct vfile vfiles[] = {
	{ "SHA256ShortMsg.rsp", VF_RSP, NULL, "sha256", 32, 65, 0 },
	{ "SHA256LongMsg.rsp", VF_RSP, NULL, "sha256", 32, 64, 0 },
	{ "SHA224ShortMsg.rsp", VF_RSP, NULL, "sha224", 28, 65, 0 },
	{ "SHA224LongMsg.rsp", VF_RSP, NULL, "sha224", 28, 64, 0 },
	{ "SHA384ShortMsg.rsp", VF_RSP, NULL, "sha384", 48, 129, 0 },
	{ "SHA384LongMsg.rsp", VF_RSP, NULL, "sha384", 48, 128, 0 },
	{ "SHA512_224ShortMsg.rsp", VF_RSP, NULL, "sha512-224", 28, 129, 0 },
	{ "SHA512_224LongMsg.rsp", VF_RSP, NULL, "sha512-224", 28, 128, 0 },
	{ "SHA512_256ShortMsg.rsp", VF_RSP, NULL, "sha512-256", 32, 129, 0 },
	{ "SHA512_256LongMsg.rsp", VF_RSP, NULL, "sha512-256", 32, 128, 0 },
	{ "SHA512ShortMsg.rsp", VF_RSP, NULL, "sha512", 64, 129, 0 },
	{ "SHA512LongMsg.rsp", VF_RSP, NULL, "sha512", 64, 128, 0 },
	/* sha512h: the first 32 bytes of every SHA-512 MD */
	{ "SHA512ShortMsg.rsp", VF_RSP, NULL, "sha512h", 64, 129, 0 },
	{ "SHA512LongMsg.rsp", VF_RSP, NULL, "sha512h", 64, 128, 0 },
	{ "SHA3_256ShortMsg.rsp", VF_RSP, NULL, "sha3-256", 32, 137, 0 },
	{ "SHA3_256LongMsg.rsp", VF_RSP, NULL, "sha3-256", 32, 100, 0 },
	{ "SHA3_224ShortMsg.rsp", VF_RSP, NULL, "sha3-224", 28, 145, 0 },
	{ "SHA3_224LongMsg.rsp", VF_RSP, NULL, "sha3-224", 28, 100, 0 },
	{ "SHA3_384ShortMsg.rsp", VF_RSP, NULL, "sha3-384", 48, 105, 0 },
	{ "SHA3_384LongMsg.rsp", VF_RSP, NULL, "sha3-384", 48, 100, 0 },
	{ "SHA3_512ShortMsg.rsp", VF_RSP, NULL, "sha3-512", 64, 73, 0 },
	{ "SHA3_512LongMsg.rsp", VF_RSP, NULL, "sha3-512", 64, 100, 0 },
	{ "keccak256-ShortMsgKAT_256.txt", VF_RSP, NULL, "keccak256", 32,
	    256, 1792 },
	{ "keccak256-LongMsgKAT_256.txt", VF_RSP, NULL, "keccak256", 32,
	    65, 0 },
	{ "md5-rfc1321.rsp", VF_RSP, NULL, "md5", 16, 7, 0 },
	{ "blake2-kat-blake2b-unkeyed.json", VF_B2JSON, NULL, "blake2b", 64,
	    256, 0 },
	{ "blake2b-unkeyed-generated-by-hashlib.rsp", VF_RSP, "[L = 64]",
	    "blake2b", 64, 257, 0 },
	{ "blake2b-unkeyed-generated-by-hashlib.rsp", VF_RSP, "[L = 32]",
	    "blake2b-256", 32, 257, 0 },
	/* the checksum as a big-endian number, from cksum, sum and zlib */
	{ "cksum-crc.rsp", VF_RSP, NULL, "crc", 4, 7, 0 },
	{ "crc32b.rsp", VF_RSP, NULL, "crc32b", 4, 7, 0 },
	{ "sum-sysv.rsp", VF_RSP, NULL, "sysv", 2, 7, 0 },
	{ "sum-bsd.rsp", VF_RSP, NULL, "bsd", 2, 7, 0 },
	{ "libtomcrypt-hash_tv-subset.txt", VF_TOMCRYPT, "md5", "md5", 16,
	    129, 0 },
	{ "libtomcrypt-hash_tv-subset.txt", VF_TOMCRYPT, "sha256", "sha256",
	    32, 129, 0 },
	{ "libtomcrypt-hash_tv-subset.txt", VF_TOMCRYPT, "sha512", "sha512",
	    64, 257, 0 },
	{ "libtomcrypt-hash_tv-subset.txt", VF_TOMCRYPT, "sha512", "sha512h",
	    64, 257, 0 },
	{ "libtomcrypt-hash_tv-subset.txt", VF_TOMCRYPT, "sha3-256",
	    "sha3-256", 32, 273, 0 },
	{ "libtomcrypt-hash_tv-subset.txt", VF_TOMCRYPT, "keccak256",
	    "keccak256", 32, 273, 0 },
	/* the two GB/T 32905-2016 examples, 64 generated (sm3-gen.py) */
	{ "sm3.rsp", VF_RSP, NULL, "sm3", 32, 66, 0 },
};
#define NVFILES	(sizeof(vfiles) / sizeof(vfiles[0]))

/* SHAVS Monte Carlo files (SHA-2 procedure, full digests chained). */
struct mfile {
	const char	*file;
	const char	*alg;
	size_t		 count;		/* checkpoints */
};

static const struct mfile mfiles[] = {
	{ "SHA256Monte.rsp", "sha256", 100 },
	{ "SHA512Monte.rsp", "sha512", 100 },
	{ "SHA224Monte.rsp", "sha224", 100 },
	{ "SHA384Monte.rsp", "sha384", 100 },
	{ "SHA512_224Monte.rsp", "sha512-224", 100 },
	{ "SHA512_256Monte.rsp", "sha512-256", 100 },
};
#define NMFILES	(sizeof(mfiles) / sizeof(mfiles[0]))

/* Answers worth naming on their own; msg is hashed repeat times. */
struct known {
	const char	*alg;
	const char	*msg;
	size_t		 repeat;
	const char	*hex;
};

static const struct known knowns[] = {
	/* FIPS 180-2 appendix A and the empty message */
	{ "sha1", "abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ "sha1", "", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
	{ "sha1", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
	    "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
	{ "sha1", "a", 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
	/* original Keccak pads with 0x01, SHA3 with 0x06 */
	{ "keccak256", "", 1,
	    "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470" },
	{ "keccak256", "abc", 1,
	    "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45" },
	{ "sha3-256", "", 1,
	    "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
	/* sha512h is SHA-512 cut to 32 bytes, not SHA-512/256 */
	{ "sha512h", "abc", 1,
	    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a" },
	{ "sha512h", "", 1,
	    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce" },
	/* RFC 7693 appendix A */
	{ "blake2b", "abc", 1,
	    "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
	    "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923" },
	/* the digest length is a parameter, not a cut: python3 hashlib */
	{ "blake2b-256", "abc", 1,
	    "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319" },
	{ "blake2b-160", "abc", 1,
	    "384264f676f39536840523f284921cdc68b6846b" },
	{ "blake2b-8", "abc", 1, "6b" },
	{ "blake2b-8", "", 1, "2e" },
	{ "blake2b-384", "a", 1000000,
	    "92650b7746765a98701ec2077c3603127c62525c8543477c8519d6cc53ac5a9f"
	    "0098ed56eb7aaf03ca50bfe046e7bba3" },
};
#define NKNOWNS	(sizeof(knowns) / sizeof(knowns[0]))

/* A file being read, with growable buffers for lines and decoded hex. */
struct reader {
	FILE		*fp;
	char		 path[1024];
	size_t		 lineno;
	char		*line;
	size_t		 cap;
	unsigned char	*msg;
	size_t		 msgcap;
};

static struct reader rd;

static void	 vectors_setup(void);
static void	 vectors_teardown(void);
static void	 rd_open(const char *);
static char	*rd_line(void);
static char	*rd_field(char *, const char *);
static unsigned char *rd_hex(const char *, size_t);
static void	 hash_repeat(const struct mds_alg *, const char *, const char *,
		    size_t, unsigned char *);
static void	 run_rsp(const struct vfile *, const char *);
static void	 run_tomcrypt(const struct vfile *, const char *);
static char	*json_field(char *, const char *);
static void	 run_b2json(const struct vfile *, const char *);

static void
vectors_setup(void)
{
	memset(&rd, 0, sizeof(rd));
	snprintf(rd.path, sizeof(rd.path), "%s/README.md", mdt_vecdir);
	ck_assert_msg(access(rd.path, R_OK) == 0,
	    "vector directory %s: %s (give it as argv[1])", mdt_vecdir,
	    strerror(errno));
}

static void
vectors_teardown(void)
{
	if (rd.fp != NULL)
		fclose(rd.fp);
	free(rd.line);
	free(rd.msg);
	memset(&rd, 0, sizeof(rd));
}

static void
rd_open(const char *file)
{
	if (rd.fp != NULL)
		fclose(rd.fp);
	snprintf(rd.path, sizeof(rd.path), "%s/%s", mdt_vecdir, file);
	rd.fp = fopen(rd.path, "r");
	ck_assert_msg(rd.fp != NULL, "%s: %s", rd.path, strerror(errno));
	rd.lineno = 0;
}

/* The next line without its CR LF, or NULL at the end of the file. */
static char *
rd_line(void)
{
	ssize_t n;

	errno = 0;
	n = getline(&rd.line, &rd.cap, rd.fp);
	if (n < 0) {
		ck_assert_msg(!ferror(rd.fp), "%s: %s", rd.path,
		    strerror(errno));
		return NULL;
	}
	rd.lineno++;
	while (n > 0 && (rd.line[n - 1] == '\n' || rd.line[n - 1] == '\r'))
		rd.line[--n] = '\0';
	return rd.line;
}

/* The value of "key = value" if line has that key, else NULL. */
static char *
rd_field(char *line, const char *key)
{
	size_t n;

	n = strlen(key);
	if (strncmp(line, key, n) != 0)
		return NULL;
	line += n;
	if (*line != ' ' && *line != '=')
		return NULL;
	while (*line == ' ')
		line++;
	if (*line++ != '=')
		return NULL;
	while (*line == ' ')
		line++;
	return line;
}

/* Decode the first nbytes bytes of hex into rd.msg, growing it. */
static unsigned char *
rd_hex(const char *hex, size_t nbytes)
{
	ck_assert_msg(strlen(hex) >= 2 * nbytes,
	    "%s:%zu: %zu hex digits, want %zu", rd.path, rd.lineno,
	    strlen(hex), 2 * nbytes);
	if (nbytes + 1 > rd.msgcap) {
		rd.msgcap = nbytes + 1;
		rd.msg = realloc(rd.msg, rd.msgcap);
		ck_assert_ptr_nonnull(rd.msg);
	}
	ck_assert_msg(mdt_unhex(hex, 2 * nbytes, rd.msg) == 0,
	    "%s:%zu: bad hex", rd.path, rd.lineno);
	return rd.msg;
}

/* Hash msg repeated n times, copies batched into updates of up to 4 KiB. */
static void
hash_repeat(const struct mds_alg *alg, const char *backend, const char *msg,
    size_t n, unsigned char *out)
{
	unsigned char buf[4096];
	const void *src;
	mds_ctx ctx;
	size_t len, per, k;

	len = strlen(msg);
	src = msg;
	per = 1;
	if (len > 0 && len <= sizeof(buf) / 2) {
		per = sizeof(buf) / len;
		for (k = 0; k < per; k++)
			memcpy(buf + k * len, msg, len);
		src = buf;
	}
	ck_assert_int_eq(mds_init_backend(&ctx, alg, backend), 0);
	for (; n > 0; n -= k) {
		k = n < per ? n : per;
		ck_assert_int_eq(mds_update(&ctx, src, k * len), 0);
	}
	ck_assert_int_eq(mds_final(&ctx, out), 0);
}

static void
run_rsp(const struct vfile *vf, const char *backend)
{
	const struct mds_alg *alg;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	char *line, *v, *end;
	unsigned long len;
	size_t count, nbits, dlen;
	int have_len, have_msg, in;

	alg = mdt_alg(vf->alg);
	dlen = mds_alg_digest_len(alg);
	ck_assert_uint_le(dlen, vf->md_len);
	rd_open(vf->file);
	count = nbits = 0;
	have_len = have_msg = 0;
	len = 0;
	in = vf->section == NULL;
	while ((line = rd_line()) != NULL) {
		if (line[0] == '[' && vf->section != NULL)
			in = strcmp(line, vf->section) == 0;
		if (line[0] == '\0' || line[0] == '#' || line[0] == '[' ||
		    !in)
			continue;
		if ((v = rd_field(line, "Len")) != NULL) {
			errno = 0;
			len = strtoul(v, &end, 10);
			ck_assert_msg(errno == 0 && end != v && *end == '\0',
			    "%s:%zu: bad Len", rd.path, rd.lineno);
			have_len = 1;
			have_msg = 0;
		} else if ((v = rd_field(line, "Msg")) != NULL) {
			ck_assert_msg(have_len, "%s:%zu: Msg without Len",
			    rd.path, rd.lineno);
			if (len % 8 == 0)
				rd_hex(v, len / 8);	/* Len = 0: empty */
			have_msg = 1;
		} else if ((v = rd_field(line, "MD")) != NULL) {
			ck_assert_msg(have_msg, "%s:%zu: MD without Msg",
			    rd.path, rd.lineno);
			have_len = have_msg = 0;
			if (len % 8 != 0) {
				nbits++;
				continue;
			}
			ck_assert_msg(strlen(v) == 2 * vf->md_len &&
			    mdt_unhex(v, 2 * vf->md_len, want) == 0,
			    "%s:%zu: bad MD", rd.path, rd.lineno);
			mdt_hash(alg, backend, rd.msg, len / 8, got);
			MDT_DIGEST_EQ(got, want, dlen, "%s:%zu: %s on %s, %lu "
			    "bytes", rd.path, rd.lineno, vf->alg, backend,
			    len / 8);
			count++;
		} else
			ck_abort_msg("%s:%zu: unexpected line", rd.path,
			    rd.lineno);
	}
	/* A parser that reads nothing must not pass. */
	ck_assert_uint_eq(count, vf->count);
	ck_assert_uint_eq(nbits, vf->nbits);
}

static void
run_tomcrypt(const struct vfile *vf, const char *backend)
{
	const struct mds_alg *alg;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	unsigned char msg[512];
	char *line, *v, *end;
	unsigned long nn;
	size_t count, dlen, i;
	int in;

	alg = mdt_alg(vf->alg);
	dlen = mds_alg_digest_len(alg);
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (unsigned char)i;	/* byte i is i & 0xff */
	rd_open(vf->file);
	count = 0;
	in = 0;
	while ((line = rd_line()) != NULL) {
		if (strncmp(line, "Hash:", 5) == 0) {
			for (v = line + 5; *v == ' '; v++)
				continue;
			in = strcmp(v, vf->section) == 0;
			continue;
		}
		if (!in)
			continue;
		if (line[0] == '\0')
			break;
		errno = 0;
		nn = strtoul(line, &end, 10);
		ck_assert_msg(errno == 0 && end != line && *end == ':',
		    "%s:%zu: bad line", rd.path, rd.lineno);
		/* Lengths step by one from 0: a skipped line shows here. */
		ck_assert_uint_eq(nn, count);
		ck_assert_uint_le(nn, sizeof(msg));
		for (v = end + 1; *v == ' '; v++)
			continue;
		ck_assert_msg(strlen(v) == 2 * vf->md_len &&
		    mdt_unhex(v, 2 * vf->md_len, want) == 0,
		    "%s:%zu: bad digest", rd.path, rd.lineno);
		mdt_hash(alg, backend, msg, nn, got);
		MDT_DIGEST_EQ(got, want, dlen, "%s:%zu: %s on %s, %lu bytes",
		    rd.path, rd.lineno, vf->alg, backend, nn);
		count++;
	}
	ck_assert_uint_eq(count, vf->count);
}

/* The string value of a line `    "key": "value",`, or NULL. */
static char *
json_field(char *line, const char *key)
{
	size_t n;
	char *end;

	while (*line == ' ')
		line++;
	n = strlen(key);
	if (*line != '"' || strncmp(line + 1, key, n) != 0 ||
	    strncmp(line + 1 + n, "\": \"", 4) != 0)
		return NULL;
	line += n + 5;
	end = strchr(line, '"');
	ck_assert_msg(end != NULL, "%s:%zu: unterminated string", rd.path,
	    rd.lineno);
	*end = '\0';
	return line;
}

/*
 * The BLAKE2 authors' JSON: an entry's "hash", "in", "key" and "out"
 * lines in that order, each entry checked when its "out" arrives.  Only
 * unkeyed BLAKE2b is offered, so any other entry is an error.
 */
static void
run_b2json(const struct vfile *vf, const char *backend)
{
	const struct mds_alg *alg;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	char *line, *v;
	size_t count, dlen, len = 0;
	int have_in = 0;

	alg = mdt_alg(vf->alg);
	dlen = mds_alg_digest_len(alg);
	ck_assert_uint_eq(dlen, vf->md_len);
	rd_open(vf->file);
	count = 0;
	while ((line = rd_line()) != NULL) {
		if ((v = json_field(line, "hash")) != NULL) {
			ck_assert_msg(strcmp(v, "blake2b") == 0,
			    "%s:%zu: hash %s", rd.path, rd.lineno, v);
			have_in = 0;
		} else if ((v = json_field(line, "in")) != NULL) {
			len = strlen(v) / 2;
			rd_hex(v, len);
			have_in = 1;
		} else if ((v = json_field(line, "key")) != NULL) {
			ck_assert_msg(*v == '\0', "%s:%zu: a keyed vector",
			    rd.path, rd.lineno);
		} else if ((v = json_field(line, "out")) != NULL) {
			ck_assert_msg(have_in, "%s:%zu: out without in",
			    rd.path, rd.lineno);
			ck_assert_msg(strlen(v) == 2 * dlen &&
			    mdt_unhex(v, 2 * dlen, want) == 0,
			    "%s:%zu: bad out", rd.path, rd.lineno);
			mdt_hash(alg, backend, rd.msg, len, got);
			MDT_DIGEST_EQ(got, want, dlen, "%s:%zu: %s on %s, %zu "
			    "bytes", rd.path, rd.lineno, vf->alg, backend, len);
			have_in = 0;
			count++;
		}
	}
	ck_assert_uint_eq(count, vf->count);
}

/* _i walks files x built backends. */
START_TEST(test_file)
{
	const struct vfile *vf;
	const char *backend;
	size_t nb;

	nb = mdt_nbuilt();
	vf = &vfiles[(size_t)_i / nb];
	backend = mdt_built((size_t)_i % nb);
	if (vf->format == VF_RSP)
		run_rsp(vf, backend);
	else if (vf->format == VF_B2JSON)
		run_b2json(vf, backend);
	else
		run_tomcrypt(vf, backend);
}
END_TEST

START_TEST(test_monte)
{
	const struct mfile *mf;
	const struct mds_alg *alg;
	const char *backend;
	unsigned char m[3 * MDS_MAX_DIGEST], md[MDS_MAX_DIGEST];
	unsigned char want[MDS_MAX_DIGEST];
	char *line, *v, *end;
	unsigned long j;
	size_t dlen, count, i;
	int seeded, have_count;

	mf = &mfiles[(size_t)_i / mdt_nbuilt()];
	backend = mdt_built((size_t)_i % mdt_nbuilt());
	alg = mdt_alg(mf->alg);
	dlen = mds_alg_digest_len(alg);
	rd_open(mf->file);
	count = 0;
	seeded = have_count = 0;
	while ((line = rd_line()) != NULL) {
		if (line[0] == '\0' || line[0] == '#' || line[0] == '[')
			continue;
		if ((v = rd_field(line, "Seed")) != NULL) {
			ck_assert_msg(strlen(v) == 2 * dlen &&
			    mdt_unhex(v, 2 * dlen, md) == 0,
			    "%s:%zu: bad Seed", rd.path, rd.lineno);
			seeded = 1;
		} else if ((v = rd_field(line, "COUNT")) != NULL) {
			j = strtoul(v, &end, 10);
			ck_assert_msg(end != v && *end == '\0' && j == count,
			    "%s:%zu: bad COUNT", rd.path, rd.lineno);
			have_count = 1;
		} else if ((v = rd_field(line, "MD")) != NULL) {
			ck_assert_msg(seeded && have_count,
			    "%s:%zu: MD without Seed or COUNT", rd.path,
			    rd.lineno);
			ck_assert_msg(strlen(v) == 2 * dlen &&
			    mdt_unhex(v, 2 * dlen, want) == 0,
			    "%s:%zu: bad MD", rd.path, rd.lineno);
			/* MD[0] = MD[1] = MD[2] = Seed; m holds the last 3 */
			for (i = 0; i < 3; i++)
				memcpy(m + i * dlen, md, dlen);
			for (i = 3; i <= 1002; i++) {
				mdt_hash(alg, backend, m, 3 * dlen, md);
				memmove(m, m + dlen, 2 * dlen);
				memcpy(m + 2 * dlen, md, dlen);
			}
			MDT_DIGEST_EQ(md, want, dlen, "%s:%zu: %s on %s, "
			    "checkpoint %zu", rd.path, rd.lineno, mf->alg,
			    backend, count);
			have_count = 0;
			count++;
		} else
			ck_abort_msg("%s:%zu: unexpected line", rd.path,
			    rd.lineno);
	}
	ck_assert_uint_eq(count, mf->count);
}
END_TEST

START_TEST(test_known)
{
	const struct known *k;
	const struct mds_alg *alg;
	const char *backend;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	size_t i, dlen;

	backend = mdt_built((size_t)_i);
	for (i = 0; i < NKNOWNS; i++) {
		k = &knowns[i];
		alg = mdt_alg(k->alg);
		dlen = mds_alg_digest_len(alg);
		ck_assert_uint_eq(strlen(k->hex), 2 * dlen);
		ck_assert_int_eq(mdt_unhex(k->hex, 2 * dlen, want), 0);
		hash_repeat(alg, backend, k->msg, k->repeat, got);
		MDT_DIGEST_EQ(got, want, dlen, "%s(\"%s\" x %zu) on %s",
		    k->alg, k->msg, k->repeat, backend);
	}

	/* SHA-512/256("") starts c672b8d1; sha512h must not be that. */
	hash_repeat(mdt_alg("sha512h"), backend, "", 1, got);
	ck_assert_mem_ne(got, "\xc6\x72\xb8\xd1", 4);
	ck_assert_mem_eq(got, "\xcf\x83\xe1\x35", 4);
}
END_TEST

/* Every registry self-test vector passes on every built backend. */
START_TEST(test_selftest)
{
	const struct mds_alg *alg;
	const char *backend, *msg, *hex;
	unsigned char want[MDS_MAX_DIGEST], got[MDS_MAX_DIGEST];
	size_t a, i, repeat, dlen;

	backend = mdt_built((size_t)_i);
	for (a = 0; a < mds_alg_count(); a++) {
		alg = mdt_alg_at(a);
		dlen = mds_alg_digest_len(alg);
		for (i = 0; (msg = mds_alg_vector(alg, i, &repeat, &hex)) !=
		    NULL; i++) {
			ck_assert_ptr_nonnull(hex);
			ck_assert_msg(strlen(hex) == 2 * dlen &&
			    mdt_unhex(hex, 2 * dlen, want) == 0,
			    "%s vector %zu: bad hex \"%s\"", mds_alg_name(alg),
			    i, hex);
			ck_assert_uint_ge(repeat, 1);
			hash_repeat(alg, backend, msg, repeat, got);
			MDT_DIGEST_EQ(got, want, dlen, "%s self-test %zu on %s",
			    mds_alg_name(alg), i, backend);
		}
		ck_assert_msg(i > 0, "%s has no self-test vector",
		    mds_alg_name(alg));
	}
}
END_TEST

Suite *
mdt_vectors_suite(void)
{
	Suite *s;
	TCase *tc;
	int nb;

	nb = (int)mdt_nbuilt();
	s = suite_create("vectors");

	tc = tcase_create("files");
	tcase_add_checked_fixture(tc, vectors_setup, vectors_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_file, 0, (int)NVFILES * nb);
	suite_add_tcase(s, tc);

	tc = tcase_create("monte");
	tcase_add_checked_fixture(tc, vectors_setup, vectors_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_monte, 0, (int)NMFILES * nb);
	suite_add_tcase(s, tc);

	tc = tcase_create("known");
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_known, 0, nb);
	tcase_add_loop_test(tc, test_selftest, 0, nb);
	suite_add_tcase(s, tc);
	return s;
}
