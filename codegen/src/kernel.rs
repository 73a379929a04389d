//! `Kernel`: compiled code with a safe way to run it.
//!
//! `Kernel::run` takes the same [`Args`] as the interpreter (scalar values by parameter and
//! buffers bound to array parameters). Before any code runs, every argument is checked: a
//! value for each scalar of its type's range, a buffer for each array of its element type
//! and, where the array's shape is declared (`double A[n][m]`), at least that many elements
//! from where the argument starts ([`KernelError::TooSmall`]). An array without a declared
//! size (a flat pointer) needs only the elements the program touches: every access of the
//! faithful code is checked against its buffer, and the model-based code checks its accesses
//! or the exact footprints of its arrays before writing anything. No input can make native
//! code read or write outside the memory it was given, and a call refused part way leaves
//! every buffer as it was: code that may stop after writing runs with the buffers it writes
//! saved, and they are put back when it stops.
//!
//! The model-based code is versioned: it starts with the run-time check of its assumptions
//! (`optimist_assume`), and when that fails it calls the faithful code, so every input gets
//! the program's results; [`Kernel::run`] says which version ran.
//!
//! # Design notes
//!
//! - **`Kernel`** (`kernel.rs`). `Kernel::compile(&Function, Option<&Plan>)` (or `compile_with`
//!   and `NativeOptions`; the facade's `Config::native`) always compiles the
//!   faithful lowering and, with a plan, the model-based code in the plan's order and the versioned
//!   entry, and owns the thread pool when the code has parallel loops and more than one thread. `run(&mut Args)` (the interpreter's arguments) and `call(scalars by name, typed
//!   slices)` (zero-copy) check element types and declared shapes before any native code runs and report which version
//!   ran (decoded from the status); `check()` is the plan's check.
//! - **Nothing written by a refused call.** With a plan, the check runs on its own first (the
//!   lean entry: the check, then the model-based code or `CheckFailed`); only when it fails are
//!   the buffers the program writes (`Function::written_arrays`) copied, then the faithful code
//!   runs, and the copies are put back if it stops with an error. The model-based code needs no
//!   copy unless the program can fail on its data (`Function::may_fail_on_data`: integer
//!   division by a variable, pure calls). The copy costs one pass over the written buffers on
//!   the faithful path only.

use crate::abi::{ArgBlock, Status};
use crate::ast::CodegenError;
use crate::native::{self, Compiled};
use crate::options::NativeOptions;
use crate::parallel::Pool;
use crate::plan::Plan;
use optimist_scop::id::IdVec;
use optimist_scop::interp::{self, Args, Buffer, Value};
use optimist_scop::ir::{ArrayId, ArrayKind, Function, Param, VarId};

