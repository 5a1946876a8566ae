//! The Queens deduction engine: rows, columns and regions as groups, and the rules
//! attacked, last, confined, would-empty, tuple and trial.

use super::explain::and_list;
use super::{
    DeduceError, Engine, ExplainOptions, Fill, Grade, Hint, PartialBoard, Reason, Rule, trial,
};
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

    fn reason(&self, cells: &[i8], h: &Hint, _: &ExplainOptions) -> Reason {
        let i = h.pos.index(self.n);
        let found = match h.rule {
            Rule::Attacked => self.attacked_reason(cells, i),
            Rule::Last => self.last_reason(cells, i),
            Rule::WouldEmpty => self.would_empty_reason(cells, i),
            Rule::Confined => self.tuple_reason(cells, i, 1),
            Rule::Tuple => (2..=self.n / 2).find_map(|k| self.tuple_reason(cells, i, k)),
            _ => None,
        };
        found.unwrap_or_else(|| Reason::new(Vec::new(), h.rule.explain().into(), h.rule.name()))
    }

    fn clash(&self, cells: &[i8]) -> Reason {
        let crowns: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 1).collect();
        for (k, &a) in crowns.iter().enumerate() {
            if let Some(&b) = crowns[k + 1..].iter().find(|&&b| self.clash(a, b)) {
                let (pa, pb) = (self.pos(a), self.pos(b));
                let (shared, law) = self.shared(a, b);
                return Reason::new(
                    vec![pa, pb],
                    format!("the crowns at {pa} and {pb} {shared}"),
                    law,
                );
            }
        }
        for (g, cells_g) in self.groups.iter().enumerate() {
            if !cells_g.iter().any(|&i| cells[i] != 0) {
                let all: Vec<Pos> = cells_g.iter().map(|&i| self.pos(i)).collect();
                return Reason::new(
                    all,
                    format!("{} has no free cell left", self.group_name(g)),
                    format!("every {} holds a crown", self.group_kind(g)),
                );
            }
        }
        Reason::new(Vec::new(), "the board breaks a rule".into(), "")
    }
}

/// The explanations: which cells force a deduction, and why a state breaks a rule.
impl QueensEngine {
    fn pos(&self, i: usize) -> Pos {
        Pos::new(i / self.n, i % self.n)
    }

