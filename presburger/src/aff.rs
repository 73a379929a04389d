//! Values and (piecewise, multi-dimensional) quasi-affine functions.

use crate::ctx::Ctx;
use crate::error::{Error, Result};
use crate::ffi;
use crate::handle::{Handle, isl_handle, isl_methods};
use crate::set::{DimType, Map, Set, Space, UnionMap, int, parse};
use num_bigint::BigInt;

isl_handle!(
    /// An exact rational value, or ±∞ or NaN (`isl_val`).
    Val, isl_val, isl_val_copy, isl_val_free, isl_val_to_str, isl_val_eq
);
isl_handle!(
    /// A quasi-affine function on a domain space (`isl_aff`): affine expressions over the
    /// parameters and domain dimensions with integer division by constants, such as
    /// `[n] -> { [i, j] -> [(floor((i + n)/2))] }`. Equality is syntactic (`plain_is_equal`).
    Aff, isl_aff, isl_aff_copy, isl_aff_free, isl_aff_to_str, isl_aff_plain_is_equal
);
isl_handle!(
    /// A function defined piecewise by quasi-affine expressions on disjoint sets (`isl_pw_aff`).
    PwAff, isl_pw_aff, isl_pw_aff_copy, isl_pw_aff_free, isl_pw_aff_to_str, isl_pw_aff_is_equal
);
isl_handle!(
    /// A tuple of quasi-affine functions on one domain (`isl_multi_aff`), such as an access
    /// function `{ S[i, j] -> A[i + 1, j] }`. Equality is syntactic.
    MultiAff, isl_multi_aff, isl_multi_aff_copy, isl_multi_aff_free, isl_multi_aff_to_str,
    isl_multi_aff_plain_is_equal
);
isl_handle!(
    /// A piecewise tuple of quasi-affine functions (`isl_pw_multi_aff`): the form in which a
    /// single-valued map becomes an expression.
    PwMultiAff, isl_pw_multi_aff, isl_pw_multi_aff_copy, isl_pw_multi_aff_free,
    isl_pw_multi_aff_to_str, isl_pw_multi_aff_is_equal
);
isl_handle!(
    /// A tuple of values in a set space (`isl_multi_val`), such as tile sizes.
    MultiVal, isl_multi_val, isl_multi_val_copy, isl_multi_val_free, isl_multi_val_to_str,
    isl_multi_val_plain_is_equal
);
isl_handle!(
    /// A tuple of functions defined on several spaces (`isl_multi_union_pw_aff`): the partial
    /// schedule of a band, such as `[{ S[i, j] -> [(i)]; T[i] -> [(i)] }]`.
    MultiUnionPwAff, isl_multi_union_pw_aff, isl_multi_union_pw_aff_copy,
    isl_multi_union_pw_aff_free, isl_multi_union_pw_aff_to_str,
    isl_multi_union_pw_aff_plain_is_equal
);

isl_handle!(
    /// A function defined piecewise on several spaces (`isl_union_pw_multi_aff`), such as the
    /// map from the statements a pass split off to the statement they come from.
    UnionPwMultiAff, isl_union_pw_multi_aff, isl_union_pw_multi_aff_copy,
    isl_union_pw_multi_aff_free, isl_union_pw_multi_aff_to_str,
    isl_union_pw_multi_aff_plain_is_equal
);

impl UnionPwMultiAff {
    /// The function whose graph is `map` (which must be single-valued).
    pub fn from_union_map(map: &UnionMap) -> Result<UnionPwMultiAff> {
        // SAFETY: the copy is taken.
        map.ctx()
            .wrap(unsafe { ffi::isl_union_pw_multi_aff_from_union_map(map.take()) })
    }
}

impl Val {
    /// The integer `value`.
    pub fn from_i64(ctx: &Ctx, value: i64) -> Result<Val> {
        let v = std::ffi::c_long::try_from(value)
            .map_err(|_| Error::InvalidArgument(format!("{value} does not fit in a C long")))?;
        // SAFETY: the context is live.
        ctx.wrap(unsafe { ffi::isl_val_int_from_si(ctx.raw(), v) })
    }

    /// The integer `value`, of any size.
    pub fn from_bigint(ctx: &Ctx, value: &BigInt) -> Result<Val> {
        Val::parse(ctx, &value.to_string())
    }

