//! The C backend: a loop AST and the model's statements printed as a C function with the
//! original signature, compilable by any C compiler.
//!
//! Loop iterators are `long`; every expression of the statements is printed with the explicit
//! conversions of the IR, so a C compiler computes exactly what the interpreter does.

use crate::ast::{AExpr, LoopAst, Node};
use crate::block::RegisterBlock;
use crate::decide::{Block, DLoop, DNode, Decided, Exec, Jam, Lanes, Pack, Share};
use optimist_presburger::AstOp;
use optimist_scop::id::IdVec;
use optimist_scop::ir::{ArrayId, ArrayKind, Dim, Function, Param, VarId, VarKind};
use optimist_scop::model::{
    AccessId, ArrayOrigin, BodyExpr, BodyLeaf, Scop, ScopArrayId, ScopStmt,
};
use std::fmt::Write;

/// Prints C for one model, one AST.
struct Printer<'a> {
    f: &'a Function,
    scop: &'a Scop,
    /// The C names of the AST iterators (isl's, made distinct from the program's names).
    iters: Vec<String>,
    /// The C name of every variable of the program (names reused in several scopes get a suffix).
    vars: IdVec<VarId, String>,
    /// Whether the invariant reads are parameters (loaded by the run-time check).
    preloaded: bool,
    /// What the vector loop being printed keeps in locals, with the locals' names.
    registers: std::cell::RefCell<Vec<(Local, String)>>,
    /// The element of `optimist_pack` the register blocks being printed read their packed
    /// operand at, as C ([`Printer::packed_blocks`]).
    packed: std::cell::RefCell<Option<String>>,
}

/// What a vector loop keeps in a local ([`Printer::unrolled_vector_loop`]).
#[derive(PartialEq)]
enum Local {
    /// The one element of the array the iteration touches.
    Array(ScopArrayId),
    /// A read, by its C text.
    Read(String),
}

/// The helpers every generated function may call.
const PREAMBLE: &str = "#include <math.h>
#include <stdlib.h>
static inline long optimist_floord(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static inline long optimist_min(long a, long b) { return a < b ? a : b; }
static inline long optimist_max(long a, long b) { return a > b ? a : b; }
#if defined(__clang__)
#define OPTIMIST_VECTOR _Pragma(\"clang loop vectorize(assume_safety)\")
#elif defined(__GNUC__)
#define OPTIMIST_VECTOR _Pragma(\"GCC ivdep\")
#else
#define OPTIMIST_VECTOR
#endif
#if defined(_OPENMP)
#define OPTIMIST_PARALLEL_VECTOR _Pragma(\"omp parallel for simd\")
#define OPTIMIST_SHARED_VECTOR _Pragma(\"omp for simd\")
#else
#define OPTIMIST_PARALLEL_VECTOR OPTIMIST_VECTOR
#define OPTIMIST_SHARED_VECTOR OPTIMIST_VECTOR
#endif
";

/// The C function computing `scop` in the order of `ast`, named `name` (the original name by
/// default) with the original parameters, decided for C ([`optimist_loopy::Target::c`]). It
/// has no run-time check: [`versioned`] adds it.
pub fn function(f: &Function, scop: &Scop, ast: &LoopAst, name: Option<&str>) -> String {
    let mut out = String::from(PREAMBLE);
    out.push_str(&f.c_pure_declarations());
    let decided = crate::decide::decide(scop, ast, &optimist_loopy::Target::c(), &[]);
    out.push_str(&Printer::new(f, scop, ast, false).definition(&decided, name.unwrap_or(&f.name)));
    out
}

impl<'a> Printer<'a> {
    /// A printer for `ast`; with `preloaded`, the invariant reads are parameters of the
    /// function (loaded by the run-time check) instead of being loaded at its start.
    fn new(f: &'a Function, scop: &'a Scop, ast: &LoopAst, preloaded: bool) -> Printer<'a> {
        let taken = |n: &str| {
            f.vars.iter().any(|v| v.name == n)
                || f.arrays.iter().any(|a| a.name == n)
                || scop.params.iter().any(|p| p.name == n)
        };
        let iters = ast
            .iterators
            .iter()
            .map(|i| {
                let mut n = format!("{i}_");
                while taken(&n) {
                    n.push('_');
                }
                n
            })
            .collect();
        let mut vars: IdVec<VarId, String> = IdVec::new();
        for (k, v) in f.vars.iter().enumerate() {
            let clash = vars.iter().any(|n| n == &v.name);
            vars.push(if clash {
                format!("{}_{k}", v.name)
            } else {
                v.name.clone()
            });
        }
        Printer {
            f,
            scop,
            iters,
            vars,
            preloaded,
            registers: Default::default(),
            packed: Default::default(),
        }
    }

    fn definition(&self, decided: &Decided, name: &str) -> String {
        let mut out = String::new();
        self.signature(&mut out, name);
        out.push_str(" {\n");
        self.locals(&mut out);
        out.push_str(&self.nodes(&decided.body, 1));
        if let Some(r) = self.f.ret {
            let _ = writeln!(out, "  return {}[0];", self.f.array(r).name);
        }
        out.push_str("}\n");
        out
    }
}

