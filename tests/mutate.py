#!/usr/bin/env python3
"""mutate.py: are the tests still catching what they claim?

Applies the single-point bugs of tests/mutants/*.mut, one at a time, to a
scratch copy of the tree, builds it, and runs the test named for each: a
mutant whose test still passes has survived, and a test that cannot fail
is a defect.  Before the mutants, every test named is run once on the
unchanged copy and must pass there, so that a test broken for another
reason is not taken for one that caught something.

A .mut file holds blocks separated by blank lines (lines starting with
'#' are comments):

    name: short-unique-id
    file: lib/crc.c
    find: the text of one line of the file (white space around ignored)
    replace: its new text (the line's indentation is kept)
    test: a command run with sh from the top of the copy

usage: python3 tests/mutate.py [-n N] [--seed S] [--keep] [--check] [NAME...]
  NAME...   only these mutants
  -n N      a sample of N mutants, taken in turn from each file, chosen
            by --seed (default: every mutant)
  --check   only check that each mutant's line is in its file once (no
            build): the catalogue still fits the tree

Prints a line per mutant (caught, SURVIVED, or an error: the line to
change not found once, the copy not built), then "N passed, N failed"
where passed counts the mutants caught; exit status 1 if any mutant
survived or could not be run.  MAKE names the make to build with (make).
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

KEYS = ("name", "file", "find", "replace", "test")
TIMEOUT = 900  # seconds one test may take; a hang counts as caught


def parse(path):
    """The mutants of one .mut file, as dicts; exits 2 on a bad block."""
    mutants, cur, lineno = [], {}, 0
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for line in lines + [""]:
        lineno += 1
        if line.startswith("#"):
            continue
        if line.strip() == "":
            if cur:
                missing = [k for k in KEYS if k not in cur]
                if missing:
                    sys.exit("%s:%d: a mutant without %s" %
                             (path, lineno, ", ".join(missing)))
                cur["source"] = os.path.basename(path)
                mutants.append(cur)
                cur = {}
            continue
        key, sep, value = line.partition(":")
        if not sep or key not in KEYS or key in cur:
            sys.exit("%s:%d: not a 'key: value' line of a mutant" %
                     (path, lineno))
        cur[key] = value.strip()
    return mutants


def run(cmd, cwd, log, timeout=None):
    """Runs cmd (a list or a shell string) in cwd, its output appended to
    log; returns its exit status, or None if it timed out."""
    with open(log, "ab") as out:
        try:
            return subprocess.call(cmd, cwd=cwd, stdout=out, stderr=out,
                                   stdin=subprocess.DEVNULL,
                                   shell=isinstance(cmd, str),
                                   timeout=timeout)
        except subprocess.TimeoutExpired:
            return None


def copy_tree(top, dst):
    """The tree's files as git knows them (tracked, and new ones it does
    not ignore), or all of it outside a checkout."""
    if os.path.isdir(os.path.join(top, ".git")):
        names = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others",
             "--exclude-standard"], cwd=top, check=True,
            stdout=subprocess.PIPE).stdout.split(b"\0")
        for n in names:
            if not n:
                continue
            n = os.fsdecode(n)
            src = os.path.join(top, n)
            if not os.path.lexists(src):
                continue  # deleted, not yet committed
            os.makedirs(os.path.dirname(os.path.join(dst, n)) or dst,
                        exist_ok=True)
            shutil.copy2(src, os.path.join(dst, n), follow_symlinks=False)
    else:
        shutil.copytree(top, dst, symlinks=True, dirs_exist_ok=True)


def mutate(text, m):
    """text with m applied, or None if its line is not there exactly once."""
    lines = text.split("\n")
    hits = [i for i, l in enumerate(lines) if l.strip() == m["find"]]
    if len(hits) != 1:
        return None
    i = hits[0]
    indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
    lines[i] = indent + m["replace"]
    return "\n".join(lines)


def sample(mutants, n, seed):
    """n mutants, taken in turn from each file, each file's order shuffled."""
    rng = random.Random(seed)
    by_file = {}
    for m in mutants:
        by_file.setdefault(m["source"], []).append(m)
    queues = [by_file[k] for k in sorted(by_file)]
    for q in queues:
        rng.shuffle(q)
    rng.shuffle(queues)
    picked = []
    while len(picked) < n and any(queues):
        for q in queues:
            if q and len(picked) < n:
                picked.append(q.pop())
    return picked


