#!/bin/sh
# cli_tune.sh: the implementations chosen by measurement (lib/tune.c),
# black-box.  The choice must follow the measurement on any CPU: with
# MDSUM_TUNE_SLOW naming every candidate but one, that one is chosen, and
# it then hashes (--debug says so) and gives the right digests.  The
# user's settings (MDSUM_CPU, MDSUM_BACKEND) are never overridden; small
# inputs are not measured; large ones are.
#
# usage: sh tests/cli_tune.sh BINDIR
#
# MDSUM_TEST_ALGS="ALG ...": the candidates of these algorithms only
# (every one measured by default), for a quicker run.
# MDSUM_TEST_NO_SKIP=1: a tool missing for an oracle fails, not skips.
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
plain_env MDSUM_TUNE MDSUM_TUNE_SLOW
tmpdir cli_tune
cd "$T" || exit 2

M=$B/mdsum
# Has this build the native kernels (not WITHOUT_ASM, x86-64)?
NATIVE=no
"$M" --list 2>/dev/null | grep -qx native && NATIVE=yes
head -c 100000 /dev/urandom >f
head -c 70000 /dev/urandom >g
# enough files that any multi-buffer kernel gets its lanes busy
mkdir many
for i in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
	cp g many/g$i
done

# oracle ALG FILE: its output (--no-names) from another program: coreutils,
# python3's hashlib and zlib, or openssl(1); empty if none is here.
oracle()
{
	case $1 in
	md5|sha1|sha224|sha256|sha384|sha512)
		"$1sum" <"$2" | cut -d' ' -f1 ;;
	sha512h)
		sha512sum <"$2" | cut -c1-64 ;;
	blake2b|sha3-*|sha512-224|sha512-256)
		# (mdsum's blake2b is BLAKE2b-512, hashlib's default)
		pyhash "$(echo "$1" | tr - _)" "$2" ;;
	blake3)
		b3sum --no-names <"$2" 2>/dev/null ;;
	sm3)
		pyhash sm3 "$2" 2>/dev/null ||
		    openssl dgst -sm3 -r <"$2" 2>/dev/null | cut -d' ' -f1 ;;
	crc)
		cksum <"$2" ;;
	crc32b)
		python3 -c 'import sys, zlib
d = open(sys.argv[1], "rb").read()
print(zlib.crc32(d), len(d))' "$2" ;;
	sysv)
		sum -s <"$2" ;;
	bsd)
		sum -r <"$2" ;;
	keccak256)
		/usr/bin/python3 -c 'import sys
from Cryptodome.Hash import keccak
print(keccak.new(digest_bits=256, data=open(sys.argv[1], "rb").read()).hexdigest())' "$2" 2>/dev/null ;;
	esac
}

# pyhash NAME FILE: hashlib.new(NAME)'s digest of FILE.
pyhash()
{
	python3 -c 'import hashlib, sys
print(hashlib.new(sys.argv[1], open(sys.argv[2], "rb").read()).hexdigest())' \
	    "$1" "$2"
}

# --list measures every algorithm: "ALG NAME LANES MB/S[ *]" lines.
"$M" --list >list 2>err
sed -n '/^measured on this CPU/,/^$/p' list | sed '1d;/^$/d' >rows
why=
[ -s rows ] || bad "no measured rows in --list"
for a in $(awk '{ print $1 }' rows | sort -u); do
	n1=$(awk -v a=$a '$1 == a && $3 == 1 && $5 == "*"' rows | wc -l)
	[ "$n1" -eq 1 ] || bad "$a: $n1 single-stream rows chosen, not 1"
	nm=$(awk -v a=$a '$1 == a && $3 > 1 && $5 == "*"' rows | wc -l)
	[ "$nm" -le 1 ] || bad "$a: $nm multi-buffer rows chosen"
done
awk 'NF < 4 || $4 !~ /^[0-9]+$/ || $4 == 0 { exit 1 }' rows ||
    bad "a row without a speed: $(awk 'NF < 4 || $4 == 0' rows | head -n 1)"
verdict "mdsum --list: a speed per candidate, one single stream chosen per algorithm"

