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
			lib/x86/md5_x86.o lib/x86/sha1_shani.o \
			lib/x86/sha256_shani.o lib/x86/sha256_avx2.o \
			lib/x86/sha512_avx2.o lib/x86/sha512_avx512.o \
			lib/x86/keccak_bmi.o lib/x86/keccak_avx2.o \
			lib/x86/keccak_avx512.o lib/x86/mb_kernels.o \
			lib/x86/sha512_mb_avx512.o lib/x86/sha512_mb_avx2.o \
			lib/x86/md5_mb_avx512.o lib/x86/md5_mb_avx2.o \
			lib/x86/keccak_mb_avx512.o lib/x86/keccak_mb_avx2.o \
			lib/x86/sha256_mb_shani.o lib/x86/sha256_mb_avx512.o \
			lib/x86/blake2b_avx2.o lib/x86/blake2b_avx512.o \
			lib/x86/blake2b_mb_avx2.o lib/x86/blake2b_mb_avx512.o \
			lib/x86/crc_pclmul.o lib/x86/crc_vpclmul.o lib/x86/sum_avx2.o \
			lib/x86/blake3_sse41.o lib/x86/blake3_avx2.o \
			lib/x86/blake3_avx512.o \
			lib/aarch64/kernels.o lib/aarch64/mb_kernels.o \
			lib/aarch64/sha1_ce.o lib/aarch64/sha256_ce.o \
			lib/aarch64/sha512_ce.o \
			lib/aarch64/md5_a64.o lib/aarch64/md5_mb_neon.o \
			lib/aarch64/keccak_a64.o lib/aarch64/keccak_sha3.o \
			lib/aarch64/keccak_mb_neon.o lib/aarch64/keccak_mb_sha3.o \
			lib/aarch64/sha256_mb_neon.o lib/aarch64/blake3_neon.o
NATIVE_OBJS_yes =	lib/nonative.o

LIB_OBJS =	lib/registry.o lib/backend.o lib/dispatch.o lib/ctx.o lib/fd.o \
		lib/input.o lib/source.o \
		lib/mdpad.o lib/md5.o lib/sha1.o lib/sha256.o lib/sha512.o lib/sm3.o \
		lib/keccak.o lib/keccakf1600.o lib/blake2b.o lib/blake3.o \
		lib/blake3_tree.o lib/blake3_compress.o lib/blake3_threads.o \
		lib/blake3_group.o \
		lib/registry_made.o \
		lib/mb_portable.o lib/lanes.o \
		lib/lanes_api.o lib/lane_cons.o lib/batch.o lib/construction.o \
		lib/choice.o lib/tune.o lib/tune_cache.o lib/tune_key.o lib/crc.o \
		$(LIBMD_OBJS_$(WITHOUT_LIBMD)) \
		$(OPENSSL_OBJS_$(WITHOUT_OPENSSL)) \
		$(NATIVE_OBJS_$(WITHOUT_ASM))
LIBS =		$(LIBMD_LIBS_$(WITHOUT_LIBMD)) \
		$(OPENSSL_LIBS_$(WITHOUT_OPENSSL)) -lpthread

# libmdsum-archive: the members of archives (mdsum_archive.h), a library
# of its own over libmdsum, so that libmdsum needs neither libarchive nor
# zlib.  It carries its own copy of the chunk source (libmdsum.so does
# not export it); a program linking both archives takes one.
ARCHIVE_OBJS =	lib/archive.o lib/archive_gzip.o lib/source.o
ARCHIVE_LIBS =	-larchive -lz

# The program: main() in mdsum.o, the rest in CLI_OBJS (which the fuzz
# targets link too).
CLI_OBJS =	bin/bsd.o bin/gnu.o bin/gnu_options.o bin/gnu_help.o \
		bin/generate.o bin/check.o \
		bin/manifest_parse.o bin/walk.o bin/jobs.o bin/output.o \
		bin/quote.o bin/hashfile.o bin/selftest.o bin/bench.o \
		bin/archive.o bin/route.o bin/family.o bin/audit.o \
		bin/update.o bin/manifest.o bin/manifest_file.o bin/progress.o \
		bin/archive_links.o bin/archive_match.o bin/archive_held.o \
		bin/archive_queue.o bin/keyed.o bin/b3sum.o bin/b3sum_args.o \
		bin/b3sum_check.o bin/b3sum_text.o bin/b3sum_xof.o bin/sum.o
BIN_OBJS =	bin/mdsum.o $(CLI_OBJS)
BSD_LINKS =	bin/md5 bin/sha256 bin/sha512h bin/keccak256 bin/sha1 \
		bin/sha224 bin/sha384 bin/sha512 bin/sha512t224 bin/sha512t256
