//! [`Target`]: what the code a plan becomes can do, for the strategy and for code generation.
//!
//! Every execution decision (threads, vector lanes, unroll-and-jam, what stays in registers,
//! register blocks) depends on the back end that will emit the code: Cranelift builds its own
//! 128-bit lanes and nothing else vectorizes after it, while a C compiler vectorizes whatever
//! loop it is told is safe, at the width `-march` gives it. A `Target` says which, once: the
//! automatic strategy reads its limits from it ([`crate::AutoConfig`] has none of its own) and
//! `optimist_codegen::Plan::decide` turns a loop AST into one decided loop tree for it, which the
//! back ends only emit. The plan records the target it was made for.

/// Who turns a loop marked vector into vector instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vectorizer {
    /// Code generation builds the lanes itself: only bodies it can lower lane by lane
    /// (statements storing one floating type, computed by exact IEEE operations from
    /// contiguous or invariant accesses) run in lanes, and a loop around one may be jammed into
    /// it.
    Own,
    /// The compiler of the emitted code: the loop is marked safe to vectorize (no dependence,
    /// arrays proved apart) and the compiler chooses the width.
    Compiler,
}

/// Which back end a target is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TargetKind {
    /// Native code through Cranelift.
    Native,
    /// C text for a C compiler.
    C,
}

/// The shape of a product's register blocks ([`Target::register_blocks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockShape {
    /// Rows per block.
    pub rows: i64,
    /// Bytes of a row of a block (128: 16 `double`s, four AVX vectors).
    pub row_bytes: i64,
    /// The tile of the reduction: the block's elements are loaded and stored once per this
    /// many of its iterations.
    pub depth: i64,
    /// The tile of the rows, at least (rounded up to whole blocks): the C packs the other
    /// operand's tile once per this many rows.
    pub tile_rows: i64,
    /// Bytes of the vectors a micro-kernel holds a block's rows in (32: AVX's, which the C
    /// compiler splits or joins for the machine it compiles for).
    pub vector_bytes: i64,
    /// Whether only a statement a micro-kernel can run is blocked (`W + X * Y` in `float` or
    /// `double`: native code, whose blocks run only in the micro-kernel).
    pub kernel_only: bool,
    /// The most products a micro-kernel's statement may sum (`W + X * Y` is one; syr2k's
    /// `W + (X1 * Y1 + X2 * Y2)` two: native code's wide micro-kernel).
    pub kernel_products: u8,
    /// Whether a band whose rows and columns bound each other (syrk's lower triangle,
    /// `j <= i`; the reduction stays apart) is blocked too: blocks cut by the bounds run on a
    /// local copy of their elements, only those inside copied back.
    pub triangles: bool,
    /// Whether a loop on threads inside a packed loop may read the pack's buffer (C: OpenMP's
    /// threads see the function's locals). Native code's outlined bodies see none of the
    /// function's values, so a pack whose loops fork is not made there.
    pub threads_see_buffers: bool,
}

impl Default for BlockShape {
    /// 6 rows of 128 bytes (24 vectors of 32 bytes held across the reduction: the 32 vector
    /// registers of AVX-512 hold them with the 4 of the packed row and a broadcast), across
    /// reduction tiles of 128, in row tiles of 252 (42 blocks: the packed operand's tile of
    /// 128 x 512 `double`s is copied once per 252 rows). Measured on the 1000x1100x1200
    /// product on one thread (AMD EPYC, `cc -O3 -march=native`): 4 rows in tiles of 128 0.088
    /// s, in tiles of 256 0.088 s; 6 rows in tiles of 126 0.093 s, 252 0.079 s, 504 0.080 s;
    /// 8 rows in tiles of 256 0.090 s; 6 rows with reduction tiles of 256 0.085 s.
    fn default() -> BlockShape {
        BlockShape {
            rows: 6,
            row_bytes: 128,
            depth: 128,
            tile_rows: 252,
            vector_bytes: 32,
            kernel_only: false,
            kernel_products: 1,
            triangles: true,
            threads_see_buffers: true,
        }
    }
}

