//! Random programs against the reference interpreter (`optimist_testkit`): every program runs
//! through the faithful native code and one configuration of the driver, some also as versioned
//! C through the system C compiler; all must give the interpreter's bits. Failures found before
//! are in `testkit/regressions/` and run first.

use std::time::Duration;

/// Programs per test function; four functions make the 1,000 of every run, two at a time on two
/// cores.
const CASES: u32 = 250;

/// Stops generating (without failing) if a run takes this long, so the suite stays bounded on a
/// slow machine; the count that ran is printed.
const TIME_BOX: Duration = Duration::from_secs(240);

fn batch(seed: u64) {
    let r = optimist_testkit::run(seed, CASES, TIME_BOX);
    println!("seed {seed:#x}: {}", r.tally);
    if let Some((reason, path)) = r.failure {
        panic!(
            "seed {seed:#x}: a random program disagrees; shrunk and written to {} (commit it: it becomes a regression test):\n{reason}",
            path.display()
        );
    }
    if r.timed_out {
        println!(
            "seed {seed:#x}: the time box of {TIME_BOX:?} ran out after {} programs",
            r.tally.programs
        );
    }
    // The generator must give programs worth running: most have a reference, and some run
    // optimized code (else the test would compare the faithful code with itself).
    assert!(
        r.tally.compared() * 2 >= r.tally.programs,
        "too few programs have a reference: {}",
        r.tally
    );
    assert!(r.tally.optimized * 4 >= r.tally.compared(), "{}", r.tally);
}

#[test]
fn random_programs_a() {
    batch(0x0b7e_11a1);
}

#[test]
fn random_programs_b() {
    batch(0x5eed_0002);
}

#[test]
fn random_programs_c() {
    batch(0x5eed_0003);
}

#[test]
fn random_programs_d() {
    batch(0x5eed_0004);
}

/// Every shrunk failure found so far gives the interpreter's bits now.
#[test]
fn regressions_agree() {
    let dir = optimist_testkit::regressions_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut failures = Vec::new();
    for e in entries {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "c") {
            let text = std::fs::read_to_string(&path).unwrap();
            if let Err(why) = optimist_testkit::check_file(&text) {
                failures.push(format!("{}: {why}", path.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A quick look at what the generator makes (`cargo test -p optimist-testkit -- --ignored
/// --nocapture show`).
#[test]
#[ignore]
fn show() {
    use proptest::strategy::{Strategy, ValueTree};
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..5 {
        let p = optimist_testkit::programs::program()
            .new_tree(&mut runner)
            .unwrap()
            .current();
        println!("{}", p.corpus_file());
    }
}

/// The long mode (`scripts/soak.sh HOURS`): batches of 1,000 programs from fresh seeds until
/// `OPTIMIST_SOAK_SECONDS` have passed, then the totals. A disagreement is shrunk and written to
/// `testkit/regressions/`, and the soak goes on from the next seed; it fails at the end, naming
/// every finding.
#[test]
#[ignore]
fn soak() {
    let seconds: u64 = std::env::var("OPTIMIST_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let start = std::time::Instant::now();
    let limit = Duration::from_secs(seconds);
    let first: u64 = std::env::var("OPTIMIST_SOAK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        });
    let mut total = optimist_testkit::check::Tally::default();
    let mut seed = first;
    let mut findings = Vec::new();
    while start.elapsed() < limit {
        let r = optimist_testkit::run(seed, 1_000, limit.saturating_sub(start.elapsed()));
        total.merge(&r.tally);
        println!(
            "seed {seed}: {} programs, {} s so far",
            r.tally.programs,
            start.elapsed().as_secs()
        );
        if let Some((reason, path)) = r.failure {
            println!(
                "seed {seed}: shrunk and written to {}:\n{reason}",
                path.display()
            );
            findings.push(format!("seed {seed}: {}", path.display()));
        }
        seed += 1;
    }
    println!(
        "soak from seed {first}, {} s: {total}",
        start.elapsed().as_secs()
    );
    assert!(
        findings.is_empty(),
        "{} findings:\n{}",
        findings.len(),
        findings.join("\n")
    );
}
