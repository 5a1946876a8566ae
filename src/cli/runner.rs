//! Running many inputs: each input's work on a worker thread (a panic becomes that input's
//! internal error), a progress bar on a terminal, and the results printed in input order.

use super::config::Item;
use super::exit::{Code, diag_line};
use super::input::Input;
use super::output::print_out;
use snapsolve::parallel::run_ordered;
use std::io::IsTerminal;
use std::path::PathBuf;

/// What one input produced: its exit code, its report (stdout) and its diagnostics (stderr).
#[derive(Clone, Debug)]
pub struct ItemOut {
    /// The exit code.
    pub code: Code,
    /// The report.
    pub out: String,
    /// The diagnostics.
    pub err: String,
}

/// A progress bar on stderr, drawn only on a terminal, without `-q`, for several inputs.
pub fn progress(n: usize, quiet: bool) -> indicatif::ProgressBar {
    if quiet || n < 2 || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let pb = indicatif::ProgressBar::with_draw_target(
        Some(n as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {per_sec} eta {eta}")
    {
        pb.set_style(style);
    }
    pb
}

/// Prints the results in input order; returns the most severe code.
pub fn emit(outs: &[ItemOut]) -> Code {
    let mut worst = Code::Ok;
    for o in outs {
        worst = worst.worst(o.code);
        if !o.err.is_empty() {
            eprint!("{}", o.err);
        }
        if print_out(&o.out).is_err() {
            return worst.worst(Code::Io);
        }
    }
    worst
}

/// Runs one input's work, turning a panic (a bug) into an internal error for that input so
/// that a batch goes on with the other inputs.
pub fn guarded(input: &Input, f: impl FnOnce() -> ItemOut) -> ItemOut {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|_| ItemOut {
        code: Code::Internal,
        out: String::new(),
        err: diag_line(format!(
            "{}: internal error (a bug): the program panicked on this input",
            input.name()
        )),
    })
}

/// The batch: the items, and the overlays of an earlier run left out of the folders given.
pub struct Batch<'a> {
    /// The inputs.
    pub items: &'a [Item],
    /// Files left out (see `config::is_own_overlay`).
    pub skipped: &'a [PathBuf],
    /// What success is called in the count line (`solved`, `read`).
    pub ok_word: &'static str,
}

/// Runs `work` over the items on `jobs` threads with a progress bar, each guarded, then prints
/// the results in input order and, for several inputs, one count line on stderr; returns the
/// most severe code.
pub fn run_items(
    batch: &Batch,
    jobs: usize,
    quiet: bool,
    work: impl Fn(&Item) -> ItemOut + Sync + Send,
) -> Code {
    if let Some(note) = skipped_note(batch.skipped) {
        eprint!("{}", diag_line(note));
    }
    let items = batch.items;
    let pb = progress(items.len(), quiet);
    let outs = run_ordered(items, jobs, &|| pb.inc(1), |item| {
        guarded(&item.input, || work(item))
    });
    pb.finish_and_clear();
    let code = emit(&outs);
    if outs.len() > 1 {
        let codes: Vec<Code> = outs.iter().map(|o| o.code).collect();
        eprint!("{}", diag_line(count_line(&codes, batch.ok_word)));
    }
    code
}

/// `12 inputs: 10 solved, 1 several solutions, 1 no board` (codes from least to most severe).
pub fn count_line(codes: &[Code], ok_word: &str) -> String {
    let mut seen: Vec<(Code, usize)> = Vec::new();
    for &c in codes {
        match seen.iter_mut().find(|(k, _)| *k == c) {
            Some((_, n)) => *n += 1,
            None => seen.push((c, 1)),
        }
    }
    seen.sort_by_key(|(c, _)| c.severity());
    let parts: Vec<String> = seen
        .iter()
        .map(|&(c, n)| format!("{n} {}", if c == Code::Ok { ok_word } else { c.name() }))
        .collect();
    format!("{} inputs: {}", codes.len(), parts.join(", "))
}

/// The note naming the overlays left out, if any: the first few by name.
fn skipped_note(skipped: &[PathBuf]) -> Option<String> {
    const SHOWN: usize = 3;
    let (first, rest) = skipped.split_at(skipped.len().min(SHOWN));
    let names: Vec<String> = first.iter().map(|p| p.display().to_string()).collect();
    let more = match rest.len() {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    (!skipped.is_empty()).then(|| {
        format!(
            "skipped {} overlay{} snapsolve wrote earlier (named *.solved.png, with its PNG marker): {}{more}",
            skipped.len(),
            if skipped.len() == 1 { "" } else { "s" },
            names.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_count_line_names_each_outcome_once() {
        let codes = [Code::Ok, Code::NoBoard, Code::Ok, Code::Several];
        assert_eq!(
            count_line(&codes, "solved"),
            "4 inputs: 2 solved, 1 several solutions, 1 no board"
        );
        assert_eq!(skipped_note(&[]), None);
        let four: Vec<PathBuf> = (0..4).map(|i| format!("d/{i}.solved.png").into()).collect();
        let note = skipped_note(&four).unwrap();
        assert!(note.starts_with("skipped 4 overlays"), "{note}");
        assert!(note.ends_with("d/2.solved.png and 1 more"), "{note}");
    }
}
