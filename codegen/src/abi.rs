//! The calling convention of every compiled kernel, in one place.
//!
//! A kernel is `extern "C" fn(args: *mut u64) -> i32` ([`KernelFn`]). The argument block
//! ([`ArgBlock`]) holds, in parameter order, one slot per scalar (integers sign- or zero-extended
//! into the slot, floats as their bits) and three per array (base address, and the range
//! `[lo, hi)` of flat element indices the buffer allows, relative to the base; an alias may
//! reach back before its base), then three per local array, then one slot per pre-loaded
//! invariant value (written by the versioned entry, read by the model-based code).
//!
//! The returned `i32` is a [`Status`] encoded by [`Status::encode`]: the low byte is the kind,
//! bits 16 and up carry the array of a footprint error, and bit 8 says the versioned entry ran
//! the faithful code. Only this module knows the encoding; the lowerings emit it through
//! `Status::code` and `FALLBACK_FLAG`, and [`Status::decode`] reads it back.
//!
//! # Design notes
//!
//! - **ABI** (`abi.rs`). One calling convention for every kernel, in one module:
//!   `extern "C" fn(*mut u64) -> i32` over an `ArgBlock` (a slot per scalar; base, `lo`, `hi` per
//!   array, `[lo, hi)` being the flat indices its buffer allows, which is how aliases are passed;
//!   locals; pre-loaded values), returning a `Status` (`Ok`, `OutOfBounds`, `Division`,
//!   `Footprint { array }`) and whether the versioned entry ran the faithful code. Only `abi`
//!   knows how the status is packed into the `i32`. The C entries' error hook
//!   (`ERROR_HOOK`) and the JIT's recorder of it are part of the convention too, here, below
//!   both the lowerings and the C entries.

use optimist_scop::Type;
use optimist_scop::ir::{ArrayKind, Function, Param};
use std::cell::Cell;

/// The hook the C entry calls on an error: `void optimist_error(int status)`.
pub const ERROR_HOOK: &str = "optimist_error";

thread_local! {
    /// The last error status the JIT's C entries reported on this thread (0 when none).
    static LAST_ERROR: Cell<i32> = const { Cell::new(0) };
}

/// The hook the JIT binds [`ERROR_HOOK`] to: records the status for [`take_entry_error`].
pub(crate) extern "C" fn record_error(status: i32) {
    let _ = LAST_ERROR.try_with(|e| e.set(status));
}

/// The error the last call of a JIT kernel's C entry ([`crate::Kernel::entry`]) on this
/// thread reported, if any, cleared by reading it.
pub fn take_entry_error() -> Option<Status> {
    let code = LAST_ERROR.try_with(|e| e.replace(0)).unwrap_or(0);
    (code != 0).then(|| Status::decode(code).0)
}

/// The signature of every compiled kernel.
pub type KernelFn = unsafe extern "C" fn(*mut u64) -> i32;

/// How a run of native code ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It ran to completion.
    Ok,
    /// An access left the buffer behind its array (the code that stopped may have written
    /// before; [`crate::Kernel`] and the C entries put the buffers back).
    OutOfBounds,
    /// An integer division by zero or an overflowing `MIN / -1`.
    Division,
    /// The model-based code would touch elements of this array (the program's index) outside
    /// its buffer: found by the versioned entry before anything was written.
    Footprint {
        /// The array's index in the program.
        array: u32,
    },
    /// A versioned entry compiled without the faithful code found its check false and ran
    /// nothing: the caller runs the faithful code itself (after allocating what only that code
    /// needs).
    CheckFailed,
    /// A pure function failed (its implementation returned an error or panicked): the one at
    /// this index of [`Function::pure_fns`]`(false)`.
    Call {
        /// The function's index.
        index: u32,
    },
    /// A C entry ([`crate::Kernel::entry`], object code) could not allocate a local array of
    /// the program.
    NoMemory,
    /// A code this crate does not produce (a bug).
    Unknown(i32),
}

/// Set in the returned code when the versioned entry's check failed and the faithful code ran.
pub(crate) const FALLBACK_FLAG: i32 = 0x100;

impl Status {
    /// The kind of a status as the code's low byte (a footprint's array goes in bits 16 and
    /// up, see [`Status::encode`]).
    pub(crate) fn code(self) -> i32 {
        match self {
            Status::Ok => 0,
            Status::OutOfBounds => 1,
            Status::Division => 2,
            Status::Footprint { .. } => 3,
            Status::CheckFailed => 4,
            Status::Call { .. } => 5,
            Status::NoMemory => 6,
            Status::Unknown(c) => c,
        }
    }

