//! The program-model correspondence check of paper 004, §4.2 (Inv, Rank1, Rank2), with isl.
//!
//! The paper states the conditions over the path relation `p(s, t)` — "after instance `s[i]`
//! the program runs `t[j]` next" — and leaves them to an SMT solver (unimplemented there). Here
//! the path relation is derived from the program IR's control structure alone (statement lists,
//! branches, counted loops that stop at the first failing test, as C runs them) and written as
//! isl relations; the model under test (`Scop::build`'s domains and schedule) is only used on
//! the other side of the conditions:
//!
//! - **Inv**: `p(s[i], t[j]) ∧ i ∈ dom(s) ⇒ j ∈ dom(t)`, and the program's first instance is
//!   in the model;
//! - **Rank1**: `p(s[i], t[j]) ∧ i ∈ dom(s) ⇒ θ(s, i) ≺ θ(t, j)`;
//! - **Rank2**: no instance of the model runs strictly between `s[i]` and its successor, none
//!   before the program's first instance and none after its last.
//!
//! Together with a one-to-one `θ` they make the model's scheduled execution the program's
//! (Theorem 1). Integer expressions are read as mathematical integers (wrapping is the business
//! of the assumptions); kernels whose control depends on data or on values other than scalar
//! parameters and loop counters are reported as [`Unsupported`](CorrespondenceError::Unsupported).
//!
//! # Design notes
//!
//! - **Correspondence** (`correspondence.rs`). §4.2's Inv, Rank1 and Rank2 with isl: the path
//!   relation (the instance the program runs next) is derived from the program IR's control
//!   structure — lists, branches, loops that stop at their first failing test — independently of
//!   `Scop::build`, and checked against the model's domains and flattened schedule.
//!   Rank2 is tested by counting: where Inv and Rank1 hold, it is equivalent to every model
//!   instance but the program's first having a predecessor (the path is a function and strictly
//!   increasing in time, so from the first instance it visits all of them in the model's order);
//!   the check with the model's next time (a `lexmin` over every later time, the dearest step)
//!   only runs to name a violation.
//!   `correspondence` returns the parameter values where the model is the program: a `!=` exit with
//!   step 2 holds only for even bounds, and `Kernel` runs model code only there. Data-dependent
//!   control and bounds read from memory are reported as not checked.

use crate::auto::flat;
use crate::verify::{out_width, sample_pair, sample_set};
use optimist_presburger::{Error as IslError, Map, PwAff, Set, UnionMap};
use optimist_scop::ir::{
    BinOp, Expr, ExprKind, For, Function, IrLeaf, Stmt, StmtKind, UnOp, VarId,
};
use optimist_scop::model::{ParamOrigin, Scop};
use std::collections::HashMap;

/// Why the check did not pass.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CorrespondenceError {
    /// *Bug* (in the model builder, or a construct it models wrongly): the model does not run
    /// the program's instances in the program's order.
    #[error("the model does not match the program:\n{}", .0.join("\n"))]
    Mismatch(Vec<String>),
    /// *Unsupported input*: the control flow is outside what the check derives
    /// (data-dependent conditions, bounds
    /// reading memory or local variables).
    #[error("not checked: {0}")]
    Unsupported(String),
    /// *Limit reached* (an isl budget or deadline) or a *bug* (an isl failure no limit
    /// explains).
    #[error("isl: {0}")]
    Isl(#[from] IslError),
}

/// What one element of a statement list does when it starts, for each context (the values of
/// the enclosing loop counters): the first instance it runs, or nothing.
#[derive(Clone)]
struct Start {
    /// Context to the first instance run.
    first: UnionMap,
    /// Contexts in which it runs no instance.
    done: Set,
}

struct Checker<'a> {
    f: &'a Function,
    scop: &'a Scop,
    /// `[n, m] -> ` (the scalar parameters), in front of every isl text.
    params: String,
    /// The counters of the enclosing loops, outermost first.
    loops: Vec<VarId>,
    /// The model's statements in program order, and the next one to meet.
    next_stmt: usize,
    /// The path relation built so far.
    path: UnionMap,
    /// Per loop (by address): its counter values, its body's starts, and how many statements
    /// the body numbers.
    loop_cache: HashMap<usize, (Set, Vec<Start>, usize)>,
}