SUM_LINKS =	bin/md5sum bin/sha256sum bin/sha512hsum bin/keccak256sum
# coreutils' own names, and BLAKE3's b3sum: installed, like the above,
# only WITH_SUM_LINKS.
GNU_LINKS =	bin/cksum bin/b2sum bin/sha1sum bin/sha224sum bin/sha384sum \
		bin/sha512sum bin/b3sum bin/sum

TEST_OBJS =	tests/run.o tests/util.o tests/vectors.o tests/diff.o tests/api.o \
		tests/input.o tests/native.o tests/lanes.o tests/big.o tests/crc.o \
		tests/tune.o tests/choice.o tests/tune_cache.o tests/oracle.o \
		tests/blake3.o tests/blake3_kernels.o

# Every object of every build variant, for clean and the header
# dependencies.
ALL_OBJS =	$(LIB_OBJS) lib/backend_libmd.o lib/nolibmd.o \
		lib/backend_openssl.o lib/noopenssl.o $(NATIVE_OBJS_no) \
		$(NATIVE_OBJS_yes) $(ARCHIVE_OBJS) $(BIN_OBJS) $(TEST_OBJS)

.SUFFIXES:
.SUFFIXES: .c .o

# Header dependencies come from the compiler: each compilation writes
# its object's list of the tree's headers it read (-MMD: lib/ctx.o's in
# lib/ctx.d), with an empty rule for each header (-MP) so that one
# removed or renamed stops no build; the lists are read at the end of
# this file.  Every object depends on config.mk too.
DEP_FLAGS =	-MMD -MP

.c.o:
	$(CC) $(MDS_CFLAGS) $(DEP_FLAGS) $(CHECK_CFLAGS) $(CPPFLAGS) $(CFLAGS) \
	    -c $< -o $@

SHLIB =		lib/libmdsum.so.$(LIB_VERSION)
SHLIB_SONAME =	libmdsum.so.$(LIB_MAJOR)
ARCHIVE_SHLIB =	lib/libmdsum-archive.so.$(ARCHIVE_LIB_VERSION)
ARCHIVE_SONAME =	libmdsum-archive.so.$(ARCHIVE_LIB_MAJOR)

all: lib/libmdsum.a lib/libmdsum-archive.a $(SHLIB) $(ARCHIVE_SHLIB) \
    bin/mdsum $(BSD_LINKS) $(SUM_LINKS) $(GNU_LINKS)

lib/libmdsum.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

# The programs link the archive; the shared library is for other programs.
# It exports the functions of mdsum.h and nothing else (libmdsum.map).
$(SHLIB): $(LIB_OBJS) lib/libmdsum.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SHLIB_SONAME) \
	    -Wl,--version-script=lib/libmdsum.map -o $@ $(LIB_OBJS) $(LIBS)

lib/libmdsum-archive.a: $(ARCHIVE_OBJS)
	rm -f $@
	$(AR) rcs $@ $(ARCHIVE_OBJS)

# Linked against the shared libmdsum by its file name, which records its
# soname (-lmdsum could find libmdsum.a here and copy it in).
$(ARCHIVE_SHLIB): $(ARCHIVE_OBJS) $(SHLIB) lib/libmdsum-archive.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(ARCHIVE_SONAME) \
	    -Wl,--version-script=lib/libmdsum-archive.map -o $@ \
	    $(ARCHIVE_OBJS) $(SHLIB) $(ARCHIVE_LIBS)

bin/mdsum: $(BIN_OBJS) lib/libmdsum-archive.a lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(BIN_OBJS) lib/libmdsum-archive.a \
	    lib/libmdsum.a $(LIBS) $(ARCHIVE_LIBS)

# The BSD tools and the coreutils-style names are all one program.
$(BSD_LINKS) $(SUM_LINKS) $(GNU_LINKS): bin/mdsum
	ln -sf mdsum $@

# zlib's crc32 is an oracle of the CRC tests (tests/oracle.c).
tests/run: $(TEST_OBJS) lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TEST_OBJS) lib/libmdsum.a \
	    $(LIBS) -lz $(CHECK_LIBS)

