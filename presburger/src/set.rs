//! Spaces, identifiers, sets, maps, their union forms, and points.

use crate::ctx::Ctx;
use crate::error::{Error, Result};
use crate::ffi;
use crate::handle::{Handle, borrowed_c_string, foreach, isl_handle, isl_methods};
use crate::{Aff, PwAff, Val};
use std::ffi::{c_int, c_uint};

/// The kinds of dimension of a space (`enum isl_dim_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DimType {
    /// Parameters: symbolic constants shared by all tuples.
    Param,
    /// The input (domain) tuple of a map.
    In,
    /// The output (range) tuple of a map, or the tuple of a set.
    Out,
}

impl DimType {
    /// The tuple of a set, an alias of [`DimType::Out`].
    pub const SET: DimType = DimType::Out;

    pub(crate) fn raw(self) -> ffi::DimT {
        match self {
            DimType::Param => 1,
            DimType::In => 2,
            DimType::Out => 3,
        }
    }
}

/// Converts a position or count to isl's `unsigned`.
pub(crate) fn uint(n: usize) -> Result<c_uint> {
    c_uint::try_from(n).map_err(|_| Error::InvalidArgument(format!("{n} is too large for isl")))
}

/// Converts a position to isl's `int`.
pub(crate) fn int(n: usize) -> Result<c_int> {
    c_int::try_from(n).map_err(|_| Error::InvalidArgument(format!("{n} is too large for isl")))
}

/// Converts a constant to isl's `int`.
pub(crate) fn int_value(v: i64) -> Result<c_int> {
    c_int::try_from(v)
        .map_err(|_| Error::InvalidArgument(format!("constant {v} does not fit in a C int")))
}

/// Reads a parsed object from isl notation.
/// The largest exponent isl notation may raise a constant to (`2^64`).
pub const MAX_POWER: u64 = 64;

/// isl's reader computes `a^b` for constants at once, with `b` taken modulo 2^64: `3^99999999`
/// is minutes of big-integer multiplication (found by fuzzing). Exponents above
/// [`MAX_POWER`] are refused before isl sees the text.
fn small_powers(text: &str) -> Result<()> {
    for (k, _) in text.match_indices('^') {
        let rest = text[k + 1..].trim_start();
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let small = !digits.is_empty()
            && digits.len() <= 3
            && digits.parse::<u64>().is_ok_and(|e| e <= MAX_POWER);
        if !small {
            return Err(Error::InvalidArgument(format!(
                "isl notation: the exponent at byte {} is not a constant of at most {MAX_POWER}",
                k + 1
            )));
        }
    }
    Ok(())
}

/// The deepest nesting of brackets isl notation may have.
pub const MAX_NESTING: usize = 64;

/// The most entries a tuple (`[i, j, ...]`) of isl notation may have.
pub const MAX_TUPLE: usize = 96;

/// isl's reader recurses on nesting (text with thousands of `[` overflowed the stack) and
/// works in time growing faster than the square of a tuple's size (a map over 400 repeated
/// dimensions ran for minutes); both found by fuzzing. Deeper or wider text is refused before
/// isl sees it.
fn shallow(text: &str) -> Result<()> {
    let wide = |k: usize| {
        Err(Error::InvalidArgument(format!(
            "isl notation: a tuple with more than {MAX_TUPLE} entries at byte {k}"
        )))
    };
    let mut open: Vec<(char, usize)> = Vec::new();
    // isl reads `S[i][j]` as `S[i, j]`: a tuple right after a tuple goes on counting its
    // entries (`chained` is the entries before it, or `None` when the last character was no
    // closing `]`).
    let mut chained: Option<usize> = None;
    for (k, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => {
                let before = if c == '[' { chained.unwrap_or(0) } else { 0 };
                if before >= MAX_TUPLE {
                    return wide(k);
                }
                open.push((c, before));
                if open.len() > MAX_NESTING {
                    return Err(Error::InvalidArgument(format!(
                        "isl notation: brackets nested deeper than {MAX_NESTING} at byte {k}"
                    )));
                }
            }
            ')' | ']' | '}' => {
                chained = match open.pop() {
                    Some(('[', n)) if c == ']' => Some(n + 1),
                    _ => None,
                };
                continue;
            }
            ',' => {
                if let Some((b, n)) = open.last_mut() {
                    *n += 1;
                    if *b == '[' && *n >= MAX_TUPLE {
                        return wide(k);
                    }
                }
            }
            c if c.is_whitespace() => continue,
            _ => {}
        }
        chained = None;
    }
    Ok(())
}

/// Whether isl notation `text` starts like a mapping (`domain: ...` or `{ domain: ...`): isl's
/// reader takes such text for a schedule whatever object it was asked for, and crashed on
/// every malformed one the fuzzer tried (`{ domain: 1, child: 1 }`, `domain: 1`). No set, map
/// or expression starts that way.
pub(crate) fn mapping_like(text: &str) -> bool {
    let t = text.trim_start();
    let t = t.strip_prefix('{').map_or(t, str::trim_start);
    let rest = match t.strip_prefix('"') {
        Some(r) => match r.find('"') {
            Some(n) => &r[n + 1..],
            None => return false,
        },
        None => {
            let n = t
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(t.len());
            if n == 0 {
                return false;
            }
            &t[n..]
        }
    };
    rest.trim_start().starts_with(':')
}

/// Reads isl notation of a set, map or expression (never a schedule: see [`mapping_like`]).
pub(crate) fn parse<T: Handle>(
    ctx: &Ctx,
    text: &str,
    read: unsafe extern "C" fn(*mut ffi::isl_ctx, *const std::ffi::c_char) -> *mut T::Raw,
) -> Result<T>
where
    T::Raw: 'static,
{
    if mapping_like(text) {
        return Err(Error::InvalidArgument(
            "isl notation: text that starts like a mapping (`key: ...`) is schedule notation, \
             not a set, map or expression"
                .into(),
        ));
    }
    parse_yaml(ctx, text, read)
}

/// Reads isl notation, schedules included.
pub(crate) fn parse_yaml<T: Handle>(
    ctx: &Ctx,
    text: &str,
    read: unsafe extern "C" fn(*mut ffi::isl_ctx, *const std::ffi::c_char) -> *mut T::Raw,
) -> Result<T>
where
    T::Raw: 'static,
{
    if let Some(object) = ctx.parsed::<T>(text) {
        return object;
    }
    // Both readers recurse on nesting: the limits hold for both.
    small_powers(text)?;
    shallow(text)?;
    if let Some(object) = read_plain::<T>(ctx, text) {
        let object = object?;
        ctx.remember_parsed(text, &object);
        return Ok(object);
    }
    let c = Ctx::c_string(text)?;
    // SAFETY: the context is live and `c` is a valid C string for the duration of the call.
    let raw = unsafe { read(ctx.raw(), c.as_ptr()) };
    let object = ctx.wrap(raw)?;
    ctx.remember_parsed(text, &object);
    Ok(object)
}

