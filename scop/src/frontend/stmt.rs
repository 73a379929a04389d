//! Statements: blocks, assignments, accesses, `for` and `while` loops.

use super::*;

impl<'a> Lower<'a> {
    pub(super) fn block_items(&mut self, items: &[Node<BlockItem>]) -> R<Vec<Stmt>> {
        self.scopes.push(HashMap::new());
        let mut out = Vec::new();
        for item in items {
            self.block_item_into(item, &mut out)?;
        }
        self.scopes.pop();
        Ok(out)
    }

    /// Lowers `item` onto `out`; a `while` loop may take the assignment before it as its start.
    pub(super) fn block_item_into(&mut self, item: &Node<BlockItem>, out: &mut Vec<Stmt>) -> R<()> {
        let before = out.len().saturating_sub(1);
        self.block_item_lowered(item, out)?;
        self.track_constants(&out[before..]);
        Ok(())
    }

    pub(super) fn block_item_lowered(
        &mut self,
        item: &Node<BlockItem>,
        out: &mut Vec<Stmt>,
    ) -> R<()> {
        // A loop that may start at the value the statement before it assigns.
        enum Starts<'s> {
            While(WhileParts<'s>),
            For(&'s Node<ast::ForStatement>),
        }
        if let BlockItem::Statement(s) = &item.node {
            let starts = match &s.node {
                Statement::For(f)
                    if matches!(f.node.initializer.node, ast::ForInitializer::Empty) =>
                {
                    Some(Starts::For(f))
                }
                other => while_parts(other).map(Starts::While),
            };
            if let Some(starts) = starts {
                let mut before = out.pop_if(|st| {
                    st.label.is_none() && matches!(st.kind, StmtKind::Assign(LValue::Var(_), _))
                });
                let lowered = match starts {
                    Starts::While(parts) => self.while_loop(parts, s.span, &mut before),
                    Starts::For(f) => self.for_loop(f, &mut before),
                };
                out.extend(before);
                out.push(Stmt {
                    kind: StmtKind::For(lowered?),
                    label: None,
                    loc: Some(self.loc(s.span)),
                });
                return Ok(());
            }
        }
        out.extend(self.block_item(item)?);
        Ok(())
    }

    /// A `while` or `do`-`while` loop that counts: its condition compares an integer variable
    /// with `< <= > >= != ==`, its body is a block whose last statement steps that variable by
    /// a constant. It becomes a `for` loop; when `before` is an assignment to the counter (the
    /// statement just before the loop), the loop starts at its value and `before` is taken,
    /// otherwise the loop starts at the counter's current value. A `do`-`while` runs its first
    /// iteration before any test: it needs that assignment, and its bound becomes `max(bound,
    /// start + step)` for `<` (the like for the other tests), which lets the first value run.
    pub(super) fn while_loop(
        &mut self,
        (cond, body, do_while): WhileParts<'_>,
        span: Span,
        before: &mut Option<Stmt>,
    ) -> R<For> {
        let what = if do_while { "`do`-`while`" } else { "`while`" };
        let rewrite = format!(
            "a {what} loop must count: compare an integer counter with a bound and step it by a constant as the last statement of its body (or write a `for` loop)"
        );
        let Some(var) = self.compared_counters(cond).next() else {
            return self.err(cond.span, rewrite);
        };
        let Statement::Compound(items) = &body.node else {
            return self.err(body.span, rewrite);
        };
        let Some((last, rest)) = items.split_last() else {
            return self.err(body.span, rewrite);
        };
        let BlockItem::Statement(last) = &last.node else {
            return self.err(last.span, rewrite);
        };
        let Statement::Expression(Some(step)) = &last.node else {
            return self.err(last.span, rewrite);
        };
        let name = self.vars[var].name.clone();
        let ty = self.vars[var].ty;
        let mut cond = self.loop_condition(cond, var, &name)?;
        let step = self.loop_step(step.as_ref(), &name)?;
        let body = self.block_items(rest)?;
        let start = match before
            .take_if(|st| matches!(st.kind, StmtKind::Assign(LValue::Var(v), _) if v == var))
        {
            Some(Stmt {
                kind: StmtKind::Assign(_, value),
                ..
            }) => value,
            _ => Expr::var(var, ty),
        };
        if do_while {
            // The bound is evaluated at every test: the start and the bound must not change in
            // the loop.
            let mut changed = vec![var];
            assigned_vars(&body, &mut changed);
            if changed
                .iter()
                .any(|&v| reads_var(&start, v) || reads_var(&cond.bound, v))
            {
                return self.err(
                    span,
                    format!("a `do`-`while` loop needs `{name}` assigned just before it, from values and a bound the loop does not change (or write a `for` loop)"),
                );
            }
            // The first value always runs: the bound is moved just past it when the test
            // would fail there.
            let step_value = self.ir(span, Expr::int(i128::from(step), ty))?;
            let first = self.ir(span, Expr::binary(BinOp::Add, start.clone(), step_value))?;
            let first = self.ir(span, first.convert(cond.ty))?;
            let at_start = self.ir(span, start.clone().convert(cond.ty))?;
            let (past, keep) = match (cond.op, step > 0) {
                (BinOp::Lt, true) => (first, BinOp::Gt),
                (BinOp::Le, true) => (at_start, BinOp::Gt),
                (BinOp::Gt, false) => (first, BinOp::Lt),
                (BinOp::Ge, false) => (at_start, BinOp::Lt),
                _ => {
                    return self.err(
                        span,
                        format!("a `do`-`while` loop must test `{name} <` or `<=` with a positive step, `>` or `>=` with a negative one"),
                    );
                }
            };
            // bound' = bound `keep` past ? bound : past, that is max (or min) of the two.
            let test = self.ir(span, Expr::binary(keep, cond.bound.clone(), past.clone()))?;
            cond.bound = self.ir(span, Expr::select(test, cond.bound.clone(), past))?;
        }
        Ok(For {
            var,
            init: start,
            cond,
            step,
            body,
        })
    }

    pub(super) fn block_item(&mut self, item: &Node<BlockItem>) -> R<Vec<Stmt>> {
        match &item.node {
            BlockItem::Declaration(d) => self.declaration(d),
            BlockItem::StaticAssert(s) => self.err(s.span, "`_Static_assert` is not supported"),
            BlockItem::Statement(s) => Ok(self.statement(s)?.into_iter().collect()),
        }
    }

    /// A local declaration: variables, arrays, and an assignment for each initializer.
    pub(super) fn declaration(&mut self, d: &Node<ast::Declaration>) -> R<Vec<Stmt>> {
        for s in &d.node.specifiers {
            if let DeclarationSpecifier::StorageClass(c) = &s.node
                && matches!(
                    c.node,
                    ast::StorageClassSpecifier::Static
                        | ast::StorageClassSpecifier::Extern
                        | ast::StorageClassSpecifier::Typedef
                )
            {
                return self.err(
                    c.span,
                    "static, extern and typedef declarations inside the function are not supported",
                );
            }
        }
        let ty = self.base_type(&d.node.specifiers, d.span)?;
        let mut out = Vec::new();
        for init in &d.node.declarators {
            let decl = &init.node.declarator.node;
            let span = init.span;
            let name = declarator_name(decl).ok_or_else(|| CError {
                loc: self.loc(span),
                message: "declaration without a name".into(),
            })?;
            if decl.derived.is_empty() {
                let v = self.new_var(&name, ty, VarKind::Local);
                if let Some(i) = &init.node.initializer {
                    let ast::Initializer::Expression(e) = &i.node else {
                        return self.err(i.span, "initializer lists are not supported");
                    };
                    if let Some(body) = self.inline_initializer(e, v, ty)? {
                        out.extend(body);
                        continue;
                    }
                    let value = self.expr(e)?;
                    let value = self.ir(e.span, value.convert(ty))?;
                    out.push(Stmt {
                        kind: StmtKind::Assign(LValue::Var(v), value),
                        label: None,
                        loc: Some(self.loc(span)),
                    });
                }
            } else {
                if init.node.initializer.is_some() {
                    return self.err(span, "array initializers are not supported");
                }
                let a = self.array_declarator(&name, ty, &decl.derived, span, false)?;
                self.new_array(a);
            }
        }
        Ok(out)
    }

    /// One statement; `None` for an empty statement.
    pub(super) fn statement(&mut self, s: &Node<Statement>) -> R<Option<Stmt>> {
        let loc = Some(self.loc(s.span));
        let kind = match &s.node {
            Statement::Labeled(l) => {
                let ast::Label::Identifier(id) = &l.node.label.node else {
                    return self.err(l.span, "a `case` or `default` label inside another statement of its `switch` is not supported");
                };
                let mut inner = match self.statement(&l.node.statement)? {
                    Some(st) => st,
                    None => Stmt {
                        kind: StmtKind::Block(vec![]),
                        label: None,
                        loc: loc.clone(),
                    },
                };
                if inner.label.is_some() {
                    inner = Stmt {
                        kind: StmtKind::Block(vec![inner]),
                        label: None,
                        loc: loc.clone(),
                    };
                }
                inner.label = Some(id.node.name.clone());
                return Ok(Some(inner));
            }
            Statement::Compound(items) => StmtKind::Block(self.block_items(items)?),
            Statement::Expression(None) => return Ok(None),
            Statement::Expression(Some(e)) => {
                if let Some(body) = self.inline_statement_call(e)? {
                    return Ok(Some(Stmt {
                        kind: StmtKind::Block(body),
                        label: None,
                        loc: loc.clone(),
                    }));
                }
                let mut before = Vec::new();
                let (target, value) = self.chained_assignment(e, &mut before)?;
                if before.is_empty() {
                    StmtKind::Assign(target, value)
                } else {
                    // `a = b = e;` is `b = e; a = b;`: the value of an assignment is its
                    // target's after the store, read back (recomputing `e` would see `b`'s new
                    // value where `e` reads `b`).
                    before.push((target, value));
                    StmtKind::Block(
                        before
                            .into_iter()
                            .map(|(t, v)| Stmt {
                                kind: StmtKind::Assign(t, v),
                                label: None,
                                loc: loc.clone(),
                            })
                            .collect(),
                    )
                }
            }
            Statement::If(i) => {
                let c = self.expr(&i.node.condition)?;
                let then = self.body(&i.node.then_statement)?;
                let els = match &i.node.else_statement {
                    Some(e) => self.body(e)?,
                    None => vec![],
                };
                if crate::model::guard_changes(&c, &then, &els) {
                    // C evaluates the condition once, before the statements under it change
                    // what it reads (an argmin's `if (d < best) { best = d; at = k; }`, a
                    // swap under `if (v[j] > v[j + 1])`): it is evaluated into a variable of
                    // its own (not a name of the program's), which the branches then test.
                    let ty = c.ty;
                    let cond = self.vars.push(Var {
                        name: "cond".into(),
                        ty,
                        kind: VarKind::Local,
                    });
                    let at = |kind| Stmt {
                        kind,
                        label: None,
                        loc: loc.clone(),
                    };
                    StmtKind::Block(vec![
                        at(StmtKind::Assign(LValue::Var(cond), c)),
                        at(StmtKind::If(Expr::var(cond, ty), then, els)),
                    ])
                } else {
                    StmtKind::If(c, then, els)
                }
            }
            Statement::For(f) => StmtKind::For(self.for_loop(f, &mut None)?),
            Statement::While(w) => StmtKind::For(self.while_loop(
                (&w.node.expression, &w.node.statement, false),
                s.span,
                &mut None,
            )?),
            Statement::DoWhile(w) => StmtKind::For(self.while_loop(
                (&w.node.expression, &w.node.statement, true),
                s.span,
                &mut None,
            )?),
            Statement::Switch(sw) => self.switch(sw, s.span)?,
            Statement::Goto(_) => return self.err(s.span, "`goto` is not supported"),
            Statement::Continue => return self.err(s.span, "`continue` is not supported"),
            Statement::Break => {
                return self.err(
                    s.span,
                    "`break` is not supported: loops must run to their bound",
                );
            }
            Statement::Return(_) => {
                return self.err(
                    s.span,
                    "`return` is supported only as the function's last statement",
                );
            }
            Statement::Asm(_) => return self.err(s.span, "inline assembly is not supported"),
        };
        Ok(Some(Stmt {
            kind,
            label: None,
            loc,
        }))
    }

    /// The statements of a loop or branch body, in their own scope.
    pub(super) fn body(&mut self, s: &Node<Statement>) -> R<Vec<Stmt>> {
        match &s.node {
            Statement::Compound(items) => self.block_items(items),
            _ => {
                self.scopes.push(HashMap::new());
                let r = self.statement(s).map(|st| st.into_iter().collect());
                self.scopes.pop();
                r
            }
        }
    }

    /// An expression statement that is one assignment (no chain).
    pub(super) fn assignment(&mut self, e: &Node<Expression>) -> R<(LValue, Expr)> {
        let mut before = Vec::new();
        let r = self.chained_assignment(e, &mut before)?;
        if before.is_empty() {
            Ok(r)
        } else {
            self.err(
                e.span,
                "a chained assignment is not supported here: write one assignment",
            )
        }
    }

    /// An expression statement: an assignment, a compound assignment, or `x++`-like. In a chain
    /// such as `a = b += e`, the inner assignments are pushed to `before` in the order they run
    /// and the outer one reads their target back.
    pub(super) fn chained_assignment(
        &mut self,
        e: &Node<Expression>,
        before: &mut Vec<(LValue, Expr)>,
    ) -> R<(LValue, Expr)> {
        match &e.node {
            Expression::BinaryOperator(b) => {
                let Some(op) = assign_op(&b.node.operator.node) else {
                    return self.err(
                        e.span,
                        "expression statement has no effect: only assignments are supported",
                    );
                };
                let rhs = match &b.node.rhs.node {
                    Expression::BinaryOperator(inner)
                        if is_assignment(&inner.node.operator.node) =>
                    {
                        let step = self.chained_assignment(&b.node.rhs, before)?;
                        before.push(step);
                        self.lvalue(&inner.node.lhs)?.2
                    }
                    _ => self.expr(&b.node.rhs)?,
                };
                let (lv, ty, current) = self.lvalue(&b.node.lhs)?;
                let value = match op {
                    None => rhs,
                    Some(op) => self.ir(e.span, Expr::binary(op, current, rhs))?,
                };
                Ok((lv, self.ir(e.span, value.convert(ty))?))
            }
            Expression::UnaryOperator(u) => {
                let delta =
                    match u.node.operator.node {
                        ast::UnaryOperator::PostIncrement | ast::UnaryOperator::PreIncrement => {
                            BinOp::Add
                        }
                        ast::UnaryOperator::PostDecrement | ast::UnaryOperator::PreDecrement => {
                            BinOp::Sub
                        }
                        _ => return self.err(
                            e.span,
                            "expression statement has no effect: only assignments are supported",
                        ),
                    };
                let (lv, ty, current) = self.lvalue(&u.node.operand)?;
                let value = self.ir(e.span, Expr::binary(delta, current, Expr::int32(1)))?;
                Ok((lv, self.ir(e.span, value.convert(ty))?))
            }
            Expression::Call(c) => self.call_error(c),
            _ => self.err(
                e.span,
                "expression statement has no effect: only assignments are supported",
            ),
        }
    }

    /// The target of an assignment, its type, and its current value (for `+=` and `++`).
    pub(super) fn lvalue(&mut self, e: &Node<Expression>) -> R<(LValue, Type, Expr)> {
        let member = self.member_name(e);
        let named = match (&e.node, &member) {
            (_, Some(m)) => Some(m.as_str()),
            (Expression::Identifier(id), None) => Some(id.node.name.as_str()),
            _ => None,
        };
        if let Some(name) = named {
            return match self.lookup(name) {
                Some(Name::Var(v)) => {
                    let ty = self.vars[v].ty;
                    Ok((LValue::Var(v), ty, Expr::var(v, ty)))
                }
                Some(Name::Array(_) | Name::Row(_)) => {
                    self.err(e.span, format!("cannot assign to the whole array `{name}`"))
                }
                Some(Name::Value(_)) => self.err(
                    e.span,
                    format!("cannot assign to the parameter `{name}` of an inlined function"),
                ),
                Some(Name::Struct(_)) => self.err(
                    e.span,
                    format!("cannot assign to the struct pointer `{name}`"),
                ),
                None => self.err(e.span, format!("unknown variable `{name}`")),
            };
        }
        match &e.node {
            Expression::BinaryOperator(b) if b.node.operator.node == ast::BinaryOperator::Index => {
                let (a, idx) = self.access(e)?;
                let elem = self.arrays[a].elem;
                let current = self.ir(e.span, Expr::read(a, elem, idx))?;
                let ExprKind::Leaf(IrLeaf::Read(_, idx)) = &current.kind else {
                    unreachable!("read builds a Read")
                };
                Ok((LValue::Elem(a, idx.clone()), elem, current))
            }
            Expression::UnaryOperator(u)
                if u.node.operator.node == ast::UnaryOperator::Indirection =>
            {
                self.err(
                    e.span,
                    "pointer dereference is not supported: subscript the array instead",
                )
            }
            _ => self.err(e.span, "only variables and array elements can be assigned"),
        }
    }

    /// `A[i][j]`: the array and the index expressions, one per dimension.
    pub(super) fn access(&mut self, e: &Node<Expression>) -> R<(ArrayId, Vec<Expr>)> {
        let mut indices = Vec::new();
        let mut cur = e;
        loop {
            match &cur.node {
                Expression::BinaryOperator(b)
                    if b.node.operator.node == ast::BinaryOperator::Index =>
                {
                    indices.push(&b.node.rhs);
                    cur = &b.node.lhs;
                }
                Expression::Identifier(_) | Expression::Member(_) => {
                    let name = match &cur.node {
                        Expression::Identifier(id) => Some(id.node.name.clone()),
                        _ => self.member_name(cur),
                    };
                    let Some(name) = name else {
                        return self.err(cur.span, "structs are not supported");
                    };
                    // A row an inlined call is given: its array, after its leading subscripts.
                    let (a, lead) = match self.lookup(&name) {
                        Some(Name::Array(a)) => (a, Vec::new()),
                        Some(Name::Row(r)) => self.rows[r].clone(),
                        _ => return self.err(cur.span, format!("`{name}` is not an array")),
                    };
                    indices.reverse();
                    let rank = self.arrays[a].dims.len() - lead.len();
                    if indices.len() != rank {
                        return self.err(e.span, format!(
                            "`{}` has {rank} dimension(s) but is subscripted {} time(s): pointer arithmetic and partial subscripts are not supported",
                            name,
                            indices.len()
                        ));
                    }
                    let mut idx = lead;
                    for i in indices {
                        idx.push(self.expr(i)?);
                    }
                    return Ok((a, idx));
                }
                _ => return self.err(cur.span, "only named arrays can be subscripted"),
            }
        }
    }
}

impl<'a> Lower<'a> {
    /// A `for` loop. Its counter may also be stepped by the last statement of its body (`for (i
    /// = 0; i < n; ) { ...; i += 2; }`, or on top of the header's step: `for (..; i++) { ..;
    /// i++; }` steps by 2), and its initialization may be empty: the loop then starts at
    /// `before`'s value when that is an assignment to the counter (the statement just before
    /// the loop, which is taken), otherwise at the counter's current value.
    pub(super) fn for_loop(
        &mut self,
        f: &Node<ast::ForStatement>,
        before: &mut Option<Stmt>,
    ) -> R<For> {
        self.scopes.push(HashMap::new());
        let r = self.for_loop_scoped(f, before);
        self.scopes.pop();
        r
    }

