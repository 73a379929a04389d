//! Expression propagation (paper 003): a value written to a temporary array is computed again
//! where it is read, and the temporary disappears.
//!
//! This crate implements the core of Doerfert, Sharma and Hack, *Polyhedral Expression
//! Propagation* (CC 2018), over the model:
//!
//! - **propagation dependences and expressions** (§3, Definition 3.1, Algorithm 1): for each read
//!   of a local array, the value-based RAW dependence from the writing statement `W` gives the
//!   *defining instance* of each reading instance; `W`'s expression is rewritten for the reader by
//!   moving each of its loads through that map (`in[i + 1]` in `W[i]` read as `tmp[j - 1]` in
//!   `Y[j]` becomes `in[j]`);
//! - **the reload test** (§3.2): each re-issued load must see the same write instances in the
//!   reader as the original load saw in `W` (isl's dataflow on the model after propagation, read
//!   by read); an intermediate write refuses the propagation;
//! - **statement splitting** (§3, Figure 5): a reader whose instances see values of several
//!   statements is split (`Scop::split_statement`) into pieces that each see one writer per read,
//!   so that every propagation dependence is surjective; each piece gets its writers'
//!   expressions;
//! - **heuristics** (§4): only local (non live-out) arrays are propagated, all of their reads or
//!   none (§4.4, so that the writes become dead); a reader may need at most
//!   [`MAX_CACHE_LINES`] cache lines per instance (§4.2, counted as the paper does: an access is a
//!   hit when it lies within half a line of an earlier one), its expression at most
//!   [`MAX_NODES`] nodes, and a split at most [`MAX_PIECES`] pieces, none of which may fix one
//!   dimension between two loop dimensions (§4.3); the arrays are tried in the order of §4.4,
//!   each once;
//! - then the writes of every propagated array are removed, and the array is no longer touched
//!   by the optimized code.
//!
//! Propagated expressions are the writer's expression with its conversion to the array's
//! element type (`(float)(...)` when the temporary is `float`), and the writer's iterators become
//! affine functions of the reader's (Algorithm 1's `iv` case, computed in 64 bits and converted
//! to the iterator's type), so every reader computes the operations the program computed, in the
//! same order: results stay bitwise equal.
//!
//! **Not done** (each is reported as the reason a propagation was refused): reads of the array
//! itself in its expression (recurrences such as `tmp[i] = tmp[i - 1] + x`, Figure 7a), and
//! readers that read elements no statement of the region wrote. §5.4's higher-order recurrences
//! are detected and recorded as hints (`propagate: recurrence:` diagnostics); code generation
//! does nothing with them yet, so a value read at three consecutive elements is computed three
//! times.
//!
//! **Memory.** The optimized code does not touch a propagated temporary, and does not allocate
//! it: the model-based C function does not declare it (only the faithful function, which runs
//! when the run-time check fails, does), and the native `Kernel` calls a *lean* versioned entry
//! with an empty buffer for it; only when that entry reports its check false does the kernel
//! allocate the buffer and run the faithful code.
//!
//! ```
//! use optimist_scop::frontend::{self, FrontendConfig};
//! use optimist_scop::model::Scop;
//! use optimist_scop::pass::PassCx;
//! let src = "void blur(int n, double in[n], double out[n]) {
//!   double tmp[1000];
//!   for (int i = 1; i < n - 1; i++)
//!     tmp[i] = in[i - 1] + in[i] + in[i + 1];
//!   for (int i = 2; i < n - 2; i++)
//!     out[i] = tmp[i - 1] + tmp[i] + tmp[i + 1];
//! }";
//! let f = frontend::parse_source("blur.c", src, None, &FrontendConfig::default()).unwrap();
//! let mut scop = Scop::build(&f, &Default::default()).unwrap();
//! let report = optimist_propagate::run(&mut scop, &PassCx::new(&f)).unwrap();
//! assert!(report.changed, "{report}");
//! // One statement is left, reading `in` nine times and `tmp` not at all.
//! assert_eq!(scop.stmts.len(), 1);
//! assert!(scop.diagnostics.iter().any(|d| d.contains("tmp: propagated")));
//! ```
//!
//! # Design notes
//!
//! Depends on `presburger` and `scop`. Runs after DeLICM. The candidates are the local arrays with
//! dimensions (not live-out). Each round computes the value-based RAW dependences of the whole
//! model at access level (`Dependences::compute_isl`, tagged), picks the untried temporary first in
//! §4.4's order (fewest distinct arrays left in its readers, then fewest RAW dependences, source
//! statements, reads, dimensions, source order) and tries all of its reads at once:
//! - **split** (§3, Figure 5, `Scop::split_statement`): a reader whose instances see several
//!   writers is cut into pieces of its domain, one writer per read; the pieces take the statement's
//!   tags, place and body, copies of its accesses restricted to the piece, and the schedule is
//!   pulled back through `S_k[i] -> S[i]` (`isl_schedule_pullback_union_pw_multi_aff`), so the
//!   schedule tree keeps its shape. At most `MAX_PIECES` pieces, and none may fix a dimension
//!   between two loop dimensions (§4.3).
//! - **rewrite** (Algorithm 1): the writer's expression with its loads re-issued from the reader
//!   through the defining instance (reader instance to writer instance, the reversed RAW), and its
//!   iterators as affine functions of the reader's (`PwAff::to_aff` of the defining map, checked to
//!   have no integer division, built as 64-bit `BodyExpr` and converted to the iterator's type).
//! - **reload test** (§3.2): on the model after all replacements, every re-issued load must have
//!   exactly the sources of the original load moved through the defining instance.
//! - **heuristics**: `MAX_CACHE_LINES` per reader instance (§4.2's counting: within half a line of
//!   an earlier access of the same array is a hit), `MAX_NODES` per expression.
//!
//! If everything holds, the reads are replaced, and the writes of the temporary, now dead, are
//! removed; otherwise the refusal is recorded with its reason. Recurrences (§5.4: one writer's
//! expression at consecutive elements along the innermost loop) are recorded as diagnostics;
//! code generation does not use them. Refused: reads of the array itself in its expression, and
//! reads of elements no statement wrote. A temporary no statement of the model touches is not
//! allocated by the optimized code: the model-based C function (`codegen::c`) does not declare it
//! (only the faithful one does), and the native `Kernel` compiles a second, *lean* versioned entry
//! (`Versioning::fallback = None`) that returns `Status::CheckFailed` instead of calling the
//! faithful code; the kernel calls it with empty buffers for those arrays and, only when the check
//! fails, allocates them and calls the faithful code itself. `optimist show propagate FILE.c` prints the decisions and
//! the model after the pass. `corpus/pipelines/` holds seven pipelines with local temporaries
//! (separable blur, unsharp mask, Harris, a pyramid step, a two-stage stencil, the paper's Figure 1
//! boundary case, which is split, and Figure 7b's overwrite, which is refused); they are part of the
//! corpus the differential tests walk. DeLICM maps a local array only when some element is written
//! twice: a temporary written once has no false dependence, and mapping it into another temporary
//! only blocked propagation (seen on Harris).
#![deny(missing_docs)]

