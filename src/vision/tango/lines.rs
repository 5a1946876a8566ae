//! Stage 2a (Tango locator): the grey working image, its ridge masks (thin straight lines) and
//! the long ridge runs that become line candidates.

use super::locate::TangoLocateOptions;
use crate::vision::pixel::luma_256;
use image::RgbImage;

/// A grey working copy of the image.
#[derive(Clone, Debug)]
pub struct WorkImage {
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
    /// Downscale factor from the original.
    pub scale: u32,
    /// Grey levels, row-major.
    pub px: Vec<u8>,
}

impl WorkImage {
    /// Box-downscales the luma of `img` by the smallest integer factor that brings the longer side
    /// to at most `max_side` (from a factor of 4, every other row and column of each block).
    pub fn new(img: &RgbImage, max_side: u32) -> WorkImage {
        let (w0, h0) = img.dimensions();
        let scale = w0.max(h0).div_ceil(max_side.max(1)).max(1);
        let w = (w0 / scale) as usize;
        let h = (h0 / scale) as usize;
        let s = scale as usize;
        let raw = img.as_raw();
        let stride = w0 as usize * 3;
        let mut px = vec![0u8; w * h];
        if s == 1 {
            for (o, p) in px.iter_mut().zip(raw.chunks_exact(3)) {
                *o = (luma_256(p[0], p[1], p[2]) >> 8) as u8;
            }
            return WorkImage { w, h, scale, px };
        }
        if s == 2 {
            // The common case (1280x720 pages), without the generic block loops.
            for y in 0..h {
                let r0 = &raw[2 * y * stride..][..w * 6];
                let r1 = &raw[(2 * y + 1) * stride..][..w * 6];
                for (o, (a, b)) in px[y * w..(y + 1) * w]
                    .iter_mut()
                    .zip(r0.chunks_exact(6).zip(r1.chunks_exact(6)))
                {
                    let sum = luma_256(a[0], a[1], a[2])
                        + luma_256(a[3], a[4], a[5])
                        + luma_256(b[0], b[1], b[2])
                        + luma_256(b[3], b[4], b[5]);
                    *o = (sum >> 10) as u8;
                }
            }
            return WorkImage { w, h, scale, px };
        }
        // Large factors come from high-density screens whose lines are several pixels wide:
        // every other row and column of each block is enough there.
        let sub = if s >= 4 { 2 } else { 1 };
        let per = s.div_ceil(sub);
        let n = (per * per) as u32 * 256;
        let mut acc = vec![0u32; w];
        for y in 0..h {
            acc.iter_mut().for_each(|a| *a = 0);
            for dy in (0..s).step_by(sub) {
                let row = &raw[(y * s + dy) * stride..][..w * s * 3];
                for (a, block) in acc.iter_mut().zip(row.chunks_exact(3 * s)) {
                    *a += block
                        .chunks_exact(3)
                        .step_by(sub)
                        .map(|p| luma_256(p[0], p[1], p[2]))
                        .sum::<u32>();
                }
            }
            for (o, a) in px[y * w..(y + 1) * w].iter_mut().zip(&acc) {
                *o = (a / n).min(255) as u8;
            }
        }
        WorkImage { w, h, scale, px }
    }
    /// Working coordinate -> original pixel coordinate.
    pub fn to_orig(&self, v: f32) -> f32 {
        (v + 0.5) * self.scale as f32 - 0.5
    }
}

/// Ridge masks: `v[i]` marks pixels of vertical lines, `h[i]` of horizontal lines.
#[derive(Clone, Debug)]
pub struct Ridges {
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
    /// Vertical-line pixels.
    pub v: Vec<bool>,
    /// Horizontal-line pixels.
    pub hz: Vec<bool>,
    /// Column prefix sums of `v` dilated by one pixel across: `vcum[y * w + x]` counts rows
    /// `0..y` of column `x` (size `(h + 1) * w`).
    pub(super) vcum: Vec<u32>,
    /// Row prefix sums of `hz` dilated by one pixel across: `hcum[y * (w + 1) + x]` counts
    /// columns `0..x` of row `y`.
    pub(super) hcum: Vec<u32>,
}

