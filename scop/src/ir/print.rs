//! The program IR printed as C: for people (`Display`, every conversion a cast) and for a C
//! compiler (`Function::to_c`).

use super::*;

// ---------------------------------------------------------------------------------------------
// C-like printing

/// Prints expressions of a function with its names.
pub(super) struct Printer<'a> {
    f: &'a Function,
    /// The printed name of every variable.
    names: crate::id::IdVec<VarId, String>,
    /// The printed name of every array.
    arrays: crate::id::IdVec<ArrayId, String>,
    /// Elements of arrays with several dimensions printed as `((T *)A)[flat index]`: the IR
    /// lets an inner subscript run past its dimension while the element is inside the buffer
    /// (C's flat memory), which `A[i][j]` in C does not (gcc bounds loops by the declared
    /// sizes, `-faggressive-loop-optimizations`). For C a compiler must accept as the program.
    flat: bool,
}

impl<'a> Printer<'a> {
    /// Variables printed by their own names.
    pub(super) fn new(f: &'a Function) -> Printer<'a> {
        Printer {
            f,
            names: f.vars.iter().map(|v| v.name.clone()).collect(),
            arrays: f.arrays.iter().map(|a| a.name.clone()).collect(),
            flat: false,
        }
    }

    /// Variables and arrays printed by [`Function::c_names`], distinct at the top of the
    /// function.
    pub(super) fn distinct(f: &'a Function) -> Printer<'a> {
        let CNames { vars, arrays } = f.c_names();
        Printer {
            f,
            names: vars,
            arrays,
            flat: true,
        }
    }

    /// An element of array `a`: `A[i][j]`, or with [`Printer::flat`] and several dimensions
    /// `((double *)A)[(long)(i) * 20L + (j)]`.
    pub(super) fn element(&self, out: &mut String, a: ArrayId, idx: &[Expr]) {
        use std::fmt::Write;
        let array = self.f.array(a);
        if !self.flat || idx.len() < 2 || array.dims.len() != idx.len() {
            out.push_str(&self.arrays[a]);
            return self.indices(out, idx);
        }
        let _ = write!(out, "(({} *){})[", array.elem, self.arrays[a]);
        let mut flat = String::new();
        for (k, i) in idx.iter().enumerate() {
            if k > 0 {
                let size = match &array.dims[k] {
                    Dim::Const(n) => format!("{n}L"),
                    Dim::Expr(e) => {
                        let mut t = String::from("(long)(");
                        self.index(&mut t, e);
                        t.push(')');
                        t
                    }
                    Dim::Unknown => "0L".into(),
                };
                flat = format!("({flat}) * {size} + ");
            }
            let mut t = String::new();
            self.index(&mut t, i);
            if k == 0 {
                flat = format!("(long)({t})");
            } else {
                let _ = write!(flat, "({t})");
            }
        }
        out.push_str(&flat);
        out.push(']');
    }

    pub(super) fn indices(&self, out: &mut String, idx: &[Expr]) {
        for i in idx {
            out.push('[');
            self.index(out, i);
            out.push(']');
        }
    }

    /// A subscript or size: converted to `long` in the IR, printed as written.
    pub(super) fn index(&self, out: &mut String, e: &Expr) {
        match &e.kind {
            ExprKind::Cast(inner) if e.ty == Type::I64 && inner.ty.is_int() => {
                self.expr(out, inner)
            }
            _ => self.expr(out, e),
        }
    }

    pub(super) fn expr(&self, out: &mut String, e: &Expr) {
        crate::expr::write_c(self, out, e);
    }

    pub(super) fn dims(&self, out: &mut String, a: &Array) {
        use std::fmt::Write;
        for (k, d) in a.dims.iter().enumerate() {
            let restrict = k == 0 && matches!(a.kind, ArrayKind::Param { restrict: true });
            out.push('[');
            if restrict {
                out.push_str("restrict ");
            }
            match d {
                Dim::Const(n) => {
                    let _ = write!(out, "{n}");
                }
                Dim::Expr(e) => self.index(out, e),
                Dim::Unknown => {}
            }
            out.push(']');
        }
    }

    pub(super) fn declaration(&self, id: ArrayId) -> String {
        let a = self.f.array(id);
        let name = &self.arrays[id];
        let mut out = String::new();
        match a.kind {
            ArrayKind::Pointer { restrict } => {
                out.push_str(&format!(
                    "{} *{}{}",
                    a.elem,
                    if restrict { "restrict " } else { "" },
                    name
                ));
            }
            _ => {
                out.push_str(&format!("{} {}", a.elem, name));
                self.dims(&mut out, a);
            }
        }
        out
    }

    pub(super) fn stmts(&self, out: &mut String, stmts: &[Stmt], indent: usize) {
        for s in stmts {
            self.stmt(out, s, indent);
        }
    }

    pub(super) fn block(&self, out: &mut String, stmts: &[Stmt], indent: usize) {
        out.push_str("{\n");
        self.stmts(out, stmts, indent + 1);
        out.push_str(&"  ".repeat(indent));
        out.push('}');
    }

    pub(super) fn stmt(&self, out: &mut String, s: &Stmt, indent: usize) {
        use std::fmt::Write;
        let pad = "  ".repeat(indent);
        out.push_str(&pad);
        if let Some(l) = &s.label {
            let _ = write!(out, "{l}: ");
        }
        match &s.kind {
            StmtKind::For(l) => {
                let v = &self.names[l.var];
                let _ = write!(out, "for ({v} = ");
                self.expr(out, &l.init);
                let _ = write!(out, "; {v} {} ", l.cond.op.symbol());
                // `i < (n > 1 ? n : 1)`: the bound binds tighter than the comparison.
                if l.cond.bound.c_precedence() <= l.cond.op.precedence() {
                    out.push('(');
                    self.expr(out, &l.cond.bound);
                    out.push(')');
                } else {
                    self.expr(out, &l.cond.bound);
                }
                match l.step {
                    1 => {
                        let _ = write!(out, "; {v}++) ");
                    }
                    -1 => {
                        let _ = write!(out, "; {v}--) ");
                    }
                    s if s > 0 => {
                        let _ = write!(out, "; {v} += {s}) ");
                    }
                    s => {
                        let _ = write!(out, "; {v} -= {}) ", s.unsigned_abs());
                    }
                }
                self.block(out, &l.body, indent);
                out.push('\n');
            }
            StmtKind::If(c, t, e) => {
                out.push_str("if (");
                self.expr(out, c);
                out.push_str(") ");
                self.block(out, t, indent);
                if !e.is_empty() {
                    out.push_str(" else ");
                    self.block(out, e, indent);
                }
                out.push('\n');
            }
            StmtKind::Assign(lv, v) => {
                match lv {
                    LValue::Var(x) => out.push_str(&self.names[*x]),
                    LValue::Elem(a, idx) => self.element(out, *a, idx),
                }
                out.push_str(" = ");
                self.expr(out, v);
                out.push_str(";\n");
            }
            StmtKind::Block(b) => {
                self.block(out, b, indent);
                out.push('\n');
            }
        }
    }
}

impl fmt::Display for Function {
    /// The function as C, with every conversion written as a cast.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.print(&Printer::new(self), &self.name))
    }
}

impl Function {
    /// The pure functions the function calls ([`ExprKind::Pure`]), each once, in the order of
    /// their first call; with `nested`, also those their definitions call, callees first.
    pub fn pure_fns(&self, nested: bool) -> Vec<Arc<PureFn>> {
        fn add(out: &mut Vec<Arc<PureFn>>, p: Arc<PureFn>) {
            if !out.iter().any(|q| q.name == p.name) {
                out.push(p);
            }
        }
        fn expr(e: &Expr, out: &mut Vec<Arc<PureFn>>, nested: bool) {
            if let ExprKind::Pure(p, _) = &e.kind
                && !out.iter().any(|q| q.name == p.name)
            {
                if nested && let Some(d) = &p.definition {
                    for q in d.pure_fns(true) {
                        add(out, q);
                    }
                }
                add(out, p.clone());
            }
            for c in e.children() {
                expr(c, out, nested);
            }
        }
        fn stmts(body: &[Stmt], out: &mut Vec<Arc<PureFn>>, nested: bool) {
            for s in body {
                match &s.kind {
                    StmtKind::For(l) => {
                        expr(&l.init, out, nested);
                        expr(&l.cond.bound, out, nested);
                        stmts(&l.body, out, nested);
                    }
                    StmtKind::If(c, t, e) => {
                        expr(c, out, nested);
                        stmts(t, out, nested);
                        stmts(e, out, nested);
                    }
                    StmtKind::Assign(lv, v) => {
                        if let LValue::Elem(_, idx) = lv {
                            for i in idx {
                                expr(i, out, nested);
                            }
                        }
                        expr(v, out, nested);
                    }
                    StmtKind::Block(b) => stmts(b, out, nested),
                }
            }
        }
        let mut out = Vec::new();
        for a in &self.arrays {
            for d in &a.dims {
                if let Dim::Expr(e) = d {
                    expr(e, &mut out, nested);
                }
            }
        }
        stmts(&self.body, &mut out, nested);
        out
    }

