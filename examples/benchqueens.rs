//! Development tool: best-of-15 timings of decode, locate and the whole Queens read.
//! `cargo run --release --example benchqueens -- IMAGE...`
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::queens::{QueensReadOptions, locate, read_queens};
use std::time::Instant;
fn main() {
    let opts = QueensReadOptions::default();
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap();
        let mut best = [f64::MAX; 3];
        for _ in 0..15 {
            let t0 = Instant::now();
            let img = decode(&bytes, &DecodeOptions::default()).unwrap();
            let t1 = Instant::now();
            let _ = locate::locate(&img, &opts.locate);
            let t2 = Instant::now();
            let _ = read_queens(&img, &opts);
            let t3 = Instant::now();
            for (b, d) in best.iter_mut().zip([t1 - t0, t2 - t1, t3 - t2]) {
                *b = b.min(d.as_secs_f64() * 1000.0);
            }
        }
        println!(
            "{:.2} ms decode, {:.2} ms locate, {:.2} ms read_queens  {}",
            best[0],
            best[1],
            best[2],
            path.rsplit('/').next().unwrap()
        );
    }
}
