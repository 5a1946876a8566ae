//! The Tango deduction engine: lines with their markers, the `=`/`x` chains through the
//! board, and the rules pair, gap, marker, half, line, chain and trial.

use super::explain::and_list;
use super::{
    DeduceError, Engine, ExplainOptions, Fill, Grade, Hint, PartialBoard, Reason, Rule, trial,
};
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

    fn reason(&self, cells: &[i8], h: &Hint, _: &ExplainOptions) -> Reason {
        let i = h.pos.index(self.cols);
        let v = Self::value(h.fill);
        let found = match h.rule {
            Rule::Pair | Rule::Gap => self.pattern_reason(cells, i, v, h.rule == Rule::Gap),
            Rule::Marker => self.marker_reason(cells, i, v),
            Rule::Half => self.half_reason(cells, i, v),
            Rule::Line => self.line_reason(cells, i, v, None),
            Rule::Chain => self.line_reason(cells, i, v, Some(&self.chains)),
            _ => None,
        };
        found.unwrap_or_else(|| Reason::new(Vec::new(), h.rule.explain().into(), h.rule.name()))
    }

    fn clash(&self, cells: &[i8]) -> Reason {
        for m in &self.markers {
            if cells[m.a] >= 0 && cells[m.b] >= 0 && (cells[m.a] == cells[m.b]) != m.same {
                let (a, b) = (self.pos(m.a), self.pos(m.b));
                return Reason::new(
                    vec![a, b],
                    format!("{a} and {b} break the {} between them", glyph(m.same)),
                    marker_law(m.same),
                );
            }
        }
        for (li, line) in self.lines.iter().enumerate() {
            if self.line_fits(line, cells, None).2 == 0 {
                return self.line_clash(li, cells);
            }
        }
        let mut seen: Vec<Option<usize>> = vec![None; cells.len()];
        for (i, &v) in cells.iter().enumerate().filter(|(_, v)| **v >= 0) {
            let r = self.chains.root[i];
            let rv = v ^ self.chains.parity[i] as i8;
            match seen[r] {
                Some(j) if cells[j] ^ self.chains.parity[j] as i8 != rv => {
                    let (a, b) = (self.pos(j), self.pos(i));
                    return Reason::new(
                        vec![a, b],
                        format!("{a} and {b} break the chain of = and x markers that ties them"),
                        "= joins alike symbols, x opposite ones",
                    );
                }
                Some(_) => {}
                None => seen[r] = Some(i),
            }
        }
        Reason::new(Vec::new(), "the board breaks a rule".into(), "")
    }
}

/// `=` or `x`.
fn glyph(same: bool) -> char {
    if same { '=' } else { 'x' }
}

/// What a marker says.
fn marker_law(same: bool) -> &'static str {
    if same {
        "= joins alike symbols"
    } else {
        "x joins opposite symbols"
    }
}

/// `sun` or `moon`.
fn sym(v: i8) -> &'static str {
    if v == 1 { "moon" } else { "sun" }
}

/// The explanations: which cells force a deduction, and why a state breaks a rule.
impl TangoEngine {
    fn pos(&self, i: usize) -> Pos {
        Pos::new(i / self.cols, i % self.cols)
    }

    /// `row 2` or `column 3` (the lines are the rows, then the columns).
    fn line_name(&self, li: usize) -> String {
        let rows = self.lines.len() - self.cols;
        if li < rows {
            format!("row {}", li + 1)
        } else {
            format!("column {}", li - rows + 1)
        }
    }

    /// The lines through cell `i`, with their index and the cell's place in them.
    fn lines_through(&self, i: usize) -> impl Iterator<Item = (usize, &TLine, usize)> {
        self.lines
            .iter()
            .enumerate()
            .filter_map(move |(li, l)| l.cells.iter().position(|&c| c == i).map(|k| (li, l, k)))
    }

    /// Pair (two alike beside `i`) or gap (`i` between two alike), both of the other symbol.
    fn pattern_reason(&self, cells: &[i8], i: usize, v: i8, gap: bool) -> Option<Reason> {
        let w = 1 - v;
        for (_, line, k) in self.lines_through(i) {
            let at = |d: isize| {
                let j = k as isize + d;
                (j >= 0 && (j as usize) < line.cells.len()).then(|| line.cells[j as usize])
            };
            let pairs: &[(isize, isize)] = if gap { &[(-1, 1)] } else { &[(1, 2), (-2, -1)] };
            for &(d1, d2) in pairs {
                if let (Some(a), Some(b)) = (at(d1), at(d2))
                    && cells[a] == w
                    && cells[b] == w
                {
                    let (a, b) = (self.pos(a), self.pos(b));
                    let because = if gap {
                        format!("{a} and {b} on either side are both {}", sym(w))
                    } else {
                        format!("{a} and {b} are both {}", sym(w))
                    };
                    return Some(Reason::new(vec![a, b], because, "no three alike"));
                }
            }
        }
        None
    }

