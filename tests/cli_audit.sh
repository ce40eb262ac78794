#!/bin/sh
# cli_audit.sh: black-box tests of mdsum --audit MANIFEST (ok, changed,
# moved, new, missing; the summary and the exit status; --json, --quiet,
# --status; -R; escaped names; tagged, untagged and multi-algorithm
# manifests) and mdsum --update MANIFEST (new files appended in the
# manifest's own form, existing bytes kept, a malformed manifest refused,
# permissions kept, and a write, sync or rename that fails, or a signal,
# leaving the old manifest whole with no temporary file behind, beside it
# or beside the file a symbolic link to it names, through
# tests/eio_shim.so).  Expected digests come from GNU coreutils or
# python3's hashlib.
#
# usage: sh tests/cli_audit.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.

set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
needs mdsum
M=$B/mdsum
eio_shim

plain_env POSIXLY_CORRECT EIO_SHIM_FAIL EIO_SHIM_AFTER \
    EIO_SHIM_PATH EIO_SHIM_FD
workdir cli_audit
CMD_WIDTH=300

diagnose()
{
	diagnose_run
}

# hx ALG FILE: the digest of FILE by GNU coreutils' ALGsum, or else by
# python3's hashlib (whose start-up, a second on a busy machine, was most
# of this script's time).
GNUSUM=
sha256sum --version 2>/dev/null | grep -q GNU && GNUSUM=yes
hx()
{
	if [ -n "$GNUSUM" ]; then
		"${1}sum" <"$2" | cut -d' ' -f1
		return
	fi
	python3 -c 'import hashlib, sys
print(hashlib.new(sys.argv[1], open(sys.argv[2], "rb").read()).hexdigest())' \
	    "$1" "$2"
}

# fresh: a tree d/ of four files and the tagged manifest S of it.
fresh()
{
	cd "$W" || exit 2
	rm -rf d S S.* .S.* ./*SUMS* l
	mkdir -p d/sub
	printf 'alpha\n' >d/a
	printf 'bravo\n' >d/b
	printf 'charlie\n' >d/c
	printf 'delta\n' >d/sub/e
	"$M" -R d >S || exit 2
}

# same FILE COPY: FILE is byte for byte COPY.
same()
{
	cmp -s "$1" "$2" || bad "$1 is not what it was"
}

# no_temp [MANIFEST]: no temporary file of --update (.NAME.XXXXXX) is left
# beside MANIFEST (default S), nor beside the file it is a symbolic link
# to.
no_temp()
{
	set -- "${1:-S}"
	_l=$(readlink -f -- "$1" 2>/dev/null) && set -- "$1" "$_l"
	for _p do
		case $_p in
		*/*)	_d=${_p%/*} ;;
		*)	_d=. ;;
		esac
		for _f in "$_d/.${_p##*/}".*; do
			[ -e "$_f" ] && bad "temporary file left: $_f"
		done
	done
	return 0
}

# prefix OLD NEW: NEW starts with the bytes of OLD.
prefix()
{
	head -c "$(wc -c <"$1")" "$2" | cmp -s - "$1" ||
	    bad "the old bytes of $1 changed"
}

# json_ok: every line of stdout is a JSON object.
json_ok()
{
	python3 -c 'import json, sys
for line in open(sys.argv[1]):
    json.loads(line)' "$T/out" 2>/dev/null || bad "stdout is not JSON lines"
}

# --- audit ------------------------------------------------------------------

fresh
run "$M" --audit S -R d
expect "audit: every file ok, passed, exit 0" 0 \
    "=d/a: ok${nl}d/b: ok${nl}d/c: ok${nl}d/sub/e: ok" \
    "=mdsum: S: audit passed: 4 ok, 0 changed, 0 moved, 0 new, 0 missing, 0 unreadable"

fresh
printf 'ALPHA\n' >d/a
mv d/b d/b2
printf 'new\n' >d/n
rm d/c
run "$M" --audit S -R d
expect "audit: changed, moved, new and missing, and the counts" 1 \
    "=d/a: changed${nl}d/b2: moved from d/b${nl}d/n: new${nl}d/sub/e: ok${nl}d/c: missing" \
    "=mdsum: S: audit failed: 1 ok, 1 changed, 1 moved, 1 new, 1 missing, 0 unreadable"

