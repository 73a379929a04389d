//! Collecting the assumptions (§4) and simplifying them (§5).

use crate::{AssumeError, Config};
use optimist_presburger::{Aff, DimType, Map, PwAff, Set, UnionSet, Val};
use optimist_scop::ir::{BinOp, SrcLoc};
use optimist_scop::model::{
    AccessKind, ArrayOrigin, Assumption, AssumptionKind, Scop, ScopArrayId, Size, StmtId,
};
use optimist_scop::types::Type;

type IslResult<T> = Result<T, optimist_presburger::Error>;

/// Two arrays reached through different pointers, at least one written, whose touched memory
/// must not overlap (AA, §4.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasPair {
    /// The first array (written).
    pub first: ScopArrayId,
    /// The second array.
    pub second: ScopArrayId,
    /// Where the first array is written first.
    pub loc: Option<SrcLoc>,
}

/// Figure 16's two columns for one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindStats {
    /// The kind.
    pub kind: AssumptionKind,
    /// Assumptions taken (not true for every parameter value of the types).
    pub taken: usize,
    /// Of those, the ones not implied by the assumptions taken before them.
    pub new: usize,
}

/// What [`collect`] found.
#[derive(Clone, Debug)]
pub struct Assumptions {
    /// The assumptions over parameters, in the order taken: RT, EE, BL, IB, then those recorded
    /// before (DL). Assumptions true for every value of the parameters' types are left out.
    pub taken: Vec<Assumption>,
    /// The pairs of arrays that must not overlap.
    pub aliasing: Vec<AliasPair>,
    /// The parameter values for which some statement instance runs.
    pub executes: Set,
    /// The simplified precondition over the parameters (AA apart): where it holds (and the
    /// arrays of [`Assumptions::aliasing`] do not overlap) the model is the program.
    pub valid: Set,
    /// When no parameter value satisfies the assumptions although the region runs for some:
    /// why. Only the faithful code should then be generated.
    pub infeasible: Option<String>,
    /// Per kind, in [`AssumptionKind::ALL`] order.
    pub stats: Vec<KindStats>,
}

impl Assumptions {
    /// The assumptions, statistics and simplified precondition as text (`optimist show
    /// assumptions` adds the check, [`crate::RuntimeCheck::to_c`]).
    pub fn dump(&self, scop: &Scop) -> String {
        use std::fmt::Write;
        let mut out = format!("assumptions of `{}`:\n", scop.name);
        if self.taken.is_empty() && self.aliasing.is_empty() {
            out.push_str("  none\n");
        }
        let at = |l: &Option<SrcLoc>| l.as_ref().map(|l| format!(" at {l}")).unwrap_or_default();
        for a in &self.taken {
            let _ = writeln!(out, "  {}{}: {}", a.kind, at(&a.loc), a.what);
            let _ = writeln!(out, "     {}", a.valid);
        }
        for p in &self.aliasing {
            let _ = writeln!(
                out,
                "  AA{}: `{}` and `{}` do not overlap",
                at(&p.loc),
                scop.array(p.first).name,
                scop.array(p.second).name
            );
        }
        out.push_str("statistics (kind: taken, not implied by earlier ones):\n");
        for s in &self.stats {
            let _ = writeln!(out, "  {}: {} {}", s.kind, s.taken, s.new);
        }
        let _ = writeln!(out, "runs for: {}", self.executes);
        let _ = writeln!(out, "simplified: {}", self.valid);
        if let Some(why) = &self.infeasible {
            let _ = writeln!(out, "infeasible: {why}; only the faithful code is used");
        }
        out
    }
}

/// Computes the assumptions under which `scop` is faithful to its program, simplifies them
/// together with those recorded before (such as DL) and leaves the ones taken in
/// `scop.assumptions` (recorded ones true for every parameter value are dropped).
pub fn collect(scop: &mut Scop, config: &Config) -> Result<Assumptions, AssumeError> {
    let result = scop
        .ctx
        .with_budget(config.max_operations, || collect_in(scop))?;
    scop.assumptions.clone_from(&result.taken);
    Ok(result)
}

