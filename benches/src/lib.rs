//! Criterion benchmarks of the optimist crates, one bench target per layer:
//! `cargo bench -p optimist-benches`.
#![deny(missing_docs)]

/// The matrix product several benchmarks compile: `C = A B` with `C` zeroed in the loop.
pub const PRODUCT: &str = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] = 0;
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}";

/// The three `n x n` matrices of a product kernel (`C`, `A`, `B`), reused across runs.
pub struct Matrices {
    c: Vec<f64>,
    a: Vec<f64>,
    b: Vec<f64>,
}

impl Matrices {
    /// Room for products up to `n`.
    pub fn new(n: usize) -> Matrices {
        Matrices {
            c: vec![0.0; n * n],
            a: vec![0.5; n * n],
            b: vec![0.25; n * n],
        }
    }

    /// Runs a product kernel (parameters `n`, `C`, `A`, `B`) on them with size `n`.
    pub fn run(
        &mut self,
        kernel: &optimist_codegen::Kernel,
        n: usize,
    ) -> optimist_codegen::Version {
        use optimist_codegen::ArrayArg;
        kernel
            .call(
                &[("n", optimist_scop::interp::Value::Int(n as i128))],
                &mut [
                    ("C", ArrayArg::F64(&mut self.c)),
                    ("A", ArrayArg::F64(&mut self.a)),
                    ("B", ArrayArg::F64(&mut self.b)),
                ],
            )
            .unwrap()
    }
}

/// The kernels of one folder of `corpus/` (`"flat"`, `"scalar"`), parsed, with their names,
/// sorted: what the pass benchmarks run on.
pub fn corpus_folder(folder: &str) -> Vec<(String, optimist_scop::ir::Function)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let config = optimist_scop::frontend::FrontendConfig::default();
            (
                name,
                optimist_scop::frontend::parse_file(&path, &config).unwrap(),
            )
        })
        .collect()
}