    pub(super) fn for_loop_scoped(
        &mut self,
        f: &Node<ast::ForStatement>,
        before: &mut Option<Stmt>,
    ) -> R<For> {
        let fs = &f.node;
        // The initializer: `i = e` or `int i = e`, or none.
        let (var, init) = match &fs.initializer.node {
            ast::ForInitializer::Expression(e) => {
                let (lv, value) = self.assignment(e)?;
                let LValue::Var(v) = lv else {
                    return self.err(e.span, "the loop must start by assigning its counter");
                };
                (v, value)
            }
            ast::ForInitializer::Declaration(d) => {
                let mut stmts = self.declaration(d)?;
                match stmts.pop() {
                    Some(Stmt {
                        kind: StmtKind::Assign(LValue::Var(v), value),
                        ..
                    }) if stmts.is_empty() => (v, value),
                    _ => {
                        return self.err(
                            d.span,
                            "the loop must declare exactly one initialized counter",
                        );
                    }
                }
            }
            _ => {
                let counter = fs
                    .condition
                    .as_ref()
                    .and_then(|c| self.condition_counter(c, fs));
                let Some(var) = counter else {
                    return self.err(
                        fs.initializer.span,
                        "the loop needs a counter initialization, as in `for (i = 0; ...)`",
                    );
                };
                let start = match before.take_if(
                    |st| matches!(st.kind, StmtKind::Assign(LValue::Var(v), _) if v == var),
                ) {
                    Some(Stmt {
                        kind: StmtKind::Assign(_, value),
                        ..
                    }) => value,
                    _ => Expr::var(var, self.vars[var].ty),
                };
                (var, start)
            }
        };
        let ty = self.vars[var].ty;
        if !ty.is_int() {
            return self.err(fs.initializer.span, "the loop counter must be an integer");
        }
        let name = self.vars[var].name.clone();
        let Some(cond) = &fs.condition else {
            return self.err(f.span, "the loop needs a condition comparing its counter");
        };
        let cond = self.loop_condition(cond, var, &name)?;
        // A step as the body's last statement.
        let (items, last_step) = match &fs.statement.node {
            Statement::Compound(items) => match items.split_last() {
                Some((last, rest)) => match &last.node {
                    BlockItem::Statement(Node {
                        node: Statement::Expression(Some(e)),
                        ..
                    }) if steps_counter(e, &name) => (Some(rest), Some(self.loop_step(e, &name)?)),
                    _ => (Some(&items[..]), None),
                },
                None => (Some(&items[..]), None),
            },
            _ => (None, None),
        };
        let step = match (&fs.step, last_step) {
            (Some(step), last) => {
                let step = self.loop_step(step, &name)?;
                match last {
                    None => step,
                    Some(last) => match step.checked_add(last) {
                        Some(s) if s != 0 => s,
                        _ => {
                            return self.err(
                                f.span,
                                format!("the loop's steps of `{name}` (in its header and at the end of its body) must add up to a non-zero constant"),
                            );
                        }
                    },
                }
            }
            (None, Some(last)) => last,
            (None, None) => {
                return self.err(
                    f.span,
                    "the loop needs a constant step such as `i++` or `i += 2`",
                );
            }
        };
        let body = match items {
            Some(items) => self.block_items(items)?,
            None => self.body(&fs.statement)?,
        };
        Ok(For {
            var,
            init,
            cond,
            step,
            body,
        })
    }