def main():
    ap = argparse.ArgumentParser(add_help=True)
    ap.add_argument("-n", type=int, default=0)
    ap.add_argument("--seed", default="0")
    ap.add_argument("--keep", action="store_true",
                    help="keep the scratch copy")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()

    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    mdir = os.path.join(top, "tests", "mutants")
    mutants = []
    for f in sorted(os.listdir(mdir)):
        if f.endswith(".mut"):
            mutants += parse(os.path.join(mdir, f))
    names = [m["name"] for m in mutants]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        sys.exit("mutate.py: mutants named twice: " + ", ".join(dup))
    if args.names:
        unknown = [n for n in args.names if n not in names]
        if unknown:
            sys.exit("mutate.py: no such mutant: " + ", ".join(unknown))
        mutants = [m for m in mutants if m["name"] in args.names]
    elif args.n > 0:
        mutants = sample(mutants, args.n, args.seed)

    if args.check:
        bad = 0
        for m in mutants:
            try:
                with open(os.path.join(top, m["file"]),
                          encoding="utf-8") as f:
                    ok = mutate(f.read(), m) is not None
            except OSError:
                ok = False
            if not ok:
                print("not ok - %s: %s: the line to change is not there "
                      "once: %s" % (m["name"], m["file"], m["find"]))
                bad += 1
        print("%d passed, %d failed" % (len(mutants) - bad, bad))
        sys.exit(1 if bad else 0)

    make = os.environ.get("MAKE", "make").split()
    build = make + ["all", "tests/run", "tests/eio_shim.so"]
    scratch = tempfile.mkdtemp(prefix="mdsum-mutate.")
    log = os.path.join(scratch, "log")
    tree = os.path.join(scratch, "tree")
    os.mkdir(tree)
    copy_tree(top, tree)
    print("# %d mutants, in %s" % (len(mutants), tree), flush=True)
    # The object files of the top tree are not copied: one full build.
    if run(build, tree, log) != 0:
        print("not ok - the unchanged copy does not build (see %s)" % log)
        sys.exit(1)

    failed = 0
    # Each test must pass on the unchanged copy first.
    for cmd in sorted({m["test"] for m in mutants}):
        if run(cmd, tree, log, TIMEOUT) != 0:
            print("not ok - test fails without a mutant: %s" % cmd)
            failed += 1
    if failed:
        print("0 passed, %d failed" % failed)
        sys.exit(1)

    caught = 0
    for m in mutants:
        path = os.path.join(tree, m["file"])
        start = time.time()
        try:
            with open(path, encoding="utf-8") as f:
                orig = f.read()
        except OSError as e:
            print("not ok - %s: %s" % (m["name"], e))
            failed += 1
            continue
        new = mutate(orig, m)
        if new is None:
            print("not ok - %s: %s: the line to change is not there once: %s"
                  % (m["name"], m["file"], m["find"]))
            failed += 1
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
        with open(log, "a") as lf:
            lf.write("\n=== %s\n" % m["name"])
        if run(build, tree, log) != 0:
            verdict = "not ok - %s: the mutant does not build" % m["name"]
            failed += 1
        else:
            rc = run(m["test"], tree, log, TIMEOUT)
            if rc == 0:
                verdict = "not ok - SURVIVED %s (%s): %s" % (
                    m["name"], m["file"], m["test"])
                failed += 1
            else:
                verdict = "ok - caught %s (%s)%s" % (
                    m["name"], m["file"],
                    ", timed out" if rc is None else "")
                caught += 1
        with open(path, "w", encoding="utf-8") as f:
            f.write(orig)
        print("%s [%.0f s]" % (verdict, time.time() - start), flush=True)
    # The copy as it was, for --keep.
    run(build, tree, log)
    if failed:
        print("# the log of the builds and tests: %s" % log)
    elif not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    print("%d passed, %d failed" % (caught, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
