//! The benchmark suite (`corpus/suite/`, timed by `scripts/bench.sh` at the sizes of each
//! kernel's `// bench:` line) in the differential test, at the small sizes of its `// run:`
//! line: the automatic strategy with the passes, natively in every configuration of
//! [`common::native_configurations`] (threads, vector lanes) and as versioned C, gives the
//! interpreter's bits and runs the optimized version; so does the C back end's own schedule
//! (products register-blocked), in C and natively; and for the kernels with time tiles, small
//! time tiles and none.

mod common;

use common::{cc, interpreter_hashes, kernels_in, native_hashes, run_spec, versioned_c_run};
use optimist::loopy::AutoConfig;
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, Kernel, Strategy, Version};

#[test]
fn every_suite_kernel_runs_optimized_with_the_interpreters_bits_in_every_configuration() {
    let kernels = kernels_in("suite");
    assert!(kernels.len() >= 24, "only {} suite kernels", kernels.len());
    let mut failures = Vec::new();
    for path in &kernels {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let spec = run_spec(path);
        let reference = interpreter_hashes(&f, &spec);
        // Without the deadline: a busy machine must not turn a strategy that works into a
        // note (the deadline has its own tests in `driver.rs`).
        let config = Config {
            deadline: None,
            ..Config::default()
        };
        let outcome = optimist::optimize(&f, &config).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Some(plan) = outcome.plan() else {
            failures.push(format!("{name}: not optimized: {:?}", outcome.why()));
            continue;
        };
        if let Some(note) = &plan.schedule_note {
            failures.push(format!("{name}: {note}"));
        }
        for native in common::native_configurations() {
            let kernel = Kernel::compile_with(&f, Some(plan), &native).unwrap();
            let (version, hashes) = native_hashes(&kernel, &f, &spec);
            if version != Version::Optimized || hashes != reference {
                failures.push(format!(
                    "{name} ({native:?}): {version:?} {hashes:?}, interpreter {reference:?}"
                ));
            }
        }
        if let Some(cc) = cc() {
            let c = optimist::codegen::c::versioned(&f, Some(plan), "optimist_generated").unwrap();
            let (hashes, version) = versioned_c_run(&cc, &name, &f, &spec, &c.code);
            if version != "optimized" || hashes != reference {
                failures.push(format!("{name} (C): {version} {hashes:?}"));
            }
        }
        // Time tiles: small ones too (many tiles and waves at the run sizes), and none.
        if plan
            .transformation
            .contains("automatic strategy: time tiles")
        {
            for (what, auto) in [
                (
                    "time tiles of 4",
                    AutoConfig {
                        tile_size: 4,
                        ..AutoConfig::default()
                    },
                ),
                (
                    "no time tiles",
                    AutoConfig {
                        time_tiles: false,
                        ..AutoConfig::default()
                    },
                ),
            ] {
                let config = Config {
                    deadline: None,
                    ..Config::with(Strategy::Auto(auto))
                };
                let outcome = optimist::optimize(&f, &config).unwrap();
                let Some(plan) = outcome.plan() else {
                    failures.push(format!(
                        "{name} ({what}): not optimized: {:?}",
                        outcome.why()
                    ));
                    continue;
                };
                let tiled = plan
                    .transformation
                    .contains("automatic strategy: time tiles");
                if tiled != (what == "time tiles of 4") {
                    failures.push(format!("{name} ({what}): {}", plan.transformation));
                }
                let kernel = Kernel::compile_with(&f, Some(plan), &Default::default()).unwrap();
                let (version, hashes) = native_hashes(&kernel, &f, &spec);
                if version != Version::Optimized || hashes != reference {
                    failures.push(format!("{name} ({what}, native): {version:?} {hashes:?}"));
                }
                if let Some(cc) = cc() {
                    let c = optimist::codegen::c::versioned(&f, Some(plan), "optimist_generated")
                        .unwrap();
                    let (hashes, version) = versioned_c_run(&cc, &name, &f, &spec, &c.code);
                    if version != "optimized" || hashes != reference {
                        failures.push(format!("{name} ({what}, C): {version} {hashes:?}"));
                    }
                }
            }
        }
        // The C back end's own schedule: products register-blocked (`compile_c`'s default),
        // in C and natively.
        let (c, blocked) = optimist::compile_c(&f, &config, "optimist_generated").unwrap();
        let Some(blocked) = blocked.plan() else {
            failures.push(format!("{name}: not optimized for C: {:?}", blocked.why()));
            continue;
        };
        if blocked.marks.registers.is_empty() {
            continue;
        }
        let kernel = Kernel::compile_with(&f, Some(blocked), &Default::default()).unwrap();
        let (version, hashes) = native_hashes(&kernel, &f, &spec);
        if version != Version::Optimized || hashes != reference {
            failures.push(format!(
                "{name} (register blocks, native): {version:?} {hashes:?}"
            ));
        }
        if let Some(cc) = cc() {
            let (hashes, version) = versioned_c_run(&cc, &name, &f, &spec, &c.code);
            if version != "optimized" || hashes != reference {
                failures.push(format!("{name} (register blocks, C): {version} {hashes:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
