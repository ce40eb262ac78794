#!/bin/sh
# coreutils_upstream.sh: GNU coreutils' own tests of cksum, b2sum, md5sum,
# sha1sum ... sha512sum and sum, taken from Debian's source packages of
# coreutils, run against the links of BINDIR (make check-coreutils):
#	sh tests/coreutils_upstream.sh BINDIR
#
# For each version of COREUTILS_VERSIONS (default "9.1 newest": the
# newest Debian revision of 9.1, bookworm's, and the newest version of
# coreutils apt's deb-src lists carry, sid's), apt-get source downloads
# the source package into the cache (MDSUM_COREUTILS_CACHE, by default
# ~/.cache/mdsum/coreutils-src), dpkg-source -x unpacks it (Debian's
# patches applied) into a scratch directory, and every script of its
# tests/local.mk that exercises a checksum program (tests/misc/ in 9.1,
# tests/cksum/ later) runs there as coreutils' own make check runs it:
# from the top of the source tree, with the environment of local.mk's
# TESTS_ENVIRONMENT and, for the Perl ones, its PL_LOG_COMPILER, and
# with the tree's src/ (first in PATH, where the scripts look for the
# programs they test) holding links to BINDIR's programs.  The other
# programs some scripts use (printf, od, date, shuf) are the system's.
#
# apt-get source needs deb-src lines for bookworm and sid; .ci/deps adds
# them (as root).  A version that cannot be fetched is skipped, with
# what to do; MDSUM_TEST_NO_SKIP=1 makes that a failure.
#
# One TAP line per script and version.  A script passes when it exits 0;
# 77 (its own skip: a program or feature it needs is missing) is a skip,
# a failure under MDSUM_TEST_NO_SKIP=1, but for the sum scripts when
# BINDIR has no sum; anything else fails, with the end of its log.

. "$(dirname "$0")/tap.sh"

bindir "$@"
needs cksum b2sum md5sum sha1sum sha224sum sha256sum sha384sum sha512sum
# (VERBOSE and DEBUG would change the scripts' runs: set -x, temporary
# files kept)
plain_env VERBOSE DEBUG
tmpdir coreutils_upstream

# The programs the scripts test, ours: sum only once BINDIR has it.
OURS="cksum b2sum md5sum sha1sum sha224sum sha256sum sha384sum sha512sum"
if [ -x "$B/sum" ]; then
	OURS="$OURS sum"
	HAVE_SUM=yes
else
	HAVE_SUM=no
	echo "# $B/sum is not built: the sum scripts are skipped"
fi

CACHE=${MDSUM_COREUTILS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mdsum/coreutils-src}
VERSIONS=${COREUTILS_VERSIONS:-9.1 newest}
# Seconds one script may run (the slowest takes a few).
SCRIPT_TIMEOUT=${COREUTILS_SCRIPT_TIMEOUT:-600}
# COREUTILS_SCRIPTS="md5sum-bsd.sh ...": only the scripts of those names.
ONLY=${COREUTILS_SCRIPTS:-}
# Lines of a failing script's log shown (and as many of its failed
# checks).
LOG_LINES=${COREUTILS_LOG_LINES:-24}

# How to get the sources, for the messages of a version that cannot be
# fetched.
HOWTO="as root, sh .ci/deps adds deb-src lines for bookworm and sid and runs apt-get update"

# --- adapting a script, excusing a check ----------------------------------
# Two small tables, tab-separated, for the scratch copy of a script, in
# the versions from MIN on (upstream versions, dpkg's order).  A row
# whose lines are not found in a version's script changes nothing there,
# and says so in a "#" line.
#
# adapt_rows: how a script is run, changed where coreutils' test has a
# way of working that assumes coreutils' own program; every check still
# counts.
#	MIN	SCRIPT	SED-EXPRESSION	REASON
# cksum-c.sh makes one file's reads fail by strace's fault injection,
# with no -f: only the first thread is traced, and mdsum reads its files
# in worker threads, whose reads do not fail (tests/fault.sh tests read
# errors in every thread).  With -f the fault reaches them.
# (9.10 is the version the row was written for: 9.1's script has no such
# check.)
adapt_rows()
{
	cat <<'EOF'
9.10	cksum-c.sh	s/strace -o /strace -f -o /	strace -f: the fault injection follows the reading threads
EOF
}