    /// The counter of a loop without initialization: the integer variable its condition `c`
    /// compares (`i` in `i < n` or `n > i`) that its header's step or its body's last statement
    /// steps.
    fn condition_counter(&self, c: &Node<Expression>, f: &ast::ForStatement) -> Option<VarId> {
        let last = match &f.statement.node {
            Statement::Compound(items) => match items.last().map(|i| &i.node) {
                Some(BlockItem::Statement(Node {
                    node: Statement::Expression(Some(e)),
                    ..
                })) => Some(e),
                _ => None,
            },
            _ => None,
        };
        let name = |v: VarId| self.vars[v].name.clone();
        self.compared_counters(c).find(|&v| {
            f.step
                .iter()
                .chain(last)
                .any(|s| steps_counter(s, &name(v)))
        })
    }

    /// The integer variables a loop condition `c` compares (`i`, then `n`, in `i < n`): the
    /// candidates for its counter.
    fn compared_counters<'c>(
        &'c self,
        c: &'c Node<Expression>,
    ) -> impl Iterator<Item = VarId> + 'c {
        let sides = match &c.node {
            Expression::BinaryOperator(b) => vec![&b.node.lhs, &b.node.rhs],
            _ => Vec::new(),
        };
        sides.into_iter().filter_map(move |e| match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name) {
                Some(Name::Var(v)) if self.vars[v].ty.is_int() => Some(v),
                _ => None,
            },
            _ => None,
        })
    }

    /// `i < e`, `e > i`, ...: normalized with the counter on the left.
    pub(super) fn loop_condition(
        &mut self,
        c: &Node<Expression>,
        var: VarId,
        name: &str,
    ) -> R<LoopCond> {
        let bad = |s: &Self| {
            s.err(
                c.span,
                format!("the loop condition must compare `{name}` with `< <= > >= != ==`"),
            )
        };
        let Expression::BinaryOperator(b) = &c.node else {
            return bad(self);
        };
        if b.node.operator.node == ast::BinaryOperator::LogicalAnd {
            return self.loop_conditions(c, &b.node.lhs, &b.node.rhs, var, name);
        }
        let op = match b.node.operator.node {
            ast::BinaryOperator::Less => BinOp::Lt,
            ast::BinaryOperator::LessOrEqual => BinOp::Le,
            ast::BinaryOperator::Greater => BinOp::Gt,
            ast::BinaryOperator::GreaterOrEqual => BinOp::Ge,
            ast::BinaryOperator::Equals => BinOp::Eq,
            ast::BinaryOperator::NotEquals => BinOp::Ne,
            _ => return bad(self),
        };
        let is_var = |e: &Node<Expression>| matches!(&e.node, Expression::Identifier(id) if id.node.name == name);
        let (op, other) = if is_var(&b.node.lhs) {
            (op, &b.node.rhs)
        } else if is_var(&b.node.rhs) {
            (op.swapped(), &b.node.lhs)
        } else {
            return bad(self);
        };
        let bound = self.expr(other)?;
        let ty = Type::usual(self.vars[var].ty, bound.ty);
        if !ty.is_int() {
            return self.err(other.span, "the loop bound must be an integer");
        }
        let bound = self.ir(other.span, bound.convert(ty))?;
        Ok(LoopCond { op, bound, ty })
    }

    /// `i < a && i < b`: one bound, `a < b ? a : b` (the tighter of two upper bounds, or of
    /// two lower bounds with `>` / `>=` and `?:` taking the larger). Both tests use the same
    /// operator. Unlike C, `b` is evaluated even when `i < a` fails; bounds have no side
    /// effects, so only a bound that is undefined there could tell.
    pub(super) fn loop_conditions(
        &mut self,
        c: &Node<Expression>,
        lhs: &Node<Expression>,
        rhs: &Node<Expression>,
        var: VarId,
        name: &str,
    ) -> R<LoopCond> {
        let a = self.loop_condition(lhs, var, name)?;
        let b = self.loop_condition(rhs, var, name)?;
        let keep = match a.op {
            BinOp::Lt | BinOp::Le => BinOp::Lt,
            BinOp::Gt | BinOp::Ge => BinOp::Gt,
            _ => BinOp::Eq,
        };
        if a.op != b.op || keep == BinOp::Eq {
            return self.err(
                c.span,
                format!("a loop condition with `&&` must compare `{name}` the same way on both sides, as in `{name} < n && {name} < m` (write the bounds with one operator)"),
            );
        }
        let ty = Type::usual(a.ty, b.ty);
        let (x, y) = (
            self.ir(c.span, a.bound.convert(ty))?,
            self.ir(c.span, b.bound.convert(ty))?,
        );
        let test = self.ir(c.span, Expr::binary(keep, x.clone(), y.clone()))?;
        let bound = self.ir(c.span, Expr::select(test, x, y))?;
        Ok(LoopCond {
            op: a.op,
            bound,
            ty,
        })
    }

    /// `i++`, `--i`, `i += 2`, `i -= 2`, `i = i + 2`: the constant step.
    pub(super) fn loop_step(&mut self, s: &Node<Expression>, name: &str) -> R<i64> {
        let bad = |this: &Self| {
            this.err(s.span, format!("the loop step must change `{name}` by a constant, as in `{name}++` or `{name} += 2`"))
        };
        let is_var = |e: &Node<Expression>| matches!(&e.node, Expression::Identifier(id) if id.node.name == name);
        let step = match &s.node {
            Expression::UnaryOperator(u) if is_var(&u.node.operand) => match u.node.operator.node {
                ast::UnaryOperator::PostIncrement | ast::UnaryOperator::PreIncrement => 1,
                ast::UnaryOperator::PostDecrement | ast::UnaryOperator::PreDecrement => -1,
                _ => return bad(self),
            },
            Expression::BinaryOperator(b) if is_var(&b.node.lhs) => {
                use ast::BinaryOperator as B;
                // (sign, the expression that must be a constant)
                let (sign, amount) = match b.node.operator.node {
                    B::AssignPlus => (1, &b.node.rhs),
                    B::AssignMinus => (-1, &b.node.rhs),
                    B::Assign => match &b.node.rhs.node {
                        Expression::BinaryOperator(r) => match r.node.operator.node {
                            B::Plus if is_var(&r.node.lhs) => (1, &r.node.rhs),
                            B::Plus if is_var(&r.node.rhs) => (1, &r.node.lhs),
                            B::Minus if is_var(&r.node.lhs) => (-1, &r.node.rhs),
                            _ => return bad(self),
                        },
                        _ => return bad(self),
                    },
                    _ => return bad(self),
                };
                match self.expr(amount)?.kind {
                    ExprKind::Int(v) => sign * v,
                    _ => return bad(self),
                }
            }
            _ => return bad(self),
        };
        match i64::try_from(step) {
            Ok(s) if s != 0 => Ok(s),
            _ => self.err(
                s.span,
                "the loop step must be a non-zero constant that fits in 64 bits",
            ),
        }
    }
}