impl BlockShape {
    /// Native code's: 4 rows of 32 bytes (8 accumulating vectors of 16 bytes, with the 2 of a
    /// step's packed columns and a broadcast or two: well inside x86-64's 16 vector
    /// registers), across reduction tiles of 128, in row tiles of 252, blocks only where the
    /// micro-kernel runs. The 1000x1100x1200 product on one thread: 0.157 s; 6 rows (12
    /// accumulators) 0.159 s; 4 rows with two steps per iteration 0.163-0.167 s; 4 rows of 48
    /// bytes: the column tile of 512 is no multiple of 6 columns, no pack.
    pub fn native() -> BlockShape {
        BlockShape {
            rows: 4,
            row_bytes: 32,
            depth: 128,
            tile_rows: 252,
            vector_bytes: 16,
            kernel_only: true,
            kernel_products: 1,
            triangles: true,
            threads_see_buffers: false,
        }
    }
}

impl BlockShape {
    /// Native code's where the library's own x86-64 emitter has wide vectors
    /// ([`Target::wide_bytes`] 32 or 64): the micro-kernel in `ymm` registers, 6 rows of two
    /// vectors (12 accumulators, with the 2 of a step's packed columns, a broadcast and a
    /// product: the 16 registers of AVX2), across reduction tiles of 128, in row tiles of 252,
    /// blocks only where the micro-kernel runs. In 256 bits even where 512 exist: on this
    /// project's AMD EPYC the 512-bit multiplies and adds run at half the rate of pairs of
    /// 256-bit ones (the kernel alone on a block in the caches: 39 GFLOP/s in `zmm` 6 x 2,
    /// 45 in `zmm` 4 x 4, 55 in `ymm` 6 x 2; the 1000x1100x1200 product on one thread 0.084
    /// s in `zmm` 6 x 2, 0.066-0.069 s in `ymm` 6 x 2, 5 x 2 or 4 x 2). Its kernel also sums
    /// two products (syr2k's). Other widths:
    /// [`BlockShape::native`].
    pub fn wide(vector_bytes: u32) -> BlockShape {
        match vector_bytes {
            32 | 64 => BlockShape {
                rows: 6,
                row_bytes: 64,
                vector_bytes: 32,
                kernel_products: 2,
                ..BlockShape::native()
            },
            _ => BlockShape::native(),
        }
    }
}

/// Most iterations of one short loop a back end unrolls inside a vector loop
/// ([`Target::unrolls`]).
pub const SHORT_TRIPS: usize = 8;

/// [`Target::fork_work`] of native code: the Kernel's team of threads (`codegen::Pool`), whose
/// forks cost about what OpenMP's do.
pub const NATIVE_FORK_WORK: u64 = 8_192;

/// [`Target::fork_work`] of C: OpenMP's threads.
pub const C_FORK_WORK: u64 = 8_192;

/// What the strategy's estimate of a schedule's time takes the machine a target runs on to be
/// (`auto/cost.rs` explains the estimate). The constants are this project's 2-core AMD EPYC
/// test machine's (32 KiB L1 and 1 MiB L2 per core, 32 MiB L3), calibrated against the bench
/// suite (`benches/RESULTS.md`); they only rank candidates, so a machine that differs by a
/// constant factor ranks them the same.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CostModel {
    /// The threads a loop whose iterations are shared among threads runs on.
    pub threads: u32,
    /// Bytes per vector a loop that runs in lanes is computed in (native code: Cranelift's 16;
    /// C: 32, the width GCC and Clang prefer with `-march=native` on x86-64 even where
    /// 64-byte registers exist).
    pub lane_bytes: u32,
    /// Picoseconds per operation of a statement instance (an arithmetic operation, a
    /// conversion, a load or a store) in scalar code.
    pub op_ps: u64,
    /// Operations one call of a math function (`expf`, `sqrt`) counts as.
    pub call_ops: u64,
    /// Picoseconds of latency per operation on the path from a statement's read of the array
    /// it writes to its result, when its innermost loop carries a dependence on itself (a
    /// reduction into one element, a recurrence): each instance waits for the previous one's
    /// result (the results' bits forbid reassociating the chain).
    pub recurrence_ps: u64,
    /// Picoseconds such a chain waits more per instance when the element it accumulates in
    /// is stored and loaded again each iteration instead of staying in a register (the loop
    /// holds a statement under a guard, which both back ends' scalar replacement refuses): the
    /// store-to-load forwarding joins the chain. gesummv's tiles of 32 with the first
    /// assignment of `y[i]` under a guard in the inner loop: 2.0 ns an instance here, against
    /// 0.78 ns with the rows' reductions in registers.
    pub stored_chain_ps: u64,
    /// The caches, innermost first: how many bytes each holds, and the picoseconds a 64-byte
    /// line costs when it comes from beyond it (the last one's: from memory).
    pub caches: Vec<(u64, u64)>,
    /// Picoseconds per fork and join of the threads (the measurements of
    /// [`Target::fork_work`]).
    pub fork_ps: u64,
}

