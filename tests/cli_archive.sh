#!/bin/sh
# cli_archive.sh: black-box tests of mdsum -A, archives' members as inputs,
# through the built program.
#
# usage: sh tests/cli_archive.sh BINDIR
#
# Fixtures are made at test time with bsdtar (Debian's libarchive-tools),
# GNU tar, /usr/bin/python3's tarfile and zipfile and the compressors
# gzip, bzip2, xz, zstd and lz4.  For each format and filter, the lines of
# mdsum -A must be those that plain mdsum prints over the tree bsdtar
# extracts from the archive, member for member in the archive's order, and
# the manifest must verify both ways.  Then: sparse and hard-link members,
# names with newlines, standard input, -A -c with missing and changed
# members, truncated and corrupt archives, a file that is not an archive,
# output options, and a 1 GiB "bomb" hashed in bounded memory.  What the
# tools here cannot make is skipped, visibly.
#
# Output as in cli_gnu.sh: "ok N - what", "not ok N - what" with "#" lines
# saying why, "ok N - what # SKIP why", then "1..N" and the summary
# "N passed, N failed[, N skipped]"; the exit status is 1 if any test failed.

# shellcheck disable=SC2002,SC2086
# (cat | mdsum makes the archive a pipe, on purpose; unquoted $opts are
# option lists, split on purpose)
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
needs mdsum
M=$B/mdsum

plain_env POSIXLY_CORRECT

workdir cli_archive

PY=
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
BSDTAR=
have bsdtar && BSDTAR=bsdtar
GNUTAR=
tar --version 2>/dev/null | grep -q 'GNU tar' && GNUTAR=tar

diagnose()
{
	diagnose_run
}

# run ARG...: runs mdsum ARG..., stdin from $IN, stdout to $T/out, stderr
# to $T/err; sets rc.
run()
{
	begin
	quote mdsum "$@"
	"$M" "$@" <"$IN" >"$T/out" 2>"$T/err"
	rc=$?
}

# same_as FILE: stdout must be FILE's content.
same_as()
{
	cp "$1" "$T/out.want"
	cmp -s "$T/out" "$T/out.want" || bad "stdout differs from the expected"
}

# not_in WORD: stdout must not mention WORD.
not_in()
{
	grep -F -e "$1" "$T/out" >/dev/null && bad "stdout mentions $1"
}

# --- the tree ---------------------------------------------------------

TREE=$T/tree
mkdir -p "$TREE/sub/deep" "$TREE/emptydir" || exit 2
printf 'hello\n' >"$TREE/a"
head -c 70000 /dev/urandom >"$TREE/sub/b"
: >"$TREE/sub/empty"
printf 'x' >"$TREE/sub/with space"
i=0
while [ $i -lt 100 ]; do
	echo "line $i of a text that compresses well" >>"$TREE/sub/deep/c"
	i=$((i + 1))
done
ln "$TREE/sub/b" "$TREE/hl"
ln -s a "$TREE/link"

# a flat tree, for ar
FLAT=$T/flat
mkdir "$FLAT" || exit 2
printf 'hello\n' >"$FLAT/a"
head -c 5000 /dev/urandom >"$FLAT/b.bin"
: >"$FLAT/empty"

# extract_list ARCHIVE DIR: extracts ARCHIVE into the new directory DIR
# with bsdtar and writes the regular files among its members, in the
# archive's order, one per line, to $T/names; 1 if bsdtar failed.
extract_list()
{
	rm -rf "$2"
	mkdir "$2" || exit 2
	bsdtar -xf "$1" -C "$2" 2>"$T/xerr" || return 1
	bsdtar -tf "$1" >"$T/names.all" 2>>"$T/xerr" || return 1
	: >"$T/names"
	while IFS= read -r _n; do
		if [ -f "$2/$_n" ] && [ ! -h "$2/$_n" ]; then
			printf '%s\n' "$_n" >>"$T/names"
		fi
	done <"$T/names.all"
}

# tree_sums DIR [OPTION...]: what mdsum OPTION... prints for the files in
# $T/names, run in DIR.
tree_sums()
{
	_dir=$1
	shift
	(cd "$_dir" && tr '\n' '\0' <"$T/names" | xargs -0 "$M" "$@")
}

# roundtrip DESC ARCHIVE: mdsum -A ARCHIVE prints what mdsum prints over
# the extracted tree; that manifest verifies the tree, and the tree's
# verifies the archive with -A -c.
roundtrip()
{
	if [ -z "$BSDTAR" ]; then
		skip_tool "$1" "bsdtar (libarchive-tools) not installed"
		return
	fi
	if [ ! -s "$2" ]; then
		skip_tool "$1" "could not make $2 here"
		return
	fi
	_x=$T/x
	if ! extract_list "$2" "$_x"; then
		begin
		bad "bsdtar could not extract or list $2: $(head -n 2 "$T/xerr")"
		verdict "$1"
		return
	fi
	run -A "$2"
	tree_sums "$_x" >"$T/out.want"
	want_rc 0
	want_err ''
	[ -s "$T/out.want" ] || bad "the extracted tree has no file"
	cmp -s "$T/out" "$T/out.want" ||
	    bad "stdout differs from mdsum over the extracted tree"
	(cd "$_x" && "$M" -c "$T/out" >"$T/c1" 2>&1) ||
	    bad "mdsum -c of this manifest in the extracted tree failed: $(grep -v ': OK$' "$T/c1" | head -n 3)"
	"$M" -A -c "$T/out.want" "$2" >"$T/c2" 2>&1 ||
	    bad "mdsum -A -c of the tree's manifest failed: $(grep -v ': OK$' "$T/c2" | head -n 3)"
	verdict "$1"
}

# bsd FORMAT FILE [FILTER-OPTION]: FILE made by bsdtar from the tree.
bsd()
{
	[ -n "$BSDTAR" ] || return 1
	bsdtar --format "$1" ${3:-} -cf "$2" -C "$TREE" . 2>"$T/mkerr" ||
	    rm -f "$2"
}

# --- every format and filter --------------------------------------------

bsd ustar t.tar
roundtrip "tar (ustar): mdsum -A = mdsum over the extracted tree" t.tar
bsd pax t.pax
roundtrip "pax: mdsum -A = mdsum over the extracted tree" t.pax
bsd gnutar t.gtar
roundtrip "GNU tar format: mdsum -A = mdsum over the extracted tree" t.gtar
bsd odc t.odc
roundtrip "cpio (odc): mdsum -A = mdsum over the extracted tree" t.odc
bsd newc t.newc
roundtrip "cpio (newc, data with the last link): mdsum -A = extracted tree" \
    t.newc
bsd zip t.zip
roundtrip "zip: mdsum -A = mdsum over the extracted tree" t.zip
bsd 7zip t.7z
roundtrip "7z: mdsum -A = mdsum over the extracted tree" t.7z
bsd 7zip t2.7z "--options 7zip:compression=lzma2"
roundtrip "7z (lzma2): mdsum -A = mdsum over the extracted tree" t2.7z
bsd iso9660 t.iso
roundtrip "iso9660: mdsum -A = mdsum over the extracted tree" t.iso
[ -n "$BSDTAR" ] && { bsdtar --format ar -cf t.a -C "$FLAT" a b.bin empty ||
    rm -f t.a; }
