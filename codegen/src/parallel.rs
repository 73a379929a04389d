//! Threads for loops marked parallel: the run-time side.
//!
//! The model lowering outlines the body of a parallel loop into a function of its own module
//! (`BodyFn`: the argument block, a frame with the values of the enclosing code's iterators and
//! scalars, the first value of the loop's iterator and a number of iterations) and, where the
//! loop was, calls `parallel_for` with the loop's first value, step and trip count.
//! `parallel_for` cuts the iterations into chunks and runs them on the rayon thread pool the
//! call runs in ([`crate::Kernel`] installs its own, sized by [`crate::NativeOptions::threads`]).
//!
//! Iterations of a parallel loop carry no dependence (Loopy's marks, checked against the
//! dependences), so every chunk computes exactly what it computes in order: results do not
//! depend on the number of threads or on which thread ran which chunk. A chunk that ends with
//! an error status stops the chunks not yet started; the first error reported is returned
//! (the buffers are then partly written, as after any error).

use rayon::prelude::*;
use std::sync::atomic::{AtomicI32, Ordering};

/// An outlined loop body: `(args, frame, first, count) -> status`.
pub(crate) type BodyFn = unsafe extern "C" fn(*mut u64, *const u64, i64, i64) -> i32;

/// The symbol the generated code calls.
pub(crate) const SYMBOL: &str = "optimist_parallel_for";

/// Chunks per thread: enough to balance triangular loops, few enough that each chunk is worth
/// a task.
const CHUNKS_PER_THREAD: i64 = 8;

/// Runs `count` iterations of `body` (the iterator's values `first`, `first + step`, ...) in
/// chunks on the current rayon pool; the first non-zero status of a chunk, or 0.
///
/// # Safety
/// `body` must be an outlined body compiled for this argument block and frame layout, and both
/// blocks valid for the whole call (they are only read).
pub(crate) unsafe extern "C" fn parallel_for(
    body: usize,
    args: usize,
    frame: usize,
    first: i64,
    step: i64,
    count: i64,
) -> i32 {
    if count <= 0 {
        return 0;
    }
    // SAFETY: the generated code passes the address of a function of this signature.
    let body = unsafe { std::mem::transmute::<usize, BodyFn>(body) };
    let threads = rayon::current_num_threads().max(1) as i64;
    let chunk = (count / (threads * CHUNKS_PER_THREAD)).max(1);
    let chunks = (count + chunk - 1) / chunk;
    let status = AtomicI32::new(0);
    (0..chunks).into_par_iter().for_each(|c| {
        if status.load(Ordering::Relaxed) != 0 {
            return;
        }
        let start = c * chunk;
        let n = chunk.min(count - start);
        // SAFETY: per the contract; chunks run disjoint iterations of a loop whose iterations
        // are independent, and the blocks are only read.
        let s = unsafe {
            body(
                args as *mut u64,
                frame as *const u64,
                first + start * step,
                n,
            )
        };
        if s != 0 {
            let _ = status.compare_exchange(0, s, Ordering::Relaxed, Ordering::Relaxed);
        }
    });
    status.into_inner()
}
