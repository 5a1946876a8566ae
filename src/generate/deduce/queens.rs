//! The Queens deduction engine: rows, columns and regions as groups, and the rules
//! attacked, last, confined, would-empty, tuple and trial.

use super::{DeduceError, Engine, Fill, Grade, Hint, PartialBoard, Rule, trial};
use crate::puzzle::{Pos, Queens};

/// The Queens engine: cells are `-1` unknown, `0` no crown, `1` crown. Groups are the rows,
/// then the columns, then the regions.
pub(super) struct QueensEngine {
    n: usize,
    region: Vec<usize>,
    groups: Vec<Vec<usize>>,
}

impl Engine for QueensEngine {
    const TRIAL_ORDER: [i8; 2] = [1, 0];
    const TRIAL_RULE: Rule = Rule::QueensTrial;

    fn cols(&self) -> usize {
        self.n
    }

    fn value(f: Fill) -> i8 {
        (f == Fill::Crown) as i8
    }

    fn hint_value(&self, cell: usize, value: i8, rule: Rule) -> Hint {
        self.hint(cell, value == 1, rule)
    }

    fn complete(&self, cells: &[i8]) -> bool {
        self.crowns(cells) == self.n
    }

    /// `Err(cell)` when two crowns clash or a group has no crown and no room.
    fn consistent(&self, cells: &[i8]) -> Result<(), usize> {
        let crowns: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 1).collect();
        for (k, &a) in crowns.iter().enumerate() {
            for &b in &crowns[k + 1..] {
                if self.clash(a, b) {
                    return Err(b);
                }
            }
        }
        for g in &self.groups {
            if !g.iter().any(|&i| cells[i] != 0) {
                return Err(g[0]);
            }
        }
        Ok(())
    }

    /// Every deduction of the easiest rule grade (up to `max`) that has any; `first` stops
    /// at the first one. `Err(cell)` on a contradiction.
    fn deductions(&self, cells: &[i8], max: Grade, first: bool) -> Result<Vec<Hint>, usize> {
        self.consistent(cells)?;
        let n = self.n;
        let mut out = Vec::new();
        let crowns: Vec<usize> = (0..cells.len()).filter(|&j| cells[j] == 1).collect();
        for (i, &v) in cells.iter().enumerate() {
            if v == -1 && crowns.iter().any(|&j| self.clash(i, j)) {
                out.push(self.hint(i, false, Rule::Attacked));
                if first {
                    return Ok(out);
                }
            }
        }
        for g in &self.groups {
            if g.iter().all(|&i| cells[i] != 1) {
                let mut free = g.iter().copied().filter(|&i| cells[i] == -1);
                if let (Some(i), None) = (free.next(), free.next()) {
                    out.push(self.hint(i, true, Rule::Last));
                    if first {
                        return Ok(out);
                    }
                }
            }
        }
        if !out.is_empty() {
            return Ok(out);
        }
        if max >= Grade::Medium {
            self.tuples(cells, 1, Rule::Confined, &mut out, first);
            if !out.is_empty() {
                return Ok(out);
            }
        }
        if max >= Grade::Hard {
            for i in 0..cells.len() {
                if cells[i] != -1 {
                    continue;
                }
                let empties = self.groups.iter().any(|g| {
                    !g.contains(&i)
                        && g.iter().all(|&j| cells[j] != 1)
                        && g.iter().all(|&j| cells[j] != -1 || self.clash(i, j))
                });
                if empties {
                    out.push(self.hint(i, false, Rule::WouldEmpty));
                    if first {
                        return Ok(out);
                    }
                }
            }
            if !out.is_empty() {
                return Ok(out);
            }
            // k regions confined to k rows leave the other n - k rows confined to the other
            // n - k regions (and the same for columns), so sizes up to n / 2 cover every case.
            for k in 2..=n / 2 {
                self.tuples(cells, k, Rule::Tuple, &mut out, first);
                if !out.is_empty() {
                    return Ok(out);
                }
            }
        }
        if max >= Grade::Expert {
            out.extend(trial(self, cells));
        }
        Ok(out)
    }
}

