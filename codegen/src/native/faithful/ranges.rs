//! Range checks of the faithful lowering moved out of loop nests (issue 37: a fallback that is
//! not a penalty).
//!
//! The faithful code checks every array access against the memory given for its array, at
//! the access, so that an out-of-range subscript stops the call with `OutOfBounds` where the
//! program makes it. In a loop nest whose accesses' subscripts are affine in the nest's
//! iterators, with the rest of each subscript unchanged in the nest, one test before the nest
//! can say whether every access of every iteration is in range. When it is, a copy of the
//! nest runs with those accesses unchecked; otherwise (or when the test itself would
//! overflow) the nest runs as before, checked, and stops where the program does. The results
//! are the same bits and the same status either way.
//!
//! **The test.** Each iterator is bounded by a hull: the outer loop's from its first value to
//! its last; an inner loop's from the least value its first value takes to the greatest its
//! bound takes, each an affine form of the iterators around it, bounded over their hulls
//! (coefficient by coefficient: the least value takes a positive coefficient's iterator at
//! its least). Two loops of one iterator one after the other share the hull of both. Each
//! subscript is then bounded over the hulls the same way, and a flat index
//! (`(s0 * n1 + s1) * n2 + ...`, the sizes not negative or the test fails) by its
//! subscripts' bounds. The values the program computes lie within these bounds, so a test
//! that holds proves them; a test that fails when the program's accesses were all in range
//! (a triangle's hull is its square) only costs the checked copy, in which the innermost
//! loops are tested on their own, where the hull of a single iterator is exact: its first and
//! last values. A loop that never runs may leave an empty hull; the accesses it bounds never
//! happen. An inner iterator is bounded only inside its own loop: after the loop (where C
//! leaves it one past its range) it is a variable the nest assigns, not a term.
//!
//! **The unchecked copy.** A proved access in an innermost loop whose subscripts are affine in
//! its iterator is addressed from the iterator: its address's invariant part and step are
//! computed before the loop ([`Stepped`]), so an iteration neither evaluates its subscripts
//! nor multiplies by the array's sizes (heat3d_fixed's faithful code, 64³ arrays: 0.41 ->
//! 0.34 s; jacobi1d's innermost loop 17 -> 14 instructions a point). Inside a proved nest
//! that holds for loops too short to test on their own (a convolution's taps). Such a loop
//! counts a 64-bit copy of its iterator, which the test proved never leaves its type, so no
//! iteration sign-extends an `int` to address (`Lowering::unchecked_loop`). Against `cc -O1`
//! (`scripts/bench-faithful.sh`): testing the nest rather than each row, and addressing the
//! taps, took heat3d_fixed's faithful code from 1.62x to 0.93-0.98x and conv2d's from 2.40x
//! to parity; the 64-bit copy took Floyd-Warshall's from 1.5x to 1.3x. In a statement storing
//! to an element that moves with its proved loop, a `?:` over proved elements computes both
//! arms and selects: Floyd-Warshall's minimum (1.81x to 1.5x of `cc -O1` before the 64-bit
//! copy). A maximum accumulated in one element along the loop (nussinov's) keeps its branch:
//! there a select lengthens the chain through that element that a predicted branch leaves
//! short (1.1-1.2 -> 1.8-2.0 s when every such `?:` was a select).
//!
//! What "affine" must mean for that to hold, in C's integer arithmetic: a subscript is
//! `Σ coef_i * i + Σ mul_k * t_k`, built from the iterators `i` by `+`, `-`, negation,
//! multiplication by a constant and widening conversions between signed types, where each
//! term `t_k` is an expression of parameters and variables the nest does not assign (no reads,
//! no division: it is evaluated before the nest, where it may not fail). Signed arithmetic of
//! one type wraps modulo its width, and `+ - *` commute with that wrapping, so the value the
//! program computes is the exact value reduced to the type; wherever the program widens a
//! value (a conversion from `int` to `long`) the exact value must lie within the narrower
//! type, which is checked at its bounds too. The test computes the exact values in `i64`
//! with overflow checks; any overflow sends the nest to its checked copy.
//!
//! Loops qualify when every loop of the nest has an iterator of the comparison's type
//! (signed), steps by 1 with `<`/`<=` or by -1 with `>`/`>=`, and has bounds affine in the
//! iterators around it (the outer loop's: a term), and when no statement assigns an
//! iterator; an innermost loop known to run at most 16 iterations (constant bounds) is not
//! tested on its own (the test would cost more than the checks), only inside a nest.
//! Accesses whose subscripts do not qualify (`A[B[j]]`, a subscript with a division) keep
//! their checks in the unchecked copy.

