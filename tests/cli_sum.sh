#!/bin/sh
# cli_sum.sh: black-box tests of mdsum run as coreutils' sum (a link the
# build makes): -r and -s, the block counts, the names, standard input,
# the messages and exit statuses.
#
# usage: sh tests/cli_sum.sh BINDIR
#
# Part 1 runs each invocation twice, once through our link and once
# through coreutils' sum, and compares stdout byte for byte, the exit
# status and stderr (the program name at the start of a line made PROG),
# as tests/cli_gnu.sh does (both through tests/coreutils.sh).  It is
# skipped, visibly, without coreutils 9.1's sum (MDSUM_GNU_ANY=1 runs it
# against another version), and fails instead under MDSUM_TEST_NO_SKIP=1.
# Part 2 checks what holds without coreutils: known sums, --help and
# --version, and where the link parts from 9.1 on purpose (mdsum.1,
# "Coreutils names"): a failed write says why.
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
needs sum

plain_env POSIXLY_CORRECT

workdir cli_sum
G=$T/gnu
mkdir "$G" || exit 2
SYSPATH=$PATH

gnu_find sum
gnu_usable sum
echo "# coreutils sum: ${GNU_VERSION:-not found}; comparisons: $GNU"

# --- fixtures -----------------------------------------------------------

: >e
printf abc >f
# sizes on each side of the 512- and 1024-byte blocks, and of a MiB
head -c 3145729 /dev/urandom >big
SIZES="1 511 512 513 1023 1024 1025 1048575 1048576 1048577"
for s in $SIZES; do
	head -c $s big >s$s
done
printf abc >'a b'
printf abc >"a${nl}b"
printf abc >'a\b'
printf abc >"it's"
printf abc >./-r
mkdir d
printf abc >unreadable
chmod 000 unreadable
UNREADABLE="permissions not enforced (root)"
cat unreadable >/dev/null 2>&1 || UNREADABLE=yes
UTF8=
for loc in C.UTF-8 C.utf8; do
	if locale -a 2>/dev/null | grep -qx -e "$loc"; then
		UTF8=$loc
		break
	fi
done

# ========================================================================
# Part 1: our sum against coreutils' sum
# ========================================================================

if [ $GNU = no ]; then
	skip_tool "sum agrees with coreutils' sum" "$WHY_NO_GNU"
else

# --- sums and block counts ----------------------------------------------

same "sum EMPTY" sum sum e
same "sum -s EMPTY" sum sum -s e
for s in $SIZES; do
	same "sum FILE of $s bytes" sum sum s$s
	same "sum -s FILE of $s bytes" sum sum -s s$s
done
same "sum FILE of 3 MiB + 1 byte" sum sum big
same "sum --sysv FILE of 3 MiB + 1 byte" sum sum --sysv big
same "sum /dev/null" sum sum /dev/null
same "sum FILES" sum sum e f s511 s1025 big
same "sum -s FILES" sum sum -s e f s511 s1025 big

# --- options ------------------------------------------------------------

for o in -r -s --sysv -rs -sr '-r -s' '-s -r' '-s -r -s' '-r --sysv' \
    '--sysv -r' --sys --s '-s --' '-r -r'; do
	same "sum $o FILE FILE" sum sum $o f s1024
done
same "sum FILE -s (options after a FILE)" sum sum f -s
same "sum -- -r (a FILE named -r)" sum sum -- -r
same "sum -s -- -r" sum sum -s -- -r
same "sum -x: invalid option" sum sum -x f
same "sum -z: invalid option" sum sum -z f
same "sum --bsd: unrecognized option" sum sum --bsd f
same "sum --sysv=1: takes no argument" sum sum --sysv=1 f
same "sum --version=1: takes no argument" sum sum --version=1

# --- standard input -----------------------------------------------------

IN=f; same "sum < FILE (no operand: no name)" sum sum
IN=f; same "sum -s < FILE" sum sum -s
IN=big; same "sum < BIG" sum sum
IN=e; same "sum < EMPTY" sum sum
IN=f; same "sum - < FILE (the name -)" sum sum -
IN=f; same "sum -s - < FILE" sum sum -s -
IN=f; same "sum FILE - FILE < FILE" sum sum e - s513
IN=f; same "sum - - < FILE (stdin twice)" sum sum - -
same "a pipe: cat BIG | sum - -" sh sh -c 'cat big | sum - -'
same "a pipe: cat BIG | sum -s" sh sh -c 'cat big | sum -s'
IN=d; same "sum < DIR" sum sum
IN=d; same "sum -s - FILE < DIR" sum sum -s - f

# --- names and errors ---------------------------------------------------

same "sum names as they are: a space, a newline, a backslash" sum sum \
    'a b' "a${nl}b" 'a\b' "it's"
same "sum -s names as they are" sum sum -s "a${nl}b" 'a\b'
same "sum MISSING" sum sum missing
same "sum -s FILE MISSING FILE" sum sum -s f missing e
same "sum DIR" sum sum d
same "sum FILE DIR FILE" sum sum f d e
same "sum -s DIR" sum sum -s d
same "sum names quoted in messages" sum sum 'no such' "new${nl}line" \
    "it's missing" 'a\x'
if [ -n "$UTF8" ]; then
	same "LC_ALL=$UTF8 sum: names quoted in messages" \
	    "env LC_ALL=$UTF8 sum" "env LC_ALL=$UTF8 sum" 'no such' "it's missing"
else
	skip "sum in a UTF-8 locale: names quoted in messages" \
	    "no C.UTF-8 locale"
fi
if [ "$UNREADABLE" = yes ]; then
	same "sum UNREADABLE FILE" sum sum unreadable f
else
	skip "sum UNREADABLE FILE" "$UNREADABLE"
fi

# --- --help and --version -----------------------------------------------

begin
ours sum --help >"$T/o.out" 2>"$T/o.err"
_orc=$?
gnu sum --help >"$T/g.out" 2>"$T/g.err"
[ $_orc -eq 0 ] || bad "exit status $_orc"
[ "$(head -n 1 "$T/o.out")" = "$(head -n 1 "$T/g.out")" ] ||
    bad "first line not coreutils' usage line"
[ -s "$T/o.err" ] && bad "stderr not empty"
verdict "sum --help: coreutils' usage line, exit 0"

fi	# GNU = yes

# ========================================================================
# Part 2: without coreutils
# ========================================================================

# known answers: "abc" is 16556 by -r, 294 by -s
run sum f
expect "sum FILE: BSD sum, 1 block, the name" 0 '=16556     1 f' ''
run sum -s f e
expect "sum -s FILE EMPTY: System V sums" 0 "=294 1 f${nl}0 0 e" ''
IN=f
run sum
expect "sum < FILE: no name" 0 '=16556     1' ''
run sum --help
want_rc 0
want_err ''
for o in '-r ' '-s, --sysv' '--help' '--version'; do
	grep -q -e "^  *$o" "$T/out" || bad "no $o in --help"
done
verdict "sum --help: -r, -s, --sysv, --help and --version, exit 0"
run sum --version
expect "sum --version: sum (mdsum) VERSION" 0 '~sum (mdsum) ' ''

# 9.1 says only "write error" and goes on; ours says why and stops.
if [ -w /dev/full ]; then
	begin
	cmd="sum FILE FILE > /dev/full"
	(PATH=$B:$SYSPATH; exec sum f f) >/dev/full 2>"$T/err"
	rc=$?
	expect "$cmd: write error, the cause, exit 1" 1 '' \
	    '=sum: write error: No space left on device'
else
	skip_tool "sum FILE > /dev/full: write error" "no /dev/full"
fi

summary
