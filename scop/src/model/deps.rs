//! Dependences between accesses (not only statements): which access of which instance must
//! stay before which other, computed with isl's dataflow analysis.
//!
//! Every access gets a tag, and its statement instances are wrapped with it:
//! `{ [S1[i, j] -> a3[]] -> A[i, j] }`. In the tagged schedule the reads of an instance come
//! before its writes (one extra schedule dimension, 0 for reads and 1 for writes), so the
//! same-instance anti-dependence of `A[i] = A[i] + 1` is found. Relations relate tagged
//! instances, `{ [S1[i] -> a2[]] -> [S1[i] -> a0[]] }`; [`Dependences::statements`] drops the tags.
//!
//! Two variants of each kind:
//! - **value-based** (exact): RAW from the last writer of the element, as isl's dataflow computes
//!   it with must-writes killing older values; WAW between a write and the next write of the
//!   element; WAR from each read to the next write of the element;
//! - **memory-based**: every earlier write (RAW, WAW) or read (WAR) of the same element.
//!
//! # Design notes
//!
//! - **Dependences** (`model/deps.rs`). `Dependences::compute` gives value-based and memory-based
//!   RAW, WAR and WAW between *tagged accesses* (`[S[i] -> a3[]]`), from four isl dataflow runs on a
//!   tagged schedule map in which an instance's reads precede its write (so `A[i] = A[i] + 1` has its
//!   same-instance WAR). `statements()` drops the tags and the same-instance pairs. `dump()` is
//!   `optimist show deps`. `Dependences::memory_only_isl` (what the driver's schedule stage asks)
//!   pairs each earlier access with each later access of one element directly, one pair of
//!   accesses at a time (the `lex_lt_map` of their two statements' schedules, computed once per
//!   pair of statements, with reads before writes on a tie; the tags put back by a product with
//!   `{ aK[] -> aL[] }`), instead of isl's dataflow analysis: on `flat/conditionals` that is a third of the instructions; a test shows the
//!   relations equal the dataflow ones on every corpus kernel. `Scop::sign_context` is the
//!   context with only the parameters' signs: isl's scheduler, its AST generator and the
//!   correspondence check run under it, because the 32-bit bounds of `Scop::context` push isl's
//!   small integers into big ones (AST generation 2-4x slower); the correspondence check still
//!   reports a violation only where `context` allows it. Snapshots of both dumps for every corpus kernel and the paper's figure kernels are in `scop/tests/snapshots/`.

use super::{AccessKind, BuildError, Scop};
use optimist_presburger::{
    DimType, Error as IslError, Map, Set, UnionAccessInfo, UnionMap, UnionSet,
};
use std::cell::RefCell;
use std::collections::HashMap;

/// The kinds of dependence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DepKind {
    /// Read after write (flow).
    Raw,
    /// Write after read (anti).
    War,
    /// Write after write (output).
    Waw,
}

impl DepKind {
    /// `RAW`, `WAR` or `WAW`.
    pub fn name(self) -> &'static str {
        match self {
            DepKind::Raw => "RAW",
            DepKind::War => "WAR",
            DepKind::Waw => "WAW",
        }
    }
}

/// Options of [`Dependences::compute`].
#[derive(Clone, Copy, Debug)]
pub struct DepConfig {
    /// isl operations allowed (see `Ctx::with_budget`).
    pub max_operations: u64,
}

impl Default for DepConfig {
    fn default() -> Self {
        DepConfig {
            max_operations: 50_000_000,
        }
    }
}

/// The dependences of a model, between tagged accesses.
#[derive(Clone, Debug)]
pub struct Dependences {
    /// Value-based RAW, WAR, WAW.
    pub value: [UnionMap; 3],
    /// Memory-based RAW, WAR, WAW.
    pub memory: [UnionMap; 3],
    /// Every statement instance related to itself.
    identity: UnionMap,
}

fn index(kind: DepKind) -> usize {
    match kind {
        DepKind::Raw => 0,
        DepKind::War => 1,
        DepKind::Waw => 2,
    }
}

/// The tag tuple of an access.
pub(super) fn tag(id: super::AccessId) -> String {
    format!("{id}")
}

impl Dependences {
    /// Computes both variants of every kind for `scop`.
    pub fn compute(scop: &Scop, config: &DepConfig) -> Result<Dependences, BuildError> {
        Dependences::compute_isl(scop, config).map_err(|e| BuildError {
            message: match e {
                IslError::Budget => "dependence analysis exceeded the isl operation budget (raise DepConfig::max_operations)".into(),
                e => format!("dependence analysis: {e}"),
            },
            loc: None,
        })
    }

