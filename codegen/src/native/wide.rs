//! Wide vector loops: x86-64 machine code for a loop in 256-bit (AVX2) or 512-bit (AVX-512F)
//! lanes, which Cranelift 0.135 cannot emit (its x86-64 back end stops at 128 bits), assembled
//! with `iced-x86` and defined in the kernel's own module (`Module::define_function_bytes`,
//! no relocation), where the Cranelift code around it calls it.
//!
//! A [`WideLoop`] is the vector part of a loop decided to run in lanes
//! ([`crate::decide::OwnLanes::wide`]): statements storing `double`, `float`, `long` or `int`
//! ([`Lane`]) at an element contiguous along the loop, computed by `+ - * /`, negation, `sqrt`
//! and `fma` (floating lanes; integers wrap in `+ -`, and `int` in `*`) and `x cmp y ? a : b`
//! (both arms computed in every lane, [`WideCmp`]; a maximum or a minimum as `maxpd`,
//! `vpmaxsd`) from elements contiguous along it, elements read at one address (broadcast,
//! read again every iteration: the loop may write them before), scalars computed before the
//! loop, and the values of arrays
//! kept in registers within an iteration (a convolution's output across its 9 or 25 products:
//! stored once, at the end of the iteration). Its function is
//!
//! ```text
//! void wide(u64 *table, i64 count)     (Cranelift's `preserve_all` convention)
//! ```
//!
//! with `table` holding one entry per slot ([`WideExpr`]: the address of lane 0's element for
//! an access, a scalar's bits for a scalar, `-0.0` for negation's sign mask, and the slot it
//! writes its result to) and `count` the iterations left; it runs the whole vectors among them
//! (`count` rounded down to a multiple of the lanes, none when it is not positive), each
//! iteration storing every statement's vector in order, in `zmm` the rest under a mask, and
//! writes the iterations it ran to [`WideLoop::result`]. The caller runs what is left (the
//! Cranelift lanes, then scalar code). The operations are the scalar code's, lane by lane
//! (IEEE `+ - * /`, `sqrt` and `fma` round the same in every lane; a multiply and an add are
//! fused only where the program says `fma`; integers wrap), so the results are the
//! interpreter's bits.
//!
//! The call preserves every register the caller's code may hold a value in: with the C
//! convention, Cranelift spilled every value live across the call in the whole function, and
//! a loop nest after one with a wide loop ran 2.5 times slower (gemver's matrix-vector
//! products).
//!
//! Registers: `rdi` the table, `rsi` the count, `rax` the iteration, `rdx` the end of the whole
//! vectors, up to ten general registers the addresses (`rcx` loads the others where used);
//! vector registers are allocated as a stack over the expression tree ([`WideExpr::registers`])
//! from the bottom, and from the top the sign mask, the kept values and as many of the scalars
//! as fit (broadcast once, before the loop). In `zmm`, the stack takes `zmm31` down, registers
//! Cranelift's code does not use.
//!
//! The caller (`native/model/vector.rs`) runs iterations one by one until the first
//! statement's store is aligned to the vector before it calls the code, and a loop jammed into
//! the wide one has its copies run in turn in each wide iteration. In `zmm` the iterations
//! left after the whole vectors, fewer than the lanes, run in one more iteration whose loads and
//! stores take only their lanes (mask `k2`: masked loads do not fault, the other lanes compute
//! on zeros and are not stored), and the function reports every iteration run; in `ymm` the
//! caller runs them. The products' micro-kernels are [`WideKernel`]'s. Left for later:
//! conversions between lane types, and loops the code aligns itself.

use crate::ast::CodegenError;
use crate::decide::wide_fits;
use iced_x86::code_asm::*;

/// The width of a wide loop's vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Width {
    /// 256 bits (`ymm`, AVX).
    Ymm,
    /// 512 bits (`zmm`, AVX-512F).
    Zmm,
}

impl Width {
    /// The width of vectors of `bytes` (32 or 64).
    pub(crate) fn of_bytes(bytes: i64) -> Option<Width> {
        match bytes {
            32 => Some(Width::Ymm),
            64 => Some(Width::Zmm),
            _ => None,
        }
    }

    /// Vector registers (16 `ymm`, 32 `zmm`).
    pub(crate) fn registers(self) -> usize {
        match self {
            Width::Ymm => 16,
            Width::Zmm => 32,
        }
    }

    fn bytes(self) -> i64 {
        match self {
            Width::Ymm => 32,
            Width::Zmm => 64,
        }
    }
}

/// The type of a wide loop's lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Lane {
    F64,
    F32,
    /// `long`: wrapping `+ -` (no `*`: `vpmullq` is AVX-512DQ's).
    I64,
    /// `int`: wrapping `+ - *`.
    I32,
}

impl Lane {
    /// The lanes of `elem`, when the emitter has them.
    pub(crate) fn of(elem: optimist_scop::Type) -> Option<Lane> {
        use optimist_scop::Type;
        match elem {
            Type::F64 => Some(Lane::F64),
            Type::F32 => Some(Lane::F32),
            Type::I64 => Some(Lane::I64),
            Type::I32 => Some(Lane::I32),
            _ => None,
        }
    }

    fn size(self) -> i64 {
        match self {
            Lane::F64 | Lane::I64 => 8,
            Lane::F32 | Lane::I32 => 4,
        }
    }

    fn float(self) -> bool {
        matches!(self, Lane::F64 | Lane::F32)
    }
}

/// A comparison of two vectors, lane by lane, as C compares (a floating comparison with a NaN
/// is false, but for `!=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WideCmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// An operation of two vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WideBin {
    Add,
    Sub,
    Mul,
    Div,
    /// `x > y ? x : y` (`maxpd`'s own rule: `y` where either is a NaN, and for `0` against
    /// `-0`).
    Max,
    /// `x < y ? x : y` (`minpd`'s).
    Min,
}

/// A value of a wide loop, per lane.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum WideExpr {
    /// Consecutive elements, lane 0's at the address in slot `.0`.
    Load(usize),
    /// The element at the address in slot `.0`, in every lane (read every iteration).
    Broadcast(usize),
    /// The scalar in slot `.0`, in every lane.
    Scalar(usize),
    /// The value kept `.0` ([`WideStmt::keep`]): what a statement of this iteration stored to
    /// an element later statements read again.
    Kept(usize),
    /// The negation (sign flipped, as `fneg`).
    Neg(Box<WideExpr>),
    /// The square root.
    Sqrt(Box<WideExpr>),
    /// Two values combined.
    Bin(WideBin, Box<WideExpr>, Box<WideExpr>),
    /// `x cmp y ? a : b`, lane by lane (both arms computed in every lane).
    Select(WideCmp, Box<[WideExpr; 4]>),
    /// `[x, y, z]`: `x * y + z` rounded once (`vfmadd231`), a contracted program's `fma`.
    Fma(Box<[WideExpr; 3]>),
}

impl WideExpr {
    /// The vector registers its evaluation takes: its value's, and for an operation of two
    /// values the other operand's while the first is held.
    pub(crate) fn registers(&self) -> usize {
        match self {
            WideExpr::Load(_)
            | WideExpr::Broadcast(_)
            | WideExpr::Scalar(_)
            | WideExpr::Kept(_) => 1,
            WideExpr::Neg(x) | WideExpr::Sqrt(x) => x.registers(),
            WideExpr::Bin(_, x, y) => x.registers().max(1 + y.registers()),
            // The arms first (`a` in its register, `b` above), then the operands of the
            // comparison above them.
            WideExpr::Select(_, e) => {
                let [x, y, a, b] = &**e;
                a.registers()
                    .max(1 + b.registers())
                    .max(2 + x.registers())
                    .max(3 + y.registers())
            }
            // The addend first (the sum's register), then the factors above it.
            WideExpr::Fma(e) => {
                let [x, y, z] = &**e;
                z.registers().max(1 + x.registers()).max(2 + y.registers())
            }
        }
    }

    fn negates(&self) -> bool {
        match self {
            WideExpr::Neg(_) => true,
            WideExpr::Sqrt(x) => x.negates(),
            WideExpr::Bin(_, x, y) => x.negates() || y.negates(),
            WideExpr::Select(_, e) => e.iter().any(WideExpr::negates),
            WideExpr::Fma(e) => e.iter().any(WideExpr::negates),
            _ => false,
        }
    }

    /// Visits the slots it reads: `(slot, as a scalar)`.
    fn slots(&self, f: &mut impl FnMut(usize, bool)) {
        match self {
            WideExpr::Load(k) | WideExpr::Broadcast(k) => f(*k, false),
            WideExpr::Scalar(k) => f(*k, true),
            WideExpr::Kept(_) => {}
            WideExpr::Neg(x) | WideExpr::Sqrt(x) => x.slots(f),
            WideExpr::Bin(_, x, y) => {
                x.slots(f);
                y.slots(f);
            }
            WideExpr::Select(_, e) => {
                for x in e.iter() {
                    x.slots(f);
                }
            }
            WideExpr::Fma(e) => {
                for x in e.iter() {
                    x.slots(f);
                }
            }
        }
    }
}

