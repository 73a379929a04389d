//! The faithful lowering of the program IR (no model, no assumption): statements, loops with the range tests before them ([`ranges`]), element reads and writes, pure-function calls, and the one lowering of expressions ([`lower_expr`]) that the model's bodies use too.

use crate::ast::CodegenError;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_module::{FuncId, Linkage, Module};
use optimist_scop::expr::{Expr as AnyExpr, ExprKind};
use optimist_scop::ir::{
    BinOp, Expr, For, Function, IrLeaf, LValue, MathFn, PureFn, Stmt, StmtKind, UnOp,
};
use optimist_scop::types::Type;
use std::sync::Arc;

use crate::abi::Status;

use super::lower::*;
use super::module::*;
use crate::native::lower::Step;

pub(crate) mod ranges;

/// The [`LoopReport`] of the faithful lowering of `f`.
pub fn faithful_loop_report(f: &Function) -> Result<LoopReport, CodegenError> {
    let mut report = LoopReport::default();
    compile_faithful_with(f, |ctx| report = LoopReport::of(ctx))?;
    Ok(report)
}

/// Compiles the faithful lowering of `f`, showing `inspect` the optimized function.
fn compile_faithful_with(
    f: &Function,
    inspect: impl FnOnce(&mut cranelift_codegen::Context),
) -> Result<Compiled, CodegenError> {
    let mut module = new_module()?;
    let name = format!("{}_faithful", f.name);
    let id = define_faithful(&mut module, f, &name, Linkage::Export, inspect)?;
    Ok(finish(module, f)?.kernel(id))
}

/// Defines the faithful lowering of `f` in `module` as the function `name` with the kernel
/// signature, showing `inspect` the optimized function.
pub(crate) fn define_faithful(
    module: &mut dyn Module,
    f: &Function,
    name: &str,
    linkage: Linkage,
    inspect: impl FnOnce(&mut cranelift_codegen::Context),
) -> Result<FuncId, CodegenError> {
    f.validate()
        .map_err(|e| CodegenError::Unexpected(e.to_string()))?;
    let sig = kernel_signature(module);
    let id = module.declare_function(name, linkage, &sig).map_err(err)?;
    let mut ctx = module.make_context();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let mut l = Lowering::new(f, b, module)?;
        l.body()?;
    }
    module.define_function(id, &mut ctx).map_err(err)?;
    inspect(&mut ctx);
    Ok(id)
}

impl<'a, 'm> Lowering<'a, 'm> {
    /// Lowers the whole body and finishes the function.
    fn body(&mut self) -> Result<(), CodegenError> {
        self.stmts(&self.f.body)?;
        self.finish();
        Ok(())
    }

