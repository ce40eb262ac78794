#!/bin/sh
# cli_progress.sh: mdsum --progress in a pseudo-terminal (util-linux
# script(1)).  An input that comes slowly (a pipe written in two halves a
# second apart, an archive likewise) keeps one file in hand long enough
# for the status line to be redrawn several times: it must be, with the
# bytes read so far, in every mode (files, -R with the total counted
# ahead, -c with the manifest's lines, -C, -A) and with -j1 and -j2, the
# lanes and one stream.  The typescript is played on a model of the
# terminal ("\r" back to the first column, ESC [K erases to the end of
# the row): the rows left on the screen must be exactly stdout's lines
# and stderr's messages, each whole, and no status line at the end.
# stdout written to a file is the same bytes with and without --progress;
# with stderr not a terminal nothing is written to it.  The line is cut
# to the terminal's width (set with stty), and -c's total is of the
# lines it checks, not of comments and blank lines.
#
# usage: sh tests/cli_progress.sh BINDIR
# (TAP_PART=width or TAP_PART=count: those tests alone, see tap.sh)
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

bindir "$@"
plain_env
tmpdir cli_progress
cd "$T" || exit 2
M=$B/mdsum

begin()
{
	why=
	rm -f "$T/shown"
}

# later LABEL FILE: FILE shown (see tap.sh's show) after "not ok", if the
# test fails.
later()
{
	show "$1" "$2" >>"$T/shown"
}

# diagnose: after "not ok", the command, why, and what later kept.
diagnose()
{
	print_cmd
	print_why
	[ -f "$T/shown" ] && cat "$T/shown"
	return 0
}

if ! have script || ! script -qfec true /dev/null >/dev/null 2>&1; then
	echo "# no script(1) that runs a command in a pseudo-terminal"
	skip_tool "--progress in a pseudo-terminal" "no script(1)"
	summary
fi

# The inputs: a tree of three files (5 MiB and some bytes), a manifest.
mkdir -p tree/sub
head -c 3145728 /dev/urandom >tree/a
head -c 2097152 /dev/urandom >tree/sub/b
echo x >tree/sub/c
Z=$(head -c 2097152 /dev/zero | "$M" --untagged - | cut -c 1-64)
"$M" -R tree >MAN
echo "SHA256 (-) = $Z" >>MAN

# slow: 1 MiB of zeros, a pause, 1 MiB more, on stdout (for a pipe).
cat >slow.sh <<'EOF'
head -c 1048576 /dev/zero
sleep 1.2
head -c 1048576 /dev/zero
EOF

grep -v sleep slow.sh >fast.sh

# pty FILE COMMAND: COMMAND (for sh, with mdsum on PATH) in a
# pseudo-terminal, its typescript (stdout and stderr) to FILE; rc set.
pty()
{
	_f=$1
	shift
	cmd="script -qfec '$*' /dev/null"
	PATH=$B:$PATH script -qfec "$*" /dev/null >"$_f" 2>&1
	rc=$?
}

# screen FILE: the rows a terminal shows after the typescript FILE, one
# a line, and after them "<cursor row: TEXT>" if the row of the cursor
# (after the last line feed) is not empty.
screen()
{
	{ cat "$1"; printf 'END'; } >"$1.end"
	awk 'BEGIN { RS = "\n"; K = "\033[[]K" }
	function put(row, col, s) {
		return substr(row, 1, col) s substr(row, col + length(s) + 1)
	}
	{
		row = ""
		n = split($0, seg, "\r")
		for (i = 1; i <= n; i++) {
			m = split(seg[i], part, K)
			col = 0
			for (j = 1; j <= m; j++) {
				if (j > 1)
					row = substr(row, 1, col)
				row = put(row, col, part[j])
				col += length(part[j])
			}
		}
		rows[NR] = row
	}
	END {
		for (i = 1; i < NR; i++)
			print rows[i]
		sub(/END$/, "", rows[NR])
		if (rows[NR] != "")
			print "<cursor row: " rows[NR] ">"
	}' "$1.end"
}

