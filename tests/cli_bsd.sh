#!/bin/sh
# cli_bsd.sh: black-box tests of the BSD-style tools md5, sha256, sha512h
# and keccak256, run through the links the build makes.
#
# usage: sh tests/cli_bsd.sh BINDIR
# (TAP_PART=tty: the tests of names on a terminal alone, see tap.sh)
#
# BINDIR holds the built links md5, sha256, sha512h and keccak256.  Output
# is TAP: "ok N - what", "not ok N - what" followed by "#" lines saying why,
# "ok N - what # SKIP why".  The last line is the summary
# "N passed, N failed" (", N skipped" follows when tests were skipped); the
# exit status is 1 if any test failed.
#
# The time trial hashes 1 GB per backend, so it runs once, as "md5 -t";
# set MDSUM_SLOW_TESTS=1 to also run the long spelling --time-trial.
# Inputs of failed agreement tests are kept as $TMPDIR/cli_bsd-fail.*.

# shellcheck disable=SC1003,SC2034,SC2046,SC2086
# (digests live in variables read through eval; unquoted words are tool
# and file names without spaces, by construction)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
TOOLS="md5 sha256 sha512h keccak256"
needs $TOOLS

# Messages such as "No such file or directory" depend on the locale, and
# the user's own backend choice must not leak into the tests.
plain_env

tmpdir cli_bsd
cd "$T" || exit 2
KEEP=${TMPDIR:-/tmp}/cli_bsd-fail

# --- known answers ------------------------------------------------------

TAG_md5=MD5
TAG_sha256=SHA256
TAG_sha512h=SHA512H
TAG_keccak256=KECCAK256

# e: the empty message; abc: "abc"; ma: one million 'a'.
H_md5_e=d41d8cd98f00b204e9800998ecf8427e
H_md5_abc=900150983cd24fb0d6963f7d28e17f72
H_md5_ma=7707d6ae4e027c70eea2a935c2296f21
H_sha256_e=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
H_sha256_abc=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
H_sha256_ma=cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0
H_sha512h_e=cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce
H_sha512h_abc=ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a
H_sha512h_ma=e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb
H_keccak256_e=c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470
H_keccak256_abc=4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45
H_keccak256_ma=fadae6b49f129bbb812be8407b7b2894f34aecf6dbd1f9b0f0c7e9853098fc96

# Sets TAG, HE, HABC and HMA for tool $1.
known()
{
	eval "TAG=\$TAG_$1 HE=\$H_$1_e HABC=\$H_$1_abc HMA=\$H_$1_ma"
}

USAGE_OPTS='[-bpqrtx] [-c string] [-s string] [file ...]'

# --- reporting ----------------------------------------------------------

# diagnose: after "not ok", the command, why, and what the run printed.
diagnose()
{
	diagnose_run
}

# run TOOL [ARG...]: runs BINDIR/TOOL, stdout to ./out, stderr to ./err
# (the work directory is T); sets rc.  Redirect the call's stdin to feed it.
RUN_FROM=$B

# runenv NAME=VALUE TOOL [ARG...]: run with one variable set.
runenv()
{
	begin
	quote "$@"
	_e=$1
	_t=$2
	shift 2
	env "$_e" "$B/$_t" "$@" >out 2>err
	rc=$?
}


# --- fixtures -------------------------------------------------------------

printf abc >f			# "abc", no newline
: >e				# empty
mkdir adir
printf abc >"a${nl}b"
printf abc >'a\b'
printf abc >"a${cr}b"
printf abc >'a b'
printf abc >./-r
# binary data for -p: NUL bytes, 0xff, CR, and no trailing newline,
# longer than a pipe buffer
printf 'a\000b\377\r\nz\000' >bin
head -c 300000 /dev/urandom >>bin
printf 'end\000' >>bin

