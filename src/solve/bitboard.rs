//! Solving without z3: exact bitboard backtrackers for Tango and Queens that count solutions
//! up to a limit. They need no z3 and are what the generator uses for its many uniqueness checks; a
//! test cross-checks them against z3 and the rules checker.
//!
//! Tango rows are bit masks (`bit c` set = a moon in column `c`, clear = a sun) and the search
//! fills whole rows chosen from the precomputed list of valid rows (balanced, no three alike),
//! checking columns incrementally with byte-wide counters. Queens places one crown per row with
//! column, region and touch masks.

use crate::puzzle::{Edge, Marker, Pos, Queens, Solution, Symbol, Tango};

/// What a bounded search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Solutions found, at most the limit asked for.
    pub count: usize,
    /// The first solution found, if any.
    pub first: Option<Solution>,
}

impl SearchOutcome {
    /// Exactly one solution (only meaningful when the limit was at least 2).
    pub fn is_unique(&self) -> bool {
        self.count == 1
    }
}

/// Every valid line of `len` cells as a bit mask: half of each symbol, never three alike in a
/// row. Empty unless `len` is even and at most 16 (the sizes [`Tango::validate`] accepts).
pub fn valid_lines(len: usize) -> Vec<u16> {
    if !len.is_multiple_of(2) || len > 16 {
        return Vec::new();
    }
    let full: u32 = (1u32 << len) - 1;
    (0..=full)
        .filter(|&m| m.count_ones() as usize == len / 2 && !has_three(m, len))
        .map(|m| m as u16)
        .collect()
}

fn has_three(m: u32, len: usize) -> bool {
    if len < 3 {
        return false;
    }
    let full = (1u32 << len) - 1;
    let z = !m & full;
    let trip = |x: u32| x & (x >> 1) & (x >> 2) & (full >> 2) != 0;
    trip(m) || trip(z)
}

/// A Tango puzzle in bit form: per row, the given cells and their values, and the markers.
/// Bit `c` of a row value is set for a moon.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitTango {
    /// Rows (even, 2..=16).
    pub rows: usize,
    /// Columns (even, 2..=16).
    pub cols: usize,
    /// Per row: which cells are given.
    pub given_mask: Vec<u16>,
    /// Per row: the given values (moon bits) under `given_mask`.
    pub given_val: Vec<u16>,
    /// Per row: bit `c` set when an `=` joins `(r, c)` and `(r, c + 1)`.
    pub right_same: Vec<u16>,
    /// Per row: bit `c` set when an `x` joins `(r, c)` and `(r, c + 1)`.
    pub right_opp: Vec<u16>,
    /// Per row: bit `c` set when an `=` joins `(r, c)` and `(r + 1, c)`.
    pub down_same: Vec<u16>,
    /// Per row: bit `c` set when an `x` joins `(r, c)` and `(r + 1, c)`.
    pub down_opp: Vec<u16>,
}

impl BitTango {
    /// An empty board. Sizes must be even and at most 16 (see [`Tango::validate`]).
    pub fn empty(rows: usize, cols: usize) -> Self {
        BitTango {
            rows,
            cols,
            given_mask: vec![0; rows],
            given_val: vec![0; rows],
            right_same: vec![0; rows],
            right_opp: vec![0; rows],
            down_same: vec![0; rows],
            down_opp: vec![0; rows],
        }
    }

    /// The bit form of a puzzle.
    pub fn from_tango(t: &Tango) -> Self {
        let mut b = BitTango::empty(t.rows(), t.cols());
        for (p, s) in t.givens() {
            b.given_mask[p.row] |= 1 << p.col;
            if s == Symbol::Moon {
                b.given_val[p.row] |= 1 << p.col;
            }
        }
        for (e, m) in t.markers() {
            let (list_same, list_opp, p) = match e {
                Edge::Right(p) => (&mut b.right_same, &mut b.right_opp, p),
                Edge::Down(p) => (&mut b.down_same, &mut b.down_opp, p),
            };
            match m {
                Marker::Same => list_same[p.row] |= 1 << p.col,
                Marker::Opposite => list_opp[p.row] |= 1 << p.col,
            }
        }
        b
    }

