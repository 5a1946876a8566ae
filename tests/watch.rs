//! `snapsolve watch DIR` on a temporary folder: a screenshot written slowly in chunks is solved
//! once, when complete; a corrupt file is one line on stderr; the tool's own overlays (and a
//! file named like one) are never read; Ctrl+C (SIGINT) stops it cleanly.
#![cfg(unix)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures")
            .join(name),
    )
    .unwrap()
}

/// Lines of a child's stream, sent as they come.
fn lines(r: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(r).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for a line that satisfies `f`, collecting every line seen into `seen`.
fn wait_for(rx: &mpsc::Receiver<String>, seen: &mut Vec<String>, f: impl Fn(&str) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Ok(l) = rx.recv_timeout(Duration::from_millis(100)) {
            let hit = f(&l);
            seen.push(l);
            if hit {
                return;
            }
        }
    }
    panic!("timed out; seen {seen:#?}");
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("snapsolve-watch-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A running `snapsolve watch DIR ARGS...`, its stdout and stderr lines, once it watches.
struct Watch {
    child: Child,
    out: mpsc::Receiver<String>,
    err: mpsc::Receiver<String>,
    seen_out: Vec<String>,
    seen_err: Vec<String>,
}

fn start_watch(dir: &Path, args: &[&std::ffi::OsStr]) -> Watch {
    let mut child = Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .arg("watch")
        .arg(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("watch starts");
    let mut w = Watch {
        out: lines(child.stdout.take().unwrap()),
        err: lines(child.stderr.take().unwrap()),
        child,
        seen_out: Vec::new(),
        seen_err: Vec::new(),
    };
    wait_for(&w.err, &mut w.seen_err, |l| l.contains("watching"));
    w
}

#[test]
fn watch_solves_new_screenshots_once_and_skips_its_own_outputs() {
    let dir = temp_dir("in");
    let w = start_watch(&dir, &["--format".as_ref(), "json".as_ref()]);
    let Watch {
        mut child,
        out,
        err,
        mut seen_out,
        mut seen_err,
    } = w;

    // Written slowly, in chunks: solved once, when complete.
    let shot = fixture("tango-6x6-light-none-raw.png");
    let mut f = std::fs::File::create(dir.join("slow.png")).unwrap();
    for chunk in shot.chunks(shot.len() / 4 + 1) {
        f.write_all(chunk).unwrap();
        f.flush().unwrap();
        std::thread::sleep(Duration::from_millis(150));
    }
    drop(f);
    wait_for(&out, &mut seen_out, |l| l.contains("slow.png"));
    let v: Value = serde_json::from_str(seen_out.last().unwrap()).unwrap();
    assert_eq!(v["outcome"], "unique", "{v}");
    assert!(dir.join("slow.solved.png").is_file());

    // A corrupt screenshot: one line, and the watch goes on.
    std::fs::write(
        dir.join("bad.png"),
        b"\x89PNG\r\n\x1a\n this is not a picture",
    )
    .unwrap();
    wait_for(&err, &mut seen_err, |l| l.contains("bad.png"));
    // A file named like our own output is never read.
    std::fs::write(dir.join("copy.solved.png"), &shot).unwrap();
    // Another good one, so we know the watcher got past the others.
    std::fs::write(
        dir.join("next.png"),
        fixture("queens-7x7-light-desktop-raw.png"),
    )
    .unwrap();
    wait_for(&out, &mut seen_out, |l| l.contains("next.png"));
    std::thread::sleep(Duration::from_millis(1500));
    while let Ok(l) = out.try_recv() {
        seen_out.push(l);
    }
    let reports: Vec<&String> = seen_out.iter().filter(|l| l.starts_with('{')).collect();
    let names: Vec<String> = reports
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["file"].to_string())
        .collect();
    assert_eq!(reports.len(), 3, "{names:?}");
    assert!(
        names.iter().all(|n| !n.contains(".solved.png")),
        "{names:?}"
    );
    assert_eq!(names.iter().filter(|n| n.contains("slow.png")).count(), 1);
    assert!(!dir.join("bad.solved.png").exists());
    assert!(!dir.join("copy.solved.solved.png").exists());
    assert!(dir.join("next.solved.png").is_file());

    // Ctrl+C stops it cleanly.
    let pid = child.id().to_string();
    Command::new("kill").args(["-INT", &pid]).status().unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    wait_for(&err, &mut seen_err, |l| l.contains("stopped"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn watch_writes_into_out_dir() {
    let dir = temp_dir("in2");
    let out_dir = dir.join("solved");
    let mut w = start_watch(&dir, &["--out-dir".as_ref(), out_dir.as_os_str()]);
    std::fs::write(
        dir.join("a.png"),
        fixture("queens-7x7-light-desktop-raw.png"),
    )
    .unwrap();
    wait_for(&w.out, &mut w.seen_out, |l| l.starts_with("overlay:"));
    assert!(out_dir.join("a.solved.png").is_file(), "{:#?}", w.seen_out);
    assert!(!dir.join("a.solved.png").exists());
    let _ = w.child.kill();
    let _ = w.child.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
