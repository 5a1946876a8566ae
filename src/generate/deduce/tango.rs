//! The Tango deduction engine: lines with their markers, the `=`/`x` chains through the
//! board, and the rules pair, gap, marker, half, line, chain and trial.

use super::{DeduceError, Engine, Fill, Grade, Hint, PartialBoard, Rule, trial};
use crate::puzzle::{Edge, Marker, Pos, Symbol, Tango};
use crate::solve::bitboard::valid_lines;

/// One line of a Tango board: its cells and the markers between consecutive cells.
#[derive(Clone, Debug)]
struct TLine {
    cells: Vec<usize>,
    same: u16,
    opp: u16,
    /// Pairs of positions in the line tied by an `=`/`x` chain: (k, j, parity of k vs j).
    ties: Vec<(usize, usize, u16)>,
}

/// A marker between two cells.
#[derive(Clone, Copy, Debug)]
struct TMarker {
    a: usize,
    b: usize,
    same: bool,
}

/// The Tango engine: cells are `-1` unknown, `0` sun, `1` moon.
pub(super) struct TangoEngine {
    lines: Vec<TLine>,
    markers: Vec<TMarker>,
    patterns: Vec<Vec<u16>>,
    givens: Vec<i8>,
    chains: Chains,
    cols: usize,
}

/// Parity components of the `=`/`x` graph: `root[i]` and the parity of `i` against its root.
struct Chains {
    root: Vec<usize>,
    parity: Vec<u8>,
}

impl TLine {
    /// The line through `cells`, with the marker on `edge(k)` between its cells `k` and `k + 1`.
    fn new(t: &Tango, cells: Vec<usize>, edge: impl Fn(usize) -> Edge) -> TLine {
        let (mut same, mut opp) = (0, 0);
        for k in 0..cells.len().saturating_sub(1) {
            match t.marker(edge(k)) {
                Some(Marker::Same) => same |= 1 << k,
                Some(Marker::Opposite) => opp |= 1 << k,
                None => {}
            }
        }
        TLine {
            cells,
            same,
            opp,
            ties: Vec::new(),
        }
    }

    /// Records the pairs of the line's cells that one chain ties together.
    fn tie(&mut self, ch: &Chains) {
        for (k, &i) in self.cells.iter().enumerate() {
            for (j, &i2) in self.cells.iter().enumerate().skip(k + 1) {
                if ch.root[i] == ch.root[i2] {
                    self.ties
                        .push((k, j, (ch.parity[i] ^ ch.parity[i2]) as u16));
                }
            }
        }
    }
}

impl Chains {
    /// The components of the `=`/`x` graph over `n` cells (a union-find with parities).
    fn new(n: usize, markers: &[TMarker]) -> Chains {
        let mut root: Vec<usize> = (0..n).collect();
        let mut parity = vec![0u8; n];
        fn find(root: &mut [usize], parity: &mut [u8], i: usize) -> (usize, u8) {
            let mut p = 0u8;
            let mut x = i;
            while root[x] != x {
                p ^= parity[x];
                x = root[x];
            }
            // Path compression.
            let (r, mut acc, mut y) = (x, p, i);
            while root[y] != y {
                let next = root[y];
                let py = parity[y];
                root[y] = r;
                parity[y] = acc;
                acc ^= py;
                y = next;
            }
            (r, p)
        }
        for m in markers {
            let (ra, pa) = find(&mut root, &mut parity, m.a);
            let (rb, pb) = find(&mut root, &mut parity, m.b);
            if ra != rb {
                root[rb] = ra;
                parity[rb] = pa ^ pb ^ (!m.same) as u8;
            }
        }
        for i in 0..n {
            let (r, p) = find(&mut root, &mut parity, i);
            root[i] = r;
            parity[i] = p;
        }
        Chains { root, parity }
    }
}

impl Engine for TangoEngine {
    const TRIAL_ORDER: [i8; 2] = [0, 1];
    const TRIAL_RULE: Rule = Rule::TangoTrial;

    fn cols(&self) -> usize {
        self.cols
    }

    fn value(f: Fill) -> i8 {
        (f == Fill::Moon) as i8
    }

    fn hint_value(&self, cell: usize, value: i8, rule: Rule) -> Hint {
        self.hint(cell, value, rule)
    }

