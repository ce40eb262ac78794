#!/bin/sh
# install.sh: make install into a temporary DESTDIR, checked: the list of
# installed files against the expected one, the installed commands run
# from there, each shared library exports exactly what its header
# declares (libmdsum.so mdsum.h, libmdsum-archive.so mdsum_archive.h),
# libmdsum needs neither libarchive nor zlib, the EXAMPLES program of
# libmdsum.3 builds against the installed header and library through
# pkg-config and prints the right digests, a program reading archives
# builds through pkg-config mdsum-archive, and make uninstall leaves
# nothing behind.  Then make dist, whose SHA256SUMS
# mdsum itself writes and checks.
#
# usage: sh tests/install.sh MAKE [VARIABLE=value ...]
#
# MAKE is the make program that runs the tests (make check passes its own,
# so GNU make and bmake are each tested); the variables (WITHOUT_OPENSSL
# and the like) are passed on to it.  Run from the top of the tree after
# make all.  Output as in cli_bsd.sh (tap.sh).

# shellcheck disable=SC2086 # $ex_flags splits on purpose
set -u
# the shared libraries' versions, as config.mk gives them
LIBV=$(sed -n 's/^LIB_VERSION =[[:space:]]*//p' config.mk)
LIBM=$(sed -n 's/^LIB_MAJOR =[[:space:]]*//p' config.mk)
ARV=$(sed -n 's/^ARCHIVE_LIB_VERSION =[[:space:]]*//p' config.mk)
ARM=$(sed -n 's/^ARCHIVE_LIB_MAJOR =[[:space:]]*//p' config.mk)

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

if [ $# -lt 1 ]; then
	echo "usage: sh tests/install.sh MAKE [VARIABLE=value ...]" >&2
	exit 2
fi
MAKE_CMD=$1
shift
# The example is compiled with the build's own CFLAGS and LDFLAGS (a
# sanitizer build needs its runtime linked in).
ex_flags=
for v in "$@"; do
	case $v in
	CFLAGS=*)	ex_flags="$ex_flags ${v#CFLAGS=}" ;;
	LDFLAGS=*)	ex_flags="$ex_flags ${v#LDFLAGS=}" ;;
	esac
done

LC_ALL=C
export LC_ALL
exec </dev/null
tmpdir install
D=$T/root
P=/usr/local

# Each verdict starts afresh.
verdict_done()
{
	why=
}

# installed DIR: every file and link under DIR, relative, sorted.
installed()
{
	(cd "$1" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort)
}

# expected [NAMES [MANS]]: the list make install should leave under $D,
# with NAMES (the *sum links, the rest of the BSD family) as commands with
# completions of their own names, and MANS (default: NAMES) with a manual
# of their own name; every function of libmdsum.3 has a link to it.
expected()
{
	{
		for name in mdsum md5 sha256 sha512h keccak256 ${1-}; do
			echo "usr/local/bin/$name"
			echo "usr/local/share/bash-completion/completions/$name"
			echo "usr/local/share/fish/vendor_completions.d/$name.fish"
		done
		for name in mdsum md5 sha256 sha512h keccak256 ${2-${1-}}; do
			echo "usr/local/share/man/man1/$name.1"
		done
		for name in $LIB_FUNCS; do
			echo "usr/local/share/man/man3/$name.3"
		done
		echo usr/local/include/mdsum.h
		echo usr/local/include/mdsum_archive.h
		for name in libmdsum.a libmdsum.so libmdsum.so.$LIBM \
		    libmdsum.so.$LIBV pkgconfig/mdsum.pc libmdsum-archive.a \
		    libmdsum-archive.so libmdsum-archive.so.$ARM \
		    libmdsum-archive.so.$ARV pkgconfig/mdsum-archive.pc; do
			echo "usr/local/lib/$name"
		done
		echo usr/local/share/man/man3/libmdsum.3
		echo usr/local/share/zsh/site-functions/_md5
		echo usr/local/share/zsh/site-functions/_mdsum
	} | sort
}

# The functions mdsum.h and mdsum_archive.h declare: each needs a man3
# page (a link).
LIB_FUNCS=$(cat lib/mdsum.h lib/mdsum_archive.h | grep -o 'mds_[a-z0-9_]*(' |
    tr -d '(' | sort -u)

