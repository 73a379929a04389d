//! Scalars a thread may keep a copy of its own: a loop that writes a local scalar in every
//! iteration before reading it carries dependences on that scalar (each iteration overwrites
//! the value the one before used), and yet its iterations may run on threads when each thread
//! holds the scalar for itself.
//!
//! # Design notes
//!
//! - **Privatization** (`private.rs`). Deriche's recursive filter walks each row with scalars
//!   (`ym1`, `ym2`, `xm1`) set at the row's start and carried along it; its rows are
//!   independent but for those scalars, and no schedule of the model runs them on threads. A
//!   parallel mark at dimension `d` may leave a dependence on a scalar `s` carried at `d` when
//!   `s` is *privatizable* there: it is local (not live-out), every access of it is an exact
//!   read or must-write of an unguarded statement, every read of it sees a value written in the
//!   region (isl's dataflow), and every such value flow stays within one iteration of `d` (the
//!   times of its write and its read agree on every dimension up to `d`). Each iteration then
//!   writes `s` before it reads it, no value leaves the iteration, and a copy per thread gives
//!   the program's values: the dependences on `s` that cross iterations only order accesses to
//!   one memory cell the copies no longer share. Only parallel marks (threads) may leave them;
//!   a vector loop's lanes have no copies of their own. The back ends give each thread its
//!   copy: native code's outlined body holds the scalars in its own variables (loaded from the
//!   caller's frame, never stored back), C lists them in `firstprivate(...)`
//!   (`codegen::decide::Exec::Threads::scalars`). Deriche's four passes along rows and along
//!   columns run on threads this way (`auto`'s per-nest marks, `nest_marks`). Value flows
//!   come from `Dependences::raw_into` on the scalars' reads (one dataflow question for all of
//!   them, within `DepConfig`'s operation budget).
//! - **Nests the common parallel loop leaves out** (`nest_marks`). The strategy marks one
//!   dimension parallel for every statement; a nest whose own outermost loop carries nothing
//!   while another nest's carries something gets no mark from it (int_ops' second loop,
//!   ludcmp's and trisolv's initializations). `nest_marks` marks such a loop too
//!   (`Decision::NestParallel`), strictly verified; whether it forks is the back ends'
//!   decision (the work it distributes against a fork's cost).

use crate::LoopyError;
use crate::verify::{out_width, time_differences};
use optimist_presburger::{DimType, Error as IslError, Set, UnionMap};
use optimist_scop::model::{
    AccessId, AccessKind, ArrayOrigin, DepConfig, Dependences, Scop, ScopArrayId,
};

/// The privatizable candidates of a model: local scalars written in a loop, every access exact
/// and unguarded, with their reads. Their value flows are asked only for the scalars a check
/// needs ([`Privates::flows`]): isl's dataflow is the dear part.
pub(crate) struct Privates {
    scalars: Vec<(ScopArrayId, Vec<AccessId>)>,
}

/// Candidates every read of which sees a value written in the region, with their value flows
/// (statement level).
pub(crate) struct Flows(Vec<(ScopArrayId, UnionMap)>);

impl Privates {
    /// The candidates of `scop`.
    pub(crate) fn of(scop: &Scop) -> Privates {
        let mut scalars = Vec::new();
        for (k, arr) in scop.arrays.iter().enumerate() {
            let s = ScopArrayId(k as u32);
            if arr.live_out || !matches!(arr.origin, ArrayOrigin::Scalar(_)) {
                continue;
            }
            let accesses: Vec<AccessId> = (0..scop.accesses.len())
                .map(|a| AccessId(a as u32))
                .filter(|&a| scop.access(a).array == s)
                .collect();
            let fine = accesses.iter().all(|&a| {
                let acc = scop.access(a);
                acc.exact && acc.kind != AccessKind::MayWrite && scop.stmt(acc.stmt).guard.is_none()
            });
            let in_loop = accesses.iter().any(|&a| {
                let acc = scop.access(a);
                acc.kind.is_write() && !scop.stmt(acc.stmt).iterators.is_empty()
            });
            let read: Vec<AccessId> = accesses
                .iter()
                .copied()
                .filter(|&a| scop.access(a).kind == AccessKind::Read)
                .collect();
            if fine && in_loop && !read.is_empty() {
                scalars.push((s, read));
            }
        }
        Privates { scalars }
    }

