//! `Kernel`: compiled code with a safe way to run it.
//!
//! `Kernel::run` takes the same [`Args`] as the interpreter (scalar values by parameter and
//! buffers bound to array parameters). Before entering native code it checks every buffer
//! against the arrays' declared sizes for the given parameter values and refuses to run when
//! one is too small; inside, every access is still checked against its buffer (arrays without
//! a declared size, such as flat pointers, rely on that), so no input can make native code read
//! or write outside the memory it was given.

use crate::ast::CodegenError;
use crate::jit::{self, Compiled, STATUS_DIVISION, STATUS_OK, STATUS_OUT_OF_BOUNDS};
use optimist_scop::interp::{self, Args, Buffer, Value};
use optimist_scop::ir::{ArrayKind, Dim, Function, Param};

/// Why a kernel did not run to completion.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KernelError {
    /// *Invalid input*: an argument is missing or does not fit (before any code ran).
    #[error("{0}")]
    BadArguments(String),
    /// *Invalid input*: a buffer is smaller than its array's declared size (before any code ran).
    #[error("buffer of `{array}` has {have} elements, the kernel needs {need}")]
    BufferTooSmall {
        /// The array.
        array: String,
        /// Elements given.
        have: usize,
        /// Elements needed.
        need: u128,
    },
    /// *Invalid input*: the code stopped at an access outside its buffer (buffers may be partly
    /// written).
    #[error("the kernel accessed memory outside a buffer it was given")]
    OutOfBounds,
    /// *Invalid input*: an integer division by zero or `MIN / -1` (undefined in C).
    #[error("integer division by zero or overflow in the kernel")]
    Division,
}

/// How to compile a kernel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Build the model and compile code from it (with the original schedule for now); when the
    /// function cannot be modeled, only the faithful lowering is compiled and the reason kept.
    pub optimize: bool,
}

/// Which code ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// The code generated from the model.
    Optimized,
    /// The faithful lowering of the program IR.
    Fallback,
}

/// Native code for one function: the faithful lowering, and the model-based code when the
/// function could be modeled.
#[derive(Debug)]
pub struct Kernel {
    function: Function,
    faithful: Compiled,
    optimized: Option<Compiled>,
    /// Why there is no optimized code, when optimization was asked for.
    reason: Option<String>,
}

impl Kernel {
    /// Compiles the faithful lowering of `f`: right for every input, with no model.
    pub fn faithful(f: &Function) -> Result<Kernel, CodegenError> {
        Ok(Kernel {
            function: f.clone(),
            faithful: jit::compile_faithful(f)?,
            optimized: None,
            reason: None,
        })
    }

    /// Compiles `f` as `options` say.
    pub fn compile(f: &Function, options: &Options) -> Result<Kernel, CodegenError> {
        let mut k = Kernel::faithful(f)?;
        if options.optimize {
            match optimist_scop::model::Scop::build(f, &Default::default()) {
                Ok(scop) => {
                    let ast = crate::ast::generate(&scop, &scop.schedule)?;
                    k.optimized = Some(crate::jit_model::compile_model(f, &scop, &ast)?);
                }
                Err(e) => k.reason = Some(e.to_string()),
            }
        }
        Ok(k)
    }

    /// Why there is no model-based code (when optimization was asked for and failed).
    pub fn reason(&self) -> Option<&str> {
        self.reason.as_deref()
    }

    /// Whether the kernel has model-based code.
    pub fn is_optimized(&self) -> bool {
        self.optimized.is_some()
    }

    /// The function the kernel computes.
    pub fn function(&self) -> &Function {
        &self.function
    }

