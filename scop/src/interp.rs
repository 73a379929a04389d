//! The reference interpreter: the meaning of a program, and the ground truth every test
//! compares against.
//!
//! It runs a [`Function`] on caller-provided [`Buffer`]s with C's semantics on an LP64 target:
//! integers are computed exactly (in `i128`) and then checked or wrapped for their type, so
//! signed overflow, division by zero, bad shifts and out-of-range float-to-integer conversions
//! are errors (undefined in C), while unsigned arithmetic and narrowing conversions wrap (as C
//! and gcc define them). `float` is computed in single precision, never contracted into FMA.
//! Math functions call the C library's own `sqrt`, `exp`, ... so they round exactly as compiled C
//! does. Every array access is checked against the buffer behind it (an alias may legally reach
//! before its own start, as `B[-1]` with `B = A + 1`); reading an uninitialized local is an
//! error; and a step limit (statements executed plus loop tests) stops endless loops.
//!
//! # Design notes
//!
//! - **Reference interpreter** (`interp.rs`). Runs a `Function` on `Args` (scalar values, byte
//!   `Buffer`s in little-endian layout, and a `Binding` of every array parameter to a buffer and an
//!   element offset, which is how aliasing is expressed). Integers are computed exactly in `i128`,
//!   then checked (signed: overflow, division by zero, `MIN / -1`, bad shifts, out-of-range
//!   float-to-int conversions are `RunErrorKind::Undefined`) or wrapped (unsigned arithmetic and
//!   narrowing conversions, as C and gcc define them). `float` arithmetic is single precision;
//!   math functions call the C library's own functions, so results are bitwise those of compiled C.
//!   Accesses are checked against the whole buffer behind the array (an inner index past its
//!   dimension is fine while inside the buffer, as in C's flat memory; an alias may reach back
//!   before its own start). Reads of unwritten locals are errors; a step limit (assignments plus
//!   loop tests) stops endless loops.

use crate::id::IdVec;
use crate::ir::{
    ArrayId, ArrayKind, BinOp, Dim, Expr, ExprKind, For, Function, IrLeaf, LValue, MathFn, SrcLoc,
    Stmt, StmtKind, UnOp, VarId, VarKind,
};
use crate::types::Type;
use std::fmt;

/// A scalar value. Integers are kept exactly, in range of their type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An integer of any C integer type.
    Int(i128),
    /// A `float`.
    F32(f32),
    /// A `double`.
    F64(f64),
}

impl Value {
    /// Converts a value of type `from` to type `to` with C's rules. Float-to-integer conversions
    /// of values out of range (or NaN) are undefined in C and fail.
    pub fn convert(self, to: Type) -> Result<Value, String> {
        Ok(match (self, to.is_float()) {
            (Value::Int(v), false) => Value::Int(wrap(v, to)),
            (Value::Int(v), true) => {
                if to == Type::F32 {
                    Value::F32(v as f32)
                } else {
                    Value::F64(v as f64)
                }
            }
            (Value::F32(x), _) => float_to(f64::from(x), to, Some(x))?,
            (Value::F64(x), _) => float_to(x, to, None)?,
        })
    }

    /// Whether the value is non-zero (C's truth).
    pub fn truthy(self) -> bool {
        match self {
            Value::Int(v) => v != 0,
            Value::F32(x) => x != 0.0,
            Value::F64(x) => x != 0.0,
        }
    }
}

fn float_to(x: f64, to: Type, single: Option<f32>) -> Result<Value, String> {
    Ok(match to {
        Type::F32 => Value::F32(single.unwrap_or(x as f32)),
        Type::F64 => Value::F64(x),
        _ => {
            let t = x.trunc();
            if x.is_nan() || t < to.min_int() as f64 || t > to.max_int() as f64 {
                return Err(format!(
                    "conversion of {x} to {to} is out of range (undefined in C)"
                ));
            }
            Value::Int(t as i128)
        }
    })
}

/// Reduces `v` modulo 2^bits into the range of the integer type `ty` (two's complement).
fn wrap(v: i128, ty: Type) -> i128 {
    let bits = ty.bits();
    let m = v.rem_euclid(1i128 << bits);
    if ty.is_signed() && m > ty.max_int() {
        m - (1i128 << bits)
    } else {
        m
    }
}

