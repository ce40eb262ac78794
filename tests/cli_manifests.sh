#!/bin/sh
# cli_manifests.sh: mdsum -c on the manifests other tools write, and
# --files0-from; black-box, with those tools as the oracles.
#
# usage: sh tests/cli_manifests.sh BINDIR
#
# Manifests are written by coreutils (sha256sum, ..., md5sum), perl's
# shasum, openssl dgst and rhash (tests that need one it skips, visibly,
# when it is not installed) in the directory good/, and checked there
# (every line OK) and in bad/, where f differs (f FAILED, exit 1).  An
# untagged line's algorithm, with neither -a nor a telling manifest name,
# is the SHA-2, SHA-1 or MD5 of its digest's length; a list of another
# algorithm of that length fails, with a hint that names -a.  The
# coreutils names keep coreutils 9.1's reading.  --files0-from is held to
# GNU wc's messages and to the output of the same names as operands.
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.

# shellcheck disable=SC2086
# (unquoted words are option lists and tool commands, by construction)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
needs mdsum
M=$B/mdsum
plain_env POSIXLY_CORRECT
tmpdir cli_manifests
cd "$T" || exit 2

CMD_WIDTH=300

diagnose()
{
	diagnose_run
}

# run DIR PROGRAM [ARG...]: runs PROGRAM in DIR, stdin from $IN, stdout
# to $T/out, stderr to $T/err; sets rc.
run()
{
	why=
	rm -f "$T/out" "$T/err" "$T/out.want" "$T/err.want"
	_d=$1
	shift
	quote "$@"
	cmd="(in $_d) $cmd"
	(cd "$_d" && exec "$@") <"$IN" >"$T/out" 2>"$T/err"
	rc=$?
}

# The files: f and "s p" in good/ and bad/ alike but for f's content.
mkdir good bad
printf abc >good/f
printf abX >bad/f
for d in good bad; do
	printf 'hello\n' >"$d/s p"
done

# mustfail: the line that bad/f's FAILED makes on stderr.
MISMATCH="=mdsum: WARNING: 1 computed checksum did NOT match"

# both DESC MANIFEST [ARG...]: mdsum [ARG...] -c MANIFEST in good/ (all
# OK, exit 0, nothing on stderr) and in bad/ (f FAILED, exit 1).
both()
{
	_desc=$1
	_m=$2
	shift 2
	run good "$M" "$@" -c "$T/$_m"
	expect "$_desc: OK" 0 "=f: OK${nl}s p: OK" ''
	run bad "$M" "$@" -c "$T/$_m"
	expect "$_desc: FAILED when the file changed" 1 \
	    "=f: FAILED${nl}s p: OK" "$MISMATCH"
}

# make_manifest FILE COMMAND...: COMMAND f "s p" run in good/, to FILE.
make_manifest()
{
	_out=$1
	shift
	(cd good && "$@" f 's p') >"$T/$_out" 2>/dev/null
}

# --- untagged lines: the digest's length picks the algorithm --------------

make_manifest S "$M" --untagged
both "mdsum --untagged > S; mdsum -c S" S
for a in sha256 sha512 sha384 sha224 sha1 md5; do
	if ! have ${a}sum; then
		skip_tool "${a}sum output, mdsum -c" "no ${a}sum"
		continue
	fi
	make_manifest u.$a ${a}sum
	both "${a}sum output; mdsum -c (digest length)" u.$a
	IN=$T/u.$a
	run good "$M" -c
	expect "${a}sum | mdsum -c: OK" 0 "=f: OK${nl}s p: OK" ''
	IN=$T/u.$a
	run bad "$M" -c
	expect "${a}sum | mdsum -c: FAILED when the file changed" 1 \
	    "=f: FAILED${nl}s p: OK" "$MISMATCH"
done
# base64 digests have their own lengths (sha1's hex is sha224's base64
# length, sha256's hex sha384's): each reads as its own.
for a in sha256 sha512 sha384 sha224 sha1 md5; do
	make_manifest b.$a "$M" --untagged --base64 -a $a
	both "mdsum --untagged --base64 -a $a output; mdsum -c" b.$a
