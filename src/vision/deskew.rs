//! Straightening a tilted capture before it is read: image -> [`Tilt`] (the angle of its
//! lines) -> a rotated copy whose lines are axis-aligned again.
//!
//! A screenshot of a page is never tilted, but a capture of a capture, a scan, or a photo of a
//! screen taken square-on can be, by a degree or three, and a grid tilted by 1.5 degrees moves
//! its far lines by a quarter cell: enough for both readers to refuse it or to sample the wrong
//! pixels. Every line of a page (the board's lines, text strokes, buttons, panel edges) tilts
//! by the same angle, so the angle is measured on the whole image: the strong horizontal
//! gradients of every `step`-th row (points on near-vertical lines) are projected along each
//! candidate angle, likewise the vertical gradients of every `step`-th column, and the angle
//! whose projections are sharpest (the largest sum of squared histogram bins) wins, coarse to
//! fine. An image whose sharpest angle is not clearly sharper than 0 is left as it is.
//!
//! Angles follow imageproc's `rotate_about_center`: positive is clockwise on screen.

use crate::vision::pixel::luma_256;
use image::{Rgb, RgbImage};
use imageproc::geometric_transformations::{Interpolation, rotate_about_center};

/// Options of [`measure`] and [`straighten`].
#[derive(Clone, Debug)]
pub struct DeskewOptions {
    /// Whether captures are straightened at all. Default true.
    pub enabled: bool,
    /// The largest tilt looked for, in degrees either way. Default 4.
    pub max_degrees: f32,
    /// Tilts smaller than this (degrees) are left alone: the readers take them in their
    /// stride, and a rotation blurs every line a little. Default 0.4.
    pub min_degrees: f32,
    /// The sharpest angle must score at least this many times the score of 0 degrees (the
    /// evidence that the image is tilted at all). Default 1.2.
    pub min_gain: f32,
    /// Rows (and columns) sampled for gradients: about this many, evenly spaced (every
    /// second one at most). Default 150.
    pub samples: u32,
    /// Least absolute luma difference across a line (two pixels apart) for a gradient point.
    /// Default 12.
    pub min_gradient: f32,
    /// A gradient point counts only where the cross gradient is at most this fraction of it
    /// (the point lies on a line of the direction looked for, not on a corner). Default 0.5.
    pub max_cross: f32,
    /// The search is skipped (the capture is straight) when, on a first look
    /// ([`DeskewOptions::probe_samples`]), the score at 0 degrees is at
    /// least `straight_ratio` times the score at `probe_degrees` either side. Default 0.5.
    pub probe_degrees: f32,
    /// See `probe_degrees`. Default 1.15.
    pub straight_ratio: f32,
    /// Rows (and columns) sampled for that first look. Default 24.
    pub probe_samples: u32,
    /// A gradient point weighs its luma difference, capped at this: faint long lines (the
    /// light grid of a Tango board) count as much as the strong, short edges of icons and
    /// text. Default 20.
    pub max_weight: f32,
    /// At most this many gradient points (the strongest) are projected, a work bound.
    /// Default 12000.
    pub max_points: usize,
}

impl Default for DeskewOptions {
    fn default() -> Self {
        DeskewOptions {
            enabled: true,
            max_degrees: 4.0,
            min_degrees: 0.4,
            min_gain: 1.2,
            samples: 150,
            min_gradient: 12.0,
            max_cross: 0.5,
            max_weight: 20.0,
            probe_degrees: 0.5,
            straight_ratio: 1.15,
            probe_samples: 24,
            max_points: 12_000,
        }
    }
}

/// The measured tilt of an image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tilt {
    /// The sharpest angle, degrees (positive: the content is turned clockwise).
    pub degrees: f32,
    /// Its score over the score of 0 degrees (1 when untilted).
    pub gain: f32,
}

/// A straightened copy of an image and the tilt it undid.
#[derive(Clone, Debug)]
pub struct Straightened {
    /// The image turned by `-tilt.degrees` about its centre, the uncovered corners filled with
    /// the median colour of its border.
    pub image: RgbImage,
    /// The tilt that was undone.
    pub tilt: Tilt,
}

