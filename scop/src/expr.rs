//! One expression language for the program IR and the model's statement bodies.
//!
//! [`Expr<L>`] is a typed C expression tree whose leaves `L` differ by layer: the program IR
//! ([`crate::ir::Expr`]) has variables and array reads ([`crate::ir::IrLeaf`]), model bodies
//! ([`crate::model::BodyExpr`]) have parameters, iterators and accesses
//! ([`crate::model::BodyLeaf`]). Everything else — constants, operators, conversions,
//! selections, math calls, and the C conversions the constructors insert — is shared, and so are
//! the walks over it: one Cranelift lowering and one C printer ([`write_c`]) take a leaf
//! handler. Trees are at most [`MAX_DEPTH`] deep, checked by the constructors, so walks may
//! recurse safely.
//!
//! # Design notes
//!
//! - **One expression language** (`expr.rs`). `Expr<L>`: typed C expression trees (constants,
//!   `Leaf(L)`, unary, binary, casts, selections, math calls) whose leaves differ by layer: the IR's
//!   `ir::Expr = Expr<IrLeaf>` (variables, array reads) and the model's `BodyExpr =
//!   Expr<BodyLeaf>` (parameters, iterators, accesses). The constructors (with C's conversions),
//!   the depth bound, `map_leaves` (how the model turns a program expression into a body, and how
//!   a pass rewrites accesses) and the one C printer `write_c` (a `CLeaves` implementation per
//!   layer prints the leaves; `Function::to_c` and generated C both use it) are written once.
//!   Code generation likewise has one Cranelift lowering of expressions, branches and loops
//!   (`jit::lower_expr`, `lower_if`, `lower_loop`) for the faithful and the model code.

use crate::ir::{BinOp, IrError, MathFn, PureFn, UnOp};
use crate::types::Type;
use std::sync::Arc;

/// The deepest expression tree the constructors build.
pub const MAX_DEPTH: u32 = 512;

/// What a leaf of an expression tree must provide.
pub trait Leaf: Clone + std::fmt::Debug + PartialEq + Sized {
    /// The expressions inside the leaf (an array read's subscripts), for depth and walks.
    fn subexprs(&self) -> &[Expr<Self>] {
        &[]
    }
}

/// A typed expression with leaves `L`.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr<L> {
    /// What the expression computes.
    pub kind: ExprKind<L>,
    /// Its type.
    pub ty: Type,
    /// The depth of the tree (a leaf has depth 1).
    depth: u32,
}

/// The forms of [`Expr`]. Children are typed as the constructors make them: an arithmetic
/// `Binary` has operands of its own type, a comparison two operands of one type and type `int`.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind<L> {
    /// An integer constant, in range of the expression's type.
    Int(i128),
    /// A floating constant (already rounded to `float` for `F32`).
    Float(f64),
    /// A leaf of the layer: a variable or array read in the IR, a parameter, iterator or access
    /// in the model.
    Leaf(L),
    /// A unary operation; the operand has the expression's type, except for `!`.
    Unary(UnOp, Box<Expr<L>>),
    /// A binary operation.
    Binary(BinOp, Box<Expr<L>>, Box<Expr<L>>),
    /// A conversion of the operand to the expression's type.
    Cast(Box<Expr<L>>),
    /// `c ? a : b`: `a` and `b` have the expression's type; only one is evaluated.
    Select(Box<Expr<L>>, Box<Expr<L>>, Box<Expr<L>>),
    /// A math function call; the arguments have the expression's type.
    Call(MathFn, Vec<Expr<L>>),
    /// A call of a user's pure function; the arguments have its parameter types, the
    /// expression its result type.
    Pure(Arc<PureFn>, Vec<Expr<L>>),
}

impl<L: Leaf> Expr<L> {
    /// A node, refused when it would be deeper than [`MAX_DEPTH`]. No conversion is inserted:
    /// the caller gives children of the types the form needs (the other constructors do).
    pub fn new(kind: ExprKind<L>, ty: Type) -> Result<Expr<L>, IrError> {
        let mut e = Expr { kind, ty, depth: 1 };
        e.depth = 1 + e.children().iter().map(|c| c.depth).max().unwrap_or(0);
        if e.depth > MAX_DEPTH {
            return Err(IrError(format!(
                "expression nested deeper than {MAX_DEPTH}"
            )));
        }
        Ok(e)
    }

