#!/bin/sh
# bench/io.sh: the input paths measured side by side, pinned to one CPU:
# a page-cached file hashed from a mapping and with the read loop, and the
# same bytes through a pipe (cat f | sha256).  Prints medians of repeated
# runs and the ratios between them; BENCHMARKS.md records the results.
#
# usage: sh bench/io.sh [BINDIR] [SIZE_MIB] [RUNS]
set -eu

B=${1:-bin}
MIB=${2:-1024}
RUNS=${3:-7}
CPU=${BENCH_CPU:-1}
T=$(mktemp -d "${TMPDIR:-/tmp}/mdsum-io.XXXXXX")
trap 'rm -rf "$T"' EXIT

F=$T/data
head -c $((MIB * 1048576)) /dev/urandom >"$F"
cat "$F" >/dev/null	# into the page cache

# Median wall-clock seconds of RUNS runs of a shell command line.
median()
{
	i=0
	: >"$T/times"
	while [ $i -lt "$RUNS" ]; do
		s=$(date +%s.%N)
		sh -c "$1" >/dev/null
		e=$(date +%s.%N)
		awk -v s="$s" -v e="$e" 'BEGIN { printf "%.6f\n", e - s }' \
		    >>"$T/times"
		i=$((i + 1))
	done
	sort -n "$T/times" | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

printf '%s MiB file in page cache, CPU %s, median of %s runs (seconds)\n' \
    "$MIB" "$CPU" "$RUNS"
for alg in md5 sha256 sha512h keccak256; do
	mm=$(median "taskset -c $CPU $B/$alg --mmap $F")
	rd=$(median "taskset -c $CPU $B/$alg --no-mmap $F")
	pp=$(median "cat $F | taskset -c $CPU $B/$alg")
	awk -v a="$alg" -v m="$mm" -v r="$rd" -v p="$pp" 'BEGIN {
		b = m < r ? m : r
		printf "%-10s mmap %.3f  read %.3f  pipe %.3f  read/mmap %.3f  pipe/best %.3f\n",
		    a, m, r, p, r / m, p / b }'
done
