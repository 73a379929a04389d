//! [`Decision`]: what the automatic strategy decided, typed. `Display` renders each as the line
//! `optimist show ast` prints; nothing reads the text back (tests and tools match on the
//! variants).
//!
//! # Design notes
//!
//! - **The decisions in words** (`Transformed::decisions`): the schedule chosen (isl's fused,
//!   with components apart, the program's order, or that order with loops interchanged), the loop
//!   nests (statements grouped by the fixed dimensions before their first loop), each band tiled
//!   with its size per member or left untiled and why (or that isl's schedule had no band to
//!   tile), the program's order kept and why, the loops split. A split or interchanged candidate
//!   is verified with its marks when it is chosen (`Assessed::verify`), and not again. The driver puts them
//!   after the summary in the plan's `transformation`, one per line, and `optimist show ast`
//!   prints them as `//` comments above the loops.

use std::fmt;

/// The schedule the automatic strategy chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScheduleChoice {
    /// isl's scheduler, statements fused where it could.
    Isl,
    /// isl's scheduler with every strongly connected component apart.
    IslApart,
    /// The program's order (isl's schedule would have been worse).
    Original,
    /// The program's order with a statement's two innermost loops interchanged.
    OriginalInterchanged,
    /// Time tiles of isl's schedule, the program's loops inside each tile.
    TimeTiles,
}

impl ScheduleChoice {
    /// Whether the schedule is isl's (fused or apart).
    pub fn is_isl(self) -> bool {
        matches!(self, ScheduleChoice::Isl | ScheduleChoice::IslApart)
    }
}

impl fmt::Display for ScheduleChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScheduleChoice::Isl => "isl's schedule",
            ScheduleChoice::IslApart => {
                "isl's schedule with each strongly connected component apart"
            }
            ScheduleChoice::Original => "the program's order",
            ScheduleChoice::OriginalInterchanged => "the program's order, loops interchanged",
            ScheduleChoice::TimeTiles => "time tiles of isl's schedule, the program's loops inside",
        })
    }
}

/// Why a loop was split ([`Departure::Split`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SplitLoop {
    /// A statement's innermost loop, so that it runs in vector lanes.
    Lanes {
        /// The statement.
        stmt: String,
    },
    /// A statement's loop at a dimension, so that a loop runs on threads.
    Threads {
        /// The statement.
        stmt: String,
        /// The dimension of the schedule.
        dim: usize,
    },
}

/// What the strategy decided against its own schedule (the summary of
/// [`crate::Transformed::departures`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Departure {
    /// The program's order kept: its loops (described) beat the automatic schedule's.
    OriginalKept {
        /// The program's loops, described.
        ours: String,
        /// The automatic schedule's loops, described.
        theirs: String,
        /// Whether the automatic schedule's outermost loop carried a dependence.
        wavefront: bool,
    },
    /// The program's order with the two innermost loops of statements interchanged.
    Interchanged {
        /// The statements.
        stmts: Vec<String>,
        /// Its loops, described.
        ours: String,
        /// The chosen schedule's loops, described.
        theirs: String,
    },
    /// Loops split where the dependences they carry meet at one iteration.
    Split(Vec<SplitLoop>),
    /// Time tiles ([`Decision::TimeTiles`]).
    TimeTiles,
    /// isl's scheduler not run: a strongly connected component of the dependence graph has
    /// more schedule coefficients than [`crate::AutoConfig::max_component_coefficients`]; the
    /// program's order was the starting point.
    LargeComponent {
        /// The statements isl would have seen in the component (statements that run together
        /// are one).
        statements: usize,
        /// Their schedule coefficients.
        coefficients: usize,
        /// The bound.
        max: usize,
    },
    /// The program's order kept: the automatic schedule would gain only threads, and would pay
    /// for them by streaming an array too large for the cache more times (a streaming loop
    /// nest takes as long as its memory traffic; two cores at most halve it).
    MoreSweeps {
        /// The array.
        array: String,
        /// How many loop nests stream it in the program's order.
        ours: usize,
        /// How many in the automatic schedule.
        theirs: usize,
    },
    /// The estimates overruled the marks: `chosen` is estimated clearly faster than `over`,
    /// which the marks preferred, on the target's threads and not slower on one
    /// ([`Decision::Estimates`] has both).
    ByEstimate {
        /// The schedule chosen.
        chosen: ScheduleChoice,
        /// The schedule the marks preferred.
        over: ScheduleChoice,
        /// Its estimate (ns).
        chosen_ns: u64,
        /// The other's estimate (ns).
        over_ns: u64,
    },
    /// The program's order kept: the marks tie, and `other` (the automatic schedule) is not
    /// estimated faster, on the target's threads or, as fast there, on one (floyd_warshall:
    /// isl's schedule is the program's loops, estimated the same).
    NotFaster {
        /// The schedule not taken.
        other: ScheduleChoice,
        /// The program's order's estimate (ns).
        kept_ns: u64,
        /// The other's estimate (ns).
        other_ns: u64,
    },
    /// For C, the program's order was kept: the marks tie but for a parallel loop it lacks
    /// (which runs on one thread where the C is compiled without OpenMP, as the program was),
    /// and the other schedule is not estimated faster on one thread.
    NotFasterAlone {
        /// The schedule not taken.
        other: ScheduleChoice,
        /// The program's order's estimate on one thread (ns).
        kept_ns: u64,
        /// The other's estimate on one thread (ns).
        other_ns: u64,
    },
}

