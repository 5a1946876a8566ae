//! Solving with z3: one Boolean model per game, a proof of uniqueness, an explanation when
//! there is no solution, and bounded enumeration.
//!
//! # Models
//! - **Tango**: one Boolean per cell (`true` = sun). Hard rules: every line holds exactly half
//!   suns (at most half suns and at most half moons: up to 8 cells a line, no `n/2 + 1` cells
//!   all alike as plain clauses; longer lines a sequential counter each), no three alike in a
//!   line (two clauses per triple). The puzzle's data are *assumption literals*: a given is the cell literal (or its negation), a
//!   marker is a guard literal `g` with `g => (a == b)` (`=`) or `g => (a != b)` (`x`) asserted
//!   for every edge once. So a Tango model depends only on the board size, and one solver per
//!   size is built once per thread and reused for every puzzle of that size.
//! - **Queens**: one Boolean per cell (a crown). Hard rule: no two crowns touch (diagonals
//!   included). Every row and column carries "exactly one crown" behind its own guard literal
//!   (asserted once per size); every region carries "at least one crown" (one clause behind its
//!   guard, asserted per puzzle inside a `push`/`pop` scope). With N crowns, one per row, and N
//!   regions, at least one per region means exactly one.
//!
//! # Outcomes
//! The first check gives a solution or, when unsatisfiable, an unsat core over the assumption
//! literals, shrunk by deletion (drop one member, re-check, keep the smaller core z3 returns) to a
//! minimal conflict set. A second check with the first solution blocked proves uniqueness or
//! gives a second, different solution. Every solution passes [`crate::rules::check`] before it is
//! returned; a rejection is an internal error ([`SolveError::CheckerRejected`]), never an answer.
//!
//! # Speed
//! z3 objects are `!Send`, so models are cached per thread (see [`SolveOptions::reuse_models`]).
//! Measured figures and what was tried are in the README.
//!
//! # Layout
//! - this module: options, outcomes, [`solve`];
//! - `model`: the z3 models and their per-thread cache; `clauses`: clause encodings;
//! - `propagate`: forced moves that fill most Tango boards without z3;
//! - `enumerate`: [`enumerate`] and [`count`] with z3;
//! - [`bitboard`]: exact bitboard backtrackers (no z3) used by reading, `count` and the
//!   generator.

pub mod bitboard;
mod clauses;
mod enumerate;
mod model;
mod propagate;

pub use enumerate::{EnumStop, Enumeration, count, enumerate};

use crate::puzzle::{Edge, Marker, Pos, Puzzle, PuzzleError, Queens, Solution, Symbol};
use crate::puzzle::{MAX_TANGO, Violation};
use crate::rules;
use model::{Check, with_model};
use propagate::propagate_tango;
use std::fmt;
use std::time::{Duration, Instant};

/// Default per-check timeout ([`SolveOptions::timeout_ms`]): none. Boards are at most 16x16
/// and a check takes tens of microseconds, while arming z3's timer costs about 50-100 us per
/// check (measured; see README), so the default does without it.
pub const DEFAULT_TIMEOUT_MS: Option<u64> = None;

/// The z3 logic used for every solver. The model is purely clausal; with `QF_LIA` z3 runs its
/// incremental SMT core, the fastest of the configurations measured for check-with-assumptions
/// on a reused solver (`QF_FD`, the SAT engine, re-runs preprocessing per puzzle; see README).
pub const LOGIC: &str = "QF_LIA";

/// Options for [`solve`], [`enumerate`] and [`count`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Timeout for each z3 check, in milliseconds; `None` waits forever.
    /// Default: [`DEFAULT_TIMEOUT_MS`] (none).
    pub timeout_ms: Option<u64>,
    /// Shrink the unsat core of a puzzle without solution to a minimal conflict set (each
    /// member needed). Default: `true`. When `false` the raw core z3 returns is reported.
    pub minimize_core: bool,
    /// Reuse a per-thread solver per game and board size (built once, rebuilt after
    /// [`SolveOptions::model_reuse_limit`] puzzles). Default: `true`. `false` builds a fresh solver per call
    /// (slower: mostly z3's preprocessing of the rules; kept for measurement and isolation).
    pub reuse_models: bool,
    /// [`enumerate`] splits the search by the pattern of this many first rows, each pattern
    /// in its own solver scope, so that the blocking clauses of one scope stay few (a single
    /// flat scope slows down as thousands of clauses pile up). Default:
    /// [`DEFAULT_ENUMERATE_SPLIT_ROWS`].
    pub enumerate_split_rows: usize,
    /// Before calling z3 on a Tango puzzle, fill the cells forced by simple rules (markers,
    /// two alike force the neighbours, `a _ a` forces the middle, a full half forces the rest
    /// of a line) in plain Rust. When that fills the board, the first z3 check is skipped and
    /// z3 only proves that no other solution exists. Default: `true`.
    pub propagate: bool,
    /// How many puzzles a cached per-thread model serves before it is rebuilt from scratch
    /// (bounds the garbage a long-lived solver can accumulate; rebuilding costs about a
    /// millisecond). Default 10000.
    pub model_reuse_limit: usize,
}

