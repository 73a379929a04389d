//! Random C kernels as proptest strategies.
//!
//! A [`Program`] is data that always prints as a valid kernel: every reference (an iterator,
//! an array, a subscript per dimension) is an index that is resolved when the program is
//! printed, modulo what exists there (the loops around, the arrays declared, the array's rank).
//! So proptest can shrink any part (drop a statement, unwrap a loop, lower a number) and the
//! result still prints as a kernel, which is what makes shrinking useful.
//!
//! Values stay small on purpose: parameters `n`, `m` in `0..=7`, loop iterators in `0..=9`,
//! subscripts in `0..=20` mostly. A program may still access outside its arrays or overflow;
//! then the interpreter says so and the program has no reference (see [`crate::check`]).

use proptest::collection::vec;
use proptest::prelude::*;
use std::fmt::Write;

/// An element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// `double`
    F64,
    /// `float`
    F32,
    /// `int`
    I32,
    /// `unsigned char`
    U8,
    /// `long`
    I64,
}

impl Elem {
    fn c(self) -> &'static str {
        match self {
            Elem::F64 => "double",
            Elem::F32 => "float",
            Elem::I32 => "int",
            Elem::U8 => "unsigned char",
            Elem::I64 => "long",
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Elem::F64 | Elem::F32)
    }
}

/// How an array is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `A[24]`
    Fixed1,
    /// `A[20][20]`
    Fixed2,
    /// `A[10][10][10]`
    Fixed3,
    /// `A[n + 20]` (a C99 variable-length array parameter)
    Vla1,
    /// `A[n + 16][m + 16]`
    Vla2,
    /// `E *A` with 480 elements, read and written as `A[s]` or linearized `A[s0 * W + s1]`
    /// with `W` the constant 20 (`wide == false`) or `m + 16`.
    Flat {
        /// Whether the row length is `m + 16` instead of 20.
        wide: bool,
    },
    /// The local variable-length array `V[n + 12]`, written by a first loop.
    LocalVla,
}

impl Shape {
    /// The subscripts an access takes.
    fn rank(self) -> usize {
        match self {
            Shape::Fixed1 | Shape::Vla1 | Shape::LocalVla => 1,
            Shape::Fixed2 | Shape::Vla2 => 2,
            Shape::Fixed3 => 3,
            Shape::Flat { .. } => 2,
        }
    }
}

/// An array parameter (or the local array).
#[derive(Clone, Debug)]
pub struct Array {
    /// Element type.
    pub elem: Elem,
    /// Declaration.
    pub shape: Shape,
}

/// A subscript; iterators are indices into the loops around, resolved when printed.
#[derive(Clone, Debug)]
pub enum Idx {
    /// `i + d`
    It(u8, u8),
    /// `i - d` (`d` in 1..=2: out of bounds where `i` is small, unless the loop starts later)
    Back(u8, u8),
    /// `2 * i + d`
    Twice(u8, u8),
    /// `9 - i`
    Rev(u8),
    /// `i + j`
    Sum(u8, u8),
    /// `i * j % 7` (not affine)
    Mod(u8, u8),
    /// `L[i] % 8`: read from the read-only index array (not affine)
    Indirect(u8),
    /// a constant
    Const(u8),
}

/// A binary operator.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` by a constant
    DivConst(u8),
    /// `/` by an integer constant, also in floating context (`x / 3` with `x` a `double`)
    DivInt(u8),
}

/// The functions declared `__attribute__((const))` that [`Expr::Pure`] calls, printed before
/// every kernel.
const PURE_FUNCTIONS: &str = "\
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
";

/// An expression; array and scalar references are indices resolved when printed.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A read of an array (index into the arrays) with its subscripts.
    Read(u8, Vec<Idx>),
    /// A constant (`k / 4.0` in floating context, `k` in integer context).
    Const(u8),
    /// `alpha` (floating context) or `n` / `m` (integer context).
    Param(u8),
    /// An iterator.
    It(u8),
    /// A local scalar (`s0` double, `s1` int).
    Scalar(u8),
    /// A binary operation.
    Bin(Op, Box<Expr>, Box<Expr>),
    /// `-e`
    Neg(Box<Expr>),
    /// `sqrt(fabs(e))` in floating context.
    Math(Box<Expr>),
    /// A call of a function declared `__attribute__((const))` and defined before the kernel
    /// (`optimist_wave` in floating context, `optimist_tri` in integer context).
    Pure(Box<Expr>),
    /// An integer expression inside a floating one (`(i + i) / 3` in `x * ((i + i) / 3)`):
    /// integer division and C's conversions in one expression.
    IntIn(Box<Expr>),
}

