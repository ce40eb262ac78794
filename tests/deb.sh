#!/bin/sh
# deb.sh: the Debian packages of debian/, built from the committed tree
# (git archive HEAD) in a scratch directory, so that the work tree stays
# as it is, and checked:
#  - the source package (3.0 (quilt), git archive's tarball as the
#    upstream one) and the binary packages, built twice: as they are
#    (dpkg-buildpackage -us -uc -b) and as the base-system variant
#    (DEB_BUILD_PROFILES=pkg.mdsum.noopenssl); lintian --fail-on
#    error,warning on the source and on each build's .changes;
#  - each package's files, and none of coreutils' or FreeBSD's other
#    names; the program and the shared libraries PIE (the program),
#    RELRO, BIND_NOW and fortified, as dpkg-buildflags asks; libcrypto
#    needed by the first build and by nothing of the second;
#  - the self-tests of the tools (md5 -x ...) of each build, run from
#    the extracted package;
#  - as root: the first build's packages installed with dpkg -i, the
#    installed commands, pkg-config and a program built against the
#    installed libraries run, then dpkg --purge, and nothing of theirs
#    left behind.  Not as root, or where mdsum's packages or files are
#    already installed, that part is skipped: the system is left as it
#    was found.
#
# usage: sh tests/deb.sh
#
# Run from the top of a git checkout: what is tested is its HEAD.  The
# first build runs the package's own tests (debian/rules'
# override_dh_auto_test: the library suites without the >4 GiB ones and
# three command-line scripts, about two minutes) unless DEB_BUILD_OPTIONS
# holds nocheck; the base-system build adds nocheck (CI runs the library
# suites on that variant on its own).  DEB_BUILD_OPTIONS defaults to
# parallel=2; CI sets "nocheck parallel=2", since it runs make check in
# full elsewhere, so the package's own tests run in a local build
# (sh tests/deb.sh, or dpkg-buildpackage -us -uc -b).  Needs dpkg-dev, debhelper, lintian, git and the build
# dependencies of debian/control.  Output as in cli_bsd.sh (tap.sh).

set -u
# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

