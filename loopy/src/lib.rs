//! Loopy: programmable, verified loop transformations (paper 004), and the automatic strategy.
//!
//! A programmer names loops with C labels (`Mult: for (...)`) and writes a short [`Script`];
//! [`apply`] carries it out on the schedule and [`verify`] refuses the result, with the reason,
//! when it would change the program's results: the final schedule must be one-to-one and keep
//! every dependence in order, and loops marked `parallel` or `vectorize` must carry none. The
//! check runs once, after the whole script (dependences may be broken and restored in between,
//! §4.1). [`auto`] chooses a schedule with isl's scheduler and tiling; its result goes through
//! the same verifier.
//!
//! [`correspondence`] checks the other side (§4.2): that the model `Scop::build` made runs the
//! program's instances in the program's order, and for which parameter values.
//!
//! The semantics of the operators are in [`transform`]. Loopy never changes the program IR or
//! the model's domains and accesses: it produces a new schedule for code generation
//! (`optimist_codegen::Strategy::Script` compiles it).
//!
//! ```
//! use optimist_loopy::{LoopyError, Script, apply};
//! use optimist_scop::{frontend, model::{Dependences, Scop}};
//! let src = "void f(int n, double A[n]) {\nDiv:\n  for (int i = 1; i < n; i++)\n    A[i] = A[i] / A[i - 1];\n}";
//! let f = frontend::parse_source("f.c", src, None, &Default::default()).unwrap();
//! let scop = Scop::build(&f, &Default::default()).unwrap();
//! let deps = Dependences::compute(&scop, &Default::default()).unwrap();
//! // Shifting the loop is legal; reversing it is not (the paper's Figure 1b).
//! apply(&scop, &deps, &Script::parse("shift(Div, 0, 3)").unwrap()).unwrap();
//! let err = apply(&scop, &deps, &Script::parse("reverse(Div, 0)").unwrap()).unwrap_err();
//! assert!(matches!(err, LoopyError::Refused(_)));
//! assert!(err.to_string().contains("Raw dependence S0 (line 4) -> S0 (line 4) through array `A`"));
//! ```
//!
//! # Design notes
//!
//! Paper 004. Depends on `presburger` and `scop` only: it produces schedules, `codegen` compiles
//! them (so the tests that run transformed code live in the facade's `tests/loopy_scripts.rs`).
//!
//! - **Scripts** (`script.rs`). `Script::parse`: one operation per line, `#` comments,
//!   `L = lift(..)` and `(A, B) = isplit(..)` bind results; arguments are tags, integers or isl text
//!   in braces. Errors carry line and column.
//! - **Operators** (`transform.rs`). `LoopySchedule`: per statement the map
//!   `S[i] -> [p0, j1, p1, ..., jM, pM]` (positions interleaved with iteration entries, negated for
//!   loops that count down), built from the model alone by `Transformed::initial`: the schedule
//!   tree of `Scop::schedule` gives positions (sequence children) and iteration entries (one-member
//!   bands, their partial schedules), and the statements' `tags` give the components (blocks and
//!   branches share their level's positions, since the model's sequences are flat). So a pass may
//!   split, add or delete statements, and scripts and the verifier still work, as long as it keeps
//!   the schedule in that form and gives new statements their tags (`tests/driver.rs` splits one). `realign`, `lift`, `affine`,
//!   `isplit` are the maps `ϕ` of §3.2 applied to `θ` and to the position sets; `tile`,
//!   `interchange`, `reverse`, `shift`, `skew` translate into `affine` (the `Shorthand` enum says
//!   how); `fuse(L1, L2)` is `realign(L1, L2, common + 1)`; `parallel(L, d)` and `vectorize(L)` are
//!   marks. Readings chosen: `affine`'s map applies to the first iteration entries of the whole
//!   nest (the Appendix B scripts write `[i, j, k]` for a statement in three loops); maps and
//!   predicates may use the kernel's parameters (they are declared for isl); `realign` moves every
//!   later position by the same amount, as the formula says, even into other nests (harmless for the
//!   order).
//! - **Verifier** (`verify.rs`). Once, after the whole script: the instances are all there, `θ'` is
//!   one-to-one, every memory-based dependence (RAW, WAR, WAW; tagged, so the array is known) keeps
//!   `θ'(s, i) ≺ θ'(t, j)`, and no parallel or vector mark carries one. A `Violation` names the
//!   kind, both statements with their lines, the array, and an isl sample pair.
//! - **Automatic strategy** (`auto.rs`). isl's scheduler (validity and coincidence: every
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
//!   time tiles, below, come first); `Transformed::decision`
//!   says so and the plan's transformation repeats it. Marks: the outermost dimension that carries
//!   no dependence is parallel; per group of statements whose innermost loops share a dimension,
//!   that dimension is vector when it carries no dependence among them and moves their accesses by
//!   at most one element (else each statement alone: atax's update of `y` runs in lanes beside the
//!   reduction into `tmp`); the loop around a vector loop is `jam` (register tile) when no
//!   dependence it carries among those statements is lexicographically negative inside it
//!   (`backwards_inside`), so running several of its iterations together, innermost, keeps every
//!   dependence's order.
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
//!   where the ones before it are equal; jacobi1d's `i` is fixed by the members); inside the
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
//! - **Wavefronts of tiles** (`time::wavefront`). When the chosen schedule has no parallel loop
//!   and its one tiled band is the outermost (isl's tiles of seidel2d, lu, cholesky: every
//!   dependence goes forward along each tile loop, and the outermost carries one), the first two
//!   tile loops `T0, T1` become `T0 + T1, T1`: tiles of one wave differ in `T1` and depend only on
//!   earlier waves, so `T1` is marked parallel; the relation is verified with that mark and the
//!   vector marks, and kept only when accepted (a `wavefront:` decision line). Measured with
//!   `--threads 2`: seidel2d C 0.372 -> 0.306 s, native 0.447 -> 0.362 s; lu C 0.132 -> 0.082 s,
//!   native 0.165 -> 0.101 s; cholesky C 0.29 -> 0.147 s, native 0.40 -> 0.27 s. Compile time:
//!   seidel2d's `show timing` 0.12 -> 0.22 s (the verifier on the relation with tile loops),
//!   lu 0.11 -> 0.18 s.
//! - **Interchange of the two innermost loops** (`auto::interchange_loops`). When the chosen
//!   candidate is not the best there is (unit stride, threads, every hot statement in lanes), the
//!   program's order with the two innermost loops of each statement in the most loops swapped,
//!   where its innermost loop is not unit stride (Nussinov's reduction over `k` walks a column
//!   inside `j`; `j` innermost is unit stride, parallel and in lanes), is assessed, taken when it
//!   scores higher and passes the verifier with its marks (its tilings are dropped), and reported.
//!   isl's scheduler keeps `k` innermost there and the strategy's other candidates only reorder
//!   members within a band. nussinov_lite's native code 0.33 s -> 0.115 s. When the outer of the
//!   two loops holds more than the inner one, it is distributed first: the positions between the
//!   two loops move before the outer one, for every statement in that loop (Gram-Schmidt's `j`
//!   loop holds `R[k][j] = 0`, the reduction into `R[k][j]` over `i`, and the update of `A[i][j]`
//!   over `i` that reads it: each gets its own `j` loop, and the two over `i` run `i, j`, rows
//!   in lanes). gramschmidt 1000x1200: about 6.3 s -> 0.54 s (both back ends; cc on the original
//!   6.8 s, Polly 1.3 s); doitgen's product into `sum` takes the same path (JIT 0.18 -> 0.077 s).
//! - **Index-set splitting chosen by the strategy** (`split.rs`, `auto::split_loops`). When the
//!   chosen candidate is untiled and a statement in the most loops is not in lanes, its innermost
//!   loop is split where the dependences it carries meet: per dependence relation (kind and
//!   statement pair, in time space), its sources or its targets, projected onto the loop and the
//!   loops around, must be one point per iteration of the loops around (Floyd-Warshall's `j = k`:
//!   the RAW dependences start there, the WAR ones end there). The loop becomes three parts, the
//!   iterations before that point, the point, the iterations after (a new time dimension with
//!   values 0, 1, 2 just before the loop; other statements get 0), so within one iteration of
//!   the loops around nothing changes order and each long part carries nothing. The split is kept when the
//!   candidate, assessed again, has more hot statements in lanes and passes the verifier with its
//!   marks; then, when no loop outside the innermost runs on threads, the first loop around whose
//!   split gives one (`i = k`). Part dimensions are never jam marks. `Transformed::decision` says
//!   what was split. This is Loopy's `isplit` (paper 004, §3.2) chosen automatically.
//! - **The decisions in words** (`Transformed::decisions`): the schedule chosen (isl's fused,
//!   with components apart, the program's order, or that order with loops interchanged), the loop
//!   nests (statements grouped by the fixed dimensions before their first loop), each band tiled
//!   with its size per member or left untiled and why (or that isl's schedule had no band to
//!   tile), the program's order kept and why, the loops split. A split or interchanged candidate
//!   is verified with its marks when it is chosen (`Assessed::verify`), and not again. The driver puts them
//!   after the summary in the plan's `transformation`, one per line, and `optimist show ast`
//!   prints them as `//` comments above the loops.
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
//! - **Products are register-blocked** (`register_blocks`, `apply_blocks`, `with_blocks`; on when
//!   `Target::register_blocks`, which `Target::c()` sets and
//!   `Target::native` does not). This is the matrix-product path of Polly's pattern-based optimization without
//!   its packing. A product is found on the schedule, not on the syntax: a tiled band of three
//!   members over one statement whose innermost member runs in lanes and carries no dependence,
//!   a second member carries none (the rows), and the third carries one while the written element
//!   stays where it is along it (the reduction: isl shows that instances differing only there
//!   write one element), not a short one, the statement in no loop below the band, and the three
//!   bounded independently of each other (`is_box`: covariance's and syrk's triangles are not;
//!   their blocks could never be printed whole, and covariance's C ran at half its speed with
//!   them). Inside its tile, the band then runs `floor(rows / 4)`,
//!   `floor(columns / w)` (w = 128 bytes of elements: 16 `double`s), the reduction, then the
//!   rows and columns: for each block of 4 x 16 elements the whole reduction tile, deepened to 128
//!   (and the rows' tile widened to 128: the C packs once per row tile).
//!   Those three dimensions go in front of the point loops of the tiled relation for that
//!   statement (zeros for the others); the rows are marked `jam`, the reduction `registers`
//!   (`Transformed::registers`, `LoopKind::Accumulate`). The result goes through the verifier
//!   with its marks (a block is a tiling of a band already shown permutable; if the verifier
//!   refused it, the tiled relation without blocks would be kept). When the fused schedule puts a
//!   product in a band with another statement (PolyBench's gemm scales `C` in the product's `i`
//!   loop), the distributed candidate is computed too and wins on equal scores if it has more
//!   blocks. Why off for native code: Cranelift's lanes are 128 bits and native code has no FMA
//!   (the interpreter's bits), which puts gemm at 13.7 GFLOP/s on one core (the same C kernel
//!   compiled with `-mno-avx -ffp-contract=off` measured 0.19-0.20 s, native code 0.194 s; a
//!   loop of independent 128-bit multiplies and adds peaks at 24 GFLOP/s here); the blocks'
//!   16-iteration vector loops made native code 2x slower (0.099 -> 0.219 s on 2 threads). A
//!   native micro-kernel was built and measured (not kept): the loop marked
//!   registers lowered with each vector of a whole 4 x 4 block (`block.rs`) in a Cranelift
//!   variable across the reduction, the invariant part per row and step (`alpha * A[i][k]`)
//!   splat, the rest computed in lanes; 1000x1100x1200 on one thread 0.236 s (4 x 4), 0.248 s
//!   (4 x 8, 16 accumulators), 0.316 s (4 x 2), against 0.197 s for the jammed vector loop. Per
//!   32 flops the block spends 16 vector operations plus 4 scalar multiplies and 4 splats, where
//!   the jammed loop hoists `alpha * A[i][k]` out of a 512-column loop: 2 flops per operation
//!   against 1.3. A block that gains would need `alpha * A` packed (broadcast loads) and more
//!   registers than 16. In C with AVX and FMA the 1000x1100x1200 product went from 0.094 s to
//!   0.042 s on 2 threads (0.187 -> 0.078 s on one), and to 0.035 s (0.067 s) with row tiles of
//!   128 and packing (below). What it costs to compile: `optimist show c` of three_mm went from
//!   0.13 s to 0.38 s, nearly all in the AST check (`ast_check::follows_within`), which on the
//!   blocks' divisions runs to its limit (4x the 53 ms isl takes to generate the AST) and then
//!   leaves the AST unchecked, as it does for time-tiled stencils.
//! - **Which bands are tiled.** The fused candidate tiles its first permutable band, the
//!   distributed one every outermost permutable band (`tile_all`). Tiling every band of the fused
//!   schedule too was measured (`scripts/bench.sh 1 3` on the six suite kernels where it changes
//!   the schedule) and was slower on all six: atax's JIT 2.81x -> 1.56x, gemver's 8.30x -> 4.26x,
//!   bicg's C 3.83x -> 2.70x, blur2d, mvt and symm a little; it stays as it is.
//! - **Short loops count as unrolled** (`short_innermost`, `short_member`). A statement's innermost
//!   loops whose trip count is a constant of at most 8 whatever the parameters (at most 32
//!   iterations together; never all its loops) are unrolled by the back ends, so the loop around
//!   them is the one assessed for unit stride, lanes and jam. In a permutable band such members go
//!   inside the stride-one member (`stride_one_innermost`), which then is not sunk below them: a
//!   convolution runs `y, x, dy, dx` with `x` in lanes, `dy, dx` unrolled, `out[y][x]` in a
//!   register across the 25 products, instead of `y, dy, dx, x` with `out` loaded and stored per
//!   `dy` (native code: the vector loop's body is `ast::unroll_short`'s unrolled statements;
//!   C: the same, printed by `Printer::unrolled_vector_loop`).
//! - **Correspondence** (`correspondence.rs`). §4.2's Inv, Rank1 and Rank2 with isl: the path
//!   relation (the instance the program runs next) is derived from the program IR's control
//!   structure — lists, branches, loops that stop at their first failing test — independently of
//!   `Scop::build`, and checked against the model's domains and flattened schedule.
//!   Rank2 is tested by counting: where Inv and Rank1 hold, it is equivalent to every model
//!   instance but the program's first having a predecessor (the path is a function and strictly
//!   increasing in time, so from the first instance it visits all of them in the model's order);
//!   the check with the model's next time (a `lexmin` over every later time, the dearest step)
//!   only runs to name a violation.
//!   `correspondence` returns the parameter values where the model is the program: a `!=` exit with
//!   step 2 holds only for even bounds, and `Kernel` runs model code only there. Data-dependent
//!   control and bounds read from memory are reported as not checked.

