#!/bin/sh
# cli_b3sum.sh: black-box tests of mdsum run as b3sum (the link the build
# makes), against b3sum 1.2.0 itself.
#
# usage: sh tests/cli_b3sum.sh BINDIR
#
# Part 1 runs every case twice, through our link and through b3sum, by
# the same name, with the same arguments and standard input, in the same
# directory; stdout (byte for byte), stderr (byte for byte: both say
# "b3sum: ") and the exit status must be the same.  It is skipped,
# visibly, without /usr/bin/b3sum (MDSUM_B3SUM names another), and fails
# instead under MDSUM_TEST_NO_SKIP=1 (CI, whose .ci/deps installs it);
# another version than 1.2.0 is compared only with MDSUM_B3SUM_ANY=1.
# Part 2 needs no b3sum: BLAKE3's published digests, and --help and
# --version, the one place where the text is ours (mdsum's version; the
# help's lines name the same options as b3sum's).
#
# The cases of part 1:
#
#   what            cases
#   --------------  -------------------------------------------------------
#   inputs          0, 1, 1023, 1024, 1025 and 1 MiB + 1 bytes; standard
#                   input as "-", as no operand, "-" twice; a directory, a
#                   missing file, an unreadable one (not as root)
#   names           spaces, backslashes, newlines (escaped, the line begun
#                   with a backslash), CR (not escaped), bytes not UTF-8
#                   (U+FFFD), in lines and in messages
#   -l, --length    0, 1, 32, 64, 65, 131, 1000 and 100000 (the output of
#                   any length), with names, --no-names and --raw; 003,
#                   +3, -l3, -l=3, -l==3, --length=3; x, "", +, " 3",
#                   2^64 ("Failed to parse length.", per file, after
#                   hashing it); -1 (an option to clap)
#   --raw           one file, with -l 0, -l 1, -l 100 and --keyed; two
#                   files ("Error: Only one filename ..."); a missing file
#   --no-names      several files, escaped names left as they are
#   --no-mmap       small and large files
#   --keyed         keys of 32 bytes, of 31, 33, 100 and 0 ("Error:
#                   expected 32 key bytes ..."), a directory as stdin; "-"
#                   refused; with -l 7, -l 100, --raw, --no-names
#   --derive-key    a context, an empty one, with -l 1, -l 200 and
#                   several files
#   --num-threads   0, 1, 4, +2; x, "", 10^23 ("Error: Failed to parse num
#                   threads." and its "Caused by:" line)
#   -c, --check     good lines, escaped names, "-" (standard input),
#                   --quiet; a mismatch, a missing file, a directory;
#                   every malformed line (Empty line, Short line,
#                   Non-ASCII prefix, Invalid space, Invalid hex, Invalid
#                   backslash escape, Null character in path, Unicode
#                   replacement character in path), upper-case hex, CR LF,
#                   no final newline; the check file from stdin, missing,
#                   a directory, not UTF-8 ("Error: stream did not
#                   contain valid UTF-8"), several in a row
#   clap's errors   unknown options, long and short, in clusters and with
#                   "=", "---x", "--=x", "-c-"; "Did you mean" for typos;
#                   a missing value (last, or before another option or
#                   "--"); conflicts (-c with --raw, --no-names, -l,
#                   --keyed, --derive-key; --keyed with --derive-key); a
#                   requirement (--quiet, --keyed without a file); an
#                   option given twice; -h and -V among others, first or
#                   after an error; "--" and "-"
#   descriptors     standard input and standard output closed
#
# b3sum checks what it parsed in an order that changes from run to run
# (a hash table's); cases where that order shows (two options given
# twice, say) are left out.  Where we differ on purpose (mdsum.1, b3sum):
# --help and --version; a write error (b3sum panics, status 101); an
# option's value that is not UTF-8 (b3sum panics); -l past the memory
# there is (b3sum streams its output).
#
# Output is TAP, as tests/tap.sh describes; the exit status is 1 if any
# test failed.

# shellcheck disable=SC2086
# (unquoted words are option lists and file names without spaces)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

# diagnose: coreutils.sh's, naming b3sum, its stderr as it is.
# shellcheck disable=SC2034
PEER="b3sum's"
# shellcheck disable=SC2034
PEER_ERR=err
# shellcheck source=coreutils.sh
. "$(dirname "$0")/coreutils.sh"

