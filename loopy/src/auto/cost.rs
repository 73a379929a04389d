//! The estimate of what a candidate schedule costs on the target ([`Estimate`]), at the
//! parameter values the plan takes as typical.
//!
//! # Design notes
//!
//! - **What is counted.** Per statement, its instances (every parameter fixed: the product of
//!   its loops' trip counts, below) and per instance its
//!   operations (arithmetic, conversions, loads and the store; a math call counts
//!   [`CostModel::call_ops`]), divided by the lanes when the statement runs in vector lanes,
//!   or the latency of one instance when its innermost loop carries a dependence on itself
//!   (a reduction into one element, a recurrence: the interpreter's bits forbid reassociating
//!   the chain, so lanes cannot hide it), counted from the reads that can see an earlier
//!   instance's write in the same run of that loop (`chain_reads`).
//! - **Moving data** is counted per loop nest of the schedule ([`loop_nests`]) as the cache
//!   lines each cache misses, the classic capacity model (Ferrante, Sarkar and Thrash's
//!   footprints, as Polly's and Pluto's cost models use them). Each access is a *stream*: per
//!   loop around its statement (tile loops of a tiled band before its point loops), whether a
//!   step of that loop leaves it where it is, moves it to the next element of its last
//!   subscript, or jumps (any other move: the next row). The lines a stream touches inside a
//!   set of loops are its jumps' trip counts times the lines of the window its next-element
//!   loops sweep; streams of one nest with the same array and the same moves are one (atax's
//!   two reads of `A[i][j]` in one loop nest read it once). For each cache, the outermost loop
//!   whose inside fits in it is found; what is inside it is loaded once per iteration of the
//!   loops around it, and the data of a whole nest that fits is loaded once.
//! - **Sets.** A line can only sit in the set its address gives ([`WAYS`] lines a set). Where
//!   a stream's steps are known numbers of bytes (the array's sizes after the first are
//!   constants), the lines it touches inside a loop must also spread over the sets
//!   ([`crowded`]): a column of a `double A[256][256]` (rows 2048 bytes apart) falls in 2 of a
//!   32 KiB cache's 64 sets, so 16 of its 256 lines stay and the next column finds none. Steps
//!   of parameters are not known (their typical value says nothing of where rows fall), and
//!   such streams count as spread, as before.
//! - **Compute and memory overlap**: a nest takes the larger of the two (a roofline) and a
//!   quarter of the smaller (the overlap is not perfect), then is
//!   shared among [`CostModel::threads`] when its outermost parallel loop forks, each fork
//!   costing [`CostModel::fork_ps`]: a loop forks only when the work per fork reaches
//!   [`Target::fork_work`], as the code generator decides it.
//! - **Approximations.** A loop's trip count is the extent of its values with the loops
//!   around it at the middle of theirs (a triangle's inner loop counts half its longest row:
//!   `n * n / 2` instances for `n (n + 1) / 2`, `n^3 / 8` for a tetrahedron's `n^3 / 6`); isl
//!   counts points only by enumerating them (`isl_set_card` is barvinok's). A dimension of at
//!   most four values is not a loop (an index set split's pieces in sequence; a loop that
//!   short would cost little anyway). A skewed loop spans a sum of ranges: the statement's
//!   domain, counted the same way, bounds the instances, and the outermost loops give up the
//!   excess. The tile sizes of a band go the widest to its
//!   innermost point loop (where the strategy put the member in lanes); caches are per core;
//!   nests start cold. The estimate ranks candidates of one kernel; it is
//!   not a clock. Footprints come from the loops' trip counts, not capped by an array's
//!   declared size: a typical value may exceed what the declared sizes allow (corpus/gemm.c's
//!   `C[20][25]` with its loops at 1024), and every candidate is estimated at the same values.

use super::*;
use crate::decision::Estimate;
use crate::{CostModel, Target};
use optimist_presburger::Set;
use optimist_scop::expr::ExprKind;
use optimist_scop::model::AccessId;

/// Bytes per cache line.
const LINE: u64 = 64;

/// A recurrence whose innermost loop runs at most this many iterations overlaps half its
/// latency with the next round's (syrk's reduction in tiles of 32: 0.65 ns an instance here,
/// against 0.9 ns for a long chain).
const SHORT_CHAIN: u64 = 64;

/// A dimension of at most this many values is not counted as a loop (below).
const PIECES: i64 = 4;

/// The ways of each cache of the model (the first two caches of the machines here have 8): a
/// line can only be in the set its address gives, and a set holds this many.
pub(super) const WAYS: u64 = 8;

/// The most lines [`crowded`] counts one by one.
const COUNTED_LINES: u64 = 1 << 16;

/// What one step of a loop does to an access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Move {
    /// The same element.
    Stays,
    /// At most one element along the last subscript, nothing else.
    Next,
    /// Anything else.
    Jumps,
}

/// A loop around a statement: its place (`(d, k)`: tile loop `k` of a band starting at flat
/// dimension `d`; `(d, POINT)`: the point loop or plain loop at `d`), and its trip count.
type Key = (usize, usize);
const POINT: usize = usize::MAX;

