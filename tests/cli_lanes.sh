#!/bin/sh
# cli_lanes.sh: black-box tests of mdsum's multi-buffer path (files hashed
# side by side in lanes) through the built tool.  With several inputs its
# output must be byte for byte that of --no-multibuffer, whatever the
# kernel: the default one, each portable lane kernel pinned through
# MDSUM_CPU (which run the scheduler on any machine), and the avx2 level.
# Files of every size around the block sizes and the mapping windows,
# missing files, directories and standard input mixed in; -j1 and -j2;
# several algorithms at once; -c with failures; --json; -R; --debug names
# the kernel and its lanes.  Then, as the comparisons above would pass
# with a kernel wrong in both paths: every size against an independent
# oracle (Python's hashlib and pycryptodome, or coreutils), one at a time
# and in lanes, under each level and feature mask of MDSUM_CPU
# ("avx2,-sha" must reach sha256-avx2), and files ending around the
# 4 MiB window of a mapped single stream and the 1 MiB window of a lane.
# Last, the operands of md5(1)'s tools and of mdsum -C, in lanes too, and
# a fifo among the operands, read in its turn.
#
# usage: sh tests/cli_lanes.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
plain_env
tmpdir cli_lanes
cd "$T" || exit 2
M=$B/mdsum
# The MDSUM_CPU words of the architecture: a level with native kernels,
# the levels and masks that reach other kernels, and one that reaches a
# sha256 kernel behind the first.
cpu_arch
if [ "$ARCH" = aarch64 ]; then
	LEVEL2=crypto
	CPU_WORDS="portable neon crypto,-sha2 crypto,-sha1 armv8.2,-sha512"
	SHA256_MASKED=crypto,-sha2
else
	LEVEL2=avx2
	CPU_WORDS="portable sse4 avx2,-sha avx2,-bmi1"
	SHA256_MASKED=avx2,-sha
fi

head -c $((3 * 1048576 + 4096)) /dev/urandom >pool
mkdir d d/sub
# Around the 55/56-byte (md5, sha256) and 111/112 (sha512) padding
# limits, the 64-, 128- and 136-byte blocks, the 64 KiB read buffer, the
# 256 KiB mapping threshold and the 1 MiB windows.
for size in 0 1 55 56 63 64 65 71 72 73 103 104 105 111 112 119 127 128 \
    129 135 136 137 143 144 145 271 272 4095 4096 65535 65536 65537 \
    262143 262144 262145 1048575 1048577 3145733; do
	head -c "$size" pool >"d/s$size"
done
head -c 1000 pool >d/sub/x
NAMES=$(cd d && ls | grep '^s' | sort -n -k1.2)
ALGS="md5 sha1 sha224 sha256 sha384 sha512 sha512-224 sha512h sha3-224 \
    sha3-256 sha3-512 keccak256 blake2b"
# Under valgrind (tests/valgrind.sh), a sanitizer (make sanitize) or an
# emulator (tests/qemu.sh), one row per block size or rate and kind of
# padding is enough to find a bad access or a kernel's wrong lane, at
# half the time; keccak256 stays, as the BSD tools' rows below need its
# oracle.
SLOWRUN=${MDSUM_TEST_VALGRIND:-}${MDSUM_TEST_SANITIZER:-}${MDSUM_TEST_QEMU:-}
[ -n "$SLOWRUN" ] &&
    ALGS="md5 sha1 sha256 sha512 sha512h sha3-224 sha3-512 keccak256 blake2b"

# same_as_single DESC ARG...: mdsum ARG... (in d) and mdsum
# --no-multibuffer ARG... give the same stdout, stderr and exit status.
same_as_single()
{
	_d=$1
	shift
	why=
	(cd d && "$M" "$@" <../stdin >../out.mb 2>../err.mb)
	rc_mb=$?
	(cd d && "$M" --no-multibuffer "$@" <../stdin >../out.one 2>../err.one)
	rc_one=$?
	[ $rc_mb -eq $rc_one ] || bad "exit status $rc_mb, one at a time $rc_one"
	cmp -s out.mb out.one ||
	    bad "stdout differs: $(diff out.one out.mb | head -5)"
	cmp -s err.mb err.one ||
	    bad "stderr differs: $(diff err.one err.mb | head -5)"
	[ -s out.mb ] || bad "no output"
	verdict "$_d"
}

