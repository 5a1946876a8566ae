//! Hints for a player's board: the pieces the player placed are checked against the puzzle's
//! unique solution first (with [`crate::answer::wrong_pieces`], as `solve` reports them), so a
//! hint never builds on a wrong piece; then the next deduction, explained, or every deduction
//! to the end.
//!
//! (puzzle, placed pieces, unique solution) --[`advise`]--> [`Advice`]
//! { solved | a wrong piece to fix | the next step | stuck }, or --[`walkthrough`]-->
//! [`Walkthrough`] (the wrong pieces, then the whole path). Every step is checked against the
//! solution before it is returned: a deduction that disagrees with it is an error, never a
//! hint.

use crate::answer::{WrongPiece, wrong_pieces};
use crate::board::Placed;
use crate::generate::deduce::{self, DeduceError, ExplainOptions, Explained, Fill, PartialBoard};
use crate::puzzle::{Pos, Puzzle, Solution, Symbol};

/// How hints are made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HintOptions {
    /// How explanations are written (the trial chain's length).
    pub explain: ExplainOptions,
}

/// Why no hint could be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HintError {
    /// The deduction engine refused the state (a bad size, a piece of the other game).
    #[error(transparent)]
    Deduce(#[from] DeduceError),
    /// A deduction disagrees with the unique solution: a bug in a rule, never shown.
    #[error("internal error: the deduction at {pos} disagrees with the solution")]
    Unsound {
        /// The cell.
        pos: Pos,
    },
}

/// What to tell the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Every piece is placed and right.
    Solved,
    /// A placed piece disagrees with the solution: the first in reading order, to fix before
    /// anything else.
    Wrong {
        /// The piece.
        piece: WrongPiece,
        /// How many other placed pieces are wrong.
        others: usize,
    },
    /// The next deduction from the player's pieces.
    Next(Explained),
    /// No rule applies any more: the next step needs guessing.
    Stuck,
}

/// The whole way from the player's board to the solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walkthrough {
    /// The placed pieces to fix first (the path starts from the board without them).
    pub wrong: Vec<WrongPiece>,
    /// The deductions, in order.
    pub steps: Vec<Explained>,
    /// Whether the steps reach the solution (false when the rules run dry first).
    pub complete: bool,
}

/// The board the player's right pieces make: the Tango givens and placed symbols, the Queens
/// crowns and x marks (as "no crown"); wrong pieces and pieces off the board are left out.
pub fn player_state(p: &Puzzle, placed: &[Placed], solution: &Solution) -> PartialBoard {
    let wrong: Vec<Placed> = wrong_pieces(placed, solution)
        .into_iter()
        .map(|w| w.placed)
        .collect();
    let mut state = PartialBoard::start(p);
    let (rows, cols) = p.size();
    for pl in placed.iter().filter(|pl| !wrong.contains(pl)) {
        let pos = pl.pos();
        if pos.row >= rows || pos.col >= cols {
            continue;
        }
        let fill = match *pl {
            Placed::Symbol { symbol, .. } => match symbol {
                Symbol::Sun => Fill::Sun,
                Symbol::Moon => Fill::Moon,
            },
            Placed::Crown { .. } => Fill::Crown,
            Placed::Cross { .. } => Fill::NoCrown,
        };
        state.set(pos, Some(fill));
    }
    state
}

/// Whether the player's board is the solution: every Tango cell filled, every crown placed
/// (no wrong piece).
fn solved(p: &Puzzle, state: &PartialBoard) -> bool {
    match p {
        Puzzle::Tango(_) => state.cells.iter().all(Option::is_some),
        Puzzle::Queens(q) => {
            state
                .cells
                .iter()
                .filter(|c| **c == Some(Fill::Crown))
                .count()
                == q.n()
        }
    }
}

/// The next thing to tell the player: a wrong piece first, then solved, the next
/// deduction, or stuck.
pub fn advise(
    p: &Puzzle,
    placed: &[Placed],
    solution: &Solution,
    opts: &HintOptions,
) -> Result<Advice, HintError> {
    let wrong = sorted_wrong(placed, solution);
    if let Some(&piece) = wrong.first() {
        return Ok(Advice::Wrong {
            piece,
            others: wrong.len() - 1,
        });
    }
    let state = player_state(p, placed, solution);
    if solved(p, &state) {
        return Ok(Advice::Solved);
    }
    match deduce::explain_next(p, &state, &opts.explain)? {
        Some(e) => {
            check(&e, solution)?;
            Ok(Advice::Next(e))
        }
        None => Ok(Advice::Stuck),
    }
}

/// The wrong pieces to fix, then every deduction from the board without them to the end.
pub fn walkthrough(
    p: &Puzzle,
    placed: &[Placed],
    solution: &Solution,
    opts: &HintOptions,
) -> Result<Walkthrough, HintError> {
    let wrong = sorted_wrong(placed, solution);
    let state = player_state(p, placed, solution);
    let (rows, cols) = p.size();
    let path = deduce::path(p, &state, rows * cols, &opts.explain)?;
    for e in &path.steps {
        check(e, solution)?;
    }
    Ok(Walkthrough {
        wrong,
        complete: path.complete || solved(p, &state),
        steps: path.steps,
    })
}

/// The wrong pieces in reading order.
fn sorted_wrong(placed: &[Placed], solution: &Solution) -> Vec<WrongPiece> {
    let mut wrong = wrong_pieces(placed, solution);
    wrong.sort_by_key(|w| w.placed.pos());
    wrong
}

/// A deduction agrees with the solution, or it is a bug.
fn check(e: &Explained, solution: &Solution) -> Result<(), HintError> {
    let pos = e.hint.pos;
    let ok = match e.hint.fill {
        Fill::Sun => solution.symbol(pos) == Some(Symbol::Sun),
        Fill::Moon => solution.symbol(pos) == Some(Symbol::Moon),
        Fill::Crown => solution.has_crown(pos),
        Fill::NoCrown => !solution.has_crown(pos),
    };
    if ok {
        Ok(())
    } else {
        Err(HintError::Unsound { pos })
    }
}

/// How to fix a wrong piece, in words: `the sun at r1c4 is wrong: r1c4 is moon`.
pub fn fix_sentence(w: &WrongPiece) -> String {
    match (w.placed, w.expected) {
        (Placed::Symbol { pos, symbol }, Some(e)) => {
            format!(
                "the {} at {pos} is wrong: {pos} is {}",
                name(symbol),
                name(e)
            )
        }
        (Placed::Symbol { pos, symbol }, None) => format!("the {} at {pos} is wrong", name(symbol)),
        (Placed::Crown { pos }, _) => {
            format!("the crown at {pos} is wrong: {pos} holds no crown")
        }
        (Placed::Cross { pos }, _) => format!("the x at {pos} is wrong: {pos} holds a crown"),
    }
}

/// `sun` or `moon`.
fn name(s: Symbol) -> &'static str {
    match s {
        Symbol::Sun => "sun",
        Symbol::Moon => "moon",
    }
}

#[cfg(test)]
mod tests;
