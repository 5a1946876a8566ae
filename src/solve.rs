//! Solving with z3: one Boolean model per game, a proof of uniqueness, an explanation when
//! there is no solution, and bounded enumeration.
//!
//! # Models
//! - **Tango**: one Boolean per cell (`true` = sun). Hard rules: every line holds exactly half
//!   suns (at most half suns and at most half moons, each a sequential-counter encoding in
//!   clauses), no three alike in a line (two clauses per triple). The
//!   puzzle's data are *assumption literals*: a given is the cell literal (or its negation), a
//!   marker is a guard literal `g` with `g => (a == b)` (`=`) or `g => (a != b)` (`x`) asserted
//!   for every edge once. So a Tango model depends only on the board size, and one solver per
//!   size is built once per thread and reused for every puzzle of that size.
//! - **Queens**: one Boolean per cell (a crown). Hard rule: no two crowns touch (diagonals
//!   included). Every row and column carries "exactly one crown" behind its own guard literal
//!   (asserted once per size); every region carries "at least one crown" (one clause behind its
//!   guard, asserted per puzzle inside a `push`/`pop` scope). With N crowns, one per row, and N
//!   regions, at least one per region means exactly one.
//!
//! # Outcomes
//! The first check gives a solution or, when unsatisfiable, an unsat core over the assumption
//! literals, shrunk by deletion (drop one member, re-check, keep the smaller core z3 returns) to a
//! minimal conflict set. A second check with the first solution blocked proves uniqueness or
//! gives a second, different solution. Every solution passes [`crate::rules::check`] before it is
//! returned; a rejection is an internal error ([`SolveError::CheckerRejected`]), never an answer.
//!
//! # Speed
//! z3 objects are `!Send`, so models are cached per thread (see [`SolveOptions::reuse_models`]).
//! Measured figures and what was tried are in the README.

use crate::puzzle::{Edge, Marker, Pos, Puzzle, PuzzleError, Queens, Solution, Symbol, Tango};
use crate::puzzle::{MAX_TANGO, Violation};
use crate::rules;
use std::cell::RefCell;
use std::fmt;
use std::sync::Once;
use std::time::{Duration, Instant};
use z3::ast::Bool;
use z3::{Params, SatResult, Solver};

/// Default per-check timeout ([`SolveOptions::timeout_ms`]): none. Boards are at most 16x16
/// and a check takes tens of microseconds, while arming z3's timer costs about 50-100 us per
/// check (measured; see README), so the default does without it.
pub const DEFAULT_TIMEOUT_MS: Option<u64> = None;

/// How many puzzles a cached per-thread model serves before it is rebuilt from scratch (bounds
/// the garbage a long-lived solver can accumulate; rebuilding costs about a millisecond).
pub const MAX_MODEL_REUSE: usize = 10_000;

/// The z3 logic used for every solver. The model is purely clausal; with `QF_LIA` z3 runs its
/// incremental SMT core, the fastest of the configurations measured for check-with-assumptions
/// on a reused solver (`QF_FD`, the SAT engine, re-runs preprocessing per puzzle; see README).
pub const LOGIC: &str = "QF_LIA";

/// Options for [`solve`], [`enumerate`] and [`count`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Timeout for each z3 check, in milliseconds; `None` waits forever.
    /// Default: [`DEFAULT_TIMEOUT_MS`] (none).
    pub timeout_ms: Option<u64>,
    /// Shrink the unsat core of a puzzle without solution to a minimal conflict set (each
    /// member needed). Default: `true`. When `false` the raw core z3 returns is reported.
    pub minimize_core: bool,
    /// Reuse a per-thread solver per game and board size (built once, rebuilt after
    /// [`MAX_MODEL_REUSE`] puzzles). Default: `true`. `false` builds a fresh solver per call
    /// (slower: mostly z3's preprocessing of the rules; kept for measurement and isolation).
    pub reuse_models: bool,
    /// [`enumerate`] splits the search by the pattern of this many first rows, each pattern
    /// in its own solver scope, so that the blocking clauses of one scope stay few (a single
    /// flat scope slows down as thousands of clauses pile up). Default:
    /// [`DEFAULT_ENUMERATE_SPLIT_ROWS`].
    pub enumerate_split_rows: usize,
    /// Before calling z3 on a Tango puzzle, fill the cells forced by simple rules (markers,
    /// two alike force the neighbours, `a _ a` forces the middle, a full half forces the rest
    /// of a line) in plain Rust. When that fills the board, the first z3 check is skipped and
    /// z3 only proves that no other solution exists. Default: `true`.
    pub propagate: bool,
}

