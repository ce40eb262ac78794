#!/bin/sh
# fault.sh: fault injection (the reliability issue): what the tools do
# when reading, writing, the file system or the process's limits fail
# them, run through the built programs.
#
# usage: sh tests/fault.sh BINDIR
#
# The faults:
#  - read(2) failing with EIO part-way, on the read loop, the mmap path, a
#    pipe and the archive path (plain and gzip, file and pipe), through
#    tests/eio_shim.so, an LD_PRELOAD library the Makefile builds for
#    check; a file truncated while mapped (and while read), deleted or
#    renamed over while it is hashed;
#  - read(2) returning short, ending where a block or the sponge's rate
#    ends (and a byte before and after), in the middle of a file and at
#    its end, for each construction, one file at a time and in lanes;
#  - stdout closed, /dev/full, a pipe closed early (| head -c1), with
#    SIGPIPE default and ignored;
#  - permission denied (run as nobody through setpriv when root), a
#    directory, a FIFO with no writer, a dangling symbolic link, names
#    that are not UTF-8, a 4096-byte path and a tree deeper than PATH_MAX;
#  - ulimit -v 64 MiB over a 4 GiB sparse file, a 256 MiB one mapped and
#    a 1 GiB decompression bomb; ulimit -n 16 under -j2 -R over 1000
#    files; 100,000 files through xargs;
#  - SIGINT while mdsum -R writes a manifest: at a chosen moment, in the
#    middle of a line (through the shim), and at a random one.
#
# Each case is run with the BSD tool (sha256), mdsum (generating, -c, -A
# and -R with -j1 and -j2) where it applies.  In each: a message on stderr
# naming the file, the documented exit status (the manuals' EXIT STATUS:
# 1 for a read or write error, in both modes), the other operands still
# processed, and stdout holding only complete, correct lines.  Where GNU coreutils can
# meet the same failure, mdsum's stdout, stderr (program names aside) and
# exit status must be coreutils' sha256sum's; the comparisons are skipped,
# visibly, without coreutils.
#
# With FAULT_ONLY=short in the environment only the short reads are run
# (seconds, for make mutate).
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.

# shellcheck disable=SC2002,SC2011,SC2012,SC2030,SC2031,SC2086,SC3045
# (cat | tool makes a pipe, on purpose; the names ls lists are f0 to
# f99999; PATH is set in subshells on purpose; unquoted $how, $j and $o
# are options or nothing, split on purpose; ulimit -v and -n are not
# POSIX, but dash, bash, ksh and the BSD sh have them)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
needs mdsum sha256 sha256sum
M=$B/mdsum
S=$B/sha256
eio_shim

plain_env POSIXLY_CORRECT EIO_SHIM_PATH EIO_SHIM_FD \
    EIO_SHIM_AFTER EIO_SHIM_DO EIO_SHIM_WITH EIO_SHIM_SIGINT_ON EIO_SHIM_MAX \
    EIO_SHIM_FAIL

tmpdir fault
# some tests take permissions away: give them back, so that all is removed
W=$T/w
mkdir "$W" || exit 2
cd "$W" || exit 2

# GNU coreutils' sha256sum, the reference for mdsum's messages, is run
# by its bare name (gnu ARG...), so that its messages start as ours do.
GNU=
G=$T/gnu
mkdir "$G" || exit 2
if sha256sum --version 2>/dev/null | grep -q GNU; then
	GNU=$(command -v sha256sum)
	ln -s "$GNU" "$G/sha256sum"
fi
NOGNU="no GNU coreutils sha256sum"

gnu()
{
	(PATH=$G:$PATH; exec sha256sum "$@")
}
# env --default-signal (coreutils 9) gives a child SIGINT and SIGPIPE back
# when the shell runs it with them ignored, as sh does with jobs run by &.
DEFSIG=
env --default-signal=INT true 2>/dev/null && DEFSIG=yes
# Killed by SIGPIPE (13) or SIGINT (2): the shell's 128 + N.
RC_PIPE=141
RC_INT=130

# --- reporting ----------------------------------------------------------

SHOW_WIDTH=200
CMD_WIDTH=300

diagnose()
{
	diagnose_run
}

# run CMD [ARG...]: stdout to $T/out, stderr to $T/err, status in rc.

# shim VAR=VALUE... CMD [ARG...]: run with tests/eio_shim.so preloaded;
# shim_int the same with SIGINT at its default action.
shim()
{
	run env LD_PRELOAD="$SHIM" "$@"
}

shim_int()
{
	run env --default-signal=INT LD_PRELOAD="$SHIM" "$@"
}

# want_text TEXT: stdout must be TEXT (printf's format, no arguments).
want_text()
{
	# shellcheck disable=SC2059
	printf "$1" >"$T/out.want"
	cmp -s "$T/out.want" "$T/out" || bad "stdout not as expected"
}

# lines WORD...: the expected tagged lines for those files, in order
# (coreutils' --tag lines, which are mdsum's and sha256's).
lines()
{
	for _f do
		printf 'SHA256 (%s) = %s\n' "$_f" "$(digest "$_f")"
	done
}

# digest FILE: its SHA-256, as coreutils computes it (our own when there
# is no coreutils; the tests of the digests themselves are elsewhere).
digest()
{
	if [ -n "$GNU" ]; then
		gnu <"$1" | cut -d' ' -f1
	else
		"$M" --no-names <"$1"
	fi
}

# want_lines WORD...: stdout must be exactly those files' tagged lines.
want_lines()
{
	lines "$@" >"$T/out.want"
	cmp -s "$T/out.want" "$T/out" || bad "stdout: not the lines of: $*"
}

# same DESC OURS GNUARGS -- ARG...: runs "$M OURS ARG..." and coreutils'
# "sha256sum GNUARGS ARG..." (OURS and GNUARGS are option words, split);
# stdout, exit status and stderr with the program names made PROG must
# be the same.  Standard output may be redirected by SAME_OUT (a file,
# /dev/full; or "closed").
SAME_OUT=
same()
{
	_d=$1
	_o=$2
	_g=$3
	shift 4
	begin
	if [ -z "$GNU" ]; then
		skip_tool "$_d" "$NOGNU"
		SAME_OUT=
		return
	fi
	quote mdsum $_o "$@"
	cmd="$cmd    (against: sha256sum $_g ...)"
	case $SAME_OUT in
	'')	"$M" $_o "$@" >"$T/out" 2>"$T/err"; rc=$?
		gnu $_g "$@" >"$T/g.out" 2>"$T/g.err"; _grc=$? ;;
	closed)	"$M" $_o "$@" >&- 2>"$T/err"; rc=$?
		gnu $_g "$@" >&- 2>"$T/g.err"; _grc=$?
		: >"$T/out"
		: >"$T/g.out" ;;
	*)	"$M" $_o "$@" >"$SAME_OUT" 2>"$T/err"; rc=$?
		gnu $_g "$@" >"$SAME_OUT" 2>"$T/g.err"; _grc=$?
		: >"$T/out"
		: >"$T/g.out" ;;
	esac
	SAME_OUT=
	compare_gnu "$_d" "$_grc"
}