/// Why a kernel did not run to completion.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KernelError {
    /// *Invalid input*: an argument is missing or does not fit (before any code ran).
    #[error("{0}")]
    BadArguments(String),
    /// *Invalid input*: the optimized code would touch elements of an array outside its buffer
    /// (found by the run-time check, before anything was written).
    #[error("the kernel would touch elements of `{array}` outside its buffer")]
    Footprint {
        /// The array.
        array: String,
    },
    /// *Invalid input*: a buffer holds fewer elements (from where its argument starts) than
    /// its array's declared shape at the call's parameters: refused before any code ran.
    #[error(
        "the buffer of `{array}` holds {have} elements; its declared shape needs {need}: pass a larger buffer"
    )]
    TooSmall {
        /// The array.
        array: String,
        /// The elements its declared shape needs.
        need: u128,
        /// The elements its buffer holds.
        have: u64,
    },
    /// *Invalid input*: the program accessed an element outside the buffer it was given (an
    /// array without a declared size whose buffer is too short). Every buffer is as it was
    /// before the call: what the code wrote is undone ([`NativeOptions::undo`], the default).
    #[error("the kernel accessed memory outside a buffer it was given")]
    OutOfBounds,
    /// *Invalid input*: an integer division by zero or `MIN / -1` (undefined in C). Every
    /// buffer is as it was before the call ([`NativeOptions::undo`]).
    #[error("integer division by zero or overflow in the kernel")]
    Division,
    /// *Invalid input*: a pure function the program calls failed (its implementation returned
    /// an error or panicked; the interpreter gives its message). Every buffer is as it was
    /// before the call ([`NativeOptions::undo`]).
    #[error("the pure function `{function}` failed")]
    Call {
        /// The function.
        function: String,
    },
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
    /// Checks the assumptions, then calls the model-based code or returns `CheckFailed`: what
    /// a call runs first when there is a plan, so that the local arrays the model no longer
    /// touches (`lazy`) are allocated, and the buffers saved, only when the faithful code runs.
    lean: Option<Compiled>,
    /// Per local array of the program (in order), whether the model leaves it untouched.
    lazy: Vec<bool>,
    /// The run-time check the optimized code evaluates, in C notation.
    check: Option<String>,
    /// Argument-block slots for pre-loaded values.
    preloads: usize,
    /// The threads of the parallel loops of the model-based code (none when it has none or
    /// runs on one thread): shared with other kernels ([`NativeOptions::pool`]).
    pool: Option<Pool>,
    /// Whether a call runs inside an embedder's rayon pool (`pool.install`, [`Pool::from_rayon`]):
    /// when a loop decided to start threads is inside another loop, its threads start once per
    /// iteration of that one, and each start from a thread outside the pool would hand the work
    /// over again. A team of the library's own needs no such move: the caller takes part in
    /// every fork (`crate::parallel`).
    install: bool,
    /// The C entries ([`Kernel::entry`]).
    entry: CEntry,
    /// The arrays a call saves before code that may stop part way: those the program writes
    /// ([`Function::written_arrays`]), or none without [`NativeOptions::undo`].
    undone: Vec<ArrayId>,
    /// Whether the program may stop on its data ([`Function::may_fail_on_data`]): then the
    /// optimized code runs with the buffers saved too.
    fallible: bool,
}

/// A kernel's C entry points ([`Kernel::entry`]): the function with the name and C signature
/// of the source declaration, and the one that returns a status instead, both following the
/// conventions of object code ([`crate::object_code`]), but for the error hook (see
/// [`CEntry::address`]). Valid while the kernel
/// (or this value) lives.
#[derive(Clone)]
pub struct CEntry {
    plain: usize,
    status: usize,
    prototypes: String,
    types: std::sync::Arc<crate::abi::CTypes>,
    _code: native::Keep,
}

impl std::fmt::Debug for CEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CEntry({:#x}: {})",
            self.plain,
            self.prototypes.lines().next().unwrap_or("")
        )
    }
}

impl CEntry {
    /// The function with the source's C signature: `void mm(int n, int m, double A[n][m])`
    /// is `unsafe extern "C" fn(i32, i32, *mut f64)`. It runs the versioned kernel (the
    /// run-time check, then the optimized or the faithful code) and returns the function's
    /// value, if any. On an error (an access outside an array's declared size, a division by
    /// zero) it records the status for [`crate::take_entry_error`] and returns, every array
    /// with a declared size as it was before the call (the value is then zero).
    ///
    /// # Contract (the caller's, as in C)
    /// - every array pointer points to a buffer of the array's declared size at the call's
    ///   parameter values (`n * m` elements for `double A[n][m]`), aligned for its type; an
    ///   array without a declared first dimension is as large as the program's accesses need;
    /// - no other thread reads or writes those buffers during the call unless the kernel only
    ///   reads them too;
    /// - the pointer is transmuted to exactly the signature of [`CEntry::prototypes`].
    ///
    /// Parallel loops run on the rayon pool the calling thread is in, or rayon's global pool.
    pub fn address(&self) -> *const u8 {
        self.plain as *const u8
    }

    /// The function that returns the status (`int mm_status(...)`: the same parameters, and a
    /// pointer for the value of a function that returns one): 0, or
    /// [`Status::encode`](crate::Status::encode)'s code (bit 8 set when the faithful code ran).
    pub fn status_address(&self) -> *const u8 {
        self.status as *const u8
    }

    /// The C types of the plain entry's parameters and result ([`CEntry::typed`]).
    pub(crate) fn c_types(&self) -> &crate::abi::CTypes {
        &self.types
    }

    /// The C prototypes of both functions, as a header declares them.
    pub fn prototypes(&self) -> &str {
        &self.prototypes
    }
}

impl Kernel {
    /// Compiles the faithful lowering of `f`: right for every input, with no model.
    pub fn faithful(f: &Function) -> Result<Kernel, CodegenError> {
        Kernel::compile_with(f, None, &NativeOptions::default())
    }

