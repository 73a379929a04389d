//! Index-set splitting chosen by the automatic strategy (Loopy's `isplit`, paper 004 §3.2).
//!
//! A loop may carry dependences only to or from one iteration per iteration of the loops around
//! it. Floyd-Warshall's `j` loop writes `path[i][j]` and reads `path[i][k]`: the iteration
//! `j = k` writes what the later iterations read, and the earlier ones read what it overwrites.
//! Split into the iterations before that one, the one itself and the iterations after it, each
//! part carries nothing: both long parts run in vector lanes (or on threads).
//!
//! The split keeps the order of every instance: within one iteration of the loops around, the
//! three parts run in the loop's order. The new dimension (the part: 0, 1 or 2) goes just
//! before the split loop; other statements get 0 there. The strategy verifies the result like
//! any other schedule.

use crate::verify::out_width;
use optimist_presburger::{DimType, Error as IslError, Map, Set, UnionMap};

/// The names `x0, ..., x{n-1}`.
fn names(x: &str, n: usize) -> Vec<String> {
    (0..n).map(|k| format!("{x}{k}")).collect()
}

/// Whether `s` (points of `d + 1` dimensions) has at most one point for each value of its first
/// `d` dimensions.
fn one_per_prefix(ctx: &optimist_presburger::Ctx, s: &Set, d: usize) -> Result<bool, IslError> {
    let x = names("x", d + 1);
    let prefix = Map::parse(
        ctx,
        &format!("{{ [{}] -> [{}] }}", x.join(", "), x[..d].join(", ")),
    )?;
    prefix.intersect_domain(s)?.reverse()?.is_single_valued()
}

/// `theta` with dimension `d` of statement `name` split at the iterations its carried
/// dependences start or end at, when there is one such iteration for each iteration of the
/// loops around (per dependence relation, its sources or its targets). `kinds` are the
/// dependences between instances, per kind. `None` when the loop carries nothing between
/// instances of `name`, or when the dependences it carries do not meet at one iteration.
pub(crate) fn split_at(
    ctx: &optimist_presburger::Ctx,
    kinds: &[UnionMap],
    theta: &UnionMap,
    name: &str,
    d: usize,
) -> Result<Option<UnionMap>, IslError> {
    let w = out_width(theta)?;
    let maps = theta.maps()?;
    let Some(theta_s) = maps
        .iter()
        .find(|m| m.tuple_name(DimType::In).as_deref() == Some(name))
    else {
        return Ok(None);
    };
    let (x, y) = (names("x", w), names("y", w));
    let mut same: Vec<String> = (0..d).map(|k| format!("x{k} = y{k}")).collect();
    same.push(format!("x{d} != y{d}"));
    let carried = Map::parse(
        ctx,
        &format!(
            "{{ [{}] -> [{}] : {} }}",
            x.join(", "),
            y.join(", "),
            same.join(" and ")
        ),
    )?;
    // Times onto the split loop and the loops around it.
    let proj = Map::parse(
        ctx,
        &format!("{{ [{}] -> [{}] }}", x.join(", "), x[..=d].join(", ")),
    )?;
    let mut at: Option<Set> = None;
    for kind in kinds {
        for dep in kind.maps()? {
            if dep.tuple_name(DimType::In).as_deref() != Some(name)
                || dep.tuple_name(DimType::Out).as_deref() != Some(name)
            {
                continue;
            }
            let times = dep
                .apply_domain(theta_s)?
                .apply_range(theta_s)?
                .intersect(&carried)?;
            if times.is_empty()? {
                continue;
            }
            let sources = times.domain()?.apply(&proj)?;
            let targets = times.range()?.apply(&proj)?;
            let pivot = if one_per_prefix(ctx, &sources, d)? {
                sources
            } else if one_per_prefix(ctx, &targets, d)? {
                targets
            } else {
                return Ok(None);
            };
            at = Some(match at {
                None => pivot,
                Some(a) => a.union(&pivot)?,
            });
        }
    }
    let Some(at) = at else { return Ok(None) };
    let at = at.coalesce()?;
    if !one_per_prefix(ctx, &at, d)? {
        return Ok(None);
    }
    let (q, p) = (names("q", d + 1), names("x", d + 1));
    let mut later: Vec<String> = (0..d).map(|k| format!("x{k} = q{k}")).collect();
    later.push(format!("x{d} > q{d}"));
    let after = at.apply(&Map::parse(
        ctx,
        &format!(
            "{{ [{}] -> [{}] : {} }}",
            q.join(", "),
            p.join(", "),
            later.join(" and ")
        ),
    )?)?;
    let lift = |s: &Set| proj.intersect_range(s)?.domain();
    let (at_w, after_w) = (lift(&at)?, lift(&after)?);
    let before_w = at_w.union(&after_w)?.complement()?;
    let insert = |part: i64| {
        let mut to = x[..d].to_vec();
        to.push(part.to_string());
        to.extend(x[d..].iter().cloned());
        Map::parse(
            ctx,
            &format!("{{ [{}] -> [{}] }}", x.join(", "), to.join(", ")),
        )
    };
    let mut out = UnionMap::empty(ctx)?;
    for m in &maps {
        let new = if m.tuple_name(DimType::In).as_deref() == Some(name) {
            let mut parts = m.apply_range(&insert(0)?.intersect_domain(&before_w)?)?;
            for (part, set) in [(1, &at_w), (2, &after_w)] {
                parts = parts.union(&m.apply_range(&insert(part)?.intersect_domain(set)?)?)?;
            }
            parts.coalesce()?
        } else {
            m.apply_range(&insert(0)?)?
        };
        out = out.union(&new.to_union()?)?;
    }
    Ok(Some(out))
}
