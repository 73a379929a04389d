//! [`FunctionBuilder`]: how a compiler that is not C hands a loop nest to optimist.
//!
//! The builder allocates variable and array ids, knows their types, inserts every C conversion
//! the IR needs (assignments convert to the target's type, loop starts to the iterator's type,
//! exit tests compare in the usual arithmetic type of iterator and bound, subscripts become
//! `long`), keeps labels and nesting, and validates the function on [`FunctionBuilder::finish`].
//! Expressions are built with the constructors on [`Expr`] (which apply C's promotions) and the
//! builder's [`var`](FunctionBuilder::var), [`read`](FunctionBuilder::read) and constants.
//!
//! ```
//! use optimist_scop::builder::FunctionBuilder;
//! use optimist_scop::ir::{BinOp, Expr};
//! use optimist_scop::Type;
//! // void scale(int n, double a, double X[n]) { for (int i = 0; i < n; i++) X[i] = a * X[i]; }
//! let mut b = FunctionBuilder::new("scale");
//! let n = b.scalar_param("n", Type::I32).unwrap();
//! let a = b.scalar_param("a", Type::F64).unwrap();
//! let x = b.array_param("X", Type::F64, &[b.size(n)], false).unwrap();
//! let i = b.local("i", Type::I32).unwrap();
//! b.begin_for(i, Expr::int32(0), BinOp::Lt, b.var(n), 1).unwrap();
//! let value = Expr::binary(BinOp::Mul, b.var(a), b.read(x, vec![b.var(i)]).unwrap()).unwrap();
//! b.store(x, vec![b.var(i)], value).unwrap();
//! b.end().unwrap();
//! let f = b.finish().unwrap();
//! assert!(f.to_string().starts_with("void scale(int n, double a, double X[n]) {"));
//! assert!(f.to_string().contains("X[i] = a * X[i];"));
//! ```
//!
//! # Design notes
//!
//! - **Builder** (`builder.rs`). `FunctionBuilder`, the IR through the API for compilers that are
//!   not C: it allocates variable and array ids, inserts the conversions (assignments to the
//!   target's type, loop starts to the iterator's, exit tests in the usual arithmetic type,
//!   subscripts to `long`), keeps labels and nesting (`begin_for`/`begin_if`/`begin_else`/
//!   `begin_block` … `end`), and validates on `finish()`. A test checks that it gives exactly the
//!   IR the front end gives for the same C.

use crate::ir::{
    Array, ArrayId, ArrayKind, BinOp, Dim, Expr, For, Function, IrError, LValue, LoopCond, Param,
    Stmt, StmtKind, Var, VarId, VarKind,
};
use crate::types::Type;

/// Builds a [`Function`] statement by statement (see the module documentation).
#[derive(Clone, Debug)]
pub struct FunctionBuilder {
    f: Function,
    /// The open constructs, innermost last; the function body is the bottom list.
    open: Vec<Open>,
    body: Vec<Stmt>,
    /// The label of the next statement.
    label: Option<String>,
}

/// A construct whose body is being built.
#[derive(Clone, Debug)]
enum Open {
    For {
        head: For,
        label: Option<String>,
        body: Vec<Stmt>,
    },
    If {
        cond: Expr,
        label: Option<String>,
        then: Vec<Stmt>,
        /// `Some` once [`FunctionBuilder::begin_else`] was called.
        els: Option<Vec<Stmt>>,
    },
    Block {
        label: Option<String>,
        body: Vec<Stmt>,
    },
}

impl FunctionBuilder {
    /// A builder of the function `name`.
    pub fn new(name: &str) -> FunctionBuilder {
        FunctionBuilder {
            f: Function {
                name: name.to_string(),
                params: Vec::new(),
                vars: Default::default(),
                arrays: Default::default(),
                body: Vec::new(),
                ret: None,
                is_static: false,
                file_scope: Vec::new(),
                peeled: Vec::new(),
                counted: Vec::new(),
            },
            open: Vec::new(),
            body: Vec::new(),
            label: None,
        }
    }