# Which backends are built: the ones MDSUM_BACKEND accepts.
BUILT=
NBUILT=0
for b in portable libmd openssl; do
	if env MDSUM_BACKEND=$b "$B/sha256" -s '' >/dev/null 2>&1; then
		BUILT="$BUILT $b"
		NBUILT=$((NBUILT + 1))
	fi
done
echo "# backends accepted by MDSUM_BACKEND:${BUILT:- none}"

# --- names on a terminal ---------------------------------------------------------
# (part tty: TAP_PART=tty runs these tests alone, see tap.sh)

# shellcheck disable=SC2016 # (the names expand in the terminal's shell)
if part tty; then

known sha256
# FreeBSD's md5 prints names as they are, and so do we into pipes and
# files; on a terminal a control character of a name is shown as \xHH,
# in the result line and in messages, so that a hostile name cannot
# repaint the screen.
esc=$(printf '\033')
ttyname="a${esc}[2Jb"
printf abc >"$ttyname"
run sha256 "$ttyname"
expect "sha256 NAME-WITH-ESC into a file: the name as it is" 0 \
    "=$TAG ($ttyname) = $HABC" ''
if have script; then
	begin
	cmd="sha256 NAME-WITH-ESC; sha256 -r NAME-WITH-ESC; sha256 MISSING-NAME-WITH-ESC (on a terminal)"
	TTYNAME=$ttyname B=$B script -qfc \
	    '"$B/sha256" "$TTYNAME"; "$B/sha256" -r "$TTYNAME"; "$B/sha256" "x$TTYNAME"' \
	    /dev/null </dev/null >tty.raw 2>&1
	tr -d "$cr" <tty.raw >out
	: >err
	rc=0
	expect "$cmd: escaped as \\xHH" 0 \
	    "=\\$TAG (a\\x1b[2Jb) = $HABC${nl}\\$HABC a\\x1b[2Jb${nl}sha256: xa\\x1b[2Jb: No such file or directory" ''
else
	skip_tool "sha256 NAME-WITH-ESC on a terminal" "no script(1)"
fi
rm -f "$ttyname"

# DEL and the C1 controls too: U+007F, U+009B (CSI, the bytes c2 9b) and
# a lone byte 9b (CSI to a terminal that is not UTF-8) are shown as \xHH
# on a terminal, U+00A0 as itself; into files all go as they are.
del=$(printf '\177')
N1="a${del}b"
N2="c$(printf '\302\233')d"
N3="e$(printf '\233')f"
N4="g$(printf '\302\240')h"
for x in "$N1" "$N2" "$N3" "$N4"; do
	printf abc >"$x"
done
run sha256 "$N1" "$N2" "$N3" "$N4" "x$N1"
expect "sha256 NAMES-WITH-DEL-AND-C1 NOSUCH into files: the names as they are" \
    1 "=$TAG ($N1) = $HABC${nl}$TAG ($N2) = $HABC${nl}$TAG ($N3) = $HABC${nl}$TAG ($N4) = $HABC" \
    "=sha256: x$N1: No such file or directory"
if have script; then
	begin
	cmd="sha256 NAMES; sha256 -r NAMES; sha256 NOSUCH (on a terminal)"
	N1=$N1 N2=$N2 N3=$N3 N4=$N4 B=$B script -qfc \
	    '"$B/sha256" "$N1" "$N2" "$N3" "$N4"; "$B/sha256" -r "$N1" "$N2" "$N3"; "$B/sha256" "x$N1" "x$N2" "x$N3"' \
	    /dev/null </dev/null >tty.raw 2>&1
	tr -d "$cr" <tty.raw >out
	: >err
	rc=0
	expect "$cmd: DEL, U+009B and a lone 9b as \\xHH, U+00A0 as itself" 0 \
	    "=\\$TAG (a\\x7fb) = $HABC${nl}\\$TAG (c\\xc2\\x9bd) = $HABC${nl}\\$TAG (e\\x9bf) = $HABC${nl}$TAG ($N4) = $HABC${nl}\\$HABC a\\x7fb${nl}\\$HABC c\\xc2\\x9bd${nl}\\$HABC e\\x9bf${nl}sha256: xa\\x7fb: No such file or directory${nl}sha256: xc\\xc2\\x9bd: No such file or directory${nl}sha256: xe\\x9bf: No such file or directory" ''
