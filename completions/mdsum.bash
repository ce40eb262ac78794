# bash completion for mdsum, its coreutils-style names cksum, b2sum,
# md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum, sha512hsum
# and keccak256sum, b3sum, and sum.  Uses bash-completion's helpers when they
# are loaded and plain compgen otherwise.

# The algorithms of `mdsum --list', in registry order.  tests/completions.sh
# checks that this list, _mdsum and mdsum.fish agree with the program.
_mdsum_algorithms='md5 sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256 sha512h sha3-224 sha3-256 sha3-384 sha3-512 keccak256 sm3 blake2b blake3 crc crc32b sysv bsd'
_mdsum_backends='portable native libmd openssl'
# What cksum -a takes (coreutils' names); sha2 and sha3 want -l.
_mdsum_cksum_algorithms='bsd sysv crc crc32b md5 sha1 sha224 sha256 sha384 sha512 sha2 sha3 blake2b sm3'

_mdsum()
{
	local cur prev words cword split
	local opts i

	if declare -F _init_completion >/dev/null 2>&1; then
		_init_completion -s || return
	else
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD - 1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
		# Without bash-completion "--jobs=4" arrives as three words.
		if [[ $cur == = ]]; then
			prev=${COMP_WORDS[COMP_CWORD - 1]}
			cur=
		elif [[ $prev == = && $cword -ge 2 ]]; then
			prev=${COMP_WORDS[COMP_CWORD - 2]}
		fi
	fi

	local cmd=${words[0]##*/}
	if [[ $cmd == mdsum ]]; then
		opts='-a -b -c -l -t -w -z -A -C -R -j --algorithm= --length=
		    --tag --untagged --binary --text --zero --base64 --raw
		    --no-names --json --keyed --derive-key= --check
		    --ignore-missing --quiet --status
		    --strict --warn --expect= --checklist= --audit= --update=
		    --prune --refresh --files0-from=
		    --archive --recursive -L --follow --exclude= --include=
		    --max-depth= --one-file-system
		    --jobs= --progress --mmap --no-mmap --no-multibuffer
		    --backend= --debug --list --bench --size= -x --self-test --help --version'
	elif [[ $cmd == cksum ]]; then
		opts='-a -b -c -l -t -w -z --algorithm= --binary --length= --tag
		    --text --untagged --zero --base64 --raw --check --ignore-missing --quiet
		    --status --strict --warn --debug --help --version'
	elif [[ $cmd == b3sum ]]; then
		# BLAKE3's b3sum: its options, none of coreutils'.
		opts='-c -h -l -V --check --derive-key= --help --keyed
		    --length= --no-mmap --no-names --num-threads= --quiet --raw
		    --version'
	elif [[ $cmd == sum ]]; then
		# coreutils' sum: BSD's checksum or System V's.
		opts='-r -s --sysv --help --version'
	elif [[ $cmd == b2sum ]]; then
		opts='-b -c -l -t -w -z --binary --check --length= --tag --text
		    --zero --ignore-missing --quiet --status --strict --warn
		    --help --version'
	else
		# md5sum, sha256sum, ...: the name fixes the algorithm; offer
		# what coreutils' tool of that name has.
		opts='-b -c -t -w -z --binary --check --tag --text --zero
		    --ignore-missing --quiet --status --strict --warn --help
		    --version'
	fi

	case $prev in
	-a | --algorithm)
		if [[ $cmd == cksum ]]; then
			COMPREPLY=($(compgen -W "$_mdsum_cksum_algorithms" \
			    -- "$cur"))
			return
		fi
		# A comma-separated list: complete its last element.
		local head=${cur%"${cur##*,}"}
		COMPREPLY=($(compgen -P "$head" -W "$_mdsum_algorithms" \
		    -- "${cur##*,}"))
		return
		;;
	--backend)
		COMPREPLY=($(compgen -W "$_mdsum_backends" -- "$cur"))
		return
		;;
	-C | --checklist | --audit | --update | --files0-from)
		_mdsum_files
		return
		;;
	-l | --length)
		if [[ $cmd == b3sum ]]; then
			COMPREPLY=()	# bytes, any number of them
		else
			COMPREPLY=($(compgen -W '224 256 384 512' -- "$cur"))
		fi
		return
		;;
	-j | --jobs | --expect | --max-depth | --exclude | --include | \
	    --derive-key | --num-threads)
		# a number, a digest, a pattern, a context: nothing to offer
		COMPREPLY=()
		return
		;;
	esac

	# After "--" every word is a file.
	for ((i = 1; i < cword; i++)); do
		if [[ ${words[i]} == -- ]]; then
			_mdsum_files
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
	# File operands, and manifests with -c.
	_mdsum_files
}

_mdsum_files()
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
complete -F _mdsum mdsum cksum b2sum md5sum sha1sum sha224sum sha256sum sha384sum sha512sum sha512hsum keccak256sum b3sum sum
