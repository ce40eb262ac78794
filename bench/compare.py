#!/usr/bin/env python3
"""bench/compare.py: two builds of mdsum side by side, for a change that
must not cost speed.

usage: python3 bench/compare.py [--cpu N] [--runs N] [--limit PCT]
           [--quick] [--keep DIR] OLD_BIN NEW_BIN

OLD_BIN and NEW_BIN are the bin/ directories of two built trees (for
example a clone of the commit before a change and this tree).  The same
commands run through each, pinned with taskset(1) to one CPU, in
interleaved rounds (round r starts with the other build when r is odd),
so that a burst of load from a neighbour slows both rather than one; the
report gives each case's median wall-clock time per build and their
ratio, new / old.

The cases: md5, sha256, sha512h, keccak256 and blake2b over a cached
1 GiB file (`mdsum -a ALG FILE`), over 32 files of 16 MiB (`-j1`, the
multi-buffer lanes), and over 20,000 files of 1 to 256 KiB (`-j1`, the
per-file costs).  --quick makes them 64 MiB, 8 x 4 MiB and 2,000 files.
The inputs are made once in a scratch directory (or DIR with --keep,
reused when it exists) and read once before timing, so they are cached.

Exit status 1 when a case's new median is slower than its old one by more
than --limit percent (2 by default), else 0.  Python 3 standard library.
"""

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ALGS = ["md5", "sha256", "sha512h", "keccak256", "blake2b"]
MIB = 1 << 20


def make_file(path, size, rng):
    """A file of `size` pseudo-random bytes (made in 1 MiB pieces)."""
    chunk = rng.randbytes(MIB)
    with open(path, "wb") as f:
        left = size
        while left > 0:
            n = min(left, MIB)
            f.write(chunk[:n])
            left -= n


def make_corpus(top, quick):
    """The three inputs under top; returns {name: [operands]}."""
    rng = random.Random(2026)
    big_size = (64 if quick else 1024) * MIB
    n_mid, mid_size = (8, 4 * MIB) if quick else (32, 16 * MIB)
    n_small = 2000 if quick else 20000
    stamp = os.path.join(top, ".complete-%d" % quick)
    big = os.path.join(top, "big")
    mids = [os.path.join(top, "mid", "%02d" % i) for i in range(n_mid)]
    smalls = [os.path.join("small", "%05d" % i) for i in range(n_small)]
    if not os.path.exists(stamp):
        os.makedirs(os.path.join(top, "mid"), exist_ok=True)
        os.makedirs(os.path.join(top, "small"), exist_ok=True)
        make_file(big, big_size, rng)
        for m in mids:
            make_file(m, mid_size, rng)
        for s in smalls:
            with open(os.path.join(top, s), "wb") as f:
                f.write(rng.randbytes(rng.randint(1024, 256 * 1024)))
        open(stamp, "w").close()
    return {"1 file": [big], "%d x %d MiB" % (n_mid, mid_size // MIB): mids,
            "%d small" % n_small: smalls}


def warm(top):
    """Reads every input once, so that the timed runs find it cached."""
    for dirpath, _, files in os.walk(top):
        for name in files:
            with open(os.path.join(dirpath, name), "rb") as f:
                while f.read(8 * MIB):
                    pass


def run_once(cpu, mdsum, args, cwd):
    """Seconds of one run; the output must be the same for both builds,
    so it is returned too."""
    t0 = time.monotonic()
    p = subprocess.run(["taskset", "-c", cpu, mdsum] + args, cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    dt = time.monotonic() - t0
    if p.returncode != 0:
        sys.exit("%s %s: exit %d: %s" % (mdsum, " ".join(args[:3]),
                                         p.returncode, p.stderr.decode()))
    return dt, p.stdout


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cpu", default="1")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--limit", type=float, default=2.0)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--keep")
    ap.add_argument("old")
    ap.add_argument("new")
    a = ap.parse_args(argv)
    if not shutil.which("taskset"):
        sys.exit("taskset (util-linux) is needed")
    builds = [os.path.join(os.path.abspath(d), "mdsum") for d in
              (a.old, a.new)]
    for b in builds:
        if not os.access(b, os.X_OK):
            sys.exit("%s: not an executable mdsum" % b)
    top = a.keep or tempfile.mkdtemp(prefix="mdsum-compare.")
    os.makedirs(top, exist_ok=True)
    try:
        cases = make_corpus(top, a.quick)
        warm(top)
        print("| algorithm | input | old s | new s | new / old |")
        print("|---|---|---:|---:|---:|")
        worst = 0.0
        for alg in ALGS:
            for label, operands in cases.items():
                args = ["-a", alg] + (["-j1"] if len(operands) > 1
                                      else []) + operands
                times = [[], []]
                outs = [None, None]
                for r in range(a.runs + 1):
                    order = (0, 1) if r % 2 == 0 else (1, 0)
                    for i in order:
                        dt, out = run_once(a.cpu, builds[i], args, top)
                        if outs[i] is None:
                            outs[i] = out
                        if r > 0:	# round 0 is the warm-up
                            times[i].append(dt)
                if outs[0] != outs[1]:
                    sys.exit("%s %s: the builds print different digests" %
                             (alg, label))
                old, new = (statistics.median(t) for t in times)
                ratio = new / old
                worst = max(worst, ratio)
                print("| %s | %s | %.4f | %.4f | %.3f |" % (alg, label, old,
                                                           new, ratio),
                      flush=True)
        print("\nslowest ratio %.3f (limit %.3f); CPU %s, %d runs each" %
              (worst, 1 + a.limit / 100, a.cpu, a.runs))
        return 1 if worst > 1 + a.limit / 100 else 0
    finally:
        if not a.keep:
            shutil.rmtree(top, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
