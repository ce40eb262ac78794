/*
 * update.c: --update MANIFEST (as rhash -u): lines for the files the
 * manifest does not list, appended in the manifest's own form (its first
 * line's: tagged or untagged, its marker, hex or base64, CRLF; or an SFV
 * or hashdeep row) with its algorithms in order of first use, or -a's if
 * given.  Existing bytes are copied as they are, and a last line without
 * its end gets the end the manifest uses.
 *
 * An algorithm that only a digest's length suggested is never written:
 * a manifest of such lines is refused unless -a names the algorithm.
 *
 * --prune drops the lines of listed files that are gone; --refresh
 * rewrites the digests (and hashdeep's size) of listed files that
 * changed, in place in their lines.  Each is said on stderr, line for
 * line.  Everything goes in one replacement of the manifest
 * (manifest_file.c).
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

/* The form of the manifest's first line, for the lines added. */
struct form {
	enum mformat	 format;
	int		 tagged, binary, reversed, base64, crlf, upper;
};

static int	form_of(const struct amanifest *, struct form *);
static int	check_form(const struct amanifest *, const struct form *);
static int	add_lines(const struct amanifest *, const struct form *,
		    const struct input *, FILE *);
static void	put_digest_as(const char *, size_t, const unsigned char *,
		    size_t, char *);
static void	put_line(const struct amanifest *, const struct aline *,
		    const struct input *, FILE *);
static void	prune(struct amanifest *);
static void	refresh(struct amanifest *);
static int	guessed_line(const struct amanifest *);
static int	uses_alg(const struct amanifest *, const struct mds_alg *);

static int
form_of(const struct amanifest *m, struct form *fm)
{
	const struct mline *ml;
	const char *d, *n;
	size_t i;

	memset(fm, 0, sizeof(*fm));
	fm->format = m->lp.format;
	if (m->nlines == 0)
		return 0;
	ml = m->lines[0].ml;
	d = ml->f.d[0].text;
	n = ml->f.name;
	fm->crlf = ml->crlf;
	fm->tagged = d > n;
	fm->reversed = !fm->tagged && n == d + ml->f.d[0].len + 1;
	fm->binary = !fm->tagged && !fm->reversed && n[-1] == '*';
	fm->base64 = ml->f.d[0].len != 2 * mds_alg_digest_len(ml->f.d[0].alg);
	for (i = 0; i < ml->f.d[0].len && !fm->base64; i++)
		if (isupper((unsigned char)d[i]))
			fm->upper = 1;
	return 0;
}

/* Is alg the algorithm of one of the manifest's lines? */
static int
uses_alg(const struct amanifest *m, const struct mds_alg *alg)
{
	size_t i, d;

	for (i = 0; i < m->nlines; i++)
		for (d = 0; d < m->lines[i].ml->f.nd; d++)
			if (m->lines[i].ml->f.d[d].alg == alg)
				return 1;
	return 0;
}

/*
 * Can lines of the algorithms to be written go in the manifest's
 * layout?  SFV holds CRC-32 alone, hashdeep its header's columns.
 */
static int
check_form(const struct amanifest *m, const struct form *fm)
{
	size_t i;
	int c;

	if (fm->format == MF_SFV) {
		if (m->g->algs_given || m->nalgs != 1 ||
		    strcmp(mds_alg_name(m->algs[0]), "crc32b") != 0) {
			warnx("%s: an SFV manifest holds CRC-32 (crc32b) "
			    "lines only", quotef(m->label));
			return -1;
		}
	} else if (fm->format == MF_HASHDEEP) {
		if (m->g->algs_given) {
			warnx("%s: a hashdeep manifest's algorithms are its "
			    "header's: -a does not apply", quotef(m->label));
			return -1;
		}
		for (c = 0; c < m->lp.ncols; c++)
			if (c != m->lp.size_col && m->lp.cols[c] == NULL) {
				warnx("%s: no such algorithm in this build: "
				    "%s", quotef(m->label),
				    m->lp.unknown_col);
				return -1;
			}
		for (i = 0; i < m->nalgs; i++) {
			for (c = 0; c < m->lp.ncols; c++)
				if (m->lp.cols[c] == m->algs[i])
					break;
			if (c == m->lp.ncols) {
				warnx("%s: its hashdeep header has no %s "
				    "column", quotef(m->label),
				    mds_alg_name(m->algs[i]));
				return -1;
			}
		}
	} else
		for (i = 0; i < m->nalgs; i++) {
			if (is_sum_format(m->algs[i])) {
				warnx("%s: %s has no manifest line",
				    quotef(m->label),
				    mds_alg_name(m->algs[i]));
				return -1;
			}
			/*
			 * An untagged line does not say its algorithm: one
			 * of another than the manifest's lines would be
			 * read as theirs.
			 */
			if (m->nlines > 0 && !fm->tagged &&
			    !uses_alg(m, m->algs[i])) {
				warnx("%s: its untagged lines are not %s; an "
				    "untagged %s line would be read as theirs",
				    quotef(m->label), mds_alg_name(m->algs[i]),
				    mds_alg_name(m->algs[i]));
				return -1;
			}
		}
	return 0;
}