impl fmt::Display for Departure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Departure::OriginalKept {
                ours,
                theirs,
                wavefront,
            } => write!(
                f,
                "original order kept: its loops are {ours}; the automatic schedule's would be \
                 {theirs}{}",
                if *wavefront {
                    ", with a dependence carried by the outermost loop (isl's time tiles)"
                } else {
                    ""
                }
            ),
            Departure::Interchanged {
                stmts,
                ours,
                theirs,
            } => write!(
                f,
                "the program's order with the two innermost loops of {} interchanged: its \
                 loops are {ours}; the chosen schedule's would be {theirs}",
                stmts.join(", ")
            ),
            Departure::Split(loops) => {
                let loops: Vec<String> = loops
                    .iter()
                    .map(|l| match l {
                        SplitLoop::Lanes { stmt } => {
                            format!("{stmt}'s innermost loop (for vector lanes)")
                        }
                        SplitLoop::Threads { stmt, dim } => {
                            format!("{stmt}'s loop at dimension {dim} (for threads)")
                        }
                    })
                    .collect();
                write!(
                    f,
                    "index set split where the dependences a loop carries meet at one \
                     iteration: {}",
                    loops.join(", ")
                )
            }
            Departure::TimeTiles => f.write_str("time tiles"),
            Departure::LargeComponent {
                statements,
                coefficients,
                max,
            } => write!(
                f,
                "isl's scheduler not run: {coefficients} schedule coefficients in one strongly \
                 connected component of the dependences ({statements} statements, those that \
                 run together counted once), over AutoConfig::max_component_coefficients \
                 ({max}); the program's order kept"
            ),
            Departure::MoreSweeps {
                array,
                ours,
                theirs,
            } => write!(
                f,
                "original order kept: the automatic schedule would gain only threads, for {theirs} \
                 loop nests streaming {array} (larger than the cache) where the program has {ours}"
            ),
            Departure::ByEstimate {
                chosen,
                over,
                chosen_ns,
                over_ns,
            } => write!(
                f,
                "chosen by the estimates: {chosen}, {:.3} ms, over {over}, {:.3} ms, which the \
                 marks preferred",
                *chosen_ns as f64 / 1e6,
                *over_ns as f64 / 1e6
            ),
            Departure::NotFaster {
                other,
                kept_ns,
                other_ns,
            } => write!(
                f,
                "original order kept: the marks tie and {other} is not estimated faster ({:.3} \
                 ms against {:.3} ms)",
                *other_ns as f64 / 1e6,
                *kept_ns as f64 / 1e6
            ),
            Departure::NotFasterAlone {
                other,
                kept_ns,
                other_ns,
            } => write!(
                f,
                "original order kept: the marks tie but for {other}'s parallel loop, and on one \
                 thread it is not estimated faster ({:.3} ms against {:.3} ms)",
                *other_ns as f64 / 1e6,
                *kept_ns as f64 / 1e6
            ),
        }
    }
}

