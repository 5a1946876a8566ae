//! Solving, the fast path: forced moves fill most Tango boards without z3.

use crate::puzzle::{Marker, Solution, Symbol, Tango};

/// Fills a Tango board by simple forced moves; `Some` only when every cell ends up filled
/// (the caller still runs the rules checker). Contradictions and stalls return `None` and
/// leave the work to z3.
pub(super) fn propagate_tango(t: &Tango) -> Option<Solution> {
    let (rows, cols) = (t.rows(), t.cols());
    let mut cells: Vec<Option<Symbol>> = t.positions().map(|p| t.given(p)).collect();
    let markers: Vec<(usize, usize, Marker)> = t
        .markers()
        .map(|(e, m)| {
            let (a, b) = e.cells();
            (a.index(cols), b.index(cols), m)
        })
        .collect();
    // Lines as index lists: rows, then columns.
    let lines: Vec<Vec<usize>> = (0..rows)
        .map(|r| (0..cols).map(|c| r * cols + c).collect())
        .chain((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect()))
        .collect();
    /// Sets a cell: `Some(changed)`, or `None` on a contradiction.
    fn set(cells: &mut [Option<Symbol>], i: usize, s: Symbol) -> Option<bool> {
        match cells[i] {
            Some(x) if x == s => Some(false),
            Some(_) => None,
            None => {
                cells[i] = Some(s);
                Some(true)
            }
        }
    }
    loop {
        let mut changed = false;
        for &(a, b, m) in &markers {
            let want = |s: Symbol| if m == Marker::Same { s } else { s.other() };
            if let (Some(x), None) = (cells[a], cells[b]) {
                changed |= set(&mut cells, b, want(x))?;
            } else if let (None, Some(y)) = (cells[a], cells[b]) {
                changed |= set(&mut cells, a, want(y))?;
            }
        }
        for line in &lines {
            for w in line.windows(3) {
                let (x, y, z) = (cells[w[0]], cells[w[1]], cells[w[2]]);
                match (x, y, z) {
                    (Some(a), Some(b), None) if a == b => {
                        changed |= set(&mut cells, w[2], a.other())?
                    }
                    (None, Some(a), Some(b)) if a == b => {
                        changed |= set(&mut cells, w[0], a.other())?
                    }
                    (Some(a), None, Some(b)) if a == b => {
                        changed |= set(&mut cells, w[1], a.other())?
                    }
                    _ => {}
                }
            }
            let half = line.len() / 2;
            for s in [Symbol::Sun, Symbol::Moon] {
                let n = line.iter().filter(|&&i| cells[i] == Some(s)).count();
                if n > half {
                    return None;
                }
                if n == half {
                    for &i in line {
                        if cells[i].is_none() {
                            changed |= set(&mut cells, i, s.other())?;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let cells: Option<Vec<Symbol>> = cells.into_iter().collect();
    Some(Solution::Tango {
        rows,
        cols,
        cells: cells?,
    })
}
