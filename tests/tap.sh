# shellcheck shell=sh
# tap.sh: the harness every test script of this directory shares; each
# sources it from beside itself:
#	. "$(dirname "$0")/tap.sh"
# Not a test script of its own.
#
# Output is TAP: "ok N - what", "not ok N - what" followed by "#" lines
# saying why, "ok N - what # SKIP why"; at the end "1..N" and the summary
# "N passed, N failed" (", N skipped" follows when tests were skipped),
# and the exit status is 1 if any test failed.
#
# A test runs its checks, which call bad with a reason when they fail, and
# ends with verdict DESC.  A script may redefine, after sourcing this file:
#	diagnose	the "#" lines after "not ok" (here: the reasons)
#	verdict_done	what follows every verdict (here: IN=/dev/null)
# and may set SHOW_WIDTH and CMD_WIDTH (see show and quote).

# No ranking kept by an earlier run (lib/tune_cache.c), in the user's
# home or anywhere, may change a test: keeping is off unless a test
# names a file of its own.
MDSUM_TUNE_CACHE=off
export MDSUM_TUNE_CACHE

n=0
npass=0
nfail=0
nskip=0
why=
cmd=

nl=$(printf '\nx')
nl=${nl%x}
cr=$(printf '\r')

# bindir ARG...: sets B to the script's one argument BINDIR, made absolute;
# with any other number of arguments, exits 2 with a usage message.
bindir()
{
	if [ $# -ne 1 ]; then
		echo "usage: sh tests/${0##*/} BINDIR" >&2
		exit 2
	fi
	# shellcheck disable=SC2034 # B is for the script
	case $1 in
	/*)	B=$1 ;;
	*)	B=$(pwd)/$1 ;;
	esac
}

# needs PROG...: each PROG must be an executable of B; else exits 2.
needs()
{
	for _p do
		if [ ! -x "$B/$_p" ]; then
			echo "${0##*/}: $B/$_p: not found or not executable" >&2
			exit 2
		fi
	done
}

# plain_env [VAR...]: the C locale, none of the user's choices of backend
# or kernel (nor the VARs) in the environment, stdin /dev/null.
plain_env()
{
	LC_ALL=C
	export LC_ALL
	unset MDSUM_BACKEND MDSUM_CPU "$@"
	exec </dev/null
}

# eio_shim: sets SHIM to the absolute path of eio_shim.so beside the
# script, or to nothing if it is not built.
eio_shim()
{
	SHIM=$(cd "$(dirname "$0")" && pwd)/eio_shim.so
	[ -f "$SHIM" ] || SHIM=
}

# tmpdir NAME: sets T to a new directory $TMPDIR/NAME.XXXXXX, removed at
# exit (with the permissions tests took away given back first); HUP, INT
# and TERM make the script exit, so remove it too.
tmpdir()
{
	T=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 2
	trap 'cd /; chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
	trap 'exit 129' HUP
	trap 'exit 130' INT
	trap 'exit 143' TERM
}

# workdir NAME: tmpdir NAME, then W its subdirectory w, made the current
# directory (the tests' outputs stay in T, out of the files they read).
workdir()
{
	tmpdir "$1"
	W=$T/w
	mkdir "$W" || exit 2
	cd "$W" || exit 2
}

# --- reporting ----------------------------------------------------------

ok()
{
	n=$((n + 1))
	npass=$((npass + 1))
	printf 'ok %d - %s\n' "$n" "$1"
}

skip()
{
	n=$((n + 1))
	nskip=$((nskip + 1))
	printf 'ok %d - %s # SKIP %s\n' "$n" "$1" "$2"
}

# skip_tool DESC WHY: skip DESC for want of a tool, or of what one makes;
# under MDSUM_TEST_NO_SKIP=1 (CI, whose .ci/deps installs every tool the
# tests use) it fails instead, for WHY.
skip_tool()
{
	if [ "${MDSUM_TEST_NO_SKIP:-}" = 1 ]; then
		n=$((n + 1))
		nfail=$((nfail + 1))
		printf 'not ok %d - %s\n#   %s (MDSUM_TEST_NO_SKIP=1)\n' \
		    "$n" "$1" "$2"
	else
		skip "$1" "$2"
	fi
}

