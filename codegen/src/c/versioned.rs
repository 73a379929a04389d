//! The versioned C program: the faithful function, the decided one, and the entry that runs
//! the run-time check with overflow-checked arithmetic and calls one of them.

use super::*;

/// The versioned C program of a function: the faithful translation of the program IR
/// (`NAME_fallback`), the model-based code (`NAME_optimized`), and `NAME` with the original
/// signature, which pre-loads the invariant reads where the program reads them, evaluates the
/// run-time check with `__builtin_*_overflow` (any overflow fails it) and calls one of the two.
/// The variable `int NAME_version` says which ran: 1 optimized, 0 fallback (one per kernel,
/// with the kernel's linkage: `static` for a `static` function, so that the rewritten files of
/// one program link together). Values only native code knows (the extent of a buffer) fail
/// the check in C.
#[derive(Clone, Debug)]
pub struct CProgram {
    /// The C text.
    pub code: String,
    /// The run-time check in C notation (without the overflow checks), when there is one:
    /// the plan's [`Plan::check_c`](crate::Plan::check_c).
    pub check: Option<String>,
    /// Why the program's code alone was written although there was a plan: its optimized
    /// version would add nothing the C compiler does not do ([`crate::Decided::as_written`]).
    pub as_written: Option<String>,
}

/// [`CProgram`] for `f`, the entry point named `name`: with a plan (from the driver,
/// `optimist::optimize`), versioned by its run-time check; without one, the faithful
/// translation only.
pub fn versioned(
    f: &Function,
    plan: Option<&crate::Plan>,
    name: &str,
) -> Result<CProgram, crate::CodegenError> {
    let target = plan.map(crate::Plan::c_target);
    versioned_for(f, plan, name, target.as_ref())
}

/// [`versioned`] decided for the C target `target` (`None`: the plan's,
/// [`crate::Plan::c_target`]); a target whose `as_written` is off always writes the
/// optimized version.
pub fn versioned_for(
    f: &Function,
    plan: Option<&crate::Plan>,
    name: &str,
    target: Option<&optimist_loopy::Target>,
) -> Result<CProgram, crate::CodegenError> {
    let mut code = String::from(PREAMBLE);
    code.push_str(&f.c_pure_declarations());
    // The entry and its version variable keep the function's linkage.
    let storage = if f.is_static { "static " } else { "" };
    let _ = writeln!(code, "{storage}int {name}_version;");
    let _ = write!(code, "static {}", f.to_c(&format!("{name}_fallback")));
    let args = f.c_args();
    let mut check = None;
    // `return f();` for a function with a value (not valid C for `void`).
    let ret = if f.ret.is_some() { "return " } else { "" };
    let decided = plan.map(|p| match target {
        Some(t) => p.decide_with(t, &f.file_scope),
        None => p.decide_c_with(&f.file_scope),
    });
    // A check C cannot evaluate never passes: the program's code alone, saying why.
    let as_written = decided
        .as_ref()
        .and_then(|d| d.as_written.clone())
        .or_else(|| plan.and_then(|p| fails_in_c(f, &p.scop, &p.check)));
    if let Some(why) = &as_written {
        let _ = writeln!(code, "/* optimist: kept as written: {why} */");
    }
    match plan.zip(decided).filter(|_| as_written.is_none()) {
        None => {
            let _ = writeln!(
                code,
                "{storage}{} {{\n  {name}_version = 0;\n  {ret}{name}_fallback({});\n}}",
                f.c_signature(name),
                args.join(", ")
            );
        }
        Some((p, decided)) => {
            check = Some(p.check_c());
            let printer = Printer::new(f, &p.scop, &p.ast.iterators, true);
            code.push_str(CHECK_HELPERS);
            code.push_str(&printer.definition(&decided, &format!("{name}_optimized"), "static "));
            code.push_str(storage);
            code.push_str(&f.c_signature(name));
            code.push_str(" {\n  int ovf = 0;\n");
            for q in &p.check.preloads {
                let load = &p.scop.invariant_loads[q.load];
                let arr = printer.array_name(load.array);
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
                            checked(f, &p.scop, g),
                            arr
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
                checked(f, &p.scop, &p.check.condition)
            );
            let mut call_args = args.clone();
            call_args.extend(p.scop.invariant_loads.iter().map(|l| l.param.clone()));
            let _ = writeln!(
                code,
                "  if (!ovf && check) {{\n    {name}_version = 1;\n    {ret}{name}_optimized({});\n  }} else {{\n    {name}_version = 0;\n    {ret}{name}_fallback({});\n  }}\n}}",
                call_args.join(", "),
                args.join(", ")
            );
        }
    }
    Ok(CProgram {
        code,
        check,
        as_written,
    })
}