bindir "$@"
needs mdsum b3sum
VEC=$(cd "$(dirname "$0")" && pwd)/vectors/blake3-test_vectors.json

plain_env RAYON_NUM_THREADS
workdir cli_b3sum
G=$T/ref
mkdir "$G" || exit 2
SYSPATH=$PATH
VERSION=$("$B/mdsum" --version | sed -n '1s/^mdsum (mdsum) //p')


begin()
{
	why=
	rm -f "$T/out" "$T/err" "$T/out.want" "$T/err.want" \
	    "$T/o.out" "$T/o.err" "$T/g.out" "$T/g.err"
}

# run ARG...: our b3sum, stdin from $IN, stdout to $T/out, stderr to
# $T/err; sets rc.
run()
{
	begin
	quote b3sum "$@"
	(PATH=$B:$SYSPATH; exec b3sum "$@") <"$IN" >"$T/out" 2>"$T/err"
	rc=$?
}

# help_options FILE: the options --help lists in FILE, one a line, as
# the column on the left shows them ("--length <LEN>").
help_options()
{
	sed -n -e 's/^    -[a-zA-Z], \(--[a-z-]*\( <[A-Z]*>\)\{0,1\}\)  .*/\1/p' \
	    -e 's/^        \(--[a-z-]*\( <[A-Z]*>\)\{0,1\}\)  .*/\1/p' "$1"
}

# same DESC ARG...: ours and b3sum with the arguments ARG, stdin from $IN;
# stdout, stderr and the exit status must be the same.  SAME_REDIR=0<&-
# or 1>&- runs both with that descriptor closed (stdout then not seen).
# SAME_OUT=version: our "b3sum (mdsum) VERSION" stands for b3sum's
# "b3sum 1.2.0"; SAME_OUT=help: of stdout, only the options --help lists.
SAME_REDIR=
SAME_OUT=
same()
{
	begin
	_d=$1
	shift
	quote b3sum "$@"
	[ -n "$SAME_REDIR" ] && cmd="$cmd $SAME_REDIR"
	case $SAME_REDIR in
	'0<&-')
		(PATH=$B:$SYSPATH; exec b3sum "$@") <&- >"$T/o.out" 2>"$T/o.err"
		_orc=$?
		(PATH=$G:$SYSPATH; exec b3sum "$@") <&- >"$T/g.out" 2>"$T/g.err"
		_grc=$? ;;
	'1>&-')
		(PATH=$B:$SYSPATH; exec b3sum "$@") <"$IN" >&- 2>"$T/o.err"
		_orc=$?
		(PATH=$G:$SYSPATH; exec b3sum "$@") <"$IN" >&- 2>"$T/g.err"
		_grc=$?
		: >"$T/o.out"
		: >"$T/g.out" ;;
	*)
		(PATH=$B:$SYSPATH; exec b3sum "$@") <"$IN" >"$T/o.out" \
		    2>"$T/o.err"
		_orc=$?
		(PATH=$G:$SYSPATH; exec b3sum "$@") <"$IN" >"$T/g.out" \
		    2>"$T/g.err"
		_grc=$? ;;
	esac
	case $SAME_OUT in
	version)
		sed "1s/^b3sum (mdsum) $VERSION\$/b3sum 1.2.0/" "$T/o.out" \
		    >"$T/o.tmp" && mv "$T/o.tmp" "$T/o.out" ;;
	help)
		help_options "$T/o.out" >"$T/o.tmp" && mv "$T/o.tmp" "$T/o.out"
		help_options "$T/g.out" >"$T/g.tmp" && mv "$T/g.tmp" "$T/g.out"
		[ -s "$T/g.out" ] || bad "no options in b3sum's --help" ;;
	esac
	[ $_orc -eq $_grc ] || bad "exit status $_orc, b3sum's $_grc"
	cmp -s "$T/o.out" "$T/g.out" || bad "stdout differs from b3sum's"
	cmp -s "$T/o.err" "$T/g.err" || bad "stderr differs from b3sum's"
	# agreeing on a crash (a panic is 101) would still be wrong
	[ $_orc -gt 1 ] && bad "exit status $_orc (a crash?)"
	verdict "$_d"
	SAME_REDIR=
	SAME_OUT=
}

# --- b3sum --------------------------------------------------------------

