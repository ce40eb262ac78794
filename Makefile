# Makefile for mdsum.  One non-recursive Makefile in the subset that both
# GNU make and bmake accept: no conditionals, no pattern rules, no $^.
# Optional parts are chosen with computed names: $(X_$(WITHOUT_Y)).

include config.mk

LIBMD_OBJS_no =		lib/backend_libmd.o
LIBMD_OBJS_yes =	lib/nolibmd.o
LIBMD_LIBS_no =		-lmd
LIBMD_LIBS_yes =

OPENSSL_OBJS_no =	lib/backend_openssl.o
OPENSSL_OBJS_yes =	lib/noopenssl.o
OPENSSL_LIBS_no =	-lcrypto
OPENSSL_LIBS_yes =

NATIVE_OBJS_no =	lib/backend_native.o lib/x86/kernels.o \
			lib/x86/sha256_shani.o lib/x86/sha512_avx2.o \
			lib/x86/sha512_avx512.o \
			lib/x86/keccak_bmi.o lib/x86/keccak_avx512.o
NATIVE_OBJS_yes =	lib/nonative.o

LIB_OBJS =	lib/registry.o lib/backend.o lib/dispatch.o lib/ctx.o lib/fd.o \
		lib/input.o \
		lib/mdpad.o lib/md5.o lib/sha1.o lib/sha256.o lib/sha512.o \
		lib/keccak.o lib/keccakf1600.o lib/archive.o \
		$(LIBMD_OBJS_$(WITHOUT_LIBMD)) \
		$(OPENSSL_OBJS_$(WITHOUT_OPENSSL)) \
		$(NATIVE_OBJS_$(WITHOUT_ASM))
LIBS =		$(LIBMD_LIBS_$(WITHOUT_LIBMD)) \
		$(OPENSSL_LIBS_$(WITHOUT_OPENSSL)) -larchive -lpthread

BIN_OBJS =	bin/mdsum.o bin/bsd.o bin/gnu.o bin/generate.o bin/check.o \
		bin/walk.o bin/jobs.o bin/output.o bin/quote.o bin/hashfile.o \
		bin/selftest.o bin/bench.o bin/archive.o
BSD_LINKS =	bin/md5 bin/sha256 bin/sha512h bin/keccak256
SUM_LINKS =	bin/md5sum bin/sha256sum bin/sha512hsum bin/keccak256sum

TEST_OBJS =	tests/run.o tests/util.o tests/vectors.o tests/diff.o tests/api.o \
		tests/input.o tests/native.o tests/big.o

# Every object of every build variant, for clean.
ALL_OBJS =	$(LIB_OBJS) lib/backend_libmd.o lib/nolibmd.o \
		lib/backend_openssl.o lib/noopenssl.o $(NATIVE_OBJS_no) \
		$(NATIVE_OBJS_yes) $(BIN_OBJS) $(TEST_OBJS)

.SUFFIXES:
.SUFFIXES: .c .o

.c.o:
	$(CC) $(MDS_CFLAGS) $(CHECK_CFLAGS) $(CFLAGS) -c $< -o $@

all: lib/libmdsum.a bin/mdsum $(BSD_LINKS) $(SUM_LINKS)

lib/libmdsum.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

$(LIB_OBJS): lib/mdsum.h lib/mds_int.h config.mk
$(NATIVE_OBJS_no): lib/x86/x86.h
lib/x86/sha512_avx2.o: lib/x86/sha512_x86.h
lib/x86/sha512_avx512.o: lib/x86/sha512_x86.h
lib/backend_libmd.o lib/nolibmd.o lib/backend_openssl.o lib/noopenssl.o \
    $(NATIVE_OBJS_no) $(NATIVE_OBJS_yes): \
    lib/mdsum.h lib/mds_int.h config.mk

bin/mdsum: $(BIN_OBJS) lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(BIN_OBJS) lib/libmdsum.a $(LIBS)

# The BSD tools and the coreutils-style names are all one program.
$(BSD_LINKS) $(SUM_LINKS): bin/mdsum
	ln -sf mdsum $@

$(BIN_OBJS): lib/mdsum.h bin/cli.h config.mk

tests/run: $(TEST_OBJS) lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJS) lib/libmdsum.a \
	    $(LIBS) $(CHECK_LIBS)

$(TEST_OBJS): lib/mdsum.h tests/tests.h config.mk

check: all tests/run
	tests/run tests/vectors
	sh tests/cli_bsd.sh bin
	sh tests/cli_gnu.sh bin
	sh tests/cli_archive.sh bin
	sh tests/cli_input.sh bin
	sh tests/completions.sh bin

# make bench [QUICK=1]: bench/run.py times mdsum against its peers and
# writes the tables into BENCHMARKS.md (QUICK=1: bench/out/ only).
# bench/xrp, built only here, calls sha512Half through libmdsum and
# through OpenSSL's EVP and libmd directly; a build WITHOUT_OPENSSL or
# WITHOUT_LIBMD leaves that peer out.
PYTHON ?=	python3
XRP_HAVE_no =	1
XRP_HAVE_yes =	0
XRP_OPENSSL_no =	bench/xrp_openssl.o
XRP_OPENSSL_yes =
XRP_LIBMD_no =	bench/xrp_libmd.o
XRP_LIBMD_yes =
XRP_OBJS =	bench/xrp.o $(XRP_OPENSSL_$(WITHOUT_OPENSSL)) \
		$(XRP_LIBMD_$(WITHOUT_LIBMD))

bench: all bench/xrp
	$(PYTHON) bench/run.py QUICK=$(QUICK) "CC=$(CC)" \
	    "CFLAGS=$(MDS_CFLAGS) $(CFLAGS)"

bench/xrp: $(XRP_OBJS) lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(XRP_OBJS) lib/libmdsum.a $(LIBS)

bench/xrp.o: bench/xrp.c bench/xrp.h lib/mdsum.h config.mk
	$(CC) $(MDS_CFLAGS) -DXRP_OPENSSL=$(XRP_HAVE_$(WITHOUT_OPENSSL)) \
	    -DXRP_LIBMD=$(XRP_HAVE_$(WITHOUT_LIBMD)) $(CFLAGS) \
	    -c bench/xrp.c -o $@
bench/xrp_openssl.o bench/xrp_libmd.o: bench/xrp.h config.mk

clean:
	rm -f $(ALL_OBJS) lib/libmdsum.a tests/run bin/mdsum $(BSD_LINKS) $(SUM_LINKS)
	rm -f bench/xrp bench/xrp.o bench/xrp_openssl.o bench/xrp_libmd.o
	rm -rf bench/out

.PHONY: all bench check clean
