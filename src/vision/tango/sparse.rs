//! Stage 2 (Tango), fallback: place a board whose grid lines cannot be seen from its pieces
//! and markers.
//!
//! A light board brightened until its light greys clip to white (a capture taken with the
//! brightness up, an over-exposed phone photo of a screen) keeps its coloured icons and its
//! dark `=` / `x` glyphs, while its grid lines, frame and the grey of its given cells are gone.
//! The icons alone fix the lattice: they sit at cell centres, so their pairwise offsets are
//! multiples of the pitch. Stages: coloured components -> icon-like blobs of one size -> the
//! pitch that best explains their offsets -> the lattice phase -> the markers on its edge
//! midpoints -> the board's extent, which the pieces and markers must span exactly (6 or 8
//! cells a side); otherwise the board is not pinned and nothing is returned.
//!
//! What this cannot see is said by the reader: with no given shading, every piece is taken as
//! a given ([`crate::board::Reading::pieces_as_givens`]). That is safe for the answer: the
//! true puzzle has one solution, and extra clues that agree with it keep it, while a wrong
//! piece taken as a given leaves no solution at all.

use crate::board::Grid;
use crate::puzzle::{Edge, Pos};
use crate::vision::blob::{self, Blob};
use crate::vision::pixel::chroma;
use image::{GrayImage, Luma, RgbImage};

/// Tunables of the fallback locator.
#[derive(Clone, Debug)]
pub struct SparseOptions {
    /// Run it at all (only when no grid lines were found). Default true.
    pub enabled: bool,
    /// The search runs on every k-th pixel, the smallest integer k that makes the longer side
    /// at most this. Default 800.
    pub work_max_side: u32,
    /// A pixel is icon colour at this chroma (max - min of R, G, B) or more. Default 60.
    pub icon_min_chroma: f32,
    /// Smallest icon side in pixels. Default 6.
    pub min_icon_px: u32,
    /// Largest ratio of an icon box's longer to shorter side. Default 1.6.
    pub max_icon_aspect: f32,
    /// Least share of an icon box covered by the icon. Default 0.25.
    pub min_icon_fill: f32,
    /// Icons are within this factor of the median icon size (either way). Default 1.4.
    pub size_tolerance: f32,
    /// Fewest icons on a board placed this way. Default 4.
    pub min_icons: usize,
    /// Least share of the icon-like blobs on the lattice (the rest are page content off the
    /// board). Default 0.75.
    pub min_inlier_share: f32,
    /// The pitch is searched between these multiples of the median icon size.
    /// Default `[1.2, 3.5]`.
    pub pitch_range: [f32; 2],
    /// Relative step of the pitch search. Default 0.004.
    pub pitch_step: f32,
    /// An icon sits on the lattice when its centre is within this fraction of the pitch of a
    /// cell centre. Default 0.15.
    pub on_lattice: f32,
    /// Least mean phase agreement (the mean of `cos(2 pi offset / pitch)` over icon pairs) of
    /// the chosen pitch. Default 0.8.
    pub min_agreement: f32,
    /// Accepted board sides (the icons must span exactly one, both ways). Default `[6, 8]`.
    pub sizes: Vec<usize>,
    /// A pixel may belong to a marker glyph when its luma differs from the page's (the
    /// image's median) by this much or more. Default 40.
    pub marker_min_contrast: f32,
    /// An edge midpoint shows ink ([`ink_edges`]) when this many pixels of the window there
    /// (a square of `ink_window` pitches a side) differ from the page's colour by
    /// `ink_min_diff` or more in a channel. Defaults 2, 0.2 and 24.
    pub ink_min_pixels: u32,
    /// See `ink_min_pixels`.
    pub ink_window: f32,
    /// See `ink_min_pixels`.
    pub ink_min_diff: u8,
    /// A marker glyph's (or one `=` bar's) longer side, as fractions of the pitch.
    /// Default `[0.08, 0.4]`.
    pub marker_size: [f32; 2],
    /// A marker sits on an edge midpoint when both of its coordinates are within this fraction
    /// of the pitch of one. Default 0.12.
    pub marker_on_edge: f32,
    /// A marker stands alone: no other dark component (its `=` twin aside) has its centre
    /// within this fraction of the pitch, as the letters of a line of text would. Default 0.45.
    pub marker_isolation: f32,
}

