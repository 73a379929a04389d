//! Threads for loops marked parallel: the run-time side.
//!
//! The model lowering outlines the body of a parallel loop into a function of its own module
//! (`BodyFn`: the argument block, a frame with the values of the enclosing code's iterators and
//! scalars, the first value of the loop's iterator and a number of iterations) and, where the
//! loop was, calls `parallel_for` with the loop's first value, step and trip count.
//! `parallel_for` shares the iterations among the threads of the pool the call runs with
//! ([`crate::Kernel`] gives it the pool of [`crate::NativeOptions::threads`]).
//!
//! A pool of the library's own is a *team* ([`Pool::new`]): `threads - 1` workers and the
//! thread that reaches the loop, which takes part. A fork publishes the loop in one word (an
//! epoch and a bit per block of iterations claimed), the caller runs its own blocks and then
//! any block no worker has claimed, and waits only for blocks a worker claimed. Workers spin a
//! while on the word before they sleep, as OpenMP's do, so that the forks of a time loop cost
//! about what OpenMP's cost (a rayon pool took about 12 µs per fork: the call handed over to a
//! sleeping worker and slept until it was done). A loop is cut into four contiguous blocks
//! per thread, dealt out in turn (thread `t` of `T` owns blocks `t`, `t + T`, ...): each
//! thread runs the same blocks at every fork, as OpenMP's static schedule with a chunk does,
//! so a time-stepped stencil finds its part of the arrays in its own caches, and a loop whose
//! iterations grow along it (a triangle's rows) gives each thread about as much work. With
//! one block per thread, a lower triangle's second half held three quarters of the work:
//! syrk's native code on two threads took 0.097-0.109 s, now 0.061 s; symm 0.57-0.59 s, now
//! 0.42 s; syr2k 0.48-0.50 s, now 0.38-0.39 s. A thread done with its own blocks takes any
//! block still unclaimed, so a late thread (the caller too) holds no one up. A second caller
//! that forks while the team is busy (another kernel call on another thread) runs its loop
//! in order.
//! An embedder's rayon pool ([`Pool::from_rayon`]) runs chunks as rayon tasks instead.
//!
//! Iterations of a parallel loop carry no dependence (Loopy's marks, checked against the
//! dependences), so every block computes exactly what it computes in order: results do not
//! depend on the number of threads or on which thread ran which block. A block that ends with
//! an error status stops the blocks not yet started; the first error reported is returned
//! (the buffers are then partly written, until the caller puts its copies back).

use crate::ast::CodegenError;
use rayon::prelude::*;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::atomic::{
    AtomicBool, AtomicI32, AtomicI64, AtomicU32, AtomicU64, AtomicUsize, Ordering,
};
use std::sync::{Arc, Condvar, Mutex};

/// A thread pool kernels share ([`crate::NativeOptions::pool`]).
#[derive(Clone, Debug)]
pub struct Pool(Arc<Threads>);

/// What a [`Pool`] holds.
#[derive(Debug)]
pub(crate) enum Threads {
    /// A team of the library's own.
    Team(Team),
    /// An embedder's rayon pool.
    Rayon(Arc<rayon::ThreadPool>),
}

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

    /// A pool of `threads` threads of its own: the caller of a kernel and `threads - 1`
    /// workers (named `optimist-K`), at most [`Pool::MAX_THREADS`]. Its workers end when the
    /// last clone of the pool is dropped.
    pub fn new(threads: usize) -> Result<Pool, CodegenError> {
        Team::new(threads.clamp(1, Pool::MAX_THREADS)).map(|t| Pool(Arc::new(Threads::Team(t))))
    }

    /// The most threads a pool of the library's own has (one bit of a word per block of a
    /// loop's iterations).
    pub const MAX_THREADS: usize = 32;

    /// An embedder's rayon pool: a loop's iterations run as rayon tasks in it (the call is
    /// moved into the pool when its loops fork inside other loops).
    pub fn from_rayon(pool: Arc<rayon::ThreadPool>) -> Pool {
        Pool(Arc::new(Threads::Rayon(pool)))
    }

    /// Its number of threads (a team's counts the caller).
    pub fn threads(&self) -> usize {
        match &*self.0 {
            Threads::Team(t) => t.threads as usize,
            Threads::Rayon(p) => p.current_num_threads(),
        }
    }

    /// What it holds.
    pub(crate) fn threads_of(&self) -> &Threads {
        &self.0
    }
}

/// Spins of a worker on the fork word before it sleeps (each a `pause`: a few dozen to a few
/// hundred cycles), so that the forks of a time loop find it awake.
const SPINS: u32 = 1 << 15;

