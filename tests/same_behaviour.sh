#!/bin/sh
# same_behaviour.sh: do two builds behave the same?  Runs the programs of
# OLD and of NEW (each a built tree's bin/: mdsum and its links) over one
# corpus, command by command, and compares what each command wrote on
# stdout and stderr and its exit status, byte for byte.  For a change that
# must leave behaviour as it was (a rework of the library or of the
# command line), with OLD a build of the tree before it.
#
# usage: sh tests/same_behaviour.sh OLD-BINDIR NEW-BINDIR
#
# Both sides see the same world: the corpus is built once (its manifests
# written by OLD), every command runs in it with the same PATH (one
# directory of links, pointed at OLD's programs, then at NEW's), so
# argv[0], the names of the files, the environment and stdin are the
# same.  A command that changes a file (--update) works on a fresh copy
# for each side, and the copy is printed after it.  The commands: every
# algorithm of `mdsum -a help` with -j1 and -j2, mapped (--mmap) and read
# (--no-mmap), one at a time and side by side; stdin and pipes; empty
# files and files of block-boundary lengths; -A on tar, tar.gz and zip;
# -c of GNU untagged, BSD tagged, -z, base64, b2sum and cksum manifests,
# with bad lines and with missing, unreadable and changed files; --tag,
# --json, --audit and --update; the BSD tools (md5 sha256 sha512h
# keccak256 sha1 ...) and the coreutils names (md5sum b2sum cksum ...).
# Not compared: what depends on time (--bench, -t, --debug, --progress,
# the speeds --list measures).
#
# Output: a line a command, "same: CMD" or "DIFFERS: CMD" followed by the
# differences (diff -u of OLD's and NEW's stdout, stderr and status); at
# the end "N commands, N differ".  Exit status 0 if none differs, 1 if
# one does, 2 on a usage error.

# shellcheck disable=SC2016,SC2086
# (unquoted lists are file names without spaces, by construction; the
# commands in single quotes expand in the shell that runs them)
set -u