use crate::native::lower::{Lowering, Proved, Step, Stepped, Unchecked};
use cranelift_codegen::ir::{InstBuilder, Value, condcodes::IntCC, types};
use optimist_scop::expr::ExprKind;
use optimist_scop::ir::{ArrayId, BinOp, Expr, For, IrLeaf, LValue, Stmt, StmtKind, UnOp, VarId};
use optimist_scop::types::Type;
use std::collections::HashSet;

/// Loops of at most this many iterations, constant in the program, keep their checks.
const SHORT: i128 = 16;

/// An integer expression as `Σ coef * iterator + Σ mul * term`, exactly.
#[derive(Clone, Debug, Default)]
struct Affine<'e> {
    /// Coefficients of the nest's iterators (an iterator may appear more than once: its
    /// coefficient is the sum).
    coefs: Vec<(VarId, i64)>,
    terms: Vec<(i64, &'e Expr)>,
}

impl<'e> Affine<'e> {
    fn scaled(mut self, c: i64) -> Option<Affine<'e>> {
        for t in &mut self.coefs {
            t.1 = t.1.checked_mul(c)?;
        }
        for t in &mut self.terms {
            t.0 = t.0.checked_mul(c)?;
        }
        Some(self)
    }

    fn plus(mut self, other: Affine<'e>) -> Option<Affine<'e>> {
        self.coefs.extend(other.coefs);
        self.terms.extend(other.terms);
        Some(self)
    }

    /// The coefficient of iterator `v`.
    fn coef(&self, v: VarId) -> Option<i64> {
        self.coefs
            .iter()
            .filter(|(w, _)| *w == v)
            .try_fold(0i64, |acc, (_, c)| acc.checked_add(*c))
    }

    /// The iterators with their summed, nonzero coefficients.
    fn merged(&self) -> Option<Vec<(VarId, i64)>> {
        let mut out: Vec<(VarId, i64)> = Vec::new();
        for &(v, c) in &self.coefs {
            match out.iter_mut().find(|(w, _)| *w == v) {
                Some(e) => e.1 = e.1.checked_add(c)?,
                None => out.push((v, c)),
            }
        }
        out.retain(|(_, c)| *c != 0);
        Some(out)
    }
}

/// One access of the loop's body whose range is tested before the loop: its array, its
/// subscripts as affine forms, and the narrower values they widen.
struct Tested<'e> {
    array: ArrayId,
    subscripts: Vec<Affine<'e>>,
    key: *const Expr,
}

/// A loop inside the tested one: its iterator ranges over a hull computed from its bounds,
/// affine in the iterators of the loops around it.
struct Inner<'e> {
    var: VarId,
    ty: Type,
    op: BinOp,
    init: Affine<'e>,
    bound: Affine<'e>,
}

/// What the loop's test needs: the loops inside it (outer before inner), the accesses, and
/// the values that must fit their types.
struct Plan<'e> {
    inner: Vec<Inner<'e>>,
    tested: Vec<Tested<'e>>,
    fits: Vec<(Affine<'e>, Type)>,
}

/// An access of the nest with the iterators of the loops around it (inside the tested loop).
type Access<'e> = (ArrayId, &'e [Expr], Vec<VarId>);

/// The statements of a loop body: the variables they assign, the loops they contain (each
/// with the iterators around it) and their accesses.
struct Walk<'e> {
    written: HashSet<VarId>,
    loops: Vec<(&'e For, Vec<VarId>)>,
    accesses: Vec<Access<'e>>,
}

impl<'e> Walk<'e> {
    fn reads(&mut self, e: &'e Expr, scope: &[VarId]) {
        if let ExprKind::Leaf(IrLeaf::Read(a, idx)) = &e.kind {
            self.accesses.push((*a, idx.as_slice(), scope.to_vec()));
        }
        for c in e.children() {
            self.reads(c, scope);
        }
    }

