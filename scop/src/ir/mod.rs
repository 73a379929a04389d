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
//!
//! # Design notes
//!
//! - **Program IR** (`types.rs`, `ir/`). `Function` with typed parameters (`Param::Scalar`,
//!   `Param::Array`), scalars (`Var`), arrays with a shape (`Dim::Const`, `Dim::Expr` for C99
//!   variable-length sizes, `Dim::Unknown` for the outermost size of a pointer or `A[][m]`) and a
//!   kind (`Param`, `Pointer`, `Local`; parameters are live-out), statements (`For` with an
//!   iterator, init, `LoopCond { op, bound, ty }` and a constant step; `If`; `Assign`; `Block`),
//!   each with an optional C label (a loop tag) and source position. A function that returns a
//!   value has a *return slot* (`Function::ret`): a local array of one element, which the front
//!   end's `return e;` (the function's last statement; `FunctionBuilder::return_value` in the API)
//!   stores into. Every stage sees an ordinary array (the model marks it live-out, so no pass
//!   removes its store); the interpreter and `Kernel::run` hand the value back in
//!   `Args::returned` (`Kernel::call_value` on slices), C returns it, and the run contract adds a
//!   `return HASH` line. **Pure calls.** `ExprKind::Pure(Arc<PureFn>, args)` calls a user
//!   function declared `__attribute__((const))`: its name and signature, an optional
//!   implementation (`PureImpl`, a Rust closure of the argument `Value`s; every call site shares
//!   the one `Arc`) and an optional definition (the IR of the source's definition). The model
//!   treats a call as an opaque operation on its arguments, like `sqrt` (no access, so passes may
//!   duplicate or reorder it). The front end binds `FrontendConfig::pures` by name, else the
//!   source's definition run by the interpreter; C text prints a prototype, and the definition
//!   as `static` when there is one, so generated C is complete. Native code
//!   (`Lowering::call_pure`) puts the arguments in a stack slot and calls a definition whose only
//!   array is its return slot as faithful code compiled into the same module (the slot is its
//!   argument block), anything else through `jit::call_pure` (a Rust `extern "C"` trampoline given
//!   the `PureFn`'s address, which `Compiled` keeps alive); a failing implementation leaves
//!   through the error exit (`Status::Call`, `KernelError::Call` naming it). Chosen over calling
//!   native function pointers because one Rust closure serves the interpreter, every thread of
//!   native code and embedders alike; the cost is an indirect call per instance. **Invariant: every C conversion
//!   is explicit.** The constructors on `Expr` (the builder API other compilers use) apply the integer
//!   promotions and usual arithmetic conversions by inserting `Cast` nodes, so an arithmetic `Binary`
//!   always has operands of its own type; interpreters and code generators never decide a
//!   conversion. Compound assignments and `x++` are sugar for `x = (T)(x op v)` (exact: subscripts
//!   have no side effects). `Function::to_c(name)` prints a C function a compiler accepts (variables
//!   that share a name get a suffix, and elements of arrays with several dimensions are indexed
//!   flat, `((double *)A)[(long)(i) * 20L + (j)]`, because the IR lets an inner subscript run past
//!   its dimension inside the buffer and C does not: gcc bounds loops by declared sizes, found by
//!   the random programs): the fallback of versioned C. The model's C keeps `A[i][j]`: it runs
//!   only where the IB assumption holds. Expression trees are at most `MAX_DEPTH` (512) deep, checked by the
//!   constructors, so walks may recurse safely; `Function::validate` checks hand-built IR. `Display`
//!   prints C with every conversion as a cast.

use crate::types::Type;
use std::fmt;
use std::sync::Arc;

mod print;
pub use print::CNames;
mod validate;

pub use crate::expr::MAX_DEPTH;

/// A scalar variable: parameter, local or loop iterator. Indexes [`Function::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// An array: parameter or local. Indexes [`Function::arrays`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrayId(pub u32);

