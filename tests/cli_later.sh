#!/bin/sh
# cli_later.sh: what the coreutils names (cksum, b2sum) take from
# coreutils releases after 9.1, each command against its exact output,
# messages and exit status as coreutils 9.10 gives them (its
# tests/cksum/*.sh and src/cksum.c).
#
# usage: sh tests/cli_later.sh BINDIR
#
# Three kinds of case, and where coreutils 9.1 is installed each is held
# to being what it says against 9.1 too:
#   new	a command 9.1 refused (so no script written for 9.1 runs it),
#	taken with the meaning a later release gave it;
#   words	a command every release refuses, said in the later words;
#   break	a command 9.1 took that later releases refuse (cksum --tag
#	--check alone), refused as they do.
# Commands 9.1 took otherwise are held to 9.1's output by cli_gnu.sh and
# cli_family.sh.
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
needs mdsum cksum b2sum

plain_env POSIXLY_CORRECT

workdir cli_later
G=$T/gnu
mkdir "$G" || exit 2
SYSPATH=$PATH
gnu_find cksum b2sum
CU91=no
[ "$GNU_VERSION" = 9.1 ] && [ -e "$G/b2sum" ] && CU91=yes
echo "# coreutils 9.1 to hold the kinds to: $CU91"

: >e
printf abc >f
ME=d41d8cd98f00b204e9800998ecf8427e
MF=900150983cd24fb0d6963f7d28e17f72
"$B/cksum" -a md5 e >m.md5
OFLOW=18446744073709551616	# UINTMAX_MAX + 1

# case KIND DESC RC STDOUT STDERR CMD [ARG...]: CMD, one of our links run
# by its bare name, prints exactly STDOUT and STDERR ("" for nothing)
# and exits RC; with coreutils 9.1 here, 9.1 refuses a new command, and
# says otherwise for words and break.
case1()
{
	_k=$1 _d=$2 _rc=$3 _out=$4 _err=$5
	shift 5
	run "$@"
	want_rc "$_rc"
	if [ -n "$_out" ]; then want_out "=$_out"; else want_out ''; fi
	if [ -n "$_err" ]; then want_err "=$_err"; else want_err ''; fi
	if [ $CU91 = yes ]; then
		gnu "$@" >"$T/g.out" 2>"$T/g.err" </dev/null
		_grc=$?
		case $_k in
		new)	[ $_grc -ne 0 ] || bad "coreutils 9.1 takes it too" ;;
		words)	[ $_grc -ne 0 ] || bad "coreutils 9.1 takes it"
			sed "s/^$1: //" "$T/g.err" >"$T/g.errn"
			sed "s/^$1: //" "$T/err" >"$T/o.errn"
			cmp -s "$T/g.errn" "$T/o.errn" &&
			    bad "coreutils 9.1 says the same" ;;
		break)	[ $_grc -eq 0 ] || bad "coreutils 9.1 refuses it too" ;;
		esac
	fi
	verdict "$_k: $_d"
}

try="Try 'cksum --help' for more information."

# --- cksum -b, -t, --binary, --text (9.4) --------------------------------
# Known to 9.1's cksum, and refused; since 9.4 the mode mark of --untagged
# lines, as md5sum's -b and -t, so that cksum -a ALG --untagged stands in
# for ALGsum.

case1 new "cksum --untagged -b -a md5: the '*' mark (9.4)" 0 \
    "$ME *e" '' cksum --untagged -b -a md5 e
case1 new "cksum --untagged -t -a md5: the ' ' mark (9.4)" 0 \
    "$ME  e" '' cksum --untagged -t -a md5 e
case1 new "cksum --untagged --binary -a md5 (9.4)" 0 \
    "$MF *f" '' cksum --untagged --binary -a md5 f
case1 new "cksum -a sm3 --untagged --text (9.4, sm3sum.pl)" 0 \
    "1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b  e" \
    '' cksum --untagged --text -a sm3 e
