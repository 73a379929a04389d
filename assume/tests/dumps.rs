//! Assumption dumps of the corpus and of the paper's examples (`assume/tests/snapshots/`).

use optimist_scop::{frontend, model::Scop};
use std::path::{Path, PathBuf};

/// Relative to the crate (the tests' working directory), so that places in dumps do not
/// depend on the checkout.
fn root() -> PathBuf {
    PathBuf::from("..")
}

fn dump(path: &Path) -> String {
    let f = match frontend::parse_file(path, &Default::default()) {
        Ok(f) => f,
        Err(e) => return format!("front end: {e}\n"),
    };
    let mut scop = match Scop::build(&f, &Default::default()) {
        Ok(s) => s,
        Err(e) => return format!("not modeled: {e}\n"),
    };
    match optimist_assume::collect(&mut scop, &Default::default()) {
        Ok(a) => match optimist_assume::RuntimeCheck::build(&scop, &a, None) {
            Ok(c) => format!("{}check: {}\n", a.dump(&scop), c.to_c(&scop)),
            Err(e) => format!("{}check: {e}\n", a.dump(&scop)),
        },
        Err(e) => format!("{e}\n"),
    }
}

#[test]
fn assumptions_of_every_kernel() {
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["corpus", "assume/tests/kernels"] {
        for e in std::fs::read_dir(root().join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "c") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut failed = Vec::new();
    for p in files {
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let snap = root()
            .join("assume/tests/snapshots")
            .join(format!("{name}.assume"));
        let text = dump(&p);
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::create_dir_all(snap.parent().unwrap()).unwrap();
            std::fs::write(&snap, &text).unwrap();
        } else if std::fs::read_to_string(&snap).ok().as_deref() != Some(text.as_str()) {
            failed.push(name);
        }
    }
    assert!(
        failed.is_empty(),
        "snapshots differ (UPDATE_EXPECT=1 to refresh, then review): {failed:?}"
    );
}
