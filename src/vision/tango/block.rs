//! Stage 2d (Tango locator): the board's extent on a fitted lattice.
//!
//! Every line segment between two lattice crossings near the proposal is measured once; then
//! every `n x n` block of lattice cells of an accepted board size ([`TangoLocateOptions::sizes`])
//! is judged:
//! - its interior segments must be covered by ridges, its interior lines must end at its border
//!   (a block inside a larger lattice has lines running on);
//! - it must not be coarser than the lines visible in it: a lattice of 1.5-cell blocks has real
//!   grid lines inside its cells ([`TangoLocateOptions::max_inner_line_frac`]);
//! - an outer row or column whose border is not drawn has the lines across it (else it is page,
//!   a margin about a cell wide: [`TangoLocateOptions::min_outer_segments`]);
//! - each border line is present, or at the image edge (a crop without margin), or **outside
//!   the image with the lattice's lines running on up to the edge**: the board is cut off there
//!   and the block is returned as cut, for the caller to refuse (never read as a smaller board).

use super::lattice::{coverage, least_squares, plateau_centre};
use super::lines::Ridges;
use super::locate::TangoLocateOptions;
use crate::vision::Side;

/// A board's extent on the lattice, in working pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Block {
    /// Left border.
    pub(super) left: f32,
    /// Top border.
    pub(super) top: f32,
    /// Horizontal pitch.
    pub(super) pitch_x: f32,
    /// Vertical pitch.
    pub(super) pitch_y: f32,
    /// Cells a side.
    pub(super) n: usize,
    /// Mean interior line coverage.
    pub(super) coverage: f32,
    /// The side where the board runs out of the image, if it does.
    pub(super) cut: Option<Side>,
    /// An outer row or column accepted with fewer line segments across it than
    /// [`TangoLocateOptions::min_outer_segments`] (its frame drawn all round), if any.
    pub(super) unlined: Option<Unlined>,
}

/// An outer row or column of a located board whose line segments across it are mostly not
/// seen: only a line of grey givens hides them, so the reader checks that its cells are givens
/// (else it is page a cell beyond a cut board: LinkedIn's Undo / Hint buttons below it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unlined {
    /// The board's side the row or column lies on.
    pub side: Side,
    /// Bit `k` set: the segment across it on interior line `k` (between its cells `k - 1`
    /// and `k`) is not seen.
    pub hidden: u32,
}

/// The lattice lines near a proposal and the coverage of every segment between crossings.
struct Segments {
    /// Vertical line positions.
    xs: Vec<f32>,
    /// Horizontal line positions.
    ys: Vec<f32>,
    /// `v[i][j]`: vertical line `i` between horizontal lines `j` and `j + 1`.
    v: Vec<Vec<f32>>,
    /// `hz[j][i]`: horizontal line `j` between vertical lines `i` and `i + 1`.
    hz: Vec<Vec<f32>>,
    qx: f32,
    qy: f32,
    w: usize,
    h: usize,
}

impl Segments {
    /// Mean coverage of vertical line `i` over rows `j0..j0 + n`.
    fn vline(&self, i: usize, j0: usize, n: usize) -> f32 {
        (0..n).map(|b| self.v[i][j0 + b]).sum::<f32>() / n as f32
    }

    /// Mean coverage of horizontal line `j` over columns `i0..i0 + n`.
    fn hline(&self, j: usize, i0: usize, n: usize) -> f32 {
        (0..n).map(|b| self.hz[j][i0 + b]).sum::<f32>() / n as f32
    }
}

/// Measures the lattice lines near a proposal (which spans indices `0..=n_prop`) that fall
/// inside the image, plus one outside on each side (borders at or beyond the image edge).
fn segments(
    r: &Ridges,
    (ox, oy, qx, qy): (f32, f32, f32, f32),
    n_prop: usize,
    opts: &TangoLocateOptions,
) -> Option<Segments> {
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
        plateau_centre(&cs, opts.plateau_tol).1
    };
    let xs: Vec<f32> = (0..ni)
        .map(|i| snap(true, ox + (i as i64 + i_lo) as f32 * qx))
        .collect();
    let ys: Vec<f32> = (0..nj)
        .map(|j| snap(false, oy + (j as i64 + j_lo) as f32 * qy))
        .collect();
    let inset = opts.segment_inset;
    let v = xs
        .iter()
        .map(|&x| {
            (0..nj - 1)
                .map(|j| coverage(r, true, x, ys[j] + inset * qy, ys[j + 1] - inset * qy))
                .collect()
        })
        .collect();
    let hz = ys
        .iter()
        .map(|&y| {
            (0..ni - 1)
                .map(|i| coverage(r, false, y, xs[i] + inset * qx, xs[i + 1] - inset * qx))
                .collect()
        })
        .collect();
    Some(Segments {
        xs,
        ys,
        v,
        hz,
        qx,
        qy,
        w: r.w,
        h: r.h,
    })
}