crate::impl_id!(VarId, ArrayId);

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
    pub vars: crate::id::IdVec<VarId, Var>,
    /// All arrays, indexed by [`ArrayId`].
    pub arrays: crate::id::IdVec<ArrayId, Array>,
    /// The body.
    pub body: Vec<Stmt>,
    /// For a function that returns a value (`double f(...) { ...; return s; }`): the local
    /// array of one element whose content after the body is the value. The front end lowers
    /// `return e;` (the function's last statement) to `NAME[0] = e;` into it, so every stage
    /// treats it as an array that is live-out; the interpreter and native code hand the value
    /// back in [`Args::returned`](crate::interp::Args::returned), and C returns it.
    pub ret: Option<ArrayId>,
    /// Whether the C definition is `static` (internal linkage): C generated for the function
    /// keeps it, so that rewritten files of one program define no external symbol twice.
    pub is_static: bool,
    /// Array parameters that stand for objects of the same name declared at file scope (a
    /// kernel made of a file's `#pragma scop` region, [`crate::frontend::Pass::Global`]): C
    /// generated for the function takes no parameter for them and names the objects, so that
    /// the C compiler keeps knowing their extent, alignment and that no other name reaches
    /// them. Every other consumer (the interpreter, native code) takes them as parameters.
    pub file_scope: Vec<ArrayId>,
    /// The wrap-around scalars the front end peeled loops for (`frontend::wrap`): a loop's
    /// first iteration written before it, the scalar read from the iteration before in the
    /// others. The function's loops are then not the program's as written, so C made of it
    /// adds something the C compiler does not do.
    pub peeled: Vec<VarId>,
    /// The floating counters the front end computed from their loop's counter
    /// (`frontend::counted`): `x = 0; ... x = x + 1;` read as `(float)(i + 1)`, exact while
    /// the values are integers the type holds. As with `peeled`, the loops are then not the
    /// program's as written. Also the integer counters of loop nests (`frontend::induction`):
    /// `k = 1; ... k++;` read as `(int)(1 + 256 * i + j)`.
    pub counted: Vec<VarId>,
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

/// The pure math functions of the C library the IR knows, each in `double` (`sin`) and in
/// `float` (`sinf`). The interpreter, native code and C text all call the C library's own
/// function ([`MathFn::address`]), so their results are the ones compiled C gets, bit for bit.
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
    /// `sin`
    Sin,
    /// `cos`
    Cos,
    /// `tan`
    Tan,
    /// `asin`
    Asin,
    /// `acos`
    Acos,
    /// `atan`
    Atan,
    /// `atan2`
    Atan2,
    /// `sinh`
    Sinh,
    /// `cosh`
    Cosh,
    /// `tanh`
    Tanh,
    /// `exp2`
    Exp2,
    /// `log2`
    Log2,
    /// `log10`
    Log10,
    /// `cbrt`
    Cbrt,
    /// `hypot`
    Hypot,
    /// `fmod`
    Fmod,
    /// `trunc`
    Trunc,
    /// `round`
    Round,
    /// `fma`: `x * y + z` rounded once (C99), what a contracted program
    /// ([`Function::contracted`]) computes for `x * y + z`.
    Fma,
}

impl MathFn {
    /// Every math function, in the order of the enum.
    pub const ALL: [MathFn; 28] = [
        MathFn::Sqrt,
        MathFn::Exp,
        MathFn::Log,
        MathFn::Pow,
        MathFn::Fabs,
        MathFn::Fmin,
        MathFn::Fmax,
        MathFn::Floor,
        MathFn::Ceil,
        MathFn::Sin,
        MathFn::Cos,
        MathFn::Tan,
        MathFn::Asin,
        MathFn::Acos,
        MathFn::Atan,
        MathFn::Atan2,
        MathFn::Sinh,
        MathFn::Cosh,
        MathFn::Tanh,
        MathFn::Exp2,
        MathFn::Log2,
        MathFn::Log10,
        MathFn::Cbrt,
        MathFn::Hypot,
        MathFn::Fmod,
        MathFn::Trunc,
        MathFn::Round,
        MathFn::Fma,
    ];

