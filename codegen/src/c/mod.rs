//! The C backend: a loop AST and the model's statements printed as a C function with the
//! original signature, compilable by any C compiler.
//!
//! Loop iterators are `long`; every expression of the statements is printed with the explicit
//! conversions of the IR, so a C compiler computes exactly what the interpreter does.
//!
//! # Design notes
//!
//! - **C backend** (`c/`). The AST and the statements printed as a C function with the original
//!   signature; every IR conversion printed as a cast. `versioned(f, Option<&Plan>, name)` prints the
//!   whole program: `NAME_fallback` (`Function::to_c`), `NAME_optimized` (pre-loaded values as
//!   extra parameters), and `NAME`, which pre-loads, computes the check with `__builtin_*_overflow`
//!   helpers (every operand evaluated), calls one of them and sets `int NAME_version`. C does
//!   not know buffer extents: a check that needs one fails (the fallback runs). `optimist show c`.
//!   The marks: `#pragma omp parallel for private(inner counters)` on a parallel loop whose test
//!   has OpenMP's canonical form (`iter < end`, printed so) and whose body writes no scalar of the
//!   function (the counters are declared once per function, the scalars are shared); the line
//!   `OPTIMIST_VECTOR` before a vector loop, defined in the preamble as `GCC ivdep` for gcc and
//!   `clang loop vectorize(assume_safety)` for clang (the loop carries no dependence and the
//!   run-time check proved the arrays apart; neither allows reassociation); the line
//!   `OPTIMIST_POINT` before a tile's innermost loop that writes along itself (`point_loop`),
//!   `clang loop unroll(disable)` for clang and nothing for others (defined only when the
//!   compiler's flags have not: `-DOPTIMIST_POINT=` takes it away). `optimist run --backend
//!   c --threads N` (N > 1) compiles with `-fopenmp` and runs with `OMP_NUM_THREADS=N`; the
//!   differential test runs every versioned program so, on two threads, when `cc -fopenmp` links.
//!   A loop marked `jam` around a vector loop (bounds free of it, a statement writing an element
//!   at one place for every copy) is unrolled and jammed (the jam rule of `decide`, printed by `jammed`): 4
//!   iterations at a time, all of them when 2 to 8 are known; its copies of each statement in
//!   the vector loop, then the rest as written, starting where the groups stopped (computed, not
//!   read from the counter: an OpenMP loop's counter is undefined after it). gemm's C went from
//!   0.134 s to 0.097 s; jamming a 5x5 stencil's `dy` and `dx` both (25 copies) was slower in
//!   gcc (25 broadcast weights spill) and was left out.
//!   A vector loop with short loops inside (`decide::unroll_short`) is printed with them unrolled,
//!   and with what one iteration touches at one place in locals (`unrolled_vector_loop`): an
//!   element the body writes first and then only reads and writes at the same indices is a local
//!   stored once at the end of the iteration; a read of an array the body does not write, at
//!   indices free of the loop and evaluated unconditionally, is a `const` local set before the
//!   loop under the loop's own test (so it is read only when the program reads it). gcc cannot
//!   do either itself: the arrays may overlap as far as it knows (`restrict` on the parameters
//!   does not survive OpenMP's outlining, measured: no change), so it stored `out` after each of
//!   the 25 products and reloaded the weights every iteration. conv2d's C 0.065 s -> 0.026 s on
//!   2 threads (cc on the original: 0.058 s).
//!   A loop `decide` keeps elements in registers across (`Exec::Registers`, the same
//!   decision as native code's) is printed by `promoted_loop` (`promote.rs`): the test that no
//!   moving access of the loop reaches a kept element, then the loop on locals (`optimist_kept0`,
//!   read before it and stored after it), else the loop as written. trisolv's C went from
//!   0.0031 s to 0.0027 s (cc on the original: 0.0031 s).
//!   A loop marked `registers` (`LoopKind::Accumulate`) whose body is a register block (a rows
//!   loop around a columns loop around one unguarded statement, bounds free of the loop, each of
//!   constant length when whole, `min(.., first + 3)`; every access of the statement to the array
//!   it writes at the written element, whose subscripts are free of the loop and hold the rows'
//!   and the columns' iterators in one subscript each; found by `block::register_block`) is
//!   printed by `blocked`: when the block is
//!   whole (tested at run time), its elements are loaded into `optimist_acc[rows][columns]`
//!   before the loop, the statement computes in it, and it is stored after; otherwise the loop as
//!   written. Inside, the columns loop is outside the rows loop: gcc completely unrolls a
//!   constant innermost loop of 16 before vectorizing and then vectorized the 4 rows (elements a
//!   row apart) with a transposition per step: 0.71 s against 0.078 s for the columns in lanes.
//!   The same kernel in a file compiled with its caller ran fast either way (gcc propagated the
//!   constant sizes into it): the C harness's `volatile` call is what users see.
//!   Packing (`pack_site`, `packed_blocks`): a loop over row blocks whose body is the loop over
//!   column blocks around such a loop (their bounds free of the loops inside the first, each of
//!   constant length when whole) copies the operand read along the columns and not along the
//!   rows (`B[k][j]`, read unconditionally) into a buffer, 16 columns per step of the
//!   reduction, contiguous, and the blocks read it there. Packing reads what every row block
//!   reads (the bounds are free of the rows), and only when a row block runs. The buffers are
//!   the one place the optimized code uses memory the program did not: one per thread
//!   (`optimist_thread()`, OpenMP's thread number), of the largest pack's size (at most 782,336
//!   bytes with the default `BlockShape`: 128 x 512 packed columns and 252 x 128 row factors
//!   of `double`; a triangle's pack holds one row block's factors), zeroed once by `calloc`
//!   and kept by the function for its next call (`KEPT_BUFFERS`: taken by an atomic
//!   exchange; a call that finds them taken allocates its own and frees it at the end; a
//!   failed allocation leaves every block on the loops as written). A `malloc` per pack instead
//!   (512 KiB, mapped and faulted in afresh each time) cost 18 ms of the 1000x1100x1200
//!   product's 0.091 s on one thread.
//!   **The micro-kernel** ([`MicroKernel`], decided by `Decider::kernel`): when the block's statement
//!   is the element plus the packed operand times a factor of the rows (`alpha * A[i][k]`, free
//!   of the columns, reading nothing the statement writes), in either order, in `float` or
//!   `double`, the factor is packed too (a block's 6 rows side by side per step), and the
//!   blocks pack as they run (`Pack::upfront` none): before its kernel, a block packs its row block's
//!   factors at the rows inside the loops' bounds not packed yet, and the operand's columns
//!   inside them not packed yet in this tile (a flag per column, a count per column block, so a
//!   whole column block is tested once); where every row block reads every column block whole
//!   (`Pack::upfront`: a box), the column blocks and every row block's factors are packed
//!   before the row blocks instead, step by step across the tile (zeros past the edges). Only what the program reads is read, so the bounds may
//!   depend on each other: a triangle's blocks (syrk's `j <= i`, covariance's `j >= i`) are
//!   whole where the columns' bounds cover the block at every row (`whole_test`), and the
//!   others, like the edges', run on a local copy of which only the elements inside the bounds
//!   are copied back. Each block calls a static function
//!   printed before the kernel (`micro_kernel`): with GNU C's vector extensions it holds the
//!   block in 24 vectors of 32 bytes across the reduction tile, loading 4 vectors of packed
//!   columns and broadcasting one factor per row per step; other compilers (or
//!   `-DOPTIMIST_NO_VECTOR_EXTENSIONS`) get the same operations in scalars. A block cut short
//!   by the edges or a triangle is copied into a local whole block, run, and its elements copied back. Each
//!   element still takes `W + X * Y` in the program's order of operands and of the reduction,
//!   so the bits are the program's. gcc 12 could not be led to keep a block of 6 x 16 in
//!   registers from plain loops (as a function of loops over a local array: 0.50 s, 5.3
//!   GFLOP/s). The 1000x1100x1200 product, one thread, `cc -O3 -march=native` (AMD EPYC with
//!   AVX-512; the machine's peak without contraction is 58 GFLOP/s in vectors of 32 or 64 bytes):
//!   0.089 s (29.7 GFLOP/s) with the local-array blocks of 6 x 16 and `B` packed, 0.061 s (43
//!   GFLOP/s) with the micro-kernel.
//!   A vector loop the marks also allow on threads (`LoopKind::Vector { parallel }`: it is the
//!   outermost loop that carries no dependence, a stencil's sweep inside its time loop; native
//!   code runs it in lanes only) shares its iterations among OpenMP threads when its length is
//!   not a constant and its body writes no scalar (`threads_bound`): outermost, it is an
//!   `omp parallel for simd` (`OPTIMIST_PARALLEL_VECTOR`); when every statement of an outermost
//!   loop is in such loops directly in it, that loop runs in one `omp parallel` region that every
//!   thread runs, the sweeps being `omp for simd` (`OPTIMIST_SHARED_VECTOR`), whose ends the
//!   threads wait at (`region_fits`): the threads start once, not twice per time step. Deeper
//!   vector loops stay in lanes (the threads would meet once per row, for a row's work). Both
//!   macros are `OPTIMIST_VECTOR` without `-fopenmp`. jacobi1d's C 0.168 s -> 0.110 s on 2
//!   threads (`omp parallel for simd` per sweep: 0.120 s). Native code keeps such sweeps in lanes
//!   on one thread: chunks of each sweep in lanes on rayon's pool were measured at 0.29 s against
//!   0.20 s (16 chunks per sweep; 2 chunks: 0.33 s), a join costing more than the half sweep
//!   (about 5 µs) it saves.

