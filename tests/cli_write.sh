#!/bin/sh
# cli_write.sh: black-box tests of what the tools do when standard output
# cannot be written: /dev/full, and a pipe whose reader has gone with
# SIGPIPE ignored.  The first failed write stops all the work, worker
# threads included; the message gives the reason ("mdsum: write error:
# No space left on device", "sha256: stdout: Broken pipe", the BSD tools
# worded as FreeBSD md5 -p words it); the exit status is 1.  With SIGPIPE
# at its default the tool dies of it, as usual.
#
# That the work stops is seen without timing it: the operand after the
# first line is endless (/dev/zero, a 1 TiB sparse file for the lanes, an
# archive member of 1 TiB fed from /dev/zero), so a tool that went on
# hashing after the failed write would never finish, and is killed after
# LIMIT seconds, far more than the few small files before it take.
#
# usage: sh tests/cli_write.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.

# shellcheck disable=SC2086 # $o and $many are option and operand words,
# split on purpose
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
plain_env POSIXLY_CORRECT
tmpdir cli_write
cd "$T" || exit 2
M=$B/mdsum
LIMIT=30
RC_PIPE=141	# killed by SIGPIPE: the shell's 128 + 13

NOSPC="No space left on device"
EPIPE="Broken pipe"

# --- running and checking -------------------------------------------------

CMD_WIDTH=200

diagnose()
{
	print_cmd
	print_why
	[ -f "$T/err" ] && show stderr "$T/err"
	[ -f "$T/err.want" ] && show "expected stderr" "$T/err.want"
	return 0
}

begin()
{
	why=
	rm -f "$T/err" "$T/err.want"
}

want_out()
{
	:
}

# The work must stop: a run killed by timeout says so.
want_stopped()
{
	[ "$rc" -ne 124 ] || bad "still working after $LIMIT seconds: killed"
}

TIMEOUT=
have timeout && TIMEOUT="timeout $LIMIT"
DEFSIG=
env --default-signal=PIPE true 2>/dev/null && DEFSIG="env --default-signal=PIPE"

# full CMD ARG...: CMD with stdout on /dev/full, stderr in $T/err, its
# status in rc (124: it did not stop within LIMIT seconds).
full()
{
	begin
	quote "$@"
	cmd="$cmd > /dev/full"
	$TIMEOUT "$@" >/dev/full 2>"$T/err"
	rc=$?
}

# closed IGNORED|DEFAULT CMD ARG...: CMD writing into | head -c1, with
# SIGPIPE ignored or at its default; stderr in $T/err, status in rc.
closed()
{
	_how=$1
	shift
	begin
	quote "$@"
	cmd="$cmd | head -c1  (SIGPIPE $_how)"
	if [ "$_how" = ignored ]; then
		{ (trap '' PIPE; exec $TIMEOUT "$@" 2>"$T/err"); echo $? >"$T/rc"; } |
		    head -c 1 >/dev/null
	else
		{ $DEFSIG $TIMEOUT "$@" 2>"$T/err"; echo $? >"$T/rc"; } |
		    head -c 1 >/dev/null
	fi
	rc=$(cat "$T/rc")
}

# stops DESC RC STDERR-SPEC: the last run stopped, with that status and
# message.
stops()
{
	want_stopped
	expect "$@"
}

# --- fixtures -------------------------------------------------------------

