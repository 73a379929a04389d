//! The verifier: a new schedule is legal when it is one-to-one, keeps every dependence in order,
//! and its parallel and vector loops carry no dependence (paper 004, §4.1).
//!
//! # Design notes
//!
//! - **Verifier** (`verify.rs`). Once, after the whole script: the instances are all there, `θ'` is
//!   one-to-one, every memory-based dependence (RAW, WAR, WAW; tagged, so the array is known) keeps
//!   `θ'(s, i) ≺ θ'(t, j)`, and no parallel or vector mark carries one. A `Violation` names the
//!   kind, both statements with their lines, the array, and an isl sample pair.

use crate::LoopyError;
use optimist_presburger::{DimType, Error as IslError, Map, UnionMap, UnionSet};
use optimist_scop::model::{AccessId, DepKind, Dependences, Scop, StmtId};
use std::collections::{BTreeSet, HashMap};
use std::fmt;

/// Why a schedule is refused: each kind is *invalid input* (the script, or the marks, would
/// change the program's results).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViolationKind {
    /// Two instances would run at the same time.
    NotInjective,
    /// Some instance would not run at all.
    Missing,
    /// A dependence would run backwards (or both ends at once).
    Order(DepKind),
    /// A dependence would be carried by a loop marked parallel or vector (schedule dimension).
    Carried(DepKind, usize),
    /// Tiling the band that starts at this schedule dimension would run a dependence
    /// backwards (the band is not permutable for it).
    Tiling(usize),
}

/// One reason a schedule is refused, with a concrete example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// What is wrong.
    pub kind: ViolationKind,
    /// The statement of the first instance (the dependence source).
    pub source: Option<String>,
    /// The statement of the second instance (the dependence target).
    pub target: Option<String>,
    /// The array the dependence goes through.
    pub array: Option<String>,
    /// One offending pair of instances, in isl notation.
    pub sample: String,
    /// The source lines of the two statements.
    pub lines: (Option<u32>, Option<u32>),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stmt = |s: &Option<String>, l: Option<u32>| match (s, l) {
            (Some(s), Some(l)) => format!("{s} (line {l})"),
            (Some(s), None) => s.clone(),
            _ => "?".into(),
        };
        let pair = format!(
            "{} -> {}",
            stmt(&self.source, self.lines.0),
            stmt(&self.target, self.lines.1)
        );
        let array = self
            .array
            .as_ref()
            .map(|a| format!(" through array `{a}`"))
            .unwrap_or_default();
        match &self.kind {
            ViolationKind::NotInjective => write!(
                f,
                "two instances would run at the same time: {}",
                self.sample
            ),
            ViolationKind::Missing => write!(f, "instances would not run: {}", self.sample),
            ViolationKind::Tiling(d) => write!(
                f,
                "tiling the band at schedule dimension {d} would run a dependence backwards, for example {}",
                self.sample
            ),
            ViolationKind::Order(k) => {
                write!(
                    f,
                    "{k:?} dependence {pair}{array} would be reversed, for example {}",
                    self.sample
                )
            }
            ViolationKind::Carried(k, d) => write!(
                f,
                "{k:?} dependence {pair}{array} is carried by schedule dimension {d}, marked parallel or vector, for example {}",
                self.sample
            ),
        }
    }
}

impl Violation {
    /// A violation that concerns no particular dependence.
    fn without_dependence(kind: ViolationKind, sample: String) -> Violation {
        Violation {
            kind,
            source: None,
            target: None,
            array: None,
            sample,
            lines: (None, None),
        }
    }
}

/// One point of `set`, in isl notation (empty when there is none).
pub(crate) fn sample_set(set: &UnionSet) -> String {
    set.sets()
        .ok()
        .and_then(|s| s.first().and_then(|s| s.sample_point().ok().flatten()))
        .map(|p| p.to_string())
        .unwrap_or_default()
}

/// One pair of `rel`, in isl notation (empty when there is none).
pub(crate) fn sample_pair(rel: &UnionMap) -> String {
    rel.wrap().map(|w| sample_set(&w)).unwrap_or_default()
}

/// The number of output dimensions of the widest map of `rel` (0 when it is empty).
pub(crate) fn out_width(rel: &UnionMap) -> Result<usize, IslError> {
    let mut width = 0;
    for m in rel.maps()? {
        width = width.max(m.dim(optimist_presburger::DimType::Out)?);
    }
    Ok(width)
}

