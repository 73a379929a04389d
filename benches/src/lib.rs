//! Criterion benchmarks of the optimist crates, one bench target per layer:
//! `cargo bench -p optimist-benches`.
#![deny(missing_docs)]
