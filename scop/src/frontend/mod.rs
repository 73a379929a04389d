//! The C front end: C source to the program IR.
//!
//! `lang-c` parses (GNU C11). When the source has preprocessor directives other than
//! `#pragma`, the system preprocessor runs first (`cc -E`; line markers are kept, not dropped
//! with `-P`, so that every error names the user's `file:line:col`). The function is chosen by
//! name, else the one holding a `#pragma scop` region, else the only one; the region is lowered
//! when there is one (declarations before it still declare their variables), else the body.
//!
//! Lowering applies C's typing through the IR's constructors and refuses, with the position and
//! the reason, everything outside the subset: `goto`, `while`, `switch`, `break`, `return`,
//! calls other than the pure math functions and functions declared `__attribute__((const))`
//! ([`crate::ir::PureFn`]), pointer arithmetic other than subscripting,
//! address-of, structs, side effects inside expressions (`A[i++]`), and syntax errors. Nothing
//! given to the front end makes it panic: the parser runs on a thread with a large stack, its
//! panics are caught, and input nested deeper than the IR's bound is refused.
//!
//! # Design notes
//!
//! - **C front end** (`frontend/`). `lang-c` parses GNU C11. Sources with directives other than
//!   `#pragma` go through `cc -E` *with* line markers (not `-P`), so every error names the user's
//!   `file:line:col`; otherwise comments are blanked in place. Function choice: `--function`, else
//!   the one holding a `#pragma scop` region, else the only one; the regions are lowered when
//!   present, one after the other (declarations outside them declare their variables and run their
//!   initializers; any other statement outside them is an error, since the IR must mean what the C
//!   function means, so several regions are one SCoP). `FrontendConfig` carries `-I`
//!   directories and `-D` defines for the preprocessor (with a define, it always runs). Everything outside the subset is a `CError`
//!   with position and reason. The C people write is lowered to the same IR: a chained assignment
//!   (`a = b += e;`) becomes one assignment per target, each outer one reading the inner target
//!   back (the value of an assignment is its target's after the store); hexadecimal floating
//!   constants are rounded to nearest-even by the front end's own conversion (`hex_float`, exact
//!   for `float` too, no double rounding); a `while` or `do`-`while` loop that counts (its test
//!   compares an integer counter, its body's last statement steps it by a constant) becomes a
//!   `for` loop that takes the assignment just before it as its start; a loop test `i < a && i < b`
//!   is one bound `a < b ? a : b` (with `>`/`>=`, the larger; mixed operators are refused), and a `do`-`while`'s bound
//!   becomes `max(bound, start + step)` (written with `?:`) so that its first iteration always runs.
//!   The model reads `c ? a : b` in bounds and subscripts as a piecewise affine function when `c`
//!   is affine. Parsing, lowering and dropping the syntax tree run on a thread with a 512 MiB stack (they
//!   recurse on its depth, and `a * b * c ...` is as deep as it is long), behind a pre-scan
//!   that refuses nesting deeper than the IR's bound, and its panics are caught: no input makes the
//!   front end panic (proptest checks random text).

use crate::ir::{
    Array, ArrayId, ArrayKind, BinOp, Dim, Expr, ExprKind, For, Function, IrError, IrLeaf, LValue,
    LoopCond, MathFn, Param, PureFn, PureImpl, SrcLoc, Stmt, StmtKind, UnOp, Var, VarId, VarKind,
};
use crate::types::Type;
use lang_c::ast::{
    self, BlockItem, DeclarationSpecifier, DerivedDeclarator, Expression, Statement,
};
use lang_c::span::{Node, Span};
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

mod counted;
mod decl;
mod expr;
mod finals;
mod induction;
mod inline;
mod nests;
mod pure;
mod regions;
mod source;
mod statements;
mod stmt;
mod switch;
mod wrap;

