//! The automatic strategy: isl's scheduler, tiling of the outermost permutable band, and the
//! parallel and vector marks, all checked by the same verifier as scripts.
//!
//! # Design notes
//!
//! - **Automatic strategy** (`auto/`). isl's scheduler (validity and coincidence: every
//!   dependence; proximity: RAW; memory-based dependences only, `Dependences::memory_only_isl`,
//!   since the value-based ones need kills and the strategy never asks them), then the outermost
//!   permutable band is marked for tiling (`AutoConfig`, 32 by default) and a stride-1 member
//!   (coincident if possible) moved innermost in it. The tree is flattened with sequence positions
//!   and a final statement number (isl may give independent instances of two statements one time).
//!   **Candidates are assessed and verified untiled**: a tile loop is a function of its point loop,
//!   and relations that carry `floor(x / 32)` made every dependence operation of the assessment
//!   and the verifier dear (seidel2d took 16.7 s, fdtd2d 38 s, almost all of it there). A band to
//!   tile carries a mark node (`tile<k>`) in the candidate tree, so `flat_marked` knows the flat
//!   dimension where it starts. After the untiled relation passes the verifier, each tiling is
//!   shown legal on its own (`verify::tiling`): every dependence between the band's statements
//!   that the relation leaves undecided before the band has a non-negative distance along every
//!   member (floor is monotone, so no tile loop runs it backwards, and where all tile loops agree
//!   the verified order decides), and no dependence to another statement is left undecided there.
//!   A tiling that fails is dropped (the band runs untiled, still verified). The tile loops,
//!   `floor(member / 32)` (tile numbers: isl's AST generator then has no stride to detect, which
//!   halved its time), are inserted into the verified relation last (`Tiles`), and the marks move
//!   with them: a tile loop is parallel when its member's distances are all zero (also where no
//!   dimension of the untiled relation is free: tile loops keep isl's member order, point loops
//!   were reordered), the point loop otherwise. The strategy test verifies the tiled relation itself with its marks on the corpus
//!   and the suite. Code is generated from that relation, so the order that runs is the order
//!   checked. `Transformed::stages` times each step; `optimist show timing FILE.c` prints them
//!   with the driver's stages (`PassReport::parts`). Each candidate is *assessed*
//!   (`Assessed`; the time differences of each pair of statements' dependences are computed once
//!   per candidate and reused for its groups and by the final verification, `verify::verify_with`),
//!   compared in this order: unit stride in every statement's innermost loop, a
//!   parallel loop, then how many of the statements in the most loops run in lanes (counted, not
//!   all-or-nothing: symm's update of `C` can have lanes where its reduction into `temp2`, as
//!   deep, cannot). Strides of a band's members are measured on
//!   the schedule down through the bands below it (a reduction's own band), so the member moved
//!   innermost really moves accesses by one element. When the fused schedule scores below the
//!   best, isl's schedule with the strongly connected components apart (`serialize_sccs`, every
//!   band tiled by `tile_all`) is tried too (two chained products: fused, the reduction stayed
//!   innermost with a column stride; apart, each product is tiled); there a coincident stride-one
//!   member is also sunk below a reduction band under it (`sink_innermost`: a convolution's `x`
//!   under `dy, dx`, covariance's `j` under `k`), and the candidate must pass the verifier before
//!   it is chosen. The program's own order is kept when it scores higher, or ties
//!   while the tiled schedule's outermost loop carries a dependence and the program has a parallel
//!   loop (isl's time tiles run as a wavefront with guards and skewed bounds inside, which cost
//!   the JIT and the C compiler more than the locality gives: heat3d, jacobi2d; the strategy's own
//!   time tiles, below, come first). For C, where the compiler vectorizes (`Lanes::forward`), a
//!   loop whose dependences among its statements all go forward in its body and read nothing a
//!   statement before wrote counts as in lanes (gcc and clang run it so), as does a statement
//!   whose dependences on itself are all anti (`b[i] = b[i + 1] - d[i]`: `Lanes::anti_only`,
//!   alone or with others), and a schedule that
//!   ties but for a parallel loop the program lacks (nothing without OpenMP, as the program
//!   was compiled) is taken only when estimated faster on one thread (`NotFasterAlone`:
//!   `d[i] = a[i + 1] + e[i]; a[i] = b[i] + c[i];` stays one loop); `Transformed::decision`
//!   says so and the plan's transformation repeats it. Marks: the outermost dimension that carries
//!   no dependence is parallel; per group of statements whose innermost loops share a dimension,
//!   that dimension is vector when it carries no dependence among them and moves their accesses by
//!   at most one element (else each statement alone: atax's update of `y` runs in lanes beside the
//!   reduction into `tmp`); the loop around a vector loop is `jam` (register tile) when no
//!   dependence it carries among those statements is lexicographically negative inside it
//!   (`backwards_inside`), so running several of its iterations together, innermost, keeps every
//!   dependence's order.

use crate::decision::{Decision, Departure, ScheduleChoice, SplitLoop};
use crate::verify::{out_width, verify_with};
use crate::{LoopyError, Target, Transformed};
use optimist_presburger::{
    DimType, Error as IslError, Map, MultiUnionPwAff, Schedule, ScheduleNode, ScheduleNodeType,
    ScheduleOptions, UnionMap, UnionSet,
};
use optimist_scop::model::{DepKind, Dependences, Scop, ScopArrayId, StmtId};
use std::collections::{BTreeMap, BTreeSet};

mod assess;
mod blocks;
mod cost;
mod grouped;
mod interchange;
mod split;
mod tile;
mod time;

use assess::*;
pub(crate) use assess::{flat, varies};
use blocks::*;
use grouped::*;
use interchange::*;
use split::*;
use tile::*;