fn xs(d: usize) -> String {
    (0..d)
        .map(|k| format!("x{k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn unsupported<T>(m: impl Into<String>) -> Result<T, CorrespondenceError> {
    Err(CorrespondenceError::Unsupported(m.into()))
}

impl Checker<'_> {
    fn set(&self, d: usize, cond: &str) -> Result<Set, IslError> {
        Set::parse(
            &self.scop.ctx,
            &format!("{}{{ [{}] : {cond} }}", self.params, xs(d)),
        )
    }

    fn universe(&self, d: usize) -> Result<Set, IslError> {
        self.set(d, "true")
    }

    fn empty_union(&self) -> Result<UnionMap, IslError> {
        UnionMap::empty(&self.scop.ctx)
    }

    /// An integer expression over the current loop counters (context depth `d`).
    fn aff(&self, e: &Expr, d: usize) -> Result<PwAff, CorrespondenceError> {
        let leaf = |text: String| -> Result<PwAff, CorrespondenceError> {
            Ok(PwAff::parse(
                &self.scop.ctx,
                &format!("{}{{ [{}] -> [({text})] }}", self.params, xs(d)),
            )?)
        };
        let text = || self.f.expr_to_string(e);
        let isl = |r: Result<PwAff, IslError>| {
            r.or_else(|_| unsupported(format!("`{}` is not affine", text())))
        };
        match &e.kind {
            ExprKind::Int(v) => leaf(v.to_string()),
            ExprKind::Leaf(IrLeaf::Var(v)) => {
                if let Some(k) = self.loops.iter().take(d).position(|l| l == v) {
                    leaf(format!("x{k}"))
                } else if let Some(p) = self
                    .scop
                    .params
                    .iter()
                    .find(|p| matches!(p.origin, ParamOrigin::Scalar(x) if x == *v))
                {
                    leaf(p.name.clone())
                } else {
                    unsupported(format!(
                        "`{}` is neither a loop counter nor a parameter",
                        self.f.var(*v).name
                    ))
                }
            }
            ExprKind::Cast(x) if x.ty.is_int() => self.aff(x, d),
            ExprKind::Unary(UnOp::Neg, x) => Ok(self.aff(x, d)?.neg()?),
            ExprKind::Binary(
                op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem),
                a,
                b,
            ) => {
                let (a, b) = (self.aff(a, d)?, self.aff(b, d)?);
                isl(match op {
                    BinOp::Add => a.add(&b),
                    BinOp::Sub => a.sub(&b),
                    BinOp::Mul => a.mul(&b),
                    BinOp::Div => a.tdiv_q(&b),
                    _ => a.tdiv_r(&b),
                })
            }
            _ => unsupported(format!("`{}` is not affine", text())),
        }
    }

    /// A condition over the current loop counters.
    fn condition(&self, c: &Expr, d: usize) -> Result<Set, CorrespondenceError> {
        Ok(match &c.kind {
            ExprKind::Binary(BinOp::And, a, b) => {
                self.condition(a, d)?.intersect(&self.condition(b, d)?)?
            }
            ExprKind::Binary(BinOp::Or, a, b) => {
                self.condition(a, d)?.union(&self.condition(b, d)?)?
            }
            ExprKind::Unary(UnOp::Not, a) => self.universe(d)?.subtract(&self.condition(a, d)?)?,
            ExprKind::Binary(op, a, b) if op.is_comparison() && a.ty.is_int() => {
                let (x, y) = (self.aff(a, d)?, self.aff(b, d)?);
                match op {
                    BinOp::Lt => x.lt_set(&y)?,
                    BinOp::Le => x.le_set(&y)?,
                    BinOp::Gt => x.gt_set(&y)?,
                    BinOp::Ge => x.ge_set(&y)?,
                    BinOp::Eq => x.eq_set(&y)?,
                    _ => x.ne_set(&y)?,
                }
            }
            _ if c.ty.is_int() => {
                let x = self.aff(c, d)?;
                x.ne_set(
                    &self.aff(
                        &Expr::int(0, c.ty)
                            .map_err(|e| CorrespondenceError::Unsupported(e.to_string()))?,
                        d,
                    )?,
                )?
            }
            _ => {
                return unsupported(format!(
                    "condition `{}` depends on data",
                    self.f.expr_to_string(c)
                ));
            }
        })
    }

    /// The counter values a loop at depth `d` (its counter is `x{d}`) runs, per outer context,
    /// as C runs them: from the start, by the step, up to the first failing test.
    fn iterations(&self, l: &For, d: usize) -> Result<Set, CorrespondenceError> {
        if mentions(&l.init, l.var) {
            return unsupported(format!(
                "the start of loop `{}` reads its own counter",
                self.f.var(l.var).name
            ));
        }
        let x = format!("x{d}");
        let init = self.aff(&l.init, d + 1)?;
        let counter = PwAff::parse(
            &self.scop.ctx,
            &format!("{}{{ [{}] -> [{x}] }}", self.params, xs(d + 1)),
        )?;
        let mut lattice = if l.step > 0 {
            counter.ge_set(&init)?
        } else {
            counter.le_set(&init)?
        };
        if l.step.unsigned_abs() > 1 {
            let step = optimist_presburger::Val::from_i64(&self.scop.ctx, l.step.abs())?;
            let zero = self.aff(
                &Expr::int(0, l.init.ty)
                    .map_err(|e| CorrespondenceError::Unsupported(e.to_string()))?,
                d + 1,
            )?;
            lattice = lattice.intersect(&counter.sub(&init)?.modulo(&step)?.eq_set(&zero)?)?;
        }
        let bound = self.aff(&l.cond.bound, d + 1)?;
        let holds = match l.cond.op {
            BinOp::Lt => counter.lt_set(&bound)?,
            BinOp::Le => counter.le_set(&bound)?,
            BinOp::Gt => counter.gt_set(&bound)?,
            BinOp::Ge => counter.ge_set(&bound)?,
            BinOp::Eq => counter.eq_set(&bound)?,
            _ => counter.ne_set(&bound)?,
        };
        let fails = lattice.subtract(&holds)?;
        // Every value at or after a failing one is not run.
        let outer = xs(d);
        let sep = if d > 0 { ", " } else { "" };
        let after = Map::parse(
            &self.scop.ctx,
            &format!(
                "{}{{ [{outer}{sep}f] -> [{outer}{sep}y] : y {} f }}",
                self.params,
                if l.step > 0 { ">=" } else { "<=" }
            ),
        )?;
        Ok(lattice.subtract(&fails.apply(&after)?)?.coalesce()?)
    }

    /// The first instance a loop at depth `d` runs from the iterations in `from` on (a map from
    /// the context with counter `x{d}` to the context with the chosen counter), restricted to
    /// iterations that run something.
    fn pick(&self, runs: &Set, step: i64, d: usize, strictly_after: bool) -> Result<Map, IslError> {
        let outer = xs(d);
        let sep = if d > 0 { ", " } else { "" };
        let (src, cond) = if strictly_after {
            (
                format!("[{outer}{sep}x{d}]"),
                format!("y {} x{d}", if step > 0 { ">" } else { "<" }),
            )
        } else {
            (format!("[{outer}]"), "true".to_string())
        };
        let candidates = Map::parse(
            &self.scop.ctx,
            &format!("{}{{ {src} -> [{outer}{sep}y] : {cond} }}", self.params),
        )?
        .intersect_range(runs)?;
        if step > 0 {
            candidates.lexmin()
        } else {
            candidates.lexmax()
        }
    }

    /// What a statement list does from element `k` on, for every `k` (and past its end), at
    /// depth `d`. Numbers the list's statements.
    fn suffixes(&mut self, stmts: &[Stmt], d: usize) -> Result<Vec<Start>, CorrespondenceError> {
        let mut elems = Vec::with_capacity(stmts.len());
        for s in stmts {
            elems.push(self.start(s, d)?);
        }
        let mut starts = Vec::with_capacity(stmts.len() + 1);
        starts.push(Start {
            first: self.empty_union()?,
            done: self.universe(d)?,
        });
        for e in elems.into_iter().rev() {
            let rest = starts.last().expect("pushed above");
            starts.push(Start {
                first: e
                    .first
                    .union(&rest.first.intersect_domain(&e.done.to_union()?)?)?,
                done: e.done.intersect(&rest.done)?,
            });
        }
        starts.reverse();
        Ok(starts)
    }

    /// Records the path relation of every statement of a list at depth `d`, with `cont` what
    /// runs after the list.
    fn list(
        &mut self,
        stmts: &[Stmt],
        d: usize,
        cont: &UnionMap,
    ) -> Result<(), CorrespondenceError> {
        let first = self.next_stmt;
        let starts = self.suffixes(stmts, d)?;
        self.list_paths(stmts, d, cont, &starts, first)
    }

    /// [`Self::list`] with the list's `starts` known; its first statement has number `first`.
    fn list_paths(
        &mut self,
        stmts: &[Stmt],
        d: usize,
        cont: &UnionMap,
        starts: &[Start],
        first: usize,
    ) -> Result<(), CorrespondenceError> {
        // The paths, in program order (statements are numbered as the model numbers them).
        self.next_stmt = first;
        for (k, s) in stmts.iter().enumerate() {
            let rest = &starts[k + 1];
            let after = rest
                .first
                .union(&cont.intersect_domain(&rest.done.to_union()?)?)?;
            self.paths(s, d, &after)?;
        }
        Ok(())
    }

    /// The counter values loop `l` at depth `d` runs and what its body does from each element
    /// on; computed once per loop. Leaves the loop's counter pushed on `loops` and the body's
    /// statements numbered.
    fn loop_parts(&mut self, l: &For, d: usize) -> Result<(Set, Vec<Start>), CorrespondenceError> {
        self.loops.truncate(d);
        self.loops.push(l.var);
        let key = std::ptr::from_ref(l) as usize;
        if let Some((runs, body, count)) = self.loop_cache.get(&key) {
            self.next_stmt += count;
            return Ok((runs.clone(), body.clone()));
        }
        let before = self.next_stmt;
        let runs = self.iterations(l, d)?;
        let body = self.suffixes(&l.body, d + 1)?;
        self.loop_cache
            .insert(key, (runs.clone(), body.clone(), self.next_stmt - before));
        Ok((runs, body))
    }

    /// What one element does when it starts (without recording paths).
    fn start(&mut self, s: &Stmt, d: usize) -> Result<Start, CorrespondenceError> {
        match &s.kind {
            StmtKind::Assign(..) => {
                let name = self.stmt_name_at(s)?;
                let first = UnionMap::parse(
                    &self.scop.ctx,
                    &format!("{}{{ [{}] -> {name}[{}] }}", self.params, xs(d), xs(d)),
                )?;
                Ok(Start {
                    first,
                    done: Set::parse(
                        &self.scop.ctx,
                        &format!("{}{{ [{}] : false }}", self.params, xs(d)),
                    )?,
                })
            }
            StmtKind::Block(b) => Ok(self.suffixes(b, d)?.swap_remove(0)),
            StmtKind::If(c, t, e) => {
                let cond = self.condition(c, d)?;
                let not = self.universe(d)?.subtract(&cond)?;
                let t = self.suffixes(t, d)?.swap_remove(0);
                let e = self.suffixes(e, d)?.swap_remove(0);
                Ok(Start {
                    first: t
                        .first
                        .intersect_domain(&cond.to_union()?)?
                        .union(&e.first.intersect_domain(&not.to_union()?)?)?,
                    done: t.done.intersect(&cond)?.union(&e.done.intersect(&not)?)?,
                })
            }
            StmtKind::For(l) => {
                let parts = self.loop_parts(l, d);
                self.loops.truncate(d);
                let (runs, body) = parts?;
                let pick = self.pick(&runs.subtract(&body[0].done)?, l.step, d, false)?;
                let first = pick.to_union()?.apply_range(&body[0].first)?;
                Ok(Start {
                    done: self.universe(d)?.subtract(&pick.domain()?)?,
                    first,
                })
            }
        }
    }

    /// The model's name of the next assignment met (statements are numbered in program order).
    fn stmt_name_at(&mut self, _s: &Stmt) -> Result<String, CorrespondenceError> {
        let k = self.next_stmt;
        self.next_stmt += 1;
        match self.scop.stmts.as_slice().get(k) {
            Some(st) => Ok(st.name.clone()),
            None => unsupported("the model has fewer statements than the program"),
        }
    }

    /// Records the paths out of the statements of `s`, whose successor (when `s` is done) is
    /// `after`.
    fn paths(&mut self, s: &Stmt, d: usize, after: &UnionMap) -> Result<(), CorrespondenceError> {
        match &s.kind {
            StmtKind::Assign(..) => {
                let name = self.stmt_name_at(s)?;
                let from = UnionMap::parse(
                    &self.scop.ctx,
                    &format!("{}{{ {name}[{}] -> [{}] }}", self.params, xs(d), xs(d)),
                )?;
                self.path = self.path.union(&from.apply_range(after)?)?;
            }
            StmtKind::Block(b) => {
                self.list(b, d, after)?;
            }
            StmtKind::If(_, t, e) => {
                self.list(t, d, after)?;
                self.list(e, d, after)?;
            }
            StmtKind::For(l) => {
                let first = self.next_stmt;
                let r = self.loop_paths(l, d, after, first);
                self.loops.truncate(d);
                r?;
            }
        }
        Ok(())
    }
}

