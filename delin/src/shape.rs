//! The algebra of delinearization (paper 001, §3.1, §3.2 and §3.4), on polynomials alone.
//!
//! Given the polynomial subscripts of every access to one flat array (over loop iterators and
//! parameters), [`infer_shape`] guesses the sizes of the inner dimensions: the parametric
//! factors of the terms that contain an iterator, which must form a chain of divisors
//! (`{n2, n1 n2}` gives `A[][n1][n2]`). [`Shape::divide`] then splits each subscript by
//! dividing it by the sizes from the innermost one out, and [`adjust_gcd`] moves a common
//! factor of a dimension's subscripts into the size of the next inner dimension
//! (`A[2 n i + j]` becomes `A[i][j]` of `A[][2n]`). What this does not decide is whether the
//! result is right: that is the validity condition (every subscript but the outermost inside
//! its dimension, on the instances that run), which the pass builds with isl over the domains.
//!
//! ```
//! use optimist_delin::shape::infer_shape;
//! use optimist_presburger::Polynomial;
//! // Listing 4 of the paper: a sub-array of A[][n1][n2] at offsets o0, o1, o2.
//! let s: Polynomial = "(n2*(n1*o0 + o1) + o2) + n1*n2*i + n2*j + k".parse().unwrap();
//! let is_iter = |v: &str| ["i", "j", "k"].contains(&v);
//! let shape = infer_shape(std::slice::from_ref(&s), &is_iter).unwrap();
//! assert_eq!(shape.to_string(), "[][n1][n2]");
//! let subs = shape.divide(&s).unwrap();
//! let text: Vec<String> = subs.iter().map(ToString::to_string).collect();
//! assert_eq!(text, ["i + o0", "j + o1", "k + o2"]);
//! ```

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use optimist_presburger::{Monomial, Polynomial};
use std::fmt;

/// The inner dimension sizes of a recovered array shape, outermost first (the outermost size
/// stays unknown, as for a flat pointer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The sizes of the dimensions after the outermost one.
    pub sizes: Vec<Polynomial>,
}

/// Why no multi-dimensional view was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// No term multiplies an iterator by a parameter: the subscripts are affine already (or
    /// constant-strided), nothing to recover.
    #[error("no term multiplies a loop iterator by a parameter")]
    NoParametricTerm,
    /// Two candidate sizes do not divide each other, so they cannot be nested dimensions (the
    /// `P + α` shapes of §4 are not handled yet).
    #[error("the size candidates `{0}` and `{1}` do not divide each other")]
    NotAChain(String, String),
    /// A subscript is still not affine after the division.
    #[error("subscript `{0}` is not affine after dividing by the sizes")]
    NotAffine(String),
}

impl Shape {
    /// Splits `subscript` into one subscript per dimension (outermost first): divided by each
    /// size from the innermost one out, the remainders are the inner subscripts and the last
    /// quotient the outermost one (§3.1, step 3). Fails when a result is not affine (a product
    /// of parameters, such as `n1*o0`, is not affine for isl either).
    pub fn divide(&self, subscript: &Polynomial) -> Result<Vec<Polynomial>, ShapeError> {
        let mut out = Vec::with_capacity(self.sizes.len() + 1);
        let mut rest = subscript.clone();
        for size in self.sizes.iter().rev() {
            let (q, r) = rest
                .div_rem(size)
                .map_err(|_| ShapeError::NotAffine(subscript.to_string()))?;
            out.push(r);
            rest = q;
        }
        out.push(rest);
        out.reverse();
        match out.iter().find(|s| !s.is_affine()) {
            Some(s) => Err(ShapeError::NotAffine(s.to_string())),
            None => Ok(out),
        }
    }
}

impl fmt::Display for Shape {
    /// `[][n1][n2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[]")?;
        for s in &self.sizes {
            write!(f, "[{s}]")?;
        }
        Ok(())
    }
}

/// The parametric part of a monomial: its factors that are not iterators.
fn parametric(m: &Monomial, is_iterator: &dyn Fn(&str) -> bool) -> Monomial {
    m.factors()
        .filter(|(v, _)| !is_iterator(v))
        .fold(Monomial::one(), |acc, (v, e)| {
            (0..e).fold(acc, |a, _| a.mul(&Monomial::var(v)))
        })
}

