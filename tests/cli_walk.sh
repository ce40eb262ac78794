#!/bin/sh
# cli_walk.sh: black-box tests of mdsum -R's tree walk and the options
# that shape it: the notice for each symbolic link not followed, -L
# (links followed, directory loops reported and not walked, a dangling
# link an error), --exclude and --include (name and path patterns, rule
# order, directories not descended, include-only), --max-depth,
# --one-file-system (through a link to, or a mount point of, another file
# system when one is reachable), operands never filtered, the output file
# left out of its own walk (also under --audit and --update), the usage
# errors, and the count ahead of --progress in a pseudo-terminal.
#
# usage: sh tests/cli_walk.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.

set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
needs mdsum
M=$B/mdsum

plain_env POSIXLY_CORRECT
workdir cli_walk
CMD_WIDTH=300

diagnose()
{
	diagnose_run
}
EMPTY=d41d8cd98f00b204e9800998ecf8427e	# md5 of ""

# check RC STDOUT-SPEC STDERR-SPEC: as expect, for a test that checks more
# before its verdict.
check()
{
	want_rc "$1"
	want_out "$2"
	want_err "$3"
}

# names ARG...: mdsum -a md5 --untagged ARG..., stdout cut to the names
# (a line whose digest is not 32 hex digits is kept whole).
names()
{
	run "$M" -a md5 --untagged "$@"
	sed 's/^[0-9a-f]\{32\}  //' "$T/out" >"$T/out.names"
	mv "$T/out.names" "$T/out"
}

# lines TEXT...: the arguments, one a line (in $(...), for "=" specs).
lines()
{
	printf '%s\n' "$@"
}

# count FILE TEXT: how many lines of FILE contain the fixed string TEXT.
count()
{
	grep -c -F -e "$2" "$1"
}

# once TEXT: stderr has exactly one line with TEXT.
once()
{
	[ "$(count "$T/err" "$1")" -eq 1 ] ||
	    bad "stderr: not once: $1"
}

# never TEXT: stderr has no line with TEXT.
never()
{
	grep -F -e "$1" "$T/err" >/dev/null && bad "stderr: unexpected: $1"
	return 0
}

NOTICE="symbolic link not followed (-L follows it)"
LOOP="file system loop detected"

# The tree t: files at depths 1 to 3, a directory and a file both named
# build, a .git directory holding a link, and links to a file, to a
# directory, to nowhere and, deep down, to a file.
mkdir -p t/.git t/build t/doc/api t/sub/deep
for f in a.c b.txt build.c .git/cfg build/x.o doc/a.html doc/api/b.html \
    sub/b.txt sub/build sub/c.c sub/deep/e.c sub/deep/f.txt; do
	printf '%s\n' "$f" >"t/$f"
done
ln -s cfg t/.git/head
ln -s a.c t/lnk
ln -s sub t/dirlink
ln -s nowhere t/dangling
ln -s e.c t/sub/deep/dl
# In byte order of the names, directory by directory: build/x.o before
# build.c.
ALL=$(lines t/.git/cfg t/a.c t/b.txt t/build/x.o t/build.c t/doc/a.html \
    t/doc/api/b.html t/sub/b.txt t/sub/build t/sub/c.c t/sub/deep/e.c \
    t/sub/deep/f.txt)

# --- usage ------------------------------------------------------------------

for o in -L --follow --exclude=x --include=x --max-depth=1 \
    --one-file-system; do
	run "$M" "$o" t/a.c
	expect "$o without -R: a usage error saying it needs -R" 1 "" \
	    "~need -R"
done

for v in -1 x 1x '' ' 1' +1 99999999999999999999999; do
	run "$M" -R --max-depth="$v" t
	expect "--max-depth='$v': a usage error naming the value" 1 "" \
	    "~invalid maximum depth: '$v'"
done

