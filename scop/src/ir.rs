//! The program IR: the core language of the papers (paper 000 §3.2, paper 003 Figure 3) with C's
//! types.
//!
//! Every C conversion is explicit: the constructors on [`Expr`] apply the integer promotions and
//! the usual arithmetic conversions by inserting [`ExprKind::Cast`] nodes, so an arithmetic
//! [`ExprKind::Binary`] always has two operands of its own type, a comparison two operands of one
//! type and the type `int`. Interpreters and code generators therefore never decide a conversion.
//! Compound assignments (`a += b`) are sugar for `a = (T)(a + b)`, exact because subscripts have
//! no side effects.
//!
//! Expressions are trees. Their depth is bounded ([`MAX_DEPTH`]): constructors refuse deeper
//! trees, so every walk over them can recurse without risking the stack.

use crate::types::Type;
use std::fmt;
use std::sync::Arc;

pub use crate::expr::MAX_DEPTH;

/// A scalar variable: parameter, local or loop iterator. Indexes [`Function::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// An array: parameter or local. Indexes [`Function::arrays`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrayId(pub u32);

/// A position in the source: file, line, column (1-based). Programs built through the API have
/// none.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SrcLoc {
    /// The file, as named to the front end (or by a `#line` marker).
    pub file: String,
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1.
    pub col: u32,
}

impl fmt::Display for SrcLoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// Invalid IR built through the API: what is wrong. (The front end reports C errors with
/// positions; this is for programs built directly.)
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid program: {0}")]
pub struct IrError(pub String);

/// Whether a scalar is a parameter (its value comes from the caller) or a local.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// A function parameter.
    Param,
    /// A local variable (including loop iterators).
    Local,
}

/// A scalar variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    /// The C name.
    pub name: String,
    /// The type.
    pub ty: Type,
    /// Parameter or local.
    pub kind: VarKind,
}

/// One dimension of an array's shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Dim {
    /// A constant size, as in `double A[64]`.
    Const(u64),
    /// A size computed from parameters at function entry, as in `double A[n][m + 1]`.
    Expr(Expr),
    /// No size: the outermost dimension of `double A[][64]` or a flat pointer `float *A`.
    Unknown,
}

/// What an array is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrayKind {
    /// A parameter declared with array syntax (`double A[n][m]`). Live-out.
    Param {
        /// Declared `restrict` (`double A[restrict n]`).
        restrict: bool,
    },
    /// A pointer parameter (`float *A`), indexed with flat, often polynomial, subscripts.
    /// Live-out.
    Pointer {
        /// Declared `restrict` (`float *restrict A`).
        restrict: bool,
    },
    /// An array declared inside the function: not live-out.
    Local,
}

/// An array variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    /// The C name.
    pub name: String,
    /// The element type.
    pub elem: Type,
    /// The shape, outermost dimension first; only the outermost may be [`Dim::Unknown`].
    pub dims: Vec<Dim>,
    /// Parameter, pointer or local.
    pub kind: ArrayKind,
}

impl Array {
    /// Whether the array is a parameter (and so live-out).
    pub fn is_param(&self) -> bool {
        !matches!(self.kind, ArrayKind::Local)
    }
}

/// A parameter of the function, in declaration order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    /// A scalar parameter.
    Scalar(VarId),
    /// An array or pointer parameter.
    Array(ArrayId),
}

/// The name of a function's return slot ([`Function::ret`]): `optimist_return`, with `_`
/// appended while a variable or array has it. The front end and the builder both use it, so
/// they give the same IR.
pub fn return_slot_name(vars: &[Var], arrays: &[Array]) -> String {
    let mut name = String::from("optimist_return");
    while arrays.iter().any(|a| a.name == name) || vars.iter().any(|v| v.name == name) {
        name.push('_');
    }
    name
}

/// A function of the IR: the unit the library optimizes.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The C name.
    pub name: String,
    /// The parameters in declaration order.
    pub params: Vec<Param>,
    /// All scalars, indexed by [`VarId`].
    pub vars: Vec<Var>,
    /// All arrays, indexed by [`ArrayId`].
    pub arrays: Vec<Array>,
    /// The body.
    pub body: Vec<Stmt>,
    /// For a function that returns a value (`double f(...) { ...; return s; }`): the local
    /// array of one element whose content after the body is the value. The front end lowers
    /// `return e;` (the function's last statement) to `NAME[0] = e;` into it, so every stage
    /// treats it as an array that is live-out; the interpreter and native code hand the value
    /// back in [`Args::returned`](crate::interp::Args::returned), and C returns it.
    pub ret: Option<ArrayId>,
}

