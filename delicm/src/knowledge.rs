//! §2: zones and knowledge, what the greedy mapping decides with.
//!
//! **The timeline.** A statement instance with time `t` in the original schedule reads at the
//! point `[t, 0]` and writes at the point `[t, 1]`: its reads see what was there before its
//! write. (The phase is folded into the last coordinate, `2c` and `2c + 1`: one dimension less
//! for isl.) The content of an element at a point is what the last write before the point left.
//!
//! **Zones.** A value written at `w` and last read at `r` must stay in its element at the points
//! `(w, r]`: its *lifetime zone*. The last value of an array element is observable after the
//! region, so it lives from its write to the end of time; an element read before its first
//! write holds its initial content from the beginning of time to that read; an element the
//! program never writes holds its initial content all along. Every other point of an element is
//! *unused*: what is there is overwritten before anyone reads it.
//!
//! **Values.** A value is named by the statement instance that computed it, `S2[i, j, k]`; a
//! statement that only copies an element (`acc = C[i][j]`) stores the value its read sees (the
//! instance that wrote the element, or the element's initial content, named `C.in[i, j]`). Two
//! equal names are the same value; two different names may still be equal, which only makes the
//! test more conservative.
//!
//! **Knowledge** is, per element of one array: the occupied points, the value known at each of
//! them where there is a single one, and the writes with the value each writes. A *proposal* is
//! the knowledge a scalar would add to the array's elements if it were kept in them. It is
//! compatible with the existing knowledge (§2.1) when
//!
//! 1. the lifetime zones are disjoint, except where both know the same value;
//! 2. the proposal writes into no lifetime zone of the array, except a write of the value
//!    already known there;
//! 3. the array's writes write into no lifetime zone of the proposal, with the same exception;
//!
//! and when the proposal uses only elements the program writes (the others keep their initial
//! content to the end). All of it is sets of `[element -> point]` pairs; the conflicts are their
//! differences.

use optimist_presburger::{DimType, Error as IslError, Map, UnionMap, UnionSet};
use optimist_scop::expr::ExprKind;
use optimist_scop::id::IdVec;
use optimist_scop::model::{AccessId, BodyLeaf, Scop, ScopArrayId, StmtId};
use optimist_scop::pass::PassError;

use crate::{FlowCache, Flows, flow_into, overwritten, schedules};

/// When every statement instance reads and writes on the timeline.
pub(crate) struct Timeline {
    /// Per statement, instance to its read point `[t, 0]`.
    reads: IdVec<StmtId, UnionMap>,
    /// Per statement, instance to its write point `[t, 1]`.
    writes: IdVec<StmtId, UnionMap>,
    /// `{ p -> q : p ≺ q }` on points.
    after: UnionMap,
    /// `{ p -> q : q ⪯ p }` on points.
    up_to: UnionMap,
    /// Per statement, instance to the value it writes.
    values: IdVec<StmtId, UnionMap>,
    /// Per statement, instance to its time in the original schedule.
    schedules: IdVec<StmtId, Map>,
}

/// Instance to point: the time `t` of `schedule` with its last coordinate `c` replaced by
/// `2c + phase` (the order of `[t, phase]` with one dimension less), or `[phase]` when `t` has
/// none.
pub(crate) fn phase(schedule: &Map, phase: u8) -> Result<Map, IslError> {
    let d = schedule.dim(DimType::Out)?;
    let text = if d == 0 {
        format!("{{ [] -> [{phase}] }}")
    } else {
        let t: Vec<String> = (0..d).map(|k| format!("t{k}")).collect();
        let mut p = t.clone();
        p[d - 1] = format!("2 * t{} + {phase}", d - 1);
        format!("{{ [{}] -> [{}] }}", t.join(", "), p.join(", "))
    };
    schedule.apply_range(&Map::parse(schedule.ctx(), &text)?)
}

