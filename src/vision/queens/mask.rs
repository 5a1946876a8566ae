//! The Queens locator's working copy: the image's brightness (HSV value) min-pooled by an
//! integer factor, and its line mask (see [`super::locate`] for how the board is found in it).

use super::locate::QueensLocateOptions;
use image::RgbImage;

/// The min-pooled brightness working copy and its line mask.
pub(super) struct Work {
    pub(super) w: usize,
    pub(super) h: usize,
    /// Pooling factor (image pixels per working pixel).
    pub(super) k: u32,
    /// `true` for line / ink pixels.
    pub(super) line: Vec<bool>,
}

pub(super) fn work_copy(img: &RgbImage, o: &QueensLocateOptions) -> Work {
    let (iw, ih) = img.dimensions();
    let k = (iw.min(ih) / o.work_min_side.max(1)).max(1);
    let (w, h) = ((iw / k) as usize, (ih / k) as usize);
    let ku = k as usize;
    // Min-pooling reads each block's first row and first column only: any line at least one
    // pixel wide crosses one of them, and reading 2k-1 of the k*k pixels saves most of the work.
    let mut y = vec![255u8; w * h];
    let stride = iw as usize * 3;
    let raw = img.as_raw();
    for wy in 0..h {
        let out = &mut y[wy * w..(wy + 1) * w];
        let first = &raw[wy * ku * stride..wy * ku * stride + w * ku * 3];
        for (cell, block) in out.iter_mut().zip(first.chunks_exact(3 * ku)) {
            *cell = block
                .chunks_exact(3)
                .map(|p| p[0].max(p[1]).max(p[2]))
                .fold(255u8, u8::min);
        }
        for dy in 1..ku {
            let row = &raw[(wy * ku + dy) * stride..];
            for (wx, cell) in out.iter_mut().enumerate() {
                let p = &row[wx * ku * 3..wx * ku * 3 + 3];
                *cell = (*cell).min(p[0].max(p[1]).max(p[2]));
            }
        }
    }
    let mut line = line_mask(&y, w, h, o);
    if o.axis_run > 0 {
        line = axis_runs(&line, w, h, o.axis_run);
    }
    Work { w, h, k, line }
}

/// The line pixels of `line` (`w` x `h`) that lie in a horizontal or vertical run of at least
/// `run` line pixels.
fn axis_runs(line: &[bool], w: usize, h: usize, run: usize) -> Vec<bool> {
    let mut keep = vec![false; w * h];
    let mut mark = |starts: &mut dyn Iterator<Item = Vec<usize>>| {
        for idx in starts {
            let mut k = 0;
            while k < idx.len() {
                let s = k;
                while k < idx.len() && line[idx[k]] {
                    k += 1;
                }
                if k - s >= run {
                    for &i in &idx[s..k] {
                        keep[i] = true;
                    }
                }
                k += 1;
            }
        }
    };
    mark(&mut (0..h).map(|y| (0..w).map(|x| y * w + x).collect()));
    mark(&mut (0..w).map(|x| (0..h).map(|y| y * w + x).collect()));
    keep
}

/// The line mask of the pooled brightness `y` (`w` x `h`): dark pixels, ridges (clearly
/// darker than both pixels `r` away along a row or a column, `r` up to the reach) and, when
/// `shoulder_contrast` is set, shoulders (clearly darker than a pixel `r` away on one side, no
/// brighter than the next pixel on the other: the mid-grey rim of a line under a translucent
/// veil, or an antialiased line's edge).
fn line_mask(y: &[u8], w: usize, h: usize, o: &QueensLocateOptions) -> Vec<bool> {
    // Shoulders only in the second attempt: the first runs the plain ridge test, compiled
    // without them.
    if o.shoulder_contrast > 0 {
        line_mask_with::<true>(y, w, h, o)
    } else {
        ridge_mask(y, w, h, o)
    }
}

/// [`line_mask`] without shoulders, a whole row or row pair at a time (the same test as
/// `line_mask_with::<false>`, in loops the compiler vectorises): dark pixels, and pixels
/// clearly darker than both pixels `r` away along a row or a column.
fn ridge_mask(y: &[u8], w: usize, h: usize, o: &QueensLocateOptions) -> Vec<bool> {
    let reach = o.ridge_reach.max(1) as usize;
    let c = o.ridge_contrast;
    // `v < 255 - c` and both neighbours at least `v + c` (no overflow when the first holds).
    let ridge = |v: u8, a: u8, b: u8| v < 255 - c && a.min(b) >= v.saturating_add(c);
    let mut line: Vec<bool> = y.iter().map(|&v| v < o.dark_value).collect();
    for r in 1..=reach {
        if w > 2 * r {
            for (row, out) in y.chunks_exact(w).zip(line.chunks_exact_mut(w)) {
                let (left, mid, right) = (&row[..w - 2 * r], &row[r..w - r], &row[2 * r..]);
                for (((o, &v), &a), &b) in out[r..w - r].iter_mut().zip(mid).zip(left).zip(right) {
                    *o |= ridge(v, a, b);
                }
            }
        }
        for yy in r..h.saturating_sub(r) {
            let (up, mid, down) = (
                &y[(yy - r) * w..(yy - r + 1) * w],
                &y[yy * w..(yy + 1) * w],
                &y[(yy + r) * w..(yy + r + 1) * w],
            );
            let out = &mut line[yy * w..(yy + 1) * w];
            for (((o, &v), &a), &b) in out.iter_mut().zip(mid).zip(up).zip(down) {
                *o |= ridge(v, a, b);
            }
        }
    }
    line
}

