//! Tiling: the bands marked for tiling, their tile sizes (wider for the member in vector
//! lanes, as the cache allows), stride-one members innermost, and the tile loops added to the
//! verified relation ([`Tiles`]).
//!
//! # Design notes
//!
//! - **Tile sizes from the tile's data** (`tile_sizes`). Every member of a tiled band gets
//!   `AutoConfig::tile_size` (32) but the one `stride_one_innermost` put innermost for unit
//!   stride when it is coincident (it runs in lanes; seidel2d's skewed members and syrk's and
//!   cholesky's reductions measured slower wide, 0.87x and 0.92x against 1.32x and 2.1x), which gets the widest of `32 * 2^k` up to 2048 whose tile's data
//!   fits `AutoConfig::cache_bytes` (512 KiB). A vector loop pays each time it starts (its
//!   invariants loaded into registers, the last partial vector in scalar code), and gcc's
//!   prologue for a 32-iteration AVX loop costs as much as the loop; a wider tile only loses once
//!   its data leaves the cache. The data is measured with isl, not modelled: every parameter at
//!   2048, the tile around the middle of the band's values, per array the bounding box of the
//!   elements its accesses touch there, times the element size (an access the model
//!   over-approximates counts as unbounded; a model isl cannot measure keeps 32). gemm gets
//!   32 x 512 x 32 (264 KiB; its time does not move between 32 and 512 wide: 0.10-0.12 s on 2
//!   threads in both back ends), a 5x5 convolution 32 x 1024. A member `sink_innermost` moves
//!   below a reduction keeps 32 (native code measured slower with wider ones there). The
//!   decisions say when a tile was widened. The soak's tiny-tile setups set `cache_bytes: 0`.
//! - **Narrow tiles for columns** (`crowds_first`, `narrowest`). Where no member moves every
//!   access by at most one element (a transpose: `A[i][j] = B[j][i]`) and one access's lines
//!   in a tile of the base size would fill more than a quarter of the ways of a set of the
//!   first cache (rows a power of two apart), every member's tile is a line of elements (8
//!   `double`s, 16 `float`s): gcc ran tiles of 32 three times slower than tiles of 8 or 16 at
//!   every power of two measured (128 to 1024 a side), clang all alike. Rows that spread over
//!   the sets keep the base tiles (a 200 x 200 `float` transpose ran 0.70x in tiles of 16).
//!   The cost model's sets (`cost::crowded`) show what the tiles gain. The loop collection's transposes of 256 x 256 arrays ran 1.8x-8.2x faster than
//!   `gcc -O3 -march=native` on the program as written; a product's band (its `j` moves every
//!   access by one element) is not narrowed: 16 x 16 tiles made t2matmul 0.43x.
//! - **Which bands are tiled.** The fused candidate tiles its first permutable band, the
//!   distributed one every outermost permutable band (`tile_all`). Tiling every band of the fused
//!   schedule too was measured (`scripts/bench.sh 1 3` on the six suite kernels where it changes
//!   the schedule) and was slower on all six: atax's JIT 2.81x -> 1.56x, gemver's 8.30x -> 4.26x,
//!   bicg's C 3.83x -> 2.70x, blur2d, mvt and symm a little; it stays as it is.

use super::*;

/// Finds the first band node below `node` (through domain, filter, mark and single-child nodes).
pub(super) fn first_band(node: &ScheduleNode) -> Result<Option<ScheduleNode>, IslError> {
    let mut n = node.clone();
    loop {
        match n.node_type()? {
            ScheduleNodeType::Band => return Ok(Some(n)),
            ScheduleNodeType::Leaf | ScheduleNodeType::Sequence | ScheduleNodeType::Set => {
                return Ok(None);
            }
            _ if n.n_children()? == 1 => n = n.child(0)?,
            _ => return Ok(None),
        }
    }
}