    pub fn stmts(&mut self, stmts: &[Stmt]) -> Result<(), CodegenError> {
        for s in stmts {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), CodegenError> {
        match &s.kind {
            StmtKind::Assign(lv, e) => {
                self.moving = matches!(lv, LValue::Elem(_, idx)
                    if matches!(self.proved.get(&idx.as_ptr()),
                        Some(s) if !matches!(s.step, Step::Bytes(0))));
                let v = self.expr(e);
                self.moving = false;
                let v = v?;
                match lv {
                    LValue::Var(x) => self.b.def_var(self.vars[*x], v),
                    LValue::Elem(a, idx) => {
                        let addr = self.element(*a, idx)?;
                        self.b
                            .ins()
                            .store(MemFlagsData::new().with_notrap(), v, addr, 0);
                    }
                }
            }
            StmtKind::Block(b) => self.stmts(b)?,
            StmtKind::If(c, t, e) => {
                let cv = self.expr(c)?;
                let cond = self.truth(cv, c.ty);
                lower_if(self, cond, |l| l.stmts(t), |l| l.stmts(e))?;
            }
            StmtKind::For(l) => self.for_loop(l)?,
        }
        Ok(())
    }

    fn for_loop(&mut self, l: &For) -> Result<(), CodegenError> {
        let ty = self.f.var(l.var).ty;
        let init = self.expr(&l.init)?;
        let var = self.vars[l.var];
        self.b.def_var(var, init);
        // A loop nest whose accesses a test can prove in range runs in two copies: one
        // without those checks when the test holds, the other as written (its inner loops
        // tested in turn).
        if self.unchecked.is_empty()
            && let Some((fine, unchecked, nest)) =
                crate::native::faithful::ranges::range_test(self, l, init, !self.failed_nest)?
        {
            let (fast, slow, join) = (
                self.b.create_block(),
                self.b.create_block(),
                self.b.create_block(),
            );
            self.b.ins().brif(fine, fast, &[], slow, &[]);
            self.b.seal_block(fast);
            self.b.seal_block(slow);
            self.b.switch_to_block(fast);
            self.unchecked = unchecked;
            let done = self.unchecked_loop(l, ty, var);
            self.unchecked.clear();
            done?;
            self.b.ins().jump(join, &[]);
            self.b.switch_to_block(slow);
            let failed = self.failed_nest;
            self.failed_nest = failed || nest;
            let done = self.plain_loop(l, ty, var);
            self.failed_nest = failed;
            done?;
            self.b.ins().jump(join, &[]);
            self.b.seal_block(join);
            self.b.switch_to_block(join);
            return Ok(());
        }
        if !self.unchecked.is_empty() {
            return self.unchecked_loop(l, ty, var);
        }
        self.plain_loop(l, ty, var)
    }

    /// Loop `l` inside a nest whose test proved its accesses ([`Self::unchecked`]): an
    /// innermost loop addresses them from its iterator.
    ///
    /// That loop counts in `i64`: the test proved that its iterator never leaves its type
    /// (no `<=` up to the type's greatest value), so a 64-bit copy steps and exits as the
    /// iterator does, and addresses use it without a sign extension per iteration (which
    /// cost Floyd-Warshall's faithful loop 1.5x). The iterator itself is the copy's low
    /// bits, in the body and after the loop.
    fn unchecked_loop(&mut self, l: &For, ty: Type, var: Variable) -> Result<(), CodegenError> {
        let unchecked = std::mem::take(&mut self.unchecked);
        let stepped = crate::native::faithful::ranges::stepped_loop(self, l, &unchecked);
        self.unchecked = unchecked;
        let Some(proved) = stepped? else {
            return self.plain_loop(l, ty, var);
        };
        let wide = self.b.declare_var(types::I64);
        let first = self.b.use_var(var);
        let first = self.convert(first, ty, Type::I64);
        self.b.def_var(wide, first);
        // The bound is a term of the range test: evaluated once, it cannot fail.
        let bound = self.expr(&l.cond.bound)?;
        let bound = self.convert(bound, l.cond.ty, Type::I64);
        let narrow = |x: &mut Self| {
            let w = x.b.use_var(wide);
            let v = x.convert(w, Type::I64, ty);
            x.b.def_var(var, v);
        };
        self.proved = proved;
        self.counter = Some(wide);
        let done = lower_loop(
            self,
            wide,
            |x| {
                let w = x.b.use_var(wide);
                Ok(x.compare(l.cond.op, w, bound, Type::I64))
            },
            |x| {
                narrow(x);
                x.stmts(&l.body)
            },
            |x, cur| x.b.ins().iadd_imm_s(cur, l.step),
        );
        self.proved.clear();
        self.counter = None;
        done?;
        narrow(self);
        Ok(())
    }

    /// Loop `l` as written, its iterator (`var`, of type `ty`) holding its initial value.
    fn plain_loop(&mut self, l: &For, ty: Type, var: Variable) -> Result<(), CodegenError> {
        let test = |x: &mut Self| {
            let i = x.b.use_var(var);
            let i = x.convert(i, ty, l.cond.ty);
            let bound = x.expr(&l.cond.bound)?;
            Ok(x.compare(l.cond.op, i, bound, l.cond.ty))
        };
        // `i += step` in the promoted type, then back to the iterator's type (wrapping).
        let next = |x: &mut Self, cur: Value| {
            let promoted = ty.promote();
            let wide = x.convert(cur, ty, promoted);
            let step = x.b.ins().iconst(clif(promoted), l.step);
            let next = x.b.ins().iadd(wide, step);
            x.convert(next, promoted, ty)
        };
        lower_loop(self, var, test, |x| x.stmts(&l.body), next)
    }

    /// The address of `array[idx...]`, checked against the buffer's range.
    fn element(
        &mut self,
        a: optimist_scop::ir::ArrayId,
        idx: &[Expr],
    ) -> Result<Value, CodegenError> {
        // A proved access: its subscripts (affine in the iterator, terms that cannot fail)
        // need no evaluation.
        if let (Some(s), Some(counter)) = (self.proved.get(&idx.as_ptr()).copied(), self.counter) {
            let i = self.b.use_var(counter);
            let offset = match s.step {
                Step::Bytes(b) => self.b.ins().imul_imm_s(i, b),
                Step::Value(v) => self.b.ins().imul(i, v),
            };
            return Ok(self.b.ins().iadd(s.start, offset));
        }
        let mut values = Vec::with_capacity(idx.len());
        for e in idx {
            values.push(self.expr(e)?);
        }
        if self.unchecked.contains(&idx.as_ptr()) {
            return Ok(self.address_unchecked(a, &values, self.f.array(a).elem));
        }
        self.address(a, &values, self.f.array(a).elem)
    }

    /// Lowers an IR expression (depth bounded by `MAX_DEPTH`, so recursion is fine).
    pub fn expr(&mut self, e: &Expr) -> Result<Value, CodegenError> {
        lower_expr(self, e)
    }

    /// A call of the pure function `p` on `args` (of its parameter types); leaves through the
    /// error exit when it fails. The arguments go in a stack slot, one 8-byte slot each. A
    /// definition whose only array is its return slot is compiled into this module (faithful
    /// code, the first time) and called with that slot as its argument block (the scalars, then
    /// the return slot's base and range, then its element); any other function through
    /// [`call_pure`] (the slot of the arguments and one for the result).
    pub fn call_pure(&mut self, p: &Arc<PureFn>, args: &[Value]) -> Result<Value, CodegenError> {
        let index = self
            .pures
            .iter()
            .position(|q| q.name == p.name)
            .ok_or_else(|| CodegenError::Unbound(p.name.clone()))?;
        let native = p
            .definition
            .as_ref()
            .filter(|d| d.arrays.len() == 1 && d.ret.is_some());
        let n = args.len() as i32;
        // Where the result is written, and the slot's size.
        let (result, size) = if native.is_some() {
            (n + 3, n + 4)
        } else {
            (n, n + 1)
        };
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            8 * size as u32,
            3,
        ));
        let ptr = self.module.target_config().pointer_type();
        for (k, a) in args.iter().enumerate() {
            self.b.ins().stack_store(ptr, *a, slot, 8 * k as i32);
        }
        let base = self.b.ins().stack_addr(ptr, slot, 0);
        let out = self.b.ins().stack_addr(ptr, slot, 8 * result);
        let call = match native {
            Some(d) => {
                let callee = self.definition(&p.name, d)?;
                let (lo, hi) = (self.b.ins().iconst(ptr, 0), self.b.ins().iconst(ptr, 1));
                for (k, v) in [out, lo, hi].into_iter().enumerate() {
                    self.b.ins().stack_store(ptr, v, slot, 8 * (n + k as i32));
                }
                self.b.ins().call(callee, &[base])
            }
            None => {
                let callee = self.pure_trampoline()?;
                let fp = self
                    .b
                    .ins()
                    .iconst(ptr, Arc::as_ptr(&self.pures[index]) as i64);
                self.b.ins().call(callee, &[fp, base, out])
            }
        };
        let status = self.b.inst_results(call)[0];
        let code = Status::Call {
            index: index as u32,
        }
        .encode(false);
        self.fail_if(status, code);
        Ok(self.b.ins().stack_load(ptr, clif(p.ret), slot, 8 * result))
    }

    /// The imported [`call_pure`].
    fn pure_trampoline(&mut self) -> Result<cranelift_codegen::ir::FuncRef, CodegenError> {
        if let Some(r) = self.pure {
            return Ok(r);
        }
        let ptr = self.module.target_config().pointer_type();
        let mut sig = self.module.make_signature();
        sig.params.extend([AbiParam::new(ptr); 3]);
        sig.returns.push(AbiParam::new(types::I32));
        let id = self
            .module
            .declare_function(PURE_SYMBOL, Linkage::Import, &sig)
            .map_err(err)?;
        let r = self.module.declare_func_in_func(id, self.b.func);
        self.pure = Some(r);
        Ok(r)
    }

    /// The faithful code of the definition `d` of the pure function `name`, compiled into this
    /// module the first time.
    fn definition(
        &mut self,
        name: &str,
        d: &Function,
    ) -> Result<cranelift_codegen::ir::FuncRef, CodegenError> {
        let id = match self.definitions.get(name) {
            Some(id) => *id,
            None => {
                let sig = kernel_signature(&*self.module);
                let id = self.module.declare_anonymous_function(&sig).map_err(err)?;
                let mut ctx = self.module.make_context();
                ctx.func.signature = sig;
                let mut fctx = FunctionBuilderContext::new();
                {
                    let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
                    let mut l = Lowering::new(d, b, &mut *self.module)?;
                    l.body()?;
                }
                self.module.define_function(id, &mut ctx).map_err(err)?;
                self.definitions.insert(name.to_string(), id);
                id
            }
        };
        Ok(self.module.declare_func_in_func(id, self.b.func))
    }
}

