//! The plain-Rust rules checker: every solution is checked here before it is returned, so a
//! modelling bug in the solver can never produce a confident wrong answer.

use crate::puzzle::{Marker, Pos, Puzzle, Queens, Solution, Symbol, Tango, Violation};

/// The first rule a partial Tango board breaks (givens only): three alike in a line, or more
/// than half of one symbol in a line. `cells` is row-major, `None` for empty.
pub fn tango_partial_violation(
    rows: usize,
    cols: usize,
    cells: &[Option<Symbol>],
) -> Option<Violation> {
    let at = |r: usize, c: usize| cells[r * cols + c];
    for r in 0..rows {
        for c in 0..cols {
            if c + 2 < cols
                && let Some(s) = at(r, c)
                && at(r, c + 1) == Some(s)
                && at(r, c + 2) == Some(s)
            {
                return Some(Violation {
                    rule: "three alike in a row",
                    cells: (0..3).map(|k| Pos::new(r, c + k)).collect(),
                });
            }
            if r + 2 < rows
                && let Some(s) = at(r, c)
                && at(r + 1, c) == Some(s)
                && at(r + 2, c) == Some(s)
            {
                return Some(Violation {
                    rule: "three alike in a column",
                    cells: (0..3).map(|k| Pos::new(r + k, c)).collect(),
                });
            }
        }
    }
    for s in [Symbol::Sun, Symbol::Moon] {
        for r in 0..rows {
            let ps: Vec<Pos> = (0..cols)
                .filter(|&c| at(r, c) == Some(s))
                .map(|c| Pos::new(r, c))
                .collect();
            if ps.len() > cols / 2 {
                return Some(Violation {
                    rule: "more than half of one symbol in a row",
                    cells: ps,
                });
            }
        }
        for c in 0..cols {
            let ps: Vec<Pos> = (0..rows)
                .filter(|&r| at(r, c) == Some(s))
                .map(|r| Pos::new(r, c))
                .collect();
            if ps.len() > rows / 2 {
                return Some(Violation {
                    rule: "more than half of one symbol in a column",
                    cells: ps,
                });
            }
        }
    }
    None
}

/// Checks a filled Tango board against the puzzle: every rule, every given, every marker.
pub fn check_tango(t: &Tango, cells: &[Symbol]) -> Result<(), Violation> {
    let (rows, cols) = (t.rows(), t.cols());
    if cells.len() != rows * cols {
        return Err(Violation {
            rule: "wrong number of cells",
            cells: vec![],
        });
    }
    let opt: Vec<Option<Symbol>> = cells.iter().map(|&s| Some(s)).collect();
    if let Some(v) = tango_partial_violation(rows, cols, &opt) {
        return Err(v);
    }
    let at = |p: Pos| cells[p.index(cols)];
    for (p, s) in t.givens() {
        if at(p) != s {
            return Err(Violation {
                rule: "a given is changed",
                cells: vec![p],
            });
        }
    }
    for (e, m) in t.markers() {
        let (a, b) = e.cells();
        let ok = match m {
            Marker::Same => at(a) == at(b),
            Marker::Opposite => at(a) != at(b),
        };
        if !ok {
            return Err(Violation {
                rule: if m == Marker::Same {
                    "an `=` marker joins different symbols"
                } else {
                    "an `x` marker joins equal symbols"
                },
                cells: vec![a, b],
            });
        }
    }
    // Balance: with no line holding more than half of a symbol and every cell filled, each
    // line holds exactly half of each; checked above.
    Ok(())
}

/// Checks a Queens placement: one crown per row (by construction), per column and per region,
/// and no two crowns touching, diagonals included.
pub fn check_queens(q: &Queens, crowns: &[usize]) -> Result<(), Violation> {
    let n = q.n();
    if crowns.len() != n || crowns.iter().any(|&c| c >= n) {
        return Err(Violation {
            rule: "not one crown per row",
            cells: vec![],
        });
    }
    let pos: Vec<Pos> = crowns
        .iter()
        .enumerate()
        .map(|(r, &c)| Pos::new(r, c))
        .collect();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (pos[i], pos[j]);
            if a.col == b.col {
                return Err(Violation {
                    rule: "two crowns in a column",
                    cells: vec![a, b],
                });
            }
            if q.region(a) == q.region(b) {
                return Err(Violation {
                    rule: "two crowns in a region",
                    cells: vec![a, b],
                });
            }
            if b.row == a.row + 1 && a.col.abs_diff(b.col) <= 1 {
                return Err(Violation {
                    rule: "two crowns touch",
                    cells: vec![a, b],
                });
            }
        }
    }
    Ok(())
}

/// Checks any solution against its puzzle.
pub fn check(p: &Puzzle, s: &Solution) -> Result<(), Violation> {
    match (p, s) {
        (Puzzle::Tango(t), Solution::Tango { cells, .. }) => check_tango(t, cells),
        (Puzzle::Queens(q), Solution::Queens { crowns }) => check_queens(q, crowns),
        _ => Err(Violation {
            rule: "solution is for the other game",
            cells: vec![],
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Symbol::{Moon as M, Sun as S};

    #[test]
    fn three_alike_is_found() {
        let mut cells = vec![None; 36];
        cells[0] = Some(S);
        cells[1] = Some(S);
        cells[2] = Some(S);
        let v = tango_partial_violation(6, 6, &cells).unwrap();
        assert_eq!(v.rule, "three alike in a row");
    }

    #[test]
    fn good_tango_passes_and_bad_fails() {
        let t = Tango::empty(2, 2);
        assert!(check_tango(&t, &[S, M, M, S]).is_ok());
        assert!(check_tango(&t, &[S, S, M, M]).is_err());
    }
}