/// Default for [`SolveOptions::enumerate_split_rows`] (see the README for the measurement).
pub const DEFAULT_ENUMERATE_SPLIT_ROWS: usize = 2;

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            timeout_ms: DEFAULT_TIMEOUT_MS,
            minimize_core: true,
            reuse_models: true,
            enumerate_split_rows: DEFAULT_ENUMERATE_SPLIT_ROWS,
            propagate: true,
        }
    }
}

/// A member of a conflict set: one piece of puzzle data that cannot hold together with the
/// other members.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conflict {
    /// A Tango given.
    Given {
        /// The cell.
        pos: Pos,
        /// Its symbol.
        symbol: Symbol,
    },
    /// A Tango marker.
    Marker {
        /// The edge.
        edge: Edge,
        /// The marker.
        marker: Marker,
    },
    /// "Exactly one crown in this Queens row" (0-based row).
    Row(usize),
    /// "Exactly one crown in this Queens column" (0-based column).
    Column(usize),
    /// "At least one crown in this Queens region" (0-based canonical region index; with a
    /// crown in each row and N regions, that is exactly one per region).
    Region(usize),
}

impl Conflict {
    /// Ordering: givens, markers, rows, columns, regions; then by position.
    fn sort_key(&self) -> (u8, Pos, u8) {
        match *self {
            Conflict::Given { pos, .. } => (0, pos, 0),
            Conflict::Marker { edge, .. } => match edge {
                Edge::Right(p) => (1, p, 0),
                Edge::Down(p) => (1, p, 1),
            },
            Conflict::Row(r) => (2, Pos::new(r, 0), 0),
            Conflict::Column(c) => (3, Pos::new(0, c), 0),
            Conflict::Region(k) => (4, Pos::new(k, 0), 0),
        }
    }
}

/// Shown 1-based: `given S at r1c2`, `marker = on r2c1/r3c1`, `row 3`, `region B`.
impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Conflict::Given { pos, symbol } => write!(f, "given {} at {pos}", symbol.letter()),
            Conflict::Marker { edge, marker } => {
                write!(f, "marker {} on {edge}", marker.glyph())
            }
            Conflict::Row(r) => write!(f, "row {}", r + 1),
            Conflict::Column(c) => write!(f, "column {}", c + 1),
            Conflict::Region(k) => write!(f, "region {}", Queens::letter(k)),
        }
    }
}

/// What solving found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution (the second check with it blocked was unsatisfiable).
    Unique(Solution),
    /// At least two solutions: two of them and the cells where they differ.
    Several {
        /// The first solution found.
        a: Solution,
        /// A second, different solution.
        b: Solution,
        /// Cells where `a` and `b` differ (see [`Solution::diff`]).
        differ: Vec<Pos>,
    },
    /// No solution: a small set of puzzle data that cannot hold together (minimal when
    /// [`SolveOptions::minimize_core`] is on: removing any one member makes the rest
    /// satisfiable), sorted.
    None {
        /// The conflict set.
        conflict: Vec<Conflict>,
    },
    /// A check hit the timeout.
    Timeout {
        /// The first solution, when the timeout hit the uniqueness check.
        first: Option<Solution>,
    },
}

impl Outcome {
    /// A short lower-case name: `unique`, `several`, `none`, `timeout`.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Unique(_) => "unique",
            Outcome::Several { .. } => "several",
            Outcome::None { .. } => "none",
            Outcome::Timeout { .. } => "timeout",
        }
    }
}

/// Where the time went, wall clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timings {
    /// Getting the model ready: building it (or taking it from the cache) and asserting the
    /// per-puzzle constraints.
    pub build: Duration,
    /// The first check (and reading the solution).
    pub first: Duration,
    /// The uniqueness check with the first solution blocked.
    pub second: Duration,
    /// Shrinking the unsat core (no-solution puzzles only).
    pub explain: Duration,
    /// Everything, including the rules checker.
    pub total: Duration,
}

