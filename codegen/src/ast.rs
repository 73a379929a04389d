//! From a schedule to a loop AST, with isl's AST builder.
//!
//! Statement instances are emitted from the model, not from the program IR: an
//! at-each-domain callback computes, for every statement occurrence, the values of its original
//! iterators and the index expressions of its exact accesses as functions of the generated loop
//! iterators (from the schedule and the access relations), so passes that change relations are
//! honored. Accesses whose relation is an over-approximation keep their subscript expressions.
//!
//! # Design notes
//!
//! - **Loop AST** (`ast.rs`). `generate(&Scop, &Schedule) -> LoopAst`: isl's AST builder with an
//!   at-each-domain callback that computes, for every statement occurrence, the values of its
//!   original iterators and the index expressions of its exact accesses from the schedule and the
//!   access relations, so passes that change relations are honored. Accesses whose relation is an
//!   over-approximation, and invariant loads, evaluate the subscripts the model keeps for them.
//!   `Node::For` carries a `LoopKind` (`Serial`, `Parallel`, `Vector { parallel }`,
//!   `Accumulate`) and a `jam` flag: `generate_marked` sets them from Loopy's `Mark`s (a
//!   schedule dimension and the statements it was checked for; isl names the loop of dimension `d`
//!   `c{d}`); a loop both marks allow is the innermost one and becomes `Vector` with `parallel`
//!   set (native code runs it in lanes; C may also run it on threads). Before isl sees a
//!   single-band schedule, the dimensions that never order two instances are dropped
//!   (`without_fixed_dims`: fixed for every statement and either equal, or already different at an
//!   earlier fixed dimension, such as the statement number that makes a flat schedule one-to-one),
//!   and the marks move with the dimensions that remain: isl's AST generator pays for every
//!   dimension at every level. Loop names follow the remaining dimensions. The native code executes
//!   them (below), and the C backend prints them.

use optimist_presburger::{
    AstBuild, AstExpr, AstExprKind, AstNode, AstNodeKind, AstOp, DimType, Error as IslError, Id,
    MultiUnionPwAff, PwMultiAff, Schedule, UnionMap,
};
use optimist_scop::model::{AccessId, Scop, StmtId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// An integer expression of the loop AST (computed in 64-bit arithmetic).
#[derive(Clone, Debug, PartialEq)]
pub enum AExpr {
    /// A constant.
    Int(i64),
    /// A loop iterator of the AST, by index into [`LoopAst::iterators`].
    Iter(usize),
    /// A parameter of the model, by name.
    Param(String),
    /// An operation (isl's operators: `Add`, `FdivQ`, `Min`, `Lt`, `AndThen`, `Select`, ...;
    /// never `Call`, `Access`, `Member` or `AddressOf`, which the conversion from isl's AST
    /// refuses).
    Op(AstOp, Vec<AExpr>),
}

/// How a loop may be executed. Every kind but `Serial` is a permission checked against the
/// dependences; what each loop does on a target is decided once, in `decide/`
/// ([`LoopAst::decide`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LoopKind {
    /// In order.
    #[default]
    Serial,
    /// Its iterations carry no dependence: they may run on several threads.
    Parallel,
    /// Its iterations carry no dependence and every access moves by at most one element along
    /// it: it may run in vector lanes (how wide is the target's).
    Vector {
        /// Whether its iterations may also run on threads (it is the outermost loop that
        /// carries no dependence: a stencil's sweep inside its time loop). Both back ends run
        /// it on threads too where it is outermost or a sweep of a time loop
        /// (`crate::decide`), each thread's block in lanes.
        parallel: bool,
    },
    /// In order, with a register block as its body: loops over rows and vector columns
    /// around a statement whose written element stays where it is along this loop (a
    /// product's reduction around `C[i][j]`). A back end may keep the block's elements in
    /// registers across the loop: the C back end does (when the block is whole), native code
    /// runs it as a serial loop.
    Accumulate,
}

impl LoopKind {
    /// The comment the AST dump prints after the loop header.
    fn comment(self) -> String {
        match self {
            LoopKind::Serial => String::new(),
            LoopKind::Parallel => "  // parallel".into(),
            LoopKind::Vector { parallel } => {
                format!("  // vector{}", if parallel { ", parallel" } else { "" })
            }
            LoopKind::Accumulate => "  // registers".into(),
        }
    }
}

/// A node of the loop AST.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// `for (iter = init; cond; iter += step) body`.
    For {
        /// The iterator.
        iter: usize,
        /// Its first value.
        init: AExpr,
        /// The condition to go on.
        cond: AExpr,
        /// The increment, positive.
        step: i64,
        /// The body.
        body: Vec<Node>,
        /// How code generation may execute it (set from Loopy's checked marks).
        kind: LoopKind,
        /// Whether its iterations may be unrolled and jammed into the loop inside it (a
        /// register tile; set from Loopy's checked marks).
        jam: bool,
    },
    /// `if (cond) then else els`.
    If {
        /// The condition.
        cond: AExpr,
        /// Taken when it holds.
        then: Vec<Node>,
        /// Taken otherwise.
        els: Vec<Node>,
    },
    /// One instance of a statement.
    Stmt(StmtNode),
}

/// One instance of a statement in the loop AST: which statement, where its original
/// iterators are, and where its exact accesses point. A decided tree holds these as its
/// statements (the `DNode::Stmt` of `decide`), so an emitter's statement hook is handed a
/// statement by type, never a node of another kind.
#[derive(Clone, Debug, PartialEq)]
pub struct StmtNode {
    /// The statement.
    pub stmt: StmtId,
    /// The values of its original iterators, outermost first.
    pub iterators: Vec<AExpr>,
    /// The index expressions of its exact accesses to arrays with dimensions.
    pub indices: Vec<(AccessId, Vec<AExpr>)>,
}

