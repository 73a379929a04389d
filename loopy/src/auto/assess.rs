//! Assessing a candidate schedule: the flat relation with its marks, which loops are parallel,
//! in vector lanes, stride one, jammed ([`Assessed`]), and how it scores.
//!
//! # Design notes
//!
//! - **Short loops count as unrolled** (`short_innermost`, `short_member`). A statement's innermost
//!   loops whose trip count is a constant of at most 8 whatever the parameters (at most 32
//!   iterations together; never all its loops) are unrolled by the back ends, so the loop around
//!   them is the one assessed for unit stride, lanes and jam. In a permutable band such members go
//!   inside the stride-one member (`stride_one_innermost`), which then is not sunk below them: a
//!   convolution runs `y, x, dy, dx` with `x` in lanes, `dy, dx` unrolled, `out[y][x]` in a
//!   register across the 25 products, instead of `y, dy, dx, x` with `out` loaded and stored per
//!   `dy` (native code: the vector loop's body is `ast::unroll_short`'s unrolled statements;
//!   C: the same, printed by `Printer::unrolled_vector_loop`).

use super::*;

/// The schedule as one relation from instances to time vectors, sequence positions included,
/// every statement padded with zeros to the widest, so that all instances compare in one space,
/// and the statement's number last: isl's scheduler may give independent instances of two
/// statements the same time, and this order makes the schedule one-to-one.
pub(crate) fn flat(scop: &Scop, schedule: &Schedule) -> Result<UnionMap, IslError> {
    Ok(flat_marked(scop, schedule)?.0)
}

/// [`flat`], and the position in the flat vectors of the band below each mark node, by the
/// mark's name.
pub(super) fn flat_marked(
    scop: &Scop,
    schedule: &Schedule,
) -> Result<(UnionMap, BTreeMap<String, usize>), IslError> {
    let mut parts = Vec::new();
    let mut marks = BTreeMap::new();
    leaves(
        &schedule.root()?,
        0,
        &mut Vec::new(),
        &mut parts,
        &mut marks,
    )?;
    let mut maps = Vec::new();
    let mut width = 0;
    for p in parts {
        width = width.max(out_width(&p)?);
        maps.extend(p.maps()?);
    }
    let mut u = UnionMap::empty(schedule.ctx())?;
    for m in maps {
        let w = m.dim(DimType::Out)?;
        let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
        let mut y = x.clone();
        y.extend((w..width).map(|_| "0".to_string()));
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        y.push(
            scop.stmts
                .iter()
                .position(|s| s.name == name)
                .unwrap_or(scop.stmts.len())
                .to_string(),
        );
        let pad = Map::parse(
            schedule.ctx(),
            &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
        )?;
        let anon = m.to_union()?.apply_range(&pad.to_union()?)?;
        u = u.union(&anon)?;
    }
    Ok((u, marks))
}

/// The values dimension `d` of `set` takes (the other dimensions projected out).
pub(super) fn dimension(
    set: &optimist_presburger::Set,
    d: usize,
) -> Result<optimist_presburger::Set, IslError> {
    let n = set.dim(DimType::SET)?;
    set.project_out(DimType::SET, d + 1, n - d - 1)?
        .project_out(DimType::SET, 0, d)
}

