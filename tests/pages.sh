#!/bin/sh
# pages.sh: the manuals and config.mk say what the tools do.
#   - md5.1's examples that show output print that output;
#   - each way the coreutils names part from coreutils 9.1 (mdsum.1,
#     "Coreutils names") is what the tools do, is named in the page, and,
#     where coreutils 9.1 is installed, is a real difference from it;
#   - the --update and --audit lines of mdsum.1's SYNOPSIS name every
#     option those modes take (each option of mdsum --help is tried);
#   - config.mk's note on WITH_SUM_LINKS names every link it installs.
#
# usage: sh tests/pages.sh BINDIR
#
# Run from anywhere; the pages and config.mk are found beside this
# script.  Output as in cli_bsd.sh (tap.sh).

# shellcheck disable=SC2086 # option lists split on purpose
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"
top=$(cd "$(dirname "$0")/.." && pwd)

bindir "$@"
needs mdsum md5 sha256sum cksum sum
plain_env
tmpdir pages
cd "$T" || exit 2

verdict_done()
{
	why=
}

bs=$(printf '\b')
# page NAME: the manual man/NAME rendered as plain text, one space
# between words, so that a phrase is found across line breaks.
page()
{
	mandoc -Tutf8 "$top/man/$1" 2>/dev/null | sed "s/.$bs//g" |
	    tr -s ' \n' '  '
}

# --- md5.1: the examples that show output -------------------------------
# A literal block of EXAMPLES whose first line starts with "$ ": its
# commands (continued by a trailing backslash) and the lines after each,
# which are what the command prints.  Blocks that show no output are
# not run (they need files the reader has).

awk '
	/^\.Sh EXAMPLES/ { on = 1; next }
	/^\.Sh / { on = 0 }
	!on { next }
	/^\.Bd -literal/ { blk++; inb = 1; next }
	/^\.Ed/ { inb = 0; next }
	inb { gsub(/\\e/, "\\"); print blk "\t" $0 }
' "$top/man/md5.1" >blocks
nblk=0
for b in $(cut -f 1 blocks | sort -un); do
	sed -n "s/^$b	//p" blocks >block
	grep -q '^\$ ' block || continue
	# the command: "$ " line and its continuations; the rest is output
	awk '
		cont || /^\$ / {
			line = $0; sub(/^\$ /, "", line)
			cont = sub(/\\$/, "", line)
			printf "%s", line > "cmd"
			if (!cont) printf "\n" > "cmd"
			next
		}
		{ print > "want" }
	' block
	[ -s want ] || { rm -f cmd; continue; }
	nblk=$((nblk + 1))
	(PATH=$B:$PATH; export PATH; sh ./cmd) >got 2>&1
	cmp -s got want ||
	    bad "\"$(cat cmd)\" prints \"$(cat got)\", the page shows \"$(cat want)\""
	rm -f cmd want
done
[ $nblk -ge 3 ] || bad "only $nblk examples with output found in md5.1"
verdict "md5.1: each example that shows output prints it ($nblk)"

# --- mdsum.1: the coreutils names against coreutils 9.1 ------------------
# Each case: what the page says (a phrase of the rendered page), what
# our tool prints for it, and, run against coreutils 9.1, that 9.1 does
# otherwise.

page mdsum.1 >mdsum.txt
cu91=no
case $(sha256sum --version 2>/dev/null | head -n 1) in
*" 9.1")	cu91=yes ;;
esac

printf x >'a\b'
mkdir dir
printf abc >abc
"$B/sha256sum" 'a\b' >m.bs

# case PHRASE WANT COMMAND...: COMMAND, run by our links ($B first in
# PATH), prints WANT (stdout and stderr, then "exit N"), the page holds
# PHRASE, and coreutils 9.1 prints otherwise.
case1()
{
	_phrase=$1 _want=$2
	shift 2
	grep -qF -- "$_phrase" mdsum.txt ||
	    bad "mdsum.1 does not say \"$_phrase\""
	_got=$(PATH=$B:$PATH "$@" 2>&1; echo "exit $?")
	[ "$_got" = "$_want" ] || bad "$*: \"$_got\", want \"$_want\""
	if [ $cu91 = yes ]; then
		_cu=$(PATH=/usr/bin:/bin "$@" 2>&1; echo "exit $?")
		[ "$_cu" = "$_got" ] &&
		    bad "$*: coreutils 9.1 does the same: \"$_cu\""
	fi
}

case1 '\a\\b: OK' '\a\\b: OK
exit 0' sha256sum -c m.bs
case1 '4294967295 0 dir' 'cksum: dir: Is a directory
exit 1' cksum dir
printf 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc\0junk\n' >m.nul
case1 'A manifest line that holds a NUL byte is improperly formatted' \
    'sha256sum: m.nul: no properly formatted checksum lines found
exit 1' sha256sum -c m.nul
if [ -w /dev/full ]; then
	case1 'sha256sum: write error: No space left on device' \
	    'sha256sum: write error: No space left on device
exit 1' sh -c 'sha256sum abc abc >/dev/full'
	case1 "9.1's sum says only" \
	    'sum: write error: No space left on device
exit 1' sh -c 'sum abc abc >/dev/full'
else
	bad "no /dev/full"
fi
# The one command 9.1 takes and the names refuse, as 9.4 and later do.
"$B/cksum" -a sha256 abc >m.tag
case1 'the --tag option is meaningless when verifying checksums' \
    "cksum: the --tag option is meaningless when verifying checksums