roundtrip "ar: mdsum -A = mdsum over the extracted tree" t.a

# filters, by the compressors themselves over a pax archive
for f in gzip bzip2 xz zstd lz4; do
	if [ ! -s t.pax ]; then
		skip_tool "pax + $f: mdsum -A = extracted tree" "no pax archive"
	elif ! have $f; then
		skip_tool "pax + $f: mdsum -A = extracted tree" \
		    "$f not installed"
	else
		$f -c <t.pax >"t.pax.$f" 2>/dev/null || rm -f "t.pax.$f"
		roundtrip "pax + $f: mdsum -A = mdsum over the extracted tree" \
		    "t.pax.$f"
	fi
done
if [ -n "$GNUTAR" ]; then
	tar -czf gnu.tgz -C "$TREE" . 2>/dev/null || rm -f gnu.tgz
	roundtrip "GNU tar -z: mdsum -A = mdsum over the extracted tree" gnu.tgz
else
	skip_tool "GNU tar -z: mdsum -A = extracted tree" \
	    "GNU tar not installed"
fi
if [ -n "$PY" ]; then
	"$PY" - "$TREE" <<'EOF' 2>"$T/pyerr"
import os, sys, tarfile, zipfile
tree = sys.argv[1]
names = ["a", "sub/b", "sub/empty", "sub/with space", "sub/deep/c"]
with tarfile.open("py.tar.bz2", "w:bz2", format=tarfile.GNU_FORMAT) as t:
    for n in names:
        t.add(os.path.join(tree, n), arcname=n)
with tarfile.open("py.tar.xz", "w:xz", format=tarfile.PAX_FORMAT) as t:
    for n in names:
        t.add(os.path.join(tree, n), arcname=n)
