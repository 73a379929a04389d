//! The machinery shared by every wrapper type: ownership of one isl object, the macros that
//! define the types and their methods, and the trampolines that let isl call Rust closures.
//!
//! Every wrapper owns exactly one reference to an isl object and a clone of its [`Ctx`]. Methods
//! take `&self`, hand isl a fresh reference (`isl_*_copy`, which for most types only bumps a
//! reference count), and wrap the result after checking the context for an error.

use crate::ctx::Ctx;
use crate::error::{Error, Result};
use crate::ffi;
use std::any::Any;
use std::ffi::{CStr, c_char, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::ptr::NonNull;

/// An owned isl object. Implemented by the [`isl_handle!`] macro only.
pub(crate) trait Handle: Sized {
    /// The opaque isl type.
    type Raw: ffi::Free;
    /// Takes ownership of `ptr`, which belongs to `ctx`.
    fn from_parts(ctx: Ctx, ptr: NonNull<Self::Raw>) -> Self;
    /// The object, lent for one call (`__isl_keep`).
    fn keep(&self) -> ffi::Keep<Self::Raw>;
    /// A new reference to the object, for an `__isl_take` argument.
    fn take(&self) -> ffi::Take<Self::Raw>;
    /// A new reference to the object `ptr` (null when isl runs out of memory).
    ///
    /// # Safety
    /// `ptr` is a live object of this type.
    unsafe fn copy_raw(ptr: NonNull<Self::Raw>) -> *mut Self::Raw;
}

/// Copies a C string that isl allocated with `malloc` and frees it: the caller owns it.
///
/// # Safety
/// `p` is null or a `malloc`ed, NUL-terminated string that nothing else owns.
pub(crate) unsafe fn take_c_string(p: *mut c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: per the contract, `p` is a valid C string that we now own.
    let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
    // SAFETY: isl allocates printed strings with `malloc`.
    unsafe { ffi::free(p.cast::<c_void>()) };
    Some(s)
}

/// Copies a C string owned by isl (`const char *` results), or `None` for null.
///
/// # Safety
/// `p` is null or a valid C string that lives until this returns.
pub(crate) unsafe fn borrowed_c_string(p: *const c_char) -> Option<String> {
    if p.is_null() {
        None
    } else {
        // SAFETY: per the contract.
        Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    }
}

/// Defines a wrapper type for one isl type.
///
/// `isl_handle!(Name, raw_type, prefix, to_str, eq)` uses `prefix_copy` and `prefix_free`;
/// `to_str` names the printing function (or `-` for types isl cannot print) and `eq` the
/// equality test (or `-`, then equality compares the printed text).
macro_rules! isl_handle {
    ($(#[$doc:meta])* $name:ident, $raw:ident, $copy:ident, $free:ident, $to_str:tt, $eq:tt) => {
        $(#[$doc])*
        pub struct $name {
            ptr: std::ptr::NonNull<$crate::ffi::$raw>,
            ctx: $crate::Ctx,
        }

        impl $crate::handle::Handle for $name {
            type Raw = $crate::ffi::$raw;
            fn from_parts(ctx: $crate::Ctx, ptr: std::ptr::NonNull<Self::Raw>) -> Self {
                $name { ptr, ctx }
            }
            fn keep(&self) -> $crate::ffi::Keep<Self::Raw> {
                $crate::ffi::Keep(self.ptr.as_ptr())
            }
            fn take(&self) -> $crate::ffi::Take<Self::Raw> {
                // SAFETY: `self.ptr` is a live object; copying returns a new reference (or null
                // when out of memory, which the callee reports as an error).
                $crate::ffi::Take(unsafe { $crate::ffi::$copy(self.keep()) })
            }
            unsafe fn copy_raw(ptr: std::ptr::NonNull<Self::Raw>) -> *mut Self::Raw {
                // SAFETY: per the contract, `ptr` is live; isl returns a new reference.
                unsafe { $crate::ffi::$copy($crate::ffi::Keep(ptr.as_ptr())) }
            }
        }

        impl $name {
            /// The context this object belongs to.
            pub fn ctx(&self) -> &$crate::Ctx {
                &self.ctx
            }
        }

        impl Drop for $name {
            fn drop(&mut self) {
                // SAFETY: `self` owns one reference.
                unsafe { $crate::ffi::$free($crate::ffi::Take(self.ptr.as_ptr())) };
            }
        }

        impl Clone for $name {
            /// Another reference to the same (immutable) object.
            ///
            /// # Panics
            /// Only when isl runs out of memory while copying.
            fn clone(&self) -> Self {
                use $crate::handle::Handle;
                let raw = self.take().into_raw();
                match std::ptr::NonNull::new(raw) {
                    Some(ptr) => $name { ptr, ctx: self.ctx.clone() },
                    None => panic!(concat!(stringify!($copy), ": out of memory")),
                }
            }
        }

        isl_handle!(@display $name, $to_str);
        isl_handle!(@eq $name, $eq);

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self)
            }
        }
    };
    (@display $name:ident, -) => {
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!("<", stringify!($name), " {:p}>"), self.ptr)
            }
        }
    };
    (@display $name:ident, $to_str:ident) => {
        impl std::fmt::Display for $name {
            /// isl's own notation.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                // SAFETY: the object is live; the printed string is ours to free.
                let text = unsafe {
                    $crate::handle::take_c_string($crate::ffi::$to_str($crate::ffi::Keep(self.ptr.as_ptr())))
                };
                // Printing fails only when out of memory; clear the error isl recorded then.
                let _ = self.ctx.take_error();
                f.write_str(text.as_deref().unwrap_or("<isl: printing failed>"))
            }
        }
    };
    (@eq $name:ident, -) => {
        impl PartialEq for $name {
            /// Compares the printed forms: isl has no equality test for this type.
            fn eq(&self, other: &Self) -> bool {
                self.to_string() == other.to_string()
            }
        }
    };
    (@eq $name:ident, $eq:ident) => {
        impl $name {
            /// Whether both objects are equal according to isl
            #[doc = concat!("(`", stringify!($eq), "`).")]
            pub fn is_equal(&self, other: &$name) -> $crate::Result<bool> {
                self.ctx.same(&other.ctx)?;
                // SAFETY: both objects are live and kept.
                let b = unsafe {
                    $crate::ffi::$eq($crate::ffi::Keep(self.ptr.as_ptr()), $crate::ffi::Keep(other.ptr.as_ptr()))
                };
                self.ctx.bool(b)
            }
        }

        impl PartialEq for $name {
            /// isl equality; `false` when isl cannot decide (different contexts, spaces that do
            /// not match, or an exhausted budget). Use `is_equal` to see the error.
            fn eq(&self, other: &Self) -> bool {
                self.is_equal(other).unwrap_or(false)
            }
        }
    };
}
pub(crate) use isl_handle;

