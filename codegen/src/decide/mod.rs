//! The decided loop tree: every execution decision, made once, for one [`Target`].
//!
//! A loop AST says what each loop *may* do (its marks were checked against the dependences:
//! parallel, vector, jam, registers). [`decide`] (through [`LoopAst::decide`] and
//! [`crate::Plan::decide`], the only callers) says what it *does* on a target: each loop
//! gets exactly one [`Exec`] (in order, on threads, in lanes, jammed into its vector loop, with
//! elements in registers, as a register block), and the code around loops gets the scopes a
//! target needs ([`DNode::Region`], [`DNode::Packed`]). Both back ends walk the result and
//! emit it: the C printer ([`crate::c`]) and the Cranelift lowering ([`crate::native::model`])
//! decide nothing, so a different rule (say, for unroll-and-jam) is one change here and both
//! follow it. `optimist show ast FILE.c --target c|native` prints the tree
//! ([`Decided::display`]), and the per-kernel filetests snapshot it.
//!
//! Every `Exec` but `Serial` is a permission the marks gave, used: results are the same bits
//! whichever is chosen (no operation is reassociated or contracted).
//!
//! # Design notes
//!
//! - **Decided once** (`decide/`). `decide(scop, ast, target, proved)` turns the loop AST into
//!   a `Decided` tree in which each loop has exactly one `Exec` (serial, threads, lanes, jammed, carried,
//!   registers, register block) and the scopes a target needs (C's parallel region, a packed
//!   operand, with the micro-kernel its blocks run in on both targets) are nodes. The cascade, in order: jam where lanes may share threads (C), register blocks
//!   and packing (`Target::register_blocks`), a parallel region around a time loop, threads
//!   (one team at a time; in C, a parallel loop whose iterations each run a chain in order runs
//!   in strips of iterations side by side: deriche's recurrences down its columns in the
//!   compiler's lanes, adi's rows of divisions overlapped; deriche's C 4.6x of cc -O3, adi's
//!   3.4x, from 1.0x; and where its iterations each sum along a loop inside, kept in a
//!   register, in C its rows of sums four at a time, unrolled and jammed: a row sum 3.2x with
//!   gcc and clang), jam (native), lanes, the greatest or least value (C: `if (a[i] > s) s =
//!   a[i]` in 32 lanes, a zero found again in order), scalar replacement, values carried to the next
//!   iteration (native: adi's sweeps read back what the previous iteration stored, and the
//!   store-to-load forwarding sat on their chains; the JIT went from 0.81x to 1.06x of cc -O3,
//!   seidel2d's from 1.25x to 1.6x), reads made first in each iteration (C: node splitting,
//!   `a[i] = ...; d[i] = a[i] + a[i + 1];` reads `a[i + 1]` before the first store, so the
//!   compiler's lanes run the loop: 3.5x-6x here with gcc), serial. The rules below
//!   (C's and native code's) are written there once, parametrized by the `Target`; the C printer
//!   and the Cranelift lowering walk the tree and only emit. Before, each back end had its own
//!   cascade over the `LoopAst` (ten commits touched both); the split left every generated
//!   program byte-identical.

use crate::ast::StmtNode;
use crate::ast::{AExpr, LoopAst, LoopKind, Node, exclusive_bound, mentions, writes_scalar};
pub(crate) use crate::block::RegisterBlock;
use crate::block::{offset_from, only_loop, register_block, whole_length};
use optimist_loopy::{Target, Vectorizer};
use optimist_presburger::AstOp;
use optimist_scop::expr::ExprKind;
use optimist_scop::ir::{ArrayId, BinOp, MathFn, UnOp};
use optimist_scop::model::{AccessId, ArrayOrigin, BodyExpr, BodyLeaf, Scop, ScopArrayId, StmtId};
use optimist_scop::types::Type;
use std::collections::HashMap;

/// A loop AST with every execution decided for [`Decided::target`].
#[derive(Clone, Debug)]
pub struct Decided {
    /// The target it was decided for.
    pub target: Target,
    /// The decided nodes.
    pub(crate) body: Vec<DNode>,
    /// The AST's iterator names ([`LoopAst::iterators`]).
    pub iterators: Vec<String>,
    /// Why the optimized version would add nothing the target's compiler does not do itself,
    /// when it would not ([`crate::Plan::decide`]): C made of the plan is then the program's
    /// code alone, and a whole file keeps the region as written.
    pub as_written: Option<String>,
}

impl Decided {
    /// A tree with nothing in it, decided for `target` (what the versioned entry lowers
    /// around its check).
    pub(crate) fn empty(target: Target) -> Decided {
        Decided {
            target,
            body: Vec::new(),
            iterators: Vec::new(),
            as_written: None,
        }
    }

    /// Whether some loop starts threads (`Some`), and whether one that does is inside another
    /// loop (`Some(true)`: its threads start once per iteration of that one).
    pub fn forks(&self) -> Option<bool> {
        /// The loops and regions around the node, and what was found.
        struct Forks(usize, Option<bool>);
        impl<'a> Visitor<'a> for Forks {
            fn enter(&mut self, n: Visit<'a>) -> bool {
                let scope = match n {
                    Visit::Loop(l) => Some(walk::on_threads(l)),
                    Visit::Region => Some(true),
                    _ => None,
                };
                if let Some(starts) = scope {
                    if starts {
                        self.1 = Some(self.1.unwrap_or(false) || self.0 > 0);
                    }
                    self.0 += 1;
                }
                true
            }
            fn leave(&mut self, n: Visit<'a>) {
                if matches!(n, Visit::Loop(_) | Visit::Region) {
                    self.0 -= 1;
                }
            }
        }
        let mut v = Forks(0, None);
        walk::walk(&self.body, &mut v);
        v.1
    }

    /// Whether every loop runs in order ([`Exec::Serial`]), with no region or pack; with
    /// `lanes`, loops in the compiler's lanes count too when they are the loop as written
    /// (no threads, nothing unrolled or kept in locals); a loop keeping elements in registers
    /// counts when each is at a fixed place of an array `kept` says the C compiler keeps in a
    /// register in the program as written (a region's scalar, which its kernel takes as a
    /// one-element array).
    pub(crate) fn in_order(&self, lanes: bool, kept: &dyn Fn(ArrayId) -> bool) -> bool {
        struct InOrder<'k>(bool, bool, &'k dyn Fn(ArrayId) -> bool);
        impl<'a> Visitor<'a> for InOrder<'_> {
            fn enter(&mut self, n: Visit<'a>) -> bool {
                self.0 &= match n {
                    Visit::Loop(l) => match &l.exec {
                        Exec::Serial => true,
                        // Elements the C compiler keeps in registers itself in the program
                        // as written, at fixed places.
                        Exec::Registers(r) => r
                            .groups
                            .iter()
                            .all(|g| g.others.is_empty() && (self.2)(g.home.1.array())),
                        Exec::Lanes(x) => {
                            self.1
                                && x.own.is_none()
                                && x.share == Share::No
                                && !x.unrolled
                                && x.locals.is_empty()
                                && x.reads.is_empty()
                        }
                        _ => false,
                    },
                    Visit::Region | Visit::Packed(_) => false,
                    Visit::If(_) | Visit::Stmt => true,
                };
                self.0
            }
        }
        let mut v = InOrder(true, lanes, kept);
        walk::walk(&self.body, &mut v);
        v.0
    }

    /// Every operand packed for a product's register blocks, in the order of the tree: what
    /// `show ast` says of each.
    pub fn packs(&self) -> Vec<PackShape> {
        self.packed()
            .into_iter()
            .map(|p| PackShape {
                micro_kernel: p.kernel.is_some(),
                upfront: p.upfront.is_some(),
                boxed: p.block.boxed,
                rows: p.block.rows,
                columns: p.block.columns,
            })
            .collect()
    }

    /// Every operand packed ([`DNode::Packed`]), in the order of the tree.
    pub(crate) fn packed(&self) -> Vec<&Pack> {
        struct Packs<'a>(Vec<&'a Pack>);
        impl<'a> Visitor<'a> for Packs<'a> {
            fn enter(&mut self, n: Visit<'a>) -> bool {
                if let Visit::Packed(p) = n {
                    self.0.push(p);
                }
                true
            }
        }
        let mut v = Packs(Vec::new());
        walk::walk(&self.body, &mut v);
        v.0
    }
}

