//! Range checks of the faithful lowering moved out of innermost loops (issue 37: a fallback
//! that is not a penalty).
//!
//! The faithful code checks every array access against the memory given for its array, at
//! the access, so that an out-of-range subscript stops the call with `OutOfBounds` where the
//! program makes it. In an innermost loop whose accesses' subscripts are affine in the loop's
//! iterator, with the rest of each subscript unchanged along the loop, the subscripts take
//! their extreme values at the first and the last iteration; so before the loop, one test of
//! those two iterations for each such access says whether every iteration's access is in
//! range. When it is, a copy of the loop runs with those accesses unchecked; otherwise (or when
//! the test itself would overflow) the loop runs as before, checked, and stops where the
//! program does. The results are the same bits and the same status either way. In the
//! unchecked copy a proved access is addressed from the iterator: its address's invariant part
//! and step are computed before the loop ([`Stepped`]), so an iteration neither evaluates its
//! subscripts nor multiplies by the array's sizes (heat3d_fixed's faithful code, 64³ arrays:
//! 0.41 -> 0.34 s; jacobi1d's innermost loop 17 -> 14 instructions a point). A `?:` over
//! proved elements still branches: computing both arms and selecting made Floyd-Warshall's
//! minimum a conditional move (faithful, n = 1000: 2.4-2.8 -> 2.0 s) but nussinov's maximum,
//! accumulated in one element along the loop, 1.1-1.2 -> 1.8-2.0 s (the select lengthens the
//! chain through that element that a predicted branch leaves short).
//!
//! What "affine" must mean for that to hold, in C's integer arithmetic: a subscript is
//! `coef * i + Σ mul_k * t_k`, built from the iterator `i` by `+`, `-`, negation,
//! multiplication by a constant and widening conversions between signed types, where each
//! term `t_k` is an expression of parameters and variables the loop does not assign (no reads,
//! no division: it is evaluated before the loop, where it may not fail). Signed arithmetic of
//! one type wraps modulo its width, and `+ - *` commute with that wrapping, so the value the
//! program computes is the exact value reduced to the type; wherever the program widens a
//! value (a conversion from `int` to `long`) the exact value must lie within the narrower
//! type, which is checked at both ends too (an affine value lies between its ends). The
//! test computes the exact values in `i64` with overflow checks; any overflow sends the loop
//! to its checked copy.
//!
//! Loops qualify when their iterator has the comparison's type (signed), their step is 1 with
//! `<`/`<=` or -1 with `>`/`>=`, their bound is such a term, they are not known to run at most
//! 16 iterations (constant bounds: the test would cost more than the checks), their body contains no loop and
//! assigns neither the iterator nor any variable of a bound or term. Accesses whose
//! subscripts do not qualify (`A[B[j]]`, a subscript with a division) keep their checks in the
//! unchecked copy.

use crate::jit::Lowering;
use cranelift_codegen::ir::{InstBuilder, Value, condcodes::IntCC, types};
use optimist_scop::expr::ExprKind;
use optimist_scop::ir::{ArrayId, BinOp, Expr, For, IrLeaf, LValue, Stmt, StmtKind, UnOp, VarId};
use optimist_scop::types::Type;
use std::collections::{HashMap, HashSet};

/// Loops of at most this many iterations, constant in the program, keep their checks.
const SHORT: i128 = 16;

/// An integer expression as `coef * iterator + Σ mul * term`, exactly.
#[derive(Clone, Debug, Default)]
struct Affine<'e> {
    coef: i64,
    terms: Vec<(i64, &'e Expr)>,
}

impl<'e> Affine<'e> {
    fn scaled(mut self, c: i64) -> Option<Affine<'e>> {
        self.coef = self.coef.checked_mul(c)?;
        for t in &mut self.terms {
            t.0 = t.0.checked_mul(c)?;
        }
        Some(self)
    }

    fn plus(mut self, other: Affine<'e>) -> Option<Affine<'e>> {
        self.coef = self.coef.checked_add(other.coef)?;
        self.terms.extend(other.terms);
        Some(self)
    }
}

/// One access of the loop's body whose range is tested before the loop: its array, its
/// subscripts as affine forms, and the narrower values they widen.
struct Tested<'e> {
    array: ArrayId,
    subscripts: Vec<Affine<'e>>,
    key: *const Expr,
}