/// What an assignment writes.
#[derive(Clone, Debug)]
pub enum Target {
    /// An array element (index into the arrays, the local one included).
    Array(u8, Vec<Idx>),
    /// A local scalar.
    Scalar(u8),
}

/// `=`, `+=`, `-=`, `*=` (`*=` only into floating targets; else `+=`).
#[derive(Clone, Copy, Debug)]
pub enum AssignOp {
    /// `=`
    Set,
    /// `=` of a value of the other kind (a floating value into an integer target, converted
    /// on assignment, or an integer value into a floating one)
    SetConverted,
    /// `+=`
    Add,
    /// `-=`
    Sub,
    /// `*=`
    Mul,
}

/// A condition of an `if`.
#[derive(Clone, Debug)]
pub enum Cond {
    /// `i > j`
    Greater(u8, u8),
    /// `i % 2 == 0`
    Even(u8),
    /// `i + j < n`
    SumBelowN(u8, u8),
    /// `e > 0.5` (data-dependent)
    Data(Expr),
}

/// A loop's lower bound.
#[derive(Clone, Debug)]
pub enum Lo {
    /// a constant `0..=2`
    Const(u8),
    /// an outer iterator (triangular)
    Outer(u8),
}

/// A loop's (exclusive) upper bound.
#[derive(Clone, Debug)]
pub enum Hi {
    /// a constant `1..=9`
    Const(u8),
    /// `n`
    N,
    /// `n + 2` (with a start of 2, the loops of `i - 2` subscripts)
    N2,
    /// `m + 2`
    M2,
    /// an outer iterator plus one (triangular)
    Outer(u8),
    /// `L[k] % 9`: loaded from memory
    Loaded(u8),
}

/// How the loop is written.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    /// `for (int i = lo; i < hi; i++)`
    Up,
    /// `for (int i = lo; i < hi; i += s)` with `s` in 2..=3
    Strided(u8),
    /// `for (int i = hi - 1; i >= lo; i--)`
    Down,
    /// `for (long i = lo; i <= hi - 1; ++i)`
    LongInclusive,
    /// `int i = lo; while (i < hi) { ...; i++; }`
    While,
}

/// A statement.
#[derive(Clone, Debug)]
pub enum Stmt {
    /// An assignment.
    Assign(Target, AssignOp, Expr),
    /// A loop.
    For(Lo, Hi, Style, Vec<Stmt>),
    /// A conditional.
    If(Cond, Vec<Stmt>),
    /// A block declaring its own array `W[8]` of the element type (every such block names it
    /// `W`), filling it from the expression, running the statements, then adding it into the
    /// target (`W[k]`, or `W[7 - k]` when reversed).
    Local {
        /// `W`'s element type.
        elem: Elem,
        /// What `W[k]` is filled with (plus `k`).
        fill: Expr,
        /// The statements between.
        body: Vec<Stmt>,
        /// Where `W` is added to.
        into: Target,
        /// Whether `W` is read backwards.
        reversed: bool,
    },
}

/// A random kernel and its inputs.
#[derive(Clone, Debug)]
pub struct Program {
    /// The array parameters `A0`, `A1`, ...
    pub params: Vec<Array>,
    /// A local array `T`, fully written by a first loop nest.
    pub local: Option<Elem>,
    /// A local variable-length array `V[n + 12]`, written by a first loop (`V[i] = i * 0.5`)
    /// and then read and written like the others.
    pub vla: Option<Elem>,
    /// A last statement after every loop nest, `target = s0 + e;`: the scalars carried out of
    /// the nests are read after them.
    pub tail: Option<(Target, Expr)>,
    /// The statements.
    pub body: Vec<Stmt>,
    /// Values of `n` and `m`.
    pub n: u8,
    /// Value of `m`.
    pub m: u8,
    /// `alpha = (1 + alpha) / 4`.
    pub alpha: u8,
    /// `--alias A<b>=A<a>+off` when both have the same element type (indices resolved).
    pub alias: Option<(u8, u8, u8)>,
    /// Whether the body is in a `#pragma scop` region.
    pub pragma: bool,
    /// Whether the kernel returns `s0 + s1` (as a `double`).
    pub returns: bool,
}

