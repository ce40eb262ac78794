#!/bin/sh
# cli_bsd_family.sh: the rest of FreeBSD's md5(1) family -- sha1, sha224,
# sha384, sha512, sha512t224 and sha512t256 -- run through the links the
# build makes, with python3's hashlib as the oracle for every digest.
# cli_bsd.sh tests md5, sha256, sha512h and keccak256 and the options in
# detail; this script checks that each new name is that same tool with its
# own algorithm, tag and name, and that a name outside the table is mdsum.
#
# usage: sh tests/cli_bsd_family.sh BINDIR
#
# BINDIR holds the built mdsum and its links.  Output as in cli_bsd.sh
# (tap.sh).  The time trial hashes 1 GB per implementation, so it runs
# once, as "sha512t224 -t"; MDSUM_SLOW_TESTS=1 runs it for every name.

# shellcheck disable=SC2034,SC2086,SC2154
# (digests live in variables set by eval and by the oracle's output;
# unquoted words are tool and file names without spaces, by construction)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
TOOLS="sha1 sha224 sha384 sha512 sha512t224 sha512t256"
needs mdsum $TOOLS

plain_env

tmpdir cli_bsd_family
cd "$T" || exit 2

# The tag each writes (FreeBSD's) and hashlib's name of its algorithm.
TAG_sha1=SHA1 PY_sha1=sha1
TAG_sha224=SHA224 PY_sha224=sha224
TAG_sha384=SHA384 PY_sha384=sha384
TAG_sha512=SHA512 PY_sha512=sha512
TAG_sha512t224=SHA512t224 PY_sha512t224=sha512_224
TAG_sha512t256=SHA512t256 PY_sha512t256=sha512_256

USAGE_OPTS='[-bpqrtx] [-c string] [-s string] [file ...]'

diagnose()
{
	diagnose_run
}

# run TOOL [ARG...]: BINDIR/TOOL (or TOOL itself if it holds a slash),
# stdout to ./out, stderr to ./err (the work directory is T); sets rc.
RUN_FROM=$B


# --- fixtures and the oracle ------------------------------------------------

printf abc >f
: >e
mkdir adir
# 111 and 112 bytes: the last length whose padding fits SHA-512's final
# block, and the first that needs another; 1 MiB goes through the lanes.
LENS="1 111 112 128 1000 1048576"
for l in $LENS; do
	head -c "$l" /dev/urandom >"r$l"
done

# FreeBSD md5(1)'s -x strings, then one million "a" (the last self-test
# vector of the registry).
BROKEN='MD5 has not yet (2001-09-03) been broken, but sufficient attacks have been made that its security is in some doubt'
cat >xstrings <<EOF

a
abc
message digest
abcdefghijklmnopqrstuvwxyz
ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789
12345678901234567890123456789012345678901234567890123456789012345678901234567890
$BROKEN
EOF

# Writes NAME_TOOL_WHAT=hex lines: H_t_e, H_t_abc, H_t_rLEN, X_t_0..7 (the
# -x strings), X_t_ma (a million "a") and TT_t (the time trial's data:
# 100000 blocks of 10000 bytes, byte i of each i & 0xff).
ORACLE_PY='import hashlib, sys
tools = sys.argv[1].split()
pys = sys.argv[2].split()
lens = sys.argv[3].split()
xs = open("xstrings").read().split("\n")[:8]
block = bytes(i & 0xff for i in range(10000))
for t, p in zip(tools, pys):
    h = lambda b: hashlib.new(p, b).hexdigest()
    print("H_%s_e=%s" % (t, h(b"")))
    print("H_%s_abc=%s" % (t, h(b"abc")))
    for l in lens:
        print("H_%s_r%s=%s" % (t, l, h(open("r" + l, "rb").read())))
    for i, s in enumerate(xs):
        print("X_%s_%d=%s" % (t, i, h(s.encode())))
    print("X_%s_ma=%s" % (t, h(b"a" * 1000000)))
    if t == "sha512t224" or sys.argv[4] == "1":
        c = hashlib.new(p)
        for _ in range(100000):
            c.update(block)
        print("TT_%s=%s" % (t, c.hexdigest()))'
PYS=
for t in $TOOLS; do
	eval "PYS=\"\$PYS \$PY_$t\""
done
if ! have python3; then
	skip_tool "cli_bsd_family.sh" "no python3 for the oracle"
	summary
fi
if ! python3 -c "$ORACLE_PY" "$TOOLS" "$PYS" "$LENS" \
    "${MDSUM_SLOW_TESTS:-0}" >oracle 2>oracle.err; then
	skip_tool "cli_bsd_family.sh" \
	    "python3's hashlib lacks an algorithm: $(tail -n 1 oracle.err)"
	summary
fi
# shellcheck disable=SC1091 # written above
. ./oracle

# known TOOL: sets TAG, HE and HABC.
known()
{
	eval "TAG=\$TAG_$1 HE=\$H_$1_e HABC=\$H_$1_abc"
}

# --- each name: FreeBSD md5(1) with its own algorithm -----------------------

