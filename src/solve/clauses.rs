//! Solving, clause encodings: guarded clauses and cardinality constraints for the z3 models.

use z3::Solver;
use z3::ast::Bool;

/// Asserts a clause, weakened by `guard` (the clause only binds when the guard is assumed).
pub(super) fn clause(solver: &Solver, guard: Option<&Bool>, mut lits: Vec<Bool>) {
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
pub(super) fn at_most(solver: &Solver, guard: Option<&Bool>, lits: &[Bool], k: usize, name: &str) {
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
pub(super) fn exactly_one(solver: &Solver, guard: Option<&Bool>, lits: &[Bool], name: &str) {
    clause(solver, guard, lits.to_vec());
    at_most(solver, guard, lits, 1, name);
}
