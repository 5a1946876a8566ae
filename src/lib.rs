//! snapsolve: reads a screenshot of a LinkedIn Tango or Queens puzzle, solves it with z3,
//! proves the solution unique and draws the answer back onto the image.
//!
//! The map of the pipeline, one module or folder per stage, a typed value between stages:
//!
//! decode ([`vision::decode`], bytes -> image) -> locate the board ([`board::Grid`]) -> read
//! the cells, markers and regions ([`board::Reading`] holding a [`puzzle::Puzzle`]; the two
//! composed by [`pipeline`]) -> resolve doubtful cells ([`resolve`]) -> solve with z3
//! ([`solve`], a [`puzzle::Solution`] checked by [`rules`]) -> certify it against every
//! plausible other reading ([`certify`]) -> overlay ([`answer`] and
//! [`render::overlay`], the answer drawn onto the screenshot).
//!
//! Side stages: the puzzle text [`format`], the regression [`check`] against labels, the
//! synthetic screenshots of [`render`], and the puzzle [`generate`]or. [`input`] sniffs and
//! lists inputs, [`parallel`] runs many of them on worker threads, [`session`] runs z3 on
//! its own thread for a single screenshot. The library knows nothing
//! of processes: exit codes, terminals and progress bars live in the binary.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// The puzzle model: Tango and Queens boards, positions, solutions.
pub mod puzzle;

/// What an input is (sniffed by content) and the images under a folder.
pub mod input;

/// Decode -> locate -> read: the screenshot readers.
pub mod vision;

/// The board found in an image: grid, reading, placed pieces, doubts.
pub mod board;

/// Learned, calibrated classifiers of the readers (trained files in `models/`).
pub mod models;

/// Decode + read, the game chosen between the two readers.
pub mod pipeline;

/// Doubtful cells settled by uniqueness.
pub mod resolve;

/// The z3 model: unique / several / none (with a conflict set) / timeout.
pub mod solve;

/// The plain-Rust rules checker every solution passes.
pub mod rules;

/// The answer against every plausible reading of what was read with doubt: certain,
/// uncertain or repaired.
pub mod certify;

/// One screenshot end to end: read, solve, wrong pieces, the overlay.
pub mod answer;

/// Side stage: the puzzle text format.
pub mod format;

/// Side stage: regression check against labels.
pub mod check;

/// Side stage: synthetic screenshots and the overlay drawing.
pub mod render;

/// Side stage: puzzles with exactly one solution, graded.
pub mod generate;

/// Side stage: hints for a player's board, checked against the solution and explained.
pub mod hint;

/// Many inputs on worker threads, results in input order.
pub mod parallel;

/// A z3 session on its own thread, started before decoding so its start-up overlaps reading.
pub mod session;

pub use puzzle::{Edge, Game, Marker, Pos, Puzzle, Queens, Solution, Symbol, Tango};
