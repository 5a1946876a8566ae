//! Stage 2 (Tango): find the board and its cell lattice in a screenshot.
//!
//! The board is found from its structure, not from fixed positions or sizes:
//! 1. a grey copy of the image is box-downscaled so its longer side is at most
//!    [`LocateOptions::work_max_side`];
//! 2. thin straight lines are detected as *ridges*: a pixel darker (light mode) or lighter (dark
//!    mode) than both of its neighbours a few pixels away across the line;
//! 3. long vertical and horizontal ridge runs become line candidates;
//! 4. a family of parallel lines with the same extent and equal spacing `p = extent / n` proposes a
//!    square `n x n` lattice; every proposal is verified by the ridge coverage of all its interior
//!    lines and refined by a least-squares fit of the line positions;
//! 5. the lattice must look like Tango: its cell backgrounds are neutral (white / warm grey in
//!    light mode, near-black in dark mode), unlike Queens' coloured regions or Patches' tinted
//!    cells.
//!
//! [`tango_likeness`] exposes the final score so a caller can weigh it against the Queens locator.

use super::ReadError;
use crate::board::{Grid, Theme};
use image::RgbImage;

/// Tunables of the board locator. All lengths are in working-image pixels unless noted.
#[derive(Clone, Debug)]
pub struct LocateOptions {
    /// The image is box-downscaled by an integer factor until its longer side is at most this;
    /// the sides are tried in order until a board is found. Default `[800, 1600]`: a fast pass
    /// (1280x720 pages are halved) and, for small boards, a finer one.
    pub work_max_sides: Vec<u32>,
    /// Distances (px) at which a pixel is compared with its neighbours across a line. Two reaches
    /// catch lines 1-3 px and up to 7 px wide. Default `[2, 4]`.
    pub ridge_reach: [usize; 2],
    /// Least grey-level difference between a line pixel and both neighbours. Default 5.
    pub ridge_contrast: i16,
    /// Least grey-level step across a cell boundary without a visible line (a grey given cell
    /// next to a white one), measured at the first ridge reach. Default 8.
    pub step_contrast: i16,
    /// Largest gap (px) inside one ridge run. Default 3.
    pub run_gap: usize,
    /// Runs of one column/row are chained across a gap up to this fraction of the shorter run
    /// (markers sit on grid lines and interrupt them). Default 1.0.
    pub chain_gap_frac: f32,
    /// Shortest line candidate (px). Default 30.
    pub min_line_len: usize,
    /// Lines of one family share their start and end within this fraction of their length (and
    /// at least 3 px). Default 0.06.
    pub extent_tol_frac: f32,
    /// A line matches a lattice position within this fraction of the pitch. Default 0.08.
    pub pos_tol_frac: f32,
    /// Smallest board side in cells. Default 4.
    pub min_cells: usize,
    /// Largest board side in cells. Default 12.
    pub max_cells: usize,
    /// Only even sides (Tango needs equal suns and moons per line). Default true.
    pub even_only: bool,
    /// Smallest cell pitch in working pixels (a 6x6 board about 75 px wide). Default 12.
    pub min_pitch: f32,
    /// At least this fraction of interior lines must be found as line candidates for a family to
    /// propose a lattice. Default 0.5.
    pub min_family_support: f32,
    /// Mean ridge coverage of the interior lines a lattice needs. Default 0.5.
    pub min_coverage: f32,
    /// Every interior line of a board needs at least this ridge coverage. Default 0.3.
    pub min_line_coverage: f32,
    /// A line segment between two lattice crossings counts as present with this coverage.
    /// Default 0.5.
    pub segment_ok: f32,
    /// A board needs this fraction of its interior segments present (a lattice one cell too
    /// large misses the segments outside the board; lines between two grey givens can be
    /// invisible). Default 0.7.
    pub min_segment_frac: f32,
    /// Largest mean coverage of the interior lines just beyond the board's border (they stop
    /// at the border; a part of a larger lattice fails this). Default 0.5.
    pub max_overshoot: f32,
    /// The board is searched within this many cells around a lattice proposal (a proposal can
    /// be a part of the board or off by a cell). Default 4.
    pub extent_window: usize,
    /// A missing border line is accepted when it lies within this fraction of the pitch of the
    /// image edge (a crop without margin). Default 0.2.
    pub edge_margin: f32,
    /// Line segments are measured between lattice crossings, leaving out this fraction of the
    /// pitch at each end. Default 0.12.
    pub segment_inset: f32,
    /// Largest relative difference of horizontal and vertical pitch. Default 0.06.
    pub max_aspect_error: f32,
    /// Largest chroma (max - min of R, G, B) of a Tango cell background. Default 22.
    pub max_bg_chroma: f32,
    /// Light-mode cell backgrounds have at least this luma. Default 200.
    pub light_min_luma: f32,
    /// Dark-mode cell backgrounds have at most this luma. Default 110.
    pub dark_max_luma: f32,
    /// Least fraction of cells with a Tango-like background (one odd cell in 36 is allowed for a
    /// pointer or click ring). Default 0.95.
    pub min_tango_cells: f32,
    /// Least overall score (coverage x Tango cells) of an accepted board. Default 0.45.
    pub min_score: f32,
    /// How many of the best lattice proposals are checked in full. Default 12.
    pub max_candidates: usize,
    /// When choosing between accepted lattices, a lattice with more rows replaces the best one
    /// if it covers it to within this fraction of its own pitch. Default 0.3.
    pub pick_extent_tol: f32,
    /// ... and if the best one's pitch is an integer multiple `k` of its pitch to within this
    /// fraction of `k`. Default 0.1.
    pub pick_pitch_tol: f32,
    /// ... and, when it is finer (`k >= 2`), if its mean interior coverage is at most this much
    /// below the best one's. Default 0.1.
    pub pick_max_coverage_drop: f32,
}

