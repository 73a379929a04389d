//! Whole C files, source to source (`optimist c`): every function holding a `#pragma scop`
//! region (and every function asked for by name) is replaced by its versioned C, the rest of
//! the file is left exactly as written, so that `cc` builds the same program, faster.
//!
//! A function is replaced when the front end reads it as a kernel (its arrays and sizes as
//! parameters, or sizes from `#define`s; outside its region only declarations) and the
//! driver optimizes it: the replacement is [`crate::compile_c`]'s versioned function with the
//! same name and signature, its helpers (defined once per file, whatever the number of
//! regions) before it. Any other function of the request stays as written, headed by a line
//! `// optimist: REASON` saying why.
//!
//! # Design notes
//!
//! - **Text, not syntax, outside the replaced functions.** The file is split into lines; a
//!   replaced function's lines (its first to the line of its closing brace, as the front end
//!   locates them through the preprocessor's line markers) are exchanged for the versioned C.
//!   Comments, macros, `#include`s and the program's own `main` and timing are untouched.
//! - **Not yet read** (each kept, with its reason): statements outside a region (a region in
//!   `main` between initialisation and printing), global arrays and scalars used by a region,
//!   a file that is only a region's statements, functions that call other functions of the
//!   file (their definitions would be printed twice).

use crate::driver::{Config, Error, compile_c};
use optimist_scop::frontend::{self, FrontendConfig};
use std::path::Path;

/// What [`rewrite_c`] did with one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// Replaced by its versioned C.
    Optimized,
    /// Left as written, for this reason (also in the `// optimist:` line above it).
    Kept(String),
}

/// A rewritten file ([`rewrite_c`]).
#[derive(Clone, Debug)]
pub struct Rewritten {
    /// The whole file's new text.
    pub text: String,
    /// What happened to each function of the request, in the file's order.
    pub functions: Vec<(String, Rewrite)>,
}

/// Rewrites the C file `text` (named `name`; `#include "..."` looks in `include_dir`, and the
/// front end's `include_dirs` and `defines` apply): every function with a `#pragma scop`
/// region and every function named in `functions` is replaced by its versioned C under
/// `config` when it can be optimized, and kept with a `// optimist:` line saying why when not.
///
/// ```
/// let src = "#include <stdio.h>\n#define N 64\nstatic void smooth(double A[N], double B[N]) {\n#pragma scop\n  for (int i = 1; i < N - 1; i++)\n    B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;\n#pragma endscop\n}\nint main(void) {\n  static double A[N], B[N];\n  smooth(A, B);\n  printf(\"%f\\n\", B[1]);\n  return 0;\n}\n";
/// let out = optimist::rewrite_c("s.c", src, None, &Default::default(), &[], &Default::default()).unwrap();
/// assert_eq!(out.functions, [("smooth".to_string(), optimist::Rewrite::Optimized)]);
/// assert!(out.text.contains("smooth_optimized"));
/// assert!(out.text.ends_with("int main(void) {\n  static double A[N], B[N];\n  smooth(A, B);\n  printf(\"%f\\n\", B[1]);\n  return 0;\n}\n"));
/// ```
pub fn rewrite_c(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    frontend: &FrontendConfig,
    functions: &[String],
    config: &Config,
) -> Result<Rewritten, Error> {
    let definitions = frontend::definitions(name, text, include_dir, frontend)?;
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
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let mut report = Vec::new();
    // Replacements from the last function up, so that earlier line numbers stay valid.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for d in &definitions {
        if !d.has_scop && !functions.contains(&d.name) {
            continue;
        }
        let (first, last) = (d.first_line as usize - 1, d.last_line as usize - 1);
        let outcome = rewrite_one(name, text, include_dir, frontend, config, d, &lines);
        match outcome {
            Ok(code) => {
                edits.push((first, last, code));
                report.push((d.name.clone(), Rewrite::Optimized));
            }
            Err(reason) => {
                let reason = reason.replace('\n', " ");
                let kept = lines[first..=last.min(lines.len() - 1)].concat();
                edits.push((first, last, format!("// optimist: {reason}\n{kept}")));
                report.push((d.name.clone(), Rewrite::Kept(reason)));
            }
        }
    }
    for (first, last, code) in edits.into_iter().rev() {
        let last = last.min(lines.len().saturating_sub(1));
        let mut code = code;
        if !code.ends_with('\n') {
            code.push('\n');
        }
        lines.splice(first..=last, std::iter::once(code));
    }
    Ok(Rewritten {
        text: lines.concat(),
        functions: report,
    })
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
) -> Result<String, String> {
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
        return Err(format!(
            "`{}` shares a line with other code: put its definition on lines of its own",
            d.name
        ));
    }
    let fc = FrontendConfig {
        function: Some(d.name.clone()),
        ..frontend.clone()
    };
    let f = frontend::parse_source(name, text, include_dir, &fc).map_err(|e| e.to_string())?;
    if let Some(p) = f.pure_fns(false).first() {
        return Err(format!(
            "`{}` calls `{}`: kernels that call functions of the file are not rewritten yet",
            d.name, p.name
        ));
    }
    let (program, outcome) = compile_c(&f, config, &d.name).map_err(|e| e.to_string())?;
    match outcome.why() {
        Some(why) => Err(format!("not optimized: {why}")),
        None => Ok(program.code),
    }
}