/// The versioned C program of a function: the faithful translation of the program IR
/// (`NAME_fallback`), the model-based code (`NAME_optimized`), and `NAME` with the original
/// signature, which pre-loads the invariant reads where the program reads them, evaluates the
/// run-time check with `__builtin_*_overflow` (any overflow fails it) and calls one of the two.
/// The global `int optimist_version` says which ran: 1 optimized, 0 fallback. Values only
/// native code knows (the extent of a buffer) fail the check in C.
#[derive(Clone, Debug)]
pub struct CProgram {
    /// The C text.
    pub code: String,
    /// The run-time check in C notation (without the overflow checks), when there is one:
    /// the plan's [`Plan::check_c`](crate::Plan::check_c).
    pub check: Option<String>,
}

/// [`CProgram`] for `f`, the entry point named `name`: with a plan (from the driver,
/// `optimist::optimize`), versioned by its run-time check; without one, the faithful
/// translation only.
pub fn versioned(
    f: &Function,
    plan: Option<&crate::Plan>,
    name: &str,
) -> Result<CProgram, crate::CodegenError> {
    let mut code = String::from(PREAMBLE);
    code.push_str(&f.c_pure_declarations());
    code.push_str("int optimist_version;\n");
    let _ = write!(code, "static {}", f.to_c(&format!("{name}_fallback")));
    let args: Vec<String> = f
        .params
        .iter()
        .map(|p| match *p {
            Param::Scalar(v) => f.var(v).name.clone(),
            Param::Array(a) => f.array(a).name.clone(),
        })
        .collect();
    let mut check = None;
    // `return f();` for a function with a value (not valid C for `void`).
    let ret = if f.ret.is_some() { "return " } else { "" };
    match plan {
        None => {
            let _ = writeln!(
                code,
                "{} {{\n  optimist_version = 0;\n  {ret}{name}_fallback({});\n}}",
                f.c_signature(name),
                args.join(", ")
            );
        }
        Some(p) => {
            check = Some(p.check_c());
            let printer = Printer::new(f, &p.scop, &p.ast, true);
            let decided = p.decide_c();
            code.push_str(CHECK_HELPERS);
            code.push_str("static ");
            code.push_str(&printer.definition(&decided, &format!("{name}_optimized")));
            code.push_str(&f.c_signature(name));
            code.push_str(" {\n  int ovf = 0;\n");
            for q in &p.check.preloads {
                let load = &p.scop.invariant_loads[q.load];
                let arr = p.scop.array(load.array);
                let subs: String = load
                    .subscripts
                    .iter()
                    .map(|s| format!("[{}]", printer.body(&StmtCtx::NONE, s)))
                    .collect();
                let v = &load.param;
                let _ = writeln!(code, "  long {v} = 0;");
                match &q.executed {
                    Some(g) => {
                        let _ = writeln!(
                            code,
                            "  long {v}_run = {};\n  if (!ovf && {v}_run) {v} = {}{subs};",
                            checked(&p.scop, g),
                            arr.name
                        );
                    }
                    // Where the program reads it is not known before reading: C cannot check
                    // the address, so the check fails.
                    None => code.push_str("  ovf = 1;\n"),
                }
            }
            for q in p
                .scop
                .params
                .iter()
                .filter(|q| q.ty == optimist_scop::Type::U64)
            {
                // An unsigned long beyond `long` is no value of the check.
                let _ = writeln!(code, "  if ((long){} < 0) ovf = 1;", q.name);
            }
            let _ = writeln!(
                code,
                "  long check = {};",
                checked(&p.scop, &p.check.condition)
            );
            let mut call_args = args.clone();
            call_args.extend(p.scop.invariant_loads.iter().map(|l| l.param.clone()));
            let _ = writeln!(
                code,
                "  if (!ovf && check) {{\n    optimist_version = 1;\n    {ret}{name}_optimized({});\n  }} else {{\n    optimist_version = 0;\n    {ret}{name}_fallback({});\n  }}\n}}",
                call_args.join(", "),
                args.join(", ")
            );
        }
    }
    Ok(CProgram { code, check })
}

