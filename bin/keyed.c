/*
 * keyed.c: --keyed and --derive-key, BLAKE3's keyed hash and key
 * derivation for the whole run.  -a, -l and the manifests' tags name
 * BLAKE3's own rows, and every comparison of rows is of those; only where
 * a context or a scheduler starts (hashfile.c, route.c, archive.c,
 * archive_queue.c) does hash_row give the row made under the key.
 */
#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

enum key_mode { KEY_NONE, KEY_KEYED, KEY_DERIVE };

static enum key_mode key_mode;
static unsigned char key[MDS_BLAKE3_KEY_LEN];
static const char *key_context;

/* The made rows, one per BLAKE3 row asked for (a length each). */
#define MADE_MAX	16
static struct {
	const struct mds_alg	*listed, *made;
} made[MADE_MAX];
static size_t nmade;
static pthread_mutex_t made_lock = PTHREAD_MUTEX_INITIALIZER;

int
is_blake3(const struct mds_alg *alg)
{
	const char *name = mds_alg_name(alg);

	return name != NULL && strncmp(name, "blake3", 6) == 0 &&
	    (name[6] == '\0' || name[6] == '-');
}

/*
 * A key from standard input into buf (MDS_BLAKE3_KEY_LEN + 1 bytes): how
 * many bytes came, up to one past a key, so that a key is exactly
 * MDS_BLAKE3_KEY_LEN; -1 with errno.  mdsum and b3sum word what is wrong.
 */
ssize_t
key_read(unsigned char *buf)
{
	size_t got = 0;
	ssize_t n;

	while (got < MDS_BLAKE3_KEY_LEN + 1) {
		n = read(STDIN_FILENO, buf + got, MDS_BLAKE3_KEY_LEN + 1 - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

/*
 * --keyed: the key is the first 32 bytes of standard input, and all of
 * it, as b3sum takes it; -1 after saying what is wrong.
 */
int
keyed_read_key(void)
{
	unsigned char buf[MDS_BLAKE3_KEY_LEN + 1];
	ssize_t got = key_read(buf);

	if (got == -1) {
		warn("--keyed: standard input");
		return -1;
	}
	if (got < MDS_BLAKE3_KEY_LEN) {
		warnx("--keyed: expected %d key bytes on standard input, "
		    "found %zd", MDS_BLAKE3_KEY_LEN, got);
		return -1;
	}
	if (got > MDS_BLAKE3_KEY_LEN) {
		warnx("--keyed: more than %d key bytes on standard input",
		    MDS_BLAKE3_KEY_LEN);
		return -1;
	}
	memcpy(key, buf, sizeof(key));
	key_mode = KEY_KEYED;
	return 0;
}

void
keyed_derive(const char *context)
{
	key_mode = KEY_DERIVE;
	key_context = context;
}

int
keyed_active(void)
{
	return key_mode != KEY_NONE;
}

/*
 * The row a context starts from for alg: under the key, for a BLAKE3
 * row once --keyed or --derive-key said so; alg itself otherwise.
 */
const struct mds_alg *
hash_row(const struct mds_alg *alg)
{
	const struct mds_alg *row = NULL;
	size_t i;

	if (key_mode == KEY_NONE || alg == NULL || !is_blake3(alg))
		return alg;
	(void)pthread_mutex_lock(&made_lock);
	for (i = 0; i < nmade && row == NULL; i++)
		if (made[i].listed == alg)
			row = made[i].made;
	if (row == NULL && nmade < MADE_MAX) {
		row = key_mode == KEY_KEYED ?
		    mds_alg_keyed(alg, key, sizeof(key)) :
		    mds_alg_derive_key(alg, key_context);
		if (row != NULL) {
			made[nmade].listed = alg;
			made[nmade++].made = row;
		}
	}
	(void)pthread_mutex_unlock(&made_lock);
	/* Never the plain hash in the key's place. */
	if (row == NULL)
		err(1, "%s", mds_alg_name(alg));
	return row;
}