# claims: each completion installed under $D$P registers exactly the
# commands installed beside it, no coreutils name that install did not
# create: the registration lines (zsh's #compdef, bash's complete -F,
# fish's "set -l names") against bin/, and, where the shell is here,
# what loading mdsum's and md5's files sets up.
claims()
{
	_z=$D$P/share/zsh/site-functions
	_b=$D$P/share/bash-completion/completions
	_f=$D$P/share/fish/vendor_completions.d
	(cd "$D$P/bin" && ls) | sort >"$T/cmds.want"
	{
		sed -n '1s/^#compdef //p' "$_z/_mdsum" "$_z/_md5"
		sed -n 's/^complete -F [_a-z]* //p' "$_b/mdsum" "$_b/md5"
		sed -n 's/^set -l names //p' "$_f/mdsum.fish" "$_f/md5.fish"
	} | tr ' ' '\n' | sed '/^$/d' | sort -u >"$T/cmds.got"
	cmp -s "$T/cmds.want" "$T/cmds.got" ||
	    bad "completions register $(comm -13 "$T/cmds.want" "$T/cmds.got" | tr '\n' ' ')and miss $(comm -23 "$T/cmds.want" "$T/cmds.got" | tr '\n' ' ')"
	if have bash; then
		# shellcheck disable=SC2016 # bash expands it
		bash -c '. "$1" && . "$2" && complete -p' sh "$_b/mdsum" \
		    "$_b/md5" 2>/dev/null |
		    sed -n 's/^complete -F _mdsum[_a-z]* //p' | sort >"$T/cmds.got"
		cmp -s "$T/cmds.want" "$T/cmds.got" ||
		    bad "bash: loaded, they register $(tr '\n' ' ' <"$T/cmds.got")"
	fi
	if have fish; then
		# the commands with any completion once both files are loaded
		# shellcheck disable=SC2016 # fish expands it
		fish -c 'source $argv[1]; source $argv[2]
		    for c in $argv[3..-1]; complete -c $c | string match -q "*" && echo $c; end' \
		    "$_f/mdsum.fish" "$_f/md5.fish" mdsum cksum b2sum md5sum \
		    sha1sum sha224sum sha256sum sha384sum sha512sum sha512hsum \
		    keccak256sum b3sum sum md5 sha1 sha224 sha256 sha384 sha512 \
		    sha512t224 sha512t256 sha512h keccak256 2>/dev/null |
		    sort >"$T/cmds.got"
		cmp -s "$T/cmds.want" "$T/cmds.got" ||
		    bad "fish: loaded, they set up $(tr '\n' ' ' <"$T/cmds.got")"
	fi
}

# --- install ------------------------------------------------------------

if ! $MAKE_CMD "$@" DESTDIR="$D" PREFIX=$P install >"$T/log" 2>&1; then
	bad "make install failed"
	bad "$(tail -5 "$T/log")"
fi
installed "$D" >"$T/got"
expected "" >"$T/want"
if ! cmp -s "$T/got" "$T/want"; then
	bad "installed files differ from the expected list (< got, > want):"
	bad "$(diff "$T/got" "$T/want" | grep '^[<>]' | head -20)"
fi
verdict "make install DESTDIR: exactly the expected files (no sha1 ... sha512t256 without WITH_BSD_LINKS)"
claims
verdict "the completions claim mdsum, md5, sha256, sha512h and keccak256 only, not md5sum, cksum or the other coreutils names"

for name in md5 sha256 sha512h keccak256; do
	l=$(readlink "$D$P/bin/$name")
	[ "$l" = mdsum ] || bad "bin/$name is not a link to mdsum (readlink: $l)"
	l=$(readlink "$D$P/share/man/man1/$name.1")
	[ "$name" = md5 ] || [ "$l" = md5.1 ] ||
	    bad "man1/$name.1 is not a link to md5.1 (readlink: $l)"
done
[ -L "$D$P/bin/mdsum" ] && bad "bin/mdsum is a link, not the program"
for name in $LIB_FUNCS; do
	l=$(readlink "$D$P/share/man/man3/$name.3")
	[ "$l" = libmdsum.3 ] ||
	    bad "man3/$name.3 is not a link to libmdsum.3 (readlink: $l)"
done
verdict "the BSD names and their manuals are links; man3 has a page for every function of mdsum.h and mdsum_archive.h"