/// Overflow-checked operations of the run-time check (Algorithm 1): each sets `*o` on overflow
/// (or division by zero) and returns some value. Every operand is evaluated (they are calls).
const CHECK_HELPERS: &str = "static inline long ck_add(long a, long b, int *o) { long r; *o |= __builtin_add_overflow(a, b, &r); return r; }
static inline long ck_sub(long a, long b, int *o) { long r; *o |= __builtin_sub_overflow(a, b, &r); return r; }
static inline long ck_mul(long a, long b, int *o) { long r; *o |= __builtin_mul_overflow(a, b, &r); return r; }
static inline int ck_bad_div(long a, long b, int *o) { int bad = b == 0 || (b == -1 && a == (-9223372036854775807L - 1)); *o |= bad; return bad; }
static inline long ck_div(long a, long b, int *o) { return ck_bad_div(a, b, o) ? 0 : a / b; }
static inline long ck_rem(long a, long b, int *o) { return ck_bad_div(a, b, o) ? 0 : a % b; }
static inline long ck_fdiv(long a, long b, int *o) { if (ck_bad_div(a, b, o)) return 0; long q = a / b, r = a % b; return q - (r != 0 && ((r < 0) != (b < 0))); }
static inline long ck_sel(long c, long a, long b) { return c ? a : b; }
static inline long ck_and(long a, long b) { return (a != 0) & (b != 0); }
static inline long ck_or(long a, long b) { return (a != 0) | (b != 0); }
";

/// A check expression as C calling the overflow-checked helpers on `ovf`.
fn checked(scop: &Scop, e: &optimist_assume::CheckExpr) -> String {
    use optimist_assume::{CheckExpr, CheckLeaf};
    match e {
        CheckExpr::Int(v) => format!("{v}L"),
        CheckExpr::Leaf(CheckLeaf::Param(p)) => format!("(long){p}"),
        CheckExpr::Leaf(CheckLeaf::Address(k)) => {
            format!("(long)(void *){}", scop.array(*k).name)
        }
        // The extent of a buffer is not known in C.
        CheckExpr::Leaf(CheckLeaf::BufferStart(_) | CheckLeaf::BufferEnd(_)) => {
            "(ovf = 1, 0L)".into()
        }
        CheckExpr::Op(op, a) => {
            let x = |k: usize| a.get(k).map(|e| checked(scop, e)).unwrap_or_default();
            let call = |f: &str| format!("{f}({}, {}, &ovf)", x(0), x(1));
            let cmp = |s: &str| format!("(long)({} {s} {})", x(0), x(1));
            match op {
                AstOp::Add => call("ck_add"),
                AstOp::Sub => call("ck_sub"),
                AstOp::Mul => call("ck_mul"),
                AstOp::Minus => format!("ck_sub(0L, {}, &ovf)", x(0)),
                AstOp::Div | AstOp::PdivQ => call("ck_div"),
                AstOp::PdivR | AstOp::ZdivR => call("ck_rem"),
                AstOp::FdivQ => call("ck_fdiv"),
                AstOp::Min | AstOp::Max => {
                    let f = if *op == AstOp::Min {
                        "optimist_min"
                    } else {
                        "optimist_max"
                    };
                    a.iter()
                        .map(|e| checked(scop, e))
                        .reduce(|acc, e| format!("{f}({acc}, {e})"))
                        .unwrap_or_default()
                }
                AstOp::Cond | AstOp::Select => format!("ck_sel({}, {}, {})", x(0), x(1), x(2)),
                AstOp::And | AstOp::AndThen => format!("ck_and({}, {})", x(0), x(1)),
                AstOp::Or | AstOp::OrElse => format!("ck_or({}, {})", x(0), x(1)),
                AstOp::Eq => cmp("=="),
                AstOp::Le => cmp("<="),
                AstOp::Lt => cmp("<"),
                AstOp::Ge => cmp(">="),
                AstOp::Gt => cmp(">"),
                // Not produced for parameter sets: fail the check rather than guess.
                _ => "(ovf = 1, 0L)".into(),
            }
        }
    }
}

