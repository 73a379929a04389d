//! Tutorial: the polyhedral model of a C kernel, and how to read it (optimist-scop).
//!
//! The front end turns C into the program IR; `Scop::build` describes the loop nest as the
//! papers do (paper 000 §3): each assignment is a *statement* with a *domain* (the integer
//! points of its surrounding loops, as an isl set over the parameters), a *schedule* (when each
//! point runs, as a map to time vectors) and *accesses* (which array element each point reads
//! or writes). Everything is a Presburger set or map you can query with the `presburger` API.
//!
//! Run with `cargo run -p optimist-examples --example scop_model`.

use optimist::presburger::Set;
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::interp;
use optimist::scop::model::{AccessKind, Scop, StmtId};
use optimist::scop::workload::{RunSpec, Workload};

const SRC: &str = "void lower(int n, double L[n][n], double x[n], double b[n]) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let f = frontend::parse_source("trisolv.c", SRC, None, &FrontendConfig::default())?;
    // The program IR, printed as C with every conversion explicit.
    println!("== the program IR\n{f}");

    // The reference interpreter gives any program its meaning (here on generated inputs).
    let spec = RunSpec::parse_args(&["--set", "n=6"])?;
    let mut w = Workload::generate(&f, &spec)?;
    interp::run(&f, &mut w.args, &Default::default())?;
    println!("== the interpreter's hashes of the arrays after the run");
    for (name, hash) in w.hashes(&f) {
        println!("  {name} {hash:016x}");
    }

    let scop = Scop::build(&f, &Default::default())?;
    // The whole model in isl notation: what `optimist show scop` prints. In the bodies, `a0`,
    // `a1`, ... are the statement's accesses, listed under it.
    println!("\n== the model\n{}", scop.dump(&f));

    // Reading it through the API: each statement's domain and its accesses.
    println!("== statement by statement");
    for st in &scop.stmts {
        println!(
            "{} (source line {}):",
            st.name,
            st.loc.as_ref().map_or(0, |l| l.line)
        );
        println!("  domain   {}", st.domain);
        println!("  computes {}", scop.body_to_string(st, &st.value, &f));
        for &a in &st.accesses {
            let access = scop.access(a);
            let kind = match access.kind {
                AccessKind::Read => "reads ",
                AccessKind::MustWrite => "writes",
                AccessKind::MayWrite => "may write",
            };
            println!("  {kind} {}", access.relation);
        }
    }

    // Sets answer questions: how many times does the inner statement run for n = 100?
    let inner = scop.stmt(StmtId(1));
    let fixed = inner
        .domain
        .intersect_params(&Set::parse(&scop.ctx, "[n] -> { : n = 100 }")?)?;
    let count = fixed.points(1_000_000)?.len();
    println!(
        "\nS1 runs {count} times for n = 100 (n (n - 1) / 2 = {})",
        100 * 99 / 2
    );
    assert_eq!(count, 100 * 99 / 2);
    Ok(())
}