    /// The C declarations generated C needs before the function: for every pure function it
    /// calls (and those they call), a prototype, then the definitions the source gave (as
    /// `static`). Empty when it calls none.
    pub fn c_pure_declarations(&self) -> String {
        use std::fmt::Write;
        let pures = self.pure_fns(true);
        let mut out = String::new();
        for p in &pures {
            let params: Vec<String> = p.params.iter().map(|t| t.to_string()).collect();
            let params = if params.is_empty() {
                "void".to_string()
            } else {
                params.join(", ")
            };
            let storage = if p.definition.is_some() {
                "static "
            } else {
                ""
            };
            let _ = writeln!(out, "{storage}{} {}({params});", p.ret, p.name);
        }
        for p in &pures {
            if let Some(d) = &p.definition {
                let _ = write!(out, "static {}", d.to_c(&p.name));
            }
        }
        out
    }

    /// The function as C that a C compiler accepts, named `name`: every conversion written as a
    /// cast, and variables that share a name (two loops over `i`) given distinct names.
    pub fn to_c(&self, name: &str) -> String {
        self.print(&Printer::distinct(self), name)
    }

    /// The names the function's variables and arrays are declared under in generated C (the
    /// faithful function and the optimized one alike), where every local is declared at the
    /// top of the function: parameters keep theirs; every other variable, then every other
    /// array, keeps its own unless a parameter or an earlier one has it, and gets a suffix
    /// (`i_3`, `b_1`) otherwise. So two loops over `i`, two blocks that each declare `float
    /// b[n]`, or a block-local `b` beside a parameter `b` are distinct declarations.
    pub fn c_names(&self) -> CNames {
        let taken = |n: &str| {
            self.vars.iter().any(|w| w.name == n) || self.arrays.iter().any(|a| a.name == n)
        };
        let mut printed: std::collections::HashSet<String> = self
            .params
            .iter()
            .map(|p| match *p {
                Param::Scalar(v) => self.var(v).name.clone(),
                Param::Array(a) => self.array(a).name.clone(),
            })
            .collect();
        let mut unique = |name: &str, k: usize, param: bool| {
            if param {
                return name.to_string();
            }
            let mut n = name.to_string();
            if printed.contains(&n) {
                n = format!("{name}_{k}");
                while printed.contains(&n) || taken(&n) {
                    n.push('_');
                }
            }
            printed.insert(n.clone());
            n
        };
        let vars = self
            .vars
            .iter()
            .enumerate()
            .map(|(k, v)| unique(&v.name, k, v.kind == VarKind::Param))
            .collect();
        let arrays = self
            .arrays
            .iter()
            .enumerate()
            .map(|(k, a)| {
                let param = self.params.contains(&Param::Array(ArrayId(k as u32)));
                unique(&a.name, k, param)
            })
            .collect();
        CNames { vars, arrays }
    }

