//! A reader for the plain part of isl's notation, in Rust, that builds the object with the
//! same isl operations isl's own reader ends in.
//!
//! # Design notes
//!
//! - **Why.** isl's reader (`isl_input.c`) turns every affine expression into a piecewise
//!   affine function, every comparison into a set of those, and a parenthesized formula into a
//!   second parse; on the texts the optimizer writes (a few tuples, linear constraints, `and`,
//!   `or`) that machinery was most of the cost: about 1.1 million instructions per text, a
//!   fifth of compiling a matrix product (`valgrind --tool=callgrind`, `obj_read`).
//! - **Same objects.** Only the front changes. The object is built by the isl calls isl's
//!   reader ends in, in its order: the universe of the space, each expression of the output
//!   tuple intersected as an equality `e - o = 0` (`map_from_tuple`), each comparison of a chain
//!   intersected into a copy of that map (`add_constraint`), the conjuncts of a conjunction
//!   intersected (`read_conjuncts`), the disjuncts united (`read_disjuncts`), a parenthesized
//!   formula read on a copy of the tuple map (`resolve_paren_expr`). A comparison is one
//!   constraint with the coefficients isl's `isl_pw_aff_*_set` gives it (`b - a >= 0` for
//!   `a <= b`, `b - a - 1 >= 0` for `a < b`, `a - b = 0` for `a = b`); isl normalizes each one
//!   when it is intersected. The test `fast_reader_builds_what_isl_reads` compares the two
//!   readers' objects, printed, on texts of every shape this reader accepts.
//! - **Or isl's reader.** Anything else goes to isl's reader: an expression in the input tuple,
//!   an unknown name (isl makes it a parameter), `exists`, `floor`, `mod`, division, `min`,
//!   `max`, `not`, `implies`, `!=`, lists, nested or several tuples (`;`), primes in names,
//!   numbers beyond 64 bits. [`read_map`] and [`read_set`] answer `None` for those.
//! - **Sets are maps.** isl keeps a set as a map without input dimensions (`isl_map_private.h`
//!   defines `isl_set` as `isl_map`, and `isl_set_intersect` is `isl_map_intersect` on the same
//!   pointer); a set is built as a map over a set space (or a parameter space) and handed out
//!   as the set it is.

use crate::ffi::{self, Take};
use crate::{Ctx, Map, Result, Set};
use std::collections::HashMap;
use std::ffi::{c_int, c_long, c_uint};

/// A dimension of the object being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Var {
    Param(usize),
    In(usize),
    Out(usize),
}

/// An affine expression: coefficients of dimensions and a constant.
#[derive(Clone, Debug, Default)]
struct Lin {
    terms: Vec<(Var, i64)>,
    constant: i64,
}

impl Lin {
    fn var(v: Var) -> Lin {
        Lin {
            terms: vec![(v, 1)],
            constant: 0,
        }
    }

    fn constant(c: i64) -> Lin {
        Lin {
            terms: Vec::new(),
            constant: c,
        }
    }

    fn is_constant(&self) -> bool {
        self.terms.iter().all(|&(_, c)| c == 0)
    }

    /// `self + k * other`, `None` on overflow.
    fn add_scaled(mut self, other: &Lin, k: i64) -> Option<Lin> {
        for &(v, c) in &other.terms {
            let c = c.checked_mul(k)?;
            match self.terms.iter_mut().find(|(w, _)| *w == v) {
                Some((_, d)) => *d = d.checked_add(c)?,
                None => self.terms.push((v, c)),
            }
        }
        self.constant = self.constant.checked_add(other.constant.checked_mul(k)?)?;
        Some(self)
    }

