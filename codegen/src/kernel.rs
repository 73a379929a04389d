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
    /// *Invalid input*: the kernel would touch elements `lowest..=highest` of an array (flat,
    /// from the start its buffer is bound at), outside the buffer (before any code ran).
    #[error(
        "the kernel touches elements {lowest}..={highest} of `{array}`, its buffer allows {lo}..{hi}"
    )]
    Footprint {
        /// The array.
        array: String,
        /// The lowest flat index touched.
        lowest: i64,
        /// The highest flat index touched.
        highest: i64,
        /// The lowest flat index the buffer allows.
        lo: i64,
        /// One past the highest flat index the buffer allows.
        hi: i64,
    },
    /// *Invalid input*: the code stopped at an access outside its buffer (buffers may be partly
    /// written).
    #[error("the kernel accessed memory outside a buffer it was given")]
    OutOfBounds,
    /// *Invalid input*: an integer division by zero or `MIN / -1` (undefined in C).
    #[error("integer division by zero or overflow in the kernel")]
    Division,
}

/// isl operations the correspondence check may use per compile.
const CORRESPONDENCE_BUDGET: u64 = 20_000_000;

/// How to compile a kernel.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Build the model and compile code from it, with the schedule `strategy` chooses; when the
    /// function cannot be modeled, only the faithful lowering is compiled and the reason kept.
    pub optimize: bool,
    /// The schedule of the model-based code.
    pub strategy: Strategy,
}

impl Options {
    /// Model-based code with the automatic strategy (`--opt default`).
    pub fn optimized() -> Options {
        Options {
            optimize: true,
            strategy: Strategy::default(),
        }
    }

    /// Model-based code with `strategy`.
    pub fn with(strategy: Strategy) -> Options {
        Options {
            optimize: true,
            strategy,
        }
    }
}

/// Which schedule the model-based code follows.
#[derive(Clone, Debug)]
pub enum Strategy {
    /// The program's own order.
    Original,
    /// [`optimist_loopy::auto`]; when it fails, the original order (the reason is kept, see
    /// [`Kernel::schedule_note`]).
    Auto(optimist_loopy::AutoConfig),
    /// A Loopy script; a script that does not apply or is refused is an error
    /// ([`CodegenError::Loopy`]).
    Script(optimist_loopy::Script),
}

impl Default for Strategy {
    fn default() -> Self {
        Strategy::Auto(optimist_loopy::AutoConfig::default())
    }
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
    /// What the model-based code touches, checked before it runs.
    footprints: Vec<crate::ast::Footprint>,
    /// Subscript ranges of the arrays the model-based code accesses without checks: when one
    /// is outside its declared size, the faithful code runs instead.
    dim_bounds: Vec<crate::ast::DimBounds>,
    /// Why there is no optimized code, when optimization was asked for.
    reason: Option<String>,
    /// The parameter values for which the model runs the program's instances in the program's
    /// order (1 or 0), when that is not all of them (§4.2 of paper 004; for example a `!=` loop
    /// exit the model reads as `<`): elsewhere the faithful code runs.
    valid_params: Option<crate::ast::AExpr>,
    /// Why the model-based code follows another schedule than asked.
    schedule_note: Option<String>,
}

impl Kernel {
    /// Compiles the faithful lowering of `f`: right for every input, with no model.
    pub fn faithful(f: &Function) -> Result<Kernel, CodegenError> {
        Ok(Kernel {
            function: f.clone(),
            faithful: jit::compile_faithful(f)?,
            optimized: None,
            footprints: Vec::new(),
            dim_bounds: Vec::new(),
            reason: None,
            valid_params: None,
            schedule_note: None,
        })
    }

