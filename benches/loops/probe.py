"""What the probes of benches/loops/ share (probe_rows.py, probe_split.py): for each compiler,
each element type's program `OUT/p_TYPE.c` rewritten by `optimist c --threads 1`, the original
and the rewritten program compiled alike with `-O3 -march=native` and run once (each prints, per
kind, `NAME TYPE MS RESULT`), per kind the speed-up and whether the results agree, then the
geometric mean and the worst."""
import math, subprocess


def compare(out, bin_, compilers=("gcc", "clang-19"), types=("float", "double")):
    for cc in compilers:
        ups = []
        for T in types:
            src, rw = f"{out}/p_{T}.c", f"{out}/rw_{T}.c"
            with open(rw, "w") as f:
                subprocess.run([bin_, "c", src, "--threads", "1"], stdout=f, stderr=subprocess.DEVNULL, check=True)
            for name, path in [("o", src), ("r", rw)]:
                subprocess.run([cc, "-O3", "-march=native", path, "-o", f"{out}/{name}_{T}_{cc}", "-lm"], check=True, stderr=subprocess.DEVNULL)
            o = subprocess.run([f"{out}/o_{T}_{cc}"], capture_output=True, text=True, check=True).stdout.split("\n")
            r = subprocess.run([f"{out}/r_{T}_{cc}"], capture_output=True, text=True, check=True).stdout.split("\n")
            for a, b in zip(o, r):
                if not a:
                    continue
                a, b = a.split(), b.split()
                up = float(a[2]) / float(b[2])
                ups.append(up)
                print(f"{cc} {a[0]} {a[1]} {a[2]} ms {b[2]} ms {up:.2f}x {'same' if a[3] == b[3] else 'RESULTS DIFFER'}")
        print(f"{cc}: geometric mean {math.exp(sum(map(math.log, ups)) / len(ups)):.2f}x, worst {min(ups):.2f}x")