fn collect_in(scop: &Scop) -> IslResult<Assumptions> {
    let params = Set::universe(&scop.context.space()?)?;
    let mut found: Vec<Assumption> = Vec::new();
    let mut take = |kind, what: String, invalid: Set, loc: &Option<SrcLoc>| -> IslResult<()> {
        let invalid = invalid.params()?.intersect(&scop.context)?.coalesce()?;
        if invalid.is_empty()? {
            return Ok(());
        }
        found.push(Assumption {
            kind,
            what,
            valid: params.subtract(&invalid)?.gist(&scop.context)?.coalesce()?,
            loc: loc.clone(),
        });
        Ok(())
    };
    // RT (§4.1): the written locations W never contain an invariant read's location.
    let mut written = UnionSet::empty(&scop.ctx)?;
    for a in scop.accesses.iter().filter(|a| a.kind.is_write()) {
        let st = scop.stmt(a.stmt);
        written = written.union(
            &a.relation
                .intersect_domain(&st.domain)?
                .range()?
                .to_union()?,
        )?;
    }
    for load in &scop.invariant_loads {
        let place = load.relation.range()?.intersect_params(&load.executed)?;
        let clash = written.intersect(&place.to_union()?)?.params()?;
        let what = format!(
            "`{}` (parameter `{}`) is not written in the region",
            scop.array(load.array).name,
            load.param
        );
        take(AssumptionKind::Rt, what, clash, &load.loc)?;
    }
    // EE (§4.2): every part of a wrapping type computes in its type as in ℤ.
    for e in scop.facts.int_exprs.iter().filter(|e| e.may_wrap) {
        let wraps = leaves_type(scop, &e.value, e.ty)?;
        let what = format!("`{}` computes in {} as in ℤ", e.text, e.ty);
        take(AssumptionKind::Ee, what, wraps, &e.loc)?;
    }
    // EE for loop counters of wrapping types: each increment stays in the type.
    for l in &scop.facts.loop_exits {
        if l.ty.is_signed() && l.ty.bits() >= 32 {
            continue; // leaving the type is undefined: nothing to assume
        }
        let space = l.domain.space()?;
        let n = l.domain.dim(DimType::SET)?;
        let next = Aff::zero_on_domain(&space)?
            .with_coefficient(DimType::In, n - 1, &Val::from_i64(&scop.ctx, 1)?)?
            .with_constant(&Val::from_i64(&scop.ctx, l.step)?)?
            .to_pw_aff()?
            .intersect_domain(&l.domain)?;
        let wraps = leaves_type(scop, &next, l.ty)?;
        let what = format!(
            "`{} += {}` stays in {} (no wrap-around)",
            l.iterator, l.step, l.ty
        );
        take(AssumptionKind::Ee, what, wraps, &l.loc)?;
    }
    // BL (§4.3): a `!=` exit is reached (the loop is bounded as modeled); an `==` exit runs
    // its one iteration exactly when the model does.
    for l in &scop.facts.loop_exits {
        if !matches!(l.op, BinOp::Ne | BinOp::Eq) {
            continue;
        }
        let (from, to) = if l.step > 0 {
            (&l.init, &l.bound)
        } else {
            (&l.bound, &l.init)
        };
        let dom = l.init.domain()?.intersect(&l.bound.domain()?)?;
        let zero = PwAff::constant_on(&dom, &Val::from_i64(&scop.ctx, 0)?)?;
        let off = to
            .sub(from)?
            .modulo(&Val::from_i64(&scop.ctx, l.step.abs())?)?;
        let bad = if l.op == BinOp::Ne {
            to.lt_set(from)?.union(&off.ne_set(&zero)?)?
        } else {
            to.gt_set(from)?.intersect(&off.eq_set(&zero)?)?
        };
        let what = format!("loop `{}` reaches its `{}` exit", l.iterator, l.op.symbol());
        take(AssumptionKind::Bl, what, bad.intersect(&dom)?, &l.loc)?;
    }
    // IB (§4.4, §4.5): every subscript but the outermost inside its declared size.
    // One per statement and array, in the order of their first access.
    let mut pairs: Vec<(StmtId, ScopArrayId)> = Vec::new();
    for a in scop.accesses.iter().filter(|a| a.exact) {
        if !pairs.contains(&(a.stmt, a.array)) {
            pairs.push((a.stmt, a.array));
        }
    }
    for (s, k) in pairs {
        let arr = scop.array(k);
        let st = scop.stmt(s);
        let mut out: Option<Set> = None;
        for a in scop
            .accesses
            .iter()
            .filter(|a| a.exact && a.stmt == s && a.array == k)
        {
            let rel = a.relation.intersect_domain(&st.domain)?;
            for (d, size) in arr.sizes.iter().enumerate().skip(1) {
                let bad = outside(scop, &rel, d, size)?;
                out = Some(match out {
                    None => bad,
                    Some(o) => o.union(&bad)?,
                });
            }
        }
        if let Some(out) = out {
            let what = format!(
                "subscripts of `{}` in `{}` inside their sizes",
                arr.name, st.name
            );
            take(AssumptionKind::Ib, what, out, &st.loc)?;
        }
    }
    // DL and anything else recorded before.
    for a in &scop.assumptions {
        let invalid = params.subtract(&a.valid)?;
        take(a.kind, a.what.clone(), invalid, &a.loc)?;
    }
    let aliasing = alias_pairs(scop)?;
    simplify(scop, &params, found, aliasing)
}