# compare_gnu DESC GNU-RC: our run ($rc, $T/out, $T/err) against
# coreutils' ($T/g.out, $T/g.err).
compare_gnu()
{
	sed 's/^[a-z0-9]*: /PROG: /' "$T/err" >"$T/o.errn"
	sed 's/^[a-z0-9]*: /PROG: /' "$T/g.err" >"$T/g.errn"
	[ "$rc" -eq "$2" ] || bad "exit status $rc, coreutils $2"
	cmp -s "$T/out" "$T/g.out" || {
		bad "stdout differs from coreutils'"
		cp "$T/g.out" "$T/out.want"
	}
	cmp -s "$T/o.errn" "$T/g.errn" || {
		bad "stderr differs from coreutils': $(tr '\n' '|' <"$T/g.err")"
	}
	verdict "$1"
}

# --- fixtures -------------------------------------------------------------

printf abc >a
printf 'hello\n' >z
head -c 6291456 /dev/urandom >big	# 6 MiB: two 4 MiB mapping windows
head -c 100000 /dev/urandom >small	# read, not mapped, by default
FIVE=5242880				# the fault: 5 MiB into big
mkdir r
cp a big z r/
# the other files are still processed: a before the faulty one, z after
H_a=$(digest a)
H_big=$(digest big)
H_z=$(digest z)
lines a big z >SHA256SUMS

# --- the shim -------------------------------------------------------------

if [ -z "$SHIM" ]; then
	skip_tool "EIO part-way, short reads and files changing while hashed" \
	    "no tests/eio_shim.so (make check builds it)"
	SHIMOK=no
else
	SHIMOK=yes
	# the shim works at all: a plain read fails where it is told to
	shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=$FIVE \
	    dd if=big of=/dev/null bs=1048576
	if [ $rc -eq 0 ]; then
		skip_tool "EIO part-way, short reads and files changing while hashed" \
		    "the shim does not take (LD_PRELOAD ignored?)"
		SHIMOK=no
	fi
fi

# --- short reads ------------------------------------------------------------

# read(2) may return fewer bytes than asked.  For block (or rate) b the
# reads are cut to end at b-1, b (a partial block completed by a read of
# one byte), 2b (one whole block alone), 3b+1, 4b-1, 5b, 6b+1 and 7b; the
# files are b-1, b and b+1 bytes long (the file ends in the second read),
# 7b (the last short read ends the file on a boundary), 8b-1, 8b and 8b+1
# (a read from a boundary ends it).  Then every read gives one byte.  Each
# construction: Merkle-Damgard with 64- and 128-byte blocks, the sponge
# at each rate, BLAKE2b, which must keep its last block back until a byte
# after it comes (the last one is compressed with a flag): a lane must not
# take a block that a short read happened to end as the last.  One file
# at a time, in the lanes of the default kernel and of a portable one
# (each file twice, the lanes refilled).  The digests are python3
# hashlib's; keccak256, which it lacks, is checked against mdsum reading
# the file whole from standard input (its rate, 136, is sha3-256's, and
# its vectors are tests/vectors').
# alg:block:lane kernel family ("-": none)
SR_ALGS="md5:64:md5 sha1:64:- sha256:64:sha256 sha512:128:sha512 \
    sha3-224:144:keccak sha3-256:136:keccak sha3-384:104:keccak \
    sha3-512:72:keccak keccak256:136:keccak blake2b:128:blake2b"

# sr_sizes B: the file sizes for block B; sr_cuts B: where reads end.
sr_sizes()
{
	echo $(($1 - 1)) $1 $(($1 + 1)) $((7 * $1)) $((8 * $1 - 1)) \
	    $((8 * $1)) $((8 * $1 + 1))
}

sr_cuts()
{
	echo $(($1 - 1)),$1,$((2 * $1)),$((3 * $1 + 1)),$((4 * $1 - 1)),$((5 * $1)),$((6 * $1 + 1)),$((7 * $1))
}

if [ $SHIMOK = yes ] && ! have python3; then
	skip_tool "short reads" "no python3"
elif [ $SHIMOK = yes ]; then
	mkdir sr
	for spec in $SR_ALGS; do
		b=${spec#*:}
		b=${b%%:*}
		[ -d sr/$b ] && continue
		mkdir sr/$b
		for size in $(sr_sizes $b); do
			head -c $size big >sr/$b/$size
		done
	done
	python3 - $SR_ALGS <<'EOF'
import hashlib, sys
for spec in sys.argv[1:]:
    alg, b, _ = spec.split(":")
    if alg == "keccak256":
        continue
    b = int(b)
    with open("sr/%s.want" % alg, "w") as out:
        for size in (b - 1, b, b + 1, 7 * b, 8 * b - 1, 8 * b, 8 * b + 1):
            name = "sr/%d/%d" % (b, size)
            with open(name, "rb") as f:
                h = hashlib.new(alg.replace("-", "_"), f.read())
            out.write("%s  %s\n" % (h.hexdigest(), name))
EOF
	for size in $(sr_sizes 136); do
		printf '%s  %s\n' "$("$M" -a keccak256 --no-names <sr/136/$size)" \
		    sr/136/$size
	done >sr/keccak256.want

	# the shim cuts the reads where it is told (seen through dd, which
	# cannot load a shim built with a sanitizer: make sanitize)
	if [ -n "${MDSUM_TEST_SANITIZER:-}" ]; then
		skip "short reads: the shim cuts dd's reads where told" \
		    "the shim is built with the sanitizer, which dd lacks"
	else
		shim EIO_SHIM_DO=short EIO_SHIM_AFTER="$(sr_cuts 128)" \
		    EIO_SHIM_PATH=sr/128/1025 dd if=sr/128/1025 of=/dev/null \
		    bs=65536
		expect "short reads: the shim cuts dd's reads where told" 0 \
		    '' "~0+9 records in"
	fi

	for spec in $SR_ALGS; do
		alg=${spec%%:*}
		b=${spec#*:}
		fam=${b#*:}
		b=${b%%:*}
		files=
		paths=
		for size in $(sr_sizes $b); do
			files="$files sr/$b/$size"
			paths="${paths:+$paths:}sr/$b/$size"
		done
		cat sr/$alg.want sr/$alg.want >sr/want
		for how in one lanes portable-lanes bytes; do
			cpu=
			be=
			cuts=$(sr_cuts $b)
			max=
			case $how in
			one)	o="--no-multibuffer --no-mmap" ;;
			lanes)	o="-j1 --no-mmap" ;;
			portable-lanes)
				[ $fam = - ] && continue
				o="-j1 --no-mmap"
				cpu=$fam-portable-x4
				be=portable ;;
			bytes)	o="-j1 --no-mmap"
				cuts=
				max=1 ;;
			esac
			shim MDSUM_CPU=$cpu MDSUM_BACKEND=$be EIO_SHIM_DO=short \
			    EIO_SHIM_AFTER=$cuts EIO_SHIM_MAX=$max \
			    EIO_SHIM_PATH=$paths "$M" $o --untagged -a $alg \
			    $files $files
			cmp -s sr/want "$T/out" || {
				bad "stdout: not the digests of hashlib"
				cp sr/want "$T/out.want"
			}
			expect "short reads: mdsum -a $alg (block $b), $how" 0 \
			    '*' ''
		done
	done
