//! `watch DIR`: solves every screenshot that appears in a folder (the OS screenshots folder),
//! with the `notify` crate's file events (inotify, FSEvents, ReadDirectoryChanges; no polling
//! loop of our own).
//!
//! A new or changed image file is read once its size has stayed the same for a moment (a
//! screenshot tool writes in pieces); then it goes through `solve` ([`super::image`]): the
//! answer printed, the overlay written next to it as `NAME.solved.png` or into `--out-dir`.
//! Our own outputs (`*.solved.png`), hidden and temporary files are never read; a bad file is
//! one line on stderr and the watch goes on; Ctrl+C stops it.

use super::args::{OutputFormat, WatchArgs};
use super::config::{Item, SolveConfig};
use super::exit::{Code, diag};
use super::image::solve_image;
use super::input::{Input, read_input};
use notify::{EventKind, RecursiveMode, Watcher};
use snapsolve::answer::ImageOptions;
use snapsolve::input::{InputKind, sniff};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime};

/// The tunables of `watch`.
#[derive(Clone, Debug)]
pub struct WatchOptions {
    /// How long a file's size must stay unchanged before it is read, in milliseconds.
    /// Default 400.
    pub settle_ms: u64,
    /// How often the sizes of the files waiting are looked at, in milliseconds. Default 100.
    pub tick_ms: u64,
}

impl Default for WatchOptions {
    fn default() -> Self {
        WatchOptions {
            settle_ms: 400,
            tick_ms: 100,
        }
    }
}

/// The suffix of the overlays written (the files never read back).
const OUTPUT_SUFFIX: &str = ".solved.png";

/// What the loop is told.
enum Msg {
    /// A file event.
    Fs(notify::Result<notify::Event>),
    /// Ctrl+C.
    Stop,
}

/// A file waiting to be complete: its last size and when that size was first seen.
struct Pending {
    size: u64,
    since: Instant,
}

/// `watch DIR [--out-dir D]`.
pub fn run_watch(a: &WatchArgs) -> Code {
    match watch(a, &WatchOptions::default()) {
        Ok(()) => Code::Ok,
        Err(msg) => {
            diag(msg);
            Code::Io
        }
    }
}