REF=${MDSUM_B3SUM:-/usr/bin/b3sum}
HAVE_REF=no
if [ ! -x "$REF" ]; then
	WHY_NO_REF="$REF not found"
else
	REF_VERSION=$("$REF" --version 2>/dev/null)
	if [ "$REF_VERSION" != "b3sum 1.2.0" ] &&
	    [ "${MDSUM_B3SUM_ANY:-0}" != 1 ]; then
		WHY_NO_REF="$REF is ${REF_VERSION:-of no version}, the tests are written against 1.2.0 (MDSUM_B3SUM_ANY=1 runs them anyway)"
	else
		HAVE_REF=yes
		ln -s "$REF" "$G/b3sum" || exit 2
	fi
fi
echo "# b3sum: ${REF_VERSION:-not found}; comparisons: $HAVE_REF"

# --- fixtures -----------------------------------------------------------

: >e
printf a >f1
printf abc >abc
awk 'BEGIN { for (i = 0; i < 1025; i++) printf "%c", (i * 7 + 3) % 256 }' \
    </dev/null >f1025
head -c 1023 f1025 >f1023
head -c 1024 f1025 >f1024
# 1 MiB + 1: a mapped file, many chunks, a tree of many levels
awk 'BEGIN { s = "0123456789abcdef"; while (length(s) < 1048576) s = s s;
    printf "%s!", s }' </dev/null >big
printf x >'sp ace'
printf y >'back\slash'
printf z >"new${nl}line"
printf w >"c${cr}r"
printf v >"$(printf 'inv\377')" 2>/dev/null || :
mkdir d
printf s >unreadable
chmod 000 unreadable
key=0123456789abcdefghijklmnopqrstuv	# 32 bytes
printf %s "$key" >key32
printf %s "${key%?}" >key31
printf %s "${key}w" >key33
awk 'BEGIN { for (i = 0; i < 100; i++) printf "k" }' </dev/null >key100
ALL="e f1 f1023 f1024 f1025 big"
CTX="BLAKE3 2019-12-27 16:29:52 test vectors context"

# ========================================================================
# Part 1: against b3sum 1.2.0
# ========================================================================

if [ $HAVE_REF = no ]; then
	skip_tool "b3sum agrees with b3sum 1.2.0" "$WHY_NO_REF"
else

# --- inputs and names ---------------------------------------------------

same "files of 0, 1, 1023, 1024, 1025, 1 MiB + 1 bytes" $ALL
IN=f1025; same "standard input, no operand"
IN=big; same "standard input as -"
IN=abc; same "- - : the second reads nothing" - - f1
same "a directory" d
same "a missing file among others" f1 missing f1
if [ -r unreadable ]; then
	skip "an unreadable file" "running as root"
else
	same "an unreadable file" f1 unreadable
fi
same "names: space, backslash, newline, CR" 'sp ace' 'back\slash' \
    "new${nl}line" "c${cr}r"
if [ -f "$(printf 'inv\377')" ]; then
	same "a name not UTF-8: U+FFFD" "$(printf 'inv\377')" \
	    "$(printf 'inv\377\\')"
else
	skip "a name not UTF-8: U+FFFD" "the file system refuses such names"
fi
same "missing names: newline, backslash, not UTF-8 in messages" \
    "no${nl}such" 'no\such' "$(printf 'no\377such')"
same "an empty name" ''
same "\"--\" then names like options" -- -c --raw f1

# --- -l, --length -------------------------------------------------------

for l in 0 1 32 64 65 131 1000; do
	same "-l $l" -l $l f1 f1025 big 'back\slash'
done
same "-l 100000 --no-names" -l 100000 --no-names f1024
IN=big; same "-l 200, standard input" -l 200
same "-l 003" -l 003 f1
same "-l +3" -l +3 f1
same "-l3" -l3 f1
same "-l=3" -l=3 f1
same "-l==3" -l==3 f1
same "--length=3" --length=3 f1
same "--length 3" --length 3 f1
for l in x '' + ' 3' 18446744073709551616 99999999999999999999; do
	same "-l '$l': after hashing, file by file" -l "$l" f1 missing d
done
same "-l x, standard input" -l x
same "-l -1: an option to clap" -l -1 f1
same "--length=-1: a value" --length=-1 f1
same "-l 18446744073709551615 of a missing file" -l 18446744073709551615 \
    missing

