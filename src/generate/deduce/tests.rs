//! Soundness and grading of the deduction rules.

use super::*;
use crate::format;
use crate::solve::bitboard::{count_queens, count_tango};

fn shared(name: &str) -> Option<Puzzle> {
    let path = format!("{}/../shared/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .ok()
        .map(|t| format::parse(&t).unwrap())
}

fn assert_solves_right(p: &Puzzle) -> Difficulty {
    let r = solve_with_rules(p, Grade::Expert);
    let want = match p {
        Puzzle::Tango(t) => count_tango(t, 2),
        Puzzle::Queens(q) => count_queens(q, 2),
    };
    assert_eq!(want.count, 1);
    if let Difficulty::Graded(_) = r.difficulty {
        assert_eq!(r.state.to_solution(), want.first);
    }
    // Every step agrees with the solution.
    let sol = want.first.unwrap();
    for h in &r.steps {
        let ok = match h.fill {
            Fill::Sun => sol.symbol(h.pos) == Some(Symbol::Sun),
            Fill::Moon => sol.symbol(h.pos) == Some(Symbol::Moon),
            Fill::Crown => sol.has_crown(h.pos),
            Fill::NoCrown => !sol.has_crown(h.pos),
        };
        assert!(ok, "unsound step {h}");
    }
    r.difficulty
}

#[test]
fn article_puzzles_grade_and_solve() {
    for f in [
        "generator-six-givens.txt",
        "generator-hardest-1given-5markers.txt",
        "queens-307.txt",
    ] {
        if let Some(p) = shared(f) {
            let d = assert_solves_right(&p);
            eprintln!("{f}: {d}");
        }
    }
}

#[test]
fn pair_gap_half_marker() {
    let p = format::parse("tango 4x4\nS S . .\n\n. . . .\n\n. . . .\n\n. . . .\n").unwrap();
    let h = hint(&p, &PartialBoard::start(&p)).unwrap().unwrap();
    assert_eq!(
        (h.pos, h.fill, h.rule),
        (Pos::new(0, 2), Fill::Moon, Rule::Pair)
    );
    let p = format::parse("tango 4x4\nS . S .\n\n. . . .\n\n. . . .\n\n. . . .\n").unwrap();
    let h = hint(&p, &PartialBoard::start(&p)).unwrap().unwrap();
    assert_eq!(
        (h.pos, h.fill, h.rule),
        (Pos::new(0, 1), Fill::Moon, Rule::Gap)
    );
    let p = format::parse("tango 4x4\n. . . .\n\n. . . .\n\n. . . .\n\n. .=M .\n").unwrap();
    let h = hint(&p, &PartialBoard::start(&p)).unwrap().unwrap();
    assert_eq!(
        (h.pos, h.fill, h.rule),
        (Pos::new(3, 1), Fill::Moon, Rule::Marker)
    );
    let p = format::parse("tango 4x4\nS . . S\n\n. . . .\n\n. . . .\n\n. . . .\n").unwrap();
    let h = hint(&p, &PartialBoard::start(&p)).unwrap().unwrap();
    assert_eq!(
        (h.pos, h.fill, h.rule),
        (Pos::new(0, 1), Fill::Moon, Rule::Half)
    );
}

#[test]
fn contradiction_and_wrong_game_are_errors() {
    let p = format::parse("tango 4x4\n. . . .\n\n. . . .\n\n. . . .\n\n. . . .\n").unwrap();
    let mut s = PartialBoard::start(&p);
    s.set(Pos::new(0, 0), Some(Fill::Sun));
    s.set(Pos::new(0, 1), Some(Fill::Sun));
    s.set(Pos::new(0, 2), Some(Fill::Sun));
    assert!(matches!(
        hint(&p, &s),
        Err(DeduceError::Contradiction { .. })
    ));
    s.set(Pos::new(0, 2), Some(Fill::Crown));
    assert!(matches!(hint(&p, &s), Err(DeduceError::WrongGame { .. })));
    let s = PartialBoard {
        rows: 2,
        cols: 2,
        cells: vec![None; 4],
    };
    assert!(matches!(
        hint(&p, &s),
        Err(DeduceError::SizeMismatch { .. })
    ));
}

#[test]
fn queens_confined_region() {
    // Region B is the whole first row: every other cell of row 1 is B, so the others
    // cannot use row 1; region C confined to column... just check soundness + a hint.
    let p = format::parse("queens 5x5\nA A A A A\nB B C C C\nB D D D C\nB D E E C\nB B E E C\n")
        .unwrap();
    let out = count_queens(
        match &p {
            Puzzle::Queens(q) => q,
            _ => unreachable!(),
        },
        2,
    );
    if out.count == 1 {
        assert_solves_right(&p);
    }
    let h = hint(&p, &PartialBoard::start(&p)).unwrap().unwrap();
    assert_eq!(h.fill, Fill::NoCrown);
}

/// The first explained deduction of a puzzle text.
fn first_explained(text: &str, opts: &ExplainOptions) -> Explained {
    let p = format::parse(text).unwrap();
    explain_next(&p, &PartialBoard::start(&p), opts)
        .unwrap()
        .unwrap()
}

#[test]
fn easy_explanations_name_the_cells() {
    let o = ExplainOptions::default();
    let cases = [
        (
            "tango 4x4\nS S . .\n\n. . . .\n\n. . . .\n\n. . . .\n",
            "r1c1 and r1c2 are both sun, so r1c3 is moon (no three alike)",
        ),
        (
            "tango 4x4\nS . S .\n\n. . . .\n\n. . . .\n\n. . . .\n",
            "r1c1 and r1c3 on either side are both sun, so r1c2 is moon (no three alike)",
        ),
        (
            "tango 4x4\n. . . .\n\n. . . .\n\n. . . .\n\n. .=M .\n",
            "r4c3 is moon with an = between it and r4c2, so r4c2 is moon (= joins alike symbols)",
        ),
        (
            "tango 4x4\nS . . S\n\n. . . .\n\n. . . .\n\n. . . .\n",
            "row 1 already holds 2 suns (r1c1 and r1c4), so r1c2 is moon \
             (each row holds 2 suns and 2 moons)",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(first_explained(text, &o).sentence(), want);
    }
}

#[test]
fn queens_explanations_name_the_cells() {
    let p = format::parse("queens 4x4\nA A B B\nA C C B\nD D C B\nD D D B\n").unwrap();
    let mut s = PartialBoard::start(&p);
    s.set(Pos::new(0, 1), Some(Fill::Crown));
    let e = explain_next(&p, &s, &ExplainOptions::default())
        .unwrap()
        .unwrap();
    assert_eq!(
        e.sentence(),
        "r1c1 and the crown at r1c2 share row 1, so r1c1 holds no crown (one crown per row)"
    );
    assert_eq!(e.reason.cells, vec![Pos::new(0, 1)]);
}

#[test]
fn trial_explanations_show_a_real_chain_cut_short() {
    let text = "tango 6x6\nS . . . . .\n  =       =\n. . . . . .\n      =\n. . . . . .\n\
                x =       x\n. .x. . . .\n\n. . . . . .\n        =\n. . . . . .\n";
    let long = first_explained(text, &ExplainOptions { max_chain: 50 });
    assert_eq!(long.hint.rule, Rule::TangoTrial);
    let b = &long.reason.because;
    assert!(b.starts_with(&format!("if {} were ", long.hint.pos)), "{b}");
    assert!(b.contains("contradiction: "), "{b}");
    assert!(!b.contains("..."), "{b}");
    // Each step of the chain names its cells; cut to one step, the rest is "...".
    let short = first_explained(text, &ExplainOptions { max_chain: 1 });
    let steps = long.reason.because.matches("), ").count();
    if steps > 1 {
        assert!(
            short.reason.because.contains("..., contradiction"),
            "{}",
            short.reason.because
        );
    }
    // The cells behind a trial were known before it.
    let p = format::parse(text).unwrap();
    let start = PartialBoard::start(&p);
    assert!(long.reason.cells.iter().all(|&c| start.get(c).is_some()));
}

#[test]
fn every_step_of_a_rule_solve_has_a_reason_that_names_known_cells() {
    for f in ["generator-hardest-1given-5markers.txt", "queens-307.txt"] {
        let Some(p) = shared(f) else { continue };
        let mut state = PartialBoard::start(&p);
        let path = path(&p, &state, 400, &ExplainOptions::default()).unwrap();
        assert!(path.complete, "{f}");
        for e in &path.steps {
            assert!(!e.reason.because.is_empty());
            for &c in &e.reason.cells {
                assert!(state.get(c).is_some(), "{f}: {e} rests on unknown {c}");
            }
            state.set(e.hint.pos, Some(e.hint.fill));
        }
    }
}
