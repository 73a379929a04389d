//! The decided loop tree: every execution decision, made once, for one [`Target`].
//!
//! A loop AST says what each loop *may* do (its marks were checked against the dependences:
//! parallel, vector, jam, registers). [`decide`] says what it *does* on a target: each loop
//! gets exactly one [`Exec`] (in order, on threads, in lanes, jammed into its vector loop, with
//! elements in registers, as a register block), and the code around loops gets the scopes a
//! target needs ([`DNode::Region`], [`DNode::Packed`]). Both back ends walk the result and
//! emit it: the C printer ([`crate::c`]) and the Cranelift lowering ([`crate::jit_model`])
//! decide nothing, so a different rule (say, for unroll-and-jam) is one change here and both
//! follow it. `optimist show ast FILE.c --target c|native` prints the tree
//! ([`Decided::display`]), and the per-kernel filetests snapshot it.
//!
//! Every `Exec` but `Serial` is a permission the marks gave, used: results are the same bits
//! whichever is chosen (no operation is reassociated or contracted).

use crate::ast::{AExpr, LoopAst, LoopKind, Node, exclusive_bound, mentions, writes_scalar};
pub use crate::block::RegisterBlock;
use crate::block::{offset_from, only_loop, register_block, whole_length};
use optimist_loopy::{Target, Vectorizer};
use optimist_presburger::AstOp;
use optimist_scop::expr::ExprKind;
use optimist_scop::ir::{ArrayId, BinOp, MathFn, UnOp};
use optimist_scop::model::{AccessId, ArrayOrigin, BodyExpr, BodyLeaf, Scop, ScopArrayId, StmtId};
use optimist_scop::types::Type;
use std::fmt::Write;

/// A loop AST with every execution decided for [`Decided::target`].
#[derive(Clone, Debug)]
pub struct Decided {
    /// The target it was decided for.
    pub target: Target,
    /// The decided nodes.
    pub body: Vec<DNode>,
    /// The AST's iterator names ([`LoopAst::iterators`]).
    pub iterators: Vec<String>,
}

