//! DeLICM (paper 002): scalars that only carry values between statements stop serializing the
//! loops around them.
//!
//! This crate implements the two transformations of Kruse and Grosser, *DeLICM: Scalar
//! Dependence Removal at Zero Memory Cost* (CGO 2018), over the model:
//!
//! - **operand tree forwarding** (§3, Listings 7 and 8): a read of a scalar whose value was
//!   computed from array elements (`a = A[i]` before an inner loop that reads `a`) is replaced by
//!   the computation itself, its loads re-issued in the reading statement where they read the
//!   same values;
//! - **greedy scalar mapping** (§2.1, Listing 5): a scalar (or a local array) whose value ends
//!   up stored into an array element (the accumulator `acc = C[i][j]; for k: acc += ...; C[i][j] = acc;`) is kept in
//!   that element instead, during the part of its lifetime where the element is not in use.
//!
//! Then statements that became dead (a scalar written and no longer read, a copy of an element
//! onto itself) are removed. What remains is the model a programmer would have written with
//! arrays: the accumulator is `C[i][j]`, and the automatic strategy can tile and interchange.
//!
//! **How conflicts are decided** (§2, the `knowledge` module): with *zones* over the original
//! schedule. Each element of the target array is occupied from a write to the last read of its
//! value (to the end of time for its final value, from the beginning of time when its initial
//! content is read), with the value known there; the scalar's web, moved into the element of
//! the next target instance, is a *proposal* of the same kind. The proposal is taken when the
//! lifetimes are disjoint and neither side writes into the other's lifetime, except where the
//! value is the same (a copy `acc = C[i][j]` holds the value `C[i][j]` holds). Otherwise the
//! violated rule is reported with an example element and point of time.
//!
//! ```
//! use optimist_scop::frontend::{self, FrontendConfig};
//! use optimist_scop::model::Scop;
//! use optimist_scop::pass::PassCx;
//! let src = "void gemm(int n, double A[n][n], double B[n][n], double C[n][n]) {
//!   for (int i = 0; i < n; i++)
//!     for (int j = 0; j < n; j++) {
//!       double acc = C[i][j];
//!       for (int k = 0; k < n; k++)
//!         acc += A[i][k] * B[k][j];
//!       C[i][j] = acc;
//!     }
//! }";
//! let f = frontend::parse_source("gemm.c", src, None, &FrontendConfig::default()).unwrap();
//! let before = Scop::build(&f, &Default::default()).unwrap();
//! let mut scop = before.clone();
//! let report = optimist_delicm::run(&mut scop, &PassCx::new(&f)).unwrap();
//! assert!(report.changed, "{report}");
//! // One statement is left: C[i][j] = C[i][j] + A[i][k] * B[k][j].
//! assert_eq!(scop.stmts.len(), 1);
//! let text = optimist_delicm::report(&before, &scop);
//! assert!(text.contains("acc: mapped to C"), "{text}");
//! ```
//!
//! # Design notes
//!
//! Depends on `presburger` and `scop`. The candidates are the local variables (not live-out: the
//! scalars, `ArrayOrigin::Scalar`, and the local arrays). In order:
//! - **operand tree forwarding** (§3, scalars only): a read of a scalar whose every instance sees
//!   one write instance of one unguarded statement whose value uses only constants, parameters and
//!   exact array reads (no iterators) gets that value tree instead, its loads re-issued from the
//!   reading statement through the "defining instance" map; kept only if each re-issued load sees
//!   the same write instances as the original load (isl dataflow). Only where it can free a
//!   loop: a scalar written only outside every loop carries no dependence between iterations
//!   (copied into a loop, each instance would recompute it: deriche's coefficients, four `expf`
//!   per pixel, made the kernel 6x slower), and a value computed with a call is not copied into
//!   a statement in more loops (the paper forwards speculatable operations; neither back end
//!   hoists a call out of a loop again);
//! - **greedy mapping** (§2.1, Listing 5), per *web* of a variable (its writes and the reads they
//!   feed: one variable reused by two nests is two webs): the targets are the unguarded exact
//!   must-writes of array elements whose value reads the web (a plain copy `C[i][j] = acc` first),
//!   then the targets of webs it feeds (Listing 5's adjacent lifetimes). A web written only
//!   outside every loop is not mapped (it serializes nothing; in an element it would be loaded
//!   where a register held it). Each access of the web is
//!   moved to the element the *next* instance of the target writes, among the instances that read
//!   the same element of the variable (`lexmin` over the original schedule; for a scalar, any);
//! - **dead statements** (a local written and no longer read, a copy of an element onto itself)
//!   are removed by `Scop::remove_statements`, which renumbers statement and access ids everywhere
//!   and restricts the schedule.
//!
//! **Zones and knowledge** (`delicm/src/knowledge.rs`, §2). The timeline is the original
//! schedule with one more step per instance: it reads at `2c` and writes at `2c + 1` of its last
//! time coordinate `c`. An element is *occupied* from a write (exclusive) to the last read of the
//! value (inclusive), from its last write to the end of time (final contents are observable), and
//! from the beginning of time to a read that sees its initial content; an element the program
//! never writes is occupied all along. Values are named by the instance that computed them; a copy
//! statement (`acc = C[i][j]`) names the value it copies (its writer, or `C.in[i, j]` for initial
//! content), so copies of one value agree. `Knowledge` = occupied `[element -> point]`, known
//! `[element -> point] -> value`, written `[element -> point] -> value`, and the written elements.
//! The knowledge of a target array is computed once (isl dataflow per read of the array, and the
//! writes not overwritten); a web's proposal is computed from the variable's flows, after checking
//! that every read finds its value in the element its write used. The three rules of §2.1
//! (lifetimes overlap with different values; a proposal write into an occupied zone with another
//! value; an array write into the proposal's zone with another value) and "the element is never
//! written" are set differences; the first non-empty one is the conflict, reported with an
//! example element and point. An applied proposal is united into the array's knowledge (Listing
//! 5, line 17). Flows are cached per array (`FlowCache`): the variable's flows stay right for its
//! other webs after one is mapped, and an array's flows are only asked for before anything is
//! mapped into it; forwarding empties the cache because it renumbers the accesses. Forwarding's
//! own test (each re-issued load reads what the defining statement's load read) keeps the flows
//! into loads by the load's relation for all the reads of one scalar: forwarding changes no write
//! and no schedule, and a value forwarded into several reads re-issues the same loads.
//!
//! Chosen over a decision by value-flow equivalence (apply to a copy, compare
//! isl dataflow of every read): the zones answer the same question with one knowledge per array
//! instead of a dataflow of the whole model per proposal, and give the paper's conflict report. The
//! pass still takes tens of milliseconds on the scalar products (most of it isl's dataflow, 2 to 5
//! ms per read of a scalar written in every iteration), above the issue's 10 ms. Every decision is a model diagnostic
//! (`delicm: NAME: ...`); `delicm::report(before, after)` is what `optimist show delicm FILE.c`
//! prints with the model after the pass. When isl's budget runs out the pass restores the model
//! and reports a bail-out. `corpus/scalar/` holds scalar versions of seven kernels whose twins are
//! in `corpus/` (gemm_ijk, syrk, two_mm with one scalar for both products, covariance,
//! scale_rows with a hoisted load, prefix which must not be mapped, local_tmp with a local array).
#![deny(missing_docs)]

