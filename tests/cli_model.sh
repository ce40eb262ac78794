#!/bin/sh
# cli_model.sh: black-box tests of the one manifest model: every mode that
# reads or matches a manifest (-c, -C, -A -c, --audit, --update) agrees
# on names (./a, a and .//a are one), algorithms (one only guessed from a
# digest's length is never written) and formats (rhash's SFV and
# hashdeep's CSV, checked against the real tools' output when they are
# installed), and --update's --prune and --refresh.  Expected digests come
# from python3's hashlib and zlib.
#
# usage: sh tests/cli_model.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.  With
# MDSUM_TEST_NO_SKIP=1 a missing oracle (rhash, hashdeep) fails instead
# of skipping.

set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
needs mdsum
M=$B/mdsum

plain_env POSIXLY_CORRECT
workdir cli_model
CMD_WIDTH=300

diagnose()
{
	diagnose_run
}

# oracle TOOL DESC: is TOOL here?  If not, DESC is skipped (failed under
# MDSUM_TEST_NO_SKIP=1: CI installs it).
oracle()
{
	have "$1" && return 0
	skip_tool "$2" "$1 is not installed"
	return 1
}

# hx ALG FILE: the digest of FILE by python3's hashlib.
hx()
{
	python3 -c 'import hashlib, sys
print(hashlib.new(sys.argv[1], open(sys.argv[2], "rb").read()).hexdigest())' \
	    "$1" "$2"
}

# same FILE COPY: FILE is byte for byte COPY.
same()
{
	cmp -s "$1" "$2" || bad "$1 changed"
}