/// The state the caller and the workers of a team share.
#[derive(Debug)]
struct Shared {
    /// The fork word: the epoch of the loop being shared (in the high 32 bits, never 0 for a
    /// loop) and a bit per block claimed.
    word: AtomicU64,
    /// The loop: `parallel_for`'s arguments, valid while its blocks are not all done.
    body: AtomicUsize,
    args: AtomicUsize,
    frame: AtomicUsize,
    first: AtomicI64,
    step: AtomicI64,
    count: AtomicI64,
    /// Blocks finished.
    done: AtomicU32,
    /// The first error status of a block, or 0.
    status: AtomicI32,
    /// Workers asleep (or about to be) on `wake`.
    sleepers: AtomicU32,
    /// Whether the caller sleeps (or is about to) on `finished`.
    caller_waits: AtomicBool,
    lock: Mutex<()>,
    wake: Condvar,
    finished: Condvar,
    /// Set when the pool is dropped: the workers end.
    stop: AtomicBool,
}

/// A team: [`blocks_of`] blocks per loop; thread `t` (the caller 0, worker `w` thread `w`)
/// owns blocks `t`, `t + threads`, `t + 2 * threads`, ...
#[derive(Debug)]
pub(crate) struct Team {
    shared: Arc<Shared>,
    threads: u32,
    blocks: u32,
    /// Whether a loop is being shared (one at a time).
    busy: AtomicBool,
}

/// Blocks per loop for a team of `threads`: four per thread (at most one per bit of the fork
/// word), dealt out in turn. A loop whose iterations grow or shrink along it (a triangle's
/// rows) then gives each thread about as much work (with one contiguous block each, a lower
/// triangle's second half holds three quarters of it); each thread still runs the same
/// blocks at every fork, so a time-stepped stencil finds its part of the arrays in its own
/// caches.
fn blocks_of(threads: u32) -> u32 {
    (threads * 4).min(32).max(threads)
}

fn epoch_of(word: u64) -> u32 {
    (word >> 32) as u32
}

impl Team {
    fn new(threads: usize) -> Result<Team, CodegenError> {
        let shared = Arc::new(Shared {
            word: AtomicU64::new(0),
            body: AtomicUsize::new(0),
            args: AtomicUsize::new(0),
            frame: AtomicUsize::new(0),
            first: AtomicI64::new(0),
            step: AtomicI64::new(0),
            count: AtomicI64::new(0),
            done: AtomicU32::new(0),
            status: AtomicI32::new(0),
            sleepers: AtomicU32::new(0),
            caller_waits: AtomicBool::new(false),
            lock: Mutex::new(()),
            wake: Condvar::new(),
            finished: Condvar::new(),
            stop: AtomicBool::new(false),
        });
        let team = Team {
            shared,
            threads: threads as u32,
            blocks: blocks_of(threads as u32),
            busy: AtomicBool::new(false),
        };
        for w in 1..team.threads {
            let shared = Arc::clone(&team.shared);
            let (threads, blocks) = (team.threads, team.blocks);
            // A worker that cannot start leaves the team one short: its blocks are the
            // others' to take, so the pool still works (with fewer threads), and `Drop` stops the rest.
            std::thread::Builder::new()
                .name(format!("optimist-{}", w - 1))
                .spawn(move || work(&shared, w, threads, blocks))
                .map_err(|e| CodegenError::Unexpected(format!("thread pool: {e}")))?;
        }
        Ok(team)
    }

