//! Tutorial: dependences, what limits the order a loop nest may run in (optimist-scop).
//!
//! Two statement instances *depend* on each other when both touch one array element and one
//! of them writes it: read after write (RAW, the value flows), write after read (WAR) and write
//! after write (WAW). `Dependences::compute` gives each kind twice, with isl's dataflow: the
//! *memory-based* relations (every pair that touches the element in that order) and the
//! *value-based* ones (only the write whose value a read actually sees). A transformation is
//! legal when it keeps every dependence in order; the Loopy verifier and the automatic
//! strategy check exactly that.
//!
//! Run with `cargo run -p optimist-examples --example dependences`.

use optimist::presburger::{UnionMap, UnionSet};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::model::{DepKind, Dependences, Scop};

/// A 1-d Jacobi stencil with a time loop: `B` from `A`, then `A` from `B`.
const SRC: &str = "void jacobi(int tsteps, int n, double A[n], double B[n]) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let f = frontend::parse_source("jacobi.c", SRC, None, &FrontendConfig::default())?;
    let scop = Scop::build(&f, &Default::default())?;
    let deps = Dependences::compute(&scop, &Default::default())?;
    // Between accesses: `S0.a1 -> S1.a4` names the statement and its access (see
    // `optimist show scop`); what `optimist show deps` prints.
    println!("== dependences between accesses\n{}", deps.dump());

    // Between statement instances, value-based RAW: where each value comes from.
    let flow = deps.statements(DepKind::Raw, true)?;
    println!("== values flow (RAW, value-based), between statement instances");
    for m in flow.maps()? {
        println!("  {m}");
    }

    // Memory-based dependences are more: a WAR from every read of A[i] in S0 at time t to
    // every later write of A[i] in S1, not only the next one.
    let war_memory = deps.statements(DepKind::War, false)?;
    let war_value = deps.statements(DepKind::War, true)?;
    println!("\n== WAR, memory-based\n  {war_memory}\n== WAR, value-based\n  {war_value}");

    // A question to the relations: does any value flow further than to the next time step?
    // Mapped through the schedule, a dependence becomes a pair of time vectors
    // `[t, statement, i]`, and its distance the difference of the two.
    let time = scop.schedule.map()?;
    let distances = flow.apply_domain(&time)?.apply_range(&time)?.deltas()?;
    println!("\n== distances of the flow dependences in time [t, statement, i]\n  {distances}");
    let far = UnionSet::parse(&scop.ctx, "[tsteps, n] -> { [t, s, i] : t >= 2 }")?;
    let beyond_next_step = distances.intersect(&far)?;
    println!("  beyond the next time step: {beyond_next_step}");
    assert!(beyond_next_step.is_empty()?);
    assert!(!distances.is_empty()?);

    // The time loop carries dependences, so it may not run in parallel; within one time step,
    // the iterations of each i loop are independent (no dependence with t, s equal and i
    // different), which is what lets the strategy mark them parallel.
    let within_step = UnionMap::parse(
        &scop.ctx,
        "[tsteps, n] -> { S0[t, i] -> S0[t, i'] : i' != i; S1[t, i] -> S1[t, i'] : i' != i }",
    )?;
    let carried_by_i = flow.intersect(&within_step)?;
    println!("  carried by an i loop: {carried_by_i}");
    assert!(carried_by_i.is_empty()?);
    Ok(())
}