use optimist_presburger::{DimType, Error as IslError, Map, Set, UnionMap, UnionSet};
use optimist_scop::id::IdVec;
use std::collections::HashMap;
mod knowledge;

use knowledge::{Knowledge, Timeline};
use optimist_scop::model::{
    AccessId, AccessKind, BodyExpr, BodyLeaf, DepConfig, Scop, ScopArrayId, StmtId,
};
use optimist_scop::pass::{Pass, PassCx, PassError, PassReport};

/// The pass as the driver's table holds it.
pub const PASS: Pass = Pass {
    name: "delicm",
    about: "forward and map scalars onto array elements (paper 002)",
    run,
};

/// The prefix of the model diagnostics that record the pass's decisions.
const NOTE: &str = "delicm: ";

/// Runs DeLICM over `scop`: operand tree forwarding, then the greedy mapping, then the removal
/// of dead statements. Every decision is a model diagnostic (what [`report`] prints); the
/// report counts them.
///
/// When isl runs out of operations (`cx.max_operations` for each dataflow analysis), the pass
/// bails out: the model is left as it was and the report says so.
pub fn run(scop: &mut Scop, cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    optimist_scop::pass::bail_out_on_budget(PASS.name, scop, cx, transform)
}

/// [`run`] without the bail-out.
fn transform(scop: &mut Scop, cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    let config = DepConfig {
        max_operations: cx.max_operations,
    };
    let mut locals: Vec<ScopArrayId> = Vec::new();
    for k in (0..scop.arrays.len()).map(|k| ScopArrayId(k as u32)) {
        if is_local(scop, k) && (scop.array(k).sizes.is_empty() || rewritten(scop, k)?) {
            locals.push(k);
        }
    }
    if locals.is_empty() {
        return Ok(PassReport::unchanged(PASS.name, "no local variable"));
    }
    let mut notes = Vec::new();
    let (mut forwarded, mut across) = (0, 0);
    let mut cache = FlowCache::new(&config);
    let scalars: Vec<ScopArrayId> = locals
        .iter()
        .copied()
        .filter(|&s| scop.array(s).sizes.is_empty())
        .collect();
    for s in scalars {
        let (done, apart) = forward_scalar(scop, s, &mut cache, &config, &mut notes)?;
        forwarded += done;
        across += apart;
    }
    let timeline = Timeline::new(scop, &mut cache)?;
    let mut targets = Targets {
        timeline: &timeline,
        flows: cache,
        known: Vec::new(),
    };
    // Scalars mapped elsewhere than onto their own cell (a region's kernel takes a scalar the
    // region writes as the one-element array `optimist_io_x`: mapped there, `x` is the
    // program's variable again, which the C compiler keeps in a register).
    let (mut mapped, mut own_cell) = (0, 0);
    for &s in &locals {
        // Each web of the variable (writes and the reads they feed) is mapped on its own: one
        // variable reused by two loop nests holds two unrelated values. A web whose value feeds
        // a mapped web may go where that one went (Listing 5, line 19: adjacent lifetimes), so
        // the webs are retried while some get mapped. Mapping a web leaves the flows of the
        // others as they were: no write of one web comes between a write and a read of another.
        let own = targets.flows.of(scop, s)?;
        let mut pending: Vec<Vec<AccessId>> = Vec::new();
        for web in webs(scop, s, &own)? {
            if !web.iter().any(|&a| scop.access(a).is_read()) {
                continue;
            }
            // A value written once, outside every loop, serializes no loop: in an element it
            // would only be loaded where a register held it.
            let mut once = Vec::new();
            for &a in &web {
                let st = scop.stmt(scop.access(a).stmt);
                if scop.access(a).kind.is_write() {
                    if st.domain.dim(DimType::SET)? != 0 {
                        once.clear();
                        break;
                    }
                    once.push(st.name.clone());
                }
            }
            if once.is_empty() {
                pending.push(web);
            } else {
                notes.push(format!(
                    "{}: not mapped: {} writes it once, outside every loop",
                    scop.array(s).name,
                    once.join(", ")
                ));
            }
        }
        let mut used: Vec<(StmtId, Map)> = Vec::new();
        let mut last_notes = Vec::new();
        loop {
            let before = pending.len();
            let mut left = Vec::new();
            last_notes.clear();
            for web in pending {
                let mut said = Vec::new();
                match map_scalar(scop, s, &web, &used, &own, &mut targets, &config, &mut said)? {
                    Some(w) => {
                        let cell = format!(
                            "{}{}",
                            optimist_scop::frontend::CELL_PREFIX,
                            scop.array(s).name
                        );
                        // The web's accesses now reach the array it was mapped onto.
                        if web
                            .first()
                            .is_some_and(|&a| scop.array(scop.access(a).array).name == cell)
                        {
                            own_cell += 1;
                        }
                        used.push(w);
                        mapped += 1;
                        notes.append(&mut said);
                    }
                    None => {
                        left.push(web);
                        last_notes.append(&mut said);
                    }
                }
            }
            pending = left;
            if pending.is_empty() || pending.len() == before {
                break;
            }
        }
        notes.append(&mut last_notes);
    }
    let removed = remove_dead(scop)?;
    let changed = forwarded + mapped + removed > 0;
    let summary = format!(
        "{forwarded} reads forwarded, {mapped} scalars mapped, {removed} statements removed"
    );
    scop.diagnostics
        .extend(notes.into_iter().map(|n| format!("{NOTE}{n}")));
    Ok(if changed {
        PassReport {
            // Values forwarded into the same iteration, scalars mapped onto their own cells,
            // and the statements left dead: what a C compiler's registers do with the
            // program's scalars.
            compiler_does: mapped == own_cell && across == 0,
            ..PassReport::changed(PASS.name, summary)
        }
    } else {
        PassReport::unchanged(PASS.name, summary)
    })
}