# setcpu SETTING: MDSUM_CPU=SETTING, or unset for ''.  A portable lane
# kernel serves the portable backend, which a build without native kernels
# or with OpenSSL may not choose by default: it is forced with it.
setcpu()
{
	unset MDSUM_CPU MDSUM_BACKEND
	case $1 in
	'')	;;
	*-portable-*)
		MDSUM_CPU=$1 MDSUM_BACKEND=portable
		export MDSUM_CPU MDSUM_BACKEND ;;
	*)	MDSUM_CPU=$1
		export MDSUM_CPU ;;
	esac
}

printf 'from stdin' >stdin
for cpu in '' md5-portable-x4 sha256-portable-x4 sha512-portable-x4 \
    keccak-portable-x4 blake2b-portable-x4 $LEVEL2; do
	setcpu "$cpu"
	label=${cpu:-default}
	for a in $ALGS; do
		# shellcheck disable=SC2086 # the names are split on purpose
		same_as_single "$label: mdsum -j1 -a $a over every size" \
		    -j1 -a $a $NAMES
	done
	# shellcheck disable=SC2086
	same_as_single "$label: -j2, several algorithms, errors mixed in" \
	    -j2 -a md5,sha512h,keccak256,sha256 s0 nosuch s65 sub - s1048577 \
	    s137 nosuch2 $NAMES
	# shellcheck disable=SC2086
	same_as_single "$label: --json, --mmap and --no-mmap" \
	    --json -a sha256,keccak256 --mmap $NAMES
	# shellcheck disable=SC2086
	same_as_single "$label: --no-mmap, untagged" \
	    --untagged --no-mmap -j1 -a sha512,md5 $NAMES
	same_as_single "$label: -R" -R -a sha3-256,md5 .
done
setcpu ''

# -c: a manifest with a wrong digest, a missing file and a directory.
(cd d && "$M" -a sha256 $NAMES sub/x) >d/SUMS
sed -e 's/^SHA256 (s64) = ./SHA256 (s64) = 0/' \
    -e 's/^SHA256 (s65) = ./SHA256 (s65) = f/' d/SUMS >d/BAD
printf 'SHA256 (nosuch) = %064d\nSHA256 (sub) = %064d\n' 0 0 >>d/BAD
for cpu in '' sha256-portable-x4; do
	setcpu "$cpu"
	for j in -j1 -j2; do
		same_as_single "${cpu:-default}: mdsum $j -c with failures" \
		    $j -c BAD
		same_as_single "${cpu:-default}: mdsum $j -c --quiet, failures only" \
		    $j -c --quiet BAD
	done
done
setcpu ''

# Many small files: lanes are refilled as each message finishes.
mkdir many
i=0
while [ $i -lt 300 ]; do
	head -c $((i * 7)) pool >many/f$i
	i=$((i + 1))
done
mv many d/
same_as_single "300 small files, -R, -j1" -j1 -R -a md5,sha256 many
same_as_single "300 small files, -R, -j2" -j2 -R -a sha512h,keccak256 many

# --debug names the kernel and the lanes, in order, on stderr.
why=
MDSUM_CPU=md5-portable-x4 MDSUM_BACKEND=portable "$M" -j1 --debug -a md5 d/s64 \
    d/s65 >out 2>err
grep -qx 'mdsum: d/s64: md5 on the portable backend (md5-portable-x4, 4 lanes)' \
    err || bad "stderr: $(cat err)"
[ "$(grep -c 'lanes)' err)" -eq 2 ] || bad "stderr: $(cat err)"
"$M" -j1 --debug --no-multibuffer -a md5 d/s64 d/s65 >out 2>err
grep -q 'lanes' err && bad "--no-multibuffer: $(cat err)"
verdict "--debug names the kernel and the lanes; --no-multibuffer none"

# --list shows the multi-buffer kernel of each algorithm.
why=
MDSUM_CPU=keccak-portable-x4 MDSUM_BACKEND=portable "$M" --list >out 2>err ||
    bad "exit status $?"
grep -qx 'keccak256 keccak-portable-x4 4' out || bad "$(cat out)"
grep -qx 'sha1 none 1' out || bad "$(cat out)"
verdict "mdsum --list: the multi-buffer kernel per algorithm"