use optimist_presburger::{Aff, DimType, Error as IslError, Map, PwMultiAff, Set, UnionMap};
use optimist_scop::Type;
use optimist_scop::expr::ExprKind;
use optimist_scop::id::IdVec;
use optimist_scop::ir::{BinOp, Function};
use optimist_scop::model::{
    AccessId, AccessKind, BodyExpr, BodyLeaf, DepConfig, Dependences, ParamOrigin, Scop,
    ScopArrayId, StmtId,
};
use optimist_scop::pass::{Pass, PassCx, PassError, PassReport};

/// The pass as the driver's table holds it.
pub const PASS: Pass = Pass {
    name: "propagate",
    about: "propagate expressions, remove temporaries (paper 003)",
    run,
};

/// The prefix of the model diagnostics that record the pass's decisions.
const NOTE: &str = "propagate: ";

/// §4.2: the cache lines a reader may need per instance after propagation. The paper measures
/// it per machine; 12 is about what the line fill buffers of current x86 cores keep in flight.
pub const MAX_CACHE_LINES: usize = 12;

/// The size of a cache line in bytes, for [`MAX_CACHE_LINES`].
pub const CACHE_LINE_BYTES: i64 = 64;

/// The most nodes a reader's expression may have after propagation (code complexity).
pub const MAX_NODES: usize = 160;

/// Runs expression propagation over `scop`. Every decision is a model diagnostic (what
/// [`report`] prints); the report counts them.
///
/// When isl runs out of operations (`cx.max_operations` for each dependence analysis), the pass
/// bails out: the model is left as it was and the report says so.
pub fn run(scop: &mut Scop, cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    optimist_scop::pass::bail_out_on_budget(PASS.name, scop, cx, transform)
}

/// A local array of the program with dimensions: not observable after the region.
fn is_temporary(scop: &Scop, k: ScopArrayId) -> bool {
    let a = scop.array(k);
    !a.live_out && !a.sizes.is_empty()
}

/// The reads of array `t`.
fn reads_of(scop: &Scop, t: ScopArrayId) -> Vec<AccessId> {
    (0..scop.accesses.len())
        .map(|k| AccessId(k as u32))
        .filter(|&a| scop.access(a).array == t && scop.access(a).is_read())
        .collect()
}

/// The value-based RAW dependences into each read access: per read, the source statement and
/// the map from its instances to the reader's.
struct Raw {
    into: IdVec<AccessId, Vec<(StmtId, Map)>>,
}

