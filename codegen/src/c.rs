//! The C backend: a loop AST and the model's statements printed as a C function with the
//! original signature, compilable by any C compiler.
//!
//! Loop iterators are `long`; every expression of the statements is printed with the explicit
//! conversions of the IR, so a C compiler computes exactly what the interpreter does.

use crate::ast::{AExpr, LoopAst, LoopKind, Node, mentions};
use crate::block::{RegisterBlock, offset_from, only_loop, whole_length};
use optimist_presburger::AstOp;
use optimist_scop::ir::{ArrayId, ArrayKind, Dim, Function, Param, VarKind};
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
    vars: Vec<String>,
    /// Whether the invariant reads are parameters (loaded by the run-time check).
    preloaded: bool,
    /// What the vector loop being printed keeps in locals, with the locals' names.
    registers: std::cell::RefCell<Vec<(Local, String)>>,
    /// Where the code being printed runs: in the threads of a parallel loop (its loops run
    /// on one thread each), in a parallel region every thread runs (its loops that may run
    /// on threads share their iterations), or neither.
    threads: std::cell::Cell<Threads>,
    /// How many loops are around the code being printed.
    loops_around: std::cell::Cell<usize>,
    /// The operand of the register blocks being printed that is packed into
    /// `optimist_pack` ([`Printer::pack_site`]).
    packed: std::cell::RefCell<Option<Packed>>,
}

/// An operand of a product's register blocks packed into a buffer the kernel owns
/// ([`Printer::packed_blocks`]).
struct Packed {
    /// Its statement and access.
    stmt: optimist_scop::model::StmtId,
    access: AccessId,
    /// Its element in `optimist_pack`, as C, in the loops of a block.
    local: String,
}

/// Where printed code runs ([`Printer::threads`]).
#[derive(Clone, Copy, PartialEq)]
enum Threads {
    /// On the function's thread.
    One,
    /// Inside an `omp parallel for` loop.
    Loop,
    /// Inside an `omp parallel` region (`Printer::region_fits`).
    Region,
}

/// What a vector loop keeps in a local ([`Printer::unrolled_vector_loop`]).
#[derive(PartialEq)]
enum Local {
    /// The one element of the array the iteration touches.
    Array(ScopArrayId),
    /// A read, by its C text.
    Read(String),
}

/// The exclusive bound of a vector loop over `iter` (`init`, `cond`, its body as printed)
/// when it may share its iterations among threads: it is marked so (`parallel`), its body
/// is statements writing no scalar of the function (their counters and scalars are the
/// function's), its bound is free of it (OpenMP computes the trip count first), and its
/// length is not a constant (a few iterations would not pay for the threads meeting).
fn threads_bound(
    scop: &Scop,
    iter: usize,
    init: &AExpr,
    cond: &AExpr,
    parallel: bool,
    body: &[Node],
) -> Option<AExpr> {
    let end = crate::ast::exclusive_bound(iter, cond)?;
    (parallel
        && !crate::ast::writes_scalar(scop, body)
        && body.iter().all(|n| matches!(n, Node::Stmt { .. }))
        && (crate::ast::constant(init).is_none() || crate::ast::constant(&end).is_none()))
    .then_some(end)
}