impl Checker<'_> {
    /// The paths out of the statements of loop `l` at depth `d` (its first statement numbered
    /// `first`), with `after` what runs after the loop.
    fn loop_paths(
        &mut self,
        l: &For,
        d: usize,
        after: &UnionMap,
        first: usize,
    ) -> Result<(), CorrespondenceError> {
        let (runs, body) = self.loop_parts(l, d)?;
        // After an iteration: the next one that runs something, or what follows the loop.
        let next = self.pick(&runs.subtract(&body[0].done)?, l.step, d, true)?;
        let drop_counter = Map::parse(
            &self.scop.ctx,
            &format!("{}{{ [{}] -> [{}] }}", self.params, xs(d + 1), xs(d)),
        )?;
        let no_next = self.universe(d + 1)?.subtract(&next.domain()?)?;
        let cont = next.to_union()?.apply_range(&body[0].first)?.union(
            &drop_counter
                .to_union()?
                .apply_range(after)?
                .intersect_domain(&no_next.to_union()?)?,
        )?;
        self.list_paths(&l.body, d + 1, &cont, &body, first)
    }
}

fn mentions(e: &Expr, v: VarId) -> bool {
    matches!(e.kind, ExprKind::Leaf(IrLeaf::Var(x)) if x == v)
        || e.children().iter().any(|c| mentions(c, v))
}