/*
 * The digest md of dl bytes as a line of the manifest writes one like
 * text (len characters: hex, in upper case if text has an upper-case
 * letter, or base64), into out.
 */
static void
put_digest_as(const char *text, size_t len, const unsigned char *md,
    size_t dl, char *out)
{
	size_t i;
	int upper = 0;

	digest_text(len != 2 * dl, md, dl, out);
	for (i = 0; i < len && len == 2 * dl; i++)
		if (isupper((unsigned char)text[i]))
			upper = 1;
	for (i = 0; upper && out[i] != '\0'; i++)
		out[i] = (char)toupper((unsigned char)out[i]);
}

/* The lines of a file new to the manifest, in its form, to fp. */
static int
add_lines(const struct amanifest *m, const struct form *fm,
    const struct input *in, FILE *fp)
{
	struct gnu g = *m->g;
	char text[2 * MDS_MAX_DIGEST + 1], *line = NULL, *p;
	const unsigned char *md;
	size_t size = 0, a, skip;
	const char *eol = fm->crlf ? "\r\n" : "\n";
	FILE *mem;
	int c;

	if (fm->format != MF_GNU && strpbrk(in->name, "\n\r") != NULL) {
		warnx("%s: a name with a newline cannot be written in this "
		    "manifest's layout", quotef(in->name));
		return -1;
	}
	if (fm->format == MF_SFV) {
		/* rhash writes the CRC in upper case */
		md = md_of(in, m->algs[0]);
		put_digest_as("ABCDEF00", 8, md, 4, text);
		fprintf(fp, "%s %s%s", in->name, text, eol);
		return 0;
	}
	if (fm->format == MF_HASHDEEP) {
		for (c = 0; c < m->lp.ncols; c++) {
			if (c == m->lp.size_col)
				fprintf(fp, "%jd,", (intmax_t)in->size);
			else if ((md = md_of(in, m->lp.cols[c])) != NULL)
				fprintf(fp, "%s,", digest_text(0, md,
				    mds_alg_digest_len(m->lp.cols[c]), text));
		}
		fprintf(fp, "%s%s", in->name, eol);
		return 0;
	}
	g.json = g.raw = g.no_names = 0;
	g.named = 1;
	g.delim = '\n';
	if (m->nlines > 0) {
		g.tagged = fm->tagged;
		g.binary = fm->binary;
		g.base64 = fm->base64;
	}
	for (a = 0; a < in->nalgs; a++) {
		if ((mem = open_memstream(&line, &size)) == NULL)
			err(1, NULL);
		print_line(mem, &g, in, a);
		if (fclose(mem) != 0)
			err(1, NULL);
		p = line;
		if (m->nlines > 0 && fm->reversed && !g.tagged) {
			/* md5 -r: one space between digest and name */
			skip = strcspn(p, " ");
			memmove(p + skip, p + skip + 1, size - skip);
			size--;
		}
		if (fm->upper)
			for (skip = 0; p[skip] != ' ' && p[skip] != '\0';
			    skip++)
				p[skip] = (char)toupper((unsigned char)p[skip]);
		if (size > 0 && p[size - 1] == '\n') {
			fwrite(p, 1, size - 1, fp);
			fputs(eol, fp);
		} else
			fwrite(p, 1, size, fp);
		free(line);
		line = NULL;
	}
	return 0;
}

/*
 * A line of the manifest again, with the digests (and hashdeep's size)
 * of in: same length, same case, same everything else.
 */
static void
put_line(const struct amanifest *m, const struct aline *al,
    const struct input *in, FILE *fp)
{
	const struct mline *ml = al->ml;
	const char *raw = m->file.raw + ml->start;
	size_t len = (size_t)(ml->end - ml->start), d, off, dl;
	size_t soff = 0, slen = 0;
	char *copy, text[2 * MDS_MAX_DIGEST + 1];
	const unsigned char *md;

	if ((copy = malloc(len + 1)) == NULL)
		err(1, NULL);
	memcpy(copy, raw, len);
	for (d = 0; d < ml->f.nd; d++) {
		off = (size_t)(ml->f.d[d].text - ml->text);
		dl = mds_alg_digest_len(ml->f.d[d].alg);
		if ((md = md_of(in, ml->f.d[d].alg)) == NULL)
			continue;
		put_digest_as(ml->f.d[d].text, ml->f.d[d].len, md, dl, text);
		memcpy(copy + off, text, ml->f.d[d].len);
	}
	if (ml->f.size_text != NULL) {
		soff = (size_t)(ml->f.size_text - ml->text);
		slen = strlen(ml->f.size_text);
		fwrite(copy, 1, soff, fp);
		fprintf(fp, "%jd", (intmax_t)in->size);
	}
	fwrite(copy + soff + slen, 1, len - soff - slen, fp);
	free(copy);
}

/*
 * --prune: the lines of listed files that are gone (said in the order
 * of the lines).
 */
