# config.mk: build knobs, in the subset of make that GNU make and bmake share.
# Override on the command line: make WITHOUT_OPENSSL=yes CC=clang

PREFIX ?=	/usr/local

# yes or no (FreeBSD src.conf spelling).  WITHOUT_OPENSSL=yes is the
# base-system build: libc, libmd and libarchive only.
WITHOUT_OPENSSL ?=	no
WITHOUT_LIBMD ?=	no
# yes: no in-tree SIMD/asm kernels, only the portable C (the "no-asm" build).
WITHOUT_ASM ?=		no

# Project flags come first so that the user's CFLAGS (bmake presets -g)
# can override them, e.g. CFLAGS=-O0.
MDS_CFLAGS =	-std=c99 -O2 -D_DEFAULT_SOURCE -Ilib \
		-Wall -Wextra -Wmissing-prototypes -Wconversion

CHECK_CFLAGS !=	pkg-config --cflags check 2>/dev/null || echo
CHECK_LIBS !=	pkg-config --libs check 2>/dev/null || echo -lcheck