/// One statement of a wide loop: `value` stored at consecutive elements from the address in
/// slot `store`, or, with `keep`, held as that kept value and stored once, at the end of the
/// iteration (the last value kept there).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct WideStmt {
    pub store: usize,
    pub keep: Option<usize>,
    pub value: WideExpr,
}

/// The vector part of a loop in wide lanes (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct WideLoop {
    pub lane: Lane,
    pub width: Width,
    pub stmts: Vec<WideStmt>,
    /// The slot of `-0.0` (the sign mask), when a statement negates.
    pub sign: Option<usize>,
    /// The slot the function writes the iterations it ran to.
    pub result: usize,
}

/// The general registers that hold an address for the whole loop (each saved and restored);
/// past them an address is read from the table where it is used.
const ADDRESS_REGISTERS: [AsmRegister64; 10] = [rsi, r8, r9, r10, r11, rbx, r12, r13, r14, r15];

impl WideLoop {
    /// The lanes of a vector.
    pub(crate) fn lanes(&self) -> i64 {
        self.width.bytes() / self.lane.size()
    }

    /// Whether a statement negates (it then needs the sign mask's slot).
    pub(crate) fn negates(&self) -> bool {
        self.stmts.iter().any(|s| s.value.negates())
    }

    /// The values kept in registers across the iteration.
    fn kept(&self) -> usize {
        self.stmts
            .iter()
            .filter_map(|s| s.keep)
            .max()
            .map_or(0, |k| k + 1)
    }

    /// The registers the statements' evaluation takes at most.
    fn stack(&self) -> usize {
        self.stmts
            .iter()
            .map(|s| s.value.registers())
            .max()
            .unwrap_or(0)
    }

    /// Whether its statements fit in the vector registers, with one for the sign mask and one
    /// per kept value ([`wide_fits`]).
    pub(crate) fn fits(&self) -> bool {
        wide_fits(self.stack(), self.kept(), self.width.registers())
    }

    /// The machine code of its function, its loop's head on a [`LOOP_ALIGN`] boundary.
    pub(crate) fn assemble(&self) -> Result<Vec<u8>, CodegenError> {
        aligned("wide loop", |pad| self.code(pad))
    }

    /// Its function with `pad` bytes of no-ops before the loop's head, and that head.
    fn code(&self, pad: usize) -> Result<(CodeAssembler, CodeLabel), CodegenError> {
        let bad = |e: IcedError| CodegenError::Unexpected(format!("wide loop: {e}"));
        if !self.fits() || (self.negates() && self.sign.is_none()) {
            return Err(CodegenError::Unexpected(
                "wide loop: more values than vector registers".into(),
            ));
        }
        // Registers, from the top: the sign mask, the kept values, then as many of the
        // scalars as the statements leave free (broadcast once, before the loop); the
        // statements evaluate from register 0 up.
        let total = self.width.registers();
        let mask = self.negates().then_some(total - 1);
        let kept_base = total - 1 - self.kept();
        let mut free = kept_base.saturating_sub(self.stack());
        let mut scalars: Vec<(usize, usize)> = Vec::new();
        let mut addresses: Vec<(usize, AsmRegister64)> = Vec::new();
        let mut next_scalar = kept_base;
        let mut note = |k: usize, scalar: bool| {
            if scalar {
                if free > 0 && !scalars.iter().any(|&(s, _)| s == k) {
                    free -= 1;
                    next_scalar -= 1;
                    scalars.push((k, next_scalar));
                }
            } else if addresses.len() < ADDRESS_REGISTERS.len()
                && !addresses.iter().any(|&(s, _)| s == k)
            {
                addresses.push((k, ADDRESS_REGISTERS[addresses.len()]));
            }
        };
        for s in &self.stmts {
            s.value.slots(&mut note);
            note(s.store, false);
        }
        // The call preserves every register (Cranelift's `preserve_all`: the caller's values
        // stay in registers across it, where a C call would have them spilled around it in
        // the whole function): the general registers it writes are pushed, and the low 128
        // bits of the vector registers 0-15 it writes (all the caller's code uses) stored.
        let mut saved: Vec<AsmRegister64> = vec![rax, rcx, rdx, rsi];
        saved.extend(addresses.iter().map(|&(_, r)| r).filter(|r| *r != rsi));
        let mut used: Vec<usize> = (0..self.stack()).collect();
        used.extend(mask);
        used.extend(kept_base..kept_base + self.kept());
        used.extend(scalars.iter().map(|&(_, r)| r));
        let mut xmms: Vec<usize> = used
            .into_iter()
            .map(|k| match self.width {
                Width::Ymm => k,
                Width::Zmm => 31 - k,
            })
            .filter(|&p| p < 16)
            .collect();
        xmms.sort_unstable();
        xmms.dedup();
        let mut a = CodeAssembler::new(64).map_err(bad)?;
        let lanes = self.lanes();
        let mut top = a.create_label();
        let mut done = a.create_label();
        for &r in &saved {
            a.push(r).map_err(bad)?;
        }
        let spill = i32::try_from(16 * xmms.len()).map_err(|_| bad_lanes())?;
        if spill > 0 {
            a.sub(rsp, spill).map_err(bad)?;
            for (j, &p) in xmms.iter().enumerate() {
                a.vmovdqu(xmmword_ptr(rsp + 16 * j as i32), XMM[p])
                    .map_err(bad)?;
            }
        }
        let mut tail = a.create_label();
        // The count, kept in the result's slot until the end.
        a.mov(qword_ptr(slot_ptr(self.result)?), rsi).map_err(bad)?;
        a.xor(eax, eax).map_err(bad)?;
        a.mov(rdx, rsi).map_err(bad)?;
        a.and(rdx, i32::try_from(-lanes).map_err(|_| bad_lanes())?)
            .map_err(bad)?;
        a.test(rsi, rsi).map_err(bad)?;
        a.jle(done).map_err(bad)?;
        for &(k, r) in &addresses {
            a.mov(r, qword_ptr(slot_ptr(k)?)).map_err(bad)?;
        }
        let mut e = Emit {
            a: &mut a,
            w: self.width,
            lane: self.lane,
            mask,
            kept_base,
            scalars: &scalars,
            addresses: &addresses,
            tail: false,
        };
        if let (Some(m), Some(slot)) = (mask, self.sign) {
            e.broadcast(m, slot_ptr(slot)?)?;
        }
        for &(k, r) in &scalars {
            e.broadcast(r, slot_ptr(k)?)?;
        }
        let masks = self.width == Width::Zmm;
        e.a.test(rdx, rdx).map_err(bad)?;
        e.a.jle(if masks { tail } else { done }).map_err(bad)?;
        no_ops(e.a, pad)?;
        e.a.set_label(&mut top).map_err(bad)?;
        e.iteration(&self.stmts)?;
        e.a.add(rax, i32::try_from(lanes).map_err(|_| bad_lanes())?)
            .map_err(bad)?;
        e.a.cmp(rax, rdx).map_err(bad)?;
        e.a.jl(top).map_err(bad)?;
        if masks {
            e.a.set_label(&mut tail).map_err(bad)?;
            // The iterations left, fewer than the lanes, in one iteration whose loads and
            // stores take only the lanes below them (`k2`; masked loads do not fault).
            e.a.mov(rcx, qword_ptr(slot_ptr(self.result)?))
                .map_err(bad)?;
            e.a.sub(rcx, rax).map_err(bad)?;
            e.a.jle(done).map_err(bad)?;
            e.a.mov(edx, 1).map_err(bad)?;
            e.a.shl(edx, cl).map_err(bad)?;
            e.a.dec(edx).map_err(bad)?;
            e.a.kmovw(k2, edx).map_err(bad)?;
            e.tail = true;
            e.iteration(&self.stmts)?;
            e.a.mov(rax, qword_ptr(slot_ptr(self.result)?))
                .map_err(bad)?;
        }
        a.set_label(&mut done).map_err(bad)?;
        a.mov(qword_ptr(slot_ptr(self.result)?), rax).map_err(bad)?;
        a.vzeroupper().map_err(bad)?;
        if spill > 0 {
            for (j, &p) in xmms.iter().enumerate() {
                a.vmovdqu(XMM[p], xmmword_ptr(rsp + 16 * j as i32))
                    .map_err(bad)?;
            }
            a.add(rsp, spill).map_err(bad)?;
        }
        for &r in saved.iter().rev() {
            a.pop(r).map_err(bad)?;
        }
        a.ret().map_err(bad)?;
        Ok((a, top))
    }
}