# Each candidate in turn, the others slowed down: it is chosen, it hashes,
# and its digests are right.
for a in ${MDSUM_TEST_ALGS:-$(awk '{ print $1 }' rows | sort -u)}; do
	want_f=$(oracle $a f)
	want_g=$(oracle $a g)
	if [ -z "$want_f" ]; then
		skip_tool "$a: each candidate chosen when the others are slow" \
		    "no oracle for $a"
		continue
	fi
	for c in $(awk -v a=$a '$1 == a && $3 == 1 { print $2 }' rows); do
		why=
		others=$(awk -v a=$a -v c=$c '$1 == a && $3 == 1 && $2 != c { print $2 }' rows |
		    paste -sd, -)
		MDSUM_TUNE=always MDSUM_TUNE_SLOW=$others \
		    "$M" --debug --no-multibuffer -a $a --no-names f >out 2>err ||
		    bad "exit $?"
		[ "$(cat out)" = "$want_f" ] || bad "digest $(cat out), want $want_f"
		grep "measured" err | grep -q " $c [0-9]* MB/s (chosen)" ||
		    bad "not chosen: $(grep measured err)"
		# what hashed: a kernel's name, or the backend's
		case $c in
		openssl|libmd|portable)
			grep -q "on the $c backend\|($c)" err ||
			    bad "--debug: $(grep backend err | head -n 1)" ;;
		*)	grep -q "($c)" err ||
			    bad "--debug: $(grep backend err | head -n 1)" ;;
		esac
		verdict "$a: $c chosen when the others measure slow, and it hashes right"
	done
	# The multi-buffer kernels: each in turn, every other candidate
	# slowed (the single streams too, so that it beats them), and none.
	for c in $(awk -v a=$a '$1 == a && $3 > 1 { print $2 }' rows) none; do
		why=
		if [ "$c" = none ]; then
			others=$(awk -v a=$a '$1 == a && $3 > 1 { print $2 }' rows |
			    paste -sd, -)
		else
			others=$(awk -v a=$a -v c=$c '$1 == a && $2 != c { print $2 }' rows |
			    paste -sd, -)
		fi
		MDSUM_TUNE=always MDSUM_TUNE_SLOW=$others \
		    "$M" --debug -j1 -a $a --no-names f many/* >out 2>err ||
		    bad "exit $?"
		[ "$(head -n 1 out)" = "$want_f" ] &&
		    [ "$(sed 1d out | sort -u)" = "$want_g" ] ||
		    bad "digests $(cat out | sort -u | tr '\n' ' ')"
		if [ "$c" = none ]; then
			grep "$a: measured" err |
			    grep -q "(lanes) [0-9]* MB/s (chosen)" &&
			    bad "a kernel chosen: $(grep "$a: measured" err)"
			grep -q ", [0-9]* lanes)" err &&
			    bad "lanes used: $(grep ', [0-9]* lanes)' err | head -n 1)"
		elif [ "$c" = sha256-neon-x4 ] &&
		    grep "$a: measured" err | grep -q " sha256-ce "; then
			# Where the SHA2 instructions are, NEON lanes are not
			# a candidate by default (lanes of a lower level than
			# the family's best single stream: dispatch.c), so
			# none may be used.
			grep -q ", [0-9]* lanes)" err &&
			    bad "lanes used: $(grep ', [0-9]* lanes)' err | head -n 1)"
		else
			grep "$a: measured" err |
			    grep -q " $c (lanes) [0-9]* MB/s (chosen)" ||
			    bad "not chosen: $(grep "$a: measured" err)"
			grep -q "($c, [0-9]* lanes)" err ||
			    bad "--debug: $(grep backend err | head -n 1)"
		fi
		verdict "$a: multi-buffer $c chosen when the others measure slow (unless below the level floor)"
	done
done

# A pipe of unknown size: past 16 MiB the kernels are measured, and the
# stream goes on with the one chosen (kernels of a family share a state).
head -c $((20 * 1048576)) /dev/urandom >p20
# (kernels only: a running stream cannot change backend; without native
# kernels there is nothing to change to)
[ $NATIVE = yes ] || skip "a pipe past 16 MiB takes the kernel measured" \
    "no native kernels in this build"
for a in md5 sha256 keccak256; do
	[ $NATIVE = yes ] || break
	want=$(oracle $a p20)
	if [ -z "$want" ]; then
		skip_tool "$a < 20-MiB-PIPE: the kernel measured taken mid-stream" \
		    "no oracle for $a"
		continue
	fi
	# (aarch64 without kernels of the family: nothing to change to)
	if ! awk -v a=$a '$1 == a && $3 == 1 && $2 !~ /^(portable|openssl|libmd)$/ {
	    f = 1 } END { exit !f }' rows; then
		skip "$a < 20-MiB-PIPE: the kernel measured taken mid-stream" \
		    "no native kernel of $a on this CPU"
		continue
	fi
	tool=$a
	for c in $(awk -v a=$a '$1 == a && $3 == 1 && $2 != "openssl" &&
	    $2 != "libmd" { print $2 }' rows); do
		why=
		others=$(awk -v a=$a -v c=$c '$1 == a && $3 == 1 && $2 != c { print $2 }' rows |
		    paste -sd, -)
		cat p20 | MDSUM_TUNE_SLOW=$others "$B/$tool" --debug >out 2>err ||
		    bad "exit $?"
		[ "$(cat out)" = "$want" ] || bad "digest $(cat out), want $want"
		grep "measured" err | grep -q " $c [0-9]* MB/s (chosen)" ||
		    bad "not chosen: $(grep measured err)"
		grep -q "on the native backend ($c)" err ||
		    bad "--debug: $(grep backend err | head -n 1)"
		verdict "$tool < 20-MiB-PIPE: measured past 16 MiB, $c taken mid-stream, right digest"
	done
done
rm -f p20

# The user's settings win over any measurement.
run env MDSUM_TUNE=always MDSUM_CPU=portable "$M" --debug -a md5 f
want_rc 0
grep -q measured err && bad "measured: $(grep measured err)"
grep -q "(portable)" err || bad "not the portable kernel: $(head -n 1 err)"
verdict "MDSUM_CPU set: nothing measured, its kernels used"

run env MDSUM_TUNE=always MDSUM_BACKEND=libmd "$M" --debug --no-multibuffer -a sha256 f
want_rc 0
grep -q "on the libmd backend" err || bad "not libmd: $(head -n 1 err)"
grep "measured" err | grep -v "(lanes)" | grep -q "(chosen)" &&
    bad "single stream measured: $(grep measured err)"
verdict "MDSUM_BACKEND set: the single stream not measured, its backend used"

# md5, or where it has no native kernel (aarch64 without them) sha256
ta=md5
awk '$1 == "md5" && $3 == 1 && $2 !~ /^(portable|openssl|libmd)$/ { f = 1 }
    END { exit !f }' rows || ta=sha256
if [ $NATIVE = yes ]; then
	run env MDSUM_TUNE=always MDSUM_BACKEND=native "$M" --debug \
	    --no-multibuffer -a $ta f
	want_rc 0
	grep "$ta: measured" err | grep -q "openssl\|libmd" &&
	    bad "other backends measured: $(grep measured err)"
	grep "$ta: measured" err | grep -q "(chosen)" ||
	    bad "the kernels not measured: $(cat err)"
	grep -q "on the native backend" err || bad "not native: $(head -n 1 err)"
	verdict "MDSUM_BACKEND=native: its kernels measured, no other backend"
else
	skip "MDSUM_BACKEND=native: its kernels measured, no other backend" \
	    "no native kernels in this build"
fi

run env MDSUM_TUNE=never "$M" --list
want_rc 0
sed -n '/^measured on this CPU/,/^$/p' out | sed '1d;/^$/d' | grep -q . &&
    bad "rows: $(sed -n '/^measured/,$p' out | head -n 3)"
verdict "MDSUM_TUNE=never: --list measures nothing"

# Small inputs keep the built-in order; a large one is measured.
run "$M" --debug -a sha256 f
want_rc 0
grep -q measured err && bad "measured: $(grep measured err)"
verdict "a small file: nothing measured"
rm -f big
if truncate -s 80M big 2>/dev/null; then
	want=$(oracle sha256 big)
	run "$M" --debug --no-multibuffer -a sha256 --no-names big
	want_rc 0
	want_out "=$want"
	grep -q "sha256: measured in [0-9]* us on this CPU:" err ||
	    bad "not measured: $(cat err)"
	verdict "an 80 MiB file: measured first"
	run "$B/sha256" -q big
	want_rc 0
	want_out "=$want"
	want_err ''
	verdict "sha256 80-MiB-FILE: the BSD tool hashes it right"
	run "$B/sha256" --debug -q big
	grep -q "sha256: measured in" err || bad "not measured: $(cat err)"
	verdict "sha256 --debug 80-MiB-FILE: the BSD tool measures too"
else
	skip_tool "an 80 MiB file: measured first" "no truncate"
	skip_tool "sha256 80-MiB-FILE: the BSD tool hashes it right" \
	    "no truncate"
	skip_tool "sha256 --debug 80-MiB-FILE: the BSD tool measures too" \
	    "no truncate"
fi
rm -f big

summary