else
	skip_tool "sha256 NAMES-WITH-DEL-AND-C1 on a terminal" "no script(1)"
fi
rm -f "$N1" "$N2" "$N3" "$N4"

fi
parts_end

# --- output formats, every tool -----------------------------------------

for t in $TOOLS; do
	known $t

	run $t -s abc
	expect "$t -s abc" 0 "=$TAG (\"abc\") = $HABC" ''

	run $t -s ''
	expect "$t -s ''" 0 "=$TAG (\"\") = $HE" ''

	run $t --string=abc
	expect "$t --string=abc" 0 "=$TAG (\"abc\") = $HABC" ''

	run $t f
	expect "$t FILE" 0 "=$TAG (f) = $HABC" ''

	run $t e
	expect "$t EMPTYFILE" 0 "=$TAG (e) = $HE" ''

	run $t -r f
	expect "$t -r FILE: digest, one space, name" 0 "=$HABC f" ''

	run $t -q f
	expect "$t -q FILE: digest only" 0 "=$HABC" ''

	run $t -r -s abc
	expect "$t -r -s abc: digest, then the string quoted" 0 \
	    "=$HABC \"abc\"" ''

	run $t -q -s abc
	expect "$t -q -s abc" 0 "=$HABC" ''

	run $t <f
	expect "$t < FILE: no operand, bare digest" 0 "=$HABC" ''

	run $t </dev/null
	expect "$t < /dev/null: empty stdin" 0 "=$HE" ''

	run $t - <f
	expect "$t - < FILE: operand - is stdin" 0 "=$TAG (-) = $HABC" ''

	run $t f missing e
	expect "$t FILE MISSING FILE: exit 1, others printed" 1 \
	    "=$TAG (f) = $HABC$nl$TAG (e) = $HE" \
	    "=$t: missing: No such file or directory"

	run $t -c "$HABC" f
	expect "$t -c DIGEST FILE: match" 0 "=$TAG (f) = $HABC" ''

	run $t -c "$HABC" e
	expect "$t -c DIGEST FILE: mismatch, exit 2" 2 \
	    "=$TAG (e) = $HE [ Failed ]" ''

	run $t -x
	want_rc 0
	want_err ''
	want_out "~$HABC"
	want_out "~$HMA"
	lines=$(wc -l <out)
	if [ $t = keccak256 ]; then
		# libmd has no Keccak, so not every backend need appear
		min=9
		names=portable
	else
		min=$((9 * NBUILT))
		names=$BUILT
	fi
	[ "$lines" -ge "$min" ] ||
	    bad "$lines lines on stdout, expected at least $min (9 vectors x backends)"
	for b in $names; do
		grep -i -e "$b" out >/dev/null || bad "backend $b not named"
	done
	verdict "$t -x: self-test passes, every backend named, known digests shown"

	for b in $BUILT; do
		runenv MDSUM_BACKEND=$b $t f
		expect "MDSUM_BACKEND=$b $t FILE: same digest" 0 \
		    "=$TAG (f) = $HABC" ''
	done
	case " $BUILT " in
	*" portable "*) ;;
	*)	begin
		cmd="MDSUM_BACKEND=portable $t f"
		bad "MDSUM_BACKEND=portable rejected, but portable is always built"
		verdict "MDSUM_BACKEND=portable $t FILE: same digest" ;;
	esac
done

# --- options in detail (sha256) -------------------------------------------

known sha256

for o in '-q -r' '-r -q' '-qr' '-rq' '--quiet --reverse' '--reverse --quiet'; do
	run sha256 $o f
	expect "sha256 $o FILE: -q wins over -r" 0 "=$HABC" ''
