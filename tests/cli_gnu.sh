#!/bin/sh
# cli_gnu.sh: black-box tests of mdsum and of its coreutils-style names
# md5sum, sha256sum, sha512hsum and keccak256sum, run through the links
# the build makes.
#
# usage: sh tests/cli_gnu.sh BINDIR
# (TAP_PART=tty: the tests of names on a terminal alone, see tap.sh)
#
# The heart of it: every invocation that GNU coreutils 9.1 understands too
# is run twice, in the same directory, on the same input -- once through
# our link, once through coreutils -- and stdout (byte for byte), the exit
# status and stderr must be identical.  Both programs are run by their bare
# name through PATH, so both see the same argv[0]; stderr is compared after
# the program name at the start of a line (and in "Try 'NAME --help'") is
# replaced by PROG, which matters only where the two names differ (mdsum
# against sha256sum or cksum).  There is no exception for coreutils'
# quoting of odd file names in messages: our tools quote the same way.
# These comparisons are skipped, visibly, when coreutils 9.1 is not found
# (other versions print other things; MDSUM_GNU_ANY=1 runs them anyway).
# Then the options only mdsum has are tested against exact expected output.
#
# Output is TAP: "ok N - what", "not ok N - what" followed by "#" lines
# saying why, "ok N - what # SKIP why".  The last line is the summary
# "N passed, N failed" (", N skipped" follows when tests were skipped); the
# exit status is 1 if any test failed.

# shellcheck disable=SC1003,SC2046,SC2086
# (unquoted words are option lists, digests and file names without spaces,
# by construction)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"
# shellcheck source=coreutils.sh
. "$(dirname "$0")/coreutils.sh"

bindir "$@"
needs mdsum md5sum sha256sum sha512hsum keccak256sum

# Messages depend on the locale (coreutils quotes with curly quotes in
# UTF-8 locales); the user's own backend choice must not leak in.
plain_env POSIXLY_CORRECT

# Tools are found through PATH: $B for ours, $G for coreutils.  Outputs
# go to $T; the files the tools read are in the work directory $W.
workdir cli_gnu
G=$T/gnu
mkdir "$G" || exit 2
SYSPATH=$PATH

# --- reporting ----------------------------------------------------------

SHOW_WIDTH=300	# the 1 MB names and lines of the tests, cut in reports
CMD_WIDTH=400

# runenv NAME=VALUE NAME [ARG...]: run with one variable set.
runenv()
{
	begin
	quote "$@"
	_e=$1
	shift
	(PATH=$B:$SYSPATH; exec env "$_e" "$@") \
	    <"$IN" >"$T/out" 2>"$T/err"
	rc=$?
}

# --- coreutils ----------------------------------------------------------

gnu_find sha256sum md5sum sha512sum cksum
gnu_usable "sha256sum and md5sum"
if [ $GNU = yes ] && [ ! -x "$G/md5sum" ]; then
	GNU=no
	WHY_NO_GNU="GNU coreutils' md5sum not found"
fi
CKSUM_A=no
if [ $GNU = yes ] && [ -x "$G/cksum" ] &&
    gnu cksum -a md5 </dev/null >/dev/null 2>&1; then
	CKSUM_A=yes
fi
echo "# coreutils: ${GNU_VERSION:-not found}; comparisons: $GNU; cksum -a: $CKSUM_A"

# --- fixtures -----------------------------------------------------------

printf abc >f				# "abc", no newline
: >e					# empty
printf 'hello\n' >g
printf 'line 1\r\nline 2\n' >crlffile
printf abc >'a b'
printf abc >"a${nl}b"
printf abc >'a\b'
printf abc >"a${cr}b"
printf abc >./-r
printf abc >"tab	name"
printf abc >"it's"
printf abc >'x:y'
mkdir d
printf abc >unreadable
chmod 000 unreadable
UNREADABLE=yes
if cat unreadable >/dev/null 2>&1; then
	UNREADABLE="permissions not enforced (root: fault.sh runs these as nobody)"
fi
# 1 MiB + 3 bytes: more than one read buffer, and not a multiple of one
head -c 1048579 /dev/urandom >big
# a 1 MB name and a 1 MB line
awk 'BEGIN { s = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	for (i = 0; i < 14; i++) s = s s; printf "%s", s }' >long
# known answers
HF=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
HE=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
MF=900150983cd24fb0d6963f7d28e17f72
ME=d41d8cd98f00b204e9800998ecf8427e
S1F=a9993e364706816aba3e25717850c26c9cd0d89d
S5F=ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f
HHF=ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a
HHE=cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce
S3F=3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
KF=4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45
KE=c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470
HFB64=ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=
Z128=$(printf '%0128d' 0)	# a digest no algorithm here has
HEB64=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=
HG=5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03	# g
HFU=$(printf '%s' "$HF" | tr abcdef ABCDEF)

# --- names on a terminal ---------------------------------------------------
# (part tty: TAP_PART=tty runs these tests alone, see tap.sh)

# shellcheck disable=SC2016 # (the names expand in the terminal's shell)
if part tty; then

# On a terminal no control character of a name reaches the screen raw
# (a hostile name must not repaint it and hide a FAILED): such a name is
# escaped, the control bytes as \xHH.  Into a pipe or a file, names keep
# coreutils' bytes.  `script` gives the commands a terminal.
esc=$(printf '\033')
bel=$(printf '\007')
ttyname="a${esc}]0;title${bel}b${esc}[2J"
printf abc >"$ttyname"
printf '%s  %s\n' $HF "$ttyname" >m.tty
if have script; then
	begin
	cmd="mdsum NAME-WITH-ESC; mdsum -a sha256 -c MANIFEST (on a terminal)"
	TTYNAME=$ttyname PATH=$B:$SYSPATH script -qfec \
	    'mdsum "$TTYNAME"; mdsum -a sha256 -c m.tty; mdsum --json "$TTYNAME"' \
	    /dev/null </dev/null >"$T/tty.raw" 2>&1 || bad "exit status $?"
	tr -d "$cr" <"$T/tty.raw" >"$T/out"
	want_out "=\\SHA256 (a\\x1b]0;title\\x07b\\x1b[2J) = $HF${nl}\\a\\x1b]0;title\\x07b\\x1b[2J: OK${nl}{\"file\":\"a\\u001b]0;title\\u0007b\\u001b[2J\",\"algorithm\":\"sha256\",\"digest\":\"$HF\",\"size\":3}"
	grep -q "[$esc$bel]" "$T/out" && bad "a control character reached the terminal"
	verdict "$cmd: escaped as \\xHH"
	begin
	cmd="mdsum --debug NAME-WITH-ESC NOSUCH-NAME-WITH-ESC (stderr a terminal)"
	TTYNAME=$ttyname PATH=$B:$SYSPATH script -qfec \
	    'mdsum --debug "$TTYNAME" "x$TTYNAME" >/dev/null' \
	    /dev/null </dev/null >"$T/tty.raw" 2>&1
	tr -d "$cr" <"$T/tty.raw" >"$T/err"
	want_err "~a\\x1b]0;title\\x07b\\x1b[2J"
	grep -q "[$esc$bel]" "$T/err" && bad "a control character reached the terminal"
	verdict "$cmd: escaped"
else
	skip_tool "mdsum NAME-WITH-ESC on a terminal" "no script(1)"
	skip_tool "mdsum --debug NAME-WITH-ESC on a terminal" "no script(1)"
fi
run mdsum -a sha256 -c m.tty
expect "mdsum -c MANIFEST-WITH-ESC into a file: the bytes as coreutils writes them" \
    0 "=$ttyname: OK" ''
rm -f "$ttyname"

# DEL and the C1 controls too: U+007F, U+009B (CSI, the bytes c2 9b) and
# a lone byte 9b (CSI to a terminal that is not UTF-8) are shown as \xHH
# in digest lines (with -z too), -c's status lines and --debug's
# messages; U+00A0, the first character after them, is shown as itself.
# Messages name files as coreutils quotes them, on a terminal or not;
# into a pipe or a file nothing is escaped that coreutils does not.
del=$(printf '\177')
lone=$(printf '\233')
N1="a${del}b"
N2="c$(printf '\302\233')d"
N3="e${lone}f"
N4="g$(printf '\302\240')h"
mkdir tty
cd tty || exit 2
for x in "$N1" "$N2" "$N3" "$N4"; do
	printf abc >"$x"
done
printf '%s  %s\n' $HF "$N1" $HF "$N2" $HE "$N3" $HF "x$N1" $HF "$N4" >m.c1
# the names as the terminal shows them
X1='a\x7fb'
X2='c\xc2\x9bd'
X3='e\x9bf'

