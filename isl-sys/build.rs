//! Builds `libisl.a` from the isl sources in `isl/` with a C compiler alone: no autotools, no
//! `configure`, no `make`. The configuration is fixed (`config/isl_config.h`: isl's own big
//! integers with the small-integer optimisation, isl's `--with-int=imath-32`), and so are the
//! flags (`-O3`, whatever the profile), so every build of this crate compiles the same isl:
//! in optimist's workspace, as a path or registry dependency, through `cargo install`.

use std::env;
use std::path::PathBuf;

/// isl's library sources (`libisl_la_SOURCES` of isl's `Makefile.am` with `MP_SRC` for
/// imath-32), relative to `isl/`. The other `.c` files of `isl/` are templates the sources
/// include.
const SOURCES: &[&str] = &[
    "isl_imath.c",
    "imath_wrap/gmp_compat.c",
    "imath_wrap/imath.c",
    "imath_wrap/imrat.c",
    "isl_int_sioimath.c",
    "isl_val_sioimath.c",
    "isl_aff.c",
    "isl_aff_map.c",
    "isl_affine_hull.c",
    "isl_arg.c",
    "isl_ast.c",
    "isl_ast_build.c",
    "isl_ast_build_expr.c",
    "isl_ast_codegen.c",
    "isl_ast_graft.c",
    "basis_reduction_tab.c",
    "isl_bernstein.c",
    "isl_blk.c",
    "isl_bound.c",
    "isl_box.c",
    "isl_coalesce.c",
    "isl_constraint.c",
    "isl_convex_hull.c",
    "isl_ctx.c",
    "isl_deprecated.c",
    "isl_dim_map.c",
    "isl_equalities.c",
    "isl_factorization.c",
    "isl_farkas.c",
    "isl_ffs.c",
    "isl_flow.c",
    "isl_fold.c",
    "isl_hash.c",
    "isl_id_to_ast_expr.c",
    "isl_id_to_id.c",
    "isl_id_to_pw_aff.c",
    "isl_ilp.c",
    "isl_input.c",
    "isl_local.c",
    "isl_local_space.c",
    "isl_lp.c",
    "isl_map.c",
    "isl_map_list.c",
    "isl_map_simplify.c",
    "isl_map_subtract.c",
    "isl_map_to_basic_set.c",
    "isl_mat.c",
    "isl_morph.c",
    "isl_id.c",
    "isl_obj.c",
    "isl_options.c",
    "isl_output.c",
    "isl_point.c",
    "isl_polynomial.c",
    "isl_printer.c",
    "print.c",
    "isl_range.c",
    "isl_reordering.c",
    "isl_sample.c",
    "isl_scan.c",
    "isl_schedule.c",
    "isl_schedule_band.c",
    "isl_schedule_node.c",
    "isl_schedule_read.c",
    "isl_schedule_tree.c",
    "isl_schedule_constraints.c",
    "isl_scheduler.c",
    "isl_scheduler_clustering.c",
    "isl_scheduler_scc.c",
    "isl_set_list.c",
    "isl_sort.c",
    "isl_space.c",
    "isl_stream.c",
    "isl_seq.c",
    "isl_set_to_ast_graft_list.c",
    "isl_stride.c",
    "isl_tab.c",
    "isl_tab_pip.c",
    "isl_tarjan.c",
    "isl_transitive_closure.c",
    "isl_union_map.c",
    "isl_val.c",
    "isl_vec.c",
    "isl_version.c",
    "isl_vertices.c",
];

fn main() {
    let root =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let isl = root.join("isl");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=isl");
    println!("cargo:rerun-if-changed=config");

    let mut build = cc::Build::new();
    let compiler = match build.try_get_compiler() {
        Ok(c) => c,
        Err(e) => fail(&format!(
            "no C compiler was found ({e}).\n\
             optimist-isl-sys compiles isl's C sources and needs gcc or clang:\n  \
             Debian, Ubuntu: sudo apt-get install gcc\n  \
             Fedora: sudo dnf install gcc\n  \
             macOS: xcode-select --install\n\
             or name one with the CC environment variable."
        )),
    };
    if compiler.is_like_msvc() {
        fail(&format!(
            "the C compiler found ({}) is MSVC-like; isl's configuration here \
             (config/isl_config.h) is that of a GNU-family compiler on a Unix-like system. \
             Set CC to gcc or clang.",
            compiler.path().display()
        ));
    }
    build
        .include(root.join("config"))
        .include(&isl)
        .include(isl.join("include"))
        .include(isl.join("imath_wrap"))
        .define("HAVE_CONFIG_H", None)
        .flag("-std=gnu99")
        .flag("-fomit-frame-pointer")
        .opt_level(3)
        .debug(false)
        .warnings(false)
        .extra_warnings(false)
        .cargo_warnings(false);
    for f in SOURCES {
        build.file(isl.join(f));
    }
    if let Err(e) = build.try_compile("isl") {
        fail(&format!(
            "compiling isl failed: {e}\n\
             A C compiler and an archiver (ar, from binutils) are needed:\n  \
             Debian, Ubuntu: sudo apt-get install gcc binutils"
        ));
    }
}

/// Stops the build with `message`, which cargo shows under the crate's name.
fn fail(message: &str) -> ! {
    eprintln!("optimist-isl-sys: {message}");
    std::process::exit(1)
}
