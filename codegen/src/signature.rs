//! The typed call surface of a [`Kernel`]: its parameters resolved once into a [`Signature`],
//! called positionally with typed scalars and slices ([`Arg`]), and the C entry as a Rust
//! function type checked against the kernel's parameters ([`CEntry::typed`]).
//!
//! A [`Signature`] does at resolution what [`Kernel::call`] does on every call: it finds each
//! parameter by name, refuses a name given twice, an unknown one and a missing one, and works
//! out how to check each array's length. A call then only checks each argument's type and each
//! buffer's length, fills an argument block it keeps from call to call and runs the code.
//!
//! Arrays are passed three ways:
//! - `&mut [T]`: the kernel may read and write it;
//! - `&[T]`: read only; refused for an array the kernel writes;
//! - `&[Cell<T>]` (`Cell::from_mut(slice).as_slice_of_cells()`): shared, so that the same
//!   buffer may be passed for two parameters, as C allows. The run-time check then decides:
//!   the optimized code runs when the arrays it needs apart are apart, the faithful code (the
//!   program as written, aliasing included) otherwise.

use crate::abi::{ArgBlock, CType, CTypes};
use crate::kernel::{CEntry, Kernel, KernelError, Version, View};
use optimist_scop::Type;
use optimist_scop::id::IdVec;
use optimist_scop::interp::{Args, Value};
use optimist_scop::ir::{ArrayId, ArrayKind, Dim, ExprKind, Function, IrLeaf, Param, VarId};
use std::cell::Cell;

/// One argument of a [`Signature`] call: a scalar of the parameter's exact C type (`i32` for
/// `int`, `f64` for `double`, ...) or an array as a slice of its element type (`&mut [T]`,
/// `&[T]`, `&[Cell<T>]`, or a `Vec` of them). Made with `From`: `Arg::from(3i32)`,
/// `y.as_mut_slice().into()`.
#[derive(Debug)]
pub struct Arg<'a>(Kind<'a>);

#[derive(Debug)]
enum Kind<'a> {
    /// A scalar, and the C type of the Rust value it was made from.
    /// `bits`: its argument-block slot (an integer in two's complement, a float's bits);
    /// `count`: what a declared size of it counts (its value, 0 below 0).
    Scalar { bits: u64, count: u64, ty: Type },
    /// An array the kernel may write (`&mut [T]`).
    Mut(View, std::marker::PhantomData<&'a mut [u8]>),
    /// An array passed read only (`&[T]`).
    Read(View, std::marker::PhantomData<&'a [u8]>),
    /// An array that other parameters may share (`&[Cell<T>]`).
    Shared(View, std::marker::PhantomData<&'a [u8]>),
}

macro_rules! int_args {
    ($($rust:ty => $c:ident;)*) => {$(
        impl From<$rust> for Arg<'_> {
            fn from(x: $rust) -> Self {
                Arg(Kind::Scalar {
                    bits: x as i64 as u64,
                    count: if x > 0 { x as u64 } else { 0 },
                    ty: Type::$c,
                })
            }
        }
    )*};
}

int_args! {
    i8 => I8; u8 => U8; i16 => I16; u16 => U16; i32 => I32; u32 => U32; i64 => I64; u64 => U64;
}

impl From<f32> for Arg<'_> {
    fn from(x: f32) -> Self {
        Arg(Kind::Scalar {
            bits: u64::from(x.to_bits()),
            count: 0,
            ty: Type::F32,
        })
    }
}

impl From<f64> for Arg<'_> {
    fn from(x: f64) -> Self {
        Arg(Kind::Scalar {
            bits: x.to_bits(),
            count: 0,
            ty: Type::F64,
        })
    }
}

/// The value of a scalar argument of C type `ty` whose slot holds `bits`.
fn value_of(bits: u64, ty: Type) -> Value {
    match ty {
        Type::F32 => Value::F32(f32::from_bits(bits as u32)),
        Type::F64 => Value::F64(f64::from_bits(bits)),
        Type::U64 => Value::Int(i128::from(bits)),
        // Every other integer type fits in `i64`, sign-extended into the slot.
        _ => Value::Int(i128::from(bits as i64)),
    }
}