/// The outcome of the check: the parameter values for which the model runs exactly the
/// program's instances in the program's order, and the violations elsewhere.
#[derive(Clone, Debug)]
pub struct Correspondence {
    /// The parameter values (inside the model's context) where Inv, Rank1 and Rank2 hold.
    pub valid: Set,
    /// One line per violated condition, with an example (empty when `valid` is the context).
    pub violations: Vec<String>,
}

/// Checks whether the model of `f` runs exactly the program's statement instances in the
/// program's order (Inv, Rank1, Rank2 of §4.2), and for which parameter values.
pub fn correspondence(f: &Function, scop: &Scop) -> Result<Correspondence, CorrespondenceError> {
    if scop.stmts.iter().any(|s| s.guard.is_some()) {
        return unsupported("statements run under data-dependent conditions");
    }
    let names: Vec<&str> = scop
        .params
        .iter()
        .filter(|p| matches!(p.origin, ParamOrigin::Scalar(_)))
        .map(|p| p.name.as_str())
        .collect();
    if names.len() != scop.params.len() {
        return unsupported("parameters loaded from memory");
    }
    let params = if names.is_empty() {
        String::new()
    } else {
        format!("[{}] -> ", names.join(", "))
    };
    let mut c = Checker {
        f,
        scop,
        params,
        loops: Vec::new(),
        next_stmt: 0,
        path: UnionMap::empty(&scop.ctx)?,
        loop_cache: HashMap::new(),
    };
    let exit = c.empty_union()?;
    let starts = c.suffixes(&f.body, 0)?;
    c.list_paths(&f.body, 0, &exit, &starts, 0)?;
    let start = &starts[0];
    if c.next_stmt != scop.stmts.len() {
        return unsupported("the model and the program disagree on the number of statements");
    }
    // Every relation below is pointwise in the parameters, so the check works under the sign
    // context only and keeps a violation when it happens for parameter values `context` allows.
    let domains = scop.domains()?.intersect_params(&scop.sign_context()?)?;
    let theta = flat(scop, &scop.schedule)?.intersect_domain(&domains)?;
    let path = c.path.intersect_domain(&domains)?;
    let width = out_width(&theta)?;
    let later = Map::lex_lt(&optimist_presburger::Space::set(&scop.ctx, 0, width)?)?.to_union()?;
    let entry = start
        .first
        .range()?
        .intersect_params(&scop.sign_context()?)?;
    let context = &scop.context;
    let mut bad = Vec::new();
    let mut invalid = scop.context.subtract(&scop.context)?;
    // Inv.
    let outside = path
        .range()?
        .subtract(&domains)?
        .intersect_params(context)?;
    if !outside.is_empty()? {
        bad.push(format!(
            "Inv: the program runs instances outside the model, for example {}",
            sample_set(&outside)
        ));
        invalid = invalid.union(&outside.params()?)?;
    }
    let outside = entry.subtract(&domains)?.intersect_params(context)?;
    if !outside.is_empty()? {
        bad.push(format!(
            "Inv: the program's first instance is outside the model: {}",
            sample_set(&outside)
        ));
        invalid = invalid.union(&outside.params()?)?;
    }
    // Rank1. Compared on times (pairs of one width) rather than against every pair of
    // instances the model orders, which grows with the square of the statements.
    let back_times = path
        .apply_domain(&theta)?
        .apply_range(&theta)?
        .subtract(&later)?
        .intersect_params(context)?;
    if !back_times.is_empty()? {
        let backwards = path
            .intersect(
                &theta
                    .apply_range(&back_times)?
                    .apply_range(&theta.reverse()?)?,
            )?
            .intersect_params(context)?;
        bad.push(format!(
            "Rank1: the model runs a successor before its predecessor, for example {}",
            sample_pair(&backwards)
        ));
        invalid = invalid.union(&backwards.params()?)?;
    }
    // Rank2, by counting rather than by the model's next time (a `lexmin` over every later
    // time, the dearest step): for parameter values where Inv and Rank1 hold, every model
    // instance but the program's first having a predecessor in the model is equivalent to
    // Rank2. Proof: the path is a function (the program is deterministic); following
    // predecessors from any instance descends strictly in θ (Rank1) through a finite set, so it
    // ends at the one instance without a predecessor, the first; hence the path from the first
    // instance reaches every model instance with strictly increasing times, which is the
    // model's order, each successor being the next time, nothing before the first and nothing
    // after the last. Conversely Rank2 gives every later instance its predecessor. Where this
    // fails (and Inv and Rank1 hold), Rank2 fails, and the conditions below say how.
    debug_assert!(
        path.is_single_valued().unwrap_or(true),
        "the derived path relation gives an instance two successors"
    );
    let unreached = domains
        .subtract(&path.range()?)?
        .subtract(&entry)?
        .intersect_params(context)?;
    if !unreached.is_empty()? {
        let found = rank2_violations(&theta, &path, &domains, &entry, &later, context)?;
        if found.is_empty() {
            bad.push(format!(
                "Rank2: the program never reaches a model instance, for example {}",
                sample_set(&unreached)
            ));
        }
        for (text, params) in found {
            bad.push(text);
            invalid = invalid.union(&params)?;
        }
        invalid = invalid.union(&unreached.params()?)?;
    }
    let valid = scop.context.subtract(&invalid)?.coalesce()?;
    Ok(Correspondence {
        valid,
        violations: bad,
    })
}