impl Timeline {
    /// The timeline of `scop`'s original schedule, and the value each statement writes. The
    /// mapping only moves accesses between arrays, so the values stay those of the program.
    pub(crate) fn new(scop: &Scop, flows: &mut FlowCache) -> Result<Timeline, PassError> {
        let (mut reads, mut writes, mut values) = (IdVec::new(), IdVec::new(), IdVec::new());
        let mut space = None;
        let schedules = schedules(scop)?;
        for (k, s) in schedules.iter_enumerated() {
            let (r, w) = (phase(s, 0)?, phase(s, 1)?);
            if space.is_none() {
                space = Some(r.range()?.space()?);
            }
            reads.push(UnionMap::from_map(&r)?);
            writes.push(UnionMap::from_map(&w)?);
            values.push(value_of(scop, k, flows)?);
        }
        let Some(space) = space else {
            return Err(PassError::Bail("delicm: the model has no statement".into()));
        };
        Ok(Timeline {
            reads,
            writes,
            after: UnionMap::from_map(&Map::lex_lt(&space)?)?,
            up_to: UnionMap::from_map(&Map::lex_ge(&space)?)?,
            values,
            schedules,
        })
    }

    fn read_of(&self, s: StmtId) -> &UnionMap {
        &self.reads[s]
    }

    fn write_of(&self, s: StmtId) -> &UnionMap {
        &self.writes[s]
    }

    /// Statement `s`'s instances to their times in the original schedule.
    pub(crate) fn schedule_of(&self, s: StmtId) -> &Map {
        &self.schedules[s]
    }

    fn value_of(&self, s: StmtId) -> &UnionMap {
        &self.values[s]
    }
}

/// What is known of the elements of one array (or proposed for them), as `[element -> point]`
/// pairs.
#[derive(Clone)]
pub(crate) struct Knowledge {
    /// The points where an element holds a value that is read later or is its final content.
    occupied: UnionSet,
    /// `[element -> point] -> value`: the value held, where there is a single one.
    known: UnionMap,
    /// `[element -> point] -> value`: the writes, at their points, with the value written.
    written: UnionMap,
    /// The elements that some write writes.
    written_elements: UnionSet,
}

/// The value statement `x` writes, per instance: the instance itself, or for a copy of an
/// element (`acc = C[i][j]`, `cov[i][j] = c`), the value the copied element holds (its writer,
/// or its initial content). One level of copies is seen through.
fn value_of(scop: &Scop, x: StmtId, flows: &mut FlowCache) -> Result<UnionMap, IslError> {
    let st = scop.stmt(x);
    let itself = UnionMap::from_map(&st.domain.identity()?)?;
    let ExprKind::Leaf(BodyLeaf::Access(q)) = st.value.kind else {
        return Ok(itself);
    };
    let read = scop.access(q);
    if st.guard.is_some() || !read.exact {
        return Ok(itself);
    }
    let copied = flows.of(scop, read.array)?;
    let source = flow_into(scop, &copied, q)?.reverse()?;
    if !source.is_single_valued()? {
        return Ok(itself);
    }
    let unfed = UnionSet::from_set(&st.domain)?.subtract(&source.domain()?)?;
    let initial = UnionMap::from_map(&initial_content(scop, q)?)?.intersect_domain(&unfed)?;
    source.union(&initial)
}

/// Instance to the initial content of the element access `q` reads, `A.in[..]`.
fn initial_content(scop: &Scop, q: AccessId) -> Result<Map, IslError> {
    let acc = scop.access(q);
    let name = format!("{}.in", scop.array(acc.array).name);
    acc.relation.with_tuple_name(DimType::Out, &name)
}

impl Knowledge {
    fn empty(scop: &Scop) -> Result<Knowledge, IslError> {
        Ok(Knowledge {
            occupied: UnionSet::empty(&scop.ctx)?,
            known: UnionMap::empty(&scop.ctx)?,
            written: UnionMap::empty(&scop.ctx)?,
            written_elements: UnionSet::empty(&scop.ctx)?,
        })
    }