# tests/eio_shim.so: the LD_PRELOAD library by which tests/fault.sh makes
# reads fail or files change part-way; built for check only.
tests/eio_shim.so: tests/eio_shim.c config.mk
	$(CC) $(MDS_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -shared -o $@ \
	    tests/eio_shim.c -ldl

# The command-line tests make check runs after the library suites, each
# as `sh tests/SCRIPT bin`; CHECK_SCRIPTS="..." runs some of them.  The
# seconds each part takes are printed after it ("# cli_gnu.sh: 64 s"), and
# the scripts' again on one line after the last, so that a log shows where
# the time goes.
CHECK_SCRIPTS =	cli_bsd.sh cli_bsd_family.sh cli_gnu.sh cli_family.sh \
		cli_b3sum.sh cli_archive.sh cli_input.sh cli_lanes.sh cli_recipe.sh \
		cli_tune.sh cli_tune_cache.sh cli_write.sh cli_audit.sh \
		cli_update.sh cli_sum.sh \
		cli_model.sh cli_walk.sh cli_progress.sh cli_manifests.sh \
		completions.sh pages.sh fault.sh cli_options.sh \
		cli_later.sh

check: all tests/run tests/eio_shim.so
	@echo "tests/run tests/vectors"; s=$$(date +%s); \
	tests/run tests/vectors || exit 1; \
	echo "# tests/run: $$(($$(date +%s) - s)) s"
	@all=; for t in $(CHECK_SCRIPTS); do \
		echo "sh tests/$$t bin"; s=$$(date +%s); \
		sh tests/$$t bin || exit 1; \
		s=$$(($$(date +%s) - s)); \
		echo "# $$t: $$s s"; all="$$all $$t $$s"; \
	done; \
	echo "# seconds per script:$$all"
	@s=$$(date +%s); (set -x; \
	sh tests/install.sh "$(MAKE)" "CC=$(CC)" "CPPFLAGS=$(CPPFLAGS)" \
	    "CFLAGS=$(CFLAGS)" \
	    "LDFLAGS=$(LDFLAGS)" WITHOUT_OPENSSL=$(WITHOUT_OPENSSL) \
	    WITHOUT_LIBMD=$(WITHOUT_LIBMD) WITHOUT_ASM=$(WITHOUT_ASM)) || \
	    exit 1; \
	echo "# install.sh: $$(($$(date +%s) - s)) s"

# make check-coreutils: GNU coreutils' own tests of cksum, b2sum, md5sum,
# sha*sum and sum, from Debian's source packages of coreutils 9.1 and of
# the newest it carries (apt-get source: .ci/deps adds the deb-src lines),
# run against the links of bin (tests/coreutils_upstream.sh).  Not part
# of check, since it downloads.
check-coreutils: all
	sh tests/coreutils_upstream.sh bin

# make mutate: the single-point bugs of tests/mutants/*.mut applied one
# at a time to a scratch copy, each against the test named for it; fails
# if one survives.  MUTATE_FLAGS="-n 8 --seed X" runs a sample.
MUTATE_FLAGS =

mutate:
	MAKE="$(MAKE)" python3 tests/mutate.py $(MUTATE_FLAGS)

# make sanitize: everything rebuilt with AddressSanitizer and
# UndefinedBehaviorSanitizer, any finding fatal, and make check run on it
# (but for the >4 GiB suite, two minutes of the same stream code); the
# tree is cleaned before and after, so no instrumented object stays.
# ASan leaves SIGBUS to the library, which recovers from it itself.
# MDSUM_TEST_SANITIZER tells the tests that measure peak memory to allow
# for the sanitizer's own (cli_archive.sh).  ASan's quarantine of freed
# memory is cut from 256 MiB to 16: check forks a child per test, and
# with the default each child inherits the runner's 600 MiB of it
# (tests/run took over twenty minutes, four with this).
SAN_FLAGS =	-g -fno-omit-frame-pointer -fsanitize=address,undefined \
		-fno-sanitize-recover=all
SAN_ENV =	MDSUM_TEST_SANITIZER=1 \
		ASAN_OPTIONS=handle_sigbus=0:detect_leaks=1:abort_on_error=0:verify_asan_link_order=0:quarantine_size_mb=16 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		CK_EXCLUDE_TAGS=big

# SANITIZE_SCRIPTS="...": the command-line scripts make sanitize runs
# (by default CHECK_SCRIPTS', so all of them).
SANITIZE_SCRIPTS =	$(CHECK_SCRIPTS)

sanitize:
	$(MAKE) clean
	$(SAN_ENV) $(MAKE) "CFLAGS=$(SAN_FLAGS)" "LDFLAGS=$(SAN_FLAGS)" \
	    "CHECK_SCRIPTS=$(SANITIZE_SCRIPTS)" check
	$(MAKE) clean

# make valgrind [VALGRIND_SCRIPTS="cli_bsd.sh ..."]: the command-line tests
# with every command under valgrind's memcheck (tests/valgrind.sh); any
# error or definite leak fails.  Default: all of them.
valgrind: all
	sh tests/valgrind.sh bin $(VALGRIND_SCRIPTS)

# make bench [QUICK=1] [ONLY=section,...]: bench/run.py times mdsum
# against its peers and writes the tables into BENCHMARKS.md (QUICK=1 or
# ONLY=: bench/out/ only).
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
XRP_OBJS =	bench/xrp.o bench/util.o $(XRP_OPENSSL_$(WITHOUT_OPENSSL)) \
		$(XRP_LIBMD_$(WITHOUT_LIBMD))
BENCH_OBJS =	bench/xrp.o bench/xrp_openssl.o bench/xrp_libmd.o \
		bench/util.o bench/short.o bench/readpath.o bench/batch.o

bench: all bench/xrp bench/short bench/batch bench/readpath
	$(PYTHON) bench/run.py QUICK=$(QUICK) "ONLY=$(ONLY)" "CC=$(CC)" \
	    "CFLAGS=$(MDS_CFLAGS) $(CFLAGS)"

# make bench-blake3: BLAKE3's targets against b3sum (BENCHMARKS.md).
bench-blake3: all
	$(PYTHON) bench/blake3.py

# make bench-defaults: the quick form of the defaults section, the
# default against every kernel, backend and read path that can be forced
# (bench/out/BENCHMARKS.md); fails if one beats it by more than 3%.
bench-defaults: all
	$(PYTHON) bench/run.py QUICK=1 ONLY=defaults "CC=$(CC)" \
	    "CFLAGS=$(MDS_CFLAGS) $(CFLAGS)"

bench/xrp: $(XRP_OBJS) lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(XRP_OBJS) lib/libmdsum.a $(LIBS)

bench/xrp.o: bench/xrp.c
	$(CC) $(MDS_CFLAGS) $(DEP_FLAGS) -DXRP_OPENSSL=$(XRP_HAVE_$(WITHOUT_OPENSSL)) \
	    -DXRP_LIBMD=$(XRP_HAVE_$(WITHOUT_LIBMD)) $(CFLAGS) \
	    -c bench/xrp.c -o $@

# bench/short: one call on a 64-byte message, mds_digest against OpenSSL.
bench/short: bench/short.o bench/util.o lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ bench/short.o bench/util.o \
	    lib/libmdsum.a $(LIBS)

bench/short.o: bench/short.c
	$(CC) $(MDS_CFLAGS) $(DEP_FLAGS) -DSHORT_OPENSSL=$(XRP_HAVE_$(WITHOUT_OPENSSL)) \
	    $(CFLAGS) -c bench/short.c -o $@

# bench/readpath: the ways of reading a cached file, against the hash of
# bytes in cache (the read path's cost, BENCHMARKS.md).
bench/readpath: bench/readpath.o bench/util.o lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ bench/readpath.o bench/util.o \
	    lib/libmdsum.a $(LIBS)

bench/readpath.o: bench/readpath.c
	$(CC) $(MDS_CFLAGS) $(DEP_FLAGS) $(CFLAGS) -c bench/readpath.c -o $@

# bench/batch: many messages in one mds_digest_many call, against loops
# of mds_digest and of OpenSSL's EVP calls.
bench/batch: bench/batch.o bench/util.o lib/libmdsum.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ bench/batch.o bench/util.o \
	    lib/libmdsum.a $(LIBS)

bench/batch.o: bench/batch.c
	$(CC) $(MDS_CFLAGS) $(DEP_FLAGS) -DBATCH_OPENSSL=$(XRP_HAVE_$(WITHOUT_OPENSSL)) \
	    $(CFLAGS) -c bench/batch.c -o $@

# make fuzz [FUZZ_SECONDS=N]: each libFuzzer target of tests/fuzz/ runs
# for N seconds on its committed seed corpus tests/fuzz/corpus/TARGET/
# (with tests/fuzz/TARGET.dict if there is one); the inputs it adds go to
# tests/fuzz/scratch/TARGET/, a crash (or an input running FUZZ_TIMEOUT
# seconds) to tests/fuzz/crashes/, and any crash fails the run after all
# targets have run.  clang's fuzzer, address and undefined sanitizers
# build everything, into tests/fuzz/obj/ apart from the normal objects:
# the libraries and CLI_OBJS as three archives, from which each target takes
# what it uses.  An object is rebuilt when its source, a header, config.mk
# or this Makefile is newer.  The user's CFLAGS are left out: the
# sanitizers want these.
FUZZ_SECONDS =	60
FUZZ_TIMEOUT =	30
FUZZ_CC =	clang
FUZZ_CFLAGS =	-g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all
FUZZ_TARGETS =	fuzz_manifest fuzz_escape fuzz_archive fuzz_archive_links \
		fuzz_diff
FUZZ_OBJ =	tests/fuzz/obj
FUZZ_DEPS =	lib/*.h lib/x86/*.h lib/aarch64/*.h bin/*.h tests/fuzz/fuzz.h config.mk \
		Makefile

fuzz: fuzz-build
	status=0; \
	for t in $(FUZZ_TARGETS); do \
		mkdir -p tests/fuzz/scratch/$$t tests/fuzz/crashes || exit 1; \
		dict=; \
		[ ! -f tests/fuzz/$$t.dict ] || dict=-dict=tests/fuzz/$$t.dict; \
		echo "== $$t: $(FUZZ_SECONDS) s"; \
		$(FUZZ_OBJ)/$$t $$dict -max_total_time=$(FUZZ_SECONDS) \
		    -timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 \
		    -artifact_prefix=tests/fuzz/crashes/$$t- \
		    tests/fuzz/scratch/$$t tests/fuzz/corpus/$$t || status=1; \
	done; \
	exit $$status

fuzz-build:
	mkdir -p $(FUZZ_OBJ)
	@echo "fuzz-build: $(FUZZ_CC) $(FUZZ_CFLAGS) into $(FUZZ_OBJ)/"
	@for a in mdsum:"$(LIB_OBJS)" mdsum-archive:"$(ARCHIVE_OBJS)" \
	    cli:"$(CLI_OBJS)"; do \
		objs=; new=; \
		for f in $${a#*:}; do \
			f=$${f%.o}.c; \
			o=$(FUZZ_OBJ)/`echo "$$f" | tr / _`; o=$${o%.c}.o; \
			objs="$$objs $$o"; \
			[ -f "$$o" ] && [ -z "`find $$f $(FUZZ_DEPS) -newer $$o`" ] && \
			    continue; \
			echo "$(FUZZ_CC) ... -c $$f -o $$o"; \
			$(FUZZ_CC) $(MDS_CFLAGS) $(FUZZ_CFLAGS) -c $$f -o $$o || \
			    exit 1; \
			new=1; \
		done; \
		lib=$(FUZZ_OBJ)/lib$${a%%:*}.a; \
		[ -f $$lib ] && [ -z "$$new" ] && continue; \
		rm -f $$lib && $(AR) rcs $$lib $$objs || exit 1; \
	done
	@for t in $(FUZZ_TARGETS); do \
		[ -f $(FUZZ_OBJ)/$$t ] && [ -z "`find tests/fuzz/$$t.c \
		    $(FUZZ_OBJ)/libmdsum.a $(FUZZ_OBJ)/libmdsum-archive.a \
		    $(FUZZ_OBJ)/libcli.a $(FUZZ_DEPS) \
		    -newer $(FUZZ_OBJ)/$$t`" ] && continue; \
		echo "$(FUZZ_CC) ... -o $(FUZZ_OBJ)/$$t"; \
		$(FUZZ_CC) $(MDS_CFLAGS) -Ibin $(FUZZ_CFLAGS) \
		    -o $(FUZZ_OBJ)/$$t tests/fuzz/$$t.c $(FUZZ_OBJ)/libcli.a \
		    $(FUZZ_OBJ)/libmdsum-archive.a $(FUZZ_OBJ)/libmdsum.a \
		    $(LIBS) $(ARCHIVE_LIBS) || exit 1; \
	done

# make lint: the manuals through mandoc and groff, the C through cppcheck and
# clang-tidy, with the configuration in .cppcheck-suppressions and
# .clang-tidy; any finding fails.  The aarch64 kernels, and the files
# with aarch64 branches, compile to nothing for this machine: they are
# linted a second time as aarch64 code (LINT_A64_*: clang's target, with
# the headers of gcc-aarch64-linux-gnu and libc6-dev-arm64-cross;
# cppcheck with that target's predefined macros).  Files are linted
# LINT_JOBS at a time; a finding in any fails (xargs exits non-zero).
LINT_SRCS =	lib/*.c lib/x86/*.c lib/aarch64/*.c bin/*.c tests/*.c tests/fuzz/*.c bench/*.c
LINT_DEFS =	-D_DEFAULT_SOURCE -DMDSUM_VERSION='"$(VERSION)"' \
		-DMDSUM_LIB_VERSION='"$(LIB_VERSION)"' -Ilib -Ibin
LINT_A64_SRCS =	lib/aarch64/*.c lib/dispatch.c lib/tune_key.c tests/util.c
LINT_A64_TARGET =	aarch64-linux-gnu
LINT_A64_DEFS =	-D__aarch64__ -D__AARCH64EL__
LINT_JOBS ?=	2

MAN_PAGES =	man/md5.1 man/mdsum.1 man/libmdsum.3

# groff must not warn either, and a word taken for a flag by mistake
# (".Fl -list and" renders "-and") must not reach the page.
lint:
	mandoc -Tlint -Wwarning $(MAN_PAGES)
	for f in $(MAN_PAGES); do \
		out=`groff -ww -z -mandoc "$$f" 2>&1`; \
		[ -z "$$out" ] || { echo "$$out"; exit 1; }; \
		mandoc -Tmarkdown "$$f" | \
		    grep -nE '[*]-(and|or|to|the|with|see)[*]' && exit 1; \
	done; true
	cppcheck --quiet --error-exitcode=1 --std=c99 --inline-suppr \
	    -j $(LINT_JOBS) --library=posix --library=gnu \
	    --enable=warning,portability,performance,style \
	    --suppressions-list=.cppcheck-suppressions \
	    -D__GNUC__ -D__x86_64__ $(LINT_DEFS) lib bin tests bench
	cppcheck --quiet --error-exitcode=1 --std=c99 --inline-suppr \
	    -j $(LINT_JOBS) --library=posix --library=gnu \
	    --enable=warning,portability,performance,style \
	    --suppressions-list=.cppcheck-suppressions \
	    -D__GNUC__ $(LINT_A64_DEFS) $(LINT_DEFS) $(LINT_A64_SRCS)
	ls $(LINT_SRCS) | xargs -P $(LINT_JOBS) -I % clang-tidy --quiet % \
	    -- -std=c99 $(LINT_DEFS) $(CHECK_CFLAGS)
	ls $(LINT_A64_SRCS) | xargs -P $(LINT_JOBS) -I % clang-tidy --quiet % \
	    -- --target=$(LINT_A64_TARGET) -std=c99 $(LINT_DEFS) $(CHECK_CFLAGS)

# make regen-check: each generated file of the tree written again by its
# generator, into a scratch directory, and compared with the committed
# one; fails if one differs (edited by hand, or its generator changed
# without it).  REGEN pairs each file with the script that writes it.
REGEN =	lib/crc_tables.h:lib/gen_crc_tables.py \
	lib/x86/keccak_avx512.c:lib/x86/gen_keccak_avx512.py

regen-check:
	@tmp=`mktemp -d` || exit 1; status=0; \
	for pair in $(REGEN); do \
		f=$${pair%%:*}; gen=$${pair#*:}; \
		if ! $(PYTHON) $$gen > $$tmp/out; then \
			echo "regen-check: $$gen failed"; status=1; \
		elif cmp -s $$tmp/out $$f; then \
			echo "regen-check: $$f is what $$gen writes"; \
		else \
			echo "regen-check: $$f differs from what $$gen writes:"; \
			diff -u $$f $$tmp/out | head -40; status=1; \
		fi; \
	done; \
	rm -rf $$tmp; exit $$status

# make install [DESTDIR=...] [PREFIX=...] [WITH_SUM_LINKS=yes]
# [WITH_BSD_LINKS=yes]; the directories are in config.mk.  The BSD names
# are links to mdsum, their manual is md5.1 under each name, and every
# completion file is installed under each name its shell looks it up by,
# registering only the commands this install created (completions/claim.sh).
# The rest of FreeBSD's md5(1) family (sha1 ... sha512t256) only with
# WITH_BSD_LINKS=yes: other packages may own those names.
BSD_NAMES =	md5 sha256 sha512h keccak256
BSD_ALIASES =	sha256 sha512h keccak256
BSD_MORE_NAMES =	sha1 sha224 sha384 sha512 sha512t224 sha512t256
INSTALL_BSD_yes =	$(BSD_MORE_NAMES)
INSTALL_BSD_no =
SUM_NAMES =	md5sum sha256sum sha512hsum keccak256sum cksum b2sum sha1sum \
		sha224sum sha384sum sha512sum b3sum sum
INSTALL_SUM_yes =	$(SUM_NAMES)
INSTALL_SUM_no =
# The manuals of the *sum links: only names no other package has a page
# for, unless WITH_SUM_MANPAGES=yes, so that man md5sum keeps showing
# coreutils' own page (man b3sum b3sum's) beside a WITH_SUM_LINKS install.
SUM_OWN_NAMES =	sha512hsum keccak256sum
SUM_PAGED_NAMES =	md5sum sha256sum cksum b2sum sha1sum sha224sum \
		sha384sum sha512sum b3sum sum
SUM_MAN_yes =	$(SUM_OWN_NAMES)
SUM_MAN_no =
SUM_COREMAN_yes =	$(SUM_PAGED_NAMES)
SUM_COREMAN_no =
# Every function of libmdsum.3 (its NAME section) gets a man3 link, so
# that man mds_init finds the page.
LIB_MAN_NAMES =	sed -n '/^\.Sh NAME/,/^\.Nd/s/^\.Nm \([a-z0-9_]*\).*/\1/p' \
		man/libmdsum.3
INSTALL_DIRS =	$(BINDIR) $(LIBDIR) $(INCLUDEDIR) $(MANDIR)/man1 \
		$(MANDIR)/man3 $(PKGCONFIGDIR) $(BASHCOMPDIR) $(ZSHCOMPDIR) \
		$(FISHCOMPDIR)

install: all
	for d in $(INSTALL_DIRS); do $(INSTALL) -d "$(DESTDIR)$$d" || exit 1; \
	done
	$(INSTALL) -m 755 bin/mdsum "$(DESTDIR)$(BINDIR)/mdsum"
	$(INSTALL) -m 644 lib/libmdsum.a "$(DESTDIR)$(LIBDIR)/libmdsum.a"
	$(INSTALL) -m 755 $(SHLIB) "$(DESTDIR)$(LIBDIR)/libmdsum.so.$(LIB_VERSION)"
	ln -sf libmdsum.so.$(LIB_VERSION) "$(DESTDIR)$(LIBDIR)/$(SHLIB_SONAME)"
	ln -sf $(SHLIB_SONAME) "$(DESTDIR)$(LIBDIR)/libmdsum.so"
	$(INSTALL) -m 644 lib/libmdsum-archive.a \
	    "$(DESTDIR)$(LIBDIR)/libmdsum-archive.a"
	$(INSTALL) -m 755 $(ARCHIVE_SHLIB) \
	    "$(DESTDIR)$(LIBDIR)/libmdsum-archive.so.$(ARCHIVE_LIB_VERSION)"
	ln -sf libmdsum-archive.so.$(ARCHIVE_LIB_VERSION) \
	    "$(DESTDIR)$(LIBDIR)/$(ARCHIVE_SONAME)"
	ln -sf $(ARCHIVE_SONAME) "$(DESTDIR)$(LIBDIR)/libmdsum-archive.so"
	$(INSTALL) -m 644 lib/mdsum.h "$(DESTDIR)$(INCLUDEDIR)/mdsum.h"
	$(INSTALL) -m 644 lib/mdsum_archive.h \
	    "$(DESTDIR)$(INCLUDEDIR)/mdsum_archive.h"
	for pc in mdsum mdsum-archive; do \
		sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		    -e 's|@VERSION@|$(VERSION)|' -e 's|@LIBS@|$(LIBS)|' \
		    -e 's|@ARCHIVE_LIBS@|$(ARCHIVE_LIBS)|' lib/$$pc.pc.in \
		    > "$(DESTDIR)$(PKGCONFIGDIR)/$$pc.pc" && \
		chmod 644 "$(DESTDIR)$(PKGCONFIGDIR)/$$pc.pc" || exit 1; \
	done
	$(INSTALL) -m 644 man/mdsum.1 "$(DESTDIR)$(MANDIR)/man1/mdsum.1"
	$(INSTALL) -m 644 man/md5.1 "$(DESTDIR)$(MANDIR)/man1/md5.1"
	$(INSTALL) -m 644 man/libmdsum.3 "$(DESTDIR)$(MANDIR)/man3/libmdsum.3"
	for f in md5.bash:$(BASHCOMPDIR)/md5 mdsum.bash:$(BASHCOMPDIR)/mdsum \
	    _md5:$(ZSHCOMPDIR)/_md5 _mdsum:$(ZSHCOMPDIR)/_mdsum \
	    md5.fish:$(FISHCOMPDIR)/md5.fish \
	    mdsum.fish:$(FISHCOMPDIR)/mdsum.fish; do \
		case $${f%%:*} in \
		*md5*)	names="$(BSD_NAMES) $(INSTALL_BSD_$(WITH_BSD_LINKS))" ;; \
		*)	names="mdsum $(INSTALL_SUM_$(WITH_SUM_LINKS))" ;; \
		esac; \
		sh completions/claim.sh completions/$${f%%:*} $$names \
		    > "$(DESTDIR)$${f#*:}" && \
		chmod 644 "$(DESTDIR)$${f#*:}" || exit 1; \
	done
	for n in $(BSD_NAMES) $(INSTALL_BSD_$(WITH_BSD_LINKS)); do \
		ln -sf mdsum "$(DESTDIR)$(BINDIR)/$$n" || exit 1; \
	done
	for n in $(BSD_ALIASES) $(INSTALL_BSD_$(WITH_BSD_LINKS)); do \
		ln -sf md5.1 "$(DESTDIR)$(MANDIR)/man1/$$n.1" && \
		ln -sf md5.fish "$(DESTDIR)$(FISHCOMPDIR)/$$n.fish" && \
		ln -sf md5 "$(DESTDIR)$(BASHCOMPDIR)/$$n" || exit 1; \
	done
	for n in $(INSTALL_SUM_$(WITH_SUM_LINKS)); do \
		ln -sf mdsum "$(DESTDIR)$(BINDIR)/$$n" && \
		ln -sf mdsum.fish "$(DESTDIR)$(FISHCOMPDIR)/$$n.fish" && \
		ln -sf mdsum "$(DESTDIR)$(BASHCOMPDIR)/$$n" || exit 1; \
	done
	for n in $(SUM_MAN_$(WITH_SUM_LINKS)) \
	    $(SUM_COREMAN_$(WITH_SUM_MANPAGES)); do \
		ln -sf mdsum.1 "$(DESTDIR)$(MANDIR)/man1/$$n.1" || exit 1; \
	done
	for n in `$(LIB_MAN_NAMES)`; do \
		ln -sf libmdsum.3 "$(DESTDIR)$(MANDIR)/man3/$$n.3" || exit 1; \
	done

