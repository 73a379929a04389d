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
    // Parsing, lowering and dropping the syntax tree all recurse on its depth (`a * b * c ...`
    // is as deep as it is long): they run on a thread with a large stack, whatever the
    // caller's, and a panic among them becomes an error.
    let name = name.to_string();
    let function = config.function.clone();
    let pure_bindings: HashMap<String, PureImpl> = config.pures.iter().cloned().collect();
    let handle = std::thread::Builder::new()
        .name("c-front-end".into())
        .stack_size(512 << 20)
        .spawn(move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
                let at_start = || SrcLoc {
                    file: name.clone(),
                    line: 1,
                    col: 1,
                };
                let lines = LineMap::new(&name, &source);
                let unit = parse_unit(&source).map_err(|(offset, message)| CError {
                    loc: lines.loc(offset),
                    message,
                })?;
                let pragmas = Pragmas::find(&source);
                let pures = Rc::new(Pures::collect(&unit, pure_bindings, &pragmas));
                let mut lower = Lower::new(&lines, pures);
                lower.typedefs(&unit);
                let def = lower.pick_function(&unit, function.as_deref(), &pragmas, at_start())?;
                lower.function(def, &pragmas)
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

/// Runs the C preprocessor, keeping line markers.
fn preprocess(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    config: &FrontendConfig,
) -> Result<String, CError> {
    use std::io::Write;
    let cc = config.cc.clone().unwrap_or_else(|| "cc".into());
    let fail = |message: String| CError {
        loc: SrcLoc {
            file: name.to_string(),
            line: 1,
            col: 1,
        },
        message,
    };
    let mut cmd = std::process::Command::new(&cc);
    cmd.args(["-E", "-x", "c", "-"]);
    if let Some(dir) = include_dir.filter(|d| !d.as_os_str().is_empty()) {
        cmd.arg("-I").arg(dir);
    }
    for dir in &config.include_dirs {
        cmd.arg("-I").arg(dir);
    }
    for d in &config.defines {
        // One argument each: no shell, so values need no quoting.
        cmd.arg(format!("-D{d}"));
    }
    let mut child = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| fail(format!("cannot run the preprocessor `{cc} -E`: {e}")))?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| fail("no stdin for the preprocessor".into()))?;
    let input = text.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| fail(format!("the preprocessor failed: {e}")))?;
    let _ = writer.join();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr).replace("<stdin>", name);
        return Err(fail(format!(
            "the preprocessor failed:\n{}",
            err.trim_end()
        )));
    }
    let text = String::from_utf8(out.stdout)
        .map_err(|_| fail("the preprocessor output is not UTF-8".into()))?;
    Ok(text.replace("\"<stdin>\"", &format!("{name:?}")))
}

/// The text with comments replaced by spaces (newlines kept), so that offsets still point at
/// the user's text: what the preprocessor would do, without moving anything.
fn blank_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => {
                let q = b[i];
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out[i] = b' ';
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
                for c in &mut out[i..end] {
                    if *c != b'\n' {
                        *c = b' ';
                    }
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    // Only ASCII bytes were replaced, by ASCII spaces, so the text is still UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Parses (on the front end's thread with a large stack: the parser recurses on nesting) and
/// turns a parser panic into an error.
fn parse_unit(source: &str) -> Result<ast::TranslationUnit, (usize, String)> {
    if let Some(offset) = too_deep(source) {
        return Err((
            offset,
            format!(
                "nesting deeper than {} levels is not supported",
                crate::ir::MAX_DEPTH
            ),
        ));
    }
    if let Some(offset) = sign_run(source) {
        return Err((
            offset,
            format!(
                "more than {MAX_SIGN_RUN} `+` and `-` characters in a row are not supported: \
                 group the operators with parentheses"
            ),
        ));
    }
    let text = source.to_string();
    let parsed = std::panic::catch_unwind(|| {
        let config = lang_c::driver::Config::default();
        lang_c::driver::parse_preprocessed(&config, text)
    });
    match parsed {
        Ok(Ok(parse)) => Ok(parse.unit),
        Ok(Err(e)) => {
            let mut expected: Vec<&str> = e.expected.iter().copied().collect();
            expected.sort_unstable();
            let rest = source.get(e.offset..).unwrap_or_default();
            let found: String = match rest.chars().next() {
                None => "the end of the file".into(),
                Some(c) if c.is_alphanumeric() || c == '_' => {
                    let word: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    format!("`{word}`")
                }
                Some(c) => format!("`{c}`"),
            };
            Err((
                e.offset,
                format!(
                    "syntax error at {found}: expected one of {}",
                    expected.join(" ")
                ),
            ))
        }
        _ => Err((0, "the C parser failed on this input".into())),
    }
}

/// The longest run of `+` and `-` characters (whitespace between them does not end a run) that
/// the parser is given. lang-c's parser backtracks over the ways to split such a run into `++`,
/// `--`, `+=` and signs, in time exponential in its length: `i` then 34 `+`, `=` and 34 `+` took
/// 2.7 s, and `n - -- -- ...` about twice as long for each `-` more (20 of them, 0.1 s). No C
/// needs more than a few.
const MAX_SIGN_RUN: usize = 16;

/// Where a run of more than [`MAX_SIGN_RUN`] `+` and `-` characters starts, outside string and
/// character literals.
fn sign_run(source: &str) -> Option<usize> {
    let b = source.as_bytes();
    let (mut i, mut start, mut run) = (0, 0, 0);
    while i < b.len() {
        match b[i] {
            b'+' | b'-' => {
                if run == 0 {
                    start = i;
                }
                run += 1;
                if run > MAX_SIGN_RUN {
                    return Some(start);
                }
            }
            c if c.is_ascii_whitespace() => {}
            q @ (b'"' | b'\'') => {
                run = 0;
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => run = 0,
        }
        i += 1;
    }
    None
}

/// The offset where brackets or runs of prefix operators nest deeper than the IR allows.
fn too_deep(source: &str) -> Option<usize> {
    let limit = crate::ir::MAX_DEPTH as i64;
    let (mut depth, mut run) = (0i64, 0i64);
    for (i, c) in source.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '-' | '+' | '!' | '~' | '*' | '&' => run += 1,
            c if c.is_whitespace() => {}
            _ => run = 0,
        }
        if depth > limit || run > limit {
            return Some(i);
        }
    }
    None
}

/// Maps byte offsets of the (preprocessed) source to the user's file, line and column.
struct LineMap {
    /// Start offset of each line, with the file and line it stands for.
    starts: Vec<(usize, std::rc::Rc<str>, u32)>,
}

impl LineMap {
    fn new(name: &str, source: &str) -> LineMap {
        let mut file: std::rc::Rc<str> = name.into();
        let mut line = 1u32;
        let mut starts = Vec::new();
        let mut offset = 0;
        for text in source.split_inclusive('\n') {
            starts.push((offset, file.clone(), line));
            match parse_marker(text) {
                Some((l, f)) => {
                    line = l;
                    if let Some(f) = f {
                        file = f.into();
                    }
                }
                None => line += 1,
            }
            offset += text.len();
        }
        LineMap { starts }
    }

    fn loc(&self, offset: usize) -> SrcLoc {
        let i = self
            .starts
            .partition_point(|(s, _, _)| *s <= offset)
            .saturating_sub(1);
        match self.starts.get(i) {
            Some((start, file, line)) => SrcLoc {
                file: file.to_string(),
                line: *line,
                col: (offset - start + 1) as u32,
            },
            None => SrcLoc {
                file: String::new(),
                line: 1,
                col: 1,
            },
        }
    }
}

/// A line marker `# 12 "file.c" 1`: the next line's number and file.
fn parse_marker(line: &str) -> Option<(u32, Option<String>)> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let n: u32 = digits.parse().ok()?;
    let rest = rest[digits.len()..].trim_start();
    let file = rest
        .strip_prefix('"')
        .and_then(|r| r.find('"').map(|e| r[..e].replace("\\\\", "\\")));
    Some((n, file))
}

/// The `#pragma scop` / `#pragma endscop` lines, as offsets.
struct Pragmas {
    scops: Vec<(usize, usize)>,
    /// The source, to see where a statement's text really ends: lang-c's span of an `if`
    /// without `else` runs on over the whitespace (and pragma lines) after it.
    source: String,
    /// A `#pragma scop` without `#pragma endscop`, or the reverse.
    unmatched: Option<usize>,
}

impl Pragmas {
    fn find(source: &str) -> Pragmas {
        let mut scops = Vec::new();
        let mut open = None;
        let mut unmatched = None;
        let mut offset = 0;
        for line in source.split_inclusive('\n') {
            let words: Vec<&str> = line
                .trim()
                .trim_start_matches('#')
                .split_whitespace()
                .collect();
            if line.trim_start().starts_with('#') && words.first() == Some(&"pragma") {
                match words.get(1) {
                    Some(&"scop") => {
                        if open.is_some() {
                            unmatched = Some(offset);
                        }
                        open = Some(offset);
                    }
                    Some(&"endscop") => match open.take() {
                        Some(start) => scops.push((start, offset)),
                        None => unmatched = Some(offset),
                    },
                    _ => {}
                }
            }
            offset += line.len();
        }
        if let Some(start) = open {
            unmatched = Some(start);
        }
        Pragmas {
            scops,
            unmatched,
            source: source.to_string(),
        }
    }

