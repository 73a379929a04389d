//! The lowering kit every native function is built with ([`Lowering`]): the function's parameters, arrays and locals, addresses with and without their range checks, C's conversions, comparisons and arithmetic, math calls, and the one lowering of branches and loops ([`lower_if`], [`lower_loop`]).

use crate::ast::CodegenError;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{AbiParam, Block, InstBuilder, MemFlagsData, Value, types};
use cranelift_frontend::{FunctionBuilder, Variable};
use cranelift_module::{FuncId, Linkage, Module};
use optimist_scop::id::IdVec;
use optimist_scop::ir::{
    ArrayId, ArrayKind, BinOp, Dim, Expr, Function, MathFn, Param, PureFn, VarId,
};
use optimist_scop::types::Type;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::abi::Status;

use super::module::err;

/// The CLIF type of a C type.
pub(crate) fn clif(t: Type) -> types::Type {
    match t {
        Type::I8 | Type::U8 => types::I8,
        Type::I16 | Type::U16 => types::I16,
        Type::I32 | Type::U32 => types::I32,
        Type::I64 | Type::U64 => types::I64,
        Type::F32 => types::F32,
        Type::F64 => types::F64,
    }
}

/// How the code reaches one array.
#[derive(Clone)]
pub(crate) struct ArrayRef {
    pub base: Variable,
    pub lo: Variable,
    pub hi: Variable,
    /// Sizes of the dimensions but the first (computed at entry).
    pub inner: Vec<Variable>,
}

/// Shared machinery of the lowerings: variables, arrays, math imports, the error exit. Written
/// against any `cranelift_module::Module` (the JIT's today), so a lowering may declare further
/// functions in the same module (outlined loop bodies).
pub(crate) struct Lowering<'a, 'm> {
    pub f: &'a Function,
    pub b: FunctionBuilder<'a>,
    pub module: &'m mut dyn Module,
    pub vars: IdVec<VarId, Variable>,
    pub arrays: IdVec<ArrayId, ArrayRef>,
    pub(crate) math: HashMap<(MathFn, Type), cranelift_codegen::ir::FuncRef>,
    /// The imported [`call_pure`], once declared.
    pub(crate) pure: Option<cranelift_codegen::ir::FuncRef>,
    /// The pure functions the function calls, in the order of [`Function::pure_fns`].
    pub(crate) pures: Vec<Arc<PureFn>>,
    /// The definitions of pure functions compiled into the module, by name.
    pub(crate) definitions: HashMap<String, FuncId>,
    /// Returns its block parameter as the status.
    pub error: Block,
    /// The accesses (keyed by their subscripts' address in the IR) of the innermost loop being
    /// lowered that a test before its nest proved in range in every iteration
    /// ([`crate::native::faithful::ranges`]): lowered without their checks, addressed from the loop's iterator.
    pub proved: Proved,
    /// That loop's iterator, counted in `i64`, while `proved` is not empty.
    pub counter: Option<Variable>,
    /// The accesses a test before the loop nest being lowered proved in range in every
    /// iteration of its loops ([`crate::native::faithful::ranges`]): lowered without their checks.
    pub unchecked: Unchecked,
    /// Inside the checked copy of a nest whose test failed: only innermost loops test their
    /// own accesses (a nest inside it would most likely fail its test too, and each level
    /// tested would add a copy of the loops below it).
    pub failed_nest: bool,
    /// The statement being lowered stores to an element whose address moves with the
    /// innermost loop around it, which a test proved in range: its `?:` over proved elements
    /// may compute both arms and select (see [`LowerLeaves::leaf_speculable`]).
    pub(crate) moving: bool,
    /// The argument block (the function's parameter).
    pub args: Value,
}

