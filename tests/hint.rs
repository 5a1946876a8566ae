//! `snapsolve hint` end to end: wrong pieces first, solved boards, the whole path, the drawn
//! hint and its overwrite rule, the player's pieces in puzzle text.

use std::path::PathBuf;
use std::process::Output;

/// Runs the binary from the crate root.
fn snapsolve(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("run snapsolve")
}

/// Exit code, stdout and stderr.
fn parts(o: &Output) -> (i32, String, String) {
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A fresh folder for this test's outputs.
fn out_dir(test: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/hint-tests")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_wrong_piece_on_a_half_played_screenshot_is_the_only_hint() {
    // The fixture has one wrong piece, the sun at r1c4 (`solve` reports it too).
    let shot = "fixtures/tango-6x6-light-none-in-progress.png";
    let (code, out, err) = parts(&snapsolve(&["hint", shot]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "r1c4: fix: the sun at r1c4 is wrong: r1c4 is moon\n");
    let (_, solved, _) = parts(&snapsolve(&["solve", shot]));
    assert!(solved.contains("r1c4"), "{solved}");
}

#[test]
fn a_rendered_queens_board_with_one_wrong_crown_gets_that_crown_as_hint() {
    let d = out_dir("queens-wrong");
    let png = d.join("q.png");
    let png = png.to_str().unwrap();
    let args = [
        "render",
        "fixtures/examples/queens-307.txt",
        "--state",
        "in-progress",
        "--wrong",
        "1",
        "--seed",
        "5",
        "-o",
        png,
    ];
    assert_eq!(parts(&snapsolve(&args)).0, 0);
    let (code, out, err) = parts(&snapsolve(&["hint", png]));
    assert_eq!(code, 0, "{err}");
    // The moved crown, or an x the renderer drew from it over a solution crown: one fix,
    // nothing deduced from a wrong piece.
    assert!(out.contains(": fix: the "), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
}

#[test]
fn solved_boards_say_solved() {
    for shot in [
        "fixtures/tango-6x6-dark-none-solved.png",
        "fixtures/queens-8x8-light-phone-solved.png",
    ] {
        let (code, out, err) = parts(&snapsolve(&["hint", shot]));
        assert_eq!(
            (code, out.as_str()),
            (0, "solved: every piece is placed and right\n"),
            "{shot}: {err}"
        );
    }
}

#[test]
fn all_prints_the_whole_path_one_step_a_line() {
    let (code, out, err) = parts(&snapsolve(&[
        "hint",
        "--all",
        "fixtures/examples/tango-six-givens.txt",
    ]));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // Every open cell once, then the closing line.
    assert_eq!(lines.len(), 31, "{out}");
    for (k, l) in lines[..30].iter().enumerate() {
        assert!(l.starts_with(&format!("{}. r", k + 1)), "{l}");
        assert!(l.contains(", easy): ") || l.contains(", medium): "), "{l}");
        assert!(l.contains(", so r"), "{l}");
    }
    assert_eq!(lines[30], "solved in 30 steps (difficulty easy)");
}

#[test]
fn the_players_pieces_in_puzzle_text_are_checked_first() {
    let d = out_dir("text-state");
    // Queens 307 with the player's crown at r1c1 (region A): wrong, the crown of A is r1c7.
    let text = "queens 7x7\na A A A A A A\nB B B B C A A\nB D D E C A A\nB B E E E A A\n\
                B B F E G G A\nB B F B B B A\nB B B B B B A\nmarks\n. x\n\n\n\n\n\n\n";
    let file = d.join("state.txt");
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let (code, out, _) = parts(&snapsolve(&["check-format", file]));
    assert_eq!(code, 0);
    assert!(
        out.ends_with("ok (queens 7x7, 1 crown and 1 x mark placed)\n"),
        "{out}"
    );
    let (code, out, err) = parts(&snapsolve(&["hint", file]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "r1c1: fix: the crown at r1c1 is wrong: r1c1 holds no crown\n"
    );
    // A crown and an x on one cell is an error with its position.
    std::fs::write(d.join("bad.txt"), text.replace(". x\n", "x\n")).unwrap();
    let (code, _, err) = parts(&snapsolve(&["hint", d.join("bad.txt").to_str().unwrap()]));
    assert_eq!(code, 5);
    assert!(
        err.contains("bad.txt:10:1: r1c1 holds the player's crown and an x"),
        "{err}"
    );
}

#[test]
fn png_draws_the_hint_and_keeps_the_overwrite_rule() {
    let d = out_dir("png");
    let out = d.join("hint.png");
    let o = out.to_str().unwrap();
    let shot = "fixtures/queens-9x9-light-none-raw.png";
    let (code, _, err) = parts(&snapsolve(&["hint", shot, "--png", o]));
    assert_eq!(code, 0, "{err}");
    let drawn = image::open(&out).unwrap().to_rgb8();
    let input = image::open(shot).unwrap().to_rgb8();
    assert_eq!(drawn.dimensions(), input.dimensions());
    assert_ne!(drawn, input);
    // Again without --force: refused, the file kept; with --force: replaced.
    let (code, _, err) = parts(&snapsolve(&["hint", shot, "--png", o]));
    assert_eq!(code, 6);
    assert!(err.contains("--force"), "{err}");
    assert_eq!(
        parts(&snapsolve(&["hint", shot, "--png", o, "--force"])).0,
        0
    );
    // Never over the input, even with --force.
    let (code, ..) = parts(&snapsolve(&["hint", shot, "--png", shot, "--force"]));
    assert_eq!(code, 6);
    // Puzzle text: drawn on a rendering of the puzzle.
    let txt = d.join("text.png");
    let args = [
        "hint",
        "fixtures/examples/tango-six-givens.txt",
        "--png",
        txt.to_str().unwrap(),
    ];
    assert_eq!(parts(&snapsolve(&args)).0, 0);
    assert!(image::open(&txt).is_ok());
}

#[test]
fn json_says_what_kind_of_advice() {
    let (code, out, _) = parts(&snapsolve(&[
        "hint",
        "--format",
        "json",
        "fixtures/examples/tango-six-givens.txt",
    ]));
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["advice"], "next");
    assert_eq!(v["rule"], "pair");
    assert_eq!(v["because"].as_array().map(Vec::len), Some(2));
}
