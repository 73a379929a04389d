//! Loopy scripts in the differential test: the shapes of the paper's Appendix B scripts on
//! labeled kernels, and random scripts on small kernels. Whatever the verifier accepts must give
//! the interpreter's bits after Cranelift; what it refuses must not compile.

use optimist::{Config, Error, Strategy, Version};
use optimist_loopy::{LoopyError, Script};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::interp;
use optimist_scop::ir::Function;
use optimist_scop::workload::{RunSpec, Workload};

mod common;

fn parse(src: &str) -> Function {
    frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap()
}

/// Compiles `f` with `script` and compares the JIT's hashes with the interpreter's.
fn check(name: &str, f: &Function, sets: &[&str], script: &str) -> Result<(), Error> {
    let script = Script::parse(script).unwrap_or_else(|e| panic!("{name}: {e}"));
    let args: Vec<String> = sets
        .iter()
        .flat_map(|s| ["--set".to_string(), s.to_string()])
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let spec = RunSpec::parse_args(&args).unwrap();
    let optimist::Compiled { kernel, outcome } =
        optimist::compile(f, &Config::with(Strategy::Script(script.clone())))?;
    assert!(kernel.is_optimized(), "{name}: {:?}", outcome.why());
    let mut reference = Workload::generate(f, &spec).unwrap();
    interp::run(f, &mut reference.args, &Default::default()).unwrap();
    let mut w = Workload::generate(f, &spec).unwrap();
    assert_eq!(
        kernel.run(&mut w.args).unwrap(),
        Version::Optimized,
        "{name}"
    );
    assert_eq!(
        w.hashes(f),
        reference.hashes(f),
        "{name}: the transformed code computes other bits"
    );
    if let Some(c_hashes) = through_cc(name, f, &spec, &script) {
        let ours: Vec<String> = reference
            .hashes(f)
            .iter()
            .map(|(n, h)| format!("{n} {h:016x}"))
            .collect();
        assert_eq!(
            c_hashes, ours,
            "{name}: the transformed C computes other bits"
        );
    }
    Ok(())
}

/// The hashes of the C the script gives, compiled by `cc -O1 -ffp-contract=off` (`None` without
/// a C compiler).
fn through_cc(name: &str, f: &Function, spec: &RunSpec, script: &Script) -> Option<Vec<String>> {
    let cc = common::cc()?;
    let scop = optimist_scop::model::Scop::build(f, &Default::default()).unwrap();
    let deps = optimist_scop::model::Dependences::compute(&scop, &Default::default()).unwrap();
    let t = optimist_loopy::apply(&scop, &deps, script).unwrap();
    let ast = optimist::codegen::generate(&scop, &t.schedule).unwrap();
    let code = optimist::codegen::c_function(
        f,
        &scop,
        &ast.decide(&scop, &optimist::codegen::Target::c(), &[]),
        Some("optimist_generated"),
    );
    Some(common::hashes_of_c(&cc, name, f, spec, &code))
}

const TILE3: &str =
    "{ [i, j, k] -> [floor(i/8), floor(j/8), floor(k/8), i mod 8, j mod 8, k mod 8] }";

const GEMM: &str = include_str!("../corpus/tagged.c");

const TWO_MM: &str = "void k2mm(int n, double alpha, double beta, double tmp[n][n], double A[n][n],
          double B[n][n], double C[n][n], double D[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
InitT: tmp[i][j] = 0.0;
MultT: for (int k = 0; k < n; k++) tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
InitD: D[i][j] *= beta;
MultD: for (int k = 0; k < n; k++) D[i][j] += tmp[i][k] * C[k][j];
    }
}";

const THREE_MM: &str =
    "void k3mm(int n, double E[n][n], double A[n][n], double B[n][n], double F[n][n],
          double C[n][n], double D[n][n], double G[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
InitE: E[i][j] = 0.0;
CompE: for (int k = 0; k < n; k++) E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
InitF: F[i][j] = 0.0;
CompF: for (int k = 0; k < n; k++) F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
InitG: G[i][j] = 0.0;
CompG: for (int k = 0; k < n; k++) G[i][j] += E[i][k] * F[k][j];
    }
}";

const MVT: &str =
    "void mvt(int n, double x1[n], double x2[n], double y1[n], double y2[n], double A[n][n]) {
First: for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x1[i] = x1[i] + A[i][j] * y1[j];
Second: for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x2[i] = x2[i] + A[j][i] * y2[j];
}";