    /// Parses a value: an integer, a fraction `p/q`, `infty`, `-infty` or `NaN`.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<Val> {
        parse::<Val>(ctx, text, ffi::isl_val_read_from_str)
    }

    /// The value as an `i64`; fails unless it is an integer in range.
    pub fn to_i64(&self) -> Result<i64> {
        if !self.is_int()? {
            return Err(Error::InvalidArgument(format!("{self} is not an integer")));
        }
        // SAFETY: the value is live and kept. isl reports a numerator too large for a long.
        let n = unsafe { ffi::isl_val_get_num_si(self.keep()) };
        if let Some(e) = self.ctx.take_error() {
            return Err(e);
        }
        Ok(n)
    }

    /// The value as an exact integer; fails unless it is an integer.
    pub fn to_bigint(&self) -> Result<BigInt> {
        if !self.is_int()? {
            return Err(Error::InvalidArgument(format!("{self} is not an integer")));
        }
        self.to_string()
            .parse()
            .map_err(|_| Error::InvalidArgument(format!("isl printed {self} for an integer")))
    }

    isl_methods! {
        /// The denominator of a rational value.
        get fn denominator(&self) -> Val = isl_val_get_den_val;
        /// `self + other`.
        fn add(&self, other: &Val) -> Val = isl_val_add;
        /// `self - other`.
        fn sub(&self, other: &Val) -> Val = isl_val_sub;
        /// `self * other`.
        fn mul(&self, other: &Val) -> Val = isl_val_mul;
        /// `self / other` (exact, rational).
        fn div(&self, other: &Val) -> Val = isl_val_div;
        /// `-self`.
        fn neg(&self) -> Val = isl_val_neg;
        /// The largest integer not greater than `self`.
        fn floor(&self) -> Val = isl_val_floor;
        /// Whether the value is an integer.
        keep fn is_int(&self) -> bool = isl_val_is_int;
        /// Whether the value is rational (not ±∞, not NaN).
        keep fn is_rat(&self) -> bool = isl_val_is_rat;
        /// Whether the value is NaN.
        keep fn is_nan(&self) -> bool = isl_val_is_nan;
        /// Whether the value is +∞.
        keep fn is_infty(&self) -> bool = isl_val_is_infty;
        /// Whether the value is -∞.
        keep fn is_neg_infty(&self) -> bool = isl_val_is_neginfty;
        /// Whether the value is zero.
        keep fn is_zero(&self) -> bool = isl_val_is_zero;
        /// Whether the value is negative.
        keep fn is_neg(&self) -> bool = isl_val_is_neg;
        /// Whether `self < other`.
        keep fn lt(&self, other: &Val) -> bool = isl_val_lt;
    }
}

impl Aff {
    /// Parses isl notation, for example `[n] -> { [i] -> [(2i + n)] }`.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<Aff> {
        parse::<Aff>(ctx, text, ffi::isl_aff_read_from_str)
    }

    /// The zero function on the set space `domain`.
    pub fn zero_on_domain(domain: &Space) -> Result<Aff> {
        // SAFETY: the copy is taken.
        domain
            .ctx()
            .wrap(unsafe { ffi::isl_aff_zero_on_domain_space(domain.take()) })
    }

    /// The space of the function.
    pub fn space(&self) -> Result<Space> {
        // SAFETY: the object is live and kept.
        self.ctx()
            .wrap(unsafe { ffi::isl_aff_get_space(self.keep()) })
    }

    /// The constant term (rational when the function has a denominator).
    pub fn constant(&self) -> Result<Val> {
        // SAFETY: the object is live and kept.
        self.ctx()
            .wrap(unsafe { ffi::isl_aff_get_constant_val(self.keep()) })
    }

    /// The coefficient of dimension `pos` of kind `t` (`Param` or `In`).
    pub fn coefficient(&self, t: DimType, pos: usize) -> Result<Val> {
        // SAFETY: the object is live and kept; isl checks the position.
        self.ctx()
            .wrap(unsafe { ffi::isl_aff_get_coefficient_val(self.keep(), t.raw(), int(pos)?) })
    }

    /// The same function with constant term `v`.
    pub fn with_constant(&self, v: &Val) -> Result<Aff> {
        self.ctx().same(v.ctx())?;
        // SAFETY: both copies are taken.
        self.ctx()
            .wrap(unsafe { ffi::isl_aff_set_constant_val(self.take(), v.take()) })
    }

    /// The same function with coefficient `v` for dimension `pos` of kind `t`.
    pub fn with_coefficient(&self, t: DimType, pos: usize, v: &Val) -> Result<Aff> {
        self.ctx().same(v.ctx())?;
        // SAFETY: both copies are taken; isl checks the position.
        self.ctx().wrap(unsafe {
            ffi::isl_aff_set_coefficient_val(self.take(), t.raw(), int(pos)?, v.take())
        })
    }

    /// The number of dimensions of kind `t`.
    pub fn dim(&self, t: DimType) -> Result<usize> {
        // SAFETY: the object is live and kept.
        self.ctx()
            .size(unsafe { ffi::isl_aff_dim(self.keep(), t.raw()) })
    }

    isl_methods! {
        /// `self + other`.
        fn add(&self, other: &Aff) -> Aff = isl_aff_add;
        /// `self - other`.
        fn sub(&self, other: &Aff) -> Aff = isl_aff_sub;
        /// `self * other`; one of them must be constant.
        fn mul(&self, other: &Aff) -> Aff = isl_aff_mul;
        /// `-self`.
        fn neg(&self) -> Aff = isl_aff_neg;
        /// `floor(self)`.
        fn floor(&self) -> Aff = isl_aff_floor;
        /// `self * v`.
        fn scale(&self, v: &Val) -> Aff = isl_aff_scale_val;
        /// `self / v` (rational; follow with `floor` for integer division).
        fn scale_down(&self, v: &Val) -> Aff = isl_aff_scale_down_val;
        /// `self mod v` for a positive integer `v` (result in `0..v`).
        fn modulo(&self, v: &Val) -> Aff = isl_aff_mod_val;
        /// The denominator of the function.
        get fn denominator(&self) -> Val = isl_aff_get_denominator_val;
        /// The function as a piecewise function with one piece.
        fn to_pw_aff(&self) -> PwAff = isl_pw_aff_from_aff;
        /// The graph of the function.
        fn to_map(&self) -> Map = isl_map_from_aff;
        /// Whether the function is constant.
        keep fn is_cst(&self) -> bool = isl_aff_is_cst;
    }
}

