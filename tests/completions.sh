#!/bin/sh
# completions.sh: checks that the shell completions in completions/ agree
# with the program: the algorithms offered for mdsum -a are the ones
# `mdsum --list' prints, and the commands each file registers are the ones
# the build links to mdsum.
#
# usage: sh tests/completions.sh BINDIR
#
# BINDIR holds the built mdsum and its links (md5, sha256, ..., md5sum,
# sha256sum, ...).  The completions are found beside this script, in
# ../completions.  `mdsum --list' must print the algorithm names one per line
# (the first word of each line counts) under a heading line "algorithms:";
# the list ends at a blank line or at the next heading (a line ending in ":").
#
# Output as in cli_bsd.sh: "ok N - what", "not ok N - what" with "#" lines
# saying why, "ok N - what # SKIP why", then "1..N" and the summary
# "N passed, N failed[, N skipped]"; the exit status is 1 if any test failed.
# Lists are compared as sets: the order of the registry is not checked.

# shellcheck disable=SC2016,SC2020,SC2046,SC2086
# (tr maps blanks to newlines; unquoted expansions split name lists on
# purpose; the single-quoted scripts are for bash and fish to expand)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
case $0 in
*/*)	C=$(cd "${0%/*}/.." && pwd)/completions ;;
*)	C=$(cd .. && pwd)/completions ;;
esac
if [ ! -d "$C" ]; then
	echo "completions.sh: $C: no such directory" >&2
	exit 2
fi

LC_ALL=C
export LC_ALL
exec </dev/null

tmpdir completions

# Each verdict starts afresh: there is no begin.
verdict_done()
{
	why=
}

# words TEXT...: one word a line, sorted, duplicates kept (so that a name
# listed twice shows up as a difference).
words()
{
	printf '%s\n' "$@" | tr ' \t' '\n\n' | sed '/^$/d' | sort
}

# same_set WHAT FILE-WANT FILE-GOT: complains unless both hold the same
# lines.
same_set()
{
	if ! cmp -s "$2" "$3"; then
		_missing=$(comm -23 "$2" "$3" | tr '\n' ' ')
		_extra=$(comm -13 "$2" "$3" | tr '\n' ' ')
		bad "$1 differ${_missing:+; missing: $_missing}${_extra:+; not expected: $_extra}"
	fi
}

# --- what the program says ----------------------------------------------

ALGS=$T/algs
have_list=no
if [ ! -x "$B/mdsum" ]; then
	bad "$B/mdsum: not found or not executable"
elif ! "$B/mdsum" --list >"$T/list" 2>"$T/list.err"; then
	bad "mdsum --list failed (exit status $?): $(head -n 3 "$T/list.err")"
else
	awk '
		/^algorithms:[ \t]*$/ { on = 1; next }
		on && /^[ \t]*$/ { exit }
		on && /:[ \t]*$/ { exit }
		on { print $1 }
	' "$T/list" | sort >"$ALGS"
	if [ -s "$ALGS" ]; then
		have_list=yes
	else
		bad "mdsum --list printed no names under a line \"algorithms:\""
		sed -n '1,10s/^/  /p' "$T/list" >"$T/list.head"
		bad "its output began:$(printf '\n'; cat "$T/list.head")"
	fi
fi
verdict "mdsum --list: algorithm names under \"algorithms:\""
if [ $have_list = yes ]; then
	echo "# algorithms: $(tr '\n' ' ' <"$ALGS")"
fi

# Backends, when --list has such a heading: each must be offered.
BACKENDS=$T/backends
if [ $have_list = yes ]; then
	awk '
		/^backends:[ \t]*$/ { on = 1; next }
		on && /^[ \t]*$/ { exit }
		on && /:[ \t]*$/ { exit }
		on { print $1 }
	' "$T/list" | sort >"$BACKENDS"
else
	: >"$BACKENDS"
fi

# The links the build made: a BSD tool is a link whose --help is the
# md5(1) usage line under its own name (sha512t224 is no --list name), the
# coreutils-style names are an algorithm followed by "sum", or coreutils'
# cksum, b2sum and sum, or b3sum.
BSD_LINKS=$T/bsd_links
SUM_LINKS=$T/sum_links
: >"$BSD_LINKS"
echo mdsum >"$SUM_LINKS"
for f in "$B"/*; do
	[ -L "$f" ] || continue
	name=${f##*/}
	if "$f" --help 2>/dev/null | head -n 1 |
	    grep -q -e "^usage: $name \[-b"; then
		echo "$name" >>"$BSD_LINKS"
	elif [ $have_list = yes ] && grep -qx -e "${name%sum}" "$ALGS"; then
		echo "$name" >>"$SUM_LINKS"
	elif [ "$name" = cksum ] || [ "$name" = b2sum ] ||
	    [ "$name" = b3sum ] || [ "$name" = sum ]; then
		echo "$name" >>"$SUM_LINKS"
	fi