/// A gradient point: its position and weight, on a line of one direction.
#[derive(Clone, Copy)]
struct Point {
    along: f32,
    across: f32,
    weight: f32,
}

/// Measures the tilt of `img` ([`Tilt::gain`] 1 and 0 degrees for an image with no lines).
pub fn measure(img: &RgbImage, opts: &DeskewOptions) -> Tilt {
    let straight = Tilt {
        degrees: 0.0,
        gain: 1.0,
    };
    // A straight capture is much sharper at 0 than a little either side: a first look at
    // fewer rows and columns settles it without a search.
    let quick = DeskewOptions {
        samples: opts.probe_samples,
        ..opts.clone()
    };
    let (vertical, horizontal) = gradient_points(img, &quick);
    if is_straight(&vertical, &horizontal, opts) {
        return straight;
    }
    let (vertical, horizontal) = gradient_points(img, opts);
    let score = |deg: f32| alignment(&vertical, &horizontal, deg);
    let base = score(0.0);
    if base <= 0.0 {
        return straight;
    }
    let (mut best, mut best_score) = (0.0f32, base);
    for (step, span) in [(0.25f32, opts.max_degrees), (0.05, 0.25), (0.01, 0.05)] {
        let centre = best;
        let n = (span / step).round() as i32;
        for k in -n..=n {
            let deg = centre + k as f32 * step;
            if deg.abs() > opts.max_degrees {
                continue;
            }
            let s = score(deg);
            if s > best_score {
                (best, best_score) = (deg, s);
            }
        }
    }
    Tilt {
        degrees: best,
        gain: (best_score / base) as f32,
    }
}

/// How well the points line up when the content is turned clockwise by `deg`: a clockwise turn
/// by `t` moves a vertical line to `x = x0 - y t` and a horizontal one to `y = y0 + x t`, so
/// `x + y t` and `y - x t` are constant along them.
fn alignment(vertical: &[Point], horizontal: &[Point], deg: f32) -> f64 {
    let t = deg.to_radians().tan();
    sharpness(vertical, t) + sharpness(horizontal, -t)
}

/// Whether the points line up at 0 degrees clearly better than at
/// [`DeskewOptions::probe_degrees`] either side (or there are none).
fn is_straight(vertical: &[Point], horizontal: &[Point], opts: &DeskewOptions) -> bool {
    let score = |deg: f32| alignment(vertical, horizontal, deg);
    let base = score(0.0);
    let near = score(opts.probe_degrees).max(score(-opts.probe_degrees));
    base <= 0.0 || base >= f64::from(opts.straight_ratio) * near
}

/// The straightened image when `img` is tilted by at least [`DeskewOptions::min_degrees`]
/// with clear evidence ([`DeskewOptions::min_gain`]); `None` when it is straight enough.
pub fn straighten(img: &RgbImage, opts: &DeskewOptions) -> Option<Straightened> {
    if !opts.enabled || img.width() < 16 || img.height() < 16 {
        return None;
    }
    let tilt = measure(img, opts);
    if tilt.degrees.abs() < opts.min_degrees || tilt.gain < opts.min_gain {
        return None;
    }
    Some(Straightened {
        image: turn(img, tilt),
        tilt,
    })
}

/// `img` turned back by `tilt` about its centre (bilinear), the uncovered corners filled with
/// the median colour of its border.
pub fn turn(img: &RgbImage, tilt: Tilt) -> RgbImage {
    rotate_about_center(
        img,
        -tilt.degrees.to_radians(),
        Interpolation::Bilinear,
        border_median(img),
    )
}

/// Whether the point `(x, y)` of a `w` x `h` image turned back by `degrees` ([`turn`]) shows
/// the capture, rather than the corners the turn uncovers (filled with the border's colour):
/// its source, turned about the centre, lies inside the original image.
pub fn in_capture(w: u32, h: u32, degrees: f32, x: f32, y: f32) -> bool {
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let (sin, cos) = degrees.to_radians().sin_cos();
    let (dx, dy) = (x - cx, y - cy);
    let sx = cx + cos * dx - sin * dy;
    let sy = cy + sin * dx + cos * dy;
    (0.0..=(w as f32 - 1.0)).contains(&sx) && (0.0..=(h as f32 - 1.0)).contains(&sy)
}