impl PwAff {
    /// Parses isl notation, for example `[n] -> { [i] -> [(i)] : i < n; [i] -> [(n)] : i >= n }`.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<PwAff> {
        parse::<PwAff>(ctx, text, ffi::isl_pw_aff_read_from_str)
    }

    /// The space of the function.
    pub fn space(&self) -> Result<Space> {
        // SAFETY: the object is live and kept.
        self.ctx()
            .wrap(unsafe { ffi::isl_pw_aff_get_space(self.keep()) })
    }

    isl_methods! {
        /// `self + other` where both are defined.
        fn add(&self, other: &PwAff) -> PwAff = isl_pw_aff_add;
        /// `self - other` where both are defined.
        fn sub(&self, other: &PwAff) -> PwAff = isl_pw_aff_sub;
        /// `self * other`; on each piece one of them must be constant.
        fn mul(&self, other: &PwAff) -> PwAff = isl_pw_aff_mul;
        /// `-self`.
        fn neg(&self) -> PwAff = isl_pw_aff_neg;
        /// `min(self, other)` where both are defined.
        fn min(&self, other: &PwAff) -> PwAff = isl_pw_aff_min;
        /// `max(self, other)` where both are defined.
        fn max(&self, other: &PwAff) -> PwAff = isl_pw_aff_max;
        /// `floor(self)`.
        fn floor(&self) -> PwAff = isl_pw_aff_floor;
        /// `self mod v` for a positive integer `v`.
        fn modulo(&self, v: &Val) -> PwAff = isl_pw_aff_mod_val;
        /// `self / v` (rational).
        fn scale_down(&self, v: &Val) -> PwAff = isl_pw_aff_scale_down_val;
        /// `self / other` truncated toward zero, as C divides integers; `other` must be a
        /// non-zero constant.
        fn tdiv_q(&self, other: &PwAff) -> PwAff = isl_pw_aff_tdiv_q;
        /// The remainder of [`PwAff::tdiv_q`]: it has the sign of `self`, as C's `%`.
        fn tdiv_r(&self, other: &PwAff) -> PwAff = isl_pw_aff_tdiv_r;
        /// `self` where it is defined, `other` where only `other` is, their sum where both are.
        fn union_add(&self, other: &PwAff) -> PwAff = isl_pw_aff_union_add;
        /// Where the function is defined.
        fn domain(&self) -> Set = isl_pw_aff_domain;
        /// The parameter values for which the function is defined somewhere.
        fn params(&self) -> Set = isl_pw_aff_params;
        /// Restricts the function to `set`.
        fn intersect_domain(&self, set: &Set) -> PwAff = isl_pw_aff_intersect_domain;
        /// Restricts the parameters to `params`.
        fn intersect_params(&self, params: &Set) -> PwAff = isl_pw_aff_intersect_params;
        /// Simplifies the function assuming its argument lies in `context`.
        fn gist(&self, context: &Set) -> PwAff = isl_pw_aff_gist;
        /// Simplifies the function assuming the parameter constraints `context`.
        fn gist_params(&self, context: &Set) -> PwAff = isl_pw_aff_gist_params;
        /// The same function with fewer pieces where possible.
        fn coalesce(&self) -> PwAff = isl_pw_aff_coalesce;
        /// Where both are defined and `self = other`.
        fn eq_set(&self, other: &PwAff) -> Set = isl_pw_aff_eq_set;
        /// Where both are defined and `self ≠ other`.
        fn ne_set(&self, other: &PwAff) -> Set = isl_pw_aff_ne_set;
        /// Where both are defined and `self ≤ other`.
        fn le_set(&self, other: &PwAff) -> Set = isl_pw_aff_le_set;
        /// Where both are defined and `self < other`.
        fn lt_set(&self, other: &PwAff) -> Set = isl_pw_aff_lt_set;
        /// Where both are defined and `self ≥ other`.
        fn ge_set(&self, other: &PwAff) -> Set = isl_pw_aff_ge_set;
        /// Where both are defined and `self > other`.
        fn gt_set(&self, other: &PwAff) -> Set = isl_pw_aff_gt_set;
        /// The graph of the function.
        fn to_map(&self) -> Map = isl_map_from_pw_aff;
        /// Whether the function is constant on its domain.
        keep fn is_cst(&self) -> bool = isl_pw_aff_is_cst;
        /// Whether the function is one affine function on the whole space (one piece, on the
        /// universe; [`PwAff::gist`] with its domain first to forget the domain).
        keep fn is_aff(&self) -> bool = isl_pw_aff_isa_aff;
    }

    /// The function as one affine function, when [`PwAff::is_aff`] holds.
    pub fn to_aff(&self) -> Result<Option<Aff>> {
        if !self.is_aff()? {
            return Ok(None);
        }
        // SAFETY: the copy is taken.
        Ok(Some(
            self.ctx()
                .wrap(unsafe { ffi::isl_pw_aff_as_aff(self.take()) })?,
        ))
    }
}

