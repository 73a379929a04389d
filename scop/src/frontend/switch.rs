//! `switch` statements as they are written in structured code: each `case` (or group of
//! `case`s, or `default`) a clause that ends with `break` or falls through into the next (its
//! statements then followed by the next one's, up to a `break`), read as the chain of `if`s it
//! is equal to. A `case` inside another statement, a declaration in the body, a statement no
//! label reaches or a `break` anywhere else is refused, saying which.

use super::*;

/// A clause of a `switch`: its labels (`None` is `default`) and its statements.
struct Clause<'a> {
    labels: Vec<Option<&'a Node<Expression>>>,
    body: Vec<&'a Node<Statement>>,
    /// Whether it falls through into the next clause (no `break` ends it).
    falls: bool,
}

impl Lower<'_> {
    /// The `switch` statement `sw` (at `span`) as a chain of `if`s.
    pub(super) fn switch(&mut self, sw: &Node<ast::SwitchStatement>, span: Span) -> R<StmtKind> {
        let loc = Some(self.loc(span));
        let mut value = self.expr(&sw.node.expression)?;
        if !value.ty.is_int() {
            return self.err(sw.node.expression.span, "a `switch` needs an integer value");
        }
        let Statement::Compound(items) = &sw.node.statement.node else {
            return self.err(
                sw.node.statement.span,
                "a `switch` body must be a block of `case`s",
            );
        };
        let mut clauses: Vec<Clause<'_>> = Vec::new();
        // Whether the clause being read has ended with `break`.
        let mut ended = true;
        for item in items {
            let BlockItem::Statement(st) = &item.node else {
                return self.err(
                    item.span,
                    "a declaration in a `switch` body is not supported: declare it before the `switch`",
                );
            };
            let (mut s, mut labels) = (st, Vec::new());
            while let Statement::Labeled(l) = &s.node {
                match &l.node.label.node {
                    ast::Label::Case(c) => labels.push(Some(&**c)),
                    ast::Label::Default => labels.push(None),
                    _ => {
                        return self.err(
                            l.span,
                            "only `case` and `default` labels may stand in a `switch` body",
                        );
                    }
                }
                s = &l.node.statement;
            }
            if !labels.is_empty() {
                // A clause that has not ended falls through into this one.
                if let Some(c) = clauses.last_mut() {
                    c.falls = !ended;
                }
                clauses.push(Clause {
                    labels,
                    body: Vec::new(),
                    falls: false,
                });
                ended = false;
            } else if ended {
                return self.err(
                    s.span,
                    "a statement no `case` label reaches (before the first, or after a `break`)",
                );
            }
            if matches!(s.node, Statement::Break) {
                ended = true;
            } else if let Some(c) = clauses.last_mut() {
                c.body.push(s);
            }
        }
        // The conditions, then the bodies (each in a scope of its own).
        let mut conds = Vec::new();
        let mut bodies = Vec::new();
        for c in &clauses {
            let mut cases = Vec::new();
            for e in c.labels.iter().flatten() {
                // An integer constant expression (`case N / 2:`), folded as C does.
                let v = match self.integer_constant(e) {
                    Some(k) => self.ir(e.span, Expr::int(k, value.ty.promote()))?,
                    None => self.expr(e)?,
                };
                if !matches!(v.kind, ExprKind::Int(_)) {
                    return self.err(e.span, "a `case` needs an integer constant");
                }
                cases.push(v);
            }
            conds.push((cases, c.labels.contains(&None)));
            self.scopes.push(HashMap::new());
            let mut body = Vec::new();
            for s in &c.body {
                match self.body(s) {
                    Ok(b) => body.extend(b),
                    Err(e) => {
                        self.scopes.pop();
                        return Err(e);
                    }
                }
            }
            self.scopes.pop();
            bodies.push(body);
        }
        // A clause that falls through runs the next one's statements after its own.
        for k in (0..bodies.len().saturating_sub(1)).rev() {
            if clauses[k].falls {
                let next = bodies[k + 1].clone();
                bodies[k].extend(next);
            }
        }
        // C evaluates the value once: where a clause may change what it reads, it is first
        // evaluated into a variable of its own.
        let mut out = Vec::new();
        let all: Vec<Stmt> = bodies.iter().flatten().cloned().collect();
        let stays = values_stay([&value], &all);
        let at = |kind| Stmt {
            kind,
            label: None,
            loc: loc.clone(),
        };
        if !stays {
            let ty = value.ty;
            let v = self.vars.push(Var {
                name: "selector".into(),
                ty,
                kind: VarKind::Local,
            });
            out.push(at(StmtKind::Assign(LValue::Var(v), value)));
            value = Expr::var(v, ty);
        }
        // `default` is what no `case` takes: the last `else`.
        let mut chain: Vec<Stmt> = conds
            .iter()
            .zip(&bodies)
            .find(|((_, default), _)| *default)
            .map(|(_, b)| b.clone())
            .unwrap_or_default();
        for ((cases, _), body) in conds.into_iter().zip(bodies).rev() {
            let mut cond: Option<Expr> = None;
            for c in cases {
                let eq = self.ir(span, Expr::binary(BinOp::Eq, value.clone(), c))?;
                cond = Some(match cond {
                    None => eq,
                    Some(prev) => self.ir(span, Expr::binary(BinOp::Or, prev, eq))?,
                });
            }
            // A clause of `default` alone is the last `else` already.
            let Some(cond) = cond else { continue };
            chain = vec![at(StmtKind::If(cond, body, chain))];
        }
        out.extend(chain);
        Ok(StmtKind::Block(out))
    }
}
