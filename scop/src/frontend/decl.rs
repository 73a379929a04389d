//! Declarations: the function chosen, its parameters, typedefs, local variables and arrays.

use super::*;

impl<'a> Lower<'a> {
    pub(super) fn new(lines: &'a LineMap, pures: Rc<Pures<'a>>) -> Lower<'a> {
        Lower {
            lines,
            pures,
            typedefs: HashMap::new(),
            refused_typedefs: HashMap::new(),
            inlined: Vec::new(),
            inlining: Vec::new(),
            structs: Vec::new(),
            rows: Vec::new(),
            objects: Vec::new(),
            calls_see_globals: false,
            vars: Default::default(),
            arrays: Default::default(),
            scopes: vec![HashMap::new()],
            constants: HashMap::new(),
            enums: HashMap::new(),
            unsigned_enums: Default::default(),
        }
    }

    /// Whether statements are lowered in the function's outermost block (each runs once).
    pub(super) fn outermost(&self) -> bool {
        self.scopes.len() == 2
    }

    /// Updates [`Lower::constants`] after `stmts` were lowered: what they assign is no longer
    /// known, unless it is an integer constant assigned in the outermost block.
    pub(super) fn track_constants(&mut self, stmts: &[Stmt]) {
        for st in stmts {
            let mut assigned = Vec::new();
            assigned_vars(std::slice::from_ref(st), &mut assigned);
            for v in assigned {
                self.constants.remove(&v);
            }
            if let StmtKind::Assign(LValue::Var(v), value) = &st.kind
                && matches!(value.kind, ExprKind::Int(_))
                && self.outermost()
            {
                self.constants.insert(*v, value.clone());
            }
        }
    }

    pub(super) fn err<T>(&self, span: Span, message: impl Into<String>) -> R<T> {
        Err(CError {
            loc: self.loc(span),
            message: message.into(),
        })
    }

    pub(super) fn loc(&self, span: Span) -> SrcLoc {
        self.lines.loc(if span.is_none() { 0 } else { span.start })
    }

    pub(super) fn ir<T>(&self, span: Span, r: Result<T, IrError>) -> R<T> {
        r.map_err(|e| CError {
            loc: self.loc(span),
            message: e.0,
        })
    }

    /// Scalar typedefs of the translation unit (`typedef double DATA_TYPE;`, `int64_t`, ...).
    pub(super) fn typedefs(&mut self, unit: &ast::TranslationUnit) {
        for ext in &unit.0 {
            let ast::ExternalDeclaration::Declaration(d) = &ext.node else {
                continue;
            };
            let is_typedef = d.node.specifiers.iter().any(|s| {
                matches!(&s.node, DeclarationSpecifier::StorageClass(c) if c.node == ast::StorageClassSpecifier::Typedef)
            });
            if !is_typedef {
                continue;
            }
            let ty = self.base_type(&d.node.specifiers, d.span);
            for init in &d.node.declarators {
                let decl = &init.node.declarator.node;
                if decl.derived.is_empty()
                    && let ast::DeclaratorKind::Identifier(id) = &decl.kind.node
                {
                    match &ty {
                        Ok(ty) => {
                            self.typedefs.insert(id.node.name.clone(), *ty);
                        }
                        Err(e) => {
                            self.refused_typedefs
                                .insert(id.node.name.clone(), e.message.clone());
                        }
                    }
                }
            }
        }
    }

    /// The file-scope enumeration constants (`enum { N = 100, M };`) whose values fold to
    /// integers: each is an `int` constant wherever the file uses it.
    pub(super) fn enums(&mut self, unit: &ast::TranslationUnit) {
        for ext in &unit.0 {
            let ast::ExternalDeclaration::Declaration(d) = &ext.node else {
                continue;
            };
            for s in &d.node.specifiers {
                let DeclarationSpecifier::TypeSpecifier(t) = &s.node else {
                    continue;
                };
                let ast::TypeSpecifier::Enum(e) = &t.node else {
                    continue;
                };
                let mut next = Some(0i128);
                let mut unsigned = !e.node.enumerators.is_empty();
                for en in &e.node.enumerators {
                    let value = match &en.node.expression {
                        Some(x) => self.integer_constant(x),
                        None => next,
                    };
                    next = value.and_then(|v| v.checked_add(1));
                    unsigned &= value.is_some_and(|v| v >= 0);
                    if let Some(v) = value.filter(|v| i32::try_from(*v).is_ok())
                        && let Ok(c) = Expr::int(v, Type::I32)
                    {
                        self.enums.insert(en.node.identifier.node.name.clone(), c);
                    }
                }
                // `enum tag` names the type elsewhere.
                if let Some(tag) = &e.node.identifier
                    && unsigned
                {
                    self.unsigned_enums.insert(tag.node.name.clone());
                }
            }
        }
    }

    /// The value of an integer constant expression made of integer constants, known
    /// enumeration constants, parentheses and `+ - * / % << >>` (what enumerators are
    /// written with); `None` for anything else or on overflow.
    pub(super) fn integer_constant(&self, e: &Node<Expression>) -> Option<i128> {
        use ast::BinaryOperator as B;
        match &e.node {
            Expression::Constant(c) => match self.constant(&c.node, e.span).ok()?.kind {
                ExprKind::Int(v) => Some(v),
                _ => None,
            },
            Expression::Identifier(id) => match self.enums.get(&id.node.name)?.kind {
                ExprKind::Int(v) => Some(v),
                _ => None,
            },
            Expression::UnaryOperator(u) => {
                let v = self.integer_constant(&u.node.operand)?;
                match u.node.operator.node {
                    ast::UnaryOperator::Minus => v.checked_neg(),
                    ast::UnaryOperator::Plus => Some(v),
                    _ => None,
                }
            }
            Expression::BinaryOperator(b) => {
                let (l, r) = (
                    self.integer_constant(&b.node.lhs)?,
                    self.integer_constant(&b.node.rhs)?,
                );
                match b.node.operator.node {
                    B::Plus => l.checked_add(r),
                    B::Minus => l.checked_sub(r),
                    B::Multiply => l.checked_mul(r),
                    B::Divide => l.checked_div(r),
                    B::Modulo => l.checked_rem(r),
                    B::ShiftLeft if (0..32).contains(&r) => l.checked_mul(1 << r),
                    B::ShiftRight if (0..32).contains(&r) => Some(l >> r),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    pub(super) fn pick_function<'u>(
        &self,
        unit: &'u ast::TranslationUnit,
        wanted: Option<&str>,
        pragmas: &Pragmas,
        start: SrcLoc,
    ) -> R<&'u Node<ast::FunctionDefinition>> {
        if let Some(offset) = pragmas.unmatched {
            return Err(CError {
                loc: self.lines.loc(offset),
                message: "`#pragma scop` and `#pragma endscop` do not pair up".into(),
            });
        }
        let defs: Vec<&Node<ast::FunctionDefinition>> = unit
            .0
            .iter()
            .filter_map(|e| match &e.node {
                ast::ExternalDeclaration::FunctionDefinition(f) => Some(f),
                _ => None,
            })
            .collect();
        let names: Vec<String> = defs
            .iter()
            .map(|d| declarator_name(&d.node.declarator.node).unwrap_or_default())
            .collect();
        if let Some(w) = wanted {
            return match names.iter().position(|n| n == w) {
                Some(i) => Ok(defs[i]),
                None => Err(CError {
                    loc: start,
                    message: format!("no function `{w}` (functions: {})", names.join(", ")),
                }),
            };
        }
        let with_scop: Vec<usize> = (0..defs.len())
            .filter(|&i| !pragmas.in_span(defs[i].span).is_empty())
            .collect();
        let kernels: Vec<usize> = (0..defs.len())
            .filter(|&i| !self.pures.declares(&names[i]))
            .collect();
        match (with_scop.as_slice(), defs.len()) {
            ([i], _) => Ok(defs[*i]),
            ([], 1) => Ok(defs[0]),
            ([], _) if kernels.len() == 1 => Ok(defs[kernels[0]]),
            ([], 0) => Err(CError {
                loc: start,
                message: "no function definition".into(),
            }),
            _ => Err(CError {
                loc: start,
                message: format!(
                    "several functions ({}): choose one with --function",
                    names.join(", ")
                ),
            }),
        }
    }

    pub(super) fn declare(&mut self, name: &str, n: Name) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), n);
        }
    }

    pub(super) fn lookup(&self, name: &str) -> Option<Name> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    pub(super) fn new_var(&mut self, name: &str, ty: Type, kind: VarKind) -> VarId {
        let id = self.vars.push(Var {
            name: name.to_string(),
            ty,
            kind,
        });
        self.declare(name, Name::Var(id));
        id
    }

    pub(super) fn new_array(&mut self, a: Array) -> ArrayId {
        let name = a.name.clone();
        let id = self.arrays.push(a);
        self.declare(&name, Name::Array(id));
        id
    }

    pub(super) fn function(
        mut self,
        def: &Node<ast::FunctionDefinition>,
        pragmas: &Pragmas,
    ) -> R<Function> {
        let d = &def.node;
        let name = declarator_name(&d.declarator.node).unwrap_or_default();
        if !d.declarations.is_empty() {
            return self.err(
                def.span,
                "K&R-style parameter declarations are not supported",
            );
        }
        let ret_ty = self.base_type_or_void(&d.specifiers, def.span)?;
        let mut params = Vec::new();
        // `f(void)`, or `f()`, which C reads as a function of unspecified parameters and a
        // definition as one of none.
        let declared = d
            .declarator
            .node
            .derived
            .iter()
            .find_map(|dd| match &dd.node {
                DerivedDeclarator::Function(f) => Some(f.node.parameters.as_slice()),
                DerivedDeclarator::KRFunction(ids) if ids.is_empty() => Some(&[][..]),
                _ => None,
            });
        let Some(declared) = declared else {
            return self.err(def.span, "not a function declarator");
        };
        for p in declared {
            if let Some(param) = self.parameter(p)? {
                params.push(param);
            }
        }
        let Statement::Compound(items) = &d.statement.node else {
            return self.err(d.statement.span, "function body is not a block");
        };
        // A function that returns a value ends with `return e;` (after the regions, if any);
        // a `void` one may end with `return;`.
        let (items, last_return) = match items.split_last() {
            Some((last, rest)) => match &last.node {
                BlockItem::Statement(s) => match &s.node {
                    Statement::Return(e) => (rest, Some((e.as_deref(), s.span))),
                    _ => (items.as_slice(), None),
                },
                _ => (items.as_slice(), None),
            },
            None => (items.as_slice(), None),
        };
        let regions = pragmas.in_span(def.span);
        self.scopes.push(HashMap::new());
        let mut body = if regions.is_empty() {
            let mut out = Vec::new();
            for item in items {
                self.block_item_into(item, &mut out)?;
            }
            out
        } else {
            self.scop_regions(items, &regions, pragmas)?
        };
        let ret = match (ret_ty, last_return) {
            (None, None | Some((None, _))) => None,
            (None, Some((Some(_), span))) => {
                return self.err(span, format!("`{name}` is `void` but returns a value"));
            }
            (Some(ty), Some((Some(e), span))) => {
                let value = self.expr(e)?;
                let value = self.ir(span, value.convert(ty))?;
                let slot =
                    crate::ir::return_slot_name(self.vars.as_slice(), self.arrays.as_slice());
                let id = self.new_array(Array {
                    name: slot,
                    elem: ty,
                    dims: vec![Dim::Const(1)],
                    kind: ArrayKind::Local,
                });
                let zero = self.ir(span, Expr::int(0, Type::I64))?;
                body.push(Stmt {
                    kind: StmtKind::Assign(LValue::Elem(id, vec![zero]), value),
                    label: None,
                    loc: Some(self.loc(span)),
                });
                Some(id)
            }
            (Some(ty), _) => {
                return self.err(
                    def.span,
                    format!(
                        "`{name}` returns {ty}: it must end with `return VALUE;`, its only `return`"
                    ),
                );
            }
        };
        self.scopes.pop();
        finals::counters_after_loops(&mut body).map_err(|e| CError {
            loc: self.lines.loc(def.span.start),
            message: format!("internal error: {}", e.0),
        })?;
        let counted = counted::counted(&mut body, &self.vars).map_err(|e| CError {
            loc: self.lines.loc(def.span.start),
            message: format!("internal error: {}", e.0),
        })?;
        let mut counted = counted;
        counted.extend(
            induction::induction(&mut body, &self.vars).map_err(|e| CError {
                loc: self.lines.loc(def.span.start),
                message: format!("internal error: {}", e.0),
            })?,
        );
        let peeled = wrap::wrap_around(&mut body).map_err(|e| CError {
            loc: self.lines.loc(def.span.start),
            message: format!("internal error: {}", e.0),
        })?;
        let f = Function {
            name,
            params,
            vars: self.vars,
            arrays: self.arrays,
            body,
            ret,
            file_scope: Vec::new(),
            peeled,
            counted,
            is_static: d.specifiers.iter().any(|s| {
                matches!(
                    &s.node,
                    DeclarationSpecifier::StorageClass(c)
                        if c.node == ast::StorageClassSpecifier::Static
                )
            }),
        };
        f.validate().map_err(|e| CError {
            loc: self.lines.loc(def.span.start),
            message: format!("internal error: {}", e.0),
        })?;
        Ok(f)
    }

    /// The statements inside the `#pragma scop` regions, in order: the function is the regions
    /// one after the other, so outside them only declarations may stand (they declare their
    /// variables, and their initializers run where they stand).
    pub(super) fn scop_regions(
        &mut self,
        items: &[Node<BlockItem>],
        regions: &[(usize, usize)],
        pragmas: &Pragmas,
    ) -> R<Vec<Stmt>> {
        let mut out = Vec::new();
        for item in items {
            let span = item.span;
            let end = pragmas.text_end(span);
            let inside = regions
                .iter()
                .any(|&(start, stop)| span.start > start && end <= stop);
            let apart = regions
                .iter()
                .all(|&(start, stop)| end <= start || span.start > stop);
            if inside {
                self.block_item_into(item, &mut out)?;
            } else if !apart {
                return self.err(span, "`#pragma scop` region must start and end at statement boundaries of the function body");
            } else if matches!(item.node, BlockItem::Declaration(_)) {
                self.block_item_into(item, &mut out)?;
            } else if regions.iter().all(|&(_, end)| span.start > end) {
                return self.err(span, "statement after the `#pragma scop` region: move it inside, or remove the pragmas");
            } else {
                return self.err(span, "statement outside the `#pragma scop` region: move it inside, or remove the pragmas");
            }
        }
        Ok(out)
    }

    /// A function parameter; `None` for `(void)`.
    pub(super) fn parameter(&mut self, p: &Node<ast::ParameterDeclaration>) -> R<Option<Param>> {
        let span = p.span;
        let Some(decl) = &p.node.declarator else {
            if self.base_type_or_void(&p.node.specifiers, span)?.is_none() {
                return Ok(None);
            }
            return self.err(span, "unnamed parameters are not supported");
        };
        let Some(ty) = self.base_type_or_void(&p.node.specifiers, span)? else {
            return self.err(span, "`void` parameter");
        };
        let name = declarator_name(&decl.node).ok_or_else(|| CError {
            loc: self.loc(span),
            message: "parameter without a name".into(),
        })?;
        let derived = &decl.node.derived;
        if derived.is_empty() {
            return Ok(Some(Param::Scalar(self.new_var(&name, ty, VarKind::Param))));
        }
        let array = self.array_declarator(&name, ty, derived, span, true)?;
        Ok(Some(Param::Array(self.new_array(array))))
    }

    /// An array or pointer declarator (`A[n][m]`, `*restrict A`).
    pub(super) fn array_declarator(
        &mut self,
        name: &str,
        elem: Type,
        derived: &[Node<DerivedDeclarator>],
        span: Span,
        param: bool,
    ) -> R<Array> {
        if let [dd] = derived
            && let DerivedDeclarator::Pointer(quals) = &dd.node
        {
            if !param {
                return self.err(span, format!("local pointer `{name}` is not supported"));
            }
            let restrict = quals.iter().any(|q| matches!(&q.node, ast::PointerQualifier::TypeQualifier(t) if t.node == ast::TypeQualifier::Restrict));
            return Ok(Array {
                name: name.to_string(),
                elem,
                dims: vec![Dim::Unknown],
                kind: ArrayKind::Pointer { restrict },
            });
        }
        let mut dims = Vec::new();
        let mut restrict = false;
        for (k, dd) in derived.iter().enumerate() {
            let DerivedDeclarator::Array(a) = &dd.node else {
                return self.err(
                    dd.span,
                    format!("`{name}`: only arrays and flat pointers of scalars are supported"),
                );
            };
            restrict |= a
                .node
                .qualifiers
                .iter()
                .any(|q| q.node == ast::TypeQualifier::Restrict);
            dims.push(match &a.node.size {
                ast::ArraySize::Unknown if k == 0 && param => Dim::Unknown,
                ast::ArraySize::VariableExpression(e) | ast::ArraySize::StaticExpression(e) => {
                    let size = self.expr(e)?;
                    if !size.ty.is_int() {
                        return self.err(e.span, "array size is not an integer");
                    }
                    match size.kind {
                        ExprKind::Int(n) if n >= 0 => Dim::Const(n as u64),
                        ExprKind::Int(n) => {
                            return self.err(e.span, format!("negative array size {n}"));
                        }
                        _ if param => Dim::Expr(self.ir(e.span, size.convert(Type::I64))?),
                        _ => self.local_size(name, size, e.span)?,
                    }
                }
                _ => {
                    return self.err(
                        a.span,
                        format!("array `{name}` needs a size in this dimension"),
                    );
                }
            });
        }
        let kind = if param {
            ArrayKind::Param { restrict }
        } else {
            ArrayKind::Local
        };
        Ok(Array {
            name: name.to_string(),
            elem,
            dims,
            kind,
        })
    }

    /// A dimension of local array `name` sized by the non-constant `size`. Local arrays are
    /// allocated when the function starts, so the size may read parameters, and local scalars
    /// only where their value is a known constant ([`Lower::constants`]).
    pub(super) fn local_size(&self, name: &str, size: Expr, span: Span) -> R<Dim> {
        // What the size reads that is not known when the function starts.
        let mut unknown: Option<String> = None;
        let size = size.map_leaves(&mut |leaf, ty| match *leaf {
            IrLeaf::Var(v) if self.vars[v].kind == VarKind::Local => match self.constants.get(&v) {
                Some(c) if self.outermost() => Ok(c.clone().convert(ty)?),
                _ => {
                    unknown.get_or_insert_with(|| format!("local `{}`", self.vars[v].name));
                    Expr::leaf(IrLeaf::Var(v), ty)
                }
            },
            IrLeaf::Read(..) => {
                unknown.get_or_insert_with(|| "an array element".to_string());
                Expr::leaf(leaf.clone(), ty)
            }
            _ => Expr::leaf(leaf.clone(), ty),
        });
        let size = self.ir(span, size)?;
        if let Some(what) = unknown {
            return self.err(
                span,
                format!(
                    "the size of local array `{name}` reads {what}: local arrays are allocated when the function starts, so a size may read parameters, and a local scalar only where it was assigned a constant before, outside any loop or branch"
                ),
            );
        }
        let size = self.ir(span, size.convert(Type::I64))?;
        Ok(match size.kind {
            ExprKind::Int(n) if n >= 0 => Dim::Const(n as u64),
            _ => Dim::Expr(size),
        })
    }

    pub(super) fn base_type(&self, specs: &[Node<DeclarationSpecifier>], span: Span) -> R<Type> {
        match self.base_type_or_void(specs, span)? {
            Some(t) => Ok(t),
            None => self.err(span, "`void` is not a value type"),
        }
    }

    /// The scalar type named by declaration specifiers; `None` for `void`.
    pub(super) fn base_type_or_void(
        &self,
        specs: &[Node<DeclarationSpecifier>],
        span: Span,
    ) -> R<Option<Type>> {
        let mut words: Vec<(&ast::TypeSpecifier, Span)> = Vec::new();
        for s in specs {
            match &s.node {
                DeclarationSpecifier::TypeSpecifier(t) => words.push((&t.node, t.span)),
                // `static void kernel(...)` is fine; local declarations check their storage class.
                DeclarationSpecifier::StorageClass(_) => {}
                DeclarationSpecifier::TypeQualifier(_)
                | DeclarationSpecifier::Function(_)
                | DeclarationSpecifier::Extension(_) => {}
                DeclarationSpecifier::Alignment(a) => {
                    return self.err(a.span, "alignment specifiers are not supported");
                }
            }
        }
        self.type_words(&words, span)
    }

    pub(super) fn type_words(
        &self,
        words: &[(&ast::TypeSpecifier, Span)],
        span: Span,
    ) -> R<Option<Type>> {
        use ast::TypeSpecifier as T;
        let (
            mut signed,
            mut unsigned,
            mut long,
            mut short,
            mut char_,
            mut int,
            mut float,
            mut double,
            mut void,
        ) = (false, false, 0, false, false, false, false, false, false);
        for (w, s) in words {
            match w {
                T::Void => void = true,
                T::Char => char_ = true,
                T::Short => short = true,
                T::Int => int = true,
                T::Long => long += 1,
                T::Float => float = true,
                T::Double => double = true,
                T::Signed => signed = true,
                T::Unsigned => unsigned = true,
                T::TypedefName(id) => {
                    let name = &id.node.name;
                    return match self.typedefs.get(name) {
                        Some(t) if words.len() == 1 => Ok(Some(*t)),
                        _ => match self.refused_typedefs.get(name) {
                            Some(why) => self.err(*s, format!("type `{name}`: {why}")),
                            None => self.err(*s, format!("unknown type `{name}`")),
                        },
                    };
                }
                T::Struct(_) => return self.err(*s, "structs are not supported"),
                // An enumerated type whose constants are all known and not negative is
                // `unsigned int` for gcc and clang (the C standard leaves the choice to them).
                T::Enum(e)
                    if words.len() == 1
                        && !e.node.enumerators.is_empty()
                        && e.node.enumerators.iter().all(|en| {
                            matches!(
                                self.enums.get(&en.node.identifier.node.name).map(|c| &c.kind),
                                Some(ExprKind::Int(v)) if *v >= 0
                            )
                        }) =>
                {
                    return Ok(Some(Type::U32));
                }
                // `enum tag` of such a type defined in the file.
                T::Enum(e)
                    if words.len() == 1
                        && e.node.enumerators.is_empty()
                        && e.node
                            .identifier
                            .as_ref()
                            .is_some_and(|t| self.unsigned_enums.contains(&t.node.name)) =>
                {
                    return Ok(Some(Type::U32));
                }
                T::Enum(_) => {
                    return self.err(
                        *s,
                        "enumerated types are read only where they are defined, with constants that are not negative (`typedef enum { A, B } name;`)",
                    );
                }
                T::Bool => return self.err(*s, "`_Bool` is not supported"),
                _ => return self.err(*s, "this type is not supported"),
            }
        }
        let _ = int;
        Ok(Some(match () {
            _ if void => return Ok(None),
            _ if float => Type::F32,
            _ if double && long > 0 => return self.err(span, "`long double` is not supported"),
            _ if double => Type::F64,
            _ if char_ => {
                if unsigned {
                    Type::U8
                } else {
                    Type::I8
                }
            }
            _ if short => {
                if unsigned {
                    Type::U16
                } else {
                    Type::I16
                }
            }
            _ if long > 0 => {
                if unsigned {
                    Type::U64
                } else {
                    Type::I64
                }
            }
            _ if unsigned => Type::U32,
            _ if signed || int => Type::I32,
            _ => return self.err(span, "missing type"),
        }))
    }
}
