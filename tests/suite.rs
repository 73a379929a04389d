//! The benchmark suite (`corpus/suite/`, timed by `scripts/bench.sh` at the sizes of each
//! kernel's `// bench:` line) in the differential test, at the small sizes of its `// run:`
//! line: the automatic strategy with the passes, natively in every configuration of
//! [`common::native_configurations`] (threads, vector lanes) and as versioned C, gives the
//! interpreter's bits and runs the optimized version; so does the C back end's own schedule
//! (products register-blocked), in C and natively; for the kernels with time tiles, small
//! time tiles and none; and the contracted program (`Function::contracted`) against the
//! interpreter run on it.

mod common;

use common::{cc, interpreter_hashes, kernels_in, native_hashes, run_spec, versioned_c_run};
use optimist::loopy::AutoConfig;
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, Kernel, Strategy, Version};

/// The kernel, its run sizes, and the interpreter's hashes there.
struct Case<'a> {
    name: &'a str,
    f: &'a optimist::scop::ir::Function,
    spec: &'a optimist::scop::workload::RunSpec,
    reference: &'a [String],
}

/// Runs `plan` natively in each of `natives` and, where a C compiler is present, as the C
/// program `c` (the versioned C of `plan` when `None`); every run that is not the optimized
/// version with the interpreter's bits is a failure, named by `what`.
fn check_plan(
    k: &Case<'_>,
    what: &str,
    plan: &optimist::Plan,
    natives: &[optimist::NativeOptions],
    c: Option<String>,
    failures: &mut Vec<String>,
) {
    let name = k.name;
    for native in natives {
        let kernel = Kernel::compile_with(k.f, Some(plan), native).unwrap();
        let (version, hashes) = native_hashes(&kernel, k.f, k.spec);
        if version != Version::Optimized || hashes != k.reference {
            failures.push(format!(
                "{name} ({what}, {native:?}): {version:?} {hashes:?}, interpreter {:?}",
                k.reference
            ));
        }
    }
    if let Some(cc) = cc() {
        let code = c.unwrap_or_else(|| {
            optimist::codegen::versioned_c(k.f, Some(plan), "optimist_generated")
                .unwrap()
                .code
        });
        let (hashes, version) = versioned_c_run(&cc, name, k.f, k.spec, &code);
        if version != "optimized" || hashes != k.reference {
            failures.push(format!("{name} ({what}, C): {version} {hashes:?}"));
        }
    }
}

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
        let k = Case {
            name: &name,
            f: &f,
            spec: &spec,
            reference: &reference,
        };
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
        let natives = common::native_configurations();
        check_plan(&k, "default", plan, &natives, None, &mut failures);
        // The contracted program (`NativeOptions::contract`): the interpreter run on it is its
        // reference; natively at the host's width and at 128 bits, and as versioned C (`fma`).
        let g = f.contracted().unwrap();
        if g != f {
            let reference = interpreter_hashes(&g, &spec);
            let config = Config {
                deadline: None,
                native: optimist::NativeOptions {
                    contract: true,
                    ..Default::default()
                },
                ..Config::default()
            };
            match optimist::optimize(&g, &config).unwrap().plan() {
                Some(plan) => {
                    let narrow = optimist::NativeOptions {
                        wide_bytes: 0,
                        ..config.native.clone()
                    };
                    let contracted = Case {
                        f: &g,
                        reference: &reference,
                        ..k
                    };
                    let natives = [config.native.clone(), narrow];
                    check_plan(
                        &contracted,
                        "contracted",
                        plan,
                        &natives,
                        None,
                        &mut failures,
                    );
                }
                None => failures.push(format!("{name} (contracted): not optimized")),
            }
        }
        // Time tiles: small ones too (many tiles and waves at the run sizes), and none.
        let time_tiled = |plan: &optimist::Plan| {
            plan.decisions
                .iter()
                .any(|d| matches!(d, optimist::loopy::Decision::TimeTiles { .. }))
        };
        if time_tiled(plan) {
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
                if time_tiled(plan) != (what == "time tiles of 4") {
                    failures.push(format!("{name} ({what}): {}", plan.transformation));
                }
                check_plan(&k, what, plan, &[Default::default()], None, &mut failures);
            }
        }
        // The C back end's own plan (`compile_c`: products register-blocked): it is the plan
        // of `config_for_c`, which native code runs too, and its C is run as users get it.
        let (c, blocked) = optimist::compile_c(&f, &config, "optimist_generated").unwrap();
        let Some(blocked) = blocked.plan() else {
            failures.push(format!("{name}: not optimized for C: {:?}", blocked.why()));
            continue;
        };
        let for_c = optimist::optimize(&f, &optimist::config_for_c(&config)).unwrap();
        if for_c.plan().map(|p| p.dump(&f)) != Some(blocked.dump(&f)) {
            failures.push(format!(
                "{name}: compile_c's plan is not the plan of config_for_c"
            ));
        }
        // Natively too where it is not the default plan checked above.
        let natives: &[optimist::NativeOptions] = if blocked.dump(&f) == plan.dump(&f) {
            &[]
        } else {
            &[optimist::NativeOptions::default()]
        };
        check_plan(
            &k,
            "compile_c",
            blocked,
            natives,
            Some(c.code),
            &mut failures,
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
