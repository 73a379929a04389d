//! The SCoP model: the polyhedral view of a [`Function`] every transformation works on.
//!
//! [`Scop::build`] turns the program IR into statements (one per assignment) with iteration
//! domains, a schedule tree for the original order, and access relations into named array
//! spaces. Statement bodies are expression trees whose leaves are access ids, parameters,
//! iterators and constants ([`BodyExpr`]), so passes can change an access relation or add
//! statements without touching the program IR.
//!
//! What is not affine is recorded, not hidden: reads in bounds, conditions or subscripts that do
//! not depend on the surrounding loops become parameters (assumed-invariant loads, with the
//! access that produces them); polynomial subscripts of flat pointers are kept as
//! [`Polynomial`]s, marked for delinearization, with a may-access to the whole array standing in
//! for them; other data-dependent subscripts become may-accesses to the whole array; statements
//! under data-dependent conditions carry a guard and may-writes. A function that cannot be
//! modeled at all gives [`BuildError`] with the reason and the source position.
//!
//! The raw facts the assumption framework needs are gathered on the way ([`Facts`]): every
//! integer expression with its C type and whether it may wrap, the loop exits, the declared array
//! shapes and the base pointers.
//!
//! # Design notes
//!
//! - **SCoP model** (`model/`). `Scop::build(&Function, &Config)` gives statements (one per
//!   assignment, named by label or `S<n>`, each owning its identity: name, own label, the `Tag`s
//!   of the labeled constructs around it with their loop levels, source position) with iteration domains `[params] -> { S[iterators] }`
//!   (the program's iterator names), a schedule tree of the original order (bands for loops,
//!   negated for negative steps; sequences for siblings), accesses (`Read`, `MustWrite`, `MayWrite`)
//!   into named array spaces, and bodies as `BodyExpr` trees (the shared `Expr` with `BodyLeaf`s) over access ids, parameters, iterators
//!   and constants. Affine expressions are built with isl's own operations (C's `/` and `%` are
//!   `tdiv_q`/`tdiv_r`). Non-affine parts are recorded, not hidden: reads in bounds, conditions or
//!   subscripts that do not depend on the loops become parameters (`InvariantLoad`, with its
//!   relation and the parameter values where it executes; the array may be written elsewhere in
//!   the region, which the RT assumption checks); polynomial subscripts of flat pointers
//!   keep their `Polynomial`s (marked for delinearization) behind a whole-array may-access (an
//!   affine 1-d pointer subscript keeps its polynomial too, next to its exact relation);
//!   other non-affine subscripts become whole-array may-accesses; data-dependent conditions become
//!   guards with may-writes (evaluated per instance; a condition whose data the statements under
//!   it write is not modeled unless one instance runs per evaluation: C evaluates it once). A statement that runs for no parameter value (under `if (0 > 0)`)
//!   is left out of the model, with a diagnostic: every later stage would otherwise meet relations
//!   with nothing in them, which isl cannot turn into maps. An invariant load read in several
//!   places is one parameter, loaded wherever any of its reads executes. What cannot be modeled is a `BuildError` with position and reason
//!   (non-affine loop bounds, a loop counter assigned in its body, a counter read outside its loop).
//!   Raw facts for the assumptions: every part of an integer expression that may wrap (unsigned
//!   arithmetic, narrowing or signed-to-unsigned conversions) with its own type, value in ℤ and the
//!   instances that evaluate it (loop starts on the instances around the loop, bounds at every
//!   test: Figure 10's textual domains), every loop exit with its iterator's type, the base
//!   pointers; array shapes carry the declared sizes. `Scop::assumptions` holds `Assumption`s
//!   (kind RT/EE/BL/IB/AA/DL, what, valid parameter set, place): passes such as delinearization
//!   record theirs there, `optimist_assume::collect` adds the others. `Scop::verify`
//!   checks the invariants (tuple names, access spaces and ranks, the schedule covering each
//!   instance once; a typed `VerifyError`) and runs after every build in debug builds, and after
//!   every pass when the driver's `Config::verify` is on (debug builds and tests). `Scop::dump` is `optimist show scop`.