/// The instances of `rel` whose subscript `d` lies outside `[0, size)`.
fn outside(scop: &Scop, rel: &Map, d: usize, size: &Size) -> IslResult<Set> {
    let n = rel.dim(DimType::Out)?;
    let sub = rel
        .project_out(DimType::Out, d + 1, n - d - 1)?
        .project_out(DimType::Out, 0, d)?;
    let below = sub
        .intersect_range(&Set::parse(&scop.ctx, "{ [e] : e < 0 }")?)?
        .domain()?;
    let size_set = match size {
        Size::Const(c) => Set::parse(&scop.ctx, &format!("{{ [{c}] }}"))?,
        Size::Param(p) => p.to_map()?.range()?,
        Size::Unknown => return Ok(below),
    };
    let with_size =
        sub.flat_range_product(&Map::from_domain_and_range(&rel.domain()?, &size_set)?)?;
    let above = with_size
        .intersect_range(&Set::parse(&scop.ctx, "{ [e, s] : e >= s }")?)?
        .domain()?;
    below.union(&above)
}

/// Where `value` lies outside the range of `ty` (on its domain).
fn leaves_type(scop: &Scop, value: &PwAff, ty: Type) -> IslResult<Set> {
    let dom = value.domain()?;
    let bound = |v: i128| PwAff::constant_on(&dom, &Val::from_bigint(&scop.ctx, &v.into())?);
    value
        .lt_set(&bound(ty.min_int())?)?
        .union(&value.gt_set(&bound(ty.max_int())?)?)
}

/// The pairs of arrays reached through different pointer parameters that may share memory:
/// at least one written, neither `restrict`, and of one element type (C's effective-type rule
/// makes other overlaps undefined) unless one has a character type. Local arrays need none.
fn alias_pairs(scop: &Scop) -> IslResult<Vec<AliasPair>> {
    let touched = |k: ScopArrayId| {
        scop.accesses.iter().any(|a| a.array == k)
            || scop.invariant_loads.iter().any(|l| l.array == k)
    };
    let first_write = |k: ScopArrayId| {
        scop.accesses
            .iter()
            .find(|a| a.array == k && a.kind != AccessKind::Read)
            .map(|a| scop.stmt(a.stmt).loc.clone())
    };
    let bases: Vec<ScopArrayId> = scop
        .facts
        .base_pointers
        .iter()
        .copied()
        .filter(|&k| {
            let a = scop.array(k);
            !a.restrict && matches!(a.origin, ArrayOrigin::Array(_)) && touched(k)
        })
        .collect();
    let mut out = Vec::new();
    for (i, &x) in bases.iter().enumerate() {
        for &y in &bases[i + 1..] {
            let (ex, ey) = (scop.array(x).elem, scop.array(y).elem);
            let chars = |t: Type| t.size() == 1;
            if ex != ey && !chars(ex) && !chars(ey) {
                continue;
            }
            let pair = match (first_write(x), first_write(y)) {
                (Some(loc), _) => AliasPair {
                    first: x,
                    second: y,
                    loc,
                },
                (None, Some(loc)) => AliasPair {
                    first: y,
                    second: x,
                    loc,
                },
                (None, None) => continue,
            };
            out.push(pair);
        }
    }
    Ok(out)
}