/// Integer and logical operators with two operands, and the arithmetic ones on floats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`: truncating for integers.
    Div,
    /// `%`: sign of the dividend (integers only).
    Rem,
    /// `<<` (integers only).
    Shl,
    /// `>>` (integers only; arithmetic for signed operands).
    Shr,
    /// `&` (integers only).
    BitAnd,
    /// `|` (integers only).
    BitOr,
    /// `^` (integers only).
    BitXor,
    /// `<`, result `int`.
    Lt,
    /// `<=`, result `int`.
    Le,
    /// `>`, result `int`.
    Gt,
    /// `>=`, result `int`.
    Ge,
    /// `==`, result `int`.
    Eq,
    /// `!=`, result `int`.
    Ne,
    /// `&&`: short-circuit, result `int`.
    And,
    /// `||`: short-circuit, result `int`.
    Or,
}

impl BinOp {
    /// The C spelling.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }

    /// Whether the operator compares (`< <= > >= == !=`).
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
        )
    }

    /// C's precedence level (higher binds tighter).
    pub(crate) fn precedence(self) -> u8 {
        match self {
            BinOp::Mul | BinOp::Div | BinOp::Rem => 10,
            BinOp::Add | BinOp::Sub => 9,
            BinOp::Shl | BinOp::Shr => 8,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 7,
            BinOp::Eq | BinOp::Ne => 6,
            BinOp::BitAnd => 5,
            BinOp::BitXor => 4,
            BinOp::BitOr => 3,
            BinOp::And => 2,
            BinOp::Or => 1,
        }
    }

    /// The comparison with its operands swapped (`a < b` is `b > a`).
    pub fn swapped(self) -> BinOp {
        match self {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            op => op,
        }
    }
}

/// Operators with one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-a`.
    Neg,
    /// `~a` (integers only).
    BitNot,
    /// `!a`, result `int`.
    Not,
}

/// The pure math functions of the C library the IR knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathFn {
    /// `sqrt`
    Sqrt,
    /// `exp`
    Exp,
    /// `log`
    Log,
    /// `pow`
    Pow,
    /// `fabs`
    Fabs,
    /// `fmin`
    Fmin,
    /// `fmax`
    Fmax,
    /// `floor`
    Floor,
    /// `ceil`
    Ceil,
}

impl MathFn {
    /// The function and its precision for a C name: `sqrt` is double, `sqrtf` float.
    pub fn from_name(name: &str) -> Option<(MathFn, Type)> {
        let (base, ty) = match name.strip_suffix('f') {
            Some(base) if base != "ceil" || name == "ceilf" => (base, Type::F32),
            _ => (name, Type::F64),
        };
        let f = match base {
            "sqrt" => MathFn::Sqrt,
            "exp" => MathFn::Exp,
            "log" => MathFn::Log,
            "pow" => MathFn::Pow,
            "fabs" => MathFn::Fabs,
            "fmin" => MathFn::Fmin,
            "fmax" => MathFn::Fmax,
            "floor" => MathFn::Floor,
            "ceil" => MathFn::Ceil,
            _ => return None,
        };
        Some((f, ty))
    }

    /// The number of arguments.
    pub fn arity(self) -> usize {
        match self {
            MathFn::Pow | MathFn::Fmin | MathFn::Fmax => 2,
            _ => 1,
        }
    }

    /// The C name for arguments of type `ty` (`sqrt` or `sqrtf`).
    pub fn c_name(self, ty: Type) -> String {
        let base = match self {
            MathFn::Sqrt => "sqrt",
            MathFn::Exp => "exp",
            MathFn::Log => "log",
            MathFn::Pow => "pow",
            MathFn::Fabs => "fabs",
            MathFn::Fmin => "fmin",
            MathFn::Fmax => "fmax",
            MathFn::Floor => "floor",
            MathFn::Ceil => "ceil",
        };
        if ty == Type::F32 {
            format!("{base}f")
        } else {
            base.to_string()
        }
    }
}

/// The most parameters a [`PureFn`] may have.
pub const MAX_PURE_PARAMS: usize = 16;

/// A user function the program calls that GCC would call `const` (`__attribute__((const))`):
/// its value depends only on its arguments, and it reads no memory and has no effect. The
/// optimizer treats a call as an opaque operation on its arguments, like `sqrt`: it may compute
/// it once per statement instance in any order the dependences allow, duplicate it
/// (expression propagation) or leave it out with the statement it belongs to.
///
/// Every call site holds the same `Arc<PureFn>` ([`ExprKind::Pure`]). The implementation is
/// what the interpreter and native code call; C text calls the function by name and leaves it
/// to the C compiler's linker. A function without one compiles to C, and the interpreter and
/// native code refuse to run it (naming it).
#[derive(Clone, Debug, PartialEq)]
pub struct PureFn {
    /// The C name.
    pub name: String,
    /// The parameter types (arguments are converted to them, as C converts prototyped calls).
    pub params: Vec<Type>,
    /// The result type.
    pub ret: Type,
    /// What computes it, when bound.
    pub imp: Option<PureImpl>,
    /// Its definition, when the source has one: printed into generated C (as `static`), so
    /// the C is complete without the user's file. Without it, C gets a prototype and the
    /// function comes from the linker.
    pub definition: Option<Arc<Function>>,
}