/// What the loop's test needs: the accesses, and the values that must fit their types.
struct Plan<'e> {
    tested: Vec<Tested<'e>>,
    fits: Vec<(Affine<'e>, Type)>,
}

/// The statements of a loop body: the variables they assign, whether they contain a loop, and
/// their accesses (array, subscripts).
fn walk<'e>(
    stmts: &'e [Stmt],
    assigned: &mut HashSet<VarId>,
    accesses: &mut Vec<(ArrayId, &'e [Expr])>,
) -> bool {
    fn reads<'e>(e: &'e Expr, out: &mut Vec<(ArrayId, &'e [Expr])>) {
        if let ExprKind::Leaf(IrLeaf::Read(a, idx)) = &e.kind {
            out.push((*a, idx.as_slice()));
        }
        for c in e.children() {
            reads(c, out);
        }
    }
    for s in stmts {
        match &s.kind {
            StmtKind::For(_) => return false,
            StmtKind::Assign(target, value) => {
                match target {
                    LValue::Var(v) => {
                        assigned.insert(*v);
                    }
                    LValue::Elem(a, idx) => {
                        accesses.push((*a, idx.as_slice()));
                        for i in idx {
                            reads(i, accesses);
                        }
                    }
                }
                reads(value, accesses);
            }
            StmtKind::If(c, t, e) => {
                reads(c, accesses);
                if !walk(t, assigned, accesses) || !walk(e, assigned, accesses) {
                    return false;
                }
            }
            StmtKind::Block(b) => {
                if !walk(b, assigned, accesses) {
                    return false;
                }
            }
        }
    }
    true
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

/// `e` (of a signed integer type) as an affine form in `var`; values it widens go to `fits`.
fn affine<'e>(
    e: &'e Expr,
    var: VarId,
    assigned: &HashSet<VarId>,
    fits: &mut Vec<(Affine<'e>, Type)>,
) -> Option<Affine<'e>> {
    if !e.ty.is_signed() {
        return None;
    }
    if !mentions(e, var) {
        return invariant(e, assigned).then(|| Affine {
            coef: 0,
            terms: vec![(1, e)],
        });
    }
    match &e.kind {
        ExprKind::Leaf(IrLeaf::Var(v)) if *v == var => Some(Affine {
            coef: 1,
            terms: Vec::new(),
        }),
        ExprKind::Binary(BinOp::Add, x, y) => {
            affine(x, var, assigned, fits)?.plus(affine(y, var, assigned, fits)?)
        }
        ExprKind::Binary(BinOp::Sub, x, y) => {
            affine(x, var, assigned, fits)?.plus(affine(y, var, assigned, fits)?.scaled(-1)?)
        }
        ExprKind::Unary(UnOp::Neg, x) => affine(x, var, assigned, fits)?.scaled(-1),
        ExprKind::Binary(BinOp::Mul, x, y) => match (&x.kind, &y.kind) {
            (ExprKind::Int(c), _) => {
                affine(y, var, assigned, fits)?.scaled(i64::try_from(*c).ok()?)
            }
            (_, ExprKind::Int(c)) => {
                affine(x, var, assigned, fits)?.scaled(i64::try_from(*c).ok()?)
            }
            _ => None,
        },
        ExprKind::Cast(x) if x.ty.is_signed() && x.ty.bits() <= e.ty.bits() => {
            let inner = affine(x, var, assigned, fits)?;
            if x.ty.bits() < e.ty.bits() {
                fits.push((inner.clone(), x.ty));
            }
            Some(inner)
        }
        _ => None,
    }
}