case1 new "cksum -a blake2b --untagged --text -l 128 (9.4, b2sum.sh)" 0 \
    "cae66941d9efbd404e4d88758ea67670  e" '' \
    cksum -a blake2b --untagged --text -l 128 e
case1 new "cksum --untagged -b --base64 -a md5 (9.4)" 0 \
    "1B2M2Y8AsgTpgAmY7PhCfg== *e" '' cksum --untagged -b --base64 -a md5 e
case1 new "cksum -b: the CRC line, no mark (9.4)" 0 "4294967295 0 e" '' \
    cksum -b e
case1 new "cksum --untagged -t -a bsd: sum -r's line (9.4, cksum-a.sh)" 0 \
    "00000     0 e" '' cksum --untagged -t -a bsd e
case1 new "cksum -b -a md5: a tagged line, -b changes nothing (9.4)" 0 \
    "MD5 (f) = $MF" '' cksum -b -a md5 f
case1 new "cksum --binary --tag --untagged: -b is kept (9.10)" 0 \
    "$ME *e" '' cksum --binary --tag --untagged -a md5 e
case1 new "cksum --tag --untagged --binary (9.4, cksum-a.sh)" 0 \
    "$ME *e" '' cksum --tag --untagged --binary -a md5 e
case1 words "cksum -t: tagged lines have no text mode (9.10's words)" 1 '' \
    "cksum: --text mode is only supported with --untagged
$try" cksum -t e
case1 words "cksum --text --tag -a md5 (9.10)" 1 '' \
    "cksum: --text mode is only supported with --untagged
$try" cksum --text --tag -a md5 e
case1 words "cksum --untagged --tag -t: the last one counts (9.10)" 1 '' \
    "cksum: --text mode is only supported with --untagged
$try" cksum --untagged --tag -t -a md5 e
case1 words "cksum -b -c (9.10's words)" 1 '' \
    "cksum: the --binary and --text options are meaningless when verifying checksums
$try" cksum -b -c m.md5
case1 words "cksum -t -c: -c's refusal comes first (9.10)" 1 '' \
    "cksum: the --binary and --text options are meaningless when verifying checksums
$try" cksum -t -c m.md5
case1 words "cksum -t -z -c: -z -c's refusal comes first (9.10)" 1 '' \
    "cksum: the --zero option is not supported when verifying checksums
$try" cksum -t -z -c m.md5

# --- cksum --tag --check (9.4: refused; 9.10: these words) ----------------

case1 break "cksum --tag --check (9.10, cksum-c.sh)" 1 '' \
    "cksum: the --tag option is meaningless when verifying checksums
$try" cksum --tag --check m.md5
case1 break "cksum --untagged --tag -c: the last one counts (9.10)" 1 '' \
    "cksum: the --tag option is meaningless when verifying checksums
$try" cksum --untagged --tag -c m.md5
case1 words "cksum --tag -b -c: --tag's refusal before -b's (9.10)" 1 '' \
    "cksum: the --tag option is meaningless when verifying checksums
$try" cksum --tag -b -c m.md5

# --- -l: only the last counts (9.5), the lengths' messages (9.8) ---------

case1 new "b2sum -l 123 -l 128: only the last -l is checked (9.5)" 0 \
    "cae66941d9efbd404e4d88758ea67670  e" '' b2sum -l 123 -l 128 e
case1 new "cksum -a blake2b -l 123 -l 128 (9.5)" 0 \
    "BLAKE2b-128 (e) = cae66941d9efbd404e4d88758ea67670" '' \
    cksum -a blake2b -l 123 -l 128 e
case1 new "cksum -a sha3 -l 253 -l 256 (9.8, cksum-sha3.sh)" 0 \
    "SHA3-256 (e) = a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" \
    '' cksum -a sha3 -l 253 -l 256 e
for l in 513 $OFLOW; do
	case1 words "b2sum -l $l: the maximum (9.8, b2sum.sh)" 1 '' \
	    "b2sum: invalid length: '$l'