    /// `void name(...)` with this function's parameters as declared (but those that stand
    /// for objects at file scope, [`Function::file_scope`]).
    pub fn c_signature(&self, name: &str) -> String {
        self.signature(&Printer::new(self), name, &[])
    }

    /// [`Function::c_signature`] with the parameters `extra` (declarations) after them.
    pub fn c_signature_with(&self, name: &str, extra: &[String]) -> String {
        self.signature(&Printer::new(self), name, extra)
    }

    /// The parameters C generated for the function takes, in order: all but those that stand
    /// for objects at file scope ([`Function::file_scope`]).
    pub fn c_params(&self) -> impl Iterator<Item = &Param> {
        self.params
            .iter()
            .filter(|p| !matches!(p, Param::Array(a) if self.file_scope.contains(a)))
    }

    /// The arguments of a call, in C, that passes this function's parameters on under their
    /// own names ([`Function::c_params`]).
    pub fn c_args(&self) -> Vec<String> {
        self.c_params()
            .map(|p| match *p {
                Param::Scalar(v) => self.var(v).name.clone(),
                Param::Array(a) => self.array(a).name.clone(),
            })
            .collect()
    }

    pub(super) fn signature(&self, p: &Printer<'_>, name: &str, extra: &[String]) -> String {
        let params: Vec<String> = self
            .c_params()
            .map(|param| match *param {
                Param::Scalar(v) => format!("{} {}", self.var(v).ty, p.names[v]),
                Param::Array(a) => p.declaration(a),
            })
            .chain(extra.iter().cloned())
            .collect();
        let params = if params.is_empty() && !self.params.is_empty() {
            vec!["void".to_string()]
        } else {
            params
        };
        format!("{} {name}({})", self.return_type(), params.join(", "))
    }