/// An operand packed for a product's register blocks, as [`Decided::packs`] describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackShape {
    /// Whether the blocks run in a micro-kernel (the other operand packed too).
    pub micro_kernel: bool,
    /// Whether everything is packed before the loop over row blocks (a box every row block
    /// reads whole), rather than as the blocks first read it.
    pub upfront: bool,
    /// Whether the blocks are boxes (no bound cuts them but the edges).
    pub boxed: bool,
    /// Rows of a block.
    pub rows: i64,
    /// Columns of a block.
    pub columns: i64,
}

/// A node of the decided tree.
#[derive(Clone, Debug)]
pub(crate) enum DNode {
    /// A loop and how it runs.
    For(Box<DLoop>),
    /// `if (cond) then else els`.
    If {
        /// The condition.
        cond: AExpr,
        /// Taken when it holds.
        then: Vec<DNode>,
        /// Taken otherwise.
        els: Vec<DNode>,
    },
    /// One statement instance.
    Stmt(StmtNode),
    /// `body` (one outermost loop, a time loop) run by every thread of one parallel region:
    /// its vector loops share their iterations among the threads, which meet once per sweep
    /// instead of being started for each ([`Target::vector_threads`]). `private`: the
    /// iterators each thread has its own of.
    Region {
        /// The iterators of the loops inside, each thread's own.
        private: Vec<usize>,
        /// The loop.
        body: Vec<DNode>,
        /// When the threads start, by the work of one iteration of the loop (one sweep: the
        /// threads meet once per sweep); `None`: always.
        fork: Option<Fork>,
    },
    /// `body` (a loop over a product's row blocks) with the operand along the columns packed
    /// first into a buffer the code owns ([`Pack`]).
    Packed {
        /// What is packed, and how.
        pack: Box<Pack>,
        /// The loop, whose register blocks read the buffer.
        body: Vec<DNode>,
    },
}

/// A loop of the decided tree.
#[derive(Clone, Debug)]
pub(crate) struct DLoop {
    /// The iterator.
    pub iter: usize,
    /// Its first value.
    pub init: AExpr,
    /// The condition to go on.
    pub cond: AExpr,
    /// The increment, positive.
    pub step: i64,
    /// How it runs.
    pub exec: Exec,
    /// The body (for [`Exec::Lanes`], the statements the lanes run: short loops unrolled).
    pub body: Vec<DNode>,
}

/// How one loop runs.
#[derive(Clone, Debug)]
pub(crate) enum Exec {
    /// In order.
    Serial,
    /// Its iterations shared among threads (`end`: its exclusive bound, free of it).
    Threads {
        /// The exclusive bound.
        end: AExpr,
        /// The iterators of the loops inside, each thread's own.
        private: Vec<usize>,
        /// The scalars the statements inside write, each thread's own copy (the verifier
        /// accepted the loop's mark because every iteration writes them before reading them
        /// and no value leaves the iteration: `loopy`'s `private.rs`), with their names.
        scalars: Vec<(ScopArrayId, String)>,
        /// When the threads start: `None`, always.
        fork: Option<Fork>,
        /// Each thread's iterations in strips of this many, side by side
        /// (`decide`'s strips rule): every run of statements inside runs for the strip's
        /// iterations in a loop of its own, innermost (which a compiler runs in lanes), and
        /// each iteration of the strip owns a copy of the scalars. `None`: one iteration after
        /// the other.
        strips: Option<i64>,
        /// Whether those strips are rows of sums jammed ([`Exec::Strips`]' `rows`).
        rows: bool,
    },
    /// In order, in strips of this many iterations side by side, as a loop on threads may
    /// run its iterations (`Threads`' `strips`), with the scalars each iteration owns: a
    /// parallel loop the target runs on one thread (native code on one thread, a loop inside
    /// another's threads).
    Strips {
        /// The exclusive bound.
        end: AExpr,
        /// The iterations of a strip.
        width: i64,
        /// The scalars the statements inside write, a copy per iteration of the strip.
        scalars: Vec<(ScopArrayId, String)>,
        /// Rows of sums (C only, [`Decider::rows`]): the strip's iterations unrolled and
        /// jammed, each copy's elements kept in registers of its own across the loops inside,
        /// each copy's scalars in locals of its own, the last iterations in order.
        rows: bool,
    },
    /// The greatest or least value of a loop's elements (C only, [`Decider::extreme`]).
    Extreme(Extreme),
    /// In vector lanes.
    Lanes(Lanes),
    /// A loop around one vector loop, unrolled and jammed into it.
    Jammed(Box<Jam>),
    /// Elements the loop keeps at one place held in registers across it (scalar
    /// replacement), when a check before it shows no moving access reaches them.
    Registers(Registers),
    /// Its body is a register block kept in registers across it when whole; `serial`
    /// otherwise.
    Block(Box<Block>),
    /// In order, with the values an iteration stores and the next one reads back kept in
    /// registers from one iteration to the next (native code: the C compiler's predictive
    /// commoning does it for C).
    Carried(Vec<Carried>),
    /// In order, with these reads (statement node, access) made at the top of each iteration,
    /// before the statements before theirs store (C only, [`Decider::hoisted`]: node
    /// splitting).
    Hoisted(Vec<(StmtAt, AccessId)>),
}

/// A value one iteration of a loop stores and the next reads back ([`Exec::Carried`]): the
/// only write of the loop to its array is at an element that moves with the loop, and the
/// reads are at the element the previous iteration wrote. The store still happens; the reads
/// take the stored value, the first iteration's read loaded before the loop.
#[derive(Clone, Debug)]
pub(crate) struct Carried {
    /// The write: the statement occurrence (node of the loop body) and its access.
    pub write: (StmtAt, AccessId),
    /// The reads of the element the previous iteration wrote.
    pub reads: Vec<AccessId>,
    /// The first of them (node, access): the first iteration's value is read there before the
    /// loop.
    pub first: (StmtAt, ArrayAccess),
}

/// How a loop runs in lanes ([`Exec::Lanes`]).
#[derive(Clone, Debug)]
pub(crate) struct Lanes {
    /// What code generation needs to build the lanes itself ([`Vectorizer::Own`]); `None`
    /// when the compiler does.
    pub own: Option<OwnLanes>,
    /// Whether the body is the loop's short loops unrolled into statements.
    pub unrolled: bool,
    /// Whether and how its iterations are also shared among threads.
    pub share: Share,
    /// The arrays whose element an iteration writes stays in a register for the iteration
    /// (every access of the body to them at the same index expressions).
    pub registers: Vec<ArrayId>,
    /// For a compiler's lanes over an unrolled body: elements the iteration writes first and
    /// then reads and writes at one place, kept in locals (`(array, statement node, access)`:
    /// where it is first touched).
    pub locals: Vec<(ScopArrayId, StmtAt, AccessId)>,
    /// For a compiler's lanes over an unrolled body: reads of arrays the body does not write at
    /// indices free of the loop, read once before it (`(statement node, access)`).
    pub reads: Vec<(StmtAt, AccessId)>,
    /// Whether two vectors run per iteration while both fit.
    pub pairs: bool,
}

/// Lanes code generation builds itself ([`Lanes::own`]).
#[derive(Clone, Debug)]
pub(crate) struct OwnLanes {
    /// The vectors.
    pub shape: VectorShape,
    /// The loop's exclusive bound.
    pub end: AExpr,
    /// The statements the lanes run, in order: the loop's body (every node of it a
    /// statement), each with the element it writes.
    pub stmts: Vec<LaneStmt>,
    /// The wider vectors its whole vectors run in first, when the target has them
    /// ([`optimist_loopy::Target::wide_bytes`]) and the statements are what the wide-loop
    /// emitter takes (`native/wide.rs`: floating `+ - * /`, negation, `sqrt`, integer `+ -`
    /// (and `int`'s `*`), `?:` on a comparison, of contiguous elements, elements at one place
    /// and scalars, within the vector registers); the
    /// iterations they leave run in `shape`'s lanes, then one by one. With a loop jammed into
    /// this one, each wide iteration runs its copies in turn (the kept elements shared).
    pub wide: Option<VectorShape>,
}

/// A statement run in lanes ([`OwnLanes::stmts`]).
#[derive(Clone, Debug)]
pub(crate) struct LaneStmt {
    /// The statement instance.
    pub node: StmtNode,
    /// Its write, contiguous along the loop.
    pub write: ArrayAccess,
}