/// The Rank2 violations, each with an example and the parameter values where it happens: a
/// successor that is not the model's next instance, a model instance before the program's first
/// or after its last. Only run once the cheap test in [`correspondence`] found a model instance
/// the program does not reach.
fn rank2_violations(
    theta: &UnionMap,
    path: &UnionMap,
    domains: &optimist_presburger::UnionSet,
    entry: &optimist_presburger::UnionSet,
    later: &UnionMap,
    context: &Set,
) -> Result<Vec<(String, Set)>, IslError> {
    let mut found = Vec::new();
    let times = theta.range()?;
    let next_time = theta
        .apply_range(later)?
        .intersect_range(&times)?
        .lexmin()?;
    let skipped = path
        .apply_range(theta)?
        .subtract(&next_time)?
        .intersect_params(context)?;
    if !skipped.is_empty()? {
        found.push((format!("Rank2: the model runs another instance between a statement and its successor, for example {}", sample_pair(&skipped)), skipped.params()?));
    }
    let first_time = theta.intersect_domain(entry)?.range()?;
    let early = theta
        .intersect_range(&times.lexmin()?.subtract(&first_time)?)?
        .intersect_params(context)?;
    if !early.is_empty()? {
        found.push((
            format!(
                "Rank2: the model runs an instance before the program's first, for example {}",
                sample_pair(&early)
            ),
            early.params()?,
        ));
    }
    let last = domains.subtract(&path.domain()?)?;
    let late = theta
        .intersect_domain(&last)?
        .apply_range(later)?
        .intersect_range(&times)?
        .intersect_params(context)?;
    if !late.is_empty()? {
        found.push((
            format!(
                "Rank2: the model runs an instance after the program's last, for example {}",
                sample_pair(&late)
            ),
            late.params()?,
        ));
    }
    Ok(found)
}

/// [`correspondence`] for every parameter value: fails with the violations unless the model
/// matches the program wherever its context allows.
pub fn check_correspondence(f: &Function, scop: &Scop) -> Result<(), CorrespondenceError> {
    let c = correspondence(f, scop)?;
    if c.violations.is_empty() {
        Ok(())
    } else {
        Err(CorrespondenceError::Mismatch(c.violations))
    }
}
