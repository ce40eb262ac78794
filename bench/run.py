#!/usr/bin/env python3
"""bench/run.py: mdsum's benchmarks against its peers, one run, pinned.

usage: python3 bench/run.py [QUICK=1] [ONLY=name,...] [TIMER=loop]
           [CC=cc] [CFLAGS=...]
       python3 bench/run.py --check-bench < output-of-mdsum--bench

`make bench` runs it from the top of the tree after building bin/mdsum,
bench/xrp, bench/short and bench/batch.  It runs every benchmark of issue
6 on this machine, each command pinned with taskset(1), and writes the
tables, the machine they ran on and the commands into BENCHMARKS.md
between the bench:begin and bench:end markers, with one gnuplot chart per
table in bench/charts/.

QUICK=1 takes fewer and smaller runs (under a minute) and writes its report
to bench/out/ instead, leaving BENCHMARKS.md and bench/charts/ alone; so
does ONLY=, which runs only the named sections (bench, file, pipe, xrp,
small, jobs, memory, startup, short, multibuffer, defaults) and is meant
for working on one of them.

The defaults section (`make bench-defaults` is its quick form) times the
default of md5, sha256, sha512h and keccak256 against every setting that
forces another way (the kernels and backends `mdsum --list` measured on
this CPU, --mmap, --no-mmap, --no-multibuffer); a setting faster than the
default by more than 3% and by more than the noise, twice, is a problem,
so the run exits 1.

Timing uses hyperfine where it is installed, else a loop of its own: both
run the commands of one table round-robin (round r starts with command r),
so that a burst of load from a neighbour slows every command a little
rather than one a lot, and report medians.  Ratios compare commands timed
in the same rounds.  TIMER=loop uses the loop even where hyperfine is
installed.  CC and CFLAGS only label the report (`make bench` passes its
own).  Python 3 standard library only.

--check-bench reads `mdsum --bench` output on standard input and checks its
shape (the comment line, the header, seven columns per row) and that the
digests agree across rows of one algorithm and size; exit 0 or 1.
"""

import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "bin")
MARK_BEGIN = "<!-- bench:begin -->"
MARK_END = "<!-- bench:end -->"
MIB = 1 << 20
GIB = 1 << 30
SECTIONS = ["bench", "file", "pipe", "xrp", "small", "jobs", "memory",
            "startup", "short", "multibuffer", "defaults", "family"]

# Sizes and repeats: the full run and QUICK=1.
FULL = {
    "bench_args": [],
    "file_bytes": GIB, "file_rounds": 5,
    "pipe_rounds": 5,
    "xrp": [("XRP Ledger slices", 100000, 100000, 1, 5),
            ("short messages", 400000, 1024, 1, 5)],
    "small_files": 20000, "small_rounds": 5,
    "jobs_files": 64, "jobs_bytes": 16 * MIB, "jobs_rounds": 3,
    "sparse_bytes": 4 * GIB, "archive_bytes": GIB,
    "startup_rounds": 5, "startup_runs": 40,
    "short_calls": 200000, "short_rounds": 7,
    "mb_files": 64, "mb_bytes": 16 * MIB, "mb_rounds": 3,
    "mb_check_files": 20000, "mb_check_rounds": 5,
    "batch_keccak": 1000000, "batch_xrp": (100000, 100000, 1),
    "batch_rounds": 5,
    "def_bytes": 256 * MIB, "def_files": 32, "def_each": 16 * MIB,
    "def_rounds": 9, "def_confirm": 9,
    "fam_bytes": 512 * MIB, "fam_rounds": 5,
}
QUICK = {
    "bench_args": ["--size=16384"],
    "file_bytes": 64 * MIB, "file_rounds": 3,
    "pipe_rounds": 3,
    "xrp": [("XRP Ledger slices", 10000, 100000, 10, 3),
            ("short messages", 40000, 1024, 1, 3)],
    "small_files": 2000, "small_rounds": 3,
    "jobs_files": 16, "jobs_bytes": 4 * MIB, "jobs_rounds": 3,
    "sparse_bytes": 256 * MIB, "archive_bytes": 64 * MIB,
    "startup_rounds": 3, "startup_runs": 20,
    "short_calls": 20000, "short_rounds": 3,
    "mb_files": 16, "mb_bytes": 4 * MIB, "mb_rounds": 3,
    "mb_check_files": 2000, "mb_check_rounds": 3,
    "batch_keccak": 100000, "batch_xrp": (10000, 100000, 10),
    "batch_rounds": 3,
    "def_bytes": 256 * MIB, "def_files": 32, "def_each": 16 * MIB,
    "def_rounds": 5, "def_confirm": 7,
    "fam_bytes": 64 * MIB, "fam_rounds": 3,
}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class BenchError(Exception):
    pass


# ---------------------------------------------------------------------------
# mdsum --bench output: parsing and checking (also used by --check-bench).

def parse_bench(text):
    """Returns (comment, rows, problems); rows are dicts."""
    problems = []
    comment = None
    header = None
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if line.startswith("#"):
            if comment is None and header is None:
                comment = line[1:].strip()
            continue
        words = line.split()
        if header is None:
            if comment is None:
                problems.append("line %d: no # comment line first" % n)
            if words[0] != "algorithm":
                problems.append("line %d: header does not start with "
                                "'algorithm': %s" % (n, line))
            header = words
            continue
        if len(words) != 7:
            problems.append("line %d: %d columns, not 7: %s"
                            % (n, len(words), line))
            continue
        alg, backend, level, size, mbs, cpb, digest = words
        try:
            row = {"alg": alg, "backend": backend, "level": level,
                   "bytes": int(size), "mbs": float(mbs),
                   "cpb": None if cpb == "-" else float(cpb),
                   "digest": digest.lower()}
        except ValueError:
            problems.append("line %d: not numbers: %s" % (n, line))
            continue
        if not re.fullmatch(r"[0-9a-f]{8,}", row["digest"]):
            problems.append("line %d: digest is not hex: %s" % (n, digest))
        if row["mbs"] <= 0:
            problems.append("line %d: MB/s is not positive" % n)
        rows.append(row)
    if header is None:
        problems.append("no header line")
    elif not rows:
        problems.append("no rows")
    seen = {}
    for r in rows:
        key = (r["alg"], r["bytes"])
        if key in seen and seen[key] != r["digest"]:
            problems.append("%s, %d bytes: digests disagree (%s: %s, "
                            "first row: %s)" % (r["alg"], r["bytes"],
                                                impl_label(r), r["digest"],
                                                seen[key]))
        seen.setdefault(key, r["digest"])
    return comment, rows, problems


def impl_label(r):
    if r["level"] in ("-", r["backend"]):
        return r["backend"]
    return "%s/%s" % (r["backend"], r["level"])


def check_bench_main():
    comment, rows, problems = parse_bench(sys.stdin.read())
    for p in problems:
        print("mdsum --bench: " + p, file=sys.stderr)
    if problems:
        return 1
    print("mdsum --bench: %d rows, digests agree" % len(rows))
    return 0


# ---------------------------------------------------------------------------
# Running and timing commands.

def q(args):
    return " ".join(shlex.quote(a) for a in args)


class Runner:
    """Times groups of commands round-robin; hyperfine if installed."""

    def __init__(self, tmp, timer):
        self.tmp = tmp
        self.hyperfine = shutil.which("hyperfine") if timer != "loop" \
            else None
        self.njson = 0

    def measure(self, cmds, rounds, cpus, runs=1, shell=False, cwd=None):
        """cmds: [(name, argv or shell string)].  The timer itself runs
        pinned to cpus, so the commands inherit the mask unless they set
        their own.  Returns {name: {"times": [...], "cpu": [...]}}."""
        res = {name: {"times": [], "cpu": []} for name, _ in cmds}
        for r in range(rounds):
            order = cmds[r % len(cmds):] + cmds[:r % len(cmds)]
            if self.hyperfine:
                self._hyperfine(order, runs, cpus, shell, cwd, res)
            else:
                self._loop(order, runs, cpus, shell, cwd, res)
        return res

    def _hyperfine(self, cmds, runs, cpus, shell, cwd, res):
        self.njson += 1
        out = os.path.join(self.tmp, "hf%d.json" % self.njson)
        args = ["taskset", "-c", cpus, self.hyperfine, "--style", "none",
                "--runs", str(runs), "--export-json", out]
        if not shell:
            args.append("-N")
        for name, cmd in cmds:
            args += ["-n", name, cmd if shell else q(cmd)]
        p = subprocess.run(args, cwd=cwd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            raise BenchError("hyperfine failed: %s\n%s"
                             % (q(args)[:300], p.stderr[-2000:]))
        with open(out) as f:
            data = json.load(f)
        for r in data["results"]:
            d = res[r["command"]]
            d["times"] += r["times"]
            d["cpu"].append(r["user"] + r["system"])

    def _loop(self, cmds, runs, cpus, shell, cwd, res):
        mask = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {int(c) for c in cpus.split(",")})
        try:
            for name, cmd in cmds:
                self._loop1(name, ["sh", "-c", cmd] if shell else cmd, runs,
                            cwd, res)
        finally:
            os.sched_setaffinity(0, mask)

    def _loop1(self, name, argv, runs, cwd, res):
        cpu = []
        for _ in range(runs):
            t0 = time.perf_counter()
            p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL)
            _, status, ru = os.wait4(p.pid, 0)
            t = time.perf_counter() - t0
            p.returncode = os.waitstatus_to_exitcode(status)
            if p.returncode != 0:
                raise BenchError("failed (%d): %s"
                                 % (p.returncode, q(argv)[:300]))
            res[name]["times"].append(t)
            cpu.append(ru.ru_utime + ru.ru_stime)
        res[name]["cpu"].append(statistics.mean(cpu))

    def timer_name(self):
        if self.hyperfine:
            return capture([self.hyperfine, "--version"]).strip()
        return ("the harness's own loop (wall clock from fork to wait4, "
                "process time from wait4's rusage)")


def capture(argv, cpus=None, cwd=None, shell=False, check=True):
    """Runs a command once (pinned if cpus), returns its standard output."""
    if shell:
        argv = ["sh", "-c", argv]
    if cpus is not None:
        argv = ["taskset", "-c", cpus] + argv
    p = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if check and p.returncode != 0:
        raise BenchError("failed (%d): %s\n%s"
                         % (p.returncode, q(argv)[:300],
                            p.stderr.decode(errors="replace")[-1000:]))
    return p.stdout.decode(errors="replace")