/// A band of a candidate schedule chosen for tiling. Candidates are assessed and verified
/// untiled (cheap: no integer divisions in the relations); the tile loops are added to the
/// verified relation at the end ([`tile_theta`]), once [`crate::verify::tiling`] has shown that
/// tiling the band keeps every dependence in order.
pub(crate) struct Tiling {
    /// The band's members as isl's scheduler gave them (instances to values, in its order):
    /// the tile loops are `floor(member / size)`, in this order (tile numbers, not the first
    /// point of the tile: isl's AST generator then has no stride to find, and runs in half the
    /// time).
    pub(crate) members: UnionMap,
    /// The number of members.
    pub(crate) n: usize,
    /// The tile size of each member.
    pub(crate) sizes: Vec<i64>,
}

/// The identifier of the mark node above the band of tiling `k`.
pub(super) fn tile_mark(k: usize) -> String {
    format!("tile{k}")
}

/// Marks every outermost permutable band at or below `node` for tiling as the strategy tiles
/// its first one (members ordered for unit stride, a parallel stride-one member sunk below a
/// reduction band); the node at `node`'s position in the new tree.
pub(super) fn tile_all(
    scop: &Scop,
    node: ScheduleNode,
    config: &AutoConfig,
    tilings: &mut Vec<Tiling>,
) -> Result<ScheduleNode, IslError> {
    let lost = || IslError::InvalidArgument("schedule tree without parent".into());
    match node.node_type()? {
        ScheduleNodeType::Band if node.band_permutable()? => {
            let n = node.band_n_member()?;
            let members = node.band_partial_schedule()?;
            let (point, free, lanes) = stride_one_innermost(scop, &node)?;
            let (placed, sunk) = sink_innermost(&scop.ctx, point, free)?;
            // A member sunk below the band inside keeps the base size (wider measured slower
            // in native code there), and is not narrowed (a product's `j` under its `k`).
            let lanes = if sunk { TileLanes::Kept } else { lanes };
            if config.tile_size > 0 && n >= config.min_tile_depth.max(1) {
                let sizes = tile_sizes(scop, &node.domain()?, &members, n, lanes, config)?;
                mark_tiling(scop, placed, members, n, sizes, tilings)
            } else {
                Ok(placed)
            }
        }
        ScheduleNodeType::Leaf | ScheduleNodeType::Band => Ok(node),
        _ => {
            let mut n = node;
            for k in 0..n.n_children()? {
                n = tile_all(scop, n.child(k)?, config, tilings)?
                    .parent()?
                    .ok_or_else(lost)?;
            }
            Ok(n)
        }
    }
}

/// The parameters' value at which [`tile_sizes`] measures a tile's data.
pub(super) const MEASURED_AT: i64 = 2048;
/// The widest tile [`tile_sizes`] gives a vector loop.
pub(super) const WIDEST: i64 = 2048;