for f in include/mdsum.h lib/libmdsum.a lib/pkgconfig/mdsum.pc \
    include/mdsum_archive.h lib/libmdsum-archive.a \
    lib/pkgconfig/mdsum-archive.pc share/man/man1/mdsum.1 \
    share/man/man3/libmdsum.3; do
	m=$(ls -l "$D$P/$f" | cut -c1-10)
	[ "$m" = "-rw-r--r--" ] || bad "$f: mode $m, not -rw-r--r--"
done
for f in bin/mdsum lib/libmdsum.so.$LIBV lib/libmdsum-archive.so.$ARV; do
	m=$(ls -l "$D$P/$f" | cut -c1-10)
	[ "$m" = "-rwxr-xr-x" ] || bad "$f: mode $m, not -rwxr-xr-x"
done
verdict "installed modes: 644 data, 755 programs and the shared library"

# --- the installed commands ---------------------------------------------

out=$("$D$P/bin/sha256" -s abc 2>&1)
[ "$out" = 'SHA256 ("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' ] ||
    bad "sha256 -s abc: $out"
out=$(printf '' | "$D$P/bin/keccak256" 2>&1)
[ "$out" = c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 ] ||
    bad "keccak256 < /dev/null: $out"
out=$("$D$P/bin/sha512h" -q -s abc 2>&1)
[ "$out" = ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a ] ||
    bad "sha512h -q -s abc: $out"
printf abc >"$T/abc"
(cd "$T" && "$D$P/bin/mdsum" -a md5 abc >"$T/sums" 2>&1) ||
    bad "mdsum -a md5 abc failed: $(cat "$T/sums")"
[ "$(cat "$T/sums")" = "MD5 (abc) = 900150983cd24fb0d6963f7d28e17f72" ] ||
    bad "mdsum -a md5 abc: $(cat "$T/sums")"
out=$(cd "$T" && "$D$P/bin/mdsum" -c sums 2>&1) || bad "mdsum -c: $out"
[ "$out" = "abc: OK" ] || bad "mdsum -c sums: $out"
verdict "the installed md5, sha256, sha512h, keccak256 and mdsum run"

# --- the shared library -------------------------------------------------

# check_lib NAME MAJOR VERSION HEADER: the installed NAME.so.VERSION has
# the soname NAME.so.MAJOR, the links, and exports the functions of HEADER.
check_lib()
{
	so=$D$P/lib/$1.so.$3
	if have readelf; then
		soname=$(readelf -d "$so" |
		    sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
		[ "$soname" = "$1.so.$2" ] || bad "$1: soname: '$soname'"
		[ "$(readlink "$D$P/lib/$1.so.$2")" = "$1.so.$3" ] ||
		    bad "$1.so.$2 does not link to $1.so.$3"
		[ "$(readlink "$D$P/lib/$1.so")" = "$1.so.$2" ] ||
		    bad "$1.so does not link to $1.so.$2"
		verdict "$1.so.$3 has the soname $1.so.$2"
	else
		skip_tool "$1.so.$3 has the soname $1.so.$2" "no readelf"
	fi

	if have nm; then
		nm -D --defined-only "$so" |
		    awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' |
		    sort >"$T/exported"
		grep -o 'mds_[a-z0-9_]*(' "$D$P/include/$4" | tr -d '(' |
		    sort -u >"$T/declared"
		if ! cmp -s "$T/exported" "$T/declared"; then
			bad "exported functions differ from $4 (< exported, > declared):"
			bad "$(diff "$T/exported" "$T/declared" | grep '^[<>]')"
		fi
		verdict "$1.so exports exactly the functions of $4"
	else
		skip_tool "$1.so exports exactly the functions of $4" "no nm"
	fi
}
check_lib libmdsum "$LIBM" "$LIBV" mdsum.h
check_lib libmdsum-archive "$ARM" "$ARV" mdsum_archive.h

# A program that only hashes does not load libarchive or zlib.
if have readelf; then
	needed=$(readelf -d "$D$P/lib/libmdsum.so.$LIBV" |
	    sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p' | tr '\n' ' ')
	case " $needed" in
	*" libarchive."* | *" libz."*)
		bad "libmdsum.so needs: $needed" ;;
	esac
	needed=$(readelf -d "$D$P/lib/libmdsum-archive.so.$ARV" |
	    sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p' | tr '\n' ' ')
	case " $needed" in
	*" libmdsum.so.$LIBM "*) ;;
	*)	bad "libmdsum-archive.so does not need libmdsum.so.$LIBM: $needed" ;;
	esac
	verdict "libmdsum.so needs neither libarchive nor zlib; libmdsum-archive.so needs libmdsum.so.$LIBM"