/// The test of a loop: `None` when the loop does not qualify (see the module docs).
fn plan<'e>(l: &'e For, iter_ty: Type) -> Option<Plan<'e>> {
    let mut assigned = HashSet::new();
    let mut accesses = Vec::new();
    if !walk(&l.body, &mut assigned, &mut accesses) || accesses.is_empty() {
        return None;
    }
    let step_fits = matches!(
        (l.cond.op, l.step),
        (BinOp::Lt | BinOp::Le, 1) | (BinOp::Gt | BinOp::Ge, -1)
    );
    // A loop of a few iterations known here (a convolution's 5 taps) costs less checked than
    // its test would.
    if let (ExprKind::Int(a), ExprKind::Int(b)) = (&l.init.kind, &l.cond.bound.kind)
        && (b - a).abs() <= SHORT
    {
        return None;
    }
    if !step_fits
        || !iter_ty.is_signed()
        || l.cond.ty != iter_ty
        || assigned.contains(&l.var)
        || mentions(&l.cond.bound, l.var)
        || !invariant(&l.cond.bound, &assigned)
    {
        return None;
    }
    let mut fits = Vec::new();
    let mut tested = Vec::new();
    for (array, idx) in accesses {
        let mut own = Vec::new();
        let subscripts: Option<Vec<Affine<'e>>> = idx
            .iter()
            .map(|e| affine(e, l.var, &assigned, &mut own))
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
    (!tested.is_empty()).then_some(Plan { tested, fits })
}

/// Accumulates overflow flags while evaluating affine forms in `i64`.
struct Exact<'l, 'a, 'm> {
    l: &'l mut Lowering<'a, 'm>,
    overflow: Value,
}

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

    /// `f` at iterator value `x` (i64), exactly, its terms' values from `terms`.
    fn at(&mut self, f: &Affine<'_>, x: Value, terms: &[(*const Expr, Value)]) -> Value {
        let mut acc = match f.coef {
            0 => self.l.b.ins().iconst(types::I64, 0),
            1 => x,
            c => {
                let c = self.l.b.ins().iconst(types::I64, c);
                self.mul(c, x)
            }
        };
        let mut acc_is_zero = f.coef == 0;
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
            let p = if *m == 1 {
                tv
            } else {
                let m = self.l.b.ins().iconst(types::I64, *m);
                self.mul(m, tv)
            };
            acc = if f.coef == 0 && acc_is_zero {
                p
            } else {
                self.add(acc, p)
            };
            acc_is_zero = false;
        }
        acc
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
}

/// An access a range test proved, addressed from the loop's iterator: its element is at
/// `start + i * step` bytes (`i` the iterator's value, widened to `i64`), both computed before
/// the loop. Its subscripts are affine in the iterator with invariant terms, so this is the
/// address the checked code computes, without evaluating them per iteration.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stepped {
    /// The address at iterator value 0.
    pub start: Value,
    /// Bytes per step of the iterator.
    pub step: Step,
}

/// [`Stepped::step`]: a constant (a loop along an array's last dimension), or a value of the
/// array's sizes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    Bytes(i64),
    Value(Value),
}

/// The proved accesses of a range-tested loop, by their subscripts' address in the IR.
pub(crate) type Proved = HashMap<*const Expr, Stepped>;