done
sort -o "$BSD_LINKS" "$BSD_LINKS"
sort -o "$SUM_LINKS" "$SUM_LINKS"

# check_algs DESC FILE-WITH-NAMES: the names must be the --list set.
check_algs()
{
	if [ $have_list = no ]; then
		bad "no algorithm list from mdsum --list to compare with"
	elif [ ! -s "$2" ]; then
		bad "no algorithm names found"
	else
		same_set "algorithm names" "$ALGS" "$2"
	fi
	verdict "$1"
}

# check_cmds DESC WANT-FILE NAME...: the names registered must be those in
# WANT-FILE (the links of this build).
check_cmds()
{
	_d=$1
	_w=$2
	shift 2
	words "$@" >"$T/cmds"
	if [ $have_list = no ]; then
		bad "no algorithm list from mdsum --list: links not classified"
	else
		same_set "commands" "$_w" "$T/cmds"
	fi
	verdict "$_d"
}

# --- mdsum: the -a list --------------------------------------------------

F=$C/mdsum.bash
if [ -f "$F" ]; then
	words $(sed -n "s/^_mdsum_algorithms='\(.*\)'\$/\1/p" "$F") >"$T/got"
	check_algs "mdsum.bash: _mdsum_algorithms is the --list set" "$T/got"
	if have bash; then
		# What the function really offers after "mdsum -a ".
		bash -c '
			. "$1" || exit 1
			COMP_WORDS=(mdsum -a "")
			COMP_CWORD=2
			COMP_LINE="mdsum -a "
			COMP_POINT=${#COMP_LINE}
			COMPREPLY=()
			_mdsum
			printf "%s\n" "${COMPREPLY[@]}"
		' sh "$F" 2>"$T/bash.err" | sed '/^$/d' | sort >"$T/got"
		[ -s "$T/bash.err" ] && bad "bash said: $(head -n 3 "$T/bash.err")"
		check_algs "mdsum.bash: \"mdsum -a <TAB>\" offers the --list set" \
		    "$T/got"

		bash -c '
			. "$1" || exit 1
			COMP_WORDS=(mdsum --algorithm = "md5,sha")
			COMP_CWORD=3
			COMP_LINE="mdsum --algorithm=md5,sha"
			COMP_POINT=${#COMP_LINE}
			COMPREPLY=()
			_mdsum
			printf "%s\n" "${COMPREPLY[@]}"
		' sh "$F" 2>/dev/null | sed '/^$/d' | sort >"$T/got"
		grep '^sha' "$ALGS" 2>/dev/null | sed 's/^/md5,/' >"$T/want"
		same_set "completions of --algorithm=md5,sha" "$T/want" "$T/got"
		verdict "mdsum.bash: \"mdsum --algorithm=md5,sha<TAB>\" completes the list's last element"

		bash -c '
			. "$1" || exit 1
			complete -p
		' sh "$F" 2>/dev/null | sed -n 's/^complete -F _mdsum //p' >"$T/got"
		check_cmds "mdsum.bash: registered for mdsum and the *sum links" \
		    "$SUM_LINKS" $(cat "$T/got")
	else
		skip_tool "mdsum.bash: \"mdsum -a <TAB>\" offers the --list set" \
		    "no bash"
		skip_tool "mdsum.bash: \"mdsum --algorithm=md5,sha<TAB>\" completes the list's last element" \
		    "no bash"
		check_cmds "mdsum.bash: registered for mdsum and the *sum links" \
		    "$SUM_LINKS" $(sed -n 's/^complete -F _mdsum //p' "$F")
	fi
	if [ -s "$BACKENDS" ]; then
		words $(sed -n "s/^_mdsum_backends='\(.*\)'\$/\1/p" "$F") >"$T/got"
		comm -23 "$BACKENDS" "$T/got" >"$T/miss"
		[ -s "$T/miss" ] &&
		    bad "backends not offered: $(tr '\n' ' ' <"$T/miss")"
		verdict "mdsum.bash: --backend offers every backend of --list"
	fi
else
	bad "$F: missing"
	verdict "mdsum.bash exists"
fi

F=$C/_mdsum
if [ -f "$F" ]; then
	words $(sed -n 's/^algorithms=(\(.*\))$/\1/p' "$F") >"$T/got"
	check_algs "_mdsum: algorithms=(...) is the --list set" "$T/got"
	check_cmds "_mdsum: #compdef names mdsum and the *sum links" \
	    "$SUM_LINKS" $(sed -n '1s/^#compdef //p' "$F")
	if [ -s "$BACKENDS" ]; then
		words $(sed -n 's/^backends=(\(.*\))$/\1/p' "$F") >"$T/got"
		comm -23 "$BACKENDS" "$T/got" >"$T/miss"
		[ -s "$T/miss" ] &&
		    bad "backends not offered: $(tr '\n' ' ' <"$T/miss")"
		verdict "_mdsum: --backend offers every backend of --list"
	fi
	if have zsh; then
		zsh -n "$F" 2>"$T/err" || bad "zsh -n: $(head -n 3 "$T/err")"
		verdict "_mdsum: zsh -n"
	else
		skip_tool "_mdsum: zsh -n" "zsh not installed"
	fi
else
	bad "$F: missing"
	verdict "_mdsum exists"
fi

F=$C/mdsum.fish
if [ -f "$F" ]; then
	# the line after "function __mdsum_algorithms": printf '%s\n' NAME...
	words $(awk '
		/^function __mdsum_algorithms$/ { getline; print; exit }
	' "$F" | sed "s/^ *printf '%s\\\\n' //") >"$T/got"
	check_algs "mdsum.fish: __mdsum_algorithms is the --list set" "$T/got"
	if have fish; then
		fish -c 'source $argv[1]; complete -C "mdsum -a "' "$F" \
		    2>"$T/fish.err" | cut -f 1 | sort >"$T/got"
		[ -s "$T/fish.err" ] && bad "fish said: $(head -n 3 "$T/fish.err")"
		check_algs "mdsum.fish: \"mdsum -a <TAB>\" offers the --list set" \
		    "$T/got"
		fish -c 'source $argv[1]; complete -C "mdsum -a sha256,sha"' \
		    "$F" 2>/dev/null | cut -f 1 | sort >"$T/got"
		grep '^sha' "$ALGS" 2>/dev/null | sed 's/^/sha256,/' >"$T/want"
		same_set "completions of -a sha256,sha" "$T/want" "$T/got"
		verdict "mdsum.fish: \"mdsum -a sha256,sha<TAB>\" completes the list's last element"
		fish -n "$F" 2>"$T/err" || bad "fish -n: $(head -n 3 "$T/err")"
		verdict "mdsum.fish: fish -n"
	else
		skip_tool "mdsum.fish: \"mdsum -a <TAB>\" offers the --list set" \
		    "fish not installed"
		skip_tool "mdsum.fish: \"mdsum -a sha256,sha<TAB>\" completes the list's last element" \
		    "fish not installed"
		skip_tool "mdsum.fish: fish -n" "fish not installed"
	fi
	check_cmds "mdsum.fish: set up for mdsum and the *sum links" \
	    "$SUM_LINKS" $(sed -n 's/^set -l names //p' "$F")
	if [ -s "$BACKENDS" ]; then
		words $(sed -n "s/^complete -c mdsum -l backend -x -a '\([^']*\)'.*/\1/p" \
		    "$F") >"$T/got"
		comm -23 "$BACKENDS" "$T/got" >"$T/miss"
		[ -s "$T/miss" ] &&
		    bad "backends not offered: $(tr '\n' ' ' <"$T/miss")"
		verdict "mdsum.fish: --backend offers every backend of --list"
	fi
else
	bad "$F: missing"
	verdict "mdsum.fish exists"
fi

# --- b3sum and sum: the options their --help lists ---------------------

# offers NAME WORD WANT: what the three files complete after "NAME WORD"
# (the options starting with WORD) must be the lines of WANT.
offers()
{
	if have bash; then
		bash -c '
			. "$1" || exit 1
			COMP_WORDS=("$2" "$3")
			COMP_CWORD=1
			COMP_LINE="$2 $3"
			COMP_POINT=${#COMP_LINE}
			COMPREPLY=()
			_mdsum
			printf "%s\n" "${COMPREPLY[@]}"
		' sh "$C/mdsum.bash" "$1" "$2" 2>/dev/null | sed 's/=$//; /^$/d' |
		    sort >"$T/got"
		same_set "mdsum.bash's $1 options" "$3" "$T/got"
	fi
	# each spec up to its description, without its exclusions
	sed -n "/^$1)/,/;;/p" "$C/_mdsum" | sed -n 's/^ *\(.*\)\[.*/\1/p' |
	    sed "s/^'([^)]*)'\{0,1\}//" | grep -o -e '--*[a-zA-Z][a-z-]*' |
	    grep -e "^$2" | sort -u >"$T/got"
	same_set "_mdsum's $1 options" "$3" "$T/got"
	sed -n "s/^ *complete -c $1 \(.*\) -d .*/\1/p" "$C/mdsum.fish" |
	    grep -o -e '-[sl] [a-zA-Z][a-z-]*' |
	    sed -e 's/^-s /-/' -e 's/^-l /--/' | grep -e "^$2" | sort >"$T/got"
	same_set "mdsum.fish's $1 options" "$3" "$T/got"
}

# b3sum's long options, as its --help lists them
if [ ! -x "$B/b3sum" ]; then
	skip "b3sum's completions offer its --help's options" "no b3sum link"
else
	"$B/b3sum" --help 2>/dev/null |
	    sed -n -e 's/^    -[a-zA-Z], \(--[a-z-]*\).*/\1/p' \
	    -e 's/^        \(--[a-z-]*\).*/\1/p' | sort >"$T/b3.want"
	[ -s "$T/b3.want" ] || bad "no options in b3sum --help"
	offers b3sum -- "$T/b3.want"
	verdict "b3sum's completions offer the options of b3sum --help"
fi

# sum's options, short and long, as its --help lists them
if [ ! -x "$B/sum" ]; then
	bad "$B/sum: not found or not executable"
else
	"$B/sum" --help 2>/dev/null |
	    sed -n 's/^  *\(-[a-z]\), \(--[a-z-]*\) .*/\1 \2/p
		s/^  *\(--*[a-z][a-z-]*\) .*/\1/p' |
	    tr ' ' '\n' | sort >"$T/sum.want"
	[ -s "$T/sum.want" ] || bad "no options in sum --help"
	offers sum - "$T/sum.want"
fi
verdict "sum's completions offer the options of sum --help"

# --- the BSD tools: one command per algorithm that has a link -----------

F=$C/md5.bash
if [ -f "$F" ]; then
	if have bash; then
		got=$(bash -c '. "$1" && complete -p' sh "$F" 2>/dev/null |
		    sed -n 's/^complete -F _mdsum_bsd //p')
	else
		got=$(sed -n 's/^complete -F _mdsum_bsd //p' "$F")
	fi
	check_cmds "md5.bash: registered for every BSD tool link" \
	    "$BSD_LINKS" $got
else
	bad "$F: missing"
	verdict "md5.bash exists"
fi

F=$C/_md5
if [ -f "$F" ]; then
	check_cmds "_md5: #compdef names every BSD tool link" \
	    "$BSD_LINKS" $(sed -n '1s/^#compdef //p' "$F")
else
	bad "$F: missing"
	verdict "_md5 exists"
fi

F=$C/md5.fish
if [ -f "$F" ]; then
	check_cmds "md5.fish: set up for every BSD tool link" \
	    "$BSD_LINKS" $(sed -n 's/^set -l names //p' "$F")
else
	bad "$F: missing"
	verdict "md5.fish exists"
fi

# --- syntax -----------------------------------------------------------------

for F in "$C"/*.bash; do
	[ -f "$F" ] || continue
	if have bash; then
		bash -n "$F" 2>"$T/err" || bad "$(head -n 3 "$T/err")"
		verdict "${F##*/}: bash -n"
	else
		skip_tool "${F##*/}: bash -n" "bash not installed"
	fi
done
for F in "$C"/_*; do
	[ -f "$F" ] || continue
	[ "${F##*/}" = _mdsum ] && continue	# done above
	if have zsh; then
		zsh -n "$F" 2>"$T/err" || bad "$(head -n 3 "$T/err")"
		verdict "${F##*/}: zsh -n"
	else
		skip_tool "${F##*/}: zsh -n" "zsh not installed"
	fi
done
for F in "$C"/*.fish; do
	[ -f "$F" ] || continue
	[ "${F##*/}" = mdsum.fish ] && continue	# done above
	if have fish; then
		fish -n "$F" 2>"$T/err" || bad "$(head -n 3 "$T/err")"
		verdict "${F##*/}: fish -n"
	else
		skip_tool "${F##*/}: fish -n" "fish not installed"
	fi
done

# --- summary ------------------------------------------------------------------

summary