macro_rules! array_args {
    ($($rust:ty => $c:ident;)*) => {$(
        impl<'a> From<&'a mut [$rust]> for Arg<'a> {
            fn from(s: &'a mut [$rust]) -> Self {
                Arg(Kind::Mut(
                    View::raw(s.as_mut_ptr().cast::<u8>(), s.len(), Type::$c),
                    std::marker::PhantomData,
                ))
            }
        }
        impl<'a> From<&'a mut Vec<$rust>> for Arg<'a> {
            fn from(s: &'a mut Vec<$rust>) -> Self {
                Arg::from(s.as_mut_slice())
            }
        }
        impl<'a> From<&'a [$rust]> for Arg<'a> {
            fn from(s: &'a [$rust]) -> Self {
                Arg(Kind::Read(
                    View::raw(s.as_ptr().cast_mut().cast::<u8>(), s.len(), Type::$c),
                    std::marker::PhantomData,
                ))
            }
        }
        impl<'a> From<&'a Vec<$rust>> for Arg<'a> {
            fn from(s: &'a Vec<$rust>) -> Self {
                Arg::from(s.as_slice())
            }
        }
        impl<'a> From<&'a [Cell<$rust>]> for Arg<'a> {
            fn from(s: &'a [Cell<$rust>]) -> Self {
                // `Cell` gives the slice's elements interior mutability: the kernel may write
                // them through this shared borrow, as through any other of the same memory.
                Arg(Kind::Shared(
                    View::raw(s.as_ptr().cast_mut().cast::<u8>(), s.len(), Type::$c),
                    std::marker::PhantomData,
                ))
            }
        }
    )*};
}

array_args! {
    i8 => I8; u8 => U8; i16 => I16; u16 => U16; i32 => I32; u32 => U32;
    i64 => I64; u64 => U64; f32 => F32; f64 => F64;
}

/// How a call checks one array's length: the product of its dimensions, each a constant or a
/// scalar parameter's value (found at resolution), or through the interpreter's evaluation
/// of the declared sizes (any other size expression).
#[derive(Clone, Copy, Debug)]
enum Length {
    /// No declared size (a flat pointer, `A[][m]`): the code checks every access.
    Unknown,
    /// Constants and parameters, the first `dims` of `factors` (kept in the slot itself: a
    /// call reads no other memory to check a length).
    Product {
        dims: usize,
        factors: [Factor; MAX_FACTORS],
    },
    /// Another expression, or more dimensions: [`optimist_scop::interp::declared_len`].
    Evaluated,
}

/// The most dimensions a [`Length::Product`] holds.
const MAX_FACTORS: usize = 4;

#[derive(Clone, Copy, Debug)]
enum Factor {
    /// A constant size (at least 0).
    Const(u64),
    /// A signed integer parameter, or its conversion to a signed type as wide.
    Param(VarId),
}

impl Length {
    fn of(f: &Function, a: ArrayId) -> Length {
        let dims = &f.array(a).dims;
        if dims.iter().any(|d| matches!(d, Dim::Unknown)) {
            return Length::Unknown;
        }
        if dims.len() > MAX_FACTORS {
            return Length::Evaluated;
        }
        let mut factors = [Factor::Const(1); MAX_FACTORS];
        for (k, d) in dims.iter().enumerate() {
            factors[k] = match d {
                Dim::Unknown => return Length::Unknown,
                Dim::Const(n) => Factor::Const(*n),
                Dim::Expr(e) => {
                    // A parameter, or a widening of a signed parameter to a signed type:
                    // the value is the parameter's.
                    let leaf = match &e.kind {
                        ExprKind::Cast(inner) => {
                            let (from, to) = (inner.ty, e.ty);
                            let widening = from.is_int()
                                && to.is_int()
                                && from.min_int() < 0
                                && to.min_int() < 0
                                && to.size() >= from.size();
                            if !widening {
                                return Length::Evaluated;
                            }
                            &inner.kind
                        }
                        other => other,
                    };
                    match leaf {
                        ExprKind::Leaf(IrLeaf::Var(v))
                            if f.var(*v).ty.is_int() && f.params.contains(&Param::Scalar(*v)) =>
                        {
                            Factor::Param(*v)
                        }
                        ExprKind::Int(n) => {
                            Factor::Const((*n).clamp(0, i128::from(u64::MAX)) as u64)
                        }
                        _ => return Length::Evaluated,
                    }
                }
            };
        }
        Length::Product {
            dims: dims.len(),
            factors,
        }
    }
}

