//! Loopy's figures: the 700x700x700 tagged product (`corpus/tagged.c`) through Cranelift, in the
//! original order (faithful lowering and model code), with the paper's interchange script, with
//! interchange + 32x32x32 and 32x32x128 tiling, and with the automatic strategy.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::{Config, Kernel, Strategy};
use optimist_loopy::Script;
use optimist_scop::frontend::{self, FrontendConfig};
use std::time::Duration;

fn benches(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/tagged.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let script = |text: &str| Some(Strategy::Script(Script::parse(text).unwrap()));
    let interchange = "realign(Init, Mult, 0)\naffine(Mult, { [i, j, k] -> [i, k, j] })";
    let configs = [
        ("faithful lowering", None),
        ("model, original order", Some(Strategy::Original)),
        ("script: interchange", script(interchange)),
        (
            "script: interchange + tile 32",
            script(&format!(
                "{interchange}\nM = lift(Mult, 1)\ntile(M, 32, 32, 32)"
            )),
        ),
        // Longer innermost tiles suit Cranelift's scalar inner loop better here.
        (
            "script: interchange + tile 32x32x128",
            script(&format!(
                "{interchange}\nM = lift(Mult, 1)\ntile(M, 32, 32, 128)"
            )),
        ),
        ("automatic strategy", Some(Strategy::default())),
    ];
    let n = 700usize;
    let mut m = optimist_benches::Matrices::new(n);
    let mut group = c.benchmark_group("tagged product 700");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8))
        .warm_up_time(Duration::from_secs(1));
    for (name, strategy) in configs {
        let kernel = match strategy {
            Some(s) => optimist::compile(&f, &Config::with(s)).unwrap().kernel,
            None => Kernel::faithful(&f).unwrap(),
        };
        group.bench_function(name, |b| b.iter(|| m.run(&kernel, n)));
    }
    group.finish();
}

criterion_group!(loopy, benches);
criterion_main!(loopy);
