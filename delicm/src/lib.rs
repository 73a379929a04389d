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
//! - **greedy scalar mapping** (§2.1, Listing 5): a scalar whose value ends up stored into an
//!   array element (the accumulator `acc = C[i][j]; for k: acc += ...; C[i][j] = acc;`) is kept in
//!   that element instead, during the part of its lifetime where the element is not in use.
//!
//! Then statements that became dead (a scalar written and no longer read, a copy of an element
//! onto itself) are removed. What remains is the model a programmer would have written with
//! arrays: the accumulator is `C[i][j]`, and the automatic strategy can tile and interchange.
//!
//! **How conflicts are decided.** The paper decides whether a scalar fits into an element with
//! *knowledge*: lifetimes and unused zones of every element over the original schedule, with
//! the known content, and the conflict rules of §2.1. We decide the same question from the
//! other side, exactly: a proposal is applied to a copy of the model, and kept only if the value
//! flow of the program is unchanged — every read instance reads the value of the same write
//! instance (isl's exact dataflow, the value-based RAW dependences between tagged accesses), no
//! read of the scalar reads a value from before the region, and every element a moved write
//! touches is written again later by the program (so final contents are the program's). A
//! mapping that writes into an element's lifetime, or reads the element's value in the scalar's
//! lifetime, changes some flow, and the flow that changed is the conflict [`report`] shows, with
//! an example instance.
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
#![deny(missing_docs)]

use optimist_presburger::{DimType, Error as IslError, Map, Set, UnionMap, UnionSet};
use optimist_scop::model::{
    AccessId, AccessKind, ArrayOrigin, BodyExpr, BodyLeaf, DepConfig, Scop, ScopArrayId, StmtId,
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
    let original = scop.clone();
    match transform(scop, cx) {
        Err(PassError::Isl(IslError::Budget)) => {
            *scop = original;
            scop.diagnostics.push(format!(
                "{NOTE}bailed out: the isl operation budget ({}) ran out; the model is unchanged",
                cx.max_operations
            ));
            Ok(PassReport::unchanged(
                PASS.name,
                "bailed out: the isl operation budget ran out; model unchanged",
            ))
        }
        other => other,
    }
}

