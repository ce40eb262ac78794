# shellcheck shell=sh
# coreutils.sh: running our links beside GNU coreutils' programs, for the
# scripts that compare the two (cli_gnu.sh, cli_family.sh, cli_sum.sh);
# each sources it after tap.sh.  Not a test script of its own.
#
# Both programs are run by their bare name through PATH, so both see the
# same argv[0]: ours from $B, coreutils' from $G (links gnu_find makes);
# SYSPATH is the PATH the script started with.  Outputs go to $T; IN is
# the stdin of the next run, as in tap.sh.

# shellcheck disable=SC2034,SC2154
# (what these functions set is for the sourcing script; cr, IN and the
# rest come from tap.sh)

# diagnose: after "not ok", the command and its stdin, why, and what the
# run printed (for a comparison, what differs).  PEER names the other
# program in it (coreutils), PEER_ERR the stderr compared (errn: as
# normalise leaves it).
diagnose()
{
	print_cmd
	[ "$IN" != /dev/null ] && printf '#   stdin: %s\n' "$IN"
	print_why
	if [ -f "$T/g.out" ]; then
		# a comparison: show what differs
		cmp -s "$T/o.out" "$T/g.out" || {
			show "our stdout" "$T/o.out"
			show "${PEER:-coreutils} stdout" "$T/g.out"
		}
		cmp -s "$T/o.${PEER_ERR:-errn}" "$T/g.${PEER_ERR:-errn}" || {
			show "our stderr" "$T/o.${PEER_ERR:-errn}"
			show "${PEER:-coreutils} stderr" "$T/g.${PEER_ERR:-errn}"
		}
	else
		[ -f "$T/out" ] && show stdout "$T/out"
		[ -f "$T/out.want" ] && show "expected stdout" "$T/out.want"
		[ -f "$T/err" ] && show stderr "$T/err"
		[ -f "$T/err.want" ] && show "expected stderr" "$T/err.want"
	fi
}

begin()
{
	why=
	rm -f "$T/out" "$T/err" "$T/out.want" "$T/err.want" \
	    "$T/o.out" "$T/o.err" "$T/o.errn" "$T/g.out" "$T/g.err" "$T/g.errn"
}

# ours NAME [ARG...], gnu NAME [ARG...]: run our link or the coreutils
# program by its bare name, so that it sees argv[0] = NAME.
ours()
{
	(PATH=$B:$SYSPATH; exec "$@")
}

gnu()
{
	(PATH=$G:$SYSPATH; exec "$@")
}

# run NAME [ARG...]: runs our NAME, stdin from $IN, stdout to $T/out,
# stderr to $T/err; sets rc.
run()
{
	begin
	quote "$@"
	ours "$@" <"$IN" >"$T/out" 2>"$T/err"
	rc=$?
}

# gnu_find NAME...: a link in $G to coreutils' program of each NAME found
# in /usr/bin, /bin or SYSPATH, checked to be GNU's own (an installed
# mdsum, make install WITH_SUM_LINKS=yes, may own sha256sum in PATH);
# GNU_VERSION is the version of the first NAME, empty if not found.
gnu_find()
{
	GNU_VERSION=
	for _t do
		for _d in /usr/bin /bin $(printf '%s\n' "$SYSPATH" | tr ':' ' ')
		do
			[ -x "$_d/$_t" ] || continue
			_v=$("$_d/$_t" --version 2>/dev/null |
			    sed -n '1s/.*(GNU coreutils) //p')
			[ -n "$_v" ] || continue
			ln -s "$_d/$_t" "$G/$_t"
			[ "$_t" = "$1" ] && GNU_VERSION=$_v
			break
		done
	done
}

# gnu_usable WHAT: sets GNU to yes if gnu_find found a coreutils 9.1
# program (any version with MDSUM_GNU_ANY=1), else to no, and WHY_NO_GNU
# to why not; WHAT names what was looked for.
gnu_usable()
{
	GNU=no
	if [ -z "$GNU_VERSION" ]; then
		WHY_NO_GNU="GNU coreutils' $1 not found"
	elif [ "$GNU_VERSION" != 9.1 ] && [ "${MDSUM_GNU_ANY:-0}" != 1 ]; then
		WHY_NO_GNU="coreutils $GNU_VERSION, the tests are written against 9.1 (MDSUM_GNU_ANY=1 runs them anyway)"
	else
		GNU=yes
		WHY_NO_GNU=
	fi
}

# normalise FILE NAME: stderr with a leading "NAME: " made "PROG: ", and
# the sed expression $SAME_SED applied when set.
SAME_SED=
normalise()
{
	sed -e "s/^$2: /PROG: /" -e "s/^Try '$2 --help'/Try 'PROG --help'/" \
	    -e "${SAME_SED:-p;d}" "$1"
}

# same DESC OURS GNU [ARG...]: runs our OURS and coreutils' GNU with the
# same arguments ARG, stdin from $IN; stdout, exit status and (normalised)
# stderr must be identical.  OURS and GNU are a program name, possibly
# followed by options of its own, as one word: "mdsum --untagged".  With
# SAME_FULL=yes stdout goes to /dev/full for both and is not compared.
# With SAME_GNU94=yes coreutils 9.1's status lines of -c are first made
# what coreutils 9.4 and later print: a name holding a backslash or a
# carriage return escaped, the line marked with a backslash (9.1 marks
# only names with a newline, so that `a\b: OK` is ambiguous).
SAME_FULL=no
SAME_GNU94=no
# shellcheck disable=SC2086 # OURS and GNU are split into words
same()
{
	begin
	_d=$1
	_o=$2
	_g=$3
	shift 3
	quote $_o "$@"
	[ "$_o" != "$_g" ] && cmd="$cmd    (against coreutils: $_g ...)"
	if [ $SAME_FULL = yes ]; then
		cmd="$cmd > /dev/full"
		ours $_o "$@" <"$IN" >/dev/full 2>"$T/o.err"
		_orc=$?
		gnu $_g "$@" <"$IN" >/dev/full 2>"$T/g.err"
		_grc=$?
		: >"$T/o.out"
		: >"$T/g.out"
	else
		ours $_o "$@" <"$IN" >"$T/o.out" 2>"$T/o.err"
		_orc=$?
		gnu $_g "$@" <"$IN" >"$T/g.out" 2>"$T/g.err"
		_grc=$?
	fi
	if [ $SAME_GNU94 = yes ]; then
		sed -e '/^\\/b' \
		    -e '/[\\'"$cr"']/{s/\\/\\\\/g; s/'"$cr"'/\\r/g; s/^/\\/;}' \
		    "$T/g.out" >"$T/g.out94" && mv "$T/g.out94" "$T/g.out"
		_d="$_d (status lines as coreutils 9.4+ escapes them)"
	fi
	normalise "$T/o.err" "${_o%% *}" >"$T/o.errn"
	normalise "$T/g.err" "${_g%% *}" >"$T/g.errn"
	[ $_orc -eq $_grc ] || bad "exit status $_orc, coreutils $_grc"
	cmp -s "$T/o.out" "$T/g.out" || bad "stdout differs from coreutils'"
	cmp -s "$T/o.errn" "$T/g.errn" || bad "stderr differs from coreutils'"
	# a comparison that agrees on a crash would still be wrong
	[ $_orc -gt 1 ] && bad "exit status $_orc (a crash or an unexpected status)"
	verdict "$_d"
	SAME_FULL=no
	SAME_GNU94=no
	SAME_SED=
}

# PY: python3, or nothing.
PY=
if [ -x /usr/bin/python3 ]; then
	PY=/usr/bin/python3
elif have python3; then
	PY=python3
fi
