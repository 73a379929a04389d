//! The packing buffers of native code's micro-kernels: the run-time side.
//!
//! A product's micro-kernel ([`crate::MicroKernel`]) reads its operands from buffers packed
//! where the product runs. The generated code takes one from [`acquire`] before packing and
//! gives it back with [`release`] after the blocks ran: each thread keeps the last buffer it
//! gave back (at most one, the largest: 774,144 bytes for the packs of `BlockShape::native()`
//! in a product's tile of 252 x 512 x 128 `double`s) and reuses it for the next call, so a kernel
//! called many times allocates once per thread, and no page of it is faulted in again. A
//! buffer in use is never handed out twice (a pure function called from inside a product that
//! itself runs a product gets a buffer of its own). A failed allocation is a null pointer: the
//! generated code then runs the blocks as the loops are written.

use std::cell::RefCell;

/// A cache line: buffers are 64-byte aligned.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

/// A buffer.
type Buffer = Box<[Line]>;

thread_local! {
    /// This thread's buffers: the one kept for reuse, and those in use.
    static BUFFERS: RefCell<(Option<Buffer>, Vec<Buffer>)> =
        const { RefCell::new((None, Vec::new())) };
}

/// The symbols the generated code calls.
pub(crate) const ACQUIRE: &str = "optimist_buffer_acquire";
pub(crate) const RELEASE: &str = "optimist_buffer_release";

/// A buffer of at least `bytes` bytes, 64-byte aligned, for this thread until [`release`];
/// null when it cannot be allocated. Never unwinds.
pub(crate) extern "C" fn acquire(bytes: i64) -> *mut u8 {
    let lines = usize::try_from(bytes).unwrap_or(0).div_ceil(64).max(1);
    BUFFERS
        .try_with(|b| {
            let Ok(mut b) = b.try_borrow_mut() else {
                return std::ptr::null_mut();
            };
            let (kept, used) = &mut *b;
            let mut buffer = match kept.take() {
                Some(k) if k.len() >= lines => k,
                _ => {
                    let mut v: Vec<Line> = Vec::new();
                    if v.try_reserve_exact(lines).is_err() || used.try_reserve(1).is_err() {
                        return std::ptr::null_mut();
                    }
                    v.resize(lines, Line([0; 64]));
                    v.into_boxed_slice()
                }
            };
            let ptr = buffer.as_mut_ptr().cast::<u8>();
            used.push(buffer);
            ptr
        })
        .unwrap_or(std::ptr::null_mut())
}

/// Gives back the buffer at `ptr` ([`acquire`]); nothing for null or a pointer not handed out
/// on this thread. Never unwinds.
pub(crate) extern "C" fn release(ptr: *mut u8) {
    let _ = BUFFERS.try_with(|b| {
        let Ok(mut b) = b.try_borrow_mut() else {
            return;
        };
        let (kept, used) = &mut *b;
        if let Some(k) = used
            .iter()
            .position(|x| x.as_ptr().cast::<u8>() == ptr.cast_const())
        {
            let buffer = used.swap_remove(k);
            if kept.as_ref().is_none_or(|x| x.len() < buffer.len()) {
                *kept = Some(buffer);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_is_reused_and_never_shared() {
        let a = acquire(1000);
        assert!(!a.is_null());
        assert_eq!(a as usize % 64, 0);
        // In use: a second one is another buffer.
        let b = acquire(1000);
        assert_ne!(a, b);
        release(b);
        release(a);
        // Given back: the first one given back is kept (the second is no larger), and the next
        // request of at most its size gets it again.
        let c = acquire(512);
        assert_eq!(c, b);
        release(c);
        // A pointer not handed out changes nothing.
        release(std::ptr::null_mut());
        let mut x = 0u8;
        release(&mut x);
    }
}
