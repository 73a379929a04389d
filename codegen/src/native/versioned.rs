//! The versioned entry of a model: pre-loads, the run-time check with overflow detection
//! (Algorithms 1 and 2 of paper 000), the footprint check, and the call of the optimized or the
//! faithful code. Its own function, so that the optimized code's loops compile exactly as
//! without versioning.

use crate::ast::CodegenError;
use crate::native::model::{Model, ModelLowering, Versioning, define_lowered};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, MemFlagsData, Value, types};
use cranelift_module::{FuncId, Linkage, Module};
use optimist_presburger::AstOp;
use optimist_scop::ir::Function;
use optimist_scop::model::{ArrayOrigin, Scop};
use optimist_scop::types::Type;

/// Defines the versioned entry of a model in `module` as `name`: it loads the invariant reads
/// (only where the program reads them, and only inside the memory given; Algorithm 2 of paper
/// 000) into the argument block, evaluates the check with overflow detection (Algorithm 1), and
/// calls the optimized code when it holds (after comparing the footprints with the buffers),
/// returning its status; otherwise it returns [`crate::abi::Status::CheckFailed`] and leaves
/// the faithful code to its caller (`Kernel`, the C entries), which first saves the buffers
/// that code may write. The optimized code itself carries no check, so its loops compile
/// exactly as without versioning.
pub(crate) fn define_versioned(
    module: &mut dyn Module,
    f: &Function,
    scop: &Scop,
    versioning: Versioning<'_>,
    name: &str,
    linkage: Linkage,
) -> Result<FuncId, CodegenError> {
    let nothing = crate::decide::Decided::empty(optimist_loopy::Target::native(1, false, false));
    let model = Model {
        scop,
        decided: &nothing,
        proved: &[],
        preloaded: None,
        versioning: Some(versioning),
    };
    define_lowered(module, f, model, name, linkage, None, |m| {
        m.entry(versioning)
    })
}