impl Default for SparseOptions {
    fn default() -> Self {
        SparseOptions {
            enabled: true,
            work_max_side: 800,
            icon_min_chroma: 60.0,
            min_icon_px: 6,
            max_icon_aspect: 1.6,
            min_icon_fill: 0.25,
            size_tolerance: 1.4,
            min_icons: 4,
            min_inlier_share: 0.75,
            pitch_range: [1.2, 3.5],
            pitch_step: 0.004,
            on_lattice: 0.15,
            min_agreement: 0.8,
            sizes: vec![6, 8],
            marker_min_contrast: 40.0,
            ink_min_pixels: 2,
            ink_window: 0.2,
            ink_min_diff: 24,
            marker_size: [0.08, 0.4],
            marker_on_edge: 0.12,
            marker_isolation: 0.45,
        }
    }
}

/// The board placed from its pieces and markers, or `None` when they do not pin one.
pub fn locate_from_pieces(img: &RgbImage, o: &SparseOptions) -> Option<Grid> {
    if !o.enabled {
        return None;
    }
    // Icons are large flat colour: every k-th pixel (longer side at most `work_max_side`)
    // finds them as well, in a fraction of the time; the grid is scaled back.
    let (w, h) = img.dimensions();
    let k = w.max(h).div_ceil(o.work_max_side.max(1)).max(1);
    if k > 1 {
        let small = RgbImage::from_fn(w / k, h / k, |x, y| {
            *img.get_pixel(x * k + k / 2, y * k + k / 2)
        });
        let kf = k as f32;
        return locate_at_scale(&small, o).map(|g| Grid {
            left: g.left * kf,
            top: g.top * kf,
            cell_w: g.cell_w * kf,
            cell_h: g.cell_h * kf,
            ..g
        });
    }
    locate_at_scale(img, o)
}

fn locate_at_scale(img: &RgbImage, o: &SparseOptions) -> Option<Grid> {
    let icons = icon_blobs(img, o)?;
    let size = median(icons.iter().map(|b| b.w().max(b.h()) as f32).collect());
    let centres: Vec<(f32, f32)> = icons.iter().map(Blob::centre).collect();
    let pitch = best_pitch(&centres, size, o)?;
    let phase = |v: &dyn Fn(&(f32, f32)) -> f32| {
        let (s, c) = centres.iter().fold((0.0f32, 0.0f32), |(s, c), p| {
            let a = std::f32::consts::TAU * v(p) / pitch;
            (s + a.sin(), c + a.cos())
        });
        (s.atan2(c) / std::f32::consts::TAU * pitch).rem_euclid(pitch)
    };
    let (ox, oy) = (phase(&|p| p.0), phase(&|p| p.1));
    // Cell indices of the icons on the lattice; the others (a coloured logo or avatar on the
    // page) must stay off the board found.
    let index = |v: f32, o0: f32| ((v - o0) / pitch).round() as i64;
    let off = |v: f32, o0: f32| ((v - o0) / pitch - ((v - o0) / pitch).round()).abs();
    let (centres, strays): (Vec<_>, Vec<_>) = centres
        .iter()
        .partition(|&&(x, y)| off(x, ox) <= o.on_lattice && off(y, oy) <= o.on_lattice);
    if centres.len() < o.min_icons
        || (centres.len() as f32) < o.min_inlier_share * icons.len() as f32
    {
        return None;
    }
    let cols: Vec<i64> = centres.iter().map(|&(x, _)| index(x, ox)).collect();
    let rows: Vec<i64> = centres.iter().map(|&(_, y)| index(y, oy)).collect();
    let mut cells: Vec<(i64, i64)> = rows.iter().copied().zip(cols.iter().copied()).collect();
    cells.sort_unstable();
    if cells.windows(2).any(|w| w[0] == w[1]) {
        return None; // two icons in one cell: not a lattice of pieces
    }
    let span = |v: &[i64]| {
        let (lo, hi) = (v.iter().min()?, v.iter().max()?);
        Some((*lo, (hi - lo + 1) as usize))
    };
    let ((c0, nc), (r0, nr)) = (span(&cols)?, span(&rows)?);
    // A row or column with no piece: the markers on edge midpoints may show it, also when the
    // pieces alone span a board of an accepted size (brighter 2700459: the pieces of an 8x8
    // board spanned 6x6, its two left columns shown only by markers; read as that 6x6, the
    // answer was wrong).
    let largest = o.sizes.iter().copied().max().unwrap_or(0);
    let ext = largest.saturating_sub(nc.min(nr)) as i64;
    let marked: Vec<(i64, i64)> = marker_cells(img, (ox, oy), pitch, o)
        .into_iter()
        .filter(|&(r, c)| {
            r >= r0 - ext && r < r0 + nr as i64 + ext && c >= c0 - ext && c < c0 + nc as i64 + ext
        })
        .collect();
    let (mut cols, mut rows) = (cols, rows);
    cols.extend(marked.iter().map(|c| c.1));
    rows.extend(marked.iter().map(|c| c.0));
    let ((c0, nc), (r0, nr)) = (span(&cols)?, span(&rows)?);
    if nc != nr || !o.sizes.contains(&nc) {
        return None;
    }
    let grid = Grid {
        rows: nr,
        cols: nc,
        left: ox + (c0 as f32 - 0.5) * pitch,
        top: oy + (r0 as f32 - 0.5) * pitch,
        cell_w: pitch,
        cell_h: pitch,
    };
    let (w, h) = (img.width() as f32, img.height() as f32);
    let inside = grid.left >= 0.0
        && grid.top >= 0.0
        && grid.left + grid.width() <= w
        && grid.top + grid.height() <= h;
    let on_board = |&(x, y): &(f32, f32)| {
        x >= grid.left
            && y >= grid.top
            && x <= grid.left + grid.width()
            && y <= grid.top + grid.height()
    };
    (inside && !strays.iter().any(on_board)).then_some(grid)
}

