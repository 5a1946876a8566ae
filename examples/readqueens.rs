//! Development tool: runs the Queens reader on images and prints what each stage found.
//!
//! `cargo run --release --example readqueens -- IMAGE...` (env `VERBOSE=1` for cells and the
//! region map, `DEBUG_DIR=DIR` for debug pictures and stage timings)
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::queens::color::Lab;
use snapsolve::vision::queens::{QueensReadOptions, locate, read_queens, regions, sample};
use std::time::Instant;

const DOC_PALETTE: [&str; 16] = [
    "DFDFDF", "96BEFF", "FAA889", "FF7B60", "B3DFA0", "FFC992", "5BBA6F", "95CBCF", "FE93F1",
    "91F5AD", "DFA0BF", "BBA3E2", "B9B29E", "C9C9EE", "E6F388", "55EBE2",
];

fn main() {
    let verbose = std::env::var("VERBOSE").is_ok();
    let pal: Vec<Lab> = DOC_PALETTE
        .iter()
        .filter_map(|h| Lab::from_hex(h))
        .collect();
    let opts = QueensReadOptions::default();
    for path in std::env::args().skip(1) {
        let name = path.rsplit('/').next().unwrap_or(&path).to_string();
        let Ok(bytes) = std::fs::read(&path) else {
            println!("{name}: unreadable");
            continue;
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
        let loc = locate::locate_explained(&img, &opts.locate);
        let t2 = Instant::now();
        let l = match loc {
            Ok(l) => l,
            Err(e) => {
                println!(
                    "{name}: no board ({e}) decode={:?} locate={:?}",
                    t1 - t0,
                    t2 - t1
                );
                continue;
            }
        };
        let s = sample::sample(&img, &l.grid, &opts.sample);
        let t3 = Instant::now();
        let r = regions::regions(&s, &opts.regions);
        let t4 = Instant::now();
        println!(
            "{name}: n={} left={:.1} top={:.1} pitch={:.2}x{:.2} seen={:.2} err={:.3} borders={:?} decode={:?} locate={:?} sample={:?} regions={:?}",
            l.grid.rows,
            l.grid.left,
            l.grid.top,
            l.grid.cell_w,
            l.grid.cell_h,
            l.seen,
            l.lattice_error,
            r.border_levels,
            t1 - t0,
            t2 - t1,
            t3 - t2,
            t4 - t3
        );
        let mut far = Vec::new();
        for c in &r.colours {
            let d = pal.iter().map(|p| p.delta_e(*c)).fold(f32::MAX, f32::min);
            far.push(format!("({:.0},{:.0},{:.0})d{:.1}", c.l, c.a, c.b, d));
        }
        println!("  regions: {}", far.join(" "));
        let v = snapsolve::vision::queens::check::check(&img, &l, &s, &opts.check);
        println!(
            "  check: score {:.2} lines {:.2} colours {} blank {:.2}",
            v.score, v.lines, v.colours, v.blank
        );
        if verbose {
            for r in 0..s.n {
                let row: Vec<String> = (0..s.n)
                    .map(|c| {
                        let x = s.cells[r * s.n + c].colour;
                        format!("({:.0},{:.0},{:.0})", x.l, x.a, x.b)
                    })
                    .collect();
                println!("  colours r{}: {}", r + 1, row.join(" "));
            }
            for r in 0..s.n {
                let right: Vec<String> = (0..s.n - 1)
                    .map(|c| format!("{:.2}", s.right[r * (s.n - 1) + c]))
                    .collect();
                println!("  right r{}: {}", r + 1, right.join(" "));
            }
            for r in 0..s.n - 1 {
                let down: Vec<String> = (0..s.n)
                    .map(|c| format!("{:.2}", s.down[r * s.n + c]))
                    .collect();
                println!("  down r{}/{}: {}", r + 1, r + 2, down.join(" "));
            }
            for (i, c) in s.cells.iter().enumerate() {
                if c.reddened > 0.0 || c.spread >= 10.0 {
                    println!(
                        "  cell r{}c{} spread {:.1} reddened {:.2}",
                        i / l.grid.cols + 1,
                        i % l.grid.cols + 1,
                        c.spread,
                        c.reddened
                    );
                }
            }
            for (i, c) in s.cells.iter().enumerate() {
                if c.glyph.coverage > 0.0 {
                    println!(
                        "  cell {},{} glyph cov={:.3} w={:.2} h={:.2} col=({:.0},{:.0},{:.0}) spread={:.1}",
                        i / l.grid.rows,
                        i % l.grid.rows,
                        c.glyph.coverage,
                        c.glyph.width,
                        c.glyph.height,
                        c.glyph.colour.l,
                        c.glyph.colour.a,
                        c.glyph.colour.b,
                        c.spread
                    );
                }
            }
        }
        if let Ok(dir) = std::env::var("DEBUG_DIR") {
            let (_, trace) = snapsolve::vision::queens::read_queens_traced(&img, &opts);
            let pic = snapsolve::vision::queens::debug::render(&img, &trace);
            let _ = pic.save(format!("{dir}/{name}.debug.png"));
            println!("  timings {:?}", trace.timings);
        }
        match read_queens(&img, &opts) {
            Ok(rd) => {
                println!(
                    "  placed {} doubts {:?} min_conf {:.2} theme {:?}",
                    rd.placed.len(),
                    rd.doubts,
                    rd.min_confidence,
                    rd.theme
                );
                if verbose {
                    let cells = |v: &[snapsolve::puzzle::Pos]| {
                        v.iter()
                            .map(|p| p.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    println!(
                        "  red stripes {} overlay {} striped [{}] walled [{}] misread [{}]",
                        rd.red_stripes,
                        rd.overlay_seen,
                        cells(&rd.striped),
                        cells(&rd.striped_walled),
                        cells(&rd.misread_regions)
                    );
                    print!("{}", snapsolve::format::print(&rd.puzzle));
                }
            }
            Err(e) => println!("  {e}"),
        }
    }
}