    fn stmts(&mut self, stmts: &'e [Stmt], scope: &mut Vec<VarId>) {
        for s in stmts {
            match &s.kind {
                StmtKind::For(f) => {
                    self.reads(&f.init, scope);
                    self.reads(&f.cond.bound, scope);
                    self.loops.push((f, scope.clone()));
                    scope.push(f.var);
                    self.stmts(&f.body, scope);
                    scope.pop();
                }
                StmtKind::Assign(target, value) => {
                    match target {
                        LValue::Var(v) => {
                            self.written.insert(*v);
                        }
                        LValue::Elem(a, idx) => {
                            self.accesses.push((*a, idx.as_slice(), scope.clone()));
                            for i in idx {
                                self.reads(i, scope);
                            }
                        }
                    }
                    self.reads(value, scope);
                }
                StmtKind::If(c, t, e) => {
                    self.reads(c, scope);
                    self.stmts(t, scope);
                    self.stmts(e, scope);
                }
                StmtKind::Block(b) => self.stmts(b, scope),
            }
        }
    }
}

/// Whether `e` can be evaluated before the loop, once, with the value it has in every
/// iteration: integers, parameters and variables the loop does not assign, combined by
/// operations that cannot fail.
fn invariant(e: &Expr, assigned: &HashSet<VarId>) -> bool {
    let ok = match &e.kind {
        ExprKind::Int(_) => true,
        ExprKind::Leaf(IrLeaf::Var(v)) => !assigned.contains(v),
        ExprKind::Unary(UnOp::Neg, _) | ExprKind::Cast(_) => true,
        ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, _, _) => true,
        _ => false,
    };
    ok && !e.ty.is_float() && e.children().iter().all(|c| invariant(c, assigned))
}

fn mentions(e: &Expr, var: VarId) -> bool {
    matches!(&e.kind, ExprKind::Leaf(IrLeaf::Var(v)) if *v == var)
        || e.children().iter().any(|c| mentions(c, var))
}

/// `e` (of a signed integer type) as an affine form in the iterators `vars`; values it widens
/// go to `fits`. Terms must be invariant: they mention no variable of `assigned`.
fn affine<'e>(
    e: &'e Expr,
    vars: &[VarId],
    assigned: &HashSet<VarId>,
    fits: &mut Vec<(Affine<'e>, Type)>,
) -> Option<Affine<'e>> {
    if !e.ty.is_signed() {
        return None;
    }
    if !vars.iter().any(|v| mentions(e, *v)) {
        return invariant(e, assigned).then(|| Affine {
            coefs: Vec::new(),
            terms: vec![(1, e)],
        });
    }
    match &e.kind {
        ExprKind::Leaf(IrLeaf::Var(v)) if vars.contains(v) => Some(Affine {
            coefs: vec![(*v, 1)],
            terms: Vec::new(),
        }),
        ExprKind::Binary(BinOp::Add, x, y) => {
            affine(x, vars, assigned, fits)?.plus(affine(y, vars, assigned, fits)?)
        }
        ExprKind::Binary(BinOp::Sub, x, y) => {
            affine(x, vars, assigned, fits)?.plus(affine(y, vars, assigned, fits)?.scaled(-1)?)
        }
        ExprKind::Unary(UnOp::Neg, x) => affine(x, vars, assigned, fits)?.scaled(-1),
        ExprKind::Binary(BinOp::Mul, x, y) => match (&x.kind, &y.kind) {
            (ExprKind::Int(c), _) => {
                affine(y, vars, assigned, fits)?.scaled(i64::try_from(*c).ok()?)
            }
            (_, ExprKind::Int(c)) => {
                affine(x, vars, assigned, fits)?.scaled(i64::try_from(*c).ok()?)
            }
            _ => None,
        },
        ExprKind::Cast(x) if x.ty.is_signed() && x.ty.bits() <= e.ty.bits() => {
            let inner = affine(x, vars, assigned, fits)?;
            if x.ty.bits() < e.ty.bits() {
                fits.push((inner.clone(), x.ty));
            }
            Some(inner)
        }
        _ => None,
    }
}