/// A set or a map in the plain part of isl's notation, read without isl's reader
/// (`crate::read`); `None` for other types and other texts.
fn read_plain<T: Handle>(ctx: &Ctx, text: &str) -> Option<Result<T>>
where
    T::Raw: 'static,
{
    use std::any::TypeId;
    let raw = if TypeId::of::<T::Raw>() == TypeId::of::<ffi::isl_map>() {
        crate::read::read_map(ctx, text)?.map(|m| m.take().into_raw().cast::<T::Raw>())
    } else if TypeId::of::<T::Raw>() == TypeId::of::<ffi::isl_set>() {
        crate::read::read_set(ctx, text)?.map(|s| s.take().into_raw().cast::<T::Raw>())
    } else {
        return None;
    };
    Some(raw.and_then(|r| ctx.wrap::<T>(r)))
}

isl_handle!(
    /// The shape of a set or map: parameters, tuples, their names (`isl_space`).
    Space, isl_space, isl_space_copy, isl_space_free, isl_space_to_str, isl_space_is_equal
);
isl_handle!(
    /// A named identifier, used for tuple names, marks and AST annotations (`isl_id`).
    ///
    /// Identifiers made here carry no user pointer; two are equal when they are the same isl
    /// object, which isl guarantees for equal names made in the same context.
    Id, isl_id, isl_id_copy, isl_id_free, isl_id_to_str, -
);
isl_handle!(
    /// A set of integer tuples described by Presburger formulas (`isl_set`), possibly with
    /// parameters. Example: `[n] -> { S[i] : 0 <= i < n }`.
    Set, isl_set, isl_set_copy, isl_set_free, isl_set_to_str, isl_set_is_equal
);
isl_handle!(
    /// A binary relation between integer tuples (`isl_map`). Example:
    /// `[n] -> { S[i] -> A[i + 1] : 0 <= i < n }`.
    Map, isl_map, isl_map_copy, isl_map_free, isl_map_to_str, isl_map_is_equal
);
isl_handle!(
    /// A union of sets living in different spaces (`isl_union_set`), such as the iteration
    /// domains of all statements of a program.
    UnionSet, isl_union_set, isl_union_set_copy, isl_union_set_free, isl_union_set_to_str,
    isl_union_set_is_equal
);
isl_handle!(
    /// A union of maps between different spaces (`isl_union_map`), such as all accesses or all
    /// dependences of a program.
    UnionMap, isl_union_map, isl_union_map_copy, isl_union_map_free, isl_union_map_to_str,
    isl_union_map_is_equal
);
isl_handle!(
    /// One integer point of a set, with fixed parameter values (`isl_point`).
    Point, isl_point, isl_point_copy, isl_point_free, isl_point_to_str, -
);

impl Space {
    /// Parses isl notation, for example `[n] -> { S[i, j] }` or `{ S[i] -> A[j] }`.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<Space> {
        parse::<Space>(ctx, text, ffi::isl_space_read_from_str)
    }

    /// A space with `n_param` unnamed parameters and nothing else.
    pub fn params(ctx: &Ctx, n_param: usize) -> Result<Space> {
        // SAFETY: the context is live.
        ctx.wrap(unsafe { ffi::isl_space_params_alloc(ctx.raw(), uint(n_param)?) })
    }

    /// A set space with `n_param` parameters and `n_dim` set dimensions, all unnamed.
    pub fn set(ctx: &Ctx, n_param: usize, n_dim: usize) -> Result<Space> {
        // SAFETY: the context is live.
        ctx.wrap(unsafe { ffi::isl_space_set_alloc(ctx.raw(), uint(n_param)?, uint(n_dim)?) })
    }

    /// A map space with `n_param` parameters, `n_in` input and `n_out` output dimensions.
    pub fn map(ctx: &Ctx, n_param: usize, n_in: usize, n_out: usize) -> Result<Space> {
        // SAFETY: the context is live.
        ctx.wrap(unsafe {
            ffi::isl_space_alloc(ctx.raw(), uint(n_param)?, uint(n_in)?, uint(n_out)?)
        })
    }

    /// The number of dimensions of kind `t`.
    pub fn dim(&self, t: DimType) -> Result<usize> {
        // SAFETY: the space is live and kept.
        self.ctx
            .size(unsafe { ffi::isl_space_dim(self.keep(), t.raw()) })
    }

    /// The name of dimension `pos` of kind `t`, if it has one.
    pub fn dim_name(&self, t: DimType, pos: usize) -> Result<Option<String>> {
        self.check_pos(t, pos)?;
        // SAFETY: the space is live; the name is owned by isl and copied at once.
        Ok(unsafe {
            borrowed_c_string(ffi::isl_space_get_dim_name(
                self.keep(),
                t.raw(),
                uint(pos)?,
            ))
        })
    }

    /// The same space with dimension `pos` of kind `t` named `name`.
    pub fn with_dim_name(&self, t: DimType, pos: usize, name: &str) -> Result<Space> {
        self.check_pos(t, pos)?;
        let c = Ctx::c_string(name)?;
        // SAFETY: the copy is taken; `c` outlives the call.
        self.ctx.wrap(unsafe {
            ffi::isl_space_set_dim_name(self.take(), t.raw(), uint(pos)?, c.as_ptr())
        })
    }

    /// The name of tuple `t` (`In` or `Out`), if it has one.
    pub fn tuple_name(&self, t: DimType) -> Result<Option<String>> {
        // SAFETY: the space is live; the name is copied at once.
        let name =
            unsafe { borrowed_c_string(ffi::isl_space_get_tuple_name(self.keep(), t.raw())) };
        let _ = self.ctx.take_error();
        Ok(name)
    }

    /// The same space with tuple `t` named `name`.
    pub fn with_tuple_name(&self, t: DimType, name: &str) -> Result<Space> {
        let c = Ctx::c_string(name)?;
        // SAFETY: the copy is taken; `c` outlives the call.
        self.ctx
            .wrap(unsafe { ffi::isl_space_set_tuple_name(self.take(), t.raw(), c.as_ptr()) })
    }

    /// The position of the dimension of kind `t` called `name`.
    pub fn find_dim_by_name(&self, t: DimType, name: &str) -> Result<Option<usize>> {
        let c = Ctx::c_string(name)?;
        // SAFETY: the space is live and kept.
        let pos = unsafe { ffi::isl_space_find_dim_by_name(self.keep(), t.raw(), c.as_ptr()) };
        let _ = self.ctx.take_error();
        Ok(usize::try_from(pos).ok())
    }

    fn check_pos(&self, t: DimType, pos: usize) -> Result<()> {
        let n = self.dim(t)?;
        if pos < n {
            Ok(())
        } else {
            Err(Error::InvalidArgument(format!(
                "dimension {pos} of {t:?} out of range 0..{n}"
            )))
        }
    }

    isl_methods! {
        /// The parameter space of this space.
        fn params_space(&self) -> Space = isl_space_params;
        /// The domain of a map space, as a set space.
        fn domain(&self) -> Space = isl_space_domain;
        /// The range of a map space, as a set space.
        fn range(&self) -> Space = isl_space_range;
        /// The map space from this set space to itself.
        fn map_from_set(&self) -> Space = isl_space_map_from_set;
        /// The map space from this set space to the set space `range`.
        fn map_to(&self, range: &Space) -> Space = isl_space_map_from_domain_and_range;
    }
}

