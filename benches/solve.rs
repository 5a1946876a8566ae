//! Solve + uniqueness proof, in-process, for a 6x6 Tango, an 8x8 Tango and an 11x11 Queens
//! (puzzles under fixtures/examples). `cargo bench --bench solve`; medians go in the README.
//!
//! Each group also measures `reuse_models: false` (a fresh z3 solver per puzzle) to show what
//! the per-thread model cache saves.

use criterion::{Criterion, criterion_group, criterion_main};
use snapsolve::format;
use snapsolve::solve::{self, Outcome, SolveOptions};
use std::hint::black_box;
use std::time::Duration;

fn fixture(name: &str) -> snapsolve::Puzzle {
    let path = format!("{}/fixtures/examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    format::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bench(c: &mut Criterion) {
    let cases = [
        ("tango_6x6", "tango-six-givens.txt"),
        ("tango_8x8", "tango-8x8.txt"),
        ("queens_11x11", "queens-11x11.txt"),
    ];
    for (id, file) in cases {
        let p = fixture(file);
        let mut g = c.benchmark_group(id);
        for (label, reuse) in [("solve_unique", true), ("solve_unique_fresh_solver", false)] {
            let opts = SolveOptions {
                reuse_models: reuse,
                ..SolveOptions::default()
            };
            let r = solve::solve(&p, &opts).expect("solve");
            assert!(
                matches!(r.outcome, Outcome::Unique(_)),
                "{file} is not unique"
            );
            g.bench_function(label, |b| {
                b.iter(|| solve::solve(black_box(&p), &opts).expect("solve"))
            });
        }
        g.finish();
    }
}

fn config() -> Criterion {
    // Short by default (the machine is shared); override on the command line with
    // `-- --measurement-time 10`.
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(50)
}

criterion_group! { name = benches; config = config(); targets = bench }
criterion_main!(benches);