    /// Where the text of `span` ends: before trailing whitespace and directive lines.
    fn text_end(&self, span: Span) -> usize {
        let mut text = self.source.get(span.start..span.end).unwrap_or_default();
        loop {
            text = text.trim_end();
            match text.rfind('\n') {
                Some(nl) if text[nl + 1..].trim_start().starts_with('#') => text = &text[..nl],
                _ => break,
            }
        }
        span.start + text.len()
    }

    fn in_span(&self, span: Span) -> Vec<(usize, usize)> {
        self.scops
            .iter()
            .copied()
            .filter(|&(s, e)| s > span.start && e < span.end)
            .collect()
    }
}

/// Names in scope while lowering a function.
#[derive(Clone, Copy)]
enum Name {
    Var(VarId),
    Array(ArrayId),
}

/// The functions of the unit declared `__attribute__((const))` (or `pure`, to refuse with a
/// reason), the implementations the caller bound, and the [`PureFn`]s made so far: one per name,
/// shared by every call.
struct Pures<'a> {
    decls: HashMap<String, PureDecl<'a>>,
    bound: HashMap<String, PureImpl>,
    made: RefCell<HashMap<String, Arc<PureFn>>>,
    /// The definitions being lowered, to refuse recursion.
    lowering: RefCell<Vec<String>>,
    pragmas: &'a Pragmas,
}

struct PureDecl<'a> {
    /// `__attribute__((const))`; else `pure` (which may read memory).
    is_const: bool,
    specifiers: &'a [Node<DeclarationSpecifier>],
    function: &'a Node<ast::FunctionDeclarator>,
    span: Span,
    def: Option<&'a Node<ast::FunctionDefinition>>,
}

/// Whether GNU attributes say `const` (`Some(true)`), `pure` (`Some(false)`) or neither.
fn pure_attribute<'e>(
    extensions: impl IntoIterator<Item = &'e Node<ast::Extension>>,
) -> Option<bool> {
    let mut found = None;
    for e in extensions {
        if let ast::Extension::Attribute(a) = &e.node {
            match a.name.node.as_str() {
                "const" | "__const__" => return Some(true),
                "pure" | "__pure__" => found = Some(false),
                _ => {}
            }
        }
    }
    found
}

impl<'a> Pures<'a> {
    fn collect(
        unit: &'a ast::TranslationUnit,
        bound: HashMap<String, PureImpl>,
        pragmas: &'a Pragmas,
    ) -> Pures<'a> {
        let mut decls: HashMap<String, PureDecl<'a>> = HashMap::new();
        let mut defs = Vec::new();
        for ext in &unit.0 {
            let (specifiers, declarators, def) = match &ext.node {
                ast::ExternalDeclaration::Declaration(d) => (
                    &d.node.specifiers,
                    d.node
                        .declarators
                        .iter()
                        .map(|i| &i.node.declarator)
                        .collect::<Vec<_>>(),
                    None,
                ),
                ast::ExternalDeclaration::FunctionDefinition(f) => {
                    (&f.node.specifiers, vec![&f.node.declarator], Some(f))
                }
                _ => continue,
            };
            let spec_extensions: Vec<&Node<ast::Extension>> = specifiers
                .iter()
                .flat_map(|s| match &s.node {
                    DeclarationSpecifier::Extension(e) => e.iter().collect(),
                    _ => Vec::new(),
                })
                .collect();
            for d in declarators {
                let [dd] = d.node.derived.as_slice() else {
                    continue;
                };
                let DerivedDeclarator::Function(function) = &dd.node else {
                    continue;
                };
                let Some(name) = declarator_name(&d.node) else {
                    continue;
                };
                if let Some(def) = def {
                    defs.push((name.clone(), def));
                }
                let attr =
                    pure_attribute(spec_extensions.iter().copied().chain(&d.node.extensions));
                let Some(is_const) = attr else {
                    continue;
                };
                let old = decls.get(&name).is_some_and(|o| o.is_const);
                decls.insert(
                    name,
                    PureDecl {
                        is_const: is_const || old,
                        specifiers,
                        function,
                        span: d.span,
                        def: None,
                    },
                );
            }
        }
        for (name, def) in defs {
            if let Some(d) = decls.get_mut(&name) {
                d.def = Some(def);
            }
        }
        Pures {
            decls,
            bound,
            made: RefCell::new(HashMap::new()),
            lowering: RefCell::new(Vec::new()),
            pragmas,
        }
    }

    /// Whether `name` is a function declared `const` or `pure`, so not a kernel to pick.
    fn declares(&self, name: &str) -> bool {
        self.decls.contains_key(name)
    }
}

struct Lower<'a> {
    lines: &'a LineMap,
    pures: Rc<Pures<'a>>,
    typedefs: HashMap<String, Type>,
    vars: Vec<Var>,
    arrays: Vec<Array>,
    /// Block scopes, innermost last.
    scopes: Vec<HashMap<String, Name>>,
    /// Local scalars whose value is an integer constant here: assigned it in the function's
    /// outermost block and not assigned since. A local array's size may read them (`int n;
    /// n = 5; int A[n];`): local arrays are sized when the function starts, so the size takes
    /// the constant.
    constants: HashMap<VarId, Expr>,
}

type R<T> = Result<T, CError>;

