//! Comparing a [`Reading`] with the ground truth of a rendered screenshot, for the fixture and
//! stress tests: what differs (puzzle, placed pieces, board position), a side-by-side text view
//! with the differing cells marked, and whether a wrong read was flagged (doubts, or a solver
//! outcome other than a unique solution).
#![allow(dead_code)]

use snapsolve::board::{Grid, Placed, Reading};
use snapsolve::format;
use snapsolve::puzzle::{Pos, Puzzle};
use snapsolve::solve::{Outcome, SolveOptions, solve};
use std::collections::BTreeSet;

/// Largest distance, as a share of the true cell pitch, between a corner of the grid the reader
/// found and the true one. A quarter cell: beyond it the overlay draws visibly off the cells.
pub const GRID_TOLERANCE: f32 = 0.25;

/// The ground truth of one screenshot.
#[derive(Clone, Debug)]
pub struct Truth {
    /// The puzzle drawn.
    pub puzzle: Puzzle,
    /// The pieces a player placed.
    pub placed: Vec<Placed>,
    /// Where the cells are.
    pub grid: Grid,
}

/// What differs between a reading and the truth (all empty / false: an exact read).
#[derive(Clone, Debug, Default)]
pub struct Mismatch {
    /// The puzzle differs (givens, markers, regions, size or game).
    pub puzzle: bool,
    /// Cells whose puzzle content differs (empty when the sizes differ).
    pub cells: Vec<Pos>,
    /// Placed pieces in the truth but not read.
    pub missed: Vec<Placed>,
    /// Placed pieces read but not in the truth.
    pub extra: Vec<Placed>,
    /// The grid is off by more than [`GRID_TOLERANCE`]: the largest corner offset in cells.
    pub grid_off: Option<f32>,
}

impl Mismatch {
    /// True when the read is exact.
    pub fn is_exact(&self) -> bool {
        !self.puzzle && self.missed.is_empty() && self.extra.is_empty() && self.grid_off.is_none()
    }
    /// A one-line summary of what is wrong.
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if self.puzzle {
            if self.cells.is_empty() {
                parts.push("puzzle differs".to_string());
            } else {
                let cells: Vec<String> = self.cells.iter().map(Pos::to_string).collect();
                parts.push(format!("puzzle cells {}", cells.join(" ")));
            }
        }
        if !self.missed.is_empty() {
            parts.push(format!("missed pieces {}", pieces(&self.missed)));
        }
        if !self.extra.is_empty() {
            parts.push(format!("extra pieces {}", pieces(&self.extra)));
        }
        if let Some(off) = self.grid_off {
            parts.push(format!("grid off by {off:.2} cell"));
        }
        parts.join("; ")
    }
}