/// Defines methods that call one isl function each.
///
/// - `fn name(&self, a: &A, ...) -> R = isl_f;` takes `self` and every argument (`__isl_take`)
///   and returns an owned `R`;
/// - `keep fn name(&self, a: &A, ...) -> bool = isl_f;` keeps its arguments and returns a bool;
/// - `keep fn name(&self) -> usize = isl_f;` the same for an `isl_size`;
/// - `get fn name(&self) -> R = isl_f;` keeps `self` and returns an owned `R` (isl's getters).
///
/// The `ffi` signatures carry isl's `__isl_take`/`__isl_keep` annotations as types, so a
/// function listed under the wrong form does not compile.
macro_rules! isl_methods {
    () => {};
    ($(#[$doc:meta])* fn $name:ident(&self $(, $arg:ident : &$aty:ty)*) -> $ret:ty = $f:ident; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn $name(&self $(, $arg: &$aty)*) -> $crate::Result<$ret> {
            #[allow(unused_imports)]
            use $crate::handle::Handle;
            $( self.ctx().same($arg.ctx())?; )*
            // SAFETY: every argument is a fresh reference that isl takes.
            let raw = unsafe { $crate::ffi::$f(self.take() $(, $arg.take())*) };
            self.ctx().wrap::<$ret>(raw)
        }
        isl_methods!($($rest)*);
    };
    ($(#[$doc:meta])* get fn $name:ident(&self $(, $arg:ident : &$aty:ty)*) -> $ret:ty = $f:ident; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn $name(&self $(, $arg: &$aty)*) -> $crate::Result<$ret> {
            #[allow(unused_imports)]
            use $crate::handle::Handle;
            $( self.ctx().same($arg.ctx())?; )*
            // SAFETY: every argument is live and kept by isl, which returns a new object.
            let raw = unsafe { $crate::ffi::$f(self.keep() $(, $arg.keep())*) };
            self.ctx().wrap::<$ret>(raw)
        }
        isl_methods!($($rest)*);
    };
    ($(#[$doc:meta])* keep fn $name:ident(&self $(, $arg:ident : &$aty:ty)*) -> bool = $f:ident; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn $name(&self $(, $arg: &$aty)*) -> $crate::Result<bool> {
            #[allow(unused_imports)]
            use $crate::handle::Handle;
            $( self.ctx().same($arg.ctx())?; )*
            // SAFETY: every argument is live and kept by isl.
            let b = unsafe { $crate::ffi::$f(self.keep() $(, $arg.keep())*) };
            self.ctx().bool(b)
        }
        isl_methods!($($rest)*);
    };
    ($(#[$doc:meta])* keep fn $name:ident(&self) -> usize = $f:ident; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn $name(&self) -> $crate::Result<usize> {
            #[allow(unused_imports)]
            use $crate::handle::Handle;
            // SAFETY: the object is live and kept by isl.
            let n = unsafe { $crate::ffi::$f(self.keep()) };
            self.ctx().size(n)
        }
        isl_methods!($($rest)*);
    };
}
pub(crate) use isl_methods;

