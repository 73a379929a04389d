//! Code generation: from a plan to code. The API is flat; the modules are private.
//!
//! - [`generate_verified`] (and [`generate`], [`generate_marked`]): the loop AST ([`LoopAst`])
//!   from isl's AST builder, with every access index computed from the model's relations as a
//!   function of the generated loop iterators, checked against the dependences.
//! - [`decide`]: the loop tree decided for a [`Target`] ([`Decided`]): each loop's one
//!   execution ([`Exec`]), made once for both back ends.
//! - [`versioned_c`] ([`CProgram`]) and [`c_function`]: the decided tree printed as C with the
//!   original signature, versioned by the run-time check.
//! - [`Kernel`]: native code through Cranelift (the faithful lowering of the program IR, the
//!   decided tree of a [`Plan`], and the versioned entry), with safe entry points that check
//!   their arguments; loops decided on threads run in the kernel's pool ([`NativeOptions`]).
//! - [`Plan`]: what the driver (`optimist::optimize`) decided: the model, the schedule and its
//!   AST, the run-time check. Code generation decides nothing about the model.
//! - [`LoopReport`] ([`model_loop_report`], [`faithful_loop_report`]): where the compiled
//!   code's vector instructions and calls are, loop by loop.
//!
//! The versioning is §6 of paper 000 (Doerfert, Grosser and Hack, *Optimistic Loop
//! Optimization*, CGO 2017): the overflow-checked run-time check and the guarded pre-loads of
//! assumed-invariant reads run first, then the optimized or the faithful code. Native code
//! never contracts or reassociates floating-point operations, so every version gives the
//! reference interpreter's bits. Plans come from the driver (`optimist::optimize`); without
//! one, a [`Kernel`] holds the faithful code only:
//!
//! ```
//! use optimist_codegen::{ArrayArg, Kernel, Version};
//! use optimist_scop::{frontend, interp::Value};
//! let src = "void axpy(int n, double a, double X[n], double Y[n]) {
//!   for (int i = 0; i < n; i++) Y[i] = a * X[i] + Y[i];
//! }";
//! let f = frontend::parse_source("axpy.c", src, None, &Default::default()).unwrap();
//! let kernel = Kernel::faithful(&f).unwrap();
//! let (mut x, mut y) = (vec![1.0, 2.0, 3.0], vec![10.0, 20.0, 30.0]);
//! let version = kernel
//!     .call(
//!         &[("n", Value::Int(3)), ("a", Value::F64(2.0))],
//!         &mut [("X", ArrayArg::F64(&mut x)), ("Y", ArrayArg::F64(&mut y))],
//!     )
//!     .unwrap();
//! assert_eq!(version, Version::Fallback);
//! assert_eq!(y, [12.0, 24.0, 36.0]);
//! // The same function as C text a C compiler accepts.
//! let c = optimist_codegen::versioned_c(&f, None, "axpy").unwrap();
//! assert!(c.code.contains("void axpy(int n, double a, double X[n], double Y[n])"));
//! ```
//!
//! # Design notes
//!
//! - **Decided once** (`decide/`). `decide(scop, ast, target, proved)` turns the loop AST into
//!   a `Decided` tree in which each loop has exactly one `Exec` (serial, threads, lanes, jammed,
//!   registers, register block) and the scopes C needs (a parallel region, a packed operand)
//!   are nodes. The cascade, in order: jam where lanes may share threads (C), register blocks
//!   and packing (`Target::register_blocks`), a parallel region around a time loop, threads
//!   (one team at a time), jam (native), lanes, scalar replacement, serial. The rules below
//!   (C's and native code's) are written there once, parametrized by the `Target`; the C printer
//!   and the Cranelift lowering walk the tree and only emit. Before, each back end had its own
//!   cascade over the `LoopAst` (ten commits touched both); the split left every generated
//!   program byte-identical.
//!
//! The output side; the only crate that depends on Cranelift.
//!
//! - **Loop AST** (`ast.rs`). `generate(&Scop, &Schedule) -> LoopAst`: isl's AST builder with an
//!   at-each-domain callback that computes, for every statement occurrence, the values of its
//!   original iterators and the index expressions of its exact accesses from the schedule and the
//!   access relations, so passes that change relations are honored. Accesses whose relation is an
//!   over-approximation, and invariant loads, evaluate the subscripts the model keeps for them.
//!   `Node::For` carries a `LoopKind` (`Serial`, `Parallel`, `Vector { lanes, parallel }`,
//!   `Unrolled { factor }`) and a `jam` flag: `generate_marked` sets them from Loopy's `Mark`s (a
//!   schedule dimension and the statements it was checked for; isl names the loop of dimension `d`
//!   `c{d}`); a loop both marks allow is the innermost one and becomes `Vector` with `parallel`
//!   set (native code runs it in lanes; C may also run it on threads). Before isl sees a
//!   single-band schedule, the dimensions that never order two instances are dropped
//!   (`without_fixed_dims`: fixed for every statement and either equal, or already different at an
//!   earlier fixed dimension, such as the statement number that makes a flat schedule one-to-one),
//!   and the marks move with the dimensions that remain: isl's AST generator pays for every
//!   dimension at every level. Loop names follow the remaining dimensions. The native code executes
//!   them (below), and the C backend prints them.
//! - **The AST is checked** (`ast_check.rs`, `generate_verified`). isl 0.27's AST generator ran a
//!   statement before one it must follow on a schedule without its fixed dimensions (seven
//!   dimensions, modulo constraints; the soak found it as wrong results, kept as
//!   `testkit/regressions/ast_generator_breaks_a_dependence.c`). So the driver generates the AST of
//!   every transformed schedule (automatic or script) with the dependences at hand: `ast_order`
//!   reads off the AST the time at which each instance runs (each node's position in its block
//!   and the loops' values, the occurrence's loop bounds and conditions as constraints, its
//!   arguments as the instance), and that time must pass the verifier's fast test
//!   (`optimist_loopy::respects_dependences`: the time differences of every statement-level
//!   dependence lexicographically positive). When the AST without the
//!   fixed dimensions fails, or has a guard in one of its deepest vector loops (gemm's
//!   `C *= beta` fused at `k = 0` became `if (c2 == 0 && c4 == 0)` inside the `j` loop, which then
//!   runs neither in lanes nor as a register tile: 0.69 s against 0.13 s), the AST of the
//!   schedule as given is tried (isl peels the first `k` there), and taken when it passes and its
//!   deepest vector loops have no guard; when that fails too,
//!   `CodegenError::WrongAst`, on which the automatic strategy keeps the program's order (a
//!   script gives `Why::WrongAst`). The check has its own budget (`AST_CHECK_BUDGET`, 2 million
//!   isl operations) and time (`AST_CHECK_TIME`, 50 ms or four times the AST's generation,
//!   whichever is longer); an AST whose check needs more is used unchecked, as before the check
//!   existed (seidel2d's time tiles: a second to check, 20 ms to generate), and one whose loops
//!   use `?:` has no isl notation here and is not checked. That every instance
//!   runs is not checked (comparing the domains cost more than the AST). The program's order is
//!   not checked: its AST is isl's over the original schedule. On the 27 suite kernels `optimize`
//!   takes 1.3 times as long (geometric mean; seidel2d 2.7 times, 42 to 115 ms).
//! - **C backend** (`c.rs`). The AST and the statements printed as a C function with the original
//!   signature; every IR conversion printed as a cast. `versioned(f, Option<&Plan>, name)` prints the
//!   whole program: `NAME_fallback` (`Function::to_c`), `NAME_optimized` (pre-loaded values as
//!   extra parameters), and `NAME`, which pre-loads, computes the check with `__builtin_*_overflow`
//!   helpers (every operand evaluated), calls one of them and sets `int optimist_version`. C does
//!   not know buffer extents: a check that needs one fails (the fallback runs). `optimist show c`.
//!   The marks: `#pragma omp parallel for private(inner counters)` on a parallel loop whose test
//!   has OpenMP's canonical form (`iter < end`, printed so) and whose body writes no scalar of the
//!   function (the counters are declared once per function, the scalars are shared); the line
//!   `OPTIMIST_VECTOR` before a vector loop, defined in the preamble as `GCC ivdep` for gcc and
//!   `clang loop vectorize(assume_safety)` for clang (the loop carries no dependence and the
//!   run-time check proved the arrays apart; neither allows reassociation). `optimist run --backend
//!   c --threads N` (N > 1) compiles with `-fopenmp` and runs with `OMP_NUM_THREADS=N`; the
//!   differential test runs every versioned program so, on two threads, when `cc -fopenmp` links.
//!   A loop marked `jam` around a vector loop (bounds free of it, a statement writing an element
//!   at one place for every copy) is unrolled and jammed (the jam rule of `decide`, printed by `jammed`): 4
//!   iterations at a time, all of them when 2 to 8 are known; its copies of each statement in
//!   the vector loop, then the rest as written, starting where the groups stopped (computed, not
//!   read from the counter: an OpenMP loop's counter is undefined after it). gemm's C went from
//!   0.134 s to 0.097 s; jamming a 5x5 stencil's `dy` and `dx` both (25 copies) was slower in
//!   gcc (25 broadcast weights spill) and was left out.
//!   A vector loop with short loops inside (`ast::unroll_short`) is printed with them unrolled,
//!   and with what one iteration touches at one place in locals (`unrolled_vector_loop`): an
//!   element the body writes first and then only reads and writes at the same indices is a local
//!   stored once at the end of the iteration; a read of an array the body does not write, at
//!   indices free of the loop and evaluated unconditionally, is a `const` local set before the
//!   loop under the loop's own test (so it is read only when the program reads it). gcc cannot
//!   do either itself: the arrays may overlap as far as it knows (`restrict` on the parameters
//!   does not survive OpenMP's outlining, measured: no change), so it stored `out` after each of
//!   the 25 products and reloaded the weights every iteration. conv2d's C 0.065 s -> 0.026 s on
//!   2 threads (cc on the original: 0.058 s).
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
//!   constant length when whole) gets a buffer the kernel owns (`malloc`, freed after the loop;
//!   a failed allocation leaves the blocks reading memory): for each whole column block, the
//!   operand read along the columns and not along the rows (`B[k][j]`, read unconditionally) is
//!   copied there, 16 columns per step of the reduction, contiguous, and the whole blocks read it
//!   there. Packing reads what every row block reads (the bounds are free of the rows), and only
//!   when a row block runs. It is the one place the optimized code uses memory the program did
//!   not. Measured on the 1000x1100x1200 product with row tiles of 256 (three runs each, 1 and 2
//!   threads): 0.0621-0.0622 s and 0.0323-0.0326 s packed against 0.0665 s and 0.0340-0.0344 s
//!   not; the row tile matters more (unpacked, 32 rows: 0.076 s and 0.041 s).
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
//! - **ABI** (`abi.rs`). One calling convention for every kernel, in one module:
//!   `extern "C" fn(*mut u64) -> i32` over an `ArgBlock` (a slot per scalar; base, `lo`, `hi` per
//!   array, `[lo, hi)` being the flat indices its buffer allows, which is how aliases are passed;
//!   locals; pre-loaded values), returning a `Status` (`Ok`, `OutOfBounds`, `Division`,
//!   `Footprint { array }`) and whether the versioned entry ran the faithful code. Only `abi`
//!   knows how the status is packed into the `i32`.
//! - **Cranelift** (`jit.rs`, `jit_model.rs`, `versioned.rs`). The lowering (`Lowering`) is
//!   written against `&mut dyn cranelift_module::Module`, so a lowering may add functions to its
//!   module (outlined loop bodies) and another module kind could be used. The **faithful lowering** compiles the program IR itself (no model, no assumption):
//!   C widths, wrapping like C and gcc, single-precision `float`, no FMA, math through libm. The
//!   **model lowering** compiles a loop AST and the statement bodies. Both check every access
//!   against its buffer, and turn division by zero and `MIN / -1` into an error status instead of
//!   a trap, so native code never leaves the memory it was given or kills the process. The model
//!   lowering leaves out the check for arrays whose every subscript lies inside its declared
//!   dimension whenever the run-time check holds (`in_declared_bounds` is part of it): in a 700³
//!   product the checks cost more than the loop order gains. **Versioning** (`versioned.rs`,
//!   `compile_versioned`):
//!   a separate entry function pre-loads the invariant reads (only where the program reads them and
//!   only inside the memory given, Algorithm 2), evaluates the `RuntimeCheck` with
//!   `sadd/ssub/smul_overflow` (any overflow, or an `unsigned long` beyond `i64`, fails it), and on
//!   failure calls the faithful function (`call_indirect`, same argument block) and returns its
//!   status with the fallback flag; when it holds, it compares the footprints of the array
//!   parameters with their buffers (an exact, one-dimensional footprint outside its buffer is
//!   `Status::Footprint`, before anything is written; a whole-row one of an array with several
//!   dimensions sends the call to the faithful code, since the buffer may hold less than the
//!   declared shape and still everything the program touches), stores the
//!   pre-loaded values in the argument block after the parameters' slots, and calls the model
//!   function, which reads them from there. The check lives outside the model function because
//!   inside it the interchanged 700³ product ran 15-20% slower (265 ms against 221 ms): the
//!   model's loops must compile exactly as without versioning. Loops test
//!   for the exit first and blocks are sealed as soon as their predecessors are known, so
//!   Cranelift hoists invariant address arithmetic out of inner loops (a test checks the optimized
//!   IR).
//! - **Fast model code** (`jit_model.rs`, `parallel.rs`; `NativeOptions { threads, vector,
//!   registers }`, each changing how the code runs, never its bits; the differential tests run
//!   four combinations). *Threads*: a loop marked parallel whose bound is `iter < end` in one of
//!   isl's spellings has its body outlined into a function of the same module (it recomputes the
//!   prologue, then reads the enclosing iterators and scalars from a frame on the caller's stack)
//!   and is replaced by a call of `optimist_parallel_for`, which hands chunks of the iterations
//!   (8 per thread) to the rayon pool the `Kernel` owns and runs its code in; only the outermost
//!   parallel loop is outlined. *Vector lanes*: a loop marked vector whose body is statements
//!   without guards, storing one type contiguously (`f64`, `f32`, and 32- or 64-bit integers),
//!   computed by `+ - *` (and `/` and `sqrt` for floats: integer division may trap), negation, and
//!   `c ? a : b` with a comparison `c` of two such values (the lane mask of the comparison picks
//!   between both arms, `bitselect`; Cranelift folds `a < b ? a : b` into `smin`) from constants,
//!   scalars and contiguous or invariant accesses to arrays proved in range, runs in
//!   `f64x2`/`f32x4`/`i32x4`/`i64x2` lanes with a scalar remainder, two vectors per iteration when
//!   registers are on and nothing is jammed into it; invariants are computed once before it
//!   (only when it runs, and never reads of arrays it writes), and an element written in an
//!   iteration stays in a register for later reads of the same iteration when every access to its
//!   array has the same index expressions. *Registers*: an innermost loop that reads and writes an
//!   element at one address (an accumulator), where no other access of the loop reaches its array
//!   and no statement has a guard, loads it before the loop (when the loop runs) and stores it
//!   after (scalar replacement); a loop marked `jam` whose body is one vectorizable loop with
//!   bounds free of it runs 4 of its iterations in each vector iteration (all of them when its trip
//!   count is known and 2 to 8: conv2d's `dx`) when an element stays in a
//!   register across them (the product's `C[i][j]`: one load and store for four multiply-adds). No
//!   operation is reassociated and there is no FMA, so every configuration gives the interpreter's
//!   bits. `model_loop_report` shows where the vector instructions, stores and pool calls are.
//!   A `?:` outside vector lanes whose arms are small and cannot fail (`LowerLeaves::
//!   leaf_speculable`: parameters, iterators, scalars, registers, arrays proved in range; no
//!   integer division or shift, no call) is a branch-free `select`; otherwise only the arm the
//!   program takes runs.
//!   In arrays proved in range the constant term of an access's last subscript is the load's or
//!   store's immediate offset (`address_at`), so a stencil's `A[i - 1]`, `A[i]`, `A[i + 1]` share
//!   one address computation.
//! - **`Plan`** (`plan.rs`). What the driver decided, the only input of code generation besides
//!   the program: the final model, the assumptions, the schedule and its marks, the loop AST, the
//!   `RuntimeCheck`, the arrays without range checks, the exact footprints, the transformation in
//!   words and the per-stage reports. `Plan::check_c` is the check as `show assumptions` prints it
//!   and the code evaluates it.
//! - **`Kernel`** (`kernel.rs`). `Kernel::compile(&Function, Option<&Plan>)` (or `compile_with`
//!   and `NativeOptions`; the facade's `Config::native`) always compiles the
//!   faithful lowering and, with a plan, the model-based code in the plan's order and the versioned
//!   entry, and owns the thread pool when the code has parallel loops and more than one thread. `run(&mut Args)` (the interpreter's arguments) and `call(scalars by name, typed
//!   slices)` (zero-copy) check element types before any native code runs and report which version
//!   ran (decoded from the status); `check()` is the plan's check. A buffer may be smaller than its
//!   array's declared size, as in C, where only the elements touched must exist: the faithful code
//!   checks every access, the model code its accesses or the footprints; the only arrays whose
//!   accesses go unchecked on the strength of their declared size (`Kernel::declared`: bounded by
//!   the run-time check, no computed footprint) send the call to the faithful code when their
//!   buffer is smaller than that size.
#![deny(missing_docs)]

mod abi;
mod ast;
mod ast_check;
mod block;
mod c;
mod decide;
mod jit;
mod jit_model;
mod kernel;
mod parallel;
mod plan;
mod versioned;

pub use ast::{
    AExpr, CodegenError, LoopAst, LoopKind, Marks, Node, generate, generate_marked,
    generate_verified,
};
pub use c::{CProgram, function as c_function, versioned as versioned_c};
pub use decide::{
    Block, DLoop, DNode, Decided, Exec, Jam, Lanes, Pack, Promoted, RegisterBlock, Share, decide,
};
pub use jit::{LoopReport, faithful_loop_report};
pub use jit_model::model_loop_report;
pub use kernel::{ArrayArg, Kernel, KernelError, NativeOptions, Version};
pub use optimist_loopy::{Target, TargetKind};
pub use plan::Plan;