impl Raw {
    /// Into the reads `reads` only (every read when `None`).
    fn into_reads(
        scop: &Scop,
        reads: Option<&[AccessId]>,
        config: &DepConfig,
    ) -> Result<Raw, IslError> {
        let raw = Dependences::raw_into(scop, reads, config)?;
        let mut into: IdVec<AccessId, Vec<(StmtId, Map)>> =
            IdVec::filled(scop.accesses.len(), Vec::new());
        for m in raw.maps()? {
            let (source, sink) = (m.domain()?.unwrap_map()?, m.range()?.unwrap_map()?);
            let (Some(w), Some(tag)) = (
                source.tuple_name(DimType::In),
                sink.tuple_name(DimType::Out),
            ) else {
                continue;
            };
            let Some(w) = scop.stmts.keys().find(|&s| scop.stmts[s].name == w) else {
                continue;
            };
            let Some(r) = AccessId::parse_tag(&tag) else {
                continue;
            };
            let flow = UnionMap::from_map(&m)?.factor_domain()?.to_map()?;
            if let Some(list) = into.get_mut(r) {
                match list.iter_mut().find(|(s, _)| *s == w) {
                    Some((_, f)) => *f = f.union(&flow)?,
                    None => list.push((w, flow)),
                }
            }
        }
        Ok(Raw { into })
    }

    /// The flow into read `r`, all sources together (source instance to reader instance).
    fn all_into(&self, scop: &Scop, r: AccessId) -> Result<UnionMap, IslError> {
        let mut u = UnionMap::empty(&scop.ctx)?;
        for (_, f) in &self.into[r] {
            u = u.union(&UnionMap::from_map(f)?)?;
        }
        Ok(u)
    }
}

