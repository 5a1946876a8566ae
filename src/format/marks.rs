//! The Queens `marks` block: the player's `x` marks, after the region grid.
//!
//! ```text
//! queens 4x4
//! A A b B
//! A C C B
//! D D C B
//! D D D B
//! marks
//! x x . x
//! . . . .
//! . . . .
//! . . . .
//! ```
//!
//! The line `marks` follows the region grid, then one line per row: character `2c` is `x` (the
//! player ruled cell `c` out) or `.`, odd characters are spaces, missing characters at the end
//! of a line mean `.`. A cell holds a crown or an x, not both.

use super::{ParseError, err, row_chars};
use crate::board::Placed;
use crate::puzzle::Pos;

/// The keyword line that opens the block.
const KEYWORD: &str = "marks";

/// Whether the line after a Queens region grid of `n` rows opens a `marks` block.
pub(super) fn follows(body: &[(usize, &str)], n: usize) -> bool {
    body.get(n).is_some_and(|(_, l)| l.trim() == KEYWORD)
}

/// Reads the `n` lines of a `marks` block and adds the x marks to `placed` (the crowns of the
/// region grid); returns every piece in reading order.
pub(super) fn parse(
    n: usize,
    lines: &[(usize, &str)],
    mut placed: Vec<Placed>,
) -> Result<Vec<Placed>, ParseError> {
    for (r, &(ln, text)) in lines.iter().enumerate() {
        let chars = row_chars(ln, text, n, "marks")?;
        for (k, &ch) in chars.iter().enumerate() {
            let col = k + 1;
            let pos = Pos::new(r, k / 2);
            match (k % 2, ch) {
                (1, ' ') | (0, '.') => {}
                (0, 'x') if placed.contains(&Placed::Crown { pos }) => {
                    return Err(err(
                        ln,
                        col,
                        format!("{pos} holds the player's crown and an x; a cell holds one"),
                    ));
                }
                (0, 'x') => placed.push(Placed::Cross { pos }),
                (1, _) => {
                    return Err(err(
                        ln,
                        col,
                        format!("unexpected `{ch}`: marks are separated by single spaces"),
                    ));
                }
                _ => {
                    return Err(err(
                        ln,
                        col,
                        format!("unexpected `{ch}`: a mark is `x` (ruled out) or `.`"),
                    ));
                }
            }
        }
    }
    placed.sort_by_key(|pl| pl.pos());
    Ok(placed)
}

/// The `marks` block for the x marks among `placed` (empty when there are none).
pub(super) fn print(n: usize, placed: &[Placed]) -> String {
    if !placed.iter().any(|pl| matches!(pl, Placed::Cross { .. })) {
        return String::new();
    }
    let mut out = format!("{KEYWORD}\n");
    for r in 0..n {
        let row: Vec<&str> = (0..n)
            .map(|c| {
                let pos = Pos::new(r, c);
                if placed.contains(&Placed::Cross { pos }) {
                    "x"
                } else {
                    "."
                }
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}