fn elem() -> impl Strategy<Value = Elem> {
    prop_oneof![
        4 => Just(Elem::F64),
        2 => Just(Elem::F32),
        2 => Just(Elem::I32),
        1 => Just(Elem::U8),
        1 => Just(Elem::I64),
    ]
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Fixed2),
        Just(Shape::Fixed1),
        Just(Shape::Vla2),
        Just(Shape::Vla1),
        Just(Shape::Fixed3),
        any::<bool>().prop_map(|wide| Shape::Flat { wide }),
    ]
}

fn idx() -> impl Strategy<Value = Idx> {
    prop_oneof![
        6 => (0..4u8, 0..3u8).prop_map(|(i, d)| Idx::It(i, d)),
        1 => (0..4u8, 1..3u8).prop_map(|(i, d)| Idx::Back(i, d)),
        1 => (0..4u8, 0..3u8).prop_map(|(i, d)| Idx::Twice(i, d)),
        1 => (0..4u8).prop_map(Idx::Rev),
        1 => (0..4u8, 0..4u8).prop_map(|(i, j)| Idx::Sum(i, j)),
        1 => (0..4u8, 0..4u8).prop_map(|(i, j)| Idx::Mod(i, j)),
        1 => (0..4u8).prop_map(Idx::Indirect),
        1 => (0..10u8).prop_map(Idx::Const),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        4 => (0..5u8, vec(idx(), 3)).prop_map(|(a, s)| Expr::Read(a, s)),
        2 => (0..9u8).prop_map(Expr::Const),
        1 => (0..2u8).prop_map(Expr::Param),
        1 => (0..4u8).prop_map(Expr::It),
        1 => (0..2u8).prop_map(Expr::Scalar),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            4 => (op(), inner.clone(), inner.clone())
                .prop_map(|(o, a, b)| Expr::Bin(o, Box::new(a), Box::new(b))),
            1 => inner.clone().prop_map(|e| Expr::Neg(Box::new(e))),
            1 => inner.clone().prop_map(|e| Expr::Math(Box::new(e))),
            1 => inner.clone().prop_map(|e| Expr::IntIn(Box::new(e))),
            1 => inner.prop_map(|e| Expr::Pure(Box::new(e))),
        ]
    })
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        Just(Op::Add),
        Just(Op::Sub),
        Just(Op::Mul),
        (2..5u8).prop_map(Op::DivConst),
        (2..5u8).prop_map(Op::DivInt),
    ]
}

fn target() -> impl Strategy<Value = Target> {
    prop_oneof![
        5 => (0..5u8, vec(idx(), 3)).prop_map(|(a, s)| Target::Array(a, s)),
        1 => (0..2u8).prop_map(Target::Scalar),
    ]
}

fn assign() -> impl Strategy<Value = Stmt> {
    let target = target();
    let aop = prop_oneof![
        3 => Just(AssignOp::Set),
        1 => Just(AssignOp::SetConverted),
        2 => Just(AssignOp::Add),
        1 => Just(AssignOp::Sub),
        1 => Just(AssignOp::Mul),
    ];
    (target, aop, expr()).prop_map(|(t, o, e)| Stmt::Assign(t, o, e))
}

fn cond() -> impl Strategy<Value = Cond> {
    prop_oneof![
        (0..4u8, 0..4u8).prop_map(|(i, j)| Cond::Greater(i, j)),
        (0..4u8).prop_map(Cond::Even),
        (0..4u8, 0..4u8).prop_map(|(i, j)| Cond::SumBelowN(i, j)),
        expr().prop_map(Cond::Data),
    ]
}

fn lo() -> impl Strategy<Value = Lo> {
    prop_oneof![
        3 => (0..3u8).prop_map(Lo::Const),
        1 => (0..4u8).prop_map(Lo::Outer),
    ]
}