use crate::ast::AExpr;
use crate::ast::StmtNode;
use crate::block::RegisterBlock;
use crate::decide::walk::Emitter;
use crate::decide::{
    Block, DLoop, DNode, Decided, Exec, Fork, Jam, Lanes, MicroKernel, Pack, Share,
};
use optimist_presburger::AstOp;
use optimist_scop::ir::{ArrayId, ArrayKind, Dim, Function, VarKind};
use optimist_scop::model::{
    AccessId, ArrayOrigin, BodyExpr, BodyLeaf, Scop, ScopArrayId, ScopStmt,
};
use std::fmt::Write;

mod blocks;
mod promote;
mod versioned;

pub use versioned::{CProgram, versioned, versioned_for};

/// Prints C for one model, one AST.
struct Printer<'a> {
    f: &'a Function,
    scop: &'a Scop,
    /// The C names of the AST iterators (isl's, made distinct from the program's names).
    iters: Vec<String>,
    /// The C name of every variable and array of the program ([`Function::c_names`]: names
    /// reused in several scopes get a suffix).
    names: optimist_scop::ir::CNames,
    /// Whether the invariant reads are parameters (loaded by the run-time check).
    preloaded: bool,
    /// What the vector loop being printed keeps in locals, with the locals' names.
    registers: std::cell::RefCell<Vec<(Local, String)>>,
    /// The element of `optimist_pack` the register blocks being printed read their packed
    /// operand at, as C ([`Printer::packed_blocks`]).
    packed: std::cell::RefCell<Option<String>>,
    /// Inside a pack with a micro-kernel: where a block's row factors and packed columns
    /// start, as C ([`Printer::packed_blocks`]).
    kernel_site: std::cell::RefCell<Option<KernelSite>>,
    /// The micro-kernels printed (static functions put before the function).
    kernels: std::cell::RefCell<Vec<String>>,
    /// The name of the function being printed (its micro-kernels' names start with it).
    name: std::cell::RefCell<String>,
}