else
	skip_tool "libmdsum.so needs neither libarchive nor zlib" "no readelf"
fi

# --- the EXAMPLES program of libmdsum.3 ---------------------------------

# The one literal display of EXAMPLES, with mandoc's \e made a backslash.
sed -n '/^\.Sh EXAMPLES/,/^\.Sh /p' "$D$P/share/man/man3/libmdsum.3" |
    sed -n '/^\.Bd -literal/,/^\.Ed/p' | sed '1d;$d' |
    sed -e 's/\\e/\\/g' -e 's/\\&//g' >"$T/example.c"
export PKG_CONFIG_PATH="$D$P/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$D"

# pc_build PACKAGE SOURCE PROGRAM PATTERN: PROGRAM compiled from SOURCE
# with the flags pkg-config gives for PACKAGE, which must match the case
# pattern PATTERN; fails (after bad) if pkg-config does not know PACKAGE.
pc_build()
{
	if ! flags=$(pkg-config --cflags --libs "$1" 2>&1); then
		bad "pkg-config --cflags --libs $1: $flags"
		return 1
	fi
	# shellcheck disable=SC2254 # the pattern is the caller's
	case $flags in
	$4) ;;
	*)	bad "pkg-config $1 gives '$flags'" ;;
	esac
	# shellcheck disable=SC2086 # flags are words
	${CC:-cc} -std=c99 -Wall -Wextra -Werror $ex_flags -o "$3" "$2" \
	    $flags >"$T/cc.log" 2>&1 || bad "cc failed: $(head -10 "$T/cc.log")"
	return 0
}

if ! have pkg-config; then
	skip_tool "the libmdsum.3 example builds with pkg-config" \
	    "no pkg-config"
elif ! pc_build mdsum "$T/example.c" "$T/example" \
    "*-I$D$P/include*-L$D$P/lib*-lmdsum*"; then
	verdict "the libmdsum.3 example builds with pkg-config"
else
	verdict "the libmdsum.3 example builds with pkg-config (shared)"

	LD_LIBRARY_PATH="$D$P/lib" "$T/example" "$T/abc" >"$T/ex.out" 2>&1 ||
	    bad "the example failed: $(cat "$T/ex.out")"
	for want in \
	    "sha512h ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a" \
	    "keccak256 c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470" \
	    "sha256 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; do
		grep -qx "$want" "$T/ex.out" || bad "no line '$want'"
	done
	n_abc=$(grep -c ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad "$T/ex.out")
	[ "$n_abc" -ge 2 ] || bad "the file's sha256 is not printed"
	if have ldd; then
		LD_LIBRARY_PATH="$D$P/lib" ldd "$T/example" >"$T/ldd"
		grep -q "libmdsum.so.$LIBM => $D$P/lib/libmdsum.so.$LIBM" \
		    "$T/ldd" ||
		    bad "the example does not use the installed libmdsum.so.$LIBM"
		! grep -E "libarchive|libz[.]" "$T/ldd" ||
		    bad "the example loads libarchive or zlib"
	fi
	[ -z "$why" ] || bad "output: $(cat "$T/ex.out")"
	verdict "the libmdsum.3 example prints the documented digests"

	# shellcheck disable=SC2046 # flags are words
	if ${CC:-cc} -std=c99 $ex_flags -o "$T/example-static" "$T/example.c" \
	    $(pkg-config --cflags mdsum) "$D$P/lib/libmdsum.a" \
	    $(pkg-config --libs-only-other --libs-only-l --static mdsum |
	    sed 's/-lmdsum//') >"$T/cc.log" 2>&1; then
		out=$("$T/example-static" 2>&1)
		echo "$out" | grep -q "^sha256 ba7816bf" ||
		    bad "the static example printed: $out"
	else
		bad "static link with pkg-config --static failed: $(head -5 "$T/cc.log")"
	fi
	verdict "the libmdsum.3 example links statically with Libs.private"

	for how in "" --static; do
		l=$(pkg-config --libs $how mdsum)
		case " $l " in
		*" -larchive "* | *" -lz "*)
			bad "pkg-config --libs $how mdsum: $l" ;;
		esac
	done
	verdict "pkg-config --libs [--static] mdsum names neither libarchive nor zlib"
