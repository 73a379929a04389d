//! Raw declarations of the isl functions this crate calls, against the `libisl.a` that
//! `optimist-isl-sys` builds and links.
//!
//! One opaque type per isl type, so that the compiler checks which object goes where.
//!
//! Ownership is in the types too: a parameter isl consumes (`__isl_take`) is a [`Take`], one it
//! only borrows (`__isl_keep`) is a [`Keep`]; results are owned (`__isl_give`) raw pointers,
//! except `const char *`. The annotations were copied from isl 0.27's headers mechanically;
//! wrappers get a `Take` only from `Handle::take` (a fresh reference) and a `Keep` only from
//! `Handle::keep`, so handing isl the wrong one does not compile.
#![allow(non_camel_case_types, missing_docs)]

use std::ffi::{c_char, c_int, c_long, c_uint, c_void};
use std::marker::{PhantomData, PhantomPinned};

macro_rules! opaque {
    ($($name:ident)*) => {$(
        #[repr(C)]
        pub struct $name {
            _data: [u8; 0],
            _marker: PhantomData<(*mut u8, PhantomPinned)>,
        }
    )*};
}

opaque! {
    isl_ctx isl_space isl_set isl_map isl_union_set isl_union_map isl_aff isl_pw_aff
    isl_multi_aff isl_pw_multi_aff isl_val isl_multi_val isl_multi_union_pw_aff isl_id
    isl_union_pw_multi_aff
    isl_point isl_schedule isl_schedule_node isl_schedule_constraints isl_union_access_info
    isl_union_flow isl_ast_build isl_ast_node isl_ast_expr isl_ast_node_list isl_union_set_list
    isl_val_list isl_id_list isl_basic_map isl_local_space isl_constraint
    isl_basic_map_list isl_constraint_list
}

/// An object handed to isl for good (`__isl_take`): the callee consumes this reference, also
/// when it fails. Not `Copy`, so one reference cannot be handed over twice; and a `Take` that is
/// never handed over (say an argument list left early by `?`) frees its reference on drop.
#[repr(transparent)]
pub struct Take<T: Free>(pub *mut T);

impl<T: Free> Take<T> {
    /// The pointer, no longer owned by this `Take`.
    pub fn into_raw(self) -> *mut T {
        let p = self.0;
        std::mem::forget(self);
        p
    }
}

impl<T: Free> Drop for Take<T> {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: a `Take` owns one reference, and it was not handed to isl.
            unsafe { T::free(self.0) };
        }
    }
}

/// isl types with a `*_free` function: what a dropped [`Take`] calls.
pub trait Free {
    /// Releases one reference.
    ///
    /// # Safety
    /// `p` is a live object and the caller owns the reference it gives up.
    unsafe fn free(p: *mut Self);
}

macro_rules! free {
    ($($ty:ident => $f:ident),* $(,)?) => {$(
        impl Free for $ty {
            unsafe fn free(p: *mut Self) {
                // SAFETY: per the trait's contract; the new `Take` moves into the call.
                unsafe { $f(Take(p)) };
            }
        }
    )*};
}

free! {
    isl_space => isl_space_free, isl_set => isl_set_free, isl_map => isl_map_free,
    isl_union_set => isl_union_set_free, isl_union_map => isl_union_map_free,
    isl_aff => isl_aff_free, isl_pw_aff => isl_pw_aff_free, isl_multi_aff => isl_multi_aff_free,
    isl_pw_multi_aff => isl_pw_multi_aff_free, isl_val => isl_val_free,
    isl_multi_val => isl_multi_val_free, isl_multi_union_pw_aff => isl_multi_union_pw_aff_free,
    isl_union_pw_multi_aff => isl_union_pw_multi_aff_free,
    isl_id => isl_id_free, isl_basic_map => isl_basic_map_free,
    isl_local_space => isl_local_space_free, isl_constraint => isl_constraint_free, isl_point => isl_point_free, isl_schedule => isl_schedule_free,
    isl_schedule_node => isl_schedule_node_free,
    isl_schedule_constraints => isl_schedule_constraints_free,
    isl_union_access_info => isl_union_access_info_free, isl_union_flow => isl_union_flow_free,
    isl_ast_build => isl_ast_build_free, isl_ast_node => isl_ast_node_free,
    isl_ast_expr => isl_ast_expr_free, isl_ast_node_list => isl_ast_node_list_free,
    isl_union_set_list => isl_union_set_list_free, isl_val_list => isl_val_list_free,
    isl_id_list => isl_id_list_free,
    isl_basic_map_list => isl_basic_map_list_free,
    isl_constraint_list => isl_constraint_list_free,
}

/// An object lent to isl for the duration of one call (`__isl_keep`).
#[repr(transparent)]
pub struct Keep<T>(pub *mut T);

impl<T> Clone for Keep<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Keep<T> {}

/// `isl_bool`: -1 error, 0 false, 1 true.
pub type Bool = c_int;
/// `isl_stat`: -1 error, 0 ok.
pub type Stat = c_int;
/// `isl_size`: -1 error, else a count.
pub type Size = c_int;
/// `enum isl_dim_type`.
pub type DimT = c_int;

pub const ISL_ON_ERROR_CONTINUE: c_int = 1;

pub type SetCb = unsafe extern "C" fn(*mut isl_set, *mut c_void) -> Stat;
pub type MapCb = unsafe extern "C" fn(*mut isl_map, *mut c_void) -> Stat;
pub type PointCb = unsafe extern "C" fn(*mut isl_point, *mut c_void) -> Stat;
pub type AtEachDomainCb =
    unsafe extern "C" fn(*mut isl_ast_node, *mut isl_ast_build, *mut c_void) -> *mut isl_ast_node;

