//! Source handling: the preprocessor, comments, the parser on a thread of its own, line
//! markers, and the `#pragma scop` regions.

use super::*;

/// Runs the C preprocessor, keeping line markers.
pub(super) fn preprocess(
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
pub(super) fn blank_comments(text: &str) -> String {
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
pub(super) fn parse_unit(source: &str) -> Result<ast::TranslationUnit, (usize, String)> {
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
pub(super) const MAX_SIGN_RUN: usize = 16;

/// Where a run of more than [`MAX_SIGN_RUN`] `+` and `-` characters starts, outside string and
/// character literals.
pub(super) fn sign_run(source: &str) -> Option<usize> {
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
pub(super) fn too_deep(source: &str) -> Option<usize> {
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
pub(super) struct LineMap {
    /// Start offset of each line, with the file and line it stands for.
    pub(super) starts: Vec<(usize, std::rc::Rc<str>, u32)>,
}

impl LineMap {
    pub(super) fn new(name: &str, source: &str) -> LineMap {
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

    pub(super) fn loc(&self, offset: usize) -> SrcLoc {
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
pub(super) fn parse_marker(line: &str) -> Option<(u32, Option<String>)> {
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
pub(super) struct Pragmas {
    pub(super) scops: Vec<(usize, usize)>,
    /// The source, to see where a statement's text really ends: lang-c's span of an `if`
    /// without `else` runs on over the whitespace (and pragma lines) after it.
    pub(super) source: String,
    /// A `#pragma scop` without `#pragma endscop`, or the reverse.
    pub(super) unmatched: Option<usize>,
    /// For regions given by their lines ([`Pragmas::at_lines`]), each one's first and last
    /// line, in the order of `scops`; empty for regions the pragmas mark.
    pub(super) given: Vec<(u32, u32)>,
}

impl Pragmas {
    pub(super) fn find(source: &str) -> Pragmas {
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
            given: Vec::new(),
        }
    }

    /// Regions given by the first and last lines of the user's file (`lines` maps the
    /// preprocessed `source` to them) instead of pragmas: each stands as if its `#pragma scop`
    /// ended the line before its first (the offset of that line's newline) and its `#pragma
    /// endscop` began at the newline ending its last line, so that exactly the statements on
    /// those lines are inside. A range whose lines the source does not hold is left out.
    pub(super) fn at_lines(source: &str, lines: &LineMap, given: &[(u32, u32)]) -> Pragmas {
        let user = lines.starts.first().map(|(_, f, _)| f.clone());
        // A line marker's own line carries the count running before it: not the user's line.
        let start_of = |line: u32| {
            lines.starts.iter().position(|(o, f, l)| {
                Some(f) == user.as_ref()
                    && *l == line
                    && parse_marker(source[*o..].lines().next().unwrap_or_default()).is_none()
            })
        };
        let mut scops = Vec::new();
        let mut kept = Vec::new();
        for &(first, last) in given {
            let (Some(a), Some(b)) = (start_of(first), start_of(last)) else {
                continue;
            };
            let open = lines.starts[a].0.saturating_sub(1);
            let close = lines
                .starts
                .get(b + 1)
                .map_or(source.len(), |(s, _, _)| s.saturating_sub(1));
            if a == 0 || open >= close {
                continue;
            }
            scops.push((open, close));
            kept.push((first, last));
        }
        Pragmas {
            scops,
            unmatched: None,
            source: source.to_string(),
            given: kept,
        }
    }

    /// The lines of the region given by lines that starts at `start`, if it is one.
    pub(super) fn given_lines(&self, start: usize) -> Option<(u32, u32)> {
        let k = self.scops.iter().position(|&(s, _)| s == start)?;
        self.given.get(k).copied()
    }

    /// Where the text of `span` ends: before trailing whitespace and directive lines.
    pub(super) fn text_end(&self, span: Span) -> usize {
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

    pub(super) fn in_span(&self, span: Span) -> Vec<(usize, usize)> {
        self.scops
            .iter()
            .copied()
            .filter(|&(s, e)| s > span.start && e < span.end)
            .collect()
    }
}