    /// [`Dependences::compute`] with isl's error as it is (the driver tells a budget running out
    /// from other failures).
    pub fn compute_isl(scop: &Scop, config: &DepConfig) -> Result<Dependences, IslError> {
        scop.ctx.with_budget(config.max_operations, || {
            let mut d = Tagged::new(scop)?.dependences()?;
            d.identity = scop.domains()?.identity()?;
            Ok(d)
        })
    }

    /// Only the memory-based dependences: what the verifier and the automatic strategy ask
    /// (the order every transformation that does not rename memory must keep), at a fraction
    /// of the cost (the value-based ones need kills, and conditions on the iterators make those
    /// dear). [`Dependences::value`] holds the memory-based relations too: a superset of the
    /// value-based ones, right for questions of order, wrong for which write a read sees.
    pub fn memory_only_isl(scop: &Scop, config: &DepConfig) -> Result<Dependences, IslError> {
        scop.ctx.with_budget(config.max_operations, || {
            let mut d = Tagged::new(scop)?.memory_dependences_direct()?;
            d.identity = scop.domains()?.identity()?;
            Ok(d)
        })
    }

    /// Only the value-based RAW dependences, into the reads `reads` (every read when `None`),
    /// tagged as [`Dependences::get`] gives them: one dataflow question instead of the four of
    /// [`Dependences::compute`] (what a pass asks when it needs to know which write each read
    /// sees, like expression propagation's reload test).
    pub fn raw_into(
        scop: &Scop,
        reads: Option<&[super::AccessId]>,
        config: &DepConfig,
    ) -> Result<UnionMap, IslError> {
        scop.ctx.with_budget(config.max_operations, || {
            // Only the accesses to the arrays the sinks read can take part.
            let t = match reads {
                None => Tagged::new(scop)?,
                Some(ids) => {
                    let arrays: Vec<super::ScopArrayId> =
                        ids.iter().map(|&id| scop.access(id).array).collect();
                    Tagged::of(scop, &|a| arrays.contains(&a.array))?
                }
            };
            let sinks = match reads {
                None => t.reads.clone(),
                Some(ids) => {
                    let mut tags = UnionSet::empty(&scop.ctx)?;
                    for &id in ids {
                        tags = tags.union(&tagged_domain(scop, id)?.to_union()?)?;
                    }
                    t.reads.intersect_domain(&tags)?
                }
            };
            t.flow(&sinks, &t.must, &t.may)
        })
    }

    /// The tagged dependences of one kind.
    pub fn get(&self, kind: DepKind, value_based: bool) -> &UnionMap {
        if value_based {
            &self.value[index(kind)]
        } else {
            &self.memory[index(kind)]
        }
    }

    /// The dependences of one kind between statement instances (tags dropped). Dependences
    /// inside one instance (its reads run before its write) are left out: no schedule can break
    /// them, and no schedule can order an instance strictly before itself.
    pub fn statements(&self, kind: DepKind, value_based: bool) -> Result<UnionMap, IslError> {
        self.get(kind, value_based)
            .factor_domain()?
            .subtract(&self.identity)
    }

    /// Every dependence of every kind between statement instances (memory-based: the order any
    /// transformation must keep when it does not rename memory).
    pub fn all_statements(&self) -> Result<UnionMap, IslError> {
        let mut u = self.statements(DepKind::Raw, false)?;
        for k in [DepKind::War, DepKind::Waw] {
            u = u.union(&self.statements(k, false)?)?;
        }
        Ok(u)
    }
}

/// The tagged access relations and schedule of a model.
struct Tagged {
    reads: UnionMap,
    must: UnionMap,
    may: UnionMap,
    writes: UnionMap,
    read_tags: UnionSet,
    schedule: UnionMap,
    /// Each statement's own (untagged) schedule, by name.
    plain: HashMap<String, Map>,
    /// Whether the access of each tag writes.
    writes_of: HashMap<String, bool>,
    /// [`Tagged::order`]'s answers, by statement pair and tie.
    orders: RefCell<HashMap<(String, String, bool), Map>>,
}