if [ $# -ne 0 ]; then
	echo "usage: sh tests/deb.sh" >&2
	exit 2
fi
LC_ALL=C
export LC_ALL
exec </dev/null
tmpdir deb
V=$(sed -n 's/^VERSION =[[:space:]]*//p' config.mk)
LIBV=$(sed -n 's/^LIB_VERSION =[[:space:]]*//p' config.mk)
LIBM=$(sed -n 's/^LIB_MAJOR =[[:space:]]*//p' config.mk)
ARV=$(sed -n 's/^ARCHIVE_LIB_VERSION =[[:space:]]*//p' config.mk)
ARM=$(sed -n 's/^ARCHIVE_LIB_MAJOR =[[:space:]]*//p' config.mk)
PKGS="mdsum libmdsum$LIBM libmdsum-archive$ARM libmdsum-dev"
OPTS=${DEB_BUILD_OPTIONS-parallel=2}

# Each verdict starts afresh.
verdict_done()
{
	why=
}

# The packages this script installed are purged at exit, whatever
# happened in between.
installed=
# shellcheck disable=SC2317 # called by the trap
cleanup()
{
	if [ -n "$installed" ]; then
		# shellcheck disable=SC2086 # package names are words
		dpkg_wait --purge $PKGS >/dev/null 2>&1
	fi
	cd /
	rm -rf "$T"
}
trap cleanup EXIT

# dpkg_wait ARG...: dpkg ARG..., tried again for up to five minutes while
# another dpkg or apt holds the lock; its output in $T/dpkg.log.
dpkg_wait()
{
	_i=0
	while ! dpkg "$@" >"$T/dpkg.log" 2>&1; do
		grep -q 'lock' "$T/dpkg.log" || return 1
		_i=$((_i + 1))
		[ $_i -lt 60 ] || return 1
		sleep 5
	done
}

# tail_of FILE: its last lines, for a reason.
tail_of()
{
	tail -n 15 "$1"
}

# --- the packaging and the tools ------------------------------------------

for f in control rules changelog copyright source/format \
    libmdsum$LIBM.symbols libmdsum-archive$ARM.symbols; do
	[ -f "debian/$f" ] || bad "no debian/$f"
done
if [ -f debian/control ]; then
	for p in $PKGS; do
		grep -qx "Package: $p" debian/control ||
		    bad "debian/control has no package $p"
	done
fi
verdict "debian/ has a package per soname (libmdsum$LIBM, libmdsum-archive$ARM), mdsum and libmdsum-dev"

# The scripts dh_auto_test runs are there (a build with nocheck, as CI
# makes, would not notice).
scripts=$(sed -n 's/.*CHECK_SCRIPTS="\([^"]*\)".*/\1/p' debian/rules 2>/dev/null)
[ -n "$scripts" ] || bad "debian/rules names no CHECK_SCRIPTS"
for f in $scripts; do
	[ -f "tests/$f" ] || bad "debian/rules runs tests/$f, which is not there"
done
verdict "debian/rules' dh_auto_test runs scripts of tests/:${scripts:+ $scripts}"
[ $nfail -eq 0 ] || summary

missing=
for t in git dpkg-buildpackage dpkg-source dh lintian readelf nm; do
	have $t || missing="$missing $t"
done
if [ -n "$missing" ]; then
	skip_tool "the packages build" "not installed:$missing"
	summary
fi
if ! git rev-parse --verify -q HEAD >/dev/null; then
	bad "not a git checkout: the packages are built from git archive HEAD"
	verdict "the packages build"
	summary
fi

dv=$(dpkg-parsechangelog -S Version 2>&1)
[ "${dv%-*}" = "$V" ] ||
    bad "debian/changelog's version $dv is not config.mk's $V with a revision"
[ "$(dpkg-parsechangelog -S Distribution 2>&1)" = unstable ] ||
    bad "debian/changelog's distribution is not unstable"
verdict "debian/changelog: version $V-N (config.mk's VERSION), unstable"

MA=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
ARCH=$(dpkg-architecture -qDEB_HOST_ARCH)

# --- the source package -----------------------------------------------------

mkdir "$T/src"
# the upstream tarball without debian/, which the Debian one adds
git archive --format=tar --prefix="mdsum-$V/" HEAD ':(exclude)debian' |
    gzip -9n >"$T/src/mdsum_$V.orig.tar.gz"
git archive --format=tar --prefix="mdsum-$V/" HEAD >"$T/tree.tar"
(cd "$T/src" && tar -xf "$T/tree.tar")
if ! (cd "$T/src" && dpkg-source -b "mdsum-$V") >"$T/source.log" 2>&1; then
	bad "dpkg-source -b failed: $(tail_of "$T/source.log")"
elif ! lintian --fail-on error,warning "$T/src/mdsum_$dv.dsc" \
    >"$T/lintian.log" 2>&1; then
	bad "lintian on the .dsc: $(tail_of "$T/lintian.log")"
fi
verdict "the source package builds (git archive as the upstream tarball) and lintian finds no error or warning"

# --- the two builds ---------------------------------------------------------

# build NAME PROFILES OPTIONS: the binary packages of a fresh copy of the
# tree in $T/NAME/, with DEB_BUILD_PROFILES and DEB_BUILD_OPTIONS set so.
build()
{
	mkdir "$T/$1"
	tar -xf "$T/tree.tar" -C "$T/$1"
	_s=$(date +%s)
	if ! (cd "$T/$1/mdsum-$V" && DEB_BUILD_PROFILES=$2 \
	    DEB_BUILD_OPTIONS=$3 dpkg-buildpackage -us -uc -b) \
	    >"$T/$1.log" 2>&1; then
		bad "dpkg-buildpackage failed: $(tail_of "$T/$1.log")"
	fi
	echo "# $1 build (DEB_BUILD_OPTIONS=\"$3\"): $(($(date +%s) - _s)) s"
	# what dh_auto_test ran, if it did
	grep '^tests/run: \|^# seconds per script' "$T/$1.log" |
	    sed 's/^\([^#]\)/# \1/'
	for p in $PKGS; do
		f=$T/$1/${p}_${dv}_$ARCH.deb
		if [ -f "$f" ]; then
			mkdir -p "$T/$1/x/$p"
			dpkg-deb -x "$f" "$T/$1/x/$p"
			dpkg-deb --fsys-tarfile "$f" | tar -tf - |
			    sed 's|^\./|/|' >"$T/$1/$p.list"
		else
			bad "no ${f##*/}"
		fi
	done
}

# lint NAME: lintian --fail-on error,warning on the build's .changes.
lint()
{
	if ! lintian --fail-on error,warning \
	    "$T/$1/mdsum_${dv}_$ARCH.changes" >"$T/lintian.log" 2>&1; then
		bad "lintian: $(tail_of "$T/lintian.log")"
	fi
}

# needed FILE: the NEEDED entries of FILE, on one line.
needed()
{
	readelf -dW "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p' | tr '\n' ' '
}

# hardened NAME: the program and the shared libraries of the build are
# RELRO and BIND_NOW, the program PIE and fortified.
hardened()
{
	x=$T/$1/x
	for f in "$x/mdsum/usr/bin/mdsum" \
	    "$x/libmdsum$LIBM/usr/lib/$MA/libmdsum.so.$LIBV" \
	    "$x/libmdsum-archive$ARM/usr/lib/$MA/libmdsum-archive.so.$ARV"; do
		[ -f "$f" ] || { bad "no ${f#"$x"/}"; continue; }
		readelf -lW "$f" | grep -q GNU_RELRO ||
		    bad "${f##*/}: no GNU_RELRO segment"
		readelf -dW "$f" | grep -q 'FLAGS.*BIND_NOW' ||
		    bad "${f##*/}: not BIND_NOW"
	done
	f=$x/mdsum/usr/bin/mdsum
	[ -f "$f" ] || return 0
	readelf -hW "$f" | grep -q 'Type:.*DYN' || bad "mdsum: not PIE"
	readelf -dW "$f" | grep -q 'FLAGS_1.*PIE' || bad "mdsum: no PIE flag"
	nm -D "$f" | grep -q '_chk@' ||
	    bad "mdsum: no fortified (_chk) function"
}

# self_test NAME: the tools of the extracted package run their known
# answers, and md5 -s abc prints the one of RFC 1321.
self_test()
{
	b=$T/$1/x/mdsum/usr/bin
	for t in mdsum md5 sha256 sha512h keccak256; do
		"$b/$t" -x >"$T/x.out" 2>&1 || bad "$t -x: $(tail -3 "$T/x.out")"
	done
	out=$("$b/md5" -s abc 2>&1)
	[ "$out" = 'MD5 ("abc") = 900150983cd24fb0d6963f7d28e17f72' ] ||
	    bad "md5 -s abc: $out"
}

build default "" "$OPTS"
lint default
verdict "dpkg-buildpackage -us -uc -b builds $PKGS; lintian finds no error or warning"

# The files of each package.
l=$T/default
for name in mdsum md5 sha256 sha512h keccak256; do
	grep -qx "/usr/bin/$name" "$l/mdsum.list" || bad "mdsum has no /usr/bin/$name"
	grep -q "^/usr/share/man/man1/$name\.1" "$l/mdsum.list" ||
	    bad "mdsum has no manual $name.1"
	grep -qx "/usr/share/bash-completion/completions/$name" "$l/mdsum.list" ||
	    bad "mdsum has no bash completion for $name"
	grep -qx "/usr/share/fish/vendor_completions.d/$name.fish" "$l/mdsum.list" ||
	    bad "mdsum has no fish completion for $name"
done
grep -q '^/usr/share/zsh/vendor-completions/_' "$l/mdsum.list" ||
    bad "mdsum has no zsh completion in /usr/share/zsh/vendor-completions"
for name in md5sum sha1sum sha256sum sha512sum cksum b2sum b3sum sha1 \
    sha224 sha384 sha512 sha512t256; do
	! grep -qx "/usr/bin/$name" "$l/mdsum.list" ||
	    bad "mdsum installs /usr/bin/$name (WITH_SUM_LINKS or WITH_BSD_LINKS)"
done
for f in libmdsum.so.$LIBV libmdsum.so.$LIBM; do
	grep -qx "/usr/lib/$MA/$f" "$l/libmdsum$LIBM.list" ||
	    bad "libmdsum$LIBM has no /usr/lib/$MA/$f"
done
for f in libmdsum-archive.so.$ARV libmdsum-archive.so.$ARM; do
	grep -qx "/usr/lib/$MA/$f" "$l/libmdsum-archive$ARM.list" ||
	    bad "libmdsum-archive$ARM has no /usr/lib/$MA/$f"
done
for f in /usr/include/mdsum.h /usr/include/mdsum_archive.h \
    "/usr/lib/$MA/libmdsum.so" "/usr/lib/$MA/libmdsum.a" \
    "/usr/lib/$MA/libmdsum-archive.so" "/usr/lib/$MA/libmdsum-archive.a" \
    "/usr/lib/$MA/pkgconfig/mdsum.pc" \
    "/usr/lib/$MA/pkgconfig/mdsum-archive.pc" \
    /usr/share/man/man3/libmdsum.3.gz /usr/share/man/man3/mds_init.3.gz; do
	grep -qx "$f" "$l/libmdsum-dev.list" || bad "libmdsum-dev has no $f"
done
for p in $PKGS; do
	out=$(grep '^/usr/lib/[^/][^/]*$\|^/usr/local' "$l/$p.list")
	[ -z "$out" ] ||
	    bad "$p installs outside the multiarch directory: $out"
done
verdict "mdsum, md5, sha256, sha512h, keccak256 with manuals and completions (no coreutils names); the libraries in /usr/lib/$MA; headers, .so, .a, .pc and man3 in libmdsum-dev"

hardened default
verdict "the first build: mdsum PIE and fortified, mdsum and the shared libraries RELRO and BIND_NOW"

x=$T/default/x
case " $(needed "$x/mdsum/usr/bin/mdsum") " in
*" libcrypto."*) ;;
*)	bad "mdsum does not need libcrypto: $(needed "$x/mdsum/usr/bin/mdsum")" ;;
esac
dpkg-deb -f "$T/default/libmdsum-dev_${dv}_$ARCH.deb" Depends |
    grep -q libssl-dev || bad "libmdsum-dev does not depend on libssl-dev"