/// What a vector loop keeps in a local ([`Printer::unrolled_vector_loop`]).
#[derive(Clone, PartialEq)]
enum Local {
    /// The one element of the array the iteration touches.
    Array(ScopArrayId),
    /// A read, by its C text.
    Read(String),
    /// One access of the statements of a loop that keeps its element in a local
    /// ([`Printer::promoted_loop`]).
    Access(AccessId),
}

/// The packing buffers a function keeps from one call to the next (`Printer::definition`):
/// taken when free (an atomic exchange), grown when the threads need more, else a call
/// allocates its own.
const KEPT_BUFFERS: &str = "  static char *optimist_kept_buffer;
  static long optimist_kept_bytes;
  static int optimist_kept_busy;
  char *optimist_buffer = 0;
  const int optimist_kept = !__atomic_exchange_n(&optimist_kept_busy, 1, __ATOMIC_ACQUIRE);
  if (optimist_kept) {
    if (optimist_kept_bytes < optimist_buffers * optimist_buffer_bytes) {
      free(optimist_kept_buffer);
      optimist_kept_buffer = (char *)calloc((size_t)optimist_buffers, (size_t)optimist_buffer_bytes);
      optimist_kept_bytes = optimist_kept_buffer ? optimist_buffers * optimist_buffer_bytes : 0;
    }
    optimist_buffer = optimist_kept_buffer;
  } else {
    optimist_buffer = (char *)calloc((size_t)optimist_buffers, (size_t)optimist_buffer_bytes);
  }
";

/// The helpers every generated function may call, defined once in a file that holds several
/// generated functions (a whole program with several regions, `optimist c`).
const PREAMBLE: &str = "#ifndef OPTIMIST_PREAMBLE
#define OPTIMIST_PREAMBLE
#include <math.h>
#include <stdlib.h>
static inline long optimist_floord(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static inline long optimist_min(long a, long b) { return a < b ? a : b; }
static inline long optimist_max(long a, long b) { return a > b ? a : b; }
#if defined(__clang__)
#define OPTIMIST_VECTOR _Pragma(\"clang loop vectorize(assume_safety)\")
#elif defined(__GNUC__)
#define OPTIMIST_VECTOR _Pragma(\"GCC ivdep\")
#else
#define OPTIMIST_VECTOR
#endif
#if !defined(OPTIMIST_POINT) && defined(__clang__)
#define OPTIMIST_POINT _Pragma(\"clang loop unroll(disable)\")
#elif !defined(OPTIMIST_POINT)
#define OPTIMIST_POINT
#endif
#if defined(_OPENMP)
#include <omp.h>
static inline long optimist_threads(void) { return omp_get_max_threads(); }
static inline long optimist_thread(void) { return omp_get_thread_num(); }
#define OPTIMIST_PARALLEL_VECTOR _Pragma(\"omp parallel for simd\")
#define OPTIMIST_SHARED_VECTOR _Pragma(\"omp for simd\")
#else
static inline long optimist_threads(void) { return 1; }
static inline long optimist_thread(void) { return 0; }
#define OPTIMIST_PARALLEL_VECTOR OPTIMIST_VECTOR
#define OPTIMIST_SHARED_VECTOR OPTIMIST_VECTOR
#endif
#endif
";

/// The C function computing `scop` as `decided` (a loop AST decided for C:
/// [`crate::LoopAst::decide`] with [`optimist_loopy::Target::c`]), named `name` (the original name by
/// default) with the original parameters. It has no run-time check: [`versioned`] adds it.
pub fn function(f: &Function, scop: &Scop, decided: &Decided, name: Option<&str>) -> String {
    let mut out = String::from(PREAMBLE);
    out.push_str(&f.c_pure_declarations());
    out.push_str(
        &Printer::new(f, scop, &decided.iterators, false).definition(
            decided,
            name.unwrap_or(&f.name),
            "",
        ),
    );
    out
}

impl<'a> Printer<'a> {
    /// A printer for `ast`; with `preloaded`, the invariant reads are parameters of the
    /// function (loaded by the run-time check) instead of being loaded at its start.
    fn new(f: &'a Function, scop: &'a Scop, iterators: &[String], preloaded: bool) -> Printer<'a> {
        let names = f.c_names();
        let taken = |n: &str| {
            f.vars.iter().any(|v| v.name == n)
                || f.arrays.iter().any(|a| a.name == n)
                || names.vars.iter().any(|v| v == n)
                || names.arrays.iter().any(|a| a == n)
                || scop.params.iter().any(|p| p.name == n)
        };
        let iters = iterators
            .iter()
            .map(|i| {
                let mut n = format!("{i}_");
                while taken(&n) {
                    n.push('_');
                }
                n
            })
            .collect();
        Printer {
            f,
            scop,
            iters,
            names,
            preloaded,
            registers: Default::default(),
            packed: Default::default(),
            kernel_site: Default::default(),
            kernels: Default::default(),
            name: Default::default(),
        }
    }

    /// The function `name` (after `storage`, `static ` or nothing), preceded by the
    /// micro-kernels it calls.
    fn definition(&self, decided: &Decided, name: &str, storage: &str) -> String {
        let mut out = String::from(storage);
        *self.name.borrow_mut() = name.to_string();
        self.signature(&mut out, name);
        out.push_str(" {\n");
        self.locals(&mut out);
        // The packing buffers: one per thread, of the largest pack's size (packs are never
        // inside each other), 64-byte multiples. The function keeps the last ones for its next
        // call (as native code's `buffers.rs` does): allocated zeroed per call, a product of 64
        // x 64 x 64 `float`s whose tiles are sized for 1024 took 0.74 ms in 50 calls, 0.52 ms
        // without zeroing 527 KB each time (gcc on the loops as written: 0.68 ms). A call
        // that finds them taken (another thread's, or its own from inside a product) takes
        // fresh ones. What a pack holds before the blocks fill it is zeros or an operand's
        // earlier values, never memory of unknown origin.
        let bytes = decided
            .packed()
            .iter()
            .map(|p| {
                let elem = self.scop.array(self.scop.access(p.access).array).elem;
                (p.elements() * elem.size() as i64 + 63) / 64 * 64
            })
            .max();
        if let Some(bytes) = bytes {
            let _ = writeln!(
                out,
                "  const long optimist_buffers = optimist_threads(), optimist_buffer_bytes = {bytes}L;"
            );
            out.push_str(KEPT_BUFFERS);
        }
        out.push_str(&self.nodes(&decided.body, 1));
        if bytes.is_some() {
            out.push_str(
                "  if (optimist_kept) __atomic_store_n(&optimist_kept_busy, 0, __ATOMIC_RELEASE);\n  else free(optimist_buffer);\n",
            );
        }
        if let Some(r) = self.f.ret {
            let _ = writeln!(out, "  return {}[0];", self.names.arrays[r]);
        }
        out.push_str("}\n");
        let kernels: String = self.kernels.borrow_mut().drain(..).collect();
        kernels + &out
    }
}