    /// Adds the zones `zone` (instance to points) of the values the instances of a read see or
    /// a write leaves, with `element` (instance to element) and `value` (instance to the value
    /// held; `None` when not single).
    fn add_zone(
        &mut self,
        element: &UnionMap,
        zone: &UnionMap,
        value: Option<&UnionMap>,
    ) -> Result<(), IslError> {
        let at = element.range_product(zone)?;
        self.occupied = self.occupied.union(&at.range()?)?;
        if let Some(v) = value {
            self.known = self.known.union(&at.reverse()?.apply_range(v)?)?;
        }
        Ok(())
    }

    /// Adds the writes of statement `x` to the elements `element` (instance to element), with
    /// the values `value`.
    fn add_write(
        &mut self,
        tl: &Timeline,
        x: StmtId,
        element: &UnionMap,
        value: &UnionMap,
    ) -> Result<(), IslError> {
        let at = element.range_product(tl.write_of(x))?;
        self.written = self.written.union(&at.reverse()?.apply_range(value)?)?;
        self.written_elements = self.written_elements.union(&element.range()?)?;
        Ok(())
    }

    /// What is known of array `a` in `scop` (every access exact, every write a must-write):
    /// `flows` are the flows over `a` alone.
    pub(crate) fn of_array(
        scop: &Scop,
        a: ScopArrayId,
        flows: &Flows,
        tl: &Timeline,
    ) -> Result<Knowledge, IslError> {
        let mut k = Knowledge::empty(scop)?;
        let accesses: Vec<AccessId> = (0..scop.accesses.len())
            .map(|n| AccessId(n as u32))
            .filter(|&q| scop.access(q).array == a)
            .collect();
        let mut values = UnionMap::empty(&scop.ctx)?;
        let mut write_points = UnionMap::empty(&scop.ctx)?;
        for &q in accesses.iter().filter(|&&q| scop.access(q).kind.is_write()) {
            let x = scop.access(q).stmt;
            values = values.union(tl.value_of(x))?;
            write_points = write_points.union(tl.write_of(x))?;
        }
        let over = overwritten(scop, flows)?;
        for &q in &accesses {
            let acc = scop.access(q);
            let x = acc.stmt;
            let element = UnionMap::from_map(&acc.relation)?;
            let domain = UnionSet::from_set(&scop.stmt(x).domain)?;
            if acc.is_read() {
                let source = flow_into(scop, flows, q)?.reverse()?;
                let up_to = tl.read_of(x).apply_range(&tl.up_to)?;
                let zone = source
                    .apply_range(&write_points)?
                    .apply_range(&tl.after)?
                    .intersect(&up_to)?;
                let value = if source.is_single_valued()? {
                    Some(source.apply_range(&values)?)
                } else {
                    None
                };
                k.add_zone(&element, &zone, value.as_ref())?;
                // What is read before any write: the initial content, from the beginning.
                let unfed = domain.subtract(&source.domain()?)?;
                if !unfed.is_empty()? {
                    let initial = UnionMap::from_map(&initial_content(scop, q)?)?;
                    k.add_zone(&element, &up_to.intersect_domain(&unfed)?, Some(&initial))?;
                }
            } else {
                let value = tl.value_of(x).clone();
                k.add_write(tl, x, &element, &value)?;
                // The last write of an element: its value is the final content.
                let last = domain.subtract(&over)?;
                let zone = tl
                    .write_of(x)
                    .intersect_domain(&last)?
                    .apply_range(&tl.after)?;
                k.add_zone(&element, &zone, Some(&value))?;
            }
        }
        Ok(k)
    }

