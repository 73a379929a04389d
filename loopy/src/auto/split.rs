//! Index-set splitting of the chosen candidate, where it puts a statement in lanes or a loop
//! on threads ([`crate::split`]).
//!
//! # Design notes
//!
//! - **Index-set splitting chosen by the strategy** (`split.rs`, `auto::split_loops`). When the
//!   chosen candidate is untiled and a statement in the most loops is not in lanes, its innermost
//!   loop is split where the dependences it carries meet: per dependence relation (kind and
//!   statement pair, in time space), its sources or its targets, projected onto the loop and the
//!   loops around, must be one point per iteration of the loops around (Floyd-Warshall's `j = k`:
//!   the RAW dependences start there, the WAR ones end there). The loop becomes three parts, the
//!   iterations before that point, the point, the iterations after (a new time dimension with
//!   values 0, 1, 2 just before the loop; other statements get 0), so within one iteration of
//!   the loops around nothing changes order and each long part carries nothing. The split is kept when the
//!   candidate, assessed again, has more hot statements in lanes and passes the verifier with its
//!   marks; then, when no loop outside the innermost runs on threads, the first loop around whose
//!   split gives one (`i = k`). Part dimensions are never jam marks. `Transformed::decision` says
//!   what was split. This is Loopy's `isplit` (paper 004, §3.2) chosen automatically.

use super::*;

/// Index-set splitting ([`crate::split`]) of an untiled candidate whose statements in the most
/// loops do not all run in lanes: each such statement's innermost loop is split when that puts
/// it in lanes; then, when no loop runs on threads, the first loop around it whose split gives
/// one. Each split is kept only when the verifier accepts the schedule with its marks. The
/// decision says what was split.
pub(super) fn split_loops(
    scop: &Scop,
    deps: &Dependences,
    all: &UnionMap,
    unrolled: Lanes,
    chosen: Candidate,
    decision: Vec<Departure>,
) -> Result<(Candidate, Vec<Departure>), IslError> {
    if !chosen.tilings.is_empty() || chosen.assessed.hot_in_lanes == chosen.assessed.hottest {
        return Ok((chosen, decision));
    }
    let kinds = [DepKind::Raw, DepKind::War, DepKind::Waw]
        .into_iter()
        .map(|k| deps.statements(k, false))
        .collect::<Result<Vec<_>, _>>()?;
    let mut current = chosen.assessed;
    // The dimensions holding the parts (no real loop: never jammed).
    let mut parts: Vec<usize> = Vec::new();
    let mut done: Vec<SplitLoop> = Vec::new();
    // Each statement's loops, innermost first, in `theta`.
    let loops =
        |theta: &UnionMap, parts: &[usize]| -> Result<Vec<(String, Vec<usize>)>, IslError> {
            Ok(statement_loops(theta, parts)?
                .into_iter()
                .map(|(m, l)| (m.tuple_name(DimType::In).unwrap_or_default(), l))
                .collect())
        };
    let in_lanes = |a: &Assessed, name: &str| {
        scop.stmts
            .iter()
            .position(|s| s.name == name)
            .is_some_and(|k| a.vector.iter().any(|(g, _)| g.contains(&StmtId(k as u32))))
    };
    let hottest = |l: &[(String, Vec<usize>)]| -> Vec<(String, Vec<usize>)> {
        let deepest = l.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
        l.iter()
            .filter(|(_, v)| v.len() == deepest && deepest > 0)
            .cloned()
            .collect()
    };
    let attempt = |current: &Assessed,
                   parts: &[usize],
                   name: &str,
                   d: usize|
     -> Result<Option<Assessed>, IslError> {
        let Some(theta) = crate::split::split_at(&scop.ctx, &kinds, &current.theta, name, d)?
        else {
            return Ok(None);
        };
        let mut a = Assessed::of(scop, all, unrolled.clone(), theta)?;
        // Part dimensions are no loops: never jammed.
        let moved = with_split(parts, d);
        a.jam.retain(|(_, j)| !moved.contains(j));
        Ok(a.holds(scop).unwrap_or(false).then_some(a))
    };
    // Lanes: the innermost loop of each statement in the most loops. The statements' loops
    // are found again only after a split has moved them.
    let mut now = loops(&current.theta, &parts)?;
    for (name, _) in hottest(&now) {
        if in_lanes(&current, &name) {
            continue;
        }
        let Some((_, l)) = now.iter().find(|(n, _)| *n == name) else {
            continue;
        };
        let d = l[0];
        if let Some(a) = attempt(&current, &parts, &name, d)?
            && a.hot_in_lanes > current.hot_in_lanes
        {
            parts = with_split(&parts, d);
            done.push(SplitLoop::Lanes { stmt: name });
            current = a;
            now = loops(&current.theta, &parts)?;
        }
    }
    // Threads: when the parallel loop is no loop around a statement's innermost one (a vector
    // loop is parallel too, but runs in lanes), the outermost loop around whose split gives one.
    let outside = |a: &Assessed, l: &[usize]| a.parallel.first().is_some_and(|&p| p < l[0]);
    if !done.is_empty() {
        'threads: for (name, l) in hottest(&now) {
            if outside(&current, &l) {
                break;
            }
            for &d in l.iter().skip(1).rev() {
                if let Some(a) = attempt(&current, &parts, &name, d)?
                    && outside(&a, &[l[0] + 1])
                    && a.hot_in_lanes >= current.hot_in_lanes
                {
                    done.push(SplitLoop::Threads { stmt: name, dim: d });
                    current = a;
                    break 'threads;
                }
            }
        }
    }
    let mut decision = decision;
    if !done.is_empty() {
        decision.push(Departure::Split(done));
    }
    Ok((
        Candidate {
            assessed: current,
            tilings: chosen.tilings,
            checked: None,
        },
        decision,
    ))
}

/// Each statement's map in `theta` with its loops (the dimensions where it takes more than one
/// value, but those in `skip`), innermost first.
pub(super) fn statement_loops(
    theta: &UnionMap,
    skip: &[usize],
) -> Result<Vec<(Map, Vec<usize>)>, IslError> {
    let width = out_width(theta)?;
    let mut out = Vec::new();
    for m in theta.maps()? {
        let one = m.to_union()?;
        let mut l = Vec::new();
        for d in (0..width).rev() {
            if !skip.contains(&d) && varies(&one, d)? {
                l.push(d);
            }
        }
        out.push((m, l));
    }
    Ok(out)
}

/// The dimensions of the parts after a split at `d`: those at or after it move one on, and the
/// new one is `d`.
pub(super) fn with_split(parts: &[usize], d: usize) -> Vec<usize> {
    let mut out: Vec<usize> = parts
        .iter()
        .map(|&p| if p >= d { p + 1 } else { p })
        .collect();
    out.push(d);
    out
}