    /// `row`, `column` or `region` (groups are the rows, the columns, then the regions).
    fn group_kind(&self, g: usize) -> &'static str {
        match g / self.n {
            0 => "row",
            1 => "column",
            _ => "region",
        }
    }

    /// `row 2`, `column 3`, `region B`.
    fn group_name(&self, g: usize) -> String {
        let n = self.n;
        match g / n {
            0 => format!("row {}", g + 1),
            1 => format!("column {}", g - n + 1),
            _ => format!("region {}", Queens::letter(g - 2 * n)),
        }
    }

    /// `rows 3 and 4`, `region B`: groups of one kind named together.
    fn groups_name(&self, gs: &[usize]) -> String {
        let n = self.n;
        let kind = gs.first().map_or("row", |&g| self.group_kind(g));
        let items: Vec<String> = gs
            .iter()
            .map(|&g| match g / n {
                0 => (g + 1).to_string(),
                1 => (g - n + 1).to_string(),
                _ => Queens::letter(g - 2 * n).to_string(),
            })
            .collect();
        let plural = if gs.len() == 1 { "" } else { "s" };
        format!("{kind}{plural} {}", and_list(&items))
    }

    /// What two clashing cells share, and the rule: (`share row 2`, `one crown per row`).
    fn shared(&self, a: usize, b: usize) -> (String, String) {
        let n = self.n;
        let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
        if ra == rb {
            (format!("share row {}", ra + 1), "one crown per row".into())
        } else if ca == cb {
            (
                format!("share column {}", ca + 1),
                "one crown per column".into(),
            )
        } else if self.region[a] == self.region[b] {
            let l = Queens::letter(self.region[a]);
            (format!("share region {l}"), "one crown per region".into())
        } else {
            ("touch".into(), "crowns never touch".into())
        }
    }

    fn attacked_reason(&self, cells: &[i8], i: usize) -> Option<Reason> {
        let j = (0..cells.len()).find(|&j| cells[j] == 1 && self.clash(i, j))?;
        let (pi, pj) = (self.pos(i), self.pos(j));
        let (shared, law) = self.shared(i, j);
        let because = if shared == "touch" {
            format!("the crown at {pj} touches {pi}")
        } else {
            format!("{pi} and the crown at {pj} {shared}")
        };
        Some(Reason::new(vec![pj], because, law))
    }

    fn last_reason(&self, cells: &[i8], i: usize) -> Option<Reason> {
        let g = (0..self.groups.len()).find(|&g| {
            let cs = &self.groups[g];
            cs.contains(&i) && cs.iter().all(|&j| j == i || cells[j] == 0)
        })?;
        let others: Vec<Pos> = self.groups[g]
            .iter()
            .filter(|&&j| j != i)
            .map(|&j| self.pos(j))
            .collect();
        Some(Reason::new(
            others,
            format!(
                "{} is the last free cell of {}",
                self.pos(i),
                self.group_name(g)
            ),
            format!("every {} holds a crown", self.group_kind(g)),
        ))
    }

    fn would_empty_reason(&self, cells: &[i8], i: usize) -> Option<Reason> {
        let g = (0..self.groups.len()).find(|&g| {
            let cs = &self.groups[g];
            !cs.contains(&i)
                && cs.iter().all(|&j| cells[j] != 1)
                && cs.iter().all(|&j| cells[j] != -1 || self.clash(i, j))
        })?;
        let cs = &self.groups[g];
        let free: Vec<Pos> = cs
            .iter()
            .filter(|&&j| cells[j] == -1)
            .map(|&j| self.pos(j))
            .collect();
        let empty: Vec<Pos> = cs
            .iter()
            .filter(|&&j| cells[j] == 0)
            .map(|&j| self.pos(j))
            .collect();
        Some(
            Reason::new(
                empty,
                format!(
                    "a crown at {} would rule out {}, the last free cells of {}",
                    self.pos(i),
                    and_list(&free),
                    self.group_name(g)
                ),
                format!("every {} holds a crown", self.group_kind(g)),
            )
            .with_area(free),
        )
    }

    /// The `k` groups whose confinement clears cell `i`: regions confined to as many lines, or
    /// lines confined to as many regions.
    fn tuple_reason(&self, cells: &[i8], i: usize, k: usize) -> Option<Reason> {
        let mut found: Option<Vec<usize>> = None;
        self.each_tuple(cells, k, |groups, cleared| {
            if cleared.contains(&i) {
                found = Some(groups.to_vec());
            }
            found.is_some()
        });
        let groups = found?;
        let n = self.n;
        // The groups they are confined to: the lines or regions holding their free cells.
        let mut into: Vec<usize> = Vec::new();
        for &g in &groups {
            for &j in self.groups[g].iter().filter(|&&j| cells[j] == -1) {
                let (r, c) = (j / n, j % n);
                into.extend(if g >= 2 * n {
                    vec![r, n + c]
                } else {
                    vec![2 * n + self.region[j]]
                });
            }
        }
        into.sort();
        into.dedup();
        if groups[0] >= 2 * n {
            // Rows or columns: the kind whose count is k and that holds cell i.
            let rows: Vec<usize> = into.iter().copied().filter(|&g| g < n).collect();
            let cols: Vec<usize> = into.iter().copied().filter(|&g| g >= n).collect();
            into = if rows.len() == k && rows.contains(&(i / n)) {
                rows
            } else {
                cols
            };
        }
        let empty: Vec<Pos> = groups
            .iter()
            .flat_map(|&g| self.groups[g].iter())
            .filter(|&&j| cells[j] == 0)
            .map(|&j| self.pos(j))
            .collect();
        let (them, there) = (self.groups_name(&groups), self.groups_name(&into));
        let (crowns, verb) = if k == 1 {
            ("crown", "s")
        } else {
            ("crowns", "")
        };
        let law = if groups[0] >= 2 * n {
            format!("the {crowns} of {there} belong{verb} to {them}")
        } else {
            format!("the {crowns} of {there} lie{verb} in {them}")
        };
        let free: Vec<Pos> = groups
            .iter()
            .flat_map(|&g| self.groups[g].iter())
            .filter(|&&j| cells[j] == -1 && j != i)
            .map(|&j| self.pos(j))
            .collect();
        let because = format!("{them} can only hold crowns in {there}");
        Some(Reason::new(empty, because, law).with_area(free))
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
        self.each_tuple(cells, k, |_, cleared| {
            for &i in cleared {
                out.push(self.hint(i, false, rule));
                if first {
                    return true;
                }
            }
            false
        });
    }

    /// Visits every set of `k` open groups (regions, then rows, then columns) with the free
    /// cells their confinement clears, `visit(groups, cleared)`, until `visit` returns true.
    pub(super) fn each_tuple(
        &self,
        cells: &[i8],
        k: usize,
        mut visit: impl FnMut(&[usize], &[usize]) -> bool,
    ) {
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
                let groups: Vec<usize> = idx.iter().map(|&t| regions[t].0).collect();
                let picked = idx.iter().map(|&t| regions[t]);
                if visit(&groups, &self.cleared_by_regions(cells, picked, k)) {
                    return;
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
                let groups: Vec<usize> = idx.iter().map(|&t| ls[t]).collect();
                let cleared = self.cleared_by_lines(cells, groups.iter().copied(), by_row, k);
                if visit(&groups, &cleared) {
                    return;
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