    fn scale(&self, k: i64) -> Option<Lin> {
        Lin::default().add_scaled(self, k)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmp {
    Le,
    Lt,
    Ge,
    Gt,
    Eq,
}

/// A formula as isl's reader structures it: disjuncts of conjuncts of atoms.
#[derive(Debug)]
enum Atom {
    True,
    False,
    /// `a op b op c ...`: the constraint of each comparison of neighbours (`lin >= 0`, or
    /// `lin = 0` when the flag is set).
    Chain(Vec<(Lin, bool)>),
    /// A parenthesized formula.
    Paren(Vec<Vec<Atom>>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Int(i64),
    Sym(&'static str),
}

fn tokens(text: &str) -> Option<Vec<Tok>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(text[start..i].to_string()));
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Tok::Int(text[start..i].parse().ok()?));
        } else {
            let two = b.get(i..i + 2);
            let sym = match (c, two) {
                (_, Some(b"->")) => "->",
                (_, Some(b"<=")) => "<=",
                (_, Some(b">=")) => ">=",
                (b'[', _) => "[",
                (b']', _) => "]",
                (b'{', _) => "{",
                (b'}', _) => "}",
                (b'(', _) => "(",
                (b')', _) => ")",
                (b',', _) => ",",
                (b':', _) => ":",
                (b'+', _) => "+",
                (b'-', _) => "-",
                (b'*', _) => "*",
                (b'<', _) => "<",
                (b'>', _) => ">",
                (b'=', _) => "=",
                _ => return None,
            };
            // `<` then `=` as two tokens, `==`, `=>`, `>>`, `<<`: not this reader's.
            if matches!(sym, "<" | ">" | "=") && matches!(b.get(i + 1), Some(b'=' | b'<' | b'>')) {
                return None;
            }
            i += sym.len();
            out.push(Tok::Sym(sym));
        }
    }
    Some(out)
}

/// What was read, before any isl object is made.
#[derive(Debug)]
struct Text {
    params: Vec<String>,
    /// `None`: a set of parameters (`[n] -> { : ... }`).
    tuples: Option<Tuples>,
    formula: Option<Vec<Vec<Atom>>>,
}

#[derive(Debug)]
struct Tuples {
    /// The input tuple of a map (`None` for a set).
    input: Option<(Option<String>, Vec<Option<String>>)>,
    /// The output tuple of a map, or the tuple of a set: its name, its dimensions' names.
    output: (Option<String>, Vec<Option<String>>),
    /// Output dimensions given as expressions, in order: `e - o`, which is zero.
    defined: Vec<Lin>,
}