# ontty FILE CMD: CMD run by a shell in a pseudo-terminal (stdout and
# stderr), with our programs, or with GNU=yes coreutils' (for "gnu"), on
# PATH and the names in N1 to N4; the screen's bytes to FILE, the
# terminal's CRs removed and NULs made line feeds.  Sets rc.
ontty()
{
	_f=$1
	_p=$B
	[ $# -gt 2 ] && _p=$G
	N1=$N1 N2=$N2 N3=$N3 N4=$N4 PATH=$_p:$SYSPATH \
	    script -qfec "$2" /dev/null </dev/null >"$_f.raw" 2>&1
	rc=$?
	tr -d "$cr" <"$_f.raw" | tr '\0' '\n' >"$_f"
}

# raw_bytes FILE: does FILE hold a DEL or a byte 9b (raw, unescaped)?
raw_bytes()
{
	[ "$(tr -cd '\177\233' <"$1" | wc -c)" -ne 0 ]
}

if have script; then
	begin
	cmd="mdsum NAMES; mdsum --untagged NAMES; mdsum -z NAME (on a terminal)"
	ontty "$T/out" 'mdsum "$N1" "$N2" "$N3" "$N4"; mdsum --untagged "$N1" "$N2" "$N3"; mdsum -z "$N1"'
	want_rc 0
	want_out "=\\SHA256 ($X1) = $HF${nl}\\SHA256 ($X2) = $HF${nl}\\SHA256 ($X3) = $HF${nl}SHA256 ($N4) = $HF${nl}\\$HF  $X1${nl}\\$HF  $X2${nl}\\$HF  $X3${nl}\\SHA256 ($X1) = $HF"
	raw_bytes "$T/out" && bad "a DEL or a byte 9b reached the terminal"
	verdict "$cmd: DEL, U+009B and a lone 9b as \\xHH, U+00A0 as itself"

	begin
	cmd="mdsum -j1 -c LIST (OK, FAILED, missing; on a terminal)"
	ontty "$T/out" 'mdsum -j1 -c m.c1'
	want_rc 1
	want_out "=\\$X1: OK${nl}\\$X2: OK${nl}\\$X3: FAILED${nl}mdsum: 'xa'\$'\\177''b': No such file or directory${nl}\\x$X1: FAILED open or read${nl}$N4: OK${nl}mdsum: WARNING: 1 listed file could not be read${nl}mdsum: WARNING: 1 computed checksum did NOT match"
	raw_bytes "$T/out" && bad "a DEL or a byte 9b reached the terminal"
	verdict "$cmd: status lines escaped, the message quoted as coreutils does"

	begin
	cmd="mdsum --debug NAMES >/dev/null (stderr a terminal)"
	ontty "$T/err" 'mdsum --debug "$N1" "$N2" "$N3" >/dev/null'
	want_rc 0
	for x in "$X1" "$X2" "$X3"; do
		grep -F -q -e "mdsum: $x: " "$T/err" || bad "no message naming $x"
	done
	raw_bytes "$T/err" && bad "a DEL or a byte 9b reached the terminal"
	verdict "$cmd: the names escaped"

	begin
	cmd="mdsum NAMES >FILE; mdsum --debug NAME 2>FILE (the other one a terminal)"
	ontty "$T/tty" 'mdsum "$N1" "$N2" "$N3" >stdout.f; mdsum --debug "$N1" 2>stderr.f'
	want_rc 0
	printf 'SHA256 (%s) = %s\n' "$N1" $HF "$N2" $HF "$N3" $HF >"$T/out.want"
	cp stdout.f "$T/out"
	cmp -s "$T/out.want" "$T/out" || bad "stdout: not the names' bytes"
	grep -F -q -e "mdsum: $N1: " stderr.f || bad "--debug into a file: not the name's bytes"
	verdict "$cmd: into the file, the bytes as they are"
else
	skip_tool "mdsum NAMES-WITH-DEL-AND-C1 on a terminal" "no script(1)"
fi

if [ $GNU = yes ]; then
	# (against coreutils' sha256sum --tag: mdsum's default lines)
	same "mdsum NAMES-WITH-DEL-AND-C1 NOSUCH into a file: coreutils' bytes" \
	    mdsum "sha256sum --tag" "$N1" "$N2" "$N3" "$N4" "x$N1"
	same "mdsum --untagged NAMES-WITH-DEL-AND-C1 into a file: coreutils' bytes" \
	    "mdsum --untagged" sha256sum "$N1" "$N2" "$N3" "$N4"
	same "mdsum -j1 -c LIST-WITH-DEL-AND-C1 into a file: coreutils' bytes" \
	    "mdsum -j1" sha256sum -c m.c1
	same "sha256sum -c LIST-WITH-DEL-AND-C1 into a file" sha256sum sha256sum \
	    -c m.c1
	if have script; then
		for loc in C C.UTF-8; do
			begin
			cmd="LC_ALL=$loc sha256sum NOSUCH-NAMES; sha256sum -c LIST >/dev/null (on a terminal)"
			c="LC_ALL=$loc; export LC_ALL; "'sha256sum "x$N1" "x$N2" "x$N3" "x$N4"; sha256sum -c m.c1 >/dev/null'
			ontty "$T/out" "$c"
			ontty "$T/out.want" "$c" gnu
			cmp -s "$T/out.want" "$T/out" || bad "not coreutils' messages"
			verdict "$cmd: the messages coreutils writes"
		done
	else
		skip_tool "sha256sum NOSUCH-NAMES on a terminal: coreutils' messages" \
		    "no script(1)"
	fi
else
	skip_tool "mdsum NAMES-WITH-DEL-AND-C1 into a file: coreutils' bytes" \
	    "$WHY_NO_GNU"
fi
cd "$W" || exit 2
rm -rf tty

fi
parts_end

# --- manifests (sha256): every kind of good and bad line ------------------

# m.ok: three good lines
printf '%s  f\n%s  e\n%s  big\n' $HF $HE "$({ openssl dgst -sha256 -r big || gnu sha256sum big; } 2>/dev/null | cut -c1-64)" >m.ok
# m.fail1 / m.fail2: one and two mismatches
printf '%s  f\n%s  e\n' $HF $HF >m.fail1
printf '%s  f\n%s  e\n%s  g\n' $HE $HF $HF >m.fail2
# m.miss1 / m.miss2: one and two missing files
printf '%s  f\n%s  missing\n' $HF $HF >m.miss1
printf '%s  f\n%s  missing\n%s  gone\n' $HF $HF $HE >m.miss2
# m.allmiss: nothing but missing files
printf '%s  missing\n%s  gone\n' $HF $HE >m.allmiss
# m.dir: a directory listed
printf '%s  f\n%s  d\n' $HF $HE >m.dir
# m.fmt1 / m.fmt2: one and two improperly formatted lines
printf '%s  f\nthis is not a checksum line\n' $HF >m.fmt1
printf 'garbage\n%s  f\n%s\n%s  e\n' $HF $HF $HE >m.fmt2
# m.mixed: OK, FAILED, missing, directory, improper, comment, blank line
{
	printf '# made by hand\n'
	printf '%s  f\n' $HF
	printf '\n'
	printf '%s  e\n' $HF
	printf 'not a line\n'
	printf '%s  missing\n' $HE
	printf '%s  d\n' $HE
	printf '%s  g\n' $HG
	printf '%sZ  f\n' $HF
} >m.mixed
: >m.empty
printf '# only a comment\n\n# and another\n' >m.comments
printf '# a comment\nno checksum here\n\n%s\n' "$HF" >m.garbage
# CRLF line ends
printf '%s  f\r\n%s  e\r\n' $HF $HE >m.crlf
printf '%s  f\r\n%s  e\r\nbad line\r\n' $HF $HF >m.crlfbad
printf 'SHA256 (f) = %s\r\n' $HF >m.crlftag
# escaped names, untagged and tagged
{
	printf '\\%s  a\\nb\n' $HF
	printf '\\%s  a\\\\b\n' $HF
	printf '\\%s  a\\rb\n' $HF
	printf '\\SHA256 (a\\nb) = %s\n' $HF
	printf '\\%s  missing\\nname\n' $HF
} >m.esc
# a name that is not escaped although it holds a backslash
printf '%s  a\\b\n' $HF >m.rawbs
# bad escapes
printf '\\%s  a\\xb\n\\%s  a\\\n%s  f\n' $HF $HF $HF >m.badesc
# upper-case hex, the binary marker, tagged lines
printf '%s  f\n' $HFU >m.upper
printf '%s *f\n%s *e\n' $HF $HE >m.star
printf 'SHA256 (f) = %s\nSHA256 (e) = %s\nSHA256 (a b) = %s\n' $HF $HE $HF >m.tagged
printf 'SHA256 (f) = %s\nSHA256 (e) = %s\n' $HFU $HF >m.tagfail
printf 'MD5 (f) = %s\nSHA256 (e) = %s\n' $MF $HE >m.othertag
# odd names, unescaped
{
	printf '%s  a b\n' $HF
	printf '%s  -r\n' $HF
	printf '%s  a%sb\n' $HF "$cr"
	printf '%s  tab\tname\n' $HF
	printf "%s  it's\n" $HF
	printf '%s  x:y\n' $HF
} >m.odd
# the last line without a newline
printf '%s  f\n%s  e' $HF $HE >m.nonl
# separators and spacing coreutils accepts or rejects
{
	printf '%s f\n' $HF		# one space
	printf '%s\tf\n' $HF		# a tab
	printf '%s  ./f\n' $HF
	printf '  # indented comment\n'
	printf '%s  f \n' $HF		# trailing space: part of the name
	printf '%s   f\n' $HF		# three spaces: the name starts with one
	printf '%s  \n' $HF		# no name
	printf '%s\n' "$(printf '%s' $HF | cut -c 1-63)  f"	# 63 digits
	printf '%s0  f\n' $HF		# 65 digits
	printf '%sg  f\n' "$(printf '%s' $HF | cut -c 1-63)"	# not hex
	printf 'SHA256(f)= %s\n' $HF	# tagged, tight spacing
	printf 'SHA256 (f)=%s\n' $HF
	printf 'SHA256 (f) %s\n' $HF	# no "="
} >m.spacing
# the same file twice
printf '%s  f\n%s  f\n' $HF $HF >m.dup
# stdin as a listed file
printf '%s  -\n' $HF >m.stdin
# a 1 MB line of garbage, then a good line
{ cat long; printf '\n%s  f\n' $HF; } >m.long1
# a digest followed by a 1 MB name, then a good line
{ printf '%s  ' $HF; cat long; printf '\n%s  f\n' $HF; } >m.long2
# NUL bytes: a line that starts with one, and one inside a name
printf '%s  f\n\000garbage\n%s  e\n' $HF $HE >m.nul1
printf '%s  f\000junk\n%s  e\n' $HF $HE >m.nul2
printf '\000\000\000\n' >m.nul3
# a manifest that is a directory: d
# an unreadable listed file, and an unreadable manifest
printf '%s  f\n%s  unreadable\n' $HF $HF >m.unread
printf '%s  f\n' $HF >m.noperm
chmod 000 m.noperm

# md5 manifests
printf '%s  f\n%s  e\n' $MF $ME >m5.ok
{
	printf '%s  f\n' $MF
	printf '%s  e\n' $MF
	printf '%s  missing\n' $ME
	printf 'garbage\n'
	printf 'MD5 (e) = %s\n' $ME
	printf '%s  f\n' $HF		# a sha256 line: improper for md5sum
} >m5.mixed

# ========================================================================
# Part 1: our coreutils-style links against coreutils
# ========================================================================

if [ $GNU = no ]; then
	skip_tool "sha256sum/md5sum/cksum agree with coreutils" "$WHY_NO_GNU"
fi

if [ $GNU = yes ]; then

# --- generating ---------------------------------------------------------

for t in sha256sum md5sum; do
	same "$t FILE FILE FILE" $t $t f e g
	same "$t /dev/null" $t $t /dev/null
	same "$t BIG (1 MiB + 3 bytes)" $t $t big
	same "$t CRLF-FILE (hashed byte for byte)" $t $t crlffile
	IN=f; same "$t < FILE (no operand: stdin)" $t $t
	IN=f; same "$t - < FILE" $t $t -
	IN=g; same "$t FILE - FILE < FILE" $t $t f - e
	IN=f; same "$t - - < FILE (stdin twice)" $t $t - -
	IN=big; same "$t < BIG" $t $t
	for o in -b --binary -t --text '-b -t' '-t -b' --tag '--tag -b' \
	    '-t --tag' '--tag --tag' -z --zero '-z --tag' '-z -b' -bz -zb \
	    '--bin' '--ta' '--te' '--b'; do
		same "$t $o FILE FILE" $t $t $o f e
	done
	IN=f; same "$t -b < FILE" $t $t -b
	IN=f; same "$t --tag < FILE" $t $t --tag
	IN=f; same "$t -z - < FILE" $t $t -z -
	# odd names
	same "$t with a space" $t $t 'a b'
	same "$t 'a<LF>b' (escaped)" $t $t "a${nl}b"
	same "$t 'a\\b' (escaped)" $t $t 'a\b'
	same "$t 'a<CR>b' (escaped)" $t $t "a${cr}b"
	same "$t odd names, --tag" $t $t --tag 'a b' "a${nl}b" 'a\b' "a${cr}b"
	same "$t odd names, -b" $t $t -b 'a b' "a${nl}b" 'a\b' "a${cr}b"
	same "$t odd names, -z (no escaping)" $t $t -z "a${nl}b" 'a\b' "a${cr}b"
	same "$t odd names, -z --tag" $t $t -z --tag "a${nl}b" 'a\b' "a${cr}b"
	same "$t -- -r (leading dash)" $t $t -- -r
	same "$t ./-r" $t $t ./-r
	same "$t tab, quote, colon in names" $t $t "tab	name" "it's" 'x:y'
	# errors
	same "$t MISSING" $t $t missing
	same "$t FILE MISSING FILE" $t $t f missing e
	same "$t DIR" $t $t d
	same "$t FILE DIR FILE" $t $t f d e
	same "$t names quoted in messages" $t $t 'no such' "new${nl}line" \
	    "c${cr}r" "it's missing" 'x:z' 'a\x'
	if [ "$UNREADABLE" = yes ]; then
		same "$t UNREADABLE FILE" $t $t unreadable f
	else
		skip "$t UNREADABLE FILE" "$UNREADABLE"
	fi
	same "$t 5000-byte name (File name too long)" $t $t "$(cut -c 1-5000 long)"
	# coreutils 9.1 gives no reason; ours does (tests/cli_write.sh)
	SAME_FULL=yes
	SAME_SED='s/^PROG: write error: No space left on device$/PROG: write error/'
	same "$t FILE > /dev/full: write error" $t $t f
	# usage errors
	same "$t -x: invalid option" $t $t -x f
	same "$t --bogus: unrecognized option" $t $t --bogus f
	same "$t --t: ambiguous option" $t $t --t f
	same "$t --untagged: an mdsum option, unknown to coreutils" $t $t \
	    --untagged f
	same "$t --tag -t: rejected" $t $t --tag -t f
	same "$t --text --tag then -t: rejected" $t $t --text --tag -t f
	for o in --quiet --status --strict -w --warn --ignore-missing; do
		same "$t $o without -c: rejected" $t $t $o f
	done
	same "$t -c --tag: rejected" $t $t -c --tag m.ok
	same "$t -c -z: rejected" $t $t -c -z m.ok
	same "$t -c -b: rejected" $t $t -c -b m.ok
	same "$t -c -t: rejected" $t $t -c --text m.ok
done

# --- checking (sha256sum) -------------------------------------------------

t=sha256sum
for m in m.ok m.fail1 m.fail2 m.miss1 m.miss2 m.allmiss m.dir m.fmt1 \
    m.fmt2 m.mixed m.empty m.comments m.garbage m.crlf m.crlfbad \
    m.crlftag m.esc m.rawbs m.badesc m.upper m.star m.tagged m.tagfail \
    m.othertag m.odd m.nonl m.spacing m.dup m.long1 m.long2 m.nul1 m.nul2 \
    m.nul3 m5.ok; do
	case $m in
	m.nul2)	continue ;;	# below: coreutils 9.1 says OK to a cut line
	m.esc | m.rawbs | m.odd) SAME_GNU94=yes ;;
	esac
	same "$t -c $m" $t $t -c $m
