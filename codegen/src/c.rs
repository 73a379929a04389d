//! The C backend: a loop AST and the model's statements printed as a C function with the
//! original signature, compilable by any C compiler.
//!
//! Loop iterators are `long`; every expression of the statements is printed with the explicit
//! conversions of the IR, so a C compiler computes exactly what the interpreter does.

use crate::ast::{AExpr, LoopAst, Node};
use optimist_presburger::AstOp;
use optimist_scop::interp::Value;
use optimist_scop::ir::{ArrayKind, Dim, Function, Param, UnOp, VarKind};
use optimist_scop::model::{AccessId, ArrayOrigin, BodyExpr, BodyKind, Scop, ScopStmt};
use std::fmt::Write;

/// Prints C for one model, one AST.
struct Printer<'a> {
    f: &'a Function,
    scop: &'a Scop,
    /// The C names of the AST iterators (isl's, made distinct from the program's names).
    iters: Vec<String>,
    /// The C name of every variable of the program (names reused in several scopes get a suffix).
    vars: Vec<String>,
}

/// The C function computing `scop` in the order of `ast`, named `name` (the original name by
/// default) with the original parameters.
pub fn function(f: &Function, scop: &Scop, ast: &LoopAst, name: Option<&str>) -> String {
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
    let p = Printer {
        f,
        scop,
        iters,
        vars,
    };
    let mut out = String::new();
    out.push_str("#include <math.h>\n");
    out.push_str("static inline long optimist_floord(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }\n");
    out.push_str("static inline long optimist_min(long a, long b) { return a < b ? a : b; }\n");
    out.push_str("static inline long optimist_max(long a, long b) { return a > b ? a : b; }\n");
    p.signature(&mut out, name.unwrap_or(&f.name));
    out.push_str(" {\n");
    p.locals(&mut out);
    let body = p.nodes(&ast.body, 1);
    out.push_str(&body);
    out.push_str("}\n");
    out
}

