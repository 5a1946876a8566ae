//! The whole pipeline per screenshot kind, in-process, with the z3 session reused (the
//! per-thread models of [`snapsolve::solve`]): PNG bytes -> decode -> read (game cue, reader)
//! -> solve + uniqueness proof + certify -> overlay drawn in place -> PNG encoded. The images
//! are the project's own fixtures (a Tango crop, a Queens crop, a desktop page, phone frames).
//! `cargo bench --bench pipeline`; the figures and the recipe for whole-process timings are in
//! `docs/speed.md`.
//!
//! Each image also has a `read` row (decode + read only), and the Tango crop a `tango_reader`
//! row (the Tango reader alone on the decoded image).

use criterion::{Criterion, criterion_group, criterion_main};
use snapsolve::answer::{ImageOptions, draw_overlay_into, solve_image_bytes};
use snapsolve::pipeline::read_bytes;
use snapsolve::render::output::{PngCompression, encode_png};
use snapsolve::vision::decode::decode;
use snapsolve::vision::tango::read_tango_traced;
use std::hint::black_box;
use std::time::Duration;

const CASES: [(&str, &str); 5] = [
    ("tango_crop", "tango-6x6-light-none-in-progress.png"),
    ("queens_crop", "queens-9x9-dark-none-raw.png"),
    ("tango_page", "tango-6x6-light-desktop-raw.png"),
    ("tango_phone", "tango-6x6-dark-phone-raw.png"),
    ("queens_phone", "queens-9x9-dark-phone-raw.png"),
];

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// One screenshot end to end; panics unless the answer is certain.
fn whole(bytes: &[u8], opts: &ImageOptions) -> Vec<u8> {
    let (mut img, solved) = solve_image_bytes(bytes, opts).expect("read and solve");
    assert!(solved.answer().is_some(), "no certain answer");
    draw_overlay_into(&mut img, &solved).expect("overlay");
    encode_png(&img, PngCompression::Fast).expect("encode")
}

fn bench(c: &mut Criterion) {
    let opts = ImageOptions::default();
    for (id, file) in CASES {
        let bytes = fixture(file);
        // The first run builds this thread's z3 context and the board's model.
        whole(&bytes, &opts);
        let mut g = c.benchmark_group(id);
        g.bench_function("whole", |b| b.iter(|| whole(black_box(&bytes), &opts)));
        g.bench_function("read", |b| {
            b.iter(|| read_bytes(black_box(&bytes), &opts.read).expect("read"))
        });
        if id == "tango_crop" {
            let img = decode(&bytes, &opts.read.decode).expect("decode");
            g.bench_function("tango_reader", |b| {
                b.iter(|| read_tango_traced(black_box(&img), &opts.read.tango))
            });
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