    /// Back to the domain type.
    pub fn to_tango(&self) -> Tango {
        let mut t = Tango::empty(self.rows, self.cols);
        for r in 0..self.rows {
            for c in 0..self.cols {
                let bit = 1u16 << c;
                if self.given_mask[r] & bit != 0 {
                    let s = if self.given_val[r] & bit != 0 {
                        Symbol::Moon
                    } else {
                        Symbol::Sun
                    };
                    t.set_given(Pos::new(r, c), Some(s));
                }
                let p = Pos::new(r, c);
                if c + 1 < self.cols {
                    if self.right_same[r] & bit != 0 {
                        t.set_marker(Edge::Right(p), Some(Marker::Same));
                    } else if self.right_opp[r] & bit != 0 {
                        t.set_marker(Edge::Right(p), Some(Marker::Opposite));
                    }
                }
                if r + 1 < self.rows {
                    if self.down_same[r] & bit != 0 {
                        t.set_marker(Edge::Down(p), Some(Marker::Same));
                    } else if self.down_opp[r] & bit != 0 {
                        t.set_marker(Edge::Down(p), Some(Marker::Opposite));
                    }
                }
            }
        }
        t
    }

    /// Number of givens plus markers.
    pub fn elements(&self) -> usize {
        let ones = |v: &[u16]| v.iter().map(|x| x.count_ones() as usize).sum::<usize>();
        ones(&self.given_mask)
            + ones(&self.right_same)
            + ones(&self.right_opp)
            + ones(&self.down_same)
            + ones(&self.down_opp)
    }

    /// Calls `visit` with every solution (row masks) until it returns `false`.
    pub fn for_each_solution(&self, mut visit: impl FnMut(&[u16]) -> bool) {
        let lines = valid_lines(self.cols);
        let cands: Vec<Vec<Cand>> = (0..self.rows)
            .map(|r| {
                lines
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let x = m ^ (m >> 1);
                        (m ^ self.given_val[r]) & self.given_mask[r] == 0
                            && x & self.right_same[r] == 0
                            && x & self.right_opp[r] == self.right_opp[r]
                    })
                    .map(|m| Cand::new(m, self.cols))
                    .collect()
            })
            .collect();
        let half = self.rows / 2;
        let mut bias: u128 = 0;
        let mut high: u128 = 0;
        for c in 0..self.cols {
            bias |= ((127 - half) as u128) << (8 * c);
            high |= 0x80u128 << (8 * c);
        }
        let mut st = Walk {
            p: self,
            cands: &cands,
            full: ((1u32 << self.cols) - 1) as u16,
            high,
            rows: vec![0; self.rows],
            stop: false,
        };
        st.go(0, bias, bias, &mut visit);
    }

    /// Counts solutions, stopping at `limit`, and returns the first one found.
    pub fn solve_up_to(&self, limit: usize) -> SearchOutcome {
        bounded(
            limit,
            |visit| self.for_each_solution(visit),
            |rows| rows_to_solution(&rows, self.cols),
        )
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        let mut count = 0;
        self.for_each_solution(|_| {
            count += 1;
            count < 2
        });
        count == 1
    }
}

/// Turns row masks into a [`Solution`].
pub fn rows_to_solution(rows: &[u16], cols: usize) -> Solution {
    let mut cells = Vec::with_capacity(rows.len() * cols);
    for &m in rows {
        for c in 0..cols {
            cells.push(if m >> c & 1 == 1 {
                Symbol::Moon
            } else {
                Symbol::Sun
            });
        }
    }
    Solution::Tango {
        rows: rows.len(),
        cols,
        cells,
    }
}