/// The result of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// What was found.
    pub outcome: Outcome,
    /// Timings.
    pub timings: Timings,
}

/// Errors of the solving stage (a puzzle without solution is an [`Outcome`], not an error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The puzzle's shape is not solvable at all (odd or oversized Tango board).
    #[error("invalid puzzle: {0}")]
    Puzzle(#[from] PuzzleError),
    /// z3 produced an assignment the plain-Rust rules checker rejects: a bug in the model.
    #[error("internal error: the solver's answer breaks a rule ({0}); this is a bug")]
    CheckerRejected(Violation),
    /// z3 returned "unknown" for a reason other than the timeout.
    #[error("z3 returned unknown: {0}")]
    Unknown(String),
    /// z3 did not provide a solver or a model where one was expected.
    #[error("internal error: z3 failed: {0}")]
    Z3(&'static str),
}

/// Solves a puzzle: a unique solution, two solutions, a conflict set, or a timeout.
///
/// Tango givens that already break a rule are not refused here (the parser refuses them for
/// text input); they come back as [`Outcome::None`] with the culprits in the conflict set,
/// which is what a misread screenshot needs.
pub fn solve(p: &Puzzle, opts: &SolveOptions) -> Result<Report, SolveError> {
    let start = Instant::now();
    check_shape(p)?;
    let mut report = with_model(p, opts, |m, build_start| {
        let mut t = Timings::default();
        let scope = m.begin(p);
        let assumptions = m.assumptions(p);
        t.build = build_start.elapsed();

        let t0 = Instant::now();
        let forced = match p {
            // Every move is forced, so a filled board that breaks a rule means no solution;
            // z3 then finds and explains that.
            Puzzle::Tango(tg) if opts.propagate => {
                propagate_tango(tg).filter(|s| rules::check(p, s).is_ok())
            }
            _ => None,
        };
        let first = match &forced {
            Some(_) => Check::Sat,
            None => m.check(&assumptions, opts)?,
        };
        let outcome = match first {
            Check::Timeout => Outcome::Timeout { first: None },
            Check::Unsat => {
                t.first = t0.elapsed();
                let t1 = Instant::now();
                let conflict = m.explain(&assumptions, opts)?;
                t.explain = t1.elapsed();
                Outcome::None { conflict }
            }
            Check::Sat => {
                let a = match forced {
                    Some(a) => a,
                    None => m.solution()?,
                };
                verify(p, &a)?;
                t.first = t0.elapsed();
                let t1 = Instant::now();
                m.block(&a);
                let second = m.check(&assumptions, opts)?;
                let outcome = match second {
                    Check::Timeout => Outcome::Timeout { first: Some(a) },
                    Check::Unsat => Outcome::Unique(a),
                    Check::Sat => {
                        let b = m.solution()?;
                        verify(p, &b)?;
                        if a == b {
                            return Err(SolveError::Z3("the blocked solution came back"));
                        }
                        let differ = a.diff(&b);
                        Outcome::Several { a, b, differ }
                    }
                };
                t.second = t1.elapsed();
                outcome
            }
        };
        m.end(scope);
        Ok((outcome, t))
    })
    .map(|(outcome, timings)| Report { outcome, timings })?;
    report.timings.total = start.elapsed();
    Ok(report)
}

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

fn check_shape(p: &Puzzle) -> Result<(), PuzzleError> {
    match p {
        Puzzle::Tango(t) => {
            let (rows, cols) = (t.rows(), t.cols());
            if rows < 2 || cols < 2 || rows % 2 == 1 || cols % 2 == 1 {
                return Err(PuzzleError::OddSize { rows, cols });
            }
            if rows > MAX_TANGO || cols > MAX_TANGO {
                return Err(PuzzleError::TooLarge { rows, cols });
            }
            Ok(())
        }
        Puzzle::Queens(q) => q.validate(),
    }
}

/// Fills a Tango board by simple forced moves; `Some` only when every cell ends up filled
/// (the caller still runs the rules checker). Contradictions and stalls return `None` and
/// leave the work to z3.
fn propagate_tango(t: &Tango) -> Option<Solution> {
    let (rows, cols) = (t.rows(), t.cols());
    let mut cells: Vec<Option<Symbol>> = t.positions().map(|p| t.given(p)).collect();
    let markers: Vec<(usize, usize, Marker)> = t
        .markers()
        .map(|(e, m)| {
            let (a, b) = e.cells();
            (a.index(cols), b.index(cols), m)
        })
        .collect();
    // Lines as index lists: rows, then columns.
    let lines: Vec<Vec<usize>> = (0..rows)
        .map(|r| (0..cols).map(|c| r * cols + c).collect())
        .chain((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect()))
        .collect();
    /// Sets a cell: `Some(changed)`, or `None` on a contradiction.
    fn set(cells: &mut [Option<Symbol>], i: usize, s: Symbol) -> Option<bool> {
        match cells[i] {
            Some(x) if x == s => Some(false),
            Some(_) => None,
            None => {
                cells[i] = Some(s);
                Some(true)
            }
        }
    }
    loop {
        let mut changed = false;
        for &(a, b, m) in &markers {
            let want = |s: Symbol| if m == Marker::Same { s } else { s.other() };
            if let (Some(x), None) = (cells[a], cells[b]) {
                changed |= set(&mut cells, b, want(x))?;
            } else if let (None, Some(y)) = (cells[a], cells[b]) {
                changed |= set(&mut cells, a, want(y))?;
            }
        }
        for line in &lines {
            for w in line.windows(3) {
                let (x, y, z) = (cells[w[0]], cells[w[1]], cells[w[2]]);
                match (x, y, z) {
                    (Some(a), Some(b), None) if a == b => {
                        changed |= set(&mut cells, w[2], a.other())?
                    }
                    (None, Some(a), Some(b)) if a == b => {
                        changed |= set(&mut cells, w[0], a.other())?
                    }
                    (Some(a), None, Some(b)) if a == b => {
                        changed |= set(&mut cells, w[1], a.other())?
                    }
                    _ => {}
                }
            }
            let half = line.len() / 2;
            for s in [Symbol::Sun, Symbol::Moon] {
                let n = line.iter().filter(|&&i| cells[i] == Some(s)).count();
                if n > half {
                    return None;
                }
                if n == half {
                    for &i in line {
                        if cells[i].is_none() {
                            changed |= set(&mut cells, i, s.other())?;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let cells: Option<Vec<Symbol>> = cells.into_iter().collect();
    Some(Solution::Tango {
        rows,
        cols,
        cells: cells?,
    })
}

fn verify(p: &Puzzle, s: &Solution) -> Result<(), SolveError> {
    rules::check(p, s).map_err(SolveError::CheckerRejected)
}

// ---------------------------------------------------------------------------------------------
// Models

enum Check {
    Sat,
    Unsat,
    Timeout,
}

/// A solver with the rules of one game and size asserted, plus the literals to talk about it.
struct Model {
    solver: Solver,
    kind: Kind,
    /// One literal per cell, row-major (Tango: sun; Queens: crown).
    cells: Vec<Bool>,
    /// The timeout currently set on the solver (`u32::MAX` = none).
    timeout: Option<u32>,
    /// Puzzles served so far.
    uses: usize,
}

enum Kind {
    Tango {
        rows: usize,
        cols: usize,
        /// Guard literals per edge index (see [`edge_index`]): `=` and `x`.
        same: Vec<Bool>,
        opposite: Vec<Bool>,
    },
    Queens {
        n: usize,
        rows: Vec<Bool>,
        columns: Vec<Bool>,
    },
}

/// Which scope a puzzle opened (Queens regions and blocking clauses live in a pushed scope).
struct Scope;

fn edge_index(cols: usize, e: Edge) -> usize {
    match e {
        Edge::Right(p) => 2 * (p.index(cols)),
        Edge::Down(p) => 2 * (p.index(cols)) + 1,
    }
}

static GLOBAL_PARAMS: Once = Once::new();

fn new_solver() -> Result<Solver, SolveError> {
    // z3 reads global parameters when a thread's context is created, so this runs before the
    // first solver of the process. Not compressing models halves `get_model` (see README).
    GLOBAL_PARAMS.call_once(|| z3::set_global_param("model.compact", "false"));
    Solver::new_for_logic(LOGIC).ok_or(SolveError::Z3("no solver for the QF_LIA logic"))
}

/// Asserts a clause, weakened by `guard` (the clause only binds when the guard is assumed).
fn clause(solver: &Solver, guard: Option<&Bool>, mut lits: Vec<Bool>) {
    if let Some(g) = guard {
        lits.push(g.not());
    }
    solver.assert(Bool::or(&lits));
}

/// Asserts "at most `k` of `lits`" as clauses (Sinz's sequential counter, `n * k` auxiliary
/// variables named after `name`), weakened by `guard`.
///
/// Clauses rather than z3's pseudo-Boolean/cardinality terms: with z3 4.8.12's SMT solver,
/// `pb_eq` under push/pop lost solutions when enumerating (see README), and plain clauses are
/// also faster to add per puzzle.
fn at_most(solver: &Solver, guard: Option<&Bool>, lits: &[Bool], k: usize, name: &str) {
    let n = lits.len();
    if k >= n {
        return;
    }
    if k == 0 {
        for x in lits {
            clause(solver, guard, vec![x.not()]);
        }
        return;
    }
    // s[i][j]: at least j+1 of lits[0..=i] are true (only forced upwards).
    let s: Vec<Vec<Bool>> = (0..n - 1)
        .map(|i| {
            (0..k)
                .map(|j| Bool::new_const(format!("{name}_{i}_{j}")))
                .collect()
        })
        .collect();
    clause(solver, guard, vec![lits[0].not(), s[0][0].clone()]);
    for sj in &s[0][1..] {
        clause(solver, guard, vec![sj.not()]);
    }
    for i in 1..n - 1 {
        clause(solver, guard, vec![lits[i].not(), s[i][0].clone()]);
        clause(solver, guard, vec![s[i - 1][0].not(), s[i][0].clone()]);
        for j in 1..k {
            clause(
                solver,
                guard,
                vec![lits[i].not(), s[i - 1][j - 1].not(), s[i][j].clone()],
            );
            clause(solver, guard, vec![s[i - 1][j].not(), s[i][j].clone()]);
        }
        clause(solver, guard, vec![lits[i].not(), s[i - 1][k - 1].not()]);
    }
    clause(
        solver,
        guard,
        vec![lits[n - 1].not(), s[n - 2][k - 1].not()],
    );
}

/// Asserts "exactly one of `lits`" as clauses, weakened by `guard`.
fn exactly_one(solver: &Solver, guard: Option<&Bool>, lits: &[Bool], name: &str) {
    clause(solver, guard, lits.to_vec());
    at_most(solver, guard, lits, 1, name);
}

impl Model {
    fn tango(rows: usize, cols: usize) -> Result<Model, SolveError> {
        let solver = new_solver()?;
        let cells: Vec<Bool> = (0..rows * cols)
            .map(|i| Bool::new_const(format!("sun_{}_{}", i / cols, i % cols)))
            .collect();
        let at = |r: usize, c: usize| &cells[r * cols + c];
        // Balance: half suns in every row and column.
        for r in 0..rows {
            let suns: Vec<Bool> = (0..cols).map(|c| at(r, c).clone()).collect();
            let moons: Vec<Bool> = suns.iter().map(|b| b.not()).collect();
            at_most(&solver, None, &suns, cols / 2, &format!("row{r}_sun"));
            at_most(&solver, None, &moons, cols / 2, &format!("row{r}_moon"));
        }
        for c in 0..cols {
            let suns: Vec<Bool> = (0..rows).map(|r| at(r, c).clone()).collect();
            let moons: Vec<Bool> = suns.iter().map(|b| b.not()).collect();
            at_most(&solver, None, &suns, rows / 2, &format!("col{c}_sun"));
            at_most(&solver, None, &moons, rows / 2, &format!("col{c}_moon"));
        }
        // No three alike in a line.
        let triple = |a: &Bool, b: &Bool, c: &Bool| {
            solver.assert(Bool::or(&[a, b, c]));
            solver.assert(Bool::or(&[a.not(), b.not(), c.not()]));
        };
        for r in 0..rows {
            for c in 0..cols {
                if c + 2 < cols {
                    triple(at(r, c), at(r, c + 1), at(r, c + 2));
                }
                if r + 2 < rows {
                    triple(at(r, c), at(r + 1, c), at(r + 2, c));
                }
            }
        }
        // Marker guards for every edge.
        let mut same = Vec::with_capacity(2 * rows * cols);
        let mut opposite = Vec::with_capacity(2 * rows * cols);
        for i in 0..2 * rows * cols {
            let (r, c, down) = (i / 2 / cols, i / 2 % cols, i % 2 == 1);
            let g_same = Bool::new_const(format!("same_{i}"));
            let g_opp = Bool::new_const(format!("opposite_{i}"));
            let (br, bc) = if down { (r + 1, c) } else { (r, c + 1) };
            if br < rows && bc < cols {
                let (a, b) = (at(r, c), at(br, bc));
                solver.assert(g_same.implies(a.iff(b)));
                solver.assert(g_opp.implies(a.xor(b)));
            }
            same.push(g_same);
            opposite.push(g_opp);
        }
        Ok(Model {
            solver,
            kind: Kind::Tango {
                rows,
                cols,
                same,
                opposite,
            },
            cells,
            timeout: None,
            uses: 0,
        })
    }

    fn queens(n: usize) -> Result<Model, SolveError> {
        let solver = new_solver()?;
        let cells: Vec<Bool> = (0..n * n)
            .map(|i| Bool::new_const(format!("crown_{}_{}", i / n, i % n)))
            .collect();
        let at = |r: usize, c: usize| &cells[r * n + c];
        // No two crowns touch (orthogonally or diagonally).
        for r in 0..n {
            for c in 0..n {
                let mut nb = vec![(r, c + 1)];
                if r + 1 < n {
                    nb.push((r + 1, c));
                    nb.push((r + 1, c + 1));
                    if c > 0 {
                        nb.push((r + 1, c - 1));
                    }
                }
                for (r2, c2) in nb {
                    if r2 < n && c2 < n {
                        solver.assert(Bool::or(&[at(r, c).not(), at(r2, c2).not()]));
                    }
                }
            }
        }
        let mut rows = Vec::with_capacity(n);
        let mut columns = Vec::with_capacity(n);
        for k in 0..n {
            let g_row = Bool::new_const(format!("row_{k}"));
            let g_col = Bool::new_const(format!("column_{k}"));
            let row: Vec<Bool> = (0..n).map(|c| at(k, c).clone()).collect();
            let col: Vec<Bool> = (0..n).map(|r| at(r, k).clone()).collect();
            exactly_one(&solver, Some(&g_row), &row, &format!("row{k}_crown"));
            exactly_one(&solver, Some(&g_col), &col, &format!("col{k}_crown"));
            rows.push(g_row);
            columns.push(g_col);
        }
        Ok(Model {
            solver,
            kind: Kind::Queens { n, rows, columns },
            cells,
            timeout: None,
            uses: 0,
        })
    }

    fn fits(&self, p: &Puzzle) -> bool {
        match (&self.kind, p) {
            (Kind::Tango { rows, cols, .. }, Puzzle::Tango(t)) => {
                *rows == t.rows() && *cols == t.cols()
            }
            (Kind::Queens { n, .. }, Puzzle::Queens(q)) => *n == q.n(),
            _ => false,
        }
    }

    /// Opens the per-puzzle scope: region constraints (Queens) and blocking clauses live in it.
    fn begin(&mut self, p: &Puzzle) -> Scope {
        self.uses += 1;
        self.solver.push();
        if let Puzzle::Queens(q) = p {
            for (k, cells) in q.region_cells().iter().enumerate() {
                let lits: Vec<Bool> = cells
                    .iter()
                    .map(|c| self.cells[c.index(q.n())].clone())
                    .collect();
                // "At least one crown in the region" is enough: with exactly one crown in
                // each of the N rows and N regions, every region then holds exactly one. One
                // clause per region is 4-6x faster than a full exactly-one encoding here.
                clause(&self.solver, Some(&region_guard(k)), lits);
            }
        }
        Scope
    }

    fn end(&mut self, _scope: Scope) {
        self.solver.pop(1);
    }

    /// The assumption literals of a puzzle, in the order minimisation tries to drop them.
    fn assumptions(&self, p: &Puzzle) -> Vec<(Bool, Conflict)> {
        match (&self.kind, p) {
            (
                Kind::Tango {
                    cols,
                    same,
                    opposite,
                    ..
                },
                Puzzle::Tango(t),
            ) => {
                let mut out = Vec::new();
                for (pos, symbol) in t.givens() {
                    let lit = &self.cells[pos.index(*cols)];
                    let lit = match symbol {
                        Symbol::Sun => lit.clone(),
                        Symbol::Moon => lit.not(),
                    };
                    out.push((lit, Conflict::Given { pos, symbol }));
                }
                for (edge, marker) in t.markers() {
                    let i = edge_index(*cols, edge);
                    let g = match marker {
                        Marker::Same => same[i].clone(),
                        Marker::Opposite => opposite[i].clone(),
                    };
                    out.push((g, Conflict::Marker { edge, marker }));
                }
                out
            }
            (Kind::Queens { rows, columns, .. }, Puzzle::Queens(q)) => {
                // Rows and columns first so that minimisation drops them first and the
                // conflict set keeps the regions, the puzzle's own data.
                let mut out: Vec<(Bool, Conflict)> = Vec::new();
                out.extend(
                    rows.iter()
                        .enumerate()
                        .map(|(k, g)| (g.clone(), Conflict::Row(k))),
                );
                out.extend(
                    columns
                        .iter()
                        .enumerate()
                        .map(|(k, g)| (g.clone(), Conflict::Column(k))),
                );
                out.extend((0..q.region_count()).map(|k| (region_guard(k), Conflict::Region(k))));
                out
            }
            _ => Vec::new(),
        }
    }

    fn set_timeout(&mut self, opts: &SolveOptions) {
        let ms = opts
            .timeout_ms
            .map_or(u32::MAX, |t| t.min(u32::MAX as u64 - 1) as u32);
        if self.timeout != Some(ms) {
            let mut params = Params::new();
            params.set_u32("timeout", ms);
            self.solver.set_params(&params);
            self.timeout = Some(ms);
        }
    }

    fn check_lits(&mut self, lits: &[Bool], opts: &SolveOptions) -> Result<Check, SolveError> {
        self.set_timeout(opts);
        match self.solver.check_assumptions(lits) {
            SatResult::Sat => Ok(Check::Sat),
            SatResult::Unsat => Ok(Check::Unsat),
            SatResult::Unknown => {
                let why = self.solver.get_reason_unknown().unwrap_or_default();
                if why.contains("timeout") || why.contains("canceled") {
                    Ok(Check::Timeout)
                } else {
                    Err(SolveError::Unknown(why))
                }
            }
        }
    }

    fn check(
        &mut self,
        assumptions: &[(Bool, Conflict)],
        opts: &SolveOptions,
    ) -> Result<Check, SolveError> {
        let lits: Vec<Bool> = assumptions.iter().map(|(b, _)| b.clone()).collect();
        self.check_lits(&lits, opts)
    }

    /// The current model as a solution.
    fn solution(&self) -> Result<Solution, SolveError> {
        let model = self
            .solver
            .get_model()
            .ok_or(SolveError::Z3("no model after sat"))?;
        let mut vals = Vec::with_capacity(self.cells.len());
        for b in &self.cells {
            let v = model
                .get_const_interp(b)
                .or_else(|| model.eval(b, true))
                .and_then(|v| v.as_bool())
                .ok_or(SolveError::Z3("a cell has no value in the model"))?;
            vals.push(v);
        }
        Ok(match &self.kind {
            Kind::Tango { rows, cols, .. } => Solution::Tango {
                rows: *rows,
                cols: *cols,
                cells: vals
                    .iter()
                    .map(|&v| if v { Symbol::Sun } else { Symbol::Moon })
                    .collect(),
            },
            Kind::Queens { n, .. } => {
                // A row without exactly one crown is caught by the rules checker.
                let crowns = (0..*n)
                    .map(|r| (0..*n).position(|c| vals[r * n + c]).unwrap_or(usize::MAX))
                    .collect();
                Solution::Queens { crowns }
            }
        })
    }

    /// Number of board rows.
    fn rows(&self) -> usize {
        match &self.kind {
            Kind::Tango { rows, .. } => *rows,
            Kind::Queens { n, .. } => *n,
        }
    }

    /// The literals that hold row `row` of a solution: every Tango cell's value, or the
    /// Queens crown cell.
    fn row_lits(&self, s: &Solution, row: usize) -> Vec<Bool> {
        match s {
            Solution::Tango { cols, cells, .. } => (0..*cols)
                .map(|c| {
                    let b = &self.cells[row * cols + c];
                    if cells[row * cols + c] == Symbol::Sun {
                        b.clone()
                    } else {
                        b.not()
                    }
                })
                .collect(),
            Solution::Queens { crowns } => {
                let n = crowns.len();
                match crowns.get(row) {
                    Some(&c) if c < n => vec![self.cells[row * n + c].clone()],
                    _ => Vec::new(),
                }
            }
        }
    }

    /// Excludes a conjunction of literals for the rest of the current scope.
    fn block_lits(&self, lits: &[Bool]) {
        let clause: Vec<Bool> = lits.iter().map(|b| b.not()).collect();
        self.solver.assert(Bool::or(&clause));
    }

    /// Excludes a solution for the rest of the current scope.
    fn block(&self, s: &Solution) {
        let clause: Vec<Bool> = match s {
            Solution::Tango { cells, .. } => self
                .cells
                .iter()
                .zip(cells)
                .map(|(b, &sym)| {
                    if sym == Symbol::Sun {
                        b.not()
                    } else {
                        b.clone()
                    }
                })
                .collect(),
            Solution::Queens { crowns } => {
                let n = crowns.len();
                crowns
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| c < n)
                    .map(|(r, &c)| self.cells[r * n + c].not())
                    .collect()
            }
        };
        self.solver.assert(Bool::or(&clause));
    }

    /// A conflict set for an unsatisfiable check: the unsat core, shrunk by deletion.
    fn explain(
        &mut self,
        assumptions: &[(Bool, Conflict)],
        opts: &SolveOptions,
    ) -> Result<Vec<Conflict>, SolveError> {
        let core = self.solver.get_unsat_core();
        let mut members: Vec<usize> = (0..assumptions.len())
            .filter(|&i| core.iter().any(|c| *c == assumptions[i].0))
            .collect();
        if opts.minimize_core {
            let mut k = 0;
            while k < members.len() {
                let trial: Vec<usize> = members
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(_, &i)| i)
                    .collect();
                let lits: Vec<Bool> = trial.iter().map(|&i| assumptions[i].0.clone()).collect();
                match self.check_lits(&lits, opts)? {
                    Check::Unsat => {
                        // Keep z3's (possibly smaller) new core; member k is gone.
                        let core = self.solver.get_unsat_core();
                        members = trial
                            .into_iter()
                            .filter(|&i| core.iter().any(|c| *c == assumptions[i].0))
                            .collect();
                        // Members before k were each found necessary; they stay necessary in
                        // a subset, and the new core keeps them (it is a subset of an unsat
                        // set that needs them). Restart the scan at the same index.
                        k = k.min(members.len());
                    }
                    Check::Sat => k += 1,
                    Check::Timeout => break,
                }
            }
        }
        let mut out: Vec<Conflict> = members.iter().map(|&i| assumptions[i].1).collect();
        out.sort_by_key(|c| c.sort_key());
        Ok(out)
    }
}

fn region_guard(k: usize) -> Bool {
    Bool::new_const(format!("region_{k}"))
}

thread_local! {
    static MODELS: RefCell<Vec<Model>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` on a model for `p`: a cached one (taken out of the cache while in use, so a
/// re-entrant call builds its own) or a fresh one. A model whose run failed is dropped rather
/// than cached.
fn with_model<T>(
    p: &Puzzle,
    opts: &SolveOptions,
    f: impl FnOnce(&mut Model, Instant) -> Result<T, SolveError>,
) -> Result<T, SolveError> {
    let start = Instant::now();
    let cached = if opts.reuse_models {
        MODELS.with(|m| {
            let mut models = m.borrow_mut();
            let i = models.iter().position(|m| m.fits(p))?;
            Some(models.swap_remove(i))
        })
    } else {
        None
    };
    let mut model = match cached {
        Some(m) => m,
        None => match p {
            Puzzle::Tango(t) => Model::tango(t.rows(), t.cols())?,
            Puzzle::Queens(q) => Model::queens(q.n())?,
        },
    };
    let out = f(&mut model, start);
    if opts.reuse_models && out.is_ok() && model.uses < MAX_MODEL_REUSE {
        MODELS.with(|m| m.borrow_mut().push(model));
    }
    out
}