/// The cells (row, column) beside the marker glyphs found on edge midpoints of the lattice
/// with origin `o0` (a cell centre) and `pitch`.
fn marker_cells(img: &RgbImage, o0: (f32, f32), pitch: f32, o: &SparseOptions) -> Vec<(i64, i64)> {
    marker_glyphs(img, o0, pitch, o, o.marker_min_contrast)
        .into_iter()
        .flat_map(|(cells, _)| cells)
        .collect()
}

/// The edges of `grid` with a marker glyph on their midpoint, as [`marker_glyphs`] finds them
/// (`true`: shaped as an `x`, `false`: as an `=`). The reader of a board placed from its
/// pieces doubts an edge where a glyph is seen and no marker, or another one, was read: the
/// washed-out page's glyphs are pale, and a marker lost there without a doubt would let a
/// player's wrong piece taken as a given pass for the answer.
pub fn glyph_edges(img: &RgbImage, grid: &Grid, o: &SparseOptions) -> Vec<(Edge, bool)> {
    let pitch = grid.cell_w;
    let o0 = (grid.left + 0.5 * pitch, grid.top + 0.5 * pitch);
    let inside = |(r, c): (i64, i64)| {
        (0..grid.rows as i64).contains(&r) && (0..grid.cols as i64).contains(&c)
    };
    let mut out: Vec<(Edge, bool)> = marker_glyphs(img, o0, pitch, o, o.marker_min_contrast)
        .into_iter()
        .filter(|(cells, _)| cells.iter().all(|&rc| inside(rc)))
        .filter_map(|([a, b], cross)| {
            let pos = |(r, c): (i64, i64)| Pos::new(r as usize, c as usize);
            Edge::between(pos(a), pos(b)).map(|e| (e, cross))
        })
        .collect();
    out.sort_unstable_by_key(|&(e, _)| e);
    out.dedup_by_key(|&mut (e, _)| e);
    out
}