/// Options of [`auto`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutoConfig {
    /// Tile size of the members of a tiled band (the member that runs in vector lanes may get
    /// wider tiles, see `cache_bytes`); `0` turns tiling off.
    pub tile_size: i64,
    /// Bands with fewer members are not tiled.
    pub min_tile_depth: usize,
    /// Bound on isl's work for each run of its scheduler (operations); the strategy fails with
    /// [`LoopyError::Isl`] (`Budget`) beyond it. The driver bounds the strategy as a whole too
    /// (`optimist::Budgets::strategy`).
    pub max_operations: u64,
    /// The bytes a tile's data may take (the cache it should stay in): the member of a tiled
    /// band that runs in vector lanes gets tiles as wide as that allows (up to 2048, at least
    /// `tile_size`); `0` gives every member `tile_size`.
    pub cache_bytes: u64,
    /// Whether a stencil's time loop may be tiled with its first space loop, the tiles run as
    /// a wavefront with the tiles of one wave in parallel (Pluto's parallelogram tiles; the
    /// loops inside each tile stay the program's). Both back ends gain: jacobi2d on
    /// 1300x1300 elements ran 1.5x faster on 2 threads in C and in native code, fdtd2d 2x.
    pub time_tiles: bool,
    /// The bytes a time tile's data may take (the cache it should stay in, per core): time
    /// tiles are used only when one time step touches more, and a tile no more.
    pub time_tile_bytes: u64,
    /// The same for tiles of rows, a one-dimensional stencil's (its space loop inside the
    /// time loop is the innermost, and a step's data is a row or two): half of a 32 KiB L1
    /// cache, so that the tile stays there while the row it is part of streams from L2 (a
    /// row that fills all of L1 leaves it at each sweep: jacobi1d's two rows of 2048 points).
    pub time_row_bytes: u64,
    /// The most schedule coefficients isl's scheduler may have to find for one strongly
    /// connected component of the dependence graph (per statement it sees, one per loop
    /// iterator and per parameter, and a constant; statements that run together are one,
    /// see `Grouped`). Its integer programs are over the coefficients of a whole component,
    /// and their time grows much faster than their number: 26 (`corpus/suite/gramschmidt.c`)
    /// took 19 ms per run of the scheduler, 34 (`corpus/pathological/long_stencil.c`) 17 ms,
    /// 44 (`adi.c`, 14 statements in 8 groups, one component through its time loop) 83 ms, the
    /// most of any kernel of the corpus and the suite; two runs per compile. Beyond the bound the program's order is the
    /// starting point (interchange and index-set splits are still tried), and
    /// [`Departure::LargeComponent`] says so. Polly bounds the same integer programs by counted
    /// operations (`-polly-schedule-computeout`) and keeps the program's order beyond them.
    pub max_component_coefficients: usize,
    /// The parameter values the strategy's estimates take as typical (a compiler that knows
    /// the sizes a kernel is called with, from a profile or the call site, says so here); a
    /// parameter not named is taken at [`TYPICAL_EXTENT`] (1024). Only the choice between
    /// candidates depends on them: the code is correct for every value.
    pub typical: Vec<(String, i64)>,
}

impl Default for AutoConfig {
    /// 32 (a 32×32 block of `f64` is 8 KiB: three fit in a 32 KiB L1 cache), bands of 2 or more,
    /// 2 000 000 operations.
    fn default() -> Self {
        AutoConfig {
            tile_size: 32,
            min_tile_depth: 2,
            max_operations: 2_000_000,
            cache_bytes: 512 * 1024,
            time_tiles: true,
            time_tile_bytes: 2 * 1024 * 1024,
            time_row_bytes: 16 * 1024,
            max_component_coefficients: 40,
            typical: Vec::new(),
        }
    }
}

/// Chooses a schedule for `scop` with isl's scheduler (validity: every dependence; proximity:
/// flow dependences; coincidence: every dependence) and tiles its outermost permutable band;
/// keeps the program's order instead when that order is better on what makes loops fast (unit
/// stride innermost, then a parallel loop, then vector loops; and on a tie, when the tiled
/// schedule is a wavefront while the program has a parallel loop), saying so in
/// [`Transformed::departures`]; the estimates of both on the target (`cost`, recorded in
/// [`Decision::Estimates`]) overrule that choice where one is at least 5/4 faster; tiles a stencil's time loop with its first space loop instead
/// when one time step's data leaves the cache (`time`). Marks the outermost loop that carries
/// no dependence parallel (when there is none and the outermost band is tiled, its tiles run as
/// a wavefront whose waves' tiles are parallel), and
/// the innermost loop of each group of statements vector when it carries no dependence between
/// them and moves their accesses by at most one element; verifies the result.
///
/// Candidates are assessed and verified untiled: tile loops are functions of the point loops
/// (`floor(x / 32)`), and relations with them make every isl operation on dependences
/// much dearer. Products are register-blocked when the `target` asks for it
/// ([`Target::register_blocks`]). Tiling a band is then shown legal on its own (`verify::tiling`: the
/// band is permutable for every dependence it leaves undecided), and the tile loops are added to
/// the verified relation last; a band whose tiling cannot be shown legal stays untiled.
pub fn auto(
    scop: &Scop,
    deps: &Dependences,
    config: &AutoConfig,
    target: &Target,
) -> Result<Transformed, LoopyError> {
    let mut s = Search::new(scop, deps, config, target)?;
    let (statements, coefficients) = s.grouped.largest_component(scop)?;
    if coefficients > config.max_component_coefficients {
        // isl's integer programs would span the whole component: the program's order, which
        // the candidates below may still improve on, is where the search starts.
        let why = Departure::LargeComponent {
            statements,
            coefficients,
            max: config.max_component_coefficients,
        };
        let original = s.original()?;
        let (chosen, mut departures, which) =
            s.interchange(original, vec![why.clone()], ScheduleChoice::Original)?;
        if !departures.contains(&why) {
            departures.insert(0, why);
        }
        let (chosen, departures) = s.split(chosen, departures)?;
        return s.finish(chosen, which, departures, None);
    }
    let (isl, isl_band) = s.isl_schedule()?;
    let (tiled, which) = s.components_apart(isl)?;
    let (chosen, departures, which) = s.against_program_order(tiled, which)?;
    let time_note = match s.time_tiles(&chosen, isl_band.as_ref())? {
        Ok(time_tiled) => return Ok(time_tiled),
        Err(note) => note,
    };
    let (chosen, departures, which) = s.interchange(chosen, departures, which)?;
    let (chosen, departures) = s.split(chosen, departures)?;
    s.finish(chosen, which, departures, time_note)
}