impl Printer<'_> {
    fn signature(&self, out: &mut String, name: &str) {
        let extra: Vec<String> = match self.preloaded {
            true => (self.scop.invariant_loads.iter())
                .map(|l| format!("long {}", l.param))
                .collect(),
            false => Vec::new(),
        };
        out.push_str(&self.f.c_signature_with(name, &extra));
    }

    fn locals(&self, out: &mut String) {
        // Scalars held in memory; loop counters of the program are replaced by the AST's.
        for a in &self.scop.arrays {
            if let ArrayOrigin::Scalar(v) = a.origin
                && self.f.var(v).kind == VarKind::Local
            {
                let _ = writeln!(out, "  {} {};", a.elem, self.names.vars[v]);
            }
        }
        // Local arrays the model no longer touches (a temporary expression propagation
        // removed) are not declared: only the faithful function needs them.
        for (k, a) in
            self.f.arrays.iter().enumerate().filter(|(k, a)| {
                a.kind == ArrayKind::Local && self.scop.touches(ArrayId(*k as u32))
            })
        {
            let dims: String = a
                .dims
                .iter()
                .map(|d| match d {
                    Dim::Const(n) => format!("[{n}]"),
                    Dim::Expr(e) => format!("[{}]", self.f.expr_with_names(e, &self.names)),
                    Dim::Unknown => "[1]".into(),
                })
                .collect();
            let _ = writeln!(
                out,
                "  {} {}{};",
                a.elem,
                self.names.arrays[ArrayId(k as u32)],
                dims
            );
        }
        if !self.iters.is_empty() {
            let _ = writeln!(out, "  long {};", self.iters.join(", "));
        }
        // Reads assumed invariant, loaded once before the loops (or by the run-time check).
        for load in self.scop.invariant_loads.iter().filter(|_| !self.preloaded) {
            let subs: String = load
                .subscripts
                .iter()
                .map(|s| format!("[{}]", self.body(&StmtCtx::NONE, s)))
                .collect();
            let _ = writeln!(
                out,
                "  long {} = {}{subs};",
                load.param,
                self.array_name(load.array)
            );
        }
    }

    /// The decided nodes as C, at indentation `depth`: each loop as its [`Exec`] says.
    fn nodes(&self, nodes: &[DNode], depth: usize) -> String {
        let mut text = Text {
            p: self,
            depth,
            out: String::new(),
        };
        match text.nodes(nodes) {
            Ok(()) => text.out,
            Err(never) => match never {},
        }
    }

    /// One decided loop.
    fn for_loop(&self, l: &DLoop, depth: usize) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let it = &self.iters[l.iter];
        let step = l.step;
        let mut test = self.aexpr(&l.cond);
        match &l.exec {
            Exec::Jammed(j) => return self.jammed(l, j, depth),
            Exec::Block(b) => return self.blocked(l, b, depth),
            Exec::Lanes(lanes) => {
                // The loop carries no dependence and the run-time check proved the arrays
                // apart: the C compiler need not prove it again (no reassociation is allowed
                // by this). On threads too when decided so; OpenMP wants the test in its
                // canonical form.
                // The lines before the loop: a macro, or (starting with `#`) whole
                // preprocessor lines, written as they are.
                let pragma = match &lanes.share {
                    Share::No => "OPTIMIST_VECTOR".to_string(),
                    Share::Spawn(end, Some(fork)) => {
                        // Threads only for enough work: OpenMP's `if` clause, in the pragma
                        // the macro stands for (a macro cannot take it).
                        test = format!("{it} < {}", self.aexpr(end));
                        format!(
                            "#if defined(_OPENMP)\n{pad}#pragma omp parallel for simd if({})\n#else\n{pad}OPTIMIST_VECTOR\n#endif",
                            self.fork_test(fork)
                        )
                    }
                    Share::Spawn(end, None) => {
                        test = format!("{it} < {}", self.aexpr(end));
                        "OPTIMIST_PARALLEL_VECTOR".to_string()
                    }
                    Share::Region(end) => {
                        test = format!("{it} < {}", self.aexpr(end));
                        "OPTIMIST_SHARED_VECTOR".to_string()
                    }
                };
                if lanes.unrolled {
                    return self.unrolled_vector_loop(l, lanes, &test, &pragma, depth);
                }
                pragma_line(&mut out, &pad, &pragma);
            }
            // Threads when compiled with `-fopenmp` (ignored otherwise): the loops inside have
            // counters of their own per thread.
            Exec::Threads {
                end,
                private,
                scalars,
                fork,
                strips: Some(width),
                rows,
            } => {
                let threads = Some((private.as_slice(), fork));
                if !*rows {
                    return self.stripped(l, end, threads, scalars, *width, depth);
                }
                // Rows of sums; the loop in order in a tree `decide` does not make.
                if let Some(text) = self.rows(l, end, threads, scalars, *width, depth) {
                    return text;
                }
            }
            Exec::Strips {
                end,
                width,
                scalars,
                rows: true,
            } => {
                if let Some(text) = self.rows(l, end, None, scalars, *width, depth) {
                    return text;
                }
            }
            Exec::Strips {
                end,
                width,
                scalars,
                rows: false,
            } => return self.stripped(l, end, None, scalars, *width, depth),
            Exec::Threads {
                end,
                private,
                scalars,
                fork,
                strips: None,
                ..
            } => {
                test = format!("{it} < {}", self.aexpr(end));
                // The inner loops' counters, each thread's own; the scalars written inside, each
                // thread's copy (`firstprivate`: a copy starts with the value before the loop,
                // as native code's outlined body loads it).
                let names: Vec<&str> = private.iter().map(|&k| self.iters[k].as_str()).collect();
                let copies: Vec<String> =
                    scalars.iter().map(|(a, _)| self.array_name(*a)).collect();
                let mut private = String::new();
                if !names.is_empty() {
                    private = format!(" private({})", names.join(", "));
                }
                if !copies.is_empty() {
                    private.push_str(&format!(" firstprivate({})", copies.join(", ")));
                }
                let _ = writeln!(
                    out,
                    "{pad}#pragma omp parallel for{private}{}",
                    self.fork_clause(fork.as_ref())
                );
            }
            Exec::Registers(r) => {
                if let Some(text) = self.promoted_loop(l, r, depth) {
                    return text;
                }
            }
            Exec::Extreme(e) => {
                if let Some(text) = self.extreme(l, e, depth) {
                    return text;
                }
            }
            Exec::Hoisted(reads) => {
                if let Some(text) = self.hoisted_loop(l, reads, depth) {
                    return text;
                }
            }
            // Never decided for C: the C compiler's predictive commoning does it.
            Exec::Serial | Exec::Carried(_) => {}
        }
        if point_loop(self.scop, l) {
            pragma_line(&mut out, &pad, "OPTIMIST_POINT");
        }
        let _ = writeln!(
            out,
            "{pad}for ({it} = {}; {test}; {it} += {step}) {{",
            self.aexpr(&l.init),
        );
        out.push_str(&self.nodes(&l.body, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// A parallel loop in strips of `width` iterations side by side ([`Exec::Threads`]'s
    /// `strips`, [`Exec::Strips`]): the threads (`threads`: the inner loops' counters, the
    /// fork) share the strips; in each, every scalar the iterations own has a copy per
    /// iteration (`NAME_lanes`), and every run of statements inside runs in a loop over the
    /// strip's iterations (`optimist_l`, marked for the compiler's lanes) that sets the loop's
    /// counter, takes each copy into the scalar, runs the statements and puts the copies back.
    /// The loops inside run once per strip, as written.
    fn stripped(
        &self,
        l: &DLoop,
        end: &AExpr,
        threads: Option<(&[usize], &Option<Fork>)>,
        scalars: &[(ScopArrayId, String)],
        width: i64,
        depth: usize,
    ) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let it = &self.iters[l.iter];
        let end = self.aexpr(end);
        let copies: Vec<(String, String)> = scalars
            .iter()
            .map(|(a, _)| (self.array_name(*a), self.scop.array(*a).elem.to_string()))
            .collect();
        if let Some((private, fork)) = threads {
            // The counter and the inner loops' are each thread's, and so are the scalars,
            // which every iteration writes before it reads them (the copies carry their
            // values).
            let mut names: Vec<String> = vec![it.clone()];
            names.extend(private.iter().map(|&k| self.iters[k].clone()));
            names.extend(copies.iter().map(|(n, _)| n.clone()));
            let _ = writeln!(
                out,
                "{pad}#pragma omp parallel for private({}){}",
                names.join(", "),
                self.fork_clause(fork.as_ref())
            );
        }
        let _ = writeln!(
            out,
            "{pad}for (long optimist_s = {}; optimist_s < {end}; optimist_s += {width}) {{",
            self.aexpr(&l.init)
        );
        let inner = "  ".repeat(depth + 1);
        let _ = writeln!(
            out,
            "{inner}long optimist_lanes = optimist_min({width}L, {end} - optimist_s);"
        );
        for (name, ty) in &copies {
            let _ = writeln!(out, "{inner}{ty} {name}_lanes[{width}] = {{0}};");
        }
        out.push_str(&self.strip_nodes(&l.body, it, &copies, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        out
    }

    /// The nodes inside a loop in strips ([`Self::stripped`]): each run of statements in a
    /// loop over the strip's iterations, the loops and conditions around them as written.
    fn strip_nodes(
        &self,
        nodes: &[DNode],
        it: &str,
        copies: &[(String, String)],
        depth: usize,
    ) -> String {
        let mut out = String::new();
        let pad = "  ".repeat(depth);
        let mut run: Vec<DNode> = Vec::new();
        let flush = |run: &mut Vec<DNode>, out: &mut String| {
            if run.is_empty() {
                return;
            }
            let inner = "  ".repeat(depth + 1);
            pragma_line(out, &pad, "OPTIMIST_VECTOR");
            let _ = writeln!(
                out,
                "{pad}for (long optimist_l = 0; optimist_l < optimist_lanes; optimist_l++) {{"
            );
            let _ = writeln!(out, "{inner}{it} = optimist_s + optimist_l;");
            for (name, _) in copies {
                let _ = writeln!(out, "{inner}{name} = {name}_lanes[optimist_l];");
            }
            out.push_str(&self.nodes(run, depth + 1));
            for (name, _) in copies {
                let _ = writeln!(out, "{inner}{name}_lanes[optimist_l] = {name};");
            }
            let _ = writeln!(out, "{pad}}}");
            run.clear();
        };
        for n in nodes {
            match n {
                DNode::Stmt(_) => run.push(n.clone()),
                DNode::For(l) => {
                    flush(&mut run, &mut out);
                    let var = &self.iters[l.iter];
                    let _ = writeln!(
                        out,
                        "{pad}for ({var} = {}; {}; {var} += {}) {{",
                        self.aexpr(&l.init),
                        self.aexpr(&l.cond),
                        l.step
                    );
                    out.push_str(&self.strip_nodes(&l.body, it, copies, depth + 1));
                    let _ = writeln!(out, "{pad}}}");
                }
                DNode::If { cond, then, els } => {
                    flush(&mut run, &mut out);
                    let _ = writeln!(out, "{pad}if ({}) {{", bare(self.aexpr(cond)));
                    out.push_str(&self.strip_nodes(then, it, copies, depth + 1));
                    if !els.is_empty() {
                        let _ = writeln!(out, "{pad}}} else {{");
                        out.push_str(&self.strip_nodes(els, it, copies, depth + 1));
                    }
                    let _ = writeln!(out, "{pad}}}");
                }
                // Not inside strips (`decide`'s `strips`).
                DNode::Region { .. } | DNode::Packed { .. } => {
                    flush(&mut run, &mut out);
                    out.push_str(&self.nodes(std::slice::from_ref(n), depth));
                }
            }
        }
        flush(&mut run, &mut out);
        out
    }

    /// The test of a [`Fork`]: the estimated work against its least.
    fn fork_test(&self, fork: &Fork) -> String {
        format!("{} >= {}L", self.aexpr(&fork.work), fork.min)
    }

    /// OpenMP's ` if(...)` clause for a fork, empty when the threads always start.
    pub(super) fn fork_clause(&self, fork: Option<&Fork>) -> String {
        fork.map(|f| format!(" if({})", self.fork_test(f)))
            .unwrap_or_default()
    }

    fn aexpr(&self, e: &AExpr) -> String {
        match e {
            AExpr::Int(v) => format!("{v}L"),
            AExpr::Iter(k) => self.iters[*k].clone(),
            AExpr::Param(p) => format!("(long){p}"),
            AExpr::Op(op, a) => {
                let x = |k: usize| a.get(k).map(|e| self.aexpr(e)).unwrap_or_default();
                let bin = |sym: &str| format!("({} {sym} {})", x(0), x(1));
                if let Some(s) = op.c_infix() {
                    return bin(s);
                }
                match op {
                    AstOp::Max | AstOp::Min => {
                        let f = if *op == AstOp::Max {
                            "optimist_max"
                        } else {
                            "optimist_min"
                        };
                        a.iter()
                            .skip(1)
                            .fold(x(0), |acc, e| format!("{f}({acc}, {})", self.aexpr(e)))
                    }
                    AstOp::Minus => format!("(-{})", x(0)),
                    AstOp::FdivQ => format!("optimist_floord({}, {})", x(0), x(1)),
                    AstOp::Cond | AstOp::Select => format!("({} ? {} : {})", x(0), x(1), x(2)),
                    // Infix operators were printed above. Calls and accesses are refused when the
                    // AST is converted (`ast.rs`), and `decide` makes none; were one here, an
                    // undeclared function makes the C fail to compile instead of computing a
                    // value.
                    _ => format!("optimist_no_such_operation_{op:?}()"),
                }
            }
        }
    }

    /// An access as a C lvalue or rvalue.
    fn access(&self, ctx: &StmtCtx<'_>, a: AccessId) -> String {
        let acc = self.scop.access(a);
        if let Some((_, local)) = self
            .registers
            .borrow()
            .iter()
            .find(|(x, _)| *x == Local::Array(acc.array) || *x == Local::Access(a))
        {
            return local.clone();
        }
        let text = self.access_text(ctx, a);
        match self
            .registers
            .borrow()
            .iter()
            .find(|(x, _)| matches!(x, Local::Read(t) if *t == text))
        {
            Some((_, local)) => local.clone(),
            None => text,
        }
    }

    /// A model array's name in the C: the program's array, or the scalar's variable.
    fn array_name(&self, a: ScopArrayId) -> String {
        match self.scop.array(a).origin {
            ArrayOrigin::Array(id) => self.names.arrays[id].clone(),
            ArrayOrigin::Scalar(v) => self.names.vars[v].clone(),
        }
    }

    /// An access as C, in memory.
    fn access_text(&self, ctx: &StmtCtx<'_>, a: AccessId) -> String {
        let acc = self.scop.access(a);
        let arr = self.scop.array(acc.array);
        let name = self.array_name(acc.array);
        if let Some((_, idx)) = ctx.indices.iter().find(|(x, _)| *x == a) {
            if let Some(sizes) = &arr.delinearized {
                // A delinearized flat pointer: the program's memory is flat, so the model's
                // subscripts are linearized with the recovered sizes (in `long`).
                let mut flat = idx.first().map(|i| self.aexpr(i)).unwrap_or_default();
                for (i, size) in idx.iter().skip(1).zip(sizes) {
                    flat = format!("({flat}) * ({}) + {}", long_c(size), self.aexpr(i));
                }
                return format!("{name}[{flat}]");
            }
            let subs: String = idx.iter().map(|i| format!("[{}]", self.aexpr(i))).collect();
            return format!("{name}{subs}");
        }
        match (&acc.subscripts, arr.origin) {
            // Data-dependent subscripts of an array with several dimensions: no assumption
            // (IB covers exact accesses only) keeps an inner one inside its dimension, and the
            // program may run past it into the next row (flat memory, as the interpreter and
            // native code see it). In C that is undefined and gcc exploits it, so the element
            // is addressed flat, as the faithful C does.
            (Some(subs), ArrayOrigin::Array(id)) if subs.len() > 1 => {
                let array = self.f.array(id);
                let mut flat = String::new();
                for (k, s) in subs.iter().enumerate() {
                    let sub = self.body(ctx, s);
                    if k == 0 {
                        flat = format!("(long)({sub})");
                        continue;
                    }
                    let size = match array.dims.get(k) {
                        Some(Dim::Const(n)) => format!("{n}L"),
                        Some(Dim::Expr(e)) => format!("(long)({})", self.f.expr_to_string(e)),
                        _ => "0L".into(),
                    };
                    flat = format!("({flat}) * {size} + ({sub})");
                }
                format!("(({} *){name})[{flat}]", array.elem)
            }
            (Some(subs), _) => {
                let subs: String = subs
                    .iter()
                    .map(|s| format!("[{}]", self.body(ctx, s)))
                    .collect();
                format!("{name}{subs}")
            }
            (None, _) => name,
        }
    }

    /// A body expression as C: the one printer of the shared expression language, with this
    /// statement's leaves.
    fn body(&self, ctx: &StmtCtx<'_>, e: &BodyExpr) -> String {
        let mut out = String::new();
        optimist_scop::expr::write_c(&InStmt { p: self, ctx }, &mut out, e);
        out
    }
}

/// A polynomial over the parameters as a C expression computed in `long` (a delinearized size:
/// `2 * n` in `int` could overflow where the subscript it scales does not).
fn long_c(p: &optimist_presburger::Polynomial) -> String {
    let terms: Vec<String> = p
        .terms()
        .map(|(m, c)| {
            let mut factors = vec![format!("{c}L")];
            for (v, e) in m.factors() {
                factors.extend((0..e).map(|_| format!("(long){v}")));
            }
            factors.join(" * ")
        })
        .collect();
    if terms.is_empty() {
        "0L".into()
    } else {
        terms.join(" + ")
    }
}

/// The leaves of one statement instance's body, for the C printer.
struct InStmt<'x, 'p, 'c> {
    p: &'x Printer<'p>,
    ctx: &'x StmtCtx<'c>,
}

impl optimist_scop::expr::CLeaves<BodyLeaf> for InStmt<'_, '_, '_> {
    fn leaf(&self, out: &mut String, leaf: &BodyLeaf, _ty: optimist_scop::Type) {
        match *leaf {
            BodyLeaf::Param(v) => out.push_str(&self.p.names.vars[v]),
            BodyLeaf::Iter(k) => match self.ctx.st {
                Some(st) => {
                    let ty = self.p.f.var(st.iterators[k]).ty;
                    let it = self
                        .ctx
                        .iterators
                        .get(k)
                        .map(|i| self.p.aexpr(i))
                        .unwrap_or_default();
                    let _ = write!(out, "(({ty}){it})");
                }
                None => out.push_str("0 /* no iterator here */"),
            },
            BodyLeaf::Access(a) => out.push_str(&self.p.access(self.ctx, a)),
        }
    }
}