/// A node of the decided tree.
#[derive(Clone, Debug)]
pub enum DNode {
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
    /// One statement instance (a [`Node::Stmt`]).
    Stmt(Node),
    /// `body` (one outermost loop, a time loop) run by every thread of one parallel region:
    /// its vector loops share their iterations among the threads, which meet once per sweep
    /// instead of being started for each ([`Target::vector_threads`]). `private`: the
    /// iterators each thread has its own of.
    Region {
        /// The iterators of the loops inside, each thread's own.
        private: Vec<usize>,
        /// The loop.
        body: Vec<DNode>,
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
pub struct DLoop {
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
pub enum Exec {
    /// In order.
    Serial,
    /// Its iterations shared among threads (`end`: its exclusive bound, free of it).
    Threads {
        /// The exclusive bound.
        end: AExpr,
        /// The iterators of the loops inside, each thread's own.
        private: Vec<usize>,
    },
    /// In vector lanes.
    Lanes(Lanes),
    /// A loop around one vector loop, unrolled and jammed into it.
    Jammed(Box<Jam>),
    /// Elements the loop keeps at one place held in registers across it (scalar
    /// replacement), when a check before it shows no moving access reaches them.
    Registers(Vec<Promoted>),
    /// Its body is a register block kept in registers across it when whole; `serial`
    /// otherwise.
    Block(Box<Block>),
}

/// How a loop runs in lanes ([`Exec::Lanes`]).
#[derive(Clone, Debug)]
pub struct Lanes {
    /// The element type of the lanes, when code generation builds them
    /// ([`Vectorizer::Own`]); `None` when the compiler does.
    pub elem: Option<Type>,
    /// The exclusive bound (known when code generation builds the lanes).
    pub end: Option<AExpr>,
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
    pub locals: Vec<(ScopArrayId, usize, AccessId)>,
    /// For a compiler's lanes over an unrolled body: reads of arrays the body does not write at
    /// indices free of the loop, read once before it (`(statement node, access)`).
    pub reads: Vec<(usize, AccessId)>,
    /// Whether two vectors run per iteration while both fit.
    pub pairs: bool,
}

/// How a loop that runs in lanes shares its iterations among threads ([`Lanes::share`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Share {
    /// It does not.
    No,
    /// It starts the threads itself (the outermost loop): `end` is its exclusive bound.
    Spawn(AExpr),
    /// The threads of the parallel region around it share its iterations.
    Region(AExpr),
}

/// A loop unrolled and jammed into the vector loop that is its body ([`Exec::Jammed`]).
#[derive(Clone, Debug)]
pub struct Jam {
    /// Iterations of the loop per copy group.
    pub copies: i64,
    /// The loop's exclusive bound.
    pub end: AExpr,
    /// Whether the groups of copies run on threads.
    pub threads: bool,
    /// The vector loop the copies run in (its body: one copy's statements).
    pub lanes: DLoop,
    /// The loop's body for the iterations that remain after the groups.
    pub rest: Vec<DNode>,
}

/// An element a loop keeps in a register ([`Exec::Registers`]): the accesses that reach it,
/// and the accesses of the loop to its array that move (`(statement node, access)`), checked
/// before the loop not to reach it.
#[derive(Clone, Debug)]
pub struct Promoted {
    /// The accesses at the element.
    pub accesses: Vec<AccessId>,
    /// The moving accesses to its array.
    pub others: Vec<(usize, AccessId)>,
}

/// A register block ([`Exec::Block`]).
#[derive(Clone, Debug)]
pub struct Block {
    /// The block.
    pub block: RegisterBlock,
    /// The access its statement reads from the packed buffer ([`DNode::Packed`] around it).
    pub packed: Option<AccessId>,
    /// The loop as written, for a block that is not whole.
    pub serial: DLoop,
}

/// A product's operand packed for its register blocks ([`DNode::Packed`]).
#[derive(Clone, Debug)]
pub struct Pack {
    /// The loop over column blocks, its first value, condition and number of blocks.
    pub blocks: usize,
    /// Its first value.
    pub blocks_init: AExpr,
    /// Its condition.
    pub blocks_cond: AExpr,
    /// Its length when whole.
    pub n_blocks: i64,
    /// The loop marked registers (the reduction), its first value and condition.
    pub k: usize,
    /// Its first value.
    pub k_init: AExpr,
    /// Its condition.
    pub k_cond: AExpr,
    /// Its length when whole.
    pub depth: i64,
    /// The register block.
    pub block: RegisterBlock,
    /// The access packed.
    pub access: AccessId,
}

/// Decides how every loop of `ast` runs on `target`. `proved`: the arrays the run-time check
/// proved in range (native lanes read only those).
pub fn decide(scop: &Scop, ast: &LoopAst, target: &Target, proved: &[ArrayId]) -> Decided {
    let d = Decider {
        scop,
        target,
        proved,
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
}

impl Decider<'_> {
    fn nodes(&self, nodes: &[Node], cx: Cx) -> Vec<DNode> {
        nodes.iter().map(|n| self.node(n, cx)).collect()
    }

    fn stmts(nodes: &[Node]) -> Vec<DNode> {
        nodes.iter().cloned().map(DNode::Stmt).collect()
    }

    fn node(&self, n: &Node, cx: Cx) -> DNode {
        match n {
            Node::Stmt { .. } => DNode::Stmt(n.clone()),
            Node::If { cond, then, els } => DNode::If {
                cond: cond.clone(),
                then: self.nodes(then, cx),
                els: self.nodes(els, cx),
            },
            Node::For { .. } => self.for_loop(n, cx),
        }
    }

    /// The cascade: the first execution that applies wins.
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
        let t = self.target;
        let made = |exec: Exec, body: Vec<DNode>| {
            DNode::For(Box::new(DLoop {
                iter: *iter,
                init: init.clone(),
                cond: cond.clone(),
                step: *step,
                exec,
                body,
            }))
        };
        let parallel = *kind == LoopKind::Parallel && !writes_scalar(self.scop, body);
        // Threads around jammed copies where lanes may share threads (C); elsewhere the
        // threads come first and the jam is not made.
        let jammed = || {
            let j = self.jam(*iter, init, cond, *step, body, *jam, cx)?;
            Some(made(Exec::Jammed(Box::new(j)), Vec::new()))
        };
        if t.vector_threads
            && let Some(mut j) = jammed()
        {
            if let DNode::For(l) = &mut j
                && let Exec::Jammed(jam) = &mut l.exec
            {
                jam.threads = parallel;
            }
            return j;
        }
        if t.register_blocks {
            if *step == 1
                && *kind == LoopKind::Accumulate
                && let Some(block) = register_block(self.scop, *iter, body)
            {
                let serial = Node::For {
                    iter: *iter,
                    init: init.clone(),
                    cond: cond.clone(),
                    step: 1,
                    body: body.clone(),
                    kind: LoopKind::Serial,
                    jam: *jam,
                };
                let DNode::For(serial) = self.node(&serial, cx) else {
                    unreachable!("a loop decides into a loop")
                };
                let packed = match (cx.packing, &block.stmt) {
                    (Some((s, a)), Node::Stmt { stmt, .. }) if s == *stmt => Some(a),
                    _ => None,
                };
                return made(
                    Exec::Block(Box::new(Block {
                        block,
                        packed,
                        serial: *serial,
                    })),
                    Vec::new(),
                );
            }
            if cx.packing.is_none()
                && let Some(pack) = self.pack_site(n)
            {
                let inner = Cx {
                    packing: Some((pack.block.stmt_id(), pack.access)),
                    ..cx
                };
                return DNode::Packed {
                    pack: Box::new(pack),
                    body: vec![self.node(n, inner)],
                };
            }
        }
        // Every statement in this loop runs in vector loops whose iterations the threads
        // share: one parallel region around it, every thread running the loops outside those
        // (a time loop: the threads meet at the end of each sweep instead of being started
        // for each).
        if t.vector_threads
            && t.threads
            && cx.threads == Threads::One
            && cx.loops_around == 0
            && *kind == LoopKind::Serial
            && self.region_fits(body)
        {
            let mut private = vec![*iter];
            inner_iterators(body, &mut private);
            let inside = Cx {
                threads: Threads::Region,
                ..cx
            };
            return DNode::Region {
                private,
                body: vec![self.node(n, inside)],
            };
        }
        // Threads: one team at a time (a loop inside another's threads runs in order: native
        // code's outlined body has no pool of its own, and OpenMP runs a nested team on one
        // thread anyway).
        if parallel
            && t.threads
            && cx.threads == Threads::One
            && let Some(end) = exclusive_bound(*iter, cond)
        {
            let mut private = Vec::new();
            inner_iterators(body, &mut private);
            let inside = Cx {
                threads: Threads::Loop,
                ..cx.inside()
            };
            return made(Exec::Threads { end, private }, self.nodes(body, inside));
        }
        if !t.vector_threads
            && let Some(j) = jammed()
        {
            return j;
        }
        if let LoopKind::Vector { parallel, .. } = *kind
            && let Some((lanes, stmts)) = self.lanes(*iter, init, cond, *step, body, parallel, cx)
        {
            let body = match stmts {
                Some(stmts) => Self::stmts(&stmts),
                None => self.nodes(body, cx.inside()),
            };
            return made(Exec::Lanes(lanes), body);
        }
        if t.registers
            && t.vectorizer == Vectorizer::Own
            && let Some(groups) = self.promotable(*iter, body)
        {
            return made(Exec::Registers(groups), self.nodes(body, cx.inside()));
        }
        made(Exec::Serial, self.nodes(body, cx.inside()))
    }

    /// How a loop marked vector runs in lanes, and the statements the lanes run when they
    /// are not the body as written (`None`: decide the body). `None` when it does not.
    #[allow(clippy::too_many_arguments)]
    fn lanes(
        &self,
        iter: usize,
        init: &AExpr,
        cond: &AExpr,
        step: i64,
        body: &[Node],
        parallel: bool,
        cx: Cx,
    ) -> Option<(Lanes, Option<Vec<Node>>)> {
        let t = self.target;
        if !t.vector {
            return None;
        }
        match t.vectorizer {
            Vectorizer::Own => {
                if step != 1 {
                    return None;
                }
                let end = exclusive_bound(iter, cond)?;
                let (elem, flat) = self.lanes_body(iter, body)?;
                let stmts = statements_of(self.scop, &flat)?;
                let registers = self.register_arrays(&stmts, None);
                let unrolled = flat.len() != body.len() || flat.as_slice() != body;
                Some((
                    Lanes {
                        elem: Some(elem),
                        end: Some(end),
                        unrolled,
                        share: Share::No,
                        registers,
                        locals: Vec::new(),
                        reads: Vec::new(),
                        pairs: t.registers,
                    },
                    Some(flat),
                ))
            }
            Vectorizer::Compiler => {
                let flat = crate::ast::unroll_short(body, t.unroll_limit);
                let printed = flat.as_deref().unwrap_or(body);
                let share = match self.threads_bound(iter, init, cond, parallel, printed) {
                    Some(end) if t.vector_threads && t.threads => match cx.threads {
                        // Started once: the loop is outermost. Inside other loops it would
                        // start the threads once per iteration of theirs, for a loop whose
                        // length is one dimension's (lanes win there, as in native code).
                        Threads::One if cx.loops_around == 0 => Share::Spawn(end),
                        Threads::Region => Share::Region(end),
                        Threads::One | Threads::Loop => Share::No,
                    },
                    _ => Share::No,
                };
                let (locals, reads) = match &flat {
                    Some(flat) => self.loop_locals(iter, flat),
                    None => (Vec::new(), Vec::new()),
                };
                Some((
                    Lanes {
                        elem: None,
                        end: None,
                        unrolled: flat.is_some(),
                        share,
                        registers: Vec::new(),
                        locals,
                        reads,
                        pairs: false,
                    },
                    flat,
                ))
            }
        }
    }

    /// Unroll-and-jam of loop `k` (marked jam) into the vector loop that is its body: the
    /// rule, for every target. The vector loop's bounds are free of `k`, it runs in lanes on
    /// the target, and its statements keep an element at one place for every copy (the
    /// product's `C[i][j]`): otherwise the copies share nothing and only add code. Code
    /// generation's own lanes want that element in a register for the whole body
    /// ([`Self::register_arrays`]) and at most [`Target::jam_statements`] statements.
    #[allow(clippy::too_many_arguments)]
    fn jam(
        &self,
        k: usize,
        init: &AExpr,
        cond: &AExpr,
        step: i64,
        body: &[Node],
        marked: bool,
        cx: Cx,
    ) -> Option<Jam> {
        let t = self.target;
        if !marked || step != 1 || !t.vector || !t.registers {
            return None;
        }
        let end = exclusive_bound(k, cond)?;
        let [
            Node::For {
                iter: vi,
                init: vinit,
                cond: vcond,
                step: 1,
                body: vbody,
                kind: LoopKind::Vector { .. },
                ..
            },
        ] = body
        else {
            return None;
        };
        if mentions(vinit, k) || mentions(vcond, k) {
            return None;
        }
        let (lanes, stmts) = match t.vectorizer {
            Vectorizer::Own => {
                let vend = exclusive_bound(*vi, vcond)?;
                let (elem, flat) = self.lanes_body(*vi, vbody)?;
                if t.jam_statements.is_some_and(|most| flat.len() > most) {
                    return None;
                }
                let stmts = statements_of(self.scop, &flat)?;
                let registers = self.register_arrays(&stmts, Some(k));
                if registers.is_empty() {
                    return None;
                }
                (
                    Lanes {
                        elem: Some(elem),
                        end: Some(vend),
                        unrolled: flat.as_slice() != vbody.as_slice(),
                        share: Share::No,
                        registers,
                        locals: Vec::new(),
                        reads: Vec::new(),
                        pairs: false,
                    },
                    flat,
                )
            }
            Vectorizer::Compiler => {
                let stmts = statements_of(self.scop, vbody)?;
                if t.jam_statements.is_some_and(|most| stmts.len() > most)
                    || !stmts.iter().any(|(st, _, indices)| {
                        indices
                            .iter()
                            .any(|(a, e)| *a == st.write && !e.iter().any(|x| mentions(x, k)))
                    })
                {
                    return None;
                }
                (
                    Lanes {
                        elem: None,
                        end: None,
                        unrolled: false,
                        share: Share::No,
                        registers: Vec::new(),
                        locals: Vec::new(),
                        reads: Vec::new(),
                        pairs: false,
                    },
                    vbody.clone(),
                )
            }
        };
        let lanes = DLoop {
            iter: *vi,
            init: vinit.clone(),
            cond: vcond.clone(),
            step: 1,
            exec: Exec::Lanes(lanes),
            body: Self::stmts(&stmts),
        };
        Some(Jam {
            copies: crate::ast::jam_copies(init, &end),
            end,
            threads: false,
            lanes,
            rest: self.nodes(body, cx.inside()),
        })
    }

    /// The element type of a loop body that runs in vector lanes along `iter`, or `None`:
    /// statements without guards that store a floating type (one for the whole body) at an
    /// element contiguous along `iter`, computed by `+ - * /`, negation and `sqrt` (exact in
    /// IEEE arithmetic, so lanes give the bits of the scalar code) from constants, scalars and
    /// accesses that are contiguous or invariant along `iter`, to arrays proved in range. The
    /// loop's mark says its iterations carry no dependence, so the statements may run lane by
    /// lane in any interleaving.
    fn vectorizable(&self, iter: usize, body: &[Node]) -> Option<Type> {
        let mut elem = None;
        for n in body {
            let Node::Stmt { stmt, indices, .. } = n else {
                return None;
            };
            let st = self.scop.stmt(*stmt);
            let t = self.scop.array(self.scop.access(st.write).array).elem;
            if st.guard.is_some()
                || !has_lanes(t)
                || *elem.get_or_insert(t) != t
                || stride(self.scop, self.proved, iter, indices, st.write)
                    != Some(Stride::Contiguous)
                || !self.vector_expr(iter, indices, &st.value, t)
            {
                return None;
            }
        }
        elem
    }

    /// The body a loop along `iter` runs in vector lanes, with its element type: `body` when
    /// [`Self::vectorizable`] accepts it, else `body` with its short loops unrolled
    /// ([`crate::ast::unroll_short`]: a convolution's `dy, dx` inside its `x` loop, so that
    /// `x` runs in lanes with `out[y][x]` in a register across the 25 products) when that is
    /// accepted. Running the loops inside lane by lane is legal because the mark says the
    /// loop's iterations carry no dependence.
    fn lanes_body(&self, iter: usize, body: &[Node]) -> Option<(Type, Vec<Node>)> {
        if let Some(t) = self.vectorizable(iter, body) {
            return Some((t, body.to_vec()));
        }
        let flat = crate::ast::unroll_short(body, self.target.unroll_limit)?;
        Some((self.vectorizable(iter, &flat)?, flat))
    }

    /// Whether `e` of type `t` can be computed in vector lanes along `iter`.
    fn vector_expr(
        &self,
        iter: usize,
        indices: &[(AccessId, Vec<AExpr>)],
        e: &BodyExpr,
        t: Type,
    ) -> bool {
        let ok = |x: &BodyExpr| self.vector_expr(iter, indices, x, t);
        let float = t.is_float();
        e.ty == t
            && match &e.kind {
                ExprKind::Float(_) => true,
                ExprKind::Int(_) => !float,
                ExprKind::Leaf(BodyLeaf::Param(_)) => true,
                ExprKind::Leaf(BodyLeaf::Access(a)) => {
                    stride(self.scop, self.proved, iter, indices, *a).is_some()
                }
                ExprKind::Unary(UnOp::Neg, x) => ok(x),
                // Integer lanes wrap like the scalar code; integer division may trap, so it
                // stays scalar.
                ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, x, y) => ok(x) && ok(y),
                ExprKind::Binary(BinOp::Div, x, y) => float && ok(x) && ok(y),
                // Both arms are computed in every lane and the mask picks one: they read only
                // what the vector code may read (arrays proved in range) and cannot trap.
                ExprKind::Select(c, a, b) => match &c.kind {
                    ExprKind::Binary(op, x, y) if op.is_comparison() => {
                        x.ty == t && y.ty == t && ok(x) && ok(y) && ok(a) && ok(b)
                    }
                    _ => false,
                },
                ExprKind::Call(MathFn::Sqrt, args) => float && args.iter().all(ok),
                _ => false,
            }
    }

