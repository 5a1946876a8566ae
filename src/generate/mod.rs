//! Puzzle generation and grading: exhaustive enumeration of filled boards, minimal puzzles,
//! a human-style deduction engine (hints and difficulty) and a generator for unique puzzles.
//!
//! - [`enumerate`]: every filled Tango board and its canonical forms.
//! - [`minimise`]: removing givens, replacing them by `=`/`x` markers, the fewest-elements search.
//! - [`deduce`]: rules people use, `hint` and `difficulty`.
//! - [`make`]: `generate tango|queens` at a size, difficulty and seed.
//! - [`rng`]: the deterministic PRNG behind every seed.
//!
//! Figures (`cargo run --release --example min_elements`, checked by `tests/generate.rs`):
//! the 6x6 board has 11222 filled boards, 1440 classes under the generator article's
//! canonicalisation (rotations + colour swap) and 852 under rotations, reflections and colour
//! swap; 8x8 has 12413918 boards, 1553344 and 788816 classes. Over the 1440 canonical 6x6
//! boards the article's greedy removal leaves 6 to 11 givens (the exact minimum is 6 to 9);
//! with markers one given always suffices and the article's greedy method reaches 6 elements
//! at best, while the exact hitting-set search finds 5-element puzzles (32 boards) and proves
//! that no 6x6 puzzle of givens and markers has 4 or fewer elements.

pub mod deduce;
pub mod enumerate;
pub mod make;
pub mod minimise;
pub mod rng;