const KEYWORDS: &[&str] = &["and", "or", "true", "false"];

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    /// Every name in scope and its dimension.
    names: HashMap<String, Var>,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn eat(&mut self, sym: &'static str) -> bool {
        if self.peek() == Some(&Tok::Sym(sym)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, sym: &'static str) -> Option<()> {
        self.eat(sym).then_some(())
    }

    fn is_ident(&self, k: usize, word: &str) -> bool {
        matches!(self.peek_at(k), Some(Tok::Ident(w)) if w == word)
    }

    /// `[a, b, ...]`: names only (a parameter list).
    fn names_list(&mut self) -> Option<Vec<String>> {
        self.expect("[")?;
        let mut out = Vec::new();
        if self.eat("]") {
            return Some(out);
        }
        loop {
            match self.next()? {
                Tok::Ident(n) if !KEYWORDS.contains(&n.as_str()) => out.push(n),
                _ => return None,
            }
            if self.eat("]") {
                return Some(out);
            }
            self.expect(",")?;
        }
    }

    /// A tuple: an optional name, then `[...]`; each element a new name (a dimension named so)
    /// or, in the output tuple, an expression (an unnamed dimension equal to it).
    fn tuple(
        &mut self,
        make: impl Fn(usize) -> Var,
        allow_expressions: bool,
        defined: &mut Vec<Lin>,
    ) -> Option<(Option<String>, Vec<Option<String>>)> {
        let name = match self.peek()? {
            Tok::Ident(n) if !KEYWORDS.contains(&n.as_str()) => {
                let n = n.clone();
                self.pos += 1;
                Some(n)
            }
            _ => None,
        };
        self.expect("[")?;
        let mut dims = Vec::new();
        if self.eat("]") {
            return Some((name, dims));
        }
        loop {
            let k = dims.len();
            let plain = match (self.peek()?, self.peek_at(1)?) {
                (Tok::Ident(n), Tok::Sym("," | "]"))
                    if !self.names.contains_key(n) && !KEYWORDS.contains(&n.as_str()) =>
                {
                    Some(n.clone())
                }
                _ => None,
            };
            match plain {
                Some(n) => {
                    self.pos += 1;
                    self.names.insert(n.clone(), make(k));
                    dims.push(Some(n));
                }
                None if allow_expressions => {
                    let e = self.expr()?.add_scaled(&Lin::var(make(k)), -1)?;
                    defined.push(e);
                    dims.push(None);
                }
                None => return None,
            }
            if self.eat("]") {
                return Some((name, dims));
            }
            self.expect(",")?;
        }
    }

    fn expr(&mut self) -> Option<Lin> {
        let mut e = if self.eat("-") {
            self.term()?.scale(-1)?
        } else {
            self.term()?
        };
        loop {
            if self.eat("+") {
                let t = self.term()?;
                e = e.add_scaled(&t, 1)?;
            } else if self.eat("-") {
                let t = self.term()?;
                e = e.add_scaled(&t, -1)?;
            } else {
                return Some(e);
            }
        }
    }

    /// Factors multiplied (`2 * x`, `2x`, `-3 * (x + 1)`), at most one of them not constant.
    fn term(&mut self) -> Option<Lin> {
        let mut t = self.factor()?;
        loop {
            // isl reads `2x` and `2(x + 1)` as products too.
            let implicit = t.is_constant()
                && match self.peek() {
                    Some(Tok::Ident(n)) => !KEYWORDS.contains(&n.as_str()),
                    Some(Tok::Sym("(")) => true,
                    _ => false,
                };
            if !self.eat("*") && !implicit {
                return Some(t);
            }
            let f = self.factor()?;
            t = if t.is_constant() {
                f.scale(t.constant)?
            } else if f.is_constant() {
                t.scale(f.constant)?
            } else {
                return None;
            };
        }
    }

    fn factor(&mut self) -> Option<Lin> {
        match self.next()? {
            Tok::Int(v) => Some(Lin::constant(v)),
            Tok::Ident(n) => {
                // A function (`floor(`, `min(`), a keyword or a name not in scope: isl's.
                if self.peek() == Some(&Tok::Sym("(")) {
                    return None;
                }
                self.names.get(&n).map(|&v| Lin::var(v))
            }
            Tok::Sym("(") => {
                let e = self.expr()?;
                self.expect(")")?;
                Some(e)
            }
            Tok::Sym("-") => self.factor()?.scale(-1),
            _ => None,
        }
    }

    fn comparison(&mut self) -> Option<Cmp> {
        let c = match self.peek()? {
            Tok::Sym("<=") => Cmp::Le,
            Tok::Sym("<") => Cmp::Lt,
            Tok::Sym(">=") => Cmp::Ge,
            Tok::Sym(">") => Cmp::Gt,
            Tok::Sym("=") => Cmp::Eq,
            _ => return None,
        };
        self.pos += 1;
        Some(c)
    }

    fn disjuncts(&mut self) -> Option<Vec<Vec<Atom>>> {
        let mut out = vec![self.conjuncts()?];
        while self.is_ident(0, "or") {
            self.pos += 1;
            out.push(self.conjuncts()?);
        }
        Some(out)
    }

    fn conjuncts(&mut self) -> Option<Vec<Atom>> {
        let mut out = vec![self.atom()?];
        while self.is_ident(0, "and") {
            self.pos += 1;
            out.push(self.atom()?);
        }
        Some(out)
    }

    fn atom(&mut self) -> Option<Atom> {
        if self.is_ident(0, "true") {
            self.pos += 1;
            return Some(Atom::True);
        }
        if self.is_ident(0, "false") {
            self.pos += 1;
            return Some(Atom::False);
        }
        if self.peek() == Some(&Tok::Sym("(")) && self.paren_is_formula()? {
            self.pos += 1;
            let f = self.disjuncts()?;
            self.expect(")")?;
            return Some(Atom::Paren(f));
        }
        let mut a = self.expr()?;
        let mut constraints = Vec::new();
        while let Some(op) = self.comparison() {
            let b = self.expr()?;
            // What isl_pw_aff_{le,lt,ge,gt,eq}_set make of `a op b`.
            let one = Lin::constant(1);
            constraints.push(match op {
                Cmp::Le => (b.clone().add_scaled(&a, -1)?, false),
                Cmp::Lt => (b.clone().add_scaled(&a, -1)?.add_scaled(&one, -1)?, false),
                Cmp::Ge => (a.clone().add_scaled(&b, -1)?, false),
                Cmp::Gt => (a.clone().add_scaled(&b, -1)?.add_scaled(&one, -1)?, false),
                Cmp::Eq => (a.clone().add_scaled(&b, -1)?, true),
            });
            a = b;
        }
        (!constraints.is_empty()).then_some(Atom::Chain(constraints))
    }

    /// Whether the parenthesis at the current token holds a formula (a comparison, `and`,
    /// `or`, `true` or `false` inside it at its own depth) rather than an expression.
    fn paren_is_formula(&self) -> Option<bool> {
        let mut depth = 0usize;
        for t in &self.toks[self.pos..] {
            match t {
                Tok::Sym("(") => depth += 1,
                Tok::Sym(")") => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(false);
                    }
                }
                Tok::Sym("<" | "<=" | ">" | ">=" | "=") if depth == 1 => return Some(true),
                Tok::Ident(w) if depth == 1 && KEYWORDS.contains(&w.as_str()) => {
                    return Some(true);
                }
                _ => {}
            }
        }
        None
    }
}