/// The edges of `grid` whose midpoint shows ink: a few pixels in a small window there that
/// differ from the page's colour (its median). On a board washed to white nothing but a
/// marker glyph lies there (icons stay within their cells), so this finds glyphs too pale or
/// too small for [`glyph_edges`] to tell their shape; the reader doubts such an edge when it
/// read no marker there.
pub fn ink_edges(img: &RgbImage, grid: &Grid, o: &SparseOptions) -> Vec<Edge> {
    let mut chans: [Vec<u8>; 3] = Default::default();
    for p in img.pixels().step_by(7) {
        for (k, v) in chans.iter_mut().enumerate() {
            v.push(p[k]);
        }
    }
    let page: Vec<u8> = chans
        .iter_mut()
        .map(|v| {
            v.sort_unstable();
            v.get(v.len() / 2).copied().unwrap_or(255)
        })
        .collect();
    let (w, h) = (img.width() as i64, img.height() as i64);
    let half = (0.5 * o.ink_window * grid.cell_w).max(1.0);
    let inked = |x: f32, y: f32| {
        let (x0, x1) = ((x - half).round() as i64, (x + half).round() as i64);
        let (y0, y1) = ((y - half).round() as i64, (y + half).round() as i64);
        let mut n = 0u32;
        for yy in y0.max(0)..=y1.min(h - 1) {
            for xx in x0.max(0)..=x1.min(w - 1) {
                let p = img.get_pixel(xx as u32, yy as u32);
                if (0..3).any(|k| p[k].abs_diff(page[k]) >= o.ink_min_diff) {
                    n += 1;
                }
            }
        }
        n >= o.ink_min_pixels
    };
    let mut out = Vec::new();
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            let (x, y) = (
                grid.left + (c as f32 + 0.5) * grid.cell_w,
                grid.top + (r as f32 + 0.5) * grid.cell_h,
            );
            if c + 1 < grid.cols && inked(x + 0.5 * grid.cell_w, y) {
                out.push(Edge::Right(Pos::new(r, c)));
            }
            if r + 1 < grid.rows && inked(x, y + 0.5 * grid.cell_h) {
                out.push(Edge::Down(Pos::new(r, c)));
            }
        }
    }
    out
}

/// The marker glyphs found on edge midpoints of the lattice with origin `o0` (a cell centre)
/// and `pitch`: small isolated components of non-icon pixels that stand out from the page's
/// luma, each with the two cells beside it and whether it is shaped as an `x` (else one bar
/// of an `=`).
fn marker_glyphs(
    img: &RgbImage,
    o0: (f32, f32),
    pitch: f32,
    o: &SparseOptions,
    min_contrast: f32,
) -> Vec<([(i64, i64); 2], bool)> {
    let luma = |p: [f32; 3]| 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
    let mut lumas: Vec<f32> = img
        .pixels()
        .step_by(7)
        .map(|p| luma([f32::from(p[0]), f32::from(p[1]), f32::from(p[2])]))
        .collect();
    lumas.sort_by(f32::total_cmp);
    let page = lumas.get(lumas.len() / 2).copied().unwrap_or(0.0);
    // Any colour: LinkedIn's glyphs are a brown that can reach icon chroma; icons are too
    // large to pass for a glyph.
    let dark = blobs(img, |p| (luma(p) - page).abs() >= min_contrast);
    let (lo, hi) = (o.marker_size[0] * pitch, o.marker_size[1] * pitch);
    let glyph = |b: &Blob| (lo..=hi).contains(&(b.w().max(b.h()) as f32));
    let near = o.marker_isolation * pitch;
    let mut out = Vec::new();
    for (i, b) in dark.iter().enumerate() {
        if !glyph(b) {
            continue;
        }
        let (x, y) = b.centre();
        let (fx, fy) = ((x - o0.0) / pitch, (y - o0.1) / pitch);
        let on_mid = |f: f32| (f - f.floor() - 0.5).abs() <= o.marker_on_edge;
        let on_line = |f: f32| (f - f.round()).abs() <= o.marker_on_edge;
        let cells = if on_mid(fx) && on_line(fy) {
            let (r, c) = (fy.round() as i64, fx.floor() as i64);
            [(r, c), (r, c + 1)]
        } else if on_line(fx) && on_mid(fy) {
            let (r, c) = (fy.floor() as i64, fx.round() as i64);
            [(r, c), (r + 1, c)]
        } else {
            continue;
        };
        // Shaped as a marker: an `x` (square box, thin strokes) or one bar of an `=`, whose
        // twin is stacked on it (same centre column, close rows, same width).
        let fill = b.count as f32 / (b.w() * b.h()) as f32;
        let aspect = b.w().max(b.h()) as f32 / b.w().min(b.h()).max(1) as f32;
        let cross = aspect <= 1.4 && (0.15..=0.6).contains(&fill);
        let bar = |d: &Blob| d.w() as f32 >= 2.5 * d.h() as f32;
        let twin_of = |d: &Blob| {
            let (dx, dy) = d.centre();
            bar(d)
                && (dx - x).abs() <= 0.06 * pitch
                && (dy - y).abs() <= 0.15 * pitch
                && (d.w() as f32 - b.w() as f32).abs() <= 0.3 * b.w() as f32
        };
        let has_twin = bar(b) && dark.iter().enumerate().any(|(j, d)| j != i && twin_of(d));
        if !cross && !has_twin {
            continue;
        }
        // Alone, as a marker is, not a letter in a line of text.
        let crowded = dark.iter().enumerate().any(|(j, d)| {
            let (dx, dy) = d.centre();
            j != i && (dx - x).abs() < near && (dy - y).abs() < near && !(has_twin && twin_of(d))
        });
        if !crowded {
            out.push((cells, cross));
        }
    }
    out
}