/// A candidate row with its column-counter increments precomputed.
struct Cand {
    m: u16,
    ones: u128,
    zeros: u128,
}

impl Cand {
    fn new(m: u16, cols: usize) -> Self {
        let mut ones = 0u128;
        let mut zeros = 0u128;
        for c in 0..cols {
            if m >> c & 1 == 1 {
                ones |= 1u128 << (8 * c);
            } else {
                zeros |= 1u128 << (8 * c);
            }
        }
        Cand { m, ones, zeros }
    }
}

struct Walk<'a> {
    p: &'a BitTango,
    cands: &'a [Vec<Cand>],
    full: u16,
    high: u128,
    rows: Vec<u16>,
    stop: bool,
}

impl Walk<'_> {
    fn go(&mut self, r: usize, ones: u128, zeros: u128, visit: &mut impl FnMut(&[u16]) -> bool) {
        if r == self.p.rows {
            if !visit(&self.rows) {
                self.stop = true;
            }
            return;
        }
        let cands = self.cands;
        for cand in &cands[r] {
            let m = cand.m;
            let o = ones + cand.ones;
            let z = zeros + cand.zeros;
            if (o | z) & self.high != 0 {
                continue;
            }
            if r >= 1 {
                let b = self.rows[r - 1];
                let d = b ^ m;
                if d & self.p.down_same[r - 1] != 0
                    || d & self.p.down_opp[r - 1] != self.p.down_opp[r - 1]
                {
                    continue;
                }
                if r >= 2 {
                    let a = self.rows[r - 2];
                    if !(a ^ b) & !d & self.full != 0 {
                        continue;
                    }
                }
            }
            self.rows[r] = m;
            self.go(r + 1, o, z, visit);
            if self.stop {
                return;
            }
        }
    }
}

/// A Queens puzzle in bit form for the backtracker.
#[derive(Clone, Debug)]
pub struct BitQueens {
    n: usize,
    region: Vec<u8>,
    /// `row_region_cols[row * n + region]`: the columns of that region in that row.
    row_region_cols: Vec<u32>,
}

impl BitQueens {
    /// From a region labelling (row-major, labels `0..n`); see [`BitQueens::from_queens`].
    pub fn from_regions(n: usize, region: &[u8]) -> Self {
        let mut row_region_cols = vec![0u32; n * n];
        for r in 0..n {
            for c in 0..n {
                let k = region[r * n + c] as usize;
                row_region_cols[r * n + k] |= 1 << c;
            }
        }
        BitQueens {
            n,
            region: region.to_vec(),
            row_region_cols,
        }
    }

    /// The bit form of a Queens puzzle.
    pub fn from_queens(q: &Queens) -> Self {
        let n = q.n();
        let region: Vec<u8> =
            q.region_cells()
                .iter()
                .enumerate()
                .fold(vec![0u8; n * n], |mut acc, (k, cells)| {
                    for p in cells {
                        acc[p.index(n)] = k as u8;
                    }
                    acc
                });
        Self::from_regions(n, &region)
    }

    /// Calls `visit` with every solution (`crowns[row]` = column) until it returns `false`.
    pub fn for_each_solution(&self, mut visit: impl FnMut(&[usize]) -> bool) {
        let mut crowns = vec![0usize; self.n];
        let mut stop = false;
        self.go(0, 0, 0, usize::MAX, &mut crowns, &mut stop, &mut visit);
    }