#[cfg(test)]
use expr::{character, hex_float};
pub use nests::{BodyItem, LoopNest, loop_nests};
use pure::*;
pub use regions::{CELL_PREFIX, Input, Pass, Region, regions};
use source::*;
pub use statements::{Statements, StatementsParam, statements};
use stmt::*;

/// A C error: where and what, with a hint at what to change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{loc}: {message}")]
pub struct CError {
    /// The position in the user's source.
    pub loc: SrcLoc,
    /// What is wrong or not supported.
    pub message: String,
}

/// Options of the front end.
#[derive(Clone, Debug, Default)]
pub struct FrontendConfig {
    /// The function to lower; by default the one with a `#pragma scop` region, else the only one.
    pub function: Option<String>,
    /// The C compiler used as preprocessor (`cc` when empty).
    pub cc: Option<String>,
    /// Directories searched for `#include` (`-I DIR`), after the source's own directory.
    pub include_dirs: Vec<std::path::PathBuf>,
    /// Macros defined before the source (`-D NAME` or `-D NAME=VALUE`). With any, the
    /// preprocessor always runs.
    pub defines: Vec<String>,
    /// Implementations of functions the source declares `__attribute__((const))`, by name.
    /// A function without one here runs its definition in the source, when the source has one
    /// (through the interpreter); without either, the program still compiles to C, and the
    /// interpreter and native code refuse to run it.
    pub pures: Vec<(String, PureImpl)>,
    /// Regions given by their lines in the source (first and last, 1-based, inclusive: whole
    /// statements of one block, on lines of their own) in place of the `#pragma scop` regions:
    /// what a caller that found them itself (automatic detection over [`loop_nests`]) reads as
    /// regions. Empty: the pragmas say where the regions are.
    pub regions: Vec<(u32, u32)>,
    /// Array parameters of the function read that stand for array objects where it is called
    /// (a region's kernel takes the globals and the caller's local arrays it uses as
    /// parameters): `sizeof` of one is its whole size, not a pointer's.
    pub array_objects: Vec<String>,
    /// Whether the body of a function of the file called as a statement, inlined where it is
    /// called, sees the caller's names: set by a caller that checked, as [`regions`] does for
    /// a region's kernel, that every global such a body uses is an input of the function read
    /// and that no declaration of the caller hides it. Unset, the body sees its parameters
    /// and locals alone.
    pub calls_see_globals: bool,
}

/// The largest source the front end reads.
const MAX_SOURCE: usize = 4 << 20;

/// Reads and lowers the C file at `path`.
pub fn parse_file(path: &Path, config: &FrontendConfig) -> Result<Function, CError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| CError {
        loc: SrcLoc {
            file: name.clone(),
            line: 0,
            col: 0,
        },
        message: format!("cannot read the file: {e}"),
    })?;
    parse_source(&name, &text, path.parent(), config)
}

/// Lowers C `text` named `name`; `include_dir` is where `#include "..."` looks.
pub fn parse_source(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    config: &FrontendConfig,
) -> Result<Function, CError> {
    let function = config.function.clone();
    let objects = config.array_objects.clone();
    let calls_see_globals = config.calls_see_globals;
    let pure_bindings: HashMap<String, PureImpl> = config.pures.iter().cloned().collect();
    on_unit(
        name,
        text,
        include_dir,
        config,
        move |name, lines, unit, pragmas| {
            let at_start = || SrcLoc {
                file: name.to_string(),
                line: 1,
                col: 1,
            };
            let pures = Rc::new(Pures::collect(unit, pure_bindings, pragmas));
            let mut lower = Lower::new(lines, pures);
            lower.objects = objects;
            lower.calls_see_globals = calls_see_globals;
            lower.enums(unit);
            lower.typedefs(unit);
            let def = lower.pick_function(unit, function.as_deref(), pragmas, at_start())?;
            lower.function(def, pragmas)
        },
    )
}