/// Whether some element of array `a` is written more than once. A local array whose elements
/// are each written once carries no false dependence: mapping it would only trade its memory for
/// dependences on the target (expression propagation is what removes such temporaries).
fn rewritten(scop: &Scop, a: ScopArrayId) -> Result<bool, IslError> {
    let mut writes = UnionMap::empty(&scop.ctx)?;
    for acc in scop
        .accesses
        .iter()
        .filter(|acc| acc.array == a && acc.kind.is_write())
    {
        writes = writes.union(&UnionMap::from_map(&acc.relation)?)?;
    }
    Ok(!writes.is_injective()?)
}

/// A local variable of the program, a scalar or an array: not observable after the region.
fn is_local(scop: &Scop, k: ScopArrayId) -> bool {
    !scop.array(k).live_out
}

/// The value flows of a model between the accesses to some arrays, computed with isl's dataflow
/// over the schedule tree, one read at a time and only when asked: all that can change when
/// accesses move between these arrays. Each statement has one write, so a source statement
/// instance names the write.
struct Flows {
    ctx: optimist_presburger::Ctx,
    schedule: optimist_presburger::Schedule,
    must: UnionMap,
    may: UnionMap,
    max_operations: u64,
    /// The arrays whose accesses take part.
    arrays: Vec<ScopArrayId>,
    raw: std::cell::RefCell<Vec<(AccessId, UnionMap)>>,
}

impl Flows {
    /// Source instance to sink instance for the dataflow question `sink`.
    fn flow(&self, sink: &UnionMap) -> Result<UnionMap, IslError> {
        self.ctx.with_budget(self.max_operations, || {
            optimist_presburger::UnionAccessInfo::from_sink(sink)?
                .with_must_source(&self.must)?
                .with_may_source(&self.may)?
                .with_schedule(&self.schedule)?
                .compute_flow()?
                .may_dependence()
        })
    }
}

/// The flows over each array alone, made when first asked for and shared by the timeline's
/// values, the webs and the knowledge. A mapping moves a web's accesses from a variable to an
/// array: the variable's flows stay right for its other webs, and an array's flows are only
/// asked for before anything is mapped into it.
pub(crate) struct FlowCache {
    config: DepConfig,
    per: Vec<(ScopArrayId, std::rc::Rc<Flows>)>,
}

impl FlowCache {
    fn new(config: &DepConfig) -> FlowCache {
        FlowCache {
            config: *config,
            per: Vec::new(),
        }
    }

    /// The flows over array `a` alone.
    pub(crate) fn of(
        &mut self,
        scop: &Scop,
        a: ScopArrayId,
    ) -> Result<std::rc::Rc<Flows>, IslError> {
        if let Some((_, f)) = self.per.iter().find(|(b, _)| *b == a) {
            return Ok(f.clone());
        }
        let f = std::rc::Rc::new(deps_on(scop, &[a], &self.config)?);
        self.per.push((a, f.clone()));
        Ok(f)
    }
}