/// One run of the strategy: its inputs, the statement-level dependences, and the clock of
/// its stages. Each phase of [`auto`] is a method.
struct Search<'a> {
    scop: &'a Scop,
    deps: &'a Dependences,
    config: &'a AutoConfig,
    /// Every statement-level dependence.
    all: UnionMap,
    domains: UnionSet,
    /// What isl's scheduler is given: statements that run together in the program's order
    /// and belong to one strongly connected component as one statement ([`Grouped`]).
    grouped: Grouped,
    /// How the back end runs loops in lanes ([`Lanes`]).
    unrolled: Lanes,
    /// The shape of a product's register blocks ([`Target::block`]).
    block: crate::BlockShape,
    /// Whether a product may be register-blocked ([`Target::register_blocks`] and
    /// [`maybe_product`]).
    product: bool,
    /// The target, for the estimates.
    target: Target,
    /// The parameter values the estimates are taken at, and the set of them.
    typical: (Vec<(String, i64)>, optimist_presburger::Set),
    /// The candidates estimated so far.
    estimates: Vec<(ScheduleChoice, crate::Estimate)>,
    /// The estimate of the schedule chosen, as it runs.
    chosen: Option<crate::Estimate>,
    clock: Clock,
}

/// A candidate whose tilings were checked and whose products were blocked
/// ([`Search::tilings`]): its relation and marks untiled, the tilings kept, the blocks, and the
/// decisions (the blocks' lines go at `blocks_at` once the verifier has accepted them).
struct Tiled {
    theta: UnionMap,
    parallel: Vec<usize>,
    vector: Vec<(BTreeSet<StmtId>, usize)>,
    jam: Vec<(BTreeSet<StmtId>, usize)>,
    kept: Vec<(Tiling, usize, Vec<bool>)>,
    blocks: Vec<Block>,
    decisions: Vec<Decision>,
    blocks_at: usize,
}

/// isl's first band, when permutable: its members and how many (time tiles come from it).
type IslBand = (UnionMap, usize);

