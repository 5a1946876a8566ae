//! Is the located lattice a Queens board? A Queens board is a square lattice of coloured cells
//! in many distinct colours (one per region). Lattices of white or grey cells (Tango, Zip),
//! too few colours, or boards smaller than any LinkedIn Queens board (the 5x5 board of the
//! how-to-play tutorial) are refused.

use super::color::Lab;
use super::locate::QueensLattice;
use super::sample::Samples;
use image::RgbImage;

/// Tunables of the board check.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// Boards scoring below this are refused. Default 0.5.
    pub min_score: f32,
    /// Smallest board side read as a Queens puzzle. Default 4 (the smallest Queens board with
    /// a solution).
    pub min_side: usize,
    /// Boards up to this side that are already fully solved (a crown in every row) are
    /// refused as no puzzle: LinkedIn's Queens boards are 7x7 to 11x11, and the solved 5x5 board
    /// it shows is the how-to-play example. Default 5.
    pub solved_example_max_side: usize,
    /// An edge between two cells counts as drawn when its line weight (integrated darkness,
    /// in pixels) is at least this. Default 0.3.
    pub min_line_weight: f32,
    /// Two cells whose colours are closer than this (CIE76) count as one colour. Default 8.
    pub colour_tolerance: f32,
    /// Distinct cell colours needed for a full colour score, as a fraction of N (regions with
    /// near-equal colours exist, so not all N are required). Default 0.6.
    pub full_colour_share: f32,
    /// Distinct cell colours at or under which the colour score is zero, as a fraction of N
    /// (the score rises linearly up to `full_colour_share`). Default 0.3.
    pub min_colour_share: f32,
    /// A cell is uncoloured (white or black, as in Tango, Zip or dark pages) when its
    /// chroma is at most this... Default 6.
    pub blank_chroma: f32,
    /// ...and its lightness at least this (white). Default 96.
    pub blank_light: f32,
    /// ...or at most this (black). Default 25.
    pub blank_dark: f32,
    /// Largest share of uncoloured cells (Queens regions are all coloured or light grey).
    /// Default 0.25.
    pub max_blank_share: f32,
    /// ...unless the coloured cells show at least N minus this many distinct colours: a pale
    /// region clipped to white in a brightened capture (two near-equal pale regions count as
    /// one colour). Tango and Zip lattices show at most three colours. Default 2.
    pub blank_regions_short: usize,
    /// Cells whose region confidence is below this are reported as doubts. Default 0.6.
    pub doubt_below: f32,
    /// The page theme is the median luma of points this far outside the board, as a fraction
    /// of the pitch. Default 0.35.
    pub theme_pad: f32,
    /// Steps along each side of the board at which the theme is sampled. Default 20.
    pub theme_steps: usize,
    /// Fewest theme points inside the image for a dark theme to be told (else light).
    /// Default 8.
    pub theme_min_points: usize,
    /// A median page luma below this is a dark theme. Default 80.
    pub dark_page_luma: u8,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            min_score: 0.5,
            min_side: crate::puzzle::MIN_QUEENS,
            solved_example_max_side: 5,
            min_line_weight: 0.3,
            colour_tolerance: 8.0,
            full_colour_share: 0.6,
            min_colour_share: 0.3,
            blank_chroma: 6.0,
            blank_light: 96.0,
            blank_dark: 25.0,
            max_blank_share: 0.25,
            blank_regions_short: 2,
            doubt_below: 0.6,
            theme_pad: 0.35,
            theme_steps: 20,
            theme_min_points: 8,
            dark_page_luma: 80,
        }
    }
}

/// The check's verdict.
#[derive(Clone, Debug)]
pub struct BoardVerdict {
    /// Plausibility, 0..=1: the lattice support (the larger of the share of cells the locator
    /// saw separately and the share of shared edges with a drawn line) times the colour score.
    pub score: f32,
    /// Share of shared edges with a drawn line.
    pub lines: f32,
    /// Number of distinct cell colours.
    pub colours: usize,
    /// Share of uncoloured (white or black) cells.
    pub blank: f32,
    /// What lowered the score most.
    pub reason: String,
}

/// Distinct colours among `cols` (greedy clustering: a colour joins the first cluster centre
/// within `tol`).
fn distinct(cols: &[Lab], tol: f32) -> usize {
    let mut centres: Vec<Lab> = Vec::new();
    for c in cols {
        if !centres.iter().any(|k| k.delta_e(*c) < tol) {
            centres.push(*c);
        }
    }
    centres.len()
}