# A low descriptor limit: the lanes hold no more descriptors than it leaves.
why=
(ulimit -n 40 && exec "$M" -j1 -R -a md5,sha256 d/many) >out 2>err ||
    bad "exit status $?: $(head -3 err)"
[ "$(wc -l <out)" -eq 600 ] || bad "$(wc -l <out) lines"
[ -s err ] && bad "stderr: $(head -3 err)"
verdict "ulimit -n 40: 300 files, two algorithms, within the descriptors left"

# --- against an independent oracle ---------------------------------------

# oracle ALG FILE...: the digests of the files, one a line in hex, from
# Python (hashlib; pycryptodome for keccak256) or coreutils; status 1 if
# neither has ALG.
# Debian's python3-pycryptodome is for /usr/bin/python3, as Cryptodome.
PY=
if [ -x /usr/bin/python3 ]; then
	PY=/usr/bin/python3
elif command -v python3 >/dev/null 2>&1; then
	PY=python3
fi
oracle()
{
	_alg=$1
	shift
	if [ -n "$PY" ] && "$PY" - "$_alg" "$@" <<'PYEOF' 2>/dev/null
import hashlib, sys
alg = sys.argv[1]
def digest(data):
    if alg == "keccak256":
        try:
            from Cryptodome.Hash import keccak
        except ImportError:
            from Crypto.Hash import keccak
        return keccak.new(digest_bits=256, data=data).hexdigest()
    if alg == "sha512h":
        return hashlib.sha512(data).hexdigest()[:64]
    return hashlib.new(alg.replace("-", "_"), data).hexdigest()
out = []
for name in sys.argv[2:]:
    with open(name, "rb") as f:
        out.append(digest(f.read()))
print("\n".join(out))
PYEOF
	then
		return 0
	fi
	_len=128
	case $_alg in
	md5|sha1|sha256|sha512)	_p=${_alg}sum ;;
	sha512h)		_p=sha512sum _len=64 ;;
	*)			return 1 ;;
	esac
	"$_p" --version 2>/dev/null | grep -q GNU || return 1
	"$_p" -- "$@" | cut -d' ' -f1 | cut -c "1-$_len"
}

# The oracle's digests of the files d/s* per algorithm, once (ora.ALG).
# shellcheck disable=SC2086 # the names are split on purpose
FNAMES=$(printf '%s\n' $NAMES | grep -vx sub)
ORACLE_ALGS=
for a in $ALGS; do
	# shellcheck disable=SC2086
	if (cd d && oracle $a $FNAMES) >ora.$a && [ -s ora.$a ]; then
		ORACLE_ALGS="$ORACLE_ALGS $a"
	else
		skip_tool "oracle: $a" "no python3 hashlib/pycryptodome or coreutils for it"
	fi
done
why=
[ "$(head -n 1 ora.sha256)" = \
    e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 ] ||
    bad "$(head -n 1 ora.sha256)"
# shellcheck disable=SC2086
[ "$(wc -l <ora.sha256)" -eq "$(printf '%s\n' $FNAMES | wc -l)" ] ||
    bad "$(wc -l <ora.sha256) lines"
verdict "the oracle: a digest per file, SHA-256 of nothing first"

# Below the 256 KiB mapping threshold: the sizes around the blocks.
# shellcheck disable=SC2086
SNAMES=$(printf '%s\n' $FNAMES | awk '{ n = substr($0, 2) + 0 } n < 262144')
NS=$(printf '%s\n' "$SNAMES" | wc -l)
for a in $ORACLE_ALGS; do
	head -n "$NS" "ora.$a" >"sora.$a"
done

# same_as_oracle DESC ALG ORACLE NAMES ARG...: mdsum --untagged -a ALG
# ARG... NAMES (in d) prints the digests in ORACLE, in order, and exits 0.
same_as_oracle()
{
	_d=$1
	_a=$2
	_o=$3
	_n=$4
	shift 4
	why=
	# shellcheck disable=SC2086
	(cd d && "$M" --untagged -a "$_a" "$@" $_n) >out.o 2>err.o ||
	    bad "exit status $?: $(head -3 err.o)"
	cut -d' ' -f1 out.o | cmp -s - "$_o" ||
	    bad "digests differ from the oracle's: $(cut -d' ' -f1 out.o |
		diff "$_o" - | head -4)"
	verdict "$_d"
}