for o in --exclude= --include= --exclude=/ --include=//; do
	run "$M" -R "$o" t
	expect "$o: a usage error, an empty pattern" 1 "" \
	    "~invalid argument '${o#*=}' for '${o%%=*}'"
done

begin
quote "$M" -R -L --max-depth=0 t, and md5sum, sha256sum, b2sum, cksum -L
"$M" -R -L --max-depth=0 t >"$T/out" 2>"$T/err" ||
    bad "mdsum -R -L: exit status $?"
for p in md5sum sha256sum b2sum cksum; do
	for o in -L --follow --exclude=x --include=x --max-depth=1 \
	    --one-file-system; do
		"$B/$p" "$o" t/a.c >/dev/null 2>"$T/err.$p" &&
		    bad "$p $o: accepted"
		grep -e "option" "$T/err.$p" >/dev/null ||
		    bad "$p $o: not refused as an unknown option"
	done
done
verdict "-L and the walk options are mdsum's: the coreutils names refuse them"

# --- symbolic links ---------------------------------------------------------

names -R t
check 0 "=$ALL" "+"
once "t/lnk: $NOTICE"
once "t/dirlink: $NOTICE"
once "t/dangling: $NOTICE"
once "t/.git/head: $NOTICE"
once "t/sub/deep/dl: $NOTICE"
[ "$(wc -l <"$T/err")" -eq 5 ] || bad "stderr: not five lines"
verdict "-R: links not followed, each noticed once on a line of its own, exit 0"

names -R -j1 t
check 0 "=$ALL" "+"
[ "$(count "$T/err" "$NOTICE")" -eq 5 ] || bad "stderr: not five notices"
[ "$(wc -l <"$T/err")" -eq 5 ] || bad "stderr: not five lines"
verdict "-R -j1: the same five notices, nothing else"

names -R t/dirlink
expect "-R: a link named as operand is followed, the one inside noticed" 0 \
    "=$(lines t/dirlink/b.txt t/dirlink/build t/dirlink/c.c \
    t/dirlink/deep/e.c t/dirlink/deep/f.txt)" \
    "=mdsum: t/dirlink/deep/dl: $NOTICE"

names -R -L t
expect "-L: links followed, no notice, the dangling one an error, exit 1" 1 \
    "=$(lines t/.git/cfg t/.git/head t/a.c t/b.txt t/build/x.o t/build.c \
    t/dirlink/b.txt t/dirlink/build t/dirlink/c.c t/dirlink/deep/dl \
    t/dirlink/deep/e.c t/dirlink/deep/f.txt t/doc/a.html \
    t/doc/api/b.html t/lnk t/sub/b.txt t/sub/build t/sub/c.c \
    t/sub/deep/dl t/sub/deep/e.c t/sub/deep/f.txt)" \
    "=mdsum: t/dangling: No such file or directory"

run "$M" -a md5 --untagged -R -L t
a=$(sed -n 's/  t\/a\.c$//p' "$T/out")
l=$(sed -n 's/  t\/lnk$//p' "$T/out")
if [ -z "$a" ] || [ "$a" != "$l" ]; then
	bad "t/lnk's digest is not t/a.c's"
fi
want_rc 1
verdict "-L: a link to a file is hashed as the file, under its own name"

names -R -L --exclude=dangling t
want_rc 0
want_err ""
verdict "-L: without the dangling link, exit 0"

# --- loops under -L ---------------------------------------------------------

mkdir -p l/sub
echo x >l/x
echo y >l/sub/y
ln -s .. l/sub/up
ln -s . l/self
names -R -L l
check 1 "=$(lines l/sub/y l/x)" "+"
once "mdsum: l/sub/up: $LOOP (the directory l again)"
once "mdsum: l/self: $LOOP (the directory l again)"
[ "$(wc -l <"$T/err")" -eq 2 ] || bad "stderr: not two lines"
verdict "-L: links to a parent and to itself: files once, each loop reported with its name, exit 1"

