#!/bin/sh
# cli_family.sh: black-box tests of the checksum family beyond md5, sha256
# and the like: mdsum run as coreutils' cksum, b2sum, sha1sum, sha224sum,
# sha384sum and sha512sum (links the build makes), and mdsum's own -a for
# blake2b, blake3, sm3, the SHA-2 and SHA-3 lengths, the CRCs and the sums, with
# -l/--length and --raw.
#
# usage: sh tests/cli_family.sh BINDIR
#
# Part 1 runs every invocation that GNU coreutils 9.1 understands twice,
# once through our link and once through coreutils, and compares stdout
# byte for byte, the exit status and stderr (the program name at the start
# of a line made PROG), as tests/cli_gnu.sh does (both through
# tests/coreutils.sh); it is skipped, visibly, without coreutils 9.1
# (MDSUM_GNU_ANY=1 runs it against another version), and fails instead
# under MDSUM_TEST_NO_SKIP=1 (CI, on Debian 12's 9.1), as Part 2 does
# without python3.
# Part 2 checks what coreutils 9.1 cannot produce against independent
# oracles (python3's hashlib, zlib and base64) or against the exact text
# of the coreutils release that added it, named in each description:
# cksum -a crc32b (9.6), -a sha2/sha3 with -l (9.8), --raw and --base64
# (9.2).  What later releases changed in commands 9.1 took or refused
# (cksum -b and -t, -l's checks) is tests/cli_later.sh's.
#
# Output is TAP, as tests/tap.sh describes; the exit status is 1 if any
# test failed.

# shellcheck disable=SC2086
# (unquoted words are option lists and file names without spaces)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"
# shellcheck source=coreutils.sh
. "$(dirname "$0")/coreutils.sh"

bindir "$@"
needs mdsum cksum b2sum sha1sum sha224sum sha384sum sha512sum

plain_env POSIXLY_CORRECT

workdir cli_family
G=$T/gnu
mkdir "$G" || exit 2
SYSPATH=$PATH

# py EXPR FILE: the python3 expression's value, with d the bytes of FILE,
# hashlib, zlib, base64 and struct imported and the sums of POSIX cksum,
# sum -s and sum -r written out from their definitions (empty without
# python3).
py()
{
	[ -n "$PY" ] || return 0
	$PY -c 'import sys, hashlib, zlib, base64, struct
def crc(d):
    c = 0
    n = len(d)
    tail = b""
    while n:
        tail += bytes([n & 0xff])
        n >>= 8
    for b in d + tail:
        c ^= b << 24
        for i in range(8):
            c = ((c << 1) ^ 0x04C11DB7) if c & 0x80000000 else c << 1
            c &= 0xffffffff
    return c ^ 0xffffffff
def sysv(d):
    s = sum(d)
    r = (s & 0xffff) + ((s & 0xffffffff) >> 16)
    return (r & 0xffff) + (r >> 16)
def bsd(d):
    c = 0
    for b in d:
        c = ((c >> 1) + ((c & 1) << 15) + b) & 0xffff
    return c
def blocks(d, n):
    return (len(d) + n - 1) // n
d = open(sys.argv[2], "rb").read()
r = eval(sys.argv[1])
sys.stdout.buffer.write(r if isinstance(r, bytes) else str(r).encode())' \
	    "$1" "$2"
}

# --- coreutils ----------------------------------------------------------

gnu_find cksum b2sum sha1sum sha224sum sha384sum sha512sum sum
gnu_usable cksum
if [ $GNU = yes ]; then
	for t in b2sum sha1sum sha224sum sha384sum sha512sum sum; do
		[ -e "$G/$t" ] && continue
		GNU=no
		WHY_NO_GNU="coreutils' $t not found"
	done
fi
echo "# coreutils: ${GNU_VERSION:-not found}; comparisons: $GNU; python3: ${PY:-none}"

# --- fixtures -----------------------------------------------------------

printf abc >f
: >e
printf 'hello\n' >g
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "%c", (i * 7 + 3) % 256 }' \
    </dev/null >r		# 5000 bytes: 10 blocks of 512, 5 of 1024
printf abc >"a${nl}b"
printf abc >'a b'

# ========================================================================
# Part 1: the links against coreutils 9.1
# ========================================================================

if [ $GNU = no ]; then
	skip_tool "cksum, b2sum, sha224sum, sha384sum, sum agree with coreutils" \
	    "$WHY_NO_GNU"
else

# --- cksum: crc, and sum's two formats ----------------------------------