impl PwAff {
    /// The constant `v` on `domain`.
    pub fn constant_on(domain: &Set, v: &Val) -> Result<PwAff> {
        domain.ctx().same(v.ctx())?;
        // SAFETY: both copies are taken.
        domain
            .ctx()
            .wrap(unsafe { ffi::isl_pw_aff_val_on_domain(domain.take(), v.take()) })
    }

    /// `cond ? then : otherwise`, where `cond` is non-zero (on the domain of `cond`).
    pub fn cond(cond: &PwAff, then: &PwAff, otherwise: &PwAff) -> Result<PwAff> {
        cond.ctx().same(then.ctx())?;
        cond.ctx().same(otherwise.ctx())?;
        // SAFETY: all three copies are taken.
        cond.ctx()
            .wrap(unsafe { ffi::isl_pw_aff_cond(cond.take(), then.take(), otherwise.take()) })
    }
}

impl MultiAff {
    /// Parses isl notation, for example `{ S[i, j] -> A[(i + 1), (j)] }`.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<MultiAff> {
        parse::<MultiAff>(ctx, text, ffi::isl_multi_aff_read_from_str)
    }

    /// The identity function on the set space `domain`.
    pub fn identity_on_domain(domain: &Space) -> Result<MultiAff> {
        // SAFETY: the copy is taken.
        domain
            .ctx()
            .wrap(unsafe { ffi::isl_multi_aff_identity_on_domain_space(domain.take()) })
    }

    /// The space of the function.
    pub fn space(&self) -> Result<Space> {
        // SAFETY: the object is live and kept.
        self.ctx()
            .wrap(unsafe { ffi::isl_multi_aff_get_space(self.keep()) })
    }

    /// Output `pos` of the tuple.
    pub fn get(&self, pos: usize) -> Result<Aff> {
        let n = self.len()?;
        if pos >= n {
            return Err(Error::InvalidArgument(format!(
                "output {pos} out of range 0..{n}"
            )));
        }
        // SAFETY: the object is live and kept; the position is in range.
        self.ctx()
            .wrap(unsafe { ffi::isl_multi_aff_get_at(self.keep(), int(pos)?) })
    }

    isl_methods! {
        /// The number of outputs.
        keep fn len(&self) -> usize = isl_multi_aff_size;
        /// The graph of the function.
        fn to_map(&self) -> Map = isl_map_from_multi_aff;
        /// The function as a piecewise function with one piece.
        fn to_pw_multi_aff(&self) -> PwMultiAff = isl_pw_multi_aff_from_multi_aff;
    }

    /// Whether the tuple has no outputs.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }
}

