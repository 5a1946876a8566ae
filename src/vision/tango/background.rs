//! Stage 2c (Tango locator): cell backgrounds (corner patches of each cell) and whether a
//! lattice's cells look like Tango cells (neutral, light or dark).

use super::locate::TangoLocateOptions;
use crate::board::{Grid, Theme};
use crate::vision::pixel::{chroma, luma, nearest};
use image::RgbImage;

/// Mean colour of a few pixels near each corner of a cell (away from the icon in the middle and
/// the markers at edge midpoints). Returns the per-channel median of the corner patches.
pub fn cell_background(
    img: &RgbImage,
    grid: &Grid,
    row: usize,
    col: usize,
    opts: &TangoLocateOptions,
) -> [f32; 3] {
    cell_background_ex(img, grid, row, col, opts).0
}

/// [`cell_background`], the fraction of strongly coloured samples (an overlay such as the
/// red stripes over rule-breaking cells hides whether the cell is grey or white) and the
/// median colour of those coloured samples (the overlay's colour), if there are any, and the
/// cell's corners with a coloured sample (bits 0 to 3: top left, top right, bottom left, bottom
/// right).
pub fn cell_background_ex(
    img: &RgbImage,
    grid: &Grid,
    row: usize,
    col: usize,
    opts: &TangoLocateOptions,
) -> ([f32; 3], f32, Option<[f32; 3]>, u8) {
    let x0 = grid.left + col as f32 * grid.cell_w;
    let y0 = grid.top + row as f32 * grid.cell_h;
    let mut samples: Vec<[f32; 3]> = Vec::with_capacity(36);
    for &(fx, fy) in &[(0.0f32, 0.0f32), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
        for &a in &opts.background_insets {
            for &b in &opts.background_insets {
                let u = if fx == 0.0 { a } else { 1.0 - a };
                let v = if fy == 0.0 { b } else { 1.0 - b };
                samples.push(nearest(img, x0 + u * grid.cell_w, y0 + v * grid.cell_h));
            }
        }
    }
    // Ignore strongly coloured samples (red stripes over cells that break a rule) when enough
    // neutral ones remain.
    let neutral: Vec<[f32; 3]> = samples
        .iter()
        .copied()
        .filter(|&p| chroma(p) <= opts.neutral_chroma)
        .collect();
    let coloured = 1.0 - neutral.len() as f32 / samples.len() as f32;
    let mut strong: Vec<[f32; 3]> = samples
        .iter()
        .copied()
        .filter(|&p| chroma(p) > opts.neutral_chroma)
        .collect();
    let overlay = (!strong.is_empty()).then(|| median3(&mut strong));
    // The corners with a strongly coloured sample (the samples come corner by corner: top
    // left, top right, bottom left, bottom right), one bit each.
    let corners = samples
        .chunks(samples.len() / 4)
        .enumerate()
        .filter(|(_, k)| k.iter().any(|&p| chroma(p) > opts.neutral_chroma))
        .fold(0u8, |bits, (i, _)| bits | 1 << i);
    if neutral.len() * 4 >= samples.len() {
        let mut neutral = neutral;
        return (median3(&mut neutral), coloured, overlay, corners);
    }
    (median3(&mut samples), coloured, overlay, corners)
}

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

/// Whether a cell background's luma is the theme's: light cells at least
/// [`TangoLocateOptions::light_min_luma`], dark ones at most
/// [`TangoLocateOptions::dark_max_luma`].
pub fn themed_luma(l: f32, theme: Theme, opts: &TangoLocateOptions) -> bool {
    match theme {
        Theme::Light => l >= opts.light_min_luma,
        Theme::Dark => l <= opts.dark_max_luma,
    }
}

/// Judges the cell backgrounds of a lattice: `(fraction of Tango-like cells, theme)`.
pub fn tango_cells(img: &RgbImage, grid: &Grid, opts: &TangoLocateOptions) -> (f32, Theme) {
    let mut bgs = Vec::with_capacity(grid.rows * grid.cols);
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            bgs.push(cell_background(img, grid, r, c, opts));
        }
    }
    let mut lumas: Vec<f32> = bgs.iter().map(|&p| luma(p)).collect();
    lumas.sort_by(f32::total_cmp);
    let med = lumas[lumas.len() / 2];
    let theme = if med >= opts.theme_split_luma {
        Theme::Light
    } else {
        Theme::Dark
    };
    // Neutral cells count; most of them must also have the theme's brightness (a bright band
    // sweeping a solved board lights up a few dark-mode cells without making them unlike Tango).
    let neutral: Vec<f32> = bgs
        .iter()
        .filter(|&&p| chroma(p) <= opts.max_bg_chroma)
        .map(|&p| luma(p))
        .collect();
    let themed = neutral
        .iter()
        .filter(|&&l| themed_luma(l, theme, opts))
        .count();
    let n = bgs.len() as f32;
    if (themed as f32) < opts.min_theme_cells * n {
        return (themed as f32 / n, theme);
    }
    (neutral.len() as f32 / n, theme)
}
