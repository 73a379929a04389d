//! A check of isl's loop AST against the dependences of the model.
//!
//! isl 0.27's AST generator has been seen to run statements in an order its schedule does not
//! give: on one single band of seven dimensions over statements with modulo constraints (found
//! by the random programs, `testkit/regressions/ast_generator_breaks_a_dependence.c`), a read
//! ran after the write it must precede, and the optimized code gave other results. So the
//! driver checks the AST of every transformed schedule: `follows` reads off the AST, for each
//! occurrence of a statement, the instances it runs at each value of its loops and the time at
//! which it runs them (the position of each node in its block and the values of the loops
//! around it), and asks isl whether a dependence ever has its target run no later than its
//! source.
//!
//! # Design notes
//!
//! - **The AST is checked** (`ast_check.rs`, `generate_verified`). isl 0.27's AST generator ran a
//!   statement before one it must follow on a schedule without its fixed dimensions (seven
//!   dimensions, modulo constraints; the soak found it as wrong results, kept as
//!   `testkit/regressions/ast_generator_breaks_a_dependence.c`). So the driver generates the AST of
//!   every transformed schedule (automatic or script) with the dependences at hand. When the AST
//!   without the fixed dimensions fails, or has a guard in one of its deepest vector loops (gemm's
//!   `C *= beta` fused at `k = 0` became `if (c2 == 0 && c4 == 0)` inside the `j` loop, which then
//!   runs neither in lanes nor as a register tile: 0.69 s against 0.13 s), the AST of the
//!   schedule as given is tried (isl peels the first `k` there), and taken when it passes and its
//!   deepest vector loops have no guard; when that fails too, `CodegenError::WrongAst`, on which
//!   the automatic strategy keeps the program's order (a script gives `Why::WrongAst`).
//! - **In the loops' own space.** For each statement-level dependence `S -> T` and each pair of
//!   occurrences `p` of `S` and `q` of `T`, the time vectors are compared step by step
//!   (`comparison`): positions in blocks are constants, so most pairs (a nest before another)
//!   are decided without isl. For the rest, one relation holds the loop values of both
//!   occurrences, the instances they run, and the dependence between those; it is swept
//!   lexicographically (`q` earlier at this loop? else tied at it), and must never have `q` run
//!   no later than `p`. Nothing is projected: the earlier check composed the occurrences'
//!   relations into instance-to-time maps and took time differences, which eliminated the tile
//!   loops and spent its time dropping divisions (three chained products in C: 250 ms, now
//!   12 ms). Loop bounds by `min`/`max` are written as conjunctions and bounds by a floor
//!   division as one multiplication (as isl parses them, each `min` doubled the pieces of a
//!   relation).
//! - **The schedule's values where they are proved.** The loop of iterator `c{d}` is the
//!   schedule's dimension `d`; isl usually gives it the schedule's values, but may run a
//!   statement at an offset (a strided loop shared by two statements). An occurrence whose
//!   every instance runs at its scheduled values (`placed`) runs its instances in the
//!   schedule's order, which the strategy or the script verified: a dependence of an
//!   occurrence on itself needs no pairwise test (on time-tiled stencils that test took
//!   seconds). And a statement that occurs
//!   once, so placed, runs exactly the instances the schedule places at each value of its
//!   loops: its relation is taken from the schedule (`scheduled`) rather than from the loop
//!   bounds, whose constraints on time tiles are many (a 3-d heat stencil: 889 000 operations
//!   to 131 000).
//! - **Counted, never timed.** The check has its own budget of isl operations
//!   (`AST_CHECK_BUDGET`); an AST whose check needs more is used unchecked, as before the check
//!   existed (on the corpus and the suite, only `select_lanes.c`'s). It used to stop at a time
//!   limit as well, which made the AST used depend on the machine's load. One whose loops use
//!   `?:` has no isl notation here and is not checked. That every instance runs is not checked
//!   (comparing the domains cost more than the AST). The program's order is not checked: its
//!   AST is isl's over the original schedule.