/// Reads `text` when it is in this reader's part of the notation.
fn parse(text: &str) -> Option<Text> {
    let mut p = Parser {
        toks: tokens(text)?,
        pos: 0,
        names: HashMap::new(),
    };
    let mut params = Vec::new();
    if p.peek() == Some(&Tok::Sym("[")) {
        params = p.names_list()?;
        p.expect("->")?;
        for (k, n) in params.iter().enumerate() {
            if p.names.insert(n.clone(), Var::Param(k)).is_some() {
                return None;
            }
        }
    }
    p.expect("{")?;
    let tuples = if p.peek() == Some(&Tok::Sym(":")) {
        None
    } else {
        let mut defined = Vec::new();
        let first = p.tuple(Var::In, false, &mut defined)?;
        if p.eat("->") {
            let output = p.tuple(Var::Out, true, &mut defined)?;
            Some(Tuples {
                input: Some(first),
                output,
                defined,
            })
        } else {
            // A set: its dimensions are the output ones.
            for v in p.names.values_mut() {
                if let Var::In(k) = *v {
                    *v = Var::Out(k);
                }
            }
            Some(Tuples {
                input: None,
                output: first,
                defined,
            })
        }
    };
    let formula = if p.eat(":") {
        Some(p.disjuncts()?)
    } else {
        None
    };
    p.expect("}")?;
    if p.pos != p.toks.len() {
        return None;
    }
    if tuples.is_none() && formula.is_none() {
        return None;
    }
    Some(Text {
        params,
        tuples,
        formula,
    })
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Text {
    #[cfg(test)]
    fn is_map(&self) -> bool {
        matches!(&self.tuples, Some(Tuples { input: Some(_), .. }))
    }
}

/// Builds the object of `t` with isl's operations, as a map (a set is a map over a set space).
struct Builder<'c> {
    ctx: &'c Ctx,
    space: *mut ffi::isl_space,
}

impl Drop for Builder<'_> {
    fn drop(&mut self) {
        // The builder owns its space (null when making it failed); `Take` frees it.
        drop(Take(self.space));
    }
}

