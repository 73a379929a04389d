//! Delinearization: the pass exists, the algorithm does not yet.
//!
//! This crate will own the algorithm of Grosser et al., *Optimistic Delinearization of
//! Parametrically Sized Arrays* (ICS 2015): polynomial subscripts of flat pointers turned into
//! multi-dimensional affine accesses with one shape per array, with the validity conditions
//! recorded as DL assumptions.
//!
//! The entry point [`run`] has the signature of every pass over the model
//! ([`optimist_scop::pass`]); the driver in the `optimist` facade calls it through [`PASS`].
//! Today it leaves the model unchanged and says so in its report; [`shape`] holds the algebra of
//! §3.1, §3.2 and §3.4 (shape inference, division, the gcd adjustment), tested on its own and
//! not yet wired into the model.
#![deny(missing_docs)]

pub mod shape;

use optimist_presburger::{Map, PwAff, Set};
use optimist_scop::model::{AccessKind, Assumption, AssumptionKind, Scop, ScopArrayId, Size};
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
    for k in 0..scop.arrays.len() {
        let arr = &scop.arrays[k];
        if !arr.pointer || arr.delinearized.is_some() {
            continue;
        }
        let id = ScopArrayId(k as u32);
        let accesses: Vec<usize> = (0..scop.accesses.len())
            .filter(|&a| scop.accesses[a].array == id)
            .collect();
        if !accesses
            .iter()
            .any(|&a| scop.accesses[a].polynomial.is_some())
        {
            continue;
        }
        match delinearize(scop, id, &accesses)? {
            Ok(shape) => done.push(format!("{}{shape}", scop.arrays[k].name)),
            Err(why) => {
                let note = format!("{} stays flat: {why}", scop.arrays[k].name);
                scop.diagnostics.push(note.clone());
                kept.push(note);
            }
        }
    }
    let mut summary = if done.is_empty() {
        "no array delinearized".to_string()
    } else {
        format!("delinearized {}", done.join(", "))
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

/// Delinearizes array `id` (accessed by `accesses`), or says why not (the model unchanged).
fn delinearize(
    scop: &mut Scop,
    id: ScopArrayId,
    accesses: &[usize],
) -> Result<Result<shape::Shape, String>, PassError> {
    let params: Vec<String> = scop.params.iter().map(|p| p.name.clone()).collect();
    let is_iterator = |v: &str| !params.iter().any(|p| p == v);
    let mut subscripts = Vec::with_capacity(accesses.len());
    for &a in accesses {
        match scop.accesses[a].polynomial.as_deref() {
            Some([p]) => subscripts.push(p.clone()),
            _ => {
                return Ok(Err(format!(
                    "access {} has no single polynomial subscript",
                    optimist_scop::model::AccessId(a as u32)
                )));
            }
        }
    }
    let mut shape = match shape::infer_shape(&subscripts, &is_iterator) {
        Ok(s) => s,
        Err(e) => return Ok(Err(e.to_string())),
    };
    let mut split = Vec::with_capacity(subscripts.len());
    for s in &subscripts {
        match shape.divide(s) {
            Ok(d) => split.push(d),
            Err(e) => return Ok(Err(e.to_string())),
        }
    }
    shape::adjust_gcd(&mut shape, &mut split);
    // R2 of the paper: the view gives back every subscript (the division and the gcd
    // adjustment are meant to keep it; this is what makes the model the program).
    if let Some(s) = subscripts
        .iter()
        .zip(&split)
        .find(|(s, d)| shape.linearize(d) != **s)
    {
        return Ok(Err(format!("`{}` does not linearize back", s.0)));
    }
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
    let param_list = params.join(", ");
    let name = scop.arrays[id.0 as usize].name.clone();
    // The sizes as isl functions of the parameters.
    let mut sizes = vec![Size::Unknown];
    for s in &shape.sizes {
        let pa = PwAff::parse(&ctx, &format!("[{param_list}] -> {{ [] -> [({s})] }}"))?;
        sizes.push(Size::Param(pa));
    }
    // New relations, and the validity conditions of each access.
    let mut relations = Vec::with_capacity(accesses.len());
    let mut conditions = Vec::new();
    for ((&a, subs), original) in accesses.iter().zip(&split).zip(&subscripts) {
        let acc = &scop.accesses[a];
        let st = &scop.stmts[acc.stmt.0 as usize];
        let dims = st.dim_names();
        let head = format!("[{param_list}] -> {{ {}[{}]", st.name, dims.join(", "));
        let outs: Vec<String> = subs.iter().map(|s| format!("({s})")).collect();
        let relation = Map::parse(&ctx, &format!("{head} -> {name}[{}] }}", outs.join(", ")))?
            .intersect_domain(&st.domain)?;
        // Instances whose subscript of an inner dimension leaves it: the parameter values
        // where that happens are invalid.
        let mut invalid: Option<Set> = None;
        for (f, size) in subs.iter().skip(1).zip(&shape.sizes) {
            let bad = Set::parse(&ctx, &format!("{head} : ({f}) < 0 or ({f}) >= ({size}) }}"))?
                .intersect(&st.domain)?
                .params()?;
            invalid = Some(match invalid {
                None => bad,
                Some(i) => i.union(&bad)?,
            });
        }
        if let Some(bad) = invalid {
            let valid = bad.complement()?;
            conditions.push(Assumption {
                kind: AssumptionKind::Dl,
                what: format!(
                    "`{name}[{original}]` of {st} stays inside `{name}{shape}`",
                    st = st.name
                ),
                valid,
                loc: st.loc.clone(),
            });
        }
        relations.push(relation);
    }
    for (&a, relation) in accesses.iter().zip(relations) {
        let guarded = scop.stmts[scop.accesses[a].stmt.0 as usize].guard.is_some();
        let acc = &mut scop.accesses[a];
        acc.relation = relation;
        acc.exact = true;
        acc.polynomial = None;
        acc.subscripts = None;
        if acc.kind == AccessKind::MayWrite && !guarded {
            acc.kind = AccessKind::MustWrite;
        }
    }
    let arr = &mut scop.arrays[id.0 as usize];
    arr.sizes = sizes;
    arr.delinearized = Some(shape.sizes.clone());
    scop.assumptions.extend(conditions);
    scop.diagnostics
        .push(format!("{name}: delinearized to {name}{shape}"));
    Ok(Ok(shape))
}