    /// Runs `count` iterations of `body` shared among the team, or in order on this thread when
    /// another loop is being shared. The first non-zero status, or 0.
    ///
    /// # Safety
    /// As [`parallel_for`].
    unsafe fn fork(&self, l: Loop) -> i32 {
        if self.threads < 2
            || self
                .busy
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            // SAFETY: per the contract.
            return unsafe { l.run(0, l.count) };
        }
        let s = &*self.shared;
        s.body.store(l.body as usize, Ordering::Relaxed);
        s.args.store(l.args, Ordering::Relaxed);
        s.frame.store(l.frame, Ordering::Relaxed);
        s.first.store(l.first, Ordering::Relaxed);
        s.step.store(l.step, Ordering::Relaxed);
        s.count.store(l.count, Ordering::Relaxed);
        s.done.store(0, Ordering::Relaxed);
        s.status.store(0, Ordering::Relaxed);
        let epoch = match epoch_of(s.word.load(Ordering::Relaxed)).wrapping_add(1) {
            0 => 1,
            e => e,
        };
        // SeqCst with the sleepers' count: a worker going to sleep either sees this word or
        // is counted here.
        s.word.store(u64::from(epoch) << 32, Ordering::SeqCst);
        if s.sleepers.load(Ordering::SeqCst) > 0 {
            let _guard = s.lock.lock().unwrap_or_else(|e| e.into_inner());
            s.wake.notify_all();
        }
        run_blocks(s, epoch, 0, self.threads, self.blocks);
        // The blocks workers took: spin a while, then sleep until the last one is done (a
        // spinning thread takes a core's time from the workers where threads share cores).
        let mut spins = 0u32;
        while s.done.load(Ordering::Acquire) < self.blocks {
            if spins < SPINS {
                spins += 1;
                std::hint::spin_loop();
                continue;
            }
            let mut guard = s.lock.lock().unwrap_or_else(|e| e.into_inner());
            s.caller_waits.store(true, Ordering::SeqCst);
            while s.done.load(Ordering::SeqCst) < self.blocks {
                guard = s.finished.wait(guard).unwrap_or_else(|e| e.into_inner());
            }
            s.caller_waits.store(false, Ordering::SeqCst);
        }
        let status = s.status.load(Ordering::Relaxed);
        self.busy.store(false, Ordering::Release);
        status
    }
}

impl Drop for Team {
    fn drop(&mut self) {
        let s = &*self.shared;
        s.stop.store(true, Ordering::SeqCst);
        let _guard = s.lock.lock().unwrap_or_else(|e| e.into_inner());
        s.wake.notify_all();
    }
}

/// A worker's life: wait for a loop, run its blocks (its own first), again.
fn work(s: &Shared, own: u32, threads: u32, blocks: u32) {
    let mut seen = 0u32;
    loop {
        let mut epoch = None;
        for _ in 0..SPINS {
            let e = epoch_of(s.word.load(Ordering::Acquire));
            if e != seen {
                epoch = Some(e);
                break;
            }
            if s.stop.load(Ordering::Relaxed) {
                return;
            }
            std::hint::spin_loop();
        }
        let epoch = match epoch {
            Some(e) => e,
            None => {
                let mut guard = s.lock.lock().unwrap_or_else(|e| e.into_inner());
                s.sleepers.fetch_add(1, Ordering::SeqCst);
                let e = loop {
                    let e = epoch_of(s.word.load(Ordering::SeqCst));
                    if e != seen || s.stop.load(Ordering::SeqCst) {
                        break e;
                    }
                    guard = s.wake.wait(guard).unwrap_or_else(|e| e.into_inner());
                };
                s.sleepers.fetch_sub(1, Ordering::SeqCst);
                drop(guard);
                if s.stop.load(Ordering::SeqCst) {
                    return;
                }
                e
            }
        };
        seen = epoch;
        run_blocks(s, epoch, own, threads, blocks);
    }
}

/// Claims and runs the blocks of the loop of `epoch` still unclaimed: thread `own`'s first
/// (`own`, `own + threads`, ...), then the others in order; stops when the word moved to
/// another loop.
fn run_blocks(s: &Shared, epoch: u32, own: u32, threads: u32, blocks: u32) {
    let owned = (own..blocks).step_by(threads as usize);
    let others = (0..blocks).filter(|b| b % threads != own);
    for b in owned.chain(others) {
        let bit = 1u64 << b;
        let mut word = s.word.load(Ordering::Acquire);
        let claimed = loop {
            if epoch_of(word) != epoch {
                return;
            }
            if word & bit != 0 {
                break false;
            }
            match s.word.compare_exchange_weak(
                word,
                word | bit,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => break true,
                Err(w) => word = w,
            }
        };
        if !claimed {
            continue;
        }
        // The block is ours: the loop stays published until every block is done, so the
        // arguments read now are its own.
        if s.status.load(Ordering::Relaxed) == 0 {
            let count = s.count.load(Ordering::Relaxed);
            let lo = (i128::from(count) * i128::from(b) / i128::from(blocks)) as i64;
            let hi = (i128::from(count) * i128::from(b + 1) / i128::from(blocks)) as i64;
            if hi > lo {
                let l = Loop {
                    // SAFETY: `body` was stored from a `BodyFn` by the fork of this epoch.
                    body: unsafe {
                        std::mem::transmute::<usize, BodyFn>(s.body.load(Ordering::Relaxed))
                    },
                    args: s.args.load(Ordering::Relaxed),
                    frame: s.frame.load(Ordering::Relaxed),
                    first: s.first.load(Ordering::Relaxed),
                    step: s.step.load(Ordering::Relaxed),
                    count,
                };
                // SAFETY: `parallel_for`'s contract, which the fork's caller keeps until every
                // block is done; blocks run disjoint iterations of a loop whose iterations are
                // independent.
                let status = unsafe { l.run(lo, hi - lo) };
                if status != 0 {
                    let _ =
                        s.status
                            .compare_exchange(0, status, Ordering::Relaxed, Ordering::Relaxed);
                }
            }
        }
        // SeqCst with `caller_waits`: a caller going to sleep either sees this block done or
        // is seen waiting.
        if s.done.fetch_add(1, Ordering::SeqCst) + 1 == blocks
            && s.caller_waits.load(Ordering::SeqCst)
        {
            let _guard = s.lock.lock().unwrap_or_else(|e| e.into_inner());
            s.finished.notify_all();
        }
    }
}