impl Builder<'_> {
    fn space(&self) -> Take<ffi::isl_space> {
        // SAFETY: the space is live or null (isl returns null for null).
        Take(unsafe { ffi::isl_space_copy(ffi::Keep(self.space)) })
    }

    fn val(&self, v: i64) -> Take<ffi::isl_val> {
        // SAFETY: the context is live.
        Take(unsafe { ffi::isl_val_int_from_si(self.ctx.raw(), v as c_long) })
    }

    /// The map of one constraint `lin >= 0` (or `= 0`), as isl's simplification leaves a
    /// constraint on its own (what `isl_aff_nonneg_basic_set` and `isl_aff_zero_basic_set`
    /// make of a comparison): coefficients divided by their greatest common divisor (an
    /// inequality's constant rounded down), an equality's last variable positive, a constraint
    /// without variables the universe or the empty map.
    fn constraint(&self, lin: &Lin, equality: bool) -> Take<ffi::isl_map> {
        let rank = |v: &Var| match *v {
            Var::Param(p) => (0, p),
            Var::In(p) => (1, p),
            Var::Out(p) => (2, p),
        };
        let mut terms: Vec<(Var, i64)> = lin.terms.iter().copied().filter(|t| t.1 != 0).collect();
        terms.sort_by_key(|(v, _)| rank(v));
        let mut constant = lin.constant;
        let holds = match (terms.is_empty(), equality) {
            (true, true) => Some(constant == 0),
            (true, false) => Some(constant >= 0),
            (false, _) => None,
        };
        if let Some(holds) = holds {
            // SAFETY: the space is consumed.
            return Take(unsafe {
                if holds {
                    ffi::isl_map_universe(self.space())
                } else {
                    ffi::isl_map_empty(self.space())
                }
            });
        }
        let g = terms
            .iter()
            .fold(0u64, |g, &(_, c)| gcd(g, c.unsigned_abs()));
        if g > 1 {
            let g = g as i64;
            if equality && constant % g != 0 {
                // SAFETY: the space is consumed.
                return Take(unsafe { ffi::isl_map_empty(self.space()) });
            }
            for t in &mut terms {
                t.1 /= g;
            }
            constant = constant.div_euclid(g);
        }
        if equality && terms.last().is_some_and(|&(_, c)| c < 0) {
            for t in &mut terms {
                t.1 = -t.1;
            }
            constant = -constant;
        }
        let lin = Lin { terms, constant };
        let lin = &lin;
        // SAFETY: each call consumes what it is given and returns a new object or null, which
        // the next call passes on; positions are within the space (the parser made them).
        unsafe {
            let ls = Take(ffi::isl_local_space_from_space(self.space()));
            let mut c = if equality {
                ffi::isl_constraint_alloc_equality(ls)
            } else {
                ffi::isl_constraint_alloc_inequality(ls)
            };
            c = ffi::isl_constraint_set_constant_val(Take(c), self.val(lin.constant));
            for &(v, k) in &lin.terms {
                if k == 0 {
                    continue;
                }
                let (t, pos) = match v {
                    Var::Param(p) => (1, p),
                    Var::In(p) => (2, p),
                    Var::Out(p) => (3, p),
                };
                c = ffi::isl_constraint_set_coefficient_val(Take(c), t, pos as c_int, self.val(k));
            }
            Take(ffi::isl_map_from_basic_map(Take(
                ffi::isl_basic_map_from_constraint(Take(c)),
            )))
        }
    }

    fn copy(m: &Take<ffi::isl_map>) -> Take<ffi::isl_map> {
        // SAFETY: `m` is live or null.
        Take(unsafe { ffi::isl_map_copy(ffi::Keep(m.0)) })
    }

    fn intersect(a: Take<ffi::isl_map>, b: Take<ffi::isl_map>) -> Take<ffi::isl_map> {
        // SAFETY: both are consumed.
        Take(unsafe { ffi::isl_map_intersect(a, b) })
    }

    /// `read_disjuncts` on a copy of `map0`.
    fn disjuncts(&self, f: &[Vec<Atom>], map0: &Take<ffi::isl_map>) -> Take<ffi::isl_map> {
        let mut res = self.conjuncts(&f[0], map0);
        for c in &f[1..] {
            let next = self.conjuncts(c, map0);
            // SAFETY: both are consumed.
            res = Take(unsafe { ffi::isl_map_union(res, next) });
        }
        res
    }

    /// `read_conjuncts`.
    fn conjuncts(&self, c: &[Atom], map0: &Take<ffi::isl_map>) -> Take<ffi::isl_map> {
        let mut res = self.atom(&c[0], map0);
        for a in &c[1..] {
            let next = self.atom(a, map0);
            res = Self::intersect(res, next);
        }
        res
    }

    /// `read_conjunct`.
    fn atom(&self, a: &Atom, map0: &Take<ffi::isl_map>) -> Take<ffi::isl_map> {
        match a {
            Atom::True => Self::copy(map0),
            // SAFETY: the space is consumed.
            Atom::False => Take(unsafe { ffi::isl_map_empty(self.space()) }),
            Atom::Paren(f) => self.disjuncts(f, map0),
            Atom::Chain(constraints) => {
                let mut m = Self::copy(map0);
                for (lin, eq) in constraints {
                    m = Self::intersect(m, self.constraint(lin, *eq));
                }
                m
            }
        }
    }
}