/// The flows of `scop` between the accesses to `arrays`.
fn deps_on(scop: &Scop, arrays: &[ScopArrayId], config: &DepConfig) -> Result<Flows, IslError> {
    let (mut must, mut may) = (UnionMap::empty(&scop.ctx)?, UnionMap::empty(&scop.ctx)?);
    for acc in scop.accesses.iter().filter(|a| arrays.contains(&a.array)) {
        let rel = UnionMap::from_map(&acc.relation)?;
        match acc.kind {
            AccessKind::MustWrite => must = must.union(&rel)?,
            AccessKind::MayWrite => may = may.union(&rel)?,
            AccessKind::Read => {}
        }
    }
    // Only the statements that touch these arrays take part: a smaller question for isl.
    let mut touching = UnionSet::empty(&scop.ctx)?;
    for (k, st) in scop.stmts.iter().enumerate() {
        if scop
            .accesses
            .iter()
            .any(|a| a.stmt.0 as usize == k && arrays.contains(&a.array))
        {
            touching = touching.union(&UnionSet::from_set(&st.domain)?)?;
        }
    }
    Ok(Flows {
        ctx: scop.ctx.clone(),
        schedule: scop.schedule.intersect_domain(&touching)?,
        must,
        may,
        max_operations: config.max_operations,
        arrays: arrays.to_vec(),
        raw: Default::default(),
    })
}

/// The value-based flow into access `a`: source statement instance to sink instance (empty
/// when `a` is not an access to the arrays of `deps`).
fn flow_into(scop: &Scop, deps: &Flows, a: AccessId) -> Result<UnionMap, IslError> {
    if let Some((_, f)) = deps.raw.borrow().iter().find(|(k, _)| *k == a) {
        return Ok(f.clone());
    }
    let f = deps.flow(&UnionMap::from_map(&scop.access(a).relation)?)?;
    deps.raw.borrow_mut().push((a, f.clone()));
    Ok(f)
}

/// The instances of the writes to the arrays of `deps` that a later write overwrites.
fn overwritten(scop: &Scop, deps: &Flows) -> Result<UnionSet, IslError> {
    let mut writes = UnionMap::empty(&scop.ctx)?;
    for acc in scop
        .accesses
        .iter()
        .filter(|a| deps.arrays.contains(&a.array) && a.kind.is_write())
    {
        writes = writes.union(&UnionMap::from_map(&acc.relation)?)?;
    }
    deps.flow(&writes)?.domain()
}

/// The schedule of each statement alone, instance to time (isl builds the map of the whole
/// tree at each call: once for all).
fn schedules(scop: &Scop) -> Result<IdVec<StmtId, Map>, IslError> {
    let all = scop.schedule.map()?;
    scop.stmts
        .iter()
        .map(|st| all.restrict_to(&st.domain))
        .collect()
}

/// For each instance of `x`, the first instance of `w` at or after it in the original order
/// among those related to it by `same` (`x` instance to `w` instance: the ones that touch the
/// same element of the variable).
fn next_instance(tl: &Timeline, x: StmtId, w: StmtId, same: &Map) -> Result<Map, IslError> {
    let (sx, sw) = (tl.schedule_of(x), tl.schedule_of(w));
    let mut pairs = sx.lex_lt_map(sw)?;
    if x == w {
        // The same instance: its reads run before its write.
        pairs = pairs.union(&sx.apply_range(&sx.reverse()?)?)?;
    }
    pairs
        .intersect(same)?
        .apply_range(sw)?
        .lexmin()?
        .apply_range(&sw.reverse()?)
}

/// An example of a difference between two flows, in isl notation with the parameters fixed.
fn example(scop: &Scop, diff: &UnionMap) -> Result<String, IslError> {
    let Some(m) = diff.maps()?.into_iter().next() else {
        return Ok(String::new());
    };
    let Some(p) = m.params()?.sample_point()? else {
        return Ok(m.to_string());
    };
    let values = p.coordinates(DimType::Param)?;
    let space = p.space()?;
    let mut names = Vec::with_capacity(values.len());
    for k in 0..values.len() {
        names.push(space.dim_name(DimType::Param, k)?.unwrap_or_default());
    }
    let fixed: Vec<String> = names
        .iter()
        .zip(&values)
        .map(|(q, v)| format!("{q} = {v}"))
        .collect();
    let at = Set::parse(
        &scop.ctx,
        &format!("[{}] -> {{ : {} }}", names.join(", "), fixed.join(" and ")),
    )?;
    // The first pair when there is one (zones may reach from the beginning of time or to
    // its end), else some pair.
    let pairs = m.intersect_params(&at)?.wrap()?;
    let one = if pairs.is_bounded()? {
        pairs.lexmin()?.unwrap_map()?.coalesce()?
    } else {
        match pairs.sample_point()? {
            Some(p) => p.to_set()?.unwrap_map()?,
            None => m.clone(),
        }
    }
    .gist_params(&at)?;
    Ok(if fixed.is_empty() {
        one.to_string()
    } else {
        format!("with {}: {one}", fixed.join(", "))
    })
}