/// Whether a loop of iterator type `ty` counts by one towards its bound, compared in its own
/// signed type: then its iterator stays between its first value and its bound.
fn counts(f: &For, ty: Type) -> bool {
    matches!(
        (f.cond.op, f.step),
        (BinOp::Lt | BinOp::Le, 1) | (BinOp::Gt | BinOp::Ge, -1)
    ) && ty.is_signed()
        && f.cond.ty == ty
        && f.init.ty == ty
}

/// The test of loop `l` (of iterator type `iter_ty`) and of the loops inside it, or (not
/// `tested`) what addressing its accesses from its iterator needs: `None` when the loop does
/// not qualify (see the module docs).
fn plan<'e>(
    l: &'e For,
    iter_ty: Type,
    types: &dyn Fn(VarId) -> Type,
    tested: bool,
) -> Option<Plan<'e>> {
    let mut w = Walk {
        written: HashSet::new(),
        loops: Vec::new(),
        accesses: Vec::new(),
    };
    w.stmts(&l.body, &mut vec![l.var]);
    if w.accesses.is_empty() {
        return None;
    }
    // A loop of a few iterations known here (a convolution's 5 taps) costs less checked than
    // its test would (inside a proved nest, it is addressed from its iterator all the same).
    if tested
        && w.loops.is_empty()
        && let (ExprKind::Int(a), ExprKind::Int(b)) = (&l.init.kind, &l.cond.bound.kind)
        && (b - a).abs() <= SHORT
    {
        return None;
    }
    // Every variable the nest changes: what the statements assign and the iterators.
    let mut assigned = w.written.clone();
    assigned.insert(l.var);
    for (f, _) in &w.loops {
        // An iterator is changed by its loop alone.
        if w.written.contains(&f.var) || f.var == l.var {
            return None;
        }
        assigned.insert(f.var);
    }
    if !counts(l, iter_ty)
        || w.written.contains(&l.var)
        || mentions(&l.cond.bound, l.var)
        || !invariant(&l.cond.bound, &assigned)
    {
        return None;
    }
    let mut fits = Vec::new();
    let mut inner = Vec::with_capacity(w.loops.len());
    for (f, scope) in &w.loops {
        let ty = types(f.var);
        // A loop around another one of the same iterator would leave its hull.
        if !counts(f, ty) || scope.contains(&f.var) {
            return None;
        }
        let mut own = Vec::new();
        let init = affine(&f.init, scope, &assigned, &mut own)?;
        let bound = affine(&f.cond.bound, scope, &assigned, &mut own)?;
        fits.extend(own);
        inner.push(Inner {
            var: f.var,
            ty,
            op: f.cond.op,
            init,
            bound,
        });
    }
    let mut tested = Vec::new();
    for (array, idx, scope) in w.accesses {
        let mut own = Vec::new();
        let subscripts: Option<Vec<Affine<'e>>> = idx
            .iter()
            .map(|e| affine(e, &scope, &assigned, &mut own))
            .collect();
        if let Some(subscripts) = subscripts {
            fits.extend(own);
            tested.push(Tested {
                array,
                subscripts,
                key: idx.as_ptr(),
            });
        }
    }
    (!tested.is_empty()).then_some(Plan {
        inner,
        tested,
        fits,
    })
}

/// Accumulates overflow flags while evaluating affine forms in `i64`.
struct Exact<'l, 'a, 'm> {
    l: &'l mut Lowering<'a, 'm>,
    overflow: Value,
}

/// The values of the nest's iterators: each between two `i64` values, inclusive.
type Hulls = Vec<(VarId, Value, Value)>;

