//! End-to-end tests of the `snapsolve` binary: outputs and exit codes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

#[path = "support/shared.rs"]
mod shared_data;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_snapsolve"))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> PathBuf {
    root().join("fixtures/examples").join(name)
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("run snapsolve")
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn snapsolve");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
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

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A scratch file under the target directory (no temp-dir dependency).
fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = root().join("target/cli-test-scratch");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

#[test]
fn several_solutions_exit_4_and_show_two_with_the_differing_cells() {
    let f = example("lets-tango.txt");
    let o = run(&["solve", path_str(&f)]);
    assert_eq!(code(&o), 4, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("several solutions; two of them differ at r"),
        "{out}"
    );
    assert!(out.contains("solution 1:\ntango 6x6\n"), "{out}");
    assert!(out.contains("solution 2:\ntango 6x6\n"), "{out}");
}

#[test]
fn unique_solution_exits_0_and_prints_a_full_board() {
    let o = run(&["solve", path_str(&example("tango-six-givens.txt"))]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("unique solution\ntango 6x6\n"), "{out}");
    assert!(!out.contains('.'), "unfilled cell in {out}");
    // The printed solution parses back as a solution of the puzzle.
    let board = out.strip_prefix("unique solution\n").unwrap();
    let (p, s) = snapsolve::format::parse_solution(board).unwrap();
    snapsolve::rules::check(&p, &s).unwrap();
}

#[test]
fn queens_solution_marks_crowns_in_lower_case() {
    let o = run(&["solve", path_str(&example("queens-307.txt"))]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let board: Vec<&str> = out.lines().skip(2).collect();
    assert_eq!(board.len(), 7, "{out}");
    for row in board {
        let crowns = row.chars().filter(|c| c.is_ascii_lowercase()).count();
        assert_eq!(crowns, 1, "{row}");
    }
}

#[test]
fn no_solution_exits_3_and_names_the_conflict() {
    let Some(f) = shared_puzzle("tango-151-as-printed.txt") else {
        return;
    };
    let o = run(&["solve", path_str(&f)]);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("no solution"), "{out}");
    assert!(out.contains("marker = on r2c1/r3c1"), "{out}");
    assert!(out.contains("marker x on r4c5|r4c6"), "{out}");
}

fn shared_puzzle(name: &str) -> Option<PathBuf> {
    shared_data::shared_path(&format!("puzzles/{name}"))
}

#[test]
fn json_output_carries_puzzle_outcome_solutions_and_timings() {
    let o = run(&[
        "solve",
        "--format",
        "json",
        path_str(&example("lets-tango.txt")),
    ]);
    assert_eq!(code(&o), 4);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["outcome"], "several");
    assert_eq!(v["game"], "tango");
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(6), Some(6)));
    assert!(v["puzzle"].as_str().unwrap().starts_with("tango 6x6\n"));
    assert_eq!(v["solutions"].as_array().unwrap().len(), 2);
    assert!(!v["differ"].as_array().unwrap().is_empty());
    assert!(v["differ"][0]["display"].as_str().unwrap().starts_with('r'));
    assert!(v["timings_us"]["total"].as_f64().unwrap() > 0.0);
    assert_eq!(v["exit_code"], 4);

    let Some(f) = shared_puzzle("tango-151-as-printed.txt") else {
        return;
    };
    let o = run(&["solve", "--format", "json", path_str(&f)]);
    assert_eq!(code(&o), 3);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["outcome"], "none");
    let shown: Vec<&str> = v["conflict"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["display"].as_str().unwrap())
        .collect();
    assert!(shown.contains(&"marker = on r2c1/r3c1"), "{shown:?}");
}

#[test]
fn json_for_several_files_is_one_object_per_line_and_the_worst_code_wins() {
    let a = example("tango-six-givens.txt");
    let b = example("lets-tango.txt");
    let o = run(&["solve", "--format", "json", path_str(&a), path_str(&b)]);
    assert_eq!(code(&o), 4);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["outcome"], "unique");
    assert!(
        lines[0]["solution"]
            .as_str()
            .unwrap()
            .starts_with("tango 6x6")
    );
    assert_eq!(lines[1]["outcome"], "several");
    // An unreadable file outranks several solutions.
    let o = run(&["solve", path_str(&b), "/nonexistent/puzzle.txt"]);
    assert_eq!(code(&o), 6);
}

#[test]
fn stdin_is_read_with_a_dash() {
    let text = std::fs::read(example("tango-six-givens.txt")).unwrap();
    let o = run_stdin(&["solve", "-"], &text);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).starts_with("unique solution"));
}

