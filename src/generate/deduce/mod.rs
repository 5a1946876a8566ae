//! A deduction engine with the rules people use, for hints and difficulty grades.
//!
//! Every rule is sound: it only names a cell whose value follows from the puzzle and the
//! current state, never a guess. [`hint`] returns the first deduction of the easiest rule that
//! finds one; [`difficulty`] solves the puzzle from its givens always using the easiest rule
//! available and reports the hardest rule it had to use, or [`Difficulty::NeedsGuessing`]
//! when the rules run dry before the board is full.
//!
//! Tango rules, by grade:
//! - easy: `pair` (two alike side by side: the cells around them are the other symbol),
//!   `gap` (two alike with one cell between: the middle is the other), `marker` (an `=`/`x`
//!   with one side known), `half` (a line holding half of one symbol: the rest is the other);
//! - medium: `line` (every completion of one line that fits its known cells and its own
//!   markers agrees on a cell);
//! - hard: `chain` (as `line`, with the relations `=`/`x` chains through the whole board
//!   impose between the line's cells);
//! - expert: `trial` (assuming one value makes the rules up to hard reach a contradiction).
//!
//! Queens rules, by grade:
//! - easy: `attacked` (a cell sharing a row, column or region with a crown, or touching it,
//!   holds no crown), `last` (the only cell left in a row, column or region);
//! - medium: `confined` (a region confined to one row or column clears the rest of that line;
//!   a row or column confined to one region clears the rest of that region);
//! - hard: `would-empty` (a crown here would leave a row, column or region without room),
//!   `tuple` (k regions confined to k rows or columns clear the rest of those lines, and the
//!   converse);
//! - expert: `trial` (assuming a crown or no crown makes the rules up to hard reach a
//!   contradiction).
//!
//! Every deduction shown to a player comes with its [`Reason`]: the cells behind it and a
//! sentence naming them ([`explain`]); [`explain_next`] gives the next one, [`path`] every one
//! to the end.
//!
//! The engines live in [`tango`] and [`queens`]; this module holds the shared types, the
//! entry points and the loop that applies a batch of deductions.

mod explain;
mod queens;
mod tango;
#[cfg(test)]
mod tests;

pub use explain::{ExplainOptions, Explained, Reason};

use crate::puzzle::{Pos, Puzzle, Solution, Symbol};
use queens::QueensEngine;
use std::fmt;
use tango::TangoEngine;

/// The grade of a rule, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Local patterns.
    Easy,
    /// One line (or one region) at a time.
    Medium,
    /// Several lines or regions together.
    Hard,
    /// One step of "what if" with the rules up to hard.
    Expert,
}

impl Grade {
    /// Lower-case name (`easy`, `medium`, `hard`, `expert`).
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }

    /// Parses a lower-case name.
    pub fn parse(s: &str) -> Option<Grade> {
        [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert]
            .into_iter()
            .find(|g| g.name() == s)
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle's difficulty: the hardest rule its solution needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Solvable with rules up to this grade.
    Graded(Grade),
    /// The rules stop before the board is full.
    NeedsGuessing,
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difficulty::Graded(g) => g.fmt(f),
            Difficulty::NeedsGuessing => f.write_str("needs guessing"),
        }
    }
}

/// A deduction rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Tango: two alike side by side force the cells around them.
    Pair,
    /// Tango: two alike with one cell between force the middle.
    Gap,
    /// Tango: an `=`/`x` marker with one side known.
    Marker,
    /// Tango: a line with half of one symbol fills the rest.
    Half,
    /// Tango: all completions of one line agree on a cell.
    Line,
    /// Tango: all completions of one line agree, with `=`/`x` chains through the board.
    Chain,
    /// Tango: one value leads to a contradiction.
    TangoTrial,
    /// Queens: a cell sharing a line or region with a crown, or touching it.
    Attacked,
    /// Queens: the last cell of a row, column or region.
    Last,
    /// Queens: a region confined to one line, or a line confined to one region.
    Confined,
    /// Queens: a crown here would leave a row, column or region without room.
    WouldEmpty,
    /// Queens: k regions confined to k lines, or k lines confined to k regions.
    Tuple,
    /// Queens: one choice leads to a contradiction.
    QueensTrial,
}