/// A function defined in a C file ([`definitions`]): where it stands in the file, and whether
/// it holds a `#pragma scop` region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    /// Its name.
    pub name: String,
    /// The line its definition starts on (1-based), and the column.
    pub first_line: u32,
    /// The column of its first character on `first_line` (1-based).
    pub first_col: u32,
    /// The line its body's closing brace is on.
    pub last_line: u32,
    /// Whether a `#pragma scop` region is inside it.
    pub has_scop: bool,
}

/// The functions defined in C `text` named `name` itself (not in the files it includes), in
/// order: what a source-to-source rewrite of a whole file replaces.
pub fn definitions(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    config: &FrontendConfig,
) -> Result<Vec<Definition>, CError> {
    on_unit(
        name,
        text,
        include_dir,
        config,
        |name, lines, unit, pragmas| {
            let mut out = Vec::new();
            for (def, start, end) in own_definitions(name, lines, unit) {
                out.push(Definition {
                    name: declarator_name(&def.node.declarator.node).unwrap_or_default(),
                    first_line: start.line,
                    first_col: start.col,
                    last_line: end.line,
                    has_scop: !pragmas.in_span(def.span).is_empty(),
                });
            }
            Ok(out)
        },
    )
}

/// The function definitions of `unit` that stand in the file `name` itself (not in a file it
/// includes), in order, each with the positions of its first and last character.
fn own_definitions<'u>(
    name: &'u str,
    lines: &'u LineMap,
    unit: &'u ast::TranslationUnit,
) -> impl Iterator<Item = (&'u Node<ast::FunctionDefinition>, SrcLoc, SrcLoc)> + 'u {
    unit.0.iter().filter_map(move |e| {
        let ast::ExternalDeclaration::FunctionDefinition(def) = &e.node else {
            return None;
        };
        let start = lines.loc(def.span.start);
        let end = lines.loc(def.span.end.saturating_sub(1).max(def.span.start));
        (start.file == name && end.file == name).then_some((def, start, end))
    })
}

/// Preprocesses `text` when it needs it and parses it, then runs `then` on the translation
/// unit. Parsing, lowering and dropping the syntax tree all recurse on its depth (`a * b * c
/// ...` is as deep as it is long): they run on a thread with a large stack, whatever the
/// caller's, and a panic among them becomes an error.
fn on_unit<T: Send + 'static>(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    config: &FrontendConfig,
    then: impl FnOnce(&str, &LineMap, &ast::TranslationUnit, &Pragmas) -> Result<T, CError>
    + Send
    + 'static,
) -> Result<T, CError> {
    let at_start = || SrcLoc {
        file: name.to_string(),
        line: 1,
        col: 1,
    };
    if text.len() > MAX_SOURCE {
        return Err(CError {
            loc: at_start(),
            message: format!("source larger than {MAX_SOURCE} bytes"),
        });
    }
    let needs_cpp = !config.defines.is_empty()
        || text.lines().any(|l| {
            let t = l.trim_start();
            t.starts_with('#') && !t[1..].trim_start().starts_with("pragma")
        });
    let source = if needs_cpp {
        preprocess(name, text, include_dir, config)?
    } else {
        blank_comments(text)
    };
    let name = name.to_string();
    let given = config.regions.clone();
    let handle = std::thread::Builder::new()
        .name("c-front-end".into())
        .stack_size(512 << 20)
        .spawn(move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
                let lines = LineMap::new(&name, &source);
                let unit = parse_unit(&source).map_err(|(offset, message)| CError {
                    loc: lines.loc(offset),
                    message,
                })?;
                let pragmas = if given.is_empty() {
                    Pragmas::find(&source)
                } else {
                    Pragmas::at_lines(&source, &lines, &given)
                };
                then(&name, &lines, &unit, &pragmas)
            }))
        })
        .map_err(|e| CError {
            loc: at_start(),
            message: format!("cannot start the C front end: {e}"),
        })?;
    match handle.join() {
        Ok(Ok(result)) => result,
        _ => Err(CError {
            loc: at_start(),
            message: "the C front end failed on this input (a bug: please report it)".into(),
        }),
    }
}

