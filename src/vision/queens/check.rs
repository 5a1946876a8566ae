//! Is the located lattice a Queens board? Scores what was measured; placeholder rules.

use super::locate::Located;
use super::sample::Samples;
use image::RgbImage;

/// Tunables of the board check.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// Boards scoring below this are refused. Default 0.5.
    pub min_score: f32,
    /// Cells whose confidence is below this are reported as doubts. Default 0.6.
    pub doubt_below: f32,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            min_score: 0.5,
            doubt_below: 0.6,
        }
    }
}

/// The check's verdict.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Plausibility, 0..=1.
    pub score: f32,
    /// Why the score is low (empty when it is not).
    pub reason: String,
}

/// Scores a located board.
pub fn check(_img: &RgbImage, located: &Located, _s: &Samples, _o: &CheckOptions) -> Verdict {
    Verdict {
        score: located.seen,
        reason: String::new(),
    }
}