/// When a loop whose iterations are shared among threads starts them: only when its work, an
/// estimate of the statement instances it runs evaluated where the loop starts, is at least
/// `min` ([`optimist_loopy::Target::fork_work`]); below, its iterations run in order on the
/// thread that reached it (the fork and join would cost more than a second thread gives).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Fork {
    /// The estimate: an expression of the parameters and the iterators of the loops around.
    pub work: AExpr,
    /// The least work that starts the threads.
    pub min: i64,
}

/// How a loop that runs in lanes shares its iterations among threads ([`Lanes::share`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Share {
    /// It does not.
    No,
    /// It starts the threads itself (the outermost loop): `end` is its exclusive bound; when,
    /// the [`Fork`].
    Spawn(AExpr, Option<Fork>),
    /// The threads of the parallel region around it share its iterations.
    Region(AExpr),
}

/// A loop unrolled and jammed into the vector loop that is its body ([`Exec::Jammed`]).
#[derive(Clone, Debug)]
pub(crate) struct Jam {
    /// Iterations of the loop per copy group.
    pub copies: i64,
    /// The loop's exclusive bound.
    pub end: AExpr,
    /// Whether the groups of copies run on threads.
    pub threads: bool,
    /// When they start the threads (with `threads`; `None`: always).
    pub fork: Option<Fork>,
    /// The vector loop the copies run in (its body: one copy's statements).
    pub lanes: DLoop,
    /// The loop's body for the iterations that remain after the groups.
    pub rest: Vec<DNode>,
}

/// An element a loop keeps in a register ([`Exec::Registers`]): the accesses that reach it,
/// and the accesses of the loop to its array that move (`(statement node, access)`), checked
/// before the loop not to reach it.
#[derive(Clone, Debug)]
pub(crate) struct Promoted {
    /// The accesses at the element.
    pub accesses: Vec<AccessId>,
    /// The first of them (statement node of the loop body, access): the element is read
    /// there before the loop and stored there after it.
    pub home: (StmtAt, ArrayAccess),
    /// The moving accesses to its array.
    pub others: Vec<(StmtAt, ArrayAccess)>,
}

/// A loop of one statement `if (E > x) x = E;` (or `<`: [`Exec::Extreme`]), `x` a
/// floating-point scalar or an element the loop does not move, `E` reading nothing the loop
/// writes. In C it runs in [`EXTREME_LANES`] lanes, each keeping the greatest `E` of its
/// elements as the program does (`v > m ? v : m`, which keeps `m` when `v` is a NaN, as the
/// program's test does), then the lanes' values are compared in order. Every value that beats
/// the others under `>` has the same bits as every other equal one but for the zeros (`-0 ==
/// +0`): the program keeps the first zero it met, the lanes maybe another. So a result of
/// zero is found again in order from the start (the value of `x` before is still there); any
/// other result is the program's bit for bit. A NaN in `x` before the loop stays (no test
/// beats it), in the lanes as in the program. The elements after the last whole block of
/// lanes run as written.
#[derive(Clone, Debug)]
pub(crate) struct Extreme {
    /// The exclusive bound.
    pub end: AExpr,
    /// `>` (the greatest) or `<` (the least).
    pub greater: bool,
    /// With its position: the loop's body is `c = E > x; if (c) x = E; if (c) k = i; ...`
    /// (the front end's reading of `if (E > x) { x = E; k = i; }`), each statement after the
    /// second storing a value of the counters and parameters alone (`i`, an outer counter)
    /// at a place the loop does not move, `c` read nowhere else. Each lane keeps the position
    /// of its best value too (none while no element beat `x`), and the lanes are compared by
    /// value, then by position: the first position of the best value is the program's (a
    /// lane's value that beat `x` is not equal to `x`), and so is its value, bit for bit; the
    /// other statements are run at that position. No zero is found again.
    pub indexed: bool,
}

/// The lanes of an [`Extreme`]: 32 elements a block, four vectors of floats (eight of doubles)
/// in AVX2. `if (a[i] > s) s = a[i]` over 32000 elements, `cc -O3 -march=native`, by hand:
/// floats 7.0 ms as written, 0.51 ms in 32 lanes with gcc (0.47 with clang), 1.74 ms in 16;
/// doubles 7.0 ms, 1.17 ms (clang 0.94).
pub const EXTREME_LANES: i64 = 32;

/// The elements a loop keeps in registers ([`Exec::Registers`]).
#[derive(Clone, Debug)]
pub(crate) struct Registers {
    /// The elements.
    pub groups: Vec<Promoted>,
    /// When some element has moving accesses ([`Promoted::others`]), the test that one of
    /// them reaches it in the loop's iterations (then the loop runs as written).
    pub hit: Option<Probe>,
}

/// A register block ([`Exec::Block`]).
#[derive(Clone, Debug)]
pub(crate) struct Block {
    /// The block.
    pub block: RegisterBlock,
    /// The access its statement reads from the packed buffer ([`DNode::Packed`] around it).
    pub packed: Option<AccessId>,
    /// The loop as written, for a block that is not whole.
    pub serial: DLoop,
}

/// A product's operand packed for its register blocks ([`DNode::Packed`]).
#[derive(Clone, Debug)]
pub(crate) struct Pack {
    /// The loop over column blocks, its first value, condition and number of blocks.
    pub blocks: usize,
    /// Its first value.
    pub blocks_init: AExpr,
    /// Its condition.
    pub blocks_cond: AExpr,
    /// The first column block of a whole tile (`block::nominal`: `blocks_init`, or
    /// a term of it); the buffer holds the column blocks from it.
    pub blocks_origin: AExpr,
    /// Its length when whole.
    pub n_blocks: i64,
    /// The loop marked registers (the reduction), its first value and condition.
    pub k: usize,
    /// Its first value.
    pub k_init: AExpr,
    /// Its condition.
    pub k_cond: AExpr,
    /// Its exclusive bound.
    pub k_end: AExpr,
    /// Its length when whole.
    pub depth: i64,
    /// The register block.
    pub block: RegisterBlock,
    /// The access packed.
    pub access: AccessId,
    /// The loop over row blocks (the loop the pack is around).
    pub rows: usize,
    /// The micro-kernel the blocks run in, with the other operand packed too (`None`: the
    /// blocks keep their elements in a local array and read that operand in memory, packed
    /// before the loop over row blocks). With a kernel the blocks pack what they read as they
    /// run: a column of the operand the first time a block of the tile reads it, a row block's
    /// factors when one of its blocks first reads them (into one row block's place), only the
    /// rows and columns inside the loops' bounds, which may then depend on each other (a
    /// triangle).
    pub kernel: Option<MicroKernel>,
    /// With a micro-kernel, where every row block reads every column block whole (the bounds
    /// inside are free of the rows, the block is a box, and the tile's row blocks are a
    /// constant number when whole): that number. The column blocks and every row block's
    /// factors are then packed before the loop over row blocks, step by step across the tile
    /// (a product's `B[k][j]` read along its rows), and a block tests nothing but whether it
    /// is whole. Packed as the blocks ran, the 1000x1100x1200 product's native code took 7%
    /// longer (0.166 against 0.153 s; a tile of 252 x 512 x 128, 1.90 against 1.77 ms: the
    /// tests of what is packed and of a triangle's bounds, per block of 4 x 4).
    pub upfront: Option<i64>,
    /// The first row block (the loop over row blocks' first value).
    pub rows_init: AExpr,
}

impl Pack {
    /// The elements of its buffer: the packed operand's column blocks, then, with a
    /// [`MicroKernel`], every row block's factors ([`Pack::upfront`]) or one's.
    pub(crate) fn elements(&self) -> i64 {
        let Some(kernel) = &self.kernel else {
            return self.column_elements();
        };
        match &kernel.second {
            Some(_) => 2 * self.column_elements() + self.row_elements() * (1 + kernel.shape.lanes),
            None => self.column_elements() + self.row_elements(),
        }
    }

    /// The elements of one product's column blocks (the packed operand's).
    pub(crate) fn column_elements(&self) -> i64 {
        self.n_blocks * self.depth * self.block.columns
    }

    /// The elements of one product's row factors: every row block's ([`Pack::upfront`]) or
    /// one's. The second product of a [`MicroKernel`] that sums two has each factor once per
    /// lane (a whole vector, read as an operand of the multiply).
    pub(crate) fn row_elements(&self) -> i64 {
        self.upfront.unwrap_or(1) * self.depth * self.block.rows
    }
}

