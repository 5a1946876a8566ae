//! Development tool: runs the Queens reader on images and prints what each stage found.
//!
//! `cargo run --example readqueens -- IMAGE...`
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::queens::locate::{LocateOptions, locate_explained};
use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let name = path.rsplit('/').next().unwrap_or(&path).to_string();
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                println!("{name}: {e}");
                continue;
            }
        };
        let t0 = Instant::now();
        let img = match decode(&bytes, &DecodeOptions::default()) {
            Ok(i) => i,
            Err(e) => {
                println!("{name}: {e}");
                continue;
            }
        };
        let t1 = Instant::now();
        let loc = locate_explained(&img, &LocateOptions::default());
        let t2 = Instant::now();
        match loc {
            Ok(l) => println!(
                "{name}: n={} left={:.1} top={:.1} pitch={:.2}x{:.2} seen={:.2} err={:.3} decode={:?} locate={:?}",
                l.grid.rows,
                l.grid.left,
                l.grid.top,
                l.grid.cell_w,
                l.grid.cell_h,
                l.seen,
                l.lattice_error,
                t1 - t0,
                t2 - t1
            ),
            Err(e) => println!(
                "{name}: no board ({e}) decode={:?} locate={:?}",
                t1 - t0,
                t2 - t1
            ),
        }
    }
}
