//! Time tiles: a stencil's time loop and its first space loop tiled together, the tiles run as
//! a wavefront (Pluto's parallelogram tiles), the loops inside each tile left as the program
//! wrote them.
//!
//! isl's scheduler skews a stencil's space loops by its time loop so that every dependence
//! goes forward along each of its band's members; that band is permutable and can be tiled
//! ([`crate::verify::tiling`]). Tiling all of it measured 2x slower than the program's order
//! (jacobi2d, one thread): the innermost loop, skewed too, carries a guard per statement and
//! runs in scalar code. Here only the first two members are tiled (time, and the outermost
//! space loop skewed), and inside a tile every statement's own loops follow in the program's
//! order: the innermost loop is a whole row, without guards, in vector lanes.
//!
//! The tile loops `(T, I)` run as a wavefront, `(T + I, I)`: tiles of one wave depend on
//! earlier waves only (every dependence goes forward along both members), so the second loop
//! runs in parallel.
//!
//! A one-dimensional stencil (jacobi1d) has no loop left once the two members are fixed: its
//! space loop is the skewed member. Its tiles hold rows instead: inside a tile, the time
//! member runs the program's own loops, each bounded by the tile of the skewed member, so a
//! stretch of each row runs whole and in lanes at each step (`[T + I, I, t, program's loops]`).
//! Within a tile that is the program's order at each step, and the steps in order; across
//! tiles, the tiling's: legal whenever the two members tile (the verifier checks it anyway).
//! The rows' tiles are sized for L1 (`AutoConfig::time_row_bytes`), where a 2-d stencil's are
//! sized for L2: the rows of a 1-d stencil are in L2 already at the sizes it is run with, and
//! stream from there at every step. jacobi1d, 40000 points, 10000 steps, one thread, against
//! `cc -O3 -march=native` on the original (0.25-0.27 s): C 0.142-0.155 s, native 0.221 s.
//!
//! # Design notes
//!
//! - **Time tiles** (`auto/time.rs`, Pluto's parallelogram tiles run as a wavefront). When the
//!   chosen candidate's outermost loop carries a dependence (a stencil's time loop) and isl's
//!   first band is permutable with two members or more, the strategy builds, before the
//!   interchange and the splits: isl's first two members (time, and the first space loop skewed
//!   by it), then the program's own order after its outermost loop (which must be every
//!   statement's first iterator), so inside a tile each statement's rows run as the program wrote
//!   them, whole, guard-free and in lanes (isl's full band skews the innermost loop too, with a
//!   guard per statement there: 2x slower than the program's order on jacobi2d). The two members
//!   are tiled (`floor(m0/T0) + floor(m1/T1), floor(m1/T1)`: the wave, then the tile within it,
//!   marked parallel: every dependence goes forward along both members, so tiles of one wave are
//!   independent). Conditions, each reported as a `no time tiles:` line when it fails: every
//!   statement in a loop below the two members (`time::is_loop`: a dimension that takes two values
//!   where the ones before it are equal; jacobi1d's `i` is fixed by the members, and then the
//!   tiles hold rows: every statement in a loop below the time member); inside the
//!   tiles, unit stride and every statement in the most loops in lanes (seidel2d's rows carry a
//!   dependence: its time tiles ran in 0.579 s on one thread against 0.372 s for isl's full tiles,
//!   0.351 s against 0.372 s on two); the two members
//!   tile (`verify::tiling`); one time step touches more than `AutoConfig::time_tile_bytes`
//!   (2 MiB, a core's L2 here) with every parameter at 2048 (`tile_bytes` with the space member
//!   whole), and some tile of `t/4 x t`, `t/8 x t`, `t/8 x t/2`, `t/16 x t/2` (`t` the tile size,
//!   first that fits) touches no more (heat3d's planes do not); the relation with the tile
//!   loops passes the verifier with its parallel and vector marks. Measured (2 threads,
//!   `-O3 -march=native`): jacobi2d 1300x1300 C 0.196 -> 0.131 s, native 0.227 -> 0.153 s;
//!   4000x4000 C 0.81 -> 0.35 s; fdtd2d C 0.238 -> 0.12 s, native 0.264 -> 0.131 s. The cost is
//!   at small sizes in native code (300x300: 8 x 32 5% slower than the program's order, 4 x 16
//!   1.6x slower), and in compile time: the AST check of the tiled loops runs to its limit
//!   (jacobi2d's `show ast` 0.16 s, fdtd2d's 0.39 s). `AutoConfig::time_tiles` turns them off.
//! - **Wavefronts of tiles** (`time::wavefront`). When the chosen schedule has no parallel loop,
//!   each of its tiled bands of two loops or more (isl's tiles of seidel2d, lu, cholesky, and
//!   both of ludcmp's: every dependence goes forward along each tile loop, and the outermost
//!   carries one), the first two tile loops `T0, T1` of the band's statements become
//!   `T0 + T1, T1`: tiles of one wave differ in `T1` and depend only on
//!   earlier waves, so `T1` is marked parallel; the relation is verified with that mark and the
//!   vector marks, and kept only when accepted (a `wavefront:` decision line). Measured with
//!   `--threads 2`: seidel2d C 0.372 -> 0.306 s, native 0.447 -> 0.362 s; lu C 0.132 -> 0.082 s,
//!   native 0.165 -> 0.101 s; cholesky C 0.29 -> 0.147 s, native 0.40 -> 0.27 s. Compile time:
//!   seidel2d's `show timing` 0.12 -> 0.22 s (the verifier on the relation with tile loops),
//!   lu 0.11 -> 0.18 s.