esc=$(printf '\033')

# statuses FILE: the status lines drawn in the typescript FILE.
statuses()
{
	tr '\r' '\n' <"$1" | sed "s/$esc\\[K//g" | grep -E '^\[[0-9]+(/[0-9]+)?\] [0-9.]+ [KMGT]?i?B.*, [0-9.]+ [KMGT]?i?B/s'
}

# redraws FILE MIN PATTERN: at least MIN status lines, one matching the
# extended regular expression PATTERN.
redraws()
{
	_n=$(statuses "$1" | wc -l)
	[ "$_n" -ge "$2" ] || bad "$_n status lines drawn, expected $2 or more"
	statuses "$1" | grep -Eq -e "$3" ||
	    bad "no status line matches $3"
}

# rows FILE WANT: the screen of typescript FILE is exactly WANT's lines.
rows()
{
	screen "$1" >"$1.screen"
	if ! cmp -s "$2" "$1.screen"; then
		bad "the screen is not the lines expected"
		later "expected" "$2"
		later "screen" "$1.screen"
	fi
}

# expect_rows CMD: lines without --progress, as the terminal shows them
# (the input at once: the lines are the same).
expect_rows()
{
	PATH=$B:$PATH sh -c "$1" >want 2>&1
	tr -d '\r' <want >want.rows
}

# --- the line's width, -c's count of lines ------------------------------
# (parts width and count: TAP_PART=width or TAP_PART=count runs them
# alone, see tap.sh)

# drawn FILE: every status line the typescript FILE draws, as the
# terminal shows it (from the "\r" that starts it, ESC [K removed).
drawn()
{
	tr '\r' '\n' <"$1" | sed "s/$esc\\[K//g" | grep '^\['
}

# The line is cut to the terminal's width, less one column: a line that
# wrapped could not be erased ("\r" goes back to the start of its last
# row only), and one that fills the row wraps at once on some terminals.
# "[3/4] 6.0 MiB, 5.1 MiB/s" and the like are cut in 20 columns, whole
# in 40.
if part width; then
	for cols in 20 40; do
		begin
		expect_rows "sh fast.sh | mdsum -j1 -R tree -"
		pty ts "stty cols $cols rows 24; sh slow.sh | mdsum -j1 --progress -R tree -"
		want_rc 0
		drawn ts >drawn.$cols
		if [ "$(awk -v w=$cols 'length >= w' drawn.$cols | wc -l)" -ne 0 ]; then
			bad "a status line of $cols columns or more"
			later "drawn" drawn.$cols
		fi
		if [ $cols = 20 ]; then
			_n=$(grep -c '^\[3/4\] 6\.0 MiB, ' drawn.$cols)
			[ "$_n" -ge 4 ] ||
			    bad "$_n lines starting [3/4] 6.0 MiB, expected 4 or more"
			how="cut to 19 columns"
		else
			redraws ts 4 '^\[3/4\] 6\.0 MiB, [0-9.]+ [KMG]?i?B/s$'
			how="whole"
		fi
		rows ts want.rows
		verdict "a terminal of $cols columns: the status line $how; lines intact"
	done
fi