impl<'a> Lower<'a> {
    fn new(lines: &'a LineMap, pures: Rc<Pures<'a>>) -> Lower<'a> {
        Lower {
            lines,
            pures,
            typedefs: HashMap::new(),
            vars: Vec::new(),
            arrays: Vec::new(),
            scopes: vec![HashMap::new()],
            constants: HashMap::new(),
        }
    }

    /// Whether statements are lowered in the function's outermost block (each runs once).
    fn outermost(&self) -> bool {
        self.scopes.len() == 2
    }

    /// Updates [`Lower::constants`] after `stmts` were lowered: what they assign is no longer
    /// known, unless it is an integer constant assigned in the outermost block.
    fn track_constants(&mut self, stmts: &[Stmt]) {
        for st in stmts {
            let mut assigned = Vec::new();
            assigned_vars(std::slice::from_ref(st), &mut assigned);
            for v in assigned {
                self.constants.remove(&v);
            }
            if let StmtKind::Assign(LValue::Var(v), value) = &st.kind
                && matches!(value.kind, ExprKind::Int(_))
                && self.outermost()
            {
                self.constants.insert(*v, value.clone());
            }
        }
    }

    fn err<T>(&self, span: Span, message: impl Into<String>) -> R<T> {
        Err(CError {
            loc: self.loc(span),
            message: message.into(),
        })
    }

    fn loc(&self, span: Span) -> SrcLoc {
        self.lines.loc(if span.is_none() { 0 } else { span.start })
    }

    fn ir<T>(&self, span: Span, r: Result<T, IrError>) -> R<T> {
        r.map_err(|e| CError {
            loc: self.loc(span),
            message: e.0,
        })
    }

    /// Scalar typedefs of the translation unit (`typedef double DATA_TYPE;`, `int64_t`, ...).
    fn typedefs(&mut self, unit: &ast::TranslationUnit) {
        for ext in &unit.0 {
            let ast::ExternalDeclaration::Declaration(d) = &ext.node else {
                continue;
            };
            let is_typedef = d.node.specifiers.iter().any(|s| {
                matches!(&s.node, DeclarationSpecifier::StorageClass(c) if c.node == ast::StorageClassSpecifier::Typedef)
            });
            if !is_typedef {
                continue;
            }
            let Ok(ty) = self.base_type(&d.node.specifiers, d.span) else {
                continue;
            };
            for init in &d.node.declarators {
                let decl = &init.node.declarator.node;
                if decl.derived.is_empty()
                    && let ast::DeclaratorKind::Identifier(id) = &decl.kind.node
                {
                    self.typedefs.insert(id.node.name.clone(), ty);
                }
            }
        }
    }

    fn pick_function<'u>(
        &self,
        unit: &'u ast::TranslationUnit,
        wanted: Option<&str>,
        pragmas: &Pragmas,
        start: SrcLoc,
    ) -> R<&'u Node<ast::FunctionDefinition>> {
        if let Some(offset) = pragmas.unmatched {
            return Err(CError {
                loc: self.lines.loc(offset),
                message: "`#pragma scop` and `#pragma endscop` do not pair up".into(),
            });
        }
        let defs: Vec<&Node<ast::FunctionDefinition>> = unit
            .0
            .iter()
            .filter_map(|e| match &e.node {
                ast::ExternalDeclaration::FunctionDefinition(f) => Some(f),
                _ => None,
            })
            .collect();
        let names: Vec<String> = defs
            .iter()
            .map(|d| declarator_name(&d.node.declarator.node).unwrap_or_default())
            .collect();
        if let Some(w) = wanted {
            return match names.iter().position(|n| n == w) {
                Some(i) => Ok(defs[i]),
                None => Err(CError {
                    loc: start,
                    message: format!("no function `{w}` (functions: {})", names.join(", ")),
                }),
            };
        }
        let with_scop: Vec<usize> = (0..defs.len())
            .filter(|&i| !pragmas.in_span(defs[i].span).is_empty())
            .collect();
        let kernels: Vec<usize> = (0..defs.len())
            .filter(|&i| !self.pures.declares(&names[i]))
            .collect();
        match (with_scop.as_slice(), defs.len()) {
            ([i], _) => Ok(defs[*i]),
            ([], 1) => Ok(defs[0]),
            ([], _) if kernels.len() == 1 => Ok(defs[kernels[0]]),
            ([], 0) => Err(CError {
                loc: start,
                message: "no function definition".into(),
            }),
            _ => Err(CError {
                loc: start,
                message: format!(
                    "several functions ({}): choose one with --function",
                    names.join(", ")
                ),
            }),
        }
    }

    fn declare(&mut self, name: &str, n: Name) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), n);
        }
    }

    fn lookup(&self, name: &str) -> Option<Name> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn new_var(&mut self, name: &str, ty: Type, kind: VarKind) -> VarId {
        self.vars.push(Var {
            name: name.to_string(),
            ty,
            kind,
        });
        let id = VarId((self.vars.len() - 1) as u32);
        self.declare(name, Name::Var(id));
        id
    }

    fn new_array(&mut self, a: Array) -> ArrayId {
        let name = a.name.clone();
        self.arrays.push(a);
        let id = ArrayId((self.arrays.len() - 1) as u32);
        self.declare(&name, Name::Array(id));
        id
    }

    fn function(mut self, def: &Node<ast::FunctionDefinition>, pragmas: &Pragmas) -> R<Function> {
        let d = &def.node;
        let name = declarator_name(&d.declarator.node).unwrap_or_default();
        if !d.declarations.is_empty() {
            return self.err(
                def.span,
                "K&R-style parameter declarations are not supported",
            );
        }
        let ret_ty = self.base_type_or_void(&d.specifiers, def.span)?;
        let mut params = Vec::new();
        let fdecl = d
            .declarator
            .node
            .derived
            .iter()
            .find_map(|dd| match &dd.node {
                DerivedDeclarator::Function(f) => Some(f),
                _ => None,
            });
        let Some(fdecl) = fdecl else {
            return self.err(def.span, "not a function declarator");
        };
        for p in &fdecl.node.parameters {
            if let Some(param) = self.parameter(p)? {
                params.push(param);
            }
        }
        let Statement::Compound(items) = &d.statement.node else {
            return self.err(d.statement.span, "function body is not a block");
        };
        // A function that returns a value ends with `return e;` (after the regions, if any);
        // a `void` one may end with `return;`.
        let (items, last_return) = match items.split_last() {
            Some((last, rest)) => match &last.node {
                BlockItem::Statement(s) => match &s.node {
                    Statement::Return(e) => (rest, Some((e.as_deref(), s.span))),
                    _ => (items.as_slice(), None),
                },
                _ => (items.as_slice(), None),
            },
            None => (items.as_slice(), None),
        };
        let regions = pragmas.in_span(def.span);
        self.scopes.push(HashMap::new());
        let mut body = if regions.is_empty() {
            let mut out = Vec::new();
            for item in items {
                self.block_item_into(item, &mut out)?;
            }
            out
        } else {
            self.scop_regions(items, &regions, pragmas)?
        };
        let ret = match (ret_ty, last_return) {
            (None, None | Some((None, _))) => None,
            (None, Some((Some(_), span))) => {
                return self.err(span, format!("`{name}` is `void` but returns a value"));
            }
            (Some(ty), Some((Some(e), span))) => {
                let value = self.expr(e)?;
                let value = self.ir(span, value.convert(ty))?;
                let slot = crate::ir::return_slot_name(&self.vars, &self.arrays);
                let id = self.new_array(Array {
                    name: slot,
                    elem: ty,
                    dims: vec![Dim::Const(1)],
                    kind: ArrayKind::Local,
                });
                let zero = self.ir(span, Expr::int(0, Type::I64))?;
                body.push(Stmt {
                    kind: StmtKind::Assign(LValue::Elem(id, vec![zero]), value),
                    label: None,
                    loc: Some(self.loc(span)),
                });
                Some(id)
            }
            (Some(ty), _) => {
                return self.err(
                    def.span,
                    format!(
                        "`{name}` returns {ty}: it must end with `return VALUE;`, its only `return`"
                    ),
                );
            }
        };
        self.scopes.pop();
        let f = Function {
            name,
            params,
            vars: self.vars,
            arrays: self.arrays,
            body,
            ret,
        };
        f.validate().map_err(|e| CError {
            loc: self.lines.loc(def.span.start),
            message: format!("internal error: {}", e.0),
        })?;
        Ok(f)
    }

    /// The statements inside the `#pragma scop` regions, in order: the function is the regions
    /// one after the other, so outside them only declarations may stand (they declare their
    /// variables, and their initializers run where they stand).
    fn scop_regions(
        &mut self,
        items: &[Node<BlockItem>],
        regions: &[(usize, usize)],
        pragmas: &Pragmas,
    ) -> R<Vec<Stmt>> {
        let mut out = Vec::new();
        for item in items {
            let span = item.span;
            let end = pragmas.text_end(span);
            let inside = regions
                .iter()
                .any(|&(start, stop)| span.start > start && end < stop);
            let apart = regions
                .iter()
                .all(|&(start, stop)| end < start || span.start > stop);
            if inside {
                self.block_item_into(item, &mut out)?;
            } else if !apart {
                return self.err(span, "`#pragma scop` region must start and end at statement boundaries of the function body");
            } else if matches!(item.node, BlockItem::Declaration(_)) {
                self.block_item_into(item, &mut out)?;
            } else if regions.iter().all(|&(_, end)| span.start > end) {
                return self.err(span, "statement after the `#pragma scop` region: move it inside, or remove the pragmas");
            } else {
                return self.err(span, "statement outside the `#pragma scop` region: move it inside, or remove the pragmas");
            }
        }
        Ok(out)
    }

    /// A function parameter; `None` for `(void)`.
    fn parameter(&mut self, p: &Node<ast::ParameterDeclaration>) -> R<Option<Param>> {
        let span = p.span;
        let Some(decl) = &p.node.declarator else {
            if self.base_type_or_void(&p.node.specifiers, span)?.is_none() {
                return Ok(None);
            }
            return self.err(span, "unnamed parameters are not supported");
        };
        let Some(ty) = self.base_type_or_void(&p.node.specifiers, span)? else {
            return self.err(span, "`void` parameter");
        };
        let name = declarator_name(&decl.node).ok_or_else(|| CError {
            loc: self.loc(span),
            message: "parameter without a name".into(),
        })?;
        let derived = &decl.node.derived;
        if derived.is_empty() {
            return Ok(Some(Param::Scalar(self.new_var(&name, ty, VarKind::Param))));
        }
        let array = self.array_declarator(&name, ty, derived, span, true)?;
        Ok(Some(Param::Array(self.new_array(array))))
    }

    /// An array or pointer declarator (`A[n][m]`, `*restrict A`).
    fn array_declarator(
        &mut self,
        name: &str,
        elem: Type,
        derived: &[Node<DerivedDeclarator>],
        span: Span,
        param: bool,
    ) -> R<Array> {
        if let [dd] = derived
            && let DerivedDeclarator::Pointer(quals) = &dd.node
        {
            if !param {
                return self.err(span, format!("local pointer `{name}` is not supported"));
            }
            let restrict = quals.iter().any(|q| matches!(&q.node, ast::PointerQualifier::TypeQualifier(t) if t.node == ast::TypeQualifier::Restrict));
            return Ok(Array {
                name: name.to_string(),
                elem,
                dims: vec![Dim::Unknown],
                kind: ArrayKind::Pointer { restrict },
            });
        }
        let mut dims = Vec::new();
        let mut restrict = false;
        for (k, dd) in derived.iter().enumerate() {
            let DerivedDeclarator::Array(a) = &dd.node else {
                return self.err(
                    dd.span,
                    format!("`{name}`: only arrays and flat pointers of scalars are supported"),
                );
            };
            restrict |= a
                .node
                .qualifiers
                .iter()
                .any(|q| q.node == ast::TypeQualifier::Restrict);
            dims.push(match &a.node.size {
                ast::ArraySize::Unknown if k == 0 && param => Dim::Unknown,
                ast::ArraySize::VariableExpression(e) | ast::ArraySize::StaticExpression(e) => {
                    let size = self.expr(e)?;
                    if !size.ty.is_int() {
                        return self.err(e.span, "array size is not an integer");
                    }
                    match size.kind {
                        ExprKind::Int(n) if n >= 0 => Dim::Const(n as u64),
                        ExprKind::Int(n) => {
                            return self.err(e.span, format!("negative array size {n}"));
                        }
                        _ if param => Dim::Expr(self.ir(e.span, size.convert(Type::I64))?),
                        _ => self.local_size(name, size, e.span)?,
                    }
                }
                _ => {
                    return self.err(
                        a.span,
                        format!("array `{name}` needs a size in this dimension"),
                    );
                }
            });
        }
        let kind = if param {
            ArrayKind::Param { restrict }
        } else {
            ArrayKind::Local
        };
        Ok(Array {
            name: name.to_string(),
            elem,
            dims,
            kind,
        })
    }

    /// A dimension of local array `name` sized by the non-constant `size`. Local arrays are
    /// allocated when the function starts, so the size may read parameters, and local scalars
    /// only where their value is a known constant ([`Lower::constants`]).
    fn local_size(&self, name: &str, size: Expr, span: Span) -> R<Dim> {
        // What the size reads that is not known when the function starts.
        let mut unknown: Option<String> = None;
        let size = size.map_leaves(&mut |leaf, ty| match *leaf {
            IrLeaf::Var(v) if self.vars[v.0 as usize].kind == VarKind::Local => {
                match self.constants.get(&v) {
                    Some(c) if self.outermost() => Ok(c.clone().convert(ty)?),
                    _ => {
                        unknown.get_or_insert_with(|| {
                            format!("local `{}`", self.vars[v.0 as usize].name)
                        });
                        Expr::leaf(IrLeaf::Var(v), ty)
                    }
                }
            }
            IrLeaf::Read(..) => {
                unknown.get_or_insert_with(|| "an array element".to_string());
                Expr::leaf(leaf.clone(), ty)
            }
            _ => Expr::leaf(leaf.clone(), ty),
        });
        let size = self.ir(span, size)?;
        if let Some(what) = unknown {
            return self.err(
                span,
                format!(
                    "the size of local array `{name}` reads {what}: local arrays are allocated when the function starts, so a size may read parameters, and a local scalar only where it was assigned a constant before, outside any loop or branch"
                ),
            );
        }
        let size = self.ir(span, size.convert(Type::I64))?;
        Ok(match size.kind {
            ExprKind::Int(n) if n >= 0 => Dim::Const(n as u64),
            _ => Dim::Expr(size),
        })
    }

    fn base_type(&self, specs: &[Node<DeclarationSpecifier>], span: Span) -> R<Type> {
        match self.base_type_or_void(specs, span)? {
            Some(t) => Ok(t),
            None => self.err(span, "`void` is not a value type"),
        }
    }

    /// The scalar type named by declaration specifiers; `None` for `void`.
    fn base_type_or_void(
        &self,
        specs: &[Node<DeclarationSpecifier>],
        span: Span,
    ) -> R<Option<Type>> {
        let mut words: Vec<(&ast::TypeSpecifier, Span)> = Vec::new();
        for s in specs {
            match &s.node {
                DeclarationSpecifier::TypeSpecifier(t) => words.push((&t.node, t.span)),
                // `static void kernel(...)` is fine; local declarations check their storage class.
                DeclarationSpecifier::StorageClass(_) => {}
                DeclarationSpecifier::TypeQualifier(_)
                | DeclarationSpecifier::Function(_)
                | DeclarationSpecifier::Extension(_) => {}
                DeclarationSpecifier::Alignment(a) => {
                    return self.err(a.span, "alignment specifiers are not supported");
                }
            }
        }
        self.type_words(&words, span)
    }

    fn type_words(&self, words: &[(&ast::TypeSpecifier, Span)], span: Span) -> R<Option<Type>> {
        use ast::TypeSpecifier as T;
        let (
            mut signed,
            mut unsigned,
            mut long,
            mut short,
            mut char_,
            mut int,
            mut float,
            mut double,
            mut void,
        ) = (false, false, 0, false, false, false, false, false, false);
        for (w, s) in words {
            match w {
                T::Void => void = true,
                T::Char => char_ = true,
                T::Short => short = true,
                T::Int => int = true,
                T::Long => long += 1,
                T::Float => float = true,
                T::Double => double = true,
                T::Signed => signed = true,
                T::Unsigned => unsigned = true,
                T::TypedefName(id) => {
                    return match self.typedefs.get(&id.node.name) {
                        Some(t) if words.len() == 1 => Ok(Some(*t)),
                        _ => self.err(*s, format!("unknown type `{}`", id.node.name)),
                    };
                }
                T::Struct(_) => return self.err(*s, "structs are not supported"),
                T::Enum(_) => return self.err(*s, "enums are not supported"),
                T::Bool => return self.err(*s, "`_Bool` is not supported"),
                _ => return self.err(*s, "this type is not supported"),
            }
        }
        let _ = int;
        Ok(Some(match () {
            _ if void => return Ok(None),
            _ if float => Type::F32,
            _ if double && long > 0 => return self.err(span, "`long double` is not supported"),
            _ if double => Type::F64,
            _ if char_ => {
                if unsigned {
                    Type::U8
                } else {
                    Type::I8
                }
            }
            _ if short => {
                if unsigned {
                    Type::U16
                } else {
                    Type::I16
                }
            }
            _ if long > 0 => {
                if unsigned {
                    Type::U64
                } else {
                    Type::I64
                }
            }
            _ if unsigned => Type::U32,
            _ if signed || int => Type::I32,
            _ => return self.err(span, "missing type"),
        }))
    }

    fn block_items(&mut self, items: &[Node<BlockItem>]) -> R<Vec<Stmt>> {
        self.scopes.push(HashMap::new());
        let mut out = Vec::new();
        for item in items {
            self.block_item_into(item, &mut out)?;
        }
        self.scopes.pop();
        Ok(out)
    }

    /// Lowers `item` onto `out`; a `while` loop may take the assignment before it as its start.
    fn block_item_into(&mut self, item: &Node<BlockItem>, out: &mut Vec<Stmt>) -> R<()> {
        let before = out.len().saturating_sub(1);
        self.block_item_lowered(item, out)?;
        self.track_constants(&out[before..]);
        Ok(())
    }

    fn block_item_lowered(&mut self, item: &Node<BlockItem>, out: &mut Vec<Stmt>) -> R<()> {
        if let BlockItem::Statement(s) = &item.node
            && let Some(parts) = while_parts(&s.node)
        {
            let mut before = out.pop_if(|st| {
                st.label.is_none() && matches!(st.kind, StmtKind::Assign(LValue::Var(_), _))
            });
            let lowered = self.while_loop(parts, s.span, &mut before);
            out.extend(before);
            out.push(Stmt {
                kind: StmtKind::For(lowered?),
                label: None,
                loc: Some(self.loc(s.span)),
            });
            return Ok(());
        }
        out.extend(self.block_item(item)?);
        Ok(())
    }

    /// A `while` or `do`-`while` loop that counts: its condition compares an integer variable
    /// with `< <= > >= != ==`, its body is a block whose last statement steps that variable by
    /// a constant. It becomes a `for` loop; when `before` is an assignment to the counter (the
    /// statement just before the loop), the loop starts at its value and `before` is taken,
    /// otherwise the loop starts at the counter's current value. A `do`-`while` runs its first
    /// iteration before any test: it needs that assignment, and its bound becomes `max(bound,
    /// start + step)` for `<` (the like for the other tests), which lets the first value run.
    fn while_loop(
        &mut self,
        (cond, body, do_while): WhileParts<'_>,
        span: Span,
        before: &mut Option<Stmt>,
    ) -> R<For> {
        let what = if do_while { "`do`-`while`" } else { "`while`" };
        let rewrite = format!(
            "a {what} loop must count: compare an integer counter with a bound and step it by a constant as the last statement of its body (or write a `for` loop)"
        );
        let counter = |e: &Node<Expression>| match &e.node {
            Expression::Identifier(id) => Some(id.node.name.clone()),
            _ => None,
        };
        let Expression::BinaryOperator(b) = &cond.node else {
            return self.err(cond.span, rewrite);
        };
        let var = [counter(&b.node.lhs), counter(&b.node.rhs)]
            .into_iter()
            .flatten()
            .find_map(|name| match self.lookup(&name) {
                Some(Name::Var(v)) if self.vars[v.0 as usize].ty.is_int() => Some(v),
                _ => None,
            });
        let Some(var) = var else {
            return self.err(cond.span, rewrite);
        };
        let Statement::Compound(items) = &body.node else {
            return self.err(body.span, rewrite);
        };
        let Some((last, rest)) = items.split_last() else {
            return self.err(body.span, rewrite);
        };
        let BlockItem::Statement(last) = &last.node else {
            return self.err(last.span, rewrite);
        };
        let Statement::Expression(Some(step)) = &last.node else {
            return self.err(last.span, rewrite);
        };
        let name = self.vars[var.0 as usize].name.clone();
        let ty = self.vars[var.0 as usize].ty;
        let mut cond = self.loop_condition(cond, var, &name)?;
        let step = self.loop_step(step.as_ref(), &name)?;
        let body = self.block_items(rest)?;
        let start = match before
            .take_if(|st| matches!(st.kind, StmtKind::Assign(LValue::Var(v), _) if v == var))
        {
            Some(Stmt {
                kind: StmtKind::Assign(_, value),
                ..
            }) => value,
            _ => Expr::var(var, ty),
        };
        if do_while {
            // The bound is evaluated at every test: the start and the bound must not change in
            // the loop.
            let mut changed = vec![var];
            assigned_vars(&body, &mut changed);
            if changed
                .iter()
                .any(|&v| reads_var(&start, v) || reads_var(&cond.bound, v))
            {
                return self.err(
                    span,
                    format!("a `do`-`while` loop needs `{name}` assigned just before it, from values and a bound the loop does not change (or write a `for` loop)"),
                );
            }
            // The first value always runs: the bound is moved just past it when the test
            // would fail there.
            let step_value = self.ir(span, Expr::int(i128::from(step), ty))?;
            let first = self.ir(span, Expr::binary(BinOp::Add, start.clone(), step_value))?;
            let first = self.ir(span, first.convert(cond.ty))?;
            let at_start = self.ir(span, start.clone().convert(cond.ty))?;
            let (past, keep) = match (cond.op, step > 0) {
                (BinOp::Lt, true) => (first, BinOp::Gt),
                (BinOp::Le, true) => (at_start, BinOp::Gt),
                (BinOp::Gt, false) => (first, BinOp::Lt),
                (BinOp::Ge, false) => (at_start, BinOp::Lt),
                _ => {
                    return self.err(
                        span,
                        format!("a `do`-`while` loop must test `{name} <` or `<=` with a positive step, `>` or `>=` with a negative one"),
                    );
                }
            };
            // bound' = bound `keep` past ? bound : past, that is max (or min) of the two.
            let test = self.ir(span, Expr::binary(keep, cond.bound.clone(), past.clone()))?;
            cond.bound = self.ir(span, Expr::select(test, cond.bound.clone(), past))?;
        }
        Ok(For {
            var,
            init: start,
            cond,
            step,
            body,
        })
    }

    fn block_item(&mut self, item: &Node<BlockItem>) -> R<Vec<Stmt>> {
        match &item.node {
            BlockItem::Declaration(d) => self.declaration(d),
            BlockItem::StaticAssert(s) => self.err(s.span, "`_Static_assert` is not supported"),
            BlockItem::Statement(s) => Ok(self.statement(s)?.into_iter().collect()),
        }
    }

    /// A local declaration: variables, arrays, and an assignment for each initializer.
    fn declaration(&mut self, d: &Node<ast::Declaration>) -> R<Vec<Stmt>> {
        for s in &d.node.specifiers {
            if let DeclarationSpecifier::StorageClass(c) = &s.node
                && matches!(
                    c.node,
                    ast::StorageClassSpecifier::Static
                        | ast::StorageClassSpecifier::Extern
                        | ast::StorageClassSpecifier::Typedef
                )
            {
                return self.err(
                    c.span,
                    "static, extern and typedef declarations inside the function are not supported",
                );
            }
        }
        let ty = self.base_type(&d.node.specifiers, d.span)?;
        let mut out = Vec::new();
        for init in &d.node.declarators {
            let decl = &init.node.declarator.node;
            let span = init.span;
            let name = declarator_name(decl).ok_or_else(|| CError {
                loc: self.loc(span),
                message: "declaration without a name".into(),
            })?;
            if decl.derived.is_empty() {
                let v = self.new_var(&name, ty, VarKind::Local);
                if let Some(i) = &init.node.initializer {
                    let ast::Initializer::Expression(e) = &i.node else {
                        return self.err(i.span, "initializer lists are not supported");
                    };
                    let value = self.expr(e)?;
                    let value = self.ir(e.span, value.convert(ty))?;
                    out.push(Stmt {
                        kind: StmtKind::Assign(LValue::Var(v), value),
                        label: None,
                        loc: Some(self.loc(span)),
                    });
                }
            } else {
                if init.node.initializer.is_some() {
                    return self.err(span, "array initializers are not supported");
                }
                let a = self.array_declarator(&name, ty, &decl.derived, span, false)?;
                self.new_array(a);
            }
        }
        Ok(out)
    }

    /// One statement; `None` for an empty statement.
    fn statement(&mut self, s: &Node<Statement>) -> R<Option<Stmt>> {
        let loc = Some(self.loc(s.span));
        let kind = match &s.node {
            Statement::Labeled(l) => {
                let ast::Label::Identifier(id) = &l.node.label.node else {
                    return self.err(l.span, "`case` and `default` labels are not supported");
                };
                let mut inner = match self.statement(&l.node.statement)? {
                    Some(st) => st,
                    None => Stmt {
                        kind: StmtKind::Block(vec![]),
                        label: None,
                        loc: loc.clone(),
                    },
                };
                if inner.label.is_some() {
                    inner = Stmt {
                        kind: StmtKind::Block(vec![inner]),
                        label: None,
                        loc: loc.clone(),
                    };
                }
                inner.label = Some(id.node.name.clone());
                return Ok(Some(inner));
            }
            Statement::Compound(items) => StmtKind::Block(self.block_items(items)?),
            Statement::Expression(None) => return Ok(None),
            Statement::Expression(Some(e)) => {
                let mut before = Vec::new();
                let (target, value) = self.chained_assignment(e, &mut before)?;
                if before.is_empty() {
                    StmtKind::Assign(target, value)
                } else {
                    // `a = b = e;` is `b = e; a = b;`: the value of an assignment is its
                    // target's after the store, read back (recomputing `e` would see `b`'s new
                    // value where `e` reads `b`).
                    before.push((target, value));
                    StmtKind::Block(
                        before
                            .into_iter()
                            .map(|(t, v)| Stmt {
                                kind: StmtKind::Assign(t, v),
                                label: None,
                                loc: loc.clone(),
                            })
                            .collect(),
                    )
                }
            }
            Statement::If(i) => {
                let c = self.expr(&i.node.condition)?;
                let then = self.body(&i.node.then_statement)?;
                let els = match &i.node.else_statement {
                    Some(e) => self.body(e)?,
                    None => vec![],
                };
                StmtKind::If(c, then, els)
            }
            Statement::For(f) => StmtKind::For(self.for_loop(f)?),
            Statement::While(w) => StmtKind::For(self.while_loop(
                (&w.node.expression, &w.node.statement, false),
                s.span,
                &mut None,
            )?),
            Statement::DoWhile(w) => StmtKind::For(self.while_loop(
                (&w.node.expression, &w.node.statement, true),
                s.span,
                &mut None,
            )?),
            Statement::Switch(_) => return self.err(s.span, "`switch` is not supported: use `if`"),
            Statement::Goto(_) => return self.err(s.span, "`goto` is not supported"),
            Statement::Continue => return self.err(s.span, "`continue` is not supported"),
            Statement::Break => {
                return self.err(
                    s.span,
                    "`break` is not supported: loops must run to their bound",
                );
            }
            Statement::Return(_) => {
                return self.err(
                    s.span,
                    "`return` is supported only as the function's last statement",
                );
            }
            Statement::Asm(_) => return self.err(s.span, "inline assembly is not supported"),
        };
        Ok(Some(Stmt {
            kind,
            label: None,
            loc,
        }))
    }

    /// The statements of a loop or branch body, in their own scope.
    fn body(&mut self, s: &Node<Statement>) -> R<Vec<Stmt>> {
        match &s.node {
            Statement::Compound(items) => self.block_items(items),
            _ => {
                self.scopes.push(HashMap::new());
                let r = self.statement(s).map(|st| st.into_iter().collect());
                self.scopes.pop();
                r
            }
        }
    }

    /// An expression statement that is one assignment (no chain).
    fn assignment(&mut self, e: &Node<Expression>) -> R<(LValue, Expr)> {
        let mut before = Vec::new();
        let r = self.chained_assignment(e, &mut before)?;
        if before.is_empty() {
            Ok(r)
        } else {
            self.err(
                e.span,
                "a chained assignment is not supported here: write one assignment",
            )
        }
    }

    /// An expression statement: an assignment, a compound assignment, or `x++`-like. In a chain
    /// such as `a = b += e`, the inner assignments are pushed to `before` in the order they run
    /// and the outer one reads their target back.
    fn chained_assignment(
        &mut self,
        e: &Node<Expression>,
        before: &mut Vec<(LValue, Expr)>,
    ) -> R<(LValue, Expr)> {
        match &e.node {
            Expression::BinaryOperator(b) => {
                let op =
                    match b.node.operator.node {
                        ast::BinaryOperator::Assign => None,
                        ast::BinaryOperator::AssignPlus => Some(BinOp::Add),
                        ast::BinaryOperator::AssignMinus => Some(BinOp::Sub),
                        ast::BinaryOperator::AssignMultiply => Some(BinOp::Mul),
                        ast::BinaryOperator::AssignDivide => Some(BinOp::Div),
                        ast::BinaryOperator::AssignModulo => Some(BinOp::Rem),
                        ast::BinaryOperator::AssignShiftLeft => Some(BinOp::Shl),
                        ast::BinaryOperator::AssignShiftRight => Some(BinOp::Shr),
                        ast::BinaryOperator::AssignBitwiseAnd => Some(BinOp::BitAnd),
                        ast::BinaryOperator::AssignBitwiseOr => Some(BinOp::BitOr),
                        ast::BinaryOperator::AssignBitwiseXor => Some(BinOp::BitXor),
                        _ => return self.err(
                            e.span,
                            "expression statement has no effect: only assignments are supported",
                        ),
                    };
                let rhs = match &b.node.rhs.node {
                    Expression::BinaryOperator(inner)
                        if is_assignment(&inner.node.operator.node) =>
                    {
                        let step = self.chained_assignment(&b.node.rhs, before)?;
                        before.push(step);
                        self.lvalue(&inner.node.lhs)?.2
                    }
                    _ => self.expr(&b.node.rhs)?,
                };
                let (lv, ty, current) = self.lvalue(&b.node.lhs)?;
                let value = match op {
                    None => rhs,
                    Some(op) => self.ir(e.span, Expr::binary(op, current, rhs))?,
                };
                Ok((lv, self.ir(e.span, value.convert(ty))?))
            }
            Expression::UnaryOperator(u) => {
                let delta =
                    match u.node.operator.node {
                        ast::UnaryOperator::PostIncrement | ast::UnaryOperator::PreIncrement => {
                            BinOp::Add
                        }
                        ast::UnaryOperator::PostDecrement | ast::UnaryOperator::PreDecrement => {
                            BinOp::Sub
                        }
                        _ => return self.err(
                            e.span,
                            "expression statement has no effect: only assignments are supported",
                        ),
                    };
                let (lv, ty, current) = self.lvalue(&u.node.operand)?;
                let value = self.ir(e.span, Expr::binary(delta, current, Expr::int32(1)))?;
                Ok((lv, self.ir(e.span, value.convert(ty))?))
            }
            Expression::Call(c) => self.call_error(c),
            _ => self.err(
                e.span,
                "expression statement has no effect: only assignments are supported",
            ),
        }
    }

    /// The target of an assignment, its type, and its current value (for `+=` and `++`).
    fn lvalue(&mut self, e: &Node<Expression>) -> R<(LValue, Type, Expr)> {
        match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name) {
                Some(Name::Var(v)) => {
                    let ty = self.vars[v.0 as usize].ty;
                    Ok((LValue::Var(v), ty, Expr::var(v, ty)))
                }
                Some(Name::Array(_)) => self.err(
                    e.span,
                    format!("cannot assign to the whole array `{}`", id.node.name),
                ),
                None => self.err(e.span, format!("unknown variable `{}`", id.node.name)),
            },
            Expression::BinaryOperator(b) if b.node.operator.node == ast::BinaryOperator::Index => {
                let (a, idx) = self.access(e)?;
                let elem = self.arrays[a.0 as usize].elem;
                let current = self.ir(e.span, Expr::read(a, elem, idx))?;
                let ExprKind::Leaf(IrLeaf::Read(_, idx)) = &current.kind else {
                    unreachable!("read builds a Read")
                };
                Ok((LValue::Elem(a, idx.clone()), elem, current))
            }
            Expression::UnaryOperator(u)
                if u.node.operator.node == ast::UnaryOperator::Indirection =>
            {
                self.err(
                    e.span,
                    "pointer dereference is not supported: subscript the array instead",
                )
            }
            _ => self.err(e.span, "only variables and array elements can be assigned"),
        }
    }

    /// `A[i][j]`: the array and the index expressions, one per dimension.
    fn access(&mut self, e: &Node<Expression>) -> R<(ArrayId, Vec<Expr>)> {
        let mut indices = Vec::new();
        let mut cur = e;
        loop {
            match &cur.node {
                Expression::BinaryOperator(b)
                    if b.node.operator.node == ast::BinaryOperator::Index =>
                {
                    indices.push(&b.node.rhs);
                    cur = &b.node.lhs;
                }
                Expression::Identifier(id) => {
                    let Some(Name::Array(a)) = self.lookup(&id.node.name) else {
                        return self.err(cur.span, format!("`{}` is not an array", id.node.name));
                    };
                    indices.reverse();
                    let rank = self.arrays[a.0 as usize].dims.len();
                    if indices.len() != rank {
                        return self.err(e.span, format!(
                            "`{}` has {rank} dimension(s) but is subscripted {} time(s): pointer arithmetic and partial subscripts are not supported",
                            id.node.name,
                            indices.len()
                        ));
                    }
                    let idx = indices
                        .into_iter()
                        .map(|i| self.expr(i))
                        .collect::<R<Vec<_>>>()?;
                    return Ok((a, idx));
                }
                _ => return self.err(cur.span, "only named arrays can be subscripted"),
            }
        }
    }

    fn call_error<T>(&self, c: &Node<ast::CallExpression>) -> R<T> {
        let name = match &c.node.callee.node {
            Expression::Identifier(id) => id.node.name.clone(),
            _ => "<expression>".into(),
        };
        self.err(c.span, format!("call to unknown function `{name}`: a kernel can call the math functions sqrt, exp, log, pow, fabs, fmin, fmax, floor, ceil (and their `f` variants) and functions declared `__attribute__((const))` (the result depends only on the arguments; no memory is read or written)"))
    }

    /// The [`PureFn`] of a function the unit declares `const`: its signature, and the bound
    /// implementation or else its definition run by the interpreter (none without either).
    fn pure_fn(&mut self, name: &str, span: Span) -> R<Arc<PureFn>> {
        if let Some(p) = self.pures.made.borrow().get(name) {
            return Ok(p.clone());
        }
        let pures = self.pures.clone();
        let decl = &pures.decls[name];
        if !decl.is_const {
            return self.err(span, format!("`{name}` is declared `pure`, which lets it read memory the model cannot see: only functions declared `__attribute__((const))` can be called"));
        }
        let Some(ret) = self.base_type_or_void(decl.specifiers, decl.span)? else {
            return self.err(decl.span, format!("`{name}` returns `void`: a `const` function called in a kernel must return a value"));
        };
        let mut params = Vec::new();
        if decl.function.node.ellipsis == ast::Ellipsis::Some {
            return self.err(
                decl.span,
                format!("`{name}` takes variable arguments: not supported"),
            );
        }
        for p in &decl.function.node.parameters {
            let Some(ty) = self.base_type_or_void(&p.node.specifiers, p.span)? else {
                continue;
            };
            if p.node
                .declarator
                .as_ref()
                .is_some_and(|d| !d.node.derived.is_empty())
            {
                return self.err(p.span, format!("`{name}` takes an array or pointer: a `const` function called in a kernel takes scalars only"));
            }
            params.push(ty);
        }
        let definition = match decl.def {
            Some(def) => Some(self.definition(name, def)?),
            None => None,
        };
        let imp = match (pures.bound.get(name), &definition) {
            (Some(imp), _) => Some(imp.clone()),
            (None, Some(def)) => Some(interpreted(def.clone())),
            (None, None) => None,
        };
        let mut f = self.ir(span, PureFn::new(name, params, ret, imp))?;
        if let Some(d) = &definition {
            let sig: Vec<Type> = d.scalar_params().map(|v| d.var(v).ty).collect();
            let d_ret = d.ret.map(|r| d.array(r).elem);
            if sig != f.params || d_ret != Some(f.ret) {
                return self.err(
                    span,
                    format!("the definition of `{name}` does not match its declaration"),
                );
            }
        }
        f.definition = definition;
        let f = Arc::new(f);
        self.pures
            .made
            .borrow_mut()
            .insert(name.to_string(), f.clone());
        Ok(f)
    }

    /// The definition of a `const` function in the source, lowered like a kernel.
    fn definition(&self, name: &str, def: &'a Node<ast::FunctionDefinition>) -> R<Arc<Function>> {
        if self.pures.lowering.borrow().iter().any(|n| n == name) {
            return self.err(
                def.span,
                format!("`{name}` calls itself: recursive `const` functions are not supported"),
            );
        }
        self.pures.lowering.borrow_mut().push(name.to_string());
        let mut lower = Lower::new(self.lines, self.pures.clone());
        lower.typedefs = self.typedefs.clone();
        let lowered = lower.function(def, self.pures.pragmas);
        self.pures.lowering.borrow_mut().pop();
        let f = lowered?;
        if f.ret.is_none() || f.params.iter().any(|p| !matches!(p, Param::Scalar(_))) {
            return self.err(
                def.span,
                format!("`{name}` must take scalars and return a value"),
            );
        }
        Ok(Arc::new(f))
    }

    fn for_loop(&mut self, f: &Node<ast::ForStatement>) -> R<For> {
        self.scopes.push(HashMap::new());
        let r = self.for_loop_scoped(f);
        self.scopes.pop();
        r
    }

    fn for_loop_scoped(&mut self, f: &Node<ast::ForStatement>) -> R<For> {
        let fs = &f.node;
        // The initializer: `i = e` or `int i = e`.
        let (var, init) = match &fs.initializer.node {
            ast::ForInitializer::Expression(e) => {
                let (lv, value) = self.assignment(e)?;
                let LValue::Var(v) = lv else {
                    return self.err(e.span, "the loop must start by assigning its counter");
                };
                (v, value)
            }
            ast::ForInitializer::Declaration(d) => {
                let mut stmts = self.declaration(d)?;
                match stmts.pop() {
                    Some(Stmt {
                        kind: StmtKind::Assign(LValue::Var(v), value),
                        ..
                    }) if stmts.is_empty() => (v, value),
                    _ => {
                        return self.err(
                            d.span,
                            "the loop must declare exactly one initialized counter",
                        );
                    }
                }
            }
            _ => {
                return self.err(
                    fs.initializer.span,
                    "the loop needs a counter initialization, as in `for (i = 0; ...)`",
                );
            }
        };
        let ty = self.vars[var.0 as usize].ty;
        if !ty.is_int() {
            return self.err(fs.initializer.span, "the loop counter must be an integer");
        }
        let name = self.vars[var.0 as usize].name.clone();
        let Some(cond) = &fs.condition else {
            return self.err(f.span, "the loop needs a condition comparing its counter");
        };
        let cond = self.loop_condition(cond, var, &name)?;
        let Some(step) = &fs.step else {
            return self.err(
                f.span,
                "the loop needs a constant step such as `i++` or `i += 2`",
            );
        };
        let step = self.loop_step(step, &name)?;
        let body = self.body(&fs.statement)?;
        Ok(For {
            var,
            init,
            cond,
            step,
            body,
        })
    }

    /// `i < e`, `e > i`, ...: normalized with the counter on the left.
    fn loop_condition(&mut self, c: &Node<Expression>, var: VarId, name: &str) -> R<LoopCond> {
        let bad = |s: &Self| {
            s.err(
                c.span,
                format!("the loop condition must compare `{name}` with `< <= > >= != ==`"),
            )
        };
        let Expression::BinaryOperator(b) = &c.node else {
            return bad(self);
        };
        if b.node.operator.node == ast::BinaryOperator::LogicalAnd {
            return self.loop_conditions(c, &b.node.lhs, &b.node.rhs, var, name);
        }
        let op = match b.node.operator.node {
            ast::BinaryOperator::Less => BinOp::Lt,
            ast::BinaryOperator::LessOrEqual => BinOp::Le,
            ast::BinaryOperator::Greater => BinOp::Gt,
            ast::BinaryOperator::GreaterOrEqual => BinOp::Ge,
            ast::BinaryOperator::Equals => BinOp::Eq,
            ast::BinaryOperator::NotEquals => BinOp::Ne,
            _ => return bad(self),
        };
        let is_var = |e: &Node<Expression>| matches!(&e.node, Expression::Identifier(id) if id.node.name == name);
        let (op, other) = if is_var(&b.node.lhs) {
            (op, &b.node.rhs)
        } else if is_var(&b.node.rhs) {
            (op.swapped(), &b.node.lhs)
        } else {
            return bad(self);
        };
        let bound = self.expr(other)?;
        let ty = Type::usual(self.vars[var.0 as usize].ty, bound.ty);
        if !ty.is_int() {
            return self.err(other.span, "the loop bound must be an integer");
        }
        let bound = self.ir(other.span, bound.convert(ty))?;
        Ok(LoopCond { op, bound, ty })
    }

    /// `i < a && i < b`: one bound, `a < b ? a : b` (the tighter of two upper bounds, or of
    /// two lower bounds with `>` / `>=` and `?:` taking the larger). Both tests use the same
    /// operator. Unlike C, `b` is evaluated even when `i < a` fails; bounds have no side
    /// effects, so only a bound that is undefined there could tell.
    fn loop_conditions(
        &mut self,
        c: &Node<Expression>,
        lhs: &Node<Expression>,
        rhs: &Node<Expression>,
        var: VarId,
        name: &str,
    ) -> R<LoopCond> {
        let a = self.loop_condition(lhs, var, name)?;
        let b = self.loop_condition(rhs, var, name)?;
        let keep = match a.op {
            BinOp::Lt | BinOp::Le => BinOp::Lt,
            BinOp::Gt | BinOp::Ge => BinOp::Gt,
            _ => BinOp::Eq,
        };
        if a.op != b.op || keep == BinOp::Eq {
            return self.err(
                c.span,
                format!("a loop condition with `&&` must compare `{name}` the same way on both sides, as in `{name} < n && {name} < m` (write the bounds with one operator)"),
            );
        }
        let ty = Type::usual(a.ty, b.ty);
        let (x, y) = (
            self.ir(c.span, a.bound.convert(ty))?,
            self.ir(c.span, b.bound.convert(ty))?,
        );
        let test = self.ir(c.span, Expr::binary(keep, x.clone(), y.clone()))?;
        let bound = self.ir(c.span, Expr::select(test, x, y))?;
        Ok(LoopCond {
            op: a.op,
            bound,
            ty,
        })
    }

    /// `i++`, `--i`, `i += 2`, `i -= 2`, `i = i + 2`: the constant step.
    fn loop_step(&mut self, s: &Node<Expression>, name: &str) -> R<i64> {
        let bad = |this: &Self| {
            this.err(s.span, format!("the loop step must change `{name}` by a constant, as in `{name}++` or `{name} += 2`"))
        };
        let is_var = |e: &Node<Expression>| matches!(&e.node, Expression::Identifier(id) if id.node.name == name);
        let step = match &s.node {
            Expression::UnaryOperator(u) if is_var(&u.node.operand) => match u.node.operator.node {
                ast::UnaryOperator::PostIncrement | ast::UnaryOperator::PreIncrement => 1,
                ast::UnaryOperator::PostDecrement | ast::UnaryOperator::PreDecrement => -1,
                _ => return bad(self),
            },
            Expression::BinaryOperator(b) if is_var(&b.node.lhs) => {
                use ast::BinaryOperator as B;
                // (sign, the expression that must be a constant)
                let (sign, amount) = match b.node.operator.node {
                    B::AssignPlus => (1, &b.node.rhs),
                    B::AssignMinus => (-1, &b.node.rhs),
                    B::Assign => match &b.node.rhs.node {
                        Expression::BinaryOperator(r) => match r.node.operator.node {
                            B::Plus if is_var(&r.node.lhs) => (1, &r.node.rhs),
                            B::Plus if is_var(&r.node.rhs) => (1, &r.node.lhs),
                            B::Minus if is_var(&r.node.lhs) => (-1, &r.node.rhs),
                            _ => return bad(self),
                        },
                        _ => return bad(self),
                    },
                    _ => return bad(self),
                };
                match self.expr(amount)?.kind {
                    ExprKind::Int(v) => sign * v,
                    _ => return bad(self),
                }
            }
            _ => return bad(self),
        };
        match i64::try_from(step) {
            Ok(s) if s != 0 => Ok(s),
            _ => self.err(
                s.span,
                "the loop step must be a non-zero constant that fits in 64 bits",
            ),
        }
    }

    /// A pure expression.
    fn expr(&mut self, e: &Node<Expression>) -> R<Expr> {
        let span = e.span;
        match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name) {
                Some(Name::Var(v)) => Ok(Expr::var(v, self.vars[v.0 as usize].ty)),
                Some(Name::Array(_)) => self.err(
                    span,
                    format!("array `{}` used without all its subscripts", id.node.name),
                ),
                None => self.err(span, format!("unknown variable `{}`", id.node.name)),
            },
            Expression::Constant(c) => self.constant(&c.node, span),
            Expression::BinaryOperator(b) => {
                use ast::BinaryOperator as B;
                let op = match b.node.operator.node {
                    B::Index => {
                        let (a, idx) = self.access(e)?;
                        let elem = self.arrays[a.0 as usize].elem;
                        return self.ir(span, Expr::read(a, elem, idx));
                    }
                    B::Multiply => BinOp::Mul,
                    B::Divide => BinOp::Div,
                    B::Modulo => BinOp::Rem,
                    B::Plus => BinOp::Add,
                    B::Minus => BinOp::Sub,
                    B::ShiftLeft => BinOp::Shl,
                    B::ShiftRight => BinOp::Shr,
                    B::Less => BinOp::Lt,
                    B::Greater => BinOp::Gt,
                    B::LessOrEqual => BinOp::Le,
                    B::GreaterOrEqual => BinOp::Ge,
                    B::Equals => BinOp::Eq,
                    B::NotEquals => BinOp::Ne,
                    B::BitwiseAnd => BinOp::BitAnd,
                    B::BitwiseXor => BinOp::BitXor,
                    B::BitwiseOr => BinOp::BitOr,
                    B::LogicalAnd => BinOp::And,
                    B::LogicalOr => BinOp::Or,
                    _ => return self.err(span, "assignment inside an expression: side effects are only supported as statements"),
                };
                let (l, r) = (self.expr(&b.node.lhs)?, self.expr(&b.node.rhs)?);
                self.ir(span, Expr::binary(op, l, r))
            }
            Expression::UnaryOperator(u) => {
                use ast::UnaryOperator as U;
                let op = match u.node.operator.node {
                    U::Minus => Some(UnOp::Neg),
                    U::Plus => None,
                    U::Complement => Some(UnOp::BitNot),
                    U::Negate => Some(UnOp::Not),
                    U::Address => return self.err(span, "address-of (`&`) is not supported"),
                    U::Indirection => return self.err(span, "pointer dereference is not supported: subscript the array instead"),
                    _ => return self.err(span, "increment or decrement inside an expression: side effects are only supported as statements"),
                };
                let a = self.expr(&u.node.operand)?;
                match op {
                    Some(op) => {
                        // Fold negated literals so that `-1` is a constant, as C reads it.
                        match (&a.kind, op) {
                            (ExprKind::Int(v), UnOp::Neg)
                                if a.ty.is_signed() && -v >= a.ty.promote().min_int() =>
                            {
                                self.ir(span, Expr::int(-v, a.ty.promote()))
                            }
                            (ExprKind::Float(v), UnOp::Neg) => self.ir(span, Expr::float(-v, a.ty)),
                            _ => self.ir(span, Expr::unary(op, a)),
                        }
                    }
                    None => {
                        let t = a.ty.promote();
                        self.ir(span, a.convert(t))
                    }
                }
            }
            Expression::Cast(c) => {
                let t = &c.node.type_name.node;
                if t.declarator.is_some() {
                    return self.err(c.span, "pointer casts are not supported");
                }
                let mut words = Vec::new();
                for s in &t.specifiers {
                    match &s.node {
                        ast::SpecifierQualifier::TypeSpecifier(ts) => {
                            words.push((&ts.node, ts.span))
                        }
                        ast::SpecifierQualifier::TypeQualifier(_) => {}
                        ast::SpecifierQualifier::Extension(_) => {}
                    }
                }
                let Some(ty) = self.type_words(&words, c.span)? else {
                    return self.err(c.span, "casts to `void` are not supported");
                };
                let a = self.expr(&c.node.expression)?;
                self.ir(span, a.convert(ty))
            }
            Expression::Conditional(c) => {
                let cond = self.expr(&c.node.condition)?;
                let a = self.expr(&c.node.then_expression)?;
                let b = self.expr(&c.node.else_expression)?;
                self.ir(span, Expr::select(cond, a, b))
            }
            Expression::Call(c) => {
                let Expression::Identifier(id) = &c.node.callee.node else {
                    return self.call_error(c);
                };
                let name = &id.node.name;
                let math = MathFn::from_name(name).filter(|_| self.lookup(name).is_none());
                let pure = match math {
                    Some(_) => None,
                    None if self.pures.declares(name) => Some(self.pure_fn(name, c.span)?),
                    None => return self.call_error(c),
                };
                let args = c
                    .node
                    .arguments
                    .iter()
                    .map(|a| self.expr(a))
                    .collect::<R<Vec<_>>>()?;
                match (math, pure) {
                    (Some((f, ty)), _) => self.ir(span, Expr::call(f, ty, args)),
                    (None, Some(p)) => self.ir(span, Expr::pure_call(p, args)),
                    (None, None) => self.call_error(c),
                }
            }
            Expression::Comma(_) => self.err(span, "the comma operator is not supported"),
            Expression::Member(_) => self.err(span, "structs are not supported"),
            Expression::StringLiteral(_) => self.err(span, "string literals are not supported"),
            Expression::SizeOfTy(_) | Expression::SizeOfVal(_) | Expression::AlignOf(_) => {
                self.err(span, "`sizeof` and `_Alignof` are not supported")
            }
            _ => self.err(span, "this expression is not supported"),
        }
    }

    /// An integer, floating or character constant with its C type.
    fn constant(&self, c: &ast::Constant, span: Span) -> R<Expr> {
        match c {
            ast::Constant::Integer(i) => {
                let radix = match i.base {
                    ast::IntegerBase::Decimal => 10,
                    ast::IntegerBase::Octal => 8,
                    ast::IntegerBase::Hexadecimal => 16,
                    ast::IntegerBase::Binary => 2,
                };
                let digits = i.number.trim_start_matches(['x', 'X', 'b', 'B']);
                let v = u128::from_str_radix(if digits.is_empty() { "0" } else { digits }, radix);
                let Ok(v) = v else {
                    return self.err(span, "integer constant too large");
                };
                if i.suffix.imaginary {
                    return self.err(span, "imaginary constants are not supported");
                }
                // C11 6.4.4.1: the first type of the list that can represent the value.
                let decimal = radix == 10;
                let candidates: &[Type] = match (i.suffix.unsigned, i.suffix.size) {
                    (false, ast::IntegerSize::Int) if decimal => &[Type::I32, Type::I64],
                    (false, ast::IntegerSize::Int) => &[Type::I32, Type::U32, Type::I64, Type::U64],
                    (true, ast::IntegerSize::Int) => &[Type::U32, Type::U64],
                    (false, _) if decimal => &[Type::I64],
                    (false, _) => &[Type::I64, Type::U64],
                    (true, _) => &[Type::U64],
                };
                let v = v as i128;
                match candidates.iter().find(|t| v <= t.max_int()) {
                    Some(t) => self.ir(span, Expr::int(v, *t)),
                    None => self.err(span, "integer constant too large for its type"),
                }
            }
            ast::Constant::Float(f) => {
                if f.suffix.imaginary {
                    return self.err(span, "imaginary floating constants are not supported");
                }
                let text: &str = &f.number;
                if f.base == ast::FloatBase::Hexadecimal {
                    let (ty, bits) = match f.suffix.format {
                        ast::FloatFormat::Float => (Type::F32, 24),
                        ast::FloatFormat::Double => (Type::F64, 53),
                        _ => {
                            return self.err(
                                span,
                                "`long double` hexadecimal floating constants are not supported",
                            );
                        }
                    };
                    return match hex_float(text, bits) {
                        Some(x) => self.ir(span, Expr::float(x, ty)),
                        None => self.err(
                            span,
                            format!(
                                "bad or out-of-range hexadecimal floating constant for `{}`",
                                if bits == 24 { "float" } else { "double" }
                            ),
                        ),
                    };
                }
                match f.suffix.format {
                    ast::FloatFormat::Float => match text.parse::<f32>() {
                        Ok(x) => self.ir(span, Expr::float(f64::from(x), Type::F32)),
                        Err(_) => self.err(span, "bad floating constant"),
                    },
                    ast::FloatFormat::Double => match text.parse::<f64>() {
                        Ok(x) => self.ir(span, Expr::float(x, Type::F64)),
                        Err(_) => self.err(span, "bad floating constant"),
                    },
                    _ => self.err(
                        span,
                        "`long double` and decimal floating constants are not supported",
                    ),
                }
            }
            ast::Constant::Character(_) => self.err(span, "character constants are not supported"),
        }
    }
}

