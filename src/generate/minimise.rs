//! Minimal Tango puzzles: remove givens while the solution stays unique, replace givens by
//! `=`/`x` markers, and search exhaustively for the puzzle with the fewest elements (givens +
//! markers) for a filled board.
//!
//! Boards are row masks (bit `c` of row `r` set = a moon at `(r, c)`), as in
//! [`crate::solve::bitboard`]. Every marker added is the one the board itself satisfies, so the board
//! stays a solution of every puzzle built here.

use crate::solve::bitboard::BitTango;

/// One puzzle element: a given cell or a marker on an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Element {
    /// The given at `(row, col)`.
    Given(usize, usize),
    /// The marker between `(row, col)` and `(row, col + 1)`.
    Right(usize, usize),
    /// The marker between `(row, col)` and `(row + 1, col)`.
    Down(usize, usize),
}

/// Every element of a `rows x cols` board in a fixed order: the cells row-major, then the
/// right edges row-major, then the down edges row-major.
pub fn elements(rows: usize, cols: usize) -> Vec<Element> {
    let mut v = Vec::with_capacity(3 * rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            v.push(Element::Given(r, c));
        }
    }
    for r in 0..rows {
        for c in 0..cols - 1 {
            v.push(Element::Right(r, c));
        }
    }
    for r in 0..rows - 1 {
        for c in 0..cols {
            v.push(Element::Down(r, c));
        }
    }
    v
}

fn bit(board: &[u16], r: usize, c: usize) -> u16 {
    board[r] >> c & 1
}

/// Sets or clears one element of `p`, taking its value from the filled `board`.
pub fn set_element(p: &mut BitTango, board: &[u16], e: Element, on: bool) {
    let upd = |v: &mut u16, m: u16, on: bool| {
        if on { *v |= m } else { *v &= !m }
    };
    match e {
        Element::Given(r, c) => {
            upd(&mut p.given_mask[r], 1 << c, on);
            upd(&mut p.given_val[r], 1 << c, bit(board, r, c) == 1);
        }
        Element::Right(r, c) => {
            let same = bit(board, r, c) == bit(board, r, c + 1);
            upd(&mut p.right_same[r], 1 << c, on && same);
            upd(&mut p.right_opp[r], 1 << c, on && !same);
        }
        Element::Down(r, c) => {
            let same = bit(board, r, c) == bit(board, r + 1, c);
            upd(&mut p.down_same[r], 1 << c, on && same);
            upd(&mut p.down_opp[r], 1 << c, on && !same);
        }
    }
}

/// Whether `p` holds element `e`.
pub fn has_element(p: &BitTango, e: Element) -> bool {
    match e {
        Element::Given(r, c) => p.given_mask[r] >> c & 1 == 1,
        Element::Right(r, c) => (p.right_same[r] | p.right_opp[r]) >> c & 1 == 1,
        Element::Down(r, c) => (p.down_same[r] | p.down_opp[r]) >> c & 1 == 1,
    }
}

/// The puzzle with every cell of `board` given and no markers.
pub fn all_givens(board: &[u16], cols: usize) -> BitTango {
    let mut p = BitTango::empty(board.len(), cols);
    for (r, &row) in board.iter().enumerate() {
        p.given_mask[r] = ((1u32 << cols) - 1) as u16;
        p.given_val[r] = row;
    }
    p
}

/// The generator article's first experiment: from all givens, remove each given in row-major
/// order when the puzzle stays unique. Removing a given never makes a puzzle more constrained,
/// so one pass gives the same result as the article's restart-after-each-removal loop.
pub fn minimise_givens(board: &[u16], cols: usize) -> BitTango {
    let rows = board.len();
    let mut p = all_givens(board, cols);
    for r in 0..rows {
        for c in 0..cols {
            set_element(&mut p, board, Element::Given(r, c), false);
            if !p.is_unique() {
                set_element(&mut p, board, Element::Given(r, c), true);
            }
        }
    }
    p
}

