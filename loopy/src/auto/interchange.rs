//! The program's order with a statement's two innermost loops interchanged, when that makes
//! its innermost loop stride one.
//!
//! # Design notes
//!
//! - **Interchange of the two innermost loops** (`auto::interchange_loops`). When the chosen
//!   candidate is not the best there is (unit stride, threads, every hot statement in lanes), the
//!   program's order with the two innermost loops of each statement in the most loops swapped,
//!   where its innermost loop is not unit stride (Nussinov's reduction over `k` walks a column
//!   inside `j`; `j` innermost is unit stride, parallel and in lanes), is assessed, taken when it
//!   scores higher and passes the verifier with its marks (its tilings are dropped), and reported.
//!   isl's scheduler keeps `k` innermost there and the strategy's other candidates only reorder
//!   members within a band. nussinov_lite's native code 0.33 s -> 0.115 s. When the outer of the
//!   two loops holds more than the inner one, it is distributed first: the positions between the
//!   two loops move before the outer one, for every statement in that loop (Gram-Schmidt's `j`
//!   loop holds `R[k][j] = 0`, the reduction into `R[k][j]` over `i`, and the update of `A[i][j]`
//!   over `i` that reads it: each gets its own `j` loop, and the two over `i` run `i, j`, rows
//!   in lanes). gramschmidt 1000x1200: about 6.3 s -> 0.54 s (both back ends; cc on the original
//!   6.8 s, Polly 1.3 s); doitgen's product into `sum` takes the same path (JIT 0.18 -> 0.077 s).

use super::*;

/// When the chosen candidate is not the best there is (unit stride, threads, every hot
/// statement in lanes), the program's order with the two innermost loops of each statement in
/// the most loops interchanged, where its innermost loop is not unit stride (a dynamic
/// program's reduction over `k` that walks a column, inside `j`): taken when it scores higher
/// and passes the verifier with its marks. When the outer of the two loops holds more than
/// the inner one (Gram-Schmidt's `j` loop: a reduction into `R[k][j]` over `i`, then a loop
/// over `i` that uses it), it is distributed over its body first (the body's positions move
/// out, for every statement in that loop), so that each part is interchanged on its own.
pub(super) fn interchange_loops(
    scop: &Scop,
    all: &UnionMap,
    unrolled: Lanes,
    chosen: &Candidate,
    domains: &UnionSet,
) -> Result<Option<(Candidate, Departure)>, IslError> {
    if chosen.assessed.best() {
        return Ok(None);
    }
    let theta = flat_marked(scop, &scop.schedule)?
        .0
        .intersect_domain(domains)?;
    let width = out_width(&theta)?;
    let loops = statement_loops(&theta, &[])?;
    let deepest = loops.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
    if deepest < 2 {
        return Ok(None);
    }
    let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
    // Each statement's fixed dimensions (sequence positions), `None` where it has a loop.
    let fixed = loops
        .iter()
        .map(|(m, _)| {
            (0..width)
                .map(|d| m.plain_fixed(DimType::Out, d))
                .collect::<Result<Vec<Option<i64>>, IslError>>()
        })
        .collect::<Result<Vec<_>, IslError>>()?;
    // The statements to interchange, with their two innermost loops (inner, outer).
    let pairs: Vec<Option<(usize, usize)>> = loops
        .iter()
        .map(|(m, l)| -> Result<Option<(usize, usize)>, IslError> {
            Ok(
                (l.len() == deepest && !stride_one(scop, &m.to_union()?, l[0], width)?)
                    .then(|| (l[0], l[1])),
            )
        })
        .collect::<Result<_, _>>()?;
    // A statement is in the loop at `b` of statement `k` when it has a loop at `b` and agrees
    // with `k` on every dimension before `b` (the same positions, loops at the same places).
    let same_loop = |j: usize, k: usize, b: usize| {
        fixed[j][b].is_none() && (0..b).all(|d| fixed[j][d] == fixed[k][d])
    };
    let mut orders: Vec<Vec<usize>> = (0..loops.len()).map(|_| (0..width).collect()).collect();
    let mut names = Vec::new();
    for (k, pair) in pairs.iter().enumerate() {
        let Some((a, b)) = *pair else { continue };
        names.push(loops[k].0.tuple_name(DimType::In).unwrap_or_default());
        // The positions between the two loops go before the outer one: the loop at `b` is
        // distributed over what its body holds (a reduction's loop apart from the loop that
        // uses its result), then the two loops are interchanged. Statements in the same loop
        // at `b` that are not interchanged move their positions likewise.
        for j in 0..loops.len() {
            if j != k && (!same_loop(j, k, b) || pairs[j].is_some()) {
                continue;
            }
            if (b + 1..a).any(|d| fixed[j][d].is_none()) {
                return Ok(None);
            }
            let mut order: Vec<usize> = (0..b).collect();
            order.extend(b + 1..a);
            if j == k {
                order.extend([a, b]);
            } else {
                order.push(b);
                order.push(a);
            }
            order.extend(a + 1..width);
            orders[j] = order;
        }
    }
    if names.is_empty() {
        return Ok(None);
    }
    let mut swapped = UnionMap::empty(&scop.ctx)?;
    for ((m, _), order) in loops.iter().zip(&orders) {
        let y: Vec<&str> = order.iter().map(|&d| x[d].as_str()).collect();
        let m = m.apply_range(&Map::parse(
            &scop.ctx,
            &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
        )?)?;
        swapped = swapped.union(&m.to_union()?)?;
    }
    let mut a = Assessed::of(scop, all, unrolled, swapped)?;
    if a.score() <= chosen.assessed.score() || !a.holds(scop).unwrap_or(false) {
        return Ok(None);
    }
    let why = Departure::Interchanged {
        stmts: names,
        ours: a.describe(),
        theirs: chosen.assessed.describe(),
    };
    Ok(Some((
        Candidate {
            assessed: a,
            tilings: Vec::new(),
            checked: None,
        },
        why,
    )))
}
