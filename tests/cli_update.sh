#!/bin/sh
# cli_update.sh: black-box tests of how mdsum --update MANIFEST treats the
# manifest file itself: a write-protected manifest and one with other hard
# links refused and left alone; a manifest changed while the files are
# hashed (appended to, rewritten in place, replaced) never overwritten;
# two runs on one manifest taking turns, so that both add their lines; a
# dangling symbolic link (or a chain of them) naming where the manifest is
# created.  The files are hashed while a fifo, written by the script, holds
# mdsum at the right moment; every wait has a timeout.  Then the writing
# of the new manifest, through tests/eio_shim.so: a write(2) that returns
# short (the rest must follow), a directory that cannot be synced after
# the rename (the new manifest stays, with an error); and a manifest of
# the one byte "#", which gets its line end before the new lines.
#
# usage: sh tests/cli_update.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.

# shellcheck disable=SC2016 # commands in single quotes run later, by sh -c
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
needs mdsum
M=$B/mdsum
if ! have timeout || ! have mkfifo; then
	echo "cli_update.sh: needs timeout(1) and mkfifo(1)" >&2
	exit 2
fi
eio_shim

plain_env POSIXLY_CORRECT EIO_SHIM_FAIL EIO_SHIM_AFTER \
    EIO_SHIM_PATH EIO_SHIM_FD
workdir cli_update
CMD_WIDTH=300
TO=20		# seconds any one step may take
RUN_TIMEOUT=$TO

diagnose()
{
	diagnose_run
}