/// The value of a hexadecimal floating constant (`1.8p3`, with or without `0x`), correctly
/// rounded (to nearest, ties to even) to a binary format with `bits` significant bits: 53 for
/// `double`, 24 for `float` (C11 6.4.4.2). `None` when the text is malformed or the value
/// overflows the format.
pub(crate) fn hex_float(text: &str, bits: u32) -> Option<f64> {
    let text = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .or_else(|| text.strip_prefix('x'))
        .or_else(|| text.strip_prefix('X'))
        .unwrap_or(text);
    let (mantissa, exponent) = text.split_once(['p', 'P'])?;
    let exponent: i64 = exponent.parse().ok()?;
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    // value = m * 2^e, with the digits that do not fit in `m` folded into `sticky`.
    let (mut m, mut e, mut sticky) = (0u128, exponent.clamp(-100_000, 100_000), false);
    for (k, c) in int_part.chars().chain(frac_part.chars()).enumerate() {
        let d = u128::from(c.to_digit(16)?);
        let fraction = k >= int_part.len();
        if m >> 120 == 0 {
            m = (m << 4) | d;
            if fraction {
                e -= 4;
            }
        } else {
            sticky |= d != 0;
            if !fraction {
                e += 4;
            }
        }
    }
    if m == 0 {
        return Some(0.0);
    }
    let (min_exp, max_exp) = if bits == 53 {
        (-1074i64, 1024i64)
    } else {
        (-149, 128)
    };
    // The exponent of the leading bit, and the weight of the last kept bit.
    let lead = i64::from(127 - m.leading_zeros()) + e;
    if lead >= max_exp {
        return None;
    }
    let q = (lead - i64::from(bits) + 1).max(min_exp);
    let shift = q - e;
    let r = if shift <= 0 {
        m << (-shift)
    } else if shift > 128 {
        0
    } else {
        let kept = if shift == 128 { 0 } else { m >> shift };
        let half = 1u128 << (shift - 1);
        let rest = m & ((half << 1).wrapping_sub(1));
        let above = rest > half || (rest == half && sticky);
        if above || (rest == half && !sticky && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        }
    };
    // r < 2^(bits + 1), so it and every power of two in range convert exactly.
    let pow2 = |k: i64| -> f64 {
        if k >= -1022 {
            f64::from_bits(((k + 1023) as u64) << 52)
        } else {
            f64::from_bits(1u64 << (k + 1074))
        }
    };
    let value = (r as f64) * pow2(q);
    let limit = pow2(max_exp - 1) * (2.0 - pow2(-i64::from(bits) + 1));
    (value.is_finite() && value <= limit).then_some(value)
}