/// [`run`] without the bail-out.
fn transform(scop: &mut Scop, cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    let config = DepConfig {
        max_operations: cx.max_operations,
    };
    if !(0..scop.arrays.len()).any(|k| is_temporary(scop, ScopArrayId(k as u32))) {
        return Ok(PassReport::unchanged(PASS.name, "no local array"));
    }
    let mut tried: Vec<String> = Vec::new();
    let mut notes = Vec::new();
    let (mut propagated, mut replaced, mut removed) = (0, 0, 0);
    loop {
        let candidates: Vec<ScopArrayId> = (0..scop.arrays.len())
            .map(|k| ScopArrayId(k as u32))
            .filter(|&k| {
                is_temporary(scop, k)
                    && !tried.contains(&scop.array(k).name)
                    && !reads_of(scop, k).is_empty()
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        // §4.4: the temporary whose propagation leaves its readers the fewest arrays, then the
        // fewest RAW dependences, source statements, reads, dimensions; then source order.
        let t = candidates
            .iter()
            .copied()
            .min_by_key(|&t| order_key(scop, t))
            .unwrap_or(candidates[0]);
        // The RAW dependences into its reads only (the writers' loads are asked about when
        // it gets that far).
        let raw = Raw::into_reads(scop, Some(&reads_of(scop, t)), &config)?;
        let name = scop.array(t).name.clone();
        tried.push(name.clone());
        match propagate(scop, cx.function, t, &raw, &config)? {
            Err(why) => notes.push(format!("{name}: not propagated: {why}")),
            Ok((new, said, n)) => {
                *scop = new;
                notes.extend(said);
                propagated += 1;
                replaced += n;
                removed += remove_dead(scop)?;
            }
        }
    }
    removed += remove_dead(scop)?;
    let summary = format!(
        "{propagated} arrays propagated ({replaced} reads replaced), {removed} statements removed"
    );
    scop.diagnostics
        .extend(notes.into_iter().map(|n| format!("{NOTE}{n}")));
    Ok(if propagated > 0 {
        PassReport::changed(PASS.name, summary)
    } else {
        PassReport::unchanged(PASS.name, summary)
    })
}

/// §4.4's order of the temporaries, smallest first, from the program text: the writers of a
/// temporary are the statements that write it (the RAW dependences would tell which of them each
/// read sees; asking isl for every candidate in every round cost more than the rest of the pass),
/// and a read counts one dependence per writer.
fn order_key(scop: &Scop, t: ScopArrayId) -> (usize, usize, usize, usize, usize, u32) {
    let reads = reads_of(scop, t);
    let writers: Vec<StmtId> = (0..scop.stmts.len())
        .map(|k| StmtId(k as u32))
        .filter(|&w| scop.access(scop.stmt(w).write).array == t)
        .collect();
    let mut arrays: Vec<ScopArrayId> = Vec::new();
    let mut note = |a: ScopArrayId| {
        if a != t && !arrays.contains(&a) {
            arrays.push(a);
        }
    };
    for &r in &reads {
        for &a in &scop.stmt(scop.access(r).stmt).accesses {
            note(scop.access(a).array);
        }
    }
    for &w in &writers {
        for a in scop.stmt(w).value.accesses() {
            note(scop.access(a).array);
        }
    }
    (
        arrays.len(),
        reads.len() * writers.len(),
        writers.len(),
        reads.len(),
        scop.array(t).sizes.len(),
        t.0,
    )
}

/// `e`, an expression of the writer, with each of its iterators replaced by its value at the
/// defining instance of reader `y`'s instance (`def`, reader to writer): an affine function of
/// `y`'s iterators and the parameters, computed in 64 bits and converted to the iterator's type.
fn iterators_at(
    scop: &Scop,
    f: &Function,
    y: StmtId,
    def: &Map,
    e: &BodyExpr,
) -> Result<Result<BodyExpr, String>, PassError> {
    let pma = PwMultiAff::from_map(def)?;
    let dom = def.domain()?;
    let mut values: Vec<Option<BodyExpr>> = vec![None; pma.len()?];
    for (k, slot) in values.iter_mut().enumerate() {
        let Some(aff) = pma.get(k)?.gist(&dom)?.to_aff()? else {
            return Ok(Err(format!(
                "its iterator {k} is not one affine function of the reader's"
            )));
        };
        match affine_expr(scop, f, y, &aff)? {
            Some(v) => *slot = Some(v),
            None => {
                return Ok(Err(format!(
                    "its iterator {k} is {aff}, which has no integer form in the reader"
                )));
            }
        }
    }
    let rewritten = e.map_leaves(&mut |leaf, ty| match *leaf {
        BodyLeaf::Iter(k) => match values.get(k).cloned().flatten() {
            Some(v) if ty == Type::I64 => Ok(v),
            Some(v) => BodyExpr::new(ExprKind::Cast(Box::new(v)), ty),
            None => BodyExpr::leaf(*leaf, ty),
        },
        other => BodyExpr::leaf(other, ty),
    });
    Ok(match rewritten {
        Ok(v) => Ok(v),
        Err(e) => Err(e.0),
    })
}

/// `aff` (over reader `y`'s instances and the parameters) as a 64-bit expression of `y`'s
/// iterators and the scalar parameters, or `None` when it has a denominator, an integer
/// division, or a parameter that is not a scalar of the function.
fn affine_expr(
    scop: &Scop,
    f: &Function,
    y: StmtId,
    aff: &Aff,
) -> Result<Option<BodyExpr>, PassError> {
    let one = |v: &optimist_presburger::Val| -> Result<Option<i64>, IslError> {
        Ok(if v.is_int()? { Some(v.to_i64()?) } else { None })
    };
    if !aff.denominator()?.to_i64().is_ok_and(|d| d == 1) {
        return Ok(None);
    }
    let int = |v: i64| BodyExpr::new(ExprKind::Int(v as i128), Type::I64);
    let wide = |leaf: BodyLeaf, ty: Type| -> Result<BodyExpr, optimist_scop::ir::IrError> {
        let l = BodyExpr::leaf(leaf, ty)?;
        if ty == Type::I64 {
            Ok(l)
        } else {
            BodyExpr::new(ExprKind::Cast(Box::new(l)), Type::I64)
        }
    };
    let Some(c0) = one(&aff.constant()?)? else {
        return Ok(None);
    };
    let mut text_terms = Vec::new();
    let mut sum: Option<BodyExpr> = None;
    let st = scop.stmt(y);
    let space = aff.space()?;
    let mut terms: Vec<(BodyLeaf, Type, i64)> = Vec::new();
    for m in 0..aff.dim(DimType::In)? {
        let Some(c) = one(&aff.coefficient(DimType::In, m)?)? else {
            return Ok(None);
        };
        if c != 0 {
            let Some(&v) = st.iterators.get(m) else {
                return Ok(None);
            };
            terms.push((BodyLeaf::Iter(m), f.var(v).ty, c));
            text_terms.push(format!("{c}*i{m}"));
        }
    }
    for p in 0..aff.dim(DimType::Param)? {
        let Some(c) = one(&aff.coefficient(DimType::Param, p)?)? else {
            return Ok(None);
        };
        if c == 0 {
            continue;
        }
        let name = space.dim_name(DimType::Param, p)?.unwrap_or_default();
        let Some(param) = scop.params.iter().find(|q| q.name == name) else {
            return Ok(None);
        };
        let ParamOrigin::Scalar(v) = param.origin else {
            return Ok(None);
        };
        terms.push((BodyLeaf::Param(v), param.ty, c));
        text_terms.push(format!("{c}*{name}"));
    }
    // The terms must be all of `aff` (no integer division hides in it).
    let names: Vec<String> = (0..aff.dim(DimType::In)?)
        .map(|m| format!("i{m}"))
        .collect();
    let params: Vec<String> = (0..aff.dim(DimType::Param)?)
        .map(|p| {
            space
                .dim_name(DimType::Param, p)
                .ok()
                .flatten()
                .unwrap_or_default()
        })
        .collect();
    text_terms.push(c0.to_string());
    let tuple = space.tuple_name(DimType::In)?.unwrap_or_default();
    let rebuilt = Aff::parse(
        &scop.ctx,
        &format!(
            "[{}] -> {{ {tuple}[{}] -> [({})] }}",
            params.join(", "),
            names.join(", "),
            text_terms.join(" + ")
        ),
    )?;
    if !rebuilt.to_map()?.is_equal(&aff.to_map()?)? {
        return Ok(None);
    }
    for (leaf, ty, c) in terms {
        let value = wide(leaf, ty).map_err(|e| PassError::Bail(e.0))?;
        let term = if c == 1 {
            value
        } else {
            BodyExpr::new(
                ExprKind::Binary(
                    BinOp::Mul,
                    Box::new(int(c).map_err(|e| PassError::Bail(e.0))?),
                    Box::new(value),
                ),
                Type::I64,
            )
            .map_err(|e| PassError::Bail(e.0))?
        };
        sum = Some(match sum {
            None => term,
            Some(s) => BodyExpr::new(
                ExprKind::Binary(BinOp::Add, Box::new(s), Box::new(term)),
                Type::I64,
            )
            .map_err(|e| PassError::Bail(e.0))?,
        });
    }
    let bin = |op, a, b| {
        BodyExpr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), Type::I64)
            .map_err(|e| PassError::Bail(e.0))
    };
    let c = |v: i64| int(v).map_err(|e| PassError::Bail(e.0));
    Ok(Some(match sum {
        None => c(c0)?,
        Some(s) if c0 == 0 => s,
        Some(s) if c0 < 0 => bin(BinOp::Sub, s, c(-c0)?)?,
        Some(s) => bin(BinOp::Add, s, c(c0)?)?,
    }))
}