/// Where [`minimise_with_markers`] may put a marker that replaces a given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerPlacement {
    /// Only between the removed cell and a given neighbour (the generator article's method;
    /// neighbours tried up, down, left, right).
    NextToGiven,
    /// On any edge of the board not yet carrying a marker.
    Anywhere,
}

/// The generator article's second experiment, optionally extended: repeatedly scan the givens
/// row-major; remove a given when the puzzle stays unique, otherwise try to replace it by one
/// marker (the one the board satisfies); restart the scan after every change, stop when a
/// full scan changes nothing. With [`MarkerPlacement::Anywhere`], a pass also drops markers
/// that became redundant.
pub fn minimise_with_markers(board: &[u16], cols: usize, place: MarkerPlacement) -> BitTango {
    let rows = board.len();
    let mut p = all_givens(board, cols);
    let all = elements(rows, cols);
    'outer: loop {
        if place == MarkerPlacement::Anywhere {
            for &e in &all {
                if !matches!(e, Element::Given(..)) && has_element(&p, e) {
                    set_element(&mut p, board, e, false);
                    if p.is_unique() {
                        continue 'outer;
                    }
                    set_element(&mut p, board, e, true);
                }
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let g = Element::Given(r, c);
                if !has_element(&p, g) {
                    continue;
                }
                set_element(&mut p, board, g, false);
                if p.is_unique() {
                    continue 'outer;
                }
                let cands: Vec<Element> = match place {
                    MarkerPlacement::NextToGiven => {
                        let mut v = Vec::new();
                        if r > 0 && has_element(&p, Element::Given(r - 1, c)) {
                            v.push(Element::Down(r - 1, c));
                        }
                        if r + 1 < rows && has_element(&p, Element::Given(r + 1, c)) {
                            v.push(Element::Down(r, c));
                        }
                        if c > 0 && has_element(&p, Element::Given(r, c - 1)) {
                            v.push(Element::Right(r, c - 1));
                        }
                        if c + 1 < cols && has_element(&p, Element::Given(r, c + 1)) {
                            v.push(Element::Right(r, c));
                        }
                        v
                    }
                    MarkerPlacement::Anywhere => all
                        .iter()
                        .copied()
                        .filter(|&e| !matches!(e, Element::Given(..)) && !has_element(&p, e))
                        .collect(),
                };
                for m in cands {
                    set_element(&mut p, board, m, true);
                    if p.is_unique() {
                        continue 'outer;
                    }
                    set_element(&mut p, board, m, false);
                }
                set_element(&mut p, board, g, true);
            }
        }
        return p;
    }
}

/// Which elements the exact search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowed {
    /// Givens only.
    Givens,
    /// Givens and markers.
    GivensAndMarkers,
}

/// Exact minimum puzzles for one board size by hitting sets: a puzzle made of elements of
/// board `B` has `B` as its only solution exactly when, for every other filled board `B'`, it
/// holds an element on which `B'` disagrees with `B`. The sets of such elements, one per `B'`,
/// are reduced to the inclusion-minimal ones, and a branch-and-bound search finds a smallest
/// set of elements meeting all of them. Needs at most 128 elements (boards up to 6x6).
#[derive(Clone, Debug)]
pub struct ExactMinimiser {
    rows: usize,
    cols: usize,
    boards: Vec<Vec<u16>>,
}

/// The answer of the exact search for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinimumPuzzle {
    /// The fewest elements possible.
    pub elements: usize,
    /// One puzzle with that many elements.
    pub puzzle: BitTango,
    /// Search nodes visited (for reporting the cost).
    pub nodes: u64,
}

impl ExactMinimiser {
    /// Prepares the search over every filled `rows x cols` board.
    /// Returns `None` when the board has more than 128 elements.
    pub fn new(rows: usize, cols: usize) -> Option<Self> {
        if elements(rows, cols).len() > 128 {
            return None;
        }
        let mut boards = Vec::new();
        BitTango::empty(rows, cols).for_each_solution(|b| {
            boards.push(b.to_vec());
            true
        });
        Some(ExactMinimiser { rows, cols, boards })
    }