fi
[ "${FAULT_ONLY:-}" = short ] && summary

# --- read(2) failing with EIO part-way ----------------------------------

E_BIG="sha256: big: Input/output error"
M_BIG="mdsum: big: Input/output error"
if [ $SHIMOK = yes ]; then
	for how in --mmap --no-mmap ''; do
		shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=$FIVE "$S" $how a big z
		want_lines a z
		expect "EIO 5 MiB into a file: sha256 ${how:-(default path)}" \
		    1 '*' "=$E_BIG"
	done
	for j in -j1 -j2; do
		shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=$FIVE "$M" $j a big z
		want_lines a z
		expect "EIO 5 MiB into a file: mdsum $j" 1 '*' "=$M_BIG"

		shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=$FIVE "$M" $j --no-mmap \
		    small big a
		want_lines small a
		expect "EIO 5 MiB into a file: mdsum $j --no-mmap" 1 '*' \
		    "=$M_BIG"

		shim EIO_SHIM_PATH=r/big EIO_SHIM_AFTER=$FIVE "$M" $j -R r
		want_lines r/a r/z
		expect "EIO 5 MiB into a file: mdsum $j -R" 1 '*' \
		    "=mdsum: r/big: Input/output error"

		shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=$FIVE "$M" $j -c SHA256SUMS
		expect "EIO 5 MiB into a file: mdsum $j -c" 1 \
		    "=a: OK${nl}big: FAILED open or read${nl}z: OK" \
		    "=$M_BIG${nl}mdsum: WARNING: 1 listed file could not be read"
	done
	shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=$FIVE "$B/sha256sum" -c SHA256SUMS
	expect "EIO 5 MiB into a file: sha256sum -c (coreutils' lines)" 1 \
	    "=a: OK${nl}big: FAILED open or read${nl}z: OK" \
	    "=sha256sum: big: Input/output error${nl}sha256sum: WARNING: 1 listed file could not be read"

	# a pipe on standard input: the shim counts what fd 0 gave
	begin
	quote sh -c 'cat big | sha256'
	cat big | env LD_PRELOAD="$SHIM" EIO_SHIM_FD=0 EIO_SHIM_AFTER=$FIVE \
	    "$S" >"$T/out" 2>"$T/err"
	rc=$?
	expect "EIO 5 MiB into a pipe: sha256 (stdin)" 1 '' \
	    "=sha256: stdin: Input/output error"
	begin
	quote sh -c 'cat big | mdsum a - z'
	cat big | env LD_PRELOAD="$SHIM" EIO_SHIM_FD=0 EIO_SHIM_AFTER=$FIVE \
	    "$M" a - z >"$T/out" 2>"$T/err"
	rc=$?
	want_lines a z
	expect "EIO 5 MiB into a pipe: mdsum a - z" 1 '*' \
	    "=mdsum: -: Input/output error"
	begin
	quote sh -c 'cat big | sha256 -p'
	cat big | env LD_PRELOAD="$SHIM" EIO_SHIM_FD=0 EIO_SHIM_AFTER=$FIVE \
	    "$S" -p >"$T/out" 2>"$T/err"
	rc=$?
	head -c $FIVE big | cmp -s - "$T/out" ||
	    bad "stdout is not the 5 MiB that were read"
	expect "EIO 5 MiB into a pipe: sha256 -p copies what it read, no digest" \
	    1 '*' "=sha256: stdin: Input/output error"
fi

# --- the archive path ---------------------------------------------------

tar cf ar.tar a big z
tar cf ok.tar z
gzip -1 -c ar.tar >ar.tgz
if [ $SHIMOK = yes ]; then
	# big's data is bytes 1536 to 6293504 of ar.tar, and about the
	# same of ar.tgz (random bytes do not compress)
	for arc in ar.tar ar.tgz; do
		shim EIO_SHIM_PATH=$arc EIO_SHIM_AFTER=3000000 "$M" -A $arc ok.tar
		e="=mdsum: $arc: member big: Input/output error"
		if [ $arc = ar.tar ]; then
			want_lines a z
		else
			# the gzip stream never reached its check: no line from it
			want_lines z
			e="$e${nl}mdsum: $arc: the line of the member read before the failure is left out"
		fi
		expect "EIO part-way through $arc: mdsum -A, the next archive read" \
		    1 '*' "$e"
	done

	begin
	quote sh -c 'cat ar.tar | mdsum -A - ok.tar'
	cat ar.tar | env LD_PRELOAD="$SHIM" EIO_SHIM_FD=0 \
	    EIO_SHIM_AFTER=3000000 "$M" -A - ok.tar >"$T/out" 2>"$T/err"
	rc=$?
	want_lines a z
	expect "EIO part-way through an archive on a pipe: mdsum -A -" 1 '*' \
	    "=mdsum: -: member big: Input/output error"

	shim EIO_SHIM_PATH=ar.tar EIO_SHIM_AFTER=3000000 \
	    "$M" -A -c SHA256SUMS ar.tar ok.tar
	expect "EIO part-way through an archive: mdsum -A -c" 1 \
	    "=a: OK${nl}big: FAILED open or read${nl}z: OK" \
	    "=mdsum: ar.tar: member big: Input/output error${nl}$M_BIG${nl}mdsum: WARNING: 1 listed file could not be read"

	# before the first member: the archive cannot even be opened
	shim EIO_SHIM_PATH=ar.tgz EIO_SHIM_AFTER=0 "$M" -A ar.tgz ok.tar
	want_lines z
	expect "EIO at the start of an archive: mdsum -A" 1 '*' \
	    "=mdsum: ar.tgz: Input/output error"