/// A `while` (`false`) or `do`-`while` (`true`) loop's test and body.
type WhileParts<'a> = (&'a Node<Expression>, &'a Node<Statement>, bool);

fn while_parts(s: &Statement) -> Option<WhileParts<'_>> {
    match s {
        Statement::While(w) => Some((&w.node.expression, &w.node.statement, false)),
        Statement::DoWhile(w) => Some((&w.node.expression, &w.node.statement, true)),
        _ => None,
    }
}

/// Whether `e` reads variable `v`.
fn reads_var(e: &Expr, v: VarId) -> bool {
    matches!(&e.kind, ExprKind::Leaf(IrLeaf::Var(x)) if *x == v)
        || e.children().iter().any(|c| reads_var(c, v))
}

/// The variables `stmts` assign, at any depth (loop counters included).
fn assigned_vars(stmts: &[Stmt], out: &mut Vec<VarId>) {
    for st in stmts {
        match &st.kind {
            StmtKind::Assign(LValue::Var(v), _) => out.push(*v),
            StmtKind::Assign(..) => {}
            StmtKind::For(f) => {
                out.push(f.var);
                assigned_vars(&f.body, out);
            }
            StmtKind::If(_, t, e) => {
                assigned_vars(t, out);
                assigned_vars(e, out);
            }
            StmtKind::Block(b) => assigned_vars(b, out),
        }
    }
}