    /// The proposal of keeping one web of a local variable (`web`, each access with the element
    /// it would use, instance to element) in the elements of another array: `own` are the
    /// variable's flows. `Ok(Err(why))` when a value would not stay
    /// in one element from its write to its reads.
    pub(crate) fn of_web(
        scop: &Scop,
        web: &[(AccessId, UnionMap)],
        own: &Flows,
        tl: &Timeline,
    ) -> Result<Result<Knowledge, String>, IslError> {
        let mut k = Knowledge::empty(scop)?;
        let mut values = UnionMap::empty(&scop.ctx)?;
        let mut write_points = UnionMap::empty(&scop.ctx)?;
        let mut defined_in = UnionMap::empty(&scop.ctx)?;
        for (q, element) in web.iter().filter(|(q, _)| scop.access(*q).kind.is_write()) {
            let x = scop.access(*q).stmt;
            let value = tl.value_of(x).clone();
            k.add_write(tl, x, element, &value)?;
            values = values.union(&value)?;
            write_points = write_points.union(tl.write_of(x))?;
            defined_in = defined_in.union(element)?;
        }
        for (q, element) in web.iter().filter(|(q, _)| scop.access(*q).is_read()) {
            let y = scop.access(*q).stmt;
            let source = flow_into(scop, own, *q)?.reverse()?;
            // Each read must find its value in the element its write put it in.
            let expected = source.apply_range(&defined_in)?;
            if !expected.is_equal(element)? {
                let name = &scop.stmt(y).name;
                return Ok(Err(format!(
                    "{name} would look for its value in another element than the one it was written to"
                )));
            }
            let zone = source
                .apply_range(&write_points)?
                .apply_range(&tl.after)?
                .intersect(&tl.read_of(y).apply_range(&tl.up_to)?)?;
            let value = source.apply_range(&values)?;
            let single = source.is_single_valued()?;
            k.add_zone(element, &zone, single.then_some(&value))?;
        }
        Ok(Ok(k))
    }

    /// The first conflict between `self` (the existing knowledge) and `proposal`, as a rule and
    /// where it is violated (element to point).
    pub(crate) fn conflict(
        &self,
        proposal: &Knowledge,
    ) -> Result<Option<(&'static str, UnionMap)>, IslError> {
        let untouched = proposal.written_elements.subtract(&self.written_elements)?;
        if !untouched.is_empty()? {
            return Ok(Some((
                "the program never writes the element, so its content must stay",
                untouched.identity()?,
            )));
        }
        let same = self.known.intersect(&proposal.known)?.domain()?;
        let overlap = self
            .occupied
            .intersect(&proposal.occupied)?
            .subtract(&same)?;
        if !overlap.is_empty()? {
            return Ok(Some((
                "the lifetimes overlap with different values",
                overlap.unwrap_map()?,
            )));
        }
        let rules = [
            (
                proposal,
                self,
                "the variable's write would overwrite a value that is still needed",
            ),
            (
                self,
                proposal,
                "a write of the array would overwrite the variable's value",
            ),
        ];
        for (writer, holder, rule) in rules {
            let into = writer.writes_into(holder)?;
            if !into.is_empty()? {
                return Ok(Some((rule, into.unwrap_map()?)));
            }
        }
        Ok(None)
    }

    /// The write points of `self` inside a lifetime zone of `holder`, except where `self`
    /// writes the value `holder` knows there (rules 2 and 3 of §2.1).
    fn writes_into(&self, holder: &Knowledge) -> Result<UnionSet, IslError> {
        self.written
            .domain()?
            .intersect(&holder.occupied)?
            .subtract(&self.written.intersect(&holder.known)?.domain()?)
    }

    /// The knowledge after `proposal` is applied (Listing 5, line 17). The unions are left as
    /// they are: coalescing them costs more than the few questions asked of them later.
    pub(crate) fn with(&self, proposal: &Knowledge) -> Result<Knowledge, IslError> {
        Ok(Knowledge {
            occupied: self.occupied.union(&proposal.occupied)?,
            known: self.known.union(&proposal.known)?,
            written: self.written.union(&proposal.written)?,
            written_elements: self.written_elements.union(&proposal.written_elements)?,
        })
    }
}