done

run sha256 --quiet f
expect "sha256 --quiet FILE" 0 "=$HABC" ''

run sha256 --reverse f
expect "sha256 --reverse FILE" 0 "=$HABC f" ''

run sha256 --string abc
expect "sha256 --string abc (separate argument)" 0 "=$TAG (\"abc\") = $HABC" ''

run sha256 -sabc
expect "sha256 -sabc (attached argument)" 0 "=$TAG (\"abc\") = $HABC" ''

run sha256 -b f
expect "sha256 -b FILE: -b ignored" 0 "=$TAG (f) = $HABC" ''

run sha256 -br f
expect "sha256 -br FILE: -b ignored" 0 "=$HABC f" ''

run sha256 e f
expect "sha256 FILE FILE: one line each, operand order" 0 \
    "=$TAG (e) = $HE$nl$TAG (f) = $HABC" ''

run sha256 -q f e f
expect "sha256 -q FILE FILE FILE" 0 "=$HABC$nl$HE$nl$HABC" ''

run sha256 -s abc e
expect "sha256 -s abc FILE: the string, then the file" 0 \
    "=$TAG (\"abc\") = $HABC$nl$TAG (e) = $HE" ''

run sha256 -s abc -s ''
expect "sha256 -s abc -s '': one line per string" 0 \
    "=$TAG (\"abc\") = $HABC$nl$TAG (\"\") = $HE" ''

run sha256 -r - <f
expect "sha256 -r - < FILE" 0 "=$HABC -" ''

run sha256 -- -r
expect "sha256 -- -r: operand after -- that looks like an option" 0 \
    "=$TAG (-r) = $HABC" ''

run sha256 /dev/null
expect "sha256 /dev/null: character device operand" 0 \
    "=$TAG (/dev/null) = $HE" ''

begin
cmd="printf abc | sha256"
printf abc | "$B/sha256" >out 2>err
rc=$?
expect "printf abc | sha256: pipe on stdin, bare digest" 0 "=$HABC" ''

if command -v mkfifo >/dev/null 2>&1 && mkfifo fifo 2>/dev/null; then
	printf abc >fifo &
	wpid=$!
	run sha256 fifo
	kill "$wpid" 2>/dev/null
	wait "$wpid" 2>/dev/null
	expect "sha256 FIFO: named pipe operand" 0 "=$TAG (fifo) = $HABC" ''
else
	skip_tool "sha256 FIFO: named pipe operand" "mkfifo not available"
fi

# --- errors -----------------------------------------------------------------

run sha256 f adir e
expect "sha256 FILE DIR FILE: exit 1, message names it, others printed" 1 \
    "=$TAG (f) = $HABC$nl$TAG (e) = $HE" "~sha256: adir: "

printf abc >unreadable
chmod 000 unreadable
if cat unreadable >/dev/null 2>&1; then
	skip "sha256 UNREADABLE: exit 1" "permissions not enforced (root: fault.sh runs these as nobody)"
else
	run sha256 unreadable f
	expect "sha256 UNREADABLE FILE: exit 1" 1 "=$TAG (f) = $HABC" \
	    "=sha256: unreadable: Permission denied"
fi
chmod 600 unreadable

run sha256 missing
expect "sha256 MISSING: exit 1, nothing on stdout" 1 '' \
    "=sha256: missing: No such file or directory"

run md5 missing
expect "md5 MISSING: message prefixed by the invoked name" 1 '' \
    "=md5: missing: No such file or directory"