/// §3: forwards the reads of scalar `s` whose value was computed, in one statement, from
/// constants, parameters and array elements that still hold the same values at the read.
/// Returns the number of reads forwarded, and how many of them read a value of another
/// iteration (not the instance of their own indices).
fn forward_scalar(
    scop: &mut Scop,
    s: ScopArrayId,
    cache: &mut FlowCache,
    config: &DepConfig,
    notes: &mut Vec<String>,
) -> Result<(usize, usize), PassError> {
    let name = scop.array(s).name.clone();
    let reads_of = |scop: &Scop| -> Vec<AccessId> {
        (0..scop.accesses.len())
            .map(|k| AccessId(k as u32))
            .filter(|&a| scop.access(a).array == s && scop.access(a).is_read())
            .collect()
    };
    // Forwarding pays only where it frees a loop (§3: the scalar written in every iteration
    // serializes it). A value computed once, outside every loop, carries no dependence between
    // iterations: copying it into its readers only repeats it in each of their instances
    // (deriche: four `expf` per pixel, 6x slower), and neither back end moves it out again.
    if let Some(writers) = computed_once(scop, s)? {
        notes.push(format!(
            "{name}: not forwarded: {writers} computes it once, outside every loop"
        ));
        return Ok((0, 0));
    }
    let (mut done, mut across) = (0, 0);
    // The flow into a load depends only on its relation (statement and subscripts), on the
    // writes to its array and on the schedule; forwarding changes none of them but adds loads,
    // so flows are kept by the load's relation across the reads of `s` (the reads of a value
    // forwarded several times re-issue the same loads).
    let mut flows: HashMap<String, UnionMap> = HashMap::new();
    let mut flow_of = |model: &Scop, deps: &Flows, q: AccessId| -> Result<UnionMap, IslError> {
        let key = model.access(q).relation.to_string();
        if let Some(f) = flows.get(&key) {
            return Ok(f.clone());
        }
        let f = flow_into(model, deps, q)?;
        flows.insert(key, f.clone());
        Ok(f)
    };
    // Ids change when a read is forwarded (the model is renumbered): the reads are looked up
    // again each time, and a forwarded read's place is taken by the next one.
    let mut k = 0;
    while let Some(r) = reads_of(scop).get(k).copied() {
        k += 1;
        // The scalar's flows, from the cache (emptied when the model changes).
        let deps = cache.of(scop, s)?;
        let y = scop.access(r).stmt;
        let flow = flow_into(scop, &deps, r)?;
        let maps = flow.maps()?;
        let [from] = maps.as_slice() else {
            continue;
        };
        let Some(xname) = from.tuple_name(DimType::In) else {
            continue;
        };
        let Some(x) = scop.stmts.iter().position(|st| st.name == xname) else {
            continue;
        };
        let x = StmtId(x as u32);
        let xs = scop.stmt(x).clone();
        if xs.guard.is_some() || x == y {
            continue;
        }
        // Y's instance to the X instance that defined the value, for every instance of Y.
        let def = from.reverse()?;
        let ydom = &scop.stmt(y).domain;
        if !def.is_single_valued()? || !def.domain()?.is_equal(ydom)? {
            continue;
        }
        // A value computed once is not copied (above). A call (not speculatable in the
        // paper's sense: it may set `errno`, and neither back end moves it out of a loop) is
        // copied only where Y runs no more often than X.
        let xdims = xs.domain.dim(DimType::SET)?;
        let ydims = scop.stmt(y).domain.dim(DimType::SET)?;
        if xdims == 0 {
            // (A write among others outside loops: `s` is also written in a loop.)
            continue;
        }
        if ydims > xdims && has_call(&xs.value) {
            let ys = &scop.stmt(y).name;
            let note = format!(
                "{name}: not forwarded into {ys}: {} computes it with a call, which {ys} would repeat in its inner loops",
                xs.name
            );
            if !notes.contains(&note) {
                notes.push(note);
            }
            continue;
        }
        let loads = xs.value.accesses();
        if xs.value.uses_iterators()
            || loads.iter().any(|&q| {
                let acc = scop.access(q);
                !acc.exact || acc.array == s || scop.array(acc.array).sizes.is_empty()
            })
        {
            continue;
        }
        // The copy of X's tree in Y, with its loads re-issued from Y.
        let (mut new, renamed) = copied_into(scop, &xs.value, y, r, &def, &loads)?;
        // Each re-issued load reads what X's load read: same sources, through `def`.
        let loaded: Vec<ScopArrayId> = loads.iter().map(|&q| scop.access(q).array).collect();
        let old_deps = deps_on(scop, &loaded, config)?;
        let new_deps = deps_on(&new, &loaded, config)?;
        let mut same = true;
        for &(q, q2) in &renamed {
            let expected =
                flow_of(scop, &old_deps, q)?.apply_range(&UnionMap::from_map(&def.reverse()?)?)?;
            if !flow_of(&new, &new_deps, q2)?.is_equal(&expected)? {
                same = false;
                let ys = &scop.stmt(y).name;
                notes.push(format!(
                    "{name}: not forwarded into {ys}: the elements {} reads change before {ys}",
                    xs.name
                ));
                break;
            }
        }
        if !same {
            continue;
        }
        notes.push(format!(
            "{name}: the value {} computes is forwarded into {} ({} loads)",
            xs.name,
            scop.stmt(y).name,
            renamed.len()
        ));
        // The value of the same iteration: Y's instance reads what X's instance of the same
        // indices computed.
        let mut same = def.clone();
        for d in 0..xdims.min(ydims) {
            same = same.equate(DimType::In, d, DimType::Out, d)?;
        }
        if xdims != ydims || !same.is_equal(&def)? {
            across += 1;
        }
        // Drop the replaced read (the renumbering removes unlisted accesses).
        new.remove_statements(&|_, _| false)?;
        *scop = new;
        // Access ids were renumbered: every cached flow is stale.
        cache.per.clear();
        done += 1;
        k -= 1;
    }
    Ok((done, across))
}