impl Printer<'_> {
    fn signature(&self, out: &mut String, name: &str) {
        let mut sig = self.f.c_signature(name);
        if self.preloaded {
            let extra: String = self
                .scop
                .invariant_loads
                .iter()
                .map(|l| format!(", long {}", l.param))
                .collect();
            sig.insert_str(sig.len() - 1, &extra);
        }
        out.push_str(&sig);
    }

    fn locals(&self, out: &mut String) {
        // Scalars held in memory; loop counters of the program are replaced by the AST's.
        for a in &self.scop.arrays {
            if let ArrayOrigin::Scalar(v) = a.origin
                && self.f.var(v).kind == VarKind::Local
            {
                let _ = writeln!(out, "  {} {};", a.elem, self.vars[v]);
            }
        }
        // Local arrays the model no longer touches (a temporary expression propagation
        // removed) are not declared: only the faithful function needs them.
        for (_, a) in
            self.f.arrays.iter().enumerate().filter(|(k, a)| {
                a.kind == ArrayKind::Local && self.scop.touches(ArrayId(*k as u32))
            })
        {
            let dims: String = a
                .dims
                .iter()
                .map(|d| match d {
                    Dim::Const(n) => format!("[{n}]"),
                    Dim::Expr(e) => format!("[{}]", self.f.expr_to_string(e)),
                    Dim::Unknown => "[1]".into(),
                })
                .collect();
            let _ = writeln!(out, "  {} {}{};", a.elem, a.name, dims);
        }
        if !self.iters.is_empty() {
            let _ = writeln!(out, "  long {};", self.iters.join(", "));
        }
        // Reads assumed invariant, loaded once before the loops (or by the run-time check).
        for load in self.scop.invariant_loads.iter().filter(|_| !self.preloaded) {
            let arr = self.scop.array(load.array);
            let subs: String = load
                .subscripts
                .iter()
                .map(|s| format!("[{}]", self.body(&StmtCtx::NONE, s)))
                .collect();
            let _ = writeln!(out, "  long {} = {}{subs};", load.param, arr.name);
        }
    }

    /// A loop `k` unrolled and jammed into the vector loop that is its body ([`Jam`]):
    /// `copies` iterations of `k` at a time, each statement of the vector loop once per copy
    /// (`k`, `k + 1`, ...) in turn, then the remaining iterations as written. Legal by the mark:
    /// no dependence `k` carries goes backwards inside it. Groups of copies run on threads
    /// when the decision says so.
    fn jammed(&self, l: &DLoop, j: &Jam, depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let (k, copies) = (l.iter, j.copies);
        let it = &self.iters[k];
        let end = self.aexpr(&j.end);
        let v = &self.iters[j.lanes.iter];
        if j.threads {
            let _ = writeln!(out, "{pad}#pragma omp parallel for private({v})");
        }
        let _ = writeln!(
            out,
            "{pad}for ({it} = {}; {it} < {end} - {}L; {it} += {copies}) {{",
            self.aexpr(&l.init),
            copies - 1
        );
        let _ = writeln!(out, "{pad}  OPTIMIST_VECTOR");
        let _ = writeln!(
            out,
            "{pad}  for ({v} = {}; {}; {v} += 1) {{",
            self.aexpr(&j.lanes.init),
            self.aexpr(&j.lanes.cond)
        );
        for q in 0..copies {
            let copy: Vec<DNode> = j
                .lanes
                .body
                .iter()
                .map(|n| match n {
                    DNode::Stmt(s) => DNode::Stmt(shifted(s, k, q)),
                    other => other.clone(),
                })
                .collect();
            out.push_str(&self.nodes(&copy, depth + 2));
        }
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}}}");
        // Where the groups of copies stopped (a parallel loop's counter is undefined after it).
        let first = self.aexpr(&l.init);
        let _ = writeln!(
            out,
            "{pad}for ({it} = optimist_max({first}, {first} + ({end} - {first}) / {copies}L * {copies}L); {it} < {end}; {it} += 1) {{"
        );
        out.push_str(&self.nodes(&j.rest, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// The decided nodes as C: each loop as its [`Exec`] says.
    fn nodes(&self, nodes: &[DNode], depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        for n in nodes {
            match n {
                DNode::For(l) => out.push_str(&self.for_loop(l, depth)),
                DNode::Region { private, body } => {
                    let names: Vec<&str> =
                        private.iter().map(|&k| self.iters[k].as_str()).collect();
                    let _ = writeln!(
                        out,
                        "{pad}#pragma omp parallel private({})",
                        names.join(", ")
                    );
                    out.push_str(&self.nodes(body, depth));
                }
                DNode::Packed { pack, body } => {
                    out.push_str(&self.packed_blocks(pack, body, depth));
                }
                DNode::If { cond, then, els } => {
                    let _ = writeln!(out, "{pad}if ({}) {{", self.aexpr(cond));
                    out.push_str(&self.nodes(then, depth + 1));
                    if els.is_empty() {
                        let _ = writeln!(out, "{pad}}}");
                    } else {
                        let _ = writeln!(out, "{pad}}} else {{");
                        out.push_str(&self.nodes(els, depth + 1));
                        let _ = writeln!(out, "{pad}}}");
                    }
                }
                DNode::Stmt(Node::Stmt {
                    stmt,
                    iterators,
                    indices,
                }) => {
                    let st = self.scop.stmt(*stmt);
                    let ctx = StmtCtx {
                        st: Some(st),
                        iterators,
                        indices,
                    };
                    let target = self.access(&ctx, st.write);
                    let value = self.body(&ctx, &st.value);
                    match &st.guard {
                        Some(g) => {
                            let _ = writeln!(
                                out,
                                "{pad}if ({}) {target} = {value};",
                                self.body(&ctx, g)
                            );
                        }
                        None => {
                            let _ = writeln!(out, "{pad}{target} = {value};");
                        }
                    }
                }
                DNode::Stmt(_) => {}
            }
        }
        out
    }

    /// One decided loop.
    fn for_loop(&self, l: &DLoop, depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let it = &self.iters[l.iter];
        let step = l.step;
        let mut test = self.aexpr(&l.cond);
        match &l.exec {
            Exec::Jammed(j) => return self.jammed(l, j, depth),
            Exec::Block(b) => return self.blocked(l, b, depth),
            Exec::Lanes(lanes) => {
                // The loop carries no dependence and the run-time check proved the arrays
                // apart: the C compiler need not prove it again (no reassociation is allowed
                // by this). On threads too when decided so; OpenMP wants the test in its
                // canonical form.
                let pragma = match &lanes.share {
                    Share::No => "OPTIMIST_VECTOR",
                    Share::Spawn(end) => {
                        test = format!("{it} < {}", self.aexpr(end));
                        "OPTIMIST_PARALLEL_VECTOR"
                    }
                    Share::Region(end) => {
                        test = format!("{it} < {}", self.aexpr(end));
                        "OPTIMIST_SHARED_VECTOR"
                    }
                };
                if lanes.unrolled {
                    return self.unrolled_vector_loop(l, lanes, &test, pragma, depth);
                }
                let _ = writeln!(out, "{pad}{pragma}");
            }
            // Threads when compiled with `-fopenmp` (ignored otherwise): the loops inside have
            // counters of their own per thread.
            Exec::Threads { end, private } => {
                test = format!("{it} < {}", self.aexpr(end));
                let private = if private.is_empty() {
                    String::new()
                } else {
                    let names: Vec<&str> =
                        private.iter().map(|&k| self.iters[k].as_str()).collect();
                    format!(" private({})", names.join(", "))
                };
                let _ = writeln!(out, "{pad}#pragma omp parallel for{private}");
            }
            // Scalar replacement is the C compiler's; the loop runs as written.
            Exec::Serial | Exec::Registers(_) => {}
        }
        let _ = writeln!(
            out,
            "{pad}for ({it} = {}; {test}; {it} += {step}) {{",
            self.aexpr(&l.init),
        );
        out.push_str(&self.nodes(&l.body, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    fn aexpr(&self, e: &AExpr) -> String {
        match e {
            AExpr::Int(v) => format!("{v}L"),
            AExpr::Iter(k) => self.iters[*k].clone(),
            AExpr::Param(p) => format!("(long){p}"),
            AExpr::Op(op, a) => {
                let x = |k: usize| a.get(k).map(|e| self.aexpr(e)).unwrap_or_default();
                let bin = |sym: &str| format!("({} {sym} {})", x(0), x(1));
                if let Some(s) = op.c_infix() {
                    return bin(s);
                }
                match op {
                    AstOp::Max | AstOp::Min => {
                        let f = if *op == AstOp::Max {
                            "optimist_max"
                        } else {
                            "optimist_min"
                        };
                        a.iter()
                            .skip(1)
                            .fold(x(0), |acc, e| format!("{f}({acc}, {})", self.aexpr(e)))
                    }
                    AstOp::Minus => format!("(-{})", x(0)),
                    AstOp::FdivQ => format!("optimist_floord({}, {})", x(0), x(1)),
                    AstOp::Cond | AstOp::Select => format!("({} ? {} : {})", x(0), x(1), x(2)),
                    // Infix operators were printed above; calls and accesses do not occur.
                    _ => "0 /* unexpected */".into(),
                }
            }
        }
    }

    /// A vector loop whose body is its short loops unrolled ([`Lanes::unrolled`]), with what
    /// one iteration touches at one place kept in locals ([`Lanes::locals`], [`Lanes::reads`]),
    /// which the C compiler then keeps in registers (it cannot otherwise: the arrays could
    /// overlap as far as it knows, and `restrict` does not survive OpenMP's outlining; the
    /// run-time check proved them apart): an element written first is stored once at the end
    /// of the iteration; an invariant read is a local set before the loop, under the loop's own
    /// test, so it is read only when the program reads it.
    fn unrolled_vector_loop(
        &self,
        l: &DLoop,
        lanes: &Lanes,
        test: &str,
        pragma: &str,
        depth: usize,
    ) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let it = &self.iters[l.iter];
        let body = crate::decide::plain(&l.body);
        let text = |node: usize, a: AccessId| match &body[node] {
            Node::Stmt {
                stmt,
                iterators,
                indices,
            } => self.access(
                &StmtCtx {
                    st: Some(self.scop.stmt(*stmt)),
                    iterators,
                    indices,
                },
                a,
            ),
            _ => unreachable!("an unrolled body is statements"),
        };
        let locals: Vec<(ScopArrayId, String)> = lanes
            .locals
            .iter()
            .map(|&(array, node, a)| (array, text(node, a)))
            .collect();
        let mut reads: Vec<(String, optimist_scop::Type)> = Vec::new();
        for &(node, a) in &lanes.reads {
            let t = text(node, a);
            if !reads.iter().any(|(x, _)| *x == t) {
                reads.push((t, self.scop.array(self.scop.access(a).array).elem));
            }
        }
        let init = self.aexpr(&l.init);
        let step = l.step;
        let _ = writeln!(out, "{pad}{it} = {init};");
        let _ = writeln!(out, "{pad}if ({test}) {{");
        for (k, (text, elem)) in reads.iter().enumerate() {
            let _ = writeln!(out, "{pad}  const {elem} optimist_h{k} = {text};");
        }
        let _ = writeln!(out, "{pad}  {pragma}");
        // OpenMP wants the first value in the loop.
        let _ = writeln!(out, "{pad}  for ({it} = {init}; {test}; {it} += {step}) {{");
        for (k, (array, _)) in locals.iter().enumerate() {
            let elem = self.scop.array(*array).elem;
            let _ = writeln!(out, "{pad}    {elem} optimist_r{k};");
        }
        self.registers.borrow_mut().extend(
            locals
                .iter()
                .enumerate()
                .map(|(k, (array, _))| (Local::Array(*array), format!("optimist_r{k}"))),
        );
        self.registers.borrow_mut().extend(
            reads
                .iter()
                .enumerate()
                .map(|(k, (text, _))| (Local::Read(text.clone()), format!("optimist_h{k}"))),
        );
        out.push_str(&self.nodes(&l.body, depth + 2));
        self.registers.borrow_mut().clear();
        for (k, (_, element)) in locals.iter().enumerate() {
            let _ = writeln!(out, "{pad}    {element} = optimist_r{k};");
        }
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// Loop `l` with a register block as its body ([`Block`]): when the block is whole, its
    /// elements are loaded into a local array before the loop, the statement computes in that
    /// array, and the array is stored after the loop (the C compiler keeps it in vector
    /// registers: each step of the loop loads a row of the columns and a value per row, and
    /// multiplies and adds in registers); the loop as written otherwise. The elements stay
    /// where they are along the loop and no other access of the block touches their array
    /// (`register_block`), and the run-time check proved the arrays apart: every element's
    /// value is the program's, computed in the program's order.
    fn blocked(&self, l: &DLoop, blk: &Block, depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let b = &blk.block;
        let (r, c, it) = (
            &self.iters[b.row],
            &self.iters[b.column],
            &self.iters[l.iter],
        );
        let (r0, c0) = (self.aexpr(&b.row_init), self.aexpr(&b.column_init));
        let (_, ctx) = b.statement(self.scop);
        let packed = blk.packed.and_then(|a| {
            self.packed
                .borrow()
                .as_ref()
                .map(|local| (a, local.clone()))
        });
        let _ = writeln!(
            out,
            "{pad}if ({} - {r0} == {}L && {} - {c0} == {}L{}) {{",
            self.aexpr(&b.row_end),
            b.rows,
            self.aexpr(&b.column_end),
            b.columns,
            if packed.is_some() {
                " && optimist_pack"
            } else {
                ""
            }
        );
        let st = self.scop.stmt(b.stmt_id());
        let write = self.scop.access(st.write);
        let elem = self.scop.array(write.array).elem;
        let element = self.access_text(&ctx, st.write);
        let _ = writeln!(
            out,
            "{pad}  const long optimist_b0 = {r0}, optimist_b1 = {c0};"
        );
        let _ = writeln!(
            out,
            "{pad}  {elem} optimist_acc[{}][{}];",
            b.rows, b.columns
        );
        let local = format!("optimist_acc[{r} - optimist_b0][{c} - optimist_b1]");
        let rows = format!(
            "for ({r} = optimist_b0; {r} < optimist_b0 + {}L; {r} += 1)",
            b.rows
        );
        let columns = format!(
            "for ({c} = optimist_b1; {c} < optimist_b1 + {}L; {c} += 1)",
            b.columns
        );
        let _ = writeln!(out, "{pad}  {rows}");
        let _ = writeln!(out, "{pad}    {columns}");
        let _ = writeln!(out, "{pad}      {local} = {element};");
        let _ = writeln!(
            out,
            "{pad}  for ({it} = {}; {}; {it} += 1) {{",
            self.aexpr(&l.init),
            self.aexpr(&l.cond)
        );
        // Columns outside rows: gcc unrolls a constant innermost loop of 16 first and then
        // vectorizes the rows (4 elements a column apart: a transposition per step); with
        // the rows innermost it unrolls them and vectorizes the columns.
        let _ = writeln!(out, "{pad}    {columns} {{");
        let _ = writeln!(out, "{pad}      {rows} {{");
        self.registers
            .borrow_mut()
            .push((Local::Array(write.array), local.clone()));
        if let Some((access, packed)) = &packed {
            let text = self.access_text(&ctx, *access);
            self.registers
                .borrow_mut()
                .push((Local::Read(text), packed.clone()));
        }
        out.push_str(&self.nodes(&[DNode::Stmt(b.stmt.clone())], depth + 4));
        self.registers.borrow_mut().clear();
        let _ = writeln!(out, "{pad}      }}");
        let _ = writeln!(out, "{pad}    }}");
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}  {rows}");
        let _ = writeln!(out, "{pad}    {columns}");
        let _ = writeln!(out, "{pad}      {element} = {local};");
        let _ = writeln!(out, "{pad}}} else {{");
        out.push_str(&self.for_loop(&blk.serial, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// The loop over a product's row blocks (`body`, [`Pack`]) with its operand along the
    /// columns packed first: a buffer the kernel owns (`malloc`, freed after the loop) gets,
    /// for each whole column block, the operand's elements of the reduction's tile, one
    /// block's after the other, row of the reduction by row (the 16 columns a step of the
    /// reduction reads, contiguous); the blocks then read them there. Packing reads what
    /// every row block reads (the bounds are free of the rows), so only when a row block
    /// runs; a failed allocation leaves every block on the operand in memory. The values
    /// are the operand's: the block's statement does not write its array, and the run-time
    /// check proved the arrays apart.
    fn packed_blocks(&self, site: &Pack, body: &[DNode], depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let b = &site.block;
        let [DNode::For(rows_loop)] = body else {
            unreachable!("a pack is around one loop (`pack_site`)")
        };
        let (_, ctx) = b.statement(self.scop);
        let elem = self.scop.array(self.scop.access(site.access).array).elem;
        let (blocks, k, column, r) = (
            &self.iters[site.blocks],
            &self.iters[site.k],
            &self.iters[b.column],
            &self.iters[rows_loop.iter],
        );
        let (blocks_init, k_init) = (self.aexpr(&site.blocks_init), self.aexpr(&site.k_init));
        let (depth_k, wide) = (site.depth, b.columns);
        let place = |first: &str| {
            format!(
                "optimist_pack[(({blocks} - {blocks_init}) * {depth_k}L + ({k} - {k_init})) * {wide}L + ({column} - {first})]"
            )
        };
        let column_init = self.aexpr(&b.column_init);
        let _ = writeln!(out, "{pad}{{");
        let _ = writeln!(
            out,
            "{pad}  {elem} *optimist_pack = ({elem} *)malloc(sizeof({elem}) * {}L);",
            site.n_blocks * depth_k * wide
        );
        let _ = writeln!(out, "{pad}  {r} = {};", self.aexpr(&rows_loop.init));
        // The copy: a line each, one level deeper each.
        let lines = [
            format!("if (optimist_pack && {})", self.aexpr(&rows_loop.cond)),
            format!(
                "for ({blocks} = {blocks_init}; {}; {blocks} += 1)",
                self.aexpr(&site.blocks_cond)
            ),
            format!(
                "if ({} - {column_init} == {wide}L)",
                self.aexpr(&b.column_end)
            ),
            format!(
                "for ({k} = {k_init}; {}; {k} += 1)",
                self.aexpr(&site.k_cond)
            ),
            format!(
                "for ({column} = {column_init}; {column} < {column_init} + {wide}L; {column} += 1)"
            ),
            format!(
                "{} = {};",
                place(&format!("({column_init})")),
                self.access_text(&ctx, site.access)
            ),
        ];
        for (level, line) in lines.iter().enumerate() {
            let _ = writeln!(out, "{pad}  {}{line}", "  ".repeat(level));
        }
        *self.packed.borrow_mut() = Some(place("optimist_b1"));
        out.push_str(&self.nodes(body, depth + 1));
        *self.packed.borrow_mut() = None;
        let _ = writeln!(out, "{pad}  free(optimist_pack);");
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// An access as a C lvalue or rvalue.
    fn access(&self, ctx: &StmtCtx<'_>, a: AccessId) -> String {
        let acc = self.scop.access(a);
        if let Some((_, local)) = self
            .registers
            .borrow()
            .iter()
            .find(|(x, _)| *x == Local::Array(acc.array))
        {
            return local.clone();
        }
        let text = self.access_text(ctx, a);
        match self
            .registers
            .borrow()
            .iter()
            .find(|(x, _)| matches!(x, Local::Read(t) if *t == text))
        {
            Some((_, local)) => local.clone(),
            None => text,
        }
    }

    /// An access as C, in memory.
    fn access_text(&self, ctx: &StmtCtx<'_>, a: AccessId) -> String {
        let acc = self.scop.access(a);
        let arr = self.scop.array(acc.array);
        let name = match arr.origin {
            ArrayOrigin::Array(id) => self.f.array(id).name.clone(),
            ArrayOrigin::Scalar(v) => self.vars[v].clone(),
        };
        if let Some((_, idx)) = ctx.indices.iter().find(|(x, _)| *x == a) {
            if let Some(sizes) = &arr.delinearized {
                // A delinearized flat pointer: the program's memory is flat, so the model's
                // subscripts are linearized with the recovered sizes (in `long`).
                let mut flat = idx.first().map(|i| self.aexpr(i)).unwrap_or_default();
                for (i, size) in idx.iter().skip(1).zip(sizes) {
                    flat = format!("({flat}) * ({}) + {}", long_c(size), self.aexpr(i));
                }
                return format!("{name}[{flat}]");
            }
            let subs: String = idx.iter().map(|i| format!("[{}]", self.aexpr(i))).collect();
            return format!("{name}{subs}");
        }
        match (&acc.subscripts, arr.origin) {
            // Data-dependent subscripts of an array with several dimensions: no assumption
            // (IB covers exact accesses only) keeps an inner one inside its dimension, and the
            // program may run past it into the next row (flat memory, as the interpreter and
            // native code see it). In C that is undefined and gcc exploits it, so the element
            // is addressed flat, as the faithful C does.
            (Some(subs), ArrayOrigin::Array(id)) if subs.len() > 1 => {
                let array = self.f.array(id);
                let mut flat = String::new();
                for (k, s) in subs.iter().enumerate() {
                    let sub = self.body(ctx, s);
                    if k == 0 {
                        flat = format!("(long)({sub})");
                        continue;
                    }
                    let size = match array.dims.get(k) {
                        Some(Dim::Const(n)) => format!("{n}L"),
                        Some(Dim::Expr(e)) => format!("(long)({})", self.f.expr_to_string(e)),
                        _ => "0L".into(),
                    };
                    flat = format!("({flat}) * {size} + ({sub})");
                }
                format!("(({} *){name})[{flat}]", array.elem)
            }
            (Some(subs), _) => {
                let subs: String = subs
                    .iter()
                    .map(|s| format!("[{}]", self.body(ctx, s)))
                    .collect();
                format!("{name}{subs}")
            }
            (None, _) => name,
        }
    }

    /// A body expression as C: the one printer of the shared expression language, with this
    /// statement's leaves.
    fn body(&self, ctx: &StmtCtx<'_>, e: &BodyExpr) -> String {
        let mut out = String::new();
        optimist_scop::expr::write_c(&InStmt { p: self, ctx }, &mut out, e);
        out
    }
}

/// A polynomial over the parameters as a C expression computed in `long` (a delinearized size:
/// `2 * n` in `int` could overflow where the subscript it scales does not).
fn long_c(p: &optimist_presburger::Polynomial) -> String {
    let terms: Vec<String> = p
        .terms()
        .map(|(m, c)| {
            let mut factors = vec![format!("{c}L")];
            for (v, e) in m.factors() {
                factors.extend((0..e).map(|_| format!("(long){v}")));
            }
            factors.join(" * ")
        })
        .collect();
    if terms.is_empty() {
        "0L".into()
    } else {
        terms.join(" + ")
    }
}

/// The leaves of one statement instance's body, for the C printer.
struct InStmt<'x, 'p, 'c> {
    p: &'x Printer<'p>,
    ctx: &'x StmtCtx<'c>,
}

impl optimist_scop::expr::CLeaves<BodyLeaf> for InStmt<'_, '_, '_> {
    fn leaf(&self, out: &mut String, leaf: &BodyLeaf, _ty: optimist_scop::Type) {
        match *leaf {
            BodyLeaf::Param(v) => out.push_str(&self.p.f.var(v).name),
            BodyLeaf::Iter(k) => match self.ctx.st {
                Some(st) => {
                    let ty = self.p.f.var(st.iterators[k]).ty;
                    let it = self
                        .ctx
                        .iterators
                        .get(k)
                        .map(|i| self.p.aexpr(i))
                        .unwrap_or_default();
                    let _ = write!(out, "(({ty}){it})");
                }
                None => out.push_str("0 /* no iterator here */"),
            },
            BodyLeaf::Access(a) => out.push_str(&self.p.access(self.ctx, a)),
        }
    }
}

impl RegisterBlock {
    /// Its statement, and the context its accesses are printed in.
    fn statement<'a>(&'a self, scop: &'a Scop) -> (optimist_scop::model::StmtId, StmtCtx<'a>) {
        let Node::Stmt {
            stmt,
            iterators,
            indices,
        } = &self.stmt
        else {
            unreachable!("a register block's statement is a statement (`register_block`)")
        };
        let ctx = StmtCtx {
            st: Some(scop.stmt(*stmt)),
            iterators,
            indices,
        };
        (*stmt, ctx)
    }
}

/// The statement instance being printed (none for code outside the loops).
struct StmtCtx<'a> {
    st: Option<&'a ScopStmt>,
    iterators: &'a [AExpr],
    indices: &'a [(AccessId, Vec<AExpr>)],
}

impl StmtCtx<'_> {
    const NONE: StmtCtx<'static> = StmtCtx {
        st: None,
        iterators: &[],
        indices: &[],
    };
}

/// Statement `n` (of a jammed vector loop's body) with the AST iterator `k` replaced by
/// `k + q` in its iterator values and index expressions.
fn shifted(n: &Node, k: usize, q: i64) -> Node {
    fn sub(e: &AExpr, k: usize, q: i64) -> AExpr {
        match e {
            AExpr::Iter(i) if *i == k && q != 0 => {
                AExpr::Op(AstOp::Add, vec![AExpr::Iter(k), AExpr::Int(q)])
            }
            AExpr::Op(op, args) => AExpr::Op(*op, args.iter().map(|a| sub(a, k, q)).collect()),
            other => other.clone(),
        }
    }
    match n {
        Node::Stmt {
            stmt,
            iterators,
            indices,
        } => Node::Stmt {
            stmt: *stmt,
            iterators: iterators.iter().map(|e| sub(e, k, q)).collect(),
            indices: indices
                .iter()
                .map(|(a, es)| (*a, es.iter().map(|e| sub(e, k, q)).collect()))
                .collect(),
        },
        other => other.clone(),
    }
}
