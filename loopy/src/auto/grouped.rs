//! What isl's scheduler is given ([`Grouped`]): statements that must stay together (one
//! strongly connected component run one right after the other) as one, and the components of
//! the dependence graph ([`components`]).

use optimist_presburger::{
    DimType, Error as IslError, Schedule, ScheduleConstraints, ScheduleOptions, UnionMap, UnionSet,
};
use optimist_scop::model::Scop;

use super::*;

/// The strongly connected component of each of `names` in the graph of `edges` (a map from
/// each dependence's source statement to its sink, by name): a number per name, equal for the
/// names of one component.
pub(super) fn components(names: &[String], edges: &UnionMap) -> Result<Vec<usize>, IslError> {
    let n = names.len();
    let index = |name: Option<String>| name.and_then(|name| names.iter().position(|s| *s == name));
    // reach[a][b]: b is reachable from a (Warshall's closure; kernels have tens of statements).
    let mut reach = vec![vec![false; n]; n];
    for (a, row) in reach.iter_mut().enumerate() {
        row[a] = true;
    }
    for m in edges.maps()? {
        if let (Some(a), Some(b)) = (
            index(m.tuple_name(DimType::In)),
            index(m.tuple_name(DimType::Out)),
        ) {
            reach[a][b] = true;
        }
    }
    for k in 0..n {
        let via = reach[k].clone();
        for row in reach.iter_mut() {
            if row[k] {
                for (r, v) in row.iter_mut().zip(&via) {
                    *r |= v;
                }
            }
        }
    }
    Ok((0..n)
        .map(|a| (0..n).find(|&b| reach[a][b] && reach[b][a]).unwrap_or(a))
        .collect())
}

/// What isl's scheduler is given. Statements that run one right after the other at every point
/// of the same loops in the program's order ([`crate::run_together`]), and belong to one
/// strongly connected component of the dependences or are both outside every loop (constants
/// computed once: adi's thirteen), are one statement (the first of them, by
/// name) with the dependences of all of them; the schedule is then pulled back to every
/// statement, and the members of a group, at the same point of it, run in the order of their
/// statement numbers (the last dimension of [`flat`]), which is the program's order.
///
/// isl's integer programs are over the coefficients of every statement it sees, and it
/// tries to fuse every pair of components: the deriche filter's 34 statements are 9 such
/// groups. The dependences between two members at one instance are left out (the order of
/// the members keeps them); every other dependence between members is one of the group's own.
/// Members of one component cannot be apart in any schedule's outer loops that carry its
/// cycle; isl could still have split them inside, which the group does not allow.
/// The smallest constant bound of one loop iterator that isl's scheduler does not see
/// ([`Grouped::schedule`]): a time loop of 4 steps or a stencil's 3 points stay exact.
pub(super) const LARGE_BOUND: u64 = 32;

pub(super) struct Grouped {
    /// The instances isl schedules: one statement per group.
    pub(super) domains: UnionSet,
    /// Every dependence, between groups.
    pub(super) all: UnionMap,
    /// The flow dependences, between groups.
    pub(super) raw: UnionMap,
    /// Each statement's instance to its group's (`None`: no group of two or more).
    pub(super) expand: Option<optimist_presburger::UnionPwMultiAff>,
    /// The names isl sees (one per group).
    pub(super) names: Vec<String>,
}