IN=f; same "cksum < FILE: no name" cksum cksum
IN=f; same "cksum -: named -" cksum cksum -
same "cksum EMPTY" cksum cksum e
same "cksum FILE FILE FILE" cksum cksum f g r
same "cksum NAME-WITH-NEWLINE: not escaped" cksum cksum "a${nl}b"
same "cksum -z FILE FILE" cksum cksum -z f g
same "cksum MISSING FILE" cksum cksum missing f
same "cksum --tag -a crc: still cksum's line" cksum cksum --tag -a crc f
same "cksum --untagged: still cksum's line" cksum cksum --untagged f
same "cksum -a crc EMPTY" cksum cksum -a crc e
for a in sysv bsd; do
	o=-s
	[ $a = bsd ] && o=-r
	IN=r; same "cksum -a $a < FILE = sum $o" "cksum -a $a" "sum $o"
	same "cksum -a $a FILE = sum $o FILE" "cksum -a $a" "sum $o" r
	same "cksum -a $a FILE FILE = sum $o" "cksum -a $a" "sum $o" e r f
	IN=g; same "cksum -a $a - = sum $o -" "cksum -a $a" "sum $o" -
	same "cksum -a $a FILE FILE (coreutils cksum)" cksum cksum -a $a f r
	same "cksum -a $a -c: refused" cksum cksum -a $a -c f
done
same "cksum -a crc -c: refused" cksum cksum -a crc -c f

# --- cksum -a: the digests ----------------------------------------------

for a in md5 sha1 sha224 sha256 sha384 sha512 blake2b sm3; do
	same "cksum -a $a FILE FILE EMPTY" cksum cksum -a $a f g e
	IN=g; same "cksum -a $a < FILE" cksum cksum -a $a
	same "cksum -a $a --untagged" cksum cksum -a $a --untagged f g
	same "cksum -a $a NAME-WITH-NEWLINE: escaped" cksum cksum -a $a \
	    "a${nl}b" 'a b'
	same "cksum -a $a -z NAME-WITH-NEWLINE" cksum cksum -a $a -z "a${nl}b"
	same "cksum -a $a MISSING" cksum cksum -a $a missing f
done
for l in 0 8 256 504 512; do
	same "cksum -a blake2b -l $l" cksum cksum -a blake2b -l $l f g
done
same "cksum -a blake2b -l 256 --untagged" cksum cksum -a blake2b -l 256 \
    --untagged f

# --- cksum: its errors --------------------------------------------------

# (a number past UINTMAX_MAX, and -l with an algorithm that takes none,
# are said in 9.8's words: cli_later.sh)
for l in 7 520 x -8 010 ''; do
	same "cksum -a blake2b -l '$l'" cksum cksum -a blake2b -l "$l" f
done
# coreutils 9.1 lists no crc32b, sha2 or sha3 (part 2 has our whole list)
NEW9="/^  - '\\(crc32b\\|sha2\\|sha3\\)'\$/d"
SAME_SED=$NEW9
same "cksum -a SHA1: names are exact" cksum cksum -a SHA1 f
SAME_SED=$NEW9
same "cksum -a bl: invalid, the list of valid names" cksum cksum -a bl f
same "cksum --ignore-missing without -c" cksum cksum --ignore-missing f

# --- cksum -c -----------------------------------------------------------

: >m.all
for a in md5 sha1 sha224 sha256 sha384 sha512 blake2b sm3; do
	gnu cksum -a $a f g 'a b' "a${nl}b" >>m.all
done
gnu cksum -a blake2b -l 256 f g >>m.all
gnu cksum -a blake2b -l 8 f >>m.all
same "cksum -c on coreutils' manifest of every algorithm" cksum cksum -c m.all
same "cksum -c --quiet" cksum cksum -c --quiet m.all
# (cksum --tag -c: refused since 9.4, see cli_later.sh)
same "cksum --tag --untagged -c" cksum cksum --tag --untagged -c m.all
IN=m.all; same "cksum -c < MANIFEST" cksum cksum -c
{
	gnu cksum -a sha384 f
	gnu cksum -a sha384 --untagged g
	gnu cksum f
	echo 'CRC (f) = 1219131554'
	gnu cksum -a blake2b -l 256 g
	gnu cksum -a md5 --untagged f
	echo 'SHA1(f)= a9993e364706816aba3e25717850c26c9cd0d89d'
	echo 'SM3 (f) = 0000000000000000000000000000000000000000000000000000000000000000'
	gnu cksum -a sm3 missing 2>/dev/null
	printf 'SM3 (missing) = 1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b\n'
	gnu cksum -a sha224 e
} >m.mixed
same "cksum -c -w MIXED: each line, the tag of the last one read in messages" \
    cksum cksum -c -w m.mixed