/// Renders departures as the strategy's summary: `a; b`.
pub fn summary(departures: &[Departure]) -> Option<String> {
    (!departures.is_empty()).then(|| {
        departures
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// Why no time tiles were made for a stencil whose time loop is outermost.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NoTimeTiles {
    /// The program's shape does not allow them (why).
    Shape(&'static str),
    /// One time step's data (bytes, every parameter at `at`) stays in a cache of `cache` bytes.
    Fits {
        /// Bytes one step touches.
        step: u64,
        /// The parameter value measured at.
        at: i64,
        /// The cache's bytes.
        cache: u64,
    },
    /// The smallest tile tried touches more than the cache.
    TooBig {
        /// Bytes the smallest tile touches.
        tile: u64,
        /// The parameter value measured at.
        at: i64,
        /// The cache's bytes.
        cache: u64,
    },
    /// The verifier refused them.
    Refused,
}

/// The strategy's estimate of a candidate schedule's time on the target (`auto/cost.rs`), at
/// the parameter values of [`Decision::Estimates`]. Nanoseconds; they rank candidates, they do
/// not predict a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Estimate {
    /// The whole: per loop nest the larger of computing and moving its data, shared among the
    /// threads where a loop forks, plus the forks.
    pub total_ns: u64,
    /// Computing: operations per instance, in lanes where the statement runs in them, or the
    /// latency of a recurrence.
    pub compute_ns: u64,
    /// Moving data: the cache lines each cache misses, by what a line costs from beyond it.
    pub memory_ns: u64,
    /// How many times threads fork and join.
    pub forks: u64,
    /// What the forks cost.
    pub fork_ns: u64,
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |ns: u64| format!("{:.3}", ns as f64 / 1e6);
        write!(
            f,
            "{} ms (compute {}, memory {}",
            ms(self.total_ns),
            ms(self.compute_ns),
            ms(self.memory_ns)
        )?;
        if self.forks > 0 {
            write!(f, ", {} forks {}", self.forks, ms(self.fork_ns))?;
        }
        f.write_str(")")
    }
}

/// One decision of the automatic strategy, in the order it was made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The schedule chosen.
    Schedule(ScheduleChoice),
    /// The loop nests: the statements fused under one outermost loop, nest by nest.
    LoopNests(Vec<Vec<String>>),
    /// No band is tiled: none is permutable with `min_depth` members or more.
    NoBand {
        /// The fewest members a tiled band has.
        min_depth: usize,
    },
    /// A band tiled.
    Tiled {
        /// Its statements.
        stmts: Vec<String>,
        /// Its first dimension.
        dim: usize,
        /// The tile size of each member.
        sizes: Vec<i64>,
        /// When the member in lanes got wider tiles: the bytes of data they may take.
        wide: Option<u64>,
        /// Whether the tiles were made narrower than the strategy's size: an access walks a
        /// column along every member (a transpose), and the tiles are a line of elements.
        narrowed: bool,
    },
    /// A band left untiled: tiling it would reverse a dependence.
    NotTiled {
        /// Its statements.
        stmts: Vec<String>,
        /// Its first dimension.
        dim: usize,
    },
    /// A band left untiled: its tiles are estimated to move as much data as its loops
    /// (`memory_ns`), so their loops would only cost bounds.
    IdleTiles {
        /// Its statements.
        stmts: Vec<String>,
        /// Its first dimension.
        dim: usize,
        /// The estimate of the data moved, tiled or not (ns).
        memory_ns: u64,
    },
    /// A product register-blocked.
    RegisterBlock {
        /// Its statement.
        stmt: String,
        /// Rows per block.
        rows: i64,
        /// Vector columns per block.
        columns: i64,
        /// Rows tiled by at least.
        tile_rows: i64,
        /// The reduction tiled by at least.
        depth: i64,
    },
    /// A product not register-blocked: the verifier refused the blocked schedule.
    NoRegisterBlock {
        /// Its statement.
        stmt: String,
    },
    /// What the strategy decided against its own schedule.
    Departed(Vec<Departure>),
    /// Time tiles.
    TimeTiles {
        /// The statements.
        stmts: Vec<String>,
        /// Time and space tile sizes.
        sizes: [i64; 2],
        /// Whether the tiles hold rows: inside a tile, the time member runs the program's own
        /// loops (a one-dimensional stencil's), not the two members.
        rows: bool,
        /// KiB one time step touches, every parameter at `at`.
        step_kib: u64,
        /// KiB a tile touches.
        tile_kib: u64,
        /// The parameter value measured at.
        at: i64,
    },
    /// No time tiles, and why.
    NoTimeTiles(NoTimeTiles),
    /// The estimates of the candidates compared, at the parameter values `at`.
    Estimates {
        /// Each parameter's value.
        at: Vec<(String, i64)>,
        /// Each candidate compared, with its estimate.
        candidates: Vec<(ScheduleChoice, Estimate)>,
        /// The estimate of the schedule chosen as it runs, when a later step (an index set
        /// split, an interchange) changed it after the comparison.
        chosen: Option<Estimate>,
    },
    /// The tiles of a band run as a wavefront.
    Wavefront {
        /// Its statements.
        stmts: Vec<String>,
    },
    /// A nest's outermost loop, which carries nothing, runs on threads: the one dimension
    /// parallel for every statement left it out.
    NestParallel {
        /// The nest's statements.
        stmts: Vec<String>,
        /// The loop's dimension.
        dim: usize,
    },
    /// A nest's outermost loop runs on threads, each with its own copy of the local scalars
    /// the loop carries (each iteration writes them before reading them).
    Private {
        /// The nest's statements.
        stmts: Vec<String>,
        /// The loop's dimension.
        dim: usize,
    },
}