    /// The C return type: `void`, or the element type of the return slot.
    pub fn return_type(&self) -> String {
        match self.ret {
            Some(r) => self.array(r).elem.to_string(),
            None => "void".into(),
        }
    }

    pub(super) fn print(&self, p: &Printer<'_>, name: &str) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(out, "{} {{", self.signature(p, name, &[]));
        for (k, v) in self.vars.iter_enumerated() {
            if v.kind == VarKind::Local {
                let _ = writeln!(out, "  {} {};", v.ty, p.names[k]);
            }
        }
        for (k, a) in self.arrays.iter().enumerate() {
            if a.kind == ArrayKind::Local {
                let _ = writeln!(out, "  {};", p.declaration(ArrayId(k as u32)));
            }
        }
        p.stmts(&mut out, &self.body, 1);
        if let Some(r) = self.ret {
            let _ = writeln!(out, "  return {}[0];", p.arrays[r]);
        }
        out.push_str("}\n");
        out
    }

    /// An expression printed as C with the names `names` ([`Function::c_names`]).
    pub fn expr_with_names(&self, e: &Expr, names: &CNames) -> String {
        let mut out = String::new();
        Printer {
            f: self,
            names: names.vars.clone(),
            arrays: names.arrays.clone(),
            flat: false,
        }
        .expr(&mut out, e);
        out
    }

    /// An expression printed as C, with this function's names.
    pub fn expr_to_string(&self, e: &Expr) -> String {
        let mut out = String::new();
        Printer::new(self).expr(&mut out, e);
        out
    }
}

/// The names of a function's variables and arrays in generated C ([`Function::c_names`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CNames {
    /// Each variable's name.
    pub vars: crate::id::IdVec<VarId, String>,
    /// Each array's name.
    pub arrays: crate::id::IdVec<ArrayId, String>,
}

impl crate::expr::CLeaves<IrLeaf> for Printer<'_> {
    fn leaf(&self, out: &mut String, leaf: &IrLeaf, _ty: Type) {
        match leaf {
            IrLeaf::Var(v) => out.push_str(&self.names[*v]),
            IrLeaf::Read(a, idx) => self.element(out, *a, idx),
        }
    }

    /// The C a compiler reads (`Function::to_c`) guards against its folds; messages and
    /// `Display` print plain casts.
    fn for_compiler(&self) -> bool {
        self.flat
    }
}