if [ -c /dev/full ]; then
	begin
	cmd="sha256 f > /dev/full"
	"$B/sha256" f >/dev/full 2>err
	rc=$?
	expect "sha256 FILE > /dev/full: write error, exit 1" 1 '*' '+'

	begin
	cmd="sha256 -s abc > /dev/full"
	"$B/sha256" -s abc >/dev/full 2>err
	rc=$?
	expect "sha256 -s abc > /dev/full: write error, exit 1" 1 '*' '+'

	begin
	cmd="sha256 -p < bin > /dev/full"
	"$B/sha256" -p <bin >/dev/full 2>err
	rc=$?
	expect "sha256 -p > /dev/full: write error, exit 1" 1 '*' '+'
else
	skip_tool "sha256 FILE > /dev/full: write error, exit 1" "no /dev/full"
	skip_tool "sha256 -s abc > /dev/full: write error, exit 1" "no /dev/full"
	skip_tool "sha256 -p > /dev/full: write error, exit 1" "no /dev/full"
fi

begin
cmd="sha256 f >&-"
"$B/sha256" f >&- 2>err
rc=$?
expect "sha256 FILE >&-: closed stdout, exit 1" 1 '*' '+'

run sha256 -Z f
expect "sha256 -Z: unknown option, exit 1, usage on stderr" 1 '' \
    "~usage: sha256 $USAGE_OPTS"

run keccak256 --no-such-option f
expect "keccak256 --no-such-option: exit 1, usage on stderr" 1 '' \
    "~usage: keccak256 $USAGE_OPTS"

run sha256 -s
expect "sha256 -s without its argument: exit 1, usage on stderr" 1 '' \
    "~usage: sha256 $USAGE_OPTS"

run sha256 -c
expect "sha256 -c without its argument: exit 1, usage on stderr" 1 '' \
    "~usage: sha256 $USAGE_OPTS"

runenv MDSUM_BACKEND=nosuch sha256 f
expect "MDSUM_BACKEND=nosuch: exit 1 with a message" 1 '' '+'

# --- -c ---------------------------------------------------------------------

UPPER=$(printf '%s' "$HABC" | tr abcdef ABCDEF)
run sha256 -c "$UPPER" f
expect "sha256 -c UPPERCASE-DIGEST FILE: case-insensitive match" 0 \
    "=$TAG (f) = $HABC" ''

run sha256 --check="$HABC" f
expect "sha256 --check=DIGEST FILE: match" 0 "=$TAG (f) = $HABC" ''

run sha256 --check="$HABC" e
expect "sha256 --check=DIGEST FILE: mismatch, exit 2" 2 \
    "=$TAG (e) = $HE [ Failed ]" ''

run sha256 -c "$HABC" f e
expect "sha256 -c DIGEST MATCH MISMATCH: exit 2, only the mismatch marked" 2 \
    "=$TAG (f) = $HABC$nl$TAG (e) = $HE [ Failed ]" ''

run sha256 -c "$HABC" e missing
expect "sha256 -c DIGEST MISMATCH MISSING: exit 1 wins over 2" 1 \
    "=$TAG (e) = $HE [ Failed ]" \
    "=sha256: missing: No such file or directory"

run sha256 -r -c "$HABC" e
expect "sha256 -r -c DIGEST: mismatch marked after the name" 2 \
    "=$HE e [ Failed ]" ''

run sha256 -q -c "$HABC" e
expect "sha256 -q -c DIGEST: mismatch, digest only, exit 2" 2 "=$HE" ''

run sha256 -q -c "$HABC" f
expect "sha256 -q -c DIGEST: match, digest only" 0 "=$HABC" ''

run sha256 -c "$HABC" -s abc
expect "sha256 -c DIGEST -s abc: match" 0 "=$TAG (\"abc\") = $HABC" ''

run sha256 -c "$HABC" -s ''
expect "sha256 -c DIGEST -s '': mismatch, exit 2" 2 \
    "=$TAG (\"\") = $HE [ Failed ]" ''

run sha256 -c 0123 f
expect "sha256 -c SHORT-STRING FILE: mismatch, exit 2" 2 \
    "=$TAG (f) = $HABC [ Failed ]" ''