for what in changed moved new missing; do
	fresh
	case $what in
	changed) printf 'x' >>d/a; want="d/a: changed" ;;
	moved)	mv d/a d/z; want="d/z: moved from d/a" ;;
	new)	printf 'x' >d/z; want="d/z: new" ;;
	missing) rm d/a; want="d/a: missing" ;;
	esac
	run "$M" --audit S --quiet -R d
	expect "audit --quiet: a file $what alone fails the audit" 1 \
	    "=$want" "~audit failed"
done

fresh
cp d/a d/copy
run "$M" --audit S -R d
expect "audit: a copy of a file still there is new, not moved" 1 \
    "~d/copy: new" "~0 moved, 1 new"

fresh
cp d/a d/a.same
"$M" -R d >S
mv d/a d/x
mv d/a.same d/y
run "$M" --audit S --quiet -R d
expect "audit: two moved files of the same content, each from one entry" 1 \
    "=d/x: moved from d/a${nl}d/y: moved from d/a.same" "~2 moved, 0 new, 0 missing"

fresh
run "$M" --audit S --status -R d
expect "audit --status: nothing printed, exit 0" 0 "" ""
rm d/a
run "$M" --audit S --status -R d
expect "audit --status: nothing printed, exit 1" 1 "" ""

fresh
rm d/b
printf 'x' >d/z
run "$M" --audit S
expect "audit without operands: the listed files" 1 \
    "=d/a: ok${nl}d/c: ok${nl}d/sub/e: ok${nl}d/b: missing" "~1 missing"

fresh
run "$M" --audit S d/a d/c
expect "audit of some files: the others listed are missing" 1 \
    "=d/a: ok${nl}d/c: ok${nl}d/b: missing${nl}d/sub/e: missing" \
    "~2 ok, 0 changed, 0 moved, 0 new, 2 missing"

fresh
run "$M" --audit S d
expect "audit: a directory without -R is unreadable" 1 "~d: unreadable" \
    "~mdsum: d: Is a directory"

fresh
cp S d/S
run "$M" --audit d/S -R d
expect "audit: the manifest in the tree is not a new file" 0 "~d/a: ok" \
    "~4 ok, 0 changed, 0 moved, 0 new"

fresh
printf 'ALPHA\n' >d/a
mv d/b d/b2
printf 'new\n' >d/n
rm d/c
run "$M" --audit S --json -R d
json_ok
python3 - "$T/out" "$(hx sha256 d/a)" "$(sed -n 's/^SHA256 (d\/a) = //p' S)" \
    "$(hx sha256 d/b2)" "$(hx sha256 d/n)" 2>/dev/null <<'EOF' ||
    bad "JSON records wrong"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
a, b2, n, e, c, summ = recs
assert a == {"file": "d/a", "status": "changed", "digests": [
    {"algorithm": "sha256", "expected": sys.argv[3], "actual": sys.argv[2]}]}
assert b2["status"] == "moved" and b2["from"] == "d/b"
assert b2["digests"][0]["expected"] == b2["digests"][0]["actual"] == sys.argv[4]
assert n == {"file": "d/n", "status": "new", "digests": [
    {"algorithm": "sha256", "actual": sys.argv[5]}]}
assert e["file"] == "d/sub/e" and e["status"] == "ok"
assert c["file"] == "d/c" and c["status"] == "missing"
assert "actual" not in c["digests"][0]
assert summ == {"manifest": "S", "ok": 1, "changed": 1, "moved": 1,
    "new": 1, "missing": 1, "unreadable": 0, "result": "failed"}
EOF
want_rc 1
verdict "audit --json: a record per file and a summary record"

fresh
printf 'x' >"d/sp ace"
printf 'y' >"d/back\\slash"
printf 'z' >"d/new${nl}line"
"$M" -R d >S
mv "d/new${nl}line" "d/moved${nl}name"
mv "d/sp ace" "d/other name"
run "$M" --audit S --quiet -R d
expect "audit: names with a space, a backslash, a newline" 1 \
    "=\\d/moved\\nname: moved from d/new\\nline${nl}d/other name: moved from d/sp ace" \
    "~2 moved"
run "$M" --audit S --json --quiet -R d
json_ok
grep -F '"file":"d/moved\u000aname","status":"moved","from":"d/new\u000aline"' \
    "$T/out" >/dev/null || bad "JSON name escaping"
