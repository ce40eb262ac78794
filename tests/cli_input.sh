#!/bin/sh
# cli_input.sh: black-box tests of the input paths (issue 5) through the
# built tools: mapped, read and piped input agree at sizes around page
# boundaries; empty files, /dev/null and sparse files; a file truncated
# while it is hashed is reported and the tool goes on; --debug names the
# path taken.
#
# usage: sh tests/cli_input.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
plain_env
tmpdir cli_input
cd "$T" || exit 2

PAGE=$(getconf PAGESIZE 2>/dev/null || echo 4096)
head -c $((1048576 + PAGE)) /dev/urandom >pool

# Every size: --mmap, --no-mmap, a pipe and the default give the digest
# coreutils gives.
for size in 0 1 $((PAGE - 1)) $PAGE $((PAGE + 1)) $((3 * PAGE)) \
    $((1048576 + 1)); do
	why=
	head -c "$size" pool >f
	want=$(sha256sum <f | cut -d' ' -f1)
	for how in --mmap --no-mmap ''; do
		got=$("$B/sha256" $how -q f) || bad "sha256 $how f: exit $?"
		[ "$got" = "$want" ] || bad "sha256 $how: $got, want $want"
	done
	got=$(cat f | "$B/sha256") || bad "cat f | sha256: exit $?"
	[ "$got" = "$want" ] || bad "cat f | sha256: $got, want $want"
	got=$("$B/mdsum" --mmap --no-names f) || bad "mdsum --mmap: exit $?"
	[ "$got" = "$want" ] || bad "mdsum --mmap: $got, want $want"
	verdict "$size bytes: mmap, read loop, pipe and default agree"
done

why=
e=$(sha256sum </dev/null | cut -d' ' -f1)
for how in --mmap --no-mmap; do
	got=$("$B/sha256" $how -q /dev/null) || bad "/dev/null $how: exit $?"
	[ "$got" = "$e" ] || bad "/dev/null $how: $got"
done
verdict "/dev/null hashes as the empty message either way"

# A sparse file (a hole, then data) hashes as the bytes it reads as.
why=
rm -f sparse
printf tail | dd of=sparse bs=1 seek=$((5 * 1048576)) conv=notrunc \
    2>/dev/null
want=$(sha256sum <sparse | cut -d' ' -f1)
for how in --mmap --no-mmap; do
	got=$("$B/sha256" $how -q sparse) || bad "sparse $how: exit $?"
	[ "$got" = "$want" ] || bad "sparse $how: $got, want $want"
done
verdict "sparse file: both paths give coreutils' digest"

# --debug names the path; stdout stays the digest alone.
why=
head -c 1000 pool >f
"$B/sha256" --mmap --debug f >out 2>err || bad "exit $?"
grep -q 'read by mmap' err || bad "no 'read by mmap' on stderr"
"$B/sha256" --no-mmap --debug f >out 2>err || bad "exit $?"
grep -q 'read by read loop' err || bad "no 'read by read loop' on stderr"
cat f | "$B/sha256" --debug >out 2>err || bad "exit $?"
grep -q 'read by pipe' err || bad "no 'read by pipe' on stderr"
[ "$(wc -l <out)" -eq 1 ] || bad "stdout is not one line"
verdict "--debug: mmap, read loop and pipe named on stderr"

# The default: files are read until a large one has been probed (under
# 64 MiB, no probe); a file mapped by the probe's choice hashes the same.
why=
"$B/sha256" --debug pool >out 2>err || bad "exit $?"
grep -q 'read by read loop' err || bad "1 MiB file: $(cat err)"
grep -q 'read path' err && bad "probed for 1 MiB: $(cat err)"
"$B/sha256" --debug f >out 2>err || bad "exit $?"
grep -q 'read by read loop' err || bad "1000-byte file: $(cat err)"
"$B/sha256" --debug sparse >out 2>err || bad "exit $?"
grep -q 'read by read loop' err || bad "sparse file: $(cat err)"
verdict "default path: the read loop, no probe for small work"

