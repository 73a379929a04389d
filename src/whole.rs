//! Whole C files, source to source (`optimist c`): every function holding a `#pragma scop`
//! region (and every function asked for by name) is replaced by its versioned C, the rest of
//! the file is left exactly as written, so that `cc` builds the same program, faster.
//!
//! A function is replaced when the front end reads it as a kernel (its arrays and sizes as
//! parameters, or sizes from `#define`s; outside its region only declarations) and the
//! driver optimizes it: the replacement is [`crate::compile_c`]'s versioned function with the
//! same name and signature, its helpers (defined once per file, whatever the number of
//! regions) before it. When the function does not read as a kernel (a region in `main`
//! between the initialisation and the printing, global arrays, `main(int argc, char
//! **argv)`), each of its regions becomes a kernel of its own: a function `F_scop_K` taking
//! what the region uses from outside ([`optimist_scop::frontend::regions`]: scalars by value,
//! arrays with their declared shapes, scalars the region writes through one-element arrays
//! when their value is read outside), defined before the function, and the region's lines
//! become a call to it. Whatever stays as written is headed by a line `// optimist: REASON`
//! saying why. A file with no `#pragma scop` (and no function named) has its regions found:
//! its `for` nests, as `found`'s notes say.
//!
//! # Design notes
//!
//! - **Text, not syntax, outside the replaced functions.** The file is split into lines; a
//!   replaced function's lines (its first to the line of its closing brace, as the front end
//!   locates them through the preprocessor's line markers) are exchanged for the versioned C.
//!   Comments, macros, `#include`s and the program's own `main` and timing are untouched.
//! - **A region's kernel is parsed in the file's own context**: its text (the region's lines
//!   under a `#line` marker, so errors name the user's lines) is appended to the file, so that
//!   macros and typedefs mean what they mean at the region. Its C replaces nothing of the
//!   file but the region's lines.
//! - **A file that is only statements** (a region's, its variables undeclared: not a
//!   translation unit, or one without functions) is read as a function of its free variables
//!   ([`optimist_scop::frontend::statements`]), and the output is that function's versioned C
//!   under a comment giving the signature it was read with.
//! - **Not yet read** (each kept, with its reason): kernels that call other functions of the
//!   file (their definitions would be printed twice), a loop counter whose value after the
//!   region is read (the model refuses counters read outside their loop).

mod found;

use crate::driver::{Config, Error, compile_c};
use optimist_scop::frontend::{self, FrontendConfig, Pass, Region};
use std::path::Path;

/// What [`rewrite_c`] did with one function or region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// Replaced by its versioned C.
    Optimized,
    /// Left as written, for this reason (also in the `// optimist:` line above it).
    Kept(String),
}

/// One function or region [`rewrite_c`] looked at, and what it did with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The function (for a region, the one it stands in).
    pub function: String,
    /// For a region, the line of its `#pragma scop`; `None` for a whole function.
    pub region: Option<u32>,
    /// What became of it.
    pub outcome: Rewrite,
    /// The versioned function that replaced it (the function itself, or the region's kernel
    /// `F_scop_K`), when optimized: its `int NAME_version` says which code its last call ran
    /// (1 optimized, 0 faithful), with the function's linkage (`static` for a region's kernel
    /// and for a `static` function).
    pub kernel: Option<String>,
    /// When optimized, whether the optimized code's loops are not the program's (another
    /// order, tiles, register blocks, a loop split; [`optimist_codegen::Plan::restructures`]).
    pub restructured: bool,
}

impl std::fmt::Display for Part {
    /// `main, region at line 42` or `kernel`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.region {
            Some(line) => write!(f, "{}, region at line {line}", self.function),
            None => write!(f, "{}", self.function),
        }
    }
}

/// A rewritten file ([`rewrite_c`]).
#[derive(Clone, Debug)]
pub struct Rewritten {
    /// The whole file's new text.
    pub text: String,
    /// What happened to each function of the request (or, where its regions became kernels
    /// of their own, to each region), in the file's order.
    pub parts: Vec<Part>,
}