use crate::ast::StmtNode;
use crate::ast::{
    AExpr, CodegenError, LoopAst, LoopKind, Marks, Node, flat_of, generate_unchecked,
    without_fixed_dims,
};
use optimist_presburger::Schedule;
use optimist_presburger::{AstOp, DimType, Error as IslError, Map, Set};
use optimist_scop::model::{Dependences, Scop};

/// The isl operations the check of one AST may use. The AST of
/// `testkit/regressions/ast_generator_breaks_a_dependence.c` that breaks a dependence is found
/// at 117 000; the most any AST of the corpus and the suite needs is fdtd2d's 211 000 and
/// Floyd-Warshall's 234 000 (LU 191 000, time-tiled heat stencils 131 000); the AST of
/// `corpus/select_lanes.c` runs out and is used unchecked.
const AST_CHECK_BUDGET: u64 = 250_000;

/// How `ast` breaks `deps`, checked under [`AST_CHECK_BUDGET`]; `None` when it respects them,
/// and also when the budget runs out or the AST has no isl notation here: the AST is then used
/// unchecked, as every AST was before the check existed.
pub(crate) fn follows_within(
    scop: &Scop,
    deps: &Dependences,
    ast: &LoopAst,
    flat: &[Map],
) -> Result<Option<String>, CodegenError> {
    let mut verdict = None;
    // The budget nests in the AST stage's own and counts toward it.
    let bounded = scop.ctx.with_budget(AST_CHECK_BUDGET, || {
        verdict = Some(follows(scop, deps, ast, flat));
        Ok(())
    });
    match (bounded, verdict) {
        (Err(IslError::Budget), _) | (Ok(()), Some(Err(IslError::Budget))) => Ok(None),
        (Err(e), _) | (Ok(()), Some(Err(e))) => Err(e.into()),
        (Ok(()), Some(Ok(v))) => Ok(v),
        (Ok(()), None) => unreachable!("the closure ran"),
    }
}

fn follows(
    scop: &Scop,
    deps: &Dependences,
    ast: &LoopAst,
    flat: &[Map],
) -> Result<Option<String>, IslError> {
    let builder = Order {
        scop,
        ast,
        params: scop.params.iter().map(|p| p.name.clone()).collect(),
    };
    let mut pieces = Vec::new();
    if !builder.nodes(&ast.body, &mut Vec::new(), &mut Vec::new(), &mut pieces) {
        return Ok(None);
    }
    let context = scop.sign_context()?;
    let params = builder.params.join(", ");
    // Each occurrence's relation of loop values to the instance it runs, parsed once.
    let mut runs = Vec::with_capacity(pieces.len());
    for p in &pieces {
        match Map::parse(&scop.ctx, &p.run) {
            Ok(run) => runs.push(run.intersect_params(&context)?),
            Err(_) => return Ok(None),
        }
    }
    let mut in_order = vec![false; pieces.len()];
    // An occurrence that runs its instances at their scheduled values needs no pairwise test
    // against itself; if its statement occurs only there, the relation of its loop values to
    // the instances it runs is the schedule's own (on the statement's domain), whose
    // constraints are far fewer than those of the loop bounds (time tiles).
    for k in 0..pieces.len() {
        let p = &pieces[k];
        if !placed(scop, p, &runs[k], flat, &params)? {
            continue;
        }
        in_order[k] = true;
        if pieces.iter().filter(|q| q.stmt == p.stmt).count() == 1
            && let Some(run) = scheduled(scop, p, flat)?
        {
            runs[k] = run.intersect_params(&context)?;
        }
    }
    for dep in deps.all_statements()?.maps()? {
        let source = dep.tuple_name(DimType::In).unwrap_or_default();
        let target = dep.tuple_name(DimType::Out).unwrap_or_default();
        let dep = dep.wrap()?;
        for (a, (p, run_p)) in pieces.iter().zip(&runs).enumerate() {
            if p.stmt != source {
                continue;
            }
            for (b, (q, run_q)) in pieces.iter().zip(&runs).enumerate() {
                if q.stmt != target {
                    continue;
                }
                if a == b && in_order[a] {
                    continue;
                }
                let steps = comparison(p, q);
                if steps.first() == Some(&Cmp::After) {
                    // `q`'s block comes after `p`'s wherever they share loops.
                    continue;
                }
                // Loop values of both occurrences and the instances they run there, side by
                // side, where the dependence joins the instances: nothing is projected (see
                // the design notes).
                let mut tied = run_p.product(run_q)?.intersect_range(&dep)?;
                let no_later = |c: &str| -> Result<Set, IslError> {
                    Map::parse(
                        &scop.ctx,
                        &format!(
                            "[{params}] -> {{ [{}] -> [{}] : {c} }}",
                            names("x", p.loops),
                            names("y", q.loops)
                        ),
                    )?
                    .wrap()
                };
                let mut wrong = false;
                for step in steps {
                    if tied.is_empty()? {
                        break;
                    }
                    match step {
                        Cmp::Before => {
                            wrong = true;
                            break;
                        }
                        Cmp::After => break,
                        Cmp::Loops(x, y) => {
                            let earlier =
                                tied.intersect_domain(&no_later(&format!("{y} < {x}"))?)?;
                            if !earlier.is_empty()? {
                                wrong = true;
                                break;
                            }
                            tied = tied.intersect_domain(&no_later(&format!("{y} = {x}"))?)?;
                        }
                    }
                }
                if wrong {
                    return Ok(Some(format!(
                        "a dependence of {target} on {source} runs backwards or at one time \
                         in the generated loops"
                    )));
                }
            }
        }
    }
    Ok(None)
}