# Removes what install put there, whatever WITH_SUM_LINKS and
# WITH_BSD_LINKS were then.  With a DESTDIR, the directories it leaves
# empty go too, up to DESTDIR.
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/mdsum" "$(DESTDIR)$(LIBDIR)/libmdsum.a" \
	    "$(DESTDIR)$(LIBDIR)/libmdsum.so.$(LIB_VERSION)" \
	    "$(DESTDIR)$(LIBDIR)/$(SHLIB_SONAME)" \
	    "$(DESTDIR)$(LIBDIR)/libmdsum.so" \
	    "$(DESTDIR)$(LIBDIR)/libmdsum-archive.a" \
	    "$(DESTDIR)$(LIBDIR)/libmdsum-archive.so.$(ARCHIVE_LIB_VERSION)" \
	    "$(DESTDIR)$(LIBDIR)/$(ARCHIVE_SONAME)" \
	    "$(DESTDIR)$(LIBDIR)/libmdsum-archive.so" \
	    "$(DESTDIR)$(INCLUDEDIR)/mdsum.h" \
	    "$(DESTDIR)$(INCLUDEDIR)/mdsum_archive.h" \
	    "$(DESTDIR)$(PKGCONFIGDIR)/mdsum.pc" \
	    "$(DESTDIR)$(PKGCONFIGDIR)/mdsum-archive.pc" \
	    "$(DESTDIR)$(MANDIR)/man1/mdsum.1" "$(DESTDIR)$(MANDIR)/man1/md5.1" \
	    "$(DESTDIR)$(MANDIR)/man3/libmdsum.3" \
	    "$(DESTDIR)$(ZSHCOMPDIR)/_md5" "$(DESTDIR)$(ZSHCOMPDIR)/_mdsum"
	for n in mdsum $(BSD_NAMES) $(BSD_MORE_NAMES) $(SUM_NAMES); do \
		rm -f "$(DESTDIR)$(BINDIR)/$$n" \
		    "$(DESTDIR)$(MANDIR)/man1/$$n.1" \
		    "$(DESTDIR)$(FISHCOMPDIR)/$$n.fish" \
		    "$(DESTDIR)$(BASHCOMPDIR)/$$n" || exit 1; \
	done
	for n in `$(LIB_MAN_NAMES)`; do \
		rm -f "$(DESTDIR)$(MANDIR)/man3/$$n.3" || exit 1; \
	done
	if [ -n "$(DESTDIR)" ]; then \
		for d in $(INSTALL_DIRS); do \
			d="$(DESTDIR)$$d"; \
			while [ "$$d" != "$(DESTDIR)" ] && [ -n "$$d" ] && \
			    rmdir "$$d" 2>/dev/null; do d="$${d%/*}"; done; \
		done; \
	fi

