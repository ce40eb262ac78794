# bash completion for md5, sha1, sha224, sha256, sha384, sha512,
# sha512t224, sha512t256, sha512h and keccak256, the BSD-style digest tools
# of mdsum.  Uses bash-completion's helpers when they are loaded and plain
# compgen otherwise.

_mdsum_bsd()
{
	local cur prev words cword split
	local opts='-b -c -p -q -r -s -t -x --check= --passthrough --quiet
	    --reverse --string= --time-trial --self-test --debug --mmap --no-mmap --help
	    --version'
	local i

	if declare -F _init_completion >/dev/null 2>&1; then
		_init_completion -s || return
	else
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD - 1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
		# Without bash-completion "--check=x" arrives as three words.
		if [[ $cur == = ]]; then
			prev=${COMP_WORDS[COMP_CWORD - 1]}
			cur=
		elif [[ $prev == = && $cword -ge 2 ]]; then
			prev=${COMP_WORDS[COMP_CWORD - 2]}
		fi
	fi

	# -c and -s take a free-form string: nothing to offer.
	case $prev in
	-c | -s | --check | --string)
		COMPREPLY=()
		return
		;;
	esac

	# After "--" every word is a file.
	for ((i = 1; i < cword; i++)); do
		if [[ ${words[i]} == -- ]]; then
			_mdsum_bsd_files
			return
		fi
	done

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then
			compopt -o nospace 2>/dev/null
		fi
		return
	fi
	_mdsum_bsd_files
}

_mdsum_bsd_files()
{
	if declare -F _filedir >/dev/null 2>&1; then
		_filedir
	else
		compopt -o filenames 2>/dev/null
		local IFS=$'\n'
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}

# make install cuts this list down to the commands it created
# (completions/claim.sh): the others keep their own completions.
complete -F _mdsum_bsd md5 sha1 sha224 sha256 sha384 sha512 sha512t224 sha512t256 sha512h keccak256