/// Names in scope while lowering a function.
#[derive(Clone, Copy)]
enum Name {
    Var(VarId),
    Array(ArrayId),
    /// A parameter of a function inlined at a call: the argument's value
    /// (`Lower::inlined`).
    Value(usize),
    /// A parameter of a function inlined at a call that points to the struct the call passes
    /// (`step(&st)`): its members are the kernel's variables `st__m` (`Lower::structs`).
    Struct(usize),
    /// A parameter of a function inlined at a call that is given a row of an array
    /// (`smooth(u[k])`): the array and the leading subscripts (`Lower::rows`).
    Row(usize),
}

struct Lower<'a> {
    lines: &'a LineMap,
    pures: Rc<Pures<'a>>,
    typedefs: HashMap<String, Type>,
    /// The file's typedefs of types the front end does not read, with the reason.
    refused_typedefs: HashMap<String, String>,
    /// The arguments of the calls being inlined, which their parameters name
    /// ([`Name::Value`]).
    inlined: Vec<Expr>,
    /// The functions being inlined, innermost last (to refuse recursion).
    inlining: Vec<String>,
    /// The structs inlined calls pass, by the caller's name ([`Name::Struct`]).
    structs: Vec<String>,
    /// The rows of arrays inlined calls pass: the array and its leading subscripts
    /// ([`Name::Row`]).
    rows: Vec<(ArrayId, Vec<Expr>)>,
    /// [`FrontendConfig::array_objects`].
    objects: Vec<String>,
    /// [`FrontendConfig::calls_see_globals`].
    calls_see_globals: bool,
    vars: crate::id::IdVec<VarId, Var>,
    arrays: crate::id::IdVec<ArrayId, Array>,
    /// Block scopes, innermost last.
    scopes: Vec<HashMap<String, Name>>,
    /// Local scalars whose value is an integer constant here: assigned it in the function's
    /// outermost block and not assigned since. A local array's size may read them (`int n;
    /// n = 5; int A[n];`): local arrays are sized when the function starts, so the size takes
    /// the constant.
    constants: HashMap<VarId, Expr>,
    /// The file's enumeration constants whose values are known (`enum { N = 100 };`).
    enums: HashMap<String, Expr>,
    /// The tags of the file's enumerated types whose constants are all known and not
    /// negative (`enum bc { WALL, OPEN };`): `enum bc` is `unsigned int`, as for gcc and clang.
    unsigned_enums: std::collections::HashSet<String>,
}

type R<T> = Result<T, CError>;

