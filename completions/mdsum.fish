# fish completion for mdsum, its coreutils-style names cksum, b2sum,
# md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum, sha512hsum
# and keccak256sum, b3sum, and sum.  fish loads completions by command name,
# so install this file (or links to it) as mdsum.fish, cksum.fish,
# b2sum.fish, md5sum.fish and so on; a file in ~/.config/fish/completions
# hides the one fish ships for a coreutils command of the same name.
# Whichever is loaded sets up all the commands of $names below, replacing
# what an earlier load set.  File operands are completed by default.

# The algorithms of `mdsum --list', in registry order.  tests/completions.sh
# checks that this list, mdsum.bash and _mdsum agree with the program.
function __mdsum_algorithms
    printf '%s\n' md5 sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256 sha512h sha3-224 sha3-256 sha3-384 sha3-512 keccak256 sm3 blake2b blake3 crc crc32b sysv bsd
end

# -a takes a comma-separated list: offer each algorithm after whatever
# complete list elements the current token already holds.
function __mdsum_algorithm_list
    set -l tok (commandline -ct)
    set tok (string replace -r -- '^(--algorithm=|-a)' '' $tok)
    set -l head (string match -r -- '^.*,' $tok)
    for a in (__mdsum_algorithms)
        printf '%s%s\n' "$head" $a
    end
end

# The commands set up here; make install cuts this line down to the ones
# it created (completions/claim.sh), so that a plain install leaves
# coreutils' cksum, md5sum and the others to fish's own completions.
set -l names mdsum cksum b2sum md5sum sha1sum sha224sum sha256sum sha384sum sha512sum sha512hsum keccak256sum b3sum sum

for cmd in $names
    complete -c $cmd -e
    # b3sum and sum have options of their own, below
    contains $cmd b3sum sum; and continue
    complete -c $cmd -s b -l binary -d 'Mark untagged lines with * (binary mode)'
    complete -c $cmd -s t -l text -d 'Mark untagged lines with a space (text mode)'
    complete -c $cmd -s z -l zero -d 'End lines with NUL, do not escape names'
    complete -c $cmd -s c -l check -d 'Read manifests and verify the files they list'
    complete -c $cmd -l ignore-missing -d 'With -c, skip listed files that do not exist'
    complete -c $cmd -l quiet -d 'With -c, do not print OK lines'
    complete -c $cmd -l status -d 'With -c, print nothing; the exit status tells'
    complete -c $cmd -l strict -d 'With -c, fail on improperly formatted lines'
    complete -c $cmd -s w -l warn -d 'With -c, report improperly formatted lines'
    complete -c $cmd -l tag -d 'Write tagged lines: SHA256 (file) = digest'
    complete -c $cmd -l help -d 'Print a summary of the options and exit'
    complete -c $cmd -l version -d 'Print the version and exit'
end

# -l/--length: blake2b (mdsum, cksum, b2sum), sha2 and sha3 (mdsum, cksum).
for c in mdsum cksum b2sum
    contains $c $names; or continue
    complete -c $c -s l -l length -x -a '224 256 384 512' -d 'Digest length in bits'
end
for c in mdsum cksum
    contains $c $names; or continue
    complete -c $c -l untagged -d 'Write digest, two spaces, name'
    complete -c $c -l base64 -d 'Write digests in base64'
    complete -c $c -l raw -d 'Write the digest of the one file as bytes'
    complete -c $c -l debug -d 'Report how each input is hashed on stderr'
end
# cksum -a takes coreutils' names, one of them; sha2 and sha3 want -l.
contains cksum $names; and complete -c cksum -s a -l algorithm -x -a 'bsd sysv crc crc32b md5 sha1 sha224 sha256 sha384 sha512 sha2 sha3 blake2b sm3' -d 'Digest algorithm'

