//! Tutorials for the optimist crates. Each is an example of this package:
//! `cargo run -p optimist-examples --example presburger_basics`.
#![deny(missing_docs)]