/// The micro-kernel of a product's register blocks ([`Pack::kernel`]: C's with GNU vector
/// extensions, native code's in `native/model/block.rs`): its statement's value is `W + X * Y` (or `X * Y + W`, or `Y * X`), `W` the
/// block's element, `Y` the packed access and `X` an expression free of the columns that reads
/// nothing the statement writes (PolyBench's `alpha * A[i][k]`). `X` is evaluated once per row
/// and step of the reduction into a second packed buffer, `Y` once per column and step; every
/// element still takes its products in the reduction's order, with the same operations on the
/// same values, so the bits are the program's.
///
/// Native code's wide kernel also runs `W + (X1 * Y1 + X2 * Y2)` (syr2k's, either order of
/// each sum and product): `Y1` and `Y2` expressions free of the rows (`A[j][k] * alpha`),
/// packed per column and step like `Y`, `X1` and `X2` free of the columns, packed per row and
/// step ([`MicroKernel::second`]).
#[derive(Clone, Debug)]
pub(crate) struct MicroKernel {
    /// `X`: the factor of the rows.
    pub row_factor: BodyExpr,
    /// `Y`: the factor of the columns, the packed access itself with one product.
    pub column_factor: BodyExpr,
    /// Whether the element comes first in the sum (`W + X * Y`).
    pub element_first: bool,
    /// Whether `X` comes first in the product (`X * Y`).
    pub row_first: bool,
    /// The second product, added to the first (`X1 * Y1 + X2 * Y2`), with two.
    pub second: Option<KernelProduct>,
    /// The vectors of a block's row (its columns over the target's lanes).
    pub vectors: i64,
    /// The vectors ([`MicroKernel::vector_bytes`] each).
    pub shape: VectorShape,
    /// Whether the multiply and the add may be fused ([`Target::fma`]: native code only).
    pub fused: bool,
}

/// The second product of a [`MicroKernel`] that sums two.
#[derive(Clone, Debug)]
pub(crate) struct KernelProduct {
    /// Its factor of the rows (free of the columns).
    pub row_factor: BodyExpr,
    /// Its factor of the columns (free of the rows).
    pub column_factor: BodyExpr,
    /// Whether the rows' factor comes first in the product.
    pub row_first: bool,
}

/// Decides how every loop of `ast` runs on `target`. `proved`: the arrays the run-time check
/// proved in range (native lanes read only those). Called only by [`LoopAst::decide`].
pub(crate) fn decide(scop: &Scop, ast: &LoopAst, target: &Target, proved: &[ArrayId]) -> Decided {
    let d = Decider {
        scop,
        target,
        proved,
        occurrences: count_statements(&ast.body),
    };
    let cx = Cx {
        threads: Threads::One,
        loops_around: 0,
        packing: None,
    };
    Decided {
        target: target.clone(),
        body: d.nodes(&ast.body, cx),
        iterators: ast.iterators.clone(),
        as_written: None,
    }
}

/// Where the nodes being decided run.
#[derive(Clone, Copy, PartialEq)]
struct Cx {
    threads: Threads,
    loops_around: usize,
    /// Inside a [`DNode::Packed`]: the statement and access packed.
    packing: Option<(StmtId, AccessId)>,
}

/// Which threads run the nodes being decided.
#[derive(Clone, Copy, PartialEq)]
enum Threads {
    /// The function's thread.
    One,
    /// The threads of a loop whose iterations they share (each runs its iterations alone).
    Loop,
    /// Every thread of a parallel region.
    Region,
}

impl Cx {
    fn inside(self) -> Cx {
        Cx {
            loops_around: self.loops_around + 1,
            ..self
        }
    }
}

struct Decider<'a> {
    scop: &'a Scop,
    target: &'a Target,
    proved: &'a [ArrayId],
    /// How many times each statement occurs in the whole AST.
    occurrences: HashMap<StmtId, usize>,
}

/// A rule of the cascade: the loop decided, when the rule applies.
type Rule<'d> = fn(&Decider<'d>, &At<'_>, Cx) -> Option<DNode>;

impl<'d> Decider<'d> {
    /// The rules of [`Decider::for_loop`], in the order they are tried: the order is the
    /// policy.
    const RULES: [(&'static str, Rule<'d>); 11] = [
        ("jam under threads", Self::jam_under_threads),
        ("register block", Self::block_rule),
        ("pack", Self::pack_rule),
        ("parallel region", Self::region_rule),
        ("threads", Self::threads_rule),
        ("jam", Self::jam_rule),
        ("lanes", Self::lanes_rule),
        ("extreme", Self::extreme_rule),
        ("registers", Self::registers_rule),
        ("carried values", Self::carried_rule),
        ("hoisted reads", Self::hoist_rule),
    ];
}

/// The loop being decided, its parts at hand.
struct At<'x> {
    n: &'x Node,
    iter: usize,
    init: &'x AExpr,
    cond: &'x AExpr,
    step: i64,
    body: &'x [Node],
    kind: LoopKind,
    jam: bool,
    /// For a parallel loop, the scalars each thread may own a copy of
    /// ([`Decider::owned_scalars`]); `None` for a loop that must run in order.
    owned: Option<Vec<(ScopArrayId, String)>>,
}

impl At<'_> {
    /// The loop with `exec` and `body`.
    fn made(&self, exec: Exec, body: Vec<DNode>) -> DNode {
        DNode::For(Box::new(DLoop {
            iter: self.iter,
            init: self.init.clone(),
            cond: self.cond.clone(),
            step: self.step,
            exec,
            body,
        }))
    }
}

