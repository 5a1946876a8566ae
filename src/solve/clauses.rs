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

/// Lines up to this long get their balance as plain subset clauses ([`at_most_half_alike`]);
/// longer ones a sequential counter. `C(8, 5) = 56` subsets per symbol and line at most; at 10
/// it would be 210, where the counter's `n * k` helper variables are cheaper.
pub(super) const SUBSET_CLAUSES_MAX_LINE: usize = 8;

/// Asserts "at most half of `lits` true and at most half false": for a short line
/// ([`SUBSET_CLAUSES_MAX_LINE`]) every `n/2 + 1` of them may not be all alike, one plain clause
/// per subset and symbol with no helper variable (measured: a 6x6 model builds and pushes in
/// about 2 ms instead of 3.2 with counters); a longer line gets two sequential counters.
pub(super) fn at_most_half_alike(solver: &Solver, lits: &[Bool], name: &str) {
    let n = lits.len();
    let half = n / 2;
    if n > SUBSET_CLAUSES_MAX_LINE {
        let neg: Vec<Bool> = lits.iter().map(|b| b.not()).collect();
        at_most(solver, None, lits, half, &format!("{name}_sun"));
        at_most(solver, None, &neg, half, &format!("{name}_moon"));
        return;
    }
    for subset in subsets(n, half + 1) {
        let pos: Vec<Bool> = subset.iter().map(|&i| lits[i].clone()).collect();
        let neg: Vec<Bool> = pos.iter().map(|b| b.not()).collect();
        solver.assert(Bool::or(&pos));
        solver.assert(Bool::or(&neg));
    }
}

/// Every `k`-element subset of `0..n`, as sorted index lists, in lexicographic order.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if k > n {
        return out;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        out.push(idx.clone());
        // The rightmost index that can still move right.
        let Some(i) = (0..k).rev().find(|&i| idx[i] < n - k + i) else {
            return out;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// Asserts "exactly one of `lits`" as clauses, weakened by `guard`.
pub(super) fn exactly_one(solver: &Solver, guard: Option<&Bool>, lits: &[Bool], name: &str) {
    clause(solver, guard, lits.to_vec());
    at_most(solver, guard, lits, 1, name);
}

#[cfg(test)]
mod tests {
    use super::subsets;

    #[test]
    fn subsets_are_all_k_subsets() {
        assert_eq!(subsets(6, 4).len(), 15);
        assert_eq!(subsets(8, 5).len(), 56);
        assert_eq!(subsets(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(subsets(2, 3), Vec::<Vec<usize>>::new());
    }
}
