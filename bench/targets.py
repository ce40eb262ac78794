#!/usr/bin/env python3
"""bench/targets.py: the speed targets of the defaults, against the peers.

usage: python3 bench/targets.py BINDIR FILE DIR [ROUNDS] [ONLY,...]

FILE is a large file (1 GiB), DIR holds the many files (32 of 16 MiB);
both should be in the page cache. Each of our commands and its peer run
in turn, ROUNDS times (default 5), pinned with taskset; the medians and
their ratio are printed with the target. Standard library only.
"""

import statistics
import subprocess
import sys
import time


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    b, f, d = argv[1], argv[2], argv[3] + "/*"
    rounds = int(argv[4]) if len(argv) > 4 else 5
    only = argv[5].split(",") if len(argv) > 5 else None
    one = "taskset -c 1 "
    rows = [
        ("md5, file", one + b + "/md5 -q " + f,
         one + "openssl dgst -md5 " + f, 1.2),
        ("sha256, file", one + b + "/sha256 -q " + f,
         one + "openssl dgst -sha256 " + f, 1.2),
        ("sha512h, file", one + b + "/sha512h -q " + f,
         one + "openssl dgst -sha512 " + f, 1.05),
        ("keccak256, file", one + b + "/keccak256 -q " + f,
         one + "openssl dgst -sha3-256 " + f, 1.3),
        ("md5, many files -j1", one + b + "/mdsum -j1 -a md5 " + d,
         one + "md5sum " + d, 5),
        ("sha256, many files -j1", one + b + "/mdsum -j1 -a sha256 " + d,
         one + "sha256sum " + d, 6),
        ("cat file | md5", "taskset -c 0 cat " + f + " | " + one + b +
         "/md5", "taskset -c 0 cat " + f + " | " + one + "openssl md5",
         1.1),
    ]
    for name, ours, peer, target in rows:
        if only and not any(o in name for o in only):
            continue
        t = ([], [])
        for r in range(rounds):
            for k in ((0, 1) if r % 2 == 0 else (1, 0)):
                t0 = time.monotonic()
                subprocess.run((ours, peer)[k], shell=True, check=True,
                               stdout=subprocess.DEVNULL)
                t[k].append(time.monotonic() - t0)
        mo, mp = statistics.median(t[0]), statistics.median(t[1])
        print("%-24s ours %7.3f s  peer %7.3f s  %5.2fx  target %sx: %s"
              % (name, mo, mp, mp / mo, target,
                 "met" if mp / mo >= target else "not met"), flush=True)


if __name__ == "__main__":
    main(sys.argv)