# --- --raw, --no-names, --no-mmap ----------------------------------------

same "--raw" --raw f1025
same "--raw -l 0" --raw -l 0 f1
same "--raw -l 1" --raw -l 1 f1
same "--raw -l 100" --raw -l 100 big
IN=abc; same "--raw, standard input" --raw
same "--raw FILE FILE: refused" --raw f1 f1
same "--raw, a missing file" --raw missing
same "--raw --no-names" --raw --no-names f1
same "--no-names" --no-names $ALL 'back\slash' "new${nl}line"
same "--no-mmap" --no-mmap f1 big
same "--no-mmap -l 70" --no-mmap -l 70 big

# --- --keyed, --derive-key ----------------------------------------------

IN=key32; same "--keyed" --keyed $ALL
IN=key32; same "--keyed -l 7" --keyed -l 7 f1 big
IN=key32; same "--keyed -l 100" --keyed -l 100 f1 big
IN=key32; same "--keyed --raw" --keyed --raw f1025
IN=key32; same "--keyed --no-names" --keyed --no-names f1 f1024
IN=key32; same "--keyed -: refused, stdin held the key" --keyed f1 - f1
for k in key31 key33 key100 e d; do
	IN=$k; same "--keyed, $k on stdin" --keyed f1
done
IN=key32; same "--keyed --raw FILE FILE: --raw's error first" --keyed \
    --raw f1 f1
IN=key31; same "--keyed --num-threads x: the key's error first" --keyed \
    --num-threads x f1
same "--derive-key" --derive-key "$CTX" $ALL
same "--derive-key ''" --derive-key '' f1
same "--derive-key -l 1" --derive-key "$CTX" -l 1 f1 big
same "--derive-key -l 200" --derive-key "$CTX" -l 200 f1 big
same "--derive-key=-x: a value" --derive-key=-x f1

# --- --num-threads ------------------------------------------------------

for nt in 0 1 4 +2; do
	same "--num-threads $nt" --num-threads $nt $ALL
done
for nt in x '' 100000000000000000000000 -1x; do
	same "--num-threads '$nt': Caused by" --num-threads "$nt" f1
done
same "--num-threads=" --num-threads= f1

# --- -c -----------------------------------------------------------------

(PATH=$G:$SYSPATH; b3sum $ALL 'sp ace' 'back\slash' "new${nl}line" \
    "c${cr}r") >good.b3
same "-c" -c good.b3
same "--check --quiet" --check --quiet good.b3
IN=good.b3; same "-c, the check file from stdin" -c
IN=good.b3; same "-c -" -c -
IN=abc; same "-c: \"-\" in a check file is stdin" -c good.b3 good.b3
H=$(PATH=$G:$SYSPATH; b3sum --no-names abc)
Z=0000000000000000000000000000000000000000000000000000000000000000
printf '%s\n' "$H  abc" "$Z  abc" "$H  missing" "$H  d" "$H  -" \
    "\\$H  back\\\\slash" "\\$H  new\\nline" "$H  ./abc" "$H  abc  b" \
    >mixed.b3
IN=abc; same "-c: OK, FAILED, FAILED (reason)" -c mixed.b3
IN=abc; same "-c --quiet: the failures only" -c --quiet mixed.b3
{
	printf '%s\n' '' "$H" "$H " "$H  " "$H a" "$H	 abc" \
	    "$(echo "$H" | tr a-f A-F)  abc" "${H%?}g  abc" "é${H#?}  abc" \
	    "$H  abcé" "\\$H  abc\\" "\\$H  abc\\x" "\\$H  \\\\"
	printf '%s  abc\r\n' "$H"
	printf '%s\n' "${H}0  abc" "${H%?}  abc" " $H  abc" "# $H  abc"
	printf '%s  abc\000b\n' "$H"
	printf '%s\n' "$H  abc/" "$H  $(printf '\357\277\275')" '\' "$H  abc"
} >bad.b3
same "-c: each malformed line, said on stderr" -c bad.b3
printf '%s  abc' "$H" >nonl.b3
same "-c: no final newline" -c nonl.b3
printf '%s  abc\n\377\n%s  abc\n' "$H" "$H" >inv.b3
same "-c: a check file not UTF-8 ends the run" -c inv.b3
same "-c: a missing check file ends the run" -c good.b3 missing good.b3
same "-c: a directory as check file" -c d
same "-c: two check files" -c nonl.b3 good.b3
same "-c --num-threads 3 --no-mmap" -c --num-threads 3 --no-mmap good.b3
: >empty.b3
same "-c: an empty check file" -c empty.b3

