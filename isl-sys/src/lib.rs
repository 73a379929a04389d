//! isl 0.27, the integer set library, as optimist runs it.
//!
//! This crate compiles isl's C sources (in its `isl/` folder) into `libisl.a` and links it; it
//! declares no Rust API of isl beyond [`version`]: `optimist-presburger` declares the isl
//! functions it calls and wraps them safely. Depend on that crate, not on this one.
//!
//! Every build of this crate compiles the same isl, wherever it is built from (optimist's
//! workspace, a path or registry dependency, `cargo install`):
//!
//! - **isl's sources with four fixes**, each marked `optimist:` in the file: the scheduler's
//!   decomposition into strongly connected components wrote out of bounds when a validity
//!   edge's dependence was plainly empty (`isl_scheduler_scc.c`, a SIGSEGV on some programs
//!   with several loop nests), a parser stopped early leaked a token (`isl_stream.c`), and
//!   whether a constraint taken from a basic map was an equality depended on where malloc had
//!   put two allocations (`isl_constraint.c`: coalescing gave one of two forms, process to
//!   process), and under a budget a tableau past 1024 rows exhausts it (`isl_tab.c`: an
//!   integer lexmin adding a row per cut made each counted operation slower than the last, and
//!   a budget of 2 million operations minutes long). See the crate's README.
//! - **One configuration**: isl's own big integers with the small-integer optimisation (what
//!   isl's `configure --with-int=imath-32` chooses), `-O3` in every profile. Values that fit
//!   in 32 bits skip the big-integer code, which makes isl about twice as fast on the sets
//!   optimist builds.
//! - **A C compiler is the only tool needed** (gcc or clang, and `ar`): no autotools, no
//!   `configure`, no `make`. A missing compiler stops the build with the package to install.
//!
//! [`version`] tells which isl a program runs: `isl-0.27+optimist.4-IMath-32` here; a stock
//! build of isl says otherwise.

use std::ffi::{CStr, c_char};

unsafe extern "C" {
    fn isl_version() -> *const c_char;
}

/// The build of isl linked into this program, as isl reports it (`isl_version()` without its
/// final newline): `isl-0.27+optimist.4-IMath-32` for this crate's build, where `optimist.4`
/// counts the fixes applied and `IMath-32` is the small-integer configuration.
pub fn version() -> &'static str {
    // SAFETY: isl_version takes no argument and returns a pointer to a static, NUL-terminated
    // string literal.
    let text = unsafe { CStr::from_ptr(isl_version()) };
    text.to_str().unwrap_or("").trim_end()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_linked_isl_is_optimists_small_integer_build() {
        assert_eq!(super::version(), "isl-0.27+optimist.4-IMath-32");
    }
}