    /// Runs the kernel on `args`, writing into `args.buffers`; says which code ran.
    pub fn run(&self, args: &mut Args) -> Result<Version, KernelError> {
        let f = &self.function;
        let bad = |m: String| KernelError::BadArguments(m);
        let mut slots: Vec<u64> = Vec::with_capacity(jit::slot_count(f));
        let mut locals: Vec<Buffer> = Vec::new();
        // Declared sizes, checked before any code runs.
        for a in f.array_params() {
            let arr = f.array(a);
            let binding = args
                .bindings
                .get(a.0 as usize)
                .copied()
                .flatten()
                .ok_or_else(|| bad(format!("no buffer for `{}`", arr.name)))?;
            let buffer = args
                .buffers
                .get(binding.buffer)
                .ok_or_else(|| bad(format!("no buffer #{}", binding.buffer)))?;
            if buffer.elem != arr.elem {
                return Err(bad(format!(
                    "the buffer of `{}` does not hold {} elements",
                    arr.name, arr.elem
                )));
            }
            if let Some(need) = self.declared_len(args, &arr.dims)? {
                let have = buffer.len().saturating_sub(binding.offset);
                if need > have as u128 {
                    return Err(KernelError::BufferTooSmall {
                        array: arr.name.clone(),
                        have,
                        need,
                    });
                }
            }
        }
        for a in f.arrays.iter().filter(|a| a.kind == ArrayKind::Local) {
            let need = self
                .declared_len(args, &a.dims)?
                .ok_or_else(|| bad(format!("local `{}` has no size", a.name)))?;
            let len = usize::try_from(need)
                .ok()
                .filter(|&n| n <= 1 << 30)
                .ok_or_else(|| bad(format!("local `{}` is too large", a.name)))?;
            locals.push(Buffer::zeroed(a.elem, len));
        }
        for p in &f.params {
            match *p {
                Param::Scalar(v) => {
                    let val = args
                        .scalars
                        .get(v.0 as usize)
                        .copied()
                        .flatten()
                        .ok_or_else(|| bad(format!("no value for `{}`", f.var(v).name)))?;
                    slots.push(match val {
                        Value::Int(x) => x as i64 as u64,
                        Value::F32(x) => u64::from(x.to_bits()),
                        Value::F64(x) => x.to_bits(),
                    });
                }
                Param::Array(a) => {
                    let b = args.bindings[a.0 as usize].ok_or_else(|| bad("no binding".into()))?;
                    let buffer = &mut args.buffers[b.buffer];
                    push_array(&mut slots, buffer, b.offset);
                }
            }
        }
        for buffer in &mut locals {
            push_array(&mut slots, buffer, 0);
        }
        // SAFETY: every array slot holds a live buffer's address, and the range of flat indices
        // inside that buffer; the code checks every access against the range. The buffers stay
        // borrowed (`args`, `locals`) for the duration of the call.
        let (code, version) = match &self.optimized {
            Some(c) => (c, Version::Optimized),
            None => (&self.faithful, Version::Fallback),
        };
        // SAFETY: as above; both versions take the same argument block.
        let status = unsafe { code.call(&slots) };
        match status {
            STATUS_OK => Ok(version),
            STATUS_OUT_OF_BOUNDS => Err(KernelError::OutOfBounds),
            STATUS_DIVISION => Err(KernelError::Division),
            s => Err(KernelError::BadArguments(format!("unknown status {s}"))),
        }
    }

    /// The number of elements an array's declared shape needs, when every size is declared.
    fn declared_len(&self, args: &Args, dims: &[Dim]) -> Result<Option<u128>, KernelError> {
        let mut total: u128 = 1;
        for d in dims {
            let n = match d {
                Dim::Const(n) => i128::from(*n),
                Dim::Unknown => return Ok(None),
                Dim::Expr(e) => match interp::eval_params(&self.function, args, e) {
                    Ok(Value::Int(n)) => n,
                    Ok(_) => return Ok(None),
                    Err(e) => return Err(KernelError::BadArguments(e.to_string())),
                },
            };
            total = total.saturating_mul(n.max(0) as u128);
        }
        Ok(Some(total))
    }
}

/// The three slots of an array: its base address and the range of flat indices its buffer
/// allows, relative to that base.
fn push_array(slots: &mut Vec<u64>, buffer: &mut Buffer, offset: usize) {
    let size = buffer.elem.size();
    let len = buffer.len() as i64;
    let offset = offset.min(buffer.len());
    // SAFETY: `offset <= len`, so the address is inside the allocation or one past its end.
    let base = unsafe { buffer.bytes.as_mut_ptr().add(offset * size) };
    slots.push(base as u64);
    slots.push((-(offset as i64)) as u64);
    slots.push((len - offset as i64) as u64);
}