/// The accesses `e` reads whenever it is evaluated: not those in the arms of a `?:` or on the
/// right of `&&` and `||`.
fn unconditional_reads(e: &BodyExpr, out: &mut Vec<AccessId>) {
    use optimist_scop::expr::ExprKind;
    use optimist_scop::ir::BinOp;
    match &e.kind {
        ExprKind::Leaf(BodyLeaf::Access(a)) => out.push(*a),
        ExprKind::Select(c, _, _) | ExprKind::Binary(BinOp::And | BinOp::Or, c, _) => {
            unconditional_reads(c, out)
        }
        _ => {
            for c in e.children() {
                unconditional_reads(c, out);
            }
        }
    }
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
/// default) with the original parameters. It has no run-time check: [`versioned`] adds it.
pub fn function(f: &Function, scop: &Scop, ast: &LoopAst, name: Option<&str>) -> String {
    let mut out = String::from(PREAMBLE);
    out.push_str(&f.c_pure_declarations());
    out.push_str(&Printer::new(f, scop, ast, false).definition(ast, name.unwrap_or(&f.name)));
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
        let mut vars: Vec<String> = Vec::with_capacity(f.vars.len());
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
            threads: std::cell::Cell::new(Threads::One),
            loops_around: std::cell::Cell::new(0),
            packed: Default::default(),
        }
    }

    fn definition(&self, ast: &LoopAst, name: &str) -> String {
        let mut out = String::new();
        self.signature(&mut out, name);
        out.push_str(" {\n");
        self.locals(&mut out);
        out.push_str(&self.nodes(&ast.body, 1));
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
            code.push_str(CHECK_HELPERS);
            code.push_str("static ");
            code.push_str(&printer.definition(&p.ast, &format!("{name}_optimized")));
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
                let _ = writeln!(out, "  {} {};", a.elem, self.vars[v.0 as usize]);
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

    /// How many iterations of a loop `k` marked jam (from `init` to before `end`) run together
    /// in the vector loop that is its body, as native code runs them
    /// ([`crate::ast::jam_copies`]). `None` when the body is no
    /// vector loop with bounds free of `k` whose statements keep an element at one place for
    /// every copy (the product's `C[i][j]`, the stencil's `out[y][x]`): there the copies would
    /// share nothing.
    fn jam_copies(&self, k: usize, init: &AExpr, end: &AExpr, body: &[Node]) -> Option<i64> {
        let [
            Node::For {
                init: vinit,
                cond: vcond,
                step: 1,
                body: vbody,
                kind: LoopKind::Vector { .. },
                ..
            },
        ] = body
        else {
            return None;
        };
        if crate::ast::mentions(vinit, k) || crate::ast::mentions(vcond, k) {
            return None;
        }
        let mut shared = false;
        for n in vbody {
            let Node::Stmt { stmt, indices, .. } = n else {
                return None;
            };
            let st = self.scop.stmt(*stmt);
            shared |= indices
                .iter()
                .any(|(a, e)| *a == st.write && !e.iter().any(|x| crate::ast::mentions(x, k)));
        }
        if !shared {
            return None;
        }
        Some(crate::ast::jam_copies(init, end))
    }

    /// A loop `k` unrolled and jammed into the vector loop `body` ([`Self::jam_copies`]):
    /// `copies` iterations of `k` at a time, each statement of the vector loop once per copy
    /// (`k`, `k + 1`, ...) in turn, then the remaining iterations as written. Legal by the mark:
    /// no dependence `k` carries goes backwards inside it. A parallel `k` runs its groups of
    /// copies on threads.
    #[allow(clippy::too_many_arguments)]
    fn jammed(
        &self,
        k: usize,
        init: &AExpr,
        end: &AExpr,
        copies: i64,
        body: &[Node],
        parallel: bool,
        depth: usize,
    ) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let it = &self.iters[k];
        let end = self.aexpr(end);
        let [
            Node::For {
                iter,
                init: vinit,
                cond: vcond,
                body: vbody,
                ..
            },
        ] = body
        else {
            unreachable!("checked by jam_copies")
        };
        if parallel {
            let _ = writeln!(
                out,
                "{pad}#pragma omp parallel for private({})",
                self.iters[*iter]
            );
        }
        let _ = writeln!(
            out,
            "{pad}for ({it} = {}; {it} < {end} - {}L; {it} += {copies}) {{",
            self.aexpr(init),
            copies - 1
        );
        let v = &self.iters[*iter];
        let _ = writeln!(out, "{pad}  OPTIMIST_VECTOR");
        let _ = writeln!(
            out,
            "{pad}  for ({v} = {}; {}; {v} += 1) {{",
            self.aexpr(vinit),
            self.aexpr(vcond)
        );
        for q in 0..copies {
            let copy: Vec<Node> = vbody.iter().map(|n| shifted(n, k, q)).collect();
            out.push_str(&self.nodes(&copy, depth + 2));
        }
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}}}");
        // Where the groups of copies stopped (a parallel loop's counter is undefined after it).
        let first = self.aexpr(init);
        let _ = writeln!(
            out,
            "{pad}for ({it} = optimist_max({first}, {first} + ({end} - {first}) / {copies}L * {copies}L); {it} < {end}; {it} += 1) {{"
        );
        out.push_str(&self.loop_body(body, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    fn nodes(&self, nodes: &[Node], depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        for n in nodes {
            match n {
                Node::For {
                    iter,
                    init,
                    cond,
                    step: 1,
                    body,
                    jam: true,
                    kind,
                } if let Some(end) = crate::ast::exclusive_bound(*iter, cond)
                    && let Some(copies) = self.jam_copies(*iter, init, &end, body) =>
                {
                    let parallel =
                        *kind == LoopKind::Parallel && !crate::ast::writes_scalar(self.scop, body);
                    out.push_str(&self.jammed(*iter, init, &end, copies, body, parallel, depth));
                }
                Node::For {
                    iter,
                    init,
                    cond,
                    step: 1,
                    body,
                    kind: LoopKind::Accumulate,
                    jam,
                } if let Some(block) = crate::block::register_block(self.scop, *iter, body) => {
                    let serial = Node::For {
                        iter: *iter,
                        init: init.clone(),
                        cond: cond.clone(),
                        step: 1,
                        body: body.clone(),
                        kind: LoopKind::Serial,
                        jam: *jam,
                    };
                    out.push_str(&self.blocked(*iter, init, cond, &block, &serial, depth));
                }
                Node::For { .. } if let Some(site) = self.pack_site(n) => {
                    out.push_str(&self.packed_blocks(n, &site, depth));
                }
                Node::For {
                    iter,
                    init,
                    cond,
                    step,
                    body,
                    kind,
                    ..
                } => {
                    let it = &self.iters[*iter];
                    let mut test = self.aexpr(cond);
                    // Every statement in this loop runs in loops whose iterations the threads
                    // share: one parallel region around it, every thread running the loops
                    // outside those (a time loop: the threads meet at the end of each sweep
                    // instead of being started for each).
                    if self.threads.get() == Threads::One
                        && self.loops_around.get() == 0
                        && matches!(kind, LoopKind::Serial)
                        && self.region_fits(body)
                    {
                        let mut names = vec![*iter];
                        inner_iterators(body, &mut names);
                        let names: Vec<&str> =
                            names.iter().map(|&k| self.iters[k].as_str()).collect();
                        let _ = writeln!(
                            out,
                            "{pad}#pragma omp parallel private({})",
                            names.join(", ")
                        );
                        self.threads.set(Threads::Region);
                        out.push_str(&self.nodes(std::slice::from_ref(n), depth));
                        self.threads.set(Threads::One);
                        continue;
                    }
                    if let LoopKind::Vector { parallel, .. } = *kind {
                        // The loop carries no dependence and the run-time check proved the
                        // arrays apart: the C compiler need not prove it again (no
                        // reassociation is allowed by this). On threads too when it may.
                        let flat = crate::ast::unroll_short(body);
                        let printed = flat.as_deref().unwrap_or(body);
                        let (pragma, canonical) =
                            self.vector_pragma(*iter, init, cond, parallel, printed);
                        if let Some(t) = canonical {
                            test = t;
                        }
                        if let Some(flat) = &flat {
                            out.push_str(&self.unrolled_vector_loop(
                                *iter, init, &test, *step, flat, pragma, depth,
                            ));
                            continue;
                        }
                        let _ = writeln!(out, "{pad}{pragma}");
                    }
                    match kind {
                        // Threads when compiled with `-fopenmp` (ignored otherwise): the loops
                        // inside have counters of their own per thread. A loop writing a scalar
                        // of the function stays in order, as in native code. OpenMP wants the
                        // test in its canonical form.
                        LoopKind::Parallel if !crate::ast::writes_scalar(self.scop, body) => {
                            if let Some(end) = crate::ast::exclusive_bound(*iter, cond) {
                                test = format!("{it} < {}", self.aexpr(&end));
                                let mut inner = Vec::new();
                                inner_iterators(body, &mut inner);
                                let private = if inner.is_empty() {
                                    String::new()
                                } else {
                                    let names: Vec<&str> =
                                        inner.iter().map(|&k| self.iters[k].as_str()).collect();
                                    format!(" private({})", names.join(", "))
                                };
                                let _ = writeln!(out, "{pad}#pragma omp parallel for{private}");
                                let _ = writeln!(
                                    out,
                                    "{pad}for ({it} = {}; {test}; {it} += {step}) {{",
                                    self.aexpr(init),
                                );
                                let outside = self.threads.replace(Threads::Loop);
                                out.push_str(&self.loop_body(body, depth + 1));
                                self.threads.set(outside);
                                let _ = writeln!(out, "{pad}}}");
                                continue;
                            }
                        }
                        _ => {}
                    }
                    let _ = writeln!(
                        out,
                        "{pad}for ({it} = {}; {test}; {it} += {step}) {{",
                        self.aexpr(init),
                    );
                    out.push_str(&self.loop_body(body, depth + 1));
                    let _ = writeln!(out, "{pad}}}");
                }
                Node::If { cond, then, els } => {
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
                Node::Stmt {
                    stmt,
                    iterators,
                    indices,
                } => {
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
            }
        }
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

    /// A vector loop whose body has short loops, printed with them unrolled
    /// ([`crate::ast::unroll_short`], as native code runs it) and with what one iteration
    /// touches at one place kept in locals, which the C compiler then keeps in registers
    /// (it cannot otherwise: the arrays could overlap as far as it knows, and `restrict` does
    /// not survive OpenMP's outlining; the run-time check proved them apart):
    /// - an element the body writes first, then reads and writes at the same index
    ///   expressions (a convolution's `out[y][x]`, set to zero, then summed into over `dy,
    ///   dx`): a local, stored once at the end of the iteration;
    /// - a read of an array the body does not write, at indices free of the loop (the
    ///   convolution's `wt[dy][dx]`, with `dy, dx` now constants): a local set before the
    ///   loop, under the loop's own test, so it is read only when the program reads it.
    #[allow(clippy::too_many_arguments)]
    fn unrolled_vector_loop(
        &self,
        iter: usize,
        init: &AExpr,
        test: &str,
        step: i64,
        body: &[Node],
        pragma: &str,
        depth: usize,
    ) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let it = &self.iters[iter];
        let (locals, reads) = self.loop_locals(iter, body);
        let init = self.aexpr(init);
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
        out.push_str(&self.nodes(body, depth + 2));
        self.registers.borrow_mut().clear();
        for (k, (_, element)) in locals.iter().enumerate() {
            let _ = writeln!(out, "{pad}    {element} = optimist_r{k};");
        }
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// Loop `k` with a register block as its body ([`crate::block::register_block`]): when the block
    /// is whole, its elements are loaded into a local array before the loop, the statement
    /// computes in that array, and the array is stored after the loop (the C compiler keeps it
    /// in vector registers: each step of `k` loads a row of the columns and a value per row,
    /// and multiplies and adds in registers); `serial`, the loop as written, otherwise. The
    /// elements stay where they are along `k` and no other access of the block touches their
    /// array (`register_block`), and the run-time check proved the arrays apart: every
    /// element's value is the program's, computed in the program's order.
    fn blocked(
        &self,
        k: usize,
        init: &AExpr,
        cond: &AExpr,
        b: &RegisterBlock,
        serial: &Node,
        depth: usize,
    ) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let (r, c, it) = (&self.iters[b.row], &self.iters[b.column], &self.iters[k]);
        let (r0, c0) = (self.aexpr(&b.row_init), self.aexpr(&b.column_init));
        let (stmt, ctx) = b.statement(self.scop);
        let packed = self
            .packed
            .borrow()
            .as_ref()
            .filter(|p| p.stmt == stmt)
            .map(|p| (p.access, p.local.clone()));
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
        let st = self.scop.stmt(stmt);
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
            self.aexpr(init),
            self.aexpr(cond)
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
        out.push_str(&self.nodes(std::slice::from_ref(&b.stmt), depth + 4));
        self.registers.borrow_mut().clear();
        let _ = writeln!(out, "{pad}      }}");
        let _ = writeln!(out, "{pad}    }}");
        let _ = writeln!(out, "{pad}  }}");
        let _ = writeln!(out, "{pad}  {rows}");
        let _ = writeln!(out, "{pad}    {columns}");
        let _ = writeln!(out, "{pad}      {element} = {local};");
        let _ = writeln!(out, "{pad}}} else {{");
        out.push_str(&self.nodes(std::slice::from_ref(serial), depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// Whether `n` is a loop over a product's row blocks whose operand along the columns (the
    /// product's `B[k][j]`) can be packed: its body is a loop over column blocks whose body is
    /// a loop marked registers around a register block ([`crate::block::register_block`]), none of
    /// their bounds depends on the loops inside the first, both of constant length when whole
    /// (the column blocks of a tile, the reduction's tile), and the block's statement reads,
    /// unconditionally, an array it does not write at indices free of the rows that hold the
    /// columns' iterator in one subscript (plus a constant at most).
    fn pack_site(&self, n: &Node) -> Option<PackSite> {
        if self.packed.borrow().is_some() {
            return None;
        }
        let Node::For {
            iter: rows,
            step: 1,
            body,
            ..
        } = n
        else {
            return None;
        };
        let (blocks, blocks_init, blocks_cond, inside, _) = only_loop(body)?;
        let (k, k_init, k_cond, block, LoopKind::Accumulate) = only_loop(inside)? else {
            return None;
        };
        let b = crate::block::register_block(self.scop, *k, block)?;
        let free = |e: &AExpr, of: &[usize]| of.iter().all(|&x| !mentions(e, x));
        if !free(blocks_init, &[*rows])
            || !free(blocks_cond, &[*rows])
            || !free(k_init, &[*rows, *blocks])
            || !free(k_cond, &[*rows, *blocks])
            || !free(&b.column_init, &[*rows])
            || !free(&b.column_end, &[*rows])
        {
            return None;
        }
        let n_blocks = whole_length(
            blocks_init,
            &crate::ast::exclusive_bound(*blocks, blocks_cond)?,
        )?;
        let depth = whole_length(k_init, &crate::ast::exclusive_bound(*k, k_cond)?)?;
        let Node::Stmt { stmt, indices, .. } = &b.stmt else {
            return None;
        };
        let st = self.scop.stmt(*stmt);
        let written = self.scop.access(st.write).array;
        let mut unconditional = Vec::new();
        unconditional_reads(&st.value, &mut unconditional);
        let access = st.accesses.iter().copied().find(|&a| {
            let acc = self.scop.access(a);
            let Some((_, idx)) = indices.iter().find(|(x, _)| *x == a) else {
                return false;
            };
            let along: Vec<&AExpr> = idx.iter().filter(|e| mentions(e, b.column)).collect();
            acc.array != written
                && matches!(self.scop.array(acc.array).origin, ArrayOrigin::Array(_))
                && unconditional.contains(&a)
                && idx.iter().all(|e| !mentions(e, b.row))
                && matches!(along.as_slice(), [e] if offset_from(e, &AExpr::Iter(b.column)).is_some())
        })?;
        Some(PackSite {
            blocks: *blocks,
            blocks_init: blocks_init.clone(),
            blocks_cond: blocks_cond.clone(),
            n_blocks,
            k: *k,
            k_init: k_init.clone(),
            k_cond: k_cond.clone(),
            depth,
            block: b,
            access,
        })
    }

    /// The loop over a product's row blocks `n` ([`Self::pack_site`]) with its operand along
    /// the columns packed first: a buffer the kernel owns (`malloc`, freed after the loop)
    /// gets, for each whole column block, the operand's elements of the reduction's tile, one
    /// block's after the other, row of the reduction by row (the 16 columns a step of the
    /// reduction reads, contiguous); the blocks then read them there. Packing reads what
    /// every row block reads (the bounds are free of the rows), so only when a row block
    /// runs; a failed allocation leaves every block on the operand in memory. The values
    /// are the operand's: the block's statement does not write its array, and the run-time
    /// check proved the arrays apart.
    fn packed_blocks(&self, n: &Node, site: &PackSite, depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let b = &site.block;
        let Node::For {
            iter: rows,
            init: rows_init,
            cond: rows_cond,
            ..
        } = n
        else {
            unreachable!("checked by pack_site")
        };
        let (stmt, ctx) = b.statement(self.scop);
        let elem = self.scop.array(self.scop.access(site.access).array).elem;
        let (blocks, k, column, r) = (
            &self.iters[site.blocks],
            &self.iters[site.k],
            &self.iters[b.column],
            &self.iters[*rows],
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
        let _ = writeln!(out, "{pad}  {r} = {};", self.aexpr(rows_init));
        // The copy: a line each, one level deeper each.
        let lines = [
            format!("if (optimist_pack && {})", self.aexpr(rows_cond)),
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
        *self.packed.borrow_mut() = Some(Packed {
            stmt,
            access: site.access,
            local: place("optimist_b1"),
        });
        out.push_str(&self.nodes(std::slice::from_ref(n), depth + 1));
        *self.packed.borrow_mut() = None;
        let _ = writeln!(out, "{pad}  free(optimist_pack);");
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// [`Self::nodes`] for the body of a loop.
    fn loop_body(&self, body: &[Node], depth: usize) -> String {
        self.loops_around.set(self.loops_around.get() + 1);
        let out = self.nodes(body, depth);
        self.loops_around.set(self.loops_around.get() - 1);
        out
    }

    /// The line before a vector loop over `iter` with test `cond` and body `body` (as it is
    /// printed: statements), and the test in OpenMP's canonical form when the line makes the
    /// loop an OpenMP one: `OPTIMIST_SHARED_VECTOR` (`omp for simd`) in a parallel region,
    /// `OPTIMIST_PARALLEL_VECTOR` (`omp parallel for simd`) outside any threads, when the loop
    /// may run on threads (`parallel`), writes no scalar of the function and its bound is
    /// free of it; `OPTIMIST_VECTOR` otherwise. Without `-fopenmp` both are `OPTIMIST_VECTOR`.
    fn vector_pragma(
        &self,
        iter: usize,
        init: &AExpr,
        cond: &AExpr,
        parallel: bool,
        body: &[Node],
    ) -> (&'static str, Option<String>) {
        match threads_bound(self.scop, iter, init, cond, parallel, body) {
            Some(end) => {
                let test = format!("{} < {}", self.iters[iter], self.aexpr(&end));
                match self.threads.get() {
                    // Started once: the loop is outermost. Inside other loops it would start
                    // the threads once per iteration of theirs, for a loop whose length is
                    // one dimension's (lanes win there, as in native code).
                    Threads::One if self.loops_around.get() == 0 => {
                        ("OPTIMIST_PARALLEL_VECTOR", Some(test))
                    }
                    Threads::One => ("OPTIMIST_VECTOR", None),
                    Threads::Region => ("OPTIMIST_SHARED_VECTOR", Some(test)),
                    Threads::Loop => ("OPTIMIST_VECTOR", None),
                }
            }
            None => ("OPTIMIST_VECTOR", None),
        }
    }

    /// Whether every statement in `nodes` (the body of an outermost loop: a time loop) is in a
    /// vector loop directly in it (no loop between) that shares its iterations among threads
    /// in a parallel region ([`Self::vector_pragma`]), and there is one at least: every thread
    /// of the region can run everything else, the loop around and its tests, on its own, and
    /// the threads meet once per sweep of a whole dimension. A vector loop deeper inside would
    /// make them meet once per row, for a row's work.
    fn region_fits(&self, nodes: &[Node]) -> bool {
        fn walk(p: &Printer<'_>, nodes: &[Node], found: &mut bool) -> bool {
            nodes.iter().all(|n| match n {
                Node::Stmt { .. } => false,
                Node::If { then, els, .. } => walk(p, then, found) && walk(p, els, found),
                Node::For { jam: true, .. } => false,
                Node::For {
                    iter,
                    init,
                    cond,
                    body,
                    kind: LoopKind::Vector { parallel, .. },
                    ..
                } => {
                    let printed = crate::ast::unroll_short(body);
                    let printed = printed.as_deref().unwrap_or(body);
                    let ok = threads_bound(p.scop, *iter, init, cond, *parallel, printed).is_some();
                    *found |= ok;
                    ok
                }
                Node::For { .. } => false,
            })
        }
        let mut found = false;
        walk(self, nodes, &mut found) && found
    }

    /// What [`Self::unrolled_vector_loop`] keeps in locals, for a body of statements: the
    /// arrays with the element as C, and the invariant reads as C with their type.
    #[allow(clippy::type_complexity)]
    fn loop_locals(
        &self,
        iter: usize,
        body: &[Node],
    ) -> (
        Vec<(ScopArrayId, String)>,
        Vec<(String, optimist_scop::Type)>,
    ) {
        let written: Vec<ScopArrayId> = body
            .iter()
            .filter_map(|n| match n {
                Node::Stmt { stmt, .. } => {
                    Some(self.scop.access(self.scop.stmt(*stmt).write).array)
                }
                _ => None,
            })
            .collect();
        // Per written array: its index expressions, whether first touched by a write, refused.
        let mut seen: Vec<(ScopArrayId, Option<&[AExpr]>, bool, bool, String)> = Vec::new();
        let mut reads: Vec<(String, optimist_scop::Type)> = Vec::new();
        for n in body {
            let Node::Stmt {
                stmt,
                iterators,
                indices,
            } = n
            else {
                return (Vec::new(), Vec::new());
            };
            let st = self.scop.stmt(*stmt);
            let ctx = StmtCtx {
                st: Some(st),
                iterators,
                indices,
            };
            let exact = |a: AccessId| {
                indices
                    .iter()
                    .find(|(x, _)| *x == a)
                    .map(|(_, e)| e.as_slice())
            };
            let mut unconditional = Vec::new();
            if st.guard.is_none() {
                unconditional_reads(&st.value, &mut unconditional);
            }
            // Reads first (the value is computed before the write).
            let mut order: Vec<AccessId> = st
                .accesses
                .iter()
                .copied()
                .filter(|&a| a != st.write)
                .collect();
            order.push(st.write);
            for a in order {
                let acc = self.scop.access(a);
                let arr = self.scop.array(acc.array);
                if !matches!(arr.origin, ArrayOrigin::Array(_)) {
                    continue;
                }
                if !written.contains(&acc.array) {
                    if let Some(e) = exact(a)
                        && unconditional.contains(&a)
                        && !e.iter().any(|x| mentions(x, iter))
                    {
                        let text = self.access(&ctx, a);
                        if !reads.iter().any(|(t, _)| *t == text) {
                            reads.push((text, arr.elem));
                        }
                    }
                    continue;
                }
                let e = exact(a);
                match seen.iter_mut().find(|(x, ..)| *x == acc.array) {
                    Some((_, first, _, refused, _)) => *refused |= e.is_none() || e != *first,
                    None => {
                        let first_write = a == st.write && st.guard.is_none();
                        seen.push((acc.array, e, first_write, e.is_none(), self.access(&ctx, a)));
                    }
                }
            }
        }
        let locals = seen
            .into_iter()
            .filter(|(_, _, first_write, refused, _)| *first_write && !refused)
            .map(|(array, _, _, _, text)| (array, text))
            .collect();
        (locals, reads)
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
            ArrayOrigin::Scalar(v) => self.vars[v.0 as usize].clone(),
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

/// Where a product's operand along the columns is packed ([`Printer::pack_site`]): the loop
/// over column blocks and the reduction's loop (iterators, first values, conditions, lengths
/// when whole), the register block inside, and the access packed.
struct PackSite {
    blocks: usize,
    blocks_init: AExpr,
    blocks_cond: AExpr,
    n_blocks: i64,
    k: usize,
    k_init: AExpr,
    k_cond: AExpr,
    depth: i64,
    block: RegisterBlock,
    access: AccessId,
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

/// The iterators of the loops in `nodes`, each once.
fn inner_iterators(nodes: &[Node], out: &mut Vec<usize>) {
    for n in nodes {
        match n {
            Node::For { iter, body, .. } => {
                if !out.contains(iter) {
                    out.push(*iter);
                }
                inner_iterators(body, out);
            }
            Node::If { then, els, .. } => {
                inner_iterators(then, out);
                inner_iterators(els, out);
            }
            Node::Stmt { .. } => {}
        }
    }
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
