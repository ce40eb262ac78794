# fish completion for md5, sha1, sha224, sha256, sha384, sha512,
# sha512t224, sha512t256, sha512h and keccak256, the BSD-style digest tools
# of mdsum.  fish loads completions by command name, so install this file
# (or links to it) as md5.fish, sha256.fish and so on for each command.
# Whichever is loaded sets up all the commands of $names below, replacing
# what an earlier load set, so loading it again adds nothing twice.  File operands are
# completed by default.

# The commands set up here; make install cuts this line down to the ones
# it created (completions/claim.sh).
set -l names md5 sha1 sha224 sha256 sha384 sha512 sha512t224 sha512t256 sha512h keccak256

for cmd in $names
    complete -c $cmd -e
    complete -c $cmd -s b -d 'Accepted and ignored, for compatibility'
    complete -c $cmd -s c -l check -x -d 'Compare each digest with a string (exit 2 on mismatch)'
    complete -c $cmd -s p -l passthrough -d 'Copy stdin to stdout, then print its digest'
    complete -c $cmd -s q -l quiet -d 'Print the digest only (wins over -r)'
    complete -c $cmd -s r -l reverse -d 'Print the digest first, then the name'
    complete -c $cmd -s s -l string -x -d 'Print the digest of a string'
    complete -c $cmd -s t -l time-trial -d 'Time 100000 blocks of 10000 bytes on every backend'
    complete -c $cmd -s x -l self-test -d 'Run the self-test on every backend'
    complete -c $cmd -l debug -d 'Report backend and read path on stderr'
    complete -c $cmd -l mmap -d 'Read regular files by mapping them'
    complete -c $cmd -l no-mmap -d 'Read regular files with read(2)'
    complete -c $cmd -l help -d 'Print the usage line and exit'
    complete -c $cmd -l version -d 'Print the version and exit'
end
