//! The program-model correspondence check (§4.2) on every kernel of the corpus, and on models
//! broken on purpose.

use optimist_loopy::{CorrespondenceError, check_correspondence, correspondence};
use optimist_presburger::{MultiUnionPwAff, Schedule, Set};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Scop, StmtId};

mod common;

use common::corpus;

#[test]
fn every_modelable_kernel_matches_its_model() {
    let (mut checked, mut skipped, mut failures) = (Vec::new(), Vec::new(), Vec::new());
    for path in &corpus() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let Ok(scop) = Scop::build(&f, &Default::default()) else {
            continue;
        };
        match correspondence(&f, &scop) {
            Ok(c) if c.violations.is_empty() => checked.push(name),
            Ok(c) if name == "loop_forms" => {
                // `i != n` with `i += 2` ends only when n is reached: the model reads it as
                // `i < n` (the BL assumption), which holds exactly for even n >= 0.
                let expected =
                    Set::parse(&scop.ctx, "[n] -> { : n >= 0 and n mod 2 = 0 }").unwrap();
                assert!(
                    c.valid
                        .is_equal(&expected.intersect(&scop.context).unwrap())
                        .unwrap(),
                    "{}",
                    c.valid
                );
                checked.push(name);
            }
            Ok(c) => failures.push(format!("{name}: {}", c.violations.join("\n"))),
            Err(CorrespondenceError::Unsupported(why)) => skipped.push(format!("{name}: {why}")),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    eprintln!("checked: {checked:?}\nnot checked: {skipped:#?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked.len() >= 14,
        "only {} kernels checked: {checked:?}",
        checked.len()
    );
}

const SRC: &str = "void k(int n, int m, double A[n][m], double B[n]) {
  for (int i = 0; i < n; i++) {
    B[i] = 0;
    for (int j = i; j < m; j += 2)
      B[i] += A[i][j];
    if (i > 2)
      B[i] = B[i] * 2;
  }
  for (int i = n - 1; i >= 0; i--)
    B[i] += 1;
}";

fn model() -> (optimist_scop::ir::Function, Scop) {
    let f = frontend::parse_source("t.c", SRC, None, &FrontendConfig::default()).unwrap();
    let scop = Scop::build(&f, &Default::default()).unwrap();
    (f, scop)
}

#[test]
fn the_original_model_passes() {
    let (f, scop) = model();
    check_correspondence(&f, &scop).unwrap();
}

#[test]
fn a_wrong_order_is_caught() {
    let (f, mut scop) = model();
    // Run the reduction over j backwards.
    let theta = scop.schedule.map().unwrap().to_string();
    assert!(theta.contains("S1[i, j] -> [0, i, 1, j]"), "{theta}");
    let wrong = theta.replace("S1[i, j] -> [0, i, 1, j]", "S1[i, j] -> [0, i, 1, -j]");
    let wrong = optimist_presburger::UnionMap::parse(&scop.ctx, &wrong).unwrap();
    scop.schedule = Schedule::from_domain(&scop.domains().unwrap())
        .unwrap()
        .insert_partial_schedule(&MultiUnionPwAff::from_union_map(&wrong).unwrap())
        .unwrap();
    let e = check_correspondence(&f, &scop).unwrap_err().to_string();
    assert!(e.contains("Rank1") && e.contains("S1["), "{e}");
}

#[test]
fn a_wrong_domain_is_caught() {
    // A domain that forgets the stride, and one that forgets the last iteration.
    let (f, mut scop) = model();
    scop.stmts[StmtId(1)].domain = Set::parse(
        &scop.ctx,
        "[n, m] -> { S1[i, j] : 0 <= i < n and i <= j < m }",
    )
    .unwrap();
    let e = check_correspondence(&f, &scop).unwrap_err().to_string();
    assert!(e.contains("Rank2"), "{e}");
    let (f, mut scop) = model();
    scop.stmts[StmtId(3)].domain =
        Set::parse(&scop.ctx, "[n, m] -> { S3[i] : 0 < i < n }").unwrap();
    let e = check_correspondence(&f, &scop).unwrap_err().to_string();
    assert!(e.contains("Inv"), "{e}");
}