# A large file: the probe runs once, says what it measured, and the file
# goes the way it chose, with coreutils' digest.
why=
rm -f big
head -c $((65 * 1048576)) /dev/urandom >big 2>/dev/null || bad "no 65 MiB file"
want=$(sha256sum <big | cut -d' ' -f1)
"$B/sha256" --debug -q big >out 2>err || bad "exit $?"
[ "$(cat out)" = "$want" ] || bad "digest $(cat out), want $want"
grep -q 'read path: getting 1 MiB of a cached file took [0-9]* us by read(2), [0-9]* us by mmap(2): files are \(read\|mapped\)' err ||
    bad "no probe: $(cat err)"
if grep -q 'files are mapped' err; then
	grep -q 'read by mmap' err || bad "probe said mapped: $(cat err)"
else
	grep -q 'read by read loop' err || bad "probe said read: $(cat err)"
fi
MDSUM_TUNE=never "$B/sha256" --debug -q big >out 2>err || bad "exit $?"
grep -q 'read path' err && bad "MDSUM_TUNE=never probed: $(cat err)"
grep -q 'read by read loop' err || bad "MDSUM_TUNE=never: $(cat err)"
[ "$(cat out)" = "$want" ] || bad "MDSUM_TUNE=never digest $(cat out)"
verdict "a 65 MiB file: the read path probed once, and taken as it chose"
rm -f big

# Truncated while mapped: a 1 GiB sparse file hashed on the portable
# backend (slow enough) while another process cuts it to one page.  The
# tool must say so, print nothing for it, go on to the next operand and
# exit 1.
why=
rm -f big
dd if=/dev/zero of=big bs=1 count=0 seek=1073741824 2>/dev/null
printf abc >next
MDSUM_BACKEND=portable "$B/sha512h" --mmap big next >out 2>err &
pid=$!
sleep 0.3
truncate -s "$PAGE" big 2>/dev/null || : >big
wait "$pid"
rc=$?
if grep -q '^SHA512H (big)' out; then
	skip "truncation while mapped" "the hash finished before the truncation"
else
	[ "$rc" -eq 1 ] || bad "exit $rc, want 1"
	grep -qx 'sha512h: big: file changed while reading' err ||
	    bad "stderr: $(cat err)"
	grep -q '^SHA512H (next) = ddaf35a193617aba' out ||
	    bad "the next operand was not hashed: $(cat out)"
	[ "$(wc -l <out)" -eq 1 ] || bad "stdout: $(cat out)"
	verdict "file truncated while mapped: reported, survived, went on"
fi

# The same with mdsum and two workers: the per-thread jump buffer.
why=
rm -f big
dd if=/dev/zero of=big bs=1 count=0 seek=1073741824 2>/dev/null
"$B/mdsum" -j2 --backend=portable -a sha512 --mmap big next >out 2>err &
pid=$!
sleep 0.3
truncate -s "$PAGE" big 2>/dev/null || : >big
wait "$pid"
rc=$?
if grep -q '^SHA512 (big)' out; then
	skip "mdsum -j2: truncation while mapped" "the hash won the race"
else
	[ "$rc" -eq 1 ] || bad "exit $rc, want 1"
	grep -q 'big: file changed while reading' err || bad "stderr: $(cat err)"
	grep -q '^SHA512 (next) = ' out || bad "next not hashed: $(cat out)"
	verdict "mdsum -j2: file truncated while mapped: reported, went on"
fi
rm -f big