impl QueensEngine {
    pub(super) fn new(q: &Queens) -> Self {
        let n = q.n();
        let mut region = vec![0; n * n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for r in 0..n {
            groups.push((0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            groups.push((0..n).map(|r| r * n + c).collect());
        }
        for (k, cells) in q.region_cells().iter().enumerate() {
            for p in cells {
                region[p.index(n)] = k;
            }
            groups.push(cells.iter().map(|p| p.index(n)).collect());
        }
        QueensEngine { n, region, groups }
    }

    pub(super) fn cells_from(&self, s: &PartialBoard) -> Result<Vec<i8>, DeduceError> {
        s.cells
            .iter()
            .enumerate()
            .map(|(i, c)| match c {
                None => Ok(-1),
                Some(Fill::NoCrown) => Ok(0),
                Some(Fill::Crown) => Ok(1),
                Some(f) => Err(DeduceError::WrongGame {
                    pos: Pos::new(i / self.n, i % self.n),
                    fill: *f,
                }),
            })
            .collect()
    }

    pub(super) fn crowns(&self, cells: &[i8]) -> usize {
        cells.iter().filter(|&&c| c == 1).count()
    }

    fn hint(&self, i: usize, crown: bool, rule: Rule) -> Hint {
        Hint {
            pos: Pos::new(i / self.n, i % self.n),
            fill: if crown { Fill::Crown } else { Fill::NoCrown },
            rule,
        }
    }

    /// Whether crowns at `a` and `b` would clash.
    fn clash(&self, a: usize, b: usize) -> bool {
        let n = self.n;
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        a != b
            && (ra == rb
                || ca == cb
                || self.region[a] == self.region[b]
                || (ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1))
    }

    /// Free cells of a group as a bit set of rows and of columns, `None` if it has a crown.
    fn spread(&self, g: &[usize], cells: &[i8]) -> Option<(u32, u32)> {
        let (mut rows, mut cols) = (0u32, 0u32);
        for &i in g {
            match cells[i] {
                1 => return None,
                -1 => {
                    rows |= 1 << (i / self.n);
                    cols |= 1 << (i % self.n);
                }
                _ => {}
            }
        }
        Some((rows, cols))
    }

    /// Sets of `k` regions whose free cells lie in `k` rows (columns) clear the other cells
    /// of those rows (columns); `k` rows (columns) whose free cells lie in `k` regions clear
    /// the other cells of those regions.
    fn tuples(&self, cells: &[i8], k: usize, rule: Rule, out: &mut Vec<Hint>, first: bool) {
        let n = self.n;
        let open: Vec<(usize, (u32, u32))> = (0..self.groups.len())
            .filter_map(|g| self.spread(&self.groups[g], cells).map(|s| (g, s)))
            .collect();
        // Regions confined to lines.
        let regions: Vec<(usize, (u32, u32))> =
            open.iter().filter(|(g, _)| *g >= 2 * n).copied().collect();
        if regions.len() > k {
            let mut idx: Vec<usize> = (0..k).collect();
            loop {
                let picked = idx.iter().map(|&t| regions[t]);
                for i in self.cleared_by_regions(cells, picked, k) {
                    out.push(self.hint(i, false, rule));
                    if first {
                        return;
                    }
                }
                if !next_combination(&mut idx, regions.len()) {
                    break;
                }
            }
        }
        // Lines confined to regions.
        for by_row in [true, false] {
            let ls: Vec<usize> = open
                .iter()
                .filter(|(g, _)| *g < 2 * n && (*g < n) == by_row)
                .map(|(g, _)| *g)
                .collect();
            if ls.len() <= k {
                continue;
            }
            let mut idx: Vec<usize> = (0..k).collect();
            loop {
                let picked = idx.iter().map(|&t| ls[t]);
                for i in self.cleared_by_lines(cells, picked, by_row, k) {
                    out.push(self.hint(i, false, rule));
                    if first {
                        return;
                    }
                }
                if !next_combination(&mut idx, ls.len()) {
                    break;
                }
            }
        }
    }

    /// The free cells that `k` picked regions (with their free rows and columns) clear: when
    /// their free cells lie in `k` rows (columns), the other cells of those rows (columns).
    fn cleared_by_regions(
        &self,
        cells: &[i8],
        picked: impl Iterator<Item = (usize, (u32, u32))>,
        k: usize,
    ) -> Vec<usize> {
        let n = self.n;
        let (mut rows, mut cols) = (0u32, 0u32);
        let mut inside = vec![false; n];
        for (g, (r, c)) in picked {
            rows |= r;
            cols |= c;
            inside[g - 2 * n] = true;
        }
        let mut cleared = Vec::new();
        for (mask, by_row) in [(rows, true), (cols, false)] {
            if mask.count_ones() as usize == k {
                for i in 0..cells.len() {
                    let line = if by_row { i / n } else { i % n };
                    if cells[i] == -1 && mask >> line & 1 == 1 && !inside[self.region[i]] {
                        cleared.push(i);
                    }
                }
            }
        }
        cleared
    }

    /// The free cells that `k` picked rows (columns, `by_row` false) clear: when their free
    /// cells lie in `k` regions, the other cells of those regions.
    fn cleared_by_lines(
        &self,
        cells: &[i8],
        picked: impl Iterator<Item = usize>,
        by_row: bool,
        k: usize,
    ) -> Vec<usize> {
        let n = self.n;
        let mut regs = 0u32;
        let mut in_lines = 0u32;
        for g in picked {
            in_lines |= 1 << (g % n);
            for &i in &self.groups[g] {
                if cells[i] == -1 {
                    regs |= 1 << self.region[i];
                }
            }
        }
        if regs.count_ones() as usize != k {
            return Vec::new();
        }
        (0..cells.len())
            .filter(|&i| {
                let line = if by_row { i / n } else { i % n };
                cells[i] == -1 && regs >> self.region[i] & 1 == 1 && in_lines >> line & 1 == 0
            })
            .collect()
    }
}

/// Advances `idx` (strictly increasing, values below `n`) to the next combination.
fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let k = idx.len();
    for j in (0..k).rev() {
        if idx[j] < n - k + j {
            idx[j] += 1;
            for t in j + 1..k {
                idx[t] = idx[t - 1] + 1;
            }
            return true;
        }
    }
    false
}