impl<'a, 'm> Lowering<'a, 'm> {
    /// Sets up the entry block: parameters, array descriptors, sizes, locals, the error exit.
    pub fn new(
        f: &'a Function,
        mut b: FunctionBuilder<'a>,
        module: &'m mut dyn Module,
    ) -> Result<Self, CodegenError> {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        b.seal_block(entry);
        let args = b.block_params(entry)[0];
        let error = b.create_block();
        b.append_block_param(error, types::I32);
        let vars: IdVec<VarId, Variable> =
            f.vars.iter().map(|v| b.declare_var(clif(v.ty))).collect();
        let mut l = Lowering {
            f,
            b,
            module,
            vars,
            arrays: IdVec::new(),
            math: HashMap::new(),
            pure: None,
            pures: f.pure_fns(false),
            definitions: HashMap::new(),
            error,
            args,
            proved: Default::default(),
            counter: None,
            unchecked: Default::default(),
            failed_nest: false,
            moving: false,
        };
        if let Some(p) = l.pures.iter().find(|p| p.imp.is_none()) {
            return Err(CodegenError::Unbound(p.name.clone()));
        }
        let flags = MemFlagsData::trusted();
        let mut slot = 0i32;
        let mut array_slots: IdVec<ArrayId, Option<i32>> = IdVec::filled(f.arrays.len(), None);
        for p in &f.params {
            match *p {
                Param::Scalar(v) => {
                    let t = clif(f.var(v).ty);
                    let val = l.b.ins().load(t, flags, args, slot * 8);
                    l.b.def_var(l.vars[v], val);
                    slot += 1;
                }
                Param::Array(a) => {
                    array_slots[a] = Some(slot);
                    slot += 3;
                }
            }
        }
        for (k, a) in f.arrays.iter_enumerated() {
            if a.kind == ArrayKind::Local {
                array_slots[k] = Some(slot);
                slot += 3;
            }
        }
        // Locals start at zero (reading them first is undefined in C).
        for (k, v) in f.vars.iter_enumerated() {
            if v.kind == optimist_scop::ir::VarKind::Local {
                let z = l.zero(v.ty);
                l.b.def_var(l.vars[k], z);
            }
        }
        for (k, a) in f.arrays.iter_enumerated() {
            let s = array_slots[k]
                .ok_or_else(|| CodegenError::Unexpected("array without a slot".into()))?;
            let mut load = |off: i32| {
                let var = l.b.declare_var(types::I64);
                let v = l.b.ins().load(types::I64, flags, args, (s + off) * 8);
                l.b.def_var(var, v);
                var
            };
            let (base, lo, hi) = (load(0), load(1), load(2));
            let mut inner = Vec::new();
            for d in a.dims.iter().skip(1) {
                let v = match d {
                    Dim::Const(n) => l.b.ins().iconst(types::I64, *n as i64),
                    Dim::Expr(e) => l.expr(e)?,
                    Dim::Unknown => l.b.ins().iconst(types::I64, 0),
                };
                let var = l.b.declare_var(types::I64);
                l.b.def_var(var, v);
                inner.push(var);
            }
            l.arrays.push(ArrayRef {
                base,
                lo,
                hi,
                inner,
            });
        }
        Ok(l)
    }

    pub(crate) fn zero(&mut self, t: Type) -> Value {
        match t {
            Type::F32 => self.b.ins().f32const(0.0),
            Type::F64 => self.b.ins().f64const(0.0),
            t => self.b.ins().iconst(clif(t), 0),
        }
    }

    /// Returns OK from the current block, emits the error exit, and seals everything.
    pub fn finish(&mut self) {
        let ok = self
            .b
            .ins()
            .iconst(types::I32, i64::from(Status::Ok.code()));
        self.b.ins().return_(&[ok]);
        self.b.switch_to_block(self.error);
        let code = self.b.block_params(self.error)[0];
        self.b.ins().return_(&[code]);
        self.b.seal_all_blocks();
        // The builder is finalized by dropping it after `seal_all_blocks` in `finalize`.
    }

    /// The address of the element at `indices` (i64 values) of array `k`, range-checked.
    pub fn address(
        &mut self,
        k: ArrayId,
        indices: &[Value],
        elem: Type,
    ) -> Result<Value, CodegenError> {
        let flat = self.flat_index(k, indices);
        let bad = self.outside(k, flat);
        self.fail_if(bad, Status::OutOfBounds.code());
        Ok(self.element_address(k, flat, elem))
    }

    /// The address of the element at `indices` of array `k`, without a range check: for code
    /// whose accesses were proved in range before it runs.
    pub fn address_unchecked(&mut self, k: ArrayId, indices: &[Value], elem: Type) -> Value {
        let flat = self.flat_index(k, indices);
        self.element_address(k, flat, elem)
    }