done

# --- base64 untagged lines of the families' lengths ---------------------
#
# A list whose name gives a family (B2SUMS, SHA3SUMS) or an algorithm
# (SHA512-224SUMS), or -a, tells the algorithm of an untagged base64
# line by its length: 88 characters are BLAKE2b-512 in B2SUMS, 44 are
# BLAKE2b-256, 4 ("aw==") BLAKE2b-8; in SHA3SUMS 40, 44, 64 and 88 are
# SHA3-224 to SHA3-512.  Each list is written by mdsum --base64
# --untagged, held to python3's hashlib where it has the algorithm, and
# read back: OK, FAILED when the file changed, FAILED for a digest with
# its first character changed.

# corrupt LIST: LIST with the first character of its first line (the
# digest of f) changed, as changed/LIST (the same name: it may tell the
# algorithm).
corrupt()
{
	mkdir -p "$T/changed/$(dirname "$1")"
	sed '1{s/^A/B/;t
s/^./A/;}' "$T/$1" >"$T/changed/$1"
}

# b64_case DESC LIST [ARG...]: the checks of the list LIST (under $T),
# mdsum [ARG...] -c reading it.
b64_case()
{
	_desc=$1
	_l=$2
	shift 2
	both "$_desc" "$_l" "$@"
	corrupt "$_l"
	run good "$M" "$@" -c "$T/changed/$_l"
	expect "$_desc: FAILED for a changed digest" 1 \
	    "=f: FAILED${nl}s p: OK" "$MISMATCH"
}