# The default kernels over every size, one at a time and in lanes; then
# each level and feature mask that reaches other kernels (and, where the
# CPU cannot honour it, only lowers the level, which must be right too),
# and the portable lane kernels, over the sizes around the blocks.
for a in $ORACLE_ALGS; do
	same_as_oracle "default: mdsum -a $a, one at a time, as the oracle" \
	    "$a" "ora.$a" "$FNAMES" --no-multibuffer
	same_as_oracle "default: mdsum -j1 -a $a, in lanes, as the oracle" \
	    "$a" "ora.$a" "$FNAMES" -j1
done
for cpu in $CPU_WORDS md5-portable-x4 \
    sha256-portable-x4 sha512-portable-x4 keccak-portable-x4 \
    blake2b-portable-x4; do
	setcpu "$cpu"
	for a in $ORACLE_ALGS; do
		case $cpu in
		*-portable-*) ;;
		*)	same_as_oracle "MDSUM_CPU=$cpu: mdsum -a $a, one at a time, as the oracle" \
			    "$a" "sora.$a" "$SNAMES" --no-multibuffer ;;
		esac
		same_as_oracle "MDSUM_CPU=$cpu: mdsum -j1 -a $a, in lanes, as the oracle" \
		    "$a" "sora.$a" "$SNAMES" -j1
	done
done
setcpu ''

# The issue's case: a setting must reach the kernel it names, and the
# kernel give the right digest.  Which kernel is in use is in --debug.
# Does this build have the native kernels (not WITHOUT_ASM, x86-64)?
NATIVE=no
"$M" --list 2>/dev/null | grep -qx native && NATIVE=yes
have_flags()
{
	# x86's flags, read from the host's /proc/cpuinfo
	[ "$ARCH" = x86 ] || return 1
	for _f do
		grep -qw "$_f" /proc/cpuinfo 2>/dev/null || return 1
	done
}
why=
MDSUM_CPU=$SHA256_MASKED "$B/sha256" -s abc >out 2>err ||
    bad "exit status $?"
printf 'SHA256 ("abc") = %s\n' \
    ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad >want
cmp -s out want || bad "stdout: $(cat out)"
verdict "MDSUM_CPU=$SHA256_MASKED sha256 -s abc: FIPS 180-2's digest"
if [ $NATIVE = yes ] && have_flags avx2 bmi2; then
	why=
	printf abc >abc
	MDSUM_CPU=avx2,-sha "$M" --debug abc >out 2>err || bad "exit status $?"
	grep -q '(sha256-avx2)' err || bad "stderr: $(cat err)"
	verdict "MDSUM_CPU=avx2,-sha: --debug says sha256-avx2"
else
	skip "MDSUM_CPU=avx2,-sha: --debug says sha256-avx2" \
	    "no native kernels, or no avx2 and bmi2 in /proc/cpuinfo"
fi

# Files ending around the 4 MiB window of a mapped single stream and a
# lane's 1 MiB one (lib/source.c, MDS_SRC_POPULATE), k windows and one
# byte: one file (one stream, --mmap), and all of them (lanes, -j1).
head -c $((8 * 1048576 + 1)) /dev/urandom >w
mkdir win
for size in 1048575 1048576 1048577 4194303 4194304 4194305 8388609; do
	head -c "$size" w >"win/w$size"
