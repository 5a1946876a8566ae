//! Small brute-force backtracking solvers and puzzle makers for tests and the fixture generator
//! (independent of the z3 solver, so fixtures can be built and checked without it).
#![allow(dead_code)]

use snapsolve::render::rng::Rng;
use snapsolve::{Edge, Marker, Pos, Puzzle, Queens, Solution, Symbol, Tango};

/// Up to `limit` solutions of a Tango puzzle (cells row-major). `order` picks the symbol tried
/// first in each cell (deterministic when `None`: sun first).
pub fn tango_solutions(t: &Tango, limit: usize, mut rng: Option<&mut Rng>) -> Vec<Vec<Symbol>> {
    let (rows, cols) = (t.rows(), t.cols());
    let mut cells: Vec<Option<Symbol>> = vec![None; rows * cols];
    let mut out = Vec::new();
    tango_rec(t, 0, &mut cells, &mut out, limit, &mut rng);
    out
}

fn tango_ok(t: &Tango, cells: &[Option<Symbol>], p: Pos, s: Symbol) -> bool {
    let (rows, cols) = (t.rows(), t.cols());
    let at = |r: usize, c: usize| cells[r * cols + c];
    // Counts in the row and column so far (this cell not yet set).
    let row_n = (0..p.col).filter(|&c| at(p.row, c) == Some(s)).count() + 1;
    let col_n = (0..p.row).filter(|&r| at(r, p.col) == Some(s)).count() + 1;
    if row_n > cols / 2 || col_n > rows / 2 {
        return false;
    }
    if p.col >= 2 && at(p.row, p.col - 1) == Some(s) && at(p.row, p.col - 2) == Some(s) {
        return false;
    }
    if p.row >= 2 && at(p.row - 1, p.col) == Some(s) && at(p.row - 2, p.col) == Some(s) {
        return false;
    }
    let check = |e: Edge, other: Option<Symbol>| match (t.marker(e), other) {
        (Some(Marker::Same), Some(o)) => o == s,
        (Some(Marker::Opposite), Some(o)) => o != s,
        _ => true,
    };
    if p.col >= 1
        && !check(
            Edge::Right(Pos::new(p.row, p.col - 1)),
            at(p.row, p.col - 1),
        )
    {
        return false;
    }
    if p.row >= 1 && !check(Edge::Down(Pos::new(p.row - 1, p.col)), at(p.row - 1, p.col)) {
        return false;
    }
    true
}

fn tango_rec(
    t: &Tango,
    i: usize,
    cells: &mut Vec<Option<Symbol>>,
    out: &mut Vec<Vec<Symbol>>,
    limit: usize,
    rng: &mut Option<&mut Rng>,
) {
    if out.len() >= limit {
        return;
    }
    let cols = t.cols();
    if i == cells.len() {
        out.push(cells.iter().map(|c| c.expect("filled")).collect());
        return;
    }
    let p = Pos::new(i / cols, i % cols);
    let mut opts = match t.given(p) {
        Some(s) => vec![s],
        None => vec![Symbol::Sun, Symbol::Moon],
    };
    if let Some(r) = rng.as_deref_mut() {
        r.shuffle(&mut opts);
    }
    for s in opts {
        if tango_ok(t, cells, p, s) {
            cells[i] = Some(s);
            tango_rec(t, i + 1, cells, out, limit, rng);
            cells[i] = None;
        }
    }
}

/// Up to `limit` solutions of a Queens puzzle (`crowns[row] = col`).
pub fn queens_solutions(q: &Queens, limit: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut crowns = Vec::new();
    let mut used_cols = vec![false; q.n()];
    let mut used_regions = vec![false; q.n()];
    queens_rec(
        q,
        &mut crowns,
        &mut used_cols,
        &mut used_regions,
        &mut out,
        limit,
        None,
    );
    out
}

fn queens_rec(
    q: &Queens,
    crowns: &mut Vec<usize>,
    used_cols: &mut [bool],
    used_regions: &mut [bool],
    out: &mut Vec<Vec<usize>>,
    limit: usize,
    mut rng: Option<&mut Rng>,
) {
    if out.len() >= limit {
        return;
    }
    let n = q.n();
    let r = crowns.len();
    if r == n {
        out.push(crowns.clone());
        return;
    }
    let mut cols: Vec<usize> = (0..n).collect();
    if let Some(rr) = rng.as_deref_mut() {
        rr.shuffle(&mut cols);
    }
    for c in cols {
        let reg = q.region(Pos::new(r, c));
        if used_cols[c] || used_regions[reg] {
            continue;
        }
        if let Some(&pc) = crowns.last()
            && pc.abs_diff(c) <= 1
        {
            continue;
        }
        used_cols[c] = true;
        used_regions[reg] = true;
        crowns.push(c);
        queens_rec(
            q,
            crowns,
            used_cols,
            used_regions,
            out,
            limit,
            rng.as_deref_mut(),
        );
        crowns.pop();
        used_cols[c] = false;
        used_regions[reg] = false;
    }
}

/// Up to `limit` solutions of either game.
pub fn solutions(p: &Puzzle, limit: usize) -> Vec<Solution> {
    match p {
        Puzzle::Tango(t) => tango_solutions(t, limit, None)
            .into_iter()
            .map(|cells| Solution::Tango {
                rows: t.rows(),
                cols: t.cols(),
                cells,
            })
            .collect(),
        Puzzle::Queens(q) => queens_solutions(q, limit)
            .into_iter()
            .map(|crowns| Solution::Queens { crowns })
            .collect(),
    }
}