# --- the environment: MDSUM_CPU and MDSUM_BACKEND ---------------------------
# A value the library cannot use is an error in every tool, before any
# input is read, with the value in the message; it is never ignored.
E_CPU="no such level, feature or kernel"
printf abc >a
for v in bogus avx2,-bogus avx2,,-sha -nosuchfeature sse4,avx2; do
	for t in mdsum md5 sha256 sha512h keccak256 sha256sum; do
		why=
		MDSUM_CPU=$v "$B/$t" a >out 2>err </dev/null
		rc=$?
		[ "$rc" -eq 1 ] || bad "exit $rc, want 1"
		[ ! -s out ] || bad "stdout: $(cat out)"
		printf '%s: MDSUM_CPU=%s: %s\n' "$t" "$v" "$E_CPU" >err.want
		cmp -s err err.want || bad "stderr: $(cat err)"
		verdict "MDSUM_CPU=$v $t: an error, exit 1"
	done
done
for o in --list "--backend=portable a"; do
	why=
	# shellcheck disable=SC2086 # options, split on purpose
	MDSUM_CPU=bogus "$B/mdsum" $o >out 2>err
	rc=$?
	[ "$rc" -eq 1 ] || bad "exit $rc, want 1"
	[ ! -s out ] || bad "stdout: $(sed -n 1p out)"
	grep -qx "mdsum: MDSUM_CPU=bogus: $E_CPU" err || bad "stderr: $(cat err)"
	verdict "MDSUM_CPU=bogus mdsum $o: an error, exit 1"
done
why=
MDSUM_BACKEND=bogus "$B/mdsum" --list >out 2>err
rc=$?
[ "$rc" -eq 1 ] || bad "exit $rc, want 1"
grep -qx "mdsum: MDSUM_BACKEND=bogus: no such backend" err ||
    bad "stderr: $(cat err)"
verdict "MDSUM_BACKEND=bogus mdsum --list: an error, exit 1"
# good values still work, and give the digest coreutils gives
want=$(printf abc | sha256sum | cut -d' ' -f1)
cpu_arch
if [ "$ARCH" = aarch64 ]; then
	set -- portable neon crypto armv8.2 crypto,-sha2 -sha2 \
	    armv8.2,-sha512,-sha3,-sha1
else
	set -- portable sse4 avx2 avx512 avx2,-sha -sha avx512,-avx2,-sha
fi
for v in '' "$@" sha256-portable-x4; do
	why=
	got=$(MDSUM_CPU=$v "$B/sha256" -q -s abc 2>err) || bad "exit $?"
	[ "$got" = "$want" ] || bad "digest $got, want $want"
	[ ! -s err ] || bad "stderr: $(cat err)"
	got=$(printf abc | MDSUM_CPU=$v "$B/mdsum" --no-names 2>err) ||
	    bad "mdsum: exit $?"
	[ "$got" = "$want" ] || bad "mdsum: digest $got, want $want"
	verdict "MDSUM_CPU='$v': accepted, the right digest"
done
# A kernel this CPU cannot run: an error too (skipped where it runs all).
why=
lacks=
for k in sha256-shani sha1-shani md5-avx512 sha512-avx512 keccak-avx512 \
    sha256-avx2 sha512-avx2 keccak-avx2 keccak-bmi md5-x86 \
    sha256-avx512-x16 md5-avx512-x16 sha256-shani-x2 md5-avx2-x8 \
    sha512-ce sha256-ce sha1-ce; do
	if ! MDSUM_CPU=$k "$B/sha256" -s abc >out 2>err &&
	    grep -q 'kernel not supported by this CPU' err; then
		lacks=$k
		break
	fi
done
if [ -n "$lacks" ]; then
	MDSUM_CPU=$lacks "$B/mdsum" a >out 2>err
	rc=$?
	[ "$rc" -eq 1 ] || bad "exit $rc, want 1"
	grep -qx "mdsum: MDSUM_CPU=$lacks: kernel not supported by this CPU" err ||
	    bad "stderr: $(cat err)"
	verdict "MDSUM_CPU=$lacks (a kernel this CPU lacks): an error, exit 1"
else
	skip "MDSUM_CPU=KERNEL this CPU lacks: an error" \
	    "this CPU runs every kernel, or none is built"
fi

summary