/// The alignment of the loops' heads in the emitted functions (which start on 64 bytes): a
/// loop's first instructions come in one 32-byte fetch, and its place in the cache lines does
/// not depend on what was emitted before it.
pub(crate) const LOOP_ALIGN: u64 = 32;

/// The machine code of `code(pad)` for the smallest `pad` that puts its loop's head on a
/// [`LOOP_ALIGN`] boundary. The head's offset depends on the branches before it (short or
/// near by their distance), which the padding moves, so this assembles until the head lands
/// (branches only grow, so a few times); a head that never lands is left where it is.
fn aligned(
    what: &str,
    mut code: impl FnMut(usize) -> Result<(CodeAssembler, CodeLabel), CodegenError>,
) -> Result<Vec<u8>, CodegenError> {
    let bad = |e: IcedError| CodegenError::Unexpected(format!("{what}: {e}"));
    let mut pad = 0;
    let mut last = Vec::new();
    for _ in 0..4 {
        let (mut a, top) = code(pad)?;
        let r = a
            .assemble_options(
                0,
                iced_x86::BlockEncoderOptions::RETURN_NEW_INSTRUCTION_OFFSETS,
            )
            .map_err(bad)?;
        let off = r.label_ip(&top).map_err(bad)? % LOOP_ALIGN;
        last = r.inner.code_buffer;
        if off == 0 {
            break;
        }
        pad += usize::try_from(LOOP_ALIGN - off).map_err(|_| bad_lanes())?;
    }
    Ok(last)
}

/// `pad` bytes of no-ops: the multi-byte `nop`s the vendors recommend, up to 8 bytes each.
fn no_ops(a: &mut CodeAssembler, mut pad: usize) -> Result<(), CodegenError> {
    const NOPS: [&[u8]; 8] = [
        &[0x90],
        &[0x66, 0x90],
        &[0x0f, 0x1f, 0x00],
        &[0x0f, 0x1f, 0x40, 0x00],
        &[0x0f, 0x1f, 0x44, 0x00, 0x00],
        &[0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00],
        &[0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00],
        &[0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
    ];
    while pad > 0 {
        let n = pad.min(NOPS.len());
        a.db(NOPS[n - 1])
            .map_err(|e| CodegenError::Unexpected(format!("no-ops: {e}")))?;
        pad -= n;
    }
    Ok(())
}

fn bad_lanes() -> CodegenError {
    CodegenError::Unexpected("wide loop: lanes out of range".into())
}

/// `[rdi + 8 * slot]`.
fn slot_ptr(slot: usize) -> Result<AsmMemoryOperand, CodegenError> {
    let off = i32::try_from(slot * 8)
        .map_err(|_| CodegenError::Unsupported("wide loop: too many slots".into()))?;
    Ok(rdi + off)
}

/// The instructions of one width and lane type.
struct Emit<'a> {
    a: &'a mut CodeAssembler,
    w: Width,
    lane: Lane,
    /// The register holding the sign mask.
    mask: Option<usize>,
    /// The register of kept value 0 (value `k` is in `kept_base + k`).
    kept_base: usize,
    /// The scalars broadcast before the loop: (slot, register).
    scalars: &'a [(usize, usize)],
    /// The addresses held in general registers: (slot, register).
    addresses: &'a [(usize, AsmRegister64)],
    /// Whether loads and stores take only the lanes of `k2` (zeros in the others).
    tail: bool,
}

const YMM: [AsmRegisterYmm; 16] = [
    ymm0, ymm1, ymm2, ymm3, ymm4, ymm5, ymm6, ymm7, ymm8, ymm9, ymm10, ymm11, ymm12, ymm13, ymm14,
    ymm15,
];
/// `zmm` registers from the top: the statements' values (from index 0 up) take `zmm31`,
/// `zmm30`, ..., which the caller's code (Cranelift's 128-bit vectors: `xmm0`-`xmm15`) does
/// not use, so that few need saving.
const ZMM: [AsmRegisterZmm; 32] = [
    zmm31, zmm30, zmm29, zmm28, zmm27, zmm26, zmm25, zmm24, zmm23, zmm22, zmm21, zmm20, zmm19,
    zmm18, zmm17, zmm16, zmm15, zmm14, zmm13, zmm12, zmm11, zmm10, zmm9, zmm8, zmm7, zmm6, zmm5,
    zmm4, zmm3, zmm2, zmm1, zmm0,
];
const XMM: [AsmRegisterXmm; 16] = [
    xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7, xmm8, xmm9, xmm10, xmm11, xmm12, xmm13, xmm14,
    xmm15,
];

/// Emits `$pd` (doubles) or `$ps` (floats) on `ymm` or `zmm` registers `$r...` and memory
/// operands (already sized) `$m...`; an error on integer lanes.
macro_rules! op {
    ($e:expr, $pd:ident, $ps:ident, $($arg:tt)*) => {{
        let e: &mut Emit<'_> = $e;
        let iced = |x: IcedError| CodegenError::Unexpected(format!("wide loop: {x}"));
        match (e.w, e.lane) {
            (Width::Ymm, Lane::F64) => op!(@args e, $pd, YMM, $($arg)*).map_err(iced),
            (Width::Ymm, Lane::F32) => op!(@args e, $ps, YMM, $($arg)*).map_err(iced),
            (Width::Zmm, Lane::F64) => op!(@args e, $pd, ZMM, $($arg)*).map_err(iced),
            (Width::Zmm, Lane::F32) => op!(@args e, $ps, ZMM, $($arg)*).map_err(iced),
            _ => Err(CodegenError::Unexpected(
                "wide loop: a floating operation on integer lanes".into(),
            )),
        }
    }};
    (@args $e:ident, $op:ident, $regs:ident, r $d:expr, r $x:expr, r $y:expr) => {
        $e.a.$op($regs[$d], $regs[$x], $regs[$y])
    };
    (@args $e:ident, $op:ident, $regs:ident, r $d:expr, r $x:expr) => {
        $e.a.$op($regs[$d], $regs[$x])
    };
}