with zipfile.ZipFile("py.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for n in names:
        z.write(os.path.join(tree, n), arcname=n)
EOF
fi
roundtrip "python tarfile, bzip2: mdsum -A = extracted tree" py.tar.bz2
roundtrip "python tarfile, pax + xz: mdsum -A = extracted tree" py.tar.xz
roundtrip "python zipfile, deflate: mdsum -A = extracted tree" py.zip

# --- members of every kind ----------------------------------------------

if [ -s t.pax ]; then
	run --debug -A t.pax
	want_rc 0
	want_err '~directory, skipped'
	want_err '~member ./link: symbolic link, skipped'
	want_err '~: hard link to ./'
	want_err '~archive: POSIX pax interchange format'
	not_in "link)"
	not_in "emptydir"
	verdict "--debug: skipped directories and symlinks, hard links, the format"
	run --debug -A t.pax.gzip
	want_err '~gzip'
	verdict "--debug names the filter"
else
	skip_tool "--debug: skipped members, hard links, the format" \
	    "no pax archive"
	skip_tool "--debug names the filter" "no pax archive"
fi

# hard links: a manifest that lists one name of a linked pair, the target
# (in newc, the name without the data) or the link
if [ -n "$BSDTAR" ]; then
	"$M" "$TREE/sub/b" | sed 's|(.*)|(NAME)|' >"$T/hl.sum"
	for fmt in ustar pax odc newc iso9660; do
		if ! bsdtar --format $fmt -cf "hl.$fmt" -C "$TREE" sub/b hl \
		    2>/dev/null; then
			skip "-A -c: hard links ($fmt)" "bsdtar cannot write $fmt"
			continue
		fi
		for name in hl sub/b; do
			sed "s|NAME|$name|" "$T/hl.sum" >"$T/hl.sums"
			run -A -c "$T/hl.sums" "hl.$fmt"
			want_rc 0
			want_out "=$name: OK"
			want_err ''
			cat "hl.$fmt" | "$M" -A -c "$T/hl.sums" - >"$T/out.pipe" \
			    2>&1 || bad "the same from a pipe failed"
			verdict "-A -c: a $fmt archive's hard-linked pair, $name listed alone"
		done
	done
else
	skip_tool "-A -c: hard links" "bsdtar not installed"
fi

# A name stored twice, the second time as a hard link to a member the
# manifest does not name (tar -r): the last one counts, read from a file
# (where the link takes a second pass over the archive) as from a pipe.
# The second pass used to fill the name from its first member and then
# ignore the link.  (Found by tests/fuzz/fuzz_archive_links.c.)
if [ -n "$GNUTAR" ]; then
	mkdir dup1 dup2 || exit 2
	printf 'old\n' >dup1/a
	printf 'new\n' >dup2/t
	ln dup2/t dup2/a
	tar -cf dup.tar -C dup1 a && tar -rf dup.tar -C dup2 t a || exit 2
	(cd dup2 && "$M" a) >"$T/dup-new.sums"
	(cd dup1 && "$M" a) >"$T/dup-old.sums"
	run -A -c "$T/dup-new.sums" dup.tar
	want_rc 0
	want_out "=a: OK"
	want_err ''
	cat dup.tar | "$M" -A -c "$T/dup-new.sums" - >"$T/out.pipe" 2>&1 ||
	    bad "the same from a pipe failed"
	verdict "-A -c: a name stored again as a hard link: the link counts"
	run -A -c "$T/dup-old.sums" dup.tar
	want_rc 1
	want_out "=a: FAILED"
	verdict "-A -c: a name stored again as a hard link: not the first copy"
else
	skip_tool "-A -c: a name stored again as a hard link" "no GNU tar"
	skip_tool "-A -c: a name stored again as a hard link" "no GNU tar"
fi
# The same when the link's target is in no archive: FAILED, not the
# first copy, from a file as from a pipe; and so is a later link to it.
if [ -n "$PY" ]; then
	"$PY" -c 'import io, sys, tarfile
t = tarfile.open(sys.argv[1], "w", format=tarfile.GNU_FORMAT)
i = tarfile.TarInfo("a")
t.addfile(i, io.BytesIO(b""))
for name, target in (("a", "missing"), ("e", "a")):
    i = tarfile.TarInfo(name)
    i.type = tarfile.LNKTYPE
    i.linkname = target
    t.addfile(i)
t.close()' dangling.tar || exit 2
	printf '' | "$M" -a md5 | sed 's/(-)/(a)/' >"$T/dangling.sums"
	printf '' | "$M" -a md5 | sed 's/(-)/(e)/' >>"$T/dangling.sums"
	printf 'a: FAILED open or read\ne: FAILED open or read\n' \
	    >"$T/dangling.out"
	run -A -c "$T/dangling.sums" dangling.tar
	want_rc 1
	same_as "$T/dangling.out"
	want_err "~member a: hard link to missing, which is not in the archive"
	cat dangling.tar | "$M" -A -c "$T/dangling.sums" - >"$T/out.pipe" \
	    2>/dev/null && bad "from a pipe: exit status 0"
	cmp -s "$T/out.pipe" "$T/dangling.out" ||
	    bad "from a pipe: $(cat "$T/out.pipe")"
	verdict "-A -c: a name stored again as a dangling hard link is FAILED"
else
	skip_tool "-A -c: a name stored again as a dangling hard link" \
	    "no python3"
fi

# "c" is stored, then stored again as a hard link to "t", which the
# manifest does not name, then "e" links to "c": "c" and "e" are "t", as
# when extracting.  From a file, "c"'s link was unresolved in the first pass
# and "e" resolved to the first "c" instead.  (Found by
# tests/fuzz/fuzz_archive_links.c.)
if [ -n "$PY" ]; then
	"$PY" -c 'import io, sys, tarfile
t = tarfile.open(sys.argv[1], "w", format=tarfile.GNU_FORMAT)
for name, data in (("c", b"old\n"), ("t", b"new\n")):
    i = tarfile.TarInfo(name)
    i.size = len(data)
    t.addfile(i, io.BytesIO(data))
for name, target in (("c", "t"), ("e", "c")):
    i = tarfile.TarInfo(name)
    i.type = tarfile.LNKTYPE
    i.linkname = target
    t.addfile(i)
t.close()' relink.tar || exit 2
	printf 'new\n' | "$M" | sed 's/(-)/(c)/' >"$T/relink.sums"
	printf 'new\n' | "$M" | sed 's/(-)/(e)/' >>"$T/relink.sums"
	run -A -c "$T/relink.sums" relink.tar
	want_rc 0
	want_out "=c: OK${nl}e: OK"
	want_err ''
	cat relink.tar | "$M" -A -c "$T/relink.sums" - >"$T/out.pipe" 2>&1 ||
	    bad "from a pipe: $(cat "$T/out.pipe")"
	verdict "-A -c: a link to a name stored again as a link"
else
	skip_tool "-A -c: a link to a name stored again as a link" "no python3"
fi

# cpio newc: "n" is first a link whose data comes later (with "z"), then
# a file of its own.  The later member counts, as when extracting, though
# the link's content is known only at "z": from a file and from a pipe.
# It used to count from a pipe.  (Found by tests/fuzz/fuzz_archive_links.c.)
if [ -n "$PY" ]; then
	"$PY" -c 'import sys
def member(name, ino, nlink, data, mode=0o100644):
    n = name.encode() + b"\0"
    f = (ino, mode, 0, 0, nlink, 0, len(data), 0, 0, 0, 0, len(n), 0)
    out = b"070701" + b"".join(b"%08x" % v for v in f) + n
    out += b"\0" * (-len(out) % 4)
    return out + data + b"\0" * (-len(data) % 4)
open(sys.argv[1], "wb").write(member("a", 5, 3, b"") +
    member("n", 5, 3, b"") + member("n", 7, 1, b"new\n") +
    member("z", 5, 3, b"old\n") + member("TRAILER!!!", 0, 1, b"", 0))' \
	    late.cpio || exit 2
	printf 'new\n' | "$M" | sed 's/(-)/(n)/' >"$T/late.sums"
	run -A -c "$T/late.sums" late.cpio
	want_rc 0
	want_out "=n: OK"
	want_err ''
	cat late.cpio | "$M" -A -c "$T/late.sums" - >"$T/out.pipe" 2>&1 ||
	    bad "from a pipe: $(cat "$T/out.pipe")"
	verdict "-A -c: a late cpio link does not count over a later member"
else
	skip_tool "-A -c: a cpio link whose data comes late" "no python3"
fi

# cpio newc: "b" and "a" are links waiting for data that never comes;
# then "a" is a file of its own, and "x" a link to that one, with data.
# "b" stays empty, as when extracting.  From a file, the second "a" was
# not hashed (the manifest names only "b"), so "x" was taken for a link
# to the first "a", and its data for "b"'s.  (Found by
# tests/fuzz/fuzz_archive_links.c.)
if [ -n "$PY" ]; then
	"$PY" -c 'import sys
def member(name, ino, nlink, data, mode=0o100644):
    n = name.encode() + b"\0"
    f = (ino, mode, 0, 0, nlink, 0, len(data), 0, 0, 0, 0, len(n), 0)
    out = b"070701" + b"".join(b"%08x" % v for v in f) + n
    out += b"\0" * (-len(out) % 4)
    return out + data + b"\0" * (-len(data) % 4)
open(sys.argv[1], "wb").write(member("b", 1, 3, b"") +
    member("a", 1, 3, b"") + member("a", 2, 2, b"A\n") +
    member("x", 2, 2, b"A2\n") + member("TRAILER!!!", 0, 1, b"", 0))' \
	    unwanted.cpio || exit 2
	printf '' | "$M" | sed 's/(-)/(b)/' >"$T/unwanted.sums"
	run -A -c "$T/unwanted.sums" unwanted.cpio
	want_rc 0
	want_out "=b: OK"
	want_err ''
	cat unwanted.cpio | "$M" -A -c "$T/unwanted.sums" - >"$T/out.pipe" \
	    2>&1 || bad "from a pipe: $(cat "$T/out.pipe")"
	verdict "-A -c: a link to a name stored again, unlisted, is to the later one"
else
	skip_tool "-A -c: a link to a name stored again, unlisted" "no python3"
fi

# sparse: holes are zeros, at the end too
SP=$T/sparse
mkdir "$SP" || exit 2
if [ -n "$PY" ]; then
	"$PY" -c 'import sys
f = open(sys.argv[1], "wb")
f.seek(1 << 20); f.write(b"middle")
f.seek(3 << 20); f.write(b"end")
f.truncate(5 << 20)' "$SP/sparse"
else
	dd if=/dev/zero of="$SP/sparse" bs=1 count=0 seek=5242880 2>/dev/null
fi
(cd "$SP" && "$M" sparse) >"$T/sparse.sums"
# make_sparse HOW: sp.tar, holding the sparse file, made as HOW says.
make_sparse()
{
	case $1 in
	GNU*gnu*)	[ -n "$GNUTAR" ] &&
			    tar -S --format=gnu -cf sp.tar -C "$SP" sparse ;;
	GNU*pax*)	[ -n "$GNUTAR" ] &&
			    tar -S --format=pax -cf sp.tar -C "$SP" sparse ;;
	*)		[ -n "$BSDTAR" ] &&
			    bsdtar --format pax -cf sp.tar -C "$SP" sparse ;;
	esac
}

for how in "GNU tar -S, gnu format" "GNU tar -S, pax format" "bsdtar, pax"; do
	if ! make_sparse "$how" || [ ! -s sp.tar ]; then
		skip "sparse member ($how)" "cannot make it here"
	elif [ "$(wc -c <sp.tar)" -gt 1048576 ]; then
		skip "sparse member ($how)" "the archive was not made sparse"
	else
		run -A sp.tar
		want_rc 0
		want_err ''
		same_as "$T/sparse.sums"
		verdict "sparse member hashes like the file ($how)"
	fi
	rm -f sp.tar
done

# names with newlines, carriage returns and backslashes
if [ -n "$PY" ]; then
	"$PY" - <<'EOF'
import io, tarfile
with tarfile.open("nl.tar", "w", format=tarfile.PAX_FORMAT) as t:
    for name, data in (("new\nline", b"1"), ("back\\slash", b"2"),
                       ("cr\rname", b"3"), ("plain", b"4")):
        i = tarfile.TarInfo(name)
        i.size = len(data)
        t.addfile(i, io.BytesIO(data))