    fn fresh_name(&self, name: &str) -> Result<(), IrError> {
        let valid = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(IrError(format!("`{name}` is not a C identifier")));
        }
        if self
            .f
            .vars
            .iter()
            .any(|v| v.name == name && v.kind == VarKind::Param)
            || self.f.arrays.iter().any(|a| a.name == name)
        {
            return Err(IrError(format!("`{name}` is declared twice")));
        }
        Ok(())
    }

    fn add_var(&mut self, name: &str, ty: Type, kind: VarKind) -> Result<VarId, IrError> {
        self.fresh_name(name)?;
        let id = VarId(self.f.vars.len() as u32);
        self.f.vars.push(Var {
            name: name.to_string(),
            ty,
            kind,
        });
        Ok(id)
    }

    /// A scalar parameter, after the parameters declared so far.
    pub fn scalar_param(&mut self, name: &str, ty: Type) -> Result<VarId, IrError> {
        let id = self.add_var(name, ty, VarKind::Param)?;
        self.f.params.push(Param::Scalar(id));
        Ok(id)
    }

    /// An array parameter with the shape `dims` (outermost first; only the outermost may be
    /// [`Dim::Unknown`]), after the parameters declared so far.
    pub fn array_param(
        &mut self,
        name: &str,
        elem: Type,
        dims: &[Dim],
        restrict: bool,
    ) -> Result<ArrayId, IrError> {
        let id = self.add_array(name, elem, dims, ArrayKind::Param { restrict })?;
        self.f.params.push(Param::Array(id));
        Ok(id)
    }

    /// A flat pointer parameter (`T *name`), indexed with one subscript.
    pub fn pointer_param(
        &mut self,
        name: &str,
        elem: Type,
        restrict: bool,
    ) -> Result<ArrayId, IrError> {
        let id = self.add_array(name, elem, &[Dim::Unknown], ArrayKind::Pointer { restrict })?;
        self.f.params.push(Param::Array(id));
        Ok(id)
    }

    /// A local array (not live-out) with the shape `dims`, every size known.
    pub fn local_array(
        &mut self,
        name: &str,
        elem: Type,
        dims: &[Dim],
    ) -> Result<ArrayId, IrError> {
        if dims.contains(&Dim::Unknown) {
            return Err(IrError(format!("local array `{name}` needs every size")));
        }
        self.add_array(name, elem, dims, ArrayKind::Local)
    }

    fn add_array(
        &mut self,
        name: &str,
        elem: Type,
        dims: &[Dim],
        kind: ArrayKind,
    ) -> Result<ArrayId, IrError> {
        self.fresh_name(name)?;
        if dims.is_empty() {
            return Err(IrError(format!("array `{name}` needs a dimension")));
        }
        let mut shape = Vec::with_capacity(dims.len());
        for (k, d) in dims.iter().enumerate() {
            shape.push(match d {
                Dim::Unknown if k > 0 => {
                    return Err(IrError(format!(
                        "array `{name}`: only the outermost size may be unknown"
                    )));
                }
                Dim::Expr(e) if e.ty.is_float() => {
                    return Err(IrError(format!("array `{name}`: a size is not an integer")));
                }
                Dim::Expr(e) => Dim::Expr(e.clone().convert(Type::I64)?),
                d => d.clone(),
            });
        }
        let id = ArrayId(self.f.arrays.len() as u32);
        self.f.arrays.push(Array {
            name: name.to_string(),
            elem,
            dims: shape,
            kind,
        });
        Ok(id)
    }

    /// A local scalar (a loop iterator or a temporary).
    pub fn local(&mut self, name: &str, ty: Type) -> Result<VarId, IrError> {
        self.add_var(name, ty, VarKind::Local)
    }

    /// The size `v` (a scalar parameter) as an array dimension.
    pub fn size(&self, v: VarId) -> Dim {
        Dim::Expr(self.var(v))
    }

    /// The value of the scalar `v`, with its type.
    ///
    /// # Panics
    /// When `v` was not allocated by this builder (a bug of the caller, not bad input).
    pub fn var(&self, v: VarId) -> Expr {
        Expr::var(v, self.f.var(v).ty)
    }

    /// The element `array[indices...]`, with the array's element type.
    pub fn read(&self, array: ArrayId, indices: Vec<Expr>) -> Result<Expr, IrError> {
        let arr = self
            .f
            .arrays
            .get(array)
            .ok_or_else(|| IrError(format!("no array #{}", array.0)))?;
        if indices.len() != arr.dims.len() {
            return Err(IrError(format!(
                "`{}` has {} dimensions, not {}",
                arr.name,
                arr.dims.len(),
                indices.len()
            )));
        }
        Expr::read(array, arr.elem, indices)
    }

    /// Labels the next statement or construct (a loop tag for Loopy scripts).
    pub fn label(&mut self, name: &str) -> Result<(), IrError> {
        if self.label.is_some() {
            return Err(IrError(format!(
                "`{name}`: the next statement already has a label"
            )));
        }
        self.label = Some(name.to_string());
        Ok(())
    }

    fn push(&mut self, kind: StmtKind, label: Option<String>) {
        let stmt = Stmt {
            kind,
            label,
            loc: None,
        };
        match self.open.last_mut() {
            None => self.body.push(stmt),
            Some(Open::For { body, .. }) | Some(Open::Block { body, .. }) => body.push(stmt),
            Some(Open::If {
                then, els: None, ..
            }) => then.push(stmt),
            Some(Open::If { els: Some(e), .. }) => e.push(stmt),
        }
    }

    /// `v = value`, `value` converted to `v`'s type.
    pub fn assign(&mut self, v: VarId, value: Expr) -> Result<(), IrError> {
        let ty = self
            .f
            .vars
            .get(v)
            .ok_or_else(|| IrError(format!("no variable #{}", v.0)))?
            .ty;
        let label = self.label.take();
        self.push(StmtKind::Assign(LValue::Var(v), value.convert(ty)?), label);
        Ok(())
    }

    /// `array[indices...] = value`, the indices converted to `long` and `value` to the element
    /// type.
    pub fn store(
        &mut self,
        array: ArrayId,
        indices: Vec<Expr>,
        value: Expr,
    ) -> Result<(), IrError> {
        // The same checks and conversions as a read of that element.
        let target = self.read(array, indices)?;
        let crate::ir::ExprKind::Leaf(crate::ir::IrLeaf::Read(_, indices)) = target.kind else {
            return Err(IrError("not an element".into()));
        };
        let value = value.convert(target.ty)?;
        let label = self.label.take();
        self.push(StmtKind::Assign(LValue::Elem(array, indices), value), label);
        Ok(())
    }

    /// Opens `for (var = init; var op bound; var += step)`: statements go into its body until
    /// [`end`](FunctionBuilder::end). `init` is converted to the iterator's type; the test
    /// compares in the usual arithmetic type of iterator and bound, as C does.
    pub fn begin_for(
        &mut self,
        var: VarId,
        init: Expr,
        op: BinOp,
        bound: Expr,
        step: i64,
    ) -> Result<(), IrError> {
        let vty = self
            .f
            .vars
            .get(var)
            .ok_or_else(|| IrError(format!("no variable #{}", var.0)))?
            .ty;
        if !op.is_comparison() {
            return Err(IrError(format!("`{}` is not a comparison", op.symbol())));
        }
        if step == 0 {
            return Err(IrError("a loop step of 0 never ends".into()));
        }
        if vty.is_float() || bound.ty.is_float() {
            return Err(IrError("loop counters and bounds are integers".into()));
        }
        let ty = Type::usual(vty, bound.ty);
        let head = For {
            var,
            init: init.convert(vty)?,
            cond: LoopCond {
                op,
                bound: bound.convert(ty)?,
                ty,
            },
            step,
            body: Vec::new(),
        };
        let label = self.label.take();
        self.open.push(Open::For {
            head,
            label,
            body: Vec::new(),
        });
        Ok(())
    }

    /// Opens `if (cond)`: statements go into its then-branch until
    /// [`begin_else`](FunctionBuilder::begin_else) or [`end`](FunctionBuilder::end).
    pub fn begin_if(&mut self, cond: Expr) -> Result<(), IrError> {
        let label = self.label.take();
        self.open.push(Open::If {
            cond,
            label,
            then: Vec::new(),
            els: None,
        });
        Ok(())
    }

    /// Switches the innermost open `if` to its else-branch.
    pub fn begin_else(&mut self) -> Result<(), IrError> {
        match self.open.last_mut() {
            Some(Open::If {
                els: els @ None, ..
            }) => {
                *els = Some(Vec::new());
                Ok(())
            }
            _ => Err(IrError("`begin_else` without an open `if`".into())),
        }
    }

    /// Opens a `{ ... }` block (useful to label a group of statements).
    pub fn begin_block(&mut self) -> Result<(), IrError> {
        let label = self.label.take();
        self.open.push(Open::Block {
            label,
            body: Vec::new(),
        });
        Ok(())
    }

    /// Closes the innermost open loop, `if` or block.
    pub fn end(&mut self) -> Result<(), IrError> {
        let (kind, label) = match self.open.pop() {
            None => return Err(IrError("`end` with nothing open".into())),
            Some(Open::For {
                mut head,
                label,
                body,
            }) => {
                head.body = body;
                (StmtKind::For(head), label)
            }
            Some(Open::If {
                cond,
                label,
                then,
                els,
            }) => (StmtKind::If(cond, then, els.unwrap_or_default()), label),
            Some(Open::Block { label, body }) => (StmtKind::Block(body), label),
        };
        self.push(kind, label);
        Ok(())
    }

    /// Makes the function return `value` converted to `ty` (C's `return value;` as its last
    /// statement): `value` is stored into a return slot ([`Function::ret`]) after everything
    /// built so far. Call it last, outside every loop and branch.
    pub fn return_value(&mut self, ty: Type, value: Expr) -> Result<(), IrError> {
        if !self.open.is_empty() || self.f.ret.is_some() {
            return Err(IrError(
                "`return_value` must come once, after every loop and branch is closed".into(),
            ));
        }
        let name = crate::ir::return_slot_name(self.f.vars.as_slice(), self.f.arrays.as_slice());
        let slot = self.local_array(&name, ty, &[Dim::Const(1)])?;
        self.store(slot, vec![Expr::int(0, Type::I64)?], value)?;
        self.f.ret = Some(slot);
        Ok(())
    }

    /// The function, validated ([`Function::validate`]): every construct closed, no label
    /// left without a statement, every id and type consistent.
    pub fn finish(mut self) -> Result<Function, IrError> {
        if !self.open.is_empty() {
            return Err(IrError(format!(
                "{} loop(s), branch(es) or block(s) not closed with `end`",
                self.open.len()
            )));
        }
        if let Some(l) = self.label {
            return Err(IrError(format!("label `{l}` on no statement")));
        }
        self.f.body = std::mem::take(&mut self.body);
        self.f.validate()?;
        Ok(self.f)
    }
}