/// Gradient points on near-vertical lines (`along` = y, `across` = x) and on near-horizontal
/// ones (`along` = x, `across` = y), the strongest [`DeskewOptions::max_points`] of each.
fn gradient_points(img: &RgbImage, opts: &DeskewOptions) -> (Vec<Point>, Vec<Point>) {
    let (w, h) = img.dimensions();
    if w < 3 || h < 3 {
        return (Vec::new(), Vec::new());
    }
    // Integer luma (x256), in gradient units of 1/256 level.
    let raw = img.as_raw();
    let luma = |x: u32, y: u32| {
        let i = 3 * (y as usize * w as usize + x as usize);
        luma_256(raw[i], raw[i + 1], raw[i + 2]) as i32
    };
    let min_g = (opts.min_gradient * 256.0) as i32;
    let mut vertical = Vec::new();
    let row_step = (h / opts.samples.max(1)).max(2) as usize;
    for y in (1..h - 1).step_by(row_step) {
        for x in 1..w - 1 {
            let g = (luma(x + 1, y) - luma(x - 1, y)).abs();
            if g >= min_g
                && ((luma(x, y + 1) - luma(x, y - 1)).abs() as f32) <= opts.max_cross * g as f32
            {
                vertical.push(Point {
                    along: y as f32,
                    across: x as f32,
                    weight: (g as f32 / 256.0).min(opts.max_weight),
                });
            }
        }
    }
    // Columns sampled, read row by row (cache-friendly).
    let col_step = (w / opts.samples.max(1)).max(2) as usize;
    let cols: Vec<u32> = (1..w - 1).step_by(col_step).collect();
    let mut horizontal = Vec::new();
    for y in 1..h - 1 {
        for &x in &cols {
            let g = (luma(x, y + 1) - luma(x, y - 1)).abs();
            if g >= min_g
                && ((luma(x + 1, y) - luma(x - 1, y)).abs() as f32) <= opts.max_cross * g as f32
            {
                horizontal.push(Point {
                    along: x as f32,
                    across: y as f32,
                    weight: (g as f32 / 256.0).min(opts.max_weight),
                });
            }
        }
    }
    for pts in [&mut vertical, &mut horizontal] {
        if pts.len() > opts.max_points {
            pts.select_nth_unstable_by(opts.max_points, |a, b| b.weight.total_cmp(&a.weight));
            pts.truncate(opts.max_points);
        }
    }
    (vertical, horizontal)
}

/// Sum of squared bins of the histogram of `across + along * t` (1 px bins, each point split
/// linearly between its two bins), weighted: large when the points line up along `t`.
fn sharpness(points: &[Point], t: f32) -> f64 {
    if points.is_empty() {
        return 0.0;
    }
    let keys = || points.iter().map(|p| p.across + p.along * t);
    let lo = keys().fold(f32::INFINITY, f32::min).floor();
    let hi = keys().fold(f32::NEG_INFINITY, f32::max).ceil();
    let mut bins = vec![0.0f64; (hi - lo) as usize + 2];
    for p in points {
        let k = p.across + p.along * t - lo;
        let i = k as usize;
        let f = f64::from(k - i as f32);
        bins[i] += f64::from(p.weight) * (1.0 - f);
        bins[i + 1] += f64::from(p.weight) * f;
    }
    bins.iter().map(|b| b * b).sum()
}

