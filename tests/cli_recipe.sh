#!/bin/sh
# cli_recipe.sh: README.md's recipe for one tree hashed on several
# machines, run as it is written.  The block after the "several-machines
# recipe" marker is taken from README.md; only its first assignments
# change (the tree, the hosts), and `ssh HOST COMMAND` is a stand-in that
# runs COMMAND here with HOST's slice on standard input, one host slower
# than the others so that the slices end out of order.  The merged
# manifest must be byte for byte what one mdsum writes from the whole
# sorted list, mdsum -c must accept it, and a failed slice or a slice cut
# short must make the recipe fail, not leave a manifest that verifies.
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
plain_env
top=$(cd "$top" && pwd)
tmpdir cli_recipe
cd "$T" || exit 2

# The recipe, from README.md.
sed -n '/several-machines recipe/,/^```$/p' "$top/README.md" |
    sed -e '1,2d' -e '$d' >recipe.sh
grep -q 'mdsum --files0-from=-' recipe.sh ||
    { echo "cli_recipe.sh: no recipe in README.md" >&2; exit 2; }

# The stand-in ssh: "ssh HOST COMMAND" runs COMMAND; beta is slow, and
# the host named in $FAIL_HOST fails after hashing, or (with
# $SHORT_HOST) stops after its first line.
mkdir bin
cat >bin/ssh <<'EOF'
#!/bin/sh
host=$1
shift
[ "$host" = beta ] && sleep 1
if [ "$host" = "${SHORT_HOST-}" ]; then
	sh -c "$1" | head -n 1
	exit 0
fi
sh -c "$1" || exit
[ "$host" != "${FAIL_HOST-}" ]
EOF
chmod +x bin/ssh
PATH=$T/bin:$B:$PATH
export PATH
ln -s "$B/mdsum" bin/mdsum 2>/dev/null

# A tree: names with spaces, a newline, a backslash, sorted differently
# in other locales; empty and larger files; a subdirectory.
mkdir -p tree/sub tree/Upper "tree/a b"
i=0
while [ $i -lt 40 ]; do
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

# run_recipe [VAR=value...]: the recipe on $T/tree with three hosts.
run_recipe()
{
	sed -e "s|^tree=/srv/tree hosts=\"alpha beta gamma\"|tree='$T/tree' hosts=\"alpha beta gamma\"|" \
	    recipe.sh >recipe.run
	grep -q "^tree='$T/tree'" recipe.run || bad "the recipe's first line changed"
	env "$@" sh recipe.run >out 2>err
}

rm -f tree/SHA256SUMS
run_recipe
rc=$?
[ $rc -eq 0 ] || bad "exit status $rc; stderr: $(cat err)"
[ -s out ] && bad "mdsum -c --quiet printed: $(cat out)"
(cd tree && find . -type f ! -name SHA256SUMS -print0 | LC_ALL=C sort -z |
    mdsum --files0-from=-) >one
cmp -s one tree/SHA256SUMS ||
    bad "the merged manifest differs from one mdsum's: $(diff one tree/SHA256SUMS | head -5)"
nfiles=$(find tree -type f ! -name SHA256SUMS | wc -l)
nfiles=$((nfiles - 1))	# the name with a newline counts twice in wc -l
[ "$(wc -l <tree/SHA256SUMS)" -eq "$nfiles" ] ||
    bad "$(wc -l <tree/SHA256SUMS) lines for $nfiles files"
grep -q '^SHA256 (\./sub/f39) = ' tree/SHA256SUMS || bad "no line for ./sub/f39"
out=$(cd tree && mdsum -c SHA256SUMS 2>&1) || bad "mdsum -c: $out"
verdict "README's several-machines recipe: the merged manifest is one mdsum's, and verifies"

rm -f tree/SHA256SUMS
run_recipe FAIL_HOST=gamma
rc=$?
[ $rc -ne 0 ] || bad "a failed slice: exit status 0"
grep -q 'a slice failed' err || bad "no message: $(cat err)"
[ -e tree/SHA256SUMS ] && bad "a manifest was written"
verdict "README's recipe: a host that fails makes it fail, with no manifest"

rm -f tree/SHA256SUMS
run_recipe SHORT_HOST=alpha
rc=$?
[ $rc -ne 0 ] || bad "a slice cut short: exit status 0"
grep -q 'cut short' err || bad "no message: $(cat err)"
[ -e tree/SHA256SUMS ] && bad "a manifest was written"
verdict "README's recipe: a slice cut short makes it fail"

summary