same "cksum -c --strict MIXED" cksum cksum -c --strict m.mixed
same "cksum -c --status MIXED" cksum cksum -c --status m.mixed
same "cksum -c --ignore-missing MIXED" cksum cksum -c --ignore-missing m.mixed
for a in sha384 md5 blake2b sm3 sha224; do
	same "cksum -a $a -c -w MIXED" cksum cksum -a $a -c -w m.mixed
done
gnu cksum -a sha224 --untagged f g e >m.u224
same "cksum -a sha224 -c UNTAGGED" cksum cksum -a sha224 -c m.u224
same "cksum -c UNTAGGED: no lines without -a" cksum cksum -c -w m.u224
gnu b2sum -l 256 f g >m.b2
gnu b2sum f >>m.b2
gnu b2sum -l 8 e >>m.b2
same "cksum -a blake2b -c UNTAGGED OF EVERY LENGTH" cksum cksum -a blake2b \
    -c m.b2
same "cksum -a blake2b -l 256 -c: -l is no filter" cksum cksum -a blake2b \
    -l 256 -c m.b2

# --- b2sum ------------------------------------------------------------------

same "b2sum FILE FILE EMPTY" b2sum b2sum f g e
IN=g; same "b2sum < FILE" b2sum b2sum
for l in 8 160 256 504 512 0; do
	same "b2sum -l $l" b2sum b2sum -l $l f
	same "b2sum -l $l --tag" b2sum b2sum -l $l --tag f g
done
same "b2sum NAME-WITH-NEWLINE" b2sum b2sum "a${nl}b" 'a b'
same "b2sum --tag NAME-WITH-NEWLINE" b2sum b2sum --tag "a${nl}b"
same "b2sum -z" b2sum b2sum -z "a${nl}b" f
same "b2sum MISSING" b2sum b2sum missing f
same "b2sum --tag -t" b2sum b2sum --tag -t f
same "b2sum -b" b2sum b2sum -b f
for l in 7 520 x -8 010 '' 4294967304; do
	same "b2sum -l '$l'" b2sum b2sum -l "$l" f
done
same "b2sum -a: not an option of b2sum" b2sum b2sum -a md5 f
{
	gnu b2sum -l 256 --tag f
	gnu b2sum --tag g
	gnu b2sum -l 8 e
	gnu b2sum -l 504 "a${nl}b"
	gnu b2sum g
	echo 'BLAKE2b-7 (f) = 00'
	gnu sha256sum f 2>/dev/null || gnu cksum -a sha256 --untagged f
	echo 'MD5 (f) = 900150983cd24fb0d6963f7d28e17f72'
	printf 'ab  f\n'
} >m.b2mixed
same "b2sum -c -w: tagged and untagged lines of any length" b2sum b2sum -c -w \
    m.b2mixed
# In a UTF-8 locale coreutils quotes arguments with U+2018 and U+2019.
if locale -a 2>/dev/null | grep -qix 'c\.utf-\?8'; then
	for c in "b2sum b2sum -l x" "b2sum b2sum -l 520" \
	    "cksum cksum -a blake2b -l 7"; do
		# shellcheck disable=SC2086
		LC_ALL=C.UTF-8 same "LC_ALL=C.UTF-8 ${c#* } f: curly quotes" $c f
	done
fi
same "b2sum -l 256 -c: -l is ignored" b2sum b2sum -l 256 -c m.b2mixed
same "b2sum -c --strict" b2sum b2sum -c --strict m.b2mixed
same "b2sum --tag -c" b2sum b2sum --tag -c m.b2mixed

# --- sha1sum, sha224sum, sha384sum, sha512sum ---------------------------

for t in sha1sum sha224sum sha384sum sha512sum; do
	same "$t FILE FILE EMPTY" $t $t f g e
	IN=g; same "$t < FILE" $t $t
	same "$t --tag NAME-WITH-NEWLINE" $t $t --tag "a${nl}b" f
	same "$t -z" $t $t -z "a${nl}b"
	same "$t MISSING" $t $t missing f
	{
		gnu $t f g "a${nl}b"
		gnu $t --tag e
		echo 'junk'
		gnu cksum -a md5 --untagged f
	} >m.$t
	same "$t -c -w its own output, a bad line, another length" $t $t \
	    -c -w m.$t
	same "$t -a: not one of its options" $t $t -a md5 f
done

fi	# GNU = yes

# ========================================================================
# Part 2: what coreutils 9.1 cannot print, against oracles
# ========================================================================