/// [`run`] without the bail-out.
fn transform(scop: &mut Scop, cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    let config = DepConfig {
        max_operations: cx.max_operations,
    };
    let scalars: Vec<ScopArrayId> = (0..scop.arrays.len())
        .map(|k| ScopArrayId(k as u32))
        .filter(|&k| is_scalar(scop, k))
        .collect();
    if scalars.is_empty() {
        return Ok(PassReport::unchanged(PASS.name, "no local scalar"));
    }
    let mut notes = Vec::new();
    let mut forwarded = 0;
    for &s in &scalars {
        forwarded += forward_scalar(scop, s, &config, &mut notes)?;
    }
    let mut mapped = 0;
    for &s in &scalars {
        // Each web of the scalar (writes and the reads they feed) is mapped on its own: one
        // variable reused by two loop nests holds two unrelated values. A web whose value feeds
        // a mapped web may go where that one went (Listing 5, line 19: adjacent lifetimes), so
        // the webs are retried while some get mapped.
        let mut pending: Vec<Vec<AccessId>> = webs(scop, s, &config)?
            .into_iter()
            .filter(|w| w.iter().any(|&a| scop.access(a).is_read()))
            .collect();
        let mut used: Vec<StmtId> = Vec::new();
        let mut last_notes = Vec::new();
        loop {
            let before = pending.len();
            let mut left = Vec::new();
            last_notes.clear();
            for web in pending {
                let mut said = Vec::new();
                match map_scalar(scop, s, &web, &used, &config, &mut said)? {
                    Some(w) => {
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
        PassReport::changed(PASS.name, summary)
    } else {
        PassReport::unchanged(PASS.name, summary)
    })
}

/// A local scalar of the program: no dimension, not observable after the region.
fn is_scalar(scop: &Scop, k: ScopArrayId) -> bool {
    let a = scop.array(k);
    a.sizes.is_empty() && !a.live_out && matches!(a.origin, ArrayOrigin::Scalar(_))
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
    /// [`values_into`] per read, cached.
    values: std::cell::RefCell<Vec<(AccessId, UnionMap)>>,
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
        values: Default::default(),
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

/// The value flow into access `a` with copies seen through: where the source is a statement
/// that only copies an element (`C[i][i] = C[i][i]`, `x = A[i]`), the source of its read instead
/// (when it has one). Two models whose reads see the same values this way compute the same.
fn values_into(scop: &Scop, deps: &Flows, a: AccessId) -> Result<UnionMap, IslError> {
    if let Some((_, v)) = deps.values.borrow().iter().find(|(k, _)| *k == a) {
        return Ok(v.clone());
    }
    let v = resolve_copies(scop, deps, a)?;
    deps.values.borrow_mut().push((a, v.clone()));
    Ok(v)
}

/// [`values_into`] without the cache.
fn resolve_copies(scop: &Scop, deps: &Flows, a: AccessId) -> Result<UnionMap, IslError> {
    let flow = flow_into(scop, deps, a)?;
    let mut out = UnionMap::empty(&scop.ctx)?;
    let mut rest = flow.clone();
    for st in &scop.stmts {
        let optimist_scop::expr::ExprKind::Leaf(BodyLeaf::Access(read)) = st.value.kind else {
            continue;
        };
        if st.guard.is_some() || !scop.access(read).exact {
            continue;
        }
        let copies = UnionSet::from_set(&st.domain)?;
        let through = flow.intersect_domain(&copies)?;
        if through.is_empty()? {
            continue;
        }
        // Copy instances whose read has a source are replaced by that source.
        let feed = flow_into(scop, deps, read)?;
        let resolved = feed.apply_range(&through)?;
        let fed = feed.range()?;
        out = out
            .union(&resolved)?
            .union(&through.subtract_domain(&fed)?)?;
        rest = rest.subtract_domain(&copies)?;
    }
    out.union(&rest)?.coalesce()
}

/// The schedule of statement `s` alone, instance to time.
fn schedule_of(scop: &Scop, s: StmtId) -> Result<Map, IslError> {
    scop.schedule
        .map()?
        .intersect_domain(&UnionSet::from_set(&scop.stmt(s).domain)?)?
        .to_map()
}

/// For each instance of `x`, the first instance of `w` at or after it in the original order.
fn next_instance(scop: &Scop, x: StmtId, w: StmtId) -> Result<Map, IslError> {
    let (sx, sw) = (schedule_of(scop, x)?, schedule_of(scop, w)?);
    let mut pairs = sx.lex_lt_map(&sw)?;
    if x == w {
        // The same instance: its reads run before its write.
        pairs = pairs.union(&sx.apply_range(&sx.reverse()?)?)?;
    }
    pairs
        .apply_range(&sw)?
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
    let one = m.intersect_params(&at)?.lexmin()?.coalesce()?;
    Ok(if fixed.is_empty() {
        one.to_string()
    } else {
        format!("with {}: {one}", fixed.join(", "))
    })
}

/// Why `new` does not compute what `old` computes for the proposal, or `None`: every read of a
/// scalar in `reads` has a source in the region, every read of the target sees the same write
/// (copies seen through), and every write in `moved` is followed by a write to the same element.
/// `arrays` are the scalar and the target array, the target last; `old_deps` are `old`'s flows
/// over them.
fn conflict(
    old: &Scop,
    old_deps: &Flows,
    new: &Scop,
    reads: &[AccessId],
    moved: &[AccessId],
    arrays: &[ScopArrayId],
    config: &DepConfig,
) -> Result<Option<String>, PassError> {
    for &r in reads {
        let fed = flow_into(old, old_deps, r)?.range()?;
        let all = UnionSet::from_set(&old.stmt(old.access(r).stmt).domain)?;
        let unfed = all.subtract(&fed)?;
        if !unfed.is_empty()? {
            return Ok(Some(format!(
                "{} reads a value from before the region at {}",
                old.stmt(old.access(r).stmt).name,
                unfed.coalesce()?
            )));
        }
    }
    let new_deps = deps_on(new, arrays, config)?;
    for (k, acc) in new.accesses.iter().enumerate() {
        // Only the reads of the target (its own and the moved ones) can see other writes: the
        // scalar's other webs never saw this web's writes.
        if !acc.is_read() || Some(&acc.array) != arrays.last() {
            continue;
        }
        let r = AccessId(k as u32);
        let a = values_into(old, old_deps, r)?;
        let b = values_into(new, &new_deps, r)?;
        if !a.is_equal(&b)? {
            let lost = a.subtract(&b)?;
            let gained = b.subtract(&a)?;
            let (what, diff) = if lost.is_empty()? {
                ("would see another write", gained)
            } else {
                ("would not see its write", lost)
            };
            return Ok(Some(format!(
                "{r} of {} {what}: {}",
                new.stmt(acc.stmt).name,
                example(old, &diff)?
            )));
        }
    }
    // The last write of every element is the program's: each moved write is overwritten
    // (by another moved write, itself overwritten, ... by a write of the program).
    let over = overwritten(new, &new_deps)?;
    for &m in moved {
        let t = UnionSet::from_set(&new.stmt(new.access(m).stmt).domain)?;
        let left = t.subtract(&over)?;
        if !left.is_empty()? {
            return Ok(Some(format!(
                "the element would keep the scalar's last value: {}",
                left.coalesce()?
            )));
        }
    }
    Ok(None)
}

/// Whether `e` uses a loop iterator.
fn uses_iterators(e: &BodyExpr) -> bool {
    let mut found = false;
    let _ = e.map_leaves(&mut |leaf, ty| {
        found |= matches!(leaf, BodyLeaf::Iter(_));
        BodyExpr::leaf(*leaf, ty)
    });
    found
}

/// §3: forwards the reads of scalar `s` whose value was computed, in one statement, from
/// constants, parameters and array elements that still hold the same values at the read.
/// Returns the number of reads forwarded.
fn forward_scalar(
    scop: &mut Scop,
    s: ScopArrayId,
    config: &DepConfig,
    notes: &mut Vec<String>,
) -> Result<usize, PassError> {
    let name = scop.array(s).name.clone();
    let reads_of = |scop: &Scop| -> Vec<AccessId> {
        (0..scop.accesses.len())
            .map(|k| AccessId(k as u32))
            .filter(|&a| scop.access(a).array == s && scop.access(a).is_read())
            .collect()
    };
    let mut done = 0;
    // Ids change when a read is forwarded (the model is renumbered): the reads are looked up
    // again each time, and a forwarded read's place is taken by the next one.
    let mut k = 0;
    // The scalar's flows, computed again only when the model changed.
    let mut flows: Option<Flows> = None;
    while let Some(r) = reads_of(scop).get(k).copied() {
        k += 1;
        if flows.is_none() {
            flows = Some(deps_on(scop, &[s], config)?);
        }
        let Some(deps) = &flows else {
            continue;
        };
        let y = scop.access(r).stmt;
        let flow = flow_into(scop, deps, r)?;
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
        let loads = xs.value.accesses();
        if uses_iterators(&xs.value)
            || loads.iter().any(|&q| {
                let acc = scop.access(q);
                !acc.exact || acc.array == s || scop.array(acc.array).sizes.is_empty()
            })
        {
            continue;
        }
        // The copy of X's tree in Y, with its loads re-issued from Y.
        let mut new = scop.clone();
        let mut renamed = Vec::new();
        for &q in &loads {
            let mut acc = scop.access(q).clone();
            acc.stmt = y;
            acc.relation = def.apply_range(&acc.relation)?;
            let id = AccessId(new.accesses.len() as u32);
            new.accesses.push(acc);
            new.stmts[y.0 as usize].accesses.push(id);
            renamed.push((q, id));
        }
        let tree = xs
            .value
            .with_accesses(&|a| renamed.iter().find(|(o, _)| *o == a).map_or(a, |(_, n)| *n));
        let substitute = |e: &BodyExpr| {
            e.map_leaves(&mut |leaf, ty| match *leaf {
                BodyLeaf::Access(a) if a == r => Ok(tree.clone()),
                other => BodyExpr::leaf(other, ty),
            })
        };
        let st = &mut new.stmts[y.0 as usize];
        st.value = substitute(&st.value).map_err(|e| PassError::Bail(e.0))?;
        st.guard = match &st.guard {
            Some(g) => Some(substitute(g).map_err(|e| PassError::Bail(e.0))?),
            None => None,
        };
        st.accesses.retain(|&a| a != r);
        // Each re-issued load reads what X's load read: same sources, through `def`.
        let loaded: Vec<ScopArrayId> = loads.iter().map(|&q| scop.access(q).array).collect();
        let old_deps = deps_on(scop, &loaded, config)?;
        let new_deps = deps_on(&new, &loaded, config)?;
        let mut same = true;
        for &(q, q2) in &renamed {
            let expected = flow_into(scop, &old_deps, q)?
                .apply_range(&UnionMap::from_map(&def.reverse()?)?)?;
            if !flow_into(&new, &new_deps, q2)?.is_equal(&expected)? {
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
        // Drop the replaced read (the renumbering removes unlisted accesses).
        new.remove_statements(&|_, _| false)?;
        *scop = new;
        flows = None;
        done += 1;
        k -= 1;
    }
    Ok(done)
}

/// The webs of scalar `s`: its accesses grouped by value flow (a write and the reads that may
/// see its value are in one web), in the order of their first access.
fn webs(scop: &Scop, s: ScopArrayId, config: &DepConfig) -> Result<Vec<Vec<AccessId>>, PassError> {
    let accesses: Vec<AccessId> = (0..scop.accesses.len())
        .map(|k| AccessId(k as u32))
        .filter(|&a| scop.access(a).array == s)
        .collect();
    if accesses.is_empty() {
        return Ok(Vec::new());
    }
    let deps = deps_on(scop, &[s], config)?;
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
        let sources = flow_into(scop, &deps, r)?.domain()?;
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

/// §2.1, Listing 5 for one web of a scalar (`accesses`): the targets are the writes that store a
/// value read from it into an array element, the one that stores it directly first. Returns
/// whether it was mapped.
fn map_scalar(
    scop: &mut Scop,
    s: ScopArrayId,
    accesses: &[AccessId],
    adjacent: &[StmtId],
    config: &DepConfig,
    notes: &mut Vec<String>,
) -> Result<Option<StmtId>, PassError> {
    let name = scop.array(s).name.clone();
    let accesses = accesses.to_vec();
    if accesses
        .iter()
        .any(|&a| scop.access(a).kind == AccessKind::MayWrite)
    {
        notes.push(format!(
            "{name}: not mapped: it is written under a condition"
        ));
        return Ok(None);
    }
    // Candidate targets: statements that store a value read from `s` into an array element.
    let mut targets: Vec<(StmtId, bool)> = Vec::new();
    for (k, st) in scop.stmts.iter().enumerate() {
        let w = scop.access(st.write);
        if w.kind != AccessKind::MustWrite
            || !w.exact
            || st.guard.is_some()
            || scop.array(w.array).sizes.is_empty()
            || scop.array(w.array).elem != scop.array(s).elem
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
        targets.push((StmtId(k as u32), direct));
    }
    targets.sort_by_key(|&(_, direct)| !direct);
    // The targets of the webs this one feeds, last.
    for &w in adjacent {
        if !targets.iter().any(|&(t, _)| t == w) {
            targets.push((w, false));
        }
    }
    if targets.is_empty() {
        notes.push(format!(
            "{name}: not mapped: no array element stores its value"
        ));
        return Ok(None);
    }
    let reads: Vec<AccessId> = accesses
        .iter()
        .copied()
        .filter(|&a| scop.access(a).is_read())
        .collect();
    let writes: Vec<AccessId> = accesses
        .iter()
        .copied()
        .filter(|&a| scop.access(a).kind.is_write())
        .collect();
    let mut why = Vec::new();
    // The first instance of a target after each accessing statement, and the old model's
    // flows per target array, are shared by the targets tried.
    let mut next_cache: Vec<((StmtId, StmtId), Map)> = Vec::new();
    let mut flow_cache: Vec<(ScopArrayId, Flows)> = Vec::new();
    'targets: for (w, _) in targets {
        let wst = scop.stmt(w).clone();
        let target = scop.access(wst.write).clone();
        let tname = scop.array(target.array).name.clone();
        let mut new = scop.clone();
        for &a in &accesses {
            let x = scop.access(a).stmt;
            let next = match next_cache.iter().find(|(k, _)| *k == (x, w)) {
                Some((_, m)) => m.clone(),
                None => {
                    let m = next_instance(scop, x, w)?;
                    next_cache.push(((x, w), m.clone()));
                    m
                }
            };
            let rel = next.apply_range(&target.relation)?;
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
            let acc = &mut new.accesses[a.0 as usize];
            acc.relation = rel.coalesce()?;
            acc.array = target.array;
        }
        let arrays = [s, target.array];
        if !flow_cache.iter().any(|(k, _)| *k == target.array) {
            flow_cache.push((target.array, deps_on(scop, &arrays, config)?));
        }
        let Some((_, deps)) = flow_cache.iter().find(|(k, _)| *k == target.array) else {
            continue;
        };
        match conflict(scop, deps, &new, &reads, &writes, &arrays, config)? {
            Some(c) => why.push(format!("{tname} (stored by {}): {c}", wst.name)),
            None => {
                notes.push(format!(
                    "{name}: mapped to {tname}, the element {} stores: {}",
                    wst.name,
                    target.relation.coalesce()?
                ));
                *scop = new;
                return Ok(Some(w));
            }
        }
    }
    notes.push(format!("{name}: not mapped: {}", why.join("; ")));
    Ok(None)
}

/// Removes the statements that do nothing any more: a write to a local scalar no statement
/// reads, and a copy of an element onto itself (`C[i][j] = C[i][j]`, left by a mapping).
fn remove_dead(scop: &mut Scop) -> Result<usize, PassError> {
    let mut dead = vec![false; scop.stmts.len()];
    for (k, st) in scop.stmts.iter().enumerate() {
        let w = scop.access(st.write);
        if is_scalar(scop, w.array)
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
    Ok(scop.remove_statements(&|s, _| dead[s.0 as usize])?)
}

/// What the pass did to the scalars of a model, `before` it and `after` it (what `optimist show
/// delicm` prints): each local scalar with where it was mapped or forwarded, or the conflict
/// that prevented it, then the statements after the pass.
pub fn report(before: &Scop, after: &Scop) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for (k, arr) in before.arrays.iter().enumerate() {
        if !is_scalar(before, ScopArrayId(k as u32)) {
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
        out.push_str("no local scalar\n");
    }
    let _ = writeln!(
        out,
        "statements: {} before, {} after",
        before.stmts.len(),
        after.stmts.len()
    );
    out
}