impl Id {
    /// An identifier called `name` (no user data).
    pub fn new(ctx: &Ctx, name: &str) -> Result<Id> {
        let c = Ctx::c_string(name)?;
        // SAFETY: the context is live; isl copies the name.
        ctx.wrap(unsafe { ffi::isl_id_alloc(ctx.raw(), c.as_ptr(), std::ptr::null_mut()) })
    }

    /// Parses an identifier in isl notation (its name).
    pub fn parse(ctx: &Ctx, text: &str) -> Result<Id> {
        parse::<Id>(ctx, text, ffi::isl_id_read_from_str)
    }

    /// The name of the identifier.
    pub fn name(&self) -> String {
        // SAFETY: the identifier is live; the name is copied at once.
        unsafe { borrowed_c_string(ffi::isl_id_get_name(self.keep())) }.unwrap_or_default()
    }
}

macro_rules! common_set_like {
    ($ty:ident, $read:ident, $space:ident) => {
        impl $ty {
            /// Parses isl notation.
            pub fn parse(ctx: &Ctx, text: &str) -> Result<$ty> {
                parse::<$ty>(ctx, text, ffi::$read)
            }

            /// The space of the object (for unions: the parameter space).
            pub fn space(&self) -> Result<Space> {
                // SAFETY: the object is live and kept.
                self.ctx.wrap(unsafe { ffi::$space(self.keep()) })
            }
        }

        impl std::str::FromStr for $ty {
            type Err = Error;
            /// Parses isl notation in a fresh context. Prefer
            #[doc = concat!("[`", stringify!($ty), "::parse`]")]
            /// to keep all objects of a compilation in one context.
            fn from_str(text: &str) -> Result<$ty> {
                $ty::parse(&Ctx::new(), text)
            }
        }
    };
}
common_set_like!(Set, isl_set_read_from_str, isl_set_get_space);
common_set_like!(Map, isl_map_read_from_str, isl_map_get_space);
common_set_like!(
    UnionSet,
    isl_union_set_read_from_str,
    isl_union_set_get_space
);
common_set_like!(
    UnionMap,
    isl_union_map_read_from_str,
    isl_union_map_get_space
);

impl Set {
    /// The set of all points of `space`.
    pub fn universe(space: &Space) -> Result<Set> {
        // SAFETY: the copy is taken.
        space
            .ctx
            .wrap(unsafe { ffi::isl_set_universe(space.take()) })
    }

    /// The empty set in `space`.
    pub fn empty(space: &Space) -> Result<Set> {
        // SAFETY: the copy is taken.
        space.ctx.wrap(unsafe { ffi::isl_set_empty(space.take()) })
    }

    isl_methods! {
        /// The smallest value of `obj` (an affine function on the set's space) over the set's
        /// integer points (parameters as variables): NaN when the set is empty, `-∞` when the
        /// value is unbounded.
        get fn min_val(&self, obj: &Aff) -> Val = isl_set_min_val;
        /// The largest value of `obj` over the set's integer points (see [`Set::min_val`]):
        /// NaN when the set is empty, `+∞` when unbounded.
        get fn max_val(&self, obj: &Aff) -> Val = isl_set_max_val;
        /// The points in `self` or `other`.
        fn union(&self, other: &Set) -> Set = isl_set_union;
        /// The points in both.
        fn intersect(&self, other: &Set) -> Set = isl_set_intersect;
        /// Restricts the parameters to the parameter set `params`.
        fn intersect_params(&self, params: &Set) -> Set = isl_set_intersect_params;
        /// The points of `self` not in `other`.
        fn subtract(&self, other: &Set) -> Set = isl_set_subtract;
        /// The points of the space not in `self`.
        fn complement(&self) -> Set = isl_set_complement;
        /// The image of `self` under `map`.
        fn apply(&self, map: &Map) -> Set = isl_set_apply;
        /// The parameter values for which `self` is not empty (projection onto the parameters).
        fn params(&self) -> Set = isl_set_params;
        /// A parameter set as a set with a zero-dimensional tuple.
        fn from_params(&self) -> Set = isl_set_from_params;
        /// Simplifies `self` assuming `context` holds: the result agrees with `self` on `context`.
        fn gist(&self, context: &Set) -> Set = isl_set_gist;
        /// Simplifies `self` assuming the parameter constraints `context` hold.
        fn gist_params(&self, context: &Set) -> Set = isl_set_gist_params;
        /// The same set with fewer, merged disjuncts where possible.
        fn coalesce(&self) -> Set = isl_set_coalesce;
        /// The set without its existentially quantified variables and every constraint that
        /// involves them: a superset.
        fn remove_divs(&self) -> Set = isl_set_remove_divs;
        /// The lexicographically smallest point, as a function of the parameters.
        fn lexmin(&self) -> Set = isl_set_lexmin;
        /// The lexicographically largest point, as a function of the parameters.
        fn lexmax(&self) -> Set = isl_set_lexmax;
        /// The identity relation on `self`.
        fn identity(&self) -> Map = isl_set_identity;
        /// Relates each point of `self` to the points of `other` that are lexicographically
        /// greater (the spaces must have the same dimension).
        fn lex_lt_set(&self, other: &Set) -> Map = isl_set_lex_lt_set;
        /// Like [`Set::lex_lt_set`], including equal points.
        fn lex_le_set(&self, other: &Set) -> Map = isl_set_lex_le_set;
        /// A wrapped relation, such as `{ [S[i] -> A[j]] }`, as a map.
        fn unwrap_map(&self) -> Map = isl_set_unwrap;
        /// The function that is 1 on the set and 0 elsewhere.
        fn indicator_function(&self) -> PwAff = isl_set_indicator_function;
        /// The union set holding only this set.
        fn to_union(&self) -> UnionSet = isl_union_set_from_set;
        /// Whether there is no element (for any parameter value).
        keep fn is_empty(&self) -> bool = isl_set_is_empty;
        /// Whether every element of `self` is in `other`.
        keep fn is_subset(&self, other: &Set) -> bool = isl_set_is_subset;
        /// Whether `self` is a subset of `other` and not equal to it.
        keep fn is_strict_subset(&self, other: &Set) -> bool = isl_set_is_strict_subset;
        /// Whether `self` and `other` have no element in common.
        keep fn is_disjoint(&self, other: &Set) -> bool = isl_set_is_disjoint;
        /// Whether the set is bounded (for every parameter value).
        keep fn is_bounded(&self) -> bool = isl_set_is_bounded;
    }

    /// The number of dimensions of kind `t` (`Param` or `Out`).
    pub fn dim(&self, t: DimType) -> Result<usize> {
        // SAFETY: the set is live and kept.
        self.ctx
            .size(unsafe { ffi::isl_set_dim(self.keep(), t.raw()) })
    }