    /// The arrays a vector body may keep in registers within one iteration: written by it, and
    /// every access of the body to them has the same index expressions, free of the jammed
    /// iterator.
    #[allow(clippy::type_complexity)]
    fn register_arrays(&self, stmts: &[StmtRef<'_>], jammed: Option<usize>) -> Vec<ArrayId> {
        let mut seen: Vec<(Option<ArrayId>, Option<&[AExpr]>, bool)> = Vec::new();
        let mut refused = Vec::new();
        for &(st, _, indices) in stmts {
            for &a in &st.accesses {
                let array = array_of(self.scop, a);
                let exprs = indices
                    .iter()
                    .find(|(x, _)| *x == a)
                    .map(|(_, e)| e.as_slice())
                    .filter(|e| jammed.is_none_or(|k| !e.iter().any(|x| mentions(x, k))));
                match seen.iter_mut().find(|(x, _, _)| *x == array) {
                    Some((_, e, written)) => {
                        if *e != exprs || exprs.is_none() {
                            refused.push(array);
                        }
                        *written |= a == st.write;
                    }
                    None => {
                        if exprs.is_none() {
                            refused.push(array);
                        }
                        seen.push((array, exprs, a == st.write));
                    }
                }
            }
        }
        seen.into_iter()
            .filter(|(a, _, written)| *written && !refused.contains(a))
            .filter_map(|(a, _, _)| a)
            .collect()
    }

    /// The elements an innermost loop over `iter` may keep in registers (scalar replacement):
    /// per element, the accesses that reach it, and the accesses of the loop to the same array
    /// that move along `iter` (the code checks before the loop that none of them reaches the
    /// element). An element qualifies when the loop writes it at an address that does not move
    /// with `iter`, every other access of the loop to its array either has the same index
    /// expressions or moves affinely along `iter` (different arrays do not overlap, which the
    /// run-time check proved), the array is proved in range, and no statement of the loop has
    /// a guard (so when the loop runs one iteration, that iteration touches the element:
    /// loading it before the loop and storing it after touch nothing the program does not).
    /// `None` when there is none, or the body has loops, or a statement occurs twice.
    fn promotable(&self, iter: usize, body: &[Node]) -> Option<Vec<Promoted>> {
        let mut stmts = Vec::new();
        // (array, index expressions, accesses, written)
        let mut groups: Vec<(ArrayId, &[AExpr], Vec<AccessId>, bool)> = Vec::new();
        // Accesses that move along `iter`: (array, node, access), `None` when not affine.
        let mut moving: Vec<(ArrayId, Option<(usize, AccessId)>)> = Vec::new();
        for (k, n) in body.iter().enumerate() {
            let Node::Stmt { stmt, indices, .. } = n else {
                return None;
            };
            let st = self.scop.stmt(*stmt);
            if st.guard.is_some() || stmts.contains(stmt) {
                return None;
            }
            stmts.push(*stmt);
            for &a in &st.accesses {
                let ArrayOrigin::Array(id) = self.scop.array(self.scop.access(a).array).origin
                else {
                    continue;
                };
                let exprs = indices
                    .iter()
                    .find(|(x, _)| *x == a)
                    .map(|(_, e)| e.as_slice());
                match exprs {
                    Some(exprs)
                        if self.proved.contains(&id)
                            && !exprs.iter().any(|x| mentions(x, iter)) =>
                    {
                        let write = a == st.write;
                        match groups.iter_mut().find(|g| g.0 == id && g.1 == exprs) {
                            Some(g) => {
                                g.2.push(a);
                                g.3 |= write;
                            }
                            None => groups.push((id, exprs, vec![a], write)),
                        }
                    }
                    Some(exprs) if exprs.iter().all(|x| coefficient(x, iter).is_some()) => {
                        moving.push((id, Some((k, a))));
                    }
                    _ => moving.push((id, None)),
                }
            }
        }
        let arrays: Vec<_> = groups.iter().map(|g| g.0).collect();
        let groups: Vec<Promoted> = groups
            .into_iter()
            .filter(|(id, _, _, written)| {
                *written
                    && arrays.iter().filter(|a| *a == id).count() == 1
                    && !moving.iter().any(|(m, x)| m == id && x.is_none())
            })
            .map(|(id, _, accesses, _)| Promoted {
                accesses,
                others: moving
                    .iter()
                    .filter(|(m, _)| *m == id)
                    .filter_map(|(_, x)| *x)
                    .collect(),
            })
            .collect();
        (!groups.is_empty()).then_some(groups)
    }

    /// The exclusive bound of a vector loop over `iter` (`init`, `cond`, its body as it runs)
    /// when it may share its iterations among threads: it is marked so (`parallel`), its body
    /// is statements writing no scalar of the function (their counters and scalars are the
    /// function's), its bound is free of it (the trip count is computed first), and its length
    /// is not a constant (a few iterations would not pay for the threads meeting).
    fn threads_bound(
        &self,
        iter: usize,
        init: &AExpr,
        cond: &AExpr,
        parallel: bool,
        body: &[Node],
    ) -> Option<AExpr> {
        let end = exclusive_bound(iter, cond)?;
        (parallel
            && !writes_scalar(self.scop, body)
            && body.iter().all(|n| matches!(n, Node::Stmt { .. }))
            && (crate::ast::constant(init).is_none() || crate::ast::constant(&end).is_none()))
        .then_some(end)
    }

    /// Whether every statement in `nodes` (the body of an outermost loop: a time loop) is in a
    /// vector loop directly in it (no loop between) that shares its iterations among threads
    /// in a parallel region ([`Self::threads_bound`]), and there is one at least: every thread
    /// of the region can run everything else, the loop around and its tests, on its own, and
    /// the threads meet once per sweep of a whole dimension. A vector loop deeper inside would
    /// make them meet once per row, for a row's work.
    fn region_fits(&self, nodes: &[Node]) -> bool {
        fn walk(d: &Decider<'_>, nodes: &[Node], found: &mut bool) -> bool {
            nodes.iter().all(|n| match n {
                Node::Stmt { .. } => false,
                Node::If { then, els, .. } => walk(d, then, found) && walk(d, els, found),
                Node::For { jam: true, .. } => false,
                Node::For {
                    iter,
                    init,
                    cond,
                    body,
                    kind: LoopKind::Vector { parallel, .. },
                    ..
                } => {
                    let printed = crate::ast::unroll_short(body, d.target.unroll_limit);
                    let printed = printed.as_deref().unwrap_or(body);
                    let ok = d
                        .threads_bound(*iter, init, cond, *parallel, printed)
                        .is_some();
                    *found |= ok;
                    ok
                }
                Node::For { .. } => false,
            })
        }
        let mut found = false;
        walk(self, nodes, &mut found) && found
    }

    /// What a compiler's lanes over an unrolled body keep in locals ([`Lanes::locals`],
    /// [`Lanes::reads`]): for a body of statements, an element the body writes first, then
    /// reads and writes at the same index expressions (a convolution's `out[y][x]`, set to
    /// zero, then summed into over `dy, dx`), and a read of an array the body does not write,
    /// unconditional, at indices free of the loop (the convolution's `wt[dy][dx]`, with `dy,
    /// dx` now constants).
    #[allow(clippy::type_complexity)]
    fn loop_locals(
        &self,
        iter: usize,
        body: &[Node],
    ) -> (Vec<(ScopArrayId, usize, AccessId)>, Vec<(usize, AccessId)>) {
        let written: Vec<ScopArrayId> = body
            .iter()
            .filter_map(|n| match n {
                Node::Stmt { stmt, .. } => {
                    Some(self.scop.access(self.scop.stmt(*stmt).write).array)
                }
                _ => None,
            })
            .collect();
        // Per written array: its index expressions, whether first touched by a write, refused,
        // where first touched.
        #[allow(clippy::type_complexity)]
        let mut seen: Vec<(ScopArrayId, Option<&[AExpr]>, bool, bool, (usize, AccessId))> =
            Vec::new();
        let mut reads: Vec<(usize, AccessId)> = Vec::new();
        for (node, n) in body.iter().enumerate() {
            let Node::Stmt { stmt, indices, .. } = n else {
                return (Vec::new(), Vec::new());
            };
            let st = self.scop.stmt(*stmt);
            let exact = |a: AccessId| {
                indices
                    .iter()
                    .find(|(x, _)| *x == a)
                    .map(|(_, e)| e.as_slice())
            };
            let mut unconditional = Vec::new();
            if st.guard.is_none() {
                unconditional_reads(&st.value, &mut unconditional);
            }
            // Reads first (the value is computed before the write).
            let mut order: Vec<AccessId> = st
                .accesses
                .iter()
                .copied()
                .filter(|&a| a != st.write)
                .collect();
            order.push(st.write);
            for a in order {
                let acc = self.scop.access(a);
                let arr = self.scop.array(acc.array);
                if !matches!(arr.origin, ArrayOrigin::Array(_)) {
                    continue;
                }
                if !written.contains(&acc.array) {
                    if let Some(e) = exact(a)
                        && unconditional.contains(&a)
                        && !e.iter().any(|x| mentions(x, iter))
                    {
                        reads.push((node, a));
                    }
                    continue;
                }
                let e = exact(a);
                match seen.iter_mut().find(|(x, ..)| *x == acc.array) {
                    Some((_, first, _, refused, _)) => *refused |= e.is_none() || e != *first,
                    None => {
                        let first_write = a == st.write && st.guard.is_none();
                        seen.push((acc.array, e, first_write, e.is_none(), (node, a)));
                    }
                }
            }
        }
        let locals = seen
            .into_iter()
            .filter(|(_, _, first_write, refused, _)| *first_write && !refused)
            .map(|(array, _, _, _, (node, a))| (array, node, a))
            .collect();
        (locals, reads)
    }

    /// Whether `n` is a loop over a product's row blocks whose operand along the columns (the
    /// product's `B[k][j]`) can be packed: its body is a loop over column blocks whose body is
    /// a loop marked registers around a register block ([`register_block`]), none of their
    /// bounds depends on the loops inside the first, both of constant length when whole (the
    /// column blocks of a tile, the reduction's tile), and the block's statement reads,
    /// unconditionally, an array it does not write at indices free of the rows that hold the
    /// columns' iterator in one subscript (plus a constant at most).
    fn pack_site(&self, n: &Node) -> Option<Pack> {
        let Node::For {
            iter: rows,
            step: 1,
            body,
            ..
        } = n
        else {
            return None;
        };
        let (blocks, blocks_init, blocks_cond, inside, _) = only_loop(body)?;
        let (k, k_init, k_cond, block, LoopKind::Accumulate) = only_loop(inside)? else {
            return None;
        };
        let b = register_block(self.scop, *k, block)?;
        let free = |e: &AExpr, of: &[usize]| of.iter().all(|&x| !mentions(e, x));
        if !free(blocks_init, &[*rows])
            || !free(blocks_cond, &[*rows])
            || !free(k_init, &[*rows, *blocks])
            || !free(k_cond, &[*rows, *blocks])
            || !free(&b.column_init, &[*rows])
            || !free(&b.column_end, &[*rows])
        {
            return None;
        }
        let n_blocks = whole_length(blocks_init, &exclusive_bound(*blocks, blocks_cond)?)?;
        let depth = whole_length(k_init, &exclusive_bound(*k, k_cond)?)?;
        let access = self.packable(&b)?;
        Some(Pack {
            blocks: *blocks,
            blocks_init: blocks_init.clone(),
            blocks_cond: blocks_cond.clone(),
            n_blocks,
            k: *k,
            k_init: k_init.clone(),
            k_cond: k_cond.clone(),
            depth,
            block: b,
            access,
        })
    }

    /// The access of a register block's statement that can be packed ([`Self::pack_site`]).
    fn packable(&self, b: &RegisterBlock) -> Option<AccessId> {
        let Node::Stmt { stmt, indices, .. } = &b.stmt else {
            return None;
        };
        let st = self.scop.stmt(*stmt);
        let written = self.scop.access(st.write).array;
        let mut unconditional = Vec::new();
        unconditional_reads(&st.value, &mut unconditional);
        st.accesses.iter().copied().find(|&a| {
            let acc = self.scop.access(a);
            let Some((_, idx)) = indices.iter().find(|(x, _)| *x == a) else {
                return false;
            };
            let along: Vec<&AExpr> = idx.iter().filter(|e| mentions(e, b.column)).collect();
            acc.array != written
                && matches!(self.scop.array(acc.array).origin, ArrayOrigin::Array(_))
                && unconditional.contains(&a)
                && idx.iter().all(|e| !mentions(e, b.row))
                && matches!(along.as_slice(), [e] if offset_from(e, &AExpr::Iter(b.column)).is_some())
        })
    }
}

/// Whether a vector of 128 bits has lanes of `t` in native code.
fn has_lanes(t: Type) -> bool {
    matches!(
        t,
        Type::F32 | Type::F64 | Type::I32 | Type::U32 | Type::I64 | Type::U64
    )
}

/// How an access moves along the iterator of a vector loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stride {
    /// The same element for every lane.
    Invariant,
    /// Consecutive elements of the innermost dimension, one per lane.
    Contiguous,
}