if [ $# -ne 2 ]; then
	echo "usage: sh tests/same_behaviour.sh OLD-BINDIR NEW-BINDIR" >&2
	exit 2
fi
for _b do
	if [ ! -x "$_b/mdsum" ]; then
		echo "same_behaviour.sh: $_b/mdsum: not found or not executable" >&2
		exit 2
	fi
done
OLD=$(cd "$1" && pwd)
NEW=$(cd "$2" && pwd)

LC_ALL=C
export LC_ALL
unset MDSUM_BACKEND MDSUM_CPU MDSUM_TUNE MDSUM_TUNE_SLOW POSIXLY_CORRECT
# (no ranking kept from an earlier run: NEW would read one, OLD not)
MDSUM_TUNE_CACHE=off
export MDSUM_TUNE_CACHE
exec </dev/null

T=$(mktemp -d "${TMPDIR:-/tmp}/same_behaviour.XXXXXX") || exit 2
trap 'cd /; chmod -R u+rwx "$T" 2>/dev/null; rm -rf "$T"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
C=$T/corpus		# where every command runs
HOME=$T/home		# anything a program keeps between runs
export HOME
mkdir "$T/old" "$T/new" "$C" "$HOME" || exit 2

# Each side's programs, linked by name; $T/prog points at one side.
NAMES="mdsum md5 sha256 sha512h keccak256 sha1 sha224 sha384 sha512 \
    sha512t224 sha512t256 md5sum sha256sum sha512hsum keccak256sum cksum \
    b2sum sha1sum sha224sum sha384sum sha512sum"
for _n in $NAMES; do
	[ -e "$OLD/$_n" ] && ln -s "$OLD/$_n" "$T/old/$_n"
	[ -e "$NEW/$_n" ] && ln -s "$NEW/$_n" "$T/new/$_n"
done
PATH=$T/prog:$PATH
export PATH

# side old|new: the programs found through PATH are that side's.
side()
{
	rm -f "$T/prog"
	ln -s "$T/$1" "$T/prog" || exit 2
}

# --- the corpus ---------------------------------------------------------

side old
cd "$C" || exit 2
head -c 3145733 /dev/urandom >pool
: >empty
# lengths around the blocks of 64, 128, 136 (keccak256) and 144 bytes,
# a page, and the read buffers
SIZES="1 3 55 56 63 64 65 111 112 119 127 128 129 135 136 137 143 144 \
    4095 4096 4097 65535 65536 65537 262144 1048575 1048576 1048577 3145733"
ALL=empty	# all but the largest, which few commands read
for _s in $SIZES; do
	head -c "$_s" pool >"s$_s"
	[ "$_s" = 3145733 ] || ALL="$ALL s$_s"
done
rm pool
printf abc >abc
printf 'hello\n' >hello
printf abc >'a b'
printf abc >'a\b'
printf abc >"a
b"
mkdir tree tree/sub
cp s4096 s65537 tree/
cp abc empty tree/sub/
printf x >unreadable
chmod 000 unreadable
ln -s s1 link
SMALL="empty s1 s55 s56 s64 s65 s127 s128 s129 s135 s136 s137 s4096"

# archives of the tree
tar cf tree.tar tree
tar czf tree.tgz tree
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for n in sys.argv[2:]:
        z.write(n)' tree.zip tree/s4096 tree/s65537 tree/sub/abc tree/sub/empty
else
	echo "# no python3: no zip archive" >&2
fi

# manifests, by OLD
mdsum -a sha256 --untagged $SMALL 'a b' 'a\b' >m.gnu
mdsum -a sha256 --tag $SMALL 'a b' 'a\b' >m.bsd
mdsum -a md5 --untagged -z $SMALL >m.z
mdsum -a sha512 --base64 $SMALL >m.b64
b2sum $SMALL >m.b2
b2sum -l 256 $SMALL >m.b2l
cksum -a sha384 $SMALL >m.cksum
md5sum $SMALL >m.md5sum
sha256 -r $SMALL >m.r
mdsum -a md5,sha256,blake2b,sha3-256 $SMALL >m.multi
mdsum -A tree.tar >m.tar
mdsum -R tree >m.tree
# bad lines: no digest, wrong length, not hex, a missing file, a
# mismatch, CRLF, a comment, a blank line
{
	cat m.gnu
	echo 'not a manifest line'
	echo 'e3b0c442  empty'
	echo 'zzb0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty'
	echo 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  nosuch'
	echo 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  s1'
	printf 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty\r\n'
	echo '# a comment'
	echo
	echo 'SHA256 (unreadable) = e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
} >m.bad
# a tree that changed since its manifest: for --audit and --update
mkdir aud
cp s1 s4096 s65537 abc aud/
mdsum -R aud >m.aud
printf changed >aud/abc
rm aud/s1
cp hello aud/new

# --- the commands ---------------------------------------------------------

n=0
ndiff=0

# run1 SIDE CMD: CMD, a shell command, run in the corpus by SIDE's
# programs; its stdout, stderr and status in $T/SIDE.*
run1()
{
	side "$1"
	(cd "$C" && exec sh -c "$2") >"$T/$1.out" 2>"$T/$1.err"
	echo "exit status $?" >"$T/$1.rc"
}

# c CMD: CMD run by both sides; the same stdout, stderr and status?
# (CMD is shown on one line, a line feed in it as \n)
c()
{
	n=$((n + 1))
	run1 old "$1"
	run1 new "$1"
	_d=$(printf '%s\n' "$1" | sed -n 'H;${x;s/^\n//;s/\n/\\n/g;p;}')
	if cmp -s "$T/old.out" "$T/new.out" &&
	    cmp -s "$T/old.err" "$T/new.err" &&
	    cmp -s "$T/old.rc" "$T/new.rc"; then
		printf 'same: %s\n' "$_d"
		return
	fi
	ndiff=$((ndiff + 1))
	printf 'DIFFERS: %s\n' "$_d"
	for _f in out err rc; do
		diff -a -u --label "old $_f" --label "new $_f" \
		    "$T/old.$_f" "$T/new.$_f" | sed 's/^/    /'
	done
}

# what the programs say of themselves
c 'mdsum --help'
c 'mdsum --version'
c 'mdsum -a help'
c 'mdsum --list | sed "/^measured/,\$d"'	# (speeds vary)
c 'md5 --bogus'
c 'sha256sum --help'
c 'b2sum --version'
c 'cksum --help'

# every algorithm: one at a time and side by side, mapped and read
ALGS=$(side old; mdsum -a help)
for a in $ALGS; do
	l=
	case $a in
	sha2|sha3)	l="-l 256" ;;
	esac
	for j in -j1 -j2; do
		c "mdsum -a $a $l $j --mmap $ALL"
		c "mdsum -a $a $l $j --no-mmap $ALL"
		c "mdsum -a $a $l $j --no-multibuffer $SMALL s1048577"
	done
	c "mdsum -a $a $l --tag $SMALL"
	c "mdsum -a $a $l --untagged --base64 $SMALL"
	c "mdsum -a $a $l --json $SMALL 'a b'"
	c "mdsum -a $a $l < s65537"
	c "cat s1048577 | mdsum -a $a $l"
	c "mdsum -a $a $l - < s137 empty - s1"
done
c "mdsum -a md5,sha256,sha3-512,blake2b,crc $ALL s3145733"
c "mdsum -j2 --no-mmap -a sha512h,keccak256 s3145733 s1048577 s3145733"
c "mdsum -a sha2 -l 384 --tag $SMALL"
c "mdsum -a sha3 -l 224 $SMALL"
c "mdsum -a blake2b -l 8 $SMALL"
c "mdsum -a blake2b -l 7 s1"
c "mdsum -a sha2 s1"
c "mdsum -a nosuch s1"

