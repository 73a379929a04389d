//! Pictures of what the optimizer decided, as SVG written here (no drawing library): in the
//! manner of islplot, for sets and relations small enough to draw point by point.
//!
//! - [`iteration_space`]: a two-dimensional slice of one statement's iteration domain (the
//!   other iterators and every parameter fixed): its points, the dependences between them
//!   (value-based RAW, WAR and WAW, as arrows from the instance that must run first), the
//!   execution order of the chosen schedule (a path through the points) and its tiles (the
//!   points that share a tile loop iteration, boxed).
//! - [`check_region`]: the parameter part of the run-time check over two parameters (the
//!   others fixed): where the optimized code may run, where the faithful code runs, and where
//!   nothing runs at all. (The check also compares the addresses of arrays that must not
//!   overlap; that part depends on the caller's buffers, not on parameters, and is not drawn.)
//!
//! Each picture also returns what it drew as data, and every drawn element carries its
//! coordinates (`data-at`, `data-from`, `data-to`), so tests can check the SVG against the
//! model.

use crate::driver::{Config, Error, Outcome, Why, optimize};
use optimist_presburger::{DimType, Error as IslError, Set, UnionMap, UnionSet};
use optimist_scop::ir::Function;
use optimist_scop::model::{DepConfig, DepKind, Dependences};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The most points a picture draws.
pub const MAX_POINTS: usize = 4096;

/// Why a picture cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// What [`optimize`] reported.
    #[error(transparent)]
    Optimize(#[from] Error),
    /// *Unsupported input*: only the faithful code would run, so there is no model to draw.
    #[error("nothing to draw: only the faithful code runs: {0}")]
    FaithfulOnly(Why),
    /// *Invalid input*: a name (statement, iterator, parameter) the model does not have.
    #[error("{0}")]
    Unknown(String),
    /// *Invalid input*: a parameter without a value (a picture needs them all).
    #[error("give the parameter `{0}` a value (`--set {0}=VALUE`)")]
    MissingValue(String),
    /// *Limit reached*: the slice has more than [`MAX_POINTS`] points (or is unbounded).
    #[error("the slice has more than {MAX_POINTS} points: choose smaller parameter values")]
    TooLarge,
    /// *Limit reached* or *bug*: isl failed.
    #[error("isl: {0}")]
    Isl(#[from] IslError),
}

/// Which slice of which statement [`iteration_space`] draws.
#[derive(Clone, Debug, Default)]
pub struct Slice {
    /// The statement, by name (`S1`) or C label; by default the first of those in the most
    /// loops.
    pub statement: Option<String>,
    /// The two iterators on the horizontal and the vertical axis; by default its first two.
    pub dims: Option<[String; 2]>,
    /// Values of the parameters (all needed) and of other iterators (by default each at the
    /// smallest value where the slice has points, outermost first).
    pub fixed: Vec<(String, i64)>,
}

/// A drawn slice of an iteration domain.
#[derive(Clone, Debug)]
pub struct IterationPicture {
    /// The statement drawn.
    pub statement: String,
    /// The iterators on the two axes.
    pub dims: [String; 2],
    /// The values the other iterators and the parameters were fixed to.
    pub fixed: Vec<(String, i64)>,
    /// The points, in lexicographic order.
    pub points: Vec<[i64; 2]>,
    /// The dependences between them: (source, target).
    pub dependences: BTreeSet<([i64; 2], [i64; 2])>,
    /// The points in the order the schedule runs them.
    pub order: Vec<[i64; 2]>,
    /// The tiles: the points of each, in execution order (empty when the schedule does not
    /// tile the slice).
    pub tiles: Vec<Vec<[i64; 2]>>,
    /// What the schedule is, in words.
    pub transformation: String,
    /// The SVG text.
    pub svg: String,
}

/// Where the run-time check sends a run, for one pair of parameter values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Region {
    /// The assumptions hold: the optimized code runs (when the arrays do not overlap).
    Optimized,
    /// They do not: the faithful code runs.
    Faithful,
    /// No statement instance runs for these values.
    Nothing,
}