impl Rule {
    /// Short name, as printed by `hint`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Pair => "pair",
            Rule::Gap => "gap",
            Rule::Marker => "marker",
            Rule::Half => "half",
            Rule::Line => "line",
            Rule::Chain => "chain",
            Rule::TangoTrial | Rule::QueensTrial => "trial",
            Rule::Attacked => "attacked",
            Rule::Last => "last",
            Rule::Confined => "confined",
            Rule::WouldEmpty => "would-empty",
            Rule::Tuple => "tuple",
        }
    }

    /// The rule's grade.
    pub fn grade(self) -> Grade {
        match self {
            Rule::Pair | Rule::Gap | Rule::Marker | Rule::Half | Rule::Attacked | Rule::Last => {
                Grade::Easy
            }
            Rule::Line | Rule::Confined => Grade::Medium,
            Rule::Chain | Rule::WouldEmpty | Rule::Tuple => Grade::Hard,
            Rule::TangoTrial | Rule::QueensTrial => Grade::Expert,
        }
    }

    /// One sentence on what the rule says.
    pub fn explain(self) -> &'static str {
        match self {
            Rule::Pair => "two alike side by side: the cells on either side hold the other symbol",
            Rule::Gap => "two alike with one cell between: the middle holds the other symbol",
            Rule::Marker => "an = or x marker with one side known fixes the other side",
            Rule::Half => "the line already holds half of one symbol: the rest is the other",
            Rule::Line => "every way to complete this line agrees on this cell",
            Rule::Chain => {
                "every way to complete this line, with the = and x chains through the board, \
                 agrees on this cell"
            }
            Rule::TangoTrial => "the other symbol here leads to a contradiction",
            Rule::Attacked => "a crown shares a row, column or region with this cell or touches it",
            Rule::Last => "the only cell left for a crown in its row, column or region",
            Rule::Confined => {
                "a region confined to one row or column (or a line confined to one region) \
                 claims it"
            }
            Rule::WouldEmpty => "a crown here would leave a row, column or region without room",
            Rule::Tuple => {
                "some regions confined to as many rows or columns (or the converse) claim them"
            }
            Rule::QueensTrial => "the other choice here leads to a contradiction",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The content of a cell in a partly solved board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fill {
    /// Tango sun.
    Sun,
    /// Tango moon.
    Moon,
    /// Queens crown.
    Crown,
    /// Queens: known to hold no crown.
    NoCrown,
}

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fill::Sun => "sun",
            Fill::Moon => "moon",
            Fill::Crown => "crown",
            Fill::NoCrown => "no crown",
        })
    }
}

/// A partly solved board: what is known of every cell, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartialBoard {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Cells row-major; `None` = not known yet.
    pub cells: Vec<Option<Fill>>,
}

impl PartialBoard {
    /// The start of a puzzle: the Tango givens, or nothing for Queens.
    pub fn start(p: &Puzzle) -> PartialBoard {
        let (rows, cols) = p.size();
        let mut cells = vec![None; rows * cols];
        if let Puzzle::Tango(t) = p {
            for (q, s) in t.givens() {
                cells[q.index(cols)] = Some(match s {
                    Symbol::Sun => Fill::Sun,
                    Symbol::Moon => Fill::Moon,
                });
            }
        }
        PartialBoard { rows, cols, cells }
    }
    /// What is known at `p`.
    pub fn get(&self, p: Pos) -> Option<Fill> {
        self.cells[p.index(self.cols)]
    }
    /// Records a value at `p`.
    pub fn set(&mut self, p: Pos, f: Option<Fill>) {
        self.cells[p.index(self.cols)] = f;
    }
    /// The solution when every cell is known (Queens: every row has its crown).
    pub fn to_solution(&self) -> Option<Solution> {
        if self
            .cells
            .iter()
            .any(|c| matches!(c, Some(Fill::Crown | Fill::NoCrown)))
            || self.cells.iter().all(Option::is_none)
        {
            let mut crowns = Vec::new();
            for r in 0..self.rows {
                let c =
                    (0..self.cols).find(|&c| self.cells[r * self.cols + c] == Some(Fill::Crown))?;
                crowns.push(c);
            }
            return Some(Solution::Queens { crowns });
        }
        let cells = self
            .cells
            .iter()
            .map(|c| match c {
                Some(Fill::Sun) => Some(Symbol::Sun),
                Some(Fill::Moon) => Some(Symbol::Moon),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Solution::Tango {
            rows: self.rows,
            cols: self.cols,
            cells,
        })
    }
}

/// One deduction: a cell, what it holds, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hint {
    /// The cell.
    pub pos: Pos,
    /// What it holds.
    pub fill: Fill,
    /// The rule that shows it.
    pub rule: Rule,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} ({}, {}: {})",
            self.pos,
            self.fill,
            self.rule,
            self.rule.grade(),
            self.rule.explain()
        )
    }
}