# the outputs and names
c "mdsum -z $SMALL 'a
b'"
c "mdsum 'a
b' 'a\\b' 'a b'"
c "mdsum --tag 'a
b' 'a\\b'"
c "mdsum --no-names $SMALL"
c "mdsum --raw s4096"
c "mdsum --raw s1 s2"
c "mdsum -b s1 s4096"
c "mdsum -t s1 s4096"
c "mdsum --expect=\$(mdsum --no-names abc) abc"
c "mdsum --expect=00 abc"
c "mdsum --json -a md5,sha1 'a
b' abc"
c "mdsum empty nosuch s1 unreadable s4096"
c "mdsum -j2 nosuch s1 nosuch2 s65537"
c "mdsum tree"
c "mdsum link"
c "mdsum -R tree"
c "mdsum -R -j2 --tag tree"
c "mdsum -R --exclude=s4096 tree"
c "mdsum -R --max-depth=0 tree"
c "printf 's1\\0empty\\0nosuch\\0' | mdsum --files0-from=-"
c "mdsum > /dev/full s1"
c "mdsum s1048577 | head -c 10"

# -c of each manifest kind
for m in m.gnu m.bsd m.b64 m.multi m.bad; do
	c "mdsum -c $m"
	c "mdsum -c -j2 --no-mmap $m"
	c "mdsum -c --quiet $m"
	c "mdsum -c --status $m"
	c "mdsum -c --strict -w $m"
	c "mdsum -c --ignore-missing $m"
done
c "mdsum -c -z m.z"
c "mdsum -a md5 -c -z m.z"
c "md5sum -c m.md5sum"
c "md5sum -c m.gnu"
c "sha256sum -c m.gnu"
c "sha256sum -c --tag m.bsd"
c "sha256sum -c m.bad"
c "b2sum -c m.b2"
c "b2sum -l 256 -c m.b2l"
c "b2sum -c m.b2l"
c "cksum -c m.cksum"
c "cksum -a sha384 -c m.cksum"
c "cksum -c m.b2"
c "mdsum -a sha256 -c m.r"
c "mdsum -c < m.gnu"
c "cat m.bsd | mdsum -c -"
c "mdsum -c nosuch"
c "mdsum -c empty"
c "mdsum -C m.gnu s1 s4096 nosuch"
c "mdsum -R -c m.tree"

# archives
for a in tree.tar tree.tgz tree.zip; do
	[ -f "$a" ] || continue
	c "mdsum -A $a"
	c "mdsum -A -j2 -a md5,sha256 $a"
	c "mdsum -A --tag $a"
	c "mdsum -A --json $a"
	c "cat $a | mdsum -A"
	c "mdsum -A -c m.tar $a"
done
c "mdsum -A s4096"
c "mdsum -A nosuch tree.tar"

# --audit, and --update on a copy of the manifest
c "mdsum --audit=m.aud"
c "mdsum --audit=m.aud aud/abc aud/new"
c "mdsum --audit=m.gnu"
for o in '' --prune --refresh '--prune --refresh'; do
	c "cp m.aud u.m && { mdsum --update=u.m $o aud; r=\$?; cat u.m; rm -f u.m; exit \$r; }"
done
c "cp m.aud u.m && { mdsum --update=u.m; r=\$?; cat u.m; rm -f u.m; exit \$r; }"
c "mdsum --update=nosuch aud"

# option errors
c "mdsum -c --tag m.gnu"
c "mdsum --status s1"
c "mdsum -j0 s1"
c "mdsum --bogus"
c "mdsum -l 256 s1"
c "mdsum --raw --json s1"

# the BSD tools
for t in md5 sha256 sha512h keccak256 sha1 sha224 sha384 sha512 \
    sha512t224 sha512t256; do
	[ -e "$T/old/$t" ] || continue
	c "$t $SMALL"
	c "$t --mmap $ALL"
	c "$t --no-mmap $ALL"
	c "$t -r $SMALL 'a b'"
	c "$t -q $SMALL"
	c "$t -s abc -s ''"
	c "$t < s65537"
	c "cat s1048577 | $t"
	c "$t -p < s137"
	c "$t -c \$($t -q abc) abc"
	c "$t -c 00 abc"
	c "$t empty nosuch unreadable s1"
	c "$t -x"
	c "$t 'a
b' 'a\\b'"
done

# the coreutils names
for t in md5sum sha256sum sha512hsum keccak256sum sha1sum sha224sum \
    sha384sum sha512sum b2sum; do
	[ -e "$T/old/$t" ] || continue
	c "$t $SMALL"
	c "$t --tag $SMALL"
	c "$t -z 'a
b' s1"
	c "$t < s65537"
	c "$t nosuch s1"
done
c "cksum $ALL"
c "cksum -a sysv $SMALL"
c "cksum -a bsd $SMALL"
c "cksum -a crc32b $SMALL"
c "cksum -a blake2b -l 256 --untagged $SMALL"
c "cksum -a sm3 --base64 $SMALL"
c "cksum < s65537"

echo "$n commands, $ndiff differ"
[ $ndiff -eq 0 ]