done
same "$t --check m.mixed" $t $t --check m.mixed
same "$t -cw m.fmt2 (grouped short options)" $t $t -cw m.fmt2
same "$t -c -- m.ok" $t $t -c -- m.ok
if [ "$UNREADABLE" = yes ]; then
	same "$t -c MANIFEST-LISTING-UNREADABLE" $t $t -c m.unread
	same "$t -c UNREADABLE-MANIFEST" $t $t -c m.noperm m.ok
else
	skip "$t -c MANIFEST-LISTING-UNREADABLE" "$UNREADABLE"
	skip "$t -c UNREADABLE-MANIFEST" "$UNREADABLE"
fi
IN=f; same "$t -c m.stdin < FILE (listed file -)" $t $t -c m.stdin
# every option on the manifests that exercise it, singly and combined;
# of --quiet, --status and --warn the last one wins
for o in --quiet --status --strict -w --warn '--strict -w' '--quiet -w' \
    '-w --quiet' '--status -w' '-w --status' '--quiet --status' \
    '--status --quiet' '--status --strict' '--ignore-missing' \
    '--ignore-missing --quiet' '--ignore-missing --status' \
    '--ignore-missing --strict -w' '--sta' '--str'; do
	for m in m.ok m.fail1 m.fmt1 m.fmt2 m.mixed m.miss2 m.allmiss m.dir \
	    m.garbage; do
		same "$t -c $o $m" $t $t -c $o $m
	done
done
for o in --quiet --status --strict -w --ignore-missing; do
	same "$t -c $o m.empty" $t $t -c $o m.empty
done
# manifests on stdin, several manifests, bad manifests
IN=m.mixed; same "$t -c < MANIFEST" $t $t -c
IN=m.mixed; same "$t -c - < MANIFEST" $t $t -c -
IN=m.mixed; same "$t -c -w - < MANIFEST" $t $t -c -w -
IN=m.garbage; same "$t -c < GARBAGE (standard input named)" $t $t -c
IN=m.fmt2; same "$t -c -w < MANIFEST (standard input named)" $t $t -c -w
IN=m.allmiss; same "$t -c --ignore-missing < MANIFEST" $t $t -c --ignore-missing
IN=m.empty; same "$t -c < EMPTY" $t $t -c
IN=m.ok; same "$t -c m.fail1 - m.fmt1 < MANIFEST" $t $t -c m.fail1 - m.fmt1
same "$t -c OK FAILED (two manifests)" $t $t -c m.ok m.fail1
same "$t -c MIXED FAIL2 FMT2 (totals per manifest)" $t $t -c m.mixed m.fail2 m.fmt2
same "$t -c --quiet MIXED FAIL2" $t $t -c --quiet m.mixed m.fail2
same "$t -c EMPTY OK" $t $t -c m.empty m.ok
same "$t -c --ignore-missing ALLMISS OK" $t $t -c --ignore-missing m.allmiss m.ok
same "$t -c NOSUCH (manifest missing)" $t $t -c nosuch
same "$t -c OK NOSUCH FAIL1" $t $t -c m.ok nosuch m.fail1
same "$t -c DIR (manifest is a directory)" $t $t -c d
same "$t -c OK DIR" $t $t -c m.ok d
same "$t -c --status NOSUCH" $t $t -c --status nosuch
SAME_FULL=yes
SAME_SED='s/^PROG: write error: No space left on device$/PROG: write error/'
same "$t -c OK > /dev/full: write error" $t $t -c m.ok
SAME_FULL=yes
same "$t -c --status OK > /dev/full: nothing written, no error" $t $t -c --status m.ok

# --- checking (md5sum) ----------------------------------------------------

t=md5sum
for m in m5.ok m5.mixed m.ok m.empty m.comments m.nul1; do
	same "$t -c $m" $t $t -c $m
done
for o in --quiet --status --strict -w '--ignore-missing' '--status -w'; do
	same "$t -c $o m5.mixed" $t $t -c $o m5.mixed
done
IN=m5.mixed; same "$t -c < MANIFEST" $t $t -c

# --- round trips: coreutils writes, we check, and the other way ----------

for t in sha256sum md5sum; do
	for o in '' -b --tag -z; do
		gnu $t $o f e g 'a b' "a${nl}b" 'a\b' "a${cr}b" big >"rt.gnu" 2>/dev/null
		ours $t $o f e g 'a b' "a${nl}b" 'a\b' "a${cr}b" big >"rt.ours" 2>/dev/null
		begin
		cmd="$t $o FILES (odd names) > manifest"
		cmp -s rt.gnu rt.ours || bad "the manifests differ"
		verdict "$t ${o:+$o }writes the manifest coreutils writes"
		[ "$o" = -z ] && continue	# -c cannot read NUL-ended lines
		SAME_GNU94=yes
		same "$t -c on coreutils' ${o:+$o }manifest" $t $t -c rt.gnu
	done
done

# --- mdsum against sha256sum ------------------------------------------------

same "mdsum --untagged = sha256sum" "mdsum --untagged" sha256sum f e 'a b' \
    "a${nl}b" 'a\b' "a${cr}b" -r
same "mdsum --untagged -b = sha256sum -b" "mdsum --untagged" sha256sum -b f \
    "a${nl}b"
same "mdsum --untagged -z = sha256sum -z" "mdsum --untagged" sha256sum -z f \
    "a${nl}b"
IN=f; same "mdsum --untagged < FILE = sha256sum < FILE" "mdsum --untagged" sha256sum
IN=f; same "mdsum --untagged - = sha256sum -" "mdsum --untagged" sha256sum -
same "mdsum --untagged FILE MISSING DIR = sha256sum" "mdsum --untagged" \
    sha256sum f missing d e

# mdsum's default is --tag
gnu sha256sum --tag f e 'a b' "a${nl}b" 'a\b' "a${cr}b" >want.tag 2>/dev/null
run mdsum f e 'a b' "a${nl}b" 'a\b' "a${cr}b"
want_rc 0
cmp -s want.tag "$T/out" || {
	bad "stdout is not what sha256sum --tag prints"
	cp want.tag "$T/out.want"
}
want_err ''
verdict "mdsum FILES = sha256sum --tag FILES (tagged by default)"

gnu sha256sum --tag -z f "a${nl}b" >want.tag 2>/dev/null
run mdsum -z f "a${nl}b"
want_rc 0
cmp -s want.tag "$T/out" || {
	bad "stdout is not what sha256sum --tag -z prints"
	cp want.tag "$T/out.want"
}
verdict "mdsum -z FILES = sha256sum --tag -z FILES"

IN=f; gnu sha256sum --tag <f >want.tag 2>/dev/null
IN=f; run mdsum
want_rc 0
cmp -s want.tag "$T/out" || {
	bad "stdout is not what sha256sum --tag prints"
	cp want.tag "$T/out.want"
}
verdict "mdsum < FILE = sha256sum --tag < FILE"

# check mode: a tagged manifest needs no -a; untagged lines get it from -a
# (not m.othertag: without -a mdsum reads every tag, as cksum does)
for m in m.tagged m.tagfail m.crlftag m.empty m.comments; do
	same "mdsum -c $m = sha256sum -c $m" mdsum sha256sum -c $m
done
for m in m.ok m.fail2 m.mixed m.esc m.upper m.star m.odd m.spacing m.nul1 \
    m.long1 m.crlfbad m.othertag; do
	case $m in m.esc | m.odd) SAME_GNU94=yes ;; esac
	same "mdsum -a sha256 -c $m = sha256sum -c $m" "mdsum -a sha256" \
	    sha256sum -c $m