# expect_py DESC PYEXPR FILE: the last run printed the expression's value
# and a newline, and nothing on stderr, exit status 0.
expect_py()
{
	if [ -z "$PY" ]; then
		skip_tool "$1" "no python3"
		return
	fi
	want_rc 0
	want_out "=$(py "$2" "$3")"
	want_err ''
	verdict "$1"
}

# --- crc32b (coreutils 9.6: cksum -a crc32b) ----------------------------

for x in f e r; do
	run cksum -a crc32b $x
	expect_py "cksum -a crc32b $x = zlib.crc32, size, name (coreutils 9.6)" \
	    '"%d %d '$x'" % (zlib.crc32(d), len(d))' $x
done
IN=r; run cksum -a crc32b
expect_py "cksum -a crc32b < FILE: no name (coreutils 9.6)" \
    '"%d %d" % (zlib.crc32(d), len(d))' r
run mdsum -a crc32b r
expect_py "mdsum -a crc32b: cksum's line" '"%d %d r" % (zlib.crc32(d), len(d))' r
run cksum -a crc32b -c f
expect "cksum -a crc32b -c: refused as crc is" 1 '' \
    "=cksum: --check is not supported with --algorithm={bsd,sysv,crc}"

# --- sha2 and sha3 by length (coreutils 9.8) --------------------------------

for l in 224 256 384 512; do
	run cksum -a sha2 -l $l f
	expect_py "cksum -a sha2 -l $l: SHA$l lines (coreutils 9.8)" \
	    '"SHA'$l' (f) = " + hashlib.sha'$l'(d).hexdigest()' f
	run cksum -a sha3 -l $l g
	expect_py "cksum -a sha3 -l $l: SHA3-$l lines (coreutils 9.8)" \
	    '"SHA3-'$l' (g) = " + hashlib.sha3_'$l'(d).hexdigest()' g
	run mdsum -a sha3 -l $l --untagged g
	expect_py "mdsum -a sha3 -l $l --untagged" \
	    'hashlib.sha3_'$l'(d).hexdigest() + "  g"' g
done
for a in sha2 sha3; do
	run cksum -a $a f
	expect "cksum -a $a without -l (coreutils 9.8's message)" 1 '' \
	    "=cksum: --algorithm=$a requires specifying --length 224, 256, 384, or 512"
	A=$(echo $a | tr '[:lower:]' '[:upper:]')
	for l in 160 216 520; do
		run cksum -a $a -l $l f
		expect "cksum -a $a -l $l (coreutils 9.8's messages)" 1 '' \
		    "=cksum: invalid length: '$l'${nl}cksum: digest length for '$A' must be 224, 256, 384, or 512"
	done
done
run mdsum -a sha2 f
expect "mdsum -a sha2 without -l" 1 '' \
    "=mdsum: --algorithm=sha2 requires specifying --length 224, 256, 384, or 512"
run mdsum -a md5 -l 256 f
expect "mdsum -a md5 -l 256: no length to set" 1 '' \
    "=mdsum: --length is only supported with --algorithm=blake2b, blake3, sha2 or sha3"

# --- mdsum: the new names -----------------------------------------------