fn pieces(v: &[Placed]) -> String {
    v.iter()
        .map(|p| match *p {
            Placed::Symbol { pos, symbol } => format!("{}@{pos}", symbol.letter()),
            Placed::Crown { pos } => format!("Q@{pos}"),
            Placed::Cross { pos } => format!("x@{pos}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Compares a reading with the truth.
pub fn compare(truth: &Truth, r: &Reading) -> Mismatch {
    let mut m = Mismatch {
        puzzle: r.puzzle != truth.puzzle,
        cells: differing_cells(&truth.puzzle, &r.puzzle),
        ..Mismatch::default()
    };
    let want: BTreeSet<String> = truth.placed.iter().map(|p| format!("{p:?}")).collect();
    let got: BTreeSet<String> = r.placed.iter().map(|p| format!("{p:?}")).collect();
    m.missed = truth
        .placed
        .iter()
        .filter(|p| !got.contains(&format!("{p:?}")))
        .copied()
        .collect();
    m.extra = r
        .placed
        .iter()
        .filter(|p| !want.contains(&format!("{p:?}")))
        .copied()
        .collect();
    let off = grid_offset(&truth.grid, &r.grid);
    if off > GRID_TOLERANCE {
        m.grid_off = Some(off);
    }
    m
}

/// Largest distance between matching corners of two grids, in true cell pitches (infinite when
/// the sizes differ).
pub fn grid_offset(want: &Grid, got: &Grid) -> f32 {
    if (want.rows, want.cols) != (got.rows, got.cols) {
        return f32::INFINITY;
    }
    let corners = |g: &Grid| {
        [
            (g.left, g.top),
            (g.left + g.width(), g.top),
            (g.left, g.top + g.height()),
            (g.left + g.width(), g.top + g.height()),
        ]
    };
    corners(want)
        .iter()
        .zip(corners(got).iter())
        .map(|(a, b)| ((a.0 - b.0) / want.cell_w).hypot((a.1 - b.1) / want.cell_h))
        .fold(0.0, f32::max)
}

/// Cells whose content differs between two puzzles of the same game and size: a Tango given,
/// or a marker on one of the cell's right/down edges; a Queens region label (compared after
/// matching regions by their overlap, so that one misread cell marks one cell).
pub fn differing_cells(a: &Puzzle, b: &Puzzle) -> Vec<Pos> {
    match (a, b) {
        (Puzzle::Tango(x), Puzzle::Tango(y)) if (x.rows(), x.cols()) == (y.rows(), y.cols()) => {
            let mut out: BTreeSet<Pos> = x
                .positions()
                .filter(|&p| x.given(p) != y.given(p))
                .collect();
            for e in x.edges() {
                if x.marker(e) != y.marker(e) {
                    let (p, q) = e.cells();
                    out.insert(p);
                    out.insert(q);
                }
            }
            out.into_iter().collect()
        }
        (Puzzle::Queens(x), Puzzle::Queens(y)) if x.n() == y.n() => {
            let n = x.n();
            let cells: Vec<Pos> = (0..n * n).map(|i| Pos::new(i / n, i % n)).collect();
            // Each region of `b` maps to the region of `a` it overlaps most.
            let mut map = vec![0usize; y.region_count()];
            for (k, slot) in map.iter_mut().enumerate() {
                let mut votes = vec![0usize; x.region_count()];
                for &p in cells.iter().filter(|&&p| y.region(p) == k) {
                    votes[x.region(p)] += 1;
                }
                *slot = (0..votes.len()).max_by_key(|&i| votes[i]).unwrap_or(0);
            }
            cells
                .into_iter()
                .filter(|&p| map[y.region(p)] != x.region(p))
                .collect()
        }
        _ => Vec::new(),
    }
}

/// The two puzzles' text forms side by side, lines that differ marked `*` at the left, then a
/// mask of the differing characters (`^`) when the layouts have the same shape.
pub fn side_by_side(want: &Puzzle, got: &Puzzle) -> String {
    let a: Vec<String> = format::print(want).lines().map(str::to_string).collect();
    let b: Vec<String> = format::print(got).lines().map(str::to_string).collect();
    let width = a.iter().map(String::len).max().unwrap_or(0).max(8);
    let mut out = format!(
        "    {:<width$} | {:<width$} | differs\n",
        "expected", "read"
    );
    for i in 0..a.len().max(b.len()) {
        let l = a.get(i).map_or("", String::as_str);
        let r = b.get(i).map_or("", String::as_str);
        let mark = if l.trim_end() == r.trim_end() {
            ' '
        } else {
            '*'
        };
        let lc: Vec<char> = l.chars().collect();
        let rc: Vec<char> = r.chars().collect();
        let mask: String = (0..lc.len().max(rc.len()))
            .map(|j| {
                if lc.get(j).unwrap_or(&' ') == rc.get(j).unwrap_or(&' ') {
                    ' '
                } else {
                    '^'
                }
            })
            .collect();
        out += &format!("  {mark} {l:<width$} | {r:<width$} | {}\n", mask.trim_end());
    }
    let cells = differing_cells(want, got);
    if !cells.is_empty() {
        let cells: Vec<String> = cells.iter().map(Pos::to_string).collect();
        out += &format!("    cells differing: {}\n", cells.join(" "));
    }
    out
}

/// Solver outcome of a read puzzle: `unique`, `several`, `none`, `timeout`, or `error: ...`.
pub fn solve_outcome(p: &Puzzle) -> (String, Option<Outcome>) {
    match solve(p, &SolveOptions::default()) {
        Ok(rep) => (rep.outcome.name().to_string(), Some(rep.outcome)),
        Err(e) => (format!("error: {e}"), None),
    }
}

/// A wrong read is flagged when the reader listed doubts or the solver did not find exactly
/// one solution (what the CLI shows the user instead of a confident answer).
pub fn flagged(r: &Reading, outcome: &str) -> bool {
    !r.doubts.is_empty() || outcome != "unique"
}