done
WNAMES=$(cd win && printf '%s\n' w* | sort -n -k1.2)
for a in md5 sha256; do
	# shellcheck disable=SC2086
	if ! (cd win && oracle $a $WNAMES) >wora.$a || [ ! -s wora.$a ]; then
		skip "window edges: $a" "no oracle for $a"
		continue
	fi
	for f in $WNAMES; do
		why=
		(cd win && "$M" --untagged --no-multibuffer --mmap --debug -a $a "$f") >out 2>err ||
		    bad "exit status $?"
		grep -q 'read by mmap' err || bad "not mapped: $(cat err)"
		[ "$(cut -d' ' -f1 out)" = "$(cd win && oracle $a "$f")" ] ||
		    bad "$(cat out)"
		verdict "$a --no-multibuffer --mmap, a file of ${f#w} bytes: as the oracle"
	done
	for cpu in '' $a-portable-x4; do
		if [ -z "$cpu" ] && [ $NATIVE = no ]; then
			skip "default: $a -j1 --mmap in lanes, files around the windows" \
			    "no native kernels in this build"
			continue
		fi
		setcpu "$cpu"
		why=
		# shellcheck disable=SC2086
		(cd win && "$M" -j1 --untagged --mmap --debug -a $a $WNAMES) \
		    >out 2>err || bad "exit status $?"
		# in lanes, or alone where fewer are busy than the kernel
		# needs to win (min_busy): --debug names what hashed each
		[ "$(grep -c 'on the .* backend (' err)" -eq 7 ] ||
		    bad "not all reported: $(head -3 err)"
		[ -z "$cpu" ] || [ "$(grep -c ', 4 lanes)' err)" -eq 7 ] ||
		    bad "not in lanes: $(head -3 err)"
		cut -d' ' -f1 out | cmp -s - wora.$a ||
		    bad "$(cut -d' ' -f1 out | diff wora.$a - | head -4)"
		verdict "${cpu:-default}: $a -j1 --mmap in lanes, files around the windows: as the oracle"
	done
	setcpu ''
done

# --- BLAKE2b in lanes, every digest length, against b2sum -----------------

# BLAKE2b keeps the last 1 .. 128 bytes of a message back until it knows
# they end it (its last block is compressed with a flag and the length):
# sizes around one, two and three blocks, the 64 KiB read and a lane's 1
# MiB window, mapped and read, with -l as b2sum's, through each lane
# kernel the CPU has (MDSUM_CPU names it, or caps the level to reach it),
# against coreutils' b2sum.  --debug says which kernel hashed each file.
if b2sum --version 2>/dev/null | grep -q GNU; then
	mkdir b2
	for size in 0 1 127 128 129 255 256 257 383 384 385 1000 65535 \
	    65536 65537 1048575 1048576 1048577 2097281; do
		head -c "$size" pool >"b2/b$size"
	done
	BNAMES=$(cd b2 && printf '%s\n' b* | sort -n -k1.2)
	NB=$(printf '%s\n' $BNAMES | wc -l)
	# one length under valgrind or a sanitizer (256: a parameter block of
	# its own)
	B2LENS="512 8 160 256 504"
	[ -n "$SLOWRUN" ] && B2LENS=256
	for len in $B2LENS; do
		# shellcheck disable=SC2086
		(cd b2 && b2sum -l $len $BNAMES) >bora.$len
	done
	# cpu and the kernel --debug must name for it (any: the default)
	set -- '' any blake2b-portable-x4 blake2b-portable-x4
	# The CPU the program sees may lack what /proc/cpuinfo shows (under
	# valgrind, no AVX-512): a kernel it refuses is skipped.
	b2_runs()
	{
		MDSUM_CPU=$1 "$B/mdsum" -a blake2b </dev/null >/dev/null 2>&1
	}
	if [ $NATIVE = yes ] && have_flags avx2 && b2_runs blake2b-avx2-x4; then
		set -- "$@" avx2 blake2b-avx2-x4 blake2b-avx2-x4 blake2b-avx2-x4
	else
		skip "blake2b in lanes: blake2b-avx2-x4" \
		    "no native kernels, or no avx2 here"
	fi
	if [ $NATIVE = yes ] && have_flags avx2 avx512f avx512vl &&
	    b2_runs blake2b-avx512-x8; then
		set -- "$@" blake2b-avx512-x8 blake2b-avx512-x8
	else
		skip "blake2b in lanes: blake2b-avx512-x8" \
		    "no native kernels, or no avx512f/avx512vl here"
	fi
	while [ $# -ge 2 ]; do
		setcpu "$1"
		kern=$2
		label=${1:-default}
		shift 2
		for len in $B2LENS; do
			for how in --mmap --no-mmap; do
				why=
				# shellcheck disable=SC2086
				(cd b2 && "$M" -j1 --untagged --debug $how \
				    -a blake2b -l $len $BNAMES) >out 2>err ||
				    bad "exit status $?: $(head -3 err)"
				cmp -s out bora.$len ||
				    bad "$(diff bora.$len out | head -4)"
				[ "$(grep -c 'on the .* backend (' err)" -eq "$NB" ] ||
				    bad "not all reported: $(head -3 err)"
				# all but the empty file, mapped or read
				case $how in
				--mmap)	by=mmap ;;
				*)	by='read loop' ;;
				esac
				[ "$(grep -c "read by $by\$" err)" -ge \
				    $((NB - 1)) ] || bad "not $how: $(head -4 err)"
				case $kern in
				any)	;;
				*-portable-*)
					# min_busy 1: every file in the lanes
					[ "$(grep -c "($kern, 4 lanes)\$" err)" -eq \
					    "$NB" ] || bad "not in lanes: $(head -3 err)" ;;
				*)	grep -q "($kern, [48] lanes)\$" err ||
					    bad "not in $kern: $(head -3 err)" ;;
				esac
				verdict "$label: mdsum -a blake2b -l $len $how, $NB files in lanes: as b2sum"
			done
		done
	done
	setcpu ''
	# The b2sum link, several files: in lanes too.
	if [ -x "$B/b2sum" ]; then
		why=
		# shellcheck disable=SC2086
		(cd b2 && MDSUM_CPU=blake2b-portable-x4 MDSUM_BACKEND=portable \
		    "$B/b2sum" -l 256 $BNAMES) >out 2>err ||
		    bad "exit status $?: $(head -3 err)"
		cmp -s out bora.256 || bad "$(diff bora.256 out | head -4)"
		verdict "b2sum -l 256 over $NB files, portable lanes: as coreutils"
	fi