EOF
	NLD=$T/nl
	mkdir "$NLD" || exit 2
	printf 1 >"$NLD/new${nl}line"
	printf 2 >"$NLD/back\\slash"
	printf 3 >"$NLD/cr${cr}name"
	printf 4 >"$NLD/plain"
	(cd "$NLD" && "$M" "new${nl}line" 'back\slash' "cr${cr}name" plain) \
	    >"$T/nl.sums"
	run -A nl.tar
	want_rc 0
	same_as "$T/nl.sums"
	grep '^\\SHA256 (new\\nline) = ' "$T/out" >/dev/null ||
	    bad "the newline name is not escaped"
	verdict "names with newline, CR, backslash: escaped lines"
	run -A -c "$T/nl.sums" nl.tar
	want_rc 0
	want_out "+"
	verdict "names with newline, CR, backslash: -A -c round trip"
	run -A -z nl.tar
	want_rc 0
	(cd "$NLD" && "$M" -z "new${nl}line" 'back\slash' "cr${cr}name" plain) \
	    >"$T/nlz.sums"
	same_as "$T/nlz.sums"
	verdict "names with newline: -z lines as mdsum -z"
else
	skip_tool "names with newline, CR, backslash" \
	    "/usr/bin/python3 not found"
fi

# zip names as libarchive reads them (mdsum.1): the backslashes of a name
# with no slash become slashes when the local header gives MS-DOS as the
# system, as zipfile and Info-ZIP's zip write it whatever "made by" says;
# the names are those bsdtar lists and extracts to
if [ -n "$PY" ]; then
	"$PY" - <<'EOF'
import zipfile
with zipfile.ZipFile("bs.zip", "w") as z:
    # name, "made by" system, local header system (zipfile's "reserved")
    for name, made, local, data in (("back\\slash", 3, 0, b"1"),
                                    ("dos\\name", 0, 0, b"2"),
                                    ("dir\\sub/x", 3, 0, b"3"),
                                    ("unix\\name", 3, 3, b"4")):
        i = zipfile.ZipInfo(name)
        i.create_system = made
        i.reserved = local
        z.writestr(i, data)
EOF
	BSD=$T/bs
	mkdir -p "$BSD/back" "$BSD/dos" "$BSD/dir\\sub" || exit 2
	printf 1 >"$BSD/back/slash"
	printf 2 >"$BSD/dos/name"
	printf 3 >"$BSD/dir\\sub/x"
	printf 4 >"$BSD/unix\\name"
	(cd "$BSD" && "$M" back/slash dos/name 'dir\sub/x' 'unix\name') \
	    >"$T/bs.sums"
	run -A bs.zip
	want_rc 0
	want_err ''
	same_as "$T/bs.sums"
	if [ -n "$BSDTAR" ]; then
		# (bsdtar -t doubles a backslash)
		printf '%s\n' back/slash dos/name 'dir\\sub/x' 'unix\\name' \
		    >"$T/bs.names"
		bsdtar -tf bs.zip 2>/dev/null | cmp -s "$T/bs.names" - ||
		    bad "bsdtar -t lists other names"
	fi
	verdict "zip: a slash-free name marked MS-DOS has its backslashes made slashes"
else
	skip_tool "zip: names with backslashes" "/usr/bin/python3 not found"
fi

# --- standard input -----------------------------------------------------

if [ -s t.pax.gzip ]; then
	"$M" -A t.pax.gzip >"$T/file.sums"
	IN=t.pax.gzip
	run -A -
	want_rc 0
	same_as "$T/file.sums"
	verdict "-A - reads the archive from standard input (a file)"
	IN=t.pax.gzip
	run -A
	want_rc 0
	same_as "$T/file.sums"
	verdict "-A with no operand reads standard input"
	begin
	quote cat t.pax.gzip '|' mdsum -A -
	cat t.pax.gzip | "$M" -A - >"$T/out" 2>"$T/err"
	rc=$?
	want_rc 0
	want_err ''
	same_as "$T/file.sums"
	verdict "-A - from a pipe"
else
	skip_tool "-A - from standard input" "no pax.gz archive"
fi

# --- -A -c: missing and changed members ---------------------------------

if [ -n "$BSDTAR" ] && [ -s t.tar ]; then
	extract_list t.tar "$T/x"
	tree_sums "$T/x" >"$T/tree.sums"
	printf 'SHA256 (not/there) = %s\n' \
	    "$(printf '%064d' 0)" >>"$T/tree.sums"
	rm -rf "$T/changed"
	cp -R "$TREE" "$T/changed"
	printf 'hellO\n' >"$T/changed/a"
	bsdtar --format pax -czf changed.tgz -C "$T/changed" .
	run -A -c "$T/tree.sums" changed.tgz
	want_rc 1
	want_out '~./a: FAILED'
	want_out '~./sub/deep/c: OK'
	want_out '~not/there: FAILED open or read'
	want_err '~not/there: not in the archive'
	want_err '~WARNING: 1 listed file could not be read'
	want_err '~WARNING: 1 computed checksum did NOT match'
	[ "$(grep -c ': OK$' "$T/out")" -eq "$(($(wc -l <"$T/names") - 1))" ] ||
	    bad "not every other member is OK"
	verdict "-A -c: a changed member FAILED, a missing one FAILED open or read"
	run -A -c --ignore-missing "$T/tree.sums" t.tar
	want_rc 0
	not_in "not/there"
	verdict "-A -c --ignore-missing leaves out a missing member"
	# "./a" in the archive, "a" in the manifest, and the other way round
	(cd "$TREE" && "$M" a sub/b) >"$T/nodot.sums"
	run -A -c "$T/nodot.sums" t.tar
	want_rc 0
	want_out '~a: OK'
	verdict "-A -c: a leading ./ does not count when names are compared"
	run -A -c "$T/tree.sums" t.odc t.zip
	want_rc 1
	want_out '~./a: OK'
	verdict "-A -c over several archives"
else
	skip_tool "-A -c: changed and missing members" "bsdtar not installed"
fi

# --- broken archives ----------------------------------------------------

BIGD=$T/bigd
mkdir "$BIGD" || exit 2
printf 'small\n' >"$BIGD/small"
head -c 1048576 /dev/urandom >"$BIGD/big"
printf 'after\n' >"$BIGD/after"
if [ -n "$BSDTAR" ] && have gzip; then
	bsdtar --format ustar -cf - -C "$BIGD" small big after | gzip -1 \
	    >whole.tgz
	head -c 600000 whole.tgz >trunc.tgz
	# The gzip stream is cut short: its check cannot run, so no member
	# read from it gets a line ("small" is held until the end, then left
	# out); the next operand is read.
	run -A trunc.tgz t.tar
	want_rc 1
	want_err '~trunc.tgz: member big: '
	want_err '~truncated gzip input'
	want_err '~trunc.tgz: the line of the member read before the failure is left out'
	not_in "(small)"
	not_in "(big)"
	want_out '~SHA256 (./sub/b) = '
	verdict "truncated gzip: message names archive and member, no line from the stream, next operand read"
	IN=trunc.tgz
	run -A -
	want_rc 1
	want_err '~member big: '
	not_in "(big)"
	verdict "truncated gzip from standard input"
else
	skip_tool "truncated gzip" "bsdtar or gzip not installed"
fi
if [ -n "$PY" ]; then
	"$PY" - <<'EOF'
import zipfile
with zipfile.ZipFile("stored.zip", "w", zipfile.ZIP_STORED) as z:
    z.writestr("first", b"first\n")
    z.writestr("mid", b"the middle member " * 100)
    z.writestr("last", b"last\n")