/// How access `a` moves along `iter` in one instance, when vector code can follow it: arrays
/// proved in range only (a scalar the body does not write is invariant).
pub(crate) fn stride(
    scop: &Scop,
    proved: &[ArrayId],
    iter: usize,
    indices: &[(AccessId, Vec<AExpr>)],
    a: AccessId,
) -> Option<Stride> {
    let acc = scop.access(a);
    let ArrayOrigin::Array(id) = scop.array(acc.array).origin else {
        return Some(Stride::Invariant);
    };
    if !proved.contains(&id) {
        return None;
    }
    let (_, exprs) = indices.iter().find(|(x, _)| *x == a)?;
    let coefficients: Option<Vec<i64>> = exprs.iter().map(|e| coefficient(e, iter)).collect();
    match coefficients?.split_last()? {
        (0, outer) if outer.iter().all(|&c| c == 0) => Some(Stride::Invariant),
        (1, outer) if outer.iter().all(|&c| c == 0) => Some(Stride::Contiguous),
        _ => None,
    }
}

/// The coefficient of AST iterator `iter` in `e` when `e` is affine in it (other iterators and
/// parameters are constants here; a subexpression free of `iter` may be anything).
pub(crate) fn coefficient(e: &AExpr, iter: usize) -> Option<i64> {
    if !mentions(e, iter) {
        return Some(0);
    }
    match e {
        AExpr::Iter(_) => Some(1),
        AExpr::Op(AstOp::Add, a) if a.len() == 2 => {
            coefficient(&a[0], iter)?.checked_add(coefficient(&a[1], iter)?)
        }
        AExpr::Op(AstOp::Sub, a) if a.len() == 2 => {
            coefficient(&a[0], iter)?.checked_sub(coefficient(&a[1], iter)?)
        }
        AExpr::Op(AstOp::Minus, a) if a.len() == 1 => coefficient(&a[0], iter)?.checked_neg(),
        AExpr::Op(AstOp::Mul, a) if a.len() == 2 => match (&a[0], &a[1]) {
            (AExpr::Int(c), x) | (x, AExpr::Int(c)) => coefficient(x, iter)?.checked_mul(*c),
            _ => None,
        },
        _ => None,
    }
}