impl<'a> Search<'a> {
    fn new(
        scop: &'a Scop,
        deps: &'a Dependences,
        config: &'a AutoConfig,
        target: &Target,
    ) -> Result<Search<'a>, LoopyError> {
        let mut clock = Clock::start();
        let all = deps.all_statements()?;
        let raw = deps.statements(DepKind::Raw, false)?;
        let domains = scop.domains()?;
        let grouped = Grouped::of(scop, &all, &raw, &domains)?;
        clock.lap("statement dependences");
        Ok(Search {
            scop,
            deps,
            config,
            all,
            grouped,
            domains,
            product: target.register_blocks && maybe_product(scop, target.block)?,
            unrolled: Lanes::of(target, scop, deps)?,
            block: target.block,
            target: target.clone(),
            typical: cost::typical_values(scop, &config.typical)?,
            estimates: Vec::new(),
            chosen: None,
            clock,
        })
    }

    /// `c`'s estimate ([`cost::estimate`]; its tilings are checked first) and its total on
    /// one thread, recorded as `which`'s; `None` when isl could not make it (the choice then
    /// goes by the marks alone).
    fn estimate(
        &mut self,
        c: &mut Candidate,
        which: ScheduleChoice,
    ) -> Result<Option<(crate::Estimate, u64)>, LoopyError> {
        let e = self.estimate_of(c)?;
        if let Some((e, _)) = e {
            self.estimates.retain(|(w, _)| *w != which);
            self.estimates.push((which, e));
        }
        Ok(e)
    }

    /// `c`'s estimate and its total on one thread, not recorded.
    fn estimate_of(
        &mut self,
        c: &mut Candidate,
    ) -> Result<Option<(crate::Estimate, u64)>, LoopyError> {
        c.check_tilings(self.scop, &self.all)?;
        self.estimate_with(&c.assessed, &c.legal_tilings())
    }

    /// The estimate of `a` with `tilings`; `None` when isl could not make it or it overflowed.
    fn estimate_with(
        &mut self,
        a: &Assessed,
        tilings: &[(&Tiling, usize, &[bool])],
    ) -> Result<Option<(crate::Estimate, u64)>, LoopyError> {
        let made = cost::estimate(self.scop, a, tilings, &self.target, &self.typical.1);
        self.clock.lap("estimate");
        match made {
            Ok(e) => Ok(Some(e)),
            Err(e @ (IslError::Budget | IslError::Deadline)) => Err(e.into()),
            Err(_) => Ok(None),
        }
    }

    /// The legal tilings of `c` whose tiles are estimated to move no less data than its loops
    /// untiled (a streaming band: each element used once wherever the tiles cut), and to take
    /// no less time (short reductions overlap, `cost::SHORT_CHAIN`), by their index, with the
    /// data's estimate: their tile loops would cost bounds and guards for nothing. Compared
    /// with `self.chosen`, the estimate of `c` with all its legal tilings. Only where a loop is
    /// free for every statement: otherwise the threads go to a tile loop (or the tiles run as
    /// a wavefront), and the tiles stay. A product's band keeps its tiles (its register blocks
    /// need them).
    fn idle_tilings(&mut self, c: &Candidate) -> Result<Vec<(usize, u64)>, LoopyError> {
        let Some(with) = self.chosen else {
            return Ok(Vec::new());
        };
        if self.product || c.assessed.parallel.is_empty() || with.total_ns == u64::MAX {
            return Ok(Vec::new());
        }
        let checked = c.checked.as_deref().unwrap_or_default();
        let mut idle = Vec::new();
        for k in 0..c.tilings.len() {
            if checked.get(k).is_none_or(Option::is_none) {
                continue;
            }
            let without: Vec<(&Tiling, usize, &[bool])> = c
                .tilings
                .iter()
                .zip(checked)
                .enumerate()
                .filter(|&(j, _)| j != k)
                .filter_map(|(_, ((t, p), zero))| Some((t, *p, zero.as_deref()?)))
                .collect();
            if let Some((e, _)) = self.estimate_with(&c.assessed, &without)?
                && e.memory_ns <= with.memory_ns
                && e.total_ns <= with.total_ns
            {
                idle.push((k, with.memory_ns));
            }
        }
        Ok(idle)
    }

    /// The estimates made, as a decision.
    fn estimates(&self) -> Option<Decision> {
        let compared = |e: &crate::Estimate| self.estimates.iter().any(|(_, f)| f == e);
        (!self.estimates.is_empty() || self.chosen.is_some()).then(|| Decision::Estimates {
            at: self.typical.0.clone(),
            candidates: self.estimates.clone(),
            chosen: self.chosen.filter(|e| !compared(e)),
        })
    }

    /// isl's scheduler, its first band marked for tiling (members ordered for unit stride).
    fn isl_schedule(&mut self) -> Result<(Candidate, Option<IslBand>), LoopyError> {
        let (scop, config, all, grouped) = (self.scop, self.config, &self.all, &self.grouped);
        let ctx = &scop.ctx;
        let mut tilings = Vec::new();
        let mut isl_band = None;
        let schedule = ctx.with_budget(config.max_operations, || {
            let mut schedule = grouped.schedule(scop, false)?;
            if let Some(band) = first_band(&schedule.root()?)?
                && band.band_permutable()?
            {
                let n = band.band_n_member()?;
                let members = band.band_partial_schedule()?;
                isl_band = Some((members.clone(), n));
                let (placed, _, lanes) = stride_one_innermost(scop, &band)?;
                schedule = if config.tile_size > 0 && n >= config.min_tile_depth.max(1) {
                    let sizes = tile_sizes(scop, &band.domain()?, &members, n, lanes, config)?;
                    mark_tiling(scop, placed, members, n, sizes, &mut tilings)?
                } else {
                    placed
                }
                .schedule()?;
            }
            Ok(schedule)
        })?;
        self.clock.lap("isl scheduler");
        let tiled = Candidate::of(
            scop,
            all,
            self.unrolled.clone(),
            &schedule,
            tilings,
            &self.domains,
        )?;
        self.clock.lap("assess isl's schedule");
        Ok((tiled, isl_band))
    }

    /// isl fuses what it can; where that costs unit stride, threads or lanes, the schedule with
    /// every strongly connected component apart (each band tiled) may do better. So may it
    /// where a product shares its band with another statement (PolyBench's gemm scales `C` in
    /// the product's `i` loop): apart, the product's band can be register-blocked.
    fn components_apart(
        &mut self,
        mut tiled: Candidate,
    ) -> Result<(Candidate, ScheduleChoice), LoopyError> {
        let (scop, deps, config, all, grouped) =
            (self.scop, self.deps, self.config, &self.all, &self.grouped);
        let ctx = &scop.ctx;
        let (product, shape) = (self.product, self.block);
        let mut which = ScheduleChoice::Isl;
        if tiled.assessed.best() && !product {
            return Ok((tiled, which));
        }
        let mut tilings = Vec::new();
        let apart = ctx.with_budget(config.max_operations, || {
            let computed = grouped.schedule(scop, true)?;
            tile_all(scop, computed.root()?, config, &mut tilings)?.schedule()
        })?;
        self.clock.lap("isl scheduler, components apart");
        let mut distributed = Candidate::of(
            scop,
            all,
            self.unrolled.clone(),
            &apart,
            tilings,
            &self.domains,
        )?;
        self.clock.lap("assess the distributed schedule");
        // Register blocks decide between equals.
        let blocks = |c: &mut Candidate| -> Result<usize, IslError> {
            if !product {
                return Ok(0);
            }
            c.check_tilings(scop, all)?;
            let legal = c.legal_tilings();
            let blocks =
                register_blocks(scop, &c.assessed.theta, &legal, &c.assessed.vector, shape)?;
            Ok(blocks.len())
        };
        let better = distributed.assessed.score() > tiled.assessed.score()
            || (distributed.assessed.score() == tiled.assessed.score()
                && blocks(&mut distributed)? > blocks(&mut tiled)?);
        // Its loops were moved by hand (`sink_innermost`): the verifier has the last word.
        if better
            && verify_with(
                scop,
                deps,
                &distributed.assessed.theta,
                &[],
                &distributed.assessed.differences,
            )
            .is_ok()
        {
            tiled = distributed;
            which = ScheduleChoice::IslApart;
        }
        self.clock.lap("verify the distributed schedule");
        Ok((tiled, which))
    }

    /// The automatic schedule must beat the program's own order on what makes loops fast;
    /// otherwise the program's order is kept (with its marks), and the departure says why.
    /// When the automatic schedule has the best score and no wavefront, the program's order
    /// cannot win, and is not assessed.
    fn against_program_order(
        &mut self,
        mut tiled: Candidate,
        which: ScheduleChoice,
    ) -> Result<(Candidate, Vec<Departure>, ScheduleChoice), LoopyError> {
        let theirs = self.estimate(&mut tiled, which)?;
        let mut original = self.original()?;
        // For C, a parallel loop the program's order lacks gains nothing where the C is
        // compiled without OpenMP, as the program was (`reorder`: isl's two loops, each
        // parallel, against the program's one whose anti dependence goes forward in its body,
        // 0.81-0.89x with gcc and clang on one thread): the marks tie but for threads, and the
        // estimate on one thread decides.
        let for_c = self.target.kind == crate::TargetKind::C;
        let threads_only = move |o: &Assessed, t: &Assessed| {
            for_c
                && o.unit_stride == t.unit_stride
                && o.hot_in_lanes == t.hot_in_lanes
                && o.hot_in_whole_loops == t.hot_in_whole_loops
                && o.parallel.is_empty()
                && !t.parallel.is_empty()
        };
        // The best score and no wavefront: only the program's order with the same score may
        // still be as fast (the same loops in lanes, not split apart).
        if tiled.assessed.best()
            && !tiled.assessed.outer_carries
            && original.assessed.score() < tiled.assessed.score()
            && !threads_only(&original.assessed, &tiled.assessed)
        {
            return Ok((tiled, Vec::new(), which));
        }
        let ours = self.estimate(&mut original, ScheduleChoice::Original)?;
        let keep_original = self.by_marks(&original, &tiled)?;
        // The estimates overrule the marks where they say clearly otherwise, on the target's
        // threads and on one (a kernel must not get slower where fewer threads run it).
        if let (Some((o, o1)), Some((t, t1))) = (ours, theirs) {
            // An estimate that overflowed (loops nested eight deep at 1024 iterations each)
            // decides nothing.
            let clearly = |a: u64, b: u64| {
                b != u64::MAX
                    && (a as u128) * (ESTIMATE_MARGIN.0 as u128)
                        <= (b as u128) * (ESTIMATE_MARGIN.1 as u128)
            };
            let by_estimate = |chosen: ScheduleChoice, over: ScheduleChoice, c: u64, v: u64| {
                Departure::ByEstimate {
                    chosen,
                    over,
                    chosen_ns: c,
                    over_ns: v,
                }
            };
            match &keep_original {
                None if clearly(o.total_ns, t.total_ns) && o1 <= t1 => {
                    let why = by_estimate(ScheduleChoice::Original, which, o.total_ns, t.total_ns);
                    return Ok((original, vec![why], ScheduleChoice::Original));
                }
                // Marks that tie decide nothing: the estimates do, and the program's order
                // stays unless the automatic schedule is estimated faster (on the target's
                // threads, then on one).
                None if original.assessed.score() == tiled.assessed.score()
                    && (o.total_ns, o1) <= (t.total_ns, t1) =>
                {
                    let why = Departure::NotFaster {
                        other: which,
                        kept_ns: o.total_ns,
                        other_ns: t.total_ns,
                    };
                    return Ok((original, vec![why], ScheduleChoice::Original));
                }
                None if threads_only(&original.assessed, &tiled.assessed) && o1 <= t1 => {
                    let why = Departure::NotFasterAlone {
                        other: which,
                        kept_ns: o1,
                        other_ns: t1,
                    };
                    return Ok((original, vec![why], ScheduleChoice::Original));
                }
                Some(_) if clearly(t.total_ns, o.total_ns) && t1 <= o1 => {
                    let why = by_estimate(which, ScheduleChoice::Original, t.total_ns, o.total_ns);
                    return Ok((tiled, vec![why], which));
                }
                _ => {}
            }
        }
        Ok(match keep_original {
            Some(why) => (original, vec![why], ScheduleChoice::Original),
            None => (tiled, Vec::new(), which),
        })
    }

    /// Whether the marks keep the program's order against `tiled`, and why.
    fn by_marks(
        &self,
        original: &Candidate,
        tiled: &Candidate,
    ) -> Result<Option<Departure>, LoopyError> {
        // On a tie, a schedule whose outermost loop carries a dependence (time tiles run as a
        // wavefront) loses to a program order with a parallel loop: its tiles need guards and
        // skewed bounds inside, which cost more than the locality they give.
        let (o, t) = (&original.assessed, &tiled.assessed);
        // Threads do not pay for an array streamed once more (atax: `A` read by one loop nest
        // in the program, by two once the reduction and the update are apart; 0.78x of cc -O3
        // on one thread, and the same C runs on one thread or two).
        if o.unit_stride == t.unit_stride
            && in_lanes(self.scop, t)?.is_subset(&in_lanes(self.scop, o)?)
        {
            let ours = sweeps(self.scop, &o.theta, self.config.cache_bytes)?;
            let theirs = sweeps(self.scop, &t.theta, self.config.cache_bytes)?;
            if let Some((a, n, m)) = ours
                .iter()
                .zip(&theirs)
                .enumerate()
                .find(|(_, (n, m))| m > n && **n > 0)
                .map(|(a, (n, m))| (a, *n, *m))
            {
                return Ok(Some(Departure::MoreSweeps {
                    array: self.scop.arrays[ScopArrayId(a as u32)].name.clone(),
                    ours: n,
                    theirs: m,
                }));
            }
        }
        let wavefront = o.score() == t.score() && t.outer_carries && !o.parallel.is_empty();
        Ok(
            (o.score() > t.score() || wavefront).then(|| Departure::OriginalKept {
                ours: o.describe(),
                theirs: t.describe(),
                wavefront,
            }),
        )
    }

    /// The program's order, assessed.
    fn original(&mut self) -> Result<Candidate, LoopyError> {
        let scop = self.scop;
        let original = Candidate::of(
            scop,
            &self.all,
            self.unrolled.clone(),
            &scop.schedule,
            Vec::new(),
            &self.domains,
        )?;
        self.clock.lap("assess the original order");
        Ok(original)
    }

    /// A time loop outermost: its first space loop and it may be tiled together (a stencil
    /// whose steps' data do not stay in the cache). `Ok(Ok(_))`: the strategy's result;
    /// `Ok(Err(note))`: no time tiles, and why when they were considered.
    fn time_tiles(
        &mut self,
        chosen: &Candidate,
        isl_band: Option<&IslBand>,
    ) -> Result<Result<Transformed, Option<Decision>>, LoopyError> {
        let (scop, deps, config) = (self.scop, self.deps, self.config);
        let Some((band, n)) = isl_band
            .filter(|_| chosen.assessed.outer_carries && config.time_tiles && config.tile_size > 0)
        else {
            return Ok(Err(None));
        };
        let original = flat(scop, &scop.schedule)?.intersect_domain(&self.domains)?;
        let made = time::time_tiles(
            scop,
            deps,
            &self.all,
            self.unrolled.clone(),
            band,
            *n,
            &original,
            config,
        )?;
        self.clock.lap("time tiles");
        let t = match made {
            Ok(t) => t,
            Err(why) => {
                return Ok(Err(Some(Decision::NoTimeTiles(why.typed()))));
            }
        };
        let mut decisions = vec![
            Decision::Schedule(ScheduleChoice::TimeTiles),
            Decision::LoopNests(loop_nests(scop, &t.theta)?),
        ];
        decisions.extend(self.estimates());
        decisions.extend([Decision::TimeTiles {
            stmts: scop.stmts.iter().map(|s| s.name.clone()).collect(),
            sizes: t.sizes,
            rows: t.rows,
            step_kib: t.step_bytes / 1024,
            tile_kib: t.tile_bytes / 1024,
            at: MEASURED_AT,
        }]);
        let schedule = crate::verify::schedule_of(scop, &t.theta)?;
        Ok(Ok(Transformed {
            schedule,
            theta: t.theta,
            parallel: t.parallel,
            vector: t.vector,
            jam: t.jam,
            registers: Vec::new(),
            departures: vec![Departure::TimeTiles],
            decisions,
            stages: std::mem::take(&mut self.clock.stages),
        }))
    }

    /// The program's order with two innermost loops interchanged, when that scores higher
    /// ([`interchange_loops`]).
    fn interchange(
        &mut self,
        chosen: Candidate,
        departures: Vec<Departure>,
        which: ScheduleChoice,
    ) -> Result<(Candidate, Vec<Departure>, ScheduleChoice), LoopyError> {
        let found = interchange_loops(
            self.scop,
            &self.all,
            self.unrolled.clone(),
            &chosen,
            &self.domains,
        )?;
        self.clock.lap("interchange loops");
        Ok(match found {
            Some((interchanged, why)) => (
                interchanged,
                vec![why],
                ScheduleChoice::OriginalInterchanged,
            ),
            None => (chosen, departures, which),
        })
    }

    /// Index-set splits where they put a statement in lanes or a loop on threads
    /// ([`split_loops`]), then the candidate verified with its marks.
    fn split(
        &mut self,
        chosen: Candidate,
        departures: Vec<Departure>,
    ) -> Result<(Candidate, Vec<Departure>), LoopyError> {
        let (scop, deps) = (self.scop, self.deps);
        let (mut chosen, departures) = split_loops(
            scop,
            deps,
            &self.all,
            self.unrolled.clone(),
            chosen,
            departures,
        )?;
        self.clock.lap("split loops");
        // A split or interchanged candidate was verified with its marks when it was chosen.
        if !chosen.assessed.verified {
            chosen.assessed.verify(scop, deps)?;
        }
        self.clock.lap("verify");
        Ok((chosen, departures))
    }

    /// The chosen candidate finished: its tilings and blocks ([`Self::tilings`]), then its
    /// tile loops and marks ([`Self::marks`]).
    fn finish(
        mut self,
        mut chosen: Candidate,
        which: ScheduleChoice,
        departures: Vec<Departure>,
        time_note: Option<Decision>,
    ) -> Result<Transformed, LoopyError> {
        self.chosen = self.estimate_of(&mut chosen)?.map(|(e, _)| e);
        let tiled = self.tilings(chosen, which, &departures, time_note)?;
        self.marks(tiled, departures)
    }

    /// The chosen candidate's tilings checked on their own, its products register-blocked
    /// (their tiles deepened), and the decisions so far.
    fn tilings(
        &mut self,
        mut chosen: Candidate,
        which: ScheduleChoice,
        decision: &[Departure],
        time_note: Option<Decision>,
    ) -> Result<Tiled, LoopyError> {
        let (scop, config, all) = (self.scop, self.config, &self.all);
        let product = self.product;
        let estimates = self.estimates();
        // Each tiling on its own (once: register blocks may have asked already); one that cannot
        // be shown legal is left out (its band runs untiled, in the verified order).
        chosen.check_tilings(scop, all)?;
        let idle = self.idle_tilings(&chosen)?;
        let clock = &mut self.clock;
        let Candidate {
            assessed:
                Assessed {
                    theta,
                    parallel,
                    vector,
                    jam,
                    ..
                },
            tilings,
            checked,
        } = chosen;
        let mut idle_lines = Vec::new();
        let mut kept_tilings: Vec<(Tiling, usize, Option<Vec<bool>>)> = Vec::new();
        for (k, ((t, p), zero)) in tilings
            .into_iter()
            .zip(checked.unwrap_or_default())
            .enumerate()
        {
            match idle.iter().find(|(i, _)| *i == k) {
                Some(&(_, memory_ns)) => idle_lines.push(Decision::IdleTiles {
                    stmts: Tiles::statements(scop, &t)?
                        .iter()
                        .map(|&s| scop.stmt(s).name.clone())
                        .collect(),
                    dim: p,
                    memory_ns,
                }),
                None => kept_tilings.push((t, p, zero)),
            }
        }
        let mut checked = kept_tilings;
        // A product's band is register-blocked; its reduction's tiles are then deeper (the block
        // is loaded and stored once per reduction tile), its rows' too (the C packs the operand
        // along the columns once per row tile).
        let blocks = if product {
            let legal: Vec<(&Tiling, usize, &[bool])> = checked
                .iter()
                .filter_map(|(t, p, z)| Some((t, *p, z.as_deref()?)))
                .collect();
            register_blocks(scop, &theta, &legal, &vector, self.block)?
        } else {
            Vec::new()
        };
        for b in &blocks {
            for (t, p, _) in checked.iter_mut() {
                if *p == b.p && Tiles::statements(scop, t)?.contains(&b.stmt) {
                    t.sizes[b.depth_member] = t.sizes[b.depth_member].max(b.shape.depth);
                    // Whole blocks in every row tile (a block across two tiles is never whole).
                    let rows = t.sizes[b.rows_member].max(b.shape.tile_rows);
                    t.sizes[b.rows_member] =
                        (rows + b.shape.rows - 1) / b.shape.rows * b.shape.rows;
                    // The packed operand's tile (the reduction's tile by the columns') fills
                    // the cache the tiles are sized for, in whole blocks.
                    let panel = i64::try_from(config.cache_bytes).unwrap_or(i64::MAX)
                        / (b.shape.depth * b.elem).max(1);
                    let columns = panel / b.columns_wide * b.columns_wide;
                    t.sizes[b.columns_member] = t.sizes[b.columns_member].max(columns);
                }
            }
        }
        let mut decisions = vec![
            Decision::Schedule(which),
            Decision::LoopNests(loop_nests(scop, &theta)?),
        ];
        decisions.extend(estimates);
        let untiled_by_estimate = !idle_lines.is_empty();
        decisions.extend(idle_lines);
        if checked.is_empty() && !untiled_by_estimate && which.is_isl() {
            decisions.push(Decision::NoBand {
                min_depth: config.min_tile_depth.max(1),
            });
        }
        let mut kept = Vec::new();
        for (t, p, zero) in checked {
            let stmts = Tiles::statements(scop, &t)?
                .iter()
                .map(|&s| scop.stmt(s).name.clone())
                .collect::<Vec<_>>();
            if let Some(zero) = zero {
                let wide = t
                    .sizes
                    .iter()
                    .any(|&z| z > config.tile_size)
                    .then_some(config.cache_bytes);
                decisions.push(Decision::Tiled {
                    stmts,
                    dim: p,
                    sizes: t.sizes.clone(),
                    wide,
                    narrowed: t.sizes.iter().any(|&z| z < config.tile_size),
                });
                kept.push((t, p, zero));
            } else {
                decisions.push(Decision::NotTiled { stmts, dim: p });
            }
        }
        // The register blocks' lines go here, once the verifier has accepted them.
        let blocks_at = decisions.len();
        if !decision.is_empty() {
            decisions.push(Decision::Departed(decision.to_vec()));
        }
        decisions.extend(time_note);
        clock.lap("verify the tilings");
        Ok(Tiled {
            theta,
            parallel,
            vector,
            jam,
            kept,
            blocks,
            decisions,
            blocks_at,
        })
    }

    /// The tile loops added to the verified relation, the marks moved to them (a wavefront of
    /// tiles where nothing is parallel), the register blocks applied, and the result.
    fn marks(mut self, tiled: Tiled, decision: Vec<Departure>) -> Result<Transformed, LoopyError> {
        let (scop, deps) = (self.scop, self.deps);
        let clock = &mut self.clock;
        let Tiled {
            theta,
            parallel,
            vector,
            jam,
            kept,
            blocks,
            mut decisions,
            blocks_at,
        } = tiled;
        let everyone: BTreeSet<StmtId> = scop.stmts.keys().collect();
        let tiles = Tiles::new(&kept);
        // The marks, moved to the dimensions of the tiled relation. A band's tile loop is
        // parallel when its member's distances are all zero; the point loop otherwise.
        // A tiled band's tile loops keep isl's order of its members while its point loops were
        // reordered for unit stride, so a tile loop may carry nothing where no dimension of the
        // untiled relation is free (atax: `y[j] += ...` in `j, i` tiles, `i, j` points).
        let mut parallel_marks = Vec::new();
        let free = parallel.first().copied();
        let mut rest = everyone.clone();
        for (t, p, zero) in &kept {
            if free.is_none_or(|d| *p <= d)
                && let Some(j) = zero.iter().position(|&z| z)
            {
                let stmts = Tiles::statements(scop, t)?;
                rest.retain(|s| !stmts.contains(s));
                parallel_marks.push(crate::Mark {
                    dim: tiles.tile_dim(*p, j),
                    stmts,
                });
            }
        }
        if let Some(d) = free
            && !rest.is_empty()
        {
            parallel_marks.push(crate::Mark {
                dim: tiles.shift(d),
                stmts: rest,
            });
        }
        // A vector loop or a jammed loop with a tiled band inside it would not be where the marks
        // say (a tile loop would come between): such marks are dropped.
        let moved = |marks: Vec<(BTreeSet<StmtId>, usize)>| -> Result<Vec<crate::Mark>, IslError> {
            let mut out = Vec::new();
            for (stmts, d) in marks {
                if !tiles.inside(scop, &kept, &stmts, d)? {
                    out.push(crate::Mark {
                        dim: tiles.shift(d),
                        stmts,
                    });
                }
            }
            Ok(out)
        };
        let vector = moved(vector)?;
        let jam = moved(jam)?;
        let mut theta = tiles.apply(scop, &theta, &kept)?;
        clock.lap("tile the relation");
        // Tiles with nothing in parallel: each band's tiles as a wavefront (each band's
        // statements apart, verified with the waves accepted before).
        if parallel_marks.is_empty() {
            for (t, p, _) in kept.iter().filter(|(t, _, _)| t.n >= 2) {
                let stmts = Tiles::statements(scop, t)?;
                if let Some((waves, mark)) = time::wavefront(
                    scop,
                    deps,
                    &theta,
                    tiles.tile_dim(*p, 0),
                    &stmts,
                    &parallel_marks,
                    &vector,
                )? {
                    theta = waves;
                    decisions.push(Decision::Wavefront {
                        stmts: stmts.iter().map(|&s| scop.stmt(s).name.clone()).collect(),
                    });
                    parallel_marks.push(mark);
                }
            }
            clock.lap("wavefront");
        }
        let (theta, (parallel_marks, vector, jam, registers)) = with_blocks(
            scop,
            deps,
            theta,
            &tiles,
            &blocks,
            parallel_marks,
            vector,
            jam,
        )?;
        clock.lap("register blocks");
        let lines = blocks.iter().map(|b| {
            let stmt = scop.stmt(b.stmt).name.clone();
            if registers.is_empty() {
                Decision::NoRegisterBlock { stmt }
            } else {
                Decision::RegisterBlock {
                    stmt,
                    rows: b.shape.rows,
                    columns: b.columns_wide,
                    tile_rows: b.shape.tile_rows,
                    depth: b.shape.depth,
                }
            }
        });
        decisions.splice(blocks_at..blocks_at, lines);
        // Nests no parallel mark reaches (the one dimension parallel for every statement
        // leaves them out) whose outermost loop carries nothing, or nothing but scalars each
        // thread may keep a copy of (`private.rs`). On one thread too: such a loop may run its
        // iterations in strips side by side (`codegen`'s `decide`).
        let mut parallel_marks = parallel_marks;
        {
            let mut unmarked = everyone.clone();
            for m in &parallel_marks {
                unmarked.retain(|s| !m.stmts.contains(s));
            }
            let privates = crate::private::Privates::of(scop);
            for m in crate::private::nest_marks(scop, deps, &theta, &unmarked, &privates)? {
                let (stmts, dim) = (m.stmts, m.dim);
                let names = stmts.iter().map(|&s| scop.stmt(s).name.clone()).collect();
                decisions.push(if m.private {
                    Decision::Private { stmts: names, dim }
                } else {
                    Decision::NestParallel { stmts: names, dim }
                });
                parallel_marks.push(crate::Mark { dim, stmts });
            }
            clock.lap("parallel nests");
        }
        // Code is generated from the verified relation itself, so that it follows the order checked.
        let schedule = crate::verify::schedule_of(scop, &theta)?;
        clock.lap("schedule tree of the relation");
        Ok(Transformed {
            schedule,
            theta,
            parallel: parallel_marks,
            vector,
            jam,
            registers,
            departures: decision,
            decisions,
            stages: std::mem::take(&mut clock.stages),
        })
    }
}