impl Decider<'_> {
    /// The scalars the statements of a parallel loop's `body` write, when each thread may own
    /// a copy of every one (`Some`, empty when there is none): every statement that reads or
    /// writes one occurs only in `body`, so no value of it enters or leaves the loop, and the
    /// verifier accepted the loop's mark (a value flowing from one iteration to another is a
    /// dependence it carries; `loopy`'s `private.rs` leaves only copies' dependences). `None`:
    /// the loop runs in order, so the value it writes is kept (a scalar written by one
    /// iteration and read after the loop).
    fn owned_scalars(&self, body: &[Node]) -> Option<Vec<(ScopArrayId, String)>> {
        let mut written = Vec::new();
        written_scalars(self.scop, body, &mut written);
        if written.is_empty() {
            return Some(written);
        }
        let inside = count_statements(body);
        let owned = written.iter().all(|(s, _)| {
            self.scop
                .accesses
                .iter()
                .filter(|a| a.array == *s)
                .all(|a| {
                    inside.get(&a.stmt).copied().unwrap_or(0)
                        == self.occurrences.get(&a.stmt).copied().unwrap_or(0)
                })
        });
        owned.then_some(written)
    }

    fn nodes(&self, nodes: &[Node], cx: Cx) -> Vec<DNode> {
        nodes.iter().map(|n| self.node(n, cx)).collect()
    }

    fn stmts(nodes: &[Node]) -> Vec<DNode> {
        nodes
            .iter()
            .filter_map(|n| match n {
                Node::Stmt(s) => Some(DNode::Stmt(s.clone())),
                _ => None,
            })
            .collect()
    }

    fn node(&self, n: &Node, cx: Cx) -> DNode {
        match n {
            Node::Stmt(s) => DNode::Stmt(s.clone()),
            Node::If { cond, then, els } => DNode::If {
                cond: cond.clone(),
                then: self.nodes(then, cx),
                els: self.nodes(els, cx),
            },
            Node::For { .. } => self.for_loop(n, cx),
        }
    }

    /// The cascade: the first of [`Self::RULES`] that applies decides the loop; none, it runs in
    /// order ([`Self::in_order`]).
    fn for_loop(&self, n: &Node, cx: Cx) -> DNode {
        let Node::For {
            iter,
            init,
            cond,
            step,
            body,
            kind,
            jam,
        } = n
        else {
            unreachable!("for_loop of a loop")
        };
        // A parallel loop that writes a scalar runs on threads only when each thread may own
        // a copy of it (`owned_scalars`); otherwise in order, so its value is kept.
        let owned = (*kind == LoopKind::Parallel)
            .then(|| self.owned_scalars(body))
            .flatten();
        let l = At {
            n,
            iter: *iter,
            init,
            cond,
            step: *step,
            body,
            kind: *kind,
            jam: *jam,
            owned,
        };
        Self::RULES
            .iter()
            .find_map(|(_, rule)| rule(self, &l, cx))
            .unwrap_or_else(|| self.in_order(&l, cx))
    }

    /// Jammed copies on threads, where lanes may share threads (C); elsewhere the threads
    /// come first and the jam is not made.
    fn jam_under_threads(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        if !self.target.vector_threads {
            return None;
        }
        self.jammed(l, cx, l.owned.as_ref().is_some_and(Vec::is_empty))
    }

    /// The loop jammed into its vector loop; `threads`: its copy groups on threads.
    fn jammed(&self, l: &At<'_>, cx: Cx, threads: bool) -> Option<DNode> {
        let mut j = self.jam(l.iter, l.init, l.cond, l.step, l.body, l.jam, cx)?;
        j.threads = threads;
        if threads {
            j.fork = self.fork(l.iter, l.init, &j.end, l.body);
        }
        Some(l.made(Exec::Jammed(Box::new(j)), Vec::new()))
    }

    /// A register block (its loop is the reduction around it), where the target blocks.
    fn block_rule(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        if !(self.target.register_blocks && l.step == 1 && l.kind == LoopKind::Accumulate) {
            return None;
        }
        let block = register_block(self.scop, l.iter, l.body)?;
        let serial = Node::For {
            iter: l.iter,
            init: l.init.clone(),
            cond: l.cond.clone(),
            step: 1,
            body: l.body.to_vec(),
            kind: LoopKind::Serial,
            jam: l.jam,
        };
        let DNode::For(serial) = self.node(&serial, cx) else {
            unreachable!("a loop decides into a loop")
        };
        let packed = match (cx.packing, &block.stmt) {
            (Some((s, a)), StmtNode { stmt, .. }) if s == *stmt => Some(a),
            _ => None,
        };
        // Blocks that run only in a micro-kernel run as written outside a pack.
        if self.target.block.kernel_only && packed.is_none() {
            return Some(DNode::For(serial));
        }
        Some(l.made(
            Exec::Block(Box::new(Block {
                block,
                packed,
                serial: *serial,
            })),
            Vec::new(),
        ))
    }

    /// A product's loop over row blocks with an operand packed ([`Self::pack_site`]).
    fn pack_rule(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        let t = self.target;
        if !t.register_blocks || cx.packing.is_some() {
            return None;
        }
        let pack = self.pack_site(l.n)?;
        let inner = Cx {
            packing: Some((pack.block.stmt_id(), pack.access)),
            ..cx
        };
        let rows = self.node(l.n, inner);
        // Blocks that run only in a micro-kernel need one; a buffer the threads inside
        // cannot see is not made.
        if (t.block.kernel_only && pack.kernel.is_none())
            || (!t.block.threads_see_buffers && walk::forks(std::slice::from_ref(&rows)))
        {
            return Some(as_written(rows));
        }
        Some(DNode::Packed {
            pack: Box::new(pack),
            body: vec![rows],
        })
    }

    /// Every statement in this loop runs in vector loops whose iterations the threads share:
    /// one parallel region around it, every thread running the loops outside those (a time
    /// loop: the threads meet at the end of each sweep instead of being started for each).
    fn region_rule(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        let t = self.target;
        if !(t.vector_threads
            && t.threads
            && cx.threads == Threads::One
            && cx.loops_around == 0
            && l.kind == LoopKind::Serial
            && self.region_fits(l.body))
        {
            return None;
        }
        let mut private = vec![l.iter];
        inner_iterators(l.body, &mut private);
        let inside = Cx {
            threads: Threads::Region,
            ..cx
        };
        // The work of one sweep (the loop's body at its first iteration).
        let fork = self.fork_at(instances(l.body, &[(l.iter, l.init.clone())]));
        Some(DNode::Region {
            private,
            body: vec![self.node(l.n, inside)],
            fork,
        })
    }

    /// Threads: one team at a time (a loop inside another's threads runs in order: native
    /// code's outlined body has no pool of its own, and OpenMP runs a nested team on one
    /// thread anyway).
    fn threads_rule(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        let scalars = l.owned.clone()?;
        if !(self.target.threads && cx.threads == Threads::One) {
            return None;
        }
        let end = exclusive_bound(l.iter, l.cond)?;
        let mut private = Vec::new();
        inner_iterators(l.body, &mut private);
        let inside = Cx {
            threads: Threads::Loop,
            ..cx.inside()
        };
        let fork = self.fork(l.iter, l.init, &end, l.body);
        let mut decided = self.nodes(l.body, inside);
        let side = self.side(l.iter, l.step, !scalars.is_empty(), l.body, &decided);
        let (strips, rows) = (side.map(|(w, _)| w), side.is_some_and(|(_, r)| r));
        if strips.is_some() && !rows {
            decided = without_carried(decided);
        }
        Some(l.made(
            Exec::Threads {
                end,
                private,
                scalars,
                fork,
                strips,
                rows,
            },
            decided,
        ))
    }

    /// The jam where lanes do not share threads (native code): after the threads.
    fn jam_rule(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        if self.target.vector_threads {
            return None;
        }
        self.jammed(l, cx, false)
    }

    /// A loop marked vector in lanes ([`Self::lanes`]).
    fn lanes_rule(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        let LoopKind::Vector { parallel, .. } = l.kind else {
            return None;
        };
        let (lanes, stmts) = self.lanes(l.iter, l.init, l.cond, l.step, l.body, parallel, cx)?;
        let body = match stmts {
            Some(stmts) => Self::stmts(&stmts),
            None => self.nodes(l.body, cx.inside()),
        };
        Some(l.made(Exec::Lanes(lanes), body))
    }

    /// The greatest or least value in lanes ([`Extreme`]), where the compiler's lanes
    /// (C) run the blocks.
    fn extreme_rule(&self, l: &At<'_>, _cx: Cx) -> Option<DNode> {
        if self.target.vectorizer != Vectorizer::Compiler || l.step != 1 {
            return None;
        }
        let end = exclusive_bound(l.iter, l.cond)?;
        let (greater, indexed) = match l.body {
            [Node::Stmt(node)] => (self.extreme(l.iter, node, None)?, false),
            [Node::Stmt(c), Node::Stmt(node), rest @ ..] if !rest.is_empty() => {
                let extras: Option<Vec<&StmtNode>> = (rest.iter())
                    .map(|n| match n {
                        Node::Stmt(k) => Some(k),
                        _ => None,
                    })
                    .collect();
                (self.extreme(l.iter, node, Some((c, &extras?)))?, true)
            }
            _ => return None,
        };
        let body = Self::stmts(l.body);
        Some(l.made(
            Exec::Extreme(Extreme {
                end,
                greater,
                indexed,
            }),
            body,
        ))
    }

    /// Whether the statement of `node` is `if (E > x) x = E;` (`Some(true)`) or with `<`
    /// (`Some(false)`), as [`Extreme`] says, for the loop over `iter`.
    /// `indexed`: the statement `c = E > x` before it and those under `c` after it ([`Extreme`]'s
    /// `indexed`).
    fn extreme(
        &self,
        iter: usize,
        node: &StmtNode,
        indexed: Option<(&StmtNode, &[&StmtNode])>,
    ) -> Option<bool> {
        let scop = self.scop;
        let st = scop.stmt(node.stmt);
        let written = scop.access(st.write).array;
        let ty = scop.array(written).elem;
        if !ty.is_float() || st.value.ty != ty {
            return None;
        }
        // An access's indices (of this statement's or the test's); none for a scalar's.
        let test_node = indexed.map(|(c, _)| c);
        let at = |a: AccessId| {
            let found = (node.indices.iter())
                .chain(test_node.iter().flat_map(|c| c.indices.iter()))
                .find(|(x, _)| *x == a);
            match found {
                Some((_, e)) => Some(e.clone()),
                None => scop
                    .array(scop.access(a).array)
                    .sizes
                    .is_empty()
                    .then(Vec::new),
            }
        };
        // The arrays the loop writes.
        let mut writes = vec![written];
        if let Some((c, extras)) = indexed {
            writes.push(scop.access(scop.stmt(c.stmt).write).array);
            writes.extend(
                extras
                    .iter()
                    .map(|k| scop.access(scop.stmt(k.stmt).write).array),
            );
        }
        // The element written stays where it is while the loop runs.
        let home = at(st.write)?;
        if !home.iter().all(|e| lanes::coefficient(e, iter) == Some(0)) {
            return None;
        }
        // The test: the statement's guard, or the value of `c` its guard reads.
        let test = match indexed {
            None => st.guard.as_ref()?,
            Some((c, extras)) => {
                let cs = scop.stmt(c.stmt);
                let flag = scop.access(cs.write).array;
                let reads_flag = |g: &Option<BodyExpr>| {
                    matches!(g.as_ref().map(|g| &g.kind), Some(ExprKind::Leaf(BodyLeaf::Access(a)))
                        if scop.access(*a).array == flag)
                };
                // `c` is the front end's: a scalar these statements alone read and write, each
                // of them once in the program.
                let mut all = vec![c.stmt, node.stmt];
                all.extend(extras.iter().map(|k| k.stmt));
                let alone = (scop.accesses.iter())
                    .filter(|a| a.array == flag)
                    .all(|a| all.contains(&a.stmt))
                    && all
                        .iter()
                        .all(|s| self.occurrences.get(s).copied() == Some(1));
                if cs.guard.is_some()
                    || !scop.array(flag).sizes.is_empty()
                    || !reads_flag(&st.guard)
                    || !alone
                    || flag == written
                {
                    return None;
                }
                // Each of the others: under `c`, a value of the counters and parameters alone
                // (`k = i`), stored at a place the loop does not move.
                for k in extras {
                    let ks = scop.stmt(k.stmt);
                    let kept = scop.access(ks.write).array;
                    let fixed = match k.indices.iter().find(|(x, _)| *x == ks.write) {
                        Some((_, e)) => e.iter().all(|e| lanes::coefficient(e, iter) == Some(0)),
                        None => scop.array(kept).sizes.is_empty(),
                    };
                    if !reads_flag(&ks.guard)
                        || !ks.value.accesses().is_empty()
                        || calls_user(&ks.value)
                        || !fixed
                        || [flag, written].contains(&kept)
                    {
                        return None;
                    }
                }
                &cs.value
            }
        };
        let ExprKind::Binary(op @ (BinOp::Gt | BinOp::Lt), lhs, rhs) = &test.kind else {
            return None;
        };
        let is_x = |e: &BodyExpr| match e.kind {
            ExprKind::Leaf(BodyLeaf::Access(a)) => {
                scop.access(a).array == written && at(a).as_ref() == Some(&home)
            }
            _ => false,
        };
        // `E > x` or `x < E`: the greatest; `E < x` or `x > E`: the least.
        let (e, greater) = match (is_x(lhs), is_x(rhs)) {
            (false, true) => (lhs, *op == BinOp::Gt),
            (true, false) => (rhs, *op == BinOp::Lt),
            _ => return None,
        };
        // `E` is the value stored, reads no element of an array the loop writes, and calls no
        // function of the user's.
        let mut reads = st.value.accesses();
        reads.extend(e.accesses());
        if e.ty != ty
            || reads
                .iter()
                .any(|&a| writes.contains(&scop.access(a).array))
            || !same_value(scop, &st.value, e, &at)
        {
            return None;
        }
        Some(greater)
    }

    /// Elements kept in registers across the loop ([`Self::promotable`]).
    fn registers_rule(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        if !self.target.registers {
            return None;
        }
        let groups = self.promotable(l.iter, l.body)?;
        let inside = self.nodes(l.body, cx.inside());
        // Moving accesses are checked on the loop's iterations: without a bound to count
        // them, the loop runs as written.
        let moving = groups.iter().any(|g| !g.others.is_empty());
        let hit = match (moving, exclusive_bound(l.iter, l.cond)) {
            (false, _) => None,
            (true, None) => return Some(l.made(Exec::Serial, inside)),
            (true, Some(end)) => {
                let tests = groups
                    .iter()
                    .filter(|g| !g.others.is_empty())
                    .map(|g| probe::reaches(l.iter, l.step, &end, g.home, &g.others));
                tests.reduce(|a, b| probe::op(ProbeOp::Or, [a, b]))
            }
        };
        Some(l.made(Exec::Registers(Registers { groups, hit }), inside))
    }

    /// Values carried to the next iteration in registers (native code's own lanes only: the
    /// C compiler's predictive commoning does it for C).
    fn carried_rule(&self, l: &At<'_>, cx: Cx) -> Option<DNode> {
        if !(self.target.registers && self.target.vectorizer == Vectorizer::Own) {
            return None;
        }
        let carried = self.carried(l.iter, l.step, l.body)?;
        Some(l.made(Exec::Carried(carried), self.nodes(l.body, cx.inside())))
    }

    /// Reads made at the top of each iteration ([`Self::hoisted`]), where the compiler's
    /// lanes (C) may then run the loop.
    fn hoist_rule(&self, l: &At<'_>, _cx: Cx) -> Option<DNode> {
        if self.target.vectorizer != Vectorizer::Compiler || !self.target.vector {
            return None;
        }
        let reads = self.hoisted(l.body)?;
        Some(l.made(Exec::Hoisted(reads), Self::stmts(l.body)))
    }

    /// Node splitting, in C: in a loop whose body is unguarded statements alone, the reads of
    /// an array a statement before theirs writes, at another element in every iteration (its
    /// index differs by a constant): `a[i] = b[i] * c[i]; d[i] = a[i] + a[i + 1];`. The
    /// second statement's `a[i + 1]` is what a later iteration of the first overwrites, so a
    /// compiler running the statements one after the other across lanes would read it
    /// overwritten: gcc and clang leave the loop scalar. Read at the top of the iteration
    /// (`optimist_h0 = a[i + 1];`), before the first statement stores, the value is the same
    /// (no statement before it writes that element in the iteration) and the loop runs in
    /// their lanes. By hand, 32000 `float`s: gcc 11.4 ms as written, 1.8 ms so; clang 11.1
    /// and 2.0 (`double`: 7.3 and 4.1 with gcc). `None` when no read is so, or an access of
    /// the body is not exact.
    fn hoisted(&self, body: &[Node]) -> Option<Vec<(StmtAt, AccessId)>> {
        let nodes: Vec<&StmtNode> = (body.iter())
            .map(|n| match n {
                Node::Stmt(s) => Some(s),
                _ => None,
            })
            .collect::<Option<_>>()?;
        if nodes.len() < 2 {
            return None;
        }
        let index = |n: &StmtNode, a: AccessId| {
            n.indices
                .iter()
                .find(|(x, _)| *x == a)
                .map(|(_, idx)| idx.clone())
        };
        let mut out = Vec::new();
        for (b, node) in nodes.iter().enumerate() {
            let st = self.scop.stmt(node.stmt);
            if st.guard.is_some() {
                return None;
            }
            for &r in &st.accesses {
                let array = self.scop.access(r).array;
                if r == st.write || self.scop.array(array).sizes.is_empty() {
                    continue;
                }
                let read = index(node, r)?;
                // Every write before it in the body to the array, at another element.
                let (mut earlier, mut apart) = (false, true);
                for w in &nodes[..b] {
                    let ws = self.scop.stmt(w.stmt);
                    if self.scop.access(ws.write).array != array {
                        continue;
                    }
                    earlier = true;
                    apart &= index(w, ws.write).is_some_and(|written| elsewhere(&written, &read));
                }
                if earlier && apart {
                    out.push((StmtAt(b), r));
                }
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// The last rule: in order, a parallel loop's iterations in strips side by side where
    /// [`Self::strips`] says so.
    fn in_order(&self, l: &At<'_>, cx: Cx) -> DNode {
        let decided = self.nodes(l.body, cx.inside());
        if let Some(scalars) = l.owned.clone()
            && let Some(end) = exclusive_bound(l.iter, l.cond)
            && let Some((width, rows)) =
                self.side(l.iter, l.step, !scalars.is_empty(), l.body, &decided)
        {
            let decided = if rows {
                decided
            } else {
                without_carried(decided)
            };
            return l.made(
                Exec::Strips {
                    end,
                    width,
                    scalars,
                    rows,
                },
                decided,
            );
        }
        l.made(Exec::Serial, decided)
    }
}

/// The iterations of a strip ([`Exec::Threads`]'s `strips`): 16 floats are two vectors of
/// AVX2, one of AVX-512. One thread, `cc -O3 -march=native`, `optimist run --repeat 3` at the
/// bench sizes: deriche (4096 x 2160) 0.31 s for the program's loops, 0.096 s with its column
/// passes in strips of 16, 0.066 s with its row passes too; adi (1000 x 1000, 50 steps) 1.07-1.09
/// s, 0.31 s with its sweeps in strips.
pub const STRIP: i64 = 16;

/// The iterations of a jam of rows of sums ([`Exec::Strips`]' `rows`): four chains side by
/// side, which gcc and clang both keep in registers (a row sum of 256 x 256 doubles, `cc -O3
/// -march=native`: 0.042 ms as written, 0.013 ms in fours, with gcc and with clang; in eights gcc
/// 0.009 ms but clang 0.041; gesummv at 6000: 41 ms as written with its sums in registers, 31
/// ms in fours).
pub const ROWS: i64 = 4;

impl Decider<'_> {
    /// How a parallel loop's iterations run side by side, if they do: in [`Self::strips`] of
    /// that width, or (`true`) as rows of sums of [`ROWS`] ([`Self::rows`]). Strips whose
    /// loops inside keep elements in registers are only ever rows: in strips the elements
    /// would be stored and loaded again at every step (gesummv's C, 6000 x 6000, one thread:
    /// 39 ms with its sums in registers, 66 ms in strips of 16).
    fn side(
        &self,
        iter: usize,
        step: i64,
        owns_scalars: bool,
        body: &[Node],
        decided: &[DNode],
    ) -> Option<(i64, bool)> {
        let width = self.strips(iter, step, owns_scalars, body, decided)?;
        if self.rows(decided) {
            return Some((ROWS, true));
        }
        struct Keeps(bool);
        impl<'a> Visitor<'a> for Keeps {
            fn enter(&mut self, n: Visit<'a>) -> bool {
                self.0 |= matches!(n, Visit::Loop(l) if matches!(l.exec, Exec::Registers(_)));
                true
            }
        }
        let mut keeps = Keeps(false);
        walk::walk(decided, &mut keeps);
        (!keeps.0).then_some((width, false))
    }

    /// Whether strips of a loop whose body decided into `decided` are rows of sums ([`ROWS`],
    /// C only): a loop inside keeps elements in registers
    /// (a sum along it: `a[i] += aa[i][j]`), and the body is statements and loops of
    /// statements only, each loop in order or keeping its elements with no test.
    fn rows(&self, decided: &[DNode]) -> bool {
        if self.target.vectorizer != Vectorizer::Compiler {
            return false;
        }
        let mut kept = false;
        let shaped = decided.iter().all(|n| match n {
            DNode::Stmt(_) => true,
            DNode::For(l) => {
                let inner = l.body.iter().all(|n| matches!(n, DNode::Stmt(_)));
                match &l.exec {
                    Exec::Serial => inner,
                    Exec::Registers(r) => {
                        kept = true;
                        inner && r.hit.is_none()
                    }
                    _ => false,
                }
            }
            _ => false,
        });
        shaped && kept
    }

    /// Strips for a parallel loop over `iter` whose iterations each run loops in order:
    /// recurrences (adi's sweeps, `p[i][j]` from `p[i][j - 1]` through a division, one row
    /// `i` per iteration of the parallel loop), or scalars carried down the columns of an image
    /// (deriche's column passes: `y1[i][j]` from `ym1`, `ym2` along `i`, one column `j` per
    /// iteration). One iteration's loop is a chain, each step waiting for the one before; a
    /// strip of [`STRIP`] iterations runs [`STRIP`] chains side by side, in the compiler's lanes
    /// where their elements are consecutive (deriche's columns), else at least overlapped.
    /// Native code runs a strip's iterations one after the other, its chains overlapped by
    /// the core. Decided when:
    /// - the loop steps by one;
    /// - the iterations own scalars (`owns_scalars`), or a statement of a loop inside reads
    ///   the array it writes: a chain;
    /// - it holds a loop, and every loop inside runs in order (`decided`: no lanes, blocks or
    ///   elements kept in registers of their own: gesummv's rows keep their sums in registers,
    ///   and in strips of 16 native code took 0.071 s against 0.06; values carried from one
    ///   iteration to the next are given up, [`without_carried`]), its bounds and every condition
    ///   free of `iter` (the iterations of a strip run the same loops);
    /// - every access to an array by a statement inside those loops is the same element for
    ///   every iteration, or the next element of its innermost dimension for the next iteration
    ///   (`y1[i][j]` along `j`), or walks the innermost dimension along the innermost loop
    ///   around it (`p[i][j]` along `j`: each iteration of the strip streams through its own
    ///   row); the statements outside those loops run once per iteration and may access
    ///   anything affine.
    ///
    /// The iterations are independent (the loop is parallel, each owns its scalars), so
    /// running each run of statements for the strip's iterations before the next run keeps
    /// every iteration's own order: the bits are the program's.
    fn strips(
        &self,
        iter: usize,
        step: i64,
        owns_scalars: bool,
        body: &[Node],
        decided: &[DNode],
    ) -> Option<i64> {
        if step != 1 {
            return None;
        }
        // Every loop inside serial (or carrying values, which the strips give up), its bounds
        // and the conditions free of `iter`; `looped` says whether there is one.
        struct SerialInside {
            iter: usize,
            registers: bool,
            serial: bool,
            looped: bool,
        }
        impl<'a> Visitor<'a> for SerialInside {
            fn enter(&mut self, n: Visit<'a>) -> bool {
                let ok = match n {
                    Visit::Loop(l) => {
                        self.looped = true;
                        (matches!(l.exec, Exec::Serial | Exec::Carried(_) | Exec::Hoisted(_))
                            || self.registers && matches!(l.exec, Exec::Registers(_)))
                            && !mentions(&l.init, self.iter)
                            && !mentions(&l.cond, self.iter)
                    }
                    Visit::If(cond) => !mentions(cond, self.iter),
                    Visit::Stmt => true,
                    Visit::Region | Visit::Packed(_) => false,
                };
                self.serial &= ok;
                self.serial
            }
        }
        // The compiler's lanes (C): rows of sums (`s += aa[i][j]` along `j`, the sum kept in a
        // register) side by side. gcc runs 16 rows' chains at once where the program waits
        // for each addition.
        let rows = self.target.vectorizer == Vectorizer::Compiler;
        let mut v = SerialInside {
            iter,
            registers: rows,
            serial: true,
            looped: false,
        };
        walk::walk(decided, &mut v);
        if !v.serial || !v.looped {
            return None;
        }
        // A chain inside: scalars the iterations carry through their loops, or a statement of
        // a loop inside that reads another element of the array it writes (border3d's planes,
        // whose statement reads another array, gain nothing side by side and lose their
        // locality; nor does an update in place).
        fn chained(scop: &Scop, nodes: &[Node], inner: Option<usize>, rows: bool) -> bool {
            nodes.iter().any(|n| match n {
                Node::For { iter, body, .. } => chained(scop, body, Some(*iter), rows),
                Node::If { then, els, .. } => {
                    chained(scop, then, inner, rows) || chained(scop, els, inner, rows)
                }
                Node::Stmt(StmtNode { stmt, indices, .. }) => {
                    let st = scop.stmt(*stmt);
                    let written = scop.access(st.write).array;
                    let at = |a: AccessId| {
                        indices
                            .iter()
                            .find(|(x, _)| *x == a)
                            .map(|(_, e)| e.iter().map(lanes::linear).collect::<Vec<_>>())
                    };
                    let Some(k) = inner else {
                        return false;
                    };
                    // A sum along the loop around it: the element written stays while the
                    // loop runs, and the statement reads it.
                    let sum = rows
                        && indices.iter().any(|(x, e)| {
                            *x == st.write && e.iter().all(|e| lanes::coefficient(e, k) == Some(0))
                        });
                    st.accesses.iter().any(|&a| {
                        a != st.write
                            && scop.access(a).array == written
                            && (at(a).is_none() || at(a) != at(st.write) || sum)
                    })
                }
            })
        }
        if !owns_scalars && !chained(self.scop, body, None, rows) {
            return None;
        }
        /// Each statement of `nodes` with the innermost loop around it inside the strip loop.
        fn stmt_nodes<'x>(
            nodes: &'x [Node],
            inner: Option<usize>,
            out: &mut Vec<(&'x Node, Option<usize>)>,
        ) {
            for n in nodes {
                match n {
                    Node::For { iter, body, .. } => stmt_nodes(body, Some(*iter), out),
                    Node::If { then, els, .. } => {
                        stmt_nodes(then, inner, out);
                        stmt_nodes(els, inner, out);
                    }
                    Node::Stmt(StmtNode { .. }) => out.push((n, inner)),
                }
            }
        }
        let mut all = Vec::new();
        stmt_nodes(body, None, &mut all);
        // The coefficients of `k` in an access's indices, last dimension's apart.
        let along = |exprs: &[AExpr], k: usize| -> Option<(i64, bool)> {
            let c: Option<Vec<i64>> = exprs.iter().map(|e| lanes::coefficient(e, k)).collect();
            let c = c?;
            let (last, outer) = c.split_last()?;
            Some((*last, outer.iter().all(|&x| x == 0)))
        };
        for (n, inner) in all {
            let Node::Stmt(StmtNode { stmt, indices, .. }) = n else {
                continue;
            };
            for &a in &self.scop.stmt(*stmt).accesses {
                if array_of(self.scop, a).is_none() {
                    continue;
                }
                // An access without affine indices (data-dependent subscripts) moves anyhow.
                let (_, exprs) = indices.iter().find(|(x, _)| *x == a)?;
                let (c, rest) = along(exprs, iter)?;
                let Some(k) = inner else {
                    continue;
                };
                let lanes = rest && (c == 0 || c == 1);
                let streams = matches!(along(exprs, k)?, (-1 | 1, true));
                if !lanes && !streams {
                    return None;
                }
            }
        }
        Some(STRIP)
    }
}

/// Whether the index expressions `a` and `b` name two elements that differ in every
/// iteration: in each dimension they are one expression plus constants, and some constants
/// differ.
fn elsewhere(a: &[AExpr], b: &[AExpr]) -> bool {
    /// `(core, c)` for `core + c` (or `core - c`), as isl spells it; no core for a constant.
    fn split(e: &AExpr) -> (Option<&AExpr>, i64) {
        match e {
            AExpr::Op(AstOp::Add, args) => match args.as_slice() {
                [x, AExpr::Int(c)] | [AExpr::Int(c), x] => {
                    let (core, d) = split(x);
                    (core, d.saturating_add(*c))
                }
                _ => (Some(e), 0),
            },
            AExpr::Op(AstOp::Sub, args) => match args.as_slice() {
                [x, AExpr::Int(c)] => {
                    let (core, d) = split(x);
                    (core, d.saturating_sub(*c))
                }
                _ => (Some(e), 0),
            },
            AExpr::Int(c) => (None, *c),
            _ => (Some(e), 0),
        }
    }
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| split(x).0 == split(y).0)
        && a.iter().zip(b).any(|(x, y)| split(x).1 != split(y).1)
}