/// The number of nodes of `e`.
fn nodes(e: &BodyExpr) -> usize {
    1 + e.children().iter().map(|c| nodes(c)).sum::<usize>()
}

/// One propagated read: the reader, the writer, the defining instance (reader instance to
/// writer instance) and the writer's loads with the reader's copies of them.
struct Done {
    read: AccessId,
    reader: StmtId,
    writer: StmtId,
    def: Map,
    loads: Vec<(AccessId, AccessId)>,
}

/// The most pieces a reader may be split into (§4.3: splits multiply statements and loops).
pub const MAX_PIECES: usize = 8;

/// §3, Figure 5: splits each reader of `t` whose instances see values of several statements
/// (through one read or several) into pieces that each see one writer per read. Returns the
/// split model and what was split, `None` when no reader needs it, or why it cannot be done.
#[allow(clippy::type_complexity)]
fn split_readers(
    scop: &Scop,
    t: ScopArrayId,
    raw: &Raw,
) -> Result<Result<Option<(Scop, Vec<String>)>, String>, PassError> {
    let mut readers: Vec<StmtId> = Vec::new();
    for r in reads_of(scop, t) {
        let y = scop.access(r).stmt;
        if raw.into[r].len() > 1 && !readers.contains(&y) {
            readers.push(y);
        }
    }
    if readers.is_empty() {
        return Ok(Ok(None));
    }
    let mut new = scop.clone();
    let mut said = Vec::new();
    let name = &scop.array(t).name;
    for y in readers {
        let st = scop.stmt(y);
        let mut pieces = vec![st.domain.clone()];
        for r in reads_of(scop, t)
            .into_iter()
            .filter(|&r| scop.access(r).stmt == y)
        {
            let sources = &raw.into[r];
            let mut refined = Vec::new();
            for p in &pieces {
                let mut rest = p.clone();
                for (_, flow) in sources {
                    let part = p.intersect(&flow.range()?)?.coalesce()?;
                    rest = rest.subtract(&part)?;
                    if !part.is_empty()? {
                        refined.push(part);
                    }
                }
                if !rest.is_empty()? {
                    return Ok(Err(format!(
                        "{} reads elements no statement wrote at {}",
                        st.name,
                        rest.coalesce()?
                    )));
                }
            }
            pieces = refined;
        }
        if pieces.len() > MAX_PIECES {
            return Ok(Err(format!(
                "{} would be split into {} pieces (at most {MAX_PIECES})",
                st.name,
                pieces.len()
            )));
        }
        for p in &pieces {
            if let Some(d) = fixed_between_loops(p)? {
                return Ok(Err(format!(
                    "{} would be split off for one value of its dimension {d} between two loops: {p} (§4.3)",
                    st.name
                )));
            }
        }
        let Some(now) = new.stmts.iter().position(|s| s.name == st.name) else {
            continue;
        };
        let added = new.split_statement(StmtId(now as u32), &pieces)?;
        let names: Vec<String> = added
            .iter()
            .map(|&k| format!("{} {}", new.stmt(k).name, new.stmt(k).domain))
            .collect();
        said.push(format!(
            "{name}: split {} so that each piece reads one writer: {}",
            st.name,
            names.join("; ")
        ));
    }
    Ok(Ok(Some((new, said))))
}

/// The first dimension of `piece` that is fixed to one value while a dimension before it and
/// one after it are not (§4.3: a loop, then a single iteration, then a loop again).
fn fixed_between_loops(piece: &Set) -> Result<Option<usize>, IslError> {
    let n = piece.dim(DimType::SET)?;
    let mut fixed = Vec::with_capacity(n);
    for d in 0..n {
        let only = piece
            .project_out(DimType::SET, d + 1, n - d - 1)?
            .project_out(DimType::SET, 0, d)?;
        fixed.push(only.lexmin()?.is_equal(&only)?);
    }
    Ok((0..n)
        .find(|&d| fixed[d] && fixed[..d].iter().any(|f| !f) && fixed[d + 1..].iter().any(|f| !f)))
}