names -R -L --exclude=up --exclude=self l
expect "-L: loops excluded: nothing said, exit 0" 0 "=$(lines l/sub/y l/x)" ""

names -R -L --max-depth=1 l
expect "-L --max-depth=1: a loop at depth 1 is not descended, so not met" 0 \
    "=l/x" ""

names -R -L --max-depth=2 l
expect "-L --max-depth=2: only the loop within reach is reported" 1 \
    "=$(lines l/sub/y l/x)" "=mdsum: l/self: $LOOP (the directory l again)"

names -R l
check 0 "=$(lines l/sub/y l/x)" "+"
once "l/sub/up: $NOTICE"
once "l/self: $NOTICE"
never "$LOOP"
verdict "-R without -L: no loop, a notice per link, exit 0"

# --- --exclude and --include ------------------------------------------------

names -R --exclude=.git --exclude='*.o' t
check 0 \
    "=$(lines t/a.c t/b.txt t/build.c t/doc/a.html t/doc/api/b.html \
    t/sub/b.txt t/sub/build t/sub/c.c t/sub/deep/e.c t/sub/deep/f.txt)" "+"
never "t/.git/head"
verdict "--exclude: a directory (not descended: its link not met) and a name pattern"

names -R --exclude=deep t
check 0 \
    "=$(lines t/.git/cfg t/a.c t/b.txt t/build/x.o t/build.c t/doc/a.html \
    t/doc/api/b.html t/sub/b.txt t/sub/build t/sub/c.c)" "+"
never "t/sub/deep/dl"
verdict "--exclude=deep: the directory below sub not walked, no notice from inside it"

names -R --include='*.c' t
expect "--include='*.c' alone: the C files at every depth, directories descended" \
    0 "=$(lines t/a.c t/build.c t/sub/c.c t/sub/deep/e.c)" "*"

names -R --include='*.c' t/sub
expect "--include: a link whose name no rule keeps gets no notice" 0 \
    "=$(lines t/sub/c.c t/sub/deep/e.c)" ""

names -R --include='*.txt' --exclude=sub t
expect "--include and --exclude of a directory" 0 "=t/b.txt" "*"

names -R --include=c.c --exclude='*.c' --include='*.txt' t
expect "rule order: --include=c.c before --exclude='*.c' keeps c.c" 0 \
    "=$(lines t/b.txt t/sub/b.txt t/sub/c.c t/sub/deep/f.txt)" "*"

names -R --exclude='*.c' --include=c.c --include='*.txt' t
expect "rule order: --exclude='*.c' before --include=c.c leaves it out" 0 \
    "=$(lines t/b.txt t/sub/b.txt t/sub/deep/f.txt)" "*"

names -R --exclude=sub --include=sub --include='*' t
expect "rule order: --exclude=sub first, the directory is not walked" 0 \
    "=$(lines t/.git/cfg t/a.c t/b.txt t/build/x.o t/build.c t/doc/a.html \
    t/doc/api/b.html)" "*"

names -R --include=sub --exclude=sub --include='*' t
expect "rule order: --include=sub first, the directory is walked" 0 \
    "=$ALL" "*"

names -R --exclude='doc/*.html' t
expect "--exclude with '/': matched against the path below the operand" 0 \
    "=$(lines t/.git/cfg t/a.c t/b.txt t/build/x.o t/build.c \
    t/doc/api/b.html t/sub/b.txt t/sub/build t/sub/c.c t/sub/deep/e.c \
    t/sub/deep/f.txt)" "*"

names -R --exclude='doc/*/b.html' --exclude='sub/*.txt' t/ ./t
expect "--exclude with '/': the same below t/ and ./t" 0 \
    "=$(lines t/.git/cfg t/a.c t/b.txt t/build/x.o t/build.c t/doc/a.html \
    t/sub/build t/sub/c.c t/sub/deep/e.c t/sub/deep/f.txt \
    ./t/.git/cfg ./t/a.c ./t/b.txt ./t/build/x.o ./t/build.c \
    ./t/doc/a.html ./t/sub/build ./t/sub/c.c ./t/sub/deep/e.c \
    ./t/sub/deep/f.txt)" "*"

