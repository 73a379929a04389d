#!/usr/bin/env python3
"""How well the strategy's estimates rank the measured times of the bench suite.

    scripts/cost-rank.py TABLE.md

TABLE.md is the output of scripts/bench.sh (the table of benches/RESULTS.md). For each kernel
of the table, the estimate of the schedule the strategy chose (`optimist show ast --opt default
--typical ...`, the parameters at the kernel's bench sizes) is read for native code on one
thread and for C (whose estimate assumes OpenMP's two threads), and set against the measured
JIT 1t and C 2t times (cc -O3's time over the speed-up). Prints per kernel the estimate, the
measured time and their ratio, then Spearman's rank correlation of each column and the spread
of the ratios (geometric mean, and the least and largest). Needs target/release/optimist.
"""
import math
import os
import re
import subprocess
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
binary = os.environ.get("OPTIMIST", os.path.join(root, "target/release/optimist"))


def typical(path):
    """The integer parameters of the kernel's `// bench:` line as --typical arguments."""
    with open(path) as f:
        for line in f:
            if line.startswith("// bench:"):
                out = []
                for name, value in re.findall(r"--set (\w+)=(-?\d+)\b(?![.\d])", line):
                    out += ["--typical", f"{name}={value}"]
                return out
    return []


def chosen_estimate(path, target):
    args = [binary, "show", "ast", path, "--opt", "default", "--target", target]
    if target == "native":
        args += ["--threads", "1"]
    text = subprocess.run(args + typical(path), capture_output=True, text=True).stdout
    schedule = re.search(r"^// schedule: (.*)$", text, re.M)
    estimates = re.search(r"^// estimates[^:]*: (.*)$", text, re.M)
    if not estimates:
        return None
    found = {}
    for part in estimates.group(1).split("; "):
        m = re.match(r"(.*) ([\d.]+) ms \(", part)
        if m:
            found[m.group(1)] = float(m.group(2)) / 1000
    if "as chosen after its later steps" in found:
        return found["as chosen after its later steps"]
    if schedule and schedule.group(1) in found:
        return found[schedule.group(1)]
    return next(iter(found.values()), None)


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = math.sqrt(sum((x - ma) ** 2 for x in ra))
    vb = math.sqrt(sum((y - mb) ** 2 for y in rb))
    return cov / (va * vb)


def speedup(cell):
    m = re.match(r"\s*([\d.]+)x", cell)
    return float(m.group(1)) if m else None


rows = []
with open(sys.argv[1]) as f:
    for line in f:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 7 or not re.match(r"[\d.]+$", cells[1]):
            continue
        name, cc = cells[0], float(cells[1])
        c2, j1 = speedup(cells[4]), speedup(cells[5])
        rows.append((name, cc / c2 if c2 else None, cc / j1 if j1 else None))

columns = {"native 1t vs JIT 1t": [], "c vs C 2t": []}
print(f"| kernel | JIT 1t (s) | estimate | ratio | C 2t (s) | estimate | ratio |")
print("|---|---:|---:|---:|---:|---:|---:|")
for name, c2, j1 in rows:
    path = os.path.join(root, "corpus/suite", name + ".c")
    en, ec = chosen_estimate(path, "native"), chosen_estimate(path, "c")
    cells = []
    for measured, est, col in ((j1, en, "native 1t vs JIT 1t"), (c2, ec, "c vs C 2t")):
        if measured and est:
            columns[col].append((measured, est))
            cells += [f"{measured:.4f}", f"{est:.4f}", f"{measured / est:.2f}"]
        else:
            cells += [f"{measured or 0:.4f}", "-", "-"]
    print(f"| {name} | " + " | ".join(cells) + " |")
print()
for col, pairs in columns.items():
    if len(pairs) < 3:
        continue
    m, e = [p[0] for p in pairs], [p[1] for p in pairs]
    r = [a / b for a, b in pairs]
    geo = math.exp(sum(math.log(x) for x in r) / len(r))
    print(
        f"{col}: Spearman {spearman(m, e):.3f} over {len(pairs)} kernels; "
        f"measured/estimate geometric mean {geo:.2f}, from {min(r):.2f} to {max(r):.2f}"
    )