    /// Compiles `f`: always the faithful lowering; with a plan (from the driver,
    /// `optimist::optimize`), also the model-based code in the plan's order and the versioned
    /// entry that evaluates the plan's run-time check and calls one of the two.
    pub fn compile(f: &Function, plan: Option<&Plan>) -> Result<Kernel, CodegenError> {
        Kernel::compile_with(f, plan, &NativeOptions::default())
    }

    /// [`Kernel::compile`] with `options`.
    pub fn compile_with(
        f: &Function,
        plan: Option<&Plan>,
        options: &NativeOptions,
    ) -> Result<Kernel, CodegenError> {
        // Local arrays the model no longer touches (temporaries expression propagation
        // removed): allocated only if the check fails, through the lean entry.
        let lazy: Vec<bool> = match plan {
            Some(p) => f
                .arrays
                .iter()
                .enumerate()
                .filter(|(_, a)| a.kind == ArrayKind::Local)
                .map(|(id, _)| !p.scop.touches(optimist_scop::ir::ArrayId(id as u32)))
                .collect(),
            None => Vec::new(),
        };
        let mut module = native::new_module()?;
        let symbols = crate::unit::define(
            &mut module,
            f,
            plan,
            options,
            crate::unit::Runtime::Process,
            cranelift_module::Linkage::Export,
            // Not the C name: a kernel may be called `log` or `free` in this process.
            &format!("optimist_c_{}", f.name),
        )?;
        let code = native::finish(module, f)?;
        let mut k = Kernel {
            function: f.clone(),
            faithful: code.kernel(symbols.faithful),
            lean: symbols.lean.map(|id| code.kernel(id)),
            lazy,
            check: None,
            preloads: 0,
            pool: None,
            install: false,
            entry: CEntry {
                plain: code.address(symbols.c_entry) as usize,
                status: code.address(symbols.c_status) as usize,
                prototypes: crate::c_abi::prototypes(f, &f.name),
                types: std::sync::Arc::new(crate::abi::CTypes::of(f)),
                _code: code.keep(),
            },
            undone: if options.undo {
                f.written_arrays()
            } else {
                Vec::new()
            },
            fallible: f.may_fail_on_data(),
        };
        let Some(p) = plan else {
            return Ok(k);
        };
        k.check = Some(p.check_c());
        // Where threads start, as decided for this target when the code was lowered (a loop
        // marked parallel may run in lanes or in order instead: gramschmidt's does, and its
        // calls were handed to a thread of the pool for no loop that forks).
        let forks = symbols.forks;
        k.install = forks == Some(true);
        if options.threads > 1 && forks.is_some() {
            k.pool = Some(match &options.pool {
                Some(pool) => pool.clone(),
                None => Pool::shared(options.threads)?,
            });
        }
        k.preloads = p.scop.invariant_loads.len();
        Ok(k)
    }

    /// The run-time check that selects the optimized code, in C notation (the plan's
    /// [`Plan::check_c`]).
    pub fn check(&self) -> Option<&str> {
        self.check.as_deref()
    }

    /// The kernel's C entry points: raw function pointers with the source's C signature, for
    /// code that calls the kernel directly (generated code of an embedding JIT);
    /// [`CEntry::typed`] gives one as a checked Rust function type. [`Kernel::signature`],
    /// [`Kernel::call`] and [`Kernel::run`] are the safe ways in.
    pub fn entry(&self) -> &CEntry {
        &self.entry
    }

    /// The pool its parallel loops run in, when it has loops that start threads and was
    /// compiled for more than one ([`NativeOptions::pool`]).
    pub fn pool(&self) -> Option<&Pool> {
        self.pool.as_ref()
    }

    /// Whether a call may need the arrays' views after the code ran: to save and restore the
    /// buffers written by code that may stop part way.
    pub(crate) fn saves_buffers(&self) -> bool {
        !self.undone.is_empty() && (self.lean.is_none() || self.fallible)
    }

    /// Whether the kernel has model-based code.
    pub fn is_optimized(&self) -> bool {
        self.lean.is_some()
    }

    /// The function the kernel computes.
    pub fn function(&self) -> &Function {
        &self.function
    }

