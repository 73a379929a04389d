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
    /// *Unsupported input* (nothing to delinearize): no term multiplies an iterator by a
    /// parameter or by a constant other than ±1: the
    /// subscripts walk the array with unit stride, there is no inner dimension to recover.
    #[error("no loop iterator is multiplied by a parameter or by a constant stride")]
    NoStride,
    /// *Unsupported input*: two candidate sizes do not divide each other, so they cannot be
    /// nested dimensions (the
    /// `P + α` shapes of §4 are not handled yet).
    #[error("the size candidates `{0}` and `{1}` do not divide each other")]
    NotAChain(String, String),
    /// *Unsupported input*: a subscript is still not affine after the division.
    #[error("subscript `{0}` is not affine after dividing by the sizes")]
    NotAffine(String),
}

impl Shape {
    /// Splits `subscript` into one subscript per dimension (outermost first): divided by each
    /// size from the innermost one out, the remainders are the inner subscripts and the last
    /// quotient the outermost one (§3.1, step 3). A constant size takes the constant term
    /// rounded down too. Fails when a result is not affine (a product
    /// of parameters, such as `n1*o0`, is not affine for isl either).
    pub fn divide(&self, subscript: &Polynomial) -> Result<Vec<Polynomial>, ShapeError> {
        let mut out = Vec::with_capacity(self.sizes.len() + 1);
        let mut rest = subscript.clone();
        for size in self.sizes.iter().rev() {
            let (mut q, mut r) = rest
                .div_rem(size)
                .map_err(|_| ShapeError::NotAffine(subscript.to_string()))?;
            // A constant size also divides the constant term, rounding down, so that
            // `A[100*(i - 1) + j + 1]` is `A[i - 1][j + 1]` rather than `A[i][j - 99]`.
            if size.variables().is_empty() && !size.is_zero() {
                let k = r.constant_term().div_floor(&size.constant_term());
                if !k.is_zero() {
                    r = &r - &(size * &Polynomial::constant(k.clone()));
                    q = &q + &Polynomial::constant(k);
                }
            }
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
        return constant_shape(subscripts, is_iterator);
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

/// The constant-size case (`A[i*100 + j]`, `A[(i*64 + j)*64 + k]`): when no iterator is
/// multiplied by a parameter, the strides are the constant coefficients (other than ±1) of the
/// terms that contain an iterator; they must each divide the next, and the quotients are the
/// sizes, the smallest stride innermost.
fn constant_shape(
    subscripts: &[Polynomial],
    is_iterator: &dyn Fn(&str) -> bool,
) -> Result<Shape, ShapeError> {
    let mut strides: Vec<BigInt> = Vec::new();
    for s in subscripts {
        for (m, c) in s.terms() {
            let c = c.abs();
            if m.factors().any(|(v, _)| is_iterator(v))
                && c > BigInt::one()
                && !strides.contains(&c)
            {
                strides.push(c);
            }
        }
    }
    if strides.is_empty() {
        return Err(ShapeError::NoStride);
    }
    strides.sort();
    let mut sizes = Vec::with_capacity(strides.len());
    let mut previous = BigInt::one();
    for c in &strides {
        if !c.is_multiple_of(&previous) {
            return Err(ShapeError::NotAChain(previous.to_string(), c.to_string()));
        }
        sizes.push(Polynomial::constant(c / &previous));
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

/// One candidate multi-dimensional view of an array: its shape and, for each access (in the
/// order given), one subscript per dimension. Every candidate linearizes back to the original
/// subscripts (R2 of the paper); which one is the program's depends on the values the subscripts
/// take, which the pass decides with isl over the domains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The shape.
    pub shape: Shape,
    /// `subscripts[a][d]`: dimension `d` of access `a`.
    pub subscripts: Vec<Vec<Polynomial>>,
    /// How it was found: `"divide"` (§3.1 with §3.4) or `"offset"` (§4, sizes `P + α`).
    pub method: &'static str,
}

/// Every candidate view of an array accessed with `subscripts`, in the order the pass should
/// prefer them: the division of §3.1 (sizes from a chain of parametric factors, or of constant
/// strides, with the gcd adjustment of §3.4), then the `P + α` shapes of §4. Fails, with the
/// reason of the division, when there is none.
pub fn views(
    subscripts: &[Polynomial],
    is_iterator: &dyn Fn(&str) -> bool,
) -> Result<Vec<View>, ShapeError> {
    let mut out = Vec::new();
    let divided = divide_all(subscripts, is_iterator);
    let first_error = match divided {
        Ok(v) => {
            out.push(v);
            None
        }
        Err(e) => Some(e),
    };
    for v in offset_views(subscripts, is_iterator) {
        if !out
            .iter()
            .any(|o| o.shape == v.shape && o.subscripts == v.subscripts)
        {
            out.push(v);
        }
    }
    match (out.is_empty(), first_error) {
        (true, Some(e)) => Err(e),
        _ => Ok(out),
    }
}

/// §3.1 with §3.2 and §3.4: [`infer_shape`], [`Shape::divide`], [`adjust_gcd`], and the R2
/// check.
fn divide_all(
    subscripts: &[Polynomial],
    is_iterator: &dyn Fn(&str) -> bool,
) -> Result<View, ShapeError> {
    let mut shape = infer_shape(subscripts, is_iterator)?;
    let mut split = subscripts
        .iter()
        .map(|s| shape.divide(s))
        .collect::<Result<Vec<_>, _>>()?;
    adjust_gcd(&mut shape, &mut split);
    if let Some((s, _)) = subscripts
        .iter()
        .zip(&split)
        .find(|(s, d)| shape.linearize(d) != **s)
    {
        return Err(ShapeError::NotAffine(s.to_string()));
    }
    Ok(View {
        shape,
        subscripts: split,
        method: "divide",
    })
}

/// At most this many size parameters are permuted (4! orders).
const MAX_OFFSET_PARAMS: usize = 4;

/// §4, Algorithms 1 to 3: shapes `A[][P1 + α1]...[Pd-1 + αd-1]` with one parameter per size.
///
/// For each order of the size parameters (the parameters multiplied by an iterator), each
/// subscript is grouped by the set `K` of size parameters of its terms, `Σ g_K ∏_{k∈K} P_k`.
/// Then `f0 = g_[1,d-1]`; `α_k` for `k ≥ 2` is the constant `g_[1,d-1]∖{k} / f0`, the same for
/// every access (Algorithm 2); `f_j = g_[j+1,d-1] - α_j g_[j,d-1]` (Algorithm 3). `α1` is not
/// determined by the polynomial (every value linearizes to the same address); the paper scans a
/// few values. Ours are the values that take the iterators of `f0` out of `f1` (for
/// `A[i*(n + 1) + j]`, `α1 = 1` gives `A[i][j]` rather than `A[i][i + j]`), then 0. Every view
/// returned passes the R2 check and has affine subscripts.
pub fn offset_views(subscripts: &[Polynomial], is_iterator: &dyn Fn(&str) -> bool) -> Vec<View> {
    // The size parameters, each of degree one in every term.
    let mut params: Vec<String> = Vec::new();
    for s in subscripts {
        for (m, _) in s.terms() {
            if !m.factors().any(|(v, _)| is_iterator(v)) {
                continue;
            }
            for (v, _) in m.factors().filter(|(v, _)| !is_iterator(v)) {
                if !params.iter().any(|p| p == v) {
                    params.push(v.to_string());
                }
            }
        }
    }
    params.sort();
    let degree_one = subscripts.iter().all(|s| {
        s.terms()
            .all(|(m, _)| params.iter().all(|p| m.exponent(p) <= 1))
    });
    if params.is_empty() || params.len() > MAX_OFFSET_PARAMS || !degree_one {
        return Vec::new();
    }
    let mut out = Vec::new();
    for order in permutations(params.len()) {
        let order: Vec<&str> = order.iter().map(|&k| params[k].as_str()).collect();
        out.extend(offset_views_in_order(subscripts, &order));
    }
    out
}

/// All orders of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for k in 0..=p.len() {
            let mut q = p.clone();
            q.insert(k, n - 1);
            out.push(q);
        }
    }
    out
}

/// `g_K` of one subscript for size parameters `order` (`P1` first): index `K` is a bit set,
/// bit `k - 1` for `P_k`.
fn groups(s: &Polynomial, order: &[&str]) -> Vec<Polynomial> {
    let mut g = vec![Polynomial::zero(); 1 << order.len()];
    for (m, c) in s.terms() {
        let mut rest = m.clone();
        let mut k = 0usize;
        for (bit, p) in order.iter().enumerate() {
            if let Some(r) = rest.div(&Monomial::var(p)) {
                rest = r;
                k |= 1 << bit;
            }
        }
        g[k] = &g[k] + &Polynomial::term(c.clone(), rest);
    }
    g
}

/// `a / b` when it is an integer constant `x` with `a = x b` (`b` not zero).
fn constant_ratio(a: &Polynomial, b: &Polynomial) -> Option<BigInt> {
    let (m, c) = b.leading_term()?;
    let x = a.coefficient(m);
    if !x.is_multiple_of(c) {
        return None;
    }
    let x = &x / c;
    (*a == b * &Polynomial::constant(x.clone())).then_some(x)
}

/// The views of one order of the size parameters (`order[0]` is `P1`, the outermost size).
fn offset_views_in_order(subscripts: &[Polynomial], order: &[&str]) -> Vec<View> {
    let d = order.len() + 1;
    let full = (1usize << order.len()) - 1;
    // [j, d-1] as a bit set: P_j ... P_{d-1} (empty for j = d).
    let from = |j: usize| -> usize { full & !((1usize << (j - 1)) - 1) };
    let g: Vec<Vec<Polynomial>> = subscripts.iter().map(|s| groups(s, order)).collect();
    // Algorithm 2: α_k for k ≥ 2, common to all accesses whose f0 is not zero.
    let mut alpha = vec![BigInt::zero(); d];
    for (k, a) in alpha.iter_mut().enumerate().skip(2) {
        let without = full & !(1 << (k - 1));
        let mut value: Option<BigInt> = None;
        for gs in &g {
            if gs[full].is_zero() {
                continue;
            }
            let Some(x) = constant_ratio(&gs[without], &gs[full]) else {
                return Vec::new();
            };
            if value.as_ref().is_some_and(|v| *v != x) {
                return Vec::new();
            }
            value = Some(x);
        }
        *a = value.unwrap_or_default();
    }
    // α1: the values that take f0's iterators out of f1, then 0.
    let mut first: Vec<BigInt> = Vec::new();
    for gs in &g {
        let f0 = &gs[full];
        let g1 = &gs[if d > 2 { from(2) } else { 0 }];
        for (m, c0) in f0.terms().filter(|(m, _)| **m != Monomial::one()) {
            let c1 = g1.coefficient(m);
            if c1.is_multiple_of(c0) {
                let x = &c1 / c0;
                if !first.contains(&x) {
                    first.push(x);
                }
            }
        }
    }
    if !first.contains(&BigInt::zero()) {
        first.push(BigInt::zero());
    }
    let mut out = Vec::new();
    for a1 in first {
        alpha[1] = a1;
        // Algorithm 3, with g_[d, d-1] = g_∅.
        let split: Vec<Vec<Polynomial>> = g
            .iter()
            .map(|gs| {
                let mut f = vec![gs[full].clone()];
                for j in 1..d {
                    let next = if j + 1 < d { from(j + 1) } else { 0 };
                    f.push(&gs[next] - &(&gs[from(j)] * &Polynomial::constant(alpha[j].clone())));
                }
                f
            })
            .collect();
        let shape = Shape {
            sizes: (1..d)
                .map(|k| &Polynomial::var(order[k - 1]) + &Polynomial::constant(alpha[k].clone()))
                .collect(),
        };
        let fits = split.iter().flatten().all(Polynomial::is_affine)
            && subscripts
                .iter()
                .zip(&split)
                .all(|(s, f)| shape.linearize(f) == *s);
        if fits {
            out.push(View {
                shape,
                subscripts: split,
                method: "offset",
            });
        }
    }
    out
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
            infer_shape(&[p("i + j + n")], &iters),
            Err(ShapeError::NoStride)
        );
        // Sizes `n` and `m` cannot both be inner sizes of one chain, nor `P + α` sizes.
        assert!(matches!(
            views(&[p("i*n + j*m")], &iters),
            Err(ShapeError::NotAChain(..))
        ));
        // Constant strides that do not divide each other.
        assert!(matches!(
            views(&[p("6*i + 4*j + k")], &iters),
            Err(ShapeError::NotAChain(..))
        ));
        // `i*i` is not made affine by any size.
        let shape = infer_shape(&[p("i*n + j")], &iters).unwrap();
        assert!(matches!(
            shape.divide(&p("i*n + i*i")),
            Err(ShapeError::NotAffine(_))
        ));
    }

    fn view_texts(v: &View) -> (String, Vec<Vec<String>>) {
        (
            v.shape.to_string(),
            v.subscripts.iter().map(|s| texts(s)).collect(),
        )
    }

    #[test]
    fn constant_strides_give_constant_sizes() {
        // `A[i*100 + j]` and a 3-d `A[(i*64 + j)*64 + k]`.
        let v = views(&[p("100*i + j"), p("100*(i - 1) + j + 1")], &iters).unwrap();
        assert_eq!(
            view_texts(&v[0]),
            (
                "[][100]".into(),
                vec![
                    vec!["i".into(), "j".into()],
                    vec!["i - 1".into(), "j + 1".into()]
                ]
            )
        );
        let v = views(&[p("(i*64 + j)*64 + k")], &iters).unwrap();
        assert_eq!(v[0].shape.to_string(), "[][64][64]");
        assert_eq!(texts(&v[0].subscripts[0]), ["i", "j", "k"]);
    }

    #[test]
    fn p_plus_alpha_in_two_dimensions() {
        // §4: `A[i*(n + 1) + j]`. The division gives `A[i][i + j]` of `A[][n]`; the offset view
        // takes α1 = 1 from the iterator of f0, then α1 = 0 (the division's view again).
        let a = p("i*(n + 1) + j");
        let v = views(std::slice::from_ref(&a), &iters).unwrap();
        let all: Vec<_> = v.iter().map(view_texts).collect();
        assert_eq!(
            all,
            [
                ("[][n]".into(), vec![vec!["i".into(), "i + j".into()]]),
                ("[][n + 1]".into(), vec![vec!["i".into(), "j".into()]]),
            ]
        );
        assert_eq!(v[1].method, "offset");
        // A negative offset is found the same way.
        let v = offset_views(&[p("i*(n - 2) + j")], &iters);
        assert_eq!(view_texts(&v[0]).0, "[][n - 2]");
    }

    #[test]
    fn p_plus_alpha_in_three_dimensions() {
        // Listing 7 of the paper: a 3-d stencil with a one-element border, `Out[][R + 2][S + 2]`,
        // where the terms R, S and R*S all multiply iterators and the division finds no chain.
        let at =
            |a: &str, b: &str, c: &str| p(&format!("({a})*(R + 2)*(S + 2) + ({b})*(S + 2) + {c}"));
        let subs = [
            at("i + 1", "j + 1", "k + 1"),
            at("i", "j", "k"),
            at("i + 2", "j + 2", "k + 2"),
        ];
        let is_iter = |v: &str| ["i", "j", "k"].contains(&v);
        assert!(matches!(
            infer_shape(&subs, &is_iter),
            Err(ShapeError::NotAChain(..))
        ));
        let v = views(&subs, &is_iter).unwrap();
        // The order R, S with α1 = 2 comes first; α1 = 0 (`A[][R][S + 2]`) also linearizes
        // back, and the pass would only take it if the first one left the array.
        let shapes: Vec<String> = v.iter().map(|v| v.shape.to_string()).collect();
        assert_eq!(shapes, ["[][R + 2][S + 2]", "[][R][S + 2]"]);
        let got: Vec<Vec<String>> = v[0].subscripts.iter().map(|s| texts(s)).collect();
        assert_eq!(
            got,
            [
                ["i + 1", "j + 1", "k + 1"],
                ["i", "j", "k"],
                ["i + 2", "j + 2", "k + 2"]
            ]
        );
        // A 4-d shape, where α2 and α3 must agree between the equations of Algorithm 2.
        let s = p("(((i*(P + 1) + j)*(Q + 3)) + k)*(W + 1) + l");
        let is_iter = |v: &str| ["i", "j", "k", "l"].contains(&v);
        let v = offset_views(std::slice::from_ref(&s), &is_iter);
        let shapes: Vec<String> = v.iter().map(|v| v.shape.to_string()).collect();
        assert_eq!(shapes, ["[][P + 1][Q + 3][W + 1]", "[][P][Q + 3][W + 1]"]);
        assert_eq!(texts(&v[0].subscripts[0]), ["i", "j", "k", "l"]);
    }
}