# known_rows: a check of an upstream script that mdsum fails on purpose,
# excused:
#	MIN	SCRIPT	CONTEXT	CHECK	REASON
# The check is the first line matching the extended regular expression
# CHECK, at or after the first line matching CONTEXT, and it must end in
# "|| fail=1" (shell scripts only).  That "|| fail=1" becomes
# "|| known_deviation_ SCRIPT", which records the failure without
# failing the script: every other check still counts, and the script
# must still exit 0.  The TAP line says what was excused, and when the
# excused check passed anyway (its row can go).
#
# coreutils 9.11 quotes the names of md5sum -c's status lines for the
# shell ('a\b': OK) where earlier versions, and mdsum, escape them with a
# backslash (\a\\b: OK; 9.10's md5sum-bsd.sh checks that form); the row
# was written before 9.11 reached Debian, from 9.10's script: its CONTEXT
# and CHECK are to be confirmed against 9.11's when it does.
known_rows()
{
	cat <<'EOF'
9.11	md5sum-bsd.sh	^ *md5sum --strict -c check\.md5 > out	^ *compare exp out	names in status lines escaped with a backslash, not quoted for the shell
EOF
}
TAB=$(printf '\t')

# edit_script UPVERSION SCRIPT FILE: the rows of both tables for
# UPVERSION's SCRIPT applied to FILE (its scratch copy); ADAPTED and
# EXCUSED get the reasons of the rows applied, NOTES a line for each
# row that did not fit.
edit_script()
{
	ADAPTED=
	EXCUSED=
	NOTES=
	while IFS=$TAB read -r _min _script _sed _reason; do
		row_applies "$1" "$2" || continue
		sed -e "$_sed" "$3" >"$3.edit"
		if cmp -s "$3" "$3.edit"; then
			NOTES="${NOTES:+$NOTES$nl}adapt_rows ($_min $_script: $_sed) does not fit this script: nothing changed"
		else
			cat "$3.edit" >"$3"
			ADAPTED="${ADAPTED:+$ADAPTED; }$_reason"
		fi
		rm -f "$3.edit"
	done <<EOF
$(adapt_rows)
EOF
	while IFS=$TAB read -r _min _script _ctx _chk _reason; do
		row_applies "$1" "$2" || continue
		# (through the environment: awk -v would take the
		# backslashes of the expressions for escapes)
		if CTX=$_ctx CHK=$_chk awk -v name="$_script" '
		    !in_ctx && $0 ~ ENVIRON["CTX"] { in_ctx = 1 }
		    in_ctx && !done && $0 ~ ENVIRON["CHK"] {
			if (!sub(/\|\| fail=1$/, "|| known_deviation_ " name))
				exit 1
			done = 1
		    }
		    { print }
		    END { exit !done }' "$3" >"$3.edit"; then
			# The function the edited line calls, before
			# anything else of the script runs.
			# shellcheck disable=SC2016 # (the script's variables)
			{
				sed -n 1p "$3.edit"
				echo 'known_deviation_ () { echo "$1" >>"$CU_EXCUSED_LOG"; echo "known deviation: $1: excused" >&2; }'
				sed 1d "$3.edit"
			} >"$3"
			EXCUSED="${EXCUSED:+$EXCUSED; }$_reason"
		else
			NOTES="${NOTES:+$NOTES$nl}known_rows ($_min $_script: $_chk) does not fit this script: nothing excused"
		fi
		rm -f "$3.edit"
	done <<EOF
$(known_rows)
EOF
}

# row_applies UPVERSION SCRIPT: is the row read ($_min, $_script) one
# for this version's script?
row_applies()
{
	[ -n "$_min" ] && [ "$_script" = "${2##*/}" ] &&
	    dpkg --compare-versions "$1" ge "$_min"
}

# --- fetching -------------------------------------------------------------

