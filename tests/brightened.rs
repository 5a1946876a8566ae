//! A light Tango capture brightened until its light greys clip to white keeps only its icons
//! and markers: the board is placed from its icons (`vision::tango::sparse`) and every piece
//! is taken as a given. A solved board reads its solution; a board with a wrong piece ends
//! with no answer, never a wrong one.

use image::RgbImage;
use snapsolve::answer::solve_reading;
use snapsolve::certify::CertifyOptions;
use snapsolve::format;
use snapsolve::pipeline::{ReadOptions, read_image};
use snapsolve::solve::SolveOptions;

#[path = "support/shared.rs"]
mod shared_data;

/// Every channel value `v` mapped to `f(v)`, rounded and clipped to 0..=255.
fn levels(img: &RgbImage, f: impl Fn(f32) -> f32) -> RgbImage {
    let mut out = img.clone();
    for v in out.iter_mut() {
        *v = f(f32::from(*v)).round().clamp(0.0, 255.0) as u8;
    }
    out
}

/// `min(255, 1.25 v)` per channel.
fn brighter(img: &RgbImage) -> RgbImage {
    levels(img, |v| 1.25 * v)
}

fn fixture(name: &str) -> (RgbImage, String) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let img = image::open(dir.join(format!("{name}.png")))
        .expect("the fixture image")
        .to_rgb8();
    let label = std::fs::read_to_string(dir.join(format!("{name}.txt"))).expect("its label");
    (img, label)
}

#[test]
fn solved_boards_brightened_to_white_read_their_solution() {
    for name in [
        "tango-8x8-light-desktop-solved",
        "tango-6x6-light-phone-solved",
    ] {
        let (img, label) = fixture(name);
        let want =
            snapsolve::solve::solve(&format::parse(&label).unwrap(), &SolveOptions::default())
                .unwrap()
                .outcome;
        let bright = brighter(&img);
        let reading = read_image(&bright, &ReadOptions::default()).expect("a board");
        assert!(reading.pieces_as_givens, "{name}: placed from its icons");
        assert!(reading.placed.is_empty(), "{name}: every piece is a given");
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        let snapsolve::solve::Outcome::Unique(s) = want else {
            panic!("{name}: the label has one solution")
        };
        assert_eq!(solved.answer(), Some(&s), "{name}");
    }
}

#[test]
fn a_wrong_piece_taken_as_a_given_leaves_no_answer() {
    // The in-progress fixture has a wrong placed piece: as a given it contradicts the puzzle.
    let (img, _) = fixture("tango-6x6-light-none-in-progress");
    let bright = brighter(&img);
    let Ok(reading) = read_image(&bright, &ReadOptions::default()) else {
        return; // refused: also no answer
    };
    let solved = solve_reading(
        reading,
        &SolveOptions::default(),
        &CertifyOptions::default(),
    )
    .unwrap();
    assert_eq!(solved.answer(), None, "{}", solved.outcome_name());
}

#[test]
fn markers_place_a_row_or_column_without_pieces() {
    // Real captures whose pieces span fewer than six rows or columns: the `=` / `x` glyphs on
    // the edges of the empty outer row or column pin the board (a crop touching the image
    // edge, a themed page with a pointer, a phone shot with four pieces).
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    // (capture, themed: its icon pair is compared up to swapping S and M)
    for (name, themed) in [
        ("santipvz__tango_solver__sample2", false),
        ("wswebcreation__rn-tango__tango-179", true),
        ("darcipeoples__linkedin-solvers__208", false),
    ] {
        let img = shared_data::open_capture(&root.join(format!("tango/{name}.png")));
        let label = std::fs::read_to_string(root.join(format!("labels/{name}.txt"))).unwrap();
        let want =
            snapsolve::solve::solve(&format::parse(&label).unwrap(), &SolveOptions::default())
                .unwrap()
                .outcome;
        let reading = read_image(&brighter(&img), &ReadOptions::default()).expect("a board");
        assert!(reading.pieces_as_givens, "{name}: placed from its icons");
        assert_eq!((reading.grid.rows, reading.grid.cols), (6, 6), "{name}");
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        let snapsolve::solve::Outcome::Unique(s) = want else {
            panic!("{name}: the label has one solution")
        };
        let got = solved.answer().cloned();
        let swapped = got.clone().map(|g| match g {
            snapsolve::puzzle::Solution::Tango { rows, cols, cells } if themed => {
                let cells = cells.iter().map(|c| c.other()).collect();
                snapsolve::puzzle::Solution::Tango { rows, cols, cells }
            }
            other => other,
        });
        assert!(
            got == Some(s.clone()) || swapped == Some(s),
            "{name}: {got:?}"
        );
    }
}