impl Grouped {
    pub(super) fn of(
        scop: &Scop,
        all: &UnionMap,
        raw: &UnionMap,
        domains: &UnionSet,
    ) -> Result<Grouped, IslError> {
        let names: Vec<String> = scop.stmts.iter().map(|s| s.name.clone()).collect();
        let alone = || Grouped {
            domains: domains.clone(),
            all: all.clone(),
            raw: raw.clone(),
            expand: None,
            names: names.clone(),
        };
        let maps = flat(scop, &scop.schedule)?
            .intersect_domain(domains)?
            .maps()?;
        let component = components(&names, all)?;
        // Statements outside every loop: nothing of theirs for isl to distribute.
        let mut outside = vec![false; names.len()];
        for set in domains.sets()? {
            if let Some(k) = set
                .tuple_name()
                .and_then(|n| names.iter().position(|s| *s == n))
            {
                outside[k] = set.dim(DimType::SET)? == 0;
            }
        }
        let index = |m: &optimist_presburger::Map| {
            m.tuple_name(DimType::In)
                .and_then(|n| names.iter().position(|s| *s == n))
        };
        // Each statement's group's first member (by index into `names`).
        let mut first: Vec<usize> = (0..names.len()).collect();
        let mut grouped = false;
        for group in crate::run_together(&maps)? {
            let members: Vec<usize> = group.iter().filter_map(|&k| index(&maps[k])).collect();
            if members.len() != group.len() {
                continue;
            }
            // Runs of members of one component, in increasing statement number.
            let mut lead = members[0];
            for pair in members.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                if (component[a] == component[b] || (outside[a] && outside[b])) && a < b {
                    first[b] = lead;
                    grouped = true;
                } else {
                    lead = b;
                }
            }
        }
        if !grouped {
            return Ok(alone());
        }
        let rename = |name: Option<String>| -> Option<&String> {
            let k = names.iter().position(|s| Some(s) == name.as_ref())?;
            Some(&names[first[k]])
        };
        let between = |u: &UnionMap| -> Result<UnionMap, IslError> {
            let mut out = UnionMap::empty(&scop.ctx)?;
            for m in u.maps()? {
                let (from, to) = (m.tuple_name(DimType::In), m.tuple_name(DimType::Out));
                let (Some(rf), Some(rt)) = (rename(from.clone()), rename(to.clone())) else {
                    out = out.union(&m.to_union()?)?;
                    continue;
                };
                let mut g = m
                    .with_tuple_name(DimType::In, rf)?
                    .with_tuple_name(DimType::Out, rt)?;
                if rf == rt && from != to {
                    // Two members at one instance: their order in the group keeps it.
                    let same = g.domain()?.identity()?;
                    g = g.subtract(&same)?;
                }
                out = out.union(&g.to_union()?)?;
            }
            Ok(out)
        };
        let mut kept = UnionSet::empty(&scop.ctx)?;
        let mut expand = Vec::new();
        for set in domains.sets()? {
            let Some(name) = set.tuple_name() else {
                return Ok(alone());
            };
            let Some(lead) = rename(Some(name.clone())) else {
                return Ok(alone());
            };
            if *lead == name {
                kept = kept.union(&set.to_union()?)?;
            }
            let n = set.dim(DimType::SET)?;
            let x: Vec<String> = (0..n).map(|d| format!("i{d}")).collect();
            expand.push(format!("{name}[{x}] -> {lead}[{x}]", x = x.join(", ")));
        }
        let expand = optimist_presburger::UnionPwMultiAff::from_union_map(&UnionMap::parse(
            &scop.ctx,
            &format!("{{ {} }}", expand.join("; ")),
        )?)?;
        let names = (0..names.len())
            .filter(|&k| first[k] == k)
            .map(|k| names[k].clone())
            .collect();
        Ok(Grouped {
            domains: kept,
            all: between(all)?,
            raw: between(raw)?,
            expand: Some(expand),
            names,
        })
    }

    /// isl's schedule of the groups (`serialize`: every strongly connected component apart),
    /// pulled back to every statement.
    ///
    /// isl sees the dependences without their large constant bounds
    /// ([`UnionMap::drop_constant_bounds`], [`LARGE_BOUND`] and up): a superset, so that every
    /// schedule it finds respects the exact ones too (and the candidate is verified against
    /// them after). With the bounds, the integer programs of a loop nest over a fixed-size
    /// grid run in numbers wider than 64 bits: an image pipeline's time loop over 96 x 128
    /// pixels took 3 s per run, 35 ms without, for the same schedule.
    pub(super) fn schedule(&self, scop: &Scop, serialize: bool) -> Result<Schedule, IslError> {
        let ctx = &scop.ctx;
        let all = self.all.drop_constant_bounds(LARGE_BOUND)?;
        let sc = ScheduleConstraints::on_domain(&self.domains)?
            .with_context(&scop.sign_context()?)?
            .with_validity(&all)?
            .with_proximity(&self.raw.drop_constant_bounds(LARGE_BOUND)?)?
            .with_coincidence(&all)?;
        ctx.set_schedule_options(&scheduler_options(serialize))?;
        let computed = sc.compute_schedule();
        ctx.set_schedule_options(&ScheduleOptions::default())?;
        match &self.expand {
            Some(expand) => computed?.pullback(expand),
            None => computed,
        }
    }

    /// The largest strongly connected component, by the coefficients of isl's integer
    /// programs over it: its statements (groups) and, over them, one coefficient per loop
    /// iterator and per parameter and a constant each.
    pub(super) fn largest_component(&self, scop: &Scop) -> Result<(usize, usize), IslError> {
        let component = components(&self.names, &self.all)?;
        let params = scop.params.len();
        let mut coefficients = vec![0; self.names.len()];
        let mut statements = vec![0; self.names.len()];
        for set in self.domains.sets()? {
            let Some(k) = set
                .tuple_name()
                .and_then(|n| self.names.iter().position(|s| *s == n))
            else {
                continue;
            };
            coefficients[component[k]] += set.dim(DimType::SET)? + params + 1;
            statements[component[k]] += 1;
        }
        Ok((0..self.names.len())
            .map(|c| (statements[c], coefficients[c]))
            .max_by_key(|&(_, c)| c)
            .unwrap_or((0, 0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_are_the_statements_that_reach_each_other() {
        let ctx = optimist_presburger::Ctx::new();
        // S0 -> S1 -> S2 -> S0 is a cycle; S3 only reaches it; S4 is alone.
        let edges = UnionMap::parse(
            &ctx,
            "{ S0[i] -> S1[i]; S1[i] -> S2[i + 1]; S2[i] -> S0[i + 1]; S3[i] -> S0[i] }",
        )
        .unwrap();
        let names: Vec<String> = (0..5).map(|k| format!("S{k}")).collect();
        assert_eq!(components(&names, &edges).unwrap(), [0, 0, 0, 3, 4]);
    }
}