    /// The `double` function's C name.
    pub fn base_name(self) -> &'static str {
        match self {
            MathFn::Sqrt => "sqrt",
            MathFn::Exp => "exp",
            MathFn::Log => "log",
            MathFn::Pow => "pow",
            MathFn::Fabs => "fabs",
            MathFn::Fmin => "fmin",
            MathFn::Fmax => "fmax",
            MathFn::Floor => "floor",
            MathFn::Ceil => "ceil",
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
            MathFn::Tan => "tan",
            MathFn::Asin => "asin",
            MathFn::Acos => "acos",
            MathFn::Atan => "atan",
            MathFn::Atan2 => "atan2",
            MathFn::Sinh => "sinh",
            MathFn::Cosh => "cosh",
            MathFn::Tanh => "tanh",
            MathFn::Exp2 => "exp2",
            MathFn::Log2 => "log2",
            MathFn::Log10 => "log10",
            MathFn::Cbrt => "cbrt",
            MathFn::Hypot => "hypot",
            MathFn::Fmod => "fmod",
            MathFn::Trunc => "trunc",
            MathFn::Round => "round",
            MathFn::Fma => "fma",
        }
    }

    /// The function and its precision for a C name: `sqrt` is double, `sqrtf` float.
    pub fn from_name(name: &str) -> Option<(MathFn, Type)> {
        MathFn::ALL.into_iter().find_map(|f| {
            if name == f.base_name() {
                Some((f, Type::F64))
            } else if name.strip_suffix('f') == Some(f.base_name()) {
                Some((f, Type::F32))
            } else {
                None
            }
        })
    }

    /// The number of arguments.
    pub fn arity(self) -> usize {
        match self {
            MathFn::Pow
            | MathFn::Fmin
            | MathFn::Fmax
            | MathFn::Atan2
            | MathFn::Hypot
            | MathFn::Fmod => 2,
            MathFn::Fma => 3,
            _ => 1,
        }
    }

    /// The C name for arguments of type `ty` (`sqrt` or `sqrtf`).
    pub fn c_name(self, ty: Type) -> String {
        if ty == Type::F32 {
            format!("{}f", self.base_name())
        } else {
            self.base_name().to_string()
        }
    }

    /// The C names of every math function, `double` ones first: what an error lists.
    pub fn names() -> String {
        let names: Vec<&str> = MathFn::ALL.iter().map(|f| f.base_name()).collect();
        names.join(", ")
    }

    /// The address of the C library's function for arguments of type `ty` (`F32` or `F64`):
    /// what native code binds the import to.
    pub fn address(self, ty: Type) -> *const u8 {
        match libm::of(self, ty == Type::F32) {
            libm::Imp::D1(f) => f as *const u8,
            libm::Imp::D2(f) => f as *const u8,
            libm::Imp::S1(f) => f as *const u8,
            libm::Imp::S2(f) => f as *const u8,
            libm::Imp::D3(f) => f as *const u8,
            libm::Imp::S3(f) => f as *const u8,
        }
    }

    /// The C library's value of the function on `double` arguments (missing ones are NaN).
    pub fn eval_f64(self, args: &[f64]) -> f64 {
        let a = |i: usize| args.get(i).copied().unwrap_or(f64::NAN);
        // SAFETY: pure functions of the C library on plain doubles.
        unsafe {
            match libm::of(self, false) {
                libm::Imp::D1(f) => f(a(0)),
                libm::Imp::D2(f) => f(a(0), a(1)),
                libm::Imp::D3(f) => f(a(0), a(1), a(2)),
                _ => f64::NAN,
            }
        }
    }

    /// The C library's value of the `float` function (`sinf`) on `float` arguments (missing
    /// ones are NaN).
    pub fn eval_f32(self, args: &[f32]) -> f32 {
        let a = |i: usize| args.get(i).copied().unwrap_or(f32::NAN);
        // SAFETY: pure functions of the C library on plain floats.
        unsafe {
            match libm::of(self, true) {
                libm::Imp::S1(f) => f(a(0)),
                libm::Imp::S2(f) => f(a(0), a(1)),
                libm::Imp::S3(f) => f(a(0), a(1), a(2)),
                _ => f32::NAN,
            }
        }
    }
}

/// The C library's math functions, declared here once for the interpreter and native code.
mod libm {
    use super::MathFn;