/// One parameter as a call fills it: its position among the arguments, and what it takes.
#[derive(Clone, Copy, Debug)]
struct Slot {
    at: usize,
    /// Where its slots start in the argument block (one for a scalar, three for an array).
    offset: usize,
    kind: SlotKind,
}

#[derive(Clone, Copy, Debug)]
enum SlotKind {
    /// A scalar variable of this type.
    Scalar(VarId, Type),
    /// An array of these elements, whether the kernel writes it, and how its length is
    /// checked.
    Array(ArrayId, Type, bool, Length),
}

/// A kernel's parameters resolved once, for calls by position ([`Kernel::signature`],
/// [`Kernel::signature_of`]).
///
/// ```
/// use optimist_codegen::{Arg, Kernel};
/// use optimist_scop::frontend;
/// let src = "void axpy(int n, double a, double X[n], double Y[n]) {\n  for (int i = 0; i < n; i++)\n    Y[i] += a * X[i];\n}";
/// let f = frontend::parse_source("axpy.c", src, None, &Default::default()).unwrap();
/// let kernel = Kernel::faithful(&f).unwrap();
/// let mut axpy = kernel.signature_of(&["n", "a", "X", "Y"]).unwrap();
/// let (x, mut y) = (vec![1.0, 2.0, 3.0], vec![10.0; 3]);
/// axpy.call(&mut [3i32.into(), 2.0f64.into(), x.as_slice().into(), y.as_mut_slice().into()])
///     .unwrap();
/// assert_eq!(y, [12.0, 14.0, 16.0]);
/// ```
#[derive(Debug)]
pub struct Signature<'k> {
    kernel: &'k Kernel,
    /// For each position of a call's arguments, the parameter (index into `Function::params`).
    order: Vec<usize>,
    /// The parameters in declaration order, each with its position among a call's arguments.
    slots: Vec<Slot>,
    /// The argument block's slots of the parameters.
    param_slots: usize,
    /// Kept from call to call: the scalar values (only when something reads them: a declared
    /// size the interpreter evaluates, a local array), each integer's count for a declared
    /// size (its value, 0 below 0), the views, the argument block.
    keep_scalars: bool,
    /// Whether some array's length is evaluated by the interpreter ([`Length::Evaluated`]).
    evaluated: bool,
    sizes: Args,
    counts: IdVec<VarId, u64>,
    views: IdVec<ArrayId, Option<View>>,
    block: ArgBlock,
}

impl Kernel {
    /// The kernel's parameters in the order of its C declaration, for calls by position.
    pub fn signature(&self) -> Signature<'_> {
        let f = self.function();
        Signature::new(self, (0..f.params.len()).collect())
    }

    /// The kernel's parameters in the order of `names`, each a parameter of the kernel given
    /// once: an unknown name, a name given twice and a parameter left out are refused here,
    /// not at a call.
    pub fn signature_of(&self, names: &[&str]) -> Result<Signature<'_>, KernelError> {
        let f = self.function();
        let bad = |m: String| KernelError::BadArguments(m);
        let name_of = |p: &Param| match *p {
            Param::Scalar(v) => f.var(v).name.as_str(),
            Param::Array(a) => f.array(a).name.as_str(),
        };
        let mut order = Vec::with_capacity(names.len());
        for (k, name) in names.iter().enumerate() {
            if names[..k].contains(name) {
                return Err(bad(format!("`{name}` is given twice")));
            }
            let p = f
                .params
                .iter()
                .position(|p| name_of(p) == *name)
                .ok_or_else(|| bad(format!("`{name}` is not a parameter of `{}`", f.name)))?;
            order.push(p);
        }
        if let Some(missing) = f.params.iter().find(|p| !names.contains(&name_of(p))) {
            return Err(bad(format!("no argument for `{}`", name_of(missing))));
        }
        Ok(Signature::new(self, order))
    }
}