else
	skip_tool "blake2b in lanes: against b2sum" "no GNU b2sum"
fi

# --- md5(1)'s tools and mdsum -C: several operands in lanes ---------------

# The BSD tools hash their file operands side by side, and mdsum -C the
# files it is given: the output is what one file at a time gives, which
# the oracle's digests say; errors keep their place among the lines.
# --debug is the proof that lanes were used (it names them).
for t in md5 sha256 sha512h keccak256; do
	case " $ORACLE_ALGS " in
	*" $t "*) ;;
	*)	skip "$t over every size: as the oracle" "no oracle for $t"
		continue ;;
	esac
	# The tag of its lines, and the name of its multi-buffer kernels.
	case $t in
	md5)		tag=MD5 mb=md5 ;;
	sha256)		tag=SHA256 mb=sha256 ;;
	sha512h)	tag=SHA512H mb=sha512 ;;
	keccak256)	tag=KECCAK256 mb=keccak ;;
	esac
	# shellcheck disable=SC2086 # the names are split on purpose
	printf '%s\n' $FNAMES | paste -d' ' "ora.$t" - >want.r
	awk -v t="$tag" '{ print t " (" $2 ") = " $1 }' want.r >want.tag
	for cpu in '' "$mb-portable-x4"; do
		setcpu "$cpu"
		label="${cpu:-default}: $t"
		for form in tag r q; do
			why=
			case $form in
			tag)	opt='' want=want.tag ;;
			r)	opt=-r want=want.r ;;
			q)	opt=-q want=ora.$t ;;
			esac
			# shellcheck disable=SC2086
			(cd d && "$B/$t" $opt $FNAMES) >out 2>err ||
			    bad "exit status $?"
			cmp -s out "$want" ||
			    bad "stdout: $(diff "$want" out | head -4)"
			[ -s err ] && bad "stderr: $(head -3 err)"
			verdict "$label ${opt:--tagged} over every size: as the oracle"
		done
		why=
		want_md=$(sed -n 9p "ora.$t")
		awk -v w="$want_md" \
		    '{ print $0 ($1 == w ? "" : " [ Failed ]") }' want.r >want.c
		# shellcheck disable=SC2086
		(cd d && "$B/$t" -r -c "$want_md" $FNAMES) >out 2>err
		rc=$?
		[ $rc -eq 2 ] || bad "exit status $rc, not 2"
		cmp -s out want.c || bad "stdout: $(diff want.c out | head -4)"
		[ -s err ] && bad "stderr: $(head -3 err)"
		verdict "$label -r -c DIGEST over every size: one match, exit 2"

		# Missing files, a directory and standard input among them:
		# each message in its turn, between the lines around it.
		why=
		set -- s0 nosuch s65 sub - s137 nosuch2 s1048577
		(cd d && oracle "$t" s0 s65 ../stdin s137 s1048577) >ora.sub
		{
			printf '%s (s0) = %s\n' "$tag" "$(sed -n 1p ora.sub)"
			printf '%s: nosuch: No such file or directory\n' "$t"
			printf '%s (s65) = %s\n' "$tag" "$(sed -n 2p ora.sub)"
			printf '%s: sub: Is a directory\n' "$t"
			printf '%s (-) = %s\n' "$tag" "$(sed -n 3p ora.sub)"
			printf '%s (s137) = %s\n' "$tag" "$(sed -n 4p ora.sub)"
			printf '%s: nosuch2: No such file or directory\n' "$t"
			printf '%s (s1048577) = %s\n' "$tag" "$(sed -n 5p ora.sub)"
		} >want.all
		grep -v "^$t: " want.all >want.out
		grep "^$t: " want.all >want.err
		(cd d && "$B/$t" "$@") <stdin >out 2>err
		rc=$?
		[ $rc -eq 1 ] || bad "exit status $rc, not 1"
		cmp -s out want.out || bad "stdout: $(diff want.out out | head -4)"
		cmp -s err want.err || bad "stderr: $(diff want.err err | head -4)"
		(cd d && "$B/$t" "$@") <stdin >all 2>&1
		cmp -s all want.all ||
		    bad "stdout and stderr together: $(diff want.all all | head -4)"
		verdict "$label FILE MISSING FILE DIR - ...: messages in their turn, exit 1"
	done
	setcpu ''