fi

# --- a program reading archives: pkg-config mdsum-archive ---------------

# The sha256 of each regular member of an archive, through mdsum_archive.h.
cat >"$T/members.c" <<'END'
#include <err.h>
#include <fcntl.h>
#include <stdio.h>

#include <mdsum_archive.h>

int
main(int argc, char *argv[])
{
	const struct mds_alg *alg;
	struct mds_archive *ar;
	struct mds_member m;
	unsigned char md[MDS_MAX_DIGEST];
	char hex[2 * MDS_MAX_DIGEST + 1];
	mds_ctx ctx;
	int fd, r;

	if (argc != 2)
		errx(1, "usage: %s archive", argv[0]);
	if ((fd = open(argv[1], O_RDONLY)) == -1)
		err(1, "%s", argv[1]);
	if ((alg = mds_alg_find("sha256")) == NULL)
		errx(1, "no sha256");
	if ((ar = mds_archive_open_fd(fd)) == NULL)
		err(1, "mds_archive_open_fd");
	while ((r = mds_archive_next(ar, &m)) != 0) {
		if (r == -1)
			errx(1, "%s", mds_archive_error(ar));
		if (m.type != MDS_MEMBER_FILE)
			continue;
		if (mds_init(&ctx, alg) == -1)
			err(1, "mds_init");
		if (mds_archive_update(ar, &ctx, 1) == -1)
			errx(1, "%s: %s", m.path, mds_archive_error(ar));
		if (mds_final(&ctx, md) == -1)
			err(1, "mds_final");
		printf("%s %s\n", mds_hex(md, mds_alg_digest_len(alg), hex),
		    m.path);
	}
	if (mds_archive_close(ar) == -1)
		errx(1, "mds_archive_close");
	return 0;
}
END
(cd "$T" && tar -cf members.tar abc) || bad "tar -cf failed"
want="ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad abc"
if ! have pkg-config; then
	skip_tool "a program reading archives builds with pkg-config mdsum-archive" \
	    "no pkg-config"
elif ! pc_build mdsum-archive "$T/members.c" "$T/members" \
    "*-I$D$P/include*-lmdsum-archive*-lmdsum*"; then
	verdict "a program reading archives builds with pkg-config mdsum-archive"
else
	out=$(LD_LIBRARY_PATH="$D$P/lib" "$T/members" "$T/members.tar" 2>&1)
	[ "$out" = "$want" ] || bad "the archive program printed: $out"
	if have ldd; then
		LD_LIBRARY_PATH="$D$P/lib" ldd "$T/members" >"$T/ldd"
		for l in libmdsum-archive.so.$ARM libmdsum.so.$LIBM; do
			grep -q "$l => $D$P/lib/$l" "$T/ldd" ||
			    bad "the archive program does not use the installed $l"
		done
	fi
	verdict "a program reading archives builds with pkg-config mdsum-archive (shared) and runs"

	# shellcheck disable=SC2046 # flags are words
	if ${CC:-cc} -std=c99 $ex_flags -o "$T/members-static" \
	    "$T/members.c" $(pkg-config --cflags mdsum-archive) \
	    "$D$P/lib/libmdsum-archive.a" "$D$P/lib/libmdsum.a" \
	    $(pkg-config --libs-only-other --libs-only-l --static \
	    mdsum-archive | sed 's/-lmdsum-archive//; s/-lmdsum//') \
	    >"$T/cc.log" 2>&1; then
		out=$("$T/members-static" "$T/members.tar" 2>&1)
		[ "$out" = "$want" ] ||
		    bad "the static archive program printed: $out"
	else
		bad "static link with pkg-config --static mdsum-archive failed: $(head -5 "$T/cc.log")"
	fi
	verdict "a program reading archives links statically with Libs.private"
fi

# --- WITH_SUM_LINKS and uninstall ---------------------------------------

if ! $MAKE_CMD "$@" DESTDIR="$D" PREFIX=$P WITH_SUM_LINKS=yes install \
    >"$T/log" 2>&1; then
	bad "make install WITH_SUM_LINKS=yes failed: $(tail -5 "$T/log")"