thread_local! {
    /// The pool of the kernel call running on this thread ([`with_pool`]); null outside one.
    static POOL: Cell<*const Threads> = const { Cell::new(std::ptr::null()) };
}

/// Runs `f` on this thread with `pool` as the pool its parallel loops fork into: the call
/// does not move to another thread (a kernel whose loops run in order, short loops among
/// them, pays no hand-over), and a loop that forks shares its iterations in the pool.
pub(crate) fn with_pool<R>(pool: Option<&Threads>, f: impl FnOnce() -> R) -> R {
    /// Puts the previous pool back, also when `f` unwinds.
    struct Restore(*const Threads);
    impl Drop for Restore {
        fn drop(&mut self) {
            POOL.with(|p| p.set(self.0));
        }
    }
    let now = pool.map_or(std::ptr::null(), |p| p as *const Threads);
    let _restore = Restore(POOL.with(|p| p.replace(now)));
    f()
}

/// An outlined loop body: `(args, frame, first, count) -> status`.
pub(crate) type BodyFn = unsafe extern "C" fn(*mut u64, *const u64, i64, i64) -> i32;

/// The symbol the generated code calls.
pub(crate) const SYMBOL: &str = "optimist_parallel_for";

/// Chunks per thread: enough to balance triangular loops, few enough that each chunk is worth
/// a task (an object's libgomp run time, `crate::unit`, deals out as many).
pub(crate) const CHUNKS_PER_THREAD: i64 = 8;

/// Runs `count` iterations of `body` (the iterator's values `first`, `first + step`, ...): in
/// order on this thread when `work` (the loop's estimated statement instances) is below `min`
/// (`codegen::decide::Fork`), else shared among the pool of the kernel call ([`with_pool`]; in
/// chunks on rayon's current pool outside one); the first non-zero status, or 0.
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
    let l = Loop {
        // SAFETY: the generated code passes the address of a function of this signature.
        body: unsafe { std::mem::transmute::<usize, BodyFn>(body) },
        args,
        frame,
        first,
        step,
        count,
    };
    if work < min {
        // SAFETY: per the contract; all iterations, in order, on this thread.
        return unsafe { l.run(0, count) };
    }
    let pool = POOL.with(Cell::get);
    if pool.is_null() {
        // SAFETY: per the contract.
        return unsafe { chunks(l) };
    }
    // SAFETY: a non-null pool is the one `with_pool` set for the call running on this thread,
    // which outlives this call.
    match unsafe { &*pool } {
        // SAFETY: per the contract.
        Threads::Team(team) => unsafe { team.fork(l) },
        Threads::Rayon(pool) => pool.install(|| {
            // SAFETY: per the contract.
            unsafe { chunks(l) }
        }),
    }
}

/// A loop [`parallel_for`] shares: its outlined body, the blocks the body reads, and the
/// iterations.
#[derive(Clone, Copy)]
struct Loop {
    body: BodyFn,
    args: usize,
    frame: usize,
    first: i64,
    step: i64,
    count: i64,
}

impl Loop {
    /// Runs `n` of its iterations from the `start`-th; their status.
    ///
    /// # Safety
    /// As [`parallel_for`], and the iterations are no other thread's.
    unsafe fn run(&self, start: i64, n: i64) -> i32 {
        // SAFETY: per the contract.
        unsafe {
            (self.body)(
                self.args as *mut u64,
                self.frame as *const u64,
                self.first + start * self.step,
                n,
            )
        }
    }
}

