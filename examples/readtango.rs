//! Development tool: reads a Tango screenshot and prints the puzzle, placed pieces and doubts.
//!
//! `cargo run --example readtango -- IMAGE [DEBUG_DIR]`

use snapsolve::format;
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::tango::{TangoReadOptions, read_tango};
use std::time::Instant;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or_else(|| anyhow::anyhow!("usage: readtango IMAGE [DEBUG_DIR]"))?;
    let t0 = Instant::now();
    let img = decode(&std::fs::read(&path)?, &DecodeOptions::default())?;
    let decode_ms = t0.elapsed().as_secs_f64() * 1e3;
    let opts = TangoReadOptions::default();
    let t1 = Instant::now();
    let reading = match args.next() {
        Some(dir) => {
            snapsolve::vision::debug::read_tango_debug(&img, &opts, std::path::Path::new(&dir))??
        }
        None => read_tango(&img, &opts)?,
    };
    let read_ms = t1.elapsed().as_secs_f64() * 1e3;
    print!("{}", format::print(&reading.puzzle));
    println!(
        "# grid {}x{} at ({:.1}, {:.1}) pitch {:.2}x{:.2}, {:?}",
        reading.grid.rows,
        reading.grid.cols,
        reading.grid.left,
        reading.grid.top,
        reading.grid.cell_w,
        reading.grid.cell_h,
        reading.theme
    );
    for p in &reading.placed {
        println!("# placed {p:?}");
    }
    for d in &reading.doubts {
        println!("# doubt {d:?}");
    }
    println!("# decode {decode_ms:.1} ms, read {read_ms:.1} ms");
    Ok(())
}