/// Whether `e` has the form of a loop step of `name` (`name++`, `--name`, `name += e`, `name -=
/// e`, `name = name + e`), whatever `e`: [`Lower::loop_step`] then says whether it is constant.
fn steps_counter(e: &Node<Expression>, name: &str) -> bool {
    use ast::BinaryOperator as B;
    let is_var = |e: &Node<Expression>| matches!(&e.node, Expression::Identifier(id) if id.node.name == name);
    match &e.node {
        Expression::UnaryOperator(u) => {
            is_var(&u.node.operand)
                && matches!(
                    u.node.operator.node,
                    ast::UnaryOperator::PostIncrement
                        | ast::UnaryOperator::PreIncrement
                        | ast::UnaryOperator::PostDecrement
                        | ast::UnaryOperator::PreDecrement
                )
        }
        Expression::BinaryOperator(b) => {
            is_var(&b.node.lhs)
                && matches!(
                    b.node.operator.node,
                    B::AssignPlus | B::AssignMinus | B::Assign
                )
        }
        _ => false,
    }
}

/// A `while` (`false`) or `do`-`while` (`true`) loop's test and body.
pub(super) type WhileParts<'a> = (&'a Node<Expression>, &'a Node<Statement>, bool);

pub(super) fn while_parts(s: &Statement) -> Option<WhileParts<'_>> {
    match s {
        Statement::While(w) => Some((&w.node.expression, &w.node.statement, false)),
        Statement::DoWhile(w) => Some((&w.node.expression, &w.node.statement, true)),
        _ => None,
    }
}

