//! Stage after reading: settle doubtful Tango cells with the one fact every official puzzle
//! has: exactly one solution.
//!
//! When the reader cannot tell whether a symbol is a locked given or a piece the player placed
//! (both look alike under LinkedIn's red rule-break stripes, under a hover or on a blurred
//! capture), it lists the cell in [`Reading::doubts`]. If the puzzle as read does not have a
//! unique solution, this stage tries moving doubtful cells between "given" and "placed", fewest
//! changes first, and keeps a change only when exactly one smallest change gives a puzzle with a
//! unique solution. Otherwise the reading is left as it is, doubts and all.

use crate::board::{Doubt, Placed, Reading};
use crate::puzzle::{Pos, Puzzle, Tango};
use crate::solve::bitboard::BitTango;

/// Options of the resolve stage.
#[derive(Clone, Copy, Debug)]
pub struct ResolveOptions {
    /// Run the stage at all. Default true.
    pub enabled: bool,
    /// Most doubtful cells considered (the search tries every subset of them: 2^k puzzles).
    /// Default 6.
    pub max_cells: usize,
}

impl Default for ResolveOptions {
    fn default() -> Self {
        ResolveOptions {
            enabled: true,
            max_cells: 6,
        }
    }
}

/// What the stage changed, for the output's notes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolution {
    /// Doubtful placed pieces now taken as givens.
    pub promoted: Vec<Pos>,
    /// Doubtful givens now taken as placed pieces.
    pub demoted: Vec<Pos>,
}

fn solutions_up_to_2(t: &Tango) -> usize {
    if t.validate().is_err() {
        return 0;
    }
    BitTango::from_tango(t).solve_up_to(2).count
}

/// Settles doubtful Tango given/placed cells by uniqueness (see the module docs). Queens
/// readings and readings that already have a unique solution are returned unchanged.
pub fn resolve(reading: &mut Reading, opts: &ResolveOptions) -> Resolution {
    let mut out = Resolution::default();
    let Puzzle::Tango(t) = &reading.puzzle else {
        return out;
    };
    let t = t.clone();
    if !opts.enabled || solutions_up_to_2(&t) == 1 {
        return out;
    }
    // Doubtful cells holding a symbol, given or placed.
    let doubted: Vec<Pos> = reading
        .doubts
        .iter()
        .filter_map(|d| match d {
            Doubt::Cell { pos, .. } => Some(*pos),
            Doubt::Edge { .. } => None,
        })
        .filter(|&p| {
            t.given(p).is_some()
                || reading
                    .placed
                    .iter()
                    .any(|pc| matches!(pc, Placed::Symbol { pos, .. } if *pos == p))
        })
        .take(opts.max_cells)
        .collect();
    if doubted.is_empty() {
        return out;
    }
    let placed_syms: Vec<_> = doubted
        .iter()
        .map(|&p| {
            reading.placed.iter().find_map(|pc| match pc {
                Placed::Symbol { pos, symbol } if *pos == p => Some(*symbol),
                _ => None,
            })
        })
        .collect();
    let k = doubted.len();
    for size in 1..=k {
        let mut found: Vec<u32> = Vec::new();
        for mask in 0u32..(1 << k) {
            if mask.count_ones() as usize != size {
                continue;
            }
            let mut cand = t.clone();
            for (i, &p) in doubted.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    match t.given(p) {
                        Some(_) => cand.set_given(p, None),
                        None => cand.set_given(p, placed_syms[i]),
                    }
                }
            }
            if solutions_up_to_2(&cand) == 1 {
                found.push(mask);
            }
        }
        match found.as_slice() {
            [] => continue,
            [mask] => {
                let Puzzle::Tango(t) = &mut reading.puzzle else {
                    unreachable!("checked above")
                };
                for (i, &p) in doubted.iter().enumerate() {
                    if mask & (1 << i) == 0 {
                        continue;
                    }
                    if let Some(s) = t.given(p) {
                        t.set_given(p, None);
                        reading.placed.push(Placed::Symbol { pos: p, symbol: s });
                        out.demoted.push(p);
                    } else if let Some(s) = placed_syms[i] {
                        t.set_given(p, Some(s));
                        reading.placed.retain(|pc| pc.pos() != p);
                        out.promoted.push(p);
                    }
                }
                return out;
            }
            _ => return out, // several equally small changes: leave the choice to a person
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    fn reading(p: Puzzle, placed: Vec<Placed>, doubts: Vec<Doubt>) -> Reading {
        Reading::for_test(p, placed, doubts)
    }

    #[test]
    fn a_doubtful_placed_piece_needed_for_uniqueness_becomes_a_given() {
        let full =
            format::parse(include_str!("../fixtures/examples/tango-six-givens.txt")).unwrap();
        let Puzzle::Tango(t) = &full else { panic!() };
        let (p, s) = t.givens().next().unwrap();
        let mut missing = t.clone();
        missing.set_given(p, None);
        assert_ne!(solutions_up_to_2(&missing), 1, "the given must be needed");
        let mut r = reading(
            Puzzle::Tango(missing),
            vec![Placed::Symbol { pos: p, symbol: s }],
            vec![Doubt::Cell {
                pos: p,
                confidence: 0.2,
                given_only: false,
            }],
        );
        let res = resolve(&mut r, &ResolveOptions::default());
        assert_eq!(res.promoted, vec![p]);
        assert_eq!(r.puzzle, full);
        assert!(r.placed.is_empty());
    }

    #[test]
    fn confident_readings_are_left_alone() {
        let p = format::parse(include_str!("../fixtures/examples/lets-tango.txt")).unwrap();
        let mut r = reading(p.clone(), vec![], vec![]);
        assert_eq!(
            resolve(&mut r, &ResolveOptions::default()),
            Resolution::default()
        );
        assert_eq!(r.puzzle, p);
    }
}

#[cfg(test)]
mod default_tests {
    use super::ResolveOptions;

    #[test]
    fn documented_defaults() {
        let d = ResolveOptions::default();
        assert!(d.enabled);
        assert_eq!(d.max_cells, 6);
    }
}