/// Scores a located board from its measurements.
pub fn check(
    _img: &RgbImage,
    located: &QueensLattice,
    s: &Samples,
    o: &CheckOptions,
) -> BoardVerdict {
    let n = s.n;
    if n < o.min_side {
        return BoardVerdict {
            score: 0.0,
            lines: 0.0,
            colours: 0,
            blank: 0.0,
            reason: format!("{n}x{n} is smaller than any Queens board (tutorial or example)"),
        };
    }
    let cols: Vec<Lab> = s.cells.iter().map(|c| c.colour).collect();
    let k = distinct(&cols, o.colour_tolerance);
    let share = k as f32 / n as f32;
    let span = (o.full_colour_share - o.min_colour_share).max(1e-3);
    let mut colour_score = ((share - o.min_colour_share) / span).clamp(0.0, 1.0);
    let (uncoloured, coloured): (Vec<Lab>, Vec<Lab>) = cols.iter().partition(|c| {
        c.chroma() <= o.blank_chroma && (c.l >= o.blank_light || c.l <= o.blank_dark)
    });
    let blank = uncoloured.len();
    let blank_share = blank as f32 / cols.len().max(1) as f32;
    // Many uncoloured cells: another game's lattice, unless nearly every region still has
    // its own colour.
    let too_blank = blank_share > o.max_blank_share
        && distinct(&coloured, o.colour_tolerance) + o.blank_regions_short < n;
    if too_blank {
        colour_score = 0.0;
    }
    let weights: Vec<f32> = s.right.iter().chain(&s.down).copied().collect();
    let lines = weights.iter().filter(|&&w| w >= o.min_line_weight).count() as f32
        / weights.len().max(1) as f32;
    let support = located.seen.max(lines).min(1.0);
    let score = support * colour_score;
    let reason = if too_blank {
        format!("{blank} of the {} cells are white or black", cols.len())
    } else if colour_score < support {
        format!("only {k} distinct cell colours for {n} regions")
    } else {
        format!("only {:.0}% of the cell borders seen", support * 100.0)
    };
    BoardVerdict {
        score,
        lines,
        colours: k,
        blank: blank_share,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::super::locate::tests::{PALETTE, draw_board, sample_labels};
    use super::super::locate::{QueensLocateOptions, locate};
    use super::super::sample::{SampleOptions, sample};
    use super::*;

    fn verdict(img: &RgbImage) -> BoardVerdict {
        let l = locate(img, &QueensLocateOptions::default()).expect("lattice");
        let s = sample(img, &l.grid, &SampleOptions::default());
        check(img, &l, &s, &CheckOptions::default())
    }

    #[test]
    fn coloured_board_passes() {
        let img = draw_board(&sample_labels(), 7, 50, 10, [255, 255, 255], &PALETTE);
        let v = verdict(&img);
        assert!(v.score > 0.9, "{v:?}");
    }

    #[test]
    fn white_lattice_is_refused() {
        // Same lattice, every cell white (a grid of another game).
        let img = draw_board(
            &sample_labels(),
            7,
            50,
            10,
            [255, 255, 255],
            &[[255, 255, 255]],
        );
        let v = verdict(&img);
        assert!(v.score < CheckOptions::default().min_score, "{v:?}");
    }

    #[test]
    fn two_colour_lattice_is_refused() {
        // A lattice of grey and beige cells (like a Tango board with dark lines).
        let labels: Vec<u32> = (0..49).map(|i| u32::from(i % 5 == 0)).collect();
        let img = draw_board(
            &labels,
            7,
            50,
            10,
            [255, 255, 255],
            &[[238, 235, 231], [200, 200, 200]],
        );
        let v = verdict(&img);
        assert!(v.score < CheckOptions::default().min_score, "{v:?}");
    }

    #[test]
    fn small_unsolved_board_is_a_board() {
        // A 5x5 board without crowns is a puzzle (only a solved one of this size is taken for
        // the how-to-play example, in `read_queens`).
        let labels: Vec<u32> = vec![
            0, 1, 1, 1, 1, 2, 3, 2, 1, 2, 2, 3, 2, 2, 2, 2, 2, 2, 4, 4, 2, 2, 2, 2, 2,
        ];
        let img = draw_board(&labels, 5, 60, 10, [255, 255, 255], &PALETTE);
        assert!(verdict(&img).score > 0.0);
    }
}