const GEMVER: &str = "void gemver(int n, double alpha, double beta, double A[n][n], double u1[n], double v1[n],
            double u2[n], double v2[n], double w[n], double x[n], double y[n], double z[n]) {
Update: for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
Xt: for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] = x[i] + beta * A[j][i] * y[j];
Xz: for (int i = 0; i < n; i++) x[i] = x[i] + z[i];
W: for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) w[i] = w[i] + alpha * A[i][j] * x[j];
}";

const DOITGEN: &str = "void doitgen(int nr, int nq, int np, double A[nr][nq][np], double C4[np][np], double sum[np]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
Init:   sum[p] = 0.0;
Mult:   for (int s = 0; s < np; s++) sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++) A[r][q][p] = sum[p];
    }
}";

const TRMM: &str = "void trmm(int m, int n, double alpha, double A[m][m], double B[m][n]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
Sum:  for (int k = i + 1; k < m; k++) B[i][j] += A[k][i] * B[k][j];
Scale: B[i][j] = alpha * B[i][j];
    }
}";

const LU: &str = "void lu(int n, double A[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
Lower: for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[k][j];
Div:   A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++) {
Upper: for (int k = 0; k < i; k++) A[i][j] -= A[i][k] * A[k][j];
    }
  }
}";

const JACOBI_2D: &str = "void jacobi(int tsteps, int n, double A[n][n], double B[n][n]) {
  for (int t = 0; t < tsteps; t++) {
First: for (int i = 1; i < n - 1; i++) for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
Second: for (int i = 1; i < n - 1; i++) for (int j = 1; j < n - 1; j++)
      A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}";

const SEIDEL_2D: &str = "void seidel(int tsteps, int n, double A[n][n]) {
Loop: for (int t = 0; t < tsteps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j]
                   + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}";

const COVARIANCE: &str =
    "void cov(int m, int n, double data[n][m], double cov[m][m], double mean[m]) {
  for (int j = 0; j < m; j++) {
MeanInit: mean[j] = 0.0;
MeanSum: for (int i = 0; i < n; i++) mean[j] += data[i][j];
MeanDiv: mean[j] = mean[j] / 7.0;
  }
Center: for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) data[i][j] -= mean[j];
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
CovInit: cov[i][j] = 0.0;
CovSum: for (int k = 0; k < n; k++) cov[i][j] += data[k][i] * data[k][j];
      CovCopy: cov[j][i] = cov[i][j];
    }
}";

const FDTD_2D: &str = "void fdtd(int tmax, int nx, int ny, double ex[nx][ny], double ey[nx][ny], double hz[nx][ny], double fict[tmax]) {
  for (int t = 0; t < tmax; t++) {
    for (int j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
EY:     ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
EX:     ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++)
HZ:     hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}";

const GRAMSCHMIDT: &str =
    "void gs(int m, int n, double A[m][n], double R[n][n], double Q[m][n], double nrm[1]) {
  for (int k = 0; k < n; k++) {
    nrm[0] = 0.0;
    for (int i = 0; i < m; i++)
      nrm[0] += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm[0]);
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; j++) {
InitR: R[k][j] = 0.0;
UpdateR: for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
UpdateA: for (int i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}";

const ADI: &str = "void adi(int tsteps, int n, double a, double b, double c, double d,
         double u[n][n], double v[n][n], double p[n][n], double q[n][n]) {
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++) {
      v[0][i] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = v[0][i];
      for (int j = 1; j < n - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] - d * u[j][i + 1] - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
      }
Vinit: v[n - 1][i] = 1.0;
V:    for (int j = n - 2; j >= 1; j--)
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
    }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = v[i][j] * 0.5 + u[i][j] * 0.25;
  }
}";