notok()
{
	n=$((n + 1))
	nfail=$((nfail + 1))
	printf 'not ok %d - %s\n' "$n" "$1"
	diagnose
}

# diagnose: after "not ok", why.
diagnose()
{
	print_why
}

# verdict DESC: ok if no check since the last begin added a reason in $why,
# else not ok; then verdict_done (here: IN back to /dev/null).
verdict()
{
	if [ -z "$why" ]; then
		ok "$1"
	else
		notok "$1"
	fi
	verdict_done
}

# IN: the stdin of the next run, for the scripts whose run reads it;
# every verdict sets it back to /dev/null.
IN=/dev/null
verdict_done()
{
	IN=/dev/null
}

# bad REASON: the test fails, for REASON (one of the lines of $why).
bad()
{
	why="${why:+$why$nl}$1"
}

# print_why: the reasons in $why, indented, as TAP comments.
print_why()
{
	printf '%s\n' "$why" | sed 's/^/#   /'
}

# print_cmd: the command in $cmd as a TAP comment, through sed's l command
# when it holds a line feed or a carriage return.
print_cmd()
{
	case $cmd in
	*"$nl"*|*"$cr"*)
		printf '%s\n' "$cmd" | sed -n l |
		    sed '1s/^/#   command: /; 2,$s/^/#            /' ;;
	*)	printf '#   command: %s\n' "$cmd" ;;
	esac
}

# show LABEL FILE: prints a file unambiguously (sed's l command), indented,
# as TAP comments, at most 12 lines.  With SHOW_WIDTH set, a file with a
# line longer than that is shown through sed's l command too, cut to
# SHOW_WIDTH characters a line.
SHOW_WIDTH=
show()
{
	if [ ! -s "$2" ]; then
		printf '#   %s: (empty)\n' "$1"
	elif [ "$(tail -c 1 "$2" | od -An -c | tr -d ' ')" = '\n' ] &&
	    [ "$(tr -d '[:print:]\n' <"$2" | wc -c)" -eq 0 ] &&
	    { [ -z "$SHOW_WIDTH" ] ||
	    [ "$(awk "length > $SHOW_WIDTH" "$2" | wc -l)" -eq 0 ]; }; then
		printf '#   %s:\n' "$1"
		sed -n '1,12p' "$2" | sed 's/^/#     /'
	else
		printf '#   %s (as sed -n l shows it):\n' "$1"
		sed -n l "$2" | cut -c "1-$SHOW_WIDTH" | sed -n '1,12p' |
		    sed 's/^/#     /'
	fi
}

# quote WORD...: sets cmd to the words, quoted for the shell where needed;
# with CMD_WIDTH set, cut to that many characters followed by "...".
CMD_WIDTH=
quote()
{
	cmd=
	for _a do
		case $_a in
		''|*[!A-Za-z0-9_./=:,+-]*)
			_a=$(printf '%s' "$_a" | sed "s/'/'\\\\''/g")
			_a="'$_a'" ;;
		esac
		cmd="${cmd:+$cmd }$_a"
	done
	if [ -n "$CMD_WIDTH" ] && [ ${#cmd} -gt "$CMD_WIDTH" ]; then
		cmd="$(printf '%s' "$cmd" | cut -c "1-$CMD_WIDTH")..."
	fi
}

# --- checks of a run: its exit status in $rc, stdout, stderr --------------

# matches FILE SPEC, where SPEC is
#	""	FILE is empty
#	"*"	anything
#	"+"	FILE is not empty
#	"=TEXT"	FILE holds exactly TEXT and a newline (written to FILE.want)
#	"~TEXT"	FILE contains the fixed string TEXT
matches()
{
	case $2 in
	'')	[ ! -s "$1" ] ;;
	'*')	: ;;
	'+')	[ -s "$1" ] ;;
	=*)	printf '%s\n' "${2#=}" >"$1.want"
		cmp -s "$1.want" "$1" ;;
	'~'*)	grep -F -e "${2#?}" "$1" >/dev/null ;;
	*)	echo "${0##*/}: bad spec $2" >&2
		exit 2 ;;
	esac
}

spec_text()
{
	case $1 in
	'')	echo "expected nothing" ;;
	'+')	echo "expected something" ;;
	'~'*)	echo "expected to contain: ${1#?}" ;;
	*)	echo "see below" ;;
	esac
}