/// The program array an access reaches (`None` for a scalar).
pub(crate) fn array_of(scop: &Scop, a: AccessId) -> Option<ArrayId> {
    match scop.array(scop.access(a).array).origin {
        ArrayOrigin::Array(id) => Some(id),
        ArrayOrigin::Scalar(_) => None,
    }
}

/// A statement occurrence of a loop body: the statement, its iterators' values and its
/// accesses' index expressions.
pub(crate) type StmtRef<'x> = (
    &'x optimist_scop::model::ScopStmt,
    &'x [AExpr],
    &'x [(AccessId, Vec<AExpr>)],
);

/// The statement occurrences of a loop body made of statements only (`None` when it has a
/// loop or a condition).
pub(crate) fn statements_of<'x>(scop: &'x Scop, body: &'x [Node]) -> Option<Vec<StmtRef<'x>>> {
    body.iter()
        .map(|n| match n {
            Node::Stmt {
                stmt,
                iterators,
                indices,
            } => Some((scop.stmt(*stmt), iterators.as_slice(), indices.as_slice())),
            _ => None,
        })
        .collect()
}

/// The accesses `e` reads whenever it is evaluated: not those in the arms of a `?:` or on the
/// right of `&&` and `||`.
pub(crate) fn unconditional_reads(e: &BodyExpr, out: &mut Vec<AccessId>) {
    match &e.kind {
        ExprKind::Leaf(BodyLeaf::Access(a)) => out.push(*a),
        ExprKind::Select(c, _, _) | ExprKind::Binary(BinOp::And | BinOp::Or, c, _) => {
            unconditional_reads(c, out)
        }
        _ => {
            for c in e.children() {
                unconditional_reads(c, out);
            }
        }
    }
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
            Node::Stmt { .. } => {}
        }
    }
}