/// Computes the ridge masks of the working image.
pub fn ridges(work: &WorkImage, opts: &TangoLocateOptions) -> Ridges {
    let (w, h) = (work.w, work.h);
    let mut v = vec![false; w * h];
    let mut hz = vec![false; w * h];
    let t = opts.ridge_contrast;
    let ts = opts.step_contrast;
    let ks = opts.ridge_reach[0];
    let px = &work.px;
    // A line pixel is darker (or lighter) than both neighbours `k` away by `t`; a step pixel
    // has neighbours `ks` away differing by `ts`.
    let ridge = |c: u8, a: u8, b: u8| -> bool {
        let (c, a, b) = (i16::from(c), i16::from(a), i16::from(b));
        (a.min(b) - c >= t) | (c - a.max(b) >= t)
    };
    let step = |a: u8, b: u8| -> bool { (i16::from(a) - i16::from(b)).abs() >= ts };
    for y in 0..h {
        let row = &px[y * w..(y + 1) * w];
        let out = &mut v[y * w..(y + 1) * w];
        if w > 2 * ks {
            for (o, (&a, &b)) in out[ks..w - ks]
                .iter_mut()
                .zip(row[..w - 2 * ks].iter().zip(&row[2 * ks..]))
            {
                *o |= step(a, b);
            }
        }
        for &k in &opts.ridge_reach {
            if w > 2 * k {
                for ((o, &c), (&a, &b)) in out[k..w - k]
                    .iter_mut()
                    .zip(&row[k..w - k])
                    .zip(row[..w - 2 * k].iter().zip(&row[2 * k..]))
                {
                    *o |= ridge(c, a, b);
                }
            }
        }
    }
    for y in 0..h {
        let out = &mut hz[y * w..(y + 1) * w];
        let row = &px[y * w..(y + 1) * w];
        if y >= ks && y + ks < h {
            let up = &px[(y - ks) * w..(y - ks + 1) * w];
            let dn = &px[(y + ks) * w..(y + ks + 1) * w];
            for (o, (&a, &b)) in out.iter_mut().zip(up.iter().zip(dn)) {
                *o |= step(a, b);
            }
        }
        for &k in &opts.ridge_reach {
            if y >= k && y + k < h {
                let up = &px[(y - k) * w..(y - k + 1) * w];
                let dn = &px[(y + k) * w..(y + k + 1) * w];
                for ((o, &c), (&a, &b)) in out.iter_mut().zip(row).zip(up.iter().zip(dn)) {
                    *o |= ridge(c, a, b);
                }
            }
        }
    }
    // Prefix sums for O(1) line coverage with a +-1 px tolerance across the line.
    let mut vcum = vec![0u32; (h + 1) * w];
    for y in 0..h {
        for x in 0..w {
            let hit =
                v[y * w + x] || (x > 0 && v[y * w + x - 1]) || (x + 1 < w && v[y * w + x + 1]);
            vcum[(y + 1) * w + x] = vcum[y * w + x] + u32::from(hit);
        }
    }
    let mut hcum = vec![0u32; h * (w + 1)];
    for y in 0..h {
        for x in 0..w {
            let hit = hz[y * w + x]
                || (y > 0 && hz[(y - 1) * w + x])
                || (y + 1 < h && hz[(y + 1) * w + x]);
            hcum[y * (w + 1) + x + 1] = hcum[y * (w + 1) + x] + u32::from(hit);
        }
    }
    Ridges {
        w,
        h,
        v,
        hz,
        vcum,
        hcum,
    }
}

/// A straight line candidate: `pos` across, `[start, end]` along (working pixels).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// Position across the line (x for vertical lines).
    pub pos: f32,
    /// First pixel along the line.
    pub start: f32,
    /// Last pixel along the line.
    pub end: f32,
}

impl Line {
    pub(super) fn len(&self) -> f32 {
        self.end - self.start
    }
}

/// Long runs of a mask along one direction. `get(a, t)` reads line `a` at position `t`.
pub(super) fn line_candidates(
    n_lines: usize,
    n_along: usize,
    get: impl Fn(usize, usize) -> bool,
    opts: &TangoLocateOptions,
) -> Vec<Line> {
    let mut per_line: Vec<Vec<(usize, usize)>> = Vec::with_capacity(n_lines);
    for a in 0..n_lines {
        // Runs with small gaps.
        let mut runs: Vec<(usize, usize)> = Vec::new();
        let mut cur: Option<(usize, usize)> = None;
        for t in 0..n_along {
            if get(a, t) {
                cur = match cur {
                    Some((s, e)) if t - e <= opts.run_gap + 1 => Some((s, t)),
                    Some(r) => {
                        runs.push(r);
                        Some((t, t))
                    }
                    None => Some((t, t)),
                };
            }
        }
        if let Some(r) = cur {
            runs.push(r);
        }
        runs.retain(|&(s, e)| e - s >= opts.min_run);
        // Chain runs across gaps that are short compared with the runs.
        let mut chained: Vec<(usize, usize)> = Vec::new();
        for r in runs {
            if let Some(last) = chained.last_mut() {
                let gap = (r.0 - last.1) as f32;
                let shorter = (r.1 - r.0).min(last.1 - last.0) as f32;
                if gap <= opts.chain_gap_frac * shorter {
                    last.1 = r.1;
                    continue;
                }
            }
            chained.push(r);
        }
        chained.retain(|&(s, e)| e - s >= opts.min_line_len);
        per_line.push(chained);
    }
    // Merge adjacent parallel runs (a line 2-3 px thick fires on several columns).
    let mut out: Vec<Line> = Vec::new();
    let mut open: Vec<(Line, f32, usize)> = Vec::new(); // (line, weight, last index)
    for (a, runs) in per_line.iter().enumerate() {
        let mut next_open = Vec::new();
        let mut used = vec![false; open.len()];
        for &(s, e) in runs {
            let (s, e) = (s as f32, e as f32);
            let mut merged = false;
            for (i, (l, wgt, last)) in open.iter().enumerate() {
                if used[i] || *last + 1 != a {
                    continue;
                }
                let ov = l.end.min(e) - l.start.max(s);
                if ov > 0.5 * (l.len().min(e - s)) {
                    let nw = wgt + 1.0;
                    let nl = Line {
                        pos: (l.pos * wgt + a as f32) / nw,
                        start: if e - s > l.len() { s } else { l.start },
                        end: if e - s > l.len() { e } else { l.end },
                    };
                    used[i] = true;
                    next_open.push((nl, nw, a));
                    merged = true;
                    break;
                }
            }
            if !merged {
                next_open.push((
                    Line {
                        pos: a as f32,
                        start: s,
                        end: e,
                    },
                    1.0,
                    a,
                ));
            }
        }
        for (i, o) in open.into_iter().enumerate() {
            if !used[i] {
                out.push(o.0);
            }
        }
        open = next_open;
    }
    out.extend(open.into_iter().map(|o| o.0));
    // Bounded work downstream: the longest lines only (noise gives thousands of short ones).
    if out.len() > opts.max_lines {
        out.sort_by(|a, b| b.len().total_cmp(&a.len()));
        out.truncate(opts.max_lines);
    }
    out
}
