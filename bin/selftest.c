/*
 * selftest.c: -x, the known-answer tests of the registry run on every
 * built implementation, and the helper that walks those implementations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define SELFTEST_LANES_MAX	64	/* lanes a kernel may have */

/*
 * Start ctx on the i-th backend.  Returns 0 when that backend hashes alg
 * itself, -1 when it is not built or would fall back to the portable code
 * (which is tested under its own name).
 */
int
impl_start(mds_ctx *ctx, const struct mds_alg *alg, size_t i)
{
	const char *be = mds_backend_at(i);

	if (be == NULL || mds_backend_built(be) != 1 ||
	    mds_init_backend(ctx, alg, be) == -1)
		return -1;
	if (strcmp(mds_ctx_backend(ctx), be) != 0) {
		mds_discard(ctx);
		return -1;
	}
	return 0;
}

/*
 * Every distinct implementation of alg in this program: each built
 * backend that has it, and for the native one each kernel of alg's family
 * this CPU can run, chosen by name (mds_set_cpu_level), so that a kernel
 * the dispatcher ranks below another is run too.  Returns how many were
 * put in out[].
 */
size_t
impl_list(const struct mds_alg *alg, struct impl_choice *out, size_t max)
{
	const char *level, *name;
	size_t b, k, n = 0;
	mds_ctx ctx;
	int native;

	for (b = 0; b < mds_backend_count() && n < max; b++) {
		native = strcmp(mds_backend_at(b), "native") == 0;
		for (k = 0; n < max; k++) {
			level = NULL;
			if (!native && k > 0)
				break;
			if (native && ((level = mds_cpu_kernel_at(k)) == NULL ||
			    mds_set_cpu_level(level) == -1))
				break;
			if (impl_start(&ctx, alg, b) == -1)
				continue;
			name = mds_ctx_impl(&ctx);
			mds_discard(&ctx);
			/* Another family's kernel: this one runs its best. */
			if (native && strcmp(name, level) != 0)
				continue;
			out[n].backend = b;
			out[n].level = level;
			out[n].impl = name;
			n++;
		}
		if (native)
			(void)mds_set_cpu_level(NULL);
	}
	return n;
}

/* Start ctx on one implementation that impl_list found. */
int
impl_choice_start(mds_ctx *ctx, const struct mds_alg *alg,
    const struct impl_choice *c)
{
	int r;

	if (c->level != NULL && mds_set_cpu_level(c->level) == -1)
		return -1;
	r = impl_start(ctx, alg, c->backend);
	if (c->level != NULL)
		(void)mds_set_cpu_level(NULL);
	return r;
}

/* How a row names an implementation: "openssl", "native sha256-shani". */
const char *
impl_label(const struct impl_choice *c, char *buf, size_t size)
{
	const char *be = mds_backend_at(c->backend);

	if (strcmp(be, c->impl) == 0)
		return be;
	snprintf(buf, size, "%s %s", be, c->impl);
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

/*
 * The vectors through each multi-buffer kernel of alg: 2 * width copies
 * of each message at once, so that every lane runs; each must verify.
 */
static int
self_test_lanes(const struct mds_alg *alg)
{
	const char *names[MAX_IMPLS], *msg, *want;
	char hex[2 * MDS_MAX_DIGEST + 1], label[64];
	const void *msgs[2 * SELFTEST_LANES_MAX];
	size_t lens[2 * SELFTEST_LANES_MAX], i, k, v, n, len, repeat, copies;
	unsigned char *buf, *out;
	struct mds_lanes *s;
	int failed = 0, bad;

	n = lane_kernels(alg, names, MAX_IMPLS, 0);
	out = malloc(2 * SELFTEST_LANES_MAX * MDS_MAX_DIGEST);
	for (k = 0; k < n && out != NULL; k++) {
		if (mds_set_cpu_level(names[k]) == -1 ||
		    (s = mds_lanes_new(alg)) == NULL)
			continue;
		copies = 2 * mds_lanes_width(s);
		mds_lanes_free(s);
		if (copies > 2 * SELFTEST_LANES_MAX)
			copies = 2 * SELFTEST_LANES_MAX;
		for (v = 0; (msg = mds_alg_vector(alg, v, &repeat, &want)) !=
		    NULL; v++) {
			len = strlen(msg);
			if ((buf = malloc(len * repeat + 1)) == NULL)
				break;
			for (i = 0; i < repeat; i++)
				memcpy(buf + i * len, msg, len);
			for (i = 0; i < copies; i++) {
				msgs[i] = buf;
				lens[i] = len * repeat;
			}
			bad = mds_digest_many(alg, copies, msgs, lens, out) ==
			    -1;
			for (i = 0; i < copies && !bad; i++)
				bad = strcmp(mds_hex(out + i *
				    mds_alg_digest_len(alg),
				    mds_alg_digest_len(alg), hex), want) != 0;
			free(buf);
			snprintf(label, sizeof(label), "native %s, %zu at once",
			    names[k], copies);
			vector_line(alg, msg, repeat, hex, !bad, label);
			failed |= bad;
		}
	}
	(void)mds_set_cpu_level(NULL);
	free(out);
	return failed;
}

int
self_test(const struct mds_alg *alg)
{
	struct impl_choice impls[MAX_IMPLS];
	unsigned char md[MDS_MAX_DIGEST];
	char hex[2 * MDS_MAX_DIGEST + 1], buf[64];
	const char *msg, *want, *label;
	size_t i, n, v, r, repeat;
	mds_ctx ctx;
	int failed = 0;

	printf("%s test suite:\n", mds_alg_tag(alg));
	n = impl_list(alg, impls, MAX_IMPLS);
	for (i = 0; i < n; i++) {
		label = impl_label(&impls[i], buf, sizeof(buf));
		for (v = 0; (msg = mds_alg_vector(alg, v, &repeat, &want)) !=
		    NULL; v++) {
			if (impl_choice_start(&ctx, alg, &impls[i]) == -1)
				break;
			for (r = 0; r < repeat; r++)
				(void)mds_update(&ctx, msg, strlen(msg));
			if (mds_final(&ctx, md) == -1)
				memset(md, 0, sizeof(md));
			mds_hex(md, mds_alg_digest_len(alg), hex);
			vector_line(alg, msg, repeat, hex,
			    strcmp(hex, want) == 0, label);
			if (strcmp(hex, want) != 0)
				failed = 1;
		}
	}
	failed |= self_test_lanes(alg);
	return failed ? -1 : 0;
}
