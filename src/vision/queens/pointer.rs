//! Stage 3c (Queens reader): a mouse pointer resting on the board. Its cells are neither
//! streaked by an overlay (the pointer's outline raises a cell's colour spread) nor hold a
//! player's piece (its dark body reads like a crown or an x).
//!
//! The pointer is found as in the Tango reader ([`crate::vision::occlusion::find_pointers`]:
//! near-black pixels in contact with near-white ones, off the grid lines), with a whiter
//! white: a Queens board's light grey cells beside its black region borders and pieces would
//! otherwise look like a pointer's outline. The grid lines cut a pointer into pieces; pieces
//! close together are one pointer.

use crate::board::Grid;
use crate::puzzle::Pos;
use crate::vision::occlusion::{OcclusionOptions, find_pointers};
use image::RgbImage;

/// Tunables of the Queens pointer stage.
#[derive(Clone, Debug, PartialEq)]
pub struct PointerOptions {
    /// The pointer finder's options. Default: the Tango reader's, with `bright_min` 245 (on
    /// the 63 real Queens captures at hand no candidate is found with it, against 0-39 with
    /// the Tango value 215), `outline_max` 60 and `max_join` 0 (this stage joins the parts,
    /// `merge_gap`).
    pub find: OcclusionOptions,
    /// Pieces of outline whose boxes are at most this far apart (a fraction of the pitch) are
    /// one pointer. Default 0.5.
    pub merge_gap: f32,
    /// A cell is the pointer's when an outline pixel lies within this fraction of the pitch of
    /// its centre (Chebyshev), where a piece would be read. Default 0.3.
    pub cell_reach: f32,
    /// When no pointer is found and the player's crowns as read clash (two in a line, or
    /// touching) with no red stripes seen, which LinkedIn never shows, the pointer is looked
    /// for again with each of these near-white levels in turn (`find.bright_min`), and the
    /// board is read again with the first that finds one over a clashing crown: a pointer's
    /// thin white outline, blended into the cell under it on a small or noisy capture, peaks
    /// at 230-245 (pointer-arrow 3500407 and 3500606: an arrow read as a crown beside a
    /// crown; at 225 the second one's grey cells beside black borders give more candidates
    /// than a screen's one pointer). Empty: no second look. Default `[235, 225]`.
    pub clash_bright_levels: Vec<u8>,
}

impl Default for PointerOptions {
    fn default() -> Self {
        PointerOptions {
            find: OcclusionOptions {
                bright_min: 245,
                // Black crowns and borders: grey outlines are no clue on a Queens board.
                outline_max: 60,
                max_join: 0,
                ..OcclusionOptions::default()
            },
            merge_gap: 0.5,
            cell_reach: 0.3,
            clash_bright_levels: vec![235, 225],
        }
    }
}

/// The cells a pointer over the board touches (none when the stage is off, or when more
/// pointers than [`OcclusionOptions::max_candidates`] are found: black-and-white glyphs, not a
/// pointer).
pub fn pointer_cells(img: &RgbImage, grid: &Grid, opts: &PointerOptions) -> Vec<Pos> {
    if !opts.find.enabled {
        return Vec::new();
    }
    let pitch = grid.cell_w.min(grid.cell_h);
    let gap = opts.merge_gap * pitch;
    // Group the pieces: boxes within `gap` of one another (transitively).
    let found = find_pointers(img, grid, &opts.find);
    let mut group: Vec<usize> = (0..found.len()).collect();
    let near = |a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)| {
        a.0 - gap <= b.2 && b.0 - gap <= a.2 && a.1 - gap <= b.3 && b.1 - gap <= a.3
    };
    for i in 0..found.len() {
        for j in 0..i {
            if near(found[i].bbox, found[j].bbox) {
                let (gi, gj) = (group[i], group[j]);
                for g in group.iter_mut() {
                    if *g == gi {
                        *g = gj;
                    }
                }
            }
        }
    }
    let mut groups = group.clone();
    groups.sort_unstable();
    groups.dedup();
    if groups.len() > opts.find.max_candidates {
        return Vec::new();
    }
    let reach = opts.cell_reach * pitch;
    let mut out = Vec::new();
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            let pos = Pos::new(r, c);
            let (cx, cy) = grid.center(pos);
            let touched = found.iter().any(|f| {
                f.pixels
                    .iter()
                    .any(|&(x, y)| (x - cx).abs() <= reach && (y - cy).abs() <= reach)
            });
            if touched {
                out.push(pos);
            }
        }
    }
    out
}

/// Marks the lines around the pointer's cells hidden (NaN weights: no border evidence, see
/// [`super::regions`]).
pub fn hide_lines(s: &mut super::sample::Samples, under: &[Pos]) {
    let n = s.n;
    for p in under {
        let (r, c) = (p.row, p.col);
        if c + 1 < n {
            s.right[r * (n - 1) + c] = f32::NAN;
        }
        if c > 0 {
            s.right[r * (n - 1) + c - 1] = f32::NAN;
        }
        if r + 1 < n {
            s.down[r * n + c] = f32::NAN;
        }
        if r > 0 {
            s.down[(r - 1) * n + c] = f32::NAN;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_defaults_match_the_code() {
        crate::vision::check_documented_defaults(
            include_str!("pointer.rs"),
            "PointerOptions",
            &format!("{:?}", PointerOptions::default()),
        );
    }
}