impl RegisterBlock {
    /// Its statement, and the context its accesses are printed in.
    fn statement<'a>(&'a self, scop: &'a Scop) -> (optimist_scop::model::StmtId, StmtCtx<'a>) {
        let (stmt, (iterators, indices)) = self.parts();
        let ctx = StmtCtx {
            st: Some(scop.stmt(stmt)),
            iterators,
            indices,
        };
        (stmt, ctx)
    }
}

/// The statement instance being printed (none for code outside the loops).
struct StmtCtx<'a> {
    st: Option<&'a ScopStmt>,
    iterators: &'a [AExpr],
    indices: &'a [(AccessId, Vec<AExpr>)],
}

impl StmtCtx<'_> {
    const NONE: StmtCtx<'static> = StmtCtx {
        st: None,
        iterators: &[],
        indices: &[],
    };
}

/// The pack whose register blocks the loops being printed run in its micro-kernel: where its
/// row factors and its column block start (C expressions), the kernel, and the pack.
#[derive(Clone)]
struct KernelSite {
    a: String,
    b: String,
    kernel: MicroKernel,
    pack: Pack,
}

/// The C printer's [`Emitter`]: the text of each node at the depth it is printed at.
struct Text<'p, 'a> {
    p: &'p Printer<'a>,
    depth: usize,
    out: String,
}