unsafe extern "C" {
    pub fn free(ptr: *mut c_void);

    // ---- context and options
    pub fn isl_ctx_alloc() -> *mut isl_ctx;
    pub fn isl_ctx_free(ctx: *mut isl_ctx);
    pub fn isl_ctx_last_error(ctx: *mut isl_ctx) -> c_int;
    pub fn isl_ctx_last_error_msg(ctx: *mut isl_ctx) -> *const c_char;
    pub fn isl_ctx_last_error_file(ctx: *mut isl_ctx) -> *const c_char;
    pub fn isl_ctx_last_error_line(ctx: *mut isl_ctx) -> c_int;
    pub fn isl_ctx_reset_error(ctx: *mut isl_ctx);
    pub fn isl_ctx_set_max_operations(ctx: *mut isl_ctx, max: std::ffi::c_ulong);
    pub fn isl_ctx_get_max_operations(ctx: *mut isl_ctx) -> std::ffi::c_ulong;
    pub fn isl_ctx_reset_operations(ctx: *mut isl_ctx);
    /// Counts one operation; -1 (and the quota error) when the budget is spent. Not in isl's
    /// public headers (`isl_ctx_private.h`), but an exported symbol of `libisl.a`.
    pub fn isl_ctx_next_operation(ctx: *mut isl_ctx) -> c_int;
    pub fn isl_ctx_abort(ctx: *mut isl_ctx);
    pub fn isl_ctx_resume(ctx: *mut isl_ctx);
    pub fn isl_ctx_aborted(ctx: *mut isl_ctx) -> c_int;
    pub fn isl_options_set_on_error(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_schedule_outer_coincidence(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_schedule_maximize_band_depth(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_schedule_serialize_sccs(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_schedule_max_coefficient(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_ast_build_atomic_upper_bound(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_ast_build_detect_min_max(ctx: *mut isl_ctx, val: c_int) -> Stat;

    // ---- identifiers
    pub fn isl_id_alloc(ctx: *mut isl_ctx, name: *const c_char, user: *mut c_void) -> *mut isl_id;
    pub fn isl_id_copy(id: Keep<isl_id>) -> *mut isl_id;
    pub fn isl_id_free(id: Take<isl_id>) -> *mut isl_id;
    pub fn isl_id_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_id;
    pub fn isl_id_get_name(id: Keep<isl_id>) -> *const c_char;
    pub fn isl_id_to_str(id: Keep<isl_id>) -> *mut c_char;

    // ---- values
    pub fn isl_val_copy(v: Keep<isl_val>) -> *mut isl_val;
    pub fn isl_val_free(v: Take<isl_val>) -> *mut isl_val;
    pub fn isl_val_to_str(v: Keep<isl_val>) -> *mut c_char;
    pub fn isl_val_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_val;
    pub fn isl_val_int_from_si(ctx: *mut isl_ctx, i: c_long) -> *mut isl_val;
    pub fn isl_val_get_num_si(v: Keep<isl_val>) -> c_long;
    pub fn isl_val_get_den_val(v: Keep<isl_val>) -> *mut isl_val;
    pub fn isl_val_is_int(v: Keep<isl_val>) -> Bool;
    pub fn isl_val_is_rat(v: Keep<isl_val>) -> Bool;
    pub fn isl_val_is_nan(v: Keep<isl_val>) -> Bool;
    pub fn isl_val_is_infty(v: Keep<isl_val>) -> Bool;
    pub fn isl_val_is_neginfty(v: Keep<isl_val>) -> Bool;
    pub fn isl_val_is_zero(v: Keep<isl_val>) -> Bool;
    pub fn isl_val_is_neg(v: Keep<isl_val>) -> Bool;
    pub fn isl_val_eq(a: Keep<isl_val>, b: Keep<isl_val>) -> Bool;
    pub fn isl_val_lt(a: Keep<isl_val>, b: Keep<isl_val>) -> Bool;
    pub fn isl_val_add(a: Take<isl_val>, b: Take<isl_val>) -> *mut isl_val;
    pub fn isl_val_sub(a: Take<isl_val>, b: Take<isl_val>) -> *mut isl_val;
    pub fn isl_val_mul(a: Take<isl_val>, b: Take<isl_val>) -> *mut isl_val;
    pub fn isl_val_div(a: Take<isl_val>, b: Take<isl_val>) -> *mut isl_val;
    pub fn isl_val_neg(v: Take<isl_val>) -> *mut isl_val;
    pub fn isl_val_floor(v: Take<isl_val>) -> *mut isl_val;
    pub fn isl_id_list_alloc(ctx: *mut isl_ctx, n: c_int) -> *mut isl_id_list;
    pub fn isl_id_list_free(l: Take<isl_id_list>) -> *mut isl_id_list;
    pub fn isl_id_list_add(l: Take<isl_id_list>, id: Take<isl_id>) -> *mut isl_id_list;
    pub fn isl_val_list_alloc(ctx: *mut isl_ctx, n: c_int) -> *mut isl_val_list;
    pub fn isl_val_list_free(l: Take<isl_val_list>) -> *mut isl_val_list;
    pub fn isl_val_list_add(l: Take<isl_val_list>, v: Take<isl_val>) -> *mut isl_val_list;

    // ---- spaces
    pub fn isl_space_copy(s: Keep<isl_space>) -> *mut isl_space;
    pub fn isl_space_free(s: Take<isl_space>) -> *mut isl_space;
    pub fn isl_space_to_str(s: Keep<isl_space>) -> *mut c_char;
    pub fn isl_space_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_space;
    pub fn isl_space_params_alloc(ctx: *mut isl_ctx, nparam: c_uint) -> *mut isl_space;
    pub fn isl_space_set_alloc(ctx: *mut isl_ctx, nparam: c_uint, dim: c_uint) -> *mut isl_space;
    pub fn isl_space_alloc(
        ctx: *mut isl_ctx,
        np: c_uint,
        n_in: c_uint,
        n_out: c_uint,
    ) -> *mut isl_space;
    pub fn isl_space_dim(s: Keep<isl_space>, t: DimT) -> Size;
    pub fn isl_space_get_dim_name(s: Keep<isl_space>, t: DimT, pos: c_uint) -> *const c_char;
    pub fn isl_space_set_dim_name(
        s: Take<isl_space>,
        t: DimT,
        pos: c_uint,
        name: *const c_char,
    ) -> *mut isl_space;
    pub fn isl_space_get_tuple_name(s: Keep<isl_space>, t: DimT) -> *const c_char;
    pub fn isl_space_set_tuple_name(
        s: Take<isl_space>,
        t: DimT,
        name: *const c_char,
    ) -> *mut isl_space;
    pub fn isl_space_find_dim_by_name(s: Keep<isl_space>, t: DimT, name: *const c_char) -> c_int;
    pub fn isl_space_is_equal(a: Keep<isl_space>, b: Keep<isl_space>) -> Bool;
    pub fn isl_space_params(s: Take<isl_space>) -> *mut isl_space;
    pub fn isl_space_domain(s: Take<isl_space>) -> *mut isl_space;
    pub fn isl_space_range(s: Take<isl_space>) -> *mut isl_space;
    pub fn isl_space_map_from_set(s: Take<isl_space>) -> *mut isl_space;
    pub fn isl_space_map_from_domain_and_range(
        d: Take<isl_space>,
        r: Take<isl_space>,
    ) -> *mut isl_space;

    // ---- sets
    pub fn isl_set_copy(s: Keep<isl_set>) -> *mut isl_set;
    pub fn isl_set_free(s: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_to_str(s: Keep<isl_set>) -> *mut c_char;
    pub fn isl_set_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_set;
    pub fn isl_set_get_space(s: Keep<isl_set>) -> *mut isl_space;
    pub fn isl_set_universe(s: Take<isl_space>) -> *mut isl_set;
    pub fn isl_set_empty(s: Take<isl_space>) -> *mut isl_set;
    pub fn isl_set_union(a: Take<isl_set>, b: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_intersect(a: Take<isl_set>, b: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_intersect_params(a: Take<isl_set>, b: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_subtract(a: Take<isl_set>, b: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_complement(a: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_is_empty(a: Keep<isl_set>) -> Bool;
    pub fn isl_set_is_subset(a: Keep<isl_set>, b: Keep<isl_set>) -> Bool;
    pub fn isl_set_is_strict_subset(a: Keep<isl_set>, b: Keep<isl_set>) -> Bool;
    pub fn isl_set_is_equal(a: Keep<isl_set>, b: Keep<isl_set>) -> Bool;
    pub fn isl_set_is_disjoint(a: Keep<isl_set>, b: Keep<isl_set>) -> Bool;
    pub fn isl_set_is_bounded(a: Keep<isl_set>) -> Bool;
    pub fn isl_set_apply(a: Take<isl_set>, m: Take<isl_map>) -> *mut isl_set;
    pub fn isl_set_params(a: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_from_params(a: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_project_out(a: Take<isl_set>, t: DimT, first: c_uint, n: c_uint)
    -> *mut isl_set;
    pub fn isl_set_eliminate(a: Take<isl_set>, t: DimT, first: c_uint, n: c_uint) -> *mut isl_set;
    pub fn isl_set_add_dims(a: Take<isl_set>, t: DimT, n: c_uint) -> *mut isl_set;
    pub fn isl_set_insert_dims(a: Take<isl_set>, t: DimT, pos: c_uint, n: c_uint) -> *mut isl_set;
    pub fn isl_set_gist(a: Take<isl_set>, ctx: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_gist_params(a: Take<isl_set>, ctx: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_coalesce(a: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_remove_divs(a: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_lexmin(a: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_lexmax(a: Take<isl_set>) -> *mut isl_set;
    pub fn isl_set_dim(a: Keep<isl_set>, t: DimT) -> Size;
    pub fn isl_set_set_dim_name(
        a: Take<isl_set>,
        t: DimT,
        pos: c_uint,
        n: *const c_char,
    ) -> *mut isl_set;
    pub fn isl_set_get_tuple_name(a: Keep<isl_set>) -> *const c_char;
    pub fn isl_set_set_tuple_name(a: Take<isl_set>, n: *const c_char) -> *mut isl_set;
    pub fn isl_set_fix_si(a: Take<isl_set>, t: DimT, pos: c_uint, v: c_int) -> *mut isl_set;
    pub fn isl_set_lower_bound_si(a: Take<isl_set>, t: DimT, pos: c_uint, v: c_int)
    -> *mut isl_set;
    pub fn isl_set_upper_bound_si(a: Take<isl_set>, t: DimT, pos: c_uint, v: c_int)
    -> *mut isl_set;
    pub fn isl_set_identity(a: Take<isl_set>) -> *mut isl_map;
    pub fn isl_set_lex_lt_set(a: Take<isl_set>, b: Take<isl_set>) -> *mut isl_map;
    pub fn isl_set_lex_le_set(a: Take<isl_set>, b: Take<isl_set>) -> *mut isl_map;
    pub fn isl_set_dim_max(a: Take<isl_set>, pos: c_int) -> *mut isl_pw_aff;
    pub fn isl_set_min_val(a: Keep<isl_set>, obj: Keep<isl_aff>) -> *mut isl_val;
    pub fn isl_set_max_val(a: Keep<isl_set>, obj: Keep<isl_aff>) -> *mut isl_val;
    pub fn isl_set_dim_min(a: Take<isl_set>, pos: c_int) -> *mut isl_pw_aff;
    pub fn isl_set_sample_point(a: Take<isl_set>) -> *mut isl_point;
    pub fn isl_set_foreach_point(a: Keep<isl_set>, f: PointCb, user: *mut c_void) -> Stat;
    pub fn isl_set_unwrap(a: Take<isl_set>) -> *mut isl_map;
    pub fn isl_set_from_union_set(a: Take<isl_union_set>) -> *mut isl_set;
    pub fn isl_set_indicator_function(a: Take<isl_set>) -> *mut isl_pw_aff;

    // ---- points
    pub fn isl_point_copy(p: Keep<isl_point>) -> *mut isl_point;
    pub fn isl_point_free(p: Take<isl_point>) -> *mut isl_point;
    pub fn isl_point_to_str(p: Keep<isl_point>) -> *mut c_char;
    pub fn isl_point_is_void(p: Keep<isl_point>) -> Bool;
    pub fn isl_point_get_space(p: Keep<isl_point>) -> *mut isl_space;
    pub fn isl_point_get_coordinate_val(p: Keep<isl_point>, t: DimT, pos: c_int) -> *mut isl_val;
    pub fn isl_set_from_point(p: Take<isl_point>) -> *mut isl_set;

    // ---- constraints (the fast reader, `read.rs`)
    pub fn isl_basic_map_free(b: Take<isl_basic_map>) -> *mut isl_basic_map;
    pub fn isl_local_space_free(l: Take<isl_local_space>) -> *mut isl_local_space;
    pub fn isl_constraint_free(c: Take<isl_constraint>) -> *mut isl_constraint;
    pub fn isl_local_space_from_space(s: Take<isl_space>) -> *mut isl_local_space;
    pub fn isl_constraint_alloc_equality(l: Take<isl_local_space>) -> *mut isl_constraint;
    pub fn isl_constraint_alloc_inequality(l: Take<isl_local_space>) -> *mut isl_constraint;
    pub fn isl_constraint_set_constant_val(
        c: Take<isl_constraint>,
        v: Take<isl_val>,
    ) -> *mut isl_constraint;
    pub fn isl_constraint_set_coefficient_val(
        c: Take<isl_constraint>,
        t: DimT,
        pos: c_int,
        v: Take<isl_val>,
    ) -> *mut isl_constraint;
    pub fn isl_basic_map_from_constraint(c: Take<isl_constraint>) -> *mut isl_basic_map;
    pub fn isl_map_from_basic_map(b: Take<isl_basic_map>) -> *mut isl_map;

    // ---- constraints one by one (`Map::drop_constant_bounds`)
    pub fn isl_map_get_basic_map_list(m: Keep<isl_map>) -> *mut isl_basic_map_list;
    pub fn isl_basic_map_list_size(l: Keep<isl_basic_map_list>) -> Size;
    pub fn isl_basic_map_list_get_at(l: Keep<isl_basic_map_list>, k: c_int) -> *mut isl_basic_map;
    pub fn isl_basic_map_list_free(l: Take<isl_basic_map_list>) -> *mut isl_basic_map_list;
    pub fn isl_basic_map_dim(b: Keep<isl_basic_map>, t: DimT) -> Size;
    pub fn isl_basic_map_get_space(b: Keep<isl_basic_map>) -> *mut isl_space;
    pub fn isl_basic_map_universe(s: Take<isl_space>) -> *mut isl_basic_map;
    pub fn isl_basic_map_intersect(
        a: Take<isl_basic_map>,
        b: Take<isl_basic_map>,
    ) -> *mut isl_basic_map;
    /// Whether every existentially quantified variable has an explicit expression (isl's
    /// `isl_map_private.h`, not its public headers; `isl_basic_map_get_constraint_list` fails
    /// on a basic map where one has none).
    pub fn isl_basic_map_divs_known(b: Keep<isl_basic_map>) -> Bool;
    pub fn isl_basic_map_get_constraint_list(b: Keep<isl_basic_map>) -> *mut isl_constraint_list;
    pub fn isl_constraint_list_size(l: Keep<isl_constraint_list>) -> Size;
    pub fn isl_constraint_list_get_at(
        l: Keep<isl_constraint_list>,
        k: c_int,
    ) -> *mut isl_constraint;
    pub fn isl_constraint_list_free(l: Take<isl_constraint_list>) -> *mut isl_constraint_list;
    pub fn isl_constraint_is_equality(c: Keep<isl_constraint>) -> Bool;
    pub fn isl_constraint_involves_dims(
        c: Keep<isl_constraint>,
        t: DimT,
        first: c_uint,
        n: c_uint,
    ) -> Bool;
    pub fn isl_constraint_get_constant_val(c: Keep<isl_constraint>) -> *mut isl_val;

    // ---- maps
    pub fn isl_map_copy(m: Keep<isl_map>) -> *mut isl_map;
    pub fn isl_map_free(m: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_to_str(m: Keep<isl_map>) -> *mut c_char;
    pub fn isl_map_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_map;
    pub fn isl_map_get_space(m: Keep<isl_map>) -> *mut isl_space;
    pub fn isl_map_universe(s: Take<isl_space>) -> *mut isl_map;
    pub fn isl_map_empty(s: Take<isl_space>) -> *mut isl_map;
    pub fn isl_map_identity(s: Take<isl_space>) -> *mut isl_map;
    pub fn isl_map_lex_lt(s: Take<isl_space>) -> *mut isl_map;
    pub fn isl_map_lex_le(s: Take<isl_space>) -> *mut isl_map;
    pub fn isl_map_lex_gt(s: Take<isl_space>) -> *mut isl_map;
    pub fn isl_map_lex_ge(s: Take<isl_space>) -> *mut isl_map;
    pub fn isl_map_lex_lt_map(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_union(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_intersect(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_subtract(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_complement(a: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_intersect_domain(a: Take<isl_map>, s: Take<isl_set>) -> *mut isl_map;
    pub fn isl_map_intersect_range(a: Take<isl_map>, s: Take<isl_set>) -> *mut isl_map;
    pub fn isl_map_intersect_params(a: Take<isl_map>, s: Take<isl_set>) -> *mut isl_map;
    pub fn isl_map_is_empty(a: Keep<isl_map>) -> Bool;
    pub fn isl_map_is_subset(a: Keep<isl_map>, b: Keep<isl_map>) -> Bool;
    pub fn isl_map_is_equal(a: Keep<isl_map>, b: Keep<isl_map>) -> Bool;
    pub fn isl_map_is_injective(a: Keep<isl_map>) -> Bool;
    pub fn isl_map_is_single_valued(a: Keep<isl_map>) -> Bool;
    pub fn isl_map_is_bijective(a: Keep<isl_map>) -> Bool;
    pub fn isl_map_reverse(a: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_apply_range(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_apply_domain(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_domain(a: Take<isl_map>) -> *mut isl_set;
    pub fn isl_map_range(a: Take<isl_map>) -> *mut isl_set;
    pub fn isl_map_params(a: Take<isl_map>) -> *mut isl_set;
    pub fn isl_map_wrap(a: Take<isl_map>) -> *mut isl_set;
    pub fn isl_map_deltas(a: Take<isl_map>) -> *mut isl_set;
    pub fn isl_map_project_out(a: Take<isl_map>, t: DimT, first: c_uint, n: c_uint)
    -> *mut isl_map;
    pub fn isl_map_gist(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_gist_domain(a: Take<isl_map>, b: Take<isl_set>) -> *mut isl_map;
    pub fn isl_map_gist_params(a: Take<isl_map>, b: Take<isl_set>) -> *mut isl_map;
    pub fn isl_map_coalesce(a: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_lexmin(a: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_lexmax(a: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_dim(a: Keep<isl_map>, t: DimT) -> Size;
    pub fn isl_map_get_tuple_name(a: Keep<isl_map>, t: DimT) -> *const c_char;
    pub fn isl_map_set_tuple_name(a: Take<isl_map>, t: DimT, n: *const c_char) -> *mut isl_map;
    pub fn isl_map_fix_si(a: Take<isl_map>, t: DimT, pos: c_uint, v: c_int) -> *mut isl_map;
    pub fn isl_map_plain_get_val_if_fixed(a: Keep<isl_map>, t: DimT, pos: c_uint) -> *mut isl_val;
    pub fn isl_map_equate(
        a: Take<isl_map>,
        t1: DimT,
        p1: c_int,
        t2: DimT,
        p2: c_int,
    ) -> *mut isl_map;
    pub fn isl_map_from_domain_and_range(d: Take<isl_set>, r: Take<isl_set>) -> *mut isl_map;
    pub fn isl_map_range_product(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_flat_range_product(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_product(a: Take<isl_map>, b: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_factor_domain(a: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_range_factor_domain(a: Take<isl_map>) -> *mut isl_map;
    pub fn isl_map_from_aff(a: Take<isl_aff>) -> *mut isl_map;
    pub fn isl_map_from_pw_aff(a: Take<isl_pw_aff>) -> *mut isl_map;
    pub fn isl_map_from_multi_aff(a: Take<isl_multi_aff>) -> *mut isl_map;
    pub fn isl_map_from_pw_multi_aff(a: Take<isl_pw_multi_aff>) -> *mut isl_map;
    pub fn isl_map_from_union_map(a: Take<isl_union_map>) -> *mut isl_map;

    // ---- union sets
    pub fn isl_union_set_copy(s: Keep<isl_union_set>) -> *mut isl_union_set;
    pub fn isl_union_set_free(s: Take<isl_union_set>) -> *mut isl_union_set;
    pub fn isl_union_set_to_str(s: Keep<isl_union_set>) -> *mut c_char;
    pub fn isl_union_set_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_union_set;
    pub fn isl_union_set_get_space(s: Keep<isl_union_set>) -> *mut isl_space;
    pub fn isl_union_set_empty_ctx(ctx: *mut isl_ctx) -> *mut isl_union_set;
    pub fn isl_union_set_from_set(s: Take<isl_set>) -> *mut isl_union_set;
    pub fn isl_union_set_universe(s: Take<isl_union_set>) -> *mut isl_union_set;
    pub fn isl_union_set_union(
        a: Take<isl_union_set>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_intersect(
        a: Take<isl_union_set>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_intersect_params(
        a: Take<isl_union_set>,
        b: Take<isl_set>,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_subtract(
        a: Take<isl_union_set>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_is_empty(a: Keep<isl_union_set>) -> Bool;
    pub fn isl_union_set_is_subset(a: Keep<isl_union_set>, b: Keep<isl_union_set>) -> Bool;
    pub fn isl_union_set_is_equal(a: Keep<isl_union_set>, b: Keep<isl_union_set>) -> Bool;
    pub fn isl_union_set_apply(
        a: Take<isl_union_set>,
        b: Take<isl_union_map>,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_params(a: Take<isl_union_set>) -> *mut isl_set;
    pub fn isl_union_set_coalesce(a: Take<isl_union_set>) -> *mut isl_union_set;
    pub fn isl_union_set_lexmin(a: Take<isl_union_set>) -> *mut isl_union_set;
    pub fn isl_union_set_lexmax(a: Take<isl_union_set>) -> *mut isl_union_set;
    pub fn isl_union_set_gist(a: Take<isl_union_set>, b: Take<isl_union_set>)
    -> *mut isl_union_set;
    pub fn isl_union_set_gist_params(
        a: Take<isl_union_set>,
        b: Take<isl_set>,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_identity(a: Take<isl_union_set>) -> *mut isl_union_map;
    pub fn isl_union_set_lex_lt_union_set(
        a: Take<isl_union_set>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_set_n_set(a: Keep<isl_union_set>) -> Size;
    pub fn isl_union_set_extract_set(a: Keep<isl_union_set>, s: Take<isl_space>) -> *mut isl_set;
    pub fn isl_union_set_foreach_set(a: Keep<isl_union_set>, f: SetCb, user: *mut c_void) -> Stat;
    pub fn isl_union_set_list_alloc(ctx: *mut isl_ctx, n: c_int) -> *mut isl_union_set_list;
    pub fn isl_union_set_list_free(l: Take<isl_union_set_list>) -> *mut isl_union_set_list;
    pub fn isl_union_set_list_add(
        l: Take<isl_union_set_list>,
        s: Take<isl_union_set>,
    ) -> *mut isl_union_set_list;

    // ---- union maps
    pub fn isl_union_map_copy(m: Keep<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_free(m: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_to_str(m: Keep<isl_union_map>) -> *mut c_char;
    pub fn isl_union_map_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_union_map;
    pub fn isl_union_map_get_space(m: Keep<isl_union_map>) -> *mut isl_space;
    pub fn isl_union_map_empty_ctx(ctx: *mut isl_ctx) -> *mut isl_union_map;
    pub fn isl_union_map_from_map(m: Take<isl_map>) -> *mut isl_union_map;
    pub fn isl_union_map_from_domain_and_range(
        d: Take<isl_union_set>,
        r: Take<isl_union_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_universe(m: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_union(
        a: Take<isl_union_map>,
        b: Take<isl_union_map>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_intersect(
        a: Take<isl_union_map>,
        b: Take<isl_union_map>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_subtract(
        a: Take<isl_union_map>,
        b: Take<isl_union_map>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_intersect_domain_union_set(
        a: Take<isl_union_map>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_intersect_range_union_set(
        a: Take<isl_union_map>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_intersect_params(
        a: Take<isl_union_map>,
        b: Take<isl_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_subtract_domain(
        a: Take<isl_union_map>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_subtract_range(
        a: Take<isl_union_map>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_is_empty(a: Keep<isl_union_map>) -> Bool;
    pub fn isl_union_map_is_subset(a: Keep<isl_union_map>, b: Keep<isl_union_map>) -> Bool;
    pub fn isl_union_map_is_equal(a: Keep<isl_union_map>, b: Keep<isl_union_map>) -> Bool;
    pub fn isl_union_map_is_injective(a: Keep<isl_union_map>) -> Bool;
    pub fn isl_union_map_is_single_valued(a: Keep<isl_union_map>) -> Bool;
    pub fn isl_union_map_reverse(a: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_apply_range(
        a: Take<isl_union_map>,
        b: Take<isl_union_map>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_apply_domain(
        a: Take<isl_union_map>,
        b: Take<isl_union_map>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_domain(a: Take<isl_union_map>) -> *mut isl_union_set;
    pub fn isl_union_map_range(a: Take<isl_union_map>) -> *mut isl_union_set;
    pub fn isl_union_map_params(a: Take<isl_union_map>) -> *mut isl_set;
    pub fn isl_union_map_deltas(a: Take<isl_union_map>) -> *mut isl_union_set;
    pub fn isl_union_map_gist(a: Take<isl_union_map>, b: Take<isl_union_map>)
    -> *mut isl_union_map;
    pub fn isl_union_map_gist_domain(
        a: Take<isl_union_map>,
        b: Take<isl_union_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_gist_params(
        a: Take<isl_union_map>,
        b: Take<isl_set>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_coalesce(a: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_lexmin(a: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_lexmax(a: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_lex_lt_union_map(
        a: Take<isl_union_map>,
        b: Take<isl_union_map>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_range_product(
        a: Take<isl_union_map>,
        b: Take<isl_union_map>,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_project_out(
        a: Take<isl_union_map>,
        t: DimT,
        first: c_uint,
        n: c_uint,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_factor_domain(m: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_factor_range(m: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_domain_factor_domain(m: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_range_factor_domain(m: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_map_zip(m: Take<isl_union_map>) -> *mut isl_union_map;
    pub fn isl_union_set_unwrap(s: Take<isl_union_set>) -> *mut isl_union_map;
    pub fn isl_union_map_wrap(m: Take<isl_union_map>) -> *mut isl_union_set;
    pub fn isl_union_map_n_map(a: Keep<isl_union_map>) -> Size;
    pub fn isl_union_map_extract_map(a: Keep<isl_union_map>, s: Take<isl_space>) -> *mut isl_map;
    pub fn isl_union_map_foreach_map(a: Keep<isl_union_map>, f: MapCb, user: *mut c_void) -> Stat;

    // ---- quasi-affine expressions
    pub fn isl_aff_copy(a: Keep<isl_aff>) -> *mut isl_aff;
    pub fn isl_aff_free(a: Take<isl_aff>) -> *mut isl_aff;
    pub fn isl_aff_to_str(a: Keep<isl_aff>) -> *mut c_char;
    pub fn isl_aff_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_aff;
    pub fn isl_aff_get_space(a: Keep<isl_aff>) -> *mut isl_space;
    pub fn isl_aff_zero_on_domain_space(s: Take<isl_space>) -> *mut isl_aff;
    pub fn isl_aff_plain_is_equal(a: Keep<isl_aff>, b: Keep<isl_aff>) -> Bool;
    pub fn isl_aff_is_cst(a: Keep<isl_aff>) -> Bool;
    pub fn isl_aff_add(a: Take<isl_aff>, b: Take<isl_aff>) -> *mut isl_aff;
    pub fn isl_aff_sub(a: Take<isl_aff>, b: Take<isl_aff>) -> *mut isl_aff;
    pub fn isl_aff_mul(a: Take<isl_aff>, b: Take<isl_aff>) -> *mut isl_aff;
    pub fn isl_aff_neg(a: Take<isl_aff>) -> *mut isl_aff;
    pub fn isl_aff_floor(a: Take<isl_aff>) -> *mut isl_aff;
    pub fn isl_aff_scale_val(a: Take<isl_aff>, v: Take<isl_val>) -> *mut isl_aff;
    pub fn isl_aff_scale_down_val(a: Take<isl_aff>, v: Take<isl_val>) -> *mut isl_aff;
    pub fn isl_aff_mod_val(a: Take<isl_aff>, v: Take<isl_val>) -> *mut isl_aff;
    pub fn isl_aff_get_constant_val(a: Keep<isl_aff>) -> *mut isl_val;
    pub fn isl_aff_get_coefficient_val(a: Keep<isl_aff>, t: DimT, pos: c_int) -> *mut isl_val;
    pub fn isl_aff_get_denominator_val(a: Keep<isl_aff>) -> *mut isl_val;
    pub fn isl_aff_set_constant_val(a: Take<isl_aff>, v: Take<isl_val>) -> *mut isl_aff;
    pub fn isl_aff_set_coefficient_val(
        a: Take<isl_aff>,
        t: DimT,
        pos: c_int,
        v: Take<isl_val>,
    ) -> *mut isl_aff;
    pub fn isl_aff_dim(a: Keep<isl_aff>, t: DimT) -> Size;
    pub fn isl_pw_aff_from_aff(a: Take<isl_aff>) -> *mut isl_pw_aff;

    pub fn isl_pw_aff_copy(a: Keep<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_free(a: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_to_str(a: Keep<isl_pw_aff>) -> *mut c_char;
    pub fn isl_pw_aff_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_get_space(a: Keep<isl_pw_aff>) -> *mut isl_space;
    pub fn isl_pw_aff_is_equal(a: Keep<isl_pw_aff>, b: Keep<isl_pw_aff>) -> Bool;
    pub fn isl_pw_aff_is_cst(a: Keep<isl_pw_aff>) -> Bool;
    pub fn isl_pw_aff_isa_aff(a: Keep<isl_pw_aff>) -> Bool;
    pub fn isl_pw_aff_as_aff(a: Take<isl_pw_aff>) -> *mut isl_aff;
    pub fn isl_pw_aff_add(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_sub(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_mul(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_neg(a: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_min(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_max(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_floor(a: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_mod_val(a: Take<isl_pw_aff>, v: Take<isl_val>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_scale_down_val(a: Take<isl_pw_aff>, v: Take<isl_val>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_domain(a: Take<isl_pw_aff>) -> *mut isl_set;
    pub fn isl_pw_aff_params(a: Take<isl_pw_aff>) -> *mut isl_set;
    pub fn isl_pw_aff_intersect_domain(a: Take<isl_pw_aff>, s: Take<isl_set>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_intersect_params(a: Take<isl_pw_aff>, s: Take<isl_set>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_gist(a: Take<isl_pw_aff>, s: Take<isl_set>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_gist_params(a: Take<isl_pw_aff>, s: Take<isl_set>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_coalesce(a: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_tdiv_q(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_tdiv_r(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_cond(
        c: Take<isl_pw_aff>,
        t: Take<isl_pw_aff>,
        f: Take<isl_pw_aff>,
    ) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_union_add(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_val_on_domain(d: Take<isl_set>, v: Take<isl_val>) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_eq_set(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_set;
    pub fn isl_pw_aff_ne_set(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_set;
    pub fn isl_pw_aff_le_set(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_set;
    pub fn isl_pw_aff_lt_set(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_set;
    pub fn isl_pw_aff_ge_set(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_set;
    pub fn isl_pw_aff_gt_set(a: Take<isl_pw_aff>, b: Take<isl_pw_aff>) -> *mut isl_set;

    pub fn isl_multi_aff_copy(a: Keep<isl_multi_aff>) -> *mut isl_multi_aff;
    pub fn isl_multi_aff_free(a: Take<isl_multi_aff>) -> *mut isl_multi_aff;
    pub fn isl_multi_aff_to_str(a: Keep<isl_multi_aff>) -> *mut c_char;
    pub fn isl_multi_aff_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_multi_aff;
    pub fn isl_multi_aff_get_space(a: Keep<isl_multi_aff>) -> *mut isl_space;
    pub fn isl_multi_aff_plain_is_equal(a: Keep<isl_multi_aff>, b: Keep<isl_multi_aff>) -> Bool;
    pub fn isl_multi_aff_size(a: Keep<isl_multi_aff>) -> Size;
    pub fn isl_multi_aff_get_at(a: Keep<isl_multi_aff>, pos: c_int) -> *mut isl_aff;
    pub fn isl_multi_aff_identity_on_domain_space(s: Take<isl_space>) -> *mut isl_multi_aff;
    pub fn isl_pw_multi_aff_from_multi_aff(a: Take<isl_multi_aff>) -> *mut isl_pw_multi_aff;

    pub fn isl_pw_multi_aff_copy(a: Keep<isl_pw_multi_aff>) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_free(a: Take<isl_pw_multi_aff>) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_to_str(a: Keep<isl_pw_multi_aff>) -> *mut c_char;
    pub fn isl_pw_multi_aff_read_from_str(
        ctx: *mut isl_ctx,
        s: *const c_char,
    ) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_get_space(a: Keep<isl_pw_multi_aff>) -> *mut isl_space;
    pub fn isl_pw_multi_aff_is_equal(a: Keep<isl_pw_multi_aff>, b: Keep<isl_pw_multi_aff>) -> Bool;
    pub fn isl_pw_multi_aff_from_map(m: Take<isl_map>) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_dim(a: Keep<isl_pw_multi_aff>, t: DimT) -> Size;
    pub fn isl_pw_multi_aff_get_at(a: Keep<isl_pw_multi_aff>, pos: c_int) -> *mut isl_pw_aff;
    pub fn isl_pw_multi_aff_domain(a: Take<isl_pw_multi_aff>) -> *mut isl_set;
    pub fn isl_pw_multi_aff_coalesce(a: Take<isl_pw_multi_aff>) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_intersect_domain(
        a: Take<isl_pw_multi_aff>,
        s: Take<isl_set>,
    ) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_pullback_pw_multi_aff(
        a: Take<isl_pw_multi_aff>,
        b: Take<isl_pw_multi_aff>,
    ) -> *mut isl_pw_multi_aff;

    pub fn isl_multi_val_copy(a: Keep<isl_multi_val>) -> *mut isl_multi_val;
    pub fn isl_multi_val_free(a: Take<isl_multi_val>) -> *mut isl_multi_val;
    pub fn isl_multi_val_to_str(a: Keep<isl_multi_val>) -> *mut c_char;
    pub fn isl_multi_val_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_multi_val;
    pub fn isl_multi_val_plain_is_equal(a: Keep<isl_multi_val>, b: Keep<isl_multi_val>) -> Bool;
    pub fn isl_multi_val_from_val_list(
        s: Take<isl_space>,
        l: Take<isl_val_list>,
    ) -> *mut isl_multi_val;

    pub fn isl_multi_union_pw_aff_copy(
        a: Keep<isl_multi_union_pw_aff>,
    ) -> *mut isl_multi_union_pw_aff;
    pub fn isl_multi_union_pw_aff_free(
        a: Take<isl_multi_union_pw_aff>,
    ) -> *mut isl_multi_union_pw_aff;
    pub fn isl_multi_union_pw_aff_to_str(a: Keep<isl_multi_union_pw_aff>) -> *mut c_char;
    pub fn isl_multi_union_pw_aff_read_from_str(
        ctx: *mut isl_ctx,
        s: *const c_char,
    ) -> *mut isl_multi_union_pw_aff;
    pub fn isl_multi_union_pw_aff_plain_is_equal(
        a: Keep<isl_multi_union_pw_aff>,
        b: Keep<isl_multi_union_pw_aff>,
    ) -> Bool;
    pub fn isl_union_pw_multi_aff_copy(
        a: Keep<isl_union_pw_multi_aff>,
    ) -> *mut isl_union_pw_multi_aff;
    pub fn isl_union_pw_multi_aff_free(
        a: Take<isl_union_pw_multi_aff>,
    ) -> *mut isl_union_pw_multi_aff;
    pub fn isl_union_pw_multi_aff_to_str(a: Keep<isl_union_pw_multi_aff>) -> *mut c_char;
    pub fn isl_union_pw_multi_aff_plain_is_equal(
        a: Keep<isl_union_pw_multi_aff>,
        b: Keep<isl_union_pw_multi_aff>,
    ) -> Bool;
    pub fn isl_union_pw_multi_aff_from_union_map(
        m: Take<isl_union_map>,
    ) -> *mut isl_union_pw_multi_aff;
    pub fn isl_schedule_pullback_union_pw_multi_aff(
        s: Take<isl_schedule>,
        f: Take<isl_union_pw_multi_aff>,
    ) -> *mut isl_schedule;
    pub fn isl_multi_union_pw_aff_from_union_map(
        m: Take<isl_union_map>,
    ) -> *mut isl_multi_union_pw_aff;
    pub fn isl_union_map_from_multi_union_pw_aff(
        a: Take<isl_multi_union_pw_aff>,
    ) -> *mut isl_union_map;

    // ---- schedules
    pub fn isl_schedule_copy(s: Keep<isl_schedule>) -> *mut isl_schedule;
    pub fn isl_schedule_free(s: Take<isl_schedule>) -> *mut isl_schedule;
    pub fn isl_schedule_to_str(s: Keep<isl_schedule>) -> *mut c_char;
    pub fn isl_schedule_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_schedule;
    pub fn isl_schedule_plain_is_equal(a: Keep<isl_schedule>, b: Keep<isl_schedule>) -> Bool;
    pub fn isl_schedule_from_domain(d: Take<isl_union_set>) -> *mut isl_schedule;
    pub fn isl_schedule_get_domain(s: Keep<isl_schedule>) -> *mut isl_union_set;
    pub fn isl_schedule_get_map(s: Keep<isl_schedule>) -> *mut isl_union_map;
    pub fn isl_schedule_get_root(s: Keep<isl_schedule>) -> *mut isl_schedule_node;
    pub fn isl_schedule_insert_partial_schedule(
        s: Take<isl_schedule>,
        p: Take<isl_multi_union_pw_aff>,
    ) -> *mut isl_schedule;
    pub fn isl_schedule_sequence(a: Take<isl_schedule>, b: Take<isl_schedule>)
    -> *mut isl_schedule;
    pub fn isl_schedule_intersect_domain(
        s: Take<isl_schedule>,
        d: Take<isl_union_set>,
    ) -> *mut isl_schedule;

    pub fn isl_schedule_node_copy(n: Keep<isl_schedule_node>) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_free(n: Take<isl_schedule_node>) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_to_str(n: Keep<isl_schedule_node>) -> *mut c_char;
    pub fn isl_schedule_node_is_equal(
        a: Keep<isl_schedule_node>,
        b: Keep<isl_schedule_node>,
    ) -> Bool;
    pub fn isl_schedule_node_get_type(n: Keep<isl_schedule_node>) -> c_int;
    pub fn isl_schedule_node_get_schedule(n: Keep<isl_schedule_node>) -> *mut isl_schedule;
    pub fn isl_schedule_node_n_children(n: Keep<isl_schedule_node>) -> Size;
    pub fn isl_schedule_node_has_parent(n: Keep<isl_schedule_node>) -> Bool;
    pub fn isl_schedule_node_parent(n: Take<isl_schedule_node>) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_root(n: Take<isl_schedule_node>) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_child(
        n: Take<isl_schedule_node>,
        pos: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_get_tree_depth(n: Keep<isl_schedule_node>) -> Size;
    pub fn isl_schedule_node_get_domain(n: Keep<isl_schedule_node>) -> *mut isl_union_set;
    pub fn isl_schedule_node_get_prefix_schedule_union_map(
        n: Keep<isl_schedule_node>,
    ) -> *mut isl_union_map;
    pub fn isl_schedule_node_get_subtree_schedule_union_map(
        n: Keep<isl_schedule_node>,
    ) -> *mut isl_union_map;
    pub fn isl_schedule_node_band_n_member(n: Keep<isl_schedule_node>) -> Size;
    pub fn isl_schedule_node_band_get_space(n: Keep<isl_schedule_node>) -> *mut isl_space;
    pub fn isl_schedule_node_band_get_partial_schedule_union_map(
        n: Keep<isl_schedule_node>,
    ) -> *mut isl_union_map;
    pub fn isl_schedule_node_band_get_permutable(n: Keep<isl_schedule_node>) -> Bool;
    pub fn isl_schedule_node_band_set_permutable(
        n: Take<isl_schedule_node>,
        p: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_band_member_get_coincident(
        n: Keep<isl_schedule_node>,
        pos: c_int,
    ) -> Bool;
    pub fn isl_schedule_node_band_member_set_coincident(
        n: Take<isl_schedule_node>,
        pos: c_int,
        c: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_band_member_set_ast_loop_type(
        n: Take<isl_schedule_node>,
        pos: c_int,
        t: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_band_tile(
        n: Take<isl_schedule_node>,
        sizes: Take<isl_multi_val>,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_band_split(
        n: Take<isl_schedule_node>,
        pos: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_insert_mark(
        n: Take<isl_schedule_node>,
        id: Take<isl_id>,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_insert_filter(
        n: Take<isl_schedule_node>,
        f: Take<isl_union_set>,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_insert_partial_schedule(
        n: Take<isl_schedule_node>,
        s: Take<isl_multi_union_pw_aff>,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_insert_sequence(
        n: Take<isl_schedule_node>,
        f: Take<isl_union_set_list>,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_delete(n: Take<isl_schedule_node>) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_mark_get_id(n: Keep<isl_schedule_node>) -> *mut isl_id;
    pub fn isl_schedule_node_filter_get_filter(n: Keep<isl_schedule_node>) -> *mut isl_union_set;
    pub fn isl_schedule_node_domain_get_domain(n: Keep<isl_schedule_node>) -> *mut isl_union_set;

    pub fn isl_schedule_constraints_copy(
        s: Keep<isl_schedule_constraints>,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_free(
        s: Take<isl_schedule_constraints>,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_to_str(s: Keep<isl_schedule_constraints>) -> *mut c_char;
    pub fn isl_schedule_constraints_read_from_str(
        ctx: *mut isl_ctx,
        s: *const c_char,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_on_domain(
        d: Take<isl_union_set>,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_context(
        s: Take<isl_schedule_constraints>,
        c: Take<isl_set>,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_validity(
        s: Take<isl_schedule_constraints>,
        m: Take<isl_union_map>,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_coincidence(
        s: Take<isl_schedule_constraints>,
        m: Take<isl_union_map>,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_proximity(
        s: Take<isl_schedule_constraints>,
        m: Take<isl_union_map>,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_conditional_validity(
        s: Take<isl_schedule_constraints>,
        condition: Take<isl_union_map>,
        validity: Take<isl_union_map>,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_compute_schedule(
        s: Take<isl_schedule_constraints>,
    ) -> *mut isl_schedule;

    // ---- dataflow
    pub fn isl_union_access_info_copy(a: Keep<isl_union_access_info>)
    -> *mut isl_union_access_info;
    pub fn isl_union_access_info_free(a: Take<isl_union_access_info>)
    -> *mut isl_union_access_info;
    pub fn isl_union_access_info_to_str(a: Keep<isl_union_access_info>) -> *mut c_char;
    pub fn isl_union_access_info_from_sink(m: Take<isl_union_map>) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_must_source(
        a: Take<isl_union_access_info>,
        m: Take<isl_union_map>,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_may_source(
        a: Take<isl_union_access_info>,
        m: Take<isl_union_map>,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_kill(
        a: Take<isl_union_access_info>,
        m: Take<isl_union_map>,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_schedule(
        a: Take<isl_union_access_info>,
        s: Take<isl_schedule>,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_schedule_map(
        a: Take<isl_union_access_info>,
        m: Take<isl_union_map>,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_compute_flow(
        a: Take<isl_union_access_info>,
    ) -> *mut isl_union_flow;
    pub fn isl_union_flow_copy(f: Keep<isl_union_flow>) -> *mut isl_union_flow;
    pub fn isl_union_flow_free(f: Take<isl_union_flow>) -> *mut isl_union_flow;
    pub fn isl_union_flow_to_str(f: Keep<isl_union_flow>) -> *mut c_char;
    pub fn isl_union_flow_get_must_dependence(f: Keep<isl_union_flow>) -> *mut isl_union_map;
    pub fn isl_union_flow_get_may_dependence(f: Keep<isl_union_flow>) -> *mut isl_union_map;
    pub fn isl_union_flow_get_full_must_dependence(f: Keep<isl_union_flow>) -> *mut isl_union_map;
    pub fn isl_union_flow_get_full_may_dependence(f: Keep<isl_union_flow>) -> *mut isl_union_map;
    pub fn isl_union_flow_get_must_no_source(f: Keep<isl_union_flow>) -> *mut isl_union_map;
    pub fn isl_union_flow_get_may_no_source(f: Keep<isl_union_flow>) -> *mut isl_union_map;

    // ---- AST generation
    pub fn isl_ast_build_from_context(s: Take<isl_set>) -> *mut isl_ast_build;
    pub fn isl_ast_build_copy(b: Keep<isl_ast_build>) -> *mut isl_ast_build;
    pub fn isl_ast_build_free(b: Take<isl_ast_build>) -> *mut isl_ast_build;
    pub fn isl_ast_build_set_at_each_domain(
        b: Take<isl_ast_build>,
        f: AtEachDomainCb,
        user: *mut c_void,
    ) -> *mut isl_ast_build;
    pub fn isl_ast_build_set_iterators(
        b: Take<isl_ast_build>,
        iterators: Take<isl_id_list>,
    ) -> *mut isl_ast_build;
    /// `build` is kept, `schedule` is taken.
    pub fn isl_ast_build_node_from_schedule(
        b: Keep<isl_ast_build>,
        s: Take<isl_schedule>,
    ) -> *mut isl_ast_node;
    /// `build` is kept, `set` is taken.
    pub fn isl_ast_build_expr_from_set(
        b: Keep<isl_ast_build>,
        set: Take<isl_set>,
    ) -> *mut isl_ast_expr;
    /// `build` is kept, `pa` is taken.
    pub fn isl_ast_build_expr_from_pw_aff(
        b: Keep<isl_ast_build>,
        pa: Take<isl_pw_aff>,
    ) -> *mut isl_ast_expr;
    /// `build` is kept, `pma` is taken.
    pub fn isl_ast_build_access_from_pw_multi_aff(
        b: Keep<isl_ast_build>,
        pma: Take<isl_pw_multi_aff>,
    ) -> *mut isl_ast_expr;
    /// `build` is kept, `pma` is taken.
    pub fn isl_ast_build_call_from_pw_multi_aff(
        b: Keep<isl_ast_build>,
        pma: Take<isl_pw_multi_aff>,
    ) -> *mut isl_ast_expr;
    pub fn isl_ast_build_get_schedule(b: Keep<isl_ast_build>) -> *mut isl_union_map;

    pub fn isl_ast_node_copy(n: Keep<isl_ast_node>) -> *mut isl_ast_node;
    pub fn isl_ast_node_free(n: Take<isl_ast_node>) -> *mut isl_ast_node;
    pub fn isl_ast_node_to_str(n: Keep<isl_ast_node>) -> *mut c_char;
    pub fn isl_ast_node_to_C_str(n: Keep<isl_ast_node>) -> *mut c_char;
    pub fn isl_ast_node_get_type(n: Keep<isl_ast_node>) -> c_int;
    pub fn isl_ast_node_get_annotation(n: Keep<isl_ast_node>) -> *mut isl_id;
    pub fn isl_ast_node_set_annotation(
        n: Take<isl_ast_node>,
        id: Take<isl_id>,
    ) -> *mut isl_ast_node;
    pub fn isl_ast_node_for_get_iterator(n: Keep<isl_ast_node>) -> *mut isl_ast_expr;
    pub fn isl_ast_node_for_get_init(n: Keep<isl_ast_node>) -> *mut isl_ast_expr;
    pub fn isl_ast_node_for_get_cond(n: Keep<isl_ast_node>) -> *mut isl_ast_expr;
    pub fn isl_ast_node_for_get_inc(n: Keep<isl_ast_node>) -> *mut isl_ast_expr;
    pub fn isl_ast_node_for_get_body(n: Keep<isl_ast_node>) -> *mut isl_ast_node;
    pub fn isl_ast_node_for_is_degenerate(n: Keep<isl_ast_node>) -> Bool;
    pub fn isl_ast_node_if_get_cond(n: Keep<isl_ast_node>) -> *mut isl_ast_expr;
    pub fn isl_ast_node_if_get_then_node(n: Keep<isl_ast_node>) -> *mut isl_ast_node;
    pub fn isl_ast_node_if_has_else_node(n: Keep<isl_ast_node>) -> Bool;
    pub fn isl_ast_node_if_get_else_node(n: Keep<isl_ast_node>) -> *mut isl_ast_node;
    pub fn isl_ast_node_block_get_children(n: Keep<isl_ast_node>) -> *mut isl_ast_node_list;
    pub fn isl_ast_node_mark_get_id(n: Keep<isl_ast_node>) -> *mut isl_id;
    pub fn isl_ast_node_mark_get_node(n: Keep<isl_ast_node>) -> *mut isl_ast_node;
    pub fn isl_ast_node_user_get_expr(n: Keep<isl_ast_node>) -> *mut isl_ast_expr;
    pub fn isl_ast_node_list_size(l: Keep<isl_ast_node_list>) -> Size;
    pub fn isl_ast_node_list_get_at(l: Keep<isl_ast_node_list>, i: c_int) -> *mut isl_ast_node;
    pub fn isl_ast_node_list_free(l: Take<isl_ast_node_list>) -> *mut isl_ast_node_list;

    pub fn isl_ast_expr_copy(e: Keep<isl_ast_expr>) -> *mut isl_ast_expr;
    pub fn isl_ast_expr_free(e: Take<isl_ast_expr>) -> *mut isl_ast_expr;
    pub fn isl_ast_expr_to_str(e: Keep<isl_ast_expr>) -> *mut c_char;
    pub fn isl_ast_expr_to_C_str(e: Keep<isl_ast_expr>) -> *mut c_char;
    pub fn isl_ast_expr_is_equal(a: Keep<isl_ast_expr>, b: Keep<isl_ast_expr>) -> Bool;
    pub fn isl_ast_expr_get_type(e: Keep<isl_ast_expr>) -> c_int;
    pub fn isl_ast_expr_op_get_type(e: Keep<isl_ast_expr>) -> c_int;
    pub fn isl_ast_expr_op_get_n_arg(e: Keep<isl_ast_expr>) -> Size;
    pub fn isl_ast_expr_op_get_arg(e: Keep<isl_ast_expr>, pos: c_int) -> *mut isl_ast_expr;
    pub fn isl_ast_expr_id_get_id(e: Keep<isl_ast_expr>) -> *mut isl_id;
    pub fn isl_ast_expr_int_get_val(e: Keep<isl_ast_expr>) -> *mut isl_val;
}
