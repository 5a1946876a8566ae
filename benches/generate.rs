//! Benchmarks of the generator (issue 6): enumeration, greedy minimisation of the 1440
//! canonical boards, and puzzle generation. `cargo bench --bench generate`.

use criterion::{Criterion, criterion_group, criterion_main};
use rayon::prelude::*;
use snapsolve::generate::deduce::Grade;
use snapsolve::generate::enumerate::{self, Symmetry};
use snapsolve::generate::make::{GenerateOptions, generate};
use snapsolve::generate::minimise;
use snapsolve::puzzle::Game;
use std::hint::black_box;
use std::time::Duration;

fn enumerate_boards(c: &mut Criterion) {
    c.bench_function("enumerate 11222 6x6 boards", |b| {
        b.iter(|| {
            let v = enumerate::tango_boards(6, 6);
            assert_eq!(v.len(), 11222);
            black_box(v)
        })
    });
}

fn minimise_all(c: &mut Criterion) {
    let boards: Vec<Vec<u16>> = enumerate::canonical_boards(6, Symmetry::Article)
        .into_iter()
        .map(|b| enumerate::unpack(b, 6, 6))
        .collect();
    let mut g = c.benchmark_group("minimise");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.bench_function("1440 canonical boards, givens only", |b| {
        b.iter(|| {
            let total: usize = boards
                .par_iter()
                .map(|x| minimise::minimise_givens(x, 6).elements())
                .sum();
            black_box(total)
        })
    });
    g.finish();
}

/// Each iteration generates with the next seed, so the median is over seeds.
fn generate_puzzles(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.sample_size(50);
    for (game, n, grade) in [
        (Game::Tango, 6, Grade::Hard),
        (Game::Queens, 9, Grade::Hard),
    ] {
        let mut seed = 0u64;
        g.bench_function(format!("{game} {n}x{n} {grade}"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(&GenerateOptions::new(game, n, grade, seed)).unwrap())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, enumerate_boards, minimise_all, generate_puzzles);
criterion_main!(benches);
