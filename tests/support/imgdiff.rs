//! Image comparison for the reference-image and fixture tests.
//!
//! Tolerance (documented in tests/reference/README.md): a pixel counts as different when any
//! channel differs by more than [`CHANNEL_TOLERANCE`] levels; an image passes when it has the
//! same size and at most [`MAX_DIFF_FRACTION`] of its pixels differ. This absorbs rounding
//! differences between platforms (float maths in anti-aliasing, JPEG decoders) but not a moved
//! or missing glyph: the smallest glyph drawn (a `=` marker on a 20 px cell) covers more pixels
//! than the allowance on every reference image.
#![allow(dead_code)]

use image::{Rgb, RgbImage};
use std::path::{Path, PathBuf};

/// Largest per-channel difference (0..255) that still counts as equal.
pub const CHANNEL_TOLERANCE: u8 = 24;
/// Largest share of differing pixels that still passes.
pub const MAX_DIFF_FRACTION: f64 = 0.0005;

/// Compares two images. `Err` explains the difference.
pub fn compare(expected: &RgbImage, actual: &RgbImage) -> Result<(), String> {
    if expected.dimensions() != actual.dimensions() {
        return Err(format!(
            "size differs: expected {:?}, actual {:?}",
            expected.dimensions(),
            actual.dimensions()
        ));
    }
    let mut bad = 0u64;
    let mut first = None;
    for (x, y, e) in expected.enumerate_pixels() {
        let a = actual.get_pixel(x, y);
        if e.0
            .iter()
            .zip(a.0)
            .any(|(p, q)| p.abs_diff(q) > CHANNEL_TOLERANCE)
        {
            bad += 1;
            first.get_or_insert((x, y, *e, *a));
        }
    }
    let total = expected.width() as u64 * expected.height() as u64;
    if bad as f64 > MAX_DIFF_FRACTION * total as f64 {
        let (x, y, e, a) = first.expect("a differing pixel");
        return Err(format!(
            "{bad} of {total} pixels differ (allowed {:.0}); first at ({x},{y}): expected {:?}, actual {:?}",
            MAX_DIFF_FRACTION * total as f64,
            e.0,
            a.0
        ));
    }
    Ok(())
}

/// `expected | diff | actual` side by side (diff: differing pixels red on a dimmed copy of the
/// expected image).
pub fn side_by_side(expected: &RgbImage, actual: &RgbImage) -> RgbImage {
    let w = expected.width().max(actual.width());
    let h = expected.height().max(actual.height());
    let mut out = RgbImage::from_pixel(3 * w + 8, h, Rgb([255, 0, 255]));
    for (x, y, p) in expected.enumerate_pixels() {
        out.put_pixel(x, y, *p);
        let dim = |v: u8| 128 + v / 2;
        let mut d = Rgb([dim(p[0]), dim(p[1]), dim(p[2])]);
        if let Some(a) = actual.get_pixel_checked(x, y)
            && p.0
                .iter()
                .zip(a.0)
                .any(|(u, v)| u.abs_diff(v) > CHANNEL_TOLERANCE)
        {
            d = Rgb([255, 0, 0]);
        }
        out.put_pixel(w + 4 + x, y, d);
    }
    for (x, y, p) in actual.enumerate_pixels() {
        out.put_pixel(2 * w + 8 + x, y, *p);
    }
    out
}

/// The git-ignored folder failures are written to.
pub fn failures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/failures")
}

/// Writes `tests/failures/<name>.png` (expected | diff | actual) and returns its path.
pub fn write_failure(name: &str, expected: &RgbImage, actual: &RgbImage) -> PathBuf {
    let dir = failures_dir();
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{name}.png"));
    let _ = side_by_side(expected, actual).save(&path);
    path
}