/// Why a hint cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeduceError {
    /// The state's size differs from the puzzle's.
    #[error("the state is {found_rows}x{found_cols} but the puzzle is {rows}x{cols}")]
    SizeMismatch {
        /// Puzzle rows.
        rows: usize,
        /// Puzzle columns.
        cols: usize,
        /// Board rows.
        found_rows: usize,
        /// Board columns.
        found_cols: usize,
    },
    /// A Tango state holding crowns, or a Queens state holding suns or moons.
    #[error("the state at {pos} holds a {fill}, which is not part of this game")]
    WrongGame {
        /// The cell.
        pos: Pos,
        /// What it holds.
        fill: Fill,
    },
    /// The puzzle itself is invalid (see [`Puzzle::validate`]).
    #[error("the puzzle is invalid: {0}")]
    InvalidPuzzle(#[from] crate::puzzle::PuzzleError),
    /// The state breaks a rule or contradicts a given: no deduction is possible from it.
    #[error("the board as it stands breaks a rule (near {pos}); undo the last moves")]
    Contradiction {
        /// A cell involved.
        pos: Pos,
    },
}

/// The next cell that can be deduced from `state` without guessing, with the easiest rule
/// that shows it; `Ok(None)` when the board is full or no rule applies.
pub fn hint(p: &Puzzle, state: &PartialBoard) -> Result<Option<Hint>, DeduceError> {
    check_state(p, state)?;
    let cols = p.size().1;
    let found = match p {
        Puzzle::Tango(t) => {
            let eng = TangoEngine::new(t);
            next(&eng, &eng.cells_from(state)?, Grade::Expert)
        }
        Puzzle::Queens(q) => {
            let eng = QueensEngine::new(q);
            next(&eng, &eng.cells_from(state)?, Grade::Expert)
        }
    };
    found.map_err(|at| DeduceError::Contradiction {
        pos: Pos::new(at / cols, at % cols),
    })
}

/// The deductions from a state on, each explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The deductions, in order (each from the state the previous ones leave).
    pub steps: Vec<Explained>,
    /// Whether the board is complete after them (every Tango cell known, every crown placed);
    /// false when the rules run dry first, or when the path was cut at its limit.
    pub complete: bool,
}

/// The next deduction from `state`, with its reason; `Ok(None)` when the board is complete
/// or no rule applies.
pub fn explain_next(
    p: &Puzzle,
    state: &PartialBoard,
    opts: &ExplainOptions,
) -> Result<Option<Explained>, DeduceError> {
    Ok(path(p, state, 1, opts)?.steps.into_iter().next())
}

/// At most `limit` deductions from `state` on, the easiest rule at every step, each with its
/// reason.
pub fn path(
    p: &Puzzle,
    state: &PartialBoard,
    limit: usize,
    opts: &ExplainOptions,
) -> Result<Path, DeduceError> {
    check_state(p, state)?;
    let cols = p.size().1;
    let found = match p {
        Puzzle::Tango(t) => {
            let eng = TangoEngine::new(t);
            explain::path(&eng, &eng.cells_from(state)?, limit, opts)
        }
        Puzzle::Queens(q) => {
            let eng = QueensEngine::new(q);
            explain::path(&eng, &eng.cells_from(state)?, limit, opts)
        }
    };
    let (steps, complete) = found.map_err(|at| DeduceError::Contradiction {
        pos: Pos::new(at / cols, at % cols),
    })?;
    Ok(Path { steps, complete })
}

/// The puzzle is valid and the state has its size.
fn check_state(p: &Puzzle, state: &PartialBoard) -> Result<(), DeduceError> {
    p.validate()?;
    let (rows, cols) = p.size();
    if state.rows != rows || state.cols != cols || state.cells.len() != rows * cols {
        return Err(DeduceError::SizeMismatch {
            rows,
            cols,
            found_rows: state.rows,
            found_cols: state.cols,
        });
    }
    Ok(())
}

/// The result of solving with rules only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSolve {
    /// The hardest rule used, or needs-guessing when the rules stopped early.
    pub difficulty: Difficulty,
    /// Every deduction, in order.
    pub steps: Vec<Hint>,
    /// The final state (full when the difficulty is graded).
    pub state: PartialBoard,
}

/// Solves from the start using the easiest rule available at every step, with rules up to
/// `max` only. A puzzle the rules solve has exactly one solution (every rule is sound).
pub fn solve_with_rules(p: &Puzzle, max: Grade) -> RuleSolve {
    let mut state = PartialBoard::start(p);
    let mut steps = Vec::new();
    let done = match p {
        Puzzle::Tango(t) => {
            let eng = TangoEngine::new(t);
            let mut cells: Vec<i8> = eng.cells_from(&state).unwrap_or_default();
            closure(&eng, &mut cells, max, Some(&mut steps)).is_ok()
                && cells.iter().all(|&c| c >= 0)
        }
        Puzzle::Queens(q) => {
            let eng = QueensEngine::new(q);
            let mut cells = vec![-1i8; q.n() * q.n()];
            closure(&eng, &mut cells, max, Some(&mut steps)).is_ok() && eng.crowns(&cells) == q.n()
        }
    };
    let hardest = steps
        .iter()
        .map(|h| h.rule.grade())
        .max()
        .unwrap_or(Grade::Easy);
    for h in &steps {
        state.set(h.pos, Some(h.fill));
    }
    if let Puzzle::Queens(_) = p {
        // Cells never named are empty once every crown is placed.
        if done {
            for c in state.cells.iter_mut() {
                if c.is_none() {
                    *c = Some(Fill::NoCrown);
                }
            }
        }
    }
    RuleSolve {
        difficulty: if done {
            Difficulty::Graded(hardest)
        } else {
            Difficulty::NeedsGuessing
        },
        steps,
        state,
    }
}

