//! Loopy: programmable, verified loop transformations (paper 004), and the automatic strategy.
//!
//! A programmer names loops with C labels (`Mult: for (...)`) and writes a short [`Script`];
//! [`apply`] carries it out on the schedule and [`verify`] refuses the result, with the reason,
//! when it would change the program's results: the final schedule must be one-to-one and keep
//! every dependence in order, and loops marked `parallel` or `vectorize` must carry none. The
//! check runs once, after the whole script (dependences may be broken and restored in between,
//! §4.1). [`auto`] chooses a schedule with isl's scheduler and tiling; its result goes through
//! the same verifier.
//!
//! [`correspondence`] checks the other side (§4.2): that the model `Scop::build` made runs the
//! program's instances in the program's order, and for which parameter values.
//!
//! The semantics of the operators are in [`transform`]. Loopy never changes the program IR or
//! the model's domains and accesses: it produces a new schedule for code generation
//! (`optimist_codegen::Strategy::Script` compiles it).
//!
//! ```
//! use optimist_loopy::{LoopyError, Script, apply};
//! use optimist_scop::{frontend, model::{Dependences, Scop}};
//! let src = "void f(int n, double A[n]) {\nDiv:\n  for (int i = 1; i < n; i++)\n    A[i] = A[i] / A[i - 1];\n}";
//! let f = frontend::parse_source("f.c", src, None, &Default::default()).unwrap();
//! let scop = Scop::build(&f, &Default::default()).unwrap();
//! let deps = Dependences::compute(&scop, &Default::default()).unwrap();
//! // Shifting the loop is legal; reversing it is not (the paper's Figure 1b).
//! apply(&scop, &deps, &Script::parse("shift(Div, 0, 3)").unwrap()).unwrap();
//! let err = apply(&scop, &deps, &Script::parse("reverse(Div, 0)").unwrap()).unwrap_err();
//! assert!(matches!(err, LoopyError::Refused(_)));
//! assert!(err.to_string().contains("Raw dependence S0 (line 4) -> S0 (line 4) through array `A`"));
//! ```
//!
//! # Design notes
//!
//! The notes on each module are in that module's documentation; these are the crate's own.
//!
//! Paper 004. Depends on `presburger` and `scop` only: it produces schedules, `codegen` compiles
//! them (so the tests that run transformed code live in the facade's `tests/loopy_scripts.rs`).
//!

mod auto;
mod correspondence;
pub mod decision;
mod private;
mod script;
mod split;
mod target;
mod together;
pub mod transform;
mod verify;

pub use auto::{AutoConfig, TYPICAL_EXTENT, auto};
pub use correspondence::{
    Correspondence, CorrespondenceError, check_correspondence, correspondence,
};
pub use decision::{Decision, Departure, Estimate, ScheduleChoice};
pub use script::{Arg, Op, Pos, Script, ScriptError};
pub use target::{BlockShape, CostModel, SHORT_TRIPS, Target, TargetKind, Vectorizer};
pub use together::run_together;
pub use verify::{Violation, ViolationKind, verify, verify_marks};

use optimist_presburger::{Error as IslError, Map, Schedule, Set, UnionMap};
use optimist_scop::model::{Dependences, Scop, StmtId};
use std::collections::{BTreeMap, BTreeSet};
use transform::{Component, LoopySchedule, Position, Shorthand};

/// Why a script could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoopyError {
    /// *Invalid input*: the script does not parse.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// *Invalid input*: an operation cannot be applied (unknown tag, bad isl text, a map whose
    /// input does not fit).
    #[error("line {}, column {}: {message}", pos.line, pos.col)]
    Invalid {
        /// Where in the script.
        pos: Pos,
        /// What is wrong.
        message: String,
    },
    /// *Invalid input*: the transformation would change the results.
    #[error("the transformation is refused:\n{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Refused(Vec<Violation>),
    /// *Limit reached* or *bug*: isl failed.
    #[error("isl: {0}")]
    Isl(#[from] IslError),
}

/// A loop mark: the loops of schedule dimension `dim` (of [`Transformed::theta`]) that hold only
/// instances of `stmts`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The schedule dimension.
    pub dim: usize,
    /// The statements the mark was checked for.
    pub stmts: BTreeSet<StmtId>,
}

