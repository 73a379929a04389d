//! Loopy scripts: the text form, one operation per line, `#` comments.
//!
//! ```text
//! realign(Init, Mult, 0)
//! affine(Mult, { [i, j, k] -> [i, k, j] })
//! L = lift(L1, 2)
//! (L3, L4) = isplit(L, { [i, j] : j < N/2 }, 1)
//! tile(Mult, 32, 32)
//! ```
//!
//! Arguments are loop tags, integers, or isl text in braces (maps for `affine`, sets for
//! `isplit`, parsed by isl against the model when the script is applied).
//!
//! # Design notes
//!
//! - **Scripts** (`script.rs`). `Script::parse`: one operation per line, `#` comments,
//!   `L = lift(..)` and `(A, B) = isplit(..)` bind results; arguments are tags, integers or isl text
//!   in braces. Errors carry line and column.

use std::fmt;

/// A position in a script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// An error in a script: where and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {}, column {}: {message}", pos.line, pos.col)]
pub struct ScriptError {
    /// Where.
    pub pos: Pos,
    /// What.
    pub message: String,
}

/// One argument of an operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A loop tag (a C label, or a name bound by an earlier line).
    Tag(String),
    /// An integer.
    Int(i64),
    /// isl text, braces included.
    Isl(String),
}

/// One line of a script: `results = op(args)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    /// The names bound to the operation's results (`L` in `L = lift(..)`).
    pub results: Vec<String>,
    /// The operation's name.
    pub name: String,
    /// Its arguments, with their positions.
    pub args: Vec<(Arg, Pos)>,
    /// Where the line starts.
    pub pos: Pos,
}

/// A parsed script.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    /// The operations, in order.
    pub ops: Vec<Op>,
}

/// The operations and shorthands Loopy knows, with their argument shapes
/// (`t` tag, `i` integer, `m` isl text, `*` more integers) and result counts.
pub(crate) const OPERATIONS: &[(&str, &str, usize)] = &[
    ("realign", "tti", 0),
    ("lift", "ti", 1),
    ("affine", "tm", 0),
    ("isplit", "tmi", 2),
    ("tile", "ti*", 0),
    ("interchange", "tii", 0),
    ("reverse", "ti", 0),
    ("shift", "tii", 0),
    ("skew", "tiii", 0),
    ("fuse", "tt", 0),
    ("parallel", "ti", 0),
    ("vectorize", "t", 0),
];

impl Script {
    /// Parses a script; errors name the line and column.
    pub fn parse(text: &str) -> Result<Script, ScriptError> {
        let mut ops = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            if line.trim().is_empty() {
                continue;
            }
            let mut p = Parser {
                chars: line.char_indices().collect(),
                at: 0,
                line: n as u32 + 1,
            };
            ops.push(p.op()?);
        }
        Ok(Script { ops })
    }
}

struct Parser {
    chars: Vec<(usize, char)>,
    at: usize,
    line: u32,
}

