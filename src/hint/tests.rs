//! The hint stage on boards built from text: wrong pieces first, solved boards, explained
//! steps, the whole path.

use super::*;
use crate::format;
use crate::solve::bitboard::{count_queens, count_tango};

const TANGO: &str = include_str!("../../fixtures/examples/tango-six-givens.txt");
const QUEENS: &str = include_str!("../../fixtures/examples/queens-307.txt");

/// The puzzle, the player's pieces and the unique solution of a text.
fn board(text: &str) -> (Puzzle, Vec<Placed>, Solution) {
    let (p, placed) = format::parse_with_placed(text).unwrap();
    let out = match &p {
        Puzzle::Tango(t) => count_tango(t, 2),
        Puzzle::Queens(q) => count_queens(q, 2),
    };
    assert_eq!(out.count, 1);
    (p, placed, out.first.unwrap())
}

/// The text with the player's pieces set (Tango `s`/`m`, Queens lower-case crowns, x marks).
fn with_pieces(text: &str, placed: &[Placed]) -> String {
    let p = format::parse(text).unwrap();
    format::print_with_placed(&p, placed)
}

#[test]
fn a_wrong_piece_is_the_first_and_only_hint() {
    let (p, _, sol) = board(TANGO);
    // r1c1 is sun in the solution: a moon there is wrong; r1c2 sun is right.
    let placed = [
        Placed::Symbol {
            pos: Pos::new(0, 0),
            symbol: Symbol::Moon,
        },
        Placed::Symbol {
            pos: Pos::new(0, 1),
            symbol: Symbol::Sun,
        },
    ];
    let (_, placed, _) = board(&with_pieces(TANGO, &placed));
    let a = advise(&p, &placed, &sol, &HintOptions::default()).unwrap();
    let Advice::Wrong { piece, others } = a else {
        panic!("{a:?}")
    };
    assert_eq!((piece.placed.pos(), others), (Pos::new(0, 0), 0));
    assert_eq!(
        fix_sentence(&piece),
        "the moon at r1c1 is wrong: r1c1 is sun"
    );
    // The path starts with the fix and never uses the wrong piece.
    let w = walkthrough(&p, &placed, &sol, &HintOptions::default()).unwrap();
    assert_eq!(w.wrong.len(), 1);
    assert!(w.complete);
    assert!(w.steps.iter().any(|e| e.hint.pos == Pos::new(0, 0)));
}

#[test]
fn queens_wrong_crown_and_wrong_x_are_named() {
    let (p, _, sol) = board(QUEENS);
    // The solution's crown of row 1 is r1c7; r2c5 holds one too.
    let placed = [
        Placed::Crown {
            pos: Pos::new(0, 5),
        },
        Placed::Cross {
            pos: Pos::new(1, 4),
        },
    ];
    let a = advise(&p, &placed, &sol, &HintOptions::default()).unwrap();
    let Advice::Wrong { piece, others } = a else {
        panic!("{a:?}")
    };
    assert_eq!(others, 1);
    assert_eq!(
        fix_sentence(&piece),
        "the crown at r1c6 is wrong: r1c6 holds no crown"
    );
}

#[test]
fn a_solved_board_is_solved() {
    for text in [TANGO, QUEENS] {
        let (p, _, sol) = board(text);
        // Queens: the solution's text is the solved board. Tango: every open cell placed.
        let placed: Vec<Placed> = match &p {
            Puzzle::Queens(_) => {
                format::parse_with_placed(&format::print_solution(&p, &sol))
                    .unwrap()
                    .1
            }
            Puzzle::Tango(t) => t
                .positions()
                .filter(|&pos| t.given(pos).is_none())
                .map(|pos| Placed::Symbol {
                    pos,
                    symbol: sol.symbol(pos).unwrap(),
                })
                .collect(),
        };
        let a = advise(&p, &placed, &sol, &HintOptions::default()).unwrap();
        assert_eq!(a, Advice::Solved);
    }
}

#[test]
fn hints_name_the_cells_behind_them() {
    let (p, _, sol) = board(TANGO);
    let a = advise(&p, &[], &sol, &HintOptions::default()).unwrap();
    let Advice::Next(e) = a else { panic!("{a:?}") };
    // Row 4 is `. M M . . .`: r4c2 and r4c3 are moons, so r4c1 is sun.
    assert_eq!(
        e.sentence(),
        "r4c2 and r4c3 are both moon, so r4c1 is sun (no three alike)"
    );
    assert_eq!(e.reason.cells, vec![Pos::new(3, 1), Pos::new(3, 2)]);
}

#[test]
fn queens_x_marks_are_part_of_the_state() {
    let (p, _, sol) = board(QUEENS);
    let first = advise(&p, &[], &sol, &HintOptions::default()).unwrap();
    let Advice::Next(e) = first else {
        panic!("{first:?}")
    };
    // With an x on the first hinted cell, the next hint is another cell.
    let placed = [Placed::Cross { pos: e.hint.pos }];
    if e.hint.fill == Fill::NoCrown {
        let again = advise(&p, &placed, &sol, &HintOptions::default()).unwrap();
        let Advice::Next(e2) = again else {
            panic!("{again:?}")
        };
        assert_ne!(e2.hint.pos, e.hint.pos);
    }
}

#[test]
fn the_whole_path_reaches_the_solution_and_agrees_with_it() {
    for text in [TANGO, QUEENS] {
        let (p, placed, sol) = board(text);
        let w = walkthrough(&p, &placed, &sol, &HintOptions::default()).unwrap();
        assert!(w.complete && w.wrong.is_empty());
        for e in &w.steps {
            assert!(!e.reason.because.is_empty(), "{e}");
            assert!(e.reason.cells.iter().all(|c| *c != e.hint.pos), "{e}");
        }
    }
}
