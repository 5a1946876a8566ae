//! Why a deduction holds, naming the cells: the reason behind each rule, the chain of an expert
//! trial (recorded while the trial runs, cut to the steps that lead to the contradiction), and
//! the path of deductions from a state to the solution.
//!
//! The engines find deductions fast and without reasons (the generator grades thousands of
//! puzzles); a reason is rebuilt only for a deduction that is shown, from the state it was
//! found in.

use super::{Engine, Fill, Grade, Hint, Rule};
use crate::puzzle::Pos;
use std::collections::HashSet;
use std::fmt;

/// How explanations are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainOptions {
    /// Most steps of an expert trial's chain shown before "..." (the contradiction is always
    /// shown). Default 4.
    pub max_chain: usize,
}

impl Default for ExplainOptions {
    fn default() -> Self {
        ExplainOptions { max_chain: 4 }
    }
}

/// Why a deduction holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The known cells the deduction rests on, in reading order.
    pub cells: Vec<Pos>,
    /// What forces it, naming the cells: `r2c3 and r2c4 are both sun`.
    pub because: String,
    /// The rule of the game it applies: `no three alike`.
    pub law: String,
    /// Open cells the reason speaks of (the free cells of a confined region, the rest of a
    /// line completed every way), in reading order; shown with [`Reason::cells`].
    pub area: Vec<Pos>,
}

impl Reason {
    /// A reason from its parts (the cells sorted and deduplicated).
    pub(super) fn new(mut cells: Vec<Pos>, because: String, law: impl Into<String>) -> Reason {
        cells.sort();
        cells.dedup();
        Reason {
            cells,
            because,
            law: law.into(),
            area: Vec::new(),
        }
    }

    /// The same reason speaking of the open cells `area` too.
    pub(super) fn with_area(mut self, mut area: Vec<Pos>) -> Reason {
        area.sort();
        area.dedup();
        self.area = area;
        self
    }
}

/// A deduction with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The deduction.
    pub hint: Hint,
    /// Why it holds.
    pub reason: Reason,
}

impl Explained {
    /// One sentence: `r2c3 and r2c4 are both sun, so r2c5 is moon (no three alike)`.
    pub fn sentence(&self) -> String {
        let r = &self.reason;
        format!(
            "{}, so {} {} ({})",
            r.because,
            self.hint.pos,
            is_phrase(self.hint.fill),
            r.law
        )
    }
}

impl fmt::Display for Explained {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.hint;
        write!(
            f,
            "{}: {} ({}, {}): {}",
            h.pos,
            h.fill,
            h.rule,
            h.rule.grade(),
            self.sentence()
        )
    }
}

/// `is sun`, `holds a crown`, ...
pub(super) fn is_phrase(f: Fill) -> &'static str {
    match f {
        Fill::Sun => "is sun",
        Fill::Moon => "is moon",
        Fill::Crown => "holds a crown",
        Fill::NoCrown => "holds no crown",
    }
}

/// `were sun`, `held a crown`, ...
fn were_phrase(f: Fill) -> &'static str {
    match f {
        Fill::Sun => "were sun",
        Fill::Moon => "were moon",
        Fill::Crown => "held a crown",
        Fill::NoCrown => "held no crown",
    }
}

/// `would be sun`, `would hold a crown`, ...
fn would_phrase(f: Fill) -> &'static str {
    match f {
        Fill::Sun => "would be sun",
        Fill::Moon => "would be moon",
        Fill::Crown => "would hold a crown",
        Fill::NoCrown => "would hold no crown",
    }
}

/// `r1c2`, `r1c2 and r3c4`, `r1c2, r3c4 and r5c6`.
pub(super) fn and_list<T: fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => {
            let head: Vec<String> = rest.iter().map(T::to_string).collect();
            format!("{} and {last}", head.join(", "))
        }
    }
}

/// A deduction made during a trial, with the state it was found in (an index into the
/// recorded states).
struct TrialStep {
    hint: Hint,
    state: usize,
}

/// What a trial ran into.
struct TrialRun {
    /// The states before each batch of deductions.
    states: Vec<Vec<i8>>,
    /// The deductions, in order.
    steps: Vec<TrialStep>,
    /// Why the last state breaks a rule.
    clash: Reason,
}

