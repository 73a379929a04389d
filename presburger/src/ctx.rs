//! The isl context ([`Ctx`]), error retrieval after each isl call, options and the operation budget.

use crate::error::{Error, IslErrorKind, Result};
use crate::ffi;
use crate::handle::Handle;
use std::any::TypeId;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{CStr, CString, c_int, c_void};
use std::ptr::NonNull;
use std::rc::Rc;

/// One isl context: every isl object belongs to exactly one.
///
/// Create one per compilation. A `Ctx` is a cheap reference-counted handle; every object made in
/// it holds a clone, so the isl context lives as long as its last object. Neither `Ctx` nor any
/// object is `Send` or `Sync`, because isl contexts are not thread-safe: a compiler that works on
/// several threads uses one `Ctx` per thread.
///
/// isl is told never to print: its errors come back as [`Error`] values from the call that
/// caused them.
#[derive(Clone)]
pub struct Ctx(Rc<CtxInner>);

struct CtxInner {
    ptr: NonNull<ffi::isl_ctx>,
    /// Objects parsed in this context, by type and text, each holding one reference: the
    /// library builds the same small sets and maps (lexicographic orders, unit steps) many
    /// times per compilation, and isl's parser is slow.
    parsed: RefCell<HashMap<(TypeId, Box<str>), Parsed>>,
    /// The operations counted by the last [`Ctx::with_budget`] that returned.
    last_operations: std::cell::Cell<u64>,
    /// The operations counted so far by the budgets nested in the one running (isl's count
    /// restarts with each).
    nested_operations: std::cell::Cell<u64>,
    /// How many [`Ctx::with_budget`] calls are running.
    budgets_running: std::cell::Cell<u32>,
}

/// One reference to a parsed object and the function that releases it.
struct Parsed {
    ptr: NonNull<c_void>,
    free: unsafe fn(*mut c_void),
}

/// The most objects [`CtxInner::parsed`] keeps.
const MAX_PARSED: usize = 4096;

/// Releases one reference to an object of type `R`.
///
/// # Safety
/// `p` is a live `R` and the caller owns the reference it gives up.
unsafe fn free_erased<R: ffi::Free>(p: *mut c_void) {
    // SAFETY: per the contract.
    unsafe { R::free(p.cast::<R>()) }
}

impl Drop for CtxInner {
    fn drop(&mut self) {
        for (_, p) in self.parsed.get_mut().drain() {
            // SAFETY: the cache owns one reference to each object, all in this context,
            // which is still alive.
            unsafe { (p.free)(p.ptr.as_ptr()) };
        }
        // SAFETY: the pointer came from `isl_ctx_alloc`; every object holds an `Rc` to this
        // inner value, so none is left when it drops.
        unsafe { ffi::isl_ctx_free(self.ptr.as_ptr()) }
    }
}

impl std::fmt::Debug for Ctx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Ctx({:p})", self.0.ptr)
    }
}

impl Default for Ctx {
    fn default() -> Self {
        Ctx::new()
    }
}

impl PartialEq for Ctx {
    fn eq(&self, other: &Ctx) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Ctx {}

/// Options of isl's scheduler, set with [`Ctx::set_schedule_options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScheduleOptions {
    /// Try to make the outermost band members coincident (`schedule_outer_coincidence`).
    pub outer_coincidence: bool,
    /// Make bands as deep as possible (`schedule_maximize_band_depth`).
    pub maximize_band_depth: bool,
    /// Serialize strongly connected components (`schedule_serialize_sccs`): less fusion.
    pub serialize_sccs: bool,
    /// The largest coefficient of a loop iterator or parameter in a schedule
    /// (`schedule_max_coefficient`; `None`: no bound). Bounding it bounds the scheduler's
    /// integer programs.
    pub max_coefficient: Option<u32>,
}

impl Default for ScheduleOptions {
    /// isl's own defaults.
    fn default() -> Self {
        ScheduleOptions {
            outer_coincidence: false,
            maximize_band_depth: false,
            serialize_sccs: false,
            max_coefficient: None,
        }
    }
}

/// Options of isl's AST generator, set with [`Ctx::set_ast_options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AstOptions {
    /// Generate `min`/`max` for upper bounds of atomic loops (`ast_build_atomic_upper_bound`).
    pub atomic_upper_bound: bool,
    /// Detect `min`/`max` expressions in conditions (`ast_build_detect_min_max`).
    pub detect_min_max: bool,
}