/// The memory behind one or more array parameters: elements of one type, stored as bytes in
/// the target's (little-endian) layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    /// The element type.
    pub elem: Type,
    /// The bytes, `len * elem.size()` of them.
    pub bytes: Vec<u8>,
}

impl Buffer {
    /// `len` zeroed elements of type `elem`.
    pub fn zeroed(elem: Type, len: usize) -> Buffer {
        Buffer {
            elem,
            bytes: vec![0; len * elem.size()],
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.bytes.len() / self.elem.size()
    }

    /// Whether the buffer has no element.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Element `i` (which must be in range).
    pub fn get(&self, i: usize) -> Value {
        let s = self.elem.size();
        let b = &self.bytes[i * s..(i + 1) * s];
        let mut w = [0u8; 8];
        w[..s].copy_from_slice(b);
        let raw = u64::from_le_bytes(w);
        match self.elem {
            Type::F32 => Value::F32(f32::from_bits(raw as u32)),
            Type::F64 => Value::F64(f64::from_bits(raw)),
            t => Value::Int(wrap(i128::from(raw), t)),
        }
    }

    /// Stores `v` (already of the element type) at element `i` (which must be in range).
    pub fn set(&mut self, i: usize, v: Value) {
        let s = self.elem.size();
        let raw: u64 = match v {
            Value::Int(x) => wrap(x, self.elem.to_unsigned()) as u64,
            Value::F32(x) => u64::from(x.to_bits()),
            Value::F64(x) => x.to_bits(),
        };
        self.bytes[i * s..(i + 1) * s].copy_from_slice(&raw.to_le_bytes()[..s]);
    }

    /// The 64-bit FNV-1a hash of the bytes (offset basis 0xcbf29ce484222325, prime
    /// 0x100000001b3), as `optimist run` prints it.
    pub fn fnv1a(&self) -> u64 {
        fnv1a(&self.bytes)
    }
}

/// The 64-bit FNV-1a hash of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Where an array parameter points: into buffer `buffer`, `offset` elements from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// Index into [`Args::buffers`].
    pub buffer: usize,
    /// Element offset into that buffer (an alias such as `B = A + 1` has offset 1).
    pub offset: usize,
}

/// The arguments of one run: scalar parameter values and the buffers behind array parameters.
#[derive(Clone, Debug, Default)]
pub struct Args {
    /// A value for every scalar parameter, indexed like [`Function::vars`] (`None` elsewhere).
    pub scalars: IdVec<VarId, Option<Value>>,
    /// The memory.
    pub buffers: Vec<Buffer>,
    /// A binding for every array parameter, indexed like [`Function::arrays`].
    pub bindings: IdVec<ArrayId, Option<Binding>>,
    /// Set by a run: the function's value, for a function that returns one
    /// ([`Function::ret`]).
    pub returned: Option<Value>,
}

/// Limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most steps (assignments executed plus loop tests) before the run stops.
    pub max_steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 1_000_000_000,
        }
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Steps taken: assignments executed plus loop tests.
    pub steps: u64,
}

/// What went wrong in a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunErrorKind {
    /// *Invalid input*: an access outside the buffer behind the array.
    OutOfBounds,
    /// *Invalid input*: undefined behaviour in C (signed overflow, division by zero, bad shift,
    /// out-of-range conversion).
    Undefined,
    /// *Invalid input*: a local read before it was written.
    Uninitialized,
    /// *Limit reached*: the step limit.
    StepLimit,
    /// *Invalid input*: the arguments do not fit the function (missing value, bad binding).
    BadArguments,
    /// *Invalid input*: a pure function ([`crate::ir::PureFn`]) has no implementation, or it
    /// failed.
    Call,
}

