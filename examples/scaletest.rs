//! Development experiment: reads downscaled (and JPEG re-encoded) copies of the realshots
//! Tango images to see how the reader degrades on smaller captures.
//!
//! `cargo run --release --example scaletest -- FACTOR [JPEG_QUALITY]`
//!
//! With `SCALETEST_SAVE=PART`, the scaled copy of every image whose name contains `PART` is
//! written to `/tmp/scaled-<name>.png` for a closer look with `readtango --debug-dir`.
use snapsolve::format;
use snapsolve::puzzle::{Puzzle, Symbol, Tango};
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::tango::{TangoReadOptions, read_tango};

fn swapped(t: &Tango) -> Tango {
    let mut s = t.clone();
    for p in t.positions() {
        s.set_given(p, t.given(p).map(Symbol::other));
    }
    s
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let factor: f32 = args.first().map_or(Ok(0.5), |a| a.parse())?;
    let quality: Option<u8> = args.get(1).map(|a| a.parse()).transpose()?;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/realshots");
    let (mut ok, mut n) = (0, 0);
    let mut entries: Vec<_> = std::fs::read_dir(root.join("tango"))?.flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let path = e.path();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let label = std::fs::read_to_string(root.join("labels").join(format!("{stem}.txt")))?;
        let Puzzle::Tango(want) = format::parse(&label)? else {
            continue;
        };
        let img = decode(&std::fs::read(&path)?, &DecodeOptions::default())?;
        let (w, h) = img.dimensions();
        let (nw, nh) = ((w as f32 * factor) as u32, (h as f32 * factor) as u32);
        let mut small =
            image::imageops::resize(&img, nw, nh, image::imageops::FilterType::Triangle);
        if let Some(q) = quality {
            let mut buf = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut buf, q).encode_image(&small)?;
            small = decode(&buf, &DecodeOptions::default())?;
        }
        if std::env::var("SCALETEST_SAVE").is_ok_and(|v| stem.contains(&v)) {
            small.save(format!("/tmp/scaled-{stem}.png"))?;
        }
        n += 1;
        let res = read_tango(&small, &TangoReadOptions::default());
        let good = matches!(&res, Ok(r) if matches!(&r.puzzle, Puzzle::Tango(t) if *t == want || swapped(t) == want));
        ok += usize::from(good);
        if !good {
            let why = match &res {
                Ok(r) => format!(
                    "misread, {} doubts, board {}x{} {:.0} px\n{}",
                    r.doubts.len(),
                    r.grid.rows,
                    r.grid.cols,
                    r.grid.width(),
                    format::print(&r.puzzle)
                ),
                Err(e) => e.to_string(),
            };
            println!("FAIL {stem} ({nw}x{nh}): {why}");
        }
    }
    println!("factor {factor} quality {quality:?}: {ok}/{n} exact");
    Ok(())
}