fn hi() -> impl Strategy<Value = Hi> {
    prop_oneof![
        2 => (1..10u8).prop_map(Hi::Const),
        3 => Just(Hi::N),
        1 => Just(Hi::N2),
        1 => Just(Hi::M2),
        1 => (0..4u8).prop_map(Hi::Outer),
        1 => (0..4u8).prop_map(Hi::Loaded),
    ]
}

fn style() -> impl Strategy<Value = Style> {
    prop_oneof![
        6 => Just(Style::Up),
        1 => (2..4u8).prop_map(Style::Strided),
        1 => Just(Style::Down),
        1 => Just(Style::LongInclusive),
        1 => Just(Style::While),
    ]
}

fn stmt() -> impl Strategy<Value = Stmt> {
    assign().prop_recursive(4, 16, 3, |inner| {
        prop_oneof![
            3 => (lo(), hi(), style(), vec(inner.clone(), 1..3))
                .prop_map(|(l, h, s, b)| Stmt::For(l, h, s, b)),
            1 => (cond(), vec(inner.clone(), 1..2)).prop_map(|(c, b)| Stmt::If(c, b)),
            1 => (
                prop_oneof![Just(Elem::F64), Just(Elem::F32), Just(Elem::I32)],
                expr(),
                vec(inner, 0..2),
                target(),
                any::<bool>(),
            )
                .prop_map(|(elem, fill, body, into, reversed)| Stmt::Local {
                    elem,
                    fill,
                    body,
                    into,
                    reversed
                }),
        ]
    })
}

/// The strategy of random kernels.
pub fn program() -> impl Strategy<Value = Program> {
    (
        vec(
            (elem(), shape()).prop_map(|(elem, shape)| Array { elem, shape }),
            1..4,
        ),
        (
            prop::option::weighted(0.2, elem()),
            prop::option::weighted(0.25, elem()),
        ),
        vec(stmt(), 1..5),
        prop::option::weighted(
            0.25,
            (
                prop_oneof![
                    5 => (0..6u8, vec(idx(), 3)).prop_map(|(a, s)| Target::Array(a, s)),
                    1 => (0..2u8).prop_map(Target::Scalar),
                ],
                expr(),
            ),
        ),
        (0..8u8, 0..8u8, 0..8u8),
        prop::option::weighted(0.15, (0..4u8, 0..4u8, 0..4u8)),
        (prop::bool::weighted(0.2), prop::bool::weighted(0.25)),
    )
        .prop_map(
            |(params, (local, vla), body, tail, (n, m, alpha), alias, (pragma, returns))| Program {
                params,
                local,
                vla,
                tail,
                body,
                n,
                m,
                alpha,
                alias,
                pragma,
                returns,
            },
        )
}

/// Printing state: the loops around (their iterator names) and the arrays.
struct Printer<'p> {
    p: &'p Program,
    out: String,
    loops: Vec<String>,
    next_loop: usize,
}

/// An array as printing sees it: name, element type, shape, and whether it may be written.
fn arrays(p: &Program) -> Vec<(String, Elem, Shape)> {
    let mut v: Vec<(String, Elem, Shape)> = p
        .params
        .iter()
        .enumerate()
        .map(|(k, a)| (format!("A{k}"), a.elem, a.shape))
        .collect();
    if let Some(e) = p.local {
        v.push(("T".into(), e, Shape::Fixed2));
    }
    if let Some(e) = p.vla {
        v.push(("V".into(), e, Shape::LocalVla));
    }
    v
}