verdict "audit --json: names escaped as JSON strings"

# Moved to names that need no escape: the line is escaped for the name
# it was moved from.
fresh
printf 'y' >"d/back\\slash"
printf 'z' >"d/new${nl}line"
"$M" -R d >S
mv "d/back\\slash" d/plain
mv "d/new${nl}line" d/plain2
run "$M" --audit S --quiet -R d
expect "audit: moved from a name with a backslash, a newline: escaped" 1 \
    "=\\d/plain: moved from d/back\\\\slash${nl}\\d/plain2: moved from d/new\\nline" \
    "~2 moved"

# A file named twice is one file, under the name first given.
fresh
run "$M" --audit S d/a d/a
expect "audit: an operand given twice (d/a d/a) is one line" 1 \
    "=d/a: ok${nl}d/b: missing${nl}d/c: missing${nl}d/sub/e: missing" \
    "=mdsum: S: audit failed: 1 ok, 0 changed, 0 moved, 0 new, 3 missing, 0 unreadable"
run "$M" --audit S ./d/a d/a
expect "audit: one file under two spellings (./d/a d/a) is one line" 1 \
    "=./d/a: ok${nl}d/b: missing${nl}d/c: missing${nl}d/sub/e: missing" \
    "=mdsum: S: audit failed: 1 ok, 0 changed, 0 moved, 0 new, 3 missing, 0 unreadable"