/// Whether some statement may be a product ([`register_blocks`]): in three loops or more, it
/// reads the element of a two-dimensional array or more that it writes (an accumulation).
fn maybe_product(scop: &Scop, shape: crate::BlockShape) -> Result<bool, IslError> {
    for st in &scop.stmts {
        let write = scop.access(st.write);
        if st.domain.dim(DimType::SET)? < 3
            || scop.array(write.array).sizes.len() < 2
            || (shape.kernel_only && !kernel_form(scop, st, shape.kernel_products))
        {
            continue;
        }
        for &a in &st.accesses {
            let read = scop.access(a);
            if a != st.write && read.array == write.array && read.relation == write.relation {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The statements of `theta` grouped by the loop nest they share: equal fixed dimensions up to
/// the first dimension where one of them varies (their outermost common loop), in the order
/// they run, as `{S0, S1}, {S2}`.
fn loop_nests(scop: &Scop, theta: &UnionMap) -> Result<Vec<Vec<String>>, IslError> {
    let mut nests: Vec<(Vec<i64>, Vec<String>)> = Vec::new();
    for m in theta.maps()? {
        let mut prefix = Vec::new();
        for d in 0..m.dim(DimType::Out)? {
            match m.plain_fixed(DimType::Out, d)? {
                Some(v) => prefix.push(v),
                None => break,
            }
        }
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        match nests.iter_mut().find(|(p, _)| *p == prefix) {
            Some((_, names)) => names.push(name),
            None => nests.push((prefix, vec![name])),
        }
    }
    nests.sort();
    let position = |n: &String| scop.stmts.iter().position(|s| &s.name == n);
    Ok(nests
        .into_iter()
        .map(|(_, mut names)| {
            names.sort_by_key(position);
            names
        })
        .collect())
}

/// The statements in the most loops (where the time goes) whose loop runs in `a`'s lanes: marked vector, and no statement of the same
/// loop left out (a statement beside a reduction in one loop is counted by the assessment, but
/// its loop does not run in lanes). Two statements are in one loop at dimension `d` when the
/// constant dimensions before `d` agree.
fn in_lanes(scop: &Scop, a: &Assessed) -> Result<BTreeSet<StmtId>, IslError> {
    let marked: BTreeSet<StmtId> = a
        .vector
        .iter()
        .flat_map(|(g, _)| g.iter().copied())
        .collect();
    let mut prefix: BTreeMap<StmtId, Vec<Option<i64>>> = BTreeMap::new();
    for m in a.theta.maps()? {
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        let Some(k) = scop.stmts.iter().position(|s| s.name == name) else {
            continue;
        };
        let mut fixed = Vec::new();
        for d in 0..m.dim(DimType::Out)? {
            fixed.push(m.plain_fixed(DimType::Out, d)?);
        }
        prefix.insert(StmtId(k as u32), fixed);
    }
    let mut deepest = 0;
    for st in scop.stmts.iter() {
        deepest = deepest.max(st.domain.dim(DimType::SET)?);
    }
    let mut out = BTreeSet::new();
    for (group, d) in &a.vector {
        for &s in group {
            let Some(ps) = prefix.get(&s) else { continue };
            let shares = |u: &Vec<Option<i64>>| {
                (0..*d).all(|k| match (ps.get(k), u.get(k)) {
                    (Some(Some(x)), Some(Some(y))) => x == y,
                    _ => true,
                })
            };
            let alone = prefix
                .iter()
                .all(|(u, pu)| marked.contains(u) || u.0 == s.0 || !shares(pu) || pu.len() <= *d);
            if alone && scop.stmt(s).domain.dim(DimType::SET)? == deepest {
                out.insert(s);
            }
        }
    }
    Ok(out)
}

/// How much faster (numerator over denominator) one candidate's estimate must be to overrule
/// the marks' choice: 5/4. The estimates rank the suite's kernels with a rank correlation of
/// about 0.9 on the AMD EPYC they were calibrated on, 0.83 (native code, one thread) and 0.70
/// (C, two threads) on the Intel Xeon of RESULTS' eighth part (`scripts/cost-rank.py`); a
/// closer call stays with the marks. Where the marks tie, the estimates decide alone.
const ESTIMATE_MARGIN: (u64, u64) = (5, 4);

/// The value a parameter is taken to have where the strategy estimates an array's size (a plan
/// does not know the sizes a kernel will be called with; bounds in the context come first).
pub const TYPICAL_EXTENT: u64 = 1024;

/// Per array of the model, how many loop nests of `theta` ([`loop_nests`]) stream it: 0 unless
/// its estimated size (parameters at [`TYPICAL_EXTENT`]) exceeds `cache_bytes` and every
/// statement that touches it is in no more loops than it has dimensions (an element is used
/// a bounded number of times: a nest over it takes as long as its memory traffic).
fn sweeps(scop: &Scop, theta: &UnionMap, cache_bytes: u64) -> Result<Vec<usize>, IslError> {
    let mut large = Vec::with_capacity(scop.arrays.len());
    for array in scop.arrays.iter() {
        let mut bytes = array.elem.size() as u64;
        for size in &array.sizes {
            let n = match size {
                optimist_scop::model::Size::Const(n) => *n,
                _ => TYPICAL_EXTENT,
            };
            bytes = bytes.saturating_mul(n);
        }
        large.push(array.sizes.len() >= 2 && bytes > cache_bytes);
    }
    for st in scop.stmts.iter() {
        let d = st.domain.dim(DimType::SET)?;
        for &a in &st.accesses {
            let k = scop.access(a).array.0 as usize;
            if d > scop.arrays[scop.access(a).array].sizes.len() {
                large[k] = false;
            }
        }
    }
    let mut count = vec![0; scop.arrays.len()];
    for nest in loop_nests(scop, theta)? {
        let mut seen = vec![false; scop.arrays.len()];
        for name in &nest {
            let Some(st) = scop.stmts.iter().find(|s| &s.name == name) else {
                continue;
            };
            for &a in &st.accesses {
                seen[scop.access(a).array.0 as usize] = true;
            }
        }
        for (k, s) in seen.into_iter().enumerate() {
            if s && large[k] {
                count[k] += 1;
            }
        }
    }
    Ok(count)
}

/// The options of isl's scheduler for the strategy (`serialize`: every strongly connected
/// component apart). Coefficients are bounded by 20, as Polly bounds them
/// (`-polly-opt-max-coefficient`): the scheduler's integer programs stay smaller (the
/// alternating-direction solver `corpus/suite/adi.c`: 0.82 to 0.71 s for the whole compile) and
/// no schedule of the corpus changes. Constant terms are not bounded: Polly's 20 changed the
/// schedule of a loop of 24 iterations (`corpus/preprocessed.c`).
fn scheduler_options(serialize: bool) -> ScheduleOptions {
    ScheduleOptions {
        serialize_sccs: serialize,
        max_coefficient: Some(20),
        ..ScheduleOptions::default()
    }
}

/// Wall time per stage.
struct Clock {
    last: std::time::Instant,
    stages: Vec<(&'static str, std::time::Duration)>,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            last: std::time::Instant::now(),
            stages: Vec::new(),
        }
    }

    /// Ends stage `name` now.
    fn lap(&mut self, name: &'static str) {
        let now = std::time::Instant::now();
        self.stages.push((name, now - self.last));
        self.last = now;
    }
}