impl Rewritten {
    /// What became of the file's functions and regions, in a few lines: how many were looked
    /// at, optimized and kept, then the reasons for keeping, each with its count, most
    /// frequent first (a reason is cut before its details and its location left out, so that
    /// the same cause counts once: `call to unknown function`).
    pub fn summary(&self) -> String {
        let optimized = self
            .parts
            .iter()
            .filter(|p| p.outcome == Rewrite::Optimized)
            .count();
        let restructured = self.parts.iter().filter(|p| p.restructured).count();
        let mut out = format!(
            "{} looked at: {optimized} optimized ({restructured} with their loops restructured), {} kept as written\n",
            self.parts.len(),
            self.parts.len() - optimized
        );
        let mut reasons: Vec<(String, usize)> = Vec::new();
        for p in &self.parts {
            if let Rewrite::Kept(why) = &p.outcome {
                let head = reason_head(why);
                match reasons.iter_mut().find(|(r, _)| *r == head) {
                    Some((_, n)) => *n += 1,
                    None => reasons.push((head, 1)),
                }
            }
        }
        reasons.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        for (r, n) in reasons {
            out.push_str(&format!("  {n} kept: {r}\n"));
        }
        out
    }
}

/// A reason to keep code as written, without its location and details ([`Rewritten::summary`]).
fn reason_head(why: &str) -> String {
    if why.contains("adds nothing") {
        return "the plan adds nothing the C compiler does not do".into();
    }
    // `file:line:col: ` first, then what a region's kernel was made of.
    let mut rest = why.strip_prefix("not optimized: ").unwrap_or(why);
    let mut fields = rest.splitn(4, ':');
    if let (Some(_), Some(line), Some(col), Some(after)) =
        (fields.next(), fields.next(), fields.next(), fields.next())
        && line.trim().parse::<u32>().is_ok()
        && col.trim().parse::<u32>().is_ok()
    {
        rest = after.trim_start();
    }
    if rest.starts_with("in the kernel made from the region")
        && let Some(k) = rest.find("): ")
    {
        rest = &rest[k + 3..];
    }
    // Cut before the details: at `:`, `;`, `(`, or a quoted name, unless the quoted word is
    // what the reason is about (`` `break` is not supported ``, ``a `case` that falls
    // through``).
    let (mut end, mut from) = (rest.len(), 0);
    while let Some(k) = rest[from..].find(['`', ':', ';', '(']).map(|k| k + from) {
        let close = rest[k + 1..].find('`').map(|c| k + 1 + c + 1);
        match close {
            Some(after)
                if rest[k..].starts_with('`') && rest[..k].split_whitespace().count() < 2 =>
            {
                from = after;
            }
            _ => {
                end = k;
                break;
            }
        }
    }
    let head = rest[..end].trim();
    if head.is_empty() { rest.trim() } else { head }.to_string()
}

