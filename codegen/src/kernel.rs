//! `Kernel`: compiled code with a safe way to run it.
//!
//! `Kernel::run` takes the same [`Args`] as the interpreter (scalar values by parameter and
//! buffers bound to array parameters). Before entering native code it checks every buffer
//! against the arrays' declared sizes for the given parameter values and refuses to run when
//! one is too small; inside, every access is still checked against its buffer (arrays without
//! a declared size, such as flat pointers, rely on that), so no input can make native code read
//! or write outside the memory it was given. The only exceptions are arrays whose subscripts the
//! run-time check bounds by their declared sizes.
//!
//! The model-based code is versioned: it starts with the run-time check of its assumptions
//! (`optimist_assume`), and when that fails it calls the faithful code, so every input gets
//! the program's results; [`Kernel::run`] says which version ran.

use crate::ast::CodegenError;
use crate::jit::{
    self, Compiled, STATUS_DIVISION, STATUS_FALLBACK, STATUS_FOOTPRINT, STATUS_OK,
    STATUS_OUT_OF_BOUNDS,
};
use optimist_scop::interp::{self, Args, Buffer, Value};
use optimist_scop::ir::{ArrayKind, Dim, Function, Param};
use optimist_scop::model::ArrayOrigin;

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
    /// *Invalid input*: the optimized code would touch elements of an array outside its buffer
    /// (found by the run-time check, before anything was written).
    #[error("the kernel would touch elements of `{array}` outside its buffer")]
    Footprint {
        /// The array.
        array: String,
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
/// function could be modeled, versioned by its run-time check.
#[derive(Debug)]
pub struct Kernel {
    function: Function,
    faithful: Compiled,
    /// The model-based code (no check of its own).
    model: Option<Compiled>,
    /// Checks the assumptions, then calls `model` or `faithful`.
    optimized: Option<Compiled>,
    /// Why there is no optimized code, when optimization was asked for.
    reason: Option<String>,
    /// Why the model-based code follows another schedule than asked.
    schedule_note: Option<String>,
    /// The assumptions taken (`optimist show assumptions`), when they were computed.
    assumptions: Option<String>,
    /// The run-time check in C notation.
    check: Option<String>,
    /// What the schedule of the optimized code does, in words.
    transformation: Option<String>,
    /// Argument-block slots for pre-loaded values.
    preloads: usize,
}

/// What optimization decided for one function: the model, the order, the check.
pub(crate) struct Plan {
    pub scop: optimist_scop::model::Scop,
    pub ast: crate::ast::LoopAst,
    pub check: optimist_assume::RuntimeCheck,
    /// Arrays whose accesses need no range check when the check holds.
    pub proved: Vec<optimist_scop::ir::ArrayId>,
    /// The footprints of the array parameters (by program index) whose accesses are exact.
    pub footprints: Vec<(usize, optimist_assume::Footprint)>,
}

/// The outcome of planning: a plan, or why only the faithful code is used; with what was
/// learned on the way.
#[derive(Default)]
pub(crate) struct Planning {
    pub plan: Option<Plan>,
    pub reason: Option<String>,
    pub schedule_note: Option<String>,
    pub assumptions: Option<String>,
    pub transformation: Option<String>,
}

impl Kernel {
    /// Compiles the faithful lowering of `f`: right for every input, with no model.
    pub fn faithful(f: &Function) -> Result<Kernel, CodegenError> {
        Ok(Kernel {
            function: f.clone(),
            faithful: jit::compile_faithful(f)?,
            model: None,
            optimized: None,
            reason: None,
            schedule_note: None,
            assumptions: None,
            check: None,
            transformation: None,
            preloads: 0,
        })
    }

    /// Compiles `f` as `options` say.
    pub fn compile(f: &Function, options: &Options) -> Result<Kernel, CodegenError> {
        let mut k = Kernel::faithful(f)?;
        if options.optimize {
            let planning = plan(f, &options.strategy)?;
            k.reason = planning.reason;
            k.schedule_note = planning.schedule_note;
            k.assumptions = planning.assumptions;
            k.transformation = planning.transformation;
            if let Some(p) = planning.plan {
                k.check = Some(p.check.to_c(&p.scop));
                let preload_slot = jit::slot_count(f);
                let model = crate::jit_model::compile_model(
                    f,
                    &p.scop,
                    &p.ast,
                    &p.proved,
                    Some(preload_slot),
                )?;
                let versioning = crate::jit_model::Versioning {
                    check: &p.check,
                    optimized: &model,
                    fallback: &k.faithful,
                    footprints: &p.footprints,
                    preload_slot,
                };
                k.optimized = Some(crate::jit_model::compile_versioned(f, &p.scop, versioning)?);
                k.model = Some(model);
                k.preloads = p.scop.invariant_loads.len();
            }
        }
        Ok(k)
    }

    /// The assumptions the optimized code depends on, as text (`optimist show assumptions`).
    pub fn assumptions(&self) -> Option<&str> {
        self.assumptions.as_deref()
    }

    /// The run-time check that selects the optimized code, in C notation.
    pub fn check(&self) -> Option<&str> {
        self.check.as_deref()
    }

    /// What the schedule of the optimized code does, in words.
    pub fn transformation(&self) -> Option<&str> {
        self.transformation.as_deref()
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
        let code = self.optimized.as_ref().unwrap_or(&self.faithful);
        slots.resize(slots.len() + self.preloads, 0);
        // SAFETY: every array slot holds the address of live memory (a buffer or slice borrowed
        // by the caller for the duration of this call, or a local buffer) and the range of flat
        // indices inside it; the code checks every access against that range.
        let status = unsafe { code.call(&mut slots) };
        let version = if self.optimized.is_none() || status & STATUS_FALLBACK != 0 {
            Version::Fallback
        } else {
            Version::Optimized
        };
        match status & !STATUS_FALLBACK {
            STATUS_OK => Ok(version),
            STATUS_OUT_OF_BOUNDS => Err(KernelError::OutOfBounds),
            STATUS_DIVISION => Err(KernelError::Division),
            s if s & 0xff == STATUS_FOOTPRINT => Err(KernelError::Footprint {
                array: f
                    .arrays
                    .get((s >> 16) as usize)
                    .map(|a| a.name.clone())
                    .unwrap_or_default(),
            }),
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

/// isl operations the assumptions and the bounds of unchecked arrays may use per compile.
const ASSUME_BUDGET: u64 = 20_000_000;

/// Builds the model of `f`, checks that it is the program, collects its assumptions, orders it
/// as `strategy` says and builds the run-time check: everything but the lowering, shared by
/// native code and C.
pub(crate) fn plan(f: &Function, strategy: &Strategy) -> Result<Planning, CodegenError> {
    let mut out = Planning::default();
    let mut scop = match optimist_scop::model::Scop::build(f, &Default::default()) {
        Ok(s) => s,
        Err(e) => {
            out.reason = Some(e.to_string());
            return Ok(out);
        }
    };
    let correspondence = match guard_correspondence(f, &scop) {
        Ok(c) => c,
        Err(why) => {
            out.reason = Some(why);
            return Ok(out);
        }
    };
    let config = optimist_assume::Config {
        max_operations: ASSUME_BUDGET,
    };
    let assumptions = match optimist_assume::collect(&mut scop, &config) {
        Ok(a) => a,
        Err(e) => {
            out.reason = Some(e.to_string());
            return Ok(out);
        }
    };
    out.assumptions = Some(assumptions.dump(&scop));
    if let Some(why) = &assumptions.infeasible {
        out.reason = Some(format!("the assumptions cannot hold: {why}"));
        return Ok(out);
    }
    let (schedule, marks, note) = schedule(f, &scop, strategy)?;
    out.transformation = Some(match (strategy, &note) {
        (_, Some(n)) => n.clone(),
        (Strategy::Original, None) => "the program's order".into(),
        (Strategy::Auto(c), None) => format!(
            "automatic strategy: isl's schedule, outermost permutable band tiled by {} ({} parallel, {} vector loops marked)",
            c.tile_size,
            marks.parallel.len(),
            marks.vector.len()
        ),
        (Strategy::Script(_), None) => "a Loopy script, verified".into(),
    });
    out.schedule_note = note;
    let ast = crate::ast::generate_marked(&scop, &schedule, &marks)?;
    let isl = |e: optimist_presburger::Error| CodegenError::Unexpected(e.to_string());
    let bounded = scop.ctx.with_budget(ASSUME_BUDGET, || {
        // Arrays whose every subscript can be checked against its declared size up front (the
        // buffers are checked against those sizes before the code runs): their accesses go
        // without range checks when that holds, as part of the run-time check.
        let mut extra = correspondence.clone();
        let mut proved = Vec::new();
        for (k, arr) in scop.arrays.iter().enumerate() {
            let ArrayOrigin::Array(id) = arr.origin else {
                continue;
            };
            let k = optimist_scop::model::ScopArrayId(k as u32);
            let inside = match optimist_assume::in_declared_bounds(&scop, k) {
                Ok(Some(inside)) => inside,
                Ok(None) => continue,
                Err(optimist_assume::AssumeError::Isl(e)) => return Err(e),
            };
            let with = match &extra {
                Some(e) => e.intersect(&inside)?,
                None => inside,
            };
            if !with.intersect(&assumptions.valid)?.is_empty()? {
                extra = Some(with);
                proved.push(id);
            }
        }
        let check = optimist_assume::RuntimeCheck::build(&scop, &assumptions, extra.as_ref())?;
        // Exact footprints only: a whole-buffer one says nothing.
        let footprints = check
            .footprints
            .iter()
            .filter(|(_, fp)| !matches!(fp.low, optimist_assume::CheckExpr::Leaf(_)))
            .filter_map(|(k, fp)| match scop.array(*k).origin {
                ArrayOrigin::Array(id) => Some((id.0 as usize, fp.clone())),
                ArrayOrigin::Scalar(_) => None,
            })
            .collect();
        Ok((check, proved, footprints))
    });
    match bounded {
        Ok((check, proved, footprints)) => {
            out.plan = Some(Plan {
                scop,
                ast,
                check,
                proved,
                footprints,
            })
        }
        Err(optimist_presburger::Error::Budget) => {
            out.reason = Some("the run-time check needs more isl operations than allowed".into());
        }
        Err(e) => return Err(isl(e)),
    }
    Ok(out)
}

/// The schedule `strategy` gives for `scop`, its marks, and why another order was kept.
#[allow(clippy::type_complexity)]
fn schedule(
    f: &Function,
    scop: &optimist_scop::model::Scop,
    strategy: &Strategy,
) -> Result<
    (
        optimist_presburger::Schedule,
        crate::ast::Marks,
        Option<String>,
    ),
    CodegenError,
> {
    let marks = |t: &optimist_loopy::Transformed| crate::ast::Marks {
        parallel: t.parallel.clone(),
        vector: t.vector.clone(),
    };
    use optimist_scop::model::Dependences;
    let deps = |scop| Dependences::compute(scop, &Default::default()).map_err(|e| e.to_string());
    match strategy {
        Strategy::Original => Ok((scop.schedule.clone(), Default::default(), None)),
        Strategy::Auto(config) => {
            match deps(scop)
                .and_then(|d| optimist_loopy::auto(scop, &d, config).map_err(|e| e.to_string()))
            {
                Ok(t) => Ok((t.schedule.clone(), marks(&t), None)),
                Err(e) => Ok((
                    scop.schedule.clone(),
                    Default::default(),
                    Some(format!(
                        "automatic strategy failed, original order kept: {e}"
                    )),
                )),
            }
        }
        Strategy::Script(script) => {
            let d = deps(scop).map_err(CodegenError::Unexpected)?;
            let t = optimist_loopy::apply(f, scop, &d, script)?;
            Ok((t.schedule.clone(), marks(&t), None))
        }
    }
}

/// The parameter values where the model is the program (`optimist_loopy::correspondence`;
/// `None`: all of them, or not derivable), or why the model may not be used at all (the check
/// failed, or it holds nowhere).
fn guard_correspondence(
    f: &Function,
    scop: &optimist_scop::model::Scop,
) -> Result<Option<optimist_presburger::Set>, String> {
    // Bounded like the other isl work of a compile: a check that cannot finish is no proof.
    let checked = scop
        .ctx
        .with_budget(CORRESPONDENCE_BUDGET, || {
            Ok(optimist_loopy::correspondence(f, scop))
        })
        .map_err(optimist_loopy::CorrespondenceError::Isl)
        .and_then(|r| r);
    match checked {
        Ok(c) if c.violations.is_empty() => Ok(None),
        Ok(c) => match c.valid.is_empty() {
            Ok(false) => Ok(Some(c.valid)),
            _ => Err(format!(
                "the model does not match the program: {}",
                c.violations.join("; ")
            )),
        },
        // Outside what the check derives (data-dependent control): nothing more is known,
        // as before the check existed.
        Err(optimist_loopy::CorrespondenceError::Unsupported(_)) => Ok(None),
        Err(e) => Err(format!(
            "the program-model correspondence check failed: {e}"
        )),
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