impl Printer<'_> {
    fn signature(&self, out: &mut String, name: &str) {
        let params: Vec<String> = self
            .f
            .params
            .iter()
            .map(|p| match *p {
                Param::Scalar(v) => format!("{} {}", self.f.var(v).ty, self.f.var(v).name),
                Param::Array(a) => {
                    let arr = self.f.array(a);
                    match arr.kind {
                        ArrayKind::Pointer { restrict } => format!(
                            "{} *{}{}",
                            arr.elem,
                            if restrict { "restrict " } else { "" },
                            arr.name
                        ),
                        _ => {
                            let dims: String = arr
                                .dims
                                .iter()
                                .map(|d| match d {
                                    Dim::Const(n) => format!("[{n}]"),
                                    Dim::Expr(e) => format!("[{}]", self.f.expr_to_string(e)),
                                    Dim::Unknown => "[]".into(),
                                })
                                .collect();
                            format!("{} {}{}", arr.elem, arr.name, dims)
                        }
                    }
                }
            })
            .collect();
        let _ = write!(out, "void {name}({})", params.join(", "));
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
        for a in self.f.arrays.iter().filter(|a| a.kind == ArrayKind::Local) {
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
        // Reads assumed invariant, loaded once before the loops.
        for load in &self.scop.invariant_loads {
            let arr = self.scop.array(load.array);
            let subs: String = load
                .subscripts
                .iter()
                .map(|s| format!("[{}]", self.body(&StmtCtx::NONE, s)))
                .collect();
            let _ = writeln!(out, "  long {} = {}{subs};", load.param, arr.name);
        }
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
                    step,
                    body,
                    ..
                } => {
                    let it = &self.iters[*iter];
                    let _ = writeln!(
                        out,
                        "{pad}for ({it} = {}; {}; {it} += {step}) {{",
                        self.aexpr(init),
                        self.aexpr(cond)
                    );
                    out.push_str(&self.nodes(body, depth + 1));
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
                match op {
                    AstOp::And | AstOp::AndThen => bin("&&"),
                    AstOp::Or | AstOp::OrElse => bin("||"),
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
                    AstOp::Add => bin("+"),
                    AstOp::Sub => bin("-"),
                    AstOp::Mul => bin("*"),
                    AstOp::Div | AstOp::PdivQ => bin("/"),
                    AstOp::FdivQ => format!("optimist_floord({}, {})", x(0), x(1)),
                    AstOp::PdivR | AstOp::ZdivR => bin("%"),
                    AstOp::Cond | AstOp::Select => format!("({} ? {} : {})", x(0), x(1), x(2)),
                    AstOp::Eq => bin("=="),
                    AstOp::Le => bin("<="),
                    AstOp::Lt => bin("<"),
                    AstOp::Ge => bin(">="),
                    AstOp::Gt => bin(">"),
                    AstOp::Call | AstOp::Access | AstOp::Member | AstOp::AddressOf => {
                        "0 /* unexpected */".into()
                    }
                }
            }
        }
    }

    /// An access as a C lvalue or rvalue.
    fn access(&self, ctx: &StmtCtx<'_>, a: AccessId) -> String {
        let acc = self.scop.access(a);
        let arr = self.scop.array(acc.array);
        let name = match arr.origin {
            ArrayOrigin::Array(id) => self.f.array(id).name.clone(),
            ArrayOrigin::Scalar(v) => self.vars[v.0 as usize].clone(),
        };
        if let Some((_, idx)) = ctx.indices.iter().find(|(x, _)| *x == a) {
            let subs: String = idx.iter().map(|i| format!("[{}]", self.aexpr(i))).collect();
            return format!("{name}{subs}");
        }
        match &acc.subscripts {
            Some(subs) => {
                let subs: String = subs
                    .iter()
                    .map(|s| format!("[{}]", self.body(ctx, s)))
                    .collect();
                format!("{name}{subs}")
            }
            None => name,
        }
    }

    fn body(&self, ctx: &StmtCtx<'_>, e: &BodyExpr) -> String {
        match &e.kind {
            BodyKind::Const(Value::Int(v)) => format!(
                "(({}){v}{})",
                e.ty,
                if e.ty.is_signed() { "LL" } else { "ULL" }
            ),
            BodyKind::Const(Value::F32(x)) => format!("{x:?}f"),
            BodyKind::Const(Value::F64(x)) => format!("{x:?}"),
            BodyKind::Param(v) => self.f.var(*v).name.clone(),
            BodyKind::Iter(k) => {
                let Some(st) = ctx.st else {
                    return "0 /* no iterator here */".into();
                };
                let ty = self.f.var(st.iterators[*k]).ty;
                format!(
                    "(({ty}){})",
                    ctx.iterators
                        .get(*k)
                        .map(|i| self.aexpr(i))
                        .unwrap_or_default()
                )
            }
            BodyKind::Access(a) => self.access(ctx, *a),
            BodyKind::Unary(op, a) => {
                let sym = match op {
                    UnOp::Neg => "-",
                    UnOp::BitNot => "~",
                    UnOp::Not => "!",
                };
                format!("({sym}{})", self.body(ctx, a))
            }
            BodyKind::Binary(op, a, b) => format!(
                "({} {} {})",
                self.body(ctx, a),
                op.symbol(),
                self.body(ctx, b)
            ),
            BodyKind::Cast(a) => format!("(({}){})", e.ty, self.body(ctx, a)),
            BodyKind::Select(c, a, b) => format!(
                "({} ? {} : {})",
                self.body(ctx, c),
                self.body(ctx, a),
                self.body(ctx, b)
            ),
            BodyKind::Call(fun, args) => {
                let args: Vec<String> = args.iter().map(|a| self.body(ctx, a)).collect();
                format!("{}({})", fun.c_name(e.ty), args.join(", "))
            }
        }
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
