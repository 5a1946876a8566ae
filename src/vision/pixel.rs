//! Pixel sampling shared by the readers: colour at a sub-pixel position (nearest or bilinear,
//! clamped to the image) and the luma / chroma of a colour.
//!
//! Each reader keeps the sampling its thresholds were tuned with: the Tango cell reader and
//! locator take the nearest pixel ([`nearest`]), the Tango marker reader interpolates
//! ([`bilinear`]), the Queens sampler truncates towards zero ([`truncated`]).

use image::RgbImage;

/// The pixel nearest to `(x, y)` (coordinates rounded), clamped to the image.
pub fn nearest(img: &RgbImage, x: f32, y: f32) -> [f32; 3] {
    let (w, h) = img.dimensions();
    let xi = (x.round().max(0.0) as u32).min(w - 1);
    let yi = (y.round().max(0.0) as u32).min(h - 1);
    rgb_f32(img.get_pixel(xi, yi).0)
}

/// The pixel holding `(x, y)` (coordinates truncated towards zero), clamped to the image.
pub fn truncated(img: &RgbImage, x: f32, y: f32) -> [u8; 3] {
    let xi = (x.max(0.0) as u32).min(img.width() - 1);
    let yi = (y.max(0.0) as u32).min(img.height() - 1);
    img.get_pixel(xi, yi).0
}

/// Bilinear colour at a sub-pixel position, clamped to the image.
pub fn bilinear(img: &RgbImage, x: f32, y: f32) -> [f32; 3] {
    let (w, h) = img.dimensions();
    let x = x.clamp(0.0, (w - 1) as f32);
    let y = y.clamp(0.0, (h - 1) as f32);
    let (x0, y0) = (x.floor() as u32, y.floor() as u32);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let l = |xx: u32, yy: u32, k: usize| f32::from(img.get_pixel(xx, yy).0[k]);
    let mut out = [0.0f32; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let top = l(x0, y0, k) * (1.0 - fx) + l(x1, y0, k) * fx;
        let bot = l(x0, y1, k) * (1.0 - fx) + l(x1, y1, k) * fx;
        *o = top * (1.0 - fy) + bot * fy;
    }
    out
}

fn rgb_f32(p: [u8; 3]) -> [f32; 3] {
    [f32::from(p[0]), f32::from(p[1]), f32::from(p[2])]
}

/// Luma of an RGB triple (Rec. 601), 0..=255.
pub fn luma(p: [f32; 3]) -> f32 {
    0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]
}

/// Integer luma times 256 (Rec. 601 weights rounded to 77/150/29), for the per-pixel passes
/// over whole images.
pub fn luma_256(r: u8, g: u8, b: u8) -> u32 {
    77 * u32::from(r) + 150 * u32::from(g) + 29 * u32::from(b)
}

/// Chroma of an RGB triple: max - min channel.
pub fn chroma(p: [f32; 3]) -> f32 {
    p[0].max(p[1]).max(p[2]) - p[0].min(p[1]).min(p[2])
}