# -c counts the lines that it checks: not the comments, not the blank
# lines (CRLF ones too); in rhash's SFV not its ';' comments, in
# hashdeep's lists not the two '%%%%' lines of its header.
if part count; then
	{
		echo '# made by hand'
		echo
		sed -n 1,2p MAN
		printf '\r\n'
		echo '#'
		sed -n '3,$p' MAN
		echo '# the end'
		echo
	} >MANC
	{
		echo '; Generated by hand'
		echo ';'
		for f in tree/a tree/sub/b tree/sub/c; do
			"$M" -a crc32b "$f" | awk '{ printf "%s %08X\n", $3, $1 }'
		done
		head -c 2097152 /dev/zero | "$M" -a crc32b |
		    awk '{ printf "- %08X\n", $1 }'
	} >MAN.sfv
	{
		echo '%%%% HASHDEEP-1.0'
		echo '%%%% size,sha256,filename'
		echo '## Invoked from: /tmp'
		echo '##'
		for f in tree/a tree/sub/b tree/sub/c; do
			printf '%s,%s,%s\n' "$(wc -c <"$f" | tr -d ' ')" \
			    "$("$M" --untagged "$f" | cut -c 1-64)" "$f"
		done
		echo "2097152,$Z,-"
	} >MAN.hd
	for list in MANC MAN.sfv MAN.hd; do
		begin
		expect_rows "sh fast.sh | mdsum -j2 -c $list"
		pty ts "sh slow.sh | mdsum -j2 --progress -c $list"
		want_rc 0
		redraws ts 4 '^\[3/4\] 6\.0 MiB, '
		if statuses ts | grep -Ev '^\[[0-4]/4\] ' >odd; then
			bad "a status line with another count than of 4 lines"
			later "those lines" odd
		fi
		rows ts want.rows
		case $list in
		MANC)	what="a list with comments and blank lines" ;;
		*.sfv)	what="an SFV list with ';' comments" ;;
		*)	what="a hashdeep list with its header" ;;
		esac
		verdict "-c $what: [3/4], its 4 checksum lines"
	done
fi
parts_end

# --- stderr not a terminal; stdout to a file ---------------------------

begin
PATH=$B:$PATH sh slow.sh | "$M" --progress - tree/a >out 2>err
rc=$?
want_rc 0
[ -s err ] && bad "stderr not a terminal, but written to"
sh slow.sh | "$M" - tree/a >plain 2>/dev/null
cmp -s out plain || bad "stdout differs from a run without --progress"
cmd="slow | mdsum --progress - tree/a 2>file"
verdict "--progress, stderr a file: nothing on it, stdout unchanged"

for j in 1 2; do
	begin
	pty ts "sh slow.sh | mdsum -j$j --progress -R tree - >out.$j"
	want_rc 0
	sh slow.sh | "$M" -j$j -R tree - >plain.$j
	cmp -s out.$j plain.$j ||
	    bad "stdout (a file) differs from a run without --progress"
	redraws ts 4 '^\[3/4\] '
	: >empty
	rows ts empty
	verdict "-j$j -R, stdout a file: redrawn with [3/4], stdout unchanged, erased at the end"
done

# --- every mode, stdout on the terminal too -----------------------------

for j in 1 2; do
	for mb in "" " --no-multibuffer"; do
		begin
		expect_rows "sh fast.sh | mdsum -j$j$mb -R tree -"
		pty ts "sh slow.sh | mdsum -j$j$mb --progress -R tree -"
		want_rc 0
		# 5 MiB of the tree and 1 MiB of the pipe before the pause
		redraws ts 4 '^\[3/4\] 6\.0 MiB, '
		rows ts want.rows
		verdict "-j$j$mb -R DIR -: several redraws within the pipe, [3/4] 6.0 MiB; lines intact"
	done
done

# In lanes for certain: md5's portable lane kernel, pinned.
LANES="MDSUM_CPU=md5-portable-x4 MDSUM_BACKEND=portable"
for o in -j1 "-j2 --mmap"; do
	begin
	env $LANES "$M" $o --debug -a md5 -R tree 2>err >/dev/null
	grep -q 'md5-portable-x4, 4 lanes' err || bad "tree not hashed in lanes"
	expect_rows "sh fast.sh | $LANES mdsum $o -a md5 -R tree -"
	pty ts "sh slow.sh | $LANES mdsum $o -a md5 --progress -R tree -"
	want_rc 0
	redraws ts 4 '^\[3/4\] 6\.0 MiB, '
	rows ts want.rows
	verdict "$o, files in lanes: their bytes counted, [3/4] 6.0 MiB"
done

