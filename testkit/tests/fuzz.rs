//! The parsers of user text against mutated input (`optimist_testkit::fuzz`): no panic, and
//! every input that once failed (`testkit/fuzz/crashes/`) passes now. `scripts/fuzz.sh TARGET
//! MINUTES` is the long mode.

use optimist_testkit::fuzz::{self, Target};
use std::time::Duration;

/// Inputs that once panicked or hung run without a panic now.
#[test]
fn crashes_found_before_pass() {
    let Ok(entries) = std::fs::read_dir(fuzz::crashes_dir()) else {
        return;
    };
    let mut failures = Vec::new();
    for e in entries {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // `TARGET-last-SEED.txt` is the input a running fuzzer is on (kept after a crash;
        // rename it to keep it as a case).
        if name.contains("-last-") {
            continue;
        }
        let Some(target) = Target::ALL
            .into_iter()
            .find(|t| name.starts_with(&format!("{}-", t.name())))
        else {
            continue;
        };
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).to_string();
        if let Err(panic) = fuzz::exercise(target, &text) {
            failures.push(format!("{name}: {panic}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A short seeded run of each target in every test run: no panic, no input still running after
/// `GIVE_UP` (a guard against hangs, not a timing; the 1 s limit is `scripts/fuzz.sh`'s).
#[test]
fn parsers_survive_mutated_input() {
    for target in Target::ALL {
        let r = fuzz::run(target, Duration::from_secs(60), 1_500, 0x0f22, None);
        let failures: Vec<String> = r
            .failures
            .iter()
            .map(|(what, path)| format!("{what}: {}", path.display()))
            .collect();
        assert!(
            failures.is_empty(),
            "{}: {}",
            target.name(),
            failures.join("\n")
        );
    }
}

/// The long mode: `OPTIMIST_FUZZ_TARGET` (`c`, `loopy` or `isl`) for `OPTIMIST_FUZZ_SECONDS`.
#[test]
#[ignore]
fn fuzz_long() {
    let name = std::env::var("OPTIMIST_FUZZ_TARGET").unwrap_or_else(|_| "c".into());
    let target = Target::ALL
        .into_iter()
        .find(|t| t.name() == name)
        .unwrap_or_else(|| panic!("no fuzz target `{name}` (c, loopy, isl)"));
    let seconds: u64 = std::env::var("OPTIMIST_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs());
    let start = std::time::Instant::now();
    let r = fuzz::run(
        target,
        Duration::from_secs(seconds),
        u64::MAX,
        seed,
        Some(fuzz::HANG),
    );
    println!(
        "fuzz {name}, seed {seed}: {} inputs in {} s, slowest {:?}, {} failures",
        r.inputs,
        start.elapsed().as_secs(),
        r.slowest,
        r.failures.len()
    );
    for (what, path) in &r.failures {
        println!("  {what}: {}", path.display());
    }
    assert!(r.failures.is_empty());
}
