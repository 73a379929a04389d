//! Pure functions: those declared `__attribute__((const))` or `pure`, their definitions in the
//! same file, and calls of them.

use super::*;

/// The functions of the unit declared `__attribute__((const))` (or `pure`, to refuse with a
/// reason), the implementations the caller bound, and the [`PureFn`]s made so far: one per name,
/// shared by every call.
pub(super) struct Pures<'a> {
    decls: HashMap<String, PureDecl<'a>>,
    bound: HashMap<String, PureImpl>,
    made: RefCell<HashMap<String, Arc<PureFn>>>,
    /// The definitions being lowered, to refuse recursion.
    lowering: RefCell<Vec<String>>,
    /// Every function the unit defines, by name (what a call may inline).
    pub(super) definitions: HashMap<String, &'a Node<ast::FunctionDefinition>>,
    pragmas: &'a Pragmas,
}

pub(super) struct PureDecl<'a> {
    /// `__attribute__((const))`; else `pure` (which may read memory).
    is_const: bool,
    specifiers: &'a [Node<DeclarationSpecifier>],
    function: &'a Node<ast::FunctionDeclarator>,
    span: Span,
    def: Option<&'a Node<ast::FunctionDefinition>>,
}

/// Whether GNU attributes say `const` (`Some(true)`), `pure` (`Some(false)`) or neither.
pub(super) fn pure_attribute<'e>(
    extensions: impl IntoIterator<Item = &'e Node<ast::Extension>>,
) -> Option<bool> {
    let mut found = None;
    for e in extensions {
        if let ast::Extension::Attribute(a) = &e.node {
            match a.name.node.as_str() {
                "const" | "__const__" => return Some(true),
                "pure" | "__pure__" => found = Some(false),
                _ => {}
            }
        }
    }
    found
}

impl<'a> Pures<'a> {
    pub(super) fn collect(
        unit: &'a ast::TranslationUnit,
        bound: HashMap<String, PureImpl>,
        pragmas: &'a Pragmas,
    ) -> Pures<'a> {
        let mut decls: HashMap<String, PureDecl<'a>> = HashMap::new();
        let mut defs = Vec::new();
        let mut definitions = HashMap::new();
        for ext in &unit.0 {
            let (specifiers, declarators, def) = match &ext.node {
                ast::ExternalDeclaration::Declaration(d) => (
                    &d.node.specifiers,
                    d.node
                        .declarators
                        .iter()
                        .map(|i| &i.node.declarator)
                        .collect::<Vec<_>>(),
                    None,
                ),
                ast::ExternalDeclaration::FunctionDefinition(f) => {
                    (&f.node.specifiers, vec![&f.node.declarator], Some(f))
                }
                _ => continue,
            };
            let spec_extensions: Vec<&Node<ast::Extension>> = specifiers
                .iter()
                .flat_map(|s| match &s.node {
                    DeclarationSpecifier::Extension(e) => e.iter().collect(),
                    _ => Vec::new(),
                })
                .collect();
            for d in declarators {
                let [dd] = d.node.derived.as_slice() else {
                    continue;
                };
                let DerivedDeclarator::Function(function) = &dd.node else {
                    continue;
                };
                let Some(name) = declarator_name(&d.node) else {
                    continue;
                };
                if let Some(def) = def {
                    defs.push((name.clone(), def));
                    definitions.insert(name.clone(), def);
                }
                let attr =
                    pure_attribute(spec_extensions.iter().copied().chain(&d.node.extensions));
                let Some(is_const) = attr else {
                    continue;
                };
                let old = decls.get(&name).is_some_and(|o| o.is_const);
                decls.insert(
                    name,
                    PureDecl {
                        is_const: is_const || old,
                        specifiers,
                        function,
                        span: d.span,
                        def: None,
                    },
                );
            }
        }
        for (name, def) in defs {
            if let Some(d) = decls.get_mut(&name) {
                d.def = Some(def);
            }
        }
        Pures {
            decls,
            bound,
            made: RefCell::new(HashMap::new()),
            lowering: RefCell::new(Vec::new()),
            pragmas,
            definitions,
        }
    }

    /// Whether `name` is a function declared `const` or `pure`, so not a kernel to pick.
    pub(super) fn declares(&self, name: &str) -> bool {
        self.decls.contains_key(name)
    }
}

