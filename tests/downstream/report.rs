//! What a compiler that depends on optimist sees, printed: which isl it runs, what optimist
//! decides for a few kernels (the versioned C, hashed; the outcome), and the results of calls
//! through the typed surface. The workspace's test `downstream` and the crate that
//! `scripts/downstream.sh` makes outside the workspace (depending on the packaged crates) both
//! print it; the script requires the two to be equal, byte for byte.
//!
//! The kernels: a product, a 2-D stencil with a time loop, and the program that crashed isl
//! 0.27's scheduler (optimized here without `Config::isolate`: a crash would take the process
//! down).

use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::interp::fnv1a;
use optimist::{Config, Outcome};
use std::fmt::Write;
use std::path::Path;

/// The kernels, relative to the repository.
pub const KERNELS: &[&str] = &[
    "corpus/gemm.c",
    "corpus/suite/jacobi2d.c",
    "testkit/regressions/isl_scc_graph_crash.c",
];

/// The report for the repository at `root`.
pub fn report(root: &Path) -> Result<String, Box<dyn std::error::Error>> {
    let mut out = String::new();
    writeln!(out, "isl {}", optimist::presburger::isl_version())?;
    let config = Config::default();
    assert!(!config.isolate);
    for k in KERNELS {
        let text = std::fs::read_to_string(root.join(k))?;
        let f = frontend::parse_source(k, &text, None, &FrontendConfig::default())?;
        let (program, outcome) = optimist::compile_c(&f, &config, "kernel")?;
        let decided = match &outcome {
            Outcome::Optimized(plan) => format!("optimized, check `{}`", plan.check_c()),
            Outcome::FaithfulOnly(why) => format!("faithful only: {why}"),
        };
        writeln!(
            out,
            "{k}: C {:016x}, {decided}",
            fnv1a(program.code.as_bytes())
        )?;
        let native = optimist::compile(&f, &config)?;
        writeln!(
            out,
            "{k}: native {}",
            if native.kernel.is_optimized() {
                "versioned"
            } else {
                "faithful"
            }
        )?;
    }
    // The product through the typed surface: names resolved once, arguments by position.
    let text = std::fs::read_to_string(root.join("corpus/gemm.c"))?;
    let f = frontend::parse_source("gemm.c", &text, None, &FrontendConfig::default())?;
    let gemm = optimist::compile(&f, &config)?.kernel;
    let mut call = gemm.signature_of(&["ni", "nj", "nk", "alpha", "beta", "C", "A", "B"])?;
    let mut c: Vec<f64> = (0..20 * 25).map(|i| (i % 7) as f64 * 0.5).collect();
    let a: Vec<f64> = (0..20 * 30).map(|i| (i % 5) as f64 - 1.25).collect();
    let b: Vec<f64> = (0..30 * 25).map(|i| (i % 3) as f64 * 0.75).collect();
    for (ni, nj, nk) in [(20i32, 25i32, 30i32), (7, 3, 11)] {
        let version = call.call(&mut [
            ni.into(),
            nj.into(),
            nk.into(),
            1.5f64.into(),
            1.2f64.into(),
            c.as_mut_slice().into(),
            a.as_slice().into(),
            b.as_slice().into(),
        ])?;
        let bytes: Vec<u8> = c.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect();
        writeln!(
            out,
            "gemm {ni}x{nj}x{nk}: {version:?}, C {:016x}",
            fnv1a(&bytes)
        )?;
    }
    Ok(out)
}