/// A drawn parameter plane of the run-time check.
#[derive(Clone, Debug)]
pub struct RegionPicture {
    /// The parameters on the horizontal and the vertical axis.
    pub params: [String; 2],
    /// Every cell drawn and its region.
    pub cells: Vec<([i64; 2], Region)>,
    /// The SVG text.
    pub svg: String,
}

/// The optimized plan of `f` under `config`, or why there is none.
fn plan_of(f: &Function, config: &Config) -> Result<crate::Plan, PictureError> {
    match optimize(f, config)? {
        Outcome::Optimized(plan) => Ok(plan),
        Outcome::FaithfulOnly(why) => Err(PictureError::FaithfulOnly(why)),
    }
}

/// The points of a bounded set, as coordinates of its tuple.
fn points(set: &Set) -> Result<Vec<Vec<i64>>, PictureError> {
    set.points(MAX_POINTS).map_err(|e| match e {
        IslError::TooMany { .. } => PictureError::TooLarge,
        e => PictureError::Isl(e),
    })
}

/// A pair of a relation: the coordinates of its two tuples.
type Pair = (Vec<i64>, Vec<i64>);

/// The pairs of a bounded relation.
fn pairs(relation: &UnionMap) -> Result<Vec<Pair>, PictureError> {
    let mut out = Vec::new();
    for m in relation.maps()? {
        let n = m.dim(DimType::In)?;
        for mut pair in points(&m.wrap()?)? {
            let image = pair.split_off(n);
            out.push((pair, image));
        }
    }
    Ok(out)
}

/// `set` with parameter `name` fixed to `value`, when it has that parameter.
fn fix_param(set: &Set, name: &str, value: i64) -> Result<Set, PictureError> {
    match set.space()?.find_dim_by_name(DimType::Param, name)? {
        Some(pos) => Ok(set.fix(DimType::Param, pos, value)?),
        None => Ok(set.clone()),
    }
}