/// How a lowering evaluates the leaves of one layer's expressions (the program IR's variables
/// and reads, a model body's parameters, iterators and accesses): everything else of the shared
/// expression language is lowered once, by [`lower_expr`].
pub(crate) trait LowerLeaves<'a, 'm, L>: HasLowering<'a, 'm> {
    /// The value of `leaf`, of type `ty`.
    fn leaf(&mut self, leaf: &L, ty: Type) -> Result<Value, CodegenError>;

    /// Whether reading `leaf` can neither fail nor touch memory the program might not (so it
    /// may be read when the program would not: both arms of a `?:`). None by default.
    fn leaf_speculable(&self, _leaf: &L) -> bool {
        false
    }
}

/// Whether `e` may be computed although the program might not compute it: its leaves are
/// [`LowerLeaves::leaf_speculable`], no operation may fail (integer division and shifts may),
/// it calls nothing, and it is small (both arms of a `?:` are computed then, for a
/// branch-free `select`).
fn speculable<'a, 'm, L: optimist_scop::expr::Leaf, X: LowerLeaves<'a, 'm, L>>(
    x: &X,
    e: &AnyExpr<L>,
) -> bool {
    use optimist_scop::expr::ExprKind;
    fn go<'a, 'm, L: optimist_scop::expr::Leaf, X: LowerLeaves<'a, 'm, L>>(
        x: &X,
        e: &AnyExpr<L>,
        budget: &mut u32,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let ok = match &e.kind {
            ExprKind::Int(_) | ExprKind::Float(_) => true,
            // A speculable leaf vouches for its subscripts (a proved access's cannot fail),
            // which do not count against the budget.
            ExprKind::Leaf(l) => return x.leaf_speculable(l),
            ExprKind::Unary(_, _) | ExprKind::Cast(_) | ExprKind::Select(..) => true,
            ExprKind::Binary(op, _, _) => {
                !matches!(op, BinOp::Div | BinOp::Rem | BinOp::Shl | BinOp::Shr) || e.ty.is_float()
            }
            ExprKind::Call(..) | ExprKind::Pure(..) => false,
        };
        ok && e.children().iter().all(|c| go(x, c, budget))
    }
    let mut budget = 8;
    go(x, e, &mut budget)
}