impl Printer<'_> {
    fn it(&self, k: u8) -> Option<&str> {
        if self.loops.is_empty() {
            None
        } else {
            Some(&self.loops[k as usize % self.loops.len()])
        }
    }

    /// An iterator, or a constant outside loops.
    fn it_or(&self, k: u8) -> String {
        self.it(k)
            .map_or_else(|| (k % 3).to_string(), str::to_string)
    }

    fn idx(&self, i: &Idx) -> String {
        match i {
            Idx::It(k, d) => match d {
                0 => self.it_or(*k),
                _ => format!("{} + {d}", self.it_or(*k)),
            },
            Idx::Back(k, d) => format!("{} - {d}", self.it_or(*k)),
            Idx::Twice(k, d) => format!("2 * {} + {d}", self.it_or(*k)),
            Idx::Rev(k) => format!("9 - {}", self.it_or(*k)),
            Idx::Sum(a, b) => format!("{} + {}", self.it_or(*a), self.it_or(*b)),
            Idx::Mod(a, b) => format!("{} * {} % 7", self.it_or(*a), self.it_or(*b)),
            Idx::Indirect(k) => format!("L[{}] % 8", self.it_or(*k)),
            Idx::Const(c) => c.to_string(),
        }
    }

    fn access(&self, a: u8, subs: &[Idx]) -> (String, Elem) {
        let arrays = arrays(self.p);
        let (name, elem, shape) = &arrays[a as usize % arrays.len()];
        let sub = |k: usize| subs.get(k).map_or_else(|| "0".to_string(), |i| self.idx(i));
        let text = match shape {
            Shape::Flat { wide } => {
                // Mostly linearized; a plain subscript when the first index is a constant.
                if matches!(subs.first(), Some(Idx::Const(_))) {
                    format!("{name}[{}]", sub(1))
                } else {
                    let w = if *wide { "(m + 16)" } else { "20" };
                    format!("{name}[({}) * {w} + {}]", sub(0), sub(1))
                }
            }
            s => {
                let mut t = name.clone();
                for k in 0..s.rank() {
                    let _ = write!(t, "[{}]", sub(k));
                }
                t
            }
        };
        (text, *elem)
    }

    /// `e` printed in floating (`float == true`) or integer context.
    fn expr(&self, e: &Expr, float: bool) -> String {
        match e {
            Expr::Read(a, subs) => {
                let (text, elem) = self.access(*a, subs);
                if float || !elem.is_float() {
                    text
                } else {
                    format!("(int)({text})")
                }
            }
            Expr::Const(k) if float => format!("{}.{}", k / 4, (k % 4) * 25),
            Expr::Const(k) => k.to_string(),
            Expr::Param(k) if float && k % 2 == 0 => "alpha".into(),
            Expr::Param(k) => ["n", "m"][*k as usize % 2].into(),
            Expr::It(k) => self.it_or(*k),
            Expr::Scalar(k) if float || k % 2 == 1 => format!("s{}", k % 2),
            Expr::Scalar(_) => "(int)s0".into(),
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.expr(a, float), self.expr(b, float));
                match op {
                    Op::Add => format!("({a} + {b})"),
                    Op::Sub => format!("({a} - {b})"),
                    Op::Mul => format!("({a} * {b})"),
                    Op::DivConst(d) if float => format!("({a} / {d}.0)"),
                    Op::DivConst(d) | Op::DivInt(d) => format!("({a} / {d})"),
                }
            }
            Expr::Neg(a) => format!("(-{})", self.expr(a, float)),
            Expr::Math(a) if float => format!("sqrt(fabs({}))", self.expr(a, float)),
            Expr::Math(a) => self.expr(a, float),
            Expr::Pure(a) if float => format!("optimist_wave({})", self.expr(a, float)),
            Expr::Pure(a) => format!("optimist_tri({})", self.expr(a, float)),
            Expr::IntIn(a) if float => format!("({})", self.expr(a, false)),
            Expr::IntIn(a) => self.expr(a, false),
        }
    }

    fn line(&mut self, indent: usize, text: &str) {
        let _ = writeln!(self.out, "{:1$}{text}", "", 2 * indent);
    }

    fn stmts(&mut self, body: &[Stmt], indent: usize) {
        for s in body {
            self.stmt(s, indent);
        }
    }

    fn stmt(&mut self, s: &Stmt, indent: usize) {
        match s {
            Stmt::Assign(t, op, e) => {
                let (target, elem) = match t {
                    Target::Array(a, subs) => self.access(*a, subs),
                    Target::Scalar(k) if k % 2 == 0 => ("s0".into(), Elem::F64),
                    Target::Scalar(_) => ("s1".into(), Elem::I32),
                };
                let float = elem.is_float();
                // The value's kind: the target's, or the other one for a conversion.
                let value_float = float != matches!(op, AssignOp::SetConverted);
                let op = match op {
                    AssignOp::Set | AssignOp::SetConverted => "=",
                    AssignOp::Add => "+=",
                    AssignOp::Sub => "-=",
                    AssignOp::Mul if float => "*=",
                    AssignOp::Mul => "+=",
                };
                let value = self.expr(e, value_float);
                self.line(indent, &format!("{target} {op} {value};"));
            }
            Stmt::If(c, body) => {
                let c = match c {
                    Cond::Greater(a, b) => format!("{} > {}", self.it_or(*a), self.it_or(*b)),
                    Cond::Even(a) => format!("{} % 2 == 0", self.it_or(*a)),
                    Cond::SumBelowN(a, b) => {
                        format!("{} + {} < n", self.it_or(*a), self.it_or(*b))
                    }
                    Cond::Data(e) => format!("{} > 0.5", self.expr(e, true)),
                };
                self.line(indent, &format!("if ({c}) {{"));
                self.stmts(body, indent + 1);
                self.line(indent, "}");
            }
            Stmt::Local {
                elem,
                fill,
                body,
                into,
                reversed,
            } => {
                let w = format!("w{}", self.next_loop);
                self.next_loop += 1;
                self.line(indent, "{");
                self.line(indent + 1, &format!("{} W[8];", elem.c()));
                let fill = self.expr(fill, elem.is_float());
                self.line(indent + 1, &format!("for (int {w} = 0; {w} < 8; {w}++)"));
                self.line(indent + 2, &format!("W[{w}] = {fill} + {w};"));
                self.stmts(body, indent + 1);
                let (target, _) = match into {
                    Target::Array(a, subs) => self.access(*a, subs),
                    Target::Scalar(k) if k % 2 == 0 => ("s0".into(), Elem::F64),
                    Target::Scalar(_) => ("s1".into(), Elem::I32),
                };
                let at = if *reversed {
                    format!("7 - {w}")
                } else {
                    w.clone()
                };
                self.line(indent + 1, &format!("for (int {w} = 0; {w} < 8; {w}++)"));
                self.line(indent + 2, &format!("{target} += W[{at}];"));
                self.line(indent, "}");
            }
            Stmt::For(lo, hi, style, body) => {
                if self.loops.len() >= 4 {
                    return self.stmts(body, indent);
                }
                let lo = match lo {
                    Lo::Const(c) => c.to_string(),
                    Lo::Outer(k) => self.it_or(*k),
                };
                let hi = match hi {
                    Hi::Const(c) => c.to_string(),
                    Hi::N => "n".into(),
                    Hi::N2 => "n + 2".into(),
                    Hi::M2 => "m + 2".into(),
                    Hi::Outer(k) => format!("{} + 1", self.it_or(*k)),
                    Hi::Loaded(k) => format!("L[{k}] % 9"),
                };
                let i = format!("i{}", self.next_loop);
                self.next_loop += 1;
                let head = match style {
                    Style::Up => Some(format!("for (int {i} = {lo}; {i} < {hi}; {i}++) {{")),
                    Style::Strided(s) => {
                        Some(format!("for (int {i} = {lo}; {i} < {hi}; {i} += {s}) {{"))
                    }
                    Style::Down => Some(format!("for (int {i} = {hi} - 1; {i} >= {lo}; {i}--) {{")),
                    Style::LongInclusive => {
                        Some(format!("for (long {i} = {lo}; {i} <= {hi} - 1; ++{i}) {{"))
                    }
                    Style::While => None,
                };
                match head {
                    Some(h) => {
                        self.line(indent, &h);
                        self.loops.push(i);
                        self.stmts(body, indent + 1);
                        self.loops.pop();
                        self.line(indent, "}");
                    }
                    None => {
                        self.line(indent, &format!("int {i} = {lo};"));
                        self.line(indent, &format!("while ({i} < {hi}) {{"));
                        self.loops.push(i.clone());
                        self.stmts(body, indent + 1);
                        self.loops.pop();
                        self.line(indent + 1, &format!("{i}++;"));
                        self.line(indent, "}");
                    }
                }
            }
        }
    }
}