mod auto;
mod correspondence;
pub mod decision;
mod script;
mod split;
mod target;
pub mod transform;
mod verify;

pub use auto::{AutoConfig, auto};
pub use correspondence::{
    Correspondence, CorrespondenceError, check_correspondence, correspondence,
};
pub use decision::{Decision, Departure, ScheduleChoice};
pub use script::{Arg, Op, Pos, Script, ScriptError};
pub use target::{BlockShape, Target, TargetKind, Vectorizer};
pub use verify::{Violation, ViolationKind, respects_dependences, verify};

use optimist_presburger::{Error as IslError, Map, Schedule, Set, UnionMap};
use optimist_scop::model::{Dependences, Scop, StmtId};
use std::collections::{BTreeMap, BTreeSet};
use transform::{Component, LoopySchedule, Position, Shorthand};

/// Why a script could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoopyError {
    /// *Invalid input*: the script does not parse.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// *Invalid input*: an operation cannot be applied (unknown tag, bad isl text, a map whose
    /// input does not fit).
    #[error("line {}, column {}: {message}", pos.line, pos.col)]
    Invalid {
        /// Where in the script.
        pos: Pos,
        /// What is wrong.
        message: String,
    },
    /// *Invalid input*: the transformation would change the results.
    #[error("the transformation is refused:\n{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Refused(Vec<Violation>),
    /// *Limit reached* or *bug*: isl failed.
    #[error("isl: {0}")]
    Isl(#[from] IslError),
}

