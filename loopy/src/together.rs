//! Statements that run together: one right after the other at every point of the same loops.
//!
//! isl's AST generator orders the statements of a loop by testing every pair of them at each
//! level, and its scheduler solves integer programs over every statement of a component: both
//! may see such a group as one statement.

use optimist_presburger::{Aff, DimType, Error as IslError, Map, Val};
use std::collections::{BTreeMap, HashMap};

/// The statements of `maps` (one flat map per statement, all of one width) in groups that
/// isl's AST generator may see as one statement: the members of a group run one right after
/// the other at every point of the same loops. Each group is a list of indices into `maps` in
/// the order its members run; a statement alone is a group of one. The groups are listed in
/// the order of their first member's index.
///
/// Statements `a` and `b` go together when, from some dimension `l` on, both have fixed values
/// only (no loop is inside them), their maps up to `l` are the same (tuple names aside: the
/// same loops over the same instances), and no other statement may run between them: every
/// other statement is either apart from `a` at a fixed dimension before `l`, or runs before
/// `a` or after `b` by its fixed values from `l` on. isl's AST generator orders the statements
/// of a loop by testing every pair of them at each level (the deriche filter's 34 statements:
/// 945 million instructions, 40% of them in that test); its loops and guards depend only on
/// the instances each call runs, which a group's members share.
pub fn run_together(maps: &[Map]) -> Result<Vec<Vec<usize>>, IslError> {
    let alone = || (0..maps.len()).map(|k| vec![k]).collect();
    let Some(width) = maps.first().map(|m| m.dim(DimType::Out)).transpose()? else {
        return Ok(alone());
    };
    let mut fixed: Vec<Vec<Option<i64>>> = Vec::with_capacity(maps.len());
    for m in maps {
        if m.dim(DimType::Out)? != width {
            return Ok(alone());
        }
        fixed.push(
            (0..width)
                .map(|d| m.plain_fixed(DimType::Out, d))
                .collect::<Result<_, _>>()?,
        );
    }
    // Where each statement's fixed tail starts, and its maps up to there, named alike.
    let tail = |k: usize| {
        (0..=width)
            .rev()
            .take_while(|&d| d == width || fixed[k][d].is_some())
            .last()
            .unwrap_or(width)
    };
    let mut classes: BTreeMap<(usize, String), Vec<usize>> = BTreeMap::new();
    for (k, m) in maps.iter().enumerate() {
        let l = tail(k);
        if l == width {
            continue;
        }
        let prefix = m
            .project_out(DimType::Out, l, width - l)?
            .with_tuple_name(DimType::In, "G")?
            .to_string();
        classes.entry((l, prefix)).or_default().push(k);
    }
    let values = |k: usize, l: usize| -> Vec<i64> {
        fixed[k][l..]
            .iter()
            .map(|v| v.unwrap_or_default())
            .collect()
    };
    // The extremes of each statement's values at a dimension where they are not fixed.
    let mut extremes: HashMap<(usize, usize), (Val, Val)> = HashMap::new();
    let mut leader: Vec<usize> = (0..maps.len()).collect();
    for ((l, _), mut class) in classes {
        class.sort_by_key(|&k| values(k, l));
        for pair in class.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (va, vb) = (values(a, l), values(b, l));
            if va == vb {
                continue;
            }
            // Whether some other statement may run between `a` and `b`: it is not apart from
            // `a` at a fixed dimension before `l`, and its values from `l` on do not put it
            // before `a` or after `b`.
            let mut between = false;
            for c in (0..maps.len()).filter(|&c| c != a && c != b) {
                let apart = (0..l)
                    .any(|d| matches!((fixed[c][d], fixed[a][d]), (Some(x), Some(y)) if x != y));
                if apart {
                    continue;
                }
                let mut order = |v: &[i64]| order_at((c, &maps[c]), &fixed[c], l, v, &mut extremes);
                let before = order(&va)? == Some(std::cmp::Ordering::Less);
                let after = order(&vb)? == Some(std::cmp::Ordering::Greater);
                if !(before || after) {
                    between = true;
                    break;
                }
            }
            if !between {
                leader[b] = leader[a];
            }
        }
    }
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mut order: Vec<usize> = (0..maps.len()).collect();
    order.sort_by_key(|&k| (leader[k], values(k, tail(k))));
    for k in order {
        groups.entry(leader[k]).or_default().push(k);
    }
    let mut out: Vec<Vec<usize>> = groups.into_values().collect();
    out.sort_by_key(|g| g.iter().min().copied());
    Ok(out)
}

/// Where a statement with the flat map `map` (fixed values `fixed`) runs against the fixed
/// values `v` from dimension `l` on, when it is at the same point before `l`: `Less` (always
/// before), `Greater` (always after), `None` when that cannot be told (or when it may tie). At a
/// dimension where it is not fixed, its extremes there decide, and at an extreme equal to the
/// value, the dimensions after it.
fn order_at(
    (c, map): (usize, &Map),
    fixed: &[Option<i64>],
    l: usize,
    v: &[i64],
    extremes: &mut HashMap<(usize, usize), (Val, Val)>,
) -> Result<Option<std::cmp::Ordering>, IslError> {
    use std::cmp::Ordering;
    for (e, &x) in v.iter().enumerate() {
        let d = l + e;
        match fixed[d] {
            Some(y) if y != x => return Ok(Some(y.cmp(&x))),
            Some(_) => {}
            None => {
                let (lo, hi) = match extremes.entry((c, d)) {
                    std::collections::hash_map::Entry::Occupied(e) => e.get().clone(),
                    std::collections::hash_map::Entry::Vacant(e) => {
                        e.insert(extremes_at(map, d)?).clone()
                    }
                };
                let value = Val::from_i64(map.ctx(), x)?;
                if value.lt(&lo)? {
                    return Ok(Some(Ordering::Greater));
                }
                if hi.lt(&value)? {
                    return Ok(Some(Ordering::Less));
                }
                // At its extreme the value ties, and the dimensions after it decide.
                let at = |extreme: &Val| -> Result<bool, IslError> {
                    Ok(extreme.is_int()? && extreme.to_i64()? == x)
                };
                let wanted = if at(&lo)? {
                    Ordering::Greater
                } else if at(&hi)? {
                    Ordering::Less
                } else {
                    return Ok(None);
                };
                let rest = order_at((c, map), fixed, d + 1, &v[e + 1..], extremes)?;
                return Ok(rest.filter(|&o| o == wanted));
            }
        }
    }
    Ok(Some(Ordering::Equal))
}

/// The smallest and largest value of output dimension `d` of `map` (parameters as variables:
/// the extremes over every parameter value; NaN when empty, infinite when unbounded).
fn extremes_at(map: &Map, d: usize) -> Result<(Val, Val), IslError> {
    let range = map.range()?;
    let obj = Aff::zero_on_domain(&range.space()?)?.with_coefficient(
        DimType::In,
        d,
        &Val::from_i64(map.ctx(), 1)?,
    )?;
    Ok((range.min_val(&obj)?, range.max_val(&obj)?))
}