verdict "the first build uses OpenSSL: mdsum needs libcrypto, libmdsum-dev depends on libssl-dev"

self_test default
verdict "the first build's mdsum, md5, sha256, sha512h, keccak256 -x pass; md5 -s abc"

# --- the base-system variant ----------------------------------------------

case $OPTS in
*nocheck*)	NOCHECK=$OPTS ;;
*)		NOCHECK="nocheck $OPTS" ;;
esac
build noopenssl pkg.mdsum.noopenssl "$NOCHECK"
lint noopenssl
verdict "DEB_BUILD_PROFILES=pkg.mdsum.noopenssl builds $PKGS; lintian finds no error or warning"

x=$T/noopenssl/x
for f in "$x/mdsum/usr/bin/mdsum" \
    "$x/libmdsum$LIBM/usr/lib/$MA/libmdsum.so.$LIBV" \
    "$x/libmdsum-archive$ARM/usr/lib/$MA/libmdsum-archive.so.$ARV"; do
	[ -f "$f" ] || continue
	ned=$(needed "$f")
	case " $ned" in
	*" libcrypto."* | *" libssl."*)
		bad "${f##*/} needs: $ned" ;;
	esac
done
! dpkg-deb -f "$T/noopenssl/libmdsum-dev_${dv}_$ARCH.deb" Depends |
    grep -q libssl || bad "libmdsum-dev depends on libssl-dev"