    /// Whether there is no candidate.
    pub(crate) fn is_empty(&self) -> bool {
        self.scalars.is_empty()
    }

    /// The candidates `keep` selects.
    pub(crate) fn among(&self, keep: impl Fn(ScopArrayId) -> bool) -> Vec<ScopArrayId> {
        self.scalars
            .iter()
            .map(|(s, _)| *s)
            .filter(|&s| keep(s))
            .collect()
    }

    /// The value flows of the candidates `which` whose every read sees a value written in the
    /// region (one dataflow question for all of them).
    pub(crate) fn flows(&self, scop: &Scop, which: &[ScopArrayId]) -> Result<Flows, IslError> {
        let chosen: Vec<&(ScopArrayId, Vec<AccessId>)> = self
            .scalars
            .iter()
            .filter(|(s, _)| which.contains(s))
            .collect();
        let reads: Vec<AccessId> = chosen.iter().flat_map(|(_, r)| r.iter().copied()).collect();
        if reads.is_empty() {
            return Ok(Flows(Vec::new()));
        }
        let flows = Dependences::raw_into(scop, Some(&reads), &DepConfig::default())?;
        let mut out = Vec::new();
        for (s, read) in chosen {
            // The flows into this scalar's reads, statement to statement.
            let mut own = UnionMap::empty(&scop.ctx)?;
            for m in flows.maps()? {
                let into = m
                    .range()?
                    .unwrap_map()?
                    .tuple_name(DimType::Out)
                    .and_then(|t| AccessId::parse_tag(&t));
                if into.is_some_and(|r| read.contains(&r)) {
                    own = own.union(&m.to_union()?)?;
                }
            }
            let own = own.factor_domain()?;
            // Every instance of a reading statement sees a value of the region.
            let fed = own.range()?;
            let mut all_fed = true;
            for &r in read {
                let dom = scop.stmt(scop.access(r).stmt).domain.to_union()?;
                all_fed = all_fed && dom.subtract(&fed)?.is_empty()?;
            }
            if all_fed {
                out.push((*s, own));
            }
        }
        Ok(Flows(out))
    }
}

impl Flows {
    /// The scalars privatizable at dimension `d` of `theta`: those whose every value flow stays
    /// within one iteration of `d` (the times of write and read agree up to `d`).
    pub(crate) fn at(&self, theta: &UnionMap, d: usize) -> Result<Vec<ScopArrayId>, IslError> {
        let every: Vec<ScopArrayId> = self.0.iter().map(|(s, _)| *s).collect();
        self.at_among(theta, d, &every)
    }

    /// [`Flows::at`] among the scalars `which`.
    fn at_among(
        &self,
        theta: &UnionMap,
        d: usize,
        which: &[ScopArrayId],
    ) -> Result<Vec<ScopArrayId>, IslError> {
        let width = out_width(theta)?;
        if d >= width {
            return Ok(Vec::new());
        }
        let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
        let zero: Vec<String> = (0..=d).map(|k| format!("x{k} = 0")).collect();
        let same = Set::parse(
            theta.ctx(),
            &format!("{{ [{}] : {} }}", x.join(", "), zero.join(" and ")),
        )?
        .to_union()?;
        let mut out = Vec::new();
        for (s, flows) in self.0.iter().filter(|(s, _)| which.contains(s)) {
            let mut within = true;
            for (_, _, deltas) in time_differences(flows.clone(), theta)? {
                within = within && deltas.is_subset(&same)?;
            }
            if within {
                out.push(*s);
            }
        }
        Ok(out)
    }
}