/// Rewrites the C file `text` (named `name`; `#include "..."` looks in `include_dir`, and the
/// front end's `include_dirs` and `defines` apply): every function with a `#pragma scop`
/// region and every function named in `functions` is replaced by its versioned C under
/// `config` when it can be optimized; a function holding regions that does not read as a
/// kernel has each region replaced by a call to a kernel of its own; whatever cannot be
/// optimized is kept, with a `// optimist:` line saying why.
///
/// ```
/// let src = "#include <stdio.h>\n#define N 64\nstatic void smooth(double A[N], double B[N]) {\n#pragma scop\n  for (int i = 1; i < N - 1; i++)\n    B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;\n#pragma endscop\n}\nint main(void) {\n  static double A[N], B[N];\n  smooth(A, B);\n  printf(\"%f\\n\", B[1]);\n  return 0;\n}\n";
/// let out = optimist::rewrite_c("s.c", src, None, &Default::default(), &[], &Default::default()).unwrap();
/// assert_eq!(out.parts[0].function, "smooth");
/// assert_eq!(out.parts[0].outcome, optimist::Rewrite::Optimized);
/// assert!(out.text.contains("smooth_optimized"));
/// assert!(out.text.ends_with("int main(void) {\n  static double A[N], B[N];\n  smooth(A, B);\n  printf(\"%f\\n\", B[1]);\n  return 0;\n}\n"));
///
/// // A region in `main`, on global arrays, between statements: a kernel of its own, which
/// // names the arrays at file scope itself (the C compiler keeps knowing them).
/// let src = "#include <stdio.h>\n#define N 64\ndouble A[N][N], B[N][N];\nint main(void) {\n  int i, j;\n  for (i = 0; i < N; i++)\n    for (j = 0; j < N; j++)\n      A[i][j] = i + j;\n#pragma scop\n  for (j = 0; j < N; j++)\n    for (i = 0; i < N; i++)\n      B[i][j] = A[i][j] * 2.0;\n#pragma endscop\n  printf(\"%f\\n\", B[1][2]);\n  return 0;\n}\n";
/// let out = optimist::rewrite_c("m.c", src, None, &Default::default(), &[], &Default::default()).unwrap();
/// assert_eq!(out.parts[0].region, Some(9));
/// assert_eq!(out.parts[0].outcome, optimist::Rewrite::Optimized);
/// assert!(out.text.contains("  main_scop_1();\n"));
///
/// // A region whose plan adds nothing the C compiler does not do (the program's order, its
/// // loop in lanes over arrays at file scope) stays as written, saying why.
/// let src = "#define N 64\ndouble A[N], B[N];\nvoid smooth(void) {\n  int i;\n#pragma scop\n  for (i = 1; i < N - 1; i++)\n    B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;\n#pragma endscop\n}\n";
/// let out = optimist::rewrite_c("k.c", src, None, &Default::default(), &[], &Default::default()).unwrap();
/// assert!(matches!(&out.parts[0].outcome, optimist::Rewrite::Kept(why) if why.contains("adds nothing")));
/// assert!(out.text.contains("#pragma scop\n  for (i = 1; i < N - 1; i++)\n"));
/// ```
pub fn rewrite_c(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
    functions: &[String],
    config: &Config,
) -> Result<Rewritten, Error> {
    let definitions = match frontend::definitions(name, text, include_dir, frontend) {
        Ok(d) if !d.is_empty() || text.trim().is_empty() => d,
        // Not a translation unit, or one without functions: perhaps only statements.
        other => match frontend::statements(name, text, include_dir, frontend) {
            Ok(st) => {
                return Ok(rewrite_statements(
                    name,
                    text,
                    include_dir,
                    frontend,
                    config,
                    &st,
                ));
            }
            Err(e) => match other {
                Ok(d) if e.message.contains("defines functions") => d,
                Ok(_) => return Err(Error::Source(e)),
                Err(first) => return Err(Error::Source(first)),
            },
        },
    };
    if let Some(f) = functions
        .iter()
        .find(|f| definitions.iter().all(|d| &d.name != *f))
    {
        return Err(Error::Source(frontend::CError {
            loc: optimist_scop::ir::SrcLoc {
                file: name.to_string(),
                line: 1,
                col: 1,
            },
            message: format!("no function `{f}` is defined in the file"),
        }));
    }
    // No pragma and no function asked for: the regions are found.
    if functions.is_empty()
        && frontend.regions.is_empty()
        && !definitions.iter().any(|d| d.has_scop)
    {
        return found::rewrite_found(name, text, include_dir, frontend, config, &definitions);
    }
    // A failure here loses the regions' kernels, not the file: the functions stay as written.
    let (regions, regions_failed) = if definitions.iter().any(|d| d.has_scop) {
        match frontend::regions(name, text, include_dir, frontend) {
            Ok(r) => (r, None),
            Err(e) => (Vec::new(), Some(e.to_string())),
        }
    } else {
        (Vec::new(), None)
    };
    let lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let mut parts = Vec::new();
    // Line edits (first line, one past the last, new text), applied from the bottom up.
    let mut edits: Vec<Edit> = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    for d in &definitions {
        if !d.has_scop && !functions.contains(&d.name) {
            continue;
        }
        let (first, last) = (d.first_line as usize - 1, d.last_line as usize - 1);
        let last = last.min(lines.len().saturating_sub(1));
        let kept =
            |reason: &str| format!("// optimist: {reason}\n{}", lines[first..=last].concat());
        match rewrite_one(name, text, include_dir, frontend, config, d, &lines) {
            Ok(Versioned { code, restructured }) => {
                let note = ignored_pragmas(&lines[first..=last]);
                let code = if note.is_empty() {
                    code
                } else {
                    format!("{note}\n{code}")
                };
                edits.push((first, last + 1, code));
                parts.push(Part {
                    function: d.name.clone(),
                    region: None,
                    outcome: Rewrite::Optimized,
                    kernel: Some(d.name.clone()),
                    restructured,
                });
            }
            Err(Failure::Unreadable(reason))
                if d.has_scop && regions.iter().all(|r| r.function != d.name) =>
            {
                let reason = regions_failed
                    .as_deref()
                    .unwrap_or(&reason)
                    .replace('\n', " ");
                edits.push((first, last + 1, kept(&reason)));
                parts.push(Part {
                    function: d.name.clone(),
                    region: None,
                    outcome: Rewrite::Kept(reason),
                    kernel: None,
                    restructured: false,
                });
            }
            Err(Failure::Unreadable(_)) if d.has_scop => {
                let mine: Vec<&Region> = regions.iter().filter(|r| r.function == d.name).collect();
                let (kernels, region_edits, region_parts) = rewrite_regions(
                    name,
                    text,
                    include_dir,
                    frontend,
                    config,
                    &d.name,
                    &mine,
                    &lines,
                    &mut taken,
                );
                edits.extend(region_edits);
                parts.extend(region_parts);
                if !kernels.is_empty() {
                    edits.push((first, first, kernels));
                }
            }
            Err(Failure::Unreadable(reason) | Failure::NotOptimized(reason)) => {
                let reason = reason.replace('\n', " ");
                edits.push((first, last + 1, kept(&reason)));
                parts.push(Part {
                    function: d.name.clone(),
                    region: None,
                    outcome: Rewrite::Kept(reason),
                    kernel: None,
                    restructured: false,
                });
            }
        }
    }
    Ok(Rewritten {
        text: applied(lines, edits),
        parts,
    })
}