/// A pure function's definition from the source as its implementation: the interpreter runs it
/// at every call.
pub(super) fn interpreted(f: Arc<Function>) -> PureImpl {
    PureImpl::new(move |values| {
        let mut args = crate::interp::Args {
            scalars: crate::id::IdVec::filled(f.vars.len(), None),
            bindings: crate::id::IdVec::filled(f.arrays.len(), None),
            ..Default::default()
        };
        for (p, v) in f.params.iter().zip(values) {
            if let Param::Scalar(id) = p {
                args.scalars[*id] = Some(*v);
            }
        }
        crate::interp::run(&f, &mut args, &crate::interp::Limits::default())
            .map_err(|e| e.to_string())?;
        args.returned.ok_or_else(|| "no value returned".to_string())
    })
}

impl<'a> Lower<'a> {
    /// A call of a function the file defines as one `return EXPRESSION;` over scalar
    /// parameters, inlined: the expression with each parameter standing for its argument
    /// converted to the parameter's type, converted to the return type (C's semantics: the
    /// expression reads no memory its arguments do not, and has no side effects). `None` where
    /// the function is no such definition; an error where its expression does not lower (it
    /// reads a variable other than its parameters, or recurses).
    pub(super) fn inline_call(
        &mut self,
        name: &str,
        c: &Node<ast::CallExpression>,
    ) -> R<Option<Expr>> {
        let Some(def) = self.pures.definitions.get(name).copied() else {
            return Ok(None);
        };
        let Statement::Compound(items) = &def.node.statement.node else {
            return Ok(None);
        };
        let [item] = items.as_slice() else {
            return Ok(None);
        };
        let BlockItem::Statement(st) = &item.node else {
            return Ok(None);
        };
        let Statement::Return(Some(body)) = &st.node else {
            return Ok(None);
        };
        let [dd] = def.node.declarator.node.derived.as_slice() else {
            return Ok(None);
        };
        let DerivedDeclarator::Function(f) = &dd.node else {
            return Ok(None);
        };
        let Ok(Some(ret)) = self.base_type_or_void(&def.node.specifiers, def.span) else {
            return Ok(None);
        };
        let mut params = Vec::new();
        for p in &f.node.parameters {
            let Some(d) = &p.node.declarator else {
                // `(void)`
                if f.node.parameters.len() == 1
                    && matches!(self.base_type_or_void(&p.node.specifiers, p.span), Ok(None))
                {
                    break;
                }
                return Ok(None);
            };
            let (Some(pname), true) = (declarator_name(&d.node), d.node.derived.is_empty()) else {
                return Ok(None);
            };
            let Ok(Some(ty)) = self.base_type_or_void(&p.node.specifiers, p.span) else {
                return Ok(None);
            };
            params.push((pname, ty));
        }
        if params.len() != c.node.arguments.len() || f.node.ellipsis != ast::Ellipsis::None {
            return Ok(None);
        }
        if self.inlining.iter().any(|n| n == name)
            || self.inlining.len() >= super::inline::MAX_INLINED
        {
            return self.err(
                c.span,
                format!("`{name}` calls itself: a recursive function cannot be inlined"),
            );
        }
        let mut scope = HashMap::new();
        for ((pname, ty), a) in params.iter().zip(&c.node.arguments) {
            let v = self.expr(a)?;
            let v = self.ir(a.span, v.convert(*ty))?;
            scope.insert(pname.clone(), Name::Value(self.inlined.len()));
            self.inlined.push(v);
        }
        // The body sees its parameters only, not the caller's variables.
        let outer = std::mem::replace(&mut self.scopes, vec![scope]);
        let mark = self.inlined.len() - params.len();
        self.inlining.push(name.to_string());
        let value = self.expr(body);
        self.inlining.pop();
        self.scopes = outer;
        self.inlined.truncate(mark);
        let value = value.map_err(|e| CError {
            message: format!(
                "a function is inlined only where its expression reads its parameters alone: `{name}`, called at {}: {}",
                self.loc(c.span),
                e.message
            ),
            ..e
        })?;
        self.ir(c.span, value.convert(ret)).map(Some)
    }

