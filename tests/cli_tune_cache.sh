#!/bin/sh
# cli_tune_cache.sh: the rankings kept from one run to the next
# (lib/tune_cache.c), black-box.  A run that measures keeps its ranking in
# MDSUM_TUNE_CACHE, and the next reads it (--debug: "kept from an earlier
# run", nothing measured); a ranking under another key is not read; a
# file that is corrupt, cut short, too large, a symbolic link, writable
# by others, a FIFO or a directory is not read, and nothing is said (a
# file not trusted is left as it is); "off" writes nothing; the default
# place is ~/.cache/mdsum/tune (or under $XDG_CACHE_HOME), made 0700 and
# 0600; a directory that cannot be made is silent; MDSUM_TUNE and
# MDSUM_TUNE_SLOW keep their meaning.  The digests are right throughout.
#
# usage: sh tests/cli_tune_cache.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
needs md5
plain_env MDSUM_TUNE MDSUM_TUNE_SLOW XDG_CACHE_HOME
tmpdir cli_tune_cache
cd "$T" || exit 2
diagnose()
{
	diagnose_run
}
# A test here runs several commands: the reasons of each are kept until
# its verdict.
begin()
{
	rm -f "$T/out" "$T/err" "$T/out.want" "$T/err.want"
}
verdict_done()
{
	why=
	IN=/dev/null
}
# (FIFOs must not hang a run)
RUN_TIMEOUT=60

# 1 MiB: enough work to be measured
head -c 1048576 /dev/urandom >m
want=$(md5sum <m 2>/dev/null | cut -d' ' -f1)
[ -n "$want" ] || want=$(MDSUM_TUNE=never "$B/md5" -q m)
mkdir k
K=$T/k/tune

# md5 [ENV=VALUE ...] [--debug]: md5 -q m, MDSUM_TUNE_CACHE=$K unless the
# ENVs say otherwise; right digest, status 0.
md5()
{
	_e=
	while [ $# -gt 0 ]; do
		case $1 in
		*=*)	_e="$_e $1"; shift ;;
		*)	break ;;
		esac
	done
	# shellcheck disable=SC2086 # the ENVs split on purpose
	run env MDSUM_TUNE_CACHE="$K" $_e "$B/md5" "$@" -q m
	want_rc 0
	want_out "=$want"
}

# The ranking --debug lists, after its colon.
rows()
{
	sed -n 's/^md5: md5: [^:]*: //p' "$T/err"
}

measured()
{
	grep -q "^md5: md5: measured in [0-9]* us on this CPU: .*(chosen)" \
	    "$T/err" || bad "not measured: $(grep 'md5: md5' "$T/err")"
	grep -q "kept from" "$T/err" && bad "kept: $(grep 'md5: md5' "$T/err")"
}

# kept FILE: --debug says the ranking was read from FILE, nothing measured.
kept()
{
	grep -q "^md5: md5: kept from an earlier run ($1): .*(chosen)" \
	    "$T/err" || bad "not kept from $1: $(grep 'md5: md5' "$T/err")"
	grep -q "measured" "$T/err" && bad "measured: $(grep measured "$T/err")"
}

# mode FILE: its permissions, as ls -l writes them.
mode()
{
	ls -ld "$1" | cut -c1-10
}

md5 --debug
measured
first=$(rows)
[ -f "$K" ] || bad "$K not written"
[ "$(mode "$K")" = "-rw-------" ] || bad "$K: $(mode "$K"), not -rw-------"
head -n 1 "$K" | grep -qx "mdsum-tune 1" || bad "version line: $(head -n 1 "$K")"
verdict "md5 --debug 1-MiB-FILE: measured, the ranking kept in MDSUM_TUNE_CACHE (0600)"

md5 --debug
kept "$K"
[ "$(rows)" = "$first" ] || bad "rows $(rows), not $first"
verdict "the next run reads it: the same rows, nothing measured"

md5
want_err ''
verdict "md5 -q 1-MiB-FILE with a ranking kept: the digest, nothing else"

# Another CPU or build: a key of its own.  Each key's first digit changed.
cp "$K" keep
awk 'NR > 2 { $1 = (substr($1, 1, 1) == "0" ? "1" : "0") substr($1, 2) }
    { print }' keep >"$K"
md5 --debug
measured
[ "$(grep -c ' md5 single ' "$K")" -eq 2 ] ||
    bad "not kept beside the other key's: $(cut -c1-80 "$K")"
verdict "a ranking under another key (CPU, build, setting) is not read; both are kept"
md5 --debug
kept "$K"
verdict "... and the next run reads its own"

