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

LIB_OBJS =	lib/registry.o lib/backend.o lib/ctx.o lib/fd.o lib/input.o \
		lib/mdpad.o lib/md5.o lib/sha1.o lib/sha256.o lib/sha512.o \
		lib/keccak.o lib/keccakf1600.o lib/archive.o \
		$(LIBMD_OBJS_$(WITHOUT_LIBMD)) \
		$(OPENSSL_OBJS_$(WITHOUT_OPENSSL))
LIBS =		$(LIBMD_LIBS_$(WITHOUT_LIBMD)) \
		$(OPENSSL_LIBS_$(WITHOUT_OPENSSL)) -larchive -lpthread

BIN_OBJS =	bin/mdsum.o bin/bsd.o bin/gnu.o bin/generate.o bin/check.o \
		bin/walk.o bin/jobs.o bin/output.o bin/quote.o bin/hashfile.o \
		bin/selftest.o bin/bench.o bin/archive.o
BSD_LINKS =	bin/md5 bin/sha256 bin/sha512h bin/keccak256
SUM_LINKS =	bin/md5sum bin/sha256sum bin/sha512hsum bin/keccak256sum

TEST_OBJS =	tests/run.o tests/util.o tests/vectors.o tests/diff.o tests/api.o \
		tests/input.o tests/big.o

# Every object of every build variant, for clean.
ALL_OBJS =	$(LIB_OBJS) lib/backend_libmd.o lib/nolibmd.o \
		lib/backend_openssl.o lib/noopenssl.o $(BIN_OBJS) $(TEST_OBJS)

.SUFFIXES:
.SUFFIXES: .c .o

.c.o:
	$(CC) $(MDS_CFLAGS) $(CHECK_CFLAGS) $(CFLAGS) -c $< -o $@

all: lib/libmdsum.a bin/mdsum $(BSD_LINKS) $(SUM_LINKS)

lib/libmdsum.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

$(LIB_OBJS): lib/mdsum.h lib/mds_int.h config.mk
lib/backend_libmd.o lib/nolibmd.o lib/backend_openssl.o lib/noopenssl.o: \
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

clean:
	rm -f $(ALL_OBJS) lib/libmdsum.a tests/run bin/mdsum $(BSD_LINKS) $(SUM_LINKS)

.PHONY: all check clean
