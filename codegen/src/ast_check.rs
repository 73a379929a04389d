//! A check of isl's loop AST against the dependences of the model.
//!
//! isl 0.27's AST generator has been seen to run statements in an order its schedule does not
//! give: on one single band of seven dimensions over statements with modulo constraints (found
//! by the random programs, `testkit/regressions/ast_generator_breaks_a_dependence.c`), a read
//! ran after the write it must precede, and the optimized code gave other results. So the
//! driver checks the AST of every transformed schedule: [`ast_order`] reads off the AST the
//! time at which each statement instance runs (the position of each node in its block and the
//! values of the loops around it), and that time is checked against the dependences like any
//! schedule (`generate_verified`).
//!
//! # Design notes
//!
//! - **The AST is checked** (`ast_check.rs`, `generate_verified`). isl 0.27's AST generator ran a
//!   statement before one it must follow on a schedule without its fixed dimensions (seven
//!   dimensions, modulo constraints; the soak found it as wrong results, kept as
//!   `testkit/regressions/ast_generator_breaks_a_dependence.c`). So the driver generates the AST of
//!   every transformed schedule (automatic or script) with the dependences at hand: `ast_order`
//!   reads off the AST the time at which each instance runs (each node's position in its block
//!   and the loops' values, the occurrence's loop bounds and conditions as constraints, its
//!   arguments as the instance), and that time must pass the verifier's fast test
//!   (`optimist_loopy::respects_dependences`: the time differences of every statement-level
//!   dependence lexicographically positive). When the AST without the
//!   fixed dimensions fails, or has a guard in one of its deepest vector loops (gemm's
//!   `C *= beta` fused at `k = 0` became `if (c2 == 0 && c4 == 0)` inside the `j` loop, which then
//!   runs neither in lanes nor as a register tile: 0.69 s against 0.13 s), the AST of the
//!   schedule as given is tried (isl peels the first `k` there), and taken when it passes and its
//!   deepest vector loops have no guard; when that fails too,
//!   `CodegenError::WrongAst`, on which the automatic strategy keeps the program's order (a
//!   script gives `Why::WrongAst`). The check has its own budget (`AST_CHECK_BUDGET`, 2 million
//!   isl operations) and time (`AST_CHECK_TIME`, 50 ms or four times the AST's generation,
//!   whichever is longer); an AST whose check needs more is used unchecked, as before the check
//!   existed (seidel2d's time tiles: a second to check, 20 ms to generate), and one whose loops
//!   use `?:` has no isl notation here and is not checked. That every instance
//!   runs is not checked (comparing the domains cost more than the AST). The program's order is
//!   not checked: its AST is isl's over the original schedule. On the 27 suite kernels `optimize`
//!   takes 1.3 times as long (geometric mean; seidel2d 2.7 times, 42 to 115 ms).

use crate::ast::{AExpr, CodegenError, LoopAst, Node};
use optimist_presburger::{AstOp, Error as IslError, Map, UnionMap};
use optimist_scop::model::{Dependences, Scop};
use std::time::{Duration, Instant};

/// The isl operations the check of one AST may use.
const AST_CHECK_BUDGET: u64 = 2_000_000;

/// The time the check of one AST may take: this much, or [`AST_CHECK_TIME_FACTOR`] times the
/// time isl took to generate the AST, whichever is longer.
const AST_CHECK_TIME: Duration = Duration::from_millis(50);

/// See [`AST_CHECK_TIME`].
const AST_CHECK_TIME_FACTOR: u32 = 4;