b2sum: maximum digest length for 'BLAKE2b' is 512 bits" b2sum -l $l e
	case1 words "cksum -a blake2b -l $l: the maximum (9.8)" 1 '' \
	    "cksum: invalid length: '$l'
cksum: maximum digest length for 'BLAKE2b' is 512 bits" \
	    cksum -a blake2b -l $l e
	case1 words "cksum -a sha3 -l $l (9.8, cksum-sha3.sh)" 1 '' \
	    "cksum: invalid length: '$l'
cksum: digest length for 'SHA3' must be 224, 256, 384, or 512" \
	    cksum -a sha3 -l $l e
	case1 words "cksum -a sha3 -l $l --check: checked too (9.8)" 1 '' \
	    "cksum: invalid length: '$l'
cksum: digest length for 'SHA3' must be 224, 256, 384, or 512" \
	    cksum -a sha3 -l $l --check m.md5
done
case1 words "cksum -a sha2 -l 0: a length given, and none of sha2's (9.8)" 1 \
    '' "cksum: invalid length: '0'
cksum: digest length for 'SHA2' must be 224, 256, 384, or 512" \
    cksum -a sha2 -l 0 e
case1 words "b2sum -l 12 -l 1000: the last -l's error, the maximum first (9.8)" 1 \
    '' "b2sum: invalid length: '1000'
b2sum: maximum digest length for 'BLAKE2b' is 512 bits" b2sum -l 12 -l 1000 e
for a in crc md5; do
	case1 words "cksum -a $a -l 256: what takes -l (9.8)" 1 '' \
	    "cksum: --length is only supported with --algorithm blake2b, sha2, or sha3" \
	    cksum -a $a -l 256 e
done
case1 words "cksum -l 520 -a md5: what takes -l, before the length (9.8)" 1 \
    '' "cksum: --length is only supported with --algorithm blake2b, sha2, or sha3" \
    cksum -l 520 -a md5 e
case1 words "cksum -l $OFLOW: what takes -l, as for any length (9.8)" 1 '' \
    "cksum: --length is only supported with --algorithm blake2b, sha2, or sha3" \
    cksum -l $OFLOW e

# mdsum's own -l reads the same way.
run mdsum -a blake2b -l 12 -l 128 e
expect "mdsum -a blake2b -l 12 -l 128: only the last -l counts" 0 \
    "=BLAKE2b-128 (e) = cae66941d9efbd404e4d88758ea67670" ''
run mdsum -a blake2b -l $OFLOW e
expect "mdsum -l $OFLOW: the maximum" 1 '' \
    "=mdsum: invalid length: '$OFLOW'${nl}mdsum: maximum digest length for 'BLAKE2b' is 512 bits"

# --- cksum --help: coreutils 9.10's list of algorithms ---------------------
# (cksum-base64.pl reads the lines of cksum --help that start with two
# spaces and a letter, and wants exactly its list.)

run cksum --help
want_rc 0
sed -n '/^DIGEST determines/,/^$/p' "$T/out" >"$T/digest"
cat >"$T/digest.want" <<'EOF'
DIGEST determines the digest algorithm and default output format:
  sysv      (equivalent to sum -s)
  bsd       (equivalent to sum -r)
  crc       (equivalent to cksum)
  crc32b    (only available through cksum)
  md5       (equivalent to md5sum)
  sha1      (equivalent to sha1sum)
  sha2      (equivalent to sha{224,256,384,512}sum)
  sha3      (only available through cksum)
  blake2b   (equivalent to b2sum)
  sm3       (only available through cksum)

EOF
cmp -s "$T/digest" "$T/digest.want" || bad "DIGEST list: $(cat "$T/digest")"
names=$(sed -n 's/^  \([[:alpha:]][^ ]*\).*/\1/p' "$T/out" | tr '\n' ' ')
[ "$names" = "sysv bsd crc crc32b md5 sha1 sha2 sha3 blake2b sm3 " ] ||
    bad "cksum-base64.pl's reading of --help: $names"
want_err ''
verdict "cksum --help: 9.10's DIGEST list, its order and words"

summary