/// The median colour of the image's outermost pixels (per channel), to fill the corners a
/// rotation uncovers.
fn border_median(img: &RgbImage) -> Rgb<u8> {
    let (w, h) = img.dimensions();
    let mut border: Vec<[u8; 3]> = Vec::new();
    for x in 0..w {
        border.push(img.get_pixel(x, 0).0);
        border.push(img.get_pixel(x, h - 1).0);
    }
    for y in 0..h {
        border.push(img.get_pixel(0, y).0);
        border.push(img.get_pixel(w - 1, y).0);
    }
    let mut out = [0u8; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let mut c: Vec<u8> = border.iter().map(|p| p[k]).collect();
        c.sort_unstable();
        *o = c[c.len() / 2];
    }
    Rgb(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A light page with a dark 6x6 grid and a few text-like strokes.
    fn page() -> RgbImage {
        let mut img = RgbImage::from_pixel(420, 360, Rgb([245, 245, 245]));
        for i in 0..=6u32 {
            for t in 0..300u32 {
                img.put_pixel(60 + i * 50, 30 + t, Rgb([60, 60, 60]));
                img.put_pixel(60 + t, 30 + i * 50, Rgb([60, 60, 60]));
            }
        }
        for k in 0..20u32 {
            for t in 0..8u32 {
                img.put_pixel(20 + k * 18, 340 + t / 2, Rgb([30, 30, 30]));
                img.put_pixel(20 + k * 18 + t, 345, Rgb([30, 30, 30]));
            }
        }
        img
    }

    fn turned(img: &RgbImage, deg: f32) -> RgbImage {
        rotate_about_center(
            img,
            deg.to_radians(),
            Interpolation::Bilinear,
            Rgb([245, 245, 245]),
        )
    }

    #[test]
    fn measures_the_tilt_of_a_turned_page() {
        let opts = DeskewOptions::default();
        let straight = measure(&page(), &opts);
        assert!(straight.degrees.abs() < 0.05, "{straight:?}");
        for deg in [-3.0f32, -1.5, 0.7, 1.5, 3.0] {
            let t = measure(&turned(&page(), deg), &opts);
            assert!((t.degrees - deg).abs() < 0.1, "{deg}: {t:?}");
            assert!(t.gain > opts.min_gain, "{deg}: {t:?}");
        }
    }

    #[test]
    fn straightens_only_a_clear_tilt() {
        let opts = DeskewOptions::default();
        assert!(straighten(&page(), &opts).is_none());
        assert!(straighten(&turned(&page(), 0.2), &opts).is_none());
        let s = straighten(&turned(&page(), 2.0), &opts).expect("tilted");
        assert_eq!(s.image.dimensions(), (420, 360));
        let after = measure(&s.image, &opts);
        assert!(after.degrees.abs() < 0.1, "{after:?}");
        // A blank image has no lines: no tilt.
        let blank = RgbImage::from_pixel(100, 80, Rgb([200, 200, 200]));
        assert_eq!(measure(&blank, &opts).degrees, 0.0);
        assert!(straighten(&blank, &opts).is_none());
        let off = DeskewOptions {
            enabled: false,
            ..opts
        };
        assert!(straighten(&turned(&page(), 2.0), &off).is_none());
    }

    #[test]
    fn documented_defaults_match() {
        crate::vision::check_documented_defaults(
            include_str!("deskew.rs"),
            "DeskewOptions",
            &format!("{:?}", DeskewOptions::default()),
        );
    }

    #[test]
    fn the_corners_a_turn_uncovers_are_not_in_the_capture() {
        // A white capture turned with black corners: white where in view, black beyond.
        let (w, h) = (200u32, 120u32);
        let white = RgbImage::from_pixel(w, h, Rgb([255, 255, 255]));
        for degrees in [3.4f32, -5.0] {
            let turned = rotate_about_center(
                &white,
                -degrees.to_radians(),
                Interpolation::Bilinear,
                Rgb([0, 0, 0]),
            );
            let (mut agree, mut uncovered) = (0, 0);
            for y in 0..h {
                for x in 0..w {
                    let v = turned.get_pixel(x, y).0[0];
                    if v != 0 && v != 255 {
                        continue; // the edge, blended
                    }
                    let seen = in_capture(w, h, degrees, x as f32, y as f32);
                    agree += usize::from(seen == (v == 255));
                    uncovered += usize::from(!seen);
                }
            }
            let total = (w * h) as usize;
            assert!(uncovered > 300, "{degrees}: {uncovered} uncovered");
            assert!(agree * 1000 >= total * 999, "{degrees}: {agree} of {total}");
        }
    }
}