/// How `ast` breaks `deps`, checked under [`AST_CHECK_BUDGET`] and [`AST_CHECK_TIME`] for an
/// AST that took `generation` to generate; `None` when it respects them, and also when the
/// budget or the time runs out or the AST has no isl notation here: the AST is then used
/// unchecked, as every AST was before the check existed. The check of a time-tiled stencil's
/// AST (`seidel2d`) took a second where generating it took 20 ms; most take a few to a few
/// tens of milliseconds. That every instance runs is not checked: on tiled kernels comparing
/// the domains cost more than generating the AST.
pub(crate) fn follows_within(
    scop: &Scop,
    deps: &Dependences,
    ast: &LoopAst,
    generation: Duration,
) -> Result<Option<String>, CodegenError> {
    let limit = AST_CHECK_TIME.max(generation * AST_CHECK_TIME_FACTOR);
    let mut verdict = None;
    // The budget and the deadline nest in the AST stage's own: afterwards that stage counts
    // its operations afresh, and its deadline, if it passed meanwhile, stops the next stage.
    let bounded = scop.ctx.with_budget(AST_CHECK_BUDGET, || {
        scop.ctx.with_deadline(Instant::now() + limit, || {
            verdict = Some(follows(scop, deps, ast));
            Ok(())
        })
    });
    match (bounded, verdict) {
        (Err(IslError::Budget | IslError::Deadline), _)
        | (Ok(()), Some(Err(IslError::Budget | IslError::Deadline))) => Ok(None),
        (Err(e), _) | (Ok(()), Some(Err(e))) => Err(e.into()),
        (Ok(()), Some(Ok(v))) => Ok(v),
        (Ok(()), None) => unreachable!("the closure ran"),
    }
}

fn follows(scop: &Scop, deps: &Dependences, ast: &LoopAst) -> Result<Option<String>, IslError> {
    let Some(order) = ast_order(scop, ast)? else {
        return Ok(None);
    };
    // Tiled ASTs have many pieces; coalesced, the check takes about half the time.
    let order = order.coalesce()?;
    Ok((!optimist_loopy::respects_dependences(scop, deps, &order)?)
        .then(|| "a dependence runs backwards or at one time in the generated loops".to_string()))
}

/// The order in which `ast` runs the instances of `scop`: instances to time vectors (all of
/// one width), or `None` when a loop bound, condition or argument has no isl notation here
/// (a `?:` selection) or `ast` runs no statement.
fn ast_order(scop: &Scop, ast: &LoopAst) -> Result<Option<UnionMap>, IslError> {
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
    let width = pieces.iter().map(|p| p.steps.len()).max().unwrap_or(0);
    let mut order: Option<UnionMap> = None;
    for mut p in pieces {
        p.steps.resize(width, "0".into());
        let time = format!("{}{}] }}", p.time, p.steps.join(", "));
        let (Ok(run), Ok(time)) = (Map::parse(&scop.ctx, &p.run), Map::parse(&scop.ctx, &time))
        else {
            return Ok(None);
        };
        let piece = run
            .intersect_params(&context)?
            .reverse()?
            .apply_range(&time)?
            .to_union()?;
        order = Some(match order {
            Some(o) => o.union(&piece)?,
            None => piece,
        });
    }
    Ok(order)
}

struct Order<'a> {
    scop: &'a Scop,
    ast: &'a LoopAst,
    params: Vec<String>,
}

/// One statement occurrence: isl text of its loop values to the instance run there, and the
/// start of the text of loop values to time, whose steps are padded to one width at the end.
struct Piece {
    run: String,
    time: String,
    steps: Vec<String>,
}

/// A step of the time vector: a node's position in its block, or a loop's iterator.
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
                    let (Some(init), Some(cond)) = (self.text(init, false), self.text(cond, false))
                    else {
                        return false;
                    };
                    let name = &self.ast.iterators[*iter];
                    let before = facts.len();
                    facts.push(format!("{name} >= {init}"));
                    facts.push(cond);
                    if *step != 1 {
                        facts.push(format!("({name} - ({init})) mod {step} = 0"));
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
                Node::Stmt {
                    stmt, iterators, ..
                } => self.occurrence(*stmt, iterators, prefix, facts, out),
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
        let time: Vec<String> = prefix
            .iter()
            .map(|s| match s {
                Step::At(k) => k.to_string(),
                Step::Loop(i) => self.ast.iterators[*i].clone(),
            })
            .collect();
        let conditions = if facts.is_empty() {
            String::new()
        } else {
            format!(" : {}", facts.join(" and "))
        };
        let params = self.params.join(", ");
        let loops = loops.join(", ");
        out.push(Piece {
            run: format!(
                "[{params}] -> {{ [{loops}] -> {}[{}]{conditions} }}",
                st.name,
                args.join(", ")
            ),
            time: format!("[{params}] -> {{ [{loops}] -> ["),
            steps: time,
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