    unsafe extern "C" {
        fn sqrt(x: f64) -> f64;
        fn sqrtf(x: f32) -> f32;
        fn exp(x: f64) -> f64;
        fn expf(x: f32) -> f32;
        fn log(x: f64) -> f64;
        fn logf(x: f32) -> f32;
        fn fabs(x: f64) -> f64;
        fn fabsf(x: f32) -> f32;
        fn floor(x: f64) -> f64;
        fn floorf(x: f32) -> f32;
        fn ceil(x: f64) -> f64;
        fn ceilf(x: f32) -> f32;
        fn sin(x: f64) -> f64;
        fn sinf(x: f32) -> f32;
        fn cos(x: f64) -> f64;
        fn cosf(x: f32) -> f32;
        fn tan(x: f64) -> f64;
        fn tanf(x: f32) -> f32;
        fn asin(x: f64) -> f64;
        fn asinf(x: f32) -> f32;
        fn acos(x: f64) -> f64;
        fn acosf(x: f32) -> f32;
        fn atan(x: f64) -> f64;
        fn atanf(x: f32) -> f32;
        fn sinh(x: f64) -> f64;
        fn sinhf(x: f32) -> f32;
        fn cosh(x: f64) -> f64;
        fn coshf(x: f32) -> f32;
        fn tanh(x: f64) -> f64;
        fn tanhf(x: f32) -> f32;
        fn exp2(x: f64) -> f64;
        fn exp2f(x: f32) -> f32;
        fn log2(x: f64) -> f64;
        fn log2f(x: f32) -> f32;
        fn log10(x: f64) -> f64;
        fn log10f(x: f32) -> f32;
        fn cbrt(x: f64) -> f64;
        fn cbrtf(x: f32) -> f32;
        fn trunc(x: f64) -> f64;
        fn truncf(x: f32) -> f32;
        fn round(x: f64) -> f64;
        fn roundf(x: f32) -> f32;
        fn pow(x: f64, y: f64) -> f64;
        fn powf(x: f32, y: f32) -> f32;
        fn fmin(x: f64, y: f64) -> f64;
        fn fminf(x: f32, y: f32) -> f32;
        fn fmax(x: f64, y: f64) -> f64;
        fn fmaxf(x: f32, y: f32) -> f32;
        fn atan2(x: f64, y: f64) -> f64;
        fn atan2f(x: f32, y: f32) -> f32;
        fn hypot(x: f64, y: f64) -> f64;
        fn hypotf(x: f32, y: f32) -> f32;
        fn fmod(x: f64, y: f64) -> f64;
        fn fmodf(x: f32, y: f32) -> f32;
        fn fma(x: f64, y: f64, z: f64) -> f64;
        fn fmaf(x: f32, y: f32, z: f32) -> f32;
    }

    /// A function of the C library by its arity and precision.
    #[derive(Clone, Copy)]
    pub(super) enum Imp {
        D1(unsafe extern "C" fn(f64) -> f64),
        D2(unsafe extern "C" fn(f64, f64) -> f64),
        S1(unsafe extern "C" fn(f32) -> f32),
        S2(unsafe extern "C" fn(f32, f32) -> f32),
        D3(unsafe extern "C" fn(f64, f64, f64) -> f64),
        S3(unsafe extern "C" fn(f32, f32, f32) -> f32),
    }

    /// The C library's `f` (`float` when `single`): the function of the shared C math library
    /// (`libm.so.6`, else the process's global symbol of that name), which is what a C
    /// program linked with `-lm` calls. The symbol this crate links is taken only where
    /// neither is found: Rust's `compiler_builtins` defines some math functions (`cbrt`,
    /// `fmod`, ...) in the executable itself, ports of musl's, and `cbrt` there differs from
    /// glibc's in the last bit.
    pub(super) fn of(f: MathFn, single: bool) -> Imp {
        static RESOLVED: std::sync::OnceLock<Vec<Imp>> = std::sync::OnceLock::new();
        let table = RESOLVED.get_or_init(|| {
            MathFn::ALL
                .iter()
                .flat_map(|f| [(*f, false), (*f, true)])
                .map(|(f, single)| resolve(f, single))
                .collect()
        });
        let at = MathFn::ALL.iter().position(|g| *g == f).unwrap_or(0) * 2 + usize::from(single);
        table.get(at).copied().unwrap_or_else(|| linked(f, single))
    }