    /// Runs the kernel on `args` (as the interpreter takes them), writing into `args.buffers`
    /// and, for a function that returns a value, `args.returned`; says which code ran.
    pub fn run(&self, args: &mut Args) -> Result<Version, KernelError> {
        args.returned = None;
        let f = &self.function;
        let bad = |m: String| KernelError::BadArguments(m);
        let mut views = IdVec::filled(f.arrays.len(), None);
        for a in f.array_params() {
            let name = &f.array(a).name;
            let b = args
                .bindings
                .get(a)
                .copied()
                .flatten()
                .ok_or_else(|| bad(format!("no buffer for `{name}`")))?;
            let buffer = args
                .buffers
                .get_mut(b.buffer)
                .ok_or_else(|| bad(format!("no buffer #{}", b.buffer)))?;
            views[a] = Some(View::of(buffer, b.offset));
        }
        let sizes = Args {
            scalars: std::mem::take(&mut args.scalars),
            buffers: Vec::new(),
            bindings: IdVec::new(),
            returned: None,
        };
        let result = self.execute(&sizes, &views, &mut ArgBlock::for_function(f));
        args.scalars = sizes.scalars;
        let (version, value) = result?;
        args.returned = value;
        Ok(version)
    }

    /// Runs the kernel on Rust values: scalar parameters by name, and a typed slice for every
    /// array parameter (zero-copy: the code works in the slices). Says which code ran. The
    /// names are looked up on every call, and every array is a mutable borrow: a
    /// [`Signature`](crate::Signature) ([`Kernel::signature`]) resolves them once and takes
    /// read-only and shared slices too.
    ///
    /// ```
    /// use optimist_codegen::{ArrayArg, Kernel};
    /// use optimist_scop::{frontend, interp::Value};
    /// let src = "void axpy(int n, double a, double X[n], double Y[n]) {\n  for (int i = 0; i < n; i++)\n    Y[i] += a * X[i];\n}";
    /// let f = frontend::parse_source("axpy.c", src, None, &Default::default()).unwrap();
    /// let kernel = Kernel::faithful(&f).unwrap();
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
        self.call_value(scalars, arrays).map(|(v, _)| v)
    }

    /// [`Kernel::call`] for a function that returns a value: which code ran, and the value
    /// (`None` for a `void` function).
    ///
    /// ```
    /// use optimist_codegen::{ArrayArg, Kernel};
    /// use optimist_scop::{frontend, interp::Value};
    /// let src = "double dot(int n, double X[n], double Y[n]) {\n  double s = 0;\n  for (int i = 0; i < n; i++)\n    s += X[i] * Y[i];\n  return s;\n}";
    /// let f = frontend::parse_source("dot.c", src, None, &Default::default()).unwrap();
    /// let kernel = Kernel::faithful(&f).unwrap();
    /// let (mut x, mut y) = (vec![1.0, 2.0, 3.0], vec![4.0, 5.0, 6.0]);
    /// let (_, value) = kernel
    ///     .call_value(&[("n", Value::Int(3))], &mut [("X", ArrayArg::F64(&mut x)), ("Y", ArrayArg::F64(&mut y))])
    ///     .unwrap();
    /// assert_eq!(value, Some(Value::F64(32.0)));
    /// ```
    pub fn call_value(
        &self,
        scalars: &[(&str, Value)],
        arrays: &mut [(&str, ArrayArg<'_>)],
    ) -> Result<(Version, Option<Value>), KernelError> {
        let f = &self.function;
        let names: Vec<&str> = scalars
            .iter()
            .map(|(n, _)| *n)
            .chain(arrays.iter().map(|(n, _)| *n))
            .collect();
        if let Some(twice) = names
            .iter()
            .enumerate()
            .find(|(k, n)| names[..*k].contains(n))
        {
            return Err(KernelError::BadArguments(format!(
                "`{}` is given twice",
                twice.1
            )));
        }
        let mut values = IdVec::filled(f.vars.len(), None);
        for (name, v) in scalars {
            let id = f
                .scalar_params()
                .find(|&p| f.var(p).name == *name)
                .ok_or_else(|| {
                    KernelError::BadArguments(format!("`{name}` is not a scalar parameter"))
                })?;
            values[id] = Some(*v);
        }
        let mut views = IdVec::filled(f.arrays.len(), None);
        for (name, slice) in arrays.iter_mut() {
            let id = f
                .array_params()
                .find(|&a| f.array(a).name == *name)
                .ok_or_else(|| {
                    KernelError::BadArguments(format!("`{name}` is not an array parameter"))
                })?;
            views[id] = Some(slice.view());
        }
        let sizes = Args {
            scalars: values,
            buffers: Vec::new(),
            bindings: IdVec::new(),
            returned: None,
        };
        self.execute(&sizes, &views, &mut ArgBlock::for_function(f))
    }

    /// Checks the arguments, lays out the argument block in `slots` (emptied first; its
    /// memory is reused) and runs the code. `sizes` holds the scalar arguments.
    fn execute(
        &self,
        sizes: &Args,
        views: &IdVec<ArrayId, Option<View>>,
        slots: &mut ArgBlock,
    ) -> Result<(Version, Option<Value>), KernelError> {
        self.check_buffers(sizes, views)?;
        self.argument_block(&sizes.scalars, views, slots)?;
        self.execute_block(sizes, views, slots)
    }

    /// Runs the code on `slots`, which hold the parameters' slots (checked: each buffer at
    /// least as long as its declared shape): allocates the local arrays, saves the buffers
    /// written by code that may stop part way, and says which code ran. `sizes` holds the
    /// scalar arguments, `views` the arrays'.
    #[inline]
    pub(crate) fn execute_block(
        &self,
        sizes: &Args,
        views: &IdVec<ArrayId, Option<View>>,
        slots: &mut ArgBlock,
    ) -> Result<(Version, Option<Value>), KernelError> {
        let f = &self.function;
        // The common case first: model-based code that cannot stop part way, no local array
        // (so no value returned), nothing pre-loaded: one call of the lean entry, and the
        // general path below only when its check fails.
        if let Some(lean) = &self.lean
            && !self.fallible
            && self.preloads == 0
            && self.lazy.is_empty()
            && f.ret.is_none()
        {
            // SAFETY: as for `run` below: the slots are the parameters' (live buffers with
            // their ranges), and there is no local array.
            let (status, fallback) = unsafe {
                lean.call_in(
                    slots,
                    self.pool.as_ref().map(Pool::threads_of),
                    self.install,
                )
            };
            if status != Status::CheckFailed {
                let version = if fallback {
                    Version::Fallback
                } else {
                    Version::Optimized
                };
                return self.result(status).map(|()| (version, None));
            }
        }
        let locals = self.local_arrays(sizes)?;
        let params = slots.len();
        // The return slot among the local arrays.
        let ret_local = f.ret.and_then(|r| {
            f.arrays
                .iter()
                .enumerate()
                .filter(|(_, a)| a.kind == ArrayKind::Local)
                .position(|(k, _)| k == r.0 as usize)
        });
        let returned = std::cell::Cell::new(None);
        // Runs `code` with the local arrays allocated (the lazy ones empty when `lean`).
        let mut run = |code: &Compiled, lean: bool| {
            slots.truncate(params);
            let mut buffers: Vec<Buffer> = Vec::new();
            if !locals.is_empty() {
                buffers = locals
                    .iter()
                    .enumerate()
                    .map(|(k, &(elem, len))| {
                        let lazy = lean && self.lazy.get(k).copied().unwrap_or(false);
                        Buffer::zeroed(elem, if lazy { 0 } else { len })
                    })
                    .collect();
                for buffer in &mut buffers {
                    View::of(buffer, 0).push(slots);
                }
            }
            if self.preloads > 0 {
                slots.reserve_preloads(self.preloads);
            }
            // SAFETY: every array slot holds the address of live memory (a buffer or slice
            // borrowed by the caller for the duration of this call, or a local buffer) and the
            // range of flat indices inside it; the code checks every access against that range
            // (an empty lazy buffer is one the model-based code does not touch). Parallel loops
            // only read the argument block, and their iterations touch disjoint elements.
            let result = unsafe {
                code.call_in(
                    slots,
                    self.pool.as_ref().map(Pool::threads_of),
                    self.install,
                )
            };
            if let Some(k) = ret_local
                && buffers[k].len() == 1
            {
                returned.set(Some(buffers[k].get(0)));
            }
            result
        };
        // Code that may stop part way (the faithful code at an access outside a buffer; any
        // code at a division by zero or a failing call) runs with the buffers it writes saved,
        // and restored when it stops: a refused call changes nothing.
        let save = || {
            self.undone
                .iter()
                .filter_map(|&a| views.get(a).copied().flatten())
                .map(|v| v.save())
                .collect::<Vec<_>>()
        };
        let fallible = self.fallible;
        let (status, fallback, saved) = match &self.lean {
            // The check first, without the local arrays only the faithful code needs; they are
            // allocated when it fails.
            Some(lean) => {
                let saved = fallible.then(save);
                match run(lean, true) {
                    (Status::CheckFailed, _) => {
                        let saved = saved.unwrap_or_else(save);
                        (run(&self.faithful, false).0, true, Some(saved))
                    }
                    (status, fallback) => (status, fallback, saved),
                }
            }
            None => {
                let saved = save();
                let (status, fallback) = run(&self.faithful, false);
                (status, fallback, Some(saved))
            }
        };
        if status != Status::Ok {
            for saved in saved.iter().flatten().rev() {
                saved.restore();
            }
        }
        let version = if self.lean.is_none() || fallback {
            Version::Fallback
        } else {
            Version::Optimized
        };
        let result = self.result(status);
        result.map(|()| (version, returned.get()))
    }

    /// Refuses buffers of the wrong element type, and buffers shorter than their array's
    /// declared shape, before any code runs.
    fn check_buffers(
        &self,
        sizes: &Args,
        views: &IdVec<ArrayId, Option<View>>,
    ) -> Result<(), KernelError> {
        let f = &self.function;
        let bad = |m: String| KernelError::BadArguments(m);
        // Element types and declared shapes, checked before any code runs: a buffer shorter
        // than its array's declared shape is refused whole.
        for a in f.array_params() {
            let arr = f.array(a);
            let view = views
                .get(a)
                .copied()
                .flatten()
                .ok_or_else(|| bad(format!("no buffer for `{}`", arr.name)))?;
            if view.elem != arr.elem {
                return Err(bad(format!(
                    "the buffer of `{}` does not hold {} elements",
                    arr.name, arr.elem
                )));
            }
            if let Some(need) = self.declared_len(sizes, a)?
                && need > view.hi.max(0) as u128
            {
                return Err(KernelError::TooSmall {
                    array: arr.name.clone(),
                    need,
                    have: view.hi.max(0) as u64,
                });
            }
        }
        Ok(())
    }

    /// The element type and length of each local array, in order.
    fn local_arrays(&self, sizes: &Args) -> Result<Vec<(optimist_scop::Type, usize)>, KernelError> {
        let f = &self.function;
        let bad = |m: String| KernelError::BadArguments(m);
        let mut locals: Vec<(optimist_scop::Type, usize)> = Vec::new();
        for (id, a) in f
            .arrays
            .iter_enumerated()
            .filter(|(_, a)| a.kind == ArrayKind::Local)
        {
            let need = self
                .declared_len(sizes, id)?
                .ok_or_else(|| bad(format!("local `{}` has no size", a.name)))?;
            let len = usize::try_from(need)
                .ok()
                .filter(|&n| n <= 1 << 30)
                .ok_or_else(|| bad(format!("local `{}` is too large", a.name)))?;
            locals.push((a.elem, len));
        }
        Ok(locals)
    }

    /// The argument block of the parameters: each scalar's value in its type, each array's
    /// view.
    fn argument_block(
        &self,
        scalars: &IdVec<VarId, Option<Value>>,
        views: &IdVec<ArrayId, Option<View>>,
        slots: &mut ArgBlock,
    ) -> Result<(), KernelError> {
        let f = &self.function;
        let bad = |m: String| KernelError::BadArguments(m);
        slots.truncate(0);
        for p in &f.params {
            match *p {
                Param::Scalar(v) => {
                    let val = scalars
                        .get(v)
                        .copied()
                        .flatten()
                        .ok_or_else(|| bad(format!("no value for `{}`", f.var(v).name)))?;
                    let ty = f.var(v).ty;
                    match (val, ty.is_float()) {
                        (Value::Int(x), false) if x >= ty.min_int() && x <= ty.max_int() => {
                            slots.push_int(x as i64)
                        }
                        (Value::F32(x), true) if ty == optimist_scop::Type::F32 => {
                            slots.push_bits(u64::from(x.to_bits()))
                        }
                        (Value::F64(x), true) if ty == optimist_scop::Type::F64 => {
                            slots.push_bits(x.to_bits())
                        }
                        _ => {
                            return Err(bad(format!(
                                "`{}` needs a value of type {ty}",
                                f.var(v).name
                            )));
                        }
                    }
                }
                Param::Array(a) => {
                    let view = views[a].ok_or_else(|| bad("no buffer".into()))?;
                    view.push(slots);
                }
            }
        }
        Ok(())
    }

    /// What the call's final status means for the caller.
    fn result(&self, status: Status) -> Result<(), KernelError> {
        let f = &self.function;
        match status {
            Status::Ok => Ok(()),
            Status::OutOfBounds => Err(KernelError::OutOfBounds),
            Status::Division => Err(KernelError::Division),
            Status::Footprint { array } => Err(KernelError::Footprint {
                array: f
                    .arrays
                    .as_slice()
                    .get(array as usize)
                    .map(|a| a.name.clone())
                    .unwrap_or_default(),
            }),
            Status::Call { index } => Err(KernelError::Call {
                function: f
                    .pure_fns(false)
                    .get(index as usize)
                    .map(|p| p.name.clone())
                    .unwrap_or_default(),
            }),
            Status::CheckFailed | Status::NoMemory | Status::Unknown(_) => Err(
                KernelError::BadArguments(format!("unexpected status {status:?}")),
            ),
        }
    }

    /// The number of elements array `a`'s declared shape needs, when every size is declared
    /// ([`interp::declared_len`]).
    fn declared_len(&self, args: &Args, a: ArrayId) -> Result<Option<u128>, KernelError> {
        interp::declared_len(&self.function, args, a)
            .map_err(|e| KernelError::BadArguments(e.to_string()))
    }
}

/// Memory behind one array: where it starts, and the flat element indices it allows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct View {
    base: *mut u8,
    lo: i64,
    hi: i64,
    elem: optimist_scop::Type,
}