/// Whether occurrence `p` (its relation `run` of loop values to instances) runs each instance
/// at the schedule's values of its loops (`flat`: one map per statement). The loop of iterator
/// `c{d}` is the schedule's dimension `d`, and usually has its values, but not always: isl may
/// run a statement of a strided loop at an offset (`S(c3 + 1)` in the loop of `S'`s even
/// twin). When every instance runs at its scheduled values, the instances of the occurrence run
/// in the schedule's order (a schedule dimension without a loop has one value where the loops
/// around it are fixed), which the strategy or the script verified: the dependences between
/// instances of that occurrence need no pairwise test, which on time-tiled stencils took
/// seconds.
fn placed(scop: &Scop, p: &Piece, run: &Map, flat: &[Map], params: &str) -> Result<bool, IslError> {
    let Some(sched) = schedule_of(p, flat) else {
        return Ok(false);
    };
    let width = sched.dim(DimType::Out)?;
    if p.dims.iter().any(|&d| d >= width) {
        return Ok(false);
    }
    if p.dims.is_empty() {
        return Ok(true);
    }
    let off: Vec<String> = p
        .dims
        .iter()
        .enumerate()
        .map(|(k, d)| format!("t{d} < x{k} or t{d} > x{k}"))
        .collect();
    let off = Map::parse(
        &scop.ctx,
        &format!(
            "[{params}] -> {{ [{}] -> [{}] : {} }}",
            names("x", p.loops),
            names("t", width),
            off.join(" or ")
        ),
    )?;
    run.apply_range(sched)?.intersect(&off)?.is_empty()
}

/// The relation of the values of the loops around occurrence `p` to the instances of its
/// statement the schedule `flat` places there (on the statement's domain); `None` when the
/// statement has no schedule.
fn scheduled(scop: &Scop, p: &Piece, flat: &[Map]) -> Result<Option<Map>, IslError> {
    let Some(sched) = schedule_of(p, flat) else {
        return Ok(None);
    };
    let Some(stmt) = scop.stmts.iter().find(|s| s.name == p.stmt) else {
        return Ok(None);
    };
    let width = sched.dim(DimType::Out)?;
    let loops: Vec<String> = p.dims.iter().map(|d| format!("t{d}")).collect();
    let onto = Map::parse(
        &scop.ctx,
        &format!("{{ [{}] -> [{}] }}", names("t", width), loops.join(", ")),
    )?;
    Ok(Some(
        sched
            .intersect_domain(&stmt.domain)?
            .apply_range(&onto)?
            .reverse()?,
    ))
}