    fn complete(&self, cells: &[i8]) -> bool {
        cells.iter().all(|&c| c >= 0)
    }

    /// `Err(cell)` when the cells break a rule: a line with no completion, a marker broken,
    /// or a chain whose cells disagree.
    fn consistent(&self, cells: &[i8]) -> Result<(), usize> {
        let chains = &self.chains;
        for m in &self.markers {
            if cells[m.a] >= 0 && cells[m.b] >= 0 && (cells[m.a] == cells[m.b]) != m.same {
                return Err(m.a);
            }
        }
        for line in &self.lines {
            if self.line_fits(line, cells, None).2 == 0 {
                return Err(line.cells[0]);
            }
        }
        // A chain component holding two known cells that disagree with their parities.
        let mut seen: Vec<i8> = vec![-1; cells.len()];
        for (i, &v) in cells.iter().enumerate() {
            if v >= 0 {
                let r = chains.root[i];
                let rv = v ^ chains.parity[i] as i8;
                if seen[r] >= 0 && seen[r] != rv {
                    return Err(i);
                }
                seen[r] = rv;
            }
        }
        Ok(())
    }

    /// Every deduction of the easiest rule grade (up to `max`) that has any; `first` stops
    /// at the first one. `Err(cell)` on a contradiction.
    fn deductions(&self, cells: &[i8], max: Grade, first: bool) -> Result<Vec<Hint>, usize> {
        self.consistent(cells)?;
        let mut out = Vec::new();
        self.easy(cells, &mut out, first);
        if !out.is_empty() {
            return Ok(out);
        }
        if max >= Grade::Medium {
            self.by_lines(cells, None, Rule::Line, &mut out, first);
            if !out.is_empty() {
                return Ok(out);
            }
        }
        if max >= Grade::Hard {
            self.by_lines(cells, Some(&self.chains), Rule::Chain, &mut out, first);
            if !out.is_empty() {
                return Ok(out);
            }
        }
        if max >= Grade::Expert {
            out.extend(trial(self, cells));
        }
        Ok(out)
    }
}

impl TangoEngine {
    pub(super) fn new(t: &Tango) -> Self {
        let (rows, cols) = (t.rows(), t.cols());
        let rows_lines = (0..rows).map(|r| {
            let cells = (0..cols).map(|c| r * cols + c).collect();
            TLine::new(t, cells, |c| Edge::Right(Pos::new(r, c)))
        });
        let col_lines = (0..cols).map(|c| {
            let cells = (0..rows).map(|r| r * cols + c).collect();
            TLine::new(t, cells, |r| Edge::Down(Pos::new(r, c)))
        });
        let mut lines: Vec<TLine> = rows_lines.chain(col_lines).collect();
        let markers: Vec<TMarker> = t
            .markers()
            .map(|(e, m)| {
                let (a, b) = e.cells();
                TMarker {
                    a: a.index(cols),
                    b: b.index(cols),
                    same: m == Marker::Same,
                }
            })
            .collect();
        let mut patterns = vec![Vec::new(); rows.max(cols).max(16) + 1];
        patterns[cols] = valid_lines(cols);
        patterns[rows] = valid_lines(rows);
        let givens = t
            .positions()
            .map(|p| t.given(p).map_or(-1, |s| (s == Symbol::Moon) as i8))
            .collect();
        let chains = Chains::new(rows * cols, &markers);
        for line in &mut lines {
            line.tie(&chains);
        }
        TangoEngine {
            lines,
            markers,
            patterns,
            givens,
            chains,
            cols,
        }
    }

    pub(super) fn cells_from(&self, s: &PartialBoard) -> Result<Vec<i8>, DeduceError> {
        let mut out = Vec::with_capacity(s.cells.len());
        for (i, c) in s.cells.iter().enumerate() {
            let pos = Pos::new(i / self.cols, i % self.cols);
            let v = match c {
                None => -1,
                Some(Fill::Sun) => 0,
                Some(Fill::Moon) => 1,
                Some(f) => return Err(DeduceError::WrongGame { pos, fill: *f }),
            };
            if self.givens[i] >= 0 && v != self.givens[i] {
                return Err(DeduceError::Contradiction { pos });
            }
            out.push(v);
        }
        Ok(out)
    }