/// Propagates every read of temporary `t` into its reader, splitting readers first where
/// needed, or says why not. Returns the new model (the writes of `t` still in it), the
/// decisions, and the number of reads replaced.
#[allow(clippy::type_complexity)]
fn propagate(
    scop: &Scop,
    f: &Function,
    t: ScopArrayId,
    raw: &Raw,
    config: &DepConfig,
) -> Result<Result<(Scop, Vec<String>, usize), String>, PassError> {
    match split_readers(scop, t, raw)? {
        Err(why) => Ok(Err(why)),
        Ok(None) => propagate_reads(scop, f, t, raw, config),
        Ok(Some((split, said))) => {
            let raw = Raw::into_reads(&split, Some(&reads_of(&split, t)), config)?;
            Ok(
                propagate_reads(&split, f, t, &raw, config)?.map(|(m, mut notes, n)| {
                    let mut all = said;
                    all.append(&mut notes);
                    (m, all, n)
                }),
            )
        }
    }
}

/// [`propagate`] once every read sees one writer.
#[allow(clippy::type_complexity)]
fn propagate_reads(
    scop: &Scop,
    f: &Function,
    t: ScopArrayId,
    raw: &Raw,
    config: &DepConfig,
) -> Result<Result<(Scop, Vec<String>, usize), String>, PassError> {
    let mut new = scop.clone();
    let mut done: Vec<Done> = Vec::new();
    for r in reads_of(scop, t) {
        match propagate_read(scop, f, t, raw, &mut new, r)? {
            Ok(d) => done.push(d),
            Err(why) => return Ok(Err(why)),
        }
    }
    if let Err(why) = within_limits(&new, &done)? {
        return Ok(Err(why));
    }
    if let Err(why) = reload_test(scop, &new, &done, config)? {
        return Ok(Err(why));
    }
    let mut said = Vec::new();
    let name = &scop.array(t).name;
    for d in &done {
        said.push(format!(
            "{name}: propagated {}'s expression into {} for {} ({} loads re-issued)",
            scop.stmt(d.writer).name,
            scop.stmt(d.reader).name,
            d.read,
            d.loads.len()
        ));
    }
    said.extend(recurrences(scop, t, &done)?);
    // Drop the replaced reads (the renumbering removes unlisted accesses).
    new.remove_statements(&|_, _| false)?;
    Ok(Ok((new, said, done.len())))
}

/// Propagates the expression of the one writer of what read `r` (of temporary `t`) reads into
/// its reader, in `new`: what was done, or why not (Algorithm 1).
fn propagate_read(
    scop: &Scop,
    f: &Function,
    t: ScopArrayId,
    raw: &Raw,
    new: &mut Scop,
    r: AccessId,
) -> Result<Result<Done, String>, PassError> {
    let acc = scop.access(r);
    let y = acc.stmt;
    let yname = scop.stmt(y).name.clone();
    if !acc.exact {
        return Ok(Err(format!(
            "{yname} reads it with a subscript that is not affine"
        )));
    }
    let sources = &raw.into[r];
    let [(w, flow)] = sources.as_slice() else {
        if sources.is_empty() {
            return Ok(Err(format!("{yname} reads elements no statement wrote")));
        }
        let names: Vec<&str> = sources
            .iter()
            .map(|(w, _)| scop.stmt(*w).name.as_str())
            .collect();
        return Ok(Err(format!(
            "{yname} reads values of {} statements ({}): that needs a statement split (§3, not done yet)",
            names.len(),
            names.join(", ")
        )));
    };
    let (w, ws) = (*w, scop.stmt(*w));
    let ydom = &scop.stmt(y).domain;
    if !flow.range()?.is_equal(ydom)? {
        return Ok(Err(format!(
            "only part of {yname} reads what {} wrote ({}): that needs a statement split (§3, not done yet)",
            ws.name,
            flow.range()?.coalesce()?
        )));
    }
    let def = flow.reverse()?;
    if !def.is_single_valued()? {
        return Ok(Err(format!(
            "{yname} may read several instances of {}",
            ws.name
        )));
    }
    let wacc = scop.access(ws.write);
    if ws.guard.is_some() || wacc.kind != AccessKind::MustWrite || !wacc.exact {
        return Ok(Err(format!("{} writes it under a condition", ws.name)));
    }
    // Algorithm 1, the `iv` case: W's iterators as affine functions of Y's.
    let value = if ws.value.uses_iterators() {
        match iterators_at(scop, f, y, &def, &ws.value)? {
            Ok(v) => v,
            Err(why) => return Ok(Err(format!("{}'s expression: {why}", ws.name))),
        }
    } else {
        ws.value.clone()
    };
    let loads = ws.value.accesses();
    if let Some(&q) = loads.iter().find(|&&q| !scop.access(q).exact) {
        return Ok(Err(format!(
            "{}'s read {q} has a subscript that is not affine",
            ws.name
        )));
    }
    if loads.iter().any(|&q| scop.access(q).array == t) {
        return Ok(Err(format!(
            "{}'s expression reads the array itself (a recurrence)",
            ws.name
        )));
    }
    // The copy of W's tree in Y, its loads re-issued from Y through the defining instance.
    let mut renamed = Vec::new();
    for &q in &loads {
        let mut copy = scop.access(q).clone();
        copy.stmt = y;
        copy.relation = def.apply_range(&copy.relation)?.coalesce()?;
        let id = new.accesses.push(copy);
        new.stmts[y].accesses.push(id);
        renamed.push((q, id));
    }
    let tree =
        value.with_accesses(&|a| renamed.iter().find(|(o, _)| *o == a).map_or(a, |(_, n)| *n));
    let substitute = |e: &BodyExpr| {
        e.map_leaves(&mut |leaf, ty| match *leaf {
            BodyLeaf::Access(a) if a == r => Ok(tree.clone()),
            other => BodyExpr::leaf(other, ty),
        })
    };
    let st = &mut new.stmts[y];
    st.value = match substitute(&st.value) {
        Ok(v) => v,
        Err(e) => return Ok(Err(format!("{yname}: {}", e.0))),
    };
    if let Some(g) = &st.guard {
        st.guard = match substitute(g) {
            Ok(v) => Some(v),
            Err(e) => return Ok(Err(format!("{yname}: {}", e.0))),
        };
    }
    st.accesses.retain(|&a| a != r);
    Ok(Ok(Done {
        read: r,
        reader: y,
        writer: w,
        def,
        loads: renamed,
    }))
}