/// Draws a slice of one statement's iteration domain under the schedule `config` chooses.
pub fn iteration_space(
    f: &Function,
    config: &Config,
    slice: &Slice,
) -> Result<IterationPicture, PictureError> {
    let plan = plan_of(f, config)?;
    let scop = &plan.scop;
    let stmt = match &slice.statement {
        Some(name) => scop
            .stmts
            .iter()
            .find(|s| &s.name == name || s.label.as_deref() == Some(name))
            .ok_or_else(|| {
                let names: Vec<&str> = scop.stmts.iter().map(|s| s.name.as_str()).collect();
                PictureError::Unknown(format!(
                    "no statement `{name}` (statements: {})",
                    names.join(", ")
                ))
            })?,
        None => {
            let most = scop
                .stmts
                .iter()
                .map(|s| s.iterators.len())
                .max()
                .unwrap_or(0);
            scop.stmts
                .iter()
                .find(|s| s.iterators.len() == most)
                .ok_or_else(|| PictureError::Unknown("the model has no statement".into()))?
        }
    };
    let mut domain = stmt.domain.clone();
    let n_dims = domain.dim(DimType::SET)?;
    let names: Vec<String> = (0..n_dims)
        .map(|k| {
            Ok(domain
                .dim_name(DimType::SET, k)?
                .unwrap_or_else(|| format!("i{k}")))
        })
        .collect::<Result<_, IslError>>()?;
    if n_dims < 2 {
        return Err(PictureError::Unknown(format!(
            "`{}` is in {n_dims} loop(s): a picture needs two",
            stmt.name
        )));
    }
    let dims = slice
        .dims
        .clone()
        .unwrap_or_else(|| [names[0].clone(), names[1].clone()]);
    let axis: Vec<usize> = dims
        .iter()
        .map(|d| {
            names.iter().position(|n| n == d).ok_or_else(|| {
                PictureError::Unknown(format!(
                    "`{}` has no iterator `{d}` (iterators: {})",
                    stmt.name,
                    names.join(", ")
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    if axis[0] == axis[1] {
        return Err(PictureError::Unknown("the two axes must differ".into()));
    }
    // Parameters first: all of them need a value.
    let mut fixed = Vec::new();
    for p in &scop.params {
        let Some(&(_, v)) = slice.fixed.iter().find(|(n, _)| *n == p.name) else {
            return Err(PictureError::MissingValue(p.name.clone()));
        };
        domain = fix_param(&domain, &p.name, v)?;
        fixed.push((p.name.clone(), v));
    }
    for (name, _) in &slice.fixed {
        let scalar = f.scalar_params().any(|v| &f.var(v).name == name);
        if !names.contains(name) && !scop.params.iter().any(|p| &p.name == name) && !scalar {
            return Err(PictureError::Unknown(format!(
                "`{name}` is neither an iterator of `{}` nor a parameter",
                stmt.name
            )));
        }
    }
    // Then the other iterators, outermost first: given, or the smallest with points.
    for k in (0..n_dims).filter(|k| !axis.contains(k)) {
        let v = match slice.fixed.iter().find(|(n, _)| *n == names[k]) {
            Some(&(_, v)) => v,
            None => match points(&domain.lexmin()?)?.first() {
                Some(p) => p[k],
                None => 0,
            },
        };
        domain = domain.fix(DimType::SET, k, v)?;
        fixed.push((names[k].clone(), v));
    }
    let at = |p: &[i64]| [p[axis[0]], p[axis[1]]];
    let all = points(&domain)?;
    let points_2d: Vec<[i64; 2]> = all.iter().map(|p| at(p)).collect();

    // Dependences between instances of the slice.
    let deps = Dependences::compute_isl(scop, &DepConfig::default())?;
    let mut between = UnionMap::empty(&scop.ctx)?;
    for kind in [DepKind::Raw, DepKind::War, DepKind::Waw] {
        between = between.union(&deps.statements(kind, true)?)?;
    }
    let here = UnionSet::from_set(&domain)?;
    let between = between.intersect_domain(&here)?.intersect_range(&here)?;
    let dependences = pairs(&between)?
        .iter()
        .map(|(from, to)| (at(from), at(to)))
        .collect();

    // Execution order and tiles, from the schedule's time vectors.
    let time = plan.schedule.map()?.intersect_domain(&here)?;
    let mut timed: Vec<(Vec<i64>, [i64; 2])> = pairs(&time)?
        .into_iter()
        .map(|(instance, t)| (t, at(&instance)))
        .collect();
    timed.sort();
    let order: Vec<[i64; 2]> = timed.iter().map(|(_, p)| *p).collect();
    let tiles = tiles_of(&timed);

    let mut picture = IterationPicture {
        statement: stmt.name.clone(),
        dims,
        fixed,
        points: points_2d,
        dependences,
        order,
        tiles,
        transformation: plan.transformation.clone(),
        svg: String::new(),
    };
    picture.svg = draw_iterations(&picture);
    Ok(picture)
}

/// The tiles of a slice whose points run at the time vectors `timed` (sorted): the longest
/// prefix of the time dimensions that is a function of the remaining ones (a tile loop
/// `floor(x / 32)` is determined by its point loop `x`) and takes more than one value but
/// fewer than there are points groups the points; none when no prefix does (an untiled
/// order: the outer loop `i` is not determined by the inner `j`).
fn tiles_of(timed: &[(Vec<i64>, [i64; 2])]) -> Vec<Vec<[i64; 2]>> {
    let width = timed.first().map_or(0, |(t, _)| t.len());
    for s in (1..width).rev() {
        let mut prefix_of: BTreeMap<&[i64], &[i64]> = BTreeMap::new();
        let mut function = true;
        for (t, _) in timed {
            let (prefix, rest) = t.split_at(s);
            if *prefix_of.entry(rest).or_insert(prefix) != prefix {
                function = false;
                break;
            }
        }
        let distinct: BTreeSet<&[i64]> = timed.iter().map(|(t, _)| &t[..s]).collect();
        if function && distinct.len() > 1 && distinct.len() < timed.len() {
            let mut groups: BTreeMap<&[i64], Vec<[i64; 2]>> = BTreeMap::new();
            for (t, p) in timed {
                groups.entry(&t[..s]).or_default().push(*p);
            }
            return groups.into_values().collect();
        }
    }
    Vec::new()
}

/// Draws where the run-time check lets the optimized code run, for parameters `params[0]`
/// (horizontal) and `params[1]` (vertical) over `range`, the other parameters fixed.
pub fn check_region(
    f: &Function,
    config: &Config,
    params: [&str; 2],
    range: std::ops::RangeInclusive<i64>,
    fixed: &[(String, i64)],
) -> Result<RegionPicture, PictureError> {
    let plan = plan_of(f, config)?;
    let scop = &plan.scop;
    for p in params {
        if !scop.params.iter().any(|q| q.name == p) {
            let names: Vec<&str> = scop.params.iter().map(|q| q.name.as_str()).collect();
            return Err(PictureError::Unknown(format!(
                "no parameter `{p}` (parameters: {})",
                names.join(", ")
            )));
        }
    }
    if params[0] == params[1] {
        return Err(PictureError::Unknown("the two axes must differ".into()));
    }
    let side = (range.end() - range.start() + 1).max(0) as usize;
    if side * side > MAX_POINTS {
        return Err(PictureError::TooLarge);
    }
    let mut valid = plan.check_params.intersect(&scop.context)?;
    let mut executes = plan.assumptions.executes.clone();
    for q in &scop.params {
        if params.contains(&q.name.as_str()) {
            continue;
        }
        let Some(&(_, v)) = fixed.iter().find(|(n, _)| *n == q.name) else {
            return Err(PictureError::MissingValue(q.name.clone()));
        };
        valid = fix_param(&valid, &q.name, v)?;
        executes = fix_param(&executes, &q.name, v)?;
    }
    let mut cells = Vec::new();
    for y in range.clone() {
        for x in range.clone() {
            let here = |s: &Set| -> Result<bool, PictureError> {
                let s = fix_param(&fix_param(s, params[0], x)?, params[1], y)?;
                Ok(!s.is_empty()?)
            };
            let region = if !here(&executes)? {
                Region::Nothing
            } else if here(&valid)? {
                Region::Optimized
            } else {
                Region::Faithful
            };
            cells.push(([x, y], region));
        }
    }
    let mut picture = RegionPicture {
        params: [params[0].to_string(), params[1].to_string()],
        cells,
        svg: String::new(),
    };
    picture.svg = draw_region(&picture, &plan.check_c());
    Ok(picture)
}

/// The convex hull of `points` (Andrew's monotone chain), counter-clockwise; one or two
/// points for degenerate sets.
fn convex_hull(points: &[[i64; 2]]) -> Vec<[i64; 2]> {
    let mut p: Vec<[i64; 2]> = points.to_vec();
    p.sort();
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let cross = |o: [i64; 2], a: [i64; 2], b: [i64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[i64; 2]> = Vec::with_capacity(2 * p.len());
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &[i64; 2]>> = if pass == 0 {
            Box::new(p.iter())
        } else {
            Box::new(p.iter().rev())
        };
        for &q in iter {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], q) <= 0
            {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    if hull.is_empty() {
        // All points on one line: its two ends.
        return vec![p[0], p[p.len() - 1]];
    }
    hull
}

/// Escapes text for SVG.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const CELL: i64 = 32;
const MARGIN: i64 = 64;

/// The canvas of a grid over `[lo, hi]` in both coordinates: the pixel of a point (vertical
/// axis upwards), and the SVG header with axes and title.
struct Canvas {
    lo: [i64; 2],
    hi: [i64; 2],
}

impl Canvas {
    fn over(points: impl Iterator<Item = [i64; 2]>) -> Canvas {
        let (mut lo, mut hi) = ([i64::MAX; 2], [i64::MIN; 2]);
        for p in points {
            for k in 0..2 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        if lo[0] > hi[0] {
            (lo, hi) = ([0, 0], [0, 0]);
        }
        Canvas { lo, hi }
    }

    fn width(&self) -> i64 {
        ((self.hi[0] - self.lo[0] + 1) * CELL + 2 * MARGIN).max(720)
    }

    fn height(&self) -> i64 {
        (self.hi[1] - self.lo[1] + 1) * CELL + 2 * MARGIN + 40
    }

    fn x(&self, p: [i64; 2]) -> i64 {
        MARGIN + (p[0] - self.lo[0]) * CELL + CELL / 2
    }

    fn y(&self, p: [i64; 2]) -> i64 {
        MARGIN + (self.hi[1] - p[1]) * CELL + CELL / 2
    }

    /// The document start, title lines and both axes with their labels.
    fn header(&self, out: &mut String, title: &[String], axes: [&str; 2]) {
        let (w, h) = (self.width(), self.height());
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
        );
        let _ = writeln!(
            out,
            "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#c0392b\"/></marker></defs>"
        );
        let _ = writeln!(out, "<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>");
        for (k, line) in title.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text x=\"{MARGIN}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\">{}</text>",
                18 + 16 * k as i64,
                escape(line)
            );
        }
        let bottom = MARGIN + (self.hi[1] - self.lo[1] + 1) * CELL;
        let right = MARGIN + (self.hi[0] - self.lo[0] + 1) * CELL;
        let _ = writeln!(
            out,
            "<g class=\"axes\" stroke=\"#444\" stroke-width=\"1\"><line x1=\"{MARGIN}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\"/><line x1=\"{MARGIN}\" y1=\"{MARGIN}\" x2=\"{MARGIN}\" y2=\"{bottom}\"/></g>"
        );
        for v in self.lo[0]..=self.hi[0] {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\">{v}</text>",
                self.x([v, self.lo[1]]),
                bottom + 14
            );
        }
        for v in self.lo[1]..=self.hi[1] {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"end\">{v}</text>",
                MARGIN - 6,
                self.y([self.lo[0], v]) + 4
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" text-anchor=\"middle\">{}</text>",
            (MARGIN + right) / 2,
            bottom + 32,
            escape(axes[0])
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" text-anchor=\"middle\" transform=\"rotate(-90 {} {})\">{}</text>",
            MARGIN - 36,
            (MARGIN + bottom) / 2,
            MARGIN - 36,
            (MARGIN + bottom) / 2,
            escape(axes[1])
        );
    }
}

fn draw_iterations(p: &IterationPicture) -> String {
    let canvas = Canvas::over(p.points.iter().copied());
    let mut out = String::new();
    let fixed: Vec<String> = p.fixed.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    canvas.header(
        &mut out,
        &[
            format!("{} over ({}, {}), {}", p.statement, p.dims[0], p.dims[1], fixed.join(", ")),
            p.transformation.clone(),
            format!(
                "{} points, {} dependences (red arrows), {} tiles (shaded), execution order (grey path)",
                p.points.len(),
                p.dependences.len(),
                p.tiles.len()
            ),
        ],
        [&p.dims[0], &p.dims[1]],
    );
    // Each tile as its convex hull, widened by a thick round stroke (skewed tiles are
    // parallelograms, not boxes): a border, then the fill over it.
    for (k, tile) in p.tiles.iter().enumerate() {
        let hull = convex_hull(tile);
        let pts: Vec<String> = hull
            .iter()
            .map(|&q| format!("{},{}", canvas.x(q), canvas.y(q)))
            .collect();
        let pts = if pts.len() == 1 {
            format!("{0} {0}", pts[0])
        } else {
            pts.join(" ")
        };
        let fill = if k % 2 == 0 { "#eaf2f8" } else { "#d6eaf8" };
        let _ = writeln!(
            out,
            "<g class=\"tile\" data-tile=\"{k}\"><polygon points=\"{pts}\" fill=\"{fill}\" stroke=\"#2e86c1\" stroke-width=\"{}\" stroke-linejoin=\"round\"/><polygon points=\"{pts}\" fill=\"{fill}\" stroke=\"{fill}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/></g>",
            CELL * 2 / 3,
            CELL * 2 / 3 - 3
        );
    }
    if p.order.len() > 1 {
        let path: Vec<String> = p
            .order
            .iter()
            .map(|&q| format!("{},{}", canvas.x(q), canvas.y(q)))
            .collect();
        let _ = writeln!(
            out,
            "<polyline class=\"order\" points=\"{}\" fill=\"none\" stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"3 2\"/>",
            path.join(" ")
        );
    }
    for &(from, to) in &p.dependences {
        if from == to {
            continue;
        }
        // Shortened so the arrow head stops at the target's circle.
        let (x0, y0, x1, y1) = (canvas.x(from), canvas.y(from), canvas.x(to), canvas.y(to));
        let (dx, dy) = ((x1 - x0) as f64, (y1 - y0) as f64);
        let len = (dx * dx + dy * dy).sqrt();
        let cut = 7.0 / len;
        let _ = writeln!(
            out,
            "<line class=\"dep\" data-from=\"{},{}\" data-to=\"{},{}\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#c0392b\" stroke-width=\"1.2\" marker-end=\"url(#arrow)\"/>",
            from[0],
            from[1],
            to[0],
            to[1],
            x0 as f64 + dx * cut,
            y0 as f64 + dy * cut,
            x1 as f64 - dx * cut,
            y1 as f64 - dy * cut
        );
    }
    for &q in &p.points {
        let _ = writeln!(
            out,
            "<circle class=\"point\" data-at=\"{},{}\" cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"#1b4f72\"/>",
            q[0],
            q[1],
            canvas.x(q),
            canvas.y(q)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn draw_region(p: &RegionPicture, check: &str) -> String {
    let canvas = Canvas::over(p.cells.iter().map(|(q, _)| *q));
    let mut out = String::new();
    let mut shown = check.to_string();
    if shown.len() > 110 {
        shown.truncate(shown.floor_char_boundary(107));
        shown.push_str("...");
    }
    canvas.header(
        &mut out,
        &[
            format!("run-time check over ({}, {})", p.params[0], p.params[1]),
            format!("check: {shown}"),
            "green: optimized code, orange: faithful code, grey: nothing runs (array overlap not drawn)".into(),
        ],
        [&p.params[0], &p.params[1]],
    );
    let half = CELL / 2 - 1;
    for &(q, region) in &p.cells {
        let (class, fill) = match region {
            Region::Optimized => ("optimized", "#58d68d"),
            Region::Faithful => ("faithful", "#f5b041"),
            Region::Nothing => ("nothing", "#d5d8dc"),
        };
        let _ = writeln!(
            out,
            "<rect class=\"{class}\" data-at=\"{},{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>",
            q[0],
            q[1],
            canvas.x(q) - half,
            canvas.y(q) - half,
            2 * half,
            2 * half
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::{convex_hull, escape};

    #[test]
    fn hulls() {
        let square = [[0, 0], [1, 0], [0, 1], [1, 1], [0, 0]];
        assert_eq!(convex_hull(&square), [[0, 0], [1, 0], [1, 1], [0, 1]]);
        let skewed: Vec<[i64; 2]> = (0..3)
            .flat_map(|i| (0..3).map(move |j| [i + j, j]))
            .collect();
        assert_eq!(convex_hull(&skewed), [[0, 0], [2, 0], [4, 2], [2, 2]]);
        assert_eq!(convex_hull(&[[1, 1], [2, 2], [3, 3]]), [[1, 1], [3, 3]]);
        assert_eq!(convex_hull(&[[5, 5]]), [[5, 5]]);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a < b && \"c\" > d"),
            "a &lt; b &amp;&amp; &quot;c&quot; &gt; d"
        );
    }
}