begin
expect_rows "sh fast.sh | mdsum -j2 -a md5,sha512 -R tree -"
pty ts "sh slow.sh | mdsum -j2 -a md5,sha512 --progress -R tree -"
want_rc 0
redraws ts 4 '^\[3/4\] 6\.0 MiB, '
rows ts want.rows
verdict "two algorithms: bytes of the files, not of each algorithm's read"

begin
expect_rows "sh fast.sh | mdsum -j2 -c MAN"
pty ts "sh slow.sh | mdsum -j2 --progress -c MAN"
want_rc 0
redraws ts 4 '^\[3/4\] 6\.0 MiB, '
rows ts want.rows
verdict "-c MANIFEST: redrawn, [3/4] of the manifest's lines; lines intact"

begin
pty ts "sh slow.sh | mdsum -j2 --progress --quiet -c MAN"
want_rc 0
redraws ts 4 '^\[3/4\] 6\.0 MiB, '
: >empty
rows ts empty
verdict "-c --quiet: redrawn, and nothing left on the screen at the end"

begin
expect_rows "sh fast.sh | mdsum -j1 -C MAN tree/a -"
pty ts "sh slow.sh | mdsum -j1 --progress -C MAN tree/a -"
want_rc 0
redraws ts 4 '^\[1/2\] 4\.0 MiB, '
rows ts want.rows
verdict "-C MANIFEST FILE...: redrawn, [1/2]; lines intact"

if tar -cf t.tar tree 2>/dev/null; then
	begin
	sz=$(wc -c <t.tar)
	half=$((sz / 2))
	cat >slowtar.sh <<EOF
head -c $half t.tar
sleep 1.2
tail -c +$((half + 1)) t.tar
EOF
	expect_rows "cat t.tar | mdsum -A -"
	pty ts "sh slowtar.sh | mdsum --progress -A -"
	want_rc 0
	redraws ts 4 '^\[[0-9]+\] [1-9][0-9.]* MiB, '
	rows ts want.rows
	verdict "-A ARCHIVE: redrawn with the archive's bytes read; lines intact"
else
	skip_tool "-A ARCHIVE: redrawn with the archive's bytes read" "no tar"
fi

# --- messages on stderr are not glued to the status line ---------------

begin
pty ts "sh slow.sh | mdsum -j1 --debug --progress - tree/a"
want_rc 0
redraws ts 4 '^\[0/2\] '
screen ts >rows.debug
if grep -v -e '^mdsum: ' -e '^SHA256 (-) = ' -e '^SHA256 (tree/a) = ' \
    rows.debug >odd; then
	bad "rows neither a message nor a digest line"
	later "those rows" odd
fi
grep -q "^SHA256 (-) = $Z\$" rows.debug || bad "the line of - is not whole"
grep -q 'MiB/s' rows.debug && bad "a status line is left on the screen"
verdict "--debug's messages after redraws: each on a row of its own"

begin
mkdir -p d
expect_rows "sh fast.sh | mdsum -j1 - d tree/a"
pty ts "sh slow.sh | mdsum -j1 --progress - d tree/a"
want_rc 1
rows ts want.rows
verdict "a warning (a directory) after a line: the rows intact"

# --- time left, when every size is known -------------------------------

begin
# Time left shows from half a second on: enough work (a few seconds here)
# that a CPU twice as fast still draws it.
truncate -s 400M sparse 2>/dev/null || dd if=/dev/zero of=sparse bs=1M \
    count=400 2>/dev/null
pty ts "mdsum --mmap --backend=portable -a sha512,sha256,sha1,md5,sm3,blake2b --progress sparse tree/a"
want_rc 0
statuses ts | grep -Eq '^\[[0-9]/2\] [0-9.]+ MiB of 403\.0 MiB, .*, ([0-9]+:)?[0-9]+:[0-9][0-9] left$' ||
    bad "no status line with the total and the time left"
statuses ts | head -n 3 | sed 's/^/# /'
verdict "regular files, mapped: the total bytes and the time left"

summary
