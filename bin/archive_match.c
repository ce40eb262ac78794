/*
 * archive_match.c: mdsum -A -c MANIFEST ARCHIVE..., the inputs of the
 * manifest that the members of archives fill.
 *
 * A member fills the inputs it is one with by the name rule of manifest.h
 * (leading "./" and repeated slashes make no other name).  If a name is
 * in several archives, or several times in one, the last one read counts,
 * as when extracting.  A member read from a compressed stream that failed
 * is unreadable ("FAILED open or read").  A hard link to a member the
 * manifest does not name, which was not hashed, leaves its inputs
 * unresolved until a second pass over the archive.
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "archive_run.h"

#define UNRESOLVED	(-1)	/* in->err: a link needing a second pass */

static size_t	wanted_range(const struct archive_run *, const char *,
		    size_t *);

/* The inputs ins[] of the run, each named in r->names by its index. */
void
wanted_init(struct archive_run *r, struct input **ins, size_t nins)
{
	size_t i, a;

	if ((r->wanted = calloc(nins + 1, sizeof(*r->wanted))) == NULL)
		err(1, NULL);
	for (i = 0; i < nins; i++) {
		r->wanted[i].in = ins[i];
		for (a = 0; a < ins[i]->nalgs; a++)
			r->wanted[i].bits |= (uint32_t)1 <<
			    algset_add(&r->set, ins[i]->algs[a]);
		matcher_add(&r->names, ins[i]->name, i);
	}
	matcher_sort(&r->names);
	r->nwanted = nins;
}

/*
 * The inputs that the member name is one with, by the name rule of
 * manifest.h (./a is a): *n of them, r->names.v[first .. first + n).
 */
static size_t
wanted_range(const struct archive_run *r, const char *member, size_t *n)
{
	return matcher_find(&r->names, member, n);
}

/* The algorithms the member called name is wanted with. */
uint32_t
wanted_algs(const struct archive_run *r, const char *name)
{
	const struct wanted_input *wt;
	size_t i, n, first;
	uint32_t need = 0;

	if (r->wanted == NULL)
		return r->set.all;
	first = wanted_range(r, name, &n);
	for (i = first; i < first + n; i++) {
		wt = &r->wanted[r->names.v[i].pos];
		if (!r->pass2 || wt->again)
			need |= wt->bits;
	}
	return need;
}

/*
 * Fill the inputs of the member called name, the seq-th read, with c,
 * unless a later member of the name filled them already.
 */
void
fill_wanted(struct archive_run *r, const char *name,
    const struct member_digests *c, uint64_t seq)
{
	struct wanted_input *wt;
	struct input *w;
	size_t i, n, first, a;
	int k;

	first = wanted_range(r, name, &n);
	for (i = first; i < first + n; i++) {
		wt = &r->wanted[r->names.v[i].pos];
		w = wt->in;
		if ((r->pass2 && !wt->again) || seq < wt->seq)
			continue;
		wt->seq = seq;
		if (c->err != 0) {
			w->err = c->err;
			r->status = 1;
		} else if ((c->have & wt->bits) == wt->bits) {
			for (a = 0; a < w->nalgs; a++) {
				k = algset_find(&r->set, w->algs[a]);
				memcpy(w->md[a], c->md[k],
				    mds_alg_digest_len(w->algs[a]));
			}
			w->size = c->size;
			w->err = 0;
		} else {
			w->err = UNRESOLVED;
			r->unresolved = 1;
		}
	}
}

/*
 * Before a second pass over the archive: the inputs left unresolved are
 * filled anew by every member so named, in order, so that the last one
 * counts, even if an earlier one was filled in the first pass.
 */
void
wanted_mark_unresolved(struct archive_run *r)
{
	size_t i;

	for (i = 0; i < r->nwanted; i++)
		r->wanted[i].again = r->wanted[i].in->err == UNRESOLVED;
}

/* The stream failed: the inputs filled in this pass are unreadable. */
void
wanted_pass_failed(struct archive_run *r)
{
	size_t i;

	for (i = 0; i < r->nwanted; i++)
		if (r->wanted[i].seq > r->pass_seq &&
		    r->wanted[i].in->err != ENOENT)
			r->wanted[i].in->err = EIO;
}

/* Every archive read: the inputs still unresolved. */
void
wanted_finish(struct archive_run *r)
{
	struct input *in;
	size_t i;

	for (i = 0; i < r->nwanted; i++) {
		in = r->wanted[i].in;
		if (in->err == UNRESOLVED) {
			warnx("%s: hard link not resolved", quotef(in->name));
			in->err = EIO;
		} else if (in->err == ENOENT && r->cut_short)
			in->err = EIO;	/* maybe in the part not read */
	}
}

void
wanted_free(struct archive_run *r)
{
	matcher_free(&r->names);
	free(r->wanted);
}
