//! `solve`: every input (screenshot or puzzle text, told apart by content) solved on worker
//! threads, the reports printed in input order.

use super::args::OutputFormat;
use super::config::{Item, SolveConfig};
use super::exit::{Code, diag_line, outcome_code, solve_error_code};
use super::image::solve_image;
use super::input::{input_kind, read_input, text_puzzle};
use super::report::{line, report_json, report_text};
use super::runner::{Batch, ItemOut, run_items};
use serde_json::json;
use snapsolve::input::InputKind;
use snapsolve::puzzle::Puzzle;
use snapsolve::session::Session;
use snapsolve::solve;

/// `solve`: every input (in parallel), results printed in input order; the most severe code
/// wins.
/// With a `session` (one input), the solving runs on the session's z3 thread.
pub fn run_solve(cfg: &SolveConfig, session: Option<&Session>) -> Code {
    let many = cfg.items.len() > 1;
    let batch = Batch {
        items: &cfg.items,
        skipped: &cfg.skipped,
        ok_word: "solved",
    };
    run_items(&batch, cfg.jobs, cfg.quiet, |item| {
        solve_item(cfg, item, many, session)
    })
}

/// Solves one input, sniffed by content.
fn solve_item(cfg: &SolveConfig, item: &Item, many: bool, session: Option<&Session>) -> ItemOut {
    let name = item.input.name();
    let json = cfg.format == OutputFormat::Json;
    let limit = cfg.options.read.decode.max_file_bytes;
    let t0 = std::time::Instant::now();
    let loaded =
        read_input(&item.input, limit).and_then(|bytes| match input_kind(&item.input, &bytes)? {
            InputKind::Image(_) => Ok(Err(bytes)),
            _ => text_puzzle(&bytes).map(Ok),
        });
    let load_time = t0.elapsed();
    match loaded {
        Ok(Err(bytes)) => solve_image(cfg, item, &name, &bytes, many, load_time, session),
        Ok(Ok((puzzle, text))) => {
            let mut o = solve_text(cfg, &name, many, &puzzle, &text, session);
            if item.overlay.is_some() && !many {
                o.err += &diag_line(format!("{name}: warning: no overlay for puzzle text"));
            }
            o
        }
        Err(e) => {
            let code = e.code();
            let err = diag_line(e.located(&name));
            let out = if json {
                line(json!({"file": name, "exit_code": code.code(), "error": e.to_string()}))
            } else {
                String::new()
            };
            ItemOut { code, out, err }
        }
    }
}

/// Solves a puzzle read from text.
fn solve_text(
    cfg: &SolveConfig,
    name: &str,
    many: bool,
    puzzle: &Puzzle,
    text: &str,
    session: Option<&Session>,
) -> ItemOut {
    let json = cfg.format == OutputFormat::Json;
    let mut err = String::new();
    for w in puzzle.warnings() {
        err += &diag_line(format!("{name}: warning: {w}"));
    }
    let solved = match session {
        Some(s) => {
            let (p, opts) = (puzzle.clone(), cfg.options.solve.clone());
            s.run(move || solve::solve(&p, &opts))
        }
        None => solve::solve(puzzle, &cfg.options.solve),
    };
    match solved {
        Ok(report) => {
            let code = outcome_code(&report.outcome);
            let out = if json {
                line(report_json(name, puzzle, text, &report, code))
            } else {
                report_text(name, many, puzzle, &report)
            };
            ItemOut { code, out, err }
        }
        Err(e) => {
            let code = solve_error_code(&e);
            err += &diag_line(format!("{name}: {e}"));
            let out = if json {
                line(
                    json!({"file": name, "exit_code": code.code(), "error": e.to_string(),
                    "puzzle": text}),
                )
            } else {
                String::new()
            };
            ItemOut { code, out, err }
        }
    }
}