mod build;
pub(crate) use build::guard_changes;
mod deps;
mod dump;
mod edit;

pub use deps::{DepConfig, DepKind, Dependences};

use crate::ir::{ArrayId, BinOp, Function, SrcLoc, UnOp, VarId};
use crate::types::Type;
use optimist_presburger::{Ctx, Map, Polynomial, PwAff, Schedule, Set, UnionMap, UnionSet};
use std::fmt;

/// A statement of the model. Indexes [`Scop::stmts`]; prints as `S3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StmtId(pub u32);

/// An access of the model. Indexes [`Scop::accesses`]; prints as `a7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccessId(pub u32);

/// An array of the model (scalars are zero-dimensional arrays). Indexes [`Scop::arrays`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ScopArrayId(pub u32);

crate::impl_id!(StmtId, AccessId, ScopArrayId);

impl fmt::Display for StmtId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S{}", self.0)
    }
}

impl AccessId {
    /// The access an isl tuple name written by [`AccessId`]'s `Display` names (`a7`): how
    /// tagged dependences (`[S[i] -> a7[]]`) name their access.
    pub fn parse_tag(name: &str) -> Option<AccessId> {
        let n: u32 = name.strip_prefix('a')?.parse().ok()?;
        Some(AccessId(n))
    }
}

impl fmt::Display for AccessId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a{}", self.0)
    }
}

/// Options of [`Scop::build`].
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// isl operations allowed for building the model (see `Ctx::with_budget`).
    pub max_operations: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_operations: 20_000_000,
        }
    }
}

/// Why a function could not be modeled: the reason and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct BuildError {
    /// What cannot be modeled.
    pub message: String,
    /// The statement or expression responsible, when the function came from source.
    pub loc: Option<SrcLoc>,
}

impl From<crate::ir::IrError> for BuildError {
    /// An expression the model would build is too deep (the IR's bound).
    fn from(e: crate::ir::IrError) -> Self {
        BuildError {
            message: e.0,
            loc: None,
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.loc {
            Some(l) => write!(f, "{l}: cannot model: {}", self.message),
            None => write!(f, "cannot model: {}", self.message),
        }
    }
}

/// Where a parameter of the model comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamOrigin {
    /// An integer scalar parameter of the function, never written inside it.
    Scalar(VarId),
    /// An assumed-invariant load ([`Scop::invariant_loads`]).
    Load(usize),
}

/// A parameter: a symbolic constant of every set and map of the model.
#[derive(Clone, Debug, PartialEq)]
pub struct ScopParam {
    /// Its name in isl notation.
    pub name: String,
    /// Its C type.
    pub ty: Type,
    /// Where its value comes from.
    pub origin: ParamOrigin,
}

/// The size of one dimension of an array.
#[derive(Clone, Debug, PartialEq)]
pub enum Size {
    /// A constant.
    Const(u64),
    /// A function of the parameters (a C99 variable-length size).
    Param(PwAff),
    /// Not declared (the outermost dimension of a pointer or of `A[][m]`).
    Unknown,
}

/// Where an array of the model comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrayOrigin {
    /// An array or pointer of the program.
    Array(ArrayId),
    /// A scalar variable held in memory (a local, or a parameter the function writes).
    Scalar(VarId),
}

/// An array of the model.
#[derive(Clone, Debug, PartialEq)]
pub struct ScopArray {
    /// Its name, the tuple name of its space.
    pub name: String,
    /// The element type.
    pub elem: Type,
    /// The size of each dimension (empty for a scalar).
    pub sizes: Vec<Size>,
    /// Whether its final content is observable after the function (parameters).
    pub live_out: bool,
    /// Whether the program reaches it through a flat pointer (subscripts may be polynomial).
    pub pointer: bool,
    /// Whether it is a `restrict` parameter.
    pub restrict: bool,
    /// What it is in the program.
    pub origin: ArrayOrigin,
    /// Set by delinearization for a flat pointer given a multi-dimensional shape: the sizes of
    /// the dimensions after the outermost one, as polynomials over the parameters. The program's
    /// memory stays flat: code generation linearizes the model's subscripts with them.
    pub delinearized: Option<Vec<Polynomial>>,
}

