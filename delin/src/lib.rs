//! Delinearization (paper 001): flat pointers indexed with polynomial subscripts become
//! multi-dimensional arrays with exact affine accesses.
//!
//! This crate implements Grosser et al., *Optimistic Delinearization of Parametrically Sized
//! Arrays* (ICS 2015) as a pass over the model. [`shape`] is the algebra on polynomials: the
//! division of §3.1 with one shape per array (§3.2) and the gcd adjustment (§3.4), constant
//! strides, and the `P + α` shapes of §4 (Algorithms 1 to 3). [`run`] builds each candidate view
//! over the model with isl, folds multiples of a size between neighbouring subscripts where the
//! domain says so (§3.3), and takes the first view the program satisfies everywhere, else the
//! first it satisfies somewhere, with the validity conditions recorded as DL assumptions that
//! become part of the one run-time check. [`report`] says what it did, array by array.
//!
//! ```
//! use optimist_scop::frontend::{self, FrontendConfig};
//! use optimist_scop::model::Scop;
//! use optimist_scop::pass::PassCx;
//! let src = "void k(int n, int m, double *A) {
//!   for (int i = 0; i < m; i++)
//!     for (int j = 0; j <= n; j++)
//!       A[i * (n + 1) + j] = 2.0 * A[i * (n + 1) + j];
//! }";
//! let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
//! let before = Scop::build(&f, &Default::default()).unwrap();
//! let mut scop = before.clone();
//! let report = optimist_delin::run(&mut scop, &PassCx::new(&f)).unwrap();
//! assert_eq!(
//!     report.summary,
//!     "delinearized A[][n + 1] (2 accesses rewritten, 0 conditions)"
//! );
//! let text = optimist_delin::report(&before, &scop);
//! assert!(text.starts_with("A: shape A[][n + 1] (offset)"), "{text}");
//! assert!(text.contains("-> A[i, j]"), "{text}");
//! ```
//!
//! # Design notes
//!
//! Depends on `presburger` and `scop`. `shape.rs` is the algebra on polynomials. `views` returns
//! every candidate view of one array (shape plus per-access subscripts), in the order the pass
//! prefers them:
//! - the division (`"divide"`): `infer_shape` (§3.1 steps 1–2 over all accesses, §3.2: the
//!   parametric factors of the terms with an iterator must form a chain of divisors whose quotients
//!   are the sizes; without any, the constant coefficients other than ±1, `A[i*100 + j]`),
//!   `Shape::divide` (step 3: remainders from the innermost size out; a constant size also takes
//!   the constant term rounded down) and `adjust_gcd` (§3.4, a factor moves only as far as the
//!   dimension's own size has it);
//! - the `P + α` shapes of §4 (`"offset"`, `offset_views`, Algorithms 1–3): for each order of the
//!   size parameters (at most 4), the subscript grouped by the set of size parameters of each
//!   term, `f0 = g_full`, `α_k` (k ≥ 2) the constant `g_full∖{k} / f0` common to all accesses, and
//!   `α1`, which the polynomial does not determine, taken from the iterators of `f0` (for
//!   `A[i*(n+1) + j]`, `α1 = 1`), then 0. `β P` is the gcd adjustment.
//!
//! Every view must linearize back to the original subscripts (R2, `Shape::linearize`) and be
//! affine. The pass (`run`, first in the driver's table) considers the flat pointers with a
//! polynomial subscript or a stride (the model keeps the polynomial of every 1-d pointer access, so
//! `A[i*n + j]` next to `A[j]` is one array). For each view it builds, with isl over the domains,
//! §3.3's fold (`fold`: per access and pair of dimensions, from the innermost out, the piece
//! `k ∈ {-1, 0, 1}` of the paper's maps `M_t` — one multiple of the size moved between neighbours —
//! whose subscript leaves its dimension for strictly fewer parameter values than `k = 0`, so
//! `A[i*n + n - 1 - j]` is `A[i][n - 1 - j]`; one piece per access keeps subscripts free of
//! selects, where the paper composes the piecewise maps and simplifies them to one piece on the
//! domain), the exact relations, and the parameter values (in the context) where an instance that
//! runs leaves the view. It takes the first view valid everywhere, else the first valid somewhere
//! (its conditions become DL `Assumption`s, simplified by `assume::collect` with the others into
//! the one run-time check; a condition true on the whole context is not recorded); an array whose
//! accesses are all exact already (constant strides) only takes a view valid everywhere. The
//! array's sizes become `[][P1]...` (`Size::Const` for constants; `ScopArray::delinearized` keeps
//! them as polynomials), every access an exact affine relation (may-writes become must-writes
//! outside guards). The program's memory stays flat: the model lowering computes the recovered
//! sizes from the parameters and linearizes the subscripts with them, and generated C prints
//! `A[(i) * (1L * (long)n) + j]` (sizes in `long`). A delinearized array's footprint (first
//! subscript's range times the recovered sizes) may exceed what the program touches, so it is a
//! `Plan::fallback_footprints` entry, as is the footprint of every declared array with several
//! dimensions: native code runs the faithful code when it leaves the buffer
//! (no error) and otherwise accesses the array without range checks. An array that does not fit
//! (no view, a view invalid for every parameter value, a size not affine in the parameters or
//! with a coefficient beyond 32 bits) stays flat and the report says why (also as a model
//! diagnostic). `delin::report(before, after)` is what `optimist show delin FILE.c` prints: per
//! flat pointer the shape and how it was found or why it stays flat, each access's polynomial
//! before and relation after, and the DL conditions. `corpus/flat/` holds flat-pointer versions
//! of thirteen corpus kernels; they are part of the corpus the differential tests walk.
#![deny(missing_docs)]

