#!/bin/sh
# cli_recipe.sh: README.md's recipe for one tree hashed on several
# machines, run as it is written, with GNU parallel.  The block after the
# "several-machines recipe" marker is taken from README.md; only its
# first assignments change (the tree, the hosts, the work directory, a
# small block size so that a small tree makes several blocks).  The hosts
# are alpha (two jobs), beta and tester@gamma, reached through a stand-in
# ssh (PARALLEL_SSH) that runs the command here, as ssh would run it
# there, and that can be told to fail: once on one host, on every host
# for the blocks from one on (an outage), or to cut one block's output
# short.  The merged manifest must be byte for byte what one mdsum
# writes from the whole sorted list; a run that failed must be resumed
# without hashing again the blocks it did; a part cut short must be
# caught and its block hashed again; the check spread over the hosts
# must pass on the tree and gather the FAILED lines of a changed one.
#
# usage: sh tests/cli_recipe.sh BINDIR
#
# Output as in cli_gnu.sh: TAP lines, then "N passed, N failed[, N
# skipped]"; the exit status is 1 if any test failed.
set -u

# shellcheck source-path=SCRIPTDIR
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"
top=$(dirname "$0")/..

bindir "$@"
# SHELL too: parallel's remote wrapper runs the command with the $SHELL
# that sshd sets on the host (the stand-in ssh sets it so), and a SHELL
# of the caller's must not make the test pass where it would fail
# without one.
plain_env PARALLEL PARALLEL_SSH PARALLEL_SHELL SHELL
top=$(cd "$top" && pwd)
tmpdir cli_recipe
cd "$T" || exit 2

# The recipe, from README.md: a script of GNU parallel's, with the options
# that make it resumable and its manifest one machine's.
# The block after the marker comment, which README.md must hold once.
marker='^<!-- several-machines recipe:'
[ "$(grep -c "$marker" "$top/README.md")" = 1 ] ||
    bad "README.md holds the recipe's marker $(grep -c "$marker" "$top/README.md") times, not once"
sed -n "/$marker/,/^\`\`\`\$/p" "$top/README.md" |
    sed -e '1,2d' -e '$d' >recipe.sh
head -n 1 recipe.sh | grep -qx '#!/bin/sh' ||
    bad "the recipe does not start with #!/bin/sh: $(head -n 1 recipe.sh)"
for opt in 'parallel --sshloginfile' --pipe "--recend '\\0'" --block \
    --retries --joblog --resume-failed --results --keep-order \
    'mdsum --files0-from=-' 'mdsum -c -' 'LC_ALL=C sort -z'; do
	grep -q -F -e "$opt" recipe.sh || bad "the recipe has no $opt"
done
verdict "README's several-machines recipe is a script of GNU parallel's"
[ -z "$why" ] || summary

if ! have parallel || ! parallel --version 2>/dev/null | grep -q '^GNU parallel'; then
	skip_tool "README's several-machines recipe, run" \
	    "GNU parallel is not installed"
	summary
fi

# parallel asks once for a citation: not here, in a home of the test's own.
HOME=$T/home
mkdir -p "$HOME/.parallel"
: >"$HOME/.parallel/will-cite"
PARALLEL_SSH=$T/bin/ssh
export HOME PARALLEL_SSH

# The stand-in ssh: "ssh [-l USER] HOST [--] COMMAND..." runs COMMAND here
# with sh, as sshd runs it with the login shell and SHELL set to it (which
# parallel's wrapper of the command needs: without it the command does
# not run, and the job succeeds with no output), logging "HOST SEQ
# ok|fail|cut|mute" in $T/calls; with $T/blocks, the block it was given
# is kept there as $T/blocks/SEQ.  Told by $T/ctl:
# fail-once.HOST (a directory) makes HOST's next call fail after one line
# of output, as a host dropping out would; down-from (a block number) makes
# every host fail the blocks from that one on; cut (a directory) makes the
# next call drop its last line and succeed; mute (a directory) makes the
# next call run nothing and succeed, as a host whose shell did not run
# the command would.
mkdir bin ctl
cat >bin/ssh <<'EOF'
#!/bin/sh
ctl=${0%/bin/ssh}/ctl log=${0%/bin/ssh}/calls blocks=${0%/bin/ssh}/blocks
while [ $# -gt 0 ]; do
	case $1 in
	-[bcDEeFIiJLlmOopQRSWw]) shift 2 ;;
	-?*)	shift ;;
	*)	break ;;
	esac