/// The tile size of each member of a band (`members`: its statements' instances in `domain` to
/// the members' values, in isl's order). Every member gets [`AutoConfig::tile_size`] but
/// `wide`, the member the strategy put innermost because the accesses move by one element
/// along it and it carries no dependence (it runs in vector lanes; a wavefront's skewed
/// members, seidel2d's, do not qualify: wider tiles there measured slower): it gets the
/// widest of `tile_size * 2^k` up to [`WIDEST`] whose tile's data fits [`AutoConfig::cache_bytes`]. A vector loop pays each time
/// it starts (the invariants it keeps in registers are loaded, the rest of the last vector runs
/// in scalar code), so 32 iterations are too few when the loops around it reuse little; a wide
/// tile is only slower once its data no longer fits in the cache. The data of a tile is the
/// bounding box of the elements each array has in it, measured with every parameter at
/// [`MEASURED_AT`] on the tile around the middle of the band's values (a tile at the edge may
/// be cut short); elements of the element type's size.
///
/// What the measure cannot do (isl refuses an operation on an unusual model) leaves every member
/// at `tile_size`; running out of budget or time stops the strategy, as elsewhere.
pub(super) fn tile_sizes(
    scop: &Scop,
    domain: &UnionSet,
    members: &UnionMap,
    n: usize,
    lanes: TileLanes,
    config: &AutoConfig,
) -> Result<Vec<i64>, IslError> {
    let measured = || -> Result<Vec<i64>, IslError> {
        let base = config.tile_size;
        let mut sizes = vec![base; n];
        let wide = match lanes {
            TileLanes::Wide(w) => Some(w),
            TileLanes::Kept | TileLanes::Column => None,
        };
        let Some(w) = wide.filter(|_| config.cache_bytes > 0 && base > 0) else {
            // No member along which every access moves by one element: an access walks a
            // column (a transpose). Where its lines in a tile crowd the first cache's sets,
            // tiles a line of elements wide ([`narrowest`]).
            if lanes == TileLanes::Column
                && config.cache_bytes > 0
                && let Some((parts, _)) = measured_parts(scop, domain, members)?
                && let Some(narrow) = narrowest(scop, &parts)
                && narrow < base
                && crowds_first(scop, &parts, &sizes)?
            {
                sizes.iter_mut().for_each(|s| *s = narrow);
            }
            return Ok(sizes);
        };
        let Some((parts, middle)) = measured_parts(scop, domain, members)? else {
            return Ok(sizes);
        };
        let mut size = base;
        while size < WIDEST {
            let mut wider = sizes.clone();
            wider[w] = size * 2;
            if tile_bytes(scop, &parts, &middle, &wider)? > config.cache_bytes {
                break;
            }
            size *= 2;
        }
        sizes[w] = size;
        Ok(sizes)
    };
    match measured() {
        Err(e @ (IslError::Budget | IslError::Deadline)) => Err(e),
        Err(_) => Ok(vec![config.tile_size; n]),
        sizes => sizes,
    }
}

/// Which member of a band to tile runs innermost in lanes, for [`tile_sizes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TileLanes {
    /// This member (every access moves by at most one element along it, and it carries no
    /// dependence): it may get wider tiles.
    Wide(usize),
    /// A member along which every access moves by at most one element, which gets no wider
    /// tiles: it carries a dependence, or it was sunk below a reduction band inside (a
    /// product's `j` under its `k`). Sizes stay the base.
    Kept,
    /// No member along which every access moves by at most one element: some access walks a
    /// column along each (a transpose). The tiles may be narrowed so that its lines stay in
    /// the first cache.
    Column,
}

impl TileLanes {
    /// Member `m`, along which every access moves by at most one element, carrying a
    /// dependence or not.
    pub(super) fn of(m: usize, carries: bool) -> TileLanes {
        if carries {
            TileLanes::Kept
        } else {
            TileLanes::Wide(m)
        }
    }
}

/// The tile of a band whose every member has an access walking a column, in elements of 8
/// bytes ([`narrowest`]).
pub(super) const NARROWEST: i64 = 8;

/// The tile size of a band whose every member has an access walking a column (a transpose,
/// [`TileLanes::Column`]): a line (64 bytes) of the narrowest elements of the statements of
/// `parts`, and at least [`NARROWEST`]: 8 `double`s, 16 `float`s; `None` when an array's rows
/// have a length of parameters (not measured: the base tiles stay). By hand, transposes of n x n
/// arrays with gcc -O3 -march=native, untiled / tiles of 32 / 16 / 8 (ms): n = 128 `float`
/// 3.8 / 3.8 / 1.1 / 0.9, `double` 6.2 / 3.8 / 1.3 / 1.1; 256: 6.7 / 2.0 / 1.1 / 0.9 and 14.2
/// / 6.2 / 1.8 / 1.8; 512: 14.1 / 6.3 / 1.6 / 1.5 and 18.6 / 11.9 / 4.1 / 4.5; 1024: 20.7 /
/// 11.5 / 4.9 / 4.9 and 19.4 / 14.3 / 5.0 / 4.8. clang-19 ran tiles of 8 to 32 alike (2.3-3.3
/// ms at 128 and 256, 3.0-5.0 at 512). Narrower than 16 `float`s a tile reads half of each
/// line and leaves the other half to a tile much later (the estimates put tiles of 8 behind
/// the program's order at 512).
fn narrowest(scop: &Scop, parts: &[Map]) -> Option<i64> {
    let arrays: Vec<&optimist_scop::model::ScopArray> = parts
        .iter()
        .filter_map(|m| {
            let name = m.tuple_name(DimType::In).unwrap_or_default();
            scop.stmts.iter().find(|s| s.name == name)
        })
        .flat_map(|st| st.accesses.iter())
        .map(|&a| scop.array(scop.access(a).array))
        .filter(|arr| !arr.sizes.is_empty())
        .collect();
    // Rows whose length is a parameter keep the base tiles (the suite's covariance and
    // correlation, not measured narrower).
    let fixed = arrays.iter().all(|arr| {
        (arr.sizes.iter().skip(1)).all(|z| matches!(z, optimist_scop::model::Size::Const(_)))
    });
    let elem = arrays
        .iter()
        .map(|arr| arr.elem.size() as i64)
        .min()?
        .max(1);
    fixed.then_some((64 / elem).max(NARROWEST))
}
/// The sets of the first cache of the cost model (32 KiB in [`super::cost::WAYS`] ways of
/// 64-byte lines).
const FIRST_SETS: u64 = 32 * 1024 / (64 * super::cost::WAYS);