/// §4.2 and the size limit on every reader of `done`, before the reload test (which asks isl).
fn within_limits(new: &Scop, done: &[Done]) -> Result<Result<(), String>, PassError> {
    let mut readers: Vec<StmtId> = done.iter().map(|d| d.reader).collect();
    readers.dedup();
    for &y in &readers {
        let st = new.stmt(y);
        let n = nodes(&st.value);
        if n > MAX_NODES {
            return Ok(Err(format!(
                "{}'s expression would have {n} nodes (at most {MAX_NODES})",
                st.name
            )));
        }
        let lines = cache_lines(new, y)?;
        if lines > MAX_CACHE_LINES {
            return Ok(Err(format!(
                "{} would need {lines} cache lines per instance (at most {MAX_CACHE_LINES})",
                st.name
            )));
        }
    }
    Ok(Ok(()))
}

/// §3.2, the reload test: each load `done` re-issued sees what the writer's load saw.
fn reload_test(
    scop: &Scop,
    new: &Scop,
    done: &[Done],
    config: &DepConfig,
) -> Result<Result<(), String>, PassError> {
    let copies: Vec<AccessId> = done
        .iter()
        .flat_map(|d| d.loads.iter().map(|&(_, c)| c))
        .collect();
    let new_raw = Raw::into_reads(new, Some(&copies), config)?;
    let loads: Vec<AccessId> = done
        .iter()
        .flat_map(|d| d.loads.iter().map(|&(q, _)| q))
        .collect();
    let old_raw = Raw::into_reads(scop, Some(&loads), config)?;
    for d in done {
        for &(q, copy) in &d.loads {
            let expected = old_raw
                .all_into(scop, q)?
                .apply_range(&UnionMap::from_map(&d.def.reverse()?)?)?;
            let actual = new_raw.all_into(new, copy)?;
            if !actual.is_equal(&expected)? {
                let arr = &scop.array(scop.access(q).array).name;
                let changed = expected
                    .subtract(&actual)?
                    .union(&actual.subtract(&expected)?)?;
                return Ok(Err(format!(
                    "reload test: {} would read another value of {arr} than {} did: {}",
                    scop.stmt(d.reader).name,
                    scop.stmt(d.writer).name,
                    changed.coalesce()?
                )));
            }
        }
    }
    Ok(Ok(()))
}

/// §4.2: the cache lines statement `y` needs per instance: its accesses in order, each a miss
/// unless an earlier one of the same array lies within half a line of it (same subscripts but
/// the last, which differs by a constant).
fn cache_lines(scop: &Scop, y: StmtId) -> Result<usize, IslError> {
    let st = scop.stmt(y);
    let mut cached: Vec<AccessId> = Vec::new();
    let mut misses = 0;
    for &a in &st.accesses {
        let acc = scop.access(a);
        let elem = scop.array(acc.array).elem.size().max(1) as i64;
        let half = CACHE_LINE_BYTES / elem / 2;
        let mut hit = false;
        for &c in &cached {
            let other = scop.access(c);
            if other.array != acc.array || !other.exact || !acc.exact {
                continue;
            }
            if let Some(d) = constant_delta(&other.relation, &acc.relation)?
                && d.iter().rev().skip(1).all(|&v| v == 0)
                && d.last().is_none_or(|v| v.abs() <= half)
            {
                hit = true;
                break;
            }
        }
        if !hit {
            misses += 1;
            cached.push(a);
        }
    }
    Ok(misses)
}