/// Read or write, and how certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    /// A read.
    Read,
    /// A write that happens in every instance, to exactly the element of the relation.
    MustWrite,
    /// A write that may happen, or may touch any element of the relation.
    MayWrite,
}

impl AccessKind {
    /// Whether it writes.
    pub fn is_write(self) -> bool {
        self != AccessKind::Read
    }
}

impl fmt::Display for AccessKind {
    /// `read`, `must-write` or `may-write`, as the dump prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AccessKind::Read => "read",
            AccessKind::MustWrite => "must-write",
            AccessKind::MayWrite => "may-write",
        })
    }
}

/// One access of one statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Access {
    /// The statement that makes it.
    pub stmt: StmtId,
    /// Read, must-write or may-write.
    pub kind: AccessKind,
    /// The array.
    pub array: ScopArrayId,
    /// Statement instances to the elements they touch (`{ S[i, j] -> A[i, j + 1] }`); for a
    /// non-affine subscript, every element the access may touch.
    pub relation: Map,
    /// Whether `relation` is exact (affine subscripts) rather than an over-approximation.
    pub exact: bool,
    /// The subscripts of a flat pointer as polynomials over the loop dimensions and parameters,
    /// for delinearization: when they are not affine (then `exact` is false and the relation
    /// covers the whole array), and for an affine subscript of a flat pointer too (then the
    /// relation is exact and one-dimensional).
    pub polynomial: Option<Vec<Polynomial>>,
    /// The subscripts as body expressions, when the relation is not exact: code generation
    /// evaluates them (their reads are accesses of the statement too).
    pub subscripts: Option<Vec<BodyExpr>>,
}

/// An expression of a statement body: the shared expression language ([`crate::expr`]) with
/// parameters, iterators and accesses as leaves.
pub type BodyExpr = crate::expr::Expr<BodyLeaf>;

/// The forms of [`BodyExpr`].
pub type BodyKind = crate::expr::ExprKind<BodyLeaf>;

/// The leaves of statement bodies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyLeaf {
    /// The value of a read-only scalar parameter of the function.
    Param(VarId),
    /// The value of the statement's iterator at this position (0 = outermost).
    Iter(usize),
    /// The value read by this access.
    Access(AccessId),
}

impl crate::expr::Leaf for BodyLeaf {}

impl BodyExpr {
    /// The accesses whose values the expression uses, in order (repeated if used twice).
    pub fn accesses(&self) -> Vec<AccessId> {
        let mut out = Vec::new();
        let _ = self.map_leaves(&mut |leaf, ty| {
            if let BodyLeaf::Access(a) = *leaf {
                out.push(a);
            }
            BodyExpr::leaf(*leaf, ty)
        });
        out
    }

    /// Whether the expression uses a loop iterator (its value then depends on the instance, not
    /// only on what it reads).
    pub fn uses_iterators(&self) -> bool {
        let mut found = false;
        let _ = self.map_leaves(&mut |leaf, ty| {
            found |= matches!(leaf, BodyLeaf::Iter(_));
            BodyExpr::leaf(*leaf, ty)
        });
        found
    }

    /// The same expression with every access `a` replaced by `rename(a)` (a pass that moves or
    /// renumbers accesses).
    pub fn with_accesses(&self, rename: &dyn Fn(AccessId) -> AccessId) -> BodyExpr {
        self.map_leaves(&mut |leaf, ty| {
            let leaf = match *leaf {
                BodyLeaf::Access(a) => BodyLeaf::Access(rename(a)),
                other => other,
            };
            BodyExpr::leaf(leaf, ty)
        })
        .unwrap_or_else(|_: crate::ir::IrError| self.clone())
    }
}

/// A C label on a construct around a statement (a loop tag, as Loopy scripts name loops).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The label.
    pub name: String,
    /// The number of loops around the labeled construct (a label on a loop counts the loops
    /// outside it, not the loop itself).
    pub level: usize,
}