pub mod shape;

use optimist_presburger::{Map, Polynomial, PwAff, Set};
use optimist_scop::model::{
    AccessId, AccessKind, Assumption, AssumptionKind, Scop, ScopArrayId, Size,
};
use optimist_scop::pass::{Pass, PassCx, PassError, PassReport};

/// The pass as the driver's table holds it.
pub const PASS: Pass = Pass {
    name: "delin",
    about: "delinearize polynomial subscripts into multi-dimensional arrays (paper 001)",
    run,
};

/// Runs delinearization over `scop`: every flat pointer whose accesses all carry polynomial
/// subscripts gets the shape [`shape::infer_shape`] finds for them (with [`shape::adjust_gcd`]);
/// its accesses become exact affine relations on that shape, and the conditions under which
/// the view is the program's (every subscript but the outermost inside its size, on the
/// instances that run) are recorded as DL assumptions, part of the run-time check. An array that
/// does not fit stays flat, and the report says why.
pub fn run(scop: &mut Scop, _cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    let mut done = Vec::new();
    let mut kept = Vec::new();
    for id in scop.arrays.keys() {
        let arr = &scop.arrays[id];
        if !arr.pointer || arr.delinearized.is_some() {
            continue;
        }
        let accesses: Vec<AccessId> = scop
            .accesses
            .keys()
            .filter(|&a| scop.accesses[a].array == id)
            .collect();
        // Only arrays with something to recover: a polynomial subscript, or a stride.
        let params: Vec<&str> = scop.params.iter().map(|p| p.name.as_str()).collect();
        let worth = accesses.iter().any(|&a| {
            let acc = &scop.accesses[a];
            match &acc.polynomial {
                Some(p) if !acc.exact => !p.is_empty(),
                Some(p) => p.iter().any(|s| strided(s, &params)),
                None => false,
            }
        });
        if !worth {
            continue;
        }
        match delinearize(scop, id, &accesses)? {
            Ok(d) => done.push(d),
            Err(why) => {
                let note = format!("{} stays flat: {why}", scop.arrays[id].name);
                scop.diagnostics.push(note.clone());
                kept.push(note);
            }
        }
    }
    let mut summary = if done.is_empty() {
        "no array delinearized".to_string()
    } else {
        let shapes: Vec<&str> = done.iter().map(|d| d.shape.as_str()).collect();
        format!(
            "delinearized {} ({} accesses rewritten, {} conditions)",
            shapes.join(", "),
            done.iter().map(|d| d.accesses).sum::<usize>(),
            done.iter().map(|d| d.conditions).sum::<usize>()
        )
    };
    if !kept.is_empty() {
        summary = format!("{summary}; {}", kept.join("; "));
    }
    Ok(if done.is_empty() {
        PassReport::unchanged(PASS.name, summary)
    } else {
        PassReport::changed(PASS.name, summary)
    })
}

/// Whether a subscript multiplies an iterator by a parameter or by a constant other than ±1.
fn strided(s: &Polynomial, params: &[&str]) -> bool {
    s.terms().any(|(m, c)| {
        let iter = m.factors().any(|(v, _)| !params.contains(&v));
        let scaled = m.factors().any(|(v, _)| params.contains(&v)) || c.magnitude() > &1u32.into();
        iter && scaled
    })
}