impl Exact<'_, '_, '_> {
    fn flag(&mut self, of: Value) {
        self.overflow = self.l.b.ins().bor(self.overflow, of);
    }

    fn add(&mut self, a: Value, b: Value) -> Value {
        let (v, of) = self.l.b.ins().sadd_overflow(a, b);
        self.flag(of);
        v
    }

    fn mul(&mut self, a: Value, b: Value) -> Value {
        let (v, of) = self.l.b.ins().smul_overflow(a, b);
        self.flag(of);
        v
    }

    fn scale(&mut self, c: i64, v: Value) -> Value {
        if c == 1 {
            return v;
        }
        let c = self.l.b.ins().iconst(types::I64, c);
        self.mul(c, v)
    }

    /// The least and the greatest value of `f` while each iterator lies in its hull,
    /// exactly, its terms' values from `terms`.
    fn bounds(
        &mut self,
        f: &Affine<'_>,
        hulls: &Hulls,
        terms: &[(*const Expr, Value)],
    ) -> (Value, Value) {
        let mut acc: Option<(Value, Value)> = None;
        let mut sum = |x: &mut Self, lo: Value, hi: Value| {
            acc = Some(match acc {
                None => (lo, hi),
                Some((a, b)) => (x.add(a, lo), x.add(b, hi)),
            });
        };
        match f.merged() {
            Some(coefs) => {
                for (v, c) in coefs {
                    // An iterator without a hull (not around this value) fails the test.
                    let Some(&(_, lo, hi)) = hulls.iter().rev().find(|(w, ..)| *w == v) else {
                        let yes = self.l.b.ins().iconst(types::I8, 1);
                        self.flag(yes);
                        continue;
                    };
                    let (a, b) = (self.scale(c, lo), self.scale(c, hi));
                    if c > 0 {
                        sum(self, a, b)
                    } else {
                        sum(self, b, a)
                    }
                }
            }
            None => {
                let yes = self.l.b.ins().iconst(types::I8, 1);
                self.flag(yes);
            }
        }
        for (m, t) in &f.terms {
            // Every term was evaluated before; one that was not fails the test.
            let Some(tv) = terms
                .iter()
                .find(|(k, _)| std::ptr::eq(*k, *t))
                .map(|(_, v)| *v)
            else {
                let yes = self.l.b.ins().iconst(types::I8, 1);
                self.flag(yes);
                continue;
            };
            let p = self.scale(*m, tv);
            sum(self, p, p);
        }
        acc.unwrap_or_else(|| {
            let z = self.l.b.ins().iconst(types::I64, 0);
            (z, z)
        })
    }

    /// Whether `v` lies outside `[lo, hi]` (an `i8` truth value).
    fn outside(&mut self, v: Value, lo: Value, hi_inclusive: Value) -> Value {
        let below = self.l.b.ins().icmp(IntCC::SignedLessThan, v, lo);
        let above = self
            .l
            .b
            .ins()
            .icmp(IntCC::SignedGreaterThan, v, hi_inclusive);
        self.l.b.ins().bor(below, above)
    }

    /// The hull of a loop's iterator from the least and greatest values of its first value
    /// and of its bound, with whether the loop could count past its type's end (`<=` its
    /// greatest value, `>=` its least).
    fn hull(
        &mut self,
        op: BinOp,
        ty: Type,
        (first_lo, first_hi): (Value, Value),
        (bound_lo, bound_hi): (Value, Value),
    ) -> (Value, Value, Option<Value>) {
        match op {
            BinOp::Lt => {
                let one = self.l.b.ins().iconst(types::I64, -1);
                (first_lo, self.add(bound_hi, one), None)
            }
            BinOp::Le => {
                let max = self.l.b.ins().iconst(types::I64, ty.max_int() as i64);
                let wraps = self
                    .l
                    .b
                    .ins()
                    .icmp(IntCC::SignedGreaterThanOrEqual, bound_hi, max);
                (first_lo, bound_hi, Some(wraps))
            }
            BinOp::Gt => {
                let one = self.l.b.ins().iconst(types::I64, 1);
                (self.add(bound_lo, one), first_hi, None)
            }
            _ => {
                let min = self.l.b.ins().iconst(types::I64, ty.min_int() as i64);
                let wraps = self
                    .l
                    .b
                    .ins()
                    .icmp(IntCC::SignedLessThanOrEqual, bound_lo, min);
                (bound_lo, first_hi, Some(wraps))
            }
        }
    }
}

/// The terms of `forms`, each evaluated once and widened to `i64` (their own types are
/// signed; they cannot fail).
fn evaluate<'e>(
    l: &mut Lowering<'_, '_>,
    forms: impl Iterator<Item = &'e Affine<'e>>,
) -> Result<Vec<(*const Expr, Value)>, crate::CodegenError> {
    let mut terms: Vec<(*const Expr, Value)> = Vec::new();
    for t in forms.flat_map(|a| a.terms.iter().map(|(_, t)| *t)) {
        if terms.iter().any(|(k, _)| std::ptr::eq(*k, t)) {
            continue;
        }
        let v = l.expr(t)?;
        let v = l.convert(v, t.ty, Type::I64);
        terms.push((t as *const Expr, v));
    }
    Ok(terms)
}