/// `end` when the loop condition `cond` on iterator `iter` is `iter < end` or `iter <= end - 1`
/// (in any of isl's spellings) with `end` free of the iterator: the trip count of a parallel
/// loop is computed before it runs.
pub(crate) fn exclusive_bound(iter: usize, cond: &AExpr) -> Option<AExpr> {
    let AExpr::Op(op, args) = cond else {
        return None;
    };
    let [a, b] = args.as_slice() else {
        return None;
    };
    let is_iter = |e: &AExpr| *e == AExpr::Iter(iter);
    let plus_one = |e: &AExpr| AExpr::Op(AstOp::Add, vec![e.clone(), AExpr::Int(1)]);
    let (bound, inclusive) = match op {
        AstOp::Lt if is_iter(a) => (b, false),
        AstOp::Le if is_iter(a) => (b, true),
        AstOp::Gt if is_iter(b) => (a, false),
        AstOp::Ge if is_iter(b) => (a, true),
        _ => return None,
    };
    if mentions(bound, iter) {
        return None;
    }
    Some(if inclusive {
        plus_one(bound)
    } else {
        bound.clone()
    })
}

/// Whether `e` uses AST iterator `iter`.
pub(crate) fn mentions(e: &AExpr, iter: usize) -> bool {
    match e {
        AExpr::Iter(k) => *k == iter,
        AExpr::Op(_, args) => args.iter().any(|a| mentions(a, iter)),
        AExpr::Int(_) | AExpr::Param(_) => false,
    }
}

/// Whether a statement in `nodes` writes a scalar of the function. Native code keeps scalars
/// in Cranelift variables, which an outlined body receives by value, and C declares them once
/// per function: a loop in lanes shared among threads that writes one (legal when one instance
/// writes it) runs without threads, so the value is kept. A parallel loop's threads may own
/// copies instead (`decide`'s `owned_scalars`).
pub(crate) fn writes_scalar(scop: &Scop, nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n {
        Node::For { body, .. } => writes_scalar(scop, body),
        Node::If { then, els, .. } => writes_scalar(scop, then) || writes_scalar(scop, els),
        Node::Stmt(StmtNode { stmt, .. }) => {
            let write = scop.access(scop.stmt(*stmt).write);
            matches!(
                scop.array(write.array).origin,
                optimist_scop::model::ArrayOrigin::Scalar(_)
            )
        }
    })
}

/// The value of `e` when it is a constant expression (no iterator or parameter), computed as
/// the generated code would (64-bit; `None` where it would overflow or divide by zero).
pub(crate) fn constant(e: &AExpr) -> Option<i64> {
    let AExpr::Op(op, args) = e else {
        return match e {
            AExpr::Int(v) => Some(*v),
            _ => None,
        };
    };
    let v: Vec<i64> = args.iter().map(constant).collect::<Option<_>>()?;
    let truth = |b: bool| Some(i64::from(b));
    match (op, v.as_slice()) {
        (AstOp::Minus, [a]) => a.checked_neg(),
        (AstOp::Add, [a, b]) => a.checked_add(*b),
        (AstOp::Sub, [a, b]) => a.checked_sub(*b),
        (AstOp::Mul, [a, b]) => a.checked_mul(*b),
        (AstOp::Max, [first, rest @ ..]) => Some(rest.iter().fold(*first, |m, &x| m.max(x))),
        (AstOp::Min, [first, rest @ ..]) => Some(rest.iter().fold(*first, |m, &x| m.min(x))),
        // isl's divisors are positive; Euclidean division is floor division then.
        (AstOp::FdivQ | AstOp::PdivQ, [a, b]) if *b > 0 => Some(a.div_euclid(*b)),
        (AstOp::PdivR | AstOp::ZdivR, [a, b]) if *b > 0 => Some(a.rem_euclid(*b)),
        (AstOp::Eq, [a, b]) => truth(a == b),
        (AstOp::Le, [a, b]) => truth(a <= b),
        (AstOp::Lt, [a, b]) => truth(a < b),
        (AstOp::Ge, [a, b]) => truth(a >= b),
        (AstOp::Gt, [a, b]) => truth(a > b),
        (AstOp::And | AstOp::AndThen, [a, b]) => truth(*a != 0 && *b != 0),
        (AstOp::Or | AstOp::OrElse, [a, b]) => truth(*a != 0 || *b != 0),
        _ => None,
    }
}

/// A loop AST for a model and a schedule (empty by default).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoopAst {
    /// The top-level nodes.
    pub body: Vec<Node>,
    /// The names isl gave the loop iterators (`c0`, `c1`, ...).
    pub iterators: Vec<String>,
}

/// A failure to generate code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodegenError {
    /// *Limit reached* or *bug*: isl failed (for example an exhausted budget).
    #[error("isl: {0}")]
    Isl(#[from] IslError),
    /// *Bug*: the AST has a shape the code generator does not expect.
    #[error("unexpected AST: {0}")]
    Unexpected(String),
    /// *Bug* in isl's AST generator: the AST runs the instances in an order that breaks a
    /// dependence the schedule respects.
    #[error("isl's loop AST disagrees with the schedule: {0}")]
    WrongAst(String),
    /// *Invalid input*: the program calls a pure function that has no implementation, so
    /// native code cannot call it (C text can: the C compiler links it).
    #[error(
        "the pure function `{0}` has no implementation: bind one (FrontendConfig::pures, PureFn) or define it in the source"
    )]
    Unbound(String),
    /// *Invalid input* for this output: the program needs what the chosen output cannot
    /// give (object code calling a pure function that exists only in this process).
    #[error("{0}")]
    Unsupported(String),
}

/// What the callback records for one statement occurrence.
struct Occurrence {
    stmt: StmtId,
    iterators: Vec<AExpr>,
    indices: Vec<(AccessId, Vec<AExpr>)>,
}

