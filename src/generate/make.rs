//! Generates puzzles with exactly one solution that the deduction engine solves at a chosen
//! grade: `generate tango|queens --size N --difficulty easy|medium|hard|expert --seed S`.
//!
//! Tango: a random filled board, then every given and every marker the board allows, removed
//! one at a time in random order while the rules up to the chosen grade still solve the
//! puzzle; the result is kept when its difficulty is exactly that grade.
//!
//! Queens: a random crown placement with no two crowns touching, regions grown from the
//! crowns by random flood fill, then repaired until the placement is the only solution: while
//! a second solution exists, one of its crown cells moves to a neighbouring region, which
//! breaks that solution. The layout is kept when the deduction engine grades it as asked.
//!
//! Everything is driven by [`SplitMix64`] from the seed, so a seed always gives the same
//! puzzle.

use super::deduce::{Difficulty, Grade, solve_with_rules};
use super::minimise::{Element, elements, set_element};
use super::rng::SplitMix64;
use crate::puzzle::{Game, Puzzle, Queens, Solution, side_neighbours};
use crate::solve::bitboard::{BitQueens, BitTango, rows_to_solution, valid_lines};

/// Settings of [`generate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Which game.
    pub game: Game,
    /// Side of the square board: Tango even 4..=12, Queens 5..=12.
    pub size: usize,
    /// The grade the puzzle must need.
    pub difficulty: Grade,
    /// The seed; equal options give equal puzzles.
    pub seed: u64,
    /// Boards tried before giving up (default 1000).
    pub max_attempts: usize,
    /// Tango: the share of the board's edges (in percent) that start with a marker before
    /// the removal (default 30); lower values leave more givens and fewer markers.
    pub marker_percent: usize,
    /// Queens: repair moves tried on one layout before drawing a new one (default 400).
    pub max_repairs: usize,
    /// Queens: each layout draws a growth-rate spread from 1 to this (default 12; see
    /// [`grow_regions`]), so attempts range from even regions to very uneven ones.
    pub max_growth_spread: usize,
}

impl GenerateOptions {
    /// Options with the documented defaults.
    pub fn new(game: Game, size: usize, difficulty: Grade, seed: u64) -> Self {
        GenerateOptions {
            game,
            size,
            difficulty,
            seed,
            max_attempts: 1000,
            marker_percent: 30,
            max_repairs: 400,
            max_growth_spread: 12,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Solution,
    /// Its difficulty (equal to the grade asked for).
    pub difficulty: Difficulty,
    /// Boards tried, this one included.
    pub attempts: usize,
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The size is not supported for the game.
    #[error("cannot generate a {game} board of size {size}: {why}")]
    BadSize {
        /// The game.
        game: Game,
        /// The size asked for.
        size: usize,
        /// The sizes supported.
        why: &'static str,
    },
    /// No board of the grade was found within the attempts allowed.
    #[error(
        "no {game} {size}x{size} puzzle of grade {grade} found in {attempts} attempts; \
         try another seed or more attempts"
    )]
    GaveUp {
        /// The game.
        game: Game,
        /// The size.
        size: usize,
        /// The grade.
        grade: Grade,
        /// Attempts made.
        attempts: usize,
    },
}

/// Smallest and largest Tango sides generated.
pub const TANGO_SIZES: (usize, usize) = (4, 12);
/// Smallest and largest Queens sides generated.
pub const QUEENS_SIZES: (usize, usize) = (5, 12);

/// Generates a puzzle as `opts` asks.
pub fn generate(opts: &GenerateOptions) -> Result<Generated, GenerateError> {
    let n = opts.size;
    let mut rng = SplitMix64::new(opts.seed);
    match opts.game {
        Game::Tango => {
            if n % 2 == 1 || n < TANGO_SIZES.0 || n > TANGO_SIZES.1 {
                return Err(GenerateError::BadSize {
                    game: opts.game,
                    size: n,
                    why: "Tango sides are even, from 4 to 12",
                });
            }
            for attempt in 1..=opts.max_attempts {
                if let Some(mut g) =
                    tango_attempt(n, opts.difficulty, opts.marker_percent, &mut rng)
                {
                    g.attempts = attempt;
                    return Ok(g);
                }
            }
        }
        Game::Queens => {
            if n < QUEENS_SIZES.0 || n > QUEENS_SIZES.1 {
                return Err(GenerateError::BadSize {
                    game: opts.game,
                    size: n,
                    why: "Queens sides go from 5 to 12",
                });
            }
            for attempt in 1..=opts.max_attempts {
                if let Some(mut g) = queens_attempt(
                    n,
                    opts.difficulty,
                    opts.max_repairs,
                    opts.max_growth_spread,
                    &mut rng,
                ) {
                    g.attempts = attempt;
                    return Ok(g);
                }
            }
        }
    }
    Err(GenerateError::GaveUp {
        game: opts.game,
        size: n,
        grade: opts.difficulty,
        attempts: opts.max_attempts,
    })
}