    /// The name of the set's tuple, for example `S` in `{ S[i] }`.
    pub fn tuple_name(&self) -> Option<String> {
        // SAFETY: the set is live; the name is copied at once.
        let name = unsafe { borrowed_c_string(ffi::isl_set_get_tuple_name(self.keep())) };
        let _ = self.ctx.take_error();
        name
    }

    /// The same set with its tuple named `name`.
    pub fn with_tuple_name(&self, name: &str) -> Result<Set> {
        let c = Ctx::c_string(name)?;
        // SAFETY: the copy is taken; `c` outlives the call.
        self.ctx
            .wrap(unsafe { ffi::isl_set_set_tuple_name(self.take(), c.as_ptr()) })
    }

    /// The name of dimension `pos` of kind `t`, if it has one.
    pub fn dim_name(&self, t: DimType, pos: usize) -> Result<Option<String>> {
        self.space()?.dim_name(t, pos)
    }

    /// The same set with dimension `pos` of kind `t` named `name`.
    pub fn with_dim_name(&self, t: DimType, pos: usize, name: &str) -> Result<Set> {
        self.check_pos(t, pos, 1)?;
        let c = Ctx::c_string(name)?;
        // SAFETY: the copy is taken; `c` outlives the call.
        self.ctx.wrap(unsafe {
            ffi::isl_set_set_dim_name(self.take(), t.raw(), uint(pos)?, c.as_ptr())
        })
    }

    fn check_pos(&self, t: DimType, first: usize, n: usize) -> Result<()> {
        let dim = self.dim(t)?;
        if first.checked_add(n).is_some_and(|end| end <= dim) {
            Ok(())
        } else {
            Err(Error::InvalidArgument(format!(
                "dimensions {first}..{} of {t:?} out of range 0..{dim}",
                first.saturating_add(n)
            )))
        }
    }

    /// Removes dimensions `first..first + n` of kind `t` by existential quantification.
    pub fn project_out(&self, t: DimType, first: usize, n: usize) -> Result<Set> {
        self.check_pos(t, first, n)?;
        // SAFETY: the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_set_project_out(self.take(), t.raw(), uint(first)?, uint(n)?) })
    }

    /// Keeps dimensions `first..first + n` of kind `t` but drops every constraint on them.
    pub fn eliminate(&self, t: DimType, first: usize, n: usize) -> Result<Set> {
        self.check_pos(t, first, n)?;
        // SAFETY: the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_set_eliminate(self.take(), t.raw(), uint(first)?, uint(n)?) })
    }

    /// Appends `n` unconstrained dimensions of kind `t`.
    pub fn add_dims(&self, t: DimType, n: usize) -> Result<Set> {
        // SAFETY: the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_set_add_dims(self.take(), t.raw(), uint(n)?) })
    }

    /// Inserts `n` unconstrained dimensions of kind `t` before position `pos` (`pos` may be the
    /// number of dimensions: at the end).
    pub fn insert_dims(&self, t: DimType, pos: usize, n: usize) -> Result<Set> {
        self.check_pos(t, pos, 0)?;
        // SAFETY: the copy is taken; the position is in range.
        self.ctx
            .wrap(unsafe { ffi::isl_set_insert_dims(self.take(), t.raw(), uint(pos)?, uint(n)?) })
    }

    /// Fixes dimension `pos` of kind `t` to `value`.
    pub fn fix(&self, t: DimType, pos: usize, value: i64) -> Result<Set> {
        self.check_pos(t, pos, 1)?;
        // SAFETY: the copy is taken.
        self.ctx.wrap(unsafe {
            ffi::isl_set_fix_si(self.take(), t.raw(), uint(pos)?, int_value(value)?)
        })
    }

    /// Adds the constraint `dim >= value` on dimension `pos` of kind `t`.
    pub fn lower_bound(&self, t: DimType, pos: usize, value: i64) -> Result<Set> {
        self.check_pos(t, pos, 1)?;
        // SAFETY: the copy is taken.
        self.ctx.wrap(unsafe {
            ffi::isl_set_lower_bound_si(self.take(), t.raw(), uint(pos)?, int_value(value)?)
        })
    }

    /// Adds the constraint `dim <= value` on dimension `pos` of kind `t`.
    pub fn upper_bound(&self, t: DimType, pos: usize, value: i64) -> Result<Set> {
        self.check_pos(t, pos, 1)?;
        // SAFETY: the copy is taken.
        self.ctx.wrap(unsafe {
            ffi::isl_set_upper_bound_si(self.take(), t.raw(), uint(pos)?, int_value(value)?)
        })
    }

    /// The maximum of set dimension `pos` as a piecewise function of the parameters.
    pub fn dim_max(&self, pos: usize) -> Result<PwAff> {
        self.check_pos(DimType::SET, pos, 1)?;
        // SAFETY: the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_set_dim_max(self.take(), int(pos)?) })
    }

    /// The minimum of set dimension `pos` as a piecewise function of the parameters.
    pub fn dim_min(&self, pos: usize) -> Result<PwAff> {
        self.check_pos(DimType::SET, pos, 1)?;
        // SAFETY: the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_set_dim_min(self.take(), int(pos)?) })
    }

    /// Some point of the set (parameters included), or `None` when the set is empty.
    pub fn sample_point(&self) -> Result<Option<Point>> {
        // SAFETY: the copy is taken.
        let p: Point = self
            .ctx
            .wrap(unsafe { ffi::isl_set_sample_point(self.take()) })?;
        // SAFETY: the point is live and kept.
        let void = self.ctx.bool(unsafe { ffi::isl_point_is_void(p.keep()) })?;
        Ok(if void { None } else { Some(p) })
    }

    /// Calls `f` on every point of a bounded set, in lexicographic order. An error returned by
    /// `f` stops the enumeration and is returned. A set with parameters must fix their values.
    pub fn foreach_point(&self, mut f: impl FnMut(Point) -> Result<()>) -> Result<()> {
        if !self.is_bounded()? {
            return Err(Error::InvalidArgument(format!(
                "cannot enumerate unbounded set {self}"
            )));
        }
        let raw = self.keep();
        // SAFETY: the set is live and kept during the iteration; the trampoline matches.
        foreach::<Point>(&self.ctx, &mut f, |cb, user| unsafe {
            ffi::isl_set_foreach_point(raw, cb, user)
        })
    }

    /// The coordinates of all points of a small bounded set, in lexicographic order, failing with
    /// [`Error::TooMany`] beyond `limit` points.
    pub fn points(&self, limit: usize) -> Result<Vec<Vec<i64>>> {
        let mut out = Vec::new();
        self.foreach_point(|p| {
            if out.len() == limit {
                return Err(Error::TooMany { limit });
            }
            out.push(p.coordinates(DimType::SET)?);
            Ok(())
        })?;
        Ok(out)
    }
}

impl Point {
    /// Coordinate `pos` of kind `t`.
    pub fn coordinate(&self, t: DimType, pos: usize) -> Result<Val> {
        // SAFETY: the point is live and kept.
        self.ctx
            .wrap(unsafe { ffi::isl_point_get_coordinate_val(self.keep(), t.raw(), int(pos)?) })
    }