/// The statements that write scalar `s`, when every one of them runs once, outside every loop
/// (then forwarding would only repeat the value in its readers' instances).
fn computed_once(scop: &Scop, s: ScopArrayId) -> Result<Option<String>, PassError> {
    let writers: Vec<StmtId> = scop
        .accesses
        .iter()
        .filter(|a| a.array == s && a.kind.is_write())
        .map(|a| a.stmt)
        .collect();
    let mut outside = Vec::new();
    for &w in &writers {
        if scop.stmt(w).domain.dim(DimType::SET)? == 0 {
            outside.push(scop.stmt(w).name.clone());
        }
    }
    Ok((!writers.is_empty() && outside.len() == writers.len()).then(|| outside.join(", ")))
}

/// `scop` with the expression `value` (of the statement that defined what read `r` of
/// statement `y` reads, `def` mapping `y`'s instances to its) copied in place of the read, its
/// `loads` re-issued from `y` through `def` (and into `y`'s data-dependent subscripts that
/// read it too); with each load and its copy.
fn copied_into(
    scop: &Scop,
    value: &BodyExpr,
    y: StmtId,
    r: AccessId,
    def: &Map,
    loads: &[AccessId],
) -> Result<(Scop, Vec<(AccessId, AccessId)>), PassError> {
    let mut new = scop.clone();
    let mut renamed = Vec::new();
    for &q in loads {
        let mut acc = scop.access(q).clone();
        acc.stmt = y;
        acc.relation = def.apply_range(&acc.relation)?;
        let id = new.accesses.push(acc);
        new.stmts[y].accesses.push(id);
        renamed.push((q, id));
    }
    let tree =
        value.with_accesses(&|a| renamed.iter().find(|(o, _)| *o == a).map_or(a, |(_, n)| *n));
    let substitute = |e: &BodyExpr| {
        e.map_leaves(&mut |leaf, ty| match *leaf {
            BodyLeaf::Access(a) if a == r => Ok(tree.clone()),
            other => BodyExpr::leaf(other, ty),
        })
    };
    let st = &mut new.stmts[y];
    st.value = substitute(&st.value).map_err(|e| PassError::Bail(e.0))?;
    st.guard = match &st.guard {
        Some(g) => Some(substitute(g).map_err(|e| PassError::Bail(e.0))?),
        None => None,
    };
    st.accesses.retain(|&a| a != r);
    // A data-dependent subscript of Y reads `s` too (`a[c] = 5` with `c` forwarded): it
    // takes the tree as well, or it would index with a read that no longer exists.
    for k in new.stmts[y].accesses.clone() {
        let acc = &mut new.accesses[k];
        if let Some(subs) = &acc.subscripts {
            let subs = subs
                .iter()
                .map(&substitute)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| PassError::Bail(e.0))?;
            acc.subscripts = Some(subs);
        }
    }
    Ok((new, renamed))
}

/// Whether the expression calls a function (a math function or a declared pure one).
fn has_call(e: &BodyExpr) -> bool {
    e.callee().is_some() || e.children().into_iter().any(has_call)
}

/// The webs of scalar `s`: its accesses grouped by value flow (a write and the reads that may
/// see its value are in one web), in the order of their first access.
fn webs(scop: &Scop, s: ScopArrayId, deps: &Flows) -> Result<Vec<Vec<AccessId>>, PassError> {
    let accesses: Vec<AccessId> = (0..scop.accesses.len())
        .map(|k| AccessId(k as u32))
        .filter(|&a| scop.access(a).array == s)
        .collect();
    if accesses.is_empty() {
        return Ok(Vec::new());
    }
    // Union-find over the accesses.
    let mut parent: Vec<usize> = (0..accesses.len()).collect();
    fn root(parent: &mut [usize], k: usize) -> usize {
        let mut r = k;
        while parent[r] != r {
            r = parent[r];
        }
        parent[k] = r;
        r
    }
    for (ri, &r) in accesses.iter().enumerate() {
        if !scop.access(r).is_read() {
            continue;
        }
        let sources = flow_into(scop, deps, r)?.domain()?;
        for (wi, &w) in accesses.iter().enumerate() {
            if !scop.access(w).kind.is_write() {
                continue;
            }
            let st = UnionSet::from_set(&scop.stmt(scop.access(w).stmt).domain)?;
            if !sources.intersect(&st)?.is_empty()? {
                let (a, b) = (root(&mut parent, wi), root(&mut parent, ri));
                parent[a] = b;
            }
        }
    }
    let mut out: Vec<(usize, Vec<AccessId>)> = Vec::new();
    for (k, &a) in accesses.iter().enumerate() {
        let r = root(&mut parent, k);
        match out.iter_mut().find(|(root, _)| *root == r) {
            Some((_, v)) => v.push(a),
            None => out.push((r, vec![a])),
        }
    }
    Ok(out.into_iter().map(|(_, v)| v).collect())
}