# versions_known: the versions of the source package coreutils that apt's
# deb-src lists carry, and those whose .dsc is in the cache, one a line.
versions_known()
{
	if have apt-cache; then
		apt-cache showsrc --only-source coreutils 2>/dev/null |
		    sed -n 's/^Version: //p'
	fi
	for _d in "$CACHE"/coreutils_*.dsc; do
		[ -f "$_d" ] || continue
		_d=${_d##*/coreutils_}
		echo "${_d%.dsc}"
	done
}

# resolve SPEC: sets V to the Debian version SPEC names, or to nothing:
# "newest" the newest known, a version with a Debian revision (9.1-1)
# itself, an upstream version (9.1) its newest Debian revision.
resolve()
{
	V=
	for _v in $(versions_known | sort -u); do
		case $1 in
		newest)	;;
		*-*)	[ "$_v" = "$1" ] || continue ;;
		*)	[ "$(upstream "$_v")" = "$1" ] || continue ;;
		esac
		if [ -z "$V" ] || dpkg --compare-versions "$_v" gt "$V"; then
			V=$_v
		fi
	done
}

# upstream VERSION: the upstream part of a Debian version.
upstream()
{
	_u=${1#*:}
	echo "${_u%-*}"
}

# fetch VERSION DIR: the source package coreutils VERSION unpacked into
# DIR, from the cache, or downloaded into it first when it is not there
# (or no longer unpacks); on failure returns 1 with the reason in $why.
fetch()
{
	_dsc=$CACHE/coreutils_${1#*:}.dsc
	[ -f "$_dsc" ] && unpack "$_dsc" "$2" && return 0
	if ! mkdir -p "$CACHE" 2>"$T/fetch.log"; then
		why="cannot make the cache $CACHE: $(tail -1 "$T/fetch.log")"
		return 1
	fi
	if ! (cd "$CACHE" && apt-get source --download-only "coreutils=$1") \
	    >"$T/fetch.log" 2>&1 || [ ! -f "$_dsc" ]; then
		why="apt-get source --download-only coreutils=$1 failed ($(grep '^E:' "$T/fetch.log" | tail -1)): $HOWTO"
		return 1
	fi
	unpack "$_dsc" "$2" && return 0
	why="dpkg-source -x $_dsc failed: $(tail -1 "$T/unpack.log")"
	return 1
}

# unpack DSC DIR: dpkg-source -x, which checks the files against DSC.
unpack()
{
	rm -rf "$2"
	dpkg-source -x "$1" "$2" >"$T/unpack.log" 2>&1
}

# --- running one script ---------------------------------------------------

# scripts TREE: the scripts of TREE's tests/local.mk that exercise the
# checksum programs, in its order.
scripts()
{
	sed -n 's/^[[:space:]]*\(tests\/[^[:space:]\\]*\)[[:space:]\\]*$/\1/p' \
	    "$1/tests/local.mk" |
	    grep -E '^tests/[^/]+/((b2|md5|sha[0-9]+|sm3)?sum|cksum)([-.][^/]*)?\.(sh|pl|xpl)$' |
	    awk '!seen[$0]++'
}

# The environment local.mk's TESTS_ENVIRONMENT gives each script, then
# the script run as SH_LOG_COMPILER or PL_LOG_COMPILER runs it; from the
# top of the tree, with stderr's copy on fd 9 as there.  $1 the tree,
# $2 the script, $3 the upstream version.
# shellcheck disable=SC2016 # (sh -c's arguments)
RUNNER='
cd "$1" || exit 99
. ./tests/lang-default
tmp__=${TMPDIR-/tmp}
test -d "$tmp__" && test -w "$tmp__" || tmp__=.
. ./tests/envvar-check
TMPDIR=$tmp__; export TMPDIR
export VERSION="$3" PACKAGE_VERSION="$3" \
    abs_top_builddir="$1" abs_top_srcdir="$1" abs_srcdir="$1" \
    built_programs="$CU_BUILT" fail=0 \
    host_os="$CU_HOST_OS" host_triplet="$CU_HOST_TRIPLET" \
    srcdir=. top_srcdir=. CONFIG_HEADER="$1/lib/config.h" \
    CU_TEST_NAME="${1##*/},$(echo "$2" | sed "s,/,-,g")" \
    CC=cc AWK=awk EGREP="grep -E" EXEEXT= MAKE=make PERL=perl SHELL=/bin/sh
PATH="$1/src:$PATH"
exec 9>&2
case $2 in
*.sh)	exec /bin/sh "$2" ;;
*.pl)	exec perl -w -I./tests -MCuSkip -MCoreutils -M"CuTmpdir qw($2)" "$2" ;;
*.xpl)	exec perl -T -w -I./tests -MCuSkip -MCoreutils -M"CuTmpdir qw($2)" \
	    "$2" ;;
