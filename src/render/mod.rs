//! Drawing: the solution overlay on a user's screenshot, a synthetic LinkedIn-style screenshot
//! renderer, PNG output and the fixture writer.
//!
//! - [`draw`]: anti-aliased, scale-aware shapes and glyphs shared by everything below;
//! - [`palette`]: the colours of LinkedIn's boards in light and dark mode;
//! - [`overlay`]: [`overlay::overlay`] draws a [`crate::puzzle::Solution`] (or a conflict set
//!   and the reader's doubts) onto the original image at the cells of a [`crate::board::Reading`];
//! - [`hint`]: [`hint::draw_hint`] draws one hint (the cell, what it holds, the cells behind
//!   it; or a wrong piece) onto a screenshot;
//! - [`synth`]: [`synth::render`] draws a screenshot of a puzzle (theme, scale, page frame,
//!   game state, JPEG, blur, noise; deterministic for a seed), returning the image and its grid;
//! - [`output`]: [`output::write_png_atomic`] (temp file + rename, `-` for stdout, refuses to
//!   overwrite the input);
//! - [`fixtures`]: [`fixtures::write_fixture`] writes `<id>.png` + `<id>.txt` pairs;
//! - [`rng`]: the small deterministic PRNG the renderer uses (no `rand` dependency).
//!
//! ```
//! use snapsolve::board::{Reading, Theme};
//! use snapsolve::render::{overlay, output, synth};
//! use snapsolve::{Solution, Symbol::{Moon as M, Sun as S}, format};
//!
//! let puzzle = format::parse("tango 2x2\nS .\n\n. .\n").unwrap();
//! let solution = Solution::Tango { rows: 2, cols: 2, cells: vec![S, M, M, S] };
//! // A dark phone screenshot of the raw puzzle, and where its cells are.
//! let opts = synth::SynthOptions {
//!     theme: Theme::Dark,
//!     frame: synth::Frame::Phone,
//!     scale: 200,
//!     ..Default::default()
//! };
//! let shot = synth::render(&puzzle, None, &opts).unwrap();
//! // What a reader would return for it; then the answer drawn onto the screenshot.
//! let reading = Reading {
//!     puzzle: puzzle.clone(),
//!     grid: shot.grid,
//!     theme: shot.theme,
//!     placed: shot.placed.clone(),
//!     doubts: vec![],
//!     weak: vec![],
//!     min_confidence: 1.0,
//!     occluded: vec![],
//!     straightened: None,
//!     icons: None,
//!     pieces_as_givens: false,
//!     no_given_shading: false,
//!     pieces_sorted: false,
//!     small_glyphs: false,
//!     overlay_seen: false,
//!     red_stripes: false,
//!     stripes_unseen: false,
//!     odd_crowns: Vec::new(),
//!     striped: Vec::new(),
//!     striped_walled: Vec::new(),
//!     misread_regions: Vec::new(),
//!     cut: None,
//!     probabilities: None,
//! };
//! let out = overlay::overlay(
//!     &shot.image,
//!     &reading,
//!     Some(&solution),
//!     &overlay::OverlayMarks::default(),
//!     &overlay::OverlayOptions::default(),
//! )
//! .unwrap();
//! assert_eq!(out.dimensions(), shot.image.dimensions());
//! let path = std::env::temp_dir().join(format!("snapsolve-doc-{}.png", std::process::id()));
//! output::write_png_atomic(&path, &out, None).unwrap();
//! # std::fs::remove_file(&path).unwrap();
//! ```

pub mod draw;
pub mod fixtures;
pub mod hint;
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