/// A statement: one assignment of the program, executed for every point of its domain. It owns
/// its identity (name, label, tags, source position), so a pass may split, add or delete
/// statements and every later stage, Loopy included, reads only the model.
#[derive(Clone, Debug, PartialEq)]
pub struct ScopStmt {
    /// Its name: the C label, or `S<n>` in source order.
    pub name: String,
    /// The C label on the assignment itself.
    pub label: Option<String>,
    /// The labels of the constructs around it (loops, blocks, branches, and its own label),
    /// outermost first: the components of Loopy scripts. A statement a pass adds takes the tags
    /// of the statement it comes from.
    pub tags: Vec<Tag>,
    /// Its iteration domain, in the space `[params] -> { name[iterators] }`.
    pub domain: Set,
    /// The write it performs.
    pub write: AccessId,
    /// The value it stores.
    pub value: BodyExpr,
    /// A data-dependent condition that must hold for the write to happen (its reads are accesses
    /// of the statement; the write is then a may-write).
    pub guard: Option<BodyExpr>,
    /// Its accesses: the write first, then the reads in evaluation order.
    pub accesses: Vec<AccessId>,
    /// The loop iterators of the program around it, outermost first.
    pub iterators: Vec<VarId>,
    /// Where it is in the source.
    pub loc: Option<SrcLoc>,
}

/// A read that the model treats as a parameter: it is assumed not to change during the region
/// (the RT assumption checks it).
#[derive(Clone, Debug, PartialEq)]
pub struct InvariantLoad {
    /// The parameter it became.
    pub param: String,
    /// The array read.
    pub array: ScopArrayId,
    /// The element read, as a function of the other parameters: `[n] -> { [] -> lim[0] }`.
    pub relation: Map,
    /// The subscripts as expressions of the parameters, for the code that loads it.
    pub subscripts: Vec<BodyExpr>,
    /// The parameter values for which the code that reads it executes.
    pub executed: Set,
    /// Where it is read.
    pub loc: Option<SrcLoc>,
}

/// An integer expression the program computes in a C type.
#[derive(Clone, Debug, PartialEq)]
pub struct IntExpr {
    /// The expression as written (with the IR's explicit conversions).
    pub text: String,
    /// Its C type.
    pub ty: Type,
    /// Whether computing it in its type can differ from computing it in ℤ: unsigned
    /// arithmetic, or a conversion to a narrower or unsigned type inside it.
    pub may_wrap: bool,
    /// Its value in ℤ on the instances that evaluate it (`[params] -> { S[i] -> [(...)] }`).
    pub value: PwAff,
    /// The instances that evaluate it.
    pub domain: Set,
    /// Where it is.
    pub loc: Option<SrcLoc>,
}

/// The exit test of a loop, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopExit {
    /// The iterator.
    pub iterator: String,
    /// The comparison (`!=` and `==` exits need the BL assumption).
    pub op: BinOp,
    /// The step.
    pub step: i64,
    /// The iterator's C type (an increment that leaves it wraps unless it is a signed type of
    /// at least `int`'s width, where leaving it is undefined).
    pub ty: Type,
    /// The loop's domain as modeled (`!=` taken as `<` or `>` in the direction of the step).
    pub domain: Set,
    /// The domain of the statements around the loop, and the first iterator value.
    pub init: PwAff,
    /// The bound.
    pub bound: PwAff,
    /// Where the loop is.
    pub loc: Option<SrcLoc>,
}

/// What the assumption framework needs, gathered while building.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Facts {
    /// Every integer expression in bounds, conditions and subscripts.
    pub int_exprs: Vec<IntExpr>,
    /// Every loop exit.
    pub loop_exits: Vec<LoopExit>,
    /// The arrays reached through pointer or array parameters (their base addresses may alias).
    pub base_pointers: Vec<ScopArrayId>,
}

