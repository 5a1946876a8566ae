//! The `../shared` data (real screenshots and their labels, seed puzzles) that some tests read.
//!
//! Without it those tests skip, and say so where a plain `cargo test` shows it: libtest
//! captures `eprintln!` of a passing test, but not a direct write to the process's standard
//! error, so the skip line is written that way. With `SNAPSOLVE_REQUIRE_SHARED=1` (`.ci/run`
//! sets it when `../shared` exists) a missing folder or file fails the test instead.

use std::io::Write;
use std::path::PathBuf;

/// `../shared/<sub>` when it exists; otherwise `None`, after a skip line on standard error
/// naming the test (or a panic under `SNAPSOLVE_REQUIRE_SHARED=1`).
pub fn shared_path(sub: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(sub);
    if p.exists() {
        return Some(p);
    }
    let test = std::thread::current()
        .name()
        .filter(|n| *n != "main")
        .unwrap_or("a test")
        .to_string();
    let msg = format!(
        "SKIPPED {test}: {} not found (see README, \"Tests without ../shared\")\n",
        p.display()
    );
    if std::env::var_os("SNAPSOLVE_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!("{msg}SNAPSOLVE_REQUIRE_SHARED=1 makes this a failure");
    }
    let _ = std::io::stderr().write_all(msg.as_bytes());
    None
}

/// The real captures of one game (`../shared/realshots/{game}/*`, `game` "tango" or
/// "queens"), sorted by name; `None` (after the skip line of [`shared_path`]) when the folder
/// is missing.
#[allow(dead_code)] // not every test that reads ../shared lists the captures
pub fn captures(game: &str) -> Option<Vec<PathBuf>> {
    let root = shared_path("realshots")?;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(game))
        .expect("the captures")
        .map(|e| e.expect("an entry").path())
        .collect();
    paths.sort();
    Some(paths)
}

/// The real Tango captures ([`captures`]).
#[allow(dead_code)] // not every test that reads ../shared lists the Tango captures
pub fn tango_captures() -> Option<Vec<PathBuf>> {
    captures("tango")
}

/// A capture as RGB, its format guessed from its bytes (some real captures are JPEG data
/// under a .png name). Panics when it cannot be read.
#[allow(dead_code)] // not every test that reads ../shared opens captures
pub fn open_capture(path: &std::path::Path) -> image::RgbImage {
    image::ImageReader::open(path)
        .and_then(|r| r.with_guessed_format())
        .expect("the capture")
        .decode()
        .expect("decodes")
        .to_rgb8()
}

/// The labelled puzzle `<realshots>/labels/<name>.txt` and its unique solution. Panics when
/// the label cannot be read or has not exactly one solution.
#[allow(dead_code)] // not every test that reads ../shared needs a label's solution
pub fn label_solution(
    realshots: &std::path::Path,
    name: &str,
) -> (snapsolve::puzzle::Puzzle, snapsolve::puzzle::Solution) {
    let text =
        std::fs::read_to_string(realshots.join(format!("labels/{name}.txt"))).expect("the label");
    let puzzle = snapsolve::format::parse(&text).expect("a valid label");
    match snapsolve::solve::solve(&puzzle, &snapsolve::solve::SolveOptions::default())
        .expect("solved")
        .outcome
    {
        snapsolve::solve::Outcome::Unique(s) => (puzzle, s),
        other => panic!("{name}: the label has one solution, not {other:?}"),
    }
}

/// The real capture `<realshots>/<path>` (`path` as `tango/NAME.png`), the board's grid as
/// read whole, and its label's unique solution ([`label_solution`]); `None` (after the skip
/// line of [`shared_path`]) without ../shared/realshots.
#[allow(dead_code)] // not every test that reads ../shared rebuilds a labelled capture
pub fn labelled_capture(
    path: &str,
) -> Option<(
    image::RgbImage,
    snapsolve::board::Grid,
    snapsolve::puzzle::Solution,
)> {
    let root = shared_path("realshots")?;
    let img = open_capture(&root.join(path));
    let name = std::path::Path::new(path)
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("a file name");
    let (_, solution) = label_solution(&root, name);
    let grid = snapsolve::pipeline::read_image(&img, &snapsolve::pipeline::ReadOptions::default())
        .expect("the whole board")
        .grid;
    Some((img, grid, solution))
}