known sha512h
run sha512h -c "$HABC" <f
expect "sha512h -c DIGEST < FILE: stdin match" 0 "=$HABC" ''

UPPER=$(printf '%s' "$HABC" | tr abcdef ABCDEF)
run sha512h -c "$UPPER" <f
expect "sha512h -c UPPERCASE-DIGEST < FILE: stdin match" 0 "=$HABC" ''

run sha512h -c "$HE" <f
expect "sha512h -c OTHER-DIGEST < FILE: stdin mismatch, exit 2" 2 \
    "=$HABC [ Failed ]" ''

# --- -p -----------------------------------------------------------------------

known sha256
for o in -p --passthrough; do
	run sha256 -q bin
	h=$(cat out)
	{ cat bin; printf '%s\n' "$h"; } >pwant
	run sha256 $o <bin
	cmd="sha256 $o < bin (300 KB: NUL bytes, 0xff, random, no final newline)"
	want_rc 0
	want_err ''
	cmp -s pwant out ||
	    bad "stdout is not the input byte for byte followed by the digest line $h"
	verdict "sha256 $o < BINARY: byte-exact copy, then the digest"
done

printf 'a\000b\n\000z' >small
begin
"$B/sha256" -q small >sq 2>/dev/null
{ cat small; cat sq; } >pwant
cmd="sha256 -p < small (NUL bytes, no trailing newline)"
"$B/sha256" -p <small >out 2>err
rc=$?
want_rc 0
want_err ''
cmp -s pwant out || bad "stdout is not the input followed by its digest"
verdict "sha256 -p < SMALL-BINARY: NULs, no trailing newline"

run sha256 -p e <f
expect "sha256 -p FILE < FILE: stdin copied, its digest, then the operand" 0 \
    "=abc$HABC$nl$TAG (e) = $HE" ''

run sha256 -p </dev/null
expect "sha256 -p < /dev/null: just the digest" 0 "=$HE" ''

# --- escaped names ------------------------------------------------------------

run sha256 "a${nl}b"
expect "sha256 'a<LF>b': \\SHA256 (a\\nb) = ..." 0 '=\'"$TAG"' (a\nb) = '"$HABC" ''

run sha256 'a\b'
expect "sha256 'a\\b': \\SHA256 (a\\\\b) = ..." 0 '=\'"$TAG"' (a\\b) = '"$HABC" ''

run sha256 "a${cr}b"
expect "sha256 'a<CR>b': \\SHA256 (a\\rb) = ..." 0 '=\'"$TAG"' (a\rb) = '"$HABC" ''

run sha256 -r "a${nl}b"
expect "sha256 -r 'a<LF>b': \\<hex> a\\nb" 0 '=\'"$HABC"' a\nb' ''

run sha256 -r 'a\b'
expect "sha256 -r 'a\\b': \\<hex> a\\\\b" 0 '=\'"$HABC"' a\\b' ''

run sha256 -q "a${nl}b"
expect "sha256 -q 'a<LF>b': digest only, no escape" 0 "=$HABC" ''

run sha256 'a b'
expect "sha256 'a b': a space needs no escape" 0 "=$TAG (a b) = $HABC" ''

run sha256 f "a${nl}b" f
expect "sha256 FILE 'a<LF>b' FILE: only the odd name escaped" 0 \
    "=$TAG (f) = $HABC$nl\\$TAG (a\\nb) = $HABC$nl$TAG (f) = $HABC" ''

# --- help, version, debug -------------------------------------------------------

run sha256 --help
expect "sha256 --help: exit 0, usage on stdout" 0 "~usage: sha256 $USAGE_OPTS" ''

run sha512h --help
expect "sha512h --help: usage names sha512h" 0 "~usage: sha512h $USAGE_OPTS" ''

run sha256 --version
expect "sha256 --version: exit 0" 0 '+' ''

