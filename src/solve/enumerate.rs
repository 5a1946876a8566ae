//! Solving, bounded enumeration: every solution of a puzzle one by one (or just their count),
//! each found by a z3 check with the earlier ones blocked.

use super::model::{Check, Model, with_model};
use super::{SolveError, SolveOptions, check_shape, verify};
use crate::puzzle::{Puzzle, Solution};
use std::time::{Duration, Instant};
use z3::ast::Bool;

/// Why [`enumerate`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnumStop {
    /// Every solution was visited: the count is exact.
    Exhausted,
    /// The limit was reached: there may be more.
    Limit,
    /// A check hit the timeout: there may be more.
    Timeout,
}

/// The result of [`enumerate`] / [`count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enumeration {
    /// Solutions visited.
    pub count: usize,
    /// Why the enumeration stopped.
    pub stop: EnumStop,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Visits solutions one by one (each passes the rules checker first), at most `limit` of them.
/// A puzzle without solution visits none. Every solution is found by a check with all earlier
/// ones blocked by a clause over the cells (Tango: every cell; Queens: the crown cells), inside a
/// solver scope that is dropped afterwards.
pub fn enumerate(
    p: &Puzzle,
    opts: &SolveOptions,
    limit: Option<usize>,
    mut visit: impl FnMut(&Solution),
) -> Result<Enumeration, SolveError> {
    let start = Instant::now();
    check_shape(p)?;
    // A fresh model: thousands of blocking clauses leave a solver slower even after `pop`.
    let fresh = SolveOptions {
        reuse_models: false,
        ..opts.clone()
    };
    let (count, stop) = with_model(p, &fresh, |m, _| {
        let scope = m.begin(p);
        let base: Vec<Bool> = m.assumptions(p).into_iter().map(|(b, _)| b).collect();
        let mut e = Enumerator {
            p,
            opts,
            limit,
            visit: &mut visit,
            count: 0,
            base,
            depth: opts.enumerate_split_rows.min(m.rows()),
        };
        let stop = e.level(m, 0, &mut Vec::new())?;
        m.end(scope);
        Ok((e.count, stop.unwrap_or(EnumStop::Exhausted)))
    })?;
    Ok(Enumeration {
        count,
        stop,
        elapsed: start.elapsed(),
    })
}

/// The state of one enumeration: solutions are split by the pattern of their first rows, so each
/// scope's blocking clauses stay few (a scope per pattern of rows `0..level`).
struct Enumerator<'a, F: FnMut(&Solution)> {
    p: &'a Puzzle,
    opts: &'a SolveOptions,
    limit: Option<usize>,
    visit: &'a mut F,
    count: usize,
    base: Vec<Bool>,
    depth: usize,
}

impl<F: FnMut(&Solution)> Enumerator<'_, F> {
    /// Enumerates the solutions extending `fixed` (the literals of rows `0..level`). Returns
    /// the reason for an early stop, or `None` when this subtree is exhausted.
    fn level(
        &mut self,
        m: &mut Model,
        level: usize,
        fixed: &mut Vec<Bool>,
    ) -> Result<Option<EnumStop>, SolveError> {
        m.solver.push();
        let stop = loop {
            if level == self.depth && self.limit.is_some_and(|l| self.count >= l) {
                break Some(EnumStop::Limit);
            }
            let lits: Vec<Bool> = self.base.iter().chain(fixed.iter()).cloned().collect();
            match m.check_lits(&lits, self.opts)? {
                Check::Timeout => break Some(EnumStop::Timeout),
                Check::Unsat => break None,
                Check::Sat => {
                    let s = m.solution()?;
                    if level == self.depth {
                        verify(self.p, &s)?;
                        (self.visit)(&s);
                        self.count += 1;
                        m.block(&s);
                    } else {
                        let row = m.row_lits(&s, level);
                        let keep = fixed.len();
                        fixed.extend(row.iter().cloned());
                        let inner = self.level(m, level + 1, fixed)?;
                        fixed.truncate(keep);
                        if inner.is_some() {
                            break inner;
                        }
                        m.block_lits(&row);
                    }
                }
            }
        };
        m.solver.pop(1);
        Ok(stop)
    }
}

/// Counts solutions, at most `limit` (see [`enumerate`]).
pub fn count(
    p: &Puzzle,
    opts: &SolveOptions,
    limit: Option<usize>,
) -> Result<Enumeration, SolveError> {
    enumerate(p, opts, limit, |_| {})
}