/// Whether `e` reads variable `v`.
pub(super) fn reads_var(e: &Expr, v: VarId) -> bool {
    matches!(&e.kind, ExprKind::Leaf(IrLeaf::Var(x)) if *x == v)
        || e.children().iter().any(|c| reads_var(c, v))
}

/// Calls `f` on each block directly inside `stmts`' statements: loop bodies, both branches of
/// an `if`, the statements of a `{ ... }` (a pass that rewrites blocks at every depth).
pub(super) fn inner_blocks(
    stmts: &mut [Stmt],
    f: &mut dyn FnMut(&mut Vec<Stmt>) -> Result<(), IrError>,
) -> Result<(), IrError> {
    for st in stmts {
        match &mut st.kind {
            StmtKind::For(g) => f(&mut g.body)?,
            StmtKind::If(_, t, e) => {
                f(t)?;
                f(e)?;
            }
            StmtKind::Block(b) => f(b)?,
            StmtKind::Assign(..) => {}
        }
    }
    Ok(())
}

/// The variables `stmts` assign, at any depth (loop counters included).
/// For an assignment operator, the operation it applies to its target's value (`None` for
/// `=`); `None` for another operator.
#[allow(clippy::option_option)]
pub(super) fn assign_op(op: &ast::BinaryOperator) -> Option<Option<BinOp>> {
    use ast::BinaryOperator as B;
    Some(match op {
        B::Assign => None,
        B::AssignPlus => Some(BinOp::Add),
        B::AssignMinus => Some(BinOp::Sub),
        B::AssignMultiply => Some(BinOp::Mul),
        B::AssignDivide => Some(BinOp::Div),
        B::AssignModulo => Some(BinOp::Rem),
        B::AssignShiftLeft => Some(BinOp::Shl),
        B::AssignShiftRight => Some(BinOp::Shr),
        B::AssignBitwiseAnd => Some(BinOp::BitAnd),
        B::AssignBitwiseOr => Some(BinOp::BitOr),
        B::AssignBitwiseXor => Some(BinOp::BitXor),
        _ => return None,
    })
}