/// One `#pragma scop` region made a kernel of its own, as [`rewrite_c`] makes it of a function
/// that does not read as a kernel (global arrays, a region in `main`): what `optimist show`
/// prints for such a region.
#[derive(Clone, Debug)]
pub struct RegionKernel {
    /// The function the region is in.
    pub function: String,
    /// The line of its `#pragma scop`.
    pub scop_line: u32,
    /// The kernel (`F_scop_K`, its arrays at file scope in
    /// [`optimist_scop::ir::Function::file_scope`]), or why the region does not read as one.
    pub kernel: Result<optimist_scop::ir::Function, String>,
}

/// Every `#pragma scop` region of the file `text` (named `name`) as the kernel [`rewrite_c`]
/// makes of it when its function does not read as a kernel, in the file's order.
///
/// ```
/// let src = "#define N 64\nstatic double a[N], b[N];\nvoid f(void) {\n  int i;\n\
///            #pragma scop\n  for (i = 0; i < N; i++) a[i] = 2 * b[i];\n#pragma endscop\n}\n";
/// let regions = optimist::region_kernels("f.c", src, None, &Default::default()).unwrap();
/// assert_eq!((regions[0].function.as_str(), regions[0].scop_line), ("f", 5));
/// let k = regions[0].kernel.as_ref().unwrap();
/// assert_eq!(k.name, "f_scop_1");
/// assert_eq!(k.file_scope.len(), 2); // `a` and `b` are the file's own
/// ```
pub fn region_kernels(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
) -> Result<Vec<RegionKernel>, Error> {
    let regions = frontend::regions(name, text, include_dir, frontend).map_err(Error::Source)?;
    let lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let mut taken = Vec::new();
    let mut out: Vec<RegionKernel> = Vec::new();
    for r in &regions {
        let k = 1 + out.iter().filter(|o| o.function == r.function).count();
        let kernel = region_kernel(name, text, include_dir, frontend, r, k, &lines, &mut taken)
            .map(|m| m.f)
            .map_err(|(Failure::Unreadable(why) | Failure::NotOptimized(why))| why);
        out.push(RegionKernel {
            function: r.function.clone(),
            scop_line: r.scop_line,
            kernel,
        });
    }
    Ok(out)
}

/// The kernels made of `function`'s regions `mine` (each a `static` function, or the reason it
/// is kept), the edits that call them, and what became of each region.
#[allow(clippy::too_many_arguments)]
fn rewrite_regions(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
    config: &Config,
    function: &str,
    mine: &[&Region],
    lines: &[String],
    taken: &mut Vec<String>,
) -> (String, Vec<Edit>, Vec<Part>) {
    let mut edits = Vec::new();
    let mut parts = Vec::new();
    let mut kernels = String::new();
    for (k, r) in mine.iter().enumerate() {
        let (outcome, edit, made, restructured) = match rewrite_region(
            name,
            text,
            include_dir,
            frontend,
            config,
            r,
            k + 1,
            lines,
            taken,
        ) {
            Ok((versioned, call, made)) => {
                kernels.push_str(&versioned.code);
                if !kernels.ends_with('\n') {
                    kernels.push('\n');
                }
                (Rewrite::Optimized, call, Some(made), versioned.restructured)
            }
            Err(Failure::Unreadable(reason) | Failure::NotOptimized(reason)) => {
                let reason = reason.replace('\n', " ");
                let at = r.scop_line as usize - 1;
                let indent: String = lines
                    .get(at + 1)
                    .map(|l| l.chars().take_while(|c| c.is_whitespace()).collect())
                    .unwrap_or_default();
                let edit = (at, at, format!("{indent}// optimist: {reason}\n"));
                (Rewrite::Kept(reason), edit, None, false)
            }
        };
        edits.push(edit);
        parts.push(Part {
            function: function.to_string(),
            region: Some(r.scop_line),
            outcome,
            kernel: made,
            restructured,
        });
    }
    (kernels, edits, parts)
}

