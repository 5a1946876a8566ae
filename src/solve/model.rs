//! Solving, the z3 models: one Boolean model per game and size, cached per thread, with
//! assumption literals for a puzzle's data (see the [`super`] module doc).

use super::clauses::{at_most_half_alike, clause, exactly_one};
use super::{Conflict, LOGIC, Shape, SolveError, SolveOptions};
use crate::puzzle::{Edge, Marker, Puzzle, Solution, Symbol};
use std::cell::RefCell;
use std::sync::Once;
use std::time::Instant;
use z3::ast::Bool;
use z3::{Params, SatResult, Solver};

pub(super) enum Check {
    Sat,
    Unsat,
    Timeout,
}

/// A solver with the rules of one game and size asserted, plus the literals to talk about it.
pub(super) struct Model {
    pub(super) solver: Solver,
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
pub(super) struct Scope;

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

/// Creates this thread's z3 context (z3 makes it on the first use; creating it costs several
/// milliseconds, mostly page faults of its expression tables) by making a solver and dropping it.
pub(super) fn start_context() -> Result<(), SolveError> {
    new_solver().map(drop)
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
            let line: Vec<Bool> = (0..cols).map(|c| at(r, c).clone()).collect();
            at_most_half_alike(&solver, &line, &format!("row{r}"));
        }
        for c in 0..cols {
            let line: Vec<Bool> = (0..rows).map(|r| at(r, c).clone()).collect();
            at_most_half_alike(&solver, &line, &format!("col{c}"));
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

    /// The board shape this model is for.
    fn shape(&self) -> Shape {
        match &self.kind {
            Kind::Tango { rows, cols, .. } => Shape::Tango {
                rows: *rows,
                cols: *cols,
            },
            Kind::Queens { n, .. } => Shape::Queens { n: *n },
        }
    }

    pub(super) fn fits(&self, p: &Puzzle) -> bool {
        match (&self.kind, p) {
            (Kind::Tango { rows, cols, .. }, Puzzle::Tango(t)) => {
                *rows == t.rows() && *cols == t.cols()
            }
            (Kind::Queens { n, .. }, Puzzle::Queens(q)) => *n == q.n(),
            _ => false,
        }
    }

    /// Opens the per-puzzle scope: region constraints (Queens) and blocking clauses live in it.
    pub(super) fn begin(&mut self, p: &Puzzle) -> Scope {
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

    pub(super) fn end(&mut self, _scope: Scope) {
        self.solver.pop(1);
    }

    /// The assumption literals of a puzzle, in the order minimisation tries to drop them.
    pub(super) fn assumptions(&self, p: &Puzzle) -> Vec<(Bool, Conflict)> {
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

    pub(super) fn check_lits(
        &mut self,
        lits: &[Bool],
        opts: &SolveOptions,
    ) -> Result<Check, SolveError> {
        self.set_timeout(opts);
        let start = Instant::now();
        match self.solver.check_assumptions(lits) {
            SatResult::Sat => Ok(Check::Sat),
            SatResult::Unsat => Ok(Check::Unsat),
            SatResult::Unknown => {
                let why = self.solver.get_reason_unknown().unwrap_or_default();
                // z3 4.8.12 sometimes names another reason ("incomplete (theory arithmetic)")
                // when its timer stopped the check: past the limit, it is the timeout.
                let past_limit = opts
                    .timeout_ms
                    .is_some_and(|ms| start.elapsed().as_millis() >= u128::from(ms));
                if why.contains("timeout") || why.contains("canceled") || past_limit {
                    Ok(Check::Timeout)
                } else {
                    Err(SolveError::Unknown(why))
                }
            }
        }
    }

    pub(super) fn check(
        &mut self,
        assumptions: &[(Bool, Conflict)],
        opts: &SolveOptions,
    ) -> Result<Check, SolveError> {
        let lits: Vec<Bool> = assumptions.iter().map(|(b, _)| b.clone()).collect();
        self.check_lits(&lits, opts)
    }

    /// The current model as a solution.
    pub(super) fn solution(&self) -> Result<Solution, SolveError> {
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
    pub(super) fn rows(&self) -> usize {
        match &self.kind {
            Kind::Tango { rows, .. } => *rows,
            Kind::Queens { n, .. } => *n,
        }
    }

    /// The literals that hold row `row` of a solution: every Tango cell's value, or the
    /// Queens crown cell.
    pub(super) fn row_lits(&self, s: &Solution, row: usize) -> Vec<Bool> {
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
    pub(super) fn block_lits(&self, lits: &[Bool]) {
        let clause: Vec<Bool> = lits.iter().map(|b| b.not()).collect();
        self.solver.assert(Bool::or(&clause));
    }

    /// Excludes a solution for the rest of the current scope.
    pub(super) fn block(&self, s: &Solution) {
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
    pub(super) fn explain(
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
pub(super) fn with_model<T>(
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
    if opts.reuse_models && out.is_ok() && model.uses < opts.model_reuse_limit {
        MODELS.with(|m| m.borrow_mut().push(model));
    }
    out
}

/// Builds the model of `shape` into this thread's cache (unless one is there) and runs one
/// check of it with no puzzle data inside a scope, so that the context, the rules and z3's
/// first-check set-up are paid before the first puzzle arrives. What the check learns follows
/// from the rules alone, so later puzzles see the same model.
pub(super) fn prepare(shape: Shape, opts: &SolveOptions) -> Result<(), SolveError> {
    let cached = MODELS.with(|m| m.borrow().iter().any(|m| m.shape() == shape));
    if cached {
        return Ok(());
    }
    let mut model = match shape {
        Shape::Tango { rows, cols } => Model::tango(rows, cols)?,
        Shape::Queens { n } => Model::queens(n)?,
    };
    model.solver.push();
    let warm = model.check_lits(&[], opts);
    model.solver.pop(1);
    warm?;
    MODELS.with(|m| m.borrow_mut().push(model));
    Ok(())
}