fresh
(cd d && python3 -c 'import hashlib
for f in ("a", "b", "c"):
    print(hashlib.md5(open(f, "rb").read()).hexdigest() + " *" + f)') \
    >d/MD5SUMS
printf 'x' >>d/c
begin
(cd d && exec "$M" --audit MD5SUMS a b c) >"$T/out" 2>"$T/err"
rc=$?
expect "audit: an untagged md5sum manifest, the algorithm from its name" 1 \
    "=a: ok${nl}b: ok${nl}c: changed" "~2 ok, 1 changed"

fresh
"$M" -a md5,sha256 -R d >S
mv d/a d/a2
printf 'x' >>d/b
run "$M" --audit S --quiet -R d
expect "audit: two algorithms a file, moved and changed" 1 \
    "=d/a2: moved from d/a${nl}d/b: changed" "~2 ok, 1 changed, 1 moved"
# a line of one algorithm that no longer matches is a change
other=$(python3 -c 'import hashlib; print(hashlib.md5(b"x").hexdigest())')
sed "s/^MD5 (d\/c) = .*/MD5 (d\/c) = $other/" S >S.x
run "$M" --audit S.x --quiet d/c
expect "audit: one of a file's two digests differs: changed" 1 \
    "=d/c: changed${nl}d/a: missing${nl}d/b: missing${nl}d/sub/e: missing" \
    "~1 changed"

fresh
"$M" --base64 -R d >S
run "$M" --audit S -R d
expect "audit: a base64 manifest" 0 "~d/sub/e: ok" "~4 ok"

fresh
printf 'garbage line\n' >>S
cp S S.orig
run "$M" --audit S -R d
expect "audit: a malformed line refuses the manifest, naming line" 1 "" \
    "=mdsum: S: 5: improperly formatted checksum line"

run "$M" --audit nosuch -R d
expect "audit: a manifest that cannot be read" 1 "" \
    "=mdsum: nosuch: No such file or directory"

run "$M" --audit S -c S
expect "audit: not with -c" 1 "" "~--audit does not go with"

# --- update -----------------------------------------------------------------

fresh
cp S S.orig
printf 'new one\n' >d/n
printf 'another\n' >d/sub/f
printf 'changed\n' >d/a
run "$M" --update S -R d
expect "update: exit 0, nothing printed" 0 "" ""
prefix S.orig S
tail -n +5 S >"$T/tail"
printf 'SHA256 (d/n) = %s\nSHA256 (d/sub/f) = %s\n' "$(hx sha256 d/n)" \
    "$(hx sha256 d/sub/f)" >"$T/tail.want"
cmp -s "$T/tail" "$T/tail.want" || bad "appended lines wrong"
no_temp
verdict "update: tagged manifest, only new files appended, old bytes kept"

run "$M" --update S -R d
expect "update again: nothing new, exit 0" 0 "" ""
run "$M" --audit S --quiet -R d
expect "update: the changed file's line was not rewritten" 1 "=d/a: changed" \
    "~1 changed, 0 moved, 0 new"

fresh
python3 -c 'import hashlib
for f in ("d/a", "d/b"):
    print(hashlib.md5(open(f, "rb").read()).hexdigest() + "  " + f)' >MD5SUMS
cp MD5SUMS MD5SUMS.orig
printf 'w' >"d/we ird\\na\\me"
run "$M" --update MD5SUMS -R d
want_rc 0
prefix MD5SUMS.orig MD5SUMS
{
	cat MD5SUMS.orig
	printf '%s  d/c\n' "$(hx md5 d/c)"
	printf '%s  d/sub/e\n' "$(hx md5 d/sub/e)"
	printf '\\%s  d/we ird\\\\na\\\\me\n' "$(hx md5 "d/we ird\\na\\me")"
} >"$T/want"
# fts order: "c", "sub", "we..." in byte order
cmp -s "$T/want" MD5SUMS || { bad "MD5SUMS differs"; cp MD5SUMS "$T/out"; \
    cp "$T/want" "$T/out.want"; }
md5sum -c MD5SUMS >/dev/null 2>&1 || bad "md5sum -c fails on the result"
no_temp MD5SUMS
verdict "update: untagged md5sum manifest, its algorithm and form, escaped names"

fresh
python3 -c 'import hashlib
print(hashlib.sha512(open("d/a", "rb").read()).hexdigest() + " *d/a", end="\r\n")' >S512
cp S512 S512.orig
run "$M" -a sha512 --update S512 d/b
want_rc 0
prefix S512.orig S512
printf '%s *d/b\r\n' "$(hx sha512 d/b)" >"$T/want"
tail -c "$(wc -c <"$T/want")" S512 | cmp -s - "$T/want" ||
    bad "not a sha512 line with '*' and CRLF"
"$M" -c -a sha512 S512 >/dev/null 2>&1 || bad "mdsum -c fails on it"
verdict "update: sha512 named by -a, binary marker and CRLF kept"
rm -f S512 S512.orig

fresh
printf 'SHA256 (d/a) = %s' "$(hx sha256 d/a)" >S
cp S S.orig
run "$M" --update S d/a d/b
want_rc 0
prefix S.orig S
printf 'SHA256 (d/a) = %s\nSHA256 (d/b) = %s\n' "$(hx sha256 d/a)" \
    "$(hx sha256 d/b)" >"$T/want"
cmp -s S "$T/want" || bad "last line not ended, or lines wrong"
verdict "update: a last line without newline gets one, then the new lines"

fresh
rm S
run "$M" --update S -a md5 d/a
printf 'MD5 (d/a) = %s\n' "$(hx md5 d/a)" >"$T/want"
want_rc 0
cmp -s S "$T/want" || bad "new manifest wrong"
[ "$(stat -c %a S)" = 644 ] ||
    bad "new manifest's mode is $(stat -c %a S), not 644 (umask 022)"
verdict "update: a manifest that does not exist is created, tagged"

fresh
cp S d/S
run "$M" --update d/S -R d
expect "update: nothing new, the manifest in the tree not added" 0 "" ""
grep -F '(d/S)' d/S >/dev/null && bad "manifest added to itself"
no_temp d/S
verdict "update: the manifest is not added to itself"

fresh
chmod 640 S
printf 'x' >d/z
run "$M" --update S -R d
want_rc 0
[ "$(stat -c %a S)" = 640 ] ||
    bad "mode is $(stat -c %a S), not 640"
grep -F '(d/z)' S >/dev/null || bad "d/z not added"
verdict "update: the manifest's permission bits are kept"

fresh
mv S S.real
ln -s S.real S
printf 'x' >d/z
run "$M" --update S -R d
want_rc 0
[ -L S ] || bad "the link was replaced by a file"
grep -F '(d/z)' S.real >/dev/null || bad "d/z not added to the link's file"
no_temp
verdict "update: a symbolic link to the manifest stays one"
rm -f S S.real

fresh
printf 'SHA256 (d/x) = 123\n' >>S
cp S S.orig
printf 'x' >d/z
run "$M" --update S -R d
expect "update: refuses a malformed manifest, naming it and the line" 1 "" \
    "=mdsum: S: 5: improperly formatted checksum line"
same S S.orig
no_temp
verdict "update: the refused manifest is untouched"

fresh
run "$M" --update S
expect "update: needs operands" 1 "" "~--update needs FILE or DIR operands"

# Faults while the new manifest is written: the old one stays whole.
for f in write fsync rename; do
	fresh
	cp S S.orig
	printf 'x' >d/z
	if [ -z "$SHIM" ]; then
		skip_tool "update: $f fails" "tests/eio_shim.so not built"
		continue
	fi
	begin
	quote env EIO_SHIM_FAIL=$f EIO_SHIM_AFTER=100 LD_PRELOAD=$SHIM \
	    "$M" --update S -R d
	EIO_SHIM_FAIL=$f EIO_SHIM_AFTER=100 LD_PRELOAD=$SHIM \
	    "$M" --update S -R d >"$T/out" 2>"$T/err"
	rc=$?
	case $f in
	write)	msg="S: write error: No space left on device" ;;
	fsync)	msg="S: cannot sync: Input/output error" ;;
	rename)	msg="S: cannot rename the temporary file over it: Input/output error" ;;
	esac
	want_rc 1
	want_err "=mdsum: $msg"
	same S S.orig
	no_temp
	verdict "update: $f fails: old manifest byte for byte, no temporary file"