printf abc >a
printf 'hello\n' >z
mkdir r
cp a z r/
H_a=$(sha256sum <a | cut -d' ' -f1)
printf 'SHA256 (a) = %s\n' "$H_a" >m
ZERO=0000000000000000000000000000000000000000000000000000000000000000
# a manifest whose second entry never ends
{ cat m; printf 'SHA256 (/dev/zero) = %s\n' "$ZERO"; } >m.endless
tar cf x.tar a z 2>/dev/null || rm -f x.tar
# A name of 100 bytes: its lines, many times over, are far more than a
# pipe holds, so the writer meets the closed pipe whatever the timing.
L=long_name_to_fill_a_pipe
while [ ${#L} -lt 100 ]; do
	L=${L}x
done
printf abc >"$L"
many=
i=0
while [ $i -lt 2000 ]; do
	many="$many $L"
	i=$((i + 1))
done
{
	i=0
	while [ $i -lt 2000 ]; do
		printf 'SHA256 (%s) = %s\n' "$L" "$H_a"
		i=$((i + 1))
	done
	printf 'SHA256 (/dev/zero) = %s\n' "$ZERO"
} >many.endless
# 1 TiB of holes, for the lanes, which take regular files only
HUGE=
if truncate -s 1T huge 2>/dev/null; then
	HUGE=huge
fi
# The head of a tar stream: member a, then the header of a member "big"
# of 1 TiB (GNU base-256 size), whose data /dev/zero then feeds for ever.
TARHEAD=
if have python3 && python3 -c '
import sys, tarfile
data = open("a", "rb").read()
a = tarfile.TarInfo("a")
a.size = len(data)
big = tarfile.TarInfo("big")
big.size = 1 << 40
out = a.tobuf(tarfile.GNU_FORMAT) + data + b"\0" * (-len(data) % 512)
out += big.tobuf(tarfile.GNU_FORMAT)
open("head.tar", "wb").write(out)
' 2>/dev/null; then
	TARHEAD=head.tar
fi

# --- mdsum > /dev/full ----------------------------------------------------

if [ ! -c /dev/full ]; then
	skip_tool "mdsum, sha256sum and the BSD tools > /dev/full" "no /dev/full"
elif [ -z "$TIMEOUT" ]; then
	skip_tool "mdsum, sha256sum and the BSD tools > /dev/full" \
	    "no timeout(1)"
else
	# a's line cannot be written: /dev/zero, next, is never read to its end
	for o in "-j1" "-j2" "-j1 --untagged" "-j2 --tag" "-j1 -z" \
	    "-j2 --json" "-j1 -a md5,sha256" "-j2 --base64" "--no-multibuffer"
	do
		full "$M" $o a /dev/zero
		stops "mdsum $o a ENDLESS > /dev/full: stops, with the reason" \
		    1 '*' "=mdsum: write error: $NOSPC"
	done
	for j in 1 2; do
		full "$M" -j$j -c m.endless
		stops "mdsum -j$j -c (a, then ENDLESS) > /dev/full: stops, with the reason" \
		    1 '*' "=mdsum: write error: $NOSPC"
		# (unchanged: a guard) nothing to write is no error
		full "$M" -j$j -c --quiet m
		expect "mdsum -j$j -c --quiet OK > /dev/full: nothing written, no error" \
		    0 '*' ''
		full "$M" -j$j -R r
		expect "mdsum -j$j -R DIR > /dev/full: the reason" \
		    1 '*' "=mdsum: write error: $NOSPC"
		if [ -n "$HUGE" ]; then
			full "$M" -j$j a "$HUGE"
			stops "mdsum -j$j a HUGE (lanes) > /dev/full: stops, with the reason" \
			    1 '*' "=mdsum: write error: $NOSPC"
			full "$M" -j$j -a md5,sha512 z a "$HUGE" "$HUGE"
			stops "mdsum -j$j -a md5,sha512 z a HUGE HUGE (lanes) > /dev/full: stops" \
			    1 '*' "=mdsum: write error: $NOSPC"
		else
			skip "mdsum -j$j a HUGE (lanes) > /dev/full" \
			    "no 1 TiB sparse file here"
		fi
	done
	if [ -f x.tar ]; then
		full "$M" -A x.tar
		expect "mdsum -A TAR > /dev/full: the reason" \
		    1 '*' "=mdsum: write error: $NOSPC"
		"$M" -A x.tar >x.sums 2>/dev/null
		full "$M" -A -c x.sums x.tar
		expect "mdsum -A -c SUMS TAR > /dev/full: the reason" \
		    1 '*' "=mdsum: write error: $NOSPC"
	else
		skip_tool "mdsum -A > /dev/full" "no tar(1)"
	fi
	if [ -n "$TARHEAD" ]; then
		for j in 1 2; do
			begin
			cmd="cat head.tar /dev/zero | mdsum -j$j -A - > /dev/full"
			{ cat head.tar /dev/zero 2>/dev/null; } |
			    $TIMEOUT "$M" -j$j -A - >/dev/full 2>"$T/err"
			rc=$?
			stops "mdsum -j$j -A (a, then a member that never ends) > /dev/full: stops" \
			    1 '*' "=mdsum: write error: $NOSPC"
		done
	else
		skip_tool "mdsum -A, a member that never ends, > /dev/full" \
		    "no python3"
	fi
	full "$B/sha256sum" a /dev/zero
	stops "sha256sum a ENDLESS > /dev/full: stops, with the reason" \
	    1 '*' "=sha256sum: write error: $NOSPC"
	for o in --help --version --list; do
		full "$M" $o
		expect "mdsum $o > /dev/full: the reason" \
		    1 '*' "=mdsum: write error: $NOSPC"
	done

# --- the BSD tools > /dev/full ---------------------------------------------

	for t in md5 sha256 sha512h keccak256; do
		full "$B/$t" a z /dev/zero
		stops "$t a z ENDLESS > /dev/full: stops, with the reason" \
		    1 '*' "=$t: stdout: $NOSPC"
	done
	full "$B/sha256" -s abc /dev/zero
	stops "sha256 -s abc ENDLESS > /dev/full: stops after the string" \
	    1 '*' "=sha256: stdout: $NOSPC"
	# (unchanged: guards) output at the end, and -p's err(1, "stdout")
	full "$B/sha256" -s abc
	expect "sha256 -s abc > /dev/full: the reason" \
	    1 '*' "=sha256: stdout: $NOSPC"
	begin
	cmd="sha256 -p ENDLESS < a > /dev/full"
	$TIMEOUT "$B/sha256" -p /dev/zero <a >/dev/full 2>"$T/err"
	rc=$?
	stops "sha256 -p ENDLESS < a > /dev/full: stops at -p's output" \
	    1 '*' "=sha256: stdout: $NOSPC"
	begin
	cmd="sha256 -p < /dev/zero > /dev/full"
	$TIMEOUT "$B/sha256" -p </dev/zero >/dev/full 2>"$T/err"
	rc=$?
	stops "sha256 -p < ENDLESS > /dev/full: stops" \
	    1 '*' "=sha256: stdout: $NOSPC"
	full "$B/sha256" -x
	expect "sha256 -x > /dev/full: the reason" \
	    1 '*' "=sha256: stdout: $NOSPC"
fi

# --- a pipe closed early --------------------------------------------------

if [ -z "$TIMEOUT" ]; then
	skip_tool "a pipe closed early, SIGPIPE ignored" "no timeout(1)"
else
	for o in "-j1" "-j2" "-j2 --json" "--no-multibuffer"; do
		closed ignored "$M" $o $many /dev/zero
		stops "mdsum $o MANY ENDLESS | head -c1, SIGPIPE ignored: stops, with the reason" \
		    1 '*' "=mdsum: write error: $EPIPE"
	done
	if [ -n "$HUGE" ]; then
		for j in 1 2; do
			closed ignored "$M" -j$j $many "$HUGE"
			stops "mdsum -j$j MANY HUGE (lanes) | head -c1, SIGPIPE ignored: stops" \
			    1 '*' "=mdsum: write error: $EPIPE"
		done
	else
		skip "mdsum MANY HUGE (lanes) | head -c1" "no 1 TiB sparse file here"
	fi
	for j in 1 2; do
		closed ignored "$M" -j$j -c many.endless
		stops "mdsum -j$j -c MANY-THEN-ENDLESS | head -c1, SIGPIPE ignored: stops" \
		    1 '*' "=mdsum: write error: $EPIPE"
	done
	closed ignored "$B/sha256sum" $many /dev/zero
	stops "sha256sum MANY ENDLESS | head -c1, SIGPIPE ignored: stops" \
	    1 '*' "=sha256sum: write error: $EPIPE"
	for t in md5 sha256 sha512h keccak256; do
		closed ignored "$B/$t" $many /dev/zero
		stops "$t MANY ENDLESS | head -c1, SIGPIPE ignored: stops" \
		    1 '*' "=$t: stdout: $EPIPE"
	done
	begin
	cmd="sha256 -p < ENDLESS | head -c1  (SIGPIPE ignored)"
	{ (trap '' PIPE; exec $TIMEOUT "$B/sha256" -p </dev/zero 2>"$T/err")
	    echo $? >"$T/rc"; } | head -c 1 >/dev/null
	rc=$(cat "$T/rc")
	stops "sha256 -p < ENDLESS | head -c1, SIGPIPE ignored: stops" \
	    1 '*' "=sha256: stdout: $EPIPE"

	# SIGPIPE at its default: killed by it, as usual, without a word
	# (unchanged: a guard)
	# (env --default-signal, coreutils 9, gives it back if it was ignored)
	for p in "$M -j1" "$M -j2" "$B/sha256"; do
		closed default $p $many /dev/zero
		stops "${p##*/} MANY ENDLESS | head -c1, SIGPIPE default: killed by it" \
		    $RC_PIPE '*' ''
	done
fi

summary