impl Parser {
    fn pos(&self) -> Pos {
        let col = self
            .chars
            .get(self.at)
            .map_or(self.chars.len(), |(i, _)| *i) as u32
            + 1;
        Pos {
            line: self.line,
            col,
        }
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, ScriptError> {
        Err(ScriptError {
            pos: self.pos(),
            message: message.into(),
        })
    }

    fn skip_ws(&mut self) {
        while self
            .chars
            .get(self.at)
            .is_some_and(|(_, c)| c.is_whitespace())
        {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.at).map(|(_, c)| *c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<(), ScriptError> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err(format!("expected `{c}`"))
        }
    }

    fn ident(&mut self) -> Result<String, ScriptError> {
        self.skip_ws();
        let start = self.at;
        while self
            .chars
            .get(self.at)
            .is_some_and(|(_, c)| c.is_alphanumeric() || *c == '_')
        {
            self.at += 1;
        }
        if start == self.at || self.chars[start].1.is_ascii_digit() {
            self.at = start;
            return self.err("expected a name");
        }
        Ok(self.chars[start..self.at].iter().map(|(_, c)| c).collect())
    }

    fn op(&mut self) -> Result<Op, ScriptError> {
        let pos = {
            self.skip_ws();
            self.pos()
        };
        let mut results = Vec::new();
        // `(a, b) = ...`, `a = ...` or just `op(...)`.
        if self.eat('(') {
            results.push(self.ident()?);
            while self.eat(',') {
                results.push(self.ident()?);
            }
            self.expect(')')?;
            self.expect('=')?;
        }
        let mut name = self.ident()?;
        if results.is_empty() && self.eat('=') {
            results.push(name);
            name = self.ident()?;
        }
        let name_pos = pos;
        let Some(&(_, shape, n_results)) = OPERATIONS.iter().find(|(n, _, _)| *n == name) else {
            let known: Vec<&str> = OPERATIONS.iter().map(|(n, _, _)| *n).collect();
            return Err(ScriptError {
                pos: name_pos,
                message: format!("unknown operation `{name}` (known: {})", known.join(", ")),
            });
        };
        if results.len() != n_results {
            return Err(ScriptError {
                pos: name_pos,
                message: format!(
                    "`{name}` gives {n_results} result(s), {} named",
                    results.len()
                ),
            });
        }
        self.expect('(')?;
        let mut args = Vec::new();
        if !self.eat(')') {
            loop {
                let at = {
                    self.skip_ws();
                    self.pos()
                };
                let arg = match self.peek() {
                    Some('{') => Arg::Isl(self.braces()?),
                    Some(c) if c.is_ascii_digit() || c == '-' => Arg::Int(self.int()?),
                    _ => Arg::Tag(self.ident()?),
                };
                args.push((arg, at));
                if self.eat(')') {
                    break;
                }
                self.expect(',')?;
            }
        }
        self.skip_ws();
        if self.at < self.chars.len() {
            return self.err("unexpected text after the operation");
        }
        check_shape(&name, shape, &args, pos)?;
        Ok(Op {
            results,
            name,
            args,
            pos,
        })
    }

    fn int(&mut self) -> Result<i64, ScriptError> {
        self.skip_ws();
        let start = self.at;
        if self.chars.get(self.at).is_some_and(|(_, c)| *c == '-') {
            self.at += 1;
        }
        while self
            .chars
            .get(self.at)
            .is_some_and(|(_, c)| c.is_ascii_digit())
        {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().map(|(_, c)| c).collect();
        text.parse().or_else(|_| {
            self.at = start;
            self.err("expected an integer")
        })
    }

    /// `{ ... }` with nested braces, as text.
    fn braces(&mut self) -> Result<String, ScriptError> {
        let start = self.at;
        let mut depth = 0;
        while let Some(&(_, c)) = self.chars.get(self.at) {
            self.at += 1;
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(self.chars[start..self.at].iter().map(|(_, c)| c).collect());
                    }
                }
                _ => {}
            }
        }
        self.at = start;
        self.err("unclosed `{`")
    }
}

fn check_shape(name: &str, shape: &str, args: &[(Arg, Pos)], pos: Pos) -> Result<(), ScriptError> {
    let fixed: Vec<char> = shape.chars().filter(|&c| c != '*').collect();
    let variadic = shape.ends_with('*');
    if args.len() < fixed.len() || (!variadic && args.len() > fixed.len()) {
        let want = if variadic {
            format!("at least {}", fixed.len())
        } else {
            fixed.len().to_string()
        };
        return Err(ScriptError {
            pos,
            message: format!("`{name}` takes {want} argument(s), not {}", args.len()),
        });
    }
    for (k, (arg, at)) in args.iter().enumerate() {
        let want = fixed.get(k).copied().unwrap_or('i');
        let ok = matches!(
            (want, arg),
            ('t', Arg::Tag(_)) | ('i', Arg::Int(_)) | ('m', Arg::Isl(_))
        );
        if !ok {
            let what = match want {
                't' => "a loop tag",
                'i' => "an integer",
                _ => "isl text in braces",
            };
            return Err(ScriptError {
                pos: *at,
                message: format!("argument {} of `{name}` must be {what}", k + 1),
            });
        }
    }
    Ok(())
}
