/*
 * ctx.c: the streaming interface on caller-provided contexts, and the
 * one-shot helpers built on it.
 *
 * A context is running between mds_init and mds_final/mds_discard; every
 * other call on it fails with EINVAL instead of touching a state that is
 * no longer there.
 */
#include <errno.h>
#include <string.h>

#include "mds_int.h"

#define CTX_RUNNING	0x6d647331u	/* "mds1" */
#define CTX_FINISHED	0x6d647330u	/* "mds0" */
/* Running, from mds_init (the default choice): nothing hashed yet, some. */
#define CTX_FRESH	0x6d647332u	/* "mds2" */
#define CTX_DEFAULT	0x6d647333u	/* "mds3" */

/* Start impl, on kernel k if it is native code (NULL: its own say). */
static int
ctx_run(mds_ctx *ctx, const struct mds_alg *alg,
    const struct mds_impl *impl, const struct mds_kernel *k, unsigned int state)
{
	const struct mds_kernel *saved = mds_kernel_override;
	int r;

	mds_kernel_override = k;
	r = impl->init(&ctx->u_, alg);
	mds_kernel_override = saved;
	if (r == -1)
		return -1;
	ctx->alg_ = alg;
	ctx->impl_ = impl;
	ctx->state_ = state;
	return 0;
}

static int
ctx_start(mds_ctx *ctx, const struct mds_alg *alg, const char *backend)
{
	const struct mds_impl *impl;
	int id;

	if (ctx == NULL || alg == NULL) {
		errno = EINVAL;
		return -1;
	}
	ctx->state_ = CTX_FINISHED;
	if (backend != NULL) {
		if ((impl = mds_select(alg, backend)) == NULL)
			return -1;
		return ctx_run(ctx, alg, impl, NULL, CTX_RUNNING);
	}
	if ((id = mds_choose(alg, 0)) == -1)
		return -1;
	return ctx_run(ctx, alg, mds_choice_impl(alg, id),
	    mds_choice_kernel(alg, id), CTX_FRESH);
}

int
mds_init(mds_ctx *ctx, const struct mds_alg *alg)
{
	return ctx_start(ctx, alg, NULL);
}

int
mds_init_backend(mds_ctx *ctx, const struct mds_alg *alg, const char *backend)
{
	if (backend == NULL) {
		errno = EINVAL;
		return -1;
	}
	return ctx_start(ctx, alg, backend);
}

int
mds_init_impl(mds_ctx *ctx, const struct mds_alg *alg, int id)
{
	if (ctx == NULL || !mds_choice_runs(alg, id)) {
		errno = EINVAL;
		return -1;
	}
	ctx->state_ = CTX_FINISHED;
	return ctx_run(ctx, alg, mds_choice_impl(alg, id),
	    mds_choice_kernel(alg, id), CTX_RUNNING);
}

static int
ctx_running(const mds_ctx *ctx)
{
	if (ctx == NULL || (ctx->state_ != CTX_RUNNING &&
	    ctx->state_ != CTX_FRESH && ctx->state_ != CTX_DEFAULT)) {
		errno = EINVAL;
		return 0;
	}
	return 1;
}

int
mds_update(mds_ctx *ctx, const void *p, size_t len)
{
	if (!ctx_running(ctx))
		return -1;
	if (len == 0)
		return 0;
	if (p == NULL) {
		errno = EINVAL;
		return -1;
	}
	if (ctx->state_ == CTX_FRESH)
		ctx->state_ = CTX_DEFAULT;
	ctx->impl_->update(&ctx->u_, p, len);
	return 0;
}

int
mds_final(mds_ctx *ctx, unsigned char *out)
{
	if (!ctx_running(ctx))
		return -1;
	if (out == NULL) {
		errno = EINVAL;
		return -1;
	}
	ctx->state_ = CTX_FINISHED;
	return ctx->impl_->final(&ctx->u_, out);
}

void
mds_discard(mds_ctx *ctx)
{
	if (!ctx_running(ctx))
		return;
	if (ctx->impl_->discard != NULL)
		ctx->impl_->discard(&ctx->u_);
	ctx->state_ = CTX_FINISHED;
}

/*
 * Before a large input: let tune.c measure what is fastest for the work
 * coming, and start again on its choice a context that mds_init made and
 * that has hashed nothing yet.  Others are left as they are.
 */
void
mds_ctx_retune(mds_ctx *ctx, uint64_t work)
{
	const struct mds_alg *alg;

	if (ctx == NULL || ctx->state_ != CTX_FRESH ||
	    (work < MDS_TUNE_SINGLE_MIN && !mds_tune_always()))
		return;
	alg = ctx->alg_;
	if (mds_choose(alg, work) == -1)
		return;
	mds_discard(ctx);
	(void)ctx_start(ctx, alg, NULL);
}

/*
 * Part-way through a large input of unknown size (a pipe): let tune.c
 * measure, and move a context that mds_init made on the native backend to
 * the kernel now chosen for its family.  Every kernel of a family keeps
 * the same state (md_state, the sponge), which begins with the kernel.
 */
void
mds_ctx_rekernel(mds_ctx *ctx)
{
	const struct mds_kernel **k, *chosen;

	if (ctx == NULL || (ctx->state_ != CTX_DEFAULT &&
	    ctx->state_ != CTX_FRESH) ||
	    mds_tune_what(ctx->alg_, MDS_TUNE_NOW, 0) == -1)
		return;
	if (ctx->state_ == CTX_FRESH) {
		mds_ctx_retune(ctx, MDS_TUNE_SINGLE_MIN);
		return;
	}
	if (ctx->impl_ != mds_backend_impl(ctx->alg_, MDS_BE_NATIVE) ||
	    ctx->impl_->describe != mds_kernel_describe)
		return;
	/* where the measurement chose other code, the kernel stays */
	chosen = mds_choice_kernel(ctx->alg_, mds_choose(ctx->alg_, 0));
	k = (const struct mds_kernel **)(void *)&ctx->u_;
	if (chosen != NULL)
		*k = chosen;
}

const struct mds_alg *
mds_ctx_alg(const mds_ctx *ctx)
{
	return ctx_running(ctx) ? ctx->alg_ : NULL;
}

const char *
mds_ctx_backend(const mds_ctx *ctx)
{
	return ctx_running(ctx) ? ctx->impl_->backend : NULL;
}

const char *
mds_ctx_impl(const mds_ctx *ctx)
{
	if (!ctx_running(ctx))
		return NULL;
	if (ctx->impl_->describe != NULL)
		return ctx->impl_->describe(&ctx->u_);
	return ctx->impl_->backend;
}

int
mds_digest(const struct mds_alg *alg, const void *p, size_t len,
    unsigned char *out)
{
	mds_ctx ctx;

	if (out == NULL || (len != 0 && p == NULL)) {
		errno = EINVAL;
		return -1;
	}
	if (mds_init(&ctx, alg) == -1)
		return -1;
	(void)mds_update(&ctx, p, len);
	return mds_final(&ctx, out);
}

char *
mds_hex(const unsigned char *p, size_t len, char *buf)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		buf[2 * i] = digits[p[i] >> 4];
		buf[2 * i + 1] = digits[p[i] & 0xf];
	}
	buf[2 * len] = '\0';
	return buf;
}