    /// All coordinates of kind `t`, which must be integers that fit in `i64`.
    pub fn coordinates(&self, t: DimType) -> Result<Vec<i64>> {
        let n = self.space()?.dim(t)?;
        (0..n).map(|i| self.coordinate(t, i)?.to_i64()).collect()
    }

    /// The space of the point.
    pub fn space(&self) -> Result<Space> {
        // SAFETY: the point is live and kept.
        self.ctx
            .wrap(unsafe { ffi::isl_point_get_space(self.keep()) })
    }

    isl_methods! {
        /// The set that contains only this point.
        fn to_set(&self) -> Set = isl_set_from_point;
    }
}

impl Map {
    /// The relation of all pairs of `space` (a map space).
    pub fn universe(space: &Space) -> Result<Map> {
        // SAFETY: the copy is taken.
        space
            .ctx
            .wrap(unsafe { ffi::isl_map_universe(space.take()) })
    }

    /// The empty relation in `space`.
    pub fn empty(space: &Space) -> Result<Map> {
        // SAFETY: the copy is taken.
        space.ctx.wrap(unsafe { ffi::isl_map_empty(space.take()) })
    }

    /// The identity relation of the map space `space`.
    pub fn identity(space: &Space) -> Result<Map> {
        // SAFETY: the copy is taken.
        space
            .ctx
            .wrap(unsafe { ffi::isl_map_identity(space.take()) })
    }

    /// `{ x -> y : x ≺ y }` on the set space `set_space`: lexicographic "less than".
    pub fn lex_lt(set_space: &Space) -> Result<Map> {
        // SAFETY: the copy is taken.
        set_space
            .ctx
            .wrap(unsafe { ffi::isl_map_lex_lt(set_space.take()) })
    }

    /// `{ x -> y : x ⪯ y }` on the set space `set_space`.
    pub fn lex_le(set_space: &Space) -> Result<Map> {
        // SAFETY: the copy is taken.
        set_space
            .ctx
            .wrap(unsafe { ffi::isl_map_lex_le(set_space.take()) })
    }

    /// `{ x -> y : x ≻ y }` on the set space `set_space`.
    pub fn lex_gt(set_space: &Space) -> Result<Map> {
        // SAFETY: the copy is taken.
        set_space
            .ctx
            .wrap(unsafe { ffi::isl_map_lex_gt(set_space.take()) })
    }

    /// `{ x -> y : x ⪰ y }` on the set space `set_space`.
    pub fn lex_ge(set_space: &Space) -> Result<Map> {
        // SAFETY: the copy is taken.
        set_space
            .ctx
            .wrap(unsafe { ffi::isl_map_lex_ge(set_space.take()) })
    }

    /// The product relation `domain × range`.
    pub fn from_domain_and_range(domain: &Set, range: &Set) -> Result<Map> {
        domain.ctx.same(&range.ctx)?;
        // SAFETY: both copies are taken.
        domain
            .ctx
            .wrap(unsafe { ffi::isl_map_from_domain_and_range(domain.take(), range.take()) })
    }

    isl_methods! {
        /// The pairs in `self` or `other`.
        fn union(&self, other: &Map) -> Map = isl_map_union;
        /// The pairs in both.
        fn intersect(&self, other: &Map) -> Map = isl_map_intersect;
        /// The pairs of `self` not in `other`.
        fn subtract(&self, other: &Map) -> Map = isl_map_subtract;
        /// The pairs of the space not in `self`.
        fn complement(&self) -> Map = isl_map_complement;
        /// Restricts the domain to `set`.
        fn intersect_domain(&self, set: &Set) -> Map = isl_map_intersect_domain;
        /// Restricts the range to `set`.
        fn intersect_range(&self, set: &Set) -> Map = isl_map_intersect_range;
        /// Restricts the parameters to `params`.
        fn intersect_params(&self, params: &Set) -> Map = isl_map_intersect_params;
        /// The inverse relation.
        fn reverse(&self) -> Map = isl_map_reverse;
        /// `self` followed by `next`: `{ x -> z : exists y : x -> y in self and y -> z in next }`.
        fn apply_range(&self, next: &Map) -> Map = isl_map_apply_range;
        /// `self` with its domain mapped through `map`: `{ y -> z : x -> y in map, x -> z in self }`
        /// with `map` reversed, that is `map⁻¹ ; self`.
        fn apply_domain(&self, map: &Map) -> Map = isl_map_apply_domain;
        /// The elements that have an image.
        fn domain(&self) -> Set = isl_map_domain;
        /// The images.
        fn range(&self) -> Set = isl_map_range;
        /// The parameter values for which the relation is not empty.
        fn params(&self) -> Set = isl_map_params;
        /// The relation as a set of pairs `{ [x -> y] }`.
        fn wrap(&self) -> Set = isl_map_wrap;
        /// The differences `y - x` of all pairs (the domain and range spaces must match).
        fn deltas(&self) -> Set = isl_map_deltas;
        /// Simplifies `self` assuming `context` holds.
        fn gist(&self, context: &Map) -> Map = isl_map_gist;
        /// Simplifies `self` assuming its domain lies in `context`.
        fn gist_domain(&self, context: &Set) -> Map = isl_map_gist_domain;
        /// Simplifies `self` assuming the parameter constraints `context` hold.
        fn gist_params(&self, context: &Set) -> Map = isl_map_gist_params;
        /// The same relation with fewer, merged disjuncts where possible.
        fn coalesce(&self) -> Map = isl_map_coalesce;
        /// For each domain element, its lexicographically smallest image.
        fn lexmin(&self) -> Map = isl_map_lexmin;
        /// For each domain element, its lexicographically largest image.
        fn lexmax(&self) -> Map = isl_map_lexmax;
        /// Relates `x` to `y` when `self(x)` is lexicographically smaller than `other(y)`:
        /// for two schedules, "`x` runs before `y`".
        fn lex_lt_map(&self, other: &Map) -> Map = isl_map_lex_lt_map;
        /// `{ x -> [y -> z] : x -> y in self and x -> z in other }`.
        fn range_product(&self, other: &Map) -> Map = isl_map_range_product;
        /// `{ x -> [y, z] : x -> y in self and x -> z in other }`.
        fn flat_range_product(&self, other: &Map) -> Map = isl_map_flat_range_product;
        /// `{ [x -> u] -> [y -> v] : x -> y in self and u -> v in other }`.
        fn product(&self, other: &Map) -> Map = isl_map_product;
        /// `{ x -> y : [x -> u] -> [y -> v] in self }`: the first factors of a map between
        /// wrapped pairs.
        fn factor_domain(&self) -> Map = isl_map_factor_domain;
        /// `{ x -> y : x -> [y -> z] in self }`: the first factor of a wrapped range.
        fn range_factor_domain(&self) -> Map = isl_map_range_factor_domain;
        /// The union map holding only this map.
        fn to_union(&self) -> UnionMap = isl_union_map_from_map;
        /// Whether there is no element (for any parameter value).
        keep fn is_empty(&self) -> bool = isl_map_is_empty;
        /// Whether every element of `self` is in `other`.
        keep fn is_subset(&self, other: &Map) -> bool = isl_map_is_subset;
        /// Whether no two domain elements share an image.
        keep fn is_injective(&self) -> bool = isl_map_is_injective;
        /// Whether every domain element has at most one image.
        keep fn is_single_valued(&self) -> bool = isl_map_is_single_valued;
        /// Whether the relation is a bijection between its domain and range.
        keep fn is_bijective(&self) -> bool = isl_map_is_bijective;
    }