/// What [`delinearize`] did to one array.
struct Done {
    /// `A[][n]`.
    shape: String,
    /// Accesses rewritten.
    accesses: usize,
    /// DL assumptions added.
    conditions: usize,
}

/// One candidate view built over the model: sizes, relations, conditions.
struct Built {
    sizes: Vec<Size>,
    relations: Vec<Map>,
    conditions: Vec<Assumption>,
    /// The parameter values (inside the context) for which some access leaves the view.
    invalid: Set,
}

/// Delinearizes array `id` (accessed by `accesses`), or says why not (the model unchanged).
///
/// Every candidate of [`shape::views`] is built over the model; the first one that is valid for
/// every parameter value of the context is taken, else the first one valid for some (its
/// conditions go into the run-time check), else none. An array whose accesses are all exact
/// already (affine subscripts with constant strides) only takes a view valid everywhere.
fn delinearize(
    scop: &mut Scop,
    id: ScopArrayId,
    accesses: &[AccessId],
) -> Result<Result<Done, String>, PassError> {
    let params: Vec<String> = scop.params.iter().map(|p| p.name.clone()).collect();
    let is_iterator = |v: &str| !params.iter().any(|p| p == v);
    let mut subscripts = Vec::with_capacity(accesses.len());
    for &a in accesses {
        match scop.accesses[a].polynomial.as_deref() {
            Some([p]) => subscripts.push(p.clone()),
            _ => {
                return Ok(Err(format!(
                    "access {a} has no single polynomial subscript"
                )));
            }
        }
    }
    let views = match shape::views(&subscripts, &is_iterator) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e.to_string())),
    };
    let all_exact = accesses.iter().all(|&a| scop.accesses[a].exact);
    let mut refused = Vec::new();
    let mut chosen: Option<(shape::View, Built)> = None;
    for view in views {
        let built = match build(scop, id, accesses, &subscripts, &view, &is_iterator)? {
            Ok(b) => b,
            Err(why) => {
                refused.push(format!("`{}`: {why}", view.shape));
                continue;
            }
        };
        if built.invalid.is_empty()? {
            chosen = Some((view, built));
            break;
        }
        let some_valid = !scop.context.subtract(&built.invalid)?.is_empty()?;
        if all_exact {
            // Exact one-dimensional accesses (constant strides) give exact dependences already:
            // a view is only worth a guess if it needs no condition.
            refused.push(format!("`{}` needs a run-time condition", view.shape));
        } else if some_valid && chosen.is_none() {
            chosen = Some((view, built));
        } else if !some_valid {
            refused.push(format!(
                "`{}` is invalid for every parameter value",
                view.shape
            ));
        }
    }
    let Some((view, built)) = chosen else {
        return Ok(Err(refused.join("; ")));
    };
    let name = scop.arrays[id].name.clone();
    for (&a, relation) in accesses.iter().zip(built.relations) {
        let guarded = scop.stmts[scop.accesses[a].stmt].guard.is_some();
        let acc = &mut scop.accesses[a];
        acc.relation = relation;
        acc.exact = true;
        acc.polynomial = None;
        acc.subscripts = None;
        if acc.kind == AccessKind::MayWrite && !guarded {
            acc.kind = AccessKind::MustWrite;
        }
    }
    let arr = &mut scop.arrays[id];
    arr.sizes = built.sizes;
    arr.delinearized = Some(view.shape.sizes.clone());
    let conditions = built.conditions.len();
    scop.assumptions.extend(built.conditions);
    let shape = format!("{name}{}", view.shape);
    scop.diagnostics
        .push(format!("{name}: delinearized to {shape} ({})", view.method));
    Ok(Ok(Done {
        shape,
        accesses: accesses.len(),
        conditions,
    }))
}