names -R --exclude=/b.txt t
expect "--exclude=/NAME: at the top of the operand only" 0 \
    "=$(lines t/.git/cfg t/a.c t/build/x.o t/build.c t/doc/a.html \
    t/doc/api/b.html t/sub/b.txt t/sub/build t/sub/c.c t/sub/deep/e.c \
    t/sub/deep/f.txt)" "*"

names -R --exclude=build/ t
expect "--exclude=NAME/: directories only (the file sub/build stays)" 0 \
    "=$(lines t/.git/cfg t/a.c t/b.txt t/build.c t/doc/a.html \
    t/doc/api/b.html t/sub/b.txt t/sub/build t/sub/c.c t/sub/deep/e.c \
    t/sub/deep/f.txt)" "*"

names -R --exclude=build t
expect "--exclude=NAME: the directory and the file" 0 \
    "=$(lines t/.git/cfg t/a.c t/b.txt t/build.c t/doc/a.html \
    t/doc/api/b.html t/sub/b.txt t/sub/c.c t/sub/deep/e.c \
    t/sub/deep/f.txt)" "*"

names -R --exclude='*.c' --exclude=sub --exclude=t t/a.c t/sub
expect "operands are never filtered, only what is below them" 0 \
    "=$(lines t/a.c t/sub/b.txt t/sub/build t/sub/deep/f.txt)" "*"

printf 't/sub\0t/a.c\0' >list0
names -R --exclude=deep --files0-from=list0
expect "--files0-from: the rules apply below its names" 0 \
    "=$(lines t/sub/b.txt t/sub/build t/sub/c.c t/a.c)" "*"

# --- --max-depth ------------------------------------------------------------

names -R --max-depth=0 t t/a.c
expect "--max-depth=0: nothing below a directory operand, a file operand hashed" \
    0 "=t/a.c" ""

names -R --max-depth=1 t
check 0 \
    "=$(lines t/a.c t/b.txt t/build.c)" "+"
once "t/lnk: $NOTICE"
never "t/.git/head"
never "t/sub/deep/dl"
verdict "--max-depth=1: the files directly in the operand; only the links there noticed"

names -R --max-depth=2 t
expect "--max-depth=2: two levels" 0 \
    "=$(lines t/.git/cfg t/a.c t/b.txt t/build/x.o t/build.c t/doc/a.html \
    t/sub/b.txt t/sub/build t/sub/c.c)" "*"

names -R --max-depth=3 t
expect "--max-depth=3: the whole tree" 0 "=$ALL" "*"

names -R --max-depth=007 t
expect "--max-depth=007: decimal, the whole tree" 0 "=$ALL" "*"

# --- --one-file-system ------------------------------------------------------

# A writable directory on another device than $T, for a link to it.
tdev=$(stat -c %d "$T" 2>/dev/null)
other=
for d in /dev/shm "/run/user/$(id -u)" /var/tmp /tmp "${TMPDIR:-/tmp}"; do
	{ [ -d "$d" ] && [ -w "$d" ]; } || continue
	[ "$(stat -c %d "$d" 2>/dev/null)" != "$tdev" ] || continue
	other=$(mktemp -d "$d/cli_walk.XXXXXX") || continue
	break
done
if [ -n "$other" ] && [ -n "$tdev" ]; then
	trap 'cd /; rm -rf "$T" "$other"' EXIT
	echo far >"$other/far"
	mkdir x
	echo near >x/near
	ln -s "$other" x/other
	names -R -L x
	expect "-L, a link to another file system: walked" 0 \
	    "=$(lines x/near x/other/far)" ""
	names -R -L --one-file-system x
	expect "-L --one-file-system: a link to another file system not walked, nothing said" \
	    0 "=x/near" ""