# Files not to read, each made from a good one ($T/keep: this key's
# rankings only).  bad_file WHAT LEFT DESC: with the file WHAT, a run
# measures, and then (LEFT=yes) has left the file as it was, or (no) has
# written it anew, so that the run after reads it; without --debug it
# says nothing.
rm -f "$K"
md5
cp "$K" keep
make_bad()
{
	rm -rf "$K" k/good
	case $1 in
	corrupt)	head -c 3000 /dev/urandom >"$K" ;;
	truncated)	# the single stream's ranking, its end cut off
			{ head -n 2 keep; grep ' md5 single ' keep; } >cut.text
			head -c $(($(wc -c <cut.text) - 30)) cut.text >"$K" ;;
	oversized)	cp keep "$K"
			i=0
			while [ $i -lt 1700 ]; do
				echo "# a comment to make the file over 64 KiB"
				i=$((i + 1))
			done >>"$K" ;;
	"other version")	sed '1s/.*/mdsum-tune 2/' keep >"$K" ;;
	symlink)	cp keep k/good
			ln -s good "$K" ;;
	group-writable)	cp keep "$K"
			chmod 620 "$K" ;;
	other-writable)	cp keep "$K"
			chmod 606 "$K" ;;
	fifo)		mkfifo "$K" ;;
	directory)	mkdir "$K" ;;
	esac
}
bad_file()
{
	make_bad "$1"
	ls -ld "$K" >before
	rm -f before.text
	[ -f "$K" ] && cp "$K" before.text
	md5 --debug
	measured
	if [ "$2" = yes ]; then
		ls -ld "$K" | cmp -s before - ||
		    bad "$K replaced: $(ls -ld "$K")"
		if [ -f before.text ] && ! cmp -s before.text "$K"; then
			bad "$K changed"
		fi
	else
		md5 --debug
		kept "$K"
	fi
	make_bad "$1"
	md5
	want_err ''
	if [ "$2" = yes ]; then
		verdict "$3: not read, left as it is, nothing said, right digest"
	else
		verdict "$3: not read, nothing said, right digest; written anew"
	fi
}
bad_file corrupt no "a file of random bytes"
bad_file truncated no "a file cut short"
bad_file oversized no "a file over 64 KiB"
bad_file "other version" yes "another version's file"
bad_file symlink yes "a symbolic link to a good file"
bad_file group-writable yes "a file the group may write"
bad_file other-writable yes "a file others may write"
bad_file fifo yes "a FIFO"
bad_file directory yes "a directory"
rm -rf "$K" k/good

# Not the user's: only root can give a file away.
if [ "$(id -u)" = 0 ] && cp keep "$K" && chown 1:1 "$K" 2>/dev/null; then
	md5
	want_err ''
	md5 --debug
	measured
	[ "$(ls -ln "$K" | awk '{ print $3 }')" = 1 ] || bad "$K replaced"
	verdict "another user's file: not read, left as it is, nothing said"
else
	skip "another user's file: not read, left as it is, nothing said" \
	    "not root: cannot give a file away"
fi
rm -f "$K"

# off, or empty: nothing written, not even at the default place.
mkdir h
for v in off ''; do
	md5 MDSUM_TUNE_CACHE="$v" HOME="$T/h" --debug
	measured
	md5 MDSUM_TUNE_CACHE="$v" HOME="$T/h" --debug
	measured
	[ -z "$(ls -A h)" ] || bad "written: $(ls -AR h)"
	verdict "MDSUM_TUNE_CACHE='$v': nothing kept, nothing written"
done

# The default place, its directories made 0700 and the file 0600.
run env -u MDSUM_TUNE_CACHE HOME="$T/h" "$B/md5" --debug -q m
want_out "=$want"
measured
for d in h/.cache h/.cache/mdsum; do
	[ "$(mode "$d")" = drwx------ ] || bad "$d: $(mode "$d")"
done
[ "$(mode h/.cache/mdsum/tune)" = -rw------- ] ||
    bad "h/.cache/mdsum/tune: $(mode h/.cache/mdsum/tune)"
run env -u MDSUM_TUNE_CACHE HOME="$T/h" "$B/md5" --debug -q m
want_out "=$want"
kept "$T/h/.cache/mdsum/tune"
verdict "no MDSUM_TUNE_CACHE: kept in ~/.cache/mdsum/tune (0700, 0600)"
run env -u MDSUM_TUNE_CACHE HOME="$T/h" XDG_CACHE_HOME="$T/x" "$B/md5" \
    --debug -q m
measured
run env -u MDSUM_TUNE_CACHE HOME="$T/h" XDG_CACHE_HOME="$T/x" "$B/md5" \
    --debug -q m
want_out "=$want"
kept "$T/x/mdsum/tune"
verdict "XDG_CACHE_HOME set: kept in \$XDG_CACHE_HOME/mdsum/tune"

# Directories that cannot be made: $XDG_CACHE_HOME is made, not its
# parent; a file in the way; one not writable (but by root).  Neither is
# the directory of MDSUM_TUNE_CACHE's file made.
echo x >afile
mkdir ro
chmod 500 ro
ro=$T/ro
[ "$(id -u)" = 0 ] && ro=
for x in "$T/none/cache" "$T/afile" $ro; do
	run env -u MDSUM_TUNE_CACHE XDG_CACHE_HOME="$x" "$B/md5" -q m
	want_rc 0
	want_out "=$want"
	want_err ''
	run env -u MDSUM_TUNE_CACHE XDG_CACHE_HOME="$x" "$B/md5" --debug -q m
	measured
done
[ -e none ] && bad "none/ made"
[ -z "$(ls -A ro)" ] || bad "written in ro/"
run env MDSUM_TUNE_CACHE="$T/none/tune" "$B/md5" -q m
want_out "=$want"
want_err ''
[ -e none ] && bad "none/ made"
verdict "a directory that cannot be made, or is not there: nothing said, right digest"

# MDSUM_TUNE and MDSUM_TUNE_SLOW keep their meaning.  (always ranks as
# for any size, OpenSSL too: a ranking of its own, kept by the first run)
md5 MDSUM_TUNE=always --debug
measured
md5 MDSUM_TUNE=always --debug
measured
verdict "MDSUM_TUNE=always: measured, whatever was kept"
rm -f "$K"
md5 MDSUM_TUNE=never --debug
grep -q "md5: md5:" "$T/err" && bad "ranked: $(grep 'md5: md5' "$T/err")"
[ -e "$K" ] && bad "$K written"
verdict "MDSUM_TUNE=never: nothing measured, nothing kept"
md5 MDSUM_TUNE_SLOW=portable --debug
measured
[ -e "$K" ] && bad "$K written"
md5 --debug
measured
md5 MDSUM_TUNE_SLOW=portable --debug
measured
verdict "MDSUM_TUNE_SLOW set: nothing kept is read, nothing is written"

summary