    #[allow(clippy::too_many_arguments)]
    fn go(
        &self,
        r: usize,
        cols: u32,
        regs: u32,
        prev: usize,
        crowns: &mut [usize],
        stop: &mut bool,
        visit: &mut impl FnMut(&[usize]) -> bool,
    ) {
        let n = self.n;
        if r == n {
            if !visit(crowns) {
                *stop = true;
            }
            return;
        }
        // Every unused region must still have a free cell in a row below this one.
        for k in 0..n {
            if regs >> k & 1 == 0 {
                let mut ok = false;
                for rr in r..n {
                    if self.row_region_cols[rr * n + k] & !cols != 0 {
                        ok = true;
                        break;
                    }
                }
                if !ok {
                    return;
                }
            }
        }
        for c in 0..n {
            if cols >> c & 1 == 1 || (prev != usize::MAX && c.abs_diff(prev) <= 1) {
                continue;
            }
            let k = self.region[r * n + c];
            if regs >> k & 1 == 1 {
                continue;
            }
            crowns[r] = c;
            self.go(r + 1, cols | 1 << c, regs | 1 << k, c, crowns, stop, visit);
            if *stop {
                return;
            }
        }
    }

    /// Counts solutions, stopping at `limit`, and returns the first one found.
    pub fn solve_up_to(&self, limit: usize) -> SearchOutcome {
        bounded(
            limit,
            |visit| self.for_each_solution(visit),
            |crowns| Solution::Queens { crowns },
        )
    }
}

/// Runs a search that visits solutions until its visitor returns `false`: counts them up to
/// `limit` and converts the first one found.
fn bounded<T: Clone>(
    limit: usize,
    search: impl FnOnce(&mut dyn FnMut(&[T]) -> bool),
    to_solution: impl FnOnce(Vec<T>) -> Solution,
) -> SearchOutcome {
    let mut count = 0;
    let mut first: Option<Vec<T>> = None;
    if limit > 0 {
        search(&mut |found: &[T]| {
            if first.is_none() {
                first = Some(found.to_vec());
            }
            count += 1;
            count < limit
        });
    }
    SearchOutcome {
        count,
        first: first.map(to_solution),
    }
}

/// Counts the solutions of a Tango puzzle up to `limit` (fast backtracker, no z3).
pub fn count_tango(t: &Tango, limit: usize) -> SearchOutcome {
    BitTango::from_tango(t).solve_up_to(limit)
}

/// Counts the solutions of a Queens puzzle up to `limit` (fast backtracker, no z3).
pub fn count_queens(q: &Queens, limit: usize) -> SearchOutcome {
    BitQueens::from_queens(q).solve_up_to(limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::puzzle::Puzzle;

    fn parse_tango(s: &str) -> Tango {
        match format::parse(s).unwrap() {
            Puzzle::Tango(t) => t,
            _ => panic!("not tango"),
        }
    }

    #[test]
    fn six_cell_lines() {
        assert_eq!(valid_lines(6).len(), 14);
        assert_eq!(valid_lines(2).len(), 2);
    }

    #[test]
    fn article_puzzles_are_unique_and_check() {
        for f in [
            "generator-six-givens.txt",
            "generator-hardest-1given-5markers.txt",
        ] {
            let text = std::fs::read_to_string(format!(
                "{}/../shared/puzzles/{f}",
                env!("CARGO_MANIFEST_DIR")
            ));
            let Ok(text) = text else { continue };
            let t = parse_tango(&text);
            let out = count_tango(&t, 5);
            assert_eq!(out.count, 1, "{f}");
            let sol = out.first.unwrap();
            crate::rules::check(&Puzzle::Tango(t.clone()), &sol).unwrap();
            assert_eq!(BitTango::from_tango(&t).to_tango(), t);
        }
    }

    #[test]
    fn queens_307_is_unique() {
        let text = "queens 7x7\nA A A A A A A\nB B B B C A A\nB D D E C A A\nB B E E E A A\n\
                    B B F E G G A\nB B F B B B A\nB B B B B B A\n";
        let Puzzle::Queens(q) = format::parse(text).unwrap() else {
            panic!()
        };
        let out = count_queens(&q, 5);
        assert_eq!(out.count, 1);
        crate::rules::check(&Puzzle::Queens(q), &out.first.unwrap()).unwrap();
    }
}