impl Default for AstOptions {
    /// isl's own defaults.
    fn default() -> Self {
        AstOptions {
            atomic_upper_bound: true,
            detect_min_max: false,
        }
    }
}

impl Ctx {
    /// A new context with isl's printing of errors turned off.
    ///
    /// # Panics
    /// Only when isl cannot allocate its context, that is when memory is exhausted.
    pub fn new() -> Ctx {
        // SAFETY: plain allocation.
        let raw = unsafe { ffi::isl_ctx_alloc() };
        let ptr = NonNull::new(raw).expect("isl_ctx_alloc: out of memory");
        // SAFETY: `ptr` is a live context. With ISL_ON_ERROR_CONTINUE, isl records errors in the
        // context instead of printing them; `Ctx::take_error` reads them after each call.
        unsafe { ffi::isl_options_set_on_error(ptr.as_ptr(), ffi::ISL_ON_ERROR_CONTINUE) };
        Ctx(Rc::new(CtxInner {
            ptr,
            parsed: RefCell::default(),
            last_operations: Default::default(),
            nested_operations: Default::default(),
            budgets_running: Default::default(),
        }))
    }

    /// A new reference to the object of type `T` parsed from `text` before, if any.
    pub(crate) fn parsed<T: Handle>(&self, text: &str) -> Option<Result<T>>
    where
        T::Raw: 'static,
    {
        let cache = self.0.parsed.borrow();
        let p = cache.get(&(TypeId::of::<T::Raw>(), Box::from(text)))?;
        // SAFETY: the entry is a live `T::Raw` (its key's type) that the cache keeps alive.
        let raw = unsafe { T::copy_raw(p.ptr.cast::<T::Raw>()) };
        Some(self.wrap(raw))
    }

    /// Keeps a reference to `object`, parsed from `text`, for [`Ctx::parsed`].
    pub(crate) fn remember_parsed<T: Handle>(&self, text: &str, object: &T)
    where
        T::Raw: 'static,
    {
        let mut cache = self.0.parsed.borrow_mut();
        if cache.len() >= MAX_PARSED {
            return;
        }
        let Some(ptr) = NonNull::new(object.take().into_raw()) else {
            return;
        };
        let old = cache.insert(
            (TypeId::of::<T::Raw>(), Box::from(text)),
            Parsed {
                ptr: ptr.cast::<c_void>(),
                free: free_erased::<T::Raw>,
            },
        );
        if let Some(old) = old {
            // SAFETY: the cache owned this reference.
            unsafe { (old.free)(old.ptr.as_ptr()) };
        }
    }

    pub(crate) fn raw(&self) -> *mut ffi::isl_ctx {
        self.0.ptr.as_ptr()
    }

    /// Whether `self` and `other` are the same context.
    pub(crate) fn same(&self, other: &Ctx) -> Result<()> {
        if self == other {
            Ok(())
        } else {
            Err(Error::ContextMismatch)
        }
    }

    /// The error isl recorded since the last check, if any; clears it.
    pub(crate) fn take_error(&self) -> Option<Error> {
        let ctx = self.raw();
        // SAFETY: `ctx` is live; the strings are owned by the context and copied before the reset.
        unsafe {
            let code = ffi::isl_ctx_last_error(ctx);
            if code == 0 {
                return None;
            }
            // Stopped by `with_deadline`: whatever isl made of the failed operation (a parser
            // reports a syntax error), the cause is the deadline.
            if ffi::isl_ctx_aborted(ctx) == 1 {
                ffi::isl_ctx_reset_error(ctx);
                return Some(Error::Deadline);
            }
            // Out of operations: whatever isl made of the failed operation (a parser reports a
            // syntax error), the cause is the budget. Counting one more operation tells
            // (isl keeps its count private); within the budget it is one operation of many.
            if code != 6
                && ffi::isl_ctx_get_max_operations(ctx) != 0
                && ffi::isl_ctx_next_operation(ctx) != 0
            {
                ffi::isl_ctx_reset_error(ctx);
                return Some(Error::Budget);
            }
            let text = |p: *const std::ffi::c_char| {
                if p.is_null() {
                    String::new()
                } else {
                    CStr::from_ptr(p).to_string_lossy().into_owned()
                }
            };
            let message = text(ffi::isl_ctx_last_error_msg(ctx));
            let file = text(ffi::isl_ctx_last_error_file(ctx));
            let line = u32::try_from(ffi::isl_ctx_last_error_line(ctx)).unwrap_or(0);
            ffi::isl_ctx_reset_error(ctx);
            let kind = match code {
                // isl raises `isl_error_abort` only when its abort flag is set, which only
                // `with_deadline` does.
                1 => return Some(Error::Deadline),
                2 => IslErrorKind::Alloc,
                4 => IslErrorKind::Internal,
                5 => IslErrorKind::Invalid,
                6 => return Some(Error::Budget),
                7 => IslErrorKind::Unsupported,
                _ => IslErrorKind::Unknown,
            };
            Some(Error::Isl {
                kind,
                message,
                file,
                line,
            })
        }
    }

