//! [`NativeOptions`]: how native code is generated from a plan. Its own module, below every
//! native lowering that reads it (the model lowering, the module of a kernel, the kernel).

use crate::parallel::Pool;

/// How native code is generated from a plan ([`crate::Kernel::compile_with`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeOptions {
    /// Threads for the loops the plan marks parallel: the kernel owns a pool of this many and
    /// runs the optimized code in it. `1` compiles those loops in order and owns no pool.
    /// Results do not depend on it. Default: the cores available.
    pub threads: usize,
    /// Run the loops the plan marks vector in 128-bit lanes (`f64x2`, `f32x4`) where their
    /// bodies allow, with a scalar loop for the remaining iterations. Results do not depend on
    /// it (no operation is reassociated). Default: on.
    pub vector: bool,
    /// Keep in registers the array elements an innermost loop reads and writes at one address
    /// (an accumulator such as `sum[p]` in `for s: sum[p] += ...`): loaded before the loop,
    /// stored after it (scalar replacement). Default: on.
    pub registers: bool,
    /// Compile the contracted program: every floating `x * y + z` computed as `fma(x, y, z)`,
    /// rounded once (`Function::contracted` says which; `-ffp-contract=fast` lets a C compiler
    /// do as much where it likes, this is one rule). The driver (`optimist::compile`,
    /// `compile_object`, `compile_c`: `optimist::program`) contracts the function before it
    /// optimizes it, so the faithful and the optimized code compute the same program, and the
    /// interpreter run on the contracted function is the reference, bit for bit; the results
    /// may differ from the written program's in the last bits. Products run in fused
    /// micro-kernels (`vfmadd231` in the wide emitter's, `fma` in Cranelift's) where the CPU
    /// has FMA; elsewhere `fma` is the C library's. A caller of [`crate::Kernel::compile_with`]
    /// passes the contracted function and its plan itself. Default: off.
    pub contract: bool,
    /// The pool the loops decided on threads run in. `None` (the default): the process's
    /// pool of `threads` threads ([`Pool::shared`]), built at its first use and shared by
    /// every kernel compiled for that count, so that a compiler with a hundred kernels has one
    /// pool. An embedder with a rayon pool of its own passes it ([`Pool::from_rayon`]).
    pub pool: Option<Pool>,
    /// Make a call that stops part way (an access outside a buffer without a declared size, a
    /// division by zero, a failing pure call) leave every buffer as it was: code that may stop
    /// after writing runs with the buffers the program writes copied first, and the copies
    /// are put back when it stops. The copy is made only on the faithful path (the run-time
    /// check failed, or there is no plan) and, for programs that may fail on their data
    /// (`Function::may_fail_on_data`), before the optimized code too. Off: no copy, and a call
    /// that stops leaves what the program wrote before the stop, as the interpreter does.
    /// Only [`crate::Kernel::run`] and [`crate::Kernel::call`]: the raw C entries never copy. Default: on.
    pub undo: bool,
    /// Run the vector loops whose statements are `+ - * /`, negation, `sqrt`, `fma` and `?:` over
    /// `double`, `float`, `long` or `int` elements contiguous along the loop (or read at one
    /// place, or scalars), and products' micro-kernels (in 32-byte vectors at either width), in
    /// vectors of this many bytes, in x86-64 code of the library's own emitter (32: AVX2, 64:
    /// AVX-512F), defined in the kernel's module and called by the Cranelift code, which runs
    /// the remaining iterations in its 128-bit lanes. `0`: Cranelift's 128-bit lanes only.
    /// The code is the same for a given value (set it to what the CPU that runs the code has:
    /// a CPU without those instructions faults). Results do not depend on it. Default: the
    /// widest this CPU has ([`NativeOptions::host_wide_bytes`]).
    pub wide_bytes: u32,
    /// The x86-64 CPU the code is for: which instructions Cranelift's code of a relocatable
    /// object ([`crate::object_code`]) may take, and whether fused multiply-adds run in one
    /// instruction ([`optimist_loopy::Target::fma`]). Set [`NativeOptions::wide_bytes`] with it
    /// ([`Cpu::wide_bytes`]). A JIT runs on this CPU and takes its instructions whatever this
    /// says. Default: [`Cpu::Host`].
    pub cpu: Cpu,
}

