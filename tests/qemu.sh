#!/bin/sh
# qemu.sh: the command-line tests with every command of a cross build run
# under qemu-user.  A directory of wrappers stands in for BINDIR: each
# runs the real command under $QEMU with its own path as argv[0] (-0), so
# its name still picks the mode, as tests/valgrind.sh does for valgrind.
# No binfmt_misc registration is needed.  QEMU_CPU in the environment
# picks the emulated CPU (qemu reads it itself): the kernels the program
# chooses are that CPU's.
#
# usage: QEMU="qemu-aarch64 -L /" sh tests/qemu.sh BINDIR [SCRIPT ...]
#
# SCRIPT: test scripts beside this one (default: every cli_*.sh; not
# completions.sh, which inspects the links of BINDIR), each run as `sh
# SCRIPT WRAPPERDIR` with MDSUM_TEST_QEMU=1 in the environment (a script
# skips what emulation makes meaningless or far too slow, such as peak
# memory and a 1 GiB archive).  Exit status 0 if all passed, 1 if not,
# 2 if QEMU is unset.

set -u

case $0 in
*/*)	here=${0%/*} ;;
*)	here=. ;;
esac
here=$(cd "$here" && pwd)

if [ $# -lt 1 ] || [ -z "${QEMU:-}" ]; then
	echo "usage: QEMU=\"qemu-ARCH ...\" sh tests/qemu.sh BINDIR [SCRIPT ...]" >&2
	exit 2
fi
case $1 in
/*)	bin=$1 ;;
*)	bin=$(pwd)/$1 ;;
esac
shift
if [ $# -eq 0 ]; then
	set -- $(cd "$here" && ls cli_*.sh)
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/qemu.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir "$T/bin" || exit 2

for name in mdsum md5 sha256 sha512h keccak256 sha1 sha224 sha384 sha512 \
    sha512t224 sha512t256 md5sum sha256sum sha512hsum keccak256sum cksum \
    b2sum sha1sum sha224sum sha384sum sha512sum; do
	[ -e "$bin/$name" ] || continue
	cat >"$T/bin/$name" <<WRAP
#!/bin/sh
exec $QEMU -0 "$bin/$name" "$bin/$name" "\$@"
WRAP
	chmod +x "$T/bin/$name" || exit 2
done

status=0
for script in "$@"; do
	start=$(date +%s)
	echo "== $script under $QEMU (QEMU_CPU=${QEMU_CPU:-default})"
	if ! MDSUM_TEST_QEMU=1 sh "$here/$script" "$T/bin"; then
		echo "qemu.sh: $script failed under qemu" >&2
		status=1
	fi
	echo "== $script: $(($(date +%s) - start)) s"
done
exit $status