    /// The flat element index of `indices` (i64 values) in array `k`.
    pub fn flat_index(&mut self, k: ArrayId, indices: &[Value]) -> Value {
        let mut flat = indices[0];
        for (d, &i) in indices.iter().enumerate().skip(1) {
            let size = self.b.use_var(self.arrays[k].inner[d - 1]);
            let scaled = self.b.ins().imul(flat, size);
            flat = self.b.ins().iadd(scaled, i);
        }
        flat
    }

    /// Whether the flat index `flat` lies outside the memory given for array `k` (`i8`).
    pub fn outside(&mut self, k: ArrayId, flat: Value) -> Value {
        let (lo, hi) = (
            self.b.use_var(self.arrays[k].lo),
            self.b.use_var(self.arrays[k].hi),
        );
        let below = self.b.ins().icmp(IntCC::SignedLessThan, flat, lo);
        let above = self.b.ins().icmp(IntCC::SignedGreaterThanOrEqual, flat, hi);
        self.b.ins().bor(below, above)
    }

    /// The address of flat element `flat` of array `k`.
    pub fn element_address(&mut self, k: ArrayId, flat: Value, elem: Type) -> Value {
        let bytes = self.b.ins().imul_imm_s(flat, elem.size() as i64);
        let base = self.b.use_var(self.arrays[k].base);
        self.b.ins().iadd(base, bytes)
    }

    /// Leaves through the error exit with `status` when `bad` is non-zero.
    pub fn fail_if(&mut self, bad: Value, status: i32) {
        let ok = self.b.create_block();
        let code = self.b.ins().iconst(types::I32, i64::from(status));
        self.b.ins().brif(bad, self.error, &[code.into()], ok, &[]);
        self.b.seal_block(ok);
        self.b.switch_to_block(ok);
    }

    /// A value compared against zero, as an `i8` truth value.
    pub fn truth(&mut self, v: Value, t: Type) -> Value {
        match t {
            Type::F32 => {
                let z = self.b.ins().f32const(0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, v, z)
            }
            Type::F64 => {
                let z = self.b.ins().f64const(0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, v, z)
            }
            _ => self.b.ins().icmp_imm_s(IntCC::NotEqual, v, 0),
        }
    }

    /// `a op b` for a comparison, as an `i8` truth value, in type `t`.
    pub fn compare(&mut self, op: BinOp, a: Value, b: Value, t: Type) -> Value {
        if t.is_float() {
            let cc = match op {
                BinOp::Lt => FloatCC::LessThan,
                BinOp::Le => FloatCC::LessThanOrEqual,
                BinOp::Gt => FloatCC::GreaterThan,
                BinOp::Ge => FloatCC::GreaterThanOrEqual,
                BinOp::Eq => FloatCC::Equal,
                _ => FloatCC::NotEqual,
            };
            return self.b.ins().fcmp(cc, a, b);
        }
        let s = t.is_signed();
        let cc = match op {
            BinOp::Lt => {
                if s {
                    IntCC::SignedLessThan
                } else {
                    IntCC::UnsignedLessThan
                }
            }
            BinOp::Le => {
                if s {
                    IntCC::SignedLessThanOrEqual
                } else {
                    IntCC::UnsignedLessThanOrEqual
                }
            }
            BinOp::Gt => {
                if s {
                    IntCC::SignedGreaterThan
                } else {
                    IntCC::UnsignedGreaterThan
                }
            }
            BinOp::Ge => {
                if s {
                    IntCC::SignedGreaterThanOrEqual
                } else {
                    IntCC::UnsignedGreaterThanOrEqual
                }
            }
            BinOp::Eq => IntCC::Equal,
            _ => IntCC::NotEqual,
        };
        self.b.ins().icmp(cc, a, b)
    }