fi

# --- files that change while they are hashed ------------------------------

if [ $SHIMOK = yes ]; then
	cp big big.orig
	# Cut to one page as soon as it is mapped: the rest of the mapping
	# raises SIGBUS, which the library turns into an error.
	for prog in "$S" "$M -j1" "$M -j2"; do
		cp big.orig big
		shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=4096 EIO_SHIM_DO=truncate \
		    $prog --mmap a big z
		want_lines a z
		name=${prog%% *}
		expect "truncated while mapped: ${prog##*/} --mmap" 1 '*' \
		    "=${name##*/}: big: file changed while reading"
	done
	# cut by one byte: no SIGBUS (same page), the size says it (mdsum
	# -j1: in its lanes, and one at a time)
	for prog in "$S" "$M -j1" "$M -j1 --no-multibuffer"; do
		cp big.orig big
		shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=6291455 \
		    EIO_SHIM_DO=truncate $prog --mmap a big z
		want_lines a z
		name=${prog%% *}
		expect "truncated by a byte while mapped: ${prog##*/} --mmap" \
		    1 '*' "=${name##*/}: big: file changed while reading"
	done
	# cut while read in a loop: the same, not the digest of a part
	cp small small.orig
	for prog in "$S" "$M -j1"; do
		name=${prog%% *}
		for how in --no-mmap ''; do
			cp big.orig big
			f=big
			[ -z "$how" ] && f=small
			shim EIO_SHIM_PATH=$f EIO_SHIM_AFTER=4096 \
			    EIO_SHIM_DO=truncate $prog $how a $f z
			want_lines a z
			expect "truncated while read: ${prog##*/} ${how:-(default path)} $f" \
			    1 '*' "=${name##*/}: $f: file changed while reading"
			cp small.orig small
		done
	done
	# Cut to nothing as soon as it is mapped: the first kernel call over
	# the lanes faults, in the step that started a and z; their lines
	# must still be right (the lanes go back to the state of just before
	# the call, their starts included).  Each algorithm, with its lane
	# kernel and with the portable ones, which run on any processor.
	for cpu in '' md5-portable-x4 sha256-portable-x4 sha512-portable-x4 \
	    keccak-portable-x4; do
		be=
		[ -n "$cpu" ] && be=portable
		for alg in md5 sha256 sha512h keccak256; do
			"$M" --no-multibuffer -a $alg a z >"$T/want" 2>/dev/null
			cp big.orig big
			shim MDSUM_CPU=$cpu MDSUM_BACKEND=$be EIO_SHIM_PATH=big \
			    EIO_SHIM_AFTER=0 EIO_SHIM_DO=truncate \
			    "$M" -j1 --mmap -a $alg a big z
			cmp -s "$T/want" "$T/out" ||
			    bad "stdout: not the lines of a and z"
			expect "truncated to nothing as mapped, in the lanes: mdsum -a $alg (${cpu:-default kernel})" \
			    1 '*' "=mdsum: big: file changed while reading"
		done
	done
	cp big.orig big
	shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=4096 EIO_SHIM_DO=truncate \
	    "$M" -j2 -c SHA256SUMS
	expect "truncated while mapped: mdsum -c" 1 \
	    "=a: OK${nl}big: FAILED open or read${nl}z: OK" \
	    "=mdsum: big: file changed while reading${nl}mdsum: WARNING: 1 listed file could not be read"

	# Appended to while hashed, as a log is: hashed to its new end,
	# mapped as read (a mapping made for the old size goes on), one at a
	# time and in the lanes; the digest does not depend on the way.
	head -c 100000 small.orig >"$T/tail"
	for prog in "$S" "$M -j1" "$M -j1 --no-multibuffer"; do
		for how in --mmap --no-mmap; do
			cp big.orig big
			shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=4096 \
			    EIO_SHIM_DO=grow EIO_SHIM_WITH="$T/tail" \
			    $prog $how a big z
			[ "$(wc -c <big)" -eq $((6291456 + 100000)) ] ||
			    bad "big did not grow"
			want_lines a big z
			expect "grown while hashed: ${prog##*/} $how" 0 '*' ''
		done
	done
	cp big.orig big

	# Removed, or renamed over, half-way: the open file is hashed
	# whole, as coreutils and FreeBSD's md5 do; no error.
	ABZ="SHA256 (a) = $H_a\nSHA256 (big) = $H_big\nSHA256 (z) = $H_z\n"
	for prog in "$S --mmap" "$S --no-mmap" "$M -j2"; do
		cp big.orig big
		shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=$FIVE EIO_SHIM_DO=unlink \
		    $prog a big z
		want_text "$ABZ"
		[ -e big ] && bad "big was not removed: the shim did not act"
		expect "removed while hashed: ${prog##*/}: hashed as opened" \
		    0 '*' ''
		cp big.orig big
		printf new >new
		shim EIO_SHIM_PATH=big EIO_SHIM_AFTER=$FIVE EIO_SHIM_DO=replace \
		    EIO_SHIM_WITH=new $prog a big z
		want_text "$ABZ"
		[ "$(cat big)" = new ] || bad "big was not replaced"
		expect "renamed over while hashed: ${prog##*/}: hashed as opened" \
		    0 '*' ''
	done
	cp big.orig big
fi

# --- standard output that fails -----------------------------------------

# closed: coreutils says why ("Bad file descriptor": closing it fails)
SAME_OUT=closed
same "stdout closed: mdsum, as coreutils" "" "--tag" -- a big z
SAME_OUT=closed
same "stdout closed: mdsum -j2, as coreutils" "-j2" "--tag" -- a big z
SAME_OUT=closed
same "stdout closed: mdsum -c, as coreutils" "-c" "-c" -- SHA256SUMS
SAME_OUT=closed
same "stdout closed, nothing written: mdsum, as coreutils (no error)" \
    "" "--tag" -- nonexistent
begin
quote sha256 a z '>&-'
"$S" a z >&- 2>"$T/err"
rc=$?
expect "stdout closed: sha256" 1 '*' "=sha256: stdout: Bad file descriptor"
for o in "-j2 -R r" "-A ar.tar"; do
	begin
	quote mdsum $o '>&-'
	"$M" $o >&- 2>"$T/err"
	rc=$?
	expect "stdout closed: mdsum $o" 1 '*' \
	    "=mdsum: write error: Bad file descriptor"
