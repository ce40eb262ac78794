#!/usr/bin/env python3
"""blake3.py: BLAKE3's targets, mdsum against b3sum, on this machine.

usage: python3 bench/blake3.py [RUNS=n] [BIG=bytes] [FILES=n] [DIR=path]

Every case is timed RUNS times (default 7), the tools of a case in turn
(interleaved, so that a noisy minute hurts both), pinned with taskset,
from cached files; the table gives medians and the ratio of the peer's
median to mdsum's (above 1: mdsum is faster).  The cases:

  one core      a BIG file (default 1 GiB), taskset -c 1: mdsum -a blake3
                against b3sum --num-threads 1 (mapped, its default) and
                b3sum --no-mmap; the bound beside it: reading the file
                (dd, 256 KiB reads) plus hashing it in memory (mdsum
                --bench, 1 MiB messages)
  two cores     the same file, taskset -c 0,1: mdsum against b3sum, mapped
                and --no-mmap, and against mdsum on one core
  files         FILES files (default 20,000) of 1 to 256 KiB, one core:
                mdsum -a blake3 against b3sum --num-threads 1
  pipe          cat BIG | mdsum -a blake3 against cat BIG | b3sum (cat on
                CPU 0, the tool on CPU 1)

The files are made once in DIR (default /tmp/mdsum-bench-blake3) and
kept.  The CPU model is printed first, for BENCHMARKS.md.
"""