/// §3.1 steps 1 and 2 over all subscripts of one array (§3.2): the parametric factors of the
/// terms that contain an iterator, sorted by their number of factors, must each divide the next;
/// the quotients are the sizes, the smallest one innermost.
pub fn infer_shape(
    subscripts: &[Polynomial],
    is_iterator: &dyn Fn(&str) -> bool,
) -> Result<Shape, ShapeError> {
    let mut candidates: Vec<Monomial> = Vec::new();
    for s in subscripts {
        for (m, _) in s.terms() {
            if !m.factors().any(|(v, _)| is_iterator(v)) {
                continue;
            }
            let p = parametric(m, is_iterator);
            if p != Monomial::one() && !candidates.contains(&p) {
                candidates.push(p);
            }
        }
    }
    if candidates.is_empty() {
        return Err(ShapeError::NoParametricTerm);
    }
    candidates.sort_by(|a, b| a.degree().cmp(&b.degree()).then_with(|| a.cmp(b)));
    let mut sizes = Vec::with_capacity(candidates.len());
    let mut previous = Monomial::one();
    for c in &candidates {
        let size = c
            .div(&previous)
            .ok_or_else(|| ShapeError::NotAChain(previous.to_string(), c.to_string()))?;
        sizes.push(Polynomial::term(1, size));
        previous = c.clone();
    }
    sizes.reverse();
    Ok(Shape { sizes })
}

/// The gcd of every coefficient of `p` (0 for the zero polynomial).
fn content(p: &Polynomial) -> BigInt {
    p.terms().fold(BigInt::zero(), |g, (_, c)| g.gcd(c)).abs()
}

/// `p` with every coefficient divided by `g` (which divides them all).
fn divided(p: &Polynomial, g: &BigInt) -> Polynomial {
    p.terms().fold(Polynomial::zero(), |q, (m, c)| {
        q + Polynomial::term(c / g, m.clone())
    })
}

/// §3.4: when every subscript of a dimension (all accesses) has a common factor `x > 1`, divides
/// them by `x` and multiplies the size of the next inner dimension by `x`, from the outermost
/// dimension in. `subscripts[a][d]` is dimension `d` of access `a`, as [`Shape::divide`] gives.
///
/// The size of the next dimension is a factor of every outer dimension's stride too, so for an
/// inner dimension `d` the size of `d` itself is divided by `x` (which must divide it: `x` is
/// cut down to the common factor) and the strides, hence the linearized subscripts, stay the
/// same. This is the paper's `A[][β1 P1][β2 P2]`: dimension 0 takes `β1 β2` into `P1`, then
/// dimension 1 moves `β2` from there into `P2`.
pub fn adjust_gcd(shape: &mut Shape, subscripts: &mut [Vec<Polynomial>]) {
    for d in 0..shape.sizes.len() {
        let mut g = subscripts
            .iter()
            .filter_map(|s| s.get(d))
            .fold(BigInt::zero(), |g, s| g.gcd(&content(s)));
        if d > 0 {
            g = g.gcd(&content(&shape.sizes[d - 1]));
        }
        if g <= BigInt::one() {
            continue;
        }
        for s in subscripts.iter_mut() {
            if let Some(x) = s.get_mut(d) {
                *x = divided(x, &g);
            }
        }
        if d > 0 {
            shape.sizes[d - 1] = divided(&shape.sizes[d - 1], &g);
        }
        shape.sizes[d] = &shape.sizes[d] * &Polynomial::constant(g.clone());
    }
}