impl PureFn {
    /// A declaration of `name(params) -> ret`, checked: a C identifier that is not a math
    /// function the IR knows, at most [`MAX_PURE_PARAMS`] parameters.
    pub fn new(
        name: &str,
        params: Vec<Type>,
        ret: Type,
        imp: Option<PureImpl>,
    ) -> Result<PureFn, IrError> {
        let ident = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ident {
            return Err(IrError(format!("`{name}` is not a C identifier")));
        }
        if MathFn::from_name(name).is_some() {
            return Err(IrError(format!(
                "`{name}` is a math function of the IR; a pure function needs another name"
            )));
        }
        if params.len() > MAX_PURE_PARAMS {
            return Err(IrError(format!(
                "`{name}` has {} parameters; a pure function may have at most {MAX_PURE_PARAMS}",
                params.len()
            )));
        }
        Ok(PureFn {
            name: name.to_string(),
            params,
            ret,
            imp,
            definition: None,
        })
    }

    /// Calls the implementation on arguments of the parameter types; the result converted to
    /// the result type. Fails with a message when there is none, when it fails, panics or
    /// returns a value that does not convert.
    pub fn call(&self, args: &[crate::interp::Value]) -> Result<crate::interp::Value, String> {
        let Some(imp) = &self.imp else {
            return Err(format!(
                "the pure function `{}` has no implementation: bind one (FrontendConfig::pures,                  PureFn::new) or define it in the source",
                self.name
            ));
        };
        let f = &imp.0;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(args))) {
            Ok(Ok(v)) => v
                .convert(self.ret)
                .map_err(|e| format!("the value of `{}`: {e}", self.name)),
            Ok(Err(e)) => Err(format!("`{}` failed: {e}", self.name)),
            Err(_) => Err(format!("`{}` panicked", self.name)),
        }
    }
}

/// The implementation of a [`PureFn`]: a Rust function of the argument values (one per
/// parameter, of its type) returning the result or a message. It may run on several threads at
/// once (parallel loops) and must give the same result for the same arguments. Equality is
/// identity (the same `Arc`).
#[derive(Clone)]
pub struct PureImpl(pub Arc<PureSignature>);

/// The Rust type of a [`PureImpl`]'s function.
pub type PureSignature =
    dyn Fn(&[crate::interp::Value]) -> Result<crate::interp::Value, String> + Send + Sync;

impl PureImpl {
    /// Wraps `f`.
    pub fn new(
        f: impl Fn(&[crate::interp::Value]) -> Result<crate::interp::Value, String>
        + Send
        + Sync
        + 'static,
    ) -> PureImpl {
        PureImpl(Arc::new(f))
    }
}

impl fmt::Debug for PureImpl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PureImpl(..)")
    }
}

impl PartialEq for PureImpl {
    fn eq(&self, other: &PureImpl) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// An expression of the program IR: the shared expression language ([`crate::expr`]) with
/// variables and array reads as leaves.
pub type Expr = crate::expr::Expr<IrLeaf>;

/// The forms of [`Expr`].
pub type ExprKind = crate::expr::ExprKind<IrLeaf>;

/// The leaves of program expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum IrLeaf {
    /// The value of a scalar variable.
    Var(VarId),
    /// An array element: one index per dimension (one for a flat pointer), each of type `long`.
    Read(ArrayId, Vec<Expr>),
}

impl crate::expr::Leaf for IrLeaf {
    fn subexprs(&self) -> &[Expr] {
        match self {
            IrLeaf::Var(_) => &[],
            IrLeaf::Read(_, idx) => idx,
        }
    }
}

impl Expr {
    /// The value of `var`, of type `ty` (the variable's type).
    pub fn var(var: VarId, ty: Type) -> Expr {
        // A leaf is never too deep.
        Expr::leaf(IrLeaf::Var(var), ty).unwrap_or_else(|_| unreachable!("depth 1"))
    }

    /// The element `array[indices...]` of type `elem`; each index is converted to `long`.
    pub fn read(array: ArrayId, elem: Type, indices: Vec<Expr>) -> Result<Expr, IrError> {
        let indices = indices
            .into_iter()
            .map(Expr::index)
            .collect::<Result<Vec<_>, _>>()?;
        Expr::leaf(IrLeaf::Read(array, indices), elem)
    }

