//! The rules for lanes, unroll-and-jam, registers and threads around lanes.

use super::*;
use crate::ast::StmtNode;

impl Decider<'_> {
    /// How a loop marked vector runs in lanes, and the statements the lanes run when they
    /// are not the body as written (`None`: decide the body). `None` when it does not.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lanes(
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
                let own = self.own_lanes(iter, init, elem, end, &flat, true, registers.len())?;
                let unrolled = flat.as_slice() != body;
                // Its iterations shared among threads, each thread's block in lanes, where no
                // loop around runs on threads and the loop is outermost or a whole sweep
                // directly in an outermost loop (a time loop's: bounds free of its iterator);
                // started per sweep, for enough work only. Deeper, a fork per row would cost
                // an outlined call per row for a row's work.
                let share = match self.threads_bound(iter, init, cond, parallel, &flat) {
                    Some(bound)
                        if t.threads
                            && cx.threads == Threads::One
                            && (cx.loops_around == 0
                                || (cx.loops_around == 1
                                    && !any_iterator(init)
                                    && !any_iterator(&bound))) =>
                    {
                        let fork = self.fork(iter, init, &bound, body);
                        Share::Spawn(bound, fork)
                    }
                    _ => Share::No,
                };
                Some((
                    Lanes {
                        own: Some(own),
                        unrolled,
                        share,
                        registers,
                        locals: Vec::new(),
                        reads: Vec::new(),
                        pairs: t.registers,
                    },
                    Some(flat),
                ))
            }
            Vectorizer::Compiler => {
                let flat = crate::decide::unroll_short(body, t);
                let printed = flat.as_deref().unwrap_or(body);
                let share = match self.threads_bound(iter, init, cond, parallel, printed) {
                    Some(end) if t.vector_threads && t.threads => match cx.threads {
                        // Started once: the loop is outermost. Inside other loops it would
                        // start the threads once per iteration of theirs, for a loop whose
                        // length is one dimension's (lanes win there, as in native code).
                        Threads::One if cx.loops_around == 0 => {
                            let fork = self.fork(iter, init, &end, body);
                            Share::Spawn(end, fork)
                        }
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
                        own: None,
                        unrolled: flat.is_some(),
                        share,
                        registers: Vec::new(),
                        locals: locals
                            .into_iter()
                            .map(|(array, k, a)| (array, StmtAt(k), a))
                            .collect(),
                        reads: reads.into_iter().map(|(k, a)| (StmtAt(k), a)).collect(),
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
    pub(super) fn jam(
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
                        own: Some(self.own_lanes(
                            *vi,
                            vinit,
                            elem,
                            vend,
                            &flat,
                            true,
                            registers.len(),
                        )?),
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
                        own: None,
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
            copies: crate::decide::jam_copies(init, &end),
            end,
            threads: false,
            fork: None,
            lanes,
            rest: self.nodes(body, cx.inside()),
        })
    }

    /// The lanes of `elem` code generation builds for a loop (exclusive bound `end`) over the
    /// statements `flat` ([`OwnLanes`]); `wide`: its whole vectors may run in the target's
    /// wide vectors, with `kept` arrays kept in registers within an iteration.
    #[allow(clippy::too_many_arguments)]
    fn own_lanes(
        &self,
        iter: usize,
        init: &AExpr,
        elem: Type,
        end: AExpr,
        flat: &[Node],
        wide: bool,
        kept: usize,
    ) -> Option<OwnLanes> {
        let stmts = flat
            .iter()
            .map(|n| match n {
                Node::Stmt(s) => Some(LaneStmt {
                    write: ArrayAccess::of(self.scop, self.scop.stmt(s.stmt).write)?,
                    node: s.clone(),
                }),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        let bytes = i64::from(self.target.wide_bytes);
        let wide = (wide
            && !stmts.is_empty()
            && crate::native::wide::Lane::of(elem).is_some()
            && bytes > i64::from(self.target.vector_bytes)
            && lanes_of(elem, bytes).is_some_and(|lanes| {
                most_trips(init, &end).is_none_or(|most| most >= WIDE_VECTORS * lanes)
            })
            && stmts.iter().all(|s| {
                let st = self.scop.stmt(s.node.stmt);
                wide_registers(self.scop, self.proved, iter, &s.node.indices, &st.value)
                    .is_some_and(|r| wide_fits(r, kept, wide_vector_registers(bytes)))
            }))
        .then(|| VectorShape::of(elem, bytes))
        .flatten();
        Some(OwnLanes {
            shape: VectorShape::of(elem, self.target.vector_bytes.into())?,
            end,
            stmts,
            wide,
        })
    }

    /// The element type of a loop body that runs in vector lanes along `iter`, or `None`:
    /// statements without guards that store a floating type (one for the whole body) at an
    /// element contiguous along `iter`, computed by `+ - * /`, negation and `sqrt` (exact in
    /// IEEE arithmetic, so lanes give the bits of the scalar code) from constants, scalars and
    /// accesses that are contiguous, reversed (reads) or invariant along `iter`, to arrays
    /// proved in range. The
    /// loop's mark says its iterations carry no dependence, so the statements may run lane by
    /// lane in any interleaving.
    pub(super) fn vectorizable(&self, iter: usize, body: &[Node]) -> Option<Type> {
        let mut elem = None;
        for n in body {
            let Node::Stmt(StmtNode { stmt, indices, .. }) = n else {
                return None;
            };
            let st = self.scop.stmt(*stmt);
            let t = self.scop.array(self.scop.access(st.write).array).elem;
            if st.guard.is_some()
                || lanes_of(t, self.target.vector_bytes.into()).is_none()
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
    /// ([`crate::decide::unroll_short`]: a convolution's `dy, dx` inside its `x` loop, so that
    /// `x` runs in lanes with `out[y][x]` in a register across the 25 products) when that is
    /// accepted. Running the loops inside lane by lane is legal because the mark says the
    /// loop's iterations carry no dependence.
    pub(super) fn lanes_body(&self, iter: usize, body: &[Node]) -> Option<(Type, Vec<Node>)> {
        if let Some(t) = self.vectorizable(iter, body) {
            return Some((t, body.to_vec()));
        }
        let flat = crate::decide::unroll_short(body, self.target)?;
        Some((self.vectorizable(iter, &flat)?, flat))
    }

    /// Whether `e` of type `t` can be computed in vector lanes along `iter`.
    pub(super) fn vector_expr(
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
                ExprKind::Call(MathFn::Sqrt | MathFn::Fma, args) => float && args.iter().all(ok),
                _ => false,
            }
    }

    /// The arrays a vector body may keep in registers within one iteration: written by it, and
    /// every access of the body to them has the same index expressions, free of the jammed
    /// iterator.
    #[allow(clippy::type_complexity)]
    pub(super) fn register_arrays(
        &self,
        stmts: &[StmtRef<'_>],
        jammed: Option<usize>,
    ) -> Vec<ArrayId> {
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
    pub(super) fn promotable(&self, iter: usize, body: &[Node]) -> Option<Vec<Promoted>> {
        // (array, index expressions, accesses, written, node of the first)
        type Group<'x> = (ArrayId, &'x [AExpr], Vec<AccessId>, bool, usize);
        let mut groups: Vec<Group<'_>> = Vec::new();
        // Accesses that move along `iter`: (array, node, access), `None` when not affine.
        let mut moving: Vec<(ArrayId, Option<(usize, AccessId)>)> = Vec::new();
        for (k, st, indices) in self.unguarded(body)? {
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
                            None => groups.push((id, exprs, vec![a], write, k)),
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
            .filter(|(id, _, _, written, _)| {
                *written
                    && arrays.iter().filter(|a| *a == id).count() == 1
                    && !moving.iter().any(|(m, x)| m == id && x.is_none())
            })
            .filter_map(|(id, _, accesses, _, node)| {
                Some(Promoted {
                    home: (StmtAt(node), ArrayAccess::of(self.scop, accesses[0])?),
                    others: moving
                        .iter()
                        .filter(|(m, _)| *m == id)
                        .filter_map(|(_, x)| {
                            x.and_then(|(k, a)| Some((StmtAt(k), ArrayAccess::of(self.scop, a)?)))
                        })
                        .collect(),
                    accesses,
                })
            })
            .collect();
        (!groups.is_empty()).then_some(groups)
    }

    /// The statements of a loop body with their node and index expressions, when it is
    /// statements only, each once, none with a guard (so every iteration runs each of them);
    /// `None` otherwise.
    fn unguarded<'x>(&'x self, body: &'x [Node]) -> Option<Vec<StmtAt<'x>>> {
        let mut out = Vec::new();
        let mut seen = Vec::new();
        for (k, n) in body.iter().enumerate() {
            let Node::Stmt(StmtNode { stmt, indices, .. }) = n else {
                return None;
            };
            let st = self.scop.stmt(*stmt);
            if st.guard.is_some() || seen.contains(stmt) {
                return None;
            }
            seen.push(*stmt);
            out.push((k, st, indices.as_slice()));
        }
        Some(out)
    }

    /// The values an innermost loop over `iter` (increment `step`) may carry from one
    /// iteration to the next ([`Carried`]): per array proved in range that the loop writes
    /// through one access only, at index expressions affine in the iterators and parameters
    /// that move with `iter`, the reads whose index expressions are those at `iter - step`.
    /// The body must be statements only, each once, none with a guard (every iteration stores
    /// the value the next one reads). `None` when there is none.
    pub(super) fn carried(&self, iter: usize, step: i64, body: &[Node]) -> Option<Vec<Carried>> {
        // (array, node, access, index expressions): writes and reads with index expressions.
        let mut writes = Vec::new();
        let mut reads = Vec::new();
        // Arrays written at indices the AST does not give (data-dependent subscripts).
        let mut unknown = Vec::new();
        for (k, st, indices) in self.unguarded(body)? {
            for &a in &st.accesses {
                let Some(id) = array_of(self.scop, a) else {
                    continue;
                };
                let exprs = indices.iter().find(|(x, _)| *x == a).map(|(_, e)| e);
                match (exprs, a == st.write) {
                    (Some(e), true) => writes.push((id, k, a, e)),
                    (Some(e), false) => reads.push((id, k, a, e)),
                    (None, true) => unknown.push(id),
                    (None, false) => {}
                }
            }
        }
        let mut out = Vec::new();
        for &(id, k, w, exprs) in &writes {
            if writes.iter().filter(|x| x.0 == id).count() != 1
                || unknown.contains(&id)
                || !self.proved.contains(&id)
            {
                continue;
            }
            let Some(written) = exprs.iter().map(linear).collect::<Option<Vec<_>>>() else {
                continue;
            };
            let key = Term::Iter(iter);
            if written
                .iter()
                .all(|(l, _)| l.get(&key).copied().unwrap_or(0) == 0)
            {
                continue;
            }
            // The element the previous iteration wrote.
            let Some(before) = written
                .iter()
                .map(|(l, c)| {
                    let coef = l.get(&key).copied().unwrap_or(0);
                    Some((l.clone(), c.checked_sub(coef.checked_mul(step)?)?))
                })
                .collect::<Option<Vec<Linear>>>()
            else {
                continue;
            };
            let hits: Vec<(usize, AccessId)> = reads
                .iter()
                .filter(|r| r.0 == id)
                .filter(|r| {
                    r.3.iter().map(linear).collect::<Option<Vec<_>>>().as_ref() == Some(&before)
                })
                .map(|r| (r.1, r.2))
                .collect();
            if let Some(&(node, first)) = hits.first()
                && let Some(first) = ArrayAccess::of(self.scop, first)
            {
                out.push(Carried {
                    write: (StmtAt(k), w),
                    reads: hits.iter().map(|h| h.1).collect(),
                    first: (StmtAt(node), first),
                });
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// The exclusive bound of a vector loop over `iter` (`init`, `cond`, its body as it runs)
    /// when it may share its iterations among threads: it is marked so (`parallel`), its body
    /// is statements writing no scalar of the function (their counters and scalars are the
    /// function's), its bound is free of it (the trip count is computed first), and its length
    /// is not a constant (a few iterations would not pay for the threads meeting).
    pub(super) fn threads_bound(
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
            && body
                .iter()
                .all(|n| matches!(n, Node::Stmt(StmtNode { .. })))
            && (crate::ast::constant(init).is_none() || crate::ast::constant(&end).is_none()))
        .then_some(end)
    }

    /// Whether every statement in `nodes` (the body of an outermost loop: a time loop) is in a
    /// vector loop directly in it (no loop between) that shares its iterations among threads
    /// in a parallel region ([`Self::threads_bound`]), and there is one at least: every thread
    /// of the region can run everything else, the loop around and its tests, on its own, and
    /// the threads meet once per sweep of a whole dimension. A vector loop deeper inside would
    /// make them meet once per row, for a row's work.
    pub(super) fn region_fits(&self, nodes: &[Node]) -> bool {
        fn walk(d: &Decider<'_>, nodes: &[Node], found: &mut bool) -> bool {
            nodes.iter().all(|n| match n {
                Node::Stmt(StmtNode { .. }) => false,
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
                    let printed = crate::decide::unroll_short(body, d.target);
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
    pub(super) fn loop_locals(
        &self,
        iter: usize,
        body: &[Node],
    ) -> (Vec<(ScopArrayId, usize, AccessId)>, Vec<(usize, AccessId)>) {
        let written: Vec<ScopArrayId> = body
            .iter()
            .filter_map(|n| match n {
                Node::Stmt(StmtNode { stmt, .. }) => {
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
            let Node::Stmt(StmtNode { stmt, indices, .. }) = n else {
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
}

/// The lanes of `t` in a vector of `bytes` ([`Target::vector_bytes`]) in native code: `None`
/// for the element types its vector code does not handle (the one list of them: `decide`
/// makes lanes of these only, and `native/model` builds its vector types from this).
pub(crate) fn lanes_of(t: Type, bytes: i64) -> Option<i64> {
    let size = match t {
        Type::F32 | Type::I32 | Type::U32 => 4,
        Type::F64 | Type::I64 | Type::U64 => 8,
        Type::I8 | Type::U8 | Type::I16 | Type::U16 => return None,
    };
    let lanes = bytes / size;
    (bytes % size == 0 && (2..=64).contains(&lanes) && (lanes as u64).is_power_of_two())
        .then_some(lanes)
}

/// The vector registers the wide-loop emitter takes for `e` along `iter` (as
/// `native/wide.rs`'s `WideExpr::registers` counts them: a stack over the tree), or `None` when
/// it does not take `e`: floating `+ - * /`, negation and `sqrt` of constants, parameters and
/// accesses contiguous or invariant along `iter`.
pub(crate) fn wide_registers(
    scop: &Scop,
    proved: &[ArrayId],
    iter: usize,
    indices: &[(AccessId, Vec<AExpr>)],
    e: &BodyExpr,
) -> Option<usize> {
    let go = |x: &BodyExpr| wide_registers(scop, proved, iter, indices, x);
    let lane = crate::native::wide::Lane::of(e.ty)?;
    let float = e.ty.is_float();
    match &e.kind {
        ExprKind::Float(_) | ExprKind::Int(_) | ExprKind::Leaf(BodyLeaf::Param(_)) => Some(1),
        ExprKind::Leaf(BodyLeaf::Access(a)) => match stride(scop, proved, iter, indices, *a)? {
            Stride::Contiguous | Stride::Invariant => Some(1),
            Stride::Reversed => None,
        },
        ExprKind::Unary(UnOp::Neg, x) if float => go(x),
        ExprKind::Call(MathFn::Sqrt, args) if float && args.len() == 1 => go(&args[0]),
        // The addend in the sum's register, the factors above it (`vfmadd231`).
        ExprKind::Call(MathFn::Fma, args) if float && args.len() == 3 => {
            Some(go(&args[2])?.max(1 + go(&args[0])?).max(2 + go(&args[1])?))
        }
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div), x, y)
            if float
                || matches!(op, BinOp::Add | BinOp::Sub)
                || (*op == BinOp::Mul && lane == crate::native::wide::Lane::I32) =>
        {
            Some(go(x)?.max(1 + go(y)?))
        }
        // `x cmp y ? a : b`, the comparison of the lanes' type.
        ExprKind::Select(c, a, b) => match &c.kind {
            ExprKind::Binary(op, x, y) if op.is_comparison() && x.ty == e.ty && y.ty == e.ty => {
                Some(go(a)?.max(1 + go(b)?).max(2 + go(x)?).max(3 + go(y)?))
            }
            _ => None,
        },
        _ => None,
    }
}

/// The fewest wide vectors a loop must be able to run for its whole vectors to be worth a
/// call of the wide-loop emitter's code: a loop bounded by a tile of 32 iterations (lu's inner
/// loops) ran four `zmm` vectors per call, and lu took 0.20 s where Cranelift's lanes take 0.14.
const WIDE_VECTORS: i64 = 16;

/// The most iterations a loop from `init` below `end` runs, when a constant bounds them: `end`
/// is at most each term of its minimum and `init` at least each term of its maximum, and one
/// such pair differs by a constant (`c5` from `max(32 * c1, c4 + 1)` to `min(n, 32 * c1 + 32)`:
/// 32).
pub(crate) fn most_trips(init: &AExpr, end: &AExpr) -> Option<i64> {
    // The terms of a minimum (or maximum), a constant added to it added to each.
    fn terms(e: &AExpr, op: AstOp, out: &mut Vec<AExpr>) {
        match e {
            AExpr::Op(o, args) if *o == op => {
                for a in args {
                    terms(a, op, out);
                }
            }
            AExpr::Op(AstOp::Add, args)
                if args.len() == 2 && matches!(&args[0], AExpr::Op(o, _) if *o == op) =>
            {
                let mut inner = Vec::new();
                terms(&args[0], op, &mut inner);
                out.extend(
                    inner
                        .into_iter()
                        .map(|t| AExpr::Op(AstOp::Add, vec![t, args[1].clone()])),
                );
            }
            _ => out.push(e.clone()),
        }
    }
    let (mut lows, mut highs) = (Vec::new(), Vec::new());
    terms(init, AstOp::Max, &mut lows);
    terms(end, AstOp::Min, &mut highs);
    let mut most = None;
    for h in &highs {
        for l in &lows {
            let d = AExpr::Op(AstOp::Sub, vec![h.clone(), l.clone()]);
            if let Some((vars, c)) = linear(&d)
                && vars.is_empty()
            {
                most = Some(most.map_or(c, |m: i64| m.min(c)));
            }
        }
    }
    most
}

/// The vector registers of vectors of `bytes` on x86-64: 16 `ymm`, 32 `zmm`.
pub(crate) fn wide_vector_registers(bytes: i64) -> usize {
    if bytes >= 64 { 32 } else { 16 }
}

/// Whether statements that take `stack` vector registers, with `kept` values held across the
/// iteration (the arrays kept in registers), fit in `registers` with one more for the sign
/// mask: the wide-loop emitter's bound, which `decide` checks before it asks for one.
pub(crate) fn wide_fits(stack: usize, kept: usize, registers: usize) -> bool {
    stack + kept < registers
}

/// How an access moves along the iterator of a vector loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stride {
    /// The same element for every lane.
    Invariant,
    /// Consecutive elements of the innermost dimension, one per lane.
    Contiguous,
    /// Consecutive elements of the innermost dimension backwards (`y[k - i - 1]` along `i`):
    /// lane `l` reads the element `l` before lane 0's. Read as one vector ending at lane 0's
    /// element, its lanes reversed; only reads move so.
    Reversed,
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
        (-1, outer) if outer.iter().all(|&c| c == 0) && !acc.kind.is_write() => {
            Some(Stride::Reversed)
        }
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

/// A variable of an affine AST expression.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Term {
    Iter(usize),
    Param(String),
}

/// An affine AST expression: its coefficients (none zero) and its constant.
pub(crate) type Linear = (std::collections::BTreeMap<Term, i64>, i64);

/// `e` as an affine form of the iterators and parameters, `None` when it is not one (a
/// product of two variables, a division, a minimum) or a coefficient overflows.
pub(crate) fn linear(e: &AExpr) -> Option<Linear> {
    fn add(mut a: Linear, b: Linear, sign: i64) -> Option<Linear> {
        for (t, c) in b.0 {
            let v =
                a.0.get(&t)
                    .copied()
                    .unwrap_or(0)
                    .checked_add(c.checked_mul(sign)?)?;
            if v == 0 {
                a.0.remove(&t);
            } else {
                a.0.insert(t, v);
            }
        }
        a.1 = a.1.checked_add(b.1.checked_mul(sign)?)?;
        Some(a)
    }
    fn scale(a: Linear, k: i64) -> Option<Linear> {
        if k == 0 {
            return Some(Default::default());
        }
        let mut terms = std::collections::BTreeMap::new();
        for (t, c) in a.0 {
            terms.insert(t, c.checked_mul(k)?);
        }
        Some((terms, a.1.checked_mul(k)?))
    }
    let one = |t: Term| Some((std::collections::BTreeMap::from([(t, 1)]), 0));
    match e {
        AExpr::Int(v) => Some((Default::default(), *v)),
        AExpr::Iter(k) => one(Term::Iter(*k)),
        AExpr::Param(p) => one(Term::Param(p.clone())),
        AExpr::Op(AstOp::Add, a) if a.len() == 2 => add(linear(&a[0])?, linear(&a[1])?, 1),
        AExpr::Op(AstOp::Sub, a) if a.len() == 2 => add(linear(&a[0])?, linear(&a[1])?, -1),
        AExpr::Op(AstOp::Minus, a) if a.len() == 1 => scale(linear(&a[0])?, -1),
        AExpr::Op(AstOp::Mul, a) if a.len() == 2 => match (&a[0], &a[1]) {
            (AExpr::Int(c), x) | (x, AExpr::Int(c)) => scale(linear(x)?, *c),
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

/// A statement occurrence of a loop body by its node: the node, the statement and its
/// accesses' index expressions.
type StmtAt<'x> = (
    usize,
    &'x optimist_scop::model::ScopStmt,
    &'x [(AccessId, Vec<AExpr>)],
);

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
            Node::Stmt(StmtNode {
                stmt,
                iterators,
                indices,
            }) => Some((scop.stmt(*stmt), iterators.as_slice(), indices.as_slice())),
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

/// Whether `e` uses an AST iterator.
fn any_iterator(e: &AExpr) -> bool {
    match e {
        AExpr::Iter(_) => true,
        AExpr::Op(_, args) => args.iter().any(any_iterator),
        AExpr::Int(_) | AExpr::Param(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_exist_for_the_element_types_native_vectors_hold() {
        assert_eq!(lanes_of(Type::F64, 16), Some(2));
        assert_eq!(lanes_of(Type::F32, 16), Some(4));
        assert_eq!(lanes_of(Type::I32, 64), Some(16));
        assert_eq!(lanes_of(Type::I8, 16), None);
        assert_eq!(lanes_of(Type::F64, 8), None);
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

    #[test]
    fn a_loop_inside_a_tile_runs_at_most_the_tiles_iterations() {
        let op = |o, a: Vec<AExpr>| AExpr::Op(o, a);
        let (c1, c4) = (AExpr::Iter(1), AExpr::Iter(4));
        let n = AExpr::Param("n".into());
        let c1_32 = op(AstOp::Mul, vec![AExpr::Int(32), c1]);
        // c5 from max(32 * c1, c4 + 1) below min(n, 32 * c1 + 32).
        let init = op(
            AstOp::Max,
            vec![c1_32.clone(), op(AstOp::Add, vec![c4, AExpr::Int(1)])],
        );
        let end = op(
            AstOp::Min,
            vec![
                n.clone(),
                op(AstOp::Add, vec![c1_32.clone(), AExpr::Int(32)]),
            ],
        );
        assert_eq!(most_trips(&init, &end), Some(32));
        // `c5 <= min(n - 1, 32 * c1 + 31)`: its exclusive bound is the minimum plus one.
        let inclusive = op(
            AstOp::Min,
            vec![
                n.clone(),
                op(AstOp::Add, vec![c1_32.clone(), AExpr::Int(31)]),
            ],
        );
        let end = op(AstOp::Add, vec![inclusive, AExpr::Int(1)]);
        assert_eq!(most_trips(&c1_32, &end), Some(32));
        // From 0 below n: no constant bounds it.
        assert_eq!(most_trips(&AExpr::Int(0), &n), None);
        assert_eq!(most_trips(&AExpr::Int(3), &AExpr::Int(100)), Some(97));
    }
}