verdict "the base-system build: neither mdsum nor the shared libraries need libcrypto; libmdsum-dev does not depend on libssl-dev"

hardened noopenssl
self_test noopenssl
verdict "the base-system build: hardened as the first; mdsum, md5, sha256, sha512h, keccak256 -x pass"

# --- installed, then removed ------------------------------------------------

debs=
for p in $PKGS; do
	debs="$debs $T/default/${p}_${dv}_$ARCH.deb"
done
cat "$T"/default/*.list | sort -u >"$T/all.list"
# what the packages would add: the files must not be there, the
# directories that are not must go with them
present=
while read -r f; do
	case $f in
	*/)	[ -d "$f" ] || echo "$f" >>"$T/new-dirs" ;;
	*)	{ [ -e "$f" ] || [ -L "$f" ]; } && present="$present $f" ;;
	esac
done <"$T/all.list"
already=
for p in $PKGS; do
	s=$(dpkg-query -W -f '${db:Status-Status}' "$p" 2>/dev/null)
	[ -z "$s" ] || [ "$s" = not-installed ] || already="$already $p"
done

desc="dpkg -i, the installed tools, pkg-config and a program linked to the installed libraries, dpkg --purge leaves nothing"
if [ "$(id -u)" != 0 ]; then
	skip "$desc" "not root"