impl Emitter for Text<'_, '_> {
    type Error = std::convert::Infallible;

    fn for_loop(&mut self, l: &DLoop) -> Result<(), Self::Error> {
        self.out.push_str(&self.p.for_loop(l, self.depth));
        Ok(())
    }

    fn branch(&mut self, cond: &AExpr, then: &[DNode], els: &[DNode]) -> Result<(), Self::Error> {
        let pad = "  ".repeat(self.depth);
        let _ = writeln!(self.out, "{pad}if ({}) {{", bare(self.p.aexpr(cond)));
        self.out.push_str(&self.p.nodes(then, self.depth + 1));
        if els.is_empty() {
            let _ = writeln!(self.out, "{pad}}}");
        } else {
            let _ = writeln!(self.out, "{pad}}} else {{");
            self.out.push_str(&self.p.nodes(els, self.depth + 1));
            let _ = writeln!(self.out, "{pad}}}");
        }
        Ok(())
    }

    fn stmt(&mut self, s: &StmtNode) -> Result<(), Self::Error> {
        let pad = "  ".repeat(self.depth);
        let st = self.p.scop.stmt(s.stmt);
        let ctx = StmtCtx {
            st: Some(st),
            iterators: &s.iterators,
            indices: &s.indices,
        };
        let target = self.p.access(&ctx, st.write);
        let value = self.p.body(&ctx, &st.value);
        match &st.guard {
            Some(g) => {
                let _ = writeln!(
                    self.out,
                    "{pad}if ({}) {target} = {value};",
                    self.p.body(&ctx, g)
                );
            }
            None => {
                let _ = writeln!(self.out, "{pad}{target} = {value};");
            }
        }
        Ok(())
    }