/// Assumes `value` at cell `i` and applies the rules up to hard, recording each deduction
/// and the state it came from, until a contradiction (the reason of a trial hint).
fn run_trial<E: Engine>(eng: &E, cells: &[i8], i: usize, value: i8) -> TrialRun {
    let mut work = cells.to_vec();
    work[i] = value;
    let mut run = TrialRun {
        states: Vec::new(),
        steps: Vec::new(),
        clash: Reason::new(Vec::new(), "no contradiction found".into(), ""),
    };
    loop {
        if eng.complete(&work) {
            if eng.consistent(&work).is_err() {
                run.clash = eng.clash(&work);
            }
            return run;
        }
        let batch = match eng.deductions(&work, Grade::Hard, false) {
            Ok(b) if !b.is_empty() => b,
            Ok(_) => return run,
            Err(_) => {
                run.clash = eng.clash(&work);
                return run;
            }
        };
        run.states.push(work.clone());
        let state = run.states.len() - 1;
        for d in batch {
            let j = d.pos.index(eng.cols());
            let v = E::value(d.fill);
            if work[j] >= 0 {
                if work[j] != v {
                    let r = eng.reason(&run.states[state], &d, &ExplainOptions::default());
                    let mut cells = r.cells;
                    cells.push(d.pos);
                    run.clash = Reason::new(
                        cells,
                        format!("{} {} as well ({})", d.pos, would_phrase(d.fill), r.because),
                        r.law,
                    );
                    return run;
                }
                continue;
            }
            work[j] = v;
            run.steps.push(TrialStep { hint: d, state });
        }
    }
}

/// The reason of an expert trial hint `h` found in `cells`: the other value at the cell, the
/// deductions that lead from it to a contradiction (only those the contradiction rests on,
/// at most `opts.max_chain` of them shown), and the contradiction.
pub(super) fn trial_reason<E: Engine>(
    eng: &E,
    cells: &[i8],
    h: &Hint,
    opts: &ExplainOptions,
) -> Reason {
    let cols = eng.cols();
    let i = h.pos.index(cols);
    let other = 1 - E::value(h.fill);
    let other_fill = eng.hint_value(i, other, h.rule).fill;
    let run = run_trial(eng, cells, i, other);
    // Walk back from the contradiction, keeping the steps it rests on.
    let mut needed: HashSet<Pos> = run.clash.cells.iter().copied().collect();
    let mut kept: Vec<(Hint, Reason)> = Vec::new();
    for s in run.steps.iter().rev() {
        if needed.contains(&s.hint.pos) {
            let r = eng.reason(&run.states[s.state], &s.hint, opts);
            needed.extend(r.cells.iter().copied());
            kept.push((s.hint, r));
        }
    }
    kept.reverse();
    let mut chain = String::new();
    for (step, r) in kept.iter().take(opts.max_chain) {
        chain += &format!("{} {} ({}), ", step.pos, is_phrase(step.fill), r.because);
    }
    if kept.len() > opts.max_chain {
        chain += "..., ";
    }
    let premises = needed
        .into_iter()
        .filter(|p| p.index(cols) < cells.len() && cells[p.index(cols)] >= 0)
        .collect();
    let clash = &run.clash;
    let law = if clash.law.is_empty() {
        String::new()
    } else {
        format!(" ({})", clash.law)
    };
    Reason::new(
        premises,
        format!(
            "if {} {}, then {chain}contradiction: {}{law}",
            h.pos,
            were_phrase(other_fill),
            clash.because
        ),
        format!("{other_fill} there breaks a rule"),
    )
}

/// The deductions from `cells` on, each with its reason, at most `limit` of them: the easiest
/// rule at every step. Returns the steps and whether the board is then complete; `Err(cell)`
/// when the state breaks a rule.
pub(super) fn path<E: Engine>(
    eng: &E,
    cells: &[i8],
    limit: usize,
    opts: &ExplainOptions,
) -> Result<(Vec<Explained>, bool), usize> {
    let mut work = cells.to_vec();
    let mut out = Vec::new();
    while out.len() < limit {
        if eng.complete(&work) {
            eng.consistent(&work)?;
            return Ok((out, true));
        }
        let Some(h) = super::next(eng, &work, Grade::Expert)? else {
            return Ok((out, false));
        };
        let reason = match h.rule {
            Rule::TangoTrial | Rule::QueensTrial => trial_reason(eng, &work, &h, opts),
            _ => eng.reason(&work, &h, opts),
        };
        work[h.pos.index(eng.cols())] = E::value(h.fill);
        out.push(Explained { hint: h, reason });
    }
    Ok((out, eng.complete(&work)))
}