    pub(super) fn call_error<T>(&self, c: &Node<ast::CallExpression>) -> R<T> {
        let name = match &c.node.callee.node {
            Expression::Identifier(id) => id.node.name.clone(),
            _ => "<expression>".into(),
        };
        self.err(c.span, format!("call to unknown function `{name}`: a kernel can call the math functions {} (and their `f` variants), functions declared `__attribute__((const))` (the result depends only on the arguments; no memory is read or written), and functions of the file (inlined): in an expression those whose body is one `return EXPRESSION;` over their parameters, as a statement `void` ones", crate::ir::MathFn::names()))
    }

    /// The [`PureFn`] of a function the unit declares `const`: its signature, and the bound
    /// implementation or else its definition run by the interpreter (none without either).
    pub(super) fn pure_fn(&mut self, name: &str, span: Span) -> R<Arc<PureFn>> {
        if let Some(p) = self.pures.made.borrow().get(name) {
            return Ok(p.clone());
        }
        let pures = self.pures.clone();
        let decl = &pures.decls[name];
        if !decl.is_const {
            return self.err(span, format!("`{name}` is declared `pure`, which lets it read memory the model cannot see: only functions declared `__attribute__((const))` can be called"));
        }
        let Some(ret) = self.base_type_or_void(decl.specifiers, decl.span)? else {
            return self.err(decl.span, format!("`{name}` returns `void`: a `const` function called in a kernel must return a value"));
        };
        let mut params = Vec::new();
        if decl.function.node.ellipsis == ast::Ellipsis::Some {
            return self.err(
                decl.span,
                format!("`{name}` takes variable arguments: not supported"),
            );
        }
        for p in &decl.function.node.parameters {
            let Some(ty) = self.base_type_or_void(&p.node.specifiers, p.span)? else {
                continue;
            };
            if p.node
                .declarator
                .as_ref()
                .is_some_and(|d| !d.node.derived.is_empty())
            {
                return self.err(p.span, format!("`{name}` takes an array or pointer: a `const` function called in a kernel takes scalars only"));
            }
            params.push(ty);
        }
        let definition = match decl.def {
            Some(def) => Some(self.definition(name, def)?),
            None => None,
        };
        let imp = match (pures.bound.get(name), &definition) {
            (Some(imp), _) => Some(imp.clone()),
            (None, Some(def)) => Some(interpreted(def.clone())),
            (None, None) => None,
        };
        let mut f = self.ir(span, PureFn::new(name, params, ret, imp))?;
        if let Some(d) = &definition {
            let sig: Vec<Type> = d.scalar_params().map(|v| d.var(v).ty).collect();
            let d_ret = d.ret.map(|r| d.array(r).elem);
            if sig != f.params || d_ret != Some(f.ret) {
                return self.err(
                    span,
                    format!("the definition of `{name}` does not match its declaration"),
                );
            }
        }
        f.definition = definition;
        let f = Arc::new(f);
        self.pures
            .made
            .borrow_mut()
            .insert(name.to_string(), f.clone());
        Ok(f)
    }

    /// The definition of a `const` function in the source, lowered like a kernel.
    pub(super) fn definition(
        &self,
        name: &str,
        def: &'a Node<ast::FunctionDefinition>,
    ) -> R<Arc<Function>> {
        if self.pures.lowering.borrow().iter().any(|n| n == name) {
            return self.err(
                def.span,
                format!("`{name}` calls itself: recursive `const` functions are not supported"),
            );
        }
        self.pures.lowering.borrow_mut().push(name.to_string());
        let mut lower = Lower::new(self.lines, self.pures.clone());
        lower.typedefs = self.typedefs.clone();
        let lowered = lower.function(def, self.pures.pragmas);
        self.pures.lowering.borrow_mut().pop();
        let f = lowered?;
        if f.ret.is_none() || f.params.iter().any(|p| !matches!(p, Param::Scalar(_))) {
            return self.err(
                def.span,
                format!("`{name}` must take scalars and return a value"),
            );
        }
        Ok(Arc::new(f))
    }
}