/// The test before loop `f` and the accesses of `f` and of the loops inside it that it
/// proves, with whether it tests loops inside `f` (only when `nests`), or `None` when the
/// loop does not qualify. The test is an `i8` truth value: every
/// access the set names is in range in every iteration of every loop (or `f` runs no
/// iteration). Each iterator is bounded by a hull (the least first value to the greatest
/// bound, over the hulls of the loops around it), each subscript by its least and greatest
/// value over those hulls, and a flat index by those of its subscripts (sizes are not
/// negative, or the test fails): a superset of the values the program computes, so a test
/// that holds proves them; one that fails sends the nest to its checked copy.
pub(crate) fn range_test(
    l: &mut Lowering<'_, '_>,
    f: &For,
    init: Value,
    nests: bool,
) -> Result<Option<(Value, Unchecked, bool)>, crate::CodegenError> {
    let ty = l.f.var(f.var).ty;
    let types = |v: VarId| l.f.var(v).ty;
    let Some(plan) = plan(f, ty, &types, true).filter(|p| nests || p.inner.is_empty()) else {
        return Ok(None);
    };
    let terms = evaluate(
        l,
        plan.tested
            .iter()
            .flat_map(|t| t.subscripts.iter())
            .chain(plan.fits.iter().map(|(a, _)| a))
            .chain(plan.inner.iter().flat_map(|i| [&i.init, &i.bound])),
    )?;
    let bound = l.expr(&f.cond.bound)?;
    let (bound, first) = (
        l.convert(bound, ty, Type::I64),
        l.convert(init, ty, Type::I64),
    );
    let runs = l.compare(f.cond.op, first, bound, Type::I64);
    let zero = l.b.ins().iconst(types::I8, 0);
    let mut x = Exact { l, overflow: zero };
    let (lo, hi, wraps) = x.hull(f.cond.op, ty, (first, first), (bound, bound));
    let mut bad = wraps.unwrap_or(zero);
    let mut hulls: Hulls = vec![(f.var, lo, hi)];
    for i in &plan.inner {
        let first = x.bounds(&i.init, &hulls, &terms);
        let bound = x.bounds(&i.bound, &hulls, &terms);
        let (lo, hi, wraps) = x.hull(i.op, i.ty, first, bound);
        if let Some(w) = wraps {
            bad = x.l.b.ins().bor(bad, w);
        }
        // Loops of one iterator one after the other: the hull of both.
        let (lo, hi) = match hulls.iter().rev().find(|(v, ..)| *v == i.var) {
            Some(&(_, a, b)) => (x.l.b.ins().smin(a, lo), x.l.b.ins().smax(b, hi)),
            None => (lo, hi),
        };
        hulls.push((i.var, lo, hi));
    }
    for (a, t) in &plan.fits {
        let (least, most) = x.bounds(a, &hulls, &terms);
        let min = x.l.b.ins().iconst(types::I64, t.min_int() as i64);
        let max = x.l.b.ins().iconst(types::I64, t.max_int() as i64);
        for v in [least, most] {
            let out = x.outside(v, min, max);
            bad = x.l.b.ins().bor(bad, out);
        }
    }
    for t in &plan.tested {
        let (mut least, mut most) = x.bounds(&t.subscripts[0], &hulls, &terms);
        for (d, s) in t.subscripts.iter().enumerate().skip(1) {
            let size = x.l.b.use_var(x.l.arrays[t.array].inner[d - 1]);
            let negative = x.l.b.ins().icmp_imm_s(IntCC::SignedLessThan, size, 0);
            bad = x.l.b.ins().bor(bad, negative);
            let (a, b) = x.bounds(s, &hulls, &terms);
            let scaled = x.mul(least, size);
            least = x.add(scaled, a);
            let scaled = x.mul(most, size);
            most = x.add(scaled, b);
        }
        for v in [least, most] {
            let out = x.l.outside(t.array, v);
            bad = x.l.b.ins().bor(bad, out);
        }
    }
    let bad = x.l.b.ins().bor(bad, x.overflow);
    let l = x.l;
    let fine = l.b.ins().icmp_imm_s(IntCC::Equal, bad, 0);
    let skip = l.b.ins().icmp_imm_s(IntCC::Equal, runs, 0);
    let test = l.b.ins().bor(fine, skip);
    let keys = plan.tested.iter().map(|t| t.key).collect();
    Ok(Some((test, keys, !plan.inner.is_empty())))
}