    /// The number of dimensions of kind `t`.
    pub fn dim(&self, t: DimType) -> Result<usize> {
        // SAFETY: the map is live and kept.
        self.ctx
            .size(unsafe { ffi::isl_map_dim(self.keep(), t.raw()) })
    }

    fn check_pos(&self, t: DimType, first: usize, n: usize) -> Result<()> {
        let dim = self.dim(t)?;
        if first.checked_add(n).is_some_and(|end| end <= dim) {
            Ok(())
        } else {
            Err(Error::InvalidArgument(format!(
                "dimensions {first}..{} of {t:?} out of range 0..{dim}",
                first.saturating_add(n)
            )))
        }
    }

    /// The name of tuple `t` (`In` or `Out`).
    pub fn tuple_name(&self, t: DimType) -> Option<String> {
        // SAFETY: the map is live; the name is copied at once.
        let name = unsafe { borrowed_c_string(ffi::isl_map_get_tuple_name(self.keep(), t.raw())) };
        let _ = self.ctx.take_error();
        name
    }

    /// The same map with tuple `t` named `name`.
    pub fn with_tuple_name(&self, t: DimType, name: &str) -> Result<Map> {
        let c = Ctx::c_string(name)?;
        // SAFETY: the copy is taken; `c` outlives the call.
        self.ctx
            .wrap(unsafe { ffi::isl_map_set_tuple_name(self.take(), t.raw(), c.as_ptr()) })
    }

    /// Removes dimensions `first..first + n` of kind `t` by existential quantification.
    pub fn project_out(&self, t: DimType, first: usize, n: usize) -> Result<Map> {
        self.check_pos(t, first, n)?;
        // SAFETY: the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_map_project_out(self.take(), t.raw(), uint(first)?, uint(n)?) })
    }

    /// The value of dimension `pos` of kind `t` when the constraints fix it to one integer
    /// independent of everything else, as far as isl sees without computation
    /// (`isl_map_plain_get_val_if_fixed`): `None` when it is not plainly fixed.
    pub fn plain_fixed(&self, t: DimType, pos: usize) -> Result<Option<i64>> {
        self.check_pos(t, pos, 1)?;
        // SAFETY: the map is kept; isl returns a new value (NaN when not fixed).
        let v: crate::Val = self.ctx.wrap(unsafe {
            ffi::isl_map_plain_get_val_if_fixed(self.keep(), t.raw(), uint(pos)?)
        })?;
        if v.is_nan()? || !v.is_int()? {
            return Ok(None);
        }
        v.to_i64().map(Some)
    }

    /// Fixes dimension `pos` of kind `t` to `value`.
    pub fn fix(&self, t: DimType, pos: usize, value: i64) -> Result<Map> {
        self.check_pos(t, pos, 1)?;
        // SAFETY: the copy is taken.
        self.ctx.wrap(unsafe {
            ffi::isl_map_fix_si(self.take(), t.raw(), uint(pos)?, int_value(value)?)
        })
    }

    /// The map without the bounds of a single variable by a constant of magnitude `min` or more
    /// (`x <= 126`, `-y + 95 >= 0`, `y >= 40`): a superset of `self`. Equalities, constraints
    /// relating variables or involving parameters, small bounds (`0 <= f <= 3`) and the pieces
    /// with existentially quantified variables stay as they are.
    ///
    /// isl's scheduler over relations bounded by large constants solves integer programs whose
    /// tableaux outgrow 64-bit numbers (an image pipeline's time loop over 96 x 128 pixels: 3 s
    /// per run against 35 ms without the bounds); any schedule that respects the larger
    /// relation respects `self`.
    pub fn drop_constant_bounds(&self, min: u64) -> Result<Map> {
        let ctx = &self.ctx;
        // SAFETY: every object below is owned by a `Take` (freed on every way out) or handed to
        // a call that consumes it; positions and counts come from isl itself.
        unsafe {
            let list = ffi::Take(ffi::isl_map_get_basic_map_list(self.keep()));
            let n = ctx.size(ffi::isl_basic_map_list_size(ffi::Keep(list.0)))?;
            let mut out = ffi::Take(ffi::isl_map_empty(ffi::Take(ffi::isl_map_get_space(
                self.keep(),
            ))));
            for k in 0..n {
                let piece = ffi::Take(ffi::isl_basic_map_list_get_at(ffi::Keep(list.0), int(k)?));
                let keep_piece = ffi::Keep(piece.0);
                let dims = [
                    (2, ctx.size(ffi::isl_basic_map_dim(keep_piece, 2))?),
                    (3, ctx.size(ffi::isl_basic_map_dim(keep_piece, 3))?),
                ];
                let params = ctx.size(ffi::isl_basic_map_dim(keep_piece, 1))?;
                // A piece with an existentially quantified variable that has no expression
                // stays as it is: isl lists its constraints only when every one has.
                if !ctx.bool(ffi::isl_basic_map_divs_known(keep_piece))? {
                    out = ffi::Take(ffi::isl_map_union(
                        out,
                        ffi::Take(ffi::isl_map_from_basic_map(piece)),
                    ));
                    continue;
                }
                let constraints = ffi::Take(ffi::isl_basic_map_get_constraint_list(keep_piece));
                let m = ctx.size(ffi::isl_constraint_list_size(ffi::Keep(constraints.0)))?;
                let mut kept = ffi::Take(ffi::isl_basic_map_universe(ffi::Take(
                    ffi::isl_basic_map_get_space(keep_piece),
                )));
                for j in 0..m {
                    let c = ffi::Take(ffi::isl_constraint_list_get_at(
                        ffi::Keep(constraints.0),
                        int(j)?,
                    ));
                    let keep = ffi::Keep(c.0);
                    let mut variables = 0;
                    for (t, count) in dims {
                        for pos in 0..count {
                            variables +=
                                usize::from(ctx.bool(ffi::isl_constraint_involves_dims(
                                    keep,
                                    t,
                                    uint(pos)?,
                                    1,
                                ))?);
                        }
                    }
                    // Divisions (kind 4) and parameters (1) make it more than a bound.
                    let mut bound =
                        variables == 1 && !ctx.bool(ffi::isl_constraint_is_equality(keep))?;
                    for (t, count) in [
                        (1, params),
                        (4, ctx.size(ffi::isl_basic_map_dim(keep_piece, 4))?),
                    ] {
                        bound = bound
                            && !ctx.bool(ffi::isl_constraint_involves_dims(
                                keep,
                                t,
                                0,
                                uint(count)?,
                            ))?;
                    }
                    let large = bound && {
                        let v = ffi::Take(ffi::isl_constraint_get_constant_val(keep));
                        let c = ffi::isl_val_get_num_si(ffi::Keep(v.0));
                        ctx.take_error().map_or(Ok(()), Err)?;
                        c.unsigned_abs() >= min
                    };
                    if !large {
                        kept = ffi::Take(ffi::isl_basic_map_intersect(
                            kept,
                            ffi::Take(ffi::isl_basic_map_from_constraint(c)),
                        ));
                    }
                }
                drop(piece);
                let piece = kept;
                out = ffi::Take(ffi::isl_map_union(
                    out,
                    ffi::Take(ffi::isl_map_from_basic_map(piece)),
                ));
            }
            ctx.wrap(out.into_raw())
        }
    }