/// The flat elements of array `k` when it is an array at file scope of constant size: its
/// buffer exactly (`Function::file_scope`; a parameter's declared size promises nothing). C
/// knows no other buffer's extent.
fn file_extent(f: &Function, scop: &Scop, k: ScopArrayId) -> Option<i64> {
    match scop.array(k).origin {
        ArrayOrigin::Array(a) if f.file_scope.contains(&a) => (f.array(a).dims.iter())
            .map(|d| match d {
                Dim::Const(n) => i64::try_from(*n).ok(),
                _ => None,
            })
            .try_fold(1i64, |acc, n| acc.checked_mul(n?)),
        _ => None,
    }
}

/// Why the run-time check `check` of a kernel of `f` can never pass in C, when it cannot: it
/// needs the extent of a buffer that is not an array at file scope of constant size (only
/// native code is given extents), or the address of an invariant read the program makes at a
/// place not known before it runs. Such a check is found here, at compile time, and the
/// program's code is written alone instead of a version that never runs.
fn fails_in_c(f: &Function, scop: &Scop, check: &optimist_assume::RuntimeCheck) -> Option<String> {
    use optimist_assume::{CheckExpr, CheckLeaf};
    fn extent<'e>(e: &'e CheckExpr, out: &mut Vec<&'e CheckLeaf>) {
        match e {
            CheckExpr::Leaf(l @ (CheckLeaf::BufferStart(_) | CheckLeaf::BufferEnd(_))) => {
                out.push(l)
            }
            CheckExpr::Op(_, args) => args.iter().for_each(|a| extent(a, out)),
            CheckExpr::Int(_) | CheckExpr::Leaf(_) => {}
        }
    }
    let mut leaves = Vec::new();
    extent(&check.condition, &mut leaves);
    for p in &check.preloads {
        match &p.executed {
            Some(g) => extent(g, &mut leaves),
            None => {
                let load = &scop.invariant_loads[p.load];
                return Some(format!(
                    "the run-time check reads `{}` where the program reads it, which C cannot know before the code runs: it would never pass",
                    scop.array(load.array).name
                ));
            }
        }
    }
    let unknown = leaves.into_iter().find_map(|l| match l {
        CheckLeaf::BufferStart(k) | CheckLeaf::BufferEnd(k) => {
            file_extent(f, scop, *k).is_none().then_some(*k)
        }
        _ => None,
    })?;
    Some(format!(
        "the run-time check needs the extent of `{}`'s buffer, which C is not given (native code is): it would never pass",
        scop.array(unknown).name
    ))
}

/// Overflow-checked operations of the run-time check (Algorithm 1): each sets `*o` on overflow
/// (or division by zero) and returns some value. Every operand is evaluated (they are calls).
/// Defined once in a file that holds several versioned functions.
pub(super) const CHECK_HELPERS: &str = "#ifndef OPTIMIST_CHECK_HELPERS
#define OPTIMIST_CHECK_HELPERS
static inline long ck_add(long a, long b, int *o) { long r; *o |= __builtin_add_overflow(a, b, &r); return r; }
static inline long ck_sub(long a, long b, int *o) { long r; *o |= __builtin_sub_overflow(a, b, &r); return r; }
static inline long ck_mul(long a, long b, int *o) { long r; *o |= __builtin_mul_overflow(a, b, &r); return r; }
static inline int ck_bad_div(long a, long b, int *o) { int bad = b == 0 || (b == -1 && a == (-9223372036854775807L - 1)); *o |= bad; return bad; }
static inline long ck_div(long a, long b, int *o) { return ck_bad_div(a, b, o) ? 0 : a / b; }
static inline long ck_rem(long a, long b, int *o) { return ck_bad_div(a, b, o) ? 0 : a % b; }
static inline long ck_fdiv(long a, long b, int *o) { if (ck_bad_div(a, b, o)) return 0; long q = a / b, r = a % b; return q - (r != 0 && ((r < 0) != (b < 0))); }
static inline long ck_sel(long c, long a, long b) { return c ? a : b; }
static inline long ck_and(long a, long b) { return (a != 0) & (b != 0); }
static inline long ck_or(long a, long b) { return (a != 0) | (b != 0); }
#endif
";

/// A check expression as C calling the overflow-checked helpers on `ovf` (a kernel of `f`).
pub(super) fn checked(f: &Function, scop: &Scop, e: &optimist_assume::CheckExpr) -> String {
    use optimist_assume::{CheckExpr, CheckLeaf};
    let extent = |k: ScopArrayId| file_extent(f, scop, k);
    match e {
        CheckExpr::Leaf(CheckLeaf::BufferStart(k)) if extent(*k).is_some() => "0L".into(),
        CheckExpr::Leaf(CheckLeaf::BufferEnd(k)) if let Some(n) = extent(*k) => format!("{n}L"),
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
            let x = |k: usize| a.get(k).map(|e| checked(f, scop, e)).unwrap_or_default();
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
                    let g = if *op == AstOp::Min {
                        "optimist_min"
                    } else {
                        "optimist_max"
                    };
                    a.iter()
                        .map(|e| checked(f, scop, e))
                        .reduce(|acc, e| format!("{g}({acc}, {e})"))
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