/// [`parallel_for`]'s chunks on the current rayon pool (an embedder's, or rayon's global pool
/// for a call from outside a kernel call).
///
/// # Safety
/// As [`parallel_for`].
unsafe fn chunks(l: Loop) -> i32 {
    let count = l.count;
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
        let s = unsafe { l.run(start, n) };
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

    /// Adds, for each iteration, 1 + 2 * (whether it ran on the calling thread).
    unsafe extern "C" fn mark(args: *mut u64, _frame: *const u64, first: i64, count: i64) -> i32 {
        for i in first..first + count {
            // SAFETY: the test's block has an element per iteration, and each iteration runs
            // once (which the test checks).
            unsafe { *args.add(i as usize) += 1 + 2 * CALLER.with(Cell::get) };
        }
        0
    }

    /// Takes 20 ms at iteration 63 (the last block's), adding 1 to each iteration's element.
    unsafe extern "C" fn slow(args: *mut u64, _frame: *const u64, first: i64, count: i64) -> i32 {
        for i in first..first + count {
            if i == 63 {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            // SAFETY: the test's block has an element per iteration.
            unsafe { *args.add(i as usize) += 1 };
        }
        0
    }

    /// Fails (status 7) at iteration 40.
    unsafe extern "C" fn fail(_args: *mut u64, _frame: *const u64, first: i64, count: i64) -> i32 {
        if (first..first + count).contains(&40) {
            7
        } else {
            0
        }
    }

    fn run(pool: &Pool, n: usize, work: i64) -> Vec<u64> {
        let mut block = vec![0u64; n];
        let body = mark as BodyFn as usize;
        let args = block.as_mut_ptr() as usize;
        // SAFETY: `mark` adds to one element of the block per iteration, n of them.
        let status = with_pool(Some(pool.threads_of()), || unsafe {
            parallel_for(body, args, 0, 0, 1, n as i64, work, 100)
        });
        assert_eq!(status, 0);
        block
    }

    #[test]
    fn little_work_runs_in_order_on_the_calling_thread_and_enough_is_shared() {
        let pool = Pool::new(2).unwrap();
        assert_eq!(pool.threads(), 2);
        CALLER.with(|c| c.set(1));
        // Below the least work: every iteration here, once.
        assert!(run(&pool, 64, 99).iter().all(|&m| m == 3));
        // At it: every iteration once; the caller takes part, running its block (the first
        // half) itself unless the worker, done with its own, took it first (a caller that is
        // late, as under a loaded test run, must not hold the loop up).
        let mut own = 0;
        for _ in 0..1000 {
            let b = run(&pool, 64, 100);
            assert!(b.iter().all(|&m| m == 1 || m == 3), "{b:?}");
            own += usize::from(b[..32].iter().all(|&m| m == 3));
        }
        assert!(own > 0);
        // The pool is the call's only: outside `with_pool`, none is set.
        assert!(POOL.with(Cell::get).is_null());
        // A rayon pool of an embedder's: every iteration once.
        let rayon = Pool::from_rayon(Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(2)
                .build()
                .unwrap(),
        ));
        assert!(run(&rayon, 64, 100).iter().all(|&m| m == 1 || m == 3));
        CALLER.with(|c| c.set(0));
    }

    #[test]
    fn a_team_runs_every_iteration_once_for_any_count_and_from_several_callers() {
        let pool = Pool::new(3).unwrap();
        // Several threads forking into one team: a fork that finds it busy runs in order.
        std::thread::scope(|scope| {
            for t in 0..3 {
                let pool = &pool;
                scope.spawn(move || {
                    for n in 0..200 {
                        let n = (n * 7 + t) % 97;
                        let b = run(pool, n, 1000);
                        assert!(b.iter().all(|&m| m == 1), "{n}: {b:?}");
                    }
                });
            }
        });
        // A caller done long before a worker's block sleeps until it is done.
        for _ in 0..3 {
            let mut block = vec![0u64; 64];
            let (body, args) = (slow as BodyFn as usize, block.as_mut_ptr() as usize);
            // SAFETY: `slow` adds to one element of the block per iteration, 64 of them.
            let status = with_pool(Some(pool.threads_of()), || unsafe {
                parallel_for(body, args, 0, 0, 1, 64, 1000, 100)
            });
            assert_eq!(status, 0);
            assert!(block.iter().all(|&m| m == 1), "{block:?}");
        }
        // A block's error is the fork's status.
        let body = fail as BodyFn as usize;
        // SAFETY: `fail` touches nothing.
        let status = with_pool(Some(pool.threads_of()), || unsafe {
            parallel_for(body, 0, 0, 0, 1, 64, 1000, 100)
        });
        assert_eq!(status, 7);
        // The workers end with the pool (no hang, nothing left running that the test sees).
        drop(pool);
    }
}
