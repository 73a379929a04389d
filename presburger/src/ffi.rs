//! Raw declarations of the isl functions this crate calls, against the `libisl.a` that `isl-rs`
//! builds and links.
//!
//! `isl-rs` passes every object as a `uintptr_t` and wraps it in types that are `Send`, leak their
//! printed strings and are not tied to a context; we declare what we need ourselves with one
//! opaque type per isl type, so that the compiler checks which object goes where. Ownership
//! follows isl's annotations, repeated in a comment where a function mixes them:
//! `__isl_take` arguments are consumed, `__isl_keep` arguments are borrowed, results are owned
//! (`__isl_give`) unless they are `const char *`.
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
    isl_point isl_schedule isl_schedule_node isl_schedule_constraints isl_union_access_info
    isl_union_flow isl_ast_build isl_ast_node isl_ast_expr isl_ast_node_list isl_union_set_list
    isl_val_list
}

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
    pub fn isl_options_set_on_error(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_schedule_outer_coincidence(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_schedule_maximize_band_depth(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_schedule_serialize_sccs(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_ast_build_atomic_upper_bound(ctx: *mut isl_ctx, val: c_int) -> Stat;
    pub fn isl_options_set_ast_build_detect_min_max(ctx: *mut isl_ctx, val: c_int) -> Stat;

    // ---- identifiers
    pub fn isl_id_alloc(ctx: *mut isl_ctx, name: *const c_char, user: *mut c_void) -> *mut isl_id;
    pub fn isl_id_copy(id: *mut isl_id) -> *mut isl_id;
    pub fn isl_id_free(id: *mut isl_id) -> *mut isl_id;
    pub fn isl_id_get_name(id: *mut isl_id) -> *const c_char;
    pub fn isl_id_to_str(id: *mut isl_id) -> *mut c_char;

    // ---- values
    pub fn isl_val_copy(v: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_free(v: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_to_str(v: *mut isl_val) -> *mut c_char;
    pub fn isl_val_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_val;
    pub fn isl_val_int_from_si(ctx: *mut isl_ctx, i: c_long) -> *mut isl_val;
    pub fn isl_val_get_num_si(v: *mut isl_val) -> c_long;
    pub fn isl_val_get_den_val(v: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_is_int(v: *mut isl_val) -> Bool;
    pub fn isl_val_is_rat(v: *mut isl_val) -> Bool;
    pub fn isl_val_is_nan(v: *mut isl_val) -> Bool;
    pub fn isl_val_is_infty(v: *mut isl_val) -> Bool;
    pub fn isl_val_is_neginfty(v: *mut isl_val) -> Bool;
    pub fn isl_val_is_zero(v: *mut isl_val) -> Bool;
    pub fn isl_val_is_neg(v: *mut isl_val) -> Bool;
    pub fn isl_val_eq(a: *mut isl_val, b: *mut isl_val) -> Bool;
    pub fn isl_val_lt(a: *mut isl_val, b: *mut isl_val) -> Bool;
    pub fn isl_val_add(a: *mut isl_val, b: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_sub(a: *mut isl_val, b: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_mul(a: *mut isl_val, b: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_div(a: *mut isl_val, b: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_neg(v: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_floor(v: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_list_alloc(ctx: *mut isl_ctx, n: c_int) -> *mut isl_val_list;
    pub fn isl_val_list_add(l: *mut isl_val_list, v: *mut isl_val) -> *mut isl_val_list;

    // ---- spaces
    pub fn isl_space_copy(s: *mut isl_space) -> *mut isl_space;
    pub fn isl_space_free(s: *mut isl_space) -> *mut isl_space;
    pub fn isl_space_to_str(s: *mut isl_space) -> *mut c_char;
    pub fn isl_space_params_alloc(ctx: *mut isl_ctx, nparam: c_uint) -> *mut isl_space;
    pub fn isl_space_set_alloc(ctx: *mut isl_ctx, nparam: c_uint, dim: c_uint) -> *mut isl_space;
    pub fn isl_space_alloc(
        ctx: *mut isl_ctx,
        np: c_uint,
        n_in: c_uint,
        n_out: c_uint,
    ) -> *mut isl_space;
    pub fn isl_space_dim(s: *mut isl_space, t: DimT) -> Size;
    pub fn isl_space_get_dim_name(s: *mut isl_space, t: DimT, pos: c_uint) -> *const c_char;
    pub fn isl_space_set_dim_name(
        s: *mut isl_space,
        t: DimT,
        pos: c_uint,
        name: *const c_char,
    ) -> *mut isl_space;
    pub fn isl_space_get_tuple_name(s: *mut isl_space, t: DimT) -> *const c_char;
    pub fn isl_space_set_tuple_name(
        s: *mut isl_space,
        t: DimT,
        name: *const c_char,
    ) -> *mut isl_space;
    pub fn isl_space_find_dim_by_name(s: *mut isl_space, t: DimT, name: *const c_char) -> c_int;
    pub fn isl_space_is_equal(a: *mut isl_space, b: *mut isl_space) -> Bool;
    pub fn isl_space_params(s: *mut isl_space) -> *mut isl_space;
    pub fn isl_space_domain(s: *mut isl_space) -> *mut isl_space;
    pub fn isl_space_range(s: *mut isl_space) -> *mut isl_space;
    pub fn isl_space_map_from_set(s: *mut isl_space) -> *mut isl_space;
    pub fn isl_space_map_from_domain_and_range(
        d: *mut isl_space,
        r: *mut isl_space,
    ) -> *mut isl_space;

    // ---- sets
    pub fn isl_set_copy(s: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_free(s: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_to_str(s: *mut isl_set) -> *mut c_char;
    pub fn isl_set_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_set;
    pub fn isl_set_get_space(s: *mut isl_set) -> *mut isl_space;
    pub fn isl_set_universe(s: *mut isl_space) -> *mut isl_set;
    pub fn isl_set_empty(s: *mut isl_space) -> *mut isl_set;
    pub fn isl_set_union(a: *mut isl_set, b: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_intersect(a: *mut isl_set, b: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_intersect_params(a: *mut isl_set, b: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_subtract(a: *mut isl_set, b: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_complement(a: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_is_empty(a: *mut isl_set) -> Bool;
    pub fn isl_set_is_subset(a: *mut isl_set, b: *mut isl_set) -> Bool;
    pub fn isl_set_is_strict_subset(a: *mut isl_set, b: *mut isl_set) -> Bool;
    pub fn isl_set_is_equal(a: *mut isl_set, b: *mut isl_set) -> Bool;
    pub fn isl_set_is_disjoint(a: *mut isl_set, b: *mut isl_set) -> Bool;
    pub fn isl_set_is_bounded(a: *mut isl_set) -> Bool;
    pub fn isl_set_apply(a: *mut isl_set, m: *mut isl_map) -> *mut isl_set;
    pub fn isl_set_params(a: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_from_params(a: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_project_out(a: *mut isl_set, t: DimT, first: c_uint, n: c_uint) -> *mut isl_set;
    pub fn isl_set_eliminate(a: *mut isl_set, t: DimT, first: c_uint, n: c_uint) -> *mut isl_set;
    pub fn isl_set_add_dims(a: *mut isl_set, t: DimT, n: c_uint) -> *mut isl_set;
    pub fn isl_set_gist(a: *mut isl_set, ctx: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_gist_params(a: *mut isl_set, ctx: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_coalesce(a: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_lexmin(a: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_lexmax(a: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_dim(a: *mut isl_set, t: DimT) -> Size;
    pub fn isl_set_set_dim_name(
        a: *mut isl_set,
        t: DimT,
        pos: c_uint,
        n: *const c_char,
    ) -> *mut isl_set;
    pub fn isl_set_get_tuple_name(a: *mut isl_set) -> *const c_char;
    pub fn isl_set_set_tuple_name(a: *mut isl_set, n: *const c_char) -> *mut isl_set;
    pub fn isl_set_fix_si(a: *mut isl_set, t: DimT, pos: c_uint, v: c_int) -> *mut isl_set;
    pub fn isl_set_lower_bound_si(a: *mut isl_set, t: DimT, pos: c_uint, v: c_int) -> *mut isl_set;
    pub fn isl_set_upper_bound_si(a: *mut isl_set, t: DimT, pos: c_uint, v: c_int) -> *mut isl_set;
    pub fn isl_set_identity(a: *mut isl_set) -> *mut isl_map;
    pub fn isl_set_lex_lt_set(a: *mut isl_set, b: *mut isl_set) -> *mut isl_map;
    pub fn isl_set_lex_le_set(a: *mut isl_set, b: *mut isl_set) -> *mut isl_map;
    pub fn isl_set_dim_max(a: *mut isl_set, pos: c_int) -> *mut isl_pw_aff;
    pub fn isl_set_dim_min(a: *mut isl_set, pos: c_int) -> *mut isl_pw_aff;
    pub fn isl_set_sample_point(a: *mut isl_set) -> *mut isl_point;
    pub fn isl_set_foreach_point(a: *mut isl_set, f: PointCb, user: *mut c_void) -> Stat;
    pub fn isl_set_unwrap(a: *mut isl_set) -> *mut isl_map;
    pub fn isl_set_from_union_set(a: *mut isl_union_set) -> *mut isl_set;
    pub fn isl_set_indicator_function(a: *mut isl_set) -> *mut isl_pw_aff;

    // ---- points
    pub fn isl_point_copy(p: *mut isl_point) -> *mut isl_point;
    pub fn isl_point_free(p: *mut isl_point) -> *mut isl_point;
    pub fn isl_point_to_str(p: *mut isl_point) -> *mut c_char;
    pub fn isl_point_is_void(p: *mut isl_point) -> Bool;
    pub fn isl_point_get_space(p: *mut isl_point) -> *mut isl_space;
    pub fn isl_point_get_coordinate_val(p: *mut isl_point, t: DimT, pos: c_int) -> *mut isl_val;
    pub fn isl_set_from_point(p: *mut isl_point) -> *mut isl_set;

    // ---- maps
    pub fn isl_map_copy(m: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_free(m: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_to_str(m: *mut isl_map) -> *mut c_char;
    pub fn isl_map_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_map;
    pub fn isl_map_get_space(m: *mut isl_map) -> *mut isl_space;
    pub fn isl_map_universe(s: *mut isl_space) -> *mut isl_map;
    pub fn isl_map_empty(s: *mut isl_space) -> *mut isl_map;
    pub fn isl_map_identity(s: *mut isl_space) -> *mut isl_map;
    pub fn isl_map_lex_lt(s: *mut isl_space) -> *mut isl_map;
    pub fn isl_map_lex_le(s: *mut isl_space) -> *mut isl_map;
    pub fn isl_map_lex_gt(s: *mut isl_space) -> *mut isl_map;
    pub fn isl_map_lex_ge(s: *mut isl_space) -> *mut isl_map;
    pub fn isl_map_lex_lt_map(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_union(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_intersect(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_subtract(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_complement(a: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_intersect_domain(a: *mut isl_map, s: *mut isl_set) -> *mut isl_map;
    pub fn isl_map_intersect_range(a: *mut isl_map, s: *mut isl_set) -> *mut isl_map;
    pub fn isl_map_intersect_params(a: *mut isl_map, s: *mut isl_set) -> *mut isl_map;
    pub fn isl_map_is_empty(a: *mut isl_map) -> Bool;
    pub fn isl_map_is_subset(a: *mut isl_map, b: *mut isl_map) -> Bool;
    pub fn isl_map_is_equal(a: *mut isl_map, b: *mut isl_map) -> Bool;
    pub fn isl_map_is_injective(a: *mut isl_map) -> Bool;
    pub fn isl_map_is_single_valued(a: *mut isl_map) -> Bool;
    pub fn isl_map_is_bijective(a: *mut isl_map) -> Bool;
    pub fn isl_map_reverse(a: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_apply_range(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_apply_domain(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_domain(a: *mut isl_map) -> *mut isl_set;
    pub fn isl_map_range(a: *mut isl_map) -> *mut isl_set;
    pub fn isl_map_params(a: *mut isl_map) -> *mut isl_set;
    pub fn isl_map_wrap(a: *mut isl_map) -> *mut isl_set;
    pub fn isl_map_deltas(a: *mut isl_map) -> *mut isl_set;
    pub fn isl_map_project_out(a: *mut isl_map, t: DimT, first: c_uint, n: c_uint) -> *mut isl_map;
    pub fn isl_map_gist(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_gist_domain(a: *mut isl_map, b: *mut isl_set) -> *mut isl_map;
    pub fn isl_map_gist_params(a: *mut isl_map, b: *mut isl_set) -> *mut isl_map;
    pub fn isl_map_coalesce(a: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_lexmin(a: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_lexmax(a: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_dim(a: *mut isl_map, t: DimT) -> Size;
    pub fn isl_map_get_tuple_name(a: *mut isl_map, t: DimT) -> *const c_char;
    pub fn isl_map_set_tuple_name(a: *mut isl_map, t: DimT, n: *const c_char) -> *mut isl_map;
    pub fn isl_map_fix_si(a: *mut isl_map, t: DimT, pos: c_uint, v: c_int) -> *mut isl_map;
    pub fn isl_map_equate(
        a: *mut isl_map,
        t1: DimT,
        p1: c_int,
        t2: DimT,
        p2: c_int,
    ) -> *mut isl_map;
    pub fn isl_map_from_domain_and_range(d: *mut isl_set, r: *mut isl_set) -> *mut isl_map;
    pub fn isl_map_range_product(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_flat_range_product(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_from_aff(a: *mut isl_aff) -> *mut isl_map;
    pub fn isl_map_from_pw_aff(a: *mut isl_pw_aff) -> *mut isl_map;
    pub fn isl_map_from_multi_aff(a: *mut isl_multi_aff) -> *mut isl_map;
    pub fn isl_map_from_pw_multi_aff(a: *mut isl_pw_multi_aff) -> *mut isl_map;
    pub fn isl_map_from_union_map(a: *mut isl_union_map) -> *mut isl_map;

    // ---- union sets
    pub fn isl_union_set_copy(s: *mut isl_union_set) -> *mut isl_union_set;
    pub fn isl_union_set_free(s: *mut isl_union_set) -> *mut isl_union_set;
    pub fn isl_union_set_to_str(s: *mut isl_union_set) -> *mut c_char;
    pub fn isl_union_set_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_union_set;
    pub fn isl_union_set_get_space(s: *mut isl_union_set) -> *mut isl_space;
    pub fn isl_union_set_empty_ctx(ctx: *mut isl_ctx) -> *mut isl_union_set;
    pub fn isl_union_set_from_set(s: *mut isl_set) -> *mut isl_union_set;
    pub fn isl_union_set_universe(s: *mut isl_union_set) -> *mut isl_union_set;
    pub fn isl_union_set_union(a: *mut isl_union_set, b: *mut isl_union_set) -> *mut isl_union_set;
    pub fn isl_union_set_intersect(
        a: *mut isl_union_set,
        b: *mut isl_union_set,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_intersect_params(
        a: *mut isl_union_set,
        b: *mut isl_set,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_subtract(
        a: *mut isl_union_set,
        b: *mut isl_union_set,
    ) -> *mut isl_union_set;
    pub fn isl_union_set_is_empty(a: *mut isl_union_set) -> Bool;
    pub fn isl_union_set_is_subset(a: *mut isl_union_set, b: *mut isl_union_set) -> Bool;
    pub fn isl_union_set_is_equal(a: *mut isl_union_set, b: *mut isl_union_set) -> Bool;
    pub fn isl_union_set_apply(a: *mut isl_union_set, b: *mut isl_union_map) -> *mut isl_union_set;
    pub fn isl_union_set_params(a: *mut isl_union_set) -> *mut isl_set;
    pub fn isl_union_set_coalesce(a: *mut isl_union_set) -> *mut isl_union_set;
    pub fn isl_union_set_lexmin(a: *mut isl_union_set) -> *mut isl_union_set;
    pub fn isl_union_set_lexmax(a: *mut isl_union_set) -> *mut isl_union_set;
    pub fn isl_union_set_gist(a: *mut isl_union_set, b: *mut isl_union_set) -> *mut isl_union_set;
    pub fn isl_union_set_gist_params(a: *mut isl_union_set, b: *mut isl_set) -> *mut isl_union_set;
    pub fn isl_union_set_identity(a: *mut isl_union_set) -> *mut isl_union_map;
    pub fn isl_union_set_lex_lt_union_set(
        a: *mut isl_union_set,
        b: *mut isl_union_set,
    ) -> *mut isl_union_map;
    pub fn isl_union_set_n_set(a: *mut isl_union_set) -> Size;
    pub fn isl_union_set_extract_set(a: *mut isl_union_set, s: *mut isl_space) -> *mut isl_set;
    pub fn isl_union_set_foreach_set(a: *mut isl_union_set, f: SetCb, user: *mut c_void) -> Stat;
    pub fn isl_union_set_list_alloc(ctx: *mut isl_ctx, n: c_int) -> *mut isl_union_set_list;
    pub fn isl_union_set_list_add(
        l: *mut isl_union_set_list,
        s: *mut isl_union_set,
    ) -> *mut isl_union_set_list;

    // ---- union maps
    pub fn isl_union_map_copy(m: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_free(m: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_to_str(m: *mut isl_union_map) -> *mut c_char;
    pub fn isl_union_map_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_union_map;
    pub fn isl_union_map_get_space(m: *mut isl_union_map) -> *mut isl_space;
    pub fn isl_union_map_empty_ctx(ctx: *mut isl_ctx) -> *mut isl_union_map;
    pub fn isl_union_map_from_map(m: *mut isl_map) -> *mut isl_union_map;
    pub fn isl_union_map_from_domain_and_range(
        d: *mut isl_union_set,
        r: *mut isl_union_set,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_universe(m: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_union(a: *mut isl_union_map, b: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_intersect(
        a: *mut isl_union_map,
        b: *mut isl_union_map,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_subtract(
        a: *mut isl_union_map,
        b: *mut isl_union_map,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_intersect_domain_union_set(
        a: *mut isl_union_map,
        b: *mut isl_union_set,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_intersect_range_union_set(
        a: *mut isl_union_map,
        b: *mut isl_union_set,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_intersect_params(
        a: *mut isl_union_map,
        b: *mut isl_set,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_subtract_domain(
        a: *mut isl_union_map,
        b: *mut isl_union_set,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_subtract_range(
        a: *mut isl_union_map,
        b: *mut isl_union_set,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_is_empty(a: *mut isl_union_map) -> Bool;
    pub fn isl_union_map_is_subset(a: *mut isl_union_map, b: *mut isl_union_map) -> Bool;
    pub fn isl_union_map_is_equal(a: *mut isl_union_map, b: *mut isl_union_map) -> Bool;
    pub fn isl_union_map_is_injective(a: *mut isl_union_map) -> Bool;
    pub fn isl_union_map_is_single_valued(a: *mut isl_union_map) -> Bool;
    pub fn isl_union_map_reverse(a: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_apply_range(
        a: *mut isl_union_map,
        b: *mut isl_union_map,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_apply_domain(
        a: *mut isl_union_map,
        b: *mut isl_union_map,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_domain(a: *mut isl_union_map) -> *mut isl_union_set;
    pub fn isl_union_map_range(a: *mut isl_union_map) -> *mut isl_union_set;
    pub fn isl_union_map_params(a: *mut isl_union_map) -> *mut isl_set;
    pub fn isl_union_map_deltas(a: *mut isl_union_map) -> *mut isl_union_set;
    pub fn isl_union_map_gist(a: *mut isl_union_map, b: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_gist_domain(
        a: *mut isl_union_map,
        b: *mut isl_union_set,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_gist_params(a: *mut isl_union_map, b: *mut isl_set) -> *mut isl_union_map;
    pub fn isl_union_map_coalesce(a: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_lexmin(a: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_lexmax(a: *mut isl_union_map) -> *mut isl_union_map;
    pub fn isl_union_map_lex_lt_union_map(
        a: *mut isl_union_map,
        b: *mut isl_union_map,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_range_product(
        a: *mut isl_union_map,
        b: *mut isl_union_map,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_project_out(
        a: *mut isl_union_map,
        t: DimT,
        first: c_uint,
        n: c_uint,
    ) -> *mut isl_union_map;
    pub fn isl_union_map_n_map(a: *mut isl_union_map) -> Size;
    pub fn isl_union_map_extract_map(a: *mut isl_union_map, s: *mut isl_space) -> *mut isl_map;
    pub fn isl_union_map_foreach_map(a: *mut isl_union_map, f: MapCb, user: *mut c_void) -> Stat;

    // ---- quasi-affine expressions
    pub fn isl_aff_copy(a: *mut isl_aff) -> *mut isl_aff;
    pub fn isl_aff_free(a: *mut isl_aff) -> *mut isl_aff;
    pub fn isl_aff_to_str(a: *mut isl_aff) -> *mut c_char;
    pub fn isl_aff_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_aff;
    pub fn isl_aff_get_space(a: *mut isl_aff) -> *mut isl_space;
    pub fn isl_aff_zero_on_domain_space(s: *mut isl_space) -> *mut isl_aff;
    pub fn isl_aff_plain_is_equal(a: *mut isl_aff, b: *mut isl_aff) -> Bool;
    pub fn isl_aff_is_cst(a: *mut isl_aff) -> Bool;
    pub fn isl_aff_add(a: *mut isl_aff, b: *mut isl_aff) -> *mut isl_aff;
    pub fn isl_aff_sub(a: *mut isl_aff, b: *mut isl_aff) -> *mut isl_aff;
    pub fn isl_aff_mul(a: *mut isl_aff, b: *mut isl_aff) -> *mut isl_aff;
    pub fn isl_aff_neg(a: *mut isl_aff) -> *mut isl_aff;
    pub fn isl_aff_floor(a: *mut isl_aff) -> *mut isl_aff;
    pub fn isl_aff_scale_val(a: *mut isl_aff, v: *mut isl_val) -> *mut isl_aff;
    pub fn isl_aff_scale_down_val(a: *mut isl_aff, v: *mut isl_val) -> *mut isl_aff;
    pub fn isl_aff_mod_val(a: *mut isl_aff, v: *mut isl_val) -> *mut isl_aff;
    pub fn isl_aff_get_constant_val(a: *mut isl_aff) -> *mut isl_val;
    pub fn isl_aff_get_coefficient_val(a: *mut isl_aff, t: DimT, pos: c_int) -> *mut isl_val;
    pub fn isl_aff_get_denominator_val(a: *mut isl_aff) -> *mut isl_val;
    pub fn isl_aff_set_constant_val(a: *mut isl_aff, v: *mut isl_val) -> *mut isl_aff;
    pub fn isl_aff_set_coefficient_val(
        a: *mut isl_aff,
        t: DimT,
        pos: c_int,
        v: *mut isl_val,
    ) -> *mut isl_aff;
    pub fn isl_aff_dim(a: *mut isl_aff, t: DimT) -> Size;
    pub fn isl_pw_aff_from_aff(a: *mut isl_aff) -> *mut isl_pw_aff;

    pub fn isl_pw_aff_copy(a: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_free(a: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_to_str(a: *mut isl_pw_aff) -> *mut c_char;
    pub fn isl_pw_aff_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_get_space(a: *mut isl_pw_aff) -> *mut isl_space;
    pub fn isl_pw_aff_is_equal(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> Bool;
    pub fn isl_pw_aff_is_cst(a: *mut isl_pw_aff) -> Bool;
    pub fn isl_pw_aff_add(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_sub(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_mul(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_neg(a: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_min(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_max(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_floor(a: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_mod_val(a: *mut isl_pw_aff, v: *mut isl_val) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_scale_down_val(a: *mut isl_pw_aff, v: *mut isl_val) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_domain(a: *mut isl_pw_aff) -> *mut isl_set;
    pub fn isl_pw_aff_params(a: *mut isl_pw_aff) -> *mut isl_set;
    pub fn isl_pw_aff_intersect_domain(a: *mut isl_pw_aff, s: *mut isl_set) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_intersect_params(a: *mut isl_pw_aff, s: *mut isl_set) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_gist(a: *mut isl_pw_aff, s: *mut isl_set) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_gist_params(a: *mut isl_pw_aff, s: *mut isl_set) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_coalesce(a: *mut isl_pw_aff) -> *mut isl_pw_aff;
    pub fn isl_pw_aff_eq_set(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_set;
    pub fn isl_pw_aff_ne_set(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_set;
    pub fn isl_pw_aff_le_set(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_set;
    pub fn isl_pw_aff_lt_set(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_set;
    pub fn isl_pw_aff_ge_set(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_set;
    pub fn isl_pw_aff_gt_set(a: *mut isl_pw_aff, b: *mut isl_pw_aff) -> *mut isl_set;

    pub fn isl_multi_aff_copy(a: *mut isl_multi_aff) -> *mut isl_multi_aff;
    pub fn isl_multi_aff_free(a: *mut isl_multi_aff) -> *mut isl_multi_aff;
    pub fn isl_multi_aff_to_str(a: *mut isl_multi_aff) -> *mut c_char;
    pub fn isl_multi_aff_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_multi_aff;
    pub fn isl_multi_aff_get_space(a: *mut isl_multi_aff) -> *mut isl_space;
    pub fn isl_multi_aff_plain_is_equal(a: *mut isl_multi_aff, b: *mut isl_multi_aff) -> Bool;
    pub fn isl_multi_aff_size(a: *mut isl_multi_aff) -> Size;
    pub fn isl_multi_aff_get_at(a: *mut isl_multi_aff, pos: c_int) -> *mut isl_aff;
    pub fn isl_multi_aff_identity_on_domain_space(s: *mut isl_space) -> *mut isl_multi_aff;
    pub fn isl_pw_multi_aff_from_multi_aff(a: *mut isl_multi_aff) -> *mut isl_pw_multi_aff;

    pub fn isl_pw_multi_aff_copy(a: *mut isl_pw_multi_aff) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_free(a: *mut isl_pw_multi_aff) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_to_str(a: *mut isl_pw_multi_aff) -> *mut c_char;
    pub fn isl_pw_multi_aff_read_from_str(
        ctx: *mut isl_ctx,
        s: *const c_char,
    ) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_get_space(a: *mut isl_pw_multi_aff) -> *mut isl_space;
    pub fn isl_pw_multi_aff_is_equal(a: *mut isl_pw_multi_aff, b: *mut isl_pw_multi_aff) -> Bool;
    pub fn isl_pw_multi_aff_from_map(m: *mut isl_map) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_dim(a: *mut isl_pw_multi_aff, t: DimT) -> Size;
    pub fn isl_pw_multi_aff_get_at(a: *mut isl_pw_multi_aff, pos: c_int) -> *mut isl_pw_aff;
    pub fn isl_pw_multi_aff_domain(a: *mut isl_pw_multi_aff) -> *mut isl_set;
    pub fn isl_pw_multi_aff_coalesce(a: *mut isl_pw_multi_aff) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_intersect_domain(
        a: *mut isl_pw_multi_aff,
        s: *mut isl_set,
    ) -> *mut isl_pw_multi_aff;
    pub fn isl_pw_multi_aff_pullback_pw_multi_aff(
        a: *mut isl_pw_multi_aff,
        b: *mut isl_pw_multi_aff,
    ) -> *mut isl_pw_multi_aff;

    pub fn isl_multi_val_copy(a: *mut isl_multi_val) -> *mut isl_multi_val;
    pub fn isl_multi_val_free(a: *mut isl_multi_val) -> *mut isl_multi_val;
    pub fn isl_multi_val_to_str(a: *mut isl_multi_val) -> *mut c_char;
    pub fn isl_multi_val_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_multi_val;
    pub fn isl_multi_val_plain_is_equal(a: *mut isl_multi_val, b: *mut isl_multi_val) -> Bool;
    pub fn isl_multi_val_from_val_list(
        s: *mut isl_space,
        l: *mut isl_val_list,
    ) -> *mut isl_multi_val;

    pub fn isl_multi_union_pw_aff_copy(
        a: *mut isl_multi_union_pw_aff,
    ) -> *mut isl_multi_union_pw_aff;
    pub fn isl_multi_union_pw_aff_free(
        a: *mut isl_multi_union_pw_aff,
    ) -> *mut isl_multi_union_pw_aff;
    pub fn isl_multi_union_pw_aff_to_str(a: *mut isl_multi_union_pw_aff) -> *mut c_char;
    pub fn isl_multi_union_pw_aff_read_from_str(
        ctx: *mut isl_ctx,
        s: *const c_char,
    ) -> *mut isl_multi_union_pw_aff;
    pub fn isl_multi_union_pw_aff_plain_is_equal(
        a: *mut isl_multi_union_pw_aff,
        b: *mut isl_multi_union_pw_aff,
    ) -> Bool;
    pub fn isl_multi_union_pw_aff_from_union_map(
        m: *mut isl_union_map,
    ) -> *mut isl_multi_union_pw_aff;
    pub fn isl_union_map_from_multi_union_pw_aff(
        a: *mut isl_multi_union_pw_aff,
    ) -> *mut isl_union_map;

    // ---- schedules
    pub fn isl_schedule_copy(s: *mut isl_schedule) -> *mut isl_schedule;
    pub fn isl_schedule_free(s: *mut isl_schedule) -> *mut isl_schedule;
    pub fn isl_schedule_to_str(s: *mut isl_schedule) -> *mut c_char;
    pub fn isl_schedule_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_schedule;
    pub fn isl_schedule_plain_is_equal(a: *mut isl_schedule, b: *mut isl_schedule) -> Bool;
    pub fn isl_schedule_from_domain(d: *mut isl_union_set) -> *mut isl_schedule;
    pub fn isl_schedule_get_domain(s: *mut isl_schedule) -> *mut isl_union_set;
    pub fn isl_schedule_get_map(s: *mut isl_schedule) -> *mut isl_union_map;
    pub fn isl_schedule_get_root(s: *mut isl_schedule) -> *mut isl_schedule_node;
    pub fn isl_schedule_insert_partial_schedule(
        s: *mut isl_schedule,
        p: *mut isl_multi_union_pw_aff,
    ) -> *mut isl_schedule;
    pub fn isl_schedule_sequence(a: *mut isl_schedule, b: *mut isl_schedule) -> *mut isl_schedule;
    pub fn isl_schedule_intersect_domain(
        s: *mut isl_schedule,
        d: *mut isl_union_set,
    ) -> *mut isl_schedule;

    pub fn isl_schedule_node_copy(n: *mut isl_schedule_node) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_free(n: *mut isl_schedule_node) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_to_str(n: *mut isl_schedule_node) -> *mut c_char;
    pub fn isl_schedule_node_is_equal(a: *mut isl_schedule_node, b: *mut isl_schedule_node)
    -> Bool;
    pub fn isl_schedule_node_get_type(n: *mut isl_schedule_node) -> c_int;
    pub fn isl_schedule_node_get_schedule(n: *mut isl_schedule_node) -> *mut isl_schedule;
    pub fn isl_schedule_node_n_children(n: *mut isl_schedule_node) -> Size;
    pub fn isl_schedule_node_has_parent(n: *mut isl_schedule_node) -> Bool;
    pub fn isl_schedule_node_parent(n: *mut isl_schedule_node) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_root(n: *mut isl_schedule_node) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_child(n: *mut isl_schedule_node, pos: c_int)
    -> *mut isl_schedule_node;
    pub fn isl_schedule_node_get_tree_depth(n: *mut isl_schedule_node) -> Size;
    pub fn isl_schedule_node_get_domain(n: *mut isl_schedule_node) -> *mut isl_union_set;
    pub fn isl_schedule_node_get_prefix_schedule_union_map(
        n: *mut isl_schedule_node,
    ) -> *mut isl_union_map;
    pub fn isl_schedule_node_get_subtree_schedule_union_map(
        n: *mut isl_schedule_node,
    ) -> *mut isl_union_map;
    pub fn isl_schedule_node_band_n_member(n: *mut isl_schedule_node) -> Size;
    pub fn isl_schedule_node_band_get_space(n: *mut isl_schedule_node) -> *mut isl_space;
    pub fn isl_schedule_node_band_get_partial_schedule_union_map(
        n: *mut isl_schedule_node,
    ) -> *mut isl_union_map;
    pub fn isl_schedule_node_band_get_permutable(n: *mut isl_schedule_node) -> Bool;
    pub fn isl_schedule_node_band_set_permutable(
        n: *mut isl_schedule_node,
        p: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_band_member_get_coincident(
        n: *mut isl_schedule_node,
        pos: c_int,
    ) -> Bool;
    pub fn isl_schedule_node_band_member_set_coincident(
        n: *mut isl_schedule_node,
        pos: c_int,
        c: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_band_member_set_ast_loop_type(
        n: *mut isl_schedule_node,
        pos: c_int,
        t: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_band_tile(
        n: *mut isl_schedule_node,
        sizes: *mut isl_multi_val,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_band_split(
        n: *mut isl_schedule_node,
        pos: c_int,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_insert_mark(
        n: *mut isl_schedule_node,
        id: *mut isl_id,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_insert_filter(
        n: *mut isl_schedule_node,
        f: *mut isl_union_set,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_insert_partial_schedule(
        n: *mut isl_schedule_node,
        s: *mut isl_multi_union_pw_aff,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_insert_sequence(
        n: *mut isl_schedule_node,
        f: *mut isl_union_set_list,
    ) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_delete(n: *mut isl_schedule_node) -> *mut isl_schedule_node;
    pub fn isl_schedule_node_mark_get_id(n: *mut isl_schedule_node) -> *mut isl_id;
    pub fn isl_schedule_node_filter_get_filter(n: *mut isl_schedule_node) -> *mut isl_union_set;
    pub fn isl_schedule_node_domain_get_domain(n: *mut isl_schedule_node) -> *mut isl_union_set;

    pub fn isl_schedule_constraints_copy(
        s: *mut isl_schedule_constraints,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_free(
        s: *mut isl_schedule_constraints,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_to_str(s: *mut isl_schedule_constraints) -> *mut c_char;
    pub fn isl_schedule_constraints_read_from_str(
        ctx: *mut isl_ctx,
        s: *const c_char,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_on_domain(
        d: *mut isl_union_set,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_context(
        s: *mut isl_schedule_constraints,
        c: *mut isl_set,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_validity(
        s: *mut isl_schedule_constraints,
        m: *mut isl_union_map,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_coincidence(
        s: *mut isl_schedule_constraints,
        m: *mut isl_union_map,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_proximity(
        s: *mut isl_schedule_constraints,
        m: *mut isl_union_map,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_set_conditional_validity(
        s: *mut isl_schedule_constraints,
        condition: *mut isl_union_map,
        validity: *mut isl_union_map,
    ) -> *mut isl_schedule_constraints;
    pub fn isl_schedule_constraints_compute_schedule(
        s: *mut isl_schedule_constraints,
    ) -> *mut isl_schedule;

    // ---- dataflow
    pub fn isl_union_access_info_copy(a: *mut isl_union_access_info) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_free(a: *mut isl_union_access_info) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_to_str(a: *mut isl_union_access_info) -> *mut c_char;
    pub fn isl_union_access_info_from_sink(m: *mut isl_union_map) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_must_source(
        a: *mut isl_union_access_info,
        m: *mut isl_union_map,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_may_source(
        a: *mut isl_union_access_info,
        m: *mut isl_union_map,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_kill(
        a: *mut isl_union_access_info,
        m: *mut isl_union_map,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_schedule(
        a: *mut isl_union_access_info,
        s: *mut isl_schedule,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_set_schedule_map(
        a: *mut isl_union_access_info,
        m: *mut isl_union_map,
    ) -> *mut isl_union_access_info;
    pub fn isl_union_access_info_compute_flow(a: *mut isl_union_access_info)
    -> *mut isl_union_flow;
    pub fn isl_union_flow_copy(f: *mut isl_union_flow) -> *mut isl_union_flow;
    pub fn isl_union_flow_free(f: *mut isl_union_flow) -> *mut isl_union_flow;
    pub fn isl_union_flow_to_str(f: *mut isl_union_flow) -> *mut c_char;
    pub fn isl_union_flow_get_must_dependence(f: *mut isl_union_flow) -> *mut isl_union_map;
    pub fn isl_union_flow_get_may_dependence(f: *mut isl_union_flow) -> *mut isl_union_map;
    pub fn isl_union_flow_get_full_must_dependence(f: *mut isl_union_flow) -> *mut isl_union_map;
    pub fn isl_union_flow_get_full_may_dependence(f: *mut isl_union_flow) -> *mut isl_union_map;
    pub fn isl_union_flow_get_must_no_source(f: *mut isl_union_flow) -> *mut isl_union_map;
    pub fn isl_union_flow_get_may_no_source(f: *mut isl_union_flow) -> *mut isl_union_map;

    // ---- AST generation
    pub fn isl_ast_build_from_context(s: *mut isl_set) -> *mut isl_ast_build;
    pub fn isl_ast_build_copy(b: *mut isl_ast_build) -> *mut isl_ast_build;
    pub fn isl_ast_build_free(b: *mut isl_ast_build) -> *mut isl_ast_build;
    pub fn isl_ast_build_set_at_each_domain(
        b: *mut isl_ast_build,
        f: AtEachDomainCb,
        user: *mut c_void,
    ) -> *mut isl_ast_build;
    /// `build` is kept, `schedule` is taken.
    pub fn isl_ast_build_node_from_schedule(
        b: *mut isl_ast_build,
        s: *mut isl_schedule,
    ) -> *mut isl_ast_node;
    /// `build` is kept, `pa` is taken.
    pub fn isl_ast_build_expr_from_pw_aff(
        b: *mut isl_ast_build,
        pa: *mut isl_pw_aff,
    ) -> *mut isl_ast_expr;
    /// `build` is kept, `pma` is taken.
    pub fn isl_ast_build_access_from_pw_multi_aff(
        b: *mut isl_ast_build,
        pma: *mut isl_pw_multi_aff,
    ) -> *mut isl_ast_expr;
    /// `build` is kept, `pma` is taken.
    pub fn isl_ast_build_call_from_pw_multi_aff(
        b: *mut isl_ast_build,
        pma: *mut isl_pw_multi_aff,
    ) -> *mut isl_ast_expr;
    pub fn isl_ast_build_get_schedule(b: *mut isl_ast_build) -> *mut isl_union_map;

    pub fn isl_ast_node_copy(n: *mut isl_ast_node) -> *mut isl_ast_node;
    pub fn isl_ast_node_free(n: *mut isl_ast_node) -> *mut isl_ast_node;
    pub fn isl_ast_node_to_str(n: *mut isl_ast_node) -> *mut c_char;
    pub fn isl_ast_node_to_C_str(n: *mut isl_ast_node) -> *mut c_char;
    pub fn isl_ast_node_get_type(n: *mut isl_ast_node) -> c_int;
    pub fn isl_ast_node_get_annotation(n: *mut isl_ast_node) -> *mut isl_id;
    pub fn isl_ast_node_set_annotation(n: *mut isl_ast_node, id: *mut isl_id) -> *mut isl_ast_node;
    pub fn isl_ast_node_for_get_iterator(n: *mut isl_ast_node) -> *mut isl_ast_expr;
    pub fn isl_ast_node_for_get_init(n: *mut isl_ast_node) -> *mut isl_ast_expr;
    pub fn isl_ast_node_for_get_cond(n: *mut isl_ast_node) -> *mut isl_ast_expr;
    pub fn isl_ast_node_for_get_inc(n: *mut isl_ast_node) -> *mut isl_ast_expr;
    pub fn isl_ast_node_for_get_body(n: *mut isl_ast_node) -> *mut isl_ast_node;
    pub fn isl_ast_node_for_is_degenerate(n: *mut isl_ast_node) -> Bool;
    pub fn isl_ast_node_if_get_cond(n: *mut isl_ast_node) -> *mut isl_ast_expr;
    pub fn isl_ast_node_if_get_then_node(n: *mut isl_ast_node) -> *mut isl_ast_node;
    pub fn isl_ast_node_if_has_else_node(n: *mut isl_ast_node) -> Bool;
    pub fn isl_ast_node_if_get_else_node(n: *mut isl_ast_node) -> *mut isl_ast_node;
    pub fn isl_ast_node_block_get_children(n: *mut isl_ast_node) -> *mut isl_ast_node_list;
    pub fn isl_ast_node_mark_get_id(n: *mut isl_ast_node) -> *mut isl_id;
    pub fn isl_ast_node_mark_get_node(n: *mut isl_ast_node) -> *mut isl_ast_node;
    pub fn isl_ast_node_user_get_expr(n: *mut isl_ast_node) -> *mut isl_ast_expr;
    pub fn isl_ast_node_list_size(l: *mut isl_ast_node_list) -> Size;
    pub fn isl_ast_node_list_get_at(l: *mut isl_ast_node_list, i: c_int) -> *mut isl_ast_node;
    pub fn isl_ast_node_list_free(l: *mut isl_ast_node_list) -> *mut isl_ast_node_list;

    pub fn isl_ast_expr_copy(e: *mut isl_ast_expr) -> *mut isl_ast_expr;
    pub fn isl_ast_expr_free(e: *mut isl_ast_expr) -> *mut isl_ast_expr;
    pub fn isl_ast_expr_to_str(e: *mut isl_ast_expr) -> *mut c_char;
    pub fn isl_ast_expr_to_C_str(e: *mut isl_ast_expr) -> *mut c_char;
    pub fn isl_ast_expr_is_equal(a: *mut isl_ast_expr, b: *mut isl_ast_expr) -> Bool;
    pub fn isl_ast_expr_get_type(e: *mut isl_ast_expr) -> c_int;
    pub fn isl_ast_expr_op_get_type(e: *mut isl_ast_expr) -> c_int;
    pub fn isl_ast_expr_op_get_n_arg(e: *mut isl_ast_expr) -> Size;
    pub fn isl_ast_expr_op_get_arg(e: *mut isl_ast_expr, pos: c_int) -> *mut isl_ast_expr;
    pub fn isl_ast_expr_id_get_id(e: *mut isl_ast_expr) -> *mut isl_id;
    pub fn isl_ast_expr_int_get_val(e: *mut isl_ast_expr) -> *mut isl_val;
}