/// `nodes` with every loop that carries values from one iteration to the next run in order
/// instead: inside strips ([`Decider::strips`]) a loop's body runs for every iteration of the
/// strip, so nothing stays in a register from one of its iterations to the next (and the
/// strips' loops over their iterations print the statements as written: no read is hoisted).
fn without_carried(nodes: Vec<DNode>) -> Vec<DNode> {
    walk::map_loops(nodes, &mut |mut l| {
        if matches!(
            l.exec,
            Exec::Carried(_) | Exec::Registers(_) | Exec::Hoisted(_)
        ) {
            l.exec = Exec::Serial;
        }
        DNode::For(Box::new(l))
    })
}

/// `nodes` with every register block run as its loop as written ([`Block::serial`]): on a
/// target whose blocks run only in a micro-kernel ([`optimist_loopy::BlockShape::kernel_only`]),
/// where none runs them.
fn as_written(node: DNode) -> DNode {
    walk::map_node(node, &mut |l| match l.exec {
        Exec::Block(b) => DNode::For(Box::new(b.serial)),
        exec => DNode::For(Box::new(DLoop { exec, ..l })),
    })
}

/// The iterators of the loops in `nodes`, each once.
fn inner_iterators(nodes: &[Node], out: &mut Vec<usize>) {
    for n in nodes {
        match n {
            Node::For { iter, body, .. } => {
                if !out.contains(iter) {
                    out.push(*iter);
                }
                inner_iterators(body, out);
            }
            Node::If { then, els, .. } => {
                inner_iterators(then, out);
                inner_iterators(els, out);
            }
            Node::Stmt(StmtNode { .. }) => {}
        }
    }
}