/// Converts isl AST expressions, naming iterators as it meets them.
#[derive(Default)]
struct Names {
    iterators: Vec<String>,
}

impl Names {
    fn expr(&mut self, e: &AstExpr, params: &[String]) -> Result<AExpr, CodegenError> {
        Ok(match e.kind()? {
            AstExprKind::Int(v) => AExpr::Int(v.to_i64()?),
            AstExprKind::Id(id) => {
                let name = id.name();
                if params.contains(&name) {
                    AExpr::Param(name)
                } else {
                    AExpr::Iter(self.iter(&name))
                }
            }
            // Calls and accesses are statements (converted apart), never loop expressions:
            // refused here, so that no emitter meets one.
            AstExprKind::Op(
                op @ (AstOp::Call | AstOp::Access | AstOp::Member | AstOp::AddressOf),
                _,
            ) => {
                return Err(CodegenError::Unexpected(format!(
                    "isl's AST has the operation {op:?} in a loop expression"
                )));
            }
            AstExprKind::Op(op, args) => {
                let args = args
                    .iter()
                    .map(|a| self.expr(a, params))
                    .collect::<Result<Vec<_>, _>>()?;
                AExpr::Op(op, args)
            }
        })
    }

    fn iter(&mut self, name: &str) -> usize {
        match self.iterators.iter().position(|n| n == name) {
            Some(k) => k,
            None => {
                self.iterators.push(name.to_string());
                self.iterators.len() - 1
            }
        }
    }
}

/// Generates the loop AST of `scop` under `schedule` (its own schedule for the original order).
pub fn generate(scop: &Scop, schedule: &Schedule) -> Result<LoopAst, CodegenError> {
    generate_marked(scop, schedule, &Marks::default())
}

/// Loops to mark, as `optimist_loopy::Transformed` gives them: a loop of schedule dimension
/// `d` is marked when a mark of dimension `d` covers every statement in it. The AST build is
/// given the iterator of each schedule dimension ([`AstBuild::set_iterators`]: `c{d}`, isl's own
/// names), so a loop's iterator says its dimension by a table lookup, never by reading the
/// name; this holds for the single-band schedules Loopy and the automatic strategy produce.
///
/// Two other ways were tried and measured against the generated code of the 97 corpus kernels.
/// Mark nodes in the schedule tree (as Polly's schedule optimizer inserts them) need the band
/// split into one band per member, and isl's AST generator then generates other code for 13 of
/// them (a loop's first iteration guarded inside it instead of peeled). A before-each-for
/// callback reading the depth of the build's schedule space sees isl's internal schedule, from
/// which the fixed dimensions are gone, so its depth is not the schedule dimension.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Loops whose iterations may run in parallel.
    pub parallel: Vec<optimist_loopy::Mark>,
    /// Loops whose iterations may run in vector lanes.
    pub vector: Vec<optimist_loopy::Mark>,
    /// Loops that may be unrolled and jammed into the vector loop inside them.
    pub jam: Vec<optimist_loopy::Mark>,
    /// Loops whose body is a register block ([`LoopKind::Accumulate`]).
    pub registers: Vec<optimist_loopy::Mark>,
}

/// The statements in `nodes`, each as many times as it occurs.
pub(crate) fn statements_in(nodes: &[Node], out: &mut Vec<StmtId>) {
    for n in nodes {
        match n {
            Node::For { body, .. } => statements_in(body, out),
            Node::If { then, els, .. } => {
                statements_in(then, out);
                statements_in(els, out);
            }
            Node::Stmt(StmtNode { stmt, .. }) => out.push(*stmt),
        }
    }
}

/// A single-band schedule without the dimensions that never order two instances, and `marks`
/// moved to the dimensions that remain; `None` when nothing can be dropped or the schedule is
/// not one band over its statements.
///
/// A dimension is dropped when every statement has a fixed value there and either all values
/// are equal, or any two statements with different values there already have different fixed
/// values at an earlier dimension (so their instances never tie up to it). The order of every
/// pair of instances is unchanged. Such dimensions (statement positions, the statement number
/// that makes a flat schedule one-to-one) make no loop, but isl's AST generator pays for each
/// of them at every level.
pub(crate) fn without_fixed_dims(
    schedule: &Schedule,
    maps: &[optimist_presburger::Map],
    marks: &Marks,
) -> Result<Option<Simpler>, IslError> {
    if !one_band(schedule)? {
        return Ok(None);
    }
    let Some(width) = maps.first().map(|m| m.dim(DimType::Out)).transpose()? else {
        return Ok(None);
    };
    // Per dimension, each statement's fixed value (None when one is not fixed).
    let mut fixed: Vec<Option<Vec<i64>>> = Vec::with_capacity(width);
    for d in 0..width {
        let mut values = Vec::with_capacity(maps.len());
        for m in maps {
            if m.dim(DimType::Out)? != width {
                return Ok(None);
            }
            match m.plain_fixed(DimType::Out, d)? {
                Some(v) => values.push(v),
                None => break,
            }
        }
        fixed.push((values.len() == maps.len()).then_some(values));
    }
    let separated = |d: usize, a: usize, b: usize| {
        fixed[..d]
            .iter()
            .flatten()
            .any(|values| values[a] != values[b])
    };
    let mut dropped = Vec::new();
    for (d, values) in fixed.iter().enumerate() {
        let Some(values) = values else { continue };
        let redundant = (0..values.len())
            .all(|a| (a + 1..values.len()).all(|b| values[a] == values[b] || separated(d, a, b)));
        if redundant {
            dropped.push(d);
        }
    }
    if dropped.is_empty() {
        return Ok(None);
    }
    let mut flat = UnionMap::empty(schedule.ctx())?;
    let mut flat_maps = Vec::with_capacity(maps.len());
    for m in maps {
        let mut m = m.clone();
        for &d in dropped.iter().rev() {
            m = m.project_out(DimType::Out, d, 1)?;
        }
        flat = flat.union(&m.to_union()?)?;
        flat_maps.push(m);
    }
    let simpler = Schedule::from_domain(&schedule.domain()?)?
        .insert_partial_schedule(&MultiUnionPwAff::from_union_map(&flat)?)?;
    let moved = |marks: &[optimist_loopy::Mark]| -> Vec<optimist_loopy::Mark> {
        marks
            .iter()
            .filter(|m| !dropped.contains(&m.dim))
            .map(|m| optimist_loopy::Mark {
                dim: m.dim - dropped.iter().filter(|&&d| d < m.dim).count(),
                stmts: m.stmts.clone(),
            })
            .collect()
    };
    let marks = Marks {
        parallel: moved(&marks.parallel),
        vector: moved(&marks.vector),
        jam: moved(&marks.jam),
        registers: moved(&marks.registers),
    };
    Ok(Some(Simpler {
        schedule: simpler,
        maps: flat_maps,
        marks,
    }))
}