    /// The element mask of the elements on which `a` and `b` differ.
    fn diff_mask(&self, a: &[u16], b: &[u16]) -> u128 {
        let (rows, cols) = (self.rows, self.cols);
        let mut m = 0u128;
        let mut i = 0;
        for r in 0..rows {
            for c in 0..cols {
                if bit(a, r, c) != bit(b, r, c) {
                    m |= 1 << i;
                }
                i += 1;
            }
        }
        for r in 0..rows {
            let d = a[r] ^ b[r];
            for c in 0..cols - 1 {
                if (d >> c ^ d >> (c + 1)) & 1 == 1 {
                    m |= 1 << i;
                }
                i += 1;
            }
        }
        for r in 0..rows - 1 {
            let d = (a[r] ^ b[r]) ^ (a[r + 1] ^ b[r + 1]);
            for c in 0..cols {
                if d >> c & 1 == 1 {
                    m |= 1 << i;
                }
                i += 1;
            }
        }
        m
    }

    /// The inclusion-minimal difference sets of `board` against every other board.
    fn minimal_sets(&self, board: &[u16], allowed: u128) -> Vec<u128> {
        let mut sets: Vec<u128> = self
            .boards
            .iter()
            .filter(|b| b.as_slice() != board)
            .map(|b| self.diff_mask(board, b) & allowed)
            .collect();
        sets.sort_unstable_by_key(|s| (s.count_ones(), *s));
        sets.dedup();
        let mut kept: Vec<u128> = Vec::new();
        for s in sets {
            if !kept.iter().any(|&k| k & !s == 0) {
                kept.push(s);
            }
        }
        kept
    }

    fn allowed_mask(&self, allowed: Allowed) -> u128 {
        let n = elements(self.rows, self.cols).len();
        let cells = self.rows * self.cols;
        match allowed {
            Allowed::Givens => (1u128 << cells) - 1,
            Allowed::GivensAndMarkers => {
                if n == 128 {
                    u128::MAX
                } else {
                    (1u128 << n) - 1
                }
            }
        }
    }

    /// The smallest puzzle whose only solution is `board`, using at most `max` elements;
    /// `None` when every such puzzle needs more than `max`.
    pub fn minimum(&self, board: &[u16], allowed: Allowed, max: usize) -> Option<MinimumPuzzle> {
        let sets = self.minimal_sets(board, self.allowed_mask(allowed));
        if sets.first() == Some(&0) {
            return None;
        }
        let mut nodes = 0u64;
        for k in 0..=max {
            let mut chosen = Vec::new();
            if hit(&sets, 0, 0, k, &mut chosen, &mut nodes) {
                let all = elements(self.rows, self.cols);
                let mut p = BitTango::empty(self.rows, self.cols);
                for &i in &chosen {
                    set_element(&mut p, board, all[i], true);
                }
                return Some(MinimumPuzzle {
                    elements: k,
                    puzzle: p,
                    nodes,
                });
            }
        }
        None
    }
}