run sha256 --debug f
want_rc 0
want_out "=$TAG (f) = $HABC"
want_err '+'
grep -E 'portable|native|libmd|openssl' err >/dev/null ||
    bad "stderr does not name a backend"
verdict "sha256 --debug FILE: backend on stderr, stdout unchanged"

run sha256 --debug <f
want_rc 0
want_out "=$HABC"
want_err '+'
verdict "sha256 --debug < FILE: stdout unchanged"

run sha256 --self-test
want_rc 0
want_out "~$HABC"
want_err ''
verdict "sha256 --self-test"

# --- time trial -----------------------------------------------------------------

t0=$(date +%s)
run md5 -t
t1=$(date +%s)
echo "# md5 -t took $((t1 - t0)) s"
want_rc 0
want_err ''
for b in $BUILT; do
	grep -i -e "$b" out >/dev/null || bad "backend $b not named"
done
grep -i 'MB/s' out >/dev/null || bad "no MB/s figure"
# every backend hashes the same data, so prints the same digest
awk '{ for (i = 1; i <= NF; i++)
	if (length($i) == 32 && $i ~ /^[0-9a-f]+$/) print $i }' out >tdig
nd=$(wc -l <tdig)
nu=$(sort -u tdig | wc -l)
[ "$nd" -ge "$NBUILT" ] ||
    bad "$nd MD5 digests printed, expected one per backend ($NBUILT)"
[ "$nu" -le 1 ] || bad "the backends printed different digests"
# FreeBSD's trial data: byte i of each block is i & 0xff
grep -v 766a2bb5d24bddae466c572bcabca3ee tdig >/dev/null &&
    bad "digest is not 766a2bb5d24bddae466c572bcabca3ee (FreeBSD's trial data)"
verdict "md5 -t: every backend timed, same digest, MB/s"

if [ "${MDSUM_SLOW_TESTS:-0}" = 1 ]; then
	run sha256 --time-trial
	want_rc 0
	want_err ''
	for b in $BUILT; do
		grep -i -e "$b" out >/dev/null || bad "backend $b not named"
	done
	verdict "sha256 --time-trial"
else
	skip "sha256 --time-trial" "slow (1 GB per backend); set MDSUM_SLOW_TESTS=1"
fi

# --- agreement with independent implementations ---------------------------------

LENS="0 1 55 56 64 111 112 128 135 136 1000 1048576"
for l in $LENS; do
	head -c "$l" /dev/urandom >"r$l"
done

KECCAK_PY='import sys
from Cryptodome.Hash import keccak
for name in sys.argv[1:]:
    h = keccak.new(digest_bits=256)
    with open(name, "rb") as f:
        h.update(f.read())
    print(h.hexdigest())'
HAVE_KECCAK=no
if [ -x /usr/bin/python3 ] &&
    /usr/bin/python3 -c 'from Cryptodome.Hash import keccak' >/dev/null 2>&1; then
	HAVE_KECCAK=yes
fi

# agree TOOL FILE OTHER-NAME OTHER-DIGEST [MDSUM_BACKEND]
agree()
{
	begin
	if [ -n "${5:-}" ]; then
		cmd="MDSUM_BACKEND=$5 $1 -q $2"
		env MDSUM_BACKEND="$5" "$B/$1" -q "$2" >out 2>err
		rc=$?
		_d="$1 (backend $5) agrees with $3"
	else
		cmd="$1 -q $2"
		"$B/$1" -q "$2" >out 2>err
		rc=$?
		_d="$1 agrees with $3"
	fi
	_d="$_d on $(size_text "$2")"
	want_rc 0
	want_err ''
	want_out "=$4"
	if [ -n "$why" ]; then
		cp "$2" "$KEEP.$2" 2>/dev/null &&
		    bad "input kept as $KEEP.$2"
	fi
	verdict "$_d"
}

size_text()
{
	_l=${1#r}
	case $_l in
	0)	echo "empty input" ;;
	1)	echo "1 random byte" ;;
	1048576) echo "1 MiB of random bytes" ;;
	*)	echo "$_l random bytes" ;;
	esac
}