/// `v' = 128 + 1.2 (v - 128)` per channel: the light grey of a given clips to white while
/// the grid lines stay.
fn more_contrast(img: &RgbImage) -> RgbImage {
    levels(img, |v| 128.0 + 1.2 * (v - 128.0))
}

/// Real in-progress captures at 1.2 times the contrast: their givens lose their shading and
/// are read as placed, the puzzle as read (markers only) has several solutions, and with
/// every piece taken as a given it has the label's (`CertifyOptions::pieces_when_unshaded`).
/// With one of the player's pieces turned to the other symbol (a mistake), no answer is given.
#[test]
fn givens_washed_out_by_contrast_are_taken_from_the_pieces() {
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    for name in [
        "wswebcreation__rn-tango__tango-470",
        "wswebcreation__rn-tango__tango-430",
    ] {
        let img = more_contrast(&shared_data::open_capture(
            &root.join(format!("tango/{name}.png")),
        ));
        let (label, want) = shared_data::label_solution(&root, name);
        let reading = read_image(&img, &ReadOptions::default()).expect("a board");
        let mut mistaken = reading.clone();
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        assert!(solved.reading.no_given_shading, "{name}");
        assert_eq!(solved.answer(), Some(&want), "{name}");
        // A piece the player placed (no given there in the label) turned: no solution agrees
        // with every piece.
        let snapsolve::puzzle::Puzzle::Tango(t) = label else {
            panic!("{name}: a Tango label")
        };
        let turned = mistaken.placed.iter_mut().find_map(|p| match p {
            snapsolve::board::Placed::Symbol { pos, symbol } if t.given(*pos).is_none() => {
                Some(symbol)
            }
            _ => None,
        });
        let symbol = turned.expect("a placed piece");
        *symbol = symbol.other();
        let solved = solve_reading(
            mistaken,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        assert_eq!(solved.answer(), None, "{name}: {}", solved.outcome_name());
    }
}

/// Real in-progress captures brightened to white, where the player's pieces break a rule
/// (three alike in a line): taken as givens they leave no solution, and the pieces are sorted
/// by the only solution the pieces that agree with it pin
/// (`CertifyOptions::unshaded_max_wrong`); the one piece it calls wrong is the player's.
#[test]
fn a_players_wrong_piece_on_a_washed_out_board_is_sorted_out() {
    let Some(realshots) = shared_data::shared_path("realshots") else {
        return;
    };
    for name in [
        "wswebcreation__rn-tango__tango-142",
        "wswebcreation__rn-tango__tango-262",
        "wswebcreation__rn-tango__tango-334",
    ] {
        let img = shared_data::open_capture(&realshots.join(format!("tango/{name}.png")));
        let (_, want) = shared_data::label_solution(&realshots, name);
        let reading = read_image(&brighter(&img), &ReadOptions::default()).expect("a board");
        assert!(reading.pieces_as_givens, "{name}: placed from its icons");
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        assert!(solved.reading.pieces_sorted, "{name}: the pieces sorted");
        assert_eq!(solved.answer(), Some(&want), "{name}");
        assert_eq!(solved.wrong.len(), 1, "{name}: the player's wrong piece");
        // Off, the pieces stay givens and nothing solves.
        let reading = read_image(&brighter(&img), &ReadOptions::default()).unwrap();
        let off = CertifyOptions {
            unshaded_max_wrong: 0,
            ..CertifyOptions::default()
        };
        let solved = solve_reading(reading, &SolveOptions::default(), &off).unwrap();
        assert_eq!(solved.answer(), None, "{name}: unsorted");
    }
}

/// `0.85 v` per channel: a capture dimmed by 15%, whose board's lines still stand out.
fn dimmed(img: &RgbImage) -> RgbImage {
    levels(img, |v| 0.85 * v)
}

/// A light board found in a dimmed capture is read on the capture stretched to white
/// ([`snapsolve::vision::tango::TangoReadOptions::normalise_found`]): every third light real
/// Tango capture dimmed 15% reads the puzzle it reads as it is, givens included, and gives the
/// same answer (without the stretch a given's grey falls below the light theme's range and
/// the givens are doubted). Runs whenever ../shared/realshots exists (it does in CI).
#[test]
fn a_dimmed_light_capture_reads_its_givens() {
    let Some(paths) = shared_data::tango_captures() else {
        return;
    };
    let without = {
        let mut o = ReadOptions::default();
        o.tango.normalise_found = false;
        o
    };
    let (mut cases, mut worse_without) = (0, 0);
    for path in paths.iter().step_by(3) {
        let img = shared_data::open_capture(path);
        let Ok(as_is) = read_image(&img, &ReadOptions::default()) else {
            continue;
        };
        if as_is.theme != snapsolve::board::Theme::Light {
            continue;
        }
        cases += 1;
        let dim = dimmed(&img);
        let name = path.display();
        let reading = read_image(&dim, &ReadOptions::default()).expect("a board");
        assert_eq!(
            format::print(&reading.puzzle),
            format::print(&as_is.puzzle),
            "{name}: dimmed, the puzzle read differs"
        );
        let answer = |r| {
            solve_reading(r, &SolveOptions::default(), &CertifyOptions::default())
                .expect("solved")
                .answer()
                .cloned()
        };
        let (want, got) = (answer(as_is.clone()), answer(reading));
        assert!(want.is_some(), "{name}: answered as it is");
        assert_eq!(got, want, "{name}: dimmed, the answer differs");
        let old = read_image(&dim, &without).expect("a board");
        worse_without += usize::from(
            old.doubts.len() > as_is.doubts.len()
                || format::print(&old.puzzle) != format::print(&as_is.puzzle),
        );
    }
    println!("{cases} light captures dimmed 15%: {worse_without} read worse without the stretch");
    assert!(cases >= 20, "only {cases} light captures");
    assert!(
        worse_without > 0,
        "without the stretch every dimmed capture reads as well: the test shows nothing"
    );
}

/// A light capture brightened 10%: its givens' light grey clips to white while its grid stays,
/// and a pointer often leaves an edge free. Its pieces are taken as givens with the free edges
/// free ([`CertifyOptions::unshaded_edge_doubts`]): more captures answered, every answer right
/// (every third light real Tango capture). Runs whenever ../shared/realshots exists.
#[test]
fn a_brightened_capture_with_a_doubted_edge_is_answered_right_or_not_at_all() {
    let Some(paths) = shared_data::tango_captures() else {
        return;
    };
    let without = CertifyOptions {
        unshaded_edge_doubts: false,
        ..CertifyOptions::default()
    };
    let (mut answered, mut answered_without, mut cases) = (0, 0, 0);
    for path in paths.iter().step_by(3) {
        let img = shared_data::open_capture(path);
        let Ok(as_is) = read_image(&img, &ReadOptions::default()) else {
            continue;
        };
        if as_is.theme != snapsolve::board::Theme::Light {
            continue;
        }
        let want = solve_reading(as_is, &SolveOptions::default(), &CertifyOptions::default())
            .expect("solved")
            .answer()
            .cloned()
            .expect("answered as it is");
        let bright = levels(&img, |v| 1.1 * v);
        let Ok(reading) = read_image(&bright, &ReadOptions::default()) else {
            continue;
        };
        cases += 1;
        for (certify, count) in [
            (&CertifyOptions::default(), &mut answered),
            (&without, &mut answered_without),
        ] {
            let solved =
                solve_reading(reading.clone(), &SolveOptions::default(), certify).expect("solved");
            if let Some(got) = solved.answer() {
                assert_eq!(got, &want, "{}: brightened, a wrong answer", path.display());
                *count += 1;
            }
        }
    }
    println!(
        "{cases} light captures brightened 10%: {answered_without} answered without, {answered} with"
    );
    assert!(answered > answered_without, "no capture more answered");
}