    /// Compiles `f` as `options` say.
    pub fn compile(f: &Function, options: &Options) -> Result<Kernel, CodegenError> {
        let mut k = Kernel::faithful(f)?;
        if options.optimize {
            match optimist_scop::model::Scop::build(f, &Default::default()) {
                Ok(scop) => {
                    if let Err(why) = k.guard_correspondence(&scop)? {
                        // The model cannot be shown to be the program: faithful code only.
                        k.reason = Some(why);
                        return Ok(k);
                    }
                    let (schedule, marks) = k.schedule(&scop, &options.strategy)?;
                    let ast = crate::ast::generate_marked(&scop, &schedule, &marks)?;
                    let bounds = crate::ast::dim_bounds(f, &scop)?;
                    let proved: Vec<_> = bounds.iter().map(|b| b.array).collect();
                    k.optimized = Some(crate::jit_model::compile_model(f, &scop, &ast, &proved)?);
                    k.dim_bounds = bounds;
                    k.footprints = crate::ast::footprints(f, &scop)?;
                }
                Err(e) => k.reason = Some(e.to_string()),
            }
        }
        Ok(k)
    }

    /// The schedule `strategy` gives for the model of this kernel's function.
    fn schedule(
        &mut self,
        scop: &optimist_scop::model::Scop,
        strategy: &Strategy,
    ) -> Result<(optimist_presburger::Schedule, crate::ast::Marks), CodegenError> {
        let marks = |t: &optimist_loopy::Transformed| crate::ast::Marks {
            parallel: t.parallel.clone(),
            vector: t.vector.clone(),
        };
        use optimist_scop::model::Dependences;
        let deps =
            |scop| Dependences::compute(scop, &Default::default()).map_err(|e| e.to_string());
        match strategy {
            Strategy::Original => Ok((scop.schedule.clone(), Default::default())),
            Strategy::Auto(config) => {
                match deps(scop)
                    .and_then(|d| optimist_loopy::auto(scop, &d, config).map_err(|e| e.to_string()))
                {
                    Ok(t) => Ok((t.schedule.clone(), marks(&t))),
                    Err(e) => {
                        self.schedule_note = Some(format!(
                            "automatic strategy failed, original order kept: {e}"
                        ));
                        Ok((scop.schedule.clone(), Default::default()))
                    }
                }
            }
            Strategy::Script(script) => {
                let d = deps(scop).map_err(CodegenError::Unexpected)?;
                let t = optimist_loopy::apply(&self.function, scop, &d, script)?;
                Ok((t.schedule.clone(), marks(&t)))
            }
        }
    }

    /// Restricts the model-based code to the parameter values where the model is the program
    /// (`optimist_loopy::correspondence`); a model that is wrong for every value is not used.
    /// The inner `Err` says why the model may not be used at all (the check failed, or no
    /// parameter condition can express where the model holds).
    fn guard_correspondence(
        &mut self,
        scop: &optimist_scop::model::Scop,
    ) -> Result<Result<(), String>, CodegenError> {
        // Bounded like the other isl work of a compile: a check that cannot finish is no proof.
        let checked = scop
            .ctx
            .with_budget(CORRESPONDENCE_BUDGET, || {
                Ok(optimist_loopy::correspondence(&self.function, scop))
            })
            .map_err(optimist_loopy::CorrespondenceError::Isl)
            .and_then(|r| r);
        Ok(match checked {
            Ok(c) if c.violations.is_empty() => Ok(()),
            Ok(c) => match crate::ast::param_condition(scop, &c.valid)? {
                Some(e) => {
                    self.valid_params = Some(e);
                    Ok(())
                }
                None => Err(format!(
                    "the model does not match the program: {}",
                    c.violations.join("; ")
                )),
            },
            // Outside what the check derives (data-dependent control): nothing more is known,
            // as before the check existed.
            Err(optimist_loopy::CorrespondenceError::Unsupported(_)) => Ok(()),
            Err(e) => Err(format!(
                "the program-model correspondence check failed: {e}"
            )),
        })
    }