# fresh: a tree d/ of two files, the tagged manifest S of d/a, and a fifo p.
fresh()
{
	cd "$W" || exit 2
	chmod -R u+w . 2>/dev/null
	rm -rf ./* ./.[!.]*
	mkdir d
	printf 'alpha\n' >d/a
	printf 'bravo\n' >d/b
	"$M" d/a >S || exit 2
	mkfifo p || exit 2
}

# same FILE COPY: FILE is byte for byte COPY.
same()
{
	cmp -s "$1" "$2" || bad "$1 is not what it should be"
}

# no_temp [DIR]: no temporary file of --update is left in DIR (default .).
no_temp()
{
	set -- "${1:-.}"/.[!.]*
	for _f do
		[ -e "$_f" ] && bad "temporary file left: $_f"
	done
	return 0
}

# has FILE NAME: FILE has a line for NAME.
has()
{
	grep -F "($2) = " "$1" >/dev/null 2>&1 || bad "$1 has no line for $2"
}

# update_during CMD [ARG...]: mdsum --update S p (stdout and stderr in
# $T), and the shell command CMD (its $1... the ARGs) run once mdsum has
# read S and is hashing the fifo p; then p gets its bytes.  rc is mdsum's
# exit status.
update_during()
{
	begin
	quote "$M" --update S p
	timeout "$TO" "$M" --update S p >"$T/out" 2>"$T/err" &
	_pid=$!
	# Opening p for writing waits until mdsum opens it, after reading S.
	timeout "$TO" sh -c 'exec 3>p && c=$1 && shift && sh -c "$c" sh "$@" &&
	    echo fifo >&3' sh "$@" || bad "the fifo or the command failed"
	wait "$_pid"
	rc=$?
}

# --- write-protected ---------------------------------------------------------

fresh
chmod 444 S
cp S "$T/S.orig"
run "$M" --update S d/b
expect "read-only manifest: refused with the cause, exit 1" 1 "" \
    "=mdsum: S: cannot update: Permission denied"
begin
same S "$T/S.orig"
[ "$(stat -c %a S)" = 444 ] || bad "mode is now $(stat -c %a S)"
no_temp
verdict "read-only manifest: untouched (whoever runs it: $(id -un))"

fresh
chmod 444 S
run "$M" --update S d/a
expect "read-only manifest with nothing new: refused too" 1 "" \
    "=mdsum: S: cannot update: Permission denied"

# --- hard links ----------------------------------------------------------------

fresh
ln S S2
cp S "$T/S.orig"
run "$M" --update S d/b
expect "manifest with two hard links: refused, saying why" 1 "" \
    "=mdsum: S: cannot update: it has 2 hard links, and the others would keep the old contents"
begin
same S "$T/S.orig"
same S2 "$T/S.orig"
[ "$(stat -c '%h %i' S)" = "$(stat -c '%h %i' S2)" ] ||
    bad "S and S2 are no longer one file"
no_temp
verdict "manifest with two hard links: both names untouched"

# --- changed while the files were hashed --------------------------------------

fresh
cp S "$T/S.orig"
printf '# a note added meanwhile\n' >"$T/note"
update_during 'cat "$1" >>S' "$T/note"
want_rc 1
want_out ""
want_err "=mdsum: S: changed since it was read; not updated"
cat "$T/S.orig" "$T/note" >"$T/S.want"
same S "$T/S.want"
no_temp
verdict "appended to while hashing: not overwritten, the added line kept"

fresh
update_during 'cp S S.new && printf "# new\n" >>S.new && mv S.new S'
want_rc 1
want_err "=mdsum: S: changed since it was read; not updated"
grep -Fx '# new' S >/dev/null || bad "the file renamed over S was replaced"
no_temp
verdict "replaced while hashing: not overwritten"

# Same size, same modification time (to the nanosecond), same inode: only
# the change time tells.
fresh
# (The pause: the change time may move only at each clock tick.)
update_during 'cp -p S "$1" && sleep 0.1 &&
    printf X | dd of=S bs=1 count=1 conv=notrunc 2>/dev/null &&
    touch -r "$1" S' "$T/S.stamp"
want_rc 1
want_err "=mdsum: S: changed since it was read; not updated"
[ "$(head -c 1 S)" = X ] || bad "the byte written meanwhile is gone"
no_temp
verdict "rewritten in place, size and mtime put back: not overwritten"

fresh
rm S
update_during '"$1" d/b >S' "$M"
want_rc 1
want_err "=mdsum: S: created meanwhile; not updated"
has S d/b
grep -F '(p)' S >/dev/null && bad "the manifest made meanwhile was replaced"
no_temp
verdict "created by another while hashing: not overwritten"

# --- two runs at once ------------------------------------------------------------

# The first holds S while it hashes the fifo; the second, started then,
# must wait for it and then add to what the first wrote.
fresh
begin
quote "$M" --update S p "&" "$M" --update S d/b
timeout "$TO" "$M" --update S p >"$T/out" 2>"$T/err" &
pid1=$!
rm -f "$T/open" "$T/go"
timeout "$TO" sh -c 'exec 3>p && : >"$1" &&
    while [ ! -e "$2" ]; do sleep 0.1; done && echo fifo >&3' \
    sh "$T/open" "$T/go" &
feeder=$!
i=0
while [ ! -e "$T/open" ] && [ $i -lt $((TO * 10)) ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -e "$T/open" ] || bad "the first run never opened the fifo"
timeout "$TO" "$M" --update S d/b >"$T/out2" 2>"$T/err2" &
pid2=$!
sleep 1
kill -0 "$pid2" 2>/dev/null || bad "the second run did not wait for the first"
: >"$T/go"
wait "$feeder"
wait "$pid1" || bad "the first run failed: exit status $?"
wait "$pid2" || bad "the second run failed: exit status $?"
has S d/a
has S p
has S d/b
[ -s "$T/err" ] && bad "the first run said: $(cat "$T/err")"
[ -s "$T/err2" ] && bad "the second run said: $(cat "$T/err2")"
no_temp
verdict "two runs at once: the second waits, and both add their lines"

# --- symbolic links --------------------------------------------------------------

fresh
mkdir o
ln -s o/NEW S.link
run "$M" --update S.link -a md5 d/a
expect "dangling link: exit 0, nothing said" 0 "" ""
begin
[ -L S.link ] || bad "S.link is no longer a link"
[ -f o/NEW ] || bad "o/NEW not created"
[ -f o/NEW ] && has o/NEW d/a
no_temp
no_temp o
verdict "dangling link: the manifest created where it points"

fresh
mkdir o q
ln -s NEW o/L
ln -s ../o/L q/L
ln -s q/L S.link
run "$M" --update S.link d/a
want_rc 0
[ -f o/NEW ] || bad "o/NEW not created"
[ -f o/NEW ] && has o/NEW d/a
for l in S.link q/L o/L; do
	[ -L $l ] || bad "$l was replaced"
done
run "$M" --update S.link d/b
want_rc 0
has o/NEW d/a
has o/NEW d/b
for l in S.link q/L o/L; do
	[ -L $l ] || bad "$l was replaced"
done
verdict "chain of relative links, each from its own directory: created, then updated"

fresh
ln -s loop loop
run "$M" --update loop d/a
expect "link loop: refused" 1 "" \
    "=mdsum: loop: Too many levels of symbolic links"

# --- writing the new manifest ----------------------------------------------------

# A manifest of one byte, "#": a comment without its line end, which the
# new lines must not continue.
fresh
printf '#' >S
{
	echo '#'
	"$M" d/a d/b
} >"$T/S.want"
run "$M" --update S d/a d/b
want_rc 0
want_out ""
want_err ""
same S "$T/S.want"
verdict "a manifest of the one byte '#': '#', a line end, the new lines"
run "$M" -c S
expect "a manifest of the one byte '#': -c reads the result" 0 \
    "=d/a: OK${nl}d/b: OK" ""

if [ -n "$SHIM" ]; then
	# The two lines are 160 bytes, in one write(2), which writes 100.
	fresh
	"$M" d/a d/b >"$T/S.want"
	run env EIO_SHIM_FAIL=shortwrite EIO_SHIM_AFTER=100 LD_PRELOAD="$SHIM" \
	    "$M" --update S d/b
	expect "a short write(2): exit 0, nothing said" 0 "" ""
	begin
	same S "$T/S.want"
	no_temp
	verdict "a short write(2): the rest written after it, the manifest whole"

	# After the rename: the new manifest is in place, but may not last a
	# crash; that is an error.
	fresh
	"$M" d/a d/b >"$T/S.want"
	run env EIO_SHIM_FAIL=dirsync LD_PRELOAD="$SHIM" "$M" --update S d/b
	expect "the directory cannot be synced: an error naming the cause, exit 1" \
	    1 "" \
	    "=mdsum: S: updated, but its directory could not be synced: Input/output error"
	begin
	same S "$T/S.want"
	no_temp
	verdict "the directory cannot be synced: the new manifest in place, whole"
else
	skip_tool "a short write(2)" "tests/eio_shim.so not built"
	skip_tool "the directory cannot be synced" "tests/eio_shim.so not built"
fi

summary