Try 'cksum --help' for more information.
exit 1" cksum --tag --check m.tag
# On a terminal (script(1) gives one): a TAB in a name as \x09.
tab=$(printf 't\tu')
printf x >"$tab"
if have script; then
	grep -qF 'a TAB as' mdsum.txt ||
	    bad "mdsum.1 does not say \"a TAB as\""
	PATH=$B:$PATH script -qec 'sha256sum t*u' /dev/null 2>&1 |
	    tr -d '\r' >tty.got
	grep -qF 't\x09u' tty.got || bad "on a terminal: $(cat tty.got)"
	if [ $cu91 = yes ]; then
		PATH=/usr/bin:/bin script -qec 'sha256sum t*u' /dev/null 2>&1 |
		    tr -d '\r' >tty.cu
		cmp -s tty.got tty.cu && bad "coreutils 9.1 escapes a TAB too"
	fi
else
	skip_tool "on a terminal, a TAB in a name is written \\x09" \
	    "no script(1)"
fi
verdict "mdsum.1 names each way the coreutils names part from coreutils 9.1 (coreutils 9.1 here: $cu91)"

# --- mdsum.1: the SYNOPSIS of --update and --audit -----------------------
# Every long option of mdsum --help is tried with the mode, alone and
# beside -R --untagged -a blake3 (what some options need), with and
# without a file operand, with a BLAKE3 key on standard input; one that
# is not a usage error there must be in the mode's SYNOPSIS line (its
# short spelling counts).

printf 'abc\0' >names0
head -c 32 /dev/zero >key
"$B/mdsum" abc >m0
"$B/mdsum" --help >help
# short LONG: the short spelling of --LONG in --help, if it has one
short()
{
	sed -n "s/^ *-\\(.\\), --$1\\b.*/\\1/p" help
}
# synopsis MODE: the options of the SYNOPSIS entry that starts with MODE
synopsis()
{
	sed -n '/^\.Sh SYNOPSIS/,/^\.Sh /p' "$top/man/mdsum.1" |
	    awk -v m="$1" '
		/^\.Nm / { on = 0 }
		$0 ~ "^\\.Fl " m { on = 1 }
		on { print }
	    ' | grep -o 'Fl [-a-zA-Z0-9]*' | sed 's/^Fl //' |
	    while read -r f; do
		case $f in
		-*)	echo "-$f" ;;
		*)	printf '%s\n' "$f" | sed 's/./-&\n/g' | sed '/^$/d' ;;
		esac
	    done
}
opts=$(grep -o -e '--[a-z0-9-]*\(=[A-Z0-9]*\)\?' help | sort -u)
for mode in update audit; do
	synopsis "-$mode" >syn
	[ -s syn ] || bad "no SYNOPSIS line starts with --$mode"
	ntaken=0
	for o in $opts; do
		name=${o%%=*}
		# actions of their own, not options of a mode: --list, --bench
		# and --self-test come first whatever else is given
		case $name in
		--help|--version|--list|--bench|--size|--self-test|--update|--audit|\
		--check|--checklist|--archive|--expect) continue ;;
		esac
		# --audit takes --untagged and ignores it: it writes no digest
		[ $mode = audit ] && [ $name = --untagged ] && continue
		case $o in
		*=LIST)	v=sha256 ;;	*=BITS)	v=256 ;;
		*=DIGEST) v=00 ;;	*=CONTEXT) v=ctx ;;
		*=MANIFEST) v=m0 ;;	*=GLOB)	v=x ;;
		*=N)	v=1 ;;		*=F)	v=names0 ;;
		*=NAME)	v=portable ;;	*=BYTES) v=64 ;;
		*)	v= ;;
		esac
		arg=$name${v:+=$v}
		taken=no
		for ctx in "$arg abc" "-R --untagged -a blake3 $arg abc" "$arg"; do
			cp m0 m
			"$B/mdsum" --$mode=m $ctx <key >/dev/null 2>err
			st=$?
			if [ $st -le 1 ] && ! grep -q "Try 'mdsum --help'" err
			then
				taken=yes
				break
			fi
		done
		[ $taken = yes ] || continue
		ntaken=$((ntaken + 1))
		s=$(short "${name#--}")
		grep -qx -e "$name" ${s:+-e "-$s"} syn ||
		    bad "--$mode takes $name, its SYNOPSIS does not say so"
	done
	# both modes take more than a dozen: fewer means the probe is broken
	[ $ntaken -ge 12 ] || bad "--$mode took only $ntaken options"
	verdict "mdsum.1: the SYNOPSIS of --$mode names every option it takes ($ntaken)"
done

# --- config.mk: WITH_SUM_LINKS -------------------------------------------

names=$(sed -n '/^SUM_NAMES =/,/[^\\]$/p' "$top/Makefile" |
    sed -e 's/^SUM_NAMES =//' -e 's/\\$//')
[ -n "$names" ] || bad "no SUM_NAMES in the Makefile"
note=$(sed -n '/^# yes: also install/,/^WITH_SUM_LINKS/p' "$top/config.mk")
for name in $names; do
	printf '%s\n' "$note" | grep -qw -e "$name" ||
	    bad "config.mk's WITH_SUM_LINKS note does not name $name"
done
verdict "config.mk's note on WITH_SUM_LINKS names every link it installs"

summary
