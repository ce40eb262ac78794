#!/bin/sh
# cli_options.sh: the options of mdsum (and of its coreutils-style names)
# that do not go together: each refusal of bin/gnu_options.c once, in
# each tool's words, and where several apply, the one said first.
#
# usage: sh tests/cli_options.sh BINDIR
#
# Output is TAP (see tap.sh); the exit status is 1 if any test failed.

# shellcheck disable=SC2086
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
case $0 in
*/*)	. "${0%/*}/tap.sh" ;;
*)	. ./tap.sh ;;
esac

bindir "$@"
for t in mdsum md5sum cksum; do
	if [ ! -x "$B/$t" ]; then
		echo "cli_options.sh: $B/$t: not found or not executable" >&2
		exit 2
	fi
done

LC_ALL=C
export LC_ALL
unset MDSUM_BACKEND MDSUM_CPU POSIXLY_CORRECT
exec </dev/null

tmpdir cli_options
diagnose() { diagnose_run; }
cd "$T" || exit 2
printf 'hello\n' >a
printf 'world\n' >b
printf 'a\0b\0' >F0
"$B/sha256sum" a b >S
"$B/mdsum" a b >ST
cp S U
D=$("$B/sha256sum" <a)
D=${D%% *}

# usage DESC PROG MESSAGE ARG...: PROG ARG... says MESSAGE and where
# --help is, and exits 1.
usage()
{
	desc=$1 p=$2 msg=$3
	shift 3
	run "$B/$p" "$@"
	expect "$desc" 1 "" "=$p: $msg
Try '$p --help' for more information."
}

# plain DESC PROG MESSAGE ARG...: PROG ARG... says MESSAGE alone, exits 1.
plain()
{
	desc=$1 p=$2 msg=$3
	shift 3
	run "$B/$p" "$@"
	expect "$desc" 1 "" "=$p: $msg"
}

# --- each refusal, in the order they are checked ---------------------------
usage "--size without --bench" mdsum "--size goes with --bench" --size=9 a
for o in -L --exclude=x --include=x --max-depth=1 --one-file-system; do
	usage "$o without -R" mdsum "-L, --exclude, --include, --max-depth and\
 --one-file-system need -R" $o a
done
plain "-c with -a crc" mdsum \
    "--check is not supported with --algorithm={bsd,sysv,crc}" -c -a crc S
usage "--base64 with --raw" mdsum "--base64 and --raw are mutually exclusive" \
    --base64 --raw a
usage "--refresh without --update" mdsum \
    "--prune and --refresh go with --update" --refresh a
usage "--audit with --update" mdsum "--audit and --update exclude each other" \
    --audit=S --update=U a
for o in -c "-C S" --expect=$D -A --raw --no-names -z; do
	usage "--audit with $o" mdsum "--audit does not go with -c, -C,\
 --expect, -A, --raw, --no-names or -z" --audit=S $o a
	usage "--update with $o" mdsum "--update does not go with -c, -C,\
 --expect, -A, --raw, --no-names or -z" --update=U $o a
done
for o in --base64 -b -t --tag -w --strict --ignore-missing; do
	usage "--audit with $o" mdsum "--audit does not go with --base64, -b,\
 -t, -w, --strict or --ignore-missing" --audit=S $o a
done
usage "--update with -a sysv" mdsum "--audit and --update do not go with\
 --algorithm={bsd,sysv,crc,crc32b}" --update=U -a sysv a
for o in --json --quiet --status -w --strict --ignore-missing; do
	usage "--update with $o" mdsum "--update does not go with --json,\
 --quiet, --status, -w, --strict or --ignore-missing" --update=U $o a
done
usage "--update with nothing to do" mdsum "--update needs FILE or DIR\
 operands, --files0-from, --prune or --refresh" --update=U
usage "--update=-" mdsum "--update cannot write standard input" --update=- a
usage "-t in mdsum's tagged lines" mdsum \
    "--text mode is only supported with --untagged" -t a
usage "md5sum --tag -t" md5sum "--tag does not support --text mode" \
    --tag -t a
usage "-c -z" mdsum \
    "the --zero option is not supported when verifying checksums" -c -z S
usage "md5sum -c --tag" md5sum \
    "the --tag option is meaningless when verifying checksums" -c --tag S
usage "cksum -c --tag" cksum \
    "the --tag option is meaningless when verifying checksums" -c --tag ST
for o in -b --tag; do
	usage "-c $o" mdsum "the --binary and --text options are meaningless\
 when verifying checksums" -c --untagged $o S
done
for o in ignore-missing status warn quiet strict; do
	usage "--$o without verifying" mdsum \
	    "the --$o option is meaningful only when verifying checksums" --$o a
done
usage "cksum -t in tagged lines" cksum \
    "--text mode is only supported with --untagged" -t a
usage "-C -R" mdsum \
    "the --recursive option is meaningless when verifying checksums" -C S -R a
usage "--expect --base64" mdsum \
    "the --base64 option is meaningless when verifying checksums" \
    --expect=$D --base64 a
usage "-c --raw" mdsum \
    "the --raw option is meaningless when verifying checksums" -c --raw S
usage "-c --no-names" mdsum \
    "the --no-names option is meaningless when verifying checksums" \
    -c --no-names S
for o in "-a md5,sha1" -R -A --json --no-names; do
	usage "--raw with $o" mdsum "--raw prints one digest: not with several\
 algorithms, -R, -A, --json or --no-names" --raw $o a
done
plain "--raw of two files" mdsum \
    "the --raw option is not supported with multiple files" --raw a b
run "$B/mdsum" --files0-from=F0 a
expect "--files0-from with a FILE" 1 "" "=mdsum: extra operand 'a'
file operands cannot be combined with --files0-from
Try 'mdsum --help' for more information."
for o in -c "-C S" --expect=$D -A --raw; do
	usage "--files0-from with $o" mdsum "--files0-from does not go with\
 --check, --checklist, --expect, --archive or --raw" --files0-from=F0 $o
done
usage "--expect of no FILE" mdsum "--expect takes exactly one FILE" \
    --expect=$D
usage "--expect of two FILEs" mdsum "--expect takes exactly one FILE" \
    --expect=$D a b
usage "-C with -c" mdsum "--checklist and --check exclude each other" \
    -C S -c a
usage "--expect of two algorithms" mdsum "--expect takes one algorithm" \
    --expect=$D -a md5,sha256 a
usage "-A with -C" mdsum \
    "--archive does not go with --expect, --checklist or --recursive" \
    -A -C S a
usage "-A -c of no MANIFEST" mdsum \
    "--archive --check takes a MANIFEST and then ARCHIVEs" -A -c

# --- where several apply, the first in that order is said ----------------
usage "--size before -L" mdsum "--size goes with --bench" -L --size=9 a
plain "-c -a crc before --base64 --raw" mdsum \
    "--check is not supported with --algorithm={bsd,sysv,crc}" \
    --base64 --raw -c -a crc S
usage "--prune before --audit --update" mdsum \
    "--prune and --refresh go with --update" --audit=S --prune a
usage "--audit --update before -c" mdsum \
    "--audit and --update exclude each other" -c --audit=S --update=U a
usage "--audit -R -c: --audit's refusal, not -R's" mdsum "--audit does not\
 go with -c, -C, --expect, -A, --raw, --no-names or -z" --audit=S -R -c a
usage "-c -z before -C with -c" mdsum \
    "the --zero option is not supported when verifying checksums" \
    -C S -c -z a
usage "-A -C --ignore-missing: -A -C" mdsum \
    "--archive does not go with --expect, --checklist or --recursive" \
    -A -C S --ignore-missing a
usage "--status --quiet -w: the last, -w" mdsum \
    "the --warn option is meaningful only when verifying checksums" \
    --status --quiet -w a
usage "-c -R --raw: -R first" mdsum \
    "the --recursive option is meaningless when verifying checksums" \
    -c --raw -R S
usage "--expect of no FILE before two algorithms" mdsum \
    "--expect takes exactly one FILE" -a md5,sha256 --expect=$D
plain "--raw of two files before --files0-from" mdsum \
    "the --raw option is not supported with multiple files" \
    --files0-from=F0 --raw a b

# --- what goes together -------------------------------------------------
run "$B/mdsum" -t --untagged a
expect "-t with --untagged" 0 "=$D  a" ""
run "$B/mdsum" --tag --untagged a
expect "--untagged after --tag forgets --tag's -b" 0 "=$D  a" ""
run "$B/mdsum" -b --untagged a
expect "-b with --untagged" 0 "=$D *a" ""
run "$B/cksum" -c --untagged --base64 ST
expect "cksum -c takes --untagged and --base64" 0 "=a: OK
b: OK" ""
run "$B/cksum" --untagged -b -a sha256 a
expect "cksum --untagged -b: the '*' mark" 0 "=$D *a" ""
run "$B/mdsum" --list -c -z --base64 --raw --size=9
expect "--list takes any other option" 0 "+" ""

# -x, --self-test: mdsum's own, like --list; the coreutils names have none.
# the algorithms: -a help's names but the families sha2 and sha3 (-l's)
"$B/mdsum" -a help | grep -v -x -e sha2 -e sha3 >algs
run "$B/mdsum" -x
want_rc 0
want_err ""
sed -n 's/ test suite:$//p' out | tr 'A-Z' 'a-z' >suites
[ "$(wc -l <suites)" -eq "$(wc -l <algs)" ] ||
    bad "$(wc -l <suites) test suites, $(wc -l <algs) algorithms"
grep -q ' - verified correct \[portable\]$' out || bad "no portable line"
grep -v -e ' test suite:$' -e ' - verified correct \[' out >other
[ -s other ] && bad "lines neither heading nor verified: $(head -n 3 other)"
verdict "mdsum -x: a test suite per algorithm, every line verified correct"
run "$B/mdsum" --self-test -a md5,blake3 a
want_rc 0
[ "$(grep ' test suite:$' out | tr '\n' ' ')" = "MD5 test suite: BLAKE3 test suite: " ] ||
    bad "suites: $(grep ' test suite:$' out | tr '\n' ' ')"
verdict "mdsum --self-test -a md5,blake3: those two only, the operand ignored"
run "$B/cksum" -x
expect "cksum -x: no such option" 1 "" "=cksum: invalid option -- 'x'
Try 'cksum --help' for more information."

summary