    /// An index converted to `long`, as C converts subscripts when computing addresses.
    fn index(e: Expr) -> Result<Expr, IrError> {
        if e.ty.is_float() {
            return Err(IrError("array subscript is not an integer".into()));
        }
        e.convert(Type::I64)
    }
}

/// The left side of an assignment.
#[derive(Clone, Debug, PartialEq)]
pub enum LValue {
    /// A scalar variable.
    Var(VarId),
    /// An array element, indices converted to `long`.
    Elem(ArrayId, Vec<Expr>),
}

/// The exit test of a `for` loop: `iterator op bound`, compared in type `ty`.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopCond {
    /// `< <= > >= != ==`, with the iterator on the left.
    pub op: BinOp,
    /// The other side, converted to `ty`; evaluated before every iteration, as in C.
    pub bound: Expr,
    /// The type the comparison happens in (the iterator is converted to it).
    pub ty: Type,
}

/// `for (var = init; cond; var += step) body`.
#[derive(Clone, Debug, PartialEq)]
pub struct For {
    /// The iterator.
    pub var: VarId,
    /// Its initial value, converted to its type.
    pub init: Expr,
    /// The exit test.
    pub cond: LoopCond,
    /// The constant increment, positive or negative, never zero.
    pub step: i64,
    /// The body.
    pub body: Vec<Stmt>,
}

/// A statement with its optional C label (a loop tag for transformation scripts) and position.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What the statement does.
    pub kind: StmtKind,
    /// The C label in front of it, such as `Init` in `Init: C[i][j] = 0;`.
    pub label: Option<String>,
    /// Where it starts in the source, if it came from source.
    pub loc: Option<SrcLoc>,
}

/// The forms of [`Stmt`].
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// A counted loop.
    For(For),
    /// `if (cond) then else els`; `cond` is compared against zero.
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// `target = value`, `value` converted to the target's type.
    Assign(LValue, Expr),
    /// `{ ... }`, kept so that a label can name a group of statements.
    Block(Vec<Stmt>),
}

impl Stmt {
    /// A statement without label or position.
    pub fn new(kind: StmtKind) -> Stmt {
        Stmt {
            kind,
            label: None,
            loc: None,
        }
    }
}

impl Function {
    /// The scalar `id`.
    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.0 as usize]
    }

    /// The array `id`.
    pub fn array(&self, id: ArrayId) -> &Array {
        &self.arrays[id.0 as usize]
    }

    /// The scalar called `name`.
    pub fn var_named(&self, name: &str) -> Option<VarId> {
        self.vars
            .iter()
            .position(|v| v.name == name)
            .map(|i| VarId(i as u32))
    }

    /// The array called `name`.
    pub fn array_named(&self, name: &str) -> Option<ArrayId> {
        self.arrays
            .iter()
            .position(|a| a.name == name)
            .map(|i| ArrayId(i as u32))
    }

    /// The array parameters in declaration order.
    pub fn array_params(&self) -> impl Iterator<Item = ArrayId> + '_ {
        self.params.iter().filter_map(|p| match p {
            Param::Array(a) => Some(*a),
            Param::Scalar(_) => None,
        })
    }

    /// The scalar parameters in declaration order.
    pub fn scalar_params(&self) -> impl Iterator<Item = VarId> + '_ {
        self.params.iter().filter_map(|p| match p {
            Param::Scalar(v) => Some(*v),
            Param::Array(_) => None,
        })
    }

    /// Checks the invariants a hand-built function must satisfy: ids in range, typing of
    /// every expression as the constructors produce it, shapes with an unknown dimension only
    /// outermost, loop steps non-zero, nesting within [`MAX_DEPTH`].
    pub fn validate(&self) -> Result<(), IrError> {
        let checker = Checker { f: self };
        for p in &self.params {
            match *p {
                Param::Scalar(v) => checker.var(v)?,
                Param::Array(a) => checker.array(a)?,
            }
        }
        if let Some(r) = self.ret {
            checker.array(r)?;
            let a = self.array(r);
            if a.kind != ArrayKind::Local || a.dims != [Dim::Const(1)] {
                return Err(IrError(format!(
                    "the return slot `{}` must be a local array of one element",
                    a.name
                )));
            }
        }
        for (i, a) in self.arrays.iter().enumerate() {
            for (d, dim) in a.dims.iter().enumerate() {
                match dim {
                    Dim::Unknown if d > 0 => {
                        return Err(IrError(format!(
                            "array {} has an unknown inner dimension",
                            a.name
                        )));
                    }
                    Dim::Expr(e) => checker.expr(e)?,
                    _ => {}
                }
            }
            if a.dims.is_empty() {
                return Err(IrError(format!("array #{i} `{}` has no dimension", a.name)));
            }
        }
        let mut work: Vec<(&[Stmt], u32)> = vec![(&self.body, 0)];
        while let Some((stmts, depth)) = work.pop() {
            if depth > MAX_DEPTH {
                return Err(IrError(format!(
                    "statements nested deeper than {MAX_DEPTH}"
                )));
            }
            for s in stmts {
                match &s.kind {
                    StmtKind::For(l) => {
                        checker.var(l.var)?;
                        let t = self.var(l.var).ty;
                        if !t.is_int() {
                            return Err(IrError(format!(
                                "loop iterator `{}` is not an integer",
                                self.var(l.var).name
                            )));
                        }
                        checker.typed(&l.init, t)?;
                        checker.typed(&l.cond.bound, l.cond.ty)?;
                        if !l.cond.op.is_comparison() || l.step == 0 {
                            return Err(IrError(
                                "a loop needs a comparison and a non-zero step".into(),
                            ));
                        }
                        work.push((&l.body, depth + 1));
                    }
                    StmtKind::If(c, t, e) => {
                        checker.expr(c)?;
                        work.push((t, depth + 1));
                        work.push((e, depth + 1));
                    }
                    StmtKind::Assign(lv, v) => {
                        let ty = match lv {
                            LValue::Var(x) => {
                                checker.var(*x)?;
                                self.var(*x).ty
                            }
                            LValue::Elem(a, idx) => {
                                checker.access(*a, idx)?;
                                self.array(*a).elem
                            }
                        };
                        checker.typed(v, ty)?;
                    }
                    StmtKind::Block(b) => work.push((b, depth + 1)),
                }
            }
        }
        Ok(())
    }
}