/// The constant difference `b - a` of two access relations of one statement, when there is one.
fn constant_delta(a: &Map, b: &Map) -> Result<Option<Vec<i64>>, IslError> {
    let deltas = a.reverse()?.apply_range(b)?.deltas()?;
    let Some(p) = deltas.sample_point()? else {
        return Ok(None);
    };
    let v: Vec<i64> = p.coordinates(DimType::SET)?;
    let text: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    let tuple = deltas.tuple_name().unwrap_or_default();
    let single =
        optimist_presburger::Set::parse(a.ctx(), &format!("{{ {tuple}[{}] }}", text.join(", ")))?;
    if !deltas.is_subset(&single)? {
        return Ok(None);
    }
    Ok(Some(v))
}

/// §5.4: readers that evaluate one writer's expression at consecutive elements of the array
/// (along its last dimension): a recurrence code generation could carry in registers.
fn recurrences(scop: &Scop, t: ScopArrayId, done: &[Done]) -> Result<Vec<String>, IslError> {
    let mut out = Vec::new();
    let name = &scop.array(t).name;
    let mut seen: Vec<(StmtId, StmtId)> = Vec::new();
    for d in done {
        if seen.contains(&(d.reader, d.writer)) {
            continue;
        }
        seen.push((d.reader, d.writer));
        let group: Vec<&Done> = done
            .iter()
            .filter(|e| e.reader == d.reader && e.writer == d.writer)
            .collect();
        let mut offsets = Vec::new();
        for e in &group {
            let rel = &scop.access(e.read).relation;
            match constant_delta(&scop.access(d.read).relation, rel)? {
                Some(v) if v.iter().rev().skip(1).all(|&x| x == 0) => {
                    offsets.push(v.last().copied().unwrap_or(0))
                }
                _ => {}
            }
        }
        offsets.sort_unstable();
        offsets.dedup();
        // Consecutive instances of the innermost loop must move by one element, so that one
        // instance's values are the next one's.
        if offsets.len() >= 2 && unit_step(scop, d.read)? {
            out.push(format!(
                "{name}: recurrence: {} evaluates {}'s expression at {} consecutive elements of {name} (offsets {offsets:?}); code generation recomputes each",
                scop.stmt(d.reader).name,
                scop.stmt(d.writer).name,
                offsets.len()
            ));
        }
    }
    Ok(out)
}

/// Whether the element read by access `r` moves by one along the array's last dimension (and
/// not along the others) from one instance of its innermost loop to the next.
fn unit_step(scop: &Scop, r: AccessId) -> Result<bool, IslError> {
    let acc = scop.access(r);
    let st = scop.stmt(acc.stmt);
    let n = st.iterators.len();
    if n == 0 {
        return Ok(false);
    }
    let from: Vec<String> = (0..n).map(|k| format!("i{k}")).collect();
    let mut to = from.clone();
    to[n - 1] = format!("i{} + 1", n - 1);
    let shift = Map::parse(
        &scop.ctx,
        &format!(
            "{{ {0}[{1}] -> {0}[{2}] }}",
            st.name,
            from.join(", "),
            to.join(", ")
        ),
    )?;
    Ok(
        match constant_delta(&acc.relation, &shift.apply_range(&acc.relation)?)? {
            Some(v) => {
                v.last().is_some_and(|l| l.abs() == 1) && v.iter().rev().skip(1).all(|&x| x == 0)
            }
            None => false,
        },
    )
}

/// Removes the statements whose write nobody needs any more: a write to a local array or
/// scalar that no statement reads.
fn remove_dead(scop: &mut Scop) -> Result<usize, PassError> {
    let mut dead: IdVec<StmtId, bool> = IdVec::filled(scop.stmts.len(), false);
    for (k, st) in scop.stmts.iter_enumerated() {
        let w = scop.access(st.write);
        if !scop.array(w.array).live_out
            && !scop
                .accesses
                .iter()
                .any(|a| a.array == w.array && a.is_read())
        {
            dead[k] = true;
        }
    }
    Ok(scop.remove_statements(&|s, _| dead[s])?)
}

/// What the pass did to the temporaries of a model, `before` it and `after` it (what `optimist
/// show propagate` prints): each propagation and each refusal with its reason, the recurrences
/// found, then the statements after the pass.
pub fn report(before: &Scop, after: &Scop) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for d in after
        .diagnostics
        .iter()
        .filter_map(|d| d.strip_prefix(NOTE))
    {
        let _ = writeln!(out, "{d}");
    }
    if out.is_empty() {
        out.push_str("no local array\n");
    }
    let _ = writeln!(
        out,
        "statements: {} before, {} after",
        before.stmts.len(),
        after.stmts.len()
    );
    out
}