    /// Why the model-based code follows the original order although a strategy was asked for.
    pub fn schedule_note(&self) -> Option<&str> {
        self.schedule_note.as_deref()
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

    /// Runs the kernel on `args` (as the interpreter takes them), writing into `args.buffers`;
    /// says which code ran.
    pub fn run(&self, args: &mut Args) -> Result<Version, KernelError> {
        let f = &self.function;
        let bad = |m: String| KernelError::BadArguments(m);
        let mut views = vec![None; f.arrays.len()];
        for a in f.array_params() {
            let name = &f.array(a).name;
            let b = args
                .bindings
                .get(a.0 as usize)
                .copied()
                .flatten()
                .ok_or_else(|| bad(format!("no buffer for `{name}`")))?;
            let buffer = args
                .buffers
                .get_mut(b.buffer)
                .ok_or_else(|| bad(format!("no buffer #{}", b.buffer)))?;
            views[a.0 as usize] = Some(View::of(buffer, b.offset));
        }
        self.execute(&args.scalars, &views)
    }

    /// Runs the kernel on Rust values: scalar parameters by name, and a typed slice for every
    /// array parameter (zero-copy: the code works in the slices). Says which code ran.
    ///
    /// ```
    /// use optimist_codegen::{ArrayArg, Kernel, Options};
    /// use optimist_scop::{frontend, interp::Value};
    /// let src = "void axpy(int n, double a, double X[n], double Y[n]) {\n  for (int i = 0; i < n; i++)\n    Y[i] += a * X[i];\n}";
    /// let f = frontend::parse_source("axpy.c", src, None, &Default::default()).unwrap();
    /// let kernel = Kernel::compile(&f, &Options::optimized()).unwrap();
    /// let (mut x, mut y) = (vec![1.0, 2.0, 3.0], vec![10.0; 3]);
    /// kernel
    ///     .call(&[("n", Value::Int(3)), ("a", Value::F64(2.0))], &mut [("X", ArrayArg::F64(&mut x)), ("Y", ArrayArg::F64(&mut y))])
    ///     .unwrap();
    /// assert_eq!(y, [12.0, 14.0, 16.0]);
    /// ```
    pub fn call(
        &self,
        scalars: &[(&str, Value)],
        arrays: &mut [(&str, ArrayArg<'_>)],
    ) -> Result<Version, KernelError> {
        let f = &self.function;
        let mut values = vec![None; f.vars.len()];
        for (name, v) in scalars {
            let id = f
                .scalar_params()
                .find(|&p| f.var(p).name == *name)
                .ok_or_else(|| {
                    KernelError::BadArguments(format!("`{name}` is not a scalar parameter"))
                })?;
            values[id.0 as usize] = Some(*v);
        }
        let mut views = vec![None; f.arrays.len()];
        for (name, slice) in arrays.iter_mut() {
            let id = f
                .array_params()
                .find(|&a| f.array(a).name == *name)
                .ok_or_else(|| {
                    KernelError::BadArguments(format!("`{name}` is not an array parameter"))
                })?;
            views[id.0 as usize] = Some(slice.view());
        }
        self.execute(&values, &views)
    }

    /// Checks the arguments, lays out the argument block and runs the code.
    fn execute(
        &self,
        scalars: &[Option<Value>],
        views: &[Option<View>],
    ) -> Result<Version, KernelError> {
        let f = &self.function;
        let bad = |m: String| KernelError::BadArguments(m);
        let sizes = Args {
            scalars: scalars.to_vec(),
            buffers: Vec::new(),
            bindings: Vec::new(),
        };
        let mut slots: Vec<u64> = Vec::with_capacity(jit::slot_count(f));
        // Declared sizes and element types, checked before any code runs.
        for a in f.array_params() {
            let arr = f.array(a);
            let view = views
                .get(a.0 as usize)
                .copied()
                .flatten()
                .ok_or_else(|| bad(format!("no buffer for `{}`", arr.name)))?;
            if view.elem != arr.elem {
                return Err(bad(format!(
                    "the buffer of `{}` does not hold {} elements",
                    arr.name, arr.elem
                )));
            }
            if let Some(need) = self.declared_len(&sizes, &arr.dims)? {
                let have = view.hi.max(0) as usize;
                if need > have as u128 {
                    return Err(KernelError::BufferTooSmall {
                        array: arr.name.clone(),
                        have,
                        need,
                    });
                }
            }
        }
        let mut locals: Vec<Buffer> = Vec::new();
        for a in f.arrays.iter().filter(|a| a.kind == ArrayKind::Local) {
            let need = self
                .declared_len(&sizes, &a.dims)?
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
                    let val = scalars
                        .get(v.0 as usize)
                        .copied()
                        .flatten()
                        .ok_or_else(|| bad(format!("no value for `{}`", f.var(v).name)))?;
                    let ty = f.var(v).ty;
                    slots.push(match (val, ty.is_float()) {
                        (Value::Int(x), false) if x >= ty.min_int() && x <= ty.max_int() => {
                            x as i64 as u64
                        }
                        (Value::F32(x), true) if ty == optimist_scop::Type::F32 => {
                            u64::from(x.to_bits())
                        }
                        (Value::F64(x), true) if ty == optimist_scop::Type::F64 => x.to_bits(),
                        _ => {
                            return Err(bad(format!(
                                "`{}` needs a value of type {ty}",
                                f.var(v).name
                            )));
                        }
                    });
                }
                Param::Array(a) => {
                    let view = views[a.0 as usize].ok_or_else(|| bad("no buffer".into()))?;
                    view.push(&mut slots);
                }
            }
        }
        for buffer in &mut locals {
            View::of(buffer, 0).push(&mut slots);
        }
        let (mut code, mut version) = match &self.optimized {
            Some(c) => (c, Version::Optimized),
            None => (&self.faithful, Version::Fallback),
        };
        // The model must be the program for these parameter values, and the accesses compiled
        // without checks must be in range; otherwise the faithful code runs.
        if version == Version::Optimized
            && !(self.params_valid(&sizes) && self.subscripts_in_range(&sizes)?)
        {
            (code, version) = (&self.faithful, Version::Fallback);
        }
        if version == Version::Optimized {
            // The footprint from the model, for the arrays whose declarations do not bound it.
            let param = |name: &str| int_param(f, scalars, name);
            for fp in &self.footprints {
                let Some(view) = views[fp.array.0 as usize] else {
                    continue;
                };
                let (Some(lowest), Some(highest)) = (
                    crate::ast::evaluate(&fp.lowest, &param),
                    crate::ast::evaluate(&fp.highest, &param),
                ) else {
                    continue;
                };
                if lowest <= highest && (lowest < view.lo || highest >= view.hi) {
                    return Err(KernelError::Footprint {
                        array: f.array(fp.array).name.clone(),
                        lowest,
                        highest,
                        lo: view.lo,
                        hi: view.hi,
                    });
                }
            }
        }
        // SAFETY: every array slot holds the address of live memory (a buffer or slice borrowed
        // by the caller for the duration of this call, or a local buffer) and the range of flat
        // indices inside it; the code checks every access against that range.
        let status = unsafe { code.call(&slots) };
        match status {
            STATUS_OK => Ok(version),
            STATUS_OUT_OF_BOUNDS => Err(KernelError::OutOfBounds),
            STATUS_DIVISION => Err(KernelError::Division),
            s => Err(KernelError::BadArguments(format!("unknown status {s}"))),
        }
    }

    /// Whether the parameters lie where the model is the program.
    fn params_valid(&self, args: &Args) -> bool {
        let Some(e) = &self.valid_params else {
            return true;
        };
        let f = &self.function;
        let param = |name: &str| int_param(f, &args.scalars, name);
        crate::ast::evaluate(e, &param) == Some(1)
    }

    /// Whether every subscript of the arrays accessed without checks lies in its declared size.
    fn subscripts_in_range(&self, args: &Args) -> Result<bool, KernelError> {
        let f = &self.function;
        let param = |name: &str| int_param(f, &args.scalars, name);
        for b in &self.dim_bounds {
            let decl = f.array(b.array);
            for ((lo, hi), dim) in b.dims.iter().zip(&decl.dims) {
                let size = match dim {
                    Dim::Const(n) => i128::from(*n),
                    Dim::Expr(e) => match interp::eval_params(f, args, e) {
                        Ok(Value::Int(n)) => n,
                        _ => return Ok(false),
                    },
                    Dim::Unknown => return Ok(false),
                };
                let (Some(lo), Some(hi)) = (
                    crate::ast::evaluate(lo, &param),
                    crate::ast::evaluate(hi, &param),
                ) else {
                    return Ok(false);
                };
                if lo <= hi && (lo < 0 || i128::from(hi) >= size) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
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

/// The value of the integer scalar parameter `name`, for evaluating AST expressions.
fn int_param(f: &Function, scalars: &[Option<Value>], name: &str) -> Option<i64> {
    let v = f.scalar_params().find(|&p| f.var(p).name == name)?;
    match scalars.get(v.0 as usize).copied().flatten()? {
        Value::Int(x) => i64::try_from(x).ok(),
        _ => None,
    }
}

/// Memory behind one array: where it starts, and the flat element indices it allows.
#[derive(Clone, Copy, Debug)]
struct View {
    base: *mut u8,
    lo: i64,
    hi: i64,
    elem: optimist_scop::Type,
}

impl View {
    /// The view of `buffer` from element `offset` on (an alias may reach back to its start).
    fn of(buffer: &mut Buffer, offset: usize) -> View {
        let len = buffer.len();
        let offset = offset.min(len);
        // SAFETY: `offset <= len`, so the address is inside the allocation or one past its end.
        let base = unsafe { buffer.bytes.as_mut_ptr().add(offset * buffer.elem.size()) };
        View {
            base,
            lo: -(offset as i64),
            hi: (len - offset) as i64,
            elem: buffer.elem,
        }
    }

    fn push(self, slots: &mut Vec<u64>) {
        slots.push(self.base as u64);
        slots.push(self.lo as u64);
        slots.push(self.hi as u64);
    }
}

/// A typed slice given to [`Kernel::call`] for one array parameter.
#[derive(Debug)]
pub enum ArrayArg<'a> {
    /// `signed char` elements.
    I8(&'a mut [i8]),
    /// `unsigned char` elements.
    U8(&'a mut [u8]),
    /// `short` elements.
    I16(&'a mut [i16]),
    /// `unsigned short` elements.
    U16(&'a mut [u16]),
    /// `int` elements.
    I32(&'a mut [i32]),
    /// `unsigned int` elements.
    U32(&'a mut [u32]),
    /// `long` elements.
    I64(&'a mut [i64]),
    /// `unsigned long` elements.
    U64(&'a mut [u64]),
    /// `float` elements.
    F32(&'a mut [f32]),
    /// `double` elements.
    F64(&'a mut [f64]),
}

impl ArrayArg<'_> {
    fn view(&mut self) -> View {
        use optimist_scop::Type;
        let (base, len, elem) = match self {
            ArrayArg::I8(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::I8),
            ArrayArg::U8(s) => (s.as_mut_ptr(), s.len(), Type::U8),
            ArrayArg::I16(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::I16),
            ArrayArg::U16(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::U16),
            ArrayArg::I32(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::I32),
            ArrayArg::U32(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::U32),
            ArrayArg::I64(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::I64),
            ArrayArg::U64(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::U64),
            ArrayArg::F32(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::F32),
            ArrayArg::F64(s) => (s.as_mut_ptr().cast::<u8>(), s.len(), Type::F64),
        };
        View {
            base,
            lo: 0,
            hi: len as i64,
            elem,
        }
    }
}