impl CostModel {
    /// The machine's caches and speeds, `threads` threads, vectors of `lane_bytes`, forks of
    /// `fork_ps`.
    pub fn new(threads: u32, lane_bytes: u32, fork_ps: u64) -> CostModel {
        CostModel {
            threads: threads.max(1),
            lane_bytes,
            op_ps: 100,
            call_ops: 20,
            recurrence_ps: 700,
            stored_chain_ps: 1_300,
            caches: vec![
                (32 * 1024, 600),
                (1024 * 1024, 1_500),
                (16 * 1024 * 1024, 6_000),
            ],
            fork_ps,
        }
    }
}

/// What the code a plan becomes can do (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The back end.
    pub kind: TargetKind,
    /// Bytes per vector register of the code generator that builds lanes (Cranelift's x86-64
    /// back end has 128-bit vectors only).
    pub vector_bytes: u32,
    /// Bytes per vector of the x86-64 emitter native code runs its simplest vector loops in
    /// (`codegen`'s `native/wide.rs`): 32 (AVX2), 64 (AVX-512F), or 0, none: every loop in lanes
    /// takes Cranelift's vectors of `vector_bytes`. Native code: `NativeOptions::wide_bytes`.
    pub wide_bytes: u32,
    /// Whether the target runs `fma` (a contracted program's `x * y + z`, rounded once:
    /// `Function::contracted`) in one instruction: native code on a CPU with FMA, where a
    /// product whose statement is `C = fma(x, y, C)` runs in a fused micro-kernel. A program
    /// that is not contracted has no `fma` and is computed as it is written whatever this says.
    pub fma: bool,
    /// Who vectorizes a loop marked vector.
    pub vectorizer: Vectorizer,
    /// Whether loops marked vector run in lanes at all (native code: `NativeOptions::vector`).
    pub vector: bool,
    /// Whether loops marked parallel run on threads (native code: more than one thread; C:
    /// OpenMP pragmas, which run on threads when compiled with `-fopenmp`).
    pub threads: bool,
    /// Whether a loop that runs in lanes may also share its iterations among threads (C: `omp
    /// parallel for simd`, and one parallel region around a time loop whose sweeps do).
    pub vector_threads: bool,
    /// Whether array elements a loop keeps at one place stay in registers across it (native
    /// code: `NativeOptions::registers`).
    pub registers: bool,
    /// Most statements of a vector loop's body that a loop around it is jammed into (the
    /// copies of a longer one keep more values live than there are vector registers, and
    /// spill); `None`: no limit.
    pub jam_statements: Option<usize>,
    /// Most statement instances a vector loop's short inner loops unroll into
    /// ([`Target::unrolls`]).
    pub unroll_limit: usize,
    /// Whether a product's tiled band is register-blocked ([`BlockShape`]: blocks of rows by
    /// columns kept in registers across a reduction tile, the operands packed, a micro-kernel
    /// where the statement is `W + X * Y`). On the 1000x1100x1200 product, one thread: C 0.089
    /// -> 0.061 s with the micro-kernel, native code 0.18-0.19 -> 0.15-0.16 s.
    pub register_blocks: bool,
    /// The shape of those register blocks.
    pub block: BlockShape,
    /// The least work, in statement instances, for which a loop whose iterations may be shared
    /// among threads starts them: below, its iterations run in order on the thread that reached
    /// it, as the fork and join cost more than a second thread gives. The code estimates the
    /// work where the loop starts (`codegen::decide::Fork`). Measured on a loop adding 1 to
    /// each element of a 2 x 8 matrix whose one parallel iteration forks (the bound set to 1),
    /// the median of 3000 calls on this project's 2-core machine: the Kernel's team costs 0.2-1.6
    /// µs more per fork than running in order (a rayon pool, before it, 6-10 µs), OpenMP about
    /// 0.6 µs; an instance of a simple statement costs about 0.5-1 ns.
    pub fork_work: u64,
    /// What the strategy's estimates take the machine to be.
    pub cost: CostModel,
    /// Whether code for a plan that adds nothing the target's compiler does not do itself
    /// (the program's order, its loops in order) is the program's code alone (C: the C
    /// compiler, given the loops where they stand, knows more of them than behind a call).
    /// Off for native code, whose optimized version drops the range checks of its faithful
    /// code.
    pub as_written: bool,
}

