# config.mk: build knobs, in the subset of make that GNU make and bmake share.
# Override on the command line: make WITHOUT_OPENSSL=yes CC=clang

VERSION =	0.1.0
# The shared libraries' versions: bump the major when the interface
# breaks (libmdsum 2.0: the archive functions moved to libmdsum-archive).
LIB_MAJOR =	2
LIB_VERSION =	2.3.0
ARCHIVE_LIB_MAJOR =	1
ARCHIVE_LIB_VERSION =	1.0.0

# Where make install puts things (DESTDIR is prepended to every one).
PREFIX ?=	/usr/local
BINDIR ?=	$(PREFIX)/bin
LIBDIR ?=	$(PREFIX)/lib
INCLUDEDIR ?=	$(PREFIX)/include
MANDIR ?=	$(PREFIX)/share/man
PKGCONFIGDIR ?=	$(LIBDIR)/pkgconfig
BASHCOMPDIR ?=	$(PREFIX)/share/bash-completion/completions
# zsh's $fpath has site-functions under /usr/local, and Debian's zsh
# vendor-completions under /usr (it has no /usr/share/zsh/site-functions).
ZSH_FUNCTIONS !=	case '$(PREFIX)' in /usr|/usr/) echo vendor-completions ;; \
			*) echo site-functions ;; esac
ZSHCOMPDIR ?=	$(PREFIX)/share/zsh/$(ZSH_FUNCTIONS)
FISHCOMPDIR ?=	$(PREFIX)/share/fish/vendor_completions.d
# yes: also install coreutils' names md5sum, sha1sum, sha224sum,
# sha256sum, sha384sum, sha512sum, b2sum, cksum and sum, BLAKE3's b3sum,
# and sha512hsum and keccak256sum (links to mdsum, in the Makefile's
# SUM_NAMES).
WITH_SUM_LINKS ?=	no
# yes: with WITH_SUM_LINKS, also manuals named md5sum.1, sha256sum.1, cksum.1,
# ... (mdsum.1), which hide coreutils' own pages of those names.
WITH_SUM_MANPAGES ?=	no
# yes: also install sha1, sha224, sha384, sha512, sha512t224 and sha512t256.
WITH_BSD_LINKS ?=	no
INSTALL ?=	install

# yes or no (FreeBSD src.conf spelling).  WITHOUT_OPENSSL=yes is the
# base-system build: libc, libmd and libarchive only.
WITHOUT_OPENSSL ?=	no
WITHOUT_LIBMD ?=	no
# yes: no in-tree SIMD/asm kernels, only the portable C (the "no-asm" build).
WITHOUT_ASM ?=		no

# Project flags come first so that the user's CFLAGS (bmake presets -g)
# can override them, e.g. CFLAGS=-O0.
# -fPIC: the same objects make the static and the shared libraries.
MDS_CFLAGS =	-std=c99 -O2 -fPIC -D_DEFAULT_SOURCE -Ilib \
		-DMDSUM_VERSION='"$(VERSION)"' \
		-DMDSUM_LIB_VERSION='"$(LIB_VERSION)"' \
		-Wall -Wextra -Wmissing-prototypes -Wconversion

# The check framework's flags; a cross build names the target's
# pkg-config, e.g. PKG_CONFIG=aarch64-linux-gnu-pkg-config.
PKG_CONFIG ?=	pkg-config
CHECK_CFLAGS !=	$(PKG_CONFIG) --cflags check 2>/dev/null || echo
CHECK_LIBS !=	$(PKG_CONFIG) --libs check 2>/dev/null || echo -lcheck