done

# --debug names the lanes: every regular operand went into them.
why=
# shellcheck disable=SC2086
(cd d && MDSUM_CPU=sha256-portable-x4 MDSUM_BACKEND=portable "$B/sha256" \
    --debug $FNAMES nosuch) >out 2>err
[ "$(grep -c 'sha256 on the portable backend (sha256-portable-x4, 4 lanes)$' \
    err)" -eq "$(wc -l <ora.sha256)" ] || bad "stderr: $(head -4 err)"
grep -q 'nosuch: No such file or directory' err || bad "stderr: $(tail -2 err)"
verdict "sha256 --debug over every size: each file in the lanes"

# --expect hashes its one file by the job pool's route (route.c): in the
# scheduler, which says it ran its lanes; standard input in its turn.
why=
_want=$(sed -n 1p ora.sha256)
_name=$(printf '%s\n' $FNAMES | sed -n 1p)
(cd d && MDSUM_CPU=sha256-portable-x4 MDSUM_BACKEND=portable "$M" \
    --debug -a sha256 --expect="$_want" "$_name") >out 2>err ||
    bad "exit status $?"
grep -q "$_name: sha256 on the portable backend (sha256-portable-x4, 4 lanes)\$" \
    err || bad "stderr: $(head -4 err)"
(cd d && MDSUM_CPU=sha256-portable-x4 MDSUM_BACKEND=portable "$M" \
    --debug -a sha256 --expect="$_want" - <"$_name") >out 2>err ||
    bad "stdin: exit status $?"
grep -q ': -: sha256 on the portable backend (portable)$' err ||
    bad "stdin: $(head -4 err)"
verdict "--expect --debug: the file through the lanes, stdin in its turn"
if "$M" --list 2>/dev/null | grep -q '^md5 .* \(8\|16\|32\)$'; then
	why=
	(cd d && "$B/md5" --debug s64 s65 s1048577) >out 2>err ||
	    bad "exit status $?"
	# each says what hashed it: the lanes, or (alone in its job's
	# lanes, one job per CPU) the single-stream kernel
	[ "$(grep -c '^md5: s[0-9]*: md5 on the .*)$' err)" -eq 3 ] ||
	    bad "stderr: $(cat err)"
	grep -q '^md5: s[0-9]*: md5 on the .*, [0-9]* lanes)$' err ||
	    bad "none in lanes: $(cat err)"
	verdict "md5 --debug, default kernel: the files in its lanes"
else
	skip "md5 --debug, default kernel: the files in its lanes" \
	    "no native multi-buffer md5 kernel on this CPU"
fi