# --- clap: unknown arguments, suggestions -------------------------------

same "--bogus" --bogus f1
same "-x" -x f1
same "-cx: the usage names -c" -cx f1
same "-xc" -xc f1
same "-c3" -c3 f1
same "-c-" -c-
same "--raw=x: a flag's value is dropped" --raw=x f1
same "---x" ---x
same "--=x" --=x
same "---" ---
same "--bo=gus" --bo=gus
same "-é" -é
same "FILE --bogus: operands are not in the usage" f1 --bogus
same "--raw --no-names --num-threads 2 --no-mmap --bogus: the usage" \
    --raw --no-names --num-threads 2 --no-mmap --bogus
same "--raw --raw --bogus: parsing stops first" --raw --raw --bogus
for t in chek lenght no-name raww quit keyd help2 versio derive numthreads \
    k no-mma nonames nummthreads cheque lenth drive-key kyed rw ---chek; do
	same "--$t: Did you mean" --$t f1
done
same "-c --chek" -c --chek f1
same "--chek=3" --chek=3 f1
same "--chéck" --chéck

# --- clap: values, conflicts, requirements, repeats ----------------------

same "-l without a value" -l
same "--derive-key without a value" --derive-key
same "--num-threads without a value" --num-threads
same "-l --no-names: the value missing mid-line" -l --no-names f1
same "--num-threads --no-names FILE" --num-threads --no-names f1
same "-l -- FILE" -l -- f1
same "-c -l -- FILE: the missing value first" -c -l -- f1
same "-c -l FILE" -c -l f1
same "-l 3 --keyed --derive-key" -l 3 --keyed --derive-key
same "--quiet -l" --quiet -l
same "-l -: a value" -l - f1
same "-lc" -lc
same "-lV: a value" -lV
same "-cl3" -cl3
for o in --raw --no-names "-l 3" --keyed "--derive-key x"; do
	same "-c $o: refused" -c $o f1
	same "$o -c: refused" $o -c f1
done
same "--keyed --derive-key x" --keyed --derive-key x f1
same "--derive-key x --keyed" --derive-key x --keyed f1
same "-c --raw --no-names: -c's first conflict" -c --raw --no-names f1
same "--keyed -c --raw" --keyed -c --raw f1
same "--quiet without -c" --quiet f1
same "--quiet --raw FILE FILE" --quiet --raw f1 f1
same "--keyed without a file" --keyed
same "--keyed --no-names without a file" --keyed --no-names
same "--quiet -c --keyed" --quiet -c --keyed f1
for o in --raw --no-names --no-mmap -c; do
	same "$o twice" $o $o f1
done
same "-l 3 -l 4" -l 3 -l 4 f1
same "-l 3 -l" -l 3 -l
same "--raw --raw -c: the conflict first" --raw --raw -c f1

# --- clap: help and version among others --------------------------------

for a in -V --version "-V --bogus" -Vh "-l 3 -V" --version=x \
    "--raw --raw -V" "-c --raw -V"; do
	SAME_OUT=version; same "$a: the version, whatever follows" $a
done
for a in -h --help "-h --bogus" -hV "-l -h" -ch "--help=x" \
    "--raw --raw -h" "-c --raw -h"; do
	SAME_OUT=help; same "$a: the help, whatever follows" $a
done
same "--bogus -h: the error first" --bogus -h
same "--bogus -V: the error first" --bogus -V
same "-xV" -xV

# --- descriptors ---------------------------------------------------------

SAME_REDIR='0<&-'; same "stdin closed: read as empty"
SAME_REDIR='0<&-'; same "stdin closed: -c reads nothing" -c
SAME_REDIR='0<&-'; same "stdin closed: --keyed finds no key" --keyed f1
SAME_REDIR='1>&-'; same "stdout closed" f1 missing

fi

# ========================================================================
# Part 2: without b3sum
# ========================================================================