/// Whether, in a tile of `sizes`, one access of a statement of `parts` (instances to the band's
/// members' values) touches lines that fill more than a quarter of the ways of one set of the
/// first cache ([`super::cost::crowded`]; the other arrays of the tile need room too). A
/// transpose of 256 x 256 `double`s in tiles of 32 reads 32 rows 2048 bytes apart: 4 lines in
/// each of 2 set groups, 16 a set; measured here with gcc, tiles of 32 ran in 6.2 ms, of 16 in
/// 1.8, of 8 in 1.8, untiled 14.2 (`float`: 2.0, 1.1, 0.9 and 6.7). An access whose steps are
/// not known numbers (sizes of parameters) never crowds.
fn crowds_first(scop: &Scop, parts: &[Map], sizes: &[i64]) -> Result<bool, IslError> {
    let n = sizes.len();
    for m in parts {
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        let Some(st) = scop.stmts.iter().find(|s| s.name == name) else {
            continue;
        };
        let mut nexts = Vec::with_capacity(n);
        for k in 0..n {
            let step = along(scop, n, k, &format!("x{k} + 1"))?;
            nexts.push(m.apply_range(&step)?.apply_range(&m.reverse()?)?);
        }
        for &a in &st.accesses {
            let acc = scop.access(a);
            let arr = scop.array(acc.array);
            if arr.sizes.is_empty() {
                continue;
            }
            let mut steps = Vec::with_capacity(n);
            for (k, next) in nexts.iter().enumerate() {
                let delta = next
                    .apply_domain(&acc.relation)?
                    .apply_range(&acc.relation)?
                    .deltas()?;
                match super::cost::byte_step(scop, acc.array, &delta)? {
                    Some(0) => {}
                    Some(s) => steps.push((sizes[k].max(1) as u64, s)),
                    None => {
                        steps.clear();
                        break;
                    }
                }
            }
            let elem = arr.elem.size() as u64;
            if super::cost::crowded(&steps, elem, FIRST_SETS, super::cost::WAYS / 4) == Some(true) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Each statement's instances to the values of a band's members, and the middle of the values.
pub(super) type Measured = (Vec<Map>, Vec<i64>);

/// Each statement's instances in `domain` to the values of `members` with every parameter at
/// [`MEASURED_AT`] (statements without instances there left out), and the middle of each
/// member's values; `None` when a member's values are unbounded.
pub(super) fn measured_parts(
    scop: &Scop,
    domain: &UnionSet,
    members: &UnionMap,
) -> Result<Option<Measured>, IslError> {
    let at: Vec<(String, i64)> = scop
        .params
        .iter()
        .map(|p| (p.name.clone(), MEASURED_AT))
        .collect();
    let fixed = super::cost::params_at(scop, &at)?;
    let mut parts = Vec::new();
    for m in members.intersect_domain(domain)?.maps()? {
        let m = m.intersect_params(&fixed)?;
        if !m.is_empty()? {
            parts.push(m);
        }
    }
    let mut middle = vec![0i64; out_width(members)?];
    for (d, mid) in middle.iter_mut().enumerate() {
        let mut range: Option<(i64, i64)> = None;
        for m in &parts {
            if let Some((lo, hi)) = bounds(&m.range()?, d)? {
                range = Some(range.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
            }
        }
        let Some((lo, hi)) = range else {
            return Ok(None);
        };
        *mid = lo + (hi - lo) / 2;
    }
    Ok(Some((parts, middle)))
}

/// The smallest and largest value of dimension `d` of `set` (parameters fixed), `None` when it
/// is empty or unbounded. Two integer optimizations over the set (`isl_set_min_val`), which
/// cost a fraction of projecting the other dimensions out and taking the lexicographic
/// extremes (the tile size search asks this for every array dimension of every size tried).
pub(super) fn bounds(
    set: &optimist_presburger::Set,
    d: usize,
) -> Result<Option<(i64, i64)>, IslError> {
    let obj = optimist_presburger::Aff::zero_on_domain(&set.space()?)?.with_coefficient(
        DimType::In,
        d,
        &optimist_presburger::Val::from_i64(set.ctx(), 1)?,
    )?;
    let (lo, hi) = (set.min_val(&obj)?, set.max_val(&obj)?);
    if !lo.is_int()? || !hi.is_int()? {
        return Ok(None);
    }
    Ok(Some((lo.to_i64()?, hi.to_i64()?)))
}

/// The bytes of the elements the tile of `sizes` around `middle` touches (per array, the
/// bounding box of its elements); a size 0 leaves its member whole.
pub(super) fn tile_bytes(
    scop: &Scop,
    parts: &[Map],
    middle: &[i64],
    sizes: &[i64],
) -> Result<u64, IslError> {
    let x: Vec<String> = (0..sizes.len()).map(|k| format!("x{k}")).collect();
    let box_ = optimist_presburger::Set::parse(
        &scop.ctx,
        &format!(
            "{{ [{}] : {} }}",
            x.join(", "),
            sizes
                .iter()
                .zip(middle)
                .enumerate()
                .map(|(k, (&t, &m))| {
                    if t == 0 {
                        return format!("x{k} = x{k}");
                    }
                    let first = m.div_euclid(t) * t;
                    format!("{first} <= x{k} < {}", first + t)
                })
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    )?;
    let mut touched: BTreeMap<ScopArrayId, (optimist_presburger::Set, usize)> = BTreeMap::new();
    for m in parts {
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        let Some(st) = scop.stmts.iter().find(|s| s.name == name) else {
            continue;
        };
        let instances = m.intersect_range(&box_)?.domain()?;
        for &a in &st.accesses {
            let acc = scop.access(a);
            let arr = scop.array(acc.array);
            if arr.sizes.is_empty() {
                continue;
            }
            let elements = instances.apply(&acc.relation)?;
            let merged = match touched.remove(&acc.array) {
                Some((s, _)) => s.union(&elements)?,
                None => elements,
            };
            touched.insert(acc.array, (merged, arr.elem.size()));
        }
    }
    let mut bytes: u64 = 0;
    for (elements, elem) in touched.values() {
        let mut volume: u64 = *elem as u64;
        for d in 0..elements.dim(DimType::SET)? {
            // An empty set has no elements; an unbounded one (an access the model
            // over-approximates) counts as too many.
            match bounds(elements, d)? {
                Some((lo, hi)) => volume = volume.saturating_mul((hi - lo + 1).max(0) as u64),
                None if elements.is_empty()? => volume = 0,
                None => volume = u64::MAX,
            }
        }
        bytes = bytes.saturating_add(volume);
    }
    Ok(bytes)
}

/// Records a tiling of `members` and puts its mark above `node`; the mark node.
pub(super) fn mark_tiling(
    scop: &Scop,
    node: ScheduleNode,
    members: UnionMap,
    n: usize,
    sizes: Vec<i64>,
    tilings: &mut Vec<Tiling>,
) -> Result<ScheduleNode, IslError> {
    let id = optimist_presburger::Id::new(&scop.ctx, &tile_mark(tilings.len()))?;
    tilings.push(Tiling { members, n, sizes });
    node.insert_mark(&id)
}

/// When the last member of band `point` is coincident (`last_coincident`: the band's flags
/// are lost when `stride_one_innermost` rebuilds it) and the band's only child is a band
/// over a leaf (a reduction nest such as a convolution's `dy, dx` under `y, x`), moves that
/// member below the child band, so that the loop that carries no dependence (and moves the
/// accesses by one element, as `stride_one_innermost` put it last) is innermost: vector lanes
/// instead of a reduction of a few iterations. Moving a loop that carries no dependence inward
/// keeps every dependence's order; the strategy verifies the result anyway. The node at
/// `point`'s position, and whether the member was moved.
pub(super) fn sink_innermost(
    ctx: &optimist_presburger::Ctx,
    point: ScheduleNode,
    last_coincident: bool,
) -> Result<(ScheduleNode, bool), IslError> {
    let lost = || IslError::InvalidArgument("schedule tree without parent".into());
    let n = point.band_n_member()?;
    let child = point.child(0)?;
    if n < 2
        || !last_coincident
        || child.node_type()? != ScheduleNodeType::Band
        || child.n_children()? != 1
        || child.child(0)?.node_type()? != ScheduleNodeType::Leaf
    {
        return Ok((point, false));
    }
    let x: Vec<String> = (0..n).map(|k| format!("x{k}")).collect();
    let project = |to: &[String]| -> Result<UnionMap, IslError> {
        Map::parse(
            ctx,
            &format!("{{ [{}] -> [{}] }}", x.join(", "), to.join(", ")),
        )?
        .to_union()
    };
    let partial = point.band_partial_schedule()?;
    let outer = MultiUnionPwAff::from_union_map(&partial.apply_range(&project(&x[..n - 1])?)?)?;
    let inner = MultiUnionPwAff::from_union_map(&partial.apply_range(&project(&x[n - 1..])?)?)?;
    // Delete the band (its child takes its place), put the last member above the leaf, the
    // others back above the child band.
    let reduction = point.delete()?;
    let sunk = reduction.child(0)?.insert_partial_schedule(&inner)?;
    let node = sunk
        .parent()?
        .ok_or_else(lost)?
        .insert_partial_schedule(&outer)?;
    Ok((node, true))
}

/// Collects, per leaf of the tree, the band values above it with the child index of every
/// sequence or set node on the way inserted where that node sits (`isl_schedule_get_map` leaves
/// sequence positions out, so two statements of a sequence could share a time vector).
pub(super) fn leaves(
    node: &ScheduleNode,
    bands: usize,
    path: &mut Vec<(usize, usize)>,
    out: &mut Vec<UnionMap>,
    marks: &mut BTreeMap<String, usize>,
) -> Result<(), IslError> {
    match node.node_type()? {
        ScheduleNodeType::Mark => {
            // Where the marked band starts in the flat vectors: its bands and sequence
            // positions above.
            marks.insert(node.mark_id()?.name(), bands + path.len());
            leaves(&node.child(0)?, bands, path, out, marks)?
        }
        ScheduleNodeType::Leaf => {
            let prefix = node.prefix_schedule()?;
            let x: Vec<String> = (0..bands).map(|k| format!("x{k}")).collect();
            let mut y = Vec::new();
            let mut next = 0;
            for &(at, index) in path.iter() {
                y.extend(x[next..at].iter().cloned());
                next = at;
                y.push(index.to_string());
            }
            y.extend(x[next..].iter().cloned());
            let insert = Map::parse(
                node.ctx(),
                &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
            )?;
            out.push(prefix.apply_range(&insert.to_union()?)?);
        }
        ScheduleNodeType::Band => leaves(
            &node.child(0)?,
            bands + node.band_n_member()?,
            path,
            out,
            marks,
        )?,
        ScheduleNodeType::Sequence | ScheduleNodeType::Set => {
            for k in 0..node.n_children()? {
                path.push((bands, k));
                leaves(&node.child(k)?, bands, path, out, marks)?;
                path.pop();
            }
        }
        _ => {
            for k in 0..node.n_children()? {
                leaves(&node.child(k)?, bands, path, out, marks)?;
            }
        }
    }
    Ok(())
}

/// Where the tile loops go in the flat relation: at each position where a tiled band starts,
/// as many dimensions as the widest band tiled there (statements of other bands get zeros).
pub(super) struct Tiles {
    pub(super) inserted: BTreeMap<usize, usize>,
}

impl Tiles {
    pub(super) fn new(kept: &[(Tiling, usize, Vec<bool>)]) -> Tiles {
        let mut inserted: BTreeMap<usize, usize> = BTreeMap::new();
        for (t, p, _) in kept {
            let n = inserted.entry(*p).or_default();
            *n = (*n).max(t.n);
        }
        Tiles { inserted }
    }

    /// The dimension of the tiled relation that dimension `d` of the untiled one becomes.
    pub(super) fn shift(&self, d: usize) -> usize {
        d + self.inserted.range(..=d).map(|(_, n)| n).sum::<usize>()
    }

    /// The dimension of tile loop `j` of the band tiled at `p`.
    pub(super) fn tile_dim(&self, p: usize, j: usize) -> usize {
        self.shift(p) - self.inserted.get(&p).copied().unwrap_or(0) + j
    }

    /// The statements of a tiled band.
    pub(super) fn statements(scop: &Scop, t: &Tiling) -> Result<BTreeSet<StmtId>, IslError> {
        Ok(t.members
            .maps()?
            .iter()
            .filter_map(|m| m.tuple_name(DimType::In))
            .filter_map(|name| scop.stmts.iter().position(|s| s.name == name))
            .map(|k| StmtId(k as u32))
            .collect())
    }

    /// Whether a band of `stmts` is tiled inside dimension `d`.
    pub(super) fn inside(
        &self,
        scop: &Scop,
        kept: &[(Tiling, usize, Vec<bool>)],
        stmts: &BTreeSet<StmtId>,
        d: usize,
    ) -> Result<bool, IslError> {
        for (t, p, _) in kept {
            if *p > d && !Tiles::statements(scop, t)?.is_disjoint(stmts) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `theta` with the tile loops: before dimension `p` of each tiled band,
    /// `floor(member / size)` for its statements and zeros for the others.
    pub(super) fn apply(
        &self,
        scop: &Scop,
        theta: &UnionMap,
        kept: &[(Tiling, usize, Vec<bool>)],
    ) -> Result<UnionMap, IslError> {
        if kept.is_empty() {
            return Ok(theta.clone());
        }
        let mut out = UnionMap::empty(&scop.ctx)?;
        for m in theta.maps()? {
            let name = m.tuple_name(DimType::In);
            let mut tiling = None;
            for (t, p, _) in kept {
                for member in t.members.maps()? {
                    if member.tuple_name(DimType::In) == name {
                        tiling = Some((t, *p, member));
                    }
                }
            }
            let w = m.dim(DimType::Out)?;
            let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
            let mut from = x.clone();
            let base = match &tiling {
                Some((t, _, member)) => {
                    from.extend((0..t.n).map(|j| format!("m{j}")));
                    m.flat_range_product(member)?
                }
                None => m,
            };
            let mut to = Vec::new();
            for d in 0..=w {
                for j in 0..self.inserted.get(&d).copied().unwrap_or(0) {
                    to.push(match &tiling {
                        Some((t, p, _)) if *p == d && j < t.n => {
                            format!("floor(m{j} / {})", t.sizes[j])
                        }
                        _ => "0".to_string(),
                    });
                }
                if let Some(v) = x.get(d) {
                    to.push(v.clone());
                }
            }
            let tile = Map::parse(
                &scop.ctx,
                &format!("{{ [{}] -> [{}] }}", from.join(", "), to.join(", ")),
            )?;
            out = out.union(&base.apply_range(&tile)?.to_union()?)?;
        }
        Ok(out)
    }
}