done
for o in --quiet --status --strict -w --ignore-missing '--status -w'; do
	same "mdsum -a sha256 -c $o m.mixed = sha256sum" "mdsum -a sha256" \
	    sha256sum -c $o m.mixed
done
IN=m.garbage; same "mdsum -a sha256 -c < GARBAGE = sha256sum" \
    "mdsum -a sha256" sha256sum -c
same "mdsum -c NOSUCH = sha256sum" mdsum sha256sum -c nosuch
same "mdsum -c DIR = sha256sum" mdsum sha256sum -c d
# a manifest named SHA256SUMS needs no -a
mkdir named
cp m.mixed named/SHA256SUMS
cp m.mixed named/list.sha256
same "mdsum -c named/SHA256SUMS = sha256sum (algorithm from the name)" \
    mdsum sha256sum -c named/SHA256SUMS
same "mdsum -c named/list.sha256 = sha256sum (algorithm from the name)" \
    mdsum sha256sum -c named/list.sha256

# --- mdsum against cksum -a -------------------------------------------------

if [ $CKSUM_A = yes ]; then
	for a in md5 sha1 sha256 sha512; do
		same "mdsum -a $a = cksum -a $a" mdsum cksum -a $a f e "a${nl}b"
		same "mdsum -a $a --untagged = cksum" mdsum cksum -a $a \
		    --untagged f e "a${nl}b"
		same "mdsum -a $a -z = cksum" mdsum cksum -a $a -z f "a${nl}b"
		same "mdsum -a $a --tag --untagged = cksum (last wins)" mdsum \
		    cksum -a $a --tag --untagged f
		same "mdsum -a $a --untagged --tag = cksum (last wins)" mdsum \
		    cksum -a $a --untagged --tag f
		IN=f; same "mdsum -a $a < FILE = cksum" mdsum cksum -a $a
		same "mdsum -a $a FILE MISSING = cksum" mdsum cksum -a $a f missing
	done
	# manifests with several algorithms, tagged
	{
		gnu cksum -a md5 f e
		gnu cksum -a sha1 f 'a b'
		gnu cksum -a sha256 e "a${nl}b"
		gnu cksum -a sha512 f
		printf 'MD5 (g) = %s\n' $MF
		printf 'SHA1 (missing) = %s\n' $S1F
		printf 'SHA256 (f) = %s\n' $MF	# wrong length for its tag
		# (a tag this build does not know: not as cksum, below)
	} >m.multi 2>/dev/null
	same "mdsum -c MULTI-ALGORITHM = cksum -c" mdsum cksum -c m.multi
	# Exception: without -a, cksum -w names in "improperly formatted
	# ALGORITHM checksum line" whichever algorithm it parsed last (here
	# SHA256, from the line before, whose digest was too short; CRC when
	# there is none).  That is an accident of its implementation, so the
	# algorithm named there is not compared.
	SAME_SED='s/improperly formatted [^ ]* *checksum line/improperly formatted checksum line/'
	same "mdsum -c -w --strict MULTI-ALGORITHM = cksum" mdsum cksum -c -w \
	    --strict m.multi
	same "mdsum -a md5 -c MULTI-ALGORITHM = cksum -a md5 -c" mdsum cksum \
	    -a md5 -c m.multi
	same "mdsum -a md5 -c MD5-UNTAGGED = cksum -a md5 -c" mdsum cksum \
	    -a md5 -c m5.ok
	same "mdsum -a md5 -c -w MD5-MIXED = cksum -a md5 -c -w" mdsum cksum \
	    -a md5 -c -w m5.mixed
	same "mdsum -a sha256 -c MIXED = cksum -a sha256 -c" mdsum cksum \
	    -a sha256 -c m.mixed
	IN=m.multi; same "mdsum -c < MULTI-ALGORITHM = cksum -c" mdsum cksum -c
	same "mdsum -c --ignore-missing MULTI = cksum" mdsum cksum -c \
	    --ignore-missing m.multi
else
	skip_tool "mdsum -a ALG agrees with cksum -a ALG" \
	    "coreutils cksum with -a not found"
fi

fi	# GNU = yes

# ========================================================================
# Part 2: what only mdsum has, against exact expected output
# ========================================================================

known_out()
{
	# tags and known digests of "abc" (f) per algorithm
	case $1 in
	md5)		echo "MD5 $MF" ;;
	sha1)		echo "SHA1 $S1F" ;;
	sha256)		echo "SHA256 $HF" ;;
	sha512)		echo "SHA512 $S5F" ;;
	sha512h)	echo "SHA512H $HHF" ;;
	sha3-256)	echo "SHA3-256 $S3F" ;;
	keccak256)	echo "KECCAK256 $KF" ;;
	esac
}
ALGS="md5 sha1 sha256 sha512 sha512h sha3-256 keccak256"

# --- one algorithm at a time, every output style -----------------------------

for a in $ALGS; do
	set -- $(known_out $a)
	tag=$1 hex=$2
	run mdsum -a $a f
	expect "mdsum -a $a FILE: $tag (f) = known digest" 0 "=$tag (f) = $hex" ''
	run mdsum -a $a --untagged f
	expect "mdsum -a $a --untagged FILE" 0 "=$hex  f" ''
	run mdsum -a $a --untagged -b f
	expect "mdsum -a $a --untagged -b FILE: * marker" 0 "=$hex *f" ''
	run mdsum -a $a --no-names f
	expect "mdsum -a $a --no-names FILE" 0 "=$hex" ''
	run mdsum -a $tag f
	expect "mdsum -a $tag (the tag as a name)" 0 "=$tag (f) = $hex" ''
done
run mdsum -a SHA256 f
expect "mdsum -a SHA256: names are case-insensitive" 0 "=SHA256 (f) = $HF" ''
run mdsum -a Keccak256 f
expect "mdsum -a Keccak256: names are case-insensitive" 0 "=KECCAK256 (f) = $KF" ''
run mdsum f
expect "mdsum FILE: sha256 by default" 0 "=SHA256 (f) = $HF" ''
run mdsum --tag -a sha512h --untagged --tag f
expect "mdsum --untagged --tag: last one wins" 0 "=SHA512H (f) = $HHF" ''

# --- -a LIST ------------------------------------------------------------------

run mdsum -a sha256,keccak256 f e
expect "mdsum -a sha256,keccak256 FILE FILE: per file, in LIST order" 0 \
    "=SHA256 (f) = $HF${nl}KECCAK256 (f) = $KF${nl}SHA256 (e) = $HE${nl}KECCAK256 (e) = $KE" ''
run mdsum -a keccak256,sha256 f
expect "mdsum -a keccak256,sha256 FILE: LIST order, not registry order" 0 \
    "=KECCAK256 (f) = $KF${nl}SHA256 (f) = $HF" ''
run mdsum --algorithm=md5,sha1,sha256,sha512,sha512h,sha3-256,keccak256 f
want=
for a in md5 sha1 sha256 sha512 sha512h sha3-256 keccak256; do
	set -- $(known_out $a)
	want="${want:+$want$nl}$1 (f) = $2"
done
expect "mdsum --algorithm=ALL-SEVEN FILE: seven lines" 0 "=$want" ''
run mdsum -a md5,sha256 --untagged f
expect "mdsum -a md5,sha256 --untagged FILE" 0 "=$MF  f${nl}$HF  f" ''
run mdsum -a sha256,md5,sha256,SHA256 --untagged f
expect "mdsum -a sha256,md5,sha256,SHA256: each algorithm once" 0 "=$HF  f${nl}$MF  f" ''
run mdsum -a md5,sha256 --no-names f e
expect "mdsum -a md5,sha256 --no-names FILE FILE" 0 "=$MF$nl$HF$nl$ME$nl$HE" ''
IN=f; run mdsum -a md5,sha512h
expect "mdsum -a md5,sha512h < FILE: stdin read once" 0 \
    "=MD5 (-) = $MF${nl}SHA512H (-) = $HHF" ''
run mdsum -a md5,sha256 f missing e
expect "mdsum -a LIST FILE MISSING FILE: exit 1, others printed" 1 \
    "=MD5 (f) = $MF${nl}SHA256 (f) = $HF${nl}MD5 (e) = $ME${nl}SHA256 (e) = $HE" \
    "=mdsum: missing: No such file or directory"
run mdsum -a sha256,nosuch f
expect "mdsum -a sha256,nosuch: unknown algorithm, exit 1" 1 '' '+'
run mdsum -a '' f
expect "mdsum -a '': empty list, exit 1" 1 '' '+'

# --- escaping, -z -------------------------------------------------------------

run mdsum "a${nl}b" 'a\b' "a${cr}b" 'a b'
expect "mdsum ODD-NAMES: GNU escapes in tagged lines" 0 \
    "=\\SHA256 (a\\nb) = $HF$nl\\SHA256 (a\\\\b) = $HF$nl\\SHA256 (a\\rb) = $HF${nl}SHA256 (a b) = $HF" ''
begin
quote mdsum -z f "a${nl}b"
ours mdsum -z f "a${nl}b" >"$T/out" 2>"$T/err"
rc=$?
printf 'SHA256 (f) = %s\000SHA256 (a\nb) = %s\000' $HF $HF >"$T/out.want"
want_rc 0
cmp -s "$T/out.want" "$T/out" || bad "stdout is not two NUL-ended lines"
verdict "mdsum -z FILE 'a<LF>b': NUL-ended, not escaped"

# --- --base64 ---------------------------------------------------------------

if have openssl && have base64; then
	b64=$(openssl dgst -sha256 -binary f | base64)
	b64big=$(openssl dgst -sha256 -binary big | base64)
	run mdsum --base64 f big
	expect "mdsum --base64 FILE BIG: openssl dgst -binary | base64" 0 \
	    "=SHA256 (f) = $b64${nl}SHA256 (big) = $b64big" ''
	run mdsum --base64 --untagged f
	expect "mdsum --base64 --untagged FILE" 0 "=$b64  f" ''
	run mdsum --base64 --no-names -a sha256,md5 e
	expect "mdsum --base64 --no-names -a sha256,md5 EMPTY" 0 \
	    "=$(openssl dgst -sha256 -binary e | base64)$nl$(openssl dgst -md5 -binary e | base64)" ''
else
	skip_tool "mdsum --base64 FILE: openssl dgst -binary | base64" "no openssl or base64"
fi

# --- --json -------------------------------------------------------------------

JSON_PY='import json, sys
want = sys.argv[1:]
lines = sys.stdin.buffer.read().split(b"\n")
if lines[-1] != b"":
    sys.exit("output does not end with a newline")
