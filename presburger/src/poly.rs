//! Multivariate polynomials with integer coefficients, for non-affine subscripts such as
//! `A[i*n*m + j*m + k]` that delinearization turns into affine ones.
//!
//! A [`Polynomial`] is always kept expanded: a map from [`Monomial`]s to non-zero `BigInt`
//! coefficients. Terms are ordered by the graded lexicographic order (total degree first, then
//! exponents compared variable by variable in alphabetical order), which is a monomial order, so
//! [`Polynomial::div_rem`] terminates and prints are canonical.

use crate::aff::{Aff, Val};
use crate::error::{Error, Result};
use crate::set::{DimType, Space};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

/// A product of variables with positive exponents, such as `i^2*n`. The empty product is `1`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Monomial {
    vars: BTreeMap<String, u64>,
    /// The sum of the exponents, cached: the monomial order compares it first.
    degree: u64,
}

impl Monomial {
    /// The monomial `1`.
    pub fn one() -> Monomial {
        Monomial::default()
    }

    /// The monomial `name`.
    pub fn var(name: &str) -> Monomial {
        Monomial {
            vars: BTreeMap::from([(name.to_owned(), 1)]),
            degree: 1,
        }
    }

    /// The variables and their (positive) exponents, in alphabetical order.
    pub fn factors(&self) -> impl Iterator<Item = (&str, u64)> {
        self.vars.iter().map(|(v, &e)| (v.as_str(), e))
    }

    /// The exponent of `var` (0 when absent).
    pub fn exponent(&self, var: &str) -> u64 {
        self.vars.get(var).copied().unwrap_or(0)
    }

    /// The total degree.
    pub fn degree(&self) -> u64 {
        self.degree
    }

    /// The product of two monomials.
    pub fn mul(&self, other: &Monomial) -> Monomial {
        let mut vars = self.vars.clone();
        for (v, &e) in &other.vars {
            let slot = vars.entry(v.clone()).or_insert(0);
            // Exponents grow by at most one per multiplication node of an input expression.
            *slot = slot
                .checked_add(e)
                .expect("monomial exponent overflows u64");
        }
        let degree = self
            .degree
            .checked_add(other.degree)
            .expect("monomial degree overflows u64");
        Monomial { vars, degree }
    }

    /// `self / other` when `other` divides `self`.
    pub fn div(&self, other: &Monomial) -> Option<Monomial> {
        let mut vars = self.vars.clone();
        for (v, &e) in &other.vars {
            let have = vars.get(v).copied().unwrap_or(0);
            match have.cmp(&e) {
                Ordering::Less => return None,
                Ordering::Equal => {
                    vars.remove(v);
                }
                Ordering::Greater => {
                    vars.insert(v.clone(), have - e);
                }
            }
        }
        Some(Monomial {
            vars,
            degree: self.degree - other.degree,
        })
    }
}

impl Ord for Monomial {
    /// Graded lexicographic order: higher total degree is greater; at equal degree, the first
    /// variable (alphabetically) whose exponents differ decides.
    fn cmp(&self, other: &Self) -> Ordering {
        self.degree().cmp(&other.degree()).then_with(|| {
            let mut a = self.vars.iter().peekable();
            let mut b = other.vars.iter().peekable();
            loop {
                match (a.peek(), b.peek()) {
                    (None, None) => return Ordering::Equal,
                    (Some(_), None) => return Ordering::Greater,
                    (None, Some(_)) => return Ordering::Less,
                    (Some((va, ea)), Some((vb, eb))) => match va.cmp(vb) {
                        // `self` has a variable `other` lacks and that comes first.
                        Ordering::Less => return Ordering::Greater,
                        Ordering::Greater => return Ordering::Less,
                        Ordering::Equal => {
                            if ea != eb {
                                return ea.cmp(eb);
                            }
                            a.next();
                            b.next();
                        }
                    },
                }
            }
        })
    }
}

impl PartialOrd for Monomial {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Monomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.vars.is_empty() {
            return f.write_str("1");
        }
        for (k, (v, &e)) in self.vars.iter().enumerate() {
            if k > 0 {
                f.write_str("*")?;
            }
            f.write_str(v)?;
            if e > 1 {
                write!(f, "^{e}")?;
            }
        }
        Ok(())
    }
}

/// A polynomial over named integer variables with arbitrary-precision integer coefficients.
///
/// ```
/// use optimist_presburger::Polynomial;
/// let p: Polynomial = "(2*j)*n + i".parse().unwrap();
/// let (q, r) = p.div_rem(&"n".parse().unwrap()).unwrap();
/// assert_eq!(q.to_string(), "2*j");
/// assert_eq!(r.to_string(), "i");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Polynomial {
    /// Non-zero coefficients only.
    terms: BTreeMap<Monomial, BigInt>,
}

