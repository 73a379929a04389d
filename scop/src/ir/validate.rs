//! Validation of a hand-built function: ids in range, expression typing, shapes, loop steps,
//! nesting depth.

use super::*;

impl Function {
    /// Checks the invariants a hand-built function must satisfy: ids in range, typing of
    /// every expression as the constructors produce it, shapes with an unknown dimension only
    /// outermost, loop steps non-zero, nesting within [`MAX_DEPTH`].
    pub fn validate(&self) -> Result<(), IrError> {
        let checker = Checker { f: self };
        for p in &self.params {
            match *p {
                Param::Scalar(v) => checker.var(v)?,
                Param::Array(a) => checker.array(a)?,
            }
        }
        if let Some(r) = self.ret {
            checker.array(r)?;
            let a = self.array(r);
            if a.kind != ArrayKind::Local || a.dims != [Dim::Const(1)] {
                return Err(IrError(format!(
                    "the return slot `{}` must be a local array of one element",
                    a.name
                )));
            }
        }
        for (i, a) in self.arrays.iter().enumerate() {
            for (d, dim) in a.dims.iter().enumerate() {
                match dim {
                    Dim::Unknown if d > 0 => {
                        return Err(IrError(format!(
                            "array {} has an unknown inner dimension",
                            a.name
                        )));
                    }
                    Dim::Expr(e) => checker.expr(e)?,
                    _ => {}
                }
            }
            if a.dims.is_empty() {
                return Err(IrError(format!("array #{i} `{}` has no dimension", a.name)));
            }
        }
        let mut work: Vec<(&[Stmt], u32)> = vec![(&self.body, 0)];
        while let Some((stmts, depth)) = work.pop() {
            if depth > MAX_DEPTH {
                return Err(IrError(format!(
                    "statements nested deeper than {MAX_DEPTH}"
                )));
            }
            for s in stmts {
                match &s.kind {
                    StmtKind::For(l) => {
                        checker.var(l.var)?;
                        let t = self.var(l.var).ty;
                        if !t.is_int() {
                            return Err(IrError(format!(
                                "loop iterator `{}` is not an integer",
                                self.var(l.var).name
                            )));
                        }
                        checker.typed(&l.init, t)?;
                        checker.typed(&l.cond.bound, l.cond.ty)?;
                        if !l.cond.op.is_comparison() || l.step == 0 {
                            return Err(IrError(
                                "a loop needs a comparison and a non-zero step".into(),
                            ));
                        }
                        work.push((&l.body, depth + 1));
                    }
                    StmtKind::If(c, t, e) => {
                        checker.expr(c)?;
                        work.push((t, depth + 1));
                        work.push((e, depth + 1));
                    }
                    StmtKind::Assign(lv, v) => {
                        let ty = match lv {
                            LValue::Var(x) => {
                                checker.var(*x)?;
                                self.var(*x).ty
                            }
                            LValue::Elem(a, idx) => {
                                checker.access(*a, idx)?;
                                self.array(*a).elem
                            }
                        };
                        checker.typed(v, ty)?;
                    }
                    StmtKind::Block(b) => work.push((b, depth + 1)),
                }
            }
        }
        Ok(())
    }
}

/// Validation of ids and expression typing.
pub(super) struct Checker<'a> {
    f: &'a Function,
}