impl Emit<'_> {
    /// The general register holding the address in `slot`, loaded into `rcx` when none does.
    fn address(&mut self, slot: usize) -> Result<AsmRegister64, CodegenError> {
        if let Some(&(_, r)) = self.addresses.iter().find(|&&(k, _)| k == slot) {
            return Ok(r);
        }
        self.a
            .mov(rcx, qword_ptr(slot_ptr(slot)?))
            .map_err(|x| CodegenError::Unexpected(format!("wide loop: {x}")))?;
        Ok(rcx)
    }

    /// The vector of consecutive elements from the address in `slot`, at the iteration `rax`.
    fn element(&mut self, slot: usize) -> Result<AsmMemoryOperand, CodegenError> {
        let base = self.address(slot)?;
        let size = self.lane.size() as i32;
        Ok(match self.w {
            Width::Ymm => ymmword_ptr(base + rax * size),
            Width::Zmm => zmmword_ptr(base + rax * size),
        })
    }

    /// Register `d` := register `x`.
    fn copy(&mut self, d: usize, x: usize) -> Result<(), CodegenError> {
        let bad = |x: IcedError| CodegenError::Unexpected(format!("wide loop: {x}"));
        match (self.w, self.lane) {
            (Width::Ymm, Lane::F64) => self.a.vmovapd(YMM[d], YMM[x]),
            (Width::Ymm, Lane::F32) => self.a.vmovaps(YMM[d], YMM[x]),
            (Width::Ymm, _) => self.a.vmovdqa(YMM[d], YMM[x]),
            (Width::Zmm, Lane::F64) => self.a.vmovapd(ZMM[d], ZMM[x]),
            (Width::Zmm, Lane::F32) => self.a.vmovaps(ZMM[d], ZMM[x]),
            (Width::Zmm, _) => self.a.vmovdqa64(ZMM[d], ZMM[x]),
        }
        .map_err(bad)
    }

    /// One iteration of `stmts` at `rax` (each statement's vector stored in order, the kept
    /// values once at the end).
    fn iteration(&mut self, stmts: &[WideStmt]) -> Result<(), CodegenError> {
        let mut stores: Vec<(usize, usize)> = Vec::new();
        for s in stmts {
            self.expr(&s.value, 0)?;
            match s.keep {
                Some(k) => {
                    self.copy(self.kept_base + k, 0)?;
                    if !stores.iter().any(|&(x, _)| x == k) {
                        stores.push((k, s.store));
                    }
                }
                None => {
                    let at = self.element(s.store)?;
                    self.store(at, 0)?;
                }
            }
        }
        for (k, slot) in stores {
            let at = self.element(slot)?;
            self.store(at, self.kept_base + k)?;
        }
        Ok(())
    }

    fn load(&mut self, r: usize, m: AsmMemoryOperand) -> Result<(), CodegenError> {
        let bad = |x: IcedError| CodegenError::Unexpected(format!("wide loop: {x}"));
        if self.tail {
            let d = ZMM[r].k2().z();
            return match self.lane {
                Lane::F64 => self.a.vmovupd(d, m),
                Lane::F32 => self.a.vmovups(d, m),
                Lane::I64 => self.a.vmovdqu64(d, m),
                Lane::I32 => self.a.vmovdqu32(d, m),
            }
            .map_err(bad);
        }
        match (self.w, self.lane) {
            (Width::Ymm, Lane::F64) => self.a.vmovupd(YMM[r], m),
            (Width::Ymm, Lane::F32) => self.a.vmovups(YMM[r], m),
            (Width::Ymm, _) => self.a.vmovdqu(YMM[r], m),
            (Width::Zmm, Lane::F64) => self.a.vmovupd(ZMM[r], m),
            (Width::Zmm, Lane::F32) => self.a.vmovups(ZMM[r], m),
            (Width::Zmm, Lane::I64) => self.a.vmovdqu64(ZMM[r], m),
            (Width::Zmm, Lane::I32) => self.a.vmovdqu32(ZMM[r], m),
        }
        .map_err(bad)
    }

    fn store(&mut self, m: AsmMemoryOperand, r: usize) -> Result<(), CodegenError> {
        let bad = |x: IcedError| CodegenError::Unexpected(format!("wide loop: {x}"));
        if self.tail {
            let m = m.k2();
            return match self.lane {
                Lane::F64 => self.a.vmovupd(m, ZMM[r]),
                Lane::F32 => self.a.vmovups(m, ZMM[r]),
                Lane::I64 => self.a.vmovdqu64(m, ZMM[r]),
                Lane::I32 => self.a.vmovdqu32(m, ZMM[r]),
            }
            .map_err(bad);
        }
        match (self.w, self.lane) {
            (Width::Ymm, Lane::F64) => self.a.vmovupd(m, YMM[r]),
            (Width::Ymm, Lane::F32) => self.a.vmovups(m, YMM[r]),
            (Width::Ymm, _) => self.a.vmovdqu(m, YMM[r]),
            (Width::Zmm, Lane::F64) => self.a.vmovupd(m, ZMM[r]),
            (Width::Zmm, Lane::F32) => self.a.vmovups(m, ZMM[r]),
            (Width::Zmm, Lane::I64) => self.a.vmovdqu64(m, ZMM[r]),
            (Width::Zmm, Lane::I32) => self.a.vmovdqu32(m, ZMM[r]),
        }
        .map_err(bad)
    }

    /// The scalar at `m` in every lane of register `r`.
    fn broadcast(&mut self, r: usize, m: AsmMemoryOperand) -> Result<(), CodegenError> {
        let bad = |x: IcedError| CodegenError::Unexpected(format!("wide loop: {x}"));
        match (self.w, self.lane) {
            (Width::Ymm, Lane::F64) => self.a.vbroadcastsd(YMM[r], qword_ptr(m)),
            (Width::Ymm, Lane::F32) => self.a.vbroadcastss(YMM[r], dword_ptr(m)),
            (Width::Ymm, Lane::I64) => self.a.vpbroadcastq(YMM[r], qword_ptr(m)),
            (Width::Ymm, Lane::I32) => self.a.vpbroadcastd(YMM[r], dword_ptr(m)),
            (Width::Zmm, Lane::F64) => self.a.vbroadcastsd(ZMM[r], qword_ptr(m)),
            (Width::Zmm, Lane::F32) => self.a.vbroadcastss(ZMM[r], dword_ptr(m)),
            (Width::Zmm, Lane::I64) => self.a.vpbroadcastq(ZMM[r], qword_ptr(m)),
            (Width::Zmm, Lane::I32) => self.a.vpbroadcastd(ZMM[r], dword_ptr(m)),
        }
        .map_err(bad)
    }

    /// Register `d` := `x op y` on integer lanes (wrapping, as the scalar code).
    fn int_bin(&mut self, op: WideBin, d: usize, x: usize, y: usize) -> Result<(), CodegenError> {
        let bad = |x: IcedError| CodegenError::Unexpected(format!("wide loop: {x}"));
        let (yd, yx, yy) = (YMM[d], YMM[x], YMM[y]);
        let (zd, zx, zy) = (ZMM[d], ZMM[x], ZMM[y]);
        match (self.w, self.lane, op) {
            (Width::Ymm, Lane::I32, WideBin::Add) => self.a.vpaddd(yd, yx, yy),
            (Width::Ymm, Lane::I32, WideBin::Sub) => self.a.vpsubd(yd, yx, yy),
            (Width::Ymm, Lane::I32, WideBin::Mul) => self.a.vpmulld(yd, yx, yy),
            (Width::Ymm, Lane::I32, WideBin::Max) => self.a.vpmaxsd(yd, yx, yy),
            (Width::Ymm, Lane::I32, WideBin::Min) => self.a.vpminsd(yd, yx, yy),
            (Width::Zmm, Lane::I32, WideBin::Max) => self.a.vpmaxsd(zd, zx, zy),
            (Width::Zmm, Lane::I32, WideBin::Min) => self.a.vpminsd(zd, zx, zy),
            (Width::Zmm, Lane::I64, WideBin::Max) => self.a.vpmaxsq(zd, zx, zy),
            (Width::Zmm, Lane::I64, WideBin::Min) => self.a.vpminsq(zd, zx, zy),
            (Width::Ymm, Lane::I64, WideBin::Add) => self.a.vpaddq(yd, yx, yy),
            (Width::Ymm, Lane::I64, WideBin::Sub) => self.a.vpsubq(yd, yx, yy),
            (Width::Zmm, Lane::I32, WideBin::Add) => self.a.vpaddd(zd, zx, zy),
            (Width::Zmm, Lane::I32, WideBin::Sub) => self.a.vpsubd(zd, zx, zy),
            (Width::Zmm, Lane::I32, WideBin::Mul) => self.a.vpmulld(zd, zx, zy),
            (Width::Zmm, Lane::I64, WideBin::Add) => self.a.vpaddq(zd, zx, zy),
            (Width::Zmm, Lane::I64, WideBin::Sub) => self.a.vpsubq(zd, zx, zy),
            _ => {
                return Err(CodegenError::Unexpected(format!(
                    "wide loop: no {op:?} on {:?} lanes",
                    self.lane
                )));
            }
        }
        .map_err(bad)
    }

    /// Register `r` := `x cmp y ? a : b` with `a` in `r`, `b` in `r + 1`, `x` in `r + 2` and
    /// `y` in `r + 3`. AVX-512: the comparison into `k1`, then a masked blend; AVX2: into a
    /// vector of all-ones lanes (integers only have `>` and `==`: the operands or the arms
    /// swap for the others), then a variable blend.
    fn select(&mut self, cmp: WideCmp, r: usize) -> Result<(), CodegenError> {
        let bad = |x: IcedError| CodegenError::Unexpected(format!("wide loop: {x}"));
        let (a, b, x, y) = (r, r + 1, r + 2, r + 3);
        // The floating predicates: ordered and quiet, but `!=` (true when unordered).
        let fp = match cmp {
            WideCmp::Eq => 0x00,
            WideCmp::Ne => 0x04,
            WideCmp::Lt => 0x11,
            WideCmp::Le => 0x12,
            WideCmp::Gt => 0x1E,
            WideCmp::Ge => 0x1D,
        };
        // `vpcmp`'s: EQ, LT, LE, NE, NLT, NLE.
        let int = match cmp {
            WideCmp::Eq => 0,
            WideCmp::Lt => 1,
            WideCmp::Le => 2,
            WideCmp::Ne => 4,
            WideCmp::Ge => 5,
            WideCmp::Gt => 6,
        };
        match self.w {
            Width::Zmm => {
                match self.lane {
                    Lane::F64 => self.a.vcmppd(k1, ZMM[x], ZMM[y], fp),
                    Lane::F32 => self.a.vcmpps(k1, ZMM[x], ZMM[y], fp),
                    Lane::I64 => self.a.vpcmpq(k1, ZMM[x], ZMM[y], int),
                    Lane::I32 => self.a.vpcmpd(k1, ZMM[x], ZMM[y], int),
                }
                .map_err(bad)?;
                // `r` := `k1 ? a : b`.
                match self.lane {
                    Lane::F64 => self.a.vblendmpd(ZMM[r].k1(), ZMM[b], ZMM[a]),
                    Lane::F32 => self.a.vblendmps(ZMM[r].k1(), ZMM[b], ZMM[a]),
                    Lane::I64 => self.a.vpblendmq(ZMM[r].k1(), ZMM[b], ZMM[a]),
                    Lane::I32 => self.a.vpblendmd(ZMM[r].k1(), ZMM[b], ZMM[a]),
                }
                .map_err(bad)
            }
            Width::Ymm => {
                // The mask into `x`; `swap`: it says where `b` is taken.
                let swap = match self.lane {
                    Lane::F64 => {
                        self.a.vcmppd(YMM[x], YMM[x], YMM[y], fp).map_err(bad)?;
                        false
                    }
                    Lane::F32 => {
                        self.a.vcmpps(YMM[x], YMM[x], YMM[y], fp).map_err(bad)?;
                        false
                    }
                    lane => {
                        let (i64s, (first, second), swap) = match cmp {
                            WideCmp::Eq => (lane == Lane::I64, (x, y), false),
                            WideCmp::Ne => (lane == Lane::I64, (x, y), true),
                            WideCmp::Gt => (lane == Lane::I64, (x, y), false),
                            WideCmp::Le => (lane == Lane::I64, (x, y), true),
                            WideCmp::Lt => (lane == Lane::I64, (y, x), false),
                            WideCmp::Ge => (lane == Lane::I64, (y, x), true),
                        };
                        let (d, p, q) = (YMM[x], YMM[first], YMM[second]);
                        match (cmp, i64s) {
                            (WideCmp::Eq | WideCmp::Ne, false) => self.a.vpcmpeqd(d, p, q),
                            (WideCmp::Eq | WideCmp::Ne, true) => self.a.vpcmpeqq(d, p, q),
                            (_, false) => self.a.vpcmpgtd(d, p, q),
                            (_, true) => self.a.vpcmpgtq(d, p, q),
                        }
                        .map_err(bad)?;
                        swap
                    }
                };
                let (from, to) = if swap { (a, b) } else { (b, a) };
                // `r` := the mask's lanes from `to`, the others from `from`.
                match self.lane {
                    Lane::F64 => self.a.vblendvpd(YMM[r], YMM[from], YMM[to], YMM[x]),
                    Lane::F32 => self.a.vblendvps(YMM[r], YMM[from], YMM[to], YMM[x]),
                    _ => self.a.vpblendvb(YMM[r], YMM[from], YMM[to], YMM[x]),
                }
                .map_err(bad)
            }
        }
    }

    /// `e` into register `r`, with the registers above it free.
    fn expr(&mut self, e: &WideExpr, r: usize) -> Result<(), CodegenError> {
        let bad = |x: IcedError| CodegenError::Unexpected(format!("wide loop: {x}"));
        match e {
            WideExpr::Load(slot) => {
                let m = self.element(*slot)?;
                self.load(r, m)
            }
            WideExpr::Broadcast(slot) => {
                let base = self.address(*slot)?;
                self.broadcast(r, base + 0)
            }
            WideExpr::Scalar(slot) => match self.scalars.iter().find(|&&(k, _)| k == *slot) {
                Some(&(_, x)) => self.copy(r, x),
                None => self.broadcast(r, slot_ptr(*slot)?),
            },
            WideExpr::Kept(k) => self.copy(r, self.kept_base + k),
            WideExpr::Select(cmp, e) => {
                let [x, y, a, b] = &**e;
                self.expr(a, r)?;
                self.expr(b, r + 1)?;
                self.expr(x, r + 2)?;
                self.expr(y, r + 3)?;
                self.select(*cmp, r)
            }
            WideExpr::Neg(x) => {
                self.expr(x, r)?;
                let m = self.mask.ok_or_else(|| {
                    CodegenError::Unexpected("wide loop: negation without its mask".into())
                })?;
                // The sign bit flipped: `vxorpd` (AVX) on `ymm`; on `zmm` the integer form
                // (`vpxorq`, AVX-512F; `vxorpd zmm` needs AVX-512DQ), the same bits.
                match (self.w, self.lane) {
                    (Width::Ymm, Lane::F64) => self.a.vxorpd(YMM[r], YMM[r], YMM[m]),
                    (Width::Ymm, Lane::F32) => self.a.vxorps(YMM[r], YMM[r], YMM[m]),
                    (Width::Zmm, Lane::F64) => self.a.vpxorq(ZMM[r], ZMM[r], ZMM[m]),
                    (Width::Zmm, Lane::F32) => self.a.vpxord(ZMM[r], ZMM[r], ZMM[m]),
                    _ => {
                        return Err(CodegenError::Unexpected(
                            "wide loop: a negation on integer lanes".into(),
                        ));
                    }
                }
                .map_err(bad)
            }
            WideExpr::Sqrt(x) => {
                self.expr(x, r)?;
                op!(self, vsqrtpd, vsqrtps, r r, r r)
            }
            WideExpr::Fma(e) => {
                let [x, y, z] = &**e;
                let (s, t) = (r + 1, r + 2);
                self.expr(z, r)?;
                self.expr(x, s)?;
                self.expr(y, t)?;
                // `r = s * t + r`, rounded once.
                op!(self, vfmadd231pd, vfmadd231ps, r r, r s, r t)
            }
            WideExpr::Bin(op, x, y) => {
                // The operand that takes more registers first, each in order: `x` into `r`
                // and `y` into `r + 1` (the operation is not commuted: `x - y`, `x / y`).
                self.expr(x, r)?;
                self.expr(y, r + 1)?;
                let s = r + 1;
                if !self.lane.float() {
                    return self.int_bin(*op, r, r, s);
                }
                match op {
                    WideBin::Add => op!(self, vaddpd, vaddps, r r, r r, r s),
                    WideBin::Sub => op!(self, vsubpd, vsubps, r r, r r, r s),
                    WideBin::Mul => op!(self, vmulpd, vmulps, r r, r r, r s),
                    WideBin::Div => op!(self, vdivpd, vdivps, r r, r r, r s),
                    WideBin::Max => op!(self, vmaxpd, vmaxps, r r, r r, r s),
                    WideBin::Min => op!(self, vminpd, vminps, r r, r r, r s),
                }
            }
        }
    }
}