# BLAKE3's own vectors (tests/vectors/blake3-test_vectors.json): inputs
# of the bytes 0, 1, ..., 250, 0, 1, ..., each with 131 bytes of output
# in the three modes.
vector()
{
	awk -v len="$1" -v field="$2" '
		$0 ~ "\"input_len\": " len "," { on = 1; next }
		on && $0 ~ "\"" field "\":" {
			sub(/.*": "/, ""); sub(/".*/, ""); print; exit
		}' "$VEC"
}
VKEY="whats the Elvish word for friend"
printf %s "$VKEY" >vkey
for len in 0 1 1023 1024 1025 31744; do
	awk -v n=$len 'BEGIN { for (i = 0; i < n; i++) printf "%c", i % 251 }' \
	    </dev/null >v$len
	hash=$(vector $len hash)
	keyed=$(vector $len keyed_hash)
	derived=$(vector $len derive_key)
	if [ -z "$hash" ] || [ -z "$keyed" ] || [ -z "$derived" ]; then
		bad "no vector of length $len in $VEC"
		verdict "BLAKE3's vectors of $len bytes"
		continue
	fi
	run v$len
	expect "$len bytes: BLAKE3's digest" 0 \
	    "=$(printf %s "$hash" | cut -c 1-64)  v$len" ''
	run -l 131 --no-names v$len
	expect "$len bytes: -l 131, BLAKE3's output" 0 "=$hash" ''
	run -l 1 --no-names v$len
	expect "$len bytes: -l 1" 0 "=$(printf %s "$hash" | cut -c 1-2)" ''
	IN=vkey; run --keyed -l 131 --no-names v$len
	expect "$len bytes: --keyed -l 131" 0 "=$keyed" ''
	IN=vkey; run --keyed --no-names v$len
	expect "$len bytes: --keyed" 0 "=$(printf %s "$keyed" | cut -c 1-64)" ''
	run --derive-key "$CTX" -l 131 --no-names v$len
	expect "$len bytes: --derive-key -l 131" 0 "=$derived" ''
	run --derive-key "$CTX" -l 40 --no-names v$len
	expect "$len bytes: --derive-key -l 40" 0 \
	    "=$(printf %s "$derived" | cut -c 1-80)" ''
done
# -l 0: the digest empty, the line still there
run -l 0 abc
expect "-l 0: an empty digest" 0 "=  abc" ''

# -c with --keyed and --derive-key: b3sum names either conflict with -c,
# as its hash table's order of the day has it (part 1 leaves it out);
# never --keyed's with --derive-key.
run --keyed --derive-key x -c f1
want_rc 1
want_out ''
case $(head -n 1 "$T/err") in
"error: The argument '--keyed' cannot be used with '--check'") ;;
"error: The argument '--derive-key <CONTEXT>' cannot be used with '--check'") ;;
*)	bad "not one of the conflicts b3sum names" ;;
esac
grep -qx '    b3sum <FILE>... --check --derive-key <CONTEXT> --keyed' "$T/err" ||
    bad "not b3sum's usage line"
verdict "--keyed --derive-key -c: a conflict with -c"

run --version
expect "--version: mdsum's" 0 "=b3sum (mdsum) $VERSION" ''
run --help
want_rc 0
want_err ''
[ "$(head -n 1 "$T/out")" = "b3sum (mdsum) $VERSION" ] ||
    bad "--help's first line is not \"b3sum (mdsum) $VERSION\""
help_options "$T/out" >"$T/opts"
printf '%s\n' --check --help --keyed --no-mmap --no-names --quiet --raw \
    --version '--derive-key <CONTEXT>' '--length <LEN>' \
    '--num-threads <NUM>' >"$T/opts.want"
cmp -s "$T/opts" "$T/opts.want" ||
    bad "--help's options: $(tr '\n' ' ' <"$T/opts")"
if [ $HAVE_REF = yes ]; then
	"$G/b3sum" --help >"$T/help.b3"
	help_options "$T/help.b3" >"$T/opts.b3"
	cmp -s "$T/opts" "$T/opts.b3" ||
	    bad "--help's options differ from b3sum's: $(tr '\n' ' ' <"$T/opts.b3")"
	sed -n '/^[A-Z]*:$/p' "$T/help.b3" >"$T/heads.b3"
	sed -n '/^[A-Z]*:$/p' "$T/out" >"$T/heads"
	cmp -s "$T/heads" "$T/heads.b3" ||
	    bad "--help's sections differ from b3sum's"
fi
verdict "--help: b3sum's options and sections, mdsum's version"

summary