/// Whether `op` is `=` or a compound assignment.
fn is_assignment(op: &ast::BinaryOperator) -> bool {
    use ast::BinaryOperator as B;
    matches!(
        op,
        B::Assign
            | B::AssignPlus
            | B::AssignMinus
            | B::AssignMultiply
            | B::AssignDivide
            | B::AssignModulo
            | B::AssignShiftLeft
            | B::AssignShiftRight
            | B::AssignBitwiseAnd
            | B::AssignBitwiseOr
            | B::AssignBitwiseXor
    )
}

/// A pure function's definition from the source as its implementation: the interpreter runs it
/// at every call.
fn interpreted(f: Arc<Function>) -> PureImpl {
    PureImpl::new(move |values| {
        let mut args = crate::interp::Args {
            scalars: vec![None; f.vars.len()],
            bindings: vec![None; f.arrays.len()],
            ..Default::default()
        };
        for (p, v) in f.params.iter().zip(values) {
            if let Param::Scalar(id) = p {
                args.scalars[id.0 as usize] = Some(*v);
            }
        }
        crate::interp::run(&f, &mut args, &crate::interp::Limits::default())
            .map_err(|e| e.to_string())?;
        args.returned.ok_or_else(|| "no value returned".to_string())
    })
}

fn declarator_name(d: &ast::Declarator) -> Option<String> {
    match &d.kind.node {
        ast::DeclaratorKind::Identifier(id) => Some(id.node.name.clone()),
        ast::DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        ast::DeclaratorKind::Abstract => None,
    }
}

#[cfg(test)]
mod tests {
    use super::hex_float;

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