fn watch(a: &WatchArgs, opts: &WatchOptions) -> Result<(), String> {
    let dir = std::fs::canonicalize(&a.dir)
        .ok()
        .filter(|d| d.is_dir())
        .ok_or_else(|| format!("{}: not a folder", a.dir.display()))?;
    if let Some(out) = &a.out_dir {
        std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    let (tx, rx) = mpsc::channel();
    let fs_tx = tx.clone();
    let mut watcher = notify::recommended_watcher(move |ev| {
        let _ = fs_tx.send(Msg::Fs(ev));
    })
    .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    watcher
        .watch(&dir, RecursiveMode::NonRecursive)
        .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    stop_on_ctrl_c(tx)?;
    eprintln!(
        "snapsolve: watching {} for new screenshots (Ctrl+C stops)",
        dir.display()
    );
    let cfg = solve_config(a.format);
    let mut pending: HashMap<PathBuf, Pending> = HashMap::new();
    let mut done: HashMap<PathBuf, (u64, Option<SystemTime>)> = HashMap::new();
    loop {
        match rx.recv_timeout(Duration::from_millis(opts.tick_ms)) {
            Ok(Msg::Stop) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Ok(Msg::Fs(Ok(ev))) => {
                if matches!(ev.kind, EventKind::Create(_) | EventKind::Modify(_)) {
                    for p in ev.paths.into_iter().filter(|p| is_candidate(p)) {
                        pending.entry(p).or_insert(Pending {
                            size: u64::MAX,
                            since: Instant::now(),
                        });
                    }
                }
            }
            Ok(Msg::Fs(Err(e))) => diag(format!("watch: {e}")),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        for path in settled(&mut pending, opts) {
            let stamp = file_stamp(&path);
            if stamp.is_some() && done.get(&path) != stamp.as_ref() {
                solve_file(&cfg, &path, a.out_dir.as_deref());
                done.insert(path, stamp.unwrap_or_default());
            }
        }
    }
    eprintln!("snapsolve: watch stopped");
    Ok(())
}

/// The files whose size has not changed for `settle_ms` (taken out of `pending`); a file gone
/// meanwhile is dropped.
fn settled(pending: &mut HashMap<PathBuf, Pending>, opts: &WatchOptions) -> Vec<PathBuf> {
    let settle = Duration::from_millis(opts.settle_ms);
    let mut ready = Vec::new();
    pending.retain(|path, p| {
        let Ok(size) = std::fs::metadata(path).map(|m| m.len()) else {
            return false;
        };
        if size != p.size {
            *p = Pending {
                size,
                since: Instant::now(),
            };
            return true;
        }
        if p.since.elapsed() >= settle && size > 0 {
            ready.push(path.clone());
            return false;
        }
        true
    });
    ready.sort();
    ready
}

/// A file's size and modification time: a file is solved again only when they change.
fn file_stamp(path: &Path) -> Option<(u64, Option<SystemTime>)> {
    let m = std::fs::metadata(path).ok().filter(|m| m.is_file())?;
    Some((m.len(), m.modified().ok()))
}

/// A PNG, JPEG or WebP file by name that is neither ours (`*.solved.png`), hidden nor
/// temporary.
fn is_candidate(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let lower = name.to_ascii_lowercase();
    !name.starts_with('.')
        && !lower.ends_with(OUTPUT_SUFFIX)
        && [".png", ".jpg", ".jpeg", ".webp"]
            .iter()
            .any(|e| lower.ends_with(e))
}

/// Where the overlay of a screenshot goes: `NAME.solved.png` next to it or in `out_dir`.
fn overlay_path(path: &Path, out_dir: Option<&Path>) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = format!("{stem}{OUTPUT_SUFFIX}");
    match out_dir {
        Some(d) => d.join(name),
        None => path.with_file_name(name),
    }
}

/// The `solve` configuration the watcher runs each screenshot with (overlays replaced).
fn solve_config(format: OutputFormat) -> SolveConfig {
    SolveConfig {
        items: Vec::new(),
        format,
        options: ImageOptions::default(),
        jobs: 1,
        quiet: true,
        report_to_stderr: false,
        force: true,
        skipped: Vec::new(),
    }
}

/// Solves one screenshot as `solve FILE -o OVERLAY` does and prints the report; a file that is
/// not an image is one line.
fn solve_file(cfg: &SolveConfig, path: &Path, out_dir: Option<&Path>) {
    let input = Input::Path(path.to_path_buf());
    let name = input.name();
    let t0 = Instant::now();
    let bytes = match read_input(&input, cfg.options.read.decode.max_file_bytes) {
        Ok(b) => b,
        Err(e) => return diag(e.located(&name)),
    };
    if !matches!(sniff(&bytes), InputKind::Image(_)) {
        return diag(format!("{name}: not a PNG, JPEG or WebP image; skipped"));
    }
    let item = Item {
        overlay: Some(overlay_path(path, out_dir)),
        input,
        debug: None,
    };
    let o = super::runner::guarded(&item.input, || {
        solve_image(cfg, &item, &name, &bytes, true, t0.elapsed(), None)
    });
    eprint!("{}", o.err);
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(o.out.as_bytes()).and_then(|_| out.flush());
}

/// Sends `Stop` on Ctrl+C (a small tokio runtime on its own thread waits for the signal).
fn stop_on_ctrl_c(tx: mpsc::Sender<Msg>) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(|e| format!("cannot wait for Ctrl+C: {e}"))?;
    std::thread::spawn(move || {
        rt.block_on(async {
            let _ = tokio::signal::ctrl_c().await;
        });
        let _ = tx.send(Msg::Stop);
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_defaults() {
        let d = WatchOptions::default();
        assert_eq!((d.settle_ms, d.tick_ms), (400, 100));
    }

    #[test]
    fn own_outputs_hidden_and_other_files_are_not_read() {
        assert!(is_candidate(Path::new("/s/Screenshot 1.png")));
        assert!(is_candidate(Path::new("/s/a.JPG")));
        assert!(!is_candidate(Path::new("/s/a.solved.png")));
        assert!(!is_candidate(Path::new("/s/.a.png.123-0.tmp")));
        assert!(!is_candidate(Path::new("/s/notes.txt")));
        assert_eq!(
            overlay_path(Path::new("/s/a.png"), None),
            PathBuf::from("/s/a.solved.png")
        );
        assert_eq!(
            overlay_path(Path::new("/s/a.png"), Some(Path::new("/o"))),
            PathBuf::from("/o/a.solved.png")
        );
    }
}