pub(super) fn assigned_vars(stmts: &[Stmt], out: &mut Vec<VarId>) {
    for st in stmts {
        match &st.kind {
            StmtKind::Assign(LValue::Var(v), _) => out.push(*v),
            StmtKind::Assign(..) => {}
            StmtKind::For(f) => {
                out.push(f.var);
                assigned_vars(&f.body, out);
            }
            StmtKind::If(_, t, e) => {
                assigned_vars(t, out);
                assigned_vars(e, out);
            }
            StmtKind::Block(b) => assigned_vars(b, out),
        }
    }
}

/// Whether `op` is `=` or a compound assignment.
pub(super) fn is_assignment(op: &ast::BinaryOperator) -> bool {
    assign_op(op).is_some()
}

/// Whether `exprs` have the same values wherever `body` is run after they are evaluated: they
/// read no array element, and no variable `body` assigns.
pub(super) fn values_stay<'e>(exprs: impl IntoIterator<Item = &'e Expr>, body: &[Stmt]) -> bool {
    let mut assigned = Vec::new();
    assigned_vars(body, &mut assigned);
    let mut work: Vec<&Expr> = exprs.into_iter().collect();
    while let Some(e) = work.pop() {
        match &e.kind {
            ExprKind::Leaf(IrLeaf::Var(x)) if assigned.contains(x) => return false,
            ExprKind::Leaf(IrLeaf::Read(..)) => return false,
            _ => work.extend(e.children()),
        }
    }
    true
}