/// The schedule of the statement of occurrence `p` among `flat` (one map per statement).
fn schedule_of<'f>(p: &Piece, flat: &'f [Map]) -> Option<&'f Map> {
    flat.iter()
        .find(|m| m.tuple_name(DimType::In).as_deref() == Some(p.stmt.as_str()))
}

/// `x0, x1, ...`: `n` names.
fn names(prefix: &str, n: usize) -> String {
    (0..n)
        .map(|k| format!("{prefix}{k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One step of the comparison of the time vectors of two occurrences `p` and `q`, where all
/// steps before it are equal.
#[derive(Debug, PartialEq)]
enum Cmp {
    /// `q` runs before `p` (its block's position is smaller), or at the same time (the vectors
    /// are equal to the end).
    Before,
    /// `q` runs after `p`.
    After,
    /// The loop values `x{i}` of `p` and `y{j}` of `q` decide.
    Loops(String, String),
}

/// The steps that compare the time vector of `q` with that of `p`, in order, up to the first
/// that decides: positions in blocks are constants, so most pairs of occurrences (a nest before
/// another) are decided before any loop value is compared. Only the loops shared by both can
/// tie.
fn comparison(p: &Piece, q: &Piece) -> Vec<Cmp> {
    let entry = |s: Option<&Step>, name: &str| match s {
        Some(Step::At(k)) => Entry::At(*k),
        Some(Step::Loop(i)) => Entry::Var(format!("{name}{i}")),
        None => Entry::At(0),
    };
    let mut steps = Vec::new();
    for k in 0..p.steps.len().max(q.steps.len()) {
        match (entry(p.steps.get(k), "x"), entry(q.steps.get(k), "y")) {
            (Entry::At(a), Entry::At(b)) if a == b => {}
            (Entry::At(a), Entry::At(b)) => {
                steps.push(if b < a { Cmp::Before } else { Cmp::After });
                return steps;
            }
            (a, b) => steps.push(Cmp::Loops(a.text(), b.text())),
        }
    }
    steps.push(Cmp::Before);
    steps
}

/// An entry of a time vector: a position in a block or a loop's value.
enum Entry {
    At(usize),
    Var(String),
}

impl Entry {
    fn text(self) -> String {
        match self {
            Entry::At(k) => k.to_string(),
            Entry::Var(v) => v,
        }
    }
}

struct Order<'a> {
    scop: &'a Scop,
    ast: &'a LoopAst,
    params: Vec<String>,
}

/// One statement occurrence: the statement's name, isl text of its loop values to the instance
/// run there, the number of loops around it, and its time vector.
struct Piece {
    stmt: String,
    run: String,
    loops: usize,
    /// The schedule dimension of each loop around it (from its iterator's name, `c{d}`).
    dims: Vec<usize>,
    steps: Vec<Step>,
}

/// A step of the time vector: a node's position in its block, or the value of the `k`-th loop
/// around the occurrence.
enum Step {
    At(usize),
    Loop(usize),
}

impl Order<'_> {
    /// Adds the pieces of `nodes` (isl text of loop values to instance, and to time) to `out`;
    /// `false` when something has no isl notation. `prefix` is the time so far, `facts` the
    /// constraints that hold.
    fn nodes(
        &self,
        nodes: &[Node],
        prefix: &mut Vec<Step>,
        facts: &mut Vec<String>,
        out: &mut Vec<Piece>,
    ) -> bool {
        for (k, n) in nodes.iter().enumerate() {
            prefix.push(Step::At(k));
            let ok = match n {
                Node::For {
                    iter,
                    init,
                    cond,
                    step,
                    body,
                    ..
                } => {
                    let name = &self.ast.iterators[*iter];
                    let (Some(init_text), Some(cond)) =
                        (self.text(init, false), self.text(cond, false))
                    else {
                        return false;
                    };
                    // A lower bound by `max` is a conjunction of bounds (as for `min` in
                    // conditions, see `text`).
                    let lower = match init {
                        AExpr::Op(AstOp::Max, ys) if !ys.is_empty() => {
                            let mut flat = Vec::new();
                            flatten(AstOp::Max, ys, &mut flat);
                            let Some(parts) = flat
                                .into_iter()
                                .map(|y| Some(format!("{name} >= {}", self.text(y, false)?)))
                                .collect::<Option<Vec<_>>>()
                            else {
                                return false;
                            };
                            parts.join(" and ")
                        }
                        _ => format!("{name} >= {init_text}"),
                    };
                    let before = facts.len();
                    facts.push(lower);
                    facts.push(cond);
                    if *step != 1 {
                        facts.push(format!("({name} - ({init_text})) mod {step} = 0"));
                    }
                    prefix.push(Step::Loop(*iter));
                    let ok = self.nodes(body, prefix, facts, out);
                    prefix.pop();
                    facts.truncate(before);
                    ok
                }
                Node::If { cond, then, els } => {
                    let (Some(yes), Some(no)) = (self.text(cond, false), self.text(cond, true))
                    else {
                        return false;
                    };
                    // Each branch is a block of its own under this node's position (a time
                    // step more); they never both run for the same loop values.
                    facts.push(yes);
                    let ok = self.nodes(then, prefix, facts, out);
                    facts.pop();
                    facts.push(no);
                    let ok = ok && self.nodes(els, prefix, facts, out);
                    facts.pop();
                    ok
                }
                Node::Stmt(StmtNode {
                    stmt, iterators, ..
                }) => self.occurrence(*stmt, iterators, prefix, facts, out),
            };
            prefix.pop();
            if !ok {
                return false;
            }
        }
        true
    }

    fn occurrence(
        &self,
        stmt: optimist_scop::model::StmtId,
        args: &[AExpr],
        prefix: &[Step],
        facts: &[String],
        out: &mut Vec<Piece>,
    ) -> bool {
        let st = self.scop.stmt(stmt);
        let Some(args) = args
            .iter()
            .map(|a| self.text(a, false))
            .collect::<Option<Vec<_>>>()
        else {
            return false;
        };
        let loops: Vec<&str> = prefix
            .iter()
            .filter_map(|s| match s {
                Step::Loop(i) => Some(self.ast.iterators[*i].as_str()),
                Step::At(_) => None,
            })
            .collect();
        let Some(dims) = loops
            .iter()
            .map(|l| l.strip_prefix('c').and_then(|d| d.parse().ok()))
            .collect::<Option<Vec<usize>>>()
        else {
            return false;
        };
        let mut depth = 0;
        let steps: Vec<Step> = prefix
            .iter()
            .map(|s| match s {
                Step::At(k) => Step::At(*k),
                Step::Loop(_) => {
                    depth += 1;
                    Step::Loop(depth - 1)
                }
            })
            .collect();
        let conditions = if facts.is_empty() {
            String::new()
        } else {
            format!(" : {}", facts.join(" and "))
        };
        let params = self.params.join(", ");
        out.push(Piece {
            stmt: st.name.clone(),
            run: format!(
                "[{params}] -> {{ [{}] -> {}[{}]{conditions} }}",
                loops.join(", "),
                st.name,
                args.join(", ")
            ),
            loops: loops.len(),
            dims,
            steps,
        });
        true
    }

    /// `e` in isl notation (negated when `negate`), or `None` where there is none here.
    fn text(&self, e: &AExpr, negate: bool) -> Option<String> {
        use AstOp::*;
        let t = |e: &AExpr| self.text(e, false);
        let bin = |op: &str, a: &AExpr, b: &AExpr| Some(format!("({} {op} {})", t(a)?, t(b)?));
        Some(match e {
            AExpr::Int(v) if !negate => v.to_string(),
            AExpr::Iter(i) if !negate => self.ast.iterators[*i].clone(),
            AExpr::Param(p) if !negate => p.clone(),
            AExpr::Op(op, a) => match (op, a.as_slice(), negate) {
                (Add, [x, y], false) => bin("+", x, y)?,
                (Sub, [x, y], false) => bin("-", x, y)?,
                (Mul, [x, y], false) => bin("*", x, y)?,
                (Minus, [x], false) => format!("(-{})", t(x)?),
                (Div | FdivQ | PdivQ, [x, AExpr::Int(d)], false) if *d > 0 => {
                    format!("floor(({}) / {d})", t(x)?)
                }
                // isl compares a `zdiv_r` only with zero, where it is the remainder `mod`.
                (PdivR | ZdivR, [x, AExpr::Int(d)], false) if *d > 0 => {
                    format!("(({}) mod {d})", t(x)?)
                }
                (Min | Max, [first, rest @ ..], false) => {
                    let mut s = t(first)?;
                    for r in rest {
                        s = format!("{}({s}, {})", if *op == Min { "min" } else { "max" }, t(r)?);
                    }
                    s
                }
                (Eq, [x, y], false) => bin("=", x, y)?,
                (Eq, [x, y], true) => format!("({} < {} or {0} > {1})", t(x)?, t(y)?),
                // A bound by `min` (or `max`) is a conjunction of bounds, and a bound by a
                // floor division one multiplication: as isl parses `min` and `floor`, each would
                // be a disjunction or a division, and the occurrences' relations many pieces.
                (Le | Lt, [x, AExpr::Op(Min, ys)], false)
                | (Ge | Gt, [x, AExpr::Op(Max, ys)], false)
                    if !ys.is_empty() =>
                {
                    let cmp = match op {
                        Le => "<=",
                        Lt => "<",
                        Ge => ">=",
                        _ => ">",
                    };
                    let extreme = if matches!(op, Le | Lt) { Min } else { Max };
                    let mut flat = Vec::new();
                    flatten(extreme, ys, &mut flat);
                    let parts = flat
                        .into_iter()
                        .map(|y| match (op, floor_of(y)) {
                            (Le | Lt, Some((e, d))) => {
                                self.at_most_floor(x, e, d, matches!(op, Lt))
                            }
                            _ => bin(cmp, x, y),
                        })
                        .collect::<Option<Vec<_>>>()?;
                    format!("({})", parts.join(" and "))
                }
                (Le | Lt, [x, y], false) if floor_of(y).is_some() => {
                    let (e, d) = floor_of(y)?;
                    self.at_most_floor(x, e, d, matches!(op, Lt))?
                }
                (Le, [x, y], n) => bin(if n { ">" } else { "<=" }, x, y)?,
                (Lt, [x, y], n) => bin(if n { ">=" } else { "<" }, x, y)?,
                (Ge, [x, y], n) => bin(if n { "<" } else { ">=" }, x, y)?,
                (Gt, [x, y], n) => bin(if n { "<=" } else { ">" }, x, y)?,
                (And | AndThen, [x, y], n) => format!(
                    "({} {} {})",
                    self.text(x, n)?,
                    if n { "or" } else { "and" },
                    self.text(y, n)?
                ),
                (Or | OrElse, [x, y], n) => format!(
                    "({} {} {})",
                    self.text(x, n)?,
                    if n { "and" } else { "or" },
                    self.text(y, n)?
                ),
                _ => return None,
            },
            _ => return None,
        })
    }
}

/// `e` and `d` when `y` is `floor(e / d)` with `d > 0`.
fn floor_of(y: &AExpr) -> Option<(&AExpr, i64)> {
    match y {
        AExpr::Op(AstOp::Div | AstOp::FdivQ | AstOp::PdivQ, q) => match q.as_slice() {
            [e, AExpr::Int(d)] if *d > 0 => Some((e, *d)),
            _ => None,
        },
        _ => None,
    }
}

impl Order<'_> {
    /// `x <= floor(e / d)` as the multiplication `d * x <= e` (`x < floor(e / d)`, when
    /// `strict`, as `d * (x + 1) <= e`): isl would read the floor as a division, a local
    /// variable in every occurrence's relation.
    fn at_most_floor(&self, x: &AExpr, e: &AExpr, d: i64, strict: bool) -> Option<String> {
        let x = self.text(x, false)?;
        let e = self.text(e, false)?;
        Some(if strict {
            format!("({d} * ({x} + 1) <= {e})")
        } else {
            format!("({d} * {x} <= {e})")
        })
    }
}

