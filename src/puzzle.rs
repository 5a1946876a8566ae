//! Domain types: Tango and Queens puzzles and their solutions, built without pixels.
//!
//! Positions are 0-based `(row, col)` in code; everything shown to a person (errors, text
//! output, JSON `display` fields) is 1-based, matching the seed articles.

use serde::Serialize;
use std::fmt;

/// Which game a board belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// Sun/moon binary puzzle with `=` and `x` markers.
    Tango,
    /// One crown per row, column and colour region.
    Queens,
}

impl Game {
    /// The lowercase name used in the text format header.
    pub fn name(self) -> &'static str {
        match self {
            Game::Tango => "tango",
            Game::Queens => "queens",
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cell position, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Pos {
    /// Row, 0-based from the top.
    pub row: usize,
    /// Column, 0-based from the left.
    pub col: usize,
}

impl Pos {
    /// Builds a position.
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }

    /// Row-major index of this position in a grid `cols` cells wide.
    pub const fn index(self, cols: usize) -> usize {
        self.row * cols + self.col
    }
}

/// Queens: two crowns on distinct cells that share a row or a column or touch (diagonals
/// included), a break of the rules that needs no reading of the regions.
pub fn crowns_clash(a: Pos, b: Pos) -> bool {
    a != b
        && (a.row == b.row
            || a.col == b.col
            || (a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1))
}

/// The row-major indices of the up to four cells sharing a side with cell `i` of an `n x n`
/// grid, in the order up, down, left, right.
pub fn side_neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ]
    .into_iter()
    .filter(move |&(r, c)| r < n && c < n)
    .map(move |(r, c)| r * n + c)
}

/// Shown 1-based, e.g. `r2c3`.
impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A Tango symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symbol {
    /// The orange sun, `S` in text.
    Sun,
    /// The blue moon, `M` in text.
    Moon,
}

impl Symbol {
    /// The other symbol.
    pub fn other(self) -> Symbol {
        match self {
            Symbol::Sun => Symbol::Moon,
            Symbol::Moon => Symbol::Sun,
        }
    }
    /// `S` or `M`.
    pub fn letter(self) -> char {
        match self {
            Symbol::Sun => 'S',
            Symbol::Moon => 'M',
        }
    }
}

/// A Tango edge marker between two orthogonally adjacent cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Marker {
    /// `=`: both cells hold the same symbol.
    Same,
    /// `x`: the cells hold opposite symbols.
    Opposite,
}

impl Marker {
    /// `=` or `x`.
    pub fn glyph(self) -> char {
        match self {
            Marker::Same => '=',
            Marker::Opposite => 'x',
        }
    }
}

/// The shared edge of two orthogonally adjacent cells, named by its top/left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Edge {
    /// Between `(row, col)` and `(row, col + 1)`.
    Right(Pos),
    /// Between `(row, col)` and `(row + 1, col)`.
    Down(Pos),
}

impl Edge {
    /// The edge between `a` and `b`, or `None` when they are not orthogonal neighbours.
    pub fn between(a: Pos, b: Pos) -> Option<Edge> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a.row == b.row && a.col + 1 == b.col {
            Some(Edge::Right(a))
        } else if a.col == b.col && a.row + 1 == b.row {
            Some(Edge::Down(a))
        } else {
            None
        }
    }
    /// The two cells the edge separates (top/left first).
    pub fn cells(self) -> (Pos, Pos) {
        match self {
            Edge::Right(p) => (p, Pos::new(p.row, p.col + 1)),
            Edge::Down(p) => (p, Pos::new(p.row + 1, p.col)),
        }
    }
}

/// Shown 1-based, e.g. `r4c5|r4c6` or `r2c1/r3c1`.
impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.cells();
        match self {
            Edge::Right(_) => write!(f, "{a}|{b}"),
            Edge::Down(_) => write!(f, "{a}/{b}"),
        }
    }
}

/// A Tango puzzle: givens and markers. Cells are stored row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tango {
    rows: usize,
    cols: usize,
    cells: Vec<Option<Symbol>>,
    /// `right[r * cols + c]`: marker between (r,c) and (r,c+1); last column unused.
    right: Vec<Option<Marker>>,
    /// `down[r * cols + c]`: marker between (r,c) and (r+1,c); last row unused.
    down: Vec<Option<Marker>>,
}

