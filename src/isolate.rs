//! Optimizing in a child process first ([`Config::isolate`](crate::Config::isolate)).
//!
//! isl is C. Its crashes found so far are fixed (the README of `optimist-isl-sys`), and every stage
//! maps isl's reported errors to a [`Why`](crate::Why); but a crash inside C code cannot be
//! ruled out for every input, and a compiler that embeds optimist must not die with it. With
//! `Config::isolate`, [`optimize`](crate::optimize) first runs the whole pipeline in a child
//! made by `fork()` and only looks at how the child ended: if it died by a signal (a
//! segmentation fault, an abort inside isl) or panicked, the outcome is
//! [`Why::Crashed`](crate::Why::Crashed) and only the faithful code is compiled; if it ended
//! normally, the pipeline runs again in the caller's process. The pipeline is deterministic
//! (operation budgets count work), so the second run takes the path the first took, at twice
//! the compile time. The one exception is [`Config::deadline`](crate::Config::deadline),
//! which measures wall time (off by default): leave it off with isolation so that both runs
//! stop at the same place.
//!
//! The child only computes and exits with `_exit` (no destructors, no buffered output of the
//! parent written twice); it needs nothing from other threads of the caller but the allocator,
//! which glibc keeps usable across `fork()`.

/// How the child that ran `run` ended: `None` when `run` returned, otherwise what went wrong
/// (`killed by signal 11 (SIGSEGV)`, `panicked`). `Err` when no child could be made or waited
/// for.
pub(crate) fn probe(run: impl FnOnce()) -> std::io::Result<Option<String>> {
    // SAFETY: the child runs `run` and `_exit`s; it never returns into the caller's frames.
    // fork() in a program with other threads gives the child one thread: `run` (the
    // pipeline) uses no lock another thread could hold but the allocator's, which glibc resets
    // in the child.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(std::io::Error::last_os_error());
    }
    if pid == 0 {
        // A panic must not unwind into the caller's frames in the child.
        let code = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
            Ok(()) => 0,
            Err(_) => PANICKED,
        };
        // SAFETY: ends the child at once, without unwinding or running exit handlers.
        unsafe { libc::_exit(code) };
    }
    let mut status = 0;
    loop {
        // SAFETY: waits for the child made above; `status` is a valid place to write.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    Ok(if libc::WIFSIGNALED(status) {
        let signal = libc::WTERMSIG(status);
        let name = match signal {
            libc::SIGSEGV => " (SIGSEGV)",
            libc::SIGABRT => " (SIGABRT)",
            libc::SIGBUS => " (SIGBUS)",
            libc::SIGFPE => " (SIGFPE)",
            libc::SIGILL => " (SIGILL)",
            _ => "",
        };
        Some(format!("killed by signal {signal}{name}"))
    } else if libc::WEXITSTATUS(status) == PANICKED {
        Some("panicked".into())
    } else {
        None
    })
}

/// The child's exit code when `run` panicked.
const PANICKED: i32 = 101;

#[cfg(test)]
mod tests {
    use super::probe;

    #[test]
    fn a_child_that_exits_is_not_a_crash() {
        assert_eq!(probe(|| {}).unwrap(), None);
    }

    #[test]
    fn a_child_killed_by_a_signal_is_reported_with_it() {
        // A write to an unmapped address, as a crash inside isl would do it (`raise` would not
        // do: Rust's own SIGSEGV handler lets a raised signal pass).
        let signal = probe(|| {
            // SAFETY: it is not: the child faults here on purpose, and only the child.
            unsafe { std::ptr::without_provenance_mut::<u8>(16).write_volatile(1) };
        })
        .unwrap();
        assert_eq!(signal.as_deref(), Some("killed by signal 11 (SIGSEGV)"));
        // SAFETY: `abort` only ends the child.
        let signal = probe(|| unsafe { libc::abort() }).unwrap();
        assert_eq!(signal.as_deref(), Some("killed by signal 6 (SIGABRT)"));
    }

    #[test]
    fn a_child_that_panics_is_reported_and_does_not_go_on() {
        let how = probe(|| panic!("in the child")).unwrap();
        assert_eq!(how.as_deref(), Some("panicked"));
    }
}