    /// The error for a call that failed: isl's recorded error, or a generic one if isl recorded
    /// none (which happens only when a function fails on an argument that was already null).
    pub(crate) fn failure(&self) -> Error {
        self.take_error().unwrap_or_else(|| Error::Isl {
            kind: IslErrorKind::Unknown,
            message: "isl returned no result and recorded no error".into(),
            file: String::new(),
            line: 0,
        })
    }

    /// Wraps the result of an isl call that returns an owned object.
    pub(crate) fn wrap<T: Handle>(&self, raw: *mut T::Raw) -> Result<T> {
        let error = self.take_error();
        match (NonNull::new(raw), error) {
            (Some(ptr), None) => Ok(T::from_parts(self.clone(), ptr)),
            (Some(ptr), Some(e)) => {
                drop(T::from_parts(self.clone(), ptr));
                Err(e)
            }
            (None, Some(e)) => Err(e),
            (None, None) => Err(self.failure()),
        }
    }

    /// Interprets an `isl_bool`.
    pub(crate) fn bool(&self, b: ffi::Bool) -> Result<bool> {
        match (b, self.take_error()) {
            (_, Some(e)) => Err(e),
            (0, None) => Ok(false),
            (1, None) => Ok(true),
            _ => Err(self.failure()),
        }
    }

    /// Interprets an `isl_size`.
    pub(crate) fn size(&self, n: ffi::Size) -> Result<usize> {
        match (usize::try_from(n), self.take_error()) {
            (_, Some(e)) => Err(e),
            (Ok(n), None) => Ok(n),
            (Err(_), None) => Err(self.failure()),
        }
    }

    /// Interprets an `isl_stat`.
    pub(crate) fn stat(&self, s: ffi::Stat) -> Result<()> {
        match (s, self.take_error()) {
            (_, Some(e)) => Err(e),
            (0, None) => Ok(()),
            _ => Err(self.failure()),
        }
    }

    /// A C string for isl, refusing interior NUL bytes.
    pub(crate) fn c_string(text: &str) -> Result<CString> {
        CString::new(text)
            .map_err(|_| Error::InvalidArgument(format!("text contains a NUL byte: {text:?}")))
    }