fn line_mask_with<const SHOULDERS: bool>(
    y: &[u8],
    w: usize,
    h: usize,
    o: &QueensLocateOptions,
) -> Vec<bool> {
    let mut line = vec![false; w * h];
    let reach = o.ridge_reach.max(1) as usize;
    let c = o.ridge_contrast;
    let sc = o.shoulder_contrast;
    let at = |x: usize, yy: usize| y[yy * w + x];
    for yy in 0..h {
        for xx in 0..w {
            let v = at(xx, yy);
            let bright = |u: u8| u >= v.saturating_add(c) && v < 255 - c;
            let shoulder = |u: u8| u >= v.saturating_add(sc) && v < 255 - sc;
            // "No brighter" than the pixel on the other side, within the tolerance.
            let flat = v.saturating_add(o.shoulder_tolerance);
            let mut is = v < o.dark_value;
            let mut r = 1;
            while !is && r <= reach {
                if xx >= r && xx + r < w {
                    let (a, b) = (at(xx - r, yy), at(xx + r, yy));
                    is |= bright(a.min(b));
                    if SHOULDERS {
                        is |= shoulder(a) && at(xx + 1, yy) <= flat
                            || shoulder(b) && at(xx - 1, yy) <= flat;
                    }
                }
                if yy >= r && yy + r < h {
                    let (a, b) = (at(xx, yy - r), at(xx, yy + r));
                    is |= bright(a.min(b));
                    if SHOULDERS {
                        is |= shoulder(a) && at(xx, yy + 1) <= flat
                            || shoulder(b) && at(xx, yy - 1) <= flat;
                    }
                }
                r += 1;
            }
            line[yy * w + xx] = is;
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vectorised ridge test marks what the pixel-by-pixel one does.
    #[test]
    fn ridge_mask_agrees_with_the_pixel_test() {
        let mut state = 99u32;
        for (w, h) in [(1, 1), (2, 5), (5, 2), (4, 4), (37, 23), (64, 41)] {
            let y: Vec<u8> = (0..w * h)
                .map(|_| {
                    state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    // Mostly two levels apart by about the contrast, some extremes.
                    match state >> 29 {
                        0 => 0,
                        1 => 255,
                        2 | 3 => 200 + (state >> 20) as u8 % 40,
                        _ => 180 + (state >> 20) as u8 % 40,
                    }
                })
                .collect();
            for reach in 1..=3 {
                let o = QueensLocateOptions {
                    ridge_reach: reach,
                    ..QueensLocateOptions::default()
                };
                assert_eq!(
                    ridge_mask(&y, w, h, &o),
                    line_mask_with::<false>(&y, w, h, &o),
                    "{w}x{h}, reach {reach}"
                );
            }
        }
    }

    #[test]
    fn the_rim_of_a_veiled_frame_is_line() {
        // One row: page, a black frame, its mid-grey rim under a veil, then a cell.
        let y: Vec<u8> = vec![250, 250, 0, 0, 140, 232, 232, 232, 232, 232];
        let off = QueensLocateOptions::default();
        assert!(
            !line_mask(&y, y.len(), 1, &off)[4],
            "shoulders off by default"
        );
        let o = QueensLocateOptions {
            shoulder_contrast: 18,
            ..off
        };
        let line = line_mask(&y, y.len(), 1, &o);
        assert_eq!(
            line,
            vec![
                false, false, true, true, true, false, false, false, false, false
            ]
        );
    }

    #[test]
    fn a_noisy_grey_band_is_line_throughout() {
        // One row: page, a frame 4 pixels wide veiled to mid-grey with the capture's noise,
        // then a cell. Without the tolerance every other pixel of the band is lost.
        let y: Vec<u8> = vec![250, 250, 99, 101, 98, 100, 216, 216];
        let strict = QueensLocateOptions {
            shoulder_contrast: 18,
            shoulder_tolerance: 0,
            ..QueensLocateOptions::default()
        };
        let line = line_mask(&y, y.len(), 1, &strict);
        assert_eq!(&line[2..6], &[false, true, false, true]);
        let o = QueensLocateOptions {
            shoulder_tolerance: 8,
            ..strict
        };
        let line = line_mask(&y, y.len(), 1, &o);
        assert_eq!(
            line,
            vec![false, false, true, true, true, true, false, false]
        );
    }

    #[test]
    fn straight_runs_stay_and_diagonal_hatching_goes() {
        let (w, h) = (12, 12);
        let mut line = vec![false; w * h];
        for y in 0..h {
            line[y * w + 3] = true; // a grid line
            line[y * w + (y + 5) % w] = true; // a hatch line
        }
        let kept = axis_runs(&line, w, h, 5);
        for y in 0..h {
            assert!(kept[y * w + 3]);
            let x = (y + 5) % w;
            assert_eq!(kept[y * w + x], x == 3, "({x}, {y})");
        }
    }
}