for a in sha512-224:sha512_224:SHA512t224 sha512-256:sha512_256:SHA512t256 \
    sha3-224:sha3_224:SHA3-224 sha224:sha224:SHA224 sha384:sha384:SHA384; do
	name=${a%%:*} rest=${a#*:}
	h=${rest%%:*} tag=${rest#*:}
	run mdsum -a $name g
	expect_py "mdsum -a $name: $tag (hashlib)" \
	    '"'$tag' (g) = " + hashlib.new("'$h'", d).hexdigest()' g
done
run mdsum -a blake2b -l 256 f g
expect_py "mdsum -a blake2b -l 256: BLAKE2b-256 tags (hashlib)" \
    '"BLAKE2b-256 (f) = " + hashlib.blake2b(d, digest_size=32).hexdigest() + "\nBLAKE2b-256 (g) = " + hashlib.blake2b(open("g", "rb").read(), digest_size=32).hexdigest()' f
run mdsum -a blake2b,md5 -l 8 f
expect_py "mdsum -a blake2b,md5 -l 8: -l is blake2b's" \
    '"BLAKE2b-8 (f) = " + hashlib.blake2b(d, digest_size=1).hexdigest() + "\nMD5 (f) = " + hashlib.md5(d).hexdigest()' f
run mdsum -a crc,sysv,bsd f
expect "mdsum -a crc,sysv,bsd: cksum's and sum's lines" 0 \
    "=1219131554 3 f${nl}294 1 f${nl}16556     1 f" ''
run mdsum -a crc,sysv,bsd r
expect_py "mdsum -a crc,sysv,bsd: the sums' definitions, blocks rounded up" \
    '"%d %d r\n%d %d r\n%05d %5d r" % (crc(d), len(d), sysv(d), blocks(d, 512), bsd(d), blocks(d, 1024))' r
IN=r; run mdsum -a bsd,crc
expect_py "mdsum -a bsd,crc < FILE: no name, as sum and cksum" \
    '"%05d %5d\n%d %d" % (bsd(d), blocks(d, 1024), crc(d), len(d))' r
run mdsum -a crc -c f
expect "mdsum -a crc -c: refused as cksum refuses it" 1 '' \
    "=mdsum: --check is not supported with --algorithm={bsd,sysv,crc}"

# --- blake3, against b3sum ----------------------------------------------

# b3sum writes untagged lines only; mdsum's -c reads them with -a blake3,
# and b3sum -c reads mdsum's.  Files of 0 to 100,000 bytes: one block, one
# chunk, trees of 5 and 98 chunks.
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%c", (i * 13 + 5) % 256 }' \
    </dev/null >t3
if ! have b3sum; then
	skip_tool "mdsum -a blake3 = b3sum" "b3sum not installed"
else
	run mdsum -a blake3 --untagged e f g r t3
	expect "mdsum -a blake3 --untagged = b3sum" 0 "=$(b3sum e f g r t3)" ''
	run mdsum -a blake3 r
	expect "mdsum -a blake3: BLAKE3 tags" 0 \
	    "=BLAKE3 (r) = $(b3sum --no-names r)" ''
	run mdsum -a blake3 --base64 g
	expect "mdsum -a blake3 --base64" 0 \
	    "=BLAKE3 (g) = $(b3sum --raw g | base64)" ''
	run mdsum -a blake3 --json t3
	expect "mdsum -a blake3 --json" 0 \
	    "={\"file\":\"t3\",\"algorithm\":\"blake3\",\"digest\":\"$(b3sum --no-names t3)\",\"size\":100000}" ''
	b3sum e f g r t3 >m.b3
	run mdsum -a blake3 -c m.b3
	expect "mdsum -a blake3 -c: b3sum's lines" 0 \
	    "=e: OK${nl}f: OK${nl}g: OK${nl}r: OK${nl}t3: OK" ''
	cp m.b3 m.list
	run mdsum -c m.list
	expect "mdsum -c: untagged 64 hex digits stay sha256" 1 \
	    "=e: FAILED${nl}f: FAILED${nl}g: FAILED${nl}r: FAILED${nl}t3: FAILED" \
	    "~did NOT match"
	"$B/mdsum" -a blake3 --untagged e f g r t3 >m.md3
	run b3sum -c m.md3
	expect "b3sum -c: mdsum -a blake3's lines" 0 \
	    "=e: OK${nl}f: OK${nl}g: OK${nl}r: OK${nl}t3: OK" ''
	"$B/mdsum" -a blake3,md5 f t3 >m.tag3
	run mdsum -c m.tag3
	expect "mdsum -c: BLAKE3 tags among others" 0 \
	    "=f: OK${nl}f: OK${nl}t3: OK${nl}t3: OK" ''
	cp m.b3 B3SUMS
	run mdsum -c B3SUMS
	expect "mdsum -c B3SUMS: b3sum's lines by the manifest's name" 0 \
	    "=e: OK${nl}f: OK${nl}g: OK${nl}r: OK${nl}t3: OK" ''

	# -l in bits, b3sum's in bytes: the extended output's prefixes.
	for bits in 8 128 248 264 512; do
		run mdsum -a blake3 -l $bits --untagged e t3
		expect "mdsum -a blake3 -l $bits = b3sum -l $((bits / 8))" 0 \
		    "=$(b3sum -l $((bits / 8)) e t3)" ''
	done
	run mdsum -a blake3 -l 128 t3
	expect "mdsum -a blake3 -l 128: tagged BLAKE3-128" 0 \
	    "=BLAKE3-128 (t3) = $(b3sum -l 16 --no-names t3)" ''
	"$B/mdsum" -a blake3 -l 128 e t3 >m.l3
	run mdsum -c m.l3
	expect "mdsum -c: BLAKE3-128 lines" 0 "=e: OK${nl}t3: OK" ''

	# --keyed: 32 bytes of standard input; --derive-key CONTEXT.
	awk 'BEGIN { for (i = 0; i < 32; i++) printf "%c", 65 + i }' \
	    </dev/null >key3
	IN=key3; run mdsum --keyed --untagged e g t3
	expect "mdsum --keyed = b3sum --keyed" 0 \
	    "=$(b3sum --keyed e g t3 <key3)" ''
	IN=key3; run mdsum -a blake3 -l 336 --keyed --untagged t3
	expect "mdsum -a blake3 -l 336 --keyed = b3sum -l 42 --keyed" 0 \
	    "=$(b3sum -l 42 --keyed t3 <key3)" ''
	run mdsum --derive-key "mdsum 2026-12-02 test context" --untagged f t3
	expect "mdsum --derive-key = b3sum --derive-key" 0 \
	    "=$(b3sum --derive-key "mdsum 2026-12-02 test context" f t3)" ''
	b3sum --keyed e g t3 <key3 >m.k3
	IN=key3; run mdsum -a blake3 --keyed -c m.k3
	expect "mdsum -a blake3 --keyed -c: b3sum --keyed's lines" 0 \
	    "=e: OK${nl}g: OK${nl}t3: OK" ''
	run mdsum -a blake3 -c m.k3
	expect "mdsum -a blake3 -c of keyed lines: no key, no match" 1 \
	    "=e: FAILED${nl}g: FAILED${nl}t3: FAILED" "~did NOT match"
	# the modes that write and read manifests, and archive members
	"$B/mdsum" -a blake3 e >m.u3
	run mdsum -a blake3 --update m.u3 t3
	expect "mdsum -a blake3 --update: a BLAKE3 line added" 0 '' ''
	run mdsum --audit m.u3 e t3
	expect "mdsum --audit of BLAKE3 lines" 0 "=e: ok${nl}t3: ok" \
	    "~audit passed"
	if have tar; then
		tar cf t3.tar e t3
		IN=key3; run mdsum -A --keyed --untagged t3.tar
		expect "mdsum -A --keyed: members = b3sum --keyed" 0 \
		    "=$(b3sum --keyed e t3 <key3)" ''
	else
		skip_tool "mdsum -A --keyed" "no tar"
	fi
	"$B/mdsum" -a blake3,sha256 --derive-key ctx e t3 >m.d3
	run mdsum --derive-key ctx -c m.d3
	expect "mdsum --derive-key -c: BLAKE3 keyed, SHA256 not" 0 \
	    "=e: OK${nl}e: OK${nl}t3: OK${nl}t3: OK" ''
fi
run mdsum -a blake3 -l 520 f
expect "mdsum -a blake3 -l 520: past the rows" 1 '' \
    "=mdsum: invalid length: '520'${nl}mdsum: maximum digest length for 'BLAKE3' is 512 bits"
run mdsum -a sha256 -l 128 f
expect "mdsum -a sha256 -l: refused" 1 '' \
    "=mdsum: --length is only supported with --algorithm=blake2b, blake3, sha2 or sha3"
IN=key3; run mdsum --keyed
expect "mdsum --keyed: the key is standard input, no file named" 1 '' \
    "=mdsum: --keyed reads the key from standard input: name the files${nl}Try 'mdsum --help' for more information."
run mdsum --keyed --derive-key c f
expect "mdsum --keyed --derive-key: one or the other" 1 '' \
    "=mdsum: --keyed and --derive-key are mutually exclusive${nl}Try 'mdsum --help' for more information."
run mdsum -a sha256 --derive-key c f
expect "mdsum -a sha256 --derive-key: BLAKE3 only" 1 '' \
    "=mdsum: --keyed and --derive-key are only supported with --algorithm=blake3${nl}Try 'mdsum --help' for more information."
IN=f; run mdsum --keyed e
expect "mdsum --keyed: a key not of 32 bytes" 1 '' \
    "~expected 32 key bytes on standard input, found"

# --- --raw and --base64 (coreutils 9.2) ---------------------------------

# raw_is DESC PYEXPR FILE: the last run wrote exactly these bytes.
raw_is()
{
	if [ -z "$PY" ]; then
		skip_tool "$1" "no python3"
		return
	fi
	want_rc 0
	want_err ''
	py "$2" "$3" >"$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "bytes differ"
	verdict "$1"
}
run cksum --raw r
raw_is "cksum --raw: the CRC's 4 bytes, big-endian (coreutils 9.2)" \
    'struct.pack(">I", crc(d))' r
run cksum -a crc32b --raw r
raw_is "cksum -a crc32b --raw: big-endian" 'struct.pack(">I", zlib.crc32(d))' r
run cksum -a sysv --raw r
raw_is "cksum -a sysv --raw: 2 bytes (coreutils 9.2)" 'struct.pack(">H", sysv(d))' r
IN=r; run cksum -a bsd --raw
raw_is "cksum -a bsd --raw < FILE: 2 bytes" 'struct.pack(">H", bsd(d))' r
run cksum -a sha384 --raw g
raw_is "cksum -a sha384 --raw: the digest, nothing else" \
    'hashlib.sha384(d).digest()' g
run cksum -a blake2b -l 128 --raw g
raw_is "cksum -a blake2b -l 128 --raw" 'hashlib.blake2b(d, digest_size=16).digest()' g
run mdsum -a sha3-256 --raw g
raw_is "mdsum -a sha3-256 --raw" 'hashlib.sha3_256(d).digest()' g
run cksum --raw f g
expect "cksum --raw FILE FILE: refused (coreutils 9.2's message)" 1 '' \
    "=cksum: the --raw option is not supported with multiple files"
run cksum --raw --base64 f
expect "cksum --raw --base64: refused (coreutils 9.2's message)" 1 '' \
    "=cksum: --base64 and --raw are mutually exclusive${nl}Try 'cksum --help' for more information."
run mdsum --raw -a md5,sha1 f
expect "mdsum --raw with two algorithms: refused" 1 '' '+'
run mdsum --raw -c f
expect "mdsum --raw -c: meaningless" 1 '' \
    "=mdsum: the --raw option is meaningless when verifying checksums${nl}Try 'mdsum --help' for more information."
run cksum -a sha256 --base64 g
expect_py "cksum -a sha256 --base64 (coreutils 9.2)" \
    '"SHA256 (g) = " + base64.b64encode(hashlib.sha256(d).digest()).decode()' g
run cksum --base64 g
expect_py "cksum --base64: crc stays decimal" '"%d %d g" % (crc(d), len(d))' g

# --- check mode: mixed manifests ----------------------------------------

if [ -n "$PY" ]; then
	$PY - g <<'PYEOF' >m.new
import hashlib, sys
d = open(sys.argv[1], "rb").read()
rows = [("SHA224", "sha224"), ("SHA384", "sha384"), ("SHA2-384", "sha384"),
    ("SHA512t224", "sha512_224"), ("SHA512t256", "sha512_256"),
    ("SHA2-512/224", "sha512_224"), ("SHA3-224", "sha3_224"),
    ("SHA3-384", "sha3_384"), ("SHA3-512", "sha3_512")]
for tag, h in rows:
    print("%s (g) = %s" % (tag, hashlib.new(h, d).hexdigest()))
print("BLAKE2b (g) = " + hashlib.blake2b(d).hexdigest())
print("BLAKE2b-256 (g) = " + hashlib.blake2b(d, digest_size=32).hexdigest())
print("BLAKE2b-8 (g) = " + hashlib.blake2b(d, digest_size=1).hexdigest())
print("SHA3-256(g)= " + hashlib.sha3_256(d).hexdigest())
PYEOF
	lines=$(wc -l <m.new)
	run mdsum -c m.new
	want_rc 0
	want_err ''
	if [ "$lines" -ne 13 ] ||
	    [ "$(grep -c '^g: OK$' "$T/out")" -ne "$lines" ]; then
		bad "expected 13 lines g: OK"
	fi
	verdict "mdsum -c: SHA224, SHA384, SHA512t224/256, SHA2-*, SHA3-*, BLAKE2b, BLAKE2b-N lines of one manifest"
	run mdsum -a sha3 -c m.new
	expect "mdsum -a sha3 -c: the SHA3-N lines, the rest improperly formatted" \
	    0 "=g: OK${nl}g: OK${nl}g: OK${nl}g: OK" \
	    "=mdsum: WARNING: 9 lines are improperly formatted"
	$PY -c 'import hashlib, sys
d = open("g", "rb").read()
for n in (32, 64, 1, 20):
    print(hashlib.blake2b(d, digest_size=n).hexdigest() + "  g")' >B2SUMS
	cp B2SUMS list
	run mdsum -c B2SUMS
	expect "mdsum -c B2SUMS: untagged b2sum -l lines, lengths from the digests" \
	    0 "=g: OK${nl}g: OK${nl}g: OK${nl}g: OK" ''
	run mdsum -a blake2b -c list
	expect "mdsum -a blake2b -c: untagged b2sum -l lines" \
	    0 "=g: OK${nl}g: OK${nl}g: OK${nl}g: OK" ''
	run mdsum -c -w list
	want_rc 1
	grep -q '^g: OK$' "$T/out" && bad "a blake2b line was read without -a or a name"
	verdict "mdsum -c: untagged BLAKE2b lines need -a or a manifest name"
	$PY -c 'import hashlib
d = open("g", "rb").read()
for n in (224, 256, 384, 512):
    print(hashlib.new("sha3_%d" % n, d).hexdigest() + "  g")' >SHA3SUMS
	run mdsum -c SHA3SUMS
	expect "mdsum -c SHA3SUMS: untagged SHA3 lines of every length" \
	    0 "=g: OK${nl}g: OK${nl}g: OK${nl}g: OK" ''
else
	skip_tool "mdsum -c: mixed manifests of the new algorithms" \
	    "no python3"
fi
echo 'SM3 (f) = 66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0' >m.sm3
echo 'SM3 (f) = 66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e1' >>m.sm3
run mdsum -c m.sm3
expect "mdsum -c: SM3 lines (GB/T 32905 example 1)" 1 "=f: OK${nl}f: FAILED" \
    "=mdsum: WARNING: 1 computed checksum did NOT match"
echo 'CRC (f) = 1219131554' >m.crc
run mdsum -c -w m.crc
expect "mdsum -c: a CRC tag is no checksum line" 1 '' \
    "=mdsum: m.crc: 1: improperly formatted checksum line${nl}mdsum: m.crc: no properly formatted checksum lines found"

printf '48aa78a2  f\n' >sums.crc
run mdsum -c sums.crc
expect "mdsum -c x.crc: the CRCs have no untagged check lines either" 1 '' \
    "=mdsum: sums.crc: no properly formatted checksum lines found"

# --- the space between a tag and its name, as 9.1 reads it -------------------

# cksum and b2sum take a tab or a space after a tag without a length,
# then one more space; after a length (BLAKE2b-256) one space at most;
# sha256sum one space at most.  Compared with coreutils 9.1, as in Part 1.
if [ $GNU = no ]; then
	skip_tool "-c: the space after a tag, as coreutils reads it" \
	    "$WHY_NO_GNU"
else
	S256=$(sha256sum <f | cut -d' ' -f1)
	B512=$(b2sum <f | cut -d' ' -f1)
	B256=$(b2sum -l 256 <f | cut -d' ' -f1)
	IN=/dev/null
	for sep in '' ' ' '	' '  ' '	 ' ' 	' '		' '   '; do
		printf 'SHA256%s(f) = %s\n' "$sep" "$S256" >tagsep
		printf 'BLAKE2b%s(f) = %s\n' "$sep" "$B512" >tagsep.b2
		printf 'BLAKE2b-256%s(f) = %s\n' "$sep" "$B256" >tagsep.b256
		shown=$(printf '%s' "$sep" | sed -e 's/ /_/g' -e 's/	/\\t/g')
		same "cksum -c, SHA256[$shown](f)" cksum cksum -c tagsep
		same "cksum -a sha256 -c, SHA256[$shown](f)" "cksum -a sha256" \
		    "cksum -a sha256" -c tagsep
		same "sha256sum -c, SHA256[$shown](f)" sha256sum sha256sum -c tagsep
		same "cksum -c, BLAKE2b[$shown](f)" cksum cksum -c tagsep.b2
		same "b2sum -c, BLAKE2b[$shown](f)" b2sum b2sum -c tagsep.b2
		same "cksum -c, BLAKE2b-256[$shown](f)" cksum cksum -c tagsep.b256
		same "b2sum -c, BLAKE2b-256[$shown](f)" b2sum b2sum -c tagsep.b256
	done
fi

# --- the rest: lists, help, debug -------------------------------------------

run mdsum --list
for a in sm3 blake2b blake3 crc crc32b sysv bsd sha224 sha384 sha512-224 \
    sha3-384; do
	awk '/^algorithms:/ { on = 1; next } on && /^$/ { exit } on' \
	    "$T/out" | grep -qx -e "$a" || bad "--list lacks $a"
done
verdict "mdsum --list: the new algorithms"
run mdsum --help
for o in --length --raw; do
	grep -q -e "$o" "$T/out" || bad "--help lacks $o"
done
verdict "mdsum --help: -l/--length and --raw"
run cksum --help
for a in crc32b sha2 sha3 blake2b sm3 --raw --base64 --length; do
	grep -q -e " $a" "$T/out" || bad "cksum --help lacks $a"
done
verdict "cksum --help: its algorithms and options"
run b2sum --help
expect "b2sum --help: -l" 0 '~--length=BITS' ''
run mdsum --bench -a blake2b,crc32b,sm3 -l 256 --size=256
want_rc 0
for a in blake2b-256 crc32b sm3; do
	grep -q "^$a " "$T/out" || bad "no $a row"
done
verdict "mdsum --bench -a blake2b,crc32b,sm3 -l 256"
run cksum --debug f
expect "cksum --debug: the line, and how crc was computed on stderr" 0 \
    '=1219131554 3 f' '~cksum: f: crc on the'

summary