/// The targets of a mapping: per array, what is known of its elements (the program's zones and
/// the proposals applied so far).
struct Targets<'t> {
    timeline: &'t Timeline,
    flows: FlowCache,
    known: Vec<(ScopArrayId, Knowledge)>,
}

impl Targets<'_> {
    /// The knowledge of array `a`, computed the first time it is asked for.
    fn of(
        &mut self,
        scop: &Scop,
        a: ScopArrayId,
        config: &DepConfig,
    ) -> Result<&Knowledge, IslError> {
        let k = match self.known.iter().position(|(b, _)| *b == a) {
            Some(k) => k,
            None => {
                let flows = self.flows.of(scop, a)?;
                let known = scop.ctx.with_budget(config.max_operations, || {
                    Knowledge::of_array(scop, a, &flows, self.timeline)
                })?;
                self.known.push((a, known));
                self.known.len() - 1
            }
        };
        Ok(&self.known[k].1)
    }
}

/// Whether every access to array `a` is exact and every write a must-write: what the zones of
/// its elements are computed from.
fn exactly_accessed(scop: &Scop, a: ScopArrayId) -> bool {
    scop.accesses
        .iter()
        .filter(|acc| acc.array == a)
        .all(|acc| acc.exact && acc.kind != AccessKind::MayWrite)
}

/// §2.1, Listing 5 for one web of a local variable `s` (`accesses`, whose value flows are
/// `own`): the targets are the writes that store a value read from it into an array element,
/// the one that stores it directly first, then the targets of the webs this one feeds
/// (`adjacent`). The first target whose elements can hold the web without a conflict is taken.
/// Returns the target statement and the element of the variable it reads.
#[allow(clippy::too_many_arguments)]
fn map_scalar(
    scop: &mut Scop,
    s: ScopArrayId,
    accesses: &[AccessId],
    adjacent: &[(StmtId, Map)],
    own: &Flows,
    targets_known: &mut Targets<'_>,
    config: &DepConfig,
    notes: &mut Vec<String>,
) -> Result<Option<(StmtId, Map)>, PassError> {
    let name = scop.array(s).name.clone();
    let accesses = accesses.to_vec();
    if let Some(why) = unmappable(scop, &accesses, own)? {
        notes.push(format!("{name}: not mapped: {why}"));
        return Ok(None);
    }
    let targets = candidate_targets(scop, s, &accesses, adjacent);
    if targets.is_empty() {
        notes.push(format!(
            "{name}: not mapped: no array element stores its value"
        ));
        return Ok(None);
    }
    let mut why = Vec::new();
    // The first instance of a target after each accessing statement, shared by the targets.
    let mut next_cache: Vec<((AccessId, StmtId), Map)> = Vec::new();
    'targets: for (w, q, _) in targets {
        let wst = scop.stmt(w).clone();
        let target = scop.access(wst.write).clone();
        let tname = scop.array(target.array).name.clone();
        if !exactly_accessed(scop, target.array) {
            why.push(format!(
                "{tname} (stored by {}): some access to {tname} is inexact or conditional",
                wst.name
            ));
            continue;
        }
        // Each access moves to the element of the first target instance at or after it.
        let mut web = Vec::with_capacity(accesses.len());
        for &a in &accesses {
            let x = scop.access(a).stmt;
            // For a local array, the target instance that reads the same element.
            let same = scop.access(a).relation.apply_range(&q.reverse()?)?;
            let next = match next_cache.iter().find(|(k, _)| *k == (a, w)) {
                Some((_, m)) => m.clone(),
                None => {
                    let m = next_instance(targets_known.timeline, x, w, &same)?;
                    next_cache.push(((a, w), m.clone()));
                    m
                }
            };
            let rel = next.apply_range(&target.relation)?.coalesce()?;
            let xdom = &scop.stmt(x).domain;
            if !rel.domain()?.is_equal(xdom)? || !rel.is_single_valued()? {
                why.push(format!(
                    "{tname} (stored by {}): no instance of {} follows {}",
                    wst.name,
                    wst.name,
                    xdom.subtract(&rel.domain()?)?.coalesce()?
                ));
                continue 'targets;
            }
            web.push((a, UnionMap::from_map(&rel)?));
        }
        let timeline = targets_known.timeline;
        let known = targets_known.of(scop, target.array, config)?;
        let decided = scop.ctx.with_budget(config.max_operations, || {
            match Knowledge::of_web(scop, &web, own, timeline)? {
                Err(e) => Ok(Err(e)),
                Ok(proposal) => Ok(match known.conflict(&proposal)? {
                    Some((rule, at)) => Err(format!("{rule}: {}", example(scop, &at)?)),
                    None => Ok(known.with(&proposal)?),
                }),
            }
        })?;
        match decided {
            Err(c) => why.push(format!("{tname} (stored by {}): {c}", wst.name)),
            Ok(after) => {
                notes.push(format!(
                    "{name}: mapped to {tname}, the element {} stores: {}",
                    wst.name,
                    target.relation.coalesce()?
                ));
                for (a, rel) in &web {
                    let acc = &mut scop.accesses[*a];
                    acc.relation = rel.to_map()?;
                    acc.array = target.array;
                }
                // The knowledge grows by the proposal (line 17).
                if let Some(entry) = targets_known
                    .known
                    .iter_mut()
                    .find(|(b, _)| *b == target.array)
                {
                    entry.1 = after;
                }
                return Ok(Some((w, q)));
            }
        }
    }
    notes.push(format!("{name}: not mapped: {}", why.join("; ")));
    Ok(None)
}