impl Default for LocateOptions {
    fn default() -> Self {
        LocateOptions {
            work_max_sides: vec![800, 1600],
            ridge_reach: [2, 4],
            ridge_contrast: 5,
            step_contrast: 8,
            run_gap: 3,
            chain_gap_frac: 1.0,
            min_line_len: 30,
            extent_tol_frac: 0.06,
            pos_tol_frac: 0.08,
            min_cells: 4,
            max_cells: 12,
            even_only: true,
            min_pitch: 12.0,
            min_family_support: 0.5,
            min_coverage: 0.5,
            min_line_coverage: 0.3,
            segment_inset: 0.12,
            segment_ok: 0.5,
            edge_margin: 0.2,
            extent_window: 4,
            max_overshoot: 0.5,
            min_segment_frac: 0.7,
            max_aspect_error: 0.06,
            max_bg_chroma: 22.0,
            light_min_luma: 200.0,
            dark_max_luma: 110.0,
            min_tango_cells: 0.95,
            min_score: 0.45,
            max_candidates: 12,
            pick_extent_tol: 0.3,
            pick_pitch_tol: 0.1,
            pick_max_coverage_drop: 0.1,
        }
    }
}

/// A located Tango board.
#[derive(Clone, Debug)]
pub struct Located {
    /// The lattice in original image pixels.
    pub grid: Grid,
    /// Page theme read from the cell backgrounds.
    pub theme: Theme,
    /// Mean ridge coverage of the interior grid lines, 0..=1.
    pub coverage: f32,
    /// Fraction of cells whose background looks like a Tango cell, 0..=1.
    pub tango_cells: f32,
    /// Overall score `coverage * tango_cells`, 0..=1.
    pub score: f32,
    /// Downscale factor of the working image.
    pub scale: u32,
    /// Line candidates found (for the debug view), in original pixels: `(vertical, pos, start, end)`.
    pub lines: Vec<(bool, f32, f32, f32)>,
}

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

/// Luma times 256 (Rec. 601 weights rounded to 77/150/29).
fn luma_256(r: u8, g: u8, b: u8) -> u32 {
    77 * u32::from(r) + 150 * u32::from(g) + 29 * u32::from(b)
}

/// Luma of an RGB triple (Rec. 601), 0..=255.
pub fn luma(p: [f32; 3]) -> f32 {
    0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]
}

/// Chroma of an RGB triple: max - min channel.
pub fn chroma(p: [f32; 3]) -> f32 {
    p[0].max(p[1]).max(p[2]) - p[0].min(p[1]).min(p[2])
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
    vcum: Vec<u32>,
    /// Row prefix sums of `hz` dilated by one pixel across: `hcum[y * (w + 1) + x]` counts
    /// columns `0..x` of row `y`.
    hcum: Vec<u32>,
}

/// Computes the ridge masks of the working image.
pub fn ridges(work: &WorkImage, opts: &LocateOptions) -> Ridges {
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
    fn len(&self) -> f32 {
        self.end - self.start
    }
}

/// Long runs of a mask along one direction. `get(a, t)` reads line `a` at position `t`.
fn line_candidates(
    n_lines: usize,
    n_along: usize,
    get: impl Fn(usize, usize) -> bool,
    opts: &LocateOptions,
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
        runs.retain(|&(s, e)| e - s >= 4);
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
    out
}

/// A proposed square lattice in working pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Proposal {
    left: f32,
    top: f32,
    pitch: f32,
    n: usize,
}