    /// The leaf `leaf` of type `ty`.
    pub fn leaf(leaf: L, ty: Type) -> Result<Expr<L>, IrError> {
        Expr::new(ExprKind::Leaf(leaf), ty)
    }

    /// The depth of the expression tree.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The integer constant `v` of type `ty`; fails when `v` is out of its range.
    pub fn int(v: i128, ty: Type) -> Result<Expr<L>, IrError> {
        if !ty.is_int() || v < ty.min_int() || v > ty.max_int() {
            return Err(IrError(format!("{v} is not a value of type {ty}")));
        }
        Expr::new(ExprKind::Int(v), ty)
    }

    /// The `int` constant `v`.
    pub fn int32(v: i32) -> Expr<L> {
        Expr {
            kind: ExprKind::Int(i128::from(v)),
            ty: Type::I32,
            depth: 1,
        }
    }

    /// The floating constant `v` of type `ty` (`F32` rounds it to single precision).
    pub fn float(v: f64, ty: Type) -> Result<Expr<L>, IrError> {
        let v = match ty {
            Type::F32 => f64::from(v as f32),
            Type::F64 => v,
            _ => return Err(IrError(format!("{ty} is not a floating type"))),
        };
        Expr::new(ExprKind::Float(v), ty)
    }

    /// `self` converted to `ty` (no node when the type is already `ty`).
    pub fn convert(self, ty: Type) -> Result<Expr<L>, IrError> {
        if self.ty == ty {
            return Ok(self);
        }
        Expr::new(ExprKind::Cast(Box::new(self)), ty)
    }

    /// `op a`, with C's promotions.
    pub fn unary(op: UnOp, a: Expr<L>) -> Result<Expr<L>, IrError> {
        match op {
            UnOp::Not => Expr::new(ExprKind::Unary(op, Box::new(a)), Type::I32),
            UnOp::Neg | UnOp::BitNot => {
                if op == UnOp::BitNot && a.ty.is_float() {
                    return Err(IrError("`~` needs an integer operand".into()));
                }
                let ty = a.ty.promote();
                let a = a.convert(ty)?;
                Expr::new(ExprKind::Unary(op, Box::new(a)), ty)
            }
        }
    }