impl View {
    /// The view of `len` elements of type `elem` from `base` on.
    #[inline]
    pub(crate) fn raw(base: *mut u8, len: usize, elem: optimist_scop::Type) -> View {
        View {
            base,
            lo: 0,
            hi: len as i64,
            elem,
        }
    }

    /// The type of its elements.
    #[inline]
    pub(crate) fn elem(&self) -> optimist_scop::Type {
        self.elem
    }

    /// The number of elements from its start on.
    #[inline]
    pub(crate) fn len(&self) -> u64 {
        self.hi.max(0) as u64
    }

    /// The view of `buffer` from element `offset` on (an alias may reach back to its start).
    pub(crate) fn of(buffer: &mut Buffer, offset: usize) -> View {
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

    #[inline]
    pub(crate) fn push(self, slots: &mut ArgBlock) {
        slots.push_array(self.base, self.lo, self.hi);
    }

    /// Writes the view's three slots (as [`View::push`] appends them) into `slots`.
    #[inline]
    pub(crate) fn write(self, slots: &mut [u64]) {
        slots[0] = self.base as u64;
        slots[1] = self.lo as u64;
        slots[2] = self.hi as u64;
    }

    /// A copy of the memory behind the view.
    fn save(&self) -> Saved {
        let size = self.elem.size();
        let start = self.lo.min(0) as isize * size as isize;
        let len = (self.hi.max(0) - self.lo.min(0)) as usize * size;
        // SAFETY: the view's elements `lo..hi` are the caller's live buffer (a slice borrowed
        // for the call, or a buffer of `Args`), not written by anything else during the call.
        let bytes = unsafe { std::slice::from_raw_parts(self.base.offset(start), len) }.to_vec();
        Saved {
            start: self.base.wrapping_offset(start),
            bytes,
        }
    }
}

/// The contents of a buffer before a call, to put back when the call stops part way.
struct Saved {
    start: *mut u8,
    bytes: Vec<u8>,
}

impl Saved {
    fn restore(&self) {
        // SAFETY: `start` and the length are those of the view saved, whose buffer the caller
        // still lends; the code that wrote it has returned.
        unsafe { std::ptr::copy_nonoverlapping(self.bytes.as_ptr(), self.start, self.bytes.len()) };
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
    #[inline]
    pub(crate) fn view(&mut self) -> View {
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