/// Proposals from families of parallel lines with a common extent and equal spacing.
/// Returns `(origin across, origin along, pitch, n, support)`.
fn proposals_from(lines: &[Line], opts: &LocateOptions) -> Vec<(f32, f32, f32, usize, usize)> {
    let mut out = Vec::new();
    let mut order: Vec<usize> = (0..lines.len()).collect();
    order.sort_by(|&a, &b| lines[b].len().total_cmp(&lines[a].len()));
    let mut seen_extents: Vec<(f32, f32)> = Vec::new();
    for &ia in &order {
        let a = lines[ia];
        let tol = (opts.extent_tol_frac * a.len()).max(3.0);
        if seen_extents
            .iter()
            .any(|&(s, e)| (s - a.start).abs() <= tol && (e - a.end).abs() <= tol)
        {
            continue;
        }
        seen_extents.push((a.start, a.end));
        let fam: Vec<Line> = lines
            .iter()
            .copied()
            .filter(|l| (l.start - a.start).abs() <= tol && (l.end - a.end).abs() <= tol)
            .collect();
        if fam.len() < 2 {
            continue;
        }
        let ext = {
            let mut v: Vec<f32> = fam.iter().map(|l| l.len()).collect();
            v.sort_by(f32::total_cmp);
            v[v.len() / 2]
        };
        let start = {
            let mut v: Vec<f32> = fam.iter().map(|l| l.start).collect();
            v.sort_by(f32::total_cmp);
            v[v.len() / 2]
        };
        for n in opts.min_cells..=opts.max_cells {
            if opts.even_only && n % 2 == 1 {
                continue;
            }
            let p = ext / n as f32;
            if p < opts.min_pitch {
                continue;
            }
            let ptol = opts.pos_tol_frac * p;
            // Try every member as interior line k and count matched interior indices.
            let mut best: Option<(usize, f32)> = None;
            for m in &fam {
                for k in 1..n {
                    let origin = m.pos - k as f32 * p;
                    let mut hit = vec![false; n + 1];
                    let mut resid = 0.0;
                    for l in &fam {
                        let f = (l.pos - origin) / p;
                        let i = f.round();
                        if i < 0.0 || i > n as f32 {
                            continue;
                        }
                        let d = (f - i).abs() * p;
                        if d <= ptol {
                            hit[i as usize] = true;
                            resid += d;
                        }
                    }
                    let c = hit[1..n].iter().filter(|&&h| h).count();
                    if best.is_none_or(|(bc, br)| c > bc || (c == bc && resid < br)) {
                        best = Some((c, resid));
                        if c == n - 1 {
                            out.push((origin, start, p, n, c));
                        }
                    }
                }
            }
            if let Some((c, _)) = best
                && c < n - 1
                && c as f32 >= opts.min_family_support * (n - 1) as f32
            {
                // Re-derive the best origin for the partial match.
                let mut bo = None;
                let mut bc = 0;
                for m in &fam {
                    for k in 1..n {
                        let origin = m.pos - k as f32 * p;
                        let c = (1..n)
                            .filter(|&i| {
                                let x = origin + i as f32 * p;
                                fam.iter().any(|l| (l.pos - x).abs() <= ptol)
                            })
                            .count();
                        if c > bc {
                            bc = c;
                            bo = Some(origin);
                        }
                    }
                }
                if let Some(o) = bo {
                    out.push((o, start, p, n, bc));
                }
            }
        }
    }
    out
}

/// Fraction of positions along a line (within +-1 px across) that are ridge pixels.
fn coverage(r: &Ridges, vertical: bool, pos: f32, a: f32, b: f32) -> f32 {
    let (lim_across, lim_along) = if vertical { (r.w, r.h) } else { (r.h, r.w) };
    let p = pos.round() as i64;
    let a = a.max(0.0).round() as i64;
    let b = (b.round() as i64).min(lim_along as i64 - 1);
    if b <= a || p < 0 || p >= lim_across as i64 {
        return 0.0;
    }
    let (p, a, b) = (p as usize, a as usize, b as usize);
    let hit = if vertical {
        r.vcum[(b + 1) * r.w + p] - r.vcum[a * r.w + p]
    } else {
        r.hcum[p * (r.w + 1) + b + 1] - r.hcum[p * (r.w + 1) + a]
    };
    hit as f32 / (b - a + 1) as f32
}

/// Verifies a proposal against the ridge masks and refines it. Returns the refined lattice
/// `(left, top, pitch_x, pitch_y, n)` and the mean interior coverage.
fn refine(r: &Ridges, pr: Proposal, opts: &LocateOptions) -> Option<((f32, f32, f32, f32), f32)> {
    let n = pr.n;
    let p = pr.pitch;
    let search = (opts.pos_tol_frac * p).ceil().max(1.0) as i64;
    let fit = |vertical: bool, origin: f32, a: f32, b: f32| -> Option<(f32, f32, f32)> {
        // Skip the ends of each line, where the perpendicular border runs.
        let (a, b) = (a + 0.1 * p, b - 0.1 * p);
        let mut pts = Vec::new();
        let mut covs = 0.0;
        for i in 1..n {
            let x0 = origin + i as f32 * p;
            let cs: Vec<(f32, f32)> = (-search..=search)
                .map(|d| {
                    let x = x0 + d as f32;
                    (x, coverage(r, vertical, x, a, b))
                })
                .collect();
            let best = plateau_centre(&cs);
            covs += best.0;
            if best.0 >= opts.min_coverage * 0.8 {
                pts.push((i as f32, best.1));
            }
        }
        if pts.len() < 2 {
            return None;
        }
        // Least squares x = o + i * q.
        let m = pts.len() as f32;
        let si: f32 = pts.iter().map(|p| p.0).sum();
        let sx: f32 = pts.iter().map(|p| p.1).sum();
        let sii: f32 = pts.iter().map(|p| p.0 * p.0).sum();
        let six: f32 = pts.iter().map(|p| p.0 * p.1).sum();
        let den = m * sii - si * si;
        if den.abs() < 1e-6 {
            return None;
        }
        let q = (m * six - si * sx) / den;
        let o = (sx - q * si) / m;
        Some((o, q, covs / (n - 1) as f32))
    };
    let (ox, qx, cx) = fit(true, pr.left, pr.top, pr.top + n as f32 * p)?;
    let (oy, qy, cy) = fit(false, pr.top, pr.left, pr.left + n as f32 * p)?;
    if (qx - qy).abs() > opts.max_aspect_error * qx.max(qy) || qx < opts.min_pitch {
        return None;
    }
    if (qx - p).abs() > 0.15 * p {
        return None;
    }
    Some(((ox, oy, qx, qy), (cx + cy) / 2.0))
}