fn c_name(s: &str) -> Result<std::ffi::CString> {
    Ctx::c_string(s)
}

/// The object of `t` as a raw map (a set's is a map over a set or parameter space).
fn build(ctx: &Ctx, t: &Text) -> Result<*mut ffi::isl_map> {
    let np = t.params.len() as c_uint;
    // SAFETY: the context is live; each call consumes its space and returns a new one or null.
    let space = unsafe {
        match &t.tuples {
            None => ffi::isl_space_params_alloc(ctx.raw(), np),
            Some(Tuples {
                input: None,
                output,
                ..
            }) => ffi::isl_space_set_alloc(ctx.raw(), np, output.1.len() as c_uint),
            Some(Tuples {
                input: Some(input),
                output,
                ..
            }) => ffi::isl_space_alloc(
                ctx.raw(),
                np,
                input.1.len() as c_uint,
                output.1.len() as c_uint,
            ),
        }
    };
    // The builder owns the space from here on (and frees it on every way out).
    let mut b = Builder { ctx, space };
    let mut names: Vec<(ffi::DimT, usize, &str)> = t
        .params
        .iter()
        .enumerate()
        .map(|(k, n)| (1, k, n.as_str()))
        .collect();
    let mut tuple_names: Vec<(ffi::DimT, &str)> = Vec::new();
    if let Some(tuples) = &t.tuples {
        if let Some((name, dims)) = &tuples.input {
            names.extend(
                dims.iter()
                    .enumerate()
                    .filter_map(|(k, n)| Some((2, k, n.as_deref()?))),
            );
            tuple_names.extend(name.as_deref().map(|n| (2, n)));
        }
        let (name, dims) = &tuples.output;
        names.extend(
            dims.iter()
                .enumerate()
                .filter_map(|(k, n)| Some((3, k, n.as_deref()?))),
        );
        tuple_names.extend(name.as_deref().map(|n| (3, n)));
    }
    for (ty, k, n) in names {
        let c = c_name(n)?;
        // SAFETY: consumes the space; `c` outlives the call.
        b.space =
            unsafe { ffi::isl_space_set_dim_name(Take(b.space), ty, k as c_uint, c.as_ptr()) };
    }
    for (ty, n) in tuple_names {
        let c = c_name(n)?;
        // SAFETY: as above.
        b.space = unsafe { ffi::isl_space_set_tuple_name(Take(b.space), ty, c.as_ptr()) };
    }
    // The tuple map: the universe, each defined output dimension intersected as `e - o = 0`.
    // SAFETY: the space is consumed.
    let mut map0 = Take(unsafe { ffi::isl_map_universe(b.space()) });
    if let Some(tuples) = &t.tuples {
        for lin in &tuples.defined {
            map0 = Builder::intersect(map0, b.constraint(lin, true));
        }
    }
    let out = match &t.formula {
        None => map0,
        Some(f) => b.disjuncts(f, &map0),
    };
    Ok(out.into_raw())
}

/// A map read from `text`, or `None` when the text is not in this reader's part of the
/// notation (or is a set).
pub(crate) fn read_map(ctx: &Ctx, text: &str) -> Option<Result<Map>> {
    let t = parse(text)?;
    if !matches!(&t.tuples, Some(Tuples { input: Some(_), .. })) {
        return None;
    }
    Some(build(ctx, &t).and_then(|raw| ctx.wrap::<Map>(raw)))
}