#[test]
fn bad_input_exits_5_with_line_and_column() {
    let o = run_stdin(&["solve", "-"], b"tango 6x6\nS . Q\n");
    assert_eq!(code(&o), 5);
    assert!(stderr(&o).contains(":2:5:"), "{}", stderr(&o));
    // Junk must not panic.
    for junk in [
        &b""[..],
        b"\xff\xfe\x00",
        b"queens 99x99\n",
        b"tango 6x6\nS S S\n\n\n\n\n\n\n\n\n\n",
        b"queens 4x4\nA A\n",
    ] {
        let o = run_stdin(&["solve", "-"], junk);
        assert_eq!(code(&o), 5, "{junk:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn a_truncated_image_is_bad_input() {
    let p = scratch("not-text.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    let o = run(&["solve", path_str(&p)]);
    assert_eq!(code(&o), 5, "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

/// A zero-byte or broken `.png` is an image error that says what was expected, whichever
/// command reads it; never "empty input: expected a header".
#[test]
fn an_empty_or_broken_png_is_an_image_error() {
    let empty = scratch("zero-bytes.png", b"");
    let broken = scratch("broken.png", b"hello, world\n");
    for f in [&empty, &broken] {
        for cmd in ["solve", "read", "check-format", "count"] {
            let o = run(&[cmd, path_str(f)]);
            assert_eq!(code(&o), 5, "{cmd} {f:?}: {}", stderr(&o));
            let err = stderr(&o);
            assert!(
                err.contains("expected PNG, JPEG or WebP image data in a .png file"),
                "{cmd}: {err}"
            );
            assert!(!err.contains("header"), "{cmd}: {err}");
        }
    }
    assert!(stderr(&run(&["solve", path_str(&empty)])).contains("the file is empty"));
}

#[test]
fn missing_file_exits_6() {
    let o = run(&["solve", "/nonexistent/puzzle.txt"]);
    assert_eq!(code(&o), 6);
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}

#[test]
fn check_format_reports_ok_or_file_line_column() {
    let good = example("queens-307.txt");
    let o = run(&["check-format", path_str(&good)]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("ok (queens 7x7)"), "{}", stdout(&o));
    let bad = scratch("bad.txt", b"# comment\ntango 6x6\nS . Q\n");
    let o = run(&["check-format", path_str(&good), path_str(&bad)]);
    assert_eq!(code(&o), 5);
    assert!(stderr(&o).contains("bad.txt:3:5:"), "{}", stderr(&o));
}

#[test]
fn count_shows_the_number_of_solutions() {
    let o = run(&["count", path_str(&example("lets-tango.txt"))]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).starts_with("3 solutions"), "{}", stdout(&o));
    // Counts are written in the right number: "1 solution", "after 1 line".
    let o = run(&["count", path_str(&example("tango-six-givens.txt"))]);
    assert!(stdout(&o).starts_with("1 solution ("), "{}", stdout(&o));
    let short = scratch("one-line.txt", b"tango 2x2\nS .");
    let o = run(&["check-format", path_str(&short)]);
    assert_eq!(code(&o), 5);
    let err = stderr(&o);
    assert!(err.contains("the board ends after 1 line;"), "{err}");
    let empty = scratch("empty.txt", b"tango 6x6\n\n\n\n\n\n\n\n\n\n\n\n");
    let o = run(&["count", path_str(&empty), "--limit", "40"]);
    assert_eq!(code(&o), 0);
    assert!(
        stdout(&o).starts_with("at least 40 solutions (limit reached"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn count_shows_11222_for_the_empty_6x6_board() {
    let o = run(&["count", path_str(&example("tango-empty-6x6.txt"))]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("11222 solutions ("),
        "{}",
        stdout(&o)
    );
}

#[test]
fn usage_errors_exit_2_and_help_teaches() {
    assert_eq!(code(&run(&[])), 2);
    assert_eq!(code(&run(&["solve"])), 2);
    assert_eq!(code(&run(&["solve", "--format", "xml", "a.txt"])), 2);
    assert_eq!(code(&run(&["frobnicate"])), 2);
    let o = run(&["--help"]);
    assert_eq!(code(&o), 0);
    let help = stdout(&o);
    assert!(help.contains("Examples:"), "{help}");
    assert!(help.contains("Exit codes:"), "{help}");
    let o = run(&["solve", "--help"]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("--format"));
}

/// One rule for every output: an existing file is replaced only with -f/--force.
#[test]
fn every_output_refuses_to_overwrite_without_force() {
    let puzzle = example("tango-six-givens.txt");
    let p = path_str(&puzzle);
    let fixtures = root().join("fixtures");
    let cases: [(&str, Vec<&str>); 3] = [
        ("render-out.png", vec!["render", p, "-o"]),
        (
            "generate-out.png",
            vec!["generate", "tango", "--seed", "3", "--png"],
        ),
        (
            "junit-out.xml",
            vec!["check", "-q", path_str(&fixtures), "--junit"],
        ),
    ];
    for (name, args) in cases {
        let target = scratch(name, b"a text file the user keeps");
        let mut with = args.clone();
        with.push(path_str(&target));
        let o = run(&with);
        assert_eq!(code(&o), 6, "{with:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("pass -f/--force"), "{}", stderr(&o));
        assert_eq!(
            std::fs::read(&target).unwrap(),
            b"a text file the user keeps"
        );
        with.push("--force");
        let o = run(&with);
        assert_eq!(code(&o), 0, "{with:?}: {}", stderr(&o));
        assert_ne!(
            std::fs::read(&target).unwrap(),
            b"a text file the user keeps"
        );
    }
}

/// `-o -` into a pipe the reader closed ends quietly with 0 (as `| head` does).
#[test]
fn a_closed_pipe_ends_quietly() {
    for args in [
        vec!["render", "PUZZLE", "-o", "-"],
        vec!["solve", "PUZZLE"],
        vec!["count", "PUZZLE"],
    ] {
        let puzzle = example("tango-six-givens.txt");
        let args: Vec<&str> = args
            .iter()
            .map(|a| if *a == "PUZZLE" { path_str(&puzzle) } else { a })
            .collect();
        let mut child = bin()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

/// `-o -` refuses to write PNG bytes to a terminal (a usage error). Needs util-linux `script`
/// for a pseudo-terminal; without it the check is skipped with a message.
#[test]
fn png_bytes_never_go_to_a_terminal() {
    let puzzle = example("tango-six-givens.txt");
    let cmd = format!(
        "{} render {} -o -; echo \"rc=$?\"",
        env!("CARGO_BIN_EXE_snapsolve"),
        path_str(&puzzle)
    );
    let Ok(o) = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .output()
    else {
        use std::io::Write as _;
        let _ = std::io::stderr()
            .write_all(b"png_bytes_never_go_to_a_terminal: skipped, `script` not found\n");
        return;
    };
    let out = stdout(&o);
    assert!(
        out.contains("refusing to write PNG bytes to a terminal"),
        "{out}"
    );
    assert!(out.contains("rc=2"), "{out}");
    assert!(!out.contains("PNG\r\n"), "PNG bytes on the terminal: {out}");
}

/// A value out of its range is a usage error (2) with the program's one prefix; an oversized
/// image header says "image too large".
#[test]
fn bad_values_are_usage_errors_with_one_prefix() {
    let puzzle = example("tango-six-givens.txt");
    for args in [
        vec!["generate", "tango", "--size", "7"],
        vec!["generate", "tango", "--size", "40"],
        vec!["generate", "queens", "--size", "4"],
        vec!["render", path_str(&puzzle), "-o", "x.png", "--scale", "10"],
        vec!["render", path_str(&puzzle), "-o", "x.png", "--fade", "2"],
        vec!["solve", "--timeout", "0", path_str(&puzzle)],
    ] {
        let o = run(&args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("snapsolve: "), "{}", stderr(&o));
    }
    // A PNG whose header claims 100000 x 100000 pixels (valid chunks, a little pixel data).
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&100_000u32.to_be_bytes());
    ihdr.extend_from_slice(&100_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(snapsolve::render::output::png_chunk(*b"IHDR", &ihdr));
    png.extend(snapsolve::render::output::png_chunk(
        *b"IDAT",
        &[0x78, 1, 1, 0, 0, 0xff, 0xff, 0, 0, 0, 1],
    ));
    png.extend(snapsolve::render::output::png_chunk(*b"IEND", &[]));
    let huge = scratch("huge-header.png", &png);
    let o = run(&["solve", path_str(&huge)]);
    assert_eq!(code(&o), 5, "{}", stderr(&o));
    assert!(stderr(&o).contains("image too large"), "{}", stderr(&o));
}

/// `generate` without --seed draws a fresh seed each run and prints it, so that the puzzle can
/// be made again.
#[test]
fn generate_draws_and_prints_a_fresh_seed() {
    let seed_of = |o: &Output| -> String {
        let err = stderr(o);
        let rest = err
            .strip_prefix("snapsolve: seed ")
            .unwrap_or_else(|| panic!("no seed line: {err}"));
        rest.split(' ').next().unwrap().to_string()
    };
    let a = run(&["generate", "tango", "--size", "4", "--difficulty", "easy"]);
    let b = run(&["generate", "tango", "--size", "4", "--difficulty", "easy"]);
    assert_eq!(code(&a), 0, "{}", stderr(&a));
    let (sa, sb) = (seed_of(&a), seed_of(&b));
    assert_ne!(sa, sb, "two runs drew the same seed");
    let again = run(&[
        "generate",
        "tango",
        "--size",
        "4",
        "--difficulty",
        "easy",
        "--seed",
        &sa,
    ]);
    assert_eq!(stdout(&again), stdout(&a));
    assert_eq!(stderr(&again), "", "a given seed is not printed again");
}

/// `solve --format json` on an example with one solution.
fn solve_json(name: &str) -> serde_json::Value {
    let o = run(&["solve", "--format", "json", path_str(&example(name))]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    serde_json::from_str(stdout(&o).trim()).unwrap()
}

/// JSON carries the solution as data too: Tango `grid` rows of "S"/"M", Queens `crowns` cells.
#[test]
fn json_carries_the_solution_as_data() {
    let v = solve_json("tango-six-givens.txt");
    let grid = v["grid"].as_array().expect("grid");
    assert_eq!(grid.len(), 6);
    let text: Vec<&str> = v["solution"]
        .as_str()
        .unwrap()
        .lines()
        .skip(1)
        .step_by(2)
        .collect();
    for (row, line) in grid.iter().zip(&text) {
        let cells: Vec<&str> = row
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert!(cells.iter().all(|c| *c == "S" || *c == "M"), "{cells:?}");
        let letters: String = line.chars().filter(|c| *c == 'S' || *c == 'M').collect();
        assert_eq!(cells.concat(), letters);
    }
    let v = solve_json("queens-307.txt");
    let crowns = v["crowns"].as_array().expect("crowns");
    let n = v["rows"].as_u64().unwrap() as usize;
    assert_eq!(crowns.len(), n);
    for (r, c) in crowns.iter().enumerate() {
        assert_eq!(c["row"], r);
        let col = c["col"].as_u64().unwrap();
        assert_eq!(c["display"], format!("r{}c{}", r + 1, col + 1));
    }
    let o = run(&[
        "solve",
        "--format",
        "json",
        path_str(&example("lets-tango.txt")),
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["solutions_data"].as_array().unwrap().len(), 2);
    assert!(v.get("grid").is_none(), "several solutions: no single grid");
}

/// Run by [`a_missing_shared_folder_is_skipped_visibly`] in a child process.
#[test]
#[ignore = "a probe that the test below runs in a child process"]
fn shared_probe() {
    assert!(shared_data::shared_path("no-such-folder-13").is_none());
}

/// A test that needs ../shared and finds it missing says so on stderr even in a plain
/// `cargo test` (no --nocapture); with SNAPSOLVE_REQUIRE_SHARED=1 it fails instead.
#[test]
fn a_missing_shared_folder_is_skipped_visibly() {
    let probe = |require: Option<&str>| {
        let mut c = Command::new(std::env::current_exe().unwrap());
        c.args(["--exact", "shared_probe", "--include-ignored"]);
        match require {
            Some(v) => c.env("SNAPSOLVE_REQUIRE_SHARED", v),
            None => c.env_remove("SNAPSOLVE_REQUIRE_SHARED"),
        };
        c.output().unwrap()
    };
    let o = probe(None);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("SKIPPED shared_probe: "), "{err}");
    assert!(err.contains("no-such-folder-13 not found"), "{err}");
    assert!(!probe(Some("1")).status.success());
}

/// `completions` names every subcommand; `man` is roff that starts with `.TH` (and that groff
/// reads without a warning, where groff is installed).
#[test]
fn completions_and_the_man_page() {
    for shell in ["bash", "zsh", "fish"] {
        let o = run(&["completions", shell]);
        assert_eq!(code(&o), 0, "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        for sub in [
            "solve",
            "read",
            "check",
            "check-format",
            "count",
            "render",
            "generate",
            "hint",
            "man",
        ] {
            assert!(script.contains(sub), "{shell}: no {sub}");
        }
    }
    assert_eq!(code(&run(&["completions", "tcsh"])), 2);
    let o = run(&["man"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let page = stdout(&o);
    assert!(page.starts_with(".TH snapsolve 1 "), "{}", &page[..60]);
    let f = scratch("snapsolve.1", page.as_bytes());
    match Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z"])
        .arg(&f)
        .output()
    {
        Ok(g) => {
            assert!(g.status.success());
            assert_eq!(stderr(&g), "", "groff warnings");
        }
        Err(_) => {
            use std::io::Write as _;
            let _ = std::io::stderr().write_all(
                b"completions_and_the_man_page: groff not found, roff not checked by groff\n",
            );
        }
    }
}