/// Finds the board's extent on a fitted lattice phase: the largest accepted `n x n` block of
/// lattice cells whose interior line segments are covered by ridges, refitted on its lines.
/// A whole board is preferred to a cut one of the same size; a cut board of a larger size wins
/// over a whole block of a smaller size inside it.
pub(super) fn extent(
    r: &Ridges,
    lattice: (f32, f32, f32, f32),
    n_prop: usize,
    opts: &TangoLocateOptions,
) -> Option<Block> {
    let seg = segments(r, lattice, n_prop, opts)?;
    let (ni, nj) = (seg.xs.len(), seg.ys.len());
    let mut sizes = opts.sizes.clone();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    for n in sizes {
        if n < 2 || n + 1 > ni || n + 1 > nj {
            continue;
        }
        // (i0, j0, mean coverage, cut side), whole boards first, then the best coverage.
        let mut best: Option<(usize, usize, f32, Option<Side>)> = None;
        for i0 in 0..=(ni - n - 1) {
            for j0 in 0..=(nj - n - 1) {
                let Some((mean, cut)) = judge(&seg, r, (i0, j0, n), opts) else {
                    continue;
                };
                let better = best.is_none_or(|b| match (b.3.is_some(), cut.is_some()) {
                    (true, false) => true,
                    (false, true) => false,
                    _ => mean > b.2,
                });
                if better {
                    best = Some((i0, j0, mean, cut));
                }
            }
        }
        if let Some((i0, j0, mean, cut)) = best {
            return refit(&seg, (i0, j0, n), mean, cut, opts).map(|b| Block {
                unlined: unlined(&seg, (i0, j0, n), opts),
                ..b
            });
        }
    }
    None
}

/// Judges one block: `(mean interior coverage, cut side)` when it is a board.
fn judge(
    seg: &Segments,
    r: &Ridges,
    (i0, j0, n): (usize, usize, usize),
    opts: &TangoLocateOptions,
) -> Option<(f32, Option<Side>)> {
    let mut sum = 0.0;
    let mut worst_line = f32::MAX;
    let mut seg_ok = 0usize;
    for k in 1..n {
        for b in 0..n {
            seg_ok += usize::from(seg.v[i0 + k][j0 + b] >= opts.segment_ok)
                + usize::from(seg.hz[j0 + k][i0 + b] >= opts.segment_ok);
        }
        let (lv, lh) = (seg.vline(i0 + k, j0, n), seg.hline(j0 + k, i0, n));
        worst_line = worst_line.min(lv).min(lh);
        sum += lv + lh;
    }
    let mean = sum / (2 * (n - 1)) as f32;
    let seg_frac = seg_ok as f32 / (2 * n * (n - 1)) as f32;
    // Interior lines end at the border: a block inside a larger lattice has interior lines
    // running on past its border.
    // Per side: a block shifted a row off the board has the board's lines running on past one
    // side only.
    let mut sides = [0.0f32; 4];
    for k in 1..n {
        for (s, (bj, bi)) in [(j0.wrapping_sub(1), i0.wrapping_sub(1)), (j0 + n, i0 + n)]
            .into_iter()
            .enumerate()
        {
            sides[2 * s] += seg.v[i0 + k].get(bj).copied().unwrap_or(0.0);
            sides[2 * s + 1] += seg.hz[j0 + k].get(bi).copied().unwrap_or(0.0);
        }
    }
    let overshoot = sides.iter().sum::<f32>() / (4 * (n - 1)) as f32;
    let side_overshoot = sides.iter().fold(0.0f32, |a, &b| a.max(b)) / (n - 1) as f32;
    if mean < opts.min_coverage
        || worst_line < opts.min_line_coverage
        || seg_frac < opts.min_segment_frac
        || overshoot > opts.max_overshoot
        || side_overshoot > opts.max_side_overshoot
    {
        return None;
    }
    let cut = borders(seg, (i0, j0, n), opts)?;
    if open_outer_line(seg, (i0, j0, n), opts) {
        return None;
    }
    if coarser_than_lines(seg, r, (i0, j0, n), mean, opts) {
        return None;
    }
    Some((mean, cut))
}

