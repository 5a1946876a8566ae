//! Random unique puzzles for the stress test, with the uniqueness checks done by the crate's z3
//! solver (much faster than the brute-force checks of [`super::brute::random_tango`] on 8x8
//! boards with few clues; the result is still verified by the brute-force solver by callers
//! that need an independent check). Solutions are checked by the rules checker inside
//! [`solve`].
#![allow(dead_code)]

use super::brute;
use snapsolve::render::rng::Rng;
use snapsolve::solve::bitboard::BitQueens;
use snapsolve::solve::{Outcome, SolveOptions, solve};
use snapsolve::{Puzzle, Queens, Tango};

fn unique(t: &Tango) -> bool {
    matches!(
        solve(&Puzzle::Tango(t.clone()), &SolveOptions::default()).map(|r| r.outcome),
        Ok(Outcome::Unique(_))
    )
}

/// A random Tango puzzle of side `n` with exactly one solution: a random full grid (brute
/// force, random symbol order), clues agreeing with it (givens and markers) added in random
/// order until the solution is unique, then removed again in random order while it stays
/// unique. Same construction as [`brute::random_tango`], checked with z3.
pub fn random_tango(n: usize, rng: &mut Rng) -> Tango {
    brute::random_tango_with(n, rng, unique)
}

/// Crowns one per row and column, no two touching (diagonals included), columns tried in random
/// order: `cols[r]` is the crown's column in row `r`.
fn random_placement(n: usize, rng: &mut Rng) -> Option<Vec<usize>> {
    fn rec(n: usize, cols: &mut Vec<usize>, used: &mut [bool], rng: &mut Rng) -> bool {
        let r = cols.len();
        if r == n {
            return true;
        }
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        for c in order {
            if used[c] || cols.last().is_some_and(|&p| p.abs_diff(c) <= 1) {
                continue;
            }
            used[c] = true;
            cols.push(c);
            if rec(n, cols, used, rng) {
                return true;
            }
            cols.pop();
            used[c] = false;
        }
        false
    }
    let mut cols = Vec::with_capacity(n);
    let mut used = vec![false; n];
    rec(n, &mut cols, &mut used, rng).then_some(cols)
}

fn neighbours(n: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / n, i % n);
    let mut nb = Vec::with_capacity(4);
    if r > 0 {
        nb.push(i - n);
    }
    if r + 1 < n {
        nb.push(i + n);
    }
    if c > 0 {
        nb.push(i - 1);
    }
    if c + 1 < n {
        nb.push(i + 1);
    }
    nb
}

/// A random Queens puzzle of side `n` with exactly one solution and connected regions: a random
/// crown placement, one region grown from each crown by random flood fill, then repaired while
/// z3 finds a second solution (a crown cell of the other solution joins a neighbouring region,
/// keeping every region connected); retried up to `max_tries` times. Same construction as
/// [`brute::random_queens`], checked with z3.
pub fn random_queens(n: usize, rng: &mut Rng, max_tries: usize) -> Option<Queens> {
    for _ in 0..max_tries {
        let Some(sol) = random_placement(n, rng) else {
            continue;
        };
        let mut label = vec![u32::MAX; n * n];
        for (r, &c) in sol.iter().enumerate() {
            label[r * n + c] = r as u32;
        }
        let mut left = n * n - n;
        while left > 0 {
            let i = rng.below(n * n);
            if label[i] != u32::MAX {
                continue;
            }
            let nb: Vec<u32> = neighbours(n, i)
                .into_iter()
                .map(|j| label[j])
                .filter(|&l| l != u32::MAX)
                .collect();
            if nb.is_empty() {
                continue;
            }
            label[i] = nb[rng.below(nb.len())];
            left -= 1;
        }
        for _ in 0..4 * n * n {
            let q = Queens::new(n, &label).ok()?;
            // The bitboard search visits solutions in a fixed order, so the repair below (and
            // with it the whole puzzle) depends on the seed only, not on the solver's history
            // on this thread. Callers check the final puzzle with z3.
            let mut sols: Vec<Vec<usize>> = Vec::new();
            BitQueens::from_queens(&q).for_each_solution(|c| {
                sols.push(c.to_vec());
                sols.len() < 2
            });
            let other = match sols.len() {
                1 => return Some(q),
                0 => break,
                _ => {
                    if sols[0] != sol {
                        sols[0].clone()
                    } else {
                        sols[1].clone()
                    }
                }
            };
            let mut moves = Vec::new();
            for r in (0..n).filter(|&r| other[r] != sol[r]) {
                let i = r * n + other[r];
                let mut nb: Vec<u32> = neighbours(n, i).into_iter().map(|j| label[j]).collect();
                nb.sort();
                nb.dedup();
                moves.extend(nb.into_iter().filter(|&l| l != label[i]).map(|l| (i, l)));
            }
            rng.shuffle(&mut moves);
            let mut moved = false;
            for (i, l) in moves {
                let before = label[i];
                label[i] = l;
                let connected = Queens::new(n, &label)
                    .map(|q| q.disconnected_regions().is_empty())
                    .unwrap_or(false);
                if connected {
                    moved = true;
                    break;
                }
                label[i] = before;
            }
            if !moved {
                break;
            }
        }
    }
    None
}