    /// Runs `f` with at most `max_operations` isl operations allowed.
    ///
    /// An isl call that exceeds the budget fails with [`Error::Budget`], which `f` normally
    /// propagates with `?`. Whatever `f` returns, the budget that was in force before (none, by
    /// default) is restored and the context is usable afterwards. isl counts "operations" in its
    /// core algorithms (a rough, machine-independent measure of work, not of time). A nested
    /// budget counts afresh, and its operations count toward the budget around it: that one
    /// keeps only what it has left ([`Ctx::last_operations`] tells what a budget used).
    ///
    /// ```
    /// use optimist_presburger::{Ctx, Error, Set};
    /// let ctx = Ctx::new();
    /// let hard = "[n] -> { [i, j, k] : 0 <= i, j, k < n and 3i + 5j + 7k = 101 }";
    /// let r = ctx.with_budget(1, || Set::parse(&ctx, hard)?.lexmin());
    /// assert_eq!(r.unwrap_err(), Error::Budget);
    /// // The context is usable afterwards.
    /// assert!(!Set::parse(&ctx, hard).unwrap().is_empty().unwrap());
    /// ```
    pub fn with_budget<T>(&self, max_operations: u64, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let ctx = self.raw();
        let inner = &self.0;
        // A budget of 0 means "unlimited" to isl; allow at least one operation instead.
        let max =
            std::ffi::c_ulong::try_from(max_operations.max(1)).unwrap_or(std::ffi::c_ulong::MAX);
        // The operations of the budget around this one so far: isl's count restarts here.
        let before = if inner.budgets_running.get() > 0 {
            self.operations_counted()
        } else {
            0
        };
        let outer_nested = inner.nested_operations.replace(0);
        inner.budgets_running.set(inner.budgets_running.get() + 1);
        // SAFETY: `ctx` is live for the whole call.
        let previous = unsafe { ffi::isl_ctx_get_max_operations(ctx) };
        // SAFETY: as above.
        unsafe {
            ffi::isl_ctx_set_max_operations(ctx, max);
            ffi::isl_ctx_reset_operations(ctx);
        }
        let result = f();
        let error = self.take_error();
        let used = self.operations_counted() + inner.nested_operations.get();
        inner.last_operations.set(used);
        inner.budgets_running.set(inner.budgets_running.get() - 1);
        inner.nested_operations.set(outer_nested + before + used);
        // SAFETY: as above. A quota error left behind by `f` is cleared so that the next call
        // does not see it. isl's count restarts: the budget around this one keeps what it has
        // left, so that it bounds the work of the budgets nested in it too.
        unsafe {
            let left = previous.saturating_sub(before.saturating_add(used) as std::ffi::c_ulong);
            ffi::isl_ctx_reset_operations(ctx);
            if previous == 0 || left > 0 {
                ffi::isl_ctx_set_max_operations(ctx, if previous == 0 { 0 } else { left });
            } else {
                // Spent: the next operation of the budget around fails.
                ffi::isl_ctx_set_max_operations(ctx, 1);
                ffi::isl_ctx_next_operation(ctx);
            }
        }
        if let Some(e) = error {
            // An error `f` ignored: report it unless `f` already failed.
            return result.and(Err(e));
        }
        result
    }

    /// The isl operations counted by the last [`Ctx::with_budget`] that returned, those of the
    /// budgets nested in it included: a machine-independent measure of the work it did, to
    /// choose budgets by.
    ///
    /// ```
    /// use optimist_presburger::{Ctx, Set};
    /// let ctx = Ctx::new();
    /// ctx.with_budget(1_000_000, || Set::parse(&ctx, "[n] -> { [i] : 0 <= i < n }")?.lexmin())
    ///     .unwrap();
    /// let once = ctx.last_operations();
    /// assert!(once > 0);
    /// ctx.with_budget(1_000_000, || {
    ///     let s = Set::parse(&ctx, "[n] -> { [i, j] : 0 <= i < n and 0 <= j < 2i }")?;
    ///     ctx.with_budget(1_000_000, || s.lexmin())?;
    ///     s.lexmax()
    /// })
    /// .unwrap();
    /// assert!(ctx.last_operations() > once);
    /// ```
    pub fn last_operations(&self) -> u64 {
        self.0.last_operations.get()
    }

    /// The operations isl counted since its count was last reset, found by probing: isl keeps
    /// its count private, but `isl_ctx_next_operation` fails when the count has reached the
    /// maximum and counts one more otherwise, so a bisection over the maximum finds it (and
    /// the probes that counted are taken off). The maximum in force and any error are as before.
    fn operations_counted(&self) -> u64 {
        let ctx = self.raw();
        // SAFETY: `ctx` is live; the probes only read and bump isl's count and the maximum,
        // both restored below, and the quota errors they raise are cleared.
        unsafe {
            let max = ffi::isl_ctx_get_max_operations(ctx);
            if max == 0 || ffi::isl_ctx_aborted(ctx) == 1 || ffi::isl_ctx_last_error(ctx) != 0 {
                return 0;
            }
            // The count is within [lo, hi].
            let (mut lo, mut hi, mut probes) = (0, max, 0);
            while lo < hi {
                let m = lo + (hi - lo).div_ceil(2);
                ffi::isl_ctx_set_max_operations(ctx, m);
                if ffi::isl_ctx_next_operation(ctx) == 0 {
                    // Below m, and counted one more.
                    probes += 1;
                    hi = m;
                    lo += 1;
                } else {
                    ffi::isl_ctx_reset_error(ctx);
                    lo = m;
                }
            }
            ffi::isl_ctx_set_max_operations(ctx, max);
            lo - probes
        }
    }