/// The difficulty of a puzzle: the hardest rule needed when always using the easiest rule
/// available, or [`Difficulty::NeedsGuessing`]. Since every rule only adds knowledge, this is
/// the smallest grade whose rules alone fill the board, whatever the order of the steps.
pub fn difficulty(p: &Puzzle) -> Difficulty {
    solve_with_rules(p, Grade::Expert).difficulty
}

/// What the shared loops ask of an engine. Cells are `-1` unknown, else the engine's value
/// (Tango: `0` sun, `1` moon; Queens: `0` no crown, `1` crown).
trait Engine {
    /// The values a trial assumes at a cell, in order.
    const TRIAL_ORDER: [i8; 2];
    /// The rule a trial names.
    const TRIAL_RULE: Rule;
    /// Board columns (cells are row-major).
    fn cols(&self) -> usize;
    /// The cell value that a fill stands for.
    fn value(f: Fill) -> i8;
    /// The hint that `cell` holds `value`.
    fn hint_value(&self, cell: usize, value: i8, rule: Rule) -> Hint;
    /// Whether nothing is left to deduce: every cell known (Tango), every crown placed (Queens).
    fn complete(&self, cells: &[i8]) -> bool;
    /// `Err(cell)` when the cells break a rule.
    fn consistent(&self, cells: &[i8]) -> Result<(), usize>;
    /// Every deduction of the easiest rule grade (up to `max`) that has any; `first` stops
    /// at the first one. `Err(cell)` on a contradiction.
    fn deductions(&self, cells: &[i8], max: Grade, first: bool) -> Result<Vec<Hint>, usize>;
    /// Why `h`, found in `cells` by a rule up to hard, holds (the trial's reason is
    /// [`explain::trial_reason`]).
    fn reason(&self, cells: &[i8], h: &Hint, opts: &ExplainOptions) -> Reason;
    /// Why `cells` break a rule (when [`Engine::consistent`] or [`Engine::deductions`] fails).
    fn clash(&self, cells: &[i8]) -> Reason;
}

/// The first deduction of the easiest rule up to `max`.
fn next<E: Engine>(eng: &E, cells: &[i8], max: Grade) -> Result<Option<Hint>, usize> {
    Ok(eng.deductions(cells, max, true)?.into_iter().next())
}

/// Applies rules up to `max` until none applies or the board is complete; records the steps.
fn closure<E: Engine>(
    eng: &E,
    cells: &mut [i8],
    max: Grade,
    mut steps: Option<&mut Vec<Hint>>,
) -> Result<(), usize> {
    loop {
        if eng.complete(cells) {
            return eng.consistent(cells);
        }
        let batch = eng.deductions(cells, max, false)?;
        if batch.is_empty() {
            return Ok(());
        }
        apply(cells, eng.cols(), &batch, E::value, &mut steps)?;
    }
}

/// The expert rule: the first unknown cell where assuming a value makes the rules up to hard
/// reach a contradiction, with the other value.
fn trial<E: Engine>(eng: &E, cells: &[i8]) -> Option<Hint> {
    let mut work = cells.to_vec();
    for i in 0..cells.len() {
        if cells[i] >= 0 {
            continue;
        }
        for v in E::TRIAL_ORDER {
            work.copy_from_slice(cells);
            work[i] = v;
            if closure(eng, &mut work, Grade::Hard, None).is_err() {
                return Some(eng.hint_value(i, 1 - v, E::TRIAL_RULE));
            }
        }
    }
    None
}

/// Applies a batch of deductions; `Err(cell)` when two disagree or one contradicts a known
/// cell.
fn apply(
    cells: &mut [i8],
    cols: usize,
    batch: &[Hint],
    value: impl Fn(Fill) -> i8,
    steps: &mut Option<&mut Vec<Hint>>,
) -> Result<(), usize> {
    for h in batch {
        let i = h.pos.index(cols);
        let v = value(h.fill);
        if cells[i] >= 0 {
            if cells[i] != v {
                return Err(i);
            }
            continue;
        }
        cells[i] = v;
        if let Some(s) = steps.as_deref_mut() {
            s.push(*h);
        }
    }
    Ok(())
}
