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
    let size = median(shaped.iter().map(|b| b.w().max(b.h()) as f32).collect());
    let icons: Vec<Blob> = shaped
        .into_iter()
        .filter(|b| {
            let s = b.w().max(b.h()) as f32;
            s <= size * o.size_tolerance && s * o.size_tolerance >= size
        })
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