# mdsum -C: a manifest from the oracle, with a wrong first line for s64
# and a line for a file that is not there; the files checked in reverse
# order, one named twice, one not in the manifest.
if case " $ORACLE_ALGS " in *" sha256 "*) true ;; *) false ;; esac; then
	# shellcheck disable=SC2086
	REV=$(printf '%s\n' $FNAMES | sort -r -n -k1.2)
	{
		printf '%064d  s64\n' 0
		# shellcheck disable=SC2086
		printf '%s\n' $FNAMES | paste -d' ' ora.sha256 - |
		    sed 's/ /  /'
		printf '%064d  nosuch\n' 0
	} >d/LIST
	{
		for f in $REV s65; do
			[ "$f" = s64 ] && echo "$f: FAILED" || echo "$f: OK"
		done
		echo 'nosuch: FAILED open or read'
	} >want.out
	{
		echo 'mdsum: notlisted: no checksum for it in LIST'
		echo 'mdsum: nosuch: No such file or directory'
		echo 'mdsum: WARNING: 1 listed file could not be read'
		echo 'mdsum: WARNING: 1 computed checksum did NOT match'
	} >want.err
	for cpu in '' sha256-portable-x4; do
		setcpu "$cpu"
		for j in -j1 -j2; do
			why=
			# shellcheck disable=SC2086
			(cd d && "$M" $j -a sha256 -C LIST $REV s65 notlisted \
			    nosuch) >out 2>err
			rc=$?
			[ $rc -eq 1 ] || bad "exit status $rc, not 1"
			cmp -s out want.out ||
			    bad "stdout: $(diff want.out out | head -4)"
			cmp -s err want.err ||
			    bad "stderr: $(diff want.err err | head -4)"
			verdict "${cpu:-default}: mdsum $j -C over every size: as the oracle, in order"
		done
	done
	why=
	# shellcheck disable=SC2086
	(cd d && "$M" -j1 --debug -a sha256 -C LIST $REV s65 notlisted \
	    nosuch) >out 2>err
	grep -v '^mdsum: [^ ]*: \(sha256 on\|read by\)' err | cmp -s - want.err ||
	    bad "stderr: $(grep -v 'read by' err | head -4)"
	cmp -s out want.out || bad "stdout: $(diff want.out out | head -4)"
	verdict "mdsum -C --debug: output unchanged"
	setcpu ''
	why=
	# shellcheck disable=SC2086
	(cd d && MDSUM_CPU=sha256-portable-x4 MDSUM_BACKEND=portable "$M" -j1 \
	    --debug -a sha256 -C LIST $REV) >out 2>err
	[ "$(grep -c '(sha256-portable-x4, 4 lanes)$' err)" -eq \
	    "$(wc -l <ora.sha256)" ] || bad "stderr: $(head -4 err)"
	verdict "mdsum -C --debug: each file in the lanes"
else
	skip "mdsum -C over every size" "no oracle for sha256"
fi

# A fifo among the operands goes the ordinary way, opened in its turn
# only: opened ahead (even without blocking) its writer went on, and what
# it wrote was lost with the early descriptor, leaving the run waiting.
# The writer is given a second to be waiting in its open, so that the
# early open always let it go.
if have mkfifo && have timeout && mkfifo d/fifo 2>/dev/null; then
	printf abc >abc
	for run in "$B/sha256" "$M -j1"; do
		why=
		(cd d && exec sh -c 'printf abc >fifo') &
		wpid=$!
		sleep 1
		# shellcheck disable=SC2086 # $run is split on purpose
		(cd d && exec timeout 10 $run s0 fifo s65) >out 2>err
		rc=$?
		kill "$wpid" 2>/dev/null
		wait "$wpid" 2>/dev/null
		[ $rc -eq 0 ] || bad "exit status $rc: $(head -2 err)"
		grep -q "(fifo) = $(oracle sha256 abc)\$" out ||
		    bad "stdout: $(cat out)"
		[ "$(wc -l <out)" -eq 3 ] || bad "stdout: $(cat out)"
		verdict "${run##*/} FILE FIFO FILE: the fifo read in its turn"
	done
	rm -f d/fifo
else
	skip_tool "FILE FIFO FILE: the fifo read in its turn" "no mkfifo or timeout"
fi

summary