impl Checker<'_> {
    pub(super) fn var(&self, v: VarId) -> Result<(), IrError> {
        if (v.0 as usize) < self.f.vars.len() {
            Ok(())
        } else {
            Err(IrError(format!("no variable #{}", v.0)))
        }
    }

    pub(super) fn array(&self, a: ArrayId) -> Result<(), IrError> {
        if (a.0 as usize) < self.f.arrays.len() {
            Ok(())
        } else {
            Err(IrError(format!("no array #{}", a.0)))
        }
    }

    pub(super) fn access(&self, a: ArrayId, idx: &[Expr]) -> Result<(), IrError> {
        self.array(a)?;
        let arr = self.f.array(a);
        if idx.len() != arr.dims.len() {
            return Err(IrError(format!(
                "array `{}` has {} dimension(s), accessed with {}",
                arr.name,
                arr.dims.len(),
                idx.len()
            )));
        }
        idx.iter().try_for_each(|i| self.typed(i, Type::I64))
    }

    pub(super) fn typed(&self, e: &Expr, ty: Type) -> Result<(), IrError> {
        if e.ty != ty {
            return Err(IrError(format!(
                "expression of type {} where {ty} is needed",
                e.ty
            )));
        }
        self.expr(e)
    }

    /// Checks one expression tree (depth is bounded by construction, so recursion is safe).
    pub(super) fn expr(&self, e: &Expr) -> Result<(), IrError> {
        let same = |a: &Expr| {
            if a.ty == e.ty {
                Ok(())
            } else {
                Err(IrError(format!(
                    "operand of type {} in a {} operation",
                    a.ty, e.ty
                )))
            }
        };
        match &e.kind {
            ExprKind::Int(v) => {
                if !e.ty.is_int() || *v < e.ty.min_int() || *v > e.ty.max_int() {
                    return Err(IrError(format!("constant {v} does not fit {}", e.ty)));
                }
            }
            ExprKind::Float(_) => {
                if !e.ty.is_float() {
                    return Err(IrError("floating constant of integer type".into()));
                }
            }
            ExprKind::Leaf(IrLeaf::Var(v)) => {
                self.var(*v)?;
                if self.f.var(*v).ty != e.ty {
                    return Err(IrError(format!(
                        "variable `{}` read with the wrong type",
                        self.f.var(*v).name
                    )));
                }
            }
            ExprKind::Leaf(IrLeaf::Read(a, idx)) => {
                self.access(*a, idx)?;
                if self.f.array(*a).elem != e.ty {
                    return Err(IrError(format!(
                        "array `{}` read with the wrong type",
                        self.f.array(*a).name
                    )));
                }
            }
            ExprKind::Unary(UnOp::Not, a) => {
                if e.ty != Type::I32 {
                    return Err(IrError("`!` has type int".into()));
                }
                self.expr(a)?;
            }
            ExprKind::Unary(_, a) => {
                same(a)?;
                self.expr(a)?;
            }
            ExprKind::Binary(op, a, b) => {
                match op {
                    BinOp::And | BinOp::Or => {}
                    BinOp::Shl | BinOp::Shr => {
                        same(a)?;
                        if !b.ty.is_int() || !a.ty.is_int() {
                            return Err(IrError("shift of a non-integer".into()));
                        }
                    }
                    op if op.is_comparison() => {
                        if a.ty != b.ty || e.ty != Type::I32 {
                            return Err(IrError("comparison of different types".into()));
                        }
                    }
                    _ => {
                        same(a)?;
                        same(b)?;
                    }
                }
                self.expr(a)?;
                self.expr(b)?;
            }
            ExprKind::Cast(a) => self.expr(a)?,
            ExprKind::Select(c, a, b) => {
                same(a)?;
                same(b)?;
                self.expr(c)?;
                self.expr(a)?;
                self.expr(b)?;
            }
            ExprKind::Call(f, args) => {
                if args.len() != f.arity() || !e.ty.is_float() {
                    return Err(IrError("bad math call".into()));
                }
                for a in args {
                    same(a)?;
                    self.expr(a)?;
                }
            }
            ExprKind::Pure(p, args) => {
                if args.len() != p.params.len() || e.ty != p.ret {
                    return Err(IrError(format!("bad call of `{}`", p.name)));
                }
                for (a, t) in args.iter().zip(&p.params) {
                    if a.ty != *t {
                        return Err(IrError(format!("bad argument of `{}`", p.name)));
                    }
                    self.expr(a)?;
                }
            }
        }
        Ok(())
    }
}
