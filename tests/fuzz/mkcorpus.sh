#!/bin/sh
# mkcorpus.sh: writes the seed corpora of the fuzz targets, which are
# committed, into tests/fuzz/corpus/TARGET/ (replacing what is there).
# Run from the top of the tree after make (it uses bin/mdsum and bin/md5)
# only to change the seeds; make fuzz only reads them.  Needs bsdtar, GNU
# tar, zip, gzip, bzip2, xz, zstd and lz4.  Each seed is under 4 KiB.
#
# usage: sh tests/fuzz/mkcorpus.sh
set -eu

top=$(pwd)
C=$top/tests/fuzz/corpus
B=$top/bin
[ -x "$B/mdsum" ] || { echo "mkcorpus.sh: run make first" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/mkcorpus.XXXXXX")
trap 'rm -rf "$T"' EXIT
export LC_ALL=C TZ=UTC
unset MDSUM_BACKEND MDSUM_CPU
TARGETS="fuzz_manifest fuzz_escape fuzz_archive fuzz_archive_links fuzz_diff"

for t in $TARGETS; do
	rm -rf "${C:?}/$t"
	mkdir -p "$C/$t"
done

# --- fuzz_manifest: an option byte (see fuzz_manifest.c), then lines ----
# Algorithm indexes: md5 0, sha1 1, sha256 2, sha512 3, sha512h 4,
# sha3-256 5, keccak256 6; modes: 0 mdsum, 1 -a A, 2 -a A,B, 3 legacy.
mkdir "$T/m"
cd "$T/m"
printf 'hello\n' > plain
printf 'x' > 'a b'
printf 'y' > 'nl
name'
printf 'z' > 'cr\rname'
printf 'z' > "$(printf 'cr\rname')"
printf 'w' > 'back\slash'
printf 'v' > ' lead'
printf 'u' > 'star*'
printf 't' > "$(printf 'caf\303\251')"
printf 's' > 'paren) = x'

# seed NAME OPTBYTE: the option byte, then stdin.
seed()
{
	{ printf "\\$(printf %03o "$2")"; cat; } > "$C/fuzz_manifest/$1"
}

"$B/mdsum" plain 'a b' | seed tagged-sha256 0
"$B/mdsum" -a md5,sha1,sha512,sha3-256 plain | seed tagged-many 0
"$B/mdsum" --untagged -a md5 plain 'a b' | seed untagged-md5 0
"$B/mdsum" --untagged -b -a sha1 plain 'star*' | seed untagged-binary 17
"$B/mdsum" --untagged -a sha256 ./* | seed untagged-escaped 33
"$B/mdsum" ./* | seed tagged-escaped 0
"$B/mdsum" --base64 -a sha1,sha512 plain 'nl
name' | seed base64 0
"$B/mdsum" --untagged --base64 -a md5 plain | seed base64-untagged 1
"$B/md5" -r plain 'a b' ' lead' | seed md5-r 0
"$B/md5" plain 'a b' | seed bsd-md5 3
"$B/mdsum" --untagged -a md5 plain ' lead' | seed legacy-md5 3
"$B/mdsum" --untagged -a keccak256 plain | seed keccak-legacy 99
"$B/mdsum" --untagged -a sha512h plain | seed named-sha512h 72
"$B/mdsum" --untagged -a sha3-256,keccak256 plain | seed ambiguous 0
"$B/mdsum" --untagged -a sha3-256 plain | seed ambiguous-given 82
"$B/mdsum" --untagged -a sha256,sha512 plain | seed two-algs 34
"$B/mdsum" -a sha256 - < plain | seed stdin-dash 4
{
	"$B/mdsum" --untagged -a md5 plain
	printf '# comment\n\n'
	"$B/mdsum" -a md5 'paren) = x'
	printf 'd41d8cd98f00b204e9800998ecf8427e  crlf\r\n'
	printf 'MD5 (x) = d41d8cd98f00b204e9800998ecf8427e trailing\n'
	printf 'MD5(x)= D41D8CD98F00B204E9800998ECF8427E\n'
	printf '\\MD5 (bad\\escape) = d41d8cd98f00b204e9800998ecf8427e\n'
	printf '\\d41d8cd98f00b204e9800998ecf8427e  x\\\n'
	printf 'd41d8cd98f00b204e9800998ecf8427e\n'
	printf 'd41d8cd98f00b204e9800998ecf8427e \n'
	printf 'd41d8cd98f00b204e9800998ecf8427e  \n'
	printf '  \t d41d8cd98f00b204e9800998ecf8427e\tx\n'
	printf 'd41d8cd98f00b204e9800998ecf8427e  nul\000after\n'
	printf 'MD5 (nul\000) = d41d8cd98f00b204e9800998ecf8427e\n'
	printf 'MD5 ()) = d41d8cd98f00b204e9800998ecf8427e\n'
	printf 'SHA1 (x) = 2jmj7l5rSw0yVb/vlWAYkK/YBwk=\n'
	printf 'SHA1 (x) = 2jmj7l5rSw0yVb/vlWAYkK/YBw==\n'
	printf 'NOSUCH (x) = 00\n'
	printf 'MD5 (x'
} | seed odd-lines 0

# --- fuzz_escape: a name ------------------------------------------------
E=$C/fuzz_escape
printf 'plain' > "$E/plain"
printf 'a b' > "$E/space"
printf 'nl\nname' > "$E/newline"
printf 'cr\rname\r' > "$E/cr"
printf 'back\\slash\\' > "$E/backslash"
printf '\\n not a newline' > "$E/backslash-n"
printf "it's" > "$E/squote"
printf "it's \$HOME" > "$E/squote-dollar"
printf '~home' > "$E/tilde"
printf '#hash' > "$E/hash"
printf '{' > "$E/brace"
printf 'caf\303\251 \342\202\254 \360\237\230\200' > "$E/utf8"
printf 'bad\377\300\200\355\240\200utf8' > "$E/not-utf8"
printf 'ctl\001\033\177\t\v' > "$E/control"
printf 'json"quote\\' > "$E/json"
printf '' > "$E/empty"
printf 'name\000after nul' > "$E/nul"

# --- fuzz_archive: archives of a small tree -----------------------------
mkdir -p "$T/a/t/d"
cd "$T/a"
printf 'hello\n' > t/a.txt
printf '' > t/d/empty
ln -s a.txt t/link
ln t/a.txt t/hard
touch -h -d @0 t/a.txt t/d/empty t/link t/d t
A=$C/fuzz_archive
own="--uid 0 --gid 0 --uname root --gname root"

# bsdtar -b 1: 512-byte records, not 10 KiB.
for f in ustar gnutar v7 cpio newc odc bin zip 7zip arbsd xar warc; do
	case $f in
	arbsd|warc)	what="a.txt" ;;	# regular files only
	ustar|gnutar|v7) what="a.txt link" ;;
	*)		what="." ;;
	esac
	# shellcheck disable=SC2086
	bsdtar -b 1 $own --format $f -cf "$A/$f" -C t $what
done
bsdtar -b 1 $own --format mtree -cf "$A/mtree" -C t .	# refused
bsdtar $own --format pax -czf "$A/pax.tgz" -C t .
for z in -j -J --lzma --lzip --lz4 -Z --uuencode; do
	bsdtar -b 1 $own --format ustar $z -cf "$A/ustar$z" -C t a.txt link
done
bsdtar -b 1 $own --format gnutar -cf - -C t . | gzip -9n | gzip -9n \
    > "$A/gnutar.gz.gz"
bsdtar -b 1 $own --format cpio -cf - -C t . | xz > "$A/cpio.xz"
# bsdtar pads a zstd stream to the block size; zstd(1) does not.
bsdtar -b 1 $own --format ustar -cf - -C t a.txt | zstd -q -19 > "$A/ustar.zst"
(cd t && ar rcD "$A/ar-gnu" a.txt d/empty)
bsdtar $own --format iso9660 -cf - -C t . | xz -9 > "$A/iso9660.xz"
for c in store deflate bzip2 lzma1 lzma2 ppmd; do
	bsdtar $own --format 7zip --options 7zip:compression=$c \
	    -cf "$A/7zip-$c" -C t .
done
bsdtar $own --format zip --options zip:compression=store \
    -cf "$A/zip-store" -C t .
(cd t && zip -qX -P secret "$A/zip-encrypted" a.txt)
(cd t && printf 'streamed\n' | zip -qX "$A/zip-stream" -)
(cd t && zip -qXy "$A/zip-infozip" a.txt link d/empty)
# Sparse members: GNU tar's old format and the three pax ones.
truncate -s 20000 t/sparse
printf 'data' | dd of=t/sparse bs=1 seek=10000 conv=notrunc 2>/dev/null
touch -d @0 t/sparse
tar -b 1 --owner=0 --group=0 --numeric-owner -S --format=gnu -cf - \
    -C t sparse | gzip -9n > "$A/gnu-sparse.tar.gz"
for v in 0.0 0.1 1.0; do
	tar -b 1 --owner=0 --group=0 --numeric-owner -S --format=posix \
	    --sparse-version=$v --pax-option=delete=atime,delete=ctime \
	    -cf - -C t sparse | gzip -9n > "$A/pax-sparse-$v.tar.gz"
done
printf 'not an archive\n' > "$A/text"
: > "$A/empty"

# --- fuzz_archive_links: a script (see fuzz_archive_links.c) -----------
# hexseed TARGET NAME HEX: the bytes the hex digits spell.
hexseed()
{
	h=$3
	out=
	while [ -n "$h" ]; do
		out="$out\\$(printf %03o "0x${h%"${h#??}"}")"
		h=${h#??}
	done
	# shellcheck disable=SC2059 # the format is the octal escapes
	printf "$out" >"$C/$1/$2"
}
# Formats: 0 newc, 1 odc, 2 pax, 3 ustar, 4 gnutar, 5 v7tar.
hexseed fuzz_archive_links newc-late-data 000500100002100a
hexseed fuzz_archive_links pax-links 02ff0000050a00000c02001f0000
hexseed fuzz_archive_links gnutar-again-as-link 0401000003020004080200
hexseed fuzz_archive_links odc-three-names 0115401800421807441800
hexseed fuzz_archive_links ustar-dir-symlink 03ff1600000700091c0600
hexseed fuzz_archive_links v7tar-dot-names 050f0000c8090000
# The findings, minimised; each is a test in tests/cli_archive.sh too.
hexseed fuzz_archive_links found-dangling-again 043e00000008039f
hexseed fuzz_archive_links found-late-link 96f0885d009696ff6e696e
hexseed fuzz_archive_links found-relink 0074ecec0a0910ff14ff1014ff1014ff10
hexseed fuzz_archive_links found-link-to-dangling \
    49f626e300fffffc243d00f6ff5528ffff
hexseed fuzz_archive_links found-unwanted-member 003802ff000074002860e73870f6

# --- fuzz_diff: the algorithm, 8 bytes of seed, the message -------------
D=$C/fuzz_diff
i=0
for len in 0 3 55 56 64 111 112 128 135 136 137 300 1000; do
	a=$((i % 7))
	{
		printf "\\$(printf %03o $a)"
		printf '\001\002\003\004\005\006\007\010'
		head -c "$len" /dev/zero | tr '\000' 'a'
	} > "$D/alg$a-len$len"
	i=$((i + 1))
done

for t in $TARGETS; do
	for f in "$C/$t"/*; do
		if [ "$(wc -c < "$f")" -ge 4096 ]; then
			echo "mkcorpus.sh: $f: 4 KiB or more" >&2
			exit 1
		fi
	done
done