    /// Converts `v` of C type `from` to C type `to` with C's rules (float to integer saturates:
    /// the out-of-range case is undefined in C).
    pub fn convert(&mut self, v: Value, from: Type, to: Type) -> Value {
        if from == to {
            return v;
        }
        match (from.is_float(), to.is_float()) {
            (false, false) => {
                let (fb, tb) = (from.bits(), to.bits());
                if fb == tb {
                    v
                } else if tb < fb {
                    self.b.ins().ireduce(clif(to), v)
                } else if from.is_signed() {
                    self.b.ins().sextend(clif(to), v)
                } else {
                    self.b.ins().uextend(clif(to), v)
                }
            }
            (false, true) => {
                let wide = if from.bits() < 64 {
                    self.convert(
                        v,
                        from,
                        if from.is_signed() {
                            Type::I64
                        } else {
                            Type::U64
                        },
                    )
                } else {
                    v
                };
                if from.is_signed() {
                    self.b.ins().fcvt_from_sint(clif(to), wide)
                } else {
                    self.b.ins().fcvt_from_uint(clif(to), wide)
                }
            }
            (true, false) => {
                let target = if to.bits() < 32 {
                    if to.is_signed() { Type::I32 } else { Type::U32 }
                } else {
                    to
                };
                let r = if target.is_signed() {
                    self.b.ins().fcvt_to_sint_sat(clif(target), v)
                } else {
                    self.b.ins().fcvt_to_uint_sat(clif(target), v)
                };
                self.convert(r, target, to)
            }
            (true, true) => {
                if to == Type::F64 {
                    self.b.ins().fpromote(types::F64, v)
                } else {
                    self.b.ins().fdemote(types::F32, v)
                }
            }
        }
    }

    /// An `i8` truth value as a C `int` 0 or 1.
    pub fn bool_to_int(&mut self, t: Value) -> Value {
        self.b.ins().uextend(types::I32, t)
    }

    /// An arithmetic operation in type `t` (both operands of type `t`, shifts excepted).
    pub fn arith(&mut self, op: BinOp, x: Value, y: Value, t: Type) -> Value {
        if t.is_float() {
            return match op {
                BinOp::Add => self.b.ins().fadd(x, y),
                BinOp::Sub => self.b.ins().fsub(x, y),
                BinOp::Mul => self.b.ins().fmul(x, y),
                _ => self.b.ins().fdiv(x, y),
            };
        }
        let s = t.is_signed();
        match op {
            BinOp::Add => self.b.ins().iadd(x, y),
            BinOp::Sub => self.b.ins().isub(x, y),
            BinOp::Mul => self.b.ins().imul(x, y),
            BinOp::Div | BinOp::Rem => {
                // Native division traps on these; C leaves them undefined: report them.
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, y, 0);
                self.fail_if(zero, Status::Division.code());
                if s {
                    let min = self.b.ins().iconst(clif(t), t.min_int() as i64);
                    let is_min = self.b.ins().icmp(IntCC::Equal, x, min);
                    let minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, y, -1);
                    let overflow = self.b.ins().band(is_min, minus_one);
                    self.fail_if(overflow, Status::Division.code());
                }
                match (op, s) {
                    (BinOp::Div, true) => self.b.ins().sdiv(x, y),
                    (BinOp::Div, false) => self.b.ins().udiv(x, y),
                    (_, true) => self.b.ins().srem(x, y),
                    (_, false) => self.b.ins().urem(x, y),
                }
            }
            BinOp::Shl => {
                let y = self.shift_amount(y, t);
                self.b.ins().ishl(x, y)
            }
            BinOp::Shr => {
                let y = self.shift_amount(y, t);
                if s {
                    self.b.ins().sshr(x, y)
                } else {
                    self.b.ins().ushr(x, y)
                }
            }
            BinOp::BitAnd => self.b.ins().band(x, y),
            BinOp::BitOr => self.b.ins().bor(x, y),
            _ => self.b.ins().bxor(x, y),
        }
    }

    pub(crate) fn shift_amount(&mut self, y: Value, t: Type) -> Value {
        let yt = self.b.func.dfg.value_type(y);
        if yt == clif(t) {
            y
        } else if yt.bits() > clif(t).bits() {
            self.b.ins().ireduce(clif(t), y)
        } else {
            self.b.ins().uextend(clif(t), y)
        }
    }

    /// The imported C library function for `f` in precision `t`.
    pub fn math_fn(
        &mut self,
        f: MathFn,
        t: Type,
    ) -> Result<cranelift_codegen::ir::FuncRef, CodegenError> {
        if let Some(r) = self.math.get(&(f, t)) {
            return Ok(*r);
        }
        let mut sig = self.module.make_signature();
        for _ in 0..f.arity() {
            sig.params.push(AbiParam::new(clif(t)));
        }
        sig.returns.push(AbiParam::new(clif(t)));
        let id = self
            .module
            .declare_function(&f.c_name(t), Linkage::Import, &sig)
            .map_err(err)?;
        let r = self.module.declare_func_in_func(id, self.b.func);
        self.math.insert((f, t), r);
        Ok(r)
    }
}