# tree: files a, b, c and d/a, d/e.
tree()
{
	cd "$W" || exit 2
	rm -rf ./* ./.[!.]* 2>/dev/null
	mkdir d
	printf 'alpha\n' >a
	printf 'bravo\n' >b
	printf 'charlie\n' >c
	printf 'delta\n' >d/a
	printf 'echo\n' >d/e
}

# --- algorithms: never write a guess --------------------------------------

tree
"$M" -a keccak256 --untagged a b >L
cp L L.orig
run "$M" --update L c
expect "update: an algorithm only guessed from the digests' length is not written" \
    1 '' "~L: 1: the algorithm of this untagged checksum is only guessed from its length (sha256); name it with -a"
same L L.orig
verdict "update: the refused manifest is untouched"

run "$M" -a keccak256 --update L c
expect "update: -a names the algorithm of an untagged list" 0 '' ''
"$M" -a keccak256 -c L >"$T/out" 2>&1 || bad "mdsum -a keccak256 -c fails on it"
verdict "update: the list -a named checks whole"

tree
"$M" a >T
run "$M" -a md5 --update T b
expect "update: a tagged manifest is read whatever -a says; -a's lines added" 0 '' ''
printf 'SHA256 (a) = %s\nMD5 (b) = %s\n' "$(hx sha256 a)" "$(hx md5 b)" >"$T/want"
cmp -s T "$T/want" || bad "not the SHA256 line, then an MD5 line"
verdict "update: -a md5 on a SHA256 manifest adds a tagged MD5 line"

tree
"$M" --untagged a b >S
printf 'x' >>a
run "$M" --audit S
expect "audit: one guessed line ok and one changed: no hint" 1 \
    "=a: changed${nl}b: ok" \
    "=mdsum: S: audit failed: 1 ok, 1 changed, 0 moved, 0 new, 0 missing, 0 unreadable"
"$M" -a sha3-256 --untagged a b >S3
run "$M" --audit S3
expect "audit: untagged sha3-256 read as sha256: every line changed, and the hint" 1 \
    "=a: changed${nl}b: changed" \
    "~hint: every untagged checksum failed as sha256, chosen by its length; if they are of another algorithm of that length, name it with -a"

tree
"$M" --untagged a >SHA256SUMS
cp SHA256SUMS S.orig
run "$M" -a md5 --update SHA256SUMS b
expect "update: no untagged md5 line in a list of untagged sha256 lines" 1 '' \
    "=mdsum: SHA256SUMS: its untagged lines are not md5; an untagged md5 line would be read as theirs"
same SHA256SUMS S.orig
verdict "update: that list is untouched"

# --- names: one rule -------------------------------------------------------

tree
sha256sum a b >S 2>/dev/null || "$M" --untagged a b >S
run "$M" --audit S -R .
expect "audit: ./a and a are one file (an unchanged tree passes)" 1 \
    "=./a: ok${nl}./b: ok${nl}./c: new${nl}./d/a: new${nl}./d/e: new" \
    "~0 moved, 3 new, 0 missing"

"$M" --untagged a b >S
run "$M" -a sha256 --update S -R .
printf '%s  ./c\n%s  ./d/a\n%s  ./d/e\n' "$(hx sha256 c)" "$(hx sha256 d/a)" \
    "$(hx sha256 d/e)" >"$T/want"
tail -n 3 S | cmp -s - "$T/want" || bad "not the three new files alone"
[ "$(wc -l <S)" -eq 5 ] || bad "not five lines"
expect "update -R .: nothing appended for the files listed as a and b" 0 '' ''

tree
"$M" -R . >S
cp S S.orig
run "$M" --update S a b c d/a d/e
expect "update: the files of -R . again by plain names: nothing appended" 0 '' ''
same S S.orig
verdict "update: the manifest is unchanged"

tree
"$M" d/a >S
cp S S.orig
run "$M" --update S ./d/a d//a .//d/a
expect "update: ./d/a, d//a and .//d/a are the listed d/a" 0 '' ''
same S S.orig
verdict "update: nothing appended for other spellings"

tree
"$M" a b >S
run "$M" --update S ./c c
[ "$(grep -c '(c)\|(./c)' S)" -eq 1 ] || bad "c is listed $(grep -c '(c)\|(./c)' S) times"
grep -q '^SHA256 (./c) = ' S || bad "not written as the user named it (./c)"
expect "update: two spellings of one new file make one line, as first named" 0 '' ''

tree
"$M" a b >S
run "$M" -C S ./a b
expect "-C: ./a is checked against the line for a" 0 "=./a: OK${nl}b: OK" ''
run "$M" -C S .//b ./x
expect "-C: a name not listed under any spelling has no checksum" 1 \
    "=.//b: OK" "=mdsum: ./x: no checksum for it in S"

tree
"$M" a >S
printf 'b\0c\0./a\0' >list0
run "$M" --update S --files0-from=list0
printf 'SHA256 (a) = %s\nSHA256 (b) = %s\nSHA256 (c) = %s\n' "$(hx sha256 a)" \
    "$(hx sha256 b)" "$(hx sha256 c)" >"$T/want"
cmp -s S "$T/want" || bad "not a, then b and c"
expect "update --files0-from: the listed names, ./a as a" 0 '' ''
printf 'b\0c\0' | "$M" --update S --files0-from=- >/dev/null 2>&1 ||
    bad "--files0-from=- fails"
cmp -s S "$T/want" || bad "b and c added twice"
verdict "update --files0-from=-: from standard input, nothing twice"

# --- line ends --------------------------------------------------------------

tree
printf '%s  a\r\n%s  b\r' "$(hx sha256 a)" "$(hx sha256 b)" >S
run "$M" -a sha256 --update S c
printf '%s  a\r\n%s  b\r\n%s  c\r\n' "$(hx sha256 a)" "$(hx sha256 b)" \
    "$(hx sha256 c)" >"$T/want"
cmp -s S "$T/want" || bad "the bare CR line end was not completed to CR LF"
expect "update: a last line ending in a bare CR gets its LF, no second CR" 0 '' ''
run "$M" -c --strict S
expect "update: the result checks whole" 0 "=a: OK${nl}b: OK${nl}c: OK" ''

tree
printf '#' >S
run "$M" --update S a
printf '#\nSHA256 (a) = %s\n' "$(hx sha256 a)" >"$T/want"
cmp -s S "$T/want" || bad "not the comment, its newline, then the line"
expect "update: a manifest of one byte '#' keeps it, on a line of its own" 0 '' ''

# --- --prune and --refresh --------------------------------------------------

tree
"$M" a b c d/a >S
rm b
printf 'ALPHA\n' >a
run "$M" --update S --prune
printf 'SHA256 (a) = %s\nSHA256 (c) = %s\nSHA256 (d/a) = %s\n' \
    "$(python3 -c 'import hashlib;print(hashlib.sha256(b"alpha\n").hexdigest())')" \
    "$(hx sha256 c)" "$(hx sha256 d/a)" >"$T/want"
cmp -s S "$T/want" || bad "not the lines of a, c, d/a as they were"
expect "update --prune: the line of a file gone is dropped and said; a changed file is kept" \
    0 '' "=mdsum: S: 2: b: pruned: the file is gone"

run "$M" --update S --refresh
printf 'SHA256 (a) = %s\nSHA256 (c) = %s\nSHA256 (d/a) = %s\n' "$(hx sha256 a)" \
    "$(hx sha256 c)" "$(hx sha256 d/a)" >"$T/want"
cmp -s S "$T/want" || bad "the line of a not rewritten in place"
expect "update --refresh: the line of a changed file is rewritten and said" \
    0 '' "=mdsum: S: 1: a: refreshed: the file changed"

tree
"$M" --untagged -a md5 a b >MD5SUMS
printf '%s  c\r\n' "$(hx md5 c | tr a-f A-F)" >>MD5SUMS
printf 'x' >>c
rm a
run "$M" --update MD5SUMS --prune --refresh c d/e
printf '%s  b\n%s  c\r\n%s  d/e\n' "$(hx md5 b)" \
    "$(hx md5 c | tr a-f A-F)" "$(hx md5 d/e)" >"$T/want"
cmp -s MD5SUMS "$T/want" || bad "not b kept, c rewritten in its case and CR LF, d/e added"
expect "update --prune --refresh FILE: one write, each change said" 0 '' \
    "=mdsum: MD5SUMS: 1: a: pruned: the file is gone${nl}mdsum: MD5SUMS: 3: c: refreshed: the file changed"

run "$M" --update MD5SUMS --refresh
expect "update --refresh with nothing changed: nothing said, nothing written" 0 '' ''
run "$M" --prune a
expect "--prune without --update is a usage error" 1 '' '~--prune and --refresh go with --update'

# --- formats other tools write ---------------------------------------------

tree
if oracle rhash "rhash's SFV output is checked"; then
	rhash a b d/e >SFV 2>/dev/null
	run "$M" -c SFV
	expect "-c: rhash's default SFV output (';' comments, name CRC32)" 0 \
	    "=a: OK${nl}b: OK${nl}d/e: OK" ''
	printf 'x' >>b
	run "$M" -c SFV
	expect "-c: a changed file of an SFV list fails" 1 \
	    "=a: OK${nl}b: FAILED${nl}d/e: OK" "~1 computed checksum did NOT match"
	run "$M" --audit SFV -R .
	expect "--audit: an SFV list, by the name rule" 1 \
	    "=./a: ok${nl}./b: changed${nl}./c: new${nl}./d/a: new${nl}./d/e: ok" '*'
	tree
	rhash a >SFV 2>/dev/null
	run "$M" --update SFV b
	rhash -c SFV >/dev/null 2>&1 || bad "rhash -c fails on the updated list"
	python3 -c 'import zlib,sys;print("b %08X" % zlib.crc32(open("b","rb").read()))' >"$T/want"
	tail -n 1 SFV | cmp -s - "$T/want" || bad "the row of b is not 'b CRC32'"
	expect "--update: an SFV list gets SFV rows that rhash checks" 0 '' ''
fi

tree
if oracle hashdeep "hashdeep's CSV is checked"; then
	hashdeep -j0 -l a b d/e >HD 2>/dev/null
	run "$M" -c HD
	expect "-c: hashdeep's CSV (header, size, md5, sha256, name)" 0 \
	    "=a: OK${nl}b: OK${nl}d/e: OK" ''
	sed 's/^6,\(.*\),a$/7,\1,a/' HD >HD.size
	run "$M" -c HD.size
	expect "-c: a hashdeep row whose size differs fails, its digests right" 1 \
	    "=a: FAILED${nl}b: OK${nl}d/e: OK" '*'
	printf 'x' >>d/e
	run "$M" -c HD
	expect "-c: a changed file of a hashdeep list fails" 1 \
	    "=a: OK${nl}b: OK${nl}d/e: FAILED" '*'
	run "$M" --audit HD a b d/e
	expect "--audit: a hashdeep list" 1 "=a: ok${nl}b: ok${nl}d/e: changed" '*'
	run "$M" --update HD --refresh a b c d/e
	hashdeep -l -k HD -a a b c d/e >/dev/null 2>&1 ||
	    bad "hashdeep -a does not pass the updated list"
	expect "--update --refresh: a hashdeep list, rows hashdeep audits" 0 '' \
	    "=mdsum: HD: 8: d/e: refreshed: the file changed"
	tar cf hd.tar a b d/e
	run "$M" -A -c HD hd.tar
	expect "-A -c: a hashdeep list, md5 and sha256 of each member" 1 \
	    "=a: OK${nl}b: OK${nl}d/e: OK${nl}c: FAILED open or read" \
	    "~c: not in the archive"
	tree
	hashdeep -j0 -c md5,sha1,tiger -l a >HD3 2>/dev/null
	run "$M" -c HD3
	expect "-c: a hashdeep column this build lacks (tiger) is not checked" 0 \
	    "=a: OK" ''
fi

# --- archives ---------------------------------------------------------------

tree
tar cf t.tar a b
"$M" a b c >S
run "$M" -A -c S t.tar
expect "-A -c: a listed member missing from the archive is 'not in the archive'" 1 \
    "=a: OK${nl}b: OK${nl}c: FAILED open or read" \
    "=mdsum: c: not in the archive${nl}mdsum: WARNING: 1 listed file could not be read"
tar cf t.tar ./a ./b ./c
run "$M" -A -c S t.tar
expect "-A -c: ./a in the archive is the listed a" 0 "=a: OK${nl}b: OK${nl}c: OK" ''
tar cf t.tar d/a
"$M" d/a | sed 's|(d/a)|(.//d//a)|' >S
run "$M" -A -c S t.tar
expect "-A -c: the listed .//d//a is the member d/a, by the one name rule" 0 \
    "=.//d//a: OK" ''

summary