/// A failed run: what, where (the statement), and a message naming the access or operation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct RunError {
    /// The kind of failure.
    pub kind: RunErrorKind,
    /// What happened.
    pub message: String,
    /// The statement that failed, when the program came from source.
    pub loc: Option<SrcLoc>,
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.loc {
            Some(l) => write!(f, "{l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

type Res<T> = Result<T, Box<RunError>>;

/// Runs `f` with `args`, writing into `args.buffers`.
pub fn run(f: &Function, args: &mut Args, limits: &Limits) -> Result<Stats, RunError> {
    f.validate().map_err(|e| RunError {
        kind: RunErrorKind::BadArguments,
        message: e.to_string(),
        loc: None,
    })?;
    check_shapes(f, args).map_err(|e| *e)?;
    let bindings = args.bindings.clone();
    let buffers_before = args.buffers.len();
    args.returned = None;
    let mut returned = None;
    let result = (|| {
        let mut m = Machine::new(f, &args.scalars, &bindings, &mut args.buffers, limits)?;
        m.stmts(&f.body)?;
        if let Some(r) = f.ret {
            let state = &m.arrays[r];
            returned = Some(m.buffers[state.buffer].get(0));
        }
        Ok(Stats { steps: m.steps })
    })();
    args.returned = returned;
    // Local arrays live only during the run.
    args.buffers.truncate(buffers_before);
    result.map_err(|e: Box<RunError>| *e)
}

/// The number of elements array `a`'s declared shape needs at the scalar parameters of
/// `args` (negative sizes count as 0), when every dimension is declared: `None` for a flat
/// pointer or an array whose first dimension is not declared (`double A[][m]`).
pub fn declared_len(f: &Function, args: &Args, a: ArrayId) -> Result<Option<u128>, RunError> {
    let mut total: u128 = 1;
    for d in &f.array(a).dims {
        let n = match d {
            Dim::Const(n) => i128::from(*n),
            Dim::Unknown => return Ok(None),
            Dim::Expr(e) => match eval_params(f, args, e)? {
                Value::Int(n) => n,
                _ => return Ok(None),
            },
        };
        total = total.saturating_mul(n.max(0) as u128);
    }
    Ok(Some(total))
}

/// Checks, before anything runs, that every array parameter's buffer holds at least what its
/// declared shape needs from where the array starts: a call with a shorter one is refused
/// whole (`BadArguments`), as native code refuses it.
fn check_shapes(f: &Function, args: &Args) -> Res<()> {
    for a in f.array_params() {
        let Some(b) = args.bindings.get(a).copied().flatten() else {
            continue;
        };
        let Some(buffer) = args.buffers.get(b.buffer) else {
            continue;
        };
        let have = buffer.len().saturating_sub(b.offset) as u128;
        if let Some(need) = declared_len(f, args, a).map_err(Box::new)?
            && need > have
        {
            return Err(bad_args(format!(
                "the buffer of `{}` holds {have} elements; its declared shape needs {need}: pass a larger buffer",
                f.array(a).name
            )));
        }
    }
    Ok(())
}

/// Evaluates an expression over the scalar parameters only (such as an array size).
pub fn eval_params(f: &Function, args: &Args, e: &Expr) -> Result<Value, RunError> {
    let mut no_buffers = Vec::new();
    let mut m = Machine::scalars_only(f, &args.scalars, &mut no_buffers, &Limits::default())
        .map_err(|e| *e)?;
    m.eval(e).map_err(|e| *e)
}

/// How an array is reached during a run.
struct ArrayState {
    /// Index into the machine's buffers.
    buffer: usize,
    /// Element offset of the array's start.
    offset: i128,
    /// The size of each dimension but the first.
    inner: Vec<i128>,
}

struct Machine<'a> {
    f: &'a Function,
    scalars: IdVec<VarId, Option<Value>>,
    buffers: &'a mut Vec<Buffer>,
    /// For buffers of local arrays: which elements were written.
    written: Vec<Option<Vec<bool>>>,
    arrays: IdVec<ArrayId, ArrayState>,
    steps: u64,
    max_steps: u64,
    loc: Option<SrcLoc>,
}

fn bad_args(message: String) -> Box<RunError> {
    Box::new(RunError {
        kind: RunErrorKind::BadArguments,
        message,
        loc: None,
    })
}

/// Checks that a caller's value fits the parameter's type.
fn check_value(v: Value, ty: Type) -> Result<Value, String> {
    match (v, ty) {
        (Value::Int(x), t) if t.is_int() && x >= t.min_int() && x <= t.max_int() => Ok(v),
        (Value::Int(x), t) if t.is_int() => Err(format!("{x} is out of range of {t}")),
        (Value::F32(_), Type::F32) | (Value::F64(_), Type::F64) => Ok(v),
        (Value::Int(x), Type::F32) => Ok(Value::F32(x as f32)),
        (Value::Int(x), Type::F64) => Ok(Value::F64(x as f64)),
        (Value::F64(x), Type::F32) => Ok(Value::F32(x as f32)),
        (Value::F32(x), Type::F64) => Ok(Value::F64(f64::from(x))),
        _ => Err(format!("a {ty} is needed")),
    }
}

impl<'a> Machine<'a> {
    /// A machine with the scalar parameters set and no array yet.
    fn scalars_only(
        f: &'a Function,
        given: &IdVec<VarId, Option<Value>>,
        buffers: &'a mut Vec<Buffer>,
        limits: &Limits,
    ) -> Res<Machine<'a>> {
        let mut scalars: IdVec<VarId, Option<Value>> = IdVec::from_fn(f.vars.len(), |_| None);
        for v in f.scalar_params() {
            let var = f.var(v);
            let val = given
                .get(v)
                .copied()
                .flatten()
                .ok_or_else(|| bad_args(format!("no value for parameter `{}`", var.name)))?;
            scalars[v] = Some(
                check_value(val, var.ty)
                    .map_err(|m| bad_args(format!("parameter `{}`: {m}", var.name)))?,
            );
        }
        let written = vec![None; buffers.len()];
        Ok(Machine {
            f,
            scalars,
            buffers,
            written,
            arrays: IdVec::new(),
            steps: 0,
            max_steps: limits.max_steps,
            loc: None,
        })
    }

    /// A machine ready to run: scalars set, every array bound to its buffer (local arrays get
    /// fresh ones).
    fn new(
        f: &'a Function,
        given: &IdVec<VarId, Option<Value>>,
        bindings: &IdVec<ArrayId, Option<Binding>>,
        buffers: &'a mut Vec<Buffer>,
        limits: &Limits,
    ) -> Res<Machine<'a>> {
        let mut m = Machine::scalars_only(f, given, buffers, limits)?;
        for (i, a) in f.arrays.iter_enumerated() {
            // Sizes are evaluated at entry, as C evaluates the sizes of parameter arrays.
            let mut sizes = Vec::with_capacity(a.dims.len());
            for d in &a.dims {
                sizes.push(match d {
                    Dim::Const(n) => Some(i128::from(*n)),
                    Dim::Expr(e) => Some(m.int(e)?),
                    Dim::Unknown => None,
                });
            }
            let inner: Vec<i128> = sizes.iter().skip(1).map(|s| s.unwrap_or(0)).collect();
            if let Some(s) = inner.iter().find(|&&s| s < 0) {
                return Err(bad_args(format!(
                    "array `{}` has a negative dimension ({s})",
                    a.name
                )));
            }
            let (buffer, offset) = if a.kind == ArrayKind::Local {
                let total = sizes.iter().try_fold(1i128, |acc, s| match s {
                    Some(s) if *s >= 0 => acc.checked_mul(*s),
                    _ => None,
                });
                let total = total
                    .and_then(|t| usize::try_from(t).ok())
                    .filter(|&t| t <= 1 << 30)
                    .ok_or_else(|| {
                        bad_args(format!("local array `{}` has no valid size", a.name))
                    })?;
                m.buffers.push(Buffer::zeroed(a.elem, total));
                m.written.push(Some(vec![false; total]));
                (m.buffers.len() - 1, 0)
            } else {
                let b = bindings
                    .get(i)
                    .copied()
                    .flatten()
                    .ok_or_else(|| bad_args(format!("no buffer for array `{}`", a.name)))?;
                (b.buffer, b.offset as i128)
            };
            if m.buffers.get(buffer).is_none_or(|b| b.elem != a.elem) {
                return Err(bad_args(format!(
                    "the buffer of `{}` does not hold {} elements",
                    a.name, a.elem
                )));
            }
            m.arrays.push(ArrayState {
                buffer,
                offset,
                inner,
            });
        }
        Ok(m)
    }

    fn error(&self, kind: RunErrorKind, message: String) -> Box<RunError> {
        Box::new(RunError {
            kind,
            message,
            loc: self.loc.clone(),
        })
    }

    fn undefined(&self, message: String) -> Box<RunError> {
        self.error(RunErrorKind::Undefined, message)
    }

    fn step(&mut self) -> Res<()> {
        self.steps += 1;
        if self.steps > self.max_steps {
            return Err(self.error(
                RunErrorKind::StepLimit,
                format!(
                    "stopped after {} steps (assignments and loop tests)",
                    self.max_steps
                ),
            ));
        }
        Ok(())
    }

    fn stmts(&mut self, stmts: &[Stmt]) -> Res<()> {
        for s in stmts {
            self.stmt(s)?;
        }
        Ok(())
    }

    /// Executes one statement; nesting is bounded by `MAX_DEPTH` (checked by `validate`).
    fn stmt(&mut self, s: &Stmt) -> Res<()> {
        if s.loc.is_some() {
            self.loc.clone_from(&s.loc);
        }
        match &s.kind {
            StmtKind::Assign(lv, e) => {
                self.step()?;
                let v = self.eval(e)?;
                self.loc.clone_from(&s.loc);
                match lv {
                    LValue::Var(x) => self.scalars[*x] = Some(v),
                    LValue::Elem(a, idx) => {
                        let (buf, i) = self.element(*a, idx, true)?;
                        self.buffers[buf].set(i, v);
                        if let Some(w) = &mut self.written[buf] {
                            w[i] = true;
                        }
                    }
                }
            }
            StmtKind::If(c, t, e) => {
                let branch = if self.eval(c)?.truthy() { t } else { e };
                self.stmts(branch)?;
            }
            StmtKind::For(l) => self.for_loop(l, s)?,
            StmtKind::Block(b) => self.stmts(b)?,
        }
        Ok(())
    }

    fn for_loop(&mut self, l: &For, s: &Stmt) -> Res<()> {
        let ty = self.f.var(l.var).ty;
        let init = self.eval(&l.init)?;
        self.scalars[l.var] = Some(init);
        loop {
            self.loc.clone_from(&s.loc);
            self.step()?;
            let i = self
                .read_var(l.var)?
                .convert(l.cond.ty)
                .map_err(|m| self.undefined(m))?;
            let b = self.eval(&l.cond.bound)?;
            if !compare(l.cond.op, i, b) {
                return Ok(());
            }
            self.stmts(&l.body)?;
            self.loc.clone_from(&s.loc);
            // `i += step`: computed in the promoted type (overflow there is undefined), then
            // converted back to the iterator's type (which wraps for narrow types).
            let Value::Int(cur) = self.read_var(l.var)? else {
                return Err(self.undefined("loop iterator is not an integer".into()));
            };
            let promoted = ty.promote();
            let next = cur + i128::from(l.step);
            if promoted.is_signed() && (next < promoted.min_int() || next > promoted.max_int()) {
                let name = &self.f.var(l.var).name;
                return Err(
                    self.undefined(format!("signed overflow incrementing `{name}` past {cur}"))
                );
            }
            self.scalars[l.var] = Some(Value::Int(wrap(next, ty)));
        }
    }

    fn read_var(&self, v: VarId) -> Res<Value> {
        self.scalars[v].ok_or_else(|| {
            let var = self.f.var(v);
            let what = if var.kind == VarKind::Local {
                "local"
            } else {
                "parameter"
            };
            self.error(
                RunErrorKind::Uninitialized,
                format!("read of {what} `{}` before it is written", var.name),
            )
        })
    }

    /// The buffer and element index of `array[idx...]`, checked against the buffer.
    fn element(&mut self, a: ArrayId, idx: &[Expr], write: bool) -> Res<(usize, usize)> {
        let mut values = Vec::with_capacity(idx.len());
        for e in idx {
            values.push(self.int(e)?);
        }
        let st = &self.arrays[a];
        let mut flat: i128 = 0;
        for (k, v) in values.iter().enumerate() {
            // Row-major: flat = ((i0 * d1 + i1) * d2 + i2) ...
            flat = if k == 0 {
                *v
            } else {
                flat * st.inner[k - 1] + v
            };
        }
        let buf = st.buffer;
        let pos = st.offset + flat;
        let len = self.buffers[buf].len();
        if pos < 0 || pos >= len as i128 {
            let name = &self.f.array(a).name;
            let shown: Vec<String> = values.iter().map(|v| format!("[{v}]")).collect();
            return Err(self.error(
                RunErrorKind::OutOfBounds,
                format!(
                    "{} of {name}{} is out of bounds: element {pos} of a buffer of {len}",
                    if write { "write" } else { "read" },
                    shown.join("")
                ),
            ));
        }
        Ok((buf, pos as usize))
    }

    /// Evaluates an integer expression.
    fn int(&mut self, e: &Expr) -> Res<i128> {
        match self.eval(e)? {
            Value::Int(v) => Ok(v),
            _ => Err(self.undefined("integer expected".into())),
        }
    }

    /// Evaluates an expression (depth bounded by `MAX_DEPTH`, so recursion is safe).
    fn eval(&mut self, e: &Expr) -> Res<Value> {
        Ok(match &e.kind {
            ExprKind::Int(v) => Value::Int(*v),
            ExprKind::Float(x) => {
                if e.ty == Type::F32 {
                    Value::F32(*x as f32)
                } else {
                    Value::F64(*x)
                }
            }
            ExprKind::Leaf(IrLeaf::Var(v)) => self.read_var(*v)?,
            ExprKind::Leaf(IrLeaf::Read(a, idx)) => {
                let (buf, i) = self.element(*a, idx, false)?;
                if let Some(w) = &self.written[buf]
                    && !w[i]
                {
                    let name = &self.f.array(*a).name;
                    return Err(self.error(
                        RunErrorKind::Uninitialized,
                        format!("read of local array `{name}` at element {i} before it is written"),
                    ));
                }
                self.buffers[buf].get(i)
            }
            ExprKind::Cast(a) => {
                let v = self.eval(a)?;
                v.convert(e.ty).map_err(|m| self.undefined(m))?
            }
            ExprKind::Unary(op, a) => {
                let v = self.eval(a)?;
                self.unary(*op, v, e.ty)?
            }
            ExprKind::Binary(BinOp::And, a, b) => {
                Value::Int(i128::from(self.eval(a)?.truthy() && self.eval(b)?.truthy()))
            }
            ExprKind::Binary(BinOp::Or, a, b) => {
                Value::Int(i128::from(self.eval(a)?.truthy() || self.eval(b)?.truthy()))
            }
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                if op.is_comparison() {
                    Value::Int(i128::from(compare(*op, x, y)))
                } else {
                    self.arith(*op, x, y, e.ty)?
                }
            }
            ExprKind::Select(c, a, b) => {
                if self.eval(c)?.truthy() {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            ExprKind::Call(f, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(a)?);
                }
                math(*f, &vals)
            }
            ExprKind::Pure(p, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(a)?);
                }
                p.call(&vals)
                    .map_err(|message| self.error(RunErrorKind::Call, message))?
            }
        })
    }

    fn unary(&self, op: UnOp, v: Value, ty: Type) -> Res<Value> {
        Ok(match (op, v) {
            (UnOp::Not, v) => Value::Int(i128::from(!v.truthy())),
            (UnOp::Neg, Value::F32(x)) => Value::F32(-x),
            (UnOp::Neg, Value::F64(x)) => Value::F64(-x),
            (UnOp::Neg, Value::Int(x)) => self.int_result(-x, ty, "negation")?,
            (UnOp::BitNot, Value::Int(x)) => Value::Int(wrap(!x, ty)),
            (UnOp::BitNot, _) => return Err(self.undefined("`~` of a float".into())),
        })
    }

    /// The result of an integer operation computed exactly: checked for signed types (overflow
    /// is undefined), wrapped for unsigned ones.
    fn int_result(&self, v: i128, ty: Type, what: &str) -> Res<Value> {
        if ty.is_signed() && (v < ty.min_int() || v > ty.max_int()) {
            return Err(self.undefined(format!("signed overflow in {what}: {v} does not fit {ty}")));
        }
        Ok(Value::Int(wrap(v, ty)))
    }

    fn arith(&self, op: BinOp, x: Value, y: Value, ty: Type) -> Res<Value> {
        match (x, y) {
            (Value::F64(a), Value::F64(b)) => Ok(Value::F64(match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => a / b,
                _ => return Err(self.undefined(format!("`{}` on doubles", op.symbol()))),
            })),
            (Value::F32(a), Value::F32(b)) => Ok(Value::F32(match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => a / b,
                _ => return Err(self.undefined(format!("`{}` on floats", op.symbol()))),
            })),
            (Value::Int(a), Value::Int(b)) => {
                let r = match op {
                    BinOp::Add => a + b,
                    BinOp::Sub => a - b,
                    BinOp::Mul => a * b,
                    BinOp::Div | BinOp::Rem => {
                        if b == 0 {
                            return Err(self.undefined("integer division by zero".into()));
                        }
                        // C truncates toward zero; the remainder has the dividend's sign. The
                        // quotient of MIN / -1 overflows, and C leaves MIN % -1 undefined too.
                        if ty.is_signed() && a == ty.min_int() && b == -1 {
                            return Err(self
                                .undefined(format!("signed overflow in {a} {} -1", op.symbol())));
                        }
                        if op == BinOp::Div { a / b } else { a % b }
                    }
                    BinOp::Shl | BinOp::Shr => {
                        if b < 0 || b >= i128::from(ty.bits()) {
                            return Err(self
                                .undefined(format!("shift by {b} of a {}-bit value", ty.bits())));
                        }
                        if op == BinOp::Shr {
                            a >> b
                        } else if ty.is_signed() && a < 0 {
                            return Err(self.undefined(format!("left shift of negative value {a}")));
                        } else {
                            a << b
                        }
                    }
                    BinOp::BitAnd => a & b,
                    BinOp::BitOr => a | b,
                    BinOp::BitXor => a ^ b,
                    _ => return Err(self.undefined(format!("`{}` is not arithmetic", op.symbol()))),
                };
                self.int_result(r, ty, &format!("`{}`", op.symbol()))
            }
            _ => Err(self.undefined("operands of different types".into())),
        }
    }
}