    /// Runs `f`, stopping isl at `deadline`: an isl call still running then fails with
    /// [`Error::Deadline`] (isl checks a flag before each of its operations), which `f`
    /// normally propagates with `?`; every isl call after it fails the same way until `f`
    /// returns. The context is usable afterwards. A deadline already past fails at once.
    ///
    /// A watchdog thread sleeps until the deadline and then sets isl's abort flag
    /// (`isl_ctx_abort`); it is woken and joined when `f` returns. If no thread can be started,
    /// `f` runs without a deadline.
    ///
    /// ```
    /// use optimist_presburger::{Ctx, Error, Set};
    /// use std::time::{Duration, Instant};
    /// let ctx = Ctx::new();
    /// let soon = Instant::now() + Duration::from_millis(20);
    /// let set = Set::parse(&ctx, "[n] -> { [i, j] : 0 <= i < n and 0 <= j < 2i }").unwrap();
    /// let r = ctx.with_deadline(soon, || loop {
    ///     set.lexmin()?;
    ///     Set::parse(&ctx, "[n] -> { [i] : 0 <= i < n }")?;
    /// });
    /// assert_eq!(r.map(|_: ()| ()).unwrap_err(), Error::Deadline);
    /// // The context is usable afterwards.
    /// assert!(!Set::parse(&ctx, "{ [1] }").unwrap().is_empty().unwrap());
    /// ```
    pub fn with_deadline<T>(
        &self,
        deadline: std::time::Instant,
        f: impl FnOnce() -> Result<T>,
    ) -> Result<T> {
        use std::sync::{Arc, Condvar, Mutex};
        /// The context for the watchdog thread.
        struct Raw(*mut ffi::isl_ctx);
        // SAFETY: the watchdog only calls `isl_ctx_abort`, which sets the flag isl polls before
        // each operation (isl's way to stop a computation from outside it), and the thread is
        // joined below, while the context is alive.
        unsafe impl Send for Raw {}
        if std::time::Instant::now() >= deadline {
            return Err(Error::Deadline);
        }
        let ctx = self.raw();
        let done = Arc::new((Mutex::new(false), Condvar::new()));
        let raw = Raw(ctx);
        let signal = done.clone();
        let watchdog = std::thread::Builder::new()
            .name("isl-deadline".into())
            .spawn(move || {
                let raw = raw;
                let (lock, wake) = &*signal;
                let mut finished = lock.lock().unwrap_or_else(|e| e.into_inner());
                while !*finished {
                    let now = std::time::Instant::now();
                    if now >= deadline {
                        // SAFETY: see `Raw`.
                        unsafe { ffi::isl_ctx_abort(raw.0) };
                        return;
                    }
                    finished = wake
                        .wait_timeout(finished, deadline - now)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
            });
        let result = f();
        if let Ok(watchdog) = watchdog {
            let (lock, wake) = &*done;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
            wake.notify_one();
            // The thread cannot panic (it only waits and sets a flag).
            let _ = watchdog.join();
        }
        // SAFETY: `ctx` is live; the watchdog has ended.
        unsafe { ffi::isl_ctx_resume(ctx) };
        if let Some(e) = self.take_error() {
            return result.and(Err(e));
        }
        result
    }

    /// Sets the options of isl's scheduler for this context.
    pub fn set_schedule_options(&self, options: &ScheduleOptions) -> Result<()> {
        let ctx = self.raw();
        // SAFETY: `ctx` is live; the setters only store an int.
        unsafe {
            self.stat(ffi::isl_options_set_schedule_outer_coincidence(
                ctx,
                c_int::from(options.outer_coincidence),
            ))?;
            self.stat(ffi::isl_options_set_schedule_maximize_band_depth(
                ctx,
                c_int::from(options.maximize_band_depth),
            ))?;
            self.stat(ffi::isl_options_set_schedule_serialize_sccs(
                ctx,
                c_int::from(options.serialize_sccs),
            ))?;
            let bound = |b: Option<u32>| b.map_or(-1, |b| c_int::try_from(b).unwrap_or(c_int::MAX));
            self.stat(ffi::isl_options_set_schedule_max_coefficient(
                ctx,
                bound(options.max_coefficient),
            ))
        }
    }

    /// Sets the options of isl's AST generator for this context.
    pub fn set_ast_options(&self, options: &AstOptions) -> Result<()> {
        let ctx = self.raw();
        // SAFETY: `ctx` is live; the setters only store an int.
        unsafe {
            self.stat(ffi::isl_options_set_ast_build_atomic_upper_bound(
                ctx,
                c_int::from(options.atomic_upper_bound),
            ))?;
            self.stat(ffi::isl_options_set_ast_build_detect_min_max(
                ctx,
                c_int::from(options.detect_min_max),
            ))
        }
    }
}