    fn region(
        &mut self,
        private: &[usize],
        body: &[DNode],
        fork: Option<&Fork>,
    ) -> Result<(), Self::Error> {
        let pad = "  ".repeat(self.depth);
        let names: Vec<&str> = private.iter().map(|&k| self.p.iters[k].as_str()).collect();
        let _ = writeln!(
            self.out,
            "{pad}#pragma omp parallel private({}){}",
            names.join(", "),
            self.p.fork_clause(fork)
        );
        self.out.push_str(&self.p.nodes(body, self.depth));
        Ok(())
    }

    fn packed(&mut self, pack: &Pack, body: &[DNode]) -> Result<(), Self::Error> {
        self.out
            .push_str(&self.p.packed_blocks(pack, body, self.depth));
        Ok(())
    }
}

/// Statement `n` (of a jammed vector loop's body) with the AST iterator `k` replaced by
/// `k + q` in its iterator values and index expressions.
fn shifted(n: &StmtNode, k: usize, q: i64) -> StmtNode {
    fn sub(e: &AExpr, k: usize, q: i64) -> AExpr {
        match e {
            AExpr::Iter(i) if *i == k && q != 0 => {
                AExpr::Op(AstOp::Add, vec![AExpr::Iter(k), AExpr::Int(q)])
            }
            AExpr::Op(op, args) => AExpr::Op(*op, args.iter().map(|a| sub(a, k, q)).collect()),
            other => other.clone(),
        }
    }
    StmtNode {
        stmt: n.stmt,
        iterators: n.iterators.iter().map(|e| sub(e, k, q)).collect(),
        indices: n
            .indices
            .iter()
            .map(|(a, es)| (*a, es.iter().map(|e| sub(e, k, q)).collect()))
            .collect(),
    }
}