    /// The returned code of this status.
    pub fn encode(self, fallback: bool) -> i32 {
        let array = match self {
            Status::Footprint { array } => (array as i32) << 16,
            Status::Call { index } => (index as i32) << 16,
            _ => 0,
        };
        self.code() | array | if fallback { FALLBACK_FLAG } else { 0 }
    }

    /// The status in a returned code, and whether the faithful code ran in a versioned entry.
    pub fn decode(code: i32) -> (Status, bool) {
        let fallback = code & FALLBACK_FLAG != 0;
        let rest = code & !FALLBACK_FLAG;
        let status = match rest & 0xff {
            0 if rest == 0 => Status::Ok,
            1 if rest == 1 => Status::OutOfBounds,
            2 if rest == 2 => Status::Division,
            3 => Status::Footprint {
                array: (rest >> 16) as u32,
            },
            4 if rest == 4 => Status::CheckFailed,
            5 => Status::Call {
                index: (rest >> 16) as u32,
            },
            6 if rest == 6 => Status::NoMemory,
            _ => Status::Unknown(code),
        };
        (status, fallback)
    }
}

/// The argument block of one call, built in the order the module documentation gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgBlock {
    slots: Vec<u64>,
}

impl ArgBlock {
    /// An empty block with room for `f`'s slots.
    pub fn for_function(f: &Function) -> ArgBlock {
        ArgBlock {
            slots: Vec::with_capacity(slot_count(f)),
        }
    }

    /// Appends an integer scalar (two's complement in 64 bits).
    pub fn push_int(&mut self, v: i64) {
        self.slots.push(v as u64);
    }

    /// Appends raw bits (a float scalar).
    pub fn push_bits(&mut self, bits: u64) {
        self.slots.push(bits);
    }

    /// Appends an array: its base address and the flat element range `[lo, hi)` it allows.
    pub fn push_array(&mut self, base: *mut u8, lo: i64, hi: i64) {
        self.slots.extend([base as u64, lo as u64, hi as u64]);
    }

    /// Appends `n` zeroed slots for pre-loaded values.
    pub fn reserve_preloads(&mut self, n: usize) {
        self.slots.resize(self.slots.len() + n, 0);
    }

    /// The number of slots filled.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Keeps the first `len` slots (the memory stays for the next call).
    pub fn truncate(&mut self, len: usize) {
        self.slots.truncate(len);
    }

    /// The slots.
    pub fn as_mut_slice(&mut self) -> &mut [u64] {
        &mut self.slots
    }
}

/// The number of argument-block slots of `f`'s parameters and locals (pre-loaded values come
/// after them).
pub fn slot_count(f: &Function) -> usize {
    let params: usize = f
        .params
        .iter()
        .map(|p| if matches!(p, Param::Array(_)) { 3 } else { 1 })
        .sum();
    params
        + 3 * f
            .arrays
            .iter()
            .filter(|a| a.kind == ArrayKind::Local)
            .count()
}

/// A C type of an argument or result of a kernel's C entry, as a Rust type names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CType {
    /// A scalar of this type.
    Scalar(Type),
    /// A pointer to elements of this type (`*mut T` or `*const T`).
    Pointer(Type),
}

/// A C entry's parameters (name and C type) and result.
pub(crate) struct CTypes {
    pub(crate) params: Vec<(String, CType)>,
    pub(crate) result: Option<CType>,
}

impl CTypes {
    /// The C signature of `f`'s entry: scalars by value, arrays as pointers to their elements.
    pub(crate) fn of(f: &Function) -> CTypes {
        CTypes {
            params: f
                .params
                .iter()
                .map(|p| match *p {
                    Param::Scalar(v) => (f.var(v).name.clone(), CType::Scalar(f.var(v).ty)),
                    Param::Array(a) => (f.array(a).name.clone(), CType::Pointer(f.array(a).elem)),
                })
                .collect(),
            result: f.ret.map(|r| CType::Scalar(f.array(r).elem)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip() {
        for s in [
            Status::Ok,
            Status::OutOfBounds,
            Status::Division,
            Status::Footprint { array: 0 },
            Status::Footprint { array: 7 },
            Status::Call { index: 0 },
            Status::Call { index: 3 },
            Status::NoMemory,
        ] {
            for fallback in [false, true] {
                assert_eq!(Status::decode(s.encode(fallback)), (s, fallback));
            }
        }
        assert_eq!(Status::decode(0x42).0, Status::Unknown(0x42));
    }
}