elif [ -n "$already" ]; then
	skip "$desc" "already installed:$already"
elif [ -n "$present" ]; then
	skip "$desc" "already there:$(echo "$present" | cut -c1-200)"
else
	installed=yes
	# shellcheck disable=SC2086 # file names without spaces
	dpkg_wait -i $debs || bad "dpkg -i: $(tail_of "$T/dpkg.log")"
	command -v mdsum | grep -qx /usr/bin/mdsum ||
	    bad "mdsum is not /usr/bin/mdsum: $(command -v mdsum)"
	for t in mdsum md5 sha256 sha512h keccak256; do
		"/usr/bin/$t" -x >"$T/x.out" 2>&1 ||
		    bad "$t -x: $(tail -3 "$T/x.out")"
	done
	out=$(/usr/bin/md5 -s abc 2>&1)
	[ "$out" = 'MD5 ("abc") = 900150983cd24fb0d6963f7d28e17f72' ] ||
	    bad "md5 -s abc: $out"
	printf abc >"$T/abc"
	out=$(cd "$T" && /usr/bin/mdsum abc 2>&1)
	[ "$out" = "SHA256 (abc) = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" ] ||
	    bad "mdsum abc: $out"
	for pc in mdsum mdsum-archive; do
		out=$(pkg-config --modversion $pc 2>&1)
		[ "$out" = "$V" ] || bad "pkg-config --modversion $pc: $out"
	done

	# A program of each library, built with pkg-config against the
	# installed files, run without any search path of its own.
	cat >"$T/hash.c" <<'END'
#include <fcntl.h>
#include <stdio.h>

#include <mdsum_archive.h>

int
main(void)
{
	const struct mds_alg *alg;
	struct mds_archive *ar;
	unsigned char md[MDS_MAX_DIGEST];
	char hex[2 * MDS_MAX_DIGEST + 1];
	int fd;

	if ((alg = mds_alg_find("sha512h")) == NULL ||
	    mds_digest(alg, "abc", 3, md) == -1)
		return 1;
	printf("%s\n", mds_hex(md, mds_alg_digest_len(alg), hex));
	if ((fd = open("/dev/null", O_RDONLY)) == -1)
		return 1;
	if ((ar = mds_archive_open_fd(fd)) != NULL)
		(void)mds_archive_close(ar);
	return 0;
}
END
	# shellcheck disable=SC2046 # flags are words
	if ! cc -std=c99 -Wall -Wextra -Werror -o "$T/hash" "$T/hash.c" \
	    $(pkg-config --cflags --libs mdsum-archive) >"$T/cc.log" 2>&1; then
		bad "cc with pkg-config mdsum-archive: $(tail_of "$T/cc.log")"
	else
		out=$("$T/hash" 2>&1)
		[ "$out" = ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a ] ||
		    bad "the program printed: $out"
		ldd "$T/hash" >"$T/ldd" 2>&1
		# (/lib is /usr/lib where /usr is merged)
		grep -q "libmdsum.so.$LIBM => \\(/usr\\)\\{0,1\\}/lib/$MA/libmdsum.so.$LIBM" "$T/ldd" ||
		    bad "the program does not load /usr/lib/$MA/libmdsum.so.$LIBM: $(cat "$T/ldd")"
		grep -q "libmdsum-archive.so.$ARM => \\(/usr\\)\\{0,1\\}/lib/$MA/libmdsum-archive.so.$ARM" "$T/ldd" ||
		    bad "the program does not load /usr/lib/$MA/libmdsum-archive.so.$ARM"
	fi

	# shellcheck disable=SC2086 # package names are words
	dpkg_wait --purge $PKGS || bad "dpkg --purge: $(tail_of "$T/dpkg.log")"
	installed=
	left=
	while read -r f; do
		case $f in
		*/)	;;
		*)	{ [ -e "$f" ] || [ -L "$f" ]; } && left="$left $f" ;;
		esac
	done <"$T/all.list"
	if [ -f "$T/new-dirs" ]; then
		while read -r f; do
			[ -d "$f" ] && left="$left $f"
		done <"$T/new-dirs"
	fi
	[ -z "$left" ] || bad "left behind:$(echo "$left" | cut -c1-300)"
	verdict "$desc"
fi

summary