impl PwMultiAff {
    /// Parses isl notation.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<PwMultiAff> {
        parse::<PwMultiAff>(ctx, text, ffi::isl_pw_multi_aff_read_from_str)
    }

    /// The single-valued `map` as a function; fails when `map` is not single-valued.
    pub fn from_map(map: &Map) -> Result<PwMultiAff> {
        // SAFETY: the copy is taken.
        map.ctx()
            .wrap(unsafe { ffi::isl_pw_multi_aff_from_map(map.take()) })
    }

    /// The space of the function.
    pub fn space(&self) -> Result<Space> {
        // SAFETY: the object is live and kept.
        self.ctx()
            .wrap(unsafe { ffi::isl_pw_multi_aff_get_space(self.keep()) })
    }

    /// The number of outputs.
    pub fn len(&self) -> Result<usize> {
        // SAFETY: the object is live and kept.
        self.ctx()
            .size(unsafe { ffi::isl_pw_multi_aff_dim(self.keep(), DimType::Out.raw()) })
    }

    /// Whether the tuple has no outputs.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// Output `pos` as a piecewise function.
    pub fn get(&self, pos: usize) -> Result<PwAff> {
        let n = self.len()?;
        if pos >= n {
            return Err(Error::InvalidArgument(format!(
                "output {pos} out of range 0..{n}"
            )));
        }
        // SAFETY: the object is live and kept; the position is in range.
        self.ctx()
            .wrap(unsafe { ffi::isl_pw_multi_aff_get_at(self.keep(), int(pos)?) })
    }

    isl_methods! {
        /// Where the function is defined.
        fn domain(&self) -> Set = isl_pw_multi_aff_domain;
        /// Restricts the function to `set`.
        fn intersect_domain(&self, set: &Set) -> PwMultiAff = isl_pw_multi_aff_intersect_domain;
        /// The same function with fewer pieces where possible.
        fn coalesce(&self) -> PwMultiAff = isl_pw_multi_aff_coalesce;
        /// `self ∘ inner`: `x -> self(inner(x))`.
        fn pullback(&self, inner: &PwMultiAff) -> PwMultiAff = isl_pw_multi_aff_pullback_pw_multi_aff;
        /// The graph of the function.
        fn to_map(&self) -> Map = isl_map_from_pw_multi_aff;
    }
}

impl MultiVal {
    /// Parses isl notation, for example `{ [32, 32] }`.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<MultiVal> {
        parse::<MultiVal>(ctx, text, ffi::isl_multi_val_read_from_str)
    }

    /// The tuple `values` in the set space `space` (which needs `values.len()` dimensions).
    pub fn from_values(space: &Space, values: &[i64]) -> Result<MultiVal> {
        let ctx = space.ctx();
        let n = space.dim(DimType::SET)?;
        if n != values.len() {
            return Err(Error::InvalidArgument(format!(
                "{} values for a space of {n} dimensions",
                values.len()
            )));
        }
        // Everything that can fail in Rust happens before the list exists, so it cannot leak.
        let vals = values
            .iter()
            .map(|&v| Val::from_i64(ctx, v))
            .collect::<Result<Vec<_>>>()?;
        let n = int(n)?;
        // SAFETY: the context is live; each `isl_val_list_add` takes the list and the value (and
        // frees both and returns null on failure, which the last call reports).
        let mut list = unsafe { ffi::isl_val_list_alloc(ctx.raw(), n) };
        for val in &vals {
            // SAFETY: as above.
            list = unsafe { ffi::isl_val_list_add(ffi::Take(list), val.take()) };
        }
        // SAFETY: the space copy and the list are taken.
        ctx.wrap(unsafe { ffi::isl_multi_val_from_val_list(space.take(), ffi::Take(list)) })
    }
}

impl MultiUnionPwAff {
    /// Parses isl notation, for example `[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]`.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<MultiUnionPwAff> {
        parse::<MultiUnionPwAff>(ctx, text, ffi::isl_multi_union_pw_aff_read_from_str)
    }

    /// The function whose graph is the single-valued union map `map`, whose ranges all have
    /// the same dimension.
    pub fn from_union_map(map: &UnionMap) -> Result<MultiUnionPwAff> {
        // SAFETY: the copy is taken.
        map.ctx()
            .wrap(unsafe { ffi::isl_multi_union_pw_aff_from_union_map(map.take()) })
    }

    isl_methods! {
        /// The graph of the function.
        fn to_union_map(&self) -> UnionMap = isl_union_map_from_multi_union_pw_aff;
    }
}