text = b"".join(b"line %d of the middle member\n" % i for i in range(20000))
with zipfile.ZipFile("deflated.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("first", b"first\n")
    z.writestr("mid", text)
    z.writestr("last", b"last\n")
# a bad CRC in the stored zip, bad deflate data early in the other
for name, at, off in (("stored.zip", b"the middle", 200),
                      ("deflated.zip", b"mid", 3 + 40)):
    data = bytearray(open(name, "rb").read())
    data[data.index(at) + off] ^= 0x55
    open("bad-" + name, "wb").write(bytes(data))
EOF
	run -A bad-stored.zip t.tar
	want_rc 1
	want_err '~bad-stored.zip: member mid: '
	want_out '~SHA256 (first) = '
	not_in "(mid)"
	want_out '~SHA256 (last) = '
	want_out '~SHA256 (./a) = '
	verdict "zip entry with a bad CRC: message, no line, other members and operands read"
	run -A bad-deflated.zip t.tar
	want_rc 1
	want_err '~bad-deflated.zip: member mid: '
	want_out '~SHA256 (first) = '
	not_in "(mid)"
	want_out '~SHA256 (./a) = '
	verdict "zip entry with corrupt deflate data: message, no line, next operand read"
	"$M" -A deflated.zip >"$T/zip.sums"
	begin
	quote cat bad-deflated.zip '|' mdsum -A -c "$T/zip.sums" -
	cat bad-deflated.zip | "$M" -A -c "$T/zip.sums" - >"$T/out" 2>"$T/err"
	rc=$?
	want_rc 1
	want_out '~first: OK'
	want_out '~mid: FAILED open or read'
	want_err '~-: member mid: '
	verdict "-A -c from a pipe: a corrupt member is FAILED open or read, with the reason"
	"$M" -A stored.zip >"$T/zip.sums"
	run -A -c "$T/zip.sums" bad-stored.zip
	want_rc 1
	want_out '~mid: FAILED open or read'
	want_out '~last: OK'
	want_err '~bad-stored.zip: member mid: '
	verdict "-A -c: a corrupt member is FAILED open or read, with the reason"
else
	skip_tool "corrupt zip entries" "/usr/bin/python3 not found"
fi
# --- compressed streams checked to their end ------------------------------

# The compressor's own check (gzip's CRC-32 and ISIZE of every member,
# bzip2's block and stream CRCs, xz's check, zstd's and lz4's content
# checksums) is at the end of the stream, after tar's end-of-archive
# blocks, where the tar reader stops.  mdsum reads the stream to its end:
# a damaged one is an error naming the archive, no line is printed for a
# member read from it, and -A -c counts its members as unreadable.  The
# expected digests are sha256sum's over the files.  Damage is made by
# flipping bytes: in the middle of the stream (24 bytes: random data, so
# gzip stores it, and only the CRC can tell), or in the trailer.
DMG=$T/dmg
mkdir "$DMG" || exit 2
printf 'small\n' >"$DMG/small"
head -c 300000 /dev/urandom >"$DMG/big"
printf 'after\n' >"$DMG/after"
(cd "$DMG" && sha256sum small big after) >"$T/dmg.sums"
sed 's/^\([0-9a-f]*\)  \(.*\)$/SHA256 (\2) = \1/' "$T/dmg.sums" \
    >"$T/dmg.tagged"

# flip FILE OUT OFFSET COUNT: OUT is FILE with COUNT bytes from OFFSET
# (from the end if negative) inverted.
flip()
{
	"$PY" -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
at = int(sys.argv[3])
at = at + len(d) if at < 0 else at
for i in range(at, at + int(sys.argv[4])):
    d[i] ^= 0xff
open(sys.argv[2], "wb").write(bytes(d))' "$@"
}

# damaged DESC ARCHIVE: mdsum -A fails naming ARCHIVE, with no line; -A
# -c counts its members as unreadable, from a file and from a pipe.
damaged()
{
	run -A "$2"
	want_rc 1
	want_err "~$2: "
	want_out ''
	verdict "$1: -A exit 1, message names the archive, no line"
	run -A -c "$T/dmg.tagged" "$2"
	want_rc 1
	want_out '~big: FAILED open or read'
	want_err '~WARNING: 3 listed files could not be read'
	grep ': OK$' "$T/out" >/dev/null && bad "a member read from it is OK"
	verdict "$1: -A -c counts its members as unreadable"
	begin
	quote cat "$2" '|' mdsum -A -c "$T/dmg.tagged" -
	cat "$2" | "$M" -A -c "$T/dmg.tagged" - >"$T/out" 2>"$T/err"
	rc=$?
	want_rc 1
	want_out '~big: FAILED open or read'
	want_err '~WARNING: 3 listed files could not be read'
	verdict "$1: the same from a pipe"
}

if [ -n "$BSDTAR" ] && [ -n "$PY" ]; then
	bsdtar --format ustar -cf dmg.tar -C "$DMG" small big after
	half=$(($(wc -c <dmg.tar) / 2))
	for f in gzip bzip2 xz zstd lz4; do
		if have $f; then
			$f -c <dmg.tar >"dmg.$f"
		else
			rm -f "dmg.$f"
		fi
	done
	if [ -s dmg.gzip ]; then
		# multi-member gzip: the tar cut in two, each half a member
		{ head -c $half dmg.tar | gzip -c; tail -c +$((half + 1)) \
		    dmg.tar | gzip -c; } >dmg-multi.gz
		cat dmg.gzip >dmg-zeros.gz
		head -c 1024 /dev/zero >>dmg-zeros.gz
	fi
	# the undamaged ones verify, lines as sha256sum says
	for a in dmg.tar dmg.gzip dmg-multi.gz dmg-zeros.gz dmg.bzip2 dmg.xz \
	    dmg.zstd dmg.lz4; do
		if [ ! -s "$a" ]; then
			skip_tool "undamaged $a" "could not make it here"
			continue
		fi
		run -A "$a"
		want_rc 0
		want_err ''
		same_as "$T/dmg.tagged"
		"$M" -A -c "$T/dmg.tagged" "$a" >"$T/c2" 2>&1 ||
		    bad "-A -c failed: $(head -n 3 "$T/c2")"
		verdict "undamaged $a: lines as sha256sum's, -A -c verifies"
	done
	if [ -s dmg.gzip ]; then
		len=$(wc -c <dmg.gzip)
		flip dmg.gzip g-mid.tgz $((len / 2)) 24
		flip dmg.gzip g-crc.tgz -8 1
		flip dmg.gzip g-isize.tgz -4 1
		damaged "gzip, 24 bytes flipped mid-stream" g-mid.tgz
		want_err '~CRC-32'
		verdict "gzip, 24 bytes flipped mid-stream: the cause is the CRC-32"
		damaged "gzip, bad CRC-32 in the trailer" g-crc.tgz
		damaged "gzip, bad ISIZE in the trailer" g-isize.tgz
		run -A g-isize.tgz
		want_err '~length check'
		verdict "gzip, bad ISIZE: the cause is the length"
		flip dmg-multi.gz g-multi.gz -8 1
		damaged "gzip, bad CRC-32 in the second member" g-multi.gz
		len=$(wc -c <dmg-multi.gz)
		flip dmg-multi.gz g-multi2.gz $((len * 3 / 4)) 24
		damaged "gzip, bytes flipped in the second member" g-multi2.gz
		cp dmg.gzip g-garbage.tgz
		printf 'garbage' >>g-garbage.tgz
		damaged "gzip followed by garbage" g-garbage.tgz
		# a damaged second member's header: its data is not dropped
		"$PY" -c 'import sys
d = bytearray(open("dmg-multi.gz", "rb").read())
i = d.index(b"\x1f\x8b\x08", 10)
d[i + 1] ^= 0xff
open("g-hdr.gz", "wb").write(bytes(d))'
		damaged "gzip, second member's header damaged" g-hdr.gz
	else
		skip_tool "damaged gzip" "gzip not installed"
	fi
	for f in bzip2 xz zstd lz4; do
		if [ ! -s "dmg.$f" ]; then
			skip_tool "damaged $f" "$f not installed"
			continue
		fi
		len=$(wc -c <"dmg.$f")
		flip "dmg.$f" "mid.$f" $((len / 2)) 24
		damaged "$f, 24 bytes flipped mid-stream" "mid.$f"
	done
	# the checks in the trailers: bzip2's stream CRC, zstd's and lz4's
	# content checksums (on by default in both tools), xz's index
	for f in bzip2 xz zstd lz4; do
		[ -s "dmg.$f" ] || continue
		flip "dmg.$f" "end.$f" -4 1
		damaged "$f, its trailer damaged" "end.$f"
	done
else
	skip_tool "damaged compressed streams" \
	    "bsdtar or /usr/bin/python3 not found"
fi

# --- names with "./" prefixes -----------------------------------------------

# "././a" is stored as given (GNU tar and bsdtar list it so); -A prints
# it as stored, and -A -c matches it to "a", "./a" and "././a" alike: any
# number of leading "./" does not count.  python's hashlib is the oracle.
if [ -n "$PY" ]; then
	"$PY" - <<'EOF' >"$T/dots.want"
import hashlib, io, tarfile
members = (("././a", b"double dot a\n"), ("./b", b"dot b\n"),
           (".//./c", b"slashes c\n"), ("a", b"plain a, first\n"))
with tarfile.open("dots.tar", "w", format=tarfile.USTAR_FORMAT) as t:
    for name, data in members[3:] + members[:3]:
        i = tarfile.TarInfo(name)
        i.size = len(data)
        t.addfile(i, io.BytesIO(data))
for name, data in members[:3]:
    print("SHA256 (%s) = %s" % (name, hashlib.sha256(data).hexdigest()))
with open("dots.sums", "w") as f:
    for name, data in members[:3]:
        h = hashlib.sha256(data).hexdigest()
        for n in (name.lstrip("./"), "./" + name.lstrip("./"), name):
            f.write("%s  %s\n" % (h, n))
EOF
	run -A dots.tar
	want_rc 0
	sed -n '2,$p' "$T/out" >"$T/out.tail"
	cmp -s "$T/out.tail" "$T/dots.want" ||
	    bad "the lines are not the names as stored with hashlib's digests"
	verdict "-A: ././a, ./b and .//./c are printed as stored"
	run -a sha256 -A -c dots.sums dots.tar
	want_rc 0
	[ "$(grep -c ': OK$' "$T/out")" -eq 9 ] || bad "not 9 lines OK"
	want_out '~a: OK'
	want_out '~./a: OK'
	want_out '~././a: OK'
	want_out '~.//./c: OK'
	verdict "-A -c: a, ./a and ././a all match the member ././a (the last of the name)"
else
	skip_tool "./ prefixes" "/usr/bin/python3 not found"
fi

# --- an independent oracle for the round trips ---------------------------

# The round trips compare mdsum -A with mdsum over the extracted tree;
# here a sample of members is checked against python's hashlib and
# coreutils' md5sum and sha256sum, not mdsum.
if [ -n "$PY" ] && [ -s t.pax ]; then
	"$PY" - t.pax <<'EOF' >"$T/oracle.want"
import hashlib, sys, tarfile
with tarfile.open(sys.argv[1]) as t:
    for m in t:
        if m.isfile() or m.islnk():
            d = t.extractfile(m).read()
            print("SHA256 (%s) = %s" % (m.name, hashlib.sha256(d).hexdigest()))
EOF
	run -A t.pax
	want_rc 0
	cmp -s "$T/out" "$T/oracle.want" ||
	    bad "not as python's tarfile and hashlib"
	verdict "-A over pax: as python's tarfile and hashlib"
	if [ -s t.pax.gzip ]; then
		(cd "$TREE" && md5sum a sub/b "sub/deep/c") |
		    sed 's|  |  ./|' >"$T/oracle.md5"
		run -a md5 -A -c "$T/oracle.md5" t.pax.gzip
		want_rc 0
		[ "$(grep -c ': OK$' "$T/out")" -eq 3 ] || bad "not 3 lines OK"
		verdict "-A -c over pax + gzip: md5sum's manifest verifies"
	fi
else
	skip_tool "independent oracle" "/usr/bin/python3 or t.pax missing"
fi

printf 'hello world\nthis is not an archive\n' >notes.txt
head -c 4096 /dev/urandom >random.bin
run -A notes.txt random.bin t.tar
want_rc 1
want_err '~notes.txt: '
want_err '~random.bin: '
not_in "notes.txt"
not_in "random.bin"
[ -s t.tar ] && want_out '~SHA256 (./a) = '
verdict "files that are not archives: message, exit 1, next operand read"
run -A "$TREE" no-such.tar
want_rc 1
want_err "~$TREE: Is a directory"
want_err '~no-such.tar: No such file or directory'
want_out ''
verdict "a directory and a missing file as archive operands"

# --- output options -----------------------------------------------------

if [ -n "$BSDTAR" ] && [ -s t.pax.xz ]; then
	extract_list t.pax.xz "$T/x"
	for opts in "--json -a md5,sha256" "--base64 --untagged" \
	    "-a sha512h,keccak256,sha3-256 --tag" "--untagged -b -z" \
	    "--no-names -a sha1"; do
		run -A $opts t.pax.xz
		tree_sums "$T/x" $opts >"$T/opt.sums"
		want_rc 0
		same_as "$T/opt.sums"
		verdict "-A $opts: as mdsum $opts over the tree"
	done
	"$M" -A -a md5,keccak256 --base64 t.pax.xz >"$T/multi.sums"
	run -A -c "$T/multi.sums" t.pax.xz
	want_rc 0
	[ "$(grep -c ': OK$' "$T/out")" -eq "$(wc -l <"$T/multi.sums")" ] ||
	    bad "not every line OK"
	verdict "-A -c of a manifest with two algorithms in base64"
else
	skip_tool "output options with -A" "bsdtar or xz not available"
fi

# --- a bomb -------------------------------------------------------------

# 1 GiB of zeros in a tar, compressed on the fly: nothing that size is
# ever stored.  sha256 of 2^30 zero bytes:
ZEROS=49bc20df15e412a64472421e13fe86ff1c5165e18b2afccf160d4dc19fe68a14
BOMBZ=
have gzip && BOMBZ=gzip
have xz && BOMBZ=xz
if [ -n "${MDSUM_TEST_QEMU:-}" ]; then
	# 1 GiB through an emulated CPU takes minutes, and the RSS would be
	# the emulator's
	skip "a 1 GiB bomb" "under qemu-user (tests/qemu.sh)"
elif [ -n "$PY" ] && [ -n "$BOMBZ" ]; then
	{
		"$PY" -c 'import sys, tarfile
i = tarfile.TarInfo("zeros")
i.size = 1 << 30
sys.stdout.buffer.write(i.tobuf(format=tarfile.GNU_FORMAT))'
		head -c 1073741824 /dev/zero
		head -c 10240 /dev/zero
	} | $BOMBZ -1 >bomb.tar.z
	TIMEV=no
	/usr/bin/time -v true >/dev/null 2>&1 && TIMEV=yes
	begin
	if [ $TIMEV = yes ]; then
		quote /usr/bin/time -v mdsum -A bomb.tar.z
		/usr/bin/time -v "$M" -A bomb.tar.z >"$T/out" 2>"$T/err"
	else
		quote mdsum -A bomb.tar.z
		"$M" -A bomb.tar.z >"$T/out" 2>"$T/err"
	fi
	rc=$?
	want_rc 0
	want_out "=SHA256 (zeros) = $ZEROS"
	verdict "a $(wc -c <bomb.tar.z | tr -d ' ')-byte $BOMBZ archive of 1 GiB: digest"
	if [ $TIMEV = yes ] && [ -n "${MDSUM_TEST_VALGRIND:-}" ]; then
		skip "bomb: peak RSS under 16 MiB" \
		    "under valgrind, whose own memory the RSS would be"
	elif [ $TIMEV = yes ]; then
		# Under AddressSanitizer (make sanitize) its shadow memory and
		# quarantine come on top: 28 MiB measured with gcc's, the
		# program's own part still bounded.
		limit=16
		[ -n "${MDSUM_TEST_SANITIZER:-}" ] && limit=64
		rss=$(sed -n 's/.*Maximum resident set size (kbytes): *//p' \
		    "$T/err")
		begin
		[ -n "$rss" ] || bad "no maximum RSS in /usr/bin/time -v's output"
		[ -n "$rss" ] && [ "$rss" -ge $((limit * 1024)) ] &&
		    bad "peak RSS $rss KiB, not under $limit MiB"
		verdict "the 1 GiB bomb is hashed with peak RSS under $limit MiB (${rss:-?} KiB)"
	else
		skip_tool "bomb: peak RSS under 16 MiB" \
		    "/usr/bin/time -v not available (Debian package time)"
	fi
	rm -f bomb.tar.z
else
	skip_tool "a 1 GiB bomb" "/usr/bin/python3, or gzip and xz, not found"
fi

# --- members hashed side by side ----------------------------------------

# Small regular members are read into memory and hashed in the lane
# schedulers, their lines printed when a FIFO of them is emptied.  What
# comes out (stdout and stderr together, so in the same order too) and the
# exit status must be those of --no-multibuffer, which hashes each member
# when it is read: over many members of various sizes (0 and 1 MiB + 1
# are hashed at once, the rest waits), hard links (cpio newc's earlier
# names too), symbolic links and directories, with several algorithms,
# truncated and corrupt archives, -A -c and pipes.  MDSUM_CPU pins the
# portable 4-lane kernels, which run everywhere, with MDSUM_BACKEND=portable
# (the backend they serve; OpenSSL may be the default).
LT=$T/lanes
mkdir -p "$LT/sub/deeper" "$LT/emptydir" || exit 2
for s in 0 1 4096 1048576 1048577; do
	head -c $s /dev/urandom >"$LT/f$s"
done
s=63
while [ $s -le 137 ]; do
	head -c $s /dev/urandom >"$LT/sub/s$s"
	s=$((s + 1))
done
# enough bytes to empty the FIFO by its size, not its count
for s in 1 2 3 4 5 6 7 8 9; do
	head -c $((1000000 + s)) /dev/urandom >"$LT/sub/deeper/big$s"
done
ln "$LT/sub/s100" "$LT/hl100"
ln "$LT/f1048577" "$LT/sub/hlbig"
ln "$LT/f0" "$LT/hl0"
ln -s f1 "$LT/sym"
ln -s sub "$LT/subsym"

LA=
if [ -n "$BSDTAR" ]; then
	for fmt in ustar pax newc odc zip 7zip; do
		bsdtar --format $fmt -cf "lanes.$fmt" -C "$LT" . 2>/dev/null &&
		    LA="$LA lanes.$fmt"
	done
	if have gzip && [ -s lanes.pax ]; then
		gzip -1 -c lanes.pax >lanes.pax.gz && LA="$LA lanes.pax.gz"
		# cut in the small members; and within the first big one
		head -c 600000 lanes.pax.gz >lanes-cut.pax.gz
		LA="$LA lanes-cut.pax.gz"
	fi
	if [ -s lanes.ustar ]; then
		# cut short: within the members hashed in lanes
		head -c $(($(wc -c <lanes.ustar) / 3)) lanes.ustar >lanes-cut.tar
		LA="$LA lanes-cut.tar"
	fi
	if [ -n "$PY" ] && [ -s lanes.zip ]; then
		# stored: a changed byte is a bad CRC in the member hit
		bsdtar --format zip --options zip:compression=store \
		    -cf lanes-store.zip -C "$LT" . 2>/dev/null
		"$PY" -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
for at in (b"s70", b"s101", b"s130"):
    i = d.index(at)
    i = d.index(at, i + 1) if d.count(at) > 1 else i
    d[i + 60] ^= 0x55
open(sys.argv[2], "wb").write(bytes(d))' lanes-store.zip lanes-bad.zip &&
		    LA="$LA lanes-store.zip lanes-bad.zip"
	fi
	[ -s bad-stored.zip ] && LA="$LA bad-stored.zip"
fi
# small sparse members: holes copied as zeros, at the end too
if [ -n "$GNUTAR" ] && [ -n "$PY" ]; then
	mkdir "$T/lsparse" || exit 2
	"$PY" -c 'import sys
for name, parts, size in (("mid", ((0, b"start"), (300000, b"x")), 700000),
                          ("end", ((200000, b"middle"),), 1000000)):
    f = open(sys.argv[1] + "/" + name, "wb")
    for at, data in parts:
        f.seek(at)
        f.write(data)
    f.truncate(size)' "$T/lsparse"
	printf 'plain\n' >"$T/lsparse/plain"
	for fmt in gnu pax; do
		tar -S --format=$fmt -cf "lanes-sparse-$fmt.tar" -C "$T/lsparse" \
		    mid plain end 2>/dev/null && LA="$LA lanes-sparse-$fmt.tar"
	done
fi
[ -s trunc.tgz ] && LA="$LA trunc.tgz"

# lanes_cmp [-p] ARCHIVE ARG...: mdsum ARG... ARCHIVE (-p: the archive
# on a pipe) with MDSUM_CPU=$CPU (unset if empty): with and without
# --no-multibuffer, the same output, stdout and stderr together, and the
# same exit status; else a reason.
lanes_cmp()
{
	_pipe=
	if [ "$1" = -p ]; then
		_pipe=yes
		shift
	fi
	_a=$1
	shift
	for _mb in "" --no-multibuffer; do
		if [ -n "$_pipe" ]; then
			cat "$_a" | env ${CPU:+MDSUM_CPU=$CPU} \
			    ${CPU:+MDSUM_BACKEND=portable} "$M" $_mb "$@" - \
			    >"$T/l${_mb:-lanes}" 2>&1
		else
			env ${CPU:+MDSUM_CPU=$CPU} \
			    ${CPU:+MDSUM_BACKEND=portable} "$M" $_mb "$@" "$_a" \
			    >"$T/l${_mb:-lanes}" 2>&1
		fi
		echo "exit status $?" >>"$T/l${_mb:-lanes}"
	done
	cmp -s "$T/llanes" "$T/l--no-multibuffer" &&
	    [ "$(wc -l <"$T/llanes")" -gt 1 ] && return
	if [ -n "$_pipe" ]; then
		bad "cat $_a | mdsum $* - (MDSUM_CPU=${CPU:-}): not as with --no-multibuffer:"
	else
		bad "mdsum $* $_a (MDSUM_CPU=${CPU:-}): not as with --no-multibuffer:"
	fi
	bad "$(diff "$T/llanes" "$T/l--no-multibuffer" | head -n 6)"
}

if [ -z "$LA" ]; then
	for t in "-A" "-A -c"; do
		skip_tool "lanes: mdsum $t as with --no-multibuffer" \
		    "no archive could be made here"
	done
else
	# manifests: every member with an algorithm each, a changed digest
	# and a name not there; the links alone (their targets unnamed: a
	# second pass over a file)
	"$M" --no-multibuffer -A --tag -a md5,sha256,keccak256 lanes.pax \
	    2>/dev/null | sed '5s/= ./= 0/; 9s/= ./= f/' >"$T/lanes-all.sums"
	printf 'SHA256 (./not/there) = %s\n' "$(printf '%064d' 0)" \
	    >>"$T/lanes-all.sums"
	grep -e '(\./hl' -e '(\./sub/hl' -e '(\./sub/s7' "$T/lanes-all.sums" \
	    >"$T/lanes-links.sums"
	# Every archive with the default kernels; with a portable kernel
	# pinned (other lane counts, the same member code), the archives
	# whose members end early, fail or come back as links and holes.
	LA_PIN=
	for a in $LA; do
		case $a in
		lanes.newc | lanes-cut.* | lanes-bad.zip | lanes-sparse-gnu.tar | \
		    trunc.tgz)
			LA_PIN="$LA_PIN $a" ;;
		esac
	done
	# Under a sanitizer (make sanitize), one portable kernel: its other
	# lane count adds time, not accesses of another kind.
	PINS="sha256-portable-x4 md5-portable-x4"
	[ -n "${MDSUM_TEST_SANITIZER:-}" ] && PINS=sha256-portable-x4
	for CPU in "" $PINS; do
		ALL=$LA
		[ -z "$CPU" ] || ALL=$LA_PIN
		for algs in "" "-a md5,sha256,keccak256"; do
			what="${CPU:-MDSUM_CPU unset}${algs:+, $algs}"
			begin
			cmd="mdsum${algs:+ $algs} -A [--no-multibuffer] ARCHIVE"
			for a in $ALL; do
				lanes_cmp "$a" $algs -A
			done
			verdict "lanes, $what: -A as with --no-multibuffer"
			begin
			cmd="cat ARCHIVE | mdsum${algs:+ $algs} -A [--no-multibuffer] -"
			for a in $ALL; do
				lanes_cmp -p "$a" $algs -A
			done
			verdict "lanes, $what: -A from a pipe as with --no-multibuffer"
		done
		begin
		cmd="mdsum -A -c MANIFEST [--no-multibuffer] ARCHIVE"
		for a in $ALL; do
			lanes_cmp "$a" -A -c "$T/lanes-all.sums"
			lanes_cmp "$a" -A -c "$T/lanes-links.sums"
		done
		verdict "lanes, ${CPU:-MDSUM_CPU unset}: -A -c as with --no-multibuffer"
		begin
		cmd="cat ARCHIVE | mdsum -A -c MANIFEST [--no-multibuffer] -"
		for a in $ALL; do
			lanes_cmp -p "$a" -A -c "$T/lanes-all.sums"
			lanes_cmp -p "$a" -A -c "$T/lanes-links.sums"
		done
		verdict "lanes, ${CPU:-MDSUM_CPU unset}: -A -c from a pipe as with --no-multibuffer"
	done
	CPU=

	# the lines are right, not just alike: as over the extracted tree
	MDSUM_CPU=sha256-portable-x4 MDSUM_BACKEND=portable
	export MDSUM_CPU MDSUM_BACKEND
	roundtrip "lanes (sha256-portable-x4): mdsum -A = extracted tree" \
	    lanes.pax
	if [ -s lanes-sparse-gnu.tar ]; then
		(cd "$T/lsparse" && "$M" mid plain end) >"$T/lsparse.sums"
		run -A lanes-sparse-gnu.tar
		want_rc 0
		want_err ''
		same_as "$T/lsparse.sums"
		[ "$(wc -c <lanes-sparse-gnu.tar)" -lt 1000000 ] ||
		    bad "the archive was not made sparse"
		verdict "lanes (sha256-portable-x4): small sparse members"
	else
		skip_tool "lanes: small sparse members" "no GNU tar or python3"
	fi
	unset MDSUM_CPU MDSUM_BACKEND

	# --debug names the members hashed in lanes, and only those
	if [ -s lanes.pax ]; then
		begin
		quote env MDSUM_CPU=sha256-portable-x4 MDSUM_BACKEND=portable \
		    mdsum --debug -A lanes.pax
		MDSUM_CPU=sha256-portable-x4 MDSUM_BACKEND=portable "$M" \
		    --debug -A lanes.pax >"$T/out" 2>"$T/err"
		rc=$?
		want_rc 0
		want_err '~member ./sub/s63: sha256 in lanes (sha256-portable-x4, 4 lanes)'
		want_err '~member ./f1: sha256 in lanes'
		want_err '~member ./f1048576: sha256 in lanes'
		# not the empty, the too large, nor hard links
		sed -n 's/.*: member \(.*\): hard link to .*/\1/p' "$T/err" \
		    >"$T/links"
		[ -s "$T/links" ] || bad "no hard link in --debug's messages"
		for nm in ./f0 ./f1048577 ./hl0 ./sub/hlbig $(cat "$T/links"); do
			grep -F "member $nm: sha256 in lanes" "$T/err" \
			    >/dev/null && bad "$nm was hashed in lanes"
		done
		MDSUM_CPU=sha256-portable-x4 MDSUM_BACKEND=portable "$M" \
		    --no-multibuffer --debug -A lanes.pax 2>&1 >/dev/null |
		    grep ' in lanes ' >/dev/null &&
		    bad "--no-multibuffer: members in lanes"
		verdict "lanes: --debug says which members are hashed in lanes"
	else
		skip_tool "lanes: --debug" "no pax archive"
	fi
fi

# --- usage --------------------------------------------------------------

run -A --recursive t.tar
want_rc 1
want_err '+'
want_out ''
verdict "-A with -R is a usage error"
run -A -c
want_rc 1
want_err '+'
verdict "-A -c without a manifest is a usage error"

summary
