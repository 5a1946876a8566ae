//! Development tool: reads a Tango screenshot and prints the puzzle, placed pieces, doubts and
//! timings.
//!
//! `cargo run --release --example readtango -- IMAGE [--debug-dir DIR] [--detail] [--repeat N] [--straighten]`
//!
//! `--detail` prints every cell and edge measurement; `--repeat N` reads N times and prints the
//! minimum and median timings; `--straighten` reads a tilted capture straightened, as the
//! pipeline does (with the slant of its edges in the options).

use snapsolve::format;
use snapsolve::vision::debug::tango_pictures;
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::tango::{TangoReadOptions, read_tango_traced};
use std::time::Instant;

/// (minimum, median).
fn stats(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[0], v[v.len() / 2])
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: readtango IMAGE [--debug-dir DIR] [--detail] [--repeat N] [--straighten]";
    let path = args.first().ok_or_else(|| anyhow::anyhow!(usage))?;
    let flag = |name: &str| args.iter().position(|a| a == name);
    let debug_dir = flag("--debug-dir").and_then(|i| args.get(i + 1));
    let detail = flag("--detail").is_some();
    let repeat: usize = match flag("--repeat") {
        Some(i) => args
            .get(i + 1)
            .ok_or_else(|| anyhow::anyhow!(usage))?
            .parse()?,
        None => 1,
    };
    let bytes = std::fs::read(path)?;
    let mut opts = TangoReadOptions::default();
    let straighten = flag("--straighten").is_some();
    let (mut dec, mut rd) = (Vec::new(), Vec::new());
    let mut reading = None;
    for _ in 0..repeat.max(1) {
        let t0 = Instant::now();
        let mut img = decode(&bytes, &DecodeOptions::default())?;
        if straighten
            && let Some(s) = snapsolve::vision::deskew::straighten(&img, &Default::default())
        {
            println!("# straightened by {:.2} degrees", s.tilt.degrees);
            opts.cut_edge_slant = s.tilt.degrees.to_radians().tan();
            img = s.image;
        }
        dec.push(t0.elapsed().as_secs_f64() * 1e3);
        let t1 = Instant::now();
        let (r, trace) = read_tango_traced(&img, &opts);
        rd.push(t1.elapsed().as_secs_f64() * 1e3);
        reading = Some((img, r, trace));
    }
    let (img, result, d) = reading.expect("at least one run");
    if let Some(dir) = debug_dir {
        tango_pictures(&img, &d).write(std::path::Path::new(dir))?;
    }
    let reading = result?;
    print!("{}", format::print(&reading.puzzle));
    let g = reading.grid;
    println!(
        "# grid {}x{} at ({:.1}, {:.1}) pitch {:.2}x{:.2}, {:?}",
        g.rows, g.cols, g.left, g.top, g.cell_w, g.cell_h, reading.theme
    );
    for p in &reading.placed {
        println!("# placed {p:?}");
    }
    for d in &reading.doubts {
        println!("# doubt {d:?}");
    }
    if detail {
        for c in &d.cells {
            println!(
                "# cell {} bg {:?} overlay {:.2}/{:04b} {:.0?} given {} ({:.2}) icon {:.2} {:?} ({:.2}) \
                 hist {:.2?} hue {:.0?} shape {:.2?} fill {:.2} luma {:.0} spill {:.2} dimmed {:.0}",
                c.pos,
                c.bg,
                c.overlay,
                c.overlay_corners,
                c.overlay_colour,
                c.given,
                c.given_conf,
                c.icon_frac,
                c.symbol,
                c.conf,
                c.hist,
                c.hue,
                c.shape,
                c.fill,
                c.icon_luma,
                c.spill,
                c.dimmed
            );
        }
        for e in d.edges.iter().filter(|e| e.contrast > 0.0) {
            println!(
                "# edge {} masked {:.2} veiled {:.2} tinted {:.2} contrast {:.0} ink chroma {:.0} \
                 shape {:.2} aspect {:.2} mid peak {:.2} glyph {:.1} px extent {:.2} off {:.2} intruder {} model {:?} {:?} ({:.2})",
                e.edge,
                e.masked,
                e.veiled,
                e.tinted,
                e.contrast,
                e.ink_chroma,
                e.stroke_ratio,
                e.aspect,
                e.mid_peak,
                e.glyph_px,
                e.extent,
                e.off_centre,
                e.intruder,
                e.glyph_p,
                e.marker,
                e.conf
            );
        }
    }
    let (dmin, dmed) = stats(dec);
    let (rmin, rmed) = stats(rd);
    println!(
        "# {}x{} px: decode {dmin:.1} / {dmed:.1} ms, locate+classify {rmin:.1} / {rmed:.1} ms \
         (min / median of {})",
        img.width(),
        img.height(),
        repeat.max(1)
    );
    Ok(())
}