# --- a run whose stdout and stderr are kept in $T/out and $T/err ----------
# (the scripts that keep them elsewhere define their own run, want_out and
# want_err).  RUN_TIMEOUT, if set, bounds each run in seconds.

# begin: a new test; no reasons, no output of an earlier run.
begin()
{
	why=
	rm -f "$T/out" "$T/err" "$T/out.want" "$T/err.want"
}

# run CMD [ARG...]: begin, then CMD with stdout in $T/out, stderr in
# $T/err and the exit status in rc.  With RUN_FROM set, a CMD without a
# slash is the program of that name in RUN_FROM (the BSD tools' scripts:
# run sha256 -q f).
run()
{
	begin
	quote "$@"
	_c=$1
	shift
	case $_c in
	*/*)	;;
	*)	[ -n "${RUN_FROM:-}" ] && _c=$RUN_FROM/$_c ;;
	esac
	if [ -n "${RUN_TIMEOUT:-}" ]; then
		timeout "$RUN_TIMEOUT" "$_c" "$@" >"$T/out" 2>"$T/err"
	else
		"$_c" "$@" >"$T/out" 2>"$T/err"
	fi
	rc=$?
}

want_out()
{
	matches "$T/out" "$1" || bad "stdout not as expected ($(spec_text "$1"))"
}

want_err()
{
	matches "$T/err" "$1" || bad "stderr not as expected ($(spec_text "$1"))"
}

# diagnose_run: diagnose for such scripts: the command, its stdin if not
# /dev/null, the reasons, and what the run wrote and was expected to write.
diagnose_run()
{
	print_cmd
	[ "$IN" != /dev/null ] && printf '#   stdin: %s\n' "$IN"
	print_why
	[ -f "$T/out" ] && show stdout "$T/out"
	[ -f "$T/out.want" ] && show "expected stdout" "$T/out.want"
	[ -f "$T/err" ] && show stderr "$T/err"
	[ -f "$T/err.want" ] && show "expected stderr" "$T/err.want"
	return 0
}

# shellcheck disable=SC2154 # rc is set by the script's runs
want_rc()
{
	[ "$rc" -eq "$1" ] || bad "exit status $rc, expected $1"
}

# expect DESC RC STDOUT-SPEC STDERR-SPEC: checks the last run (want_out
# and want_err are the script's: they know where it put stdout and stderr).
expect()
{
	want_rc "$2"
	want_out "$3"
	want_err "$4"
	verdict "$1"
}

have()
{
	command -v "$1" >/dev/null 2>&1
}

# --- parts: a few tests of a long script, run alone -----------------------
# A script may put some of its tests, after its fixtures, in parts:
#	if part NAME; then ... fi
# and end them with parts_end.  With TAP_PART unset or empty every test
# runs; TAP_PART=NAME runs the fixtures and part NAME only (what a
# mutant's test needs, in seconds).

# part NAME: are the tests of part NAME to run?
part()
{
	[ -z "${TAP_PART:-}" ] || [ "$TAP_PART" = "$1" ]
}

# parts_end: the parts are over; with TAP_PART set, so is the run.
parts_end()
{
	[ -z "${TAP_PART:-}" ] && return
	[ $n -gt 0 ] || echo "# no part $TAP_PART in ${0##*/}"
	summary
}

# cpu_arch: sets ARCH to aarch64 if the programs of B take aarch64's
# MDSUM_CPU words (neon, crypto, armv8.2), else to x86 (x86-64's words,
# which the portable-only builds of other architectures take too).  The
# program's own answer: under qemu-user (tests/qemu.sh) /proc/cpuinfo and
# uname describe the host.
cpu_arch()
{
	if MDSUM_CPU=neon "$B/md5" -q -s x >/dev/null 2>&1; then
		ARCH=aarch64
	else
		ARCH=x86
	fi
}

# summary: "1..N" and the counts; exits 1 if a test failed, else 0.
summary()
{
	echo "1..$n"
	if [ $nskip -gt 0 ]; then
		echo "$npass passed, $nfail failed, $nskip skipped"
	else
		echo "$npass passed, $nfail failed"
	fi
	[ $nfail -eq 0 ] || exit 1
	exit 0
}