/// The block's outer row or column (the first of top, bottom, left, right) with fewer than
/// [`TangoLocateOptions::min_outer_segments`] of the segments across it seen.
fn unlined(
    seg: &Segments,
    block: (usize, usize, usize),
    opts: &TangoLocateOptions,
) -> Option<Unlined> {
    OUTER.into_iter().find_map(|side| {
        let hidden = hidden_across(seg, block, side, opts);
        (seen_share(hidden, block.2) < opts.min_outer_segments).then_some(Unlined { side, hidden })
    })
}

/// The four sides, in the order [`unlined`] reports them.
const OUTER: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

/// The segments across the block's outer row or column on `side` not seen (under
/// [`TangoLocateOptions::segment_ok`]): bit `m` for interior line `m`.
fn hidden_across(
    seg: &Segments,
    (i0, j0, n): (usize, usize, usize),
    side: Side,
    opts: &TangoLocateOptions,
) -> u32 {
    let covered = |m: usize| match side {
        Side::Top => seg.v[i0 + m][j0],
        Side::Bottom => seg.v[i0 + m][j0 + n - 1],
        Side::Left => seg.hz[j0 + m][i0],
        Side::Right => seg.hz[j0 + m][i0 + n - 1],
    };
    (1..n)
        .filter(|&m| covered(m) < opts.segment_ok)
        .fold(0, |acc, m| acc | 1 << m)
}

/// The share of the `n - 1` segments across an outer line that are seen.
fn seen_share(hidden: u32, n: usize) -> f32 {
    1.0 - hidden.count_ones() as f32 / (n - 1) as f32
}

/// Checks the four borders of a block: `Some(None)` when each is present or at the image edge,
/// `Some(Some(side))` when one lies beyond the image edge with the lattice's lines running on
/// up to the edge (a cut board), `None` otherwise.
fn borders(
    seg: &Segments,
    (i0, j0, n): (usize, usize, usize),
    opts: &TangoLocateOptions,
) -> Option<Option<Side>> {
    let margin = opts.edge_margin * seg.qx;
    let at_edge =
        |p: f32, lim: usize| p.abs() <= margin || (p - (lim as f32 - 1.0)).abs() <= margin;
    let mut cut = None;
    for (k, low) in [(0, true), (n, false)] {
        // A vertical border (left / right); the partial column's horizontal segments.
        let x = seg.xs[i0 + k];
        if !(seg.vline(i0 + k, j0, n) >= opts.segment_ok || at_edge(x, seg.w)) {
            let col = if low { i0 } else { i0 + n - 1 };
            let outside = if low { x < 0.0 } else { x > seg.w as f32 - 1.0 };
            let runs_on = (1..n).map(|b| seg.hz[j0 + b][col]).sum::<f32>() / (n - 1) as f32;
            if !outside || runs_on < opts.segment_ok || cut.is_some() {
                return None;
            }
            cut = Some(if low { Side::Left } else { Side::Right });
        }
        let y = seg.ys[j0 + k];
        if !(seg.hline(j0 + k, i0, n) >= opts.segment_ok || at_edge(y, seg.h)) {
            let row = if low { j0 } else { j0 + n - 1 };
            let outside = if low { y < 0.0 } else { y > seg.h as f32 - 1.0 };
            let runs_on = (1..n).map(|b| seg.v[i0 + b][row]).sum::<f32>() / (n - 1) as f32;
            if !outside || runs_on < opts.segment_ok || cut.is_some() {
                return None;
            }
            cut = Some(if low { Side::Top } else { Side::Bottom });
        }
    }
    Some(cut)
}