# Only mdsum itself: md5sum and the others have a fixed algorithm.
complete -c mdsum -s a -l algorithm -x -a '(__mdsum_algorithm_list)' -d 'Digest algorithms, comma-separated'
complete -c mdsum -l no-names -d 'Write the digest only'
complete -c mdsum -l json -d 'Write one JSON object per line'
complete -c mdsum -l expect -x -d 'Verify the one file against a digest'
complete -c mdsum -s C -l checklist -r -F -d 'Verify only the named files against a manifest'
complete -c mdsum -l audit -r -F -d 'Compare the files with a manifest: ok, changed, moved, new, missing'
complete -c mdsum -l files0-from -r -F -d 'Read NUL-separated file names from a file or -'
complete -c mdsum -l update -r -F -d 'Append lines for the files a manifest does not list'
complete -c mdsum -l prune -d 'With --update: drop the lines of files now gone'
complete -c mdsum -l refresh -d 'With --update: rewrite the lines of files changed'
complete -c mdsum -s A -l archive -d 'Operands are archives: hash their regular members'
complete -c mdsum -s R -l recursive -d 'Descend into directories, in sorted order'
complete -c mdsum -s L -l follow -d 'With -R, follow symbolic links in the trees'
complete -c mdsum -l exclude -x -d 'With -R, leave out what a glob matches'
complete -c mdsum -l include -x -d 'With -R, keep what a glob matches'
complete -c mdsum -l max-depth -x -d 'With -R, walk at most N levels below the operands'
complete -c mdsum -l one-file-system -d 'With -R, do not descend into other file systems'
complete -c mdsum -s j -l jobs -x -d 'Hash this many files in parallel'
complete -c mdsum -l progress -d 'Show progress on stderr when it is a terminal'
complete -c mdsum -l keyed -d 'BLAKE3 keyed by the 32 bytes of standard input'
complete -c mdsum -l derive-key -x -d 'BLAKE3 key derived from each file'
complete -c mdsum -l mmap -d 'Read regular files by mapping them'
complete -c mdsum -l no-mmap -d 'Read regular files with read(2)'
complete -c mdsum -l no-multibuffer -d 'Hash one file at a time per job, not several side by side'
complete -c mdsum -l backend -x -a 'portable native libmd openssl' -d 'Use this implementation'
complete -c mdsum -l list -d 'List algorithms, backends and dispatch levels'
complete -c mdsum -l bench -d 'Measure every algorithm on every backend'
complete -c mdsum -l size -x -d 'With --bench: one message size in bytes'
complete -c mdsum -s x -l self-test -d 'Check every algorithm on every implementation against known digests'

# BLAKE3's b3sum: its options, none of coreutils'.
if contains b3sum $names
    complete -c b3sum -s c -l check -d 'Read BLAKE3 sums from the files and check them'
    complete -c b3sum -l quiet -d 'With -c, do not print OK lines'
    complete -c b3sum -l keyed -d 'Keyed hash, the 32-byte key read from stdin'
    complete -c b3sum -l derive-key -x -d 'Derive a key, with this context string'
    complete -c b3sum -s l -l length -x -d 'Output bytes, before hex (default 32)'
    complete -c b3sum -l no-names -d 'Write the digest only'
    complete -c b3sum -l raw -d 'Write the output bytes of the one file'
    complete -c b3sum -l no-mmap -d 'Read files with read(2), not by mapping them'
    complete -c b3sum -l num-threads -x -d 'Hash this many files at once'
    complete -c b3sum -s h -l help -d 'Print a summary of the options and exit'
    complete -c b3sum -s V -l version -d 'Print the version and exit'
end

# coreutils' sum: BSD's checksum or System V's.
if contains sum $names
    complete -c sum -s r -d 'BSD checksum, size in 1024-byte blocks (the default)'
    complete -c sum -s s -l sysv -d 'System V checksum, size in 512-byte blocks'
    complete -c sum -l help -d 'Print a summary of the options and exit'
    complete -c sum -l version -d 'Print the version and exit'
end