impl Shape {
    /// The flat subscript of the per-dimension subscripts `subs` (row-major with these sizes):
    /// a delinearization is the program's only if this gives back the original polynomial.
    pub fn linearize(&self, subs: &[Polynomial]) -> Polynomial {
        let mut flat = subs.first().cloned().unwrap_or_else(Polynomial::zero);
        for (s, size) in subs.iter().skip(1).zip(&self.sizes) {
            flat = &(&flat * size) + s;
        }
        flat
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Polynomial {
        s.parse().unwrap()
    }

    fn iters(v: &str) -> bool {
        ["i", "j", "k"].contains(&v)
    }

    fn texts(v: &[Polynomial]) -> Vec<String> {
        v.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn two_dimensions_and_several_references() {
        // §3.2: `A[i*n + j]` and `A[(i+1)*n + j - 1]` share one shape.
        let a = p("i*n + j");
        let b = p("(i + 1)*n + j - 1");
        let shape = infer_shape(&[a.clone(), b.clone()], &iters).unwrap();
        assert_eq!(shape.to_string(), "[][n]");
        assert_eq!(texts(&shape.divide(&a).unwrap()), ["i", "j"]);
        assert_eq!(texts(&shape.divide(&b).unwrap()), ["i + 1", "j - 1"]);
    }

    #[test]
    fn three_dimensions_from_terms_of_different_accesses() {
        // One access shows `m`, the other `n*m`: together they give A[][n][m].
        let a = p("i*n*m + j*m + k");
        let b = p("k*m");
        let shape = infer_shape(&[a.clone(), b.clone()], &iters).unwrap();
        assert_eq!(shape.to_string(), "[][n][m]");
        assert_eq!(texts(&shape.divide(&a).unwrap()), ["i", "j", "k"]);
        assert_eq!(texts(&shape.divide(&b).unwrap()), ["0", "k", "0"]);
    }

    #[test]
    fn the_gcd_moves_into_the_next_size() {
        // §3.4: `A[2*n*i + j]` is A[i][j] of A[][2n], not A[2i][j] of A[][n].
        let a = p("2*n*i + j");
        let mut shape = infer_shape(std::slice::from_ref(&a), &iters).unwrap();
        let mut subs = vec![shape.divide(&a).unwrap()];
        assert_eq!(texts(&subs[0]), ["2*i", "j"]);
        adjust_gcd(&mut shape, &mut subs);
        assert_eq!(shape.to_string(), "[][2*n]");
        assert_eq!(texts(&subs[0]), ["i", "j"]);
        assert_eq!(shape.linearize(&subs[0]), a);
    }

    #[test]
    fn the_gcd_of_an_inner_dimension_keeps_the_strides() {
        // A[][6*P1][2*P2] indexed A[i][2*j][k], written flat (the paper's A[][β1 P1][β2 P2]).
        // Every factor moves inward as far as it can: the view is A[i][j][k] of A[][3P1][4P2],
        // the same strides.
        let a = p("(i*6*P1 + 2*j)*2*P2 + k");
        let is_iter = |v: &str| ["i", "j", "k"].contains(&v);
        let mut shape = infer_shape(std::slice::from_ref(&a), &is_iter).unwrap();
        let mut subs = vec![shape.divide(&a).unwrap()];
        adjust_gcd(&mut shape, &mut subs);
        assert_eq!(shape.to_string(), "[][3*P1][4*P2]");
        assert_eq!(texts(&subs[0]), ["i", "j", "k"]);
        assert_eq!(shape.linearize(&subs[0]), a);
        // A factor of an inner subscript that its own size lacks stays where it is: moving it
        // would change the outer strides.
        let b = p("(i*n + 2*j)*m + k");
        let mut shape = infer_shape(std::slice::from_ref(&b), &is_iter).unwrap();
        let mut subs = vec![shape.divide(&b).unwrap()];
        adjust_gcd(&mut shape, &mut subs);
        assert_eq!(shape.to_string(), "[][n][m]");
        assert_eq!(texts(&subs[0]), ["i", "2*j", "k"]);
        assert_eq!(shape.linearize(&subs[0]), b);
    }

    #[test]
    fn what_is_refused_says_why() {
        assert_eq!(
            infer_shape(&[p("100*i + j")], &iters),
            Err(ShapeError::NoParametricTerm)
        );
        // Sizes `n` and `m` cannot both be inner sizes of one chain.
        assert!(matches!(
            infer_shape(&[p("i*n + j*m")], &iters),
            Err(ShapeError::NotAChain(..))
        ));
        // `i*i` is not made affine by any size.
        let shape = infer_shape(&[p("i*n + j")], &iters).unwrap();
        assert!(matches!(
            shape.divide(&p("i*n + i*i")),
            Err(ShapeError::NotAffine(_))
        ));
    }
}