/// The schedule that runs the instances in the order of `theta` (one band).
pub(crate) fn schedule_of(
    scop: &Scop,
    theta: &UnionMap,
) -> Result<optimist_presburger::Schedule, IslError> {
    optimist_presburger::Schedule::from_domain(&scop.domains()?)?.insert_partial_schedule(
        &optimist_presburger::MultiUnionPwAff::from_union_map(theta)?,
    )
}

/// The access tags of a tagged dependence map (`[S[i] -> aK[]] -> [T[j] -> aL[]]`): the
/// accesses its source and its target name, read off the wrapped spaces.
fn tags(m: &Map) -> Vec<AccessId> {
    let tag = |side: Result<optimist_presburger::Set, IslError>| {
        let name = side.ok()?.unwrap_map().ok()?.tuple_name(DimType::Out)?;
        AccessId::parse_tag(&name)
    };
    [tag(m.domain()), tag(m.range())]
        .into_iter()
        .flatten()
        .collect()
}

fn stmt_by_name(scop: &Scop, name: Option<String>) -> Option<StmtId> {
    let name = name?;
    scop.stmts
        .iter()
        .position(|s| s.name == name)
        .map(|k| StmtId(k as u32))
}

/// Builds a violation from the offending part `bad` of one tagged dependence map.
fn report(
    scop: &Scop,
    kind: ViolationKind,
    tagged: &Map,
    bad: &Map,
) -> Result<Violation, IslError> {
    let sample = sample_pair(&bad.to_union()?);
    let src = stmt_by_name(scop, bad.tuple_name(optimist_presburger::DimType::In));
    let tgt = stmt_by_name(scop, bad.tuple_name(optimist_presburger::DimType::Out));
    let t = tags(tagged);
    let array = t
        .first()
        .and_then(|&a| scop.accesses.get(a))
        .map(|a| scop.array(a.array).name.clone());
    let line = |s: Option<StmtId>| s.and_then(|s| scop.stmt(s).loc.as_ref().map(|l| l.line));
    Ok(Violation {
        kind,
        source: src.map(|s| scop.stmt(s).name.clone()),
        target: tgt.map(|s| scop.stmt(s).name.clone()),
        array,
        sample,
        lines: (line(src), line(tgt)),
    })
}

/// The pairs of schedule vectors of width `w` equal before `d` and different at `d`.
fn carried_pairs(scop: &Scop, w: usize, d: usize) -> Result<UnionMap, IslError> {
    let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
    let y: Vec<String> = (0..w).map(|k| format!("y{k}")).collect();
    let mut c: Vec<String> = (0..d).map(|k| format!("x{k} = y{k}")).collect();
    c.push(format!("(x{d} < y{d} or x{d} > y{d})"));
    Map::parse(
        &scop.ctx,
        &format!(
            "{{ [{}] -> [{}] : {} }}",
            x.join(", "),
            y.join(", "),
            c.join(" and ")
        ),
    )?
    .to_union()
}

/// The differences of width `w` that are zero before `d` and not at `d`: a dependence with such
/// a difference is carried by dimension `d`.
pub(crate) fn carried_at(
    scop: &Scop,
    w: usize,
    d: usize,
) -> Result<optimist_presburger::UnionSet, IslError> {
    let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
    let mut c: Vec<String> = (0..d).map(|k| format!("x{k} = 0")).collect();
    c.push(format!("(x{d} < 0 or x{d} > 0)"));
    optimist_presburger::Set::parse(
        &scop.ctx,
        &format!("{{ [{}] : {} }}", x.join(", "), c.join(" and ")),
    )?
    .to_union()
}

/// The lexicographically positive differences of width `w`.
pub(crate) fn lex_positive(
    scop: &Scop,
    w: usize,
) -> Result<optimist_presburger::UnionSet, IslError> {
    let alts = (0..w).map(|k| {
        let mut c: Vec<String> = (0..k).map(|i| format!("x{i} = 0")).collect();
        c.push(format!("x{k} > 0"));
        c
    });
    differences(scop, w, alts)
}

/// The differences `[x0, ..., x{w-1}]` that satisfy one of the conjunctions `alts` (`false`
/// when there is none).
pub(crate) fn differences(
    scop: &Scop,
    w: usize,
    alts: impl Iterator<Item = Vec<String>>,
) -> Result<optimist_presburger::UnionSet, IslError> {
    let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
    let alts: Vec<String> = alts.map(|c| format!("({})", c.join(" and "))).collect();
    let cond = if alts.is_empty() {
        "false".to_string()
    } else {
        alts.join(" or ")
    };
    optimist_presburger::Set::parse(&scop.ctx, &format!("{{ [{}] : {cond} }}", x.join(", ")))?
        .to_union()
}