/// Builds `view` over the model: the sizes as isl functions, each access's relation (the
/// division, then the fold maps of §3.3), and the validity conditions.
fn build(
    scop: &Scop,
    id: ScopArrayId,
    accesses: &[AccessId],
    subscripts: &[Polynomial],
    view: &shape::View,
    is_iterator: &dyn Fn(&str) -> bool,
) -> Result<Result<Built, String>, PassError> {
    let shape = &view.shape;
    if let Some(s) = shape
        .sizes
        .iter()
        .find(|s| !s.is_affine() || s.variables().iter().any(|v| is_iterator(v)))
    {
        return Ok(Err(format!(
            "the size `{s}` is not affine in the parameters"
        )));
    }
    // Code generation computes the sizes in 64 bits from coefficients that must fit.
    if let Some(s) = shape
        .sizes
        .iter()
        .find(|s| s.terms().any(|(_, c)| c.bits() > 31))
    {
        return Ok(Err(format!(
            "the size `{s}` has a coefficient beyond 32 bits"
        )));
    }
    let ctx = scop.ctx.clone();
    let param_list = scop
        .params
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let name = &scop.arrays[id].name;
    let mut sizes = vec![Size::Unknown];
    for s in &shape.sizes {
        sizes.push(match s.variables().is_empty() {
            true => match u64::try_from(s.constant_term()) {
                Ok(c) if c > 0 => Size::Const(c),
                _ => return Ok(Err(format!("the size `{s}` is not positive"))),
            },
            false => Size::Param(PwAff::parse(
                &ctx,
                &format!("[{param_list}] -> {{ [] -> [({s})] }}"),
            )?),
        });
    }
    let d = shape.sizes.len() + 1;
    // Names for the array's dimensions that no parameter has (`o1` may be a parameter).
    let mut prefix = "o".to_string();
    while scop
        .params
        .iter()
        .any(|p| (0..d).any(|k| p.name == format!("{prefix}{k}")))
    {
        prefix.push('_');
    }
    let dims: Vec<String> = (0..d).map(|k| format!("{prefix}{k}")).collect();
    let tuple = format!("{name}[{}]", dims.join(", "));
    // The elements outside the view: some inner subscript outside its size.
    let outside: Vec<String> = shape
        .sizes
        .iter()
        .enumerate()
        .map(|(k, s)| format!("{0} < 0 or {0} >= ({s})", dims[k + 1]))
        .collect();
    let outside = Set::parse(
        &ctx,
        &format!("[{param_list}] -> {{ {tuple} : {} }}", outside.join(" or ")),
    )?;
    let mut relations = Vec::with_capacity(accesses.len());
    let mut conditions = Vec::new();
    let mut invalid = Set::empty(&scop.context.space()?)?;
    for ((&a, subs), original) in accesses.iter().zip(&view.subscripts).zip(subscripts) {
        let acc = &scop.accesses[a];
        let st = &scop.stmts[acc.stmt];
        let head = format!(
            "[{param_list}] -> {{ {}[{}]",
            st.name,
            st.dim_names().join(", ")
        );
        let relation_of = |subs: &[Polynomial]| -> Result<Map, PassError> {
            let outs: Vec<String> = subs.iter().map(|s| format!("({s})")).collect();
            Ok(
                Map::parse(&ctx, &format!("{head} -> {name}[{}] }}", outs.join(", ")))?
                    .intersect_domain(&st.domain)?,
            )
        };
        let in_context = st.domain.intersect_params(&scop.context)?;
        // Most subscripts stay inside as divided: one check, no fold.
        let divided = relation_of(subs)?;
        if divided
            .intersect_range(&outside)?
            .intersect_params(&scop.context)?
            .is_empty()?
        {
            relations.push(divided);
            continue;
        }
        let (subs, inside) = fold(&ctx, &head, &in_context, subs, &shape.sizes)?;
        let relation = relation_of(&subs)?;
        if inside {
            relations.push(relation);
            continue;
        }
        // The parameter values where an instance that runs leaves the view.
        let bad = relation
            .intersect_range(&outside)?
            .params()?
            .intersect(&scop.context)?
            .coalesce()?;
        if !bad.is_empty()? {
            conditions.push(Assumption {
                kind: AssumptionKind::Dl,
                what: format!(
                    "`{name}[{original}]` of {st} stays inside `{name}{shape}`",
                    st = st.name
                ),
                valid: bad.complement()?.gist(&scop.context)?,
                loc: st.loc.clone(),
            });
            invalid = invalid.union(&bad)?;
        }
        relations.push(relation);
    }
    Ok(Ok(Built {
        sizes,
        relations,
        conditions,
        invalid: invalid.coalesce()?,
    }))
}