/// How many times each statement occurs in `nodes`.
fn count_statements(nodes: &[Node]) -> HashMap<StmtId, usize> {
    let mut all = Vec::new();
    crate::ast::statements_in(nodes, &mut all);
    let mut out = HashMap::new();
    for s in all {
        *out.entry(s).or_default() += 1;
    }
    out
}

/// The scalars (model arrays of [`ArrayOrigin::Scalar`]) the statements of `nodes` write, in
/// the order first written, with their names.
/// Whether two expressions of one statement compute the same value: the same operations on
/// the same constants, iterators and parameters, and reads of the same elements (`at`: an
/// access's indices) of the same arrays. No call of a user's function (which could differ
/// from one call to the next as far as this knows).
fn same_value(
    scop: &Scop,
    a: &BodyExpr,
    b: &BodyExpr,
    at: &dyn Fn(AccessId) -> Option<Vec<AExpr>>,
) -> bool {
    use optimist_scop::model::BodyLeaf as L;
    if a.ty != b.ty {
        return false;
    }
    match (&a.kind, &b.kind) {
        (ExprKind::Int(x), ExprKind::Int(y)) => x == y,
        (ExprKind::Float(x), ExprKind::Float(y)) => x.to_bits() == y.to_bits(),
        (ExprKind::Leaf(L::Access(x)), ExprKind::Leaf(L::Access(y))) => {
            scop.access(*x).array == scop.access(*y).array && at(*x).is_some() && at(*x) == at(*y)
        }
        (ExprKind::Leaf(x), ExprKind::Leaf(y)) => x == y,
        (ExprKind::Unary(o, x), ExprKind::Unary(p, y)) => o == p && same_value(scop, x, y, at),
        (ExprKind::Binary(o, x1, x2), ExprKind::Binary(p, y1, y2)) => {
            o == p && same_value(scop, x1, y1, at) && same_value(scop, x2, y2, at)
        }
        (ExprKind::Cast(x), ExprKind::Cast(y)) => same_value(scop, x, y, at),
        (ExprKind::Select(x1, x2, x3), ExprKind::Select(y1, y2, y3)) => {
            same_value(scop, x1, y1, at)
                && same_value(scop, x2, y2, at)
                && same_value(scop, x3, y3, at)
        }
        (ExprKind::Call(f, xs), ExprKind::Call(g, ys)) => {
            f == g
                && xs.len() == ys.len()
                && xs.iter().zip(ys).all(|(x, y)| same_value(scop, x, y, at))
        }
        _ => false,
    }
}