esac
exit 99
'

CU_HOST_OS=$(uname -s | tr '[:upper:]' '[:lower:]')
[ "$CU_HOST_OS" = linux ] && CU_HOST_OS=linux-gnu
CU_HOST_TRIPLET=$(uname -m)-pc-$CU_HOST_OS
export CU_HOST_OS CU_HOST_TRIPLET

# make_src TREE SCRIPT...: TREE's src/, where the scripts find the
# programs they test: links to ours, and getlimits.  CU_BUILT gets the
# names the SCRIPTs may require_built_: ours, and the other programs
# their print_ver_ lines name that the system has (they run from PATH).
make_src()
{
	rm -rf "$1/src"
	mkdir "$1/src" || exit 2
	for _p in $OURS; do
		ln -s "$B/$_p" "$1/src/$_p" || exit 2
	done
	# init.cfg's getlimits_ evaluates what coreutils' own getlimits
	# prints (NAME=VALUE, the limits of the C types, NAME_OFLOW one
	# past the maximum); the scripts here read UINTMAX_OFLOW, and
	# getlimits_ wants INT_MAX.
	cat >"$1/src/getlimits" <<'EOF'
#!/usr/bin/perl
use strict;
use warnings;
use Config;
use Math::BigInt;
my %max = (
    INT => 2**31 - 1, UINT => 2**32 - 1,
    LONG => Math::BigInt->new(2)->bpow(8 * $Config{longsize} - 1)->bdec(),
    ULONG => Math::BigInt->new(2)->bpow(8 * $Config{longsize})->bdec(),
    INTMAX => Math::BigInt->new(2)->bpow(63)->bdec(),
    UINTMAX => Math::BigInt->new(2)->bpow(64)->bdec(),
    SIZE => Math::BigInt->new(2)->bpow(8 * $Config{sizesize})->bdec(),
);
for my $t (sort keys %max) {
    my $m = Math::BigInt->new($max{$t});
    print "${t}_MAX=$m\n";
    print "${t}_OFLOW=", $m->copy()->binc(), "\n";
}
EOF
	chmod +x "$1/src/getlimits"
	_top=$1
	shift
	CU_BUILT=$OURS
	for _p in $(cd "$_top" && sed -n 's/^print_ver_ //p' "$@" |
	    tr ' ' '\n' | sort -u); do
		case " $OURS " in
		*" $_p "*) continue ;;
		esac
		case $_p in
		*sum) continue ;;
		esac
		have "$_p" && CU_BUILT="$CU_BUILT $_p"
	done
	export CU_BUILT
}

# run_script TREE SCRIPT UPVERSION LOG: the script, its exit status in rc.
run_script()
{
	CU_EXCUSED_LOG=$T/excused
	export CU_EXCUSED_LOG
	rm -f "$CU_EXCUSED_LOG"
	timeout -k 10 "$SCRIPT_TIMEOUT" sh -c "$RUNNER" sh "$1" "$2" "$3" \
	    </dev/null >"$4" 2>&1
	rc=$?
}

# diagnose: after "not ok", why; for a shell script the checks that
# failed, as a second run under set -x (init.sh's VERBOSE=yes) shows
# them: the commands before each "fail=1"; then the end of the log.
diagnose()
{
	print_why
	if [ -n "$TRACE" ] && grep -q '^+ fail=1$' "$TRACE"; then
		echo "#   the failed checks (a second run, under set -x):"
		awk '{ line[NR] = $0 }
		    /^\+ fail=1$/ {
			for (i = NR - 5; i < NR; i++)
				if (i > 0)
					print line[i]
			print "..."
		    }' "$TRACE" | show_lines "$LOG_LINES"
	fi
	if [ -s "$LOG" ]; then
		echo "#   the end of its log ($(wc -l <"$LOG") lines):"
		tail -n "$LOG_LINES" "$LOG" | show_lines "$LOG_LINES"
	fi
}

