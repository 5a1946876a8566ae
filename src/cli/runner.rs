//! Running many inputs: each input's work on a worker thread (a panic becomes that input's
//! internal error), a progress bar on a terminal, and the results printed in input order.

use super::config::Item;
use super::exit::{Code, diag_line};
use super::input::Input;
use super::output::print_out;
use snapsolve::parallel::run_ordered;
use std::io::IsTerminal;

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

/// Runs `work` over the items on `jobs` threads with a progress bar, each guarded, then prints
/// the results in input order; returns the most severe code.
pub fn run_items(
    items: &[Item],
    jobs: usize,
    quiet: bool,
    work: impl Fn(&Item) -> ItemOut + Sync + Send,
) -> Code {
    let pb = progress(items.len(), quiet);
    let outs = run_ordered(items, jobs, &|| pb.inc(1), |item| {
        guarded(&item.input, || work(item))
    });
    pb.finish_and_clear();
    emit(&outs)
}
