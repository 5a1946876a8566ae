//! The pieces a player has placed, chosen for the game state.

use super::{GameState, SynthOptions};
use crate::board::Placed;
use crate::puzzle::{Pos, Puzzle, Solution};
use crate::render::rng::Rng;

/// Picks the pieces a player has placed for the state.
pub(super) fn choose_placed(
    p: &Puzzle,
    sol: Option<&Solution>,
    opts: &SynthOptions,
    rng: &mut Rng,
) -> Vec<Placed> {
    let Some(sol) = sol else {
        return Vec::new();
    };
    let solved = opts.state == GameState::Solved;
    let mut out = Vec::new();
    match p {
        Puzzle::Tango(t) => {
            let mut open: Vec<Pos> = t.positions().filter(|&q| t.given(q).is_none()).collect();
            if !solved {
                rng.shuffle(&mut open);
                let k = ((open.len() as f32) * opts.progress).round() as usize;
                open.truncate(k.max(opts.wrong_pieces.min(open.len())));
                open.sort();
            }
            let mut wrong: Vec<usize> = (0..open.len()).collect();
            rng.shuffle(&mut wrong);
            wrong.truncate(if solved { 0 } else { opts.wrong_pieces });
            for (i, &pos) in open.iter().enumerate() {
                let Some(s) = sol.symbol(pos) else { continue };
                let s = if wrong.contains(&i) { s.other() } else { s };
                out.push(Placed::Symbol { pos, symbol: s });
            }
        }
        Puzzle::Queens(q) => {
            let Solution::Queens { crowns } = sol else {
                return out;
            };
            let n = q.n();
            let mut rows: Vec<usize> = (0..n).collect();
            if !solved {
                rng.shuffle(&mut rows);
                let k = ((n as f32) * opts.progress).round() as usize;
                rows.truncate(k.max(opts.wrong_pieces.min(n)).min(n));
            }
            let mut crown_cells: Vec<Pos> = Vec::new();
            for (i, &r) in rows.iter().enumerate() {
                let mut c = crowns[r];
                if !solved && i < opts.wrong_pieces {
                    // Move the crown one cell sideways: a plausible player mistake.
                    c = if c + 1 < n { c + 1 } else { c - 1 };
                }
                crown_cells.push(Pos::new(r, c));
            }
            crown_cells.sort();
            let ruled_out = |x: Pos| {
                crown_cells.iter().any(|&c| {
                    c != x
                        && (c.row == x.row
                            || c.col == x.col
                            || q.region(c) == q.region(x)
                            || (c.row.abs_diff(x.row) <= 1 && c.col.abs_diff(x.col) <= 1))
                })
            };
            for r in 0..n {
                for c in 0..n {
                    let pos = Pos::new(r, c);
                    if crown_cells.contains(&pos) {
                        out.push(Placed::Crown { pos });
                    } else if opts.x_marks && ruled_out(pos) && (solved || rng.chance(0.7)) {
                        out.push(Placed::Cross { pos });
                    }
                }
            }
        }
    }
    out
}