/// The polyhedral model of one function.
#[derive(Clone, Debug)]
pub struct Scop {
    /// The isl context of every set and map below.
    pub ctx: Ctx,
    /// The function's name.
    pub name: String,
    /// The parameters.
    pub params: Vec<ScopParam>,
    /// Known constraints on the parameters: the value ranges of their C types.
    pub context: Set,
    /// The arrays.
    pub arrays: crate::id::IdVec<ScopArrayId, ScopArray>,
    /// The statements, in source order.
    pub stmts: crate::id::IdVec<StmtId, ScopStmt>,
    /// All accesses.
    pub accesses: crate::id::IdVec<AccessId, Access>,
    /// The original execution order.
    pub schedule: Schedule,
    /// Reads turned into parameters.
    pub invariant_loads: Vec<InvariantLoad>,
    /// Raw facts for the assumptions.
    pub facts: Facts,
    /// Notes about what was approximated (not errors).
    pub diagnostics: Vec<String>,
    /// Assumptions recorded by the passes (`optimist_assume::collect` adds its kinds; a
    /// delinearization pass records its validity conditions as [`AssumptionKind::Dl`]).
    pub assumptions: Vec<Assumption>,
}

/// The kinds of optimistic assumptions (paper 000, §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AssumptionKind {
    /// Reads assumed invariant are not overwritten inside the region (§4.1).
    Rt,
    /// Integer expressions of wrapping C types evaluate as in ℤ (§4.2).
    Ee,
    /// Loops with `!=`/`==` exits are bounded, as modeled (§4.3).
    Bl,
    /// Subscripts but the outermost stay inside their declared sizes (§4.4, §4.5).
    Ib,
    /// Arrays reached through different pointers do not overlap (§4.6).
    Aa,
    /// Delinearization is valid (paper 001).
    Dl,
}

impl AssumptionKind {
    /// Every kind, in the order the assumptions are collected.
    pub const ALL: [AssumptionKind; 6] = [
        AssumptionKind::Rt,
        AssumptionKind::Ee,
        AssumptionKind::Bl,
        AssumptionKind::Ib,
        AssumptionKind::Aa,
        AssumptionKind::Dl,
    ];
}

impl std::fmt::Display for AssumptionKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AssumptionKind::Rt => "RT",
            AssumptionKind::Ee => "EE",
            AssumptionKind::Bl => "BL",
            AssumptionKind::Ib => "IB",
            AssumptionKind::Aa => "AA",
            AssumptionKind::Dl => "DL",
        })
    }
}

/// One assumption: the parameter values (scalar parameters and assumed-invariant loads) under
/// which one part of the model is faithful.
#[derive(Clone, Debug, PartialEq)]
pub struct Assumption {
    /// Its kind.
    pub kind: AssumptionKind,
    /// What it is about, for people (`` `(unsigned char)(i + 3)` does not wrap ``).
    pub what: String,
    /// The valid parameter values (a positive assumption; `[params] -> { : ... }`).
    pub valid: Set,
    /// The source place that caused it.
    pub loc: Option<SrcLoc>,
}

impl ScopStmt {
    /// The names of its domain's dimensions (the program's iterator names, `i0`, `i1`, ... where
    /// a dimension has none): what isl text about its instances uses.
    pub fn dim_names(&self) -> Vec<String> {
        (0..self.iterators.len())
            .map(|d| {
                self.domain
                    .dim_name(optimist_presburger::DimType::SET, d)
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| format!("i{d}"))
            })
            .collect()
    }
}

impl Access {
    /// Whether the access reads.
    pub fn is_read(&self) -> bool {
        self.kind == AccessKind::Read
    }
}

impl Scop {
    /// Builds the model of `f`.
    pub fn build(f: &Function, config: &Config) -> Result<Scop, BuildError> {
        build::build(f, config)
    }

    /// The statement `id`.
    pub fn stmt(&self, id: StmtId) -> &ScopStmt {
        &self.stmts[id]
    }

    /// The access `id`.
    pub fn access(&self, id: AccessId) -> &Access {
        &self.accesses[id]
    }

    /// The array `id`.
    pub fn array(&self, id: ScopArrayId) -> &ScopArray {
        &self.arrays[id]
    }

    /// Whether the model touches the program's array `id` (an access, or a read assumed
    /// invariant). A local array it does not touch (a temporary expression propagation
    /// removed) is needed only by the faithful code.
    pub fn touches(&self, id: crate::ir::ArrayId) -> bool {
        let origin = ArrayOrigin::Array(id);
        self.accesses
            .iter()
            .any(|acc| self.array(acc.array).origin == origin)
            || self
                .invariant_loads
                .iter()
                .any(|l| self.array(l.array).origin == origin)
    }