/// `{ [S[i] -> aK[]] }` for access `id` of statement `S`: the instances of the access, tagged.
fn tagged_domain(scop: &Scop, id: super::AccessId) -> Result<Set, IslError> {
    let stmt = scop.stmt(scop.access(id).stmt);
    let tag_set = Set::parse(&scop.ctx, &format!("{{ {}[] }}", tag(id)))?;
    Map::from_domain_and_range(&stmt.domain, &tag_set)?.wrap()
}

impl Tagged {
    fn new(scop: &Scop) -> Result<Tagged, IslError> {
        Tagged::of(scop, &|_| true)
    }

    /// The tagged accesses for which `keep` holds.
    fn of(scop: &Scop, keep: &dyn Fn(&super::Access) -> bool) -> Result<Tagged, IslError> {
        let ctx = &scop.ctx;
        let sched = scop.schedule.map()?;
        let empty = || UnionMap::empty(ctx);
        let (mut reads, mut must, mut may, mut schedule) = (empty()?, empty()?, empty()?, empty()?);
        let mut read_tags = UnionSet::empty(ctx)?;
        let mut plain: HashMap<String, Map> = HashMap::new();
        let mut writes_of = HashMap::new();
        // Each statement's schedule followed by an access position (0 reads, 1 writes).
        let mut positioned: HashMap<(String, usize), Map> = HashMap::new();
        for (k, a) in scop.accesses.iter().enumerate() {
            if !keep(a) {
                continue;
            }
            let id = super::AccessId(k as u32);
            let stmt = scop.stmt(a.stmt);
            // Tags are put on by products with `{ aK[] -> [] }`, which only rearrange
            // dimensions: `{ S[i] -> A[e] }` becomes `{ [S[i] -> aK[]] -> A[e] }`.
            let tag_unit = Map::parse(ctx, &format!("{{ {}[] -> [] }}", tag(id)))?;
            let rel = a
                .relation
                .product(&tag_unit)?
                .range_factor_domain()?
                .to_union()?;
            let order = usize::from(a.kind.is_write());
            if !plain.contains_key(&stmt.name) {
                let own = sched.restrict_to(&stmt.domain)?;
                plain.insert(stmt.name.clone(), own);
            }
            let key = (stmt.name.clone(), order);
            if !positioned.contains_key(&key) {
                let position = Map::from_domain_and_range(
                    &stmt.domain,
                    &Set::parse(ctx, &format!("{{ [{order}] }}"))?,
                )?;
                let m = plain[&stmt.name].flat_range_product(&position)?;
                positioned.insert(key.clone(), m);
            }
            writes_of.insert(tag(id), a.kind.is_write());
            let tagged_sched = positioned[&key].product(&tag_unit)?.range_factor_domain()?;
            schedule = schedule.union(&tagged_sched.to_union()?)?;
            match a.kind {
                AccessKind::Read => {
                    reads = reads.union(&rel)?;
                    read_tags = read_tags.union(&tagged_sched.domain()?.to_union()?)?;
                }
                AccessKind::MustWrite => must = must.union(&rel)?,
                AccessKind::MayWrite => may = may.union(&rel)?,
            }
        }
        let writes = must.union(&may)?;
        Ok(Tagged {
            reads,
            must,
            may,
            writes,
            read_tags,
            schedule,
            plain,
            writes_of,
            orders: RefCell::new(HashMap::new()),
        })
    }

    fn flow(&self, sink: &UnionMap, must: &UnionMap, may: &UnionMap) -> Result<UnionMap, IslError> {
        UnionAccessInfo::from_sink(sink)?
            .with_must_source(must)?
            .with_may_source(may)?
            .with_schedule_map(&self.schedule)?
            .compute_flow()?
            .may_dependence()
    }

    fn dependences(&self) -> Result<Dependences, IslError> {
        // Value-based: RAW from one flow with the reads as sinks; WAW and WAR from one flow with
        // the writes as sinks, must-writes killing, may-writes and reads as candidate sources.
        let raw = self.flow(&self.reads, &self.must, &self.may)?;
        let to_writes = self.flow(&self.writes, &self.must, &self.may.union(&self.reads)?)?;
        let war = to_writes.intersect_domain(&self.read_tags)?;
        let waw = to_writes.subtract_domain(&self.read_tags)?;
        let memory = self.memory_dependences()?.memory;
        let identity = UnionMap::empty(self.reads.ctx())?;
        Ok(Dependences {
            value: [raw, war, waw],
            memory,
            identity,
        })
    }