/// Whether an expression calls a function of the user's.
fn calls_user(e: &BodyExpr) -> bool {
    match &e.kind {
        ExprKind::Pure(..) => true,
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Leaf(_) => false,
        ExprKind::Unary(_, x) | ExprKind::Cast(x) => calls_user(x),
        ExprKind::Binary(_, x, y) => calls_user(x) || calls_user(y),
        ExprKind::Select(x, y, z) => calls_user(x) || calls_user(y) || calls_user(z),
        ExprKind::Call(_, xs) => xs.iter().any(calls_user),
    }
}

fn written_scalars(scop: &Scop, nodes: &[Node], out: &mut Vec<(ScopArrayId, String)>) {
    for n in nodes {
        match n {
            Node::For { body, .. } => written_scalars(scop, body, out),
            Node::If { then, els, .. } => {
                written_scalars(scop, then, out);
                written_scalars(scop, els, out);
            }
            Node::Stmt(StmtNode { stmt, .. }) => {
                let a = scop.access(scop.stmt(*stmt).write).array;
                if matches!(scop.array(a).origin, ArrayOrigin::Scalar(_))
                    && !out.iter().any(|(b, _)| *b == a)
                {
                    out.push((a, scop.array(a).name.clone()));
                }
            }
        }
    }
}

mod blocks;
mod display;
mod lanes;
mod points;
mod probe;
mod unroll;
pub(crate) mod walk;
mod work;

use walk::{Visit, Visitor};

pub(crate) use lanes::{
    Stride, array_of, coefficient, lanes_of, most_trips, stride, unconditional_reads, wide_fits,
};
pub(crate) use points::{ArrayAccess, StmtAt, VectorShape};
pub(crate) use probe::{Probe, ProbeOp};
pub(crate) use unroll::{jam_copies, unroll_short};
use work::instances;
pub(crate) use work::work;

impl Decider<'_> {
    /// When the loop `for (iter = init; iter < end; ...) body` starts its threads ([`Fork`]);
    /// `None` (always) when its work cannot be estimated.
    fn fork(&self, iter: usize, init: &AExpr, end: &AExpr, body: &[Node]) -> Option<Fork> {
        self.fork_at(work(iter, init, end, body))
    }

    /// The [`Fork`] of an estimated `work` against the target's least.
    fn fork_at(&self, work: Option<AExpr>) -> Option<Fork> {
        Some(Fork {
            work: work?,
            min: i64::try_from(self.target.fork_work).unwrap_or(i64::MAX),
        })
    }
}