def cpu_sample():
    """(seconds, busy CPU seconds of the whole machine, stolen seconds,
    CPU seconds of this process and the children it waited for)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    hz = os.sysconf("SC_CLK_TCK")
    t = os.times()
    busy = v[0] + v[1] + v[2] + v[5] + v[6]
    return (time.monotonic(), busy / hz, v[7] / hz,
            t.user + t.system + t.children_user + t.children_system)


def other_load(a, b):
    """(elapsed, share of all CPUs used by others, share stolen)."""
    el = b[0] - a[0]
    cap = el * len(os.sched_getaffinity(0)) or 1
    other = max(0.0, (b[1] - a[1]) - (b[3] - a[3]))
    return el, other / cap, (b[2] - a[2]) / cap


def first_hex(text, minlen=32):
    m = re.search(r"\b[0-9a-fA-F]{%d,}\b" % minlen, text)
    return m.group(0).lower() if m else None


def med(xs):
    return statistics.median(xs)


DEF_MARGIN = 0.03


def beats(td, ta):
    """Times of the default and of a setting, taken in turns (round r of
    each side by side): (the median of the per-round speed-ups td/ta,
    their median absolute deviation, and whether the setting is faster
    than the default by more than DEF_MARGIN and by more than the noise:
    the speed-up's excess over 1 more than twice that deviation)."""
    xs = [d / a for d, a in zip(td, ta)]
    x = med(xs)
    dev = med([abs(y - x) for y in xs])
    return x, dev, x > 1 + DEF_MARGIN and x - 1 > 2 * dev


# ---------------------------------------------------------------------------
# Formatting.

def fmt_ratio(x):
    return "-" if x is None else "%.2f" % x


def fmt_mbs(x):
    if x is None:
        return "-"
    return "%.0f" % x if x >= 100 else "%.1f" % x


def fmt_size(n):
    for unit, m in (("GiB", GIB), ("MiB", MIB), ("KiB", 1024)):
        if n >= m and n % m == 0:
            return "%d %s" % (n // m, unit)
    return "%d B" % n


def fmt_secs(s):
    if s >= 1:
        return "%.2f s" % s
    if s >= 0.001:
        return "%.1f ms" % (s * 1e3)
    return "%.0f us" % (s * 1e6)


def table(header, rows):
    out = ["| " + " | ".join(h.replace("|", "\\|") for h in header) + " |",
           "|" + "|".join("---" for _ in header) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(c).replace("|", "\\|")
                                     for c in r) + " |")
    return "\n".join(out)


def codeblock(lines):
    return "```\n" + "\n".join(lines) + "\n```"


# ---------------------------------------------------------------------------
# Charts (gnuplot).

class Charts:
    def __init__(self, tmp, outdir, linkdir):
        self.tmp = tmp
        self.outdir = outdir		# where the PNGs go
        self.linkdir = linkdir		# the same, relative to the report
        self.gnuplot = shutil.which("gnuplot")

    def _plot(self, name, script):
        if not self.gnuplot:
            return "(no chart: gnuplot is not installed; see .ci/bench-deps)"
        os.makedirs(self.outdir, exist_ok=True)
        png = os.path.join(self.outdir, name + ".png")
        gp = os.path.join(self.tmp, name + ".gp")
        head = ('set terminal pngcairo size 960,%d font "DejaVu Sans,10" '
                'noenhanced\nset output %s\n' % (self.height, gpq(png)))
        with open(gp, "w") as f:
            f.write(head + script)
        p = subprocess.run([self.gnuplot, gp], stderr=subprocess.PIPE,
                           text=True)
        if p.returncode != 0:
            raise BenchError("gnuplot failed on %s:\n%s" % (gp, p.stderr))
        return "![%s](%s/%s.png)" % (name, self.linkdir, name)

    def bars(self, name, title, xlabel, cats, series, value, fmt="%.0f",
             ref=None):
        """Horizontal bars, one cluster per category (top to bottom), one
        bar per series in each, labelled with its value; value(cat,
        series) is a number or None (no bar).  ref draws a dashed line at
        that value (1 for ratios)."""
        n = len(series)
        h = 0.8 / n
        nbars = sum(1 for c in cats for s in series
                    if value(c, s) is not None)
        self.height = max(260, 90 + 24 * len(cats) * n + 10 * len(cats))
        top = 0
        parts = []
        for j, s in enumerate(series):
            dat = os.path.join(self.tmp, "%s-%d.dat" % (name, j))
            with open(dat, "w") as f:
                for i, c in enumerate(cats):
                    v = value(c, s)
                    if v is None:
                        continue
                    top = max(top, v)
                    y = len(cats) - 1 - i + ((n - 1) / 2 - j) * h
                    f.write("%.4f %.6g %s\n" % (y, v, gpq(fmt % v)))
            if os.path.getsize(dat) == 0:
                continue
            parts.append(
                "%s using ($2/2):1:($2/2):(%.4f) with boxxyerror "
                "lc %d title %s, '' using 2:1:3 with labels left offset "
                "0.5,0 notitle" % (gpq(dat), h * 0.45, j + 1,
                                   gpq(s) if n > 1 else "''"))
        if nbars == 0:
            return "(no chart: nothing was measured)"
        ytics = ", ".join("%s %d" % (gpq(c), len(cats) - 1 - i)
                          for i, c in enumerate(cats))
        script = """set title %s
set style fill solid 0.85 border -1
set xlabel %s
set xrange [0:%.6g]
set yrange [-0.6:%.1f]
set ytics (%s) scale 0
set grid xtics
set xtics nomirror
set key outside right top
%s%s
plot %s
""" % (gpq(title), gpq(xlabel), top * 1.18 if top > 0 else 1,
            len(cats) - 0.4, ytics,
            "unset key\n" if n == 1 else "",
            "set arrow from first %g, graph 0 to first %g, graph 1 nohead "
            "dt 2 lc rgb 'gray30'\n" % (ref, ref) if ref else "",
            ", ".join(parts))
        return self._plot(name, script)

    def lines(self, name, title, panels):
        """A grid of panels, each {title, x: [...], series: {label:
        [y or None]}}, MB/s against message size (a log axis), and one key
        for all of them in a panel of its own."""
        cols = 3 if len(panels) > 3 else 2
        nrows = len(panels) // cols + 1
        self.height = 290 * nrows + 40
        parts = ["set multiplot layout %d,%d title %s"
                 % (nrows, cols, gpq(title)),
                 "set logscale x 2", "set yrange [0:*]",
                 "set datafile missing '-'", "set grid", "unset key",
                 "set offsets 0, 0, graph 0.05, 0",
                 "set format x '%g'", "set xlabel 'message bytes'",
                 "set ylabel 'MB/s'", "set xtics ('64' 64, '1K' 1024, "
                 "'16K' 16384, '1M' 1048576)",
                 "set xrange [32:2097152]"]
        everyone = []		# one colour per series across panels
        for p in panels:
            everyone += [s for s in p["series"] if s not in everyone]
        style = "with linespoints lw 2 lc %d pt %d"
        for i, p in enumerate(panels):
            dat = os.path.join(self.tmp, "%s-%d.dat" % (name, i))
            labels = list(p["series"])
            with open(dat, "w") as f:
                for j, x in enumerate(p["x"]):
                    f.write("%d " % x + " ".join(
                        "-" if p["series"][s][j] is None
                        else "%.6g" % p["series"][s][j] for s in labels)
                        + "\n")
            parts.append("set title %s" % gpq(p["title"]))
            parts.append("plot " + ", ".join(
                "%s using 1:%d %s notitle"
                % ("''" if k else gpq(dat), k + 2,
                   style % ((everyone.index(labels[k]) + 1,) * 2))
                for k in range(len(labels))))
        parts += ["unset title", "unset border", "unset tics",
                  "unset xlabel", "unset ylabel", "unset grid",
                  "unset logscale", "set xrange [0:1]", "set yrange [0:1]",
                  "set key center center Left reverse spacing 1.3",
                  "plot " + ", ".join(
                      "NaN %s title %s" % (style % (k + 1, k + 1), gpq(s))
                      for k, s in enumerate(everyone)),
                  "unset multiplot"]
        return self._plot(name, "\n".join(parts) + "\n")


def gpq(s):
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---------------------------------------------------------------------------
# The benchmark.

class Bench:
    def __init__(self, conf, quick, only, cc, cflags, timer):
        self.c = conf
        self.quick = quick
        self.only = only
        self.cc = cc
        self.cflags = cflags
        self.tmp = tempfile.mkdtemp(prefix="mdsum-bench.",
                                    dir=os.environ.get("TMPDIR"))
        self.run = Runner(self.tmp, timer)
        cpus = sorted(os.sched_getaffinity(0))
        self.cpu = str(cpus[-1])		# one core for single runs
        self.cpu_other = str(cpus[0])		# the pipe's writer
        self.cpu_pair = ",".join(str(c) for c in cpus[:2])
        self.problems = []
        self.results = {}
        self.data = None			# the big file, once made
        if quick or only:
            self.outdir = os.path.join(ROOT, "bench", "out")
            self.report = os.path.join(self.outdir, "BENCHMARKS.md")
            self.charts = Charts(self.tmp, os.path.join(self.outdir,
                                                        "charts"), "charts")
        else:
            self.outdir = None
            self.report = os.path.join(ROOT, "BENCHMARKS.md")
            self.charts = Charts(self.tmp, os.path.join(ROOT, "bench",
                                                        "charts"),
                                 "bench/charts")

    # Paths as the report shows them: relative to the tree, $T for scratch.
    def show(self, s):
        s = s.replace(self.tmp, "$T")
        return s.replace(ROOT + "/", "")

    def b(self, name):
        return os.path.join(BIN, name)

    def problem(self, msg):
        log("PROBLEM: " + msg)
        self.problems.append(msg)

    def make_random(self, path, nbytes):
        with open(path, "wb") as f:
            left = nbytes
            while left > 0:
                n = min(left, 4 * MIB)
                f.write(os.urandom(n))
                left -= n

    def big_file(self):
        if self.data is None:
            self.data = os.path.join(self.tmp, "data")
            log("  making %s of random bytes" % fmt_size(self.c["file_bytes"]))
            self.make_random(self.data, self.c["file_bytes"])
            with open(self.data, "rb") as f:	# into the page cache
                while f.read(8 * MIB):
                    pass
        return self.data

    def timed_note(self, rounds, runs=1):
        how = ("hyperfine (`--runs %d` per round, `-N` unless a pipeline)"
               % runs if self.run.hyperfine else "the harness's own loop")
        return ("Timed with %s, %d rounds, the commands taking turns "
                "(round r starts with command r), after one untimed run "
                "of each that also checks its output." % (how, rounds))

    # -- 1 --------------------------------------------------------------
    def sec_bench(self):
        args = [self.b("mdsum"), "--bench"] + self.c["bench_args"]
        cmd = ["taskset", "-c", self.cpu] + args
        out = ["### 1. `mdsum --bench`: every algorithm, backend and "
               "dispatch level", ""]
        t0 = time.time()
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
        took = time.time() - t0
        if p.returncode != 0 and "bench" in p.stderr:
            out.append("Not run: this `bin/mdsum` has no `--bench` (%s)."
                       % p.stderr.strip().splitlines()[0])
            return out
        comment, rows, problems = parse_bench(p.stdout)
        if p.returncode != 0:
            problems.append("exit status %d: %s"
                            % (p.returncode, p.stderr.strip()[-300:]))
        for x in problems:
            self.problem("mdsum --bench: " + x)
        out += [codeblock([self.show(q(cmd))]), ""]
        if comment:
            out += ["Its own note: *%s*. It took %.0f s." % (comment, took),
                    ""]
        if not rows:
            return out
        algs = []
        impls = {}
        sizes = sorted({r["bytes"] for r in rows})
        for r in rows:
            if r["alg"] not in algs:
                algs.append(r["alg"])
            impls.setdefault(r["alg"], [])
            if impl_label(r) not in impls[r["alg"]]:
                impls[r["alg"]].append(impl_label(r))
        by = {(r["alg"], impl_label(r), r["bytes"]): r for r in rows}
        best = {}
        for r in rows:
            k = (r["alg"], r["bytes"])
            best[k] = max(best.get(k, 0), r["mbs"])
        sh = [fmt_size(s) for s in sizes]
        ratio_rows = []
        abs_rows = []
        for a in algs:
            for im in impls[a]:
                rr = [a, im]
                ar = [a, im]
                for s in sizes:
                    r = by.get((a, im, s))
                    if r is None:
                        rr.append("-")
                        ar.append("-")
                        continue
                    x = r["mbs"] / best[(a, s)]
                    rr.append("**1.00**" if x == 1 else fmt_ratio(x))
                    ar.append("%s / %s" % (fmt_mbs(r["mbs"]),
                              "-" if r["cpb"] is None else "%.2f" % r["cpb"]))
                ratio_rows.append(rr)
                abs_rows.append(ar)
        agree = not any("disagree" in x for x in problems)
        out += ["Throughput relative to the fastest implementation of the "
                "same algorithm at the same message size (1.00 = fastest, "
                "in bold). A multi-buffer kernel's row (`-x16`, `-x8`, ...) "
                "counts the bytes of all its lanes, each hashing a copy of "
                "the message at once: what it gives many messages, not "
                "one:", "",
                table(["algorithm", "implementation"] + sh, ratio_rows), "",
                "MB/s (10^6 bytes per second) / cycles per byte:", "",
                table(["algorithm", "implementation"] + sh, abs_rows), "",
                "Digests of the benchmark message: %s." %
                ("the same on every row of each algorithm and size"
                 if agree else "**THEY DISAGREE** (see the problems below)"),
                ""]
        panels = []
        for a in algs:
            panels.append({"title": a, "x": sizes, "series": {
                im: [by[(a, im, s)]["mbs"] if (a, im, s) in by else None
                     for s in sizes] for im in impls[a]}})
        if len(sizes) > 1:
            out.append(self.charts.lines(
                "bench", "mdsum --bench: MB/s by message size", panels))
        else:
            cats = algs
            series = []
            for a in algs:
                for im in impls[a]:
                    if im not in series:
                        series.append(im)
            out.append(self.charts.bars(
                "bench", "mdsum --bench: MB/s, %s messages" % sh[0], "MB/s",
                cats, series,
                lambda c, s: by[(c, s, sizes[0])]["mbs"]
                if (c, s, sizes[0]) in by else None))
        out.append("")
        self.results["bench"] = rows
        return out

    # -- 2 --------------------------------------------------------------
    def file_groups(self, f):
        """(algorithm, digest length to compare, [(name, argv, cmp)]):
        cmp is "=" (same function), "prefix" (SHA-512 vs sha512h) or
        None (a yardstick computing another function)."""
        have = shutil.which
        o = have("openssl")
        keccak_ossl = o and "KECCAK-256" in capture(
            [o, "list", "-digest-algorithms"], check=False).upper()
        g = []
        for alg, ossl, core, rh, deep in (
                ("md5", "-md5", "md5sum", "--md5", "md5deep"),
                ("sha256", "-sha256", "sha256sum", "--sha256", "sha256deep"),
                ("sha512h", "-sha512", "sha512sum", "--sha512", None),
                ("keccak256", "-sha3-256", None, "--sha3-256", None)):
            same = "=" if alg in ("md5", "sha256") else (
                "prefix" if alg == "sha512h" else None)
            cmds = [("mdsum " + alg, [self.b(alg), f], "=")]
            if o:
                cmds.append(("openssl " + ossl[1:], [o, "dgst", ossl, f],
                             same))
                if alg == "keccak256" and keccak_ossl:
                    cmds.append(("openssl keccak-256",
                                 [o, "dgst", "-keccak-256", f], "="))
            if core and have(core):
                cmds.append((core, [have(core), f], same))
            if have("rhash"):
                cmds.append(("rhash " + rh, [have("rhash"), rh, f], same))
            if deep and have(deep):
                cmds.append((deep, [have(deep), f], same))
            g.append((alg, cmds))
        return g

    def check_digests(self, what, ours, cmds, outputs):
        for name, _, cmp in cmds:
            d = first_hex(outputs[name])
            if d is None:
                self.problem("%s: no digest in the output of %s"
                             % (what, name))
            elif cmp == "=" and d != ours:
                self.problem("%s: %s gives %s, mdsum %s"
                             % (what, name, d, ours))
            elif cmp == "prefix" and d[:len(ours)] != ours:
                self.problem("%s: %s gives %s..., mdsum %s"
                             % (what, name, d[:len(ours)], ours))

    def sec_file(self):
        f = self.big_file()
        size = self.c["file_bytes"]
        rounds = self.c["file_rounds"]
        groups = self.file_groups(f)
        out = ["### 2. Whole file: %s in the page cache" % fmt_size(size),
               ""]
        cmdlines = []
        res = {}
        for alg, cmds in groups:
            # Our read loop too (the default maps the file): the
            # input-path comparison bench/io.sh used to make.
            cmds = cmds[:1] + [("mdsum %s --no-mmap" % alg,
                                [self.b(alg), "--no-mmap", f], "=")] + \
                cmds[1:]
            outputs = {}
            for name, argv, _ in cmds:
                log("  %s" % name)
                outputs[name] = capture(argv, cpus=self.cpu)
                cmdlines.append("taskset -c %s %s" % (self.cpu,
                                                       self.show(q(argv))))
            ours = first_hex(outputs["mdsum " + alg])
            self.check_digests("whole file, " + alg, ours, cmds, outputs)
            r = self.run.measure([(n, a) for n, a, _ in cmds], rounds,
                                 self.cpu)
            res[alg] = [(n, med(r[n]["times"]), cmp) for n, _, cmp in cmds]
        self.results["file"] = res
        # Ratios: everything against the fastest peer of the same run.
        kinds = ["mdsum", "mdsum --no-mmap", "openssl", "coreutils", "rhash",
                 "hashdeep"]

        def kind(name):
            if name.startswith("mdsum"):
                return "mdsum --no-mmap" if "--no-mmap" in name else "mdsum"
            if name.startswith("openssl"):
                return "openssl"
            if name.endswith("sum"):
                return "coreutils"
            if name.startswith("rhash"):
                return "rhash"
            return "hashdeep"
        ratio_rows = []
        abs_rows = []
        speed = {}
        for alg, rows in res.items():
            peers = [(n, t) for n, t, _ in rows if not n.startswith("mdsum")]
            bn, bt = min(peers, key=lambda x: x[1])
            ours = rows[0][1]
            cells = {kind(n): t for n, t, _ in rows}
            for n, t, _ in rows:
                speed[(alg, kind(n))] = bt / t
            ratio_rows.append([alg, "**%s**" % fmt_ratio(bt / ours), bn] + [
                fmt_ratio(bt / cells[k]) if k in cells else "-"
                for k in kinds[1:]])
            abs_rows.append([alg] + ["%s (%s)" % (
                fmt_mbs(size / cells[k] / 1e6), fmt_secs(cells[k]))
                if k in cells else "-" for k in kinds])
        tools = {}
        for alg, cmds in groups:
            for n, _, cmp in cmds:
                tools.setdefault(alg, []).append(
                    n + ("" if cmp else " (SHA3-256: not the same function)"))
        out += [
            "Each tool hashes the same %s file of random bytes, pinned to "
            "CPU %s. %s Speed relative to the fastest peer in the same "
            "rounds (its median time divided by each tool's; above 1.00 is "
            "faster than that peer). `mdsum` is the BSD tool of that name "
            "(`bin/md5` ...; it maps the file), `--no-mmap` the same with "
            "the read loop. sha512h is set against full SHA-512 and "
            "keccak256 against SHA3-256, the nearest functions the peers "
            "have; digests were checked to agree where the functions are "
            "the same (for SHA-512, its first 32 bytes)."
            % (fmt_size(size), self.cpu, self.timed_note(rounds)), "",
            table(["algorithm", "mdsum vs best peer", "best peer"] +
                  kinds[1:], ratio_rows), "",
            "MB/s from the median time (in brackets):", "",
            table(["algorithm"] + kinds, abs_rows), "",
            "Commands (`$T` is the scratch directory):", "",
            codeblock(cmdlines), "",
            self.charts.bars(
                "file", "Whole file (%s, page cache): speed relative to "
                "the fastest peer" % fmt_size(size),
                "x fastest peer (higher is faster)", list(res), kinds,
                lambda c, s: speed.get((c, s)), fmt="%.2f", ref=1), ""]
        return out

    # -- 3 --------------------------------------------------------------
    def sec_pipe(self):
        f = self.big_file()
        size = self.c["file_bytes"]
        rounds = self.c["pipe_rounds"]
        o = shutil.which("openssl")
        a, b = self.cpu_other, self.cpu
        cmds = []
        for ours, ossl in (("sha512h", "-sha512"), ("sha256", "-sha256")):
            cmds.append(("cat | " + ours, "taskset -c %s cat %s | taskset "
                         "-c %s %s" % (a, shlex.quote(f), b,
                                       shlex.quote(self.b(ours)))))
            if o:
                cmds.append(("cat | openssl " + ossl[1:],
                             "taskset -c %s cat %s | taskset -c %s %s dgst "
                             "%s" % (a, shlex.quote(f), b, o, ossl)))
        outs = {}
        for n, c in cmds:
            log("  " + n)
            outs[n] = first_hex(capture(c, shell=True))
        for ours, ossl in (("sha512h", "sha512"), ("sha256", "sha256")):
            x, y = outs["cat | " + ours], outs.get("cat | openssl " + ossl)
            if y is not None and (x is None or y[:len(x)] != x):
                self.problem("pipe: %s gives %s, openssl %s" % (ours, x, y))
        r = self.run.measure(cmds, rounds, b, shell=True)
        t = {n: med(r[n]["times"]) for n, _ in cmds}
        filet = {}
        if "file" in self.results:
            for alg, rows in self.results["file"].items():
                for n, tt, _ in rows:
                    filet[n] = tt
        rows_r = []
        rows_a = []
        for ours, ossl in (("sha512h", "sha512"), ("sha256", "sha256")):
            po = "cat | openssl " + ossl
            pm = "cat | " + ours
            fo = filet.get("openssl " + ossl)
            fm = filet.get("mdsum " + ours)
            rows_r.append([ours, "**%s**" % fmt_ratio(t[po] / t[pm])
                           if po in t else "-",
                           fmt_ratio(fm / t[pm]) if fm else "-",
                           fmt_ratio(fo / t[po]) if fo and po in t else "-"])
            rows_a.append([ours, "%s (%s)" % (fmt_mbs(size / t[pm] / 1e6),
                                              fmt_secs(t[pm])),
                           "%s (%s)" % (fmt_mbs(size / t[po] / 1e6),
                                        fmt_secs(t[po])) if po in t else "-"])
        self.results["pipe"] = t
        return [
            "### 3. Pipe: `cat file | tool`", "",
            "The %s file of section 2 written into a pipe by `cat` on CPU "
            "%s and hashed on CPU %s. %s The pipe/file columns compare "
            "with the same tool reading the file in section 2 (below 1.00: "
            "the pipe is slower)." % (fmt_size(size), a, b,
                                       self.timed_note(rounds)), "",
            table(["algorithm", "mdsum vs openssl (pipe)",
                   "mdsum: pipe vs file", "openssl: pipe vs file"], rows_r),
            "", "MB/s from the median time:", "",
            table(["algorithm", "mdsum (pipe)", "openssl dgst (pipe)"],
                  rows_a), "",
            codeblock([self.show(c) for _, c in cmds]), "",
            self.charts.bars(
                "pipe", "cat file | tool (%s): MB/s" % fmt_size(size),
                "MB/s", ["sha512h", "sha256"], ["mdsum", "openssl"],
                lambda c, s: size / t["cat | " + c] / 1e6 if s == "mdsum"
                else (size / t["cat | openssl " + ("sha512" if c == "sha512h"
                                                   else c)] / 1e6
                      if o else None)), ""]

    # -- 4 --------------------------------------------------------------
    def sec_xrp(self):
        xrp = os.path.join(ROOT, "bench", "xrp")
        out = ["### 4. The XRP Ledger workload: sha512Half calls in a "
               "program", ""]
        if not os.access(xrp, os.X_OK):
            out.append("Not run: `bench/xrp` is not built (`make bench` "
                       "builds it; it links libcrypto and libmd).")
            return out
        runs = []
        cmdlines = []
        for title, calls, mx, step, rounds in self.c["xrp"]:
            argv = [xrp, "-n", str(calls), "-m", str(mx), "-s", str(step),
                    "-r", str(rounds)]
            log("  xrp: " + title)
            p = subprocess.run(["taskset", "-c", self.cpu] + argv,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
            cmdlines.append("taskset -c %s %s" % (self.cpu,
                                                   self.show(q(argv))))
            if p.returncode != 0:
                self.problem("bench/xrp: %s" % p.stderr.strip())
            rows = {}
            comment = ""
            for line in p.stdout.splitlines():
                w = line.split()
                if line.startswith("#"):
                    comment = line[1:].strip()
                elif w and w[0] != "impl" and len(w) == 4:
                    rows[w[0]] = (float(w[1]), float(w[2]), w[3])
            if len({c for _, _, c in rows.values()}) > 1:
                self.problem("bench/xrp %s: the digest chains disagree"
                             % title)
            runs.append((title, comment, rows))
        impls = []
        for _, _, rows in runs:
            for k in rows:
                if k not in impls:
                    impls.append(k)
        peers = [k for k in impls if k in ("openssl-evp", "libmd-sha512")]
        rr = []
        ar = []
        speed = {}
        for im in impls:
            r1 = [im]
            a1 = [im]
            for title, _, rows in runs:
                bt = min((rows[k][0] for k in peers if k in rows),
                         default=None)
                if im in rows:
                    x = bt / rows[im][0] if bt else None
                    speed[(title, im)] = x
                    r1.append(fmt_ratio(x))
                    a1.append("%.0f ns (%s MB/s)" % (rows[im][0],
                                                     fmt_mbs(rows[im][1])))
                else:
                    r1 += ["-"]
                    a1 += ["-"]
            rr.append(r1)
            ar.append(a1)
        titles = [t for t, _, _ in runs]
        out += [
            "`bench/xrp` (`bench/xrp.c`, with `xrp_openssl.c` and "
            "`xrp_libmd.c`: libmd's and OpenSSL's headers clash) calls "
            "sha512Half, the first 32 bytes of SHA-512, on slices of one "
            "buffer of fixed pseudo-random bytes: call i hashes bytes "
            "[0, (i * step) mod max). *%s* is the issue's workload (step "
            "1, max 100000: every length from 0 to 99,999 bytes once); "
            "*%s* is the same with max 1024, the size of what the ledger "
            "hashes most (tree nodes, transactions), where the cost of a "
            "call shows. `mds_digest` is libmdsum's one-shot call on the "
            "default backend, `mdsum/NAME` `mds_init_backend` on each "
            "built backend that has its own SHA-512; `openssl-evp` calls EVP directly (SHA-512 "
            "fetched once, one `EVP_MD_CTX` reused), `libmd-sha512` "
            "`SHA512Init`/`SHA512Update`/`SHA512Final`. Each "
            "implementation folds its digests into a chain and the chains "
            "must agree (they did%s). The calls are dealt out to rounds "
            "(with R rounds, round r makes the calls i = r mod R, so each "
            "implementation makes every call once and each round has "
            "nearly the same mix of lengths); the implementations take "
            "turns within each round, and ns/call is the median over the "
            "rounds. Pinned to CPU %s."
            % (titles[0], titles[-1],
               "" if not any("xrp" in x for x in self.problems)
               else " **NOT**", self.cpu), "",
            "Speed relative to the faster of OpenSSL EVP and libmd called "
            "directly (above 1.00: faster):", "",
            table(["implementation"] + titles, rr), "",
            "Median ns per call (MB/s):", "",
            table(["implementation"] + titles, ar), "",
            codeblock(cmdlines), "",
            self.charts.bars(
                "xrp", "sha512Half calls: speed relative to the best "
                "direct peer", "x best of openssl-evp, libmd (higher is "
                "faster)", impls, titles,
                lambda c, s: speed.get((s, c)), fmt="%.2f", ref=1), ""]
        for title, comment, _ in runs:
            out.append("*%s*: %s  " % (title, comment))
        out.append("")
        self.results["xrp"] = runs
        return out

    # -- 5 --------------------------------------------------------------
    def sec_small(self):
        n = self.c["small_files"]
        rounds = self.c["small_rounds"]
        d = os.path.join(self.tmp, "small")
        os.mkdir(d)
        names = ["%04x" % i for i in range(n)]
        log("  making %d files of 1 KiB" % n)
        for nm in names:
            with open(os.path.join(d, nm), "wb") as f:
                f.write(os.urandom(1024))
        core = shutil.which("sha256sum")
        heads = [("mdsum -j1", [self.b("mdsum"), "-j1"]),
                 ("mdsum", [self.b("mdsum")])]
        if core:
            heads.append(("sha256sum", [core]))
        cmds = [(nm, h + names) for nm, h in heads]
        outs = {}
        for nm, argv in cmds:
            log("  " + nm)
            text = capture(argv, cpus=self.cpu_pair, cwd=d)
            outs[nm] = re.findall(r"\b[0-9a-f]{64}\b", text)
        if len(outs["mdsum"]) != n or any(outs[k] != outs["mdsum"]
                                          for k in outs):
            self.problem("small files: the digests differ between tools")
        r = self.run.measure(cmds, rounds, self.cpu_pair, cwd=d)
        t = {nm: med(r[nm]["times"]) for nm, _ in cmds}
        ref = t.get("sha256sum", t["mdsum -j1"])
        self.results["small"] = t
        ncpu = len(self.cpu_pair.split(","))
        return [
            "### 5. Many small files: %s files of 1 KiB" % format(n, ","),
            "", "sha256 of %s files of 1 KiB named on the command line, "
            "in the page cache, pinned to CPUs %s (so `mdsum` without -j "
            "runs %d jobs). %s" % (format(n, ","), self.cpu_pair, ncpu,
                                    self.timed_note(rounds)), "",
            table(["command", "speed vs sha256sum", "median time",
                   "files/s"],
                  [[nm, "**%s**" % fmt_ratio(ref / t[nm])
                    if nm.startswith("mdsum") else fmt_ratio(ref / t[nm]),
                    fmt_secs(t[nm]), "%.0f" % (n / t[nm])]
                   for nm, _ in cmds]), "",
            codeblock(["cd $T/small   # files 0000 ... %s" % names[-1]] +
                      ["taskset -c %s %s 0000 ... %s" % (
                          self.cpu_pair, self.show(q(h)), names[-1])
                       for _, h in heads]), "",
            self.charts.bars(
                "small", "%s files of 1 KiB: files per second"
                % format(n, ","), "files/s", [nm for nm, _ in cmds],
                ["files/s"], lambda c, s: n / t[c]), ""]

    # -- 6 --------------------------------------------------------------
    def sec_jobs(self):
        n = self.c["jobs_files"]
        each = self.c["jobs_bytes"]
        rounds = self.c["jobs_rounds"]
        d = os.path.join(self.tmp, "jobs")
        os.mkdir(d)
        names = ["%02d" % i for i in range(n)]
        log("  making %d files of %s" % (n, fmt_size(each)))
        for nm in names:
            self.make_random(os.path.join(d, nm), each)
        total = n * each
        res = {}
        cmdlines = []
        for alg in ("sha256", "sha512h"):
            cmds = [("%s -j1" % alg, [self.b("mdsum"), "-a", alg, "-j1"] +
                     names),
                    ("%s -j2" % alg, [self.b("mdsum"), "-a", alg, "-j2"] +
                     names)]
            outs = [capture(a, cpus=self.cpu_pair, cwd=d) for _, a in cmds]
            if outs[0] != outs[1]:
                self.problem("-j scaling: -j1 and -j2 output differ")
            for nm, argv in cmds:
                cmdlines.append("taskset -c %s %s %s" % (
                    self.cpu_pair, self.show(q(argv[:4])),
                    "00 ... %s" % names[-1]))
            r = self.run.measure(cmds, rounds, self.cpu_pair, cwd=d)
            res[alg] = [med(r[nm]["times"]) for nm, _ in cmds]
        self.results["jobs"] = res
        return [
            "### 6. `-j` scaling: %d files of %s" % (n, fmt_size(each)), "",
            "`mdsum -j1` against `mdsum -j2` on the same %d files of random "
            "bytes (%s in all, page cache), both pinned to CPUs %s. %s"
            % (n, fmt_size(total), self.cpu_pair, self.timed_note(rounds)),
            "", table(["algorithm", "speed-up of -j2 over -j1", "-j1",
                       "-j2"],
                      [[alg, "**%s**" % fmt_ratio(t1 / t2),
                        "%s (%s MB/s)" % (fmt_secs(t1),
                                          fmt_mbs(total / t1 / 1e6)),
                        "%s (%s MB/s)" % (fmt_secs(t2),
                                          fmt_mbs(total / t2 / 1e6))]
                       for alg, (t1, t2) in res.items()]), "",
            codeblock(["cd $T/jobs   # files 00 ... %s" % names[-1]] +
                      cmdlines), "",
            self.charts.bars(
                "jobs", "-j scaling, %d x %s: MB/s" % (n, fmt_size(each)),
                "MB/s", list(res), ["-j1", "-j2"],
                lambda c, s: total / res[c][0 if s == "-j1" else 1] / 1e6),
            ""]

    # -- 7 --------------------------------------------------------------
    def sec_memory(self):
        tv = "/usr/bin/time"
        out = ["### 7. Peak memory", ""]
        if not os.access(tv, os.X_OK):
            out.append("Not run: GNU time (`/usr/bin/time`, Debian package "
                       "`time`) is not installed.")
            return out
        sparse = os.path.join(self.tmp, "sparse")
        with open(sparse, "wb") as f:
            f.truncate(self.c["sparse_bytes"])
        log("  reading the sparse file into the page cache")
        with open(sparse, "rb") as f:	# else the first reader pays for it
            while f.read(8 * MIB):
                pass
        zdir = os.path.join(self.tmp, "z")
        os.mkdir(zdir)
        zero = os.path.join(zdir, "zero")
        with open(zero, "wb") as f:
            f.truncate(self.c["archive_bytes"])
        txz = os.path.join(self.tmp, "zero.tar.xz")
        mk = "tar -C %s -cf - zero | xz -0 -T1 > %s" % (
            shlex.quote(zdir), shlex.quote(txz))
        log("  making the archive: " + self.show(mk))
        capture(mk, shell=True)
        os.unlink(zero)
        o = shutil.which("openssl")
        ssz = fmt_size(self.c["sparse_bytes"])
        cases = [("sha256, %s sparse file" % ssz,
                  [self.b("sha256"), sparse]),
                 ("openssl dgst -sha256, same file",
                  [o, "dgst", "-sha256", sparse]) if o else None,
                 ("sha256 --mmap, %s file of section 2"
                  % fmt_size(self.c["file_bytes"]),
                  [self.b("sha256"), "--mmap", self.big_file()]),
                 ("mdsum -A, tar.xz with a %s member of zeros"
                  % fmt_size(self.c["archive_bytes"]),
                  [self.b("mdsum"), "-A", txz]),
                 ("sha256 < /dev/null (baseline)", [self.b("sha256")])]
        rows = []
        cmdlines = ["truncate -s %d $T/sparse" % self.c["sparse_bytes"],
                    "cat $T/sparse > /dev/null",
                    "truncate -s %d $T/z/zero" % self.c["archive_bytes"],
                    self.show(mk)]
        vals = {}
        for case in cases:
            if case is None:
                continue
            name, argv = case
            log("  " + name)
            p = subprocess.run(["taskset", "-c", self.cpu, tv, "-v"] + argv,
                               stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
            cmdlines.append("taskset -c %s %s -v %s" % (
                self.cpu, tv, self.show(q(argv))))
            m = re.search(r"Maximum resident set size \(kbytes\): (\d+)",
                          p.stderr)
            e = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?"
                          r"(\d+):([\d.]+)", p.stderr)
            if p.returncode != 0 or not m:
                self.problem("memory: %s failed: %s"
                             % (name, p.stderr.strip()[-300:]))
                continue
            secs = None
            if e:
                secs = (int(e.group(1) or 0) * 3600 + int(e.group(2)) * 60
                        + float(e.group(3)))
            kib = int(m.group(1))
            vals[name] = kib
            rows.append([name, "%d" % kib, "%.1f" % (kib / 1024),
                         "%.2f s" % secs if secs is not None else "-"])
        self.results["memory"] = vals
        base = vals.get("sha256 < /dev/null (baseline)")
        out += [
            "Maximum resident set size from GNU time (`/usr/bin/time -v`), "
            "one run each, pinned to CPU %s. The sparse file is one hole "
            "(the default input path reads files with holes rather than "
            "mapping them), read once beforehand so that each command "
            "finds its pages of zeros in the page cache (the first reader "
            "of a fresh sparse file pays for them); the archive is made in "
            "a pipeline from a "
            "sparse file of zeros. Bounded memory means these stay near "
            "the baseline%s whatever the size of the input."
            % (self.cpu, " (%.1f MiB)" % (base / 1024) if base else ""), "",
            table(["command", "max RSS (KiB)", "MiB", "elapsed"], rows), "",
            codeblock(cmdlines), "",
            self.charts.bars(
                "memory", "Peak memory (max RSS)", "MiB",
                [r[0] for r in rows], ["max RSS"],
                lambda c, s: vals[c] / 1024, fmt="%.1f"), ""]
        return out

    # -- 8 --------------------------------------------------------------
    def sec_startup(self):
        rounds = self.c["startup_rounds"]
        runs = self.c["startup_runs"]
        o = shutil.which("openssl")
        cmds = [("sha256", [self.b("sha256")]),
                ("keccak256", [self.b("keccak256")])]
        if shutil.which("sha256sum"):
            cmds.append(("sha256sum", [shutil.which("sha256sum")]))
        if o:
            cmds.append(("openssl dgst -sha256", [o, "dgst", "-sha256"]))
        if shutil.which("bsdtar"):
            cmds.append(("bsdtar --version", [shutil.which("bsdtar"),
                                              "--version"]))
        for nm, argv in cmds:
            if nm.startswith("bsdtar"):
                continue
            d = first_hex(capture(argv, cpus=self.cpu))
            want = ("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8"
                    "045d85a470" if nm == "keccak256" else
                    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca4959"
                    "91b7852b855")
            if d != want:
                self.problem("start-up: %s < /dev/null gives %s" % (nm, d))
        r = self.run.measure(cmds, rounds, self.cpu, runs=runs)
        t = {nm: (med(r[nm]["times"]), statistics.mean(r[nm]["times"]),
                  statistics.mean(r[nm]["cpu"])) for nm, _ in cmds}
        ref = t.get("sha256sum", t["sha256"])
        self.results["startup"] = t
        return [
            "### 8. Start-up: hashing empty standard input", "",
            "Each command reads `/dev/null` (the timer's standard input) "
            "and prints one digest: the cost of starting. `sha256` picks "
            "the OpenSSL backend, which is initialised only when it is "
            "used, here for the empty message; `keccak256` uses the "
            "portable code and never initialises OpenSSL (the dynamic "
            "linker still loads libcrypto for both). `bsdtar --version` "
            "hashes nothing: it shows what loading libarchive and the "
            "libraries it links costs a program. Pinned to CPU %s; %d "
            "rounds of %d runs of each, commands taking turns. Process "
            "time is user + system CPU time."
            % (self.cpu, rounds, runs), "",
            table(["command", "speed vs sha256sum (median)",
                   "median wall", "mean wall", "mean process time"],
                  [[nm, ("**%s**" if nm in ("sha256", "keccak256") else "%s")
                    % fmt_ratio(ref[0] / t[nm][0]), fmt_secs(t[nm][0]),
                    fmt_secs(t[nm][1]), fmt_secs(t[nm][2])]
                   for nm, _ in cmds]), "",
            codeblock(["taskset -c %s %s < /dev/null" % (
                self.cpu, self.show(q(argv))) for _, argv in cmds]), "",
            self.charts.bars(
                "startup", "Start-up on empty input: median wall time and "
                "mean process time", "ms", [nm for nm, _ in cmds],
                ["median wall", "process time"],
                lambda c, s: (t[c][0] if s == "median wall"
                              else t[c][2]) * 1e3, fmt="%.2f"), ""]

    # -- 9 --------------------------------------------------------------
    def sec_short(self):
        prog = os.path.join(ROOT, "bench", "short")
        out = ["### 9. One call on a 64-byte message", ""]
        if not os.access(prog, os.X_OK):
            out.append("Not run: `bench/short` is not built (`make bench` "
                       "builds it).")
            return out
        argv = [prog, "-l", "64", "-n", str(self.c["short_calls"]),
                "-r", str(self.c["short_rounds"])]
        log("  short")
        p = subprocess.run(["taskset", "-c", self.cpu] + argv,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
        if p.returncode != 0:
            self.problem("bench/short: %s" % p.stderr.strip())
        rows = {}
        algs = []
        impls = []
        comment = ""
        for line in p.stdout.splitlines():
            w = line.split()
            if line.startswith("#"):
                comment = line[1:].strip()
            elif len(w) == 5 and w[0] != "algorithm":
                rows[(w[0], w[1])] = float(w[2])
                if w[0] not in algs:
                    algs.append(w[0])
                if w[1] not in impls:
                    impls.append(w[1])
        peers = [i for i in impls if i != "mds_digest"]
        speed = {(a, i): rows[(a, i)] / rows[(a, "mds_digest")]
                 for a in algs for i in peers if (a, i) in rows}
        self.results["short"] = rows
        return out + [
            "`bench/short` (`bench/short.c`) times one call on a 64-byte "
            "message, for every algorithm: `mds_digest` (the default "
            "implementation) against OpenSSL's EVP interface used three "
            "ways: `evp-reuse` (the digest fetched once, one `EVP_MD_CTX` "
            "reused: init, update, final), `evp-digest` (`EVP_Digest`, "
            "the digest fetched once) and `evp-legacy` (`EVP_Digest` with "
            "`EVP_get_digestbyname`, as code written for OpenSSL 1.x "
            "does, which makes OpenSSL 3 fetch again on every call). "
            "OpenSSL 3.0 has no Keccak-256: SHA3-256 stands in for it. "
            "The digests are compared. Pinned to CPU %s." % self.cpu, "",
            "mdsum's speed relative to each (above 1.00: mdsum faster):",
            "",
            table(["algorithm", "mds_digest ns/call"] + peers,
                  [[a, "%.1f" % rows[(a, "mds_digest")]] +
                   [fmt_ratio(speed.get((a, i))) for i in peers]
                   for a in algs]), "",
            codeblock(["taskset -c %s %s" % (self.cpu, self.show(q(argv)))]),
            "",
            self.charts.bars(
                "short", "One call on a 64-byte message: mds_digest's "
                "speed relative to OpenSSL EVP", "x OpenSSL (higher: "
                "mdsum faster)", algs, peers,
                lambda c, s: speed.get((c, s)), fmt="%.2f", ref=1), "",
            "*%s*" % comment, ""]

    # -- 10 -------------------------------------------------------------
    def mb_kernel(self, alg, path):
        """The kernel `mdsum --debug` names for alg on one file."""
        p = subprocess.run(["taskset", "-c", self.cpu, self.b("mdsum"),
                            "--debug", "-j1", "-a", alg, path, path],
                           stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
        m = re.search(r"on the (\S+) backend(?: \(([^)]*)\))?", p.stderr)
        if not m:
            return "?"
        return m.group(2) or m.group(1)

    def sec_multibuffer(self):
        n = self.c["mb_files"]
        each = self.c["mb_bytes"]
        rounds = self.c["mb_rounds"]
        mdsum = self.b("mdsum")
        cpu = self.cpu
        out = ["### 10. Multi-buffer: many messages on one CPU", ""]
        targets = []		# (label, ratio or None, target) for the chart

        def verdict(x, want):
            if x is None:
                return "not measured"
            return "met" if x >= want else "**not met**"

        # Part 1: many large files, mdsum -j1 against its yardstick.
        d = os.path.join(self.tmp, "mb")
        os.mkdir(d)
        names = ["%02d" % i for i in range(n)]
        log("  making %d files of %s" % (n, fmt_size(each)))
        for nm in names:
            self.make_random(os.path.join(d, nm), each)
        total = n * each
        core_md5 = shutil.which("md5sum")
        groups = [("md5", 5.0), ("sha256", 1.8), ("keccak256", 3.0),
                  ("sha512h", 2.5)]
        rows1 = []
        cmdlines = ["cd $T/mb   # files 00 ... %s, %s each"
                    % (names[-1], fmt_size(each))]
        res1 = {}
        for alg, want in groups:
            head = [mdsum, "-j1", "-a", alg]
            if alg == "md5":
                if not core_md5:
                    rows1.append([alg, "`mdsum -j1`", "md5sum", "-",
                                  ">= %gx" % want, "not measured", "-", "-",
                                  "-"])
                    targets.append(("%s files" % alg, None, want))
                    continue
                yname, yhead = "md5sum", [core_md5]
            else:
                yname = "mdsum -j1 --no-multibuffer"
                yhead = [mdsum, "-j1", "--no-multibuffer", "-a", alg]
            cmds = [("mdsum -j1", head + names), (yname, yhead + names)]
            log("  %s: %s" % (alg, " vs ".join(nm for nm, _ in cmds)))
            outs = [capture(a, cpus=cpu, cwd=d) for _, a in cmds]
            if alg == "md5":
                dg = [re.findall(r"\b[0-9a-f]{32}\b", o) for o in outs]
                if len(dg[0]) != n or dg[0] != dg[1]:
                    self.problem("multibuffer: mdsum -a md5 and md5sum "
                                 "give different digests")
            elif outs[0] != outs[1]:
                self.problem("multibuffer: mdsum -a %s with and without "
                             "--no-multibuffer differ" % alg)
            r = self.run.measure(cmds, rounds, cpu, cwd=d)
            t_mb = med(r["mdsum -j1"]["times"])
            t_y = med(r[yname]["times"])
            x = t_y / t_mb
            res1[alg] = (t_mb, t_y, x)
            targets.append(("%s files" % alg, x, want))
            rows1.append([
                alg, "`mdsum -j1`", "`%s`" % yname, "**%s**" % fmt_ratio(x),
                ">= %gx" % want, verdict(x, want),
                "%s (%s MB/s)" % (fmt_secs(t_mb), fmt_mbs(total / t_mb / 1e6)),
                "%s (%s MB/s)" % (fmt_secs(t_y), fmt_mbs(total / t_y / 1e6)),
                self.mb_kernel(alg, os.path.join(d, names[0]))])
            for _, a in cmds:
                cmdlines.append("taskset -c %s %s 00 ... %s" % (
                    cpu, self.show(q(a[:len(a) - n])), names[-1]))
        shutil.rmtree(d, ignore_errors=True)

        # Part 2: a manifest of many small files, checked.
        nc = self.c["mb_check_files"]
        crounds = self.c["mb_check_rounds"]
        dc = os.path.join(self.tmp, "mbcheck")
        os.mkdir(dc)
        cnames = ["%05d" % i for i in range(nc)]
        log("  making %d files of 4 KiB" % nc)
        for nm in cnames:
            with open(os.path.join(dc, nm), "wb") as f:
                f.write(os.urandom(4096))
        core = shutil.which("sha256sum")
        rows2 = []
        res2 = {}
        cmdlines2 = ["cd $T/mbcheck   # files 00000 ... %s, 4 KiB each"
                     % cnames[-1]]
        if core:
            man = "SHA256SUMS"
            text = capture([core] + cnames, cpus=cpu, cwd=dc)
            with open(os.path.join(dc, man), "w") as f:
                f.write(text)
            cmdlines2.append("%s 00000 ... %s > %s" % (core, cnames[-1],
                                                       man))
            cmds = [("mdsum -c", [mdsum, "-a", "sha256", "-c", man]),
                    ("mdsum --no-multibuffer -c",
                     [mdsum, "--no-multibuffer", "-a", "sha256", "-c", man]),
                    ("sha256sum -c", [core, "-c", man])]
            for nm, a in cmds:
                log("  " + nm)
                p = subprocess.run(["taskset", "-c", cpu] + a, cwd=dc,
                                   stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
                oks = len(re.findall(r": OK$", p.stdout, re.M))
                if p.returncode != 0 or oks != nc:
                    self.problem("multibuffer: %s: exit %d, %d of %d OK"
                                 % (nm, p.returncode, oks, nc))
                cmdlines2.append("taskset -c %s %s" % (cpu,
                                                       self.show(q(a))))
            r = self.run.measure(cmds, crounds, cpu, cwd=dc)
            t = {nm: med(r[nm]["times"]) for nm, _ in cmds}
            res2 = t
            ref = t["sha256sum -c"]
            for nm, _ in cmds:
                x = ref / t[nm]
                if nm == "mdsum -c":
                    cells = ["**%s**" % fmt_ratio(x), ">= 4x",
                             verdict(x, 4.0)]
                    targets.append(("-c, 4 KiB files", x, 4.0))
                elif nm.startswith("mdsum"):
                    cells = [fmt_ratio(x), "(for information)", ""]
                else:
                    cells = [fmt_ratio(x), "(yardstick)", ""]
                rows2.append(["`%s`" % nm] + cells +
                             [fmt_secs(t[nm]), "%.0f" % (nc / t[nm])])
        else:
            targets.append(("-c, 4 KiB files", None, 4.0))
        shutil.rmtree(dc, ignore_errors=True)

        # Part 3: the batch interface, bench/batch.
        prog = os.path.join(ROOT, "bench", "batch")
        rows3 = []
        res3 = {}
        comments = []
        bargv = None
        if os.access(prog, os.X_OK):
            xn, xmax, xstep = self.c["batch_xrp"]
            bargv = [prog, "-k", str(self.c["batch_keccak"]), "-l", "64",
                     "-x", str(xn), "-m", str(xmax), "-s", str(xstep),
                     "-r", str(self.c["batch_rounds"])]
            log("  batch")
            p = subprocess.run(["taskset", "-c", cpu] + bargv,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
            if p.returncode != 0:
                self.problem("bench/batch: %s" % (p.stderr.strip() or
                                                  "exit %d" % p.returncode))
            for line in p.stdout.splitlines():
                w = line.split()
                if line.startswith("#"):
                    comments.append(line[1:].strip())
                elif len(w) == 4 and w[0] != "workload":
                    res3[(w[0], w[1])] = (float(w[2]), float(w[3]))
            for wl, title, want in (("keccak256", "keccak256 of %s "
                                     "64-byte messages" % format(
                                         self.c["batch_keccak"], ","), 5.0),
                                    ("xrp", "sha512Half of %s XRP Ledger "
                                     "slices" % format(xn, ","), 2.0)):
                ev = res3.get((wl, "openssl-evp"))
                first = True
                for im in ("mds_digest_many", "mds_digest", "openssl-evp"):
                    v = res3.get((wl, im))
                    if v is None:
                        continue
                    x = ev[0] / v[0] if ev else None
                    if im == "mds_digest_many":
                        cells = ["**%s**" % fmt_ratio(x), ">= %gx" % want,
                                 verdict(x, want)]
                        targets.append(("batch %s" % wl, x, want))
                    elif im == "openssl-evp":
                        cells = [fmt_ratio(x), "(yardstick)", ""]
                    else:
                        cells = [fmt_ratio(x), "(for information)", ""]
                    rows3.append([title if first else "", "`%s`" % im] +
                                 cells + ["%.1f" % v[0], fmt_mbs(v[1])])
                    first = False
        self.results["multibuffer"] = {"files": res1, "check": res2,
                                       "batch": res3}

        out += [
            "Multi-buffer hashing: several independent messages hashed "
            "side by side in the lanes of one SIMD kernel. Everything here "
            "is pinned to the one CPU %s, so the speed-ups come from the "
            "lanes and not from threads (`mdsum` runs one job on one CPU, "
            "and `-j1` says so). Each target is a speed-up over the "
            "yardstick timed in the same rounds." % cpu, "",
            "#### Many large files", "",
            "%d files of %s of random bytes (%s in all, page cache), named "
            "on the command line. md5 is compared with coreutils' `md5sum`; "
            "the other algorithms with `mdsum` itself hashing one file "
            "after another (`--no-multibuffer`), on the same single-stream "
            "kernels. The outputs were compared (md5sum's digests with "
            "mdsum's; with and without `--no-multibuffer`). The kernel "
            "column is what `mdsum --debug` reports. %s"
            % (n, fmt_size(each), fmt_size(total), self.timed_note(rounds)),
            "",
            table(["algorithm", "command", "yardstick", "speed-up",
                   "target", "", "median time", "yardstick's",
                   "kernel"], rows1), "",
            codeblock(cmdlines), "",
            "#### Checking a manifest of small files", "",
            "`-c` on a manifest of %s files of 4 KiB of random bytes (page "
            "cache) written by `sha256sum`. `mdsum -c` is given `-a "
            "sha256`: an untagged 64-digit line fits sha256, sha512h and "
            "keccak256 alike, so mdsum asks to be told. Every command "
            "must report every file OK. %s"
            % (format(nc, ","), self.timed_note(crounds)), "",
            table(["command", "speed vs sha256sum -c", "target", "",
                   "median time", "files/s"], rows2)
            if rows2 else "Not run: coreutils' `sha256sum` is not installed.",
            "",
            codeblock(cmdlines2), "",
            "#### The batch interface: `mds_digest_many`", ""]
        if bargv is None:
            out += ["Not run: `bench/batch` is not built (`make bench` "
                    "builds it).", ""]
        else:
            out += [
                "`bench/batch` (`bench/batch.c`) hashes many messages in "
                "one `mds_digest_many` call, against a loop of "
                "`mds_digest` calls and a loop of OpenSSL EVP calls (the "
                "digest fetched once, one `EVP_MD_CTX` reused: "
                "`EVP_DigestInit_ex2`, `EVP_DigestUpdate`, "
                "`EVP_DigestFinal_ex` per message). keccak256: message i "
                "is the 64 bytes at offset i of a buffer of fixed "
                "pseudo-random bytes; OpenSSL 3.0 has no Keccak-256, and "
                "SHA3-256 stands in for it (the same permutation and rate, "
                "another pad byte: the same work). XRP Ledger slices: "
                "message i is bytes [0, (i * step) mod max) of one buffer, "
                "as in section 4, hashed with sha512Half (OpenSSL: "
                "SHA-512, the first 32 bytes kept). The batch's digests "
                "must equal `mds_digest`'s one by one, and OpenSSL's "
                "SHA-512 halves the batch's (they did%s). Every round "
                "runs each implementation on every message, the "
                "implementations taking turns; the median over the rounds "
                "is shown. Speed is relative to the OpenSSL loop."
                % ("" if not any("bench/batch" in x for x in self.problems)
                   else " **NOT**"), "",
                table(["workload", "implementation", "speed vs OpenSSL",
                       "target", "", "ns per message", "MB/s"], rows3), "",
                codeblock(["taskset -c %s %s" % (cpu,
                                                 self.show(q(bargv)))]), ""]
            out += ["*%s*  " % c for c in comments] + [""]
        bars = {lab: {"speed-up": x, "target": want}
                for lab, x, want in targets}
        out += [self.charts.bars(
            "multibuffer", "Multi-buffer speed-ups on one CPU, against "
            "their targets", "x yardstick (higher is faster)",
            [lab for lab, _, _ in targets], ["speed-up", "target"],
            lambda c, s: bars[c][s], fmt="%.2f", ref=1), ""]
        return out

    # -- 11 -------------------------------------------------------------
    def tool_list(self):
        """What this build and CPU have, from `mdsum --list`: (backends,
        {alg: [(name, lanes, MB/s, chosen)]}), the rows of its "measured
        on this CPU" section.  A build that measures nothing there (one
        without tuning) gets the rows from `mdsum --bench` instead."""
        text = capture([self.b("mdsum"), "--list"], cpus=self.cpu)
        secs = {}
        for block in re.split(r"\n\s*\n", text.strip()):
            lines = block.splitlines()
            secs[lines[0]] = [x.split() for x in lines[1:] if x.strip()]
        backends = next((v for k, v in secs.items()
                         if k.startswith("backends")), [])
        backends = [w[0] for w in backends if w]
        cand = {}
        for k, rows in secs.items():
            if not k.startswith("measured"):
                continue
            for w in rows:
                if len(w) >= 4 and w[2].isdigit():
                    cand.setdefault(w[0], []).append(
                        (w[1], int(w[2]), float(w[3]), w[4:] == ["*"]))
        if cand:
            return backends, cand, "list"
        log("  mdsum --list measured nothing: using mdsum --bench")
        _, rows, _ = parse_bench(capture([self.b("mdsum"), "--bench",
                                          "--size=65536"], cpus=self.cpu))
        for r in rows:
            if r["backend"] != "native" or r["level"] in ("-", "native"):
                name, lanes = r["backend"], 1
            else:
                # md5-avx2-x8 has 8 lanes, md5-x86 one
                m = re.search(r"-x(\d+)$", r["level"])
                lanes = int(m.group(1)) if m else 1
                name = r["level"]
                if lanes & (lanes - 1):
                    lanes = 1
            cand.setdefault(r["alg"], []).append((name, lanes, r["mbs"],
                                                  False))
        return backends, cand, "bench"

    def debug_says(self, stderr, paths):
        """What `--debug` says hashed, with the file names taken out:
        "BACKEND (KERNEL), READ" for each different combination."""
        how = {}
        for line in stderr.splitlines():
            for p in paths:
                line = line.replace(": %s: " % p, ": FILE: ")
            m = re.search(r": FILE: \S+ on the (\S+) backend"
                          r"(?: \(([^)]*)\))?", line)
            if m:
                how.setdefault("code", set()).add(
                    m.group(1) + (" (%s)" % m.group(2) if m.group(2)
                                  else ""))
            m = re.search(r": FILE: read by (.+)$", line)
            if m:
                how.setdefault("read", set()).add(m.group(1))
        return ", ".join("; ".join(sorted(how.get(k, ["?"])))
                         for k in ("code", "read"))

    def sec_defaults(self):
        size = self.c["def_bytes"]
        n = self.c["def_files"]
        each = self.c["def_each"]
        rounds = self.c["def_rounds"]
        cpu = self.cpu
        algs = ["md5", "sha256", "sha512h", "keccak256"]
        mdsum = self.b("mdsum")
        out = ["### 11. The defaults against every alternative that can "
               "be forced", ""]
        # The user's settings would be the default of every command.
        saved = {k: os.environ.pop(k) for k in
                 ("MDSUM_CPU", "MDSUM_BACKEND", "MDSUM_TUNE",
                  "MDSUM_TUNE_SLOW") if k in os.environ}
        d = os.path.join(self.tmp, "defaults")
        try:
            backends, cand, source = self.tool_list()
            os.makedirs(os.path.join(d, "many"))
            one = os.path.join(d, "one")
            log("  making a file of %s and %d of %s"
                % (fmt_size(size), n, fmt_size(each)))
            self.make_random(one, size)
            names = ["%02d" % i for i in range(n)]
            paths = [os.path.join(d, "many", x) for x in names]
            for p in paths:
                self.make_random(p, each)
            for p in [one] + paths:		# into the page cache
                with open(p, "rb") as f:
                    while f.read(8 * MIB):
                        pass
            tables = []
            fails = []
            ncmp = 0
            for alg in algs:
                rows = cand.get(alg, [])
                single = [("default", [], [])]
                for name, lanes, _, _ in rows:
                    if lanes != 1:
                        continue
                    if name in backends and name not in ("portable",
                                                         "native"):
                        single.append(("MDSUM_BACKEND=" + name,
                                       ["MDSUM_BACKEND=" + name], []))
                    else:
                        single.append(("MDSUM_CPU=" + name,
                                       ["MDSUM_CPU=" + name], []))
                for be in backends:
                    lab = "MDSUM_BACKEND=" + be
                    if lab not in [x[0] for x in single]:
                        single.append((lab, [lab], []))
                single += [("--mmap", [], ["--mmap"]),
                           ("--no-mmap", [], ["--no-mmap"])]
                multi = [("default", [], []),
                         ("--no-multibuffer", [], ["--no-multibuffer"])]
                multi += [("MDSUM_CPU=" + name, ["MDSUM_CPU=" + name], [])
                          for name, lanes, _, _ in rows if lanes > 1]
                multi += [("--mmap", [], ["--mmap"]),
                          ("--no-mmap", [], ["--no-mmap"])]
                works = [
                    ("%s file" % fmt_size(size), size,
                     [(lab, env, [self.b(alg)] + opts + [one])
                      for lab, env, opts in single], [one]),
                    ("%d x %s" % (n, fmt_size(each)), n * each,
                     [(lab, env, [mdsum, "-j1", "-a", alg] + opts + paths)
                      for lab, env, opts in multi], paths)]
                trows = []
                for work, nbytes, cmds, files in works:
                    log("  %s, %s: %d settings" % (alg, work, len(cmds)))
                    res = self.defaults_work(alg, work, nbytes, cmds, files,
                                             rounds)
                    for r in res:
                        ncmp += r["timed"] and r["label"] != "default"
                        if r["verdict"].startswith("**FAIL"):
                            fails.append((alg, work, r))
                    trows += [[work if i == 0 else "", r["label"], r["how"],
                               r["time"], r["mbs"], r["ratio"],
                               r["verdict"]] for i, r in enumerate(res)]
                    for r in res:
                        log("    %-30s %-44s %8s %6s  %s"
                            % (r["label"], r["how"][:44], r["time"],
                               r["ratio"], r["verdict"].replace("*", "")))
                tables.append((alg, trows))
        finally:
            os.environ.update(saved)
            shutil.rmtree(d, ignore_errors=True)
        for alg, work, r in fails:
            self.problem("defaults: %s, %s: %s is %s times as fast as the "
                         "default (%s)" % (alg, work, r["label"], r["ratio"],
                                           r["verdict"].split("(", 1)[1]
                                           .rstrip(")")))
        summary = ("%d failure%s among %d alternatives timed against the "
                   "default" % (len(fails), "" if len(fails) == 1 else "s",
                                ncmp))
        log("  defaults: " + summary)
        self.results["defaults"] = {"tables": tables, "fails": len(fails)}
        listed = ["%s %s %d %s%s" % (a, nm, ln, fmt_mbs(mb),
                                     " *" if ch else "")
                  for a in algs for nm, ln, mb, ch in cand.get(a, [])]
        cmdlines = ["cd $T/defaults   # one: %s; many/00 ... many/%s: %s "
                    "each" % (fmt_size(size), names[-1], fmt_size(each)),
                    "taskset -c %s [SETTING] %s one" % (cpu,
                                                      self.show(self.b(
                                                          "ALG"))),
                    "taskset -c %s [SETTING] %s -j1 -a ALG many/00 ... "
                    "many/%s" % (cpu, self.show(mdsum), names[-1])]
        out += [
            "Is the default the fastest way this build has on this CPU? "
            "For md5, sha256, sha512h and keccak256, the default is timed "
            "against every setting that forces another way: each kernel "
            "the CPU has (`MDSUM_CPU=KERNEL`), each built backend "
            "(`MDSUM_BACKEND=NAME`), `--mmap` and `--no-mmap`, on one "
            "file of %s; and on %d files of %s with `mdsum -j1`, "
            "`--no-multibuffer`, each multi-buffer kernel and `--mmap`/"
            "`--no-mmap`. The kernels are the rows `mdsum --list` %s on "
            "this machine, so the section needs no list of its own and "
            "runs on any CPU and build. Random bytes, in the page cache; "
            "pinned to CPU %s; the default's tuning on (no `MDSUM_*` in "
            "the environment). A setting that does not change what hashes "
            "(`--debug` tells: the backend and kernel, the read path) is "
            "not timed: a backend without the algorithm falls back, and "
            "`--mmap` may be the default already. Every setting's digests "
            "were compared with the default's (they agreed%s). %s"
            % (fmt_size(size), n, fmt_size(each),
               "measured (its \"measured on this CPU\" section)"
               if source == "list" else "did not measure (`mdsum --bench` "
               "named the kernels instead)", cpu,
               "" if not any(x.startswith("defaults: digests")
                             for x in self.problems) else " **NOT**",
               self.timed_note(rounds)), "",
            "Speed is the default's median time divided by the setting's "
            "(above 1.00: the setting is faster). A setting more than %d%% "
            "faster is timed again against the default alone, the two "
            "taking turns for %d rounds, and **FAIL** marks it if it is "
            "still faster by more than %d%% and by more than the noise: "
            "the median of the per-round speed-ups (default's time over "
            "the setting's, round by round) above %.2f and its excess "
            "over 1 more than twice their median absolute deviation "
            "(shown after +-). *%s*"
            % (DEF_MARGIN * 100, self.c["def_confirm"], DEF_MARGIN * 100,
               1 + DEF_MARGIN, summary), ""]
        for alg, trows in tables:
            out += ["#### %s" % alg, "",
                    table(["work", "setting", "what hashed (`--debug`)",
                           "median time", "MB/s", "speed vs default",
                           "verdict"], trows), ""]
        out += ["What `mdsum --list` measured in its own process (MB/s "
                "over all lanes; * chosen for large inputs):", "",
                codeblock(listed), "", codeblock(cmdlines), ""]
        return out

    # -- 12 -------------------------------------------------------------
    # (algorithm, [(peer, argv + FILE, same function)], target: (peer,
    # ratio) or ("mdsum -a X", ratio) for "as fast as X").
    FAMILY = [
        ("sha224", [("openssl dgst -sha224", ["openssl", "dgst",
                                              "-sha224"], True),
                    ("sha224sum", ["sha224sum"], True)],
         ("mdsum -a sha256", 0.97)),
        ("sha384", [("openssl dgst -sha384", ["openssl", "dgst",
                                              "-sha384"], True),
                    ("sha384sum", ["sha384sum"], True)],
         ("openssl dgst -sha384", 1.0)),
        ("sha512-224", [("openssl dgst -sha512-224",
                         ["openssl", "dgst", "-sha512-224"], True)], None),
        ("sha512-256", [("openssl dgst -sha512-256",
                         ["openssl", "dgst", "-sha512-256"], True)], None),
        ("sha3-224", [("openssl dgst -sha3-224",
                       ["openssl", "dgst", "-sha3-224"], True)], None),
        ("sha3-384", [("openssl dgst -sha3-384",
                       ["openssl", "dgst", "-sha3-384"], True)], None),
        ("sha3-512", [("openssl dgst -sha3-512",
                       ["openssl", "dgst", "-sha3-512"], True)],
         ("openssl dgst -sha3-512", 1.2)),
        ("blake2b", [("b2sum", ["b2sum"], True),
                     ("openssl dgst -blake2b512",
                      ["openssl", "dgst", "-blake2b512"], True)],
         ("b2sum", 1.3)),
        ("sm3", [("openssl dgst -sm3", ["openssl", "dgst", "-sm3"], True),
                 ("cksum -a sm3", ["cksum", "-a", "sm3"], True)], None),
        ("crc", [("cksum", ["cksum"], True)], ("cksum", 1.1)),
        ("crc32b", [("python3 zlib.crc32", [
            sys.executable, "-c",
            "import sys, zlib\nc = 0\nf = open(sys.argv[1], 'rb')\n"
            "while True:\n b = f.read(1 << 20)\n if not b: break\n"
            " c = zlib.crc32(b, c)\nprint(c)"], True)], None),
        ("sysv", [("sum -s", ["sum", "-s"], True)], None),
        ("bsd", [("sum -r", ["sum", "-r"], True)], None),
    ]

    @staticmethod
    def family_value(text):
        """The digest or checksum a line shows: its first long hex run,
        else its first decimal field (cksum and sum print decimal)."""
        h = first_hex(text, 16)
        if h is not None:
            return h
        m = re.search(r"\b(\d+)\b", text)
        return m.group(1) if m else None

    def sec_family(self):
        size = self.c["fam_bytes"]
        rounds = self.c["fam_rounds"]
        mdsum = self.b("mdsum")
        have = set(capture([mdsum, "--list"], check=False).split())
        f = os.path.join(self.tmp, "family")
        log("  making a file of %s" % fmt_size(size))
        self.make_random(f, size)
        with open(f, "rb") as fh:
            while fh.read(8 * MIB):
                pass
        out = ["### 12. The rest of the checksum family: each algorithm "
               "against its peers", ""]
        rows, cmdlines = [], []
        for alg, peers, target in self.FAMILY:
            if alg not in have:
                continue
            cmds = [("mdsum -a " + alg, [mdsum, "-a", alg, f], True)]
            if target and target[0].startswith("mdsum -a "):
                ref = target[0].split()[-1]
                cmds.append((target[0], [mdsum, "-a", ref, f], None))
            cmds += [(n, a + [f], same) for n, a, same in peers
                     if shutil.which(a[0])]
            outputs = {}
            for n, argv, _ in cmds:
                outputs[n] = capture(argv, cpus=self.cpu, check=False)
                cmdlines.append("taskset -c %s %s"
                                % (self.cpu, self.show(q(argv))))
            ours = self.family_value(outputs[cmds[0][0]])
            ok = [n for n, _, same in cmds[1:] if same and
                  self.family_value(outputs[n]) is not None]
            for n in ok:
                if self.family_value(outputs[n]) != ours:
                    self.problem("family, %s: %s gives %s, mdsum %s"
                                 % (alg, n, self.family_value(outputs[n]),
                                    ours))
            # A peer that failed (openssl without SM3, say) is left out.
            cmds = [c for c in cmds if c[2] is None or c[0] == cmds[0][0]
                    or c[0] in ok]
            r = self.run.measure([(n, a) for n, a, _ in cmds], rounds,
                                 self.cpu)
            t = {n: med(r[n]["times"]) for n, _, _ in cmds}
            mine = t[cmds[0][0]]
            verdict = ""
            if target and target[0] in t:
                x = t[target[0]] / mine
                verdict = "%s vs %s, target %.2fx: %s" % (
                    fmt_ratio(x), target[0], target[1],
                    "met" if x >= target[1] else "**not met**")
            elif target:
                verdict = "%s not installed" % target[0]
            rows.append([alg, "%s (%s)" % (fmt_mbs(size / mine / 1e6),
                                           fmt_secs(mine))] +
                        ["; ".join("%s %s" % (n, fmt_ratio(t[n] / mine))
                                   for n, _, _ in cmds[1:]) or "-",
                         verdict or "-"])
        out += [
            "One %s file of random bytes in the page cache, each command "
            "pinned to CPU %s. %s Each peer's column is its median time "
            "over mdsum's (above 1.00: mdsum is faster). Digests and "
            "checksums were checked to agree."
            % (fmt_size(size), self.cpu, self.timed_note(rounds)), "",
            table(["algorithm", "mdsum MB/s (median)", "peers: speed-up",
                   "target"], rows), "",
            "Commands (`$T` is the scratch directory):", "",
            codeblock(cmdlines), ""]
        return out

    def defaults_work(self, alg, work, nbytes, cmds, files, rounds):
        """Checks and times one algorithm's settings on one input:
        [{label, how, time, mbs, ratio, verdict, timed}], the default
        first."""
        cwd = os.path.dirname(files[0])
        res = []
        seen = {}
        digests = None
        timed = []
        for lab, env, argv in cmds:
            full = ["env"] + env + argv[:1] + ["--debug"] + argv[1:]
            p = subprocess.run(["taskset", "-c", self.cpu] + full, cwd=cwd,
                               stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
            how = self.debug_says(p.stderr, files)
            r = {"label": "`%s`" % lab, "how": how, "time": "-",
                 "mbs": "-", "ratio": "-", "verdict": "", "timed": False}
            res.append(r)
            if p.returncode != 0:
                r["how"] = "fails: %s" % (p.stderr.strip().splitlines()
                                          or ["exit %d" % p.returncode])[-1]
                r["verdict"] = "not timed"
                if lab == "default":
                    self.problem("defaults: %s, %s: the default fails"
                                 % (alg, work))
                    return res
                continue
            got = re.findall(r"\b[0-9a-f]{32,}\b", p.stdout)
            if digests is None:
                digests = got
            elif got != digests:
                self.problem("defaults: digests of %s, %s: %s differs from "
                             "the default" % (alg, work, lab))
            m = re.match(r"MDSUM_BACKEND=(\S+)", lab)
            if m and not re.match(r"%s[ ,]" % re.escape(m.group(1)), how):
                r["verdict"] = "not timed: %s has no %s" % (m.group(1), alg)
                continue
            rd = how.rsplit(", ", 1)[-1]
            if lab in ("--mmap", "--no-mmap") and timed and \
                    rd == timed[0][2]["how"].rsplit(", ", 1)[-1]:
                r["verdict"] = "not timed: the default reads so"
                continue
            if how in seen:
                r["verdict"] = "not timed: as %s" % seen[how]
                continue
            seen[how] = "the default" if lab == "default" else "`%s`" % lab
            r["timed"] = True
            timed.append((lab, env + argv, r))
        if not timed:
            return res
        t = self.run.measure([(lab, ["env"] + a) for lab, a, _ in timed],
                             rounds, self.cpu, cwd=cwd)
        td = t["default"]["times"]
        for lab, argv, r in timed:
            ta = t[lab]["times"]
            r["time"] = fmt_secs(med(ta))
            r["mbs"] = fmt_mbs(nbytes / med(ta) / 1e6)
            x = med(td) / med(ta)
            r["ratio"] = "**1.00**" if lab == "default" else fmt_ratio(x)
            if lab == "default":
                r["verdict"] = "(default)"
            elif x <= 1 + DEF_MARGIN:
                r["verdict"] = "ok"
            else:
                # One table's rounds are long: a setting that looks
                # faster is set against the default alone, in turns.
                log("    %s looks %.2fx as fast: timing it again" % (lab, x))
                t2 = self.run.measure([("default", ["env"] + timed[0][1]),
                                       (lab, ["env"] + argv)],
                                      self.c["def_confirm"], self.cpu,
                                      cwd=cwd)
                x2, dev, fail = beats(t2["default"]["times"],
                                      t2[lab]["times"])
                again = "again: %.2f +- %.2f" % (x2, dev)
                if fail:
                    r["verdict"] = "**FAIL** (%s)" % again
                elif x2 > 1 + DEF_MARGIN:
                    r["verdict"] = "faster, within noise (%s)" % again
                else:
                    r["verdict"] = "not confirmed (%s)" % again
        return res

    # -------------------------------------------------------------------
    def machine(self):
        info = {}
        with open("/proc/cpuinfo") as f:
            for line in f:
                k, _, v = line.partition(":")
                info.setdefault(k.strip(), v.strip())
        flags = set(info.get("flags", "").split())
        cpu = "%s (family %s, model %s, stepping %s)" % (
            info.get("model name", "unknown"), info.get("cpu family", "?"),
            info.get("model", "?"), info.get("stepping", "?"))
        want = ["sha_ni", "avx2", "avx512f", "avx512vl", "bmi2"]
        fl = ", ".join(("`%s`" % x) if x in flags else "no `%s`" % x
                       for x in want)
        osname = "unknown"
        try:
            with open("/etc/os-release") as f:
                for line in f:
                    if line.startswith("PRETTY_NAME="):
                        osname = line.split("=", 1)[1].strip().strip('"')
        except OSError:
            pass
        osname += ", Linux " + os.uname().release

        def first_line(cmd):
            try:
                p = subprocess.run(cmd, shell=isinstance(cmd, str),
                                   stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
                return p.stdout.strip().splitlines()[0]
            except (OSError, IndexError):
                return "unknown"

        def dpkg(pkg):
            v = first_line(["dpkg-query", "-W", "-f", "${Version}", pkg])
            return v if v and "no packages" not in v else "not installed"
        cc = first_line(self.cc + " --version")
        opt = " ".join(w for w in self.cflags.split()
                       if re.match(r"-(O|m|f|g)", w)) or "(none)"
        peers = []
        for name, cmd in (("coreutils", ["sha256sum", "--version"]),
                          ("rhash", ["rhash", "--version"]),
                          ("hashdeep", ["md5deep", "-v"]),
                          ("xz", ["xz", "--version"])):
            if shutil.which(cmd[0]):
                peers.append("%s %s" % (name, first_line(cmd).split()[-1]))
            else:
                peers.append("%s (not installed)" % name)
        return [
            table(["", ""], [
                ["CPU", cpu],
                ["flags", fl],
                ["cores", "%d online (`nproc`), shared with other "
                 "tenants" % os.cpu_count()],
                ["OS", osname],
                ["compiler", "%s; flags %s" % (cc, opt)],
                ["OpenSSL", first_line(["openssl", "version"])],
                ["libmd", dpkg("libmd0")],
                ["peers", ", ".join(peers)],
                ["timer", self.run.timer_name()],
                ["gnuplot", first_line(["gnuplot", "--version"])
                 if self.charts.gnuplot else "not installed"]]), ""]

    def go(self):
        if not self.outdir:
            with open(self.report) as f:
                old = f.read()
            if old.find(MARK_BEGIN) < 0 or old.find(MARK_END) < \
                    old.find(MARK_BEGIN):
                raise BenchError("%s has no %s ... %s markers"
                                 % (self.report, MARK_BEGIN, MARK_END))
        t_start = time.time()
        parts = {}
        funcs = {"bench": self.sec_bench, "file": self.sec_file,
                 "pipe": self.sec_pipe, "xrp": self.sec_xrp,
                 "small": self.sec_small, "jobs": self.sec_jobs,
                 "memory": self.sec_memory, "startup": self.sec_startup,
                 "short": self.sec_short,
                 "multibuffer": self.sec_multibuffer,
                 "defaults": self.sec_defaults,
                 "family": self.sec_family}
        load = []
        try:
            for i, s in enumerate(SECTIONS, 1):
                if self.only and s not in self.only:
                    continue
                log("[%d/%d] %s (%.0f s so far)" % (i, len(SECTIONS), s,
                                                     time.time() - t_start))
                before = cpu_sample()
                parts[s] = funcs[s]()
                load.append((s, other_load(before, cpu_sample())))
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)
        took = time.time() - t_start
        mode = "`make bench QUICK=1` (fewer, smaller runs)" if self.quick \
            else "`make bench`"
        md = [MARK_BEGIN,
              "<!-- Generated by bench/run.py: edit the script, not this. -->",
              "",
              "Generated by %s on %s in %.0f s. **These numbers come from "
              "a shared, noisy virtual machine with 2 cores**: other "
              "tenants' load comes and goes, so read the ratios between "
              "commands timed in the same rounds rather than the absolute "
              "values, and expect a few per cent of scatter between runs."
              % (mode, time.strftime("%Y-%m-%d"), took), "",
              "Pinning: single-threaded commands run on CPU %s with "
              "`taskset -c %s`; `cat` feeding a pipe runs on CPU %s; jobs "
              "and many-file runs get CPUs %s. Ratios are speeds: a "
              "reference's median time divided by each command's, so above "
              "1.00 is faster than the reference. MB/s are 10^6 bytes per "
              "second."
              % (self.cpu, self.cpu, self.cpu_other, self.cpu_pair), "",
              "#### Machine", ""] + self.machine()
        busy = [x for x in load if x[1][1] > 0.05 or x[1][2] > 0.05]
        md += ["#### Other load during the run", "",
               "Measured from `/proc/stat`: CPU time used by processes "
               "that are not this benchmark's, and time stolen by the "
               "hypervisor, as a share of both CPUs while each section "
               "ran. %s" % (
                   "Sections above 5%% were slowed by others (%s): "
                   "compare their ratios with care, or run again on a "
                   "quieter machine." % ", ".join(x[0] for x in busy)
                   if busy else "All sections ran below 5%."), "",
               table(["section", "time", "other processes", "steal"],
                     [[sec, "%.0f s" % el, "%.0f%%" % (o * 100),
                       "%.0f%%" % (st * 100)]
                      for sec, (el, o, st) in load]), ""]
        if self.problems:
            md += ["#### Problems found by this run", ""] + [
                "- " + x for x in self.problems] + [""]
        for s in SECTIONS:
            if s in parts:
                md += parts[s]
        md.append(MARK_END)
        text = "\n".join(md) + "\n"
        self.write(text)
        log("done in %.0f s; report: %s" % (took, self.show(self.report)))
        if self.problems:
            log("%d problem(s):\n  %s" % (len(self.problems),
                                          "\n  ".join(self.problems)))
            return 1
        return 0

    def write(self, block):
        if self.outdir:
            os.makedirs(self.outdir, exist_ok=True)
            with open(self.report, "w") as f:
                f.write("# Benchmarks (%s run, not committed)\n\n"
                        % ("QUICK=1" if self.quick else "partial") + block)
            return
        with open(self.report) as f:
            old = f.read()
        i = old.find(MARK_BEGIN)
        j = old.find(MARK_END)
        if i < 0 or j < i:
            raise BenchError("%s has no %s ... %s markers"
                             % (self.report, MARK_BEGIN, MARK_END))
        new = old[:i] + block + old[j + len(MARK_END) + 1:]
        tmp = self.report + ".tmp"
        with open(tmp, "w") as f:
            f.write(new)
        os.replace(tmp, self.report)


def main(argv):
    if argv[1:] == ["--check-bench"]:
        return check_bench_main()
    opts = {"QUICK": "", "ONLY": "", "CC": "cc", "CFLAGS": "",
            "TIMER": "hyperfine"}
    for a in argv[1:]:
        k, eq, v = a.partition("=")
        if not eq or k not in opts:
            print(__doc__.split("\n\n")[1], file=sys.stderr)
            return 2
        opts[k] = v
    quick = opts["QUICK"] not in ("", "0", "no")
    only = [s for s in opts["ONLY"].split(",") if s]
    for s in only:
        if s not in SECTIONS:
            print("ONLY: unknown section %s (%s)" % (s, ", ".join(SECTIONS)),
                  file=sys.stderr)
            return 2
    if not shutil.which("taskset"):
        print("taskset (util-linux) is needed", file=sys.stderr)
        return 1
    for f in ("mdsum", "md5", "sha256", "sha512h", "keccak256"):
        if not os.access(os.path.join(BIN, f), os.X_OK):
            print("bin/%s is not built: run make" % f, file=sys.stderr)
            return 1
    try:
        return Bench(QUICK if quick else FULL, quick, only, opts["CC"],
                     opts["CFLAGS"], opts["TIMER"]).go()
    except BenchError as e:
        print("bench: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