lines = lines[:-1]
if len(lines) != len(want) // 4:
    sys.exit("%d lines, expected %d" % (len(lines), len(want) // 4))
for i, line in enumerate(lines):
    o = json.loads(line.decode("utf-8", "surrogateescape"))
    if set(o) != {"file", "algorithm", "digest", "size"}:
        sys.exit("line %d: members %s" % (i + 1, sorted(o)))
    name, alg, dig, size = want[4 * i: 4 * i + 4]
    if o["file"] != name:
        sys.exit("line %d: file %r, expected %r" % (i + 1, o["file"], name))
    if str(o["algorithm"]).lower() != alg:
        sys.exit("line %d: algorithm %r, expected %r" % (i + 1, o["algorithm"], alg))
    if o["digest"] != dig:
        sys.exit("line %d: digest %r, expected %r" % (i + 1, o["digest"], dig))
    if not isinstance(o["size"], int) or isinstance(o["size"], bool) or o["size"] != int(size):
        sys.exit("line %d: size %r, expected %s" % (i + 1, o["size"], size))'

if [ -n "$PY" ] && "$PY" -c 'import json' 2>/dev/null; then
	printf abc >'q"uote'
	run mdsum --json f e "a${nl}b" 'a\b' 'q"uote' big
	want_rc 0
	want_err ''
	"$PY" -m json.tool --json-lines <"$T/out" >/dev/null 2>"$T/py.err" ||
	    bad "python3 -m json.tool --json-lines rejects it: $(head -n 2 "$T/py.err")"
	bigsize=$(wc -c <big | tr -d ' ')
	bighex=$(ours mdsum --no-names big 2>/dev/null)
	"$PY" -c "$JSON_PY" f sha256 $HF 3 e sha256 $HE 0 \
	    "a${nl}b" sha256 $HF 3 'a\b' sha256 $HF 3 'q"uote' sha256 $HF 3 \
	    big sha256 "$bighex" "$bigsize" <"$T/out" 2>"$T/py.err" ||
	    bad "$(tail -n 1 "$T/py.err")"
	verdict "mdsum --json FILES: one valid object per line, fields right"

	run mdsum --json -a md5,keccak256 f
	want_rc 0
	"$PY" -m json.tool --json-lines <"$T/out" >/dev/null 2>"$T/py.err" ||
	    bad "python3 -m json.tool --json-lines rejects it: $(head -n 2 "$T/py.err")"
	"$PY" -c "$JSON_PY" f md5 $MF 3 f keccak256 $KF 3 <"$T/out" \
	    2>"$T/py.err" || bad "$(tail -n 1 "$T/py.err")"
	verdict "mdsum --json -a md5,keccak256 FILE: one object per algorithm"

	IN=f; run mdsum --json
	want_rc 0
	"$PY" -c "$JSON_PY" - sha256 $HF 3 <"$T/out" 2>"$T/py.err" ||
	    bad "$(tail -n 1 "$T/py.err")"
	verdict "mdsum --json < FILE: stdin named -"

	# Names that are not UTF-8 (and hold control characters): valid JSON,
	# "file" the name with U+FFFD for each odd byte, "file_base64" its
	# exact bytes, so that names differing only there stay apart.
	odd1=$(printf 'odd\377\001x')
	odd2=$(printf 'odd\376\001x')
	printf abc >"$odd1"
	printf abc >"$odd2"
	run mdsum --json "$odd1" "$odd2" f
	want_rc 0
	"$PY" -m json.tool --json-lines <"$T/out" >/dev/null 2>"$T/py.err" ||
	    bad "python3 -m json.tool --json-lines rejects it: $(head -n 2 "$T/py.err")"
	"$PY" -c 'import base64, json, sys
want = [b"odd\xff\x01x", b"odd\xfe\x01x", b"f"]
for line, name in zip(sys.stdin.buffer.read().splitlines(), want):
    o = json.loads(line.decode("utf-8"))
    raw = base64.b64decode(o["file_base64"]) if "file_base64" in o \
        else o["file"].encode("utf-8")
    if raw != name:
        sys.exit("file %r, file_base64 %r" % (o["file"], o.get("file_base64")))
    if o["file"] != name.decode("utf-8", "replace"):
        sys.exit("file %r" % o["file"])' <"$T/out" 2>"$T/py.err" ||
	    bad "$(tail -n 1 "$T/py.err")"
	verdict "mdsum --json NON-UTF-8-NAMES: valid JSON, exact bytes in file_base64"
	if have jq; then
		cp "$T/out" "$T/json.out"
		begin
		cmd="mdsum --json NON-UTF-8-NAMES | jq"
		njq=$(jq -r '.file_base64 // .file' <"$T/json.out" | sort -u |
		    wc -l)
		[ "$njq" -eq 3 ] || bad "jq sees $njq distinct names, not 3"
		jq -r 'select(.file_base64) | .file_base64' <"$T/json.out" |
		    base64 -d | od -An -c | tr -d ' \n' >"$T/jq.names"
		[ "$(cat "$T/jq.names")" = 'odd377001xodd376001x' ] ||
		    bad "the names jq gives back: $(cat "$T/jq.names")"
		verdict "$cmd: the names stay apart, exact bytes back"
	else
		skip_tool "mdsum --json NON-UTF-8-NAMES | jq" "no jq"
	fi
	rm -f "$odd1" "$odd2"

	# -c --json: one object per checked line
	printf '%s  f\n%s  e\n%s  missing\ngarbage\n' $HF $HF $HF >m.jsonc
	run mdsum -a sha256 -c --json m.jsonc
	want_rc 1
	"$PY" -c 'import json, sys
got = [json.loads(l) for l in sys.stdin.read().splitlines()]
want = [
 {"manifest": "m.jsonc", "line": 1, "file": "f", "algorithm": "sha256",
  "expected": sys.argv[1], "status": "ok"},
 {"manifest": "m.jsonc", "line": 2, "file": "e", "algorithm": "sha256",
  "expected": sys.argv[1], "status": "failed"},
 {"manifest": "m.jsonc", "line": 3, "file": "missing", "algorithm": "sha256",
  "expected": sys.argv[1], "status": "missing",
  "error": "No such file or directory"},
 {"manifest": "m.jsonc", "line": 4, "status": "malformed",
  "error": "improperly formatted checksum line"}]
if got != want:
    sys.exit("got %r" % got)' $HF <"$T/out" 2>"$T/py.err" ||
	    bad "$(tail -n 1 "$T/py.err")"
	verdict "mdsum -c --json: ok, failed, missing, malformed records"
	run mdsum -a sha256 -c --json --ignore-missing --quiet m.jsonc
	want_rc 1
	"$PY" -c 'import json, sys
got = [json.loads(l)["status"] for l in sys.stdin.read().splitlines()]
if got != ["failed", "missing", "malformed"]:
    sys.exit("got %r" % got)' <"$T/out" 2>"$T/py.err" ||
	    bad "$(tail -n 1 "$T/py.err")"
	verdict "mdsum -c --json --quiet --ignore-missing: no ok records"
	printf 'SHA256 (f) = %s\nWHIRLPOOL (f) = %s\n' $HF $Z128 >m.jsonu
	run mdsum -c --json m.jsonu
	want_rc 1
	"$PY" -c 'import json, sys
got = [json.loads(l) for l in sys.stdin.read().splitlines()]
if [o["status"] for o in got] != ["ok", "malformed"] or \
    got[1]["error"] != "no such algorithm in this build: WHIRLPOOL" or \
    got[1]["file"] != "f":
    sys.exit("got %r" % got)' <"$T/out" 2>"$T/py.err" ||
	    bad "$(tail -n 1 "$T/py.err")"
	verdict "mdsum -c --json UNKNOWN-TAG: malformed, error says why"
	run mdsum -c --json --status m.jsonc
	expect "mdsum -c --json --status: nothing on stdout" 1 '' '*'
else
	skip_tool "mdsum --json FILES: one valid object per line, fields right" \
	    "no python3 with json"
fi

# --- --expect -------------------------------------------------------------------

run mdsum --expect=$HF f
expect "mdsum --expect=DIGEST FILE: match, exit 0" 0 "=f: OK" ''
run mdsum --expect=$HFU f
expect "mdsum --expect=UPPER-CASE-DIGEST FILE: match" 0 "=f: OK" ''
run mdsum --expect=$HE f
expect "mdsum --expect=OTHER-DIGEST FILE: FAILED, exit 1" 1 "=f: FAILED" '*'
run mdsum -a md5 --expect=$MF f
expect "mdsum -a md5 --expect=MD5 FILE" 0 "=f: OK" ''
run mdsum -a keccak256 --expect=$KE e
expect "mdsum -a keccak256 --expect=KECCAK EMPTY" 0 "=e: OK" ''
IN=f; run mdsum --expect=$HF -
expect "mdsum --expect=DIGEST - < FILE" 0 "=-: OK" ''
run mdsum --expect=$HF missing
expect "mdsum --expect=DIGEST MISSING: exit 1, message" 1 '*' \
    '~missing: No such file or directory'
run mdsum --expect=$HF f e
expect "mdsum --expect=DIGEST FILE FILE: only one file, exit 1" 1 '' '+'
run mdsum --expect=$HF
expect "mdsum --expect=DIGEST without FILE: exit 1" 1 '' '+'

# --- -C, --checklist ----------------------------------------------------------------

printf '%s  f\n%s  e\n%s  g\n' $HF $HE $HE >SHA256SUMS	# g is wrong
run mdsum -C SHA256SUMS f
expect "mdsum -C SHA256SUMS FILE: listed, OK" 0 "=f: OK" ''
run mdsum --checklist=SHA256SUMS e f
expect "mdsum --checklist=SHA256SUMS FILE FILE: operand order" 0 \
    "=e: OK${nl}f: OK" ''
run mdsum -C SHA256SUMS g
expect "mdsum -C SHA256SUMS CHANGED-FILE: FAILED, exit 1" 1 "=g: FAILED" '*'
run mdsum -C SHA256SUMS big
expect "mdsum -C SHA256SUMS UNLISTED: exit 1, message names it" 1 '*' '~big'
run mdsum -C SHA256SUMS f big
want_rc 1
want_out "~f: OK"
want_err "~big"
verdict "mdsum -C SHA256SUMS FILE UNLISTED: the listed one checked, exit 1"
run mdsum -C m.tagged 'a b'
expect "mdsum -C TAGGED-MANIFEST FILE" 0 "=a b: OK" ''
run mdsum -C nosuch f
expect "mdsum -C NOSUCH FILE: exit 1" 1 '*' '+'

# --- choosing the algorithm of untagged 64-digit lines --------------------------

mkdir alg
printf '%s  f\n%s  e\n' $HF $HE >alg/SHA256SUMS
printf '%s  f\n%s  e\n' $HF $HE >alg/x.sha256
printf '%s  f\n%s  e\n' $KF $KE >alg/x.keccak256
printf '%s  f\n%s  e\n' $HHF $HHE >alg/x.sha512h
printf '%s  f\n%s  e\n' $MF $ME >alg/MD5SUMS
printf '%s  f\n%s  e\n' $MF $ME >alg/x.md5
printf '%s  f\n%s  e\n' $KF $KE >alg/keccak-list.txt
printf '%s  f\n%s  e\n' $KF $KE >alg/SHA256SUMS.wrong
printf '%s  f\n%s  e\n' $MF $ME >alg/md5-list.txt
printf '%s  f\n' $S1F >alg/sha1-list.txt
printf '%s  f\n' $S5F >alg/sha512-list.txt
cp f e alg/
cd alg || exit 2
for m in SHA256SUMS x.sha256 x.keccak256 x.sha512h MD5SUMS x.md5; do
	run mdsum -c $m
	expect "mdsum -c $m: untagged lines, algorithm from the name" 0 \
	    "=f: OK${nl}e: OK" ''
done
cp x.keccak256 SHA256SUMS
run mdsum -c SHA256SUMS
expect "mdsum -c SHA256SUMS holding keccak256 digests: FAILED (the name decides)" 1 \
    "=f: FAILED${nl}e: FAILED" '*'
# 64 digits with nothing else to go by are sha256's: keccak256 digests
# fail, and the hint names -a.
guess_hint="mdsum: hint: every untagged checksum failed as sha256, chosen by its length; if they are of another algorithm of that length, name it with -a (see --list)"
run mdsum -c keccak-list.txt
expect "mdsum -c KECCAK-LIST (64-digit untagged, no name): FAILED as sha256, hint names -a" \
    1 "=f: FAILED${nl}e: FAILED" \
    "=mdsum: WARNING: 2 computed checksums did NOT match${nl}$guess_hint"
run mdsum -a keccak256 -c keccak-list.txt
expect "mdsum -a keccak256 -c KECCAK-LIST: -a decides" 0 "=f: OK${nl}e: OK" ''
run mdsum -a sha256 -c x.keccak256
expect "mdsum -a sha256 -c x.keccak256: -a wins over the name" 1 \
    "=f: FAILED${nl}e: FAILED" '*'
IN=keccak-list.txt; run mdsum -c
expect "mdsum -c < KECCAK-LIST (stdin has no name): FAILED as sha256, hint names -a" \
    1 "=f: FAILED${nl}e: FAILED" \
    "=mdsum: WARNING: 2 computed checksums did NOT match${nl}$guess_hint"
run mdsum -c md5-list.txt
expect "mdsum -c 32-DIGIT-LIST: only md5 has that length" 0 "=f: OK${nl}e: OK" ''
run mdsum -c sha1-list.txt
expect "mdsum -c 40-DIGIT-LIST: only sha1 has that length" 0 "=f: OK" ''
run mdsum -c sha512-list.txt
expect "mdsum -c 128-DIGIT-LIST: only sha512 has that length" 0 "=f: OK" ''
for t in sha512hsum keccak256sum; do
	case $t in
	sha512hsum)	m=x.sha512h ;;
	keccak256sum)	m=x.keccak256 ;;
	esac
	cp $m list.txt
	run $t -c list.txt
	expect "$t -c list.txt: the name of the tool fixes the algorithm" 0 \
	    "=f: OK${nl}e: OK" ''