done

# /dev/full: coreutils 9.1 goes on to the end and says "write error"
# without the reason; mdsum stops at the first line, with the reason (so
# the unreadable operand after a is never reached).  tests/cli_write.sh
# has the rest.
if [ -c /dev/full ]; then
	for o in "a big z" "-j2 a big z" "-c SHA256SUMS" "a nonexistent z" \
	    "-j1 -R r" "-j2 -R r" "-A ar.tar" "-A -c SHA256SUMS ar.tar"; do
		begin
		quote mdsum $o '>/dev/full'
		"$M" $o >/dev/full 2>"$T/err"
		rc=$?
		expect "stdout /dev/full: mdsum $o" 1 '*' \
		    "=mdsum: write error: No space left on device"
	done
	begin
	quote sha256 a z '>/dev/full'
	"$S" a z >/dev/full 2>"$T/err"
	rc=$?
	expect "stdout /dev/full: sha256" 1 '*' \
	    "=sha256: stdout: No space left on device"
else
	skip_tool "stdout /dev/full" "no /dev/full"
fi

# A pipe whose reader leaves after one byte.  The output is far more than
# a pipe holds, so the writer meets the closed pipe whatever the timing:
# with SIGPIPE at its default it dies of it; with SIGPIPE ignored it must
# fail with "write error" (coreutils' words) and the reason, never
# succeed silently.
mkdir many
(cd many && awk 'BEGIN { for (i = 0; i < 1000; i++) {
	f = sprintf("f%04d", i); printf "%d\n", i > f; close(f) } }')
n3000=
i=0
while [ $i -lt 3000 ]; do
	n3000="$n3000 a"
	i=$((i + 1))
done
"$M" -R many >many.sums
# many.sums is what the cases below expect: first, it must agree with
# coreutils (or Python's hashlib), not only with mdsum itself.
begin
quote mdsum -R many
sort many.sums >"$T/out"
if [ -n "$GNU" ]; then
	gnu --tag many/* | sort >"$T/out.want"
elif command -v python3 >/dev/null 2>&1; then
	python3 -c 'import hashlib, sys
for n in sys.argv[1:]:
    print("SHA256 (%s) = %s" % (n, hashlib.sha256(open(n, "rb").read()).hexdigest()))' \
	    many/* | sort >"$T/out.want"
fi
if [ -f "$T/out.want" ]; then
	cmp -s "$T/out.want" "$T/out" || bad "not coreutils' digests"
	[ "$(wc -l <"$T/out")" -eq 1000 ] || bad "$(wc -l <"$T/out") lines"
	verdict "mdsum -R many: 1000 lines, as coreutils' sha256sum --tag"
else
	skip_tool "mdsum -R many: as coreutils" "no GNU sha256sum or python3"
fi
# early_close DEFAULT|IGNORED PROG ARG...: $T/rc and $T/err of PROG
# writing into | head -c1.
early_close()
{
	_how=$1
	shift
	begin
	quote "$@" '| head -c1'
	cmd="$cmd  (SIGPIPE $_how)"
	if [ "$_how" = ignored ]; then
		{ (trap '' PIPE; exec "$@" 2>"$T/err"); echo $? >"$T/rc"; } |
		    head -c 1 >/dev/null
	elif [ -n "$DEFSIG" ]; then
		{ env --default-signal=PIPE "$@" 2>"$T/err"; echo $? >"$T/rc"; } |
		    head -c 1 >/dev/null
	else
		{ "$@" 2>"$T/err"; echo $? >"$T/rc"; } | head -c 1 >/dev/null
	fi
	rc=$(cat "$T/rc")
}
for prog in "$S" "$M -j1" "$M -j2" "$B/sha256sum"; do
	early_close default $prog $n3000
	expect "stdout a pipe closed early: ${prog##*/}: killed by SIGPIPE" \
	    $RC_PIPE '*' ''
	early_close ignored $prog $n3000
	case $prog in
	"$S")	e="=sha256: stdout: Broken pipe" ;;
	*sum)	e="=sha256sum: write error: Broken pipe" ;;
	*)	e="=mdsum: write error: Broken pipe" ;;
	esac
	expect "stdout a pipe closed early, SIGPIPE ignored: ${prog##*/}: error" \
	    1 '*' "$e"
done
for o in "-j1 -R many" "-j2 -R many" "-j2 -c many.sums"; do
	early_close ignored "$M" $o
	expect "stdout a pipe closed early, SIGPIPE ignored: mdsum $o" 1 '*' \
	    "=mdsum: write error: Broken pipe"
done
if [ -n "$GNU" ]; then
	early_close ignored env PATH="$G:$PATH" sha256sum $n3000
	expect "(reference) coreutils sha256sum | head -c1, SIGPIPE ignored" \
	    1 '*' "=sha256sum: write error"
fi

# --- names and kinds of file ----------------------------------------------

mkdir d
ln -s nowhere dangle
mkfifo fifo 2>/dev/null || rm -f fifo
bad1=$(printf 'bad\377name')
miss1=$(printf 'miss\377')
printf 'not UTF-8\n' >"$bad1"
H_bad1=$(digest "$bad1")

# a directory and a dangling link, as operands: coreutils' messages
same "a directory: mdsum, as coreutils" "" "--tag" -- a d z
same "a dangling symlink: mdsum, as coreutils" "" "--tag" -- a dangle z
run "$S" a d dangle z
want_lines a z
expect "a directory and a dangling symlink: sha256" 1 '*' \
    "=sha256: d: Is a directory${nl}sha256: dangle: No such file or directory"
{
	lines a
	printf '%s  %s\n' "$H_a" d
	printf '%s  %s\n' "$H_a" dangle
	lines z
} >SHA256SUMS
same "a directory and a dangling symlink in a manifest: mdsum -c, as coreutils" \
    "-c" "-c" -- SHA256SUMS
same "a dangling symlink, --ignore-missing: mdsum -c, as coreutils" \
    "-c --ignore-missing" "-c --ignore-missing" -- SHA256SUMS
run "$M" -A d ok.tar
want_lines z
expect "a directory as an archive: mdsum -A" 1 '*' "=mdsum: d: Is a directory"

# inside a tree: a fifo (no writer), a dangling link and a link to a
# directory are not regular files and are skipped, never waited on
mkdir tree
cp a z tree/
ln -s nowhere tree/dangle
ln -s .. tree/up
[ -p fifo ] && mkfifo tree/fifo
for j in -j1 -j2; do
	run timeout 20 "$M" $j -R tree
	want_lines tree/a tree/z
	expect "a fifo and symlinks inside a tree: mdsum $j -R skips them, saying so of the links" 0 '*' \
	    "=mdsum: tree/dangle: symbolic link not followed (-L follows it)${nl}mdsum: tree/up: symbolic link not followed (-L follows it)"
