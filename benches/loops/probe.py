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


def write(out, kinds, arrays, init, hashed, types=("float", "double")):
    """Writes each type's program `OUT/p_TYPE.c`: the declarations `arrays` (C text, `REAL` the
    element type, `N`, `M` and `L` defined), per kind `(name, body, declarations, repetitions)`
    a function repeating the region `body` (between `#pragma scop` and `#pragma endscop`,
    `int i, j, k, m` declared) with an opaque call after each run, `init` (the body of
    `static void init(void)`), and a `main` that times each kind (best of 5, inputs set again
    before each) and prints `NAME TYPE MS HASH`, the hash over the arrays `hashed`."""
    for T in types:
        out_ = [f"#include <stdio.h>\n#include <time.h>\n#include <math.h>\n#define N 20000\n#define M 256\n#define L 48\ntypedef {T} REAL;\n",
                arrays, "void dummy(REAL *, REAL *);\n"]
        for n, body, decl, reps in kinds:
            out_.append(f"static void {n}(void) {{\n  int i, j, k, m, nl;\n  {decl}\n  for (nl = 0; nl < {reps}; nl++) {{\n#pragma scop\n    {body}\n#pragma endscop\n    dummy(a, aa[0]);\n  }}\n}}\n")
        out_.append("void dummy(REAL *x, REAL *y) { __asm__ volatile(\"\" :: \"r\"(x), \"r\"(y) : \"memory\"); }\n")
        out_.append("static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }\n")
        out_.append(f"static void init(void) {{ int i, j, k; {init} }}\n")
        out_.append("static unsigned long mix(unsigned long h, const void *p, unsigned long n) { const unsigned char *q = p; while (n--) h = h * 1099511628211UL ^ *q++; return h; }\n")
        out_.append("static unsigned long hash(void) { unsigned long h = 1469598103934665603UL; "
                    + " ".join(f"h = mix(h, {x}, sizeof {x});" for x in hashed) + " return h; }\n")
        out_.append("int main(void) {\n  double t, best;\n  int r;\n")
        for n, _, _, _ in kinds:
            out_.append(f"  best = 1e9; for (r = 0; r < 5; r++) {{ init(); t = now(); {n}(); t = now() - t; if (t < best) best = t; }}\n  printf(\"{n} {T} %.6f %lx\\n\", best * 1e3, hash());\n")
        out_.append("  return 0;\n}\n")
        open(f"{out}/p_{T}.c", "w").write("".join(out_))