# hashlib_says DESC LIST EXPR: LIST is what python3 writes for f and
# "s p" in good/ with the base64 of EXPR's digest, EXPR a hashlib object
# made of the bytes d.
hashlib_says()
{
	why=
	rm -f "$T/out" "$T/err" "$T/out.want" "$T/err.want"
	cmd="python3 -c <hashlib: $3>"
	if ! have python3; then
		skip_tool "$1" "no python3"
		return
	fi
	if ! (cd good && python3 -c 'import base64, hashlib, sys
for n in sys.argv[2:]:
    d = open(n, "rb").read()
    h = eval(sys.argv[1])
    print(base64.b64encode(h.digest()).decode() + "  " + n)' "$3" f 's p') \
	    >"$T/out.want" 2>"$T/err"; then
		skip_tool "$1" "python3's hashlib has no $3"
		return
	fi
	cp "$T/$2" "$T/out"
	cmp -s "$T/out.want" "$T/out" || bad "not the lines python3 writes"
	verdict "$1"
}

: >"$T/B2SUMS"
for l in 512 256 384 160 8; do
	mkdir "b2.$l"
	make_manifest "b2.$l/B2SUMS" "$M" --base64 --untagged -a blake2b -l $l
	cat "b2.$l/B2SUMS" >>B2SUMS
	hashlib_says "mdsum --base64 --untagged -a blake2b -l $l: hashlib's" \
	    "b2.$l/B2SUMS" "hashlib.blake2b(d, digest_size=$((l / 8)))"
	b64_case "base64 BLAKE2b-$l lines in B2SUMS ($(awk '{ print length($1); exit }' "b2.$l/B2SUMS") characters); mdsum -c" \
	    "b2.$l/B2SUMS"
done
run good "$M" -c "$T/B2SUMS"
expect "base64 BLAKE2b-512, -256, -384, -160 and -8 lines in one B2SUMS; mdsum -c" \
    0 "=$(printf 'f: OK\ns p: OK\n%.0s' 1 2 3 4 5)" ''

: >"$T/SHA3SUMS"
for l in 224 256 384 512; do
	mkdir "sha3.$l"
	make_manifest "sha3.$l/SHA3SUMS" "$M" --base64 --untagged -a sha3-$l
	cat "sha3.$l/SHA3SUMS" >>SHA3SUMS
	cp "sha3.$l/SHA3SUMS" "l.sha3-$l.txt"
	hashlib_says "mdsum --base64 --untagged -a sha3-$l: hashlib's" \
	    "sha3.$l/SHA3SUMS" "hashlib.sha3_$l(d)"
	b64_case "base64 SHA3-$l lines in SHA3SUMS; mdsum -c" \
	    "sha3.$l/SHA3SUMS"
	b64_case "base64 SHA3-$l lines in LIST; mdsum -a sha3-$l -c" \
	    "l.sha3-$l.txt" -a sha3-$l
done
cp SHA3SUMS l.sha3.txt
for how in "SHA3SUMS" "l.sha3.txt -a sha3"; do
	set -- $how
	_l=$1
	shift
	run good "$M" "$@" -c "$T/$_l"
	expect "base64 SHA3-224, -256, -384 and -512 lines in one list; mdsum${1:+ }$* -c $_l" \
	    0 "=$(printf 'f: OK\ns p: OK\n%.0s' 1 2 3 4)" ''
done
set --

for a in sha512-224 sha512-256; do
	A=$(echo $a | tr '[:lower:]' '[:upper:]')
	mkdir "$a"
	make_manifest "$a/${A}SUMS" "$M" --base64 --untagged -a $a
	cp "$a/${A}SUMS" "l.$a.txt"
	hashlib_says "mdsum --base64 --untagged -a $a: hashlib's" \
	    "$a/${A}SUMS" "hashlib.new('${a%-*}_${a#*-}', d)"
	b64_case "base64 $A lines in ${A}SUMS; mdsum -c" "$a/${A}SUMS"
	b64_case "base64 $A lines in LIST; mdsum -a $a -c" "l.$a.txt" -a $a
done

if have shasum; then
	for a in 1 224 256 384 512; do
		make_manifest sh.$a shasum -a $a
		both "shasum -a $a output; mdsum -c" sh.$a
	done
	make_manifest shb.256 shasum -b -a 256
	if grep -q ' \*f$' shb.256; then
		both "shasum -b -a 256 output ('*' marker); mdsum -c" shb.256
	else
		skip "shasum -b -a 256 output ('*' marker); mdsum -c" \
		    "this shasum -b wrote no '*' marker"
	fi
	make_manifest sht.256 shasum --tag -a 256
	both "shasum --tag -a 256 output; mdsum -c" sht.256
	# 64 digits of SHA-512/256 read as sha256 fail; -a says which.
	make_manifest sh.512256 shasum -a 512256
	both "shasum -a 512256 output; mdsum -a sha512-256 -c" sh.512256 \
	    -a sha512-256
else
	skip_tool "shasum output, mdsum -c" "no shasum"
fi

if have openssl; then
	for a in sha256 sha512 sha384 sha224 sha1 md5; do
		make_manifest or.$a openssl dgst -r -$a
		both "openssl dgst -r -$a output (digest *file); mdsum -c" or.$a
	done
else
	skip_tool "openssl dgst -r output, mdsum -c" "no openssl"
fi

if have rhash; then
	for a in sha256 sha512 sha384 sha224 sha1 md5; do
		make_manifest rh.$a rhash --$a
		both "rhash --$a output; mdsum -c" rh.$a
	done
	make_manifest rh64.sha256 rhash --sha256 --base64
	both "rhash --sha256 --base64 output; mdsum -c" rh64.sha256
else
	skip_tool "rhash output, mdsum -c" "no rhash"
fi

# --- the hint: every line whose length chose its algorithm failed ---------

HINT="mdsum: hint: every untagged checksum failed as sha256, chosen by its length; if they are of another algorithm of that length, name it with -a (see --list)"
# sha3-256 digests, from python3's hashlib
if have python3; then
	(cd good && python3 -c 'import hashlib, sys
for n in sys.argv[1:]:
    print(hashlib.sha3_256(open(n, "rb").read()).hexdigest() + "  " + n)' \
	    f 's p') >sha3.list
	run good "$M" -c "$T/sha3.list"
	expect "mdsum -c SHA3-256-LIST: FAILED as sha256, one hint naming -a, exit 1" \
	    1 "=f: FAILED${nl}s p: FAILED" \
	    "=mdsum: WARNING: 2 computed checksums did NOT match${nl}$HINT"
	IN=$T/sha3.list
	run good "$M" -c - "$T/sha3.list"
	want_rc 1
	want_err "~$HINT"
	[ "$(grep -c hint: "$T/err")" = 1 ] || bad "not one hint"
	verdict "mdsum -c - SHA3-256-LIST (twice): the hint once, after the run"
	run good "$M" -c --status "$T/sha3.list"
	expect "mdsum -c --status SHA3-256-LIST: no hint, exit 1" 1 '' ''
	run good "$M" -a sha3-256 -c "$T/sha3.list"
	expect "mdsum -a sha3-256 -c SHA3-256-LIST: OK" 0 \
	    "=f: OK${nl}s p: OK" ''
	run bad "$M" -a sha3-256 -c "$T/sha3.list"
	expect "mdsum -a sha3-256 -c SHA3-256-LIST: FAILED when the file changed" \
	    1 "=f: FAILED${nl}s p: OK" "$MISMATCH"
	# one line verified: the length was right for it, no hint
	sed -n 1p sha3.list >mixed.list
	sed -n 2p u.sha256 >>mixed.list
	run good "$M" -c "$T/mixed.list"
	expect "mdsum -c (a sha3-256 line, a sha256 line): no hint" 1 \
	    "=f: FAILED${nl}s p: OK" "$MISMATCH"
else
	skip_tool "mdsum -c SHA3-256-LIST: hint" "no python3"
fi

# --- tagged lines of openssl dgst and rhash --bsd ---------------------------

if have openssl; then
	for a in sha256 sha512 sha384 sha224 sha512-256 sha512-224 sha3-224 \
	    sha3-256 sha3-384 sha3-512 blake2b512 md5 sha1 sm3 keccak-256; do
		if ! openssl dgst -$a </dev/null >/dev/null 2>&1; then
			skip "openssl dgst -$a output; mdsum -c" \
			    "this openssl has no $a"
			continue
		fi
		make_manifest o.$a openssl dgst -$a
		both "openssl dgst -$a output ($(cut -d'(' -f1 o.$a | sed 1q)(f)= ...); mdsum -c" o.$a
	done
fi
# OpenSSL 3.2 and later write Keccak-256 as KECCAK-256(f)= (3.0 has none):
# the digest of "abc" is a published value.
printf 'KECCAK-256(f)= 4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45\nSHA2-256(s p)= %s\n' \
    "$(cut -d' ' -f1 u.sha256 2>/dev/null | sed -n 2p)" >o.keccak
both "KECCAK-256(f)= ... as OpenSSL 3.2 writes it; mdsum -c" o.keccak

if have rhash; then
	for a in md5 sha1 sha224 sha256 sha384 sha512 sha3-224 sha3-256 \
	    sha3-384 sha3-512 blake2b; do
		make_manifest rb.$a rhash --bsd --$a
		both "rhash --bsd --$a output ($(cut -d'(' -f1 rb.$a | sed 1q)(f) = ...); mdsum -c" \
		    rb.$a
	done
	make_manifest rb.all rhash --bsd --md5 --sha1 --sha256
	run good "$M" -c "$T/rb.all"
	expect "rhash --bsd --md5 --sha1 --sha256 output; mdsum -c" 0 \
	    "=f: OK${nl}f: OK${nl}f: OK${nl}s p: OK${nl}s p: OK${nl}s p: OK" ''
else
	skip_tool "rhash --bsd output, mdsum -c" "no rhash"
fi
# rhash pads short tags with spaces; its documented format, by hand
printf 'MD5   (f) = 900150983cd24fb0d6963f7d28e17f72\nSHA1  (s p) = f572d396fae9206628714fb2ce00f72e94f2258f\n' \
    >pad.list
both "padded tags (MD5   (f) = ..., SHA1  (f) = ...); mdsum -c" pad.list

# --- the coreutils names keep coreutils 9.1's reading --------------------

# same DESC NAME MANIFEST: our NAME -c MANIFEST and coreutils' print the
# same, with the same exit status, in good/.
same()
{
	if ! have "$2"; then
		skip_tool "$1" "no coreutils $2"
		return
	fi
	(cd good && "$B/$2" -c "$T/$3") >"$T/o.out" 2>"$T/o.err"
	_orc=$?
	(cd good && "$2" -c "$T/$3") >"$T/g.out" 2>"$T/g.err"
	_grc=$?
	why=
	quote "$2" -c "$3"
	# shown as what the run wrote and what was expected of it
	mv "$T/o.out" "$T/out"
	mv "$T/o.err" "$T/err"
	mv "$T/g.out" "$T/out.want"
	mv "$T/g.err" "$T/err.want"
	[ $_orc -eq $_grc ] || bad "exit status $_orc, coreutils $_grc"
	cmp -s "$T/out" "$T/out.want" || bad "stdout differs from coreutils'"
	cmp -s "$T/err" "$T/err.want" || bad "stderr differs from coreutils'"
	verdict "$1"
}
same "md5sum -c on a padded tag: as coreutils (not read)" md5sum pad.list
same "sha1sum -c on a padded tag: as coreutils (not read)" sha1sum pad.list
same "sha256sum -c on openssl's SHA2-256(f)= lines: as coreutils" sha256sum \
    o.sha256
[ -f "$T/sha3.list" ] &&
    same "sha256sum -c SHA3-256-LIST: as coreutils (FAILED, no hint)" \
    sha256sum sha3.list
[ -f "$T/u.md5" ] &&
    same "cksum -c on md5sum output (untagged): as coreutils (not read)" \
    cksum u.md5

# --- --files0-from ----------------------------------------------------------

mkdir w
cd w || exit 2
printf abc >f
printf 'hello\n' >'s p'
printf 'new\nline' >"n${nl}l"
mkdir -p d/sub
printf x >d/sub/x
printf y >d/y

# wcsays ARG...: wc's stderr for ARG... (stdin as given), its program
# name made mdsum's, into $T/err.want (after run, which removes it).
wcsays()
{
	wc "$@" 2>&1 >/dev/null | sed 's/^wc: /mdsum: /;
	    s/'"'"'wc --help'"'"'/'"'"'mdsum --help'"'"'/' >"$T/err.want"
}

# want_wc: stderr is what wcsays wrote.
want_wc()
{
	cmp -s "$T/err.want" "$T/err" || bad "stderr is not wc's"
}

"$M" f 's p' "n${nl}l" >"$T/ops.out"
printf 'f\0s p\0n\nl\0' >"$T/list0"
run . "$M" --files0-from="$T/list0"
want_rc 0
cmp -s "$T/out" "$T/ops.out" || bad "not the output of the names as operands"
want_err ''
verdict "mdsum --files0-from=F: as with the names as operands"
IN=$T/list0
run . "$M" --files0-from=-
want_rc 0
cmp -s "$T/out" "$T/ops.out" || bad "not the output of the names as operands"
want_err ''
verdict "mdsum --files0-from=- < LIST: as with the names as operands"
# the last name needs no NUL after it
printf 'f\0s p' >"$T/list0n"
run . "$M" --files0-from="$T/list0n"
expect "mdsum --files0-from=F, no NUL after the last name" 0 \
    "$(printf '=%s' "$("$M" f 's p')")" ''

find . -type f -print0 >"$T/found0"
IN=$T/found0
run . "$M" --files0-from=-
cp "$T/out" "$T/found.sums"
run . "$M" -c "$T/found.sums"
want_rc 0
[ "$(grep -c ': OK$' "$T/out")" -eq "$(tr -cd '\0' <"$T/found0" | wc -c)" ] ||
    bad "not every file OK"
verdict "find -print0 | mdsum --files0-from=- > M; mdsum -c M"
IN=$T/found0
run . "$M" --untagged --files0-from=-
cp "$T/out" "$T/found.untagged"
run . "$M" -c "$T/found.untagged"
want_rc 0
[ "$(grep -c ': OK$' "$T/out")" -eq "$(tr -cd '\0' <"$T/found0" | wc -c)" ] ||
    bad "not every file OK"
verdict "find -print0 | mdsum --untagged --files0-from=- > M; mdsum -c M"

printf 'd\0f\0' >"$T/listd"
"$M" -R d f >"$T/R.out"
for j in 1 4; do
	run . "$M" -R -j $j --files0-from="$T/listd"
	want_rc 0
	cmp -s "$T/out" "$T/R.out" || bad "not the output of -R d f"
	verdict "mdsum -R -j $j --files0-from=F: directories in the list walked"
done
"$M" --json -a md5,sha1 f 's p' >"$T/json.out"
printf 'f\0s p\0' >"$T/list2"
run . "$M" --json -a md5,sha1 --files0-from="$T/list2"
want_rc 0
cmp -s "$T/out" "$T/json.out" || bad "not the output of the operands"
verdict "mdsum --json -a md5,sha1 --files0-from=F"
run . "$M" --files0-from="$T/listd"
expect "mdsum --files0-from=F naming a directory, no -R: reported, exit 1" 1 \
    "$(printf '=%s' "$("$M" f)")" "=mdsum: d: Is a directory"

# many names, read as hashing goes: a name is opened before the list ends
i=0
while [ $i -lt 3000 ]; do
	printf 'f\0'
	i=$((i + 1))
done >"$T/many0"
run . "$M" --files0-from="$T/many0"
want_rc 0
[ "$(wc -l <"$T/out")" -eq 3000 ] || bad "not 3000 lines"
verdict "mdsum --files0-from=F with 3000 names"
# shellcheck disable=SC2016 # (the name expands in the writer's shell)
if have timeout && have mkfifo; then
	mkfifo "$T/listfifo" "$T/datafifo"
	why=
	rm -f "$T/out" "$T/err" "$T/out.want" "$T/err.want"
	cmd="mdsum --files0-from=FIFO, the list still open"
	# (timeout: no failure may hang the script)
	(timeout 60 "$M" --files0-from="$T/listfifo" >"$T/out" \
	    2>"$T/err") &
	pid=$!
	# read and write: opening it does not wait for mdsum
	exec 3<>"$T/listfifo"
	printf '%s\0' "$T/datafifo" >&3
	# opening the FIFO for writing waits for mdsum to open it to read
	if ! timeout 20 sh -c 'printf abc >"$1"' sh "$T/datafifo" 3>&-; then
		bad "the first name was not opened while the list was open"
		# (not holding the list open: mdsum is to see its end)
		timeout 20 sh -c 'printf abc >"$1"' sh "$T/datafifo" 3>&- &
	fi
	exec 3>&-
	wait $pid || bad "mdsum failed"
	want_out "=SHA256 ($T/datafifo) = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	want_err ''
	verdict "mdsum --files0-from=FIFO: a name is hashed before the list ends"
else
	skip_tool "mdsum --files0-from=FIFO: streamed" "no timeout or mkfifo"
fi

# Each name's line comes before the next name is written, whoever writes
# the list waiting for it: at -j1 and -j2, and on one CPU (the default -j
# is then 1), though the lanes would take 32 names.  A failure costs the
# waits, never a hang: closing the list ends mdsum.
# wait_lines N: 0 once $T/out has N lines, 1 after 10 seconds.
wait_lines()
{
	i=0
	while [ "$(wc -l <"$T/out")" -lt "$1" ]; do
		[ $i -ge 100 ] && return 1
		sleep 0.1
		i=$((i + 1))
	done
	return 0
}
"$M" f 's p' >"$T/stream.want"
for how in -j1 -j2 "taskset -c 0" "taskset -c 0 -j2"; do
	pin=
	j=$how
	case $how in
	taskset*)
		pin="taskset -c 0"
		j=${how#taskset -c 0}
		j=${j# }
		;;
	esac
	cmd="${pin:+$pin }mdsum${j:+ }$j --files0-from=FIFO, a name at a time"
	desc="mdsum --files0-from=FIFO, $how: each line before the next name"
	if ! have timeout || ! have mkfifo; then
		skip_tool "$desc" "no timeout or mkfifo"
		continue
	elif [ -n "$pin" ] && ! $pin true 2>/dev/null; then
		skip "$desc" "cannot run on CPU 0 alone"
		continue
	fi
	rm -f "$T/streamfifo" "$T/out" "$T/err" "$T/out.want" "$T/err.want"
	mkfifo "$T/streamfifo"
	cp "$T/stream.want" "$T/out.want"
	: >"$T/out"
	(timeout 60 $pin "$M" $j --files0-from="$T/streamfifo" >"$T/out" \
	    2>"$T/err") &
	pid=$!
	exec 3<>"$T/streamfifo"
	why=
	printf 'f\0' >&3
	if wait_lines 1; then
		printf 's p\0' >&3
		wait_lines 2 || bad "no line for the second name, the list open"
	else
		bad "no line for the first name, the list open"
	fi
	exec 3>&-
	wait $pid || bad "mdsum failed"
	cmp -s "$T/out" "$T/out.want" ||
	    bad "not the lines of the names as operands"
	verdict "$desc"
done

# GNU wc's messages, to the letter
printf 'f\0\0s p\0\0' >"$T/zero0"
run . "$M" --files0-from="$T/zero0"
want_rc 1
want_out "$(printf '=%s' "$("$M" f 's p')")"
wcsays --files0-from="$T/zero0"
want_wc
verdict "mdsum --files0-from=F with empty names: wc's message for each, the others hashed"
IN=$T/zero0
run . "$M" --files0-from=-
want_rc 1
wcsays --files0-from=- <"$T/zero0"
want_wc
verdict "mdsum --files0-from=- with empty names: '-:N:' as wc says it"
printf 'f\0-\0s p\0' >"$T/dash0"
IN=$T/dash0
run . "$M" --files0-from=-
want_rc 1
want_out "$(printf '=%s' "$("$M" f 's p')")"
wcsays --files0-from=- <"$T/dash0"
want_wc
verdict "mdsum --files0-from=- listing '-': refused as wc does, the others hashed"
run . "$M" --files0-from="$T/dash0"
expect "mdsum --files0-from=F listing '-': standard input" 0 \
    "$(printf '=%s' "$("$M" f - 's p' </dev/null)")" ''
run . "$M" --files0-from=nosuch
want_rc 1
want_out ''
wcsays --files0-from=nosuch
want_wc
verdict "mdsum --files0-from=NOSUCH: wc's message, exit 1"
run . "$M" --files0-from='no such'
want_rc 1
wcsays --files0-from='no such'
want_wc
verdict "mdsum --files0-from='NO SUCH': wc's message, exit 1"
run . "$M" --files0-from=d
want_rc 1
wcsays --files0-from=d
want_wc
verdict "mdsum --files0-from=DIRECTORY: wc's read error"
run . "$M" --files0-from="$T/list2" f
want_rc 1
want_out ''
wcsays --files0-from="$T/list2" f
want_wc
verdict "mdsum --files0-from=F FILE: wc's extra operand message"
run . "$M" --files0-from="$T/list2" 's p' f
want_rc 1
wcsays --files0-from="$T/list2" 's p' f
want_wc
verdict "mdsum --files0-from=F 'S P' FILE: the first operand named, quoted as wc does"
printf '' >"$T/empty0"
run . "$M" --files0-from="$T/empty0"
expect "mdsum --files0-from=EMPTY: nothing, exit 0 (not standard input)" 0 \
    '' ''
run . "$M" -c --files0-from="$T/list2"
expect "mdsum -c --files0-from=F: usage error" 1 '' \
    "=mdsum: --files0-from does not go with --check, --checklist, --expect, --archive or --raw${nl}Try 'mdsum --help' for more information."
# the coreutils names have no such option, as coreutils' own
if have md5sum; then
	run . "$B/md5sum" --files0-from="$T/list2"
	md5sum --files0-from="$T/list2" >/dev/null 2>"$T/g.err"
	grc=$?
	want_rc $grc
	cmp -s "$T/g.err" "$T/err" || bad "stderr differs from coreutils'"
	verdict "md5sum --files0-from=F: unrecognized, as coreutils' md5sum"
fi

summary