/// Icon-like coloured components of one size, or `None` when there are too few.
fn icon_blobs(img: &RgbImage, o: &SparseOptions) -> Option<Vec<Blob>> {
    let blobs = blobs(img, |p| chroma(p) >= o.icon_min_chroma);
    let shaped: Vec<Blob> = blobs
        .into_iter()
        .filter(|b| {
            let (w, h) = (b.w(), b.h());
            let aspect = w.max(h) as f32 / w.min(h).max(1) as f32;
            w.min(h) >= o.min_icon_px
                && aspect <= o.max_icon_aspect
                && b.count as f32 >= o.min_icon_fill * (w * h) as f32
        })
        .collect();
    if shaped.len() < o.min_icons {
        return None;
    }
    // The icons are the group of blobs of one size with the most area: coloured marker
    // glyphs can outnumber them, and a lone logo or avatar outweighs no group of pieces.
    let side = |b: &Blob| b.w().max(b.h()) as f32;
    let alike = |s: f32, t: f32| s <= t * o.size_tolerance && s * o.size_tolerance >= t;
    let mut best: Option<(f32, f32)> = None; // (area, size)
    for b in &shaped {
        let size = side(b);
        let group: Vec<&Blob> = shaped.iter().filter(|c| alike(side(c), size)).collect();
        let area: f32 = group.iter().map(|c| c.count as f32).sum();
        if group.len() >= o.min_icons && best.is_none_or(|(a, _)| area > a) {
            best = Some((area, size));
        }
    }
    let (_, size) = best?;
    let group: Vec<f32> = shaped
        .iter()
        .map(side)
        .filter(|&s| alike(s, size))
        .collect();
    let size = median(group);
    let icons: Vec<Blob> = shaped
        .into_iter()
        .filter(|b| alike(side(b), size))
        .collect();
    (icons.len() >= o.min_icons).then_some(icons)
}

/// The pitch in `pitch_range` x `size` whose multiples best explain the icons' offsets (mean
/// of `cos(2 pi d / p)` over pairs, both axes), when it reaches `min_agreement`.
fn best_pitch(centres: &[(f32, f32)], size: f32, o: &SparseOptions) -> Option<f32> {
    let mut diffs = Vec::with_capacity(centres.len() * centres.len());
    for (i, a) in centres.iter().enumerate() {
        for b in &centres[i + 1..] {
            diffs.push(b.0 - a.0);
            diffs.push(b.1 - a.1);
        }
    }
    if diffs.is_empty() {
        return None;
    }
    let score = |p: f32| {
        diffs
            .iter()
            .map(|d| (std::f32::consts::TAU * d / p).cos())
            .sum::<f32>()
            / diffs.len() as f32
    };
    let (mut p, mut best) = (size * o.pitch_range[0], (f32::MIN, 0.0f32));
    while p <= size * o.pitch_range[1] {
        let s = score(p);
        if s > best.0 {
            best = (s, p);
        }
        p *= 1.0 + o.pitch_step.max(1e-4);
    }
    (best.0 >= o.min_agreement).then_some(best.1)
}

/// Components of the pixels `keep` accepts.
fn blobs(img: &RgbImage, keep: impl Fn([f32; 3]) -> bool) -> Vec<Blob> {
    let (w, h) = img.dimensions();
    let mut mask = GrayImage::new(w, h);
    for (x, y, p) in img.enumerate_pixels() {
        let c = [f32::from(p[0]), f32::from(p[1]), f32::from(p[2])];
        if keep(c) {
            mask.put_pixel(x, y, Luma([255]));
        }
    }
    blob::blobs(&mask).0
}

fn median(mut v: Vec<f32>) -> f32 {
    v.sort_by(f32::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_sparse_defaults() {
        crate::vision::check_documented_defaults(
            include_str!("sparse.rs"),
            "SparseOptions",
            &format!("{:?}", SparseOptions::default()),
        );
    }
}