/// Whether dimension `d` of `theta` takes more than one value for some statement.
pub(crate) fn varies(theta: &UnionMap, d: usize) -> Result<bool, IslError> {
    for m in theta.maps()? {
        // A fixed dimension (a sequence position, a statement's number) is seen at once.
        if m.plain_fixed(DimType::Out, d)?.is_some() {
            continue;
        }
        let other = dimension(&m.range()?, d)?;
        let lt = Map::lex_lt(&other.space()?)?
            .intersect_domain(&other)?
            .intersect_range(&other)?;
        if !lt.is_empty()? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The time vectors of `width` (`x0, x1, ...`) to those equal but at dimension `d`, which is
/// `to` (`x3 + 1`: a step along it; `y`: any value).
pub(super) fn along(scop: &Scop, width: usize, d: usize, to: &str) -> Result<Map, IslError> {
    let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
    let mut y = x.clone();
    if let Some(v) = y.get_mut(d) {
        *v = to.to_string();
    }
    Map::parse(
        &scop.ctx,
        &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
    )
}

/// Whether moving one step along dimension `d` of `theta` moves every access by at most one
/// element of its last subscript, and nothing else.
pub(super) fn stride_one(
    scop: &Scop,
    theta: &UnionMap,
    d: usize,
    width: usize,
) -> Result<bool, IslError> {
    strides_within(scop, theta, d, width, false)
}

/// [`stride_one`], where `reads_back` lets reads also move one element back (`y[k - i - 1]`
/// along `i`): vector lanes load such a read as one vector and reverse it, so the loop may run
/// in lanes, but it does not walk memory the caches' way (unit stride stays [`stride_one`]).
pub(super) fn strides_within(
    scop: &Scop,
    theta: &UnionMap,
    d: usize,
    width: usize,
    reads_back: bool,
) -> Result<bool, IslError> {
    let step = along(scop, width, d, &format!("x{d} + 1"))?;
    // A step moves an access between two instances of its own statement: each access is
    // measured against its statement's part of `theta` only. Per statement, the pairs of
    // instances one step apart (`next`), once for all its accesses; an access moves from
    // `A(i)` to `A(i')` for each pair `(i, i')`. On single maps (a union's operations pay for
    // looking up every pair of spaces).
    let mut next: std::collections::HashMap<String, Map> = Default::default();
    for m in theta.maps()? {
        if m.dim(DimType::Out)? != width {
            continue;
        }
        next.insert(
            m.tuple_name(DimType::In).unwrap_or_default(),
            m.apply_range(&step)?.apply_range(&m.reverse()?)?,
        );
    }
    for a in &scop.accesses {
        let rank = scop.array(a.array).sizes.len();
        if rank == 0 {
            continue;
        }
        let Some(next) = next.get(&scop.stmt(a.stmt).name) else {
            continue;
        };
        let delta = next
            .apply_domain(&a.relation)?
            .apply_range(&a.relation)?
            .deltas()?;
        let least = if reads_back && a.kind == optimist_scop::model::AccessKind::Read {
            -1
        } else {
            0
        };
        if !last_moves_within(scop, &delta, rank, least, 1)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether every difference in `delta` (between elements of an array of `rank` subscripts)
/// is zero but in the last subscript, which is from `least` to `most`.
pub(super) fn last_moves_within(
    scop: &Scop,
    delta: &optimist_presburger::Set,
    rank: usize,
    least: i64,
    most: i64,
) -> Result<bool, IslError> {
    let Some(last) = rank.checked_sub(1) else {
        return Ok(false);
    };
    let z: Vec<String> = (0..rank).map(|k| format!("z{k}")).collect();
    let mut c: Vec<String> = (0..last).map(|k| format!("z{k} = 0")).collect();
    c.push(format!("{least} <= z{last} <= {most}"));
    let name = delta.tuple_name().unwrap_or_default();
    let allowed = optimist_presburger::Set::parse(
        &scop.ctx,
        &format!("{{ {name}[{}] : {} }}", z.join(", "), c.join(" and ")),
    )?;
    delta.is_subset(&allowed)
}

/// In a permutable band, moves a member along which every access moves by at most one element
/// (a coincident one if there is one, else the innermost) to the innermost place (any order of a permutable band's members is legal;
/// this one lets the innermost loop walk memory contiguously, as `i, k, j` does for a product).
/// Also says whether the member now last was coincident (carries no dependence), and which
/// member runs in lanes ([`TileLanes`]).
pub(super) fn stride_one_innermost(
    scop: &Scop,
    band: &ScheduleNode,
) -> Result<(ScheduleNode, bool, TileLanes), IslError> {
    let n = band.band_n_member()?;
    let partial = band.band_partial_schedule()?;
    // Strides are measured on the whole prefix (tile loops included) down through the bands
    // below (a reduction's own band), which is one-to-one.
    let mut below = band.child(0)?;
    let mut deeper = 0;
    while below.node_type()? == ScheduleNodeType::Band && below.n_children()? == 1 {
        deeper += below.band_n_member()?;
        below = below.child(0)?;
    }
    let full = below.prefix_schedule()?;
    let width = out_width(&full)?;
    let outer = width.saturating_sub(n + deeper);
    let mut candidates = Vec::new();
    for m in (0..n).rev() {
        if stride_one(scop, &full, outer + m, width)? {
            candidates.push((!band.band_member_coincident(m)?, m));
        }
    }
    // Coincident members first (they can also run in vector lanes), then the innermost.
    candidates.sort_by_key(|&(not_coincident, m)| (not_coincident, n - m));
    if let Some(&(not_coincident, m)) = candidates.first() {
        {
            // Short members (a convolution's `dy`) go inside it: the back ends unroll them,
            // and the stride-one member runs in lanes around them.
            let mut short = Vec::new();
            let values = partial.intersect_domain(&band.domain()?)?;
            for k in 0..n {
                if k != m && short_member(&values, k)? {
                    short.push(k);
                }
            }
            let mut order: Vec<usize> = (0..n).filter(|k| *k != m && !short.contains(k)).collect();
            order.push(m);
            order.extend(&short);
            let last_coincident = !not_coincident && short.is_empty();
            if order.iter().enumerate().all(|(k, &o)| k == o) {
                return Ok((
                    band.clone(),
                    last_coincident,
                    TileLanes::of(m, not_coincident),
                ));
            }
            let x: Vec<String> = (0..n).map(|k| format!("x{k}")).collect();
            let y: Vec<String> = order.iter().map(|&k| x[k].clone()).collect();
            let perm = Map::parse(
                &scop.ctx,
                &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
            )?;
            let permuted = partial.apply_range(&perm.to_union()?)?;
            let node = band
                .delete()?
                .insert_partial_schedule(&MultiUnionPwAff::from_union_map(&permuted)?)?;
            return Ok((node, last_coincident, TileLanes::of(m, not_coincident)));
        }
    }
    let last = n > 0 && band.band_member_coincident(n - 1)?;
    Ok((band.clone(), last, TileLanes::Column))
}

/// A candidate schedule, untiled, assessed; its tilings with the flat dimension where each
/// tiled band starts.
pub(super) struct Candidate {
    pub(super) assessed: Assessed,
    pub(super) tilings: Vec<(Tiling, usize)>,
    /// Per tiling, what [`crate::verify::tiling`] said of it on `assessed.theta` (its members'
    /// zero distances, or `None` when tiling it is not legal), once asked.
    pub(super) checked: Option<Vec<Option<Vec<bool>>>>,
}

impl Candidate {
    pub(super) fn of(
        scop: &Scop,
        all: &UnionMap,
        unrolled: Lanes,
        schedule: &Schedule,
        tilings: Vec<Tiling>,
        domains: &UnionSet,
    ) -> Result<Candidate, IslError> {
        let (theta, marks) = flat_marked(scop, schedule)?;
        let theta = theta.intersect_domain(domains)?;
        let tilings = tilings
            .into_iter()
            .enumerate()
            .filter_map(|(k, t)| marks.get(&tile_mark(k)).map(|&p| (t, p)))
            .collect();
        Ok(Candidate {
            assessed: Assessed::of(scop, all, unrolled, theta)?,
            tilings,
            checked: None,
        })
    }

    /// Each tiling checked on its own ([`crate::verify::tiling`]), once per candidate.
    pub(super) fn check_tilings(&mut self, scop: &Scop, all: &UnionMap) -> Result<(), IslError> {
        if self.checked.is_none() {
            let theta = &self.assessed.theta;
            let mut zeros = Vec::with_capacity(self.tilings.len());
            for (t, p) in &self.tilings {
                zeros.push(crate::verify::tiling(scop, all, theta, *p, &t.members, t.n)?.ok());
            }
            self.checked = Some(zeros);
        }
        Ok(())
    }

    /// The tilings [`Self::check_tilings`] found legal, with their zero distances.
    pub(super) fn legal_tilings(&self) -> Vec<(&Tiling, usize, &[bool])> {
        self.tilings
            .iter()
            .zip(self.checked.iter().flatten())
            .filter_map(|((t, p), z)| Some((t, *p, z.as_deref()?)))
            .collect()
    }
}

/// A candidate schedule as one relation, with what makes its loops fast: the outermost loop
/// that carries no dependence (threads), the innermost loop when it carries none and moves
/// every access by at most one element (vector lanes), and whether every statement's innermost
/// loop moves its accesses by at most one element (unit stride: the caches' way).
pub(super) struct Assessed {
    pub(super) theta: UnionMap,
    pub(super) parallel: Vec<usize>,
    pub(super) vector: Vec<(BTreeSet<StmtId>, usize)>,
    /// Where the compiler of the emitted code vectorizes ([`Lanes::forward`]): the loops,
    /// with their statements, whose dependences between those statements all go forward in
    /// the body. They run in the compiler's lanes with no mark (a vector mark claims no
    /// dependence), and count as lanes in the score and the estimates.
    pub(super) forward: Vec<(BTreeSet<StmtId>, usize)>,
    /// Loops around vector loops that may be unrolled and jammed into them.
    pub(super) jam: Vec<(BTreeSet<StmtId>, usize)>,
    pub(super) unit_stride: bool,
    /// How many of the statements in the most loops are in a vector loop.
    pub(super) hot_in_lanes: usize,
    /// How many of them are in a loop whose statements all run in lanes together (a
    /// statement marked on its own beside others in its loop is not).
    pub(super) hot_in_whole_loops: usize,
    /// How many statements are in the most loops.
    pub(super) hottest: usize,
    /// Whether the outermost loop carries a dependence.
    pub(super) outer_carries: bool,
    /// The differences of times of the dependences, per pair of statements.
    pub(super) differences: crate::verify::Differences,
    /// Whether [`Assessed::verify`] accepted it.
    pub(super) verified: bool,
}

/// Each statement's innermost loop (short loops of a constant trip count left out: the back
/// ends unroll them), as [`Assessed::of`] marks lanes and jams from them.
struct Innermost {
    /// Whether every statement's accesses move by at most one element along it.
    unit_stride: bool,
    /// The statements by their innermost loop's dimension.
    innermost: std::collections::BTreeMap<usize, Vec<StmtId>>,
    /// The loop around each statement's innermost one.
    second: std::collections::BTreeMap<StmtId, usize>,
    /// How many loops each statement is in.
    depths: Vec<(StmtId, usize)>,
    /// Whether each statement's accesses allow lanes along its innermost loop.
    unit: std::collections::BTreeMap<StmtId, bool>,
}

impl Innermost {
    fn of(
        scop: &Scop,
        theta: &UnionMap,
        width: usize,
        unrolled: usize,
    ) -> Result<Innermost, IslError> {
        // Each statement's innermost loop; statements whose innermost loops are at the same
        // dimension are marked together when that is allowed for all of them (a fused loop
        // runs in lanes only if every statement in it may), else one by one.
        let mut unit_stride = true;
        let mut innermost: std::collections::BTreeMap<usize, Vec<StmtId>> = Default::default();
        // The loop around each statement's innermost one.
        let mut second: std::collections::BTreeMap<StmtId, usize> = Default::default();
        // How many loops each statement is in.
        let mut depths: Vec<(StmtId, usize)> = Vec::new();
        // Whether each statement's accesses move by at most one element along its innermost
        // loop, reads also one back (a property of the statement alone, asked again below for
        // groups): what lanes need.
        let mut unit: std::collections::BTreeMap<StmtId, bool> = Default::default();
        for m in theta.maps()? {
            let one = m.to_union()?;
            let mut loops = Vec::new();
            for d in (0..width).rev() {
                if varies(&one, d)? {
                    loops.push(d);
                }
            }
            let depth = loops.len();
            // Short loops of a constant trip count innermost (a convolution's `dy, dx`) are
            // unrolled by the back ends: the loop around them is the one that runs in lanes.
            let short = short_innermost(&m, &loops, unrolled)?;
            let loops = &loops[short..];
            let Some(&d) = loops.first() else { continue };
            let stride = stride_one(scop, &one, d, width)?;
            if !stride {
                unit_stride = false;
            }
            let in_lanes = stride || strides_within(scop, &one, d, width, true)?;
            let name = m.tuple_name(DimType::In).unwrap_or_default();
            if let Some(k) = scop.stmts.iter().position(|s| s.name == name) {
                let s = StmtId(k as u32);
                depths.push((s, depth));
                innermost.entry(d).or_default().push(s);
                unit.insert(s, in_lanes);
                if let Some(&outer) = loops.get(1) {
                    second.insert(s, outer);
                }
            }
        }
        Ok(Innermost {
            unit_stride,
            innermost,
            second,
            depths,
            unit,
        })
    }
}

impl Assessed {
    /// `unrolled`: the most iterations of short innermost loops the back ends unroll together
    /// ([`short_innermost`]).
    pub(super) fn of(
        scop: &Scop,
        all: &UnionMap,
        unrolled: Lanes,
        theta: UnionMap,
    ) -> Result<Assessed, IslError> {
        let width = out_width(&theta)?;
        // Every dependence as a difference of times, once; a dimension carries a dependence
        // when some difference is zero before it and not at it.
        // The differences of times per pair of statements, computed once: the whole set for
        // the outer loops, the parts between the statements of a group for its inner loops.
        let pairs = crate::verify::time_differences(all.clone(), &theta)?;
        // Whether no difference of the pairs of statements `keep` selects meets `set`: each
        // pair's set on its own (one union of them all had many disjuncts to build and cost
        // more than the tests).
        let none_meets =
            |keep: &dyn Fn(&str, &str) -> bool, set: &UnionSet| -> Result<bool, IslError> {
                for (from, to, d) in &pairs {
                    if keep(from, to) && !d.intersect(set)?.is_empty()? {
                        return Ok(false);
                    }
                }
                Ok(true)
            };
        let within = |group: &[StmtId]| -> Vec<&str> {
            group.iter().map(|&s| scop.stmt(s).name.as_str()).collect()
        };
        let varying = (0..width)
            .map(|d| varies(&theta, d))
            .collect::<Result<Vec<bool>, IslError>>()?;
        let free =
            |d: usize| -> Result<bool, IslError> {
                Ok(varying[d]
                    && none_meets(&|_, _| true, &crate::verify::carried_at(scop, width, d)?)?)
            };
        let mut parallel = Vec::new();
        for d in 0..width {
            if free(d)? {
                parallel.push(d);
                break;
            }
        }
        let mut outer_carries = false;
        if let Some(d) = varying.iter().position(|&v| v) {
            outer_carries = !free(d)?;
        }
        let Innermost {
            unit_stride,
            innermost,
            second,
            depths,
            unit,
        } = Innermost::of(scop, &theta, width, unrolled.unrolled)?;
        let lanes = |group: &[StmtId], d: usize| -> Result<bool, IslError> {
            let names = within(group);
            Ok(group.iter().all(|s| unit.get(s) == Some(&true))
                && none_meets(
                    &|from, to| names.contains(&from) && names.contains(&to),
                    &crate::verify::carried_at(scop, width, d)?,
                )?)
        };
        // A group whose dependences at `d` all go forward in the body (later at the position
        // after `d`, the innermost loop's body; none from a statement to itself), none from a
        // statement to one that reads what it writes: vectorized, such a read would load what
        // the lanes just stored, one element off (`a[i] = c[i] * d[i]; b[i] = a[i] + a[i -
        // 1];`, which gcc runs 2.5 times slower than the two loops apart).
        let reads_written = |from: &str, to: &str| {
            let stmt = |name: &str| scop.stmts.iter().find(|s| s.name == name);
            let (Some(f), Some(t)) = (stmt(from), stmt(to)) else {
                return true;
            };
            let written = scop.access(f.write).array;
            t.accesses
                .iter()
                .any(|&a| a != t.write && scop.access(a).array == written)
        };
        // A statement's dependences on itself that are all anti keep their order in lanes.
        let anti = |from: &str, to: &str| from == to && unrolled.anti_only.contains(from);
        let forward = |group: &[StmtId], d: usize| -> Result<bool, IslError> {
            if !group.iter().all(|s| unit.get(s) == Some(&true)) {
                return Ok(false);
            }
            let names = within(group);
            if !none_meets(
                &|from, to| {
                    names.contains(&from)
                        && names.contains(&to)
                        && reads_written(from, to)
                        && !anti(from, to)
                },
                &crate::verify::carried_at(scop, width, d)?,
            )? {
                return Ok(false);
            }
            let zeros = || (0..d).map(|k| format!("x{k} = 0"));
            let alts: [Vec<String>; 2] = [
                zeros().chain([format!("x{d} < 0")]).collect(),
                zeros()
                    .chain([format!("x{d} > 0")])
                    .chain((d + 1 < width).then(|| format!("x{} <= 0", d + 1)))
                    .collect(),
            ];
            let backward = crate::verify::differences(scop, width, alts.into_iter())?;
            none_meets(
                &|from, to| names.contains(&from) && names.contains(&to) && !anti(from, to),
                &backward,
            )
        };
        let mut vector: Vec<(BTreeSet<StmtId>, usize)> = Vec::new();
        let mut forwards: Vec<(BTreeSet<StmtId>, usize)> = Vec::new();
        // The statements whose innermost loop runs in lanes whole (all its statements).
        let mut whole: BTreeSet<StmtId> = BTreeSet::new();
        for (d, group) in innermost {
            if lanes(&group, d)? {
                whole.extend(group.iter().copied());
                vector.push((group.into_iter().collect(), d));
            } else {
                if unrolled.forward && forward(&group, d)? {
                    whole.extend(group.iter().copied());
                    forwards.push((group.iter().copied().collect(), d));
                }
                for s in group {
                    if lanes(&[s], d)? {
                        vector.push((BTreeSet::from([s]), d));
                    }
                }
            }
        }
        // The statements in the most loops are where the time goes: they must run in lanes.
        let deepest = depths.iter().map(|&(_, d)| d).max().unwrap_or(0);
        let hottest = depths.iter().filter(|&&(_, d)| d == deepest).count();
        let hot_in_lanes = depths
            .iter()
            .filter(|&&(_, d)| d == deepest)
            .filter(|(s, _)| vector.iter().chain(&forwards).any(|(g, _)| g.contains(s)))
            .count();
        let hot_in_whole_loops = depths
            .iter()
            .filter(|&&(_, d)| d == deepest)
            .filter(|(s, _)| whole.contains(s))
            .count();
        // Register tiles: the loop around a vector loop may be unrolled and jammed into it
        // when no dependence it carries between those statements goes backwards in the loops
        // inside it (then running several of its iterations together, innermost, keeps every
        // dependence's order).
        let mut jam = Vec::new();
        for (group, _) in &vector {
            // Statements of one vector loop may sit in different loops around it.
            let outer: BTreeSet<usize> = group
                .iter()
                .filter_map(|s| second.get(s))
                .copied()
                .collect();
            for d in outer {
                let stmts: Vec<StmtId> = group
                    .iter()
                    .copied()
                    .filter(|s| second.get(s) == Some(&d))
                    .collect();
                let names = within(&stmts);
                if none_meets(
                    &|from, to| names.contains(&from) && names.contains(&to),
                    &backwards_inside(scop, width, d)?,
                )? {
                    jam.push((stmts.into_iter().collect(), d));
                }
            }
        }
        Ok(Assessed {
            theta,
            parallel,
            vector,
            forward: forwards,
            hot_in_whole_loops,
            jam,
            unit_stride,
            hot_in_lanes,
            hottest,
            outer_carries,
            differences: pairs,
            verified: false,
        })
    }

    /// Verifies the schedule with its marks: every dependence in order, and none carried by a
    /// parallel loop (for every statement) or a vector loop (for its group).
    pub(super) fn verify(&mut self, scop: &Scop, deps: &Dependences) -> Result<(), LoopyError> {
        verify_with(
            scop,
            deps,
            &self.theta,
            &self.checks(scop),
            &self.differences,
        )?;
        self.verified = true;
        Ok(())
    }

    /// Whether [`Assessed::verify`] would accept the schedule, without the search for an
    /// example of what fails (for candidates the strategy drops when they fail).
    pub(super) fn holds(&mut self, scop: &Scop) -> Result<bool, IslError> {
        let holds = crate::verify::holds(scop, &self.theta, &self.checks(scop), &self.differences)?;
        self.verified |= holds;
        Ok(holds)
    }

    /// What the marks claim: no dependence carried by a parallel loop (for every statement) or
    /// a vector loop (for its group).
    fn checks(&self, scop: &Scop) -> Vec<(BTreeSet<StmtId>, usize)> {
        let everyone: BTreeSet<StmtId> = (0..scop.stmts.len()).map(|k| StmtId(k as u32)).collect();
        self.parallel
            .iter()
            .map(|&d| (everyone.clone(), d))
            .chain(self.vector.iter().cloned())
            .collect()
    }

    /// Whether nothing scores higher: unit stride, a parallel loop, and every statement in the
    /// most loops in lanes.
    pub(super) fn best(&self) -> bool {
        self.unit_stride && !self.parallel.is_empty() && self.hot_in_lanes == self.hottest
    }

    /// Unit stride first (a strided innermost loop loses more to the caches than threads
    /// give on a few cores), then threads, then how many of the statements in the most loops
    /// run in vector lanes (compared in that order). Counting them, not asking all of them,
    /// matters where two statements are equally deep and only one can have lanes (symm: the
    /// update of `C` can, the reduction into `temp2` cannot).
    pub(super) fn score(&self) -> (bool, bool, usize) {
        (
            self.unit_stride,
            !self.parallel.is_empty(),
            self.hot_in_lanes,
        )
    }

    pub(super) fn describe(&self) -> String {
        let yes = |b: bool, what: &str| format!("{}{what}", if b { "" } else { "no " });
        format!(
            "{}, {}, {}",
            yes(self.unit_stride, "unit stride innermost"),
            yes(!self.parallel.is_empty(), "parallel loop"),
            yes(self.hot_in_lanes == self.hottest, "vector loop")
        )
    }
}

/// Most iterations of one short loop a back end unrolls inside a vector loop: the rule's
/// ([`crate::Target::unrolls`]).
pub(super) const SHORT: usize = crate::target::SHORT_TRIPS;

/// How the target's back end runs loops in lanes, as the assessment counts them.
#[derive(Clone, Debug)]
pub(super) struct Lanes {
    /// The most iterations of short innermost loops the back ends unroll together
    /// ([`unrolled`]).
    pub(super) unrolled: usize,
    /// Whether the compiler of the emitted code vectorizes
    /// ([`crate::target::Vectorizer::Compiler`]): gcc and clang run a loop in lanes
    /// statement after statement (each across the lanes) when every dependence it carries
    /// between its statements goes forward in its body (`d[i] = a[i + 1] + e[i]; a[i] = b[i] +
    /// c[i];`), which no vector mark claims ([`Assessed::forward`]).
    pub(super) forward: bool,
    /// The statements (by name) whose every dependence on themselves is anti: a read of an
    /// element a later iteration writes (`b[i] = b[i + 1] - d[i]`), no flow or output one.
    /// Run in lanes, statement after statement, a block's reads of such a statement come
    /// before its writes, so the compiler vectorizes a loop whose dependences carried among
    /// its statements are these or go forward in its body ([`Lanes::forward`] only: no
    /// vector mark claims them).
    pub(super) anti_only: std::rc::Rc<BTreeSet<String>>,
}

impl Lanes {
    /// The target's, for the dependences `deps` of `scop`.
    pub(super) fn of(
        target: &crate::Target,
        scop: &Scop,
        deps: &optimist_scop::model::Dependences,
    ) -> Result<Lanes, IslError> {
        use optimist_scop::model::DepKind;
        let forward = target.vectorizer == crate::target::Vectorizer::Compiler;
        let mut anti_only = BTreeSet::new();
        if forward {
            let mut on_itself = BTreeSet::new();
            for kind in [DepKind::Raw, DepKind::Waw] {
                for m in deps.statements(kind, false)?.maps()? {
                    let (from, to) = (m.tuple_name(DimType::In), m.tuple_name(DimType::Out));
                    if from.is_some() && from == to {
                        on_itself.extend(from);
                    }
                }
            }
            anti_only = (scop.stmts.iter())
                .map(|s| s.name.clone())
                .filter(|n| !on_itself.contains(n))
                .collect();
        }
        Ok(Lanes {
            unrolled: unrolled(target),
            forward,
            anti_only: std::rc::Rc::new(anti_only),
        })
    }
}

/// Most iterations of the short loops a back end unrolls inside a vector loop, all of them
/// together, by the back ends' rule ([`crate::Target::unrolls`]) with two statements in the
/// body assumed (a statement is assessed alone): the largest product of trips it allows.
pub(super) fn unrolled(target: &crate::Target) -> usize {
    (1..=target.unroll_limit)
        .rev()
        .find(|&n| target.unrolls(Some(0), 2 * n))
        .unwrap_or(0)
}

/// How many of a statement's innermost loops (`loops`, dimensions of `m`'s range, innermost
/// first) are short: a constant trip count of at most [`SHORT`] whatever the parameters, at
/// most `unrolled` iterations together. Never all of them: the outermost loop stays a loop.
pub(super) fn short_innermost(
    m: &Map,
    loops: &[usize],
    unrolled: usize,
) -> Result<usize, IslError> {
    let mut product = 1;
    let mut count = 0;
    for &d in loops.iter().take(loops.len().saturating_sub(1)) {
        let Some(k) = short_extent(m, d)? else { break };
        if product * k > unrolled {
            break;
        }
        product *= k;
        count += 1;
    }
    Ok(count)
}

/// How many values dimension `d` of `m`'s range takes, when that is a constant of at most
/// [`SHORT`] whatever the parameters.
pub(super) fn short_extent(m: &Map, d: usize) -> Result<Option<usize>, IslError> {
    let values = dimension(&m.range()?, d)?;
    let p = values.dim(DimType::Param)?;
    let values = values.project_out(DimType::Param, 0, p)?;
    if !values.is_bounded()? {
        return Ok(None);
    }
    match values.points(SHORT) {
        Ok(points) => Ok(Some(points.len())),
        Err(IslError::TooMany { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether member `k` of a band (`partial`: instances to the members' values) is short for
/// every statement ([`short_extent`]).
pub(super) fn short_member(partial: &UnionMap, k: usize) -> Result<bool, IslError> {
    for m in partial.maps()? {
        if short_extent(&m, k)?.is_none() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The differences of width `w` that are zero before `d`, positive at `d`, and lexicographically
/// negative after it: the dependences that unrolling and jamming loop `d` into the loops inside
/// it would reverse.
pub(super) fn backwards_inside(scop: &Scop, w: usize, d: usize) -> Result<UnionSet, IslError> {
    let alts = (d + 1..w).map(|e| {
        let mut c: Vec<String> = (0..d).map(|k| format!("x{k} = 0")).collect();
        c.push(format!("x{d} > 0"));
        c.extend((d + 1..e).map(|k| format!("x{k} = 0")));
        c.push(format!("x{e} < 0"));
        c
    });
    crate::verify::differences(scop, w, alts)
}