    /// Adds the constraint that dimension `p1` of kind `t1` equals dimension `p2` of kind `t2`.
    pub fn equate(&self, t1: DimType, p1: usize, t2: DimType, p2: usize) -> Result<Map> {
        self.check_pos(t1, p1, 1)?;
        self.check_pos(t2, p2, 1)?;
        // SAFETY: the copy is taken.
        self.ctx.wrap(unsafe {
            ffi::isl_map_equate(self.take(), t1.raw(), int(p1)?, t2.raw(), int(p2)?)
        })
    }
}

impl UnionSet {
    /// The empty union set (no spaces, no parameters).
    pub fn empty(ctx: &Ctx) -> Result<UnionSet> {
        // SAFETY: the context is live.
        ctx.wrap(unsafe { ffi::isl_union_set_empty_ctx(ctx.raw()) })
    }

    /// The union set holding the single set `set`.
    pub fn from_set(set: &Set) -> Result<UnionSet> {
        set.to_union()
    }

    isl_methods! {
        /// The points in `self` or `other`.
        fn union(&self, other: &UnionSet) -> UnionSet = isl_union_set_union;
        /// The points in both.
        fn intersect(&self, other: &UnionSet) -> UnionSet = isl_union_set_intersect;
        /// Restricts the parameters to `params`.
        fn intersect_params(&self, params: &Set) -> UnionSet = isl_union_set_intersect_params;
        /// The points of `self` not in `other`.
        fn subtract(&self, other: &UnionSet) -> UnionSet = isl_union_set_subtract;
        /// The image of `self` under `map`.
        fn apply(&self, map: &UnionMap) -> UnionSet = isl_union_set_apply;
        /// The parameter values for which the union set is not empty.
        fn params(&self) -> Set = isl_union_set_params;
        /// Each set of the union extended to its whole space.
        fn universe(&self) -> UnionSet = isl_union_set_universe;
        /// The same set with fewer, merged disjuncts where possible.
        fn coalesce(&self) -> UnionSet = isl_union_set_coalesce;
        /// The lexicographically smallest point of each space.
        fn lexmin(&self) -> UnionSet = isl_union_set_lexmin;
        /// The lexicographically largest point of each space.
        fn lexmax(&self) -> UnionSet = isl_union_set_lexmax;
        /// Simplifies `self` assuming `context` holds.
        fn gist(&self, context: &UnionSet) -> UnionSet = isl_union_set_gist;
        /// Simplifies `self` assuming the parameter constraints `context` hold.
        fn gist_params(&self, context: &Set) -> UnionSet = isl_union_set_gist_params;
        /// The identity relation on `self`.
        fn identity(&self) -> UnionMap = isl_union_set_identity;
        /// Relates points of `self` to lexicographically greater points of `other`, within
        /// matching spaces.
        fn lex_lt_union_set(&self, other: &UnionSet) -> UnionMap = isl_union_set_lex_lt_union_set;
        /// A union set of wrapped pairs `{ [x -> y] }` as a union map.
        fn unwrap_map(&self) -> UnionMap = isl_union_set_unwrap;
        /// The union set as a single set; fails unless it lives in exactly one space.
        fn to_set(&self) -> Set = isl_set_from_union_set;
        /// Whether there is no element (for any parameter value).
        keep fn is_empty(&self) -> bool = isl_union_set_is_empty;
        /// Whether every element of `self` is in `other`.
        keep fn is_subset(&self, other: &UnionSet) -> bool = isl_union_set_is_subset;
        /// The number of spaces in the union.
        keep fn n_set(&self) -> usize = isl_union_set_n_set;
    }

    /// The part of the union in `space` (possibly empty).
    pub fn extract_set(&self, space: &Space) -> Result<Set> {
        self.ctx.same(&space.ctx)?;
        // SAFETY: the union set is kept, the space copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_union_set_extract_set(self.keep(), space.take()) })
    }

    /// Calls `f` on the set of each space in the union; an error from `f` stops the iteration.
    pub fn foreach_set(&self, mut f: impl FnMut(Set) -> Result<()>) -> Result<()> {
        let raw = self.keep();
        // SAFETY: the union set is live and kept; the trampoline matches.
        foreach::<Set>(&self.ctx, &mut f, |cb, user| unsafe {
            ffi::isl_union_set_foreach_set(raw, cb, user)
        })
    }

    /// The sets of the union, one per space, in isl's order.
    pub fn sets(&self) -> Result<Vec<Set>> {
        let mut out = Vec::new();
        self.foreach_set(|s| {
            out.push(s);
            Ok(())
        })?;
        Ok(out)
    }
}

impl UnionMap {
    /// The empty union map.
    pub fn empty(ctx: &Ctx) -> Result<UnionMap> {
        // SAFETY: the context is live.
        ctx.wrap(unsafe { ffi::isl_union_map_empty_ctx(ctx.raw()) })
    }

    /// The product relation `domain × range`, space by space.
    pub fn from_domain_and_range(domain: &UnionSet, range: &UnionSet) -> Result<UnionMap> {
        domain.ctx.same(&range.ctx)?;
        // SAFETY: both copies are taken.
        domain
            .ctx
            .wrap(unsafe { ffi::isl_union_map_from_domain_and_range(domain.take(), range.take()) })
    }

    /// The union map holding the single map `map`.
    pub fn from_map(map: &Map) -> Result<UnionMap> {
        map.to_union()
    }