impl Tango {
    /// An empty board. Sizes are checked by [`Tango::validate`], not here, so that a parser can
    /// report them with a position.
    pub fn empty(rows: usize, cols: usize) -> Self {
        Tango {
            rows,
            cols,
            cells: vec![None; rows * cols],
            right: vec![None; rows * cols],
            down: vec![None; rows * cols],
        }
    }
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// The given at `p`, if any.
    pub fn given(&self, p: Pos) -> Option<Symbol> {
        self.cells[p.index(self.cols)]
    }
    /// Sets or clears the given at `p`.
    pub fn set_given(&mut self, p: Pos, s: Option<Symbol>) {
        self.cells[p.index(self.cols)] = s;
    }
    /// The marker on an edge, if any.
    pub fn marker(&self, e: Edge) -> Option<Marker> {
        match e {
            Edge::Right(p) => self.right[p.index(self.cols)],
            Edge::Down(p) => self.down[p.index(self.cols)],
        }
    }
    /// Sets or clears the marker on an edge. Panics on an edge outside the board (use
    /// [`Tango::set_marker_between`] for checked input).
    pub fn set_marker(&mut self, e: Edge, m: Option<Marker>) {
        assert!(self.edge_in_board(e), "edge {e} outside the board");
        match e {
            Edge::Right(p) => self.right[p.index(self.cols)] = m,
            Edge::Down(p) => self.down[p.index(self.cols)] = m,
        }
    }
    /// Sets a marker between two cells, refusing cells that are not orthogonal neighbours.
    pub fn set_marker_between(&mut self, a: Pos, b: Pos, m: Marker) -> Result<(), PuzzleError> {
        let e = Edge::between(a, b).ok_or(PuzzleError::MarkerNotAdjacent { a, b })?;
        if !self.edge_in_board(e) {
            return Err(PuzzleError::OutOfBoard { pos: b });
        }
        self.set_marker(e, Some(m));
        Ok(())
    }
    fn edge_in_board(&self, e: Edge) -> bool {
        let (_, b) = e.cells();
        b.row < self.rows && b.col < self.cols
    }
    /// Every cell position, row-major.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| Pos::new(r, c)))
    }
    /// Every edge inside the board (right edges then down edges, row-major).
    pub fn edges(&self) -> impl Iterator<Item = Edge> + '_ {
        let rights = self
            .positions()
            .filter(move |p| p.col + 1 < self.cols)
            .map(Edge::Right);
        let downs = self
            .positions()
            .filter(move |p| p.row + 1 < self.rows)
            .map(Edge::Down);
        rights.chain(downs)
    }
    /// Every edge carrying a marker, with the marker.
    pub fn markers(&self) -> impl Iterator<Item = (Edge, Marker)> + '_ {
        self.edges()
            .filter_map(move |e| self.marker(e).map(|m| (e, m)))
    }
    /// Every given cell with its symbol.
    pub fn givens(&self) -> impl Iterator<Item = (Pos, Symbol)> + '_ {
        self.positions()
            .filter_map(move |p| self.given(p).map(|s| (p, s)))
    }

    /// Checks the puzzle for errors a solver should not even see: odd or too small sizes, givens
    /// that already break a rule, markers that contradict two givens.
    pub fn validate(&self) -> Result<(), PuzzleError> {
        if self.rows < 2 || self.cols < 2 || self.rows % 2 == 1 || self.cols % 2 == 1 {
            return Err(PuzzleError::OddSize {
                rows: self.rows,
                cols: self.cols,
            });
        }
        if self.rows > MAX_TANGO || self.cols > MAX_TANGO {
            return Err(PuzzleError::TooLarge {
                rows: self.rows,
                cols: self.cols,
            });
        }
        for (e, m) in self.markers() {
            let (a, b) = e.cells();
            if let (Some(x), Some(y)) = (self.given(a), self.given(b)) {
                let ok = match m {
                    Marker::Same => x == y,
                    Marker::Opposite => x != y,
                };
                if !ok {
                    return Err(PuzzleError::MarkerContradictsGivens { edge: e, marker: m });
                }
            }
        }
        let cells: Vec<Option<Symbol>> = self.cells.clone();
        crate::rules::tango_partial_violation(self.rows, self.cols, &cells)
            .map_or(Ok(()), |v| Err(PuzzleError::GivensBreakRule(v)))
    }
}

/// Largest Tango side accepted (the format and solver handle any even size up to this).
pub const MAX_TANGO: usize = 16;
/// Smallest Queens side accepted.
pub const MIN_QUEENS: usize = 4;
/// Largest Queens side accepted.
pub const MAX_QUEENS: usize = 16;

/// A Queens puzzle: a region index for every cell, row-major. Region indices are canonical
/// (first met in row-major order gets 0) once built through [`Queens::new`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Queens {
    n: usize,
    regions: Vec<u8>,
}