/// Validation of ids and expression typing.
struct Checker<'a> {
    f: &'a Function,
}

impl Checker<'_> {
    fn var(&self, v: VarId) -> Result<(), IrError> {
        if (v.0 as usize) < self.f.vars.len() {
            Ok(())
        } else {
            Err(IrError(format!("no variable #{}", v.0)))
        }
    }

    fn array(&self, a: ArrayId) -> Result<(), IrError> {
        if (a.0 as usize) < self.f.arrays.len() {
            Ok(())
        } else {
            Err(IrError(format!("no array #{}", a.0)))
        }
    }

    fn access(&self, a: ArrayId, idx: &[Expr]) -> Result<(), IrError> {
        self.array(a)?;
        let arr = self.f.array(a);
        if idx.len() != arr.dims.len() {
            return Err(IrError(format!(
                "array `{}` has {} dimension(s), accessed with {}",
                arr.name,
                arr.dims.len(),
                idx.len()
            )));
        }
        idx.iter().try_for_each(|i| self.typed(i, Type::I64))
    }

    fn typed(&self, e: &Expr, ty: Type) -> Result<(), IrError> {
        if e.ty != ty {
            return Err(IrError(format!(
                "expression of type {} where {ty} is needed",
                e.ty
            )));
        }
        self.expr(e)
    }

    /// Checks one expression tree (depth is bounded by construction, so recursion is safe).
    fn expr(&self, e: &Expr) -> Result<(), IrError> {
        let same = |a: &Expr| {
            if a.ty == e.ty {
                Ok(())
            } else {
                Err(IrError(format!(
                    "operand of type {} in a {} operation",
                    a.ty, e.ty
                )))
            }
        };
        match &e.kind {
            ExprKind::Int(v) => {
                if !e.ty.is_int() || *v < e.ty.min_int() || *v > e.ty.max_int() {
                    return Err(IrError(format!("constant {v} does not fit {}", e.ty)));
                }
            }
            ExprKind::Float(_) => {
                if !e.ty.is_float() {
                    return Err(IrError("floating constant of integer type".into()));
                }
            }
            ExprKind::Leaf(IrLeaf::Var(v)) => {
                self.var(*v)?;
                if self.f.var(*v).ty != e.ty {
                    return Err(IrError(format!(
                        "variable `{}` read with the wrong type",
                        self.f.var(*v).name
                    )));
                }
            }
            ExprKind::Leaf(IrLeaf::Read(a, idx)) => {
                self.access(*a, idx)?;
                if self.f.array(*a).elem != e.ty {
                    return Err(IrError(format!(
                        "array `{}` read with the wrong type",
                        self.f.array(*a).name
                    )));
                }
            }
            ExprKind::Unary(UnOp::Not, a) => {
                if e.ty != Type::I32 {
                    return Err(IrError("`!` has type int".into()));
                }
                self.expr(a)?;
            }
            ExprKind::Unary(_, a) => {
                same(a)?;
                self.expr(a)?;
            }
            ExprKind::Binary(op, a, b) => {
                match op {
                    BinOp::And | BinOp::Or => {}
                    BinOp::Shl | BinOp::Shr => {
                        same(a)?;
                        if !b.ty.is_int() || !a.ty.is_int() {
                            return Err(IrError("shift of a non-integer".into()));
                        }
                    }
                    op if op.is_comparison() => {
                        if a.ty != b.ty || e.ty != Type::I32 {
                            return Err(IrError("comparison of different types".into()));
                        }
                    }
                    _ => {
                        same(a)?;
                        same(b)?;
                    }
                }
                self.expr(a)?;
                self.expr(b)?;
            }
            ExprKind::Cast(a) => self.expr(a)?,
            ExprKind::Select(c, a, b) => {
                same(a)?;
                same(b)?;
                self.expr(c)?;
                self.expr(a)?;
                self.expr(b)?;
            }
            ExprKind::Call(f, args) => {
                if args.len() != f.arity() || !e.ty.is_float() {
                    return Err(IrError("bad math call".into()));
                }
                for a in args {
                    same(a)?;
                    self.expr(a)?;
                }
            }
            ExprKind::Pure(p, args) => {
                if args.len() != p.params.len() || e.ty != p.ret {
                    return Err(IrError(format!("bad call of `{}`", p.name)));
                }
                for (a, t) in args.iter().zip(&p.params) {
                    if a.ty != *t {
                        return Err(IrError(format!("bad argument of `{}`", p.name)));
                    }
                    self.expr(a)?;
                }
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// C-like printing

/// Prints expressions of a function with its names.
struct Printer<'a> {
    f: &'a Function,
    /// The printed name of every variable.
    names: Vec<String>,
    /// The printed name of every array.
    arrays: Vec<String>,
    /// Elements of arrays with several dimensions printed as `((T *)A)[flat index]`: the IR
    /// lets an inner subscript run past its dimension while the element is inside the buffer
    /// (C's flat memory), which `A[i][j]` in C does not (gcc bounds loops by the declared
    /// sizes, `-faggressive-loop-optimizations`). For C a compiler must accept as the program.
    flat: bool,
}

impl<'a> Printer<'a> {
    /// Variables printed by their own names.
    fn new(f: &'a Function) -> Printer<'a> {
        Printer {
            f,
            names: f.vars.iter().map(|v| v.name.clone()).collect(),
            arrays: f.arrays.iter().map(|a| a.name.clone()).collect(),
            flat: false,
        }
    }

    /// Variables and arrays whose name an earlier one has get a suffix (`i_3`, `b_1`), so that
    /// the declarations at the top of the function are distinct (two loops over `i`, two
    /// blocks that each declare `float b[n]`).
    fn distinct(f: &'a Function) -> Printer<'a> {
        let taken =
            |n: &str| f.vars.iter().any(|w| w.name == n) || f.arrays.iter().any(|a| a.name == n);
        let mut printed: Vec<String> = Vec::with_capacity(f.vars.len() + f.arrays.len());
        let mut unique = |name: &str, k: usize| {
            let mut n = name.to_string();
            if printed.contains(&n) {
                n = format!("{name}_{k}");
                while printed.contains(&n) || taken(&n) {
                    n.push('_');
                }
            }
            printed.push(n.clone());
            n
        };
        let names = f
            .vars
            .iter()
            .enumerate()
            .map(|(k, v)| unique(&v.name, k))
            .collect();
        let arrays = f
            .arrays
            .iter()
            .enumerate()
            .map(|(k, a)| unique(&a.name, k))
            .collect();
        Printer {
            f,
            names,
            arrays,
            flat: true,
        }
    }

    /// An element of array `a`: `A[i][j]`, or with [`Printer::flat`] and several dimensions
    /// `((double *)A)[(long)(i) * 20L + (j)]`.
    fn element(&self, out: &mut String, a: ArrayId, idx: &[Expr]) {
        use std::fmt::Write;
        let array = self.f.array(a);
        if !self.flat || idx.len() < 2 || array.dims.len() != idx.len() {
            out.push_str(&self.arrays[a.0 as usize]);
            return self.indices(out, idx);
        }
        let _ = write!(out, "(({} *){})[", array.elem, self.arrays[a.0 as usize]);
        let mut flat = String::new();
        for (k, i) in idx.iter().enumerate() {
            if k > 0 {
                let size = match &array.dims[k] {
                    Dim::Const(n) => format!("{n}L"),
                    Dim::Expr(e) => {
                        let mut t = String::from("(long)(");
                        self.index(&mut t, e);
                        t.push(')');
                        t
                    }
                    Dim::Unknown => "0L".into(),
                };
                flat = format!("({flat}) * {size} + ");
            }
            let mut t = String::new();
            self.index(&mut t, i);
            if k == 0 {
                flat = format!("(long)({t})");
            } else {
                let _ = write!(flat, "({t})");
            }
        }
        out.push_str(&flat);
        out.push(']');
    }

    fn indices(&self, out: &mut String, idx: &[Expr]) {
        for i in idx {
            out.push('[');
            self.index(out, i);
            out.push(']');
        }
    }

    /// A subscript or size: converted to `long` in the IR, printed as written.
    fn index(&self, out: &mut String, e: &Expr) {
        match &e.kind {
            ExprKind::Cast(inner) if e.ty == Type::I64 && inner.ty.is_int() => {
                self.expr(out, inner)
            }
            _ => self.expr(out, e),
        }
    }

    fn expr(&self, out: &mut String, e: &Expr) {
        crate::expr::write_c(self, out, e);
    }

    fn dims(&self, out: &mut String, a: &Array) {
        use std::fmt::Write;
        for (k, d) in a.dims.iter().enumerate() {
            let restrict = k == 0 && matches!(a.kind, ArrayKind::Param { restrict: true });
            out.push('[');
            if restrict {
                out.push_str("restrict ");
            }
            match d {
                Dim::Const(n) => {
                    let _ = write!(out, "{n}");
                }
                Dim::Expr(e) => self.index(out, e),
                Dim::Unknown => {}
            }
            out.push(']');
        }
    }

    fn declaration(&self, id: ArrayId) -> String {
        let a = self.f.array(id);
        let name = &self.arrays[id.0 as usize];
        let mut out = String::new();
        match a.kind {
            ArrayKind::Pointer { restrict } => {
                out.push_str(&format!(
                    "{} *{}{}",
                    a.elem,
                    if restrict { "restrict " } else { "" },
                    name
                ));
            }
            _ => {
                out.push_str(&format!("{} {}", a.elem, name));
                self.dims(&mut out, a);
            }
        }
        out
    }

    fn stmts(&self, out: &mut String, stmts: &[Stmt], indent: usize) {
        for s in stmts {
            self.stmt(out, s, indent);
        }
    }

    fn block(&self, out: &mut String, stmts: &[Stmt], indent: usize) {
        out.push_str("{\n");
        self.stmts(out, stmts, indent + 1);
        out.push_str(&"  ".repeat(indent));
        out.push('}');
    }

    fn stmt(&self, out: &mut String, s: &Stmt, indent: usize) {
        use std::fmt::Write;
        let pad = "  ".repeat(indent);
        out.push_str(&pad);
        if let Some(l) = &s.label {
            let _ = write!(out, "{l}: ");
        }
        match &s.kind {
            StmtKind::For(l) => {
                let v = &self.names[l.var.0 as usize];
                let _ = write!(out, "for ({v} = ");
                self.expr(out, &l.init);
                let _ = write!(out, "; {v} {} ", l.cond.op.symbol());
                // `i < (n > 1 ? n : 1)`: the bound binds tighter than the comparison.
                if l.cond.bound.c_precedence() <= l.cond.op.precedence() {
                    out.push('(');
                    self.expr(out, &l.cond.bound);
                    out.push(')');
                } else {
                    self.expr(out, &l.cond.bound);
                }
                match l.step {
                    1 => {
                        let _ = write!(out, "; {v}++) ");
                    }
                    -1 => {
                        let _ = write!(out, "; {v}--) ");
                    }
                    s if s > 0 => {
                        let _ = write!(out, "; {v} += {s}) ");
                    }
                    s => {
                        let _ = write!(out, "; {v} -= {}) ", s.unsigned_abs());
                    }
                }
                self.block(out, &l.body, indent);
                out.push('\n');
            }
            StmtKind::If(c, t, e) => {
                out.push_str("if (");
                self.expr(out, c);
                out.push_str(") ");
                self.block(out, t, indent);
                if !e.is_empty() {
                    out.push_str(" else ");
                    self.block(out, e, indent);
                }
                out.push('\n');
            }
            StmtKind::Assign(lv, v) => {
                match lv {
                    LValue::Var(x) => out.push_str(&self.names[x.0 as usize]),
                    LValue::Elem(a, idx) => self.element(out, *a, idx),
                }
                out.push_str(" = ");
                self.expr(out, v);
                out.push_str(";\n");
            }
            StmtKind::Block(b) => {
                self.block(out, b, indent);
                out.push('\n');
            }
        }
    }
}

impl fmt::Display for Function {
    /// The function as C, with every conversion written as a cast.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.print(&Printer::new(self), &self.name))
    }
}

impl Function {
    /// The pure functions the function calls ([`ExprKind::Pure`]), each once, in the order of
    /// their first call; with `nested`, also those their definitions call, callees first.
    pub fn pure_fns(&self, nested: bool) -> Vec<Arc<PureFn>> {
        fn add(out: &mut Vec<Arc<PureFn>>, p: Arc<PureFn>) {
            if !out.iter().any(|q| q.name == p.name) {
                out.push(p);
            }
        }
        fn expr(e: &Expr, out: &mut Vec<Arc<PureFn>>, nested: bool) {
            if let ExprKind::Pure(p, _) = &e.kind
                && !out.iter().any(|q| q.name == p.name)
            {
                if nested && let Some(d) = &p.definition {
                    for q in d.pure_fns(true) {
                        add(out, q);
                    }
                }
                add(out, p.clone());
            }
            for c in e.children() {
                expr(c, out, nested);
            }
        }
        fn stmts(body: &[Stmt], out: &mut Vec<Arc<PureFn>>, nested: bool) {
            for s in body {
                match &s.kind {
                    StmtKind::For(l) => {
                        expr(&l.init, out, nested);
                        expr(&l.cond.bound, out, nested);
                        stmts(&l.body, out, nested);
                    }
                    StmtKind::If(c, t, e) => {
                        expr(c, out, nested);
                        stmts(t, out, nested);
                        stmts(e, out, nested);
                    }
                    StmtKind::Assign(lv, v) => {
                        if let LValue::Elem(_, idx) = lv {
                            for i in idx {
                                expr(i, out, nested);
                            }
                        }
                        expr(v, out, nested);
                    }
                    StmtKind::Block(b) => stmts(b, out, nested),
                }
            }
        }
        let mut out = Vec::new();
        for a in &self.arrays {
            for d in &a.dims {
                if let Dim::Expr(e) = d {
                    expr(e, &mut out, nested);
                }
            }
        }
        stmts(&self.body, &mut out, nested);
        out
    }

    /// The C declarations generated C needs before the function: for every pure function it
    /// calls (and those they call), a prototype, then the definitions the source gave (as
    /// `static`). Empty when it calls none.
    pub fn c_pure_declarations(&self) -> String {
        use std::fmt::Write;
        let pures = self.pure_fns(true);
        let mut out = String::new();
        for p in &pures {
            let params: Vec<String> = p.params.iter().map(|t| t.to_string()).collect();
            let params = if params.is_empty() {
                "void".to_string()
            } else {
                params.join(", ")
            };
            let storage = if p.definition.is_some() {
                "static "
            } else {
                ""
            };
            let _ = writeln!(out, "{storage}{} {}({params});", p.ret, p.name);
        }
        for p in &pures {
            if let Some(d) = &p.definition {
                let _ = write!(out, "static {}", d.to_c(&p.name));
            }
        }
        out
    }

    /// The function as C that a C compiler accepts, named `name`: every conversion written as a
    /// cast, and variables that share a name (two loops over `i`) given distinct names.
    pub fn to_c(&self, name: &str) -> String {
        self.print(&Printer::distinct(self), name)
    }

    /// `void name(...)` with this function's parameters as declared.
    pub fn c_signature(&self, name: &str) -> String {
        self.signature(&Printer::new(self), name)
    }

    fn signature(&self, p: &Printer<'_>, name: &str) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|param| match *param {
                Param::Scalar(v) => format!("{} {}", self.var(v).ty, p.names[v.0 as usize]),
                Param::Array(a) => p.declaration(a),
            })
            .collect();
        format!("{} {name}({})", self.return_type(), params.join(", "))
    }

    /// The C return type: `void`, or the element type of the return slot.
    pub fn return_type(&self) -> String {
        match self.ret {
            Some(r) => self.array(r).elem.to_string(),
            None => "void".into(),
        }
    }

    fn print(&self, p: &Printer<'_>, name: &str) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(out, "{} {{", self.signature(p, name));
        for (k, v) in self.vars.iter().enumerate() {
            if v.kind == VarKind::Local {
                let _ = writeln!(out, "  {} {};", v.ty, p.names[k]);
            }
        }
        for (k, a) in self.arrays.iter().enumerate() {
            if a.kind == ArrayKind::Local {
                let _ = writeln!(out, "  {};", p.declaration(ArrayId(k as u32)));
            }
        }
        p.stmts(&mut out, &self.body, 1);
        if let Some(r) = self.ret {
            let _ = writeln!(out, "  return {}[0];", p.arrays[r.0 as usize]);
        }
        out.push_str("}\n");
        out
    }

    /// An expression printed as C, with this function's names.
    pub fn expr_to_string(&self, e: &Expr) -> String {
        let mut out = String::new();
        Printer::new(self).expr(&mut out, e);
        out
    }
}

impl crate::expr::CLeaves<IrLeaf> for Printer<'_> {
    fn leaf(&self, out: &mut String, leaf: &IrLeaf, _ty: Type) {
        match leaf {
            IrLeaf::Var(v) => out.push_str(&self.names[v.0 as usize]),
            IrLeaf::Read(a, idx) => self.element(out, *a, idx),
        }
    }

    /// The C a compiler reads (`Function::to_c`) guards against its folds; messages and
    /// `Display` print plain casts.
    fn for_compiler(&self) -> bool {
        self.flat
    }
}