/// A set read from `text`, or `None` (see [`read_map`]).
pub(crate) fn read_set(ctx: &Ctx, text: &str) -> Option<Result<Set>> {
    let t = parse(text)?;
    if matches!(&t.tuples, Some(Tuples { input: Some(_), .. })) {
        return None;
    }
    // A set is a map without input dimensions (see the design notes).
    Some(build(ctx, &t).and_then(|raw| ctx.wrap::<Set>(raw.cast::<ffi::isl_set>())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What isl's own reader makes of `text`, printed (a map, or a set when `set`).
    fn isl_reads(ctx: &Ctx, text: &str, set: bool) -> String {
        let c = Ctx::c_string(text).unwrap();
        // SAFETY: the context is live and `c` outlives the call.
        unsafe {
            if set {
                ctx.wrap::<Set>(ffi::isl_set_read_from_str(ctx.raw(), c.as_ptr()))
                    .unwrap()
                    .to_string()
            } else {
                ctx.wrap::<Map>(ffi::isl_map_read_from_str(ctx.raw(), c.as_ptr()))
                    .unwrap()
                    .to_string()
            }
        }
    }

    /// The two readers give the same object, printed (names, constraints, disjuncts in
    /// order), and isl finds them equal. (Printed first: isl normalizes an object in place
    /// when it compares it, which may sort its disjuncts.)
    fn same(ctx: &Ctx, text: &str) {
        let set = !parse(text)
            .unwrap_or_else(|| panic!("not read: {text}"))
            .is_map();
        let theirs = isl_reads(ctx, text, set);
        if set {
            let ours = read_set(ctx, text).unwrap().unwrap();
            assert_eq!(ours.to_string(), theirs, "{text}");
            assert!(
                ours.is_equal(&Set::parse(ctx, &theirs).unwrap()).unwrap(),
                "{text}"
            );
        } else {
            let ours = read_map(ctx, text).unwrap().unwrap();
            assert_eq!(ours.to_string(), theirs, "{text}");
            assert!(
                ours.is_equal(&Map::parse(ctx, &theirs).unwrap()).unwrap(),
                "{text}"
            );
        }
    }

    #[test]
    fn the_plain_notation_is_read_and_the_rest_left_to_isl() {
        for text in [
            "{ [x0, x1] -> [1, x0, x1, 1] }",
            "[n, m] -> { [x0] -> [x0, y] : y > x0 and y < n }",
            "{ [x0, x1] : x0 = 0 and (x1 < 0 or x1 > 0) }",
            "[n] -> { : n >= 0 }",
            "{ a5[] -> [] }",
            "{ A[z0, z1] : z0 = 0 and 0 <= z1 <= 1 }",
            "{ [i] -> [2i + 3] }",
        ] {
            assert!(parse(text).is_some(), "{text}");
        }
        for text in [
            "{ [i] -> [floor(i / 2)] }",
            "{ [i] : exists (e : i = 2e) }",
            "{ [i] : i < n }",
            "{ [1] }",
            "{ [i] -> [j] : i != j }",
            "{ [i] -> [j]; [k] -> [l] }",
            "{ [i] : i mod 2 = 0 }",
            "{ [i] -> [i'] }",
            "{ [i] : i < 99999999999999999999 }",
            "{ [i] : i == 1 }",
            "{ [i] : not i = 1 }",
            "{ [i] : i = 1 implies i = 2 }",
            "{ [i] : i < min(2, 3) }",
            "{ [i] : }",
            "{ }",
        ] {
            assert!(parse(text).is_none(), "{text}");
        }
    }

    #[test]
    fn fast_reader_builds_what_isl_reads() {
        let ctx = Ctx::new();
        // Texts of the shapes the optimizer writes.
        for text in [
            "{ [x0, x1] -> [1, x0, x1, 1] }",
            "{ [x0, x1, x2, x3, x4] -> [x0, x1 + 1, x2, x3, x4] }",
            "[n, tsteps] -> { [x0, x1] -> S18[x0, x1] }",
            "{ [x0, x1, x2, x3, x4] : x0 = 0 and x1 = 0 and x2 = 0 and (x3 < 0 or x3 > 0) }",
            "{ A[z0, z1] : z0 = 0 and 0 <= z1 <= 1 }",
            "{ [x0, x1, x2, x3, x4] : (x0 = 0 and x1 = 0 and x2 > 0 and x3 < 0) or \
             (x0 = 0 and x1 = 0 and x2 > 0 and x3 = 0 and x4 < 0) }",
            "[n, m] -> { : -2147483648 <= n <= 2147483647 and -2147483648 <= m <= 2147483647 }",
            "[n, tsteps] -> { S15[x0, x1] -> [x0, x1] }",
            "[ni, nj, nk] -> { [x0] -> [] }",
            "{ a5[] -> [] }",
            "[n, tsteps] -> { [x0] -> [(1)] }",
            "{ [z0, z1, z2] : z2 < 0 or z2 > 0 }",
            "{ [x0, x1] : 992 <= x0 < 1024 and 0 <= x1 < 1024 }",
            "[n, tsteps] -> { : true }",
            "[n, tsteps] -> { [x0, x1, x2] -> [x0, x1, y] : y > x2 }",
            "[n, m] -> { [x0] -> [x0, y] : true }",
            "{ [] -> [2] }",
            "[n, tsteps] -> { [] : false }",
            "[n, m] -> { [x0] -> [t0, t1, t2, t3, t4] : t3 < x0 or t3 > x0 }",
            "[n] -> { [i] -> [j] : 2i + 3 <= j < n - 2 * (i + 1) and -j >= -n }",
            "[n, m] -> { [c0, c1, c2] -> S1[c2, ((-c2) + c1), c0] : c0 >= 0 and (32 * c0 <= (n - 1)) \
             and c1 >= (32 * c0) and ((c1 <= ((32 * c0) + 31)) and (c1 <= (m - 1))) and c2 >= 0 \
             and c2 >= ((-c1) + 1) and (c2 < n) }",
            "{ [i, j] -> [j, i] : i = j or (i < j and (j < 10 or i > 3)) }",
            "[n] -> { [i] -> [i] : n = 0 }",
        ] {
            same(&ctx, text);
        }
        // Generated ones: tuples with expressions, chains, `and`, `or` and parentheses.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let vars = ["n", "m", "i", "j", "o"];
        for _ in 0..300 {
            let expr = |next: &mut dyn FnMut(u64) -> u64| {
                let mut e = String::new();
                for k in 0..=next(3) {
                    let c = next(7) as i64 - 3;
                    let v = vars[next(5) as usize];
                    if k > 0 {
                        e.push_str(if next(2) == 0 { " + " } else { " - " });
                    }
                    match next(4) {
                        0 => e.push_str(&format!("{}", c.abs())),
                        1 => e.push_str(&format!("{} * {v}", c.abs())),
                        2 => e.push_str(&format!("({v} + {c})")),
                        _ => e.push_str(v),
                    }
                }
                e
            };
            let atom = |next: &mut dyn FnMut(u64) -> u64| {
                let ops = ["<", "<=", ">", ">=", "="];
                let mut a = expr(next);
                for _ in 0..=next(2) {
                    a = format!("{a} {} {}", ops[next(5) as usize], expr(next));
                }
                a
            };
            let mut formula = String::new();
            for d in 0..=next(3) {
                if d > 0 {
                    formula.push_str(" or ");
                }
                for c in 0..=next(3) {
                    if c > 0 {
                        formula.push_str(" and ");
                    }
                    if next(4) == 0 {
                        formula.push_str(&format!("({} or {})", atom(&mut next), atom(&mut next)));
                    } else {
                        formula.push_str(&atom(&mut next));
                    }
                }
            }
            let out = if next(2) == 0 {
                "o".to_string()
            } else {
                format!("o, {}", expr(&mut next).replace('o', "i"))
            };
            let text = match next(3) {
                0 => format!("[n, m] -> {{ [i, j] -> [{out}] : {formula} }}"),
                1 => format!("[n, m] -> {{ S[i, j, o] : {formula} }}"),
                _ => format!("[n, m, i, j, o] -> {{ : {formula} }}"),
            };
            same(&ctx, &text);
        }
    }
}