/// The operands of `op` (`min` or `max`) in `args`, with nested applications of `op` opened.
fn flatten<'e>(op: AstOp, args: &'e [AExpr], out: &mut Vec<&'e AExpr>) {
    for a in args {
        match a {
            AExpr::Op(inner, nested) if *inner == op => flatten(op, nested, out),
            _ => out.push(a),
        }
    }
}

/// [`crate::generate_marked`], with the AST checked against `deps` (see `ast_check`): the order the
/// AST runs the instances in must respect every dependence. The schedule without its fixed
/// dimensions is tried first; when isl's AST of it fails the check, the schedule as given; when
/// that one fails too, [`CodegenError::WrongAst`].
pub fn generate_verified(
    scop: &Scop,
    schedule: &Schedule,
    marks: &Marks,
    deps: &Dependences,
) -> Result<LoopAst, CodegenError> {
    // isl separates the instances of a statement fused at one iteration of a loop (gemm's
    // `C[i][j] *= beta` at k = 0) into a loop of their own when the schedule keeps its fixed
    // dimensions, and puts a guard inside the innermost loop without them, which then runs
    // neither in lanes nor as a register tile (gemm: 0.69 s, against 0.125 s with the loop
    // of its own): then the AST of the schedule as given is taken when it has no such guard.
    let mut guarded = None;
    let maps = flat_of(schedule)?;
    if let Some(s) = without_fixed_dims(schedule, &maps, marks)? {
        let ast = generate_unchecked(scop, &s.schedule, &s.marks, &s.maps)?;
        if follows_within(scop, deps, &ast, &s.maps)?.is_none() {
            if !guard_in_vector_loop(&ast.body) {
                return Ok(ast);
            }
            guarded = Some(ast);
        }
    }
    let ast = generate_unchecked(scop, schedule, marks, &maps)?;
    match follows_within(scop, deps, &ast, &maps)? {
        None if guarded.is_none() || !guard_in_vector_loop(&ast.body) => Ok(ast),
        None => Ok(guarded.unwrap_or(ast)),
        Some(why) => guarded.ok_or(CodegenError::WrongAst(why)),
    }
}

/// Whether one of the deepest loops marked vector (where the time goes) has a condition in
/// its body. A guard in a shallower one (a peeled first iteration) costs little.
fn guard_in_vector_loop(nodes: &[Node]) -> bool {
    fn walk(nodes: &[Node], depth: usize, out: &mut Vec<(usize, bool)>) {
        for n in nodes {
            match n {
                Node::For { kind, body, .. } => {
                    if matches!(kind, LoopKind::Vector { .. }) {
                        let guarded = body.iter().any(|b| matches!(b, Node::If { .. }));
                        out.push((depth + 1, guarded));
                    }
                    walk(body, depth + 1, out);
                }
                Node::If { then, els, .. } => {
                    walk(then, depth, out);
                    walk(els, depth, out);
                }
                Node::Stmt(StmtNode { .. }) => {}
            }
        }
    }
    let mut loops = Vec::new();
    walk(nodes, 0, &mut loops);
    let deepest = loops.iter().map(|&(d, _)| d).max().unwrap_or(0);
    loops.iter().any(|&(d, guarded)| d == deepest && guarded)
}