done
cd "$W" || exit 2

# --- check mode: what only mdsum reads ----------------------------------------------

printf 'sha256 (f) = %s\nSha512h (e) = %s\nKECCAK-256 (f) = %s\nKeccak-256 (e) = %s\nSHA512h (f) = %s\n' \
    $HF $HHE $KF $KE $HHF >m.tagcase
run mdsum -c m.tagcase
expect "mdsum -c: tags in any case, KECCAK-256 alias" 0 \
    "=f: OK${nl}e: OK${nl}f: OK${nl}e: OK${nl}f: OK" ''
printf 'SHA256 (f) = %s\nSHA256 (e) = %s\n' $HFB64 $HEB64 >m.b64tag
run mdsum -c m.b64tag
expect "mdsum -c: base64 digests in tagged lines" 0 "=f: OK${nl}e: OK" ''
printf '%s  f\n%s  e\n' $HFB64 $HEB64 >b64.sha256
run mdsum -c b64.sha256
expect "mdsum -c: base64 digests in untagged lines" 0 "=f: OK${nl}e: OK" ''
printf 'SHA256 (f) = %s\n' $HEB64 >m.b64bad
run mdsum -c m.b64bad
expect "mdsum -c: base64 mismatch is FAILED" 1 "=f: FAILED" \
    "=mdsum: WARNING: 1 computed checksum did NOT match"
run mdsum -a sha256,keccak256 f e
ours mdsum -a sha256,keccak256 f e >m.two 2>/dev/null
run mdsum -c m.two
expect "mdsum -c on mdsum -a sha256,keccak256 output" 0 \
    "=f: OK${nl}f: OK${nl}e: OK${nl}e: OK" ''
ours mdsum --base64 -a md5,sha512,keccak256 f e >m.b64all 2>/dev/null
run mdsum -c m.b64all
expect "mdsum -c on mdsum --base64 -a md5,sha512,keccak256 output" 0 \
    "=f: OK${nl}f: OK${nl}f: OK${nl}e: OK${nl}e: OK${nl}e: OK" ''
ours mdsum -a sha3-256 "a${nl}b" 'a\b' f >m.sha3 2>/dev/null
run mdsum -c m.sha3
# (the status line of a\b as coreutils 9.4+ writes it)
expect "mdsum -c on mdsum -a sha3-256 output with escaped names" 0 \
    "=\\a\\nb: OK${nl}\\a\\\\b: OK${nl}f: OK" ''

# --- what -c must never call good ------------------------------------------------

# base64 is case-sensitive: a digest differing only in letter case is
# another digest.
HFB64SW=$(printf '%s' "$HFB64" | tr 'A-Za-z' 'a-zA-Z')
printf 'SHA256 (f) = %s\n' "$HFB64SW" >m.b64case
run mdsum -c m.b64case
expect "mdsum -c: a base64 digest in the other letter case: FAILED" 1 \
    "=f: FAILED" "=mdsum: WARNING: 1 computed checksum did NOT match"
printf '%s  f\n' "$HFB64SW" >m.b64case2
run mdsum -a sha256 -c m.b64case2
expect "mdsum -a sha256 -c: untagged base64, other letter case: FAILED" 1 \
    "=f: FAILED" "=mdsum: WARNING: 1 computed checksum did NOT match"

# "-" in a manifest read from standard input is not that manifest.
printf '%s  -\n%s  f\n' $HF $HF >m.dash
for o in '' -; do
	IN=m.dash; run mdsum -a sha256 -c $o
	expect "mdsum -a sha256 -c ${o:-(no operand)} < MANIFEST-LISTING--: that line improperly formatted" \
	    0 "=f: OK" "=mdsum: WARNING: 1 line is improperly formatted"
done
IN=m.dash; run mdsum -a sha256 -c -w --strict
expect "mdsum -c -w --strict < MANIFEST-LISTING--: named, the run fails" 1 \
    "=f: OK" "=mdsum: 'standard input': 1: improperly formatted SHA256 checksum line${nl}mdsum: WARNING: 1 line is improperly formatted"

# A tag this build does not know: its own message, and the run fails
# even without --strict (the file went unchecked).
printf 'WHIRLPOOL (f) = %s\nSHA256 (f) = %s\n' $Z128 $HF >m.unknown
unknown_err="=mdsum: m.unknown: 1: no such algorithm in this build: WHIRLPOOL"
run mdsum -c m.unknown
expect "mdsum -c UNKNOWN-TAG: its own message, exit 1" 1 "=f: OK" \
    "$unknown_err${nl}mdsum: WARNING: 1 line names an algorithm not in this build"
run mdsum -a sha256 -c m.unknown
expect "mdsum -a sha256 -c UNKNOWN-TAG: the same" 1 "=f: OK" \
    "$unknown_err${nl}mdsum: WARNING: 1 line names an algorithm not in this build"
run mdsum -c --status m.unknown
expect "mdsum -c --status UNKNOWN-TAG: exit 1" 1 '' "$unknown_err"
printf 'BLAKE9(f)= %s\nBLAKE9 (e) = %s\nwhirlpool  (f) = %s\n' $HF $HF $Z128 \
    >m.unknown2
run mdsum -c -w m.unknown2
expect "mdsum -c -w ONLY-UNKNOWN-TAGS (tight, spaced, lower case): each named" \
    1 '' "=mdsum: m.unknown2: 1: no such algorithm in this build: BLAKE9${nl}mdsum: m.unknown2: 2: no such algorithm in this build: BLAKE9${nl}mdsum: m.unknown2: 3: no such algorithm in this build: whirlpool${nl}mdsum: WARNING: 3 lines name an algorithm not in this build"
# not a tagged line: a name that holds parentheses
printf abc >'x (y) = z'
printf '%s  x (y) = z\n' $HF >m.parens
run mdsum -a sha256 -c m.parens
expect "mdsum -c: an untagged name with ' (y) = ' is no tag" 0 "=x (y) = z: OK" ''
rm -f 'x (y) = z'

# -C says what -c says of its manifest: an ambiguous line (with -a's
# list), malformed lines (counted, named by -w, failing --strict), unknown
# tags; and untagged lines go by their length as with -c.
printf '%s  f\n%s  e\n' $HF $HE >m.amb
amb="an untagged checksum of 64 characters fits several of the algorithms -a names; give -a one of them"
run mdsum -a sha256,sha3-256 -C m.amb f
expect "mdsum -a sha256,sha3-256 -C AMBIGUOUS FILE: says why, as -c does" 1 '' \
    "=mdsum: m.amb: 1: $amb"
run mdsum -a sha3-256,sha256 -C m.amb e
expect "mdsum -a sha3-256,sha256 -C AMBIGUOUS FILE (second line): says why for that line" 1 '' \
    "=mdsum: m.amb: 1: $amb${nl}mdsum: m.amb: 2: $amb"
run mdsum -C m.amb e
expect "mdsum -C UNTAGGED FILE: 64 digits are sha256's" 0 "=e: OK" ''
printf '%s  f\n' $KF >m.kec
run mdsum -C m.kec f
expect "mdsum -C KECCAK-LIST FILE: FAILED as sha256, hint names -a" 1 \
    "=f: FAILED" "=mdsum: WARNING: 1 computed checksum did NOT match${nl}$guess_hint"
printf 'SHA256 (f) = %s\ngarbage\nSHA256 (e) = %s\n' $HF $HE >m.cfmt
run mdsum -C m.cfmt f
expect "mdsum -C MALFORMED-LINE FILE: counted" 0 "=f: OK" \
    "=mdsum: WARNING: 1 line is improperly formatted"