done

# a fifo named as an operand: read as a pipe, so it waits for a writer
# (as coreutils and FreeBSD's md5 do); lines already written are whole
if [ -p fifo ]; then
	for prog in "$S" "$M -j1" "$M -j2"; do
		run timeout 0.5 $prog a fifo z
		lines a >"$T/out.want"
		# One job: a's line is out before the wait, as in coreutils.
		case $prog in
		*-j1)	cmp -s "$T/out" "$T/out.want" ||
			    bad "stdout: not a's line" ;;
		*)	[ -s "$T/out" ] && ! cmp -s "$T/out" "$T/out.want" &&
			    bad "stdout: neither nothing nor a's line" ;;
		esac
		expect "a fifo with no writer: ${prog##*/} waits (timeout 0.5)" \
		    124 '*' ''
	done
	if [ -n "$GNU" ]; then
		run timeout 0.5 env PATH="$G:$PATH" sha256sum a fifo z
		expect "(reference) coreutils sha256sum waits on it too" 124 '*' ''
	fi
	begin
	quote sh -c '(sleep 0.3; printf abc >fifo) & mdsum -j2 a fifo z'
	(sleep 0.3; printf abc >fifo) &
	timeout 20 "$M" -j2 a fifo z >"$T/out" 2>"$T/err"
	rc=$?
	wait
	want_text "SHA256 (a) = $H_a\nSHA256 (fifo) = $H_a\nSHA256 (z) = $H_z\n"
	expect "a fifo whose writer comes late: mdsum -j2 hashes what it writes" \
	    0 '*' ''
else
	skip "a fifo with no writer" "mkfifo failed"
fi

# names that are not UTF-8: coreutils' quoting in messages, the bytes
# as they are in lines, in the C locale and in a UTF-8 one
same "a name not in UTF-8 (C locale): mdsum, as coreutils" "" "--tag" -- \
    a "$bad1" "$miss1" z
UTF8=
for l in C.UTF-8 C.utf8 en_US.UTF-8; do
	if [ "$(LC_ALL=$l locale charmap 2>/dev/null)" = UTF-8 ]; then
		UTF8=$l
		break
	fi
done
if [ -n "$UTF8" ]; then
	LC_ALL=$UTF8
	same "a name not in UTF-8 ($UTF8): mdsum, as coreutils" "" "--tag" -- \
	    a "$bad1" "$miss1" z
	LC_ALL=C
else
	skip_tool "a name not in UTF-8 (UTF-8 locale)" "no UTF-8 locale"
fi
run "$S" a "$bad1" "$miss1" z
lines a "$bad1" z >"$T/out.want"
cmp -s "$T/out" "$T/out.want" || bad "stdout not as expected"
expect "a name not in UTF-8: sha256 (names as bytes)" 1 '*' \
    "=sha256: $miss1: No such file or directory"
run "$M" --json "$bad1"
expect "a name not in UTF-8: mdsum --json, U+FFFD and the exact bytes in base64" 0 \
    "={\"file\":\"bad\\ufffdname\",\"file_base64\":\"YmFk/25hbWU=\",\"algorithm\":\"sha256\",\"digest\":\"$H_bad1\",\"size\":10}" ''
if [ $SHIMOK = yes ]; then
	shim EIO_SHIM_PATH="$bad1" EIO_SHIM_AFTER=3 "$M" -j2 a "$bad1" z
	want_lines a z
	expect "EIO on a name not in UTF-8: mdsum quotes it" 1 '*' \
	    "=mdsum: 'bad'\$'\\377''name': Input/output error"
fi

# A 4096-byte path is one byte too long for PATH_MAX; a 4095-byte one is
# hashed; a tree deeper than PATH_MAX is reported where it goes too far.
n200=$(printf '%0200d' 0)
mkdir deep
p=deep
i=0
while [ $i -lt 20 ]; do
	p=$p/$n200
	i=$((i + 1))