/// Where `p` lies against the segment from `a` to `b` (an alpha mix of the two): the largest
/// channel difference from its nearest point on the segment, and that point's share of `b`.
pub fn on_segment(p: [f32; 3], a: [f32; 3], b: [f32; 3]) -> (f32, f32) {
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let len2 = d.iter().map(|v| v * v).sum::<f32>();
    let t = if len2 > 0.0 {
        ((0..3).map(|k| (p[k] - a[k]) * d[k]).sum::<f32>() / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let dist = (0..3)
        .map(|k| (p[k] - (a[k] + t * d[k])).abs())
        .fold(0.0, f32::max);
    (dist, t)
}

/// The image's white point: the largest of the per-channel `pct` percentiles (0..=100) of
/// the channel histograms, 0..=255.
pub fn white_point(img: &RgbImage, pct: f32) -> f32 {
    // Per-channel histograms over the raw bytes; two tables a channel, alternate pixels, so
    // that runs of equal values do not wait on one counter (a phone capture is 3.6 million
    // pixels, most of them one background colour).
    let mut tables = [[0u32; 256]; 6];
    let mut pairs = img.as_raw().chunks_exact(6);
    for px in &mut pairs {
        tables[0][usize::from(px[0])] += 1;
        tables[1][usize::from(px[1])] += 1;
        tables[2][usize::from(px[2])] += 1;
        tables[3][usize::from(px[3])] += 1;
        tables[4][usize::from(px[4])] += 1;
        tables[5][usize::from(px[5])] += 1;
    }
    for (c, &v) in pairs.remainder().iter().enumerate() {
        tables[c][usize::from(v)] += 1;
    }
    let channels: [[u32; 256]; 3] =
        std::array::from_fn(|c| std::array::from_fn(|v| tables[c][v] + tables[c + 3][v]));
    highest_percentile(&channels, percentile_count(img, pct))
}

/// How many of an image's values per channel its `pct` percentile (0..=100) lies above: at
/// least 1.
fn percentile_count(img: &RgbImage, pct: f32) -> u64 {
    let total = u64::from(img.width()) * u64::from(img.height());
    ((f64::from(pct.clamp(0.0, 100.0)) / 100.0 * total as f64).ceil() as u64).max(1)
}

/// The largest over `channels` (histograms) of the first value whose cumulative count reaches
/// `need`.
fn highest_percentile(channels: &[[u32; 256]], need: u64) -> f32 {
    channels
        .iter()
        .map(|ch| {
            let mut acc = 0u64;
            ch.iter()
                .position(|&c| {
                    acc += u64::from(c);
                    acc >= need
                })
                .unwrap_or(255) as f32
        })
        .fold(0.0, f32::max)
}

/// Whether [`white_point`]`(img, pct)` is at least `level`, without the histograms: some
/// channel has fewer than the percentile's count of values under `level`. Counted 16 pixels
/// at a time into one counter per byte position (a loop the compiler vectorises), several
/// times faster than the histograms on a phone capture, where most captures end.
pub fn white_point_reaches(img: &RgbImage, pct: f32, level: f32) -> bool {
    if level <= 0.0 {
        return true;
    }
    if level > 255.0 {
        return false;
    }
    // Values under `level` are those at most `below`.
    let below = (level.ceil() - 1.0) as u8;
    let raw = img.as_raw();
    let mut lanes = [0u32; 48];
    let mut blocks = raw.chunks_exact(48);
    for block in &mut blocks {
        for (n, &v) in lanes.iter_mut().zip(block) {
            *n += u32::from(v <= below);
        }
    }
    let mut under = [0u64; 3];
    for (j, &n) in lanes.iter().enumerate() {
        under[j % 3] += u64::from(n);
    }
    // 48 is a multiple of 3: the remainder starts at a pixel's red.
    for (j, &v) in blocks.remainder().iter().enumerate() {
        under[j % 3] += u64::from(v <= below);
    }
    let need = percentile_count(img, pct);
    under.iter().any(|&n| n < need)
}

/// A copy of the image with every channel multiplied by `gain` (rounded, clamped): a contrast
/// stretch that brings a dimmed capture's white point back to white.
pub fn scaled(img: &RgbImage, gain: f32) -> RgbImage {
    let mut out = img.clone();
    let lut: Vec<u8> = (0..=255u16)
        .map(|v| (f32::from(v) * gain).round().clamp(0.0, 255.0) as u8)
        .collect();
    for v in out.iter_mut() {
        *v = lut[usize::from(*v)];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// The white point's own histograms count as imageproc's do (odd pixel counts too).
    #[test]
    fn white_point_agrees_with_imageprocs_histogram() {
        let reference = |img: &RgbImage, pct: f32| {
            let hist = imageproc::stats::histogram(img);
            highest_percentile(&hist.channels, percentile_count(img, pct))
        };
        let mut state = 12345u32;
        for (w, h) in [(1, 1), (7, 3), (31, 17), (64, 64)] {
            let img = RgbImage::from_fn(w, h, |_, _| {
                let mut next = || {
                    state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    (state >> 24) as u8
                };
                Rgb([next(), next() / 2, next() / 3 + 100])
            });
            for pct in [0.0, 50.0, 90.0, 99.0, 100.0] {
                assert_eq!(
                    white_point(&img, pct),
                    reference(&img, pct),
                    "{w}x{h} at {pct}"
                );
            }
        }
    }

    /// The quick test agrees with the white point itself at every level.
    #[test]
    fn white_point_reaches_agrees_with_white_point() {
        let mut state = 777u32;
        for (w, h) in [(1, 1), (5, 3), (16, 1), (17, 9), (40, 33)] {
            let img = RgbImage::from_fn(w, h, |_, _| {
                let mut next = || {
                    state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    (state >> 24) as u8
                };
                Rgb([next() / 2 + 128, next(), next() / 4 + 180])
            });
            for pct in [0.0, 50.0, 99.0, 100.0] {
                let wp = white_point(&img, pct);
                for level in [0.0, 1.0, 100.0, 180.5, 200.0, 235.0, 250.0, 255.0, 256.0] {
                    assert_eq!(
                        white_point_reaches(&img, pct, level),
                        wp >= level,
                        "{w}x{h} at {pct}, level {level} (white point {wp})"
                    );
                }
            }
        }
    }

    #[test]
    fn a_dimmed_image_is_stretched_back_to_white() {
        let mut img = RgbImage::from_pixel(10, 10, Rgb([255, 250, 240]));
        img.put_pixel(0, 0, Rgb([0, 0, 0]));
        let dim = scaled(&img, 0.75);
        let wp = white_point(&dim, 99.0);
        assert_eq!(wp, 191.0);
        let back = scaled(&dim, 255.0 / wp);
        // Back to white, each channel to within the rounding of the two scalings.
        let got = back.get_pixel(5, 5).0;
        for (g, w) in got.iter().zip([255u8, 250, 240]) {
            assert!(g.abs_diff(w) <= 1, "{got:?}");
        }
        assert_eq!(back.get_pixel(0, 0).0, [0, 0, 0]);
    }

    #[test]
    fn nearest_rounds_truncated_floors_bilinear_blends() {
        let mut img = RgbImage::from_pixel(2, 1, Rgb([0, 0, 0]));
        img.put_pixel(1, 0, Rgb([200, 100, 50]));
        assert_eq!(nearest(&img, 0.6, 0.0), [200.0, 100.0, 50.0]);
        assert_eq!(truncated(&img, 0.6, 0.0), [0, 0, 0]);
        assert_eq!(bilinear(&img, 0.5, 0.0), [100.0, 50.0, 25.0]);
        assert_eq!(nearest(&img, -5.0, 9.0), [0.0, 0.0, 0.0]);
    }
}