/// A new schedule for a model, verified.
#[derive(Clone, Debug)]
pub struct Transformed {
    /// The schedule to generate code from.
    pub schedule: Schedule,
    /// The schedule as a relation from instances to time vectors.
    pub theta: UnionMap,
    /// Loops that may run in parallel (checked: they carry no dependence).
    pub parallel: Vec<Mark>,
    /// Loops that may run in vector lanes (checked likewise).
    pub vector: Vec<Mark>,
    /// Loops around a vector loop that may be unrolled and jammed into it (register tiles):
    /// running several of their iterations together, innermost, reverses no dependence.
    /// Computed by the automatic strategy; none for scripts.
    pub jam: Vec<Mark>,
    /// Loops whose body is a register block (a product's `C[i][j]` in blocks of rows by
    /// vector columns, below them): the elements the block writes stay where they are along
    /// the loop, so a back end may keep them in registers across it (checked like the others:
    /// the blocks are loops of the verified schedule). Computed by the automatic strategy;
    /// none for scripts.
    pub registers: Vec<Mark>,
    /// What the automatic strategy decided against its own schedule (empty for scripts and for
    /// the strategy's own schedule); [`decision::summary`] renders it.
    pub departures: Vec<Departure>,
    /// Every decision of the automatic strategy, in order: the schedule chosen, the loop
    /// nests (statements fused under one outermost loop), each band tiled with its sizes or
    /// left untiled and why, the loops split (empty for scripts). `Display` gives each line.
    pub decisions: Vec<Decision>,
    /// Wall time of each stage of the automatic strategy, in order (empty for scripts).
    pub stages: Vec<(&'static str, std::time::Duration)>,
}

/// The statements whose positions lie in `c`.
fn members(s: &LoopySchedule, c: &Component) -> BTreeSet<StmtId> {
    s.positions
        .iter()
        .enumerate()
        .filter(|(_, ps)| ps.iter().any(|p| c.positions.contains(p)))
        .map(|(k, _)| StmtId(k as u32))
        .collect()
}

impl Transformed {
    /// The model's order in Loopy's form, with a component for every tag of its statements.
    ///
    /// Read from the model only: the positions and the iteration entries come from the
    /// schedule tree of [`Scop::schedule`] (sequences give positions, one-member bands give
    /// iteration entries, negated for loops that count down, as the model builds them), the
    /// components from the statements' [`tags`](optimist_scop::model::ScopStmt::tags). A pass
    /// that splits, adds or deletes statements keeps scripts working as long as it keeps the
    /// schedule in that form and gives new statements their tags.
    pub fn initial(scop: &Scop) -> Result<LoopySchedule, LoopyError> {
        let shape = |message: String| LoopyError::Invalid {
            pos: Pos { line: 0, col: 0 },
            message: format!("the model's schedule is not in Loopy's form: {message}"),
        };
        let mut paths: Vec<Option<Path>> = vec![None; scop.stmts.len()];
        let root = scop.schedule.root()?;
        let start = Path {
            positions: Vec::new(),
            bands: Vec::new(),
        };
        if root.n_children()? > 0 {
            walk(scop, &root.child(0)?, start, None, &mut paths).map_err(|e| match e {
                WalkError::Isl(e) => LoopyError::Isl(e),
                WalkError::Shape(m) => shape(m),
            })?;
        }
        let m = paths
            .iter()
            .flatten()
            .map(|p| p.bands.len())
            .max()
            .unwrap_or(0);
        let pad = |p: &Position| {
            let mut q = p.clone();
            q.resize(m + 1, 0);
            q
        };
        let mut theta = Vec::new();
        let mut positions = Vec::new();
        for (st, path) in scop.stmts.iter().zip(&paths) {
            let path = path
                .as_ref()
                .ok_or_else(|| shape(format!("statement {} is not in it", st.name)))?;
            let dims = st.dim_names();
            let constant = |p: i64| {
                Map::parse(
                    &scop.ctx,
                    &format!("{{ {}[{}] -> [{p}] }}", st.name, dims.join(", ")),
                )
            };
            let q = pad(&path.positions);
            let mut map = constant(q[0])?;
            for d in 0..m {
                map = match path.bands.get(d) {
                    Some(band) => map.flat_range_product(&band.restrict_to(&st.domain)?)?,
                    None => map.flat_range_product(&constant(0)?)?,
                };
                map = map.flat_range_product(&constant(q[d + 1])?)?;
            }
            theta.push(map.intersect_domain(&st.domain)?);
            positions.push(BTreeSet::from([q]));
        }
        let mut components: BTreeMap<String, Component> = BTreeMap::new();
        for (k, st) in scop.stmts.iter().enumerate() {
            for tag in &st.tags {
                let c = components
                    .entry(tag.name.clone())
                    .or_insert_with(|| Component {
                        positions: BTreeSet::new(),
                        level: tag.level,
                    });
                c.positions.extend(positions[k].iter().cloned());
            }
        }
        Ok(LoopySchedule {
            ctx: scop.ctx.clone(),
            m,
            theta: theta.into(),
            positions,
            components,
        })
    }
}

/// Where a statement is in the model's schedule tree: the sequence positions around it
/// (outermost first, one more than loops) and the partial schedule of each loop around it.
#[derive(Clone)]
struct Path {
    positions: Vec<i64>,
    bands: Vec<UnionMap>,
}

enum WalkError {
    Isl(IslError),
    Shape(String),
}

impl From<IslError> for WalkError {
    fn from(e: IslError) -> Self {
        WalkError::Isl(e)
    }
}

/// Walks the schedule tree below `node`; `pending` is the sequence position of the current
/// level when a sequence gave one (otherwise 0).
fn walk(
    scop: &Scop,
    node: &optimist_presburger::ScheduleNode,
    mut path: Path,
    pending: Option<i64>,
    out: &mut [Option<Path>],
) -> Result<(), WalkError> {
    use optimist_presburger::ScheduleNodeType as T;
    match node.node_type()? {
        T::Sequence => {
            if pending.is_some() {
                return Err(WalkError::Shape(
                    "a sequence directly inside a sequence".into(),
                ));
            }
            for k in 0..node.n_children()? {
                walk(scop, &node.child(k)?, path.clone(), Some(k as i64), out)?;
            }
            Ok(())
        }
        T::Filter | T::Mark => walk(scop, &node.child(0)?, path, pending, out),
        T::Band => {
            if node.band_n_member()? != 1 {
                return Err(WalkError::Shape("a band with more than one member".into()));
            }
            path.positions.push(pending.unwrap_or(0));
            path.bands.push(node.band_partial_schedule()?);
            walk(scop, &node.child(0)?, path, None, out)
        }
        T::Leaf => {
            path.positions.push(pending.unwrap_or(0));
            for set in node.domain()?.sets()? {
                let name = set.tuple_name().unwrap_or_default();
                let k = scop
                    .stmts
                    .iter()
                    .position(|s| s.name == name)
                    .ok_or_else(|| WalkError::Shape(format!("`{name}` is no statement")))?;
                if out[k].is_some() {
                    return Err(WalkError::Shape(format!(
                        "statement {name} is in two leaves"
                    )));
                }
                out[k] = Some(path.clone());
            }
            Ok(())
        }
        other => Err(WalkError::Shape(format!("a {other:?} node"))),
    }
}

/// Applies `script` to the model and verifies the result with `deps`.
pub fn apply(scop: &Scop, deps: &Dependences, script: &Script) -> Result<Transformed, LoopyError> {
    apply_within(scop, deps, script, SCRIPT_BUDGET)
}

/// The isl operations [`apply`] allows a script and its verification: far more than the
/// paper's scripts need, and a bound on what a short script can ask (found by fuzzing: an
/// `affine` map onto 130 schedule dimensions took half a minute to verify).
pub const SCRIPT_BUDGET: u64 = 50_000_000;

/// [`apply`] with at most `max_operations` isl operations; beyond them the script fails with
/// [`LoopyError::Isl`] ([`IslError::Budget`]).
pub fn apply_within(
    scop: &Scop,
    deps: &Dependences,
    script: &Script,
    max_operations: u64,
) -> Result<Transformed, LoopyError> {
    let mut found = None;
    let bounded = scop.ctx.with_budget(max_operations, || {
        found = Some(apply_unbounded(scop, deps, script));
        Ok(())
    });
    match (bounded, found) {
        // The operations report isl's failures as text at their position; running out of
        // operations or time is no fault of the script.
        (Ok(()), Some(Err(LoopyError::Invalid { message, .. })))
            if [IslError::Budget, IslError::Deadline]
                .iter()
                .any(|e| message.ends_with(&e.to_string())) =>
        {
            Err(LoopyError::Isl(
                if message.ends_with(&IslError::Budget.to_string()) {
                    IslError::Budget
                } else {
                    IslError::Deadline
                },
            ))
        }
        (Ok(()), Some(r)) => r,
        (Err(e), _) => Err(LoopyError::Isl(e)),
        (Ok(()), None) => unreachable!("the closure ran"),
    }
}

fn apply_unbounded(
    scop: &Scop,
    deps: &Dependences,
    script: &Script,
) -> Result<Transformed, LoopyError> {
    let mut s = Transformed::initial(scop)?;
    let mut parallel_marks: Vec<(BTreeSet<StmtId>, usize)> = Vec::new();
    let mut vector_marks: Vec<(BTreeSet<StmtId>, Pos)> = Vec::new();
    for op in &script.ops {
        apply_op(scop, &mut s, op, &mut parallel_marks, &mut vector_marks)?;
    }
    let vector = vector_dims(&s, &vector_marks)?;
    let theta = s.union()?;
    verify_marks(scop, deps, &theta, &parallel_marks, &vector)?;
    let schedule = crate::verify::schedule_of(scop, &theta)?;
    Ok(Transformed {
        schedule,
        theta,
        parallel: parallel_marks
            .into_iter()
            .map(|(stmts, dim)| Mark { dim, stmts })
            .collect(),
        vector: vector
            .into_iter()
            .map(|(stmts, dim)| Mark { dim, stmts })
            .collect(),
        jam: Vec::new(),
        registers: Vec::new(),
        departures: Vec::new(),
        decisions: Vec::new(),
        stages: Vec::new(),
    })
}

/// Applies operation `op` of a script to `s`, or records its mark.
fn apply_op(
    scop: &Scop,
    s: &mut LoopySchedule,
    op: &script::Op,
    parallel_marks: &mut Vec<(BTreeSet<StmtId>, usize)>,
    vector_marks: &mut Vec<(BTreeSet<StmtId>, Pos)>,
) -> Result<(), LoopyError> {
    let invalid = |pos: Pos, message: String| LoopyError::Invalid { pos, message };
    let tag = |k: usize, s: &LoopySchedule| -> Result<Component, LoopyError> {
        match &op.args[k] {
            (Arg::Tag(t), pos) => s.components.get(t).cloned().ok_or_else(|| {
                let known: Vec<&String> = s.components.keys().collect();
                invalid(
                    *pos,
                    format!(
                        "unknown loop tag `{t}` (tags: {})",
                        known
                            .iter()
                            .map(|k| k.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            }),
            (_, pos) => Err(invalid(*pos, "expected a loop tag".into())),
        }
    };
    let int = |k: usize| -> Result<i64, LoopyError> {
        match &op.args[k] {
            (Arg::Int(v), _) => Ok(*v),
            (_, pos) => Err(invalid(*pos, "expected an integer".into())),
        }
    };
    let uint = |k: usize| -> Result<usize, LoopyError> {
        usize::try_from(int(k)?)
            .map_err(|_| invalid(op.args[k].1, "expected a non-negative integer".into()))
    };
    let isl_text = |k: usize| -> Result<(String, Pos), LoopyError> {
        match &op.args[k] {
            (Arg::Isl(t), pos) => Ok((with_params(scop, t), *pos)),
            (_, pos) => Err(invalid(*pos, "expected isl text".into())),
        }
    };
    let at = op.pos;
    let fail = |m: String| invalid(at, m);
    match op.name.as_str() {
        "realign" => {
            let (l1, l2, n) = (tag(0, s)?, tag(1, s)?, uint(2)?);
            s.realign(&l1, &l2, n).map_err(fail)?;
        }
        "lift" => {
            let (l1, n) = (tag(0, s)?, uint(1)?);
            let c = s.lift(&l1, n).map_err(fail)?;
            s.components.insert(op.results[0].clone(), c);
        }
        "affine" => {
            let l = tag(0, s)?;
            let (text, pos) = isl_text(1)?;
            let f = Map::parse(&s.ctx, &text).map_err(|e| invalid(pos, format!("bad map: {e}")))?;
            let width = f.dim(optimist_presburger::DimType::Out)?;
            if width > transform::MAX_SHORTHAND_DEPTH {
                return Err(invalid(
                    pos,
                    format!(
                        "the map has {width} outputs; a schedule has at most {} loop dimensions",
                        transform::MAX_SHORTHAND_DEPTH
                    ),
                ));
            }
            s.affine(&l, &f).map_err(|m| invalid(pos, m))?;
        }
        "isplit" => {
            let l = tag(0, s)?;
            let (text, pos) = isl_text(1)?;
            let pred = Set::parse(&s.ctx, &text)
                .map_err(|e| invalid(pos, format!("bad predicate: {e}")))?;
            let n = uint(2)?;
            let (a, b) = s.isplit(&l, &pred, n).map_err(fail)?;
            s.components.insert(op.results[0].clone(), a);
            s.components.insert(op.results[1].clone(), b);
        }
        "fuse" => {
            let (l1, l2) = (tag(0, s)?, tag(1, s)?);
            let n = l1.level.min(l2.level) + 1;
            s.realign(&l1, &l2, n).map_err(fail)?;
        }
        "parallel" => {
            let l = tag(0, s)?;
            let d = uint(1)?;
            parallel_marks.push((members(s, &l), 2 * d + 1));
        }
        "vectorize" => {
            let l = tag(0, s)?;
            vector_marks.push((members(s, &l), op.pos));
        }
        name => {
            let l = tag(0, s)?;
            let short = match name {
                "tile" => Shorthand::Tile((1..op.args.len()).map(int).collect::<Result<_, _>>()?),
                "interchange" => Shorthand::Interchange(uint(1)?, uint(2)?),
                "reverse" => Shorthand::Reverse(uint(1)?),
                "shift" => Shorthand::Shift(uint(1)?, int(2)?),
                "skew" => Shorthand::Skew(uint(1)?, uint(2)?, int(3)?),
                _ => return Err(fail(format!("unknown operation `{name}`"))),
            };
            let f = short.map(&s.ctx, l.level).map_err(&fail)?;
            s.affine(&l, &f).map_err(fail)?;
        }
    }
    // Verifying a schedule costs the square of its depth in constraints that isl reads
    // before any budget counts (found by fuzzing: an `affine` onto 130 dimensions took
    // half a minute).
    if s.m > transform::MAX_SHORTHAND_DEPTH {
        return Err(LoopyError::Invalid {
            pos: op.pos,
            message: format!(
                "the schedule would have {} loop dimensions; at most {}",
                s.m,
                transform::MAX_SHORTHAND_DEPTH
            ),
        });
    }
    Ok(())
}

/// The dimension of each `vectorize` mark: the innermost iteration entry that varies for the
/// component's statements.
#[allow(clippy::type_complexity)]
fn vector_dims(
    s: &LoopySchedule,
    vector_marks: &[(BTreeSet<StmtId>, Pos)],
) -> Result<Vec<(BTreeSet<StmtId>, usize)>, LoopyError> {
    let mut vector = Vec::new();
    for (stmts, at) in vector_marks {
        let mut inner = None;
        for k in stmts {
            let t = &s.theta[*k];
            for d in (0..s.m).rev() {
                if auto::varies(&t.to_union()?, 2 * d + 1)? {
                    inner = inner.max(Some(2 * d + 1));
                    break;
                }
            }
        }
        match inner {
            Some(d) => vector.push((stmts.clone(), d)),
            None => {
                return Err(LoopyError::Invalid {
                    pos: *at,
                    message: "vectorize: the component has no loop".into(),
                });
            }
        }
    }
    Ok(vector)
}

/// isl text with the kernel's parameters declared, so that maps and predicates may use them.
fn with_params(scop: &Scop, text: &str) -> String {
    if text.trim_start().starts_with('{') && !scop.params.is_empty() {
        let names: Vec<&str> = scop.params.iter().map(|p| p.name.as_str()).collect();
        format!("[{}] -> {text}", names.join(", "))
    } else {
        text.to_string()
    }
}