done
mkdir -p "$p" 2>/dev/null
long=$p/$(printf '%0*d' $((4095 - ${#p} - 1)) 1)
toolong=$p/$(printf '%0*d' $((4096 - ${#p} - 1)) 2)
: >"$long" 2>/dev/null
printf abc >deep/short
if [ ${#long} -ne 4095 ] || [ ! -f "$long" ]; then
	skip "4095- and 4096-byte paths" "cannot make a 4095-byte path here"
else
	same "a 4096-byte path: mdsum, as coreutils" "" "--tag" -- \
	    a "$toolong" z
	same "a 4095-byte path: mdsum, as coreutils" "" "--tag" -- a "$long" z
	run "$S" a "$toolong" "$long" z
	printf 'SHA256 (a) = %s\nSHA256 (%s) = %s\nSHA256 (z) = %s\n' \
	    "$H_a" "$long" "$(digest /dev/null)" "$H_z" >"$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "stdout not as expected"
	expect "4096- and 4095-byte paths: sha256" 1 '*' \
	    "=sha256: $toolong: File name too long"
	# one more level: deeper than PATH_MAX, below the 4095-byte file
	(cd "$p" && mkdir "$n200" && cd "$n200" && : >f) 2>/dev/null
	for j in -j1 -j2; do
		run "$M" $j -R deep
		printf 'SHA256 (%s) = %s\nSHA256 (deep/short) = %s\n' "$long" \
		    "$(digest /dev/null)" "$H_a" >"$T/out.want"
		cmp -s "$T/out" "$T/out.want" || bad "stdout not as expected"
		expect "a tree deeper than PATH_MAX: mdsum $j -R" 1 '*' \
		    "=mdsum: $p/$n200: File name too long"
	done
fi

# Permission denied: root reads anything, so root runs these as nobody.
AS=
if [ "$(id -u)" -eq 0 ]; then
	if have setpriv && setpriv --reuid=65534 --regid=65534 \
	    --clear-groups true 2>/dev/null; then
		AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
	else
		AS=none
	fi
fi
mkdir p p/sub p/locked
cp a p/
cp z p/sub/
printf abc >p/locked/c
printf abc >p/noperm
chmod 755 "$T" "$W"
chmod 000 p/noperm p/locked
if [ "$AS" = none ]; then
	skip_tool "permission denied" "root, and no setpriv to run as nobody"
else
	cd p || exit 2
	run $AS "$S" a noperm sub/z
	want_lines a sub/z
	expect "permission denied: sha256" 1 '*' "=sha256: noperm: Permission denied"
	if [ -n "$GNU" ]; then
		for o in "" "-j2"; do
					run $AS "$M" $o a noperm sub/z
					$AS env PATH="$G:$PATH" sha256sum --tag a noperm \
			    sub/z >"$T/g.out" 2>"$T/g.err"
			compare_gnu "permission denied: mdsum${o:+ $o}, as coreutils" $?
		done
		{
			lines a
			printf '%s  noperm\n' "$H_a"
			printf '%s  locked/c\n' "$H_a"
			lines sub/z
		} >"$T/p.sha256"
			run $AS "$M" -j2 -c "$T/p.sha256"
			$AS env PATH="$G:$PATH" sha256sum -c "$T/p.sha256" \
		    >"$T/g.out" 2>"$T/g.err"
		compare_gnu "permission denied: mdsum -c, as coreutils" $?
	else
		skip_tool "permission denied: mdsum, as coreutils" "$NOGNU"
	fi
	for j in -j1 -j2; do
			run $AS "$M" $j -R .
		want_lines ./a ./sub/z
		expect "permission denied, a file and a directory: mdsum $j -R" \
		    1 '*' "=mdsum: ./locked: Permission denied${nl}mdsum: ./noperm: Permission denied"
	done
	run $AS "$M" -A noperm ../ok.tar
	want_text "SHA256 (z) = $H_z\n"
	expect "permission denied: mdsum -A" 1 '*' \
	    "=mdsum: noperm: Permission denied"
	cd "$W" || exit 2
fi
chmod 755 p/locked
chmod 644 p/noperm

# --- resource limits ------------------------------------------------------

# Under AddressSanitizer (make sanitize) the address-space limit cannot
# hold: its shadow memory alone reserves terabytes of address space.
if [ -n "${ASAN_OPTIONS:-}" ]; then
	for _d in "mdsum -j2 over a 4 GiB sparse file" \
	    "sha256 --mmap over 256 MiB, in windows" \
	    "mdsum -A over a gzip bomb of 1 GiB" \
	    "an xz -9 archive whose decoder wants 65 MiB"; do
		skip "ulimit -v 64 MiB: $_d" \
		    "AddressSanitizer reserves terabytes of address space"
	done
else
	# 64 MiB of address space: a 4 GiB sparse file read, a 256 MiB one
	# mapped (in windows: --debug must say mmap), a gzip bomb of 1 GiB and an
	# xz archive whose decoder wants more memory than there is.
	truncate -s 4G sparse4g 2>/dev/null ||
	    dd if=/dev/null of=sparse4g bs=1 seek=4294967296 2>/dev/null
	truncate -s 256M sparse256m 2>/dev/null ||
	    dd if=/dev/null of=sparse256m bs=1 seek=268435456 2>/dev/null
	# sha256 of 2^32, 2^28 and 2^30 zero bytes
	Z4G=8479e43911dc45e89f934fe48d01297e16f51d17aa561d4d1c216b1ae0fcddca
	Z256M=a6d72ac7690f53be6ae46ba88506bd97302a093f7108472bd9efc3cefda06484
	Z1G=49bc20df15e412a64472421e13fe86ff1c5165e18b2afccf160d4dc19fe68a14
	begin
	quote sh -c 'ulimit -v 65536; mdsum -j2 sparse4g a'
	(ulimit -v 65536 && exec "$M" -j2 sparse4g a) >"$T/out" 2>"$T/err"
	rc=$?
	printf 'SHA256 (sparse4g) = %s\n' $Z4G >"$T/out.want"
	lines a >>"$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "stdout not as expected"
	expect "ulimit -v 64 MiB: mdsum -j2 over a 4 GiB sparse file" 0 '*' ''
	begin
	# one job (one CPU allowed): a worker thread's stack and malloc
	# arena would take much of the 64 MiB, and mapping fall back to reads
	quote sh -c 'ulimit -v 65536; taskset -c 0 sha256 --mmap --debug sparse256m a'
	(ulimit -v 65536 && exec taskset -c 0 "$S" --mmap --debug sparse256m a) \
	    >"$T/out" 2>"$T/err"
	rc=$?
	printf 'SHA256 (sparse256m) = %s\n' $Z256M >"$T/out.want"
	lines a >>"$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "stdout not as expected"
	grep -q 'sparse256m: read by mmap' "$T/err" || bad "not read by mmap"
	expect "ulimit -v 64 MiB: sha256 --mmap over 256 MiB, in windows" 0 '*' '*'

	# The bomb: a tar header for a 1 GiB member, then 16 gzip members of
	# 64 MiB of zeros each (concatenated gzip streams are one stream), then
	# the end of the archive: 1 GiB out of a few MiB, made in well under a
	# second.
	mkdir bombsrc
	truncate -s 1G bombsrc/zeros 2>/dev/null ||
	    dd if=/dev/null of=bombsrc/zeros bs=1 seek=1073741824 2>/dev/null
	(cd bombsrc && tar cf - zeros 2>/dev/null | head -c 512) | gzip -1 >bomb.tgz
	rm -rf bombsrc
	head -c 67108864 /dev/zero | gzip -9 >z64.gz
	i=0
	while [ $i -lt 16 ]; do
		cat z64.gz
		i=$((i + 1))
	done >>bomb.tgz
	head -c 10240 /dev/zero | gzip -1 >>bomb.tgz
	rm -f z64.gz
	begin
	quote sh -c 'ulimit -v 65536; mdsum -A bomb.tgz ok.tar'
	(ulimit -v 65536 && exec "$M" -A bomb.tgz ok.tar) >"$T/out" 2>"$T/err"
	rc=$?
	printf 'SHA256 (zeros) = %s\n' $Z1G >"$T/out.want"
	lines z >>"$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "stdout not as expected"
	expect "ulimit -v 64 MiB: mdsum -A over a $(wc -c <bomb.tgz | tr -d ' ')-byte gzip bomb of 1 GiB" \
	    0 '*' ''
	if have xz; then
		tar cf - a z | xz -9 >a.txz
		begin
		quote sh -c 'ulimit -v 65536; mdsum -A a.txz ok.tar'
		(ulimit -v 65536 && exec "$M" -A a.txz ok.tar) >"$T/out" 2>"$T/err"
		rc=$?
		want_lines z
		grep -q '^mdsum: a\.txz: ' "$T/err" || bad "no message naming a.txz"
		[ "$(wc -l <"$T/err")" -eq 1 ] || bad "not one message"
		expect "ulimit -v 64 MiB: an xz -9 archive whose decoder wants 65 MiB" \
		    1 '*' '+'
	else
		skip_tool "ulimit -v 64 MiB: an xz -9 archive" "no xz"
	fi
fi

# 16 descriptors, 1000 files, two workers (and eight).
for j in -j2 -j8; do
	begin
	quote sh -c "ulimit -n 16; mdsum $j -R many"
	(ulimit -n 16 && exec "$M" $j -R many) >"$T/out" 2>"$T/err"
	rc=$?
	cp many.sums "$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "stdout is not the 1000 lines"
	expect "ulimit -n 16: mdsum $j -R over 1000 files" 0 '*' ''
done
begin
quote sh -c 'ulimit -n 16; mdsum -j2 -c many.sums'
(ulimit -n 16 && exec "$M" -j2 -c many.sums) >"$T/out" 2>"$T/err"
rc=$?
[ "$(grep -c ': OK$' "$T/out")" -eq 1000 ] || bad "not 1000 OK lines"
expect "ulimit -n 16: mdsum -j2 -c of 1000 files" 0 '*' ''
begin
quote sh -c 'ulimit -n 16; sha256 many/*'
(ulimit -n 16 && exec "$S" many/*) >"$T/out" 2>"$T/err"
rc=$?
cp many.sums "$T/out.want"
cmp -s "$T/out" "$T/out.want" || bad "stdout is not the 1000 lines"
expect "ulimit -n 16: sha256 over 1000 files" 0 '*' ''

# 100,000 empty files in one directory, made by one awk, hashed through
# xargs: coreutils' output, line for line.
mkdir hk
(cd hk && awk 'BEGIN { for (i = 0; i < 100000; i++) {
	f = "f" i; printf "" > f; close(f) } }')
cd hk || exit 2
begin
quote sh -c 'ls | xargs mdsum --untagged'
ls | xargs "$M" --untagged >"$T/out" 2>"$T/err"
rc=$?
if [ -n "$GNU" ]; then
	ls | (PATH=$G:$PATH; exec xargs sha256sum) >"$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "stdout differs from coreutils'"
fi
[ "$(wc -l <"$T/out")" -eq 100000 ] || bad "not 100000 lines"
expect "100,000 files through xargs: mdsum, as coreutils" 0 '*' ''
begin
quote sh -c 'ls | xargs sha256 -r'
ls | xargs "$S" -r >"$T/out" 2>"$T/err"
rc=$?
E0=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
ls | sed "s/^/$E0 /" >"$T/out.want"
cmp -s "$T/out" "$T/out.want" || bad "stdout not as expected"
expect "100,000 files through xargs: sha256 -r" 0 '*' ''
cd "$W" || exit 2
begin
quote sh -c 'mdsum -j2 -R hk > hk.sums; mdsum -j2 -c hk.sums'
"$M" -j2 -R hk >hk.sums 2>"$T/err"
rc=$?
"$M" -j2 -c --quiet hk.sums >"$T/out" 2>>"$T/err" || rc=$?
[ "$(wc -l <hk.sums)" -eq 100000 ] || bad "not 100000 lines"
expect "100,000 files: mdsum -j2 -R, then -c" 0 '' ''

# --- SIGINT while a manifest is written ---------------------------------

# Lines are written whole, even one longer than stdio's buffer (here:
# the 4095-byte path): the shim sends SIGINT right after the name of the
# file has gone to stdout, in the middle of its line.
if [ $SHIMOK = yes ] && [ -n "$DEFSIG" ] && [ -f "${long:-/}" ]; then
	mkdir -p t/b
	printf abc >t/a
	printf abc >t/c
	q=t/b
	i=0
	while [ $i -lt 20 ]; do
		q=$q/$n200
		i=$((i + 1))
	done
	mkdir -p "$q"
	kill1=$q/KILL$(printf '%0*d' $((4095 - ${#q} - 5)) 7)
	printf abc >"$kill1"
	for j in -j1 -j2; do
		shim_int EIO_SHIM_SIGINT_ON=KILL "$M" $j -R t
		lines t/a "$kill1" >"$T/out.want"
		cmp -s "$T/out" "$T/out.want" || bad "stdout is not the two whole lines"
		expect "SIGINT in the middle of a 4172-byte line: mdsum $j -R > file" \
		    $RC_INT '*' ''
	done
	shim_int EIO_SHIM_SIGINT_ON=y/f0500 "$M" -j2 -z -R many
	"$M" -z -R many | tr '\0' '\n' | head -n 501 | tr '\n' '\0' \
	    >"$T/out.want"
	cmp -s "$T/out" "$T/out.want" ||
	    bad "stdout is not the first 501 records, whole"
	expect "SIGINT in the middle of a record: mdsum -j2 -z -R > file" \
	    $RC_INT '*' ''
	shim_int EIO_SHIM_SIGINT_ON=y/f0500 "$M" -j2 -c many.sums
	awk '{ print $2 ": OK" }' many.sums | sed 's/^(//; s/):/:/' |
	    head -n 501 >"$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "stdout is not the first 501 lines"
	expect "SIGINT in the middle of a status line: mdsum -j2 -c > file" \
	    $RC_INT '*' ''
else
	skip_tool "SIGINT in the middle of a line" \
	    "needs the shim, env --default-signal and the 4095-byte path"
fi

# And at a moment not chosen: whatever was written is whole lines, each
# the right one.
if [ -n "$DEFSIG" ]; then
	for j in -j1 -j2; do
		begin
		quote sh -c "mdsum $j -R hk > file & sleep 0.3; kill -INT \$!"
		env --default-signal=INT "$M" $j -R hk >"$T/out" 2>"$T/err" &
		pid=$!
		sleep 0.3
		kill -INT $pid 2>/dev/null
		wait $pid
		rc=$?
		[ -s "$T/out" ] && [ "$(tail -c 1 "$T/out" | od -An -c |
		    tr -d ' ')" != '\n' ] && bad "the last line is cut"
		awk -v e=$E0 '$0 !~ "^SHA256 \\(hk/f[0-9]+\\) = " e "$"' \
		    "$T/out" >"$T/badlines"
		[ -s "$T/badlines" ] &&
		    bad "lines not as expected: $(head -c 200 "$T/badlines")"
		if [ $rc -eq 0 ]; then
			skip "SIGINT at a random moment: mdsum $j -R > file" \
			    "it finished first"
		else
			expect "SIGINT at a random moment: mdsum $j -R > file ($(wc -l <"$T/out" | tr -d ' ') whole lines)" \
			    $RC_INT '*' ''
		fi
	done
else
	skip_tool "SIGINT at a random moment" "no env --default-signal"
fi

summary