/// A random filled `n x n` Tango board (row masks), by randomised backtracking over rows.
pub fn random_tango_board(n: usize, rng: &mut SplitMix64) -> Vec<u16> {
    let lines = valid_lines(n);
    let mut rows: Vec<u16> = Vec::with_capacity(n);
    fn fits(rows: &[u16], m: u16, n: usize) -> bool {
        let r = rows.len();
        let full = ((1u32 << n) - 1) as u16;
        if r >= 2 && !(rows[r - 2] ^ rows[r - 1]) & !(rows[r - 1] ^ m) & full != 0 {
            return false;
        }
        (0..n).all(|c| {
            let ones = rows.iter().filter(|&&x| x >> c & 1 == 1).count() + (m >> c & 1) as usize;
            ones <= n / 2 && r + 1 - ones <= n / 2
        })
    }
    fn go(rows: &mut Vec<u16>, lines: &[u16], n: usize, rng: &mut SplitMix64) -> bool {
        if rows.len() == n {
            return true;
        }
        let mut order: Vec<u16> = lines.to_vec();
        rng.shuffle(&mut order);
        for m in order {
            if fits(rows, m, n) {
                rows.push(m);
                if go(rows, lines, n, rng) {
                    return true;
                }
                rows.pop();
            }
        }
        false
    }
    go(&mut rows, &lines, n, rng);
    rows
}

fn tango_attempt(
    n: usize,
    grade: Grade,
    marker_percent: usize,
    rng: &mut SplitMix64,
) -> Option<Generated> {
    let board = random_tango_board(n, rng);
    let mut p = BitTango::empty(n, n);
    // Every given, and a random share of the markers the board allows.
    let mut all: Vec<Element> = elements(n, n)
        .into_iter()
        .filter(|e| matches!(e, Element::Given(..)) || rng.below(100) < marker_percent)
        .collect();
    for &e in &all {
        set_element(&mut p, &board, e, true);
    }
    // Givens are removed first (in random order), then markers: a puzzle that leans on its
    // markers needs the harder rules more often, which keeps the attempts per puzzle low.
    rng.shuffle(&mut all);
    all.sort_by_key(|e| !matches!(e, Element::Given(..)));
    let solvable = |p: &BitTango| {
        let pz = Puzzle::Tango(p.to_tango());
        solve_with_rules(&pz, grade).difficulty != Difficulty::NeedsGuessing
    };
    for &e in &all {
        set_element(&mut p, &board, e, false);
        if !solvable(&p) {
            set_element(&mut p, &board, e, true);
        }
    }
    let puzzle = Puzzle::Tango(p.to_tango());
    let d = solve_with_rules(&puzzle, grade).difficulty;
    if d != Difficulty::Graded(grade) {
        return None;
    }
    let out = p.solve_up_to(2);
    let solution = rows_to_solution(&board, n);
    if out.count != 1 || out.first.as_ref() != Some(&solution) {
        return None;
    }
    Some(Generated {
        puzzle,
        solution,
        difficulty: d,
        attempts: 0,
    })
}

/// A random placement of `n` crowns, one per row and column, none touching; `crowns[row]` =
/// column.
pub fn random_crowns(n: usize, rng: &mut SplitMix64) -> Vec<usize> {
    fn go(cr: &mut Vec<usize>, n: usize, rng: &mut SplitMix64) -> bool {
        if cr.len() == n {
            return true;
        }
        let mut cols: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut cols);
        for c in cols {
            if cr.contains(&c) || cr.last().is_some_and(|&p| p.abs_diff(c) <= 1) {
                continue;
            }
            cr.push(c);
            if go(cr, n, rng) {
                return true;
            }
            cr.pop();
        }
        false
    }
    let mut cr = Vec::with_capacity(n);
    go(&mut cr, n, rng);
    cr
}

/// Regions grown from the crowns by random flood fill: each crown seeds its own region, and
/// a random unassigned cell next to a region joins it until the board is covered. Each region
/// grows at its own random rate from 1 to `spread` (1 = all alike, giving regions of similar
/// size; larger values give a mix of large and small regions).
pub fn grow_regions(n: usize, crowns: &[usize], spread: usize, rng: &mut SplitMix64) -> Vec<u8> {
    let rate: Vec<usize> = (0..n).map(|_| 1 + rng.below(spread.max(1))).collect();
    let mut region = vec![u8::MAX; n * n];
    for (r, &c) in crowns.iter().enumerate() {
        region[r * n + c] = r as u8;
    }
    let mut left = n * n - n;
    while left > 0 {
        let frontier: Vec<(usize, u8)> = (0..n * n)
            .filter(|&i| region[i] == u8::MAX)
            .flat_map(|i| {
                let region = &region;
                side_neighbours(i, n)
                    .filter(move |&j| region[j] != u8::MAX)
                    .map(move |j| (i, region[j]))
            })
            .collect();
        let total: usize = frontier.iter().map(|&(_, k)| rate[k as usize]).sum();
        let mut pick = rng.below(total);
        let mut chosen = frontier[0];
        for &(i, k) in &frontier {
            if pick < rate[k as usize] {
                chosen = (i, k);
                break;
            }
            pick -= rate[k as usize];
        }
        let (i, k) = chosen;
        region[i] = k;
        left -= 1;
    }
    region
}

