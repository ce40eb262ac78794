#!/bin/sh
# valgrind.sh: the command-line tests with every command run under
# valgrind's memcheck.  A directory of wrappers stands in for BINDIR: each
# runs the real command (so its name still picks the mode) under valgrind,
# which logs any error to a file of its own.  The tests must pass as they
# do without valgrind, and every log must be empty: an invalid read or
# write, a use of uninitialised memory or a definite leak fails the run.
#
# usage: sh tests/valgrind.sh BINDIR [SCRIPT ...]
#
# SCRIPT: test scripts beside this one (default: every cli_*.sh; not
# completions.sh, which inspects the links of BINDIR, where the wrappers
# are no links, and runs mdsum only for --list), each run as `sh SCRIPT
# WRAPPERDIR` with MDSUM_TEST_VALGRIND=1 in the environment (a script
# skips what valgrind itself would change, such as peak memory).  Exit
# status 0 if all passed with empty logs, 1 if not, 2 if valgrind is
# missing.

set -u

case $0 in
*/*)	here=${0%/*} ;;
*)	here=. ;;
esac
here=$(cd "$here" && pwd)

if [ $# -lt 1 ]; then
	echo "usage: sh tests/valgrind.sh BINDIR [SCRIPT ...]" >&2
	exit 2
fi
case $1 in
/*)	bin=$1 ;;
*)	bin=$(pwd)/$1 ;;
esac
shift
if ! command -v valgrind >/dev/null 2>&1; then
	echo "valgrind.sh: valgrind is not installed" >&2
	exit 2
fi
if [ $# -eq 0 ]; then
	set -- cli_bsd.sh cli_gnu.sh cli_archive.sh cli_input.sh cli_lanes.sh \
	    cli_bsd_family.sh cli_family.sh
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/valgrind.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir "$T/bin" "$T/logs" || exit 2

# --error-exitcode=1 makes an error fail the command too; the logs say why
# (and catch errors in commands whose test expects exit status 1).
for name in mdsum md5 sha256 sha512h keccak256 sha1 sha224 sha384 sha512 \
    sha512t224 sha512t256 md5sum sha256sum sha512hsum keccak256sum cksum \
    b2sum sha1sum sha224sum sha384sum sha512sum; do
	[ -e "$bin/$name" ] || continue
	# The log goes to fd 9, opened here: a file valgrind opened itself
	# could become the command's stdout when a test closes it.
	cat >"$T/bin/$name" <<WRAP
#!/bin/sh
exec 9>>"$T/logs/$name.\$\$"
exec valgrind --quiet --error-exitcode=1 --leak-check=full \\
    --show-leak-kinds=definite --errors-for-leak-kinds=definite \\
    --log-fd=9 "$bin/$name" "\$@"
WRAP
	chmod +x "$T/bin/$name" || exit 2
done

status=0
for script in "$@"; do
	echo "== $script under valgrind"
	if ! MDSUM_TEST_VALGRIND=1 sh "$here/$script" "$T/bin"; then
		echo "valgrind.sh: $script failed under valgrind" >&2
		status=1
	fi
done

nlogs=0
nbad=0
for log in "$T"/logs/*; do
	[ -e "$log" ] || continue
	nlogs=$((nlogs + 1))
	if [ -s "$log" ]; then
		nbad=$((nbad + 1))
		echo "== ${log##*/}:"
		sed 's/^/    /' "$log" | head -40
	fi
done
echo "$nlogs commands run under valgrind, $nbad with errors"
[ $nbad -eq 0 ] || status=1
exit $status