    fn hint(&self, i: usize, v: i8, rule: Rule) -> Hint {
        Hint {
            pos: Pos::new(i / self.cols, i % self.cols),
            fill: if v == 1 { Fill::Moon } else { Fill::Sun },
            rule,
        }
    }

    /// The line's completions that fit its known cells and markers, and (with `chains`)
    /// the relations between its cells. Returns (AND, OR) of the fitting patterns and how
    /// many fit.
    fn line_fits(&self, line: &TLine, cells: &[i8], chains: Option<&Chains>) -> (u16, u16, usize) {
        let (mut known, mut val) = (0u16, 0u16);
        for (k, &i) in line.cells.iter().enumerate() {
            if cells[i] >= 0 {
                known |= 1 << k;
                if cells[i] == 1 {
                    val |= 1 << k;
                }
            }
        }
        let ties: &[(usize, usize, u16)] = if chains.is_some() { &line.ties } else { &[] };
        let (mut and, mut or, mut n) = (u16::MAX, 0u16, 0usize);
        for &m in &self.patterns[line.cells.len()] {
            let x = m ^ (m >> 1);
            if (m ^ val) & known != 0 || x & line.same != 0 || x & line.opp != line.opp {
                continue;
            }
            if ties.iter().any(|&(k, j, p)| ((m >> k) ^ (m >> j)) & 1 != p) {
                continue;
            }
            and &= m;
            or |= m;
            n += 1;
        }
        (and, or, n)
    }

    fn easy(&self, cells: &[i8], out: &mut Vec<Hint>, first: bool) {
        // Pairs and gaps, line by line.
        for line in &self.lines {
            let c = &line.cells;
            let n = c.len();
            for k in 0..n.saturating_sub(1) {
                let (a, b) = (cells[c[k]], cells[c[k + 1]]);
                if a >= 0 && a == b {
                    if k > 0 && cells[c[k - 1]] < 0 {
                        out.push(self.hint(c[k - 1], 1 - a, Rule::Pair));
                    }
                    if k + 2 < n && cells[c[k + 2]] < 0 {
                        out.push(self.hint(c[k + 2], 1 - a, Rule::Pair));
                    }
                    if first && !out.is_empty() {
                        return;
                    }
                }
            }
        }
        for line in &self.lines {
            let c = &line.cells;
            for k in 0..c.len().saturating_sub(2) {
                let (a, m, b) = (cells[c[k]], cells[c[k + 1]], cells[c[k + 2]]);
                if a >= 0 && a == b && m < 0 {
                    out.push(self.hint(c[k + 1], 1 - a, Rule::Gap));
                    if first {
                        return;
                    }
                }
            }
        }
        for m in &self.markers {
            let (a, b) = (cells[m.a], cells[m.b]);
            let other = |v: i8| if m.same { v } else { 1 - v };
            if a >= 0 && b < 0 {
                out.push(self.hint(m.b, other(a), Rule::Marker));
            } else if b >= 0 && a < 0 {
                out.push(self.hint(m.a, other(b), Rule::Marker));
            }
            if first && !out.is_empty() {
                return;
            }
        }
        for line in &self.lines {
            let c = &line.cells;
            let half = c.len() / 2;
            let ones = c.iter().filter(|&&i| cells[i] == 1).count();
            let zeros = c.iter().filter(|&&i| cells[i] == 0).count();
            if ones != half && zeros != half {
                continue;
            }
            for &i in c.iter().filter(|&&i| cells[i] < 0) {
                out.push(self.hint(i, (ones != half) as i8, Rule::Half));
                if first {
                    return;
                }
            }
        }
    }

    fn by_lines(
        &self,
        cells: &[i8],
        chains: Option<&Chains>,
        rule: Rule,
        out: &mut Vec<Hint>,
        first: bool,
    ) {
        for line in &self.lines {
            if line.cells.iter().all(|&i| cells[i] >= 0) {
                continue;
            }
            let (and, or, n) = self.line_fits(line, cells, chains);
            if n == 0 {
                continue;
            }
            for (k, &i) in line.cells.iter().enumerate() {
                if cells[i] >= 0 {
                    continue;
                }
                if and >> k & 1 == 1 {
                    out.push(self.hint(i, 1, rule));
                } else if or >> k & 1 == 0 {
                    out.push(self.hint(i, 0, rule));
                }
                if first && !out.is_empty() {
                    return;
                }
            }
        }
    }
}