impl Queens {
    /// Builds a Queens puzzle from any region labelling (relabelled canonically). Checks shape
    /// and region count; see [`Queens::validate`] for the rest.
    pub fn new(n: usize, labels: &[u32]) -> Result<Self, PuzzleError> {
        if !(MIN_QUEENS..=MAX_QUEENS).contains(&n) {
            return Err(PuzzleError::QueensSize { n });
        }
        if labels.len() != n * n {
            return Err(PuzzleError::WrongCellCount {
                expected: n * n,
                found: labels.len(),
            });
        }
        let mut map: Vec<(u32, u8)> = Vec::new();
        let mut regions = Vec::with_capacity(n * n);
        for &l in labels {
            let idx = match map.iter().find(|(k, _)| *k == l) {
                Some(&(_, v)) => v,
                None => {
                    let v = map.len().min(255) as u8;
                    map.push((l, v));
                    v
                }
            };
            regions.push(idx);
        }
        let q = Queens { n, regions };
        q.validate()?;
        Ok(q)
    }
    /// Side length N.
    pub fn n(&self) -> usize {
        self.n
    }
    /// Region index of a cell (0-based, canonical order).
    pub fn region(&self, p: Pos) -> usize {
        self.regions[p.index(self.n)] as usize
    }
    /// Number of distinct regions.
    pub fn region_count(&self) -> usize {
        self.regions
            .iter()
            .map(|&r| r as usize + 1)
            .max()
            .unwrap_or(0)
    }
    /// The cells of each region, in region order.
    pub fn region_cells(&self) -> Vec<Vec<Pos>> {
        let mut out = vec![Vec::new(); self.region_count()];
        for r in 0..self.n {
            for c in 0..self.n {
                out[self.region(Pos::new(r, c))].push(Pos::new(r, c));
            }
        }
        out
    }
    /// Region letter (`A` for region 0).
    pub fn letter(region: usize) -> char {
        (b'A' + region as u8) as char
    }
    /// Checks that there are exactly N regions.
    pub fn validate(&self) -> Result<(), PuzzleError> {
        let k = self.region_count();
        if k != self.n {
            return Err(PuzzleError::RegionCount {
                n: self.n,
                regions: k,
            });
        }
        Ok(())
    }
    /// Regions that are not connected (orthogonally): a warning, not an error, since the rules
    /// do not need connected regions.
    pub fn disconnected_regions(&self) -> Vec<usize> {
        let cells = self.region_cells();
        let mut out = Vec::new();
        for (k, cs) in cells.iter().enumerate() {
            if cs.is_empty() {
                continue;
            }
            let mut seen = vec![false; self.n * self.n];
            let mut stack = vec![cs[0]];
            seen[cs[0].index(self.n)] = true;
            let mut count = 0;
            while let Some(p) = stack.pop() {
                count += 1;
                let nbrs = [
                    (p.row.wrapping_sub(1), p.col),
                    (p.row + 1, p.col),
                    (p.row, p.col.wrapping_sub(1)),
                    (p.row, p.col + 1),
                ];
                for (r, c) in nbrs {
                    if r < self.n
                        && c < self.n
                        && !seen[r * self.n + c]
                        && self.region(Pos::new(r, c)) == k
                    {
                        seen[r * self.n + c] = true;
                        stack.push(Pos::new(r, c));
                    }
                }
            }
            if count != cs.len() {
                out.push(k);
            }
        }
        out
    }
}

/// A puzzle of either game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Puzzle {
    /// A Tango board.
    Tango(Tango),
    /// A Queens board.
    Queens(Queens),
}

impl Puzzle {
    /// The game.
    pub fn game(&self) -> Game {
        match self {
            Puzzle::Tango(_) => Game::Tango,
            Puzzle::Queens(_) => Game::Queens,
        }
    }
    /// `(rows, cols)`.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Puzzle::Tango(t) => (t.rows, t.cols),
            Puzzle::Queens(q) => (q.n, q.n),
        }
    }
    /// Validates the puzzle (see [`Tango::validate`], [`Queens::validate`]).
    pub fn validate(&self) -> Result<(), PuzzleError> {
        match self {
            Puzzle::Tango(t) => t.validate(),
            Puzzle::Queens(q) => q.validate(),
        }
    }
    /// Warnings that do not stop solving (e.g. a Queens region that is not connected).
    pub fn warnings(&self) -> Vec<String> {
        match self {
            Puzzle::Tango(_) => Vec::new(),
            Puzzle::Queens(q) => q
                .disconnected_regions()
                .into_iter()
                .map(|k| format!("region {} is not connected", Queens::letter(k)))
                .collect(),
        }
    }
}

/// A solution of either game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Solution {
    /// Every Tango cell filled, row-major.
    Tango {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The symbols, row-major.
        cells: Vec<Symbol>,
    },
    /// Queens: `crowns[row]` is the column of the crown in that row.
    Queens {
        /// Column of the crown in each row.
        crowns: Vec<usize>,
    },
}