/// A loop mark: the loops of schedule dimension `dim` (of [`Transformed::theta`]) that hold only
/// instances of `stmts`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The schedule dimension.
    pub dim: usize,
    /// The statements the mark was checked for.
    pub stmts: BTreeSet<StmtId>,
}

/// A new schedule for a model, verified.
#[derive(Clone, Debug)]
pub struct Transformed {
    /// The schedule to generate code from.
    pub schedule: Schedule,
    /// The schedule as a relation from instances to time vectors.
    pub theta: UnionMap,
    /// Loops that may run in parallel (checked: they carry no dependence).
    pub parallel: Vec<Mark>,
    /// Loops that may run in vector lanes (checked likewise).
    pub vector: Vec<Mark>,
    /// Loops around a vector loop that may be unrolled and jammed into it (register tiles):
    /// running several of their iterations together, innermost, reverses no dependence.
    /// Computed by the automatic strategy; none for scripts.
    pub jam: Vec<Mark>,
    /// Loops whose body is a register block (a product's `C[i][j]` in blocks of rows by
    /// vector columns, below them): the elements the block writes stay where they are along
    /// the loop, so a back end may keep them in registers across it (checked like the others:
    /// the blocks are loops of the verified schedule). Computed by the automatic strategy;
    /// none for scripts.
    pub registers: Vec<Mark>,
    /// What the automatic strategy decided against its own schedule (empty for scripts and for
    /// the strategy's own schedule); [`decision::summary`] renders it.
    pub departures: Vec<Departure>,
    /// Every decision of the automatic strategy, in order: the schedule chosen, the loop
    /// nests (statements fused under one outermost loop), each band tiled with its sizes or
    /// left untiled and why, the loops split (empty for scripts). `Display` gives each line.
    pub decisions: Vec<Decision>,
    /// Wall time of each stage of the automatic strategy, in order (empty for scripts).
    pub stages: Vec<(&'static str, std::time::Duration)>,
}

/// The statements whose positions lie in `c`.
fn members(s: &LoopySchedule, c: &Component) -> BTreeSet<StmtId> {
    s.positions
        .iter()
        .enumerate()
        .filter(|(_, ps)| ps.iter().any(|p| c.positions.contains(p)))
        .map(|(k, _)| StmtId(k as u32))
        .collect()
}

impl Transformed {
    /// The model's order in Loopy's form, with a component for every tag of its statements.
    ///
    /// Read from the model only: the positions and the iteration entries come from the
    /// schedule tree of [`Scop::schedule`] (sequences give positions, one-member bands give
    /// iteration entries, negated for loops that count down, as the model builds them), the
    /// components from the statements' [`tags`](optimist_scop::model::ScopStmt::tags). A pass
    /// that splits, adds or deletes statements keeps scripts working as long as it keeps the
    /// schedule in that form and gives new statements their tags.
    pub fn initial(scop: &Scop) -> Result<LoopySchedule, LoopyError> {
        let shape = |message: String| LoopyError::Invalid {
            pos: Pos { line: 0, col: 0 },
            message: format!("the model's schedule is not in Loopy's form: {message}"),
        };
        let mut paths: Vec<Option<Path>> = vec![None; scop.stmts.len()];
        let root = scop.schedule.root()?;
        let start = Path {
            positions: Vec::new(),
            bands: Vec::new(),
        };
        if root.n_children()? > 0 {
            walk(scop, &root.child(0)?, start, None, &mut paths).map_err(|e| match e {
                WalkError::Isl(e) => LoopyError::Isl(e),
                WalkError::Shape(m) => shape(m),
            })?;
        }
        let m = paths
            .iter()
            .flatten()
            .map(|p| p.bands.len())
            .max()
            .unwrap_or(0);
        let pad = |p: &Position| {
            let mut q = p.clone();
            q.resize(m + 1, 0);
            q
        };
        let mut theta = Vec::new();
        let mut positions = Vec::new();
        for (st, path) in scop.stmts.iter().zip(&paths) {
            let path = path
                .as_ref()
                .ok_or_else(|| shape(format!("statement {} is not in it", st.name)))?;
            let dims = st.dim_names();
            let constant = |p: i64| {
                Map::parse(
                    &scop.ctx,
                    &format!("{{ {}[{}] -> [{p}] }}", st.name, dims.join(", ")),
                )
            };
            let q = pad(&path.positions);
            let mut map = constant(q[0])?;
            for d in 0..m {
                map = match path.bands.get(d) {
                    Some(band) => map.flat_range_product(&band.restrict_to(&st.domain)?)?,
                    None => map.flat_range_product(&constant(0)?)?,
                };
                map = map.flat_range_product(&constant(q[d + 1])?)?;
            }
            theta.push(map.intersect_domain(&st.domain)?);
            positions.push(BTreeSet::from([q]));
        }
        let mut components: BTreeMap<String, Component> = BTreeMap::new();
        for (k, st) in scop.stmts.iter().enumerate() {
            for tag in &st.tags {
                let c = components
                    .entry(tag.name.clone())
                    .or_insert_with(|| Component {
                        positions: BTreeSet::new(),
                        level: tag.level,
                    });
                c.positions.extend(positions[k].iter().cloned());
            }
        }
        Ok(LoopySchedule {
            ctx: scop.ctx.clone(),
            m,
            theta: theta.into(),
            positions,
            components,
        })
    }
}

/// Where a statement is in the model's schedule tree: the sequence positions around it
/// (outermost first, one more than loops) and the partial schedule of each loop around it.
#[derive(Clone)]
struct Path {
    positions: Vec<i64>,
    bands: Vec<UnionMap>,
}

enum WalkError {
    Isl(IslError),
    Shape(String),
}

impl From<IslError> for WalkError {
    fn from(e: IslError) -> Self {
        WalkError::Isl(e)
    }
}

/// Walks the schedule tree below `node`; `pending` is the sequence position of the current
/// level when a sequence gave one (otherwise 0).
fn walk(
    scop: &Scop,
    node: &optimist_presburger::ScheduleNode,
    mut path: Path,
    pending: Option<i64>,
    out: &mut [Option<Path>],
) -> Result<(), WalkError> {
    use optimist_presburger::ScheduleNodeType as T;
    match node.node_type()? {
        T::Sequence => {
            if pending.is_some() {
                return Err(WalkError::Shape(
                    "a sequence directly inside a sequence".into(),
                ));
            }
            for k in 0..node.n_children()? {
                walk(scop, &node.child(k)?, path.clone(), Some(k as i64), out)?;
            }
            Ok(())
        }
        T::Filter | T::Mark => walk(scop, &node.child(0)?, path, pending, out),
        T::Band => {
            if node.band_n_member()? != 1 {
                return Err(WalkError::Shape("a band with more than one member".into()));
            }
            path.positions.push(pending.unwrap_or(0));
            path.bands.push(node.band_partial_schedule()?);
            walk(scop, &node.child(0)?, path, None, out)
        }
        T::Leaf => {
            path.positions.push(pending.unwrap_or(0));
            for set in node.domain()?.sets()? {
                let name = set.tuple_name().unwrap_or_default();
                let k = scop
                    .stmts
                    .iter()
                    .position(|s| s.name == name)
                    .ok_or_else(|| WalkError::Shape(format!("`{name}` is no statement")))?;
                if out[k].is_some() {
                    return Err(WalkError::Shape(format!(
                        "statement {name} is in two leaves"
                    )));
                }
                out[k] = Some(path.clone());
            }
            Ok(())
        }
        other => Err(WalkError::Shape(format!("a {other:?} node"))),
    }
}

/// Applies `script` to the model and verifies the result with `deps`.
pub fn apply(scop: &Scop, deps: &Dependences, script: &Script) -> Result<Transformed, LoopyError> {
    apply_within(scop, deps, script, SCRIPT_BUDGET)
}

/// The isl operations [`apply`] allows a script and its verification: far more than the
/// paper's scripts need, and a bound on what a short script can ask (found by fuzzing: an
/// `affine` map onto 130 schedule dimensions took half a minute to verify).
pub const SCRIPT_BUDGET: u64 = 50_000_000;

/// [`apply`] with at most `max_operations` isl operations; beyond them the script fails with
/// [`LoopyError::Isl`] ([`IslError::Budget`]).
pub fn apply_within(
    scop: &Scop,
    deps: &Dependences,
    script: &Script,
    max_operations: u64,
) -> Result<Transformed, LoopyError> {
    let mut found = None;
    let bounded = scop.ctx.with_budget(max_operations, || {
        found = Some(apply_unbounded(scop, deps, script));
        Ok(())
    });
    match (bounded, found) {
        // The operations report isl's failures as text at their position; running out of
        // operations or time is no fault of the script.
        (Ok(()), Some(Err(LoopyError::Invalid { message, .. })))
            if [IslError::Budget, IslError::Deadline]
                .iter()
                .any(|e| message.ends_with(&e.to_string())) =>
        {
            Err(LoopyError::Isl(
                if message.ends_with(&IslError::Budget.to_string()) {
                    IslError::Budget
                } else {
                    IslError::Deadline
                },
            ))
        }
        (Ok(()), Some(r)) => r,
        (Err(e), _) => Err(LoopyError::Isl(e)),
        (Ok(()), None) => unreachable!("the closure ran"),
    }
}

fn apply_unbounded(
    scop: &Scop,
    deps: &Dependences,
    script: &Script,
) -> Result<Transformed, LoopyError> {
    let mut s = Transformed::initial(scop)?;
    let mut parallel_marks: Vec<(BTreeSet<StmtId>, usize)> = Vec::new();
    let mut vector_marks: Vec<(BTreeSet<StmtId>, Pos)> = Vec::new();
    for op in &script.ops {
        let invalid = |pos: Pos, message: String| LoopyError::Invalid { pos, message };
        let tag = |k: usize, s: &LoopySchedule| -> Result<Component, LoopyError> {
            match &op.args[k] {
                (Arg::Tag(t), pos) => s.components.get(t).cloned().ok_or_else(|| {
                    let known: Vec<&String> = s.components.keys().collect();
                    invalid(
                        *pos,
                        format!(
                            "unknown loop tag `{t}` (tags: {})",
                            known
                                .iter()
                                .map(|k| k.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )
                }),
                (_, pos) => Err(invalid(*pos, "expected a loop tag".into())),
            }
        };
        let int = |k: usize| -> Result<i64, LoopyError> {
            match &op.args[k] {
                (Arg::Int(v), _) => Ok(*v),
                (_, pos) => Err(invalid(*pos, "expected an integer".into())),
            }
        };
        let uint = |k: usize| -> Result<usize, LoopyError> {
            usize::try_from(int(k)?)
                .map_err(|_| invalid(op.args[k].1, "expected a non-negative integer".into()))
        };
        let isl_text = |k: usize| -> Result<(String, Pos), LoopyError> {
            match &op.args[k] {
                (Arg::Isl(t), pos) => Ok((with_params(scop, t), *pos)),
                (_, pos) => Err(invalid(*pos, "expected isl text".into())),
            }
        };
        let at = op.pos;
        let fail = |m: String| invalid(at, m);
        match op.name.as_str() {
            "realign" => {
                let (l1, l2, n) = (tag(0, &s)?, tag(1, &s)?, uint(2)?);
                s.realign(&l1, &l2, n).map_err(fail)?;
            }
            "lift" => {
                let (l1, n) = (tag(0, &s)?, uint(1)?);
                let c = s.lift(&l1, n).map_err(fail)?;
                s.components.insert(op.results[0].clone(), c);
            }
            "affine" => {
                let l = tag(0, &s)?;
                let (text, pos) = isl_text(1)?;
                let f =
                    Map::parse(&s.ctx, &text).map_err(|e| invalid(pos, format!("bad map: {e}")))?;
                let width = f.dim(optimist_presburger::DimType::Out)?;
                if width > transform::MAX_SHORTHAND_DEPTH {
                    return Err(invalid(
                        pos,
                        format!(
                            "the map has {width} outputs; a schedule has at most {} loop dimensions",
                            transform::MAX_SHORTHAND_DEPTH
                        ),
                    ));
                }
                s.affine(&l, &f).map_err(|m| invalid(pos, m))?;
            }
            "isplit" => {
                let l = tag(0, &s)?;
                let (text, pos) = isl_text(1)?;
                let pred = Set::parse(&s.ctx, &text)
                    .map_err(|e| invalid(pos, format!("bad predicate: {e}")))?;
                let n = uint(2)?;
                let (a, b) = s.isplit(&l, &pred, n).map_err(fail)?;
                s.components.insert(op.results[0].clone(), a);
                s.components.insert(op.results[1].clone(), b);
            }
            "fuse" => {
                let (l1, l2) = (tag(0, &s)?, tag(1, &s)?);
                let n = l1.level.min(l2.level) + 1;
                s.realign(&l1, &l2, n).map_err(fail)?;
            }
            "parallel" => {
                let l = tag(0, &s)?;
                let d = uint(1)?;
                parallel_marks.push((members(&s, &l), 2 * d + 1));
            }
            "vectorize" => {
                let l = tag(0, &s)?;
                vector_marks.push((members(&s, &l), op.pos));
            }
            name => {
                let l = tag(0, &s)?;
                let short = match name {
                    "tile" => {
                        Shorthand::Tile((1..op.args.len()).map(int).collect::<Result<_, _>>()?)
                    }
                    "interchange" => Shorthand::Interchange(uint(1)?, uint(2)?),
                    "reverse" => Shorthand::Reverse(uint(1)?),
                    "shift" => Shorthand::Shift(uint(1)?, int(2)?),
                    "skew" => Shorthand::Skew(uint(1)?, uint(2)?, int(3)?),
                    _ => return Err(fail(format!("unknown operation `{name}`"))),
                };
                let f = short.map(&s.ctx, l.level).map_err(&fail)?;
                s.affine(&l, &f).map_err(fail)?;
            }
        }
        // Verifying a schedule costs the square of its depth in constraints that isl reads
        // before any budget counts (found by fuzzing: an `affine` onto 130 dimensions took
        // half a minute).
        if s.m > transform::MAX_SHORTHAND_DEPTH {
            return Err(LoopyError::Invalid {
                pos: op.pos,
                message: format!(
                    "the schedule would have {} loop dimensions; at most {}",
                    s.m,
                    transform::MAX_SHORTHAND_DEPTH
                ),
            });
        }
    }
    // Vector marks: the innermost iteration entry that varies for the component's statements.
    let mut vector = Vec::new();
    for (stmts, at) in &vector_marks {
        let mut inner = None;
        for k in stmts {
            let t = &s.theta[*k];
            for d in (0..s.m).rev() {
                if auto::varies(&t.to_union()?, 2 * d + 1)? {
                    inner = inner.max(Some(2 * d + 1));
                    break;
                }
            }
        }
        match inner {
            Some(d) => vector.push((stmts.clone(), d)),
            None => {
                return Err(LoopyError::Invalid {
                    pos: *at,
                    message: "vectorize: the component has no loop".into(),
                });
            }
        }
    }
    let theta = s.union()?;
    let checks: Vec<(BTreeSet<StmtId>, usize)> = parallel_marks
        .iter()
        .cloned()
        .chain(vector.iter().cloned())
        .collect();
    verify(scop, deps, &theta, &checks)?;
    let schedule = crate::verify::schedule_of(scop, &theta)?;
    Ok(Transformed {
        schedule,
        theta,
        parallel: parallel_marks
            .into_iter()
            .map(|(stmts, dim)| Mark { dim, stmts })
            .collect(),
        vector: vector
            .into_iter()
            .map(|(stmts, dim)| Mark { dim, stmts })
            .collect(),
        jam: Vec::new(),
        registers: Vec::new(),
        departures: Vec::new(),
        decisions: Vec::new(),
        stages: Vec::new(),
    })
}

/// isl text with the kernel's parameters declared, so that maps and predicates may use them.
fn with_params(scop: &Scop, text: &str) -> String {
    if text.trim_start().starts_with('{') && !scop.params.is_empty() {
        let names: Vec<&str> = scop.params.iter().map(|p| p.name.as_str()).collect();
        format!("[{}] -> {text}", names.join(", "))
    } else {
        text.to_string()
    }
}