/// Per nest of `theta` (the statements of `stmts` that share the value of its outermost
/// dimension, a sequence position; all of them when that dimension is a loop), its outermost loop when it carries no dependence between
/// them but on scalars privatizable there ([`Privates::at`]), and at least one such scalar:
/// the parallel marks the rule of one dimension for every statement misses where each nest's
/// scalars serialize it (deriche's passes along rows and columns). Each mark is checked by the
/// verifier's own test.
pub(crate) fn nest_marks(
    scop: &Scop,
    deps: &Dependences,
    theta: &UnionMap,
    stmts: &std::collections::BTreeSet<optimist_scop::model::StmtId>,
    privates: &Privates,
) -> Result<Vec<NestMark>, LoopyError> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut nests: BTreeMap<i64, BTreeSet<optimist_scop::model::StmtId>> = BTreeMap::new();
    for m in theta.maps()? {
        let Some(name) = m.tuple_name(DimType::In) else {
            continue;
        };
        let Some(k) = scop.stmts.iter().position(|s| s.name == name) else {
            continue;
        };
        let id = optimist_scop::model::StmtId(k as u32);
        if !stmts.contains(&id) {
            continue;
        }
        // A nest is a top-level sequence position; a loop outermost makes one nest of all.
        let at = m.plain_fixed(DimType::Out, 0)?.unwrap_or(i64::MIN);
        nests.entry(at).or_default().insert(id);
    }
    if nests.len() > 1 && nests.contains_key(&i64::MIN) {
        let all: BTreeSet<_> = nests.into_values().flatten().collect();
        nests = BTreeMap::from([(i64::MIN, all)]);
    }
    // Each nest's outermost loop and the candidates its statements access, where the loop
    // carries no dependence but on those; then one dataflow question (the dear part) for all
    // of them: whether their values stay within the loop's iterations.
    let mut asked = Vec::new();
    let mut marks = Vec::new();
    for group in nests.into_values() {
        let part = restrict(scop, theta, &group)?;
        let width = out_width(&part)?;
        let mut outermost = None;
        for d in 0..width {
            if crate::auto::varies(&part, d)? {
                outermost = Some(d);
                break;
            }
        }
        let Some(d) = outermost else { continue };
        let touched = privates.among(|s| {
            scop.accesses
                .iter()
                .any(|a| a.array == s && group.contains(&a.stmt))
        });
        let check = (group, d);
        if touched.is_empty() {
            // No scalar to own: the loop runs on threads when it carries nothing at all.
            if crate::verify::carried_free(scop, deps, theta, &check, &[])? {
                marks.push(NestMark {
                    stmts: check.0,
                    dim: check.1,
                    private: false,
                });
            }
        } else if crate::verify::carried_free(scop, deps, theta, &check, &touched)? {
            asked.push((check, touched));
        }
    }
    if asked.is_empty() {
        return Ok(marks);
    }
    let all: Vec<ScopArrayId> = asked.iter().flat_map(|(_, t)| t.iter().copied()).collect();
    let flows = privates.flows(scop, &all)?;
    for (check, touched) in asked {
        let private = flows.at_among(theta, check.1, &touched)?;
        if private.len() == touched.len()
            || !private.is_empty()
                && crate::verify::carried_free(scop, deps, theta, &check, &private)?
        {
            marks.push(NestMark {
                stmts: check.0,
                dim: check.1,
                private: true,
            });
        }
    }
    Ok(marks)
}

/// A parallel mark on a nest's outermost loop ([`nest_marks`]).
pub(crate) struct NestMark {
    /// The nest's statements.
    pub(crate) stmts: std::collections::BTreeSet<optimist_scop::model::StmtId>,
    /// The loop's dimension.
    pub(crate) dim: usize,
    /// Whether each thread needs copies of scalars the loop carries.
    pub(crate) private: bool,
}

/// `theta` restricted to the statements `group`.
fn restrict(
    scop: &Scop,
    theta: &UnionMap,
    group: &std::collections::BTreeSet<optimist_scop::model::StmtId>,
) -> Result<UnionMap, IslError> {
    let mut dom = optimist_presburger::UnionSet::empty(&scop.ctx)?;
    for s in group {
        dom = dom.union(&scop.stmt(*s).domain.to_union()?)?;
    }
    theta.intersect_domain(&dom)
}