impl Target {
    /// Native code through Cranelift: its own 128-bit lanes when `vector`, threads when
    /// `threads > 1`, scalar replacement when `registers`; jams of at most 8 statements,
    /// register blocks for the micro-kernel ([`BlockShape::native`]).
    pub fn native(threads: usize, vector: bool, registers: bool) -> Target {
        Target {
            kind: TargetKind::Native,
            vector_bytes: 16,
            wide_bytes: 0,
            fma: false,
            vectorizer: Vectorizer::Own,
            vector,
            threads: threads > 1,
            vector_threads: false,
            registers,
            jam_statements: Some(8),
            unroll_limit: 64,
            register_blocks: true,
            block: BlockShape::native(),
            fork_work: NATIVE_FORK_WORK,
            cost: CostModel::new(threads.min(u32::MAX as usize) as u32, 16, 1_000_000),
            as_written: false,
        }
    }

    /// C for a C compiler: vector loops marked for the compiler (which may also split them
    /// across OpenMP's threads), products register-blocked. The same for every machine: the
    /// C compiler's flags choose the width and whether OpenMP runs threads.
    pub fn c() -> Target {
        Target {
            kind: TargetKind::C,
            vector_bytes: 16,
            wide_bytes: 0,
            fma: false,
            vectorizer: Vectorizer::Compiler,
            vector: true,
            threads: true,
            vector_threads: true,
            registers: true,
            jam_statements: None,
            unroll_limit: 64,
            register_blocks: true,
            block: BlockShape::default(),
            fork_work: C_FORK_WORK,
            // OpenMP's thread count is chosen when the program runs: two are assumed.
            cost: CostModel::new(2, 32, 1_000_000),
            as_written: true,
        }
    }

    /// The unrolling rule, one for the strategy's estimates (`auto/assess.rs`) and code
    /// generation (`codegen`'s `decide/unroll.rs`): short loops inside a vector loop are
    /// unrolled into its body when each runs a constant number of iterations, at most
    /// [`SHORT_TRIPS`], and the statement instances they make are at most
    /// [`Target::unroll_limit`]. `trips`: the loops' iterations so far (`None` for a loop whose
    /// count is not a constant), `instances` the instances they make.
    pub fn unrolls(&self, trips: Option<usize>, instances: usize) -> bool {
        trips.is_some_and(|t| t <= SHORT_TRIPS) && instances <= self.unroll_limit
    }

    /// The target's name as `show ast --target` spells it.
    pub fn name(&self) -> &'static str {
        match self.kind {
            TargetKind::Native => "native",
            TargetKind::C => "c",
        }
    }
}

impl Default for Target {
    /// Native code on the cores available, with lanes and registers.
    fn default() -> Target {
        Target::native(
            std::thread::available_parallelism().map_or(1, |n| n.get()),
            true,
            true,
        )
    }
}