/// §3.3, size parameters in subscripts: the division puts every multiple of a size in the outer
/// dimension, so `A[i*n + n - 1 - j]` becomes `A[i + 1][-1 - j]`, outside `A[][n]`, when the
/// program means `A[i][n - 1 - j]`. The paper composes piecewise maps `M_t` that move `k`
/// multiples of `s_{t+1}` from dimension `t` to `t + 1` where the inner subscript leaves its
/// range, and observes that on the iteration domain they reduce to one piece. We take one piece
/// per access and pair of dimensions, from the innermost pair out: `k` in `{-1, 0, 1}`, the one
/// whose subscript leaves its dimension for strictly fewer parameter values than `k = 0`
/// (`k = 0` when none is better), so accesses stay single affine functions (no selects in the
/// generated subscripts) and what no single `k` fits is left to the run-time check. Also says
/// whether every subscript stays inside its dimension (then the view needs no condition).
fn fold(
    ctx: &optimist_presburger::Ctx,
    head: &str,
    domain: &Set,
    subs: &[Polynomial],
    sizes: &[Polynomial],
) -> Result<(Vec<Polynomial>, bool), PassError> {
    let mut subs = subs.to_vec();
    // Whether every subscript stays inside its dimension as it is (no condition needed).
    let mut inside = true;
    for t in (0..sizes.len()).rev() {
        let s = &sizes[t];
        let bad = |inner: &Polynomial| -> Result<Set, PassError> {
            Ok(Set::parse(
                ctx,
                &format!("{head} : ({inner}) < 0 or ({inner}) >= ({s}) }}"),
            )?
            .intersect(domain)?
            .params()?)
        };
        let mut best = (0i64, bad(&subs[t + 1])?);
        if best.1.is_empty()? {
            continue;
        }
        inside = false;
        for k in [-1i64, 1] {
            let inner = &subs[t + 1] - &(s * &Polynomial::constant(k));
            let b = bad(&inner)?;
            if b.is_subset(&best.1)? && !best.1.is_subset(&b)? {
                best = (k, b);
            }
        }
        if best.0 != 0 {
            let k = Polynomial::constant(best.0);
            subs[t + 1] = &subs[t + 1] - &(s * &k);
            subs[t] = &subs[t] + &k;
        }
    }
    Ok((subs, inside))
}

/// What the pass did to the flat pointers of a model, `before` it and `after` it (what
/// `optimist show delin` prints): for each flat pointer the shape recovered and how (or why it
/// stays flat), each access's subscript before and its relation after, and the DL conditions
/// (before they are simplified with the other assumptions; a condition true wherever the
/// context holds is not recorded).
pub fn report(before: &Scop, after: &Scop) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for (k, arr) in after.arrays.iter_enumerated().filter(|(_, a)| a.pointer) {
        let find = |prefix: &str| {
            after
                .diagnostics
                .iter()
                .find_map(|d| d.strip_prefix(prefix).map(str::to_string))
        };
        match &arr.delinearized {
            Some(sizes) => {
                let dims: String = sizes.iter().map(|s| format!("[{s}]")).collect();
                let how = find(&format!("{}: delinearized to ", arr.name))
                    .and_then(|d| {
                        d.rsplit_once(" (")
                            .map(|(_, m)| m.trim_end_matches(')').to_string())
                    })
                    .unwrap_or_default();
                let _ = writeln!(out, "{}: shape {}[]{dims} ({how})", arr.name, arr.name);
            }
            None => {
                let why = find(&format!("{} stays flat: ", arr.name))
                    .unwrap_or_else(|| "no stride to recover".to_string());
                let _ = writeln!(out, "{}: flat ({why})", arr.name);
            }
        }
        for (a, acc) in before.accesses.iter_enumerated() {
            if acc.array != k {
                continue;
            }
            let subscript = match &acc.polynomial {
                Some(p) => p
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("]["),
                None => "affine".into(),
            };
            let _ = writeln!(
                out,
                "  {a} {} {}[{subscript}]  ->  {}",
                acc.kind, arr.name, after.accesses[a].relation
            );
        }
    }
    let dl: Vec<_> = after
        .assumptions
        .iter()
        .filter(|a| a.kind == AssumptionKind::Dl)
        .collect();
    if !dl.is_empty() {
        out.push_str("validity conditions (DL, before simplification with the others):\n");
        for a in dl {
            let _ = writeln!(out, "  {}: {}", a.what, a.valid);
        }
    }
    if out.is_empty() {
        out.push_str("no flat pointer\n");
    }
    out
}