#[test]
fn appendix_b_scripts_are_verified_and_compute_the_same_bits() {
    let tiled_product = format!(
        "realign(Init, Mult, 0)\naffine(Mult, {{ [i, j, k] -> [i, k, j] }})\naffine(Mult, {TILE3})"
    );
    let cases: Vec<(&str, &str, Vec<&str>, String)> = vec![
        ("gemm", GEMM, vec!["n=20"], tiled_product.clone()),
        // Figure 3f's split, then the second half's loops interchanged.
        ("gemm-isplit", GEMM, vec!["n=13"], "(L, R) = isplit(Outer, { [i, j] : j < n / 2 }, 1)\ninterchange(R, 0, 1)".into()),
        ("gemm-shorthands", GEMM, vec!["n=19"], "realign(Init, Mult, 0)\ninterchange(Mult, 1, 2)\nM = lift(Mult, 1)\ntile(M, 8, 4, 16)\nparallel(Init, 0)\nvectorize(M)".into()),
        ("2mm", TWO_MM, vec!["n=18", "alpha=1.5", "beta=0.5"], format!(
            "realign(InitT, MultT, 0)\naffine(MultT, {{ [i, j, k] -> [i, k, j] }})\naffine(MultT, {TILE3})\n\
             realign(InitD, MultD, 0)\naffine(MultD, {{ [i, j, k] -> [i, k, j] }})\naffine(MultD, {TILE3})")),
        ("3mm", THREE_MM, vec!["n=17"], format!(
            "realign(InitE, CompE, 0)\naffine(CompE, {{ [i, j, k] -> [i, k, j] }})\naffine(CompE, {TILE3})\n\
             realign(InitF, CompF, 0)\naffine(CompF, {{ [i, j, k] -> [i, k, j] }})\n\
             realign(InitG, CompG, 0)\naffine(CompG, {{ [i, j, k] -> [i, k, j] }})")),
        ("mvt", MVT, vec!["n=23"], "affine(Second, { [i, j] -> [j, i] })".into()),
        ("gemver", GEMVER, vec!["n=21", "alpha=1.5", "beta=1.25"], "affine(Xt, { [i, j] -> [j, i] })\nrealign(Update, Xt, 2)".into()),
        ("doitgen", DOITGEN, vec!["nr=5", "nq=6", "np=9"], "realign(Init, Mult, 2)\naffine(Mult, { [r, q, p, s] -> [r, q, s, p] })\n\
             affine(Mult, { [r, q, s, p] -> [r, q, floor(s/4), floor(p/4), s mod 4, p mod 4] })".into()),
        ("trmm", TRMM, vec!["m=14", "n=11", "alpha=1.5"], "realign(Sum, Scale, 0)\naffine(Sum, { [i, j, k] -> [i, k, j] })".into()),
        ("lu", LU, vec!["n=15"], "affine(Upper, { [i, j, k] -> [i, k, j] })".into()),
        ("jacobi-2d", JACOBI_2D, vec!["tsteps=3", "n=13"], "affine(Second, { [t, i, j] -> [t, i + 1, j + 1] })\nrealign(First, Second, 3)".into()),
        ("seidel-2d", SEIDEL_2D, vec!["tsteps=3", "n=12"], "skew(Loop, 0, 1, 1)\nskew(Loop, 0, 2, 1)\nskew(Loop, 1, 2, 1)\ntile(Loop, 4, 4, 4)".into()),
                ("fdtd-2d", FDTD_2D, vec!["tmax=3", "nx=9", "ny=11"], "realign(EY, EX, 3)\naffine(HZ, { [t, i, j] -> [t, i + 1, j] })\nrealign(EX, HZ, 3)".into()),
        ("gramschmidt", GRAMSCHMIDT, vec!["m=9", "n=8"], "realign(InitR, UpdateR, 1)\nrealign(UpdateR, UpdateA, 1)\n\
             affine(UpdateR, { [k, j, i] -> [k, i, j] })\naffine(UpdateA, { [k, j, i] -> [k, i, j] })".into()),
                ("adi", ADI, vec!["tsteps=2", "n=11", "a=0.5", "b=2.0", "c=0.25", "d=0.125"], "realign(Vinit, V, 1)\naffine(V, { [t, i, j] -> [t, j, i] })\n\
             affine(V, { [t, x, y] -> [t, floor(x/4), floor(y/4), x mod 4, y mod 4] })".into()),
        ("covariance", COVARIANCE,vec!["m=9", "n=12"], "realign(MeanInit, MeanSum, 0)\nrealign(MeanSum, MeanDiv, 0)\naffine(MeanSum, { [j, i] -> [i, j] })\n\
                          realign(CovInit, CovSum, 0)\nrealign(CovSum, CovCopy, 0)\naffine(CovSum, { [i, j, k] -> [k, i, j] })".into()),];
    let mut failures = Vec::new();
    for (name, src, sets, script) in &cases {
        let f = parse(src);
        if let Err(e) = check(name, &f, sets, script) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_refused_script_does_not_compile() {
    let f = parse(SEIDEL_2D);
    for text in [
        "interchange(Loop, 0, 2)",
        // The paper's Appendix B script for seidel-2d, as printed: tiling i and j inside t
        // without skewing reverses A[i-1][j+1] -> A[i][j] across tiles.
        "affine(Loop, { [t, i, j] -> [t, floor(i/4), floor(j/4), i mod 4, j mod 4] })",
    ] {
        let script = Script::parse(text).unwrap();
        let e = optimist::compile(&f, &Config::with(Strategy::Script(script))).unwrap_err();
        assert!(matches!(e, Error::Script(LoopyError::Refused(_))), "{e}");
    }
}

/// A small deterministic generator (xorshift), so failures reproduce.
#[test]
fn random_scripts_are_refused_or_compute_the_same_bits() {
    let kernels: [(&str, &str, &[&str]); 4] = [
        ("gemm", GEMM, &["n=9"]),
        ("seidel-2d", SEIDEL_2D, &["tsteps=2", "n=8"]),
        ("jacobi-2d", JACOBI_2D, &["tsteps=2", "n=8"]),
        ("lu", LU, &["n=8"]),
    ];
    let mut rng = common::Rng(0x9E37_79B9_7F4A_7C15);
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..48 {
        let (name, src, sets) = kernels[round % kernels.len()];
        let f = parse(src);
        let tags: Vec<&str> = [
            "Init", "Mult", "Outer", "Post", "Loop", "First", "Second", "Lower", "Div", "Upper",
        ]
        .into_iter()
        .filter(|t| src.contains(&format!("{t}:")))
        .collect();
        let mut lines = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let tag = tags[rng.below(tags.len() as u64) as usize];
            let d = rng.below(3);
            lines.push(match rng.below(7) {
                0 => format!("reverse({tag}, {d})"),
                1 => format!("interchange({tag}, {d}, {})", (d + 1 + rng.below(2)) % 3),
                2 => format!("shift({tag}, {d}, {})", rng.below(5) as i64 - 2),
                3 => format!(
                    "skew({tag}, 0, {}, {})",
                    1 + rng.below(2),
                    rng.below(3) as i64 - 1
                ),
                4 => format!("tile({tag}, {})", 2 + rng.below(3)),
                5 => format!(
                    "realign({tag}, {}, {})",
                    tags[rng.below(tags.len() as u64) as usize],
                    rng.below(3)
                ),
                _ => format!("parallel({tag}, {d})"),
            });
        }
        let script = lines.join("\n");
        match check(name, &f, sets, &script) {
            Ok(()) => accepted += 1,
            Err(Error::Script(LoopyError::Refused(_) | LoopyError::Invalid { .. })) => refused += 1,
            Err(e) => panic!("{name}, script:\n{script}\n{e}"),
        }
    }
    // Both outcomes occur, so the test exercises the verifier both ways.
    assert!(
        accepted >= 8 && refused >= 8,
        "accepted {accepted}, refused {refused}"
    );
}

/// Marks reach the loops they were checked for, and only those.
#[test]
fn marks_reach_their_loops() {
    let f = parse(GEMM);
    let scop = optimist_scop::model::Scop::build(&f, &Default::default()).unwrap();
    let deps = optimist_scop::model::Dependences::compute(&scop, &Default::default()).unwrap();
    let script = Script::parse(
        "realign(Init, Mult, 0)\nparallel(Init, 0)\nparallel(Outer, 1)\nvectorize(Init)",
    )
    .unwrap();
    let t = optimist_loopy::apply(&scop, &deps, &script).unwrap();
    let marks = optimist::codegen::Marks {
        parallel: t.parallel,
        vector: t.vector,
        jam: t.jam,
        registers: t.registers,
    };
    let ast = optimist::codegen::generate_marked(&scop, &t.schedule, &marks).unwrap();
    expect_test::expect![[r#"
        for (c1 = 0; (c1 < n); c1 += 1)  // parallel
          for (c2 = 0; (c2 < n); c2 += 1)  // vector, parallel
            Init(c1, c2);
        for (c1 = 0; (c1 < n); c1 += 1)
          for (c2 = 0; (c2 < n); c2 += 1)  // parallel
            for (c3 = 0; (c3 < n); c3 += 1)
              S1(c1, c2, c3);
        for (c1 = 0; (c1 < n); c1 += 1)
          S2(c1);
    "#]]
    .assert_eq(&ast.display(&scop));
}
