//! Drawing: the solution overlay on a user's screenshot, a synthetic LinkedIn-style screenshot
//! renderer, PNG output and the fixture writer.
//!
//! - [`draw`]: anti-aliased, scale-aware shapes and glyphs shared by everything below;
//! - [`palette`]: the colours of LinkedIn's boards in light and dark mode;
//! - [`overlay`]: [`overlay::overlay`] draws a [`crate::puzzle::Solution`] (or a conflict set
//!   and the reader's doubts) onto the original image at the cells of a [`crate::board::Reading`];
//! - [`synth`]: [`synth::render`] draws a screenshot of a puzzle (theme, scale, page frame,
//!   game state, JPEG, blur, noise; deterministic for a seed), returning the image and its grid;
//! - [`output`]: [`output::write_png_atomic`] (temp file + rename, `-` for stdout, refuses to
//!   overwrite the input);
//! - [`fixtures`]: [`fixtures::write_fixture`] writes `<id>.png` + `<id>.txt` pairs;
//! - [`rng`]: the small deterministic PRNG the renderer uses (no `rand` dependency).

pub mod draw;
pub mod fixtures;
pub mod output;
pub mod overlay;
pub mod palette;
pub mod rng;
pub mod synth;

use std::path::PathBuf;

/// Errors of the drawing stages.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The solution does not fit the puzzle (other game or other size).
    #[error("the solution does not fit the puzzle: {0}")]
    SolutionMismatch(String),
    /// The requested state needs a solution and none was given.
    #[error("state `{0}` needs a solution to draw placed pieces")]
    NeedSolution(&'static str),
    /// An option is out of range.
    #[error("invalid option: {0}")]
    BadOption(String),
    /// The output path is the input image.
    #[error("refusing to overwrite the input image {}", .0.display())]
    SameAsInput(PathBuf),
    /// Encoding or decoding an image failed.
    #[error("image encoding failed: {0}")]
    Encode(String),
    /// A file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}