    /// `a op b`, with C's conversions of the operands.
    pub fn binary(op: BinOp, a: Expr<L>, b: Expr<L>) -> Result<Expr<L>, IrError> {
        let integer_only = matches!(
            op,
            BinOp::Rem | BinOp::Shl | BinOp::Shr | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
        );
        if integer_only && (a.ty.is_float() || b.ty.is_float()) {
            return Err(IrError(format!("`{}` needs integer operands", op.symbol())));
        }
        let (a, b, ty) = match op {
            BinOp::And | BinOp::Or => (a, b, Type::I32),
            BinOp::Shl | BinOp::Shr => {
                let (ta, tb) = (a.ty.promote(), b.ty.promote());
                let (a, b) = (a.convert(ta)?, b.convert(tb)?);
                (a, b, ta)
            }
            _ => {
                let common = Type::usual(a.ty, b.ty);
                let (a, b) = (a.convert(common)?, b.convert(common)?);
                let ty = if op.is_comparison() {
                    Type::I32
                } else {
                    common
                };
                (a, b, ty)
            }
        };
        Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), ty)
    }

    /// `self` with a shift or bitwise operation on two integer constants replaced by its
    /// value, as C's integer constant expressions are (`1 << 4` is `16`, so that a bound
    /// `i < N` with `#define N (1 << 4)` is affine); unchanged where C leaves the result
    /// undefined (a shift by the width or more, a negative value shifted) or the value leaves
    /// the type.
    pub fn folded(self) -> Expr<L> {
        let ExprKind::Binary(op, a, b) = &self.kind else {
            return self;
        };
        let (ExprKind::Int(x), ExprKind::Int(y)) = (&a.kind, &b.kind) else {
            return self;
        };
        let (x, y, ty) = (*x, *y, self.ty);
        let bits = i128::from(a.ty.bits());
        // Only the operations the model does not read as affine: `+ - * / %` of constants
        // are affine already (and print as the program wrote them).
        let v = match op {
            BinOp::Shl if x >= 0 && (0..bits).contains(&y) && y < 127 => x.checked_mul(1i128 << y),
            BinOp::Shr if x >= 0 && (0..bits).contains(&y) => Some(x >> y),
            BinOp::BitAnd => Some(x & y),
            BinOp::BitOr => Some(x | y),
            BinOp::BitXor => Some(x ^ y),
            _ => None,
        };
        match v.map(|v| Expr::int(v, ty)) {
            Some(Ok(e)) => e,
            _ => self,
        }
    }

    /// The precedence of the printed form ([`write_c`]): 15 for primary expressions, 0 for
    /// `?:`; a printer putting `self` as an operand of a tighter operator adds parentheses.
    pub fn c_precedence(&self) -> u8 {
        prec(self)
    }

    /// `c ? a : b`, with the branches converted to their common type.
    pub fn select(c: Expr<L>, a: Expr<L>, b: Expr<L>) -> Result<Expr<L>, IrError> {
        let ty = Type::usual(a.ty, b.ty);
        let (a, b) = (a.convert(ty)?, b.convert(ty)?);
        Expr::new(ExprKind::Select(Box::new(c), Box::new(a), Box::new(b)), ty)
    }

    /// `f(args...)` in precision `ty` (`F64` for `sqrt`, `F32` for `sqrtf`).
    pub fn call(f: MathFn, ty: Type, args: Vec<Expr<L>>) -> Result<Expr<L>, IrError> {
        if args.len() != f.arity() {
            return Err(IrError(format!(
                "`{}` takes {} argument(s), not {}",
                f.c_name(ty),
                f.arity(),
                args.len()
            )));
        }
        if !ty.is_float() {
            return Err(IrError(format!(
                "math functions compute in float or double, not {ty}"
            )));
        }
        let args = args
            .into_iter()
            .map(|a| a.convert(ty))
            .collect::<Result<Vec<_>, _>>()?;
        Expr::new(ExprKind::Call(f, args), ty)
    }

    /// `f(args...)` for a user's pure function, the arguments converted to its parameter types.
    pub fn pure_call(f: Arc<PureFn>, args: Vec<Expr<L>>) -> Result<Expr<L>, IrError> {
        if args.len() != f.params.len() {
            return Err(IrError(format!(
                "`{}` takes {} argument(s), not {}",
                f.name,
                f.params.len(),
                args.len()
            )));
        }
        let args = args
            .into_iter()
            .zip(&f.params)
            .map(|(a, t)| a.convert(*t))
            .collect::<Result<Vec<_>, _>>()?;
        let ty = f.ret;
        Expr::new(ExprKind::Pure(f, args), ty)
    }

    /// The children of the expression (a leaf's subexpressions included).
    pub fn children(&self) -> Vec<&Expr<L>> {
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Float(_) => vec![],
            ExprKind::Leaf(l) => l.subexprs().iter().collect(),
            ExprKind::Call(_, args) | ExprKind::Pure(_, args) => args.iter().collect(),
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => vec![a],
            ExprKind::Binary(_, a, b) => vec![a, b],
            ExprKind::Select(c, a, b) => vec![c, a, b],
        }
    }

    /// The tree contracted: every floating `x * y + z` and `z + x * y` becomes
    /// `fma(x, y, z)`, rounded once (the left operand's product when both are products),
    /// children first; leaves (an element's subscripts) stay as they are, and so do `-`,
    /// conversions between the product and the sum, and integers. What `-ffp-contract=fast`
    /// lets a C compiler do where it likes, made one rule, so that every back end and the
    /// interpreter compute the same bits ([`crate::ir::Function::contracted`]).
    pub fn contracted(&self) -> Result<Expr<L>, IrError> {
        let sub = |e: &Expr<L>| e.contracted().map(Box::new);
        let kind = match &self.kind {
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Leaf(_) => return Ok(self.clone()),
            ExprKind::Unary(op, a) => ExprKind::Unary(*op, sub(a)?),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (sub(a)?, sub(b)?);
                let product = |e: &Expr<L>| match &e.kind {
                    ExprKind::Binary(BinOp::Mul, x, y) if e.ty == self.ty => {
                        Some(vec![(**x).clone(), (**y).clone()])
                    }
                    _ => None,
                };
                if *op == BinOp::Add && self.ty.is_float() {
                    for (p, z) in [(&a, &b), (&b, &a)] {
                        if let Some(mut args) = product(p) {
                            args.push((**z).clone());
                            return Expr::new(ExprKind::Call(MathFn::Fma, args), self.ty);
                        }
                    }
                }
                ExprKind::Binary(*op, a, b)
            }
            ExprKind::Cast(a) => ExprKind::Cast(sub(a)?),
            ExprKind::Select(c, a, b) => ExprKind::Select(sub(c)?, sub(a)?, sub(b)?),
            ExprKind::Call(m, args) => ExprKind::Call(
                *m,
                args.iter()
                    .map(Expr::contracted)
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            ExprKind::Pure(p, args) => ExprKind::Pure(
                p.clone(),
                args.iter()
                    .map(Expr::contracted)
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        Expr::new(kind, self.ty)
    }

    /// The same tree with every leaf replaced by what `f` makes of it (`f` gets the leaf and its
    /// type): how the model turns a program expression into a statement body.
    pub fn map_leaves<M: Leaf, E: From<IrError>>(
        &self,
        f: &mut impl FnMut(&L, Type) -> Result<Expr<M>, E>,
    ) -> Result<Expr<M>, E> {
        let mut sub = |e: &Expr<L>| e.map_leaves(f).map(Box::new);
        let kind = match &self.kind {
            ExprKind::Int(v) => ExprKind::Int(*v),
            ExprKind::Float(v) => ExprKind::Float(*v),
            ExprKind::Leaf(l) => return f(l, self.ty),
            ExprKind::Unary(op, a) => ExprKind::Unary(*op, sub(a)?),
            ExprKind::Binary(op, a, b) => ExprKind::Binary(*op, sub(a)?, sub(b)?),
            ExprKind::Cast(a) => ExprKind::Cast(sub(a)?),
            ExprKind::Select(c, a, b) => ExprKind::Select(sub(c)?, sub(a)?, sub(b)?),
            ExprKind::Call(m, args) => ExprKind::Call(
                *m,
                args.iter()
                    .map(|a| a.map_leaves(f))
                    .collect::<Result<Vec<_>, E>>()?,
            ),
            ExprKind::Pure(p, args) => ExprKind::Pure(
                p.clone(),
                args.iter()
                    .map(|a| a.map_leaves(f))
                    .collect::<Result<Vec<_>, E>>()?,
            ),
        };
        Ok(Expr::new(kind, self.ty)?)
    }
}

impl<L> Expr<L> {
    /// For a call (a math function or a pure function): the C name it is called by and its
    /// arguments.
    pub fn callee(&self) -> Option<(String, &[Expr<L>])> {
        match &self.kind {
            ExprKind::Call(fun, args) => Some((fun.c_name(self.ty), args)),
            ExprKind::Pure(p, args) => Some((p.name.clone(), args)),
            _ => None,
        }
    }
}

/// How [`write_c`] prints the leaves of one layer.
pub trait CLeaves<L> {
    /// Appends the C text of `leaf` (of type `ty`) to `out`; it must be a primary expression
    /// (parenthesized when it is not a name, an element or a call).
    fn leaf(&self, out: &mut String, leaf: &L, ty: Type);

    /// Whether the text is for a C compiler (then floating zeros and integers converted to
    /// floating types are compound literals, see [`write_c`]) rather than for people (messages,
    /// dumps), who read the plain casts.
    fn for_compiler(&self) -> bool {
        true
    }
}

/// Precedence of the printed form: 15 for primary expressions.
fn prec<L>(e: &Expr<L>) -> u8 {
    match &e.kind {
        ExprKind::Int(v) if *v < 0 => 12,
        // A zero for a compiler prints as a compound literal, a primary expression.
        ExprKind::Float(v) if *v < 0.0 || (*v == 0.0 && v.is_sign_negative()) => 12,
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Leaf(_)
        | ExprKind::Call(..)
        | ExprKind::Pure(..) => 15,
        ExprKind::Unary(..) | ExprKind::Cast(_) => 12,
        ExprKind::Binary(op, ..) => op.precedence(),
        ExprKind::Select(..) => 0,
    }
}

/// Appends `e` as C text, with as few parentheses as C's precedences allow and every conversion
/// of the tree as a cast, the leaves printed by `leaves`: the one C printer of expressions
/// (program IR, `Function::to_c`, and the model bodies of generated C).
pub fn write_c<L>(leaves: &impl CLeaves<L>, out: &mut String, e: &Expr<L>) {
    use std::fmt::Write;
    let sub = |out: &mut String, e: &Expr<L>, min: u8| {
        if prec(e) < min {
            out.push('(');
            write_c(leaves, out, e);
            out.push(')');
        } else {
            write_c(leaves, out, e);
        }
    };
    match &e.kind {
        ExprKind::Int(v) => {
            let suffix = match e.ty {
                Type::U32 => "u",
                Type::I64 => "l",
                Type::U64 => "ul",
                _ => "",
            };
            let _ = write!(out, "{v}{suffix}");
        }
        ExprKind::Float(v) if *v == 0.0 && leaves.for_compiler() => {
            // A floating zero is written as a compound literal, never as a bare constant:
            // gcc's front end (12.2, at every -O level, -O0 too) folds `0.0 - x` to `-x` and
            // `x + 0.0` to `x` when it believes `x` cannot be a negative zero, and gets the sign
            // wrong when `x` is `(double)i` or `-(double)i` with `i == 0` (`0.0 - (double)0` came
            // out as `-0.0`). A compound literal is no constant to that fold; from -O1 on it is
            // an ordinary constant again, and the middle end's folds keep the sign of zero.
            // Integers converted to floating types are compound literals for the same reason
            // (below).
            let ty = if e.ty == Type::F32 { "float" } else { "double" };
            let sign = if v.is_sign_negative() { "-" } else { "" };
            let suffix = if e.ty == Type::F32 { "f" } else { "" };
            let _ = write!(out, "({ty}){{{sign}0.0{suffix}}}");
        }
        ExprKind::Float(v) => {
            let text = if v.is_finite() {
                if e.ty == Type::F32 {
                    format!("{:?}", *v as f32)
                } else {
                    format!("{v:?}")
                }
            } else if v.is_nan() {
                "NAN".into()
            } else {
                format!("{}INFINITY", if *v < 0.0 { "-" } else { "" })
            };
            out.push_str(&text);
            if e.ty == Type::F32 && v.is_finite() {
                out.push('f');
            }
        }
        ExprKind::Leaf(l) => leaves.leaf(out, l, e.ty),
        ExprKind::Unary(op, a) => {
            out.push_str(match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::Not => "!",
            });
            // `-(-x)` must not print as `--x` (a decrement), nor `-(-1)` as `--1`.
            let mut operand = String::new();
            sub(&mut operand, a, 12);
            if *op == UnOp::Neg && operand.starts_with('-') {
                let _ = write!(out, "({operand})");
            } else {
                out.push_str(&operand);
            }
        }
        ExprKind::Binary(op, a, b) => {
            let p = op.precedence();
            sub(out, a, p);
            let _ = write!(out, " {} ", op.symbol());
            sub(out, b, p + 1);
        }
        // An integer converted to a floating type is a compound literal, for the reason a
        // floating zero is one: gcc's front end folds integer constants (`(int)0L`, `m * 0`)
        // into a floating zero constant, and then `0.0 - x` into `-x`.
        ExprKind::Cast(a) if e.ty.is_float() && !a.ty.is_float() && leaves.for_compiler() => {
            let _ = write!(out, "({}){{", e.ty);
            write_c(leaves, out, a);
            out.push('}');
        }
        ExprKind::Cast(a) => {
            let _ = write!(out, "({})", e.ty);
            sub(out, a, 12);
        }
        ExprKind::Select(c, a, b) => {
            sub(out, c, 1);
            out.push_str(" ? ");
            sub(out, a, 1);
            out.push_str(" : ");
            sub(out, b, 0);
        }
        ExprKind::Call(..) | ExprKind::Pure(..) => {
            let (name, args) = e.callee().unwrap_or_default();
            out.push_str(&name);
            out.push('(');
            for (k, a) in args.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write_c(leaves, out, a);
            }
            out.push(')');
        }
    }
}