/// State shared between a `foreach` call and its trampoline.
struct Visit<'a, T> {
    ctx: &'a Ctx,
    f: &'a mut dyn FnMut(T) -> Result<()>,
    error: Option<Error>,
    panic: Option<Box<dyn Any + Send>>,
}

/// The `extern "C"` function isl calls for each element: wraps the element, runs the closure,
/// and turns an error or a panic into `isl_stat_error`, which stops isl's iteration. Panics
/// must not unwind through isl's C frames; they are resumed once isl has returned.
unsafe extern "C" fn visit_trampoline<T: Handle>(raw: *mut T::Raw, user: *mut c_void) -> ffi::Stat {
    // SAFETY: `user` is the `Visit` that `foreach` passed and keeps alive during the call.
    let visit = unsafe { &mut *user.cast::<Visit<'_, T>>() };
    let Some(ptr) = NonNull::new(raw) else {
        return -1;
    };
    let item = T::from_parts(visit.ctx.clone(), ptr);
    match catch_unwind(AssertUnwindSafe(|| (visit.f)(item))) {
        Ok(Ok(())) => 0,
        Ok(Err(e)) => {
            visit.error = Some(e);
            -1
        }
        Err(payload) => {
            visit.panic = Some(payload);
            -1
        }
    }
}

/// Calls an isl `foreach` function with `f` as the callback.
///
/// `call` receives the trampoline and the user pointer and makes the isl call. An error returned
/// by `f` stops the iteration and is returned; a panic in `f` is resumed here.
pub(crate) fn foreach<T: Handle>(
    ctx: &Ctx,
    f: &mut dyn FnMut(T) -> Result<()>,
    call: impl FnOnce(
        unsafe extern "C" fn(*mut T::Raw, *mut c_void) -> ffi::Stat,
        *mut c_void,
    ) -> ffi::Stat,
) -> Result<()> {
    let mut visit = Visit {
        ctx,
        f,
        error: None,
        panic: None,
    };
    let stat = call(visit_trampoline::<T>, (&raw mut visit).cast::<c_void>());
    if let Some(payload) = visit.panic.take() {
        let _ = ctx.take_error();
        resume_unwind(payload);
    }
    if let Some(e) = visit.error.take() {
        let _ = ctx.take_error();
        return Err(e);
    }
    ctx.stat(stat)
}