/// Whether region `k` stays connected without cell `skip`.
fn connected_without(region: &[u8], n: usize, k: u8, skip: usize) -> bool {
    let cells: Vec<usize> = (0..n * n)
        .filter(|&i| region[i] == k && i != skip)
        .collect();
    let Some(&start) = cells.first() else {
        return false;
    };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut count = 0;
    while let Some(i) = stack.pop() {
        count += 1;
        for j in side_neighbours(i, n) {
            if j != skip && !seen[j] && region[j] == k {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    count == cells.len()
}

/// Repairs a layout until `crowns` is its only solution; `false` when no repair move is left
/// or `max_repairs` moves did not suffice.
pub fn make_unique(
    n: usize,
    region: &mut [u8],
    crowns: &[usize],
    max_repairs: usize,
    rng: &mut SplitMix64,
) -> bool {
    for _ in 0..max_repairs {
        let bq = BitQueens::from_regions(n, region);
        let mut other: Option<Vec<usize>> = None;
        let mut count = 0;
        bq.for_each_solution(|s| {
            count += 1;
            if s != crowns {
                other = Some(s.to_vec());
                false
            } else {
                true
            }
        });
        let Some(other) = other else {
            return count == 1;
        };
        // Cells of the other solution's crowns that differ from ours, with the regions next
        // to them they could join without disconnecting their own region.
        let mut moves: Vec<(usize, u8)> = Vec::new();
        for (r, &c) in other.iter().enumerate() {
            if c == crowns[r] {
                continue;
            }
            let i = r * n + c;
            if !connected_without(region, n, region[i], i) {
                continue;
            }
            for j in side_neighbours(i, n) {
                if region[j] != region[i] && !moves.contains(&(i, region[j])) {
                    moves.push((i, region[j]));
                }
            }
        }
        if moves.is_empty() {
            return false;
        }
        let (i, k) = moves[rng.below(moves.len())];
        region[i] = k;
    }
    false
}

fn queens_attempt(
    n: usize,
    grade: Grade,
    max_repairs: usize,
    max_spread: usize,
    rng: &mut SplitMix64,
) -> Option<Generated> {
    let crowns = random_crowns(n, rng);
    let spread = 1 + rng.below(max_spread);
    let mut region = grow_regions(n, &crowns, spread, rng);
    if !make_unique(n, &mut region, &crowns, max_repairs, rng) {
        return None;
    }
    let labels: Vec<u32> = region.iter().map(|&k| k as u32).collect();
    let q = Queens::new(n, &labels).ok()?;
    let puzzle = Puzzle::Queens(q);
    let d = solve_with_rules(&puzzle, grade).difficulty;
    if d != Difficulty::Graded(grade) {
        return None;
    }
    Some(Generated {
        puzzle,
        solution: Solution::Queens { crowns },
        difficulty: d,
        attempts: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_board_and_crowns_are_valid() {
        let mut rng = SplitMix64::new(3);
        for n in [4, 6, 8] {
            let b = random_tango_board(n, &mut rng);
            let t = crate::puzzle::Tango::empty(n, n);
            let sol = rows_to_solution(&b, n);
            crate::rules::check(&Puzzle::Tango(t), &sol).unwrap();
        }
        for n in 5..=12 {
            let cr = random_crowns(n, &mut rng);
            assert_eq!(cr.len(), n);
            let region = grow_regions(n, &cr, 5, &mut rng);
            assert!(region.iter().all(|&k| (k as usize) < n));
        }
    }

    #[test]
    fn bad_sizes_are_errors() {
        let o = GenerateOptions::new(Game::Tango, 5, Grade::Easy, 1);
        assert!(matches!(generate(&o), Err(GenerateError::BadSize { .. })));
        let o = GenerateOptions::new(Game::Queens, 4, Grade::Easy, 1);
        assert!(matches!(generate(&o), Err(GenerateError::BadSize { .. })));
    }
}

#[cfg(test)]
mod default_tests {
    use super::*;

    #[test]
    fn documented_defaults() {
        let d = GenerateOptions::new(Game::Tango, 6, Grade::Easy, 0);
        assert_eq!(d.max_attempts, 1000);
        assert_eq!(d.marker_percent, 30);
        assert_eq!(d.max_repairs, 400);
        assert_eq!(d.max_growth_spread, 12);
    }
}