impl Program {
    /// The alias `(aliased, base, offset)` by array index, when it applies.
    fn alias(&self) -> Option<(usize, usize, u8)> {
        let (b, a, off) = self.alias?;
        let k = self.params.len();
        let (b, a) = (b as usize % k, a as usize % k);
        (a != b && self.params[a].elem == self.params[b].elem).then_some((b, a, off))
    }

    /// The kernel as C: `void kernel(int n, int m, double alpha, ..., int L[16])`.
    pub fn to_c(&self) -> String {
        let mut pr = Printer {
            p: self,
            out: String::new(),
            loops: Vec::new(),
            next_loop: 0,
        };
        let mut params = vec![
            "int n".to_string(),
            "int m".to_string(),
            "double alpha".to_string(),
        ];
        for (k, a) in self.params.iter().enumerate() {
            let e = a.elem.c();
            params.push(match a.shape {
                Shape::Fixed1 => format!("{e} A{k}[24]"),
                Shape::Fixed2 => format!("{e} A{k}[20][20]"),
                Shape::Fixed3 => format!("{e} A{k}[10][10][10]"),
                Shape::Vla1 => format!("{e} A{k}[n + 20]"),
                // Not generated for parameters; as one, the same size as the local.
                Shape::LocalVla => format!("{e} A{k}[n + 12]"),
                Shape::Vla2 => format!("{e} A{k}[n + 16][m + 16]"),
                Shape::Flat { .. } => format!("{e} *A{k}"),
            });
        }
        params.push("int L[16]".into());
        pr.out.push_str(PURE_FUNCTIONS);
        let _ = writeln!(
            pr.out,
            "{} kernel({}) {{",
            if self.returns { "double" } else { "void" },
            params.join(", ")
        );
        pr.line(1, "double s0 = 0.0;");
        pr.line(1, "int s1 = 1;");
        if let Some(e) = self.local {
            pr.line(1, &format!("{} T[20][20];", e.c()));
        }
        if let Some(e) = self.vla {
            pr.line(1, &format!("{} V[n + 12];", e.c()));
        }
        if self.pragma {
            pr.line(0, "#pragma scop");
        }
        if self.local.is_some() {
            pr.line(1, "for (int t0 = 0; t0 < 20; t0++)");
            pr.line(2, "for (int t1 = 0; t1 < 20; t1++)");
            pr.line(3, "T[t0][t1] = t0 - t1 + n;");
        }
        if let Some(e) = self.vla {
            let value = if e.is_float() { "t0 * 0.5" } else { "t0 - 3" };
            pr.line(1, "for (int t0 = 0; t0 < n + 12; t0++)");
            pr.line(2, &format!("V[t0] = {value};"));
        }
        pr.stmts(&self.body, 1);
        if let Some((target, e)) = &self.tail {
            let tail = Stmt::Assign(
                target.clone(),
                AssignOp::Set,
                Expr::Bin(Op::Add, Box::new(Expr::Scalar(0)), Box::new(e.clone())),
            );
            pr.stmt(&tail, 1);
        }
        if self.pragma {
            pr.line(0, "#pragma endscop");
        }
        if self.returns {
            pr.line(1, "return s0 + s1;");
        }
        pr.out.push_str("}\n");
        pr.out
    }

    /// The `optimist run` arguments: parameter values, lengths of the flat arrays, the alias.
    pub fn run_args(&self) -> Vec<String> {
        let mut args = vec![
            "--set".to_string(),
            format!("n={}", self.n),
            "--set".into(),
            format!("m={}", self.m),
            "--set".into(),
            format!("alpha={}", (1.0 + f64::from(self.alpha)) / 4.0),
        ];
        let alias = self.alias();
        for (k, a) in self.params.iter().enumerate() {
            if matches!(a.shape, Shape::Flat { .. }) && alias.is_none_or(|(b, ..)| b != k) {
                args.extend(["--len".into(), format!("A{k}=480")]);
            }
        }
        if let Some((b, a, off)) = alias {
            args.extend(["--alias".into(), format!("A{b}=A{a}+{off}")]);
        }
        args
    }

    /// The kernel as a corpus file: the run line, then the C.
    pub fn corpus_file(&self) -> String {
        format!("// run: {}\n{}", self.run_args().join(" "), self.to_c())
    }
}