/// The accesses of innermost loop `f`, inside a nest whose test proved `unchecked`,
/// addressed from its iterator ([`Stepped`]), or `None` when `f` is not an innermost loop
/// whose proved accesses are affine in its iterator with invariant terms.
pub(crate) fn stepped_loop(
    l: &mut Lowering<'_, '_>,
    f: &For,
    unchecked: &Unchecked,
) -> Result<Option<Proved>, crate::CodegenError> {
    let ty = l.f.var(f.var).ty;
    let types = |v: VarId| l.f.var(v).ty;
    let Some(plan) = plan(f, ty, &types, false) else {
        return Ok(None);
    };
    if !plan.inner.is_empty() {
        return Ok(None);
    }
    let tested: Vec<&Tested<'_>> = plan
        .tested
        .iter()
        .filter(|t| unchecked.contains(&t.key))
        .collect();
    if tested.is_empty() {
        return Ok(None);
    }
    let terms = evaluate(l, tested.iter().flat_map(|t| t.subscripts.iter()))?;
    let mut proved = Proved::new();
    for t in tested {
        proved.insert(t.key, stepped(l, t, f.var, &terms));
    }
    Ok(Some(proved))
}

/// The start and step of access `t`'s address along iterator `var` (see [`Stepped`]): the
/// flat index's invariant part and its coefficient, by the flat index's own rule
/// (`(s0 * n1 + s1) * n2 + ...`), in wrapping `i64`.
fn stepped(
    l: &mut Lowering<'_, '_>,
    t: &Tested<'_>,
    var: VarId,
    terms: &[(*const Expr, Value)],
) -> Stepped {
    let invariant = |l: &mut Lowering<'_, '_>, f: &Affine<'_>| {
        let mut acc = l.b.ins().iconst(types::I64, 0);
        for (m, e) in &f.terms {
            if let Some(&(_, v)) = terms.iter().find(|(k, _)| std::ptr::eq(*k, *e)) {
                let p = l.b.ins().imul_imm_s(v, *m);
                acc = l.b.ins().iadd(acc, p);
            }
        }
        acc
    };
    // Coefficients fit: the plan's forms were built with checked arithmetic.
    let coef = |f: &Affine<'_>| f.coef(var).unwrap_or(0);
    let mut flat = invariant(l, &t.subscripts[0]);
    let mut step = Step::Bytes(coef(&t.subscripts[0]));
    for (d, s) in t.subscripts.iter().enumerate().skip(1) {
        let size = l.b.use_var(l.arrays[t.array].inner[d - 1]);
        let scaled = l.b.ins().imul(flat, size);
        let part = invariant(l, s);
        flat = l.b.ins().iadd(scaled, part);
        step = match step {
            Step::Bytes(0) => Step::Bytes(coef(s)),
            Step::Bytes(c) => {
                let v = l.b.ins().imul_imm_s(size, c);
                Step::Value(l.b.ins().iadd_imm_s(v, coef(s)))
            }
            Step::Value(v) => {
                let v = l.b.ins().imul(v, size);
                Step::Value(l.b.ins().iadd_imm_s(v, coef(s)))
            }
        };
    }
    let elem = l.f.array(t.array).elem.size() as i64;
    let bytes = l.b.ins().imul_imm_s(flat, elem);
    let base = l.b.use_var(l.arrays[t.array].base);
    let start = l.b.ins().iadd(base, bytes);
    let step = match step {
        Step::Bytes(c) => Step::Bytes(c.wrapping_mul(elem)),
        Step::Value(v) => Step::Value(l.b.ins().imul_imm_s(v, elem)),
    };
    Stepped { start, step }
}
