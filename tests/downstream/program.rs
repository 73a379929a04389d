//! The downstream crate's `src/main.rs` (copied there by `scripts/downstream.sh`): prints [`report::report`] for the
//! repository named by its argument.

mod report;

fn main() {
    let root = std::env::args().nth(1).expect("usage: downstream REPOSITORY");
    match report::report(std::path::Path::new(&root)) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("downstream: {e}");
            std::process::exit(1);
        }
    }
}