# make dist: mdsum-VERSION.tar.gz of the committed tree (git archive) and
# its SHA256SUMS, written by mdsum itself and then checked by mdsum -c.
DIST_NAME =	mdsum-$(VERSION)

dist: bin/mdsum
	rm -rf dist
	mkdir dist
	git archive --format=tar --prefix=$(DIST_NAME)/ HEAD | \
	    gzip -9n > dist/$(DIST_NAME).tar.gz
	cd dist && ../bin/mdsum -a sha256 $(DIST_NAME).tar.gz > SHA256SUMS
	cd dist && ../bin/mdsum -c SHA256SUMS

clean:
	rm -f $(ALL_OBJS) lib/libmdsum.a $(SHLIB) lib/libmdsum-archive.a \
	    $(ARCHIVE_SHLIB) tests/run bin/mdsum $(BSD_LINKS) \
	    $(SUM_LINKS) $(GNU_LINKS)
	rm -f tests/eio_shim.so
	rm -rf dist
	rm -f $(ALL_OBJS:.o=.d) $(BENCH_OBJS) $(BENCH_OBJS:.o=.d)
	rm -f bench/xrp bench/short bench/batch bench/readpath
	rm -rf bench/out
	rm -rf $(FUZZ_OBJ)

.PHONY: all bench bench-blake3 bench-defaults check check-coreutils clean dist fuzz fuzz-build install lint mutate \
	regen-check sanitize uninstall valgrind

# The header dependencies the compiler wrote (DEP_FLAGS); none before the
# first build, which builds everything.  GNU make and bmake both read a
# list of files with -include and skip the missing ones.
$(ALL_OBJS) $(BENCH_OBJS): config.mk
-include $(ALL_OBJS:.o=.d) $(BENCH_OBJS:.o=.d)