/// The statements of a decided statement list (every node a [`DNode::Stmt`]).
pub(crate) fn plain(nodes: &[DNode]) -> Vec<Node> {
    nodes
        .iter()
        .filter_map(|n| match n {
            DNode::Stmt(s) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

impl Exec {
    /// The comment `show ast` prints after the loop header.
    fn comment(&self, d: &Decided) -> String {
        let names = |v: &[usize]| -> String {
            v.iter()
                .map(|&k| d.iterators[k].as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Exec::Serial => String::new(),
            Exec::Threads { private, .. } if private.is_empty() => "  // threads".into(),
            Exec::Threads { private, .. } => format!("  // threads (own {})", names(private)),
            Exec::Lanes(l) => {
                let mut s = String::from("  // lanes");
                if let Some(t) = l.elem {
                    let _ = write!(s, " of {t}");
                }
                if l.unrolled {
                    s.push_str(", short loops unrolled");
                }
                match &l.share {
                    Share::No => {}
                    Share::Spawn(_) => s.push_str(", on threads"),
                    Share::Region(_) => s.push_str(", shared by the region's threads"),
                }
                if !l.registers.is_empty() {
                    let _ = write!(s, ", {} array(s) in registers", l.registers.len());
                }
                if !l.locals.is_empty() || !l.reads.is_empty() {
                    let _ = write!(
                        s,
                        ", {} element(s) and {} read(s) in locals",
                        l.locals.len(),
                        l.reads.len()
                    );
                }
                if l.pairs {
                    s.push_str(", two vectors per step");
                }
                s
            }
            Exec::Jammed(j) => format!(
                "  // jammed x{} into its vector loop{}",
                j.copies,
                if j.threads { ", groups on threads" } else { "" }
            ),
            Exec::Registers(groups) => format!("  // {} element(s) in registers", groups.len()),
            Exec::Block(b) => format!(
                "  // register block {} x {}{}",
                b.block.rows,
                b.block.columns,
                if b.packed.is_some() {
                    ", operand packed"
                } else {
                    ""
                }
            ),
        }
    }
}

impl Decided {
    /// The decided tree as C-like text, each loop's execution as a comment after its header
    /// (what `optimist show ast --target` prints).
    pub fn display(&self, ast: &LoopAst, scop: &Scop) -> String {
        let mut out = format!("// decided for {}\n", self.target.name());
        self.nodes(&mut out, ast, scop, &self.body, 0);
        out
    }

    fn nodes(&self, out: &mut String, ast: &LoopAst, scop: &Scop, nodes: &[DNode], depth: usize) {
        let pad = "  ".repeat(depth);
        for n in nodes {
            match n {
                DNode::For(l) => self.for_loop(out, ast, scop, l, depth),
                DNode::If { cond, then, els } => {
                    let _ = writeln!(out, "{pad}if ({}) {{", ast.expr(cond));
                    self.nodes(out, ast, scop, then, depth + 1);
                    if !els.is_empty() {
                        let _ = writeln!(out, "{pad}}} else {{");
                        self.nodes(out, ast, scop, els, depth + 1);
                    }
                    let _ = writeln!(out, "{pad}}}");
                }
                DNode::Stmt(s) => {
                    let mut text = String::new();
                    ast.stmt_line(&mut text, scop, s);
                    let _ = writeln!(out, "{pad}{text}");
                }
                DNode::Region { private, body } => {
                    let names: Vec<&str> =
                        private.iter().map(|&k| ast.iterators[k].as_str()).collect();
                    let _ = writeln!(out, "{pad}// parallel region (own {}) {{", names.join(", "));
                    self.nodes(out, ast, scop, body, depth + 1);
                    let _ = writeln!(out, "{pad}// }}");
                }
                DNode::Packed { pack, body } => {
                    let _ = writeln!(
                        out,
                        "{pad}// pack the operand of S{} along the columns ({} blocks of {} x {}) {{",
                        scop.access(pack.access).stmt.0,
                        pack.n_blocks,
                        pack.depth,
                        pack.block.columns
                    );
                    self.nodes(out, ast, scop, body, depth + 1);
                    let _ = writeln!(out, "{pad}// }}");
                }
            }
        }
    }

    fn for_loop(&self, out: &mut String, ast: &LoopAst, scop: &Scop, l: &DLoop, depth: usize) {
        let pad = "  ".repeat(depth);
        let it = &ast.iterators[l.iter];
        let _ = writeln!(
            out,
            "{pad}for ({it} = {}; {}; {it} += {}) {{{}",
            ast.expr(&l.init),
            ast.expr(&l.cond),
            l.step,
            l.exec.comment(self)
        );
        match &l.exec {
            Exec::Jammed(j) => {
                self.for_loop(out, ast, scop, &j.lanes, depth + 1);
                let _ = writeln!(out, "{pad}}} // then the remaining iterations:");
                let _ = writeln!(
                    out,
                    "{pad}for ({it} = ...; {it} < {}; {it} += 1) {{",
                    ast.expr(&j.end)
                );
                self.nodes(out, ast, scop, &j.rest, depth + 1);
            }
            Exec::Block(b) => {
                let mut text = String::new();
                ast.stmt_line(&mut text, scop, &b.block.stmt);
                let _ = writeln!(
                    out,
                    "{pad}  // the block: {} rows of {} from {}, {} columns of {} from {}",
                    b.block.rows,
                    ast.iterators[b.block.row],
                    ast.expr(&b.block.row_init),
                    b.block.columns,
                    ast.iterators[b.block.column],
                    ast.expr(&b.block.column_init),
                );
                let _ = writeln!(out, "{pad}  {text}");
                let _ = writeln!(out, "{pad}}} // else, not whole:");
                self.for_loop(out, ast, scop, &b.serial, depth);
                return;
            }
            _ => self.nodes(out, ast, scop, &l.body, depth + 1),
        }
        let _ = writeln!(out, "{pad}}}");
    }
}

impl LoopAst {
    /// The decided tree of this AST for `target` ([`decide`]).
    pub fn decide(&self, scop: &Scop, target: &Target, proved: &[ArrayId]) -> Decided {
        decide(scop, self, target, proved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_exist_for_the_element_types_native_vectors_hold() {
        assert!(has_lanes(Type::F64) && has_lanes(Type::F32) && has_lanes(Type::I32));
        assert!(!has_lanes(Type::I8));
    }

    #[test]
    fn coefficients_are_read_through_sums_and_products_by_constants() {
        let i = AExpr::Iter(0);
        let e = AExpr::Op(
            AstOp::Add,
            vec![
                AExpr::Op(AstOp::Mul, vec![AExpr::Int(3), i.clone()]),
                AExpr::Iter(1),
            ],
        );
        assert_eq!(coefficient(&e, 0), Some(3));
        assert_eq!(coefficient(&e, 1), Some(1));
        assert_eq!(coefficient(&e, 2), Some(0));
        let square = AExpr::Op(AstOp::Mul, vec![i.clone(), i]);
        assert_eq!(coefficient(&square, 0), None);
    }
}