impl fmt::Display for NoTimeTiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoTimeTiles::Shape(why) => write!(f, "no time tiles: {why}"),
            NoTimeTiles::Fits { step, at, cache } => write!(
                f,
                "no time tiles: one time step touches {} KiB with every parameter at {at}, \
                 which stays in a {} KiB cache",
                step / 1024,
                cache / 1024
            ),
            NoTimeTiles::TooBig { tile, at, cache } => write!(
                f,
                "no time tiles: the smallest tile tried touches {} KiB with every parameter \
                 at {at}, more than a {} KiB cache",
                tile / 1024,
                cache / 1024
            ),
            NoTimeTiles::Refused => f.write_str("no time tiles: the verifier refused them"),
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set = |s: &[String]| format!("{{{}}}", s.join(", "));
        match self {
            Decision::Schedule(which) => write!(f, "schedule: {which}"),
            Decision::LoopNests(nests) => write!(
                f,
                "loop nests: {}",
                nests.iter().map(|n| set(n)).collect::<Vec<_>>().join(", ")
            ),
            Decision::NoBand { min_depth } => write!(
                f,
                "not tiled: no permutable band of {min_depth} loops or more"
            ),
            Decision::Tiled {
                stmts,
                dim,
                sizes,
                wide,
                narrowed,
            } => {
                write!(
                    f,
                    "tiled: the band of {} at dimension {dim}, {} loops by {}",
                    set(stmts),
                    sizes.len(),
                    sizes
                        .iter()
                        .map(|z| z.to_string())
                        .collect::<Vec<_>>()
                        .join(" x ")
                )?;
                if let Some(bytes) = wide {
                    write!(
                        f,
                        " (the loop in vector lanes as wide as {} KiB of data allows)",
                        bytes / 1024
                    )?;
                }
                if *narrowed {
                    write!(
                        f,
                        " (narrowed to a line of elements: an access walks a column along each)"
                    )?;
                }
                Ok(())
            }
            Decision::NotTiled { stmts, dim } => write!(
                f,
                "not tiled: the band of {} at dimension {dim} (tiling it would reverse a \
                 dependence)",
                set(stmts)
            ),
            Decision::IdleTiles {
                stmts,
                dim,
                memory_ns,
            } => write!(
                f,
                "not tiled: the band of {} at dimension {dim} (its tiles would move as much data \
                 as its loops, {:.3} ms by the estimate)",
                set(stmts),
                *memory_ns as f64 / 1e6
            ),
            Decision::RegisterBlock {
                stmt,
                rows,
                columns,
                tile_rows,
                depth,
            } => write!(
                f,
                "register block: {stmt} in blocks of {rows} x {columns} (rows x vector \
                 columns), each kept in registers across the reduction (its rows and the \
                 reduction tiled by {tile_rows} and {depth} at least)"
            ),
            Decision::NoRegisterBlock { stmt } => write!(
                f,
                "no register block: {stmt} (the verifier refused the blocked schedule)"
            ),
            Decision::Departed(d) => f.write_str(&summary(d).unwrap_or_default()),
            Decision::TimeTiles {
                stmts,
                sizes,
                rows,
                step_kib,
                tile_kib,
                at,
            } => write!(
                f,
                "time tiles{}: {}, isl's first two members (time, then space skewed) tiled by \
                 {} x {} and run as a wavefront, the tiles of one wave in parallel; one time \
                 step touches {step_kib} KiB with every parameter at {at}, a tile {tile_kib} \
                 KiB",
                if *rows { " of rows" } else { "" },
                set(stmts),
                sizes[0],
                sizes[1]
            ),
            Decision::NoTimeTiles(why) => why.fmt(f),
            Decision::Estimates {
                at,
                candidates,
                chosen,
            } => {
                let at: Vec<String> = at.iter().map(|(p, v)| format!("{p} = {v}")).collect();
                write!(f, "estimates")?;
                if !at.is_empty() {
                    write!(f, " at {}", at.join(", "))?;
                }
                let each: Vec<String> = candidates
                    .iter()
                    .map(|(which, e)| format!("{which} {e}"))
                    .collect();
                write!(f, ": {}", each.join("; "))?;
                if let Some(e) = chosen {
                    write!(f, "; as chosen after its later steps {e}")?;
                }
                Ok(())
            }
            Decision::Wavefront { stmts } => write!(
                f,
                "wavefront: the tiles of {} in waves (its first two tile loops summed), the \
                 tiles of one wave in parallel",
                set(stmts)
            ),
            Decision::NestParallel { stmts, dim } => write!(
                f,
                "parallel nest: the loop of {} at dimension {dim} in parallel",
                set(stmts)
            ),
            Decision::Private { stmts, dim } => write!(
                f,
                "private scalars: the loop of {} at dimension {dim} in parallel, each thread \
                 with its own copy of the scalars it carries",
                set(stmts)
            ),
        }
    }
}