else
	skip "-L, a link to another file system" \
	    "no writable directory on a device other than $T's"
	skip "-L --one-file-system" \
	    "no writable directory on a device other than $T's"
fi

# A mount point below a directory on another device: walked from that
# directory, with rules that keep the walk to the test's own files.
mnt=
for d in /dev/shm /tmp /var/tmp "/run/user/$(id -u)"; do
	{ [ -d "$d" ] && [ -w "$d" ]; } || continue
	[ "$(stat -c %d "$d" 2>/dev/null)" != \
	    "$(stat -c %d "$d/.." 2>/dev/null)" ] || continue
	mnt=$d
	break
done
if [ -n "$mnt" ] && mine=$(mktemp -d "$mnt/cli_walk.XXXXXX"); then
	trap 'cd /; rm -rf "$T" "$other" "$mine"' EXIT
	echo mine >"$mine/f"
	top=${mnt%/*}
	top=${top:-/}
	set -- "--include=/${mnt##*/}/" "--include=/${mnt##*/}/${mine##*/}/" \
	    "--include=/${mnt##*/}/${mine##*/}/*" "--exclude=*"
	names -R "$@" "$top"
	expect "-R: a mount point below the operand ($mnt) is walked" 0 \
	    "=$mine/f" "*"
	names -R --one-file-system "$@" "$top"
	expect "--one-file-system: a mount point below the operand ($mnt) is not" \
	    0 "" ""
else
	skip "-R: a mount point below the operand" \
	    "no writable mount point of another file system found"
	skip "--one-file-system: a mount point below the operand" \
	    "no writable mount point of another file system found"
fi

# --- the output file --------------------------------------------------------

mkdir o
echo 1 >o/a
echo 2 >o/b
mkdir o/sub
echo 3 >o/sub/c
OALL=$(lines ./a ./b ./sub/c)

begin
cmd="cd o && mdsum -a md5 --untagged -R . >SUMS"
(cd o && "$M" -a md5 --untagged -R . >SUMS 2>"$T/err")
rc=$?
sed 's/^[0-9a-f]\{32\}  //' o/SUMS >"$T/out"
expect "mdsum -R . >SUMS: SUMS is not in it" 0 "=$OALL" ""

begin
cmd="cd o && mdsum -a md5 --untagged -R . >>SUMS"
(cd o && "$M" -a md5 --untagged -R . >>SUMS 2>"$T/err")
rc=$?
sed 's/^[0-9a-f]\{32\}  //' o/SUMS >"$T/out"
expect "mdsum -R . >>SUMS: appending, SUMS is not in it either" 0 \
    "=$OALL$nl$OALL" ""

begin
cmd="cd o && mdsum -a md5 --untagged -R sub/.. >sub/OUT"
(cd o && "$M" -a md5 --untagged -R sub/.. >sub/OUT 2>"$T/err")
rc=$?
sed 's/^[0-9a-f]\{32\}  //' o/sub/OUT >"$T/out"
expect "the output file is known by what it is, not by its name" 0 \
    "=$(lines sub/../SUMS sub/../a sub/../b sub/../sub/c)" ""
rm -f o/sub/OUT

begin
cmd="cd o && mdsum -a md5 --untagged -R ./SUMS . >SUMS"
(cd o && "$M" -a md5 --untagged -R ./SUMS . >SUMS 2>"$T/err")
rc=$?
cp o/SUMS "$T/out"
expect "an output file named as an operand is hashed (empty), the walk's left out" \
    0 "=$(lines "$EMPTY  ./SUMS" "$(cd o && "$M" -a md5 --untagged ./a ./b \
    ./sub/c)")" ""

ln -s SUMS o/link
begin
cmd="cd o && mdsum -a md5 --untagged -R -L . >SUMS"
(cd o && "$M" -a md5 --untagged -R -L . >SUMS 2>"$T/err")
rc=$?
sed 's/^[0-9a-f]\{32\}  //' o/SUMS >"$T/out"
expect "-L: a link to the output file is left out too" 0 "=$OALL" ""
rm o/link

(cd o && "$M" -R . >SUMS)
begin
cmd="cd o && mdsum --audit=SUMS -R . >REPORT"
(cd o && "$M" --audit=SUMS -R . >REPORT 2>"$T/err")
rc=$?
cp o/REPORT "$T/out"
expect "--audit=SUMS -R . >REPORT: the report is not a new file" 0 \
    "=$(lines './a: ok' './b: ok' './sub/c: ok')" \
    "~0 new, 0 missing"
rm o/REPORT

echo 4 >o/d
begin
cmd="cd o && mdsum --update=SUMS -R . >OUT"
(cd o && "$M" --update=SUMS -R . >OUT 2>"$T/err")
rc=$?
sed 's/^SHA256 (\(.*\)) = [0-9a-f]*$/\1/' o/SUMS >"$T/out"
expect "--update=SUMS -R . >OUT: OUT is not added, the new file is" 0 \
    "=$(lines ./a ./b ./sub/c ./d)" "*"
rm o/OUT o/d

# --- the count ahead of --progress ------------------------------------------

if have script && script -qfec true /dev/null >/dev/null 2>&1; then
	# One input that comes slowly keeps the status line on the screen
	# once the count is done.
	cat >"$T/slow.sh" <<'EOF'
head -c 1048576 /dev/zero
sleep 1.2
head -c 1048576 /dev/zero
EOF
	cp -R t p
	begin
	cmd="cd p && sh slow.sh | mdsum --progress -R -L --exclude=deep --include='*.c' --include='*.txt' --max-depth=2 . - >OUT.txt"
	(cd p && PATH=$B:$PATH script -qfec "sh '$T/slow.sh' | mdsum --progress -R -L --exclude=deep --include='*.c' --include='*.txt' --max-depth=2 . - >OUT.txt" \
	    /dev/null >"$T/ts" 2>&1)
	rc=$?
	sed 's/^SHA256 (\(.*\)) = [0-9a-f]*$/\1/' p/OUT.txt >"$T/out"
	want_rc 0
	want_out "=$(lines ./a.c ./b.txt ./build.c ./dirlink/b.txt \
	    ./dirlink/c.c ./sub/b.txt ./sub/c.c -)"
	tr '\r' '\n' <"$T/ts" | grep -a -F '[7/8]' >/dev/null ||
	    bad "no status line [7/8]: the count ahead is not the walk's"
	tr '\r' '\n' <"$T/ts" | grep -a -E '\[[0-9]+/(9|[1-9][0-9])\]' \
	    >/dev/null && bad "a total beyond 8 was shown"
	verdict "--progress: the count ahead follows -L, the rules, the depth and leaves out the output file"

	begin
	cmd="sh slow.sh | mdsum --progress -R t - >OUT.txt"
	PATH=$B:$PATH script -qfec "sh '$T/slow.sh' | mdsum --progress -R t - >OUT.txt" \
	    /dev/null >"$T/ts" 2>&1
	rc=$?
	want_rc 0
	tr '\r' '\n' <"$T/ts" | grep -a -F '[12/13]' >/dev/null ||
	    bad "no status line [12/13]"
	[ "$(tr '\r' '\n' <"$T/ts" | count /dev/stdin "t/lnk: $NOTICE")" -eq 1 ] ||
	    bad "the notice for t/lnk is not there once"
	verdict "--progress: the notices are given once, not by the count ahead"
	rm -f OUT.txt
else
	skip_tool "--progress: the count ahead" "no script(1)"
	skip_tool "--progress: the notices given once" "no script(1)"
fi

summary