for t in $TOOLS; do
	known $t

	run $t -s abc
	expect "$t -s abc" 0 "=$TAG (\"abc\") = $HABC" ''

	run $t --string=
	expect "$t --string=''" 0 "=$TAG (\"\") = $HE" ''

	run $t f e
	expect "$t FILE FILE: tag, name, digest" 0 \
	    "=$TAG (f) = $HABC$nl$TAG (e) = $HE" ''

	run $t -r f
	expect "$t -r FILE" 0 "=$HABC f" ''

	run $t -r -s abc
	expect "$t -r -s abc" 0 "=$HABC \"abc\"" ''

	run $t -q f
	expect "$t -q FILE" 0 "=$HABC" ''

	run $t -qr f
	expect "$t -qr FILE: -q wins" 0 "=$HABC" ''

	run $t <f
	expect "$t < FILE: bare digest" 0 "=$HABC" ''

	begin
	cmd="printf abc | $t -"
	printf abc | "$B/$t" - >out 2>err
	rc=$?
	expect "$cmd: operand - is stdin" 0 "=$TAG (-) = $HABC" ''

	run $t -p <f
	expect "$t -p < FILE: copy, then the digest" 0 "=abc$HABC" ''

	run $t -c "$HABC" f
	expect "$t -c DIGEST FILE: match, exit 0" 0 "=$TAG (f) = $HABC" ''

	run $t -c "$HABC" e
	expect "$t -c DIGEST FILE: mismatch, exit 2" 2 \
	    "=$TAG (e) = $HE [ Failed ]" ''

	run $t -c "$HE" <f
	expect "$t -c DIGEST < FILE: stdin mismatch, exit 2" 2 \
	    "=$HABC [ Failed ]" ''

	run $t -c "$HABC" e missing
	expect "$t -c DIGEST MISMATCH MISSING: exit 1 wins" 1 \
	    "=$TAG (e) = $HE [ Failed ]" \
	    "=$t: missing: No such file or directory"

	run $t f missing e
	expect "$t FILE MISSING FILE: the message names $t" 1 \
	    "=$TAG (f) = $HABC$nl$TAG (e) = $HE" \
	    "=$t: missing: No such file or directory"

	run $t adir
	expect "$t DIR: exit 1, the message names $t" 1 '' "~$t: adir: "

	run $t --help
	expect "$t --help: the usage names $t" 0 "=usage: $t $USAGE_OPTS" ''

	run $t -Z
	expect "$t -Z: exit 1, the usage names $t" 1 '' \
	    "~usage: $t $USAGE_OPTS"

	run $t --version
	want_rc 0
	want_err ''
	head -n 1 out | grep -q "^$t (mdsum) " ||
	    bad "the first line does not begin with '$t (mdsum) '"
	verdict "$t --version names $t"

	# Random data of several lengths, as files side by side and on stdin.
	want=
	args=
	for l in $LENS; do
		eval "h=\$H_${t}_r$l"
		want="$want${want:+$nl}$h r$l"
		args="$args r$l"
	done
	run $t -r $args
	expect "$t -r on $LENS random bytes: hashlib's digests" 0 "=$want" ''

	eval "h=\$H_${t}_r1048576"
	run $t <r1048576
	expect "$t < 1 MiB of random bytes: hashlib's digest" 0 "=$h" ''

	# -x: FreeBSD's strings with this algorithm's digests, every one right.
	run $t -x
	want_rc 0
	want_err ''
	head -n 1 out | grep -qx "$TAG test suite:" ||
	    bad "first line is not '$TAG test suite:'"
	i=0
	while IFS= read -r s; do
		eval "h=\$X_${t}_$i"
		grep -F -e "$TAG (\"$s\") = $h - verified correct" out \
		    >/dev/null || bad "no verified line for \"$s\" = $h"
		i=$((i + 1))
	done <xstrings
	eval "h=\$X_${t}_ma"
	grep -F -e "= $h - verified correct" out >/dev/null ||
	    bad "no verified line for a million \"a\" = $h"
	grep -F -e INCORRECT out >/dev/null && bad "a result is INCORRECT"
	verdict "$t -x: $TAG digests of FreeBSD's strings, verified"
done

# --- the time trial: the algorithm's digest of FreeBSD's data -----------------

for t in $TOOLS; do
	if [ $t != sha512t224 ] && [ "${MDSUM_SLOW_TESTS:-0}" != 1 ]; then
		skip "$t -t: every implementation gives hashlib's digest" \
		    "slow (1 GB per implementation); set MDSUM_SLOW_TESTS=1"
		continue
	fi
	known $t
	eval "h=\$TT_$t"
	run $t -t
	want_rc 0
	want_err ''
	sed -n 's/^Digest = //p' out >tdig
	[ -s tdig ] || bad "no 'Digest = ' line"
	grep -v -x -e "$h" tdig >/dev/null && bad "a digest is not $h"
	grep -q "^$TAG time trial\\. Digesting 100000 10000-byte blocks" out ||
	    bad "no line '$TAG time trial. Digesting 100000 10000-byte blocks'"
	verdict "$t -t: every implementation gives hashlib's digest"
done

# --- a name that is not in the table is mdsum ---------------------------------

# The registry knows sha512-224, sha3-256 and (by its tag) SHA512t224,
# but only FreeBSD's own names are md5(1): the rest run as mdsum, whose
# default output is its SHA-256 line.
mkdir names
run mdsum f
mdsum_out=$(cat out)
for name in sha512-224 sha3-256 SHA512t224 sha512t2244 keccak; do
	ln -s "$B/mdsum" names/$name
	run names/$name f
	expect "a link named $name is mdsum" 0 "=$mdsum_out" ''
done

summary