/// An x86-64 CPU ([`NativeOptions::cpu`]): this one, or one of the levels of the x86-64
/// psABI, whose instructions every CPU of the level has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cpu {
    /// The CPU this process runs on, every instruction it has (`cranelift_native`).
    #[default]
    Host,
    /// Any x86-64 CPU: SSE2, no more.
    X86_64,
    /// `x86-64-v3`: AVX2, FMA, BMI1, BMI2 and LZCNT besides the SSE extensions and POPCNT.
    X86_64V3,
    /// `x86-64-v4`: `x86-64-v3` and AVX-512 F, DQ and VL.
    X86_64V4,
}

impl Cpu {
    /// The widest vectors of the wide-loop emitter the CPU runs
    /// ([`NativeOptions::wide_bytes`]): 0, 32 or 64.
    pub fn wide_bytes(self) -> u32 {
        match self {
            Cpu::Host => crate::native::wide::host_bytes(),
            Cpu::X86_64 => 0,
            Cpu::X86_64V3 => 32,
            Cpu::X86_64V4 => 64,
        }
    }

    /// Whether the CPU computes `fma` in one instruction.
    pub fn fma(self) -> bool {
        match self {
            Cpu::Host => crate::native::wide::host_fma(),
            Cpu::X86_64 => false,
            Cpu::X86_64V3 | Cpu::X86_64V4 => true,
        }
    }

    /// The x86-64 psABI level (1 to 4), `None` for [`Cpu::Host`].
    pub(crate) fn level(self) -> Option<u8> {
        match self {
            Cpu::Host => None,
            Cpu::X86_64 => Some(1),
            Cpu::X86_64V3 => Some(3),
            Cpu::X86_64V4 => Some(4),
        }
    }
}

/// Every x86-64 setting of Cranelift 0.135 (`cranelift-codegen-meta`'s `isa/x86.rs`) with the
/// first psABI level that has it (5: none does): a level sets each on or off.
pub(crate) const X64_SETTINGS: [(&str, u8); 19] = [
    ("has_sse3", 2),
    ("has_ssse3", 2),
    ("has_cmpxchg16b", 2),
    ("has_sse41", 2),
    ("has_sse42", 2),
    ("has_popcnt", 2),
    ("has_avx", 3),
    ("has_avx2", 3),
    ("has_fma", 3),
    ("has_bmi1", 3),
    ("has_bmi2", 3),
    ("has_lzcnt", 3),
    ("has_avx512f", 4),
    ("has_avx512dq", 4),
    ("has_avx512vl", 4),
    ("has_avx_vnni", 5),
    ("has_avx512bitalg", 5),
    ("has_avx512vbmi", 5),
    ("has_avx512vnni", 5),
];

impl Default for NativeOptions {
    fn default() -> Self {
        NativeOptions {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            vector: true,
            registers: true,
            contract: false,
            pool: None,
            undo: true,
            wide_bytes: NativeOptions::host_wide_bytes(),
            cpu: Cpu::Host,
        }
    }
}

impl NativeOptions {
    /// The widest vectors the wide-loop emitter has that this CPU runs: 64 bytes with
    /// AVX-512F, 32 with AVX2, else 0 ([`NativeOptions::wide_bytes`]).
    pub fn host_wide_bytes() -> u32 {
        crate::native::wide::host_bytes()
    }

    /// The [`Target`](optimist_loopy::Target) these options compile for.
    pub fn target(&self) -> optimist_loopy::Target {
        let mut target = optimist_loopy::Target::native(self.threads, self.vector, self.registers);
        target.fma = self.cpu.fma();
        target.wide_bytes = if self.vector { self.wide_bytes } else { 0 };
        target.block = optimist_loopy::BlockShape::wide(target.wide_bytes);
        target
    }

    /// One thread, no vector lanes, every access in memory: every loop as the AST says.
    pub fn sequential() -> Self {
        NativeOptions {
            threads: 1,
            vector: false,
            registers: false,
            contract: false,
            pool: None,
            undo: true,
            wide_bytes: 0,
            cpu: Cpu::Host,
        }
    }
}