impl<'a, 'm> LowerLeaves<'a, 'm, IrLeaf> for Lowering<'a, 'm> {
    /// In a statement storing to an element that moves with its proved loop
    /// ([`Lowering::moving`]), variables and elements a test proved in range: reading them
    /// can neither fail nor touch memory outside the buffers. So Floyd-Warshall's
    /// `path[i][j] < d ? path[i][j] : d` is a select (a data-dependent branch mispredicts
    /// there), while a maximum accumulated into one element along the loop (nussinov's
    /// `table[i][j]`) keeps its predicted branch, which leaves the chain through that
    /// element shorter than a select would.
    fn leaf_speculable(&self, leaf: &IrLeaf) -> bool {
        self.moving
            && match leaf {
                IrLeaf::Var(_) => true,
                IrLeaf::Read(_, idx) => {
                    self.proved.contains_key(&idx.as_ptr())
                        || self.unchecked.contains(&idx.as_ptr())
                }
            }
    }

    fn leaf(&mut self, leaf: &IrLeaf, ty: Type) -> Result<Value, CodegenError> {
        Ok(match leaf {
            IrLeaf::Var(v) => self.b.use_var(self.vars[*v]),
            IrLeaf::Read(a, idx) => {
                let addr = self.element(*a, idx)?;
                self.b
                    .ins()
                    .load(clif(ty), MemFlagsData::new().with_notrap(), addr, 0)
            }
        })
    }
}