/// One access's stream in a loop nest.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Stream {
    array: u32,
    elem: u64,
    /// The loops around it, outermost first, with their trip counts and its move.
    loops: Vec<(Key, u64, Move)>,
    /// Per loop, the bytes one step moves it ([`byte_step`]; `None` where that is not one
    /// known number: a move that varies, an array with sizes of parameters).
    steps: Vec<Option<i64>>,
}

impl Stream {
    /// The lines it touches inside the loops at `inside` and after (by key).
    fn lines(&self, inside: Key) -> u64 {
        let (mut runs, mut window) = (1u64, 1u64);
        for &(key, n, m) in &self.loops {
            if key < inside {
                continue;
            }
            match m {
                Move::Stays => {}
                Move::Next => window = window.saturating_add(n.saturating_sub(1)),
                Move::Jumps => runs = runs.saturating_mul(n),
            }
        }
        runs.saturating_mul(window.saturating_mul(self.elem).div_ceil(LINE))
    }

    /// The lines it touches inside the loops at `inside` and after ([`touched_lines`]), from
    /// the first; `None` where a step is unknown or they are too many to count.
    fn touched(&self, inside: Key) -> Option<Vec<u64>> {
        let mut steps = Vec::new();
        for (&(key, n, _), &step) in self.loops.iter().zip(&self.steps) {
            if key < inside || n < 2 {
                continue;
            }
            match step? {
                0 => {}
                s => steps.push((n, s)),
            }
        }
        touched_lines(&steps, self.elem)
    }

    /// How many times the loops before `inside` run what is inside.
    fn outer(&self, inside: Key) -> u64 {
        self.loops
            .iter()
            .filter(|(key, _, _)| *key < inside)
            .fold(1u64, |p, (_, n, _)| p.saturating_mul(*n))
    }
}

/// The parameter values an estimate is taken at: `typical`'s, [`TYPICAL_EXTENT`] for the
/// others; and the set of them.
pub(super) fn typical_values(
    scop: &Scop,
    typical: &[(String, i64)],
) -> Result<(Vec<(String, i64)>, Set), IslError> {
    let at: Vec<(String, i64)> = scop
        .params
        .iter()
        .map(|p| {
            let v = typical
                .iter()
                .find(|(n, _)| *n == p.name)
                .map_or(TYPICAL_EXTENT as i64, |(_, v)| *v);
            (p.name.clone(), v)
        })
        .collect();
    let set = params_at(scop, &at)?;
    Ok((at, set))
}

/// The parameter values `at` (every parameter of `scop`, by name) as a set of parameters.
pub(super) fn params_at(scop: &Scop, at: &[(String, i64)]) -> Result<Set, IslError> {
    let names: Vec<&str> = at.iter().map(|(n, _)| n.as_str()).collect();
    let cond: Vec<String> = at.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    Set::parse(
        &scop.ctx,
        &format!(
            "[{}] -> {{ : {} }}",
            names.join(", "),
            if cond.is_empty() {
                "true".to_string()
            } else {
                cond.join(" and ")
            }
        ),
    )
}

/// Operations of an expression: every node but leaves and constants; a call counts `call`.
fn operations(e: &optimist_scop::model::BodyExpr, call: u64) -> u64 {
    let own = match &e.kind {
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Leaf(_) => 0,
        ExprKind::Call(..) | ExprKind::Pure(..) => call,
        _ => 1,
    };
    own + e
        .children()
        .iter()
        .map(|c| operations(c, call))
        .sum::<u64>()
}

/// The trip count of each of the first `n` dimensions of `set` (parameters fixed) that is a
/// loop, on the middle slice: each dimension's extent with the dimensions before it fixed at
/// the middle of their values (a triangle's inner loop counts half its longest row, and the
/// product is about the number of points, in whatever order the dimensions run). A dimension
/// of at most [`PIECES`] values is where an index set split put its pieces in sequence, not a
/// loop: the pieces' loops below count the instances.
fn middle_extents(set: &Set, n: usize) -> Result<Vec<(usize, u64)>, IslError> {
    let mut set = set.clone();
    let mut out = Vec::new();
    for d in 0..n {
        let Some((lo, hi)) = bounds(&set, d)? else {
            continue;
        };
        if hi - lo < PIECES {
            continue;
        }
        out.push((d, (hi - lo + 1) as u64));
        let slice = set.fix(DimType::SET, d, lo + (hi - lo) / 2)?;
        // A middle that is a hole (a stride, a union) leaves the later extents the box's.
        if !slice.is_empty()? {
            set = slice;
        }
    }
    Ok(out)
}

/// The most operations on a path from a read `own` accepts up to the root of `e` (a call
/// counts `call`); `None` when `e` has no such read.
fn chain(
    e: &optimist_scop::model::BodyExpr,
    own: &dyn Fn(AccessId) -> bool,
    call: u64,
) -> Option<u64> {
    if let ExprKind::Leaf(optimist_scop::model::BodyLeaf::Access(a)) = &e.kind {
        return own(*a).then_some(0);
    }
    let cost = match &e.kind {
        ExprKind::Call(..) | ExprKind::Pure(..) => call,
        ExprKind::Cast(_) => 0,
        _ => 1,
    };
    e.children()
        .iter()
        .filter_map(|c| chain(c, own, call))
        .max()
        .map(|p| p + cost)
}