/// Finds the board's extent on a fitted lattice phase: the largest allowed `n x n` block of
/// lattice cells whose interior line segments are covered by ridges. Returns the block's first
/// refitted `(left, top, pitch_x, pitch_y)`, `n` and the mean interior coverage.
fn extent(
    r: &Ridges,
    (ox, oy, qx, qy): (f32, f32, f32, f32),
    n_prop: usize,
    opts: &LocateOptions,
) -> Option<(f32, f32, f32, f32, usize, f32)> {
    // Lattice line indices near the proposal (which spans indices 0..=n_prop) that fall inside
    // the image (plus one outside, for borders at the image edge).
    let wdw = opts.extent_window as i64;
    let i_lo = ((-ox / qx).ceil() as i64 - 1).max(-wdw);
    let i_hi = (((r.w as f32 - 1.0 - ox) / qx).floor() as i64 + 1).min(n_prop as i64 + wdw);
    let j_lo = ((-oy / qy).ceil() as i64 - 1).max(-wdw);
    let j_hi = (((r.h as f32 - 1.0 - oy) / qy).floor() as i64 + 1).min(n_prop as i64 + wdw);
    let ni = (i_hi - i_lo + 1).max(0) as usize;
    let nj = (j_hi - j_lo + 1).max(0) as usize;
    if ni < 3 || nj < 3 {
        return None;
    }
    let search = (opts.pos_tol_frac * qx).ceil().max(1.0) as i64;
    // Each lattice line at its best position near the nominal one (the fit is not exact).
    let snap = |vertical: bool, nominal: f32| -> f32 {
        let len = if vertical { r.h } else { r.w };
        let cs: Vec<(f32, f32)> = (-search..=search)
            .map(|d| {
                let p = nominal + d as f32;
                (p, coverage(r, vertical, p, 0.0, len as f32 - 1.0))
            })
            .collect();
        plateau_centre(&cs).1
    };
    let xs: Vec<f32> = (0..ni)
        .map(|i| snap(true, ox + (i as i64 + i_lo) as f32 * qx))
        .collect();
    let ys: Vec<f32> = (0..nj)
        .map(|j| snap(false, oy + (j as i64 + j_lo) as f32 * qy))
        .collect();
    let inset = opts.segment_inset;
    // v[i][j]: coverage of vertical line i between horizontal lines j and j+1.
    let mut v = vec![vec![0.0f32; nj - 1]; ni];
    for (i, row) in v.iter_mut().enumerate() {
        for (j, c) in row.iter_mut().enumerate() {
            *c = coverage(r, true, xs[i], ys[j] + inset * qy, ys[j + 1] - inset * qy);
        }
    }
    let mut hz = vec![vec![0.0f32; ni - 1]; nj];
    for (j, row) in hz.iter_mut().enumerate() {
        for (i, c) in row.iter_mut().enumerate() {
            *c = coverage(r, false, ys[j], xs[i] + inset * qx, xs[i + 1] - inset * qx);
        }
    }
    let mut best: Option<(usize, usize, usize, f32)> = None;
    for n in (opts.min_cells..=opts.max_cells).rev() {
        if opts.even_only && n % 2 == 1 {
            continue;
        }
        if n + 1 > ni || n + 1 > nj {
            continue;
        }
        for i0 in 0..=(ni - n - 1) {
            for j0 in 0..=(nj - n - 1) {
                let mut sum = 0.0;
                let mut worst_line = f32::MAX;
                let mut seg_ok = 0usize;
                for k in 1..n {
                    for b in 0..n {
                        seg_ok += usize::from(v[i0 + k][j0 + b] >= opts.segment_ok)
                            + usize::from(hz[j0 + k][i0 + b] >= opts.segment_ok);
                    }
                    let lv: f32 = (0..n).map(|b| v[i0 + k][j0 + b]).sum::<f32>() / n as f32;
                    let lh: f32 = (0..n).map(|b| hz[j0 + k][i0 + b]).sum::<f32>() / n as f32;
                    worst_line = worst_line.min(lv).min(lh);
                    sum += lv + lh;
                }
                let mean = sum / (2 * (n - 1)) as f32;
                let seg_frac = seg_ok as f32 / (2 * n * (n - 1)) as f32;
                // The board is enclosed: each border line is present or at the image edge.
                let at_edge = |p: f32, lim: usize| {
                    p.abs() <= opts.edge_margin * qx
                        || (p - (lim as f32 - 1.0)).abs() <= opts.edge_margin * qx
                };
                let border_ok = [0, n].iter().all(|&k| {
                    let cv = (0..n).map(|b| v[i0 + k][j0 + b]).sum::<f32>() / n as f32;
                    let ch = (0..n).map(|b| hz[j0 + k][i0 + b]).sum::<f32>() / n as f32;
                    (cv >= opts.segment_ok || at_edge(xs[i0 + k], r.w))
                        && (ch >= opts.segment_ok || at_edge(ys[j0 + k], r.h))
                });
                // Interior lines end at the border: a block inside a larger lattice has interior
                // lines running on past its border.
                let mut over = 0.0;
                for k in 1..n {
                    for (bj, bi) in [(j0.wrapping_sub(1), i0.wrapping_sub(1)), (j0 + n, i0 + n)] {
                        over += v[i0 + k].get(bj).copied().unwrap_or(0.0);
                        over += hz[j0 + k].get(bi).copied().unwrap_or(0.0);
                    }
                }
                let overshoot = over / (4 * (n - 1)) as f32;
                if mean < opts.min_coverage
                    || worst_line < opts.min_line_coverage
                    || seg_frac < opts.min_segment_frac
                    || !border_ok
                    || overshoot > opts.max_overshoot
                {
                    continue;
                }
                if best.is_none_or(|b| mean > b.3) {
                    best = Some((i0, j0, n, mean));
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    let (i0, j0, n, mean) = best?;
    // Refit origin and pitch on the block's lines that are present (borders may be missing at
    // the image edge).
    let fit = |pos: &[f32], present: &dyn Fn(usize) -> bool| -> Option<(f32, f32)> {
        let pts: Vec<(f32, f32)> = (0..=n)
            .filter(|&k| present(k))
            .map(|k| (k as f32, pos[k]))
            .collect();
        least_squares(&pts)
    };
    let vx = |k: usize| (0..n).map(|b| v[i0 + k][j0 + b]).sum::<f32>() / n as f32;
    let hy = |k: usize| (0..n).map(|b| hz[j0 + k][i0 + b]).sum::<f32>() / n as f32;
    let (lx, px) = fit(&xs[i0..], &|k| vx(k) >= opts.segment_ok)?;
    let (ly, py) = fit(&ys[j0..], &|k| hy(k) >= opts.segment_ok)?;
    Some((lx, ly, px, py, n, mean))
}

/// The best coverage among `(position, coverage)` samples and the centre of the positions that
/// reach it (a line several pixels wide gives a plateau; its middle is the line's centre).
fn plateau_centre(cs: &[(f32, f32)]) -> (f32, f32) {
    let max = cs.iter().map(|c| c.1).fold(0.0f32, f32::max);
    let (mut sum, mut k) = (0.0, 0.0);
    for &(p, c) in cs {
        if c >= max - 0.02 {
            sum += p;
            k += 1.0;
        }
    }
    if k == 0.0 {
        return (0.0, cs.first().map_or(0.0, |c| c.0));
    }
    (max, sum / k)
}

/// Least-squares line `v = o + k * q` through `(k, v)` points: `(o, q)`.
fn least_squares(pts: &[(f32, f32)]) -> Option<(f32, f32)> {
    if pts.len() < 2 {
        return None;
    }
    let m = pts.len() as f32;
    let si: f32 = pts.iter().map(|p| p.0).sum();
    let sx: f32 = pts.iter().map(|p| p.1).sum();
    let sii: f32 = pts.iter().map(|p| p.0 * p.0).sum();
    let six: f32 = pts.iter().map(|p| p.0 * p.1).sum();
    let den = m * sii - si * si;
    if den.abs() < 1e-6 {
        return None;
    }
    let q = (m * six - si * sx) / den;
    Some(((sx - q * si) / m, q))
}

/// Mean colour of a few pixels near each corner of a cell (away from the icon in the middle and
/// the markers at edge midpoints). Returns the per-channel median of the corner patches.
pub fn cell_background(img: &RgbImage, grid: &Grid, row: usize, col: usize) -> [f32; 3] {
    cell_background_ex(img, grid, row, col).0
}

/// [`cell_background`] and the fraction of strongly coloured samples (an overlay such as the
/// red stripes over rule-breaking cells hides whether the cell is grey or white).
pub fn cell_background_ex(img: &RgbImage, grid: &Grid, row: usize, col: usize) -> ([f32; 3], f32) {
    let x0 = grid.left + col as f32 * grid.cell_w;
    let y0 = grid.top + row as f32 * grid.cell_h;
    let mut samples: Vec<[f32; 3]> = Vec::with_capacity(36);
    for &(fx, fy) in &[(0.0f32, 0.0f32), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
        for &a in &[0.1f32, 0.15, 0.2] {
            for &b in &[0.1f32, 0.15, 0.2] {
                let u = if fx == 0.0 { a } else { 1.0 - a };
                let v = if fy == 0.0 { b } else { 1.0 - b };
                samples.push(pixel(img, x0 + u * grid.cell_w, y0 + v * grid.cell_h));
            }
        }
    }
    // Ignore strongly coloured samples (red stripes over cells that break a rule) when enough
    // neutral ones remain.
    let neutral: Vec<[f32; 3]> = samples
        .iter()
        .copied()
        .filter(|&p| chroma(p) <= NEUTRAL_CHROMA)
        .collect();
    let coloured = 1.0 - neutral.len() as f32 / samples.len() as f32;
    if neutral.len() * 4 >= samples.len() {
        let mut neutral = neutral;
        return (median3(&mut neutral), coloured);
    }
    (median3(&mut samples), coloured)
}

/// Chroma below which a background sample counts as neutral in [`cell_background`] (the
/// stripes LinkedIn draws over rule-breaking cells are far above; cell tints of other games
/// cover the whole cell, so they are kept).
pub const NEUTRAL_CHROMA: f32 = 40.0;

/// Per-channel median.
pub fn median3(s: &mut [[f32; 3]]) -> [f32; 3] {
    let mut out = [0.0; 3];
    for (k, o) in out.iter_mut().enumerate() {
        let mut v: Vec<f32> = s.iter().map(|p| p[k]).collect();
        v.sort_by(f32::total_cmp);
        *o = if v.is_empty() { 0.0 } else { v[v.len() / 2] };
    }
    out
}

/// The pixel nearest to `(x, y)`, clamped to the image.
pub fn pixel(img: &RgbImage, x: f32, y: f32) -> [f32; 3] {
    let (w, h) = img.dimensions();
    let xi = (x.round().max(0.0) as u32).min(w - 1);
    let yi = (y.round().max(0.0) as u32).min(h - 1);
    let p = img.get_pixel(xi, yi).0;
    [f32::from(p[0]), f32::from(p[1]), f32::from(p[2])]
}

/// Judges the cell backgrounds of a lattice: `(fraction of Tango-like cells, theme)`.
pub fn tango_cells(img: &RgbImage, grid: &Grid, opts: &LocateOptions) -> (f32, Theme) {
    let mut bgs = Vec::with_capacity(grid.rows * grid.cols);
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            bgs.push(cell_background(img, grid, r, c));
        }
    }
    let mut lumas: Vec<f32> = bgs.iter().map(|&p| luma(p)).collect();
    lumas.sort_by(f32::total_cmp);
    let med = lumas[lumas.len() / 2];
    let theme = if med >= 128.0 {
        Theme::Light
    } else {
        Theme::Dark
    };
    let ok = bgs
        .iter()
        .filter(|&&p| {
            let l = luma(p);
            let in_range = match theme {
                Theme::Light => l >= opts.light_min_luma,
                Theme::Dark => l <= opts.dark_max_luma,
            };
            in_range && chroma(p) <= opts.max_bg_chroma
        })
        .count();
    (ok as f32 / bgs.len() as f32, theme)
}

/// Finds the Tango board. Errors with [`ReadError::NoBoard`] when no lattice with Tango-like
/// cells is found.
pub fn locate_tango(img: &RgbImage, opts: &LocateOptions) -> Result<Located, ReadError> {
    let mut last_scale = 0;
    for &side in &opts.work_max_sides {
        let scale = work_scale(img, side);
        if scale == last_scale {
            continue;
        }
        last_scale = scale;
        let mut found = candidates_at(img, opts, side);
        found.retain(|l| accepted(l, opts));
        if let Some(best) = pick(found, opts) {
            return Ok(best);
        }
    }
    Err(ReadError::NoBoard("no Tango grid found".into()))
}

/// The best-scoring candidate, replaced by an accepted lattice with more rows that covers it at
/// the same pitch or an integer fraction of it: a part of a board scores as well as the whole
/// board, and a lattice that skips every other line (twice the true pitch) finds real lines
/// everywhere it looks. The finest lattice consistent with the lines and the largest extent win;
/// a finer lattice must find its extra lines about as well covered as the coarser one's (half
/// pitch lattices through the icons in the middle of the cells find them only in part).
fn pick(mut found: Vec<Located>, opts: &LocateOptions) -> Option<Located> {
    found.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut best = 0;
    loop {
        let b = found.get(best)?.grid;
        let b_cov = found[best].coverage;
        let finer = found.iter().enumerate().find(|(_, c)| {
            let g = c.grid;
            let tol = opts.pick_extent_tol * g.cell_w;
            let ratio = b.cell_w / g.cell_w;
            let k = ratio.round();
            g.rows > b.rows
                && k >= 1.0
                && (ratio - k).abs() <= opts.pick_pitch_tol * k
                && (k < 2.0 || c.coverage >= b_cov - opts.pick_max_coverage_drop)
                && g.left <= b.left + tol
                && g.top <= b.top + tol
                && g.left + g.width() >= b.left + b.width() - tol
                && g.top + g.height() >= b.top + b.height() - tol
        });
        match finer {
            Some((i, _)) => best = i,
            None => return Some(found.swap_remove(best)),
        }
    }
}

/// Whether a candidate passes the Tango thresholds.
pub fn accepted(l: &Located, opts: &LocateOptions) -> bool {
    l.score >= opts.min_score && l.tango_cells >= opts.min_tango_cells
}

/// The downscale factor used for a working side.
fn work_scale(img: &RgbImage, max_side: u32) -> u32 {
    let (w0, h0) = img.dimensions();
    w0.max(h0).div_ceil(max_side.max(1)).max(1)
}

/// How Tango-like the image is: the best board's score in 0..=1 (0 when no lattice with
/// Tango-like cells is found) and its grid. A caller deciding between games compares this with
/// the Queens locator's score.
pub fn tango_likeness(img: &RgbImage, opts: &LocateOptions) -> (f32, Option<Grid>) {
    match locate_tango(img, opts) {
        Ok(l) => (l.score, Some(l.grid)),
        Err(_) => (0.0, None),
    }
}

/// Every verified lattice with its scores (best first), whether or not it passes the Tango
/// thresholds, at the first working size that yields an accepted one (or the last size).
/// Used by the debug view.
pub fn candidates(img: &RgbImage, opts: &LocateOptions) -> Vec<Located> {
    let mut out = Vec::new();
    for &side in &opts.work_max_sides {
        out = candidates_at(img, opts, side);
        if out.iter().any(|l| accepted(l, opts)) {
            break;
        }
    }
    out
}

/// The line candidates at the first working size, in original pixels:
/// `(vertical, position, start, end)` (for the debug view).
pub fn debug_lines(img: &RgbImage, opts: &LocateOptions) -> Vec<(bool, f32, f32, f32)> {
    let Some(&side) = opts.work_max_sides.first() else {
        return Vec::new();
    };
    let (w0, h0) = img.dimensions();
    if w0 < 16 || h0 < 16 {
        return Vec::new();
    }
    let work = WorkImage::new(img, side);
    let rd = ridges(&work, opts);
    let (w, h) = (rd.w, rd.h);
    let vl = line_candidates(w, h, |x, y| rd.v[y * w + x], opts);
    let hl = line_candidates(h, w, |y, x| rd.hz[y * w + x], opts);
    vl.iter()
        .map(|l| (true, l))
        .chain(hl.iter().map(|l| (false, l)))
        .map(|(v, l)| {
            (
                v,
                work.to_orig(l.pos),
                work.to_orig(l.start),
                work.to_orig(l.end),
            )
        })
        .collect()
}

/// [`candidates`] at one working size.
pub fn candidates_at(img: &RgbImage, opts: &LocateOptions, max_side: u32) -> Vec<Located> {
    let (w0, h0) = img.dimensions();
    if w0 < 16 || h0 < 16 {
        return Vec::new();
    }
    let work = WorkImage::new(img, max_side);
    let rd = ridges(&work, opts);
    let (w, h) = (rd.w, rd.h);
    let vl = line_candidates(w, h, |x, y| rd.v[y * w + x], opts);
    let hl = line_candidates(h, w, |y, x| rd.hz[y * w + x], opts);
    let mut props: Vec<(Proposal, usize)> = Vec::new();
    for (o, s, p, n, c) in proposals_from(&vl, opts) {
        props.push((
            Proposal {
                left: o,
                top: s,
                pitch: p,
                n,
            },
            c,
        ));
    }
    for (o, s, p, n, c) in proposals_from(&hl, opts) {
        props.push((
            Proposal {
                left: s,
                top: o,
                pitch: p,
                n,
            },
            c,
        ));
    }
    // Best supported first; drop near-duplicates.
    props.sort_by(|a, b| {
        (b.1 as f32 / (b.0.n - 1) as f32)
            .total_cmp(&(a.1 as f32 / (a.0.n - 1) as f32))
            .then(b.1.cmp(&a.1))
    });
    let mut uniq: Vec<Proposal> = Vec::new();
    for (p, _) in props {
        let dup = uniq.iter().any(|q| {
            q.n == p.n
                && (q.left - p.left).abs() < 0.2 * p.pitch
                && (q.top - p.top).abs() < 0.2 * p.pitch
                && (q.pitch - p.pitch).abs() < 0.1 * p.pitch
        });
        if !dup {
            uniq.push(p);
        }
    }
    let lines: Vec<(bool, f32, f32, f32)> = vl
        .iter()
        .map(|l| (true, l))
        .chain(hl.iter().map(|l| (false, l)))
        .map(|(v, l)| {
            (
                v,
                work.to_orig(l.pos),
                work.to_orig(l.start),
                work.to_orig(l.end),
            )
        })
        .collect();
    let mut out: Vec<Located> = Vec::new();
    let mut seen: Vec<(f32, f32, f32, usize)> = Vec::new();
    for p in uniq.into_iter().take(opts.max_candidates * 4) {
        let Some(((ox, oy, qx, qy), _)) = refine(&rd, p, opts) else {
            continue;
        };
        let Some((ox, oy, qx, qy, n, cov)) = extent(&rd, (ox, oy, qx, qy), p.n, opts) else {
            continue;
        };
        if seen
            .iter()
            .any(|&(l, t, q, m)| m == n && (l - ox).abs() < 0.2 * q && (t - oy).abs() < 0.2 * q)
        {
            continue;
        }
        seen.push((ox, oy, qx, n));
        let s = work.scale as f32;
        let grid = Grid {
            rows: n,
            cols: n,
            left: work.to_orig(ox),
            top: work.to_orig(oy),
            cell_w: qx * s,
            cell_h: qy * s,
        };
        if grid.left < -0.5 * grid.cell_w
            || grid.top < -0.5 * grid.cell_h
            || grid.left + grid.width() > w0 as f32 + 0.5 * grid.cell_w
            || grid.top + grid.height() > h0 as f32 + 0.5 * grid.cell_h
        {
            continue;
        }
        let (tc, theme) = tango_cells(img, &grid, opts);
        out.push(Located {
            grid,
            theme,
            coverage: cov,
            tango_cells: tc,
            score: cov.min(1.0) * tc,
            scale: work.scale,
            lines: Vec::new(),
        });
        if out.len() >= opts.max_candidates {
            break;
        }
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    if let Some(first) = out.first_mut() {
        first.lines = lines;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// Draws a synthetic Tango-like board: white cells, light lines, a few grey givens.
    pub(crate) fn synth(
        w: u32,
        h: u32,
        left: u32,
        top: u32,
        pitch: u32,
        n: u32,
        dark: bool,
    ) -> RgbImage {
        let (page, cell, given, line) = if dark {
            (
                [20u8, 22, 25],
                [28u8, 30, 33],
                [60u8, 62, 66],
                [80u8, 90, 100],
            )
        } else {
            (
                [243u8, 242, 238],
                [255u8, 255, 255],
                [238u8, 235, 231],
                [222u8, 216, 208],
            )
        };
        let mut img = RgbImage::from_pixel(w, h, Rgb(page));
        for y in 0..n * pitch + 1 {
            for x in 0..n * pitch + 1 {
                let (cx, cy) = (x / pitch, y / pitch);
                let on_line = x % pitch == 0 || y % pitch == 0;
                let col = if on_line {
                    line
                } else if (cx + cy) % 5 == 0 {
                    given
                } else {
                    cell
                };
                img.put_pixel(left + x, top + y, Rgb(col));
            }
        }
        img
    }

    #[test]
    fn finds_a_synthetic_board_with_margin() {
        let img = synth(400, 300, 57, 31, 40, 6, false);
        let l = locate_tango(&img, &LocateOptions::default()).expect("board");
        assert_eq!(l.grid.rows, 6);
        assert!((l.grid.left - 57.0).abs() < 2.0, "{:?}", l.grid);
        assert!((l.grid.top - 31.0).abs() < 2.0, "{:?}", l.grid);
        assert!((l.grid.cell_w - 40.0).abs() < 0.5, "{:?}", l.grid);
        assert_eq!(l.theme, Theme::Light);
    }

    #[test]
    fn finds_an_8x8_dark_board() {
        let img = synth(500, 420, 20, 40, 45, 8, true);
        let l = locate_tango(&img, &LocateOptions::default()).expect("board");
        assert_eq!(l.grid.rows, 8);
        assert_eq!(l.theme, Theme::Dark);
    }

    fn located(n: usize, left: f32, top: f32, pitch: f32, coverage: f32) -> Located {
        Located {
            grid: Grid {
                rows: n,
                cols: n,
                left,
                top,
                cell_w: pitch,
                cell_h: pitch,
            },
            theme: Theme::Light,
            coverage,
            tango_cells: 1.0,
            score: coverage,
            scale: 1,
            lines: Vec::new(),
        }
    }

    #[test]
    fn pick_prefers_the_finest_lattice_with_its_lines_present() {
        let opts = LocateOptions::default();
        // An 8x8 board also reads as a 4x4 lattice on every other line, scoring a little higher.
        let found = vec![
            located(4, 17.3, 18.8, 104.1, 0.997),
            located(8, 18.3, 18.4, 51.8, 0.987),
        ];
        assert_eq!(pick(found, &opts).unwrap().grid.rows, 8);
        // A half-pitch lattice through the icons of a 6x6 board finds half its lines only.
        let found = vec![
            located(6, 12.7, 13.6, 52.9, 0.993),
            located(12, 14.2, 15.3, 26.3, 0.714),
        ];
        assert_eq!(pick(found, &opts).unwrap().grid.rows, 6);
        // A 6x6 part of an 8x8 board at the same pitch gives way to the whole board.
        let found = vec![
            located(6, 70.0, 70.0, 50.0, 0.99),
            located(8, 20.0, 20.0, 50.0, 0.95),
        ];
        assert_eq!(pick(found, &opts).unwrap().grid.rows, 8);
    }

    #[test]
    fn blank_and_tiny_images_have_no_board() {
        let img = RgbImage::from_pixel(300, 200, Rgb([255, 255, 255]));
        assert!(matches!(
            locate_tango(&img, &LocateOptions::default()),
            Err(ReadError::NoBoard(_))
        ));
        let img = RgbImage::from_pixel(3, 2, Rgb([255, 255, 255]));
        assert!(locate_tango(&img, &LocateOptions::default()).is_err());
    }

    #[test]
    fn coloured_cells_are_not_tango() {
        let mut img = synth(400, 300, 57, 31, 40, 6, false);
        for p in img.pixels_mut() {
            if p.0 == [255, 255, 255] {
                *p = Rgb([150, 190, 255]);
            }
        }
        assert!(locate_tango(&img, &LocateOptions::default()).is_err());
    }
}