impl Solution {
    /// Checks that this solution belongs to `p`'s game and size (cell counts and crown
    /// columns in range); the error says what does not fit.
    pub fn check_fits(&self, p: &Puzzle) -> Result<(), String> {
        match (p, self) {
            (Puzzle::Tango(t), Solution::Tango { rows, cols, cells }) => {
                if *rows != t.rows() || *cols != t.cols() || cells.len() != rows * cols {
                    return Err(format!(
                        "a {rows}x{cols} Tango solution for a {}x{} board",
                        t.rows(),
                        t.cols()
                    ));
                }
            }
            (Puzzle::Queens(q), Solution::Queens { crowns }) => {
                if crowns.len() != q.n() || crowns.iter().any(|&c| c >= q.n()) {
                    return Err(format!(
                        "{} crowns for a {}x{} Queens board",
                        crowns.len(),
                        q.n(),
                        q.n()
                    ));
                }
            }
            _ => {
                return Err(format!(
                    "a solution of the other game for a {} board",
                    p.game()
                ));
            }
        }
        Ok(())
    }

    /// Cells where two solutions of the same puzzle differ (for Queens: cells holding a crown
    /// in exactly one of them).
    pub fn diff(&self, other: &Solution) -> Vec<Pos> {
        match (self, other) {
            (Solution::Tango { cols, cells: a, .. }, Solution::Tango { cells: b, .. }) => a
                .iter()
                .zip(b)
                .enumerate()
                .filter(|(_, (x, y))| x != y)
                .map(|(i, _)| Pos::new(i / cols, i % cols))
                .collect(),
            (Solution::Queens { crowns: a }, Solution::Queens { crowns: b }) => {
                let mut out = Vec::new();
                for (r, (&x, &y)) in a.iter().zip(b).enumerate() {
                    if x != y {
                        out.push(Pos::new(r, x.min(y)));
                        out.push(Pos::new(r, x.max(y)));
                    }
                }
                out
            }
            _ => Vec::new(),
        }
    }
    /// The Tango symbol at a cell (None for Queens).
    pub fn symbol(&self, p: Pos) -> Option<Symbol> {
        match self {
            Solution::Tango { cols, cells, .. } => cells.get(p.index(*cols)).copied(),
            Solution::Queens { .. } => None,
        }
    }
    /// Whether a Queens solution has a crown at `p` (false for Tango).
    pub fn has_crown(&self, p: Pos) -> bool {
        match self {
            Solution::Queens { crowns } => crowns.get(p.row) == Some(&p.col),
            Solution::Tango { .. } => false,
        }
    }
}

/// A rule broken by a (partial) board, with the cells involved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// Which rule.
    pub rule: &'static str,
    /// The cells involved.
    pub cells: Vec<Pos>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at", self.rule)?;
        for p in &self.cells {
            write!(f, " {p}")?;
        }
        Ok(())
    }
}

/// Errors in a puzzle's content (not its text form; see [`crate::format::ParseError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Tango sides must be even and at least 2.
    #[error("Tango board is {rows}x{cols}: both sides must be even and at least 2")]
    OddSize {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// Tango board larger than [`MAX_TANGO`].
    #[error("Tango board is {rows}x{cols}: larger than the maximum {MAX_TANGO}")]
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// Queens size outside 4..=16.
    #[error("Queens board is {n}x{n}: the size must be between {MIN_QUEENS} and {MAX_QUEENS}")]
    QueensSize {
        /// Side.
        n: usize,
    },
    /// Queens board with a number of regions other than N.
    #[error("Queens board {n}x{n} has {regions} regions; it needs exactly {n}")]
    RegionCount {
        /// Side.
        n: usize,
        /// Regions found.
        regions: usize,
    },
    /// Wrong number of cells.
    #[error("expected {expected} cells, found {found}")]
    WrongCellCount {
        /// Expected.
        expected: usize,
        /// Found.
        found: usize,
    },
    /// Marker between cells that do not share an edge.
    #[error("a marker between {a} and {b}: the cells are not orthogonal neighbours")]
    MarkerNotAdjacent {
        /// First cell.
        a: Pos,
        /// Second cell.
        b: Pos,
    },
    /// A position outside the board.
    #[error("{pos} is outside the board")]
    OutOfBoard {
        /// The position.
        pos: Pos,
    },
    /// A marker whose two cells are both given and disagree with it.
    #[error("the `{}` marker on {edge} contradicts the two givens it joins", marker.glyph())]
    MarkerContradictsGivens {
        /// The edge.
        edge: Edge,
        /// The marker.
        marker: Marker,
    },
    /// The givens already break a rule.
    #[error("the givens already break a rule: {0}")]
    GivensBreakRule(Violation),
}