/// The reads of statement `st` (scheduled by `m`) of the array it writes that can read what
/// an earlier instance in the same run of its innermost loop wrote (the differences `carried`):
/// the chain of a recurrence passes through them. A read of another element (a triangular
/// solve's `x[j]`, written by an earlier row) waits on nothing in the loop: counted on the
/// chain, the solve's rows were estimated 2.5x slower than they run, and a schedule that walks
/// the matrix's columns instead was taken (0.68x).
fn chain_reads(
    scop: &Scop,
    st: &optimist_scop::model::ScopStmt,
    m: &optimist_presburger::Map,
    carried: &optimist_presburger::UnionSet,
) -> Result<Vec<AccessId>, IslError> {
    let write = scop.access(st.write);
    let mut on = Vec::new();
    for &x in &st.accesses {
        let read = scop.access(x);
        if x == st.write || read.array != write.array {
            continue;
        }
        // Writer instance to reader instance through one element, then in schedule time.
        let pairs = write.relation.apply_range(&read.relation.reverse()?)?;
        let times = m.reverse()?.apply_range(&pairs)?.apply_range(m)?;
        if !times.deltas()?.to_union()?.intersect(carried)?.is_empty()? {
            on.push(x);
        }
    }
    Ok(on)
}

/// Whether a statement other than `name` (schedule `m`, its innermost loop at flat dimension
/// `inner`) runs inside that loop without being a loop over it: its schedule does not vary at
/// `inner`, and in the loop (the dimensions before `inner` the same) instances of `name` or of
/// the statements looping with it run both before and after it (gesummv's tiles: `y[i] = 0` at `j = 0` between the two
/// reductions at `j = 0`, so in the loop over `j`). The loop then holds a statement under a
/// guard, and the back ends keep no element in registers across it (`decide`'s scalar
/// replacement). A statement before or after all of the loop's instances (syr2k's
/// `C[i][j] *= beta` before its reduction over `k`) is printed outside the loop.
///
/// `all` holds every statement's name and the range of its schedule (`scheduled`), computed
/// once per estimate, and `outers` their first `inner` dimensions, computed once per `inner`. Only statements at some of the outer iterations of our loop (the
/// dimensions before `inner`) are compared; the others, other loop nests, are skipped on that
/// cheap test.
fn guarded_inside(
    all: &[(String, Set)],
    outers: &mut BTreeMap<usize, Vec<Set>>,
    name: &str,
    inner: usize,
) -> Result<bool, IslError> {
    use optimist_presburger::Map;
    // The first `k` dimensions of a range.
    let prefix = |r: &Set, k: usize| -> Result<Set, IslError> {
        let n = r.dim(DimType::SET)?;
        r.project_out(DimType::SET, k, n.saturating_sub(k))
    };
    let Some(at) = all.iter().position(|(n, _)| n == name) else {
        return Ok(false);
    };
    if let std::collections::btree_map::Entry::Vacant(e) = outers.entry(inner) {
        e.insert(
            all.iter()
                .map(|(_, r)| prefix(r, inner))
                .collect::<Result<Vec<_>, _>>()?,
        );
    }
    let outer = &outers[&inner];
    // The loop's instances: ours, and those of the statements that loop at `inner` too at
    // some of the same iterations.
    let mut ours = all[at].1.clone();
    let loop_ = prefix(&ours, inner + 1)?;
    let mut fixed = Vec::new();
    for (k, (_, theirs)) in all.iter().enumerate() {
        // Only statements at some of our loop's outer iterations can be in it.
        if k == at || outer[k].intersect(&outer[at])?.is_empty()? {
            continue;
        }
        if bounds(theirs, inner)?.is_none_or(|(lo, hi)| hi > lo) {
            // Fused with ours where they meet at one of its iterations (durbin's loops over
            // `i` one after the other, at values apart, are not).
            if !prefix(theirs, inner + 1)?.intersect(&loop_)?.is_empty()? {
                ours = ours.union(theirs)?;
            }
        } else {
            fixed.push(theirs);
        }
    }
    for theirs in fixed {
        // Their instances with one of ours in the same loop before them, and after them.
        let mut pairs = Map::from_domain_and_range(theirs, &ours)?;
        for k in 0..inner {
            pairs = pairs.equate(DimType::In, k, DimType::Out, k)?;
        }
        let space = theirs.space()?;
        let after = pairs.intersect(&Map::lex_gt(&space)?)?.domain()?;
        let before = pairs.intersect(&Map::lex_lt(&space)?)?.domain()?;
        if !after.intersect(&before)?.is_empty()? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The estimate of the assessed schedule `a` with `tilings` (legal ones, with their zero
/// distances: `Candidate::legal_tilings`) on `target`, the parameters at `at`; and its total
/// on one thread.
pub(super) fn estimate(
    scop: &Scop,
    a: &Assessed,
    tilings: &[(&Tiling, usize, &[bool])],
    target: &Target,
    at: &Set,
) -> Result<(Estimate, u64), IslError> {
    let model: &CostModel = &target.cost;
    let theta = &a.theta;
    let width = out_width(theta)?;
    let free = a.parallel.first().copied();
    let (bands, parallel_tile) = tiled_bands(scop, tilings, free)?;
    let in_lanes: BTreeSet<StmtId> = a
        .vector
        .iter()
        .chain(&a.forward)
        .flat_map(|(g, _)| g.iter().copied())
        .collect();
    struct Part {
        instances: u64,
        compute_ps: u128,
        streams: Vec<Stream>,
        /// The loops outside the parallel loop's, with their trip counts (forks), when the
        /// statement is in that loop.
        forks: Option<u64>,
    }
    let mut parts: BTreeMap<String, Part> = BTreeMap::new();
    // Every statement's scheduled instances at the typical values, by name.
    let mut scheduled = Vec::new();
    for m in theta.maps()? {
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        let m = m.intersect_params(at)?;
        if !m.is_empty()? {
            scheduled.push((name, m.range()?));
        }
    }
    let mut outers = BTreeMap::new();
    for m in theta.maps()? {
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        let Some(k) = scop.stmts.iter().position(|s| s.name == name) else {
            continue;
        };
        let s = StmtId(k as u32);
        let st = scop.stmt(s);
        let m = m.intersect_params(at)?;
        if m.is_empty()? {
            continue;
        }
        let (loops, instances) = loops_of(st, &m, width, at, bands.get(&s))?;
        let streams = streams_of(scop, st, &m, &loops)?;
        // Computing.
        let mut ops = operations(&st.value, model.call_ops) + st.accesses.len() as u64;
        if let Some(g) = &st.guard {
            ops += operations(g, model.call_ops);
        }
        let write = scop.array(scop.access(st.write).array);
        let lanes = if target.vector && in_lanes.contains(&s) {
            (model.lane_bytes as u64 / (write.elem.size() as u64).max(1)).max(1)
        } else {
            1
        };
        let mut per = ops as u128 * model.op_ps as u128 / lanes as u128;
        // A statement not in lanes whose innermost loop carries a dependence on itself waits,
        // each instance, for the operations from its read of the array it writes to its
        // result (one add for a reduction; seidel2d's five adds and a division).
        if let Some(&(_, _, inner)) = loops.last()
            && lanes == 1
        {
            let carried = crate::verify::carried_at(scop, width, inner)?;
            for (from, to, d) in &a.differences {
                if *from == name && *to == name && !d.intersect(&carried)?.is_empty()? {
                    let on_chain = chain_reads(scop, st, &m, &carried)?;
                    let own = |x: AccessId| on_chain.contains(&x);
                    let path = chain(&st.value, &own, model.call_ops).unwrap_or(1).max(1);
                    let mut wait = path as u128 * model.recurrence_ps as u128;
                    if target.registers
                        && st.guard.is_none()
                        && !guarded_inside(&scheduled, &mut outers, &name, inner)?
                    {
                        // A chain of a short loop (a tile's) overlaps with the next one's: the
                        // core runs ahead into the loop's next round, whose chain is
                        // independent.
                        if loops.last().is_some_and(|&(_, n, _)| n <= SHORT_CHAIN) {
                            wait /= 2;
                        }
                    } else {
                        wait += model.stored_chain_ps as u128;
                    }
                    per = per.max(wait);
                    break;
                }
            }
        }
        let forks = forks_of(&loops, parallel_tile.get(&s), free);
        parts.insert(
            name,
            Part {
                instances,
                compute_ps: per * instances as u128,
                streams,
                forks,
            },
        );
    }
    let (mut compute, mut memory, mut total, mut forks_all, mut fork_ps) =
        (0u128, 0u128, 0u128, 0u64, 0u128);
    let mut one_thread = 0u128;
    for nest in loop_nests(scop, theta)? {
        let members: Vec<&Part> = nest.iter().filter_map(|n| parts.get(n)).collect();
        let c: u128 = members.iter().map(|p| p.compute_ps).sum();
        let mut streams: Vec<&Stream> = members.iter().flat_map(|p| &p.streams).collect();
        streams.sort_by(|a, b| (a.array, &a.loops).cmp(&(b.array, &b.loops)));
        streams.dedup_by(|a, b| a.array == b.array && a.loops == b.loops);
        let mem = memory_ps(model, &streams);
        // Computing and moving data overlap, not perfectly: a quarter of the smaller adds.
        let mut nest_ps = c.max(mem) + c.min(mem) / 4;
        one_thread += nest_ps;
        let instances: u64 = members.iter().map(|p| p.instances).sum();
        if target.threads
            && model.threads > 1
            && let Some(f) = members.iter().filter_map(|p| p.forks).max()
            && instances / f.max(1) >= target.fork_work
        {
            nest_ps /= model.threads as u128;
            nest_ps += f as u128 * model.fork_ps as u128;
            forks_all = forks_all.saturating_add(f);
            fork_ps += f as u128 * model.fork_ps as u128;
        }
        compute += c;
        memory += mem;
        total += nest_ps;
    }
    let ns = |ps: u128| u64::try_from(ps / 1000).unwrap_or(u64::MAX);
    Ok((
        Estimate {
            total_ns: ns(total),
            compute_ns: ns(compute),
            memory_ns: ns(memory),
            forks: forks_all,
            fork_ns: ns(fork_ps),
        },
        ns(one_thread),
    ))
}

/// How many times a statement's parallel loop starts, over its `loops`: the parallel loop is
/// its band's parallel tile loop (`tile`), else the first of its loops at the dimension `free`
/// for everyone (its tile loop when tiled); the loops before it run it, a fork each time.
/// `None` when it is in no parallel loop.
fn forks_of(loops: &[(Key, u64, usize)], tile: Option<&Key>, free: Option<usize>) -> Option<u64> {
    match tile {
        Some(key) => loops.iter().position(|(k, _, _)| k == key),
        None => free.and_then(|p| loops.iter().position(|&(_, _, d)| d == p)),
    }
    .map(|at| {
        loops[..at]
            .iter()
            .fold(1u64, |f, &(_, n, _)| f.saturating_mul(n))
    })
}

/// The tiled bands each statement is in, (first dimension, members, sizes smallest first), and
/// the tile loop that runs in parallel, as the marks will put it: the first member whose
/// distances are all zero, when the band is not inside the loop `free` for everyone.
#[allow(clippy::type_complexity)]
fn tiled_bands(
    scop: &Scop,
    tilings: &[(&Tiling, usize, &[bool])],
    free: Option<usize>,
) -> Result<
    (
        BTreeMap<StmtId, Vec<(usize, usize, Vec<i64>)>>,
        BTreeMap<StmtId, Key>,
    ),
    IslError,
> {
    let mut bands: BTreeMap<StmtId, Vec<(usize, usize, Vec<i64>)>> = BTreeMap::new();
    let mut parallel_tile: BTreeMap<StmtId, Key> = BTreeMap::new();
    for &(t, p, zero) in tilings {
        let mut sizes = t.sizes.clone();
        sizes.sort();
        let tile = zero
            .iter()
            .position(|&z| z)
            .filter(|_| free.is_none_or(|d| p <= d));
        for s in Tiles::statements(scop, t)? {
            bands.entry(s).or_default().push((p, t.n, sizes.clone()));
            if let Some(j) = tile {
                parallel_tile.entry(s).or_insert((p, j));
            }
        }
    }
    Ok((bands, parallel_tile))
}

/// The loops of statement `st` (scheduled by `m`, the schedule `width` wide), outermost first,
/// with their trip counts at the parameters `at` and dimensions, its tiled `bands` split into
/// tile and point loops; and its instances.
#[allow(clippy::type_complexity)]
fn loops_of(
    st: &optimist_scop::model::ScopStmt,
    m: &Map,
    width: usize,
    at: &Set,
    bands: Option<&Vec<(usize, usize, Vec<i64>)>>,
) -> Result<(Vec<(Key, u64, usize)>, u64), IslError> {
    // Its loops, outermost first, with their trip counts on the middle slice: each
    // dimension's extent with the dimensions before it fixed at the middle of their
    // values (a triangle's inner loop counts half its longest row, and their product is
    // about the statement's instances, in whatever order the schedule runs them).
    let mut loops: Vec<(Key, u64, usize)> = middle_extents(&m.range()?, width.saturating_sub(1))?
        .into_iter()
        .map(|(d, n)| ((d, POINT), n, d))
        .collect();
    // A skewed schedule's outer loop spans the sum of two ranges (`t + i`): its middle
    // slice holds as many instances as the box's. The statement's own domain counts them
    // (its iterators are not skewed); the outermost loops give up the excess.
    let domain = st.domain.intersect_params(at)?;
    let counted = middle_extents(&domain, domain.dim(DimType::SET)?)?
        .into_iter()
        .fold(1u64, |p, (_, n)| p.saturating_mul(n));
    let boxed = loops.iter().fold(1u64, |p, &(_, n, _)| p.saturating_mul(n));
    let mut excess = boxed.saturating_add(counted / 2) / counted.max(1);
    for l in loops.iter_mut() {
        if excess < 2 {
            break;
        }
        let cut = excess.min(l.1);
        l.1 = l.1.div_ceil(cut);
        excess /= cut;
    }
    let instances = loops.iter().fold(1u64, |p, &(_, n, _)| p.saturating_mul(n));
    for (p, n, sizes) in bands.into_iter().flatten() {
        // Tile sizes by dimension, the widest innermost.
        let members: Vec<usize> = (0..loops.len())
            .filter(|&k| (*p..p + n).contains(&loops[k].2))
            .collect();
        let mut tiles = Vec::new();
        for (j, &k) in members.iter().enumerate() {
            let size = sizes.get(j).copied().unwrap_or(1).max(1) as u64;
            let (_, extent, d) = loops[k];
            loops[k].1 = extent.min(size);
            tiles.push(((*p, j), extent.div_ceil(size), d));
        }
        let first = members.first().copied().unwrap_or(loops.len());
        loops.splice(first..first, tiles);
    }
    Ok((loops, instances))
}

/// The data streams of statement `st` (scheduled by `m`) along its `loops` (outermost first,
/// with their trip counts and dimensions): for each access to an array, how its element moves
/// at each loop.
fn streams_of(
    scop: &Scop,
    st: &optimist_scop::model::ScopStmt,
    m: &Map,
    loops: &[(Key, u64, usize)],
) -> Result<Vec<Stream>, IslError> {
    // The moves of each access along each of its statement's loops.
    // Per access, the element moves a step may make and still be `Stays` or `Next`
    // (`None` for a scalar, which stays in a register).
    let mut bounds_of = Vec::with_capacity(st.accesses.len());
    for &acc in &st.accesses {
        let access = scop.access(acc);
        let rank = scop.array(access.array).sizes.len();
        if rank == 0 {
            bounds_of.push(None);
            continue;
        }
        let tuple = access.relation.tuple_name(DimType::Out).unwrap_or_default();
        let z: Vec<String> = (0..rank).map(|k| format!("z{k}")).collect();
        let set = |last: &str| {
            let mut c: Vec<String> = (0..rank - 1).map(|k| format!("z{k} = 0")).collect();
            c.push(last.to_string());
            Set::parse(
                &scop.ctx,
                &format!("{{ {tuple}[{}] : {} }}", z.join(", "), c.join(" and ")),
            )
        };
        let last = format!("z{}", rank - 1);
        bounds_of.push(Some((
            set(&format!("{last} = 0"))?,
            set(&format!("-1 <= {last} <= 1"))?,
        )));
    }
    let mut moves: Vec<Vec<Move>> = vec![Vec::new(); st.accesses.len()];
    let mut steps: Vec<Vec<Option<i64>>> = vec![Vec::new(); st.accesses.len()];
    for &(_, _, d) in loops {
        let step = along(scop, m.dim(DimType::Out)?, d, &format!("x{d} + 1"))?;
        let next = m.apply_range(&step)?.apply_range(&m.reverse()?)?;
        for (j, &acc) in st.accesses.iter().enumerate() {
            let Some((none, near)) = &bounds_of[j] else {
                moves[j].push(Move::Stays);
                steps[j].push(Some(0));
                continue;
            };
            let relation = &scop.access(acc).relation;
            let delta = next
                .apply_domain(relation)?
                .apply_range(relation)?
                .deltas()?;
            steps[j].push(byte_step(scop, scop.access(acc).array, &delta)?);
            moves[j].push(if delta.is_subset(none)? {
                Move::Stays
            } else if delta.is_subset(near)? {
                Move::Next
            } else {
                Move::Jumps
            });
        }
    }
    // Tile loops jump from tile to tile where their point loops move.
    let moves: Vec<Vec<Move>> = moves
        .into_iter()
        .map(|ms| {
            ms.into_iter()
                .zip(loops)
                .map(|(mv, ((_, k), _, _))| match (mv, *k) {
                    (Move::Next, k) if k != POINT => Move::Jumps,
                    (mv, _) => mv,
                })
                .collect()
        })
        .collect();
    let mut streams = Vec::new();
    for (j, &acc) in st.accesses.iter().enumerate() {
        let access = scop.access(acc);
        let array = scop.array(access.array);
        if array.sizes.is_empty() {
            continue;
        }
        let elem = array.elem.size() as u64;
        // A tile loop moves as far as its point loop's steps in a tile.
        let steps = loops
            .iter()
            .zip(&steps[j])
            .map(|(&((_, k), _, d), &step)| {
                if k == POINT {
                    return step;
                }
                let size = loops
                    .iter()
                    .find(|&&((_, k), _, e)| k == POINT && e == d)
                    .map(|&(_, n, _)| n as i64)?;
                step?.checked_mul(size)
            })
            .collect();
        streams.push(Stream {
            array: access.array.0,
            elem,
            loops: loops
                .iter()
                .zip(&moves[j])
                .map(|(&(key, n, _), &mv)| (key, n, mv))
                .collect(),
            steps,
        });
    }
    Ok(streams)
}

/// The bytes an access moves when its array's subscripts move by `delta` (the moves of one
/// step of a loop): one number when `delta` is one move and the array's sizes after the first
/// are constants, `None` otherwise (a move that varies, sizes of parameters: their typical
/// value says nothing of where the rows fall in the cache).
pub(super) fn byte_step(
    scop: &Scop,
    array: optimist_scop::model::ScopArrayId,
    delta: &Set,
) -> Result<Option<i64>, IslError> {
    use optimist_scop::model::Size;
    let arr = scop.array(array);
    let rank = arr.sizes.len();
    if delta.dim(DimType::SET)? != rank {
        return Ok(None);
    }
    let mut bytes: i128 = 0;
    let mut row: i128 = arr.elem.size() as i128;
    for d in (0..rank).rev() {
        let Some((lo, hi)) = bounds(delta, d)? else {
            return Ok(None);
        };
        if lo != hi {
            return Ok(None);
        }
        bytes += lo as i128 * row;
        if d > 0 {
            let Size::Const(n) = arr.sizes[d] else {
                return Ok(None);
            };
            row = row.saturating_mul(n as i128);
        }
    }
    Ok(i64::try_from(bytes).ok())
}

/// Whether the lines touched by the points `k1 * s1 + k2 * s2 + ...` (`steps`: each `(n, s)`,
/// `0 <= k < n`, `s` bytes), each point `elem` bytes, crowd one set of a cache of `sets` sets
/// beyond `ways` lines; `None` when there are too many to count. A line's set is its number
/// modulo `sets` (the caches' index bits are the address's lowest above the line's). A column
/// of a 256 x 256 `double` array (rows 2048 bytes apart) falls in 2 of a 32 KiB cache's 64
/// sets: 16 lines stay of its 256, however much room the cache has; tiles of 8 rows stay.
pub(super) fn crowded(steps: &[(u64, i64)], elem: u64, sets: u64, ways: u64) -> Option<bool> {
    touched_lines(steps, elem).map(|lines| crowds(&lines, sets, ways))
}

/// The lines (numbers from the first) the points of [`crowded`] touch, each once; `None` when
/// there are too many to count.
fn touched_lines(steps: &[(u64, i64)], elem: u64) -> Option<Vec<u64>> {
    // Steps under a line make one window of contiguous bytes; the others jump from it.
    let mut window = elem;
    let mut jumps: Vec<(u64, u64)> = Vec::new();
    for &(n, s) in steps {
        let s = s.unsigned_abs();
        if s < LINE {
            window = window.saturating_add((n.saturating_sub(1)).saturating_mul(s));
        } else {
            jumps.push((n, s));
        }
    }
    let per = window.div_ceil(LINE) + 1;
    jumps
        .iter()
        .try_fold(1u64, |p, &(n, _)| p.checked_mul(n))
        .filter(|p| p.saturating_mul(per) <= COUNTED_LINES)?;
    let mut offsets = vec![0u64];
    for &(n, s) in &jumps {
        offsets = offsets
            .iter()
            .flat_map(|&o| (0..n).map(move |k| o.saturating_add(k.saturating_mul(s))))
            .collect();
    }
    let mut lines: Vec<u64> = offsets
        .iter()
        .flat_map(|&o| (o / LINE)..=(o.saturating_add(window - 1) / LINE))
        .collect();
    lines.sort_unstable();
    lines.dedup();
    Some(lines)
}

/// Whether `lines` put more than `ways` in one set of a cache of `sets` sets.
fn crowds(lines: &[u64], sets: u64, ways: u64) -> bool {
    if lines.len() as u64 <= ways {
        return false;
    }
    let mut count = vec![0u64; sets as usize];
    lines.iter().any(|&l| {
        let c = &mut count[(l % sets) as usize];
        *c += 1;
        *c > ways
    })
}

/// The time, in picoseconds, a loop nest's `streams` take to come through the caches of
/// `model`: per cache, the lines missed at the outermost loop whose inside fits.
fn memory_ps(model: &CostModel, streams: &[&Stream]) -> u128 {
    // Every loop's place, outermost first.
    let mut keys: Vec<Key> = streams
        .iter()
        .flat_map(|s| s.loops.iter().map(|(k, _, _)| *k))
        .collect();
    keys.sort();
    keys.dedup();
    // The lines each stream touches inside each loop, counted once for every cache.
    let touched: BTreeMap<(usize, Key), Option<Vec<u64>>> = (0..streams.len())
        .flat_map(|k| keys.iter().map(move |&key| (k, key)))
        .map(|(k, key)| ((k, key), streams[k].touched(key)))
        .collect();
    let mut mem = 0u128;
    for &(bytes, line_ps) in &model.caches {
        let sets = (bytes / (LINE * WAYS)).max(1);
        let fits = |inside: Key| -> bool {
            let lines: u64 = streams
                .iter()
                .fold(0u64, |t, s| t.saturating_add(s.lines(inside)));
            lines.saturating_mul(LINE) <= bytes
                && !(0..streams.len()).any(|k| {
                    touched[&(k, inside)]
                        .as_deref()
                        .is_some_and(|l| crowds(l, sets, WAYS))
                })
        };
        // The whole nest's data fits: each line once.
        let misses: u128 = if keys.first().is_none_or(|&k| fits(k)) {
            streams.iter().map(|s| s.lines((0, 0)) as u128).sum()
        } else {
            // The outermost loop whose inside fits (the innermost loop's inside, one
            // instance, always does).
            let at = (0..keys.len())
                .find(|&i| keys.get(i + 1).is_none_or(|&inner| fits(inner)))
                .unwrap_or(keys.len() - 1);
            let key = keys[at];
            streams
                .iter()
                .map(|s| s.lines(key) as u128 * s.outer(key) as u128)
                .sum()
        };
        mem += misses * line_ps as u128;
    }
    mem
}

#[cfg(test)]
mod tests {
    use super::*;
    use optimist_scop::frontend::{FrontendConfig, parse_source};

    /// The estimate of `source`'s own order on `target`, every parameter at 1024.
    fn program_order(source: &str, target: &Target) -> (Estimate, u64) {
        let f = parse_source("k.c", source, None, &FrontendConfig::default()).unwrap();
        let scop = Scop::build(&f, &Default::default()).unwrap();
        let deps = Dependences::compute(&scop, &Default::default()).unwrap();
        let all = deps.all_statements().unwrap();
        let c = Candidate::of(
            &scop,
            &all,
            super::Lanes {
                unrolled: 0,
                forward: false,
                anti_only: Default::default(),
            },
            &scop.schedule,
            Vec::new(),
            &scop.domains().unwrap(),
        )
        .unwrap();
        let (_, at) = typical_values(&scop, &[]).unwrap();
        estimate(&scop, &c.assessed, &[], target, &at).unwrap()
    }

    #[test]
    fn a_column_walk_moves_more_data_than_a_row_walk() {
        let one = Target::native(1, true, true);
        let row = program_order(
            "void k(int n, double A[n][n], double s[n]) {
               for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) s[i] = s[i] + A[i][j]; }",
            &one,
        );
        let column = program_order(
            "void k(int n, double A[n][n], double s[n]) {
               for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) s[i] = s[i] + A[j][i]; }",
            &one,
        );
        // A row brings 8 elements per line; a column one per line, and its 1024 lines do not
        // stay in the first cache (32 KiB) for the next column: each instance misses it.
        assert!(
            column.0.memory_ns * 4 > row.0.memory_ns * 5,
            "{} against {}",
            column.0,
            row.0
        );
        // Both add into `s[i]` along `j`: each instance waits for the previous one's add.
        assert_eq!(row.0.compute_ns, column.0.compute_ns);
        assert!(row.0.compute_ns >= 1024 * 1024 * one.cost.recurrence_ps / 1000);
    }

    #[test]
    fn threads_divide_a_nest_only_where_a_fork_has_enough_work() {
        let wide = "void k(int n, double A[n][n]) {
               for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) A[i][j] = A[i][j] * 2.0; }";
        let (one, _) = program_order(wide, &Target::native(1, false, true));
        let (two, alone) = program_order(wide, &Target::native(2, false, true));
        assert_eq!(one.forks, 0);
        assert_eq!(two.forks, 1);
        assert_eq!(alone, one.total_ns);
        assert!(two.total_ns < one.total_ns, "{two} against {one}");
        // A time loop around a short sweep: a fork per step of 1024 instances is below
        // `fork_work`, so the estimate keeps it on one thread, as the code will.
        let (steps, _) = program_order(
            "void k(int n, double A[n]) {
               for (int t = 0; t < n; t++) for (int i = 0; i < n; i++) A[i] = A[i] + 1.0; }",
            &Target::native(2, false, true),
        );
        assert_eq!(steps.forks, 0, "{steps}");
    }

    #[test]
    fn a_column_of_rows_a_power_of_two_apart_crowds_a_few_sets() {
        // 64 sets of 8 ways (32 KiB). A column of 256 rows 2048 bytes apart: 2 sets.
        assert_eq!(crowded(&[(256, 2048)], 8, 64, 8), Some(true));
        // Its tile of 8 rows, or of 16 rows two lines wide: 8 lines a set.
        assert_eq!(crowded(&[(8, 2048)], 8, 64, 8), Some(false));
        assert_eq!(crowded(&[(16, 8), (16, 2048)], 8, 64, 8), Some(false));
        assert_eq!(crowded(&[(32, 8), (32, 2048)], 8, 64, 8), Some(true));
        // Rows 8000 bytes apart spread over the sets; a row is contiguous.
        assert_eq!(crowded(&[(256, 8000)], 8, 64, 8), Some(false));
        assert_eq!(crowded(&[(4096, 8)], 8, 64, 8), Some(false));
        // Too many lines to count: not known.
        assert_eq!(
            crowded(&[(1 << 12, 2048), (1 << 12, 1 << 20)], 8, 64, 8),
            None
        );
    }

    #[test]
    fn a_column_that_crowds_the_cache_comes_from_beyond_it_each_time() {
        let one = Target::c();
        let transpose = |n: usize| {
            program_order(
                &format!(
                    "void k(double A[{n}][{n}], double B[{n}][{n}]) {{
                       for (int i = 0; i < {n}; i++) for (int j = 0; j < {n}; j++) A[i][j] = B[j][i]; }}"
                ),
                &one,
            )
            .0
            .memory_ns
        };
        // Per element, 256 rows 2048 bytes apart cost more than 250 rows 2000 bytes apart,
        // whose column stays in the first cache for the next 7 columns.
        let (crowded, spread) = (
            transpose(256) as f64 / 65536.0,
            transpose(250) as f64 / 62500.0,
        );
        assert!(crowded > spread * 1.2, "{crowded} against {spread}");
    }

    #[test]
    fn lanes_divide_the_operations() {
        let scale = "void k(int n, double A[n][n]) {
               for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) A[i][j] = A[i][j] * 2.0; }";
        let (scalar, _) = program_order(scale, &Target::native(1, false, true));
        let (lanes, _) = program_order(scale, &Target::native(1, true, true));
        assert_eq!(lanes.compute_ns * 2, scalar.compute_ns);
    }
}
