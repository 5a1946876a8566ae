//! Reading a Queens board. Stages, each a module with its own options:
//! [`locate`] (board, pitch, N) -> [`sample`] (cell colours, centre glyphs, border weights) ->
//! [`regions`] (exactly N connected regions) and [`pieces`] (crowns and x marks) ->
//! [`crate::board::Reading`]. [`check`] decides whether what was found is a Queens board at all.

pub mod check;
pub mod color;
pub mod locate;
pub mod pieces;
pub mod regions;
pub mod sample;

use super::ReadError;
use crate::board::{Doubt, Grid, Reading, Theme};
use crate::puzzle::{Pos, Puzzle, Queens};
use image::RgbImage;

/// All tunables of the Queens reader, one struct per stage.
#[derive(Clone, Debug, Default)]
pub struct QueensReadOptions {
    /// Board locator.
    pub locate: locate::LocateOptions,
    /// Cell and edge measurements.
    pub sample: sample::SampleOptions,
    /// Region grouping.
    pub regions: regions::RegionOptions,
    /// Crowns and x marks.
    pub pieces: pieces::PieceOptions,
    /// Is it a Queens board at all.
    pub check: check::CheckOptions,
}

/// A Queens board candidate: where it is and how Queens-like it looks.
#[derive(Clone, Debug)]
pub struct QueensCandidate {
    /// The grid.
    pub grid: Grid,
    /// Plausibility in 0..=1 (see [`check::CheckOptions`]); boards under
    /// [`check::CheckOptions::min_score`] are refused by [`read_queens`].
    pub score: f32,
}

/// Looks for a Queens board and scores it, without reading the regions: for deciding the
/// game. `None` when no board-like lattice of coloured cells is seen.
pub fn queens_candidate(img: &RgbImage, opts: &QueensReadOptions) -> Option<QueensCandidate> {
    let located = locate::locate(img, &opts.locate)?;
    let samples = sample::sample(img, &located.grid, &opts.sample);
    let verdict = check::check(img, &located, &samples, &opts.check);
    Some(QueensCandidate {
        grid: located.grid,
        score: verdict.score,
    })
}

fn theme(img: &RgbImage, g: &Grid) -> Theme {
    // Median luma of points just outside the board (inside the image).
    let mut v: Vec<u8> = Vec::new();
    let pad = 0.35;
    for k in 0..=20 {
        let f = k as f32 / 20.0;
        let xs = g.left + f * g.width();
        let ys = g.top + f * g.height();
        for (x, y) in [
            (xs, g.top - pad * g.cell_h),
            (xs, g.top + g.height() + pad * g.cell_h),
            (g.left - pad * g.cell_w, ys),
            (g.left + g.width() + pad * g.cell_w, ys),
        ] {
            if x >= 0.0 && y >= 0.0 && (x as u32) < img.width() && (y as u32) < img.height() {
                v.push(color::luma(img.get_pixel(x as u32, y as u32).0));
            }
        }
    }
    if v.len() < 8 {
        return Theme::Light;
    }
    let mid = v.len() / 2;
    if *v.select_nth_unstable(mid).1 < 80 {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// Reads a Queens board: the region map, the crowns and x marks a player placed, and a
/// confidence per cell (cells under [`check::CheckOptions::doubt_below`] are listed in
/// `doubts`, weakest first).
pub fn read_queens(img: &RgbImage, opts: &QueensReadOptions) -> Result<Reading, ReadError> {
    let located = locate::locate_explained(img, &opts.locate).map_err(ReadError::NoBoard)?;
    let grid = located.grid;
    let samples = sample::sample(img, &grid, &opts.sample);
    let verdict = check::check(img, &located, &samples, &opts.check);
    if verdict.score < opts.check.min_score {
        return Err(ReadError::NoBoard(format!(
            "a {n}x{n} grid was found but it does not look like a Queens board: {}",
            verdict.reason,
            n = grid.rows
        )));
    }
    let regions = regions::regions(&samples, &opts.regions);
    let n = grid.rows;
    let queens = Queens::new(n, &regions.labels)
        .map_err(|e| ReadError::NoBoard(format!("region map rejected: {e}")))?;
    let placed = pieces::pieces(&samples, &opts.pieces);
    let mut doubts: Vec<Doubt> = regions
        .confidence
        .iter()
        .enumerate()
        .filter(|(_, c)| **c < opts.check.doubt_below)
        .map(|(i, &c)| Doubt::Cell {
            pos: Pos::new(i / n, i % n),
            confidence: c,
        })
        .collect();
    doubts.sort_by(|a, b| match (a, b) {
        (Doubt::Cell { confidence: x, .. }, Doubt::Cell { confidence: y, .. }) => x.total_cmp(y),
        _ => std::cmp::Ordering::Equal,
    });
    let min_confidence = regions
        .confidence
        .iter()
        .copied()
        .fold(1.0f32, f32::min)
        .min(verdict.score);
    Ok(Reading {
        puzzle: Puzzle::Queens(queens),
        grid,
        theme: theme(img, &grid),
        placed,
        doubts,
        min_confidence,
    })
}