impl<'k> Signature<'k> {
    fn new(kernel: &'k Kernel, order: Vec<usize>) -> Signature<'k> {
        let f = kernel.function();
        let mut at = vec![0; order.len()];
        for (k, &p) in order.iter().enumerate() {
            at[p] = k;
        }
        let written_arrays = f.written_arrays();
        let slots = f
            .params
            .iter()
            .zip(at)
            .scan(0, |offset, (p, at)| {
                let here = *offset;
                *offset += if matches!(p, Param::Array(_)) { 3 } else { 1 };
                Some((p, at, here))
            })
            .map(|(p, at, offset)| Slot {
                at,
                offset,
                kind: match *p {
                    Param::Scalar(v) => SlotKind::Scalar(v, f.var(v).ty),
                    Param::Array(a) => SlotKind::Array(
                        a,
                        f.array(a).elem,
                        written_arrays.contains(&a),
                        Length::of(f, a),
                    ),
                },
            })
            .collect::<Vec<_>>();
        let evaluated = slots
            .iter()
            .any(|s| matches!(s.kind, SlotKind::Array(.., Length::Evaluated)));
        let keep_scalars = evaluated || f.arrays.iter().any(|a| a.kind == ArrayKind::Local);
        let param_slots = slots
            .iter()
            .map(|s| match s.kind {
                SlotKind::Scalar(..) => 1,
                SlotKind::Array(..) => 3,
            })
            .sum();
        Signature {
            kernel,
            order,
            slots,
            param_slots,
            keep_scalars,
            evaluated,
            counts: IdVec::filled(f.vars.len(), 0),
            sizes: Args {
                scalars: IdVec::filled(f.vars.len(), None),
                buffers: Vec::new(),
                bindings: IdVec::new(),
                returned: None,
            },
            views: IdVec::filled(f.arrays.len(), None),
            block: ArgBlock::for_function(f),
        }
    }

    /// The names of the parameters, in the order a call takes them.
    pub fn names(&self) -> Vec<&str> {
        let f = self.kernel.function();
        self.order
            .iter()
            .map(|&p| match f.params[p] {
                Param::Scalar(v) => f.var(v).name.as_str(),
                Param::Array(a) => f.array(a).name.as_str(),
            })
            .collect()
    }

    /// Runs the kernel on `args`, one per parameter in this signature's order; says which
    /// code ran. A scalar of another type than its parameter's, a read-only slice for an
    /// array the kernel writes and a buffer shorter than its declared shape are refused before
    /// any code runs ([`KernelError::BadArguments`], [`KernelError::TooSmall`]).
    pub fn call(&mut self, args: &mut [Arg<'_>]) -> Result<Version, KernelError> {
        self.call_value(args).map(|(v, _)| v)
    }

    /// [`Signature::call`] for a function that returns a value: which code ran, and the value.
    pub fn call_value(
        &mut self,
        args: &mut [Arg<'_>],
    ) -> Result<(Version, Option<Value>), KernelError> {
        if args.len() != self.order.len() {
            return Err(self.refused(Refusal::Count(args.len())));
        }
        // The parameters' slots, written in place (the call before may have left more).
        if self.block.len() != self.param_slots {
            self.block.truncate(0);
            self.block.reserve_preloads(self.param_slots);
        }
        let saves = self.kernel.saves_buffers();
        let scalars = self.keep_scalars.then_some(&mut self.sizes.scalars);
        fill(
            &self.slots,
            args,
            &mut self.counts,
            scalars,
            self.block.as_mut_slice(),
            saves.then_some(&mut self.views),
        )
        .map_err(|r| self.refused(r))?;
        if self.evaluated {
            self.check_evaluated(args)?;
        }
        self.kernel
            .execute_block(&self.sizes, &self.views, &mut self.block)
    }

    /// The lengths the interpreter evaluates ([`Length::Evaluated`]), once every scalar is set.
    #[cold]
    fn check_evaluated(&self, args: &[Arg<'_>]) -> Result<(), KernelError> {
        let f = self.kernel.function();
        for slot in &self.slots {
            let (
                SlotKind::Array(a, .., Length::Evaluated),
                Arg(Kind::Mut(view, _) | Kind::Read(view, _) | Kind::Shared(view, _)),
            ) = (slot.kind, &args[slot.at])
            else {
                continue;
            };
            let need = optimist_scop::interp::declared_len(f, &self.sizes, a)
                .map_err(|e| KernelError::BadArguments(e.to_string()))?;
            if let Some(need) = need
                && need > u128::from(view.len())
            {
                return Err(KernelError::TooSmall {
                    array: f.array(a).name.clone(),
                    need,
                    have: view.len(),
                });
            }
        }
        Ok(())
    }

    /// The error of a refused call.
    #[cold]
    fn refused(&self, why: Refusal) -> KernelError {
        let f = self.kernel.function();
        let bad = KernelError::BadArguments;
        let name = |k: usize| match f.params[self.order[k]] {
            Param::Scalar(v) => f.var(v).name.clone(),
            Param::Array(a) => f.array(a).name.clone(),
        };
        let slot = |k: usize| self.slots.iter().find(|s| s.at == k).map(|s| s.kind);
        match why {
            Refusal::Count(given) => bad(format!(
                "`{}` takes {} arguments; {given} were given",
                f.name,
                self.order.len()
            )),
            Refusal::Type(k, ty) => match slot(k) {
                Some(SlotKind::Scalar(_, want)) => bad(format!(
                    "`{}` is {want}; a Rust value of C type {ty} was given",
                    name(k)
                )),
                _ => bad(format!("`{}`: a value of C type {ty}", name(k))),
            },
            Refusal::ScalarForArray(k) => {
                bad(format!("`{}` is an array; a scalar was given", name(k)))
            }
            Refusal::ArrayForScalar(k) => {
                bad(format!("`{}` is a scalar; an array was given", name(k)))
            }
            Refusal::ReadOnly(k) => bad(format!(
                "`{}` is written by `{}`: pass `&mut [T]` or `&[Cell<T>]`, not `&[T]`",
                name(k),
                f.name
            )),
            Refusal::Elem(k, elem) => bad(format!(
                "the buffer of `{}` does not hold {elem} elements",
                name(k)
            )),
            Refusal::Short(k, need, have) => KernelError::TooSmall {
                array: name(k),
                need,
                have,
            },
        }
    }
}

/// Why a call's arguments are refused, by argument position; made into a [`KernelError`]
/// off the path of a call that goes through.
#[derive(Clone, Copy, Debug)]
enum Refusal {
    /// This many arguments.
    Count(usize),
    /// A scalar of this C type.
    Type(usize, Type),
    /// A scalar for an array.
    ScalarForArray(usize),
    /// An array for a scalar.
    ArrayForScalar(usize),
    /// A read-only slice for an array the kernel writes.
    ReadOnly(usize),
    /// A slice of other elements.
    Elem(usize, Type),
    /// A buffer this short for what it needs.
    Short(usize, u128, u64),
}

/// Checks each argument against its parameter and writes its slots into `block`: the
/// integers' counts (for declared sizes), the scalar values when `scalars` keeps them, the
/// arrays' views when `views` keeps them.
#[inline]
fn fill(
    slots: &[Slot],
    args: &mut [Arg<'_>],
    counts: &mut IdVec<VarId, u64>,
    mut scalars: Option<&mut IdVec<VarId, Option<Value>>>,
    block: &mut [u64],
    mut views: Option<&mut IdVec<ArrayId, Option<View>>>,
) -> Result<(), Refusal> {
    for slot in slots {
        let Arg(arg) = &args[slot.at];
        match (&slot.kind, arg) {
            (SlotKind::Scalar(v, want), Kind::Scalar { bits, count, ty }) => {
                if ty != want {
                    return Err(Refusal::Type(slot.at, *ty));
                }
                if let Some(scalars) = scalars.as_deref_mut() {
                    scalars[*v] = Some(value_of(*bits, *want));
                }
                counts[*v] = *count;
                block[slot.offset] = *bits;
            }
            (SlotKind::Array(..), Kind::Scalar { .. }) => {
                return Err(Refusal::ScalarForArray(slot.at));
            }
            (SlotKind::Scalar(..), _) => return Err(Refusal::ArrayForScalar(slot.at)),
            (SlotKind::Array(_, _, true, _), Kind::Read(..)) => {
                return Err(Refusal::ReadOnly(slot.at));
            }
            (
                SlotKind::Array(a, elem, _, length),
                Kind::Mut(view, _) | Kind::Read(view, _) | Kind::Shared(view, _),
            ) => {
                if view.elem() != *elem {
                    return Err(Refusal::Elem(slot.at, *elem));
                }
                // The scalars a declared size reads come before the array in C's parameter
                // list: their counts are set.
                if let Length::Product { dims, factors } = length {
                    let need = product(&factors[..*dims], counts);
                    if need > u128::from(view.len()) {
                        return Err(Refusal::Short(slot.at, need, view.len()));
                    }
                }
                if let Some(views) = views.as_deref_mut() {
                    views[*a] = Some(*view);
                }
                view.write(&mut block[slot.offset..slot.offset + 3]);
            }
        }
    }
    Ok(())
}

/// The product of `factors` at the parameters' `counts`: in 64 bits while it fits (it does
/// for any buffer that exists), saturating in 128 bits past that.
#[inline]
fn product(factors: &[Factor], counts: &IdVec<VarId, u64>) -> u128 {
    let mut total: u64 = 1;
    for (k, factor) in factors.iter().enumerate() {
        let n = match *factor {
            Factor::Const(n) => n,
            Factor::Param(v) => counts[v],
        };
        match total.checked_mul(n) {
            Some(t) => total = t,
            None => return wide_product(total, &factors[k..], counts),
        }
    }
    u128::from(total)
}

#[cold]
fn wide_product(so_far: u64, factors: &[Factor], counts: &IdVec<VarId, u64>) -> u128 {
    factors.iter().fold(u128::from(so_far), |total, factor| {
        let n = match *factor {
            Factor::Const(n) => n,
            Factor::Param(v) => counts[v],
        };
        total.saturating_mul(u128::from(n))
    })
}

/// A Rust type that stands for one C type in a C entry's signature ([`CEntry::typed`]).
///
/// # Safety
/// `C_TYPE` is the C type the Rust type is passed as under the C calling convention.
pub unsafe trait CArg: Copy {
    /// The C type.
    const C_TYPE: CType;
}

macro_rules! c_args {
    ($($rust:ty => $c:ident),*) => {$(
        // SAFETY: the fixed-width integer and float types are passed as the C types of the
        // same width and kind; pointers as pointers.
        unsafe impl CArg for $rust {
            const C_TYPE: CType = CType::Scalar(Type::$c);
        }
        // SAFETY: as above.
        unsafe impl CArg for *mut $rust {
            const C_TYPE: CType = CType::Pointer(Type::$c);
        }
        // SAFETY: as above.
        unsafe impl CArg for *const $rust {
            const C_TYPE: CType = CType::Pointer(Type::$c);
        }
    )*};
}

c_args!(i8 => I8, u8 => U8, i16 => I16, u16 => U16, i32 => I32, u32 => U32, i64 => I64,
    u64 => U64, f32 => F32, f64 => F64);

/// An `unsafe extern "C" fn` type that may stand for a kernel's C entry: its parameter types
/// and its result type, as [`CType`]s ([`CEntry::typed`] compares them with the kernel's).
///
/// # Safety
/// `params` and `result` describe the function type exactly, and `from_address` makes a
/// value of it from a function's address.
pub unsafe trait EntryFn: Copy {
    /// The parameters' C types.
    fn params() -> Vec<CType>;
    /// The result's C type; `None` for `()`.
    fn result() -> Option<CType>;
    /// The function at `address`.
    ///
    /// # Safety
    /// `address` is that of a function of exactly this type.
    unsafe fn from_address(address: *const u8) -> Self;
}

/// A result type of a C entry: `()` or a scalar.
pub trait CResult {
    /// Its C type; `None` for `()`.
    fn c_type() -> Option<CType>;
}

impl CResult for () {
    fn c_type() -> Option<CType> {
        None
    }
}

macro_rules! c_results {
    ($($rust:ty),*) => {$(
        impl CResult for $rust {
            fn c_type() -> Option<CType> {
                Some(<$rust as CArg>::C_TYPE)
            }
        }
    )*};
}

c_results!(i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

macro_rules! entry_fns {
    ($(($($p:ident),*)),*) => {$(
        // SAFETY: `params` lists the parameter types in order and `result` the result type;
        // a function pointer of this type is one pointer wide.
        unsafe impl<R: CResult, $($p: CArg),*> EntryFn for unsafe extern "C" fn($($p),*) -> R {
            fn params() -> Vec<CType> {
                vec![$(<$p as CArg>::C_TYPE),*]
            }
            fn result() -> Option<CType> {
                R::c_type()
            }
            unsafe fn from_address(address: *const u8) -> Self {
                // SAFETY: per the contract, `address` is a function of this type.
                unsafe { std::mem::transmute::<*const u8, Self>(address) }
            }
        }
    )*};
}

entry_fns!(
    (),
    (A),
    (A, B),
    (A, B, C),
    (A, B, C, D),
    (A, B, C, D, E),
    (A, B, C, D, E, F),
    (A, B, C, D, E, F, G),
    (A, B, C, D, E, F, G, H),
    (A, B, C, D, E, F, G, H, I),
    (A, B, C, D, E, F, G, H, I, J),
    (A, B, C, D, E, F, G, H, I, J, K),
    (A, B, C, D, E, F, G, H, I, J, K, L)
);

impl CEntry {
    /// The C entry ([`CEntry::address`]) as the function type `F`, when `F` is the kernel's C
    /// signature: `void mm(int n, double C[n][n], ...)` is
    /// `unsafe extern "C" fn(i32, *mut f64, ...)` (`*const f64` too). Otherwise
    /// [`KernelError::BadArguments`] says which parameter differs. Calling it is still
    /// `unsafe`: the buffers must be as large as their declared shapes
    /// ([`CEntry::address`]'s contract), which a [`Signature`] checks instead.
    ///
    /// ```
    /// use optimist_codegen::Kernel;
    /// use optimist_scop::frontend;
    /// let src = "void scale(int n, double a, double X[n]) {\n  for (int i = 0; i < n; i++)\n    X[i] *= a;\n}";
    /// let f = frontend::parse_source("scale.c", src, None, &Default::default()).unwrap();
    /// let kernel = Kernel::faithful(&f).unwrap();
    /// type Scale = unsafe extern "C" fn(i32, f64, *mut f64);
    /// let scale = kernel.entry().typed::<Scale>().unwrap();
    /// let mut x = vec![1.0, 2.0];
    /// // SAFETY: `x` holds the `n` elements `X[n]` declares.
    /// unsafe { scale(2, 3.0, x.as_mut_ptr()) };
    /// assert_eq!(x, [3.0, 6.0]);
    /// assert!(kernel.entry().typed::<unsafe extern "C" fn(i64, f64, *mut f64)>().is_err());
    /// ```
    pub fn typed<F: EntryFn>(&self) -> Result<F, KernelError> {
        check_types::<F>(self.c_types())?;
        // SAFETY: the address is the C entry, whose C signature was just compared with `F`'s.
        Ok(unsafe { F::from_address(self.address()) })
    }
}

/// Whether `F` is the Rust type of the C entry of `f` ([`crate::define_kernel`]'s
/// [`KernelSymbols::c_entry`](crate::KernelSymbols::c_entry)): `Ok` when it is, otherwise
/// which parameter differs. What [`CEntry::typed`] checks, for a kernel defined in an
/// embedder's own module.
pub fn check_entry_type<F: EntryFn>(f: &Function) -> Result<(), KernelError> {
    check_types::<F>(&CTypes::of(f))
}

fn check_types<F: EntryFn>(want: &CTypes) -> Result<(), KernelError> {
    {
        let (params, result) = (F::params(), F::result());
        let bad = |m: String| KernelError::BadArguments(m);
        if params.len() != want.params.len() {
            return Err(bad(format!(
                "the C entry takes {} arguments; the function type has {}",
                want.params.len(),
                params.len()
            )));
        }
        for (k, (have, (name, need))) in params.iter().zip(&want.params).enumerate() {
            if have != need {
                return Err(bad(format!(
                    "argument {} (`{name}`) of the C entry is {need:?}; the function type has {have:?}",
                    k + 1
                )));
            }
        }
        if result != want.result {
            return Err(bad(format!(
                "the C entry returns {:?}; the function type returns {result:?}",
                want.result
            )));
        }
        Ok(())
    }
}
