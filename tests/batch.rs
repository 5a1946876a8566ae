//! `check DIR...` and batch `solve DIR... --out-dir` on folders of screenshots the project
//! renders itself (sidecar labels, a labels/ folder with a MANIFEST.tsv, negatives, unlabelled
//! images), and `check` over ../shared/realshots when it is present.

use snapsolve::format;
use snapsolve::puzzle::Puzzle;
use snapsolve::render::synth::{self, Frame, SynthOptions};
use snapsolve::solve::{self, Outcome, SolveOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

#[path = "support/shared.rs"]
mod shared_data;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .args(args)
        .output()
        .expect("runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("snapsolve-batch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn example(name: &str) -> (Puzzle, String) {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/examples")
        .join(name);
    let text = std::fs::read_to_string(p).unwrap();
    (format::parse(&text).unwrap(), text)
}

fn save_shot(path: &Path, p: &Puzzle, opts: &SynthOptions) {
    let sol = match solve::solve(p, &SolveOptions::default()).unwrap().outcome {
        Outcome::Unique(s) => Some(s),
        _ => None,
    };
    let s = synth::render(p, sol.as_ref(), opts).unwrap();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    s.image.save(path).unwrap();
}

/// A folder in the sidecar layout: labelled Tango and Queens shots, an unlabelled one, a
/// negative, and (optionally) a wrongly labelled one.
fn sidecar_folder(dir: &Path, with_wrong_label: bool) {
    let (t, t_text) = example("tango-six-givens.txt");
    let (q, q_text) = example("queens-307.txt");
    save_shot(&dir.join("t1.png"), &t, &SynthOptions::default());
    std::fs::write(dir.join("t1.txt"), &t_text).unwrap();
    let desk = SynthOptions {
        frame: Frame::Desktop,
        seed: 3,
        ..SynthOptions::default()
    };
    save_shot(&dir.join("q1.png"), &q, &desk);
    std::fs::write(dir.join("q1.txt"), &q_text).unwrap();
    save_shot(&dir.join("more/t2.png"), &t, &desk);
    std::fs::create_dir_all(dir.join("negative")).unwrap();
    image::RgbImage::from_pixel(400, 300, image::Rgb([250, 250, 250]))
        .save(dir.join("negative/blank.png"))
        .unwrap();
    if with_wrong_label {
        save_shot(&dir.join("t3.png"), &t, &SynthOptions::default());
        // The label has an extra given at r1c1.
        let wrong = t_text.replacen(". . . . . .", "S . . . . .", 1);
        std::fs::write(dir.join("t3.txt"), wrong).unwrap();
    }
}

#[test]
fn check_passes_a_good_folder_and_is_thread_count_independent() {
    let dir = scratch("good");
    sidecar_folder(&dir, false);
    let d = dir.to_str().unwrap();
    let o1 = run(&["check", "-j", "1", d]);
    assert_eq!(code(&o1), 0, "{}", stdout(&o1));
    let text = stdout(&o1);
    assert_eq!(
        text.lines().filter(|l| l.starts_with("pass ")).count(),
        4,
        "{text}"
    );
    assert!(text.contains("labelled tango"), "{text}");
    assert!(text.contains("negative (no board)"), "{text}");
    assert!(text.contains("unlabelled (unique)"), "{text}");
    let o2 = run(&["check", "-j", "2", d]);
    assert_eq!(stdout(&o1), stdout(&o2));

    let junit = dir.join("out/junit.xml");
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let o = run(&[
        "check",
        "--format",
        "json",
        "--junit",
        junit.to_str().unwrap(),
        d,
    ]);
    assert_eq!(code(&o), 0);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[4]["summary"]["all"]["pass"], 4);
    let x = std::fs::read_to_string(&junit).unwrap();
    assert!(x.contains("tests=\"4\" failures=\"0\" errors=\"0\""), "{x}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_fails_on_a_wrong_label_naming_the_cell() {
    let dir = scratch("bad");
    sidecar_folder(&dir, true);
    let junit = dir.join("junit.xml");
    let o = run(&[
        "check",
        "--junit",
        junit.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 9, "{}", stdout(&o));
    let text = stdout(&o);
    assert!(text.contains("FAIL"), "{text}");
    assert!(text.contains("r1c1: want S, read ."), "{text}");
    let x = std::fs::read_to_string(&junit).unwrap();
    assert!(x.contains("<failure message="), "{x}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_reads_a_labels_folder_and_manifest() {
    let dir = scratch("manifest");
    let (t, t_text) = example("tango-six-givens.txt");
    let (q, q_text) = example("queens-307.txt");
    save_shot(&dir.join("tango/a.png"), &t, &SynthOptions::default());
    save_shot(&dir.join("queens/b.png"), &q, &SynthOptions::default());
    // Listed as negative in the manifest although it is in no `negative` folder: the reader
    // must refuse it, and it does not (a Queens board), so the check fails on it.
    save_shot(&dir.join("other/c.png"), &q, &SynthOptions::default());
    std::fs::create_dir_all(dir.join("labels")).unwrap();
    std::fs::write(dir.join("labels/a.txt"), &t_text).unwrap();
    std::fs::write(dir.join("labels/b.txt"), &q_text).unwrap();
    std::fs::write(
        dir.join("MANIFEST.tsv"),
        "file\tgame\tlabel\tkind\ntango/a.png\ttango\tlabels/a.txt\tcropped board\n\
         queens/b.png\tqueens\tlabels/b.txt\tcropped board,raw\nother/c.png\tzip\t-\tnegative\n",
    )
    .unwrap();
    let o = run(&["check", dir.to_str().unwrap()]);
    let text = stdout(&o);
    assert_eq!(code(&o), 9, "{text}");
    assert!(
        text.contains("pass  ") && text.contains("tango/a.png"),
        "{text}"
    );
    assert!(
        text.contains("expected no board, read a queens 7x7 board"),
        "{text}"
    );
    assert!(text.contains("by kind (from the manifest)"), "{text}");
    // Checking a sub-folder still finds the manifest one level up.
    let o = run(&["check", dir.join("queens").to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(stdout(&o).contains("labelled queens"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn batch_solve_writes_overlays_and_continues_past_failures() {
    let dir = scratch("solve");
    let (t, _) = example("tango-six-givens.txt");
    let (q, _) = example("queens-307.txt");
    let inp = dir.join("in");
    save_shot(&inp.join("a.png"), &t, &SynthOptions::default());
    std::fs::create_dir_all(&inp).unwrap();
    std::fs::write(inp.join("b.png"), b"\x89PNG\r\n\x1a\n truncated").unwrap();
    save_shot(&inp.join("sub/c.png"), &q, &SynthOptions::default());
    let out = dir.join("out");
    let args = |j: &'static str| {
        vec![
            "solve".to_string(),
            "-q".into(),
            "-j".into(),
            j.into(),
            inp.to_str().unwrap().into(),
            "--out-dir".into(),
            out.to_str().unwrap().into(),
            // The second run replaces the first run's overlays.
            "--force".into(),
        ]
    };
    let o1 = Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .args(args("1"))
        .output()
        .unwrap();
    assert_eq!(code(&o1), 5, "worst code: the corrupt image");
    let text = stdout(&o1);
    let a = text.find("a.png").unwrap();
    let c = text.find("c.png").unwrap();
    assert!(a < c, "input order: {text}");
    assert!(out.join("a.solved.png").exists());
    assert!(out.join("sub/c.solved.png").exists());
    assert!(!out.join("b.solved.png").exists());
    assert!(String::from_utf8_lossy(&o1.stderr).contains("b.png"));
    let o2 = Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .args(args("2"))
        .output()
        .unwrap();
    assert_eq!(stdout(&o1), stdout(&o2));
    assert_eq!(code(&o2), 5);
    // Without --force an existing overlay is not replaced (exit 6 for that input).
    let o3 = Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .args(&args("1")[..args("1").len() - 1])
        .output()
        .unwrap();
    assert_eq!(code(&o3), 6, "{}", String::from_utf8_lossy(&o3.stderr));
    assert!(String::from_utf8_lossy(&o3.stderr).contains("--force"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `solve DIR --out-dir DIR` twice: the second run leaves out the first run's overlays (named
/// `*.solved.png` and carrying snapsolve's PNG marker) and says so; a user's own file of that
/// name is still read; each batch ends with one count line.
#[test]
fn solve_into_the_same_folder_skips_its_own_overlays() {
    let dir = scratch("same");
    let (t, _) = example("tango-six-givens.txt");
    save_shot(&dir.join("a.png"), &t, &SynthOptions::default());
    save_shot(&dir.join("mine.solved.png"), &t, &SynthOptions::default());
    let d = dir.to_str().unwrap();
    let o1 = run(&["solve", "-q", d, "--out-dir", d]);
    assert_eq!(code(&o1), 0, "{}", String::from_utf8_lossy(&o1.stderr));
    let err1 = String::from_utf8_lossy(&o1.stderr).into_owned();
    assert!(err1.ends_with("snapsolve: 2 inputs: 2 solved\n"), "{err1}");
    assert!(dir.join("a.solved.png").exists());
    let o2 = run(&["solve", "-q", d, "--out-dir", d, "--force"]);
    assert_eq!(code(&o2), 0, "{}", String::from_utf8_lossy(&o2.stderr));
    let err2 = String::from_utf8_lossy(&o2.stderr).into_owned();
    assert!(
        err2.contains("skipped 2 overlays snapsolve wrote earlier"),
        "{err2}"
    );
    assert!(err2.contains("a.solved.png"), "{err2}");
    assert!(err2.ends_with("snapsolve: 2 inputs: 2 solved\n"), "{err2}");
    // The inputs are the same two as in the first run, not the overlays.
    assert_eq!(stdout(&o1), stdout(&o2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `check` over ../shared/realshots: one line per image, the summary, and an exit code that
/// agrees with the lines (the accuracy bars themselves are asserted by the realshots tests).
#[test]
fn check_realshots() {
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    let o = run(&["check", "-q", root.to_str().unwrap()]);
    let text = stdout(&o);
    println!("{text}");
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).unwrap();
    let images = manifest
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .count();
    let per_image: Vec<&str> = text
        .lines()
        .filter(|l| {
            ["pass ", "equiv ", "FAIL ", "ERROR "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .collect();
    assert_eq!(per_image.len(), images, "one line per image");
    let bad = per_image
        .iter()
        .filter(|l| !l.starts_with("pass ") && !l.starts_with("equiv "))
        .count();
    assert_eq!(code(&o), if bad == 0 { 0 } else { 9 });
    assert!(text.contains("labelled tango") && text.contains("negative (no board)"));
}