static void
prune(struct amanifest *m)
{
	struct stat sb;
	struct entry *e;
	struct aline *al;
	size_t i, j;

	for (i = 0; i < m->nents; i++) {
		e = &m->ents[i];
		if (e->file != NULL ? e->file->err != ENOENT &&
		    e->file->err != ENOTDIR : lstat(e->name, &sb) == 0 ||
		    (errno != ENOENT && errno != ENOTDIR))
			continue;
		for (j = 0; j < e->n; j++)
			ENTRY_LINE(m, e, j)->drop = 1;
	}
	for (i = 0; i < m->nlines; i++) {
		al = &m->lines[i];
		if (al->drop)
			warnx("%s: %ju: %s: pruned: the file is gone",
			    quotef(m->label), al->ml->lineno,
			    quotef(al->ml->f.name));
	}
}

/* --refresh: the lines of listed files whose digests changed. */
static void
refresh(struct amanifest *m)
{
	struct afile *f;
	struct aline *al;
	struct entry one;
	size_t i, j;

	for (i = 0; i < m->nfiles; i++) {
		f = m->files[i];
		if (f->skip || f->e == NULL || f->err != 0 ||
		    entry_matches(m, f->e, f->in))
			continue;
		for (j = 0; j < f->e->n; j++) {
			al = ENTRY_LINE(m, f->e, j);
			one = *f->e;
			one.first = f->e->first + j;
			one.n = 1;
			if (al->drop || entry_matches(m, &one, f->in))
				continue;
			al->redo = 1;
			warnx("%s: %ju: %s: refreshed: the file changed",
			    quotef(m->label), al->ml->lineno,
			    quotef(f->name));
		}
	}
}

/* The number of a line whose algorithm only its length chose, or 0. */
static int
guessed_line(const struct amanifest *m)
{
	size_t i;

	for (i = 0; i < m->nlines; i++)
		if (m->lines[i].ml->f.origin == ORIGIN_LENGTH) {
			warnx("%s: %ju: the algorithm of this untagged "
			    "checksum is only guessed from its length (%s); "
			    "name it with -a to update", quotef(m->label),
			    m->lines[i].ml->lineno,
			    mds_alg_name(m->lines[i].ml->f.d[0].alg));
			return 1;
		}
	return 0;
}

int
gnu_update(struct gnu *g, char **operands, size_t n)
{
	struct amanifest m;
	struct form fm;
	struct afile *f;
	struct aline *al;
	char *out = NULL;
	const char *raw;
	size_t outlen = 0, i, keeplen;
	uint64_t pos = 0;
	uintmax_t changes = 0;
	FILE *fp;
	int status = 0;

	if (amanifest_load(&m, g, g->update, 1) == -1 ||
	    (!g->algs_given && guessed_line(&m)) ||
	    form_of(&m, &fm) == -1 || check_form(&m, &fm) == -1) {
		amanifest_free(&m);
		return 1;
	}
	m.listed_too = g->refresh;
	amanifest_hash(&m, operands, n);
	if (g->prune)
		prune(&m);
	if (g->refresh)
		refresh(&m);
	if ((fp = open_memstream(&out, &outlen)) == NULL)
		err(1, NULL);
	/* The lines kept, dropped or rewritten, and the bytes between. */
	raw = m.file.raw;
	for (i = 0; i < m.nlines; i++) {
		al = &m.lines[i];
		fwrite(raw + pos, 1, (size_t)(al->ml->start - pos), fp);
		pos = al->ml->end;
		if (al->drop)
			changes++;
		else if (al->redo) {
			changes++;
			put_line(&m, al, entry_find(&m,
			    al->ml->f.name)->file->in, fp);
		} else
			fwrite(raw + al->ml->start, 1,
			    (size_t)(al->ml->end - al->ml->start), fp);
	}
	fwrite(raw + pos, 1, m.file.rawlen - (size_t)pos, fp);
	if (fflush(fp) != 0)
		err(1, NULL);
	keeplen = outlen;
	/* The last line gets its end, if it had none. */
	if (keeplen > 0 && out[keeplen - 1] != '\n')
		fputs(out[keeplen - 1] == '\r' ? "\n" : fm.crlf ? "\r\n" :
		    "\n", fp);
	for (i = 0; i < m.nfiles; i++) {
		f = m.files[i];
		if (f->skip || f->e != NULL)
			continue;
		if (f->err != 0) {
			warn_input(quotef(f->name), f->err);
			status = 1;
			continue;
		}
		if (add_lines(&m, &fm, f->in, fp) == -1) {
			status = 1;
			continue;
		}
		changes++;
	}
	if (fclose(fp) != 0)
		err(1, NULL);
	for (i = 0; i < m.nfiles; i++)
		if (!m.files[i]->skip && m.files[i]->e != NULL &&
		    m.files[i]->err != 0 && m.files[i]->err != ENOENT) {
			warn_input(quotef(m.files[i]->name), m.files[i]->err);
			status = 1;
		}
	if (m.walk_failed)
		status = 1;
	if (changes > 0 && mfile_replace(&m.file, out, outlen, "", 0) == -1)
		status = 1;
	free(out);
	amanifest_free(&m);
	return status;
}