run mdsum -w -C m.cfmt f
expect "mdsum -w -C MALFORMED-LINE FILE: named" 0 "=f: OK" \
    "=mdsum: m.cfmt: 2: improperly formatted checksum line${nl}mdsum: WARNING: 1 line is improperly formatted"
run mdsum --strict -C m.cfmt f
expect "mdsum --strict -C MALFORMED-LINE FILE: fails" 1 "=f: OK" \
    "=mdsum: WARNING: 1 line is improperly formatted"
run mdsum -C m.unknown f
expect "mdsum -C UNKNOWN-TAG FILE: the first line for f says why" 1 '' \
    "$unknown_err${nl}mdsum: WARNING: 1 line names an algorithm not in this build"
run mdsum --quiet -C m.cfmt f e
expect "mdsum --quiet -C: no OK lines" 0 '' \
    "=mdsum: WARNING: 1 line is improperly formatted"

# Options that checking would silently ignore are usage errors.
for o in -R --base64 --no-names; do
	run mdsum -c $o m.ok
	expect "mdsum -c $o: a usage error" 1 '' "~meaningless when verifying checksums"
	run mdsum -C m.ok $o f
	expect "mdsum -C MANIFEST $o: a usage error" 1 '' "~meaningless when verifying checksums"
done
run mdsum --expect=$HF -R f
expect "mdsum --expect=DIGEST -R: a usage error" 1 '' "~meaningless when verifying checksums"


# --- -R -------------------------------------------------------------------------------

mkdir -p t/sub/y d2
printf abc >t/zz
printf abc >t/B
: >t/a
printf abc >'t/a b'
printf abc >t/sub/x
: >t/sub/y/z
printf abc >d2/q
ln -s ../f t/lnk
ln -s ../d2 t/dlnk
ln -s t tlink
ln -s f flink
TREE="SHA256 (t/B) = $HF${nl}SHA256 (t/a) = $HE${nl}SHA256 (t/a b) = $HF${nl}SHA256 (t/sub/x) = $HF${nl}SHA256 (t/sub/y/z) = $HE${nl}SHA256 (t/zz) = $HF"
run mdsum -R t
expect "mdsum -R DIR: byte order, depth first, symlinks inside not followed" \
    0 "=$TREE" '*'
cp "$T/out" r1
run mdsum -R t
cmp -s r1 "$T/out" || bad "the second run printed something else"
verdict "mdsum -R DIR: identical across two runs"
run mdsum --recursive -j1 t
cmp -s r1 "$T/out" || bad "not what mdsum -R t printed"
verdict "mdsum --recursive -j1 DIR: same as -R"
run mdsum -R tlink
expect "mdsum -R LINK-TO-DIR: a link named on the command line is followed" \
    0 "=$(printf '%s\n' "$TREE" | sed 's|(t/|(tlink/|')" '*'
run mdsum -R flink t/lnk
expect "mdsum -R LINK-TO-FILE: followed when named" 0 \
    "=SHA256 (flink) = $HF${nl}SHA256 (t/lnk) = $HF" ''
run mdsum -R f t/sub e
expect "mdsum -R FILE DIR FILE: operand order kept" 0 \
    "=SHA256 (f) = $HF${nl}SHA256 (t/sub/x) = $HF${nl}SHA256 (t/sub/y/z) = $HE${nl}SHA256 (e) = $HE" ''
run mdsum -R --untagged t/sub
expect "mdsum -R --untagged DIR" 0 "=$HF  t/sub/x${nl}$HE  t/sub/y/z" ''
if have mkfifo && have timeout && mkfifo t/sub/fifo 2>/dev/null; then
	begin
	cmd="mdsum -R t/sub (holding a FIFO nobody writes)"
	(PATH=$B:$SYSPATH; exec timeout 20 mdsum -R t/sub) >"$T/out" 2>"$T/err"
	rc=$?
	rm -f t/sub/fifo
	[ $rc -eq 124 ] && bad "still running after 20 s: it opened the FIFO"
	expect "mdsum -R DIR: only regular files, a FIFO inside is not opened" 0 \
	    "=SHA256 (t/sub/x) = $HF${nl}SHA256 (t/sub/y/z) = $HE" '*'
else
	skip_tool "mdsum -R DIR: only regular files, a FIFO inside is not opened" \
	    "no mkfifo or timeout"
fi
run mdsum t
expect "mdsum DIR without -R: exit 1, Is a directory" 1 '' \
    "=mdsum: t: Is a directory"
ours mdsum -R t >t.sums 2>/dev/null
run mdsum -c t.sums
expect "mdsum -c on mdsum -R output" 0 \
    "=t/B: OK${nl}t/a: OK${nl}t/a b: OK${nl}t/sub/x: OK${nl}t/sub/y/z: OK${nl}t/zz: OK" ''

# --- -j ---------------------------------------------------------------------------------

mkdir many
head -c 150000 /dev/urandom >seed
i=1
while [ $i -le 300 ]; do
	name=$(printf 'many/f%03d' $i)
	head -c $(((i * 7919) % 150001)) seed >"$name"
	i=$((i + 1))
done
set -- many/*
run mdsum -j1 "$@"
cp "$T/out" j1
want_rc 0
[ "$(wc -l <j1)" -eq 300 ] || bad "$(wc -l <j1) lines, expected 300"
verdict "mdsum -j1 300-FILES"
for j in '-j 4' -j4 --jobs=4 '-j 16'; do
	run mdsum $j "$@"
	want_rc 0
	cmp -s j1 "$T/out" || bad "output differs from -j1"
	verdict "mdsum $j 300-FILES: output identical to -j1"
done
run mdsum "$@"
cmp -s j1 "$T/out" || bad "output differs from -j1"
verdict "mdsum 300-FILES (default jobs): output identical to -j1"
if [ $GNU = yes ]; then
	gnu sha256sum --tag "$@" >j.gnu 2>/dev/null
	begin
	cmd="mdsum -j1 300-FILES against sha256sum --tag"
	cmp -s j.gnu j1 || bad "digests differ from coreutils'"
	verdict "mdsum 300-FILES: the digests coreutils computes"
fi
run mdsum -R -j1 many
cmp -s j1 "$T/out" || bad "output differs from mdsum -j1 many/*"
verdict "mdsum -R -j1 DIR: walk order is the sorted order"
run mdsum -R -j 4 many
cmp -s j1 "$T/out" || bad "output differs from -j1"
verdict "mdsum -R -j 4 DIR: output identical to -j1"
run mdsum -j 4 many/f001 missing many/f002 d many/f003
want_rc 1
sed -n '1,3p' j1 >"$T/out.want"
cmp -s "$T/out.want" "$T/out" || bad "the three files not printed in order"
verdict "mdsum -j 4 with missing and directory operands: order kept, exit 1"
ours mdsum -j 4 --untagged "$@" >j.sums 2>/dev/null
run mdsum -a sha256 -j 4 --quiet -c j.sums
expect "mdsum -a sha256 -j 4 --quiet -c 300-LINE-MANIFEST: all OK" 0 '' ''
if have taskset && taskset -c 0 true 2>/dev/null; then
	begin
	cmd="taskset -c 0 mdsum 300-FILES"
	(PATH=$B:$SYSPATH; exec taskset -c 0 mdsum "$@") >"$T/out" 2>"$T/err"
	rc=$?
	want_rc 0
	cmp -s j1 "$T/out" || bad "output differs from -j1"
	verdict "taskset -c 0 mdsum 300-FILES: same output on one CPU"
else
	skip_tool "taskset -c 0 mdsum 300-FILES: same output on one CPU" "no taskset"
fi
run mdsum -j x f
expect "mdsum -j x: not a number, exit 1" 1 '' '+'

# --- backends ---------------------------------------------------------------------------

for b in portable libmd openssl; do
	if ! ours mdsum --backend=$b f >/dev/null 2>&1; then
		echo "# backend $b: not built"
		continue
	fi
	for a in $ALGS; do
		set -- $(known_out $a)
		run mdsum --backend=$b -a $a f big
		want_rc 0
		want_err ''
		ours mdsum -a $a f big >"$T/ref" 2>/dev/null
		cmp -s "$T/ref" "$T/out" || bad "not what the default backend prints"
		head -n 1 "$T/out" | grep -qx "$1 (f) = $2" || bad "wrong digest of abc"
		verdict "mdsum --backend=$b -a $a: same digests as the default"
	done
done
run mdsum --backend=portable f
expect "mdsum --backend=portable FILE" 0 "=SHA256 (f) = $HF" ''
runenv MDSUM_BACKEND=portable mdsum -a keccak256 f
expect "MDSUM_BACKEND=portable mdsum -a keccak256 FILE" 0 "=KECCAK256 (f) = $KF" ''
run mdsum --backend=nosuch f
expect "mdsum --backend=nosuch: exit 1 with a message" 1 '' '+'
runenv MDSUM_BACKEND=nosuch mdsum f
expect "MDSUM_BACKEND=nosuch mdsum: exit 1 with a message" 1 '' '+'

# --- help, version, list, debug, progress ---------------------------------------------

run mdsum --help
expect "mdsum --help: exit 0, usage on stdout" 0 '~mdsum' ''
run mdsum --version
expect "mdsum --version: exit 0" 0 '+' ''
run sha256sum --help
expect "sha256sum --help: exit 0" 0 '~sha256sum' ''
run md5sum --version
expect "md5sum --version: exit 0" 0 '+' ''
run mdsum --list
want_rc 0
want_out '~algorithms:'
for a in $ALGS; do
	grep -qx "[ 	]*$a\\([ 	].*\\)\\{0,1\\}" "$T/out" || bad "$a not listed"
done
grep -q portable "$T/out" || bad "backend portable not listed"
verdict "mdsum --list: every algorithm and the portable backend"
# -a help: the names under --list's "algorithms:", then the families -a
# takes, and nothing measured; a name -a does not take is followed by them
# (cksum keeps coreutils' list)
awk '/^algorithms:$/ { on = 1; next } /^$/ { on = 0 } on' "$T/out" \
    >"$T/names"
printf 'sha2\nsha3\n' >>"$T/names"
run mdsum -a help
want_rc 0
cmp -s "$T/names" "$T/out" || {
	bad "not the algorithms of --list, then sha2 and sha3"
	cp "$T/names" "$T/out.want"
}
want_err ''
verdict "mdsum -a help: the names -a takes, one a line, exit 0"
{
	echo "mdsum: invalid argument 'nosuch' for '--algorithm'"
	echo "Valid arguments are:"
	sed "s/.*/  - '&'/" "$T/names"
	echo "Try 'mdsum --help' for more information."
} >"$T/nosuch.err"
for a in nosuch sha256,nosuch; do
	run mdsum -a $a f
	want_rc 1
	want_out ''
	cmp -s "$T/nosuch.err" "$T/err" || {
		bad "stderr is not the message, the names and the pointer to --help"
		cp "$T/nosuch.err" "$T/err.want"
	}
	verdict "mdsum -a $a FILE: usage error listing the names"