done

# The same for a manifest in another directory (the temporary file is
# made beside it, and removed there), named as it is and through a
# symbolic link from here.
for f in write fsync rename; do
	for m in d/S l; do
		fresh
		mv S d/S
		ln -s d/S l
		cp d/S S.orig
		printf 'x' >d/z
		if [ -z "$SHIM" ]; then
			skip_tool "update $m: $f fails" "tests/eio_shim.so not built"
			continue
		fi
		run env EIO_SHIM_FAIL=$f EIO_SHIM_AFTER=100 LD_PRELOAD="$SHIM" \
		    "$M" --update $m -R d
		case $f in
		write)	msg="write error: No space left on device" ;;
		fsync)	msg="cannot sync: Input/output error" ;;
		rename)	msg="cannot rename the temporary file over it: Input/output error" ;;
		esac
		want_rc 1
		want_err "=mdsum: $m: $msg"
		same d/S S.orig
		no_temp $m
		verdict "update $m: $f fails: old manifest byte for byte, no temporary file in d"
	done
done

# Signals: SIGINT waits for the rename; SIGKILL leaves the old manifest.
if [ -n "$SHIM" ] && env --default-signal=INT true 2>/dev/null; then
	fresh
	cp S S.orig
	printf 'x' >d/z
	begin
	# SIGINT at its default action: a background job (CI's pipelines)
	# inherits it ignored, and then mdsum rightly goes on.
	quote env --default-signal=INT EIO_SHIM_FAIL=sigint LD_PRELOAD=$SHIM \
	    "$M" --update S -R d
	env --default-signal=INT EIO_SHIM_FAIL=sigint LD_PRELOAD=$SHIM "$M" \
	    --update S -R d >"$T/out" 2>"$T/err"
	rc=$?
	want_rc 130
	prefix S.orig S
	grep -F "SHA256 (d/z) = $(hx sha256 d/z)" S >/dev/null ||
	    bad "SIGINT during the update: new line missing"
	no_temp
	verdict "update: SIGINT while syncing: the whole new manifest, then exit"

	fresh
	cp S S.orig
	printf 'x' >d/z
	begin
	quote env EIO_SHIM_FAIL=sigkill LD_PRELOAD=$SHIM "$M" --update S -R d
	# the shell's "Killed" goes to /dev/null
	rc=$( (EIO_SHIM_FAIL=sigkill LD_PRELOAD=$SHIM exec "$M" --update S \
	    -R d >"$T/out" 2>"$T/err"); echo $?) 2>/dev/null
	want_rc 137
	same S S.orig
	verdict "update: SIGKILL while syncing: the old manifest whole"
else
	skip "update: SIGINT while syncing" \
	    "tests/eio_shim.so not built, or no env --default-signal"
	skip "update: SIGKILL while syncing" \
	    "tests/eio_shim.so not built, or no env --default-signal"
fi

summary