    /// Every pair of an instance of `sources` and a later instance of `sinks` that touch one
    /// element (tagged source to tagged sink): what a dataflow question without kills answers,
    /// asked directly. Each pair of accesses to one array is ordered on its own, which costs a
    /// fraction of isl's dataflow analysis when conditions on the iterators add local variables;
    /// the order of each pair of statements is computed once ([`Tagged::order`]) and the pair's
    /// tags put back by a product with `{ aK[] -> aL[] }`.
    fn earlier(&self, sinks: &UnionMap, sources: &UnionMap) -> Result<UnionMap, IslError> {
        let same = sources.apply_range(&sinks.reverse()?)?;
        let mut out = UnionMap::empty(self.reads.ctx())?;
        for m in same.maps()? {
            let space = m.space()?;
            // S[i] -> aK[] and T[j] -> aL[]
            let from = Set::universe(&space.domain()?)?.unwrap_map()?;
            let to = Set::universe(&space.range()?)?.unwrap_map()?;
            let (Some(s), Some(a), Some(t), Some(b)) = (
                from.tuple_name(DimType::In),
                from.tuple_name(DimType::Out),
                to.tuple_name(DimType::In),
                to.tuple_name(DimType::Out),
            ) else {
                return Err(IslError::InvalidArgument(format!(
                    "untagged access pair {m}"
                )));
            };
            // Within one time, a statement reads before it writes.
            let tie = !self.writes_of.get(&a).copied().unwrap_or(true)
                && self.writes_of.get(&b).copied().unwrap_or(false);
            let pairs = m.factor_domain()?.intersect(&self.order(&s, &t, tie)?)?;
            if pairs.is_empty()? {
                continue;
            }
            let tags = Map::from_domain_and_range(&from.range()?, &to.range()?)?;
            out = out.union(&pairs.coalesce()?.product(&tags)?.to_union()?)?;
        }
        Ok(out)
    }

    /// `{ S[i] -> T[j] }` where `S[i]` runs before `T[j]` in the schedule, or at the same time
    /// when `tie` (a read of `S[i]` before a write of `T[j]`).
    fn order(&self, s: &str, t: &str, tie: bool) -> Result<Map, IslError> {
        let key = (s.to_string(), t.to_string(), tie);
        if let Some(m) = self.orders.borrow().get(&key) {
            return Ok(m.clone());
        }
        let missing = |n: &str| IslError::InvalidArgument(format!("no schedule for {n}"));
        let (ts, tt) = (
            self.plain.get(s).ok_or_else(|| missing(s))?,
            self.plain.get(t).ok_or_else(|| missing(t))?,
        );
        let mut m = ts.lex_lt_map(tt)?;
        if tie {
            m = m.union(&ts.apply_range(&tt.reverse()?)?)?;
        }
        let m = m.coalesce()?;
        self.orders.borrow_mut().insert(key, m.clone());
        Ok(m)
    }

    /// [`Tagged::memory_dependences`] asked as [`Tagged::earlier`] does: the same relations.
    fn memory_dependences_direct(&self) -> Result<Dependences, IslError> {
        self.memory_by(|sinks, sources| self.earlier(sinks, sources))
    }

    /// The memory-based dependences (every earlier access of the element, nothing kills), also
    /// in place of the value-based ones.
    fn memory_dependences(&self) -> Result<Dependences, IslError> {
        let none = UnionMap::empty(self.reads.ctx())?;
        self.memory_by(|sinks, sources| self.flow(sinks, &none, sources))
    }

    /// The memory-based dependences, with `earlier(sinks, sources)` giving every pair of a
    /// source instance and a later sink instance that touch one element.
    fn memory_by(
        &self,
        earlier: impl Fn(&UnionMap, &UnionMap) -> Result<UnionMap, IslError>,
    ) -> Result<Dependences, IslError> {
        let raw_mem = earlier(&self.reads, &self.writes)?;
        let to_writes_mem = earlier(&self.writes, &self.writes.union(&self.reads)?)?;
        let war_mem = to_writes_mem.intersect_domain(&self.read_tags)?;
        let waw_mem = to_writes_mem.subtract_domain(&self.read_tags)?;
        let memory = [raw_mem, war_mem, waw_mem];
        Ok(Dependences {
            value: memory.clone(),
            memory,
            identity: UnionMap::empty(self.reads.ctx())?,
        })
    }
}