/// Depth-limited hitting-set search: can at most `budget` more elements (none of them in
/// `banned`) meet every set not met by `taken`?
fn hit(
    sets: &[u128],
    taken: u128,
    banned: u128,
    budget: usize,
    chosen: &mut Vec<usize>,
    nodes: &mut u64,
) -> bool {
    *nodes += 1;
    // The first unmet set (sets are sorted smallest first) and a lower bound from pairwise
    // disjoint unmet sets.
    let mut first: Option<u128> = None;
    let mut used = 0u128;
    let mut lb = 0usize;
    for &s in sets {
        if s & taken != 0 {
            continue;
        }
        let s = s & !banned;
        if s == 0 {
            return false;
        }
        if first.is_none_or(|f| s.count_ones() < f.count_ones()) {
            first = Some(s);
        }
        if s & used == 0 {
            used |= s;
            lb += 1;
            if lb > budget {
                return false;
            }
        }
    }
    let Some(mut s) = first else {
        return true;
    };
    if budget == 0 {
        return false;
    }
    let mut banned = banned;
    while s != 0 {
        let i = s.trailing_zeros() as usize;
        s &= s - 1;
        chosen.push(i);
        if hit(sets, taken | 1 << i, banned, budget - 1, chosen, nodes) {
            return true;
        }
        chosen.pop();
        banned |= 1 << i;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_board() -> Vec<u16> {
        let mut out = None;
        BitTango::empty(6, 6).for_each_solution(|b| {
            out = Some(b.to_vec());
            false
        });
        out.unwrap()
    }

    #[test]
    fn greedy_results_are_unique_and_minimal() {
        let b = a_board();
        let p = minimise_givens(&b, 6);
        assert!(p.is_unique());
        assert_eq!(
            p.solve_up_to(2).first.unwrap(),
            crate::solve::bitboard::rows_to_solution(&b, 6)
        );
        // No single given can be removed.
        for r in 0..6 {
            for c in 0..6 {
                if has_element(&p, Element::Given(r, c)) {
                    let mut q = p.clone();
                    set_element(&mut q, &b, Element::Given(r, c), false);
                    assert!(!q.is_unique());
                }
            }
        }
        for place in [MarkerPlacement::NextToGiven, MarkerPlacement::Anywhere] {
            let q = minimise_with_markers(&b, 6, place);
            assert!(q.is_unique());
            assert_eq!(q.solve_up_to(2).first, p.solve_up_to(2).first);
        }
    }

    #[test]
    fn exact_minimum_on_4x4_matches_brute_force() {
        let ex = ExactMinimiser::new(4, 4).unwrap();
        let all = elements(4, 4);
        for b in ex.boards.iter().take(6) {
            let m = ex.minimum(b, Allowed::GivensAndMarkers, 10).unwrap();
            assert!(m.puzzle.is_unique());
            assert_eq!(m.puzzle.elements(), m.elements);
            // No puzzle with one element fewer is unique (brute force over subsets).
            let k = m.elements - 1;
            let n = all.len();
            let mut idx: Vec<usize> = (0..k).collect();
            loop {
                let mut p = BitTango::empty(4, 4);
                for &i in &idx {
                    set_element(&mut p, b, all[i], true);
                }
                assert!(!p.is_unique(), "a smaller puzzle exists");
                // next combination
                let mut j = k;
                loop {
                    if j == 0 {
                        break;
                    }
                    j -= 1;
                    if idx[j] < n - k + j {
                        idx[j] += 1;
                        for t in j + 1..k {
                            idx[t] = idx[t - 1] + 1;
                        }
                        break;
                    }
                    if j == 0 {
                        idx.clear();
                    }
                }
                if idx.is_empty() || k == 0 {
                    break;
                }
            }
        }
    }
}

/// Settings of [`study`].
#[derive(Clone, Debug)]
pub struct StudyOptions {
    /// Also count the 8x8 boards and classes (about ten seconds in release on two cores).
    pub count_8x8: bool,
    /// Largest number of elements the exact search tries per board (default 5: the article's
    /// best puzzle has six, so finding none up to five over all canonical boards proves six is
    /// the minimum; six costs about a second per board).
    pub exact_max_elements: usize,
    /// Largest number of givens the exact givens-only search tries per board (default 12).
    pub exact_max_givens: usize,
}

impl Default for StudyOptions {
    fn default() -> Self {
        StudyOptions {
            count_8x8: false,
            exact_max_elements: 5,
            exact_max_givens: 12,
        }
    }
}

/// A histogram: `hist[k]` = number of boards whose puzzle has `k` of something.
pub type Histogram = Vec<usize>;

fn histogram(v: impl Iterator<Item = usize>) -> Histogram {
    let mut h = Vec::new();
    for k in v {
        if h.len() <= k {
            h.resize(k + 1, 0);
        }
        h[k] += 1;
    }
    h
}

/// The figures of the generator article, reproduced and extended, for the 6x6 board.
#[derive(Clone, Debug)]
pub struct Study {
    /// Board and class counts for 6x6 (and 8x8 when asked).
    pub counts: Vec<super::enumerate::Counts>,
    /// Givens left by the article's greedy removal, per canonical board.
    pub greedy_givens: Histogram,
    /// Elements left by the article's greedy marker replacement (markers next to the cell).
    pub greedy_local_elements: Histogram,
    /// Givens left by the article's greedy marker replacement.
    pub greedy_local_givens: Histogram,
    /// Elements left when the replacing marker may go anywhere.
    pub greedy_anywhere_elements: Histogram,
    /// Givens left when the replacing marker may go anywhere.
    pub greedy_anywhere_givens: Histogram,
    /// Exact fewest givens per canonical board (givens only); boards above the limit are
    /// counted at index `exact_max_givens + 1`.
    pub exact_givens: Histogram,
    /// Exact fewest elements per canonical board; boards above the limit are counted at
    /// index `exact_max_elements + 1`.
    pub exact_elements: Histogram,
    /// The smallest puzzle found by the exact search, as text.
    pub best: Option<String>,
    /// Whether the fast search confirms every smallest puzzle found is unique.
    pub best_verified: bool,
    /// How the smallest puzzles found split into (givens, markers), with how many boards.
    pub best_composition: Vec<((usize, usize), usize)>,
    /// Options used.
    pub options: StudyOptions,
    /// Wall time of each part, in seconds, by name.
    pub timings: Vec<(&'static str, f64)>,
}

/// Runs the whole study over the 1440 canonical 6x6 boards (parallel with rayon).
pub fn study(opts: &StudyOptions) -> Study {
    use super::enumerate::{Symmetry, canonical_boards, counts, unpack};
    use rayon::prelude::*;
    use std::time::Instant;
    let mut timings = Vec::new();
    let t = Instant::now();
    let mut cs = vec![counts(6)];
    timings.push(("count 6x6", t.elapsed().as_secs_f64()));
    if opts.count_8x8 {
        let t = Instant::now();
        cs.push(counts(8));
        timings.push(("count 8x8", t.elapsed().as_secs_f64()));
    }
    let boards: Vec<Vec<u16>> = canonical_boards(6, Symmetry::Article)
        .into_iter()
        .map(|b| unpack(b, 6, 6))
        .collect();
    let t = Instant::now();
    let g: Vec<BitTango> = boards.par_iter().map(|b| minimise_givens(b, 6)).collect();
    timings.push(("greedy givens", t.elapsed().as_secs_f64()));
    let t = Instant::now();
    let local: Vec<BitTango> = boards
        .par_iter()
        .map(|b| minimise_with_markers(b, 6, MarkerPlacement::NextToGiven))
        .collect();
    timings.push(("greedy markers next to the cell", t.elapsed().as_secs_f64()));
    let t = Instant::now();
    let anywhere: Vec<BitTango> = boards
        .par_iter()
        .map(|b| minimise_with_markers(b, 6, MarkerPlacement::Anywhere))
        .collect();
    timings.push(("greedy markers anywhere", t.elapsed().as_secs_f64()));
    let givens = |p: &BitTango| {
        p.given_mask
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum::<usize>()
    };
    let ex = ExactMinimiser::new(6, 6).expect("6x6 has 96 elements");
    let t = Instant::now();
    let exact_g: Vec<usize> = boards
        .par_iter()
        .map(|b| {
            ex.minimum(b, Allowed::Givens, opts.exact_max_givens)
                .map_or(opts.exact_max_givens + 1, |m| m.elements)
        })
        .collect();
    timings.push(("exact givens", t.elapsed().as_secs_f64()));
    let t = Instant::now();
    let exact_e: Vec<Option<MinimumPuzzle>> = boards
        .par_iter()
        .map(|b| ex.minimum(b, Allowed::GivensAndMarkers, opts.exact_max_elements))
        .collect();
    timings.push(("exact elements", t.elapsed().as_secs_f64()));
    let least = exact_e.iter().flatten().map(|m| m.elements).min();
    let smallest: Vec<&MinimumPuzzle> = exact_e
        .iter()
        .flatten()
        .filter(|m| Some(m.elements) == least)
        .collect();
    let best = smallest
        .first()
        .map(|m| crate::format::print(&crate::puzzle::Puzzle::Tango(m.puzzle.to_tango())));
    let best_verified = smallest.iter().all(|m| m.puzzle.is_unique());
    let mut best_composition: Vec<((usize, usize), usize)> = Vec::new();
    for m in &smallest {
        let g = givens(&m.puzzle);
        let key = (g, m.elements - g);
        match best_composition.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => best_composition.push((key, 1)),
        }
    }
    best_composition.sort();
    Study {
        counts: cs,
        greedy_givens: histogram(g.iter().map(givens)),
        greedy_local_elements: histogram(local.iter().map(BitTango::elements)),
        greedy_local_givens: histogram(local.iter().map(givens)),
        greedy_anywhere_elements: histogram(anywhere.iter().map(BitTango::elements)),
        greedy_anywhere_givens: histogram(anywhere.iter().map(givens)),
        exact_givens: histogram(exact_g.into_iter()),
        exact_elements: histogram(exact_e.iter().map(|m| {
            m.as_ref()
                .map_or(opts.exact_max_elements + 1, |m| m.elements)
        })),
        best,
        best_verified,
        best_composition,
        options: opts.clone(),
        timings,
    }
}

fn fmt_hist(h: &Histogram) -> String {
    h.iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{k}:{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl std::fmt::Display for Study {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for c in &self.counts {
            writeln!(
                f,
                "{n}x{n}: {} filled boards, {} classes (rotations + colour swap, the article's), \
                 {} classes (rotations + reflections + colour swap)",
                c.boards,
                c.article_classes,
                c.full_classes,
                n = c.n
            )?;
        }
        writeln!(
            f,
            "over the 1440 canonical 6x6 boards (histograms count:boards):"
        )?;
        writeln!(
            f,
            "  greedy givens only: givens {}",
            fmt_hist(&self.greedy_givens)
        )?;
        writeln!(
            f,
            "  greedy, markers next to the cell: givens {}; elements {}",
            fmt_hist(&self.greedy_local_givens),
            fmt_hist(&self.greedy_local_elements)
        )?;
        writeln!(
            f,
            "  greedy, markers anywhere: givens {}; elements {}",
            fmt_hist(&self.greedy_anywhere_givens),
            fmt_hist(&self.greedy_anywhere_elements)
        )?;
        writeln!(
            f,
            "  exact fewest givens: {} ({} = more than {})",
            fmt_hist(&self.exact_givens),
            self.options.exact_max_givens + 1,
            self.options.exact_max_givens
        )?;
        writeln!(
            f,
            "  exact fewest elements: {} ({} = more than {})",
            fmt_hist(&self.exact_elements),
            self.options.exact_max_elements + 1,
            self.options.exact_max_elements
        )?;
        if let Some(b) = &self.best {
            let comp: Vec<String> = self
                .best_composition
                .iter()
                .map(|((g, m), n)| format!("{g} givens + {m} markers: {n} boards"))
                .collect();
            writeln!(
                f,
                "smallest puzzles found (one per board): {}; unique by the fast search: {}",
                comp.join(", "),
                self.best_verified
            )?;
            writeln!(f, "a smallest puzzle:\n{b}")?;
        }
        for (name, s) in &self.timings {
            writeln!(f, "time {name}: {s:.2} s")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod default_tests {
    use super::StudyOptions;

    #[test]
    fn documented_defaults() {
        let d = StudyOptions::default();
        assert!(!d.count_8x8);
        assert_eq!(d.exact_max_elements, 5);
        assert_eq!(d.exact_max_givens, 12);
    }
}