if [ $HAVE_KECCAK = yes ]; then
	/usr/bin/python3 -c "$KECCAK_PY" $(for l in $LENS; do echo "r$l"; done) \
	    >keccak.ref
fi

i=0
for l in $LENS; do
	i=$((i + 1))
	r=r$l
	if have md5sum; then
		agree md5 $r md5sum "$(md5sum <$r | cut -d' ' -f1)"
	else
		skip_tool "md5 agrees with md5sum on $(size_text $r)" \
		    "md5sum not installed"
	fi
	if have sha256sum; then
		agree sha256 $r sha256sum "$(sha256sum <$r | cut -d' ' -f1)"
	else
		skip_tool "sha256 agrees with sha256sum on $(size_text $r)" \
		    "sha256sum not installed"
	fi
	if have openssl; then
		agree sha256 $r "openssl dgst -sha256" \
		    "$(openssl dgst -sha256 -r <$r | cut -d' ' -f1)"
	else
		skip_tool "sha256 agrees with openssl dgst -sha256 on $(size_text $r)" \
		    "openssl not installed"
	fi
	if have sha512sum; then
		agree sha512h $r "sha512sum (first 64 hex digits)" \
		    "$(sha512sum <$r | cut -c1-64)"
	else
		skip_tool "sha512h agrees with sha512sum on $(size_text $r)" \
		    "sha512sum not installed"
	fi
	if [ $HAVE_KECCAK = yes ]; then
		agree keccak256 $r "pycryptodome keccak" "$(sed -n "${i}p" keccak.ref)"
	else
		skip_tool "keccak256 agrees with pycryptodome on $(size_text $r)" \
		    "/usr/bin/python3 with Cryptodome (python3-pycryptodome) not installed"
	fi
done

# Every built backend on the 1 MiB file, and the stdin paths.
r=r1048576
for b in $BUILT; do
	if have md5sum; then
		agree md5 $r md5sum "$(md5sum <$r | cut -d' ' -f1)" $b
	else
		skip_tool "md5 (backend $b) agrees with md5sum" \
		    "md5sum not installed"
	fi
	if have sha256sum; then
		agree sha256 $r sha256sum "$(sha256sum <$r | cut -d' ' -f1)" $b
	else
		skip_tool "sha256 (backend $b) agrees with sha256sum" \
		    "sha256sum not installed"
	fi
	if have sha512sum; then
		agree sha512h $r "sha512sum (first 64 hex digits)" \
		    "$(sha512sum <$r | cut -c1-64)" $b
	else
		skip_tool "sha512h (backend $b) agrees with sha512sum" \
		    "sha512sum not installed"
	fi
	if [ $HAVE_KECCAK = yes ]; then
		agree keccak256 $r "pycryptodome keccak" "$(sed -n '$p' keccak.ref)" $b
	else
		skip_tool "keccak256 (backend $b) agrees with pycryptodome" \
		    "/usr/bin/python3 with Cryptodome (python3-pycryptodome) not installed"
	fi
done

if have sha256sum; then
	ref=$(sha256sum <$r | cut -d' ' -f1)
	run sha256 <$r
	expect "sha256 < 1MiB-FILE agrees with sha256sum" 0 "=$ref" ''
	begin
	cmd="cat 1MiB-FILE | sha256"
	cat $r | "$B/sha256" >out 2>err
	rc=$?
	expect "cat 1MiB-FILE | sha256 agrees with sha256sum" 0 "=$ref" ''
else
	skip_tool "sha256 < 1MiB-FILE agrees with sha256sum" \
	    "sha256sum not installed"
	skip_tool "cat 1MiB-FILE | sha256 agrees with sha256sum" \
	    "sha256sum not installed"
fi

# --- summary ----------------------------------------------------------------------

summary