/// A product's micro-kernel in wide vectors (`native/model/block.rs` calls it for each
/// register block, its operands packed): `rows x vectors` accumulators loaded from the
/// block's elements, per step of the reduction the packed columns loaded once (`vectors`
/// loads) and each row's factor broadcast, multiplied and added to the row's accumulators in
/// the statement's order of operands (or fused, with [`WideKernel::fused`]), then stored back.
/// Its function is
///
/// ```text
/// void kernel(T *c, i64 row_bytes, T *factors, T *columns, i64 steps)   (`preserve_all`)
/// ```
///
/// `c` the block's first element and `row_bytes` the distance between its rows, `factors` a
/// step's `rows` factors side by side, step after step, `columns` a step's `rows x vectors`
/// lanes of packed columns, step after step. A kernel summing two products
/// ([`WideKernel::second`]) takes a sixth argument, the second product's factors of the rows,
/// each once per lane (a whole vector), and finds its columns [`SecondProduct::columns_at`]
/// bytes after the first's; per row and vector it computes the first product (the factor
/// broadcast), then the second (one of its operands from memory), their sum, and the sum into
/// the accumulator, each in the statement's order, in the same registers. The accumulators, the packed columns, the
/// broadcast factor and a product take `rows * vectors + vectors + 2` registers; in `zmm`
/// those are `zmm31` down, which the caller's code does not use, so none is saved; in `ymm`
/// the low 128 bits of each are saved and restored.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct WideKernel {
    pub double: bool,
    pub width: Width,
    pub rows: usize,
    pub vectors: usize,
    /// `X * Y` (the factor first) rather than `Y * X`.
    pub row_first: bool,
    /// `W + X * Y` (the element first) rather than `X * Y + W`.
    pub element_first: bool,
    /// One fused multiply-add per product (rounded once; asked for by the user; one product
    /// only).
    pub fused: bool,
    /// The second product of `W + (X1 * Y1 + X2 * Y2)`.
    pub second: Option<SecondProduct>,
}

/// The second product of a [`WideKernel`] that sums two.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SecondProduct {
    /// `X2 * Y2` rather than `Y2 * X2`.
    pub row_first: bool,
    /// Bytes from the first product's packed columns to the second's.
    pub columns_at: i32,
}

impl WideKernel {
    /// The vector registers it takes.
    pub(crate) fn registers(&self) -> usize {
        self.rows * self.vectors + self.vectors + 2
    }

    /// The machine code of its function, its loop's head on a [`LOOP_ALIGN`] boundary.
    pub(crate) fn assemble(&self) -> Result<Vec<u8>, CodegenError> {
        aligned("micro-kernel", |pad| self.code(pad))
    }