/// §5: restrictions for every kind but IB (positive), the values where nothing runs dropped for
/// the assumptions that do not decide which instances run, existential variables projected out.
fn simplify(
    scop: &Scop,
    params: &Set,
    taken: Vec<Assumption>,
    aliasing: Vec<AliasPair>,
) -> IslResult<Assumptions> {
    let mut executes = Set::empty(&params.space()?)?;
    for s in &scop.stmts {
        executes = executes.union(&s.domain.params()?)?;
    }
    let executes = executes.intersect(&scop.context)?.coalesce()?;
    // EE and BL make the domains the program's instances: where they fail, the model may run
    // nothing while the program runs something, so their values are never dropped. Within
    // them, the model's domains are exact, and where no instance runs, the other kinds cannot
    // matter (nothing is read, written or loaded).
    let shapes_domains = |k: AssumptionKind| matches!(k, AssumptionKind::Ee | AssumptionKind::Bl);
    let mut restrict_x = Set::empty(&params.space()?)?;
    let mut restrict_y = Set::empty(&params.space()?)?;
    let mut positive_y = params.clone();
    let mut stats: Vec<KindStats> = AssumptionKind::ALL
        .iter()
        .map(|&kind| KindStats {
            kind,
            taken: 0,
            new: 0,
        })
        .collect();
    let mut so_far = scop.context.clone();
    let mut infeasible = None;
    for a in &taken {
        if let Some(s) = stats.iter_mut().find(|s| s.kind == a.kind) {
            s.taken += 1;
            if !so_far.is_subset(&a.valid)? {
                s.new += 1;
            }
        }
        so_far = so_far.intersect(&a.valid)?.coalesce()?;
        if infeasible.is_none()
            && !executes.is_empty()?
            && so_far.intersect(&executes)?.is_empty()?
        {
            infeasible = Some(format!(
                "no parameter value satisfies the assumptions once {} ({}) is added",
                a.kind, a.what
            ));
        }
        if shapes_domains(a.kind) {
            restrict_x = restrict_x.union(&params.subtract(&a.valid)?)?.coalesce()?;
        } else if a.kind == AssumptionKind::Ib {
            positive_y = positive_y.intersect(&a.valid)?.coalesce()?;
        } else {
            restrict_y = restrict_y.union(&params.subtract(&a.valid)?)?.coalesce()?;
        }
    }
    if let Some(s) = stats.iter_mut().find(|s| s.kind == AssumptionKind::Aa) {
        s.taken = aliasing.len();
        s.new = aliasing.len();
    }
    let x = params.subtract(&restrict_x)?;
    let y = positive_y.subtract(&restrict_y)?;
    let known = scop.context.intersect(&x)?.intersect(&executes)?;
    let y = if known.is_empty()? {
        y
    } else {
        y.gist(&known)?
    };
    let valid = x.intersect(&y)?.gist(&scop.context)?.coalesce()?;
    // Existentially quantified variables make checks long (§5, Figure 14): drop them from the
    // invalid values (an over-approximation, so the check stays sound) unless that leaves no
    // value where the region runs; isl writes the ones kept as `%` tests.
    let approximated = params
        .subtract(&params.subtract(&valid)?.remove_divs()?)?
        .coalesce()?;
    let valid = if approximated.intersect(&executes)?.is_empty()? {
        valid
    } else {
        approximated
    };
    Ok(Assumptions {
        taken,
        aliasing,
        executes,
        valid,
        infeasible,
        stats,
    })
}

/// The parameter values for which every subscript of every access to array `k` (the outermost
/// too) lies inside its declared size, when every size is declared and every access exact;
/// code generation leaves out the range checks of such an array's accesses under this
/// condition.
pub fn in_declared_bounds(scop: &Scop, k: ScopArrayId) -> Result<Option<Set>, AssumeError> {
    let arr = scop.array(k);
    if arr.sizes.is_empty() || arr.sizes.iter().any(|s| matches!(s, Size::Unknown)) {
        return Ok(None);
    }
    let params = Set::universe(&scop.context.space()?)?;
    let mut bad = Set::empty(&params.space()?)?;
    for a in scop.accesses.iter().filter(|a| a.array == k) {
        if !a.exact {
            return Ok(None);
        }
        let rel = a.relation.intersect_domain(&scop.stmt(a.stmt).domain)?;
        for (d, size) in arr.sizes.iter().enumerate() {
            bad = bad.union(&outside(scop, &rel, d, size)?.params()?)?;
        }
    }
    let bad = bad.coalesce()?.remove_divs()?;
    Ok(Some(params.subtract(&bad)?.coalesce()?))
}
