//! The program side of optimist: the program IR, the C front end and the reference interpreter.
//!
//! - [`ir`]: the core language of the papers with C's types; built by the front end or by other
//!   compilers through its constructors, printed as C.
//! - [`expr`]: the one expression language of the IR and the model bodies (leaves differ), its
//!   constructors with C's conversions, and the one C printer of expressions.
//! - [`builder`]: [`builder::FunctionBuilder`], the IR built through the API (ids, conversions,
//!   validation), for compilers that are not C.
//! - [`frontend`]: C source to IR (`lang-c` parses; `#pragma scop` regions; errors with
//!   `file:line:col`).
//! - [`interp`]: the reference interpreter, whose results every other backend must reproduce
//!   bit for bit.
//! - [`workload`]: the inputs `optimist run` generates and the hashes it prints.
//!
//! - [`model`]: the SCoP model (domains, schedule, accesses, invariant loads, raw facts), its
//!   verifier and dump, and the dependences between accesses.
//! - [`pass`]: the signature every pass over the model has, and what it reports.
//!
//! The IR is the core language of the papers (paper 000 §3.2, paper 003 Figure 3) with C's
//! types; the model is the polyhedral description of paper 000 §3 (domains, schedule,
//! accesses, with reads that the loop nest does not change as parameters: §4.1's invariant
//! loads) and paper 004 §2's program model, whose correspondence to the program Loopy checks.
//!
//! ```
//! use optimist_scop::{frontend, interp, workload};
//! let src = "void scale(int n, double A[n]) { for (int i = 0; i < n; i++) A[i] = 2 * A[i]; }";
//! let f = frontend::parse_source("scale.c", src, None, &Default::default()).unwrap();
//! let spec = workload::RunSpec::parse_args(&["--set", "n=4"]).unwrap();
//! let mut w = workload::Workload::generate(&f, &spec).unwrap();
//! interp::run(&f, &mut w.args, &Default::default()).unwrap();
//! assert_eq!(w.hashes(&f).len(), 1);
//! ```
//!
//! # Design notes
//!
//! The program side. Only this crate knows the C parser.
//!
//! - **One expression language** (`expr.rs`). `Expr<L>`: typed C expression trees (constants,
//!   `Leaf(L)`, unary, binary, casts, selections, math calls) whose leaves differ by layer: the IR's
//!   `ir::Expr = Expr<IrLeaf>` (variables, array reads) and the model's `BodyExpr =
//!   Expr<BodyLeaf>` (parameters, iterators, accesses). The constructors (with C's conversions),
//!   the depth bound, `map_leaves` (how the model turns a program expression into a body, and how
//!   a pass rewrites accesses) and the one C printer `write_c` (a `CLeaves` implementation per
//!   layer prints the leaves; `Function::to_c` and generated C both use it) are written once.
//!   Code generation likewise has one Cranelift lowering of expressions, branches and loops
//!   (`jit::lower_expr`, `lower_if`, `lower_loop`) for the faithful and the model code.
//! - **Program IR** (`types.rs`, `ir.rs`). `Function` with typed parameters (`Param::Scalar`,
//!   `Param::Array`), scalars (`Var`), arrays with a shape (`Dim::Const`, `Dim::Expr` for C99
//!   variable-length sizes, `Dim::Unknown` for the outermost size of a pointer or `A[][m]`) and a
//!   kind (`Param`, `Pointer`, `Local`; parameters are live-out), statements (`For` with an
//!   iterator, init, `LoopCond { op, bound, ty }` and a constant step; `If`; `Assign`; `Block`),
//!   each with an optional C label (a loop tag) and source position. A function that returns a
//!   value has a *return slot* (`Function::ret`): a local array of one element, which the front
//!   end's `return e;` (the function's last statement; `FunctionBuilder::return_value` in the API)
//!   stores into. Every stage sees an ordinary array (the model marks it live-out, so no pass
//!   removes its store); the interpreter and `Kernel::run` hand the value back in
//!   `Args::returned` (`Kernel::call_value` on slices), C returns it, and the run contract adds a
//!   `return HASH` line. **Pure calls.** `ExprKind::Pure(Arc<PureFn>, args)` calls a user
//!   function declared `__attribute__((const))`: its name and signature, an optional
//!   implementation (`PureImpl`, a Rust closure of the argument `Value`s; every call site shares
//!   the one `Arc`) and an optional definition (the IR of the source's definition). The model
//!   treats a call as an opaque operation on its arguments, like `sqrt` (no access, so passes may
//!   duplicate or reorder it). The front end binds `FrontendConfig::pures` by name, else the
//!   source's definition run by the interpreter; C text prints a prototype, and the definition
//!   as `static` when there is one, so generated C is complete. Native code
//!   (`Lowering::call_pure`) puts the arguments in a stack slot and calls a definition whose only
//!   array is its return slot as faithful code compiled into the same module (the slot is its
//!   argument block), anything else through `jit::call_pure` (a Rust `extern "C"` trampoline given
//!   the `PureFn`'s address, which `Compiled` keeps alive); a failing implementation leaves
//!   through the error exit (`Status::Call`, `KernelError::Call` naming it). Chosen over calling
//!   native function pointers because one Rust closure serves the interpreter, every thread of
//!   native code and embedders alike; the cost is an indirect call per instance. **Invariant: every C conversion
//!   is explicit.** The constructors on `Expr` (the builder API other compilers use) apply the integer
//!   promotions and usual arithmetic conversions by inserting `Cast` nodes, so an arithmetic `Binary`
//!   always has operands of its own type; interpreters and code generators never decide a
//!   conversion. Compound assignments and `x++` are sugar for `x = (T)(x op v)` (exact: subscripts
//!   have no side effects). `Function::to_c(name)` prints a C function a compiler accepts (variables
//!   that share a name get a suffix, and elements of arrays with several dimensions are indexed
//!   flat, `((double *)A)[(long)(i) * 20L + (j)]`, because the IR lets an inner subscript run past
//!   its dimension inside the buffer and C does not: gcc bounds loops by declared sizes, found by
//!   the random programs): the fallback of versioned C. The model's C keeps `A[i][j]`: it runs
//!   only where the IB assumption holds. Expression trees are at most `MAX_DEPTH` (512) deep, checked by the
//!   constructors, so walks may recurse safely; `Function::validate` checks hand-built IR. `Display`
//!   prints C with every conversion as a cast.
//! - **Builder** (`builder.rs`). `FunctionBuilder`, the IR through the API for compilers that are
//!   not C: it allocates variable and array ids, inserts the conversions (assignments to the
//!   target's type, loop starts to the iterator's, exit tests in the usual arithmetic type,
//!   subscripts to `long`), keeps labels and nesting (`begin_for`/`begin_if`/`begin_else`/
//!   `begin_block` … `end`), and validates on `finish()`. A test checks that it gives exactly the
//!   IR the front end gives for the same C.
//! - **C front end** (`frontend.rs`). `lang-c` parses GNU C11. Sources with directives other than
//!   `#pragma` go through `cc -E` *with* line markers (not `-P`), so every error names the user's
//!   `file:line:col`; otherwise comments are blanked in place. Function choice: `--function`, else
//!   the one holding a `#pragma scop` region, else the only one; the regions are lowered when
//!   present, one after the other (declarations outside them declare their variables and run their
//!   initializers; any other statement outside them is an error, since the IR must mean what the C
//!   function means, so several regions are one SCoP). `FrontendConfig` carries `-I`
//!   directories and `-D` defines for the preprocessor (with a define, it always runs). Everything outside the subset is a `CError`
//!   with position and reason. The C people write is lowered to the same IR: a chained assignment
//!   (`a = b += e;`) becomes one assignment per target, each outer one reading the inner target
//!   back (the value of an assignment is its target's after the store); hexadecimal floating
//!   constants are rounded to nearest-even by the front end's own conversion (`hex_float`, exact
//!   for `float` too, no double rounding); a `while` or `do`-`while` loop that counts (its test
//!   compares an integer counter, its body's last statement steps it by a constant) becomes a
//!   `for` loop that takes the assignment just before it as its start; a loop test `i < a && i < b`
//!   is one bound `a < b ? a : b` (with `>`/`>=`, the larger; mixed operators are refused), and a `do`-`while`'s bound
//!   becomes `max(bound, start + step)` (written with `?:`) so that its first iteration always runs.
//!   The model reads `c ? a : b` in bounds and subscripts as a piecewise affine function when `c`
//!   is affine. Parsing, lowering and dropping the syntax tree run on a thread with a 512 MiB stack (they
//!   recurse on its depth, and `a * b * c ...` is as deep as it is long), behind a pre-scan
//!   that refuses nesting deeper than the IR's bound, and its panics are caught: no input makes the
//!   front end panic (proptest checks random text).
//! - **Reference interpreter** (`interp.rs`). Runs a `Function` on `Args` (scalar values, byte
//!   `Buffer`s in little-endian layout, and a `Binding` of every array parameter to a buffer and an
//!   element offset, which is how aliasing is expressed). Integers are computed exactly in `i128`,
//!   then checked (signed: overflow, division by zero, `MIN / -1`, bad shifts, out-of-range
//!   float-to-int conversions are `RunErrorKind::Undefined`) or wrapped (unsigned arithmetic and
//!   narrowing conversions, as C and gcc define them). `float` arithmetic is single precision;
//!   math functions call the C library's own functions, so results are bitwise those of compiled C.
//!   Accesses are checked against the whole buffer behind the array (an inner index past its
//!   dimension is fine while inside the buffer, as in C's flat memory; an alias may reach back
//!   before its own start). Reads of unwritten locals are errors; a step limit (assignments plus
//!   loop tests) stops endless loops.
//! - **Workload** (`workload.rs`). The contract of `optimist run`: `--set`, `--len`, `--array`,
//!   `--alias`, the generated input formula, and FNV-1a hashes of every array that owns its buffer.
//! - **SCoP model** (`model/`). `Scop::build(&Function, &Config)` gives statements (one per
//!   assignment, named by label or `S<n>`, each owning its identity: name, own label, the `Tag`s
//!   of the labeled constructs around it with their loop levels, source position) with iteration domains `[params] -> { S[iterators] }`
//!   (the program's iterator names), a schedule tree of the original order (bands for loops,
//!   negated for negative steps; sequences for siblings), accesses (`Read`, `MustWrite`, `MayWrite`)
//!   into named array spaces, and bodies as `BodyExpr` trees (the shared `Expr` with `BodyLeaf`s) over access ids, parameters, iterators
//!   and constants. Affine expressions are built with isl's own operations (C's `/` and `%` are
//!   `tdiv_q`/`tdiv_r`). Non-affine parts are recorded, not hidden: reads in bounds, conditions or
//!   subscripts that do not depend on the loops become parameters (`InvariantLoad`, with its
//!   relation and the parameter values where it executes; the array may be written elsewhere in
//!   the region, which the RT assumption checks); polynomial subscripts of flat pointers
//!   keep their `Polynomial`s (marked for delinearization) behind a whole-array may-access (an
//!   affine 1-d pointer subscript keeps its polynomial too, next to its exact relation);
//!   other non-affine subscripts become whole-array may-accesses; data-dependent conditions become
//!   guards with may-writes (evaluated per instance; a condition whose data the statements under
//!   it write is not modeled unless one instance runs per evaluation: C evaluates it once). A statement that runs for no parameter value (under `if (0 > 0)`)
//!   is left out of the model, with a diagnostic: every later stage would otherwise meet relations
//!   with nothing in them, which isl cannot turn into maps. An invariant load read in several
//!   places is one parameter, loaded wherever any of its reads executes. What cannot be modeled is a `BuildError` with position and reason
//!   (non-affine loop bounds, a loop counter assigned in its body, a counter read outside its loop).
//!   Raw facts for the assumptions: every part of an integer expression that may wrap (unsigned
//!   arithmetic, narrowing or signed-to-unsigned conversions) with its own type, value in ℤ and the
//!   instances that evaluate it (loop starts on the instances around the loop, bounds at every
//!   test: Figure 10's textual domains), every loop exit with its iterator's type, the base
//!   pointers; array shapes carry the declared sizes. `Scop::assumptions` holds `Assumption`s
//!   (kind RT/EE/BL/IB/AA/DL, what, valid parameter set, place): passes such as delinearization
//!   record theirs there, `optimist_assume::collect` adds the others. `Scop::verify`
//!   checks the invariants (tuple names, access spaces and ranks, the schedule covering each
//!   instance once; a typed `VerifyError`) and runs after every build in debug builds, and after
//!   every pass when the driver's `Config::verify` is on (debug builds and tests). `Scop::dump` is `optimist show scop`.
//! - **Dependences** (`model/deps.rs`). `Dependences::compute` gives value-based and memory-based
//!   RAW, WAR and WAW between *tagged accesses* (`[S[i] -> a3[]]`), from four isl dataflow runs on a
//!   tagged schedule map in which an instance's reads precede its write (so `A[i] = A[i] + 1` has its
//!   same-instance WAR). `statements()` drops the tags and the same-instance pairs. `dump()` is
//!   `optimist show deps`. `Dependences::memory_only_isl` (what the driver's schedule stage asks)
//!   pairs each earlier access with each later access of one element directly, one pair of
//!   accesses at a time (the `lex_lt_map` of their two statements' schedules, computed once per
//!   pair of statements, with reads before writes on a tie; the tags put back by a product with
//!   `{ aK[] -> aL[] }`), instead of isl's dataflow analysis: on `flat/conditionals` that is a third of the instructions; a test shows the
//!   relations equal the dataflow ones on every corpus kernel. `Scop::sign_context` is the
//!   context with only the parameters' signs: isl's scheduler, its AST generator and the
//!   correspondence check run under it, because the 32-bit bounds of `Scop::context` push isl's
//!   small integers into big ones (AST generation 2-4x slower); the correspondence check still
//!   reports a violation only where `context` allows it. Snapshots of both dumps for every corpus kernel and the paper's figure kernels are in `scop/tests/snapshots/`.
//! - **Deliberately absent.** `while` loops that do not count, `switch`, `break`, `goto`, calls of functions neither math nor declared `const` (`pure` may read memory), pointer
//!   arithmetic, structs and side effects inside expressions are refused, not approximated. The
//!   model never calls isl's scheduler and never changes the program IR.
#![deny(missing_docs)]

pub mod builder;
pub mod expr;
pub mod frontend;
pub mod id;
pub mod interp;
pub mod ir;
pub mod model;
pub mod pass;
pub mod types;
pub mod workload;

pub use types::Type;