    /// Its function with `pad` bytes of no-ops before the loop's head, and that head.
    fn code(&self, pad: usize) -> Result<(CodeAssembler, CodeLabel), CodegenError> {
        let bad = |e: IcedError| CodegenError::Unexpected(format!("micro-kernel: {e}"));
        let too_large = || CodegenError::Unexpected("micro-kernel: offsets do not fit".into());
        if self.rows == 0
            || self.vectors == 0
            || self.registers() > self.width.registers()
            || (self.fused && self.second.is_some())
        {
            return Err(CodegenError::Unexpected(
                "micro-kernel: more accumulators than vector registers".into(),
            ));
        }
        let (rows, vectors) = (self.rows, self.vectors);
        let size: i32 = if self.double { 8 } else { 4 };
        let vbytes = i32::try_from(self.width.bytes()).map_err(|_| too_large())?;
        let acc = |r: usize, v: usize| r * vectors + v;
        let column = |v: usize| rows * vectors + v;
        let (factor, product) = (rows * vectors + vectors, rows * vectors + vectors + 1);
        // The low 128 bits of `ymm0`-`ymm15` it writes (the `zmm` it takes are above those).
        let xmms: Vec<usize> = match self.width {
            Width::Ymm => (0..self.registers()).collect(),
            Width::Zmm => (0..self.registers())
                .map(|k| 31 - k)
                .filter(|&p| p < 16)
                .collect(),
        };
        let saved: &[AsmRegister64] = if self.second.is_some() {
            &[rax, rdx, rcx, r8, r9]
        } else {
            &[rax, rdx, rcx, r8]
        };
        let mut a = CodeAssembler::new(64).map_err(bad)?;
        for &r in saved {
            a.push(r).map_err(bad)?;
        }
        let spill = i32::try_from(16 * xmms.len()).map_err(|_| too_large())?;
        if spill > 0 {
            a.sub(rsp, spill).map_err(bad)?;
            for (j, &p) in xmms.iter().enumerate() {
                a.vmovdqu(xmmword_ptr(rsp + 16 * j as i32), XMM[p])
                    .map_err(bad)?;
            }
        }
        let mut top = a.create_label();
        let mut done = a.create_label();
        let mut e = Emit {
            a: &mut a,
            w: self.width,
            lane: if self.double { Lane::F64 } else { Lane::F32 },
            mask: None,
            kept_base: 0,
            scalars: &[],
            addresses: &[],
            tail: false,
        };
        let vector = |base: AsmRegister64, at: i32| match self.width {
            Width::Ymm => ymmword_ptr(base + at),
            Width::Zmm => zmmword_ptr(base + at),
        };
        let offset = |k: usize, by: i32| i32::try_from(k).ok().and_then(|k| k.checked_mul(by));
        // The accumulators, row after row from `c`.
        e.a.mov(rax, rdi).map_err(bad)?;
        for r in 0..rows {
            for v in 0..vectors {
                e.load(
                    acc(r, v),
                    vector(rax, offset(v, vbytes).ok_or_else(too_large)?),
                )?;
            }
            if r + 1 < rows {
                e.a.add(rax, rsi).map_err(bad)?;
            }
        }
        e.a.test(r8, r8).map_err(bad)?;
        e.a.jle(done).map_err(bad)?;
        no_ops(e.a, pad)?;
        e.a.set_label(&mut top).map_err(bad)?;
        for v in 0..vectors {
            e.load(
                column(v),
                vector(rcx, offset(v, vbytes).ok_or_else(too_large)?),
            )?;
        }
        // `d` := the first product of the factor in `f` and the packed column in `y`, in the
        // statement's order; the sum `p` into accumulator `w`, in the statement's order.
        let first = |e: &mut Emit<'_>, d: usize, f: usize, y: usize| {
            if self.row_first {
                op!(e, vmulpd, vmulps, r d, r f, r y)
            } else {
                op!(e, vmulpd, vmulps, r d, r y, r f)
            }
        };
        let accumulate = |e: &mut Emit<'_>, w: usize, p: usize| {
            if self.element_first {
                op!(e, vaddpd, vaddps, r w, r w, r p)
            } else {
                op!(e, vaddpd, vaddps, r w, r p, r w)
            }
        };
        match self.second {
            // Per row and vector: `product` := the first product (its factor broadcast into
            // it), `factor` := the second (one operand from memory), their sum into
            // `product`, then into the accumulator.
            Some(second) => {
                let mul = |e: &mut Emit<'_>, d: usize, m: AsmMemoryOperand| {
                    let bad = |x: IcedError| CodegenError::Unexpected(format!("micro-kernel: {x}"));
                    match (e.w, e.lane) {
                        (Width::Ymm, Lane::F64) => e.a.vmulpd(YMM[d], YMM[d], ymmword_ptr(m)),
                        (Width::Ymm, _) => e.a.vmulps(YMM[d], YMM[d], ymmword_ptr(m)),
                        (Width::Zmm, Lane::F64) => e.a.vmulpd(ZMM[d], ZMM[d], zmmword_ptr(m)),
                        (Width::Zmm, _) => e.a.vmulps(ZMM[d], ZMM[d], zmmword_ptr(m)),
                    }
                    .map_err(bad)
                };
                for r in 0..rows {
                    let x2 = r9 + offset(r, vbytes).ok_or_else(too_large)?;
                    for v in 0..vectors {
                        let (w, y) = (acc(r, v), column(v));
                        e.broadcast(product, rdx + offset(r, size).ok_or_else(too_large)?)?;
                        first(&mut e, product, product, y)?;
                        let y2 = offset(v, vbytes)
                            .and_then(|o| o.checked_add(second.columns_at))
                            .ok_or_else(too_large)?;
                        let (a, b) = if second.row_first {
                            (x2, rcx + y2)
                        } else {
                            (rcx + y2, x2)
                        };
                        e.load(factor, a)?;
                        mul(&mut e, factor, b)?;
                        op!(&mut e, vaddpd, vaddps, r product, r product, r factor)?;
                        accumulate(&mut e, w, product)?;
                    }
                }
                e.a.add(r9, offset(rows, vbytes).ok_or_else(too_large)?)
                    .map_err(bad)?;
            }
            // Per row: its factor broadcast once, then per vector the product and its sum.
            None => {
                for r in 0..rows {
                    e.broadcast(factor, rdx + offset(r, size).ok_or_else(too_large)?)?;
                    for v in 0..vectors {
                        let (w, y) = (acc(r, v), column(v));
                        if self.fused {
                            // `w = x * y + w`, rounded once: the order of the operands does
                            // not matter.
                            op!(&mut e, vfmadd231pd, vfmadd231ps, r w, r factor, r y)?;
                            continue;
                        }
                        first(&mut e, product, factor, y)?;
                        accumulate(&mut e, w, product)?;
                    }
                }
            }
        }
        e.a.add(rdx, offset(rows, size).ok_or_else(too_large)?)
            .map_err(bad)?;
        e.a.add(rcx, offset(vectors, vbytes).ok_or_else(too_large)?)
            .map_err(bad)?;
        e.a.dec(r8).map_err(bad)?;
        e.a.jnz(top).map_err(bad)?;
        e.a.set_label(&mut done).map_err(bad)?;
        e.a.mov(rax, rdi).map_err(bad)?;
        for r in 0..rows {
            for v in 0..vectors {
                e.store(
                    vector(rax, offset(v, vbytes).ok_or_else(too_large)?),
                    acc(r, v),
                )?;
            }
            if r + 1 < rows {
                e.a.add(rax, rsi).map_err(bad)?;
            }
        }
        a.vzeroupper().map_err(bad)?;
        if spill > 0 {
            for (j, &p) in xmms.iter().enumerate() {
                a.vmovdqu(XMM[p], xmmword_ptr(rsp + 16 * j as i32))
                    .map_err(bad)?;
            }
            a.add(rsp, spill).map_err(bad)?;
        }
        for &r in saved.iter().rev() {
            a.pop(r).map_err(bad)?;
        }
        a.ret().map_err(bad)?;
        Ok((a, top))
    }
}

#[cfg(test)]
/// The instructions of `code`, one per line in Intel syntax (`show`'s and the snapshots').
pub(crate) fn disassemble(code: &[u8]) -> String {
    use iced_x86::{Decoder, DecoderOptions, Formatter, IntelFormatter};
    let mut decoder = Decoder::with_ip(64, code, 0, DecoderOptions::NONE);
    let mut formatter = IntelFormatter::new();
    let mut out = String::new();
    let mut text = String::new();
    for ins in &mut decoder {
        text.clear();
        formatter.format(&ins, &mut text);
        out.push_str(&format!("{:04x} {text}\n", ins.ip()));
    }
    out
}

/// Whether the CPU the code runs on has fused multiply-adds (Cranelift lowers them to one
/// instruction there; elsewhere to a call of the C library's `fma`).
pub(crate) fn host_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("fma")
    }
    #[cfg(target_arch = "aarch64")]
    {
        true
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        false
    }
}