/// Default for [`SolveOptions::enumerate_split_rows`] (see the README for the measurement).
pub const DEFAULT_ENUMERATE_SPLIT_ROWS: usize = 2;

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            timeout_ms: DEFAULT_TIMEOUT_MS,
            minimize_core: true,
            reuse_models: true,
            enumerate_split_rows: DEFAULT_ENUMERATE_SPLIT_ROWS,
            propagate: true,
            model_reuse_limit: 10_000,
        }
    }
}

/// A member of a conflict set: one piece of puzzle data that cannot hold together with the
/// other members.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conflict {
    /// A Tango given.
    Given {
        /// The cell.
        pos: Pos,
        /// Its symbol.
        symbol: Symbol,
    },
    /// A Tango marker.
    Marker {
        /// The edge.
        edge: Edge,
        /// The marker.
        marker: Marker,
    },
    /// "Exactly one crown in this Queens row" (0-based row).
    Row(usize),
    /// "Exactly one crown in this Queens column" (0-based column).
    Column(usize),
    /// "At least one crown in this Queens region" (0-based canonical region index; with a
    /// crown in each row and N regions, that is exactly one per region).
    Region(usize),
}

impl Conflict {
    /// Ordering: givens, markers, rows, columns, regions; then by position.
    fn sort_key(&self) -> (u8, Pos, u8) {
        match *self {
            Conflict::Given { pos, .. } => (0, pos, 0),
            Conflict::Marker { edge, .. } => match edge {
                Edge::Right(p) => (1, p, 0),
                Edge::Down(p) => (1, p, 1),
            },
            Conflict::Row(r) => (2, Pos::new(r, 0), 0),
            Conflict::Column(c) => (3, Pos::new(0, c), 0),
            Conflict::Region(k) => (4, Pos::new(k, 0), 0),
        }
    }
}

/// Shown 1-based: `given S at r1c2`, `marker = on r2c1/r3c1`, `row 3`, `region B`.
impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Conflict::Given { pos, symbol } => write!(f, "given {} at {pos}", symbol.letter()),
            Conflict::Marker { edge, marker } => {
                write!(f, "marker {} on {edge}", marker.glyph())
            }
            Conflict::Row(r) => write!(f, "row {}", r + 1),
            Conflict::Column(c) => write!(f, "column {}", c + 1),
            Conflict::Region(k) => write!(f, "region {}", Queens::letter(k)),
        }
    }
}

/// What solving found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution (the second check with it blocked was unsatisfiable).
    Unique(Solution),
    /// At least two solutions: two of them and the cells where they differ.
    Several {
        /// The first solution found.
        a: Solution,
        /// A second, different solution.
        b: Solution,
        /// Cells where `a` and `b` differ (see [`Solution::diff`]).
        differ: Vec<Pos>,
    },
    /// No solution: a small set of puzzle data that cannot hold together (minimal when
    /// [`SolveOptions::minimize_core`] is on: removing any one member makes the rest
    /// satisfiable), sorted.
    None {
        /// The conflict set.
        conflict: Vec<Conflict>,
    },
    /// A check hit the timeout.
    Timeout {
        /// The first solution, when the timeout hit the uniqueness check.
        first: Option<Solution>,
    },
}

impl Outcome {
    /// A short lower-case name: `unique`, `several`, `none`, `timeout`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Unique(_) => "unique",
            Outcome::Several { .. } => "several",
            Outcome::None { .. } => "none",
            Outcome::Timeout { .. } => "timeout",
        }
    }
}

/// Where the time went, wall clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveTimings {
    /// Getting the model ready: building it (or taking it from the cache) and asserting the
    /// per-puzzle constraints.
    pub build: Duration,
    /// The first check (and reading the solution).
    pub first: Duration,
    /// The uniqueness check with the first solution blocked.
    pub second: Duration,
    /// Shrinking the unsat core (no-solution puzzles only).
    pub explain: Duration,
    /// Everything, including the rules checker.
    pub total: Duration,
}

/// A duration in milliseconds, for reports of [`SolveTimings`] and other stage timings.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// A duration in microseconds, for reports of [`SolveTimings`] and other stage timings.
pub fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// The result of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// What was found.
    pub outcome: Outcome,
    /// SolveTimings.
    pub timings: SolveTimings,
}

