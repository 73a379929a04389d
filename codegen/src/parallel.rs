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

use crate::ast::CodegenError;
use rayon::prelude::*;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex};

/// A thread pool kernels share ([`crate::NativeOptions::pool`]).
#[derive(Clone, Debug)]
pub struct Pool(Arc<rayon::ThreadPool>);

impl PartialEq for Pool {
    fn eq(&self, other: &Pool) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Pool {}

impl Pool {
    /// The process's pool of `threads` threads: built at the first call for that count, then
    /// the same pool for every kernel (it lives as long as the process).
    pub fn shared(threads: usize) -> Result<Pool, CodegenError> {
        static POOLS: Mutex<Option<HashMap<usize, Pool>>> = Mutex::new(None);
        let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
        let pools = pools.get_or_insert_with(HashMap::new);
        if let Some(p) = pools.get(&threads) {
            return Ok(p.clone());
        }
        let pool = Pool::new(threads)?;
        pools.insert(threads, pool.clone());
        Ok(pool)
    }

    /// A pool of `threads` threads of its own (named `optimist-K`).
    pub fn new(threads: usize) -> Result<Pool, CodegenError> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|k| format!("optimist-{k}"))
            .build()
            .map(|p| Pool(Arc::new(p)))
            .map_err(|e| CodegenError::Unexpected(format!("thread pool: {e}")))
    }

    /// An embedder's rayon pool.
    pub fn from_rayon(pool: Arc<rayon::ThreadPool>) -> Pool {
        Pool(pool)
    }

    /// Its number of threads.
    pub fn threads(&self) -> usize {
        self.0.current_num_threads()
    }

    /// The rayon pool.
    pub(crate) fn rayon(&self) -> &rayon::ThreadPool {
        &self.0
    }
}

thread_local! {
    /// The pool of the kernel call running on this thread ([`with_pool`]); null outside one.
    static POOL: Cell<*const rayon::ThreadPool> = const { Cell::new(std::ptr::null()) };
}

/// Runs `f` on this thread with `pool` as the pool its parallel loops fork into: the call
/// does not move to a thread of the pool (a kernel whose loops run in order, short loops
/// among them, pays no hand-over), and a loop that forks runs its chunks in the pool.
pub(crate) fn with_pool<R>(pool: Option<&rayon::ThreadPool>, f: impl FnOnce() -> R) -> R {
    /// Puts the previous pool back, also when `f` unwinds.
    struct Restore(*const rayon::ThreadPool);
    impl Drop for Restore {
        fn drop(&mut self) {
            POOL.with(|p| p.set(self.0));
        }
    }
    let now = pool.map_or(std::ptr::null(), |p| p as *const rayon::ThreadPool);
    let _restore = Restore(POOL.with(|p| p.replace(now)));
    f()
}

/// An outlined loop body: `(args, frame, first, count) -> status`.
pub(crate) type BodyFn = unsafe extern "C" fn(*mut u64, *const u64, i64, i64) -> i32;

/// The symbol the generated code calls.
pub(crate) const SYMBOL: &str = "optimist_parallel_for";

/// Chunks per thread: enough to balance triangular loops, few enough that each chunk is worth
/// a task.
const CHUNKS_PER_THREAD: i64 = 8;

/// Runs `count` iterations of `body` (the iterator's values `first`, `first + step`, ...): in
/// order on this thread when `work` (the loop's estimated statement instances) is below `min`
/// (`codegen::decide::Fork`), else in chunks on the pool of the kernel call ([`with_pool`],
/// or rayon's current pool outside one); the first non-zero status of a chunk, or 0.
///
/// # Safety
/// `body` must be an outlined body compiled for this argument block and frame layout, and both
/// blocks valid for the whole call (they are only read).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe extern "C" fn parallel_for(
    body: usize,
    args: usize,
    frame: usize,
    first: i64,
    step: i64,
    count: i64,
    work: i64,
    min: i64,
) -> i32 {
    if count <= 0 {
        return 0;
    }
    // SAFETY: the generated code passes the address of a function of this signature.
    let body = unsafe { std::mem::transmute::<usize, BodyFn>(body) };
    if work < min {
        // SAFETY: per the contract; all iterations, in order, on this thread.
        return unsafe { body(args as *mut u64, frame as *const u64, first, count) };
    }
    let pool = POOL.with(Cell::get);
    if pool.is_null() {
        // SAFETY: per the contract.
        return unsafe { chunks(body, args, frame, first, step, count) };
    }
    // SAFETY: a non-null pool is the one `with_pool` set for the call running on this thread,
    // which outlives this call.
    let pool = unsafe { &*pool };
    // SAFETY: per the contract.
    pool.install(|| unsafe { chunks(body, args, frame, first, step, count) })
}

/// [`parallel_for`]'s chunks on the current rayon pool.
///
/// # Safety
/// As [`parallel_for`].
unsafe fn chunks(
    body: BodyFn,
    args: usize,
    frame: usize,
    first: i64,
    step: i64,
    count: i64,
) -> i32 {
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

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// 1 on the thread that called `parallel_for` in the test, 0 elsewhere.
        static CALLER: Cell<u64> = const { Cell::new(0) };
    }

    /// Writes, for each iteration, whether it ran on the calling thread.
    unsafe extern "C" fn mark(args: *mut u64, _frame: *const u64, first: i64, count: i64) -> i32 {
        for i in first..first + count {
            // SAFETY: the test's block has an element per iteration.
            unsafe { *args.add(i as usize) = CALLER.with(Cell::get) };
        }
        0
    }

    #[test]
    fn little_work_runs_in_order_on_the_calling_thread_and_enough_forks_into_the_pool() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        CALLER.with(|c| c.set(1));
        let run = |work: i64| {
            let mut block = vec![7u64; 64];
            let body = mark as BodyFn as usize;
            let args = block.as_mut_ptr() as usize;
            // SAFETY: `mark` writes one element of the block per iteration, 64 of them.
            let status = with_pool(Some(&pool), || unsafe {
                parallel_for(body, args, 0, 0, 1, 64, work, 100)
            });
            assert_eq!(status, 0);
            block
        };
        // Below the least work: every iteration here.
        assert!(run(99).iter().all(|&m| m == 1));
        // At it: every iteration in the pool's threads.
        assert!(run(100).iter().all(|&m| m == 0));
        // The pool is the call's only: outside `with_pool`, none is set.
        assert!(POOL.with(Cell::get).is_null());
    }
}