/// Lowers `e` in C's semantics (the IR's explicit conversions, wrapping like C and gcc,
/// short-circuit `&&`/`||`, one branch of `?:` evaluated, math through libm), its leaves by `x`:
/// the one Cranelift lowering of expressions, for the faithful code and the model's bodies.
pub(crate) fn lower_expr<'a, 'm, L: optimist_scop::expr::Leaf, X: LowerLeaves<'a, 'm, L>>(
    x: &mut X,
    e: &AnyExpr<L>,
) -> Result<Value, CodegenError> {
    Ok(match &e.kind {
        ExprKind::Int(v) => x.l().b.ins().iconst(clif(e.ty), *v as i64),
        ExprKind::Float(f) => {
            if e.ty == Type::F32 {
                x.l().b.ins().f32const(*f as f32)
            } else {
                x.l().b.ins().f64const(*f)
            }
        }
        ExprKind::Leaf(leaf) => x.leaf(leaf, e.ty)?,
        ExprKind::Cast(a) => {
            let v = lower_expr(x, a)?;
            x.l().convert(v, a.ty, e.ty)
        }
        ExprKind::Unary(op, a) => {
            let v = lower_expr(x, a)?;
            let l = x.l();
            match op {
                UnOp::Neg if e.ty.is_float() => l.b.ins().fneg(v),
                UnOp::Neg => l.b.ins().ineg(v),
                UnOp::BitNot => l.b.ins().bnot(v),
                UnOp::Not => {
                    let t = l.truth(v, a.ty);
                    let f = l.b.ins().icmp_imm_s(IntCC::Equal, t, 0);
                    l.bool_to_int(f)
                }
            }
        }
        ExprKind::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
            // Short-circuit, as a C `int`.
            let v = lower_expr(x, a)?;
            let l = x.l();
            let tx = l.truth(v, a.ty);
            let (rhs, join) = (l.b.create_block(), l.b.create_block());
            l.b.append_block_param(join, types::I8);
            if *op == BinOp::And {
                l.b.ins().brif(tx, rhs, &[], join, &[tx.into()]);
            } else {
                l.b.ins().brif(tx, join, &[tx.into()], rhs, &[]);
            }
            l.b.seal_block(rhs);
            l.b.switch_to_block(rhs);
            let w = lower_expr(x, b)?;
            let l = x.l();
            let ty = l.truth(w, b.ty);
            l.b.ins().jump(join, &[ty.into()]);
            l.b.seal_block(join);
            l.b.switch_to_block(join);
            let t = l.b.block_params(join)[0];
            l.bool_to_int(t)
        }
        ExprKind::Binary(op, a, b) => {
            let (v, w) = (lower_expr(x, a)?, lower_expr(x, b)?);
            let l = x.l();
            if op.is_comparison() {
                let t = l.compare(*op, v, w, a.ty);
                l.bool_to_int(t)
            } else {
                l.arith(*op, v, w, e.ty)
            }
        }
        // Both arms cheap and safe: computed both, one picked without a branch (a data-
        // dependent branch mispredicts, a conditional move does not).
        ExprKind::Select(c, a, b) if speculable(x, a) && speculable(x, b) => {
            let cv = lower_expr(x, c)?;
            let cond = x.l().truth(cv, c.ty);
            let v = lower_expr(x, a)?;
            let w = lower_expr(x, b)?;
            x.l().b.ins().select(cond, v, w)
        }
        ExprKind::Select(c, a, b) => {
            let cv = lower_expr(x, c)?;
            let l = x.l();
            let cond = l.truth(cv, c.ty);
            let (tb, fb, join) = (l.b.create_block(), l.b.create_block(), l.b.create_block());
            l.b.append_block_param(join, clif(e.ty));
            l.b.ins().brif(cond, tb, &[], fb, &[]);
            l.b.seal_block(tb);
            l.b.seal_block(fb);
            l.b.switch_to_block(tb);
            let v = lower_expr(x, a)?;
            x.l().b.ins().jump(join, &[v.into()]);
            x.l().b.switch_to_block(fb);
            let w = lower_expr(x, b)?;
            let l = x.l();
            l.b.ins().jump(join, &[w.into()]);
            l.b.seal_block(join);
            l.b.switch_to_block(join);
            l.b.block_params(join)[0]
        }
        ExprKind::Call(fun, args) => {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(lower_expr(x, a)?);
            }
            let l = x.l();
            // One instruction where the CPU has FMA, else Cranelift's call of the C library's
            // `fma`: rounded once either way.
            if let (MathFn::Fma, [a, b, c]) = (fun, vals.as_slice()) {
                return Ok(l.b.ins().fma(*a, *b, *c));
            }
            let callee = l.math_fn(*fun, e.ty)?;
            let call = l.b.ins().call(callee, &vals);
            l.b.inst_results(call)[0]
        }
        ExprKind::Pure(p, args) => {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(lower_expr(x, a)?);
            }
            x.l().call_pure(p, &vals)?
        }
    })
}
