//! snapsolve: reads a screenshot of a LinkedIn Tango or Queens puzzle, solves it with z3,
//! proves the solution unique and draws the answer back onto the image.
//!
//! Pipeline (one module per stage, a typed value between stages):
//! decode -> locate the board ([`board::Grid`]) -> classify cells, markers, regions
//! ([`board::Reading`] holding a [`puzzle::Puzzle`]) -> z3 model -> [`puzzle::Solution`] ->
//! overlay PNG.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod batch;
pub mod board;
pub mod certify;
pub mod exit;
pub mod format;
pub mod generate;
pub mod pipeline;
pub mod puzzle;
pub mod render;
pub mod resolve;
pub mod rules;
pub mod solve;
pub mod vision;

pub use puzzle::{Edge, Game, Marker, Pos, Puzzle, Queens, Solution, Symbol, Tango};
