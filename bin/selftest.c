/*
 * selftest.c: -x, the known-answer tests of the registry run on every
 * implementation of the algorithm that runs here (mds_impl_at), each by
 * its id: no setting of the process is changed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define SELFTEST_LANES_MAX	64	/* lanes a kernel may have */

static int	test_single(const struct mds_alg *,
		    const struct mds_impl_info *);
static int	test_lanes(const struct mds_alg *,
		    const struct mds_impl_info *, unsigned char *);

/* How a row names an implementation: "openssl", "native sha256-shani". */
const char *
impl_label(const struct mds_impl_info *c, char *buf, size_t size)
{
	if (strcmp(c->backend, c->name) == 0)
		return c->backend;
	snprintf(buf, size, "%s %s", c->backend, c->name);
	return buf;
}

/* One line of the self-test: the vector, the digest, the verdict. */
static void
vector_line(const struct mds_alg *alg, const char *msg, size_t repeat,
    const char *hex, int ok, const char *label)
{
	if (repeat == 1)
		printf("%s (\"%s\") = %s", mds_alg_tag(alg), msg, hex);
	else
		printf("%s (%zu x \"%s\") = %s", mds_alg_tag(alg), repeat, msg,
		    hex);
	printf(" - %s [%s]\n", ok ? "verified correct" : "INCORRECT RESULT!",
	    label);
}

/* The vectors through one single-stream implementation. */
static int
test_single(const struct mds_alg *alg, const struct mds_impl_info *c)
{
	unsigned char md[MDS_MAX_DIGEST];
	char hex[2 * MDS_MAX_DIGEST + 1], buf[64];
	const char *msg, *want, *label;
	size_t v, r, repeat;
	mds_ctx ctx;
	int failed = 0;

	label = impl_label(c, buf, sizeof(buf));
	for (v = 0; (msg = mds_alg_vector(alg, v, &repeat, &want)) != NULL;
	    v++) {
		if (mds_init_impl(&ctx, alg, c->id) == -1)
			break;
		for (r = 0; r < repeat; r++)
			(void)mds_update(&ctx, msg, strlen(msg));
		if (mds_final(&ctx, md) == -1)
			memset(md, 0, sizeof(md));
		mds_hex(md, mds_alg_digest_len(alg), hex);
		vector_line(alg, msg, repeat, hex, strcmp(hex, want) == 0,
		    label);
		if (strcmp(hex, want) != 0)
			failed = 1;
	}
	return failed;
}

/*
 * The vectors through one multi-buffer kernel: 2 * lanes copies of each
 * message at once, so that every lane runs; each must verify.
 */
static int
test_lanes(const struct mds_alg *alg, const struct mds_impl_info *c,
    unsigned char *out)
{
	char hex[2 * MDS_MAX_DIGEST + 1] = "", label[64];
	const void *msgs[2 * SELFTEST_LANES_MAX];
	size_t lens[2 * SELFTEST_LANES_MAX], i, v, len, repeat, copies;
	size_t dlen = mds_alg_digest_len(alg);
	const char *msg, *want;
	unsigned char *buf;
	int failed = 0, bad;

	copies = 2 * c->lanes;
	if (copies > 2 * SELFTEST_LANES_MAX)
		copies = 2 * SELFTEST_LANES_MAX;
	for (v = 0; (msg = mds_alg_vector(alg, v, &repeat, &want)) != NULL;
	    v++) {
		len = strlen(msg);
		if ((buf = malloc(len * repeat + 1)) == NULL)
			break;
		for (i = 0; i < repeat; i++)
			memcpy(buf + i * len, msg, len);
		for (i = 0; i < copies; i++) {
			msgs[i] = buf;
			lens[i] = len * repeat;
		}
		bad = mds_digest_many_impl(alg, c->id, copies, msgs, lens,
		    out) == -1;
		for (i = 0; i < copies && !bad; i++)
			bad = strcmp(mds_hex(out + i * dlen, dlen, hex),
			    want) != 0;
		free(buf);
		snprintf(label, sizeof(label), "%s %s, %zu at once",
		    c->backend, c->name, copies);
		vector_line(alg, msg, repeat, hex, !bad, label);
		failed |= bad;
	}
	return failed;
}

int
self_test(const struct mds_alg *alg)
{
	struct mds_impl_info c;
	unsigned char *out;
	size_t i;
	int failed = 0;

	printf("%s test suite:\n", mds_alg_tag(alg));
	out = malloc(2 * SELFTEST_LANES_MAX * MDS_MAX_DIGEST);
	for (i = 0; mds_impl_at(alg, i, &c) == 1; i++)
		if (c.lanes == 1)
			failed |= test_single(alg, &c);
		else if (out != NULL)
			failed |= test_lanes(alg, &c, out);
	free(out);
	return failed ? -1 : 0;
}

/*
 * mdsum -x: self_test of the nalgs algorithms of algs, or of every
 * algorithm of the registry when algs is NULL.  0, or 1 if one failed.
 */
int
self_tests(const struct mds_alg **algs, size_t nalgs)
{
	const struct mds_alg *alg;
	size_t i;
	int failed = 0;

	for (i = 0;; i++) {
		if (algs != NULL)
			alg = i < nalgs ? algs[i] : NULL;
		else
			alg = mds_alg_at(i);
		if (alg == NULL)
			break;
		failed |= self_test(alg) == -1;
	}
	return failed;
}