impl Polynomial {
    /// The zero polynomial.
    pub fn zero() -> Polynomial {
        Polynomial::default()
    }

    /// The constant `c`.
    pub fn constant(c: impl Into<BigInt>) -> Polynomial {
        Polynomial::term(c, Monomial::one())
    }

    /// The variable `name`.
    pub fn var(name: &str) -> Polynomial {
        Polynomial::term(1, Monomial::var(name))
    }

    /// The single term `c * m`.
    pub fn term(c: impl Into<BigInt>, m: Monomial) -> Polynomial {
        let mut p = Polynomial::zero();
        p.add_term(m, c.into());
        p
    }

    fn add_term(&mut self, m: Monomial, c: BigInt) {
        if c.is_zero() {
            return;
        }
        match self.terms.entry(m) {
            Entry::Vacant(v) => {
                v.insert(c);
            }
            Entry::Occupied(mut o) => {
                *o.get_mut() += c;
                if o.get().is_zero() {
                    o.remove();
                }
            }
        }
    }

    /// Adds every term of `other` to `self`.
    fn add_all(&mut self, other: &Polynomial) {
        for (m, c) in &other.terms {
            self.add_term(m.clone(), c.clone());
        }
    }

    /// The terms as (monomial, coefficient) pairs, largest monomial first. This is the
    /// expansion into a sum of monomials: a `Polynomial` is always stored expanded.
    pub fn terms(&self) -> impl Iterator<Item = (&Monomial, &BigInt)> {
        self.terms.iter().rev()
    }

    /// The coefficient of `m` (zero when absent).
    pub fn coefficient(&self, m: &Monomial) -> BigInt {
        self.terms.get(m).cloned().unwrap_or_default()
    }

    /// The constant term.
    pub fn constant_term(&self) -> BigInt {
        self.coefficient(&Monomial::one())
    }

    /// Whether the polynomial is zero.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The total degree (0 for constants, including zero).
    pub fn degree(&self) -> u64 {
        self.terms.keys().map(Monomial::degree).max().unwrap_or(0)
    }

    /// Whether every term has degree at most 1.
    pub fn is_affine(&self) -> bool {
        self.degree() <= 1
    }

    /// The variables that occur, in alphabetical order.
    pub fn variables(&self) -> Vec<String> {
        let mut vars: Vec<String> = self
            .terms
            .keys()
            .flat_map(|m| m.vars.keys().cloned())
            .collect();
        vars.sort();
        vars.dedup();
        vars
    }

    /// The leading term under the graded lexicographic order.
    pub fn leading_term(&self) -> Option<(&Monomial, &BigInt)> {
        self.terms.iter().next_back()
    }

    /// `self * c * m`.
    pub fn mul_term(&self, c: &BigInt, m: &Monomial) -> Polynomial {
        let mut out = Polynomial::zero();
        for (mm, cc) in &self.terms {
            out.add_term(mm.mul(m), cc * c);
        }
        out
    }

    /// `self^e`.
    pub fn pow(&self, e: u32) -> Polynomial {
        let mut out = Polynomial::constant(1);
        for _ in 0..e {
            out = &out * self;
        }
        out
    }

    /// Splits `self = q * m + r` where `q` collects the terms divisible by `m` (divided by it)
    /// and `r` the others.
    pub fn div_monomial(&self, m: &Monomial) -> (Polynomial, Polynomial) {
        let mut q = Polynomial::zero();
        let mut r = Polynomial::zero();
        for (mm, c) in &self.terms {
            match mm.div(m) {
                Some(d) => q.add_term(d, c.clone()),
                None => r.add_term(mm.clone(), c.clone()),
            }
        }
        (q, r)
    }

    /// Multivariate division with remainder: `self = q * divisor + r`, where no term of `r` is
    /// divisible by the leading term of `divisor` (both its monomial and, over the integers, its
    /// coefficient). Fails when `divisor` is zero.
    pub fn div_rem(&self, divisor: &Polynomial) -> Result<(Polynomial, Polynomial)> {
        let Some((lm, lc)) = divisor.leading_term() else {
            return Err(Error::InvalidArgument(
                "division of a polynomial by zero".into(),
            ));
        };
        let (lm, lc) = (lm.clone(), lc.clone());
        let mut p = self.clone();
        let mut q = Polynomial::zero();
        let mut r = Polynomial::zero();
        // Each step removes the leading term of `p` or replaces it by smaller ones: the graded
        // lexicographic order is a well-order, so this terminates.
        while let Some((m, c)) = p.leading_term() {
            let (m, c) = (m.clone(), c.clone());
            match m.div(&lm) {
                Some(t) if c.is_multiple_of(&lc) => {
                    let k = &c / &lc;
                    p = &p - &divisor.mul_term(&k, &t);
                    q.add_term(t, k);
                }
                _ => {
                    p.terms.remove(&m);
                    r.add_term(m, c);
                }
            }
        }
        Ok((q, r))
    }