/// The test before loop `f` and the accesses it proves, or `None` when the loop does not
/// qualify. The test is an `i8` truth value: every access the map names is in range in every
/// iteration (or the loop runs no iteration), and then its address is what its [`Stepped`]
/// says (computed in `i64`, wrapping: the exact addresses, which the test proved, fit).
pub(crate) fn range_test(
    l: &mut Lowering<'_, '_>,
    f: &For,
    init: Value,
) -> Result<Option<(Value, Proved)>, crate::CodegenError> {
    let ty = l.f.var(f.var).ty;
    let Some(plan) = plan(f, ty) else {
        return Ok(None);
    };
    // The terms' values, once, widened to i64 (their own types are signed).
    let mut terms: Vec<(*const Expr, Value)> = Vec::new();
    let every = plan
        .tested
        .iter()
        .flat_map(|t| t.subscripts.iter())
        .chain(plan.fits.iter().map(|(a, _)| a))
        .flat_map(|a| a.terms.iter().map(|(_, t)| *t));
    for t in every {
        if terms.iter().any(|(k, _)| std::ptr::eq(*k, t)) {
            continue;
        }
        let v = l.expr(t)?;
        let v = l.convert(v, t.ty, Type::I64);
        terms.push((t as *const Expr, v));
    }
    let bound = l.expr(&f.cond.bound)?;
    let (bound, first) = (
        l.convert(bound, ty, Type::I64),
        l.convert(init, ty, Type::I64),
    );
    // Whether the loop runs at all, and its last iterator value.
    let (runs, last, wraps) = {
        let b = &mut l.b;
        let one = b.ins().iconst(types::I64, 1);
        match f.cond.op {
            BinOp::Lt => (
                b.ins().icmp(IntCC::SignedLessThan, first, bound),
                b.ins().isub(bound, one),
                None,
            ),
            BinOp::Le => {
                let max = b.ins().iconst(types::I64, ty.max_int() as i64);
                (
                    b.ins().icmp(IntCC::SignedLessThanOrEqual, first, bound),
                    bound,
                    Some(b.ins().icmp(IntCC::Equal, bound, max)),
                )
            }
            BinOp::Gt => (
                b.ins().icmp(IntCC::SignedGreaterThan, first, bound),
                b.ins().iadd(bound, one),
                None,
            ),
            _ => {
                let min = b.ins().iconst(types::I64, ty.min_int() as i64);
                (
                    b.ins().icmp(IntCC::SignedGreaterThanOrEqual, first, bound),
                    bound,
                    Some(b.ins().icmp(IntCC::Equal, bound, min)),
                )
            }
        }
    };
    let zero = l.b.ins().iconst(types::I8, 0);
    let mut x = Exact { l, overflow: zero };
    let mut bad = wraps.unwrap_or(zero);
    for end in [first, last] {
        for (a, t) in &plan.fits {
            let v = x.at(a, end, &terms);
            let lo = x.l.b.ins().iconst(types::I64, t.min_int() as i64);
            let hi = x.l.b.ins().iconst(types::I64, t.max_int() as i64);
            let out = x.outside(v, lo, hi);
            bad = x.l.b.ins().bor(bad, out);
        }
        for t in &plan.tested {
            let mut flat = x.at(&t.subscripts[0], end, &terms);
            for (d, s) in t.subscripts.iter().enumerate().skip(1) {
                let size = x.l.b.use_var(x.l.arrays[t.array].inner[d - 1]);
                let scaled = x.mul(flat, size);
                let i = x.at(s, end, &terms);
                flat = x.add(scaled, i);
            }
            let out = x.l.outside(t.array, flat);
            bad = x.l.b.ins().bor(bad, out);
        }
    }
    let bad = x.l.b.ins().bor(bad, x.overflow);
    let l = x.l;
    let fine = l.b.ins().icmp_imm_s(IntCC::Equal, bad, 0);
    let skip = l.b.ins().icmp_imm_s(IntCC::Equal, runs, 0);
    let test = l.b.ins().bor(fine, skip);
    let proved = plan
        .tested
        .iter()
        .map(|t| (t.key, stepped(l, t, &terms)))
        .collect();
    Ok(Some((test, proved)))
}

/// The start and step of access `t`'s address (see [`Stepped`]): the flat index's invariant
/// part and its coefficient, by the flat index's own rule (`(s0 * n1 + s1) * n2 + ...`), in
/// wrapping `i64`.
fn stepped(l: &mut Lowering<'_, '_>, t: &Tested<'_>, terms: &[(*const Expr, Value)]) -> Stepped {
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
    let mut flat = invariant(l, &t.subscripts[0]);
    let mut coef = Step::Bytes(t.subscripts[0].coef);
    for (d, s) in t.subscripts.iter().enumerate().skip(1) {
        let size = l.b.use_var(l.arrays[t.array].inner[d - 1]);
        let scaled = l.b.ins().imul(flat, size);
        let part = invariant(l, s);
        flat = l.b.ins().iadd(scaled, part);
        coef = match coef {
            Step::Bytes(0) => Step::Bytes(s.coef),
            Step::Bytes(c) => {
                let v = l.b.ins().imul_imm_s(size, c);
                Step::Value(l.b.ins().iadd_imm_s(v, s.coef))
            }
            Step::Value(v) => {
                let v = l.b.ins().imul(v, size);
                Step::Value(l.b.ins().iadd_imm_s(v, s.coef))
            }
        };
    }
    let elem = l.f.array(t.array).elem.size() as i64;
    let bytes = l.b.ins().imul_imm_s(flat, elem);
    let base = l.b.use_var(l.arrays[t.array].base);
    let start = l.b.ins().iadd(base, bytes);
    let step = match coef {
        Step::Bytes(c) => Step::Bytes(c.wrapping_mul(elem)),
        Step::Value(v) => Step::Value(l.b.ins().imul_imm_s(v, elem)),
    };
    Stepped { start, step }
}
