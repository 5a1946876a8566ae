//! Comparing a puzzle read with its label: cell-by-cell differences, and the "equivalent"
//! readings that differ only where the reader itself doubted.

use crate::board::Reading;
use crate::puzzle::{Edge, Pos, Puzzle, Symbol, Tango};
use crate::solve::{self, Outcome, SolveOptions};

fn swap_symbols(t: &Tango) -> Tango {
    let mut s = t.clone();
    for p in t.positions() {
        s.set_given(p, t.given(p).map(Symbol::other));
    }
    s
}

fn cell_char(p: &Puzzle, pos: Pos) -> char {
    match p {
        Puzzle::Tango(t) => t.given(pos).map_or('.', Symbol::letter),
        Puzzle::Queens(q) => crate::puzzle::Queens::letter(q.region(pos)),
    }
}

fn marker_str(t: &Tango, e: Edge) -> String {
    t.marker(e)
        .map_or_else(|| "none".to_string(), |m| m.glyph().to_string())
}

/// Compares a read puzzle with its label: `None` when equal (up to a sun/moon swap when
/// `swap_ok`), else the differences.
/// Whether a reading that differs from its label is still equivalent: every differing cell is
/// one the reader flagged as doubtful, no marker differs, and both puzzles have the same unique
/// solution.
pub fn equivalent(want: &Puzzle, reading: &Reading, opts: &SolveOptions) -> bool {
    let (Puzzle::Tango(w), Puzzle::Tango(g)) = (want, &reading.puzzle) else {
        return false;
    };
    if (w.rows(), w.cols()) != (g.rows(), g.cols()) || w.markers().ne(g.markers()) {
        return false;
    }
    let doubted = |p: Pos| {
        reading
            .doubts
            .iter()
            .any(|d| matches!(d, crate::board::Doubt::Cell { pos, .. } if *pos == p))
    };
    if !w
        .positions()
        .filter(|&p| w.given(p) != g.given(p))
        .all(doubted)
    {
        return false;
    }
    let unique = |p: &Puzzle| match solve::solve(p, opts).map(|r| r.outcome) {
        Ok(Outcome::Unique(s)) => Some(s),
        _ => None,
    };
    matches!((unique(want), unique(&reading.puzzle)), (Some(a), Some(b)) if a == b)
}

/// Compares a puzzle read with its label; `None` when they agree.
pub fn compare(want: &Puzzle, got: &Puzzle, swap_ok: bool) -> Option<(String, Vec<String>)> {
    if want.game() != got.game() {
        return Some((
            format!("read a {} board, the label is {}", got.game(), want.game()),
            Vec::new(),
        ));
    }
    if want.size() != got.size() {
        let (a, b) = (want.size(), got.size());
        return Some((
            format!("read {}x{}, the label is {}x{}", b.0, b.1, a.0, a.1),
            Vec::new(),
        ));
    }
    if want == got {
        return None;
    }
    if swap_ok
        && let (Puzzle::Tango(w), Puzzle::Tango(g)) = (want, got)
        && swap_symbols(g) == *w
    {
        return None;
    }
    let (rows, cols) = want.size();
    let mut diffs = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let p = Pos::new(r, c);
            let (a, b) = (cell_char(want, p), cell_char(got, p));
            if a != b {
                diffs.push(format!("{p}: want {a}, read {b}"));
            }
        }
    }
    if let (Puzzle::Tango(w), Puzzle::Tango(g)) = (want, got) {
        for e in w.edges() {
            if w.marker(e) != g.marker(e) {
                diffs.push(format!(
                    "{e}: want {}, read {}",
                    marker_str(w, e),
                    marker_str(g, e)
                ));
            }
        }
    }
    Some((
        format!(
            "the puzzle read differs from the label ({})",
            crate::format::plural(diffs.len(), "difference")
        ),
        diffs,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    #[test]
    fn compare_names_cells_and_edges() {
        let want = format::parse("tango 2x2\nS=.\n\n. .\n").unwrap();
        let got = format::parse("tango 2x2\nM .\n\n. .\n").unwrap();
        let (_, d) = compare(&want, &got, false).unwrap();
        assert_eq!(
            d,
            vec!["r1c1: want S, read M", "r1c1|r1c2: want =, read none"]
        );
        let a = format::parse("tango 2x2\nS .\n\n. M\n").unwrap();
        let b = format::parse("tango 2x2\nM .\n\n. S\n").unwrap();
        assert!(compare(&a, &b, false).is_some());
        assert!(compare(&a, &b, true).is_none());
        assert!(compare(&a, &a, false).is_none());
        let one = format::parse("tango 2x2\nS .\n\n. S\n").unwrap();
        let (reason, _) = compare(&a, &one, false).unwrap();
        assert!(reason.ends_with("(1 difference)"), "{reason}");
    }
}