    /// The parameters with their signs only: unsigned parameters are non-negative, nothing
    /// more. isl's scheduler and AST generator take this as their context, and the
    /// correspondence check works under it: they only simplify with what they know of the
    /// parameters, and the 32-bit bounds of [`Scop::context`] push isl's small integers into
    /// big ones (two to four times slower; measured with `optimist show timing`). Code
    /// generated under it is right for every parameter value, so for those `context` allows.
    pub fn sign_context(&self) -> Result<Set, optimist_presburger::Error> {
        let names: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
        let signs: Vec<String> = self
            .params
            .iter()
            .filter(|p| p.ty.min_int() == 0)
            .map(|p| format!("{} >= 0", p.name))
            .collect();
        let text = format!(
            "[{}] -> {{ : {} }}",
            names.join(", "),
            if signs.is_empty() {
                "true".into()
            } else {
                signs.join(" and ")
            }
        );
        Set::parse(&self.ctx, &text)
    }

    /// The union of all iteration domains.
    pub fn domains(&self) -> Result<UnionSet, optimist_presburger::Error> {
        let mut u = UnionSet::empty(&self.ctx)?;
        for s in &self.stmts {
            u = u.union(&s.domain.to_union()?)?;
        }
        Ok(u)
    }

    /// The union of the relations of the accesses `keep` selects.
    pub fn access_relations(
        &self,
        keep: impl Fn(&Access) -> bool,
    ) -> Result<UnionMap, optimist_presburger::Error> {
        let mut u = UnionMap::empty(&self.ctx)?;
        for a in self.accesses.iter().filter(|a| keep(a)) {
            u = u.union(&a.relation.to_union()?)?;
        }
        Ok(u)
    }

    /// Checks the model's invariants: every domain bounded (or the reason recorded), every
    /// access from its statement's domain space into its array's space with the array's rank,
    /// and the schedule covering every statement instance exactly once. The driver runs it after
    /// every pass in debug builds and tests.
    pub fn verify(&self) -> Result<(), VerifyError> {
        for (k, s) in self.stmts.iter().enumerate() {
            let stmt = || s.name.clone();
            if s.domain.tuple_name().as_deref() != Some(s.name.as_str()) {
                return Err(VerifyError::DomainTuple { stmt: stmt() });
            }
            if !s.domain.is_bounded()? && !self.diagnostics.iter().any(|d| d.contains(&s.name)) {
                return Err(VerifyError::Unbounded {
                    stmt: stmt(),
                    domain: s.domain.to_string(),
                });
            }
            let write = self
                .accesses
                .get(s.write)
                .ok_or(VerifyError::NoSuchAccess { access: s.write })?;
            if write.stmt.0 as usize != k || !write.kind.is_write() {
                return Err(VerifyError::WriteNotOwn { stmt: stmt() });
            }
            for &a in &s.accesses {
                let acc = self
                    .accesses
                    .get(a)
                    .ok_or(VerifyError::NoSuchAccess { access: a })?;
                if acc.stmt.0 as usize != k {
                    return Err(VerifyError::AccessOwner {
                        access: a,
                        stmt: stmt(),
                    });
                }
                let arr = self
                    .arrays
                    .get(acc.array)
                    .ok_or(VerifyError::NoSuchArray { access: a })?;
                let r = &acc.relation;
                let from = r.tuple_name(optimist_presburger::DimType::In);
                let to = r.tuple_name(optimist_presburger::DimType::Out);
                if from.as_deref() != Some(s.name.as_str())
                    || to.as_deref() != Some(arr.name.as_str())
                {
                    return Err(VerifyError::AccessSpaces {
                        access: a,
                        from,
                        to,
                    });
                }
                if r.dim(optimist_presburger::DimType::Out)? != arr.sizes.len() {
                    return Err(VerifyError::AccessRank {
                        access: a,
                        array: arr.name.clone(),
                    });
                }
                if r.dim(optimist_presburger::DimType::In)? != s.iterators.len() {
                    return Err(VerifyError::AccessDomain {
                        access: a,
                        stmt: stmt(),
                    });
                }
            }
        }
        // Every read a body, a guard or a data-dependent subscript names is a read of its
        // statement (a pass that removes a read must replace it everywhere it is used).
        for s in &self.stmts {
            let subscripts = s
                .accesses
                .iter()
                .filter_map(|&a| self.access(a).subscripts.as_ref())
                .flatten();
            let used = std::iter::once(&s.value)
                .chain(s.guard.as_ref())
                .chain(subscripts)
                .flat_map(|e| e.accesses());
            for a in used {
                let own = s.accesses.contains(&a) && a != s.write;
                if !own || !self.accesses.get(a).is_some_and(Access::is_read) {
                    return Err(VerifyError::UseNotOwn {
                        access: a,
                        stmt: s.name.clone(),
                    });
                }
            }
        }
        // The schedule's own domain: its map alone is not restricted to it.
        let domains = self.domains()?;
        if !self.schedule.domain()?.is_equal(&domains)? {
            return Err(VerifyError::ScheduleCoverage);
        }
        let sched = self.schedule.map()?.intersect_domain(&domains)?;
        if !sched.is_single_valued()? || !sched.is_injective()? {
            return Err(VerifyError::ScheduleNotInjective);
        }
        Ok(())
    }
}