/// Writes the lines before a vector loop: a macro indented by `pad`, or preprocessor lines
/// (text starting with `#`) as they are.
/// Whether `l` is the innermost loop of a tile that writes along itself: statements only
/// inside, each writing consecutive elements of an array along it; a start that moves with the
/// loops around it, and at most 64 iterations, a constant bounding them. Printed after
/// `OPTIMIST_POINT`, which clang reads as `unroll(disable)`: clang unrolls such a loop
/// completely before its loop vectorizer runs, and then packs the copies with gathers and
/// inserts. A transpose's sum (`aa[i][j] = bb[i][j] + bb[j][i] + cc[i][j]`, 256 x 256 `float`s in
/// tiles of 16) took 13.3 ms so against 6.5 as written, and 3.0 with the loop kept; gcc ran the
/// same C in 1.5 ms either way (the macro is empty there). A loop that writes across itself
/// (`X[i][j][k] += Y[k][j][i]` along `i`) is left to clang: unrolled, the loop around it writes
/// along itself and runs in lanes (4.4x the original in tiles, 1.8x with the loop kept).
fn point_loop(scop: &Scop, l: &DLoop) -> bool {
    let along = |n: &DNode| match n {
        DNode::Stmt(s) => {
            let write = scop.stmt(s.stmt).write;
            s.indices.iter().any(|(a, exprs)| {
                *a == write
                    && exprs
                        .iter()
                        .map(|e| crate::decide::coefficient(e, l.iter))
                        .collect::<Option<Vec<i64>>>()
                        .is_some_and(|c| {
                            c.split_last().is_some_and(|(last, outer)| {
                                *last == 1 && outer.iter().all(|&o| o == 0)
                            })
                        })
            })
        }
        _ => false,
    };
    let moving = !matches!(l.init, AExpr::Int(_));
    !l.body.is_empty()
        && l.body.iter().all(along)
        && moving
        && crate::ast::exclusive_bound(l.iter, &l.cond)
            .and_then(|end| crate::decide::most_trips(&l.init, &end))
            .is_some_and(|t| (2..=64).contains(&t))
}

pub(super) fn pragma_line(out: &mut String, pad: &str, pragma: &str) {
    use std::fmt::Write;
    if pragma.starts_with('#') {
        let _ = writeln!(out, "{pragma}");
    } else {
        let _ = writeln!(out, "{pad}{pragma}");
    }
}

/// `text` without the parentheses around the whole of it, if it has them: the condition of an
/// `if`, which clang warns about when it is a comparison in parentheses of its own (`if ((i ==
/// 0L))`, `-Wparentheses-equality`).
fn bare(text: String) -> String {
    let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
        return text;
    };
    // The first parenthesis must close at the very end.
    let mut depth = 0usize;
    for (k, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 && k + 1 < text.len() {
                    return text;
                }
            }
            _ => {}
        }
    }
    inner.to_string()
}
