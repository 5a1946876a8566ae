//! `check-format` (validate puzzle text files) and `count` (how many solutions a puzzle has).

use super::args::Engine;
use super::config::{CheckFormatConfig, CountConfig};
use super::exit::{Code, diag, solve_error_code};
use super::input::load;
use super::output::outln;
use snapsolve::board::Placed;
use snapsolve::format::plural;
use snapsolve::puzzle::Puzzle;
use snapsolve::solve::bitboard::{count_queens, count_tango};
use snapsolve::solve::{self, EnumStop};

/// `check-format`: parses every input, reports `ok` or the error with line and column.
pub fn run_check_format(cfg: &CheckFormatConfig) -> Code {
    let mut worst = Code::Ok;
    for input in &cfg.inputs {
        let name = input.name();
        match load(input) {
            Ok((p, placed)) => {
                let (rows, cols) = p.size();
                outln!(
                    "{name}: ok ({} {rows}x{cols}{})",
                    p.game(),
                    placed_note(&placed)
                );
                for w in p.warnings() {
                    diag(format!("{name}: warning: {w}"));
                }
            }
            Err(e) => {
                diag(e.located(&name));
                worst = worst.worst(e.code());
            }
        }
    }
    worst
}

/// What the player placed, for `check-format` (`, 2 crowns and 5 x marks placed`); empty when
/// nothing is.
fn placed_note(placed: &[Placed]) -> String {
    let count = |f: fn(&Placed) -> bool| placed.iter().filter(|p| f(p)).count();
    let parts = [
        (
            count(|p| matches!(p, Placed::Symbol { .. })),
            "piece",
            "pieces",
        ),
        (
            count(|p| matches!(p, Placed::Crown { .. })),
            "crown",
            "crowns",
        ),
        (
            count(|p| matches!(p, Placed::Cross { .. })),
            "x mark",
            "x marks",
        ),
    ];
    let said: Vec<String> = parts
        .iter()
        .filter(|(n, ..)| *n > 0)
        .map(|&(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
        .collect();
    if said.is_empty() {
        String::new()
    } else {
        format!(", {} placed", said.join(" and "))
    }
}

/// `count`: enumerates solutions up to the limit.
pub fn run_count(cfg: &CountConfig) -> Code {
    let name = cfg.input.name();
    let puzzle = match load(&cfg.input) {
        Ok((p, _)) => p,
        Err(e) => {
            diag(e.located(&name));
            return e.code();
        }
    };
    match cfg.engine {
        Engine::Fast => count_fast(cfg, &name, &puzzle),
        Engine::Z3 => count_z3(cfg, &name, &puzzle),
    }
}

/// Counts with the bitboard backtracker.
fn count_fast(cfg: &CountConfig, name: &str, puzzle: &Puzzle) -> Code {
    if let Err(e) = puzzle.validate() {
        diag(format!("{name}: {e}"));
        return Code::BadInput;
    }
    let t = std::time::Instant::now();
    let limit = cfg.limit.unwrap_or(usize::MAX);
    let out = match puzzle {
        Puzzle::Tango(t) => count_tango(t, limit),
        Puzzle::Queens(q) => count_queens(q, limit),
    };
    let secs = t.elapsed().as_secs_f64();
    if cfg.limit.is_some_and(|l| out.count >= l) {
        outln!(
            "at least {} (limit reached, {secs:.2} s)",
            plural(out.count, "solution")
        );
    } else {
        outln!("{} ({secs:.2} s)", plural(out.count, "solution"));
    }
    Code::Ok
}

/// Counts with z3 (blocking clauses).
fn count_z3(cfg: &CountConfig, name: &str, puzzle: &Puzzle) -> Code {
    match solve::count(puzzle, &cfg.options, cfg.limit) {
        Ok(e) => {
            let secs = e.elapsed.as_secs_f64();
            match e.stop {
                EnumStop::Exhausted => outln!("{} ({secs:.2} s)", plural(e.count, "solution")),
                EnumStop::Limit => {
                    outln!(
                        "at least {} (limit reached, {secs:.2} s)",
                        plural(e.count, "solution")
                    )
                }
                EnumStop::Timeout => {
                    outln!(
                        "at least {} (timeout, {secs:.2} s)",
                        plural(e.count, "solution")
                    );
                    return Code::Timeout;
                }
            }
            Code::Ok
        }
        Err(e) => {
            diag(format!("{name}: {e}"));
            solve_error_code(&e)
        }
    }
}