import os
import random
import shutil
import statistics
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MDSUM = os.path.join(TOP, "bin", "mdsum")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def timed(cmd, shell=False):
    t = time.perf_counter()
    subprocess.run(cmd, shell=shell, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def interleaved(cases, runs):
    """cases: [(label, cmd, shell)]; the medians by label."""
    times = {label: [] for label, _, _ in cases}
    for label, cmd, shell in cases:	# warm-up, and the caches
        timed(cmd, shell)
    for _ in range(runs):
        for label, cmd, shell in cases:
            times[label].append(timed(cmd, shell))
    return {k: statistics.median(v) for k, v in times.items()}


def make_big(path, size):
    if os.path.exists(path) and os.path.getsize(path) == size:
        return
    rng = random.Random(3)
    with open(path, "wb") as f:
        left = size
        while left > 0:
            n = min(left, 1 << 20)
            f.write(rng.randbytes(n))
            left -= n


def make_files(d, n):
    stamp = os.path.join(d, "files-%d" % n)
    if os.path.exists(stamp):
        return sorted(os.path.join(d, "f", x)
                      for x in os.listdir(os.path.join(d, "f")))
    shutil.rmtree(os.path.join(d, "f"), ignore_errors=True)
    os.makedirs(os.path.join(d, "f"))
    rng = random.Random(5)
    block = rng.randbytes(256 * 1024)
    names = []
    for i in range(n):
        p = os.path.join(d, "f", "%05d" % i)
        with open(p, "wb") as f:
            f.write(block[:rng.randint(1024, 256 * 1024)])
        names.append(p)
    open(stamp, "w").close()
    return names


def in_memory_seconds(size):
    """mdsum --bench's median MB/s for blake3, native, 1 MiB messages."""
    out = subprocess.run(["taskset", "-c", "1", MDSUM, "--bench", "-a",
                          "blake3", "--backend=native", "--size=1048576"],
                         check=True, capture_output=True, text=True).stdout
    best = 0.0
    for line in out.splitlines():
        f = line.split()
        if len(f) > 5 and f[0] == "blake3" and f[1] == "native":
            best = max(best, float(f[4]))
    return size / (best * 1e6), best


def row(label, secs, base=None):
    r = "| %s | %.3f s |" % (label, secs)
    return r + (" %.2f |" % (secs / base) if base else " |")


def main(argv):
    opts = {"RUNS": "7", "BIG": str(1 << 30), "FILES": "20000",
            "DIR": "/tmp/mdsum-bench-blake3"}
    for a in argv[1:]:
        k, eq, v = a.partition("=")
        if not eq or k not in opts:
            print(__doc__.split("\n\n")[1], file=sys.stderr)
            return 2
        opts[k] = v
    runs, size, nfiles = int(opts["RUNS"]), int(opts["BIG"]), \
        int(opts["FILES"])
    if shutil.which("b3sum") is None:
        print("b3sum is not installed", file=sys.stderr)
        return 1
    os.makedirs(opts["DIR"], exist_ok=True)
    big = os.path.join(opts["DIR"], "big")
    make_big(big, size)
    files = make_files(opts["DIR"], nfiles)
    one = ["taskset", "-c", "1"]
    two = ["taskset", "-c", "0,1"]

    print("CPU: %s; %d runs a case, medians; %s" % (
        cpu_model(), runs, subprocess.run(["b3sum", "--version"],
                                          capture_output=True,
                                          text=True).stdout.strip()))
    print()
    m = interleaved([
        ("mdsum -a blake3", one + [MDSUM, "-a", "blake3", big], False),
        ("b3sum --num-threads 1", one + ["b3sum", "--num-threads", "1", big],
         False),
        ("b3sum --no-mmap", one + ["b3sum", "--no-mmap", big], False),
        ("dd bs=256k (the read alone)", one + ["dd", "if=" + big,
                                               "of=/dev/null", "bs=256k",
                                               "status=none"], False),
    ], runs)
    mem, mbs = in_memory_seconds(size)
    peer = min(m["b3sum --num-threads 1"], m["b3sum --no-mmap"])
    bound = m["dd bs=256k (the read alone)"] + mem
    print("One %d MiB file, one core (taskset -c 1); ratio: the time over "
          "mdsum's" % (size >> 20))
    print()
    print("| case | median | ratio |")
    print("|---|---|---|")
    base = m["mdsum -a blake3"]
    for k in ("mdsum -a blake3", "b3sum --num-threads 1", "b3sum --no-mmap",
              "dd bs=256k (the read alone)"):
        print(row(k, m[k], base))
    print(row("in memory (mdsum --bench, %.0f MB/s)" % mbs, mem, base))
    print(row("bound: the read + in memory", bound, base))
    print()
    print("mdsum against the faster b3sum: %.2fx; mdsum over the bound: "
          "%+.0f%%" % (peer / base, 100 * (base / bound - 1)))
    print()

    m2 = interleaved([
        ("mdsum -a blake3, 2 cores", two + [MDSUM, "-a", "blake3", big],
         False),
        ("mdsum -a blake3 -j1", two + [MDSUM, "-j1", "-a", "blake3", big],
         False),
        ("b3sum, 2 cores", two + ["b3sum", big], False),
        ("b3sum --no-mmap, 2 cores", two + ["b3sum", "--no-mmap", big],
         False),
    ], runs)
    base = m2["mdsum -a blake3, 2 cores"]
    print("The same file, two cores (taskset -c 0,1)")
    print()
    print("| case | median | ratio |")
    print("|---|---|---|")
    for k in m2:
        print(row(k, m2[k], base))
    print(row("mdsum -a blake3, one core (above)", m["mdsum -a blake3"],
              base))
    print()
    print("two cores over one: %.2fx; over b3sum's best on two: %.2fx" % (
        m["mdsum -a blake3"] / base,
        min(m2["b3sum, 2 cores"], m2["b3sum --no-mmap, 2 cores"]) / base))
    print()

    m3 = interleaved([
        ("mdsum -a blake3", one + [MDSUM, "-a", "blake3"] + files, False),
        ("b3sum --num-threads 1", one + ["b3sum", "--num-threads", "1"] +
         files, False),
    ], max(3, runs // 2))
    base = m3["mdsum -a blake3"]
    print("%d files of 1 to 256 KiB, one core (taskset -c 1)" % nfiles)
    print()
    print("| case | median | ratio |")
    print("|---|---|---|")
    for k in m3:
        print(row(k, m3[k], base))
    print()

    m4 = interleaved([
        ("cat | mdsum -a blake3", "taskset -c 0 cat %s | taskset -c 1 %s "
         "-a blake3" % (big, MDSUM), True),
        ("cat | b3sum", "taskset -c 0 cat %s | taskset -c 1 b3sum" % big,
         True),
    ], runs)
    base = m4["cat | mdsum -a blake3"]
    print("A pipe: cat on CPU 0, the tool on CPU 1")
    print()
    print("| case | median | ratio |")
    print("|---|---|---|")
    for k in m4:
        print(row(k, m4[k], base))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