/// Whether `schedule` is one band over its domain.
fn one_band(schedule: &Schedule) -> Result<bool, IslError> {
    use optimist_presburger::ScheduleNodeType;
    let band = schedule.root()?.child(0)?;
    Ok(band.node_type()? == ScheduleNodeType::Band
        && band.n_children()? == 1
        && band.child(0)?.node_type()? == ScheduleNodeType::Leaf)
}

/// A schedule without its fixed dimensions ([`without_fixed_dims`]): the schedule, its map
/// per statement, and the marks moved.
pub(crate) struct Simpler {
    pub(crate) schedule: Schedule,
    pub(crate) maps: Vec<optimist_presburger::Map>,
    pub(crate) marks: Marks,
}

/// The schedule's map per statement: asked once per schedule, for the AST generator and its
/// check (isl computes the map from the tree anew each time).
pub(crate) fn flat_of(schedule: &Schedule) -> Result<Vec<optimist_presburger::Map>, IslError> {
    schedule.map()?.maps()
}

/// The number of a schedule's dimensions: the most of any statement's map.
fn width_of(maps: &[optimist_presburger::Map]) -> Result<usize, IslError> {
    Ok(maps
        .iter()
        .map(|m| m.dim(optimist_presburger::DimType::Out))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .max()
        .unwrap_or(0))
}

/// [`generate`], with the loops of the dimensions in `marks` marked.
pub fn generate_marked(
    scop: &Scop,
    schedule: &Schedule,
    marks: &Marks,
) -> Result<LoopAst, CodegenError> {
    let maps = flat_of(schedule)?;
    match without_fixed_dims(schedule, &maps, marks)? {
        Some(s) => generate_unchecked(scop, &s.schedule, &s.marks, &s.maps),
        None => generate_unchecked(scop, schedule, marks, &maps),
    }
}

/// isl's AST of `schedule`, converted, with the loops of the dimensions in `marks` marked.
/// `maps`: the schedule's map per statement ([`flat_of`]). Of a schedule of one band, isl's
/// AST generator sees one statement per group of statements that run one after the other at
/// the same points of the same loops ([`optimist_loopy::run_together`]); each call it makes
/// becomes the group's
/// statements, in order.
pub(crate) fn generate_unchecked(
    scop: &Scop,
    schedule: &Schedule,
    marks: &Marks,
    maps: &[optimist_presburger::Map],
) -> Result<LoopAst, CodegenError> {
    let ast = generate_separated(scop, schedule, marks, maps, &[])?;
    // A statement of an innermost loop that runs at fewer of its iterations than the others
    // (shifted by the schedule: `b[i - 1] = ...` beside `a[i] = ...`) is guarded inside it, and
    // a guarded loop runs in no compiler's lanes (ldanti2). Separated, isl peels the
    // iterations where not every statement runs, and the loop between them has no guard.
    let guarded = guarded_innermost(&ast);
    if guarded.is_empty() || !one_band(schedule)? {
        return Ok(ast);
    }
    // Taken when it removes guards without growing the code more than threefold; any failure
    // (a budget) leaves the AST as isl first gave it.
    match generate_separated(scop, schedule, marks, maps, &guarded) {
        Ok(peeled)
            if guarded_innermost(&peeled).len() < guarded.len()
                && size(&peeled.body) <= PEELED_GROWTH * size(&ast.body) =>
        {
            Ok(peeled)
        }
        _ => Ok(ast),
    }
}

/// How much larger (in nodes) the AST with its guarded innermost loops separated may be.
const PEELED_GROWTH: usize = 3;

/// The nodes of a tree.
fn size(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|n| match n {
            Node::For { body, .. } => 1 + size(body),
            Node::If { then, els, .. } => 1 + size(then) + size(els),
            Node::Stmt(_) => 1,
        })
        .sum()
}