/// Whether tiling a band of `theta` keeps every dependence of `all` (statement to statement) in
/// order. The band starts at flat dimension `p` of `theta`; `members` are its members (instances
/// to values), each tiled as `floor(member / size)` into a tile loop placed before `p`,
/// the point loops being `theta`'s own dimensions.
///
/// Tiling is legal when every dependence between two of the band's statements that `theta` does
/// not carry before `p` has a non-negative distance along every member (floor is monotone, so no
/// tile loop then runs it backwards, and where all tile loops agree `theta` orders it), and no
/// dependence between one of the band's statements and another statement is left undecided
/// before `p`. Returns, per member, whether those distances are all zero along it: its tile loop
/// carries no dependence.
pub(crate) fn tiling(
    scop: &Scop,
    all: &UnionMap,
    theta: &UnionMap,
    p: usize,
    members: &UnionMap,
    n: usize,
) -> Result<Result<Vec<bool>, Violation>, IslError> {
    let width = out_width(theta)?;
    let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
    let y: Vec<String> = (0..width).map(|k| format!("y{k}")).collect();
    let eq: Vec<String> = (0..p.min(width)).map(|k| format!("x{k} = y{k}")).collect();
    let same_before = Map::parse(
        &scop.ctx,
        &format!(
            "{{ [{}] -> [{}] : {} }}",
            x.join(", "),
            y.join(", "),
            if eq.is_empty() {
                "true".to_string()
            } else {
                eq.join(" and ")
            }
        ),
    )?
    .to_union()?;
    // Only the dependences with an end in the band matter: the statements at their ends are
    // the only ones whose times are compared (deriche: 2 of 34 statements, a third of the
    // strategy's time when every pair of times was formed).
    let band = members.domain()?;
    let touching = all
        .intersect_domain(&band)?
        .union(&all.intersect_range(&band)?)?;
    let near = theta.intersect_domain(&touching.domain()?.union(&touching.range()?)?)?;
    let undecided = touching.intersect(
        &near
            .apply_range(&same_before)?
            .apply_range(&near.reverse()?)?,
    )?;
    let inside = undecided.intersect_domain(&band)?.intersect_range(&band)?;
    let refuse =
        |bad: &UnionMap| Violation::without_dependence(ViolationKind::Tiling(p), sample_pair(bad));
    // One end in the band, the other not (dependences between other statements get the same
    // zeros in the tile loops: their order does not change).
    let cross = undecided
        .intersect_domain(&band)?
        .subtract_range(&band)?
        .union(&undecided.subtract_domain(&band)?.intersect_range(&band)?)?;
    if !cross.is_empty()? {
        return Ok(Err(refuse(&cross)));
    }
    let distances = inside
        .apply_domain(members)?
        .apply_range(members)?
        .deltas()?;
    let z: Vec<String> = (0..n).map(|k| format!("z{k}")).collect();
    let forward = optimist_presburger::Set::parse(
        &scop.ctx,
        &format!(
            "{{ [{}] : {} }}",
            z.join(", "),
            z.iter()
                .map(|v| format!("{v} >= 0"))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    )?
    .to_union()?;
    if !distances.is_subset(&forward)? {
        return Ok(Err(Violation::without_dependence(
            ViolationKind::Tiling(p),
            sample_set(&distances.subtract(&forward)?),
        )));
    }
    let mut zero = Vec::with_capacity(n);
    for k in 0..n {
        let moving = optimist_presburger::Set::parse(
            &scop.ctx,
            &format!("{{ [{}] : z{k} < 0 or z{k} > 0 }}", z.join(", ")),
        )?
        .to_union()?;
        zero.push(distances.intersect(&moving)?.is_empty()?);
    }
    Ok(Ok(zero))
}

/// Checks `theta` (instances to schedule vectors, every statement to the same width) against the
/// memory-based dependences; `checks` are the statement sets and schedule dimensions marked
/// parallel or vector. Returns every kind of violation found, one example each.
pub fn verify(
    scop: &Scop,
    deps: &Dependences,
    theta: &UnionMap,
    checks: &[(BTreeSet<StmtId>, usize)],
) -> Result<(), LoopyError> {
    check(scop, deps, theta, checks, None, &[])?.map_err(LoopyError::Refused)
}

/// [`verify`] with the parallel marks apart from the vector ones: a loop marked `parallel` may
/// carry dependences on a local scalar that each thread can keep a copy of its own (every
/// iteration writes it before reading it, and no value of it leaves the iteration: see
/// `private.rs`); the back ends give each thread its copy. Vector marks are checked as
/// [`verify`] checks them.
pub fn verify_marks(
    scop: &Scop,
    deps: &Dependences,
    theta: &UnionMap,
    parallel: &[(BTreeSet<StmtId>, usize)],
    vector: &[(BTreeSet<StmtId>, usize)],
) -> Result<(), LoopyError> {
    let checks: Vec<(BTreeSet<StmtId>, usize)> = parallel.iter().chain(vector).cloned().collect();
    // The differences of times, once for both checks.
    let differences = time_differences(deps.all_statements()?, theta)?;
    let strict = check(scop, deps, theta, &checks, Some(&differences), &[])?;
    if strict.is_ok() || parallel.is_empty() {
        return strict.map_err(LoopyError::Refused);
    }
    let privates = crate::private::Privates::of(scop);
    if privates.is_empty() {
        return strict.map_err(LoopyError::Refused);
    }
    let flows = privates.flows(scop, &privates.among(|_| true))?;
    let mut exempt = Vec::with_capacity(checks.len());
    for (_, d) in parallel {
        exempt.push(flows.at(theta, *d)?);
    }
    check(scop, deps, theta, &checks, Some(&differences), &exempt)?.map_err(LoopyError::Refused)
}

/// Whether no dependence between the statements of `check` is carried by its dimension, but
/// those on the arrays of `private` (scalars each thread keeps a copy of).
pub(crate) fn carried_free(
    scop: &Scop,
    deps: &Dependences,
    theta: &UnionMap,
    (stmts, d): &(BTreeSet<StmtId>, usize),
    private: &[optimist_scop::model::ScopArrayId],
) -> Result<bool, IslError> {
    let width = out_width(theta)?;
    if *d >= width {
        return Ok(true);
    }
    let mut kept = UnionMap::empty(&scop.ctx)?;
    for kind in [DepKind::Raw, DepKind::War, DepKind::Waw] {
        for tagged in deps.get(kind, false).maps()? {
            // Only dependences between the check's statements, and not on its own scalars.
            let accesses = tags(&tagged);
            if accesses.iter().any(|&a| {
                private.contains(&scop.access(a).array) || !stmts.contains(&scop.access(a).stmt)
            }) {
                continue;
            }
            kept = kept.union(&tagged.to_union()?.factor_domain()?)?;
        }
    }
    let kept = kept.subtract(&scop.domains()?.identity()?)?;
    let carried = carried_at(scop, width, *d)?;
    for (_, _, deltas) in time_differences(kept, theta)? {
        if !deltas.intersect(&carried)?.is_empty()? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The differences of times `θ(t, j) - θ(s, i)` of the dependences from statement `s` to
/// statement `t`, by their names, for one `θ`: what the strategy's assessment computes and the
/// verifier reuses.
pub(crate) type Differences = Vec<(String, String, optimist_presburger::UnionSet)>;

/// The [`Differences`] of the statement-level dependences `all` under `theta`, one set per
/// pair of statements.
///
/// Each pair's set is computed on single maps (the two statements' parts of `theta`): a
/// union's operations look up every pair of spaces. A pair whose statements have no part, or
/// parts of different widths, has no differences (as the union's operations would give).
///
/// Where both statements' parts have fixed values at a dimension (statement positions, the
/// statement number), the difference there is the difference of the values: those dimensions
/// are left out of the composition and put back fixed, which gives the same set (isl's
/// differences of two 9-dimensional relations cost most where they carried every dimension).
pub(crate) fn time_differences(all: UnionMap, theta: &UnionMap) -> Result<Differences, IslError> {
    use optimist_presburger::DimType;
    let mut parts: HashMap<String, (Map, Vec<Option<i64>>)> = HashMap::new();
    for m in theta.maps()? {
        let fixed = (0..m.dim(DimType::Out)?)
            .map(|d| m.plain_fixed(DimType::Out, d))
            .collect::<Result<Vec<_>, _>>()?;
        parts.insert(m.tuple_name(DimType::In).unwrap_or_default(), (m, fixed));
    }
    let mut cache = Reduced::default();
    all.maps()?
        .into_iter()
        .map(|m| {
            let from = m.tuple_name(DimType::In).unwrap_or_default();
            let to = m.tuple_name(DimType::Out).unwrap_or_default();
            let deltas = match (parts.get(&from), parts.get(&to)) {
                (Some((s, fs)), Some((t, ft))) if fs.len() == ft.len() => cache
                    .differences(&m, (&from, s, fs), (&to, t, ft))?
                    .to_union()?,
                _ => optimist_presburger::UnionSet::empty(theta.ctx())?,
            };
            Ok((from, to, deltas))
        })
        .collect()
}

/// The fewest dimensions fixed in both parts of a pair for [`Reduced`] to leave them out:
/// below, the projections and the map that puts them back cost more than they save (gemm's
/// flat schedules of 4 or 5 dimensions: 7.9 million instructions directly, 10.0 with every
/// fixed dimension left out; deriche's of 9, most fixed in both: 371 million directly, 288 so).
const REDUCED_FROM: usize = 3;

/// The parts [`time_differences`] composes without the dimensions where both statements are
/// fixed, and the maps that put those dimensions back: asked once per statement and set of
/// dimensions, not once per pair.
#[derive(Default)]
struct Reduced {
    /// A statement's part without the dimensions `Vec<usize>`, by its name.
    parts: HashMap<(String, Vec<usize>), Map>,
    /// `{ [reduced] -> [full] }`: the dimensions put back with their values, by width and
    /// dimensions with values.
    embed: HashMap<(usize, Vec<(usize, i64)>), Map>,
}

impl Reduced {
    /// `{ t(j) - s(i) : i -> j in dep }` for the parts `s` and `t` of the dependence's two
    /// statements (named, of one width, with their fixed values per dimension).
    fn differences(
        &mut self,
        dep: &Map,
        (from, s, fs): (&str, &Map, &[Option<i64>]),
        (to, t, ft): (&str, &Map, &[Option<i64>]),
    ) -> Result<optimist_presburger::Set, IslError> {
        let both: Vec<(usize, i64)> = fs
            .iter()
            .zip(ft)
            .enumerate()
            .filter_map(|(d, (a, b))| Some((d, b.as_ref()?.checked_sub(*a.as_ref()?)?)))
            .collect();
        // Leaving out a few dimensions saves less than it costs.
        if both.len() < REDUCED_FROM {
            return dep.apply_domain(s)?.apply_range(t)?.deltas();
        }
        let dims: Vec<usize> = both.iter().map(|&(d, _)| d).collect();
        let s = self.reduced(from, s, &dims)?;
        let t = self.reduced(to, t, &dims)?;
        let deltas = dep.apply_domain(&s)?.apply_range(&t)?.deltas()?;
        let width = fs.len();
        let embed = match self.embed.entry((width, both)) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let both = &e.key().1;
                let mut kept = Vec::new();
                let full: Vec<String> = (0..width)
                    .map(|d| match both.iter().find(|&&(b, _)| b == d) {
                        Some(&(_, v)) => v.to_string(),
                        None => {
                            kept.push(format!("x{d}"));
                            format!("x{d}")
                        }
                    })
                    .collect();
                let text = format!("{{ [{}] -> [{}] }}", kept.join(", "), full.join(", "));
                e.insert(Map::parse(dep.ctx(), &text)?)
            }
        };
        deltas.apply(embed)
    }

    /// Part `m` of statement `name` without the dimensions `dims`.
    fn reduced(&mut self, name: &str, m: &Map, dims: &[usize]) -> Result<Map, IslError> {
        let key = (name.to_string(), dims.to_vec());
        if let Some(r) = self.parts.get(&key) {
            return Ok(r.clone());
        }
        let mut r = m.clone();
        for &d in dims.iter().rev() {
            r = r.project_out(optimist_presburger::DimType::Out, d, 1)?;
        }
        self.parts.insert(key, r.clone());
        Ok(r)
    }
}

/// [`verify`] with the [`Differences`] of `theta` already computed from the memory-based
/// dependences of `deps` (as [`time_differences`] gives them).
pub(crate) fn verify_with(
    scop: &Scop,
    deps: &Dependences,
    theta: &UnionMap,
    checks: &[(BTreeSet<StmtId>, usize)],
    differences: &Differences,
) -> Result<(), LoopyError> {
    check(scop, deps, theta, checks, Some(differences), &[])?.map_err(LoopyError::Refused)
}

/// The fast test of [`check`]: whether the differences of times `θ(t, j) - θ(s, i)` of every
/// statement-level dependence are lexicographically positive, and, for each of `checks`, whether
/// no dependence between its statements crosses an iteration of its dimension.
fn fast_test(
    scop: &Scop,
    theta: &UnionMap,
    checks: &[(BTreeSet<StmtId>, usize)],
    differences: &Differences,
) -> Result<(bool, Vec<bool>), IslError> {
    let width = out_width(theta)?;
    let positive = lex_positive(scop, width)?;
    let mut order_ok = true;
    let mut carried_ok = vec![true; checks.len()];
    for (from, to, deltas) in differences {
        let (src, tgt) = (
            stmt_by_name(scop, Some(from.clone())),
            stmt_by_name(scop, Some(to.clone())),
        );
        order_ok = order_ok && deltas.is_subset(&positive)?;
        for (k, (stmts, d)) in checks.iter().enumerate() {
            let inside =
                src.is_some_and(|s| stmts.contains(&s)) && tgt.is_some_and(|t| stmts.contains(&t));
            if carried_ok[k]
                && *d < width
                && inside
                && !deltas
                    .intersect(&carried_at(scop, width, *d)?)?
                    .is_empty()?
            {
                carried_ok[k] = false;
            }
        }
    }
    Ok((order_ok, carried_ok))
}

/// Whether [`verify_with`] would accept `theta` with `checks`, without searching the tagged
/// dependences for an example of what fails: what the strategy asks of the candidates it may
/// drop (an example search cost the recursive filter `corpus/suite/deriche.c` a fifth of its
/// compile time).
pub(crate) fn holds(
    scop: &Scop,
    theta: &UnionMap,
    checks: &[(BTreeSet<StmtId>, usize)],
    differences: &Differences,
) -> Result<bool, IslError> {
    let domains = scop.domains()?;
    let theta = &theta.intersect_domain(&domains)?;
    if !domains.subtract(&theta.domain()?)?.is_empty()? || !one_to_one(theta)? {
        return Ok(false);
    }
    let (order_ok, carried_ok) = fast_test(scop, theta, checks, differences)?;
    Ok(order_ok && carried_ok.iter().all(|&ok| ok))
}

/// Whether `theta` runs no two instances at one time (`isl_union_map_is_injective`), asked per
/// statement and per pair of statements: each statement's map is one-to-one, and no two
/// statements' times meet. Two statements with different fixed values at one dimension (a
/// sequence position, a statement number) cannot meet, and are not asked; isl's union test
/// composes every pair of maps.
fn one_to_one(theta: &UnionMap) -> Result<bool, IslError> {
    use optimist_presburger::DimType;
    let maps = theta.maps()?;
    let mut fixed = Vec::with_capacity(maps.len());
    for m in &maps {
        if !m.is_injective()? {
            return Ok(false);
        }
        let width = m.dim(DimType::Out)?;
        let values = (0..width)
            .map(|d| m.plain_fixed(DimType::Out, d))
            .collect::<Result<Vec<_>, _>>()?;
        fixed.push(values);
    }
    let mut ranges: Vec<Option<optimist_presburger::Set>> = vec![None; maps.len()];
    for a in 0..maps.len() {
        for b in a + 1..maps.len() {
            // Times of other widths or names are other spaces.
            if fixed[a].len() != fixed[b].len()
                || maps[a].tuple_name(DimType::Out) != maps[b].tuple_name(DimType::Out)
            {
                continue;
            }
            let apart = fixed[a]
                .iter()
                .zip(&fixed[b])
                .any(|(x, y)| matches!((x, y), (Some(x), Some(y)) if x != y));
            if apart {
                continue;
            }
            for k in [a, b] {
                if ranges[k].is_none() {
                    ranges[k] = Some(maps[k].range()?);
                }
            }
            if let (Some(ra), Some(rb)) = (&ranges[a], &ranges[b])
                && !ra.intersect(rb)?.is_empty()?
            {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

fn check(
    scop: &Scop,
    deps: &Dependences,
    theta: &UnionMap,
    checks: &[(BTreeSet<StmtId>, usize)],
    known: Option<&Differences>,
    exempt: &[Vec<optimist_scop::model::ScopArrayId>],
) -> Result<Result<(), Vec<Violation>>, IslError> {
    let mut out = Vec::new();
    let domains = scop.domains()?;
    let identity = domains.identity()?;
    let theta = &theta.intersect_domain(&domains)?;
    let missing = domains.subtract(&theta.domain()?)?;
    if !missing.is_empty()? {
        out.push(Violation::without_dependence(
            ViolationKind::Missing,
            sample_set(&missing),
        ));
    }
    if !one_to_one(theta)? {
        let same = theta.apply_range(&theta.reverse()?)?.subtract(&identity)?;
        out.push(Violation::without_dependence(
            ViolationKind::NotInjective,
            sample_pair(&same),
        ));
    }
    let computed;
    let differences = match known {
        Some(d) => d,
        None => {
            computed = time_differences(deps.all_statements()?, theta)?;
            &computed
        }
    };
    let (order_ok, mut carried_ok) = fast_test(scop, theta, checks, differences)?;
    // A check with scalars each thread keeps a copy of: asked without their dependences.
    let exempt_of = |k: usize| exempt.get(k).filter(|e| !e.is_empty());
    for (k, c) in checks.iter().enumerate() {
        if let Some(private) = exempt_of(k)
            && !carried_ok[k]
        {
            carried_ok[k] = carried_free(scop, deps, theta, c, private)?;
        }
    }
    let width = out_width(theta)?;
    let doms = checks
        .iter()
        .map(|(stmts, _)| {
            let mut dom = optimist_presburger::UnionSet::empty(&scop.ctx)?;
            for s in stmts {
                dom = dom.union(&scop.stmt(*s).domain.to_union()?)?;
            }
            Ok(dom)
        })
        .collect::<Result<Vec<_>, IslError>>()?;

    let mut before = None;
    for kind in [DepKind::Raw, DepKind::War, DepKind::Waw] {
        if order_ok && carried_ok.iter().all(|&ok| ok) {
            break;
        }
        let plain_kind = deps.statements(kind, false)?;
        if plain_kind.is_empty()? {
            continue;
        }
        // Only what failed is searched for examples, kind by kind.
        let mut seen_order = order_ok;
        let mut seen_carried = carried_ok.clone();
        let before = match &before {
            Some(b) => b,
            None => before.insert(theta.lex_lt_union_map(theta)?),
        };
        for tagged in deps.get(kind, false).maps()? {
            let plain = tagged.to_union()?.factor_domain()?.subtract(&identity)?;
            if plain.is_empty()? {
                continue;
            }
            if !seen_order {
                let bad = plain.subtract(before)?;
                if let Some(b) = bad
                    .maps()?
                    .into_iter()
                    .find(|m| !m.is_empty().unwrap_or(true))
                {
                    out.push(report(scop, ViolationKind::Order(kind), &tagged, &b)?);
                    seen_order = true;
                }
            }
            let arrays: Vec<_> = tags(&tagged)
                .iter()
                .map(|&a| scop.access(a).array)
                .collect();
            for (k, (_, d)) in checks.iter().enumerate() {
                if seen_carried[k] || *d >= width {
                    continue;
                }
                if exempt_of(k).is_some_and(|p| arrays.iter().any(|a| p.contains(a))) {
                    continue;
                }
                let dom = &doms[k];
                let same_loop = theta
                    .apply_range(&carried_pairs(scop, width, *d)?)?
                    .apply_range(&theta.reverse()?)?;
                let bad = plain
                    .intersect_domain(dom)?
                    .intersect_range(dom)?
                    .intersect(&same_loop)?;
                if let Some(b) = bad
                    .maps()?
                    .into_iter()
                    .find(|m| !m.is_empty().unwrap_or(true))
                {
                    out.push(report(scop, ViolationKind::Carried(kind, *d), &tagged, &b)?);
                    seen_carried[k] = true;
                }
            }
        }
    }
    Ok(if out.is_empty() { Ok(()) } else { Err(out) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use optimist_scop::frontend;

    /// The test per pair of statements answers what isl's union test answers.
    #[test]
    fn one_to_one_agrees_with_isl() {
        let ctx = optimist_presburger::Ctx::new();
        for (text, expected) in [
            // Apart by a statement number, or by their times.
            (
                "[n] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i, 1] : 0 <= i < n }",
                true,
            ),
            (
                "[n] -> { S[i] -> [i] : 0 <= i < n; T[i] -> [i + n] : 0 <= i < n }",
                true,
            ),
            // Two statements at one time, for some parameter values only.
            (
                "[n] -> { S[i] -> [i] : 0 <= i < n; T[i] -> [i + 10] : 0 <= i < n }",
                false,
            ),
            // One statement whose instances share a time.
            ("{ S[i, j] -> [i] : 0 <= i, j < 4 }", false),
            // Fixed at one dimension but equal there, apart at none.
            (
                "{ S[i] -> [0, i] : 0 <= i < 4; T[i] -> [0, 3 - i] : 0 <= i < 4 }",
                false,
            ),
            // Different widths: other spaces.
            (
                "{ S[i] -> [i] : 0 <= i < 4; T[i] -> [i, 0] : 0 <= i < 4 }",
                true,
            ),
        ] {
            let theta = UnionMap::parse(&ctx, text).unwrap();
            assert_eq!(theta.is_injective().unwrap(), expected, "isl: {text}");
            assert_eq!(one_to_one(&theta).unwrap(), expected, "{text}");
        }
    }

    fn model(src: &str) -> (Scop, UnionMap, UnionMap) {
        let f = frontend::parse_source("k.c", src, None, &Default::default()).unwrap();
        let scop = Scop::build(&f, &Default::default()).unwrap();
        let deps = Dependences::compute(&scop, &Default::default()).unwrap();
        let all = deps.all_statements().unwrap();
        let theta = crate::auto::flat(&scop, &scop.schedule)
            .unwrap()
            .intersect_domain(&scop.domains().unwrap())
            .unwrap();
        (scop, all, theta)
    }

    fn members(scop: &Scop, text: &str) -> UnionMap {
        let params: Vec<&str> = scop.params.iter().map(|p| p.name.as_str()).collect();
        Map::parse(&scop.ctx, &format!("[{}] -> {text}", params.join(", ")))
            .unwrap()
            .to_union()
            .unwrap()
    }

    #[test]
    fn a_band_is_tiled_only_when_every_distance_along_it_is_forward() {
        // A[i][j] reads A[i - 1][j + 1]: distance (1, -1) along (i, j).
        let (scop, all, theta) = model(
            "void k(int n, double A[n][n]) {\n  for (int i = 1; i < n; i++)\n    for (int j = 0; j < n - 1; j++)\n      A[i][j] = A[i - 1][j + 1];\n}",
        );
        let plain = members(&scop, "{ S0[i, j] -> [i, j] }");
        let refused = tiling(&scop, &all, &theta, 0, &plain, 2).unwrap();
        let Err(v) = refused else {
            panic!("tiling (i, j) accepted")
        };
        assert_eq!(v.kind, ViolationKind::Tiling(0));
        // Skewed, (i, i + j) has distances (1, 0): tiles are legal, and only the second tile
        // loop carries nothing.
        let skewed = members(&scop, "{ S0[i, j] -> [i, i + j] }");
        assert_eq!(
            tiling(&scop, &all, &theta, 0, &skewed, 2).unwrap().unwrap(),
            [false, true]
        );
    }

    #[test]
    fn dependences_between_other_statements_do_not_stop_a_tiling() {
        // S0 and S1 write and read `t` in every iteration of `i`; S2 is a band of its own
        // after them. Tiling S2's band leaves their dependences where they were.
        let (scop, all, theta) = model(
            "void k(int n, double A[n][n], double B[n]) {\n  double t;\n  for (int i = 0; i < n; i++) {\n    t = B[i];\n    B[i] = t * 2.0;\n  }\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      A[i][j] = A[i][j] + B[j];\n}",
        );
        let band = members(&scop, "{ S2[i, j] -> [i, j] }");
        assert_eq!(
            tiling(&scop, &all, &theta, 1, &band, 2).unwrap().unwrap(),
            [true, true]
        );
    }

    #[test]
    fn a_product_band_has_two_parallel_tile_loops() {
        let (scop, all, theta) = model(
            "void k(int n, double A[n][n], double B[n][n], double C[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      for (int k = 0; k < n; k++)\n        C[i][j] += A[i][k] * B[k][j];\n}",
        );
        let band = members(&scop, "{ S0[i, j, k] -> [i, j, k] }");
        assert_eq!(
            tiling(&scop, &all, &theta, 0, &band, 3).unwrap().unwrap(),
            [true, true, false]
        );
    }
}