    /// Replaces every occurrence of `var` by `value`.
    pub fn substitute(&self, var: &str, value: &Polynomial) -> Polynomial {
        let mut out = Polynomial::zero();
        for (m, c) in &self.terms {
            let e = m.exponent(var);
            if e == 0 {
                out.add_term(m.clone(), c.clone());
                continue;
            }
            let mut rest = m.clone();
            rest.vars.remove(var);
            rest.degree -= e;
            let mut factor = Polynomial::term(c.clone(), rest);
            for _ in 0..e {
                factor = &factor * value;
            }
            out.add_all(&factor);
        }
        out
    }

    /// The value of the polynomial when each variable takes the value `values` gives it.
    pub fn evaluate(&self, values: &dyn Fn(&str) -> Option<BigInt>) -> Result<BigInt> {
        let mut sum = BigInt::zero();
        for (m, c) in &self.terms {
            let mut t = c.clone();
            for (v, &e) in &m.vars {
                let x = values(v).ok_or_else(|| {
                    Error::InvalidArgument(format!("no value for variable `{v}`"))
                })?;
                let e = u32::try_from(e).map_err(|_| {
                    Error::InvalidArgument(format!("exponent {e} of `{v}` too large to evaluate"))
                })?;
                t *= num_traits::pow::Pow::pow(&x, e);
            }
            sum += t;
        }
        Ok(sum)
    }

    /// The polynomial as an isl affine function on the set space `domain`: each variable must
    /// name a parameter or a set dimension of `domain`. Fails when the degree exceeds 1.
    pub fn to_aff(&self, domain: &Space) -> Result<Aff> {
        if !self.is_affine() {
            return Err(Error::InvalidArgument(format!("`{self}` is not affine")));
        }
        let ctx = domain.ctx();
        let mut aff = Aff::zero_on_domain(domain)?;
        for (m, c) in &self.terms {
            let val = Val::from_bigint(ctx, c)?;
            let Some((v, _)) = m.factors().next() else {
                aff = aff.with_constant(&val)?;
                continue;
            };
            aff = if let Some(pos) = domain.find_dim_by_name(DimType::Param, v)? {
                aff.with_coefficient(DimType::Param, pos, &val)?
            } else if let Some(pos) = domain.find_dim_by_name(DimType::SET, v)? {
                aff.with_coefficient(DimType::In, pos, &val)?
            } else {
                return Err(Error::InvalidArgument(format!(
                    "`{v}` is not a dimension of {domain}"
                )));
            };
        }
        Ok(aff)
    }
}

impl From<i64> for Polynomial {
    fn from(c: i64) -> Polynomial {
        Polynomial::constant(c)
    }
}

impl Add for &Polynomial {
    type Output = Polynomial;
    fn add(self, rhs: &Polynomial) -> Polynomial {
        let mut out = self.clone();
        out.add_all(rhs);
        out
    }
}

impl Sub for &Polynomial {
    type Output = Polynomial;
    fn sub(self, rhs: &Polynomial) -> Polynomial {
        let mut out = self.clone();
        for (m, c) in &rhs.terms {
            out.add_term(m.clone(), -c);
        }
        out
    }
}

impl Mul for &Polynomial {
    type Output = Polynomial;
    fn mul(self, rhs: &Polynomial) -> Polynomial {
        let mut out = Polynomial::zero();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &rhs.terms {
                out.add_term(m1.mul(m2), c1 * c2);
            }
        }
        out
    }
}

impl Neg for &Polynomial {
    type Output = Polynomial;
    fn neg(self) -> Polynomial {
        Polynomial {
            terms: self.terms.iter().map(|(m, c)| (m.clone(), -c)).collect(),
        }
    }
}

macro_rules! by_value {
    ($($tr:ident $f:ident),*) => {$(
        impl $tr for Polynomial {
            type Output = Polynomial;
            fn $f(self, rhs: Polynomial) -> Polynomial {
                (&self).$f(&rhs)
            }
        }
    )*};
}
by_value!(Add add, Sub sub, Mul mul);

impl Neg for Polynomial {
    type Output = Polynomial;
    fn neg(self) -> Polynomial {
        -&self
    }
}

impl fmt::Display for Polynomial {
    /// Terms from the largest monomial down, such as `2*i*n^2 - 3*j + 5`; zero prints as `0`.
    /// The output parses back to an equal polynomial.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        for (k, (m, c)) in self.terms().enumerate() {
            let negative = c.is_negative();
            match (k, negative) {
                (0, true) => f.write_str("-")?,
                (0, false) => {}
                (_, true) => f.write_str(" - ")?,
                (_, false) => f.write_str(" + ")?,
            }
            let a = c.abs();
            if m.vars.is_empty() {
                write!(f, "{a}")?;
            } else if a.is_one() {
                write!(f, "{m}")?;
            } else {
                write!(f, "{a}*{m}")?;
            }
        }
        Ok(())
    }
}