fn declarator_name(d: &ast::Declarator) -> Option<String> {
    match &d.kind.node {
        ast::DeclaratorKind::Identifier(id) => Some(id.node.name.clone()),
        ast::DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        ast::DeclaratorKind::Abstract => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{FrontendConfig, character, hex_float, parse_source};

    #[test]
    fn character_constants_are_ints() {
        assert_eq!(character("'a'"), Some(97));
        assert_eq!(character("'\\n'"), Some(10));
        assert_eq!(character("'\\0'"), Some(0));
        assert_eq!(character("'\\''"), Some(39));
        assert_eq!(character("'\\x41'"), Some(65));
        assert_eq!(character("'\\101'"), Some(65));
        assert_eq!(character("'\\xff'"), Some(-1), "`char` is signed");
        assert_eq!(character("'ab'"), None);
        assert_eq!(character("L'a'"), None);
        assert_eq!(character("'\\x100'"), None);
    }

    #[test]
    fn enumeration_constants_are_ints() {
        let src = "enum { A = 3, B, C = B * 2 };\nvoid f(int x[C]) {\n  for (int i = 0; i < C; i++)\n    x[i] = B + 'a';\n}\n";
        let f = parse_source("e.c", src, None, &FrontendConfig::default()).unwrap();
        let text = format!("{f:?}");
        assert!(text.contains("Const(8)"), "{text}");
        // `enum tag` of a type defined in the file with constants that are not negative is
        // `unsigned int`; one with a negative constant is refused.
        let src =
            "enum bc { WALL, OPEN = 4 };\nvoid f(enum bc k, int x[4]) {\n  x[0] = k == OPEN;\n}\n";
        let f = parse_source("e.c", src, None, &FrontendConfig::default()).unwrap();
        assert_eq!(f.var(crate::ir::VarId(0)).ty, crate::types::Type::U32);
        let src = "enum sg { NEG = -1, POS };\nvoid f(enum sg k, int x[4]) {\n  x[0] = k;\n}\n";
        let e = parse_source("e.c", src, None, &FrontendConfig::default()).unwrap_err();
        assert!(e.message.contains("enumerated types"), "{e}");
        let src = "enum { A = 3 };\nvoid f(int x[4]) {\n  x[0] = Z;\n}\n";
        let e = parse_source("e.c", src, None, &FrontendConfig::default()).unwrap_err();
        assert!(e.message.contains("unknown variable `Z`"), "{e}");
    }

    #[test]
    fn calls_of_the_files_void_functions_are_inlined() {
        // A function with a region calling a helper on its own arrays and values: the body
        // stands where it is called (no call left), a parameter the body assigns is a local
        // of its own, one it only reads is the argument's value (its loop bound stays `n`).
        let src = "static void scale(double *v, int n, double f) {\n  for (int i = 0; i < n; i++)\n    v[i] *= f;\n  f = 0.0;\n  return;\n}\nstatic void twice(double *v, int n) { scale(v, n, 2.0); scale(v, n, 0.5); }\nvoid g(int n, double x[n]) {\n#pragma scop\n  for (int t = 0; t < 3; t++)\n    twice(x, n);\n#pragma endscop\n}\n";
        let f = parse_source("h.c", src, None, &FrontendConfig::default()).unwrap();
        let text = f.to_string();
        assert!(!text.contains("scale("), "{text}");
        assert!(text.contains("i < n"), "{text}");
        assert!(text.contains("f = 0.0"), "{text}");
        // Outside a region's kernel the body sees its parameters alone: a global it uses is
        // unknown there, and the call is refused naming the helper's line.
        let src = "double w[8];\nstatic void clear(void) {\n  for (int i = 0; i < 8; i++)\n    w[i] = 0.0;\n}\nvoid g(int n, double x[n]) {\n#pragma scop\n  clear();\n#pragma endscop\n}\n";
        let e = parse_source("h.c", src, None, &FrontendConfig::default()).unwrap_err();
        assert!(e.message.contains("`w` is not an array"), "{e}");
        assert_eq!(e.loc.line, 4, "{e}");
        // Recursion is refused with its reason.
        let src = "static void r(double *v, int n) { v[0] += 1.0; r(v, n); }\nvoid g(int n, double x[n]) {\n#pragma scop\n  r(x, n);\n#pragma endscop\n}\n";
        let e = parse_source("h.c", src, None, &FrontendConfig::default()).unwrap_err();
        assert!(e.message.contains("calls itself"), "{e}");
    }

    #[test]
    fn structured_switches_are_chains_of_ifs() {
        // Case labels are integer constant expressions (`4 / 2`).
        let ok = "void f(int n, int k, double x[n]) {\n  for (int i = 0; i < n; i++)\n    switch (k) {\n    case 1: case 4 / 2:\n      x[i] = 1.0;\n      break;\n    default:\n      x[i] = 2.0;\n    }\n}\n";
        let f = parse_source("s.c", ok, None, &FrontendConfig::default()).unwrap();
        let text = f.to_string();
        assert!(text.contains("k == 1"), "{text}");
        assert!(text.contains("k == 2"), "{text}");
        // A clause that falls through runs the next one's statements too.
        let src = "void f(int n, int k, double x[n]) {\n  for (int i = 0; i < n; i++)\n    switch (k) {\n    case 1:\n      x[i] = 1.0;\n    case 2:\n      x[i] += 2.0;\n      break;\n    }\n}\n";
        let f = parse_source("s.c", src, None, &FrontendConfig::default()).unwrap();
        let text = f.to_string();
        assert_eq!(text.matches("+ 2.0").count(), 2, "{text}");
        // What is refused, and where.
        for (body, why, line) in [
            (
                "case 1: if (i) { case 2: x[i] = 2.0; } break;",
                "inside another statement",
                3,
            ),
            (
                "case 1: { int t = 1; x[i] = t; } break;\n    int u;",
                "declaration",
                4,
            ),
            (
                "x[i] = 0.0;\n    case 1: x[i] = 1.0; break;",
                "no `case` label reaches",
                3,
            ),
            (
                "case 1: x[i] = 1.0; break; x[i] = 3.0;",
                "no `case` label reaches",
                3,
            ),
            (
                "case 1: if (i) break; x[i] = 1.0; break;",
                "`break` is not supported",
                3,
            ),
        ] {
            let src = format!(
                "void f(int n, int k, double x[n]) {{\n  for (int i = 0; i < n; i++)\n    switch (k) {{ {body}\n    }}\n}}\n"
            );
            let e = parse_source("s.c", &src, None, &FrontendConfig::default()).unwrap_err();
            assert!(e.message.contains(why), "{body}: {e}");
            assert_eq!(e.loc.line, line, "{body}: {e}");
        }
    }

    #[test]
    fn hexadecimal_floating_constants_round_to_nearest_even() {
        let d = |t: &str| hex_float(t, 53);
        let f = |t: &str| hex_float(t, 24);
        assert_eq!(d("0x1.8p1"), Some(3.0));
        assert_eq!(d("x.8p0"), Some(0.5));
        assert_eq!(d("0XAp-2"), Some(2.5));
        assert_eq!(d("0x0p0"), Some(0.0));
        assert_eq!(d("0x1p-1074"), Some(f64::from_bits(1)));
        assert_eq!(
            d("0x1p-1075"),
            Some(0.0),
            "a tie below the least subnormal goes to even"
        );
        assert_eq!(d("0x1.000001p-1075"), Some(f64::from_bits(1)));
        assert_eq!(d("0x1.fffffffffffff8p0"), Some(2.0), "a tie goes to even");
        assert_eq!(d("0x1.fffffffffffff7p0"), Some(2.0 - f64::EPSILON));
        assert_eq!(d("0x1.00000000000008p0"), Some(1.0));
        assert_eq!(d("0x1.00000000000018p0"), Some(1.0 + 2.0 * f64::EPSILON));
        assert_eq!(d("0x1.fffffffffffffp1023"), Some(f64::MAX));
        assert_eq!(
            d("0x1.fffffffffffff8p1023"),
            None,
            "rounds past the largest double"
        );
        assert_eq!(d("0x1p1024"), None);
        assert_eq!(
            d("0x123456789abcdef0123456789abcdef0p-128"),
            Some(0.07111111111111111)
        );
        assert_eq!(f("0x1.fffffep127"), Some(f64::from(f32::MAX)));
        assert_eq!(f("0x1.ffffffp127"), None);
        assert_eq!(f("0x1p-149"), Some(f64::from(f32::from_bits(1))));
        assert_eq!(f("0x1.8p-149"), Some(f64::from(f32::from_bits(2))));
        assert_eq!(
            f("0x1.000001p0"),
            Some(1.0),
            "a tie at float precision goes to even"
        );
        assert_eq!(d("0x1.000001p0"), Some(1.0 + 2f64.powi(-24)));
        assert_eq!(d("0xp1"), None);
        assert_eq!(d("0x1.g"), None);
        assert_eq!(d("0x1.8"), None, "the binary exponent is required");
    }
}