/// Errors of the solving stage (a puzzle without solution is an [`Outcome`], not an error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The puzzle's shape is not solvable at all (odd or oversized Tango board).
    #[error("invalid puzzle: {0}")]
    Puzzle(#[from] PuzzleError),
    /// z3 produced an assignment the plain-Rust rules checker rejects: a bug in the model.
    #[error("internal error: the solver's answer breaks a rule ({0}); this is a bug")]
    CheckerRejected(Violation),
    /// z3 returned "unknown" for a reason other than the timeout.
    #[error("z3 returned unknown: {0}")]
    Unknown(String),
    /// z3 did not provide a solver or a model where one was expected.
    #[error("internal error: z3 failed: {0}")]
    Z3(&'static str),
}

/// Solves a puzzle: a unique solution, two solutions, a conflict set, or a timeout.
///
/// Tango givens that already break a rule are not refused here (the parser refuses them for
/// text input); they come back as [`Outcome::None`] with the culprits in the conflict set,
/// which is what a misread screenshot needs.
pub fn solve(p: &Puzzle, opts: &SolveOptions) -> Result<Report, SolveError> {
    let start = Instant::now();
    check_shape(p)?;
    let mut report = with_model(p, opts, |m, build_start| {
        let mut t = SolveTimings::default();
        let scope = m.begin(p);
        let assumptions = m.assumptions(p);
        t.build = build_start.elapsed();

        let t0 = Instant::now();
        let forced = match p {
            // Every move is forced, so a filled board that breaks a rule means no solution;
            // z3 then finds and explains that.
            Puzzle::Tango(tg) if opts.propagate => {
                propagate_tango(tg).filter(|s| rules::check(p, s).is_ok())
            }
            _ => None,
        };
        let first = match &forced {
            Some(_) => Check::Sat,
            None => m.check(&assumptions, opts)?,
        };
        let outcome = match first {
            Check::Timeout => Outcome::Timeout { first: None },
            Check::Unsat => {
                t.first = t0.elapsed();
                let t1 = Instant::now();
                let conflict = m.explain(&assumptions, opts)?;
                t.explain = t1.elapsed();
                Outcome::None { conflict }
            }
            Check::Sat => {
                let a = match forced {
                    Some(a) => a,
                    None => m.solution()?,
                };
                verify(p, &a)?;
                t.first = t0.elapsed();
                let t1 = Instant::now();
                m.block(&a);
                let second = m.check(&assumptions, opts)?;
                let outcome = match second {
                    Check::Timeout => Outcome::Timeout { first: Some(a) },
                    Check::Unsat => Outcome::Unique(a),
                    Check::Sat => {
                        let b = m.solution()?;
                        verify(p, &b)?;
                        if a == b {
                            return Err(SolveError::Z3("the blocked solution came back"));
                        }
                        let differ = a.diff(&b);
                        Outcome::Several { a, b, differ }
                    }
                };
                t.second = t1.elapsed();
                outcome
            }
        };
        m.end(scope);
        Ok((outcome, t))
    })
    .map(|(outcome, timings)| Report { outcome, timings })?;
    report.timings.total = start.elapsed();
    Ok(report)
}

/// A board shape a z3 model is built for (a model depends only on the game and the size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A Tango board of `rows` x `cols`.
    Tango {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A Queens board of `n` x `n`.
    Queens {
        /// The side.
        n: usize,
    },
}

impl Shape {
    /// LinkedIn's Tango board, 6x6: the shape worth preparing ahead of a screenshot.
    pub const TANGO_6X6: Shape = Shape::Tango { rows: 6, cols: 6 };
}

/// Prepares this thread's z3 session ahead of the first puzzle: creates the thread's context
/// and builds each listed model into the per-thread cache (see
/// [`SolveOptions::reuse_models`]), each checked once without puzzle data. A later [`solve`]
/// on this thread then pays only the puzzle. Nothing is built when `reuse_models` is off.
pub fn prepare(shapes: &[Shape], opts: &SolveOptions) -> Result<(), SolveError> {
    model::start_context()?;
    if !opts.reuse_models {
        return Ok(());
    }
    for &shape in shapes {
        model::prepare(shape, opts)?;
    }
    Ok(())
}

pub(super) fn check_shape(p: &Puzzle) -> Result<(), PuzzleError> {
    match p {
        Puzzle::Tango(t) => {
            let (rows, cols) = (t.rows(), t.cols());
            if rows < 2 || cols < 2 || rows % 2 == 1 || cols % 2 == 1 {
                return Err(PuzzleError::OddSize { rows, cols });
            }
            if rows > MAX_TANGO || cols > MAX_TANGO {
                return Err(PuzzleError::TooLarge { rows, cols });
            }
            Ok(())
        }
        Puzzle::Queens(q) => q.validate(),
    }
}

pub(super) fn verify(p: &Puzzle, s: &Solution) -> Result<(), SolveError> {
    rules::check(p, s).map_err(SolveError::CheckerRejected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_defaults() {
        let d = SolveOptions::default();
        assert_eq!(d.timeout_ms, None);
        assert!(d.minimize_core);
        assert!(d.reuse_models);
        assert_eq!(d.enumerate_split_rows, 2);
        assert!(d.propagate);
        assert_eq!(d.model_reuse_limit, 10000);
    }
}