/// The schedule dimensions of the innermost loops (no loop inside) with a condition in their
/// body, each once, in order.
fn guarded_innermost(ast: &LoopAst) -> Vec<usize> {
    fn has_loop(nodes: &[Node]) -> bool {
        nodes.iter().any(|n| match n {
            Node::For { .. } => true,
            Node::If { then, els, .. } => has_loop(then) || has_loop(els),
            Node::Stmt(_) => false,
        })
    }
    fn walk(nodes: &[Node], iterators: &[String], out: &mut Vec<usize>) {
        for n in nodes {
            match n {
                Node::For { iter, body, .. } => {
                    if !has_loop(body) {
                        let dim = iterators
                            .get(*iter)
                            .and_then(|name| name.strip_prefix('c')?.parse::<usize>().ok());
                        if let Some(d) = dim
                            && body.iter().any(|b| matches!(b, Node::If { .. }))
                            && !out.contains(&d)
                        {
                            out.push(d);
                        }
                    } else {
                        walk(body, iterators, out);
                    }
                }
                Node::If { then, els, .. } => {
                    walk(then, iterators, out);
                    walk(els, iterators, out);
                }
                Node::Stmt(_) => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(&ast.body, &ast.iterators, &mut out);
    out.sort_unstable();
    out
}

/// [`generate_unchecked`]'s AST, with the band members `separate` (of a schedule of one band)
/// generated as separate loops (`isl_ast_loop_separate`).
fn generate_separated(
    scop: &Scop,
    schedule: &Schedule,
    marks: &Marks,
    maps: &[optimist_presburger::Map],
    separate: &[usize],
) -> Result<LoopAst, CodegenError> {
    let width = width_of(maps)?;
    let mut group_of: HashMap<String, Vec<String>> = HashMap::new();
    let grouped = if one_band(schedule)? {
        let groups = optimist_loopy::run_together(maps)?;
        if groups.len() < maps.len() {
            let mut flat = UnionMap::empty(schedule.ctx())?;
            for g in &groups {
                flat = flat.union(&maps[g[0]].to_union()?)?;
                if g.len() > 1 {
                    let names = g
                        .iter()
                        .map(|&k| maps[k].tuple_name(DimType::In).unwrap_or_default())
                        .collect::<Vec<_>>();
                    group_of.insert(names[0].clone(), names);
                }
            }
            Some(
                Schedule::from_domain(&flat.domain()?)?
                    .insert_partial_schedule(&MultiUnionPwAff::from_union_map(&flat)?)?,
            )
        } else {
            None
        }
    } else {
        None
    };
    let schedule = grouped.as_ref().unwrap_or(schedule);
    let params: Vec<String> = scop.params.iter().map(|p| p.name.clone()).collect();
    let table: Rc<RefCell<HashMap<String, Vec<Occurrence>>>> = Rc::default();
    let names: Rc<RefCell<Names>> = Rc::default();
    // Per statement name: its id and its exact accesses to arrays with dimensions.
    let mut stmts: HashMap<String, (StmtId, Vec<(AccessId, optimist_presburger::Map)>)> =
        HashMap::new();
    for (k, s) in scop.stmts.iter().enumerate() {
        let exact = s
            .accesses
            .iter()
            .filter(|&&a| {
                scop.access(a).exact && !scop.array(scop.access(a).array).sizes.is_empty()
            })
            .map(|&a| (a, scop.access(a).relation.clone()))
            .collect();
        stmts.insert(s.name.clone(), (StmtId(k as u32), exact));
    }
    // The iterator of each schedule dimension, and the dimension of each iterator.
    let iterators = (0..width)
        .map(|d| Id::new(&scop.ctx, &format!("c{d}")))
        .collect::<Result<Vec<_>, _>>()?;
    let dims: HashMap<String, usize> = iterators
        .iter()
        .enumerate()
        .map(|(d, id)| (id.name(), d))
        .collect();
    let callback_params = params.clone();
    let (t, n) = (table.clone(), names.clone());
    let build =
        AstBuild::from_context(&scop.sign_context()?)?.set_at_each_domain(move |node, build| {
            let instance_of = build.schedule()?.reverse()?;
            let AstNodeKind::User(call) = node.kind()? else {
                return Ok(node);
            };
            let AstExprKind::Op(AstOp::Call, args) = call.kind()? else {
                return Ok(node);
            };
            let stmt_name = match args.first().map(AstExpr::kind).transpose()? {
                Some(AstExprKind::Id(id)) => id.name(),
                _ => return Ok(node),
            };
            if !stmts.contains_key(&stmt_name) {
                return Ok(node);
            }
            let mut names = n.borrow_mut();
            let iterators = args[1..]
                .iter()
                .map(|a| names.expr(a, &callback_params))
                .collect::<Result<Vec<_>, _>>()
                .map_err(to_isl)?;
            // The statement, or the group it stands for (each member at the same instance).
            let members = group_of
                .get(&stmt_name)
                .cloned()
                .unwrap_or_else(|| vec![stmt_name.clone()]);
            let mut occurrences = Vec::with_capacity(members.len());
            for member in &members {
                let Some((stmt, exact)) = stmts.get(member) else {
                    return Err(IslError::InvalidArgument(format!(
                        "statement {member} of a group is unknown"
                    )));
                };
                let instance_of = if member == &stmt_name {
                    instance_of.clone()
                } else {
                    instance_of
                        .to_map()?
                        .with_tuple_name(DimType::Out, member)?
                        .to_union()?
                };
                let mut indices = Vec::new();
                for (a, rel) in exact {
                    let map = instance_of
                        .apply_range(&UnionMap::from_map(rel)?)?
                        .to_map()?;
                    let access = build.access_from_pw_multi_aff(&PwMultiAff::from_map(&map)?)?;
                    let AstExprKind::Op(AstOp::Access, parts) = access.kind()? else {
                        return Err(IslError::InvalidArgument(format!(
                            "access {a} is not an array access"
                        )));
                    };
                    let idx = parts[1..]
                        .iter()
                        .map(|p| names.expr(p, &callback_params))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(to_isl)?;
                    indices.push((*a, idx));
                }
                occurrences.push(Occurrence {
                    stmt: *stmt,
                    iterators: iterators.clone(),
                    indices,
                });
            }
            let mut table = t.borrow_mut();
            let key = format!("occurrence{}", table.len());
            table.insert(key.clone(), occurrences);
            node.with_annotation(&Id::new(node.ctx(), &key)?)
        })?;
    let separated;
    let schedule = if separate.is_empty() {
        schedule
    } else {
        let mut band = schedule.root()?.child(0)?;
        let members = band.band_n_member()?;
        for &d in separate.iter().filter(|&&d| d < members) {
            band =
                band.band_member_set_ast_loop_type(d, optimist_presburger::AstLoopType::Separate)?;
        }
        separated = band.schedule()?;
        &separated
    };
    let root = build
        .set_iterators(&iterators)?
        .node_from_schedule(schedule)?;
    let mut names = names.borrow_mut();
    let marked = Marked { marks, dims: &dims };
    let body = convert(&root, &mut names, &params, &table.borrow(), &marked)?;
    Ok(LoopAst {
        body,
        iterators: names.iterators.clone(),
    })
}

fn to_isl(e: CodegenError) -> IslError {
    match e {
        CodegenError::Isl(e) => e,
        CodegenError::Unexpected(m)
        | CodegenError::WrongAst(m)
        | CodegenError::Unbound(m)
        | CodegenError::Unsupported(m) => IslError::InvalidArgument(m),
    }
}

/// The marks, and the schedule dimension of each iterator the AST build was given.
struct Marked<'a> {
    marks: &'a Marks,
    dims: &'a HashMap<String, usize>,
}

/// Converts the isl AST (depth bounded by the loop depth, so recursion is fine).
fn convert(
    node: &AstNode,
    names: &mut Names,
    params: &[String],
    table: &HashMap<String, Vec<Occurrence>>,
    marked: &Marked<'_>,
) -> Result<Vec<Node>, CodegenError> {
    let marks = marked.marks;
    Ok(match node.kind()? {
        AstNodeKind::Block(children) => {
            let mut out = Vec::new();
            for c in &children {
                out.extend(convert(c, names, params, table, marked)?);
            }
            out
        }
        AstNodeKind::For {
            iterator,
            init,
            cond,
            inc,
            body,
            ..
        } => {
            let AExpr::Iter(iter) = names.expr(&iterator, params)? else {
                return Err(CodegenError::Unexpected(
                    "loop iterator is not an identifier".into(),
                ));
            };
            let dim: Option<usize> = marked.dims.get(&names.iterators[iter]).copied();
            let AExpr::Int(step) = names.expr(&inc, params)? else {
                return Err(CodegenError::Unexpected(
                    "loop increment is not a constant".into(),
                ));
            };
            let body = convert(&body, names, params, table, marked)?;
            let mut inside = Vec::new();
            statements_in(&body, &mut inside);
            let marked = |ms: &[optimist_loopy::Mark]| {
                ms.iter()
                    .any(|m| Some(m.dim) == dim && inside.iter().all(|s| m.stmts.contains(s)))
            };
            vec![Node::For {
                iter,
                init: names.expr(&init, params)?,
                cond: names.expr(&cond, params)?,
                step,
                // A loop both marks allow is the innermost one: vector lanes there, threads
                // outside it.
                kind: if marked(&marks.vector) {
                    LoopKind::Vector {
                        parallel: marked(&marks.parallel),
                    }
                } else if marked(&marks.parallel) {
                    LoopKind::Parallel
                } else if marked(&marks.registers) {
                    LoopKind::Accumulate
                } else {
                    LoopKind::Serial
                },
                jam: marked(&marks.jam),
                body,
            }]
        }
        AstNodeKind::If {
            cond,
            then_node,
            else_node,
        } => vec![Node::If {
            cond: names.expr(&cond, params)?,
            then: convert(&then_node, names, params, table, marked)?,
            els: match else_node {
                Some(e) => convert(&e, names, params, table, marked)?,
                None => vec![],
            },
        }],
        AstNodeKind::Mark { node, .. } => convert(&node, names, params, table, marked)?,
        AstNodeKind::User(_) => {
            let key = node.annotation().map(|id| id.name()).unwrap_or_default();
            let occurrences = table.get(&key).ok_or_else(|| {
                CodegenError::Unexpected(format!("statement without annotation `{key}`"))
            })?;
            occurrences
                .iter()
                .map(|occ| {
                    Node::Stmt(StmtNode {
                        stmt: occ.stmt,
                        iterators: occ.iterators.clone(),
                        indices: occ.indices.clone(),
                    })
                })
                .collect()
        }
    })
}

impl LoopAst {
    /// Whether some loop is marked [`LoopKind::Parallel`].
    pub fn has_parallel_loop(&self) -> bool {
        fn any(nodes: &[Node]) -> bool {
            nodes.iter().any(|n| match n {
                Node::For { kind, body, .. } => *kind == LoopKind::Parallel || any(body),
                Node::If { then, els, .. } => any(then) || any(els),
                Node::Stmt(StmtNode { .. }) => false,
            })
        }
        any(&self.body)
    }

    /// The AST as C-like text, statements written as calls `S0(c0, c1)` with the values of their
    /// original iterators (what `optimist show ast` prints).
    pub fn display(&self, scop: &Scop) -> String {
        let mut out = String::new();
        self.nodes(&mut out, scop, &self.body, 0);
        out
    }

    fn nodes(&self, out: &mut String, scop: &Scop, nodes: &[Node], depth: usize) {
        use std::fmt::Write;
        let pad = "  ".repeat(depth);
        for n in nodes {
            match n {
                Node::For {
                    iter,
                    init,
                    cond,
                    step,
                    body,
                    kind,
                    jam,
                } => {
                    let it = &self.iterators[*iter];
                    let mut marks = kind.comment();
                    if *jam {
                        marks.push_str(if marks.is_empty() {
                            "  // jam"
                        } else {
                            ", jam"
                        });
                    }
                    let _ = writeln!(
                        out,
                        "{pad}for ({it} = {}; {}; {it} += {step}){marks}",
                        self.expr(init),
                        self.expr(cond)
                    );
                    self.nodes(out, scop, body, depth + 1);
                }
                Node::If { cond, then, els } => {
                    let _ = writeln!(out, "{pad}if ({})", self.expr(cond));
                    self.nodes(out, scop, then, depth + 1);
                    if !els.is_empty() {
                        let _ = writeln!(out, "{pad}else");
                        self.nodes(out, scop, els, depth + 1);
                    }
                }
                Node::Stmt(s) => {
                    out.push_str(&pad);
                    self.stmt_line(out, scop, s);
                    out.push('\n');
                }
            }
        }
    }

    /// A statement instance as a call `S0(c0, c1);` with the values of its original iterators.
    pub(crate) fn stmt_line(&self, out: &mut String, scop: &Scop, s: &StmtNode) {
        let args: Vec<String> = s.iterators.iter().map(|e| self.expr(e)).collect();
        out.push_str(&format!("{}({});", scop.stmt(s.stmt).name, args.join(", ")));
    }

    /// An AST expression as C-like text.
    pub fn expr(&self, e: &AExpr) -> String {
        match e {
            AExpr::Int(v) => v.to_string(),
            AExpr::Iter(k) => self.iterators[*k].clone(),
            AExpr::Param(p) => p.clone(),
            AExpr::Op(op, a) => {
                let x = |k: usize| a.get(k).map(|e| self.expr(e)).unwrap_or_default();
                let bin = |s: &str| format!("({} {s} {})", x(0), x(1));
                if let Some(s) = op.c_infix() {
                    return bin(s);
                }
                match op {
                    AstOp::Max => format!(
                        "max({})",
                        a.iter()
                            .map(|e| self.expr(e))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    AstOp::Min => format!(
                        "min({})",
                        a.iter()
                            .map(|e| self.expr(e))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    AstOp::Minus => format!("-{}", x(0)),
                    AstOp::FdivQ => format!("floord({}, {})", x(0), x(1)),
                    AstOp::Cond | AstOp::Select => format!("({} ? {} : {})", x(0), x(1), x(2)),
                    other => format!("{other:?}"),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use optimist_presburger::{MultiUnionPwAff, UnionMap};
    use optimist_scop::frontend::{FrontendConfig, parse_source};

    #[test]
    fn dimensions_that_never_order_instances_are_dropped_and_marks_follow() {
        let f = parse_source(
            "t.c",
            "void t(int n, double A[n][n], double B[n][n]) {
               for (int i = 0; i < n; i++) {
                 for (int j = 0; j < n; j++) A[i][j] = 0.0;
                 for (int k = 0; k < n; k++)
                   for (int j = 0; j < n; j++) A[i][j] += B[k][j];
               }
             }",
            None,
            &FrontendConfig::default(),
        )
        .unwrap();
        let scop = Scop::build(&f, &Default::default()).unwrap();
        // Dimension 1 orders S0 before S1 (kept); dimension 2 is fixed for S0 only (kept);
        // dimension 4 is fixed for both, and they differ already at dimension 1 (dropped);
        // dimension 5 is 7 for both (dropped).
        let theta = UnionMap::parse(
            &scop.ctx,
            "[n] -> { S0[i, j] -> [i, 0, 0, j, 0, 7]; S1[i, k, j] -> [i, 1, k, j, 1, 7] }",
        )
        .unwrap();
        let schedule = Schedule::from_domain(&scop.domains().unwrap())
            .unwrap()
            .insert_partial_schedule(&MultiUnionPwAff::from_union_map(&theta).unwrap())
            .unwrap();
        let mark = |dim: usize, s: u32| optimist_loopy::Mark {
            dim,
            stmts: [StmtId(s)].into(),
        };
        let marks = Marks {
            parallel: vec![mark(0, 0)],
            vector: vec![mark(3, 1)],
            jam: vec![mark(2, 1)],
            registers: Vec::new(),
        };
        let s = without_fixed_dims(&schedule, &flat_of(&schedule).unwrap(), &marks)
            .unwrap()
            .unwrap();
        let (simpler, moved) = (s.schedule, s.marks);
        let expected = UnionMap::parse(
            &scop.ctx,
            "[n] -> { S0[i, j] -> [i, 0, 0, j]; S1[i, k, j] -> [i, 1, k, j] }",
        )
        .unwrap();
        let got = simpler.map().unwrap();
        assert!(got.is_equal(&expected).unwrap(), "{got}");
        assert_eq!(moved, marks, "no mark was on a dropped dimension");
        // The same loops either way.
        let ast = generate_marked(&scop, &schedule, &marks).unwrap();
        assert_eq!(
            ast.display(&scop),
            generate_marked(&scop, &simpler, &moved)
                .unwrap()
                .display(&scop)
        );
        // Nothing to drop: no new schedule.
        assert!(
            without_fixed_dims(&simpler, &flat_of(&simpler).unwrap(), &moved)
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn statements_that_run_together_are_one_statement_for_isl() {
        let f = parse_source(
            "t.c",
            "void t(int n, double A[n], double B[n], double C[n][n]) {
               for (int i = 0; i < n; i++) {
                 A[i] = 1.0;
                 B[i] = 2.0;
                 for (int j = 0; j < n; j++) C[i][j] = A[i] + B[i];
               }
             }",
            None,
            &FrontendConfig::default(),
        )
        .unwrap();
        let scop = Scop::build(&f, &Default::default()).unwrap();
        let schedule_of = |text: &str| {
            let theta = UnionMap::parse(&scop.ctx, text)
                .unwrap()
                .intersect_domain(&scop.domains().unwrap())
                .unwrap();
            Schedule::from_domain(&scop.domains().unwrap())
                .unwrap()
                .insert_partial_schedule(&MultiUnionPwAff::from_union_map(&theta).unwrap())
                .unwrap()
        };
        let groups = |schedule: &Schedule| {
            let maps = flat_of(schedule).unwrap();
            let names = |g: &Vec<usize>| -> Vec<String> {
                g.iter()
                    .map(|&k| maps[k].tuple_name(DimType::In).unwrap())
                    .collect()
            };
            let mut out: Vec<Vec<String>> = optimist_loopy::run_together(&maps)
                .unwrap()
                .iter()
                .map(names)
                .collect();
            out.sort();
            out
        };
        let no_marks = Marks::default();
        // The loop over j starts after both (its first value at dimension 1 is 1): one group,
        // its members in the order they run (S1 first), and the AST calls them in that order.
        let after = schedule_of(
            "[n] -> { S0[i] -> [i, 0, 2]; S1[i] -> [i, 0, 0]; S2[i, j] -> [i, j + 1, 0] }",
        );
        assert_eq!(groups(&after), [vec!["S1", "S0"], vec!["S2"]]);
        let text = generate_marked(&scop, &after, &no_marks)
            .unwrap()
            .display(&scop);
        let (s1, s0, s2) = (
            text.find("S1(").unwrap(),
            text.find("S0(").unwrap(),
            text.find("S2(").unwrap(),
        );
        assert!(s1 < s0 && s0 < s2, "{text}");
        // At j = 0, S2 runs between them (dimension 1 ties at 0, dimension 2 is 1): apart.
        let between =
            schedule_of("[n] -> { S0[i] -> [i, 0, 0]; S1[i] -> [i, 0, 2]; S2[i, j] -> [i, j, 1] }");
        assert_eq!(groups(&between), [vec!["S0"], vec!["S1"], vec!["S2"]]);
        // At j = 0 it runs after both (dimension 2 is 3): together again.
        let last =
            schedule_of("[n] -> { S0[i] -> [i, 0, 0]; S1[i] -> [i, 0, 2]; S2[i, j] -> [i, j, 3] }");
        assert_eq!(groups(&last), [vec!["S0", "S1"], vec!["S2"]]);
        // Different loops (S1 in its own loop over i): apart.
        let loops =
            schedule_of("[n] -> { S0[i] -> [0, i, 0]; S1[i] -> [1, i, 0]; S2[i, j] -> [2, i, j] }");
        assert_eq!(groups(&loops), [vec!["S0"], vec!["S1"], vec!["S2"]]);
        // The same loops as isl makes them without groups (a tree is not one band: no groups),
        // before the guarded innermost loops are separated (which only one band gets).
        let unpeeled = |s: &Schedule| {
            let maps = flat_of(s).unwrap();
            match without_fixed_dims(s, &maps, &no_marks).unwrap() {
                Some(x) => generate_separated(&scop, &x.schedule, &x.marks, &x.maps, &[]),
                None => generate_separated(&scop, s, &no_marks, &maps, &[]),
            }
            .unwrap()
            .display(&scop)
        };
        for schedule in [&after, &between, &last] {
            let tree = schedule
                .root()
                .unwrap()
                .child(0)
                .unwrap()
                .insert_mark(&Id::new(&scop.ctx, "m").unwrap())
                .unwrap()
                .schedule()
                .unwrap();
            assert_eq!(
                unpeeled(schedule),
                generate_marked(&scop, &tree, &no_marks)
                    .unwrap()
                    .display(&scop)
            );
        }
        // `between` as isl first gives it guards S1 inside the loop over j; separated, its
        // first iteration is peeled and the loop has no guard.
        assert!(unpeeled(&between).contains("if ((c1 == 0))"));
        let peeled = generate_marked(&scop, &between, &no_marks).unwrap();
        assert!(
            guarded_innermost(&peeled).is_empty(),
            "{}",
            peeled.display(&scop)
        );
        assert_eq!(
            peeled.display(&scop),
            "for (c0 = 0; (c0 < n); c0 += 1)\n  S0(c0);\n  S2(c0, 0);\n  S1(c0);\n  for (c1 = 1; (c1 < n); c1 += 1)\n    S2(c0, c1);\n"
        );
    }

    #[test]
    fn a_parallel_loop_is_found_at_any_depth() {
        let l = |kind: LoopKind, body: Vec<Node>| Node::For {
            iter: 0,
            init: AExpr::Int(0),
            cond: AExpr::Op(AstOp::Lt, vec![AExpr::Iter(0), AExpr::Int(4)]),
            step: 1,
            body,
            kind,
            jam: false,
        };
        let s = || {
            Node::Stmt(StmtNode {
                stmt: StmtId(0),
                iterators: Vec::new(),
                indices: Vec::new(),
            })
        };
        let ast = |body: Vec<Node>| LoopAst {
            body,
            iterators: vec!["c0".into()],
        };
        let top = ast(vec![l(
            LoopKind::Parallel,
            vec![l(LoopKind::Serial, vec![s()])],
        )]);
        assert!(top.has_parallel_loop());
        let nested = ast(vec![l(
            LoopKind::Serial,
            vec![l(LoopKind::Parallel, vec![s()])],
        )]);
        assert!(nested.has_parallel_loop());
        let none = ast(vec![l(LoopKind::Serial, vec![s()])]);
        assert!(!none.has_parallel_loop());
    }

    #[test]
    fn constant_expressions_fold_as_the_generated_code_computes_them() {
        let op = |o, a: Vec<AExpr>| AExpr::Op(o, a);
        let int = AExpr::Int;
        assert_eq!(constant(&op(AstOp::FdivQ, vec![int(-7), int(2)])), Some(-4));
        assert_eq!(constant(&op(AstOp::PdivR, vec![int(7), int(3)])), Some(1));
        assert_eq!(
            constant(&op(AstOp::Min, vec![int(3), int(-1), int(2)])),
            Some(-1)
        );
        assert_eq!(constant(&op(AstOp::AndThen, vec![int(1), int(0)])), Some(0));
        assert_eq!(constant(&op(AstOp::Add, vec![int(i64::MAX), int(1)])), None);
        assert_eq!(constant(&op(AstOp::FdivQ, vec![int(1), int(0)])), None);
        assert_eq!(
            constant(&op(AstOp::Add, vec![int(1), AExpr::Iter(0)])),
            None
        );
    }
}