/// Why the scalar accessed by `accesses` cannot be mapped at all (`None`: it may be): it is
/// written under a condition or accessed inexactly, or a read sees a value from before the
/// region.
fn unmappable(
    scop: &Scop,
    accesses: &[AccessId],
    own: &Flows,
) -> Result<Option<String>, PassError> {
    if accesses
        .iter()
        .any(|&a| scop.access(a).kind == AccessKind::MayWrite || !scop.access(a).exact)
    {
        return Ok(Some(
            "it is written under a condition or accessed inexactly".to_string(),
        ));
    }
    // Every read must see a value written in the region.
    for &r in accesses.iter().filter(|&&a| scop.access(a).is_read()) {
        let fed = flow_into(scop, own, r)?.range()?;
        let all = UnionSet::from_set(&scop.stmt(scop.access(r).stmt).domain)?;
        let unfed = all.subtract(&fed)?;
        if !unfed.is_empty()? {
            return Ok(Some(format!(
                "{} reads a value from before the region at {}",
                scop.stmt(scop.access(r).stmt).name,
                unfed.coalesce()?
            )));
        }
    }
    Ok(None)
}

/// The statements a scalar `s` (accessed by `accesses`) may be mapped onto: those that store a
/// value read from `s` into an array element of its type, with the element of it they read
/// (their first read of it), the ones that store it as it is first; then the `adjacent` ones.
fn candidate_targets(
    scop: &Scop,
    s: ScopArrayId,
    accesses: &[AccessId],
    adjacent: &[(StmtId, Map)],
) -> Vec<(StmtId, Map, bool)> {
    let elem = scop.array(s).elem;
    // Candidate targets: statements that store a value read from `s` into an array element,
    // with the element of it they read (their first read of it).
    let mut targets: Vec<(StmtId, Map, bool)> = Vec::new();
    for (k, st) in scop.stmts.iter().enumerate() {
        let w = scop.access(st.write);
        if w.kind != AccessKind::MustWrite
            || !w.exact
            || st.guard.is_some()
            || w.array == s
            || scop.array(w.array).sizes.is_empty()
            || scop.array(w.array).elem != elem
        {
            continue;
        }
        let used = st.value.accesses();
        let reads_s: Vec<AccessId> = accesses
            .iter()
            .copied()
            .filter(|a| used.contains(a))
            .collect();
        if reads_s.is_empty() {
            continue;
        }
        let direct = matches!(st.value.kind, optimist_scop::expr::ExprKind::Leaf(BodyLeaf::Access(a)) if reads_s.contains(&a));
        targets.push((
            StmtId(k as u32),
            scop.access(reads_s[0]).relation.clone(),
            direct,
        ));
    }
    targets.sort_by_key(|&(_, _, direct)| !direct);
    for (w, q) in adjacent {
        if !targets.iter().any(|(t, _, _)| t == w) {
            targets.push((*w, q.clone(), false));
        }
    }
    targets
}

/// Removes the statements that do nothing any more: a write to a local scalar no statement
/// reads, and a copy of an element onto itself (`C[i][j] = C[i][j]`, left by a mapping).
fn remove_dead(scop: &mut Scop) -> Result<usize, PassError> {
    let mut dead: IdVec<StmtId, bool> = IdVec::filled(scop.stmts.len(), false);
    for (k, st) in scop.stmts.iter_enumerated() {
        let w = scop.access(st.write);
        if is_local(scop, w.array)
            && !scop
                .accesses
                .iter()
                .any(|a| a.array == w.array && a.is_read())
        {
            dead[k] = true;
            continue;
        }
        if st.guard.is_some() || w.kind != AccessKind::MustWrite {
            continue;
        }
        if let optimist_scop::expr::ExprKind::Leaf(BodyLeaf::Access(r)) = st.value.kind {
            let read = scop.access(r);
            if read.array == w.array && read.exact && read.relation.is_equal(&w.relation)? {
                dead[k] = true;
            }
        }
    }
    Ok(scop.remove_statements(&|s, _| dead[s])?)
}

/// What the pass did to the scalars of a model, `before` it and `after` it (what `optimist show
/// delicm` prints): each local scalar with where it was mapped or forwarded, or the conflict
/// that prevented it, then the statements after the pass.
pub fn report(before: &Scop, after: &Scop) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for (k, arr) in before.arrays.iter().enumerate() {
        if !is_local(before, ScopArrayId(k as u32)) {
            continue;
        }
        let prefix = format!("{NOTE}{}: ", arr.name);
        let lines: Vec<&str> = after
            .diagnostics
            .iter()
            .filter_map(|d| d.strip_prefix(&prefix))
            .collect();
        if lines.is_empty() {
            let _ = writeln!(out, "{}: kept", arr.name);
        }
        for l in lines {
            let _ = writeln!(out, "{}: {l}", arr.name);
        }
    }
    if out.is_empty() {
        out.push_str("no local variable\n");
    }
    let _ = writeln!(
        out,
        "statements: {} before, {} after",
        before.stmts.len(),
        after.stmts.len()
    );
    out
}