# show_lines N: the first N lines of stdin as "#" lines, through sed's l
# command (control characters seen), at most 200 columns.
show_lines()
{
	sed -n "1,$1p" | sed -n l | cut -c 1-200 | sed 's/\$$//; s/^/#     /'
}

# skip_reason LOG: the script's own words for its skip.
skip_reason()
{
	_r=$(grep -E 'skipped test:|skipping test:|not built' "$1" | tail -1)
	echo "${_r:-exit status 77}"
}

# --- each version -----------------------------------------------------------

for spec in $VERSIONS; do
	start=$(date +%s)
	resolve "$spec"
	if [ -z "$V" ]; then
		skip_tool "coreutils $spec" \
		    "no source package coreutils $spec in apt's deb-src lists or in $CACHE: $HOWTO"
		continue
	fi
	up=$(upstream "$V")
	dir=$T/$V
	tree=$dir/coreutils-$up
	mkdir -p "$dir" || exit 2
	why=
	if ! have dpkg-source; then
		skip_tool "coreutils $up" "dpkg-source (dpkg-dev) is needed to unpack it"
		continue
	fi
	if ! fetch "$V" "$tree"; then
		skip_tool "coreutils $up" "$why"
		continue
	fi
	list=$(scripts "$tree")
	if [ -z "$list" ]; then
		why="coreutils $V: no checksum script in tests/local.mk"
		notok "coreutils $up"
		continue
	fi
	if [ -n "$ONLY" ]; then
		list=$(for _s in $list; do
			case " $ONLY " in
			*" ${_s##*/} "*) echo "$_s" ;;
			esac
		done)
		[ -n "$list" ] || continue
	fi
	echo "# coreutils $up: Debian's source package coreutils $V, $(echo "$list" | wc -l) scripts"
	# shellcheck disable=SC2086 # one name a word
	make_src "$tree" $list
	for script in $list; do
		desc="coreutils $up $script"
		LOG=$T/log
		case ${script##*/} in
		sum.pl|sum-*)
			if [ $HAVE_SUM = no ]; then
				skip "$desc" "$B/sum is not built"
				continue
			fi ;;
		esac
		edit_script "$up" "$script" "$tree/$script"
		[ -n "$NOTES" ] && printf '%s\n' "$NOTES" | sed 's/^/# /'
		t0=$(date +%s)
		run_script "$tree" "$script" "$up" "$LOG"
		secs=$(($(date +%s) - t0))
		met=no
		[ -s "$CU_EXCUSED_LOG" ] && met=yes
		why=
		case $rc in
		0)	ok "$desc" ;;
		77)	skip_tool "$desc" "$(skip_reason "$LOG")" ;;
		124|137)
			why="timed out after $SCRIPT_TIMEOUT s"
			notok "$desc" ;;
		*)	why="exit status $rc"
			TRACE=
			case $script in
			*.sh)	_rc=$rc
				VERBOSE=yes
				export VERBOSE
				run_script "$tree" "$script" "$up" "$T/trace"
				unset VERBOSE
				rc=$_rc
				TRACE=$T/trace ;;
			esac
			notok "$desc" ;;
		esac
		# What was changed, what was excused, and the time taken.
		[ -n "$ADAPTED" ] && echo "#   adapted: $ADAPTED"
		if [ -n "$EXCUSED" ]; then
			if [ $met = yes ]; then
				echo "#   known deviation excused: $EXCUSED"
			else
				echo "#   known deviation not met (the check passed: its row can go): $EXCUSED"
			fi
		fi
		[ "$secs" -ge 5 ] && echo "#   $secs s"
	done
	echo "# coreutils $up: $(($(date +%s) - start)) s"
	rm -rf "$dir"
done

summary