/// `lines` with `edits` applied: from the bottom up (an insertion before a replacement at the
/// same line), so that earlier line numbers stay valid.
fn applied(lines: Vec<String>, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|&(first, end, _)| (std::cmp::Reverse(first), std::cmp::Reverse(end)));
    let mut lines = lines;
    for (first, end, code) in edits {
        let mut code = code;
        if !code.is_empty() && !code.ends_with('\n') {
            code.push('\n');
        }
        let end = end.min(lines.len());
        lines.splice(first..end, std::iter::once(code));
    }
    lines.concat()
}

/// A file that is only statements ([`frontend::statements`]): the versioned C of the function
/// it is read as, headed by a comment giving the reading; or the file as written under a line
/// saying why not.
fn rewrite_statements(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
    config: &Config,
    st: &frontend::Statements,
) -> Rewritten {
    let fc = FrontendConfig {
        function: Some(st.function.clone()),
        ..frontend.clone()
    };
    let signature = st
        .source
        .lines()
        .next()
        .unwrap_or_default()
        .trim_end_matches(" {");
    let code = frontend::parse_source(name, &st.source, include_dir, &fc)
        .map_err(|e| e.to_string())
        .and_then(|f| optimized(&f, config, &st.function));
    let (text, outcome, restructured) = match code {
        Ok(Versioned { code, restructured }) => (
            format!(
                "/* optimist: {name} holds only statements; read as `{signature}` (its free scalars and arrays as parameters, what it assigns as locals) */\n{code}"
            ),
            Rewrite::Optimized,
            restructured,
        ),
        Err(reason) => {
            let reason = reason.replace('\n', " ");
            (
                format!("// optimist: {reason}\n{text}"),
                Rewrite::Kept(reason),
                false,
            )
        }
    };
    Rewritten {
        text,
        parts: vec![Part {
            function: st.function.clone(),
            region: None,
            kernel: (outcome == Rewrite::Optimized).then(|| st.function.clone()),
            outcome,
            restructured,
        }],
    }
}

/// A comment naming the `#pragma` lines of `lines` other than `scop` and `endscop` (an
/// OpenMP `parallel for`, a vectorization hint), which the optimized code does not follow: it
/// decides its own parallel loops and lanes. Empty when there are none.
fn ignored_pragmas(lines: &[String]) -> String {
    let ignored: Vec<&str> = lines
        .iter()
        .map(|l| l.trim())
        .filter(|l| {
            let words: Vec<&str> = l.trim_start_matches('#').split_whitespace().collect();
            l.starts_with('#')
                && words.first() == Some(&"pragma")
                && !matches!(words.get(1), Some(&"scop") | Some(&"endscop"))
        })
        .collect();
    if ignored.is_empty() {
        return String::new();
    }
    format!(
        "/* optimist: ignored in the region: {} (the optimized code chooses its own parallel loops and lanes) */ ",
        ignored.join("; ").replace("*/", "* /")
    )
}

/// A line edit: the first line, one past the last, and the new text.
type Edit = (usize, usize, String);

/// Why a function or region stays as written.
enum Failure {
    /// The front end does not read it as a kernel.
    Unreadable(String),
    /// It reads, and is not optimized.
    NotOptimized(String),
}

/// The versioned C replacing the definition `d`, or why it stays as written.
fn rewrite_one(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
    config: &Config,
    d: &frontend::Definition,
    lines: &[String],
) -> Result<Versioned, Failure> {
    let (first, last) = (d.first_line as usize - 1, d.last_line as usize - 1);
    let alone = |line: Option<&String>, before: bool| {
        line.is_some_and(|l| {
            if before {
                l.chars()
                    .take(d.first_col as usize - 1)
                    .all(char::is_whitespace)
            } else {
                l.trim_end().ends_with('}')
            }
        })
    };
    if !alone(lines.get(first), true) || !alone(lines.get(last), false) {
        return Err(Failure::NotOptimized(format!(
            "`{}` shares a line with other code: put its definition on lines of its own",
            d.name
        )));
    }
    let fc = FrontendConfig {
        function: Some(d.name.clone()),
        ..frontend.clone()
    };
    let f = frontend::parse_source(name, text, include_dir, &fc)
        .map_err(|e| Failure::Unreadable(e.to_string()))?;
    if let Some(p) = f.pure_fns(false).first() {
        return Err(Failure::Unreadable(format!(
            "`{}` calls `{}`: kernels that call functions of the file are not rewritten yet",
            d.name, p.name
        )));
    }
    optimized(&f, config, &d.name).map_err(Failure::NotOptimized)
}

