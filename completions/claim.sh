#!/bin/sh
# claim.sh FILE NAME...: writes the completion FILE to standard output
# with the commands it registers cut down to the NAMEs, the ones this
# install created.  A completion file is loaded for one command and then
# sets up every command it names, so one that named md5sum or cksum
# beside a plain install would take them from coreutils' own completion.
# Each file names its commands on one line: zsh's #compdef (the first
# line), bash's complete -F, fish's "set -l names".  Fails unless that
# line is there, once.
set -eu
if [ $# -lt 2 ]; then
	echo "usage: sh completions/claim.sh FILE NAME..." >&2
	exit 2
fi
file=$1
shift
case $file in
*/_*|_*)	pattern='^#compdef '		line="#compdef $*" ;;
*.bash)		pattern='^complete -F '	line="complete -F \\1 $*" ;;
*.fish)		pattern='^set -l names '	line="set -l names $*" ;;
*)	echo "claim.sh: $file: not a zsh, bash or fish completion" >&2
	exit 2 ;;
esac
n=$(grep -c "$pattern" "$file") || true
if [ "$n" != 1 ]; then
	echo "claim.sh: $file: $n lines match \"$pattern\", not 1" >&2
	exit 1
fi
case $file in
*.bash)	sed "s/^complete -F \([_a-zA-Z0-9]*\) .*/$line/" "$file" ;;
*)	sed "s/$pattern.*/$line/" "$file" ;;
esac