impl ModelLowering<'_, '_> {
    /// The body of the versioned entry (after the parameters and pre-loads are set up).
    pub(crate) fn entry(&mut self, v: Versioning<'_>) -> Result<(), CodegenError> {
        let zero = self.l.b.ins().iconst(types::I8, 0);
        self.overflow = Some(zero);
        // An unsigned long beyond i64 is no value of the check.
        for p in &self.scop.params {
            if p.ty == Type::U64
                && let Some(&var) = self.params.get(&p.name)
            {
                let x = self.l.b.use_var(var);
                let negative = self.l.b.ins().icmp_imm_s(IntCC::SignedLessThan, x, 0);
                self.overflowed(negative);
            }
        }
        let c = self.check_expr(&v.check.condition)?;
        let failed = self.l.b.ins().icmp_imm_s(IntCC::Equal, c, 0);
        let overflow = self.overflow.unwrap_or(zero);
        let bad = self.l.b.ins().bor(failed, overflow);
        self.fall_back_if(bad);
        // The model is the program now, so its footprints are the program's: one outside
        // its buffer is the caller's error, reported before anything is written.
        for (fallback, (a, fp)) in v
            .footprints
            .iter()
            .map(|f| (false, f))
            .chain(v.fallback_footprints.iter().map(|f| (true, f)))
        {
            let zero = self.l.b.ins().iconst(types::I8, 0);
            self.overflow = Some(zero);
            let touched = self.check_value(&fp.touched)?;
            let low = self.check_value(&fp.low)?;
            let end = self.check_value(&fp.end)?;
            if let Some(o) = self.overflow.take() {
                self.fall_back_if(o);
            }
            let arr = self.l.arrays[*a].clone();
            let (lo, hi) = (self.l.b.use_var(arr.lo), self.l.b.use_var(arr.hi));
            let below = self.l.b.ins().icmp(IntCC::SignedLessThan, low, lo);
            let above = self.l.b.ins().icmp(IntCC::SignedGreaterThan, end, hi);
            let outside = self.l.b.ins().bor(below, above);
            let t = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, touched, 0);
            let bad = self.l.b.ins().band(t, outside);
            if fallback {
                self.fall_back_if(bad);
            } else {
                let code = crate::abi::Status::Footprint { array: a.0 }.encode(false);
                self.l.fail_if(bad, code);
            }
        }
        // Hand the pre-loaded values to the optimized code and run it.
        for (k, load) in self.scop.invariant_loads.iter().enumerate() {
            let offset = i32::try_from((v.preload_slot + k) * 8)
                .map_err(|_| CodegenError::Unexpected("argument block too large".into()))?;
            let var = self.params[&load.param];
            let value = self.l.b.use_var(var);
            self.l
                .b
                .ins()
                .store(MemFlagsData::trusted(), value, self.l.args, offset);
        }
        let status = self.call(v.optimized);
        self.l.b.ins().return_(&[status]);
        let block = self.fallback.get_or_insert_with(|| self.l.b.create_block());
        let block = *block;
        self.l.b.switch_to_block(block);
        let failed = self.l.b.ins().iconst(
            types::I32,
            i64::from(crate::abi::Status::CheckFailed.encode(false)),
        );
        self.l.b.ins().return_(&[failed]);
        let after = self.l.b.create_block();
        self.l.b.switch_to_block(after);
        Ok(())
    }

    /// Calls compiled code with this function's argument block; its status.
    pub(crate) fn call(&mut self, code: FuncId) -> Value {
        let callee = self.l.module.declare_func_in_func(code, self.l.b.func);
        let call = self.l.b.ins().call(callee, &[self.l.args]);
        self.l.b.inst_results(call)[0]
    }

    /// Branches to the fallback when `bad` (an `i8` truth value) is set.
    pub(crate) fn fall_back_if(&mut self, bad: Value) {
        let block = *self.fallback.get_or_insert_with(|| self.l.b.create_block());
        let ok = self.l.b.create_block();
        self.l.b.ins().brif(bad, block, &[], ok, &[]);
        self.l.b.seal_block(ok);
        self.l.b.switch_to_block(ok);
    }

    /// The address of element `indices` of array `k`; outside the memory given, the fallback.
    pub(crate) fn address_or_fallback(
        &mut self,
        k: optimist_scop::ir::ArrayId,
        indices: &[Value],
        elem: Type,
    ) -> Value {
        let flat = self.l.flat_index(k, indices);
        let bad = self.l.outside(k, flat);
        self.fall_back_if(bad);
        self.l.element_address(k, flat, elem)
    }

    /// Records `flag` (an `i8` truth value) as an overflow of the check.
    pub(crate) fn overflowed(&mut self, flag: Value) {
        let acc = match self.overflow {
            Some(o) => self.l.b.ins().bor(o, flag),
            None => flag,
        };
        self.overflow = Some(acc);
    }

    /// A value of the run-time check as an i64, every operation checked for overflow
    /// (Algorithm 1). Inside the final check, overflows accumulate in `self.overflow`; in a
    /// pre-load guard, an overflow sends the code to the fallback at once.
    pub(crate) fn check_expr(
        &mut self,
        e: &optimist_assume::CheckExpr,
    ) -> Result<Value, CodegenError> {
        let standalone = self.overflow.is_none();
        if standalone {
            let zero = self.l.b.ins().iconst(types::I8, 0);
            self.overflow = Some(zero);
        }
        let v = self.check_value(e)?;
        if standalone && let Some(o) = self.overflow.take() {
            self.fall_back_if(o);
        }
        Ok(v)
    }

    /// The program array behind array `k` of the model.
    pub(crate) fn program_array(
        &self,
        k: optimist_scop::model::ScopArrayId,
    ) -> Result<optimist_scop::ir::ArrayId, CodegenError> {
        match self.scop.array(k).origin {
            ArrayOrigin::Array(a) => Ok(a),
            ArrayOrigin::Scalar(_) => Err(CodegenError::Unexpected(
                "run-time check reads the address of a scalar".into(),
            )),
        }
    }

    pub(crate) fn check_leaf(
        &mut self,
        l: &optimist_assume::CheckLeaf,
    ) -> Result<Value, CodegenError> {
        use optimist_assume::CheckLeaf;
        let var = match l {
            CheckLeaf::Param(p) => *self
                .params
                .get(p)
                .ok_or_else(|| CodegenError::Unexpected(format!("unknown parameter {p}")))?,
            CheckLeaf::Address(k) => self.l.arrays[self.program_array(*k)?].base,
            CheckLeaf::BufferStart(k) => self.l.arrays[self.program_array(*k)?].lo,
            CheckLeaf::BufferEnd(k) => self.l.arrays[self.program_array(*k)?].hi,
        };
        Ok(self.l.b.use_var(var))
    }

    pub(crate) fn check_value(
        &mut self,
        e: &optimist_assume::CheckExpr,
    ) -> Result<Value, CodegenError> {
        use optimist_assume::CheckExpr;
        let (op, args) = match e {
            CheckExpr::Int(v) => return Ok(self.l.b.ins().iconst(types::I64, *v)),
            CheckExpr::Leaf(l) => return self.check_leaf(l),
            CheckExpr::Op(op, args) => (*op, args),
        };
        let mut v = Vec::with_capacity(args.len());
        for a in args {
            v.push(self.check_value(a)?);
        }
        let arg = |k: usize| {
            v.get(k)
                .copied()
                .ok_or_else(|| CodegenError::Unexpected(format!("{op:?} without operand {k}")))
        };
        Ok(match op {
            AstOp::Add | AstOp::Sub | AstOp::Mul => {
                let (x, y) = (arg(0)?, arg(1)?);
                let (r, of) = match op {
                    AstOp::Add => self.l.b.ins().sadd_overflow(x, y),
                    AstOp::Sub => self.l.b.ins().ssub_overflow(x, y),
                    _ => self.l.b.ins().smul_overflow(x, y),
                };
                self.overflowed(of);
                r
            }
            AstOp::Minus => {
                let zero = self.l.b.ins().iconst(types::I64, 0);
                let (r, of) = self.l.b.ins().ssub_overflow(zero, arg(0)?);
                self.overflowed(of);
                r
            }
            AstOp::Div | AstOp::PdivQ | AstOp::PdivR | AstOp::ZdivR | AstOp::FdivQ => {
                let (x, y) = (arg(0)?, arg(1)?);
                // Division by zero and MIN / -1 count as overflows; the divisor used is then 1.
                let zero = self.l.b.ins().icmp_imm_s(IntCC::Equal, y, 0);
                let minus1 = self.l.b.ins().icmp_imm_s(IntCC::Equal, y, -1);
                let min = self.l.b.ins().icmp_imm_s(IntCC::Equal, x, i64::MIN);
                let both = self.l.b.ins().band(minus1, min);
                let bad = self.l.b.ins().bor(zero, both);
                self.overflowed(bad);
                let one = self.l.b.ins().iconst(types::I64, 1);
                let d = self.l.b.ins().select(bad, one, y);
                match op {
                    AstOp::PdivR | AstOp::ZdivR => self.l.b.ins().srem(x, d),
                    AstOp::FdivQ => {
                        let q = self.l.b.ins().sdiv(x, d);
                        let r = self.l.b.ins().srem(x, d);
                        let nonzero = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                        let signs = self.l.b.ins().bxor(r, d);
                        let differ = self.l.b.ins().icmp_imm_s(IntCC::SignedLessThan, signs, 0);
                        let adjust = self.l.b.ins().band(nonzero, differ);
                        let adjust = self.l.b.ins().uextend(types::I64, adjust);
                        self.l.b.ins().isub(q, adjust)
                    }
                    _ => self.l.b.ins().sdiv(x, d),
                }
            }
            other => self.logic(other, &v).ok_or_else(|| {
                CodegenError::Unexpected(format!("run-time check operator {other:?}"))
            })?,
        })
    }
}