/// A function's versioned C ([`optimized`]).
pub(crate) struct Versioned {
    /// The C text.
    pub(crate) code: String,
    /// Whether its optimized code's loops are not the program's ([`Part::restructured`]).
    pub(crate) restructured: bool,
}

/// `f`'s versioned C under `config`, or why it is not optimized.
fn optimized(
    f: &optimist_scop::ir::Function,
    config: &Config,
    name: &str,
) -> Result<Versioned, String> {
    let (program, outcome) = compile_c(f, config, name).map_err(|e| e.to_string())?;
    match (outcome.why(), program.as_written, outcome.plan()) {
        (Some(why), _, _) => Err(format!("not optimized: {why}")),
        (None, Some(why), _) => Err(why),
        (None, None, plan) => Ok(Versioned {
            code: program.code,
            restructured: plan.is_some_and(|p| p.restructures()),
        }),
    }
}

/// Whether the C made of a region's kernel may name the file-scope array `v` itself: no name
/// the generated functions declare can hide it (the run-time check's `ovf` and `check`, the
/// loop AST's iterators `c0_`, `c1_`, ..., the helpers' and runtime's `ck_` and `optimist_`
/// names, a preloaded value's `_run`). The kernel's own locals keep distinct names
/// ([`optimist_scop::ir::Function::c_names`]).
fn names_itself(v: &str) -> bool {
    let iterator = v.strip_prefix('c').is_some_and(|d| {
        !d.is_empty() && d.trim_end_matches('_').bytes().all(|b| b.is_ascii_digit())
    });
    !(iterator
        || ["ovf", "check"].contains(&v)
        || v.starts_with("ck_")
        || v.starts_with("optimist_")
        || v.ends_with("_run"))
}

