/*
 * generate.c: mdsum's default mode, printing the digests of its inputs.
 * Every output line of this mode comes from print_line().
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "manifest.h"

struct gen {
	struct gnu	*g;
	struct walk	*walk;
	int		 status;
};

/* A digest as text: hex, or base64; buf holds 2 * MDS_MAX_DIGEST + 1. */
char *
digest_text(int base64, const unsigned char *md, size_t len, char *buf)
{
	return base64 ? base64_text(md, len, buf) : mds_hex(md, len, buf);
}

static void
put_digest(FILE *fp, const struct gnu *g, const unsigned char *md,
    size_t len)
{
	char text[2 * MDS_MAX_DIGEST + 1];

	fputs(digest_text(g->base64, md, len, text), fp);
}

/* One line for digest a of in, to fp (stdout but in tests/fuzz/). */
void
print_line(FILE *fp, const struct gnu *g, const struct input *in, size_t a)
{
	const struct mds_alg *alg = in->algs[a];
	size_t len = mds_alg_digest_len(alg);
	/* A terminal's extra escapes are for stdout alone (--update). */
	int escape = (fp == stdout ? name_needs_escape(in->name) :
	    strpbrk(in->name, "\n\r\\") != NULL) &&
	    (g->delim == '\n' || isatty(fileno(fp)));

	line_begin();
	if (g->raw) {
		/* --raw: the bytes alone, no delimiter (cksum 9.2+). */
		fwrite(in->md[a], 1, len, fp);
		line_end();
		return;
	}
	if (g->json) {
		putc('{', fp);
		put_json_name(fp, "file", in->name);
		fprintf(fp, ",\"algorithm\":\"%s\",\"digest\":\"",
		    mds_alg_name(alg));
		put_digest(fp, g, in->md[a], len);
		fprintf(fp, "\",\"size\":%lld}", (long long)in->size);
	} else if (is_sum_format(alg))
		put_sum_line(fp, alg, in->md[a], in->size, in->name,
		    g->named && !g->no_names);
	else if (g->no_names)
		put_digest(fp, g, in->md[a], len);
	else {
		if (escape)
			putc('\\', fp);
		if (g->tagged) {
			fprintf(fp, "%s (", mds_alg_tag(alg));
			if (escape)
				put_escaped(fp, in->name);
			else
				fputs(in->name, fp);
			fputs(") = ", fp);
			put_digest(fp, g, in->md[a], len);
		} else {
			put_digest(fp, g, in->md[a], len);
			putc(' ', fp);
			putc(g->binary == 1 ? '*' : ' ', fp);
			if (escape)
				put_escaped(fp, in->name);
			else
				fputs(in->name, fp);
		}
	}
	putc(g->delim, fp);
	line_end();
}

static void *
gen_next(void *arg)
{
	struct gen *gen = arg;
	struct input *in;
	int e;
	char *name;

	if ((name = walk_next(gen->walk, &e)) == NULL)
		return NULL;
	if ((in = calloc(1, sizeof(*in))) == NULL)
		err(1, NULL);
	in->name = name;
	in->err = e;
	in->nalgs = gen->g->nalgs;
	memcpy(in->algs, gen->g->algs, sizeof(in->algs));
	return in;
}

/* A list's writer may wait for the lines of the names it has written. */
static int
gen_ready(void *arg)
{
	struct gen *gen = arg;

	return walk_pending(gen->walk);
}

static struct input *
gen_input(void *item)
{
	return item;
}

static void
gen_work(void *arg, void *item)
{
	(void)arg;
	hash_input_work(item, 0);
}

static void
gen_emit(void *arg, void *item)
{
	struct gen *gen = arg;
	struct input *in = item;
	size_t a;

	hash_input_emit(in, 0);
	if (in->err != 0) {
		warn_input(quotef(in->name), in->err);
		gen->status = 1;
	} else {
		for (a = 0; a < in->nalgs; a++)
			print_line(stdout, gen->g, in, a);
	}
	progress_item();
	free(in->name);
	free(in);
}

int
gnu_generate(struct gnu *g, char **operands, size_t n)
{
	struct gen gen;
	struct job_ops ops = { gen_next, gen_work, gen_emit, gen_input, NULL };

	memset(&gen, 0, sizeof(gen));
	gen.g = g;
	gen.walk = g->files0_from != NULL ?
	    walk_open_list(g->files0_from, g) : walk_open(operands, n, g);
	if (gen.walk == NULL)
		return 1;
	ops.arg = &gen;
	run_jobs_ready(&ops, g->jobs, gen_ready);
	if (walk_close(gen.walk) == -1)
		gen.status = 1;
	return gen.status;
}