/// The widest vectors this CPU runs that the emitter has: 64 bytes with AVX-512F, 32 with
/// AVX, else 0 (no wide loops).
pub(crate) fn host_bytes() -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return 64;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return 32;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    /// `y[i] = a * x[i] + -y[i] / sqrt(z[i])` over doubles.
    fn example(width: Width, double: bool) -> WideLoop {
        let b = Box::new;
        WideLoop {
            lane: if double { Lane::F64 } else { Lane::F32 },
            width,
            stmts: vec![WideStmt {
                store: 0,
                keep: None,
                value: WideExpr::Bin(
                    WideBin::Add,
                    b(WideExpr::Bin(
                        WideBin::Mul,
                        b(WideExpr::Scalar(3)),
                        b(WideExpr::Load(1)),
                    )),
                    b(WideExpr::Bin(
                        WideBin::Div,
                        b(WideExpr::Neg(b(WideExpr::Load(0)))),
                        b(WideExpr::Sqrt(b(WideExpr::Load(2)))),
                    )),
                ),
            }],
            sign: Some(4),
            result: 5,
        }
    }

    #[test]
    fn a_loop_of_doubles_in_ymm_registers() {
        let code = example(Width::Ymm, true).assemble().unwrap();
        expect![[r#"
            0000 push rax
            0001 push rcx
            0002 push rdx
            0003 push rsi
            0004 push r8
            0006 push r9
            0008 sub rsp,50h
            000c vmovdqu [rsp],xmm0
            0011 vmovdqu [rsp+10h],xmm1
            0017 vmovdqu [rsp+20h],xmm2
            001d vmovdqu [rsp+30h],xmm14
            0023 vmovdqu [rsp+40h],xmm15
            0029 mov [rdi+28h],rsi
            002d xor eax,eax
            002f mov rdx,rsi
            0032 and rdx,0FFFFFFFFFFFFFFFCh
            0036 test rsi,rsi
            0039 jle short 000000000000009Ch
            003b mov rsi,[rdi+8]
            003f mov r8,[rdi]
            0042 mov r9,[rdi+10h]
            0046 vbroadcastsd ymm15,[rdi+20h]
            004c vbroadcastsd ymm14,[rdi+18h]
            0052 test rdx,rdx
            0055 jle short 000000000000009Ch
            0057 nop [rax+rax]
            005f nop
            0060 vmovapd ymm0,ymm14
            0065 vmovupd ymm1,[rsi+rax*8]
            006a vmulpd ymm0,ymm0,ymm1
            006e vmovupd ymm1,[r8+rax*8]
            0074 vxorpd ymm1,ymm1,ymm15
            0079 vmovupd ymm2,[r9+rax*8]
            007f vsqrtpd ymm2,ymm2
            0083 vdivpd ymm1,ymm1,ymm2
            0087 vaddpd ymm0,ymm0,ymm1
            008b vmovupd [r8+rax*8],ymm0
            0091 add rax,4
            0097 cmp rax,rdx
            009a jl short 0000000000000060h
            009c mov [rdi+28h],rax
            00a0 vzeroupper
            00a3 vmovdqu xmm0,[rsp]
            00a8 vmovdqu xmm1,[rsp+10h]
            00ae vmovdqu xmm2,[rsp+20h]
            00b4 vmovdqu xmm14,[rsp+30h]
            00ba vmovdqu xmm15,[rsp+40h]
            00c0 add rsp,50h
            00c4 pop r9
            00c6 pop r8
            00c8 pop rsi
            00c9 pop rdx
            00ca pop rcx
            00cb pop rax
            00cc ret
        "#]]
        .assert_eq(&disassemble(&code));
    }

    #[test]
    fn a_loop_of_floats_in_zmm_registers() {
        let code = example(Width::Zmm, false).assemble().unwrap();
        expect![[r#"
            0000 push rax
            0001 push rcx
            0002 push rdx
            0003 push rsi
            0004 push r8
            0006 push r9
            0008 sub rsp,20h
            000c vmovdqu [rsp],xmm0
            0011 vmovdqu [rsp+10h],xmm1
            0017 mov [rdi+28h],rsi
            001b xor eax,eax
            001d mov rdx,rsi
            0020 and rdx,0FFFFFFFFFFFFFFF0h
            0024 test rsi,rsi
            0027 jle 0000000000000105h
            002d mov rsi,[rdi+8]
            0031 mov r8,[rdi]
            0034 mov r9,[rdi+10h]
            0038 vbroadcastss zmm0,[rdi+20h]
            003f vbroadcastss zmm1,[rdi+18h]
            0046 test rdx,rdx
            0049 jle short 00000000000000ABh
            004b nop [rax+rax]
            0053 nop [rax+rax]
            005b nop [rax+rax]
            0060 vmovaps zmm31,zmm1
            0066 vmovups zmm30,[rsi+rax*4]
            006d vmulps zmm31,zmm31,zmm30
            0073 vmovups zmm30,[r8+rax*4]
            007a vpxord zmm30,zmm30,zmm0
            0080 vmovups zmm29,[r9+rax*4]
            0087 vsqrtps zmm29,zmm29
            008d vdivps zmm30,zmm30,zmm29
            0093 vaddps zmm31,zmm31,zmm30
            0099 vmovups [r8+rax*4],zmm31
            00a0 add rax,10h
            00a6 cmp rax,rdx
            00a9 jl short 0000000000000060h
            00ab mov rcx,[rdi+28h]
            00af sub rcx,rax
            00b2 jle short 0000000000000105h
            00b4 mov edx,1
            00b9 shl edx,cl
            00bb dec edx
            00bd kmovw k2,edx
            00c1 vmovaps zmm31,zmm1
            00c7 vmovups zmm30{k2}{z},[rsi+rax*4]
            00ce vmulps zmm31,zmm31,zmm30
            00d4 vmovups zmm30{k2}{z},[r8+rax*4]
            00db vpxord zmm30,zmm30,zmm0
            00e1 vmovups zmm29{k2}{z},[r9+rax*4]
            00e8 vsqrtps zmm29,zmm29
            00ee vdivps zmm30,zmm30,zmm29
            00f4 vaddps zmm31,zmm31,zmm30
            00fa vmovups [r8+rax*4]{k2},zmm31
            0101 mov rax,[rdi+28h]
            0105 mov [rdi+28h],rax
            0109 vzeroupper
            010c vmovdqu xmm0,[rsp]
            0111 vmovdqu xmm1,[rsp+10h]
            0117 add rsp,20h
            011b pop r9
            011d pop r8
            011f pop rsi
            0120 pop rdx
            0121 pop rcx
            0122 pop rax
            0123 ret
        "#]]
        .assert_eq(&disassemble(&code));
    }

    /// `y[i] = x[i] >= y[i] ? x[i] - y[i] : s` over `int`s.
    fn select(width: Width) -> WideLoop {
        WideLoop {
            lane: Lane::I32,
            width,
            stmts: vec![WideStmt {
                store: 1,
                keep: None,
                value: WideExpr::Select(
                    WideCmp::Ge,
                    Box::new([
                        WideExpr::Load(0),
                        WideExpr::Load(1),
                        WideExpr::Bin(
                            WideBin::Sub,
                            Box::new(WideExpr::Load(0)),
                            Box::new(WideExpr::Load(1)),
                        ),
                        WideExpr::Scalar(2),
                    ]),
                ),
            }],
            sign: None,
            result: 3,
        }
    }

    #[test]
    fn a_condition_on_ints_in_ymm_and_zmm_registers() {
        // AVX2 compares `>` only: `x >= y` is `y > x` with the arms swapped.
        let code = select(Width::Ymm).assemble().unwrap();
        let text = disassemble(&code);
        let body: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("ymm") && !l.contains("rsp"))
            .map(|l| &l[5..])
            .collect();
        expect![[r#"
            vpbroadcastd ymm14,[rdi+10h]
            vmovdqu ymm0,[rsi+rax*4]
            vmovdqu ymm1,[r8+rax*4]
            vpsubd ymm0,ymm0,ymm1
            vmovdqa ymm1,ymm14
            vmovdqu ymm2,[rsi+rax*4]
            vmovdqu ymm3,[r8+rax*4]
            vpcmpgtd ymm2,ymm3,ymm2
            vpblendvb ymm0,ymm0,ymm1,ymm2
            vmovdqu [r8+rax*4],ymm0"#]]
        .assert_eq(&body.join("\n"));
        let code = select(Width::Zmm).assemble().unwrap();
        let text = disassemble(&code);
        let body: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("zmm") || l.contains("k1"))
            .map(|l| &l[5..])
            .collect();
        expect![[r#"
            vpbroadcastd zmm1,[rdi+10h]
            vmovdqu32 zmm31,[rsi+rax*4]
            vmovdqu32 zmm30,[r8+rax*4]
            vpsubd zmm31,zmm31,zmm30
            vmovdqa64 zmm30,zmm1
            vmovdqu32 zmm29,[rsi+rax*4]
            vmovdqu32 zmm28,[r8+rax*4]
            vpcmpnltd k1,zmm29,zmm28
            vpblendmd zmm31{k1},zmm30,zmm31
            vmovdqu32 [r8+rax*4],zmm31
            vmovdqu32 zmm31{k2}{z},[rsi+rax*4]
            vmovdqu32 zmm30{k2}{z},[r8+rax*4]
            vpsubd zmm31,zmm31,zmm30
            vmovdqa64 zmm30,zmm1
            vmovdqu32 zmm29{k2}{z},[rsi+rax*4]
            vmovdqu32 zmm28{k2}{z},[r8+rax*4]
            vpcmpnltd k1,zmm29,zmm28
            vpblendmd zmm31{k1},zmm30,zmm31
            vmovdqu32 [r8+rax*4]{k2},zmm31"#]]
        .assert_eq(&body.join("\n"));
    }

    #[test]
    fn a_micro_kernel_of_doubles_in_ymm_registers() {
        let k = WideKernel {
            double: true,
            width: Width::Ymm,
            rows: 2,
            vectors: 2,
            row_first: true,
            element_first: true,
            fused: false,
            second: None,
        };
        assert_eq!(k.registers(), 8);
        expect![[r#"
            0000 push rax
            0001 push rdx
            0002 push rcx
            0003 push r8
            0005 sub rsp,80h
            000c vmovdqu [rsp],xmm0
            0011 vmovdqu [rsp+10h],xmm1
            0017 vmovdqu [rsp+20h],xmm2
            001d vmovdqu [rsp+30h],xmm3
            0023 vmovdqu [rsp+40h],xmm4
            0029 vmovdqu [rsp+50h],xmm5
            002f vmovdqu [rsp+60h],xmm6
            0035 vmovdqu [rsp+70h],xmm7
            003b mov rax,rdi
            003e vmovupd ymm0,[rax]
            0042 vmovupd ymm1,[rax+20h]
            0047 add rax,rsi
            004a vmovupd ymm2,[rax]
            004e vmovupd ymm3,[rax+20h]
            0053 test r8,r8
            0056 jle short 00000000000000A1h
            0058 nop [rax+rax]
            0060 vmovupd ymm4,[rcx]
            0064 vmovupd ymm5,[rcx+20h]
            0069 vbroadcastsd ymm6,[rdx]
            006e vmulpd ymm7,ymm6,ymm4
            0072 vaddpd ymm0,ymm0,ymm7
            0076 vmulpd ymm7,ymm6,ymm5
            007a vaddpd ymm1,ymm1,ymm7
            007e vbroadcastsd ymm6,[rdx+8]
            0084 vmulpd ymm7,ymm6,ymm4
            0088 vaddpd ymm2,ymm2,ymm7
            008c vmulpd ymm7,ymm6,ymm5
            0090 vaddpd ymm3,ymm3,ymm7
            0094 add rdx,10h
            0098 add rcx,40h
            009c dec r8
            009f jne short 0000000000000060h
            00a1 mov rax,rdi
            00a4 vmovupd [rax],ymm0
            00a8 vmovupd [rax+20h],ymm1
            00ad add rax,rsi
            00b0 vmovupd [rax],ymm2
            00b4 vmovupd [rax+20h],ymm3
            00b9 vzeroupper
            00bc vmovdqu xmm0,[rsp]
            00c1 vmovdqu xmm1,[rsp+10h]
            00c7 vmovdqu xmm2,[rsp+20h]
            00cd vmovdqu xmm3,[rsp+30h]
            00d3 vmovdqu xmm4,[rsp+40h]
            00d9 vmovdqu xmm5,[rsp+50h]
            00df vmovdqu xmm6,[rsp+60h]
            00e5 vmovdqu xmm7,[rsp+70h]
            00eb add rsp,80h
            00f2 pop r8
            00f4 pop rcx
            00f5 pop rdx
            00f6 pop rax
            00f7 ret
        "#]]
        .assert_eq(&disassemble(&k.assemble().unwrap()));
    }

    #[test]
    fn a_micro_kernel_of_two_products() {
        let k = WideKernel {
            double: true,
            width: Width::Ymm,
            rows: 2,
            vectors: 1,
            row_first: false,
            element_first: true,
            fused: false,
            second: Some(SecondProduct {
                row_first: true,
                columns_at: 0x1000,
            }),
        };
        let text = disassemble(&k.assemble().unwrap());
        let top = text.find("vmovupd ymm2,[rcx]").unwrap();
        let end = text.find("jne").unwrap();
        expect![[r#"
            vmovupd ymm2,[rcx]
            0044 vbroadcastsd ymm4,[rdx]
            0049 vmulpd ymm4,ymm2,ymm4
            004d vmovupd ymm3,[r9]
            0052 vmulpd ymm3,ymm3,[rcx+1000h]
            005a vaddpd ymm4,ymm4,ymm3
            005e vaddpd ymm0,ymm0,ymm4
            0062 vbroadcastsd ymm4,[rdx+8]
            0068 vmulpd ymm4,ymm2,ymm4
            006c vmovupd ymm3,[r9+20h]
            0072 vmulpd ymm3,ymm3,[rcx+1000h]
            007a vaddpd ymm4,ymm4,ymm3
            007e vaddpd ymm1,ymm1,ymm4
            0082 add r9,40h
            0086 add rdx,10h
            008a add rcx,20h
            008e dec r8
            0091 "#]]
        .assert_eq(&text[top..end]);
    }

    #[test]
    fn a_fused_micro_kernel_of_floats_in_zmm_registers() {
        let k = WideKernel {
            double: false,
            width: Width::Zmm,
            rows: 2,
            vectors: 1,
            row_first: false,
            element_first: false,
            fused: true,
            second: None,
        };
        expect![[r#"
            0000 push rax
            0001 push rdx
            0002 push rcx
            0003 push r8
            0005 mov rax,rdi
            0008 vmovups zmm31,[rax]
            000e add rax,rsi
            0011 vmovups zmm30,[rax]
            0017 test r8,r8
            001a jle short 000000000000004Ch
            001c nop [rax]
            0020 vmovups zmm29,[rcx]
            0026 vbroadcastss zmm28,[rdx]
            002c vfmadd231ps zmm31,zmm28,zmm29
            0032 vbroadcastss zmm28,[rdx+4]
            0039 vfmadd231ps zmm30,zmm28,zmm29
            003f add rdx,8
            0043 add rcx,40h
            0047 dec r8
            004a jne short 0000000000000020h
            004c mov rax,rdi
            004f vmovups [rax],zmm31
            0055 add rax,rsi
            0058 vmovups [rax],zmm30
            005e vzeroupper
            0061 pop r8
            0063 pop rcx
            0064 pop rdx
            0065 pop rax
            0066 ret
        "#]]
        .assert_eq(&disassemble(&k.assemble().unwrap()));
        let too_many = WideKernel {
            rows: 6,
            vectors: 3,
            ..k
        };
        assert!(too_many.registers() > 16);
        assert!(
            WideKernel {
                width: Width::Ymm,
                ..too_many
            }
            .assemble()
            .is_err()
        );
    }

    /// The targets of the backward branches of `code`: its loops' heads.
    fn heads(code: &[u8]) -> Vec<u64> {
        use iced_x86::{Decoder, DecoderOptions};
        Decoder::with_ip(64, code, 0, DecoderOptions::NONE)
            .into_iter()
            .filter(|i| i.op0_kind() == iced_x86::OpKind::NearBranch64)
            .filter(|i| i.near_branch_target() < i.ip())
            .map(|i| i.near_branch_target())
            .collect()
    }

    #[test]
    fn loop_heads_start_on_32_bytes() {
        let mut codes = Vec::new();
        for width in [Width::Ymm, Width::Zmm] {
            codes.push(example(width, true).assemble().unwrap());
            codes.push(example(width, false).assemble().unwrap());
            codes.push(select(width).assemble().unwrap());
            for (rows, vectors) in [(1, 1), (2, 1), (3, 2), (5, 2), (6, 2)] {
                for double in [true, false] {
                    let k = WideKernel {
                        double,
                        width,
                        rows,
                        vectors,
                        row_first: true,
                        element_first: false,
                        fused: false,
                        second: None,
                    };
                    codes.push(k.assemble().unwrap());
                    codes.push(WideKernel { fused: true, ..k }.assemble().unwrap());
                }
            }
        }
        for code in &codes {
            let heads = heads(code);
            assert_eq!(heads.len(), 1, "{}", disassemble(code));
            assert_eq!(heads[0] % LOOP_ALIGN, 0, "{}", disassemble(code));
        }
    }

    #[test]
    fn registers_are_counted_as_a_stack() {
        let l = example(Width::Ymm, true);
        assert_eq!(l.stmts[0].value.registers(), 3);
        assert!(l.fits());
        assert_eq!(l.lanes(), 4);
        assert_eq!(example(Width::Zmm, false).lanes(), 16);
    }
}