/// Compares two values of one type with C's semantics (every comparison with NaN is false,
/// except `!=`).
fn compare(op: BinOp, x: Value, y: Value) -> bool {
    let ord = match (x, y) {
        (Value::Int(a), Value::Int(b)) => Some(a.cmp(&b)),
        (Value::F32(a), Value::F32(b)) => a.partial_cmp(&b),
        (Value::F64(a), Value::F64(b)) => a.partial_cmp(&b),
        _ => None,
    };
    use std::cmp::Ordering::*;
    match (op, ord) {
        (BinOp::Ne, None) => true,
        (_, None) => false,
        (BinOp::Lt, Some(o)) => o == Less,
        (BinOp::Le, Some(o)) => o != Greater,
        (BinOp::Gt, Some(o)) => o == Greater,
        (BinOp::Ge, Some(o)) => o != Less,
        (BinOp::Eq, Some(o)) => o == Equal,
        (BinOp::Ne, Some(o)) => o != Equal,
        _ => false,
    }
}

/// Calls the C library's function, so the result is the one compiled C gets.
fn math(f: MathFn, args: &[Value]) -> Value {
    if matches!(args.first(), Some(Value::F32(_))) {
        let xs: Vec<f32> = args
            .iter()
            .map(|v| match v {
                Value::F32(x) => *x,
                _ => f32::NAN,
            })
            .collect();
        Value::F32(f.eval_f32(&xs))
    } else {
        let xs: Vec<f64> = args
            .iter()
            .map(|v| match v {
                Value::F64(x) => *x,
                _ => f64::NAN,
            })
            .collect();
        Value::F64(f.eval_f64(&xs))
    }
}