    fn marker_reason(&self, cells: &[i8], i: usize, v: i8) -> Option<Reason> {
        self.markers.iter().find_map(|m| {
            let o = if m.a == i {
                m.b
            } else if m.b == i {
                m.a
            } else {
                return None;
            };
            let implied = if m.same { cells[o] } else { 1 - cells[o] };
            (cells[o] >= 0 && implied == v).then(|| {
                let (op, ip) = (self.pos(o), self.pos(i));
                let article = if m.same { "an =" } else { "an x" };
                Reason::new(
                    vec![op],
                    format!(
                        "{op} is {} with {article} between it and {ip}",
                        sym(cells[o])
                    ),
                    marker_law(m.same),
                )
            })
        })
    }

    fn half_reason(&self, cells: &[i8], i: usize, v: i8) -> Option<Reason> {
        let w = 1 - v;
        self.lines_through(i).find_map(|(li, line, _)| {
            let half = line.cells.len() / 2;
            let full: Vec<Pos> = line
                .cells
                .iter()
                .filter(|&&c| cells[c] == w)
                .map(|&c| self.pos(c))
                .collect();
            (full.len() == half).then(|| {
                let name = self.line_name(li);
                let kind = name.split(' ').next().unwrap_or("line");
                Reason::new(
                    full.clone(),
                    format!(
                        "{name} already holds {half} {}s ({})",
                        sym(w),
                        and_list(&full)
                    ),
                    format!("each {kind} holds {half} suns and {half} moons"),
                )
            })
        })
    }

    /// The line through `i` all of whose completions (with the chains, when given) agree.
    fn line_reason(
        &self,
        cells: &[i8],
        i: usize,
        v: i8,
        chains: Option<&Chains>,
    ) -> Option<Reason> {
        self.lines_through(i).find_map(|(li, line, k)| {
            let (and, or, n) = self.line_fits(line, cells, chains);
            let forced = n > 0
                && if v == 1 {
                    and >> k & 1 == 1
                } else {
                    or >> k & 1 == 0
                };
            forced.then(|| {
                let (known, mut said) = self.line_context(line, cells);
                if chains.is_some() {
                    let ties: Vec<String> = line
                        .ties
                        .iter()
                        .filter(|&&(a, b, _)| b > a + 1)
                        .map(|&(a, b, p)| {
                            let (pa, pb) = (self.pos(line.cells[a]), self.pos(line.cells[b]));
                            format!("{pa} {} {pb}", glyph(p == 0))
                        })
                        .collect();
                    if !ties.is_empty() {
                        said.push(format!("the marker chains {}", and_list(&ties)));
                    }
                }
                let law = if chains.is_some() {
                    "no three alike, half of each, = and x through the board"
                } else {
                    "no three alike, half of each"
                };
                let with = if said.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", and_list(&said))
                };
                let rest: Vec<Pos> = line
                    .cells
                    .iter()
                    .filter(|&&c| cells[c] < 0 && c != i)
                    .map(|&c| self.pos(c))
                    .collect();
                Reason::new(
                    known,
                    format!("every way to complete {}{with} agrees", self.line_name(li)),
                    law,
                )
                .with_area(rest)
            })
        })
    }

    /// The known cells of a line (`r2c1 sun`) and its markers (`r2c5 = r2c6`).
    fn line_context(&self, line: &TLine, cells: &[i8]) -> (Vec<Pos>, Vec<String>) {
        let known: Vec<Pos> = line
            .cells
            .iter()
            .filter(|&&c| cells[c] >= 0)
            .map(|&c| self.pos(c))
            .collect();
        let mut said: Vec<String> = line
            .cells
            .iter()
            .filter(|&&c| cells[c] >= 0)
            .map(|&c| format!("{} {}", self.pos(c), sym(cells[c])))
            .collect();
        for k in 0..line.cells.len().saturating_sub(1) {
            let same = line.same >> k & 1 == 1;
            if same || line.opp >> k & 1 == 1 {
                let (a, b) = (self.pos(line.cells[k]), self.pos(line.cells[k + 1]));
                said.push(format!("{a} {} {b}", glyph(same)));
            }
        }
        (known, said)
    }

    /// Why line `li` has no completion: three alike, too many of one symbol, or (failing
    /// those) its known cells and markers.
    fn line_clash(&self, li: usize, cells: &[i8]) -> Reason {
        let line = &self.lines[li];
        let c = &line.cells;
        for k in 0..c.len().saturating_sub(2) {
            let v = cells[c[k]];
            if v >= 0 && cells[c[k + 1]] == v && cells[c[k + 2]] == v {
                let three: Vec<Pos> = c[k..k + 3].iter().map(|&i| self.pos(i)).collect();
                return Reason::new(
                    three.clone(),
                    format!("{} would be three {}s in a row", and_list(&three), sym(v)),
                    "no three alike",
                );
            }
        }
        let half = c.len() / 2;
        for v in [0, 1] {
            let of: Vec<Pos> = c
                .iter()
                .filter(|&&i| cells[i] == v)
                .map(|&i| self.pos(i))
                .collect();
            if of.len() > half {
                return Reason::new(
                    of.clone(),
                    format!(
                        "{} would hold {} {}s ({})",
                        self.line_name(li),
                        of.len(),
                        sym(v),
                        and_list(&of)
                    ),
                    format!("half of each: {half} suns and {half} moons"),
                );
            }
        }
        let (known, said) = self.line_context(line, cells);
        Reason::new(
            known,
            format!(
                "{} cannot be completed with {}",
                self.line_name(li),
                and_list(&said)
            ),
            "no three alike, half of each",
        )
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
