//! Calls of the file's own functions as statements, inlined: `void` ones (`sweep(0.1);`,
//! `smooth(u, v);`), and ones whose value a statement assigns (`s = dot(x, y, n);`, `e +=
//! kinetic();`, the body ending with `return VALUE;`). The function's body stands where it is
//! called, its scalar parameters the arguments' values (or locals of their own that take them,
//! where the body assigns them), its array parameters the caller's arrays themselves (so the
//! body's writes through them are the caller's), its locals fresh; then the assignment takes
//! the returned value.
//!
//! Where the caller is a region's kernel ([`FrontendConfig::calls_see_globals`]), the body
//! also sees the caller's names: the region analysis ([`regions`]) made the globals the body
//! uses the kernel's inputs, and refused the region where a declaration of the caller hides
//! one. Elsewhere the body sees its parameters alone (a global it uses is unknown there).

use super::*;

/// How deep inlined calls may nest.
pub(super) const MAX_INLINED: usize = 16;

impl Lower<'_> {
    /// The statements of the expression statement `e` that calls a function defined in the
    /// file (`f(..);`, or `x op= f(..);`), inlined; `None` where `e` is no such call (another
    /// call is refused by the expression's lowering, with its reason); an error naming what to
    /// change where the call cannot be inlined.
    pub(super) fn inline_statement_call(&mut self, e: &Node<Expression>) -> R<Option<Vec<Stmt>>> {
        // The call, and the assignment that takes its value.
        let (c, target) = match &e.node {
            Expression::Call(c) => (c, None),
            Expression::BinaryOperator(b) => {
                match (assign_op(&b.node.operator.node), &b.node.rhs.node) {
                    (Some(op), Expression::Call(c)) => (c, Some(Target::Lhs(&b.node.lhs, op))),
                    _ => return Ok(None),
                }
            }
            _ => return Ok(None),
        };
        self.inline_call_statement(c, target, e.span)
    }

    /// A declaration's initializer that is a call of a function of the file
    /// (`double e = kinetic();`), inlined, assigning `var` (of type `ty`); `None` where `e`
    /// is no such call.
    pub(super) fn inline_initializer(
        &mut self,
        e: &Node<Expression>,
        var: VarId,
        ty: Type,
    ) -> R<Option<Vec<Stmt>>> {
        let Expression::Call(c) = &e.node else {
            return Ok(None);
        };
        self.inline_call_statement(c, Some(Target::Var(var, ty)), e.span)
    }

    /// The call `c` (standing at `span`) inlined, its value assigned to `target`.
    fn inline_call_statement(
        &mut self,
        c: &Node<ast::CallExpression>,
        target: Option<Target<'_>>,
        span: Span,
    ) -> R<Option<Vec<Stmt>>> {
        let Expression::Identifier(id) = &c.node.callee.node else {
            return Ok(None);
        };
        let name = id.node.name.as_str();
        if self.lookup(name).is_some() || self.pures.declares(name) {
            return Ok(None);
        }
        let Some(def) = self.pures.definitions.get(name).copied() else {
            return Ok(None);
        };
        let refuse = |l: &Self, why: String| {
            l.err(
                c.span,
                format!("`{name}` is called here and cannot be inlined: {why}"),
            )
        };
        let Ok(ret) = self.base_type_or_void(&def.node.specifiers, def.span) else {
            return Ok(None);
        };
        // A `void` function whose value is assigned, or a function with a value called for
        // nothing: refused by the expression's lowering.
        if ret.is_some() != target.is_some() {
            return Ok(None);
        }
        let Some(declared) =
            def.node
                .declarator
                .node
                .derived
                .iter()
                .find_map(|dd| match &dd.node {
                    DerivedDeclarator::Function(f) => Some(&f.node),
                    _ => None,
                })
        else {
            return refuse(self, "it is declared without a prototype".into());
        };
        if declared.ellipsis != ast::Ellipsis::None {
            return refuse(self, "it takes variable arguments".into());
        }
        let params: Vec<&Node<ast::ParameterDeclaration>> = declared
            .parameters
            .iter()
            .filter(|p| p.node.declarator.is_some())
            .collect();
        if params.len() != c.node.arguments.len() {
            return refuse(
                self,
                format!(
                    "it takes {} arguments and is given {}",
                    params.len(),
                    c.node.arguments.len()
                ),
            );
        }
        if self.inlining.iter().any(|n| n == name) || self.inlining.len() >= MAX_INLINED {
            return refuse(
                self,
                "it calls itself (a recursive function is not inlined)".into(),
            );
        }
        let Statement::Compound(items) = &def.node.statement.node else {
            return Ok(None);
        };
        // A final `return;` ends the body anyway, a final `return VALUE;` gives the value;
        // another `return` is refused where it stands.
        let last = items.last().and_then(|l| match &l.node {
            BlockItem::Statement(s) => match &s.node {
                Statement::Return(v) => Some(v.as_deref()),
                _ => None,
            },
            _ => None,
        });
        let (items, value) = match (last, ret) {
            (Some(None), None) => (&items[..items.len() - 1], None),
            (_, None) => (items.as_slice(), None),
            // One `return VALUE;` alone: inlined where it is read, as an expression.
            (Some(Some(_)), Some(_)) if items.len() == 1 => return Ok(None),
            (Some(Some(v)), Some(t)) => (&items[..items.len() - 1], Some((v, t))),
            (_, Some(_)) => {
                return refuse(
                    self,
                    "it must end with `return VALUE;`, its only `return`".into(),
                );
            }
        };
        // The arguments, in the caller's scope: values, and arrays by name.
        let mut args = Vec::new();
        for (k, (p, a)) in params.iter().zip(&c.node.arguments).enumerate() {
            // A pointer to a struct, given `&st` or a pointer the caller has: its members
            // are the kernel's variables `st__m` (a region's kernel only).
            let pointer = p.node.declarator.as_ref().is_some_and(|d| {
                matches!(d.node.derived.as_slice(), [dd] if matches!(dd.node, DerivedDeclarator::Pointer(_)))
            });
            if pointer && self.base_type_or_void(&p.node.specifiers, p.span).is_err() {
                let base = match super::regions::struct_argument(a) {
                    Some((x, false)) => Some(x.clone()),
                    Some((x, true)) => match self.lookup(x) {
                        Some(Name::Struct(s)) => Some(self.structs[s].clone()),
                        None => Some(x.clone()),
                        _ => None,
                    },
                    None => None,
                };
                let Some(base) = base.filter(|_| self.calls_see_globals) else {
                    return refuse(
                        self,
                        format!(
                            "its argument {} is a struct it is not given as `&s` or a pointer inside a region",
                            k + 1
                        ),
                    );
                };
                args.push(Arg::Struct(base));
                continue;
            }
            let array = p
                .node
                .declarator
                .as_ref()
                .is_some_and(|d| !d.node.derived.is_empty());
            if array {
                // The array itself, or a row of it (`u[k]`: leading subscripts).
                let mut lead = Vec::new();
                let mut base = a;
                while let Expression::BinaryOperator(b) = &base.node
                    && b.node.operator.node == ast::BinaryOperator::Index
                {
                    lead.push(&*b.node.rhs);
                    base = &b.node.lhs;
                }
                let found = match &base.node {
                    Expression::Identifier(n) => match self.lookup(&n.node.name) {
                        Some(Name::Array(arr)) => Some((arr, Vec::new())),
                        Some(Name::Row(r)) => Some(self.rows[r].clone()),
                        _ => None,
                    },
                    _ => None,
                };
                let found = match found {
                    Some((arr, mut prefix))
                        if prefix.len() + lead.len() < self.arrays[arr].dims.len() =>
                    {
                        for x in lead.into_iter().rev() {
                            prefix.push(self.expr(x)?);
                        }
                        Some((arr, prefix))
                    }
                    _ => None,
                };
                let Some(arr) = found else {
                    return refuse(
                        self,
                        format!(
                            "its argument {} is not an array or a row of one (pass the array, or `a[i]` of a 2-D `a`, not an address or an offset into it)",
                            k + 1
                        ),
                    );
                };
                args.push(Arg::Array(arr));
            } else {
                let v = self.expr(a)?;
                args.push(Arg::Value(v, a.span));
            }
        }
        // The body's scope: the caller's names (a region's kernel), or none.
        let base = if self.calls_see_globals {
            self.scopes.clone()
        } else {
            vec![HashMap::new(); self.scopes.len()]
        };
        let caller = std::mem::replace(&mut self.scopes, base.clone());
        self.inlining.push(name.to_string());
        // Scalar parameters stand for their arguments' values where the body does not assign
        // them and does not change what the argument reads (so a bound `i < n` stays affine);
        // else each is a local of the body's own that takes the value.
        let mark = self.inlined.len();
        self.scopes.push(HashMap::new());
        let mut body = self.inlined_body(&params, args.clone(), (items, value), c.span, Some(def));
        self.inlined.truncate(mark);
        if body
            .as_ref()
            .map_or(true, |(b, _)| !args_stay(&args, b, false))
        {
            self.scopes = base;
            self.scopes.push(HashMap::new());
            body = self.inlined_body(&params, args.clone(), (items, value), c.span, None);
        }
        self.inlining.pop();
        self.scopes = caller;
        let (mut body, value) = body?;
        if !args_stay(&args, &body, true) {
            return refuse(
                self,
                "the subscripts of a row it is given read what its body changes".into(),
            );
        }
        // The assignment of the value, in the caller's scope.
        if let (Some(target), Some(value)) = (target, value) {
            let (lv, ty, value) = match target {
                Target::Lhs(lhs, op) => {
                    let (lv, ty, current) = self.lvalue(lhs)?;
                    let value = match op {
                        None => value,
                        Some(op) => self.ir(span, Expr::binary(op, current, value))?,
                    };
                    (lv, ty, value)
                }
                Target::Var(v, ty) => (LValue::Var(v), ty, value),
            };
            body.push(Stmt {
                kind: StmtKind::Assign(lv, self.ir(span, value.convert(ty))?),
                label: None,
                loc: Some(self.loc(span)),
            });
        }
        Ok(Some(body))
    }

    /// The inlined body in its own scope (pushed): each parameter bound to its argument (its
    /// value where `by_value` says the function does not assign it), then the body's items,
    /// and the value of its `return VALUE;` (converted to the function's type).
    fn inlined_body(
        &mut self,
        params: &[&Node<ast::ParameterDeclaration>],
        args: Vec<Arg>,
        (items, value): (&[Node<BlockItem>], Returned<'_>),
        call: Span,
        by_value: Option<&Node<ast::FunctionDefinition>>,
    ) -> R<(Vec<Stmt>, Option<Expr>)> {
        let name = self.inlining.last().cloned().unwrap_or_default();
        let mut out = Vec::new();
        let loc = Some(self.loc(call));
        for (p, arg) in params.iter().zip(args) {
            let Some(d) = &p.node.declarator else {
                continue;
            };
            let Some(pname) = declarator_name(&d.node) else {
                return self.err(p.span, "parameter without a name");
            };
            if let Arg::Struct(base) = arg {
                self.declare(&pname, Name::Struct(self.structs.len()));
                self.structs.push(base);
                continue;
            }
            let Some(ty) = self.base_type_or_void(&p.node.specifiers, p.span)? else {
                return self.err(p.span, "`void` parameter");
            };
            match arg {
                Arg::Value(v, span)
                    if by_value.is_some_and(|def| !assigns(&def.node.statement, &pname)) =>
                {
                    let v = self.ir(span, v.convert(ty))?;
                    self.declare(&pname, Name::Value(self.inlined.len()));
                    self.inlined.push(v);
                }
                Arg::Value(v, span) => {
                    // A local of the body's own, which takes the argument's value (the body
                    // may assign its parameter; the caller's variable stays).
                    let v = self.ir(span, v.convert(ty))?;
                    let var = self.vars.push(Var {
                        name: pname.clone(),
                        ty,
                        kind: VarKind::Local,
                    });
                    self.declare(&pname, Name::Var(var));
                    out.push(Stmt {
                        kind: StmtKind::Assign(LValue::Var(var), v),
                        label: None,
                        loc: loc.clone(),
                    });
                }
                Arg::Struct(_) => {}
                Arg::Array((arr, lead)) => {
                    // The caller's array itself (or a row of it), where the parameter's shape
                    // is the array's (after the row's subscripts): the same element type, and
                    // the same extents after the first.
                    let shape = self.array_declarator(&pname, ty, &d.node.derived, p.span, true)?;
                    let have = &self.arrays[arr];
                    let have_dims = &have.dims[lead.len()..];
                    let inner = |dims: &[Dim]| -> Option<Vec<u64>> {
                        dims.iter()
                            .skip(1)
                            .map(|d| match d {
                                Dim::Const(n) => Some(*n),
                                _ => None,
                            })
                            .collect()
                    };
                    let same = shape.elem == have.elem
                        && shape.dims.len() == have_dims.len()
                        && inner(&shape.dims).is_some()
                        && inner(&shape.dims) == inner(have_dims);
                    if !same {
                        return self.err(
                            call,
                            format!(
                                "`{name}` is called here and cannot be inlined: its parameter `{pname}` is not of the shape of the array `{}` it is given (the same element type and constant extents after the first are needed)",
                                have.name
                            ),
                        );
                    }
                    if lead.is_empty() {
                        self.declare(&pname, Name::Array(arr));
                    } else {
                        self.declare(&pname, Name::Row(self.rows.len()));
                        self.rows.push((arr, lead));
                    }
                }
            }
        }
        for item in items {
            self.block_item_into(item, &mut out)?;
        }
        let value = match value {
            Some((v, ty)) => {
                let x = self.expr(v)?;
                Some(self.ir(v.span, x.convert(ty))?)
            }
            None => None,
        };
        Ok((out, value))
    }
}

