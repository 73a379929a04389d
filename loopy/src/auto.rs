//! The automatic strategy: isl's scheduler, tiling of the outermost permutable band, and the
//! parallel and vector marks, all checked by the same verifier as scripts.

use crate::decision::{Decision, Departure, ScheduleChoice, SplitLoop};
use crate::verify::{out_width, verify_with};
use crate::{LoopyError, Target, Transformed};
use optimist_presburger::{
    DimType, Error as IslError, Map, MultiUnionPwAff, Schedule, ScheduleConstraints, ScheduleNode,
    ScheduleNodeType, ScheduleOptions, UnionMap, UnionSet,
};
use optimist_scop::model::{DepKind, Dependences, Scop, ScopArrayId, StmtId};
use std::collections::{BTreeMap, BTreeSet};

mod time;

/// Options of [`auto`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutoConfig {
    /// Tile size of the members of a tiled band (the member that runs in vector lanes may get
    /// wider tiles, see `cache_bytes`); `0` turns tiling off.
    pub tile_size: i64,
    /// Bands with fewer members are not tiled.
    pub min_tile_depth: usize,
    /// Bound on isl's work for scheduling (operations); the strategy fails with
    /// [`LoopyError::Isl`] (`Budget`) beyond it.
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
        }
    }
}

/// Finds the first band node below `node` (through domain, filter, mark and single-child nodes).
fn first_band(node: &ScheduleNode) -> Result<Option<ScheduleNode>, IslError> {
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
fn tile_mark(k: usize) -> String {
    format!("tile{k}")
}

/// Marks every outermost permutable band at or below `node` for tiling as the strategy tiles
/// its first one (members ordered for unit stride, a parallel stride-one member sunk below a
/// reduction band); the node at `node`'s position in the new tree.
fn tile_all(
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
            let (point, free, wide) = stride_one_innermost(scop, &node)?;
            let (placed, sunk) = sink_innermost(&scop.ctx, point, free)?;
            // A member sunk below the band inside keeps the base size (wider measured slower
            // in native code there).
            let wide = wide.filter(|_| !sunk);
            if config.tile_size > 0 && n >= config.min_tile_depth.max(1) {
                let sizes = tile_sizes(scop, &node.domain()?, &members, n, wide, config)?;
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
const MEASURED_AT: i64 = 2048;
/// The widest tile [`tile_sizes`] gives a vector loop.
const WIDEST: i64 = 2048;

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
fn tile_sizes(
    scop: &Scop,
    domain: &UnionSet,
    members: &UnionMap,
    n: usize,
    wide: Option<usize>,
    config: &AutoConfig,
) -> Result<Vec<i64>, IslError> {
    let measured = || -> Result<Vec<i64>, IslError> {
        let base = config.tile_size;
        let mut sizes = vec![base; n];
        let Some(w) = wide.filter(|_| config.cache_bytes > 0 && base > 0) else {
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

/// Each statement's instances to the values of a band's members, and the middle of the values.
type Measured = (Vec<Map>, Vec<i64>);

/// Each statement's instances in `domain` to the values of `members` with every parameter at
/// [`MEASURED_AT`] (statements without instances there left out), and the middle of each
/// member's values; `None` when a member's values are unbounded.
fn measured_parts(
    scop: &Scop,
    domain: &UnionSet,
    members: &UnionMap,
) -> Result<Option<Measured>, IslError> {
    let names: Vec<&str> = scop.params.iter().map(|p| p.name.as_str()).collect();
    let fixed = optimist_presburger::Set::parse(
        &scop.ctx,
        &format!(
            "[{}] -> {{ : {} }}",
            names.join(", "),
            if names.is_empty() {
                "true".to_string()
            } else {
                names
                    .iter()
                    .map(|p| format!("{p} = {MEASURED_AT}"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            }
        ),
    )?;
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
/// is empty.
fn bounds(set: &optimist_presburger::Set, d: usize) -> Result<Option<(i64, i64)>, IslError> {
    let values = dimension(set, d)?;
    if !values.is_bounded()? {
        return Ok(None);
    }
    let at = |s: optimist_presburger::Set| -> Result<Option<i64>, IslError> {
        Ok(match s.sample_point()? {
            Some(p) => p.coordinates(DimType::SET)?.first().copied(),
            None => None,
        })
    };
    Ok(match (at(values.lexmin()?)?, at(values.lexmax()?)?) {
        (Some(lo), Some(hi)) => Some((lo, hi)),
        _ => None,
    })
}

/// The bytes of the elements the tile of `sizes` around `middle` touches (per array, the
/// bounding box of its elements); a size 0 leaves its member whole.
fn tile_bytes(scop: &Scop, parts: &[Map], middle: &[i64], sizes: &[i64]) -> Result<u64, IslError> {
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
fn mark_tiling(
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
fn sink_innermost(
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
fn leaves(
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

/// The schedule as one relation from instances to time vectors, sequence positions included,
/// every statement padded with zeros to the widest, so that all instances compare in one space,
/// and the statement's number last: isl's scheduler may give independent instances of two
/// statements the same time, and this order makes the schedule one-to-one.
pub(crate) fn flat(scop: &Scop, schedule: &Schedule) -> Result<UnionMap, IslError> {
    Ok(flat_marked(scop, schedule)?.0)
}

/// [`flat`], and the position in the flat vectors of the band below each mark node, by the
/// mark's name.
fn flat_marked(
    scop: &Scop,
    schedule: &Schedule,
) -> Result<(UnionMap, BTreeMap<String, usize>), IslError> {
    let mut parts = Vec::new();
    let mut marks = BTreeMap::new();
    leaves(
        &schedule.root()?,
        0,
        &mut Vec::new(),
        &mut parts,
        &mut marks,
    )?;
    let mut maps = Vec::new();
    let mut width = 0;
    for p in parts {
        width = width.max(out_width(&p)?);
        maps.extend(p.maps()?);
    }
    let mut u = UnionMap::empty(schedule.ctx())?;
    for m in maps {
        let w = m.dim(DimType::Out)?;
        let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
        let mut y = x.clone();
        y.extend((w..width).map(|_| "0".to_string()));
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        y.push(
            scop.stmts
                .iter()
                .position(|s| s.name == name)
                .unwrap_or(scop.stmts.len())
                .to_string(),
        );
        let pad = Map::parse(
            schedule.ctx(),
            &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
        )?;
        let anon = m.to_union()?.apply_range(&pad.to_union()?)?;
        u = u.union(&anon)?;
    }
    Ok((u, marks))
}

/// The values dimension `d` of `set` takes (the other dimensions projected out).
fn dimension(
    set: &optimist_presburger::Set,
    d: usize,
) -> Result<optimist_presburger::Set, IslError> {
    let n = set.dim(DimType::SET)?;
    set.project_out(DimType::SET, d + 1, n - d - 1)?
        .project_out(DimType::SET, 0, d)
}

/// Whether dimension `d` of `theta` takes more than one value for some statement.
pub(crate) fn varies(theta: &UnionMap, d: usize) -> Result<bool, IslError> {
    for m in theta.maps()? {
        // A fixed dimension (a sequence position, a statement's number) is seen at once.
        if m.plain_fixed(DimType::Out, d)?.is_some() {
            continue;
        }
        let other = dimension(&m.range()?, d)?;
        let lt = Map::lex_lt(&other.space()?)?
            .intersect_domain(&other)?
            .intersect_range(&other)?;
        if !lt.is_empty()? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The time vectors of `width` (`x0, x1, ...`) to those equal but at dimension `d`, which is
/// `to` (`x3 + 1`: a step along it; `y`: any value).
fn along(scop: &Scop, width: usize, d: usize, to: &str) -> Result<UnionMap, IslError> {
    let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
    let mut y = x.clone();
    if let Some(v) = y.get_mut(d) {
        *v = to.to_string();
    }
    Map::parse(
        &scop.ctx,
        &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
    )?
    .to_union()
}

/// Whether moving one step along dimension `d` of `theta` moves every access by at most one
/// element of its last subscript, and nothing else.
fn stride_one(scop: &Scop, theta: &UnionMap, d: usize, width: usize) -> Result<bool, IslError> {
    let step = along(scop, width, d, &format!("x{d} + 1"))?;
    // A step moves an access between two instances of its own statement: each access is
    // measured against its statement's part of `theta` only.
    let mut parts: std::collections::HashMap<String, UnionMap> = Default::default();
    for m in theta.maps()? {
        parts.insert(m.tuple_name(DimType::In).unwrap_or_default(), m.to_union()?);
    }
    for a in &scop.accesses {
        let rank = scop.array(a.array).sizes.len();
        if rank == 0 {
            continue;
        }
        let Some(part) = parts.get(&scop.stmt(a.stmt).name) else {
            continue;
        };
        let when = part.reverse()?.apply_range(&a.relation.to_union()?)?;
        let moves = when.reverse()?.apply_range(&step)?.apply_range(&when)?;
        for delta in moves.deltas()?.sets()? {
            let z: Vec<String> = (0..rank).map(|k| format!("z{k}")).collect();
            let mut c: Vec<String> = (0..rank - 1).map(|k| format!("z{k} = 0")).collect();
            c.push(format!("0 <= z{} <= 1", rank - 1));
            let name = delta.tuple_name().unwrap_or_default();
            let allowed = optimist_presburger::Set::parse(
                &scop.ctx,
                &format!("{{ {name}[{}] : {} }}", z.join(", "), c.join(" and ")),
            )?;
            if !delta.is_subset(&allowed)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// In a permutable band, moves a member along which every access moves by at most one element
/// (a coincident one if there is one, else the innermost) to the innermost place (any order of a permutable band's members is legal;
/// this one lets the innermost loop walk memory contiguously, as `i, k, j` does for a product).
/// Also says whether the member now last was coincident (carries no dependence).
fn stride_one_innermost(
    scop: &Scop,
    band: &ScheduleNode,
) -> Result<(ScheduleNode, bool, Option<usize>), IslError> {
    let n = band.band_n_member()?;
    let partial = band.band_partial_schedule()?;
    // Strides are measured on the whole prefix (tile loops included) down through the bands
    // below (a reduction's own band), which is one-to-one.
    let mut below = band.child(0)?;
    let mut deeper = 0;
    while below.node_type()? == ScheduleNodeType::Band && below.n_children()? == 1 {
        deeper += below.band_n_member()?;
        below = below.child(0)?;
    }
    let full = below.prefix_schedule()?;
    let width = out_width(&full)?;
    let outer = width.saturating_sub(n + deeper);
    let mut candidates = Vec::new();
    for m in (0..n).rev() {
        if stride_one(scop, &full, outer + m, width)? {
            candidates.push((!band.band_member_coincident(m)?, m));
        }
    }
    // Coincident members first (they can also run in vector lanes), then the innermost.
    candidates.sort_by_key(|&(not_coincident, m)| (not_coincident, n - m));
    if let Some(&(not_coincident, m)) = candidates.first() {
        {
            // Short members (a convolution's `dy`) go inside it: the back ends unroll them,
            // and the stride-one member runs in lanes around them.
            let mut short = Vec::new();
            let values = partial.intersect_domain(&band.domain()?)?;
            for k in 0..n {
                if k != m && short_member(&values, k)? {
                    short.push(k);
                }
            }
            let mut order: Vec<usize> = (0..n).filter(|k| *k != m && !short.contains(k)).collect();
            order.push(m);
            order.extend(&short);
            let last_coincident = !not_coincident && short.is_empty();
            if order.iter().enumerate().all(|(k, &o)| k == o) {
                return Ok((
                    band.clone(),
                    last_coincident,
                    (!not_coincident).then_some(m),
                ));
            }
            let x: Vec<String> = (0..n).map(|k| format!("x{k}")).collect();
            let y: Vec<String> = order.iter().map(|&k| x[k].clone()).collect();
            let perm = Map::parse(
                &scop.ctx,
                &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
            )?;
            let permuted = partial.apply_range(&perm.to_union()?)?;
            let node = band
                .delete()?
                .insert_partial_schedule(&MultiUnionPwAff::from_union_map(&permuted)?)?;
            return Ok((node, last_coincident, (!not_coincident).then_some(m)));
        }
    }
    let last = n > 0 && band.band_member_coincident(n - 1)?;
    Ok((band.clone(), last, None))
}

/// Chooses a schedule for `scop` with isl's scheduler (validity: every dependence; proximity:
/// flow dependences; coincidence: every dependence) and tiles its outermost permutable band;
/// keeps the program's order instead when that order is better on what makes loops fast (unit
/// stride innermost, then a parallel loop, then vector loops; and on a tie, when the tiled
/// schedule is a wavefront while the program has a parallel loop), saying so in
/// [`Transformed::decision`]; tiles a stencil's time loop with its first space loop instead
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
    let ctx = &scop.ctx;
    let mut clock = Clock::start();
    let all = deps.all_statements()?;
    let raw = deps.statements(DepKind::Raw, false)?;
    clock.lap("statement dependences");
    let mut tilings = Vec::new();
    // isl's first band (its members, how many), when permutable: time tiles come from it.
    let mut isl_band = None;
    let schedule = ctx.with_budget(config.max_operations, || {
        let sc = ScheduleConstraints::on_domain(&scop.domains()?)?
            .with_context(&scop.sign_context()?)?
            .with_validity(&all)?
            .with_proximity(&raw)?
            .with_coincidence(&all)?;
        let mut schedule = sc.compute_schedule()?;
        if let Some(band) = first_band(&schedule.root()?)?
            && band.band_permutable()?
        {
            let n = band.band_n_member()?;
            let members = band.band_partial_schedule()?;
            isl_band = Some((members.clone(), n));
            let (placed, _, wide) = stride_one_innermost(scop, &band)?;
            schedule = if config.tile_size > 0 && n >= config.min_tile_depth.max(1) {
                let sizes = tile_sizes(scop, &band.domain()?, &members, n, wide, config)?;
                mark_tiling(scop, placed, members, n, sizes, &mut tilings)?
            } else {
                placed
            }
            .schedule()?;
        }
        Ok(schedule)
    })?;
    clock.lap("isl scheduler");
    let domains = scop.domains()?;
    let mut tiled = Candidate::of(scop, &all, &schedule, tilings, &domains)?;
    let mut which = ScheduleChoice::Isl;
    clock.lap("assess isl's schedule");
    // isl fuses what it can; where that costs unit stride, threads or lanes, the schedule with
    // every strongly connected component apart (each band tiled) may do better. So may it
    // where a product shares its band with another statement (PolyBench's gemm scales `C` in
    // the product's `i` loop): apart, the product's band can be register-blocked.
    let product = target.register_blocks && maybe_product(scop)?;
    if !tiled.assessed.best() || product {
        let mut tilings = Vec::new();
        let apart = ctx.with_budget(config.max_operations, || {
            ctx.set_schedule_options(&ScheduleOptions {
                serialize_sccs: true,
                ..ScheduleOptions::default()
            })?;
            let computed = ScheduleConstraints::on_domain(&scop.domains()?)?
                .with_context(&scop.sign_context()?)?
                .with_validity(&all)?
                .with_proximity(&raw)?
                .with_coincidence(&all)?
                .compute_schedule();
            ctx.set_schedule_options(&ScheduleOptions::default())?;
            tile_all(scop, computed?.root()?, config, &mut tilings)?.schedule()
        })?;
        clock.lap("isl scheduler, components apart");
        let mut distributed = Candidate::of(scop, &all, &apart, tilings, &domains)?;
        clock.lap("assess the distributed schedule");
        // Register blocks decide between equals.
        let blocks = |c: &mut Candidate| -> Result<usize, IslError> {
            if !product {
                return Ok(0);
            }
            c.check_tilings(scop, &all)?;
            let legal = c.legal_tilings();
            Ok(register_blocks(scop, &c.assessed.theta, &legal, &c.assessed.vector)?.len())
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
        clock.lap("verify the distributed schedule");
    }
    // The automatic schedule must beat the program's own order on what makes loops fast;
    // otherwise the program's order is kept (with its marks), and the report says why. When
    // the automatic schedule has the best score and no wavefront, the program's order cannot
    // win, and is not assessed.
    let (chosen, decision) = if tiled.assessed.best() && !tiled.assessed.outer_carries {
        (tiled, Vec::new())
    } else {
        let original = Candidate::of(scop, &all, &scop.schedule, Vec::new(), &domains)?;
        clock.lap("assess the original order");
        // On a tie, a schedule whose outermost loop carries a dependence (time tiles run as a
        // wavefront) loses to a program order with a parallel loop: its tiles need guards and
        // skewed bounds inside, which cost more than the locality they give.
        let (o, t) = (&original.assessed, &tiled.assessed);
        let wavefront = o.score() == t.score() && t.outer_carries && !o.parallel.is_empty();
        if o.score() > t.score() || wavefront {
            let why = Departure::OriginalKept {
                ours: o.describe(),
                theirs: t.describe(),
                wavefront,
            };
            which = ScheduleChoice::Original;
            (original, vec![why])
        } else {
            (tiled, Vec::new())
        }
    };
    // A time loop outermost: its first space loop and it may be tiled together (a stencil
    // whose steps' data do not stay in the cache).
    let mut time_note = None;
    if chosen.assessed.outer_carries
        && config.time_tiles
        && config.tile_size > 0
        && let Some((band, n)) = &isl_band
    {
        let original = flat(scop, &scop.schedule)?.intersect_domain(&domains)?;
        match time::time_tiles(scop, deps, &all, band, *n, &original, config)? {
            Ok(t) => {
                clock.lap("time tiles");
                let decisions = vec![
                    Decision::Schedule(ScheduleChoice::TimeTiles),
                    Decision::LoopNests(loop_nests(scop, &t.theta)?),
                    Decision::TimeTiles {
                        stmts: scop.stmts.iter().map(|s| s.name.clone()).collect(),
                        sizes: t.sizes,
                        step_kib: t.step_bytes / 1024,
                        tile_kib: t.tile_bytes / 1024,
                        at: MEASURED_AT,
                    },
                ];
                let schedule = crate::verify::schedule_of(scop, &t.theta)?;
                return Ok(Transformed {
                    schedule,
                    theta: t.theta,
                    parallel: t.parallel,
                    vector: t.vector,
                    jam: t.jam,
                    registers: Vec::new(),
                    departures: vec![Departure::TimeTiles],
                    decisions,
                    stages: clock.stages,
                });
            }
            Err(why) => {
                time_note = Some(Decision::NoTimeTiles(why.typed(config.time_tile_bytes)));
            }
        }
        clock.lap("time tiles");
    }
    let (chosen, decision) = match interchange_loops(scop, deps, &all, &chosen, &domains)? {
        Some((interchanged, why)) => {
            which = ScheduleChoice::OriginalInterchanged;
            (interchanged, vec![why])
        }
        None => (chosen, decision),
    };
    clock.lap("interchange loops");
    let (mut chosen, decision) = split_loops(scop, deps, &all, chosen, decision)?;
    clock.lap("split loops");
    // A split or interchanged candidate was verified with its marks when it was chosen.
    if !chosen.assessed.verified {
        chosen.assessed.verify(scop, deps)?;
    }
    clock.lap("verify");
    // Each tiling on its own (once: register blocks may have asked already); one that cannot
    // be shown legal is left out (its band runs untiled, in the verified order).
    chosen.check_tilings(scop, &all)?;
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
    let mut checked: Vec<(Tiling, usize, Option<Vec<bool>>)> = tilings
        .into_iter()
        .zip(checked.unwrap_or_default())
        .map(|((t, p), zero)| (t, p, zero))
        .collect();
    // A product's band is register-blocked; its reduction's tiles are then deeper (the block
    // is loaded and stored once per reduction tile), its rows' too (the C packs the operand
    // along the columns once per row tile).
    let blocks = if product {
        let legal: Vec<(&Tiling, usize, &[bool])> = checked
            .iter()
            .filter_map(|(t, p, z)| Some((t, *p, z.as_deref()?)))
            .collect();
        register_blocks(scop, &theta, &legal, &vector)?
    } else {
        Vec::new()
    };
    for b in &blocks {
        for (t, p, _) in checked.iter_mut() {
            if *p == b.p && Tiles::statements(scop, t)?.contains(&b.stmt) {
                t.sizes[b.depth_member] = t.sizes[b.depth_member].max(BLOCK_DEPTH);
                t.sizes[b.rows_member] = t.sizes[b.rows_member].max(BLOCK_TILE_ROWS);
            }
        }
    }
    let everyone: BTreeSet<StmtId> = (0..scop.stmts.len()).map(|k| StmtId(k as u32)).collect();
    let mut decisions = vec![
        Decision::Schedule(which),
        Decision::LoopNests(loop_nests(scop, &theta)?),
    ];
    if checked.is_empty() && which.is_isl() {
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
                .any(|&z| z != config.tile_size)
                .then_some(config.cache_bytes);
            decisions.push(Decision::Tiled {
                stmts,
                dim: p,
                sizes: t.sizes.clone(),
                wide,
            });
            kept.push((t, p, zero));
        } else {
            decisions.push(Decision::NotTiled { stmts, dim: p });
        }
    }
    // The register blocks' lines go here, once the verifier has accepted them.
    let blocks_at = decisions.len();
    if !decision.is_empty() {
        decisions.push(Decision::Departed(decision.clone()));
    }
    decisions.extend(time_note);
    clock.lap("verify the tilings");
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
    // Tiles with nothing in parallel: the outermost band's tiles as a wavefront.
    if parallel_marks.is_empty()
        && let [(t, 0, _)] = kept.as_slice()
        && t.n >= 2
    {
        let stmts = Tiles::statements(scop, t)?;
        if let Some((waves, mark)) =
            time::wavefront(scop, deps, &theta, tiles.tile_dim(0, 0), &stmts, &vector)?
        {
            theta = waves;
            decisions.push(Decision::Wavefront {
                stmts: stmts.iter().map(|&s| scop.stmt(s).name.clone()).collect(),
            });
            parallel_marks.push(mark);
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
                rows: BLOCK_ROWS,
                columns: b.columns_wide,
                tile_rows: BLOCK_TILE_ROWS,
                depth: BLOCK_DEPTH,
            }
        }
    });
    decisions.splice(blocks_at..blocks_at, lines);
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
        stages: clock.stages,
    })
}

/// The marks of a schedule: parallel, vector, jam, registers.
type MarkSets = (
    Vec<crate::Mark>,
    Vec<crate::Mark>,
    Vec<crate::Mark>,
    Vec<crate::Mark>,
);

/// `theta` (tiled) and its marks with the register `blocks` in it ([`apply_blocks`]): the
/// marks moved to where their dimensions went, each block's rows marked jam (instead of the
/// loop around its vector loop before) and its reduction marked registers. The result goes
/// through the verifier, marks included; when it is refused (it should not be: a block is a
/// tiling of a band already shown permutable), the tiled relation without blocks is kept.
#[allow(clippy::too_many_arguments)]
fn with_blocks(
    scop: &Scop,
    deps: &Dependences,
    theta: UnionMap,
    tiles: &Tiles,
    blocks: &[Block],
    parallel: Vec<crate::Mark>,
    vector: Vec<crate::Mark>,
    jam: Vec<crate::Mark>,
) -> Result<(UnionMap, MarkSets), LoopyError> {
    if blocks.is_empty() {
        return Ok((theta, (parallel, vector, jam, Vec::new())));
    }
    let (blocked, shift) = apply_blocks(scop, &theta, tiles, blocks)?;
    let moved = |marks: &[crate::Mark]| -> Vec<crate::Mark> {
        marks
            .iter()
            .map(|m| crate::Mark {
                dim: shift.shift(m.dim),
                stmts: m.stmts.clone(),
            })
            .collect()
    };
    let (new_parallel, new_vector) = (moved(&parallel), moved(&vector));
    let mut new_jam: Vec<crate::Mark> = moved(&jam)
        .into_iter()
        .map(|mut m| {
            m.stmts.retain(|s| !blocks.iter().any(|b| b.stmt == *s));
            m
        })
        .filter(|m| !m.stmts.is_empty())
        .collect();
    let mut registers = Vec::new();
    for b in blocks {
        let one = BTreeSet::from([b.stmt]);
        new_jam.push(crate::Mark {
            dim: shift.shift(tiles.shift(b.rows)),
            stmts: one.clone(),
        });
        registers.push(crate::Mark {
            dim: shift.shift(tiles.shift(b.p)) - 1,
            stmts: one,
        });
    }
    let checks: Vec<(BTreeSet<StmtId>, usize)> = new_parallel
        .iter()
        .chain(&new_vector)
        .map(|m| (m.stmts.clone(), m.dim))
        .collect();
    match crate::verify::verify(scop, deps, &blocked, &checks) {
        Ok(()) => Ok((blocked, (new_parallel, new_vector, new_jam, registers))),
        Err(LoopyError::Refused(_)) => Ok((theta, (parallel, vector, jam, Vec::new()))),
        Err(e) => Err(e),
    }
}

/// Whether some statement may be a product ([`register_blocks`]): in three loops or more, it
/// reads the element of a two-dimensional array or more that it writes (an accumulation).
fn maybe_product(scop: &Scop) -> Result<bool, IslError> {
    for st in &scop.stmts {
        let write = scop.access(st.write);
        if st.domain.dim(DimType::SET)? < 3 || scop.array(write.array).sizes.len() < 2 {
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

/// Index-set splitting ([`crate::split`]) of an untiled candidate whose statements in the most
/// loops do not all run in lanes: each such statement's innermost loop is split when that puts
/// it in lanes; then, when no loop runs on threads, the first loop around it whose split gives
/// one. Each split is kept only when the verifier accepts the schedule with its marks. The
/// decision says what was split.
fn split_loops(
    scop: &Scop,
    deps: &Dependences,
    all: &UnionMap,
    chosen: Candidate,
    decision: Vec<Departure>,
) -> Result<(Candidate, Vec<Departure>), IslError> {
    if !chosen.tilings.is_empty() || chosen.assessed.hot_in_lanes == chosen.assessed.hottest {
        return Ok((chosen, decision));
    }
    let kinds = [DepKind::Raw, DepKind::War, DepKind::Waw]
        .into_iter()
        .map(|k| deps.statements(k, false))
        .collect::<Result<Vec<_>, _>>()?;
    let mut current = chosen.assessed;
    // The dimensions holding the parts (no real loop: never jammed).
    let mut parts: Vec<usize> = Vec::new();
    let mut done: Vec<SplitLoop> = Vec::new();
    // Each statement's loops, innermost first, in `theta`.
    let loops =
        |theta: &UnionMap, parts: &[usize]| -> Result<Vec<(String, Vec<usize>)>, IslError> {
            Ok(statement_loops(theta, parts)?
                .into_iter()
                .map(|(m, l)| (m.tuple_name(DimType::In).unwrap_or_default(), l))
                .collect())
        };
    let in_lanes = |a: &Assessed, name: &str| {
        scop.stmts
            .iter()
            .position(|s| s.name == name)
            .is_some_and(|k| a.vector.iter().any(|(g, _)| g.contains(&StmtId(k as u32))))
    };
    let hottest = |l: &[(String, Vec<usize>)]| -> Vec<(String, Vec<usize>)> {
        let deepest = l.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
        l.iter()
            .filter(|(_, v)| v.len() == deepest && deepest > 0)
            .cloned()
            .collect()
    };
    let attempt = |current: &Assessed,
                   parts: &[usize],
                   name: &str,
                   d: usize|
     -> Result<Option<Assessed>, IslError> {
        let Some(theta) = crate::split::split_at(&scop.ctx, &kinds, &current.theta, name, d)?
        else {
            return Ok(None);
        };
        let mut a = Assessed::of(scop, all, theta)?;
        // Part dimensions are no loops: never jammed.
        let moved = with_split(parts, d);
        a.jam.retain(|(_, j)| !moved.contains(j));
        Ok(a.verify(scop, deps).is_ok().then_some(a))
    };
    // Lanes: the innermost loop of each statement in the most loops.
    for (name, _) in hottest(&loops(&current.theta, &parts)?) {
        if in_lanes(&current, &name) {
            continue;
        }
        // The statement's loops now (an earlier split moved them).
        let Some((_, l)) = loops(&current.theta, &parts)?
            .into_iter()
            .find(|(n, _)| *n == name)
        else {
            continue;
        };
        let d = l[0];
        if let Some(a) = attempt(&current, &parts, &name, d)?
            && a.hot_in_lanes > current.hot_in_lanes
        {
            parts = with_split(&parts, d);
            done.push(SplitLoop::Lanes { stmt: name });
            current = a;
        }
    }
    // Threads: when the parallel loop is no loop around a statement's innermost one (a vector
    // loop is parallel too, but runs in lanes), the outermost loop around whose split gives one.
    let outside = |a: &Assessed, l: &[usize]| a.parallel.first().is_some_and(|&p| p < l[0]);
    if !done.is_empty() {
        'threads: for (name, l) in hottest(&loops(&current.theta, &parts)?) {
            if outside(&current, &l) {
                break;
            }
            for &d in l.iter().skip(1).rev() {
                if let Some(a) = attempt(&current, &parts, &name, d)?
                    && outside(&a, &[l[0] + 1])
                    && a.hot_in_lanes >= current.hot_in_lanes
                {
                    done.push(SplitLoop::Threads { stmt: name, dim: d });
                    current = a;
                    break 'threads;
                }
            }
        }
    }
    let mut decision = decision;
    if !done.is_empty() {
        decision.push(Departure::Split(done));
    }
    Ok((
        Candidate {
            assessed: current,
            tilings: chosen.tilings,
            checked: None,
        },
        decision,
    ))
}

/// When the chosen candidate is not the best there is (unit stride, threads, every hot
/// statement in lanes), the program's order with the two innermost loops of each statement in
/// the most loops interchanged, where its innermost loop is not unit stride (a dynamic
/// program's reduction over `k` that walks a column, inside `j`): taken when it scores higher
/// and passes the verifier with its marks. When the outer of the two loops holds more than
/// the inner one (Gram-Schmidt's `j` loop: a reduction into `R[k][j]` over `i`, then a loop
/// over `i` that uses it), it is distributed over its body first (the body's positions move
/// out, for every statement in that loop), so that each part is interchanged on its own.
fn interchange_loops(
    scop: &Scop,
    deps: &Dependences,
    all: &UnionMap,
    chosen: &Candidate,
    domains: &UnionSet,
) -> Result<Option<(Candidate, Departure)>, IslError> {
    if chosen.assessed.best() {
        return Ok(None);
    }
    let theta = flat_marked(scop, &scop.schedule)?
        .0
        .intersect_domain(domains)?;
    let width = out_width(&theta)?;
    let loops = statement_loops(&theta, &[])?;
    let deepest = loops.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
    if deepest < 2 {
        return Ok(None);
    }
    let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
    // Each statement's fixed dimensions (sequence positions), `None` where it has a loop.
    let fixed = loops
        .iter()
        .map(|(m, _)| {
            (0..width)
                .map(|d| m.plain_fixed(DimType::Out, d))
                .collect::<Result<Vec<Option<i64>>, IslError>>()
        })
        .collect::<Result<Vec<_>, IslError>>()?;
    // The statements to interchange, with their two innermost loops (inner, outer).
    let pairs: Vec<Option<(usize, usize)>> = loops
        .iter()
        .map(|(m, l)| -> Result<Option<(usize, usize)>, IslError> {
            Ok(
                (l.len() == deepest && !stride_one(scop, &m.to_union()?, l[0], width)?)
                    .then(|| (l[0], l[1])),
            )
        })
        .collect::<Result<_, _>>()?;
    // A statement is in the loop at `b` of statement `k` when it has a loop at `b` and agrees
    // with `k` on every dimension before `b` (the same positions, loops at the same places).
    let same_loop = |j: usize, k: usize, b: usize| {
        fixed[j][b].is_none() && (0..b).all(|d| fixed[j][d] == fixed[k][d])
    };
    let mut orders: Vec<Vec<usize>> = (0..loops.len()).map(|_| (0..width).collect()).collect();
    let mut names = Vec::new();
    for (k, pair) in pairs.iter().enumerate() {
        let Some((a, b)) = *pair else { continue };
        names.push(loops[k].0.tuple_name(DimType::In).unwrap_or_default());
        // The positions between the two loops go before the outer one: the loop at `b` is
        // distributed over what its body holds (a reduction's loop apart from the loop that
        // uses its result), then the two loops are interchanged. Statements in the same loop
        // at `b` that are not interchanged move their positions likewise.
        for j in 0..loops.len() {
            if j != k && (!same_loop(j, k, b) || pairs[j].is_some()) {
                continue;
            }
            if (b + 1..a).any(|d| fixed[j][d].is_none()) {
                return Ok(None);
            }
            let mut order: Vec<usize> = (0..b).collect();
            order.extend(b + 1..a);
            if j == k {
                order.extend([a, b]);
            } else {
                order.push(b);
                order.push(a);
            }
            order.extend(a + 1..width);
            orders[j] = order;
        }
    }
    if names.is_empty() {
        return Ok(None);
    }
    let mut swapped = UnionMap::empty(&scop.ctx)?;
    for ((m, _), order) in loops.iter().zip(&orders) {
        let y: Vec<&str> = order.iter().map(|&d| x[d].as_str()).collect();
        let m = m.apply_range(&Map::parse(
            &scop.ctx,
            &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
        )?)?;
        swapped = swapped.union(&m.to_union()?)?;
    }
    let mut a = Assessed::of(scop, all, swapped)?;
    if a.score() <= chosen.assessed.score() || a.verify(scop, deps).is_err() {
        return Ok(None);
    }
    let why = Departure::Interchanged {
        stmts: names,
        ours: a.describe(),
        theirs: chosen.assessed.describe(),
    };
    Ok(Some((
        Candidate {
            assessed: a,
            tilings: Vec::new(),
            checked: None,
        },
        why,
    )))
}

/// Each statement's map in `theta` with its loops (the dimensions where it takes more than one
/// value, but those in `skip`), innermost first.
fn statement_loops(theta: &UnionMap, skip: &[usize]) -> Result<Vec<(Map, Vec<usize>)>, IslError> {
    let width = out_width(theta)?;
    let mut out = Vec::new();
    for m in theta.maps()? {
        let one = m.to_union()?;
        let mut l = Vec::new();
        for d in (0..width).rev() {
            if !skip.contains(&d) && varies(&one, d)? {
                l.push(d);
            }
        }
        out.push((m, l));
    }
    Ok(out)
}

/// The dimensions of the parts after a split at `d`: those at or after it move one on, and the
/// new one is `d`.
fn with_split(parts: &[usize], d: usize) -> Vec<usize> {
    let mut out: Vec<usize> = parts
        .iter()
        .map(|&p| if p >= d { p + 1 } else { p })
        .collect();
    out.push(d);
    out
}

/// A candidate schedule, untiled, assessed; its tilings with the flat dimension where each
/// tiled band starts.
struct Candidate {
    assessed: Assessed,
    tilings: Vec<(Tiling, usize)>,
    /// Per tiling, what [`crate::verify::tiling`] said of it on `assessed.theta` (its members'
    /// zero distances, or `None` when tiling it is not legal), once asked.
    checked: Option<Vec<Option<Vec<bool>>>>,
}

impl Candidate {
    fn of(
        scop: &Scop,
        all: &UnionMap,
        schedule: &Schedule,
        tilings: Vec<Tiling>,
        domains: &UnionSet,
    ) -> Result<Candidate, IslError> {
        let (theta, marks) = flat_marked(scop, schedule)?;
        let theta = theta.intersect_domain(domains)?;
        let tilings = tilings
            .into_iter()
            .enumerate()
            .filter_map(|(k, t)| marks.get(&tile_mark(k)).map(|&p| (t, p)))
            .collect();
        Ok(Candidate {
            assessed: Assessed::of(scop, all, theta)?,
            tilings,
            checked: None,
        })
    }

    /// Each tiling checked on its own ([`crate::verify::tiling`]), once per candidate.
    fn check_tilings(&mut self, scop: &Scop, all: &UnionMap) -> Result<(), IslError> {
        if self.checked.is_none() {
            let theta = &self.assessed.theta;
            let mut zeros = Vec::with_capacity(self.tilings.len());
            for (t, p) in &self.tilings {
                zeros.push(crate::verify::tiling(scop, all, theta, *p, &t.members, t.n)?.ok());
            }
            self.checked = Some(zeros);
        }
        Ok(())
    }

    /// The tilings [`Self::check_tilings`] found legal, with their zero distances.
    fn legal_tilings(&self) -> Vec<(&Tiling, usize, &[bool])> {
        self.tilings
            .iter()
            .zip(self.checked.iter().flatten())
            .filter_map(|((t, p), z)| Some((t, *p, z.as_deref()?)))
            .collect()
    }
}

/// Where the tile loops go in the flat relation: at each position where a tiled band starts,
/// as many dimensions as the widest band tiled there (statements of other bands get zeros).
struct Tiles {
    inserted: BTreeMap<usize, usize>,
}

impl Tiles {
    fn new(kept: &[(Tiling, usize, Vec<bool>)]) -> Tiles {
        let mut inserted: BTreeMap<usize, usize> = BTreeMap::new();
        for (t, p, _) in kept {
            let n = inserted.entry(*p).or_default();
            *n = (*n).max(t.n);
        }
        Tiles { inserted }
    }

    /// The dimension of the tiled relation that dimension `d` of the untiled one becomes.
    fn shift(&self, d: usize) -> usize {
        d + self.inserted.range(..=d).map(|(_, n)| n).sum::<usize>()
    }

    /// The dimension of tile loop `j` of the band tiled at `p`.
    fn tile_dim(&self, p: usize, j: usize) -> usize {
        self.shift(p) - self.inserted.get(&p).copied().unwrap_or(0) + j
    }

    /// The statements of a tiled band.
    fn statements(scop: &Scop, t: &Tiling) -> Result<BTreeSet<StmtId>, IslError> {
        Ok(t.members
            .maps()?
            .iter()
            .filter_map(|m| m.tuple_name(DimType::In))
            .filter_map(|name| scop.stmts.iter().position(|s| s.name == name))
            .map(|k| StmtId(k as u32))
            .collect())
    }

    /// Whether a band of `stmts` is tiled inside dimension `d`.
    fn inside(
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
    fn apply(
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

/// A candidate schedule as one relation, with what makes its loops fast: the outermost loop
/// that carries no dependence (threads), the innermost loop when it carries none and moves
/// every access by at most one element (vector lanes), and whether every statement's innermost
/// loop moves its accesses by at most one element (unit stride: the caches' way).
struct Assessed {
    theta: UnionMap,
    parallel: Vec<usize>,
    vector: Vec<(BTreeSet<StmtId>, usize)>,
    /// Loops around vector loops that may be unrolled and jammed into them.
    jam: Vec<(BTreeSet<StmtId>, usize)>,
    unit_stride: bool,
    /// How many of the statements in the most loops are in a vector loop.
    hot_in_lanes: usize,
    /// How many statements are in the most loops.
    hottest: usize,
    /// Whether the outermost loop carries a dependence.
    outer_carries: bool,
    /// The differences of times of the dependences, per pair of statements.
    differences: crate::verify::Differences,
    /// Whether [`Assessed::verify`] accepted it.
    verified: bool,
}

impl Assessed {
    fn of(scop: &Scop, all: &UnionMap, theta: UnionMap) -> Result<Assessed, IslError> {
        let width = out_width(&theta)?;
        // Every dependence as a difference of times, once; a dimension carries a dependence
        // when some difference is zero before it and not at it.
        // The differences of times per pair of statements, computed once: the whole set for
        // the outer loops, the parts between the statements of a group for its inner loops.
        let pairs = crate::verify::time_differences(all.clone(), &theta)?;
        let mut deltas = UnionSet::empty(&scop.ctx)?;
        for (_, _, d) in &pairs {
            deltas = deltas.union(d)?;
        }
        let deltas_within = |group: &[StmtId]| -> Result<UnionSet, IslError> {
            let names: Vec<&str> = group.iter().map(|&s| scop.stmt(s).name.as_str()).collect();
            let mut u = UnionSet::empty(&scop.ctx)?;
            for (from, to, d) in &pairs {
                if names.contains(&from.as_str()) && names.contains(&to.as_str()) {
                    u = u.union(d)?;
                }
            }
            Ok(u)
        };
        let varying = (0..width)
            .map(|d| varies(&theta, d))
            .collect::<Result<Vec<bool>, IslError>>()?;
        let free = |d: usize| -> Result<bool, IslError> {
            Ok(varying[d]
                && deltas
                    .intersect(&crate::verify::carried_at(scop, width, d)?)?
                    .is_empty()?)
        };
        let mut parallel = Vec::new();
        for d in 0..width {
            if free(d)? {
                parallel.push(d);
                break;
            }
        }
        let mut outer_carries = false;
        if let Some(d) = varying.iter().position(|&v| v) {
            outer_carries = !free(d)?;
        }
        // Each statement's innermost loop; statements whose innermost loops are at the same
        // dimension are marked together when that is allowed for all of them (a fused loop
        // runs in lanes only if every statement in it may), else one by one.
        let mut unit_stride = true;
        let mut innermost: std::collections::BTreeMap<usize, Vec<StmtId>> = Default::default();
        // The loop around each statement's innermost one.
        let mut second: std::collections::BTreeMap<StmtId, usize> = Default::default();
        // How many loops each statement is in.
        let mut depths: Vec<(StmtId, usize)> = Vec::new();
        // Whether each statement's accesses move by at most one element along its innermost
        // loop (a property of the statement alone, asked again below for groups).
        let mut unit: std::collections::BTreeMap<StmtId, bool> = Default::default();
        for m in theta.maps()? {
            let one = m.to_union()?;
            let mut loops = Vec::new();
            for d in (0..width).rev() {
                if varies(&one, d)? {
                    loops.push(d);
                }
            }
            let depth = loops.len();
            // Short loops of a constant trip count innermost (a convolution's `dy, dx`) are
            // unrolled by the back ends: the loop around them is the one that runs in lanes.
            let unrolled = short_innermost(&m, &loops)?;
            let loops = &loops[unrolled..];
            let Some(&d) = loops.first() else { continue };
            let stride = stride_one(scop, &one, d, width)?;
            if !stride {
                unit_stride = false;
            }
            let name = m.tuple_name(DimType::In).unwrap_or_default();
            if let Some(k) = scop.stmts.iter().position(|s| s.name == name) {
                let s = StmtId(k as u32);
                depths.push((s, depth));
                innermost.entry(d).or_default().push(s);
                unit.insert(s, stride);
                if let Some(&outer) = loops.get(1) {
                    second.insert(s, outer);
                }
            }
        }
        let lanes = |group: &[StmtId], d: usize| -> Result<bool, IslError> {
            let deltas = deltas_within(group)?;
            Ok(group.iter().all(|s| unit.get(s) == Some(&true))
                && deltas
                    .intersect(&crate::verify::carried_at(scop, width, d)?)?
                    .is_empty()?)
        };
        let mut vector: Vec<(BTreeSet<StmtId>, usize)> = Vec::new();
        for (d, group) in innermost {
            if lanes(&group, d)? {
                vector.push((group.into_iter().collect(), d));
            } else if group.len() > 1 {
                for s in group {
                    if lanes(&[s], d)? {
                        vector.push((BTreeSet::from([s]), d));
                    }
                }
            }
        }
        // The statements in the most loops are where the time goes: they must run in lanes.
        let deepest = depths.iter().map(|&(_, d)| d).max().unwrap_or(0);
        let hottest = depths.iter().filter(|&&(_, d)| d == deepest).count();
        let hot_in_lanes = depths
            .iter()
            .filter(|&&(_, d)| d == deepest)
            .filter(|(s, _)| vector.iter().any(|(g, _)| g.contains(s)))
            .count();
        // Register tiles: the loop around a vector loop may be unrolled and jammed into it
        // when no dependence it carries between those statements goes backwards in the loops
        // inside it (then running several of its iterations together, innermost, keeps every
        // dependence's order).
        let mut jam = Vec::new();
        for (group, _) in &vector {
            // Statements of one vector loop may sit in different loops around it.
            let outer: BTreeSet<usize> = group
                .iter()
                .filter_map(|s| second.get(s))
                .copied()
                .collect();
            for d in outer {
                let stmts: Vec<StmtId> = group
                    .iter()
                    .copied()
                    .filter(|s| second.get(s) == Some(&d))
                    .collect();
                let deltas = deltas_within(&stmts)?;
                if deltas
                    .intersect(&backwards_inside(scop, width, d)?)?
                    .is_empty()?
                {
                    jam.push((stmts.into_iter().collect(), d));
                }
            }
        }
        Ok(Assessed {
            theta,
            parallel,
            vector,
            jam,
            unit_stride,
            hot_in_lanes,
            hottest,
            outer_carries,
            differences: pairs,
            verified: false,
        })
    }

    /// Verifies the schedule with its marks: every dependence in order, and none carried by a
    /// parallel loop (for every statement) or a vector loop (for its group).
    fn verify(&mut self, scop: &Scop, deps: &Dependences) -> Result<(), LoopyError> {
        let everyone: BTreeSet<StmtId> = (0..scop.stmts.len()).map(|k| StmtId(k as u32)).collect();
        let checks: Vec<(BTreeSet<StmtId>, usize)> = self
            .parallel
            .iter()
            .map(|&d| (everyone.clone(), d))
            .chain(self.vector.iter().cloned())
            .collect();
        verify_with(scop, deps, &self.theta, &checks, &self.differences)?;
        self.verified = true;
        Ok(())
    }

    /// Whether nothing scores higher: unit stride, a parallel loop, and every statement in the
    /// most loops in lanes.
    fn best(&self) -> bool {
        self.unit_stride && !self.parallel.is_empty() && self.hot_in_lanes == self.hottest
    }

    /// Unit stride first (a strided innermost loop loses more to the caches than threads
    /// give on a few cores), then threads, then how many of the statements in the most loops
    /// run in vector lanes (compared in that order). Counting them, not asking all of them,
    /// matters where two statements are equally deep and only one can have lanes (symm: the
    /// update of `C` can, the reduction into `temp2` cannot).
    fn score(&self) -> (bool, bool, usize) {
        (
            self.unit_stride,
            !self.parallel.is_empty(),
            self.hot_in_lanes,
        )
    }

    fn describe(&self) -> String {
        let yes = |b: bool, what: &str| format!("{}{what}", if b { "" } else { "no " });
        format!(
            "{}, {}, {}",
            yes(self.unit_stride, "unit stride innermost"),
            yes(!self.parallel.is_empty(), "parallel loop"),
            yes(self.hot_in_lanes == self.hottest, "vector loop")
        )
    }
}

/// Most iterations of the short loops a back end unrolls inside a vector loop (all of them
/// together), and most of one such loop. The back ends unroll up to 64 statement instances
/// (`optimist_codegen::ast::unroll_short`): two statements in 32 iterations.
const UNROLLED: usize = 32;
const SHORT: usize = 8;

/// How many of a statement's innermost loops (`loops`, dimensions of `m`'s range, innermost
/// first) are short: a constant trip count of at most [`SHORT`] whatever the parameters, at
/// most [`UNROLLED`] iterations together. Never all of them: the outermost loop stays a loop.
fn short_innermost(m: &Map, loops: &[usize]) -> Result<usize, IslError> {
    let mut product = 1;
    let mut count = 0;
    for &d in loops.iter().take(loops.len().saturating_sub(1)) {
        let Some(k) = short_extent(m, d)? else { break };
        if product * k > UNROLLED {
            break;
        }
        product *= k;
        count += 1;
    }
    Ok(count)
}

/// How many values dimension `d` of `m`'s range takes, when that is a constant of at most
/// [`SHORT`] whatever the parameters.
fn short_extent(m: &Map, d: usize) -> Result<Option<usize>, IslError> {
    let values = dimension(&m.range()?, d)?;
    let p = values.dim(DimType::Param)?;
    let values = values.project_out(DimType::Param, 0, p)?;
    if !values.is_bounded()? {
        return Ok(None);
    }
    match values.points(SHORT) {
        Ok(points) => Ok(Some(points.len())),
        Err(IslError::TooMany { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether member `k` of a band (`partial`: instances to the members' values) is short for
/// every statement ([`short_extent`]).
fn short_member(partial: &UnionMap, k: usize) -> Result<bool, IslError> {
    for m in partial.maps()? {
        if short_extent(&m, k)?.is_none() {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The differences of width `w` that are zero before `d`, positive at `d`, and lexicographically
/// negative after it: the dependences that unrolling and jamming loop `d` into the loops inside
/// it would reverse.
fn backwards_inside(scop: &Scop, w: usize, d: usize) -> Result<UnionSet, IslError> {
    let alts = (d + 1..w).map(|e| {
        let mut c: Vec<String> = (0..d).map(|k| format!("x{k} = 0")).collect();
        c.push(format!("x{d} > 0"));
        c.extend((d + 1..e).map(|k| format!("x{k} = 0")));
        c.push(format!("x{e} < 0"));
        c
    });
    crate::verify::differences(scop, w, alts)
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

/// Rows of a product's register block ([`register_blocks`]).
const BLOCK_ROWS: i64 = 4;
/// Bytes of a row of a product's register block: 16 `double`s, four AVX vectors.
const BLOCK_ROW_BYTES: i64 = 128;
/// The tile of a register-blocked product's reduction: the block's elements are loaded and
/// stored once per this many iterations of it.
const BLOCK_DEPTH: i64 = 128;
/// The tile of a register-blocked product's rows: the C packs the other operand's tile once
/// per this many rows (1000x1100x1200 on 2 threads: 0.042 s at 32, 0.036 s at 128, 0.033 s at
/// 256; 128 leaves more tiles to share among more cores).
const BLOCK_TILE_ROWS: i64 = 128;

/// A register block of a product's statement (`C[i][j] += A[i][k] * B[k][j]`, in any of its
/// spellings): inside its tile, the statement runs in blocks of [`BLOCK_ROWS`] rows by
/// `columns_wide` columns, the whole reduction tile for each block, so that the block's
/// elements stay in registers across the reduction (a back end loads them before the reduction
/// loop and stores them after it).
struct Block {
    stmt: StmtId,
    /// Where the statement's tiled band starts in the untiled relation.
    p: usize,
    /// The untiled relation's dimensions of the rows, the columns (the vector loop) and the
    /// reduction.
    rows: usize,
    columns: usize,
    depth: usize,
    /// The band member (isl's order, the tile loops') of the reduction.
    depth_member: usize,
    /// The band member of the rows.
    rows_member: usize,
    /// Columns per block.
    columns_wide: i64,
}

/// Whether the element `write` accesses stays the same along dimension `d` of `part` (one
/// statement's part of a relation to time vectors): instances that differ only there write
/// one element.
fn same_element_along(
    scop: &Scop,
    part: &UnionMap,
    write: &UnionMap,
    d: usize,
) -> Result<bool, IslError> {
    let pairs = part
        .apply_range(&along(scop, out_width(part)?, d, "y")?)?
        .apply_range(&part.reverse()?)?;
    let moved = write.reverse()?.apply_range(&pairs)?.apply_range(write)?;
    moved.is_subset(&write.range()?.identity()?)
}

/// Whether the time vectors of `part` (one statement's) are a box in `dims` once the other
/// dimensions have their values: the bounds of each of `dims` do not depend on the others
/// (a product's rows, columns and reduction, not syrk's or covariance's triangle, where a
/// block's loops would depend on each other and no block could be printed whole).
fn is_box(part: &UnionMap, dims: [usize; 3]) -> Result<bool, IslError> {
    for times in part.range()?.sets()? {
        let mut product: Option<optimist_presburger::Set> = None;
        for keep in dims {
            let mut free = times.clone();
            for d in dims.iter().filter(|&&d| d != keep) {
                free = free.eliminate(DimType::SET, *d, 1)?;
            }
            product = Some(match product {
                Some(p) => p.intersect(&free)?,
                None => free,
            });
        }
        if let Some(p) = product
            && !p.is_subset(&times)?
        {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether dimension `q` of `part` (a statement's time vectors) is member `m` of `members` (its
/// band's members) for every instance.
fn is_member(
    scop: &Scop,
    part: &UnionMap,
    members: &UnionMap,
    q: usize,
    m: usize,
    n: usize,
) -> Result<bool, IslError> {
    let width = out_width(part)?;
    let y: Vec<String> = (0..n).map(|k| format!("y{k}")).collect();
    let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
    let differ = Map::parse(
        &scop.ctx,
        &format!(
            "{{ [{}] -> [{}] : x{q} < y{m} or x{q} > y{m} }}",
            y.join(", "),
            x.join(", ")
        ),
    )?
    .to_union()?;
    members
        .reverse()?
        .apply_range(part)?
        .intersect(&differ)?
        .is_empty()
}

/// The register blocks of a candidate (`theta` untiled; its tilings shown legal, with where
/// each starts and which members carry no dependence, as `verify::tiling` gives them):
/// a tiled band of three members over one statement whose innermost member runs in vector
/// lanes (`vector`) and carries no dependence, another carries none either (the rows), and the
/// third carries one but leaves the written element where it is (the reduction, not a short
/// one), with no loop of the statement below the band, and the three bounded independently
/// of each other: a product.
fn register_blocks(
    scop: &Scop,
    theta: &UnionMap,
    tilings: &[(&Tiling, usize, &[bool])],
    vector: &[(BTreeSet<StmtId>, usize)],
) -> Result<Vec<Block>, IslError> {
    let mut out = Vec::new();
    for &(t, p, zero) in tilings {
        let stmts = Tiles::statements(scop, t)?;
        let (3, Some(&s)) = (t.n, stmts.first()) else {
            continue;
        };
        if stmts.len() != 1 {
            continue;
        }
        let Some(&(_, columns)) = vector
            .iter()
            .find(|(g, d)| g.contains(&s) && (p..p + 3).contains(d))
        else {
            continue;
        };
        let st = scop.stmt(s);
        let name = st.name.as_str();
        let part = |u: &UnionMap| -> Result<UnionMap, IslError> {
            let mut one = UnionMap::empty(&scop.ctx)?;
            for m in u.maps()? {
                if m.tuple_name(DimType::In).as_deref() == Some(name) {
                    one = one.union(&m.to_union()?)?;
                }
            }
            Ok(one)
        };
        let (mine, members) = (part(theta)?, part(&t.members)?);
        let mut member_of = Vec::new();
        for q in p..p + 3 {
            let mut found = None;
            for m in 0..3 {
                if is_member(scop, &mine, &members, q, m, 3)? {
                    found = Some(m);
                    break;
                }
            }
            match found {
                Some(m) => member_of.push((q, m)),
                None => break,
            }
        }
        if member_of.len() != 3 || !zero[member_of[columns - p].1] {
            continue;
        }
        let write = scop.access(st.write);
        let elem = scop.array(write.array).elem.size() as i64;
        if scop.array(write.array).sizes.len() < 2 || elem == 0 {
            continue;
        }
        let write = write.relation.to_union()?;
        let (mut rows, mut depth) = (None::<(usize, usize)>, None);
        for &(q, m) in &member_of {
            if q == columns {
                continue;
            }
            if zero[m] {
                rows = Some((q, m));
            } else if same_element_along(scop, &mine, &write, q)? {
                depth = Some((q, m));
            }
        }
        let (Some((rows, rows_member)), Some((depth, depth_member))) = (rows, depth) else {
            continue;
        };
        // The statement is in no loop below the band (a convolution's `dx` would be), and the
        // reduction is long: a few steps (a convolution's `dy`) do not pay for loading and
        // storing a block.
        let mut below = false;
        for q in p + 3..out_width(&mine)? {
            below |= varies(&mine, q)?;
        }
        if below
            || short_member(&members.intersect_domain(&scop.domains()?)?, depth_member)?
            || !is_box(&mine, [rows, columns, depth])?
        {
            continue;
        }
        out.push(Block {
            stmt: s,
            p,
            rows,
            columns,
            depth,
            depth_member,
            rows_member,
            columns_wide: (BLOCK_ROW_BYTES / elem).max(1),
        });
    }
    Ok(out)
}

/// `theta` (tiled: `tiles` says where its tile loops went) with the loops of each register
/// block in front of its statement's point loops: `floor(rows / BLOCK_ROWS)`,
/// `floor(columns / columns_wide)` and the reduction, zeros for every other statement; and
/// where each dimension of the tiled relation went.
fn apply_blocks(
    scop: &Scop,
    theta: &UnionMap,
    tiles: &Tiles,
    blocks: &[Block],
) -> Result<(UnionMap, BlockShift), IslError> {
    let shift = BlockShift {
        at: blocks
            .iter()
            .map(|b| tiles.shift(b.p))
            .collect::<BTreeSet<usize>>()
            .into_iter()
            .collect(),
    };
    if blocks.is_empty() {
        return Ok((theta.clone(), shift));
    }
    let mut out = UnionMap::empty(&scop.ctx)?;
    for m in theta.maps()? {
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        let block = blocks.iter().find(|b| scop.stmt(b.stmt).name == name);
        let w = m.dim(DimType::Out)?;
        let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
        let mut to = Vec::new();
        for d in 0..=w {
            if shift.at.contains(&d) {
                match block {
                    Some(b) if tiles.shift(b.p) == d => {
                        to.push(format!("floor(x{} / {BLOCK_ROWS})", tiles.shift(b.rows)));
                        to.push(format!(
                            "floor(x{} / {})",
                            tiles.shift(b.columns),
                            b.columns_wide
                        ));
                        to.push(format!("x{}", tiles.shift(b.depth)));
                    }
                    _ => to.extend(["0".to_string(), "0".into(), "0".into()]),
                }
            }
            if let Some(v) = x.get(d) {
                to.push(v.clone());
            }
        }
        let map = Map::parse(
            &scop.ctx,
            &format!("{{ [{}] -> [{}] }}", x.join(", "), to.join(", ")),
        )?;
        out = out.union(&m.apply_range(&map)?.to_union()?)?;
    }
    Ok((out, shift))
}

/// Where the dimensions of a tiled relation go once register blocks are in it
/// ([`apply_blocks`]).
struct BlockShift {
    /// The tiled relation's dimensions before which three were inserted.
    at: Vec<usize>,
}

impl BlockShift {
    fn shift(&self, d: usize) -> usize {
        d + 3 * self.at.iter().filter(|&&q| q <= d).count()
    }
}