/// A broken invariant of a [`Scop`], found by [`Scop::verify`]: a bug in whatever built or
/// changed the model (the driver names the pass).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum VerifyError {
    /// A statement's domain tuple is not named after the statement.
    #[error("statement {stmt}: its domain tuple is not `{stmt}`")]
    DomainTuple {
        /// The statement.
        stmt: String,
    },
    /// A statement's domain is unbounded and no diagnostic says why.
    #[error("statement {stmt}: unbounded domain {domain}")]
    Unbounded {
        /// The statement.
        stmt: String,
        /// Its domain.
        domain: String,
    },
    /// A statement names an access that does not exist.
    #[error("access {access} does not exist")]
    NoSuchAccess {
        /// The access.
        access: AccessId,
    },
    /// A statement's value, guard or subscript uses an access that is not one of its reads.
    #[error("statement {stmt} uses {access}, which is not one of its reads")]
    UseNotOwn {
        /// The access used.
        access: AccessId,
        /// The statement.
        stmt: String,
    },
    /// An access names an array that does not exist.
    #[error("access {access} touches an array that does not exist")]
    NoSuchArray {
        /// The access.
        access: AccessId,
    },
    /// A statement's write is not a write of that statement.
    #[error("statement {stmt}: its write is not one of its accesses")]
    WriteNotOwn {
        /// The statement.
        stmt: String,
    },
    /// A statement lists an access of another statement.
    #[error("access {access} is listed by {stmt} but belongs to another")]
    AccessOwner {
        /// The access.
        access: AccessId,
        /// The statement that lists it.
        stmt: String,
    },
    /// An access relation does not go from its statement's space to its array's.
    #[error("access {access} relates {from:?} to {to:?}")]
    AccessSpaces {
        /// The access.
        access: AccessId,
        /// The relation's domain tuple.
        from: Option<String>,
        /// The relation's range tuple.
        to: Option<String>,
    },
    /// An access relation's range does not have the array's rank.
    #[error("access {access} has the wrong rank for `{array}`")]
    AccessRank {
        /// The access.
        access: AccessId,
        /// The array.
        array: String,
    },
    /// An access relation's domain does not have the statement's dimension.
    #[error("access {access} has the wrong domain dimension for {stmt}")]
    AccessDomain {
        /// The access.
        access: AccessId,
        /// The statement.
        stmt: String,
    },
    /// The schedule's domain is not the union of the statement domains.
    #[error("the schedule does not cover every statement instance exactly")]
    ScheduleCoverage,
    /// Two instances share a time, or one instance has two.
    #[error("the schedule does not give every statement instance its own time")]
    ScheduleNotInjective,
    /// isl failed while checking (a budget running out, or a bug).
    #[error("verifying the model: {0}")]
    Isl(#[from] optimist_presburger::Error),
}