/// Whether `body` may assign the variable `name` (`name = `, `name += `, `name++`, `&name`),
/// whatever declaration the name has there.
fn assigns(body: &Node<Statement>, name: &str) -> bool {
    use lang_c::visit::Visit;
    struct Finder<'n>(&'n str, bool);
    impl<'ast> Visit<'ast> for Finder<'_> {
        fn visit_expression(&mut self, e: &'ast Expression, span: &'ast Span) {
            let named = |x: &Node<Expression>| matches!(&x.node, Expression::Identifier(i) if i.node.name == self.0);
            match e {
                Expression::BinaryOperator(b) if is_assignment(&b.node.operator.node) => {
                    self.1 |= named(&b.node.lhs);
                }
                Expression::UnaryOperator(u)
                    if !matches!(
                        u.node.operator.node,
                        ast::UnaryOperator::Plus
                            | ast::UnaryOperator::Minus
                            | ast::UnaryOperator::Complement
                            | ast::UnaryOperator::Negate
                            | ast::UnaryOperator::Indirection
                    ) =>
                {
                    self.1 |= named(&u.node.operand);
                }
                _ => {}
            }
            lang_c::visit::visit_expression(self, e, span);
        }
    }
    let mut f = Finder(name, false);
    f.visit_statement(&body.node, &body.span);
    f.1
}

/// Whether the values of `args` (`rows`: the subscripts of the rows given only) are the same
/// wherever `body` reads them ([`values_stay`]).
fn args_stay(args: &[Arg], body: &[Stmt], rows: bool) -> bool {
    let exprs = args.iter().flat_map(|a| match a {
        Arg::Struct(_) => Vec::new(),
        Arg::Array((_, lead)) => lead.iter().collect(),
        Arg::Value(v, _) if !rows => vec![v],
        Arg::Value(..) => Vec::new(),
    });
    values_stay(exprs, body)
}

/// The expression a function returns, and its type (`None` for a `void` function).
type Returned<'e> = Option<(&'e Node<Expression>, Type)>;

/// What takes the value of an inlined call: the target of an assignment (`x op= f(..)`), or
/// a declared variable (`double x = f(..);`).
enum Target<'e> {
    Lhs(&'e Node<Expression>, Option<BinOp>),
    Var(VarId, Type),
}

/// An argument of an inlined call: a value, or the caller's array.
#[derive(Clone)]
enum Arg {
    Value(Expr, Span),
    /// The caller's array, and the leading subscripts of the row given (none: the array).
    Array((ArrayId, Vec<Expr>)),
    /// A struct the caller passes, by its name there.
    Struct(String),
}
