//! Puzzle generation and grading: exhaustive enumeration of filled boards, minimal puzzles,
//! a human-style deduction engine (hints and difficulty) and a generator for unique puzzles.
//!
//! - [`search`]: fast bitboard backtrackers counting solutions up to a limit.
//! - [`enumerate`]: every filled Tango board and its canonical forms.
//! - [`minimise`]: removing givens, replacing them by `=`/`x` markers, the fewest-elements search.
//! - [`deduce`]: rules people use, `hint` and `difficulty`.
//! - [`make`]: `generate tango|queens` at a size, difficulty and seed.
//! - [`rng`]: the deterministic PRNG behind every seed.

pub mod deduce;
pub mod enumerate;
pub mod make;
pub mod minimise;
pub mod rng;
pub mod search;