done
run cksum -a help f
want_rc 1
want_out ''
printf '%s\n' "cksum: invalid argument 'help' for '--algorithm'" \
    "Try 'cksum --help' for more information." >"$T/ends.want"
sed -n '1p;$p' "$T/err" | cmp -s "$T/ends.want" - ||
    bad "not coreutils' first and last lines"
grep -q sha3-256 "$T/err" && bad "mdsum's names in cksum's list"
verdict "cksum -a help FILE: an invalid argument, as in coreutils"
if [ $CKSUM_A = yes ]; then
	SAME_SED="/^  - 'crc32b'\$/d; /^  - 'sha[23]'\$/d"
	same "cksum -a help FILE = coreutils' cksum (but 9.6's crc32b, 9.8's sha2, sha3)" \
	    cksum cksum -a help f
fi
run mdsum --debug f
want_rc 0
want_out "=SHA256 (f) = $HF"
want_err '+'
grep -E 'portable|native|libmd|openssl' "$T/err" >/dev/null || bad "stderr names no backend"
verdict "mdsum --debug FILE: backend on stderr, stdout unchanged"
run mdsum --progress f big
expect "mdsum --progress FILES, stderr not a terminal: nothing on stderr" 0 \
    "=SHA256 (f) = $HF${nl}$(ours mdsum big 2>/dev/null)" ''
# --progress on a terminal: tests/cli_progress.sh.

# --- usage errors, write errors ---------------------------------------------------------

for o in --bogus -Z '-a' '--backend' '--jobs'; do
	run mdsum $o
	expect "mdsum $o: usage error, exit 1" 1 '' \
	    "~Try 'mdsum --help' for more information."
done
run mdsum --quiet f
expect "mdsum --quiet without -c: exit 1" 1 '' "~Try 'mdsum --help' for more information."
run mdsum -c --tag m.tagged
expect "mdsum -c --tag: exit 1" 1 '' "~Try 'mdsum --help' for more information."
if [ -c /dev/full ]; then
	for a in '' --json --untagged '-a md5,sha256' '-c m.tagged' '-R t' \
	    '-j 4 many' '--expect='$HF; do
		begin
		cmd="mdsum $a f > /dev/full"
		case $a in
		-c*|-R*|-j*) (PATH=$B:$SYSPATH; exec mdsum $a) >/dev/full 2>"$T/err" ;;
		*) (PATH=$B:$SYSPATH; exec mdsum $a f) >/dev/full 2>"$T/err" ;;
		esac
		rc=$?
		want_rc 1
		want_err '+'
		verdict "mdsum ${a:+$a }> /dev/full: write error, exit 1"
	done
else
	skip_tool "mdsum > /dev/full: write error, exit 1" "no /dev/full"
fi
begin
cmd="mdsum f >&-"
(PATH=$B:$SYSPATH; exec mdsum f) >&- 2>"$T/err"
rc=$?
want_rc 1
verdict "mdsum FILE >&-: closed stdout, exit 1"

# --- bad input does not crash ---------------------------------------------------------

for m in m.long1 m.long2 m.nul1 m.nul2 m.nul3 m.mixed d nosuch; do
	run mdsum -a sha256 -c -w $m
	[ $rc -le 1 ] || bad "exit status $rc"
	want_err '+'
	verdict "mdsum -a sha256 -c -w $m: no crash, a message"
done
# A NUL inside a line: coreutils 9.1 checks the name up to the NUL and
# says OK, so that the rest of the line goes unseen; here the line is
# improperly formatted (counted, named by -w, failing --strict).
for t in sha256sum "mdsum -a sha256"; do
	run $t -c m.nul2
	want_rc 0
	want_out "=e: OK"
	want_err "=${t%% *}: WARNING: 1 line is improperly formatted"
	verdict "$t -c NUL-IN-NAME: the line improperly formatted, not OK"
done
run mdsum -a sha256 -c -w --strict m.nul2
want_rc 1
want_out "=e: OK"
want_err "=mdsum: m.nul2: 1: improperly formatted SHA256 checksum line${nl}mdsum: WARNING: 1 line is improperly formatted"
verdict "mdsum -c -w --strict NUL-IN-NAME: named, and the run fails"
printf '%s  good\000junk\n' $HF >m.nul4
cp f good
run mdsum -a sha256 -c m.nul4
want_rc 1
want_out ''
want_err "=mdsum: m.nul4: no properly formatted checksum lines found"
verdict "mdsum -c DIGEST  good<NUL>junk: never OK"
# A manifest written with -z (NUL-ended records) read by -c: every line
# holds a NUL, also when a name holds a newline or the last record is cut
# short, so nothing in it is OK.
ours mdsum -z --untagged f e >m.z0 2>/dev/null
ours mdsum -z --untagged e "a${nl}b" f >m.z1 2>/dev/null
head -c -3 m.z0 >m.z2
for m in m.z0 m.z1 m.z2; do
	run mdsum -a sha256 -c $m
	expect "mdsum -c on a -z manifest ($m): never OK" 1 '' \
	    "=mdsum: $m: no properly formatted checksum lines found"
done
printf '%s\000  f\n' $HF >m.nul5
run mdsum -a sha256 -c m.nul5
want_rc 1
want_out ''
verdict "mdsum -c DIGEST<NUL>  f: a NUL in the digest, never OK"
rm -f good
run mdsum -a sha256 -c -w m.nul1
want_out "=f: OK${nl}e: OK"
want_err "~m.nul1: 2: "
verdict "mdsum -c -w NUL-LINE: names manifest and line, later lines checked"

# --- the coreutils names without a coreutils counterpart ------------------------------

for l in 0 1 55 56 111 112 127 128 129 1000 65536; do
	head -c $l seed >"r$l"
done
if [ $GNU = yes ] && [ -x "$G/sha512sum" ]; then
	for l in 0 1 55 56 111 112 127 128 129 1000 65536 big; do
		case $l in big) r=big ;; *) r=r$l ;; esac
		want="$(gnu sha512sum "$r" | cut -c 1-64)  $r"
		run sha512hsum "$r"
		expect "sha512hsum $r = first 64 hex digits of sha512sum" 0 "=$want" ''
	done
else
	skip_tool "sha512hsum = first 64 hex digits of sha512sum" "no coreutils sha512sum"
fi
run sha512hsum --tag f e
expect "sha512hsum --tag FILE FILE" 0 "=SHA512H (f) = $HHF${nl}SHA512H (e) = $HHE" ''
run sha512hsum f
expect "sha512hsum FILE: untagged" 0 "=$HHF  f" ''
run keccak256sum f e
expect "keccak256sum FILE FILE: untagged, known answers" 0 "=$KF  f$nl$KE  e" ''
run keccak256sum --tag -b f
expect "keccak256sum --tag FILE" 0 "=KECCAK256 (f) = $KF" ''
if [ -x /usr/bin/python3 ] &&
    /usr/bin/python3 -c 'from Cryptodome.Hash import keccak' >/dev/null 2>&1; then
	KPY='import sys
from Cryptodome.Hash import keccak
for name in sys.argv[1:]:
    h = keccak.new(digest_bits=256)
    with open(name, "rb") as f:
        h.update(f.read())
    print(h.hexdigest() + "  " + name)'
	set -- r0 r1 r55 r56 r111 r112 r127 r128 r129 r1000 r65536 big
	/usr/bin/python3 -c "$KPY" "$@" >"$T/kref"
	run keccak256sum "$@"
	want_rc 0
	want_err ''
	cmp -s "$T/kref" "$T/out" || { bad "digests differ"; cp "$T/kref" "$T/out.want"; }
	verdict "keccak256sum = pycryptodome keccak (12 lengths up to 1 MiB)"
else
	skip_tool "keccak256sum = pycryptodome keccak" \
	    "/usr/bin/python3 with Cryptodome (python3-pycryptodome) not installed"
fi
if [ -n "$PY" ] && "$PY" -c 'import hashlib; hashlib.sha3_256' 2>/dev/null; then
	set -- r0 r1 r55 r56 r111 r112 r127 r128 r129 r1000 r65536 big
	"$PY" -c 'import hashlib, sys
for n in sys.argv[1:]:
    print(hashlib.sha3_256(open(n, "rb").read()).hexdigest() + "  " + n)' \
	    "$@" >"$T/sref"
	run mdsum -a sha3-256 --untagged "$@"
	want_rc 0
	cmp -s "$T/sref" "$T/out" || { bad "digests differ"; cp "$T/sref" "$T/out.want"; }
	verdict "mdsum -a sha3-256 = python hashlib.sha3_256 (12 lengths)"
else
	skip_tool "mdsum -a sha3-256 = python hashlib.sha3_256" "no python3 hashlib"
fi

# --- --bench: the table's shape only (a benchmark never runs in make check) ---

run mdsum --bench --size=4096 -a md5,sha512h
want_rc 0
want_err ''
awk -v bes="$(ours mdsum --list | awk '/^backends:/ { on = 1; next }
    /^$/ { on = 0 } on && !/not built/ && $1 != "native" { printf "%s ", $1 }')" '
	NR == 1 { if ($0 !~ /^# mdsum --bench: .*clock [0-9.]+ GHz/) bad = "line 1: " $0; next }
	NR == 2 { if ($1 != "algorithm" || $7 != "digest") bad = "header: " $0; next }
	{
		if (NF != 7 || $4 != 4096 || $5 + 0 <= 0 || $6 + 0 <= 0)
			bad = "row: " $0
		if (($1 == "md5" && length($7) != 32) ||
		    ($1 == "sha512h" && length($7) != 64))
			bad = "digest length: " $0
		if ($1 in d && d[$1] != $7)
			bad = "digests of " $1 " differ between backends"
		d[$1] = $7
		seen[$1 " " $2] = 1
	}
	END {
		# Every built backend has a row; native only where it has a kernel.
		n = split(bes, be, " ")
		for (i = 1; i <= n; i++)
			if (!(("md5 " be[i]) in seen) || !(("sha512h " be[i]) in seen))
				bad = "no row for backend " be[i]
		if (bad != "") { print bad; exit 1 }
	}' "$T/out" >"$T/why" || bad "$(cat "$T/why")"
[ "$(sed -n 3p "$T/out" | awk '{ print $7 }')" = \
    "$(awk 'BEGIN { for (i = 0; i < 4096; i++) printf "%c", (i * 31 + 7) % 256 }' |
    LC_ALL=C md5sum | cut -d' ' -f1)" ] 2>/dev/null ||
    bad "md5 digest of the benchmark message is not md5sum's"
verdict "mdsum --bench --size=4096 -a md5,sha512h: header, one row per backend, digests agree"

run mdsum --bench --size=0
want_rc 1
verdict "mdsum --bench --size=0: usage error"

# --- summary ------------------------------------------------------------------------------

summary