/// A lowering built on the shared machinery (the faithful one is it; the model's holds it):
/// what the one lowering of loops, branches and expressions needs.
pub(crate) trait HasLowering<'a, 'm> {
    /// The shared machinery.
    fn l(&mut self) -> &mut Lowering<'a, 'm>;
}

impl<'a, 'm> HasLowering<'a, 'm> for Lowering<'a, 'm> {
    fn l(&mut self) -> &mut Lowering<'a, 'm> {
        self
    }
}

/// `if (cond) then else els` (`cond` nonzero takes `then`): the one lowering of branches.
pub(crate) fn lower_if<'a, 'm, X: HasLowering<'a, 'm>>(
    x: &mut X,
    cond: Value,
    then: impl FnOnce(&mut X) -> Result<(), CodegenError>,
    els: impl FnOnce(&mut X) -> Result<(), CodegenError>,
) -> Result<(), CodegenError> {
    let l = x.l();
    let (then_b, else_b, join) = (l.b.create_block(), l.b.create_block(), l.b.create_block());
    l.b.ins().brif(cond, then_b, &[], else_b, &[]);
    l.b.seal_block(then_b);
    l.b.seal_block(else_b);
    l.b.switch_to_block(then_b);
    then(x)?;
    x.l().b.ins().jump(join, &[]);
    x.l().b.switch_to_block(else_b);
    els(x)?;
    let l = x.l();
    l.b.ins().jump(join, &[]);
    l.b.seal_block(join);
    l.b.switch_to_block(join);
    Ok(())
}

/// A loop over the counter `var` (already holding its first value): `test` says whether to go
/// on (zero stops), `body` runs, `next` gives the counter's next value from its current one.
/// The one lowering of loops, rotated: `test` is emitted twice, once before the loop (skipping
/// it when it runs no iteration) and once at its end (branching back to the body), so each
/// iteration takes one branch where a test at the top and a jump back took two. It runs as
/// often as in a loop tested at the top (once per iteration and once to stop), so its effects
/// and errors are the same. Blocks are sealed as soon as their predecessors are known, so
/// Cranelift sees values defined outside the loop as the same in every iteration and hoists
/// invariant code.
pub(crate) fn lower_loop<'a, 'm, X: HasLowering<'a, 'm>>(
    x: &mut X,
    var: Variable,
    mut test: impl FnMut(&mut X) -> Result<Value, CodegenError>,
    body: impl FnOnce(&mut X) -> Result<(), CodegenError>,
    next: impl FnOnce(&mut X, Value) -> Value,
) -> Result<(), CodegenError> {
    let first = test(x)?;
    let l = x.l();
    let (body_b, exit) = (l.b.create_block(), l.b.create_block());
    l.b.ins().brif(first, body_b, &[], exit, &[]);
    l.b.switch_to_block(body_b);
    body(x)?;
    let cur = x.l().b.use_var(var);
    let following = next(x, cur);
    x.l().b.def_var(var, following);
    let again = test(x)?;
    let l = x.l();
    l.b.ins().brif(again, body_b, &[], exit, &[]);
    l.b.seal_block(body_b);
    l.b.seal_block(exit);
    l.b.switch_to_block(exit);
    Ok(())
}

/// An access a range test proved, addressed from the loop's iterator: its element is at
/// `start + i * step` bytes (`i` the iterator's value, widened to `i64`), both computed before
/// the loop. Its subscripts are affine in the iterator with invariant terms, so this is the
/// address the checked code computes, without evaluating them per iteration.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stepped {
    /// The address at iterator value 0.
    pub start: Value,
    /// Bytes per step of the iterator.
    pub step: Step,
}

/// [`Stepped::step`]: a constant (a loop along an array's last dimension), or a value of the
/// array's sizes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    Bytes(i64),
    Value(Value),
}

/// The proved accesses of a range-tested loop, by their subscripts' address in the IR.
pub(crate) type Proved = HashMap<*const Expr, Stepped>;

/// The accesses a test before a loop nest proved in range, by their subscripts' address.
pub(crate) type Unchecked = HashSet<*const Expr>;