done
host=${1#*@}
shift
[ "${1-}" = -- ] && shift
SHELL=/bin/sh
export SHELL
seq=${PARALLEL_SEQ-}
if [ -d "$blocks" ] && [ -n "$seq" ]; then
	cat >"$blocks/$seq"
	exec <"$blocks/$seq"
fi
if rmdir "$ctl/fail-once.$host" 2>/dev/null ||
    { [ -f "$ctl/down-from" ] && [ "$seq" -ge "$(cat "$ctl/down-from")" ]; }; then
	echo "$host $seq fail" >>"$log"
	sh -c "$*" | head -n 1
	exit 255
fi
if rmdir "$ctl/mute" 2>/dev/null; then
	echo "$host $seq mute" >>"$log"
	cat >/dev/null
	exit 0
fi
if rmdir "$ctl/cut" 2>/dev/null; then
	echo "$host $seq cut" >>"$log"
	sh -c "$*" | sed '$d'
	exit 0
fi
sh -c "$*" || exit
echo "$host $seq ok" >>"$log"
EOF
chmod +x bin/ssh
PATH=$B:$PATH
export PATH
printf '2/alpha\n# the job counts spare a question to each host\n1/beta\n1/tester@gamma\n' >hosts

# A tree: names with spaces, a newline, a backslash, sorted differently
# in other locales; one name longer than a block; empty and larger files.
mkdir -p tree/sub tree/Upper "tree/a b"
i=0
while [ $i -lt 20 ]; do
	printf 'file %d\n' $i >"tree/sub/f$i"
	i=$((i + 1))
done
: >tree/empty
head -c 300000 /dev/urandom >tree/big 2>/dev/null ||
    dd if=/dev/urandom of=tree/big bs=1000 count=300 2>/dev/null
printf x >"tree/a b/c d"
printf y >"tree/new${nl}line"
printf z >'tree/back\slash'
printf u >tree/Upper/B
printf l >tree/lower
long=$(printf '%0120d' 0 | tr 0 d)/$(printf '%0150d' 0 | tr 0 e)
mkdir "tree/${long%/*}"
printf long >"tree/$long"

# What one machine writes: mdsum over the whole sorted list, which is for
# these names what mdsum -R writes too.
(cd tree && find . -type f -print0 | LC_ALL=C sort -z) >names
(cd tree && mdsum --files0-from=- <../names) >one
(cd tree && mdsum -R .) >one-R
nnames=$(tr -dc '\000' <names | wc -c)

# run_recipe [-c]: the recipe with $T's tree, hosts and work directory and
# blocks of 200 bytes, stdout in out, stderr in err, the calls of ssh in
# calls; the exit status in rc.
sed -e "s|^tree=/srv/tree hosts=\$HOME/hosts work=/var/tmp/hash-tree block=1M\$|tree='$T/tree' hosts='$T/hosts' work='$T/work' block=200|" \
    recipe.sh >recipe.run
run_recipe()
{
	: >calls
	sh recipe.run "$@" >out 2>err
	rc=$?
}

# calls_of RESULT: the block numbers of the calls that ended so, sorted.
calls_of()
{
	awk -v r="$1" '$3 == r { print $2 }' calls | sort -n | tr '\n' ' '
}

# manifest_is_one: SHA256SUMS is one machine's, and the work is cleared.
manifest_is_one()
{
	cmp -s one tree/SHA256SUMS ||
	    bad "the merged manifest differs from one mdsum's: $(diff one tree/SHA256SUMS | head -5)"
	[ -e work ] && bad "the work directory was left"
}

grep -q "^tree='$T/tree' " recipe.run || bad "the recipe's first assignments changed"
cmp -s one one-R || bad "mdsum -R and mdsum --files0-from= differ on the test's tree"
[ "$(wc -l <one)" -eq "$nnames" ] || bad "$(wc -l <one) lines for $nnames names"
grep -q '^\\SHA256 (\./new\\nline) = ' one || bad "no escaped line for new<LF>line"
verdict "the test's tree: one line a name, mdsum -R as the sorted list"

# A host that drops out of its first block: the block is run again.
begin
mkdir blocks ctl/fail-once.beta
run_recipe
[ $rc -eq 0 ] || bad "exit status $rc; stderr: $(cat err)"
manifest_is_one
[ -n "$(calls_of fail)" ] || bad "beta did not fail: $(cat calls)"
for s in $(calls_of fail); do
	calls_of ok | grep -q -w "$s" || bad "block $s was not run again"
done
nblocks=$(find blocks -type f | wc -l)
[ "$nblocks" -ge 3 ] || bad "$nblocks blocks: the test wants several"
[ "$(awk '{ print $1 }' calls | sort -u | wc -l)" -ge 2 ] ||
    bad "the blocks went to one host: $(cat calls)"
s=1
while [ $s -le "$nblocks" ]; do
	[ "$(tail -c 1 "blocks/$s" | od -An -tx1 | tr -d ' ')" = 00 ] ||
	    bad "block $s does not end between two names"
	cat "blocks/$s"
	s=$((s + 1))
done >joined
cmp -s joined names || bad "the blocks joined are not the list of names"
rm -r blocks
verdict "README's recipe: blocks on several hosts, one retried, merged into one mdsum's manifest"

# An outage from the third block on: the run fails once the retries are
# spent, keeps what it did, and the next run hashes only what it did not.
begin
rm tree/SHA256SUMS
echo 3 >ctl/down-from
run_recipe
[ $rc -ne 0 ] || bad "an outage: exit status 0"
grep -q 'run again to resume' err || bad "no message: $(cat err)"
[ -e tree/SHA256SUMS ] && bad "a manifest was written"
done1=$(calls_of ok)
[ "$done1" = "1 2 " ] || bad "blocks done before the outage: $done1, not 1 2"
[ "$(awk '$2 == 3 && $3 == "fail"' calls | wc -l)" -eq 3 ] ||
    bad "block 3 was not tried three times: $(cat calls)"
rm ctl/down-from
run_recipe
[ $rc -eq 0 ] || bad "the resumed run: exit status $rc; stderr: $(cat err)"
manifest_is_one
done2=$(calls_of ok)
s=3 want=
while [ $s -le "$nblocks" ]; do
	want="$want$s "
	s=$((s + 1))
done
[ "$done2" = "$want" ] || bad "the resumed run hashed blocks $done2, not $want"
verdict "README's recipe: a run that failed is resumed, hashing only the blocks it had not done"

# A part cut short (its host said it succeeded): caught, no manifest, and
# the next run hashes that block again, and only it.
begin
rm tree/SHA256SUMS
mkdir ctl/cut
run_recipe
[ $rc -ne 0 ] || bad "a part cut short: exit status 0"
cut=$(calls_of cut)
grep -q "part ${cut% } was cut short" err || bad "no message for part $cut: $(cat err)"
[ -e tree/SHA256SUMS ] && bad "a manifest was written"
run_recipe
[ $rc -eq 0 ] || bad "the next run: exit status $rc; stderr: $(cat err)"
manifest_is_one
[ "$(calls_of ok)" = "$cut" ] || bad "the next run hashed blocks $(calls_of ok), not $cut"
verdict "README's recipe: a part cut short is caught, and its block hashed again"

# The check, spread over the hosts: the tree passes; a changed file (and
# the one whose name has a newline) fails, the FAILED lines gathered.
begin
run_recipe -c
[ $rc -eq 0 ] || bad "exit status $rc; stderr: $(cat err)"
[ -s out ] && bad "stdout: $(cat out)"
[ "$(calls_of ok | wc -w)" -ge 3 ] || bad "the check was not spread: $(cat calls)"
[ -e work ] && bad "the work directory was left"
verdict "README's recipe -c: the tree checked in blocks on the hosts"

# A host that ran nothing and said it succeeded: the lines of its block
# came back unchecked, and the check must not pass.
begin
mkdir ctl/mute
run_recipe -c
[ $rc -ne 0 ] || bad "a block checked by nothing: exit status 0"
[ -n "$(calls_of mute)" ] || bad "no host ran nothing: $(cat calls)"
grep -q 'not every line was checked' err || bad "no message: $(cat err)"
rm -r ctl/mute work 2>/dev/null
verdict "README's recipe -c: a block that no host checked fails the check"

begin
printf changed >tree/sub/f7
printf Y >"tree/new${nl}line"
run_recipe -c
[ $rc -ne 0 ] || bad "a changed file: exit status 0"
printf '%s\n' '\./new\nline: FAILED' './sub/f7: FAILED' >want
cmp -s want out || bad "stdout: $(cat out)"
grep -q 'a block did not verify' err || bad "no message: $(cat err)"
verdict "README's recipe -c: changed files' FAILED lines gathered, and it fails"

summary