use super::{Assessed, AutoConfig, Lanes, MEASURED_AT, measured_parts, tile_bytes};
use crate::verify::out_width;
use crate::{LoopyError, Mark};
use optimist_presburger::{DimType, Error as IslError, Map, UnionMap};
use optimist_scop::model::{Dependences, Scop, StmtId};
use std::collections::BTreeSet;

/// A time-tiled schedule: the relation (tile loops included) and its marks, verified.
pub(super) struct TimeTiles {
    pub(super) theta: UnionMap,
    pub(super) parallel: Vec<Mark>,
    pub(super) vector: Vec<Mark>,
    pub(super) jam: Vec<Mark>,
    /// The sizes of the time member's tiles and the space member's.
    pub(super) sizes: [i64; 2],
    /// Whether the tiles hold rows: inside a tile, the time member and then the program's
    /// own loops, the skewed space member bounding them (a one-dimensional stencil's, whose
    /// space loop the member fixes); else the two members and then the program's loops.
    pub(super) rows: bool,
    /// The bytes one step of the time loop touches, at the measured parameters.
    pub(super) step_bytes: u64,
    /// The bytes a tile touches there.
    pub(super) tile_bytes: u64,
}

/// Why time tiles were not taken, for the report.
pub(super) enum NotTaken {
    /// The program is not a time loop around loop nests the tiles leave as they are.
    Shape(&'static str),
    /// One step of the time loop touches little enough data (the first) to stay in the cache
    /// (of the second's bytes).
    Fits(u64, u64),
    /// No tile of the sizes tried fits in the cache: the smallest's bytes, the cache's.
    TooBig(u64, u64),
    /// The verifier refused the schedule (it should not: a tiling of a permutable band).
    Refused,
}

impl NotTaken {
    /// The decision.
    pub(super) fn typed(&self) -> crate::decision::NoTimeTiles {
        use crate::decision::NoTimeTiles;
        match *self {
            NotTaken::Shape(why) => NoTimeTiles::Shape(why),
            NotTaken::Fits(step, cache) => NoTimeTiles::Fits {
                step,
                at: MEASURED_AT,
                cache,
            },
            NotTaken::TooBig(tile, cache) => NoTimeTiles::TooBig {
                tile,
                at: MEASURED_AT,
                cache,
            },
            NotTaken::Refused => NoTimeTiles::Refused,
        }
    }
}

/// The tile sizes tried, time member first, best first, for [`super::AutoConfig::tile_size`]
/// `t`: `t/4 x t`, `t/8 x t`, `t/8 x t/2`, `t/16 x t/2` (at least 1). With 32, 8 x 32 ran
/// jacobi2d on 1300x1300 elements in 0.131 s on 2 threads where the program's order took
/// 0.196 s, and as fast as 4 x 16 or 16 x 32 (0.130 s); on 300x300 elements, 4 x 16 was 1.6x
/// slower than the program's order in native code, 8 x 32 5%.
fn sizes(t: i64) -> [[i64; 2]; 4] {
    [[t / 4, t], [t / 8, t], [t / 8, t / 2], [t / 16, t / 2]].map(|s| s.map(|z| z.max(1)))
}

/// The sizes tried for tiles of rows (a one-dimensional stencil's: a tile's space member is a
/// stretch of a row, not of rows), time member first, best first: `t/2 x 32t`, `t/2 x 16t`,
/// `t/4 x 8t`, `t/8 x 4t` (16 x 1024 down to 4 x 128 with 32). jacobi1d, 40000 points, 10000
/// steps, hand-written tiles compiled by `cc -O3 -march=native` on this machine (48 KiB of L1):
/// 0.139-0.155 s with 8 to 32 steps by 256 to 2048 points, against 0.249 s for the program's
/// order, whose two rows (640 KiB) stream from L2 every step.
fn row_sizes(t: i64) -> [[i64; 2]; 4] {
    [
        [t / 2, 32 * t],
        [t / 2, 16 * t],
        [t / 4, 8 * t],
        [t / 8, 4 * t],
    ]
    .map(|s| s.map(|z| z.max(1)))
}

/// Time tiles for `scop` from `band`, the first band of isl's schedule (instances to its `n`
/// members, permutable), and the program's order `original` (flat, [`super::flat`]): the first
/// two members tiled, the tiles as a wavefront, then the program's loops after its outermost
/// (the time loop every statement is in). [`AutoConfig::tile_size`] scales the sizes tried
/// ([`sizes`]); [`AutoConfig::time_tile_bytes`] is the bytes a tile may touch (the cache it
/// should stay in).
#[allow(clippy::too_many_arguments)]
pub(super) fn time_tiles(
    scop: &Scop,
    deps: &Dependences,
    all: &UnionMap,
    unrolled: Lanes,
    band: &UnionMap,
    n: usize,
    original: &UnionMap,
    config: &AutoConfig,
) -> Result<Result<TimeTiles, NotTaken>, LoopyError> {
    if n < 2 {
        return Ok(Err(NotTaken::Shape("isl's band has one member")));
    }
    let ctx = &scop.ctx;
    // Every statement in the program's outermost loop, which is its first iterator.
    for m in original.maps()? {
        if m.dim(DimType::In)? == 0 || !m.equate(DimType::In, 0, DimType::Out, 0)?.is_equal(&m)? {
            return Ok(Err(NotTaken::Shape(
                "a statement is outside the outermost loop",
            )));
        }
    }
    let ms: Vec<String> = (0..n).map(|k| format!("m{k}")).collect();
    let first_two = Map::parse(ctx, &format!("{{ [{}] -> [m0, m1] }}", ms.join(", ")))?;
    let pair = band.apply_range(&first_two.to_union()?)?;
    // The program's order without its outermost loop (the members take its place).
    let width = out_width(original)?;
    let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
    let drop_first = Map::parse(
        ctx,
        &format!("{{ [{}] -> [{}] }}", x.join(", "), x[1..].join(", ")),
    )?;
    let rest = original.apply_range(&drop_first.to_union()?)?;
    let mut untiled = UnionMap::empty(ctx)?;
    for m in pair.maps()? {
        let name = m.tuple_name(DimType::In);
        let Some(r) = rest
            .maps()?
            .into_iter()
            .find(|r| r.tuple_name(DimType::In) == name)
        else {
            return Ok(Err(NotTaken::Shape("isl's band leaves out a statement")));
        };
        untiled = untiled.union(&m.flat_range_product(&r)?.to_union()?)?;
    }
    // Inside the tiles: every statement in a loop of its own below the tiled members (those
    // loops are short and skewed), unit stride, and every statement in the most loops in
    // lanes. Where the rows cannot run in lanes, the tiles buy little: seidel2d's rows carry
    // a dependence, and its time tiles ran in 0.579 s on one thread where isl's full tiles,
    // which the strategy keeps there, take 0.372 s (0.351 s against 0.372 s on two threads).
    //
    // A one-dimensional stencil's space loop is fixed by the two members (jacobi1d's `i` once
    // `t` and `2t + i` are): inside its tiles, the time member runs the program's own loops,
    // each bounded by the tile of the skewed space member, so a row's stretch runs whole, in
    // lanes, at each step (tiles of rows).
    let mut rows = false;
    for m in untiled.maps()? {
        rows = rows || !loop_from(scop, &m, 2)?;
    }
    // The loops inside the tiles: the members and the program's loops, or for rows the time
    // member and the program's loops.
    let w = out_width(&untiled)?;
    let y: Vec<String> = (0..w).map(|k| format!("y{k}")).collect();
    let point: Vec<&str> = y
        .iter()
        .enumerate()
        .filter(|&(k, _)| !(rows && k == 1))
        .map(|(_, v)| v.as_str())
        .collect();
    let points = untiled.apply_range(
        &Map::parse(
            ctx,
            &format!("{{ [{}] -> [{}] }}", y.join(", "), point.join(", ")),
        )?
        .to_union()?,
    )?;
    let first = if rows { 1 } else { 2 };
    if rows {
        for m in points.maps()? {
            if !loop_from(scop, &m, first)? {
                return Ok(Err(NotTaken::Shape(
                    "a statement has no loop inside the time loop",
                )));
            }
        }
    }
    let assessed = Assessed::of(scop, all, unrolled, points)?;
    if !assessed.unit_stride
        || assessed.hot_in_lanes < assessed.hottest
        || assessed.vector.iter().any(|&(_, d)| d < first)
    {
        return Ok(Err(NotTaken::Shape(
            "inside the tiles, the statements in the most loops would not run in vector lanes",
        )));
    }
    if crate::verify::tiling(scop, all, &untiled, 0, &pair, 2)?.is_err() {
        return Ok(Err(NotTaken::Shape(
            "isl's first two members do not tile (a dependence goes backwards along one)",
        )));
    }
    // The data one time step touches, and a tile's, with the parameters at MEASURED_AT.
    let (parts, middle) = match measured_parts(scop, &scop.domains()?, &pair)? {
        Some(p) => p,
        None => return Ok(Err(NotTaken::Shape("the members' values are unbounded"))),
    };
    let (sizes, bytes, step_bytes) = match tile_size(scop, (&parts, &middle), rows, config)? {
        Ok(chosen) => chosen,
        Err(why) => return Ok(Err(why)),
    };
    let tile = Map::parse(
        ctx,
        &format!(
            "{{ [{all}] -> [floor(y0 / {a}) + floor(y1 / {b}), floor(y1 / {b}), {point}] }}",
            all = y.join(", "),
            point = point.join(", "),
            a = sizes[0],
            b = sizes[1]
        ),
    )?;
    let theta = untiled.apply_range(&tile.to_union()?)?;
    let (parallel, vector, jam, checks) = tile_marks(scop, &assessed);
    match crate::verify::verify(scop, deps, &theta, &checks) {
        Ok(()) => Ok(Ok(TimeTiles {
            theta,
            parallel,
            vector,
            jam,
            sizes,
            rows,
            step_bytes,
            tile_bytes: bytes,
        })),
        Err(LoopyError::Refused(_)) => Ok(Err(NotTaken::Refused)),
        Err(e) => Err(e),
    }
}

/// The marks of time tiles: the tiles of a wave in parallel (every statement), and the
/// assessment's vector and jam marks inside the tiles (two dimensions deeper); with the
/// (statements, dimension) pairs the verifier checks.
#[allow(clippy::type_complexity)]
fn tile_marks(
    scop: &Scop,
    assessed: &Assessed,
) -> (
    Vec<Mark>,
    Vec<Mark>,
    Vec<Mark>,
    Vec<(BTreeSet<StmtId>, usize)>,
) {
    let everyone: BTreeSet<StmtId> = (0..scop.stmts.len()).map(|k| StmtId(k as u32)).collect();
    let parallel = vec![Mark {
        dim: 1,
        stmts: everyone,
    }];
    let shifted = |marks: &[(BTreeSet<StmtId>, usize)]| -> Vec<Mark> {
        marks
            .iter()
            .map(|(stmts, d)| Mark {
                dim: d + 2,
                stmts: stmts.clone(),
            })
            .collect()
    };
    let (vector, jam) = (shifted(&assessed.vector), shifted(&assessed.jam));
    let checks: Vec<(BTreeSet<StmtId>, usize)> = parallel
        .iter()
        .chain(&vector)
        .map(|m| (m.stmts.clone(), m.dim))
        .collect();
    (parallel, vector, jam, checks)
}

/// The first tile of the sizes tried (tiles of rows with `rows`) whose data, measured on
/// `parts` at their `middle`, fits the budget of `config`: its sizes, its bytes and one time
/// step's bytes; or why none is taken (one step fits already, or no tile does).
#[allow(clippy::type_complexity)]
fn tile_size(
    scop: &Scop,
    (parts, middle): (&[Map], &[i64]),
    rows: bool,
    config: &AutoConfig,
) -> Result<Result<([i64; 2], u64, u64), NotTaken>, LoopyError> {
    let step_bytes = tile_bytes(scop, parts, middle, &[1, 0])?;
    let budget = if rows {
        config.time_row_bytes
    } else {
        config.time_tile_bytes
    };
    if step_bytes <= budget {
        return Ok(Err(NotTaken::Fits(step_bytes, budget)));
    }
    let mut chosen = None;
    let mut smallest = u64::MAX;
    let tried = if rows {
        row_sizes(config.tile_size)
    } else {
        sizes(config.tile_size)
    };
    for sizes in tried {
        let bytes = tile_bytes(scop, parts, middle, &sizes)?;
        smallest = smallest.min(bytes);
        if bytes <= budget {
            chosen = Some((sizes, bytes));
            break;
        }
    }
    let Some((sizes, bytes)) = chosen else {
        return Ok(Err(NotTaken::TooBig(smallest, budget)));
    };
    Ok(Ok((sizes, bytes, step_bytes)))
}

/// Whether some dimension of the times of `m` from `from` on is a loop ([`is_loop`]).
fn loop_from(scop: &Scop, m: &Map, from: usize) -> Result<bool, IslError> {
    for d in from..m.dim(DimType::Out)? {
        if is_loop(scop, m, d)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether dimension `d` of the times of `m` takes two values or more where the dimensions
/// before it are equal: a loop of the code, not a value the outer loops fix (jacobi1d's `i`
/// once the time and `2t + i` are fixed).
fn is_loop(scop: &Scop, m: &Map, d: usize) -> Result<bool, IslError> {
    let times = m.range()?;
    let w = times.dim(DimType::SET)?;
    let prefix = times.project_out(DimType::SET, d + 1, w - d - 1)?;
    let differences = Map::from_domain_and_range(&prefix, &prefix)?
        .deltas()?
        .to_union()?;
    Ok(!differences
        .intersect(&crate::verify::carried_at(scop, d + 1, d)?)?
        .is_empty()?)
}

/// `theta` with the tile loops `d` and `d + 1` of the statements `stmts` (a tiled band's
/// first two, every dependence forward along both) run as a wavefront: `d` becomes their sum,
/// and `d + 1`, the tile within the wave, is marked parallel for `stmts`. The other
/// statements' dimensions are untouched. Verified with that mark, the parallel marks accepted
/// before (`others`: other bands' wavefronts) and the `vector` ones. `None` when the verifier
/// refuses it.
pub(super) fn wavefront(
    scop: &Scop,
    deps: &Dependences,
    theta: &UnionMap,
    d: usize,
    stmts: &BTreeSet<StmtId>,
    others: &[Mark],
    vector: &[Mark],
) -> Result<Option<(UnionMap, Mark)>, LoopyError> {
    let w = out_width(theta)?;
    let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
    let mut y = x.clone();
    y[d] = format!("x{d} + x{}", d + 1);
    let waves = Map::parse(
        &scop.ctx,
        &format!("{{ [{}] -> [{}] }}", x.join(", "), y.join(", ")),
    )?;
    let names: BTreeSet<&str> = stmts.iter().map(|&s| scop.stmt(s).name.as_str()).collect();
    let mut waved = UnionMap::empty(&scop.ctx)?;
    for m in theta.maps()? {
        let m = match m.tuple_name(DimType::In) {
            Some(n) if names.contains(n.as_str()) => m.apply_range(&waves)?,
            _ => m,
        };
        waved = waved.union(&m.to_union()?)?;
    }
    let mark = Mark {
        dim: d + 1,
        stmts: stmts.clone(),
    };
    let checks: Vec<(BTreeSet<StmtId>, usize)> = std::iter::once(&mark)
        .chain(others)
        .chain(vector)
        .map(|m| (m.stmts.clone(), m.dim))
        .collect();
    match crate::verify::verify(scop, deps, &waved, &checks) {
        Ok(()) => Ok(Some((waved, mark))),
        Err(LoopyError::Refused(_)) => Ok(None),
        Err(e) => Err(e),
    }
}