/// `text` with every use of the struct member `member` (`g.u` or `p->a`, blanks allowed
/// around the operator) replaced by `name`.
fn renamed_member(text: &str, member: &str, name: &str) -> String {
    let (base, arrow, field) = match member.split_once("->") {
        Some((b, f)) => (b, true, f),
        None => match member.split_once('.') {
            Some((b, f)) => (b, false, f),
            None => return text.to_string(),
        },
    };
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        let starts = ident(bytes[i])
            && (i == 0 || !(ident(bytes[i - 1]) || bytes[i - 1] == b'.' || bytes[i - 1] == b'>'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < bytes.len() && ident(bytes[j]) {
            j += 1;
        }
        if &text[i..j] == base {
            let mut k = j;
            while k < bytes.len() && bytes[k].is_ascii_whitespace() {
                k += 1;
            }
            let op = if arrow { "->" } else { "." };
            if text[k..].starts_with(op) {
                k += op.len();
                while k < bytes.len() && bytes[k].is_ascii_whitespace() {
                    k += 1;
                }
                let mut e = k;
                while e < bytes.len() && ident(bytes[e]) {
                    e += 1;
                }
                if &text[k..e] == field {
                    out.push_str(&text[copied..i]);
                    out.push_str(name);
                    copied = e;
                    i = e;
                    continue;
                }
            }
        }
        i = j;
    }
    out.push_str(&text[copied..]);
    out
}

/// For an array argument declared `const` (`decl`: `const T *v`, `const T v[N]`, `const T
/// v[N][M]...`), the cast `(T *)` or `(T (*)[M]...)` to the pointer the kernel's parameter
/// takes: the kernel's C has no `const`, and the call would draw a warning (the kernel only
/// reads what the region reads). `None` for any other declaration.
fn pointer_cast(decl: &str, v: &str) -> Option<String> {
    let at = decl.rfind(v)?;
    if !decl[..at].split_whitespace().any(|w| w == "const") {
        return None;
    }
    let ty: Vec<&str> = decl[..at]
        .split_whitespace()
        .filter(|w| *w != "const")
        .collect();
    let (ty, dims) = (ty.join(" "), decl[at + v.len()..].trim());
    if ty.ends_with('*') && dims.is_empty() {
        return Some(format!("({ty})"));
    }
    let rest = dims.strip_prefix('[')?;
    let rest = rest[rest.find(']')? + 1..].trim();
    if ty.contains('*') || !(rest.is_empty() || rest.starts_with('[')) {
        return None;
    }
    Some(if rest.is_empty() {
        format!("({ty} *)")
    } else {
        format!("({ty} (*){rest})")
    })
}

/// Region `r` (the `k`-th of its function) as a kernel of its own (`static`): the kernel's
/// versioned C, the edit replacing the region's lines by a call to it, and the kernel's name;
/// or why the region stays as written. `taken` holds the names of the kernels made so far.
#[allow(clippy::too_many_arguments)]
fn rewrite_region(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
    config: &Config,
    r: &Region,
    k: usize,
    lines: &[String],
    taken: &mut Vec<String>,
) -> Result<(Versioned, Edit, String), Failure> {
    let made = region_kernel(name, text, include_dir, frontend, r, k, lines, taken)?;
    let code = optimized(&made.f, config, &made.kernel).map_err(Failure::NotOptimized)?;
    let indent: String = lines[made.body.start]
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect();
    let call = format!("{}({});", made.kernel, made.args.join(", "));
    let call = format!("{}{call}", ignored_pragmas(&lines[made.body.clone()]));
    let call = if made.before.is_empty() {
        format!("{indent}{call}\n")
    } else {
        format!("{indent}{{ {}{call}{} }}\n", made.before, made.after)
    };
    let (open, close) = (r.scop_line as usize - 1, r.endscop_line as usize - 1);
    Ok((code, (open, close + 1, call), made.kernel))
}

/// The kernel made of one region ([`region_kernel`]): the function, its name, the caller's
/// arguments and the statements around the call, the region's own lines.
struct Made {
    f: optimist_scop::ir::Function,
    kernel: String,
    args: Vec<String>,
    before: String,
    after: String,
    body: std::ops::Range<usize>,
}

/// The kernel `F_scop_K` made of region `r` (the `k`-th of its function), parsed in the
/// file's context: what [`rewrite_c`] optimizes and [`region_functions`] hands out.
#[allow(clippy::too_many_arguments)]
fn region_kernel(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
    r: &Region,
    k: usize,
    lines: &[String],
    taken: &mut Vec<String>,
) -> Result<Made, Failure> {
    if let Some(p) = &r.problem {
        return Err(Failure::Unreadable(p.clone()));
    }
    let (open, close) = (r.scop_line as usize - 1, r.endscop_line as usize - 1);
    // The region's own lines: between its pragmas, or the lines it was given by.
    let body = if r.pragmas {
        open + 1..close
    } else {
        open..close + 1
    };
    let pragma = |line: &str, word: &str| {
        let words: Vec<&str> = line
            .trim_start()
            .trim_start_matches('#')
            .split_whitespace()
            .collect();
        line.trim_start().starts_with('#')
            && words.first() == Some(&"pragma")
            && words.get(1) == Some(&word)
    };
    if close >= lines.len()
        || body.is_empty()
        || (r.pragmas && (!pragma(&lines[open], "scop") || !pragma(&lines[close], "endscop")))
    {
        return Err(Failure::Unreadable(
            "the region's pragmas are not where the file's lines say (a `#line` directive?)".into(),
        ));
    }
    let fresh = |base: String, taken: &[String]| {
        let mut n = base.clone();
        let mut i = 1;
        while text.contains(&n) || taken.contains(&n) {
            n = format!("{base}_{i}");
            i += 1;
        }
        n
    };
    let kernel = fresh(format!("{}_scop_{k}", r.function), taken);
    taken.push(kernel.clone());
    let io = |v: &str| format!("{}{v}", frontend::CELL_PREFIX);
    // The arrays at file scope the kernel's C names itself (not passed).
    let mut globals: Vec<&str> = Vec::new();
    // The one-element arrays of scalars the region writes: the caller declares each with
    // the element type the kernel's C takes (`unsigned long long` is `unsigned long` there:
    // another type would let the C compiler assume the kernel's stores do not reach it).
    let mut cells: Vec<String> = Vec::new();
    let (mut params, mut args, mut head, mut tail, mut before, mut after) = (
        Vec::new(),
        Vec::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
    );
    for input in &r.inputs {
        let v = &input.name;
        // What the caller names it by: the variable, or a struct's member (`g.u`).
        let outside = input.member.as_ref().unwrap_or(v);
        match &input.pass {
            Pass::Global(decl) if names_itself(v) => {
                params.push(decl.clone());
                globals.push(v);
            }
            Pass::Array(decl) => {
                params.push(decl.clone());
                args.push(format!(
                    "{}{outside}",
                    pointer_cast(decl, v).unwrap_or_default()
                ));
            }
            Pass::Value(decl) | Pass::Global(decl) => {
                params.push(decl.clone());
                args.push(outside.clone());
            }
            Pass::InOut { ty, copy_in } => {
                let cell = io(v);
                if text.contains(&cell) {
                    return Err(Failure::Unreadable(format!("the name `{cell}` is taken")));
                }
                params.push(format!("{ty} {cell}[1]"));
                args.push(cell.clone());
                cells.push(cell.clone());
                before.push_str(&format!("{{{cell}}} {cell}[1]; "));
                if *copy_in {
                    before.push_str(&format!("{cell}[0] = {outside}; "));
                    head.push_str(&format!("  {ty} {v} = {cell}[0];\n"));
                } else {
                    head.push_str(&format!("  {ty} {v};\n"));
                }
                tail.push_str(&format!("  {cell}[0] = {v};\n"));
                after.push_str(&format!(" {outside} = {cell}[0];"));
            }
            Pass::Local(ty) => head.push_str(&format!("  {ty} {v};\n")),
        }
    }
    let params = if params.is_empty() {
        "void".to_string()
    } else {
        params.join(", ")
    };
    let mut region = lines[body.clone()].concat();
    // A struct's members the kernel takes as variables of their own: renamed in its text.
    for input in &r.inputs {
        if let Some(m) = &input.member {
            region = renamed_member(&region, m, &input.name);
        }
    }
    // Every line of the kernel's text names the user's file: its signature and declarations
    // the region's `#pragma scop` line (on one line), the region its own lines.
    let head = head.replace('\n', " ");
    let source = format!(
        "#line {scop} {name:?}\nstatic void {kernel}({params}) {{ {head}\n#pragma scop\n#line {} {name:?}\n{region}{tail}#pragma endscop\n}}\n",
        body.start + 1,
        scop = r.scop_line,
    );
    let whole = format!(
        "{text}{}\n{source}",
        if text.ends_with('\n') { "" } else { "\n" },
    );
    let fc = FrontendConfig {
        function: Some(kernel.clone()),
        calls_see_globals: true,
        array_objects: r
            .inputs
            .iter()
            .filter(|i| i.object)
            .map(|i| i.name.clone())
            .collect(),
        ..frontend.clone()
    };
    // An error on the `#pragma scop` line is in what the kernel was made of (a variable the
    // region uses from outside): it has no column of the user's.
    let located = |mut e: frontend::CError| {
        if e.loc.file == name && e.loc.line == r.scop_line {
            e.loc.col = 1;
            e.message = format!(
                "in the kernel made from the region (`{kernel}({params})`): {}",
                e.message
            );
        }
        e.to_string()
    };
    let mut f = frontend::parse_source(name, &whole, include_dir, &fc)
        .map_err(|e| Failure::Unreadable(located(e)))?;
    if let Some(p) = f.pure_fns(false).first() {
        return Err(Failure::Unreadable(format!(
            "the region calls `{}`: kernels that call functions of the file are not rewritten yet",
            p.name
        )));
    }
    f.file_scope = f
        .params
        .iter()
        .filter_map(|p| match *p {
            optimist_scop::ir::Param::Array(a) if globals.contains(&f.array(a).name.as_str()) => {
                Some(a)
            }
            _ => None,
        })
        .collect();
    for cell in &cells {
        let elem = f
            .params
            .iter()
            .find_map(|p| match *p {
                optimist_scop::ir::Param::Array(a) if f.array(a).name == *cell => {
                    Some(f.array(a).elem)
                }
                _ => None,
            })
            .ok_or_else(|| Failure::Unreadable(format!("`{cell}` is not the kernel's")))?;
        before = before.replace(&format!("{{{cell}}}"), elem.c_name());
    }
    Ok(Made {
        f,
        kernel,
        args,
        before,
        after,
        body,
    })
}

#[cfg(test)]
mod tests {
    use super::reason_head;

    #[test]
    fn reasons_are_cut_before_their_details() {
        let cases = [
            (
                "f.c:3:5: call to unknown function `printf`: a kernel can call",
                "call to unknown function",
            ),
            (
                "f.c:9:7: a `case` that falls through into the next is not supported: end each with `break`",
                "a `case` that falls through into the next is not supported",
            ),
            (
                "f.c:4:3: `break` is not supported: loops must run to their bound",
                "`break` is not supported",
            ),
            (
                "not optimized: f.c:23:5: cannot model: the start of loop `k` is not affine",
                "cannot model",
            ),
            (
                "f.c:34:1: in the kernel made from the region (`k(double q[64])`): the loop condition must compare",
                "the loop condition must compare",
            ),
            (
                "the program's order, every loop in order: C adds nothing the C compiler does not do",
                "the plan adds nothing the C compiler does not do",
            ),
        ];
        for (why, head) in cases {
            assert_eq!(reason_head(why), head, "{why}");
        }
    }
}