    isl_methods! {
        /// The pairs in `self` or `other`.
        fn union(&self, other: &UnionMap) -> UnionMap = isl_union_map_union;
        /// The pairs in both.
        fn intersect(&self, other: &UnionMap) -> UnionMap = isl_union_map_intersect;
        /// The pairs of `self` not in `other`.
        fn subtract(&self, other: &UnionMap) -> UnionMap = isl_union_map_subtract;
        /// Restricts the domain to `set`.
        fn intersect_domain(&self, set: &UnionSet) -> UnionMap = isl_union_map_intersect_domain_union_set;
        /// Restricts the range to `set`.
        fn intersect_range(&self, set: &UnionSet) -> UnionMap = isl_union_map_intersect_range_union_set;
        /// Restricts the parameters to `params`.
        fn intersect_params(&self, params: &Set) -> UnionMap = isl_union_map_intersect_params;
        /// Removes the pairs whose domain element is in `set`.
        fn subtract_domain(&self, set: &UnionSet) -> UnionMap = isl_union_map_subtract_domain;
        /// Removes the pairs whose image is in `set`.
        fn subtract_range(&self, set: &UnionSet) -> UnionMap = isl_union_map_subtract_range;
        /// The inverse relation.
        fn reverse(&self) -> UnionMap = isl_union_map_reverse;
        /// `self` followed by `next`.
        fn apply_range(&self, next: &UnionMap) -> UnionMap = isl_union_map_apply_range;
        /// `self` with its domain mapped through `map`.
        fn apply_domain(&self, map: &UnionMap) -> UnionMap = isl_union_map_apply_domain;
        /// The elements that have an image.
        fn domain(&self) -> UnionSet = isl_union_map_domain;
        /// The images.
        fn range(&self) -> UnionSet = isl_union_map_range;
        /// The parameter values for which the relation is not empty.
        fn params(&self) -> Set = isl_union_map_params;
        /// The differences `y - x` of the pairs whose domain and range spaces match.
        fn deltas(&self) -> UnionSet = isl_union_map_deltas;
        /// Each map of the union extended to its whole space.
        fn universe(&self) -> UnionMap = isl_union_map_universe;
        /// Simplifies `self` assuming `context` holds.
        fn gist(&self, context: &UnionMap) -> UnionMap = isl_union_map_gist;
        /// Simplifies `self` assuming its domain lies in `context`.
        fn gist_domain(&self, context: &UnionSet) -> UnionMap = isl_union_map_gist_domain;
        /// Simplifies `self` assuming the parameter constraints `context` hold.
        fn gist_params(&self, context: &Set) -> UnionMap = isl_union_map_gist_params;
        /// The same relation with fewer, merged disjuncts where possible.
        fn coalesce(&self) -> UnionMap = isl_union_map_coalesce;
        /// For each domain element, its lexicographically smallest image (per range space).
        fn lexmin(&self) -> UnionMap = isl_union_map_lexmin;
        /// For each domain element, its lexicographically largest image (per range space).
        fn lexmax(&self) -> UnionMap = isl_union_map_lexmax;
        /// Relates `x` to `y` when `self(x)` is lexicographically smaller than `other(y)`: for
        /// two schedules, "`x` runs before `y`".
        fn lex_lt_union_map(&self, other: &UnionMap) -> UnionMap = isl_union_map_lex_lt_union_map;
        /// `{ x -> [y -> z] : x -> y in self and x -> z in other }`.
        fn range_product(&self, other: &UnionMap) -> UnionMap = isl_union_map_range_product;
        /// `{ A -> C : [A -> B] -> [C -> D] in self }`: drops the second factor of wrapped
        /// domains and ranges (for example the access tags of tagged dependences).
        fn factor_domain(&self) -> UnionMap = isl_union_map_factor_domain;
        /// `{ B -> D : [A -> B] -> [C -> D] in self }`.
        fn factor_range(&self) -> UnionMap = isl_union_map_factor_range;
        /// `{ A -> C : [A -> B] -> C in self }`.
        fn domain_factor_domain(&self) -> UnionMap = isl_union_map_domain_factor_domain;
        /// `{ A -> B : A -> [B -> C] in self }`.
        fn range_factor_domain(&self) -> UnionMap = isl_union_map_range_factor_domain;
        /// `{ [A -> C] -> [B -> D] : [A -> B] -> [C -> D] in self }`.
        fn zip(&self) -> UnionMap = isl_union_map_zip;
        /// The relation as a set of pairs `{ [x -> y] }`.
        fn wrap(&self) -> UnionSet = isl_union_map_wrap;
        /// The union map as a single map; fails unless it lives in exactly one space.
        fn to_map(&self) -> Map = isl_map_from_union_map;
        /// Whether there is no element (for any parameter value).
        keep fn is_empty(&self) -> bool = isl_union_map_is_empty;
        /// Whether every element of `self` is in `other`.
        keep fn is_subset(&self, other: &UnionMap) -> bool = isl_union_map_is_subset;
        /// Whether no two domain elements share an image.
        keep fn is_injective(&self) -> bool = isl_union_map_is_injective;
        /// Whether every domain element has at most one image.
        keep fn is_single_valued(&self) -> bool = isl_union_map_is_single_valued;
        /// The number of spaces in the union.
        keep fn n_map(&self) -> usize = isl_union_map_n_map;
    }

    /// Removes parameters `first..first + n` by existential quantification.
    pub fn project_out_params(&self, first: usize, n: usize) -> Result<UnionMap> {
        let np = self.space()?.dim(DimType::Param)?;
        if first.checked_add(n).is_none_or(|end| end > np) {
            return Err(Error::InvalidArgument(format!(
                "parameters {first}..+{n} out of 0..{np}"
            )));
        }
        // SAFETY: the copy is taken.
        self.ctx.wrap(unsafe {
            ffi::isl_union_map_project_out(
                self.take(),
                DimType::Param.raw(),
                uint(first)?,
                uint(n)?,
            )
        })
    }

    /// The part of the union in the map space `space` (possibly empty).
    pub fn extract_map(&self, space: &Space) -> Result<Map> {
        self.ctx.same(&space.ctx)?;
        // SAFETY: the union map is kept, the space copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_union_map_extract_map(self.keep(), space.take()) })
    }

    /// The part of the union whose domain is in `domain`, as one map. When nothing is left
    /// (isl drops empty parts, so `intersect_domain(..).to_map()` fails for a domain that is
    /// empty), an empty map from `domain`'s space to the range space of the union's first map:
    /// meant for unions whose maps share one range space, as schedules do.
    pub fn restrict_to(&self, domain: &Set) -> Result<Map> {
        let part = self.intersect_domain(&domain.to_union()?)?;
        if part.n_map()? == 1 {
            return part.to_map();
        }
        match self.maps()?.first() {
            Some(m) if part.n_map()? == 0 => {
                Map::from_domain_and_range(domain, &Set::universe(&m.space()?.range()?)?)
            }
            _ => part.to_map(),
        }
    }

    /// [`Map::drop_constant_bounds`] of each map of the union.
    pub fn drop_constant_bounds(&self, min: u64) -> Result<UnionMap> {
        let mut out = UnionMap::empty(&self.ctx)?;
        self.foreach_map(|m| {
            out = out.union(&UnionMap::from_map(&m.drop_constant_bounds(min)?)?)?;
            Ok(())
        })?;
        Ok(out)
    }

    /// Calls `f` on the map of each pair of spaces in the union; an error from `f` stops it.
    pub fn foreach_map(&self, mut f: impl FnMut(Map) -> Result<()>) -> Result<()> {
        let raw = self.keep();
        // SAFETY: the union map is live and kept; the trampoline matches.
        foreach::<Map>(&self.ctx, &mut f, |cb, user| unsafe {
            ffi::isl_union_map_foreach_map(raw, cb, user)
        })
    }

    /// The maps of the union, one per pair of spaces, in isl's order.
    pub fn maps(&self) -> Result<Vec<Map>> {
        let mut out = Vec::new();
        self.foreach_map(|m| {
            out.push(m);
            Ok(())
        })?;
        Ok(out)
    }
}