impl std::str::FromStr for Polynomial {
    type Err = Error;
    /// Parses `+ - *`, `^` with a constant exponent (at most 64), parentheses, integers and
    /// identifiers, such as `(2*j)*n + i` or `-(a - 1)^2`.
    fn from_str(text: &str) -> Result<Polynomial> {
        let mut p = Parser {
            text: text.as_bytes(),
            pos: 0,
            depth: 0,
        };
        let poly = p.expr()?;
        p.skip_ws();
        if p.pos < p.text.len() {
            return Err(p.error("expected an operator or the end of the input"));
        }
        Ok(poly)
    }
}

/// A recursive-descent parser whose nesting is bounded by `MAX_DEPTH`, so that deep input
/// returns an error instead of overflowing the stack.
struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
    depth: usize,
}

const MAX_DEPTH: usize = 128;
const MAX_EXPONENT: u32 = 64;
/// Bounds on what parsing may build, so that short text cannot demand an enormous expansion.
const MAX_DEGREE: u64 = 256;
const MAX_TERMS: usize = 10_000;
const MAX_WORK: usize = 1_000_000;

impl Parser<'_> {
    fn error(&self, message: &str) -> Error {
        Error::PolynomialSyntax {
            offset: self.pos,
            message: message.into(),
        }
    }

    fn skip_ws(&mut self) {
        while self.text.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.skip_ws();
        if self.text.get(self.pos) == Some(&c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expr(&mut self) -> Result<Polynomial> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("expression nested too deeply"));
        }
        let mut acc = self.product()?;
        loop {
            if self.eat(b'+') {
                acc = &acc + &self.product()?;
            } else if self.eat(b'-') {
                acc = &acc - &self.product()?;
            } else {
                break;
            }
        }
        self.depth -= 1;
        Ok(acc)
    }

    fn product(&mut self) -> Result<Polynomial> {
        let mut acc = self.unary()?;
        while self.eat(b'*') {
            let rhs = self.unary()?;
            acc = self.checked_mul(&acc, &rhs)?;
        }
        Ok(acc)
    }

    /// `lhs * rhs`, refused when the multiplication or its result would exceed the bounds.
    fn checked_mul(&self, lhs: &Polynomial, rhs: &Polynomial) -> Result<Polynomial> {
        if lhs.terms.len().saturating_mul(rhs.terms.len()) > MAX_WORK {
            return Err(self.error("the expansion of this polynomial is too large"));
        }
        let out = lhs * rhs;
        if out.degree() > MAX_DEGREE || out.terms.len() > MAX_TERMS {
            return Err(self.error("the expansion of this polynomial is too large"));
        }
        Ok(out)
    }

    fn unary(&mut self) -> Result<Polynomial> {
        if self.eat(b'-') {
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(self.error("expression nested too deeply"));
            }
            let p = -&self.unary()?;
            self.depth -= 1;
            return Ok(p);
        }
        let base = self.atom()?;
        if self.eat(b'^') {
            self.skip_ws();
            let start = self.pos;
            let digits = self.take_while(|c| c.is_ascii_digit());
            let e: u32 = digits
                .parse()
                .ok()
                .filter(|&e| e <= MAX_EXPONENT)
                .ok_or_else(|| Error::PolynomialSyntax {
                    offset: start,
                    message: format!("expected an exponent from 0 to {MAX_EXPONENT}"),
                })?;
            let mut power = Polynomial::constant(1);
            for _ in 0..e {
                power = self.checked_mul(&power, &base)?;
            }
            return Ok(power);
        }
        Ok(base)
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> String {
        let start = self.pos;
        while self.text.get(self.pos).is_some_and(|&c| f(c)) {
            self.pos += 1;
        }
        String::from_utf8_lossy(&self.text[start..self.pos]).into_owned()
    }

    fn atom(&mut self) -> Result<Polynomial> {
        self.skip_ws();
        match self.text.get(self.pos) {
            Some(b'(') => {
                self.pos += 1;
                let p = self.expr()?;
                if !self.eat(b')') {
                    return Err(self.error("expected `)`"));
                }
                Ok(p)
            }
            Some(c) if c.is_ascii_digit() => {
                let digits = self.take_while(|c| c.is_ascii_digit());
                let n: BigInt = digits.parse().map_err(|_| self.error("bad integer"))?;
                Ok(Polynomial::constant(n))
            }
            Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
                let name = self.take_while(|c| c.is_ascii_alphanumeric() || c == b'_');
                Ok(Polynomial::var(&name))
            }
            _ => Err(self.error("expected a number, a variable or `(`")),
        }
    }
}