fi
installed "$D" >"$T/got"
SUM_ALL="md5sum sha256sum sha512hsum keccak256sum cksum b2sum sha1sum sha224sum sha384sum sha512sum b3sum sum"
# Manuals only under names coreutils (or b3sum) has no page of its own for.
expected "$SUM_ALL" "sha512hsum keccak256sum" >"$T/want"
if ! cmp -s "$T/got" "$T/want"; then
	bad "installed files differ (< got, > want):"
	bad "$(diff "$T/got" "$T/want" | grep '^[<>]' | head -20)"
fi
out=$("$D$P/bin/sha256sum" "$T/abc" 2>&1)
[ "$out" = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  $T/abc" ] ||
    bad "installed sha256sum: $out"
out=$("$D$P/bin/sha224sum" "$T/abc" 2>&1)
[ "$out" = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  $T/abc" ] ||
    bad "installed sha224sum: $out"
out=$("$D$P/bin/cksum" -a md5 "$T/abc" 2>&1)
[ "$out" = "MD5 ($T/abc) = 900150983cd24fb0d6963f7d28e17f72" ] ||
    bad "installed cksum -a md5: $out"
out=$("$D$P/bin/b2sum" -l 256 "$T/abc" 2>&1)
[ "$out" = "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319  $T/abc" ] ||
    bad "installed b2sum -l 256: $out"
out=$("$D$P/bin/b3sum" "$T/abc" 2>&1)
[ "$out" = "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85  $T/abc" ] ||
    bad "installed b3sum: $out"
out=$("$D$P/bin/sum" -s "$T/abc" 2>&1)
[ "$out" = "294 1 $T/abc" ] || bad "installed sum -s: $out"
verdict "WITH_SUM_LINKS=yes adds md5sum, sha256sum, sha512hsum, keccak256sum, cksum, b2sum, sha1sum, sha224sum, sha384sum, sha512sum, b3sum, sum, without manuals that hide coreutils' and b3sum's pages"
claims
verdict "WITH_SUM_LINKS=yes: the completions claim the *sum links too"

if ! $MAKE_CMD "$@" DESTDIR="$D" PREFIX=$P WITH_SUM_LINKS=yes \
    WITH_SUM_MANPAGES=yes install >"$T/log" 2>&1; then
	bad "make install WITH_SUM_MANPAGES=yes failed: $(tail -5 "$T/log")"
fi
installed "$D" >"$T/got"
expected "$SUM_ALL" >"$T/want"
if ! cmp -s "$T/got" "$T/want"; then
	bad "installed files differ (< got, > want):"
	bad "$(diff "$T/got" "$T/want" | grep '^[<>]' | head -20)"
fi
for name in $SUM_ALL; do
	l=$(readlink "$D$P/share/man/man1/$name.1")
	[ "$l" = mdsum.1 ] ||
	    bad "man1/$name.1 is not a link to mdsum.1 (readlink: $l)"
done
verdict "WITH_SUM_MANPAGES=yes adds md5sum.1, cksum.1, b3sum.1, sum.1, ... as links to mdsum.1"

BSD_MORE="sha1 sha224 sha384 sha512 sha512t224 sha512t256"
if ! $MAKE_CMD "$@" DESTDIR="$D" PREFIX=$P WITH_SUM_LINKS=yes \
    WITH_SUM_MANPAGES=yes WITH_BSD_LINKS=yes install >"$T/log" 2>&1; then
	bad "make install WITH_BSD_LINKS=yes failed: $(tail -5 "$T/log")"
fi
installed "$D" >"$T/got"
expected "$SUM_ALL $BSD_MORE" >"$T/want"
if ! cmp -s "$T/got" "$T/want"; then
	bad "installed files differ (< got, > want):"
	bad "$(diff "$T/got" "$T/want" | grep '^[<>]' | head -20)"
fi
for name in $BSD_MORE; do
	l=$(readlink "$D$P/bin/$name")
	[ "$l" = mdsum ] || bad "bin/$name is not a link to mdsum (readlink: $l)"
	l=$(readlink "$D$P/share/man/man1/$name.1")
	[ "$l" = md5.1 ] ||
	    bad "man1/$name.1 is not a link to md5.1 (readlink: $l)"
	l=$(readlink "$D$P/share/bash-completion/completions/$name")
	[ "$l" = md5 ] || bad "bash completion $name is not a link to md5 ($l)"
	l=$(readlink "$D$P/share/fish/vendor_completions.d/$name.fish")
	[ "$l" = md5.fish ] ||
	    bad "fish completion $name.fish is not a link to md5.fish ($l)"
done
out=$("$D$P/bin/sha512t224" -s abc 2>&1)
[ "$out" = 'SHA512t224 ("abc") = 4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa' ] ||
    bad "installed sha512t224 -s abc: $out"
out=$("$D$P/bin/sha1" -r "$T/abc" 2>&1)
[ "$out" = "a9993e364706816aba3e25717850c26c9cd0d89d $T/abc" ] ||
    bad "installed sha1 -r: $out"
verdict "WITH_BSD_LINKS=yes adds $BSD_MORE, manuals and completions as links"
claims
verdict "WITH_BSD_LINKS=yes: the completions claim $BSD_MORE too"

if ! $MAKE_CMD "$@" DESTDIR="$D" PREFIX=$P uninstall >"$T/log" 2>&1; then
	bad "make uninstall failed: $(tail -5 "$T/log")"
fi
left=$(cd "$D" 2>/dev/null && find . -mindepth 1 | head -10)
[ -z "$left" ] || bad "left behind: $left"
verdict "make uninstall leaves nothing behind"

# --- zsh, as the system's zsh finds it ------------------------------------
# PREFIX=/usr installed, then an interactive zsh (in a pty, zsh/zpty)
# whose $fpath is the system's default one with each directory of it
# that the install filled put first ($Z prepended): compinit must find
# _mdsum for mdsum and leave cksum and md5sum to zsh's own functions,
# and "mdsum -a <TAB>" and "mdsum -x -a <TAB>" must offer the algorithms
# (-x takes -a).  compadd is wrapped to write the matches it is given to
# $T/zsh.out.

Z=$T/zroot
ZSH_WHAT="PREFIX=/usr: zsh with its default \$fpath completes mdsum -a and mdsum -x -a and leaves cksum and md5sum to zsh's own"
if ! have zsh; then
	skip_tool "$ZSH_WHAT" "zsh not installed"
elif ! $MAKE_CMD "$@" DESTDIR="$Z" PREFIX=/usr install >"$T/log" 2>&1; then
	bad "make install PREFIX=/usr failed: $(tail -5 "$T/log")"
	verdict "$ZSH_WHAT"
else
	mkdir "$T/zdot"
	cat >"$T/zdot/.zshrc" <<'EOF'
typeset -a installed
for d in $fpath; do [[ -d $Z$d ]] && installed+=($Z$d); done
fpath=($installed $fpath)
autoload -Uz compinit && compinit -u -D
print -r -- "comps mdsum=$_comps[mdsum] md5=$_comps[md5] cksum=$_comps[cksum] md5sum=$_comps[md5sum] sha1=$_comps[sha1]" >>$OUT
compadd() {
	local -a m
	builtin compadd -O m "$@"
	(( $#m )) && print -rl -- $m >>$OUT
	builtin compadd "$@"
}
PS1='> '
EOF
	cat >"$T/drive.zsh" <<'EOF'
zmodload zsh/zpty || exit 1
# await PATTERN: until $OUT has a line PATTERN matches, 20 s at most
await() {
	local i=0
	while (( i++ < 200 )); do
		[[ -f $OUT ]] && grep -q -- "$1" $OUT && return 0
		zpty -r -t z junk 2>/dev/null
		sleep 0.1
	done
	print -u2 "no line matching $1"
	return 1
}
zpty z env ZDOTDIR=$ZDOTDIR Z=$Z OUT=$OUT zsh -i || exit 1
await '^comps ' && zpty -w -n z $'mdsum -a \t' && await '^blake3$' &&
    mv $OUT $OUT.a &&
    zpty -w -n z $'\C-umdsum -x -a \t' && await '^blake3$'
s=$?
[[ -f $OUT ]] && mv $OUT $OUT.xa
[[ -f $OUT.a ]] && mv $OUT.a $OUT
zpty -d z
exit $s
EOF
	ZDOTDIR=$T/zdot Z=$Z OUT=$T/zsh.out zsh -f "$T/drive.zsh" \
	    2>"$T/zsh.err" || bad "zsh: $(head -n 3 "$T/zsh.err")"
	line=$(grep '^comps ' "$T/zsh.out" 2>/dev/null)
	# sha1 is zsh's own or nobody's, never _md5 (no WITH_BSD_LINKS)
	case $line in
	*sha1=_md5) false ;;
	"comps mdsum=_mdsum md5=_md5 cksum=_cksum md5sum=_md5sum sha1="*) ;;
	*) false ;;
	esac ||
	    bad "compinit: $line (want mdsum=_mdsum md5=_md5 cksum=_cksum md5sum=_md5sum, sha1 not _md5)"
	for a in md5 sha256 sha512h keccak256 blake3 crc32b; do
		grep -qx "$a" "$T/zsh.out" 2>/dev/null ||
		    bad "mdsum -a <TAB> does not offer $a"
		grep -qx "$a" "$T/zsh.out.xa" 2>/dev/null ||
		    bad "mdsum -x -a <TAB> does not offer $a"
	done
	verdict "$ZSH_WHAT"
fi

# --- flags as distributions pass them ------------------------------------

# In a copy of the sources without objects, so that make -n prints every
# command: the CPPFLAGS and LDFLAGS given (as dpkg-buildflags gives them)
# must reach every compilation and every link.
mkdir "$T/src"
tar -cf - Makefile config.mk lib bin tests man completions 2>/dev/null |
    (cd "$T/src" && tar -xf -)
(cd "$T/src" && $MAKE_CMD "$@" clean >/dev/null 2>&1)
if ! (cd "$T/src" && $MAKE_CMD -n "$@" CPPFLAGS=-DMDS_DIST_PROBE \
    LDFLAGS=-Wl,-z,relro all tests/run) >"$T/cmds0" 2>&1; then
	bad "make -n CPPFLAGS=... LDFLAGS=... failed: $(tail -3 "$T/cmds0")"
fi
# one command a line: continuation lines joined
sed -e ':a' -e '/\\$/N' -e 's/\\\n//' -e 'ta' "$T/cmds0" >"$T/cmds"
ncc=$(grep -c -- ' -c ' "$T/cmds")
[ "$ncc" -gt 20 ] || bad "only $ncc compilations in make -n's output"
missing=$(grep -- ' -c ' "$T/cmds" | grep -v -- -DMDS_DIST_PROBE | head -3)
[ -z "$missing" ] || bad "CPPFLAGS left out of: $missing"
link='-o (bin/mdsum|tests/run|lib/libmdsum[.]so[.0-9]*) '
nld=$(grep -cE -- "$link" "$T/cmds")
[ "$nld" -ge 3 ] || bad "only $nld links in make -n's output"
missing=$(grep -E -- "$link" "$T/cmds" |
    grep -v -- -Wl,-z,relro | head -3)
[ -z "$missing" ] || bad "LDFLAGS left out of: $missing"
verdict "CPPFLAGS reach every compilation and LDFLAGS every link ($MAKE_CMD)"

# --- make dist ----------------------------------------------------------

if ! have git || ! git rev-parse --git-dir >/dev/null 2>&1; then
	skip "make dist: a tarball and a SHA256SUMS that mdsum -c accepts" \
	    "not a git checkout"
else
	if ! $MAKE_CMD "$@" dist >"$T/log" 2>&1; then
		bad "make dist failed: $(tail -5 "$T/log")"
	fi
	v=$(sed -n 's/^VERSION =[	 ]*//p' config.mk)
	tgz=dist/mdsum-$v.tar.gz
	[ -f "$tgz" ] || bad "no $tgz"
	[ "$(cat dist/SHA256SUMS 2>/dev/null)" = \
	    "$(cd dist && sha256sum --tag "${tgz#dist/}")" ] ||
	    bad "SHA256SUMS: $(cat dist/SHA256SUMS 2>/dev/null)"
	out=$(cd dist && ../bin/mdsum -c SHA256SUMS 2>&1) ||
	    bad "mdsum -c SHA256SUMS: $out"
	tar -tzf "$tgz" >"$T/list" 2>&1 || bad "tar -tzf: $(head -3 "$T/list")"
	grep -qx "mdsum-$v/Makefile" "$T/list" || bad "no mdsum-$v/Makefile in $tgz"
	for f in lib/mdsum.h lib/mdsum_archive.h lib/mdsum-archive.pc.in \
	    lib/libmdsum-archive.map; do
		grep -qx "mdsum-$v/$f" "$T/list" || bad "no $f in $tgz"
	done
	rm -rf dist
	verdict "make dist: a tarball and a SHA256SUMS that mdsum -c accepts"
fi

summary