    /// The shared library's function, else the linked one.
    #[cfg(unix)]
    fn resolve(f: MathFn, single: bool) -> Imp {
        use std::ffi::CString;
        let linked = linked(f, single);
        let name = f.c_name(if single {
            crate::Type::F32
        } else {
            crate::Type::F64
        });
        let Ok(name) = CString::new(name) else {
            return linked;
        };
        // SAFETY: dlopen/dlsym with valid C strings; a handle of a loaded library stays
        // valid (it is never closed), and the symbol found is the C library's function of
        // exactly the prototype `linked` has.
        unsafe {
            let mut p = std::ptr::null_mut();
            for lib in [c"libm.so.6", c"libm.so"] {
                let handle = libc::dlopen(lib.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL);
                if !handle.is_null() {
                    p = libc::dlsym(handle, name.as_ptr());
                    if !p.is_null() {
                        break;
                    }
                }
            }
            if p.is_null() {
                p = libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr());
            }
            if p.is_null() {
                return linked;
            }
            match linked {
                Imp::D1(_) => Imp::D1(std::mem::transmute::<
                    *mut libc::c_void,
                    unsafe extern "C" fn(f64) -> f64,
                >(p)),
                Imp::D2(_) => Imp::D2(std::mem::transmute::<
                    *mut libc::c_void,
                    unsafe extern "C" fn(f64, f64) -> f64,
                >(p)),
                Imp::S1(_) => Imp::S1(std::mem::transmute::<
                    *mut libc::c_void,
                    unsafe extern "C" fn(f32) -> f32,
                >(p)),
                Imp::S2(_) => Imp::S2(std::mem::transmute::<
                    *mut libc::c_void,
                    unsafe extern "C" fn(f32, f32) -> f32,
                >(p)),
                Imp::D3(_) => Imp::D3(std::mem::transmute::<
                    *mut libc::c_void,
                    unsafe extern "C" fn(f64, f64, f64) -> f64,
                >(p)),
                Imp::S3(_) => Imp::S3(std::mem::transmute::<
                    *mut libc::c_void,
                    unsafe extern "C" fn(f32, f32, f32) -> f32,
                >(p)),
            }
        }
    }

    /// The linked function (no dynamic loader to ask).
    #[cfg(not(unix))]
    fn resolve(f: MathFn, single: bool) -> Imp {
        linked(f, single)
    }

    /// The function this crate links.
    fn linked(f: MathFn, single: bool) -> Imp {
        match (f, single) {
            (MathFn::Sqrt, false) => Imp::D1(sqrt),
            (MathFn::Sqrt, true) => Imp::S1(sqrtf),
            (MathFn::Exp, false) => Imp::D1(exp),
            (MathFn::Exp, true) => Imp::S1(expf),
            (MathFn::Log, false) => Imp::D1(log),
            (MathFn::Log, true) => Imp::S1(logf),
            (MathFn::Fabs, false) => Imp::D1(fabs),
            (MathFn::Fabs, true) => Imp::S1(fabsf),
            (MathFn::Floor, false) => Imp::D1(floor),
            (MathFn::Floor, true) => Imp::S1(floorf),
            (MathFn::Ceil, false) => Imp::D1(ceil),
            (MathFn::Ceil, true) => Imp::S1(ceilf),
            (MathFn::Sin, false) => Imp::D1(sin),
            (MathFn::Sin, true) => Imp::S1(sinf),
            (MathFn::Cos, false) => Imp::D1(cos),
            (MathFn::Cos, true) => Imp::S1(cosf),
            (MathFn::Tan, false) => Imp::D1(tan),
            (MathFn::Tan, true) => Imp::S1(tanf),
            (MathFn::Asin, false) => Imp::D1(asin),
            (MathFn::Asin, true) => Imp::S1(asinf),
            (MathFn::Acos, false) => Imp::D1(acos),
            (MathFn::Acos, true) => Imp::S1(acosf),
            (MathFn::Atan, false) => Imp::D1(atan),
            (MathFn::Atan, true) => Imp::S1(atanf),
            (MathFn::Sinh, false) => Imp::D1(sinh),
            (MathFn::Sinh, true) => Imp::S1(sinhf),
            (MathFn::Cosh, false) => Imp::D1(cosh),
            (MathFn::Cosh, true) => Imp::S1(coshf),
            (MathFn::Tanh, false) => Imp::D1(tanh),
            (MathFn::Tanh, true) => Imp::S1(tanhf),
            (MathFn::Exp2, false) => Imp::D1(exp2),
            (MathFn::Exp2, true) => Imp::S1(exp2f),
            (MathFn::Log2, false) => Imp::D1(log2),
            (MathFn::Log2, true) => Imp::S1(log2f),
            (MathFn::Log10, false) => Imp::D1(log10),
            (MathFn::Log10, true) => Imp::S1(log10f),
            (MathFn::Cbrt, false) => Imp::D1(cbrt),
            (MathFn::Cbrt, true) => Imp::S1(cbrtf),
            (MathFn::Trunc, false) => Imp::D1(trunc),
            (MathFn::Trunc, true) => Imp::S1(truncf),
            (MathFn::Round, false) => Imp::D1(round),
            (MathFn::Round, true) => Imp::S1(roundf),
            (MathFn::Pow, false) => Imp::D2(pow),
            (MathFn::Pow, true) => Imp::S2(powf),
            (MathFn::Fmin, false) => Imp::D2(fmin),
            (MathFn::Fmin, true) => Imp::S2(fminf),
            (MathFn::Fmax, false) => Imp::D2(fmax),
            (MathFn::Fmax, true) => Imp::S2(fmaxf),
            (MathFn::Atan2, false) => Imp::D2(atan2),
            (MathFn::Atan2, true) => Imp::S2(atan2f),
            (MathFn::Hypot, false) => Imp::D2(hypot),
            (MathFn::Hypot, true) => Imp::S2(hypotf),
            (MathFn::Fmod, false) => Imp::D2(fmod),
            (MathFn::Fmod, true) => Imp::S2(fmodf),
            (MathFn::Fma, false) => Imp::D3(fma),
            (MathFn::Fma, true) => Imp::S3(fmaf),
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
    /// The function contracted: every floating `x * y + z` of its statements and conditions
    /// computed as `fma(x, y, z)`, rounded once ([`Expr::contracted`] says which). What
    /// `NativeOptions::contract` compiles, and what the interpreter runs as its reference:
    /// the results are this function's, bit for bit, on every back end.
    pub fn contracted(&self) -> Result<Function, IrError> {
        fn walk(body: &mut [Stmt]) -> Result<(), IrError> {
            for s in body {
                match &mut s.kind {
                    StmtKind::For(f) => walk(&mut f.body)?,
                    StmtKind::If(c, then, els) => {
                        *c = c.contracted()?;
                        walk(then)?;
                        walk(els)?;
                    }
                    StmtKind::Assign(_, value) => *value = value.contracted()?,
                    StmtKind::Block(b) => walk(b)?,
                }
            }
            Ok(())
        }
        let mut f = self.clone();
        walk(&mut f.body)?;
        Ok(f)
    }

    /// The scalar `id`.
    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id]
    }

    /// The array `id`.
    pub fn array(&self, id: ArrayId) -> &Array {
        &self.arrays[id]
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

    /// The arrays some statement of the body stores to, in id order.
    pub fn written_arrays(&self) -> Vec<ArrayId> {
        fn walk(body: &[Stmt], out: &mut Vec<ArrayId>) {
            for s in body {
                match &s.kind {
                    StmtKind::For(l) => walk(&l.body, out),
                    StmtKind::If(_, a, b) => {
                        walk(a, out);
                        walk(b, out);
                    }
                    StmtKind::Block(b) => walk(b, out),
                    StmtKind::Assign(LValue::Elem(a, _), _) => out.push(*a),
                    StmtKind::Assign(LValue::Var(_), _) => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.body, &mut out);
        out.sort();
        out.dedup();
        out
    }

    /// Whether running the body may stop with an error that depends on the data and not only
    /// on the buffers given: an integer division or remainder by a value that is not a
    /// constant other than 0 and -1, or a call of a user's pure function.
    pub fn may_fail_on_data(&self) -> bool {
        fn expr(e: &Expr) -> bool {
            let risky = match &e.kind {
                ExprKind::Binary(BinOp::Div | BinOp::Rem, _, d) if !e.ty.is_float() => {
                    !matches!(d.kind, ExprKind::Int(v) if v != 0 && v != -1)
                }
                ExprKind::Pure(..) => true,
                _ => false,
            };
            risky || e.children().into_iter().any(expr)
        }
        fn stmts(body: &[Stmt]) -> bool {
            body.iter().any(|s| match &s.kind {
                StmtKind::For(l) => expr(&l.init) || expr(&l.cond.bound) || stmts(&l.body),
                StmtKind::If(c, a, b) => expr(c) || stmts(a) || stmts(b),
                StmtKind::Block(b) => stmts(b),
                StmtKind::Assign(LValue::Elem(_, idx), v) => idx.iter().any(expr) || expr(v),
                StmtKind::Assign(LValue::Var(_), v) => expr(v),
            })
        }
        stmts(&self.body)
            || self
                .arrays
                .iter()
                .any(|a| a.dims.iter().any(|d| matches!(d, Dim::Expr(e) if expr(e))))
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
}