/// Whether an outer row or column of the block is page, not board: fewer than
/// [`TangoLocateOptions::min_outer_segments`] of the line segments across it are covered
/// **and** it is not enclosed by a drawn frame (its outer border and both side borders along
/// it, [`TangoLocateOptions::frame_side_ok`]). A board cropped with a margin about a cell wide
/// fits an 8x8 block whose outer ring is that margin (its lattice lines cover six of eight
/// cells, enough for the coverage tests); a board cut through its outer row fits a block one
/// row off, onto a page element whose outline lies where the border would. A board's own
/// outer line has the segments across it, or its frame all round (a line of givens can hide
/// the segments).
fn open_outer_line(
    seg: &Segments,
    (i0, j0, n): (usize, usize, usize),
    opts: &TangoLocateOptions,
) -> bool {
    let ok = opts.segment_ok;
    let side_ok = opts.frame_side_ok;
    // The outer border drawn, and both side borders along the outer line.
    let framed = |side: Side| match side {
        Side::Top => seg.hline(j0, i0, n) >= ok && seg.v[i0][j0].min(seg.v[i0 + n][j0]) >= side_ok,
        Side::Bottom => {
            seg.hline(j0 + n, i0, n) >= ok
                && seg.v[i0][j0 + n - 1].min(seg.v[i0 + n][j0 + n - 1]) >= side_ok
        }
        Side::Left => {
            seg.vline(i0, j0, n) >= ok && seg.hz[j0][i0].min(seg.hz[j0 + n][i0]) >= side_ok
        }
        Side::Right => {
            seg.vline(i0 + n, j0, n) >= ok
                && seg.hz[j0][i0 + n - 1].min(seg.hz[j0 + n][i0 + n - 1]) >= side_ok
        }
    };
    OUTER.into_iter().any(|side| {
        let hidden = hidden_across(seg, (i0, j0, n), side, opts);
        seen_share(hidden, n) < opts.min_outer_segments && !framed(side)
    })
}

/// Whether grid lines run through the block's cells: a lattice at a coarser pitch than the lines
/// in it (a 4x4 of 1.5-cell blocks over a 6x6 board). A column (row) of cells holds a line when a
/// straight line across the block, away from the cell borders, is covered to at least
/// [`TangoLocateOptions::inner_line_rel`] of the block's mean interior coverage.
fn coarser_than_lines(
    seg: &Segments,
    r: &Ridges,
    (i0, j0, n): (usize, usize, usize),
    mean: f32,
    opts: &TangoLocateOptions,
) -> bool {
    let need = opts.inner_line_rel * mean;
    let holds_line = |vertical: bool, a: f32, b: f32, from: f32, to: f32| {
        let (lo, hi) = (a.ceil() as i64, b.floor() as i64);
        (lo..=hi).any(|p| coverage(r, vertical, p as f32, from, to) >= need)
    };
    let (ex, ey) = (
        opts.inner_line_inset * seg.qx,
        opts.inner_line_inset * seg.qy,
    );
    let (top, bottom) = (seg.ys[j0], seg.ys[j0 + n]);
    let (left, right) = (seg.xs[i0], seg.xs[i0 + n]);
    let cols = (0..n)
        .filter(|&b| {
            holds_line(
                true,
                seg.xs[i0 + b] + ex,
                seg.xs[i0 + b + 1] - ex,
                top,
                bottom,
            )
        })
        .count();
    let rows = (0..n)
        .filter(|&b| {
            holds_line(
                false,
                seg.ys[j0 + b] + ey,
                seg.ys[j0 + b + 1] - ey,
                left,
                right,
            )
        })
        .count();
    cols.max(rows) as f32 > opts.max_inner_line_frac * n as f32
}

/// Refits origin and pitch on the block's lines that are present (borders may be missing at the
/// image edge).
fn refit(
    seg: &Segments,
    (i0, j0, n): (usize, usize, usize),
    mean: f32,
    cut: Option<Side>,
    opts: &TangoLocateOptions,
) -> Option<Block> {
    let fit = |pos: &[f32], present: &dyn Fn(usize) -> bool| -> Option<(f32, f32)> {
        let pts: Vec<(f32, f32)> = (0..=n)
            .filter(|&k| present(k))
            .map(|k| (k as f32, pos[k]))
            .collect();
        least_squares(&pts)
    };
    let (lx, px) = fit(&seg.xs[i0..], &|k| {
        seg.vline(i0 + k, j0, n) >= opts.segment_ok
    })?;
    let (ly, py) = fit(&seg.ys[j0..], &|k| {
        seg.hline(j0 + k, i0, n) >= opts.segment_ok
    })?;
    Some(Block {
        left: lx,
        top: ly,
        pitch_x: px,
        pitch_y: py,
        n,
        coverage: mean,
        cut,
        unlined: None,
    })
}
