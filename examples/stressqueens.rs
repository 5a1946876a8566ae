//! Development tool: re-captures every labelled real Queens screenshot at lower resolutions
//! and as JPEG, and checks the reader still reads each exactly (a proxy for capture styles the
//! sample does not hold). `cargo run --release --example stressqueens` (env `SCALES=1.0,0.5`,
//! `QUALITIES=0,70` where 0 means no JPEG, `SAVE_MISSES=DIR`, `HOVER=K` darkens every K-th
//! cell the way a hover does)
use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use rayon::prelude::*;
use snapsolve::format;
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::queens::{QueensReadOptions, read_queens};
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/realshots");
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("manifest");
    let rows: Vec<(String, String)> = manifest
        .lines()
        .skip(1)
        .filter_map(|l| {
            let v: Vec<&str> = l.split('\t').collect();
            (!v[0].starts_with("labels/")).then(|| (v[0].to_string(), v[2].to_string()))
        })
        .collect();
    let scales: Vec<f32> = std::env::var("SCALES")
        .unwrap_or("1.0,0.6,0.4".into())
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    let opts = QueensReadOptions::default();
    for &scale in &scales {
        let qualities: Vec<u8> = std::env::var("QUALITIES")
            .unwrap_or("0,70".into())
            .split(',')
            .filter_map(|s| s.parse().ok())
            .collect();
        for &quality in &qualities {
            let res: Vec<(String, bool)> = rows
                .par_iter()
                .map(|(file, label)| {
                    let img = decode(
                        &std::fs::read(root.join(file)).unwrap(),
                        &DecodeOptions::default(),
                    )
                    .unwrap();
                    let (w, h) = img.dimensions();
                    let mut img = if scale < 1.0 {
                        image::imageops::resize(
                            &img,
                            ((w as f32 * scale) as u32).max(1),
                            ((h as f32 * scale) as u32).max(1),
                            FilterType::Triangle,
                        )
                    } else {
                        img
                    };
                    if quality > 0 {
                        let mut buf = Vec::new();
                        JpegEncoder::new_with_quality(&mut buf, quality)
                            .encode_image(&img)
                            .unwrap();
                        img = decode(&buf, &DecodeOptions::default()).unwrap();
                    }
                    if let Some(step) = std::env::var("HOVER")
                        .ok()
                        .and_then(|v| v.parse::<usize>().ok())
                        && let Ok(r) = read_queens(&img, &opts)
                    {
                        // Simulate hovers: darken every `step`-th cell's interior by 25%.
                        let g = r.grid;
                        let step = step.max(1);
                        for cell in (step / 2..g.rows * g.cols).step_by(step) {
                            let (cx, cy) =
                                g.center(snapsolve::Pos::new(cell / g.cols, cell % g.cols));
                            let (hw, hh) = (0.42 * g.cell_w, 0.42 * g.cell_h);
                            for y in (cy - hh).max(0.0) as u32..((cy + hh) as u32).min(img.height())
                            {
                                for x in
                                    (cx - hw).max(0.0) as u32..((cx + hw) as u32).min(img.width())
                                {
                                    let p = img.get_pixel_mut(x, y);
                                    for v in p.0.iter_mut() {
                                        *v = (f32::from(*v) * 0.75) as u8;
                                    }
                                }
                            }
                        }
                    }
                    let got = read_queens(&img, &opts);
                    let ok = if file.starts_with("queens/") {
                        let text = std::fs::read_to_string(root.join(label)).unwrap();
                        let want = format::parse(&text).unwrap();
                        matches!(got, Ok(r) if r.puzzle == want)
                    } else {
                        // Negatives and Tango boards must be refused.
                        got.is_err()
                    };
                    if !ok && let Ok(dir) = std::env::var("SAVE_MISSES") {
                        let name = file.rsplit('/').next().unwrap_or(file);
                        let _ = img.save(format!("{dir}/{scale}-{quality}-{name}.png"));
                    }
                    (file.clone(), ok)
                })
                .collect();
            let good = res.iter().filter(|r| r.1).count();
            println!(
                "scale {scale} jpeg {quality}: {good}/{} right (queens exact, others refused)",
                res.len()
            );
            for (f, ok) in &res {
                if !ok {
                    println!("   miss {f}");
                }
            }
        }
    }
}