/// The unique solution, or `None` when there are none or several.
pub fn unique_solution(p: &Puzzle) -> Option<Solution> {
    let mut s = solutions(p, 2);
    if s.len() == 1 { s.pop() } else { None }
}

/// A random Tango puzzle of side `n` with exactly one solution: a random full grid, clues
/// (givens and markers agreeing with it) added in random order until the solution is unique,
/// then clues removed again while it stays unique.
pub fn random_tango(n: usize, rng: &mut Rng) -> Tango {
    random_tango_with(n, rng, |t| tango_solutions(t, 2, None).len() == 1)
}

/// [`random_tango`] with the uniqueness check given by the caller (brute force here, z3 in
/// `puzzlegen`).
pub fn random_tango_with(n: usize, rng: &mut Rng, unique: impl Fn(&Tango) -> bool) -> Tango {
    let empty = Tango::empty(n, n);
    let full = tango_solutions(&empty, 1, Some(rng))
        .pop()
        .expect("a full grid");
    let at = |p: Pos| full[p.row * n + p.col];
    #[derive(Clone, Copy)]
    enum Clue {
        Given(Pos),
        Mark(Edge),
    }
    let mut clues: Vec<Clue> = empty.positions().map(Clue::Given).collect();
    clues.extend(empty.edges().map(Clue::Mark));
    rng.shuffle(&mut clues);
    let apply = |t: &mut Tango, c: Clue, on: bool| match c {
        Clue::Given(p) => t.set_given(p, on.then(|| at(p))),
        Clue::Mark(e) => {
            let (a, b) = e.cells();
            let m = if at(a) == at(b) {
                Marker::Same
            } else {
                Marker::Opposite
            };
            t.set_marker(e, on.then_some(m));
        }
    };
    let mut t = empty.clone();
    let mut used = Vec::new();
    for c in clues {
        apply(&mut t, c, true);
        used.push(c);
        if unique(&t) {
            break;
        }
    }
    rng.shuffle(&mut used);
    for c in used {
        apply(&mut t, c, false);
        if !unique(&t) {
            apply(&mut t, c, true);
        }
    }
    t
}

/// A random Queens puzzle of side `n` with exactly one solution: a random crown placement, one
/// region grown from each crown by random flood fill, retried until the solution is unique.
pub fn random_queens(n: usize, rng: &mut Rng, max_tries: usize) -> Option<Queens> {
    for _ in 0..max_tries {
        let mut crowns = Vec::new();
        let open = Queens::new(n, &(0..n * n).map(|i| (i % n) as u32).collect::<Vec<_>>()).ok()?;
        // Column regions make every region constraint equal to a column constraint, so any
        // non-attacking placement is a solution of `open`; draw one at random.
        let mut used_c = vec![false; n];
        let mut used_r = vec![false; n];
        let mut found = Vec::new();
        queens_rec(
            &open,
            &mut crowns,
            &mut used_c,
            &mut used_r,
            &mut found,
            1,
            Some(rng),
        );
        let sol = found.pop()?;
        let mut label = vec![u32::MAX; n * n];
        for (r, &c) in sol.iter().enumerate() {
            label[r * n + c] = r as u32;
        }
        let mut left = n * n - n;
        while left > 0 {
            let i = rng.below(n * n);
            if label[i] != u32::MAX {
                continue;
            }
            let (r, c) = (i / n, i % n);
            let mut nb = Vec::new();
            if r > 0 {
                nb.push(label[i - n]);
            }
            if r + 1 < n {
                nb.push(label[i + n]);
            }
            if c > 0 {
                nb.push(label[i - 1]);
            }
            if c + 1 < n {
                nb.push(label[i + 1]);
            }
            nb.retain(|&l| l != u32::MAX);
            if nb.is_empty() {
                continue;
            }
            label[i] = nb[rng.below(nb.len())];
            left -= 1;
        }
        // Repair: while another solution exists, move one of its crown cells (one that is not
        // a crown of the intended solution) into a neighbouring region.
        for _ in 0..4 * n * n {
            let q = Queens::new(n, &label).ok()?;
            let sols = queens_solutions(&q, 2);
            if sols.len() == 1 {
                return Some(q);
            }
            let Some(other) = sols.into_iter().find(|s| *s != sol) else {
                break;
            };
            // Candidate moves: a crown cell of the other solution (not one of ours) joins a
            // neighbouring region; take the first, in random order, that keeps every region
            // connected, as on LinkedIn.
            let mut moves = Vec::new();
            for r in (0..n).filter(|&r| other[r] != sol[r]) {
                let i = r * n + other[r];
                let (cr, cc) = (r, other[r]);
                let mut nb = Vec::new();
                if cr > 0 {
                    nb.push(label[i - n]);
                }
                if cr + 1 < n {
                    nb.push(label[i + n]);
                }
                if cc > 0 {
                    nb.push(label[i - 1]);
                }
                if cc + 1 < n {
                    nb.push(label[i + 1]);
                }
                nb.sort();
                nb.dedup();
                moves.extend(nb.into_iter().filter(|&l| l != label[i]).map(|l| (i, l)));
            }
            rng.shuffle(&mut moves);
            let mut moved = false;
            for (i, l) in moves {
                let before = label[i];
                label[i] = l;
                let connected = Queens::new(n, &label)
                    .map(|q| q.disconnected_regions().is_empty())
                    .unwrap_or(false);
                if connected {
                    moved = true;
                    break;
                }
                label[i] = before;
            }
            if !moved {
                break;
            }
        }
    }
    None
}
