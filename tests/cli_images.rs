//! The `snapsolve` binary on screenshots the project renders itself: `read`, `solve` with
//! overlays and debug pictures, placed-piece checking, exit codes, refusing to overwrite the
//! input.

use snapsolve::board::Placed;
use snapsolve::format;
use snapsolve::puzzle::Puzzle;
use snapsolve::render::synth::{self, GameState, SynthOptions};
use snapsolve::solve::{self, Outcome, SolveOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_snapsolve"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("snapsolve-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn example(name: &str) -> Puzzle {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/examples")
        .join(name);
    format::parse(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn unique(p: &Puzzle) -> snapsolve::Solution {
    match solve::solve(p, &SolveOptions::default()).unwrap().outcome {
        Outcome::Unique(s) => s,
        o => panic!("example not unique: {o:?}"),
    }
}

/// Renders a screenshot of an example puzzle into `dir`; returns the path and the pieces drawn.
fn shot(dir: &Path, name: &str, p: &Puzzle, opts: &SynthOptions) -> (PathBuf, Vec<Placed>) {
    let sol = unique(p);
    let s = synth::render(p, Some(&sol), opts).unwrap();
    let path = dir.join(name);
    s.image.save(&path).unwrap();
    (path, s.placed)
}

#[test]
fn read_prints_the_puzzle_and_solve_draws_the_overlay() {
    let dir = scratch("read");
    let p = example("tango-six-givens.txt");
    let (img, _) = shot(&dir, "t.png", &p, &SynthOptions::default());
    let img_s = img.to_str().unwrap();

    let o = run(&["read", img_s]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("# "), "{text}");
    assert_eq!(format::parse(&text).unwrap(), p, "{text}");

    let o = run(&["read", "--format", "json", img_s]);
    assert_eq!(code(&o), 0);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["game"], "tango");
    assert_eq!(format::parse(v["puzzle"].as_str().unwrap()).unwrap(), p);

    let out = dir.join("sub/solved.png");
    let dbg = dir.join("dbg");
    let o = run(&[
        "solve",
        img_s,
        "-o",
        out.to_str().unwrap(),
        "--debug-dir",
        dbg.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("unique solution"));
    let before = image::open(&img).unwrap().to_rgb8();
    let after = image::open(&out).unwrap().to_rgb8();
    assert_eq!(before.dimensions(), after.dimensions());
    assert_ne!(before, after, "the overlay draws something");
    assert!(dbg.join("timings.txt").exists());
    assert!(dbg.join("tango/2-grid.png").exists());
    assert!(dbg.join("queens/timings.txt").exists());

    // -o - writes the PNG to stdout and the report to stderr.
    let o = run(&["solve", img_s, "-o", "-"]);
    assert_eq!(code(&o), 0);
    assert!(o.stdout.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(stderr(&o).contains("unique solution"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refuses_to_overwrite_the_input() {
    let dir = scratch("overwrite");
    let p = example("tango-six-givens.txt");
    let (img, _) = shot(&dir, "t.png", &p, &SynthOptions::default());
    let before = std::fs::read(&img).unwrap();
    let o = run(&["solve", img.to_str().unwrap(), "-o", img.to_str().unwrap()]);
    assert_eq!(code(&o), 6, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("refusing to overwrite"),
        "{}",
        stderr(&o)
    );
    // Another spelling of the same file.
    let other = dir.join(".").join("t.png");
    let o = run(&[
        "solve",
        img.to_str().unwrap(),
        "-o",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 6);
    assert_eq!(std::fs::read(&img).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wrong_placed_pieces_are_named() {
    let dir = scratch("wrong");
    let p = example("tango-six-givens.txt");
    let opts = SynthOptions {
        state: GameState::InProgress,
        wrong_pieces: 2,
        seed: 7,
        ..SynthOptions::default()
    };
    let (img, placed) = shot(&dir, "t.png", &p, &opts);
    let o = run(&["solve", "--format", "json", img.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["outcome"], "unique");
    let sol = unique(&p);
    let truly_wrong = snapsolve::answer::wrong_pieces(&placed, &sol);
    assert_eq!(truly_wrong.len(), 2, "the renderer drew two wrong pieces");
    let reported: Vec<String> = v["wrong"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["display"].as_str().unwrap().to_string())
        .collect();
    let want: Vec<String> = truly_wrong.iter().map(|w| w.to_string()).collect();
    assert_eq!(reported, want);
    let o = run(&["solve", img.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("wrong placed pieces (2)"),
        "{}",
        stdout(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn queens_screenshots_are_read_and_solved() {
    let dir = scratch("queens");
    let p = example("queens-307.txt");
    let (img, _) = shot(&dir, "q.png", &p, &SynthOptions::default());
    let o = run(&["read", img.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(format::parse(&stdout(&o)).unwrap(), p);
    // Forcing the wrong game finds no board of that game.
    let o = run(&["read", "--game", "tango", img.to_str().unwrap()]);
    assert_eq!(code(&o), 7, "{}", stderr(&o));
    let o = run(&["solve", "--game", "queens", img.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_board_and_undecodable_images_have_their_codes() {
    let dir = scratch("codes");
    let white = dir.join("white.png");
    image::RgbImage::from_pixel(300, 200, image::Rgb([255, 255, 255]))
        .save(&white)
        .unwrap();
    let o = run(&["solve", white.to_str().unwrap()]);
    assert_eq!(code(&o), 7, "{}", stderr(&o));
    assert!(stderr(&o).contains("no Tango or Queens board"));
    let bytes = std::fs::read(&white).unwrap();
    let cut = dir.join("cut.png");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let o = run(&["solve", cut.to_str().unwrap()]);
    assert_eq!(code(&o), 5, "{}", stderr(&o));
    // The text path still works, and text with a bad line is 5 with line and column.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "tango 2x2\nS Q\n. .\n").unwrap();
    let o = run(&["solve", bad.to_str().unwrap()]);
    assert_eq!(code(&o), 5);
    assert!(stderr(&o).contains(":2:"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_solution_points_at_the_cells_to_look_at() {
    use snapsolve::puzzle::{Pos, Symbol, Tango};
    let dir = scratch("nosol");
    // Three suns in a row: no solution, whatever else is on the board.
    let mut t = Tango::empty(6, 6);
    for c in 0..3 {
        t.set_given(Pos::new(1, c), Some(Symbol::Sun));
    }
    let p = Puzzle::Tango(t);
    let s = synth::render(&p, None, &SynthOptions::default()).unwrap();
    let img = dir.join("bad.png");
    s.image.save(&img).unwrap();
    let o = run(&["solve", "--format", "json", img.to_str().unwrap()]);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["outcome"], "none");
    let look: Vec<String> = v["look_at"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["display"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(look, vec!["r2c1", "r2c2", "r2c3"]);
    let out = dir.join("bad.solved.png");
    let o = run(&["solve", img.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code(&o), 3);
    assert!(stdout(&o).contains("cells to look at"), "{}", stdout(&o));
    assert!(
        out.exists(),
        "the overlay marks the cells even without a solution"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_solutions_draw_the_differing_cells_and_a_cut_board_says_so() {
    let dir = scratch("several");
    let p = example("lets-tango.txt");
    let s = synth::render(&p, None, &SynthOptions::default()).unwrap();
    let img = dir.join("several.png");
    s.image.save(&img).unwrap();
    let out = dir.join("several.solved.png");
    let o = run(&["solve", img.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code(&o), 4, "{}", stderr(&o));
    let drawn = image::open(&out).unwrap().to_rgb8();
    assert_ne!(
        drawn, s.image,
        "the overlay must show where the solutions differ"
    );
    // A board cut by the image edge with a fifth of its outer column in view is refused as
    // cut off (exit 7), not blamed on the givens.
    let p6 = example("tango-six-givens.txt");
    let whole = synth::render(&p6, Some(&unique(&p6)), &SynthOptions::default()).unwrap();
    let g = whole.grid;
    let x0 = (g.left + 0.8 * g.cell_w).round() as u32;
    let cut_img = image::imageops::crop_imm(
        &whole.image,
        x0,
        0,
        whole.image.width() - x0,
        whole.image.height(),
    )
    .to_image();
    let cut = dir.join("cut.png");
    cut_img.save(&cut).unwrap();
    let o = run(&["solve", cut.to_str().unwrap()]);
    assert_eq!(code(&o), 7, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the board is cut off at the left edge"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
